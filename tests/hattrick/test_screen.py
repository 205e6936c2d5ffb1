"""The ``sticheln`` command line with Hattrick, and its Hattrick screen."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from rich.console import Console, RenderableType

from sticheln.cli import main
from sticheln.core.screen import screen_for
from sticheln.hattrick import (
    PASSES_HIDDEN,
    HattrickGame,
    HattrickRecord,
    HattrickState,
    LeadCards,
    PassedCards,
    legal_moves,
    new_game,
)
from tests.hattrick.test_engine import (
    MINI,
    MINI_DEAL,
    MINI_TURNS,
    TO_SIX,
    play,
    play_two_hands,
)


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def flat(text: str) -> str:
    """``text`` with line breaks and runs of spaces made single spaces (rich wraps lines)."""
    return " ".join(text.split())


def card_words(text: str) -> set[str]:
    return set(re.findall(r"(?<![A-Za-z0-9#])[RGB]\d{1,2}(?!\d)", text))


def in_order(turns: int, hands: int = 1) -> str:
    """The numbers ``1`` to ``turns`` once for each of ``hands`` hands: a card keeps its
    number for the hand, so that this plays the first card of the hand at each turn."""
    return "".join(f"{number}\n" for number in range(1, turns + 1)) * hands


def test_auto_game_prints_every_turn_and_a_consistent_scoreboard() -> None:
    code, out, err = run("play", "--auto", "--game", "hattrick", "--seed", "1")
    assert (code, err) == (0, "")
    assert "Hattrick, rules amigo-1995, 4 players, seed 1" in out
    assert "Seats: #1 heuristic" in out  # the Hattrick bot is the default
    assert len(re.findall(r"^Turn \d+:", out, re.MULTILINE)) == 4 * 14
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.split()[:2] == ["Hand", "#1"])
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
    assert "'R99' is not a card of this game (colours R, G, B; values run 1 to 20)" in out
    assert "There is no card 99: your cards are numbered 1 to 15 this hand." in out
    assert re.search(
        r"Turn 1: You [RGB]\d+ · .* → .* the \w+ trick: [RGB]\d+ is the (highest|only) card of "
        r"the trick.* \(HT-TRICK-1\); .* next: [RGB]\d+ is the highest card of the tricks "
        r"\(HT-LEAD-2\)",
        flat(out),
    )
    assert "Input ended." in out


def test_a_whole_game_against_bots() -> None:
    code, out, _ = run(
        "play", "--interactive", "--game", "hattrick", "--players", "5", "--seed", "4",
        stdin=in_order(11, hands=5),
    )  # fmt: skip
    assert code == 0
    # The person's hand score, item by item, after each of the five hands.
    assert len(re.findall(r"^You: Hand score [+-]?\d+:$", out, re.MULTILINE)) == 5
    text = flat(out)
    assert re.search(
        r" \+0 \w+ is the collected colour: \d+ \w+ cards? won, .* \(HT-SCORE-1\)\.", text
    )
    assert re.search(r" \+1 [RGB]\d+ is in the collected colour and scores one point", text)
    assert "Winner" in out


def save_game(path: Path, rules: str) -> Path:
    """Six turns of a 4-player game with the rules preset ``rules``, saved at the person's
    seventh turn."""
    code, _, _ = run(
        "play", "--interactive", "--game", "hattrick", "--rules", rules, "--seed", "5",
        "--bots", "random", "--save", str(path), stdin=in_order(6),
    )  # fmt: skip
    assert code == 0
    return path


@pytest.fixture(scope="module")
def unfinished_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game saved early, with passed cards shown (the default rules)."""
    return save_game(tmp_path_factory.mktemp("records") / "hattrick.json", "amigo-1995")


