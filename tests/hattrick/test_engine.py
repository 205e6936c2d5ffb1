"""Hands and games of Hattrick through the engine, with results worked out by hand."""

from __future__ import annotations

import random

import attrs
import pytest

from sticheln import (
    Card,
    CardSet,
    Color,
    IllegalMoveError,
    RulesError,
    SetupError,
    UnknownPlayerError,
    WrongTypeError,
)
from sticheln.hattrick import (
    AMIGO_1995,
    Follow,
    HattrickMove,
    HattrickRecord,
    HattrickRules,
    HattrickState,
    LeadCards,
    LeadTie,
    OpenTrick,
    Pass,
    PassedCards,
    apply_move,
    legal_moves,
    move_for,
    new_game,
    observe,
    sample_state,
)

# Four players, the values 1 to 8 in three colours: 24 cards, six each, five turns a hand.
MINI = HattrickRules(name="mini", highest=8, player_counts=(4,), hands_per_game=1)
MINI_DEAL = [
    "R8 R3 G5 G1 B7 B2",
    "R7 R4 G8 G2 B5 B1",
    "R6 R1 G7 G4 B8 B3",
    "R5 R2 G6 G3 B6 B4",
]
# Each turn: (seat, card) in play order.
MINI_TURNS = [
    # P0 opens red, P1 opens green, P2 passes blue, P3 follows red. Red goes to P0 (R8),
    # green to P1 (G8). The 8s tie, so the next lower card, P3's R5, leads next.
    [(0, "R8"), (1, "G8"), (2, "B8"), (3, "R5")],
    # Green to P3 (G6), red to P1 (R7); the 7 is the highest card and P1 leads.
    [(3, "G6"), (0, "G1"), (1, "R7"), (2, "R6")],
    # P0 passes G5. Blue to P1 (B5), red to P3 (R2); the tricks' highest card is P1's B5
    # (the passed G5 does not count), so P1 leads again.
    [(1, "B5"), (2, "B3"), (3, "R2"), (0, "G5")],
    # Red to P1 (R4), blue to P0 (B7); P0's 7 leads.
    [(1, "R4"), (2, "R1"), (3, "B6"), (0, "B7")],
    # P3 passes B4 although G3 could follow green. Red to P0 (R3), green to P2 (G7).
    [(0, "R3"), (1, "G2"), (2, "G7"), (3, "B4")],
]


def play(state: HattrickState, seat: int, name: str) -> HattrickState:
    return apply_move(state, move_for(state, seat, Card.parse(name)))


def play_mini(rules: HattrickRules = MINI, turns: int = 5) -> HattrickState:
    state = new_game(4, rules=rules, deals=[MINI_DEAL] * rules.hands_for(4))
    for turn in MINI_TURNS[:turns]:
        for seat, name in turn:
            state = play(state, seat, name)
    return state


@pytest.mark.rule(
    "HT-TRICK-1",
    "HT-LEAD-2",
    "HT-HAND-1",
    "HT-SCORE-1",
    "HT-SCORE-2",
    "HT-SCORE-3",
    "HT-GAME-2",
)
def test_mini_hand_worked_by_hand() -> None:
    state = play_mini()
    assert state.is_over
    hand = state.finished_hands[0]
    # Won cards: P0 R8 R5 (turn 1), B7 B6 (turn 4), R3 (turn 5); P1 G8, R7 R6, B5 B3, R4 R1;
    # P2 G7 G2; P3 G6 G1, R2.
    assert hand.won == (
        CardSet.parse("R8 R5 B7 B6 R3"),
        CardSet.parse("G8 R7 R6 B5 B3 R4 R1"),
        CardSet.parse("G7 G2"),
        CardSet.parse("G6 G1 R2"),
    )
    assert hand.passed == (CardSet.parse("G5"), CardSet(), CardSet.parse("B8"), CardSet.parse("B4"))
    assert hand.pass_counts == (1, 0, 1, 1)
    assert hand.last_cards == tuple(Card.parse(name) for name in ["B2", "B1", "G4", "G3"])
    # P0: red 3 (+3), blue 2 (-2), one pass (-2): -1.
    # P1: red 4 (+4), green 1 and blue 2 (-3): +1.
    # P2: green 2 (+2), one pass (-2): 0.
    # P3: green 2 (+2), red 1 (-1), one pass (-2): -1.
    assert hand.scores == (-1, 1, 0, -1)
    assert state.scores == (-1, 1, 0, -1)
    assert state.winners == (1,)
    assert [turn.next_leader for turn in hand.turns] == [3, 1, 1, 0, 2]
    assert [turn.leader for turn in hand.turns] == [0, 3, 1, 1, 0]
    assert [[str(t) for t in turn.tricks] for turn in hand.turns[:2]] == [
        ["0:R8 3:R5 -> 0", "1:G8 -> 1"],
        ["3:G6 0:G1 -> 3", "1:R7 2:R6 -> 1"],
    ]
    assert str(hand.turns[0]) == "0:R8 1:G8 2:B8(pass) 3:R5 -> 3 leads"
    # 17 won cards, 3 passed, 4 kept: the 24 cards of the deck.
    assert sum(map(len, hand.won)) + sum(hand.pass_counts) + len(hand.last_cards) == 24


