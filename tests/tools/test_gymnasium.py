"""The single-agent Gymnasium adapter (:mod:`sticheln.adapters.gymnasium`): Gymnasium's own
``check_env`` and vector environments for every registered game, and our own tests of what
those do not check: rewards, opponents, seeds, simultaneous choices, illegal actions, errors."""

from __future__ import annotations

import pickle
import random
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

import sticheln as st
from sticheln import Deck, StichelnRules, find_game
from sticheln.adapters.gymnasium import GameEnv, env_id, register_environments
from sticheln.bots import BotSpecError, make_bot
from sticheln.core import registry
from sticheln.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    RulesError,
    UnknownNameError,
    UnknownPlayerError,
    WrongTypeError,
)
from sticheln.core.registry import GAME_NAMES
from tests.pages import rst_blocks
from tests.toy_games import Nim


def configs() -> Iterator[tuple[str, str, int]]:
    for name in list(GAME_NAMES):
        for preset in find_game(name).info.presets:
            for players in find_game(name, preset).player_counts:
                yield name, preset, players


CONFIGS = list(configs())
IDS = [f"{name}-{preset}-{players}p" for name, preset, players in CONFIGS]
BUILT_IN = ("sticheln", "hattrick", "stichling")

SMALL = StichelnRules(name="small", decks=[Deck(3, "RYG", 1, 3)], hand_size=3)
"""Nine cards, R1 R2 R3 Y1 Y2 Y3 G1 G2 G3 (action indices 0 to 8): two tricks a round."""


def make(name: str, **kwargs: Any) -> Any:
    return gymnasium.make(env_id(name), **kwargs)


def first_move(view: Any, moves: Sequence[Any]) -> Any:
    return moves[0]


def lowest(info: dict[str, Any]) -> int:
    return int(np.flatnonzero(info["action_mask"])[0])


def play_episode(env: Any, seed: int, choose: Any = lowest) -> tuple[list[Any], list[float]]:
    """Play one episode from ``reset(seed)`` with ``choose(info) -> action``; the
    observations and the rewards."""
    observation, info = env.reset(seed=seed)
    observations, rewards = [observation], []
    done = False
    while not done:
        observation, reward, terminated, truncated, info = env.step(choose(info))
        observations.append(observation)
        rewards.append(reward)
        done = terminated or truncated
    return observations, rewards


