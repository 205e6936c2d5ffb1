"""Stichling's rules as data, and its pure rule functions, checked against the rules."""

from __future__ import annotations

import pytest

from sticheln import (
    Card,
    CardSet,
    Color,
    RulesError,
    SetupError,
    UnknownNameError,
    WrongTypeError,
    find_game,
)
from sticheln.stichling import (
    OPEN_TRICKS,
    RAVENSBURGER_2015,
    SEED_POINTS,
    SPIELETEST,
    STANDARD_POINTS,
    STICHLING_PRESETS,
    TINY,
    CountedCards,
    Discards,
    FullTie,
    HandLeader,
    OpenAtEnd,
    RemovedCards,
    SameColor,
    StichlingGame,
    StichlingRules,
    StichlingTrick,
    active_position,
    hand_score,
    is_complete,
    marker_index,
    new_game,
    ranking,
    trick_choices,
    winners,
)


def cards(text: str) -> list[Card]:
    return [Card.parse(name) for name in text.split()]


@pytest.mark.rule("SL-DECK-1", "SL-DECK-2")
def test_the_deck_of_each_player_count() -> None:
    rules = StichlingRules()
    assert rules.colors == (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
    for players, top in ((2, 6), (3, 9), (4, 12), (5, 15)):
        deck = rules.deck(players)
        assert len(deck) == 12 * players
        for color in rules.colors:
            assert deck.of_color(color) == CardSet.of(Card(color, v) for v in range(1, top + 1))
    random = StichlingRules(name="random", removed_cards=RemovedCards.RANDOM)
    assert random.deck(2) == random.deck(5) == rules.deck(5)
    assert len(StichlingRules(colors="RGBP").deck(2).of_color(Color.PURPLE)) == 6


@pytest.mark.rule("SL-VP-1", "SL-GAME-1")
def test_the_victory_points_and_the_presets() -> None:
    assert RAVENSBURGER_2015.points == STANDARD_POINTS == ((1, 2, 3), (2, 4, 6), (3, 6, 9))
    assert SPIELETEST.points == SEED_POINTS == ((1, 3, 5), (2, 4, 6), (3, 6, 9))
    assert SPIELETEST.discards is Discards.WHEN_NOTHING_FITS
    assert RAVENSBURGER_2015.discards is Discards.WHEN_STUCK
    assert RAVENSBURGER_2015.hand_count == 3
    assert list(STICHLING_PRESETS) == ["ravensburger-2015", "spieletest", "tiny"]
    assert StichlingRules.preset("SPIELETEST") is SPIELETEST
    with pytest.raises(
        UnknownNameError, match="known presets: ravensburger-2015, spieletest, tiny"
    ):
        StichlingRules.preset("nsv")
    assert find_game("stichling", "spieletest").info.rules_name == "spieletest"
    assert StichlingRules(points=[[1, 2, 3]]).hand_count == 1  # type: ignore[list-item]


def test_the_defaults_of_the_open_points() -> None:
    rules = StichlingRules()
    assert rules.removed_cards is RemovedCards.HIGHEST
    assert rules.same_color is SameColor.ALLOWED
    assert rules.counted_cards is CountedCards.ALL
    assert rules.open_at_end is OpenAtEnd.NOBODY
    assert rules.hand_leader is HandLeader.NEXT_CLOCKWISE
    assert rules.full_tie is FullTie.SHARED


def test_rules_round_trip_through_plain_data() -> None:
    rules = StichlingRules(
        name="every-option",
        colors="BGYR",
        removed_cards=RemovedCards.RANDOM,
        discards=Discards.WHEN_NOTHING_FITS,
        same_color=SameColor.FORBIDDEN,
        counted_cards=CountedCards.LED_COLOR,
        open_at_end=OpenAtEnd.MARKER,
        hand_leader=HandLeader.SAME,
        full_tie=FullTie.MOST_TRICKS,
        points=SEED_POINTS,
    )
    data = rules.to_dict()
    assert data["points"] == [[1, 3, 5], [2, 4, 6], [3, 6, 9]]
    assert data["discards"] == "when-nothing-fits"
    assert StichlingRules.from_dict(data) == rules
    assert StichlingRules.from_dict(RAVENSBURGER_2015.to_dict()) == RAVENSBURGER_2015
    assert StichlingRules.from_dict(TINY.to_dict()) == TINY


def test_rules_of_version_0_1_0_have_three_values_per_player() -> None:
    data = RAVENSBURGER_2015.to_dict()
    assert data["values_per_player"] == 3
    del data["values_per_player"]
    assert StichlingRules.from_dict(data) == RAVENSBURGER_2015


@pytest.mark.rule("SL-DECK-2", "SL-DEAL-1")
def test_the_tiny_preset_deals_four_cards_of_one_value_per_player_and_colour() -> None:
    assert (RAVENSBURGER_2015.values_per_player, RAVENSBURGER_2015.hand_size) == (3, 12)
    assert (TINY.values_per_player, TINY.hand_size, TINY.hand_count) == (1, 4, 1)
    assert TINY.player_counts == (2, 3)
    assert str(TINY.deck(2)) == "R1 R2 Y1 Y2 G1 G2 B1 B2"
    assert len(TINY.deck(3)) == 12
    assert str(StichlingRules(values_per_player=2).deck(2).of_color(Color.RED)) == "R1 R2 R3 R4"
    state = new_game(3, seed=1, rules=TINY)
    assert [len(hand) for hand in state.hands] == [4, 4, 4]
    assert set().union(*state.hands) == set(TINY.deck(3))
    with pytest.raises(SetupError, match="4"):
        new_game(2, rules=TINY, deals=[["R1 R2 Y1", "Y2 G1 G2 B1 B2"]])


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"colors": "RYG"}, "four different colours"),
        ({"colors": "RRGB"}, "four different colours"),
        ({"highest": 12}, "5 players need the values 1 to 15"),
        ({"player_counts": (1, 2)}, "played by 2 to 6 players, not 1"),
        ({"player_counts": (2, 7), "highest": 20}, "played by 2 to 6 players, not 7"),
        ({"values_per_player": 0}, "values_per_player must be an int of at least 1, got 0"),
        ({"values_per_player": 3.0}, "values_per_player must be an int of at least 1, got 3.0"),
        ({"values_per_player": 4}, "4 players need the values 1 to 16 in each colour"),
        ({"player_counts": ()}, "not empty"),
        ({"points": ()}, "at least one hand"),
        ({"points": ((1, 2, 2),)}, "three different ints"),
        ({"points": ((1, 2),)}, "three different ints"),
        ({"points": ((1, 2, -3),)}, "three different ints"),
        ({"points": "123"}, "three values per hand"),
        ({"discards": "when-stuck"}, "must be a Discards"),
        ({"name": ""}, "non-empty string"),
    ],
)
def test_rules_that_cannot_be_played_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        StichlingRules(**changes)  # type: ignore[arg-type]


