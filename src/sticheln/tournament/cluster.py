"""Dask clusters as executors of tournaments: connecting to a scheduler, or starting a cluster
on this machine, with the version of sticheln checked on every worker.

Dask (its ``distributed`` package) is the ``dask`` extra: ``pip install ".[dask]"`` in a
checkout of sticheln. It is imported only here, when a cluster is asked for.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

import attrs

from sticheln.core.errors import excerpt
from sticheln.tournament.errors import VersionMismatchError
from sticheln.tournament.play import installed_version

__all__ = ["MISSING_DASK", "Cluster", "check_versions", "connect", "parse_cluster"]

MISSING_DASK = (
    'a cluster needs the dask extra (Dask\'s distributed package): pip install ".[dask]" in a '
    "checkout of sticheln"
)
"""The message when Dask is not installed."""

_LISTED = 300
"""The most characters of the list of workers of another version in an error message."""

_LOCAL = re.compile(r"local:(\d+)")


def parse_cluster(text: str) -> str | int:
    """The cluster ``--cluster`` names: a scheduler's address (``tcp://10.0.0.5:8786``), or
    for ``local:N`` the number ``N`` of worker processes of a cluster on this machine.

    >>> from sticheln.tournament.cluster import parse_cluster
    >>> parse_cluster("local:2"), parse_cluster("tcp://127.0.0.1:8786")
    (2, 'tcp://127.0.0.1:8786')

    :raises ValueError: for ``local:`` without a number of at least 1, or an empty address.
    """
    text = text.strip()
    if text.startswith("local:"):
        match = _LOCAL.fullmatch(text)
        if match is None or int(match.group(1)) < 1:
            raise ValueError(
                f"cluster {excerpt(text)}: give local:N with N worker processes, at least 1"
            )
        return int(match.group(1))
    if not text:
        raise ValueError("cluster: give a scheduler's address, or local:N")
    return text


@attrs.frozen
class Cluster:
    """A connected Dask cluster: the executor to run a tournament on, and its workers."""

    executor: Executor
    """``Client.get_executor()``: every task goes to the cluster's scheduler."""
    workers: int
    """The threads of all the workers: how many tasks the cluster runs at once."""
    address: str
    """The scheduler's address."""


def check_versions(client: Any) -> None:
    """Check that every worker of a Dask ``client`` runs this process's version of
    sticheln.

    :raises VersionMismatchError: naming each worker that runs another version (or none).
    """
    mine = installed_version()
    reported = client.run(_worker_version)
    wrong = {worker: version for worker, version in reported.items() if version != mine}
    if wrong:
        listed = ", ".join(f"{worker} runs {version}" for worker, version in sorted(wrong.items()))
        if len(listed) > _LISTED:
            listed = listed[:_LISTED] + "…"
        raise VersionMismatchError(
            f"this process runs sticheln {mine}, and {len(wrong)} of the cluster's "
            f"{len(reported)} workers another version ({listed}): install "
            f"sticheln {mine} on every worker"
        )


def _worker_version() -> str:
    """The version of sticheln a worker runs, or a note that it has none."""
    try:
        return installed_version()
    except ImportError:  # pragma: no cover - a worker without sticheln cannot unpickle this
        return "no sticheln"


@contextmanager
def connect(cluster: str | int, *, timeout: float = 30.0) -> Iterator[Cluster]:
    """A Dask cluster to run tournaments on: for an address, the scheduler there; for a
    number ``N``, a cluster started on this machine with ``N`` worker processes of one
    thread each, listening on the loopback interface only, and stopped on leaving. The
    version of sticheln is checked on every worker at connect.

    :raises ImportError: when Dask is not installed (:data:`MISSING_DASK`).
    :raises VersionMismatchError: when a worker runs another version of sticheln.
    :raises OSError: when no scheduler answers at the address within ``timeout`` seconds.
    """
    try:
        # Through importlib: Dask's functions are untyped, and mypy need not have Dask.
        distributed: Any = importlib.import_module("distributed")
    except ImportError as exc:
        raise ImportError(MISSING_DASK, name="distributed") from exc
    local = None
    if isinstance(cluster, int):
        local = distributed.LocalCluster(
            n_workers=cluster,
            processes=True,
            threads_per_worker=1,
            host="127.0.0.1",
            scheduler_port=0,
            dashboard_address=None,
        )
        address = local.scheduler_address
    else:
        address = cluster
    try:
        try:
            client = distributed.Client(address, timeout=timeout)
        except (OSError, TimeoutError) as exc:
            raise OSError(f"no Dask scheduler answers at {excerpt(address)}: {exc}") from None
        try:
            check_versions(client)
            workers = sum(client.nthreads().values())
            executor: Executor = client.get_executor(pure=False)
            yield Cluster(executor, max(1, workers), address)
        finally:
            client.close()
    finally:
        if local is not None:
            local.close()
