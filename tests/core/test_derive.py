"""What a kit works out for a game that leaves its fields out (:mod:`sticheln.core.derive`),
shown on the example game, High Card, which gives none of them: its wire format and events,
its record, its move texts; the errors that say which field to give when a game's classes do
not fit; and :meth:`GameKit.evolve`, which works them out anew."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import jsonschema
import pytest

import sticheln as st
from sticheln.core import Card, CardSet, GameKit, Trick
from sticheln.core.derive import is_derived
from sticheln.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    NotProvidedError,
    RecordError,
    WrongTypeError,
)
from sticheln.core.explain import Reason, TrickExplanation
from sticheln.core.records import record_schema
from tests.core.test_conformance import EXAMPLE

HIGH_CARD: GameKit[Any, Any, Any, Any] = EXAMPLE["HIGH_CARD"]
HighCardGame: Any = EXAMPLE["HighCardGame"]
Play: Any = EXAMPLE["Play"]
HighCardView: Any = EXAMPLE["HighCardView"]
HighCardState: Any = EXAMPLE["HighCardState"]

# Seat 0 holds R9 B1 R2 B3 R4, seat 1 B9 R1 B2 R3 B4; seat 0 leads.
DEALS = [["R9 B1 R2 B3 R4", "B9 R1 B2 R3 B4"]]


def card(name: str) -> Card:
    return Card.parse(name)


def start() -> Any:
    return HighCardGame().new_game(2, deals=DEALS)


def play(state: Any, *moves: tuple[int, str]) -> Any:
    for seat, name in moves:
        state = HIGH_CARD.apply_move(state, Play(seat, card(name)))
    return state


# -- the wire format and the events ---------------------------------------------------------------


def test_the_wire_format_is_read_from_the_annotations() -> None:
    wire = HIGH_CARD.wire
    assert wire.view is HighCardView
    assert wire.moves == (Play,)
    assert wire.deal is None
    assert [cls.wire_type() for cls in wire.event_types] == ["Play", "TrickTaken", "GameOver"]
    assert all(cls.wire_game == "high-card" for cls in wire.event_types)


def test_the_events_are_the_move_and_the_trick_it_completes() -> None:
    game = HighCardGame()
    state = play(start(), (0, "R9"))
    assert game.events(start(), Play(0, card("R9")), 1) == (Play(0, card("R9")),)
    found = game.events(state, Play(1, card("B9")), 1)
    assert [event.to_dict() for event in found] == [
        {"game": "high-card", "type": "Play", "version": 1, "player": 1, "card": "B9"},
        {
            "game": "high-card",
            "type": "TrickTaken",
            "version": 1,
            "trick": {"seats": [0, 1], "cards": ["R9", "B9"], "winner": 0},
            "explanation": None,
        },
    ]


def test_the_last_move_ends_the_game_with_the_scores_and_winners() -> None:
    game = HighCardGame()
    # Seat 0 leads R9 and takes it; then it leads low and seat 1 takes every other trick.
    state = play(start(), (0, "R9"), (1, "R1"), (0, "B1"), (1, "B9"), (1, "B2"), (0, "R2"))
    state = play(state, (1, "R3"), (0, "B3"))
    assert state.players_to_act == (1,)
    found = game.events(state, Play(1, card("B4")), 0)
    assert [event.wire_type() for event in found] == ["Play"]
    last = play(state, (1, "B4"), (0, "R4"))
    assert last.scores == (1, 4)
    final = game.events(play(state, (1, "B4")), Play(0, card("R4")), 0)
    assert [event.wire_type() for event in final] == ["Play", "TrickTaken", "GameOver"]
    assert final[-1].to_dict() == {
        "game": "high-card",
        "type": "GameOver",
        "version": 1,
        "scores": [1, 4],
        "winners": [1],
    }
    assert final[1].trick == Trick(((1, card("B4")), (0, card("R4"))), 1)


def test_an_illegal_move_has_no_events() -> None:
    with pytest.raises(IllegalMoveError, match="not player 1's turn"):
        HighCardGame().events(start(), Play(1, card("B9")), 0)


def test_a_kit_given_an_explain_trick_sends_its_explanations() -> None:
    def explain(rules: Any, cards: Any) -> TrickExplanation:
        return TrickExplanation(tuple(cards), 0, (Reason("the first card wins", "HC-1"),), 0)

    kit = HIGH_CARD.evolve(explain_trick=explain)
    assert kit.wire is not HIGH_CARD.wire
    state = play(start(), (0, "R9"))
    taken = kit.wire.events(state, Play(1, card("B9")), 0)[1]
    assert taken.explanation == TrickExplanation(
        (card("R9"), card("B9")), 0, (Reason("the first card wins", "HC-1"),), 0
    )
    assert type(taken).from_dict(json.loads(json.dumps(taken.to_dict()))) == taken


def test_evolve_keeps_what_the_game_gave_and_derives_the_rest_anew() -> None:
    derived = HIGH_CARD.wire

    def events(state: Any, move: Any, player: int) -> tuple[Any, ...]:
        return derived.events(state, move, player)

    given = attrs.evolve(derived, events=events)
    kit = HIGH_CARD.evolve(wire=given, title="High Card (house)")
    assert kit.wire is given
    assert kit.title == "High Card (house)"
    again = kit.evolve(title="High Card")
    assert again.wire is given
    assert not is_derived(given)
    assert is_derived(HIGH_CARD.wire)
    assert is_derived(HIGH_CARD.record)
    assert is_derived(HIGH_CARD.move_text)
    assert is_derived(HIGH_CARD.parse_move)
    assert again.record is not HIGH_CARD.record
    with pytest.raises(TypeError):
        HIGH_CARD.evolve(colour="red")


# -- the move texts -------------------------------------------------------------------------------


def test_a_move_is_named_by_its_card_and_read_back_among_the_legal_moves() -> None:
    game = HighCardGame()
    assert game.move_text(Play(0, card("R9"))) == "R9"
    assert game.parse_move(start(), 0, "r9") == Play(0, card("R9"))
    assert game.parse_move(start(), 0, "blue 3") == Play(0, card("B3"))
    with pytest.raises(WrongTypeError, match="move must be a Play"):
        game.move_text("R9")


def test_a_card_that_cannot_be_played_is_refused_with_the_games_reason() -> None:
    game = HighCardGame()
    with pytest.raises(IllegalMoveError, match="B9 is not in player 0's hand"):
        game.parse_move(start(), 0, "B9")
    with pytest.raises(IllegalMoveError, match="not player 1's turn"):
        game.parse_move(start(), 1, "B9")
    with pytest.raises(InvalidMoveError):
        game.parse_move(start(), 0, "Q5")


# -- the record -----------------------------------------------------------------------------------


def test_the_record_holds_the_setup_and_the_moves() -> None:
    record = HIGH_CARD.record
    assert record.__name__ == "HighCardRecord"
    assert (record.GAME, record.VERSION, dict(record.KINDS)) == ("high-card", 1, {"play": Play})
    state = play(HighCardGame().new_game(2, seed=4, deals=DEALS), (0, "B1"), (1, "R3"))
    data = json.loads(HighCardGame().to_json(state))
    assert data["rules"] == {
        "name": "standard",
        "colors": ["R", "B"],
        "player_counts": [2, 3, 4],
        "hand_size": 5,
    }
    assert (data["players"], data["first_leader"], data["seed"]) == (2, 0, 4)
    assert data["deals"] == [["R2 R4 R9 B1 B3", "R1 R3 B2 B4 B9"]]
    assert data["moves"] == [
        {"player": 0, "kind": "play", "card": "B1"},
        {"player": 1, "kind": "play", "card": "R3"},
    ]
    assert HighCardGame().from_json(HighCardGame().to_json(state)) == state


def test_a_record_is_read_by_load_record_and_fits_its_schema() -> None:
    game = HighCardGame()
    state = game.new_game(3, seed=8)
    rng = random.Random(8)
    while not game.is_over(state):
        seat = game.players_to_act(state)[0]
        state = game.apply_move(state, rng.choice(game.legal_moves(state, seat)))
    text = game.to_json(state)
    validator = jsonschema.Draft202012Validator(HIGH_CARD.record.json_schema())
    assert list(validator.iter_errors(json.loads(text))) == []
    bad = {**json.loads(text), "moves": [{"player": 0, "kind": "pass", "card": "R1"}]}
    assert not validator.is_valid(bad)
    with pytest.raises(RecordError, match="kind must be one of 'play'"):
        HIGH_CARD.record.from_dict(bad)
    jsonschema.Draft202012Validator.check_schema(game.wire_schema())
    assert game.wire_schema() == game.build_wire_schema()


@pytest.mark.parametrize("name", ["sticheln", "hattrick"])
def test_the_record_layout_is_the_one_the_games_ship(name: str) -> None:
    record = st.find_game(name).kit.record
    shipped = record.json_schema()
    title = st.find_game(name).info.title
    assert record_schema(record, title, shipped["properties"]["rules"]) == shipped


# -- what the kit cannot work out -----------------------------------------------------------------


def _observe_unannotated(state, player):  # type: ignore[no-untyped-def]  # on purpose
    return HIGH_CARD.observe(state, player)


@attrs.frozen
class Bid(st.core.wire.WireValue):
    """A move that is no card."""

    wire_game = "high-card"
    player: int
    amount: int


def _apply_bid(state: Any, move: Bid) -> Any:
    return state


@attrs.frozen
class Bare:
    """A state without a setup."""

    hands: tuple[CardSet, ...]


def _new_bare(players: int, seed: Any = None, rules: Any = None, first_leader: int = 0) -> Bare:
    return Bare(())


def test_each_field_the_kit_cannot_work_out_is_named() -> None:
    with pytest.raises(WrongTypeError, match=r"_observe_unannotated must be annotated .* wire"):
        HIGH_CARD.evolve(observe=_observe_unannotated)
    with pytest.raises(WrongTypeError, match="not each a player and a card: give the kit "):
        HIGH_CARD.evolve(apply_move=_apply_bid)
    with pytest.raises(WrongTypeError, match=r"Bare needs a setup .* or the kit given a record"):
        HIGH_CARD.evolve(new_game=_new_bare)


def test_a_game_without_an_encoding_says_what_to_add() -> None:
    game = HighCardGame()
    with pytest.raises(NotProvidedError) as caught:
        game.encoding(2)
    assert str(caught.value) == (
        "High Card has no encoding for learning agents (PettingZoo, OpenSpiel): give its "
        "GameKit an encoding, a function (game, players) -> Encoding (sticheln.core.encoding)"
    )
    assert isinstance(caught.value, NotImplementedError)
    with pytest.raises(st.RulesError):
        game.encoding(7)


def test_a_game_class_that_gives_only_its_kit_starts_with_the_kits_default_rules() -> None:
    game = HighCardGame()
    assert game.rules.name == "standard"
    assert game.first_leader == 0
    assert game == HighCardGame.from_preset(None) == HighCardGame.from_preset("Standard")
    three = HighCardGame.from_preset("three-colours")
    assert type(three) is HighCardGame
    assert three.rules.name == "three-colours"
    assert three.player_counts == (2, 3, 4, 5, 6)
    assert three != game
    assert HighCardGame(three.rules, 1).new_game(2, seed=4).setup.first_leader == 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        game.rules = three.rules  # type: ignore[misc]


def test_from_preset_is_the_factory_the_registry_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(st.core.registry._FACTORIES, "high-card", HighCardGame.from_preset)
    assert st.find_game("high-card", "three-colours") == HighCardGame.from_preset("three-colours")
    with pytest.raises(st.UnknownNameError, match=r"'four-colours'.*standard, three-colours"):
        HighCardGame.from_preset("four-colours")


def test_every_library_game_is_registered_by_its_classes_from_preset() -> None:
    for name in ("sticheln", "hattrick", "stichling"):
        game = st.find_game(name)
        preset = list(game.info.presets)[-1]
        assert st.find_game(name, preset) == type(game).from_preset(preset)
        assert type(game)() == game
