"""Explanations of Stichling's tricks and hand scores (sticheln.stichling.explain), worked out
by hand, through the protocol, and over random games."""

from __future__ import annotations

import random

import attrs
import pytest

from sticheln import (
    SPECTATOR,
    Card,
    CardError,
    Reason,
    ScoreExplanation,
    ScoreItem,
    UnknownPlayerError,
    WrongTypeError,
    find_game,
)
from sticheln.stichling import (
    STICHLING,
    STICHLING_PRESETS,
    ArrangePoints,
    CountedCards,
    Discards,
    HandScored,
    OpenAtEnd,
    StichlingGame,
    StichlingRules,
    StichlingState,
    TrickCompleted,
    apply_move,
    events,
    explain_hand_score,
    explain_score,
    explain_trick,
    hand_score,
    marker_index,
    new_game,
    observe,
    parse_move,
)
from tests.plays import random_plays
from tests.stichling.test_wire import DEAL, TEXTS


def cards(text: str) -> list[Card]:
    return [Card.parse(name) for name in text.split()]


# Tricks ----------------------------------------------------------------------------------


@pytest.mark.rule("SL-PLAY-2", "SL-TRICK-1", "SL-PLAY-5")
def test_a_trick_with_a_discard_explained() -> None:
    # R5 leads red; R6 is the highest red card; G4 is a discard; R1 is lower than R6.
    explanation = explain_trick(cards("R5 R6 G4 R1"))
    assert (explanation.winner, explanation.deciding) == (1, 2)
    assert str(explanation) == (
        "R6 wins.\n"
        "- R5 opens the trick: red is its led colour (SL-PLAY-2).\n"
        "- R5 is lower than R6 and does not hold the marker (SL-TRICK-1).\n"
        "- R6 is the highest card of the led colour and holds the marker (SL-TRICK-1).\n"
        "- G4 is a discard of another colour and never holds the marker (SL-PLAY-5).\n"
        "- R1 is lower than R6 and does not hold the marker (SL-TRICK-1)."
    )


@pytest.mark.rule("SL-TRICK-1", "SL-PLAY-5")
def test_discards_higher_than_the_led_cards_do_not_take_the_marker() -> None:
    # Y9 leads; B15 and R14 are higher but of other colours; Y2 is lower than Y9.
    explanation = explain_trick(cards("Y9 B15 R14 Y2"))
    assert (explanation.winner, explanation.deciding) == (0, 1)
    assert [(r.text, r.rule) for r in explanation.reasons] == [
        ("Y9 opens the trick: yellow is its led colour", "SL-PLAY-2"),
        ("Y9 is the highest card of the led colour and holds the marker", "SL-TRICK-1"),
        ("B15 is a discard of another colour and never holds the marker", "SL-PLAY-5"),
        ("R14 is a discard of another colour and never holds the marker", "SL-PLAY-5"),
        ("Y2 is lower than Y9 and does not hold the marker", "SL-TRICK-1"),
    ]


@pytest.mark.rule("SL-TRICK-1", "SL-PLAY-2")
def test_the_only_card_of_the_led_colour_holds_the_marker() -> None:
    alone = explain_trick(cards("B7"))
    assert (alone.winner, alone.deciding) == (0, 1)
    assert alone.reasons == (
        Reason("B7 opens the trick: blue is its led colour", "SL-PLAY-2"),
        Reason("B7 is the only card of the led colour and holds the marker", "SL-TRICK-1"),
    )
    with_discards = explain_trick(cards("G3 R15 B14 Y13"))
    assert with_discards.winner == 0
    assert str(with_discards.deciding_reason) == (
        "G3 is the only card of the led colour and holds the marker (SL-TRICK-1)."
    )


@pytest.mark.rule("SL-TRICK-1")
def test_the_marker_moves_to_the_last_and_highest_card() -> None:
    # B1, then B2 and B4 each higher: the fourth card, B4, holds the marker.
    explanation = explain_trick(cards("B1 B2 R9 B4"))
    assert (explanation.winner, explanation.deciding) == (3, 4)
    assert explanation.reasons[1:3] == (
        Reason("B1 is lower than B4 and does not hold the marker", "SL-TRICK-1"),
        Reason("B2 is lower than B4 and does not hold the marker", "SL-TRICK-1"),
    )
    assert str(explanation).splitlines()[0] == "B4 wins."


