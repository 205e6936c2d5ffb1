"""What each game says a legal move would do (``GameInfo.move_hint``), checked on deals read
by hand, and sent with the legal moves of the web table's ``state``."""

from __future__ import annotations

import pytest

from sticheln import Card, find_game
from sticheln.core.references import resolve
from sticheln.web.messages import legal_moves


def hint_of(game_name: str) -> object:
    game = find_game(game_name)
    return resolve(game.info.move_hint, "hints")


def first_moves(game_name: str, players: int, seed: int, count: int) -> tuple[object, object]:
    """The game and its state after the first ``count`` legal moves of whoever acts first."""
    game = find_game(game_name)
    state = game.new_game(players, seed=seed)
    for _ in range(count):
        seat = game.players_to_act(state)[0]
        state = game.apply_move(state, game.legal_moves(state, seat)[0])
    return game, state


def test_sticheln_says_whether_a_card_would_take_the_trick_now() -> None:
    from sticheln.sticheln.moves import PlayCard

    game, state = first_moves("sticheln", 3, 1, 3)  # the three pain cards
    seat = game.players_to_act(state)[0]
    view = game.observe(state, seat)
    assert view.current_trick == ()
    hint = hint_of("sticheln")
    lead = game.legal_moves(state, seat)
    # Leading a card other than a zero takes the trick as it stands (ST-TRICK-2).
    nonzero = next(move for move in lead if move.card.value > 0)
    assert hint(view, nonzero) == "would take the trick now"
    state = game.apply_move(state, nonzero)
    follower = game.players_to_act(state)[0]
    view = game.observe(state, follower)
    led = nonzero.card
    for move in game.legal_moves(state, follower):
        card = move.card
        assert isinstance(move, PlayCard)
        # By hand, against one led card: a zero never wins (ST-TRICK-4); a card of another
        # colour is the only one off the lead colour and wins (ST-TRICK-2); a card of the
        # lead colour wins if it is higher (ST-TRICK-3; a tie goes to the first, ST-TRICK-5).
        if card.value == 0:
            takes = False
        elif card.color != led.color:
            takes = True
        else:
            takes = card.value > led.value
        expected = "would take the trick now" if takes else "would not take the trick now"
        assert hint(view, move) == expected, (led, card)
    seen = {hint(view, move) for move in game.legal_moves(state, follower)}
    assert seen == {"would take the trick now", "would not take the trick now"}


def test_a_pain_card_names_its_colour() -> None:
    from sticheln.sticheln.moves import ChoosePain

    assert hint_of("sticheln")(None, ChoosePain(0, Card.parse("B7"))) == (
        "makes blue your pain colour"
    )


HATTRICK_MOVES = "R12 B7 G17 R5 R20 B8 G16 G18 B6 R18 B5 R3 B3 G7 G15 R13 R14 B1 B12 B9 B2 G11"
"""The first moves of a four-player Hattrick game dealt with seed 7."""


def hattrick_after(count: int) -> tuple[object, object]:
    game = find_game("hattrick")
    state = game.new_game(4, seed=7)
    for text in HATTRICK_MOVES.split()[:count]:
        state = game.apply_move(state, game.parse_move(state, game.players_to_act(state)[0], text))
    return game, state


