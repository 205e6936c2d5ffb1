"""Sticheln's exact solver of a round compiled to machine code with numba (the ``fast`` extra;
private to :func:`sticheln.sticheln.endgame.solver_values`, which imports it only when numba
is installed and :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE` allows compiled code).

:func:`move_values` finds what :func:`sticheln.analysis.solve` finds of a round in sequential
play, every hand known: the value for one player of each card the player to act may play,
under ``"paranoid"`` or ``"maxn"``, the same tie rule of maxn included. The differential tests
(``tests/sticheln/test_compiled_solver.py``) compare both on thousands of endgames of every
preset.

The cards still in play (the hands and the current trick) are numbered afresh from 0 in the
order of their indices, so that a set of them is one 64-bit word; a position of more than 64
such cards is left to the Python solver. The search is a depth-first search over single
cards, a loop over a stack of frames (numba cannot load a recursive function from its cache):

- ``"paranoid"``: fail-soft alpha-beta of the points still to come for the player, within
  the bounds of the cards left (all its pain cards won, all its other cards won), without the
  cards of a trick it can no longer take (its card beaten, or none of its cards beats the
  best one: a card that does not beat the best card beats none that beats it); the moves
  best first by the points of the trick if it ended now, as
  :class:`~sticheln.sticheln.endgame.RoundPosition` orders them, the best move stored for a
  position first. At the root each card's value is found by null-window probes (MTD(f)),
  from the value of the card before, stepping up by 1, 2, 4, ... points while they fail high
  and down to the bound returned once one fails low. Before searching the moves of the last
  card of a trick, the search looks up the positions after each of them in the table and
  stops if one settles the node (an enhanced transposition cutoff);
- ``"maxn"``: every move searched (points need not add up to a constant in Sticheln, so the
  shallow pruning of maxn does not apply), each player taking the move best for itself, ties
  by the rule of :func:`sticheln.analysis.solve`.

Both merge interchangeable cards (:class:`~sticheln.sticheln.endgame.RoundPosition` says
when two cards are) and keep a transposition table between tricks: there the points still to
come depend only on the cards left and the seat to lead, and the cards left say who holds
which, since no card changes hands. The table is a fixed-size array, kept from search to
search, whose entries of earlier searches are told apart by a generation number; an entry
is one 64-byte row, one cache line, holding both bounds found for a position and the best
move. The last trick, whose cards are forced, is worked out directly. The search's own
functions are compiled without numba's counting of references to the arrays they are given
(its atomic operations on every call cost more than the search's work); only
:func:`_root` makes arrays.

The compiled code reads tables, it defines no rule: which card takes a trick is the table
:attr:`Tables.beats <sticheln.sticheln.playout.Tables>` (built by
:func:`~sticheln.trick_winner`), who takes a trick that no card wins is the search's
``zero_taker`` (:func:`~sticheln.trick_taker`), a card's points are
:data:`~sticheln.sticheln.policy.POINTS` (:func:`~sticheln.card_points`), and a round's score
so far is :func:`~sticheln.round_score`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

import numba
import numpy as np

from sticheln.core.cards import MAX_VALUE, Card, Color, _bits_to_indices
from sticheln.core.compiled import compiled, trailing_zeros
from sticheln.sticheln.playout import Tables, tables_for
from sticheln.sticheln.policy import POINTS
from sticheln.sticheln.scoring import round_score
from sticheln.sticheln.state import StichelnState
from sticheln.sticheln.trick import taking_index, winning_index

if TYPE_CHECKING:
    import numpy.typing as npt

F = TypeVar("F", bound=Callable[..., Any])


_BARE: Final[dict[str, Any]] = {"_nrt": False}
"""numba's option of compiling without the counting of references (not in its stubs)."""


def _bare(function: F) -> F:
    """``function`` compiled by numba without counting references to the arrays it is
    given (``_nrt=False``: it makes none): the atomic operations that count them on every
    call cost more than the search's own work. Such a function cannot make an array."""
    return cast(F, numba.njit(cache=True, nogil=True, **_BARE)(function))


__all__ = ["MAX_CARDS", "TABLE_BITS", "move_values"]

_SLOTS: Final = MAX_VALUE + 1
_COLORS: Final = len(Color)
MAX_CARDS: Final = 64
"""The most cards still in play (hands and current trick) that the compiled solver takes."""
TABLE_BITS: Final = 20
"""The transposition table holds ``2**TABLE_BITS`` positions between tricks."""
_CHECK_EVERY: Final = 4096
"""The positions searched between two looks at the budget and the clock."""
_WIDE: Final = 1 << 30
"""Beyond every score."""

# The counters of one search, in an int64 array: positions searched, the count at which to
# look at the budget and the clock again, the budget (the most positions searched), whether
# the search gave up.
_NODES, _CHECK, _BUDGET, _ABORTED = 0, 1, 2, 3


@numba.njit(cache=True)  # no nogil: it takes the lock to call Python
def _clock() -> float:
    """The seconds of :func:`time.perf_counter`."""
    with numba.objmode(now="float64"):
        now = time.perf_counter()
    return now


@_bare
def _spent(counters: npt.NDArray[np.int64], deadline: float) -> bool:
    """Count one position; whether the search must give up (out of positions or time)."""
    counters[_NODES] += 1
    if counters[_NODES] < counters[_CHECK]:
        return bool(counters[_ABORTED] != 0)
    if counters[_NODES] > counters[_BUDGET]:
        counters[_NODES] -= 1  # not searched
        counters[_ABORTED] = 1
        return True
    if deadline > 0.0 and _clock() >= deadline:
        counters[_ABORTED] = 1
        return True
    counters[_CHECK] = min(counters[_NODES] + _CHECK_EVERY, counters[_BUDGET] + 1)
    return False