@pytest.mark.rule("SL-TRICK-1", "SL-TRICK-2")
def test_the_explanation_is_the_same_whichever_cards_count() -> None:
    # Under CountedCards.LED_COLOR the discard R14 does not count toward the four cards; it
    # holds the marker no more for that.
    trick = cards("B3 R14 B5")
    led_only = StichlingRules(name="led-only", counted_cards=CountedCards.LED_COLOR)
    explained = StichlingGame(led_only).explain_trick(trick)
    assert explained == StichlingGame().explain_trick(trick) == explain_trick(trick)
    assert explained is not None
    assert (explained.winner, explained.deciding_reason.rule) == (2, "SL-TRICK-1")


def test_a_trick_must_be_cards() -> None:
    with pytest.raises(ValueError, match="at least one card"):
        explain_trick([])
    with pytest.raises(WrongTypeError):
        explain_trick(["R5", "R6"])  # type: ignore[list-item]  # not cards, on purpose
    with pytest.raises(WrongTypeError):
        explain_trick(None)  # type: ignore[arg-type]  # the wrong type on purpose


# Hand scores -----------------------------------------------------------------------------


@pytest.mark.rule("SL-VP-3", "SL-SCORE-1")
def test_a_hand_score_explained_item_by_item() -> None:
    # The row 3, 1, 2: the first trick turns up 3, the second 1, the third 2, the fourth 3.
    assert [explain_hand_score((3, 1, 2), t).total for t in range(8)] == [0, 3, 1, 2, 3, 1, 2, 3]
    assert str(explain_hand_score((3, 1, 2), 1)) == (
        "Hand score +3:\n"
        "  +0 1 trick won: the first card of the row is face up (SL-VP-3).\n"
        "  +3 the first card of the row, 3, is face up and scores its value (SL-SCORE-1)."
    )
    assert explain_hand_score((3, 1, 2), 5) == ScoreExplanation(
        1,
        (
            ScoreItem(
                None,
                0,
                Reason("5 tricks won: the second card of the row is face up again", "SL-VP-3"),
            ),
            ScoreItem(
                None,
                1,
                Reason(
                    "the second card of the row, 1, is face up and scores its value", "SL-SCORE-1"
                ),
            ),
        ),
        "Hand score",
    )


@pytest.mark.rule("SL-SCORE-1")
def test_no_trick_no_points() -> None:
    assert explain_hand_score((3, 1, 2), 0) == ScoreExplanation(
        0,
        (
            ScoreItem(
                None,
                0,
                Reason(
                    "no trick won: no card of the row is face up, and the hand scores nothing",
                    "SL-SCORE-1",
                ),
            ),
        ),
        "Hand score",
    )


@pytest.mark.rule("SL-VP-4", "SL-SCORE-1")
def test_a_row_seen_in_part_is_explained_by_its_card_face_up() -> None:
    # Seen after two tricks: 3 and 1 turned up, the third card unseen.
    assert explain_hand_score((3, 1, None), 2).total == 1
    assert explain_hand_score([None, 6, None], 2).items[1].reason.text == (
        "the second card of the row, 6, is face up and scores its value"
    )
    with pytest.raises(CardError, match="the third card of the row is face up after 3 tricks"):
        explain_hand_score((3, 1, None), 3)


def test_a_hand_score_needs_a_row_and_a_number() -> None:
    with pytest.raises(WrongTypeError, match="order must be a sequence of ints and None"):
        explain_hand_score("312", 1)  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(WrongTypeError, match="order must be a sequence of ints and None"):
        explain_hand_score((3, "1", 2), 1)  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(CardError, match="three victory-point values"):
        explain_hand_score((3, 1), 1)
    with pytest.raises(WrongTypeError, match="tricks must be an int"):
        explain_hand_score((3, 1, 2), "1")  # type: ignore[arg-type]  # the wrong type on purpose


# A player's score of a hand: from a finished hand, a view's, or a state -----------------


def worked_hand() -> StichlingState:
    """The worked hand of docs/rules/stichling.rst, played out: seat 0 (row 3, 2, 1) wins
    two tricks and scores 2, seat 1 (row 2, 3, 1) wins three and scores 1."""
    state = new_game(2, deals=[DEAL] * 3)
    state = apply_move(state, ArrangePoints(0, (3, 2, 1)))
    state = apply_move(state, ArrangePoints(1, (2, 3, 1)))
    for turn, text in enumerate(TEXTS):
        state = apply_move(state, parse_move(state, turn % 2, text))
    return state


SEAT_0 = ScoreExplanation(
    2,
    (
        ScoreItem(
            None, 0, Reason("2 tricks won: the second card of the row is face up", "SL-VP-3")
        ),
        ScoreItem(
            None,
            2,
            Reason("the second card of the row, 2, is face up and scores its value", "SL-SCORE-1"),
        ),
    ),
    "Hand score",
)
"""Seat 0's score of the worked hand: two tricks turn up the second card of 3, 2, 1."""


