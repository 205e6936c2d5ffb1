"""The tricks of Sticheln's batch simulator compiled with numba (the ``fast`` extra; private
to :mod:`sticheln.sticheln.batch`, which imports it when numba is installed).

:func:`play_tricks` plays the tricks of every row of a batch, one row after the other, as the
lockstep loop of :func:`sticheln.sticheln.batch.simulate` plays them all at once with numpy:
from the same shuffled decks, on the same tables (``takes``, ``alone``, ``points`` of
``sticheln.sticheln.batch._tables``, built by :func:`~sticheln.trick_winner` and
:func:`~sticheln.card_points`), to the same arrays. It defines no rule. The tests compare the
two paths array by array and replay batch games on the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from sticheln.core.compiled import compiled

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["play_tricks"]


@compiled
def play_tricks(
    perm: npt.NDArray[np.int8],
    leaders: npt.NDArray[np.intp],
    n: int,
    hand: int,
    alone: npt.NDArray[np.bool_],
    takes: npt.NDArray[np.bool_],
    color: npt.NDArray[np.intp],
    points: npt.NDArray[np.int32],
    pain_color: npt.NDArray[np.intp],
    zero_taker: int,
    plays: npt.NDArray[np.int8],
    seats: npt.NDArray[np.int8],
    winners: npt.NDArray[np.int8],
    scores: npt.NDArray[np.int32],
) -> None:
    """Fill ``plays``, ``seats`` and ``winners`` (``(rows, tricks, n)``, ``(rows, tricks)``)
    and add every trick's points to ``scores`` (``(rows * n,)``), as ``simulate`` does.

    ``perm`` holds each row's deck by place (seat ``p``'s hand at ``p * hand``, its pain card
    first), ``leaders`` each row's first leader, ``zero_taker`` the place in play order of the
    card whose player takes a trick that no card wins, ``-1`` when it is set aside
    (:rule:`ST-TRICK-6`)."""
    rows = perm.shape[0]
    size = perm.shape[1]
    tricks = hand - 1
    for r in range(rows):
        leader = leaders[r]
        for t in range(tricks):
            seat = leader
            card = perm[r, seat * hand + 1 + t]
            plays[r, t, 0] = card
            seats[r, t, 0] = seat
            if alone[card]:
                best = np.intp(card)
                winner = seat
            else:
                best = np.intp(size)
                winner = -1
            lead = color[card] * (size + 1)
            for k in range(1, n):
                seat = seat + 1 if seat + 1 < n else 0
                card = perm[r, seat * hand + 1 + t]
                plays[r, t, k] = card
                seats[r, t, k] = seat
                if takes[(lead + best) * size + card]:
                    best = np.intp(card)
                    winner = seat
            if winner < 0:
                if zero_taker < 0:
                    winners[r, t] = -1
                    continue  # set aside: nobody scores, the leader leads again (ST-LEAD-2)
                winner = (leader + zero_taker) % n
            winners[r, t] = winner
            # The trick's cards scored in the winner's pain colour (ST-SCORE-1/2).
            colour = pain_color[r, winner] * size
            value = 0
            for p in range(n):
                value += points[colour + perm[r, p * hand + 1 + t]]
            scores[r * n + winner] += value
            leader = winner  # ST-LEAD-2
