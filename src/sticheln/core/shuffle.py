"""The shuffle of the games' deals: ``rng.shuffle(items)``, written out so that a deal costs
no method call per card, with the very same draws.

>>> import random
>>> from sticheln.core.shuffle import shuffle
>>> ours, theirs = list(range(20)), list(range(20))
>>> shuffle(random.Random(5), ours)
>>> random.Random(5).shuffle(theirs)
>>> ours == theirs
True
"""

from __future__ import annotations

import random
from typing import Final

from sticheln.core.cards import CardSet, card_set_of

__all__ = ["deal", "shuffle"]

_STD_SHUFFLE: Final = random.Random.shuffle
# The standard shuffle draws with Random's private _randbelow, which typeshed leaves out.
_STD_RANDBELOW: Final = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]  # private to Random

_LONGEST: Final = 128
"""The longest list whose steps are made once, on import (every deck of the library fits)."""

_STEPS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in range(_LONGEST - 1, 0, -1))
"""The positions ``i`` of a shuffle of :data:`_LONGEST` items, in its order, each with
``i + 1`` and its number of bits (a shorter list shuffles with the last of them)."""


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does: for a
    :class:`random.Random` that keeps the standard shuffle, with the same calls of
    ``rng.getrandbits`` and the same swaps, written out; for any other generator, by its own
    ``shuffle``."""
    kind = type(rng)
    std = kind.shuffle is _STD_SHUFFLE
    if std and kind._randbelow is _STD_RANDBELOW and _SAME_SHUFFLE:  # type: ignore[attr-defined]  # private to Random
        _draw_shuffle(rng, items)
    else:
        rng.shuffle(items)


def _draw_shuffle(rng: random.Random, items: list[int]) -> None:
    """The standard shuffle (``random.Random.shuffle`` with ``_randbelow_with_getrandbits``)
    written out: the same calls of ``rng.getrandbits``, the same swaps."""
    getrandbits = rng.getrandbits
    size = len(items)
    steps = _STEPS[-size + 1 :] if size > 1 else ()
    if len(steps) < size - 1:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _shuffles_agree() -> bool:
    """Whether :func:`_draw_shuffle` draws what ``random.Random.shuffle`` draws (checked once,
    on import, so that another Python's shuffle is never replaced by a different one)."""
    for seed in range(4):
        for size in (2, 45, 60, 90):
            ours, theirs = list(range(size)), list(range(size))
            mine, std = random.Random(seed), random.Random(seed)
            _draw_shuffle(mine, ours)
            std.shuffle(theirs)
            if ours != theirs or mine.getstate() != std.getstate():
                return False
    return True


_SAME_SHUFFLE: Final = _shuffles_agree()


def deal(rng: random.Random, deck: tuple[int, ...], size: int, players: int) -> tuple[CardSet, ...]:
    """Shuffle the card indices ``deck`` with :func:`shuffle` and deal ``size`` cards to each
    of ``players`` players, in turn from the top: the hands as card sets."""
    shuffle(rng, shuffled := list(deck))
    return tuple(
        [card_set_of(shuffled[start : start + size]) for start in range(0, size * players, size)]
    )