@_bare
def _slot(live: np.int64, leader: int, bits: int) -> np.int64:
    """The place in the transposition table of the position between tricks of the cards
    ``live``, ``leader`` to lead."""
    mixed = (np.uint64(live) + np.uint64(leader + 1) * np.uint64(0x9E3779B97F4A7C15)) * np.uint64(
        0xBF58476D1CE4E5B9
    )
    return np.int64(mixed >> np.uint64(64 - bits))


@_bare
def _stored(
    table_keys: npt.NDArray[np.int64],
    table_ints: npt.NDArray[np.int32],
    slot: np.int64,
    live: np.int64,
    leader: int,
    generation: int,
) -> bool:
    """Whether the entry at ``slot`` of the transposition table is the position between
    tricks of the cards ``live``, ``leader`` to lead, stored by this search's generation."""
    return bool(
        table_keys[slot, 0] == live
        and table_ints[slot, 2] == generation
        and table_ints[slot, 3] == leader
    )


@_bare
def _others_values(rest: np.int64, value_bytes: npt.NDArray[np.int64]) -> np.int64:
    """The values of the cards of ``rest``, whatever their colour, as a mask: eight lookups,
    one per byte of ``rest`` (``value_bytes[byte, bits]``)."""
    values = np.int64(0)
    for byte in range(8):
        values |= value_bytes[byte, (rest >> (8 * byte)) & 255]
    return values


@_bare
def _representatives(
    hand: np.int64,
    live: np.int64,
    color_of: npt.NDArray[np.int64],
    value_of: npt.NDArray[np.int64],
    value_bytes: npt.NDArray[np.int64],
    merge: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
) -> int:
    """The cards of ``hand`` into ``out``, the lowest of each set of interchangeable cards
    only (:class:`~sticheln.sticheln.endgame.RoundPosition`); their number."""
    others = np.int64(-1)  # worked out when needed
    count = 0
    previous = -1
    rest = hand
    while rest:
        card = trailing_zeros(rest)
        rest &= rest - 1
        if previous >= 0:
            low = value_of[previous]
            if color_of[card] == color_of[previous] and merge[color_of[card]] and low > 0:
                if others < 0:
                    others = _others_values(live & ~hand, value_bytes)
                if not (others >> low) & ((np.int64(1) << (value_of[card] - low + 1)) - 1):
                    previous = card
                    continue
        out[count] = card
        count += 1
        previous = card
    return count


@_bare
def _last_trick(
    hands: npt.NDArray[np.int64],
    n: int,
    leader: int,
    beats: npt.NDArray[np.int64],
    leads: np.int64,
    color_of: npt.NDArray[np.int64],
    zero_taker: int,
) -> int:
    """The seat that takes the last trick, led by ``leader``, every hand holding its last
    card (``-1``: nobody, it is set aside)."""
    first = trailing_zeros(hands[leader])
    best = 0 if (leads >> first) & 1 else -1
    best_card = first
    lead = color_of[first]
    for i in range(1, n):
        card = trailing_zeros(hands[(leader + i) % n])
        if (beats[lead, best_card + 1 if best >= 0 else 0] >> card) & 1:
            best = i
            best_card = card
    taker = best if best >= 0 else zero_taker
    return -1 if taker < 0 else (leader + taker) % n


@_bare
def _order(
    moves: npt.NDArray[np.int64],
    count: int,
    trick: npt.NDArray[np.int64],
    start: int,
    played: int,
    leader: int,
    best: int,
    row: np.int64,
    mover: int,
    player: int,
    n: int,
    worth: npt.NDArray[np.int64],
    value_of: npt.NDArray[np.int64],
) -> None:
    """Sort the ``count`` cards of ``moves`` best first for the paranoid search of
    ``player``, as :meth:`RoundPosition.moves <sticheln.sticheln.endgame.RoundPosition.moves>`
    orders them: by the points of the trick for ``player`` if it ended now, then by value."""
    holds = best >= 0 and (leader + best) % n == player
    so_far = 0
    for k in range(start, start + played):
        so_far += worth[player, trick[k]]
    sign = -1 if mover == player else 1
    for i in range(count):
        card = moves[i]
        if (row >> card) & 1:
            points = so_far + worth[player, card] if mover == player else 0
            moves[i] = ((sign * points) << 12) + (value_of[card] << 7) + card
        else:
            points = so_far + worth[player, card] if holds else 0
            moves[i] = ((sign * points) << 12) + ((31 - value_of[card]) << 7) + card
    for i in range(1, count):
        key = moves[i]
        j = i - 1
        while j >= 0 and moves[j] > key:
            moves[j + 1] = moves[j]
            j -= 1
        moves[j + 1] = key
    for i in range(count):
        moves[i] &= 127


# The fields of a frame of the search (a row of ``frames``): the position of a node and how
# far its search has gone.
_PLAYED, _LEADER, _BEST, _LEAD, _LIVE, _LOW, _HIGH = 0, 1, 2, 3, 4, 5, 6
_ALPHA, _BETA, _START_ALPHA, _START_BETA, _VALUE, _CHOSEN = 7, 8, 9, 10, 11, 12
_SLOT, _COUNT, _NEXT, _ROW, _MOVER, _WINNER, _GAIN = 13, 14, 15, 16, 17, 18, 19
_FIELDS: Final = 20


