"""Game records: everything needed to replay a game, as versioned JSON.

>>> import sticheln as st
>>> state = st.new_game(players=3, seed=5)
>>> state = st.apply_move(state, st.legal_moves(state, 0)[0])
>>> record = st.GameRecord.from_state(state)
>>> st.GameRecord.from_json(record.to_json()).replay() == state
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import attrs

from sticheln.cards import Card, CardSet
from sticheln.engine import apply_move, check_deals, start_game
from sticheln.errors import CardError, IllegalMoveError, RecordError, RulesError, SetupError
from sticheln.moves import ChoosePain, Move, PlayCard
from sticheln.rules import Rules
from sticheln.state import GameSetup, GameState

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "GameRecord"]

RECORD_FORMAT: Final = "sticheln-record"
"""The value of the ``format`` field of every record."""
RECORD_VERSION: Final = 1
"""The schema version this library writes and reads."""

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
_MOVE_KINDS: Final[dict[str, type[ChoosePain] | type[PlayCard]]] = {
    "pain": ChoosePain,
    "play": PlayCard,
}
_MOVE_NAMES: Final = {ChoosePain: "pain", PlayCard: "play"}


@attrs.frozen
class GameRecord:
    """A whole game as data: rules, players, the first leader, the deal of every round and
    every move in order.

    Because the deals are part of the record, a replay does not depend on the random number
    generator of the Python version that played the game.
    """

    rules: Rules
    """The rules the game was played with."""
    players: int
    """The number of players."""
    first_leader: int
    """The seat that led the game's first trick."""
    deals: tuple[tuple[CardSet, ...], ...]
    """The hands of every round, by seat."""
    moves: tuple[Move, ...]
    """Every move, in the order made."""
    seed: int | None = None
    """The seed the deals came from, when known (for information only)."""

    @classmethod
    def from_state(cls, state: GameState) -> GameRecord:
        """The record of the game that led to ``state``."""
        setup = state.setup
        return cls(
            rules=setup.rules,
            players=setup.players,
            first_leader=setup.first_leader,
            deals=tuple(deal.hands for deal in setup.deals),
            moves=state.moves,
            seed=setup.seed,
        )

    def replay(self, *, moves: int | None = None) -> GameState:
        """Rebuild the game's state after its moves (or after the first ``moves`` of them).

        :raises RecordError: if the setup does not fit the rules or a move is illegal; the
            message gives the move number (from 1).
        """
        try:
            self.rules.deck(self.players)
            if not 0 <= self.first_leader < self.players:
                raise SetupError(f"first_leader {self.first_leader} is not a seat")
            deals = check_deals(
                self.rules, self.players, self.deals, self.rules.rounds_for(self.players)
            )
        except (RulesError, SetupError) as exc:
            raise RecordError(f"record setup: {exc}") from None
        state = start_game(GameSetup(self.rules, self.players, self.first_leader, deals, self.seed))
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
            "version": RECORD_VERSION,
            "game": "sticheln",
            "rules": self.rules.to_dict(),
            "players": self.players,
            "first_leader": self.first_leader,
            "seed": self.seed,
            "deals": [[str(hand) for hand in hands] for hands in self.deals],
            "moves": [
                {"player": m.player, "kind": _MOVE_NAMES[type(m)], "card": str(m.card)}
                for m in self.moves
            ],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text: an object with the fields ``format``
        (``"sticheln-record"``), ``version``, ``game``, ``rules``, ``players``,
        ``first_leader``, ``seed``, ``deals`` (per round, per seat, a string of card names)
        and ``moves`` (objects with ``player``, ``kind`` — ``"pain"`` or ``"play"`` — and
        ``card``)."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record written by :meth:`to_json`, and check that it replays.

        :raises RecordError: for text that is not JSON, a wrong format or version, a missing,
            unknown or mistyped field (named in the message), or a move that is illegal (its
            number given).
        """
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
        record = cls.from_dict(data)
        record.replay()
        return record

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record from the data of :meth:`to_dict` (not replayed).

        :raises RecordError: naming the field at fault.
        """
        if not isinstance(data, Mapping):
            raise RecordError(f"record must be a JSON object, got {type(data).__name__}")
        unknown = sorted(set(data) - set(_FIELDS))
        if unknown:
            raise RecordError(f"unknown record field(s): {', '.join(map(str, unknown))}")
        missing = [name for name in _FIELDS if name not in data]
        if missing:
            raise RecordError(f"missing record field(s): {', '.join(missing)}")
        if data["format"] != RECORD_FORMAT:
            raise RecordError(f"field 'format': expected {RECORD_FORMAT!r}, got {data['format']!r}")
        if data["version"] != RECORD_VERSION or type(data["version"]) is not int:
            raise RecordError(
                f"field 'version': this library reads version {RECORD_VERSION}, "
                f"got {data['version']!r}"
            )
        if data["game"] != "sticheln":
            raise RecordError(f"field 'game': expected 'sticheln', got {data['game']!r}")
        try:
            rules = Rules.from_dict(data["rules"])
        except RulesError as exc:
            raise RecordError(f"field 'rules': {exc}") from None
        players = _int(data, "players")
        first_leader = _int(data, "first_leader")
        seed = data["seed"]
        if seed is not None and type(seed) is not int:
            raise RecordError(f"field 'seed': expected an integer or null, got {seed!r}")
        deals = _deals(data["deals"])
        moves = _moves(data["moves"])
        return cls(
            rules=rules,
            players=players,
            first_leader=first_leader,
            deals=deals,
            moves=moves,
            seed=seed,
        )


