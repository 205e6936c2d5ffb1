"""What players see of a game of Hattrick, and full states sampled from what they see."""

from __future__ import annotations

import random

import attrs
import pytest

from sticheln import Card, CardSet, Color, UnknownPlayerError
from sticheln.hattrick import (
    AMIGO_1995,
    PASSES_HIDDEN,
    PASSES_SHOWN,
    HattrickRecord,
    HattrickRules,
    HattrickState,
    PassedCards,
    apply_move,
    legal_moves,
    move_for,
    new_game,
    observe,
    sample_state,
)
from tests.hattrick.test_engine import MINI, MINI_DEAL, play, play_mini

# MINI with passed cards whose value only their player sees.
HIDDEN = attrs.evolve(MINI, passed_cards=PassedCards.HIDDEN)


@pytest.mark.rule("HT-PASS-1")
def test_by_default_a_passed_card_is_shown_to_everyone() -> None:
    # Turn 1: P2 passes B8.
    state = play(play(play(new_game(4, rules=MINI, deals=[MINI_DEAL]), 0, "R8"), 1, "G8"), 2, "B8")
    for viewer in range(4):
        view = observe(state, viewer)
        assert view.turn_cards == tuple(Card.parse(n) for n in ["R8", "G8", "B8"])
        assert view.passed == (CardSet(), CardSet(), CardSet.parse("B8"), CardSet())
        assert view.pass_counts == (0, 0, 1, 0)
        assert Card.parse("B8") not in view.unseen_cards
    state = play(state, 3, "R5")
    assert observe(state, 0).turns[0] == state.turns[0]
    assert observe(state, 0).turns[0].passes == ((2, Card.parse("B8")),)


@pytest.mark.rule("HT-PASS-1")
def test_hidden_passed_cards_are_face_down_for_the_others() -> None:
    # Turn 1: P2 passes B8.
    state = play(
        play(play(new_game(4, rules=HIDDEN, deals=[MINI_DEAL]), 0, "R8"), 1, "G8"), 2, "B8"
    )
    own = observe(state, 2)
    other = observe(state, 0)
    assert own.turn_cards == tuple(Card.parse(n) for n in ["R8", "G8", "B8"])
    assert other.turn_cards == (Card.parse("R8"), Card.parse("G8"), None)
    assert own.passed == (None, None, CardSet.parse("B8"), None)
    assert own.own_passed == CardSet.parse("B8")
    assert other.passed == (CardSet(), None, None, None)
    assert other.pass_counts == own.pass_counts == (0, 0, 1, 0)
    assert Card.parse("B8") in other.unseen_cards
    assert Card.parse("B8") not in own.unseen_cards
    state = play(state, 3, "R5")
    assert observe(state, 0).turns[0].cards == (
        Card.parse("R8"),
        Card.parse("G8"),
        None,
        Card.parse("R5"),
    )
    assert observe(state, 2).turns[0] == state.turns[0]
    assert observe(state, 0).turns[0].passes == ((2, None),)


@pytest.mark.rule("HT-PASS-1")
def test_the_presets_show_or_hide_passed_cards() -> None:
    for rules, shown in [(AMIGO_1995, True), (PASSES_SHOWN, True), (PASSES_HIDDEN, False)]:
        state = new_game(4, seed=3, rules=rules)
        rng = random.Random(3)
        while not state.turns or not state.turns[-1].passes:
            state = apply_move(state, rng.choice(legal_moves(state, state.players_to_act[0])))
        (passer, card), *_ = state.turns[-1].passes
        other = (passer + 1) % 4
        view = observe(state, other)
        assert (view.turns[-1].passes[0][1] == card) is shown
        assert (view.passed[passer] == state.passed[passer]) is shown
        assert (card in view.unseen_cards) is not shown


