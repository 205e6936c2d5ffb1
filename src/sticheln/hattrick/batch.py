"""Random playouts of many games of Hattrick at once, in lockstep with numpy:
:func:`simulate` (needs numpy, the ``rl`` extra; ``import sticheln`` does not import this
module).

>>> from sticheln.hattrick.batch import simulate
>>> from sticheln.hattrick import AMIGO_1995
>>> result = simulate(AMIGO_1995, players=4, games=1000, seed=0)
>>> result.scores.shape, result.hand_scores.shape, result.moves
((1000, 4), (1000, 4, 4), 224000)
>>> result.record(0).replay().scores == tuple(result.scores[0].tolist())
True

**How it works.** In Hattrick the player to act may play any card of their hand, and each
card in exactly one way (:rule:`HT-PLAY-4`): it follows the open trick of its colour
(:rule:`HT-PLAY-1`), opens a trick while fewer than two are open (:rule:`HT-TURN-1`,
:rule:`HT-PLAY-2`) or is passed (:rule:`HT-PLAY-3`). A player who picks uniformly among their
legal moves therefore puts down the cards of each hand in a uniformly random order,
independent of the table. One uniformly random permutation of the deck per hand gives both the
deal (:rule:`HT-DEAL-1`) and that order: seat ``p`` holds the slice
``p * hand_size .. (p + 1) * hand_size``, its card ``t`` is played in turn ``t`` and its last
card is kept unplayed (:rule:`HT-HAND-1`). Every hand is dealt when the game starts and led
first by the seat left of the previous hand's first leader (:rule:`HT-GAME-1`), so the hands
of all games are independent rows, and each turn of every row is resolved at once: one array
step per seat.

What a card does depends only on the colours already open in the turn, one of ten situations
(none, one colour, two colours in the order opened). The table "action and next situation of
each card in each situation" is filled by calling the engine's
:func:`~sticheln.hattrick.action_for`; the table "does this card take the trick from the card
now taking it" by :func:`~sticheln.hattrick.trick_taker` (:rule:`HT-TRICK-1`); and the hand
score of every count of won cards per colour and of passed cards by
:func:`~sticheln.hattrick.hand_score` (:rule:`HT-SCORE-1` to :rule:`HT-SCORE-3`). The next
leader (:rule:`HT-LEAD-2`) is the player of the card with the highest key among the cards that
count (those of the tricks, or of the whole turn under :attr:`LeadCards.TURN
<sticheln.hattrick.LeadCards.TURN>`), the earliest on equal keys: the key is the card's value,
raised above every value under :attr:`LeadTie.NEXT_LOWER
<sticheln.hattrick.LeadTie.NEXT_LOWER>` when no other counted card of the turn has the same
value; the tests compare it with :func:`~sticheln.hattrick.next_leader` for every pattern
of values of a turn and on every turn they replay. With a
:attr:`~sticheln.hattrick.HattrickRules.target_score` every hand is still played in lockstep,
and a game's hands after the one in which a total first reaches the target are dropped
(:rule:`HT-GAME-3`).

With numba installed (the ``fast`` extra) the turns are played by compiled code
(:mod:`sticheln.hattrick.compiled_batch`), row after row, from the same shuffled decks and on
the same tables: the batch is the same, about three times as fast
(``benchmarks/batch_speed.py``). :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE` set to
``python`` keeps the numpy loop.

The moves are recorded per game as card indices (:attr:`Card.index <sticheln.Card.index>`)
in the order they are made, so that :meth:`HattrickBatchResult.record` gives a
:class:`~sticheln.hattrick.HattrickRecord` to replay any game. Observation vectors and action
masks (``observations=True`` of :func:`sticheln.sticheln.batch.simulate`) are not built for
Hattrick: this module gives random playouts and their scores only."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final

import attrs

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - numpy is the rl extra
    raise ImportError(
        "sticheln.hattrick.batch needs numpy, the rl extra: "
        'pip install ".[rl]" in a checkout of sticheln'
    ) from exc

from sticheln.core.cards import CardSet, card_at
from sticheln.core.randomgames import RandomGame
from sticheln.core.setup import check_count, check_index, check_player_count, check_type
from sticheln.core.stream import compiled_or_none
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick, Pass
from sticheln.hattrick.record import HattrickRecord
from sticheln.hattrick.rules import AMIGO_1995, HattrickRules, LeadCards, LeadTie
from sticheln.hattrick.scoring import hand_score
from sticheln.hattrick.turn import OPEN_TRICKS, Action, action_for, trick_taker

if TYPE_CHECKING:
    import numpy.typing as npt

    from sticheln.hattrick.game import HattrickGame

__all__ = ["ACTIONS", "HattrickBatchResult", "random_games", "simulate"]

_I8: Final = np.int8
_IP: Final = np.intp

ACTIONS: Final[tuple[Action, ...]] = (Action.FOLLOW, Action.OPEN, Action.PASS)
"""The action of each code of :attr:`HattrickBatchResult.move_actions`: 0 follows, 1 opens a
trick, 2 passes."""

_MOVES: Final[tuple[type[HattrickMove], ...]] = (Follow, OpenTrick, Pass)
_CODE: Final = {action: code for code, action in enumerate(ACTIONS)}


@attrs.frozen
class _Tables:
    """The rule tables of one Hattrick deck, by place of the card in the deck (ascending
    :attr:`Card.index <sticheln.Card.index>`)."""

    index: npt.NDArray[np.int8]
    """The :attr:`Card.index <sticheln.Card.index>` of each place."""
    color: npt.NDArray[np.intp]
    """The number of each place's colour in :attr:`HattrickRules.colors
    <sticheln.hattrick.HattrickRules.colors>`."""
    value: npt.NDArray[np.intp]
    """The value of each place's card."""
    action: npt.NDArray[np.int8]
    """Flat ``[situation, card]``: the code (:data:`ACTIONS`) of what the card does."""
    after: npt.NDArray[np.intp]
    """Flat ``[situation, card]``: the situation after the card."""
    takes: npt.NDArray[np.bool_]
    """Flat ``[best, card]``, ``best`` a place or ``size`` for an empty trick: whether the card
    takes a trick of its colour from ``best``."""
    score: npt.NDArray[np.int32]
    """Flat ``[won of colour 0, 1, 2, passed]``: the hand score."""


@functools.cache
def _tables(rules: HattrickRules, players: int) -> _Tables:
    deck = rules.deck
    cards = list(deck)
    size = len(cards)
    colors = rules.colors
    # The situations of a turn: the colours open, in the order opened (HT-PLAY-2).
    situations = [
        opened for k in range(OPEN_TRICKS + 1) for opened in itertools.permutations(colors, k)
    ]
    number = {s: i for i, s in enumerate(situations)}
    action = np.empty((len(situations), size), dtype=_I8)
    after = np.empty((len(situations), size), dtype=_IP)
    for s, colors_open in enumerate(situations):
        for n, card in enumerate(cards):
            act = action_for(colors_open, card)
            action[s, n] = _CODE[act]
            opened = (*colors_open, card.color) if act is Action.OPEN else colors_open
            after[s, n] = number[opened]
    takes = np.zeros((size + 1, size), dtype=np.bool_)
    takes[size] = True  # the first card of a trick takes it so far
    for b, best in enumerate(cards):
        for n, card in enumerate(cards):
            if card.color is best.color and card is not best:
                takes[b, n] = trick_taker([best, card]) == 1
    highest = rules.highest
    turns = rules.hand_size(players) - 1
    by_color = [[card for card in cards if card.color is c] for c in colors]
    score = np.empty((highest + 1, highest + 1, highest + 1, turns + 1), dtype=np.int32)
    for a in range(highest + 1):
        for b in range(highest + 1):
            for c in range(highest + 1):
                won = CardSet.of([*by_color[0][:a], *by_color[1][:b], *by_color[2][:c]])
                for passed in range(turns + 1):
                    score[a, b, c, passed] = hand_score(won, passed)
    return _Tables(
        index=np.array([card.index for card in cards], dtype=_I8),
        color=np.array([colors.index(card.color) for card in cards], dtype=_IP),
        value=np.array([card.value for card in cards], dtype=_IP),
        action=action.ravel(),
        after=after.ravel(),
        takes=takes.ravel(),
        score=score.ravel(),
    )


@attrs.frozen(eq=False)
class HattrickBatchResult:
    """The outcome of :func:`simulate`: ``games`` random games of Hattrick.

    Arrays are indexed by game first, then hand, turn and place in the turn. Cards are
    :attr:`Card.index <sticheln.Card.index>` values (``int8``). A game that ends early at the
    target score (:rule:`HT-GAME-3`) has ``-1`` for the moves, seats, actions, tricks and
    leaders of the hands it does not play, and 0 for their scores.
    """

    rules: HattrickRules
    """The rules of every game."""
    players: int
    """The number of players."""
    games: int
    """The number of games."""
    seed: int | None
    """The seed of the batch's numpy ``default_rng``; ``None`` for games each drawn from a
    seed of its own (:func:`random_games`)."""
    first_leader: int
    """The seat that leads the first turn of every game (:rule:`HT-LEAD-1`): 0, as in
    :func:`~sticheln.hattrick.new_game`."""
    deals: npt.NDArray[np.int8]
    """``(games, hands, players, hand_size)``: the cards dealt to each seat for each hand
    (:rule:`HT-DEAL-1`), in the order the seat plays them; the last one is kept
    (:rule:`HT-HAND-1`). Every hand is dealt, played or not."""
    game_moves: npt.NDArray[np.int8]
    """``(games, hands * turns * players)``: the card of every move in the order made."""
    move_players: npt.NDArray[np.int8]
    """``(games, hands * turns * players)``: the seat that makes each move."""
    move_actions: npt.NDArray[np.int8]
    """``(games, hands * turns * players)``: what each card does, a code of :data:`ACTIONS`
    (:rule:`HT-PLAY-4`)."""
    trick_winners: npt.NDArray[np.int8]
    """``(games, hands, turns, 2)``: the seat that took each trick of each turn, in the order
    the tricks were opened (:rule:`HT-TRICK-1`); ``-1`` for a second trick never opened."""
    turn_leaders: npt.NDArray[np.int8]
    """``(games, hands, turns)``: the seat that leads the turn after each turn
    (:rule:`HT-LEAD-2`)."""
    hand_scores: npt.NDArray[np.int32]
    """``(games, hands, players)``: each player's score of each hand (:rule:`HT-SCORE-1` to
    :rule:`HT-SCORE-3`)."""
    hands_played: npt.NDArray[np.int8]
    """``(games,)``: the hands each game lasts (:rule:`HT-GAME-1`, :rule:`HT-GAME-3`)."""
    scores: npt.NDArray[np.int64]
    """``(games, players)``: the final totals (:rule:`HT-GAME-2`)."""
    moves: int
    """The number of moves played in the whole batch."""

    def deal_hands(self, game: int) -> tuple[tuple[CardSet, ...], ...]:
        """The hands of every hand of ``game``, as :func:`~sticheln.hattrick.new_game` takes
        them (``deals=``)."""
        index = self._game(game)
        return tuple(
            tuple(CardSet(sum(1 << card for card in seat)) for seat in hand)
            for hand in self.deals[index].tolist()
        )

    def moves_of(self, game: int) -> tuple[HattrickMove, ...]:
        """The moves of ``game`` in order, as :class:`~sticheln.hattrick.Follow`,
        :class:`~sticheln.hattrick.OpenTrick` and :class:`~sticheln.hattrick.Pass` moves."""
        index = self._game(game)
        return tuple(
            _MOVES[action](player, card_at(card))
            for card, player, action in zip(
                self.game_moves[index].tolist(),
                self.move_players[index].tolist(),
                self.move_actions[index].tolist(),
                strict=True,
            )
            if card >= 0
        )

    def record(self, game: int) -> HattrickRecord:
        """The :class:`~sticheln.hattrick.HattrickRecord` of ``game``:
        :meth:`~sticheln.hattrick.HattrickRecord.replay` plays it through the engine."""
        index = self._game(game)
        return HattrickRecord(
            rules=self.rules,
            players=self.players,
            first_leader=self.first_leader,
            deals=self.deal_hands(index),
            moves=self.moves_of(index),
        )

    def _game(self, game: object) -> int:
        return check_index(game, self.games, "game")


def _compiled_turns() -> Callable[..., None] | None:
    """The compiled loop of the turns (:mod:`sticheln.hattrick.compiled_batch`), or ``None``
    for that of numpy, as :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE` chooses."""
    found: Callable[..., None] | None = compiled_or_none(
        "sticheln.hattrick.compiled_batch", "play_turns"
    )
    return found


def _play_turns(
    flat: npt.NDArray[np.int8],
    leader: npt.NDArray[np.intp],
    rules: HattrickRules,
    n: int,
    hand: int,
    tables: _Tables,
    plays: npt.NDArray[np.int8],
    seats: npt.NDArray[np.int8],
    actions: npt.NDArray[np.int8],
    winners: npt.NDArray[np.int8],
    leaders: npt.NDArray[np.int8],
    won: npt.NDArray[np.intp],
    passed: npt.NDArray[np.intp],
) -> None:
    """The turns of every row at once, in lockstep: fill ``plays``, ``seats``, ``actions``,
    ``winners`` and ``leaders``, count the cards won in ``won`` and the passes in
    ``passed``."""
    size = len(tables.index)
    rows = len(leader)
    turns = hand - 1
    row = np.arange(rows, dtype=_IP)
    rowbase = row * size
    row3 = row * 3
    after_seat = (np.arange(n, dtype=_IP) + 1) % n
    won_flat = won.reshape(-1)
    passed_flat = passed.reshape(-1)
    seat_rows = row * n
    pass_code = _CODE[Action.PASS]
    open_code = _CODE[Action.OPEN]
    whole_turn = rules.lead_cards is LeadCards.TURN
    values = np.empty((rows, n), dtype=_IP)
    counted = np.empty((rows, n), dtype=np.bool_)
    turn_seats = np.empty((rows, n), dtype=_IP)
    for t in range(turns):
        base = rowbase + t
        situation = np.zeros(rows, dtype=_IP)
        best = np.full(rows * 3, size, dtype=_IP)  # by row and colour: the card taking it
        taker = np.zeros(rows * 3, dtype=_IP)
        count = np.zeros(rows * 3, dtype=_IP)
        second = np.full(rows, -1, dtype=_IP)  # the colour of the second trick
        seat = leader
        for k in range(n):
            if k:
                seat = after_seat[seat]
            card = flat[base + seat * hand].astype(_IP)
            at = situation * size + card
            act = tables.action[at]
            situation = tables.after[at]
            plays[:, t, k] = card
            seats[:, t, k] = seat
            actions[:, t, k] = act
            turn_seats[:, k] = seat
            values[:, k] = tables.value[card]
            played = act != pass_code
            counted[:, k] = played
            colour = tables.color[card]
            if k:
                second = np.where((act == open_code) & (second < 0), colour, second)
            slot = row3 + colour
            take = played & tables.takes[best[slot] * size + card]  # HT-TRICK-1
            best[slot] = np.where(take, card, best[slot])
            taker[slot] = np.where(take, seat, taker[slot])
            count[slot] += played
            passed_flat[seat_rows + seat] += ~played  # HT-PLAY-3
        first = tables.color[plays[:, t, 0]]
        winners[:, t, 0] = taker[row3 + first]
        has_second = second >= 0
        second_slot = row3 + np.where(has_second, second, first)
        winners[:, t, 1] = np.where(has_second, taker[second_slot], -1)
        for slot, present in ((row3 + first, None), (second_slot, has_second)):
            gained = count[slot] if present is None else np.where(present, count[slot], 0)
            won_flat[(seat_rows + taker[slot]) * 3 + tables.color[best[slot]]] += gained
        counts = np.ones_like(counted) if whole_turn else counted  # HT-LEAD-2
        leader = turn_seats[row, _lead_places(values, counts, rules.lead_tie)]
        leaders[:, t] = leader


def _lead_places(
    values: npt.NDArray[np.intp], counted: npt.NDArray[np.bool_], tie: LeadTie
) -> npt.NDArray[np.intp]:
    """The place in the turn of the card whose player leads the next turn, for every row of
    the turns' card ``values`` (1 or more) in play order, of which the ``counted`` ones count
    (:rule:`HT-LEAD-2`): :func:`~sticheln.hattrick.next_leader` of the counted cards, in
    array form.

    The place is that of the counted card with the highest key, the earliest on equal keys.
    The key is the card's value; under :attr:`LeadTie.NEXT_LOWER
    <sticheln.hattrick.LeadTie.NEXT_LOWER>` it is lifted above every value when no other
    counted card has the same value, so that the highest value played once leads, and the
    earliest of the highest values when no value was played once."""
    key = np.where(counted, values, -1)
    if tie is LeadTie.NEXT_LOWER:
        same = np.zeros(values.shape, dtype=np.int8)  # counted cards of the same value
        for j in range(values.shape[1]):
            same += key == key[:, j : j + 1]
        key += ((same == 1) & counted) * (int(values.max()) + 1)
    places: npt.NDArray[np.intp] = key.argmax(axis=1)
    return places


def simulate(
    rules: HattrickRules = AMIGO_1995, players: int = 4, games: int = 1000, seed: int = 0
) -> HattrickBatchResult:
    """Play ``games`` games of Hattrick with ``rules`` and ``players`` players at random, all
    at once: each card played uniformly from the legal moves, the whole hand, every card in
    exactly one way (:rule:`HT-PLAY-4`).

    Only playouts and scores are built: there is no ``observations`` argument as in
    :func:`sticheln.sticheln.batch.simulate`.

    :param seed: the seed of a numpy ``default_rng``; the same rules, players, games and
        seed give the same batch.
    :raises RulesError: if the rules do not allow ``players`` players.
    :raises SetupError: if ``games`` is below 1 or ``seed`` negative.
    :raises WrongTypeError: if an argument is of the wrong type.
    """
    check_type(rules, HattrickRules, "rules")
    n = check_player_count(players)
    rules.check_players(n)
    games = check_count(games, "games", 1)
    seed = check_count(seed, "seed", 0)
    perm = _shuffle(np.random.default_rng(seed), games * rules.hands_for(n), rules.deck_size)
    return _play(rules, n, games, seed, perm)


def _shuffle(rng: np.random.Generator, rows: int, size: int) -> npt.NDArray[np.int8]:
    """``rows`` independent, uniformly random permutations of ``0 .. size - 1``: the deal
    and play order of every hand."""
    places = np.broadcast_to(np.arange(size, dtype=_I8), (rows, size))
    perm: npt.NDArray[np.int8] = rng.permuted(places, axis=1)
    return perm


def _play(
    rules: HattrickRules, n: int, games: int, seed: int | None, perm: npt.NDArray[np.int8]
) -> HattrickBatchResult:
    """The ``games`` games of the permutations ``perm`` of :func:`_shuffle`, one row a hand."""
    tables = _tables(rules, n)
    hands = rules.hands_for(n)
    hand = rules.hand_size(n)
    turns = hand - 1
    highest = rules.highest
    rows = games * hands
    flat = perm.ravel()
    first_leader = 0
    leader = ((first_leader + np.tile(np.arange(hands), games)) % n).astype(_IP)  # HT-GAME-1
    plays = np.empty((rows, turns, n), dtype=_I8)
    seats = np.empty((rows, turns, n), dtype=_I8)
    actions = np.empty((rows, turns, n), dtype=_I8)
    winners = np.empty((rows, turns, 2), dtype=_I8)
    leaders = np.empty((rows, turns), dtype=_I8)
    won = np.zeros((rows, n, 3), dtype=_IP)  # won cards by seat and colour (HT-TRICK-2)
    passed = np.zeros((rows, n), dtype=_IP)
    play_turns = _compiled_turns()
    if play_turns is not None:
        codes = np.array(
            [
                _CODE[Action.PASS],
                _CODE[Action.OPEN],
                rules.lead_cards is LeadCards.TURN,
                rules.lead_tie is LeadTie.NEXT_LOWER,
            ],
            dtype=np.int64,
        )
        play_turns(
            perm, leader, n, hand, tables.action, tables.after, tables.takes, tables.color,
            tables.value, codes, highest + 1, plays, seats, actions, winners, leaders, won,
            passed,
        )  # fmt: skip
    else:
        _play_turns(
            flat, leader, rules, n, hand, tables, plays, seats, actions, winners, leaders, won,
            passed,
        )  # fmt: skip

    score_at = ((won[:, :, 0] * (highest + 1) + won[:, :, 1]) * (highest + 1) + won[:, :, 2]) * (
        turns + 1
    ) + passed
    hand_scores = tables.score[score_at].reshape(games, hands, n)  # HT-SCORE-1 to 3
    played_hands = np.full(games, hands, dtype=_IP)
    target = rules.target_score
    if target is not None:  # HT-GAME-3
        reached = np.cumsum(hand_scores, axis=1).max(axis=2) >= target
        any_reached = reached.any(axis=1)
        played_hands = np.where(any_reached, reached.argmax(axis=1) + 1, hands)
    live = np.arange(hands)[None, :] < played_hands[:, None]  # (games, hands)
    hand_scores = np.where(live[:, :, None], hand_scores, 0).astype(np.int32)
    per_hand = turns * n
    dead = ~live.reshape(rows)
    game_moves = tables.index[plays.reshape(rows, per_hand)]
    move_players = seats.reshape(rows, per_hand)
    move_actions = actions.reshape(rows, per_hand)
    for array in (game_moves, move_players, move_actions, winners, leaders):
        array[dead] = -1
    return HattrickBatchResult(
        rules=rules,
        players=n,
        games=games,
        seed=seed,
        first_leader=first_leader,
        deals=tables.index[perm].reshape(games, hands, n, hand),
        game_moves=game_moves.reshape(games, hands * per_hand),
        move_players=move_players.reshape(games, hands * per_hand),
        move_actions=move_actions.reshape(games, hands * per_hand),
        trick_winners=winners.reshape(games, hands, turns, 2),
        turn_leaders=leaders.reshape(games, hands, turns),
        hand_scores=hand_scores,
        hands_played=played_hands.astype(_I8),
        scores=hand_scores.sum(axis=1, dtype=np.int64),
        moves=int(played_hands.sum()) * per_hand,
    )


def random_games(game: HattrickGame, players: int, seeds: Iterable[int]) -> tuple[RandomGame, ...]:
    """For each seed, one game of Hattrick under the rules of ``game``, played uniformly at
    random over the legal moves: the game :func:`simulate` plays from that seed alone
    (``games=1``), without observations (this module builds none). The games of all the
    seeds are played together, in one batch. Hattrick's fast source of
    random games for self-play data (:attr:`GameInfo.random_games
    <sticheln.GameInfo.random_games>`).

    >>> from sticheln.hattrick import AMIGO_1995, HattrickGame
    >>> from sticheln.hattrick.batch import random_games, simulate
    >>> first, second = random_games(HattrickGame(AMIGO_1995), 4, [5, 5])
    >>> first.record == second.record == simulate(AMIGO_1995, 4, 1, 5).record(0)
    True
    >>> len(first.record.moves), first.observations
    (224, None)

    :raises RulesError: if the rules do not allow ``players`` players.
    :raises SetupError: for a negative seed.
    :raises WrongTypeError: if an argument is of the wrong type.
    """
    from sticheln.hattrick.game import HattrickGame

    check_type(game, HattrickGame, "game")
    rules = game.rules
    n = check_player_count(players)
    rules.check_players(n)
    rows, size = rules.hands_for(n), rules.deck_size
    perms = [
        _shuffle(np.random.default_rng(check_count(seed, "seed", 0)), rows, size) for seed in seeds
    ]
    if not perms:
        return ()
    result = _play(rules, n, len(perms), None, np.concatenate(perms))
    return tuple(RandomGame(record=result.record(i)) for i in range(len(perms)))
