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


def test_hattrick_says_follow_open_or_pass_with_the_points() -> None:
    from sticheln.hattrick import Follow, OpenTrick, Pass

    hint = hint_of("hattrick")
    assert hint(None, Follow(1, Card.parse("R4"))) == "follows the red trick"
    assert hint(None, OpenTrick(1, Card.parse("G9"))) == "opens a green trick"
    assert hint(None, Pass(1, Card.parse("B2"))) == "passed: -2 points"


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
        # The first card of a hand opens a trick (HT-TURN-1).
        colour = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
        assert entry["hint"] == f"opens a {colour[entry['text'][0]]} trick"
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
