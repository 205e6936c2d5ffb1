"""Hattrick's fast path of the solver (:func:`sticheln.analysis.solve`), declared in its kit
(:attr:`GameInfo.solver_position <sticheln.GameInfo.solver_position>`).

:class:`HandPosition` plays the hand in progress on the engine's own states
(:func:`~sticheln.hattrick.apply_move`), and adds what the solver's generic path on the
protocol cannot know: a short key of a position for the transposition table, the cards of a
hand that are interchangeable, and bounds of the score still to come.

The key of a position is what the rest of the hand depends on: every hand, the cards of the
turn so far and its leader, and for each player searched how many cards of each colour it
has won and how many it has passed (the score of a hand counts nothing else,
:rule:`HT-SCORE-1` to :rule:`HT-SCORE-3`).

Two cards of one colour in the hand of the player to act are *interchangeable* when no card
of another hand or of the turn so far has a value from the lower's to the higher's: they make
the same move (:rule:`HT-PLAY-4`), take the same tricks (:rule:`HT-TRICK-1`), give the lead
to the same player (:rule:`HT-LEAD-2`) and score the same (:rule:`HT-SCORE-1`). The position
offers one of them only.

>>> from sticheln.hattrick import HattrickGame
>>> game = HattrickGame()
>>> hands = ["R1 R2 R3 R4 R5 G1 G2 G3 G4 G5 B1 B2 B3 B4 B5"]
>>> hands += ["R6 R7 R8 R9 R10 G6 G7 G8 G9 G10 B6 B7 B8 B9 B10"]
>>> hands += ["R11 R12 R13 R14 R15 G11 G12 G13 G14 G15 B11 B12 B13 B14 B15"]
>>> hands += ["R16 R17 R18 R19 R20 G16 G17 G18 G19 G20 B16 B17 B18 B19 B20"]
>>> state = game.new_game(4, deals=[hands] * 4)
>>> from sticheln.hattrick.endgame import solver_position
>>> position = solver_position(state, 0)
>>> [str(position.move_of(key).card) for key in position.moves()]
['R1', 'G1', 'B1']
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final

from sticheln.core.cards import _COLOR_MASKS, MAX_VALUE
from sticheln.hattrick.engine import apply_move, legal_moves
from sticheln.hattrick.moves import HattrickMove
from sticheln.hattrick.scoring import PASS_PENALTY
from sticheln.hattrick.state import HattrickState

__all__ = ["HandPosition", "solver_position"]

_SLOTS: Final = MAX_VALUE + 1
_VALUE_BITS: Final = (1 << _SLOTS) - 1


class HandPosition:
    """The hand in progress of a :class:`~sticheln.hattrick.HattrickState` as a
    :class:`~sticheln.analysis.Position`, for a search of the score of ``player`` (``None``:
    of every player's). Keys of moves are the game's moves.

    The points of every player are 0 until the hand is over, and then its score of the hand.
    """

    __slots__ = ("_bounds", "_masks", "_number", "_searched", "_states", "player", "points")

    def __init__(self, state: HattrickState, player: int | None) -> None:
        n = state.setup.players
        self.player = player
        """The seat searched, or ``None`` for every player."""
        self._searched = tuple(range(n)) if player is None else (player,)
        self._masks = tuple(_COLOR_MASKS[color] for color in state.setup.rules.colors)
        self._number = state.hand_number
        self._states = [state]
        self.points = [0] * n
        """Each player's points: 0 until the hand is over, then its score of the hand."""
        self._bounds: list[tuple[int, int] | None] = [self._turn_bounds(state)]

    @property
    def to_act(self) -> int:
        """The seat to play."""
        return self._states[-1].players_to_act[0]

    def done(self) -> bool:
        """Whether the hand is over."""
        state = self._states[-1]
        return state.is_over or state.hand_number != self._number

    def moves(self) -> list[HattrickMove]:
        """The legal moves of the player to act, the card of the lowest value of each set of
        interchangeable cards only, in the order of the cards."""
        state = self._states[-1]
        p = state.players_to_act[0]
        moves = legal_moves(state, p)
        if len(moves) == 1:
            return list(moves)
        others = self._others(state, p)
        keys = []
        previous = -1
        for move in moves:
            index = move.card.index
            if (
                previous >= 0
                and index // _SLOTS == previous // _SLOTS
                and not others >> previous % _SLOTS & ((1 << index - previous + 1) - 1)
            ):
                previous = index
                continue
            keys.append(move)
            previous = index
        return keys

    @staticmethod
    def _others(state: HattrickState, player: int) -> int:
        """The values of the cards of the other hands and of the turn so far, as a mask."""
        values = 0
        for seat, held in enumerate(state.held):
            if seat != player:
                for index in held:
                    values |= 1 << index % _SLOTS
        for card in state.turn_cards:
            values |= 1 << card.value
        return values

    def play(self, key: HattrickMove) -> None:
        """Make the move ``key``."""
        state = apply_move(self._states[-1], key)
        self._states.append(state)
        if state.is_over or state.hand_number != self._number:
            self.points = list(state.finished_hands[-1].scores)
            self._bounds.append(None)
        elif state.turn_cards:
            self._bounds.append(self._bounds[-1])
        else:
            self._bounds.append(self._turn_bounds(state))

    def undo(self) -> None:
        """Take back the latest move."""
        self._states.pop()
        self._bounds.pop()
        self.points = [0] * len(self.points)

    def key(self) -> Hashable:
        """The turn's leader and cards, every hand, and the cards of each colour won and the
        cards passed by each player searched."""
        state = self._states[-1]
        masks = self._masks
        won = state.won
        passed = state.passed
        counts = tuple(
            [(won[p].mask & mask).bit_count() for p in self._searched for mask in masks]
            + [passed[p].mask.bit_count() for p in self._searched]
        )
        return (
            state.turn_leader,
            tuple([card.index for card in state.turn_cards]),
            state.held,
            counts,
        )

    def _turn_bounds(self, state: HattrickState) -> tuple[int, int] | None:
        """Bounds of the searched player's score of the hand, between two turns: at best it
        wins every card still in play of the colour it could collect most of and nothing
        else (:rule:`HT-SCORE-1`), at worst every card still in play and passes all its own
        but the last (:rule:`HT-SCORE-2`, :rule:`HT-SCORE-3`)."""
        player = self.player
        if player is None:
            return None
        live = 0
        for held in state.held:
            for index in held:
                live |= 1 << index
        won = state.won[player].mask
        passes = state.passed[player].mask.bit_count()
        counts = [(won & mask).bit_count() for mask in self._masks]
        total = sum(counts)
        high = 2 * max(
            c + (live & mask).bit_count() for c, mask in zip(counts, self._masks, strict=True)
        )
        low = 2 * max(counts) - total - live.bit_count()
        own = len(state.held[player])
        return (
            low - PASS_PENALTY * (passes + max(own - 1, 0)),
            high - total - PASS_PENALTY * passes,
        )

    def bounds(self) -> tuple[int, int] | None:
        """For the player searched, bounds of its score of the hand, the points it has being
        0 until the end: at best it wins every card still in play of the colour it could
        collect most of and nothing else, at worst every card still in play and it passes all
        its own but the last (worked out between turns); ``None`` for every player's."""
        return self._bounds[-1]

    def move_of(self, key: Hashable) -> Any:
        """``key``: a move is its own key."""
        return key

    def key_of(self, move: Any) -> Hashable:
        """``move``: a move is its own key."""
        key: Hashable = move
        return key

    def representative(self, key: Hashable) -> Hashable:
        """The move among :meth:`moves` whose card is interchangeable with that of ``key``:
        the last of them of its colour not above it."""
        found = key
        index = key.card.index  # type: ignore[attr-defined]  # a move of the game
        for move in self.moves():
            card = move.card.index
            if card <= index and card // _SLOTS == index // _SLOTS:
                found = move
        return found

    def __repr__(self) -> str:
        return f"<HandPosition of {self._states[-1]!r}>"


def solver_position(state: object, player: int | None) -> HandPosition | None:
    """A :class:`HandPosition` of ``state`` if it is a Hattrick state whose game is not over,
    for a search of the score of ``player`` (``None``: of every player's); else ``None``."""
    if not isinstance(state, HattrickState) or state.is_over:
        return None
    return HandPosition(state, player)
