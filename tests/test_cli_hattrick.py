"""The ``sticheln`` command line with Hattrick, and its Hattrick screen."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from sticheln.cli import main
from sticheln.hattrick import HattrickGame, HattrickRecord


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def flat(text: str) -> str:
    """``text`` with line breaks and runs of spaces made single spaces (rich wraps lines)."""
    return " ".join(text.split())


def card_words(text: str) -> set[str]:
    return set(re.findall(r"(?<![A-Za-z0-9#])[RGB]\d{1,2}(?!\d)", text))


def test_auto_game_prints_every_turn_and_a_consistent_scoreboard() -> None:
    code, out, err = run("play", "--auto", "--game", "hattrick", "--seed", "1")
    assert (code, err) == (0, "")
    assert "Hattrick, rules amigo-1995, 4 players, seed 1" in out
    assert "Seats: #0 random" in out  # the heuristic bot plays Sticheln only
    assert len(re.findall(r"^Turn \d+:", out, re.MULTILINE)) == 4 * 14
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.split()[:2] == ["Hand", "#0"])
    rows = [line.split() for line in lines[head + 1 :] if line.split()[:1] != ["─" * 45]]
    hands = [[int(x) for x in row[1:5]] for row in rows if row and row[0].isdigit()]
    passes = [[int(x) for x in row[5:9]] for row in rows if row and row[0].isdigit()]
    totals = next([int(x) for x in row[1:5]] for row in rows if row[:1] == ["total"])
    assert len(hands) == 4
    assert totals == [sum(hand[p] for hand in hands) for p in range(4)]
    assert all(0 <= count <= 14 for counts in passes for count in counts)
    assert lines[-1].startswith("Winner")


def test_the_screen_shows_open_tricks_won_cards_and_passes() -> None:
    code, out, _ = run(
        "play", "--interactive", "--game", "hattrick", "--seed", "3", "--bots", "random",
        stdin="1\nxx\nR99\n99\n2\n",
    )  # fmt: skip
    assert code == 0
    for header in ("Won red", "Won green", "Won blue", "Passed", "This hand", "Total"):
        assert header in out
    assert "You lead this turn: any card opens a trick." in out
    assert re.search(r"Open tricks: \w+: #\d [RGB]\d+", out)
    assert "would take it with" in out
    assert "opens a trick" in out
    assert "follows the open" in out
    assert "'xx' is not a card name" in out
    assert "value 99 is above 20" in out
    assert "There is no move 99" in out
    assert re.search(r"Turn 1: You [RGB]\d+ · .* → .* \(HT-TRICK-1\); ", flat(out))
    assert "Input ended." in out


def test_a_whole_game_against_bots() -> None:
    code, out, _ = run(
        "play", "--interactive", "--game", "hattrick", "--players", "5", "--seed", "4",
        stdin="1\n" * 60,
    )  # fmt: skip
    assert code == 0
    assert flat(out).count(" (HT-SCORE-1 to HT-SCORE-3)") == 5
    assert "Winner" in out


@pytest.fixture(scope="module")
def unfinished_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six turns of a 4-player game, saved at the person's seventh turn."""
    path = tmp_path_factory.mktemp("records") / "hattrick.json"
    code, _, _ = run(
        "play", "--interactive", "--game", "hattrick", "--seed", "5", "--bots", "random",
        "--save", str(path), stdin="1\n" * 6,
    )  # fmt: skip
    assert code == 0
    return path


def test_replay_reads_the_game_from_the_record(unfinished_game: Path) -> None:
    assert json.loads(unfinished_game.read_text())["game"] == "hattrick"
    code, out, _ = run("replay", str(unfinished_game))
    assert code == 0
    assert "Replay of" in out
    assert "Hattrick, rules amigo-1995, 4 players, 27 moves" in flat(out)
    assert len(re.findall(r"^Turn \d+:", out, re.MULTILINE)) == 6
    assert "face down" not in flat(out)  # without --as, passed cards are shown


def test_replay_as_a_player_hides_what_they_did_not_see(unfinished_game: Path) -> None:
    game = HattrickGame()
    record = HattrickRecord.from_json(unfinished_game.read_text())
    state = record.replay()
    view = game.observe(state, 0)
    unseen = {str(card) for card in view.unseen_cards}
    hidden_passes = [
        (seat, card) for turn in view.turns for seat, card in turn.passes if card is None
    ]
    assert hidden_passes  # the test needs a card passed face down by another player
    code, out, _ = run("replay", str(unfinished_game), "--as", "0")
    assert code == 0
    assert re.findall(r"^#\d holds ", out, re.MULTILINE) == ["#0 holds "]
    assert flat(out).count("passes a card face down") == len(hidden_passes)
    assert not card_words(out) & unseen
