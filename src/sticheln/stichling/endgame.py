"""Stichling's fast path of the solver (:func:`sticheln.analysis.solve`), declared in its kit
(:attr:`GameInfo.solver_position <sticheln.GameInfo.solver_position>`).

:class:`HandPosition` plays the hand in progress on the engine's own states
(:func:`~sticheln.stichling.apply_move`), and adds what the solver's generic path on the
protocol cannot know: a short key of a position for the transposition table, the cards of a
hand that are interchangeable, and bounds of the score still to come.

The key of a position is what the rest of the hand depends on: the seat to play, every hand,
the cards of each open trick with the seat that holds its marker, and for each player
searched where its row of victory-point cards stands (:rule:`SL-VP-3`, :rule:`SL-SCORE-1`:
no trick yet, or which card is face up).

Two cards of one colour in the hand of the player to act are *interchangeable* when no other
card of that colour still in play (in a hand or on an open trick) has a value between theirs:
a card's value only counts against cards of its colour, for the marker of a trick led in it
(:rule:`SL-TRICK-1`), and the points of a hand count tricks, not cards (:rule:`SL-SCORE-1`).
The position offers the moves of one of them only.

>>> from sticheln.stichling import StichlingGame
>>> game = StichlingGame()
>>> state = game.new_game(2, seed=1)
>>> state = game.apply_move(state, game.legal_moves(state, 0)[0])
>>> state = game.apply_move(state, game.legal_moves(state, 1)[0])
>>> from sticheln.stichling.endgame import solver_position
>>> position = solver_position(state, 0)
>>> len(position.moves()) < len(game.legal_moves(state, position.to_act))
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final, cast

from sticheln.core.cards import MAX_VALUE, card_at
from sticheln.stichling.engine import apply_move, legal_moves
from sticheln.stichling.moves import AddToTrick, OpenTrick, StichlingMove
from sticheln.stichling.state import Phase, StichlingState, laid_rows

__all__ = ["HandPosition", "solver_position"]

_SLOTS: Final = MAX_VALUE + 1


def _row_state(tricks: int) -> int:
    """Where a row stands after ``tricks`` won tricks: 0 for none, else 1 + the position of
    its face-up card (:rule:`SL-VP-3`)."""
    return 0 if tricks <= 0 else 1 + (tricks - 1) % 3


class HandPosition:
    """The hand in play of a :class:`~sticheln.stichling.StichlingState` as a
    :class:`~sticheln.analysis.Position`, for a search of the score of ``player`` (``None``:
    of every player's). Keys of moves are the game's moves.

    The points of every player are 0 until the hand is over, and then its score of the hand.
    """

    __slots__ = ("_number", "_rows", "_searched", "_states", "player", "points")

    def __init__(self, state: StichlingState, player: int | None) -> None:
        n = state.setup.players
        self.player = player
        """The seat searched, or ``None`` for every player."""
        self._searched = tuple(range(n)) if player is None else (player,)
        self._rows = laid_rows(state.orders)
        self._number = state.hand_number
        self._states = [state]
        self.points = [0] * n
        """Each player's points: 0 until the hand is over, then its score of the hand."""

    @property
    def to_act(self) -> int:
        """The seat to play."""
        return self._states[-1].players_to_act[0]

    def done(self) -> bool:
        """Whether the hand is over."""
        state = self._states[-1]
        return state.is_over or state.hand_number != self._number

    def _live(self, state: StichlingState) -> int:
        """The cards still in play: in the hands and on the open tricks, a mask."""
        live = 0
        for held in state.held:
            for index in held:
                live |= 1 << index
        for _, cards, _, _ in state.plays:
            for card in cards:
                live |= card.bit
        return live

    def _classes(self, state: StichlingState, player: int) -> dict[int, int]:
        """Each card of the hand of ``player`` with the lowest card it is interchangeable
        with (itself if none)."""
        live = self._live(state)
        lowest: dict[int, int] = {}
        previous = -1
        first = -1
        for index in state.held[player]:
            if (
                previous >= 0
                and index // _SLOTS == previous // _SLOTS
                and not live >> previous + 1 & ((1 << index - previous - 1) - 1)
            ):
                lowest[index] = first
            else:
                lowest[index] = first = index
            previous = index
        return lowest

    def moves(self) -> list[OpenTrick | AddToTrick]:
        """The legal moves of the player to act, those of the lowest card of each set of
        interchangeable cards only, in the engine's order."""
        state = self._states[-1]
        p = state.players_to_act[0]
        # In play, every legal move plays a card.
        moves = cast("list[OpenTrick | AddToTrick]", list(legal_moves(state, p)))
        if len(moves) == 1:
            return moves
        lowest = self._classes(state, p)
        return [move for move in moves if lowest[move.card.index] == move.card.index]

    def play(self, key: StichlingMove) -> None:
        """Make the move ``key``."""
        state = apply_move(self._states[-1], key)
        self._states.append(state)
        if state.is_over or state.hand_number != self._number:
            self.points = list(state.finished_hands[-1].scores)

    def undo(self) -> None:
        """Take back the latest move."""
        self._states.pop()
        self.points = [0] * len(self.points)

    def key(self) -> Hashable:
        """The seat to play, every hand, each open trick's cards and marker holder, and where
        the row of each player searched stands."""
        state = self._states[-1]
        won = state.won
        return (
            state.players_to_act[0],
            state.held,
            tuple(
                [
                    (tuple([card.index for card in cards]), seats[top])
                    for seats, cards, _, top in state.plays
                ]
            ),
            tuple([_row_state(len(won[p])) for p in self._searched]),
        )

    def bounds(self) -> tuple[int, int] | None:
        """For the player searched, the least and the most its row can still show: from 0
        (or, once it has won a trick, its lowest card) to its highest card; ``None`` for
        every player's."""
        player = self.player
        if player is None:
            return None
        row = self._rows[player]
        won = self._states[-1].won[player]
        return (min(row) if won else 0, max(row))

    def move_of(self, key: Hashable) -> Any:
        """``key``: a move is its own key."""
        return key

    def key_of(self, move: Any) -> Hashable:
        """``move``: a move is its own key."""
        key: Hashable = move
        return key

    def representative(self, key: Hashable) -> Hashable:
        """The move among :meth:`moves` that plays the lowest card interchangeable with the
        card of ``key`` in the same way."""
        assert isinstance(key, OpenTrick | AddToTrick)
        state = self._states[-1]
        card = card_at(self._classes(state, key.player)[key.card.index])
        if isinstance(key, OpenTrick):
            return OpenTrick(key.player, card)
        return AddToTrick(key.player, card, key.trick)

    def __repr__(self) -> str:
        return f"<HandPosition of {self._states[-1]!r}>"


def solver_position(state: object, player: int | None) -> HandPosition | None:
    """A :class:`HandPosition` of ``state`` if it is a Stichling state in play (the rows of
    victory-point cards laid down), for a search of the score of ``player`` (``None``: of
    every player's); else ``None``."""
    if not isinstance(state, StichlingState) or state.phase is not Phase.PLAYING:
        return None
    return HandPosition(state, player)
