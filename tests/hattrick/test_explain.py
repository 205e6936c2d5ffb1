"""Explanations of Hattrick's tricks and hand scores (sticheln.hattrick.explain), with values
worked out by hand, and their agreement with the engine over random games."""

from __future__ import annotations

import attrs
import pytest

from sticheln import (
    Card,
    CardError,
    CardSet,
    Color,
    Reason,
    ScoreExplanation,
    ScoreItem,
    UnknownPlayerError,
    WrongTypeError,
    find_game,
)
from sticheln import new_game as new_sticheln_game
from sticheln.hattrick import (
    HATTRICK,
    HATTRICK_PRESETS,
    PASSES_HIDDEN,
    HandScored,
    HattrickGame,
    HattrickRules,
    LeadCards,
    LeadTie,
    PassedCards,
    TrickTaken,
    Turn,
    events,
    explain_hand_score,
    explain_score,
    explain_trick,
    hand_score,
    new_game,
    observe,
    trick_taker,
)
from sticheln.hattrick.explain import explain_lead, trick_explanation
from tests.hattrick.test_engine import (
    MINI,
    MINI_DEAL,
    MINI_TURNS,
    TO_SIX,
    play,
    play_mini,
    play_two_hands,
)
from tests.plays import random_plays


def cards(text: str) -> list[Card]:
    return [Card.parse(name) for name in text.split()]


def opens(card: str, color: str) -> Reason:
    return Reason(
        f"{card} opens the trick: {color} is its colour, and only {color} cards are added to it",
        "HT-PLAY-1",
    )


# -- tricks --------------------------------------------------------------------------------------


@pytest.mark.rule("HT-PLAY-1", "HT-TRICK-1")
def test_the_highest_card_takes_the_trick_explained() -> None:
    explanation = explain_trick(cards("B7 B19 B2"))
    assert (explanation.winner, explanation.deciding) == (1, 2)
    assert explanation.cards == tuple(cards("B7 B19 B2"))
    assert str(explanation) == (
        "B19 wins.\n"
        "- B7 opens the trick: blue is its colour, and only blue cards are added to it"
        " (HT-PLAY-1).\n"
        "- B7 is lower than B19 (HT-TRICK-1).\n"
        "- B19 is the highest card of the trick (HT-TRICK-1).\n"
        "- B2 is lower than B19 (HT-TRICK-1)."
    )
    assert explanation.deciding_reason == Reason(
        "B19 is the highest card of the trick", "HT-TRICK-1"
    )


@pytest.mark.rule("HT-TRICK-1")
def test_the_leader_or_the_last_card_can_take_it() -> None:
    # By value, not by place: the first card is highest here, the last one there.
    first = explain_trick(cards("G20 G1 G13 G19"))
    assert (first.winner, first.deciding) == (0, 1)
    assert [reason.text for reason in first.reasons[1:]] == [
        "G20 is the highest card of the trick",
        "G1 is lower than G20",
        "G13 is lower than G20",
        "G19 is lower than G20",
    ]
    last = explain_trick(cards("R2 R3 R1 R4 R12 R11"))
    assert (last.winner, last.deciding) == (4, 5)
    assert [reason.rule for reason in last.reasons] == ["HT-PLAY-1", *["HT-TRICK-1"] * 6]


@pytest.mark.rule("HT-TRICK-1", "HT-PLAY-1")
def test_a_trick_of_one_card_goes_to_its_player() -> None:
    explanation = explain_trick(cards("G4"))
    assert explanation.winner == 0
    assert explanation.reasons == (
        opens("G4", "green"),
        Reason("G4 is the only card of the trick, so its highest", "HT-TRICK-1"),
    )
    assert explanation.deciding == 1
    assert str(explanation).splitlines()[0] == "G4 wins."


@pytest.mark.rule("HT-PLAY-3", "HT-TRICK-1")
def test_a_passed_card_is_in_no_trick_of_the_turn() -> None:
    # R10 opens red, B4 blue, R12 follows red, G15 is passed: G15 is higher than every card
    # of the tricks and takes neither; the red trick goes to R12, the blue one to B4.
    turn = Turn(0, tuple(cards("R10 B4 R12 G15")), 1)
    red, blue = (explain_trick(trick.cards) for trick in turn.tricks)
    assert red.cards == tuple(cards("R10 R12"))
    assert (red.winner, str(red.deciding_reason)) == (
        1,
        "R12 is the highest card of the trick (HT-TRICK-1).",
    )
    assert red.reasons[1] == Reason("R10 is lower than R12", "HT-TRICK-1")
    assert blue.cards == tuple(cards("B4"))
    assert all("G15" not in reason.text for reason in (*red.reasons, *blue.reasons))


