"""What the solver searches: a deal in progress, every hand known, as a mutable
:class:`Position` that it plays forwards and takes back.

A game may declare a position of its own, fast, in the field
:attr:`GameInfo.solver_position <sticheln.GameInfo.solver_position>`; for any other game the
solver searches a :class:`StatePosition`, which plays the game's immutable states through the
:class:`~sticheln.Game` protocol.

>>> from sticheln import GAME_NAMES, find_game
>>> from sticheln.analysis import StatePosition
>>> game = find_game(next(iter(GAME_NAMES)))  # any registered game
>>> state = game.new_game(game.info.default_players, seed=1)
>>> while len(game.players_to_act(state)) > 1:  # choices made together are not searched
...     player = game.players_to_act(state)[0]
...     state = game.apply_move(state, game.legal_moves(state, player)[0])
>>> position = StatePosition(game, state)
>>> position.to_act == game.players_to_act(state)[0], position.done()
(True, False)
>>> position.play(position.moves()[0])
>>> position.to_act == game.players_to_act(state)[0]
False
>>> position.undo()
>>> position.to_act == game.players_to_act(state)[0]
True
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol

from sticheln.core.errors import SolverError, excerpt
from sticheln.core.protocol import Game

__all__ = ["Position", "StatePosition"]


class Position(Protocol):
    """The deal in progress of a state, every hand known, as a mutable position: the solver
    (:func:`~sticheln.analysis.solve`) plays its moves with :meth:`play` and takes them back
    with :meth:`undo`. Only one player acts at a time.

    A position is made for a search of one player's score or of everyone's (see
    :attr:`GameInfo.solver_position <sticheln.GameInfo.solver_position>`): its :meth:`key`
    and :meth:`bounds` need to be right for the players searched only, and its :meth:`moves`
    may come in the order that suits that search.

    Moves are *keys*: any hashable values of the position's own (card indices, or the game's
    moves themselves); :meth:`move_of` and :meth:`key_of` turn them into the game's moves and
    back.
    """

    @property
    def to_act(self) -> int:
        """The seat to move; undefined once the deal is :meth:`done`."""
        ...

    @property
    def points(self) -> Sequence[int]:
        """Each player's points from the deal so far, by seat: at the end of the deal, each
        player's score for the deal as the game scores it. The solver reads it after every
        move."""
        ...

    def done(self) -> bool:
        """Whether the deal is over (or the game)."""
        ...

    def moves(self) -> Sequence[Hashable]:
        """The legal moves of :attr:`to_act`, as keys, at least one: a single one of each set
        of moves that are interchangeable here (that lead to positions of the same value for
        every player searched, such as two cards of one colour that no card still in play
        lies between), in the order the search should try them."""
        ...

    def play(self, key: Hashable) -> None:
        """Make the move ``key`` of :attr:`to_act`, one of :meth:`moves` or interchangeable
        with one of them."""
        ...

    def undo(self) -> None:
        """Take back the latest move that :meth:`play` made."""
        ...

    def key(self) -> Hashable | None:
        """The key of the position in the solver's transposition table, or ``None`` to keep
        nothing for it. Two positions with equal keys must have the same legal moves from
        then on, and for every way of playing to the end of the deal the same points to come
        (the :attr:`points` at the end minus those now) for the players searched."""
        ...

    def bounds(self) -> tuple[int, int] | None:
        """The fewest and the most points the player searched can still win in the deal
        (:attr:`points` at its end minus those now), whatever anyone plays, or ``None`` when
        the position knows no bounds or searches every player's score."""
        ...

    def move_of(self, key: Hashable) -> Any:
        """The game's move of :attr:`to_act` that ``key`` stands for."""
        ...

    def key_of(self, move: Any) -> Hashable:
        """The key of ``move``, a legal move of :attr:`to_act` in the game."""
        ...

    def representative(self, key: Hashable) -> Hashable:
        """The key among :meth:`moves` that ``key``, a legal move of :attr:`to_act`, is
        interchangeable with (``key`` itself if it is among them)."""
        ...


class StatePosition:
    """A :class:`Position` on the game's own states, through the :class:`~sticheln.Game`
    protocol alone: every move is :meth:`Game.apply_move <sticheln.Game.apply_move>`, and
    the keys of moves are the game's moves.

    The deal is over when :meth:`Game.deal_number <sticheln.Game.deal_number>` changes or
    the game ends. The points of a player are :meth:`Game.scores <sticheln.Game.scores>` now
    minus those of the first state: the score of the deal once it is over, for a game whose
    scores count the finished deals only, as those of the library do. A state is its own key
    in the transposition table when it is hashable; no move is merged with another, and the
    position knows no bounds.

    :raises SolverError: if the game is over in ``state`` or several players are to act at
        once, then or later in the deal.
    """

    __slots__ = ("_deal", "_first", "_game", "_points", "_states", "_to_act", "points", "to_act")

    def __init__(self, game: Game[Any, Any, Any], state: Any) -> None:
        self._game = game
        if game.is_over(state):
            raise SolverError("the game is over: there is no deal to solve")
        self._deal = game.deal_number(state)
        self._first = tuple(game.scores(state))
        self._states = [state]
        self.points: list[int] = [0] * len(self._first)
        """Each player's points from the deal so far (:attr:`Position.points`)."""
        self._points: list[tuple[int, ...]] = []
        self._to_act: list[int] = []
        self.to_act = self._actor(state)
        """The seat to move (:attr:`Position.to_act`)."""

    def _actor(self, state: Any) -> int:
        actors = self._game.players_to_act(state)
        if len(actors) != 1:
            seats = ", ".join(map(str, actors))
            raise SolverError(
                f"players {seats} act at once: the solver searches play in which one "
                "player acts at a time"
            )
        return actors[0]

    def done(self) -> bool:
        """Whether the deal is over: its number changed, or the game ended."""
        game = self._game
        state = self._states[-1]
        return game.is_over(state) or game.deal_number(state) != self._deal

    def moves(self) -> Sequence[Any]:
        """:meth:`Game.legal_moves <sticheln.Game.legal_moves>` of the player to act.

        :raises SolverError: if the player has none.
        """
        moves = self._game.legal_moves(self._states[-1], self.to_act)
        if not moves:
            raise SolverError(f"player {self.to_act} is to act but has no legal move")
        return moves

    def play(self, key: Any) -> None:
        """Apply the move ``key``."""
        game = self._game
        state = game.apply_move(self._states[-1], key)
        self._points.append(tuple(self.points))
        self._to_act.append(self.to_act)
        self._states.append(state)
        scores = game.scores(state)
        self.points = [now - first for now, first in zip(scores, self._first, strict=True)]
        if not self.done():
            self.to_act = self._actor(state)

    def undo(self) -> None:
        """Go back to the state before the latest move."""
        self._states.pop()
        self.points = list(self._points.pop())
        self.to_act = self._to_act.pop()

    def key(self) -> Hashable | None:
        """The state, if it is hashable; else ``None``."""
        state = self._states[-1]
        try:
            hash(state)
        except TypeError:
            return None
        key: Hashable = state
        return key

    def bounds(self) -> None:
        """``None``: the protocol says nothing of the points still to win."""
        return None

    def move_of(self, key: Any) -> Any:
        """``key``: a move is its own key."""
        return key

    def key_of(self, move: Any) -> Any:
        """``move``: a move is its own key."""
        return move

    def representative(self, key: Any) -> Any:
        """``key``: no move is merged with another."""
        return key

    def __repr__(self) -> str:
        return f"<StatePosition of {excerpt(self._states[-1])}, {self.to_act} to act>"
