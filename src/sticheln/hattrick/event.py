"""What a player sees happen when a move of Hattrick is made: :func:`events`, for frontends
that animate a game without comparing views.

Every event is a frozen value with a JSON form (:meth:`~sticheln.core.wire.WireValue.to_dict`,
:doc:`/wire`). The events of a move are worked out from the player's views before and after
it, so they show exactly what the player may see: under :attr:`PassedCards.HIDDEN
<sticheln.hattrick.PassedCards.HIDDEN>` another player's passed card is ``None``.

>>> from sticheln import Card
>>> from sticheln.hattrick import HattrickRules, apply_move, events, move_for, new_game
>>> rules = HattrickRules(highest=4, player_counts=(4,), hands_per_game=1)
>>> deal = ["R4 G1 B1", "R1 G2 B2", "R2 G3 B3", "R3 G4 B4"]
>>> state = new_game(4, rules=rules, deals=[deal])
>>> for player, name in [(0, "R4"), (1, "G2")]:
...     state = apply_move(state, move_for(state, player, Card.parse(name)))
>>> (passed,) = events(state, move_for(state, 2, Card.parse("B3")), 0)
>>> type(passed).__name__, passed.player, str(passed.card)
('CardPassed', 2, 'B3')
>>> state = apply_move(state, move_for(state, 2, Card.parse("B3")))
>>> followed, red, green, ended = events(state, move_for(state, 3, Card.parse("G4")), 0)
>>> type(followed).__name__, followed.player, str(followed.card)
('CardFollowed', 3, 'G4')

The red trick goes to seat 0, the green one to seat 3; R4 and G4 tie for the highest card, so
the next lower value, seat 1's G2, leads the next turn (:rule:`HT-LEAD-2`):

>>> red.winner, green.winner, ended.next_leader, ended.rule
(0, 3, 1, 'HT-LEAD-2')

Each trick comes with why it goes to whom (:rule:`HT-TRICK-1`), as
:func:`~sticheln.hattrick.explain_trick` gives it:

>>> print(green.explanation)
G4 wins.
- G2 opens the trick: green is its colour, and only green cards are added to it (HT-PLAY-1).
- G2 is lower than G4 (HT-TRICK-1).
- G4 is the highest card of the trick (HT-TRICK-1).

When the hand is over, every player's hand score comes item by item
(:func:`~sticheln.hattrick.explain_score`); seat 2 won G3 and passed B3:

>>> state = apply_move(state, move_for(state, 3, Card.parse("G4")))
>>> for player, name in [(1, "B2"), (2, "G3"), (3, "B4")]:
...     state = apply_move(state, move_for(state, player, Card.parse(name)))
>>> scored = events(state, move_for(state, 0, Card.parse("B1")), 0)[-2]
>>> print(scored.explanations[2])
Hand score -1:
  +0 green is the collected colour: 1 green card won, more than of any other colour (HT-SCORE-1).
  +1 G3 is in the collected colour and scores one point (HT-SCORE-1).
  -2 B3 was passed and costs two points, whatever its colour (HT-SCORE-3).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from sticheln.core.cards import Card, CardSet
from sticheln.core.explain import ScoreExplanation, TrickExplanation
from sticheln.core.results import winners
from sticheln.core.tricks import Trick
from sticheln.core.wire import WireValue, events_from_views
from sticheln.hattrick.engine import apply_move
from sticheln.hattrick.explain import explain_score, explain_trick
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick
from sticheln.hattrick.state import FinishedHand
from sticheln.hattrick.turn import Turn
from sticheln.hattrick.view import HattrickView, observe

__all__ = [
    "EVENT_TYPES",
    "CardFollowed",
    "CardPassed",
    "GameOver",
    "HandScored",
    "HandStarted",
    "HattrickEvent",
    "TrickOpened",
    "TrickTaken",
    "TurnEnded",
    "events",
    "view_events",
]


@attrs.frozen
class TrickOpened(WireValue):
    """A player opened a trick: with the first card of the turn (:rule:`HT-TURN-1`), or with
    a card of another colour while one trick is open (:rule:`HT-PLAY-2`)."""

    wire_game = "hattrick"

    player: int
    """The seat of the player."""
    card: Card
    """The card played."""


@attrs.frozen
class CardFollowed(WireValue):
    """A player added a card to the open trick of its colour (:rule:`HT-PLAY-1`)."""

    wire_game = "hattrick"

    player: int
    """The seat of the player."""
    card: Card
    """The card played."""


@attrs.frozen
class CardPassed(WireValue):
    """A player passed a card of the third colour onto their pass pile (:rule:`HT-PLAY-3`);
    it is shown first, or only its colour is (:rule:`HT-PASS-1`)."""

    wire_game = "hattrick"

    player: int
    """The seat of the player."""
    card: Card | None
    """The card passed; ``None`` for a card of another player under :attr:`PassedCards.HIDDEN
    <sticheln.hattrick.PassedCards.HIDDEN>`."""


@attrs.frozen
class TrickTaken(WireValue):
    """The turn is over and a trick of it goes to the player of its highest card
    (:rule:`HT-TRICK-1`), who lays its cards face up (:rule:`HT-TRICK-2`): who takes it, and
    why."""

    wire_game = "hattrick"

    trick: Trick
    """The trick: its cards in play order, and its winner."""
    winner: int
    """The seat that takes the trick."""
    rule: str
    """The rule that gives it to them: ``"HT-TRICK-1"``."""
    explanation: TrickExplanation
    """Why that card takes the trick (:func:`~sticheln.hattrick.explain_trick`): the trick's
    colour (:rule:`HT-PLAY-1`), then one reason per card, each naming its rule."""


@attrs.frozen
class TurnEnded(WireValue):
    """Every player has played a card: the turn is over (:rule:`HT-TURN-1`), and the player of
    its highest card leads the next one (:rule:`HT-LEAD-2`)."""

    wire_game = "hattrick"

    turn: Turn
    """The whole turn as the player sees it (another player's hidden passed card is
    ``None``)."""
    next_leader: int
    """The seat that leads the next turn; after the last turn of a hand the next hand's
    leader leads instead (:class:`HandStarted`, :rule:`HT-GAME-1`)."""
    rule: str
    """The rule that names the next leader: ``"HT-LEAD-2"``."""


@attrs.frozen
class HandScored(WireValue):
    """Everyone holds one card: the hand is over (:rule:`HT-HAND-1`) and scored
    (:rule:`HT-SCORE-1` to :rule:`HT-SCORE-3`)."""

    wire_game = "hattrick"

    hand: FinishedHand
    """The whole hand as the player sees it: the others' last cards are ``None``, and so are
    their pass piles under :attr:`PassedCards.HIDDEN <sticheln.hattrick.PassedCards.HIDDEN>`."""
    totals: tuple[int, ...]
    """Each player's total after the hand (:rule:`HT-GAME-2`)."""
    explanations: tuple[ScoreExplanation, ...]
    """Each player's score of the hand item by item, by seat
    (:func:`~sticheln.hattrick.explain_score` of :attr:`hand`, so from what the player sees:
    a passed card they did not see is an item without a card)."""


