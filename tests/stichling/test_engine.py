"""Hands and games of Stichling through the engine, with results worked out by hand."""

from __future__ import annotations

import copy

import attrs
import pytest

from sticheln import (
    Card,
    CardSet,
    Color,
    IllegalMoveError,
    InvalidMoveError,
    RulesError,
    SetupError,
    UnknownPlayerError,
    WrongTypeError,
)
from sticheln.stichling import (
    RAVENSBURGER_2015,
    SPIELETEST,
    AddToTrick,
    ArrangePoints,
    CountedCards,
    FullTie,
    HandLeader,
    OpenAtEnd,
    OpenTrick,
    Phase,
    RemovedCards,
    SameColor,
    StichlingRules,
    StichlingState,
    apply_move,
    legal_moves,
    move_text,
    new_game,
    parse_move,
)
from sticheln.stichling.state import laid_rows

# Two players, the values 1 to 6 in four colours: the 24 cards of a two-player hand.
DEAL = [
    "R1 R3 R5 Y2 Y4 Y6 G1 G3 G5 B2 B4 B6",
    "R2 R4 R6 Y1 Y3 Y5 G2 G4 G6 B1 B3 B5",
]
SWAPPED = DEAL[::-1]
# The hand worked out on the rules page, seat 0 starting; the seats alternate. Trick letters
# in the order opened: A red, B yellow, C green, D blue, E blue, F red, G yellow.
HAND = [
    *["R5+", "R6>1", "R1>1", "Y1+", "Y2>2", "R2>1"],  # A: R5 R6 R1 R2, seat 1 (R6) wins at 6
    *["G5+", "G6>2", "B6+", "B5+", "Y4>1", "Y3>1"],  # B: Y1 Y2 Y4 Y3, seat 0 (Y4) wins at 12
    *["R3+", "R4>4", "G1>1", "G2>1"],  # C: G5 G6 G1 G2, seat 1 (G6) wins at 16
    *["Y6+", "G4>3", "B4>1", "Y5>4", "G3>3"],  # F: R3 R4 G4 G3 (two discards), seat 1 (R4), 21
    *["B3>2", "B2>1", "B1>1"],  # D: B6 B4 B2 B1, seat 0 (B6) wins at 24; E and G stay open
]
# One player holds the high half of every colour and wins every trick it completes.
HIGH_LOW = [
    "R4 R5 R6 Y4 Y5 Y6 G4 G5 G6 B4 B5 B6",
    "R1 R2 R3 Y1 Y2 Y3 G1 G2 G3 B1 B2 B3",
]
HIGH_LOW_HAND = [
    *["R6+", "R1>1", "R5>1", "R2>1", "Y6+", "Y1>1", "Y5>1", "Y2>1"],
    *["G6+", "G1>1", "G5>1", "G2>1", "B6+", "B1>1", "B5>1", "B2>1"],
    *["R4+", "R3>1", "Y4+", "Y3>2", "G4+", "G3>3", "B4+", "B3>4"],
]


def play(state: StichlingState, texts: list[str], first: int = 0) -> StichlingState:
    """Play ``texts`` in turn, clockwise from seat ``first``."""
    n = state.players
    for i, text in enumerate(texts):
        state = apply_move(state, parse_move(state, (first + i) % n, text))
    return state


def arrange(state: StichlingState, *orders: tuple[int, int, int]) -> StichlingState:
    for player, order in enumerate(orders):
        state = apply_move(state, ArrangePoints(player, order))
    return state


