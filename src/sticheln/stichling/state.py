"""The state of a game of Stichling and its parts.

A :class:`StichlingState` is an immutable value: :func:`~sticheln.stichling.apply_move` returns
a new state and leaves the old one as it was. The full state holds every card and every
player's victory-point row; give players a :class:`~sticheln.stichling.StichlingView` instead
(:func:`~sticheln.stichling.observe`).

A game is a number of *hands*, three by default (:rule:`SL-GAME-1`): each is dealt, the players
order their victory-point cards, all at once and in secret (:rule:`SL-VP-2`), and then play
their cards one at a time, clockwise (:rule:`SL-PLAY-1`).

>>> state = new_game(players=2, seed=7)
>>> state.phase, state.players_to_act, state.hand_count, state.hand_leader
(<Phase.ARRANGING: 'arranging'>, (0, 1), 3, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from operator import itemgetter
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias

import attrs

from sticheln.core.cards import _ALL_CARDS, Card, CardSet, _card_set
from sticheln.core.setup import GameSetup, wrong_type
from sticheln.core.text import acting_text, deal_text, short_repr
from sticheln.core.wire import WireValue
from sticheln.stichling.moves import AddToTrick, ArrangePoints, OpenTrick, StichlingMove
from sticheln.stichling.rules import HandLeader, StichlingRules
from sticheln.stichling.scoring import active_position, ranking, winners
from sticheln.stichling.tricks import StichlingTrick, new_trick

if TYPE_CHECKING:
    from sticheln.stichling.view import StichlingView

__all__ = [
    "FinishedHand",
    "Phase",
    "StichlingState",
    "check_state",
    "hand_leader",
]

OpenPlays: TypeAlias = tuple[tuple[int, ...], tuple[Card, ...], tuple[int, ...], int]
"""An open trick in the engine's form (:attr:`StichlingState.plays`): its seats, cards and
turns in play order, and the index of the card that holds the marker
(:attr:`StichlingTrick.top <sticheln.stichling.StichlingTrick.top>`)."""

_BITS: Final = tuple(1 << index for index in range(len(_ALL_CARDS)))


def hand_set(held: tuple[int, ...]) -> CardSet:
    """The card set of the ascending card indices ``held``."""
    return _card_set(sum(map(_BITS.__getitem__, held)), held)


def open_trick(plays: OpenPlays) -> StichlingTrick:
    """The open trick of the engine's form ``plays``; its marker holder is its winner as it
    stands (:rule:`SL-TRICK-2`)."""
    seats, cards, turns, top = plays
    return new_trick(seats, cards, turns, top, seats[top])


def laid_rows(orders: Sequence[tuple[int, ...] | None]) -> tuple[tuple[int, ...], ...]:
    """The rows of victory-point cards of ``orders`` (:attr:`StichlingState.orders`) once
    every player has laid theirs down, as in the playing phase (:rule:`SL-VP-2`).

    :raises ValueError: if a row is not laid down yet.
    """
    rows = tuple([order for order in orders if order is not None])
    if len(rows) != len(orders):
        raise ValueError("a row of victory-point cards is not laid down yet")
    return rows


def trick_plays(trick: StichlingTrick) -> OpenPlays:
    """The engine's form of the open ``trick``."""
    return (trick.seats, trick.cards, trick.turns, trick.top)


class Phase(Enum):
    """What the game is waiting for."""

    ARRANGING = "arranging"
    """Every player who has not yet done so orders their victory-point cards, all at once
    (:rule:`SL-VP-2`)."""
    PLAYING = "playing"
    """The player to act plays a card (:rule:`SL-PLAY-1`)."""
    OVER = "over"
    """The last hand is scored; nobody acts any more."""


_ARRANGING = Phase.ARRANGING
_PLAYING = Phase.PLAYING
_OVER = Phase.OVER


def hand_leader(setup: GameSetup[StichlingRules, tuple[CardSet, ...]], number: int) -> int:
    """The seat that plays the first card of hand ``number`` (from 0): the first leader in the
    first hand (:rule:`SL-LEAD-1`), then by default the next player clockwise in each hand
    (:rule:`SL-LEAD-2`)."""
    if setup.rules.hand_leader is HandLeader.SAME:
        return setup.first_leader
    return (setup.first_leader + number) % setup.players


def play_moves(
    completed: Iterable[StichlingTrick], still_open: Iterable[StichlingTrick]
) -> list[StichlingMove]:
    """The moves that played the cards of a hand's tricks, in the order they were made: the
    ``completed`` tricks and those ``still_open`` (or left open at the end)."""
    done = list(completed)
    closing = {id(trick): trick.turns[-1] for trick in done}
    plays = [
        (turn, i, trick) for trick in (*done, *still_open) for i, turn in enumerate(trick.turns)
    ]
    plays.sort(key=itemgetter(0))
    table: list[StichlingTrick] = []
    moves: list[StichlingMove] = []
    for turn, i, trick in plays:
        seat, card = trick.seats[i], trick.cards[i]
        if i == 0:
            moves.append(OpenTrick(seat, card))
            table.append(trick)
        else:
            index = next(j for j, other in enumerate(table) if other is trick)
            moves.append(AddToTrick(seat, card, index))
        if closing.get(id(trick)) == turn:
            table.remove(trick)
    return moves


