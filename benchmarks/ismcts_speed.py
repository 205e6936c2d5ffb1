"""ISMCTS iterations per second, averaged over whole games, in CPU time.

For every game (Sticheln, Hattrick, Stichling) an ISMCTS bot with its default settings
(``make_bot("ismcts", game)``: for Sticheln the heuristic playout policy) plays whole games in
seat 0 against the game's heuristic bots, with a fixed number of iterations per search. The
figure of a game is the iterations of all its searches divided by the CPU time
(:func:`time.process_time`) they took; the script prints the median over the games and the
figure of all games together.

Each game is searched on the game's fast path (Sticheln's heuristic playouts on
:mod:`sticheln.sticheln.playout`, Stichling's and Hattrick's random playouts on
:mod:`sticheln.stichling.playout` and :mod:`sticheln.hattrick.playout`) and on the
generic protocol path (:meth:`Game.sample_state <sticheln.Game.sample_state>` and the
protocol's functions; ``--no-fast`` measures the latter only), so that the figures before and
after, and their ratio, come from the same run on the same machine. The fast paths are
measured twice when numba (the ``fast`` extra) is installed: their playouts in Python and
compiled (``STICHELN_PLAYOUTS=python`` and ``compiled``, set by the script). A game that
declares a sampler of the hand in progress too (:attr:`GameInfo.hand_sampler
<sticheln.GameInfo.hand_sampler>`) is also measured on it (``sampler``: the states it draws,
played on the engine, the path of the searches with other playouts and Hattrick's fast path
before it had its own). Beside the figure over whole games, the script prints that of the
searches at the start of a round (the first decision of each round, whose playouts are the
longest).

``--first-call`` measures what the compiled playouts cost once per process, in fresh
processes: importing numba and compiling the kernel (an empty numba cache) or loading it
from the cache, as the CPU time of a first one-iteration search minus that of a second.

The script uses only :func:`~sticheln.bots.make_ismcts_bot`, so it also measures an older
revision exported with ``git archive REV | tar -x -C /tmp/old``:
``PYTHONPATH=/tmp/old/src python benchmarks/ismcts_speed.py --game hattrick``.

    python benchmarks/ismcts_speed.py --games 5 --iterations 200
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import sticheln as st
from sticheln.bots import make_bot, make_ismcts_bot
from sticheln.bots.ismcts import _declared

COMPILED = ("sticheln", "hattrick", "stichling")
"""The games whose fast paths have compiled playouts."""

PATHS = ("protocol", "sampler", "python", "compiled")
"""The paths measured: the protocol's, the game's hand sampler on the engine (for the games
that declare one), the fast path with its playouts in Python, and the fast path with its
playouts compiled (when numba is installed, for the games of :data:`COMPILED`)."""


def play_game(
    game: st.Game[Any, Any, Any],
    players: int,
    seed: int,
    iterations: int,
    path: str,
    opponents: str = "heuristic",
) -> tuple[int, float, int, float]:
    """Play one game, the ISMCTS bot in seat 0: its iterations and their CPU seconds, over the
    game and at the first decision of each round."""
    # make_ismcts_bot, not a bot spec, so that the script also measures older revisions
    # (PYTHONPATH=/tmp/old/src) that lack bot specs.
    bot = make_ismcts_bot(game, iterations=iterations, seed=seed)
    bot._fast_playouts = path != "protocol"
    if path == "sampler":
        bot._paths = (None, _declared(game, "hand_sampler"))
    os.environ["STICHELN_PLAYOUTS"] = "compiled" if path == "compiled" else "python"
    others = [make_bot(opponents, game) for _ in range(players - 1)]
    bots = [bot, *others]
    rngs = [random.Random(f"{seed}/{p}") for p in range(players)]
    state = game.new_game(players, seed=seed)
    done = 0
    spent = 0.0
    start_done = 0
    start_spent = 0.0
    searched_deal = -1
    while not game.is_over(state):
        player = game.players_to_act(state)[0]
        moves = game.legal_moves(state, player)
        view = game.observe(state, player)
        if player == 0:
            start = time.process_time()
            move = bot.choose(view, moves, rngs[0])
            took = time.process_time() - start
            spent += took
            done += bot.last_iterations
            deal = game.deal_number(state)
            if bot.last_iterations and deal != searched_deal:
                searched_deal = deal
                start_done += bot.last_iterations
                start_spent += took
        else:
            move = bots[player].choose(view, moves, rngs[player])
        state = game.apply_move(state, move)
    return done, spent, start_done, start_spent


def measure(
    name: str,
    players: int,
    games: int,
    iterations: int,
    seed: int,
    paths: list[str],
    opponents: str = "heuristic",
) -> dict[str, tuple[float, float, float]]:
    """For each path, the median over the games of the iterations per CPU second, the figure
    of all games together, and that of the first searches of the rounds together."""
    game = st.find_game(name)
    # Warm up (tables of the fast path, caches of the engine, the compiled kernel).
    for path in paths:
        play_game(game, players, seed - 1, 5, path, opponents)
    per_game: dict[str, list[float]] = {path: [] for path in paths}
    totals: dict[str, list[float]] = {path: [0, 0.0, 0, 0.0] for path in paths}
    for g in range(games):
        for path in paths:
            figures = play_game(game, players, seed + g, iterations, path, opponents)
            per_game[path].append(figures[0] / figures[1])
            for k, figure in enumerate(figures):
                totals[path][k] += figure
    return {
        path: (
            statistics.median(per_game[path]),
            totals[path][0] / totals[path][1],
            totals[path][2] / totals[path][3],
        )
        for path in paths
    }


_FIRST_CALL = """
import random, sys, time
import sticheln as st
from sticheln.bots import make_ismcts_bot
game = st.StichelnGame()
state = game.new_game(4, seed=1)
view, moves = game.observe(state, 0), game.legal_moves(state, 0)
times = []
for _ in range(2):
    bot = make_ismcts_bot(game, iterations=1, seed=1)
    start = time.process_time()
    bot.choose(view, moves, random.Random(1))
    times.append(time.process_time() - start)
