"""Every script in examples/ runs, and prints what it promises."""

from __future__ import annotations

import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from sticheln import GAME_NAMES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))


def test_there_are_examples() -> None:
    assert len(SCRIPTS) >= 3


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_example_runs(script: Path, tmp_path: Path) -> None:
    if script.name == "train_maskable_ppo.py":
        pytest.importorskip("sb3_contrib")  # the train extra, which CI installs
    result = subprocess.run(
        [sys.executable, str(script), *_args(script, tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def _args(script: Path, tmp_path: Path) -> list[str]:
    if script.name == "train_maskable_ppo.py":  # a short training (test_training.py: more)
        save = ["--save", str(tmp_path / "agent.zip")]
        return ["--steps", "512", "--deals", "20", "--observations", "symmetric", *save]
    return [str(tmp_path / "game.json")] if script.name == "save_and_replay.py" else []


def test_why_did_i_lose_output() -> None:
    module = runpy.run_path(str(EXAMPLES / "why_did_i_lose.py"))
    explanation = module["main"](["B6", "B11", "R3", "Y0"])
    assert explanation.winner == 2


@pytest.mark.parametrize("name", GAME_NAMES)
def test_any_game_plays_every_registered_game_and_replays_its_record(name: str) -> None:
    module = runpy.run_path(str(EXAMPLES / "any_game.py"))
    record = module["main"](name, 3)
    assert record.game.info.name == name
    assert record.game.is_over(record.state)
    assert len(record.moves) > 20


@pytest.mark.parametrize("script", ["hattrick_game.py", "stichling_game.py"])
def test_a_game_of_each_adds_its_hands_to_the_totals(script: str) -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / script), "5"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    deals = [_ints(line) for line in lines if "scores (" in line]
    totals = _ints(next(line for line in lines if line.startswith("totals")))
    assert len(deals) >= 3
    assert totals == [sum(deal[p] for deal in deals) for p in range(4)]
    assert "What player 0's score of the last hand is made of:" in result.stdout


def _ints(line: str) -> list[int]:
    """The numbers of the first parenthesised tuple after "scores" or "totals" in ``line``."""
    match = re.search(r"(?:scores|totals) \(([-\d, ]+)\)", line)
    assert match, line
    return [int(x) for x in match.group(1).split(",")]


def test_main_module_shows_a_whole_game_and_its_scoreboard() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sticheln", "play", "--auto", "--seed", "4", "--players", "3"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = [line.split() for line in result.stdout.splitlines()]
    rounds = [[int(x) for x in line[1:4]] for line in lines if line[:1] in (["1"], ["2"], ["3"])]
    totals = next([int(x) for x in line[1:4]] for line in lines if line[:1] == ["total"])
    assert len(rounds) == 3
    assert totals == [sum(r[p] for r in rounds) for p in range(3)]
    assert result.stdout.rstrip().splitlines()[-1].startswith("Winner")


def test_main_module_rejects_unsupported_player_count() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sticheln", "play", "--auto", "--players", "9"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert "is for 3, 4, 5, 6 players, not 9" in result.stderr


def _guide_blocks(caption: str) -> list[str]:
    """The code blocks of the guide "Adding a game" captioned ``caption``, in page order."""
    page = (EXAMPLES.parent / "docs" / "adding-a-game.rst").read_text()
    head = f".. code-block:: python\n   :caption: {caption}\n\n"
    blocks = []
    for part in page.split(head)[1:]:
        lines = []
        for line in part.splitlines():
            if line and not line.startswith("   "):
                break
            lines.append(line[3:])
        blocks.append("\n".join(lines))
    return blocks


@pytest.mark.parametrize("script", ["high_card.py", "high_card_tools.py"])
def test_the_guide_shows_every_line_of_its_scripts_in_order(script: str) -> None:
    shown = [line for b in _guide_blocks(f"examples/{script}") for line in b.splitlines()]
    code = (EXAMPLES / script).read_text().splitlines()
    assert len(_guide_blocks(f"examples/{script}")) >= 4
    assert [line for line in shown if line.strip()] == [line for line in code if line.strip()]