@attrs.frozen
class FinishedHand(WireValue):
    """A hand that has been played and scored.

    In a player's view, the victory-point cards of the others' rows that nobody turned up are
    ``None`` (:rule:`SL-VP-4`); everything else of a finished hand is public.
    """

    wire_game = "stichling"

    number: int
    """The hand's number, from 0."""
    leader: int
    """The seat that played the hand's first card (:rule:`SL-LEAD-2`)."""
    arranged: tuple[int, ...]
    """The seats in the order they laid down their victory-point cards."""
    orders: tuple[tuple[int | None, ...], ...]
    """Each player's row of victory-point cards, in the order they are turned up
    (:rule:`SL-VP-2`); ``None`` for a card the viewer has not seen."""
    tricks: tuple[StichlingTrick, ...]
    """The completed tricks, in the order they were completed (:rule:`SL-TRICK-2`)."""
    left_open: tuple[StichlingTrick, ...]
    """The tricks still open when the last card was played, in the order they were opened;
    their ``winner`` is ``None`` unless the rules give them to their marker holders
    (:rule:`SL-HAND-1`)."""
    scores: tuple[int, ...]
    """Each player's points for the hand (:rule:`SL-SCORE-1`)."""

    @property
    def won(self) -> tuple[tuple[StichlingTrick, ...], ...]:
        """The tricks each player won, by seat (:rule:`SL-TRICK-3`)."""
        return tuple(
            tuple(t for t in (*self.tricks, *self.left_open) if t.winner == p)
            for p in range(len(self.scores))
        )

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each player won."""
        return tuple(map(len, self.won))

    @property
    def moves(self) -> tuple[StichlingMove, ...]:
        """The hand's moves in the order they were made.

        :raises ValueError: for a hand seen in a player's view, with a card of a row hidden.
        """
        moves: list[StichlingMove] = []
        for p in self.arranged:
            order = self.orders[p]
            if None in order:
                raise ValueError("a row with hidden victory-point cards cannot be made a move")
            moves.append(ArrangePoints(p, order))
        moves.extend(play_moves(self.tricks, self.left_open))
        return tuple(moves)


def seats_to_act(
    phase: Phase, orders: tuple[tuple[int, ...] | None, ...], to_act: int | None
) -> tuple[int, ...]:
    """The seats that may move in ``phase`` (:attr:`StichlingState.players_to_act`): everyone
    whose row of victory-point cards is not yet among ``orders``, or the seat ``to_act``, or
    nobody once the game is over."""
    if to_act is not None:
        return (to_act,)
    if phase is _ARRANGING:
        return tuple([p for p, order in enumerate(orders) if order is None])
    return ()


class StichlingState(NamedTuple):
    """A complete, immutable game state, hidden cards included.

    Build one with :func:`~sticheln.stichling.new_game` and advance it with
    :func:`~sticheln.stichling.apply_move`. The fields describe the hand in progress; earlier
    hands are in :attr:`finished_hands`.

    The state is a :class:`~typing.NamedTuple` so that the engine can make a new one cheaply
    on every move; treat it as an opaque value with attributes.
    """

    setup: GameSetup[StichlingRules, tuple[CardSet, ...]]
    """Rules, players and deals: the same object in every state of a game."""
    phase: Phase
    """What the game waits for."""
    hand_number: int
    """The hand in progress, from 0 (the number of hands once the game is over)."""
    held: tuple[tuple[int, ...], ...]
    """The indices of the cards each player holds, by seat, ascending (:attr:`Card.index
    <sticheln.Card.index>`): the engine's form of :attr:`hands`."""
    orders: tuple[tuple[int, ...] | None, ...]
    """Each player's row of victory-point cards for the hand, in the order they are turned
    up; ``None`` until the player has laid it down (:rule:`SL-VP-2`)."""
    arranged: tuple[int, ...]
    """The seats that have laid down their row this hand, in order."""
    turn: int
    """How many cards have been played in the hand."""
    to_act: int | None
    """The seat whose turn it is to play a card, or ``None`` outside the playing phase."""
    plays: tuple[OpenPlays, ...]
    """The open tricks in the engine's form (:data:`OpenPlays`), in the order they were
    opened: the cheap form of :attr:`open_tricks`."""
    move_key: int
    """The rules' move options and the led colours of the open tricks as one number: the key
    of the engine's tables of legal moves."""
    won: tuple[tuple[StichlingTrick, ...], ...]
    """The tricks each player has won this hand, by seat, in the order won
    (:rule:`SL-TRICK-3`)."""
    finished_hands: tuple[FinishedHand, ...]
    """The hands played so far."""
    players_to_act: tuple[int, ...]
    """The seats that may move now: everyone still to order their victory-point cards, or the
    one player whose turn it is, or nobody once the game is over (:func:`seats_to_act`)."""
    is_over: bool
    """Whether the game has ended."""

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """The cards each player holds, by seat."""
        return tuple(map(hand_set, self.held))

    @property
    def open_tricks(self) -> tuple[StichlingTrick, ...]:
        """The open tricks, in the order they were opened (at most
        :data:`~sticheln.stichling.OPEN_TRICKS`, :rule:`SL-PLAY-2`); a completed trick leaves
        the tuple and the later ones move up. :attr:`AddToTrick.trick
        <sticheln.stichling.AddToTrick.trick>` is an index into it."""
        return tuple(map(open_trick, self.plays))

    @property
    def rules(self) -> StichlingRules:
        """The rules of the game."""
        return self.setup.rules

    @property
    def players(self) -> int:
        """The number of players."""
        return self.setup.players

    @property
    def hand_count(self) -> int:
        """The number of hands the game lasts (:rule:`SL-GAME-1`)."""
        return len(self.setup.deals)

    @property
    def deal_number(self) -> int:
        """The deal in progress: :attr:`hand_number`, the name the game protocol uses
        (:meth:`Game.deal_number <sticheln.Game.deal_number>`)."""
        return self.hand_number

    @property
    def hand_leader(self) -> int:
        """The seat that plays the first card of the hand in progress (:rule:`SL-LEAD-1`,
        :rule:`SL-LEAD-2`)."""
        return hand_leader(self.setup, self.hand_number)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each player has won this hand."""
        return tuple(map(len, self.won))

    @property
    def face_up(self) -> tuple[int | None, ...]:
        """The value of each player's victory-point card that is face up now, or ``None``
        for a player who has won no trick this hand (:rule:`SL-VP-3`)."""
        result: list[int | None] = []
        for order, won in zip(self.orders, self.won, strict=True):
            position = active_position(len(won))
            result.append(None if position is None or order is None else order[position])
        return tuple(result)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's total over the finished hands (:rule:`SL-GAME-1`)."""
        totals = [0] * self.setup.players
        for finished in self.finished_hands:
            for p, score in enumerate(finished.scores):
                totals[p] += score
        return tuple(totals)

    def _results(self) -> tuple[list[list[int]], list[int]]:
        n = self.setup.players
        hand_scores = [[hand.scores[p] for hand in self.finished_hands] for p in range(n)]
        tricks = [sum(hand.tricks_won[p] for hand in self.finished_hands) for p in range(n)]
        return hand_scores, tricks

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners once the game is over, else ``()``: the highest total, ties going to
        the better last hand, then the one before (:rule:`SL-GAME-2`)."""
        if self.phase is not _OVER:
            return ()
        hand_scores, tricks = self._results()
        return winners(hand_scores, self.setup.rules.full_tie, tricks)

    @property
    def ranking(self) -> tuple[int, ...]:
        """Each player's place over the finished hands, 1 for first, with the tie-breaks of
        :attr:`winners`."""
        hand_scores, tricks = self._results()
        return ranking(hand_scores, self.setup.rules.full_tie, tricks)

    @property
    def moves(self) -> tuple[StichlingMove, ...]:
        """Every move of the game so far, in order."""
        moves: list[StichlingMove] = []
        for finished in self.finished_hands:
            moves.extend(finished.moves)
        if self.phase is not _OVER:
            moves.extend(ArrangePoints(p, self.orders[p]) for p in self.arranged)
            moves.extend(play_moves((t for won in self.won for t in won), self.open_tricks))
        return tuple(moves)

    def __repr__(self) -> str:
        return short_repr("StichlingState", [f"{self.players} players", *progress(self)])

    def __str__(self) -> str:
        """Every hand by seat, the rows of victory points, the open tricks, the tricks of the
        hand and the players' scores; the scoreboard once the game is over."""
        from sticheln.stichling.view import describe_state  # the view imports this module

        return describe_state(self)


def progress(game: StichlingState | StichlingView, *, short: bool = True) -> list[str]:
    """Where a game of Stichling is, in the parts of its ``repr`` (``short``) or of the first
    line of its ``str``: the hand, then the card to be played, the open tricks and who plays,
    or who is still to order their victory points; the scores once it is over."""
    if game.phase is _OVER:
        return ["over", f"scores {list(game.scores)}"] if short else ["game over"]
    parts = [deal_text("hand", game.hand_number, game.hand_count, short=short)]
    waiting = game.players_to_act
    if game.phase is _ARRANGING:
        seats = str(list(waiting)) if short else ", ".join(map(str, waiting))
        return [*parts, "ordering victory points", f"waiting for {seats}"]
    count = len(game.open_tricks)
    return [
        *parts,
        f"card {game.turn + 1}",
        f"{count} open trick{'' if count == 1 else 's'}",
        acting_text(waiting),
    ]


def check_state(state: object) -> None:
    """Check that ``state`` is a :class:`StichlingState`.

    :raises WrongTypeError: if it is not (another game's state, a view, ``None``).
    """
    if type(state) is not StichlingState and not isinstance(state, StichlingState):
        raise wrong_type(state, StichlingState, "state")
