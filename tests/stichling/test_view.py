"""What each player sees of a game of Stichling, and the states sampled from it."""

from __future__ import annotations

import random

import pytest

from sticheln import Card, CardSet, UnknownPlayerError
from sticheln.stichling import (
    ArrangePoints,
    Phase,
    RemovedCards,
    StichlingGame,
    StichlingRules,
    StichlingState,
    apply_move,
    legal_moves,
    new_game,
    observe,
    parse_move,
    sample_state,
)
from tests.stichling import test_engine as engine

DEAL = [
    "R1 R3 R5 Y2 Y4 Y6 G1 G3 G5 B2 B4 B6",
    "R2 R4 R6 Y1 Y3 Y5 G2 G4 G6 B1 B3 B5",
]
HAND = [
    *["R5+", "R6>1", "R1>1", "Y1+", "Y2>2", "R2>1", "G5+", "G6>2", "B6+", "B5+", "Y4>1"],
    *["Y3>1", "R3+", "R4>4", "G1>1", "G2>1", "Y6+", "G4>3", "B4>1", "Y5>4", "G3>3", "B3>2"],
    *["B2>1", "B1>1"],
]


def start() -> StichlingState:
    state = new_game(2, deals=[DEAL] * 3)
    state = apply_move(state, ArrangePoints(0, (3, 2, 1)))
    return apply_move(state, ArrangePoints(1, (2, 3, 1)))


def play(state: StichlingState, texts: list[str]) -> StichlingState:
    for text in texts:
        state = apply_move(state, parse_move(state, state.players_to_act[0], text))
    return state


@pytest.mark.rule("SL-VP-2", "SL-VP-4")
def test_a_row_is_hidden_until_its_cards_are_turned_up() -> None:
    state = new_game(2, deals=[DEAL] * 3)
    assert observe(state, 0).rows == (None, None)
    state = apply_move(state, ArrangePoints(0, (3, 2, 1)))
    mine, theirs = observe(state, 0), observe(state, 1)
    assert mine.rows == ((3, 2, 1), None)
    assert mine.own_row == (3, 2, 1)
    assert theirs.rows == ((None, None, None), None)
    assert theirs.own_row is None
    assert theirs.arranged == (0,)
    assert theirs.players_to_act == (1,)
    state = apply_move(state, ArrangePoints(1, (2, 3, 1)))
    rows_of_1 = []
    for text in HAND[:23]:
        state = play(state, [text])
        rows_of_1.append(observe(state, 0).rows[1])
    # Seat 1's cards are seen as its tricks (turns 6, 16 and 21) turn them up.
    assert rows_of_1[4] == (None, None, None)
    assert rows_of_1[5] == rows_of_1[14] == (2, None, None)
    assert rows_of_1[15] == rows_of_1[19] == (2, 3, None)
    assert rows_of_1[20] == (2, 3, 1)
    assert observe(state, 1).rows[0] == (3, None, None)


@pytest.mark.rule("SL-VP-4", "SL-HAND-1")
def test_the_rows_are_not_shown_at_the_end_of_a_hand() -> None:
    state = play(start(), HAND)
    assert state.phase is Phase.ARRANGING
    # Seat 0 won two tricks: seat 1 saw only two of its cards, also after the hand.
    assert observe(state, 1).finished_hands[0].orders == ((3, 2, None), (2, 3, 1))
    assert observe(state, 0).finished_hands[0].orders == ((3, 2, 1), (2, 3, 1))
    assert state.finished_hands[0].orders == ((3, 2, 1), (2, 3, 1))
    assert observe(state, 1).finished_hands[0].scores == (2, 1)
    with pytest.raises(ValueError, match="hidden victory-point cards"):
        _ = observe(state, 1).finished_hands[0].moves
    # Sampled, the third card of seat 0's row can only be the one value left, 1.
    view = observe(state, 1)
    for seed in range(5):
        sampled = sample_state(view, random.Random(seed))
        assert sampled.finished_hands[0].orders[0] == (3, 2, 1)
        assert observe(sampled, 1) == view


