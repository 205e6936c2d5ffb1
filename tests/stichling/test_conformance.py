"""Stichling passes the conformance suite of the game protocol, with every rule option."""

from __future__ import annotations

import pytest

from sticheln import find_game
from sticheln.stichling import (
    CountedCards,
    Discards,
    FullTie,
    HandLeader,
    OpenAtEnd,
    RemovedCards,
    SameColor,
    StichlingGame,
    StichlingRules,
)
from sticheln.testing import check_game

EVERY_OTHER_OPTION = StichlingRules(
    name="every-other-option",
    removed_cards=RemovedCards.RANDOM,
    discards=Discards.WHEN_NOTHING_FITS,
    same_color=SameColor.FORBIDDEN,
    counted_cards=CountedCards.LED_COLOR,
    open_at_end=OpenAtEnd.MARKER,
    hand_leader=HandLeader.SAME,
    full_tie=FullTie.MOST_TRICKS,
)


@pytest.mark.slow
@pytest.mark.rule("SL-VP-2", "SL-VP-4", "SL-PLAY-1", "SL-GAME-1")
def test_stichling_conforms_with_its_presets() -> None:
    report = check_game(find_game("stichling"), games=1)
    assert [(case.preset, case.players) for case in report.cases] == [
        *(
            (preset, players)
            for preset in ("ravensburger-2015", "spieletest")
            for players in (2, 3, 4, 5)
        ),
        ("tiny", 2),
        ("tiny", 3),
    ]
    assert find_game("stichling").info.simultaneous_moves is True
    assert find_game("stichling").info.title == "Stichling"


@pytest.mark.slow
@pytest.mark.rule("SL-DECK-2", "SL-PLAY-4", "SL-PLAY-5", "SL-TRICK-2", "SL-HAND-1", "SL-LEAD-2")
@pytest.mark.parametrize("first_leader", [0, 1])
def test_stichling_conforms_with_every_other_option(first_leader: int) -> None:
    game = StichlingGame(rules=EVERY_OTHER_OPTION, first_leader=first_leader)
    report = check_game(game, games=1, seed=first_leader, presets=False)
    assert [case.players for case in report.cases] == [2, 3, 4, 5]
    assert all(case.moves > 0 for case in report.cases)
