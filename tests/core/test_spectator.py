"""The spectator's view and events (``observe(state, SPECTATOR)``) and ``would_take``, in
positions worked out by hand for each game."""

from __future__ import annotations

import importlib
import random

import pytest

from sticheln import SPECTATOR, Card, CardSet, UnknownPlayerError, find_game
from sticheln.sticheln.view import would_take

# Three-player Sticheln deals (colours R, Y, G, B, P, values 0-8): seat 0 holds the reds and
# Y0-Y5, seat 1 Y6-Y8, the greens and B0-B2, seat 2 B3-B8 and the purples.
DECK = [f"{c}{v}" for c in "RYGBP" for v in range(9)]
STICHELN_DEAL = [DECK[0:15], DECK[15:30], DECK[30:45]]


def sticheln_game() -> tuple[object, object]:
    game = find_game("sticheln")
    state = game.new_game(3, seed=1, deals=[STICHELN_DEAL] * 3)
    return game, state


def test_a_spectator_sees_no_hand_and_no_face_down_pain_card() -> None:
    game, state = sticheln_game()
    state = game.apply_move(state, game.parse_move(state, 1, "G4"))
    view = game.observe(state, SPECTATOR)
    assert view.player == SPECTATOR
    assert view.hand == CardSet()
    assert view.has_chosen == (False, True, False)
    assert view.pain_cards == (None, None, None)
    assert view.own_pain_card is None
    assert view.hand_sizes == (15, 14, 15)
    # Seat 1 sees its own card; the spectator's view is otherwise the seat's without a hand.
    assert game.observe(state, 1).pain_cards == (None, Card.parse("G4"), None)


def test_the_spectator_sees_the_pain_cards_once_revealed_and_the_events_of_the_reveal() -> None:
    game, state = sticheln_game()
    for seat, card in ((1, "G4"), (0, "R8")):
        state = game.apply_move(state, game.parse_move(state, seat, card))
    last = game.parse_move(state, 2, "P3")
    events = [event.to_dict() for event in game.events(state, last, SPECTATOR)]
    assert [event["type"] for event in events] == ["PainCardChosen", "PainCardsRevealed"]
    assert events[0]["player"] == 2
    assert events[0]["card"] is None  # the spectator does not see the card being laid down
    assert events[1]["pain_cards"] == ["R8", "G4", "P3"]
    view = game.observe(game.apply_move(state, last), SPECTATOR)
    assert [str(card) for card in view.pain_cards] == ["R8", "G4", "P3"]
    assert view.pick_order == (1, 0, 2)


def test_would_take_names_the_card_that_wins_as_the_trick_stands() -> None:
    game, state = sticheln_game()
    for seat, card in ((0, "R8"), (1, "G4"), (2, "P3")):
        state = game.apply_move(state, game.parse_move(state, seat, card))
    assert game.would_take(game.observe(state, SPECTATOR)) == ()
    # Seat 0 leads Y1: yellow is the lead colour; G0 is a zero and never wins, so Y1 stands.
    state = game.apply_move(state, game.parse_move(state, 0, "Y1"))
    assert game.would_take(game.observe(state, SPECTATOR)) == (0,)
    state = game.apply_move(state, game.parse_move(state, 1, "G0"))
    assert game.would_take(game.observe(state, SPECTATOR)) == (0,)
    # B3 is not of the lead colour and beats the yellow: seat 2 would take it.
    state = game.apply_move(state, game.parse_move(state, 2, "B3"))
    assert game.would_take(game.observe(state, 2)) == ()  # the trick is complete and taken
    assert game.observe(state, SPECTATOR).tricks[-1].winner == 2


def test_would_take_is_none_for_a_trick_of_zeros() -> None:
    game, state = sticheln_game()
    for seat, card in ((0, "R8"), (1, "G4"), (2, "P3")):
        state = game.apply_move(state, game.parse_move(state, seat, card))
    state = game.apply_move(state, game.parse_move(state, 0, "R0"))
    view = game.observe(state, SPECTATOR)
    assert would_take(view) == (None,)
    state = game.apply_move(state, game.parse_move(state, 1, "G0"))
    assert would_take(game.observe(state, SPECTATOR)) == (None,)


@pytest.mark.parametrize("name", ["sticheln", "hattrick", "stichling"])
def test_a_spectator_view_cannot_be_sampled_or_encoded(name: str) -> None:
    game = find_game(name)
    players = game.player_counts[0]
    view = game.observe(game.new_game(players, seed=3), SPECTATOR)
    with pytest.raises(UnknownPlayerError, match="spectator"):
        game.sample_state(view, random.Random(1))
    with pytest.raises(UnknownPlayerError, match="spectator"):
        game.encoding(players).observation(view)


@pytest.mark.parametrize("module", ["sticheln", "sticheln.hattrick", "sticheln.stichling"])
def test_each_game_modules_sample_state_refuses_a_spectator_view(module: str) -> None:
    functions = importlib.import_module(module)
    game = find_game(module.rsplit(".", 1)[-1])
    view = game.observe(game.new_game(game.player_counts[0], seed=3), SPECTATOR)
    with pytest.raises(UnknownPlayerError, match="needs the view of a seat"):
        functions.sample_state(view, random.Random(1))


@pytest.mark.parametrize("name", ["sticheln", "hattrick", "stichling"])
@pytest.mark.parametrize("viewer", [-2, 99])
def test_observe_refuses_a_viewer_that_is_neither_a_seat_nor_the_spectator(
    name: str, viewer: int
) -> None:
    game = find_game(name)
    state = game.new_game(game.player_counts[0], seed=3)
    with pytest.raises(UnknownPlayerError, match=str(viewer)):
        game.observe(state, viewer)


@pytest.mark.parametrize(("preset", "shown"), [("passes-shown", True), ("passes-hidden", False)])
def test_a_hattrick_spectator_sees_passed_cards_only_where_everyone_does(
    preset: str, shown: bool
) -> None:
    game = find_game("hattrick", preset)
    state = game.new_game(4, seed=5)
    rng = random.Random(2)
    while sum(game.observe(state, SPECTATOR).pass_counts) < 2:
        seat = game.players_to_act(state)[0]
        state = game.apply_move(state, rng.choice(game.legal_moves(state, seat)))
    view = game.observe(state, SPECTATOR)
    assert view.hand == CardSet()
    assert view.own_passed == CardSet()
    assert view.pass_counts == game.observe(state, 0).pass_counts
    if shown:
        assert view.passed == game.observe(state, 0).passed
    else:
        assert view.passed == (None, None, None, None)
        assert all(game.observe(state, seat).passed[seat] is not None for seat in range(4))


def test_a_stichling_spectator_sees_only_the_turned_up_cards_of_each_row() -> None:
    game = find_game("stichling")
    state = game.new_game(3, seed=4)
    rng = random.Random(4)
    while game.observe(state, SPECTATOR).phase.value == "arranging" or not any(
        game.observe(state, SPECTATOR).tricks_won
    ):
        seat = game.players_to_act(state)[0]
        state = game.apply_move(state, rng.choice(game.legal_moves(state, seat)))
    view = game.observe(state, SPECTATOR)
    assert view.own_row is None
    for seat, row in enumerate(view.rows):
        assert row is not None
        own = game.observe(state, seat).rows[seat]
        assert own is not None
        assert None not in own
        turned = view.tricks_won[seat]
        assert row[:turned] == own[:turned]
        assert row[turned:] == (None,) * (len(row) - turned)
