"""Running a tournament's games as batches on any :class:`concurrent.futures.Executor`."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Protocol

from sticheln.tournament.description import Tournament
from sticheln.tournament.play import GameResult, installed_version, play_batch

__all__ = ["BATCH_SECONDS", "ResultSink", "run_tournament"]

BATCH_SECONDS = 0.5
"""The CPU seconds of play a batch of games aims at, once the first games tell how long a
game takes: long enough that handing a task to a worker and its results back costs a few
percent at most (``benchmarks/tournament_scale.py`` measures that cost), short enough that a
stopped tournament loses little and the progress moves often."""

_TASKS_PER_WORKER = 2
"""Batches kept waiting or running per worker, so that none waits for its next batch."""


class ResultSink(Protocol):
    """Where the results of finished games go as they arrive (a
    :class:`~sticheln.tournament.ResultsFile`)."""

    def add(self, results: Iterable[GameResult]) -> None:
        """Keep these results."""


def _workers(executor: Executor) -> int:
    """How many batches the executor runs at once, as far as it tells."""
    workers = getattr(executor, "_max_workers", None)
    if isinstance(workers, int) and workers > 0:
        return workers
    return os.cpu_count() or 1


def run_tournament(
    tournament: Tournament,
    executor: Executor | None = None,
    *,
    done: Iterable[GameResult] = (),
    sink: ResultSink | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    workers: int | None = None,
    batch_games: int | None = None,
) -> list[GameResult]:
    """Play every game of the tournament not in ``done`` and return all of them, by index.

    With an ``executor`` (a process pool, or a Dask cluster's
    ``Client.get_executor()``), the games are played in batches, each a task; without one,
    in this process. The results do not depend on the executor, the number of workers or
    the batches: every game's seeds follow from the tournament and its index.

    ``sink`` gets the results of each batch as it arrives (in this process), then
    ``on_game`` each of its games. ``workers`` is the number of batches the executor runs at
    once (by default what a process pool says, else the CPUs of this machine). A batch
    holds ``batch_games`` games; by default its size is worked out as the games are played,
    to take about :data:`BATCH_SECONDS` of CPU time.

    :raises ValueError: for ``workers`` or ``batch_games`` below 1.
    """
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if batch_games is not None and batch_games < 1:
        raise ValueError(f"batch_games must be at least 1, got {batch_games}")
    results = {r.index: r for r in done if r.index < tournament.games}
    todo = [index for index in range(tournament.games) if index not in results]

    def arrived(batch: list[GameResult]) -> None:
        if sink is not None:
            sink.add(batch)
        for result in batch:
            results[result.index] = result
            if on_game is not None:
                on_game(result)

    if executor is None:
        step = batch_games or tournament.rotations
        for start in range(0, len(todo), step):
            arrived(play_batch(tournament, todo[start : start + step]))
    else:
        _run_batches(tournament, executor, todo, arrived, workers, batch_games)
    return [results[index] for index in range(tournament.games)]


def _run_batches(
    tournament: Tournament,
    executor: Executor,
    todo: list[int],
    arrived: Callable[[list[GameResult]], None],
    workers: int | None,
    batch_games: int | None,
) -> None:
    """Hand ``todo`` to the executor in batches, keeping every worker busy, and pass each
    batch's results to ``arrived`` as it finishes."""
    slots = (workers or _workers(executor)) * _TASKS_PER_WORKER
    version = installed_version()
    pending: set[Future[list[GameResult]]] = set()
    next_game = 0
    played, cpu = 0, 0.0
    try:
        while next_game < len(todo) or pending:
            while next_game < len(todo) and len(pending) < slots:
                left = len(todo) - next_game
                if batch_games is not None:
                    size = batch_games
                elif played == 0:
                    size = tournament.rotations  # one deal, to learn how long a game takes
                else:
                    size = max(1, math.ceil(BATCH_SECONDS * played / max(cpu, 1e-9)))
                    size = min(size, max(1, math.ceil(left / slots)))  # no long tail
                batch = todo[next_game : next_game + size]
                next_game += len(batch)
                pending.add(executor.submit(play_batch, tournament, batch, version))
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                batch_results = future.result()
                played += len(batch_results)
                cpu += sum(r.cpu_seconds for r in batch_results)
                arrived(batch_results)
    finally:
        for future in pending:
            future.cancel()
