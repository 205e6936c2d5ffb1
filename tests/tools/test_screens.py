"""What the three games' terminal screens share: card numbers kept for a whole deal, one rule
for the signs of points, one layout of the headers, prompts from the moves of the moment."""

from __future__ import annotations

import io
import re

import pytest

from sticheln import find_game
from sticheln.cli import main
from sticheln.core.screen import CardScreen, Screen, progress, screen_for
from sticheln.core.text import signed
from tests.plays import random_plays


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def flat(text: str) -> str:
    return " ".join(text.split())


CARD = r"[RYGBP]\d{1,2}"

HAND_ROW = re.compile(rf"^(red|yellow|green|blue|purple) +((?:\d+ +{CARD} *)+)")
"""A row of the hand on a turn screen: the colour, then each card with its number."""


def numbered_hands(out: str) -> list[dict[str, int]]:
    """The number of each card of the hand, on each turn screen of ``out`` in order."""
    hands: list[dict[str, int]] = []
    for line in out.splitlines():
        if line.startswith("Your hand"):
            hands.append({})
        row = HAND_ROW.match(line)
        if row is not None and hands:
            pairs = re.findall(rf"(\d+) +({CARD})", row[2])
            hands[-1].update({card: int(number) for number, card in pairs})
    return hands


def dealt(name: str, players: int, seed: int) -> list[str]:
    """Seat 0's first hand, in the order of the hand, as the game deals it."""
    game = find_game(name)
    hand = game.observe(game.new_game(players, seed=seed), 0).to_dict()["hand"]
    order = "RYGBP"
    return sorted(hand, key=lambda card: (order.index(card[0]), int(card[1:])))


@pytest.mark.parametrize(
    ("name", "players", "seed", "script", "cards"),
    [
        # The pain card is card 1; then cards 5 and 6, each by the number of the first screen.
        ("sticheln", 3, 5, ["1", "5", "6"], [1, 5, 6]),
        ("hattrick", 4, 3, ["3", "7", "4"], [3, 7, 4]),
        # An order of the victory points (no card), then card 5 opens trick 1, 9+ opens a trick
        # with card 9, and 3>1 adds card 3 to trick 1 (yellow, opened by card 5, Y4).
        ("stichling", 2, 1, ["1", "5", "9+", "3>1"], [None, 5, 9, 3]),
    ],
)
def test_a_card_keeps_its_number_for_the_deal(
    name: str, players: int, seed: int, script: list[str], cards: list[int | None]
) -> None:
    hand = dealt(name, players, seed)
    argv = ["play", "--game", name, "--interactive", "--players", str(players)]
    code, out, _ = run(*argv, "--seed", str(seed), "--bots", "random", stdin="\n".join(script))
    assert code == 0
    hands = numbered_hands(out)
    assert len(hands) == len(script) + 1  # a screen for each move, and the next one
    first = {card: number for number, card in enumerate(hand, start=1)}
    gone: set[str] = set()
    for numbers, number in zip(hands, [*cards, None], strict=True):
        # Every card still held shows the number it was dealt with; the played ones are gone.
        expected = {card: n for card, n in first.items() if card not in gone}
        if number is None and not numbers:
            expected = {}  # before a hand of Stichling: no numbers, a number chooses an order
        assert numbers == expected
        if number is not None:
            card = hand[number - 1]
            gone.add(card)
            assert re.search(rf"\bYou( \w+)*( the pain card)? {card}\b", out), card
    assert hands[-1]  # the last screen numbers the cards still held


def test_a_number_names_a_card_not_a_move() -> None:
    # The pain card is card 1; afterwards 1 is no card of the hand, and 2 is the second card.
    code, out, _ = run(
        "play", "--interactive", "--players", "3", "--seed", "5", "--bots", "random",
        stdin="1\n1\n2\n",
    )  # fmt: skip
    assert code == 0
    hand = dealt("sticheln", 3, 5)
    assert f"{hand[0]} (card 1) is no longer in your hand." in out
    assert re.search(rf"^Trick 1: .*You {hand[1]}\b", out, re.MULTILINE)


def test_a_number_for_a_card_of_several_moves_asks_which() -> None:
    # Stichling, seed 1, 2 players: card 5 (Y4) opens trick 1, #2 opens trick 2 with R4; R6,
    # card 2, can then open a trick or be added to trick 2.
    code, out, _ = run(
        "play", "--game", "stichling", "--interactive", "--players", "2", "--seed", "1",
        "--bots", "random", stdin="1\n5\n2\n2>7\nq\n",
    )  # fmt: skip
    assert code == 0
    text = flat(out)
    assert "R6 (card 2) can be played 2 ways: type R6+ or R6>2 (or 2+, 2>2)." in text
    assert "'R6>7' names no move: open tricks are numbered 1 to 4." in text


@pytest.mark.parametrize("name", ["sticheln", "hattrick", "stichling"])
def test_points_are_signed_everywhere(name: str) -> None:
    """Every score of a deal and every total is shown the same way: with its sign, and 0 for
    none (:func:`signed`)."""
    code, out, _ = run("play", "--game", name, "--auto", "--seed", "4", "--bots", "random")
    assert code == 0
    point = re.compile(r"^(0|[+-][1-9]\d*)$")
    seat = r"(#\d|You) (\S+)"
    lines = out.splitlines()
    totals = [line for line in lines if line.startswith("Totals: ")]
    scored = [line for line in lines if re.match(r"^(Round|Hand) \d+ scores", line)]
    assert totals
    assert len(scored) == len(totals)
    signs = set()
    for line in totals + scored:
        values = re.findall(seat, line.split(": ", 1)[1])
        assert values
        assert all(point.match(value) for _, value in values), line
        signs |= {value[0] for _, value in values}
    assert "+" in signs  # points above zero were shown, with their sign
    # The scoreboard: a row for each deal and the totals, every seat's points signed.
    board = lines[next(i for i, line in enumerate(lines) if line.strip() == "Scoreboard") :]
    rows = [line.split() for line in board if re.match(r"^\s+(\d+|total)\s", line)]
    assert rows[-1][0] == "total"
    players = len(re.findall(r"#\d", board[2]))
    for row in rows:
        assert all(point.match(value) for value in row[1 : 1 + players]), row
    assert signed(12) == "+12"
    assert signed(-3) == "-3"
    assert signed(0) == "0"