@pytest.mark.rule("HT-PLAY-1", "HT-TRICK-1")
def test_no_trick_of_hattrick_holds_two_colours_or_a_card_twice() -> None:
    # One colour means values that differ: a tie cannot happen, and a mix is refused rather
    # than explained with a sentence that would not be true.
    with pytest.raises(CardError, match=r"one colour \(HT-PLAY-1\): R5 leads a red trick, G9"):
        explain_trick(cards("R5 G9"))
    with pytest.raises(CardError, match="R5 twice"):
        explain_trick(cards("R5 R7 R5"))
    with pytest.raises(ValueError, match="at least one card"):
        explain_trick([])
    with pytest.raises(WrongTypeError, match="is not a Card"):
        explain_trick(["R5"])  # type: ignore[list-item]  # a wrong type on purpose
    with pytest.raises(WrongTypeError, match="must be a sequence of Card values"):
        explain_trick("R5")  # type: ignore[arg-type]  # a wrong type on purpose


def test_the_explained_winner_is_trick_takers() -> None:
    for text in ["R1", "R1 R2", "B20 B1", "G3 G7 G5 G6 G4"]:
        assert explain_trick(cards(text)).winner == trick_taker(cards(text))


# -- a hand score, item by item ------------------------------------------------------------------


def collected(color: str, count: int) -> ScoreItem:
    won = "card" if count == 1 else "cards"
    text = f"{color} is the collected colour: {count} {color} {won} won, more than of any"
    return ScoreItem(None, 0, Reason(f"{text} other colour", "HT-SCORE-1"))


def scores(card: str) -> ScoreItem:
    text = f"{card} is in the collected colour and scores one point"
    return ScoreItem(Card.parse(card), 1, Reason(text, "HT-SCORE-1"))


def costs(card: str) -> ScoreItem:
    text = f"{card} is not in the collected colour and costs one point"
    return ScoreItem(Card.parse(card), -1, Reason(text, "HT-SCORE-2"))


def passed(card: str | None, collected_colour: bool = False) -> ScoreItem:
    if card is None:
        text = "a passed card, its face not seen here, costs two points whatever its colour"
    elif collected_colour:
        text = f"{card} was passed and costs two points, even in the collected colour"
    else:
        text = f"{card} was passed and costs two points, whatever its colour"
    return ScoreItem(None if card is None else Card.parse(card), -2, Reason(text, "HT-SCORE-3"))


@pytest.mark.rule("HT-SCORE-1", "HT-SCORE-2")
def test_the_example_of_luding_item_by_item() -> None:
    # 8 red, 4 green, 3 blue: 8 - 4 - 3 = 1 (docs/rules/hattrick.rst, HT-SCORE-2).
    won = CardSet.of(
        [Card(Color.RED, v) for v in range(1, 9)]
        + [Card(Color.GREEN, v) for v in range(1, 5)]
        + [Card(Color.BLUE, v) for v in range(1, 4)]
    )
    explanation = explain_hand_score(won, [])
    assert explanation == ScoreExplanation(
        1,
        (
            collected("red", 8),
            *(scores(f"R{v}") for v in range(1, 9)),
            *(costs(f"G{v}") for v in range(1, 5)),
            *(costs(f"B{v}") for v in range(1, 4)),
        ),
        "Hand score",
    )


@pytest.mark.rule("HT-SCORE-1", "HT-SCORE-2", "HT-SCORE-3")
def test_a_pass_costs_two_points_even_in_the_collected_colour() -> None:
    # R3 R9 R17 G4 B20 won, R5 and G8 passed: +3 - 2 - 4 = -3.
    explanation = explain_hand_score(CardSet.parse("R3 R9 R17 G4 B20"), CardSet.parse("R5 G8"))
    assert str(explanation) == "\n".join(
        [
            "Hand score -3:",
            "  +0 red is the collected colour: 3 red cards won, more than of any other colour"
            " (HT-SCORE-1).",
            "  +1 R3 is in the collected colour and scores one point (HT-SCORE-1).",
            "  +1 R9 is in the collected colour and scores one point (HT-SCORE-1).",
            "  +1 R17 is in the collected colour and scores one point (HT-SCORE-1).",
            "  -1 G4 is not in the collected colour and costs one point (HT-SCORE-2).",
            "  -1 B20 is not in the collected colour and costs one point (HT-SCORE-2).",
            "  -2 R5 was passed and costs two points, even in the collected colour (HT-SCORE-3).",
            "  -2 G8 was passed and costs two points, whatever its colour (HT-SCORE-3).",
        ]
    )


