"""Whole games through the engine, with results worked out by hand."""

from __future__ import annotations

import random

import pytest

import sticheln as st
from sticheln import (
    AllZeroTrick,
    Card,
    CardSet,
    ChoosePain,
    Deck,
    IllegalMoveError,
    Phase,
    PlayCard,
    RulesError,
    SetupError,
    StichelnRules,
    UnknownPlayerError,
    WrongTypeError,
)
from sticheln.sticheln.state import chosen_pain_cards

# Three players, nine cards, three cards each: one pain card and two tricks per round.
MINI = StichelnRules(name="mini", decks=(Deck(3, "RYB", 0, 2),), hand_size=3)
MINI_DEALS = [
    ["R1 Y2 B0", "R2 Y0 B1", "R0 Y1 B2"],
    ["R0 R1 R2", "Y0 Y1 Y2", "B0 B1 B2"],
    ["R0 R1 B2", "Y0 R2 Y1", "B0 Y2 B1"],
]
# Per round: the pain cards by seat, then the plays in order.
MINI_MOVES = [
    ("B0 Y0 R0", [(1, "R2"), (2, "Y1"), (0, "R1"), (2, "B2"), (0, "Y2"), (1, "B1")]),
    ("R2 Y1 B0", [(2, "B1"), (0, "R0"), (1, "Y0"), (2, "B2"), (0, "R1"), (1, "Y2")]),
    ("B2 R2 B1", [(0, "R0"), (1, "Y0"), (2, "B0"), (0, "R1"), (1, "Y1"), (2, "Y2")]),
]


def play_mini(rules: StichelnRules = MINI) -> st.StichelnState:
    state = st.new_game(3, rules=rules, first_leader=1, deals=MINI_DEALS)
    for pains, plays in MINI_MOVES:
        for seat, name in enumerate(pains.split()):
            state = st.apply_move(state, ChoosePain(seat, Card.parse(name)))
        for seat, name in plays:
            state = st.apply_move(state, PlayCard(seat, Card.parse(name)))
    return state


@pytest.mark.rule(
    "ST-SCORE-1", "ST-SCORE-2", "ST-SCORE-3", "ST-GAME-1", "ST-GAME-2", "ST-LEAD-2", "ST-ROUND-2"
)
def test_mini_game_worked_by_hand() -> None:
    state = play_mini()
    assert state.is_over
    assert state.phase is Phase.OVER
    # Round 1: P2 wins R2 Y1 R1 (pain red: -2 +1 -1), P0 wins B2 Y2 B1 (pain blue: -2 +1 -1).
    # Round 2: P2 wins B1 R0 Y0 (pain blue: -1 +1 +1); P1 wins B2 R1 Y2 and pays
    #          Y1 and Y2: -1 +1 +1 -2; P0 won nothing and pays R2.
    # Round 3: the zeros are set aside; P2 wins R1 Y1 Y2 (+3) and pays B1.
    assert [r.scores for r in state.finished_rounds] == [(-2, 0, -2), (-2, -1, 1), (-2, -2, 2)]
    assert state.scores == (-6, -3, 1)
    assert state.winners == (2,)
    assert state.ranking == (3, 2, 1)
    assert [r.tricks[0].winner for r in state.finished_rounds] == [2, 2, None]
    assert state.finished_rounds[0].won == (
        CardSet.parse("B2 Y2 B1"),
        CardSet(),
        CardSet.parse("R2 Y1 R1"),
    )


@pytest.mark.rule("ST-LEAD-1", "ST-LEAD-3")
def test_every_player_leads_one_round() -> None:
    state = play_mini()
    assert [r.leader for r in state.finished_rounds] == [1, 2, 0]
    assert [r.tricks[0].leader for r in state.finished_rounds] == [1, 2, 0]


@pytest.mark.rule("ST-TRICK-6")
def test_all_zero_trick_is_set_aside_and_leader_leads_again() -> None:
    state = play_mini()
    third = state.finished_rounds[2]
    assert third.tricks[0].winner is None
    assert third.set_aside == CardSet.parse("R0 Y0 B0")
    assert third.tricks[1].leader == 0
    assert all(CardSet.parse("R0 Y0 B0").isdisjoint(pile) for pile in third.won)


