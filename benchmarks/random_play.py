"""Moves per second of a random-play loop through the public API.

Plays whole games (``new_game``, then ``legal_moves``, a random choice and ``apply_move``
until the game is over) for a fixed time and prints the figures. Run it with::

    python benchmarks/random_play.py [--players 4] [--seconds 10] [--games N]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import sticheln as st


def run(
    players: int, seconds: float, rules: st.Rules, games_wanted: int | None = None
) -> tuple[int, int, float]:
    """Play random games for about ``seconds`` (or exactly ``games_wanted`` games); return
    (games, moves, elapsed seconds)."""
    rng = random.Random(0)
    choose = rng.choice
    games = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline if games_wanted is None else games < games_wanted:
        state = st.new_game(players, seed=games, rules=rules)
        games += 1
        while not state.is_over:
            player = state.players_to_act[0]
            state = st.apply_move(state, choose(st.legal_moves(state, player)))
            moves += 1
    return games, moves, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rules", default="nsv", choices=sorted(st.PRESETS))
    parser.add_argument(
        "--games", type=int, default=None, help="play exactly this many games instead"
    )
    args = parser.parse_args()
    rules = st.Rules.preset(args.rules)
    games, moves, elapsed = run(args.players, args.seconds, rules, args.games)
    print(
        f"python {platform.python_version()} on {platform.machine()}, "
        f"{args.players} players, rules {rules.name!r}"
    )
    print(f"games:          {games}")
    print(f"moves:          {moves}")
    if elapsed > 0 and games:
        print(f"moves/second:   {moves / elapsed:,.0f}")
        print(f"games/second:   {games / elapsed:,.1f}")


if __name__ == "__main__":
    main()
