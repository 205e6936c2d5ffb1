"""Rules as data, for every game: reading a rules object's fields and options from plain data,
the colours of a deck, and finding a preset by name.

The readers of single fields (:func:`read_str`, :func:`read_int`, :func:`read_optional_int`,
:func:`read_option`) check the type of a value read from data, for the ``from_dict`` of the
rules of every game; what a value must be beyond its type (a name that is not empty, a hand
size the deck has room for) the rules object's own checks say.

>>> from sticheln.core.rulesdata import read_int, read_optional_int, read_str
>>> data = {"name": "nsv", "hand_size": 15, "rounds": None}
>>> read_str(data, "name"), read_int(data, "hand_size"), read_optional_int(data, "rounds")
('nsv', 15, None)
>>> read_int({"hand_size": "15"}, "hand_size")
Traceback (most recent call last):
    ...
sticheln.core.errors.RulesError: rules field 'hand_size': expected an int, got '15'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any, TypeVar

from sticheln.core.cards import Color
from sticheln.core.errors import RulesError, UnknownNameError, WrongTypeError, excerpt
from sticheln.core.wire import WireError, field_types, read_field, value_data, value_schema

__all__ = [
    "RulesData",
    "check_rules_fields",
    "find_preset",
    "read_colors",
    "read_int",
    "read_option",
    "read_optional_int",
    "read_player_counts",
    "read_str",
]

EnumT = TypeVar("EnumT", bound=Enum)
PresetT = TypeVar("PresetT")
RulesT = TypeVar("RulesT", bound="RulesData")


class RulesData:
    """The base of a game's rules class, a frozen attrs class whose fields are of the types
    of the wire format (``int``, ``bool``, ``str``, enums such as :class:`~sticheln.Color`,
    tuples and ``X | None`` of them): :meth:`to_dict`, :meth:`from_dict` and
    :meth:`json_schema` come from the fields.

    >>> import attrs
    >>> from sticheln import Color
    >>> from sticheln.core.rulesdata import RulesData
    >>> @attrs.frozen
    ... class SmallRules(RulesData):
    ...     name: str = "standard"
    ...     hand_size: int = 5
    ...     colors: tuple[Color, ...] = (Color.RED, Color.BLUE)
    >>> SmallRules().to_dict()
    {'name': 'standard', 'hand_size': 5, 'colors': ['R', 'B']}
    >>> SmallRules.from_dict({"name": "short", "hand_size": 3, "colors": ["G"]})
    SmallRules(name='short', hand_size=3, colors=(Color.GREEN,))
    >>> SmallRules.from_dict({"name": "short", "hand_size": "3", "colors": []})
    Traceback (most recent call last):
        ...
    sticheln.core.errors.RulesError: rules field 'hand_size': expected an integer, got '3'
    """

    __slots__ = ()

    def to_dict(self) -> dict[str, object]:
        """The rules as JSON data, a key for each field; :meth:`from_dict` reads it back."""
        return {name: value_data(getattr(self, name)) for name in field_types(type(self))}

    @classmethod
    def from_dict(cls: type[RulesT], data: object) -> RulesT:
        """The rules from the data of :meth:`to_dict`.

        :raises RulesError: naming a field that is missing, unknown or of the wrong type, or
            what the rules' own checks refuse.
        """
        hints = field_types(cls)
        fields = check_rules_fields(data, hints)
        values: dict[str, Any] = {}
        for name, hint in hints.items():
            try:
                values[name] = read_field(hint, fields[name], "rules", name)
            except WireError as exc:
                raise RulesError(str(exc)) from None
        try:
            return cls(**values)
        except RulesError:
            raise
        except (ValueError, TypeError) as exc:
            raise RulesError(f"rules: {exc}") from None

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of the data of :meth:`to_dict`."""
        hints = field_types(cls)
        return {
            "type": "object",
            "required": list(hints),
            "additionalProperties": False,
            "properties": {name: value_schema(hint) for name, hint in hints.items()},
        }


