"""The turns of Hattrick's batch simulator compiled with numba (the ``fast`` extra; private
to :mod:`sticheln.hattrick.batch`, which imports it when numba is installed).

:func:`play_turns` plays the turns of every row of a batch, one row after the other, as the
lockstep loop of :func:`sticheln.hattrick.batch.simulate` plays them all at once with numpy:
from the same shuffled decks, on the same tables (``action``, ``after``, ``takes``, ``color``
and ``value`` of ``sticheln.hattrick.batch._tables``, built by
:func:`~sticheln.hattrick.action_for` and :func:`~sticheln.hattrick.trick_taker`), to the same
arrays. The next leader is chosen as the numpy loop's ``_lead_places`` chooses it
(:rule:`HT-LEAD-2`). The tests compare the two paths array by array and replay batch games on
the engine.

>>> import os
>>> from sticheln.hattrick import AMIGO_1995
>>> from sticheln.hattrick.batch import simulate
>>> os.environ["STICHELN_PLAYOUTS"] = "compiled"
>>> compiled = simulate(AMIGO_1995, 4, 50, seed=1)
>>> os.environ["STICHELN_PLAYOUTS"] = "python"
>>> (simulate(AMIGO_1995, 4, 50, seed=1).scores == compiled.scores).all()
np.True_
>>> del os.environ["STICHELN_PLAYOUTS"]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from sticheln.core.compiled import compiled

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["lead_place", "play_turns"]


@compiled
def lead_place(
    values: npt.NDArray[np.intp],
    counted: npt.NDArray[np.bool_],
    n: int,
    whole_turn: int,
    next_lower: int,
    lift: int,
    key: npt.NDArray[np.intp],
) -> int:
    """The place in the turn of the card whose player leads the next turn (:rule:`HT-LEAD-2`):
    of the ``n`` cards of ``values``, those that count (``counted``, or all of them with
    ``whole_turn``), the one with the highest key, the earliest on equal keys. The key is the
    card's value, raised by ``lift`` (above every value) under ``next_lower`` when no other
    counted card has the same value. ``key`` is room for ``n`` keys."""
    for k in range(n):
        key[k] = values[k] if (whole_turn or counted[k]) else -1
    if next_lower:
        for k in range(n):
            same = 0
            for j in range(n):
                same += key[j] == key[k]
            if same == 1 and (whole_turn or counted[k]):
                key[k] += lift
    place = 0
    for k in range(1, n):
        if key[k] > key[place]:
            place = k
    return place


@compiled
def play_turns(
    perm: npt.NDArray[np.int8],
    leaders0: npt.NDArray[np.intp],
    n: int,
    hand: int,
    action: npt.NDArray[np.int8],
    after: npt.NDArray[np.intp],
    takes: npt.NDArray[np.bool_],
    color: npt.NDArray[np.intp],
    value: npt.NDArray[np.intp],
    codes: npt.NDArray[np.int64],
    lift: int,
    plays: npt.NDArray[np.int8],
    seats: npt.NDArray[np.int8],
    actions: npt.NDArray[np.int8],
    winners: npt.NDArray[np.int8],
    leaders: npt.NDArray[np.int8],
    won: npt.NDArray[np.intp],
    passed: npt.NDArray[np.intp],
) -> None:
    """Fill ``plays``, ``seats``, ``actions`` (``(rows, turns, n)``), ``winners``
    (``(rows, turns, 2)``), ``leaders`` (``(rows, turns)``), ``won`` (``(rows, n, 3)``, cards
    won by seat and colour) and ``passed`` (``(rows, n)``), as ``simulate`` does.

    ``codes`` holds the codes of a pass and of opening a trick, whether every card of a turn
    counts for the next lead (:attr:`LeadCards.TURN <sticheln.hattrick.LeadCards>`) and
    whether the lead tie goes to the next lower value (:attr:`LeadTie.NEXT_LOWER
    <sticheln.hattrick.LeadTie>`); ``lift``, above every value, lifts the key of a value
    played once."""
    rows = perm.shape[0]
    size = perm.shape[1]
    turns = hand - 1
    pass_code, open_code, whole_turn, next_lower = codes[0], codes[1], codes[2], codes[3]
    best = np.empty(3, dtype=np.intp)
    taker = np.empty(3, dtype=np.intp)
    count = np.empty(3, dtype=np.intp)
    turn_seats = np.empty(n, dtype=np.intp)
    values = np.empty(n, dtype=np.intp)
    counted = np.empty(n, dtype=np.bool_)
    key = np.empty(n, dtype=np.intp)
    for r in range(rows):
        leader = leaders0[r]
        for t in range(turns):
            situation = 0
            for c in range(3):
                best[c] = size
                taker[c] = 0
                count[c] = 0
            second = -1
            seat = leader
            for k in range(n):
                if k:
                    seat = seat + 1 if seat + 1 < n else 0
                card = perm[r, t + seat * hand]
                at = situation * size + card
                act = action[at]
                situation = after[at]
                plays[r, t, k] = card
                seats[r, t, k] = seat
                actions[r, t, k] = act
                turn_seats[k] = seat
                values[k] = value[card]
                played = act != pass_code
                counted[k] = played
                colour = color[card]
                if k and act == open_code and second < 0:
                    second = colour
                if played:
                    if takes[best[colour] * size + card]:  # HT-TRICK-1
                        best[colour] = card
                        taker[colour] = seat
                    count[colour] += 1
                else:
                    passed[r, seat] += 1  # HT-PLAY-3
            first = color[plays[r, t, 0]]
            winners[r, t, 0] = taker[first]
            won[r, taker[first], color[best[first]]] += count[first]
            if second >= 0:
                winners[r, t, 1] = taker[second]
                won[r, taker[second], color[best[second]]] += count[second]
            else:
                winners[r, t, 1] = -1
            leader = turn_seats[lead_place(values, counted, n, whole_turn, next_lower, lift, key)]
            leaders[r, t] = leader
