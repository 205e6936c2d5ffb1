"""What every test shares: an environment without a locale of its own, so that the command
speaks English whatever the language of the machine that runs the tests (a test of German
sets it)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
