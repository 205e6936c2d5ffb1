"""Moves per second of random play through OpenSpiel (:mod:`sticheln.adapters.openspiel`)
against the library's own protocol loop, in one run, with OpenSpiel's C++ ``hearts`` as the
reference.

For each game: whole games of random play through pyspiel (``legal_actions`` or
``chance_outcomes``, a random choice, ``apply_action``; the dealing chance nodes count as
moves, and are also shown apart), and the same games' random play through the
:class:`~sticheln.Game` protocol (``players_to_act``, ``legal_moves``, ``apply_move``; the
deal is made by ``new_game``). A game of pyspiel's Python API with no rules at all (five
legal actions, 240 moves a game) shows what pyspiel's own calls cost a Python game: no
adapter can be faster. The runs alternate; the figures are CPU time, the median of the
repeats. Needs the ``openspiel`` extra.

The goal of the library's own speed is measured here too: each game's public functions
(``new_game``, ``legal_moves``, ``apply_move`` of its package, the state's ``is_over`` and
``players_to_act``), four players, beside C++ ``hearts`` driven from Python, counted in
hearts' decisions (its moves less the chance moves of the deal, over the time of all of
them): the ratio ``x hearts`` is the figure of the goal (Sticheln at 1.0 or better), and
``x Sticheln`` that of the other games (0.8 or better). Run it with::

    python benchmarks/openspiel_speed.py [--games 20] [--repeats 5] [--game NAME ...]
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import statistics
import time

import pyspiel  # type: ignore[import-not-found]

import sticheln as st
from sticheln.adapters import openspiel as adapter


def spiel_loop(game: pyspiel.Game, games: int) -> tuple[int, int, float]:
    """Random play through pyspiel; (moves, chance moves, CPU seconds)."""
    rng = random.Random(0)
    choose = rng.choice
    moves = chance = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choose(state.chance_outcomes())[0])
                chance += 1
            else:
                state.apply_action(choose(state.legal_actions()))
            moves += 1
    return moves, chance, time.process_time() - start


_NO_RULES = pyspiel.GameType(
    short_name="python_benchmark_no_rules",
    long_name="No rules (benchmark)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={},
)


class NoRulesGame(pyspiel.Game):  # type: ignore[misc]
    """Four players take turns choosing one of five actions, 240 times."""

    def __init__(self, params: dict[str, object] | None = None) -> None:
        info = pyspiel.GameInfo(
            num_distinct_actions=5,
            max_chance_outcomes=0,
            num_players=4,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=240,
        )
        super().__init__(_NO_RULES, info, params or {})

    def new_initial_state(self) -> NoRulesState:
        return NoRulesState(self)


class NoRulesState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: NoRulesGame) -> None:
        super().__init__(game)
        self.moves = 0

    def current_player(self) -> int:
        return -4 if self.moves >= 240 else self.moves % 4

    def _legal_actions(self, player: int) -> list[int]:
        return [0, 1, 2, 3, 4] if player == self.moves % 4 else []

    def _apply_action(self, action: int) -> None:
        self.moves += 1

    def is_terminal(self) -> bool:
        return self.moves >= 240

    def returns(self) -> list[float]:
        return [0.0] * 4

    def _action_to_string(self, player: int, action: int) -> str:
        return str(action)

    def __str__(self) -> str:
        return str(self.moves)


pyspiel.register_game(_NO_RULES, NoRulesGame)


def library_loop(name: str, players: int, games: int) -> tuple[int, float]:
    """Random play through the game protocol; (moves, CPU seconds)."""
    game = st.find_game(name)
    rng = random.Random(0)
    choose = rng.choice
    moves = 0
    start = time.process_time()
    for seed in range(games):
        state = game.new_game(players, seed=seed)
        while not game.is_over(state):
            player = choose(game.players_to_act(state))
            state = game.apply_move(state, choose(game.legal_moves(state, player)))
            moves += 1
    return moves, time.process_time() - start


def api_loop(name: str, players: int, games: int) -> tuple[int, float]:
    """Random play through the public functions of the game's package; (moves, CPU
    seconds)."""
    package = importlib.import_module(f"sticheln.{name}")
    new_game, legal_moves, apply_move = package.new_game, package.legal_moves, package.apply_move
    rng = random.Random(0)
    choose = rng.choice
    moves = 0
    start = time.process_time()
    for seed in range(games):
        state = new_game(players, seed=seed)
        while not state.is_over:
            player = state.players_to_act[0]
            state = apply_move(state, choose(legal_moves(state, player)))
            moves += 1
    return moves, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per run (default 20)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per loop (default 5)")
    parser.add_argument("--game", action="append", choices=list(st.GAME_NAMES))
    args = parser.parse_args()
    names = args.game or ["sticheln", "hattrick", "stichling"]
    print(f"Python {platform.python_version()}, pyspiel, {args.games} games x {args.repeats}")
    hearts = pyspiel.load_game("hearts")
    no_rules = pyspiel.load_game(_NO_RULES.short_name)
    rates: dict[str, list[float]] = {}
    for _ in range(args.repeats):
        moves, chance, seconds = spiel_loop(hearts, args.games * 10)
        rates.setdefault("hearts (C++)", []).append(moves / seconds)
        rates.setdefault("hearts (C++) decisions", []).append((moves - chance) / seconds)
        for name in names:
            moves, seconds = api_loop(name, 4, args.games * 2)
            rates.setdefault(f"{name} public API, 4 players", []).append(moves / seconds)
        moves, _chance, seconds = spiel_loop(no_rules, args.games * 2)
        rates.setdefault("no rules (Python, pyspiel)", []).append(moves / seconds)
        for name in names:
            players = st.find_game(name).info.default_players
            game = pyspiel.load_game(adapter.short_name(name))
            moves, chance, seconds = spiel_loop(game, args.games)
            rates.setdefault(f"{name} pyspiel", []).append(moves / seconds)
            rates.setdefault(f"{name} pyspiel decisions", []).append((moves - chance) / seconds)
            moves, seconds = library_loop(name, players, args.games)
            rates.setdefault(f"{name} library", []).append(moves / seconds)
    median = {key: statistics.median(values) for key, values in rates.items()}
    print(f"{'loop':34} {'moves/s':>10} {'ratio':>8}")
    print(f"{'hearts (C++)':34} {median['hearts (C++)']:10.0f}")
    decisions = median["hearts (C++) decisions"]
    print(f"{'hearts (C++) decisions only':34} {decisions:10.0f}")
    for name in names:
        key = f"{name} public API, 4 players"
        own = median[key]
        versus = ""
        if "sticheln" in names and name != "sticheln":
            versus = f"  x{own / median['sticheln public API, 4 players']:.2f} Sticheln"
        print(f"{key:34} {own:10.0f}  x{own / decisions:.2f} hearts{versus}")
    floor = "no rules (Python, pyspiel)"
    print(f"{floor:34} {median[floor]:10.0f}")
    for name in names:
        own = median[f"{name} library"]
        print(f"{name + ' library (protocol)':34} {own:10.0f} {1.0:8.2f}")
        for key in (f"{name} pyspiel", f"{name} pyspiel decisions"):
            label = key + (" (incl. chance)" if key.endswith("pyspiel") else " only")
            print(f"{label:34} {median[key]:10.0f} {median[key] / own:8.2f}")


if __name__ == "__main__":
    main()
