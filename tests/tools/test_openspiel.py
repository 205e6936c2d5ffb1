"""The OpenSpiel adapter (:mod:`sticheln.adapters.openspiel`): OpenSpiel's own checks, no
leaks of secret choices, resampling, OpenSpiel's Python bots, and returns equal to the
library's scores."""

from __future__ import annotations

import doctest
import os
import random
import sys
import unittest
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from absl import flags  # noqa: E402
from open_spiel.integration_tests import api_test  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    exploitability,
    external_sampling_mccfr,
    generate_playthrough,
    ismcts,
    mcts,
)
from open_spiel.python.observation import make_observation  # noqa: E402

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
    [
        # The 8-player deck plays long games: CI runs it, the quick loop leaves it out.
        pytest.param(name, p, marks=pytest.mark.slow) if p == "eight-players" else (name, p)
        for name in GAMES
        for p in find_game(name).info.presets
    ],
)
def test_random_sim_every_preset(name: str, preset: str) -> None:
    counts = find_game(name, preset).info.player_counts
    usual = find_game(name).info.player_counts
    # a preset's own player counts (Sticheln's eight-players: 8, a tiny preset's 2 or 3), else
    # the default count
    players = _default_players(name)
    if max(counts) > max(usual) or players not in counts:
        players = max(counts)
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
    # without players: the preset's usual number, the fewest when four is not among them
    assert _load("sticheln", preset="tiny").num_players() == 2
    assert _load("hattrick", preset="tiny").get_parameters()["players"] == 2
    assert _load("sticheln").get_type().max_num_players == 8


