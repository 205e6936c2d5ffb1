"""Scoring Stichling: which victory-point card of a row is face up, what a hand scores, and who
wins the game. Pure functions of the tricks won and the points.

>>> from sticheln.stichling import active_position, winners, hand_score
>>> active_position(4), hand_score((3, 1, 2), tricks=4)
(0, 3)
>>> winners([[3, 2, 9], [1, 4, 9]])
(1,)
"""

from __future__ import annotations

from collections.abc import Sequence

from sticheln.core.errors import CardError, WrongTypeError, excerpt
from sticheln.core.setup import check_int, check_ints
from sticheln.stichling.rules import FullTie

__all__ = ["active_position", "hand_score", "ranking", "winners"]


def active_position(tricks: int) -> int | None:
    """The position in a player's row (0, 1 or 2) of the victory-point card that is face up
    after the player has won ``tricks`` tricks in the hand, or ``None`` after none.

    The first trick turns up the first card; each further trick turns the card face down and
    the next one up, the third being followed by the first again (:rule:`SL-VP-3`).

    >>> from sticheln.stichling import active_position
    >>> [active_position(tricks) for tricks in range(8)]
    [None, 0, 1, 2, 0, 1, 2, 0]

    :raises WrongTypeError: if ``tricks`` is not an ``int``.
    """
    if type(tricks) is not int:
        raise WrongTypeError(f"tricks must be an int, got {excerpt(tricks)}")
    return None if tricks <= 0 else (tricks - 1) % 3


def hand_score(order: Sequence[int], tricks: int) -> int:
    """A player's points for a hand: the value of the card of their row ``order`` that is face
    up after ``tricks`` won tricks (:func:`active_position`), and 0 without a trick
    (:rule:`SL-SCORE-1`).

    >>> from sticheln.stichling import hand_score
    >>> hand_score((3, 1, 2), 0), hand_score((3, 1, 2), 1), hand_score((3, 1, 2), 3)
    (0, 3, 2)

    :raises WrongTypeError: if ``order`` is not a sequence of ints, or ``tricks`` not an
        ``int``.
    :raises CardError: if ``order`` does not hold three values.
    """
    check_ints(order, "order")
    if len(order) != 3:
        raise CardError(f"order must hold three victory-point values, got {excerpt(order)}")
    check_int(tricks, "tricks")
    return _hand_score(order, tricks)


def _hand_score(order: Sequence[int], tricks: int) -> int:
    """:func:`hand_score` without the checks of its arguments (for the engine)."""
    return 0 if tricks <= 0 else order[(tricks - 1) % 3]


def _keys(
    hand_scores: Sequence[Sequence[int]], tricks: Sequence[int] | None, full_tie: FullTie
) -> list[tuple[int, ...]]:
    given: object = hand_scores
    if isinstance(given, str | bytes) or not isinstance(given, Sequence):
        raise WrongTypeError(
            f"hand_scores must be a sequence of each player's scores, got {excerpt(given)}"
        )
    for scores in hand_scores:
        check_ints(scores, "hand_scores: a player's scores")
    if not isinstance(full_tie, FullTie):
        raise WrongTypeError(f"full_tie must be a FullTie, got {excerpt(full_tie)}")
    if tricks is not None:
        check_ints(tricks, "tricks")
        if len(tricks) != len(hand_scores):
            raise CardError(
                f"tricks must hold one count per player ({len(hand_scores)}), got {excerpt(tricks)}"
            )
    keys = []
    for p, scores in enumerate(hand_scores):
        key = (sum(scores), *reversed(scores))
        if full_tie is FullTie.MOST_TRICKS:
            key = (*key, 0 if tricks is None else tricks[p])
        keys.append(key)
    return keys


def winners(
    hand_scores: Sequence[Sequence[int]],
    full_tie: FullTie = FullTie.SHARED,
    tricks: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """The winners of a game whose players (by seat) scored ``hand_scores``, hand by hand.

    The highest total wins; of players with the same total, the one with more points in the
    last hand, then in the hand before, and so on (:rule:`SL-GAME-2`). Players equal in every
    hand share the win, or under :attr:`FullTie.MOST_TRICKS` the one of them with the most
    ``tricks`` (won over the game, by seat) wins.

    >>> from sticheln.stichling import FullTie, winners
    >>> winners([[3, 6, 2], [2, 3, 6]])
    (1,)
    >>> winners([[3, 6, 2], [3, 6, 2]])
    (0, 1)
    >>> winners([[3, 6, 2], [3, 6, 2]], FullTie.MOST_TRICKS, tricks=[4, 5])
    (1,)

    :raises WrongTypeError: if ``hand_scores`` is not a sequence of sequences of ints,
        ``full_tie`` not a :class:`FullTie` or ``tricks`` not ``None`` or a sequence of ints.
    :raises CardError: if ``tricks`` does not hold one count per player.
    """
    keys = _keys(hand_scores, tricks, full_tie)
    if not keys:
        return ()
    best = max(keys)
    return tuple(p for p, key in enumerate(keys) if key == best)


def ranking(
    hand_scores: Sequence[Sequence[int]],
    full_tie: FullTie = FullTie.SHARED,
    tricks: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """The place of each player (1 = first) under the order of :func:`winners`; players
    it cannot tell apart share a place, and the next place is skipped (:rule:`SL-GAME-2`).

    >>> from sticheln.stichling import ranking
    >>> ranking([[3, 6, 2], [2, 3, 6], [0, 0, 1]])
    (2, 1, 3)

    :raises WrongTypeError: if ``hand_scores`` is not a sequence of sequences of ints,
        ``full_tie`` not a :class:`FullTie` or ``tricks`` not ``None`` or a sequence of ints.
    :raises CardError: if ``tricks`` does not hold one count per player.
    """
    keys = _keys(hand_scores, tricks, full_tie)
    return tuple(1 + sum(other > key for other in keys) for key in keys)
