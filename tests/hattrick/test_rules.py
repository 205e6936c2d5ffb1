"""Hattrick's rules object and its pure rule functions, with values worked out by hand."""

from __future__ import annotations

import pytest

from sticheln import Card, CardSet, Color, RulesError, UnknownNameError
from sticheln.hattrick import (
    AMIGO_1995,
    HATTRICK_PRESETS,
    PASSES_HIDDEN,
    PASSES_SHOWN,
    Action,
    HattrickRules,
    LeadCards,
    LeadTie,
    PassedCards,
    action_for,
    collecting_color,
    hand_score,
    next_leader,
    trick_taker,
    turn_actions,
)

R, G, B = Color.RED, Color.GREEN, Color.BLUE


def cards(text: str) -> list[Card]:
    return [Card.parse(name) for name in text.split()]


def plays(text: str) -> list[tuple[int, Card]]:
    """``"0:R8 1:G8"`` as ``(player, card)`` pairs."""
    return [(int(seat), Card.parse(name)) for seat, name in (p.split(":") for p in text.split())]


# -- The deck and the deal ------------------------------------------------------------------------


@pytest.mark.rule("HT-DECK-1")
def test_the_deck_is_three_colours_of_one_to_twenty() -> None:
    rules = HattrickRules()
    assert rules == AMIGO_1995
    assert rules.deck_size == 60
    assert len(rules.deck) == 60
    assert rules.colors == (R, G, B)
    for color in rules.colors:
        assert [card.value for card in rules.deck.of_color(color)] == list(range(1, 21))
    assert rules.deck.of_color(Color.YELLOW) == CardSet()
    assert Card.parse("R0") not in rules.deck


@pytest.mark.rule("HT-DECK-1")
def test_four_to_six_players() -> None:
    assert AMIGO_1995.player_counts == (4, 5, 6)
    for players in (3, 7):
        with pytest.raises(RulesError, match="are for 4, 5, 6 players"):
            AMIGO_1995.check_players(players)


@pytest.mark.rule("HT-DECK-1")
def test_the_colours_are_an_option() -> None:
    rules = HattrickRules(colors="RYB")
    assert rules.colors == (R, Color.YELLOW, B)
    assert rules.deck.of_color(G) == CardSet()
    with pytest.raises(RulesError, match="three different colours"):
        HattrickRules(colors="RGBY")
    with pytest.raises(RulesError, match="three different colours"):
        HattrickRules(colors=(R, R, B))
    with pytest.raises(RulesError, match="letters of Color"):
        HattrickRules(colors="RQB")


@pytest.mark.rule("HT-DEAL-1")
def test_the_whole_deck_is_dealt_evenly() -> None:
    assert [AMIGO_1995.hand_size(n) for n in (4, 5, 6)] == [15, 12, 10]
    small = HattrickRules(name="small", highest=4, player_counts=(4, 6))
    assert small.deck_size == 12
    assert [small.hand_size(n) for n in (4, 6)] == [3, 2]
    with pytest.raises(RulesError, match="cannot be dealt evenly to 5 players"):
        HattrickRules(highest=4, player_counts=(5,))
    with pytest.raises(RulesError, match="at least two cards each"):
        HattrickRules(highest=2, player_counts=(6,))


def test_rules_reject_bad_fields() -> None:
    with pytest.raises(RulesError, match="name"):
        HattrickRules(name="")
    with pytest.raises(RulesError, match="highest"):
        HattrickRules(highest=21)
    with pytest.raises(RulesError, match="hands_per_game"):
        HattrickRules(hands_per_game=0)
    with pytest.raises(RulesError, match="lead_tie"):
        HattrickRules(lead_tie="earliest")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="passed_cards"):
        HattrickRules(passed_cards="shown")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="lead_cards"):
        HattrickRules(lead_cards="turn")  # type: ignore[arg-type]
    for bad in (0, -5, True, 2.5, "50"):
        with pytest.raises(RulesError, match="target_score must be None or an int >= 1"):
            HattrickRules(target_score=bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="player_counts"):
        HattrickRules(player_counts=())
    with pytest.raises(RulesError, match="player_counts"):
        HattrickRules(player_counts=(4, "5"))


