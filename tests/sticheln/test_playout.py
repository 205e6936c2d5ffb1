"""The fast playouts of the search (sticheln.sticheln.playout) against the immutable engine.

From random positions of every preset and player count, the mutable rounds of the fast path
are sampled from a player's view and played on, and the same moves are made with
:func:`sticheln.apply_move`: the tricks, who wins them and the round scores must agree, and
the fast playout policy must choose exactly the moves of
:func:`sticheln.sticheln.bot.playout_policy`, drawing the same random numbers.

Both read the one definition of the policy (:mod:`sticheln.sticheln.policy`), which scores only a
few cards of a hand; :func:`reference_policy` here scores every card, as the policy's
description says, and ``playout_policy`` must agree with it move by move.
"""

from __future__ import annotations

import random

import pytest

import sticheln as st
from sticheln.core.cards import card_at
from sticheln.sticheln.bot import playout_policy
from sticheln.sticheln.moves import PLAY_MOVES
from sticheln.sticheln.playout import FastRound, RoundSearch, round_search, tables_for
from sticheln.sticheln.policy import POINTS
from sticheln.sticheln.state import StichelnState

CASES = [
    (name, players)
    for name, rules in sorted(st.STICHELN_PRESETS.items())
    for players in rules.player_counts
]


def reference_policy(
    state: StichelnState, player: int, moves: list[st.StichelnMove], rng: random.Random
) -> st.StichelnMove:
    """The playout policy as its description says, every card scored in full, on a state."""
    if state.phase is not st.Phase.PLAYING:
        low = min(m.card.value for m in moves)
        return rng.choice([m for m in moves if m.card.value == low])
    n = state.setup.players
    picks = state.picks
    trick = list(state.trick_cards)
    leader = state.trick_leader
    weight = 1.0 if len(trick) == n - 1 else 0.5
    share = weight / (n - 1)
    my_pain = picks[player].color  # type: ignore[union-attr]
    best_score = -1e9
    best: list[st.StichelnMove] = []
    for move in moves:
        card = move.card
        index = st.trick_winner([*trick, card])
        score = 0.0
        if index is not None:
            winner = (leader + index) % n
            pain = picks[winner].color  # type: ignore[union-attr]
            total = sum(st.card_points(c, pain) for c in [*trick, card])
            score = weight * total if winner == player else -share * total
        if card.value == 0:
            score -= 1.0
        elif card.color is my_pain:
            score += 0.4 * card.value
        if score > best_score + 1e-9:
            best_score, best = score, [move]
        elif score > best_score - 1e-9:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _position(rules: st.StichelnRules, players: int, rng: random.Random) -> StichelnState:
    """A random position of a game in progress: some rounds and moves in, by random moves
    and by the playout policy."""
    state = st.new_game(players, seed=rng.randrange(10**9), rules=rules)
    rounds = state.rounds
    stop_round = rng.randrange(min(rounds, 2))
    moves = rng.randrange(players + rules.hand_size * players - players)
    smart = rng.random() < 0.5
    while True:
        if state.is_over:
            raise AssertionError("the position must be inside the game")
        if state.round_number == stop_round:
            if moves == 0:
                return state
            moves -= 1
        player = state.players_to_act[0] if rng.random() < 0.7 else rng.choice(state.players_to_act)
        legal = st.legal_moves(state, player)
        move = playout_policy(state, player, legal, rng) if smart else rng.choice(legal)
        state = st.apply_move(state, move)


def _as_state(round_: FastRound, view: st.StichelnView, rng: random.Random) -> StichelnState:
    """The full engine state of a sampled fast round (public parts from a sample of the
    view, the hands and pain cards from the round)."""
    template = st.sample_state(view, rng)
    return template._replace(
        hand_moves=tuple(
            tuple(PLAY_MOVES[p][i] for i in _bits(hand)) for p, hand in enumerate(round_.hands)
        ),
        picks=tuple(None if i < 0 else card_at(i) for i in round_.picks),
    )


