"""Explanations of tricks and scores."""

from __future__ import annotations

import pytest

import sticheln as st
from sticheln import (
    AllZeroTrick,
    Card,
    CardSet,
    Reason,
    ScoreExplanation,
    explain_round_score,
    explain_score,
    explain_trick,
    round_score,
    trick_winner,
)
from tests.sticheln.test_engine import MINI, MINI_DEALS, play_mini


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
    explanation = explain_round_score(Card.parse("B0"), won)
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


# -- a player's score of a round, from the round or from a state ----------------------------------


@pytest.mark.rule("ST-SCORE-1", "ST-SCORE-2")
def test_score_of_a_finished_round_explained_for_each_player() -> None:
    state = play_mini()
    first = state.finished_rounds[0]
    # Round 1 (tests/sticheln/test_engine.py): P2's pain card is R0 and they won R2 Y1 R1.
    explanation = explain_score(first, 2)
    assert str(explanation) == "\n".join(
        [
            "Round score -2:",
            "  +0 R0 is the pain card and costs its value (ST-SCORE-1).",
            "  -1 R1 is in the pain colour and costs its value (ST-SCORE-1).",
            "  -2 R2 is in the pain colour and costs its value (ST-SCORE-1).",
            "  +1 Y1 is not in the pain colour and scores one point (ST-SCORE-2).",
        ]
    )
    assert [item.card for item in explanation.items] == [
        Card.parse(n) for n in ["R0", "R1", "R2", "Y1"]
    ]
    assert (explanation.total, len(explain_score(first, 1).items)) == (-2, 1)  # P1 won nothing


@pytest.mark.rule("ST-SCORE-1", "ST-SCORE-2")
def test_score_of_a_round_in_progress_explained_as_it_stands() -> None:
    state = st.new_game(3, rules=MINI, first_leader=1, deals=MINI_DEALS)
    assert explain_score(state, 0) == ScoreExplanation(0, (), "Round score")  # no pain card yet
    for seat, name in enumerate(["B0", "Y0", "R0"]):
        state = st.apply_move(state, st.ChoosePain(seat, Card.parse(name)))
    for seat, name in [(1, "R2"), (2, "Y1"), (0, "R1")]:  # Y1 takes the trick
        state = st.apply_move(state, st.PlayCard(seat, Card.parse(name)))
    assert state.phase is st.Phase.PLAYING
    assert explain_score(state, 2).total == -2
    assert [item.points for item in explain_score(state, 2).items] == [0, -1, -2, 1]
    assert [str(item) for item in explain_score(state, 0).items] == [
        "+0 B0 is the pain card and costs its value (ST-SCORE-1)."
    ]
    # Over: the last round. P2's pain card B1, won R1 Y1 Y2: -1 +1 +1 +1.
    final = play_mini()
    assert [item.points for item in explain_score(final, 2).items] == [-1, 1, 1, 1]
    assert explain_score(final, 2).total == 2


def test_explain_score_names_a_wrong_deal_or_player() -> None:
    state = play_mini()
    with pytest.raises(st.WrongTypeError, match="deal must be a FinishedRound or a StichelnState"):
        explain_score(None, 0)  # type: ignore[arg-type]
    with pytest.raises(st.UnknownPlayerError, match="player 3 is not a seat"):
        explain_score(state.finished_rounds[0], 3)
    with pytest.raises(st.WrongTypeError, match="player must be a seat number"):
        explain_score(state, "0")  # type: ignore[arg-type]


def test_the_game_explains_through_the_protocol_under_its_rules() -> None:
    zeros = [Card.parse("R0"), Card.parse("B0")]
    assert st.StichelnGame().explain_trick(zeros) == explain_trick(zeros)
    assert st.StichelnGame().explain_trick(zeros).winner is None  # type: ignore[union-attr]
    leader_wins = st.StichelnRules(name="x", all_zero_trick=AllZeroTrick.LEADER_WINS)
    explanation = st.StichelnGame(leader_wins).explain_trick(zeros)
    assert explanation is not None
    assert (explanation.winner, explanation.deciding_reason.rule) == (0, "ST-TRICK-6")
    state = play_mini()
    assert st.StichelnGame(MINI).explain_score(state.finished_rounds[1], 1) == explain_score(
        state.finished_rounds[1], 1
    )


def test_the_deciding_reason_is_the_winning_cards() -> None:
    explanation = explain_trick([Card.parse(n) for n in ["R5", "G7", "B7", "R11"]])
    assert explanation.deciding == 2  # after the lead colour's reason: R5, then G7
    assert (
        explanation.deciding_reason.text == "G7 wins: it is the highest card not in the lead colour"
    )


@pytest.mark.rule("ST-SCORE-1", "ST-SCORE-2")
def test_the_round_scored_event_explains_every_players_score() -> None:
    state = st.new_game(3, rules=MINI, first_leader=1, deals=MINI_DEALS)
    for seat, name in enumerate(["B0", "Y0", "R0"]):
        state = st.apply_move(state, st.ChoosePain(seat, Card.parse(name)))
    for seat, name in [(1, "R2"), (2, "Y1"), (0, "R1"), (2, "B2"), (0, "Y2")]:
        state = st.apply_move(state, st.PlayCard(seat, Card.parse(name)))
    events = st.events(state, st.PlayCard(1, Card.parse("B1")), 0)
    (scored,) = [event for event in events if type(event).__name__ == "RoundScored"]
    # P0 (pain B0) won B2 Y2 B1, P1 (pain Y0) nothing, P2 (pain R0) R2 Y1 R1.
    assert [e.total for e in scored.explanations] == [-2, 0, -2]
    assert [(str(i.card), i.points) for i in scored.explanations[0].items] == [
        ("B0", 0),
        ("Y2", 1),
        ("B1", -1),
        ("B2", -2),
    ]
    assert scored.to_dict()["explanations"][1] == {
        "total": 0,
        "items": [
            {
                "card": "Y0",
                "points": 0,
                "reason": {"text": "Y0 is the pain card and costs its value", "rule": "ST-SCORE-1"},
            }
        ],
        "title": "Round score",
    }