@pytest.mark.rule("SL-VP-4", "SL-TRICK-3")
def test_hands_are_hidden_and_everything_played_is_public() -> None:
    state = play(start(), HAND[:13])
    view = observe(state, 0)
    assert view.hand == state.hands[0]
    assert view.hand_sizes == (5, 6)
    assert view.won == state.won
    assert view.open_tricks == state.open_tricks
    assert view.tricks_won == (1, 1)
    assert view.unseen_cards == state.hands[1]
    assert view.to_act == 1
    assert view.turn == 13
    assert "\n  1) green 0:G5 1:G6, marker: player 1\n" in str(view)
    assert str(view).startswith("Stichling · hand 1 of 3 · card 14 · 4 open tricks")
    with pytest.raises(UnknownPlayerError):
        observe(state, 2)


@pytest.mark.rule("SL-VP-4", "SL-DECK-2")
def test_cards_laid_aside_at_random_are_never_seen() -> None:
    rules = StichlingRules(name="random", removed_cards=RemovedCards.RANDOM)
    state = new_game(2, seed=3, rules=rules)
    view = observe(state, 0)
    assert len(view.unseen_cards) == 60 - 12
    dealt = state.setup.deals[0]
    sampled = sample_state(view, random.Random(1))
    assert observe(sampled, 0) == view
    assert sampled.hands[0] == dealt[0]
    assert len(sampled.hands[1]) == 12
    assert sampled.hands[1].isdisjoint(dealt[0])


@pytest.mark.rule("SL-VP-4")
def test_sampled_states_agree_with_the_view_and_play_on() -> None:
    rng = random.Random(7)
    for players in (2, 3, 5):
        state = new_game(players, seed=players)
        while not state.is_over:
            for viewer in range(players):
                view = observe(state, viewer)
                sampled = sample_state(view, rng)
                assert observe(sampled, viewer) == view
                assert legal_moves(sampled, viewer) == legal_moves(state, viewer)
                unseen = view.unseen_cards
                for p in range(players):
                    if p != viewer:
                        assert sampled.hands[p].issubset(unseen)
                # The sampled rows keep what was seen and use each value of the hand once.
                for p, order in enumerate(sampled.orders):
                    seen = view.rows[p]
                    assert (order is None) == (seen is None)
                    if order is not None and seen is not None:
                        assert sorted(order) == sorted(state.rules.points[state.hand_number])
                        assert all(s is None or s == o for s, o in zip(seen, order, strict=True))
            player = rng.choice(state.players_to_act)
            state = apply_move(state, rng.choice(legal_moves(state, player)))
        final = observe(state, 0)
        assert observe(sample_state(final, rng), 0) == final
        assert final.winners == state.winners
        assert final.is_over
        assert final.unseen_cards == CardSet()


def test_a_sampled_state_after_the_first_hand_deals_the_next_hands_afresh() -> None:
    state = play(start(), HAND)
    view = observe(state, 0)
    sampled = sample_state(view, random.Random(2))
    assert sampled.setup.deals[0] == state.setup.deals[0]
    assert sampled.hands[0] == state.hands[0]
    assert Card.parse("R1") in sampled.setup.deals[0][0]
    assert len(sampled.setup.deals) == 3


@pytest.mark.rule("SL-VP-4")
def test_what_is_unseen_is_drawn_at_random() -> None:
    view = observe(play(start(), HAND[:6]), 0)  # seat 1 has turned up one card, 2
    samples = [sample_state(view, random.Random(seed)) for seed in range(30)]
    assert {s.orders[1] for s in samples} == {(2, 3, 1), (2, 1, 3)}
    # With two players the other hand is known; with three, the unseen cards are shared out.
    three = observe(new_game(3, seed=5), 0)
    assert len({sample_state(three, random.Random(seed)).hands[1] for seed in range(5)}) > 1


def test_a_view_read_from_data_that_hides_a_card_of_the_own_row_says_so() -> None:
    data = observe(start(), 0).to_dict()
    assert data["rows"] == [[3, 2, 1], [None, None, None]]
    data["rows"][0] = [3, None, 1]
    view = StichlingGame().view_from_dict(data)
    assert view.rows[0] == (3, None, 1)
    with pytest.raises(ValueError, match=r"^the view of player 0 hides a card of their own row$"):
        _ = view.own_row


# -- repr and str -----------------------------------------------------------------------------


