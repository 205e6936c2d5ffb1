"""Scoring, with values worked out by hand."""

from __future__ import annotations

import pytest

from sticheln import Card, CardSet, Color, card_points, ranking, round_score, winners


@pytest.mark.rule("ST-SCORE-1", "ST-SCORE-2")
@pytest.mark.parametrize(
    ("card", "pain", "points"),
    [
        ("B7", Color.BLUE, -7),
        ("B0", Color.BLUE, 0),
        ("P14", Color.BLUE, 1),
        ("R0", Color.BLUE, 1),  # a zero outside the pain colour still scores +1
        ("A14", Color.GRAY, -14),
    ],
)
def test_card_points(card: str, pain: Color, points: int) -> None:
    assert card_points(Card.parse(card), pain) == points


@pytest.mark.rule("ST-SCORE-1", "ST-SCORE-2", "ST-SCORE-3")
def test_worked_example_pain_blue_trick_scores_minus_9() -> None:
    # Pain blue; a trick of blue 7, blue 5, red 4, yellow 2, purple 14: -7 -5 +1 +1 +1 = -9.
    won = CardSet.parse("B7 B5 R4 Y2 P14")
    assert sum(card_points(c, Color.BLUE) for c in won) == -9
    # With a blue 0 as the face-up pain card, the round score is the same -9.
    assert round_score(Card.parse("B0"), won) == -9


@pytest.mark.rule("ST-SCORE-1", "ST-SCORE-2")
def test_rulebook_example_red_is_claras_pain_colour() -> None:
    # Clara wins B6 B11 R3 Y0 with red as pain colour: R3 costs 3, the others bring +3.
    trick = CardSet.parse("B6 B11 R3 Y0")
    assert [card_points(c, Color.RED) for c in trick] == [-3, 1, 1, 1]
    # Her pain card R5 costs another 5: -5 - 3 + 3 = -5.
    assert round_score(Card.parse("R5"), trick) == -5


@pytest.mark.rule("ST-SCORE-1", "ST-SCORE-3")
def test_pain_card_counts_even_with_no_tricks() -> None:
    assert round_score(Card.parse("G9"), []) == -9
    assert round_score(Card.parse("G0"), []) == 0


@pytest.mark.rule("ST-GAME-2")
def test_winners_and_ranking_share_first_place() -> None:
    assert winners([3, 7, 7, -2]) == (1, 2)
    assert winners([5, -1, 0]) == (0,)
    assert winners([]) == ()
    assert ranking([3, 7, 7, -2]) == (3, 1, 1, 4)
    assert ranking([0, 0, 0]) == (1, 1, 1)


@pytest.mark.rule("ST-SCORE-1", "ST-SCORE-2")
def test_round_score_of_a_card_set_equals_the_sum_over_its_cards() -> None:
    won = CardSet.parse("B7 B5 R4 Y2 P14 B0 G0 B6 B13 B14 B20 A20 A19")
    for pain in ("B3", "R0", "G9", "A1", "P8"):
        card = Card.parse(pain)
        # -value for the pain card, then card by card.
        expected = -card.value + sum(-c.value if c.color is card.color else 1 for c in won)
        assert round_score(card, won) == expected
        assert round_score(card, list(won)) == expected