@attrs.frozen
class HandStarted(WireValue):
    """A new hand is dealt (:rule:`HT-DEAL-1`), led by the player left of the last hand's
    leader (:rule:`HT-GAME-1`)."""

    wire_game = "hattrick"

    number: int
    """The hand's number, from 0."""
    leader: int
    """The seat that leads its first turn."""
    hand: CardSet
    """The player's new hand."""


@attrs.frozen
class GameOver(WireValue):
    """The last hand is scored (:rule:`HT-GAME-1`, :rule:`HT-GAME-3`); the highest total wins
    (:rule:`HT-GAME-2`)."""

    wire_game = "hattrick"

    scores: tuple[int, ...]
    """Each player's total."""
    winners: tuple[int, ...]
    """The seats with the highest total."""


HattrickEvent: TypeAlias = (
    TrickOpened
    | CardFollowed
    | CardPassed
    | TrickTaken
    | TurnEnded
    | HandScored
    | HandStarted
    | GameOver
)
"""Any event of Hattrick."""

EVENT_TYPES = (
    TrickOpened,
    CardFollowed,
    CardPassed,
    TrickTaken,
    TurnEnded,
    HandScored,
    HandStarted,
    GameOver,
)
"""Every event class of Hattrick, for the wire format."""


def view_events(
    before: HattrickView, after: HattrickView, move: HattrickMove
) -> tuple[HattrickEvent, ...]:
    """The events between two views of one player, ``after`` being one move (``move``)
    later than ``before``."""
    hand_over = len(after.finished_hands) > len(before.finished_hands)
    turn: Turn | None = None
    if hand_over:
        turn = after.finished_hands[-1].turns[-1]
    elif len(after.turns) > len(before.turns):
        turn = after.turns[-1]
    found: list[HattrickEvent] = []
    if isinstance(move, OpenTrick):
        found.append(TrickOpened(move.player, move.card))
    elif isinstance(move, Follow):
        found.append(CardFollowed(move.player, move.card))
    else:
        cards = after.turn_cards if turn is None else turn.cards
        found.append(CardPassed(move.player, cards[-1]))  # None where the card is hidden
    if turn is not None:
        for trick in turn.tricks:
            assert trick.winner is not None  # every trick of a finished turn is taken
            found.append(TrickTaken(trick, trick.winner, "HT-TRICK-1", explain_trick(trick.cards)))
        found.append(TurnEnded(turn, turn.next_leader, "HT-LEAD-2"))
    if hand_over:
        hand = after.finished_hands[-1]
        explanations = tuple(explain_score(hand, seat) for seat in range(after.players))
        found.append(HandScored(hand, after.scores, explanations))
        if after.is_over:
            found.append(GameOver(after.scores, winners(after.scores)))
        else:
            found.append(HandStarted(after.hand_number, after.hand_leader, after.hand))
    return tuple(found)


events = events_from_views(observe, apply_move, view_events, __name__)