@pytest.mark.rule("HT-SCORE-1", "HT-SCORE-2")
def test_a_tie_for_the_most_won_colour_names_the_colours_and_scores_the_same() -> None:
    # G1 G2 B1 B2 R5: green and blue tie with 2 each: 2 - 3 = -1 whichever is collected.
    won = CardSet.parse("G1 G2 B1 B2 R5")
    green = explain_hand_score(won, [])
    tie = (
        "green and blue tie for the most cards won, 2 each: either can be the collected "
        "colour, with the same score"
    )
    assert green == ScoreExplanation(
        -1,
        (
            ScoreItem(None, 0, Reason(f"{tie}; green is counted as collected", "HT-SCORE-1")),
            scores("G1"),
            scores("G2"),
            costs("R5"),
            costs("B1"),
            costs("B2"),
        ),
        "Hand score",
    )
    # With the colours in another order (as collecting_color takes them), blue is counted.
    blue = explain_hand_score(won, [], [Color.BLUE, Color.GREEN, Color.RED])
    assert blue.total == -1
    assert blue.items[0].reason.text == (
        "blue and green tie for the most cards won, 2 each: either can be the collected "
        "colour, with the same score; blue is counted as collected"
    )
    assert [item.points for item in blue.items[1:]] == [1, 1, -1, -1, -1]
    assert [str(item.card) for item in blue.items[1:3]] == ["B1", "B2"]
    # Three colours, one card each: 1 - 2 = -1.
    three = explain_hand_score(CardSet.parse("R1 G1 B1"), [])
    assert three.total == -1
    assert three.items[0].reason == Reason(
        "red, green and blue tie for the most cards won, 1 each: any of them can be the "
        "collected colour, with the same score; red is counted as collected",
        "HT-SCORE-1",
    )


@pytest.mark.rule("HT-SCORE-3", "HT-PASS-1")
def test_cards_passed_face_down_are_items_without_a_card() -> None:
    explanation = explain_hand_score([], [None, Card.parse("B3"), None])
    assert explanation == ScoreExplanation(
        -6, (passed("B3"), passed(None), passed(None)), "Hand score"
    )
    assert explain_hand_score(CardSet(), CardSet()) == ScoreExplanation(0, (), "Hand score")


def test_the_itemiser_reads_an_iterator_once_and_names_wrong_arguments() -> None:
    won = iter(cards("R1 R2 G3"))
    assert explain_hand_score(won, iter([None])).total == 2 - 1 - 2
    with pytest.raises(WrongTypeError, match="won: 5 is not a Card"):
        explain_hand_score([5], [])  # type: ignore[list-item]  # a wrong type on purpose
    with pytest.raises(WrongTypeError, match="won must be cards"):
        explain_hand_score("R1", [])  # type: ignore[arg-type]  # a wrong type on purpose
    with pytest.raises(WrongTypeError, match="passed: 'B1' is not a Card or None"):
        explain_hand_score([], ["B1"])  # type: ignore[list-item]  # a wrong type on purpose
    with pytest.raises(WrongTypeError, match="passed must be the passed cards, got 2"):
        explain_hand_score([], 2)  # type: ignore[arg-type]  # a wrong type on purpose
    with pytest.raises(WrongTypeError, match="colors"):
        explain_hand_score([], [], ["R"])  # type: ignore[list-item]  # a wrong type on purpose
    with pytest.raises(CardError, match="at most the"):
        explain_hand_score([], [None] * 1000)


# -- a player's score of a hand, from the hand or from a state -----------------------------------

# The mini hand of tests/hattrick/test_engine.py, scores -1, +1, 0, -1.
SEAT_0 = (  # won R8 R5 B7 B6 R3, passed G5: +3 - 2 - 2 = -1
    collected("red", 3),
    scores("R3"),
    scores("R5"),
    scores("R8"),
    costs("B6"),
    costs("B7"),
)
SEAT_1 = ScoreExplanation(  # won G8 R7 R6 B5 B3 R4 R1, passed nothing: +4 - 1 - 2 = +1
    1,
    (
        collected("red", 4),
        scores("R1"),
        scores("R4"),
        scores("R6"),
        scores("R7"),
        costs("G8"),
        costs("B3"),
        costs("B5"),
    ),
    "Hand score",
)