@_bare
def _play(
    frames: npt.NDArray[np.int64],
    depth: int,
    card: int,
    hands: npt.NDArray[np.int64],
    trick: npt.NDArray[np.int64],
    player: int,
    n: int,
    leads: np.int64,
    color_of: npt.NDArray[np.int64],
    worth: npt.NDArray[np.int64],
    zero_taker: int,
) -> None:
    """Play ``card`` in the node of ``frames[depth]`` and set up the node after it in
    ``frames[depth + 1]``; when the card ends the trick, ``_WINNER`` and ``_GAIN`` of the
    node say who took it (``-1``: nobody) and its points for the taker, and ``_LOW`` and
    ``_HIGH`` of the next node are those of ``player`` without the trick's cards."""
    mover = frames[depth, _MOVER]
    played = frames[depth, _PLAYED]
    hands[mover] ^= np.int64(1) << card
    trick[depth] = card
    if played:
        best = played if (frames[depth, _ROW] >> card) & 1 else frames[depth, _BEST]
        lead = frames[depth, _LEAD]
    else:
        best = 0 if (leads >> card) & 1 else -1
        lead = color_of[card]
    frames[depth, _WINNER] = -1
    frames[depth, _GAIN] = 0
    frames[depth + 1, _LOW] = frames[depth, _LOW]
    frames[depth + 1, _HIGH] = frames[depth, _HIGH]
    if played + 1 < n:
        frames[depth + 1, _PLAYED] = played + 1
        frames[depth + 1, _LEADER] = frames[depth, _LEADER]
        frames[depth + 1, _BEST] = best
        frames[depth + 1, _LEAD] = lead
        frames[depth + 1, _LIVE] = frames[depth, _LIVE]
        return
    taker = best if best >= 0 else zero_taker
    winner = -1 if taker < 0 else (frames[depth, _LEADER] + taker) % n
    left = frames[depth, _LIVE]
    gain = 0
    for k in range(depth - played, depth + 1):
        left &= ~(np.int64(1) << trick[k])
        if winner >= 0:
            gain += worth[winner, trick[k]]
        points = worth[player, trick[k]]
        if points < 0:
            frames[depth + 1, _LOW] -= points
        else:
            frames[depth + 1, _HIGH] -= points
    frames[depth, _WINNER] = winner
    frames[depth, _GAIN] = gain
    frames[depth + 1, _PLAYED] = 0
    frames[depth + 1, _LEADER] = frames[depth, _LEADER] if winner < 0 else winner
    frames[depth + 1, _BEST] = -1
    frames[depth + 1, _LEAD] = -1
    frames[depth + 1, _LIVE] = left


@_bare
def _moves(
    frames: npt.NDArray[np.int64],
    depth: int,
    hands: npt.NDArray[np.int64],
    trick: npt.NDArray[np.int64],
    n: int,
    beats: npt.NDArray[np.int64],
    leads: np.int64,
    color_of: npt.NDArray[np.int64],
    value_of: npt.NDArray[np.int64],
    value_bytes: npt.NDArray[np.int64],
    merge: npt.NDArray[np.int64],
    moves: npt.NDArray[np.int64],
) -> None:
    """Set ``_MOVER``, ``_ROW`` (the cards that would take the trick), ``_COUNT`` and
    ``_NEXT`` of the node of ``frames[depth]``, its moves in ``moves``."""
    played = frames[depth, _PLAYED]
    mover = (frames[depth, _LEADER] + played) % n
    frames[depth, _MOVER] = mover
    if played:
        best = frames[depth, _BEST]
        frames[depth, _ROW] = beats[
            frames[depth, _LEAD], trick[depth - played + best] + 1 if best >= 0 else 0
        ]
    else:
        frames[depth, _ROW] = leads
    frames[depth, _COUNT] = _representatives(
        hands[mover], frames[depth, _LIVE], color_of, value_of, value_bytes, merge, moves
    )
    frames[depth, _NEXT] = 0


@_bare
def _cannot_take(
    frames: npt.NDArray[np.int64],
    depth: int,
    hands: npt.NDArray[np.int64],
    trick: npt.NDArray[np.int64],
    player: int,
    n: int,
    beats: npt.NDArray[np.int64],
    zero_taker: int,
) -> bool:
    """Whether ``player`` cannot take the trick of the node of ``frames[depth]``, whatever
    is played to it from now on: its card is already played and a card played after it beat
    it (the best card of a trick never goes back to one it beat), or all cards so far are
    zeros and a trick of zeros is not the player's; or it has yet to play and none of its
    cards beats the best card so far, so none beats a card that beats that one either
    (ST-TRICK-2, ST-TRICK-3, ST-TRICK-4, ST-TRICK-5, ST-TRICK-6)."""
    played = frames[depth, _PLAYED]
    seat = (player - frames[depth, _LEADER]) % n
    best = frames[depth, _BEST]
    if seat < played:
        return bool(best != seat if best >= 0 else zero_taker != seat)
    if best < 0:
        return False
    row = beats[frames[depth, _LEAD], trick[depth - played + best] + 1]
    return bool(hands[player] & row == 0)


_NONE: Final = 1 << 40
"""No value (:func:`_cutoff`)."""


