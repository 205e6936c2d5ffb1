"""Steps per second of the Gymnasium environment with random masked actions, beside the
library's own random play, in one run.

Plays whole games of one game with random legal moves, five ways:

- ``library``: the game protocol itself (``new_game``, then ``players_to_act``,
  ``legal_moves``, a random choice and ``apply_move`` until the game is over);
- ``library, views``: the same, reading the mover's view (``observe``) before each move, as a
  loop of bots does;
- ``raw env``: :class:`sticheln.adapters.gymnasium.GameEnv` with ``episode="game"``: the learner
  picks a random action of ``info["action_mask"]``, the opponents (a policy) a random legal
  move; each step builds the learner's observation vector and mask, and each opponent's move
  reads its view;
- ``made env``: the same through ``gymnasium.make`` (Gymnasium's order-enforcing and
  passive-checker wrappers);
- ``normalised env``: the raw environment with ``normalise=True`` (``float32`` observations).

Each environment counts its moves (the learner's and the opponents'), and its learner steps
(``step`` calls). The runs of the loops alternate, so that the machine's changes of speed fall
on all of them; the figures are CPU time (``time.process_time``), the median of the repeats,
each beside the library's moves per second as a ratio. Run it with::

    python benchmarks/gymnasium_speed.py [--game sticheln] [--players 4] [--preset NAME]
        [--games 20] [--repeats 5]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from sticheln import find_game
from sticheln.adapters.gymnasium import GameEnv, env_id

Loop = Callable[[int], tuple[int, int, float]]
"""``loop(games)``: (moves, learner steps, CPU seconds)."""


def library_loop(name: str, players: int, preset: str | None, views: bool) -> Loop:
    """Whole games through the game protocol, reading the mover's view if ``views``."""
    game = find_game(name, preset)

    def run(games: int) -> tuple[int, int, float]:
        choose = random.Random(0).choice
        observe = game.observe
        moves = 0
        start = time.process_time()
        for seed in range(games):
            state = game.new_game(players, seed=seed)
            while not game.is_over(state):
                player = game.players_to_act(state)[0]
                if views:
                    observe(state, player)
                state = game.apply_move(state, choose(game.legal_moves(state, player)))
                moves += 1
        return moves, 0, time.process_time() - start

    return run


class CountingRandom:
    """Opponents that play a random legal move and count the moves they make."""

    def __init__(self) -> None:
        self.moves = 0
        self._choose = random.Random(1).choice

    def __call__(self, view: Any, moves: Sequence[Any]) -> Any:
        self.moves += 1
        return self._choose(moves)


def env_loop(make: Callable[[CountingRandom], Any]) -> Loop:
    """Whole games through an environment made by ``make(opponents)``."""
    opponents = CountingRandom()
    env = make(opponents)

    def run(games: int) -> tuple[int, int, float]:
        rng = np.random.default_rng(0)
        flatnonzero = np.flatnonzero
        opponents.moves = steps = 0
        start = time.process_time()
        for seed in range(games):
            _, info = env.reset(seed=seed)
            done = False
            while not done:
                action = rng.choice(flatnonzero(info["action_mask"]))
                _, _, done, _, info = env.step(action)
                steps += 1
        return steps + opponents.moves, steps, time.process_time() - start

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
    common: dict[str, Any] = {"players": players, "preset": preset, "episode": "game"}
    loops: dict[str, Loop] = {
        "library": library_loop(name, players, preset, views=False),
        "library, views": library_loop(name, players, preset, views=True),
        "raw env": env_loop(lambda opponents: GameEnv(name, opponents=opponents, **common)),
        "made env": env_loop(
            lambda opponents: gymnasium.make(env_id(name), opponents=opponents, **common)
        ),
        "normalised env": env_loop(
            lambda opponents: GameEnv(name, opponents=opponents, normalise=True, **common)
        ),
    }
    moves_rates: dict[str, list[float]] = {label: [] for label in loops}
    step_rates: dict[str, list[float]] = {label: [] for label in loops}
    for loop in loops.values():  # warm up
        loop(1)
    for _ in range(args.repeats):
        for label, loop in loops.items():
            moves, steps, seconds = loop(args.games)
            moves_rates[label].append(moves / seconds)
            step_rates[label].append(steps / seconds)
    game = find_game(name, preset)
    print(
        f"{game.info.title} ({game.info.rules_name}), {players} players, {args.games} games"
        f" x {args.repeats} repeats; Python {platform.python_version()}, CPU time, median"
    )
    base = statistics.median(moves_rates["library"])
    print(f"{'loop':<16} {'moves/s':>10} {'vs library':>11} {'steps/s':>10}")
    for label in loops:
        rate = statistics.median(moves_rates[label])
        steps = statistics.median(step_rates[label])
        shown = f"{steps:>10,.0f}" if steps else f"{'-':>10}"
        print(f"{label:<16} {rate:>10,.0f} {rate / base:>10.2f}x {shown}")


if __name__ == "__main__":
    main()
