"""The result of a game from the players' totals: who won, and everyone's place.

>>> from sticheln import ranking, winners
>>> winners([3, 7, 7, -2]), ranking([3, 7, 7, -2])
((1, 2), (3, 1, 1, 4))
"""

from __future__ import annotations

from collections.abc import Sequence

from sticheln.core.errors import WrongTypeError, excerpt

__all__ = ["ranking", "winners"]


def _check_scores(scores: object) -> Sequence[int]:
    if (
        isinstance(scores, str | bytes)
        or not isinstance(scores, Sequence)
        or not all(type(score) is int for score in scores)
    ):
        raise WrongTypeError(f"scores must be a sequence of ints, got {excerpt(scores)}")
    return scores


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """The players with the highest total; all of them share first place (Sticheln
    :rule:`ST-GAME-2`, Hattrick :rule:`HT-GAME-2`).

    >>> from sticheln import winners
    >>> winners([3, 7, 7, -2])
    (1, 2)

    :raises WrongTypeError: if ``scores`` is not a sequence of ints.
    """
    if not _check_scores(scores):
        return ()
    best = max(scores)
    return tuple(p for p, s in enumerate(scores) if s == best)


def ranking(scores: Sequence[int]) -> tuple[int, ...]:
    """The place of each player (1 = first); equal totals share a place and the next place
    is skipped, as the rules give no tie-break (:rule:`ST-GAME-2`).

    >>> from sticheln import ranking
    >>> ranking([3, 7, 7, -2])
    (3, 1, 1, 4)

    :raises WrongTypeError: if ``scores`` is not a sequence of ints.
    """
    ordered = sorted(_check_scores(scores), reverse=True)
    # A player's place is one more than the number of higher totals: the index of the first
    # equal total in the descending order.
    first: dict[int, int] = {}
    for i, score in enumerate(ordered):
        first.setdefault(score, i)
    return tuple(1 + first[s] for s in scores)
