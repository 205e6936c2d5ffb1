"""The fast playouts of Hattrick's searches (sticheln.hattrick.playout) against the immutable
engine.

From random positions of every preset, of variants that turn each option of the rules, and of
every player count, the mutable hands of the fast path are sampled from a player's view and
played on, and the same moves are made with :func:`sticheln.hattrick.apply_move`: the legal
moves, the won cards, the passes, the leaders and the scores must agree, and the fast random
playouts must make the moves of the search's random playouts on the engine, drawing the same
random numbers.
"""

from __future__ import annotations

import random

import pytest

from sticheln.bots import ISMCTSBot, make_ismcts_bot
from sticheln.bots.ismcts import _StateRounds
from sticheln.hattrick import (
    HATTRICK_PRESETS,
    HattrickGame,
    HattrickRules,
    HattrickState,
    HattrickView,
    LeadTie,
    PassedCards,
    apply_move,
    legal_moves,
    new_game,
    observe,
)
from sticheln.hattrick.bot import HattrickBot
from sticheln.hattrick.playout import FastHand, HandSearch, hand_search, tables_for
from sticheln.hattrick.sampling import HandSampler

RULES = [
    *(rules for _, rules in sorted(HATTRICK_PRESETS.items())),
    HattrickRules(name="earliest", lead_tie=LeadTie.EARLIEST),
    HattrickRules(
        name="hidden-earliest",
        colors="YPA",
        highest=10,
        passed_cards=PassedCards.HIDDEN,
        lead_tie=LeadTie.EARLIEST,
        player_counts=(3, 5),
    ),
    HattrickRules(name="target", target_score=8, hands_per_game=6),
]
CASES = [(rules, players) for rules in RULES for players in rules.player_counts]
IDS = [f"{rules.name}-{players}" for rules, players in CASES]


def _position(rules: HattrickRules, players: int, rng: random.Random) -> HattrickState:
    """A random position of a game in progress: some hands and moves in, by random moves."""
    while True:
        state = new_game(players, seed=rng.randrange(10**9), rules=rules)
        stop_hand = rng.randrange(rules.hands_for(players))
        moves = rng.randrange(rules.deck_size - players)
        while not state.is_over:
            if state.hand_number == stop_hand:
                if moves == 0:
                    return state
                moves -= 1
            player = state.players_to_act[0]
            state = apply_move(state, rng.choice(legal_moves(state, player)))


def _samples(view: HattrickView, seed: int) -> tuple[FastHand, HattrickState]:
    """A fast hand and the engine state that deal the hand in progress alike."""
    search = HandSearch(view)
    hand = search.sample(random.Random(seed))
    state = HandSampler(view, random.Random(0)).sample(random.Random(seed))
    return hand, state


def _check(hand: FastHand, state: HattrickState) -> None:
    """The fast hand and the engine state agree on everything the playouts read."""
    tables = hand.search.tables
    assert hand.hands == [tables.place_mask(sum(1 << i for i in held)) for held in state.held]
    assert hand.won == [tables.place_mask(pile.mask) for pile in state.won]
    assert hand.passed == [len(pile) for pile in state.passed]
    assert hand.leader == state.turn_leader
    assert [tables.cards[p] for p in hand.turn] == list(state.turn_cards)


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_fast_hands_agree_with_the_engine(rules: HattrickRules, players: int) -> None:
    """Random moves made in both: the same legal moves, won cards, passes, leaders and
    scores."""
    rng = random.Random(f"engine/{rules.name}/{players}")
    for _ in range(25):
        state = _position(rules, players, rng)
        me = rng.randrange(players)
        view = observe(state, me)
        hand, sample = _samples(view, rng.randrange(10**9))
        assert observe(sample, me) == view
        tables = hand.search.tables
        number = sample.hand_number
        _check(hand, sample)
        while not hand.done:
            assert sample.hand_number == number
            (player,) = hand.actors()
            assert sample.players_to_act == (player,)
            keys = hand.moves(player)
            moves = legal_moves(sample, player)
            assert [tables.cards[key] for key in keys] == [move.card for move in moves]
            assert hand.moves((player + 1) % players) == ()
            i = rng.randrange(len(keys))
            hand.play(player, keys[i])
            sample = apply_move(sample, moves[i])
            if not hand.done:
                _check(hand, sample)
        assert hand.actors() == ()
        assert hand.moves(0) == ()
        assert sample.is_over or sample.hand_number == number + 1
        assert hand.hand_scores() == list(sample.finished_hands[-1].scores)
        assert hand.totals() == list(sample.scores)


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_fast_playouts_play_the_random_playouts_of_the_search(
    rules: HattrickRules, players: int
) -> None:
    """The fast random playout makes the moves of the search's random playouts on the engine
    (the same random numbers), so the same scores."""
    game = HattrickGame(rules)
    bot = ISMCTSBot(game, iterations=1)
    rng = random.Random(f"playout/{rules.name}/{players}")
    for _ in range(40):
        state = _position(rules, players, rng)
        view = observe(state, rng.randrange(players))
        hand, sample = _samples(view, rng.randrange(10**9))
        seed = rng.randrange(10**9)
        reference = random.Random(seed)
        final = bot._playout(sample, sample.hand_number, reference)
        fast = random.Random(seed)
        assert hand.playout(fast) == list(final.scores)
        assert hand.hand_scores() == list(final.finished_hands[-1].scores)
        assert fast.getstate() == reference.getstate()


