"""The points of the deal in progress that the table's ``state`` messages carry."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from sticheln import find_game, random_playout
from sticheln.web.messages import deal_scores, state_message

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
from high_card import HighCardGame


def test_deal_scores_of_sticheln_follow_the_revealed_pain_cards() -> None:
    game = find_game("sticheln", "tiny")
    state = game.new_game(3, deals=[["R0 R1 G2", "Y0 Y1 Y2", "G0 G1 R2"]])
    # Nobody has won a card and the pain cards are face down: nothing counts yet.
    assert deal_scores(game, state) == [0, 0, 0]
    for seat, text in ((0, "G2"), (1, "Y1")):
        state = game.apply_move(state, game.parse_move(state, seat, text))
        assert deal_scores(game, state) == [0, 0, 0]
    state = game.apply_move(state, game.parse_move(state, 2, "R2"))
    # Revealed, each pain card costs its value (ST-SCORE-1): G2 -2, Y1 -1, R2 -2.
    assert deal_scores(game, state) == [-2, -1, -2]
    message = state_message(game, state, 3, 1, deal_scores(game, state))
    assert message["deal_scores"] == [-2, -1, -2]


def test_no_deal_scores_once_the_game_is_over() -> None:
    game = find_game("hattrick", "tiny")
    state = random_playout(game, game.new_game(3, seed=1), random.Random(1))
    assert game.is_over(state)
    assert deal_scores(game, state) is None


def test_no_deal_scores_from_a_game_that_does_not_declare_them_public() -> None:
    game = HighCardGame()
    assert not game.info.deal_scores_public
    state = game.new_game(3, seed=1)
    assert deal_scores(game, state) is None
    assert state_message(game, state, 0, None)["deal_scores"] is None
