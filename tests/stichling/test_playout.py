"""The fast playouts of Stichling's searches (sticheln.stichling.playout) against the
immutable engine.

From random positions of every preset, of variants that turn each option of the rules, and of
every player count, the mutable hands of the fast path are sampled from a player's view and
played on, and the same moves are made with :func:`sticheln.stichling.apply_move`: the legal
moves, the open tricks, who wins them and the hand scores must agree, and the fast random
playouts must make the moves of the search's random playouts on the engine, drawing the same
random numbers.
"""

from __future__ import annotations

import random

import pytest

from sticheln import Card
from sticheln.bots import ISMCTSBot, make_ismcts_bot
from sticheln.bots.ismcts import _StateRounds
from sticheln.stichling import (
    STICHLING_PRESETS,
    CountedCards,
    Discards,
    HandLeader,
    OpenAtEnd,
    RemovedCards,
    SameColor,
    StichlingGame,
    StichlingRules,
    StichlingState,
    StichlingView,
    apply_move,
    legal_moves,
    new_game,
    observe,
    sample_state,
)
from sticheln.stichling.bot import StichlingBot
from sticheln.stichling.bot import playout_policy as stichling_policy
from sticheln.stichling.playout import FastHand, HandSearch, hand_search, tables_for
from sticheln.stichling.sampling import HandSampler
from sticheln.stichling.state import Phase, seats_to_act

RULES = [
    *(rules for _, rules in sorted(STICHLING_PRESETS.items())),
    StichlingRules(name="nothing-fits", discards=Discards.WHEN_NOTHING_FITS),
    StichlingRules(name="forbidden", same_color=SameColor.FORBIDDEN),
    StichlingRules(name="led", counted_cards=CountedCards.LED_COLOR),
    StichlingRules(name="marker", open_at_end=OpenAtEnd.MARKER, hand_leader=HandLeader.SAME),
    StichlingRules(name="random", removed_cards=RemovedCards.RANDOM),
    StichlingRules(
        name="all",
        discards=Discards.WHEN_NOTHING_FITS,
        same_color=SameColor.FORBIDDEN,
        counted_cards=CountedCards.LED_COLOR,
        open_at_end=OpenAtEnd.MARKER,
    ),
]
CASES = [(rules, players) for rules in RULES for players in rules.player_counts]
IDS = [f"{rules.name}-{players}" for rules, players in CASES]


def _position(rules: StichlingRules, players: int, rng: random.Random) -> StichlingState:
    """A random position of a game in progress: some hands and moves in, by random moves."""
    state = new_game(players, seed=rng.randrange(10**9), rules=rules)
    stop_hand = rng.randrange(rules.hand_count)
    moves = rng.randrange(players + rules.hand_size * players)
    while True:
        assert not state.is_over
        if state.hand_number == stop_hand:
            if moves == 0:
                return state
            moves -= 1
        player = rng.choice(state.players_to_act)
        state = apply_move(state, rng.choice(legal_moves(state, player)))


def _as_state(hand: FastHand, view: StichlingView, rng: random.Random) -> StichlingState:
    """The full engine state of a sampled fast hand (public parts from a sample of the view,
    the hands and the rows from the fast hand)."""
    template = sample_state(view, rng)
    held = tuple(tuple(i for i in range(128) if mask >> i & 1) for mask in hand.hands)
    orders = tuple(hand.orders)
    return template._replace(
        held=held,
        orders=orders,
        players_to_act=seats_to_act(template.phase, orders, template.to_act),
    )


def _check_sample(hand: FastHand, view: StichlingView, rng: random.Random) -> StichlingState:
    me = view.player
    seen = 0
    for p in range(view.players):
        assert hand.hands[p].bit_count() == view.hand_sizes[p]
        assert not seen & hand.hands[p]
        if p != me:
            seen |= hand.hands[p]
        row = view.rows[p]
        if row is None:
            assert hand.orders[p] is None
        else:
            full = hand.orders[p]
            assert full is not None
            assert sorted(full) == sorted(view.rules.points[view.hand_number])
            assert all(v is None or v == w for v, w in zip(row, full, strict=True))
    assert hand.hands[me] == view.hand.mask
    assert not seen & ~view.unseen_cards.mask
    state = _as_state(hand, view, rng)
    assert observe(state, me) == view
    return state


