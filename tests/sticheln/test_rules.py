"""The rules object, its deck table and presets."""

from __future__ import annotations

import pytest

from sticheln import (
    AMIGO_1993,
    EIGHT_PLAYERS,
    NSV,
    ONLINE_5_ROUNDS,
    STICHELN_PRESETS,
    AllZeroTrick,
    Card,
    Color,
    Deck,
    FirstLeader,
    RulesError,
    StichelnRules,
    UnknownNameError,
)


@pytest.mark.rule("ST-DECK-1")
@pytest.mark.parametrize(
    ("players", "colors", "highest", "size"),
    [
        (3, "RYGBP", 8, 45),
        (4, "RYGBP", 11, 60),
        (5, "RYGBP", 14, 75),
        (6, "RYGBPA", 14, 90),
    ],
)
def test_nsv_deck_table(players: int, colors: str, highest: int, size: int) -> None:
    deck = StichelnRules().deck(players)
    assert "".join(c.letter for c in deck.colors) == colors
    assert (deck.lowest, deck.highest) == (0, highest)
    assert deck.size == size
    cards = deck.cards
    assert len(cards) == size
    assert Card(Color.RED, 0) in cards
    assert Card(Color.RED, highest) in cards
    assert Card(Color.RED, highest + 1) not in cards
    assert (Card(Color.GRAY, 0) in cards) == (players == 6)


@pytest.mark.rule("ST-DEAL-1", "ST-ROUND-1", "ST-GAME-1")
def test_nsv_defaults() -> None:
    rules = StichelnRules()
    assert rules == NSV
    assert rules.hand_size == 15
    assert rules.tricks_per_round() == 14
    assert [rules.rounds_for(n) for n in (3, 4, 5, 6)] == [3, 4, 5, 6]
    assert rules.player_counts == (3, 4, 5, 6)
    assert rules.first_leader is FirstLeader.GIVEN_SEAT
    assert rules.all_zero_trick is AllZeroTrick.SET_ASIDE


@pytest.mark.rule("ST-DECK-1")
def test_unsupported_player_count_names_the_supported_ones() -> None:
    with pytest.raises(RulesError, match=r"no deck for 7 players \(they support 3, 4, 5, 6\)"):
        StichelnRules().deck(7)


@pytest.mark.rule("ST-DEAL-1")
def test_deck_too_small_for_the_hands_is_refused() -> None:
    with pytest.raises(RulesError, match="has 44 cards, but 4 hands of 15 need 60"):
        StichelnRules(decks=(Deck(4, "RYGB", 0, 10),))


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"hand_size": 1}, "hand_size"),
        ({"rounds": 0}, "rounds"),
        ({"name": ""}, "name"),
        ({"decks": ()}, "at least one deck"),
        ({"decks": (Deck(4, "RYGBP", 0, 11), Deck(4, "RYGBP", 0, 12))}, "same player count"),
        ({"first_leader": "youngest"}, "first_leader"),
        ({"all_zero_trick": None}, "all_zero_trick"),
        ({"decks": [1, 2]}, "sequence of Deck"),
    ],
)
def test_invalid_rules_raise_rules_error(kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        StichelnRules(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ((1, "RYGBP", 0, 11), "2 or more players"),
        ((4, "", 0, 11), "distinct"),
        ((4, "RR", 0, 11), "distinct"),
        ((4, "RQ", 0, 11), "letters"),
        ((4, "RYGBP", 5, 4), "lowest <= highest"),
        ((4, "RYGBP", 0, 21), "<= 20"),
    ],
)
def test_invalid_decks_raise_rules_error(args: tuple[object, ...], fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        Deck(*args)  # type: ignore[arg-type]


def test_rules_round_trip_through_dicts() -> None:
    for rules in STICHELN_PRESETS.values():
        assert StichelnRules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.pop("hand_size"), "missing rules field"),
        (lambda d: d.update(extra=1), "unknown rules field"),
        (lambda d: d.update(first_leader="oldest"), "first_leader"),
        (lambda d: d.update(all_zero_trick=3), "all_zero_trick"),
        (lambda d: d.update(decks="RYGBP"), "'decks' must be a list"),
        (lambda d: d["decks"][0].pop("colors"), r"decks\[0\]"),
        (lambda d: d["decks"][1].update(highest=99), r"decks\[1\]"),
    ],
)
def test_rules_from_bad_dict(change: object, fragment: str) -> None:
    data = StichelnRules().to_dict()
    change(data)  # type: ignore[operator]
    with pytest.raises(RulesError, match=fragment):
        StichelnRules.from_dict(data)


@pytest.mark.rule("ST-LEAD-1", "ST-TRICK-6", "ST-GAME-1")
def test_presets() -> None:
    assert set(STICHELN_PRESETS) == {
        "nsv",
        "amigo-1993",
        "online-5-rounds",
        "eight-players",
        "tiny",
    }
    assert StichelnRules.preset("NSV") is NSV
    assert AMIGO_1993.first_leader is FirstLeader.LEFT_OF_DEALER
    assert ONLINE_5_ROUNDS.rounds_for(3) == 5
    assert ONLINE_5_ROUNDS.all_zero_trick is AllZeroTrick.LEADER_WINS
    assert EIGHT_PLAYERS.player_counts == (3, 4, 5, 6, 7, 8)
    assert EIGHT_PLAYERS.deck(7).size == 108
    assert EIGHT_PLAYERS.deck(8).size == 120
    tiny = StichelnRules.preset("tiny")
    assert (tiny.player_counts, tiny.deck(2).size, tiny.deck(3).size) == ((2, 3), 6, 9)
    assert (tiny.hand_size, tiny.tricks_per_round(), tiny.rounds_for(3)) == (3, 2, 1)
    with pytest.raises(
        UnknownNameError, match="no Sticheln rules preset 'house'; known presets: nsv"
    ):
        StichelnRules.preset("house")