@pytest.mark.rule("ST-TRICK-6")
def test_all_zero_trick_goes_to_its_leader_under_the_option() -> None:
    state = play_mini(
        StichelnRules(
            name="mini", decks=MINI.decks, hand_size=3, all_zero_trick=AllZeroTrick.LEADER_WINS
        )
    )
    third = state.finished_rounds[2]
    assert third.tricks[0].winner == 0
    assert third.set_aside == CardSet()
    # P0 (pain blue) now wins R0 Y0 B0: -2 (pain card B2) + 1 + 1 + 0.
    assert third.scores == (0, -2, 2)
    assert state.scores == (-4, -3, 1)


@pytest.mark.rule("ST-PAIN-1", "ST-PAIN-2")
def test_pain_phase_is_simultaneous_and_picks_leave_the_hand() -> None:
    state = st.new_game(3, rules=MINI, first_leader=1, deals=MINI_DEALS)
    assert state.phase is Phase.CHOOSING_PAIN
    assert state.players_to_act == (0, 1, 2)
    assert state.to_act is None
    state = st.apply_move(state, ChoosePain(2, Card.parse("R0")))
    assert state.players_to_act == (0, 1)
    assert state.hands[2] == CardSet.parse("Y1 B2")
    assert not state.picks_revealed
    state = st.apply_move(state, ChoosePain(0, Card.parse("B0")))
    state = st.apply_move(state, ChoosePain(1, Card.parse("Y0")))
    assert state.picks_revealed
    assert state.phase is Phase.PLAYING
    assert state.picks == (Card.parse("B0"), Card.parse("Y0"), Card.parse("R0"))
    assert state.pick_order == (2, 0, 1)
    assert state.players_to_act == (1,)


@pytest.mark.rule("ST-PAIN-1")
def test_the_pain_cards_once_all_are_chosen_are_read_as_cards() -> None:
    state = st.new_game(3, rules=MINI, first_leader=1, deals=MINI_DEALS)
    state = st.apply_move(state, ChoosePain(2, Card.parse("R0")))
    state = st.apply_move(state, ChoosePain(0, Card.parse("B0")))
    assert state.moves == (ChoosePain(2, Card.parse("R0")), ChoosePain(0, Card.parse("B0")))
    with pytest.raises(ValueError, match=r"^a player has not chosen a pain card yet$"):
        chosen_pain_cards(state.picks)
    state = st.apply_move(state, ChoosePain(1, Card.parse("Y0")))
    assert chosen_pain_cards(state.picks) == tuple(map(Card.parse, ["B0", "Y0", "R0"]))
    assert chosen_pain_cards([]) == ()


@pytest.mark.rule("ST-PAIN-2")
def test_players_may_share_a_pain_colour() -> None:
    state = st.new_game(3, rules=MINI, deals=MINI_DEALS)
    for seat, name in enumerate(["B0", "B1", "B2"]):
        state = st.apply_move(state, ChoosePain(seat, Card.parse(name)))
    assert state.phase is Phase.PLAYING


@pytest.mark.rule("ST-PLAY-1", "ST-PLAY-2")
def test_any_card_may_be_played_in_clockwise_order() -> None:
    state = st.new_game(3, rules=MINI, first_leader=1, deals=MINI_DEALS)
    for seat, name in enumerate(["B0", "Y0", "R0"]):
        state = st.apply_move(state, ChoosePain(seat, Card.parse(name)))
    assert st.legal_moves(state, 1) == (
        PlayCard(1, Card.parse("R2")),
        PlayCard(1, Card.parse("B1")),
    )
    state = st.apply_move(state, PlayCard(1, Card.parse("R2")))
    assert state.to_act == 2
    # P2 holds no red and may play anything; P0 holds R1 but may still play Y2.
    assert {m.card for m in st.legal_moves(state, 2)} == set(CardSet.parse("Y1 B2"))
    state = st.apply_move(state, PlayCard(2, Card.parse("B2")))
    assert st.legal_moves(state, 0) == (
        PlayCard(0, Card.parse("R1")),
        PlayCard(0, Card.parse("Y2")),
    )
    state = st.apply_move(state, PlayCard(0, Card.parse("Y2")))
    assert state.current_trick == ()
    assert state.tricks[0].plays == (
        (1, Card.parse("R2")),
        (2, Card.parse("B2")),
        (0, Card.parse("Y2")),
    )
    assert state.tricks[0].winner == 2  # B2 and Y2 tie; the earlier wins


