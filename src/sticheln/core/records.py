"""The JSON layout shared by the records of every game: reading and checking its parts.

Each game's record class (:class:`~sticheln.StichelnRecord`,
:class:`~sticheln.hattrick.HattrickRecord`) derives from :class:`Record`, keeps its own rules
and moves, and uses these helpers for the envelope, the deals and the moves, so that every
record reports errors the same way: a :class:`~sticheln.RecordError` naming the field or the
move number.

A game whose record layout changes raises its :attr:`Record.VERSION`, lists the versions it
still reads in :attr:`Record.OLDER_VERSIONS`, and brings their data to the current layout in
its ``_upgrade`` hook, before the fields are read.
"""

from __future__ import annotations

import abc
import json
import re
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

import attrs

from sticheln.core.cards import Card, CardSet
from sticheln.core.errors import (
    CardError,
    IllegalMoveError,
    RecordError,
    RulesError,
    SetupError,
    WrongTypeError,
    excerpt,
)
from sticheln.core.setup import MAX_SEAT, wrong_type

RECORD_FORMAT: Final = "sticheln-record"
"""The value of the ``format`` field of every record."""

FIELDS: Final = (
    "format",
    "version",
    "game",
    "rules",
    "players",
    "first_leader",
    "seed",
    "deals",
    "moves",
)
"""The fields of a record, all required."""

OPTIONAL_FIELDS: Final = ("tags",)
"""The fields a record may have besides :data:`FIELDS`."""

TAG_TYPES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "event": "a string: the event or table the game was played at",
        "date": "a string: when the game was played (ISO 8601, e.g. 2026-12-01)",
        "players": "a list with each seat's name (a string)",
        "bots": "a list with each seat's bot name, or null for a person",
        "result": "a string: the result as people say it",
        "comments": "an object: a comment (a string) for move numbers from 1, as strings",
    }
)
"""The tags a record knows, and what each must be. Other tags are kept as they are, so that
a frontend can store what it needs; their values must be JSON."""

_TAG_CHECKS: Final[Mapping[str, Callable[[object], bool]]] = MappingProxyType(
    {
        "event": lambda v: isinstance(v, str),
        "date": lambda v: isinstance(v, str),
        "players": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
        "bots": lambda v: isinstance(v, list) and all(x is None or isinstance(x, str) for x in v),
        "result": lambda v: isinstance(v, str),
        "comments": lambda v: (
            isinstance(v, Mapping)
            and all(k.isascii() and k.isdigit() and isinstance(x, str) for k, x in v.items())
        ),
    }
)


def read_tags(value: object) -> Mapping[str, object]:
    """The ``tags`` field: an object of JSON values, the known tags (:data:`TAG_TYPES`)
    checked, the others kept as they are; a read-only copy.

    :raises RecordError: naming the tag at fault.
    """
    if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
        raise RecordError(f"field 'tags': expected an object, got {excerpt(value)}")
    for name, check in _TAG_CHECKS.items():
        if name in value and not check(value[name]):
            raise RecordError(
                f"field 'tags', tag {name!r}: expected {TAG_TYPES[name]}, "
                f"got {excerpt(value[name])}"
            )
    try:
        copy = json.loads(json.dumps(dict(value)))
    except (TypeError, ValueError, RecursionError):
        raise RecordError("field 'tags': the values must be JSON values") from None
    return MappingProxyType(copy)