@_bare
def _cutoff(
    frames: npt.NDArray[np.int64],
    depth: int,
    moves: npt.NDArray[np.int64],
    count: int,
    trick: npt.NDArray[np.int64],
    player: int,
    n: int,
    worth: npt.NDArray[np.int64],
    zero_taker: int,
    table_keys: npt.NDArray[np.int64],
    table_ints: npt.NDArray[np.int32],
    generation: int,
    bits: int,
    alpha: int,
    beta: int,
) -> int:
    """A bound on the value of the node of ``frames[depth]``, the last card of a trick, that
    settles it for the window from ``alpha`` to ``beta``, read from the entries of the
    positions after its ``count`` moves (``moves``) in the transposition table, before any is
    searched (an enhanced transposition cutoff); :data:`_NONE` if there is none."""
    played = frames[depth, _PLAYED]
    leader = frames[depth, _LEADER]
    mine = frames[depth, _MOVER] == player
    cards = np.int64(0)
    so_far = 0
    costs = 0  # the points of the trick's cards that cost player points, and the others'
    brings = 0
    for k in range(depth - played, depth):
        cards |= np.int64(1) << trick[k]
        points = worth[player, trick[k]]
        so_far += points
        if points < 0:
            costs += points
        else:
            brings += points
    left_all = frames[depth, _LIVE] & ~cards
    for i in range(count):
        card = moves[i]
        best = played if (frames[depth, _ROW] >> card) & 1 else frames[depth, _BEST]
        taker = best if best >= 0 else zero_taker
        winner = -1 if taker < 0 else (leader + taker) % n
        gain = so_far + worth[player, card] if winner == player else 0
        left = left_all & ~(np.int64(1) << card)
        after = leader if winner < 0 else winner
        points = worth[player, card]
        if mine:
            low = frames[depth, _LOW] - costs - min(points, 0) + gain
            if low >= beta:
                return int(low)
        else:
            high = frames[depth, _HIGH] - brings - max(points, 0) + gain
            if high <= alpha:
                return int(high)
        slot = _slot(left, after, bits)
        if _stored(table_keys, table_ints, slot, left, after, generation):
            if mine:
                low = table_ints[slot, 4] + gain
                if low >= beta:
                    return int(low)
            else:
                high = table_ints[slot, 5] + gain
                if high <= alpha:
                    return int(high)
    return _NONE


_NOT_LAST: Final = -2
"""Not the start of the last trick (:func:`_last_taker`)."""


@_bare
def _last_taker(
    frames: npt.NDArray[np.int64],
    depth: int,
    hands: npt.NDArray[np.int64],
    n: int,
    beats: npt.NDArray[np.int64],
    leads: np.int64,
    color_of: npt.NDArray[np.int64],
    zero_taker: int,
) -> int:
    """The seat that takes the last trick if the node of ``frames[depth]`` starts it (its
    leader holds one card; -1: nobody), whose cards are forced; -1 if no card is left; else
    :data:`_NOT_LAST`."""
    if frames[depth, _LIVE] == 0:
        return -1
    leader = frames[depth, _LEADER]
    if frames[depth, _PLAYED] or hands[leader] & (hands[leader] - 1):
        return _NOT_LAST
    return _last_trick(hands, n, leader, beats, leads, color_of, zero_taker)


@_bare
def _probe(
    frames: npt.NDArray[np.int64],
    depth: int,
    table_keys: npt.NDArray[np.int64],
    table_ints: npt.NDArray[np.int32],
    generation: int,
    bits: int,
) -> int:
    """The row of the transposition table holding the node of ``frames[depth]``, or -1 if
    none does. A node between tricks gets the row where it belongs in ``_SLOT``, for storing
    its value; the ``_SLOT`` of any other node is left as it was."""
    if frames[depth, _PLAYED]:
        return -1
    live, leader = frames[depth, _LIVE], frames[depth, _LEADER]
    slot = _slot(live, leader, bits)
    frames[depth, _SLOT] = slot
    return int(slot) if _stored(table_keys, table_ints, slot, live, leader, generation) else -1


