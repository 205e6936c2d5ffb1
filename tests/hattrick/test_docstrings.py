"""The examples in the docstrings of ``sticheln.hattrick`` run, module docstrings included
(the documentation build runs only those it shows)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import sticheln
import sticheln.hattrick

MODULES = [
    "sticheln.hattrick",
    "sticheln.hattrick.batch",
    "sticheln.hattrick.bot",
    "sticheln.hattrick.compiled",
    "sticheln.hattrick.compiled_batch",
    "sticheln.hattrick.encoding",
    "sticheln.hattrick.endgame",
    "sticheln.hattrick.engine",
    "sticheln.hattrick.event",
    "sticheln.hattrick.explain",
    "sticheln.hattrick.game",
    "sticheln.hattrick.hints",
    "sticheln.hattrick.moves",
    "sticheln.hattrick.playout",
    "sticheln.hattrick.record",
    "sticheln.hattrick.rules",
    "sticheln.hattrick.sampling",
    "sticheln.hattrick.scoring",
    "sticheln.hattrick.screen",
    "sticheln.hattrick.state",
    "sticheln.hattrick.turn",
    "sticheln.hattrick.view",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    if name == "sticheln.hattrick.batch":
        pytest.importorskip("numpy")  # the rl extra, installed by CI
    if name in ("sticheln.hattrick.compiled", "sticheln.hattrick.compiled_batch"):
        pytest.importorskip("numba")  # the fast extra, installed by CI
    # As ``from sticheln import *`` and then ``from sticheln.hattrick import *``.
    globs = {key: getattr(sticheln, key) for key in sticheln.__all__}
    globs.update({key: getattr(sticheln.hattrick, key) for key in sticheln.hattrick.__all__})
    result = doctest.testmod(importlib.import_module(name), globs=globs, report=True)
    assert result.failed == 0


def test_every_module_is_checked() -> None:
    found = {
        f"sticheln.hattrick.{m.name}" for m in pkgutil.iter_modules(sticheln.hattrick.__path__)
    }
    assert found | {"sticheln.hattrick"} == set(MODULES)
