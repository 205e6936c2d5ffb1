"""The PettingZoo adapter (:mod:`sticheln.adapters.pettingzoo`): PettingZoo's own API, seed
and render tests for every registered game, player count and preset, and our own tests of
what those do not check: rewards, observations, illegal actions, pickling."""

from __future__ import annotations

import pickle
import random
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.test import api_test, render_test, seed_test

from sticheln import find_game
from sticheln.adapters.pettingzoo import GameEnv, env, raw_env
from sticheln.core.errors import IllegalMoveError, WrongTypeError
from sticheln.core.registry import GAME_NAMES
from tests.pages import rst_blocks


def configs() -> Iterator[tuple[str, str, int]]:
    for name in list(GAME_NAMES):
        for preset in find_game(name).info.presets:
            for players in find_game(name, preset).player_counts:
                yield name, preset, players


CONFIGS = list(configs())
IDS = [f"{name}-{preset}-{players}p" for name, preset, players in CONFIGS]


def moves_per_game(name: str, preset: str, players: int) -> int:
    game = find_game(name, preset)
    state = game.new_game(players, seed=0)
    rng = random.Random(0)
    moves = 0
    while not game.is_over(state):
        seat = game.players_to_act(state)[0]
        state = game.apply_move(state, rng.choice(game.legal_moves(state, seat)))
        moves += 1
    return moves


def play(
    table: Any, choose: Callable[[str, Any], int], seed: int = 0
) -> tuple[dict[str, float], list[tuple[int, int]]]:
    """Play ``table`` from ``reset(seed)`` to the end; each agent's summed rewards (read from
    ``last()``) and the (seat, action) pairs played."""
    table.reset(seed=seed)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    played: list[tuple[int, int]] = []
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        action = choose(agent, observation)
        played.append((int(agent.rpartition("_")[2]), action))
        table.step(action)
    return totals, played


def lowest(agent: str, observation: Any) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


# -- PettingZoo's own tests ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=IDS)
def test_api_test_passes_for_a_whole_game(
    name: str, preset: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Enough cycles to finish a game, so that its end (terminations, dead steps) is tested too.
    cycles = moves_per_game(name, preset, players) * 5 // (4 * players) + 2
    removed: list[str] = []
    was_dead_step = GameEnv._was_dead_step

    def spy(self: GameEnv, action: Any) -> None:
        removed.append(self.agent_selection)
        was_dead_step(self, action)

    monkeypatch.setattr(GameEnv, "_was_dead_step", spy)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dict observation's advice, as for classic envs
        api_test(env(name, players, preset), num_cycles=cycles)
    # every agent removed by a dead step once per game finished (a tiny game ends more often)
    games = len(removed) // players
    assert games >= 1
    assert sorted(removed) == sorted([f"player_{seat}" for seat in range(players)] * games)


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=IDS)
def test_seed_test_passes(name: str, preset: str, players: int) -> None:
    # Through a whole game, deals' ends (the steps with rewards) included.
    cycles = moves_per_game(name, preset, players) // players + 2
    seed_test(lambda: env(name, players, preset), num_cycles=cycles)


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=IDS)
def test_render_test_passes(name: str, preset: str, players: int) -> None:
    def factory(render_mode: str | None = None) -> Any:
        return env(name, players, preset, render_mode=render_mode)

    render_test(factory, custom_tests={"ansi": lambda text: "Scores: player_0" in text})


@pytest.mark.parametrize("name", list(GAME_NAMES))
def test_api_test_passes_for_one_deal_episodes_and_the_raw_env(name: str) -> None:
    players = find_game(name).player_counts[-1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(name, players, episode="deal"), num_cycles=200)
        api_test(raw_env(name, players), num_cycles=200)