def test_hattrick_says_follow_open_or_pass_with_the_points() -> None:
    from sticheln.hattrick import Follow, OpenTrick, Pass

    hint = hint_of("hattrick")
    # After 22 moves seat 1 acts in a turn where blue (B2) and green (G11) are open; it has
    # won R3 R18 B1 B3 B7 B8 B9 B12: blue is its collecting colour, 6 - 2 = 4 as it stands.
    game, state = hattrick_after(22)
    assert game.players_to_act(state) == (1,)
    view = game.observe(state, 1)
    assert str(view.won[1]) == "R3 R18 B1 B3 B7 B8 B9 B12"
    assert view.turn_cards == (Card.parse("B2"), Card.parse("G11"))
    # B10 takes B2 B10: blue 8, red 2, 8 - 2 = 6, two more (HT-TRICK-1, HT-SCORE-1/2).
    assert hint(view, Follow(1, Card.parse("B10"))) == "follows blue, takes it now: +2 points"
    # G12 takes G11 G12: blue 6, red 2, green 2, 6 - 4 = 2, two less.
    assert hint(view, Follow(1, Card.parse("G12"))) == "follows green, takes it now: -2 points"
    # G9 is lower than G11, which takes the green trick as it stands.
    assert hint(view, Follow(1, Card.parse("G9"))) == "follows green, G11 takes it now"
    # A pass costs 2 whatever the colour (HT-SCORE-3).
    assert hint(view, Pass(1, Card.parse("R2"))) == "passed: -2 points"
    assert hint(None, Pass(1, Card.parse("B2"))) == "passed: -2 points"
    # After 8 moves seat 0 leads with R5 R12 R20 won: a red card adds one to its collecting
    # colour, a green one is one card off it (HT-TURN-1, HT-SCORE-1/2).
    game, state = hattrick_after(8)
    view = game.observe(state, 0)
    assert game.players_to_act(state) == (0,)
    assert str(view.won[0]) == "R5 R12 R20"
    assert hint(view, OpenTrick(0, Card.parse("R9"))) == "opens red, takes it now: +1 point"
    assert hint(view, OpenTrick(0, Card.parse("G5"))) == "opens green, takes it now: -1 point"
    with pytest.raises(TypeError, match="view"):
        hint(None, Follow(1, Card.parse("R4")))


def test_hattrick_s_hints_in_german() -> None:
    from sticheln.core.i18n import use_language
    from sticheln.hattrick import Follow, OpenTrick

    hint = hint_of("hattrick")
    game, state = hattrick_after(22)
    view = game.observe(state, 1)
    with use_language("de"):
        assert hint(view, Follow(1, Card.parse("B10"))) == (
            "bedient Blau, nimmt ihn jetzt: +2 Punkte"
        )
        assert hint(view, Follow(1, Card.parse("G9"))) == "bedient Grün, G11 nimmt ihn jetzt"
    game, state = hattrick_after(8)
    with use_language("de"):
        assert hint(game.observe(state, 0), OpenTrick(0, Card.parse("G5"))) == (
            "eröffnet Grün, nimmt ihn jetzt: -1 Punkt"
        )


def test_stichling_says_open_add_to_which_trick_or_discard() -> None:
    from sticheln.stichling import AddToTrick, OpenTrick

    game, state = first_moves("stichling", 2, 3, 3)  # both rows, then a trick is opened
    seat = game.players_to_act(state)[0]
    view = game.observe(state, seat)
    assert len(view.open_tricks) == 1
    colour = view.open_tricks[0].color
    hint = hint_of("stichling")
    same = next((card for card in view.hand if card.color == colour), None)
    other = next(card for card in view.hand if card.color != colour)
    if same is not None:
        assert hint(view, AddToTrick(seat, same, 0)) == "adds to trick 1"
    assert hint(view, AddToTrick(seat, other, 0)) == "discarded onto trick 1"
    assert hint(view, OpenTrick(seat, other)) == "opens a trick"


def test_the_web_state_carries_each_legal_move_s_hint() -> None:
    game, state = first_moves("hattrick", 4, 2, 0)
    seat = game.players_to_act(state)[0]
    listed = legal_moves(game, state, seat)
    assert listed
    for entry in listed:
        # The first card of a hand opens a trick (HT-TURN-1) and, with nothing won yet, takes
        # one card of what becomes the collecting colour (HT-SCORE-1).
        colour = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
        assert entry["hint"] == f"opens {colour[entry['text'][0]]}, takes it now: +1 point"
    assert legal_moves(game, state, None) == []


@pytest.mark.parametrize("game_name", ["sticheln", "hattrick", "stichling"])
def test_every_legal_move_of_a_game_has_a_short_hint(game_name: str) -> None:
    import random

    game = find_game(game_name)
    hint = hint_of(game_name)
    rng = random.Random(game_name)
    state = game.new_game(game.info.default_players, seed=5)
    for _ in range(60):
        if game.is_over(state):
            break
        seat = game.players_to_act(state)[0]
        view = game.observe(state, seat)
        moves = game.legal_moves(state, seat)
        for move in moves:
            said = hint(view, move)
            assert said is None or 0 < len(said) <= 40, said
        state = game.apply_move(state, rng.choice(moves))
