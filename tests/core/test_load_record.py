"""Records of any game: ``load_record`` finds the game a record names, and every game's
``from_json`` reads its ``to_json`` back to the state itself, mid-game too."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

import sticheln as st
import sticheln.core
from sticheln.core.registry import _FACTORIES
from sticheln.hattrick import HattrickRecord
from sticheln.stichling import StichlingRecord
from tests.toy_games import Nim

GAMES = ("sticheln", "hattrick", "stichling")
RECORD_CLASSES = {
    "sticheln": st.StichelnRecord,
    "hattrick": HattrickRecord,
    "stichling": StichlingRecord,
}


def played(game: st.Game[Any, Any, Any], players: int, seed: int, moves: int | None) -> Any:
    """A game of ``players`` started with ``seed``, after ``moves`` random moves (all of
    them when ``None``), or its end if that comes first."""
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    count = 0
    while not game.is_over(state) and (moves is None or count < moves):
        player = rng.choice(game.players_to_act(state))
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
        count += 1
    return state


@hs.composite
def games_in_progress(draw: hs.DrawFn) -> tuple[st.Game[Any, Any, Any], Any]:
    """A game of any of the three games, with any of its presets and player counts, stopped
    after a random number of random moves (often before its end, sometimes at it)."""
    name = draw(hs.sampled_from(GAMES))
    preset = draw(hs.sampled_from(st.find_game(name).info.presets))
    game = st.find_game(name, preset)
    players = draw(hs.sampled_from(game.player_counts))
    seed = draw(hs.integers(min_value=0, max_value=2**32 - 1))
    moves = draw(hs.one_of(hs.none(), hs.integers(min_value=0, max_value=300)))
    return game, played(game, players, seed, moves)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games_in_progress())
def test_from_json_reads_to_json_back_to_the_state(case: tuple[Any, Any]) -> None:
    game, state = case
    text = game.to_json(state)
    assert game.from_json(text) == state
    first, moves = game.replay_from_json(text)
    for move in moves:
        first = game.apply_move(first, move)
    assert first == state
    recorded = st.load_record(text)
    assert recorded.state == state
    assert recorded.game.name == game.name
    assert recorded.game.info.rules_name == game.info.rules_name
    assert recorded.moves == state.moves
    states = list(recorded.states())
    assert states[0] == recorded.first_state == game.replay_from_json(text)[0]
    assert states[-1] == state
    assert len(states) == len(recorded.moves) + 1


def test_from_json_gives_the_state_in_the_middle_of_a_round() -> None:
    game = st.find_game("sticheln")
    state = game.new_game(3, seed=5)
    for player in (2, 0, 1):  # the pain cards, then the first card of the first trick
        state = game.apply_move(state, game.legal_moves(state, player)[0])
    state = game.apply_move(state, game.legal_moves(state, state.to_act)[0])
    loaded = game.from_json(game.to_json(state))
    assert loaded == state
    assert len(loaded.moves) == 4
    assert loaded.current_trick == state.current_trick
    first, moves = game.replay_from_json(game.to_json(state))
    assert first == game.new_game(3, seed=5)
    assert moves == state.moves


def test_load_record_is_the_same_function_at_the_root_and_in_the_kernel() -> None:
    assert st.load_record is sticheln.core.load_record
    assert st.RecordedGame is sticheln.core.RecordedGame
    assert "load_record" in st.__all__
    assert "load_record" in sticheln.core.__all__


@pytest.mark.parametrize("name", GAMES)
def test_load_record_reads_a_record_of_each_game(name: str) -> None:
    game = st.find_game(name)
    state = played(game, game.player_counts[0], seed=3, moves=20)
    recorded = st.load_record(game.to_json(state))
    assert type(recorded.record) is RECORD_CLASSES[name]
    assert recorded.record == RECORD_CLASSES[name].from_state(state)
    assert recorded.state == state
    assert type(recorded.game) is type(game)
    assert recorded.game.info.rules_name == game.info.rules_name
    assert st.load_record(game.to_json(state).encode()).state == state
    with pytest.raises(AttributeError):
        recorded.state = None  # type: ignore[misc]


@pytest.mark.parametrize("name", GAMES)
def test_load_record_gives_the_game_of_the_records_preset(name: str) -> None:
    for preset in st.find_game(name).info.presets:
        game = st.find_game(name, preset)
        state = played(game, game.player_counts[-1], seed=1, moves=5)
        recorded = st.load_record(game.to_json(state))
        assert recorded.game.info.rules_name == preset
        assert recorded.game.rules == game.rules  # type: ignore[attr-defined]


def test_load_record_gives_the_game_the_records_own_rules() -> None:
    rules = attrs.evolve(st.NSV, name="two-rounds", rounds=2)
    game = st.StichelnGame(rules)
    state = played(game, 4, seed=2, moves=None)
    recorded = st.load_record(game.to_json(state))
    assert recorded.game == game
    assert recorded.game.info.rules_name == "two-rounds"
    assert recorded.state == state
    assert recorded.game.is_over(recorded.state)


def test_load_record_reads_with_a_game_object_that_is_not_registered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = attrs.evolve(st.NSV, name="two-rounds", rounds=2)
    game = st.StichelnGame(rules)
    state = played(game, 3, seed=4, moves=20)
    text = game.to_json(state)
    # Another process: no game of that name registered (the registry's order kept after).
    monkeypatch.setattr(
        sticheln.core.registry,
        "_FACTORIES",
        {name: factory for name, factory in _FACTORIES.items() if name != "sticheln"},
    )
    with pytest.raises(st.RecordError, match="no game 'sticheln' is registered"):
        st.load_record(text)
    recorded = st.load_record(text, game=game)
    assert recorded.game is game
    assert recorded.state == state
    assert len(recorded.moves) == 20
    # A game object of other rules reads the record with the record's rules.
    other = st.load_record(text, game=st.StichelnGame())
    assert other.game == game
    assert other.state == state


def test_load_record_with_a_game_object_refuses_another_games_record() -> None:
    hattrick = st.find_game("hattrick")
    text = hattrick.to_json(hattrick.new_game(4, seed=1))
    with pytest.raises(
        st.RecordError, match="field 'game': a record of 'hattrick', not of 'sticheln'"
    ):
        st.load_record(text, game=st.StichelnGame())
    with pytest.raises(
        st.WrongTypeError,
        match=r"game must be a game built on sticheln\.core\.kit\.BaseGame, got .sticheln.",
    ):
        st.load_record(text, game="sticheln")  # type: ignore[arg-type]


def test_load_record_keeps_the_tags() -> None:
    state = st.new_game(3, seed=1)
    record = attrs.evolve(st.StichelnRecord.from_state(state), tags={"event": "club night"})
    assert st.load_record(record.to_json()).record.tags == {"event": "club night"}


def test_load_record_reads_older_versions_of_a_games_records() -> None:
    game = st.find_game("hattrick")
    state = played(game, 4, seed=1, moves=0)
    data = json.loads(game.to_json(state))
    data["version"] = 1
    rules = {k: v for k, v in data["rules"].items() if k not in {"lead_cards", "target_score"}}
    data["rules"] = {**rules, "passed_cards": "hidden"}
    recorded = st.load_record(json.dumps(data))
    assert recorded.game.name == "hattrick"
    assert recorded.record.rules.lead_cards.value == "tricks"


def _record(**changes: object) -> str:
    data = json.loads(
        st.find_game("stichling").to_json(st.find_game("stichling").new_game(2, seed=1))
    )
    data.update(changes)
    return json.dumps({key: value for key, value in data.items() if value is not ...})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "record must be a JSON object, got list"),
        ('{"game": "sticheln"}', "field 'format': expected 'sticheln-record', got no format"),
        ('{"moves": []}', r"missing record field\(s\): game"),
        (_record(format="pgn"), "field 'format': expected 'sticheln-record', got 'pgn'"),
        (_record(game=...), r"missing record field\(s\): game"),
        (_record(game=7), "field 'game': expected a game's name, got 7"),
        (
            _record(game="skat"),
            "field 'game': no game 'skat' is registered; known games: sticheln, hattrick, "
            "stichling",
        ),
        (_record(game="Hattrick"), "no game 'Hattrick' is registered"),
        (_record(version=99), "field 'version'"),
        (_record(players="two"), "field 'players'"),
        (_record(moves=[{"player": 0, "kind": "open", "card": "R1"}]), "move 1"),
    ],
)
def test_load_record_names_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(st.RecordError, match=message) as caught:
        st.load_record(text)
    assert isinstance(caught.value, ValueError)
    assert len(str(caught.value)) < 300


def test_a_huge_unknown_game_name_is_quoted_short() -> None:
    with pytest.raises(st.RecordError, match="known games: sticheln, hattrick") as caught:
        st.load_record(_record(game="x" * 100_000))
    assert len(str(caught.value)) < 300


def test_load_record_refuses_what_is_not_text() -> None:
    for value in (None, 3, {"format": "sticheln-record"}):
        with pytest.raises(st.WrongTypeError):
            st.load_record(value)  # type: ignore[arg-type]


def test_a_game_without_a_record_class_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(_FACTORIES, "nim", lambda preset: Nim())
    text = json.dumps({"format": "sticheln-record", "game": "nim"})
    with pytest.raises(st.RecordError, match="the game 'nim' has no record class"):
        st.load_record(text)


def test_a_games_record_class_points_to_load_record_for_another_games_record() -> None:
    hattrick = st.find_game("hattrick")
    text = hattrick.to_json(hattrick.new_game(4, seed=1))
    with pytest.raises(st.RecordError, match=r"got 'hattrick' \(sticheln.load_record reads"):
        st.StichelnRecord.from_json(text)
    assert st.load_record(text).game.name == "hattrick"
