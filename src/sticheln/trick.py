"""Trick resolution: pure functions of the cards in a trick, usable without a game.

>>> from sticheln import Card, Color
>>> trick_winner([Card(Color.BLUE, 6), Card(Color.BLUE, 11),
...               Card(Color.RED, 3), Card(Color.YELLOW, 0)])
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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


@attrs.frozen(init=False, repr=False)
class Trick:
    """A finished trick: who played which card, in play order, and who won it.

    ``winner`` is ``None`` for a trick of zeros that was set aside (:rule:`ST-TRICK-6`).

    >>> trick = Trick(((2, Card.parse("R1")), (0, Card.parse("B3"))), winner=0)
    >>> trick.leader, trick.cards, trick.plays[1]
    (2, (Card(Color.RED, 1), Card(Color.BLUE, 3)), (0, Card(Color.BLUE, 3)))
    """

    seats: tuple[int, ...]
    """The players in play order; the first one led the trick."""
    cards: tuple[Card, ...]
    """The cards in play order."""
    winner: int | None
    """The player who won the trick, or ``None``."""

    def __init__(self, plays: Iterable[tuple[int, Card]], winner: int | None) -> None:
        pairs = tuple(plays)
        _set_seats(self, tuple(seat for seat, _ in pairs))
        _set_cards(self, tuple(card for _, card in pairs))
        _set_winner(self, winner)

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """``(player, card)`` pairs in play order."""
        return tuple(zip(self.seats, self.cards, strict=True))

    @property
    def leader(self) -> int:
        """The player who led the trick."""
        return self.seats[0]

    def __str__(self) -> str:
        cards = " ".join(f"{player}:{card}" for player, card in self.plays)
        return f"{cards} -> {'nobody' if self.winner is None else self.winner}"

    def __repr__(self) -> str:
        return f"Trick(plays={self.plays!r}, winner={self.winner!r})"


_new_object = object.__new__
_set_seats = Trick.__dict__["seats"].__set__
_set_cards = Trick.__dict__["cards"].__set__
_set_winner = Trick.__dict__["winner"].__set__


def _new_trick(seats: tuple[int, ...], cards: tuple[Card, ...], winner: int | None) -> Trick:
    """Build a trick without the checks of ``__init__`` (hot path)."""
    trick = _new_object(Trick)
    _set_seats(trick, seats)
    _set_cards(trick, cards)
    _set_winner(trick, winner)
    return trick
