"""Records of Hattrick games: everything needed to replay a game, as versioned JSON.

The JSON has the same layout as Sticheln's records (format ``"sticheln-record"``), with
``"game": "hattrick"``, Hattrick's rules and moves of the kinds ``"open"``, ``"follow"`` and
``"pass"``.

>>> state = new_game(players=4, seed=5)
>>> state = apply_move(state, legal_moves(state, 0)[0])
>>> HattrickRecord.from_json(HattrickRecord.from_state(state).to_json()).replay() == state
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import attrs

from sticheln.cards import Card, CardSet
from sticheln.errors import CardError, IllegalMoveError, RecordError, RulesError, SetupError
from sticheln.hattrick.engine import apply_move, check_deals, start_game
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick, Pass
from sticheln.hattrick.rules import HattrickRules
from sticheln.hattrick.state import HattrickSetup, HattrickState
from sticheln.record import RECORD_FORMAT, _int

__all__ = ["HATTRICK_RECORD_VERSION", "HattrickRecord"]

HATTRICK_RECORD_VERSION: Final = 1
"""The version of the Hattrick record layout this library writes and reads."""

_FIELDS: Final = (
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
_KINDS: Final[dict[str, type[Follow] | type[OpenTrick] | type[Pass]]] = {
    "open": OpenTrick,
    "follow": Follow,
    "pass": Pass,
}


@attrs.frozen
class HattrickRecord:
    """A whole game of Hattrick as data: rules, players, the first leader, the deal of every
    hand and every move in order.

    The deals are part of the record, so a replay does not depend on the random number
    generator of the Python version that played the game.
    """

    rules: HattrickRules
    """The rules the game was played with."""
    players: int
    """The number of players."""
    first_leader: int
    """The seat that led the game's first turn."""
    deals: tuple[tuple[CardSet, ...], ...]
    """The cards dealt to each seat, for every hand."""
    moves: tuple[HattrickMove, ...]
    """Every move, in the order made."""
    seed: int | None = None
    """The seed the deals came from, when known (for information only)."""

    @classmethod
    def from_state(cls, state: HattrickState) -> HattrickRecord:
        """The record of the game that led to ``state``."""
        setup = state.setup
        return cls(
            rules=setup.rules,
            players=setup.players,
            first_leader=setup.first_leader,
            deals=setup.deals,
            moves=state.moves,
            seed=setup.seed,
        )

    def replay(self, *, moves: int | None = None) -> HattrickState:
        """Rebuild the game's state after its moves (or after the first ``moves`` of them).

        :raises RecordError: if the setup does not fit the rules or a move is illegal; the
            message gives the move number (from 1).
        """
        try:
            self.rules.check_players(self.players)
            if not 0 <= self.first_leader < self.players:
                raise SetupError(f"first_leader {self.first_leader} is not a seat")
            deals = check_deals(
                self.rules, self.players, self.deals, self.rules.hands_for(self.players)
            )
        except (RulesError, SetupError) as exc:
            raise RecordError(f"record setup: {exc}") from None
        state = start_game(
            HattrickSetup(self.rules, self.players, self.first_leader, deals, self.seed)
        )
        chosen = self.moves if moves is None else self.moves[:moves]
        for number, move in enumerate(chosen, start=1):
            try:
                state = apply_move(state, move)
            except IllegalMoveError as exc:
                raise RecordError(f"move {number}: {exc}") from None
        return state

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-compatible data (see :meth:`to_json`)."""
        return {
            "format": RECORD_FORMAT,
            "version": HATTRICK_RECORD_VERSION,
            "game": "hattrick",
            "rules": self.rules.to_dict(),
            "players": self.players,
            "first_leader": self.first_leader,
            "seed": self.seed,
            "deals": [[str(cards) for cards in seats] for seats in self.deals],
            "moves": [
                {"player": m.player, "kind": m.action.value, "card": str(m.card)}
                for m in self.moves
            ],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text: an object with the fields ``format``
        (``"sticheln-record"``), ``version``, ``game`` (``"hattrick"``), ``rules``,
        ``players``, ``first_leader``, ``seed``, ``deals`` (per hand, per seat, a string of
        card names) and ``moves`` (objects with ``player``, ``kind`` — ``"open"``,
        ``"follow"`` or ``"pass"`` — and ``card``)."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> HattrickRecord:
        """Read a record written by :meth:`to_json`, and check that it replays.

        :raises RecordError: for text that is not JSON, a wrong format, game or version, a
            missing, unknown or mistyped field (named in the message), or a move that is
            illegal (its number given).
        """
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
        record = cls.from_dict(data)
        record.replay()
        return record

    @classmethod
    def from_dict(cls, data: object) -> HattrickRecord:
        """Read a record from the data of :meth:`to_dict` (not replayed).

        :raises RecordError: naming the field at fault.
        """
        if not isinstance(data, Mapping):
            raise RecordError(f"record must be a JSON object, got {type(data).__name__}")
        unknown = sorted(map(str, set(data) - set(_FIELDS)))
        if unknown:
            raise RecordError(f"unknown record field(s): {', '.join(unknown)}")
        missing = [name for name in _FIELDS if name not in data]
        if missing:
            raise RecordError(f"missing record field(s): {', '.join(missing)}")
        if data["format"] != RECORD_FORMAT:
            raise RecordError(f"field 'format': expected {RECORD_FORMAT!r}, got {data['format']!r}")
        if data["game"] != "hattrick":
            raise RecordError(f"field 'game': expected 'hattrick', got {data['game']!r}")
        if type(data["version"]) is not int or data["version"] != HATTRICK_RECORD_VERSION:
            raise RecordError(
                f"field 'version': this library reads version {HATTRICK_RECORD_VERSION} of "
                f"Hattrick records, got {data['version']!r}"
            )
        try:
            rules = HattrickRules.from_dict(data["rules"])
        except RulesError as exc:
            raise RecordError(f"field 'rules': {exc}") from None
        seed = data["seed"]
        if seed is not None and type(seed) is not int:
            raise RecordError(f"field 'seed': expected an integer or null, got {seed!r}")
        return cls(
            rules=rules,
            players=_int(data, "players"),
            first_leader=_int(data, "first_leader"),
            deals=_deals(data["deals"]),
            moves=_moves(data["moves"]),
            seed=seed,
        )


def _deals(value: object) -> tuple[tuple[CardSet, ...], ...]:
    if not isinstance(value, list):
        raise RecordError("field 'deals': expected a list of hands")
    deals = []
    for h, seats in enumerate(value):
        if not isinstance(seats, list):
            raise RecordError(f"field 'deals[{h}]': expected a list with the cards of each seat")
        parsed = []
        for p, names in enumerate(seats):
            where = f"field 'deals[{h}][{p}]'"
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


def _moves(value: object) -> tuple[HattrickMove, ...]:
    if not isinstance(value, list):
        raise RecordError("field 'moves': expected a list")
    moves: list[HattrickMove] = []
    for i, item in enumerate(value, start=1):
        where = f"field 'moves', move {i}"
        if not isinstance(item, Mapping) or set(item) != {"player", "kind", "card"}:
            raise RecordError(
                f"{where}: expected an object with exactly the keys "
                f"player, kind, card; got {item!r}"
            )
        kind = _KINDS.get(item["kind"]) if isinstance(item["kind"], str) else None
        if kind is None:
            raise RecordError(
                f"{where}: kind must be 'open', 'follow' or 'pass', got {item['kind']!r}"
            )
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
        moves.append(kind(player, card))
    return tuple(moves)
