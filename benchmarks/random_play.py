"""Moves per second of a random-play loop, for every game of the library, in one run.

Plays whole games of each game for a fixed number of games per run: Sticheln's own functions
(``new_game``, then ``legal_moves``, a random choice and ``apply_move`` until the game is
over), and each registered game through the game protocol (the same loop, through
``find_game(name)``). The runs of the games alternate, so that the machine's changes of speed
fall on all of them, and the figures are CPU time, the median of the repeats, each printed
beside Sticheln's as a ratio. Run it with::

    python benchmarks/random_play.py [--players 4] [--games 300] [--repeats 5]
        [--game NAME ...]

With ``--count-moves`` it plays the protocol loops of the named games once, without timing,
and prints the number of moves they made (``moves: N``): what
``benchmarks/instructions_per_move.sh`` divides valgrind's instruction counts by.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable

import sticheln as st


def sticheln_api(players: int, games: int) -> tuple[int, float]:
    """Whole games through Sticheln's own functions; (moves, CPU seconds)."""
    rng = random.Random(0)
    choose = rng.choice
    moves = 0
    start = time.process_time()
    for seed in range(games):
        state = st.new_game(players, seed=seed)
        while not state.is_over:
            player = state.players_to_act[0]
            state = st.apply_move(state, choose(st.legal_moves(state, player)))
            moves += 1
    return moves, time.process_time() - start


def protocol_loop(name: str) -> Callable[[int, int], tuple[int, float]]:
    """Whole games of the game called ``name`` through the game protocol."""
    game = st.find_game(name)

    def run(players: int, games: int) -> tuple[int, float]:
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

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300, help="games per run")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--game",
        action="append",
        dest="names",
        metavar="NAME",
        help="a registered game to measure (default: every game that allows --players)",
    )
    parser.add_argument(
        "--count-moves",
        action="store_true",
        help="play the protocol loops of the games once and print their moves, no timing",
    )
    args = parser.parse_args()
    names = args.names or [
        name for name in st.GAME_NAMES if args.players in st.find_game(name).info.player_counts
    ]
    if args.count_moves:
        total = sum(protocol_loop(name)(args.players, args.games)[0] for name in names)
        print(f"moves: {total}")
        return
    loops: dict[str, Callable[[int, int], tuple[int, float]]] = {
        "sticheln (its functions)": sticheln_api
    }
    loops.update({f"{name} (protocol)": protocol_loop(name) for name in names})
    figures: dict[str, list[float]] = {label: [] for label in loops}
    for _ in range(args.repeats):
        for label, loop in loops.items():
            moves, seconds = loop(args.players, args.games)
            figures[label].append(moves / seconds)
    print(
        f"python {platform.python_version()} on {platform.machine()}, {args.players} players, "
        f"{args.games} games per run, CPU time, median of {args.repeats} runs"
    )
    reference = statistics.median(figures["sticheln (its functions)"])
    for label, values in figures.items():
        median = statistics.median(values)
        spread = f"{min(values):,.0f}-{max(values):,.0f}"
        print(
            f"{label:<26} {median:>10,.0f} moves/s  (runs {spread})  "
            f"x{median / reference:.2f} of Sticheln"
        )


if __name__ == "__main__":
    main()
