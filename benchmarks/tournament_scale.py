"""How a tournament scales over workers: games per second in this process, on a local
process pool of 1 and 2 processes, and on a Dask ``LocalCluster`` of 1 and 2 worker
processes, with what handing the games out costs.

The same tournament (:class:`sticheln.tournament.Tournament`, its batches sized by
:data:`~sticheln.tournament.BATCH_SECONDS`) is played on each executor in turn, and every
run must give the same games as the first (the script stops if not). For each it prints

- the wall time and the games per second;
- the *work share*: the CPU seconds spent playing games (each game's own CPU time, measured
  where it was played) over the wall time times the workers; what is missing is the cost of
  handing out the batches and collecting their results, and the time the workers waited;
- the *overhead per task*: that missing time, per batch handed out, in milliseconds.

The first line, in this process with no executor, is the reference. Run it with, for example::

    python benchmarks/tournament_scale.py                      # random bots, 4-player Sticheln
    python benchmarks/tournament_scale.py --bots heuristic --deals 40
    python benchmarks/tournament_scale.py --game hattrick --players 3 --no-dask

The Dask lines need the ``dask`` extra (``pip install ".[dask]"``); the clusters listen on
the loopback interface only and are stopped at the end. On a machine whose cores are busy
with other work, the figures for two workers fall short of twice one worker's.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from sticheln.tournament import GameResult, Tournament, run_tournament


class CountingExecutor(Executor):
    """An executor that hands every task to another and counts them."""

    def __init__(self, inner: Executor) -> None:
        self.inner = inner
        self.tasks = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.tasks += 1
        return self.inner.submit(fn, *args, **kwargs)


@contextmanager
def process_pool(workers: int) -> Iterator[tuple[Executor, int]]:
    with ProcessPoolExecutor(workers) as pool:
        yield pool, workers


@contextmanager
def dask_cluster(workers: int) -> Iterator[tuple[Executor, int]]:
    distributed: Any = importlib.import_module("distributed")
    with (
        distributed.LocalCluster(
            n_workers=workers,
            processes=True,
            threads_per_worker=1,
            host="127.0.0.1",
            scheduler_port=0,
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client.get_executor(pure=False), workers


def measure(
    tournament: Tournament, executor: Executor | None, workers: int, repeats: int
) -> tuple[list[GameResult], dict[str, float]]:
    """Play the tournament ``repeats`` times; the figures of the run of median wall time."""
    runs = []
    for _ in range(repeats):
        counting = None if executor is None else CountingExecutor(executor)
        start = time.perf_counter()
        results = run_tournament(tournament, counting, workers=workers)
        wall = time.perf_counter() - start
        work = sum(result.cpu_seconds for result in results)
        tasks = 0 if counting is None else counting.tasks
        runs.append((wall, work, tasks, results))
    runs.sort(key=lambda run: run[0])
    wall, work, tasks, results = runs[len(runs) // 2]
    idle = max(0.0, wall * workers - work)
    figures = {
        "wall": wall,
        "games_per_second": len(results) / wall,
        "work_share": work / (wall * workers),
        "tasks": tasks,
        "overhead_ms": 1000 * idle / tasks if tasks else 0.0,
    }
    return results, figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="sticheln")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", nargs="+", default=["random"])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-dask", action="store_true", help="leave out the Dask clusters")
    args = parser.parse_args()
    bots = tuple(args.bots)
    bots = (bots * args.players)[: args.players]
    tournament = Tournament(args.game, bots, deals=args.deals, seed=args.seed)
    print(
        f"{args.game}, {args.players} players, bots {' '.join(bots)}, {tournament.games} "
        f"games; median of {args.repeats} runs each"
    )
    print(
        f"{'where':<24} {'workers':>7} {'wall s':>8} {'games/s':>8} {'x ref':>6} "
        f"{'work share':>10} {'tasks':>6} {'overhead/task':>14}"
    )
    setups: list[tuple[str, Callable[[int], Any] | None, int]] = [
        ("this process (ref.)", None, 1),
        ("process pool", process_pool, 1),
        ("process pool", process_pool, 2),
    ]
    if not args.no_dask:
        setups += [("Dask LocalCluster", dask_cluster, 1), ("Dask LocalCluster", dask_cluster, 2)]
    reference: list[GameResult] | None = None
    reference_rate = None
    rates = []
    for name, make, workers in setups:
        if make is None:
            results, figures = measure(tournament, None, 1, args.repeats)
        else:
            with make(workers) as (executor, count):
                results, figures = measure(tournament, executor, count, args.repeats)
        outcomes = [result.outcome for result in results]
        if reference is None:
            reference = results
            reference_rate = figures["games_per_second"]
        elif outcomes != [result.outcome for result in reference]:
            raise SystemExit(f"{name} with {workers} workers played other games than the first")
        assert reference_rate is not None
        rates.append(figures["games_per_second"])
        overhead = f"{figures['overhead_ms']:.1f} ms" if figures["tasks"] else "-"
        print(
            f"{name:<24} {workers:>7} {figures['wall']:>8.2f} "
            f"{figures['games_per_second']:>8.1f} "
            f"{figures['games_per_second'] / reference_rate:>6.2f} "
            f"{figures['work_share']:>10.1%} {int(figures['tasks']):>6} {overhead:>14}"
        )
    print(
        f"every run played the same {tournament.games} games; median rate "
        f"{statistics.median(rates):.1f} games/s"
    )


if __name__ == "__main__":
    main()
