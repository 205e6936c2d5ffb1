"""Sticheln's search playouts compiled to machine code with numba (the ``fast`` extra; private
to :mod:`sticheln.sticheln.playout`, which imports it only when a search starts and numba is
installed).

:func:`finisher` plays a :class:`~sticheln.sticheln.playout.FastRound` to the end of the
round by the playout policy, as :func:`sticheln.sticheln.playout.finish_in_python` does, move
for move and drawing the same random numbers (:class:`~sticheln.core.stream.PlayoutStream`),
several times faster. The differential tests (``tests/sticheln/test_compiled.py``) play
thousands of rounds of every preset both ways and compare every result. The two-word masks
and the stream's draws are those of :mod:`sticheln.core.compiled`.

The kernel reads the tables of the Python path, it defines no rule: which card takes a trick
is the table :attr:`Tables.beats <sticheln.sticheln.playout.Tables>` (built by
:func:`~sticheln.trick_winner`), who takes a trick that no card wins is the search's
``zero_taker`` (:func:`~sticheln.trick_taker`), and a card's points are
:data:`~sticheln.sticheln.policy.POINTS` (:func:`~sticheln.card_points`), with which the round
is scored as :func:`~sticheln.round_score` scores it: the pain card and every won card in the
pain colour (:rule:`ST-SCORE-1`, :rule:`ST-SCORE-2`). The policy's choice is that of
:func:`~sticheln.sticheln.policy.play_choice`, on the same tables of
:mod:`sticheln.sticheln.policy` (``VALUES``, ``COLOR_MASKS``, ``ZEROS``) and constants
(``SHED_BONUS``, ``ZERO_KEEP``), in the same order of floating-point operations, so that it
chooses the same cards.

The compiled code is cached on disk (``cache=True``), so
only the first search after installing pays for compiling it
(``benchmarks/ismcts_speed.py`` prints that cost).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import numpy as np

from sticheln.core.cards import MAX_VALUE
from sticheln.core.compiled import (
    bit,
    compiled,
    count,
    draw_below,
    highest,
    lowest,
    trailing_zeros,
    word_pairs,
    words,
)
from sticheln.sticheln.policy import COLOR_MASKS, POINTS, SHED_BONUS, VALUES, ZERO_KEEP, ZEROS

if TYPE_CHECKING:
    import numpy.typing as npt

    from sticheln.sticheln.playout import FastRound, RoundSearch, Tables

__all__ = ["finisher"]

_SLOTS: Final = MAX_VALUE + 1


@compiled
def _offer(
    score: float,
    low: np.int64,
    high: np.int64,
    best: float,
    ties_low: np.int64,
    ties_high: np.int64,
) -> tuple[float, np.int64, np.int64]:
    """A group of cards with the same score offered to the choice: the best score and its ties
    afterwards (within ``1e-9``, as :func:`~sticheln.sticheln.policy.play_choice`)."""
    if score > best + 1e-9:
        return score, low, high
    if score > best - 1e-9:
        return best, ties_low | low, ties_high | high
    return best, ties_low, ties_high


@compiled
def _choose(
    hand_low: np.int64,
    hand_high: np.int64,
    take_low: np.int64,
    take_high: np.int64,
    trick: npt.NDArray[np.int64],
    played: int,
    my_pain: int,
    its_pain: int,
    weight: float,
    share: float,
    points: npt.NDArray[np.int64],
    values: npt.NDArray[np.int64],
    colors: npt.NDArray[np.int64],
    zeros: npt.NDArray[np.int64],
    shed: float,
    keep: float,
) -> tuple[np.int64, np.int64]:
    """:func:`~sticheln.sticheln.policy.play_choice` on two-word masks: the cards of the hand
    the policy would play."""
    my_low, my_high = colors[my_pain, 0], colors[my_pain, 1]
    best = -1e9
    ties_low, ties_high = np.int64(0), np.int64(0)
    if take_low or take_high:
        total = 1
        for k in range(played):
            total += points[my_pain, trick[k]]
        group_low, group_high = take_low & ~my_low, take_high & ~my_high
        if group_low or group_high:
            best = weight * total
            ties_low, ties_high = group_low, group_high
        group_low, group_high = take_low & my_low, take_high & my_high
        if group_low or group_high:
            low = lowest(group_low, group_high)
            value = values[low]
            score = weight * (total - 1 - value)
            score += shed * value
            bit_low, bit_high = bit(low)
            best, ties_low, ties_high = _offer(score, bit_low, bit_high, best, ties_low, ties_high)
    rest_low, rest_high = hand_low & ~take_low, hand_high & ~take_high
    if rest_low or rest_high:
        if its_pain < 0:
            score = 0.0
            score -= keep
            best, ties_low, ties_high = _offer(
                score, rest_low, rest_high, best, ties_low, ties_high
            )
        else:
            base = 0
            for k in range(played):
                base += points[its_pain, trick[k]]
            its_low, its_high = colors[its_pain, 0], colors[its_pain, 1]
            zeros_low, zeros_high = rest_low & zeros[0], rest_high & zeros[1]
            other = -share * (base + 1)
            if zeros_low or zeros_high:
                group_low, group_high = zeros_low & its_low, zeros_high & its_high
                if group_low or group_high:
                    score = -share * base
                    score -= keep
                    best, ties_low, ties_high = _offer(
                        score, group_low, group_high, best, ties_low, ties_high
                    )
                group_low, group_high = zeros_low & ~its_low, zeros_high & ~its_high
                if group_low or group_high:
                    score = other - keep
                    best, ties_low, ties_high = _offer(
                        score, group_low, group_high, best, ties_low, ties_high
                    )
                rest_low &= ~zeros_low
                rest_high &= ~zeros_high
            group_low, group_high = rest_low & its_low, rest_high & its_high
            if group_low or group_high:
                high = highest(group_low, group_high)
                value = values[high]
                score = -share * (base - value)
                if its_pain == my_pain:
                    score += shed * value
                bit_low, bit_high = bit(high)
                best, ties_low, ties_high = _offer(
                    score, bit_low, bit_high, best, ties_low, ties_high
                )
            group_low = rest_low & ~its_low & ~my_low
            group_high = rest_high & ~its_high & ~my_high
            if group_low or group_high:
                best, ties_low, ties_high = _offer(
                    other, group_low, group_high, best, ties_low, ties_high
                )
            group_low = rest_low & ~its_low & my_low
            group_high = rest_high & ~its_high & my_high
            if group_low or group_high:
                high = highest(group_low, group_high)
                score = other + shed * values[high]
                bit_low, bit_high = bit(high)
                best, ties_low, ties_high = _offer(
                    score, bit_low, bit_high, best, ties_low, ties_high
                )
    return ties_low, ties_high


@compiled
def _finish(
    masks: npt.NDArray[np.int64],
    ints: npt.NDArray[np.int64],
    seed: int,
    beats: npt.NDArray[np.int64],
    leads: npt.NDArray[np.int64],
    points: npt.NDArray[np.int64],
    values: npt.NDArray[np.int64],
    colors: npt.NDArray[np.int64],
    zeros: npt.NDArray[np.int64],
    floats: npt.NDArray[np.float64],
) -> npt.NDArray[np.int64]:
    """Play the round of ``masks`` and ``ints`` (:func:`finisher`) to its end by the policy;
    each player's score for the round."""
    slots = _SLOTS
    n = ints[0]
    leader = ints[1]
    player = ints[2]
    best = ints[3]
    lead = ints[4]
    zero_taker = ints[5]
    played = ints[6]
    trick = np.empty(n, dtype=np.int64)
    for k in range(played):
        trick[k] = ints[7 + k]
    picks = ints[7 + played : 7 + played + n]
    hands = masks[: 2 * n].copy()
    won = masks[2 * n : 4 * n].copy()
    early_weight, early_share, last_weight, last_share = floats[0], floats[1], floats[2], floats[3]
    shed, keep = floats[4], floats[5]
    pains = np.empty(n, dtype=np.int64)
    for p in range(n):
        pains[p] = picks[p] // slots
    state = np.uint64(seed)
    last = n - 1
    its_pain = pains[(leader + best) % n] if best >= 0 else -1
    taken_low, taken_high = np.int64(0), np.int64(0)
    for k in range(played):
        bit_low, bit_high = bit(trick[k])
        taken_low |= bit_low
        taken_high |= bit_high
    while True:
        hand_low, hand_high = hands[2 * player], hands[2 * player + 1]
        if not (hand_low or hand_high):
            break
        if played:
            column = trick[best] + 1 if best >= 0 else 0
            row_low, row_high = beats[lead, column, 0], beats[lead, column, 1]
            if played == last:
                weight, share = last_weight, last_share
            else:
                weight, share = early_weight, early_share
            mine = its_pain
        else:
            row_low, row_high = leads[0], leads[1]
            weight, share = early_weight, early_share
            mine = -1
        ties_low, ties_high = _choose(
            hand_low,
            hand_high,
            hand_low & row_low,
            hand_high & row_high,
            trick,
            played,
            pains[player],
            mine,
            weight,
            share,
            points,
            values,
            colors,
            zeros,
            shed,
            keep,
        )
        ties = count(ties_low, ties_high)
        if ties > 1:
            state, rank = draw_below(state, ties)
            while rank:
                if ties_low:
                    ties_low &= ties_low - 1
                else:
                    ties_high &= ties_high - 1
                rank -= 1
        index = lowest(ties_low, ties_high)
        # Play the card.
        bit_low, bit_high = bit(index)
        hands[2 * player] = hand_low ^ bit_low
        hands[2 * player + 1] = hand_high ^ bit_high
        taken_low |= bit_low
        taken_high |= bit_high
        if not played:
            lead = index // slots
        if (row_low & bit_low) or (row_high & bit_high):
            best = played
            its_pain = pains[player]
        trick[played] = index
        played += 1
        if played <= last:
            player = player + 1 if player < last else 0
            continue
        taker = best if best >= 0 else zero_taker
        if taker >= 0:
            leader = (leader + taker) % n
            won[2 * leader] |= taken_low
            won[2 * leader + 1] |= taken_high
        player = leader
        played = 0
        best = -1
        its_pain = -1
        taken_low, taken_high = np.int64(0), np.int64(0)
    scores = np.empty(n, dtype=np.int64)
    for p in range(n):
        pain = pains[p]
        score = points[pain, picks[p]]
        low, high = won[2 * p], won[2 * p + 1]
        while low:
            score += points[pain, trailing_zeros(low)]
            low &= low - 1
        while high:
            score += points[pain, 64 + trailing_zeros(high)]
            high &= high - 1
        scores[p] = score
    return scores


