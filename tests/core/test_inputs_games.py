"""Bad input given to the public functions of Hattrick and Stichling gets the library's typed
errors, with short messages: wrong types, values out of range, cards of another game's deck."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import sticheln as st
import sticheln.hattrick as ht
import sticheln.stichling as sl
from sticheln import Card, CardSet, Color
from sticheln.hattrick.sampling import HandSampler

HUGE = 10**5000
R3, B7 = Card.parse("R3"), Card.parse("B7")


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: ht.action_for(-2, R3), st.WrongTypeError, "open_colors must be a sequence"),
        (lambda: ht.action_for([Color.RED], Color.RED), st.WrongTypeError, "card must be a Card"),
        (lambda: ht.action_for(["R"], R3), st.WrongTypeError, "open_colors: 'R' is not a Color"),
        (lambda: ht.action_for([], R3, "2"), st.WrongTypeError, "max_open must be an int"),
        (lambda: ht.turn_actions(["P14", "Y0"]), st.WrongTypeError, "'P14' is not a Card"),
        (lambda: ht.turn_actions([R3], "R3 " * 9), st.WrongTypeError, "max_open must be an int"),
        (lambda: ht.turn_actions(R3), st.WrongTypeError, "cards must be a sequence"),
        (lambda: ht.trick_taker({"a": 1}), st.WrongTypeError, "a trick must be a sequence"),
        (lambda: ht.trick_taker(print), st.WrongTypeError, "a trick must be a sequence"),
        (lambda: ht.trick_taker([[]]), st.WrongTypeError, "a trick: [] is not a Card"),
        (lambda: ht.next_leader(CardSet.parse("B14")), st.WrongTypeError, "plays must be"),
        (lambda: ht.next_leader(["Y5", "R14"]), st.WrongTypeError, "got 'Y5'"),
        (lambda: ht.next_leader([(True, R3)]), st.WrongTypeError, "got (True, "),
        (lambda: ht.next_leader([(0, R3)], "earliest"), st.WrongTypeError, "tie must be"),
        (lambda: ht.hand_score(Card.parse("A5"), 7), st.WrongTypeError, "won must be cards"),
        (lambda: ht.hand_score({"a": "x"}, 7), st.WrongTypeError, "won: 'a' is not a Card"),
        (lambda: ht.hand_score([R3], False), st.WrongTypeError, "an int), got False"),
        (lambda: ht.hand_score([R3], [[]]), st.WrongTypeError, "got [[]]"),
        (lambda: ht.hand_score([R3], -1), st.CardError, "(0 or more), got -1"),
        (lambda: ht.collecting_color(True), st.WrongTypeError, "won must be cards, got True"),
        (lambda: ht.collecting_color(b"R3"), st.WrongTypeError, "won must be cards"),
        (lambda: ht.collecting_color([R3], "RB"), st.WrongTypeError, "colors must be"),
        (lambda: sl.is_complete(False), st.WrongTypeError, "a trick must be a sequence"),
        (lambda: sl.is_complete(Card.parse("G14")), st.WrongTypeError, "a trick must be"),
        (lambda: sl.is_complete([R3], "all"), st.WrongTypeError, "counted_cards must be"),
        (lambda: sl.marker_index(2**63), st.WrongTypeError, "a trick must be a sequence"),
        (lambda: sl.marker_index({"a": "x"}), st.WrongTypeError, "a trick must be a sequence"),
        (lambda: sl.marker_index([[]]), st.WrongTypeError, "a trick: [] is not a Card"),
        (lambda: sl.trick_choices(HUGE, R3), st.WrongTypeError, "an int of about 5001 digits"),
        (lambda: sl.trick_choices([Color.RED], []), st.WrongTypeError, "card must be a Card"),
        (lambda: sl.trick_choices([], R3, st.NSV), st.WrongTypeError, "StichlingRules"),
        (lambda: sl.active_position(st.FirstLeader.GIVEN_SEAT), st.WrongTypeError, "tricks"),
        (lambda: sl.active_position(1.0), st.WrongTypeError, "tricks must be an int, got 1.0"),
        (lambda: sl.hand_score([0, 1, 2], {1: None}), st.WrongTypeError, "tricks must be an int"),
        (lambda: sl.hand_score("²", 3), st.WrongTypeError, "order must be a sequence of ints"),
        (lambda: sl.hand_score([3, 1], 2), st.CardError, "three victory-point values"),
        (lambda: sl.ranking(float("inf")), st.WrongTypeError, "hand_scores must be"),
        (lambda: sl.ranking([[1, "2"]]), st.WrongTypeError, "a player's scores must be"),
        (lambda: sl.winners([[1]], "shared"), st.WrongTypeError, "full_tie must be"),
        (lambda: sl.winners([[1], [2]], tricks=[1]), st.CardError, "one count per player"),
    ],
)
def test_the_helpers_raise_typed_errors(
    call: Callable[[], object], error: type[Exception], fragment: str
) -> None:
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, st.StichelnError)
    assert fragment in str(info.value)
    assert len(str(info.value)) < 200


def test_an_empty_trick_or_turn_is_still_a_plain_value_error() -> None:
    for call in (
        lambda: ht.trick_taker([]),
        lambda: ht.next_leader([]),
        lambda: sl.marker_index(()),
    ):
        with pytest.raises(ValueError, match="at least one card"):
            call()


def test_the_checked_helpers_still_give_the_rule_answers() -> None:
    # Worked out by hand from the rules: R3 opens, B7 opens, G2 is passed with two open.
    g2 = Card.parse("G2")
    assert ht.turn_actions((R3, None, B7, g2)) == (
        ht.Action.OPEN,
        ht.Action.PASS,
        ht.Action.OPEN,
        ht.Action.PASS,
    )
    assert ht.action_for((Color.RED,), Card.parse("R9")) is ht.Action.FOLLOW
    assert ht.trick_taker((R3, Card.parse("R9"), Card.parse("R1"))) == 1
    assert ht.next_leader([(2, R3), (0, B7)]) == 0
    # Won R3 B7 G2: one card of each colour, so +1 -1 -1, and two passes -4.
    assert ht.hand_score([R3, B7, g2], 2) == -5
    assert ht.hand_score(iter([R3]), 0) == 1
    assert ht.collecting_color((B7, g2), (Color.GREEN,)) is Color.GREEN
    assert sl.hand_score([3, 1, 2], 5) == 1
    assert sl.is_complete([R3, B7, g2, Card.parse("R4")])
    assert sl.ranking([[1, 2], [2, 1]], sl.FullTie.MOST_TRICKS, (3, 4)) == (1, 2)


@pytest.mark.parametrize(
    ("state", "text", "fragment"),
    [
        (lambda: ht.new_game(4, seed=1), "R99", "'R99' is not a card of this game"),
        (lambda: ht.new_game(4, seed=1), "R99", "(colours R, G, B; values run 1 to 20)"),
        (lambda: ht.new_game(4, seed=1), "b21", "(colours R, G, B; values run 1 to 20)"),
        (lambda: sl.new_game(2, seed=1), "R99+", "'R99' is not a card of this game"),
        (lambda: sl.new_game(2, seed=1), "R21>1", "(colours R, Y, G, B; values run 1 to 6)"),
        (lambda: sl.new_game(3, seed=1), "Y" + "9" * 5000 + "+", "values run 1 to 9)"),
        (lambda: st.new_game(4, seed=1), "R99", "(colours R, Y, G, B, P; values run 0 to 11)"),
        (lambda: st.new_game(3, seed=1), "blue 50", "(colours R, Y, G, B, P; values run 0 to 8)"),
    ],
)
def test_parse_move_names_the_cards_of_the_game(
    state: Callable[[], object], text: str, fragment: str
) -> None:
    game_state = state()
    parse = {
        ht.HattrickState: ht.parse_move,
        sl.StichlingState: sl.parse_move,
        st.StichelnState: st.parse_move,
    }[type(game_state)]
    with pytest.raises(st.InvalidMoveError) as info:
        parse(game_state, 0, text)  # type: ignore[operator]
    assert fragment in str(info.value)
    assert "is above" not in str(info.value)
    assert len(str(info.value)) < 200


def test_only_a_card_of_the_deck_is_parsed() -> None:
    state = ht.new_game(4, seed=7)
    assert ht.parse_move(state, 0, "b20") == ht.OpenTrick(0, Card.parse("B20"))
    # A card of another colour than the deck's is not a card of this game.
    with pytest.raises(
        st.InvalidMoveError,
        match=r"^Y5 is not a card of this game \(colours R, G, B; values run 1 to 20\)$",
    ):
        ht.parse_move(state, 0, "Y5")
    with pytest.raises(st.InvalidMoveError, match="unknown colour 'Q'"):
        ht.parse_move(state, 0, "Q5")


@pytest.mark.parametrize("hands", [0, -1, 101, 10**9, HUGE], ids=["0", "-1", "101", "1e9", "huge"])
def test_hands_per_game_is_bounded(hands: int) -> None:
    with pytest.raises(st.RulesError, match="from 1 to 100"):
        ht.HattrickRules(hands_per_game=hands)


def test_a_hundred_hands_per_game_are_allowed() -> None:
    assert ht.HattrickRules(hands_per_game=100).hands_for(4) == 100


# -- arguments of the wrong type at the entry points of Hattrick and Stichling ------------------

HT_STATE = ht.new_game(4, seed=1)
SL_STATE = sl.new_game(2, seed=1)
ST_STATE = st.new_game(3, seed=1)
HT_VIEW, SL_VIEW = ht.observe(HT_STATE, 0), sl.observe(SL_STATE, 0)
HT_MOVE, SL_MOVE = ht.legal_moves(HT_STATE, 0)[0], sl.legal_moves(SL_STATE, 0)[0]
RNG = random.Random(1)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: sl.sample_state(HT_STATE, RNG), "view must be a StichlingView object, got <Hatt"),
        (lambda: sl.sample_state(SL_VIEW, None), "rng must be a random.Random, got None"),
        (lambda: ht.sample_state(SL_VIEW, RNG), "view must be a HattrickView object"),
        (lambda: HandSampler(HT_STATE, RNG), "view must be a HattrickView object"),
        (lambda: ht.legal_moves(None, 0), "state must be a HattrickState object, got None"),
        (lambda: ht.legal_moves(SL_STATE, 1), "state must be a HattrickState object, got <Sti"),
        (
            lambda: ht.legal_moves(ST_STATE, 1),
            "state must be a HattrickState object, got <StichelnState",
        ),
        (lambda: sl.legal_moves(ST_STATE, 1), "state must be a StichlingState object"),
        (lambda: sl.legal_moves(HT_VIEW, 0), "state must be a StichlingState object"),
        (lambda: ht.apply_move(ST_STATE, HT_MOVE), "state must be a HattrickState object"),
        (lambda: sl.apply_move(HT_STATE, SL_MOVE), "state must be a StichlingState object"),
        (lambda: ht.move_for(SL_STATE, 0, R3), "state must be a HattrickState object"),
        (lambda: ht.parse_move(None, 0, "R3"), "state must be a HattrickState object"),
        (lambda: sl.parse_move(HT_STATE, 0, "3,2,1"), "state must be a StichlingState object"),
        (lambda: ht.parse_move(HT_STATE, 9, b"R3"), "a move's text must be a string"),
        (lambda: ht.observe(SL_STATE, 0), "state must be a HattrickState object"),
        (lambda: sl.observe(b"R3", 0), "state must be a StichlingState object, got b'R3'"),
        (lambda: ht.events(SL_STATE, HT_MOVE, 0), "state must be a HattrickState object"),
        (lambda: sl.events(None, SL_MOVE, 0), "state must be a StichlingState object, got None"),
        (lambda: ht.would_take(SL_VIEW), "view must be a HattrickView object"),
        (lambda: sl.would_take(None), "view must be a StichlingView object, got None"),
        (lambda: ht.move_text(SL_MOVE), "move must be a Follow, OpenTrick or Pass object"),
        (lambda: sl.move_text(HT_MOVE), "must be a ArrangePoints, OpenTrick or AddToTrick"),
        (lambda: ht.deal_hand(ht.AMIGO_1995, 4, None), "rng must be a random.Random"),
        (lambda: sl.deal_hand(st.NSV, 2, RNG), "rules must be a StichlingRules object"),
        (lambda: ht.HattrickRecord.from_state(SL_STATE), "state must be a HattrickState"),
        (lambda: sl.StichlingRecord.from_state(None), "state must be a StichlingState"),
        (lambda: ht.HattrickGame().players_to_act(SL_STATE), "state must be a HattrickState"),
        (lambda: sl.StichlingGame().deal_number(HT_STATE), "state must be a StichlingState"),
        (lambda: sl.StichlingGame().winners(ST_STATE), "state must be a StichlingState"),
        (lambda: ht.HattrickGame().viewer(SL_VIEW), "view must be a HattrickView object"),
        (lambda: ht.new_game(4.0), "players must be an int, got 4.0"),
        (lambda: sl.new_game(4.0), "players must be an int, got 4.0"),
        (lambda: ht.HattrickGame().new_game("4"), "players must be an int, got '4'"),
    ],
)
def test_the_entry_points_name_an_argument_of_the_wrong_type(
    call: Callable[[], object], fragment: str
) -> None:
    with pytest.raises(st.WrongTypeError) as info:
        call()
    assert fragment in str(info.value)
    assert len(str(info.value)) < 200


def test_a_foreign_state_is_not_taken_for_a_state_of_the_game() -> None:
    # Hattrick's and Stichling's states have the same properties: is_over, scores, ...
    # Before, each game object read them from the other's state and answered.
    for game, foreign in [(ht.HattrickGame(), SL_STATE), (sl.StichlingGame(), HT_STATE)]:
        for method in (game.is_over, game.scores, game.winners, game.players_to_act):
            with pytest.raises(st.WrongTypeError, match="state must be a"):
                method(foreign)
    assert ht.HattrickGame().is_over(HT_STATE) is False


def test_huge_counts_give_short_messages() -> None:
    # A pass pile of 10**5000 cards made a score that has no text (ValueError on str()).
    with pytest.raises(st.CardError, match="at most the 126 there are") as info:
        ht.hand_score([Card.parse("R8")], HUGE)
    assert "about 5001 digits" in str(info.value)
    assert len(str(info.value)) < 200
    assert ht.hand_score([Card.parse("R8")], 126) == 1 - 2 * 126