@pytest.fixture(scope="module")
def hidden_passes_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game saved early, with passed cards hidden (preset ``passes-hidden``)."""
    return save_game(tmp_path_factory.mktemp("records") / "hidden.json", "passes-hidden")


def test_replay_reads_the_game_from_the_record(unfinished_game: Path) -> None:
    assert json.loads(unfinished_game.read_text())["game"] == "hattrick"
    code, out, _ = run("replay", str(unfinished_game))
    assert code == 0
    assert "Replay of" in out
    assert "Hattrick, rules amigo-1995, 4 players, 27 moves" in flat(out)
    assert len(re.findall(r"^Turn \d+:", out, re.MULTILINE)) == 6
    assert "face down" not in flat(out)  # without --as, passed cards are shown


@pytest.mark.rule("HT-PASS-1")
def test_replay_as_a_player_shows_the_cards_others_passed(unfinished_game: Path) -> None:
    state = HattrickRecord.from_json(unfinished_game.read_text()).replay()
    passes = [(seat, card) for turn in state.turns for seat, card in turn.passes if seat != 0]
    assert passes  # the test needs a card passed by another player
    code, out, _ = run("replay", str(unfinished_game), "--as", "1")
    assert code == 0
    assert "face down" not in flat(out)
    for seat, card in passes:
        assert f"#{seat + 1} passes {card}" in flat(out)  # seats counted from 1


@pytest.mark.rule("HT-PASS-1")
def test_replay_as_a_player_hides_what_they_did_not_see(hidden_passes_game: Path) -> None:
    unfinished_game = hidden_passes_game
    assert HattrickRecord.from_json(unfinished_game.read_text()).rules == PASSES_HIDDEN
    game = HattrickGame()
    record = HattrickRecord.from_json(unfinished_game.read_text())
    state = record.replay()
    view = game.observe(state, 0)
    unseen = {str(card) for card in view.unseen_cards}
    hidden_passes = [
        (seat, card) for turn in view.turns for seat, card in turn.passes if card is None
    ]
    assert hidden_passes  # the test needs a card passed face down by another player
    code, out, _ = run("replay", str(unfinished_game), "--as", "1")
    assert code == 0
    assert re.findall(r"^(?:#\d holds|You hold) ", out, re.MULTILINE) == ["You hold "]
    assert flat(out).count("passes a card face down") == len(hidden_passes)
    assert not card_words(out) & unseen


@pytest.mark.rule("HT-GAME-3")
def test_replay_of_a_game_that_ended_at_the_target(tmp_path: Path) -> None:
    # The two hands of tests/hattrick/test_engine.py: totals -8, 6, 0, 6 after hand 2 of 3.
    path = tmp_path / "to-six.json"
    path.write_text(HattrickRecord.from_state(play_two_hands(TO_SIX)).to_json())
    code, out, _ = run("replay", str(path))
    assert code == 0
    text = flat(out)
    assert "Hattrick, rules to-six, 4 players, 40 moves" in text
    assert "Hand 1 of at most 3 · #1 leads · to 6 points" in text
    assert "Hand 2 of at most 3 · #2 leads · to 6 points" in text
    assert "Hand 3" not in text
    assert "Hand 2 scores: #1 -7 · #2 +5 · #3 0 · #4 +7" in text
    assert "#2 and #4 reached 6 points: the game ends after 2 of 3 hands (HT-GAME-3)" in text
    assert "The record ends before the game is over" not in text
    assert "Winners: #2, #4" in text


def rendered(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(renderable)
    output = console.file.getvalue()
    assert isinstance(output, str)
    return flat(output)


@pytest.mark.rule("HT-GAME-3", "HT-PASS-1", "HT-LEAD-2")
def test_the_turn_screen_and_the_help_follow_the_rules() -> None:
    names = ["You", "#2", "#3", "#4"]
    hidden = attrs.evolve(TO_SIX, target_score=None, passed_cards=PassedCards.HIDDEN)
    whole_turn = attrs.evolve(TO_SIX, target_score=None, lead_cards=LeadCards.TURN)
    texts = {}
    for rules in (TO_SIX, hidden, whole_turn):
        # P0 opens red, P1 green: P2's blue cards can only be passed.
        state = play(play(new_game(4, rules=rules, deals=[MINI_DEAL] * 3), 0, "R8"), 1, "G8")
        screen = screen_for(HattrickGame(rules), names, 2, interactive=True)
        moves = legal_moves(state, 2)
        texts[rules] = (rendered(screen.turn(state, 2, moves)), flat(screen.help(moves)))
    turn, help_text = texts[TO_SIX]
    assert "Hand 1 of at most 3 · turn 1 of 5 · to 6 points" in turn
    assert "blue 5 B3 6 B8 is shown, then passed face down: -2 points" in turn
    assert "The game ends once a player's total reaches 6." in help_text
    assert "the highest card of the tricks leads next" in help_text
    turn, help_text = texts[hidden]
    assert "Hand 1 of 3 · turn 1 of 5" in turn
    assert "blue 5 B3 6 B8 is passed face down: -2 points" in turn
    assert "reaches" not in help_text
    assert "passed ones included, leads next" in texts[whole_turn][1]


def lines(renderables: Sequence[RenderableType]) -> list[str]:
    """The lines of ``renderables`` as a wide terminal shows them, without trailing spaces."""
    output = io.StringIO()
    console = Console(file=output, width=400, color_system=None)
    for renderable in renderables:
        console.print(renderable)
    return [line.rstrip() for line in output.getvalue().splitlines()]


def mini_before_and_after(turns: int) -> tuple[HattrickState, HattrickState]:
    """The mini hand of tests/hattrick/test_engine.py before the last card of turn
    ``turns`` and after it."""
    state = new_game(4, rules=MINI, deals=[MINI_DEAL])
    for turn in MINI_TURNS[: turns - 1]:
        for seat, name in turn:
            state = play(state, seat, name)
    for seat, name in MINI_TURNS[turns - 1][:-1]:
        state = play(state, seat, name)
    seat, name = MINI_TURNS[turns - 1][-1]
    return state, play(state, seat, name)


@pytest.mark.rule("HT-TRICK-1", "HT-PLAY-1")
def test_the_turn_line_says_who_takes_each_trick_and_why() -> None:
    # Turn 1 of the mini hand: R8 and R5 in red, G8 alone in green, B8 passed; the 8s tie,
    # so the next lower card, R5, leads next (HT-LEAD-2).
    before, after = mini_before_and_after(1)
    game = HattrickGame(MINI)
    names = ["You", "#2", "#3", "#4"]
    turn_line = (
        "Turn 1: You R8 · #2 G8 · #3 passes B8 · #4 R5 → You take the red trick: R8 is the "
        "highest card of the trick (HT-TRICK-1), #2 takes the green trick: G8 is the only card "
        "of the trick, so its highest (HT-TRICK-1); #4 leads next: R8 and G8 tie for the highest "
        "card of the tricks, so the next lower card counts: R5 (HT-LEAD-2)"
    )
    interactive = screen_for(game, names, 0, interactive=True)
    assert lines(interactive.events(before, after, 3, None)) == [
        turn_line,
        "    R8 opens the trick: red is its colour, and only red cards are added to it"
        " (HT-PLAY-1).",
        "    R5 is lower than R8 (HT-TRICK-1).",
        "    G8 opens the trick: green is its colour, and only green cards are added to it"
        " (HT-PLAY-1).",
    ]
    # Without a person at the terminal, the turn line alone.
    auto = screen_for(game, names, 0, interactive=False)
    assert lines(auto.events(before, after, 3, None)) == [turn_line]


@pytest.mark.rule("HT-SCORE-1", "HT-SCORE-2", "HT-SCORE-3")
def test_the_end_of_a_hand_shows_the_viewers_score_item_by_item() -> None:
    # Turn 5 of the mini hand ends it. Seat 0 won R8 R5 B7 B6 R3 and passed G5: red 3 (+3),
    # blue 2 (-2), one pass (-2): -1. Scores -1, +1, 0, -1 (tests/hattrick/test_engine.py).
    before, after = mini_before_and_after(5)
    names = ["You", "#2", "#3", "#4"]
    screen = screen_for(HattrickGame(MINI), names, 0, interactive=True)
    shown = lines(screen.events(before, after, 3, None))
    start = shown.index("Hand 1 scores: You -1 · #2 +1 · #3 0 · #4 -1")
    assert shown[start + 1 :] == [
        "You: Hand score -1:",
        "    +0 red is the collected colour: 3 red cards won, more than of any other colour"
        " (HT-SCORE-1).",
        "    +1 R3 is in the collected colour and scores one point (HT-SCORE-1).",
        "    +1 R5 is in the collected colour and scores one point (HT-SCORE-1).",
        "    +1 R8 is in the collected colour and scores one point (HT-SCORE-1).",
        "    -1 B6 is not in the collected colour and costs one point (HT-SCORE-2).",
        "    -1 B7 is not in the collected colour and costs one point (HT-SCORE-2).",
        "    -2 G5 was passed and costs two points, whatever its colour (HT-SCORE-3).",
        "Totals: You -1 · #2 +1 · #3 0 · #4 -1",
    ]
    # The turn that ends the hand comes first: P3 passes B4, red to P0 (R3), green to P2.
    assert shown[0].startswith("Turn 5: You R3 · #2 G2 · #3 G7 · #4 passes B4 → You take the red")
