"""Game records: JSON round trip, replay, and clear errors for bad files."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import sticheln as st
from sticheln import RecordError, StichelnRecord

from .test_engine import play_mini


def random_game(
    players: int = 4, seed: int = 1, rules: st.StichelnRules = st.NSV
) -> st.StichelnState:
    state = st.new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not state.is_over:
        state = st.apply_move(state, rng.choice(st.legal_moves(state, state.players_to_act[0])))
    return state


@pytest.mark.parametrize("rules", list(st.STICHELN_PRESETS.values()), ids=list(st.STICHELN_PRESETS))
def test_round_trip_replays_identical_final_state(rules: st.StichelnRules) -> None:
    state = random_game(players=max(rules.player_counts[:2]), rules=rules)
    text = StichelnRecord.from_state(state).to_json()
    record = StichelnRecord.from_json(text)
    assert record == StichelnRecord.from_state(state)
    assert record.replay() == state


def test_replay_part_of_a_game() -> None:
    state = random_game()
    record = StichelnRecord.from_state(state)
    partial = record.replay(moves=10)
    assert len(partial.moves) == 10
    assert partial.moves == state.moves[:10]


def test_record_json_layout() -> None:
    data = json.loads(StichelnRecord.from_state(play_mini()).to_json())
    assert data["format"] == "sticheln-record"
    assert data["version"] == 1
    assert data["game"] == "sticheln"
    assert data["players"] == 3
    assert data["first_leader"] == 1
    assert data["deals"][0] == ["R1 Y2 B0", "R2 Y0 B1", "R0 Y1 B2"]
    assert data["moves"][0] == {"player": 0, "kind": "pain", "card": "B0"}
    assert data["moves"][3] == {"player": 1, "kind": "play", "card": "R2"}


def _mutate(change: Callable[[dict[str, Any]], object]) -> str:
    data = StichelnRecord.from_state(play_mini()).to_dict()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.update(version=2), "field 'version'"),
        (lambda d: d.update(version="1"), "field 'version'"),
        (lambda d: d.update(format="chess"), "field 'format'"),
        (lambda d: d.update(game="hattrick"), "field 'game'"),
        (lambda d: d.pop("moves"), "missing record field.*moves"),
        (lambda d: d.update(comment="hi"), "unknown record field.*comment"),
        (lambda d: d.update(players="3"), "field 'players'"),
        (lambda d: d.update(seed=1.5), "field 'seed'"),
        (lambda d: d["rules"].update(hand_size=-1), "field 'rules'"),
        (lambda d: d["deals"][1].__setitem__(2, "B0 B1 Q2"), r"deals\[1\]\[2\]"),
        (lambda d: d["deals"][1].__setitem__(2, 7), r"deals\[1\]\[2\]"),
        (lambda d: d.update(deals={}), "field 'deals'"),
        (lambda d: d["moves"][4].update(card="R9"), "move 5"),
        (lambda d: d["moves"][4].update(kind="bid"), "move 5: kind"),
        (lambda d: d["moves"][4].update(player=-2), "move 5: player"),
        (lambda d: d["moves"][4].pop("card"), "move 5"),
        (lambda d: d["moves"].__setitem__(6, d["moves"][5]), "move 7"),
        (lambda d: d.update(first_leader=3), "first_leader"),
        (lambda d: d["deals"].pop(), "1 rounds given|2 rounds given"),
    ],
)
def test_tampered_records_raise_record_error(
    change: Callable[[dict[str, Any]], object], fragment: str
) -> None:
    with pytest.raises(RecordError, match=fragment):
        StichelnRecord.from_json(_mutate(change))


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"record"'])
def test_non_records_raise_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        StichelnRecord.from_json(text)


def test_illegal_move_in_record_names_its_number() -> None:
    data = StichelnRecord.from_state(play_mini()).to_dict()
    data["moves"][3], data["moves"][4] = data["moves"][4], data["moves"][3]
    with pytest.raises(RecordError, match=r"move 4: illegal move 2 plays Y1 .*player 1's turn"):
        StichelnRecord.from_json(json.dumps(data))


def test_left_of_dealer_record_replays_with_its_first_leader() -> None:
    state = random_game(seed=4, rules=st.AMIGO_1993)
    record = StichelnRecord.from_json(StichelnRecord.from_state(state).to_json())
    assert record.first_leader == state.setup.first_leader
    assert record.replay() == state