def test_rules_from_bad_data_name_the_field() -> None:
    data = RAVENSBURGER_2015.to_dict()
    with pytest.raises(RulesError, match="unknown value 'sometimes'"):
        StichlingRules.from_dict({**data, "discards": "sometimes"})
    with pytest.raises(RulesError, match="missing rules field"):
        StichlingRules.from_dict({k: v for k, v in data.items() if k != "full_tie"})
    with pytest.raises(RulesError, match="unknown rules field"):
        StichlingRules.from_dict({**data, "jokers": 2})
    with pytest.raises(WrongTypeError):
        StichlingGame(rules=RAVENSBURGER_2015).new_game(2, seed="x")  # type: ignore[arg-type]


@pytest.mark.rule("SL-TRICK-1")
def test_the_marker_goes_to_the_highest_card_of_the_led_colour() -> None:
    assert marker_index(cards("B3")) == 0
    assert marker_index(cards("B3 B9 B5")) == 1
    assert marker_index(cards("B3 R15 G14 B4")) == 3  # discards never hold the marker
    assert marker_index(cards("Y2 R15 G14 B13")) == 0
    with pytest.raises(ValueError, match="at least one card"):
        marker_index([])
    trick = StichlingTrick([(1, Card.parse("G2")), (0, Card.parse("B9"))], turns=[3, 4])
    assert (trick.color, trick.marker, trick.winner, trick.discards) == (
        Color.GREEN,
        1,
        1,
        (Card.parse("B9"),),
    )
    assert StichlingTrick(trick.plays, trick.turns, won=False).winner is None


