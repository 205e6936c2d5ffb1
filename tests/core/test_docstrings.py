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


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    globs = {key: getattr(sticheln, key) for key in sticheln.__all__}
    result = doctest.testmod(importlib.import_module(name), extraglobs=globs, report=True)
    assert result.failed == 0