@pytest.mark.rule("HT-TURN-1", "HT-PLAY-1", "HT-PLAY-2", "HT-PLAY-3")
def test_the_first_turn_move_by_move() -> None:
    state = new_game(4, rules=MINI, deals=[MINI_DEAL])
    assert state.players_to_act == (0,)
    assert all(isinstance(m, OpenTrick) for m in legal_moves(state, 0))
    assert [legal_moves(state, p) for p in (1, 2, 3)] == [(), (), ()]
    state = apply_move(state, OpenTrick(0, Card.parse("R8")))
    assert state.open_colors == (Color.RED,)
    assert state.players_to_act == (1,)
    # P1 may follow red, or open a second trick in green or blue.
    assert {str(m) for m in legal_moves(state, 1)} == {
        "1 follows with R7",
        "1 follows with R4",
        "1 opens a trick with G8",
        "1 opens a trick with G2",
        "1 opens a trick with B5",
        "1 opens a trick with B1",
    }
    state = apply_move(state, OpenTrick(1, Card.parse("G8")))
    assert state.open_colors == (Color.RED, Color.GREEN)
    # Two tricks are open: blue can only be passed.
    assert {str(m) for m in legal_moves(state, 2) if m.card.color is Color.BLUE} == {
        "2 passes B8",
        "2 passes B3",
    }
    state = apply_move(state, Pass(2, Card.parse("B8")))
    assert state.passed[2] == CardSet.parse("B8")
    assert [str(t) for t in state.open_tricks] == ["0:R8 -> 0", "1:G8 -> 1"]
    state = apply_move(state, Follow(3, Card.parse("R5")))
    assert state.turn_cards == ()
    assert state.open_colors == ()
    assert state.turn_leader == 3
    assert len(state.turns) == 1
    assert state.won[0] == CardSet.parse("R5 R8")
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]


@pytest.mark.rule("HT-PLAY-1")
def test_a_card_never_joins_a_trick_of_another_colour() -> None:
    state = play(new_game(4, rules=MINI, deals=[MINI_DEAL]), 0, "R8")
    with pytest.raises(IllegalMoveError, match="only a red trick is open, so G8 opens"):
        apply_move(state, Follow(1, Card.parse("G8")))
    state = play(state, 1, "G8")
    with pytest.raises(IllegalMoveError, match=r"the red and green tricks are open, so B8"):
        apply_move(state, Follow(2, Card.parse("B8")))


@pytest.mark.rule("HT-PLAY-2")
def test_no_third_trick_and_no_second_trick_in_an_open_colour() -> None:
    state = play(new_game(4, rules=MINI, deals=[MINI_DEAL]), 0, "R8")
    with pytest.raises(IllegalMoveError, match="a red trick is open, so R7 is added to it"):
        apply_move(state, OpenTrick(1, Card.parse("R7")))
    state = play(state, 1, "G8")
    with pytest.raises(IllegalMoveError, match="can only be passed"):
        apply_move(state, OpenTrick(2, Card.parse("B8")))


@pytest.mark.rule("HT-PLAY-3")
def test_passing_needs_two_open_tricks_and_the_third_colour() -> None:
    state = new_game(4, rules=MINI, deals=[MINI_DEAL])
    with pytest.raises(IllegalMoveError, match="no trick is open yet"):
        apply_move(state, Pass(0, Card.parse("R8")))
    state = play(state, 0, "R8")
    with pytest.raises(IllegalMoveError, match="passed only while 2 tricks are open"):
        apply_move(state, Pass(1, Card.parse("B5")))
    state = play(state, 1, "G8")
    with pytest.raises(IllegalMoveError, match="a red trick is open"):
        apply_move(state, Pass(2, Card.parse("R6")))


