"""What the games' compiled playouts share (numba, the ``fast`` extra): masks of card indices
as two 64-bit words, and :class:`~sticheln.core.stream.PlayoutStream`'s draws.

A mask of card indices, a Python int of up to 126 bits elsewhere, is two signed 64-bit words
in compiled code: bits 0 to 63 and 64 to 127 (:func:`words`). The functions here are compiled
on first use and cached on disk (``cache=True``). numba's cache of a function is renewed when
its own module changes, not when a function it calls does: after editing this module, delete
the ``__pycache__`` directories of the games' ``compiled`` modules too.

Nothing here knows a game: the games' ``compiled`` modules import it (never the other way).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

try:
    import numba
    import numpy as np
    from numba.cpython.unsafe import numbers as _intrinsics
except ImportError as exc:
    raise ImportError(
        "compiled playouts need numba, the fast extra: "
        'pip install ".[fast]" in a checkout of sticheln'
    ) from exc

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "bit",
    "compiled",
    "count",
    "draw_below",
    "draw_uniform",
    "highest",
    "lowest",
    "trailing_zeros",
    "word_pairs",
    "words",
]

F = TypeVar("F", bound=Callable[..., Any])

_LOW: Final = (1 << 64) - 1


def compiled(function: F) -> F:
    """``function`` compiled by numba, in nopython mode, cached on disk."""
    return cast(F, numba.njit(cache=True, nogil=True)(function))


def words(mask: int) -> tuple[int, int]:
    """The two signed 64-bit words of a mask of card indices: bits 0 to 63, 64 to 127."""
    low, high = mask & _LOW, mask >> 64
    return low - (1 << 64) if low >> 63 else low, high


def word_pairs(masks: list[int]) -> npt.NDArray[np.int64]:
    """The masks as an array of shape ``(len(masks), 2)`` of their :func:`words`."""
    return np.array([words(m) for m in masks], dtype=np.int64).reshape(len(masks), 2)


# LLVM's count of leading and trailing zero bits, usable in compiled code only.
_leading_zeros: Final = cast(Callable[[Any], int], _intrinsics.leading_zeros)
trailing_zeros: Final = cast(Callable[[Any], int], _intrinsics.trailing_zeros)

# PlayoutStream's constants (splitmix64).
_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX2: Final = np.uint64(0x94D049BB133111EB)


@compiled
def _next(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """The next state of the stream and its output (:meth:`PlayoutStream.next64
    <sticheln.core.stream.PlayoutStream.next64>`)."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return state, z ^ (z >> np.uint64(31))


@compiled
def draw_below(state: np.uint64, n: int) -> tuple[np.uint64, int]:
    """The next state and :meth:`PlayoutStream._randbelow
    <sticheln.core.stream.PlayoutStream._randbelow>`\\ ``(n)``."""
    state, drawn = _next(state)
    return state, int(((drawn >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@compiled
def draw_uniform(state: np.uint64) -> tuple[np.uint64, float]:
    """The next state and :meth:`PlayoutStream.random
    <sticheln.core.stream.PlayoutStream.random>`\\ ``()``."""
    state, drawn = _next(state)
    return state, float(drawn >> np.uint64(11)) * 2.0**-53


@compiled
def count(low: np.int64, high: np.int64) -> int:
    """The number of set bits of a two-word mask."""
    total = 0
    while low:
        low &= low - 1
        total += 1
    while high:
        high &= high - 1
        total += 1
    return total


@compiled
def lowest(low: np.int64, high: np.int64) -> int:
    """The index of the lowest set bit of a non-empty two-word mask."""
    if low:
        return int(trailing_zeros(low))
    return 64 + int(trailing_zeros(high))


@compiled
def highest(low: np.int64, high: np.int64) -> int:
    """The index of the highest set bit of a non-empty two-word mask."""
    if high:
        return 127 - int(_leading_zeros(high))
    return 63 - int(_leading_zeros(low))


@compiled
def bit(index: int) -> tuple[np.int64, np.int64]:
    """The two-word mask of one card index."""
    if index < 64:
        return np.int64(1) << np.int64(index), np.int64(0)
    return np.int64(0), np.int64(1) << np.int64(index - 64)