def test_rules_round_trip_through_dicts_and_presets() -> None:
    custom = HattrickRules(
        name="x",
        colors="RYB",
        highest=8,
        player_counts=(4, 6),
        target_score=30,
        lead_tie=LeadTie.EARLIEST,
    )
    for rules in (*HATTRICK_PRESETS.values(), custom):
        assert HattrickRules.from_dict(rules.to_dict()) == rules
    assert list(HATTRICK_PRESETS) == ["amigo-1995", "passes-shown", "passes-hidden", "tiny"]
    tiny = HATTRICK_PRESETS["tiny"]
    assert (tiny.player_counts, tiny.deck_size, tiny.hand_size(2), tiny.hand_size(3)) == (
        (2, 3),
        6,
        3,
        2,
    )
    assert tiny.hands_for(3) == 1
    assert HattrickRules.preset("Passes-Shown") is PASSES_SHOWN
    assert HattrickRules.preset("passes-hidden") is PASSES_HIDDEN
    with pytest.raises(
        UnknownNameError, match="known presets: amigo-1995, passes-shown, passes-hidden"
    ):
        HattrickRules.preset("nsv")
    assert custom.to_dict() == {
        "name": "x",
        "colors": "RYB",
        "highest": 8,
        "player_counts": [4, 6],
        "hands_per_game": None,
        "target_score": 30,
        "lead_tie": "earliest",
        "passed_cards": "shown",
        "lead_cards": "tricks",
    }
    data = AMIGO_1995.to_dict()
    with pytest.raises(RulesError, match="unknown rules field"):
        HattrickRules.from_dict({**data, "rounds": 3})
    with pytest.raises(RulesError, match=r"missing rules field.*lead_tie"):
        HattrickRules.from_dict({k: v for k, v in data.items() if k != "lead_tie"})
    with pytest.raises(RulesError, match="'lead_tie': unknown value 'latest'"):
        HattrickRules.from_dict({**data, "lead_tie": "latest"})
    with pytest.raises(RulesError, match="'passed_cards': unknown value"):
        HattrickRules.from_dict({**data, "passed_cards": "open"})
    with pytest.raises(RulesError, match="'lead_cards': unknown value 'all'"):
        HattrickRules.from_dict({**data, "lead_cards": "all"})
    with pytest.raises(RulesError, match="only when they are shown"):
        HattrickRules.from_dict({**data, "passed_cards": "hidden", "lead_cards": "turn"})


# -- What a card does ------------------------------------------------------------------------------


@pytest.mark.rule("HT-TURN-1")
def test_the_first_card_of_a_turn_opens_a_trick() -> None:
    for card in cards("R1 G20 B7"):
        assert action_for([], card) is Action.OPEN


@pytest.mark.rule("HT-PLAY-1")
def test_a_card_of_an_open_colour_follows() -> None:
    assert action_for([R], Card.parse("R3")) is Action.FOLLOW
    assert action_for([R, B], Card.parse("B20")) is Action.FOLLOW
    assert action_for([R, B], Card.parse("R1")) is Action.FOLLOW


@pytest.mark.rule("HT-PLAY-2")
def test_another_colour_opens_the_second_trick_but_never_a_third() -> None:
    assert action_for([R], Card.parse("G3")) is Action.OPEN
    assert action_for([R], Card.parse("B3")) is Action.OPEN
    assert action_for([R, G], Card.parse("B3")) is not Action.OPEN


@pytest.mark.rule("HT-PLAY-3")
def test_the_third_colour_is_passed_while_two_tricks_are_open() -> None:
    assert action_for([R, G], Card.parse("B3")) is Action.PASS
    assert action_for([B, R], Card.parse("G17")) is Action.PASS


@pytest.mark.rule("HT-PLAY-4", "HT-TURN-1", "HT-PLAY-1", "HT-PLAY-2", "HT-PLAY-3")
def test_the_actions_of_a_whole_turn() -> None:
    # R10 opens, B4 opens the second trick, R12 follows red, G15 is of the third colour,
    # B1 follows blue, G2 is passed again.
    turn = cards("R10 B4 R12 G15 B1 G2")
    assert [a.value for a in turn_actions(turn)] == [
        "open",
        "open",
        "follow",
        "pass",
        "follow",
        "pass",
    ]
    # A hidden passed card (None) is a pass; the cards after it are unaffected.
    hidden = [turn[0], turn[1], None, turn[2]]
    assert [a.value for a in turn_actions(hidden)] == ["open", "open", "pass", "follow"]
    # A turn in one colour only: no second trick, no pass.
    assert set(turn_actions(cards("G1 G9 G5 G20"))) == {Action.OPEN, Action.FOLLOW}


# -- Tricks and the next leader ------------------------------------------------------------------


@pytest.mark.rule("HT-TRICK-1")
def test_the_highest_card_takes_the_trick() -> None:
    assert trick_taker(cards("B7 B19 B2")) == 1
    assert trick_taker(cards("R20")) == 0
    assert trick_taker(cards("G1 G2 G3 G4 G5")) == 4
    with pytest.raises(ValueError, match="at least one card"):
        trick_taker([])