@pytest.mark.rule("SL-TRICK-2")
def test_four_cards_complete_a_trick() -> None:
    assert not is_complete(cards("R1 R2 R3"))
    assert is_complete(cards("R1 R2 R3 R4"))
    assert is_complete(cards("R1 G2 B3 Y4"))
    assert not is_complete(cards("R1 G2 B3 Y4"), CountedCards.LED_COLOR)
    assert not is_complete(cards("R1 G2 R3 R4"), CountedCards.LED_COLOR)
    assert is_complete(cards("R1 G2 R3 R4 R5"), CountedCards.LED_COLOR)


@pytest.mark.rule("SL-PLAY-2", "SL-PLAY-3", "SL-PLAY-4", "SL-PLAY-5")
def test_what_a_card_may_do() -> None:
    red, yellow, blue = Color.RED, Color.YELLOW, Color.BLUE
    r5 = Card.parse("R5")
    assert trick_choices([], r5) == (True, ())
    assert trick_choices([red], r5) == (True, (0,))
    assert trick_choices([red, blue, red], r5) == (True, (0, 2))
    assert trick_choices([blue, yellow], r5) == (True, ())
    assert trick_choices([blue, yellow, blue, yellow], r5) == (False, (0, 1, 2, 3))
    assert trick_choices([blue, red, blue, yellow], r5) == (False, (1,))
    literal = StichlingRules(name="literal", discards=Discards.WHEN_NOTHING_FITS)
    assert trick_choices([], r5, literal) == (True, ())
    assert trick_choices([blue, yellow], r5, literal) == (True, (0, 1))
    assert trick_choices([blue, red], r5, literal) == (True, (1,))
    forbidden = StichlingRules(name="forbidden", same_color=SameColor.FORBIDDEN)
    assert trick_choices([red], r5, forbidden) == (False, (0,))
    assert trick_choices([blue], r5, forbidden) == (True, ())
    # Whatever the options and the open tricks, a card can always be played.
    for rules in (RAVENSBURGER_2015, literal, forbidden):
        for colors in ([], [red], [blue, yellow], [blue] * OPEN_TRICKS, [red, blue, red, blue]):
            can_open, targets = trick_choices(colors, r5, rules)
            assert can_open or targets


@pytest.mark.rule("SL-VP-3", "SL-SCORE-1")
def test_the_face_up_card_and_the_score_of_a_hand() -> None:
    assert [active_position(t) for t in range(0, 10)] == [None, 0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert [hand_score((2, 1, 3), t) for t in range(0, 8)] == [0, 2, 1, 3, 2, 1, 3, 2]
    assert hand_score((9, 3, 6), 0) == 0


@pytest.mark.rule("SL-GAME-2")
def test_the_winners_and_the_tie_breaks() -> None:
    assert winners([[1, 2, 3], [3, 2, 0], [0, 0, 5]]) == (0,)
    # Equal totals: the last hand decides, then the one before.
    assert winners([[3, 2, 1], [1, 2, 3]]) == (1,)
    assert winners([[3, 1, 3], [1, 3, 3]]) == (1,)
    assert winners([[1, 3, 3], [3, 1, 3]]) == (0,)
    # Equal in every hand.
    assert winners([[1, 2, 3], [1, 2, 3], [0, 0, 0]]) == (0, 1)
    assert winners([[1, 2, 3], [1, 2, 3]], FullTie.MOST_TRICKS, [5, 4]) == (0,)
    assert winners([[1, 2, 3], [1, 2, 3]], FullTie.MOST_TRICKS, [5, 5]) == (0, 1)
    assert winners([]) == ()
    assert ranking([[3, 2, 1], [1, 2, 3], [0, 5, 1], [0, 0, 1]]) == (3, 1, 2, 4)
    assert ranking([[1, 2], [1, 2]]) == (1, 1)
