"""Scoring: card points, round scores and the final ranking (pure functions).

>>> from sticheln import Card, CardSet, Color
>>> card_points(Card.parse("B7"), Color.BLUE), card_points(Card.parse("P14"), Color.BLUE)
(-7, 1)
>>> round_score(Card.parse("B5"), CardSet.parse("B7 R4 Y2 P14"))
-9
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from sticheln.core.cards import MAX_VALUE, Card, CardSet, Color, check_cards
from sticheln.core.errors import WrongTypeError, excerpt
from sticheln.core.results import ranking, winners

__all__ = ["card_points", "ranking", "round_score", "winners"]


def card_points(card: Card, pain_color: Color) -> int:
    """What one won card is worth to a player whose pain colour is ``pain_color``.

    A card of the pain colour costs its value (:rule:`ST-SCORE-1`); any other card is worth
    one point, whatever its value (:rule:`ST-SCORE-2`).

    :raises WrongTypeError: if ``card`` is not a :class:`~sticheln.Card` or ``pain_color``
        not a :class:`~sticheln.Color`.
    """
    if not isinstance(card, Card):
        raise WrongTypeError(f"card must be a Card, got {excerpt(card)}")
    if not isinstance(pain_color, Color):
        raise WrongTypeError(f"pain_color must be a Color, got {excerpt(pain_color)}")
    return -card.value if card.color is pain_color else 1


def round_score(pain_card: Card, won_cards: Iterable[Card]) -> int:
    """A player's score for one round: the pain card and every won card, by
    :func:`card_points` in the pain card's colour.

    The face-up pain card counts like a won card of the pain colour (:rule:`ST-SCORE-1`).
    The result may be negative (:rule:`ST-SCORE-3`).

    :raises WrongTypeError: if ``pain_card`` is not a :class:`~sticheln.Card`, or
        ``won_cards`` not a :class:`~sticheln.CardSet` or a sequence of cards.
    """
    if not isinstance(pain_card, Card):
        raise WrongTypeError(f"pain_card must be a Card, got {excerpt(pain_card)}")
    pain = pain_card.color
    if isinstance(won_cards, CardSet):
        # The same sum, computed on the bit set: one point per card outside the pain colour,
        # minus the values of the cards in it (the pain colour's bits, numbered by value).
        mask = won_cards.mask
        in_pain = mask >> (pain_card.index - pain_card.value) & _COLOR_BITS
        others = mask.bit_count() - in_pain.bit_count()
        return card_points(pain_card, pain) + others - _value_sum(in_pain)
    given: object = won_cards
    if not isinstance(given, Iterable) or isinstance(given, str | bytes):
        raise WrongTypeError(f"won_cards must be cards, got {excerpt(given)}")
    cards = check_cards(won_cards if isinstance(won_cards, Sequence) else [*won_cards], "won_cards")
    return card_points(pain_card, pain) + sum(card_points(card, pain) for card in cards)


_COLOR_BITS: Final = (1 << (MAX_VALUE + 1)) - 1
_CHUNK_SUMS: Final = tuple(sum(i for i in range(7) if chunk >> i & 1) for chunk in range(128))


def _value_sum(bits: int) -> int:
    """The sum of the positions of the set bits of a colour's 21 bits: the sum of the values
    of those cards."""
    middle = bits >> 7 & 127
    high = bits >> 14
    return (
        _CHUNK_SUMS[bits & 127]
        + _CHUNK_SUMS[middle]
        + 7 * middle.bit_count()
        + _CHUNK_SUMS[high]
        + 14 * high.bit_count()
    )
