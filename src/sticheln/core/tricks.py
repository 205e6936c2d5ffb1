"""A finished trick, as every game of the library records one: who played which card, in play
order, and who won it.

>>> from sticheln import Card, Trick
>>> trick = Trick(((2, Card.parse("R1")), (0, Card.parse("B3"))), winner=0)
>>> trick.leader, trick.cards, trick.plays[1]
(2, (Card(Color.RED, 1), Card(Color.BLUE, 3)), (0, Card(Color.BLUE, 3)))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from sticheln.core.cards import Card
from sticheln.core.errors import WrongTypeError, excerpt
from sticheln.core.setup import check_seat_number

__all__ = ["Trick"]


@attrs.frozen(init=False, repr=False)
class Trick:
    """A trick: who played which card, in play order, and who won it (or, for a trick still
    open, who would win it as it stands).

    ``winner`` is ``None`` for a trick nobody won: in Sticheln a trick of zeros that was set
    aside (:rule:`ST-TRICK-6`).
    """

    seats: tuple[int, ...]
    """The players in play order; the first one led the trick."""
    cards: tuple[Card, ...]
    """The cards in play order."""
    winner: int | None
    """The player who won the trick, or ``None``."""

    def __init__(self, plays: Iterable[tuple[int, Card]], winner: int | None) -> None:
        """A trick of the ``(player, card)`` pairs ``plays``, in play order, won by ``winner``.

        :raises WrongTypeError: for plays that are not pairs of a seat and a card, or a winner
            that is neither a seat nor ``None``.
        """
        given: object = plays
        if not isinstance(given, Iterable) or isinstance(given, str | bytes):
            raise WrongTypeError(f"plays must be (player, card) pairs, got {excerpt(given)}")
        pairs = tuple(plays)
        for pair in pairs:
            if not (
                isinstance(pair, tuple)
                and len(pair) == 2
                and type(pair[0]) is int
                and isinstance(pair[1], Card)
            ):
                raise WrongTypeError(f"a play must be a (player, card) pair, got {excerpt(pair)}")
        if winner is not None:
            check_seat_number(winner, "winner")
        _set_seats(self, tuple(seat for seat, _ in pairs))
        _set_cards(self, tuple(card for _, card in pairs))
        _set_winner(self, winner)

    @classmethod
    def _from_fields(cls, fields: dict[str, Any]) -> Trick:
        """The trick with the fields of its wire form (:mod:`sticheln.core.wire`)."""
        seats, cards = fields["seats"], fields["cards"]
        if len(seats) != len(cards):
            raise ValueError(f"a trick of {len(seats)} seats and {len(cards)} cards")
        return cls(zip(seats, cards, strict=True), fields["winner"])

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


def new_trick(seats: tuple[int, ...], cards: tuple[Card, ...], winner: int | None) -> Trick:
    """Build a trick without the checks of ``__init__`` (for engines' hot paths)."""
    trick = _new_object(Trick)
    _set_seats(trick, seats)
    _set_cards(trick, cards)
    _set_winner(trick, winner)
    return trick