@pytest.mark.rule(
    "SL-VP-2",
    "SL-VP-3",
    "SL-PLAY-1",
    "SL-PLAY-2",
    "SL-PLAY-3",
    "SL-PLAY-4",
    "SL-PLAY-5",
    "SL-TRICK-1",
    "SL-TRICK-2",
    "SL-TRICK-3",
    "SL-HAND-1",
    "SL-SCORE-1",
)
def test_a_whole_two_player_hand_worked_out_by_hand() -> None:
    state = arrange(new_game(2, deals=[DEAL] * 3), (3, 2, 1), (2, 3, 1))
    assert state.phase is Phase.PLAYING
    assert state.to_act == 0
    seen: list[tuple[int, int, tuple[int | None, ...]]] = []  # (turn, tricks won, face up)
    for turn, text in enumerate(HAND, start=1):
        before = state.tricks_won
        state = apply_move(state, parse_move(state, (turn - 1) % 2, text))
        if turn == len(HAND):
            break
        assert state.to_act == turn % 2  # completing a trick changes nothing in the order
        if state.tricks_won != before:
            seen.append((turn, sum(state.tricks_won), state.face_up))
        if turn == 10:  # two blue tricks are open: B6 and B5
            assert [str(t) for t in state.open_tricks] == [
                "1:Y1 0:Y2 -> 0",
                "0:G5 1:G6 -> 1",
                "0:B6 -> 0",
                "1:B5 -> 1",
            ]
        if turn == 18:  # G4 discarded onto the red trick F: the marker stays with R4
            assert [str(t) for t in state.open_tricks][2] == "0:R3 1:R4 1:G4 -> 1"
    # Seat 1 turns up 2, then 3, then 1; seat 0 turns up 3, then (at the end) 2.
    assert seen == [(6, 1, (None, 2)), (12, 2, (3, 2)), (16, 3, (3, 3)), (21, 4, (3, 1))]
    assert state.hand_number == 1
    assert state.phase is Phase.ARRANGING
    hand = state.finished_hands[0]
    assert hand.tricks_won == (2, 3)
    assert hand.scores == (2, 1)
    assert state.scores == (2, 1)
    assert [str(t) for t in hand.tricks] == [
        "0:R5 1:R6 0:R1 1:R2 -> 1",
        "1:Y1 0:Y2 0:Y4 1:Y3 -> 0",
        "0:G5 1:G6 0:G1 1:G2 -> 1",
        "0:R3 1:R4 1:G4 0:G3 -> 1",
        "0:B6 0:B4 0:B2 1:B1 -> 0",
    ]
    assert [str(t) for t in hand.left_open] == ["1:B5 1:B3 -> nobody", "0:Y6 1:Y5 -> nobody"]
    assert [len(won) for won in hand.won] == [2, 3]
    assert hand.orders == ((3, 2, 1), (2, 3, 1))
    assert hand.leader == 0
    assert hand.arranged == (0, 1)


@pytest.mark.rule("SL-HAND-1", "SL-VP-3", "SL-SCORE-1")
def test_tricks_left_open_go_to_their_marker_holders_under_the_option() -> None:
    rules = StichlingRules(name="marker", open_at_end=OpenAtEnd.MARKER)
    state = play(arrange(new_game(2, rules=rules, deals=[DEAL] * 3), (3, 2, 1), (2, 3, 1)), HAND)
    hand = state.finished_hands[0]
    # E (B5 B3) goes to seat 1: its fourth trick turns up the first card again, 2.
    # G (Y6 Y5) goes to seat 0: its third trick turns up its third card, 1.
    assert hand.tricks_won == (3, 4)
    assert hand.scores == (1, 2)
    assert [t.winner for t in hand.left_open] == [1, 0]


@pytest.mark.rule("SL-VP-3", "SL-SCORE-1", "SL-HAND-1", "SL-TRICK-2")
def test_the_row_cycles_and_a_player_without_a_trick_scores_nothing() -> None:
    state = arrange(new_game(2, deals=[HIGH_LOW] * 3), (3, 1, 2), (1, 2, 3))
    face_up = []
    for i, text in enumerate(HIGH_LOW_HAND[:16]):
        state = apply_move(state, parse_move(state, i % 2, text))
        if i % 4 == 3:
            face_up.append(state.face_up[0])
    # Four won tricks: the first card (3), the second (1), the third (2), the first again.
    assert face_up == [3, 1, 2, 3]
    assert state.tricks_won == (4, 0)
    assert state.face_up[1] is None
    state = play(state, HIGH_LOW_HAND[16:])
    hand = state.finished_hands[0]
    assert hand.tricks_won == (4, 0)
    assert hand.scores == (3, 0)
    # The last eight cards leave four tricks of two cards open, each marked by seat 0.
    assert [str(t) for t in hand.left_open] == [
        "0:R4 1:R3 -> nobody",
        "0:Y4 1:Y3 -> nobody",
        "0:G4 1:G3 -> nobody",
        "0:B4 1:B3 -> nobody",
    ]
    assert [t.marker for t in hand.left_open] == [0, 0, 0, 0]