@_bare
def _paranoid(
    frames: npt.NDArray[np.int64],
    top: int,
    hands: npt.NDArray[np.int64],
    trick: npt.NDArray[np.int64],
    player: int,
    n: int,
    beats: npt.NDArray[np.int64],
    leads: np.int64,
    color_of: npt.NDArray[np.int64],
    value_of: npt.NDArray[np.int64],
    value_bytes: npt.NDArray[np.int64],
    worth: npt.NDArray[np.int64],
    merge: npt.NDArray[np.int64],
    zero_taker: int,
    table_keys: npt.NDArray[np.int64],
    table_ints: npt.NDArray[np.int32],
    generation: int,
    bits: int,
    scratch: npt.NDArray[np.int64],
    counters: npt.NDArray[np.int64],
    deadline: float,
) -> int:
    """The points still to come for ``player`` from the node of ``frames[top]`` (its
    position, ``_ALPHA``, ``_BETA``, ``_LOW`` and ``_HIGH`` set) when it plays its best and
    the others their worst for it: fail-soft alpha-beta, the value if it lies strictly between
    alpha and beta, else a bound on the side it fell. ``_LOW`` and ``_HIGH`` are the points
    of the cards left if ``player`` won only those that cost it, or only those that bring it
    points; ``trick[depth - played:depth]`` is the current trick of the node at ``depth``.
    Depth-first with a stack of frames (numba cannot cache a recursive function); 0 if the
    search gave up (``counters[_ABORTED]``)."""
    depth = top
    while True:
        # Enter the node at depth: settle it at once, or start on its moves.
        settled = True
        result = np.int64(0)
        live = frames[depth, _LIVE]
        alpha, beta = frames[depth, _ALPHA], frames[depth, _BETA]
        first = np.int64(-1)
        frames[depth, _SLOT] = -1
        if _spent(counters, deadline):
            return 0
        winner = _last_taker(frames, depth, hands, n, beats, leads, color_of, zero_taker)
        if winner != _NOT_LAST:
            if winner == player:
                rest = live
                while rest:
                    result += worth[player, trailing_zeros(rest)]
                    rest &= rest - 1
        else:
            settled = False
            slot = _probe(frames, depth, table_keys, table_ints, generation, bits)
            if slot >= 0:
                low, high = np.int64(table_ints[slot, 4]), np.int64(table_ints[slot, 5])
                first = np.int64(table_ints[slot, 6])
                if low >= beta or low == high:
                    settled, result = True, low
                elif high <= alpha:
                    settled, result = True, high
                else:
                    alpha = max(alpha, low)
                    beta = min(beta, high)
            if not settled:
                low, high = frames[depth, _LOW], frames[depth, _HIGH]
                played = frames[depth, _PLAYED]
                if played and _cannot_take(
                    frames, depth, hands, trick, player, n, beats, zero_taker
                ):
                    # None of the cards played to the trick so far goes to player.
                    for k in range(depth - played, depth):
                        points = worth[player, trick[k]]
                        if points < 0:
                            low -= points
                        else:
                            high -= points
                if low >= beta:
                    settled, result = True, low
                elif high <= alpha:
                    settled, result = True, high
                else:
                    alpha = max(alpha, low)
                    beta = min(beta, high)
        if not settled:
            moves = scratch[depth]
            _moves(frames, depth, hands, trick, n, beats, leads, color_of, value_of,
                   value_bytes, merge, moves)  # fmt: skip
            count = frames[depth, _COUNT]
            if count > 1:
                played = frames[depth, _PLAYED]
                _order(moves, count, trick, depth - played, played, frames[depth, _LEADER],
                       frames[depth, _BEST], frames[depth, _ROW], frames[depth, _MOVER], player,
                       n, worth, value_of)  # fmt: skip
                if first >= 0:
                    for i in range(1, count):
                        if moves[i] == first:
                            for j in range(i, 0, -1):
                                moves[j] = moves[j - 1]
                            moves[0] = first
                            break
            if frames[depth, _PLAYED] == n - 1:
                result = np.int64(
                    _cutoff(frames, depth, moves, count, trick, player, n, worth, zero_taker,
                            table_keys, table_ints, generation, bits, alpha, beta)
                )  # fmt: skip
                settled = result != _NONE
        if not settled:
            frames[depth, _ALPHA], frames[depth, _BETA] = alpha, beta
            frames[depth, _START_ALPHA], frames[depth, _START_BETA] = alpha, beta
            frames[depth, _VALUE] = -_WIDE if frames[depth, _MOVER] == player else _WIDE
            frames[depth, _CHOSEN] = moves[0]
            _play(frames, depth, moves[0], hands, trick, player, n, leads, color_of, worth,
                  zero_taker)  # fmt: skip
            gain = frames[depth, _GAIN] if frames[depth, _WINNER] == player else 0
            frames[depth + 1, _ALPHA] = alpha - gain
            frames[depth + 1, _BETA] = beta - gain
            depth += 1
            continue
        # Hand the result up, node by node, until a node has a move left to search.
        while True:
            if depth == top:
                return int(result)
            depth -= 1
            card = scratch[depth, frames[depth, _NEXT]]
            hands[frames[depth, _MOVER]] ^= np.int64(1) << card
            if frames[depth, _WINNER] == player:
                result += frames[depth, _GAIN]
            cut = False
            if frames[depth, _MOVER] == player:
                if result > frames[depth, _VALUE]:
                    frames[depth, _VALUE], frames[depth, _CHOSEN] = result, card
                    if result >= frames[depth, _BETA]:
                        cut = True
                    elif result > frames[depth, _ALPHA]:
                        frames[depth, _ALPHA] = result
            elif result < frames[depth, _VALUE]:
                frames[depth, _VALUE], frames[depth, _CHOSEN] = result, card
                if result <= frames[depth, _ALPHA]:
                    cut = True
                elif result < frames[depth, _BETA]:
                    frames[depth, _BETA] = result
            frames[depth, _NEXT] += 1
            if not cut and frames[depth, _NEXT] < frames[depth, _COUNT]:
                _play(frames, depth, scratch[depth, frames[depth, _NEXT]], hands, trick, player, n,
                      leads, color_of, worth, zero_taker)  # fmt: skip
                gain = frames[depth, _GAIN] if frames[depth, _WINNER] == player else 0
                frames[depth + 1, _ALPHA] = frames[depth, _ALPHA] - gain
                frames[depth + 1, _BETA] = frames[depth, _BETA] - gain
                depth += 1
                break
            result = frames[depth, _VALUE]
            slot = frames[depth, _SLOT]
            if slot >= 0:
                live = frames[depth, _LIVE]
                low, high = np.int64(-_WIDE), np.int64(_WIDE)
                if _stored(table_keys, table_ints, slot, live, frames[depth, _LEADER], generation):
                    low, high = np.int64(table_ints[slot, 4]), np.int64(table_ints[slot, 5])
                if result <= frames[depth, _START_ALPHA]:
                    high = min(high, result)
                elif result >= frames[depth, _START_BETA]:
                    low = max(low, result)
                else:
                    low = high = result
                table_keys[slot, 0] = live
                table_ints[slot, 2] = generation
                table_ints[slot, 3] = frames[depth, _LEADER]
                table_ints[slot, 4] = low
                table_ints[slot, 5] = high
                table_ints[slot, 6] = frames[depth, _CHOSEN]