@pytest.mark.rule("HT-TRICK-2", "HT-HAND-1")
def test_won_cards_are_public_and_kept_cards_secret() -> None:
    state = play_mini(attrs.evolve(HIDDEN, hands_per_game=None))
    view = observe(state, 1)
    hand = view.finished_hands[0]
    assert hand.won == state.finished_hands[0].won
    assert hand.scores == (-1, 1, 0, -1)
    assert hand.last_cards == (None, Card.parse("B1"), None, None)
    assert hand.passed == (None, CardSet(), None, None)
    assert hand.pass_counts == (1, 0, 1, 1)
    assert hand.turns[0].cards[2] is None
    with pytest.raises(ValueError, match="hidden"):
        _ = hand.moves
    # With passed cards shown, the other players' pass piles are known; kept cards are not.
    shown = observe(play_mini(attrs.evolve(MINI, hands_per_game=None)), 1).finished_hands[0]
    assert shown.passed == state.finished_hands[0].passed
    assert shown.last_cards == (None, Card.parse("B1"), None, None)
    assert shown.moves == state.finished_hands[0].moves
    # The second hand is under way: the first hand's won cards stay public in every view.
    assert all(observe(state, p).finished_hands[0].won == hand.won for p in range(4))
    assert view.won == (CardSet(),) * 4
    assert view.scores == (-1, 1, 0, -1)


def test_a_view_holds_the_own_hand_and_the_public_table() -> None:
    state = play_mini(HIDDEN, turns=2)
    state = play(state, 1, "B5")
    view = observe(state, 3)
    assert view.player == 3
    assert view.hand == state.hands[3]
    assert view.hand_sizes == (4, 3, 4, 4)
    assert view.players_to_act == (2,)
    assert view.to_act == 2
    assert view.open_colors == state.open_colors
    assert [str(t) for t in view.open_tricks] == ["1:B5 -> 1"]
    assert view.current_turn == ((1, Card.parse("B5")),)
    assert view.won == state.won
    assert (view.hand_number, view.hand_count, view.hand_leader) == (0, 1, 0)
    assert not view.is_over
    # The others' 11 cards in hand and P2's face-down pass are unseen.
    assert (
        view.unseen_cards == (state.hands[0] | state.hands[1] | state.hands[2]) | (state.passed[2])
    )
    # With passed cards shown, only the others' hands are unseen.
    shown = play(play_mini(turns=2), 1, "B5")
    assert observe(shown, 3).unseen_cards == shown.hands[0] | shown.hands[1] | shown.hands[2]
    with pytest.raises(UnknownPlayerError):
        observe(state, 4)


def test_views_at_the_end_of_the_game() -> None:
    state = play_mini()
    view = observe(state, 0)
    assert view.is_over
    assert view.to_act is None
    assert view.unseen_cards == CardSet()
    assert view.scores == (-1, 1, 0, -1)


@pytest.mark.rule("HT-PASS-1")
def test_sampled_states_agree_with_the_view() -> None:
    rng = random.Random(5)
    for rules in (AMIGO_1995, PASSES_SHOWN, PASSES_HIDDEN):
        state = new_game(6, seed=5, rules=rules)
        for step in range(130):
            player = step % 6
            view = observe(state, player)
            sampled = sample_state(view, rng)
            assert observe(sampled, player) == view
            # The sampled state is one that legal play reaches.
            assert HattrickRecord.from_state(sampled).replay() == sampled
            state = apply_move(state, rng.choice(legal_moves(state, state.players_to_act[0])))
        assert state.hand_number == 2


def test_sampling_keeps_the_colour_of_hidden_passes() -> None:
    state = play_mini(HIDDEN, turns=3)
    view = observe(state, 1)
    rng = random.Random(0)
    for _ in range(20):
        sampled = sample_state(view, rng)
        # P2 passed a blue card in turn 1, P0 a green card in turn 3.
        assert [card.color for card in sampled.passed[2]] == [Color.BLUE]
        assert [card.color for card in sampled.passed[0]] == [Color.GREEN]
        assert sampled.hands[1] == state.hands[1]
        assert sampled.won == state.won


@pytest.mark.rule("HT-PASS-1")
def test_sampling_keeps_shown_passes_as_they_were() -> None:
    state = play_mini(turns=3)
    view = observe(state, 1)
    rng = random.Random(0)
    for _ in range(20):
        sampled = sample_state(view, rng)
        # P2 passed B8 in turn 1, P0 G5 in turn 3, both shown to everyone.
        assert sampled.passed == (CardSet.parse("G5"), CardSet(), CardSet.parse("B8"), CardSet())
        assert sampled.turns == state.turns
        assert sampled.hands[1] == state.hands[1]


def test_sampling_a_finished_game() -> None:
    state = play_mini()
    rng = random.Random(1)
    for player in range(4):
        view = observe(state, player)
        sampled = sample_state(view, rng)
        assert observe(sampled, player) == view
        assert sampled.is_over
        assert HattrickRecord.from_state(sampled).replay() == sampled