@pytest.mark.rule("ST-ROUND-1", "ST-DEAL-1")
def test_nsv_round_has_fourteen_tricks_of_fifteen_card_hands() -> None:
    state = st.new_game(4, seed=11)
    assert [len(h) for h in state.hands] == [15] * 4
    rng = random.Random(2)
    while state.round_number == 0:
        state = st.apply_move(state, rng.choice(st.legal_moves(state, state.players_to_act[0])))
    assert len(state.finished_rounds[0].tricks) == 14
    assert state.phase is Phase.CHOOSING_PAIN
    assert state.round_number == 1


@pytest.mark.rule("ST-DEAL-1")
def test_same_seed_same_deals_and_different_seed_different_deals() -> None:
    assert st.new_game(4, seed=5) == st.new_game(4, seed=5)
    assert st.new_game(4, seed=5).hands != st.new_game(4, seed=6).hands
    assert st.new_game(4, seed=random.Random(5)).hands == st.new_game(4, seed=5).hands
    assert st.new_game(4, seed=5).setup.seed == 5
    assert isinstance(st.new_game(4).setup.seed, int)


@pytest.mark.rule("ST-DEAL-1")
def test_leftover_cards_are_set_aside_face_up() -> None:
    state = st.new_game(7, seed=1, rules=st.EIGHT_PLAYERS)
    assert [len(h) for h in state.hands] == [15] * 7
    assert len(state.set_aside) == 3
    every = state.set_aside
    for hand in state.hands:
        every |= hand
    assert every == st.EIGHT_PLAYERS.deck(7).cards


@pytest.mark.rule("ST-LEAD-1")
def test_left_of_dealer_draw_is_reproducible() -> None:
    leaders = {st.new_game(4, seed=s, rules=st.AMIGO_1993).setup.first_leader for s in range(40)}
    assert leaders == {0, 1, 2, 3}
    assert (
        st.new_game(4, seed=9, rules=st.AMIGO_1993).setup.first_leader
        == st.new_game(4, seed=9, rules=st.AMIGO_1993).setup.first_leader
    )


@pytest.mark.rule("ST-GAME-1")
def test_fixed_number_of_rounds() -> None:
    state = st.new_game(3, seed=1, rules=st.ONLINE_5_ROUNDS)
    assert state.rounds == 5
    assert [(state.setup.first_leader + r) % 3 for r in range(5)] == [0, 1, 2, 0, 1]


def test_illegal_moves_name_player_move_and_reason() -> None:
    state = st.new_game(3, rules=MINI, first_leader=1, deals=MINI_DEALS)
    with pytest.raises(IllegalMoveError, match="pain cards are still being chosen"):
        st.apply_move(state, PlayCard(1, Card.parse("R2")))
    with pytest.raises(IllegalMoveError, match="R2 is not in player 0's hand"):
        st.apply_move(state, ChoosePain(0, Card.parse("R2")))
    with pytest.raises(IllegalMoveError, match="no seat 3"):
        st.apply_move(state, ChoosePain(3, Card.parse("R2")))
    with pytest.raises(IllegalMoveError, match="is not a move"):
        st.apply_move(state, "R2")  # type: ignore[arg-type]
    picked = st.apply_move(state, ChoosePain(0, Card.parse("B0")))
    with pytest.raises(IllegalMoveError, match="cannot be changed") as info:
        st.apply_move(picked, ChoosePain(0, Card.parse("R1")))
    assert "0 chooses pain card R1" in str(info.value)
    for seat, name in [(1, "Y0"), (2, "R0")]:
        picked = st.apply_move(picked, ChoosePain(seat, Card.parse(name)))
    with pytest.raises(IllegalMoveError, match="not being chosen now"):
        st.apply_move(picked, ChoosePain(1, Card.parse("R2")))
    with pytest.raises(IllegalMoveError, match="it is player 1's turn, not player 2's"):
        st.apply_move(picked, PlayCard(2, Card.parse("Y1")))
    with pytest.raises(IllegalMoveError, match="no seat 5"):
        st.apply_move(picked, PlayCard(5, Card.parse("Y1")))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        st.apply_move(play_mini(), PlayCard(0, Card.parse("R1")))


