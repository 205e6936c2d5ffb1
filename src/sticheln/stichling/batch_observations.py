"""The observations and action masks of Stichling's batch simulator (private to
:mod:`sticheln.stichling.batch`, which imports it for ``simulate(..., observations=True)``).

:func:`observe_rows` follows the table of every observed hand of a batch again, in lockstep,
from the moves the batch made, and before every move writes the view of the player to move
(:func:`~sticheln.stichling.observe`: their hand and row, the cards of the other rows that
won tricks have turned up, every card played, the tricks won, the scores) in the layout of
the encoding (:meth:`StichlingGame.encoding <sticheln.stichling.StichlingGame.encoding>`),
with the action mask of the legal moves. The tricks are followed on the batch's tables
(which card takes a trick's marker, which cards count toward its four, the ways a card of
each colour may be played); it defines no rule. The tests compare every observation and mask
with the encoding's.

>>> from sticheln.stichling import TINY, StichlingGame
>>> from sticheln.stichling.batch import simulate
>>> result = simulate(TINY, 2, games=1, seed=4, observations=True)
>>> game = StichlingGame(TINY)
>>> state = game.new_game(2, deals=result.deal_hands(0))
>>> move = result.moves_of(0)[0]
>>> list(game.encoding(2).observation(game.observe(state, move.player))) == list(
...     result.observations[0, 0])
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from sticheln.stichling.game import StichlingGame
from sticheln.stichling.rules import OPEN_TRICKS, TRICK_SIZE, StichlingRules
from sticheln.stichling.state import Phase

if TYPE_CHECKING:
    import numpy.typing as npt

    from sticheln.stichling.batch import _Tables

__all__ = ["observe_rows"]

_I8 = np.int8
_IP = np.intp


def observe_rows(
    rules: StichlingRules,
    n: int,
    leaders: list[int],
    tables: _Tables,
    dealt: npt.NDArray[np.int8],
    cards: npt.NDArray[np.int8],
    slots: npt.NDArray[np.int8],
    hand_scores: npt.NDArray[np.int32],
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The observation and action mask of the player making each move of the rows given
    (``dealt``, ``cards`` and ``slots`` of ``_play`` for whole games, ``hand_scores`` of
    those games), in the layout of the encoding (:meth:`StichlingGame.encoding
    <sticheln.stichling.StichlingGame.encoding>`), as :func:`~sticheln.stichling.observe`
    shows the game to that player.

    The table of every row is followed move by move from the batch's moves (the tricks as
    the batch's loop keeps them), and before each move the player's observation is written
    from it."""
    encoding: Any = StichlingGame(rules).encoding(n)
    at = {segment.name: segment.offset for segment in encoding.layout}
    size = len(tables.index)
    positions = encoding.card_positions
    if [positions[int(i)] for i in tables.index] != list(range(size)):
        raise AssertionError("the encoding's cards are not in the order of the batch's places")
    hands = rules.hand_count
    hand = rules.hand_size
    games = hand_scores.shape[0]
    rows = games * hands
    per_hand = n + hand * n
    width = encoding.observation_size
    out = np.zeros((rows, per_hand, width), dtype=_I8)
    masks = np.zeros((rows, per_hand, encoding.num_actions), dtype=_I8)
    row = np.arange(rows, dtype=_IP)
    hand_of_row = np.tile(np.arange(hands, dtype=_IP), games)
    place_of = np.zeros(128, dtype=_IP)
    place_of[tables.index.astype(_IP)] = np.arange(size, dtype=_IP)
    held = np.zeros((rows, n, size), dtype=np.bool_)
    for p in range(n):
        held[row[:, None], p, place_of[dealt[:, p].astype(_IP)]] = True
    held_count = np.full((rows, n), hand, dtype=_IP)
    laid = np.array(tables.orders, dtype=_IP)[hand_of_row[:, None], slots[:, :n]]  # (rows, n, 3)
    won_cards = np.zeros((rows, n, size), dtype=np.bool_)
    won_count = np.zeros((rows, n), dtype=_IP)
    trick_cards = np.zeros((rows, OPEN_TRICKS + 1, size), dtype=np.bool_)
    tricks = np.zeros((rows, OPEN_TRICKS + 1, 4), dtype=_IP)  # as in _play_hands
    open_count = np.zeros(rows, dtype=_IP)
    layout = np.zeros(rows, dtype=_IP)
    low = np.array([(1 << 3 * t) - 1 for t in range(OPEN_TRICKS)], dtype=_IP)
    colors = tables.colors.astype(_IP)
    color_of_place = colors[np.arange(size) * len(colors) // size]
    # Which ways of playing (0 opens, 1 + t onto open trick t) a colour has under a layout.
    allowed = np.zeros((*tables.ways.shape, OPEN_TRICKS + 1), dtype=np.bool_)
    for i in range(OPEN_TRICKS + 1):
        layouts, kinds = np.nonzero(tables.ways > i)
        allowed[layouts, kinds, tables.slots[layouts, kinds, i]] = True
    leader = np.array(leaders, dtype=_IP)[hand_of_row]
    before = (np.cumsum(hand_scores, axis=1) - hand_scores).reshape(rows, n)
    least, most = encoding.score_range
    scores = np.clip(before, max(least, -128), min(most, 127))
    points = np.array([sorted(triple) for triple in rules.points], dtype=_IP)[hand_of_row]
    values = [value for triple in rules.points for value in triple]
    top_value = min(max(values), 127)
    seats = np.arange(n, dtype=_IP)
    phases = list(Phase)
    orders = len(tables.orders[0])

    def segment(name: str, width: int) -> slice:
        return slice(at[name], at[name] + width)

    for j in range(per_hand):
        playing = j >= n
        player = (leader + j - n) % n if playing else np.full(rows, j, dtype=_IP)
        seat = (player[:, None] + seats) % n  # (rows, relative seat): the seat
        obs = out[:, j]
        obs[:, at["phase"] + phases.index(Phase.PLAYING if playing else Phase.ARRANGING)] = 1
        obs[:, segment("hand", size)] = held[row, player]
        obs[:, segment("points", 3)] = points
        obs[:, segment("arranged", n)] = True if playing else seat < j
        for r in range(n):
            if playing:
                shown = np.where(r == 0, 3, np.minimum(won_count[row, seat[:, r]], 3))
                row_values = np.where(
                    np.arange(3) < shown[:, None], np.minimum(laid[row, seat[:, r]], top_value), -1
                )
            else:  # nobody's row is turned up, and the player's own is not laid yet
                row_values = np.full((rows, 3), -1, dtype=_IP)
            obs[:, segment(f"row_{r}", 3)] = row_values
            obs[:, segment(f"won_{r}", size)] = won_cards[row, seat[:, r]]
        for u in range(OPEN_TRICKS):
            obs[:, segment(f"open_trick_{u}", size)] = trick_cards[:, u]
        obs[:, segment("open_trick_marker", OPEN_TRICKS)] = np.where(
            np.arange(OPEN_TRICKS) < open_count[:, None],
            (tricks[:, :OPEN_TRICKS, 2] - player[:, None]) % n,
            -1,
        )
        obs[:, segment("tricks_won", n)] = won_count[row[:, None], seat]
        obs[:, segment("to_act", n)] = (seats == 0) if playing else seat >= j
        obs[:, segment("hand_sizes", n)] = held_count[row[:, None], seat]
        obs[row, at["hand_leader"] + (leader - player) % n] = 1
        if "hands_left" in at:
            obs[:, at["hands_left"]] = hands - 1 - hand_of_row
        obs[:, segment("scores", n)] = scores[row[:, None], seat]
        if not playing:
            masks[:, j, :orders] = 1  # every order (SL-VP-2)
            continue
        # The legal moves: every card of the hand in every way of its colour.
        mine = held[row, player]
        ways_of = allowed[layout[:, None], color_of_place]  # (rows, size, ways)
        for s in range(OPEN_TRICKS + 1):
            masks[:, j, orders + s * size : orders + (s + 1) * size] = mine & ways_of[:, :, s]
        # The move: the card leaves the hand and goes where the batch put it.
        place = place_of[cards[:, j].astype(_IP)]
        slot = slots[:, j].astype(_IP)
        held[row, player, place] = False
        held_count[row, player] -= 1
        colour = color_of_place[place]
        opening = np.flatnonzero(slot == 0)
        opened = open_count[opening]
        tricks[opening, opened] = np.stack(
            [colour[opening], place[opening], player[opening], np.ones_like(opening)], axis=1
        )
        trick_cards[opening, opened, place[opening]] = True
        layout[opening] |= (colour[opening] + 1) << 3 * opened
        open_count[opening] += 1
        adding = np.flatnonzero(slot > 0)
        t = slot[adding] - 1
        card = place[adding]
        trick_cards[adding, t, card] = True
        trick = tricks[adding, t]
        take = tables.takes_bool[trick[:, 1], card]  # SL-TRICK-1
        trick[take, 1] = card[take]
        trick[take, 2] = player[adding[take]]
        trick[:, 3] += tables.counts_bool[trick[:, 0], card]
        tricks[adding, t] = trick
        full = trick[:, 3] >= TRICK_SIZE  # SL-TRICK-2
        done, gone, winner = adding[full], t[full], trick[full, 2]
        won_count[done, winner] += 1
        won_cards[done, winner] |= trick_cards[done, gone]
        later = np.arange(OPEN_TRICKS)[None, :] >= gone[:, None]
        tricks[done, :OPEN_TRICKS] = np.where(
            later[:, :, None], tricks[done, 1:], tricks[done, :OPEN_TRICKS]
        )
        trick_cards[done, :OPEN_TRICKS] = np.where(
            later[:, :, None], trick_cards[done, 1:], trick_cards[done, :OPEN_TRICKS]
        )
        open_count[done] -= 1
        shift = 3 * gone
        layout[done] = (layout[done] & low[gone]) | ((layout[done] >> shift + 3) << shift)
    return (
        out.reshape(games, hands * per_hand, width),
        masks.reshape(games, hands * per_hand, encoding.num_actions),
    )