@pytest.mark.rule("HT-LEAD-2")
def test_the_player_of_the_highest_card_leads() -> None:
    assert next_leader(plays("2:R4 3:G17 0:G9 1:R12")) == 3
    assert next_leader(plays("1:B20")) == 1


@pytest.mark.rule("HT-LEAD-2")
def test_on_a_tie_the_next_lower_card_counts() -> None:
    # Two 8s: the 5 is the highest value played once.
    tied = plays("0:R8 1:G8 3:R5")
    assert next_leader(tied) == 3
    assert next_leader(tied, LeadTie.NEXT_LOWER) == 3
    # Two 20s and two 15s: go down past both to the 9.
    assert next_leader(plays("4:R20 5:B20 0:R15 1:B15 2:R9 3:R2")) == 2
    # Three 11s and a 3: the 3 leads.
    assert next_leader(plays("0:R11 1:G11 2:B11 3:G3")) == 3


@pytest.mark.rule("HT-LEAD-2")
def test_when_no_value_is_played_once_the_earliest_highest_card_leads() -> None:
    assert next_leader(plays("2:R6 3:G6 0:B6 1:R2 4:G2")) == 2
    assert next_leader(plays("1:G9 2:R9 3:R4 0:B4")) == 1


@pytest.mark.rule("HT-LEAD-2")
def test_the_earliest_option_takes_the_first_of_the_tied_cards() -> None:
    assert next_leader(plays("0:R8 1:G8 3:R5"), LeadTie.EARLIEST) == 0
    assert next_leader(plays("3:G20 0:R20 1:R19"), LeadTie.EARLIEST) == 3
    assert next_leader(plays("3:G20 0:R19"), LeadTie.EARLIEST) == 3
    with pytest.raises(ValueError, match="at least one card"):
        next_leader([])


# -- Scoring -------------------------------------------------------------------------------------


@pytest.mark.rule("HT-SCORE-1")
def test_the_most_won_colour_scores_a_point_a_card() -> None:
    assert hand_score(cards("G1 G7 G20"), passed=0) == 3
    assert collecting_color(cards("G1 G7 G20 R3")) is G
    assert collecting_color([]) is None
    assert hand_score([], passed=0) == 0


@pytest.mark.rule("HT-SCORE-1")
def test_a_tie_for_the_most_won_colour_gives_the_same_score_either_way() -> None:
    won = cards("B1 B2 G7 G8 R5")
    # Blue or green: 2 - 2 - 1 = -1 whichever is taken.
    assert hand_score(won, passed=0) == -1
    assert collecting_color(won) is G  # the first in Color order
    assert collecting_color(won, [B, G, R]) is B
    assert hand_score(cards("R1 G1 B1"), passed=0) == -1


@pytest.mark.rule("HT-SCORE-2")
def test_every_other_won_card_costs_a_point() -> None:
    # The review's example: 8 red, 4 green, 3 blue.
    won = [Card(R, v) for v in range(1, 9)] + cards("G1 G2 G3 G4 B1 B2 B3")
    assert hand_score(won, passed=0) == 8 - 4 - 3
    assert hand_score(cards("R20 B1 B2 B3"), passed=0) == 3 - 1
    assert hand_score(cards("R20 G1"), passed=0) == 0


@pytest.mark.rule("HT-SCORE-3")
def test_every_passed_card_costs_two_points() -> None:
    assert hand_score([], passed=3) == -6
    # R3 R9 R17 collected (+3), G4 and B20 (-2), one pass (-2).
    assert hand_score(CardSet.parse("R3 R9 R17 G4 B20"), passed=1) == -1
    with pytest.raises(ValueError, match="count of cards"):
        hand_score([], passed=-1)


@pytest.mark.rule("HT-PASS-1", "HT-LEAD-2", "HT-GAME-3")
def test_the_defaults_and_the_presets_for_passed_cards() -> None:
    # By default a passed card is shown, and only the tricks count for the lead.
    assert (AMIGO_1995.passed_cards, AMIGO_1995.lead_cards) == (
        PassedCards.SHOWN,
        LeadCards.TRICKS,
    )
    assert (PASSES_SHOWN.passed_cards, PASSES_SHOWN.lead_cards) == (
        PassedCards.SHOWN,
        LeadCards.TURN,
    )
    assert (PASSES_HIDDEN.passed_cards, PASSES_HIDDEN.lead_cards) == (
        PassedCards.HIDDEN,
        LeadCards.TRICKS,
    )
    assert AMIGO_1995.lead_tie is LeadTie.NEXT_LOWER
    assert AMIGO_1995.target_score is None
    assert HattrickRules(target_score=50).hands_for(5) == 5