@pytest.mark.rule("SL-GAME-1", "SL-GAME-2", "SL-LEAD-2", "SL-VP-1")
def test_a_whole_game_whose_equal_totals_go_to_the_better_last_hand() -> None:
    # Hand 1 as on the rules page; hand 2 with the deal swapped and seat 1 starting, so that
    # seat 1 plays seat 0's cards of hand 1 (seat 0 now wins three tricks, seat 1 two);
    # hand 3 as hand 1.
    state = new_game(2, deals=[DEAL, SWAPPED, DEAL])
    state = play(arrange(state, (3, 2, 1), (2, 3, 1)), HAND)  # 2 tricks: 2; 3 tricks: 1
    assert state.hand_leader == 1
    state = play(arrange(state, (2, 4, 6), (6, 4, 2)), HAND, first=1)  # 3: 6; 2: 4
    assert state.hand_leader == 0
    state = play(arrange(state, (9, 3, 6), (3, 9, 6)), HAND)  # 2: 3; 3: 6
    assert state.is_over
    assert state.phase is Phase.OVER
    assert [hand.scores for hand in state.finished_hands] == [(2, 1), (6, 4), (3, 6)]
    assert [hand.leader for hand in state.finished_hands] == [0, 1, 0]
    assert state.scores == (11, 11)
    assert state.winners == (1,)
    assert state.ranking == (2, 1)
    assert legal_moves(state, 0) == legal_moves(state, 1) == ()
    assert state.players_to_act == ()


@pytest.mark.rule("SL-VP-1")
def test_the_seed_preset_plays_one_three_five_in_the_first_hand() -> None:
    state = new_game(2, rules=SPIELETEST, deals=[DEAL] * 3)
    assert {move.order for move in legal_moves(state, 0)} == {  # type: ignore[union-attr]
        (1, 3, 5),
        (1, 5, 3),
        (3, 1, 5),
        (3, 5, 1),
        (5, 1, 3),
        (5, 3, 1),
    }
    with pytest.raises(IllegalMoveError, match="are 1, 3, 5, each once"):
        apply_move(state, ArrangePoints(0, (1, 2, 3)))
    state = play(arrange(state, (3, 5, 1), (1, 5, 3)), HAND)
    assert state.finished_hands[0].scores == (5, 3)


@pytest.mark.rule("SL-PLAY-5", "SL-PLAY-2", "SL-PLAY-3")
def test_discards_under_both_options() -> None:
    start = arrange(new_game(2, deals=[DEAL] * 3), (1, 2, 3), (1, 2, 3))
    state = play(start, ["R5+"])
    # Only a red trick is open: Y1 may open a trick; by default it may not go onto R5.
    y1 = [move_text(m) for m in legal_moves(state, 1) if m.card == Card.parse("Y1")]  # type: ignore[union-attr]
    assert y1 == ["Y1+"]
    with pytest.raises(IllegalMoveError, match="only while 4 tricks are open and none is yellow"):
        apply_move(state, AddToTrick(1, Card.parse("Y1"), 0))
    r6 = [move_text(m) for m in legal_moves(state, 1) if m.card == Card.parse("R6")]  # type: ignore[union-attr]
    assert r6 == ["R6+", "R6>1"]
    # Read literally, the seed lets a card of a colour without an open trick go anywhere.
    literal = play(
        arrange(new_game(2, rules=SPIELETEST, deals=[DEAL] * 3), (1, 3, 5), (1, 3, 5)), ["R5+"]
    )
    y1 = [move_text(m) for m in legal_moves(literal, 1) if m.card == Card.parse("Y1")]  # type: ignore[union-attr]
    assert y1 == ["Y1+", "Y1>1"]
    after = apply_move(literal, AddToTrick(1, Card.parse("Y1"), 0))
    assert str(after.open_tricks[0]) == "0:R5 1:Y1 -> 0"
    # But a card with a trick of its colour open is never discarded, under either option.
    literal = play(literal, ["Y1+", "Y2>2"], first=1)
    with pytest.raises(IllegalMoveError, match="may be added only to a red trick"):
        apply_move(literal, AddToTrick(1, Card.parse("R2"), 1))


