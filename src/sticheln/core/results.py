"""The result of a game from the players' totals: who won, and everyone's place.

>>> winners([3, 7, 7, -2]), ranking([3, 7, 7, -2])
((1, 2), (3, 1, 1, 4))
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["ranking", "winners"]


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """The players with the highest total; all of them share first place (Sticheln
    :rule:`ST-GAME-2`, Hattrick :rule:`HT-GAME-2`).

    >>> winners([3, 7, 7, -2])
    (1, 2)
    """
    if not scores:
        return ()
    best = max(scores)
    return tuple(p for p, s in enumerate(scores) if s == best)


def ranking(scores: Sequence[int]) -> tuple[int, ...]:
    """The place of each player (1 = first); equal totals share a place and the next place
    is skipped, as the rules give no tie-break (:rule:`ST-GAME-2`).

    >>> ranking([3, 7, 7, -2])
    (3, 1, 1, 4)
    """
    return tuple(1 + sum(other > s for other in scores) for s in scores)
