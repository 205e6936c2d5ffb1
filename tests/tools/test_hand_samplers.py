"""The hand samplers of Hattrick and Stichling (``HandSampler``), with which ISMCTS searches
with round playouts draw only the hand in progress: every sample agrees with the view, only
the hand in progress varies, and the searches use them exactly when their playouts stop at
the end of the hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

import sticheln as st
from sticheln.bots import ISMCTSBot
from sticheln.bots import ismcts as ismcts_module
from sticheln.hattrick import HATTRICK_PRESETS, HattrickGame
from sticheln.hattrick.sampling import HandSampler as HattrickHandSampler
from sticheln.stichling import STICHLING_PRESETS, StichlingGame
from sticheln.stichling.sampling import HandSampler as StichlingHandSampler

CASES: list[tuple[st.Game[Any, Any, Any], Any, int]] = [
    *(
        (HattrickGame(rules), HattrickHandSampler, players)
        for rules in HATTRICK_PRESETS.values()
        for players in rules.player_counts
    ),
    *(
        (StichlingGame(rules), StichlingHandSampler, players)
        for rules in STICHLING_PRESETS.values()
        for players in rules.player_counts
    ),
]


@pytest.mark.parametrize(("game", "sampler_type", "players"), CASES)
def test_samples_agree_with_the_view_and_vary_only_the_hand_in_progress(
    game: st.Game[Any, Any, Any], sampler_type: Any, players: int
) -> None:
    rng = random.Random(players)
    state = game.new_game(players, seed=players)
    step = 0
    while not game.is_over(state):
        player = game.players_to_act(state)[0]
        moves = game.legal_moves(state, player)
        if step % 3 == 0:
            view = game.observe(state, player)
            sampler = sampler_type(view, random.Random(step))
            first = sampler.sample(rng)
            for _ in range(3):
                sample = sampler.sample(rng)
                assert game.observe(sample, player) == view
                assert game.legal_moves(sample, player) == moves
                assert game.deal_number(sample) == game.deal_number(state)
                assert sample.finished_hands == first.finished_hands
                number = game.deal_number(state)
                assert sample.setup.deals[:number] == first.setup.deals[:number]
                assert sample.setup.deals[number + 1 :] == first.setup.deals[number + 1 :]
                # The hand plays on to its end, and the next one starts, from every sample.
                while not game.is_over(sample) and game.deal_number(sample) == number:
                    actor = game.players_to_act(sample)[0]
                    sample = game.apply_move(sample, rng.choice(game.legal_moves(sample, actor)))
        state = game.apply_move(state, rng.choice(moves))
        step += 1
    view = game.observe(state, 0)
    assert game.observe(sampler_type(view, rng).sample(rng), 0) == view


@pytest.mark.parametrize("game", [HattrickGame(), StichlingGame()])
@pytest.mark.parametrize("round_playouts", [True, False])
def test_searches_use_the_hand_sampler_only_with_round_playouts(
    game: st.Game[Any, Any, Any], round_playouts: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fast path of the game (Hattrick's hand sampler, Stichling's fast hands) is taken
    once per search, and only with round playouts."""
    calls: list[object] = []

    declared = ismcts_module._declared

    def spying(game: Any, field: str) -> Any:
        """The game's fast paths (GameInfo.fast_playouts, .hand_sampler), counting calls."""
        found = declared(game, field)
        if found is None or field not in ("fast_playouts", "hand_sampler"):
            return found

        def spy(view: object, *rest: Any) -> Any:
            calls.append(view)
            return found(view, *rest)

        return spy

    monkeypatch.setattr(ismcts_module, "_declared", spying)
    state = game.new_game(4, seed=2)
    while len(game.legal_moves(state, game.players_to_act(state)[0])) < 2:
        player = game.players_to_act(state)[0]
        state = game.apply_move(state, game.legal_moves(state, player)[0])
    player = game.players_to_act(state)[0]
    moves = game.legal_moves(state, player)
    bot = ISMCTSBot(game, iterations=30, seed=1, round_playouts=round_playouts)
    assert bot.choose(game.observe(state, player), moves, random.Random(0)) in moves
    assert len(calls) == (1 if round_playouts else 0)


@pytest.mark.parametrize("game", [HattrickGame(), StichlingGame()])
def test_searches_with_the_hand_sampler_are_deterministic(game: st.Game[Any, Any, Any]) -> None:
    state = game.new_game(4, seed=5)
    player = game.players_to_act(state)[0]
    view = game.observe(state, player)
    moves = game.legal_moves(state, player)
    chosen = {
        ISMCTSBot(game, iterations=60, seed=3).choose(view, moves, random.Random(1))
        for _ in range(2)
    }
    assert len(chosen) == 1