@pytest.mark.rule("SL-PLAY-5", "SL-PLAY-2")
def test_with_four_tricks_open_a_card_without_its_colour_may_go_onto_any_of_them() -> None:
    state = arrange(new_game(2, deals=[DEAL] * 3), (1, 2, 3), (1, 2, 3))
    state = play(state, HAND[:17])  # open: D (blue), E (blue), F (red), G (yellow)
    assert [t.color for t in state.open_tricks] == [Color.BLUE, Color.BLUE, Color.RED, Color.YELLOW]
    moves = [move_text(m) for m in legal_moves(state, 1)]
    # Seat 1 holds Y5 G4 B1 B3: G4 goes anywhere, the others only onto their colour.
    assert moves == ["Y5>4", "G4>1", "G4>2", "G4>3", "G4>4", "B1>1", "B1>2", "B3>1", "B3>2"]
    with pytest.raises(IllegalMoveError, match="4 tricks are open, the most there may be"):
        apply_move(state, OpenTrick(1, Card.parse("G4")))


@pytest.mark.rule("SL-PLAY-4")
def test_a_second_trick_of_an_open_colour_can_be_forbidden() -> None:
    rules = StichlingRules(name="one-per-colour", same_color=SameColor.FORBIDDEN)
    state = arrange(new_game(2, rules=rules, deals=[DEAL] * 3), (1, 2, 3), (1, 2, 3))
    state = play(state, ["R5+"])
    r6 = [move_text(m) for m in legal_moves(state, 1) if m.card == Card.parse("R6")]  # type: ignore[union-attr]
    assert r6 == ["R6>1"]
    with pytest.raises(IllegalMoveError, match="a red trick is open already"):
        apply_move(state, OpenTrick(1, Card.parse("R6")))
    default = play(arrange(new_game(2, deals=[DEAL] * 3), (1, 2, 3), (1, 2, 3)), ["R5+", "R6+"])
    assert [t.color for t in default.open_tricks] == [Color.RED, Color.RED]


@pytest.mark.rule("SL-TRICK-2", "SL-PLAY-5")
def test_discards_may_count_toward_the_four_cards_or_not() -> None:
    rules = StichlingRules(name="led-only", counted_cards=CountedCards.LED_COLOR)
    state = arrange(new_game(2, rules=rules, deals=[DEAL] * 3), (1, 2, 3), (1, 2, 3))
    state = play(state, HAND[:21])  # G3 is the fourth card of F, but its second discard
    red = [t for t in state.open_tricks if t.color is Color.RED]
    assert [str(t) for t in red] == ["0:R3 1:R4 1:G4 0:G3 -> 1"]
    assert state.tricks_won == (1, 2)
    default = play(arrange(new_game(2, deals=[DEAL] * 3), (1, 2, 3), (1, 2, 3)), HAND[:21])
    assert default.tricks_won == (1, 3)
    assert all(t.color is not Color.RED for t in default.open_tricks)