@pytest.mark.rule("SL-VP-3", "SL-SCORE-1")
def test_the_score_of_a_finished_hand_explained_for_each_player() -> None:
    hand = worked_hand().finished_hands[0]
    assert explain_score(hand, 0) == SEAT_0
    assert [str(item) for item in explain_score(hand, 1).items] == [
        "+0 3 tricks won: the third card of the row is face up (SL-VP-3).",
        "+1 the third card of the row, 1, is face up and scores its value (SL-SCORE-1).",
    ]
    assert explain_score(hand, 1).total == 1


@pytest.mark.rule("SL-VP-4", "SL-SCORE-1")
def test_the_score_of_a_hand_seen_in_a_view_says_only_what_is_seen() -> None:
    state = worked_hand()
    # Seat 1 saw the first two cards of seat 0's row turned up: 3, then 2, face up at the end.
    seen = observe(state, 1).finished_hands[0]
    assert seen.orders[0] == (3, 2, None)
    assert explain_score(seen, 0) == SEAT_0
    # A spectator saw the same; the hidden third card is named nowhere.
    watched = observe(state, SPECTATOR).finished_hands[0]
    assert explain_score(watched, 0) == SEAT_0
    assert all("1" not in item.reason.text for item in explain_score(watched, 0).items)
    # A hand whose rows show nothing: the score of the hand gives the card face up.
    blank = attrs.evolve(seen, orders=((None, None, None), (None, None, None)))
    assert explain_score(blank, 0) == SEAT_0
    assert explain_score(blank, 1).total == 1 == blank.scores[1]


@pytest.mark.rule("SL-VP-3", "SL-SCORE-1")
def test_the_score_of_a_hand_in_progress_explained_as_it_stands() -> None:
    state = new_game(2, deals=[DEAL] * 3)
    nothing = explain_score(state, 0)  # no row laid down, no trick won
    assert (nothing.total, [i.reason.rule for i in nothing.items]) == (0, ["SL-SCORE-1"])
    state = apply_move(state, ArrangePoints(0, (3, 2, 1)))
    state = apply_move(state, ArrangePoints(1, (2, 3, 1)))
    for turn, text in enumerate(TEXTS[:6]):  # R2 completes trick A for seat 1
        state = apply_move(state, parse_move(state, turn % 2, text))
    assert explain_score(state, 1).total == 2  # the first card of 2, 3, 1
    assert explain_score(state, 1).items[0].reason.text == (
        "1 trick won: the first card of the row is face up"
    )
    assert explain_score(state, 0) == nothing


@pytest.mark.rule("SL-VP-3", "SL-SCORE-1", "SL-GAME-1")
def test_the_score_of_a_finished_game_is_that_of_its_last_hand() -> None:
    # Three hands of the worked hand's play: in hand 2 seat 1 leads (SL-LEAD-2) and holds
    # seat 0's cards, so the seats swap parts; hand 3 is the worked hand again.
    state = new_game(2, deals=[DEAL, DEAL[::-1], DEAL])
    rows = [((3, 2, 1), (2, 3, 1)), ((2, 4, 6), (6, 2, 4)), ((9, 6, 3), (3, 9, 6))]
    for number, (first, second) in enumerate(rows):
        state = apply_move(state, ArrangePoints(0, first))
        state = apply_move(state, ArrangePoints(1, second))
        leader = number % 2
        for turn, text in enumerate(TEXTS):
            state = apply_move(state, parse_move(state, (leader + turn) % 2, text))
    assert state.is_over
    # Hand 2: seat 1 wins two tricks (second card, 2), seat 0 three (third card, 6). Hand 3:
    # seat 0 wins two (6), seat 1 three (6).
    assert [hand.scores for hand in state.finished_hands] == [(2, 1), (6, 2), (6, 6)]
    assert explain_score(state, 0).items[1].reason == Reason(
        "the second card of the row, 6, is face up and scores its value", "SL-SCORE-1"
    )
    assert explain_score(state, 1).total == 6
    assert explain_score(state, 1).items[0].reason.text == (
        "3 tricks won: the third card of the row is face up"
    )


def test_explain_score_names_a_wrong_deal_or_player() -> None:
    state = worked_hand()
    with pytest.raises(WrongTypeError, match="deal must be a FinishedHand or a StichlingState"):
        explain_score(None, 0)  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(WrongTypeError, match="deal must be a FinishedHand or a StichlingState"):
        explain_score(observe(state, 0), 0)  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(UnknownPlayerError, match="player 2 is not a seat"):
        explain_score(state.finished_hands[0], 2)
    with pytest.raises(UnknownPlayerError, match="player -1 is not a seat"):
        explain_score(state, -1)
    with pytest.raises(WrongTypeError, match="player must be a seat number"):
        explain_score(state, "0")  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(WrongTypeError, match="player must be a seat number"):
        explain_score(state.finished_hands[0], True)


