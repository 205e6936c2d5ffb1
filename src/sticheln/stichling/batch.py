"""Random playouts of many games of Stichling at once, in lockstep with numpy:
:func:`simulate` (needs numpy, the ``rl`` extra; ``import sticheln`` does not import this
module).

>>> from sticheln.stichling import RAVENSBURGER_2015
>>> from sticheln.stichling.batch import simulate
>>> result = simulate(RAVENSBURGER_2015, players=4, games=1000, seed=0)
>>> result.scores.shape, result.hand_scores.shape, result.moves
((1000, 4), (1000, 3, 4), 156000)
>>> result.record(0).replay().scores == tuple(result.scores[0].tolist())
True

**How it works.** Unlike Sticheln and Hattrick, a card of Stichling can often be played in
several ways (opening a trick, adding it to an open trick of its colour, discarding it:
:rule:`SL-PLAY-2` to :rule:`SL-PLAY-5`), so a random move is not a random order of the hand:
every move is drawn from the legal moves of its position. Each hand of each game is a row;
its cards are one uniformly random permutation of the deck (seat ``p`` is dealt the slice
``p * hand_size .. (p + 1) * hand_size``, :rule:`SL-DEAL-1`; under :attr:`RemovedCards.RANDOM
<sticheln.stichling.RemovedCards.RANDOM>` the rest is laid aside, :rule:`SL-DECK-2`), and every
move of the row has a uniform number ``u`` in ``[0, 1)``, both drawn when the batch starts.
The move made is the legal move at place ``int(u * len(moves))`` in the engine's order of
:func:`~sticheln.stichling.legal_moves`: first each seat in turn orders its victory-point
cards (:rule:`SL-VP-2`), then the cards are played clockwise from the hand's leader
(:rule:`SL-PLAY-1`, :rule:`SL-LEAD-1`, :rule:`SL-LEAD-2`), whatever the tricks do. The turn
order being fixed, every row plays its move ``k`` at once.

Nothing here defines a rule. The ways a card of each colour may be played under every layout
of open tricks are :meth:`HandTables.slots_of <sticheln.stichling.playout.HandTables.slots_of>`
(the engine's tables, filled by :func:`~sticheln.stichling.trick_choices`); the cards that
take a trick's marker and those that count toward its four are :attr:`HandTables.takes
<sticheln.stichling.playout.HandTables.takes>` and :attr:`HandTables.counts
<sticheln.stichling.playout.HandTables.counts>` (:func:`~sticheln.stichling.marker_index`,
:rule:`SL-TRICK-1`, :rule:`SL-TRICK-2`), the tables of the search's fast playouts; the orders
of the victory-point cards are the engine's moves, each hand's leader is the engine's, and a
hand is scored from a table of :func:`~sticheln.stichling.hand_score` (:rule:`SL-VP-3`,
:rule:`SL-SCORE-1`). The tests play the batch's games through the engine, drawing each move
from :func:`~sticheln.stichling.legal_moves` with the batch's numbers, and compare every move,
trick count and score.

With numba installed (the ``fast`` extra) the hands are played by compiled code
(:mod:`sticheln.stichling.compiled_batch`), row after row, from the same decks and numbers on
the same tables: the batch is the same, several times as fast (``benchmarks/batch_speed.py``).
:data:`~sticheln.core.stream.PLAYOUTS_VARIABLE` set to ``python`` keeps the numpy loop.

The moves are recorded per game in the order they are made (:attr:`StichlingBatchResult.game_moves`
and :attr:`StichlingBatchResult.move_slots`), so that :meth:`StichlingBatchResult.record` gives
a :class:`~sticheln.stichling.StichlingRecord` to replay any game. With ``observations=True``
:func:`simulate` also builds, for every move, the observation vector and the action mask of
the library's encoding (:meth:`StichlingGame.encoding
<sticheln.stichling.StichlingGame.encoding>`) of the player to move, before the move: the
table of every row is followed again in lockstep from the moves made, and each player's view
of it (:func:`~sticheln.stichling.observe`: the own hand and row, the cards of the other rows
that won tricks have turned up, every card played) written in the encoding's layout. The tests
compare them with the encoding's at every move."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from itertools import product
from typing import TYPE_CHECKING, Final

import attrs

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - numpy is the rl extra
    raise ImportError(
        "sticheln.stichling.batch needs numpy, the rl extra: "
        'pip install ".[rl]" in a checkout of sticheln'
    ) from exc

from sticheln.core.cards import MAX_VALUE, CardSet, Color, card_at
from sticheln.core.randomgames import RandomGame
from sticheln.core.setup import (
    check_count,
    check_index,
    check_observed_games,
    check_player_count,
    check_type,
)
from sticheln.core.stream import compiled_or_none
from sticheln.stichling.engine import _arrange_moves, game_setup
from sticheln.stichling.moves import AddToTrick, OpenTrick, StichlingMove
from sticheln.stichling.playout import tables_for
from sticheln.stichling.record import StichlingRecord
from sticheln.stichling.rules import (
    OPEN_TRICKS,
    RAVENSBURGER_2015,
    TRICK_SIZE,
    OpenAtEnd,
    StichlingRules,
)
from sticheln.stichling.scoring import hand_score
from sticheln.stichling.state import hand_leader

if TYPE_CHECKING:
    import numpy.typing as npt

    from sticheln.stichling.game import StichlingGame

__all__ = ["StichlingBatchResult", "random_games", "simulate"]

_I8: Final = np.int8
_IP: Final = np.intp
_SLOTS: Final = MAX_VALUE + 1
"""Card indices per colour: ``index // _SLOTS`` is the number of the card's colour."""
_COLOR_COUNT: Final = len(Color)
_LAYOUTS: Final = 1 << 3 * OPEN_TRICKS
"""The layouts of open tricks: three bits per open trick, its led colour's number plus one."""


