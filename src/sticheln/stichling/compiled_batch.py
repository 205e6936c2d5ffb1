"""The hands of Stichling's batch simulator compiled with numba (the ``fast`` extra; private
to :mod:`sticheln.stichling.batch`, which imports it when numba is installed).

:func:`play_hands` plays the hands of every row of a batch, one row after the other, as the
lockstep loop of :func:`sticheln.stichling.batch.simulate` plays them all at once with numpy:
from the same shuffled decks and uniform numbers, on the same tables (``slots``, ``ways``,
``takes``, ``counts`` and ``color_masks`` of ``sticheln.stichling.batch._tables``, read from
:class:`~sticheln.stichling.playout.HandTables`), to the same arrays. It defines no rule: it
is the loop of the search's compiled playouts (:mod:`sticheln.stichling.compiled`) with
one-word masks of places in the deck instead of two-word masks of card indices, drawing each
move from the batch's numbers and writing it down. The tests compare the two paths array by
array and replay batch games on the engine.

>>> import os
>>> from sticheln.stichling import RAVENSBURGER_2015
>>> from sticheln.stichling.batch import simulate
>>> os.environ["STICHELN_PLAYOUTS"] = "compiled"
>>> compiled = simulate(RAVENSBURGER_2015, 4, 50, seed=1)
>>> os.environ["STICHELN_PLAYOUTS"] = "python"
>>> (simulate(RAVENSBURGER_2015, 4, 50, seed=1).move_slots == compiled.move_slots).all()
np.True_
>>> del os.environ["STICHELN_PLAYOUTS"]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from sticheln.core.compiled import compiled, count, lowest

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["play_hands"]


@compiled
def play_hands(
    perm: npt.NDArray[np.int8],
    uniforms: npt.NDArray[np.float64],
    leaders: npt.NDArray[np.intp],
    n: int,
    hand: int,
    index: npt.NDArray[np.int8],
    colors: npt.NDArray[np.int64],
    color_masks: npt.NDArray[np.int64],
    takes: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    slots: npt.NDArray[np.int64],
    ways: npt.NDArray[np.int64],
    flags: npt.NDArray[np.int64],
    dealt: npt.NDArray[np.int8],
    cards: npt.NDArray[np.int8],
    moves: npt.NDArray[np.int8],
    wins: npt.NDArray[np.int8],
) -> None:
    """Fill ``dealt`` (``(rows, n, hand)``: each seat's cards, ascending), ``cards`` and
    ``moves`` (``(rows, n + hand * n)``: the card of every move, ``-1`` for the orders of the
    victory-point cards, and the number of the order or where the card goes, ``0`` to open a
    trick, ``1 + t`` onto open trick ``t``) and ``wins`` (``(rows, n)``: the tricks each seat
    won), as ``simulate`` does.

    ``flags`` holds the number of orders of the victory-point cards, whether the tricks
    still open at the end go to their marker holders, and the cards that complete a
    trick."""
    rows = perm.shape[0]
    order_count, marker_wins, trick_size = flags[0], flags[1], flags[2]
    zero = np.int64(0)
    one = np.int64(1)
    held = np.empty(n, dtype=np.int64)
    by_color = np.zeros((n, color_masks.shape[0]), dtype=np.int64)  # cards held per colour
    # The open tricks in the order opened: led colour, place of the marker's card, seat
    # holding the marker, cards counted.
    tricks = np.zeros((4 + 1, 4), dtype=np.int64)
    won = np.empty(n, dtype=np.int64)
    for r in range(rows):
        for p in range(n):
            cards[r, p] = -1
            moves[r, p] = int(uniforms[r, p] * order_count)
            mask = zero
            for j in range(hand):
                mask |= one << np.int64(perm[r, p * hand + j])
            held[p] = mask
            for c in colors:
                by_color[p, c] = count(mask & color_masks[c], zero)
            for j in range(hand):
                low = lowest(mask, zero)
                dealt[r, p, j] = index[low]
                mask &= mask - 1
            won[p] = 0
        open_count = 0
        layout = 0
        player = leaders[r]
        for k in range(n, n + hand * n):
            mine = held[player]
            # The number of legal moves, then the drawn one: by card, then way.
            total = 0
            for c in colors:
                total += by_color[player, c] * ways[layout, c]
            rank = int(uniforms[r, k] * total)
            c = colors[0]
            for c in colors:
                size = by_color[player, c] * ways[layout, c]
                if rank < size:
                    break
                rank -= size
            choices = ways[layout, c]
            skip, way = rank // choices, rank % choices
            group = mine & color_masks[c]
            while skip:
                group &= group - 1
                skip -= 1
            place = lowest(group, zero)
            slot = slots[layout, c, way]
            card = one << np.int64(place)
            held[player] = mine ^ card
            by_color[player, c] -= 1
            cards[r, k] = index[place]
            moves[r, k] = slot
            if slot == 0:
                layout |= (c + 1) << 3 * open_count
                tricks[open_count, 0] = c
                tricks[open_count, 1] = place
                tricks[open_count, 2] = player
                tricks[open_count, 3] = 1
                open_count += 1
            else:
                t = slot - 1
                if takes[tricks[t, 1]] & card:
                    tricks[t, 1] = place
                    tricks[t, 2] = player
                if counts[tricks[t, 0]] & card:
                    tricks[t, 3] += 1
                    if tricks[t, 3] >= trick_size:
                        won[tricks[t, 2]] += 1
                        for u in range(t, open_count - 1):
                            for j in range(4):
                                tricks[u, j] = tricks[u + 1, j]
                        open_count -= 1
                        layout = (layout & ((1 << 3 * t) - 1)) | ((layout >> 3 * t + 3) << 3 * t)
            player = player + 1 if player + 1 < n else 0
        if marker_wins:
            for t in range(open_count):
                won[tricks[t, 2]] += 1
        for p in range(n):
            wins[r, p] = won[p]