@pytest.mark.parametrize(
    ("normalise", "low", "high"), [("unit", 0.0, 1.0), ("symmetric", -1.0, 1.0)]
)
def test_normalised_tensors_map_each_segments_range(
    normalise: str, low: float, high: float
) -> None:
    game = _load("stichling", players=2, deals=1, normalise=normalise)
    raw = _load("stichling", players=2, deals=1)
    assert game.get_parameters()["normalise"] == normalise
    assert raw.get_parameters()["normalise"] == "none"
    state, plain = game.new_initial_state(), raw.new_initial_state()
    rng = random.Random(4)
    for _ in range(30):
        if state.is_chance_node():
            action = rng.choice(state.chance_outcomes())[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        plain.apply_action(action)
    assert not state.is_chance_node()  # 12 cards dealt, 2 rows laid down, 16 cards played
    assert not state.is_terminal()
    encoding = find_game("stichling").encoding(2)
    segments = {segment.name: segment for segment in encoding.layout}
    for player in (0, 1):
        values = np.array(plain.information_state_tensor(player))
        scaled = np.array(state.information_state_tensor(player))
        assert scaled.tolist() == state.observation_tensor(player)
        assert scaled.min() >= low
        assert scaled.max() <= high
        # a card held: high, a card not held: low; a hand of k cards (of 12) in between
        hand = segments["hand"]
        cards = slice(hand.offset, hand.offset + hand.size)
        assert scaled[cards].tolist() == [high if v else low for v in values[cards]]
        sizes = segments["hand_sizes"]
        for held, entry in zip(
            values[sizes.offset : sizes.offset + 2],
            scaled[sizes.offset : sizes.offset + 2],
            strict=True,
        ):
            assert entry == pytest.approx(low + (high - low) * held / 12)


def test_an_unknown_normalise_is_an_error() -> None:
    with pytest.raises(
        Exception, match="normalise must be one of none, unit, symmetric, got 'yes'"
    ):
        _load("hattrick", normalise="yes")


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


# -- one deal an episode ----------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_an_episode_of_one_deal_ends_with_the_scores_of_that_deal(name: str) -> None:
    game = find_game(name)
    spiel = _load(name, deals=1)
    rng = random.Random(4)
    state = spiel.new_initial_state()
    _play_chance(state, rng)
    moves = 0
    while not state.is_terminal():
        assert game.deal_number(state.library_state()) == 0
        assert state.returns() == [0.0] * spiel.num_players()
        state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
    lib = state.library_state()
    assert game.deal_number(lib) == 1
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []
    assert state.returns() == [float(score) for score in game.scores(lib)]
    assert spiel.min_utility() <= min(state.returns()) <= max(state.returns())
    assert max(state.returns()) <= spiel.max_utility()
    assert len(state.history()) <= spiel.max_game_length()
    whole = _load(name)
    assert spiel.max_game_length() < whole.max_game_length()


def test_the_bounds_of_one_deal_are_a_deals_share() -> None:
    # Sticheln, 3 players: 45 cards of five colours 0-8 (a colour sums to 36), three rounds.
    whole = _load("sticheln", players=3)
    assert (whole.min_utility(), whole.max_utility()) == (-108.0, 135.0)
    one = _load("sticheln", players=3, deals=1)
    assert (one.min_utility(), one.max_utility()) == (-36.0, 45.0)
    # Hattrick, 4 players: 60 cards, hands of 15, a passed card -2: per hand -90 to +60.
    two = _load("hattrick", players=4, deals=2)
    assert (two.min_utility(), two.max_utility()) == (-180.0, 120.0)
    # Stichling: at most 9 points a hand (the best victory-point card), three hands.
    assert _load("stichling", deals=1).max_utility() == 9.0


def test_the_number_of_deals_is_checked() -> None:
    with pytest.raises(ValueError, match=r"deals must be from 1 to 3 \(or 0"):
        _load("sticheln", players=3, deals=4)
    with pytest.raises(ValueError, match="deals must be from 1 to 4"):
        _load("sticheln", players=4, deals=-1)
    assert _load("sticheln", players=3, deals=3).max_game_length() == (
        _load("sticheln", players=3).max_game_length()
    )


# -- OpenSpiel's own API tests and playthroughs ---------------------------------------------------

PLAYTHROUGHS = Path(__file__).resolve().parent / "playthroughs"
PLAYTHROUGH_GAMES = {
    "sticheln": "python_sticheln(deals=1,players=3)",
    "hattrick": "python_hattrick(deals=1,players=4)",
    "stichling": "python_stichling(deals=1,players=2)",
}
"""A deal of each game, with the fewest players, as OpenSpiel's playthroughs of its games."""


def _parse_flags() -> None:
    """OpenSpiel's test modules read absl flags, which are parsed once by a program's main."""
    if not flags.FLAGS.is_parsed():
        flags.FLAGS(["pytest"])


def _playthrough(name: str) -> str:
    return generate_playthrough.playthrough(PLAYTHROUGH_GAMES[name], None, seed=1)


@pytest.mark.parametrize("params", [{}, {"deals": 1}], ids=["whole game", "one deal"])
@pytest.mark.parametrize("name", GAMES)
def test_openspiels_partial_tree_api_tests_pass(name: str, params: dict[str, object]) -> None:
    _parse_flags()
    game = _load(name, **params)
    case = type(
        "Test",
        (api_test.EnforceAPIOnPartialTreeBase,),
        {"game_name": adapter.short_name(name), "game": game},
    )
    suite = unittest.TestLoader().loadTestsFromTestCase(case)
    with open(os.devnull, "w") as quiet:
        result = unittest.TextTestRunner(stream=quiet, verbosity=0).run(suite)
    assert result.testsRun == 5
    assert result.wasSuccessful(), [str(error) for _, error in result.failures + result.errors]


@pytest.mark.parametrize("name", GAMES)
def test_the_playthrough_of_a_deal_is_the_one_checked_in(name: str) -> None:
    """As OpenSpiel checks its own games: the file is what a playthrough writes today
    (``python -m tests.tools.test_openspiel --write-playthroughs`` writes them anew)."""
    _parse_flags()
    path = PLAYTHROUGHS / f"python_{name}.txt"
    original, regenerated = generate_playthrough.replay(str(path))
    assert regenerated == original
    assert original == _playthrough(name)
    assert original.startswith(f"game: {PLAYTHROUGH_GAMES[name]}\n")
    assert "PublicObservationString()" in original
    assert "PrivateObservationString(0)" in original


@pytest.mark.parametrize("name", GAMES)
def test_the_public_observation_is_the_spectators_and_the_private_one_the_rest(name: str) -> None:
    spiel = _load(name)
    public = make_observation(
        spiel,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    private = make_observation(
        spiel,
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    rng = random.Random(8)
    state = spiel.new_initial_state()
    for _ in range(3):
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    # while dealing: seat 0 has been dealt its first three cards, and the public sees a count
    dealt = [adapter.SpielState.dealt_so_far(state, seat) for seat in range(spiel.num_players())]
    assert private.string_from(state, 0) == dealt[0]
    assert len(dealt[0].split("[")[1].split()) == 3
    steps = len(state.get_game().context().steps)
    assert public.string_from(state, 0) == f"dealing: 3 of {steps} cards"
    _play_chance(state, rng)
    game = find_game(name)
    for _ in range(12):
        lib = state.library_state()
        texts = [public.string_from(state, seat) for seat in range(spiel.num_players())]
        assert len(set(texts)) == 1
        for seat in range(spiel.num_players()):
            hand = game.observe(lib, seat).hand
            own = private.string_from(state, seat)
            assert own.startswith("hand=[")
            assert all(str(card) in own.split("]")[0] for card in hand)
            assert not any(f" {card} " in f" {texts[0]} " for card in hand)
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(ValueError, match="observed are a player's view"):
        make_observation(
            spiel,
            pyspiel.IIGObservationType(
                public_info=True,
                perfect_recall=False,
                private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
            ),
        )


@pytest.mark.slow
def test_openspiels_full_tree_api_tests_pass_on_the_tiny_sticheln(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The whole tree of a tiny Sticheln for two (red and yellow 0-2, three cards each, a pain
    card and two tricks), counted by hand. Dealing: seat 0's three cards come one at a time
    (1 + 6 + 30 chance nodes; seat 1 gets the rest), 120 orders in all. Each order then has
    1 + 3 pain-card nodes, 9 leads of the first trick, 18 follows, 36 leads and 36 follows
    of the second, and 36 ends: 12,360 decision nodes and 4,320 ends. Information sets (both
    players know every card once their own hand is dealt): 20 hands for each pain card,
    x 9 pain cards for the first lead (180) and x 2 led cards for the follow (360), and 720
    for each card of the second trick: 2,020."""
    _parse_flags()
    name = "python_sticheln(players=2,preset=tiny)"
    monkeypatch.setitem(api_test.TOTAL_NUM_STATES, name, (37, 12360, 4320))
    monkeypatch.setitem(api_test.PERFECT_RECALL_NUM_STATES, name, 2020)
    case = type(
        "Test",
        (api_test.EnforceAPIOnFullTreeBase,),
        {"game_name": name, "game": pyspiel.load_game(name)},
    )
    suite = unittest.TestLoader().loadTestsFromTestCase(case)
    with open(os.devnull, "w") as quiet:
        result = unittest.TextTestRunner(stream=quiet, verbosity=0).run(suite)
    assert result.testsRun == 8
    assert result.wasSuccessful(), [str(error) for _, error in result.failures + result.errors]


# -- tree algorithms on the tiny presets ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "players"),
    [pytest.param("sticheln", 2, marks=pytest.mark.slow), ("hattrick", 2), ("hattrick", 3)],
)
def test_external_sampling_mccfr_learns_the_tiny_preset(name: str, players: int) -> None:
    """OpenSpiel's external-sampling MCCFR trains on the Python game, and the exploitability of
    its average policy (``nash_conv``, over the whole tree, cached in C++) falls."""
    game = _load(name, players=players, preset="tiny")
    tree = pyspiel.convert_to_cached_tree(game)
    np.random.seed(0)  # the solver draws from numpy's global generator
    solver = external_sampling_mccfr.ExternalSamplingSolver(
        game, external_sampling_mccfr.AverageType.SIMPLE
    )
    before = exploitability.nash_conv(tree, solver.average_policy())
    for _ in range(300):
        solver.iteration()
    after = exploitability.nash_conv(tree, solver.average_policy())
    assert before > 1.0
    assert after < before / 2


@pytest.mark.slow
def test_external_sampling_mccfr_learns_the_rows_of_the_tiny_stichling() -> None:
    """Hundreds of iterations of external-sampling MCCFR run on the tiny Stichling for two,
    whose tree is far too large for ``nash_conv`` (docs/openspiel.rst). What it learns is
    checked where the answer is known: with two players at most two tricks are completed, so
    the victory-point card laid third never scores (:rule:`SL-VP-3`), and a row with the 3
    last scores no more than the same row with the 3 moved ahead. The average policy moves
    weight off those rows (two of the six), from a third before training."""
    game = _load("stichling", players=2, preset="tiny")
    rng = np.random.RandomState(5)
    rows: list[pyspiel.State] = []  # states where seat 0 or seat 1 lays down its row
    for _ in range(100):
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=probs))
        rows.append(state.clone())
        state.apply_action(state.legal_actions()[0])
        rows.append(state)

    def weight_of_the_3_last(policy: object) -> float:
        total = 0.0
        for state in rows:
            player = state.current_player()
            probs = policy.action_probabilities(state)  # type: ignore[attr-defined]
            assert sorted(probs) == state.legal_actions()
            assert sum(probs.values()) == pytest.approx(1.0)
            total += sum(
                p for a, p in probs.items() if state.action_to_string(player, a).endswith(",3")
            )
        return total / len(rows)

    assert rows[0].action_to_string(0, rows[0].legal_actions()[0]) == "arrange 1,2,3"
    np.random.seed(0)  # the solver draws from numpy's global generator
    solver = external_sampling_mccfr.ExternalSamplingSolver(
        game, external_sampling_mccfr.AverageType.SIMPLE
    )
    assert weight_of_the_3_last(solver.average_policy()) == pytest.approx(1 / 3)
    for _ in range(150):
        solver.iteration()
    assert weight_of_the_3_last(solver.average_policy()) < 0.3


if __name__ == "__main__" and sys.argv[1:] == ["--write-playthroughs"]:
    PLAYTHROUGHS.mkdir(exist_ok=True)
    for game_name in GAMES:
        (PLAYTHROUGHS / f"python_{game_name}.txt").write_text(_playthrough(game_name))