MoveT = TypeVar("MoveT")
StateT = TypeVar("StateT")


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object, refusing a key given twice (``json`` would keep the last silently)."""
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise RecordError(f"record is not valid: the key {excerpt(key)} appears twice")
        data[key] = value
    return data


def parse_json(text: str | bytes) -> object:
    """The data of a record's JSON text.

    :raises RecordError: if the text is not JSON (or not UTF-8), nests too deeply to read,
        holds a number too long to read, or gives a key of an object twice.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise WrongTypeError(f"a record's JSON must be text, got {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise RecordError("record is not valid: its JSON nests too deeply") from None
    except (ValueError, TypeError) as exc:  # UnicodeDecodeError and too long numbers too
        raise RecordError(f"record is not valid JSON: {excerpt(str(exc), 120)}") from None


def check_envelope(
    data: object, game: str, version: int, older: Iterable[int] = ()
) -> Mapping[str, Any]:
    """``data`` as a mapping with exactly the record :data:`FIELDS`, of ``game`` and of
    ``version`` or one of the ``older`` versions.

    :raises RecordError: naming the missing, unknown or wrong field.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"record must be a JSON object, got {type(data).__name__}")
    unknown = sorted(map(str, set(data) - set(FIELDS) - set(OPTIONAL_FIELDS)))
    if unknown:
        raise RecordError(f"unknown record field(s): {', '.join(unknown)}")
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise RecordError(f"missing record field(s): {', '.join(missing)}")
    if data["format"] != RECORD_FORMAT:
        raise RecordError(
            f"field 'format': expected {RECORD_FORMAT!r}, got {excerpt(data['format'])}"
        )
    if data["game"] != game:
        hint = " (sticheln.load_record reads a record of any game)"
        raise RecordError(
            f"field 'game': expected {game!r}, got {excerpt(data['game'])}"
            + (hint if isinstance(data["game"], str) else "")
        )
    versions = sorted({version, *older})
    if type(data["version"]) is not int or data["version"] not in versions:
        if len(versions) == 1:
            readable = f"version {version}"
        else:
            readable = f"versions {', '.join(map(str, versions[:-1]))} and {versions[-1]}"
        raise RecordError(
            f"field 'version': this library reads {readable} of {game} records, "
            f"got {excerpt(data['version'])}"
        )
    return data


def read_int(data: Mapping[str, object], name: str) -> int:
    """The integer field ``name``.

    :raises RecordError: if it is not an integer.
    """
    value = data[name]
    if type(value) is not int:
        raise RecordError(f"field {name!r}: expected an integer, got {excerpt(value)}")
    return value


def read_seed(data: Mapping[str, object]) -> int | None:
    """The ``seed`` field: an integer or ``None``.

    :raises RecordError: for anything else.
    """
    seed = data["seed"]
    if seed is not None and type(seed) is not int:
        raise RecordError(f"field 'seed': expected an integer or null, got {excerpt(seed)}")
    return seed


def write_deals(deals: Iterable[Iterable[CardSet]]) -> list[list[str]]:
    """The ``deals`` field: per deal, per seat, a string of card names."""
    return [[str(cards) for cards in seats] for seats in deals]


def read_deals(value: object) -> tuple[tuple[CardSet, ...], ...]:
    """The ``deals`` field as card sets, per deal and seat.

    :raises RecordError: naming the deal and seat at fault (``deals[1][2]``).
    """
    if not isinstance(value, list):
        raise RecordError("field 'deals': expected a list of deals")
    deals = []
    for d, seats in enumerate(value):
        if not isinstance(seats, list):
            raise RecordError(f"field 'deals[{d}]': expected a list with the cards of each seat")
        parsed = []
        for p, names in enumerate(seats):
            where = f"field 'deals[{d}][{p}]'"
            if not isinstance(names, str):
                raise RecordError(f"{where}: expected a string of card names")
            try:
                cards = CardSet.parse(names)
            except CardError as exc:
                raise RecordError(f"{where}: {exc}") from None
            if len(cards) != len([part for part in re.split(r"[\s,]+", names) if part]):
                raise RecordError(f"{where}: a card appears twice")
            parsed.append(cards)
        deals.append(tuple(parsed))
    return tuple(deals)


def read_seat(value: object, where: str) -> int:
    """A move's ``player``: a seat number.

    :raises RecordError: naming ``where`` for anything else.
    """
    if type(value) is not int or not 0 <= value <= MAX_SEAT:
        raise RecordError(f"{where}: player must be a seat number, got {excerpt(value)}")
    return value


def read_card(value: object, where: str) -> Card:
    """A move's ``card``: a card name.

    :raises RecordError: naming ``where`` for anything else.
    """
    if not isinstance(value, str):
        raise RecordError(f"{where}: card must be a card name, got {excerpt(value)}")
    try:
        return Card.parse(value)
    except CardError as exc:
        raise RecordError(f"{where}: {exc}") from None


def read_moves(value: object, read_move: Callable[[object, str], MoveT]) -> tuple[MoveT, ...]:
    """The ``moves`` field, each item read by ``read_move(item, where)``, where ``where``
    names the move (``field 'moves', move 3``, counted from 1).

    :raises RecordError: naming the move number and what is wrong with it.
    """
    if not isinstance(value, list):
        raise RecordError("field 'moves': expected a list")
    return tuple(read_move(item, f"field 'moves', move {i}") for i, item in enumerate(value, 1))


def replay_moves(
    state: StateT, moves: Iterable[MoveT], apply: Callable[[StateT, MoveT], StateT]
) -> StateT:
    """``state`` after ``moves``.

    :raises RecordError: for an illegal move, giving its number (from 1).
    """
    for number, move in enumerate(moves, start=1):
        try:
            state = apply(state, move)
        except IllegalMoveError as exc:
            raise RecordError(f"move {number}: {exc}", number=number, illegal=exc) from None
    return state


def record_schema(
    record: type[Record[Any, Any, Any]], title: str, rules_schema: Mapping[str, Any]
) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the records of ``record``, a record class whose
    moves are each a player, a kind of :attr:`Record.KINDS` and a card: the layout every
    game's records share, with ``rules_schema`` for the ``rules`` field."""
    card = "[RYGBPA]\\d{1,2}"
    tag_items: dict[str, Any] = {
        "event": {"type": "string"},
        "date": {"type": "string"},
        "players": {"type": "array", "items": {"type": "string"}},
        "bots": {"type": "array", "items": {"type": ["string", "null"]}},
        "result": {"type": "string"},
        "comments": {
            "type": "object",
            "patternProperties": {"^[0-9]+$": {"type": "string"}},
            "additionalProperties": False,
        },
    }
    move = {
        "type": "object",
        "required": ["player", "kind", "card"],
        "additionalProperties": False,
        "properties": {
            "player": {"type": "integer", "minimum": 0},
            "kind": {"enum": list(record.KINDS)},
            "card": {"type": "string", "pattern": f"^{card}$"},
        },
    }
    hand = {"type": "string", "pattern": f"^\\s*({card}([\\s,]+|$))*$"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"A game record of {title}",
        "description": (
            f"The JSON of a {title} record written by the sticheln library "
            f"(version {record.VERSION} of its layout)."
        ),
        "type": "object",
        "required": list(FIELDS),
        "additionalProperties": False,
        "properties": {
            "format": {"const": RECORD_FORMAT},
            "version": {"const": record.VERSION},
            "game": {"const": record.GAME},
            "rules": dict(rules_schema),
            "players": {"type": "integer", "minimum": 2},
            "first_leader": {"type": "integer", "minimum": 0},
            "seed": {"type": ["integer", "null"]},
            "deals": {
                "description": "Per deal, per seat, the card names of the hand, separated by "
                "spaces.",
                "type": "array",
                "items": {"type": "array", "items": hand},
            },
            "moves": {"type": "array", "items": move},
            "tags": {"type": "object", "properties": tag_items},
        },
    }


class _RulesData(Protocol):
    def to_dict(self) -> dict[str, object]: ...


RulesT = TypeVar("RulesT", bound=_RulesData)
RecordT = TypeVar("RecordT", bound="Record[Any, Any, Any]")


@attrs.frozen
class Record(abc.ABC, Generic[RulesT, MoveT, StateT]):
    """A whole game as data: rules, players, the first leader, the deal of every round (or
    hand) and every move in order; the base of each game's record class.

    Because the deals are part of the record, a replay does not depend on the random number
    generator of the Python version that played the game.
    """

    GAME: ClassVar[str]
    """The value of the ``game`` field."""
    VERSION: ClassVar[int]
    """The version of the game's record layout this library writes and reads."""
    OLDER_VERSIONS: ClassVar[tuple[int, ...]] = ()
    """Older versions of the game's record layout that this library still reads:
    the ``_upgrade`` hook brings their data to the layout of :attr:`VERSION`."""
    STATE: ClassVar[type[Any] | None] = None
    """The class of the game's states: :meth:`from_state` refuses anything else with
    :exc:`~sticheln.WrongTypeError`, and so does the game object built on the record
    (:class:`~sticheln.core.kit.BaseGame`) for the states given to its methods. ``None``
    (for a game that does not say) checks no type."""
    KINDS: ClassVar[Mapping[str, Callable[[int, Card], Any]]] = MappingProxyType({})
    """For a game whose every move is a player and a card: the ``kind`` of each move type in
    the ``moves`` field, and how to build the move from the player and the card. A game whose
    moves carry other fields overrides :meth:`_write_move` and :meth:`_read_move` instead."""

    rules: RulesT
    """The rules the game was played with."""
    players: int
    """The number of players."""
    first_leader: int
    """The seat that led the game's first trick."""
    deals: tuple[tuple[CardSet, ...], ...]
    """The cards dealt to each seat, for every deal."""
    moves: tuple[MoveT, ...]
    """Every move, in the order made."""
    seed: int | None = None
    """The seed the deals came from, when known (for information only)."""
    tags: Mapping[str, object] = attrs.field(
        factory=lambda: MappingProxyType({}), converter=read_tags, hash=False
    )
    """What else the record tells of the game: the known tags of :data:`TAG_TYPES` (event,
    date, players' names, bots, result, comments per move) and any others, kept as they
    are. Written only when not empty."""

    @classmethod
    def from_state(cls: type[RecordT], state: Any) -> RecordT:
        """The record of the game that led to ``state``: the rules, players, first leader,
        deals (per deal, the hand of each seat) and seed of its ``setup``, and its ``moves``.
        A game whose setup keeps its deals in another form overrides it (and calls
        :meth:`check_state` first).

        :raises WrongTypeError: if ``state`` is not a state of the game (:attr:`STATE`).
        """
        cls.check_state(state)
        setup = state.setup
        return cls(
            rules=setup.rules,
            players=setup.players,
            first_leader=setup.first_leader,
            deals=setup.deals,
            moves=state.moves,
            seed=setup.seed,
        )

    @classmethod
    def check_state(cls, state: object) -> None:
        """Check that ``state`` is a :attr:`STATE`, when the game says what its states are.

        :raises WrongTypeError: if it is not.
        """
        kind = cls.STATE
        if kind is not None and not isinstance(state, kind):
            raise wrong_type(state, kind, "state")

    @abc.abstractmethod
    def _start(self) -> StateT:
        """The first state of the recorded game, after checking the setup with the game's own
        checks (:class:`SetupError` or :class:`RulesError` when it does not fit)."""

    @staticmethod
    @abc.abstractmethod
    def _apply(state: StateT, move: MoveT) -> StateT:
        """The game's ``apply_move``."""

    @staticmethod
    @abc.abstractmethod
    def _kind(move: MoveT) -> str:
        """The ``kind`` of a move in the ``moves`` field."""

    @classmethod
    def _write_move(cls, move: MoveT) -> dict[str, object]:
        """One move as an object of the ``moves`` field: its ``player``, its ``kind`` and its
        ``card``.

        :raises WrongTypeError: for a move that is not a player and a card (a game whose moves
            carry other fields overrides this method).
        """
        player = getattr(move, "player", None)
        card = getattr(move, "card", None)
        if type(player) is not int or not isinstance(card, Card):
            raise WrongTypeError(
                f"{cls.__name__} writes moves of a player and a card, not {excerpt(move)}"
            )
        return {"player": player, "kind": cls._kind(move), "card": str(card)}

    @classmethod
    def _read_move(cls, item: object, where: str) -> MoveT:
        """One object of the ``moves`` field as a move: its ``player``, its ``kind`` (one of
        :attr:`KINDS`) and its ``card``.

        :raises RecordError: naming ``where`` and what is wrong.
        """
        if not isinstance(item, Mapping) or set(item) != {"player", "kind", "card"}:
            raise RecordError(
                f"{where}: expected an object with exactly the keys player, kind, card; "
                f"got {excerpt(item)}"
            )
        kind = item["kind"]
        make = cls.KINDS.get(kind) if isinstance(kind, str) else None
        if make is None:
            names = ", ".join(map(repr, cls.KINDS))
            raise RecordError(f"{where}: kind must be one of {names}, got {excerpt(kind)}")
        move: MoveT = make(read_seat(item["player"], where), read_card(item["card"], where))
        return move

    @classmethod
    @abc.abstractmethod
    def _read_rules(cls, data: object) -> RulesT:
        """The game's rules from their data; :class:`RulesError` when they do not fit."""

    @classmethod
    def _upgrade(cls, data: Mapping[str, Any], version: int) -> Mapping[str, Any]:
        """The data of a record of the older ``version`` (one of :attr:`OLDER_VERSIONS`),
        its envelope already checked, in the layout of :attr:`VERSION`. A game that reads
        older versions overrides it; a field it cannot bring up to date is left as it is, for
        the reading of the fields to report.
        """
        return data

    def replay(self, *, moves: int | None = None) -> StateT:
        """Rebuild the game's state after its moves (or after the first ``moves`` of them).

        :raises RecordError: if the setup does not fit the rules or a move is illegal; the
            message gives the move number (from 1).
        :raises ValueError: if ``moves`` is not from 0 to the number of moves.
        :raises WrongTypeError: if ``moves`` is not an ``int`` or ``None``.
        """
        if moves is not None:
            if type(moves) is not int:
                raise WrongTypeError(f"moves must be an int or None, got {excerpt(moves)}")
            if not 0 <= moves <= len(self.moves):
                raise ValueError(
                    f"moves must be from 0 to {len(self.moves)}, the moves of the record; "
                    f"got {excerpt(moves)}"
                )
        try:
            state = self._start()
        except (RulesError, SetupError) as exc:
            raise RecordError(f"record setup: {exc}") from None
        return replay_moves(state, self.moves if moves is None else self.moves[:moves], self._apply)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-compatible data (see :meth:`to_json`)."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": self.VERSION,
            "game": self.GAME,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "first_leader": self.first_leader,
            "seed": self.seed,
            "deals": write_deals(self.deals),
            "moves": [self._write_move(move) for move in self.moves],
        }
        if self.tags:
            data["tags"] = json.loads(json.dumps(dict(self.tags)))
        return data

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text: an object with the fields ``format``
        (``"sticheln-record"``), ``version``, ``game``, ``rules``, ``players``,
        ``first_leader``, ``seed``, ``deals`` (per deal, per seat, a string of card names) and
        ``moves`` (objects with ``player``, ``kind`` and ``card``)."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls: type[RecordT], text: str | bytes) -> RecordT:
        """Read a record written by :meth:`to_json`, by this version of the library or, for
        the versions of :attr:`OLDER_VERSIONS`, an earlier one, and check that it replays.
        A record whose game is not known beforehand is read by :func:`sticheln.load_record`.

        :raises RecordError: for text that is not JSON, a wrong format, game or version, a
            missing, unknown or mistyped field (named in the message), or a move that is
            illegal (its number given).
        """
        record = cls.from_dict(parse_json(text))
        record.replay()
        return record

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the records this class writes: the file
        ``record.schema.json`` that each game ships beside its record module.

        A record that the schema accepts may still be refused by :meth:`from_json`, which also
        checks what a schema cannot say: that the deals fit the rules and the moves are legal.
        """
        package = cls.__module__.rpartition(".")[0]
        import importlib.resources

        text = importlib.resources.files(package).joinpath("record.schema.json").read_text()
        schema: dict[str, Any] = json.loads(text)
        return schema

    @classmethod
    def from_dict(cls: type[RecordT], data: object) -> RecordT:
        """Read a record from the data of :meth:`to_dict` (not replayed); data of one of the
        :attr:`OLDER_VERSIONS` is first brought up to date by ``_upgrade``.

        :raises RecordError: naming the field at fault.
        """
        data = check_envelope(data, cls.GAME, cls.VERSION, cls.OLDER_VERSIONS)
        if data["version"] != cls.VERSION:
            data = cls._upgrade(data, data["version"])
        try:
            rules = cls._read_rules(data["rules"])
        except RulesError as exc:
            raise RecordError(f"field 'rules': {exc}") from None
        return cls(
            rules=rules,
            players=read_int(data, "players"),
            first_leader=read_int(data, "first_leader"),
            deals=read_deals(data["deals"]),
            moves=read_moves(data["moves"], cls._read_move),
            seed=read_seed(data),
            tags=read_tags(data.get("tags", {})),
        )
