"""Cards, colours and immutable sets of cards: the card kit every game of the library shares.

A card is a colour and a value. Cards have a fixed *display order* (colour in the order of
:class:`Color`, then value), used for sorting hands and for the stable iteration order of
:class:`CardSet`. They have no ``<``: which card is stronger depends on the trick.

>>> from sticheln import Card, CardSet
>>> card = Card.parse("B11")
>>> card
Card(Color.BLUE, 11)
>>> str(card)
'B11'
>>> hand = CardSet.parse("R3 B11 R0")
>>> str(hand)
'R0 R3 B11'
>>> Card.parse("R3") in hand
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from enum import Enum
from typing import Final

import attrs

from sticheln.core.errors import CardError, WrongTypeError, excerpt

__all__ = ["MAX_VALUE", "Card", "CardSet", "Color"]

#: The highest card value any game of the library uses (Hattrick's cards go up to 20).
MAX_VALUE: Final = 20
_SLOTS: Final = MAX_VALUE + 1


class Color(Enum):
    """The colours of the cards, in display order.

    The value of a member is its one-letter code used in card names (``R7``, ``A0``).
    Gray uses ``A`` (gr\\ **a**\\ y) because ``G`` is green.
    """

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"
    PURPLE = "P"
    GRAY = "A"

    @property
    def letter(self) -> str:
        """The one-letter code of the colour."""
        return self.value

    def __repr__(self) -> str:
        return f"Color.{self.name}"


_COLOR_INDEX: Final = {color: i for i, color in enumerate(Color)}
_COLOR_BY_NAME: Final = {
    **{color.letter.lower(): color for color in Color},
    **{color.name.lower(): color for color in Color},
    "grey": Color.GRAY,
    "violet": Color.PURPLE,
}
_CARD_TEXT: Final = re.compile(r"\s*([A-Za-z]+)\s*(\d+)\s*")


def _check_value(instance: Card, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise WrongTypeError(f"card value must be an int, got {excerpt(value)}")
    if not 0 <= value <= MAX_VALUE:
        raise CardError(f"card value must be an int from 0 to {MAX_VALUE}, got {excerpt(value)}")


def _check_color(instance: Card, attribute: attrs.Attribute[Color], value: Color) -> None:
    if not isinstance(value, Color):
        raise WrongTypeError(f"card colour must be a Color, got {excerpt(value)}")


@attrs.frozen(repr=False, cache_hash=True)
class Card:
    """A playing card: a colour and a value (0 to :data:`MAX_VALUE`).

    Cards compare equal by colour and value and are hashable. ``str(card)`` is the short name
    (``"B11"``) that :meth:`parse` reads back.
    """

    color: Color = attrs.field(validator=_check_color)
    """The colour of the card."""
    value: int = attrs.field(validator=_check_value)
    """The number printed on the card."""
    index: int = attrs.field(init=False, eq=False, repr=False)
    """Position of the card in the display order; its bit in a :class:`CardSet`."""
    bit: int = attrs.field(init=False, eq=False, repr=False)
    """``1 << index``: the card as a :attr:`CardSet.mask`."""

    def __attrs_post_init__(self) -> None:
        index = _COLOR_INDEX[self.color] * _SLOTS + self.value
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card name: a colour letter or name, then the value.

        ``"B11"``, ``"b11"``, ``"blue 11"`` and ``"Grey 0"`` are all accepted.

        :raises CardError: if the text names no card; the message quotes the text.
        :raises WrongTypeError: if ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise WrongTypeError(f"a card name must be a string, got {excerpt(text)}")
        match = _CARD_TEXT.fullmatch(text)
        if match is None:
            raise CardError(
                f"{excerpt(text)} is not a card name (expected a colour and a value, e.g. 'B11')"
            )
        color = _COLOR_BY_NAME.get(match.group(1).lower())
        if color is None:
            letters = ", ".join(c.letter for c in Color)
            raise CardError(
                f"{excerpt(text)} is not a card name: unknown colour {excerpt(match.group(1))} "
                f"(use one of {letters} or a colour name)"
            )
        digits = match.group(2).lstrip("0") or "0"
        value = int(digits) if len(digits) <= 3 else MAX_VALUE + 1
        if value > MAX_VALUE:
            raise CardError(
                f"{excerpt(text)} is not a card name: value "
                f"{digits if len(digits) <= 10 else f'{digits[:10]}… ({len(digits)} digits)'} "
                f"is above {MAX_VALUE}"
            )
        return card_at(_COLOR_INDEX[color] * _SLOTS + value)

    def __str__(self) -> str:
        return f"{self.color.value}{self.value}"

    def __repr__(self) -> str:
        return f"Card({self.color!r}, {self.value})"


def check_cards(cards: object, what: str = "cards") -> Sequence[Card]:
    """``cards`` if it is a sequence of :class:`Card` values (a list or tuple, not a string),
    for the pure rule functions that take a trick or a pile.

    :raises WrongTypeError: naming ``what`` and the item that is not a card.
    """
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
        raise WrongTypeError(f"{what} must be a sequence of Card values, got {excerpt(cards)}")
    for card in cards:
        if not isinstance(card, Card):
            raise WrongTypeError(f"{what}: {excerpt(card)} is not a Card")
    return cards


#: Every possible card, by index; the engine hands out these shared instances.
_ALL_CARDS: Final = tuple(Card(color, value) for color in Color for value in range(_SLOTS))


def card_at(index: int) -> Card:
    """The card at position ``index`` of the display order (its bit in a :class:`CardSet`)."""
    return _ALL_CARDS[index]


def _bits_to_indices(mask: int) -> tuple[int, ...]:
    indices = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return tuple(indices)


def _to_mask(cards: Iterable[Card | str]) -> int:
    mask = 0
    for card in cards:
        if isinstance(card, str):
            card = Card.parse(card)
        elif not isinstance(card, Card):
            raise WrongTypeError(f"{excerpt(card)} is not a card or a card name")
        mask |= 1 << card.index
    return mask


def _check_mask(instance: CardSet, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise WrongTypeError(f"a card set's mask must be an int, got {excerpt(value)}")
    if not 0 <= value < 1 << len(_ALL_CARDS):
        raise CardError(
            f"a card set's mask must be from 0 to 2**{len(_ALL_CARDS)} - 1, one bit per card, "
            f"got {excerpt(value)}"
        )


@attrs.frozen(repr=False)
class CardSet:
    """An immutable set of cards, stored as a bit set; iteration is in display order.

    Supports ``in``, ``len``, iteration, ``|``, ``&``, ``-`` and ``^`` with other card sets,
    and equality and hashing by content.

    >>> from sticheln import CardSet, Color
    >>> hand = CardSet.parse("R1 R5 B0")
    >>> len(hand), hand.of_color(Color.RED)
    (3, CardSet.parse('R1 R5'))
    >>> hand - CardSet.parse("R5")
    CardSet.parse('R1 B0')
    """

    mask: int = attrs.field(default=0, validator=_check_mask)
    """The bit set: bit ``card.index`` is set when the card is in the set."""
    _indices: tuple[int, ...] | None = attrs.field(
        init=False, default=None, eq=False, hash=False, repr=False
    )

    @property
    def indices(self) -> tuple[int, ...]:
        """The :attr:`Card.index` of each card, ascending (computed once, then kept)."""
        indices = self._indices
        if indices is None:
            indices = _bits_to_indices(self.mask)
            _set_indices(self, indices)
        return indices

    @classmethod
    def of(cls, cards: Iterable[Card | str]) -> CardSet:
        """The set of the given cards (:class:`Card` values or card names); duplicates merge.

        :raises CardError: if an item is a string that names no card.
        :raises WrongTypeError: if ``cards`` is not iterable (or a string), or an item is
            neither a card nor a string.
        """
        if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
            raise WrongTypeError(f"cards must be cards or card names, got {excerpt(cards)}")
        return cls(_to_mask(cards))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read card names separated by spaces or commas (``"R1 B11, Y0"``).

        :raises CardError: if a part is not a card name.
        :raises WrongTypeError: if ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise WrongTypeError(f"card names must be a string, got {type(text).__name__}")
        return cls(_to_mask(part for part in re.split(r"[\s,]+", text.strip()) if part))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, in display order."""
        return tuple(map(_ALL_CARDS.__getitem__, self.indices))

    def of_color(self, color: Color) -> CardSet:
        """The cards of one colour.

        :raises WrongTypeError: if ``color`` is not a :class:`Color`.
        """
        if not isinstance(color, Color):
            raise WrongTypeError(f"color must be a Color, got {excerpt(color)}")
        return _card_set(self.mask & _COLOR_MASKS[color])

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added.

        :raises WrongTypeError: if ``card`` is not a :class:`Card`.
        """
        if not isinstance(card, Card):
            raise WrongTypeError(f"card must be a Card, got {excerpt(card)}")
        return _card_set(self.mask | (1 << card.index))

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card``.

        :raises KeyError: if the card is not in the set.
        :raises WrongTypeError: if ``card`` is not a :class:`Card`.
        """
        if not isinstance(card, Card):
            raise WrongTypeError(f"card must be a Card, got {excerpt(card)}")
        bit = 1 << card.index
        if not self.mask & bit:
            raise KeyError(card)
        return _card_set(self.mask ^ bit)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        return map(_ALL_CARDS.__getitem__, self.indices)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __or__(self, other: CardSet) -> CardSet:
        return _card_set(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return _card_set(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return _card_set(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return _card_set(self.mask ^ other.mask)

    def isdisjoint(self, other: CardSet) -> bool:
        """Whether the two sets have no card in common."""
        return not self.mask & other.mask

    def issubset(self, other: CardSet) -> bool:
        """Whether every card of this set is in ``other``."""
        return not self.mask & ~other.mask

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


_COLOR_MASKS: Final = {
    color: ((1 << _SLOTS) - 1) << (_COLOR_INDEX[color] * _SLOTS) for color in Color
}
_new_object = object.__new__
# The slot descriptors of the frozen class, to fill a new instance on the hot path.
_set_mask = CardSet.__dict__["mask"].__set__
_set_indices = CardSet.__dict__["_indices"].__set__


def _card_set(mask: int, indices: tuple[int, ...] | None = None) -> CardSet:
    """Build a card set without the checks of ``__init__`` (hot path); ``indices``, when
    given, must be the ascending indices of the bits of ``mask``."""
    card_set = _new_object(CardSet)
    _set_mask(card_set, mask)
    _set_indices(card_set, indices)
    return card_set


def card_set_of(indices: list[int]) -> CardSet:
    """The card set of the cards at ``indices`` (which it sorts in place), built without the
    checks of ``__init__``: for dealing a shuffled deck on the hot path."""
    indices.sort()
    return _card_set(sum(map(_INDEX_BITS.__getitem__, indices)), tuple(indices))


_INDEX_BITS: Final = tuple(1 << index for index in range(len(_ALL_CARDS)))
"""The bit of each card index."""


def _without(card_set: CardSet, index: int) -> CardSet:
    """``card_set`` less the card at ``index``, which must be in it (hot path)."""
    indices = card_set.indices
    i = indices.index(index)
    return _card_set(card_set.mask ^ (1 << index), indices[:i] + indices[i + 1 :])