@pytest.mark.rule("SL-LEAD-1", "SL-LEAD-2")
def test_who_starts_each_hand() -> None:
    state = new_game(3, seed=4, first_leader=2)
    assert [state.hand_leader] == [2]
    for p in range(3):
        state = apply_move(state, legal_moves(state, p)[0])
    assert state.to_act == 2
    same = StichlingRules(name="same", hand_leader=HandLeader.SAME)
    for rules, leaders in ((RAVENSBURGER_2015, [2, 0, 1]), (same, [2, 2, 2])):
        state = new_game(3, seed=4, rules=rules, first_leader=2)
        while not state.is_over:
            player = state.players_to_act[0]
            state = apply_move(state, legal_moves(state, player)[0])
        assert [hand.leader for hand in state.finished_hands] == leaders


@pytest.mark.rule("SL-VP-2")
def test_the_rows_are_laid_down_by_everyone_at_once_and_not_changed() -> None:
    state = new_game(3, seed=2)
    assert state.players_to_act == (0, 1, 2)
    assert [len(legal_moves(state, p)) for p in range(3)] == [6, 6, 6]
    state = apply_move(state, ArrangePoints(2, (2, 1, 3)))
    assert state.players_to_act == (0, 1)
    assert legal_moves(state, 2) == ()
    with pytest.raises(IllegalMoveError, match="has already laid down"):
        apply_move(state, ArrangePoints(2, (1, 2, 3)))
    with pytest.raises(IllegalMoveError, match="still being ordered"):
        apply_move(state, OpenTrick(0, state.hands[0].cards[0]))
    state = apply_move(state, ArrangePoints(0, (1, 2, 3)))
    state = apply_move(state, ArrangePoints(1, (3, 2, 1)))
    assert state.phase is Phase.PLAYING
    assert state.players_to_act == (0,)
    assert state.arranged == (2, 0, 1)
    with pytest.raises(IllegalMoveError, match="only before a hand is played"):
        apply_move(state, ArrangePoints(1, (3, 2, 1)))


def test_the_rows_once_laid_down_are_read_as_rows_of_ints() -> None:
    state = apply_move(new_game(2, deals=[DEAL] * 3), ArrangePoints(1, (2, 3, 1)))
    assert state.orders == (None, (2, 3, 1))
    with pytest.raises(ValueError, match=r"^a row of victory-point cards is not laid down yet$"):
        laid_rows(state.orders)
    state = apply_move(state, ArrangePoints(0, (3, 1, 2)))
    assert laid_rows(state.orders) == ((3, 1, 2), (2, 3, 1))
    assert laid_rows([(1, 2, 3)]) == ((1, 2, 3),)
    assert laid_rows(()) == ()


@pytest.mark.rule("SL-DECK-1", "SL-DECK-2", "SL-DEAL-1")
def test_the_deal_gives_twelve_cards_of_the_deck_to_each_player() -> None:
    for players in (2, 3, 4, 5):
        state = new_game(players, seed=players)
        assert len(state.setup.deals) == 3
        for deal in state.setup.deals:
            assert [len(hand) for hand in deal] == [12] * players
            dealt = CardSet()
            for hand in deal:
                dealt |= hand
            assert dealt == RAVENSBURGER_2015.deck(players)
            assert max(card.value for card in dealt) == 3 * players
        assert {card.color for card in state.setup.deals[0][0] | state.setup.deals[0][1]} <= {
            Color.RED,
            Color.YELLOW,
            Color.GREEN,
            Color.BLUE,
        }
    assert new_game(3, seed=9).setup.deals == new_game(3, seed=9).setup.deals
    assert new_game(3, seed=9).setup.deals != new_game(3, seed=10).setup.deals


@pytest.mark.rule("SL-DECK-2", "SL-DEAL-1")
def test_cards_may_be_removed_at_random_instead() -> None:
    rules = StichlingRules(name="random", removed_cards=RemovedCards.RANDOM)
    values = set()
    for seed in range(6):
        deal = new_game(2, seed=seed, rules=rules).setup.deals[0]
        assert [len(hand) for hand in deal] == [12, 12]
        values |= {card.value for hand in deal for card in hand}
    assert max(values) > 6
    with pytest.raises(SetupError, match="not in the deck"):
        new_game(2, deals=[[DEAL[0], "R7 R4 R6 Y1 Y3 Y5 G2 G4 G6 B1 B3 B5"]] * 3)
    given = new_game(2, rules=rules, deals=[[DEAL[0], "R7 R4 R6 Y1 Y3 Y5 G2 G4 G6 B1 B3 B5"]] * 3)
    assert Card.parse("R7") in given.hands[1]