# -- Rewards ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAME_NAMES))
def test_rewards_add_up_to_the_scores_of_the_same_game_replayed(name: str) -> None:
    rng = random.Random(3)
    players = find_game(name).player_counts[0]

    def choose(agent: str, observation: Any) -> int:
        return int(rng.choice(np.flatnonzero(observation["action_mask"])))

    table = raw_env(name, players)
    totals, played = play(table, choose, seed=11)
    # The same moves through the library's own API.
    game = find_game(name)
    encoding = game.encoding(players)
    state = game.new_game(players, seed=11)
    deal_points: list[tuple[int, ...]] = []
    for seat, action in played:
        assert seat == game.players_to_act(state)[0]
        before = game.scores(state)
        state = game.apply_move(state, encoding.action_move(state, seat, action))
        if game.scores(state) != before:
            deal_points.append(
                tuple(a - b for a, b in zip(game.scores(state), before, strict=True))
            )
    assert game.is_over(state)
    assert len(deal_points) <= game.deal_number(state)
    assert tuple(totals[agent] for agent in table.possible_agents) == game.scores(state)
    assert all(type(value) is float for value in totals.values())


@pytest.mark.parametrize("name", list(GAME_NAMES))
def test_each_deals_points_are_paid_at_the_step_that_ends_it(name: str) -> None:
    table = raw_env(name, find_game(name).player_counts[0])
    table.reset(seed=5)
    game = table.game
    paid = 0
    while not table.terminations[table.agent_selection]:
        before, deal = game.scores(table.game_state), game.deal_number(table.game_state)
        table.step(lowest(table.agent_selection, table.observe(table.agent_selection)))
        after = game.scores(table.game_state)
        points = [float(a - b) for a, b in zip(after, before, strict=True)]
        assert [table.rewards[agent] for agent in table.possible_agents] == points
        if any(points):
            paid += 1
            assert game.deal_number(table.game_state) == deal + 1 or game.is_over(table.game_state)
    assert 0 < paid <= game.deal_number(table.game_state)


def test_a_one_deal_episode_pays_the_first_deals_points() -> None:
    table = raw_env("sticheln", 4, "amigo-1993", episode="deal")
    totals, played = play(table, lowest, seed=2)
    game = table.game
    assert game.deal_number(table.game_state) == 1
    assert not game.is_over(table.game_state)
    assert tuple(totals[a] for a in table.possible_agents) == game.scores(table.game_state)
    assert len(played) == 4 * 15  # each of the 15 cards of 4 hands: a pain card or a trick's


def test_a_hand_checked_deal() -> None:
    # Sticheln (nsv), 3 players, seed 5, each agent playing its lowest action: the first deal.
    table = raw_env("sticheln", 3, "nsv", episode="deal")
    totals, _ = play(table, lowest, seed=5)
    (finished,) = table.game_state.finished_rounds
    assert [str(card) for card in finished.pain_cards] == ["R6", "R0", "R2"]
    won = "R4 R5 Y0 Y1 Y4 Y5 Y8 G2 G3 G6 G7 B0 P3 P4 P5 P6 P7 P8"
    assert " ".join(map(str, finished.won[0])) == won
    assert " ".join(map(str, finished.won[2])) == "R1 R3 R7 R8 Y2 Y7"
    # Worked by hand: a card of the pain colour (the pain card included) costs its value,
    # every other card won is worth 1.
    # player 0: pain R6 -6, won R4 R5 -9, 16 other cards +16: 1
    # player 1: pain R0 0, no red card won, 18 other cards +18: 18
    # player 2: pain R2 -2, won R1 R3 R7 R8 -19, Y2 Y7 +2: -19
    assert totals == {"player_0": 1.0, "player_1": 18.0, "player_2": -19.0}


# -- Observations and actions ----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAME_NAMES))
def test_observations_are_the_encodings_of_the_views(name: str) -> None:
    players = find_game(name).player_counts[-1]
    table = raw_env(name, players)
    table.reset(seed=4)
    game, encoding = table.game, table.encoding
    rng = random.Random(4)
    for _ in range(3 * players + 5):
        state = table.game_state
        for seat, agent in enumerate(table.possible_agents):
            observation = table.observe(agent)
            expected = np.array(encoding.observation(game.observe(state, seat)), dtype=np.int8)
            assert observation["observation"].dtype == np.int8
            assert np.array_equal(observation["observation"], expected)
            mask = observation["action_mask"]
            if agent == table.agent_selection:
                assert mask.tolist() == encoding.action_mask(state, seat)
                assert np.array_equal(table.infos[agent]["action_mask"], mask)
            else:
                assert not mask.any()
                assert not table.infos[agent]["action_mask"].any()
        assert table.observation_space(table.agent_selection).contains(
            table.observe(table.agent_selection)
        )
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(np.int64(rng.choice(np.flatnonzero(mask))))


