"""Bad input from outside gets a clear, typed error of bounded length: huge numbers and
strings, values of the wrong type given to the pure rule functions, endless iterables."""

from __future__ import annotations

import itertools

import pytest

import sticheln as st
from sticheln.core.errors import EXCERPT_LENGTH, excerpt

HUGE = 10**5000  # Python refuses to turn an int of more than 4,300 digits into text


def test_an_excerpt_quotes_any_value_in_bounded_length() -> None:
    assert excerpt("R3") == "'R3'"
    assert excerpt(HUGE) == "an int of about 5001 digits"
    assert excerpt(-(10**300)) == "an int of about 301 digits"
    long = excerpt("x" * 1_000_000)
    assert long.endswith("… (1000002 characters)")
    assert len(long) <= EXCERPT_LENGTH + 10
    assert excerpt([HUGE]) == "a list too large to quote"


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: st.new_game(HUGE), st.RulesError, "no deck for an int of about 5001 digits"),
        (lambda: st.legal_moves(st.new_game(3, seed=1), HUGE), st.UnknownPlayerError, "about"),
        (lambda: st.observe(st.new_game(3, seed=1), -HUGE), st.UnknownPlayerError, "about"),
        (lambda: st.new_game(3, first_leader=HUGE), st.SetupError, "about 5001 digits"),
        (lambda: st.Card(st.Color.RED, HUGE), st.CardError, "about 5001 digits"),
        (lambda: st.Card.parse("R" + "9" * 5000), st.CardError, "(5000 digits) is above 20"),
        (lambda: st.Card.parse("x" * 100_000), st.CardError, "(100002 characters)"),
        (lambda: st.PlayCard(-HUGE, st.Card.parse("R1")), st.UnknownPlayerError, "about"),
        (lambda: st.Rules(rounds=10**9), st.RulesError, "from 1 to 100"),
    ],
)
def test_huge_values_give_short_messages(
    call: object, error: type[Exception], fragment: str
) -> None:
    with pytest.raises(error) as info:
        call()  # type: ignore[operator]
    message = str(info.value)
    assert fragment in message
    assert len(message) < 300


def test_card_names_may_have_leading_zeros() -> None:
    assert st.Card.parse("R007") == st.Card.parse("R7")


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: st.trick_winner(["R1"]), "a trick: 'R1' is not a Card"),
        (lambda: st.trick_winner("R1 B2"), "a trick must be a sequence of Card values"),
        (lambda: st.lead_color(None), "a trick must be a sequence"),
        (lambda: st.explain_trick(st.new_game(3, seed=1)), "is not a Card"),
        (lambda: st.explain_trick([st.Card.parse("R1")], "set-aside"), "AllZeroTrick"),
        (lambda: st.explain_score(None, []), "pain_card must be a Card, got None"),
        (lambda: st.explain_score(st.Card.parse("R1"), [5]), "won_cards: 5 is not a Card"),
        (lambda: st.card_points(st.Card.parse("R1"), "R"), "pain_color must be a Color"),
        (lambda: st.card_points("R1", st.Color.RED), "card must be a Card"),
        (lambda: st.round_score("R1", []), "pain_card must be a Card"),
        (lambda: st.round_score(st.Card.parse("R1"), ["R2"]), "won_cards: 'R2' is not a Card"),
        (lambda: st.new_game(4.0), "players must be an int, got 4.0"),
        (lambda: st.new_game("4"), "players must be an int, got '4'"),
        (lambda: st.new_game(True), "players must be an int, got True"),
    ],
)
def test_the_rule_functions_name_arguments_of_the_wrong_type(call: object, fragment: str) -> None:
    with pytest.raises(st.WrongTypeError) as info:
        call()  # type: ignore[operator]
    assert fragment in str(info.value)


def test_an_endless_hand_is_refused_without_reading_it_all() -> None:
    endless = itertools.cycle(["R1", "R2"])
    deals = [[endless, "R3", "R4"]] * 3
    with pytest.raises(st.SetupError, match=r"deals\[0\]\[0\]"):
        st.new_game(3, deals=deals)  # type: ignore[list-item]
