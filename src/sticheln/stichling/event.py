"""What a player sees happen when a move of Stichling is made: :func:`events`, for frontends
that animate a game without comparing views.

Every event is a frozen value with a JSON form (:meth:`~sticheln.core.wire.WireValue.to_dict`,
:doc:`/wire`). The events of a move are worked out from the player's views before and after
it, so they show exactly what the player may see: another player's row of victory-point cards
shows only the cards that won tricks have turned up (:rule:`SL-VP-4`).

>>> from sticheln.stichling import ArrangePoints, apply_move, events, new_game, parse_move
>>> deal = ["R1 R3 R5 Y2 Y4 Y6 G1 G3 G5 B2 B4 B6", "R2 R4 R6 Y1 Y3 Y5 G2 G4 G6 B1 B3 B5"]
>>> state = new_game(2, deals=[deal] * 3)
>>> events(state, ArrangePoints(0, (3, 2, 1)), 1)
(PointsArranged(player=0, order=(None, None, None)),)
>>> state = apply_move(state, ArrangePoints(0, (3, 2, 1)))
>>> state = apply_move(state, ArrangePoints(1, (2, 3, 1)))
>>> for turn, text in enumerate(["R5+", "R6>1", "R1>1", "Y1+", "Y2>2"]):
...     state = apply_move(state, parse_move(state, turn % 2, text))
>>> added, completed = events(state, parse_move(state, 1, "R2>1"), 0)
>>> type(added).__name__, added.player, str(added.card), added.trick
('CardAdded', 1, 'R2', 0)
>>> str(completed.trick), completed.winner, completed.face_up
('0:R5 1:R6 0:R1 1:R2 -> 1', 1, 2)
>>> str(completed.explanation.deciding_reason)
'R6 is the highest card of the led colour and holds the marker (SL-TRICK-1).'

The end of a hand comes with each player's score explained, from the hand as the viewer sees
it:

>>> texts = "R2>1 G5+ G6>2 B6+ B5+ Y4>1 Y3>1 R3+ R4>4 G1>1 G2>1 Y6+ G4>3 B4>1 Y5>4 G3>3 B3>2 B2>1"
>>> for turn, text in enumerate(texts.split(), start=5):
...     state = apply_move(state, parse_move(state, turn % 2, text))
>>> scored = events(state, parse_move(state, 1, "B1>1"), 1)[2]
>>> scored.hand.orders[0], scored.hand.scores
((3, 2, None), (2, 1))
>>> print(scored.explanations[0])
Hand score +2:
  +0 2 tricks won: the second card of the row is face up (SL-VP-3).
  +2 the second card of the row, 2, is face up and scores its value (SL-SCORE-1).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from sticheln.core.cards import Card, CardSet
from sticheln.core.explain import ScoreExplanation, TrickExplanation
from sticheln.core.wire import WireValue, events_from_views
from sticheln.stichling.engine import apply_move
from sticheln.stichling.explain import explain_score, explain_trick
from sticheln.stichling.moves import ArrangePoints, OpenTrick, StichlingMove
from sticheln.stichling.scoring import active_position
from sticheln.stichling.state import FinishedHand
from sticheln.stichling.tricks import StichlingTrick
from sticheln.stichling.view import StichlingView, observe

__all__ = [
    "EVENT_TYPES",
    "CardAdded",
    "GameOver",
    "HandScored",
    "HandStarted",
    "PointsArranged",
    "StichlingEvent",
    "TrickCompleted",
    "TrickOpened",
    "events",
    "view_events",
]


@attrs.frozen
class PointsArranged(WireValue):
    """A player laid down their row of victory-point cards, face down (:rule:`SL-VP-2`)."""

    wire_game = "stichling"

    player: int
    """The seat of the player."""
    order: tuple[int | None, ...]
    """The row, in the order its cards are turned up: in full for the player who laid it
    down, all ``None`` for everyone else (:rule:`SL-VP-4`)."""


@attrs.frozen
class TrickOpened(WireValue):
    """A player opened a new trick with a card (:rule:`SL-PLAY-2`)."""

    wire_game = "stichling"

    player: int
    """The seat of the player."""
    card: Card
    """The card played."""


@attrs.frozen
class CardAdded(WireValue):
    """A player added a card to an open trick: one of its colour (:rule:`SL-PLAY-3`), or one
    of another colour as a discard (:rule:`SL-PLAY-5`)."""

    wire_game = "stichling"

    player: int
    """The seat of the player."""
    card: Card
    """The card played."""
    trick: int
    """The index of the trick among the open tricks before the card, in the order they were
    opened, from 0."""


@attrs.frozen
class TrickCompleted(WireValue):
    """The card completed a trick (:rule:`SL-TRICK-2`): the marker holder wins it
    (:rule:`SL-TRICK-1`), lays it apart (:rule:`SL-TRICK-3`) and turns up the next card of
    their row (:rule:`SL-VP-3`); :attr:`explanation` says why the marker is theirs."""

    wire_game = "stichling"

    trick: StichlingTrick
    """The whole trick and its winner."""
    winner: int
    """The seat that wins it."""
    face_up: int | None
    """The value of the winner's victory-point card it turned up (everyone sees it)."""
    explanation: TrickExplanation
    """Who holds the marker and why (:func:`~sticheln.stichling.explain_trick`): the led
    colour, then one reason per card, each naming its rule."""
    rule: str = "SL-TRICK-2"
    """The rule that gives it to them: ``"SL-TRICK-2"``."""