def test_simultaneous_choices_are_made_in_seat_order_and_stay_hidden() -> None:
    table = raw_env("sticheln", 4)
    table.reset(seed=8)
    game = table.game
    assert game.players_to_act(table.game_state) == (0, 1, 2, 3)
    first = table.observe("player_1")["observation"]
    for seat in range(3):
        assert table.agent_selection == f"player_{seat}"
        table.step(lowest(table.agent_selection, table.observe(table.agent_selection)))
    # Player 0's and 2's pain cards are chosen, but player 1 sees only its own choice.
    view = game.observe(table.game_state, 3)
    assert view.pain_cards == (None, None, None, None)
    assert table.agent_selection == "player_3"
    assert not np.array_equal(first, table.observe("player_1")["observation"])
    table.step(lowest("player_3", table.observe("player_3")))
    assert all(card is not None for card in game.observe(table.game_state, 3).pain_cards)


def test_finished_agents_observe_with_an_empty_mask() -> None:
    table = raw_env("stichling", 2)
    play(table, lowest, seed=1)
    assert not table.agents
    for agent in table.possible_agents:
        observation = table.observe(agent)
        assert not observation["action_mask"].any()
        assert table.observation_space(agent).contains(observation)


def test_an_illegal_action_ends_the_wrapped_episode_with_minus_one() -> None:
    table = env("sticheln", 4)
    table.reset(seed=3)
    actor = table.agent_selection
    mask = table.observe(actor)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table.step(illegal)
    assert all(table.terminations.values())
    rewards = {}
    for agent in table.agent_iter():
        rewards[agent] = table.last()[1]
        table.step(None)
    assert rewards[actor] == -1
    assert all(reward == 0 for agent, reward in rewards.items() if agent != actor)


