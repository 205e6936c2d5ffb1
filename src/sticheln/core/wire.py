"""The JSON wire format: views, moves, finished deals and events of every game as plain,
JSON-safe data, and back, with a JSON Schema generated from the same definitions.

A value of the wire format is a frozen attrs class that derives from :class:`WireValue`; its
dictionary has the fields of the class (nothing else) under their own names, and three
header keys: ``"game"`` (the game's name), ``"type"`` (the class's wire name) and
``"version"`` (:data:`WIRE_VERSION`). Field values are written by their type:

=============================  =============================================================
Python type                    JSON
=============================  =============================================================
``int``, ``bool``, ``str``     number, ``true``/``false``, string
``None`` (in ``X | None``)     ``null``
:class:`~sticheln.Card`        its name, ``"R7"``
:class:`~sticheln.CardSet`     a list of card names, in card order
an :class:`~enum.Enum`         the member's value (``"playing"``, ``"R"``)
a tuple                        a list
rules                          the rules' ``to_dict()`` (the ``rules`` of the game's records)
another attrs class            an object of its fields (without the header keys)
=============================  =============================================================

>>> from sticheln import PlayCard, Card, move_from_dict
>>> data = PlayCard(2, Card.parse("R7")).to_dict()
>>> data
{'game': 'sticheln', 'type': 'PlayCard', 'version': 1, 'player': 2, 'card': 'R7'}
>>> move_from_dict(data)
PlayCard(player=2, card=Card(Color.RED, 7))
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeGuard, TypeVar, Union

import attrs

from sticheln.core.cards import Card, CardSet
from sticheln.core.errors import StichelnError, WrongTypeError, excerpt

__all__ = [
    "WIRE_VERSION",
    "GameWire",
    "WireError",
    "WireValue",
    "events_from_views",
    "from_wire",
    "wire_schema",
]

WIRE_VERSION = 1
"""The version of the wire format that :meth:`WireValue.to_dict` writes and
:meth:`WireValue.from_dict` reads."""

HEADER = ("game", "type", "version")
"""The keys every top-level wire value has besides its fields."""

_MAX_DEPTH = 12

T = TypeVar("T", bound="WireValue")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")
EventT = TypeVar("EventT", bound="WireValue")


class WireError(StichelnError, ValueError):
    """Wire data that does not describe a value of the expected type: the message names the
    field (``"view field 'hand[3]'"``) and what was wrong."""


class WireValue:
    """A value of the wire format: a frozen attrs class of a game that sets
    :attr:`wire_game`.

    Subclasses with a custom ``__init__`` (tricks) define ``_from_fields`` to build the
    value from its fields.
    """

    __slots__ = ()

    wire_game: ClassVar[str]
    """The name of the game the class belongs to (the ``"game"`` key)."""

    @classmethod
    def wire_type(cls) -> str:
        """The class's name in the ``"type"`` key: the class name."""
        return cls.__name__

    def to_dict(self) -> dict[str, Any]:
        """The value as JSON-safe data: the header keys and every field.

        :meth:`from_dict` reads it back to an equal value.
        """
        data: dict[str, Any] = {
            "game": self.wire_game,
            "type": self.wire_type(),
            "version": WIRE_VERSION,
        }
        data.update(_fields_to_data(self))
        return data

    @classmethod
    def from_dict(cls: type[T], data: object) -> T:
        """The value that :meth:`to_dict` wrote as ``data``.

        :raises WireError: naming the field that is missing, unknown or of the wrong kind,
            or a header that names another game, type or version.
        :raises WrongTypeError: if ``data`` is not a mapping.
        """
        if not isinstance(data, Mapping):
            raise WrongTypeError(
                f"wire data must be a mapping (a JSON object), got {excerpt(data)}"
            )
        _check_header(data, cls.wire_game, {cls.wire_type(): cls})
        fields = {key: value for key, value in data.items() if key not in HEADER}
        value: T = _build(cls, fields, cls.wire_type())
        return value


