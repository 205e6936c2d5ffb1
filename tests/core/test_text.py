"""The plain text of states and views (:mod:`sticheln.core.text`): the pieces, worked out by
hand, and for every built-in game a ``repr`` of one bounded line for every state and view of
random games, while equality, hashing and pickling stay those of the values."""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest

from sticheln import SPECTATOR, Card, CardSet, Color, find_game
from sticheln.core.text import (
    REPR_LIMIT,
    acting_text,
    deal_text,
    hand_line,
    hand_rows,
    hands_lines,
    header_line,
    numbered,
    plays_text,
    scoreboard_lines,
    short_repr,
    signed,
    table_lines,
    viewer_text,
)
from sticheln.core.tricks import Trick

# -- the pieces -------------------------------------------------------------------------------


def test_a_short_repr_is_one_line_cut_at_the_limit() -> None:
    assert short_repr("ToyState", ["3 players", "hand 1/2"]) == "<ToyState 3 players, hand 1/2>"
    assert short_repr("ToyView", ["a\nb", "c\t d"]) == "<ToyView a b, c d>"
    long = short_repr("ToyState", ["x" * 300])
    assert len(long) == REPR_LIMIT == 200
    assert long.startswith("<ToyState xxx")
    assert long.endswith("x…>")


def test_who_sees_acts_and_where_the_game_is() -> None:
    assert viewer_text(2) == "player 2"
    assert viewer_text(SPECTATOR) == "spectator"
    assert acting_text([3]) == "player 3 to play"
    assert acting_text([0, 2], "choose") == "players 0, 2 to choose"
    assert acting_text([]) == "nobody to play"
    assert deal_text("round", 0, 4) == "round 1/4"
    assert deal_text("hand", 2, "at most 5", short=False) == "hand 3 of at most 5"
    assert header_line("Toy", ["hand 1 of 2", "turn 3"]) == "Toy · hand 1 of 2 · turn 3"
    assert header_line("Toy", ["game over"], 1) == "Toy · game over · seen by player 1"
    assert header_line("Toy", ["turn 1"], SPECTATOR) == "Toy · turn 1 · seen by a spectator"
    assert [signed(3), signed(-5), signed(0)] == ["+3", "-5", "0"]


def test_hands_by_colour_and_on_one_line() -> None:
    hand = CardSet.parse("B11 R3 A0 R0 Y12")
    assert hand_rows(hand, {Color.YELLOW: "pain colour"}) == [
        "  red     R0 R3",
        "  yellow  Y12  (pain colour)",
        "  blue    B11",
        "  gray    A0",
    ]
    assert hand_rows(CardSet()) == ["  -"]
    assert hand_line(hand) == "R0 R3  Y12  B11  A0"
    assert hand_line(CardSet()) == "-"
    assert hands_lines([CardSet.parse("G1 G2"), CardSet()]) == ["  0  G1 G2", "  1  -"]
    eleven = hands_lines([CardSet()] * 11)
    assert eleven[0] == "   0  -"
    assert eleven[10] == "  10  -"


def test_plays_tricks_and_numbered_lines() -> None:
    plays = [(2, Card.parse("R1")), (3, None), (0, Card.parse("B10"))]
    assert plays_text(plays) == "2:R1 3:?? 0:B10"
    assert plays_text(plays, ["", "(pass)", ""]) == "2:R1 3:??(pass) 0:B10"
    trick = Trick([(1, Card.parse("Y3")), (2, Card.parse("Y5"))], winner=2)
    assert numbered([trick, "x"]) == ["  1) 1:Y3 2:Y5 -> 2", "  2) x"]
    assert numbered(map(str, range(10)))[9] == "  10) 9"


def test_tables_align_their_columns() -> None:
    rows = [["0", "R10", "-3"], ["1", "-", "12"]]
    lines = table_lines(["Player", "Pain card", "Total"], rows, left=(0, 1))
    assert lines == [
        "Player  Pain card  Total",
        "0       R10           -3",
        "1       -             12",
    ]
    # Right-aligned but the first by default; no trailing spaces.
    assert table_lines(["A", "Bb", "C"], [["xyz", "1", ""]]) == ["A    Bb  C", "xyz   1"]


def test_the_scoreboard_has_a_row_per_deal_the_totals_and_the_winners() -> None:
    lines = scoreboard_lines("Hand", [(3, -2), (0, 10)], (3, 8), (1,))
    assert lines == [
        "Hand   Player 0  Player 1",
        "1            +3        -2",
        "2             0       +10",
        "Total         3         8",
        "Winner: player 1",
    ]
    shared = scoreboard_lines("Round", [(1, 1)], (1, 1), (0, 1), ("Pain cards", ["R1 B2"]))
    assert shared == [
        "Round  Player 0  Player 1  Pain cards",
        "1            +1        +1  R1 B2",
        "Total         1         1",
        "Winners: player 0, player 1",
    ]
    assert scoreboard_lines("Hand", [], (0, 0), ())[-1] == "Total         0         0"


# -- every state and view of every game -------------------------------------------------------

GAMES = ["sticheln", "hattrick", "stichling"]


def _positions(name: str, players: int, seed: int) -> list[Any]:
    """The states of a random game, first to last."""
    game = find_game(name)
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    states = [state]
    while not game.is_over(state):
        player = rng.choice(game.players_to_act(state))
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
        states.append(state)
    return states


def _check_repr(value: object, kind: str) -> None:
    text = repr(value)
    assert "\n" not in text
    assert len(text) <= REPR_LIMIT, text
    assert "…" not in text  # never cut in a real game
    assert text.startswith(f"<{kind} ")
    assert text.endswith(">")


@pytest.mark.parametrize("name", GAMES)
def test_every_state_and_view_has_a_short_repr_and_a_readable_str(name: str) -> None:
    game = find_game(name)
    counts = game.info.player_counts
    checked = 0
    for players, seed in [(counts[0], 1), (counts[-1], 2), (game.info.default_players, 3)]:
        for state in _positions(name, players, seed):
            kind = type(state).__name__
            _check_repr(state, kind)
            text = str(state)
            assert text.startswith(game.info.title + " · ")
            assert "seen by" not in text.splitlines()[0]
            for seat in (*range(players), SPECTATOR):
                view = game.observe(state, seat)
                _check_repr(view, type(view).__name__)
                seen = str(view).splitlines()
                assert seen[0].startswith(game.info.title + " · ")
                assert seen[0].endswith("seen by a spectator" if seat < 0 else f"by player {seat}")
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("name", GAMES)
def test_the_text_leaves_equality_hashing_and_pickling_as_they_were(name: str) -> None:
    game = find_game(name)
    state = _positions(name, game.info.default_players, 4)[20]
    view = game.observe(state, 1)
    same = attrs.evolve(view)
    assert same == view
    assert hash(same) == hash(view)
    assert same != attrs.evolve(view, scores=tuple(s + 1 for s in view.scores))
    assert pickle.loads(pickle.dumps(view)) == view
    assert pickle.loads(pickle.dumps(state)) == state
    assert type(view).from_dict(view.to_dict()) == view
    # Equal values print alike; the text does not reach into the fields' identities.
    assert repr(same) == repr(view)
    assert str(same) == str(view)
