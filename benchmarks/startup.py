"""Start-up cost: the CPU time of ``import sticheln``, of each game's package and of the
command line's ``--help``, beside ``import pyspiel`` (OpenSpiel) measured in the same run.

Each figure is a fresh ``python -c ...`` process; its CPU time (user + system, from the
operating system's accounting of the child) minus that of ``python -c pass`` is the cost of
the statement, in milliseconds. The figures are measured in turn, repeatedly, and the median
of the repeats is printed, with the median wall time of the whole process (interpreter start
included) beside it. The bytecode cache is written and read as in an ordinary installation
(``PYTHONDONTWRITEBYTECODE`` is dropped for the runs), and a first run of every figure, which
writes it, is not counted. ``--before DIR`` measures the same figures with the package of another
checkout (``DIR/src``) too, alternating with this tree's, and prints both and their ratio::

    git worktree add /tmp/before main
    python benchmarks/startup.py --before /tmp/before [--repeats 15]

The goals: ``import sticheln`` no dearer than ``import pyspiel``; ``import sticheln.hattrick``
and ``import sticheln.stichling`` less than 40 ms dearer than ``import sticheln``;
``sticheln --help`` and ``sticheln play --help`` under 0.3 s of wall time on a quiet machine.
The "first use" figures load a game's functions (its first name read), which is what a
program that plays the game pays.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMAND = "import sys; from sticheln.cli import main; sys.exit(main(sys.argv[1:]))"
"""What the installed ``sticheln`` command runs."""

FIGURES: dict[str, list[str]] = {
    "import sticheln": ["-c", "import sticheln"],
    "import sticheln.hattrick": ["-c", "import sticheln.hattrick"],
    "import sticheln.stichling": ["-c", "import sticheln.stichling"],
    "first use: sticheln.new_game": ["-c", "import sticheln; sticheln.new_game"],
    "first use: sticheln.hattrick.new_game": ["-c", "import sticheln.hattrick as g; g.new_game"],
    "first use: sticheln.stichling.new_game": [
        "-c",
        "import sticheln.stichling as g; g.new_game",
    ],
    "sticheln --help": ["-c", COMMAND, "--help"],
    "sticheln play --help": ["-c", COMMAND, "play", "--help"],
}
"""The figures of the package, by name: the interpreter's arguments."""

REFERENCE = ["-c", "import pyspiel"]
BASELINE = ["-c", "pass"]


def run(arguments: list[str], source: Path | None) -> tuple[float, float]:
    """The CPU seconds and the wall seconds of ``python arguments`` with the package of
    ``source`` (a ``src`` directory) first on the path."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    if source is not None:
        env["PYTHONPATH"] = str(source)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *arguments], env=env, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15, help="runs of each figure")
    parser.add_argument(
        "--before", type=Path, metavar="DIR", help="another checkout to measure beside this one"
    )
    args = parser.parse_args()
    trees = {"this tree": ROOT / "src"}
    if args.before is not None:
        trees = {"before": args.before.resolve() / "src", **trees}
    cpu: dict[tuple[str, str], list[float]] = {}
    wall: dict[tuple[str, str], list[float]] = {}
    jobs = [("python -c pass", "", BASELINE, None), ("import pyspiel", "", REFERENCE, None)]
    jobs += [
        (name, tree, arguments, source)
        for name, arguments in FIGURES.items()
        for tree, source in trees.items()
    ]
    for _, _, arguments, source in jobs:
        run(arguments, source)  # writes the bytecode cache
    for _ in range(args.repeats):  # each repeat runs every figure once, in turn
        for name, tree, arguments, source in jobs:
            seconds, elapsed = run(arguments, source)
            cpu.setdefault((name, tree), []).append(seconds)
            wall.setdefault((name, tree), []).append(elapsed)

    def ms(name: str, tree: str = "") -> float:
        return 1000 * statistics.median(cpu[name, tree])

    def wall_ms(name: str, tree: str = "") -> float:
        return 1000 * statistics.median(wall[name, tree])

    base = ms("python -c pass")
    print(
        f"Python {sys.version.split()[0]}, median of {args.repeats} runs; CPU ms over "
        f"'python -c pass' ({base:.0f} ms CPU, {wall_ms('python -c pass'):.0f} ms wall)"
    )
    pyspiel = ms("import pyspiel") - base
    print(f"reference: import pyspiel {pyspiel:6.1f} ms CPU")
    header = f"{'':42}" + "".join(f"{tree:>22}" for tree in trees)
    if len(trees) == 2:
        header += f"{'ratio':>8}"
    print(header)
    print(f"{'':42}" + "".join(f"{'CPU ms   wall ms':>22}" for _ in trees))
    for name in FIGURES:
        line = f"{name:42}"
        for tree in trees:
            line += f"{ms(name, tree) - base:14.1f}{wall_ms(name, tree):8.0f}"
        if len(trees) == 2:
            first, second = (ms(name, tree) - base for tree in trees)
            line += f"{second / first:8.2f}" if first > 0 else f"{'':>8}"
        print(line)
    tree = "this tree"
    sticheln = ms("import sticheln", tree) - base
    print()
    print(f"import sticheln / import pyspiel: {sticheln / pyspiel:.2f} (goal: at most 1)")
    for game in ("hattrick", "stichling"):
        more = ms(f"import sticheln.{game}", tree) - base - sticheln
        used = ms(f"first use: sticheln.{game}.new_game", tree) - ms(
            "first use: sticheln.new_game", tree
        )
        print(
            f"import sticheln.{game} - import sticheln: {more:.1f} ms (goal: under 40); "
            f"its first use beside Sticheln's: {used:+.1f} ms"
        )
    for name in ("sticheln --help", "sticheln play --help"):
        print(f"{name}: {wall_ms(name, tree) / 1000:.3f} s wall (goal: under 0.3 s)")


if __name__ == "__main__":
    main()
