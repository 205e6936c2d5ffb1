"""The ``sticheln`` command line with Stichling, and its Stichling screen."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console, RenderableType
from rich.text import Text

from sticheln.cli import main
from sticheln.core.screen import screen_for
from sticheln.stichling import (
    RAVENSBURGER_2015,
    ArrangePoints,
    OpenAtEnd,
    StichlingGame,
    StichlingRecord,
    StichlingRules,
    StichlingState,
    new_game,
    parse_move,
)
from tests.stichling.test_wire import DEAL, TEXTS


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def flat(text: str) -> str:
    """``text`` with line breaks and runs of spaces made single spaces (rich wraps lines)."""
    return " ".join(text.split())


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_play_whole_games(players: int) -> None:
    code, out, err = run("play", "--game", "stichling", "--auto", "--players", str(players))
    assert code == 0, err
    text = flat(out)
    assert f"Stichling, rules ravensburger-2015, {players} players" in text
    for hand in (1, 2, 3):
        assert re.search(rf"Hand {hand} of 3 · #\d plays first · victory points \d, \d, \d", text)
        assert f"Hand {hand} scores (SL-SCORE-1):" in text
    assert "takes the trick" in text
    assert "is the highest card of the led colour and holds the marker (SL-TRICK-1)" in text
    assert "scores its value (SL-SCORE-1)" not in text  # no viewer: no score explained
    assert "Scoreboard" in out
    assert re.search(r"Winners?: #\d", out)


def test_a_person_arranges_plays_and_is_told_what_is_wrong() -> None:
    code, out, _ = run(
        "play", "--game", "stichling", "--interactive", "--players", "2", "--seed", "1",
        "--bots", "random", stdin="9,9,9\n3,1,2\nR99+\nR1>7\nB6>1\n1\n?\nq\n",
    )  # fmt: skip
    assert code == 0
    text = flat(out)
    assert "Lay down your victory-point cards 1, 2, 3" in text
    assert "Your moves: 1) 1,2,3 2) 1,3,2" in text
    # The prompt shows what can be typed then: an order or its number, no card.
    assert "Your move (such as 1,2,3, or its number; ? for help, q to quit): 9,9,9" in text
    assert "if you win no trick, you score 0." in text
    assert "scores nothing" not in text
    assert "the victory-point cards of hand 1 are 1, 2, 3, each once." in text
    assert "'R99' is not a card of this game (colours R, Y, G, B; values run 1 to 6)" in text
    assert "'R1>7' names no move: open tricks are numbered 1 to 4" in text
    # Seat 0 is dealt R1 R6 Y1 Y2 Y4 Y5 Y6 G2 G6 B3 B4 B6 and plays first: no trick is open.
    # Before the hand, the cards by colour without numbers (a number chooses an order).
    assert "Your hand: red R1 R6 yellow Y1 Y2 Y4 Y5 Y6 green G2 G6 blue B3 B4 B6 Lay down" in text
    assert "No trick is open: any card opens one (at most 4)." in text
    assert "red 1 R1 2 R6 + opens a trick yellow 3 Y1 4 Y2" in text
    assert "blue 10 B3 11 B4 12 B6 + opens a trick" in text
    assert "Your move (such as R1+, or a card's number; ? for help, q to quit)" in text
    # "1" is R1, whose one move opens a trick; seat 1 adds R4 to it.
    assert "You open trick 1 with R1 #2 adds R4 to trick 1 (red)" in text
    # R6 keeps its number 2, and can open a trick or go to trick 1.
    assert "red 2 R6 + opens a trick · >1 adds to trick 1" in text
    assert "Your move (such as R6+ or R6>1, or a card's number;" in text
    assert "R7>2 adds R7 to open trick 2" in text
    assert "You stopped the game." in text


def test_the_turn_screen_shows_the_open_tricks_with_their_markers() -> None:
    deal = ["R1 R3 R5 Y2 Y4 Y6 G1 G3 G5 B2 B4 B6", "R2 R4 R6 Y1 Y3 Y5 G2 G4 G6 B1 B3 B5"]
    state = new_game(2, deals=[deal] * 3)
    for player, text in [(0, "3,2,1"), (1, "2,3,1"), (0, "R5+"), (1, "R6>1"), (0, "R1>1")]:
        state = StichlingGame().apply_move(state, parse_move(state, player, text))
    game = StichlingGame()
    screen = screen_for(game, ["#1", "You"], 1, interactive=True)
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(screen.turn(state, 1, game.legal_moves(state, 1)))
    text = flat(console.export_text())
    assert "Hand 1 of 3 · card 4 of 24" in text
    # Trick 1 is red: R5 (seat 0), R6 (seat 1), R1 (seat 0); the marker is seat 1's R6, and
    # one card is still to come.
    assert "1 red #1 R5, You R6, #1 R1 You R6 1" in text
    # Seat 1 sees its own row in full and nothing of seat 0's.
    assert re.search(r"You ◀ 2 3 1 0 - 0", text)
    assert re.search(r"#1 \? \? \? 0 - 0", text)


def test_replay_as_a_player_shows_only_the_rows_turned_up(tmp_path: Path) -> None:
    path = tmp_path / "stichling.json"
    argv = ["play", "--game", "stichling", "--auto", "--players", "3", "--seed", "5"]
    code, _, _ = run(*argv, "--save", str(path))
    assert code == 0
    record = StichlingRecord.from_json(path.read_text())
    final = record.replay()
    hand = final.finished_hands[0]
    code, out, _ = run("replay", str(path), "--as", "1")
    assert code == 0
    line = flat(out)[flat(out).index("Hand 1 scores") :]
    for seat in (1, 2):
        row = hand.orders[seat]
        tricks = hand.tricks_won[seat]
        seen = ",".join(str(v) if i < tricks else "?" for i, v in enumerate(row))
        assert f"#{seat + 1} " in line  # seats counted from 1
        assert f"row {seen})" in line
    code, out, _ = run("replay", str(path))
    assert code == 0
    full = flat(out)[flat(out).index("Hand 1 scores") :]
    for seat in (0, 1, 2):
        assert f"row {','.join(map(str, hand.orders[seat]))})" in full
    assert json.loads(path.read_text())["game"] == "stichling"


# The worked hand of docs/rules/stichling.rst, on the screen ------------------------------


def worked_hand_shown(
    perspective: int | None,
    *,
    interactive: bool,
    rules: StichlingRules = RAVENSBURGER_2015,
    names: tuple[str, str] = ("Ann", "Bo"),
) -> list[RenderableType]:
    """What the screen shows after each move of the worked hand, in order."""
    game = StichlingGame(rules)
    screen = screen_for(game, names, perspective, interactive=interactive)
    state: StichlingState = new_game(2, rules=rules, deals=[DEAL] * 3)
    shown: list[RenderableType] = []
    for player, order in [(0, (3, 2, 1)), (1, (2, 3, 1))]:
        after = game.apply_move(state, ArrangePoints(player, order))
        shown.extend(screen.events(state, after, player, ArrangePoints(player, order)))
        state = after
    for turn, text in enumerate(TEXTS):
        move = parse_move(state, turn % 2, text)
        after = game.apply_move(state, move)
        shown.extend(screen.events(state, after, turn % 2, move))
        state = after
    return shown


def lines(shown: list[RenderableType]) -> list[str]:
    console = Console(width=300, record=True, file=io.StringIO(), color_system=None)
    for renderable in shown:
        console.print(renderable)
    return [line.rstrip() for line in console.export_text().splitlines()]


@pytest.mark.rule("SL-PLAY-2", "SL-TRICK-1", "SL-PLAY-5", "SL-VP-3", "SL-SCORE-1")
def test_a_player_is_told_why_each_trick_went_to_whom_and_what_the_score_is_made_of() -> None:
    shown = worked_hand_shown(1, interactive=True)
    text = lines(shown)
    # Turn 21: G3 is the fourth card of trick F (R3 R4 G4 G3); Bo's R4 holds the marker, the
    # two green cards are discards. It is Bo's third trick: it turns up their third card.
    at = text.index("Ann discards G3 to trick 3 (red)")
    assert text[at + 1 : at + 6] == [
        "Bo takes the trick R3 R4 G4 G3: R4 is the highest card of the led colour and holds"
        " the marker (SL-TRICK-1); it turns up their card number 3 (SL-VP-3)",
        "    R3 opens the trick: red is its led colour (SL-PLAY-2).",
        "    R3 is lower than R4 and does not hold the marker (SL-TRICK-1).",
        "    G4 is a discard of another colour and never holds the marker (SL-PLAY-5).",
        "    G3 is a discard of another colour and never holds the marker (SL-PLAY-5).",
    ]
    # The other reasons are dim, the line of who takes the trick is not.
    texts = [r for r in shown if isinstance(r, Text)]
    taken = next(t for t in texts if t.plain.startswith("Bo takes the trick R3"))
    reasons = texts[texts.index(taken) + 1 : texts.index(taken) + 5]
    assert [t.style for t in reasons] == ["dim"] * 4
    assert taken.style != "dim"
    # The end of the hand: Bo won three tricks (A, C, F) and scores the third card of the
    # row 2, 3, 1; of Ann's row Bo saw the first two cards turned up.
    at = text.index(
        "Hand 1 scores (SL-SCORE-1): Ann +2 (2 tricks, row 3,2,?) · Bo +1 (3 tricks, row 2,3,1)"
    )
    assert text[at + 1 : at + 5] == [
        "Bo: Hand score +1:",
        "    +0 3 tricks won: the third card of the row is face up (SL-VP-3).",
        "    +1 the third card of the row, 1, is face up and scores its value (SL-SCORE-1).",
        "Totals: Ann +2 · Bo +1",
    ]


@pytest.mark.rule("SL-VP-3")
def test_the_person_at_the_terminal_is_told_their_own_card_is_turned_up() -> None:
    text = lines(worked_hand_shown(1, interactive=True, names=("Ann", "You")))
    assert (
        "You take the trick R3 R4 G4 G3: R4 is the highest card of the led colour and holds the"
        " marker (SL-TRICK-1); it turns up your card number 3 (SL-VP-3)"
    ) in text
    assert not [line for line in text if "your card" in line and not line.startswith("You ")]
    # Ann's tricks turn up her cards: "their", as for everyone but the person.
    assert any(line.startswith("Ann takes") and "their card number" in line for line in text)


@pytest.mark.rule("SL-TRICK-1")
def test_without_a_viewer_the_lines_of_the_tricks_give_the_deciding_reason_alone() -> None:
    text = lines(worked_hand_shown(None, interactive=False))
    # Turn 6: R2 completes trick A (R5 R6 R1 R2) for Bo, whose R6 holds the marker.
    at = text.index("Bo adds R2 to trick 1 (red)")
    assert text[at + 1 : at + 3] == [
        "Bo takes the trick R5 R6 R1 R2: R6 is the highest card of the led colour and holds"
        " the marker (SL-TRICK-1); it turns up their card number 1 (SL-VP-3)",
        "Ann opens trick 2 with G5",
    ]
    at = text.index(
        "Hand 1 scores (SL-SCORE-1): Ann +2 (2 tricks, row 3,2,1) · Bo +1 (3 tricks, row 2,3,1)"
    )
    assert text[at + 1] == "Totals: Ann +2 · Bo +1"  # no viewer, no score explained
    assert text[at - 1] == "Left open, not scored (SL-HAND-1): B5 B3; Y6 Y5"


@pytest.mark.rule("SL-HAND-1", "SL-VP-3", "SL-SCORE-1")
def test_tricks_left_open_are_shown_taken_when_their_marker_holders_win_them() -> None:
    rules = StichlingRules(name="marker", open_at_end=OpenAtEnd.MARKER)
    text = lines(worked_hand_shown(1, interactive=False, rules=rules))
    # E (B5 B3) goes to Bo, G (Y6 Y5) to Ann, who holds its marker with Y6: Ann has won three
    # tricks and scores the third card of 3, 2, 1; Bo four, and the first card of 2, 3, 1
    # is face up again.
    at = text.index("Left open, each taken by its marker holder (SL-HAND-1): B5 B3; Y6 Y5")
    assert text[at + 1 : at + 6] == [
        "Hand 1 scores (SL-SCORE-1): Ann +1 (3 tricks, row 3,2,1) · Bo +2 (4 tricks, row 2,3,1)",
        "Bo: Hand score +2:",
        "    +0 4 tricks won: the first card of the row is face up again (SL-VP-3).",
        "    +2 the first card of the row, 2, is face up and scores its value (SL-SCORE-1).",
        "Totals: Ann +1 · Bo +2",
    ]
