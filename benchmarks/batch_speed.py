"""Moves per second of the lockstep batch simulators beside the library's random-play loop.

Measures the lockstep batch (random games of Sticheln, all at once with numpy) at several batch
sizes, without and with the observation vectors and action masks of the encoding, and in the
same run the random-play loop of Sticheln's own functions (``new_game``, then ``legal_moves``,
a random choice and ``apply_move`` until the game is over, as in
``benchmarks/random_play.py``), also with the encoding's observation and mask taken before
every move. The runs alternate, so that the machine's changes of speed fall on all of them;
figures are CPU time (``time.process_time``), the median of the repeats, each printed with its
ratio to the loop. With observations every move stores ``observation_size + num_actions`` bytes
(988 at 4 players), so above ``--observe-at-most`` games only the first that many games are
observed (``observed_games``); the rate still counts every move of the batch.

Hattrick is measured the same way, in the same runs: :func:`sticheln.hattrick.batch.simulate`
(AMIGO 1995 rules) at ``--hattrick-sizes`` games beside Hattrick's own random-play loop
(``sticheln.hattrick``'s ``new_game``, ``legal_moves``, a random choice, ``apply_move``), each
with its ratio to that loop. With numba installed (the ``fast`` extra) the batches without
observations are measured twice, their tricks (Hattrick's turns) played by the numpy loop and
by compiled code (``STICHELN_PLAYOUTS=python`` and ``compiled``, set by the script); the
batches are the same.

Stichling too: :func:`sticheln.stichling.batch.simulate` (Ravensburger 2015 rules) at
``--stichling-sizes`` games, on both paths, beside Stichling's own random-play loop
(``sticheln.stichling``'s ``new_game``, ``legal_moves``, a random choice, ``apply_move``), with
the goal of :data:`STICHLING_GOAL` moves a second printed beside the compiled batches, and
with the observations and masks of its first ``--observe-at-most`` games. Run it with::

    python benchmarks/batch_speed.py [--players 4] [--sizes 1000 10000 100000] [--repeats 5]
        [--api-games 300] [--observe-at-most 10000] [--hattrick-sizes 1000 10000]
        [--stichling-sizes 1000 10000]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import statistics
import time
from types import ModuleType

import numpy as np

import sticheln as st
from sticheln import hattrick as ht
from sticheln import stichling as sl
from sticheln.hattrick.batch import simulate as simulate_hattrick
from sticheln.sticheln.batch import simulate
from sticheln.stichling.batch import simulate as simulate_stichling

_PATH_NAMES = {"python": "numpy loop", "compiled": "compiled"}

STICHLING_GOAL = 5_000_000
"""The moves a second that Stichling's batch simulator should play, compiled."""


def api_loop(game: ModuleType, players: int, games: int) -> tuple[int, float]:
    """Whole games of random moves through the own functions of ``game``'s module
    (:mod:`sticheln` or :mod:`sticheln.hattrick`); (moves, CPU seconds)."""
    new_game, legal_moves, apply_move = game.new_game, game.legal_moves, game.apply_move
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


def sticheln_api_observed(players: int, games: int) -> tuple[int, float]:
    """The same loop, also taking the encoding's observation and action mask of the player to
    move before every move, as the batch does with ``observations=True``."""
    encoding = st.find_game("sticheln").encoding(players)
    rng = random.Random(0)
    choose = rng.choice
    moves = 0
    start = time.process_time()
    for seed in range(games):
        state = st.new_game(players, seed=seed)
        while not state.is_over:
            player = state.players_to_act[0]
            encoding.observation(st.observe(state, player))
            encoding.action_mask(state, player)
            state = st.apply_move(state, choose(st.legal_moves(state, player)))
            moves += 1
    return moves, time.process_time() - start


