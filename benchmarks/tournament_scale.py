"""How a tournament scales over executors: games per second played in this process (the
reference), on a local process pool of 2, and on Dask clusters of 1 and 2 worker processes on
this machine; and the cost of one task on each executor (a task that does nothing, handed out
and its result back), beside the CPU time of a batch of games, which that cost must stay a
small part of.

Each figure is the median of ``--repeats`` runs. The games are random bots (cheap games make
the scheduling cost show most). Run it with::

    python benchmarks/tournament_scale.py --deals 300 --repeats 3

It needs the ``dask`` extra.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor

from sticheln.tournament import BATCH_SECONDS, Tournament, run_tournament
from sticheln.tournament.cluster import connect


def nothing() -> None:
    """A task that does nothing: its time is the executor's cost per task."""


def task_cost(executor: Executor, tasks: int) -> float:
    """The median seconds from handing a task that does nothing to the executor to having
    its result, one task at a time."""
    executor.submit(nothing).result()  # warm up
    times = []
    for _ in range(tasks):
        start = time.perf_counter()
        executor.submit(nothing).result()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def games_per_second(
    tournament: Tournament, repeats: int, run: Callable[[], object]
) -> tuple[float, float]:
    """The median games per second of ``run`` (wall clock) and the median CPU seconds of play
    per game (the games' own CPU time, summed over the workers)."""
    speeds, cpus = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        results = run()
        elapsed = time.perf_counter() - start
        assert isinstance(results, list)
        speeds.append(tournament.games / elapsed)
        cpus.append(sum(r.cpu_seconds for r in results) / tournament.games)
    return statistics.median(speeds), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sticheln")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tasks", type=int, default=200, help="no-op tasks to time")
    args = parser.parse_args()
    tournament = Tournament(args.game, ("random",) * args.players, deals=args.deals, seed=1)
    rows: list[tuple[str, float, float, float | None]] = []

    speed, cpu = games_per_second(tournament, args.repeats, lambda: run_tournament(tournament))
    rows.append(("this process (reference)", speed, cpu, None))
    with ProcessPoolExecutor(2) as pool:
        speed, cpu = games_per_second(
            tournament, args.repeats, lambda: run_tournament(tournament, pool, workers=2)
        )
        rows.append(("process pool, 2 processes", speed, cpu, task_cost(pool, args.tasks)))
    for workers in (1, 2):
        with connect(workers) as cluster:
            speed, cpu = games_per_second(
                tournament,
                args.repeats,
                lambda: run_tournament(tournament, cluster.executor, workers=cluster.workers),
            )
            cost = task_cost(cluster.executor, args.tasks)
            rows.append((f"Dask, {workers} worker process(es)", speed, cpu, cost))

    print(
        f"{tournament.games} games of {args.game}, {args.players} random bots, median of "
        f"{args.repeats} runs; a batch aims at {BATCH_SECONDS} s of CPU time"
    )
    print(f"{'executor':<28} {'games/s':>9} {'CPU ms/game':>12} {'ms/task':>8} {'of a batch':>10}")
    for name, speed, cpu, cost in rows:
        task = "-" if cost is None else f"{1000 * cost:.2f}"
        share = "-" if cost is None else f"{cost / BATCH_SECONDS:.1%}"
        print(f"{name:<28} {speed:>9.0f} {1000 * cpu:>12.3f} {task:>8} {share:>10}")


if __name__ == "__main__":
    main()
