"""ISMCTS iterations per second, averaged over whole games, in CPU time.

For every game (Sticheln, Hattrick, Stichling) an ISMCTS bot with its default settings
(``make_bot("ismcts", game)``: for Sticheln the heuristic playout policy) plays whole games in
seat 0 against the game's heuristic bots, with a fixed number of iterations per search. The
figure of a game is the iterations of all its searches divided by the CPU time
(:func:`time.process_time`) they took; the script prints the median over the games and the
figure of all games together.

Each game is searched twice, on the game's fast path (Sticheln's heuristic playouts on
:mod:`sticheln.sticheln.playout`, Stichling's random playouts on
:mod:`sticheln.stichling.playout`, Hattrick's hand sampler on its engine) and on the
generic protocol path (:meth:`Game.sample_state <sticheln.Game.sample_state>` and the
protocol's functions; ``--no-fast`` measures the latter only), so that the figures before and
after, and their ratio, come from the same run on the same machine.

The script uses only :func:`~sticheln.bots.make_ismcts_bot`, so it also measures an older
revision exported with ``git archive REV | tar -x -C /tmp/old``:
``PYTHONPATH=/tmp/old/src python benchmarks/ismcts_speed.py --game hattrick``.

    python benchmarks/ismcts_speed.py --games 5 --iterations 200
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from typing import Any

import sticheln as st
from sticheln.bots import make_bot, make_ismcts_bot


def play_game(
    game: st.Game[Any, Any, Any],
    players: int,
    seed: int,
    iterations: int,
    fast: bool,
    opponents: str = "heuristic",
) -> tuple[int, float]:
    """Play one game, the ISMCTS bot in seat 0: its iterations and their CPU seconds."""
    # make_ismcts_bot, not a bot spec, so that the script also measures older revisions
    # (PYTHONPATH=/tmp/old/src) that lack bot specs.
    bot = make_ismcts_bot(game, iterations=iterations, seed=seed)
    bot._fast_playouts = fast
    others = [make_bot(opponents, game) for _ in range(players - 1)]
    bots = [bot, *others]
    rngs = [random.Random(f"{seed}/{p}") for p in range(players)]
    state = game.new_game(players, seed=seed)
    done = 0
    spent = 0.0
    while not game.is_over(state):
        player = game.players_to_act(state)[0]
        moves = game.legal_moves(state, player)
        view = game.observe(state, player)
        if player == 0:
            start = time.process_time()
            move = bot.choose(view, moves, rngs[0])
            spent += time.process_time() - start
            done += bot.last_iterations
        else:
            move = bots[player].choose(view, moves, rngs[player])
        state = game.apply_move(state, move)
    return done, spent


def measure(
    name: str,
    players: int,
    games: int,
    iterations: int,
    seed: int,
    paths: list[bool],
    opponents: str = "heuristic",
) -> dict[bool, tuple[float, float]]:
    """For each path, the median over the games of the iterations per CPU second, and the
    figure of all games together."""
    game = st.find_game(name)
    # Warm up (tables of the fast path, caches of the engine).
    play_game(game, players, seed - 1, 5, True, opponents)
    per_game: dict[bool, list[float]] = {fast: [] for fast in paths}
    totals: dict[bool, list[float]] = {fast: [0, 0.0] for fast in paths}
    for g in range(games):
        for fast in paths:
            done, spent = play_game(game, players, seed + g, iterations, fast, opponents)
            per_game[fast].append(done / spent)
            totals[fast][0] += done
            totals[fast][1] += spent
    return {
        fast: (statistics.median(per_game[fast]), totals[fast][0] / totals[fast][1])
        for fast in paths
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per game and path")
    parser.add_argument("--iterations", type=int, default=200, help="iterations per search")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--game", action="append", choices=list(st.GAME_NAMES), help="default: all three"
    )
    parser.add_argument(
        "--opponents",
        default="heuristic",
        help="the bot of the other seats (random for revisions without a Hattrick heuristic)",
    )
    parser.add_argument("--no-fast", action="store_true", help="the protocol path only")
    args = parser.parse_args(argv)
    names = args.game or ["sticheln", "hattrick", "stichling"]
    print(
        f"python {platform.python_version()}, {args.players} players, {args.games} games, "
        f"{args.iterations} iterations per search, {args.opponents} opponents; ISMCTS "
        f"iterations per CPU second over whole games (median of the games / all games)"
    )
    for name in names:
        paths = [False] if args.no_fast else [False, True]
        result = measure(
            name, args.players, args.games, args.iterations, args.seed, paths, args.opponents
        )
        generic = result[False]
        print(f"{name:10} protocol path  {generic[0]:8.0f} / {generic[1]:8.0f} it/s")
        if True in result:
            fast = result[True]
            print(
                f"{name:10} fast path      {fast[0]:8.0f} / {fast[1]:8.0f} it/s"
                f"   ratio {fast[0] / generic[0]:.2f} / {fast[1] / generic[1]:.2f}"
            )


if __name__ == "__main__":
    main()
