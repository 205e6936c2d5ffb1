"""Stichling's search playouts compiled to machine code with numba (the ``fast`` extra;
private to :mod:`sticheln.stichling.playout`, which imports it only when a search starts and
numba is installed).

:func:`finisher` plays a :class:`~sticheln.stichling.playout.FastHand` to the end of the hand
by random moves, as :func:`sticheln.stichling.playout.finish_in_python` does, move for move
and drawing the same random numbers (:class:`~sticheln.core.stream.PlayoutStream`), several
times faster. The differential tests (``tests/stichling/test_compiled.py``) play thousands of
hands of every preset both ways and compare every result.

The kernel reads the tables of the Python path, it defines no rule: which ways a card may be
played is :meth:`HandTables.slots_of <sticheln.stichling.playout.HandTables.slots_of>` (the
engine's :func:`~sticheln.stichling.trick_choices`) for every layout of open tricks, which
card takes a trick's marker and which cards count toward its completion are
:attr:`HandTables.takes <sticheln.stichling.playout.HandTables.takes>` and
:attr:`HandTables.counts <sticheln.stichling.playout.HandTables.counts>`, and the hand is
scored in Python by :func:`~sticheln.stichling.hand_score` from the tricks the kernel counts.
The two-word masks and the stream's draws are those of ``sticheln.core.compiled``.

>>> import random
>>> from sticheln.stichling import StichlingGame
>>> from sticheln.stichling.compiled import finisher
>>> from sticheln.stichling.playout import HandSearch, finish_in_python
>>> game = StichlingGame()
>>> search = HandSearch(game.observe(game.new_game(4, seed=3), 0))
>>> ours, theirs = (search.sample(random.Random(1)) for _ in range(2))  # the same hand
>>> for hand in (ours, theirs):
...     hand._arrange(random.Random(2).random)
>>> finisher(search)(ours, 7) == finish_in_python(theirs, 7)
True
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import TYPE_CHECKING, Final

import numpy as np

from sticheln.core.cards import MAX_VALUE, Color
from sticheln.core.compiled import bit, compiled, count, draw_uniform, lowest, word_pairs
from sticheln.stichling.rules import OPEN_TRICKS, TRICK_SIZE, StichlingRules

if TYPE_CHECKING:
    import numpy.typing as npt

    from sticheln.stichling.playout import FastHand, HandSearch, HandTables

__all__ = ["finisher"]

_SLOTS: Final = MAX_VALUE + 1
_COLOR_COUNT: Final = len(Color)
_LAYOUT_BITS: Final = 3 * OPEN_TRICKS
_LAYOUT: Final = (1 << _LAYOUT_BITS) - 1


@compiled
def _finish(
    masks: npt.NDArray[np.int64],
    ints: npt.NDArray[np.int64],
    seed: int,
    colors: npt.NDArray[np.int64],
    color_masks: npt.NDArray[np.int64],
    takes: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    slots: npt.NDArray[np.int64],
    ways: npt.NDArray[np.int64],
    trick_size: int,
) -> npt.NDArray[np.int64]:
    """Play the hand of ``masks`` and ``ints`` (:func:`finisher`) to its end by random moves;
    how many tricks each player has won then."""
    n = ints[0]
    player = ints[1]
    turn = ints[2]
    total = ints[3]
    layout = ints[4]
    marker_wins = ints[5]
    open_count = ints[6]
    tricks = np.zeros((4 + 1, 4), dtype=np.int64)
    for t in range(open_count):
        for k in range(4):
            tricks[t, k] = ints[7 + 4 * t + k]
    wins = ints[7 + 4 * open_count : 7 + 4 * open_count + n].copy()
    hands = masks[: 2 * n].copy()
    state = np.uint64(seed)
    while turn < total:
        hand_low, hand_high = hands[2 * player], hands[2 * player + 1]
        # The number of legal moves, then the drawn one, without the list of them.
        moves = 0
        for color in colors:
            moves += (
                count(hand_low & color_masks[color, 0], hand_high & color_masks[color, 1])
                * ways[layout, color]
            )
        state, uniform = draw_uniform(state)
        rank = int(uniform * moves)
        color = colors[0]
        group_low, group_high = np.int64(0), np.int64(0)
        for color in colors:
            group_low = hand_low & color_masks[color, 0]
            group_high = hand_high & color_masks[color, 1]
            size = count(group_low, group_high) * ways[layout, color]
            if rank < size:
                break
            rank -= size
        choices = ways[layout, color]
        skip, slot = rank // choices, rank % choices
        while skip:
            if group_low:
                group_low &= group_low - 1
            else:
                group_high &= group_high - 1
            skip -= 1
        index = lowest(group_low, group_high)
        slot = slots[layout, color, slot]
        bit_low, bit_high = bit(index)
        hands[2 * player] = hand_low ^ bit_low
        hands[2 * player + 1] = hand_high ^ bit_high
        if slot == 0:
            layout |= (color + 1) << 3 * open_count
            tricks[open_count, 0] = color
            tricks[open_count, 1] = index
            tricks[open_count, 2] = player
            tricks[open_count, 3] = 1
            open_count += 1
        else:
            t = slot - 1
            top = tricks[t, 1]
            if (takes[top, 0] & bit_low) or (takes[top, 1] & bit_high):
                tricks[t, 1] = index
                tricks[t, 2] = player
            led = tricks[t, 0]
            if (counts[led, 0] & bit_low) or (counts[led, 1] & bit_high):
                tricks[t, 3] += 1
                if tricks[t, 3] >= trick_size:
                    wins[tricks[t, 2]] += 1
                    for u in range(t, open_count - 1):
                        for k in range(4):
                            tricks[u, k] = tricks[u + 1, k]
                    open_count -= 1
                    layout = (layout & ((1 << 3 * t) - 1)) | ((layout >> 3 * t + 3) << 3 * t)
        turn += 1
        player = player + 1 if player + 1 < n else 0
    if marker_wins:
        for t in range(open_count):
            wins[tricks[t, 2]] += 1
    return wins


class _Arrays:
    """The tables of one deck and move mode as arrays."""

    __slots__ = ("color_masks", "colors", "counts", "slots", "takes", "ways")

    def __init__(self, tables: HandTables, mode: int) -> None:
        self.colors = np.array(tables.colors, dtype=np.int64)
        self.color_masks = word_pairs(tables.color_masks)
        self.takes = word_pairs(tables.takes)
        self.counts = word_pairs(tables.counts)
        self.slots = np.zeros((1 << _LAYOUT_BITS, _COLOR_COUNT, OPEN_TRICKS + 1), dtype=np.int64)
        """``slots[layout, colour, i]``: the ``i``-th way of playing a card of the colour
        under the layout of open tricks (:meth:`HandTables.slots_of`)."""
        self.ways = np.zeros((1 << _LAYOUT_BITS, _COLOR_COUNT), dtype=np.int64)
        """``ways[layout, colour]``: how many ways there are."""
        for open_count in range(OPEN_TRICKS + 1):
            for open_colors in product(tables.colors, repeat=open_count):
                layout = 0
                for t, color in enumerate(open_colors):
                    layout |= (color + 1) << 3 * t
                for color, row in enumerate(tables.slots_of(mode | layout)):
                    self.ways[layout, color] = len(row)
                    self.slots[layout, color, : len(row)] = row


_ARRAYS: dict[tuple[StichlingRules, int, int], _Arrays] = {}


def finisher(search: HandSearch) -> Callable[[FastHand, int], list[int]]:
    """The compiled finisher of the hands of ``search``: ``finish(hand, state)`` plays
    ``hand``, whose victory-point cards are ordered, to the end by random moves, drawing from
    the :class:`~sticheln.core.stream.PlayoutStream` in state ``state``, and returns each
    player's total then (the scores of the finished hands and this one)."""
    tables = search.tables
    mode = search.key & ~_LAYOUT
    cache_key = (tables.rules, search.n, mode)
    arrays = _ARRAYS.get(cache_key)
    if arrays is None:
        if len(_ARRAYS) >= 64:
            _ARRAYS.clear()
        arrays = _ARRAYS[cache_key] = _Arrays(tables, mode)
    head = [search.n, 0, 0, search.total, 0, int(search.marker_wins)]
    table_args = (
        arrays.colors,
        arrays.color_masks,
        arrays.takes,
        arrays.counts,
        arrays.slots,
        arrays.ways,
        TRICK_SIZE,
    )
    finish_compiled = _finish
    int64 = np.int64
    to_bytes = int.to_bytes
    frombuffer = np.frombuffer

    def finish(r: FastHand, state: int) -> list[int]:
        head[1] = r.to_act
        head[2] = r.turn
        head[4] = r.key & _LAYOUT
        tricks = r.tricks
        ints = np.array(
            [*head, len(tricks), *[x for trick in tricks for x in trick], *r.wins], dtype=int64
        )
        masks = frombuffer(b"".join([to_bytes(m, 16, "little") for m in r.hands]), dtype=int64)
        signed = state - (1 << 64) if state >> 63 else state  # one type of argument: int64
        r.wins = finish_compiled(masks, ints, signed, *table_args).tolist()
        r.turn = search.total
        return r.totals()

    return finish
