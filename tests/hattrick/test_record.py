"""Records of Hattrick games: JSON layout, replay, and errors that name the field at fault."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from sticheln import Card, RecordError, StichelnRecord
from sticheln.hattrick import (
    HATTRICK_RECORD_VERSION,
    Follow,
    HattrickRecord,
    HattrickRules,
    LeadCards,
    OpenTrick,
    Pass,
    PassedCards,
    apply_move,
    legal_moves,
    new_game,
)
from tests.hattrick.test_engine import MINI, play_mini


def record_data() -> dict[str, Any]:
    return HattrickRecord.from_state(play_mini(turns=1)).to_dict()


def test_record_layout() -> None:
    data = record_data()
    assert list(data) == [
        "format",
        "version",
        "game",
        "rules",
        "players",
        "first_leader",
        "seed",
        "deals",
        "moves",
    ]
    assert data["format"] == "sticheln-record"
    assert data["game"] == "hattrick"
    assert data["version"] == HATTRICK_RECORD_VERSION == 2
    assert data["rules"] == MINI.to_dict()
    assert data["seed"] is None
    assert data["deals"] == [
        ["R3 R8 G1 G5 B2 B7", "R4 R7 G2 G8 B1 B5", "R1 R6 G4 G7 B3 B8", "R2 R5 G3 G6 B4 B6"]
    ]
    assert data["moves"] == [
        {"player": 0, "kind": "open", "card": "R8"},
        {"player": 1, "kind": "open", "card": "G8"},
        {"player": 2, "kind": "pass", "card": "B8"},
        {"player": 3, "kind": "follow", "card": "R5"},
    ]


def test_records_replay_whole_games_and_prefixes() -> None:
    state = new_game(5, seed=12)
    rng = random.Random(12)
    states = [state]
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state, state.players_to_act[0])))
        states.append(state)
    record = HattrickRecord.from_state(state)
    loaded = HattrickRecord.from_json(record.to_json(indent=2))
    assert loaded == record
    assert loaded.seed == 12
    assert loaded.replay() == state
    for count in (0, 1, 7, 100, len(states) - 1):
        assert loaded.replay(moves=count) == states[count]


def test_moves_are_read_back_as_their_kinds() -> None:
    record = HattrickRecord.from_json(json.dumps(record_data()))
    assert record.moves == (
        OpenTrick(0, Card.parse("R8")),
        OpenTrick(1, Card.parse("G8")),
        Pass(2, Card.parse("B8")),
        Follow(3, Card.parse("R5")),
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "field 'format': expected 'sticheln-record'"),
        (lambda d: d.update(game="sticheln"), "field 'game': expected 'hattrick', got 'sticheln'"),
        (
            lambda d: d.update(version=3),
            "field 'version': this library reads versions 1 and 2 of hattrick records, got 3",
        ),
        (lambda d: d.update(version=0), "field 'version': this library reads versions 1 and 2"),
        (lambda d: d.update(version=True), "field 'version'"),
        (lambda d: d.update(extra=1), "unknown record field.*extra"),
        (lambda d: d.pop("deals"), "missing record field.*deals"),
        (lambda d: d["rules"].update(highest=30), "field 'rules': highest must be"),
        (lambda d: d.update(players="4"), "field 'players': expected an integer"),
        (lambda d: d.update(seed=1.5), "field 'seed': expected an integer or null"),
        (lambda d: d.update(deals={}), "field 'deals': expected a list of deals"),
        (lambda d: d["deals"].__setitem__(0, "R1"), r"field 'deals\[0\]': expected a list"),
        (lambda d: d["deals"][0].__setitem__(2, 7), r"field 'deals\[0\]\[2\]': expected a string"),
        (lambda d: d["deals"][0].__setitem__(2, "R1 Q4"), r"'deals\[0\]\[2\]': 'Q4' is not"),
        (lambda d: d["deals"][0].__setitem__(2, "R1 R1"), r"'deals\[0\]\[2\]': a card appears"),
        (lambda d: d.update(moves={}), "field 'moves': expected a list"),
        (lambda d: d["moves"][1].pop("card"), "move 2: expected an object with exactly the keys"),
        (
            lambda d: d["moves"][1].update(kind="play"),
            "move 2: kind must be one of 'open', 'follow', 'pass'",
        ),
        (lambda d: d["moves"][1].update(player=-1), "move 2: player must be a seat number"),
        (lambda d: d["moves"][1].update(card=8), "move 2: card must be a card name"),
        (lambda d: d["moves"][1].update(card="G21"), "move 2: 'G21' is not a card name"),
    ],
)
def test_malformed_records_name_the_field(change: Any, message: str) -> None:
    data = record_data()
    change(data)
    with pytest.raises(RecordError, match=message):
        HattrickRecord.from_json(json.dumps(data))


def test_illegal_moves_and_bad_setups_name_the_move_or_the_setup() -> None:
    data = record_data()
    data["moves"][2]["kind"] = "follow"
    with pytest.raises(RecordError, match=r"move 3: illegal move 2 follows with B8"):
        HattrickRecord.from_json(json.dumps(data))
    data = record_data()
    data["moves"][3]["player"] = 0
    with pytest.raises(RecordError, match=r"move 4: .*it is player 3's turn"):
        HattrickRecord.from_json(json.dumps(data))
    data = record_data()
    data["players"] = 5
    with pytest.raises(RecordError, match="record setup: rules 'mini' are for 4 players"):
        HattrickRecord.from_json(json.dumps(data))
    data = record_data()
    data["first_leader"] = 4
    with pytest.raises(
        RecordError, match="record setup: first_leader must be a seat from 0 to 3, got 4"
    ):
        HattrickRecord.from_json(json.dumps(data))
    data = record_data()
    data["deals"][0][0], data["deals"][0][1] = data["deals"][0][1], data["deals"][0][1]
    with pytest.raises(RecordError, match=r"record setup: deals\[0\]\[1\]: .* dealt to two"):
        HattrickRecord.from_json(json.dumps(data))
    with pytest.raises(RecordError, match="not valid JSON"):
        HattrickRecord.from_json("{")
    with pytest.raises(RecordError, match="must be a JSON object"):
        HattrickRecord.from_json("[]")


def test_sticheln_and_hattrick_records_are_told_apart() -> None:
    import sticheln as st

    sticheln_json = StichelnRecord.from_state(st.new_game(3, seed=1)).to_json()
    with pytest.raises(RecordError, match="field 'game': expected 'hattrick', got 'sticheln'"):
        HattrickRecord.from_json(sticheln_json)
    hattrick_json = HattrickRecord.from_state(new_game(4, seed=1)).to_json()
    with pytest.raises(RecordError, match="field 'game'"):
        StichelnRecord.from_json(hattrick_json)


# A record of version 1, as the library wrote it before ``passed_cards`` was split in two: the
# first three turns of the MINI hand and the first card of the fourth. The 13th move is made
# by the player who leads after turn 3, which the rules decide: with passed cards counted, the
# passed G5 ties B5 and P2's B3 leads; without, P1's B5 leads.
V1_RULES = (
    '{"name": "mini", "colors": "RGB", "highest": 8, "player_counts": [4], '
    '"hands_per_game": 1, "lead_tie": "next-lower", "passed_cards": "%s"}'
)
V1_RECORD = """{
  "format": "sticheln-record", "version": 1, "game": "hattrick", "rules": %s,
  "players": 4, "first_leader": 0, "seed": null,
  "deals": [["R3 R8 G1 G5 B2 B7", "R4 R7 G2 G8 B1 B5", "R1 R6 G4 G7 B3 B8", "R2 R5 G3 G6 B4 B6"]],
  "moves": [
    {"player": 0, "kind": "open", "card": "R8"}, {"player": 1, "kind": "open", "card": "G8"},
    {"player": 2, "kind": "pass", "card": "B8"}, {"player": 3, "kind": "follow", "card": "R5"},
    {"player": 3, "kind": "open", "card": "G6"}, {"player": 0, "kind": "follow", "card": "G1"},
    {"player": 1, "kind": "open", "card": "R7"}, {"player": 2, "kind": "follow", "card": "R6"},
    {"player": 1, "kind": "open", "card": "B5"}, {"player": 2, "kind": "follow", "card": "B3"},
    {"player": 3, "kind": "open", "card": "R2"}, {"player": 0, "kind": "pass", "card": "G5"},
    %s
  ]
}"""
P2_LEADS = '{"player": 2, "kind": "open", "card": "G7"}'
P1_LEADS = '{"player": 1, "kind": "open", "card": "R4"}'


def test_a_version_1_record_with_shown_passes_counts_them_for_the_lead() -> None:
    text = V1_RECORD % (V1_RULES % "shown", P2_LEADS)
    record = HattrickRecord.from_json(text)
    assert record.rules == HattrickRules(
        name="mini",
        highest=8,
        player_counts=(4,),
        hands_per_game=1,
        passed_cards=PassedCards.SHOWN,
        lead_cards=LeadCards.TURN,
    )
    state = record.replay()
    assert [turn.next_leader for turn in state.turns] == [3, 1, 2]
    assert state.turn_cards == (Card.parse("G7"),)
    # Read as not counted, the 13th move would be out of turn.
    with pytest.raises(RecordError, match=r"move 13: .*it is player 2's turn, not player 1's"):
        HattrickRecord.from_json(V1_RECORD % (V1_RULES % "shown", P1_LEADS))
    # Written again, the record has the current version and rules layout.
    data = record.to_dict()
    assert data["version"] == 2
    assert (data["rules"]["passed_cards"], data["rules"]["lead_cards"]) == ("shown", "turn")
    assert data["rules"]["target_score"] is None
    assert HattrickRecord.from_dict(data) == record


def test_a_version_1_record_with_hidden_passes_hides_and_does_not_count_them() -> None:
    record = HattrickRecord.from_json(V1_RECORD % (V1_RULES % "hidden", P1_LEADS))
    assert (record.rules.passed_cards, record.rules.lead_cards) == (
        PassedCards.HIDDEN,
        LeadCards.TRICKS,
    )
    assert record.rules.target_score is None
    state = record.replay()
    assert [turn.next_leader for turn in state.turns] == [3, 1, 1]
    assert state.turn_cards == (Card.parse("R4"),)
    with pytest.raises(RecordError, match=r"move 13: .*it is player 1's turn, not player 2's"):
        HattrickRecord.from_json(V1_RECORD % (V1_RULES % "hidden", P2_LEADS))


def test_version_1_rules_that_do_not_fit_name_the_field() -> None:
    with pytest.raises(RecordError, match="field 'rules': rules field 'passed_cards': unknown"):
        HattrickRecord.from_json(V1_RECORD % (V1_RULES % "open", P1_LEADS))
    without = V1_RULES.replace(', "passed_cards": "%s"', "")
    with pytest.raises(RecordError, match=r"field 'rules': missing rules field\(s\): passed_cards"):
        HattrickRecord.from_json(V1_RECORD % (without, P1_LEADS))
    with pytest.raises(RecordError, match="field 'rules': rules must be a mapping"):
        HattrickRecord.from_json(V1_RECORD % ('"mini"', P1_LEADS))
