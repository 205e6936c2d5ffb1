"""The random stream of compiled playouts, and the choice between compiled and Python ones.

A game's fast playouts (:attr:`GameInfo.fast_playouts <sticheln.GameInfo.fast_playouts>`) may
have a compiled twin (numba, the ``fast`` extra) that plays the same moves. Compiled code
cannot draw from a :class:`random.Random`, so both draw from a :class:`PlayoutStream` seeded
by the search's generator: the Python twin through the methods below, the compiled one
through ``sticheln.core.compiled``, which computes the same numbers.
:data:`PLAYOUTS_VARIABLE` chooses between them.

This module imports no numba: ``import sticheln`` never loads it.
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Final

__all__ = ["PLAYOUTS_VARIABLE", "PlayoutStream", "compiled_or_none", "wants_compiled"]

_WORD: Final = 2**64 - 1

PLAYOUTS_VARIABLE: Final = "STICHELN_PLAYOUTS"
"""The environment variable that chooses how the searches play their playouts out, and solve
the worlds of the ``pimc`` bot, where a game has compiled code for it: ``compiled`` (numba,
the ``fast`` extra), ``python``, or ``auto`` (the default when unset or empty: compiled when
numba is installed)."""


def wants_compiled() -> bool | None:
    """What :data:`PLAYOUTS_VARIABLE` asks for: ``True`` compiled playouts, ``False`` those
    in Python, ``None`` compiled ones if numba is installed.

    :raises ValueError: if the variable has another value.
    """
    choice = os.environ.get(PLAYOUTS_VARIABLE, "").strip().lower()
    if choice in ("", "auto"):
        return None
    if choice in ("compiled", "python"):
        return choice == "compiled"
    raise ValueError(f"{PLAYOUTS_VARIABLE} must be auto, compiled or python, got {choice[:40]!r}")


_FOUND: dict[tuple[str, str], Any] = {}
"""The compiled functions found, or ``None`` for those whose module cannot be imported."""


def compiled_or_none(module: str, name: str) -> Any:
    """The function ``name`` of the compiled module ``module`` (numba, the ``fast`` extra)
    where :data:`PLAYOUTS_VARIABLE` asks for compiled code, or leaves it to whether numba is
    installed and it is; ``None``: take the Python path. The module is imported once.

    :raises ValueError: if the variable has another value (:func:`wants_compiled`).
    :raises ImportError: if it asks for ``compiled`` and the module cannot be imported.
    """
    choice = wants_compiled()
    if choice is False:
        return None
    key = (module, name)
    if key not in _FOUND or (choice and _FOUND[key] is None):
        try:
            _FOUND[key] = getattr(importlib.import_module(module), name)
        except ImportError:
            if choice:
                raise
            _FOUND[key] = None
    return _FOUND[key]


class PlayoutStream:
    """The random numbers of compiled playouts and of their Python twins: splitmix64 (Steele,
    Lea and Flood, 2014), which compiled code draws exactly as this class does.

    Two draws of :class:`random.Random` are offered, the ones the playouts make:
    ``_randbelow`` (the high 32 bits of the next output times ``n``, shifted down 32
    bits; a bias below ``n / 2**32``) and :meth:`random` (the high 53 bits of the next output
    times ``2**-53``). The outputs are those of the reference generator (Vigna's
    ``splitmix64.c``; seeded with 1234567 it begins 6457827717110365317, whose high 32 bits
    are ``0x599ED017``, 0.35 of ``2**32``):

    >>> from sticheln.core.stream import PlayoutStream
    >>> stream = PlayoutStream(1234567)
    >>> stream.next64(), stream.next64()
    (6457827717110365317, 3203168211198807973)
    >>> stream = PlayoutStream(1234567)
    >>> [stream._randbelow(6) for _ in range(4)]
    [2, 1, 3, 1]
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state % 2**64
        """The state: the outputs are a function of it alone."""

    def next64(self) -> int:
        """The next output, a 64-bit unsigned int."""
        state = self.state = (self.state + 0x9E3779B97F4A7C15) & _WORD
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _WORD
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _WORD
        return z ^ (z >> 31)

    def _randbelow(self, n: int) -> int:
        """A random int in ``range(n)``, ``n`` from 1 to ``2**32``."""
        return ((self.next64() >> 32) * n) >> 32

    def random(self) -> float:
        """A random float in ``[0, 1)``, a multiple of ``2**-53``."""
        return (self.next64() >> 11) * 2.0**-53

    def signed_state(self) -> int:
        """The state as a signed 64-bit int (the one type compiled code is handed)."""
        state = self.state
        return state - 2**64 if state >> 63 else state