print(times[0] - times[1])
"""


def first_call(repeats: int) -> tuple[float, float]:
    """The median CPU seconds that the compiled playouts add to a process's first search:
    with an empty numba cache (compiling) and with the cache it left (loading)."""
    compiling: list[float] = []
    loading: list[float] = []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "NUMBA_CACHE_DIR": cache, "STICHELN_PLAYOUTS": "compiled"}
            for figures in (compiling, loading):
                out = subprocess.run(
                    [sys.executable, "-c", _FIRST_CALL],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                )
                figures.append(float(out.stdout))
    return statistics.median(compiling), statistics.median(loading)


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
    parser.add_argument(
        "--first-call",
        type=int,
        default=0,
        metavar="REPEATS",
        help="measure the once-per-process cost of the compiled playouts instead",
    )
    args = parser.parse_args(argv)
    compiled = importlib.util.find_spec("numba") is not None
    if args.first_call:
        if not compiled:
            parser.error("--first-call needs numba (the fast extra)")
        compiling, loading = first_call(args.first_call)
        print(
            f"python {platform.python_version()}, first search of a process, median of "
            f"{args.first_call}: {compiling:.2f} s CPU compiling the playouts (empty numba "
            f"cache), {loading:.2f} s loading them from the cache"
        )
        return
    names = args.game or ["sticheln", "hattrick", "stichling"]
    print(
        f"python {platform.python_version()}, {args.players} players, {args.games} games, "
        f"{args.iterations} iterations per search, {args.opponents} opponents; ISMCTS "
        f"iterations per CPU second (median of the games / all games / first searches of "
        f"the rounds)"
    )
    for name in names:
        paths = ["protocol"]
        if not args.no_fast:
            if st.find_game(name).info.hand_sampler is not None:
                paths.append("sampler")
            paths.append("python")
            if compiled and name in COMPILED:
                paths.append("compiled")
        result = measure(
            name, args.players, args.games, args.iterations, args.seed, paths, args.opponents
        )
        generic = result["protocol"]
        for path in paths:
            figures = result[path]
            line = (
                f"{name:10} {path:9} {figures[0]:8.0f} / {figures[1]:8.0f} / {figures[2]:8.0f} it/s"
            )
            if path != "protocol":
                line += "   ratio " + " / ".join(
                    f"{a / b:.2f}" for a, b in zip(figures, generic, strict=True)
                )
            print(line)


if __name__ == "__main__":
    main()