def _first_trick() -> StichlingState:
    """Three players, seed 7, rows 3,1,2 / 1,2,3 / 2,3,1: G7 G4 G8 G6 is a whole trick,
    whose marker G8 gives it to seat 2 and turns up its first card, 2; seat 1 opens red."""
    state = new_game(players=3, seed=7)
    moves = ["3,1,2", "1,2,3", "2,3,1", "G7+", "G4>1", "G8>1", "G6>1", "R3+"]
    for player, text in zip([0, 1, 2, 0, 1, 2, 0, 1], moves, strict=True):
        state = apply_move(state, parse_move(state, player, text))
    return state


def test_a_view_prints_what_its_player_sees() -> None:
    view = observe(_first_trick(), 0)
    assert repr(view) == (
        "<StichlingView player 0, 3 players, hand 1/3, card 6, 1 open trick, player 2 to play, "
        "10 cards in hand>"
    )
    assert str(view) == (
        "Stichling · hand 1 of 3 · card 6 · 1 open trick · player 2 to play · seen by player 0\n"
        "Hand:\n"
        "  red     R6 R9\n"
        "  yellow  Y2 Y4 Y6\n"
        "  green   G5\n"
        "  blue    B1 B2 B3 B5\n"
        "Open tricks:\n"
        "  1) red 1:R3, marker: player 1\n"
        "Tricks of the hand:\n"
        "  1) 0:G7 1:G4 2:G8 0:G6 -> 2\n"
        "Player  Cards  Victory points  Tricks  Face up  Total\n"
        "0          10  3 1 2                0        -      0\n"
        "1          10  ? ? ?                0        -      0\n"
        "2          11  2 ? ?                1        2      0"
    )


def test_a_state_prints_every_hand_and_row() -> None:
    state = _first_trick()
    assert repr(state) == (
        "<StichlingState 3 players, hand 1/3, card 6, 1 open trick, player 2 to play>"
    )
    lines = str(state).splitlines()
    assert lines[:5] == [
        "Stichling · hand 1 of 3 · card 6 · 1 open trick · player 2 to play",
        "Hands:",
        "  0  R6 R9  Y2 Y4 Y6  G5  B1 B2 B3 B5",
        "  1  R1 R7 R8  Y5 Y7  G2  B4 B7 B8 B9",
        "  2  R2 R4 R5  Y1 Y3 Y8 Y9  G1 G3 G9  B6",
    ]
    assert lines[-2:] == [
        "1          10  1 2 3                0        -      0",
        "2          11  2 3 1                1        2      0",
    ]


def test_a_row_not_laid_down_prints_as_a_dash() -> None:
    state = new_game(players=3, seed=7)
    state = apply_move(state, parse_move(state, 1, "1,2,3"))
    assert str(observe(state, 0)).splitlines()[0] == (
        "Stichling · hand 1 of 3 · ordering victory points · waiting for 0, 2 · seen by player 0"
    )
    assert str(observe(state, 0)).splitlines()[-3:] == [
        "0          12  -                    0        -      0",
        "1          12  ? ? ?                0        -      0",
        "2          12  -                    0        -      0",
    ]


def test_a_finished_game_prints_its_scoreboard_and_the_tie_break_winner() -> None:
    # The whole game of the engine's tests: hands of 2 + 1, 6 + 4 and 3 + 6 points, tied at
    # 11, won by seat 1's better last hand (SL-GAME-2); seat 0 won 2, 3 and 2 tricks.
    state = new_game(2, deals=[engine.DEAL, engine.SWAPPED, engine.DEAL])
    state = engine.play(engine.arrange(state, (3, 2, 1), (2, 3, 1)), engine.HAND)
    state = engine.play(engine.arrange(state, (2, 4, 6), (6, 4, 2)), engine.HAND, first=1)
    state = engine.play(engine.arrange(state, (9, 3, 6), (3, 9, 6)), engine.HAND)
    assert repr(state) == "<StichlingState 2 players, over, scores [11, 11]>"
    assert str(observe(state, 0)) == (
        "Stichling · game over · seen by player 0\n"
        "Hand   Player 0  Player 1  Tricks won\n"
        "1            +2        +1  2 3\n"
        "2            +6        +4  3 2\n"
        "3            +3        +6  2 3\n"
        "Total        11        11\n"
        "Winner: player 1"
    )