def check_rules_fields(data: object, fields: Iterable[str]) -> Mapping[str, object]:
    """``data`` as a mapping with exactly the given rules fields (for ``from_dict`` of the
    rules of every game).

    :raises RulesError: naming the unknown or missing fields.
    """
    if not isinstance(data, Mapping):
        raise RulesError(f"rules must be a mapping, got {type(data).__name__}")
    known = list(fields)
    unknown = sorted(map(str, set(data) - set(known)))
    if unknown:
        raise RulesError(f"unknown rules field(s): {', '.join(unknown)}")
    missing = [name for name in known if name not in data]
    if missing:
        raise RulesError(f"missing rules field(s): {', '.join(missing)}")
    return data


def read_str(data: Mapping[str, object], name: str) -> str:
    """The string field ``name`` of ``data``.

    :raises RulesError: naming the field, for a value that is not a string.
    """
    value = data[name]
    if not isinstance(value, str):
        raise RulesError(f"rules field {name!r}: expected a string, got {excerpt(value)}")
    return value


def read_int(data: Mapping[str, object], name: str) -> int:
    """The integer field ``name`` of ``data``; ``True`` and ``False`` are not integers here.

    :raises RulesError: naming the field, for a value that is not an ``int``.
    """
    value = data[name]
    if type(value) is not int:
        raise RulesError(f"rules field {name!r}: expected an int, got {excerpt(value)}")
    return value


def read_optional_int(data: Mapping[str, object], name: str) -> int | None:
    """The field ``name`` of ``data`` that is an integer or ``None`` (``null`` in JSON).

    :raises RulesError: naming the field, for anything else (``True`` and ``False`` too).
    """
    value = data[name]
    if value is not None and type(value) is not int:
        raise RulesError(f"rules field {name!r}: expected an int or None, got {excerpt(value)}")
    return value


def read_option(data: Mapping[str, object], name: str, option: type[EnumT]) -> EnumT:
    """The rule option ``name`` of ``data``, by its value.

    :raises RulesError: for a value that is not one of the option's.
    """
    try:
        return option(data[name])
    except ValueError:
        raise RulesError(f"rules field {name!r}: unknown value {excerpt(data[name])}") from None


def find_preset(presets: Mapping[str, PresetT], name: str, what: str) -> PresetT:
    """The preset called ``name`` (case-insensitive) among ``presets``.

    :raises UnknownNameError: if there is none; the message names ``what`` and lists the
        known ones.
    :raises WrongTypeError: if ``name`` is not a string.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"a {what} preset name must be a string, got {excerpt(name)}")
    try:
        return presets[name.lower()]
    except (KeyError, AttributeError):
        raise UnknownNameError(
            f"no {what} preset {excerpt(name)}; known presets: {', '.join(presets)}"
        ) from None


def read_player_counts(value: object) -> tuple[int, ...]:
    """The player counts of a rules object, ascending, from a sequence of ints.

    :raises RulesError: for anything else.
    """
    if not isinstance(value, tuple | list) or not all(type(n) is int for n in value):
        raise RulesError(f"player_counts must be a sequence of ints, got {excerpt(value)}")
    return tuple(sorted(value))


def read_colors(value: object) -> tuple[Color, ...]:
    """The colours of a deck from :class:`~sticheln.Color` members or a string of their
    letters (``"RYGBP"``).

    :raises RulesError: for anything else.
    """
    if isinstance(value, str):
        try:
            return tuple(Color(letter) for letter in value)
        except ValueError:
            raise RulesError(
                f"colours {excerpt(value)}: use the letters of Color (RYGBPA)"
            ) from None
    if not isinstance(value, tuple | list) or not all(isinstance(c, Color) for c in value):
        raise RulesError(f"colours must be Color members or their letters, got {excerpt(value)}")
    return tuple(value)
