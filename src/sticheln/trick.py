"""Trick resolution: pure functions of the cards in a trick, usable without a game.

>>> from sticheln import Card, Color
>>> trick_winner([Card(Color.BLUE, 6), Card(Color.BLUE, 11),
...               Card(Color.RED, 3), Card(Color.YELLOW, 0)])
2
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from sticheln.cards import Card, Color

__all__ = ["Trick", "lead_color", "trick_winner"]


def lead_color(cards: Sequence[Card]) -> Color:
    """The lead colour of a trick: the colour of its first card (:rule:`ST-TRICK-1`).

    A led zero sets the lead colour too.

    :raises ValueError: if the trick has no card.
    """
    if not cards:
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

    >>> from sticheln import Card
    >>> trick_winner([Card.parse("R5"), Card.parse("R9"), Card.parse("G2")])
    2
    >>> trick_winner([Card.parse("R0"), Card.parse("B0")]) is None
    True

    :raises ValueError: if the trick has no card.
    """
    if not cards:
        raise ValueError("a trick needs at least one card")
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


def _plays(value: object) -> tuple[tuple[int, Card], ...]:
    return tuple(value)  # type: ignore[arg-type]


@attrs.frozen
class Trick:
    """A finished trick: who played which card, in play order, and who won it.

    ``winner`` is ``None`` for a trick of zeros that was set aside (:rule:`ST-TRICK-6`).
    """

    plays: tuple[tuple[int, Card], ...] = attrs.field(converter=_plays)
    """``(player, card)`` pairs in play order; the first player led the trick."""
    winner: int | None
    """The player who won the trick, or ``None``."""

    @property
    def leader(self) -> int:
        """The player who led the trick."""
        return self.plays[0][0]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play order."""
        return tuple(card for _, card in self.plays)

    def __str__(self) -> str:
        cards = " ".join(f"{player}:{card}" for player, card in self.plays)
        return f"{cards} -> {'nobody' if self.winner is None else self.winner}"


_new_object = object.__new__
_set_plays = Trick.__dict__["plays"].__set__
_set_winner = Trick.__dict__["winner"].__set__


def _new_trick(plays: tuple[tuple[int, Card], ...], winner: int | None) -> Trick:
    """Build a trick without the conversion of ``__init__`` (hot path)."""
    trick = _new_object(Trick)
    _set_plays(trick, plays)
    _set_winner(trick, winner)
    return trick
