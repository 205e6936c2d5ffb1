"""The tricks of Stichling and the rules of playing to them: pure functions of the cards, usable
without a game.

Up to four tricks are open at once. A card opens a new trick or goes onto an open one
(:func:`trick_choices` says which of these it may do); the player of the highest card of a
trick's led colour holds its marker (:func:`marker_index`), and a trick is complete when four
cards count toward it (:func:`is_complete`).

>>> from sticheln import Card, Color
>>> from sticheln.stichling import is_complete, marker_index, trick_choices
>>> cards = [Card.parse(name) for name in ["G4", "G9", "R15", "G2"]]
>>> marker_index(cards), is_complete(cards)
(1, True)
>>> trick_choices([Color.GREEN, Color.RED], Card.parse("G7"))
(True, (0,))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from sticheln.core.cards import Card, Color, check_cards
from sticheln.core.errors import WrongTypeError, excerpt
from sticheln.core.setup import check_items
from sticheln.core.tricks import Trick
from sticheln.stichling.rules import (
    OPEN_TRICKS,
    TRICK_SIZE,
    CountedCards,
    Discards,
    SameColor,
    StichlingRules,
)

__all__ = ["StichlingTrick", "is_complete", "marker_index", "trick_choices"]

_DEFAULT_RULES: Final = StichlingRules()


def marker_index(cards: Sequence[Card]) -> int:
    """The index, in play order, of the card whose player holds the trick's marker: the highest
    card of the led colour, the colour of the first card (:rule:`SL-TRICK-1`). Cards of other
    colours, discards, never hold it; a colour has each value once, so there is no tie.

    >>> from sticheln import Card
    >>> from sticheln.stichling import marker_index
    >>> marker_index([Card.parse(name) for name in ["B3", "R14", "B5"]])
    2

    :raises ValueError: if the trick has no card.
    :raises WrongTypeError: if ``cards`` is not a sequence of cards.
    """
    if not check_cards(cards, "a trick"):
        raise ValueError("a trick needs at least one card")
    led = cards[0].color
    best = 0
    for i in range(1, len(cards)):
        card = cards[i]
        if card.color is led and card.value > cards[best].value:
            best = i
    return best


def counted(cards: Sequence[Card], counted_cards: CountedCards = CountedCards.ALL) -> int:
    """How many of a trick's ``cards`` count toward the four that complete it: all of them, or
    under :attr:`CountedCards.LED_COLOR` only those of the led colour (:rule:`SL-TRICK-2`)."""
    if counted_cards is CountedCards.ALL or not cards:
        return len(cards)
    led = cards[0].color
    return sum(1 for card in cards if card.color is led)


def is_complete(cards: Sequence[Card], counted_cards: CountedCards = CountedCards.ALL) -> bool:
    """Whether a trick with ``cards`` is complete: four of its cards count
    (:rule:`SL-TRICK-2`).

    >>> from sticheln import CardSet
    >>> from sticheln.stichling import CountedCards, is_complete
    >>> cards = CardSet.parse("G4 G9 R15 G2").cards
    >>> is_complete(cards), is_complete(cards, CountedCards.LED_COLOR)
    (True, False)

    :raises WrongTypeError: if ``cards`` is not a sequence of cards, or ``counted_cards`` not
        a :class:`CountedCards`.
    """
    check_cards(cards, "a trick")
    if not isinstance(counted_cards, CountedCards):
        raise WrongTypeError(f"counted_cards must be a CountedCards, got {excerpt(counted_cards)}")
    return counted(cards, counted_cards) >= TRICK_SIZE


def trick_choices(
    open_colors: Sequence[Color], card: Card, rules: StichlingRules = _DEFAULT_RULES
) -> tuple[bool, tuple[int, ...]]:
    """What ``card`` may do while tricks of ``open_colors`` (their led colours, in the order
    they were opened) are open: whether it may open a new trick, and the indices of the open
    tricks it may be added to.

    A card may open a trick while fewer than :data:`OPEN_TRICKS` are open (:rule:`SL-PLAY-2`),
    also when it could be added to one; under :attr:`SameColor.FORBIDDEN` not while a trick
    of its colour is open (:rule:`SL-PLAY-4`). It may be added to every open trick of its
    colour (:rule:`SL-PLAY-3`). It may be discarded onto any open trick when no open trick
    is of its colour and, under the default :attr:`Discards.WHEN_STUCK`, four tricks are
    open (:rule:`SL-PLAY-5`). Every card can therefore always be played. This is the one
    definition of the rule: the engine's move tables are built from it.

    >>> from sticheln import Card, Color
    >>> from sticheln.stichling import Discards, StichlingRules, trick_choices
    >>> trick_choices([Color.RED] * 2 + [Color.BLUE] * 2, Card.parse("G3"))
    (False, (0, 1, 2, 3))
    >>> trick_choices([Color.RED], Card.parse("G3"))
    (True, ())
    >>> trick_choices([Color.RED], Card.parse("G3"), StichlingRules(
    ...     discards=Discards.WHEN_NOTHING_FITS))
    (True, (0,))

    :raises WrongTypeError: if ``open_colors`` is not a sequence of colours, ``card`` not a
        :class:`~sticheln.Card` or ``rules`` not a :class:`StichlingRules`.
    """
    check_items(open_colors, Color, "open_colors")
    if not isinstance(card, Card):
        raise WrongTypeError(f"card must be a Card, got {excerpt(card)}")
    if not isinstance(rules, StichlingRules):
        raise WrongTypeError(f"rules must be a StichlingRules object, got {excerpt(rules)}")
    color = card.color
    fits = tuple(i for i, c in enumerate(open_colors) if c is color)
    opens = len(open_colors) < OPEN_TRICKS and (rules.same_color is SameColor.ALLOWED or not fits)
    if fits:
        return opens, fits
    if len(open_colors) == OPEN_TRICKS or rules.discards is Discards.WHEN_NOTHING_FITS:
        return opens, tuple(range(len(open_colors)))
    return opens, ()


# The kernel's Trick has no __attrs_init__ of its own to keep: both classes have __init__.
# The attrs plugin of mypy still gives each class one, of its fields, and the two differ.
@attrs.frozen(init=False, repr=False)
class StichlingTrick(Trick):  # type: ignore[override]  # the plugin's unused __attrs_init__
    """A trick of Stichling: who played which card, in play order, at which turn of the hand,
    and who holds its marker.

    ``winner`` is the marker holder while the trick is open (who would win it as it stands)
    and once it is complete (:rule:`SL-TRICK-2`); for a trick left open at the end of a hand
    it is ``None`` unless the rules give such tricks to their marker holders
    (:rule:`SL-HAND-1`).

    >>> from sticheln import Card
    >>> from sticheln.stichling import StichlingTrick
    >>> trick = StichlingTrick([(0, Card.parse("G4")), (1, Card.parse("G9"))], turns=[0, 3])
    >>> trick.color, trick.marker, trick.winner
    (Color.GREEN, 1, 1)
    """

    turns: tuple[int, ...]
    """When each card was played: its number among the cards of the hand, from 0."""
    top: int
    """The index, in play order, of the card that holds the marker (:func:`marker_index`)."""

    def __init__(
        self, plays: Iterable[tuple[int, Card]], turns: Iterable[int], *, won: bool = True
    ) -> None:
        """A trick with the given ``(player, card)`` plays and their ``turns``; its winner is
        the marker holder, or ``None`` with ``won=False`` (a trick left open that nobody
        wins)."""
        super().__init__(plays, None)
        top = marker_index(self.cards)
        _set_turns(self, tuple(turns))
        _set_top(self, top)
        _set_winner(self, self.seats[top] if won else None)

    @classmethod
    def _from_fields(cls, fields: dict[str, Any]) -> StichlingTrick:
        """The trick with the fields of its wire form (:mod:`sticheln.core.wire`).

        :raises ValueError: if the fields do not fit together: ``top`` not the marker's card
            (:func:`marker_index`), ``winner`` neither ``None`` nor the marker holder.
        """
        seats, cards, turns = fields["seats"], fields["cards"], fields["turns"]
        if not len(seats) == len(cards) == len(turns):
            raise ValueError(
                f"a trick of {len(seats)} seats, {len(cards)} cards and {len(turns)} turns"
            )
        if not cards:
            raise ValueError("a trick needs at least one card")
        winner = fields["winner"]
        trick = cls(zip(seats, cards, strict=True), turns, won=winner is not None)
        if fields["top"] != trick.top:
            raise ValueError(f"top is {fields['top']}, but the marker is on card {trick.top}")
        if winner != trick.winner:
            raise ValueError(f"winner is {winner}, but seat {trick.winner} holds the marker")
        return trick

    @property
    def color(self) -> Color:
        """The led colour: the colour of the first card (:rule:`SL-TRICK-1`)."""
        return self.cards[0].color

    @property
    def marker(self) -> int:
        """The seat that holds the trick's marker: the player of its highest card of the led
        colour (:rule:`SL-TRICK-1`)."""
        return self.seats[self.top]

    @property
    def discards(self) -> tuple[Card, ...]:
        """The cards of other colours than the led one (:rule:`SL-PLAY-5`)."""
        led = self.cards[0].color
        return tuple(card for card in self.cards if card.color is not led)

    def __repr__(self) -> str:
        return f"StichlingTrick(plays={self.plays!r}, turns={self.turns!r}, winner={self.winner!r})"


_new_object = object.__new__
_set_seats = Trick.__dict__["seats"].__set__
_set_cards = Trick.__dict__["cards"].__set__
_set_winner = Trick.__dict__["winner"].__set__
_set_turns = StichlingTrick.__dict__["turns"].__set__
_set_top = StichlingTrick.__dict__["top"].__set__


def new_trick(
    seats: tuple[int, ...],
    cards: tuple[Card, ...],
    turns: tuple[int, ...],
    top: int,
    winner: int | None,
) -> StichlingTrick:
    """Build a trick without the checks of ``__init__`` (for the engine's hot path)."""
    trick = _new_object(StichlingTrick)
    _set_seats(trick, seats)
    _set_cards(trick, cards)
    _set_winner(trick, winner)
    _set_turns(trick, turns)
    _set_top(trick, top)
    return trick