@pytest.mark.rule("HT-PLAY-3")
def test_a_player_may_pass_although_they_could_follow() -> None:
    state = play_mini(turns=4)
    state = play(play(play(state, 0, "R3"), 1, "G2"), 2, "G7")
    assert Card.parse("G3") in state.hands[3]
    assert Pass(3, Card.parse("B4")) in legal_moves(state, 3)
    assert Follow(3, Card.parse("G3")) in legal_moves(state, 3)


@pytest.mark.rule("HT-PLAY-4")
def test_every_card_is_playable_in_exactly_one_way() -> None:
    state = new_game(5, seed=3)
    rng = random.Random(3)
    for _ in range(30):
        player = state.players_to_act[0]
        moves = legal_moves(state, player)
        assert [m.card for m in moves] == list(state.hands[player])
        for move in moves:
            assert move_for(state, player, move.card) == move
        state = apply_move(state, rng.choice(moves))


@pytest.mark.rule("HT-PLAY-4")
def test_move_for_names_the_reason_a_card_cannot_be_played() -> None:
    state = new_game(4, rules=MINI, deals=[MINI_DEAL])
    assert move_for(state, 0, Card.parse("B7")) == OpenTrick(0, Card.parse("B7"))
    with pytest.raises(IllegalMoveError, match="it is player 0's turn, not player 1's"):
        move_for(state, 1, Card.parse("R7"))
    with pytest.raises(IllegalMoveError, match="R7 is not in player 0's hand"):
        move_for(state, 0, Card.parse("R7"))
    with pytest.raises(UnknownPlayerError):
        move_for(state, 4, Card.parse("R7"))


@pytest.mark.rule("HT-LEAD-2")
def test_passed_cards_count_for_the_lead_only_under_the_whole_turn_option() -> None:
    # Turn 3: B5, B3 and R2 in the tricks, G5 passed by P0 (and shown, by default).
    default = play_mini(turns=3)
    assert MINI.passed_cards is PassedCards.SHOWN
    assert default.turns[2].next_leader == 1  # B5 is the highest trick card
    hidden = play_mini(attrs.evolve(MINI, passed_cards=PassedCards.HIDDEN), turns=3)
    assert hidden.turns[2].next_leader == 1
    whole_turn = play_mini(attrs.evolve(MINI, lead_cards=LeadCards.TURN), turns=3)
    # B5 and the passed G5 tie, so the next lower card, P2's B3, leads.
    assert whole_turn.turns[2].next_leader == 2
    assert whole_turn.turn_leader == 2


@pytest.mark.rule("HT-LEAD-2", "HT-PASS-1")
def test_a_passed_card_counts_for_the_lead_only_if_it_is_shown() -> None:
    with pytest.raises(RulesError, match="only when they are shown"):
        HattrickRules(passed_cards=PassedCards.HIDDEN, lead_cards=LeadCards.TURN)


@pytest.mark.rule("HT-LEAD-2")
def test_the_earliest_option_for_a_tied_lead() -> None:
    rules = HattrickRules(name="mini", highest=8, player_counts=(4,), lead_tie=LeadTie.EARLIEST)
    state = play_mini(rules, turns=1)
    # R8 and G8 tie: the earlier, P0's R8, leads instead of P3's R5.
    assert state.turn_leader == 0
    assert state.players_to_act == (0,)