# -- Gymnasium's own checker -----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=IDS)
@pytest.mark.parametrize("episode", ["deal", "game"])
def test_check_env_passes_without_a_warning(
    name: str, preset: str, players: int, episode: str
) -> None:
    # every kind of observation, across the configs
    normalise = (False, True, (-1, 1))[(players + len(episode)) % 3]
    env = make(
        name,
        players=players,
        preset=preset,
        episode=episode,
        normalise=normalise,
        render_mode="ansi",
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("name", BUILT_IN)
def test_check_env_passes_with_the_games_bots_and_a_drawn_seat(name: str) -> None:
    env = make(name, seat=None, opponents="heuristic")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def test_check_env_passes_for_a_game_object_outside_the_registry() -> None:
    env = GameEnv(Nim(), players=2, seat=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env, skip_render_check=True)
    _, rewards = play_episode(env, seed=0)
    assert sum(rewards) in (0.0, 1.0)


# -- registration ----------------------------------------------------------------------------------


def test_the_built_in_games_are_registered_on_import() -> None:
    ids = register_environments()
    assert {"sticheln/Sticheln-v0", "sticheln/Hattrick-v0", "sticheln/Stichling-v0"} <= set(ids)
    assert gymnasium.spec("sticheln/Stichling-v0").kwargs == {"game": "stichling"}
    assert gymnasium.spec("sticheln/Sticheln-v0").entry_point == (
        "sticheln.adapters.gymnasium:GameEnv"
    )
    env = gymnasium.make("sticheln.adapters.gymnasium:sticheln/Hattrick-v0", players=5)
    assert env.unwrapped.game.info.title == "Hattrick"
    assert env.unwrapped.players == 5


def test_env_ids_capitalise_the_words_of_the_name() -> None:
    assert env_id("sticheln") == "sticheln/Sticheln-v0"
    assert env_id("high-card") == "sticheln/HighCard-v0"
    assert env_id("two_words game") == "sticheln/TwoWordsGame-v0"


def test_a_game_registered_later_gets_an_id_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    st.register_game("nim-for-gym", lambda preset: Nim())
    assert "sticheln/NimForGym-v0" not in gymnasium.registry
    try:
        assert "sticheln/NimForGym-v0" in register_environments()
        env = gymnasium.make("sticheln/NimForGym-v0", players=2)
        observation, info = env.reset(seed=1)
        assert observation.tolist() == [10, 1]  # ten tokens; the learner moves first
        assert info["action_mask"].tolist() == [0, 1, 1, 1]
    finally:
        gymnasium.registry.pop("sticheln/NimForGym-v0", None)


# -- spaces, observations and masks ----------------------------------------------------------------


def test_the_observation_space_has_the_segments_ranges() -> None:
    env = make("sticheln", players=3)
    encoding = env.unwrapped.encoding
    space = env.observation_space
    assert space.shape == (562,)
    assert space.dtype == np.int8
    segments = {segment.name: segment for segment in encoding.layout}
    hand, scores = segments["hand"], segments["scores"]
    assert hand.binary
    assert (hand.low, hand.high) == (0, 1)
    assert not scores.binary
    # 3 rounds; a colour of 0-8 sums to 36, the deck has 45 cards: totals from -108 to 135,
    # cut to int8's 127.
    assert (scores.low, scores.high, scores.clipped) == (-108, 127, True)
    assert space.low[hand.offset : hand.offset + hand.size].tolist() == [0] * 45
    assert space.high[hand.offset : hand.offset + hand.size].tolist() == [1] * 45
    assert space.low[scores.offset : scores.offset + 3].tolist() == [-108] * 3
    assert space.high[scores.offset : scores.offset + 3].tolist() == [127] * 3
    assert env.action_space == gymnasium.spaces.Discrete(45)


def test_normalised_observations_map_each_range_to_zero_to_one() -> None:
    raw = make("sticheln", players=3)
    scaled = make("sticheln", players=3, normalise=True)
    assert scaled.observation_space == gymnasium.spaces.Box(0.0, 1.0, (562,), np.float32)
    vector, _ = raw.reset(seed=4)
    normalised, _ = scaled.reset(seed=4)
    assert normalised.dtype == np.float32
    segments = {segment.name: segment for segment in raw.unwrapped.encoding.layout}
    sizes, rounds, scores = segments["hand_sizes"], segments["rounds_left"], segments["scores"]
    hand = segments["hand"]
    # Fifteen cards in every hand, in the range 0..15: 1.0.
    assert vector[sizes.offset : sizes.offset + 3].tolist() == [15, 15, 15]
    assert normalised[sizes.offset : sizes.offset + 3].tolist() == [1.0, 1.0, 1.0]
    # Two of the three rounds still to play after the first, in 0..2: 1.0.
    assert normalised[rounds.offset] == 1.0
    # No points yet, in the range -108..127: 108 / 235.
    assert normalised[scores.offset : scores.offset + 3].tolist() == pytest.approx([108 / 235] * 3)
    # A binary segment keeps its zeros and ones.
    cards = slice(hand.offset, hand.offset + hand.size)
    assert normalised[cards].tolist() == vector[cards].astype(float).tolist()
    assert sum(normalised[cards]) == 15


def test_symmetric_observations_map_each_range_to_minus_one_to_one() -> None:
    raw = make("stichling", players=2, seat=1)
    symmetric = make("stichling", players=2, seat=1, normalise=(-1, 1))
    assert symmetric.unwrapped.normalise == (-1.0, 1.0)
    assert symmetric.observation_space == gymnasium.spaces.Box(-1.0, 1.0, (197,), np.float32)
    vector, _ = raw.reset(seed=2)
    normalised, _ = symmetric.reset(seed=2)
    assert normalised.dtype == np.float32
    segments = {segment.name: segment for segment in raw.unwrapped.encoding.layout}
    hand, sizes, marker = segments["hand"], segments["hand_sizes"], segments["open_trick_marker"]
    points, row = segments["points"], segments["row_0"]
    # Cards: 0 becomes -1, 1 stays 1.
    cards = slice(hand.offset, hand.offset + hand.size)
    assert normalised[cards].tolist() == (2 * vector[cards].astype(float) - 1).tolist()
    # Twelve cards a hand in 0..12: 1; no open trick, -1 in -1..1: -1.
    assert normalised[sizes.offset : sizes.offset + 2].tolist() == [1.0, 1.0]
    assert normalised[marker.offset : marker.offset + 4].tolist() == [-1.0] * 4
    # The first hand's victory points 1, 2, 3 in the range 1..9: -1, -0.75, -0.5.
    assert vector[points.offset : points.offset + 3].tolist() == [1, 2, 3]
    assert normalised[points.offset : points.offset + 3].tolist() == [-1.0, -0.75, -0.5]
    # No row laid down yet: -1 in -1..9 is -1.
    assert normalised[row.offset : row.offset + 3].tolist() == [-1.0] * 3
    for observation in (
        normalised,
        symmetric.step(int(np.flatnonzero(symmetric.unwrapped.action_masks())[0]))[0],
    ):
        assert symmetric.observation_space.contains(observation)


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=IDS)
def test_observations_and_masks_follow_the_learners_view_for_a_whole_game(
    name: str, preset: str, players: int
) -> None:
    env = GameEnv(name, players=players, preset=preset, seat=None, episode="game")
    game, encoding = env.game, env.encoding
    rng = np.random.default_rng(players)
    observation, info = env.reset(seed=11)
    seat, total = env.seat, 0.0
    done = False
    while not done:
        state = env.game_state
        assert seat in game.players_to_act(state)
        assert observation.tolist() == list(encoding.observation(game.observe(state, seat)))
        assert observation in env.observation_space
        assert info["action_mask"].tolist() == encoding.action_mask(state, seat)
        assert env.action_masks().tolist() == [bool(bit) for bit in info["action_mask"]]
        before = game.scores(state)[seat]
        action = rng.choice(np.flatnonzero(env.action_masks()))
        observation, reward, terminated, truncated, info = env.step(action)
        assert reward == game.scores(env.game_state)[seat] - before
        assert "illegal_action" not in info
        assert truncated is False
        total += reward
        done = terminated
    assert game.is_over(env.game_state)
    assert total == game.scores(env.game_state)[seat]
    assert observation in env.observation_space
    assert observation.tolist() == list(encoding.observation(game.observe(env.game_state, seat)))
    assert info["action_mask"].tolist() == [0] * encoding.num_actions
    assert env.action_masks().tolist() == [False] * encoding.num_actions