def events_from_views(
    observe: Callable[[StateT, int], ViewT],
    apply_move: Callable[[StateT, MoveT], StateT],
    view_events: Callable[[ViewT, ViewT, MoveT], tuple[EventT, ...]],
    module: str,
) -> Callable[[StateT, MoveT, int], tuple[EventT, ...]]:
    """A game's ``events(state, move, player)``: ``view_events`` of the player's views
    before and after the move, so that the events show nothing the player may not see.

    ``module`` is the name of the game's module that defines the function (for its docs).
    """

    def events(state: StateT, move: MoveT, player: int) -> tuple[EventT, ...]:
        # The types first, then the move: a state, move or player of the wrong type is
        # named as such whatever else is wrong.
        if type(player) is not int:
            raise WrongTypeError(f"player must be a seat number (an int), got {excerpt(player)}")
        later = apply_move(state, move)
        return view_events(observe(state, player), observe(later, player), move)

    events.__module__ = module
    events.__doc__ = """What ``player`` sees happen when ``move`` is made in ``state``, in
    order: the events between the player's views before and after the move.

    :raises IllegalMoveError: if ``move`` is not legal in ``state``.
    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: if ``player`` is not an ``int``.
    """
    return events


def from_wire(data: object, game: str, classes: Iterable[type[T]]) -> T:
    """The value of one of ``classes`` (all of game ``game``) that ``data`` describes, chosen
    by its ``"type"`` key.

    :raises WireError: for data of another game, type or version, or with a bad field.
    :raises WrongTypeError: if ``data`` is not a mapping.
    """
    if not isinstance(data, Mapping):
        raise WrongTypeError(f"wire data must be a mapping (a JSON object), got {excerpt(data)}")
    by_type = {cls.wire_type(): cls for cls in classes}
    cls = _check_header(data, game, by_type)
    return cls.from_dict(data)


def _check_header(data: Mapping[Any, Any], game: str, by_type: Mapping[str, type[T]]) -> type[T]:
    for key in HEADER:
        if key not in data:
            raise WireError(f"wire data has no {key!r} key")
    if data["game"] != game:
        raise WireError(f"wire data of game {excerpt(data['game'])}, expected {game!r}")
    version = data["version"]
    if type(version) is not int or version != WIRE_VERSION:
        raise WireError(
            f"wire data of version {excerpt(version)}: this library reads version {WIRE_VERSION}"
        )
    kind = data["type"]
    cls = by_type.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(sorted(by_type))
        raise WireError(f"wire data of type {excerpt(kind)}, expected one of: {known}")
    return cls


@attrs.frozen(kw_only=True)
class GameWire(Generic[StateT, MoveT]):
    """A game's part of the wire format: its classes and its events function (a field of
    :class:`~sticheln.core.kit.GameKit`)."""

    view: type[WireValue]
    """The class of the game's views."""
    moves: tuple[type[WireValue], ...]
    """The classes of the game's moves."""
    deal: type[WireValue] | None = None
    """The class of a finished deal (a round, a hand) as views list them, if the game has
    one."""
    event_types: tuple[type[WireValue], ...]
    """The classes of the game's events."""
    events: Callable[[StateT, MoveT, int], tuple[WireValue, ...]]
    """``events(state, move, player)``: what ``player`` sees happen when ``move`` is made."""

    def groups(self) -> dict[str, tuple[type[WireValue], ...]]:
        """The classes by kind: ``view``, ``move``, ``deal``, ``event``."""
        groups = {"view": (self.view,), "move": self.moves, "event": self.event_types}
        if self.deal is not None:
            groups["deal"] = (self.deal,)
        return groups


# Writing ---------------------------------------------------------------------------------


def _fields_to_data(value: object) -> dict[str, Any]:
    """The wire data of the fields of ``value``, of an attrs class.

    :raises WrongTypeError: for a value of no attrs class, or a field with no wire form.
    """
    cls = type(value)
    if not attrs.has(cls):
        raise WrongTypeError(f"no wire form for a {cls.__name__}")
    return {
        field.name: _to_data(getattr(value, field.name))
        for field in attrs.fields(cls)
        if field.init
    }


def _has_builder(cls: type) -> bool:
    return hasattr(cls, "_from_fields")


def _to_data(value: object) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, CardSet):
        return [str(card) for card in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_to_data(item) for item in value]
    if _is_rules_value(value):
        return value.to_dict()
    return _fields_to_data(value)  # or a WrongTypeError for a value of no attrs class


class _Rules(Protocol):
    """Rules as the wire format has them: data of their own ``to_dict``, read back by their
    ``from_dict`` (the ``rules`` of the game's records)."""

    def to_dict(self) -> dict[str, object]: ...

    @classmethod
    def from_dict(cls, data: object) -> object: ...


def _is_rules(cls: type) -> TypeGuard[type[_Rules]]:
    return hasattr(cls, "to_dict") and hasattr(cls, "from_dict") and not issubclass(cls, WireValue)


def _is_rules_value(value: object) -> TypeGuard[_Rules]:
    return _is_rules(type(value))


