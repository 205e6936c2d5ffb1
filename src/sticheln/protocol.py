"""The game protocol shared by all games of the library, and Sticheln's implementation of it.

Bots, the command line, records and adapters are written once against :class:`Game`. A game
object holds the rules; its methods are the game's pure functions.

>>> import random
>>> game = StichelnGame()
>>> final = random_playout(game, game.new_game(3, seed=1), random.Random(1))
>>> game.is_over(final), len(game.scores(final))
(True, 3)
"""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

import attrs

from sticheln.engine import apply_move, legal_moves, new_game
from sticheln.moves import Move
from sticheln.record import GameRecord
from sticheln.rules import NSV, Rules
from sticheln.sampling import sample_state
from sticheln.state import GameState
from sticheln.view import PlayerView, observe

__all__ = ["Game", "StichelnGame", "random_playout"]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")


class Game(Protocol[StateT, MoveT, ViewT]):
    """What every game of the library offers: Sticheln, Hattrick, and those to come.

    States, moves and views are immutable values. Several players may be able to act at once
    (Sticheln's pain cards); a loop may let any of them move first.
    """

    @property
    def name(self) -> str:
        """The game's name, as the command line knows it (``"sticheln"``)."""
        ...

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players the game's rules allow."""
        ...

    def new_game(self, players: int, seed: int | random.Random | None = None) -> StateT:
        """A new game; the same seed gives the same game."""
        ...

    def players_to_act(self, state: StateT) -> tuple[int, ...]:
        """The seats that may move now; empty once the game is over."""
        ...

    def legal_moves(self, state: StateT, player: int) -> tuple[MoveT, ...]:
        """The moves ``player`` may make now (empty if none)."""
        ...

    def apply_move(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move``; raises the game's illegal-move error, a ``ValueError``."""
        ...

    def observe(self, state: StateT, player: int) -> ViewT:
        """What ``player`` may see of ``state``."""
        ...

    def viewer(self, view: ViewT) -> int:
        """The seat whose view ``view`` is."""
        ...

    def deal_number(self, state: StateT) -> int:
        """The deal in progress, from 0: Sticheln's round, Hattrick's hand. Once the game is
        over, the number of deals played. A search may stop its playouts when it changes."""
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended."""
        ...

    def scores(self, state: StateT) -> tuple[int, ...]:
        """Each player's points so far."""
        ...

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The seats with the best result once the game is over, else ``()``."""
        ...

    def sample_state(self, view: ViewT, rng: random.Random) -> StateT:
        """A full state, drawn at random, that agrees with everything in ``view``."""
        ...

    def move_text(self, move: MoveT) -> str:
        """A short text naming the move among the legal moves of its player (``"B11"``)."""
        ...

    def to_json(self, state: StateT) -> str:
        """The record of the game that led to ``state``, as JSON."""
        ...

    def from_json(self, text: str) -> tuple[StateT, tuple[MoveT, ...]]:
        """The first state and the moves of a recorded game; raises the game's record error
        (a ``ValueError``) for a bad record."""
        ...


@attrs.frozen
class StichelnGame:
    """Sticheln on the :class:`Game` protocol, with the given rules.

    >>> StichelnGame(Rules.preset("online-5-rounds")).player_counts
    (3, 4, 5, 6)
    """

    rules: Rules = NSV
    """The rules of every game this object starts."""
    first_leader: int = 0
    """The seat that leads the first trick (:rule:`ST-LEAD-1`)."""

    @property
    def name(self) -> str:
        """``"sticheln"``."""
        return "sticheln"

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts the rules have a deck for."""
        return self.rules.player_counts

    def new_game(self, players: int, seed: int | random.Random | None = None) -> GameState:
        """:func:`~sticheln.new_game` with this object's rules and first leader."""
        return new_game(players, seed=seed, rules=self.rules, first_leader=self.first_leader)

    def players_to_act(self, state: GameState) -> tuple[int, ...]:
        """:attr:`GameState.players_to_act <sticheln.GameState.players_to_act>`."""
        return state.players_to_act

    def legal_moves(self, state: GameState, player: int) -> tuple[Move, ...]:
        """:func:`~sticheln.legal_moves`."""
        return legal_moves(state, player)

    def apply_move(self, state: GameState, move: Move) -> GameState:
        """:func:`~sticheln.apply_move`."""
        return apply_move(state, move)

    def observe(self, state: GameState, player: int) -> PlayerView:
        """:func:`~sticheln.observe`."""
        return observe(state, player)

    def viewer(self, view: PlayerView) -> int:
        """:attr:`PlayerView.player <sticheln.PlayerView.player>`."""
        return view.player

    def deal_number(self, state: GameState) -> int:
        """:attr:`GameState.round_number <sticheln.GameState.round_number>`."""
        return state.round_number

    def is_over(self, state: GameState) -> bool:
        """:attr:`GameState.is_over <sticheln.GameState.is_over>`."""
        return state.is_over

    def scores(self, state: GameState) -> tuple[int, ...]:
        """:attr:`GameState.scores <sticheln.GameState.scores>`."""
        return state.scores

    def winners(self, state: GameState) -> tuple[int, ...]:
        """:attr:`GameState.winners <sticheln.GameState.winners>`."""
        return state.winners

    def sample_state(self, view: PlayerView, rng: random.Random) -> GameState:
        """:func:`~sticheln.sample_state`."""
        return sample_state(view, rng)

    def move_text(self, move: Move) -> str:
        """The card's name: a player's legal moves all differ in their card."""
        return str(move.card)

    def to_json(self, state: GameState) -> str:
        """:meth:`GameRecord.to_json <sticheln.GameRecord.to_json>` of the game so far."""
        return GameRecord.from_state(state).to_json()

    def from_json(self, text: str) -> tuple[GameState, tuple[Move, ...]]:
        """Load a :class:`~sticheln.GameRecord`: its first state and its moves.

        :raises RecordError: for a record that cannot be read or replayed.
        """
        record = GameRecord.from_json(text)
        return record.replay(moves=0), record.moves


def random_playout(game: Game[StateT, MoveT, ViewT], state: StateT, rng: random.Random) -> StateT:
    """Play uniformly random legal moves from ``state`` until the game is over.

    Written once against :class:`Game`, it plays every game of the library.
    """
    while not game.is_over(state):
        player = rng.choice(game.players_to_act(state))
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
    return state
