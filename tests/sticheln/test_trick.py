"""Trick resolution, with values worked out by hand from the rules."""

from __future__ import annotations

import pytest

from sticheln import (
    AllZeroTrick,
    Card,
    Color,
    Trick,
    WrongTypeError,
    lead_color,
    trick_taker,
    trick_winner,
)


def cards(text: str) -> list[Card]:
    return [Card.parse(name) for name in text.split()]


@pytest.mark.rule("ST-TRICK-2", "ST-TRICK-4")
def test_rulebook_example_clara_wins_with_red_3() -> None:
    # NSV rules p. 1-2: Anna leads blue 6, Ben blue 11, Clara red 3, David yellow 0.
    trick = [
        Card(Color.BLUE, 6),
        Card(Color.BLUE, 11),
        Card(Color.RED, 3),
        Card(Color.YELLOW, 0),
    ]
    assert trick_winner(trick) == 2


@pytest.mark.rule("ST-TRICK-1")
def test_lead_colour_is_the_first_cards_colour_even_a_zero() -> None:
    assert lead_color(cards("G0 R5 R9")) is Color.GREEN
    # Green zero led: both reds are of another colour, so the higher red wins.
    assert trick_winner(cards("G0 R5 R9")) == 2
    with pytest.raises(ValueError, match="at least one card"):
        lead_color([])


@pytest.mark.rule("ST-TRICK-2")
@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("R5 R14 G1", 2),  # one other colour beats every lead card
        ("R5 G1 B2", 2),  # highest of the other colours
        ("R5 G7 B2 Y6", 1),
        ("B1 B14 B13 A1", 3),  # gray is a colour like any other
        ("R14 G1 R13", 1),
    ],
)
def test_any_other_colour_is_trump(trick: str, winner: int) -> None:
    assert trick_winner(cards(trick)) == winner


@pytest.mark.rule("ST-TRICK-3")
@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("R5 R9 R2", 1),
        ("R5", 0),
        ("R3 R1 R2 R0", 0),
    ],
)
def test_only_lead_colour_highest_wins(trick: str, winner: int) -> None:
    assert trick_winner(cards(trick)) == winner


@pytest.mark.rule("ST-TRICK-4")
@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("R5 G0", 0),  # a zero of another colour does not beat the lead
        ("R5 G0 B0 Y0", 0),
        ("R0 R3", 1),  # a led zero does not win
        ("R0 G0 R1", 2),
        ("B4 B0 Y0 B2", 0),
    ],
)
def test_zeros_never_win(trick: str, winner: int) -> None:
    assert trick_winner(cards(trick)) == winner


@pytest.mark.rule("ST-TRICK-5")
@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("R5 G7 B7", 1),  # equal non-lead cards: the earlier wins
        ("R5 G7 B7 Y7", 1),
        ("R5 R9 R9", 1),  # equal lead cards too
        ("R9 G3 B3 R9", 1),
    ],
)
def test_earlier_card_wins_a_tie(trick: str, winner: int) -> None:
    assert trick_winner(cards(trick)) == winner


@pytest.mark.rule("ST-TRICK-6")
@pytest.mark.parametrize("trick", ["R0", "R0 G0", "R0 G0 B0 Y0 P0 A0"])
def test_all_zero_trick_has_no_winner(trick: str) -> None:
    assert trick_winner(cards(trick)) is None


@pytest.mark.rule("ST-TRICK-6")
@pytest.mark.parametrize("trick", ["R0", "R0 G0", "R0 G0 B0 Y0 P0 A0"])
def test_a_trick_of_zeros_is_set_aside_or_goes_to_its_leader(trick: str) -> None:
    assert trick_taker(cards(trick)) is None
    assert trick_taker(cards(trick), AllZeroTrick.SET_ASIDE) is None
    assert trick_taker(cards(trick), AllZeroTrick.LEADER_WINS) == 0


@pytest.mark.rule("ST-TRICK-2", "ST-TRICK-3", "ST-TRICK-6")
@pytest.mark.parametrize("trick", ["B6 B11 R3 Y0", "R5 R9", "G0 R5 R9", "R0 G0 B1", "R9 G3 B3 R9"])
def test_a_trick_a_card_wins_goes_to_that_card_under_every_option(trick: str) -> None:
    for option in AllZeroTrick:
        assert trick_taker(cards(trick), option) == trick_winner(cards(trick))


def test_trick_taker_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="at least one card"):
        trick_taker([], AllZeroTrick.LEADER_WINS)
    with pytest.raises(WrongTypeError, match="AllZeroTrick"):
        trick_taker(cards("R0"), "leader-wins")  # type: ignore[arg-type]


def test_empty_trick_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one card"):
        trick_winner([])


def test_trick_record_helpers() -> None:
    trick = Trick(((2, Card.parse("R1")), (0, Card.parse("B3"))), winner=0)
    assert trick.leader == 2
    assert trick.cards == (Card.parse("R1"), Card.parse("B3"))
    assert str(trick) == "2:R1 0:B3 -> 0"
    assert str(Trick(((1, Card.parse("R0")),), None)) == "1:R0 -> nobody"
