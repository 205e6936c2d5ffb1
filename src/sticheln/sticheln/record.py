"""Game records: everything needed to replay a game, as versioned JSON.

>>> import sticheln as st
>>> state = st.new_game(players=3, seed=5)
>>> state = st.apply_move(state, st.legal_moves(state, 0)[0])
>>> record = st.StichelnRecord.from_state(state)
>>> st.StichelnRecord.from_json(record.to_json()).replay() == state
True
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

import attrs

from sticheln.core.records import RECORD_FORMAT, Record
from sticheln.sticheln.engine import apply_move, game_setup, start_game
from sticheln.sticheln.moves import ChoosePain, PlayCard, StichelnMove
from sticheln.sticheln.rules import StichelnRules
from sticheln.sticheln.state import StichelnState

__all__ = ["RECORD_FORMAT", "STICHELN_RECORD_VERSION", "StichelnRecord"]

STICHELN_RECORD_VERSION: Final = 1
"""The version of the Sticheln record layout this library writes and reads."""

_KIND_NAMES: Final = {ChoosePain: "pain", PlayCard: "play"}


@attrs.frozen
class StichelnRecord(Record[StichelnRules, StichelnMove, StichelnState]):
    """A whole game of Sticheln as data: rules, players, the first leader, the deal of every
    round and every move in order.

    In the JSON (:meth:`to_json`) the ``game`` is ``"sticheln"`` and the moves are of the
    kinds ``"pain"`` (:class:`~sticheln.ChoosePain`) and ``"play"``
    (:class:`~sticheln.PlayCard`).
    """

    GAME = "sticheln"
    VERSION = STICHELN_RECORD_VERSION
    STATE = StichelnState
    KINDS = MappingProxyType({name: kind for kind, name in _KIND_NAMES.items()})

    @classmethod
    def from_state(cls, state: StichelnState) -> StichelnRecord:
        """The record of the game that led to ``state``.

        :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.StichelnState`.
        """
        cls.check_state(state)
        setup = state.setup
        return cls(
            rules=setup.rules,
            players=setup.players,
            first_leader=setup.first_leader,
            deals=tuple(deal.hands for deal in setup.deals),
            moves=state.moves,
            seed=setup.seed,
        )

    def _start(self) -> StichelnState:
        return start_game(
            game_setup(self.rules, self.players, self.first_leader, self.seed, self.deals)
        )

    _apply = staticmethod(apply_move)

    @staticmethod
    def _kind(move: StichelnMove) -> str:
        return _KIND_NAMES[type(move)]

    @classmethod
    def _read_rules(cls, data: object) -> StichelnRules:
        return StichelnRules.from_dict(data)