@pytest.mark.rule("HT-HAND-1", "HT-DEAL-1")
def test_a_full_hand_has_one_turn_less_than_cards_dealt() -> None:
    for players, turns in [(4, 14), (5, 11), (6, 9)]:
        state = new_game(players, seed=players)
        assert {len(hand) for hand in state.hands} == {60 // players}
        rng = random.Random(players)
        while state.hand_number == 0:
            state = apply_move(state, rng.choice(legal_moves(state, state.players_to_act[0])))
        hand = state.finished_hands[0]
        assert len(hand.turns) == turns
        assert all(card is not None for card in hand.last_cards)
        kept = CardSet.of(card for card in hand.last_cards if card is not None)
        played = CardSet.of(c for t in hand.turns for c in t.cards if c is not None)
        assert len(kept) == players
        assert kept.isdisjoint(played)
        assert kept | played == AMIGO_1995.deck


@pytest.mark.rule("HT-DEAL-1")
def test_deals_come_from_the_seed() -> None:
    assert new_game(4, seed=5) == new_game(4, seed=5)
    assert new_game(4, seed=5).hands != new_game(4, seed=6).hands
    assert new_game(4, seed=random.Random(5)).hands == new_game(4, seed=5).hands
    assert new_game(4, seed=5).setup.seed == 5
    assert isinstance(new_game(4).setup.seed, int)
    state = new_game(6, seed=1)
    dealt = CardSet()
    for hand in state.hands:
        assert dealt.isdisjoint(hand)
        dealt |= hand
    assert dealt == AMIGO_1995.deck
    assert len(state.setup.deals) == 6


@pytest.mark.rule("HT-DEAL-1")
def test_prepared_deals_are_checked() -> None:
    with pytest.raises(SetupError, match=r"deals: 2 hands given, the game has 1"):
        new_game(4, rules=MINI, deals=[MINI_DEAL, MINI_DEAL])
    with pytest.raises(SetupError, match=r"deals\[0\]: 3 hands given for 4 players"):
        new_game(4, rules=MINI, deals=[MINI_DEAL[:3]])
    bad = [*MINI_DEAL[:3], "R5 R2 G6 G3 B6"]
    with pytest.raises(SetupError, match=r"deals\[0\]\[3\]: 5 cards, every hand has 6"):
        new_game(4, rules=MINI, deals=[bad])
    bad = [*MINI_DEAL[:3], "R5 R2 G6 G3 B6 R8"]
    with pytest.raises(SetupError, match=r"deals\[0\]\[3\]: R8 dealt to two players"):
        new_game(4, rules=MINI, deals=[bad])
    bad = [*MINI_DEAL[:3], "R5 R2 G6 G3 B6 B9"]
    with pytest.raises(SetupError, match=r"deals\[0\]\[3\]: B9 not in the deck"):
        new_game(4, rules=MINI, deals=[bad])
    bad = [*MINI_DEAL[:3], "R5 R2 G6 G3 B6 B6"]
    with pytest.raises(SetupError, match=r"deals\[0\]\[3\]: a card appears twice"):
        new_game(4, rules=MINI, deals=[bad])
    cards = [[Card.parse(n) for n in hand.split()] for hand in MINI_DEAL]
    assert new_game(4, rules=MINI, deals=[cards]) == new_game(4, rules=MINI, deals=[MINI_DEAL])
    with pytest.raises(SetupError, match="deals must be a sequence"):
        new_game(4, rules=MINI, deals="R1")


def test_setup_errors() -> None:
    with pytest.raises(RulesError, match="are for 4, 5, 6 players, not 3"):
        new_game(3)
    with pytest.raises(SetupError, match="first_leader must be a seat from 0 to 3, got 4"):
        new_game(4, first_leader=4)
    with pytest.raises(WrongTypeError, match="seed must be"):
        new_game(4, seed="x")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="rules must be a HattrickRules object"):
        new_game(4, rules=object())  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="first_leader must be a seat number"):
        new_game(4, first_leader=True)


@pytest.mark.rule("HT-LEAD-1")
def test_the_first_leader_leads_the_first_turn() -> None:
    state = new_game(5, seed=2, first_leader=3)
    assert state.hand_leader == 3
    assert state.turn_leader == 3
    assert state.players_to_act == (3,)
    assert state.setup.first_leader == 3
    assert all(legal_moves(state, p) == () for p in (0, 1, 2, 4))


@pytest.mark.rule("HT-GAME-1", "HT-LEAD-1")
def test_one_hand_per_player_and_the_lead_moves_left() -> None:
    rules = HattrickRules(name="mini", highest=8, player_counts=(4,))
    state = play_mini(rules)
    assert state.hand_count == 4
    assert state.hand_number == 1
    assert state.hand_leader == 1
    assert state.players_to_act == (1,)
    assert state.hands == tuple(CardSet.parse(h) for h in MINI_DEAL)
    assert state.won == (CardSet(),) * 4
    assert state.scores == (-1, 1, 0, -1)
    rng = random.Random(1)
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state, state.players_to_act[0])))
    assert [hand.leader for hand in state.finished_hands] == [0, 1, 2, 3]
    assert [hand.turns[0].leader for hand in state.finished_hands] == [0, 1, 2, 3]
    assert state.players_to_act == ()
    assert state.to_act is None


