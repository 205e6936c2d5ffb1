"""Moves per second of the games' public functions with their engine modules compiled by
mypyc, beside the same source run by the interpreter, and OpenSpiel's C++ ``hearts`` as the
reference, in one run.

The package is copied twice into a temporary directory, and in one copy the engine module of
each game that comes with the library (the module of its package's ``apply_move``), with any
other modules named by ``--module`` (paths under ``src``), is compiled to C extensions with
mypyc. Then, alternately and each in a fresh process, each copy runs the loop of
``openspiel_speed.py``'s goal: whole 4-player games of random play through the public
functions (``new_game``, ``legal_moves``, ``apply_move``), beside C++ hearts driven from
Python, counted in hearts' decisions. The same games are played once before they are timed,
so that what an engine builds on first use is in place (Stichling's tables of moves fill as
games go), as in ``openspiel_speed.py``'s repeats. The figures are CPU time, the median of the
repeats. Needs mypy (which brings mypyc; the ``dev`` extra), a C compiler and the
``openspiel`` extra. Run it with::

    python benchmarks/compiled_engine.py [--games 40] [--repeats 5] [--module PATH ...]
    python benchmarks/compiled_engine.py --repeats 5 --module sticheln/sticheln/trick.py

The library itself ships no compiled module: this measures what compiling would give. mypyc
checks each argument's declared type on entry, before the library's own checks, so a compiled
engine answers a wrong type with mypyc's :exc:`TypeError` rather than the library's
:exc:`~sticheln.WrongTypeError` and its message.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import sticheln as st

ROOT = Path(__file__).resolve().parent.parent
GAMES = tuple(name for name in st.GAME_NAMES if importlib.util.find_spec(f"sticheln.{name}"))
"""The registered games that come with the library: those with a package of their own."""


def engine_module(game: str) -> str:
    """The path under ``src`` of the module of ``game``'s public ``apply_move``."""
    module: str = importlib.import_module(f"sticheln.{game}").apply_move.__module__
    return module.replace(".", "/") + ".py"


LOOP = """
import importlib, json, sys
sys.path.insert(0, sys.argv[1])
import pyspiel
from openspiel_speed import api_loop, spiel_loop
games = int(sys.argv[2])
moves, chance, seconds = spiel_loop(pyspiel.load_game("hearts"), games * 5)
figures = {"hearts": (moves - chance) / seconds}
for name in sys.argv[3:]:
    api_loop(name, 4, games)  # first use: imports, and tables that fill as games go
    moves, seconds = api_loop(name, 4, games)
    figures[name] = moves / seconds
engines = [importlib.import_module(f"sticheln.{name}").apply_move for name in sys.argv[3:]]
figures["compiled"] = all(type(engine).__name__ != "function" for engine in engines)
print(json.dumps(figures))
"""


def run_copy(source: Path, games: int) -> dict[str, float]:
    """The figures of one process with the package in ``source`` (a ``src`` directory)."""
    result = subprocess.run(
        [sys.executable, "-c", LOOP, str(ROOT / "benchmarks"), str(games), *GAMES],
        env={"PYTHONPATH": str(source), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(result.stdout)
    return figures


def copy_package(target: Path) -> Path:
    """A copy of the package's source in ``target/src``, without byte code."""
    source = target / "src"
    shutil.copytree(
        ROOT / "src" / "sticheln",
        source / "sticheln",
        ignore=shutil.ignore_patterns("__pycache__", "*.so"),
    )
    return source


def compile_modules(source: Path, modules: list[str]) -> None:
    """Compile ``modules`` (paths under ``source``) in place with mypyc."""
    result = subprocess.run(
        [sys.executable, "-m", "mypyc", *modules],
        cwd=source,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        sys.exit(f"mypyc failed:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games of each game per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per copy (default 5)")
    parser.add_argument(
        "--module",
        action="append",
        help="another module to compile beside the engines, as a path under src",
    )
    args = parser.parse_args()
    modules = [*map(engine_module, GAMES), *(args.module or [])]
    with tempfile.TemporaryDirectory() as tmp:
        copies = {
            "interpreted": copy_package(Path(tmp) / "interpreted"),
            "compiled": copy_package(Path(tmp) / "compiled"),
        }
        compile_modules(copies["compiled"], modules)
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in copies}
        for _ in range(args.repeats):
            for name, source in copies.items():
                runs[name].append(run_copy(source, args.games))
    for name, figures in runs.items():
        if any(bool(run["compiled"]) != (name == "compiled") for run in figures):
            sys.exit(f"the {name} copy did not load the engine it should have")
    print(f"{args.games} games of each per run, {args.repeats} runs per copy, CPU time")
    print(f"compiled: {', '.join(modules)}")
    print(f"{'loop':30} {'interpreted':>12} {'x hearts':>9} {'compiled':>10} {'x hearts':>9}")
    for name in ("hearts", *GAMES):
        cells = []
        for copy in runs.values():
            rate = statistics.median(run[name] for run in copy)
            ratio = statistics.median(run[name] / run["hearts"] for run in copy)
            cells.append((rate, ratio))
        label = "hearts (C++), decisions" if name == "hearts" else f"{name}, public API"
        (rate_a, ratio_a), (rate_b, ratio_b) = cells
        print(f"{label:30} {rate_a:12,.0f} {ratio_a:9.2f} {rate_b:10,.0f} {ratio_b:9.2f}")
    for name in GAMES:
        ratios = [
            compiled[name] / interpreted[name]
            for interpreted, compiled in zip(runs["interpreted"], runs["compiled"], strict=True)
        ]
        print(f"{name}: compiled / interpreted {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
