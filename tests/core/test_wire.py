"""The JSON wire format of every game: views, moves, finished deals and events round-trip
through JSON, match the schema shipped in the package, and a view's JSON shows nothing that
the view hides.

Run ``python -m tests.core.test_wire --write-schemas`` to rewrite the shipped schemas after a
change of the wire classes.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import sticheln as st
from sticheln import Card, ChoosePain, PlayCard, WireError, find_game
from sticheln.core.wire import WIRE_VERSION
from tests.plays import random_plays

GAMES = ("sticheln", "hattrick", "stichling")
CASES = [
    (name, preset, players)
    for name in GAMES
    for preset in find_game(name).info.presets
    for players in find_game(name, preset).player_counts
]


def _json(value: Any) -> Any:
    data = value.to_dict()
    return json.loads(json.dumps(data, allow_nan=False))


def _games(game: Any, players: int, seed: int) -> list[tuple[Any, Any]]:
    """The (state, move) pairs of a random game; the last state comes with ``None``."""
    return list(random_plays(game, players, seed))


@pytest.mark.parametrize(("name", "preset", "players"), CASES)
def test_views_moves_deals_and_events_round_trip_and_match_the_schema(
    name: str, preset: str, players: int
) -> None:
    game = find_game(name, preset)
    validator = jsonschema.Draft202012Validator(game.wire_schema())
    rng = random.Random(4)
    pairs = _games(game, players, seed=len(preset) + players)
    for state, move in pairs[:: max(1, len(pairs) // 12)]:
        seat = rng.randrange(players)
        view = game.observe(state, seat)
        data = _json(view)
        validator.validate(data)
        assert game.view_from_dict(data) == view
        for deal in getattr(view, "finished_rounds", getattr(view, "finished_hands", ())):
            validator.validate(_json(deal))
            assert type(deal).from_dict(_json(deal)) == deal
        if move is None:
            continue
        validator.validate(_json(move))
        assert game.move_from_dict(_json(move)) == move
        for event in game.events(state, move, seat):
            validator.validate(_json(event))
            assert type(event).from_dict(_json(event)) == event


@pytest.mark.parametrize("name", GAMES)
def test_the_shipped_schema_is_the_one_the_classes_give(name: str) -> None:
    game = find_game(name)
    jsonschema.Draft202012Validator.check_schema(game.wire_schema())
    assert game.wire_schema() == game.build_wire_schema(), (
        "run: python -m tests.core.test_wire --write-schemas"
    )


@pytest.mark.parametrize("name", GAMES)
def test_a_views_json_has_its_fields_and_nothing_hidden(name: str) -> None:
    """The hidden-information property on the JSON: resampling what the player cannot see
    gives the same JSON, and the keys are exactly the view's fields."""
    game = find_game(name)
    rng = random.Random(9)
    players = game.player_counts[-1]
    pairs = _games(game, players, seed=21)
    for state, _ in pairs[:: max(1, len(pairs) // 40)]:
        for seat in range(players):
            view = game.observe(state, seat)
            data = _json(view)
            fields = [f for f in type(view).__attrs_attrs__ if f.init]
            assert list(data) == ["game", "type", "version", *(f.name for f in fields)]
            other = game.observe(game.sample_state(view, rng), seat)
            assert _json(other) == data


def test_a_move_worked_out_by_hand() -> None:
    move = PlayCard(3, Card.parse("B11"))
    assert move.to_dict() == {
        "game": "sticheln",
        "type": "PlayCard",
        "version": WIRE_VERSION,
        "player": 3,
        "card": "B11",
    }
    assert st.move_from_dict({**move.to_dict(), "card": "blue 11"}) == move


def test_a_view_worked_out_by_hand() -> None:
    rules = st.StichelnRules(name="small", decks=[st.Deck(3, "RYG", 1, 3)], hand_size=3)
    state = st.new_game(3, rules=rules, deals=[["R1 Y2 G3", "R2 Y3 G1", "R3 Y1 G2"]] * 3)
    state = st.apply_move(state, ChoosePain(1, Card.parse("G1")))
    data = st.observe(state, 0).to_dict()
    assert data["hand"] == ["R1", "Y2", "G3"]
    assert data["pain_cards"] == [None, None, None]  # seat 1's card is face down
    assert data["has_chosen"] == [False, True, False]
    assert data["phase"] == "choosing-pain"
    assert data["rules"]["name"] == "small"
    assert data["hand_sizes"] == [3, 2, 3]
    assert data["scores"] == [0, 0, 0]
    assert st.observe(state, 1).to_dict()["pain_cards"] == [None, "G1", None]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "PlayCard", "version": 1, "player": 0, "card": "R1"}, "no 'game' key"),
        (
            {"game": "hattrick", "type": "PlayCard", "version": 1, "player": 0, "card": "R1"},
            "of game 'hattrick', expected 'sticheln'",
        ),
        (
            {"game": "sticheln", "type": "PlayCard", "version": 2, "player": 0, "card": "R1"},
            "version 2: this library reads version 1",
        ),
        (
            {"game": "sticheln", "type": "Pass", "version": 1, "player": 0, "card": "R1"},
            "type 'Pass', expected one of: ChoosePain, PlayCard",
        ),
        (
            {"game": "sticheln", "type": "PlayCard", "version": 1, "player": 0},
            "PlayCard: missing field 'card'",
        ),
        (
            {"game": "sticheln", "type": "PlayCard", "version": 1, "player": 0, "card": 7},
            "PlayCard field 'card': expected a card name like 'R7', got 7",
        ),
        (
            {"game": "sticheln", "type": "PlayCard", "version": 1, "player": "0", "card": "R1"},
            "PlayCard field 'player': expected an integer, got '0'",
        ),
        (
            {"game": "sticheln", "type": "PlayCard", "version": 1, "player": -1, "card": "R1"},
            "PlayCard: ",
        ),
        (
            {"game": "sticheln", "type": "PlayCard", "version": 1, "player": 0, "card": "Q1"},
            "PlayCard field 'card': 'Q1' is not a card name",
        ),
        (
            {
                "game": "sticheln",
                "type": "PlayCard",
                "version": 1,
                "player": 0,
                "card": "R1",
                "x": 1,
            },
            "PlayCard: unknown field 'x'",
        ),
    ],
)
def test_bad_move_data_names_what_is_wrong(data: dict[str, Any], message: str) -> None:
    with pytest.raises(WireError, match=message.replace("(", r"\(").replace(")", r"\)")):
        st.move_from_dict(data)