@pytest.mark.rule("HT-SCORE-1", "HT-SCORE-2", "HT-SCORE-3")
def test_the_score_of_a_finished_hand_for_each_player() -> None:
    hand = play_mini().finished_hands[0]
    assert explain_score(hand, 0) == ScoreExplanation(-1, (*SEAT_0, passed("G5")), "Hand score")
    assert explain_score(hand, 1) == SEAT_1
    # P2 won G7 G2 and passed B8: +2 - 2 = 0.
    assert explain_score(hand, 2) == ScoreExplanation(
        0, (collected("green", 2), scores("G2"), scores("G7"), passed("B8")), "Hand score"
    )
    # P3 won G6 G1 R2 and passed B4: +2 - 1 - 2 = -1.
    assert explain_score(hand, 3).total == -1


@pytest.mark.rule("HT-PASS-1", "HT-SCORE-3")
def test_the_score_of_a_hand_seen_with_passes_hidden() -> None:
    hidden = attrs.evolve(MINI, name="mini-hidden", passed_cards=PassedCards.HIDDEN)
    state = play_mini(hidden)
    seen_by_1 = observe(state, 1).finished_hands[0]
    assert seen_by_1.passed[0] is None  # P1 did not see P0's G5
    assert explain_score(seen_by_1, 0) == ScoreExplanation(
        -1, (*SEAT_0, passed(None)), "Hand score"
    )
    assert explain_score(seen_by_1, 0).total == seen_by_1.scores[0]
    assert explain_score(seen_by_1, 1) == SEAT_1
    # P0 sees their own pass, and what the full state holds.
    seen_by_0 = observe(state, 0).finished_hands[0]
    assert explain_score(seen_by_0, 0) == explain_score(state.finished_hands[0], 0)
    assert explain_score(seen_by_0, 0).items[-1] == passed("G5")


@pytest.mark.rule("HT-SCORE-1", "HT-SCORE-3")
def test_the_score_of_a_hand_in_progress_as_it_stands() -> None:
    state = new_game(4, rules=MINI, deals=[MINI_DEAL])
    assert explain_score(state, 0) == ScoreExplanation(0, (), "Hand score")
    for seat, name in MINI_TURNS[0][:3]:  # R8, G8, and B8 passed: no trick taken yet
        state = play(state, seat, name)
    assert explain_score(state, 0) == ScoreExplanation(0, (), "Hand score")
    assert explain_score(state, 2) == ScoreExplanation(-2, (passed("B8"),), "Hand score")
    state = play(state, *MINI_TURNS[0][3])  # R5: red R8 R5 to P0, green G8 to P1
    assert explain_score(state, 0) == ScoreExplanation(
        2, (collected("red", 2), scores("R5"), scores("R8")), "Hand score"
    )
    assert explain_score(state, 1) == ScoreExplanation(
        1, (collected("green", 1), scores("G8")), "Hand score"
    )


@pytest.mark.rule("HT-SCORE-1", "HT-SCORE-3", "HT-GAME-3")
def test_the_score_of_a_finished_game_is_its_last_hands() -> None:
    # Two hands to the target of 6 (tests/hattrick/test_engine.py); in hand 2 P0 won B7 and
    # passed B3 B4 B5 B6: +1 - 8 = -7.
    state = play_two_hands(TO_SIX)
    assert state.is_over
    assert explain_score(state, 0) == ScoreExplanation(
        -7,
        (
            collected("blue", 1),
            scores("B7"),
            *(passed(name, collected_colour=True) for name in ["B3", "B4", "B5", "B6"]),
        ),
        "Hand score",
    )
    assert [explain_score(state, p).total for p in range(4)] == [-7, 5, 0, 7]
    # The hand just dealt, before anyone played: nothing yet.
    after_one = new_game(4, rules=TO_SIX, deals=[MINI_DEAL] * 3)
    for turn in MINI_TURNS:
        for seat, name in turn:
            after_one = play(after_one, seat, name)
    assert after_one.hand_number == 1
    assert explain_score(after_one, 1) == ScoreExplanation(0, (), "Hand score")