# -- rewards and episodes --------------------------------------------------------------------------


def test_a_hand_checked_deal() -> None:
    """Three players, the nine cards of SMALL, seed 0. Everyone plays the lowest card it may
    (the learner by the mask, the opponents as their first legal move).

    Hands: seat 0 Y1 Y3 G2, seat 1 R3 Y2 G3, seat 2 R1 R2 G1. Pain cards (the lowest card):
    Y1, R3 and R1, so the pain colours are yellow, red and red. Trick 1, led by seat 0: Y3,
    Y2, R2: red is the only colour besides the lead, so R2 wins (ST-TRICK-2) and seat 2 takes
    it. Trick 2, led by seat 2: G1, G2, G3, all green: G3 wins (ST-TRICK-3), seat 1.

    Seat 0 won nothing, and its pain card Y1 costs 1 (ST-SCORE-1): -1. Seat 1: G1 G2 G3 score
    1 each, its pain card R3 costs 3: 0. Seat 2: Y3 Y2 score 1 each, R2 and its pain card R1
    cost 3: -1.
    """
    game = st.StichelnGame(SMALL)
    hands = [str(game.observe(game.new_game(3, seed=0), seat).hand) for seat in range(3)]
    assert hands == ["Y1 Y3 G2", "R3 Y2 G3", "R1 R2 G1"]
    for seat, expected in [(0, -1.0), (1, 0.0), (2, -1.0)]:
        env = GameEnv(game, players=3, seat=seat, opponents=first_move, episode="deal")
        _, rewards = play_episode(env, seed=0)
        assert len(rewards) == 3  # the pain card and two tricks
        assert rewards[:2] == [0.0, 0.0]
        assert rewards[2] == expected
        assert game.scores(env.game_state) == (-1, 0, -1)
        assert game.deal_number(env.game_state) == 1  # the episode ends as the next deal starts


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_deal_episode_pays_the_learners_points_of_the_first_deal(name: str) -> None:
    env = make(name, episode="deal", opponents="heuristic", seat=1)
    _, rewards = play_episode(env, seed=3)
    game, state = env.unwrapped.game, env.unwrapped.game_state
    assert game.deal_number(state) == 1 or game.is_over(state)
    assert sum(rewards) == game.scores(state)[1]
    assert [reward for reward in rewards[:-1] if reward] == []  # paid as the deal is scored


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_game_episode_pays_each_deal_at_the_step_that_ends_it(name: str) -> None:
    env = GameEnv(name, episode="game", seat=2)
    game = env.game
    _, info = env.reset(seed=8)
    paid: list[float] = []
    done = False
    while not done:
        deal = game.deal_number(env.game_state)
        _, reward, done, _, info = env.step(lowest(info))
        if game.deal_number(env.game_state) != deal:
            paid.append(float(reward))
        else:
            assert reward == 0.0
    final = env.game_state
    assert game.is_over(final)
    assert len(paid) == game.deal_number(final) >= 2  # one payment per deal played
    assert sum(paid) == game.scores(final)[2]