def _check_sample(round_: FastRound, view: st.StichelnView, rng: random.Random) -> StichelnState:
    me = view.player
    n = view.players
    assert round_.hands[me] == view.hand.mask
    hidden = 0
    for p in range(n):
        assert round_.hands[p].bit_count() == view.hand_sizes[p]
        assert not hidden & round_.hands[p]
        pick = view.pain_cards[p]
        if pick is not None:
            assert round_.picks[p] == pick.index
        elif view.has_chosen[p]:
            assert round_.picks[p] >= 0
            assert not hidden >> round_.picks[p] & 1
            hidden |= 1 << round_.picks[p]
        else:
            assert round_.picks[p] == -1
        if p != me:
            hidden |= round_.hands[p]
    assert hidden == view.unseen_cards.mask
    state = _as_state(round_, view, rng)
    assert st.observe(state, me) == view
    return state


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_fast_rounds_agree_with_the_engine(preset: str, players: int) -> None:
    """Random moves made in both: the same legal moves, tricks, winners and scores."""
    rules = st.StichelnRules.preset(preset)
    rng = random.Random(f"engine/{preset}/{players}")
    for _ in range(60):
        state = _position(rules, players, rng)
        view = st.observe(state, rng.randrange(players))
        search = RoundSearch(view)
        round_ = search.sample(rng)
        state = _check_sample(round_, view, rng)
        round_.record = []
        number = state.round_number
        while state.round_number == number:
            assert not round_.done
            actors = round_.actors()
            assert actors == state.players_to_act
            for p in range(players):
                keys = round_.moves(p)
                assert [search.move_of(p, k) for k in keys] == list(st.legal_moves(state, p))
            player = rng.choice(actors)
            key = rng.choice(round_.moves(player))
            round_.play(player, key)
            state = st.apply_move(state, search.move_of(player, key))
            if state.round_number == number and not state.trick_cards:
                done = state.tricks[len(view.tricks) :]
                assert [t.winner for t in done] == [w for _, _, w in round_.record]
        assert round_.done
        finished = state.finished_rounds[-1]
        recorded = [
            (t.seats[0], tuple(c.index for c in t.cards), t.winner) for t in finished.tricks
        ]
        assert recorded[len(view.tricks) :] == round_.record
        assert [w.mask for w in finished.won] == round_.won
        assert finished.set_aside.mask == round_.aside
        assert round_.round_scores() == list(finished.scores)


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_fast_playouts_play_the_heuristic_playout_policy(preset: str, players: int) -> None:
    """Playouts by the policy: the fast one chooses the moves of ``playout_policy`` (same
    random numbers), so that it makes the same tricks and scores as the engine; the fused
    loop of the fast playout ends where the step-by-step one does."""
    rules = st.StichelnRules.preset(preset)
    rng = random.Random(f"policy/{preset}/{players}")
    for _ in range(80):
        state = _position(rules, players, rng)
        view = st.observe(state, rng.randrange(players))
        search = RoundSearch(view)  # the Python path (round_search may compile it)
        round_ = search.sample(rng)
        state = _check_sample(round_, view, rng)
        seed = rng.randrange(10**9)
        # The engine, with the reference policy; the players of the pain phase in seat order.
        reference = random.Random(seed)
        number = state.round_number
        while state.round_number == number:
            player = state.players_to_act[0]
            moves = st.legal_moves(state, player)
            state = st.apply_move(state, playout_policy(state, player, moves, reference))
        finished = state.finished_rounds[-1]
        # The fast round, step by step (recorded), and in the fused loop.
        stepped = FastRound(
            search, round_.hands[:], round_.picks[:], round_.trick[:], round_.best, round_.won[:]
        )
        stepped.record = []
        fast = random.Random(seed)
        totals = stepped.playout(fast)
        recorded = [
            (t.seats[0], tuple(c.index for c in t.cards), t.winner) for t in finished.tricks
        ]
        assert recorded[len(view.tricks) :] == stepped.record
        assert stepped.round_scores() == list(finished.scores)
        assert totals == [a + b for a, b in zip(view.scores, finished.scores, strict=True)]
        assert fast.getstate() == reference.getstate()
        fused = random.Random(seed)
        assert round_.playout(fused) == totals
        assert round_.won == stepped.won
        assert fused.getstate() == reference.getstate()


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_the_playout_policy_scores_as_its_description_says(preset: str, players: int) -> None:
    """The one definition of the policy, which scores only a few cards of each hand, chooses
    what scoring every card chooses, drawing the same random numbers: whole rounds from
    random positions, every move checked."""
    rules = st.StichelnRules.preset(preset)
    rng = random.Random(f"reference/{preset}/{players}")
    for _ in range(30):
        state = _position(rules, players, rng)
        seed = rng.randrange(10**9)
        ours, theirs = random.Random(seed), random.Random(seed)
        number = state.round_number
        while state.round_number == number and not state.is_over:
            player = state.players_to_act[0]
            moves = list(st.legal_moves(state, player))
            move = playout_policy(state, player, moves, ours)
            assert move == reference_policy(state, player, moves, theirs)
            assert ours.getstate() == theirs.getstate()
            state = st.apply_move(state, move)


def test_tables_come_from_the_rule_functions() -> None:
    """Spot checks of the tables against trick_winner and card_points."""
    tables = tables_for(st.StichelnRules(), 4)
    r5, r9, g2, b0 = (st.Card.parse(t) for t in ("R5", "R9", "G2", "B0"))
    row = tables.beats[r5.index // 21]
    assert row[r5.index + 1] >> r9.index & 1  # a higher card of the lead colour
    assert row[r5.index + 1] >> g2.index & 1  # any other colour
    assert not row[g2.index + 1] >> r9.index & 1  # the lead colour never beats another
    assert not row[0] >> b0.index & 1  # a zero never wins
    assert POINTS[0][r9.index] == st.card_points(r9, st.Color.RED)
    assert POINTS[3][b0.index] == st.card_points(b0, st.Color.BLUE)
    assert not tables.leads >> b0.index & 1


def test_round_search_refuses_what_it_cannot_search() -> None:
    game = st.StichelnGame()
    state = game.new_game(3, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        player = state.players_to_act[0]
        state = st.apply_move(state, rng.choice(st.legal_moves(state, player)))
    assert round_search(st.observe(state, 0)) is None
    assert round_search("not a view") is None
    with pytest.raises(ValueError, match="over"):
        RoundSearch(st.observe(state, 0))
