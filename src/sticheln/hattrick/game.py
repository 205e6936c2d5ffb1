"""Hattrick on the library's game protocol, :class:`~sticheln.Game`.

>>> import random
>>> game = HattrickGame()
>>> final = random_playout(game, game.new_game(5, seed=2), random.Random(2))
>>> game.is_over(final), len(final.finished_hands), sum(map(len, final.setup.deals[0]))
(True, 5, 60)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from sticheln.hattrick.engine import apply_move, legal_moves, new_game
from sticheln.hattrick.moves import HattrickMove
from sticheln.hattrick.record import HattrickRecord
from sticheln.hattrick.rules import AMIGO_1995, HattrickRules
from sticheln.hattrick.sampling import sample_state
from sticheln.hattrick.state import HattrickState
from sticheln.hattrick.view import HattrickView, observe

__all__ = ["HattrickGame"]


@attrs.frozen
class HattrickGame:
    """Hattrick on the :class:`~sticheln.Game` protocol, with the given rules.

    >>> from sticheln.hattrick import HattrickGame
    >>> HattrickGame().player_counts
    (4, 5, 6)
    """

    rules: HattrickRules = AMIGO_1995
    """The rules of every game this object starts."""
    first_leader: int = 0
    """The seat that leads the first turn (:rule:`HT-LEAD-1`)."""

    @property
    def name(self) -> str:
        """``"hattrick"``."""
        return "hattrick"

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts the rules allow."""
        return self.rules.player_counts

    def new_game(self, players: int, seed: int | random.Random | None = None) -> HattrickState:
        """:func:`~sticheln.hattrick.new_game` with this object's rules and first leader."""
        return new_game(players, seed=seed, rules=self.rules, first_leader=self.first_leader)

    def viewer(self, view: HattrickView) -> int:
        """:attr:`HattrickView.player <sticheln.hattrick.HattrickView.player>`."""
        return view.player

    def deal_number(self, state: HattrickState) -> int:
        """:attr:`HattrickState.hand_number <sticheln.hattrick.HattrickState.hand_number>`."""
        return state.hand_number

    def players_to_act(self, state: HattrickState) -> tuple[int, ...]:
        """:attr:`HattrickState.players_to_act <sticheln.hattrick.HattrickState.players_to_act>`."""
        return state.players_to_act

    def legal_moves(self, state: HattrickState, player: int) -> tuple[HattrickMove, ...]:
        """:func:`~sticheln.hattrick.legal_moves`."""
        return legal_moves(state, player)

    def apply_move(self, state: HattrickState, move: HattrickMove) -> HattrickState:
        """:func:`~sticheln.hattrick.apply_move`."""
        return apply_move(state, move)

    def observe(self, state: HattrickState, player: int) -> HattrickView:
        """:func:`~sticheln.hattrick.observe`."""
        return observe(state, player)

    def is_over(self, state: HattrickState) -> bool:
        """:attr:`HattrickState.is_over <sticheln.hattrick.HattrickState.is_over>`."""
        return state.is_over

    def scores(self, state: HattrickState) -> tuple[int, ...]:
        """:attr:`HattrickState.scores <sticheln.hattrick.HattrickState.scores>`."""
        return state.scores

    def winners(self, state: HattrickState) -> tuple[int, ...]:
        """:attr:`HattrickState.winners <sticheln.hattrick.HattrickState.winners>`."""
        return state.winners

    def sample_state(self, view: HattrickView, rng: random.Random) -> HattrickState:
        """:func:`~sticheln.hattrick.sample_state`."""
        return sample_state(view, rng)

    def move_text(self, move: HattrickMove) -> str:
        """The card's name: a player's legal moves all differ in their card
        (:rule:`HT-PLAY-4`)."""
        return str(move.card)

    def to_json(self, state: HattrickState) -> str:
        """:meth:`HattrickRecord.to_json <sticheln.hattrick.HattrickRecord.to_json>` of the
        game so far."""
        return HattrickRecord.from_state(state).to_json()

    def from_json(self, text: str) -> tuple[HattrickState, tuple[HattrickMove, ...]]:
        """Load a :class:`~sticheln.hattrick.HattrickRecord`: its first state and its moves.

        :raises RecordError: for a record that cannot be read or replayed.
        """
        record = HattrickRecord.from_json(text)
        return record.replay(moves=0), record.moves


if TYPE_CHECKING:
    from sticheln.protocol import Game

    # mypy checks here that HattrickGame implements the game protocol.
    _PROTOCOL_CHECK: Game[HattrickState, HattrickMove, HattrickView] = HattrickGame()
