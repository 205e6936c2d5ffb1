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
from typing import Any, Final

import attrs

from sticheln._recording import (
    RECORD_FORMAT,
    check_envelope,
    parse_json,
    read_deals,
    read_int,
    read_moves,
    read_seed,
    replay_moves,
    write_deals,
    write_moves,
)
from sticheln.cards import CardSet
from sticheln.errors import RecordError, RulesError, SetupError
from sticheln.hattrick.engine import apply_move, check_deals, start_game
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick, Pass
from sticheln.hattrick.rules import HattrickRules
from sticheln.hattrick.state import HattrickSetup, HattrickState

__all__ = ["HATTRICK_RECORD_VERSION", "HattrickRecord"]

HATTRICK_RECORD_VERSION: Final = 1
"""The version of the Hattrick record layout this library writes and reads."""

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
        return replay_moves(state, self.moves if moves is None else self.moves[:moves], apply_move)

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
            "deals": write_deals(self.deals),
            "moves": write_moves(self.moves, lambda move: move.action.value),
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
        record = cls.from_dict(parse_json(text))
        record.replay()
        return record

    @classmethod
    def from_dict(cls, data: object) -> HattrickRecord:
        """Read a record from the data of :meth:`to_dict` (not replayed).

        :raises RecordError: naming the field at fault.
        """
        data = check_envelope(data, "hattrick", HATTRICK_RECORD_VERSION)
        try:
            rules = HattrickRules.from_dict(data["rules"])
        except RulesError as exc:
            raise RecordError(f"field 'rules': {exc}") from None
        return cls(
            rules=rules,
            players=read_int(data, "players"),
            first_leader=read_int(data, "first_leader"),
            deals=read_deals(data["deals"]),
            moves=read_moves(data["moves"], _KINDS),
            seed=read_seed(data),
        )
