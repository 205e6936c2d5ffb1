"""The OpenSpiel adapter (:mod:`sticheln.adapters.openspiel`): OpenSpiel's own checks, no
leaks of secret choices, resampling, OpenSpiel's Python bots, and returns equal to the
library's scores."""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from sticheln import find_game  # noqa: E402
from sticheln.adapters import openspiel as adapter  # noqa: E402

GAMES = ("sticheln", "hattrick", "stichling")


def _default_players(name: str) -> int:
    return find_game(name).info.default_players


def _load(name: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(adapter.short_name(name), params)


def _play_chance(state: pyspiel.State, rng: random.Random) -> None:
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        assert abs(sum(probs) - 1.0) < 1e-9
        state.apply_action(rng.choice(actions))


def _random_until(state: pyspiel.State, rng: random.Random, stop: object) -> pyspiel.State:
    """Play at random until ``stop(state)`` holds (or the game ends)."""
    while not state.is_terminal() and not stop(state):  # type: ignore[operator]
        if state.is_chance_node():
            _play_chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("name", "players"),
    [(name, n) for name in GAMES for n in find_game(name).info.player_counts],
)
def test_random_sim_every_player_count(name: str, players: int) -> None:
    game = _load(name, players=players)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "preset"),
    [(name, p) for name in GAMES for p in find_game(name).info.presets],
)
def test_random_sim_every_preset(name: str, preset: str) -> None:
    counts = find_game(name, preset).info.player_counts
    usual = find_game(name).info.player_counts
    # a preset's own player counts (Sticheln's eight-players: 8), else the default count
    players = max(counts) if max(counts) > max(usual) else _default_players(name)
    game = _load(name, preset=preset, players=players)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_type_and_defaults() -> None:
    for name in GAMES:
        game = _load(name)
        kind = game.get_type()
        assert kind.short_name == f"python_{name}"
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert game.num_players() == _default_players(name)
        assert game.get_parameters()["preset"] == find_game(name).info.default_preset
        assert game.min_utility() < 0 or name == "stichling"
        assert game.max_utility() > 0


def test_register_is_idempotent() -> None:
    adapter.register()
    adapter.register()
    assert _load("sticheln", players=3).num_players() == 3


def test_unknown_preset_or_player_count_is_an_error() -> None:
    with pytest.raises(Exception, match="preset"):
        _load("sticheln", preset="no-such-rules")
    with pytest.raises(Exception, match="players must be one of"):
        _load("sticheln", players=8)
    assert _load("sticheln", players=8, preset="eight-players").num_players() == 8
    assert _load("sticheln").get_type().max_num_players == 8


def test_deal_is_uniform_over_undealt_cards() -> None:
    state = _load("sticheln", players=3).new_initial_state()
    seen = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        # within a deal, each card once; the last seat's hand is what is left
        assert len(outcomes) == 45 - seen % 30
        assert len({a for a, _ in outcomes}) == len(outcomes)
        assert len(
            {state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes}
        ) == len(outcomes)
        state.apply_action(outcomes[-1][0])
        seen += 1
    assert seen == 3 * 30


def _secret_choice_nodes(name: str) -> pyspiel.State:
    """A state where seat 0 makes a choice made at once in the library (pain card,
    arrangement), with seat 1 still to choose."""
    game = _load(name)
    state = game.new_initial_state()
    _play_chance(state, random.Random(3))
    lib = state.library_state()
    assert len(find_game(name).players_to_act(lib)) > 1
    assert state.current_player() == 0
    return state


@pytest.mark.parametrize("name", ["sticheln", "stichling"])
def test_secret_choices_do_not_leak(name: str) -> None:
    base = _secret_choice_nodes(name)
    for viewer in range(1, base.num_players()):
        infos, tensors, observations = set(), set(), set()
        for action in base.legal_actions():
            child = base.child(action)
            infos.add(child.information_state_string(viewer))
            tensors.add(tuple(child.information_state_tensor(viewer)))
            observations.add(child.observation_string(viewer))
            observations.add(str(tuple(child.observation_tensor(viewer))))
        assert len(infos) == 1
        assert len(tensors) == 1
        assert len(observations) == 2
    # but the chooser knows what they chose (perfect recall)
    mine = {base.child(a).information_state_string(0) for a in base.legal_actions()}
    assert len(mine) == len(base.legal_actions())


@pytest.mark.parametrize("name", GAMES)
def test_resample_keeps_the_information_state(name: str) -> None:
    rng = random.Random(5)
    state = _load(name).new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(40):
        _play_chance(state, rng)
        if state.is_terminal():
            break
        player = state.current_player()
        for _ in range(3):
            other = state.resample_from_infostate(player, sampler)
            assert other.current_player() == player
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.legal_actions() == state.legal_actions()
        for _ in range(rng.randrange(1, 6)):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_python_ismcts_and_mcts_make_moves(name: str) -> None:
    game = _load(name)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    ismcts_bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=10.0, max_simulations=8, random_state=np.random.RandomState(1)
    )
    mcts_bot = mcts.MCTSBot(
        game,
        uct_c=10.0,
        max_simulations=8,
        evaluator=evaluator,
        random_state=np.random.RandomState(2),
    )
    state = game.new_initial_state()
    rng = random.Random(0)
    for turn in range(6):
        _play_chance(state, rng)
        bot = ismcts_bot if turn % 2 == 0 else mcts_bot
        action = bot.step(state)  # Python bots: no GIL trouble
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("name", GAMES)
def test_returns_equal_the_library_scores(name: str) -> None:
    game = find_game(name)
    spiel = _load(name)
    rng = random.Random(11)
    state = spiel.new_initial_state()
    _play_chance(state, rng)
    while not state.is_terminal():
        assert state.returns() == [0.0] * spiel.num_players()
        state.apply_action(rng.choice(state.legal_actions()))
    # replay the game's record through the library's own API
    first, moves = game.replay_from_json(game.to_json(state.library_state()))
    replayed = first
    for move in moves:
        replayed = game.apply_move(replayed, move)
    assert game.is_over(replayed)
    assert state.returns() == [float(s) for s in game.scores(replayed)]
    assert spiel.min_utility() <= min(state.returns())
    assert max(state.returns()) <= spiel.max_utility()
    history = state.history()
    assert len(history) <= spiel.max_game_length()


def test_docs_page_examples_run() -> None:
    """docs/openspiel.rst, OpenSpiel's ISMCTS playing a game included."""
    page = Path(__file__).resolve().parents[2] / "docs" / "openspiel.rst"
    result = doctest.testfile(str(page), module_relative=False, report=True)
    assert result.attempted > 10
    assert result.failed == 0
