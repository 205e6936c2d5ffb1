"""Fixtures shared by the tests of the tools."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def dask_cluster() -> Iterator[Any]:
    """A real Dask cluster of two worker processes of one thread each, listening on the
    loopback interface on ports the system picks, closed at the end of the tests."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address=None,
    )
    try:
        yield cluster
    finally:
        cluster.close()
