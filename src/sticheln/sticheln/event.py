"""What a player sees happen when a move is made: :func:`events`, for frontends that animate
a game without comparing views.

Every event is a frozen value with a JSON form (:meth:`~sticheln.core.wire.WireValue.to_dict`,
:doc:`/wire`). The events of a move are worked out from the player's views before and after
it, so they show exactly what the player may see: another player's pain card is not named
until all are revealed.

>>> from sticheln import Card, ChoosePain, Deck, PlayCard, StichelnRules, apply_move, events
>>> from sticheln import new_game
>>> rules = StichelnRules(name="small", decks=[Deck(3, "RYG", 1, 3)], hand_size=3)
>>> state = new_game(3, rules=rules, deals=[["R1 R2 R3", "Y1 Y2 Y3", "G1 G2 G3"]] * 3)
>>> events(state, ChoosePain(0, Card.parse("R3")), 1)
(PainCardChosen(player=0, card=None),)
>>> for seat, card in [(0, "R3"), (1, "Y3"), (2, "G3")]:
...     state = apply_move(state, ChoosePain(seat, Card.parse(card)))
>>> state = apply_move(state, PlayCard(0, Card.parse("R1")))
>>> state = apply_move(state, PlayCard(1, Card.parse("Y1")))
>>> played, taken = events(state, PlayCard(2, Card.parse("G2")), 1)
>>> played
CardPlayed(player=2, card=Card(Color.GREEN, 2))
>>> taken.trick.winner, str(taken.explanation.reasons[3])
(2, 'G2 wins: it is the highest card not in the lead colour (ST-TRICK-2).')
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from sticheln.core.cards import Card, CardSet
from sticheln.core.explain import ScoreExplanation, TrickExplanation
from sticheln.core.results import winners
from sticheln.core.tricks import Trick
from sticheln.core.wire import WireValue, events_from_views
from sticheln.sticheln.engine import apply_move
from sticheln.sticheln.explain import explain_score, explain_trick
from sticheln.sticheln.moves import ChoosePain, StichelnMove
from sticheln.sticheln.state import FinishedRound, Phase
from sticheln.sticheln.view import StichelnView, observe

__all__ = [
    "CardPlayed",
    "GameOver",
    "PainCardChosen",
    "PainCardsRevealed",
    "RoundScored",
    "RoundStarted",
    "StichelnEvent",
    "TrickTaken",
    "events",
]


@attrs.frozen
class PainCardChosen(WireValue):
    """A player put down a pain card face down (:rule:`ST-PAIN-1`)."""

    wire_game = "sticheln"

    player: int
    """The seat of the player."""
    card: Card | None
    """The card, for the player who chose it; ``None`` for everyone else."""


@attrs.frozen
class PainCardsRevealed(WireValue):
    """Everyone has chosen: the pain cards are turned face up (:rule:`ST-PAIN-1`)."""

    wire_game = "sticheln"

    pain_cards: tuple[Card, ...]
    """Each player's pain card, by seat."""


@attrs.frozen
class CardPlayed(WireValue):
    """A player played a card to the current trick (:rule:`ST-PLAY-1`)."""

    wire_game = "sticheln"

    player: int
    """The seat of the player."""
    card: Card
    """The card played."""


@attrs.frozen
class TrickTaken(WireValue):
    """The trick is complete: who takes it, and why (:rule:`ST-TRICK-1` to
    :rule:`ST-TRICK-6`)."""

    wire_game = "sticheln"

    trick: Trick
    """The whole trick and its winner (``None`` for a trick of zeros set aside)."""
    explanation: TrickExplanation
    """Why that card wins: one reason per card, each naming its rule."""


@attrs.frozen
class RoundScored(WireValue):
    """The round is over and scored (:rule:`ST-SCORE-1`); everything in it is now public."""

    wire_game = "sticheln"

    round: FinishedRound
    """The whole round: pain cards, tricks, the cards each player won, the scores."""
    totals: tuple[int, ...]
    """Each player's total after the round."""
    explanations: tuple[ScoreExplanation, ...]
    """What each player's score of the round is made of, by seat
    (:func:`~sticheln.explain_score`)."""


@attrs.frozen
class RoundStarted(WireValue):
    """A new round is dealt (:rule:`ST-DEAL-1`)."""

    wire_game = "sticheln"

    number: int
    """The round's number, from 0."""
    leader: int
    """The seat that leads its first trick."""
    hand: CardSet
    """The player's new hand."""


@attrs.frozen
class GameOver(WireValue):
    """The last round is scored (:rule:`ST-GAME-1`)."""

    wire_game = "sticheln"

    scores: tuple[int, ...]
    """Each player's total."""
    winners: tuple[int, ...]
    """The seats with the highest total."""


StichelnEvent: TypeAlias = (
    PainCardChosen
    | PainCardsRevealed
    | CardPlayed
    | TrickTaken
    | RoundScored
    | RoundStarted
    | GameOver
)
"""Any event of Sticheln."""

EVENT_TYPES = (
    PainCardChosen,
    PainCardsRevealed,
    CardPlayed,
    TrickTaken,
    RoundScored,
    RoundStarted,
    GameOver,
)
"""Every event class of Sticheln, for the wire format."""


def view_events(
    before: StichelnView, after: StichelnView, move: StichelnMove
) -> tuple[StichelnEvent, ...]:
    """The events between two views of one player, ``after`` being one move (``move``)
    later than ``before``."""
    if isinstance(move, ChoosePain):
        chosen = PainCardChosen(move.player, move.card if move.player == after.player else None)
        if after.phase is Phase.CHOOSING_PAIN:
            return (chosen,)
        pain_cards = tuple(card for card in after.pain_cards if card is not None)
        return chosen, PainCardsRevealed(pain_cards)
    found: list[StichelnEvent] = [CardPlayed(move.player, move.card)]
    round_over = len(after.finished_rounds) > len(before.finished_rounds)
    tricks = after.finished_rounds[-1].tricks if round_over else after.tricks
    if round_over or len(after.tricks) > len(before.tricks):
        trick = tricks[-1]
        explanation = explain_trick(trick.cards, after.rules.all_zero_trick)
        found.append(TrickTaken(trick, explanation))
    if round_over:
        finished = after.finished_rounds[-1]
        explanations = tuple(explain_score(finished, seat) for seat in range(after.players))
        found.append(RoundScored(finished, after.scores, explanations))
        if after.is_over:
            found.append(GameOver(after.scores, winners(after.scores)))
        else:
            found.append(RoundStarted(after.round_number, after.round_leader, after.hand))
    return tuple(found)


events = events_from_views(observe, apply_move, view_events, __name__)