# -- opponents -------------------------------------------------------------------------------------


class Recorder:
    """A policy that plays the first legal move and notes who it played for."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.seats: list[int] = []

    def __call__(self, view: Any, moves: Sequence[Any]) -> Any:
        assert isinstance(moves, tuple)
        assert moves
        self.seats.append(self.game.viewer(view))
        return moves[0]


class RecordingBot:
    """A bot (the library's protocol) that notes the generators it is given."""

    def __init__(self) -> None:
        self.generators: list[random.Random] = []

    def choose(self, view: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        self.generators.append(rng)
        return rng.choice(moves)


def test_a_list_of_opponents_starts_at_the_seat_after_the_learners() -> None:
    game = find_game("sticheln")
    for seat, first, second in [(0, 1, 2), (1, 2, 0), (2, 0, 1)]:
        a, b = Recorder(game), Recorder(game)
        env = GameEnv(game, players=3, seat=seat, opponents=[a, b], episode="deal")
        play_episode(env, seed=1)
        assert set(a.seats) == {first}
        assert set(b.seats) == {second}
        assert len(a.seats) == len(b.seats) == 15  # the pain card and fourteen tricks


def test_one_policy_plays_every_other_seat() -> None:
    game = find_game("hattrick")
    policy = Recorder(game)
    env = GameEnv(game, players=4, seat=3, opponents=policy, episode="deal")
    play_episode(env, seed=2)
    assert set(policy.seats) == {0, 1, 2}


def test_bots_get_a_generator_of_their_own_seat() -> None:
    bot = RecordingBot()
    env = GameEnv("stichling", players=3, opponents=bot, episode="deal")
    play_episode(env, seed=5)
    generators = {id(rng) for rng in bot.generators}
    assert len(generators) == 2  # one per opponent seat
    assert all(isinstance(rng, random.Random) for rng in bot.generators)


def test_a_spec_string_plays_as_the_bots_it_names() -> None:
    game = find_game("sticheln")
    finals = []
    for opponents in (
        "heuristic",
        ["heuristic", "heuristic"],
        [make_bot("heuristic", game), make_bot("heuristic", game)],
    ):
        env = GameEnv(game, players=3, opponents=opponents, episode="deal")
        play_episode(env, seed=6)
        finals.append(env.game_state)
    assert finals[0] == finals[1] == finals[2]
    mixed, listed = (
        GameEnv(game, players=3, opponents=opponents, episode="deal")
        for opponents in ("random, heuristic", ["random", "heuristic"])
    )
    play_episode(mixed, seed=6)
    play_episode(listed, seed=6)
    assert mixed.game_state == listed.game_state
    assert mixed.game_state != finals[0]  # seat 1 played at random


def test_a_search_bot_opponent_from_its_spec() -> None:
    env = make("stichling", players=2, opponents="ismcts:iterations=5", episode="deal")
    _, rewards = play_episode(env, seed=1)
    assert sum(rewards) == env.unwrapped.game.scores(env.unwrapped.game_state)[0]


def test_a_policy_that_returns_an_illegal_move_is_named() -> None:
    game = find_game("sticheln")
    moves_of_seat_0 = game.legal_moves(game.new_game(3, seed=0), 0)
    env = GameEnv(game, players=3, opponents=lambda view, moves: moves_of_seat_0[0])
    _, info = env.reset(seed=0)
    state = env.game_state
    with pytest.raises(IllegalMoveError, match=r"opponent in seat 1 .* not one of its legal"):
        env.step(lowest(info))
    assert env.game_state is state  # nothing changed


def test_an_opponent_that_fails_in_reset_leaves_the_env_needing_a_reset() -> None:
    def failing(view: Any, moves: Sequence[Any]) -> Any:
        raise RuntimeError("no idea")

    env = GameEnv("hattrick", players=4, seat=2, opponents=failing)  # seat 0 leads
    with pytest.raises(RuntimeError, match="no idea"):
        env.reset(seed=0)
    assert env.game_state is None
    with pytest.raises(ResetNeeded, match=r"call reset\(\) before step\(\)"):
        env.step(0)


# -- seeds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("opponents", ["random", "ismcts:iterations=3"])
def test_the_same_seed_gives_the_same_episode(opponents: str) -> None:
    def run() -> tuple[list[Any], list[float], Any]:
        env = make("sticheln", players=3, opponents=opponents, episode="deal", seat=None)
        rng = np.random.default_rng(0)
        observations, rewards = play_episode(
            env, seed=12, choose=lambda info: rng.choice(np.flatnonzero(info["action_mask"]))
        )
        return observations, rewards, env.unwrapped.game_state

    first, second = run(), run()
    assert [o.tolist() for o in first[0]] == [o.tolist() for o in second[0]]
    assert first[1] == second[1]
    assert first[2] == second[2]  # every move of the opponents too


def test_seeds_give_the_games_deal_and_reset_without_a_seed_follows_on() -> None:
    env = GameEnv("hattrick", players=4)
    game = env.game
    env.reset(seed=21)
    assert env.game_seed == 21
    assert env.game_state == game.new_game(4, seed=21)  # seat 0 leads: nobody moved yet
    env.reset()
    following = env.game_seed
    env.reset(seed=21)
    env.reset()
    assert env.game_seed == following != 21
    env.reset(seed=22)
    assert env.game_state != game.new_game(4, seed=21)


def test_a_drawn_seat_follows_the_seed() -> None:
    env = GameEnv("sticheln", players=4, seat=None)
    seats = []
    for seed in range(12):
        env.reset(seed=seed)
        seats.append(env.seat)
        env.reset(seed=seed)
        assert env.seat == seats[-1]
    assert set(seats) == {0, 1, 2, 3}


def test_a_pickled_env_plays_on_identically() -> None:
    env = GameEnv("stichling", players=3, opponents="random", episode="game")
    _, info = env.reset(seed=3)
    for _ in range(5):
        _, _, _, _, info = env.step(lowest(info))
    copy = pickle.loads(pickle.dumps(env))

    def rest(table: GameEnv, info: dict[str, Any]) -> list[float]:
        rewards, done = [], False
        while not done:
            _, reward, done, _, info = table.step(lowest(info))
            rewards.append(reward)
        return rewards

    assert rest(copy, dict(info)) == rest(env, info)
    assert copy.game_state == env.game_state


# -- simultaneous choices --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["sticheln", "stichling"])
@pytest.mark.parametrize("seat", [0, 2])
def test_the_learner_chooses_first_where_all_choose_at_once(name: str, seat: int) -> None:
    game = find_game(name)
    policy = Recorder(game)
    env = GameEnv(game, players=3, seat=seat, opponents=policy)
    _, info = env.reset(seed=4)
    assert game.players_to_act(env.game_state) == (0, 1, 2)  # nobody has chosen yet
    assert policy.seats == []
    env.step(lowest(info))
    assert sorted(policy.seats[:2]) == sorted({0, 1, 2} - {seat})  # then the others chose
    assert seat in game.players_to_act(env.game_state)


# -- illegal actions and bad input -----------------------------------------------------------------


def test_an_illegal_action_ends_the_episode_with_the_penalty_and_changes_nothing() -> None:
    env = make("sticheln", players=3)
    _, info = env.reset(seed=1)
    state = env.unwrapped.game_state
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    observation, reward, terminated, truncated, info = env.step(illegal)
    # The bounds of Sticheln's final scores with 3 players: -108 and 135; -108 - 135 - 1.
    assert reward == -244.0
    assert (terminated, truncated) == (True, False)
    assert info["illegal_action"] is True
    assert info["action_mask"].tolist() == [0] * 45
    assert env.unwrapped.game_state is state
    assert observation.tolist() == list(
        env.unwrapped.encoding.observation(env.unwrapped.game.observe(state, 0))
    )
    with pytest.raises(ResetNeeded, match="episode is over"):
        env.unwrapped.step(illegal)


def test_the_penalty_can_be_given_and_games_without_bounds_pay_minus_one() -> None:
    env = GameEnv("stichling", players=2, illegal_reward=-5)
    assert env.illegal_reward == -5.0
    assert GameEnv("stichling", players=2).illegal_reward == -28.0  # bounds 0 and 27
    assert GameEnv(Nim(), players=2).illegal_reward == -1.0  # Nim declares none
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert env.step(illegal)[1:3] == (-5.0, True)


def test_actions_outside_the_space_or_not_integers_are_refused() -> None:
    env = GameEnv("sticheln", players=3)
    _, info = env.reset(seed=1)
    state = env.game_state
    with pytest.raises(InvalidMoveError, match=r"action 45 is outside the action space: 0 to 44"):
        env.step(45)
    with pytest.raises(InvalidMoveError, match="action -1"):
        env.step(-1)
    for action in (1.0, "3", True, None, np.float32(2)):
        with pytest.raises(WrongTypeError, match="an action must be an integer"):
            env.step(action)
    assert env.game_state is state
    action = lowest(info)
    assert env.step(np.int32(action))[1] == 0.0  # numpy integers are actions too
    assert env.game_state != state


def test_step_and_render_before_reset_ask_for_a_reset() -> None:
    env = GameEnv("hattrick", render_mode="ansi")
    with pytest.raises(ResetNeeded, match=r"call reset\(\) before step\(\)"):
        env.step(0)
    with pytest.raises(ResetNeeded, match=r"call reset\(\) before render\(\)"):
        env.render()


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"game": "nope"}, UnknownNameError, "no game 'nope'; known games: sticheln, hattrick"),
        ({"preset": "nope"}, UnknownNameError, "nope"),
        ({"game": 3}, WrongTypeError, "game must be a game's name or a game on the protocol"),
        ({"players": 7}, RulesError, "Sticheln .nsv. is played by 3, 4, 5, 6 players, not 7"),
        ({"players": "4"}, WrongTypeError, "players must be an int, got '4'"),
        ({"seat": 4}, UnknownPlayerError, r"seat 4 is not a seat of 4 players \(0 to 3\)"),
        ({"seat": -1}, UnknownPlayerError, "seat -1 is not a seat of 4 players"),
        ({"seat": True}, WrongTypeError, "seat must be an int or None, got True"),
        ({"opponents": "nobot"}, UnknownNameError, r"opponents\[0\]: no bot 'nobot'; known"),
        (
            {"opponents": ["random", "random", "nobot"]},
            UnknownNameError,
            r"opponents\[2\]: no bot 'nobot'",
        ),
        (
            {"opponents": "ismcts:iterations=many"},
            BotSpecError,
            r"opponents\[0\]: bot ismcts:iterations=many: option iterations=many",
        ),
        ({"opponents": "random:seed"}, BotSpecError, "is not key=value"),
        ({"opponents": 42}, WrongTypeError, r"opponents\[0\] must be a bot spec, a bot or a"),
        ({"opponents": ["random", 7, "random"]}, WrongTypeError, r"opponents\[1\] must be"),
        (
            {"opponents": ["random", "random"]},
            ValueError,
            "opponents: 2 given for 3 other seats: give one for all of them, or one per",
        ),
        ({"opponents": "random,random"}, ValueError, "opponents: 2 given for 3 other seats"),
        ({"episode": "round"}, ValueError, "episode must be 'game' or 'deal', not 'round'"),
        ({"render_mode": "human"}, ValueError, "render_mode must be None or 'ansi', not"),
        ({"normalise": 1}, WrongTypeError, "normalise must be True, False or a pair of numbers"),
        ({"normalise": "symmetric"}, WrongTypeError, "a pair of numbers .* got 'symmetric'"),
        ({"normalise": (0, 1, 2)}, WrongTypeError, r"a pair of numbers .* got \(0, 1, 2\)"),
        ({"normalise": (1, -1)}, ValueError, "a range .* with low < high, got \\(1, -1\\)"),
        ({"normalise": (0, float("inf"))}, ValueError, "a range .* of finite numbers"),
        ({"illegal_reward": "-1"}, WrongTypeError, "illegal_reward must be a number or None"),
        ({"illegal_reward": float("nan")}, ValueError, "illegal_reward must be finite"),
    ],
)
def test_bad_arguments_raise_typed_errors_naming_them(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    arguments: dict[str, Any] = {"game": "sticheln", **kwargs}
    with pytest.raises(error, match=message):
        GameEnv(**arguments)


def test_a_preset_goes_with_a_name_only() -> None:
    with pytest.raises(ValueError, match="give a preset only with a game's name"):
        GameEnv(find_game("sticheln"), preset="nsv")


def test_an_unknown_id_is_gymnasiums_error() -> None:
    with pytest.raises(gymnasium.error.NameNotFound, match="Nope"):
        gymnasium.make("sticheln/Nope-v0")


# -- rendering -------------------------------------------------------------------------------------


def test_render_shows_the_learners_screen_and_the_legal_actions() -> None:
    env = make("sticheln", players=3, seat=1, render_mode="ansi")
    _, info = env.reset(seed=0)
    text = env.render()
    lines = text.splitlines()
    assert lines[0] == "Sticheln (nsv), 3 players, deal 1; you are #2"  # seat=1: the second
    hand = env.unwrapped.game.observe(env.unwrapped.game_state, 1).hand
    names = env.unwrapped.encoding.action_names
    actions = [i for i, bit in enumerate(info["action_mask"]) if bit]
    (at,) = [n for n, line in enumerate(lines) if line.startswith("Actions: ")]
    listed = " ".join(lines[at:]).removeprefix("Actions: ").split()  # wrapped at 80 columns
    assert listed == [f"{i}={names[i]}" for i in actions]
    assert max(len(line) for line in lines) <= 80
    assert [names[i] for i in actions] == [str(card) for card in hand]
    assert all(line == line.rstrip() for line in lines)
    env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))  # an illegal action ends it
    assert env.render().splitlines()[-1] == "The episode is over."


