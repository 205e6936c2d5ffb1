"""Hattrick's search playouts compiled to machine code with numba (the ``fast`` extra; private
to :mod:`sticheln.hattrick.playout`, which imports it only when a search starts and numba is
installed).

:func:`finisher` plays a :class:`~sticheln.hattrick.playout.FastHand` to the end of the hand
by random moves, as :func:`sticheln.hattrick.playout.finish_in_python` does, move for move and
drawing the same random numbers (:class:`~sticheln.core.stream.PlayoutStream`), several times
faster. The differential tests (``tests/hattrick/test_compiled.py``) play thousands of hands
of every preset both ways and compare every result.

The kernel reads the tables of the Python path, it defines no rule: what a card does in each
situation of a turn and the situation after it are :attr:`HandTables.action
<sticheln.hattrick.playout.HandTables.action>` and :attr:`HandTables.after
<sticheln.hattrick.playout.HandTables.after>` (built by :func:`~sticheln.hattrick.action_for`),
whether a card takes a trick is :attr:`HandTables.takes
<sticheln.hattrick.playout.HandTables.takes>` (:func:`~sticheln.hattrick.trick_taker`), the
next leader is found by the batch simulator's compiled rule
(:func:`sticheln.hattrick.compiled_batch.lead_place`, tested against
:func:`~sticheln.hattrick.next_leader`), and the hand is scored in Python by
:func:`~sticheln.hattrick.hand_score` from the piles and passes the kernel leaves. The
stream's draws are those of ``sticheln.core.compiled``. numba renews the disk cache of this
module's kernel when this module changes, not when ``lead_place`` does: after editing that,
delete this module's ``__pycache__`` too.

>>> import random
>>> from sticheln.hattrick import HattrickGame
>>> from sticheln.hattrick.compiled import finisher
>>> from sticheln.hattrick.playout import HandSearch, finish_in_python
>>> game = HattrickGame()
>>> search = HandSearch(game.observe(game.new_game(4, seed=3), 0))
>>> ours, theirs = (search.sample(random.Random(1)) for _ in range(2))  # the same hand
>>> finisher(search)(ours, 7) == finish_in_python(theirs, 7)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from sticheln.core.compiled import compiled, count, draw_uniform, trailing_zeros
from sticheln.hattrick.compiled_batch import lead_place
from sticheln.hattrick.playout import PASS
from sticheln.hattrick.rules import HattrickRules, LeadTie

if TYPE_CHECKING:
    import numpy.typing as npt

    from sticheln.hattrick.playout import FastHand, HandSearch, HandTables

__all__ = ["finisher"]

_HEAD = 5
"""The ints before the turn's places in the kernel's state: players, leader, turns left,
cards of the turn in progress, situation."""


@compiled
def _finish(
    ints: npt.NDArray[np.int64],
    seed: int,
    color: npt.NDArray[np.int64],
    value: npt.NDArray[np.intp],
    action: npt.NDArray[np.int64],
    after: npt.NDArray[np.int64],
    takes: npt.NDArray[np.bool_],
    codes: npt.NDArray[np.int64],
) -> None:
    """Play the hand of ``ints`` (:func:`finisher`: the head, the turn's places, then each
    player's hand, won places and passes) to its end by random moves, in place."""
    n = ints[0]
    leader = ints[1]
    turns = ints[2]
    played = ints[3]
    situation = ints[4]
    turn = ints[_HEAD : _HEAD + n]
    hands = ints[_HEAD + n : _HEAD + 2 * n]
    won = ints[_HEAD + 2 * n : _HEAD + 3 * n]
    passed = ints[_HEAD + 3 * n : _HEAD + 4 * n]
    size = color.shape[0]
    whole_turn, next_lower, lift = codes[0], codes[1], codes[2]
    values = np.empty(n, dtype=np.intp)
    counted = np.empty(n, dtype=np.bool_)
    key = np.empty(n, dtype=np.intp)
    best = np.empty(3, dtype=np.int64)
    taker = np.empty(3, dtype=np.int64)
    taken = np.empty(3, dtype=np.int64)
    state = np.uint64(seed)
    while turns:
        player = leader + played
        if player >= n:
            player -= n
        cards = hands[player]
        state, uniform = draw_uniform(state)
        rank = int(uniform * count(cards, np.int64(0)))
        while rank:
            cards &= cards - 1
            rank -= 1
        place = int(trailing_zeros(cards))
        hands[player] ^= np.int64(1) << np.int64(place)
        at = situation * size + place
        if action[at] == PASS:
            passed[player] += 1  # HT-PLAY-3
        situation = after[at]
        turn[played] = place
        played += 1
        if played < n:
            continue
        # The turn is full: the tricks go to the players of the cards that take them
        # (HT-TRICK-1), then the next leader (HT-LEAD-2).
        for c in range(3):
            best[c] = size
            taker[c] = 0
            taken[c] = 0
        situation = 0
        for k in range(n):
            place = turn[k]
            at = situation * size + place
            situation = after[at]
            seat = leader + k
            if seat >= n:
                seat -= n
            values[k] = value[place]
            counted[k] = action[at] != PASS
            if counted[k]:
                c = color[place]
                if takes[best[c] * size + place]:
                    best[c] = place
                    taker[c] = seat
                taken[c] |= np.int64(1) << np.int64(place)
        for c in range(3):
            if taken[c]:
                won[taker[c]] |= taken[c]
        leader += lead_place(values, counted, n, whole_turn, next_lower, lift, key)
        if leader >= n:
            leader -= n
        played = 0
        situation = 0
        turns -= 1
    ints[1] = leader
    ints[2] = 0
    ints[3] = 0
    ints[4] = 0


class _Arrays:
    """The tables of one deck as arrays."""

    __slots__ = ("action", "after", "codes", "color", "takes", "value")

    def __init__(self, tables: HandTables) -> None:
        self.color = np.array(tables.color, dtype=np.int64)
        self.value = np.array(tables.value, dtype=np.intp)
        self.action = np.array(tables.action, dtype=np.int64)
        self.after = np.array(tables.after, dtype=np.int64)
        self.takes = np.array(tables.takes, dtype=np.bool_)
        self.codes = np.array(
            [
                tables.whole_turn,
                tables.next_lower is LeadTie.NEXT_LOWER,
                tables.rules.highest + 1,
            ],
            dtype=np.int64,
        )


_ARRAYS: dict[HattrickRules, _Arrays] = {}


def finisher(search: HandSearch) -> Callable[[FastHand, int], list[int]]:
    """The compiled finisher of the hands of ``search``: ``finish(hand, state)`` plays
    ``hand`` to the end by random moves, drawing from the
    :class:`~sticheln.core.stream.PlayoutStream` in state ``state``, and returns each
    player's total then (the scores of the finished hands and this one)."""
    tables = search.tables
    arrays = _ARRAYS.get(tables.rules)
    if arrays is None:
        if len(_ARRAYS) >= 64:
            _ARRAYS.clear()
        arrays = _ARRAYS[tables.rules] = _Arrays(tables)
    table_args = (
        arrays.color,
        arrays.value,
        arrays.action,
        arrays.after,
        arrays.takes,
        arrays.codes,
    )
    n = search.n
    pad = [0] * n
    finish_compiled = _finish
    array = np.array
    int64 = np.int64
    start = _HEAD + n

    def finish(r: FastHand, state: int) -> list[int]:
        turn = r.turn
        ints = array(
            [
                n,
                r.leader,
                r.turns,
                len(turn),
                r.situation,
                *turn,
                *pad[len(turn) :],
                *r.hands,
                *r.won,
                *r.passed,
            ],
            dtype=int64,
        )
        signed = state - (1 << 64) if state >> 63 else state  # one type of argument: int64
        finish_compiled(ints, signed, *table_args)
        out = ints.tolist()
        r.leader = out[1]
        r.turns = 0
        r.turn = []
        r.situation = 0
        r.hands = out[start : start + n]
        r.won = out[start + n : start + 2 * n]
        r.passed = out[start + 2 * n :]
        return r.totals()

    return finish
