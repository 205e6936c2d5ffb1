"""Moves per second of random play through OpenSpiel (:mod:`sticheln.adapters.openspiel`)
against the library's own protocol loop, in one run, with OpenSpiel's C++ ``hearts`` as the
reference.

For each game: whole games of random play through pyspiel (``legal_actions`` or
``chance_outcomes``, a random choice, ``apply_action``; the dealing chance nodes count as
moves, and are also shown apart), and the same games' random play through the
:class:`~sticheln.Game` protocol (``players_to_act``, ``legal_moves``, ``apply_move``; the
deal is made by ``new_game``). The runs alternate; the figures are CPU time, the median of
the repeats. Needs the ``openspiel`` extra. Run it with::

    python benchmarks/openspiel_speed.py [--games 20] [--repeats 5] [--game NAME ...]
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per run (default 20)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per loop (default 5)")
    parser.add_argument("--game", action="append", choices=list(st.GAME_NAMES))
    args = parser.parse_args()
    names = args.game or ["sticheln", "hattrick", "stichling"]
    print(f"Python {platform.python_version()}, pyspiel, {args.games} games x {args.repeats}")
    hearts = pyspiel.load_game("hearts")
    rates: dict[str, list[float]] = {}
    for _ in range(args.repeats):
        moves, _chance, seconds = spiel_loop(hearts, args.games * 10)
        rates.setdefault("hearts (C++)", []).append(moves / seconds)
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
    for name in names:
        own = median[f"{name} library"]
        print(f"{name + ' library (protocol)':34} {own:10.0f} {1.0:8.2f}")
        for key in (f"{name} pyspiel", f"{name} pyspiel decisions"):
            label = key + (" (incl. chance)" if key.endswith("pyspiel") else " only")
            print(f"{label:34} {median[key]:10.0f} {median[key] / own:8.2f}")


if __name__ == "__main__":
    main()