def test_bad_view_data_names_the_field() -> None:
    data = st.observe(st.new_game(4, seed=1), 2).to_dict()
    with pytest.raises(WireError, match=r"StichelnView field 'hand\[1\]': expected a card name"):
        st.StichelnView.from_dict({**data, "hand": ["R1", None]})
    with pytest.raises(WireError, match=r"StichelnView field 'hand': a card appears twice"):
        st.StichelnView.from_dict({**data, "hand": ["R1", "R1"]})
    with pytest.raises(WireError, match=r"StichelnView field 'phase': expected one of"):
        st.StichelnView.from_dict({**data, "phase": "dancing"})
    with pytest.raises(
        WireError, match=r"StichelnView field 'rules': missing rules field\(s\): decks"
    ):
        st.StichelnView.from_dict({**data, "rules": {"name": "x"}})
    with pytest.raises(
        WireError,
        match=r"StichelnView field 'scores\[0\]': an int of about 401 digits is out of range",
    ):
        st.StichelnView.from_dict({**data, "scores": [10**400, 0, 0, 0]})
    with pytest.raises(st.WrongTypeError, match="must be a mapping"):
        st.StichelnView.from_dict([data])


def _write_schemas() -> None:
    for name in GAMES:
        game = find_game(name)
        package = Path(sys.modules[type(game).__module__].__file__ or "").parent
        path = package / "wire.schema.json"
        path.write_text(json.dumps(game.build_wire_schema(), indent=1) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__" and "--write-schemas" in sys.argv:
    _write_schemas()