def hattrick_batch(players: int, games: int, seed: int, path: str) -> tuple[int, float]:
    """One batch of ``games`` games of Hattrick, its turns played on ``path`` (``python`` or
    ``compiled``); (moves, CPU seconds)."""
    os.environ["STICHELN_PLAYOUTS"] = path
    start = time.process_time()
    result = simulate_hattrick(ht.AMIGO_1995, players, games, seed)
    return result.moves, time.process_time() - start


def stichling_batch(
    players: int, games: int, seed: int, path: str, observed: int | None = None
) -> tuple[int, float]:
    """One batch of ``games`` games of Stichling, its hands played on ``path`` (``python`` or
    ``compiled``), the first ``observed`` observed; (moves, CPU seconds)."""
    os.environ["STICHELN_PLAYOUTS"] = path
    start = time.process_time()
    result = simulate_stichling(
        sl.RAVENSBURGER_2015,
        players,
        games,
        seed,
        observations=observed is not None,
        observed_games=observed,
    )
    return result.moves, time.process_time() - start


def batch(
    players: int, games: int, seed: int, observed: int | None, path: str
) -> tuple[int, float]:
    """One batch of ``games`` games, its tricks played on ``path`` (``python`` or
    ``compiled``); (moves, CPU seconds)."""
    os.environ["STICHELN_PLAYOUTS"] = path
    start = time.process_time()
    result = simulate(
        st.NSV,
        players,
        games,
        seed,
        observations=observed is not None,
        observed_games=observed,
    )
    return result.moves, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000, 100_000])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--api-games", type=int, default=300, help="games per run of the loop")
    parser.add_argument("--observe-at-most", type=int, default=10_000)
    parser.add_argument("--hattrick-sizes", type=int, nargs="*", default=[1000, 10_000])
    parser.add_argument("--stichling-sizes", type=int, nargs="*", default=[1000, 10_000])
    args = parser.parse_args()
    n = args.players
    paths = ["python", "compiled"] if importlib.util.find_spec("numba") else ["python"]
    for path in paths:  # build the tables and the encoding, load the compiled code, once
        os.environ["STICHELN_PLAYOUTS"] = path
        simulate(st.NSV, n, 10, observations=True)
    hattrick_sizes = args.hattrick_sizes if n in ht.AMIGO_1995.player_counts else []
    if hattrick_sizes:
        for path in paths:  # build Hattrick's tables once
            os.environ["STICHELN_PLAYOUTS"] = path
            simulate_hattrick(ht.AMIGO_1995, n, 10)
    stichling_sizes = args.stichling_sizes if n in sl.RAVENSBURGER_2015.player_counts else []
    if stichling_sizes:
        for path in paths:  # build Stichling's tables once
            os.environ["STICHELN_PLAYOUTS"] = path
            simulate_stichling(sl.RAVENSBURGER_2015, n, 10)
    stichling_figures: dict[str, list[float]] = {"Stichling API random loop": []}
    stichling_labels: dict[str, tuple[int, str, int | None]] = {}
    for size in stichling_sizes:
        for path in paths:
            label = f"Stichling batch {size:>7,} games, {_PATH_NAMES[path]}"
            stichling_labels[label] = (size, path, None)
            stichling_figures[label] = []
    for size in stichling_sizes:
        observed = min(size, args.observe_at_most)
        note = "" if observed == size else f", first {observed:,} observed"
        label = f"Stichling batch {size:>7,} games, observations{note}"
        stichling_labels[label] = (size, paths[-1], observed)
        stichling_figures[label] = []
    hattrick_figures: dict[str, list[float]] = {"Hattrick API random loop": []}
    hattrick_labels: dict[str, tuple[int, str]] = {}
    for size in hattrick_sizes:
        for path in paths:
            label = f"Hattrick batch {size:>7,} games, {_PATH_NAMES[path]}"
            hattrick_labels[label] = (size, path)
            hattrick_figures[label] = []
    labels: dict[str, tuple[int, int | None, str]] = {}
    for size in args.sizes:
        for path in paths:
            labels[f"batch {size:>7,} games, {_PATH_NAMES[path]}"] = (size, None, path)
    for size in args.sizes:
        observed = min(size, args.observe_at_most)
        note = "" if observed == size else f", first {observed:,} observed"
        labels[f"batch {size:>7,} games, observations{note}"] = (size, observed, paths[-1])
    api = "API random loop"
    api_observed = "API random loop, observations"
    figures: dict[str, list[float]] = {label: [] for label in [api, api_observed, *labels]}
    for repeat in range(args.repeats):
        moves, seconds = api_loop(st, n, args.api_games)
        figures[api].append(moves / seconds)
        moves, seconds = sticheln_api_observed(n, max(1, args.api_games // 10))
        figures[api_observed].append(moves / seconds)
        for label, (size, observed, path) in labels.items():
            moves, seconds = batch(n, size, repeat, observed, path)
            figures[label].append(moves / seconds)
        if hattrick_sizes:
            moves, seconds = api_loop(ht, n, args.api_games)
            hattrick_figures["Hattrick API random loop"].append(moves / seconds)
            for label, (size, path) in hattrick_labels.items():
                moves, seconds = hattrick_batch(n, size, repeat, path)
                hattrick_figures[label].append(moves / seconds)
        if stichling_sizes:
            moves, seconds = api_loop(sl, n, args.api_games)
            stichling_figures["Stichling API random loop"].append(moves / seconds)
            for label, (size, path, observed) in stichling_labels.items():
                moves, seconds = stichling_batch(n, size, repeat, path, observed)
                stichling_figures[label].append(moves / seconds)
    print(
        f"python {platform.python_version()}, numpy {np.__version__} on {platform.machine()}, "
        f"{n} players, NSV rules, CPU time, median of {args.repeats} runs "
        f"(loop: {args.api_games} games per run, "
        f"{max(1, args.api_games // 10)} with observations)"
    )
    reference = statistics.median(figures[api])
    observed_reference = statistics.median(figures[api_observed])
    width = max(map(len, figures))
    for label, values in figures.items():
        median = statistics.median(values)
        spread = f"{min(values):,.0f}-{max(values):,.0f}"
        also = ""
        if "observations" in label:
            also = f", x{median / observed_reference:,.1f} of the loop with observations"
        print(
            f"{label:<{width}} {median:>12,.0f} moves/s  (runs {spread})  "
            f"x{median / reference:,.1f} of the loop{also}"
        )
    if hattrick_sizes:
        print(
            f"Hattrick, {n} players, AMIGO 1995 rules, CPU time, median of {args.repeats} runs "
            f"(loop: {args.api_games} games per run)"
        )
        hattrick_reference = statistics.median(hattrick_figures["Hattrick API random loop"])
        width = max(map(len, hattrick_figures))
        for label, values in hattrick_figures.items():
            median = statistics.median(values)
            spread = f"{min(values):,.0f}-{max(values):,.0f}"
            print(
                f"{label:<{width}} {median:>12,.0f} moves/s  (runs {spread})  "
                f"x{median / hattrick_reference:,.1f} of the loop"
            )

    if stichling_sizes:
        print(
            f"Stichling, {n} players, Ravensburger 2015 rules, CPU time, median of "
            f"{args.repeats} runs (loop: {args.api_games} games per run); goal "
            f"{STICHLING_GOAL / 1e6:,.0f} million moves/s"
        )
        stichling_reference = statistics.median(stichling_figures["Stichling API random loop"])
        width = max(map(len, stichling_figures))
        for label, values in stichling_figures.items():
            median = statistics.median(values)
            spread = f"{min(values):,.0f}-{max(values):,.0f}"
            goal = ""
            if label.endswith(_PATH_NAMES["compiled"]):
                met = "met" if median >= STICHLING_GOAL else "not met"
                goal = f", x{median / STICHLING_GOAL:,.2f} of the goal ({met})"
            print(
                f"{label:<{width}} {median:>12,.0f} moves/s  (runs {spread})  "
                f"x{median / stichling_reference:,.1f} of the loop{goal}"
            )


if __name__ == "__main__":
    main()
