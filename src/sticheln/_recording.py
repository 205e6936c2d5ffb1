"""The JSON layout shared by the records of every game: reading and checking its parts.

Each game's record class (:class:`~sticheln.GameRecord`,
:class:`~sticheln.hattrick.HattrickRecord`) keeps its own rules and moves and uses these
helpers for the envelope, the deals and the moves, so that every record reports errors the
same way: a :class:`~sticheln.RecordError` naming the field or the move number.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar

from sticheln.cards import Card, CardSet
from sticheln.errors import CardError, IllegalMoveError, RecordError

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

MoveT = TypeVar("MoveT")
StateT = TypeVar("StateT")


def parse_json(text: str | bytes) -> object:
    """The data of a record's JSON text.

    :raises RecordError: if the text is not JSON.
    """
    try:
        return json.loads(text)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"record is not valid JSON: {exc}") from None


def check_envelope(data: object, game: str, version: int) -> Mapping[str, Any]:
    """``data`` as a mapping with exactly the record :data:`FIELDS`, of ``game`` and
    ``version``.

    :raises RecordError: naming the missing, unknown or wrong field.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"record must be a JSON object, got {type(data).__name__}")
    unknown = sorted(map(str, set(data) - set(FIELDS)))
    if unknown:
        raise RecordError(f"unknown record field(s): {', '.join(unknown)}")
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise RecordError(f"missing record field(s): {', '.join(missing)}")
    if data["format"] != RECORD_FORMAT:
        raise RecordError(f"field 'format': expected {RECORD_FORMAT!r}, got {data['format']!r}")
    if data["game"] != game:
        raise RecordError(f"field 'game': expected {game!r}, got {data['game']!r}")
    if type(data["version"]) is not int or data["version"] != version:
        raise RecordError(
            f"field 'version': this library reads version {version} of {game} records, "
            f"got {data['version']!r}"
        )
    return data


def read_int(data: Mapping[str, object], name: str) -> int:
    """The integer field ``name``.

    :raises RecordError: if it is not an integer.
    """
    value = data[name]
    if type(value) is not int:
        raise RecordError(f"field {name!r}: expected an integer, got {value!r}")
    return value


def read_seed(data: Mapping[str, object]) -> int | None:
    """The ``seed`` field: an integer or ``None``.

    :raises RecordError: for anything else.
    """
    seed = data["seed"]
    if seed is not None and type(seed) is not int:
        raise RecordError(f"field 'seed': expected an integer or null, got {seed!r}")
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
            if len(cards) != len(names.split()):
                raise RecordError(f"{where}: a card appears twice")
            parsed.append(cards)
        deals.append(tuple(parsed))
    return tuple(deals)


def write_moves(moves: Iterable[Any], kind: Callable[[Any], str]) -> list[dict[str, object]]:
    """The ``moves`` field: objects with ``player``, ``kind`` (named by ``kind(move)``) and
    ``card``."""
    return [{"player": m.player, "kind": kind(m), "card": str(m.card)} for m in moves]


def read_moves(
    value: object, kinds: Mapping[str, Callable[[int, Card], MoveT]]
) -> tuple[MoveT, ...]:
    """The ``moves`` field, each move built by ``kinds[kind](player, card)``.

    :raises RecordError: naming the move number (from 1) and what is wrong with it.
    """
    if not isinstance(value, list):
        raise RecordError("field 'moves': expected a list")
    moves: list[MoveT] = []
    names = ", ".join(map(repr, kinds))
    for i, item in enumerate(value, start=1):
        where = f"field 'moves', move {i}"
        if not isinstance(item, Mapping) or set(item) != {"player", "kind", "card"}:
            raise RecordError(
                f"{where}: expected an object with exactly the keys player, kind, card; "
                f"got {item!r}"
            )
        make = kinds.get(item["kind"]) if isinstance(item["kind"], str) else None
        if make is None:
            raise RecordError(f"{where}: kind must be one of {names}, got {item['kind']!r}")
        player = item["player"]
        if type(player) is not int or player < 0:
            raise RecordError(f"{where}: player must be a seat number, got {player!r}")
        name = item["card"]
        if not isinstance(name, str):
            raise RecordError(f"{where}: card must be a card name, got {name!r}")
        try:
            card = Card.parse(name)
        except CardError as exc:
            raise RecordError(f"{where}: {exc}") from None
        moves.append(make(player, card))
    return tuple(moves)


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
            raise RecordError(f"move {number}: {exc}") from None
    return state