# Reading ---------------------------------------------------------------------------------


def _field_types(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {field.name: hints[field.name] for field in attrs.fields(cls) if field.init}


def _build(
    cls: type[Any], data: Mapping[Any, Any], owner: str, path: str = "", depth: int = 0
) -> Any:
    where = f"{owner} field {path!r}" if path else owner
    if depth > _MAX_DEPTH:
        raise WireError(f"{where}: nested too deeply")
    types_ = _field_types(cls)
    unknown = [key for key in data if key not in types_]
    if unknown:
        raise WireError(f"{where}: unknown field {excerpt(unknown[0])}")
    missing = [name for name in types_ if name not in data]
    if missing:
        raise WireError(f"{where}: missing field {missing[0]!r}")
    prefix = f"{path}." if path else ""
    values = {
        name: _read(hint, data[name], owner, f"{prefix}{name}", depth + 1)
        for name, hint in types_.items()
    }
    try:
        if _has_builder(cls):
            return cls._from_fields(values)
        return cls(**values)
    except (ValueError, TypeError) as exc:
        raise WireError(f"{where}: {exc}") from None


def _read(hint: Any, data: object, owner: str, path: str, depth: int) -> Any:
    where = f"{owner} field {path!r}"
    if depth > _MAX_DEPTH:
        raise WireError(f"{where}: nested too deeply")
    origin = typing.get_origin(hint)
    if origin is Union or origin is types.UnionType:
        options = typing.get_args(hint)
        if data is None and type(None) in options:
            return None
        inner = [option for option in options if option is not type(None)]
        if len(inner) != 1:
            raise WrongTypeError(f"no wire form for the type {hint!r}")
        return _read(inner[0], data, owner, path, depth)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(data, list):
            raise WireError(f"{where}: expected a list, got {excerpt(data)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(
                _read(args[0], item, owner, f"{path}[{i}]", depth + 1)
                for i, item in enumerate(data)
            )
        if len(data) != len(args):
            raise WireError(f"{where}: expected a list of {len(args)} items, got {len(data)}")
        return tuple(
            _read(arg, item, owner, f"{path}[{i}]", depth + 1)
            for i, (arg, item) in enumerate(zip(args, data, strict=True))
        )
    reader = _READERS.get(hint)
    if reader is not None:
        return reader(data, where)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        # Only a string or a number can be a member's value: anything else (a list nested
        # thousands deep) is not looked up, since the enum's error would quote it whole.
        if isinstance(data, str | int | float):
            try:
                return hint(data)
            except (ValueError, TypeError):
                pass
        known = ", ".join(repr(member.value) for member in hint)
        raise WireError(f"{where}: expected one of {known}, got {excerpt(data)}")
    if isinstance(hint, type) and _is_rules(hint):
        if not isinstance(data, Mapping):
            raise WireError(f"{where}: expected rules (an object), got {excerpt(data)}")
        try:
            return hint.from_dict(data)
        except (ValueError, TypeError) as exc:
            raise WireError(f"{where}: {exc}") from None
    if isinstance(hint, type) and attrs.has(hint):
        if not isinstance(data, Mapping):
            raise WireError(f"{where}: expected an object, got {excerpt(data)}")
        return _build(hint, data, owner, path, depth + 1)
    raise WrongTypeError(f"no wire form for the type {hint!r}")


def _read_int(data: object, where: str) -> int:
    if type(data) is not int:
        raise WireError(f"{where}: expected an integer, got {excerpt(data)}")
    if not -(10**9) <= data <= 10**9:
        raise WireError(f"{where}: {excerpt(data)} is out of range")
    return data


def _read_bool(data: object, where: str) -> bool:
    if type(data) is not bool:
        raise WireError(f"{where}: expected true or false, got {excerpt(data)}")
    return data


def _read_str(data: object, where: str) -> str:
    if not isinstance(data, str):
        raise WireError(f"{where}: expected a string, got {excerpt(data)}")
    return data


def _read_card(data: object, where: str) -> Card:
    if not isinstance(data, str):
        raise WireError(f"{where}: expected a card name like 'R7', got {excerpt(data)}")
    try:
        return Card.parse(data)
    except ValueError as exc:
        raise WireError(f"{where}: {exc}") from None


def _read_card_set(data: object, where: str) -> CardSet:
    if not isinstance(data, list):
        raise WireError(f"{where}: expected a list of card names, got {excerpt(data)}")
    cards = [_read_card(item, f"{where[:-1]}[{i}]'") for i, item in enumerate(data)]
    result = CardSet.of(cards)
    if len(result) != len(cards):
        raise WireError(f"{where}: a card appears twice")
    return result


_READERS: dict[object, Callable[[object, str], Any]] = {
    int: _read_int,
    bool: _read_bool,
    str: _read_str,
    Card: _read_card,
    CardSet: _read_card_set,
}


def read_field(hint: Any, data: object, owner: str, name: str) -> Any:
    """The value of type ``hint`` that the wire data ``data`` of the field ``name`` of an
    ``owner`` (``"rules"``) describes.

    :raises WireError: naming the field and what is wrong (``rules field 'hand_size':
        expected an integer, got '15'``).
    """
    return _read(hint, data, owner, name, 1)


def field_types(cls: type) -> dict[str, Any]:
    """The type of each field of the attrs class ``cls`` that its ``__init__`` takes."""
    return _field_types(cls)


def value_data(value: object) -> Any:
    """``value`` (of a type of the wire format) as JSON-safe data."""
    return _to_data(value)


def value_schema(hint: Any) -> dict[str, Any]:
    """The JSON Schema of the values of type ``hint`` (of the wire format, without cards)."""
    return _schema_of(hint, {})


# Schema ----------------------------------------------------------------------------------

_CARD_SCHEMA: dict[str, Any] = {"type": "string", "pattern": "^[RYGBPA]([0-9]|1[0-9]|20)$"}


def wire_schema(
    game: str,
    title: str,
    groups: Mapping[str, Iterable[type[WireValue]]],
    rules_schema: Mapping[str, Any],
) -> dict[str, Any]:
    """The JSON Schema of the wire format of game ``game``.

    ``groups`` names the kinds of values (``{"view": [...], "move": [...], ...}``): the
    schema has one definition per class (``$defs/PlayCard``), one per group that accepts any
    of its classes (``$defs/move``), and accepts any value of any group.
    ``rules_schema`` is the schema of the game's rules (from its record schema).
    """
    defs: dict[str, Any] = {"card": _CARD_SCHEMA, "rules": dict(rules_schema)}
    for classes in groups.values():
        for cls in classes:
            defs[cls.wire_type()] = _top_schema(cls, game, defs)
    for group, classes in groups.items():
        defs[group] = {"oneOf": [{"$ref": f"#/$defs/{cls.wire_type()}"} for cls in classes]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{title} wire format, version {WIRE_VERSION}",
        "description": (
            f"The views, moves, finished deals and events of {title} as sticheln writes them "
            f"(to_dict); groups: {', '.join(groups)}."
        ),
        "$defs": defs,
        "oneOf": [{"$ref": f"#/$defs/{group}"} for group in groups],
    }


def _top_schema(cls: type[WireValue], game: str, defs: dict[str, Any]) -> dict[str, Any]:
    schema = _object_schema(cls, defs)
    schema["properties"] = {
        "game": {"const": game},
        "type": {"const": cls.wire_type()},
        "version": {"const": WIRE_VERSION},
        **schema["properties"],
    }
    schema["required"] = [*HEADER, *schema["required"]]
    return schema


def _object_schema(cls: type, defs: dict[str, Any]) -> dict[str, Any]:
    types_ = _field_types(cls)
    return {
        "type": "object",
        "additionalProperties": False,
        "required": list(types_),
        "properties": {name: _schema_of(hint, defs) for name, hint in types_.items()},
    }


def _schema_of(hint: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if origin is Union or origin is types.UnionType:
        options = [option for option in typing.get_args(hint) if option is not type(None)]
        return {"anyOf": [_schema_of(options[0], defs), {"type": "null"}]}
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema_of(args[0], defs)}
        return {
            "type": "array",
            "prefixItems": [_schema_of(arg, defs) for arg in args],
            "minItems": len(args),
            "maxItems": len(args),
        }
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is str:
        return {"type": "string"}
    if hint is Card:
        return {"$ref": "#/$defs/card"}
    if hint is CardSet:
        return {"type": "array", "items": {"$ref": "#/$defs/card"}, "uniqueItems": True}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return {"enum": [member.value for member in hint]}
    if isinstance(hint, type) and _is_rules(hint):
        return {"$ref": "#/$defs/rules"}
    if isinstance(hint, type) and attrs.has(hint):
        name = f"{hint.__name__}.fields"
        if name not in defs:
            defs[name] = {}
            defs[name] = _object_schema(hint, defs)
        return {"$ref": f"#/$defs/{name}"}
    raise WrongTypeError(f"no wire form for the type {hint!r}")
