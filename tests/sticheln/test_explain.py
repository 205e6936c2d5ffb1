"""Explanations of tricks and scores."""

from __future__ import annotations

import pytest

from sticheln import (
    AllZeroTrick,
    Card,
    CardSet,
    Reason,
    explain_score,
    explain_trick,
    round_score,
    trick_winner,
)


def cards(text: str) -> list[Card]:
    return [Card.parse(name) for name in text.split()]


@pytest.mark.rule("ST-TRICK-1", "ST-TRICK-2", "ST-TRICK-4")
def test_rulebook_example_explained() -> None:
    explanation = explain_trick(cards("B6 B11 R3 Y0"))
    assert explanation.winner == 2
    assert str(explanation) == (
        "R3 wins.\n"
        "- B6 leads: blue is the lead colour (ST-TRICK-1).\n"
        "- B6 cannot win: it is in the lead colour and a card of another colour is present"
        " (ST-TRICK-2).\n"
        "- B11 cannot win: it is in the lead colour and a card of another colour is present"
        " (ST-TRICK-2).\n"
        "- R3 wins: it is the highest card not in the lead colour (ST-TRICK-2).\n"
        "- Y0 cannot win: zeros never win a trick (ST-TRICK-4)."
    )


@pytest.mark.rule("ST-TRICK-3", "ST-TRICK-5")
def test_lead_colour_only_and_tie_reasons() -> None:
    explanation = explain_trick(cards("R5 R9 R9 R2"))
    assert explanation.winner == 1
    assert [r.rule for r in explanation.reasons] == [
        "ST-TRICK-1",
        "ST-TRICK-3",
        "ST-TRICK-3",
        "ST-TRICK-5",
        "ST-TRICK-3",
    ]
    assert explanation.reasons[3].text == "R9 ties with R9, which was played earlier and wins"
    assert explanation.reasons[1].text == "R5 is lower than R9"


@pytest.mark.rule("ST-TRICK-3", "ST-TRICK-4")
def test_a_zero_of_another_colour_leaves_the_lead_colour_to_win() -> None:
    explanation = explain_trick(cards("R11 G0 R1 R5"))
    assert explanation.winner == 0
    assert str(explanation) == (
        "R11 wins.\n"
        "- R11 leads: red is the lead colour (ST-TRICK-1).\n"
        "- R11 wins: it is the highest card of the lead colour; every card of another colour"
        " is a zero, and zeros never win a trick (ST-TRICK-3).\n"
        "- G0 cannot win: zeros never win a trick (ST-TRICK-4).\n"
        "- R1 is lower than R11 (ST-TRICK-3).\n"
        "- R5 is lower than R11 (ST-TRICK-3)."
    )
    assert explain_trick(cards("R0 R7 Y0 B0 R3")).reasons[2].text == (
        "R7 wins: it is the highest card of the lead colour; every card of another colour is a"
        " zero, and zeros never win a trick"
    )


@pytest.mark.rule("ST-TRICK-3")
def test_only_the_lead_colour_wins_without_other_colours() -> None:
    assert explain_trick(cards("R5 R0 R9 R2")).reasons[3].text == (
        "R9 wins: it is the highest card of the lead colour, and no card of another colour is"
        " present"
    )


@pytest.mark.rule("ST-TRICK-2", "ST-TRICK-5")
def test_lower_and_tied_trumps() -> None:
    explanation = explain_trick(cards("R5 G7 B2 Y7"))
    assert [r.rule for r in explanation.reasons] == [
        "ST-TRICK-1",
        "ST-TRICK-2",
        "ST-TRICK-2",
        "ST-TRICK-2",
        "ST-TRICK-5",
    ]
    assert explanation.reasons[3].text == (
        "B2 is lower than G7, the highest card not in the lead colour"
    )


@pytest.mark.rule("ST-TRICK-6")
def test_all_zero_trick_explained() -> None:
    explanation = explain_trick(cards("R0 G0"))
    assert explanation.winner is None
    assert str(explanation).splitlines()[0] == "Nobody wins."
    assert explanation.reasons[-1].rule == "ST-TRICK-6"
    assert [r.rule for r in explanation.reasons] == [
        "ST-TRICK-1",
        "ST-TRICK-4",
        "ST-TRICK-4",
        "ST-TRICK-6",
    ]


def test_explanation_winner_agrees_with_trick_winner() -> None:
    for text in ["R1", "R0 R1", "G3 G3 B3 B2", "A9 A0 P9 Y14"]:
        assert explain_trick(cards(text)).winner == trick_winner(cards(text))


@pytest.mark.rule("ST-SCORE-1", "ST-SCORE-2")
def test_score_explained_item_by_item() -> None:
    won = CardSet.parse("B7 B5 R4 Y2 P14")
    explanation = explain_score(Card.parse("B0"), won)
    assert explanation.total == -9 == round_score(Card.parse("B0"), won)
    assert [(str(i.card), i.points, i.reason.rule) for i in explanation.items] == [
        ("B0", 0, "ST-SCORE-1"),
        ("R4", 1, "ST-SCORE-2"),
        ("Y2", 1, "ST-SCORE-2"),
        ("B5", -5, "ST-SCORE-1"),
        ("B7", -7, "ST-SCORE-1"),
        ("P14", 1, "ST-SCORE-2"),
    ]


@pytest.mark.rule("ST-TRICK-6")
def test_all_zero_trick_explained_under_leader_wins() -> None:
    explanation = explain_trick(cards("R0 G0 B0"), AllZeroTrick.LEADER_WINS)
    assert explanation.winner == 0
    assert str(explanation).splitlines()[0] == "R0 wins."
    assert explanation.reasons[-1] == Reason(
        "R0 wins: every card is a zero, and such a trick goes to its leader under these rules",
        "ST-TRICK-6",
    )
    # The option does not matter when a card can win.
    assert explain_trick(cards("R0 G1"), AllZeroTrick.LEADER_WINS).winner == 1
