"""``sticheln analyse``: the table of costly moves, the JSON, and bad input."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import sticheln as st
from sticheln.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def record(tmp_path: Path) -> str:
    """A deal of Sticheln's tiny preset, every card dealt; player 0 leads R1 where Y2 would
    have made a point more (worked out in tests/analysis/test_decisions.py)."""
    game = st.find_game("sticheln", "tiny")
    state = game.new_game(2, deals=[["R0 R1 Y2", "Y0 R2 Y1"]])
    for player, card in [(0, "R0"), (1, "Y0"), (0, "R1"), (1, "Y1"), (1, "R2"), (0, "Y2")]:
        state = game.apply_move(state, game.parse_move(state, player, card))
    path = tmp_path / "game.json"
    path.write_text(game.to_json(state), encoding="utf-8")
    return str(path)


def test_table(record: str) -> None:
    code, out, err = run("analyse", record, "--as", "1", "--samples", "3", "--seed", "4")
    assert code == 0, err
    flat = " ".join(out.split())
    assert "seat #1, 2 decisions" in flat
    assert "seed 4" in flat
    row = next(line for line in out.splitlines() if "R1 (-1.0)" in line)
    assert row.split()[:2] == ["3", "1"]  # move 3, the first deal
    assert "Y2 (0.0)" in row
    assert "1.0 to 1.0" in row
    assert "solved" in row
    assert "Move 3, the trick R1 Y1: Y1 wins" in flat
    assert max(len(line) for line in out.splitlines()) <= 80


def test_nothing_lost(record: str) -> None:
    code, out, _ = run(
        "analyse", record, "--as", "2", "--samples", "2", "--seed", "1", "--top", "0"
    )
    assert code == 0
    assert "No move played cost anything" in " ".join(out.split())


def test_json(record: str) -> None:
    code, out, _ = run("analyse", record, "--as", "1", "--samples", "2", "--seed", "9", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "sticheln-analysis"
    assert data["seed"] == 9
    assert data["costly"] == [3]
    lead = data["decisions"][1]
    assert lead["played"] == {
        "game": "sticheln",
        "type": "PlayCard",
        "version": 1,
        "player": 0,
        "card": "R1",
    }
    assert [(move["text"], move["mean"]) for move in lead["moves"]] == [("R1", -1.0), ("Y2", 0.0)]
    assert lead["trick"]["winner"] == 1


def test_time(record: str) -> None:
    code, out, _ = run("analyse", record, "--as", "1", "--time", "0.2", "--json")
    assert code == 0
    assert all(decision["samples"] >= 1 for decision in json.loads(out)["decisions"])


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--as", "3"], "--as 3 is not a seat of this 2-player game (1-2)"),
        (["--as", "0"], "--as 0: seats are counted from 1 (1-2); the first seat is --as 1"),
        (["--as", "1", "--samples", "0"], "--samples must be at least 1"),
        (["--as", "1", "--time", "-1"], "--time must be a positive number"),
        (["--as", "1", "--top", "-1"], "--top must be 0 or more"),
    ],
)
def test_bad_options(record: str, argv: list[str], words: str) -> None:
    code, out, err = run("analyse", record, *argv)
    assert code == 2
    assert out == ""
    assert words in err
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1


def test_usage_errors(record: str, tmp_path: Path) -> None:
    code, _, err = run("analyse", record, "--as", "1", "--samples", "2", "--time", "1")
    assert code == 2
    assert "not allowed with argument" in err
    code, _, err = run("analyse", record)
    assert code == 2
    assert "--as" in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "sticheln-record", "game": "sticheln"}', encoding="utf-8")
    code, _, err = run("analyse", str(bad), "--as", "1")
    assert code == 2
    assert "is not a valid game record" in err
    code, _, err = run("analyse", str(tmp_path / "none.json"), "--as", "1")
    assert code == 2
    assert "cannot read" in err


def test_plot(record: str, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")  # the plot extra, which CI installs
    picture = tmp_path / "chart.png"
    code, out, err = run(
        "analyse", record, "--as", "1", "--samples", "2", "--seed", "1", "--plot", str(picture)
    )
    assert code == 0, err
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"The chart is in {picture}" in " ".join(out.split())


def test_plot_without_matplotlib(
    record: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # an import of it fails
    picture = tmp_path / "chart.png"
    code, out, err = run("analyse", record, "--as", "1", "--plot", str(picture))
    assert code == 2
    assert out == ""
    assert 'needs the plot extra: pip install ".[plot]"' in err
    assert not picture.exists()


def test_plot_to_a_bad_place(record: str, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")  # the plot extra, which CI installs
    target = tmp_path / "no-such-folder" / "chart.png"
    code, _, err = run("analyse", record, "--as", "1", "--samples", "1", "--plot", str(target))
    assert code == 2
    assert "cannot write" in err