@pytest.mark.rule("HT-GAME-1")
def test_hands_per_game_is_an_option() -> None:
    assert new_game(4, seed=1).hand_count == 4
    assert new_game(6, seed=1).hand_count == 6
    assert new_game(6, seed=1, rules=HattrickRules(hands_per_game=2)).hand_count == 2


@pytest.mark.rule("HT-GAME-2")
def test_totals_add_up_and_ties_share_the_win() -> None:
    state = new_game(4, seed=9)
    rng = random.Random(9)
    while not state.is_over:
        assert state.winners == ()
        state = apply_move(state, rng.choice(legal_moves(state, state.players_to_act[0])))
    totals = tuple(sum(h.scores[p] for h in state.finished_hands) for p in range(4))
    assert state.scores == totals
    assert state.winners == tuple(p for p in range(4) if totals[p] == max(totals))
    tied = state._replace(
        finished_hands=(attrs.evolve(state.finished_hands[0], scores=(2, 2, 0, 1)),)
    )
    assert tied.winners == (0, 1)
    assert tied.ranking == (1, 1, 4, 3)


@pytest.mark.rule("HT-TURN-1")
def test_moves_out_of_turn_or_after_the_game_are_illegal() -> None:
    state = new_game(4, rules=MINI, deals=[MINI_DEAL])
    with pytest.raises(IllegalMoveError, match=r"illegal move 1 opens a trick with R7 \(Open"):
        apply_move(state, OpenTrick(1, Card.parse("R7")))
    with pytest.raises(IllegalMoveError, match="no seat 7 in a 4-player game"):
        apply_move(state, OpenTrick(7, Card.parse("R7")))
    with pytest.raises(IllegalMoveError, match="is not a move"):
        apply_move(state, "R8")  # type: ignore[arg-type]
    over = play_mini()
    with pytest.raises(IllegalMoveError, match="the game is over"):
        apply_move(over, OpenTrick(0, Card.parse("B2")))
    assert all(legal_moves(over, p) == () for p in range(4))
    with pytest.raises(UnknownPlayerError, match="not a seat of this 4-player game"):
        legal_moves(state, 4)


def test_moves_of_the_game_so_far() -> None:
    state = play_mini(turns=2)
    state = play(state, 1, "B5")
    moves: tuple[HattrickMove, ...] = state.moves
    assert len(moves) == 9
    assert moves[2] == Pass(2, Card.parse("B8"))
    assert moves[-1] == OpenTrick(1, Card.parse("B5"))
    over = play_mini()
    assert over.moves == over.finished_hands[0].moves
    assert [str(m) for m in over.moves[:4]] == [
        "0 opens a trick with R8",
        "1 opens a trick with G8",
        "2 passes B8",
        "3 follows with R5",
    ]
    assert repr(state) == "<HattrickState 4 players, hand 1/1, turn 3, player 2 to play>"
    assert repr(play_mini()) == "<HattrickState 4 players, over, scores [-1, 1, 0, -1]>"


# Hand 2 of a three-hand game, led by P1: P1 collects red, P3 green, P0 passes blue.
HAND_2_DEAL = [
    "B8 B7 B6 B5 B4 B3",
    "R8 R7 R6 R5 R4 B1",
    "R3 R2 R1 G1 G2 G3",
    "G8 G7 G6 G5 G4 B2",
]
HAND_2_TURNS = [
    # Red R8 R1 to P1, green G6 to P3, P0 passes B3; P1's 8 is the highest: P1 leads.
    # In the next two turns P1's 7 and 6 are the highest again.
    [(1, "R8"), (2, "R1"), (3, "G6"), (0, "B3")],
    [(1, "R7"), (2, "R2"), (3, "G5"), (0, "B4")],
    [(1, "R6"), (2, "R3"), (3, "G4"), (0, "B5")],
    # Red R5 to P1, green G1 G7 to P3; the 7 leads: P3.
    [(1, "R5"), (2, "G1"), (3, "G7"), (0, "B6")],
    # Green G8 G2 to P3, blue B7 to P0, P1 passes R4.
    [(3, "G8"), (0, "B7"), (1, "R4"), (2, "G2")],
]
# Hand 1 (MINI_TURNS) scores -1, 1, 0, -1. Hand 2: P0 +1 for B7 and four passes -8 = -7;
# P1 7 red, one pass -2 = +5; P2 nothing = 0; P3 7 green = +7. Totals: -8, 6, 0, 6.
TO_SIX = HattrickRules(
    name="to-six", highest=8, player_counts=(4,), hands_per_game=3, target_score=6
)


