"""The examples in the docstrings of the kernel, of Sticheln and of the tools run, module
docstrings included (the documentation build runs only those it shows). Each game package has
its own such test."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import sticheln

GAME_PACKAGES = ("sticheln.hattrick", "sticheln.stichling")
"""Packages whose docstrings their own tests run."""

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(sticheln.__path__, "sticheln.")
    if not info.name.startswith(GAME_PACKAGES) and info.name != "sticheln.__main__"
)


def test_the_kernel_and_the_tools_are_among_the_modules() -> None:
    assert {"sticheln.core.errors", "sticheln.core.protocol", "sticheln.sticheln.engine"} <= set(
        MODULES
    )
    assert "sticheln.bots.ismcts" in MODULES


EXAMPLES_NEED = {
    "sticheln.analysis.chart": "matplotlib",
    "sticheln.core.encoding": "numpy",  # the normalised observations
    "sticheln.tournament.selfplay": "pyarrow",
}
"""Modules that import without their extra but whose examples use it: the extra's module."""

SLOW = {"sticheln.testing"}
"""Modules whose examples take many seconds (the conformance suite plays whole games)."""


@pytest.mark.parametrize(
    "name",
    [pytest.param(name, marks=pytest.mark.slow) if name in SLOW else name for name in MODULES],
)
def test_docstring_examples_run(name: str) -> None:
    if name in EXAMPLES_NEED:
        pytest.importorskip(EXAMPLES_NEED[name])  # an optional extra, installed by CI
    globs = {key: getattr(sticheln, key) for key in sticheln.__all__}
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        # A module of an optional extra that is not installed (``pip install -e ".[test]"``
        # alone: a third-party module is missing); CI installs every extra, so there it runs.
        third_party = exc.name is not None and exc.name.partition(".")[0] != "sticheln"
        if not third_party and "extra" not in str(exc):
            raise
        pytest.skip(str(exc))
    result = doctest.testmod(module, extraglobs=globs, report=True)
    assert result.failed == 0