@attrs.frozen(eq=False)
class _Tables:
    """What the batch reads of one deck under one set of rules, by place of the card in the
    deck (ascending :attr:`Card.index <sticheln.Card.index>`, the engine's order of the cards
    in :func:`~sticheln.stichling.legal_moves`); masks are of places."""

    index: npt.NDArray[np.int8]
    """The :attr:`Card.index <sticheln.Card.index>` of each place."""
    colors: npt.NDArray[np.int64]
    """The colour numbers of the deck, ascending. Every colour has as many cards, at
    consecutive places: the ``i``-th block of ``size // len(colors)`` places is the colour
    ``colors[i]``."""
    color_masks: npt.NDArray[np.int64]
    """By colour number, the places of the deck's cards of that colour."""
    takes: npt.NDArray[np.int64]
    """By place of the card holding a trick's marker, the places that take it from that card
    (:attr:`HandTables.takes <sticheln.stichling.playout.HandTables.takes>`)."""
    counts: npt.NDArray[np.int64]
    """By led colour number, the places that count toward the completion of a trick of that
    colour (:attr:`HandTables.counts <sticheln.stichling.playout.HandTables.counts>`)."""
    takes_bool: npt.NDArray[np.bool_]
    """``[top, place]``: :attr:`takes` as booleans."""
    counts_bool: npt.NDArray[np.bool_]
    """``[led colour, place]``: :attr:`counts` as booleans."""
    slots: npt.NDArray[np.int64]
    """``[layout, colour, i]``: the ``i``-th way of playing a card of the colour under the
    layout of open tricks, ``0`` to open a trick, ``1 + t`` onto open trick ``t``
    (:meth:`HandTables.slots_of <sticheln.stichling.playout.HandTables.slots_of>`)."""
    ways: npt.NDArray[np.int64]
    """``[layout, colour]``: how many ways there are."""
    orders: tuple[tuple[tuple[int, ...], ...], ...]
    """By hand, the orders of its victory-point cards, in the engine's order of the
    :class:`~sticheln.stichling.ArrangePoints` moves (:rule:`SL-VP-2`)."""
    scores: npt.NDArray[np.int32]
    """``[hand, order, tricks]``: the hand score of a player of that row of victory-point
    cards who won that many tricks (:func:`~sticheln.stichling.hand_score`)."""


def _place_mask(mask: int, place_of: dict[int, int]) -> int:
    """The mask of card indices ``mask`` as a mask of places."""
    result = 0
    for index, place in place_of.items():
        if mask >> index & 1:
            result |= 1 << place
    return result


