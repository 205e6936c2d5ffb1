"""The README's Python runs as shown, and the example scripts it names exist."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def pycon_blocks(text: str) -> list[str]:
    """The ```pycon blocks of a Markdown text."""
    return re.findall(r"^```pycon\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)


def run_session(text: str) -> doctest.TestResults:
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(ROOT / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.REPORT_NDIFF)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_the_readme_shows_the_library_in_python() -> None:
    blocks = pycon_blocks(README)
    assert blocks, "the README has no Python session"
    session = "".join(blocks)
    for shown in (
        "new_game",
        "legal_moves",
        "apply_move",
        "observe",
        "explain_trick",
        "explain_score",
        "load_record",
        "find_game",
    ):
        assert f"{shown}(" in session, shown


def test_the_readme_python_runs_as_shown() -> None:
    for block in pycon_blocks(README):
        results = run_session(block)
        assert results.attempted > 5
        assert results.failed == 0


def test_a_changed_output_fails() -> None:
    block = pycon_blocks(README)[0].replace("B10 wins.", "Y11 wins.")
    assert run_session(block).failed == 1


def test_every_example_the_readme_names_exists() -> None:
    named = set(re.findall(r"`(\w+\.py)", README))
    assert {"any_game.py", "hattrick_game.py", "stichling_game.py"} <= named
    missing = [name for name in named if not (ROOT / "examples" / name).exists()]
    assert not missing
