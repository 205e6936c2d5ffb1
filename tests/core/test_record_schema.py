"""The JSON Schema that each game ships for its records describes the records it writes."""

from __future__ import annotations

import random
from typing import Any

import attrs
import jsonschema
import pytest

import sticheln as st
from sticheln.core.records import Record


def _record_class(name: str) -> type[Record[Any, Any, Any]]:
    from sticheln.hattrick import HattrickRecord
    from sticheln.stichling import StichlingRecord

    return {
        "sticheln": st.StichelnRecord,
        "hattrick": HattrickRecord,
        "stichling": StichlingRecord,
    }[name]


def _records(name: str) -> list[dict[str, Any]]:
    """Records of random games of every preset, at their start, middle and end."""
    game = st.find_game(name)
    found = []
    for preset in game.info.presets:
        preset_game = st.find_game(name, preset)
        players = preset_game.info.player_counts[-1]
        rng = random.Random(players)
        state = preset_game.new_game(players, seed=3)
        states = [state]
        while not preset_game.is_over(state):
            player = rng.choice(preset_game.players_to_act(state))
            state = preset_game.apply_move(
                state, rng.choice(preset_game.legal_moves(state, player))
            )
            states.append(state)
        for chosen in (states[0], states[len(states) // 2], states[-1]):
            record = _record_class(name).from_state(chosen)
            found.append(record.to_dict())
    tagged = attrs.evolve(
        _record_class(name).from_state(states[-1]),
        tags={"players": ["a", "b"], "bots": [None, "random"], "comments": {"1": "first"}},
    )
    found.append(tagged.to_dict())
    return found


@pytest.mark.parametrize("name", ["sticheln", "hattrick", "stichling"])
def test_every_record_written_fits_the_schema(name: str) -> None:
    schema = _record_class(name).json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for data in _records(name):
        errors = [error.message for error in validator.iter_errors(data)]
        assert errors == []


@pytest.mark.parametrize("name", ["sticheln", "hattrick", "stichling"])
def test_the_schema_refuses_what_the_loader_refuses(name: str) -> None:
    validator = jsonschema.Draft202012Validator(_record_class(name).json_schema())
    data = _records(name)[-1]
    assert validator.is_valid(data)
    broken: list[dict[str, Any]] = [
        {k: v for k, v in data.items() if k != "moves"},
        {**data, "notes": "an unknown field"},
        {**data, "game": "chess"},
        {**data, "format": "pgn"},
        {**data, "moves": [{"player": 0, "kind": "teleport", "card": "R1"}]},
        {**data, "deals": [["Q5 R1"]]},
        {**data, "tags": {"players": "Ann"}},
    ]
    for bad in broken:
        assert not validator.is_valid(bad)
        with pytest.raises(st.RecordError):
            _record_class(name).from_dict(bad).replay()