def test_render_without_a_mode_warns_and_returns_none() -> None:
    env = GameEnv("stichling")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert env.render() is None


# -- vector environments ---------------------------------------------------------------------------


def vector_run(envs: Any, steps: int, game: Any) -> int:
    """Step ``envs`` with a legal action of each sub-environment; check each one's mask and,
    when an episode ends, its return. The number of episodes ended."""
    observations, info = envs.reset(seed=30)
    rng = np.random.default_rng(30)
    returns = np.zeros(envs.num_envs)
    ended = 0
    for _ in range(steps):
        masks = envs.call("action_masks")
        assert len(masks) == envs.num_envs
        for i, mask in enumerate(masks):
            assert mask.dtype == np.bool_
            assert mask.tolist() == info["action_mask"][i].astype(bool).tolist()
        actions = np.array(
            [rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks]
        )
        observations, rewards, terminated, _, info = envs.step(actions)
        assert observations in envs.observation_space
        assert "illegal_action" not in info
        returns += rewards
        if terminated.any():
            states, seats = envs.get_attr("game_state"), envs.get_attr("seat")
            for i in np.flatnonzero(terminated):
                assert returns[i] == game.scores(states[i])[seats[i]]
                returns[i] = 0
                ended += 1
    return ended


def test_a_sync_vector_env_keeps_a_mask_per_sub_environment() -> None:
    envs = gymnasium.vector.SyncVectorEnv(
        [
            lambda: make("sticheln", players=3, episode="deal"),
            lambda: make("sticheln", players=3, episode="deal", seat=2, opponents="heuristic"),
            lambda: make("sticheln", players=3, episode="deal", seat=None, normalise=False),
        ]
    )
    try:
        # 15 steps a deal, and one more for the next-step reset: 2 deals each.
        assert vector_run(envs, 40, find_game("sticheln")) == 6
    finally:
        envs.close()


def test_an_async_vector_env_keeps_a_mask_per_sub_environment() -> None:
    envs = gymnasium.vector.AsyncVectorEnv(
        [lambda: make("stichling", players=2, episode="deal")] * 2
    )
    try:
        assert vector_run(envs, 30, find_game("stichling")) >= 2
    finally:
        envs.close()
    assert envs.closed


# -- the documentation's examples ------------------------------------------------------------------

PAGE = Path(__file__).resolve().parents[2] / "docs" / "gymnasium.rst"


def test_the_pages_examples_run_and_print_what_it_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = PAGE.read_text(encoding="utf-8")
    codes, outputs = rst_blocks(text, "testcode"), rst_blocks(text, "testoutput")
    assert len(codes) == len(outputs) >= 2
    for code, output in zip(codes, outputs, strict=True):
        exec(compile(code, str(PAGE), "exec"), {})
        assert capsys.readouterr().out.strip() == output.strip()