def test_explain_score_names_a_wrong_deal_or_player() -> None:
    state = play_mini()
    message = "deal must be a FinishedHand or a HattrickState"
    for deal in [None, observe(state, 0), new_sticheln_game(3, seed=1), state.setup]:
        with pytest.raises(WrongTypeError, match=message):
            explain_score(deal, 0)  # type: ignore[arg-type]  # a wrong type on purpose
    with pytest.raises(UnknownPlayerError, match="player 4 is not a seat"):
        explain_score(state.finished_hands[0], 4)
    with pytest.raises(UnknownPlayerError, match="player -1 is not a seat"):
        explain_score(state, -1)
    with pytest.raises(WrongTypeError, match="player must be a seat number"):
        explain_score(state, "0")  # type: ignore[arg-type]  # a wrong type on purpose
    with pytest.raises(WrongTypeError, match="player must be a seat number"):
        explain_score(state.finished_hands[0], True)


# -- through the protocol ------------------------------------------------------------------------


def test_the_game_explains_through_the_protocol() -> None:
    trick = cards("R10 R12")
    for rules in (HattrickRules(), PASSES_HIDDEN, TO_SIX):
        explanation = HattrickGame(rules).explain_trick(trick)
        assert explanation == explain_trick(trick)
        assert explanation is not None
        assert explanation.winner == 1
    assert find_game("hattrick").explain_trick(trick) == explain_trick(trick)
    state = play_mini()
    game = HattrickGame(MINI)
    assert game.explain_score(state.finished_hands[0], 1) == SEAT_1
    assert game.explain_score(state, 1) == SEAT_1
    assert HATTRICK.explain_trick is trick_explanation
    assert HATTRICK.explain_score is explain_score


# -- who leads the next turn ---------------------------------------------------------------------


def a_turn(leader: int, text: str, next_leader: int) -> Turn:
    """A turn led by ``leader`` with the cards ``text`` (``?`` a card passed face down)."""
    return Turn(
        leader, tuple(None if n == "?" else Card.parse(n) for n in text.split()), next_leader
    )


def lead(text: str) -> Reason:
    return Reason(text, "HT-LEAD-2")


@pytest.mark.rule("HT-LEAD-2")
def test_the_highest_card_of_the_tricks_leads_next_explained() -> None:
    # #1's R18 is the highest card; B15 opens the blue trick.
    assert explain_lead(a_turn(0, "R10 R18 B15 R11", 1)) == lead(
        "R18 is the highest card of the tricks"
    )
    # G20 is passed (red and blue are open): it does not count, R5 does.
    assert explain_lead(a_turn(2, "R3 B4 G20 R5", 1)) == lead(
        "R5 is the highest card of the tricks"
    )


@pytest.mark.rule("HT-LEAD-2")
def test_a_passed_card_counts_when_the_rules_say_so() -> None:
    rules = HattrickRules(lead_cards=LeadCards.TURN)
    # Seat 2 passes G20 (red and blue are open), the highest card of the whole turn.
    assert explain_lead(a_turn(0, "R3 B4 G20 R5", 2), rules) == lead(
        "G20 is the highest card of the turn, passed cards included"
    )


@pytest.mark.rule("HT-LEAD-2")
def test_a_tie_for_the_highest_card_goes_to_the_next_lower_card() -> None:
    # R8 and G8 tie, R5 is the next lower card: seat 3 leads.
    assert explain_lead(a_turn(0, "R8 G8 B8 R5", 3)) == lead(
        "R8 and G8 tie for the highest card of the tricks, so the next lower card counts: R5"
    )
    # The 8s tie and so do the 5s: R3, the highest value played once, leads (seat 4 of 5).
    assert explain_lead(a_turn(0, "R8 G8 R5 G5 R3", 4)) == lead(
        "R8 and G8 tie for the highest card of the tricks, and so do R5 and G5, so the next "
        "lower card counts: R3"
    )
    # No value was played once: the earliest of the highest, R8 of seat 1, leads.
    assert explain_lead(a_turn(1, "R8 G8 R5 G5", 1)) == lead(
        "R8 and G8 tie for the highest card of the tricks, and no value was played only once, "
        "so the earlier counts: R8"
    )


