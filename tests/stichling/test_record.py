"""Records of Stichling: the JSON layout, replays, and the errors of bad records."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from sticheln import RecordError, find_game
from sticheln.stichling import (
    SPIELETEST,
    STICHLING_RECORD_VERSION,
    AddToTrick,
    ArrangePoints,
    OpenTrick,
    StichlingRecord,
    StichlingState,
    apply_move,
    legal_moves,
    new_game,
)

pytestmark = pytest.mark.rule("SL-VP-2", "SL-PLAY-2", "SL-PLAY-3")


def played(moves: int, seed: int = 3, players: int = 3) -> StichlingState:
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=SPIELETEST)
    for _ in range(moves):
        if state.is_over:
            break
        player = rng.choice(state.players_to_act)
        state = apply_move(state, rng.choice(legal_moves(state, player)))
    return state


@pytest.mark.parametrize("moves", [0, 2, 3, 40, 200, 10_000])
def test_a_record_replays_to_the_state(moves: int) -> None:
    state = played(moves)
    record = StichlingRecord.from_state(state)
    assert record.moves == state.moves
    assert StichlingRecord.from_json(record.to_json()).replay() == state
    assert StichlingRecord.from_json(record.to_json(indent=2)) == record


def test_the_json_layout() -> None:
    state = played(8, players=2)
    data = json.loads(StichlingRecord.from_state(state).to_json())
    assert sorted(data) == sorted(
        ["format", "version", "game", "rules", "players", "first_leader", "seed", "deals", "moves"]
    )
    assert data["format"] == "sticheln-record"
    assert data["game"] == "stichling"
    assert data["version"] == STICHLING_RECORD_VERSION == 1
    assert data["rules"] == SPIELETEST.to_dict()
    assert data["seed"] == 3
    assert data["players"] == 2
    assert len(data["deals"]) == 3
    assert all(len(hand.split()) == 12 for hand in data["deals"][0])
    kinds = {move["kind"]: sorted(move) for move in data["moves"]}
    assert kinds["arrange"] == ["kind", "order", "player"]
    assert kinds["open"] == ["card", "kind", "player"]
    moves = StichlingRecord.from_dict(data).moves
    assert isinstance(moves[0], ArrangePoints)
    assert isinstance(moves[2], OpenTrick)


def test_an_add_move_keeps_its_trick() -> None:
    state = played(0, players=2)
    for player in (0, 1):
        state = apply_move(state, legal_moves(state, player)[0])
    state = apply_move(state, legal_moves(state, 0)[0])
    add = next(m for m in legal_moves(state, 1) if isinstance(m, AddToTrick))
    state = apply_move(state, add)
    data = StichlingRecord.from_state(state).to_dict()
    assert data["moves"][-1] == {
        "player": 1,
        "kind": "add",
        "card": str(add.card),
        "trick": 0,
    }
    assert StichlingRecord.from_dict(data).replay() == state


def _data() -> dict[str, Any]:
    return StichlingRecord.from_state(played(10, players=2)).to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(game="hattrick"), "field 'game': expected 'stichling'"),
        (lambda d: d.update(version=2), "reads version 1 of stichling records"),
        (lambda d: d.pop("deals"), "missing record field"),
        (lambda d: d["rules"].update(discards="never"), "field 'rules'"),
        (lambda d: d.update(moves={}), "field 'moves': expected a list"),
        (lambda d: d["moves"].__setitem__(0, 5), "move 1: expected an object whose kind"),
        (lambda d: d["moves"][0].update(kind="pass"), "move 1: expected an object whose kind"),
        (lambda d: d["moves"][0].update(card="R1"), "move 1: a move of kind 'arrange' has"),
        (lambda d: d["moves"][1].update(order=[1, 2]), "move 2: order must be a list of three"),
        (lambda d: d["moves"][0].update(player=-1), "move 1: player must be a seat number"),
        (lambda d: d["moves"][2].update(card="X9"), "move 3: 'X9' is not a card name"),
        (lambda d: d["moves"][2].update(card=9), "move 3: card must be a card name"),
        (
            lambda d: d["moves"][2].update(kind="add", trick=7),
            "move 3: trick must be an integer from 0 to 3",
        ),
        (lambda d: d["moves"][2].update(kind="add", trick=0), "move 3: illegal move"),
        (lambda d: d["moves"][1].update(order=[3, 3, 1]), "move 2: illegal move"),
        (lambda d: d["deals"][1].__setitem__(0, "R1 R2"), "record setup"),
        (lambda d: d.update(first_leader=5), "record setup"),
    ],
)
def test_bad_records_name_the_field_or_the_move(change: Any, message: str) -> None:
    data = _data()
    change(data)
    with pytest.raises(RecordError, match=message):
        StichlingRecord.from_json(json.dumps(data))


def test_records_through_the_game_protocol() -> None:
    game = find_game("stichling", "spieletest")
    state = played(30)
    assert game.from_json(game.to_json(state)) == state
    first, moves = game.replay_from_json(game.to_json(state))
    assert first == played(0)
    for move in moves:
        first = game.apply_move(first, move)
    assert first == state
    with pytest.raises(RecordError):
        game.from_json("not json")
    with pytest.raises(RecordError):
        game.replay_from_json("not json")
