"""Scoring a hand of Hattrick: pure functions of the won cards and the number of passes.

>>> from sticheln import CardSet
>>> from sticheln.hattrick import collecting_color, hand_score
>>> won = CardSet.parse("R3 R9 R17 G4 B20")
>>> collecting_color(won), hand_score(won, passed=1)
(Color.RED, -1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sticheln.core.cards import _ALL_CARDS, _COLOR_MASKS, Card, CardSet, Color
from sticheln.core.errors import CardError, WrongTypeError, excerpt
from sticheln.core.setup import check_items

__all__ = ["PASS_PENALTY", "collecting_color", "hand_score"]

PASS_PENALTY = 2
"""The points every passed card costs (:rule:`HT-SCORE-3`)."""

_MASKS = tuple(_COLOR_MASKS.values())


def _won_cards(won: object) -> Iterable[Card]:
    """``won`` if it is a card set or a sequence of cards.

    :raises WrongTypeError: otherwise.
    """
    if isinstance(won, CardSet):
        return won
    if isinstance(won, str | bytes) or not isinstance(won, Iterable):
        raise WrongTypeError(f"won must be cards, got {excerpt(won)}")
    cards = won if isinstance(won, Sequence) else [*won]
    for card in cards:
        if not isinstance(card, Card):
            raise WrongTypeError(f"won: {excerpt(card)} is not a Card")
    return cards


def _color_counts(won: Iterable[Card]) -> dict[Color, int]:
    counts: dict[Color, int] = {}
    for card in won:
        counts[card.color] = counts.get(card.color, 0) + 1
    return counts


def collecting_color(won: Iterable[Card], colors: Sequence[Color] = ()) -> Color | None:
    """The colour of which most cards were won: the one that scores plus points
    (:rule:`HT-SCORE-1`); ``None`` if nothing was won.

    On a tie the first of the tied colours in ``colors`` is returned (in the order of
    :class:`~sticheln.Color` when ``colors`` is empty or leaves them out). Which of them is
    taken does not change the score: :func:`hand_score` needs only how many cards it has.

    >>> from sticheln import CardSet, Color
    >>> from sticheln.hattrick import collecting_color
    >>> collecting_color(CardSet.parse("B1 B2 G7 G8 R5"))
    Color.GREEN
    >>> collecting_color(CardSet.parse("B1 B2 G7 G8 R5"), [Color.BLUE, Color.GREEN])
    Color.BLUE

    :raises WrongTypeError: if ``won`` is not cards, or ``colors`` not a sequence of colours.
    """
    counts = _color_counts(_won_cards(won))
    check_items(colors, Color, "colors")
    if not counts:
        return None
    best = max(counts.values())
    order: list[Color] = [*colors, *Color]
    return next(color for color in order if counts.get(color) == best)


def hand_score(won: Iterable[Card], passed: int) -> int:
    """A player's score for one hand.

    Each won card of the collecting colour (:func:`collecting_color`) is worth +1
    (:rule:`HT-SCORE-1`), each other won card -1 (:rule:`HT-SCORE-2`), and each of the
    ``passed`` cards of the player's pass pile -2, whatever its colour (:rule:`HT-SCORE-3`).

    >>> from sticheln import CardSet
    >>> from sticheln.hattrick import hand_score
    >>> hand_score(CardSet.parse("G1 G2 G3 B4"), passed=0)
    2
    >>> hand_score([], passed=2)
    -4

    :raises CardError: if ``passed`` is negative, or more than there are cards.
    :raises WrongTypeError: if ``won`` is not cards, or ``passed`` not an ``int``.
    """
    won = _won_cards(won)
    if type(passed) is not int:
        raise WrongTypeError(f"passed must be a count of cards (an int), got {excerpt(passed)}")
    if passed < 0:
        raise CardError(f"passed must be a count of cards (0 or more), got {excerpt(passed)}")
    if passed > len(_ALL_CARDS):
        raise CardError(
            f"passed must be a count of cards (at most the {len(_ALL_CARDS)} there are), "
            f"got {excerpt(passed)}"
        )
    return _hand_score(won, passed)


def _hand_score(won: Iterable[Card], passed: int) -> int:
    """:func:`hand_score` without the checks of its arguments (for the engine)."""
    if isinstance(won, CardSet):
        mask = won.mask
        counts = [(mask & colour).bit_count() for colour in _MASKS]
    else:
        counts = list(_color_counts(won).values())
    best = max(counts, default=0)
    return best - (sum(counts) - best) - PASS_PENALTY * passed
