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

from types import MappingProxyType
from typing import Final

import attrs

from sticheln.core.records import Record
from sticheln.hattrick.engine import apply_move, make_setup, start_game
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick, Pass
from sticheln.hattrick.rules import HattrickRules
from sticheln.hattrick.state import HattrickState

__all__ = ["HATTRICK_RECORD_VERSION", "HattrickRecord"]

HATTRICK_RECORD_VERSION: Final = 1
"""The version of the Hattrick record layout this library writes and reads."""


@attrs.frozen
class HattrickRecord(Record[HattrickRules, HattrickMove, HattrickState]):
    """A whole game of Hattrick as data: rules, players, the first leader, the deal of every
    hand and every move in order.

    In the JSON (:meth:`to_json`) the ``game`` is ``"hattrick"`` and the moves are of the
    kinds ``"open"`` (:class:`OpenTrick`), ``"follow"`` (:class:`Follow`) and ``"pass"``
    (:class:`Pass`).
    """

    GAME = "hattrick"
    VERSION = HATTRICK_RECORD_VERSION
    KINDS = MappingProxyType({"open": OpenTrick, "follow": Follow, "pass": Pass})

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

    def _start(self) -> HattrickState:
        return start_game(
            make_setup(self.rules, self.players, self.first_leader, self.seed, self.deals)
        )

    _apply = staticmethod(apply_move)

    @staticmethod
    def _kind(move: HattrickMove) -> str:
        return move.action.value

    @classmethod
    def _read_rules(cls, data: object) -> HattrickRules:
        return HattrickRules.from_dict(data)  # type: ignore[arg-type]