class _DeckArrays:
    """The tables of one deck as arrays of two-word masks."""

    __slots__ = ("beats", "leads")

    def __init__(self, tables: Tables) -> None:
        self.beats = np.array(
            [[words(mask) for mask in row] for row in tables.beats], dtype=np.int64
        )
        self.leads = np.array(words(tables.leads), dtype=np.int64)


_DECKS: dict[int, _DeckArrays] = {}
_POINTS: Final = np.array(POINTS, dtype=np.int64)
_VALUES: Final = np.array(VALUES, dtype=np.int64)
_COLOR_MASKS: Final = word_pairs(COLOR_MASKS)
_ZEROS: Final = np.array(words(ZEROS), dtype=np.int64)


def finisher(search: RoundSearch) -> Callable[[FastRound, int], list[int]]:
    """The compiled finisher of the rounds of ``search``: ``finish(round, state)`` plays
    ``round``, whose pain cards are chosen, to the end by the playout policy, drawing from the
    :class:`~sticheln.core.stream.PlayoutStream` in state ``state``, and returns each
    player's total then (the scores of the finished rounds and this one)."""
    tables = search.tables
    arrays = _DECKS.get(tables.deck)
    if arrays is None:
        arrays = _DECKS[tables.deck] = _DeckArrays(tables)
    beats, leads = arrays.beats, arrays.leads
    (early_weight, early_share), (last_weight, last_share) = search.weights
    floats = np.array(
        [early_weight, early_share, last_weight, last_share, SHED_BONUS, ZERO_KEEP],
        dtype=np.float64,
    )
    totals = search.totals
    head = [search.n, 0, 0, 0, 0, search.zero_taker]
    to_bytes = int.to_bytes
    frombuffer = np.frombuffer
    int64 = np.int64
    finish_compiled = _finish

    def finish(r: FastRound, state: int) -> list[int]:
        head[1:5] = r.leader, r.to_act, r.best, r.lead
        trick = r.trick
        ints = np.array([*head, len(trick), *trick, *r.picks], dtype=int64)
        masks = frombuffer(
            b"".join([to_bytes(m, 16, "little") for m in (*r.hands, *r.won)]), dtype=int64
        )
        signed = state - (1 << 64) if state >> 63 else state  # one type of argument: int64
        scores = finish_compiled(
            masks, ints, signed, beats, leads, _POINTS, _VALUES, _COLOR_MASKS, _ZEROS, floats
        ).tolist()
        return [t + s for t, s in zip(totals, scores, strict=True)]

    return finish