def test_illegal_move_leaves_state_unchanged() -> None:
    state = st.new_game(4, seed=3)
    before = (state.hands, state.picks, state.phase)
    with pytest.raises(IllegalMoveError):
        st.apply_move(state, PlayCard(0, next(iter(state.hands[0]))))
    assert (state.hands, state.picks, state.phase) == before
    assert st.apply_move(state, st.legal_moves(state, 0)[0]) != state


def test_move_values_are_checked_when_built() -> None:
    with pytest.raises(UnknownPlayerError, match=r"PlayCard\.player must be a seat number"):
        PlayCard(-1, Card.parse("R1"))
    for seat in (True, 0.0, "0", None):
        with pytest.raises(WrongTypeError, match=r"ChoosePain\.player must be a seat number"):
            ChoosePain(seat, Card.parse("R1"))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="card"):
        ChoosePain(0, "R1")  # type: ignore[arg-type]


def test_legal_moves_checks_the_player() -> None:
    state = st.new_game(3, seed=1)
    with pytest.raises(UnknownPlayerError, match="player 3 is not a seat"):
        st.legal_moves(state, 3)
    with pytest.raises(UnknownPlayerError):
        st.legal_moves(state, -1)
    assert st.legal_moves(play_mini(), 0) == ()


@pytest.mark.parametrize(
    ("kwargs", "error", "fragment"),
    [
        ({"players": 7}, RulesError, "no deck for 7 players"),
        ({"players": 4, "first_leader": 4}, SetupError, "first_leader"),
        ({"players": 4, "seed": "x"}, WrongTypeError, "seed"),
        ({"players": 4, "seed": True}, WrongTypeError, "seed"),
        ({"players": 4, "rules": "nsv"}, WrongTypeError, "rules must be a StichelnRules object"),
        ({"players": 4, "first_leader": "0"}, WrongTypeError, "first_leader"),
        ({"players": 3, "rules": MINI, "deals": MINI_DEALS[:2]}, SetupError, "2 rounds given"),
        (
            {"players": 3, "rules": MINI, "deals": [["R1 Y2 B0", "R2 Y0 B1"]] * 3},
            SetupError,
            "2 hands given",
        ),
        (
            {"players": 3, "rules": MINI, "deals": [["R1 Y2 B0", "R2 Y0 B1", "R0 Y1"]] * 3},
            SetupError,
            r"deals\[0\]\[2\]: 2 cards",
        ),
        (
            {"players": 3, "rules": MINI, "deals": [["R1 Y2 B0", "R1 Y0 B1", "R0 Y1 B2"]] * 3},
            SetupError,
            "R1 dealt to two players",
        ),
        (
            {"players": 3, "rules": MINI, "deals": [["R1 Y2 G0", "R2 Y0 B1", "R0 Y1 B2"]] * 3},
            SetupError,
            "G0 not in the deck",
        ),
        (
            {"players": 3, "rules": MINI, "deals": [["R1 R1 B0", "R2 Y0 B1", "R0 Y1 B2"]] * 3},
            SetupError,
            "appears twice",
        ),
        (
            {"players": 3, "rules": MINI, "deals": [["R1 Y2 B0", "R2 Y0 Q1", "R0 Y1 B2"]] * 3},
            SetupError,
            r"deals\[0\]\[1\]: 'Q1' is not a card name",
        ),
        (
            {"players": 3, "rules": MINI, "deals": [["R1 Y2 B0", [1, 2, 3], "R0 Y1 B2"]] * 3},
            SetupError,
            r"deals\[0\]\[1\]: 1 is not a card",
        ),
    ],
)
def test_new_game_rejects_bad_arguments(
    kwargs: dict[str, object], error: type[Exception], fragment: str
) -> None:
    with pytest.raises(error, match=fragment):
        st.new_game(**kwargs)  # type: ignore[arg-type]


def test_moves_property_lists_every_move_in_order() -> None:
    state = play_mini()
    moves = state.moves
    assert len(moves) == 3 * (3 + 6)
    assert moves[0] == ChoosePain(0, Card.parse("B0"))
    assert moves[3] == PlayCard(1, Card.parse("R2"))
    assert moves[-1] == PlayCard(2, Card.parse("Y2"))


def test_state_repr_is_short() -> None:
    state = st.new_game(4, seed=1)
    assert repr(state) == (
        "<StichelnState 4 players, round 1/4, choosing pain cards, waiting for [0, 1, 2, 3]>"
    )
    assert repr(play_mini()) == "<StichelnState 3 players, over, scores [-6, -3, 1]>"