def _tricks(state: StichlingState) -> list[list[int]]:
    """The open tricks of ``state`` in the form of :attr:`FastHand.tricks`."""
    counted_cards = state.setup.rules.counted_cards
    out = []
    for trick in state.open_tricks:
        led = trick.cards[0].color
        count = sum(
            1 for card in trick.cards if counted_cards is CountedCards.ALL or card.color is led
        )
        out.append([trick.cards[0].index // 21, trick.cards[trick.top].index, trick.marker, count])
    return out


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_fast_hands_agree_with_the_engine(rules: StichlingRules, players: int) -> None:
    """Random moves made in both: the same legal moves, open tricks, winners and scores."""
    rng = random.Random(f"engine/{rules.name}/{players}")
    for _ in range(40):
        state = _position(rules, players, rng)
        view = observe(state, rng.randrange(players))
        search = HandSearch(view)
        hand = search.sample(rng)
        state = _check_sample(hand, view, rng)
        hand.record = []
        number = state.hand_number
        while not state.is_over and state.hand_number == number:
            assert not hand.done
            actors = hand.actors()
            assert actors == state.players_to_act
            for p in range(players):
                keys = hand.moves(p)
                assert [search.move_of(p, k) for k in keys] == list(legal_moves(state, p))
                assert [search.key_of(m) for m in legal_moves(state, p)] == list(keys)
            player = rng.choice(actors)
            key = rng.choice(hand.moves(player))
            hand.play(player, key)
            state = apply_move(state, search.move_of(player, key))
            if not state.is_over and state.hand_number == number:
                assert hand.tricks == _tricks(state)
                assert hand.key == state.move_key
                assert hand.wins == list(state.tricks_won)
                assert hand.to_act == (-1 if state.to_act is None else state.to_act)
        assert hand.done
        assert hand.actors() == ()
        assert hand.moves(0) == ()
        finished = state.finished_hands[-1]
        done = finished.tricks[sum(map(len, view.won)) :]
        assert [w for w, _ in hand.record] == [t.winner for t in done]
        assert hand.wins == list(finished.tricks_won)
        assert hand.hand_scores() == list(finished.scores)


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_fast_playouts_play_the_random_playouts_of_the_search(
    rules: StichlingRules, players: int
) -> None:
    """Random playouts: the fast one makes the moves of the search's random playouts on the
    engine (same random numbers), so the same tricks and scores; the fused loop of the fast
    playout ends where the step-by-step one does."""
    game = StichlingGame(rules)
    bot = ISMCTSBot(game, iterations=1)
    rng = random.Random(f"playout/{rules.name}/{players}")
    for _ in range(50):
        state = _position(rules, players, rng)
        view = observe(state, rng.randrange(players))
        search = HandSearch(view)  # the Python path (hand_search may compile it)
        hand = search.sample(rng)
        state = _check_sample(hand, view, rng)
        seed = rng.randrange(10**9)
        reference = random.Random(seed)
        final = bot._playout(state, state.hand_number, reference)
        finished = final.finished_hands[-1]
        stepped = FastHand(search, hand.hands[:], hand.orders[:])
        stepped.record = []
        fast = random.Random(seed)
        totals = stepped.playout(fast)
        assert totals == list(final.scores)
        assert stepped.hand_scores() == list(finished.scores)
        assert fast.getstate() == reference.getstate()
        fused = random.Random(seed)
        assert hand.playout(fused) == totals
        assert hand.wins == stepped.wins
        assert fused.getstate() == reference.getstate()


@pytest.mark.parametrize("players", [2, 4, 5])
def test_searches_on_the_fast_path_make_the_moves_of_the_engine(players: int) -> None:
    """A whole search on the fast hands visits the tree as the same search on the engine's
    states (drawn by :class:`HandSampler`, which deals the hand in progress alike)."""
    game = StichlingGame()
    rng = random.Random(f"search/{players}")
    for _ in range(6):
        state = _position(game.rules, players, rng)
        player = rng.choice(state.players_to_act)
        view = observe(state, player)
        bot = make_ismcts_bot(game, iterations=60)
        seed = rng.randrange(10**9)
        fast = bot._search_fast(HandSearch(view), player, random.Random(seed))
        on_engine = _StateRounds(bot, HandSampler(view, random.Random(0)).sample)
        slow = bot._search_fast(on_engine, player, random.Random(seed))
        assert {m: (c.visits, c.total) for m, c in fast.children.items()} == {
            m: (c.visits, c.total) for m, c in slow.children.items()
        }


@pytest.mark.slow
def test_the_searches_of_stichling_take_the_fast_path() -> None:
    game = StichlingGame()
    state = new_game(3, seed=4)
    bot = make_ismcts_bot(game, iterations=30, seed=1)
    view = observe(state, 0)
    assert isinstance(bot._fast_sampler(view, random.Random(0)), HandSearch)
    # With a playout policy or bot the search draws its states with the hand sampler and
    # plays them on the engine.
    for other in (
        ISMCTSBot(game, playout_policy=stichling_policy),
        ISMCTSBot(game, playout_bot=StichlingBot()),
    ):
        assert isinstance(other._fast_sampler(view, random.Random(0)), _StateRounds)
        assert other.choose(view, legal_moves(state, 0), random.Random(2)) in legal_moves(state, 0)
    bot._fast_playouts = False
    assert bot._fast_sampler(view, random.Random(0)) is None
    move = bot.choose(view, legal_moves(state, 0), random.Random(2))
    assert move in legal_moves(state, 0)


def test_tables_come_from_the_rule_functions() -> None:
    tables = tables_for(StichlingRules(counted_cards=CountedCards.LED_COLOR), 4)
    r5, r9, g2 = (Card.parse(name).index for name in ("R5", "R9", "G2"))
    assert tables.takes[r5] >> r9 & 1  # a higher card of the led colour takes the marker
    assert not tables.takes[r9] >> r5 & 1
    assert not tables.takes[r5] >> g2 & 1  # a discard never does
    assert tables.counts[0] >> r9 & 1
    assert not tables.counts[0] >> g2 & 1  # discards do not count under LED_COLOR
    assert tables_for(StichlingRules(), 4).counts[0] >> g2 & 1


def test_hand_search_refuses_what_it_cannot_search() -> None:
    state = new_game(2, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        player = rng.choice(state.players_to_act)
        state = apply_move(state, rng.choice(legal_moves(state, player)))
    view = observe(state, 0)
    assert view.phase is Phase.OVER
    assert hand_search(view) is None
    assert hand_search("not a view") is None
    with pytest.raises(ValueError, match="over"):
        HandSearch(view)
