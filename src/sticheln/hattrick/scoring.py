"""Scoring a hand of Hattrick: pure functions of the won cards and the number of passes.

>>> won = CardSet.parse("R3 R9 R17 G4 B20")
>>> collecting_color(won), hand_score(won, passed=1)
(Color.RED, -1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sticheln.core.cards import _COLOR_MASKS, Card, CardSet, Color

__all__ = ["PASS_PENALTY", "collecting_color", "hand_score"]

PASS_PENALTY = 2
"""The points every passed card costs (:rule:`HT-SCORE-3`)."""

_MASKS = tuple(_COLOR_MASKS.values())


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

    >>> collecting_color(CardSet.parse("B1 B2 G7 G8 R5"))
    Color.GREEN
    >>> collecting_color(CardSet.parse("B1 B2 G7 G8 R5"), [Color.BLUE, Color.GREEN])
    Color.BLUE
    """
    counts = _color_counts(won)
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

    >>> hand_score(CardSet.parse("G1 G2 G3 B4"), passed=0)
    2
    >>> hand_score([], passed=2)
    -4

    :raises ValueError: if ``passed`` is negative.
    """
    if type(passed) is not int or passed < 0:
        raise ValueError(f"passed must be a count of cards (an int >= 0), got {passed!r}")
    if isinstance(won, CardSet):
        mask = won.mask
        counts = [(mask & colour).bit_count() for colour in _MASKS]
    else:
        counts = list(_color_counts(won).values())
    best = max(counts, default=0)
    return best - (sum(counts) - best) - PASS_PENALTY * passed