def _int(data: Mapping[str, object], name: str) -> int:
    value = data[name]
    if type(value) is not int:
        raise RecordError(f"field {name!r}: expected an integer, got {value!r}")
    return value


def _deals(value: object) -> tuple[tuple[CardSet, ...], ...]:
    if not isinstance(value, list):
        raise RecordError("field 'deals': expected a list of rounds")
    rounds = []
    for r, hands in enumerate(value):
        if not isinstance(hands, list):
            raise RecordError(f"field 'deals[{r}]': expected a list of hands")
        parsed = []
        for p, hand in enumerate(hands):
            if not isinstance(hand, str):
                raise RecordError(f"field 'deals[{r}][{p}]': expected a string of card names")
            try:
                cards = CardSet.parse(hand)
            except CardError as exc:
                raise RecordError(f"field 'deals[{r}][{p}]': {exc}") from None
            if len(cards) != len(hand.split()):
                raise RecordError(f"field 'deals[{r}][{p}]': a card appears twice")
            parsed.append(cards)
        rounds.append(tuple(parsed))
    return tuple(rounds)


def _moves(value: object) -> tuple[Move, ...]:
    if not isinstance(value, list):
        raise RecordError("field 'moves': expected a list")
    moves: list[Move] = []
    for i, item in enumerate(value, start=1):
        where = f"field 'moves', move {i}"
        if not isinstance(item, Mapping) or set(item) != {"player", "kind", "card"}:
            raise RecordError(
                f"{where}: expected an object with exactly the keys "
                f"player, kind, card; got {item!r}"
            )
        kind: type[ChoosePain] | type[PlayCard] | None = (
            _MOVE_KINDS.get(item["kind"]) if isinstance(item["kind"], str) else None
        )
        if kind is None:
            raise RecordError(f"{where}: kind must be 'pain' or 'play', got {item['kind']!r}")
        player = item["player"]
        if type(player) is not int or player < 0:
            raise RecordError(f"{where}: player must be a seat number, got {player!r}")
        card_name = item["card"]
        if not isinstance(card_name, str):
            raise RecordError(f"{where}: card must be a card name, got {card_name!r}")
        try:
            card: Card = Card.parse(card_name)
        except CardError as exc:
            raise RecordError(f"{where}: {exc}") from None
        moves.append(kind(player, card))
    return tuple(moves)