@pytest.mark.rule("HT-LEAD-2")
def test_under_the_earliest_rule_the_first_of_the_tied_cards_leads() -> None:
    rules = HattrickRules(lead_tie=LeadTie.EARLIEST)
    assert explain_lead(a_turn(2, "G8 R8 R5 R3", 2), rules) == lead(
        "G8 and R8 tie for the highest card of the tricks, so the earlier counts: G8"
    )
    # Under LeadCards.TURN the passed B9 ties too.
    whole = attrs.evolve(rules, lead_cards=LeadCards.TURN)
    assert explain_lead(a_turn(0, "R9 G9 R5 G3 B9", 0), whole) == lead(
        "R9, G9 and B9 tie for the highest card of the turn, passed cards included, so the "
        "earliest counts: R9"
    )


@pytest.mark.rule("HT-LEAD-2", "HT-PASS-1")
def test_a_card_passed_face_down_never_counts() -> None:
    assert explain_lead(a_turn(0, "R3 B4 ? R5", 3), PASSES_HIDDEN) == lead(
        "R5 is the highest card of the tricks"
    )


def test_a_lead_that_the_rules_do_not_give_is_refused() -> None:
    with pytest.raises(ValueError, match="R18 names seat 1 to lead next, not seat 2"):
        explain_lead(a_turn(0, "R10 R18 B15 R11", 2))
    with pytest.raises(WrongTypeError, match="turn must be a Turn"):
        explain_lead(cards("R10 R18"))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="rules must be HattrickRules"):
        explain_lead(a_turn(0, "R10 R18 B15 R11", 1), "amigo-1995")  # type: ignore[arg-type]


# -- agreement with the engine over random games -------------------------------------------------


@pytest.mark.rule("HT-TRICK-1", "HT-SCORE-1", "HT-SCORE-2", "HT-SCORE-3", "HT-PASS-1", "HT-LEAD-2")
@pytest.mark.parametrize("preset", sorted(HATTRICK_PRESETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_explanations_agree_with_the_engine_in_random_games(preset: str, seed: int) -> None:
    game = HattrickGame(HATTRICK.rules(preset))
    tricks = hands = unseen = 0
    for players in game.player_counts:
        final = None
        for i, (state, move) in enumerate(random_plays(game, players, seed)):
            if move is None:
                final = state
                break
            if i % 7 == 0:  # the hand in progress, as it stands
                for p in range(players):
                    as_it_stands = explain_score(state, p)
                    assert as_it_stands.total == hand_score(state.won[p], len(state.passed[p]))
                    assert as_it_stands.total == sum(item.points for item in as_it_stands.items)
            viewer = i % players
            for event in events(state, move, viewer):
                if isinstance(event, TrickTaken):
                    explanation = event.explanation
                    assert explanation.cards == event.trick.cards
                    assert explanation.winner == trick_taker(event.trick.cards)
                    assert event.trick.seats[explanation.winner] == event.winner
                    assert explanation.deciding == explanation.winner + 1
                    tricks += 1
                elif isinstance(event, HandScored):
                    assert [e.total for e in event.explanations] == list(event.hand.scores)
        assert final is not None
        assert final.is_over
        for hand in final.finished_hands:
            for turn in hand.turns:  # every trick the engine gave someone, and every lead
                reason = explain_lead(turn, game.rules)  # raises unless it names next_leader
                assert reason.rule == "HT-LEAD-2"
                at = hand.turns.index(turn)
                for viewer in range(players):  # the same from what each player saw
                    seen_turn = observe(final, viewer).finished_hands[hand.number].turns[at]
                    assert explain_lead(seen_turn, game.rules) == reason
                for trick in turn.tricks:
                    explanation = explain_trick(trick.cards)
                    assert explanation.winner == trick_taker(trick.cards)
                    assert explanation.winner is not None
                    assert trick.seats[explanation.winner] == trick.winner
                    tricks += 1
            seen = [observe(final, v).finished_hands[hand.number] for v in range(players)]
            for p in range(players):
                for deal in (hand, *seen):
                    score = explain_score(deal, p)
                    assert score.total == hand.scores[p]
                    assert sum(item.points for item in score.items) == hand.scores[p]
                    unseen += sum(item.card is None and item.points < 0 for item in score.items)
                hands += 1
        last = final.finished_hands[-1]
        assert [explain_score(final, p) for p in range(players)] == [
            explain_score(last, p) for p in range(players)
        ]
    assert tricks > 0
    assert hands > 0
    # Under passes-hidden, some passed cards were explained without their face.
    assert (unseen > 0) is (game.rules.passed_cards is PassedCards.HIDDEN)