@pytest.mark.parametrize(
    ("name", "script", "turn_header"),
    [
        ("sticheln", "1\n", r"Round 1 of 4 · trick 1 of 14"),
        ("hattrick", "", r"Hand 1 of 4 · turn 1 of 14"),
        ("stichling", "1\n", r"Hand 1 of 3 · card 1 of 48"),
    ],
)
def test_the_games_headers_share_one_layout(name: str, script: str, turn_header: str) -> None:
    """Deal, then where it stands, then any notes, joined by " · ": the games' own terms in
    one layout (Screen.heading)."""
    argv = ["play", "--game", name, "--seed", "3"]
    code, out, _ = run(*argv, "--interactive", "--bots", "random", stdin=script)
    assert code == 0
    rules = [line.strip("─ ") for line in out.splitlines() if line.startswith("─")]
    assert turn_header in rules
    code, out, _ = run(*argv, "--auto")
    assert code == 0
    rules = [line.strip("─ ") for line in out.splitlines() if line.startswith("─")]
    layout = re.compile(r"^(Round|Hand) (\d) of \d · #\d (leads|plays first)( · [^·]+)?$")
    matches = [layout.match(rule) for rule in rules]
    assert rules
    assert all(matches), rules
    assert [int(m[2]) for m in matches if m] == list(range(1, len(rules) + 1))


def test_a_header_lays_out_the_games_terms() -> None:
    class Rounds(Screen):
        deal_term = "round"

    screen = Rounds(find_game("sticheln"), ["#1", "#2", "#3"])
    now = progress("trick", 2, 14)
    assert now == "trick 3 of 14"
    assert screen.heading(1, 4, now) == "Round 2 of 4 · trick 3 of 14"
    assert screen.heading(0, 3, "#2 leads", "to 6 points", at_most=True) == (
        "Round 1 of at most 3 · #2 leads · to 6 points"
    )


def test_the_prompt_shows_what_can_be_typed_now() -> None:
    game = find_game("stichling")
    state = game.new_game(2, seed=1)
    screen = screen_for(game, ["You", "#2"], 0, interactive=True)
    arranging = game.legal_moves(state, 0)
    # Before the hand, an order of the victory points: no card, and numbers choose orders.
    assert screen.prompt(arranging) == (
        "Your move (such as 1,2,3, or its number; ? for help, q to quit): "
    )
    for player in (0, 1):
        state = game.apply_move(state, game.legal_moves(state, player)[0])
    # Then, no trick being open, every card opens one: R1 is the first card of the hand.
    assert screen.prompt(game.legal_moves(state, 0)) == (
        "Your move (such as R1+, or a card's number; ? for help, q to quit): "
    )
    state = game.apply_move(state, game.parse_move(state, 0, "Y4+"))
    state = game.apply_move(state, game.parse_move(state, 1, "R4+"))
    # Now R1 can also be added to trick 2, R4's.
    assert screen.prompt(game.legal_moves(state, 0)) == (
        "Your move (such as R1+ or R1>2, or a card's number; ? for help, q to quit): "
    )
    # Where every move is a card's name, the prompt asks for a card.
    sticheln = find_game("sticheln")
    first = sticheln.new_game(3, seed=1)
    card_screen = screen_for(sticheln, ["You", "#2", "#3"], 0, interactive=True)
    assert isinstance(card_screen, CardScreen)
    for player in (0, 1, 2):
        first = sticheln.apply_move(first, sticheln.legal_moves(first, player)[0])
    assert card_screen.prompt(sticheln.legal_moves(first, 0)) == (
        "Your card (name or number; ? for help, q to quit): "
    )
    # The generic screen gives one example per kind of move, and numbers the moves.
    generic = Screen(sticheln, ["You", "#2", "#3"], 0)
    moves = sticheln.legal_moves(first, 0)
    assert generic.prompt(moves) == (
        f"Your move (such as {sticheln.move_text(moves[0])}, or its number; ? for help, q to "
        "quit): "
    )


@pytest.mark.parametrize(("name", "players"), [("sticheln", 4), ("hattrick", 5), ("stichling", 3)])
def test_the_hand_as_dealt_is_the_hand_at_the_start_of_the_deal(name: str, players: int) -> None:
    """A screen's dealt hand, from which the cards' numbers come, is at every move of a deal
    the hand the player held when it was dealt."""
    game = find_game(name)
    screen = screen_for(game, [f"#{p}" for p in range(players)])
    assert isinstance(screen, CardScreen)
    deal = -1
    first: list[set[str]] = []
    checked = 0
    for state, _ in random_plays(game, players, seed=7):
        if game.is_over(state):
            break
        if game.deal_number(state) != deal:
            deal = game.deal_number(state)
            first = [set(game.observe(state, p).to_dict()["hand"]) for p in range(players)]
        for seat in range(players):
            assert {str(card) for card in screen.dealt(state, seat)} == first[seat]
            checked += 1
    assert checked > 100 * players