@_bare
def _better(
    vector: npt.NDArray[np.int64], chosen: npt.NDArray[np.int64], n: int, mover: int, player: int
) -> bool:
    """Whether the maxn rule prefers the points ``vector`` to ``chosen`` for ``mover``: more
    for itself, then fewer for ``player``, then fewer for seat 0, seat 1, and so on (the rule
    of :func:`sticheln.analysis.solve`)."""
    if vector[mover] != chosen[mover]:
        return bool(vector[mover] > chosen[mover])
    if vector[player] != chosen[player]:
        return bool(vector[player] < chosen[player])
    for seat in range(n):
        if vector[seat] != chosen[seat]:
            return bool(vector[seat] < chosen[seat])
    return False


@_bare
def _maxn(
    frames: npt.NDArray[np.int64],
    top: int,
    hands: npt.NDArray[np.int64],
    trick: npt.NDArray[np.int64],
    player: int,
    n: int,
    beats: npt.NDArray[np.int64],
    leads: np.int64,
    color_of: npt.NDArray[np.int64],
    value_of: npt.NDArray[np.int64],
    value_bytes: npt.NDArray[np.int64],
    worth: npt.NDArray[np.int64],
    merge: npt.NDArray[np.int64],
    zero_taker: int,
    table_keys: npt.NDArray[np.int64],
    table_ints: npt.NDArray[np.int32],
    generation: int,
    bits: int,
    scratch: npt.NDArray[np.int64],
    vectors: npt.NDArray[np.int64],
    counters: npt.NDArray[np.int64],
    deadline: float,
) -> None:
    """Each player's points still to come from the node of ``frames[top]`` when each plays
    for their own, into ``vectors[top]`` (unfinished if the search gave up,
    ``counters[_ABORTED]``). Depth-first with a stack of frames, as :func:`_paranoid`."""
    depth = top
    while True:
        out = vectors[depth]
        for seat in range(n):
            out[seat] = 0
        settled = True
        live = frames[depth, _LIVE]
        frames[depth, _SLOT] = -1
        if _spent(counters, deadline):
            return
        winner = _last_taker(frames, depth, hands, n, beats, leads, color_of, zero_taker)
        if winner != _NOT_LAST:
            if winner >= 0:
                rest = live
                while rest:
                    out[winner] += worth[winner, trailing_zeros(rest)]
                    rest &= rest - 1
        else:
            slot = _probe(frames, depth, table_keys, table_ints, generation, bits)
            if slot >= 0:
                for seat in range(n):
                    out[seat] = table_ints[slot, 4 + seat]
            else:
                settled = False
        if not settled:
            moves = scratch[depth]
            _moves(frames, depth, hands, trick, n, beats, leads, color_of, value_of,
                   value_bytes, merge, moves)  # fmt: skip
            frames[depth, _CHOSEN] = 0  # whether a move's points are in out
            _play(frames, depth, moves[0], hands, trick, player, n, leads, color_of, worth,
                  zero_taker)  # fmt: skip
            depth += 1
            continue
        while True:
            if depth == top:
                return
            depth -= 1
            moves = scratch[depth]
            out = vectors[depth]
            child = vectors[depth + 1]
            hands[frames[depth, _MOVER]] ^= np.int64(1) << moves[frames[depth, _NEXT]]
            if frames[depth, _WINNER] >= 0:
                child[frames[depth, _WINNER]] += frames[depth, _GAIN]
            if not frames[depth, _CHOSEN] or _better(child, out, n, frames[depth, _MOVER], player):
                for seat in range(n):
                    out[seat] = child[seat]
                frames[depth, _CHOSEN] = 1
            frames[depth, _NEXT] += 1
            if frames[depth, _NEXT] < frames[depth, _COUNT]:
                _play(frames, depth, moves[frames[depth, _NEXT]], hands, trick, player, n, leads,
                      color_of, worth, zero_taker)  # fmt: skip
                depth += 1
                break
            slot = frames[depth, _SLOT]
            if slot >= 0:
                table_keys[slot, 0] = frames[depth, _LIVE]
                table_ints[slot, 2] = generation
                table_ints[slot, 3] = frames[depth, _LEADER]
                for seat in range(n):
                    table_ints[slot, 4 + seat] = out[seat]


@compiled
def _root(
    hands: npt.NDArray[np.int64],
    trick: npt.NDArray[np.int64],
    played: int,
    leader: int,
    best: int,
    lead: int,
    live: np.int64,
    player: int,
    maxn: bool,
    cards: npt.NDArray[np.int64],
    n: int,
    beats: npt.NDArray[np.int64],
    leads: np.int64,
    color_of: npt.NDArray[np.int64],
    value_of: npt.NDArray[np.int64],
    value_bytes: npt.NDArray[np.int64],
    worth: npt.NDArray[np.int64],
    merge: npt.NDArray[np.int64],
    zero_taker: int,
    table_keys: npt.NDArray[np.int64],
    table_ints: npt.NDArray[np.int32],
    generation: int,
    bits: int,
    counters: npt.NDArray[np.int64],
    deadline: float,
) -> npt.NDArray[np.int64]:
    """The points still to come for ``player`` after each card of ``cards`` (of the player
    to act), in their order; the search gave up when ``counters[_ABORTED]`` is set. The root
    is the node at depth ``played``, ``trick[:played]`` the current trick."""
    size = played + 64 + 2
    frames = np.zeros((size, _FIELDS), dtype=np.int64)
    stack = np.zeros(size, dtype=np.int64)
    stack[:played] = trick[:played]
    scratch = np.zeros((size, 64), dtype=np.int64)
    vectors = np.zeros((size, 8), dtype=np.int64)
    root = frames[played]
    root[_PLAYED], root[_LEADER], root[_BEST], root[_LEAD], root[_LIVE] = (
        played, leader, best, lead, live
    )  # fmt: skip
    rest = live
    while rest:
        points = worth[player, trailing_zeros(rest)]
        rest &= rest - 1
        if points < 0:
            root[_LOW] += points
        else:
            root[_HIGH] += points
    _moves(frames, played, hands, stack, n, beats, leads, color_of, value_of, value_bytes,
           merge, scratch[played])  # fmt: skip
    values = np.zeros(len(cards), dtype=np.int64)
    found = np.zeros(64, dtype=np.int64)
    known = np.zeros(64, dtype=np.bool_)
    representatives = scratch[played]
    guess = 0
    for i in range(len(cards)):
        # The card searched: the lowest of those interchangeable with it.
        card = cards[i]
        for k in range(root[_COUNT]):
            other = representatives[k]
            if other <= cards[i] and color_of[other] == color_of[cards[i]]:
                card = other
        if not known[card]:
            found[card] = _root_move(
                frames, played, card, hands, stack, player, maxn, guess, n, beats, leads,
                color_of, value_of, value_bytes, worth, merge, zero_taker, table_keys,
                table_ints, generation, bits, scratch, vectors, counters, deadline,
            )  # fmt: skip
            if counters[_ABORTED]:
                break
            known[card] = True
            guess = found[card]
        values[i] = found[card]
    return values