@pytest.mark.rule("SL-PLAY-1")
def test_moves_out_of_turn_and_of_cards_not_held_are_refused_and_change_nothing() -> None:
    state = arrange(new_game(2, deals=[DEAL] * 3), (1, 2, 3), (1, 2, 3))
    snapshot = copy.deepcopy(state)
    cases = [
        (OpenTrick(1, Card.parse("R2")), "it is player 0's turn, not player 1's"),
        (OpenTrick(0, Card.parse("R2")), "R2 is not in player 0's hand"),
        (AddToTrick(0, Card.parse("R1"), 0), "there is no open trick 1: no trick is open"),
        (OpenTrick(5, Card.parse("R1")), "there is no seat 5 in a 2-player game"),
        (ArrangePoints(4, (1, 2, 3)), "there is no seat 4 in a 2-player game"),
    ]
    for move, reason in cases:
        with pytest.raises(IllegalMoveError) as info:
            apply_move(state, move)
        assert info.value.reason == reason
        assert info.value.move == move
    assert state == snapshot
    with pytest.raises(IllegalMoveError, match="is not a move"):
        apply_move(state, "R1+")  # type: ignore[arg-type]
    state = play(state, ["R5+"])
    with pytest.raises(IllegalMoveError, match="only 1 trick is open"):
        apply_move(state, AddToTrick(1, Card.parse("R6"), 2))


@pytest.mark.rule("SL-PLAY-2", "SL-PLAY-3")
def test_move_texts_are_read_back_and_bad_texts_say_why() -> None:
    state = new_game(2, deals=[DEAL] * 3)
    assert parse_move(state, 0, "3,1,2") == ArrangePoints(0, (3, 1, 2))
    assert parse_move(state, 0, " 3 1 2 ") == ArrangePoints(0, (3, 1, 2))
    with pytest.raises(InvalidMoveError, match="three values"):
        parse_move(state, 0, "3,1")
    with pytest.raises(IllegalMoveError, match="are 1, 2, 3, each once"):
        parse_move(state, 0, "3,3,1")
    state = arrange(state, (1, 2, 3), (1, 2, 3))
    assert parse_move(state, 0, "r5+") == OpenTrick(0, Card.parse("R5"))
    state = play(state, ["R5+"])
    assert parse_move(state, 1, "red 6 > 1") == AddToTrick(1, Card.parse("R6"), 0)
    assert move_text(AddToTrick(1, Card.parse("R6"), 0)) == "R6>1"
    for text, error, message in [
        ("hello", InvalidMoveError, "names no move"),
        ("Q6+", InvalidMoveError, "not a card name"),
        ("R6>0", InvalidMoveError, "numbered 1 to 4"),
        ("R6>5", InvalidMoveError, "numbered 1 to 4"),
        ("R6>2", IllegalMoveError, "no open trick 2"),
        ("R5+", IllegalMoveError, "R5 is not in player 1's hand"),
    ]:
        with pytest.raises(error, match=message):
            parse_move(state, 1, text)
    with pytest.raises(IllegalMoveError, match="it is player 1's turn"):
        parse_move(state, 0, "R1+")
    with pytest.raises(WrongTypeError):
        parse_move(state, 1, 5)  # type: ignore[arg-type]
    with pytest.raises(UnknownPlayerError):
        parse_move(state, 2, "R6+")