def test_the_raw_env_refuses_an_illegal_action_and_changes_nothing() -> None:
    table = raw_env("hattrick", 4)
    table.reset(seed=3)
    state, actor = table.game_state, table.agent_selection
    illegal = int(np.flatnonzero(table.observe(actor)["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        table.step(illegal)
    assert table.game_state is state
    assert table.agent_selection == actor


def test_reset_is_deterministic_per_seed_and_independent_of_the_global_generator() -> None:
    one, two = raw_env("sticheln", 5), raw_env("sticheln", 5)
    one.reset(seed=99)
    random.seed(1)
    np.random.seed(1)
    two.reset(seed=99)
    assert one.game_seed == two.game_seed == 99
    assert one.game_state == two.game_state
    one.reset()
    two.reset()
    assert one.game_seed == two.game_seed != 99
    assert one.game_state == two.game_state


def test_spaces_and_metadata() -> None:
    table = raw_env("stichling", 3, "spieletest")
    encoding = find_game("stichling").encoding(3)
    assert isinstance(table, AECEnv)
    assert isinstance(table, GameEnv)
    assert table.metadata == {
        "name": "stichling_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }
    assert table.possible_agents == ["player_0", "player_1", "player_2"]
    space = table.observation_space("player_1")
    assert space["observation"].shape == (encoding.observation_size,)
    assert space["observation"].dtype == np.int8
    # the bounds are the segments' ranges: 36 cards in tricks of 4, at most 9 won
    tricks = {segment.name: segment for segment in encoding.layout}["tricks_won"]
    assert space["observation"].low[tricks.offset : tricks.offset + 3].tolist() == [0] * 3
    assert space["observation"].high[tricks.offset : tricks.offset + 3].tolist() == [9] * 3
    assert space["action_mask"].shape == (encoding.num_actions,)
    assert table.action_space("player_2").n == encoding.num_actions
    assert env("hattrick", 5).unwrapped.metadata["name"] == "hattrick_v0"
    hidden = raw_env(find_game("hattrick", "passes-hidden"), 5)  # a game object
    assert hidden.game.info.rules_name == "passes-hidden"


@pytest.mark.parametrize("normalise", [True, (-1, 1)])
def test_normalised_observations_pass_the_api_test_within_their_range(
    normalise: bool | tuple[int, int],
) -> None:
    table = raw_env("hattrick", 4, normalise=normalise)
    low, high = (0.0, 1.0) if normalise is True else (-1.0, 1.0)
    assert table.normalise == (low, high)
    space = table.observation_space("player_0")["observation"]
    assert space == spaces.Box(low, high, (table.encoding.observation_size,), np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("hattrick", 4, normalise=normalise), num_cycles=100)
    table.reset(seed=3)
    observation = table.observe("player_0")["observation"]
    assert observation.dtype == np.float32
    # 15 cards a hand, in the range 0..15: the top of the range; no card passed yet: the bottom
    segments = {segment.name: segment for segment in table.encoding.layout}
    sizes, passes = segments["hand_sizes"], segments["pass_counts"]
    assert observation[sizes.offset : sizes.offset + 4].tolist() == [high] * 4
    assert observation[passes.offset : passes.offset + 4].tolist() == [low] * 4


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        raw_env("hattrick", 3)
    with pytest.raises(ValueError, match="episode"):
        raw_env("sticheln", 4, episode="round")
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("sticheln", 4, render_mode="rgb_array")
    with pytest.raises(ValueError, match="preset"):
        raw_env(find_game("sticheln"), 4, "nsv")
    with pytest.raises(WrongTypeError, match="normalise must be True, False or a pair"):
        raw_env("sticheln", 4, normalise="symmetric")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="with low < high, got \\(1, 1\\)"):
        env("sticheln", 4, normalise=(1, 1))


def test_render_modes() -> None:
    table = raw_env("sticheln", 3, render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert isinstance(text, str)
    assert "To act: player_0" in text
    table.step(lowest("player_0", table.observe("player_0")))
    assert "player_0: (hidden)" in table.render()  # a pain card is secret
    human = raw_env("sticheln", 3, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None


# -- Pickling --------------------------------------------------------------------------------------


@pytest.mark.parametrize("wrapped", [False, True], ids=["raw", "wrapped"])
def test_a_pickled_env_replays_identically(wrapped: bool) -> None:
    table = (env if wrapped else raw_env)("sticheln", 4, "amigo-1993")
    table.reset(seed=21)
    rng = random.Random(0)
    for _ in range(37):  # into the first tricks, past the pain cards
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(rng.choice(np.flatnonzero(mask))))
    copy = pickle.loads(pickle.dumps(table))

    def rest(current: Any) -> list[Any]:
        trace: list[Any] = []
        actions = random.Random(1)
        for agent in current.agent_iter():
            observation, reward, terminated, truncated, _ = current.last()
            trace.append((agent, observation["observation"].tobytes(), reward, terminated))
            if terminated or truncated:
                current.step(None)
            else:
                current.step(int(actions.choice(np.flatnonzero(observation["action_mask"]))))
        current.reset()  # the generator was pickled too
        trace.append(current.unwrapped.game_seed)
        return trace

    assert rest(copy) == rest(table)


# -- The documentation's examples ------------------------------------------------------------------

PAGE = Path(__file__).resolve().parents[2] / "docs" / "pettingzoo.rst"


def test_the_pages_examples_run_and_print_what_it_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = PAGE.read_text(encoding="utf-8")
    codes, outputs = rst_blocks(text, "testcode"), rst_blocks(text, "testoutput")
    assert len(codes) == len(outputs) == 2
    for code, output in zip(codes, outputs, strict=True):
        exec(compile(code, str(PAGE), "exec"), {})
        assert capsys.readouterr().out.strip() == output.strip()


def test_the_turn_based_parallel_conversion_passes_the_parallel_api_test() -> None:
    from pettingzoo.test import parallel_api_test
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(turn_based_aec_to_parallel(env("stichling", 3)), num_cycles=200)