@functools.cache
def _tables(rules: StichlingRules, players: int) -> _Tables:
    hand = tables_for(rules, players)
    cards = list(rules.deck(players))
    size = len(cards)
    place_of = {card.index: place for place, card in enumerate(cards)}
    takes = [_place_mask(hand.takes[card.index], place_of) for card in cards]
    counts = [_place_mask(mask, place_of) for mask in hand.counts]
    color_masks = [_place_mask(mask, place_of) for mask in hand.color_masks]
    slots = np.zeros((_LAYOUTS, _COLOR_COUNT, OPEN_TRICKS + 1), dtype=np.int64)
    ways = np.zeros((_LAYOUTS, _COLOR_COUNT), dtype=np.int64)
    mode = rules.move_mode << 3 * OPEN_TRICKS
    for open_count in range(OPEN_TRICKS + 1):
        for open_colors in product(hand.colors, repeat=open_count):
            layout = sum((color + 1) << 3 * t for t, color in enumerate(open_colors))
            for color, row in enumerate(hand.slots_of(mode | layout)):
                ways[layout, color] = len(row)
                slots[layout, color, : len(row)] = row
    orders = tuple(tuple(move.order for move in _arrange_moves(0, p)) for p in rules.points)
    most = rules.hand_size * players  # more tricks than there are cards cannot be won
    scores = np.array(
        [
            [[hand_score(order, tricks) for tricks in range(most + 1)] for order in by_hand]
            for by_hand in orders
        ],
        dtype=np.int32,
    )
    bits = np.arange(size, dtype=np.int64)
    blocks = [hand.colors[place * len(hand.colors) // size] for place in range(size)]
    if [card.index // _SLOTS for card in cards] != blocks:
        raise AssertionError("the deck's colours are not blocks of as many places each")
    return _Tables(
        index=np.array([card.index for card in cards], dtype=_I8),
        colors=np.array(hand.colors, dtype=np.int64),
        color_masks=np.array(color_masks, dtype=np.int64),
        takes=np.array(takes, dtype=np.int64),
        counts=np.array(counts, dtype=np.int64),
        takes_bool=(np.array(takes, dtype=np.int64)[:, None] >> bits & 1).astype(np.bool_),
        counts_bool=(np.array(counts, dtype=np.int64)[:, None] >> bits & 1).astype(np.bool_),
        slots=slots,
        ways=ways,
        orders=orders,
        scores=scores,
    )


@attrs.frozen(eq=False)
class StichlingBatchResult:
    """The outcome of :func:`simulate`: ``games`` random games of Stichling.

    Arrays are indexed by game first, then hand and seat. Cards are :attr:`Card.index
    <sticheln.Card.index>` values (``int8``). Each hand has ``players`` moves that order the
    victory-point cards, in seat order, then ``hand_size * players`` moves that play a card.
    """

    rules: StichlingRules
    """The rules of every game."""
    players: int
    """The number of players."""
    games: int
    """The number of games."""
    seed: int | None
    """The seed of the batch's numpy ``default_rng``; ``None`` for games each drawn from a
    seed of its own (:func:`random_games`)."""
    first_leader: int
    """The seat that plays the first card of every game (:rule:`SL-LEAD-1`)."""
    deals: npt.NDArray[np.int8]
    """``(games, hands, players, hand_size)``: the cards dealt to each seat for each hand
    (:rule:`SL-DEAL-1`), ascending."""
    orders: npt.NDArray[np.int8]
    """``(games, hands, players, 3)``: the row of victory-point cards each seat laid down for
    each hand (:rule:`SL-VP-2`)."""
    game_moves: npt.NDArray[np.int8]
    """``(games, hands * (players + hand_size * players))``: the card of every move in the
    order made; ``-1`` for the moves that order the victory-point cards."""
    move_players: npt.NDArray[np.int8]
    """``(games, moves per game)``: the seat that makes each move."""
    move_slots: npt.NDArray[np.int8]
    """``(games, moves per game)``: where each card goes, ``0`` to open a trick and ``1 + t``
    onto open trick ``t`` (:class:`~sticheln.stichling.AddToTrick`'s ``trick``, counted in the
    order the open tricks were opened); for a move that orders the victory-point cards, the
    number of its order in :func:`~sticheln.stichling.legal_moves`."""
    tricks_won: npt.NDArray[np.int8]
    """``(games, hands, players)``: the tricks each player won in each hand
    (:rule:`SL-TRICK-2`, and under :attr:`OpenAtEnd.MARKER
    <sticheln.stichling.OpenAtEnd.MARKER>` those still open at its end, :rule:`SL-HAND-1`)."""
    hand_scores: npt.NDArray[np.int32]
    """``(games, hands, players)``: each player's score of each hand (:rule:`SL-SCORE-1`)."""
    scores: npt.NDArray[np.int64]
    """``(games, players)``: the final totals (:rule:`SL-GAME-1`)."""
    moves: int
    """The number of moves played in the whole batch."""
    observed_games: int = 0
    """How many games, the first ones, have :attr:`observations` and :attr:`action_masks`
    (0 without ``observations=True``)."""
    observations: npt.NDArray[np.int8] | None = None
    """``(observed_games, moves per game, observation_size)``: before each move of
    :attr:`game_moves`, the encoding's observation of the player making it; ``None`` unless
    asked for."""
    action_masks: npt.NDArray[np.int8] | None = None
    """``(observed_games, moves per game, num_actions)``: that player's action mask for that
    position; ``None`` unless asked for."""

    def deal_hands(self, game: int) -> tuple[tuple[CardSet, ...], ...]:
        """The hands of every hand of ``game``, as :func:`~sticheln.stichling.new_game` takes
        them (``deals=``)."""
        index = self._game(game)
        return tuple(
            tuple(CardSet(sum(1 << card for card in seat)) for seat in hand)
            for hand in self.deals[index].tolist()
        )

    def moves_of(self, game: int) -> tuple[StichlingMove, ...]:
        """The moves of ``game`` in order, as :class:`~sticheln.stichling.ArrangePoints`,
        :class:`~sticheln.stichling.OpenTrick` and :class:`~sticheln.stichling.AddToTrick`
        moves."""
        index = self._game(game)
        per_hand = self.game_moves.shape[1] // self.rules.hand_count
        moves: list[StichlingMove] = []
        for i, (card, player, slot) in enumerate(
            zip(
                self.game_moves[index].tolist(),
                self.move_players[index].tolist(),
                self.move_slots[index].tolist(),
                strict=True,
            )
        ):
            if card < 0:
                moves.append(_arrange_moves(player, self.rules.points[i // per_hand])[slot])
            elif slot == 0:
                moves.append(OpenTrick(player, card_at(card)))
            else:
                moves.append(AddToTrick(player, card_at(card), slot - 1))
        return tuple(moves)

    def record(self, game: int) -> StichlingRecord:
        """The :class:`~sticheln.stichling.StichlingRecord` of ``game``:
        :meth:`~sticheln.stichling.StichlingRecord.replay` plays it through the engine."""
        index = self._game(game)
        return StichlingRecord(
            rules=self.rules,
            players=self.players,
            first_leader=self.first_leader,
            deals=self.deal_hands(index),
            moves=self.moves_of(index),
        )

    def _game(self, game: object) -> int:
        return check_index(game, self.games, "game")


def simulate(
    rules: StichlingRules = RAVENSBURGER_2015,
    players: int = 4,
    games: int = 1000,
    seed: int = 0,
    *,
    first_leader: int = 0,
    observations: bool = False,
    observed_games: int | None = None,
) -> StichlingBatchResult:
    """Play ``games`` games of Stichling with ``rules`` and ``players`` players at random, all
    at once: every move drawn uniformly from the legal moves of its position, the orders of
    the victory-point cards (:rule:`SL-VP-2`) and every way of playing every card
    (:rule:`SL-PLAY-1` to :rule:`SL-PLAY-5`).

    :param seed: the seed of a numpy ``default_rng``; the same rules, players, games, seed
        and first leader give the same batch.
    :param first_leader: the seat that plays the first card of every game
        (:rule:`SL-LEAD-1`), as in :func:`~sticheln.stichling.new_game`.
    :param observations: also build the observation vector and action mask of the player
        making every move (:attr:`StichlingBatchResult.observations`), as the encoding
        (:meth:`StichlingGame.encoding <sticheln.stichling.StichlingGame.encoding>`) gives
        them for the same position.
    :param observed_games: with ``observations``, build them for the first this many games
        only (all by default): they take ``observation_size + num_actions`` bytes a move.
    :raises RulesError: if the rules do not allow ``players`` players.
    :raises SetupError: if ``games`` is below 1, ``seed`` negative, ``first_leader`` not a
        seat or ``observed_games`` outside ``0 .. games``.
    :raises WrongTypeError: if an argument is of the wrong type.
    """
    check_type(rules, StichlingRules, "rules")
    n = check_player_count(players)
    rules.check_players(n)
    games = check_count(games, "games", 1)
    seed = check_count(seed, "seed", 0)
    observed = check_observed_games(observations, observed_games, games)
    leaders = _hand_leaders(rules, n, first_leader)
    perm, uniforms = _draw(rules, n, games, np.random.default_rng(seed))
    return _play(rules, n, games, seed, first_leader, leaders, perm, uniforms, observed)


def _hand_leaders(rules: StichlingRules, n: int, first_leader: int) -> list[int]:
    """The seat that plays the first card of each hand (the engine's
    :func:`~sticheln.stichling.state.hand_leader`, :rule:`SL-LEAD-1`, :rule:`SL-LEAD-2`).

    :raises SetupError, WrongTypeError: for a ``first_leader`` that is not a seat."""
    setup = game_setup(rules, n, first_leader, 0, None)
    return [hand_leader(setup, number) for number in range(rules.hand_count)]


def _draw(
    rules: StichlingRules, n: int, games: int, rng: np.random.Generator
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float64]]:
    """The permutation of the deck of each hand of ``games`` games (``games * hands`` rows)
    and the uniform number of each of their moves, drawn from ``rng`` in this order."""
    rows = games * rules.hand_count
    size = len(rules.deck(n))
    places = np.broadcast_to(np.arange(size, dtype=_I8), (rows, size))
    perm: npt.NDArray[np.int8] = rng.permuted(places, axis=1)
    uniforms: npt.NDArray[np.float64] = rng.random((rows, n + rules.hand_size * n))
    return perm, uniforms


def _compiled_hands() -> Callable[..., None] | None:
    """The compiled loop of the hands (:mod:`sticheln.stichling.compiled_batch`), or ``None``
    for that of numpy, as :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE` chooses."""
    found: Callable[..., None] | None = compiled_or_none(
        "sticheln.stichling.compiled_batch", "play_hands"
    )
    return found


def _play(
    rules: StichlingRules,
    n: int,
    games: int,
    seed: int | None,
    first_leader: int,
    leaders: list[int],
    perm: npt.NDArray[np.int8],
    uniforms: npt.NDArray[np.float64],
    observed: int = 0,
) -> StichlingBatchResult:
    """The ``games`` games of the permutations and numbers of :func:`_draw`, one row a hand,
    with the observations and masks of the first ``observed`` games."""
    tables = _tables(rules, n)
    hands = rules.hand_count
    hand = rules.hand_size
    per_hand = n + hand * n
    rows = games * hands
    row_leaders = np.tile(np.array(leaders, dtype=_IP), games)
    dealt = np.empty((rows, n, hand), dtype=_I8)
    cards = np.empty((rows, per_hand), dtype=_I8)
    slots = np.empty((rows, per_hand), dtype=_I8)
    wins = np.empty((rows, n), dtype=_I8)
    marker_wins = rules.open_at_end is OpenAtEnd.MARKER
    play_hands = _compiled_hands()
    if play_hands is not None:
        flags = np.array([len(tables.orders[0]), marker_wins, TRICK_SIZE], dtype=np.int64)
        play_hands(
            perm, uniforms, row_leaders, n, hand, tables.index, tables.colors,
            tables.color_masks, tables.takes, tables.counts, tables.slots, tables.ways, flags,
            dealt, cards, slots, wins,
        )  # fmt: skip
    else:
        _play_hands(
            perm, uniforms, row_leaders, n, hand, tables, marker_wins, dealt, cards, slots, wins
        )
    hand_of_row = np.tile(np.arange(hands, dtype=_IP), games)
    arranged = slots[:, :n]
    hand_scores = tables.scores[hand_of_row[:, None], arranged, wins]  # SL-SCORE-1
    order_values = np.array(tables.orders, dtype=_I8)  # (hands, orders, 3)
    # Who makes each move of a hand: every seat in turn, then clockwise from the hand's
    # leader (SL-VP-2, SL-PLAY-1); the same in every game.
    players = np.array(
        [[*range(n), *((leader + k) % n for k in range(hand * n))] for leader in leaders],
        dtype=_I8,
    )
    scores = hand_scores.reshape(games, hands, n)
    observations = action_masks = None
    if observed:
        first = observed * hands
        from sticheln.stichling.batch_observations import observe_rows

        observations, action_masks = observe_rows(
            rules, n, leaders, tables, dealt[:first], cards[:first], slots[:first],
            scores[:observed],
        )  # fmt: skip
    return StichlingBatchResult(
        rules=rules,
        players=n,
        games=games,
        seed=seed,
        first_leader=first_leader,
        deals=dealt.reshape(games, hands, n, hand),
        orders=order_values[hand_of_row[:, None], arranged].reshape(games, hands, n, 3),
        game_moves=cards.reshape(games, hands * per_hand),
        move_players=np.tile(players.reshape(1, hands * per_hand), (games, 1)),
        move_slots=slots.reshape(games, hands * per_hand),
        tricks_won=wins.reshape(games, hands, n),
        hand_scores=scores,
        scores=scores.sum(axis=1, dtype=np.int64),
        moves=rows * per_hand,
        observed_games=observed,
        observations=observations,
        action_masks=action_masks,
    )


def _play_hands(
    perm: npt.NDArray[np.int8],
    uniforms: npt.NDArray[np.float64],
    leaders: npt.NDArray[np.intp],
    n: int,
    hand: int,
    tables: _Tables,
    marker_wins: bool,
    dealt: npt.NDArray[np.int8],
    cards: npt.NDArray[np.int8],
    slots: npt.NDArray[np.int8],
    wins: npt.NDArray[np.int8],
) -> None:
    """The hands of every row at once, in lockstep: fill ``dealt`` (each seat's cards,
    ascending), ``cards`` and ``slots`` (the card of every move, ``-1`` for the orders of
    the victory-point cards, and the number of the order or where the card goes) and
    ``wins`` (the tricks each seat won)."""
    rows, size = perm.shape
    row = np.arange(rows, dtype=_IP)
    cards[:, :n] = -1
    slots[:, :n] = (uniforms[:, :n] * len(tables.orders[0])).astype(_I8)  # SL-VP-2
    dealt[:] = tables.index[np.sort(perm[:, : n * hand].reshape(rows, n, hand), axis=2)]
    # The deck's colours are blocks of ``per_color`` places, in the order of ``colors``.
    colors = tables.colors.astype(_IP)
    per_color = size // len(colors)
    block_mask = np.int64((1 << per_color) - 1)
    dealt_places = perm[:, : n * hand].reshape(rows, n, hand).astype(np.int64)
    held = np.bitwise_or.reduce(np.int64(1) << dealt_places, axis=2)  # (rows, n): masks
    # The cards of each colour in each hand: (rows, n, colours).
    by_color = (dealt_places[..., None] // per_color == np.arange(len(colors))).sum(axis=2)
    # The open tricks in the order opened, and one more place for shifting them down: the
    # led colour's number, the place of the marker's card, the seat holding the marker and
    # the cards that count so far.
    tricks = np.zeros((rows, OPEN_TRICKS + 1, 4), dtype=_IP)
    open_count = np.zeros(rows, dtype=_IP)
    layout = np.zeros(rows, dtype=_IP)
    won = np.zeros((rows, n), dtype=_IP)
    low = np.array([(1 << 3 * t) - 1 for t in range(OPEN_TRICKS)], dtype=_IP)
    player = leaders.astype(_IP)
    for k in range(n, n + n * hand):
        # The move at place int(u * moves) of the engine's order: by card, then way; the
        # cards of a colour have as many ways each.
        ways = tables.ways[layout[:, None], colors]  # (rows, colours)
        weights = by_color[row, player] * ways
        reach = np.cumsum(weights, axis=1)
        rank = (uniforms[:, k] * reach[:, -1]).astype(_IP)
        block = (reach > rank[:, None]).argmax(axis=1)
        within = rank - (reach[row, block] - weights[row, block])
        per_way = ways[row, block]
        skip, way = within // per_way, within % per_way
        first = block * per_color
        mine = held[row, player]
        group = (mine >> first) & block_mask  # the cards of the colour, from its first place
        for i in range(int(skip.max())):
            group = np.where(skip > i, group & (group - 1), group)
        # The lowest card left, a power of two: its exponent, exact in a float.
        place = first + np.frexp((group & -group).astype(np.float64))[1].astype(_IP) - 1
        colour = colors[block]
        slot = tables.slots[layout, colour, way]
        held[row, player] = mine ^ (np.int64(1) << place)
        by_color[row, player, block] -= 1
        cards[:, k] = tables.index[place]
        slots[:, k] = slot
        opening = np.flatnonzero(slot == 0)  # SL-PLAY-2, SL-PLAY-4
        at = open_count[opening]
        tricks[opening, at] = np.stack(
            [colour[opening], place[opening], player[opening], np.ones_like(opening)], axis=1
        )
        layout[opening] |= (colour[opening] + 1) << 3 * at
        open_count[opening] += 1
        adding = np.flatnonzero(slot > 0)  # SL-PLAY-3, SL-PLAY-5
        t = slot[adding] - 1
        card = place[adding]
        trick = tricks[adding, t]  # (adding, 4)
        take = tables.takes_bool[trick[:, 1], card]  # SL-TRICK-1
        trick[take, 1] = card[take]
        trick[take, 2] = player[adding[take]]
        trick[:, 3] += tables.counts_bool[trick[:, 0], card]
        tricks[adding, t] = trick
        full = trick[:, 3] >= TRICK_SIZE  # SL-TRICK-2
        done, gone = adding[full], t[full]
        won[done, trick[full, 2]] += 1
        later = np.arange(OPEN_TRICKS)[None, :, None] >= gone[:, None, None]
        tricks[done, :OPEN_TRICKS] = np.where(later, tricks[done, 1:], tricks[done, :OPEN_TRICKS])
        open_count[done] -= 1
        shift = 3 * gone
        layout[done] = (layout[done] & low[gone]) | ((layout[done] >> shift + 3) << shift)
        player = np.where(player + 1 < n, player + 1, 0)
    if marker_wins:  # SL-HAND-1
        for t in range(OPEN_TRICKS):
            still = np.flatnonzero(open_count > t)
            won[still, tricks[still, t, 2]] += 1
    wins[:] = won


def random_games(game: StichlingGame, players: int, seeds: Iterable[int]) -> tuple[RandomGame, ...]:
    """For each seed, one game of Stichling under the rules of ``game``, played uniformly at
    random over the legal moves: the game :func:`simulate` plays from that seed alone
    (``games=1``, the first leader of ``game``), with its observation vectors and action
    masks. The games of all the seeds are played together, in one batch. Stichling's fast
    source of random games for self-play data (:attr:`GameInfo.random_games
    <sticheln.GameInfo.random_games>`).

    >>> from sticheln.stichling import RAVENSBURGER_2015, StichlingGame
    >>> from sticheln.stichling.batch import random_games, simulate
    >>> first, second = random_games(StichlingGame(RAVENSBURGER_2015), 4, [5, 5])
    >>> first.record == second.record == simulate(RAVENSBURGER_2015, 4, 1, 5).record(0)
    True
    >>> len(first.record.moves), len(first.observations) // len(first.record.moves)
    (156, 479)

    :raises RulesError: if the rules do not allow ``players`` players.
    :raises SetupError: for a negative seed.
    :raises WrongTypeError: if an argument is of the wrong type.
    """
    from sticheln.stichling.game import StichlingGame

    check_type(game, StichlingGame, "game")
    rules = game.rules
    n = check_player_count(players)
    rules.check_players(n)
    leaders = _hand_leaders(rules, n, game.first_leader)
    draws = [
        _draw(rules, n, 1, np.random.default_rng(check_count(seed, "seed", 0))) for seed in seeds
    ]
    if not draws:
        return ()
    perm = np.concatenate([p for p, _ in draws])
    uniforms = np.concatenate([u for _, u in draws])
    games = len(draws)
    result = _play(rules, n, games, None, game.first_leader, leaders, perm, uniforms, games)
    observations, masks = result.observations, result.action_masks
    if observations is None or masks is None:
        raise AssertionError("every game of random_games is observed")
    return tuple(
        RandomGame(
            record=result.record(i),
            observations=observations[i].tobytes(),
            masks=masks[i].tobytes(),
        )
        for i in range(games)
    )