def test_moves_check_their_fields() -> None:
    with pytest.raises(WrongTypeError):
        OpenTrick(0, "R1")  # type: ignore[arg-type]
    with pytest.raises(UnknownPlayerError):
        OpenTrick(-1, Card.parse("R1"))
    with pytest.raises(WrongTypeError):
        AddToTrick(0, Card.parse("R1"), "1")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="0 to 3"):
        AddToTrick(0, Card.parse("R1"), 4)
    with pytest.raises(WrongTypeError):
        ArrangePoints(0, "312")
    with pytest.raises(WrongTypeError):
        ArrangePoints(0, (3, 1, 2.0))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="three values"):
        ArrangePoints(0, (3, 1))
    assert ArrangePoints(0, [3, 1, 2]) == ArrangePoints(0, (3, 1, 2))  # type: ignore[arg-type]
    assert str(AddToTrick(1, Card.parse("B3"), 1)) == "1 adds B3 to open trick 2"


def test_new_game_checks_its_arguments() -> None:
    with pytest.raises(RulesError, match="for 2, 3, 4, 5 players, not 6"):
        new_game(6)
    with pytest.raises(WrongTypeError):
        new_game(2, rules="spieletest")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        new_game(2, seed="1")  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="first_leader"):
        new_game(2, first_leader=2)
    with pytest.raises(SetupError, match="2 hands given, the game has 3"):
        new_game(2, deals=[DEAL] * 2)
    with pytest.raises(SetupError, match=r"deals\[1\]\[0\]: 11 cards"):
        new_game(2, deals=[DEAL, ["R1 R3 R5 Y2 Y4 Y6 G1 G3 G5 B2 B4", DEAL[1]], DEAL])
    with pytest.raises(SetupError, match="dealt to two players"):
        new_game(2, deals=[[DEAL[0], DEAL[0]]] * 3)
    assert new_game(2, deals=[DEAL] * 3).setup.seed is None
    assert new_game(2, seed=3, deals=[DEAL] * 3).setup.seed == 3
    with pytest.raises(UnknownPlayerError):
        legal_moves(new_game(2, seed=1), 2)
    with pytest.raises(WrongTypeError):
        legal_moves(new_game(2, seed=1), True)  # type: ignore[arg-type]


@pytest.mark.rule("SL-GAME-2")
def test_players_equal_in_every_hand_share_the_win_or_the_trick_count_decides() -> None:
    # Both players score 2, 4 and 6 though seat 1 wins more tricks.
    def game(rules: StichlingRules) -> StichlingState:
        state = new_game(2, rules=rules, deals=[DEAL, SWAPPED, DEAL])
        state = play(arrange(state, (3, 2, 1), (3, 1, 2)), HAND)  # 2 tricks: 2; 3 tricks: 2
        state = play(arrange(state, (2, 6, 4), (2, 4, 6)), HAND, first=1)  # 3: 4; 2: 4
        return play(arrange(state, (3, 6, 9), (3, 9, 6)), HAND)  # 2: 6; 3: 6

    shared = game(RAVENSBURGER_2015)
    assert [hand.scores for hand in shared.finished_hands] == [(2, 2), (4, 4), (6, 6)]
    assert shared.winners == (0, 1)
    assert shared.ranking == (1, 1)
    tricks = game(StichlingRules(name="tricks", full_tie=FullTie.MOST_TRICKS))
    # Seat 0 won 2 + 3 + 2 tricks, seat 1 3 + 2 + 3.
    assert tricks.winners == (1,)


def test_the_repr_says_where_the_game_is() -> None:
    state = new_game(2, deals=[DEAL] * 3)
    assert repr(state) == (
        "<StichlingState 2 players, hand 1/3, ordering victory points, waiting for [0, 1]>"
    )
    state = play(arrange(state, (1, 2, 3), (1, 2, 3)), ["R5+"])
    assert repr(state) == (
        "<StichlingState 2 players, hand 1/3, card 2, 1 open trick, player 1 to play>"
    )


def test_states_are_values() -> None:
    one = play(arrange(new_game(2, deals=[DEAL] * 3), (1, 2, 3), (1, 2, 3)), HAND[:9])
    two = play(arrange(new_game(2, deals=[DEAL] * 3), (1, 2, 3), (1, 2, 3)), HAND[:9])
    assert one == two
    assert hash(one) == hash(two)
    assert attrs.evolve(one.setup, seed=1) != one.setup
