"""Moves per second of this source tree beside those of an earlier revision, in the same run.

Checks the revision out into a temporary git worktree, then runs the random-play loop of a
game (whole games through the public API: ``new_game``, ``legal_moves``, a random choice and
``apply_move`` until the game is over) alternately on the revision and on this tree, each in a
fresh process, and prints the CPU-time figures, their medians and the ratio. Alternating the
runs spreads the machine's changes of speed over both. Run it with::

    python benchmarks/compare_revisions.py REVISION [--game sticheln] [--players 4]
        [--games 400] [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LOOP = """
import random, sys, time
from sticheln import find_game
game = find_game(sys.argv[1])
players, games = int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(0)
moves = 0
start = time.process_time()
for seed in range(games):
    state = game.new_game(players, seed=seed)
    while not game.is_over(state):
        player = rng.choice(game.players_to_act(state))
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
        moves += 1
print(moves / (time.process_time() - start))
"""


def moves_per_second(source: Path, game: str, players: int, games: int) -> float:
    """The moves per CPU second of the loop with the package in ``source`` (a ``src``
    directory)."""
    result = subprocess.run(
        [sys.executable, "-c", LOOP, game, str(players), str(games)],
        env={"PYTHONPATH": str(source), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    return float(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", help="the git revision to compare with, e.g. HEAD~3")
    parser.add_argument("--game", default="sticheln")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=400, help="games per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per tree")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        worktree = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(worktree), args.revision],
            check=True,
            capture_output=True,
        )
        try:
            trees = {args.revision: worktree / "src", "this tree": ROOT / "src"}
            figures: dict[str, list[float]] = {name: [] for name in trees}
            for _ in range(args.repeats):
                for name, source in trees.items():
                    figures[name].append(
                        moves_per_second(source, args.game, args.players, args.games)
                    )
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)],
                check=True,
                capture_output=True,
            )
    print(f"{args.game}, {args.players} players, {args.games} games per run, CPU time")
    for name, values in figures.items():
        runs = " ".join(f"{value:,.0f}" for value in values)
        print(f"{name:>12}: median {statistics.median(values):,.0f} moves/s  (runs: {runs})")
    base, new = (statistics.median(values) for values in figures.values())
    print(f"       ratio: {new / base:.3f} (this tree / {args.revision})")


if __name__ == "__main__":
    main()