@pytest.mark.rule("HT-PLAY-3", "HT-TRICK-1", "HT-LEAD-2", "HT-SCORE-1", "HT-SCORE-3")
def test_a_turn_is_resolved_by_the_rules() -> None:
    """The tiny deck, 3 players, one turn: R1 opens red, B1 opens blue, G1 is passed (two
    tricks are open, HT-PLAY-3). Each trick goes to its only card's player (HT-TRICK-1); the
    counted values 1 and 1 tie and none was played once, so the earliest, seat 0's, leads
    (HT-LEAD-2). Scores: one card of the collecting colour +1 each, a pass -2 (HT-SCORE-1,
    HT-SCORE-3)."""
    rules = HATTRICK_PRESETS["tiny"]
    state = new_game(3, rules=rules, deals=[["R1 G2", "B1 R2", "G1 B2"]])
    search = HandSearch(observe(state, 0))
    hand = FastHand(search, [0b100001, 0b001010, 0b010100], [])
    assert " ".join(map(str, tables_for(rules).cards)) == "R1 R2 G1 G2 B1 B2"  # the places
    for player, key in ((0, 0), (1, 4), (2, 2)):
        assert hand.actors() == (player,)
        hand.play(player, key)
    assert hand.done
    assert (hand.won, hand.passed, hand.leader) == ([0b000001, 0b010000, 0], [0, 0, 1], 0)
    assert hand.totals() == [1, 1, -2]


@pytest.mark.parametrize("players", [4, 5, 6])
def test_searches_on_the_fast_path_make_the_moves_of_the_engine(players: int) -> None:
    """A whole search on the fast hands (playouts in Python) visits the tree as the same
    search on the engine's states drawn by :class:`HandSampler`."""
    game = HattrickGame()
    rng = random.Random(f"search/{players}")
    for _ in range(4):
        state = _position(game.rules, players, rng)
        player = state.players_to_act[0]
        view = observe(state, player)
        bot = make_ismcts_bot(game, iterations=60)
        seed = rng.randrange(10**9)
        fast = bot._search_fast(HandSearch(view), player, random.Random(seed))
        on_engine = _StateRounds(bot, HandSampler(view, random.Random(0)).sample)
        slow = bot._search_fast(on_engine, player, random.Random(seed))
        assert {m: (c.visits, c.total) for m, c in fast.children.items()} == {
            m: (c.visits, c.total) for m, c in slow.children.items()
        }


def test_the_searches_of_hattrick_take_the_fast_path() -> None:
    game = HattrickGame()
    state = new_game(4, seed=4)
    view = observe(state, 0)
    bot = make_ismcts_bot(game, iterations=30, seed=1)
    assert isinstance(bot._fast_sampler(view, random.Random(0)), HandSearch)
    assert bot.choose(view, legal_moves(state, 0), random.Random(2)) in legal_moves(state, 0)
    # With a playout bot the search draws its states with the hand sampler and plays them on
    # the engine.
    other = ISMCTSBot(game, playout_bot=HattrickBot())
    assert isinstance(other._fast_sampler(view, random.Random(0)), _StateRounds)
    assert hand_search(game.observe(state, -1)) is None
    assert hand_search(object()) is None