def test_the_game_explains_through_the_protocol() -> None:
    game = find_game("stichling")
    trick = cards("R5 R6 G4 R1")
    assert game.explain_trick(trick) == explain_trick(trick)
    hand = worked_hand().finished_hands[0]
    assert game.explain_score(hand, 0) == SEAT_0
    # The state after the worked hand is in hand 2, whose rows are still to be laid down.
    in_progress = StichlingGame().explain_score(worked_hand(), 1)
    assert in_progress == explain_hand_score((2, 4, 6), 0)
    assert STICHLING.explain_score is explain_score


# Over random games -----------------------------------------------------------------------

RULES = [
    # The tiny preset's random games seldom complete a trick of four cards.
    *(STICHLING_PRESETS[name] for name in sorted(STICHLING_PRESETS) if name != "tiny"),
    StichlingRules(
        name="led-only-marker",
        counted_cards=CountedCards.LED_COLOR,
        open_at_end=OpenAtEnd.MARKER,
        discards=Discards.WHEN_NOTHING_FITS,
    ),
]


@pytest.mark.rule("SL-TRICK-1", "SL-TRICK-2", "SL-SCORE-1", "SL-VP-4")
@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.name)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_explanations_agree_with_the_engine_over_random_games(
    rules: StichlingRules, seed: int
) -> None:
    game = StichlingGame(rules)
    tricks = hands = 0
    for players in game.player_counts:
        viewer = random.Random(seed * 10 + players)
        for state, move in random_plays(game, players, seed, rng_seed=seed * 10 + players):
            if move is None:
                check_finished_hands(state)
                continue
            seat = viewer.randrange(players)
            for event in events(state, move, seat):
                if isinstance(event, TrickCompleted):
                    explanation = event.explanation
                    assert explanation.winner == marker_index(event.trick.cards)
                    assert event.trick.seats[explanation.winner] == event.winner
                    assert explanation.deciding == explanation.winner + 1
                    check_reasons(explanation.cards, explanation.reasons, explanation.winner)
                    tricks += 1
                elif isinstance(event, HandScored):  # from the hand as the seat sees it
                    assert [e.total for e in event.explanations] == list(event.hand.scores)
                    hands += 1
    assert tricks > 0
    assert hands == rules.hand_count * len(game.player_counts)


def check_reasons(cards: tuple[Card, ...], reasons: tuple[Reason, ...], marker: int) -> None:
    """The reasons of a trick say of each card what is true of it: the first names the led
    colour, a card of another colour is a discard, one of the led colour is lower than the
    marker's card or is that card."""
    led, best = cards[0].color, cards[marker]
    assert reasons[0] == Reason(
        f"{cards[0]} opens the trick: {led.name.lower()} is its led colour", "SL-PLAY-2"
    )
    assert len(reasons) == len(cards) + 1
    for i, (card, reason) in enumerate(zip(cards, reasons[1:], strict=True)):
        if card.color is not led:
            assert reason.rule == "SL-PLAY-5"
            assert reason.text.startswith(f"{card} is a discard")
        elif i == marker:
            assert reason.rule == "SL-TRICK-1"
            assert reason.text.endswith("and holds the marker")
        else:
            assert card.value < best.value
            assert reason.text == f"{card} is lower than {best} and does not hold the marker"


def check_finished_hands(final: StichlingState) -> None:
    """Every trick of every finished hand explained as the engine decided it, and every
    seat's score of every hand explained to its total, from the state and from each view."""
    views = [observe(final, p) for p in (*range(final.players), SPECTATOR)]
    for number, hand in enumerate(final.finished_hands):
        for trick in (*hand.tricks, *hand.left_open):
            assert explain_trick(trick.cards).winner == trick.top
        for p in range(final.players):
            order = [value for value in hand.orders[p] if value is not None]
            assert len(order) == 3  # the state's finished hands hide nothing
            score = hand_score(order, hand.tricks_won[p])
            assert explain_score(hand, p).total == score == hand.scores[p]
            for view in views:
                seen = explain_score(view.finished_hands[number], p)
                assert seen.total == score
                assert sum(item.points for item in seen.items) == score
    last = final.finished_hands[-1]
    assert [explain_score(final, p) for p in range(final.players)] == [
        explain_score(last, p) for p in range(final.players)
    ]