@_bare
def _root_move(
    frames: npt.NDArray[np.int64],
    played: int,
    card: int,
    hands: npt.NDArray[np.int64],
    stack: npt.NDArray[np.int64],
    player: int,
    maxn: bool,
    guess: int,
    n: int,
    beats: npt.NDArray[np.int64],
    leads: np.int64,
    color_of: npt.NDArray[np.int64],
    value_of: npt.NDArray[np.int64],
    value_bytes: npt.NDArray[np.int64],
    worth: npt.NDArray[np.int64],
    merge: npt.NDArray[np.int64],
    zero_taker: int,
    table_keys: npt.NDArray[np.int64],
    table_ints: npt.NDArray[np.int32],
    generation: int,
    bits: int,
    scratch: npt.NDArray[np.int64],
    vectors: npt.NDArray[np.int64],
    counters: npt.NDArray[np.int64],
    deadline: float,
) -> int:
    """The points still to come for ``player`` after ``card`` at the root
    (``frames[played]``). Paranoid, by null-window probes from ``guess`` (MTD(f)), which
    share the transposition table: while every probe has failed high, the next one asks for
    1, 2, 4, ... points more than the value found, and after the first that fails low each
    asks for the bound it returned, until the bounds meet."""
    root = frames[played]
    _play(frames, played, card, hands, stack, player, n, leads, color_of, worth, zero_taker)
    gain = root[_GAIN] if root[_WINNER] == player else 0
    top = played + 1
    if maxn:
        _maxn(frames, top, hands, stack, player, n, beats, leads, color_of, value_of,
              value_bytes, worth, merge, zero_taker, table_keys, table_ints, generation,
              bits, scratch, vectors, counters, deadline)  # fmt: skip
        value = vectors[top, player]
    else:
        low, high = frames[top, _LOW], frames[top, _HIGH]
        beta = min(max(guess - gain, low + 1), high)
        step = 1
        descending = False
        while low < high:
            frames[top, _ALPHA] = beta - 1
            frames[top, _BETA] = beta
            value = _paranoid(
                frames, top, hands, stack, player, n, beats, leads, color_of, value_of,
                value_bytes, worth, merge, zero_taker, table_keys, table_ints, generation,
                bits, scratch, counters, deadline,
            )  # fmt: skip
            if counters[_ABORTED]:
                break
            if value < beta:
                high = min(high, value)
                descending = True
            else:
                low = max(low, value)
            if descending:
                beta = high
            else:
                beta = min(low + step, high)
                step *= 2
        value = low
    hands[root[_MOVER]] ^= np.int64(1) << card
    return int(gain + value)


class _Deck:
    """The tables of one deck as arrays: which cards take a trick, as a boolean array
    ``[lead colour, best card + 1, card]``, and which win a trick they lead."""

    __slots__ = ("beats", "leads")

    def __init__(self, tables: Tables) -> None:
        size = _COLORS * _SLOTS
        beats = np.zeros((_COLORS, size + 1, size), dtype=bool)
        for color, row in enumerate(tables.beats):
            for column, mask in enumerate(row):
                beats[color, column, list(_bits_to_indices(mask))] = True
        self.beats = beats
        self.leads = np.zeros(size, dtype=bool)
        self.leads[list(_bits_to_indices(tables.leads))] = True


class _Cards:
    """The cards still in play of a position, numbered afresh: their tables on one-word
    masks."""

    __slots__ = ("beats", "color_of", "index_of", "indices", "leads", "value_bytes", "value_of")

    def __init__(self, deck: _Deck, live: int) -> None:
        indices = np.array(_bits_to_indices(live), dtype=np.int64)
        self.indices = indices
        """The card index of each card, by its new number."""
        self.index_of = {int(index): number for number, index in enumerate(indices)}
        """The new number of each card index."""
        weights = np.left_shift(np.uint64(1), np.arange(len(indices), dtype=np.uint64))
        columns = np.concatenate(([0], indices + 1))
        taken = deck.beats[:, columns][:, :, indices]
        self.beats = (taken.astype(np.uint64) * weights).sum(axis=2, dtype=np.uint64)
        self.beats = self.beats.view(np.int64)
        self.leads = np.uint64((deck.leads[indices].astype(np.uint64) * weights).sum()).view(
            np.int64
        )
        self.color_of = indices // _SLOTS
        self.value_of = indices % _SLOTS
        value_bits = np.zeros(64, dtype=np.int64)
        value_bits[: len(indices)] = np.left_shift(np.int64(1), self.value_of)
        in_byte = (np.arange(256)[:, None] >> np.arange(8)[None, :]) & 1
        self.value_bytes = np.bitwise_or.reduce(
            in_byte[None, :, :] * value_bits.reshape(8, 1, 8), axis=2
        )
        """``value_bytes[byte, bits]``: the values of the cards of ``bits`` in that byte of a
        mask, as a mask."""