def test_move_for_works_from_a_view_of_the_hand() -> None:
    state = new_game(4, rules=MINI, deals=[MINI_DEAL])
    view = observe(state, 0)
    assert [move_for(state, 0, card) for card in view.hand] == list(legal_moves(state, 0))


# -- repr and str -----------------------------------------------------------------------------


def _second_turn(rules: HattrickRules | None = None) -> HattrickState:
    """Four players, seed 7: turn 1 R11 (opens red), B7 (opens blue), B15, B2, taken by
    seats 0 and 2; seat 2 leads turn 2 with G7, seat 3 opens red with R3, seat 0 passes B1."""
    state = new_game(players=4, seed=7) if rules is None else new_game(4, rules=rules, seed=7)
    moves = [(0, "R11"), (1, "B7"), (2, "B15"), (3, "B2"), (2, "G7"), (3, "R3"), (0, "B1")]
    for player, card in moves:
        state = play(state, player, card)
    return state


_SECOND_TURN_END = [
    "Turns of the hand:",
    "  1) 0:R11 1:B7 2:B15 3:B2 -> 2 leads",
    "Player  Cards  Won red  Won green  Won blue  Passed  This hand  Total",
    "0          13        1          0         0       1         -1      0",
    "1          14        0          0         0       0          0      0",
    "2          13        0          0         3       0         +3      0",
    "3          13        0          0         0       0          0      0",
]
"""Seat 0 won R11 (one card of its collecting colour, +1) and passed once (-2); seat 2 won
the three blue cards."""


def test_a_view_prints_what_its_player_sees() -> None:
    view = observe(_second_turn(), 1)
    assert repr(view) == (
        "<HattrickView player 1, 4 players, hand 1/4, turn 2, player 1 to play, 14 cards in hand>"
    )
    assert str(view).splitlines() == [
        "Hattrick · hand 1 of 4 · turn 2 · player 1 to play · seen by player 1",
        "Hand:",
        "  red    R2 R18 R19",
        "  green  G2 G3 G9 G12 G20",
        "  blue   B3 B8 B10 B12 B17 B19",
        "On the table: 2:G7 3:R3 0:B1(pass), player 2 would take green, player 3 would take red",
        *_SECOND_TURN_END,
    ]


def test_a_passed_card_hidden_from_the_viewer_prints_as_unknown_and_a_state_shows_it() -> None:
    state = _second_turn(PASSES_HIDDEN)
    table = "On the table: 2:G7 3:R3 0:{}(pass), player 2 would take green, player 3 would take red"
    assert str(observe(state, 1)).splitlines()[5] == table.format("??")
    assert repr(state) == "<HattrickState 4 players, hand 1/4, turn 2, player 1 to play>"
    assert str(state).splitlines() == [
        "Hattrick · hand 1 of 4 · turn 2 · player 1 to play",
        "Hands:",
        "  0  R1 R9 R12 R13 R17 R20  G5 G10 G11  B6 B11 B14 B20",
        "  1  R2 R18 R19  G2 G3 G9 G12 G20  B3 B8 B10 B12 B17 B19",
        "  2  R6 R8 R15 R16  G8 G14 G16 G17 G19  B4 B5 B9 B18",
        "  3  R4 R5 R7 R10 R14  G1 G4 G6 G13 G15 G18  B13 B16",
        table.format("B1"),
        *_SECOND_TURN_END,
    ]


def test_the_header_gives_the_target_score() -> None:
    state = new_game(4, rules=attrs.evolve(AMIGO_1995, target_score=50), seed=7)
    assert str(observe(state, 0)).splitlines()[0] == (
        "Hattrick · hand 1 of at most 4 · to 50 points · turn 1 · player 0 to play · "
        "seen by player 0"
    )
    assert str(state).splitlines()[-6] == "On the table: nothing yet, player 0 leads"


def test_a_finished_game_prints_its_scoreboard() -> None:
    state = play_mini()
    assert repr(observe(state, 2)) == (
        "<HattrickView player 2, 4 players, over, scores [-1, 1, 0, -1]>"
    )
    assert str(observe(state, 2)) == (
        "Hattrick · game over · seen by player 2\n"
        "Hand   Player 0  Player 1  Player 2  Player 3\n"
        "1            -1        +1         0        -1\n"
        "Total        -1         1         0        -1\n"
        "Winner: player 1"
    )
