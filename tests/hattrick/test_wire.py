"""The wire format of Hattrick: round trips of views, moves, finished hands and events,
``move_from_dict`` errors, and the events of moves (sticheln.hattrick.event)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import attrs
import jsonschema
import pytest

from sticheln import (
    Card,
    CardSet,
    IllegalMoveError,
    Reason,
    ScoreExplanation,
    ScoreItem,
    Trick,
    TrickExplanation,
    WireError,
    WrongTypeError,
)
from sticheln.core.wire import WireValue
from sticheln.hattrick import (
    HATTRICK,
    HATTRICK_PRESETS,
    PASSES_HIDDEN,
    CardFollowed,
    CardPassed,
    FinishedHand,
    Follow,
    GameOver,
    HandScored,
    HandStarted,
    HattrickGame,
    HattrickRules,
    HattrickState,
    HattrickView,
    OpenTrick,
    Pass,
    PassedCards,
    TrickOpened,
    TrickTaken,
    Turn,
    TurnEnded,
    apply_move,
    events,
    move_for,
    move_from_dict,
    new_game,
    observe,
)
from sticheln.hattrick.event import EVENT_TYPES, view_events
from tests.plays import random_plays

STICHELN_PRESETS = sorted(HATTRICK_PRESETS)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(name) for name in text.split())


def random_games(preset: str, seed: int) -> Iterator[tuple[Any, Any]]:
    """Every ``(state, move)`` of random games of ``preset``, one for each player count; the
    last state of each game comes with ``None``."""
    game = HattrickGame(HATTRICK.rules(preset))
    for players in game.player_counts:
        yield from random_plays(game, players, seed, rng_seed=seed * 10 + players)


# Round trips -----------------------------------------------------------------------------


def test_view_from_dict_and_schema() -> None:
    game = HattrickGame(PASSES_HIDDEN)
    state = game.new_game(4, seed=3)
    rng = random.Random(3)
    schema = game.build_wire_schema()
    validator = jsonschema.Draft202012Validator(schema)
    for _ in range(30):
        move = rng.choice(game.legal_moves(state, game.players_to_act(state)[0]))
        validator.validate(move.to_dict())
        for event in game.events(state, move, 0):
            validator.validate(event.to_dict())
        state = game.apply_move(state, move)
    view = game.observe(state, 1)
    data = view.to_dict()
    validator.validate(data)
    assert game.view_from_dict(data) == view
    assert game.move_from_dict(Pass(1, Card.parse("B3")).to_dict()) == Pass(1, Card.parse("B3"))


def test_kit_wire() -> None:
    wire = HATTRICK.wire
    assert wire.view is HattrickView
    assert wire.moves == (Follow, OpenTrick, Pass)
    assert wire.deal is FinishedHand
    assert wire.event_types == EVENT_TYPES
    assert wire.events is events
    assert all(cls.wire_game == "hattrick" for cls in (*wire.moves, *EVENT_TYPES))


def test_move_to_dict() -> None:
    assert Follow(2, Card.parse("G7")).to_dict() == {
        "game": "hattrick",
        "type": "Follow",
        "version": 1,
        "player": 2,
        "card": "G7",
    }


# move_from_dict errors -------------------------------------------------------------------


def move_data(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "game": "hattrick",
        "type": "OpenTrick",
        "version": 1,
        "player": 1,
        "card": "R12",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_move_from_dict_reads_each_move() -> None:
    assert move_from_dict(move_data()) == OpenTrick(1, Card.parse("R12"))
    assert move_from_dict(move_data(type="Follow")) == Follow(1, Card.parse("R12"))
    assert move_from_dict(move_data(type="Pass", player=0)) == Pass(0, Card.parse("R12"))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": "hattrick", "type": "Pass", "version": 1, "player": 1}, "missing field 'card'"),
        (move_data(game="sticheln"), "'sticheln', expected 'hattrick'"),
        (move_data(type="PlayCard"), "'PlayCard', expected one of: Follow, OpenTrick, Pass"),
        (move_data(version=2), "version 2"),
        (move_data(card="X99"), "field 'card'"),
        (move_data(card=12), "field 'card'"),
        (move_data(player="1"), "field 'player'"),
        (move_data(player=-1), "OpenTrick: "),
        (move_data(trick=0), "unknown field 'trick'"),
        ({"type": "Pass", "version": 1, "player": 1, "card": "R1"}, "no 'game' key"),
    ],
)
def test_move_from_dict_errors(data: dict[str, object], message: str) -> None:
    with pytest.raises(WireError, match=re.escape(message)):
        move_from_dict(data)


@pytest.mark.parametrize("data", [[1, 2], "OpenTrick", None, 3])
def test_move_from_dict_needs_a_mapping(data: object) -> None:
    with pytest.raises(WrongTypeError):
        move_from_dict(data)


# Events of hand-made positions -----------------------------------------------------------

# A deck of 12 cards (values 1 to 4 of red, green and blue): 3 cards each, 2 turns a hand.
SMALL = HattrickRules(name="small", highest=4, player_counts=(4,), hands_per_game=2)
DEAL = ["R4 G1 B1", "R1 G2 B2", "R2 G3 B3", "R3 G4 B4"]
FIRST_TURN = [(0, "R4"), (1, "G2"), (2, "B3"), (3, "G4")]
SECOND_TURN = [(1, "B2"), (2, "G3"), (3, "B4"), (0, "B1")]


def play(state: HattrickState, plays: list[tuple[int, str]]) -> HattrickState:
    for player, name in plays:
        state = apply_move(state, move_for(state, player, Card.parse(name)))
    return state


def start(rules: HattrickRules = SMALL) -> HattrickState:
    return new_game(4, rules=rules, deals=[DEAL] * (rules.hands_per_game or 4))


def test_events_of_opening_and_following() -> None:
    state = start()
    assert events(state, OpenTrick(0, Card.parse("R4")), 2) == (TrickOpened(0, Card.parse("R4")),)
    state = play(state, FIRST_TURN[:1])
    assert events(state, OpenTrick(1, Card.parse("G2")), 3) == (TrickOpened(1, Card.parse("G2")),)


def test_a_passed_card_is_shown_by_default() -> None:
    state = play(start(), FIRST_TURN[:2])
    for viewer in range(4):
        assert events(state, Pass(2, Card.parse("B3")), viewer) == (
            CardPassed(2, Card.parse("B3")),
        )


def test_a_passed_card_is_hidden_from_the_others_under_passes_hidden() -> None:
    rules = HattrickRules(
        name="small-hidden",
        highest=4,
        player_counts=(4,),
        hands_per_game=2,
        passed_cards=PassedCards.HIDDEN,
    )
    state = play(start(rules), FIRST_TURN[:2])
    move = Pass(2, Card.parse("B3"))
    assert events(state, move, 2) == (CardPassed(2, Card.parse("B3")),)
    assert events(state, move, 0) == (CardPassed(2, None),)
    state = apply_move(state, move)
    # The end of the turn shows the pass as None to the others, also in the turn.
    ended = events(state, Follow(3, Card.parse("G4")), 1)[-1]
    assert ended == TurnEnded(Turn(0, (*cards("R4 G2"), None, Card.parse("G4")), 1), 1, "HT-LEAD-2")
    ended = events(state, Follow(3, Card.parse("G4")), 2)[-1]
    assert isinstance(ended, TurnEnded)
    assert ended.turn.cards == cards("R4 G2 B3 G4")


def opens(card: str, color: str) -> Reason:
    return Reason(
        f"{card} opens the trick: {color} is its colour, and only {color} cards are added to it",
        "HT-PLAY-1",
    )


# The explanations of the tricks of FIRST_TURN and SECOND_TURN (HT-PLAY-1, HT-TRICK-1).
RED_R4 = TrickExplanation(
    cards("R4"),
    0,
    (opens("R4", "red"), Reason("R4 is the only card of the trick, so its highest", "HT-TRICK-1")),
    1,
)
GREEN_G2_G4 = TrickExplanation(
    cards("G2 G4"),
    1,
    (
        opens("G2", "green"),
        Reason("G2 is lower than G4", "HT-TRICK-1"),
        Reason("G4 is the highest card of the trick", "HT-TRICK-1"),
    ),
    2,
)
BLUE_B2_B4_B1 = TrickExplanation(
    cards("B2 B4 B1"),
    1,
    (
        opens("B2", "blue"),
        Reason("B2 is lower than B4", "HT-TRICK-1"),
        Reason("B4 is the highest card of the trick", "HT-TRICK-1"),
        Reason("B1 is lower than B4", "HT-TRICK-1"),
    ),
    2,
)
GREEN_G3 = TrickExplanation(
    cards("G3"),
    0,
    (
        opens("G3", "green"),
        Reason("G3 is the only card of the trick, so its highest", "HT-TRICK-1"),
    ),
    1,
)


@pytest.mark.rule("HT-TRICK-1", "HT-PLAY-1", "HT-LEAD-2")
def test_events_of_the_end_of_a_turn() -> None:
    state = play(start(), FIRST_TURN[:3])
    # Red: R4 alone, seat 0's. Green: G2, G4: seat 3's. R4 and G4 tie for the highest card,
    # so the next lower value played once, seat 1's G2, leads the next turn (HT-LEAD-2).
    assert events(state, Follow(3, Card.parse("G4")), 0) == (
        CardFollowed(3, Card.parse("G4")),
        TrickTaken(Trick([(0, Card.parse("R4"))], 0), 0, "HT-TRICK-1", RED_R4),
        TrickTaken(
            Trick([(1, Card.parse("G2")), (3, Card.parse("G4"))], 3),
            3,
            "HT-TRICK-1",
            GREEN_G2_G4,
        ),
        TurnEnded(Turn(0, cards("R4 G2 B3 G4"), 1), 1, "HT-LEAD-2"),
    )


def expected_hand(viewer: int) -> FinishedHand:
    last = cards("G1 R1 R2 R3")
    return FinishedHand(
        number=0,
        leader=0,
        turns=(Turn(0, cards("R4 G2 B3 G4"), 1), Turn(1, cards("B2 G3 B4 B1"), 3)),
        won=(
            CardSet.parse("R4"),
            CardSet(),
            CardSet.parse("G3"),
            CardSet.parse("G2 G4 B1 B2 B4"),
        ),
        passed=(CardSet(), CardSet(), CardSet.parse("B3"), CardSet()),
        last_cards=tuple(card if p == viewer else None for p, card in enumerate(last)),
        # seat 0: red R4 = +1; seat 2: green G3 = +1, a pass = -2; seat 3: blue 3 - green 2.
        scores=(1, 0, -1, 1),
    )


def collected(color: str, count: int) -> ScoreItem:
    cards_won = "card" if count == 1 else "cards"
    text = f"{color} is the collected colour: {count} {color} {cards_won} won, more than of any"
    return ScoreItem(None, 0, Reason(f"{text} other colour", "HT-SCORE-1"))


def scores(card: str) -> ScoreItem:
    text = f"{card} is in the collected colour and scores one point"
    return ScoreItem(Card.parse(card), 1, Reason(text, "HT-SCORE-1"))


def costs(card: str) -> ScoreItem:
    text = f"{card} is not in the collected colour and costs one point"
    return ScoreItem(Card.parse(card), -1, Reason(text, "HT-SCORE-2"))


def passed_item(card: str | None) -> ScoreItem:
    if card is None:
        text = "a passed card, its face not seen here, costs two points whatever its colour"
    else:
        text = f"{card} was passed and costs two points, whatever its colour"
    return ScoreItem(None if card is None else Card.parse(card), -2, Reason(text, "HT-SCORE-3"))


def expected_explanations(seat_2_passed: str | None = "B3") -> tuple[ScoreExplanation, ...]:
    """The hand of expected_hand item by item (HT-SCORE-1 to HT-SCORE-3)."""
    return (
        # Seat 0 won R4: red is collected, +1.
        ScoreExplanation(1, (collected("red", 1), scores("R4")), "Hand score"),
        # Seat 1 won nothing and passed nothing.
        ScoreExplanation(0, (), "Hand score"),
        # Seat 2 won G3 (+1) and passed B3 (-2).
        ScoreExplanation(
            -1, (collected("green", 1), scores("G3"), passed_item(seat_2_passed)), "Hand score"
        ),
        # Seat 3 won three blue cards (+3) and two green ones (-2).
        ScoreExplanation(
            1,
            (
                collected("blue", 3),
                scores("B1"),
                scores("B2"),
                scores("B4"),
                costs("G2"),
                costs("G4"),
            ),
            "Hand score",
        ),
    )


@pytest.mark.rule("HT-TRICK-1", "HT-SCORE-1", "HT-SCORE-2", "HT-SCORE-3")
def test_events_of_the_end_of_a_hand() -> None:
    state = play(start(), [*FIRST_TURN, *SECOND_TURN[:3]])
    found = events(state, Follow(0, Card.parse("B1")), 0)
    assert found == (
        CardFollowed(0, Card.parse("B1")),
        TrickTaken(
            Trick([(1, Card.parse("B2")), (3, Card.parse("B4")), (0, Card.parse("B1"))], 3),
            3,
            "HT-TRICK-1",
            BLUE_B2_B4_B1,
        ),
        TrickTaken(Trick([(2, Card.parse("G3"))], 2), 2, "HT-TRICK-1", GREEN_G3),
        TurnEnded(Turn(1, cards("B2 G3 B4 B1"), 3), 3, "HT-LEAD-2"),
        HandScored(expected_hand(0), (1, 0, -1, 1), expected_explanations()),
        HandStarted(1, 1, CardSet.parse("R4 G1 B1")),
    )
    viewed = events(state, Follow(0, Card.parse("B1")), 2)
    assert viewed[-2] == HandScored(expected_hand(2), (1, 0, -1, 1), expected_explanations())
    assert viewed[-1] == HandStarted(1, 1, CardSet.parse("R2 G3 B3"))


@pytest.mark.rule("HT-PASS-1", "HT-SCORE-3")
def test_the_hand_scores_explain_what_the_viewer_saw_under_passes_hidden() -> None:
    rules = attrs.evolve(SMALL, name="small-hidden", passed_cards=PassedCards.HIDDEN)
    state = play(start(rules), [*FIRST_TURN, *SECOND_TURN[:3]])
    move = Follow(0, Card.parse("B1"))
    # Seat 0 did not see seat 2's B3: an item without a card, at the same -2.
    (scored,) = [event for event in events(state, move, 0) if isinstance(event, HandScored)]
    assert scored.explanations == expected_explanations(seat_2_passed=None)
    assert scored.hand.scores == (1, 0, -1, 1)
    # Seat 2 passed it and sees it.
    (scored,) = [event for event in events(state, move, 2) if isinstance(event, HandScored)]
    assert scored.explanations == expected_explanations()


def test_events_of_the_end_of_the_game() -> None:
    rules = HattrickRules(name="small-1", highest=4, player_counts=(4,), hands_per_game=1)
    state = play(start(rules), [*FIRST_TURN, *SECOND_TURN[:3]])
    found = events(state, Follow(0, Card.parse("B1")), 1)
    assert found[-2:] == (
        HandScored(expected_hand(1), (1, 0, -1, 1), expected_explanations()),
        GameOver((1, 0, -1, 1), (0, 3)),
    )


def test_events_of_an_illegal_move_raise() -> None:
    with pytest.raises(IllegalMoveError, match="R1"):
        events(start(), Follow(1, Card.parse("R1")), 0)


# Properties over random games ------------------------------------------------------------


@pytest.mark.parametrize("preset", STICHELN_PRESETS)
def test_events_come_from_the_views_alone(preset: str) -> None:
    for i, (state, move) in enumerate(random_games(preset, 5)):
        if move is None:
            continue
        after = apply_move(state, move)
        hand_over = len(after.finished_hands) > len(state.finished_hands)
        for p in range(state.players) if hand_over else [i % state.players]:
            found = events(state, move, p)
            assert found == view_events(observe(state, p), observe(after, p), move)
            assert isinstance(found[0], TrickOpened | CardFollowed | CardPassed)
            if after.is_over and hand_over:
                assert found[-1] == GameOver(after.scores, after.winners)


def without_new_hand(found: tuple[WireValue, ...]) -> tuple[WireValue, ...]:
    return tuple(
        HandStarted(event.number, event.leader, CardSet())
        if isinstance(event, HandStarted)
        else event
        for event in found
    )


@pytest.mark.parametrize("preset", STICHELN_PRESETS)
def test_events_do_not_change_with_the_hidden_cards(preset: str) -> None:
    game = HattrickGame(HATTRICK.rules(preset))
    rng = random.Random(7)
    compared = 0
    for seed in range(7, 107):  # one seed's games for a whole deck, more for a tiny one
        for i, (state, move) in enumerate(random_games(preset, seed)):
            if move is None or i % 5:
                continue
            p = rng.randrange(state.players)
            sampled = game.sample_state(observe(state, p), rng)
            if move not in game.legal_moves(sampled, move.player):
                continue
            # The next hand's deal is hidden until it is dealt, so a sample deals another one.
            assert without_new_hand(events(sampled, move, p)) == without_new_hand(
                events(state, move, p)
            )
            compared += 1
        if compared > 20:
            break
    assert compared > 20