def play_two_hands(rules: HattrickRules) -> HattrickState:
    state = new_game(4, rules=rules, deals=[MINI_DEAL, HAND_2_DEAL, MINI_DEAL])
    for turn in [*MINI_TURNS, *HAND_2_TURNS]:
        for seat, name in turn:
            state = play(state, seat, name)
    return state


@pytest.mark.rule("HT-GAME-3", "HT-GAME-2")
def test_the_game_ends_after_the_hand_in_which_a_total_reaches_the_target() -> None:
    state = new_game(4, rules=TO_SIX, deals=[MINI_DEAL, HAND_2_DEAL, MINI_DEAL])
    for turn in MINI_TURNS:
        for seat, name in turn:
            state = play(state, seat, name)
    # After hand 1 the best total is 1, below 6: hand 2 is dealt, led by P1.
    assert not state.is_over
    assert (state.hand_number, state.scores, state.players_to_act) == (1, (-1, 1, 0, -1), (1,))
    state = play_two_hands(TO_SIX)
    hand = state.finished_hands[1]
    assert hand.won == (
        CardSet.parse("B7"),
        CardSet.parse("R8 R1 R7 R2 R6 R3 R5"),
        CardSet(),
        CardSet.parse("G6 G5 G4 G1 G7 G8 G2"),
    )
    assert hand.passed == (CardSet.parse("B3 B4 B5 B6"), CardSet.parse("R4"), CardSet(), CardSet())
    assert [turn.next_leader for turn in hand.turns] == [1, 1, 1, 3, 3]
    assert hand.scores == (-7, 5, 0, 7)
    # P1 and P3 reach 6 exactly: the game is over after two of its three hands.
    assert state.scores == (-8, 6, 0, 6)
    assert state.is_over
    assert len(state.finished_hands) == 2
    assert state.hand_count == 3
    assert state.hand_number == 3
    assert state.players_to_act == ()
    assert state.to_act is None
    assert all(legal_moves(state, p) == () for p in range(4))
    assert state.winners == (1, 3)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        apply_move(state, OpenTrick(0, Card.parse("R8")))
    assert repr(state) == "<HattrickState 4 players, over, scores [-8, 6, 0, 6]>"


@pytest.mark.rule("HT-GAME-3", "HT-GAME-1")
def test_without_a_target_or_below_it_every_hand_is_played() -> None:
    for rules in (attrs.evolve(TO_SIX, target_score=None), attrs.evolve(TO_SIX, target_score=7)):
        state = play_two_hands(rules)
        assert not state.is_over
        assert state.hand_number == 2
        assert state.players_to_act == (2,)
    # With a target of 1, P1's total of 1 ends the game after the first hand.
    state = play_mini(attrs.evolve(TO_SIX, target_score=1))
    assert state.is_over
    assert len(state.finished_hands) == 1
    assert state.winners == (1,)
    # The game ends after its last hand even when nobody has reached the target.
    state = play_mini(attrs.evolve(MINI, target_score=50))
    assert state.is_over
    assert state.scores == (-1, 1, 0, -1)


@pytest.mark.rule("HT-GAME-3")
def test_a_game_ended_at_the_target_replays_and_samples() -> None:
    state = play_two_hands(TO_SIX)
    record = HattrickRecord.from_state(state)
    assert len(record.deals) == 3
    assert len(record.moves) == 40
    loaded = HattrickRecord.from_json(record.to_json())
    assert loaded.rules.target_score == 6
    assert loaded.replay() == state
    rng = random.Random(2)
    for player in range(4):
        view = observe(state, player)
        assert view.is_over
        assert (view.hand_number, view.hand_count, len(view.finished_hands)) == (3, 3, 2)
        assert view.scores == (-8, 6, 0, 6)
        sampled = sample_state(view, rng)
        assert sampled.is_over
        assert observe(sampled, player) == view
        assert HattrickRecord.from_state(sampled).replay() == sampled
