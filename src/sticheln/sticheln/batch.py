"""Random playouts of many games of Sticheln at once, in lockstep with numpy:
:func:`simulate` (needs numpy, the ``rl`` extra; ``import sticheln`` does not import this
module).

>>> from sticheln import NSV
>>> from sticheln.sticheln.batch import simulate
>>> result = simulate(NSV, players=4, games=1000, seed=0)
>>> result.scores.shape, result.moves
((1000, 4), 240000)
>>> result.record(0).replay().scores == tuple(result.scores[0])
True

**How it works.** Sticheln has no duty to follow suit (:rule:`ST-PLAY-1`): a player's legal
moves are always their whole hand, whatever lies on the table, both when the pain card is
chosen (:rule:`ST-PAIN-1`) and on their turn. A random player who picks uniformly among the
legal moves therefore puts down the cards of each hand in a uniformly random order, independent
of everything else. One uniformly random permutation of the deck per round gives both the deal
and that order: the hand of seat ``p`` is the slice ``p * hand_size .. (p + 1) * hand_size``,
its first card the pain card, its card ``1 + t`` the one played to trick ``t``. Every round is
dealt when the game starts and each round's first leader is fixed (:rule:`ST-LEAD-3`), so the
rounds of all games are independent rows, and every trick of every row is resolved at once with
array operations: ``games * rounds`` rows, ``hand_size - 1`` tricks, one step per seat.

The rules are read from the :class:`~sticheln.StichelnRules` object (deck for the player count, hand
size, rounds, :class:`~sticheln.FirstLeader`, :class:`~sticheln.AllZeroTrick`), and the lookup
tables are built by calling the engine's own rule functions, so that each rule is defined once:
the card points by :func:`~sticheln.card_points`, who takes a trick of zeros by
:func:`~sticheln.trick_taker` (:rule:`ST-TRICK-6`), and the trick winner as a table "does this
card take the trick from the card now winning it, under this lead colour" filled by
:func:`~sticheln.trick_winner` (the winner of a trick with one more card depends only on the
lead colour, the card winning so far and the new card). The tests replay batch games through
:func:`~sticheln.apply_move` and compare every trick and score.

With numba installed (the ``fast`` extra) the tricks are played by compiled code
(:mod:`sticheln.sticheln.compiled_batch`), row after row, from the same shuffled decks and on
the same tables: the batch is the same, about twice as fast (the shuffle is then most of the
time; ``benchmarks/batch_speed.py``). :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE` set to
``python`` keeps the numpy loop.

The moves are recorded per game as card indices (:attr:`Card.index <sticheln.Card.index>`) in
the order they are made, the pain cards of a round in seat order, so that
:meth:`BatchResult.record` gives a :class:`~sticheln.StichelnRecord` to replay any game. With
``observations=True`` :func:`simulate` also builds, for every move, the observation vector and
the action mask of the library's encoding (:meth:`StichelnGame.encoding
<sticheln.StichelnGame.encoding>`) of the player to move, before the move. Those are
``observation_size + num_actions`` bytes per move (988 at 4 players, about 237 MB for 1000
games), so ``observed_games`` limits them to the first games of the batch; the playout of the
others is the same.

**Hattrick** has the same shape (one card each per turn, every card of the hand legal in
exactly one way, :rule:`HT-PLAY-4`) and is batched by :mod:`sticheln.hattrick.batch`.
**Stichling** (:mod:`sticheln.stichling`) does not have the shape: a card can be played in
several ways (opening a trick, adding it to one of its colour, discarding it), so a random move
is not a random order of the hand, and the number of legal moves differs from game to game;
:mod:`sticheln.stichling.batch` draws every move from the legal moves of its position."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final

import attrs

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - numpy is the rl extra
    raise ImportError(
        "sticheln.sticheln.batch needs numpy, the rl extra: "
        'pip install ".[rl]" in a checkout of sticheln'
    ) from exc

from sticheln.core.cards import Card, CardSet, card_at
from sticheln.core.randomgames import RandomGame
from sticheln.core.setup import (
    check_count,
    check_index,
    check_observed_games,
    check_player_count,
    check_type,
)
from sticheln.core.stream import compiled_or_none
from sticheln.sticheln.moves import ChoosePain, PlayCard, StichelnMove
from sticheln.sticheln.record import StichelnRecord
from sticheln.sticheln.rules import NSV, Deck, FirstLeader, StichelnRules
from sticheln.sticheln.scoring import card_points
from sticheln.sticheln.trick import taking_index, trick_winner

if TYPE_CHECKING:
    import numpy.typing as npt

    from sticheln.sticheln.game import StichelnGame

__all__ = ["BatchResult", "random_games", "simulate"]

_I8: Final = np.int8
_IP: Final = np.intp


@attrs.frozen
class _Tables:
    """The rule tables of one deck, by place of the card in the deck (ascending
    :attr:`Card.index <sticheln.Card.index>`, the order of the encoding's card segments)."""

    index: npt.NDArray[np.int8]
    """The :attr:`Card.index <sticheln.Card.index>` of each place."""
    color: npt.NDArray[np.intp]
    """The number of each place's colour in :attr:`Deck.colors <sticheln.Deck.colors>`."""
    alone: npt.NDArray[np.bool_]
    """Whether the card wins a trick it leads alone (a zero does not)."""
    takes: npt.NDArray[np.bool_]
    """Flat ``[colour, best, card]``, ``best`` a place or ``size`` for no winner yet: whether
    ``card``, played next, takes the trick of that lead colour from ``best``."""
    points: npt.NDArray[np.int32]
    """Flat ``[colour, card]``: what the card is worth to a player of that pain colour."""


@functools.cache
def _tables(deck: Deck) -> _Tables:
    cards = [card_at(index) for index in deck.indices]
    size = len(cards)
    colors = deck.colors
    alone = [trick_winner([card]) is not None for card in cards]
    takes = np.zeros((len(colors), size + 1, size), dtype=np.bool_)
    for c, color in enumerate(colors):
        own = [card for card in cards if card.color is color]
        never = [card for card, wins in zip(cards, alone, strict=True) if not wins]
        zeros = [card for card in never if card.color is color]
        for b in range(size + 1):
            best = cards[b] if b < size else None
            if best is not None and not alone[b]:
                continue  # a card that cannot win is never the card winning a trick
            for n, card in enumerate(cards):
                if card is best:
                    continue
                if best is None:
                    # Nobody wins yet: the lead (and all so far) cannot win, a zero of ``color``.
                    leads = [z for z in zeros if z is not card]
                    takes[c, b, n] = bool(leads) and trick_winner([leads[0], card]) == 1
                elif best.color is color:
                    # The card winning is of the lead colour: it stands for the lead.
                    takes[c, b, n] = trick_winner([best, card]) == 1
                else:
                    # The card winning is of another colour: any card of ``color`` leads.
                    leads = [lead for lead in own if lead is not card]
                    if leads:
                        takes[c, b, n] = trick_winner([leads[0], best, card]) == 2
    points = np.array(
        [[card_points(card, color) for card in cards] for color in colors], dtype=np.int32
    )
    return _Tables(
        index=np.array(deck.indices, dtype=_I8),
        color=np.array([colors.index(card.color) for card in cards], dtype=_IP),
        alone=np.array(alone, dtype=np.bool_),
        takes=takes.ravel(),
        points=points.ravel(),
    )


@attrs.frozen(eq=False)
class BatchResult:
    """The outcome of :func:`simulate`: ``games`` random games of Sticheln.

    Arrays are indexed by game first. Cards are :attr:`Card.index <sticheln.Card.index>`
    values (``int8``); :attr:`StichelnEncoding.card_positions
    <sticheln.sticheln.encoding.StichelnEncoding.card_positions>` turns them into action indices.
    """

    rules: StichelnRules
    """The rules of every game."""
    players: int
    """The number of players."""
    games: int
    """The number of games."""
    seed: int | None
    """The seed of the batch's numpy ``default_rng``; ``None`` for games each drawn from a
    seed of its own (:func:`random_games`)."""
    first_leaders: npt.NDArray[np.int8]
    """``(games,)``: the seat that leads the first trick of each game (:rule:`ST-LEAD-1`)."""
    game_moves: npt.NDArray[np.int8]
    """``(games, moves per game)``: the card of every move in the order made; in each round
    the pain cards come first, in seat order, then the tricks' cards in play order."""
    move_players: npt.NDArray[np.int8]
    """``(games, moves per game)``: the seat that makes each move of :attr:`game_moves`."""
    trick_winners: npt.NDArray[np.int8]
    """``(games, rounds, tricks per round)``: the seat that won each trick, ``-1`` for a
    trick of zeros set aside (:rule:`ST-TRICK-6`)."""
    round_scores: npt.NDArray[np.int32]
    """``(games, rounds, players)``: each player's score of each round (:rule:`ST-SCORE-1`)."""
    scores: npt.NDArray[np.int64]
    """``(games, players)``: the final totals (:rule:`ST-SCORE-3`)."""
    moves: int
    """The number of moves played in the whole batch."""
    observed_games: int
    """How many games, the first ones, have :attr:`observations` and :attr:`action_masks`
    (0 without ``observations=True``)."""
    observations: npt.NDArray[np.int8] | None
    """``(observed_games, moves per game, observation_size)``: before each move of
    :attr:`game_moves`, the encoding's observation of the player making it; ``None`` unless
    asked for."""
    action_masks: npt.NDArray[np.int8] | None
    """``(observed_games, moves per game, num_actions)``: the encoding's action mask of that
    player for that position; ``None`` unless asked for."""

    def deal_hands(self, game: int) -> tuple[tuple[CardSet, ...], ...]:
        """The hands of every round of ``game``, as :func:`~sticheln.new_game` takes them
        (``deals=``)."""
        index = self._game(game)
        n = self.players
        per_round = n * self.rules.hand_size
        masks = [[0] * n for _ in range(self.game_moves.shape[1] // per_round)]
        for i, (card, player) in enumerate(
            zip(self.game_moves[index].tolist(), self.move_players[index].tolist(), strict=True)
        ):
            masks[i // per_round][player] |= 1 << card
        return tuple(tuple(map(CardSet, hands)) for hands in masks)

    def moves_of(self, game: int) -> tuple[StichelnMove, ...]:
        """The moves of ``game`` in order, as :class:`~sticheln.ChoosePain` and
        :class:`~sticheln.PlayCard` moves."""
        index = self._game(game)
        per_round = self.players * self.rules.hand_size
        result: list[StichelnMove] = []
        for i, (card, player) in enumerate(
            zip(self.game_moves[index].tolist(), self.move_players[index].tolist(), strict=True)
        ):
            kind = ChoosePain if i % per_round < self.players else PlayCard
            result.append(kind(player, card_at(card)))
        return tuple(result)

    def record(self, game: int) -> StichelnRecord:
        """The :class:`~sticheln.StichelnRecord` of ``game``: :meth:`StichelnRecord.replay
        <sticheln.StichelnRecord.replay>` plays it through the engine."""
        index = self._game(game)
        return StichelnRecord(
            rules=self.rules,
            players=self.players,
            first_leader=int(self.first_leaders[index]),
            deals=self.deal_hands(index),
            moves=self.moves_of(index),
        )

    def _game(self, game: object) -> int:
        return check_index(game, self.games, "game")


def simulate(
    rules: StichelnRules = NSV,
    players: int = 4,
    games: int = 1000,
    seed: int = 0,
    *,
    observations: bool = False,
    observed_games: int | None = None,
) -> BatchResult:
    """Play ``games`` games of Sticheln with ``rules`` and ``players`` players at random, all
    at once: each pain card is drawn uniformly from the hand, each card played uniformly from
    the legal moves (the whole hand, :rule:`ST-PLAY-1`).

    :param seed: the seed of a numpy ``default_rng``; the same rules, players,
        games and seed give the same batch.
    :param observations: also build the observation vector and action mask of every move
        (:attr:`BatchResult.observations`).
    :param observed_games: with ``observations``, build them for the first this many games
        only (all by default): they take ``observation_size + num_actions`` bytes a move.
    :raises RulesError: if the rules have no deck for ``players``.
    :raises SetupError: if ``games`` is below 1, ``seed`` negative or ``observed_games``
        outside ``0 .. games``.
    :raises WrongTypeError: if an argument is of the wrong type.
    """
    check_type(rules, StichelnRules, "rules")
    n = check_player_count(players)
    rules.deck(n)  # RulesError for a player count the rules have no deck for
    games = check_count(games, "games", 1)
    seed = check_count(seed, "seed", 0)
    observed = check_observed_games(observations, observed_games, games)
    first, perm = _draw(rules, n, games, np.random.default_rng(seed))
    return _play(rules, n, seed, first, perm, observations, observed)


def _draw(
    rules: StichelnRules, n: int, games: int, rng: np.random.Generator
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int8]]:
    """The first leader of ``games`` games and the permutation of the deck of each of their
    rounds (``games * rounds`` rows), drawn from ``rng`` in this order."""
    if rules.first_leader is FirstLeader.LEFT_OF_DEALER:
        first = (rng.integers(0, n, size=games) + 1) % n  # left of the dealer drawn
    else:
        first = np.zeros(games, dtype=np.int64)
    return first, _shuffle(rng, games * rules.rounds_for(n), rules.deck(n).size)


def _play(
    rules: StichelnRules,
    n: int,
    seed: int | None,
    first: npt.NDArray[np.int64],
    perm: npt.NDArray[np.int8],
    observations: bool,
    observed: int,
) -> BatchResult:
    """The games of the first leaders ``first`` and the permutations ``perm`` of
    :func:`_draw`; with ``observations``, observed for the first ``observed`` games."""
    deck = rules.deck(n)
    tables = _tables(deck)
    games = len(first)
    rounds = rules.rounds_for(n)
    hand = rules.hand_size
    tricks = hand - 1
    size = deck.size
    rows = games * rounds
    leader = ((first[:, None] + np.arange(rounds)) % n).ravel().astype(_IP)  # ST-LEAD-3
    flat = perm.ravel()

    pains = perm[:, 0 : n * hand : hand].astype(_IP)  # (rows, n): the pain card of each seat
    pain_color = tables.color[pains]
    points = tables.points
    # The pain card counts (ST-SCORE-1); the scores by row and seat, flat.
    score_flat = points[(pain_color * size + pains).ravel()]
    pain_color_flat = pain_color.ravel()
    plays = np.empty((rows, tricks, n), dtype=_I8)
    seats = np.empty((rows, tricks, n), dtype=_I8)
    winners = np.empty((rows, tricks), dtype=_I8)
    takes, alone = tables.takes, tables.alone
    # Who takes a trick that no card wins (ST-TRICK-6): the place in play order of the card
    # whose player takes it, or None: it is set aside and its leader leads again.
    zero_taker = taking_index((Card(deck.colors[0], 0),) * n, rules.all_zero_trick)
    play_tricks = _compiled_tricks()
    if play_tricks is not None:
        play_tricks(
            perm,
            leader,
            n,
            hand,
            alone,
            takes,
            tables.color,
            points,
            pain_color,
            -1 if zero_taker is None else zero_taker,
            plays,
            seats,
            winners,
            score_flat,
        )
    else:
        _play_tricks(
            flat, leader, n, hand, tables, pain_color_flat, zero_taker, plays, seats, winners,
            score_flat,
        )  # fmt: skip

    per_round = n + tricks * n
    order = np.empty((rows, per_round), dtype=_I8)
    order[:, :n] = pains
    order[:, n:] = plays.reshape(rows, tricks * n)
    actors = np.empty((rows, per_round), dtype=_I8)
    actors[:, :n] = np.arange(n, dtype=_I8)
    actors[:, n:] = seats.reshape(rows, tricks * n)
    round_scores = score_flat.reshape(games, rounds, n)
    observed_obs: npt.NDArray[np.int8] | None = None
    observed_masks: npt.NDArray[np.int8] | None = None
    if observations:
        observed_obs, observed_masks = _observe(
            rules,
            n,
            perm[: observed * rounds],
            order[: observed * rounds],
            actors[: observed * rounds],
            winners[: observed * rounds],
            round_scores[:observed],
        )
    return BatchResult(
        rules=rules,
        players=n,
        games=games,
        seed=seed,
        first_leaders=first.astype(_I8),
        game_moves=tables.index[order].reshape(games, rounds * per_round),
        move_players=actors.reshape(games, rounds * per_round),
        trick_winners=winners.reshape(games, rounds, tricks),
        round_scores=round_scores,
        scores=round_scores.sum(axis=1, dtype=np.int64),
        moves=rows * per_round,
        observed_games=observed,
        observations=observed_obs,
        action_masks=observed_masks,
    )


def _compiled_tricks() -> Callable[..., None] | None:
    """The compiled loop of the tricks (:mod:`sticheln.sticheln.compiled_batch`), or ``None``
    for that of numpy, as :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE` chooses."""
    found: Callable[..., None] | None = compiled_or_none(
        "sticheln.sticheln.compiled_batch", "play_tricks"
    )
    return found


def _play_tricks(
    flat: npt.NDArray[np.int8],
    leader: npt.NDArray[np.intp],
    n: int,
    hand: int,
    tables: _Tables,
    pain_color_flat: npt.NDArray[np.intp],
    zero_taker: int | None,
    plays: npt.NDArray[np.int8],
    seats: npt.NDArray[np.int8],
    winners: npt.NDArray[np.int8],
    score_flat: npt.NDArray[np.int32],
) -> None:
    """The tricks of every row at once, in lockstep: fill ``plays``, ``seats`` and
    ``winners`` and add every trick's points to ``score_flat``."""
    size = len(tables.index)
    rows = len(leader)
    tricks = hand - 1
    perm = flat.reshape(rows, size)
    points, takes, alone = tables.points, tables.takes, tables.alone
    rowbase = np.arange(rows, dtype=_IP) * size
    seat_rows = np.arange(rows, dtype=_IP) * n
    after = (np.arange(n, dtype=_IP) + 1) % n
    none = np.int8(-1)
    for t in range(tricks):
        base = rowbase + (1 + t)
        seat = leader
        card = flat[base + seat * hand].astype(_IP)
        plays[:, t, 0] = card
        seats[:, t, 0] = seat
        wins = alone[card]
        best = np.where(wins, card, size)
        winner = np.where(wins, seat, -1)
        lead = tables.color[card] * (size + 1)
        for k in range(1, n):
            seat = after[seat]
            card = flat[base + seat * hand].astype(_IP)
            plays[:, t, k] = card
            seats[:, t, k] = seat
            take = takes[(lead + best) * size + card]
            best = np.where(take, card, best)
            winner = np.where(take, seat, winner)
        nobody = winner < 0
        if zero_taker is not None:
            winner = np.where(nobody, (leader + zero_taker) % n if zero_taker else leader, winner)
            winners[:, t] = winner
        else:
            winners[:, t] = np.where(nobody, none, winner)
            winner = np.where(nobody, leader, winner)  # set aside: the leader leads again
        # The trick's cards, by seat, scored in the winner's pain colour (ST-SCORE-1/2).
        at = seat_rows + winner
        colour = pain_color_flat[at] * size
        value = points[colour[:, None] + perm[:, 1 + t : n * hand : hand]].sum(axis=1)
        if zero_taker is None:
            value[nobody] = 0  # set aside: nobody scores the cards
        score_flat[at] += value
        leader = winner  # ST-LEAD-2


def _shuffle(rng: np.random.Generator, rows: int, size: int) -> npt.NDArray[np.int8]:
    """``rows`` independent, uniformly random permutations of ``0 .. size - 1``."""
    places = np.broadcast_to(np.arange(size, dtype=_I8), (rows, size))
    return rng.permuted(places, axis=1)


def _observe(
    rules: StichelnRules,
    n: int,
    perm: npt.NDArray[np.int8],
    order: npt.NDArray[np.int8],
    actors: npt.NDArray[np.int8],
    winners: npt.NDArray[np.int8],
    round_scores: npt.NDArray[np.int32],
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The observation and action mask before every move of the rows given, in the layout of
    the encoding (:meth:`StichelnGame.encoding <sticheln.StichelnGame.encoding>`).

    The observation of every seat is kept up to date move by move, and before each move the
    one of the player to move is copied out."""
    from sticheln.sticheln.game import StichelnGame

    encoding: Any = StichelnGame(rules).encoding(n)
    at = {segment.name: segment.offset for segment in encoding.layout}
    sizes = {segment.name: segment.size for segment in encoding.layout}
    size = rules.deck(n).size
    by_seat = ("pain_card", "current_trick", "won")
    expected = {
        "phase": 3, "hand": size, "own_pain_card": size, "has_chosen": n, "trick_leader": n,
        "set_aside": size, "to_act": n, "hand_sizes": n, "round_leader": n,
        **({"rounds_left": 1} if rules.rounds_for(n) > 1 else {}),  # for more than one round
        "scores": n, **{f"{name}_{r}": size for name in by_seat for r in range(n)},
    }  # fmt: skip
    positions = encoding.card_positions
    if sizes != expected or [positions[i] for i in rules.deck(n).indices] != list(range(size)):
        raise AssertionError("the encoding's layout is not the one sticheln.sticheln.batch builds")
    trick_at = [at[f"current_trick_{r}"] for r in range(n)]
    if trick_at != [trick_at[0] + r * size for r in range(n)]:
        raise AssertionError("the current trick's segments are not consecutive")
    hand = rules.hand_size
    tricks = hand - 1
    rows = perm.shape[0]
    games, rounds = round_scores.shape[:2]
    per_round = n + tricks * n
    width = encoding.observation_size

    views = np.zeros((n, rows, width), dtype=_I8)  # the observation of each seat
    flat = views.reshape(-1)
    views2 = views.reshape(n * rows, width)
    hands = np.zeros((n, rows, size), dtype=_I8)  # the hand of each seat, for the masks
    hands2 = hands.reshape(n * rows, size)
    out = np.zeros((rows, per_round, width), dtype=_I8)
    masks = np.zeros((rows, per_round, size), dtype=_I8)
    row = np.arange(rows, dtype=_IP)
    start = (np.arange(n, dtype=_IP)[:, None] * rows + row) * width  # (viewer, row)
    rel = (np.arange(n)[None, :] - np.arange(n)[:, None]) % n  # [viewer, seat]: seat as seen
    card_at_seat = {
        name: np.array([[at[f"{name}_{r}"] for r in rel_row] for rel_row in rel], dtype=_IP)
        for name in by_seat
    }  # [viewer, seat]: where the seat's segment starts

    def seat_column(name: str, seat: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
        """The flat positions of every view's entry for ``seat`` (by row) in ``name``."""
        columns: npt.NDArray[np.intp] = start + at[name] + rel[:, seat]
        return columns

    leader = actors[:, n].astype(_IP)  # the round's first leader (ST-LEAD-3)
    round_number = np.tile(np.arange(rounds), games)
    views[:, :, at["phase"]] = 1
    for p in range(n):
        for j in range(hand):
            card = perm[:, p * hand + j].astype(_IP)
            flat[start[p] + at["hand"] + card] = 1
            hands[p, row, card] = 1
    for j in range(n * hand, size):
        flat[start + at["set_aside"] + perm[:, j].astype(_IP)] = 1
    flat[seat_column("trick_leader", leader)] = 1
    views[:, :, at["to_act"] : at["to_act"] + n] = 1
    views[:, :, at["hand_sizes"] : at["hand_sizes"] + n] = hand
    flat[seat_column("round_leader", leader)] = 1
    if "rounds_left" in at:
        views[:, :, at["rounds_left"]] = rounds - 1 - round_number
    # The totals of the finished rounds, clipped, constant through a round.
    before = np.cumsum(round_scores, axis=1) - round_scores
    before = np.clip(before.reshape(rows, n), -128, 127).astype(_I8)
    for v in range(n):
        for r in range(n):
            views[v, :, at["scores"] + r] = before[:, (v + r) % n]

    # The pain cards, in seat order (ST-PAIN-1): face down, so only the chooser sees it.
    for p in range(n):
        out[:, p] = views[p]
        masks[:, p] = hands[p]
        card = order[:, p].astype(_IP)
        hands[p, row, card] = 0
        flat[start[p] + at["hand"] + card] = 0
        flat[start[p] + at["own_pain_card"] + card] = 1
        for name, change in (("has_chosen", 1), ("to_act", 0)):
            views[np.arange(n), :, at[name] + rel[:, p]] = change
        views[np.arange(n), :, at["hand_sizes"] + rel[:, p]] -= 1
    # Everyone has chosen: the pain cards are turned up and play starts.
    views[:, :, at["phase"] : at["phase"] + 3] = (0, 1, 0)
    for p in range(n):
        flat[start + card_at_seat["pain_card"][:, p, None] + order[:, p].astype(_IP)] = 1
    views[:, :, at["to_act"] : at["to_act"] + n] = 0
    flat[seat_column("to_act", leader)] = 1

    step = n
    for t in range(tricks):
        for k in range(n):
            seat = actors[:, step].astype(_IP)
            mine = seat * rows + row
            np.take(views2, mine, axis=0, out=out[:, step], mode="wrap")
            np.take(hands2, mine, axis=0, out=masks[:, step], mode="wrap")
            card = order[:, step].astype(_IP)
            hands2[mine, card] = 0
            flat[mine * width + at["hand"] + card] = 0
            flat[start + card_at_seat["current_trick"][:, seat] + card] = 1
            flat[seat_column("hand_sizes", seat)] -= 1
            flat[seat_column("to_act", seat)] = 0
            if k < n - 1:
                flat[seat_column("to_act", (seat + 1) % n)] = 1
            step += 1
        # The trick goes to its winner, or is set aside (ST-ROUND-2, ST-TRICK-6).
        winner = winners[:, t].astype(_IP)
        won = winner >= 0
        target = np.where(won, card_at_seat["won"][:, np.where(won, winner, 0)], at["set_aside"])
        for p in range(n):
            flat[start + target + perm[:, p * hand + 1 + t].astype(_IP)] = 1
        first = at["current_trick_0"]
        views[:, :, first : first + n * size] = 0
        leader = np.where(won, winner, leader)  # ST-LEAD-2
        views[:, :, at["trick_leader"] : at["trick_leader"] + n] = 0
        flat[seat_column("trick_leader", leader)] = 1
        flat[seat_column("to_act", leader)] = 1
    return (
        out.reshape(games, rounds * per_round, width),
        masks.reshape(games, rounds * per_round, size),
    )


def random_games(game: StichelnGame, players: int, seeds: Iterable[int]) -> tuple[RandomGame, ...]:
    """For each seed, one game of Sticheln under the rules of ``game``, played uniformly at
    random over the legal moves: the game :func:`simulate` plays from that seed alone
    (``games=1``), with its observation vectors and action masks. The games of all the seeds
    are played together, in one batch. Sticheln's fast source of random games for self-play
    data (:attr:`GameInfo.random_games <sticheln.GameInfo.random_games>`).

    >>> from sticheln import NSV, StichelnGame
    >>> from sticheln.sticheln.batch import random_games, simulate
    >>> first, second = random_games(StichelnGame(NSV), 4, [5, 5])
    >>> first.record == second.record == simulate(NSV, 4, 1, 5).record(0)
    True
    >>> len(first.record.moves), len(first.observations) // len(first.record.moves)
    (240, 928)

    :raises RulesError: if the rules have no deck for ``players``.
    :raises SetupError: for a negative seed.
    :raises WrongTypeError: if an argument is of the wrong type.
    """
    from sticheln.sticheln.game import StichelnGame

    check_type(game, StichelnGame, "game")
    rules = game.rules
    check_type(rules, StichelnRules, "rules")
    n = check_player_count(players)
    rules.deck(n)
    draws = [
        _draw(rules, n, 1, np.random.default_rng(check_count(seed, "seed", 0))) for seed in seeds
    ]
    if not draws:
        return ()
    first = np.concatenate([f for f, _ in draws])
    perm = np.concatenate([p for _, p in draws])
    result = _play(rules, n, None, first, perm, True, len(draws))
    observations, masks = result.observations, result.action_masks
    if observations is None or masks is None:
        raise AssertionError("every game of random_games is observed")
    return tuple(
        RandomGame(
            record=result.record(i),
            observations=observations[i].tobytes(),
            masks=masks[i].tobytes(),
        )
        for i in range(len(draws))
    )
