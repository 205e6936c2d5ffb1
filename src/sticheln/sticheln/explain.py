"""Rules that explain themselves: why a card wins a trick, what a round score is made of.

Every reason names the rule it applies, so a frontend can answer "why did I lose that
trick?" and link to the specification.

>>> print(explain_trick([Card.parse(c) for c in "B6 B11 R3 Y0".split()]))
R3 wins.
- B6 leads: blue is the lead colour (ST-TRICK-1).
- B6 cannot win: it is in the lead colour and a card of another colour is present (ST-TRICK-2).
- B11 cannot win: it is in the lead colour and a card of another colour is present (ST-TRICK-2).
- R3 wins: it is the highest card not in the lead colour (ST-TRICK-2).
- Y0 cannot win: zeros never win a trick (ST-TRICK-4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from sticheln.core.cards import Card, CardSet, check_cards
from sticheln.core.errors import WrongTypeError, excerpt
from sticheln.sticheln.rules import AllZeroTrick
from sticheln.sticheln.scoring import card_points
from sticheln.sticheln.trick import check_all_zero_trick, taking_index, trick_winner

__all__ = [
    "Reason",
    "ScoreExplanation",
    "ScoreItem",
    "TrickExplanation",
    "explain_score",
    "explain_trick",
]


@attrs.frozen
class Reason:
    """One step of an explanation: a sentence and the rule it applies."""

    text: str
    """The sentence, without the rule ID."""
    rule: str
    """The ID of the rule applied (e.g. ``"ST-TRICK-2"``)."""

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})."


@attrs.frozen
class TrickExplanation:
    """The winner of a trick and one reason per card (or one for the whole trick)."""

    cards: tuple[Card, ...]
    """The cards in play order."""
    winner: int | None
    """The index of the winning card, ``None`` if nobody wins it."""
    reasons: tuple[Reason, ...]
    """Why: first the lead colour, then one reason per card in play order, and for a trick of
    zeros a last reason saying who gets it."""

    @property
    def deciding_reason(self) -> Reason:
        """The reason that decides who gets the trick: the winning card's, or for a trick that
        no card wins the last one (:rule:`ST-TRICK-6`), which says whether nobody wins it or
        which card does under the rules.

        >>> from sticheln import AllZeroTrick, Card, explain_trick
        >>> print(explain_trick([Card.parse("R5"), Card.parse("G2")]).deciding_reason)
        G2 wins: it is the highest card not in the lead colour (ST-TRICK-2).
        >>> zeros = [Card.parse("R0"), Card.parse("G0")]
        >>> explain_trick(zeros, AllZeroTrick.LEADER_WINS).deciding_reason.rule
        'ST-TRICK-6'
        """
        if len(self.reasons) > len(self.cards) + 1 or self.winner is None:
            return self.reasons[-1]
        return self.reasons[self.winner + 1]

    def __str__(self) -> str:
        head = "Nobody wins." if self.winner is None else f"{self.cards[self.winner]} wins."
        return "\n".join([head, *(f"- {reason}" for reason in self.reasons)])


def explain_trick(
    cards: Sequence[Card], all_zero_trick: AllZeroTrick = AllZeroTrick.SET_ASIDE
) -> TrickExplanation:
    """The winner of a trick with the reasons (:rule:`ST-TRICK-1` to :rule:`ST-TRICK-6`).

    The first reason names the lead colour; then comes one reason per card in play order;
    a trick of zeros ends with a reason saying what becomes of it under ``all_zero_trick``
    (pass :attr:`Rules.all_zero_trick <sticheln.Rules.all_zero_trick>` of the game). Under
    :attr:`~sticheln.AllZeroTrick.LEADER_WINS` the winner of such a trick is its first card.

    :raises ValueError: if the trick has no card.
    :raises WrongTypeError: if ``cards`` is not a sequence of cards, or ``all_zero_trick``
        not an :class:`~sticheln.AllZeroTrick`.
    """
    check_all_zero_trick(all_zero_trick)
    winner = trick_winner(cards)
    cards = tuple(cards)
    taker = taking_index(cards, all_zero_trick)
    lead = cards[0].color
    reasons = [Reason(f"{cards[0]} leads: {lead.name.lower()} is the lead colour", "ST-TRICK-1")]
    best = None if winner is None else cards[winner]
    other_color = any(c.value and c.color is not lead for c in cards)
    zero_of_other_color = any(not c.value and c.color is not lead for c in cards)
    for i, card in enumerate(cards):
        is_lead = card.color is lead
        if card.value == 0:
            reason = Reason(f"{card} cannot win: zeros never win a trick", "ST-TRICK-4")
        elif best is None:  # unreachable: a non-zero card always wins or loses to one
            raise AssertionError("trick_winner found no winner beside a non-zero card")
        elif i == winner and other_color:
            reason = Reason(
                f"{card} wins: it is the highest card not in the lead colour", "ST-TRICK-2"
            )
        elif i == winner and zero_of_other_color:
            reason = Reason(
                f"{card} wins: it is the highest card of the lead colour; every card of "
                f"another colour is a zero, and zeros never win a trick",
                "ST-TRICK-3",
            )
        elif i == winner:
            reason = Reason(
                f"{card} wins: it is the highest card of the lead colour, and no card of "
                f"another colour is present",
                "ST-TRICK-3",
            )
        elif is_lead and other_color:
            reason = Reason(
                f"{card} cannot win: it is in the lead colour and a card of "
                f"another colour is present",
                "ST-TRICK-2",
            )
        elif card.value == best.value:
            reason = Reason(
                f"{card} ties with {best}, which was played earlier and wins", "ST-TRICK-5"
            )
        elif is_lead:
            reason = Reason(f"{card} is lower than {best}", "ST-TRICK-3")
        else:
            reason = Reason(
                f"{card} is lower than {best}, the highest card not in the lead colour",
                "ST-TRICK-2",
            )
        reasons.append(reason)
    if winner is None:  # no card wins: the rule of a trick of zeros says who takes it
        if taker is None:
            reasons.append(Reason("nobody wins the trick: every card is a zero", "ST-TRICK-6"))
        else:
            to = "its leader" if taker == 0 else f"the player of {cards[taker]}"
            reasons.append(
                Reason(
                    f"{cards[taker]} wins: every card is a zero, and such a trick goes to "
                    f"{to} under these rules",
                    "ST-TRICK-6",
                )
            )
    return TrickExplanation(cards, taker, tuple(reasons))


@attrs.frozen
class ScoreItem:
    """What one card adds to a round score."""

    card: Card
    """The card."""
    points: int
    """Its points: minus its value in the pain colour, else +1."""
    reason: Reason
    """Why."""

    def __str__(self) -> str:
        return f"{self.points:+d} {self.reason}"


@attrs.frozen
class ScoreExplanation:
    """A round score, itemised card by card."""

    total: int
    """The round score, as :func:`~sticheln.round_score` gives it."""
    items: tuple[ScoreItem, ...]
    """The pain card first, then every won card in display order."""

    def __str__(self) -> str:
        return "\n".join([f"Round score {self.total:+d}:", *(f"  {item}" for item in self.items)])


def explain_score(pain_card: Card, won_cards: Iterable[Card]) -> ScoreExplanation:
    """A round score with one item per card (:rule:`ST-SCORE-1`, :rule:`ST-SCORE-2`).

    >>> from sticheln import Card, CardSet, explain_score
    >>> print(explain_score(Card.parse("B5"), CardSet.parse("B7 R4")))
    Round score -11:
      -5 B5 is the pain card and costs its value (ST-SCORE-1).
      +1 R4 is not in the pain colour and scores one point (ST-SCORE-2).
      -7 B7 is in the pain colour and costs its value (ST-SCORE-1).

    :raises WrongTypeError: if ``pain_card`` is not a card, or ``won_cards`` not cards.
    """
    if not isinstance(pain_card, Card):
        raise WrongTypeError(f"pain_card must be a Card, got {excerpt(pain_card)}")
    given: object = won_cards
    if not isinstance(given, Iterable) or isinstance(given, str | bytes):
        raise WrongTypeError(f"won_cards must be cards, got {excerpt(given)}")
    if not isinstance(won_cards, CardSet):
        won_cards = check_cards(
            won_cards if isinstance(won_cards, Sequence) else [*won_cards], "won_cards"
        )
    pain = pain_card.color
    items = [
        ScoreItem(
            pain_card,
            card_points(pain_card, pain),
            Reason(f"{pain_card} is the pain card and costs its value", "ST-SCORE-1"),
        )
    ]
    for card in sorted(won_cards, key=lambda c: c.index):
        points = card_points(card, pain)
        if card.color is pain:
            reason = Reason(f"{card} is in the pain colour and costs its value", "ST-SCORE-1")
        else:
            reason = Reason(f"{card} is not in the pain colour and scores one point", "ST-SCORE-2")
        items.append(ScoreItem(card, points, reason))
    return ScoreExplanation(sum(item.points for item in items), tuple(items))