@attrs.frozen
class HandScored(WireValue):
    """Every card is played: the hand is over (:rule:`SL-HAND-1`) and scored
    (:rule:`SL-SCORE-1`), each player's score explained."""

    wire_game = "stichling"

    hand: FinishedHand
    """The whole hand as the player sees it: of the others' rows only the cards turned up
    (:rule:`SL-VP-4`)."""
    totals: tuple[int, ...]
    """Each player's total after the hand (:rule:`SL-GAME-1`)."""
    explanations: tuple[ScoreExplanation, ...]
    """What each player's score of the hand is made of, by seat
    (:func:`~sticheln.stichling.explain_score` of :attr:`hand`): the tricks won and the card
    face up (:rule:`SL-VP-3`), which scores (:rule:`SL-SCORE-1`)."""


@attrs.frozen
class HandStarted(WireValue):
    """A new hand is dealt (:rule:`SL-DEAL-1`); the players lay down their rows
    (:rule:`SL-VP-2`), then its leader plays first (:rule:`SL-LEAD-2`)."""

    wire_game = "stichling"

    number: int
    """The hand's number, from 0."""
    leader: int
    """The seat that plays the hand's first card."""
    hand: CardSet
    """The player's new hand."""


@attrs.frozen
class GameOver(WireValue):
    """The last hand is scored (:rule:`SL-GAME-1`); the highest total wins, ties going to the
    better last hand (:rule:`SL-GAME-2`)."""

    wire_game = "stichling"

    scores: tuple[int, ...]
    """Each player's total."""
    winners: tuple[int, ...]
    """The winners, after the tie-breaks."""


StichlingEvent: TypeAlias = (
    PointsArranged | TrickOpened | CardAdded | TrickCompleted | HandScored | HandStarted | GameOver
)
"""Any event of Stichling."""

EVENT_TYPES = (
    PointsArranged,
    TrickOpened,
    CardAdded,
    TrickCompleted,
    HandScored,
    HandStarted,
    GameOver,
)
"""Every event class of Stichling, for the wire format."""


def view_events(
    before: StichlingView, after: StichlingView, move: StichlingMove
) -> tuple[StichlingEvent, ...]:
    """The events between two views of one player, ``after`` being one move (``move``)
    later than ``before``."""
    if isinstance(move, ArrangePoints):
        row = after.rows[move.player]
        return (PointsArranged(move.player, () if row is None else row),)
    found: list[StichlingEvent] = []
    if isinstance(move, OpenTrick):
        found.append(TrickOpened(move.player, move.card))
    else:
        found.append(CardAdded(move.player, move.card, move.trick))
    completed = _completed(before, after)
    if completed is not None:
        found.append(completed)
    if len(after.finished_hands) > len(before.finished_hands):
        hand = after.finished_hands[-1]
        explanations = tuple(explain_score(hand, p) for p in range(after.players))
        found.append(HandScored(hand, after.scores, explanations))
        if after.is_over:
            found.append(GameOver(after.scores, after.winners))
        else:
            found.append(HandStarted(after.hand_number, after.hand_leader, after.hand))
    return tuple(found)


def _completed(before: StichlingView, after: StichlingView) -> TrickCompleted | None:
    """The trick that the move between the views completed, if any."""
    done = sum(map(len, before.won))
    if len(after.finished_hands) > len(before.finished_hands):
        finished = after.finished_hands[-1]
        if len(finished.tricks) == done:
            return None
        trick = finished.tricks[-1]  # the tricks are in the order they were completed
        winner = trick.winner
        assert winner is not None  # a completed trick is won
        count = sum(1 for t in finished.tricks if t.winner == winner)
        row: tuple[int | None, ...] | None = finished.orders[winner]
    else:
        grown = [p for p in range(after.players) if len(after.won[p]) > len(before.won[p])]
        if not grown:
            return None
        winner = grown[0]
        trick = after.won[winner][-1]
        count = len(after.won[winner])
        row = after.rows[winner]
    position = active_position(count)
    face_up = None if row is None or position is None else row[position]
    return TrickCompleted(trick, winner, face_up, explain_trick(trick.cards))


events = events_from_views(observe, apply_move, view_events, __name__)
