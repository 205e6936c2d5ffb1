"""What every test shares: with ``STICHELN_TEST_EXTRAS=required`` in the environment (as CI
runs the whole suite), a test or module that skips because an optional extra cannot be
imported (:func:`pytest.importorskip`) fails instead, so that an extra's tests never go
quietly unrun where the extras are meant to be installed. Without it they skip, as in the
quick loop of an installation with the ``test`` extra alone. And an environment without a
locale of its own, so that the command speaks English whatever the language of the machine
that runs the tests (a test of German sets it)."""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest

EXTRAS_REQUIRED = os.environ.get("STICHELN_TEST_EXTRAS") == "required"


def _missing_extra(report: pytest.CollectReport | pytest.TestReport) -> str | None:
    """The reason of a skip for a module that could not be imported, else ``None``."""
    if not report.skipped or not isinstance(report.longrepr, tuple):
        return None
    reason = str(report.longrepr[2])
    return reason if "could not import" in reason else None


def _fail_if_required(report: pytest.CollectReport | pytest.TestReport) -> None:
    reason = _missing_extra(report) if EXTRAS_REQUIRED else None
    if reason is not None:
        report.outcome = "failed"
        report.longrepr = (
            f"STICHELN_TEST_EXTRAS=required, but an optional extra is missing: {reason}"
        )


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, None]:
    outcome = yield
    _fail_if_required(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    outcome = yield
    _fail_if_required(outcome.get_result())


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
