"""Trick resolution: pure functions of the cards in a trick, usable without a game.

>>> from sticheln import Card, Color
>>> trick_winner([Card(Color.BLUE, 6), Card(Color.BLUE, 11),
...               Card(Color.RED, 3), Card(Color.YELLOW, 0)])
2
"""

from __future__ import annotations

from collections.abc import Sequence

from sticheln.core.cards import Card, Color, check_cards
from sticheln.core.tricks import Trick

__all__ = ["Trick", "lead_color", "trick_winner", "winning_index"]


def lead_color(cards: Sequence[Card]) -> Color:
    """The lead colour of a trick: the colour of its first card (:rule:`ST-TRICK-1`).

    A led zero sets the lead colour too.

    :raises ValueError: if the trick has no card.
    :raises WrongTypeError: if ``cards`` is not a sequence of cards.
    """
    if not check_cards(cards, "a trick"):
        raise ValueError("a trick needs at least one card")
    return cards[0].color


def trick_winner(cards: Sequence[Card]) -> int | None:
    """The index, in play order, of the card that wins the trick; ``None`` if none can.

    The first card sets the lead colour (:rule:`ST-TRICK-1`). A zero never wins and is
    ignored (:rule:`ST-TRICK-4`). If any other card is not of the lead colour, the highest of
    those wins (:rule:`ST-TRICK-2`); otherwise the highest lead-colour card wins
    (:rule:`ST-TRICK-3`). Of two equal cards the earlier one wins (:rule:`ST-TRICK-5`). When
    every card is a zero, nobody wins (:rule:`ST-TRICK-6`).

    The function takes any number of cards, so it also tells who would win a trick that is
    still open.

    >>> from sticheln import Card, trick_winner
    >>> trick_winner([Card.parse("R5"), Card.parse("R9"), Card.parse("G2")])
    2
    >>> trick_winner([Card.parse("R0"), Card.parse("B0")]) is None
    True

    :raises ValueError: if the trick has no card.
    :raises WrongTypeError: if ``cards`` is not a sequence of cards.
    """
    if not check_cards(cards, "a trick"):
        raise ValueError("a trick needs at least one card")
    return winning_index(cards)


def winning_index(cards: Sequence[Card]) -> int | None:
    """:func:`trick_winner` without the checks of its argument, for the engine and the bots:
    the one definition of the rules of :func:`trick_winner`, which calls it. ``cards`` must be
    a non-empty sequence of cards."""
    lead = cards[0].color
    best: int | None = None
    best_value = 0
    best_is_trump = False
    for i, card in enumerate(cards):
        value = card.value
        if value == 0:
            continue
        if card.color is not lead:
            if not best_is_trump or value > best_value:
                best, best_value, best_is_trump = i, value, True
        elif not best_is_trump and value > best_value:
            best, best_value = i, value
    return best
