"""Moves per second of random play through the PettingZoo adapter, beside the library's own
API, in one run.

Plays whole games of one game with random legal moves, four ways:

- ``library``: the game protocol itself (``new_game``, then ``players_to_act``,
  ``legal_moves``, a random choice and ``apply_move`` until the game is over);
- ``raw env, no obs``: :func:`sticheln.adapters.pettingzoo.raw_env`, reading only the mask
  (``last(observe=False)`` and ``infos[agent]["action_mask"]``): the adapter's own cost;
- ``raw env``: the same with ``last()``, which builds each observation vector, as an agent
  would;
- ``wrapped env``: :func:`sticheln.adapters.pettingzoo.env` (PettingZoo's three classic
  wrappers) with ``last()``.

Each counts the moves made (not the steps that remove finished agents). The runs of the loops
alternate, so that the machine's changes of speed fall on all of them; the figures are CPU time
(``time.process_time``), the median of the repeats, each beside the library's as a ratio. Run
it with::

    python benchmarks/pettingzoo_speed.py [--game sticheln] [--players 4] [--preset NAME]
        [--games 20] [--repeats 5]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from sticheln import find_game
from sticheln.adapters.pettingzoo import env, raw_env

Loop = Callable[[int], tuple[int, float]]


def library_loop(name: str, players: int, preset: str | None) -> Loop:
    """Whole games through the game protocol; (moves, CPU seconds)."""
    game = find_game(name, preset)

    def run(games: int) -> tuple[int, float]:
        choose = random.Random(0).choice
        moves = 0
        start = time.process_time()
        for seed in range(games):
            state = game.new_game(players, seed=seed)
            while not game.is_over(state):
                player = game.players_to_act(state)[0]
                state = game.apply_move(state, choose(game.legal_moves(state, player)))
                moves += 1
        return moves, time.process_time() - start

    return run


def env_loop(table: Any, observe: bool) -> Loop:
    """Whole games through a PettingZoo environment; (moves, CPU seconds)."""

    def run(games: int) -> tuple[int, float]:
        choose = random.Random(0).choice
        flatnonzero = np.flatnonzero
        moves = 0
        start = time.process_time()
        for seed in range(games):
            table.reset(seed=seed)
            for _agent in table.agent_iter():
                observation, _, terminated, truncated, info = table.last(observe)
                if terminated or truncated:
                    table.step(None)
                    continue
                mask = observation["action_mask"] if observe else info["action_mask"]
                table.step(int(choose(flatnonzero(mask))))
                moves += 1
        return moves, time.process_time() - start

    return run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sticheln")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default=None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    name, players, preset = args.game, args.players, args.preset
    loops: dict[str, Loop] = {
        "library": library_loop(name, players, preset),
        "raw env, no obs": env_loop(raw_env(name, players, preset), observe=False),
        "raw env": env_loop(raw_env(name, players, preset), observe=True),
        "wrapped env": env_loop(env(name, players, preset), observe=True),
    }
    rates: dict[str, list[float]] = {label: [] for label in loops}
    for loop in loops.values():  # warm up
        loop(1)
    for _ in range(args.repeats):
        for label, loop in loops.items():
            moves, seconds = loop(args.games)
            rates[label].append(moves / seconds)
    game = find_game(name, preset)
    print(
        f"{game.info.title} ({game.info.rules_name}), {players} players, {args.games} games"
        f" x {args.repeats} repeats; Python {platform.python_version()}, CPU time, median"
    )
    base = statistics.median(rates["library"])
    print(f"{'loop':<16} {'moves/s':>10} {'vs library':>11}")
    for label, values in rates.items():
        rate = statistics.median(values)
        print(f"{label:<16} {rate:>10,.0f} {rate / base:>10.2f}x")


if __name__ == "__main__":
    main()
