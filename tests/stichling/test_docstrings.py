"""The examples in the docstrings of ``sticheln.stichling`` run, module docstrings included
(the documentation build runs only those it shows)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import sticheln
import sticheln.stichling

# The examples of the rule functions' docstrings check the rules they implement.
pytestmark = pytest.mark.rule(
    "SL-PLAY-2",
    "SL-PLAY-5",
    "SL-TRICK-1",
    "SL-TRICK-2",
    "SL-VP-3",
    "SL-VP-4",
    "SL-SCORE-1",
    "SL-GAME-2",
)

MODULES = [
    "sticheln.stichling",
    "sticheln.stichling.batch",
    "sticheln.stichling.batch_observations",
    "sticheln.stichling.bot",
    "sticheln.stichling.compiled",
    "sticheln.stichling.compiled_batch",
    "sticheln.stichling.encoding",
    "sticheln.stichling.endgame",
    "sticheln.stichling.engine",
    "sticheln.stichling.event",
    "sticheln.stichling.explain",
    "sticheln.stichling.game",
    "sticheln.stichling.hints",
    "sticheln.stichling.moves",
    "sticheln.stichling.playout",
    "sticheln.stichling.record",
    "sticheln.stichling.rules",
    "sticheln.stichling.sampling",
    "sticheln.stichling.scoring",
    "sticheln.stichling.screen",
    "sticheln.stichling.state",
    "sticheln.stichling.tricks",
    "sticheln.stichling.view",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    if name in ("sticheln.stichling.batch", "sticheln.stichling.batch_observations"):
        pytest.importorskip("numpy")  # the rl extra, installed by CI
    if name in ("sticheln.stichling.compiled", "sticheln.stichling.compiled_batch"):
        pytest.importorskip("numba")  # the fast extra, installed by CI
    # As ``from sticheln import *`` and then ``from sticheln.stichling import *``.
    globs = {key: getattr(sticheln, key) for key in sticheln.__all__}
    globs.update({key: getattr(sticheln.stichling, key) for key in sticheln.stichling.__all__})
    result = doctest.testmod(importlib.import_module(name), globs=globs, report=True)
    assert result.attempted > 0
    assert result.failed == 0


def test_every_module_is_checked() -> None:
    found = {
        f"sticheln.stichling.{m.name}" for m in pkgutil.iter_modules(sticheln.stichling.__path__)
    }
    assert found | {"sticheln.stichling"} == set(MODULES)
