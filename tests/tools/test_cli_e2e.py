"""The installed ``sticheln`` command and ``python -m sticheln``, run as processes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).parent / "sticheln"


def command(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        argv,
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_python_m_sticheln_plays_a_game_between_the_default_bots() -> None:
    result = command(sys.executable, "-m", "sticheln")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "Trick 14:" in result.stdout
    assert "Scoreboard" in result.stdout
    assert result.stdout.rstrip().splitlines()[-1].startswith("Winner")


@pytest.mark.skipif(not SCRIPT.exists(), reason="the sticheln script is not installed")
def test_the_installed_script_plays_with_scripted_input(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = command(
        str(SCRIPT), "play", "--interactive", "--players", "3", "--seed", "2",
        "--save", str(path), stdin="nonsense\n1\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "'nonsense' is not a card name" in result.stdout
    assert "Input ended." in result.stdout
    replay = command(str(SCRIPT), "replay", str(path), "--as", "1")
    assert replay.returncode == 0, replay.stderr
    assert "as seen by #1" in replay.stdout


def test_simulate_json_on_standard_output_only() -> None:
    result = command(
        sys.executable, "-m", "sticheln", "simulate", "--games", "6", "--players", "3",
        "--seed", "3", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 6
    assert "Traceback" not in result.stderr


def test_a_missing_record_is_a_one_line_error(tmp_path: Path) -> None:
    result = command(sys.executable, "-m", "sticheln", "replay", str(tmp_path / "none.json"))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("sticheln: error: cannot read")
    assert result.stderr.count("\n") == 1


def test_a_closed_output_still_saves_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = command(
        "bash", "-c",
        f"printf '1\\n1\\n' | {sys.executable} -m sticheln play --interactive --players 3 "
        f"--save {path} | head -n 1; echo \"exit ${{PIPESTATUS[1]}}\"",
    )  # fmt: skip
    assert result.stdout.splitlines()[-1] == "exit 1"
    assert "Traceback" not in result.stderr
    assert path.exists()