_DECKS: dict[int, _Deck] = {}
_CARD_SETS: dict[tuple[int, int], _Cards] = {}
_CARD_SETS_LIMIT: Final = 64
_POINTS: Final = np.array(POINTS, dtype=np.int64)


class _Table:
    """The transposition table, kept from search to search: one row of 64 bytes (one cache
    line) a position, seen as eight 64-bit words (``keys``, the cards left in the first) and
    as sixteen 32-bit ones (``ints``: from the third on, the generation, the seat to lead and
    the values)."""

    keys: npt.NDArray[np.int64] = np.zeros((0, 8), dtype=np.int64)
    ints: npt.NDArray[np.int32] = np.zeros((0, 16), dtype=np.int32)
    generation = 0

    @classmethod
    def next(cls) -> int:
        """A generation number for a new search (the table is made on first use)."""
        if not len(cls.keys):
            size = 1 << TABLE_BITS
            buffer = np.zeros(size * 8 + 8, dtype=np.int64)
            start = (-buffer.ctypes.data % 64) // 8
            cls.keys = buffer[start : start + size * 8].reshape(size, 8)
            cls.ints = cls.keys.view(np.int32)
        cls.generation += 1
        if cls.generation >= 1 << 30:
            cls.ints[:, 2] = 0
            cls.generation = 1
        return cls.generation


def move_values(
    state: StichelnState,
    player: int,
    cards: list[int],
    maxn: bool,
    budget: int | None,
    time_limit: float | None,
) -> tuple[tuple[int, ...] | None, int] | None:
    """The value for ``player`` (its score of the round at its end) of playing each card of
    ``cards`` (card indices of the hand of the player to act) in ``state``, a round in play,
    under maxn or paranoid, and the positions searched; the values are ``None`` when the
    search does not finish within ``budget`` positions and ``time_limit`` seconds. ``None``
    for a position of more than :data:`MAX_CARDS` cards in play."""
    n = state.setup.players
    rules = state.setup.rules
    hands_masks = [hand.mask for hand in state.hands]
    live = 0
    for mask in hands_masks:
        live |= mask
    trick_cards = state.trick_cards
    for card in trick_cards:
        live |= 1 << card.index
    if live.bit_count() > MAX_CARDS:
        return None
    tables = tables_for(rules, n)
    found = _CARD_SETS.get((tables.deck, live))
    if found is None:
        deck = _DECKS.get(tables.deck)
        if deck is None:
            deck = _DECKS[tables.deck] = _Deck(tables)
        if len(_CARD_SETS) >= _CARD_SETS_LIMIT:
            _CARD_SETS.clear()
        found = _CARD_SETS[tables.deck, live] = _Cards(deck, live)
    number = found.index_of
    picks = [card for card in state.picks if card is not None]
    pains = [card.color for card in picks]
    colors = list(Color)
    worth = _POINTS[[colors.index(pain) for pain in pains]][:, found.indices]
    searched = set(pains) if maxn else {pains[player]}
    merge = np.array([color not in searched for color in colors], dtype=np.int64)
    hands = np.zeros(n, dtype=np.int64)
    for seat, mask in enumerate(hands_masks):
        word = 0
        for index in _bits_to_indices(mask):
            word |= 1 << number[index]
        hands[seat] = word - (1 << 64) if word >> 63 else word
    trick = np.array([number[card.index] for card in trick_cards] or [0], dtype=np.int64)
    best = winning_index(trick_cards) if trick_cards else None
    lead = int(found.color_of[number[trick_cards[0].index]]) if trick_cards else -1
    zero_taker = taking_index((Card(Color.RED, 0),) * n, rules.all_zero_trick)
    word = (1 << len(found.indices)) - 1
    counters = np.array([0, _CHECK_EVERY, _WIDE << 20, 0], dtype=np.int64)
    if budget is not None:
        counters[_BUDGET] = budget
        counters[_CHECK] = min(budget + 1, _CHECK_EVERY)
    deadline = 0.0 if time_limit is None else time.perf_counter() + time_limit
    generation = _Table.next()
    values = _root(
        hands,
        trick,
        len(trick_cards),
        state.trick_leader,
        -1 if best is None else best,
        lead,
        np.int64(word - (1 << 64) if word >> 63 else word),
        player,
        maxn,
        np.array([number[index] for index in cards], dtype=np.int64),
        n,
        found.beats,
        found.leads,
        found.color_of,
        found.value_of,
        found.value_bytes,
        worth,
        merge,
        -1 if zero_taker is None else zero_taker,
        _Table.keys,
        _Table.ints,
        generation,
        TABLE_BITS,
        counters,
        deadline,
    )
    nodes = int(counters[_NODES])
    if counters[_ABORTED]:
        return None, nodes
    base = round_score(picks[player], state.won[player])
    return tuple(base + int(value) for value in values), nodes
