"""Properties of Stichling that hold in every game: random games drawn by Hypothesis, checked
against reference functions written from the rules (not from the engine)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sticheln import Card, CardSet, Color
from sticheln.stichling import (
    AddToTrick,
    ArrangePoints,
    CountedCards,
    Discards,
    FullTie,
    HandLeader,
    OpenAtEnd,
    OpenTrick,
    Phase,
    RemovedCards,
    SameColor,
    StichlingMove,
    StichlingRecord,
    StichlingRules,
    StichlingState,
    StichlingTrick,
    apply_move,
    legal_moves,
    move_text,
    new_game,
    observe,
    parse_move,
    sample_state,
    trick_choices,
)

GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_strategy: st.SearchStrategy[StichlingRules] = st.builds(
    StichlingRules,
    name=st.just("drawn"),
    points=st.sampled_from([((1, 2, 3),), ((1, 3, 5), (2, 4, 6))]),
    removed_cards=st.sampled_from(RemovedCards),
    discards=st.sampled_from(Discards),
    same_color=st.sampled_from(SameColor),
    counted_cards=st.sampled_from(CountedCards),
    open_at_end=st.sampled_from(OpenAtEnd),
    hand_leader=st.sampled_from(HandLeader),
    full_tie=st.sampled_from(FullTie),
)
"""Rules with any options, and one or two hands to keep the games short."""


# -- references written from the rules ---------------------------------------------------------


def reference_moves(state: StichlingState, player: int) -> set[StichlingMove]:
    """The legal moves of ``player``, from the rules (SL-VP-2, SL-PLAY-1 to SL-PLAY-5)."""
    rules = state.rules
    if state.phase is Phase.ARRANGING:
        if state.orders[player] is not None:
            return set()
        a, b, c = rules.points[state.hand_number]
        orders = [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)]
        return {ArrangePoints(player, order) for order in orders}
    if state.phase is Phase.OVER or player != state.to_act:
        return set()
    colors = [trick.cards[0].color for trick in state.open_tricks]
    moves: set[StichlingMove] = set()
    for card in state.hands[player]:
        same = [i for i, color in enumerate(colors) if color == card.color]
        if len(colors) < 4 and (rules.same_color is SameColor.ALLOWED or not same):
            moves.add(OpenTrick(player, card))
        moves.update(AddToTrick(player, card, i) for i in same)
        if not same and (len(colors) == 4 or rules.discards is Discards.WHEN_NOTHING_FITS):
            moves.update(AddToTrick(player, card, i) for i in range(len(colors)))
    return moves


def reference_marker(trick: StichlingTrick) -> int:
    """The seat holding the marker: the highest card of the first card's colour (SL-TRICK-1)."""
    led = trick.plays[0][1].color
    return max((card.value, seat) for seat, card in trick.plays if card.color == led)[1]


def counted(trick: StichlingTrick, rules: StichlingRules) -> int:
    """The cards of a trick that count toward the four (SL-TRICK-2)."""
    if rules.counted_cards is CountedCards.ALL:
        return len(trick.cards)
    return sum(card.color == trick.plays[0][1].color for card in trick.cards)


def reference_score(order: tuple[int | None, ...], tricks: int) -> int:
    """Turn the row's cards up one trick at a time (SL-VP-3) and score the last (SL-SCORE-1)."""
    face_up = None
    position = -1
    for _ in range(tricks):
        position = position + 1 if position < 2 else 0
        face_up = order[position]
    assert face_up is not None or tricks == 0
    return 0 if face_up is None else face_up


def check_cards_conserved(state: StichlingState) -> None:
    """Each card dealt for the hand is in its player's hand or in exactly one trick."""
    if state.is_over:
        return
    deal = state.setup.deals[state.hand_number]
    tricks = [*state.open_tricks, *(t for won in state.won for t in won)]
    played = [card for trick in tricks for card in trick.cards]
    assert len(played) == len(set(played)) == state.turn
    for seat in range(state.players):
        mine = {card for trick in tricks for s, card in trick.plays if s == seat}
        assert set(state.hands[seat]).isdisjoint(mine)
        assert set(state.hands[seat]) | mine == set(deal[seat])


def check_tricks(state: StichlingState) -> None:
    """At most four open tricks, none of them complete, each marked by its highest led-colour
    card; every won trick complete and won by its marker holder."""
    rules = state.rules
    assert len(state.open_tricks) <= 4
    for trick in state.open_tricks:
        assert counted(trick, rules) < 4
        assert trick.marker == trick.winner == reference_marker(trick)
        assert trick.color == trick.cards[0].color
    for seat, won in enumerate(state.won):
        for trick in won:
            assert counted(trick, rules) == 4
            assert trick.winner == reference_marker(trick) == seat
    if state.phase is Phase.PLAYING:
        leader = state.hand_leader
        assert state.to_act == (leader + state.turn) % state.players


def check_view(state: StichlingState, viewer: int) -> None:
    """The view shows the viewer's own cards and row and what has been played, and hides the
    others' hands and the cards of their rows nobody turned up (SL-VP-4)."""
    view = observe(state, viewer)
    assert view.hand == state.hands[viewer]
    others = CardSet()
    for seat in range(state.players):
        if seat != viewer:
            others |= state.hands[seat]
    assert others.issubset(view.unseen_cards)
    assert view.unseen_cards.isdisjoint(view.hand)
    for seat, (row, order) in enumerate(zip(view.rows, state.orders, strict=True)):
        if order is None or seat == viewer:
            assert row == order
            continue
        assert row is not None
        shown = min(len(state.won[seat]), 3)
        assert row[:shown] == order[:shown]
        assert all(value is None for value in row[shown:])
    for hand, full in zip(view.finished_hands, state.finished_hands, strict=True):
        for seat, (row, order) in enumerate(zip(hand.orders, full.orders, strict=True)):
            shown = 3 if seat == viewer else min(full.tricks_won[seat], 3)
            assert row[:shown] == order[:shown]
            assert all(value is None for value in row[shown:])
    assert view.won == state.won
    assert view.players_to_act == state.players_to_act


# -- games --------------------------------------------------------------------------------------


@st.composite
def games(draw: st.DrawFn) -> list[StichlingState]:
    """Every state of a random game, from the first to the last."""
    rules = draw(rules_strategy)
    players = draw(st.integers(2, 5))
    seed = draw(st.integers(0, 2**32))
    leader = draw(st.integers(0, players - 1))
    state = new_game(players, seed=seed, rules=rules, first_leader=leader)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        player = rng.choice(state.players_to_act)
        state = apply_move(state, rng.choice(legal_moves(state, player)))
        states.append(state)
    return states


@pytest.mark.rule("SL-VP-2", "SL-PLAY-1", "SL-PLAY-2", "SL-PLAY-3", "SL-PLAY-4", "SL-PLAY-5")
@GAMES
@given(games())
def test_the_legal_moves_are_those_the_rules_allow(states: list[StichlingState]) -> None:
    for state in states:
        to_act = set()
        for player in range(state.players):
            moves = legal_moves(state, player)
            assert len(set(moves)) == len(moves)
            assert set(moves) == reference_moves(state, player)
            if moves:
                to_act.add(player)
        assert to_act == set(state.players_to_act)
        assert (not to_act) == state.is_over


@pytest.mark.rule("SL-DEAL-1", "SL-TRICK-1", "SL-TRICK-2", "SL-TRICK-3", "SL-PLAY-2")
@GAMES
@given(games())
def test_cards_are_conserved_and_tricks_are_marked_by_their_highest_card(
    states: list[StichlingState],
) -> None:
    for state in states:
        check_cards_conserved(state)
        check_tricks(state)


@pytest.mark.rule("SL-VP-3", "SL-SCORE-1", "SL-HAND-1", "SL-GAME-1", "SL-GAME-2")
@GAMES
@given(games())
def test_every_hand_is_scored_by_the_face_up_card(states: list[StichlingState]) -> None:
    final = states[-1]
    rules = final.rules
    totals = [0] * final.players
    assert len(final.finished_hands) == len(rules.points)
    for hand in final.finished_hands:
        cards = [c for t in (*hand.tricks, *hand.left_open) for c in t.cards]
        assert len(cards) == len(set(cards)) == 12 * final.players
        for trick in hand.left_open:
            assert counted(trick, rules) < 4
            expected = reference_marker(trick) if rules.open_at_end is OpenAtEnd.MARKER else None
            assert trick.winner == expected
        for seat in range(final.players):
            assert sorted(hand.orders[seat]) == sorted(rules.points[hand.number])  # type: ignore[type-var]
            score = reference_score(hand.orders[seat], hand.tricks_won[seat])
            assert hand.scores[seat] == score
            totals[seat] += score
    assert list(final.scores) == totals
    best = max(totals)
    assert final.winners
    assert all(totals[p] == best for p in final.winners)
    for p in range(final.players):
        if totals[p] == best and p not in final.winners:
            # Beaten on the tie-break: a later hand was worse for p than for every winner.
            w = final.winners[0]
            last = [(h.scores[p], h.scores[w]) for h in reversed(final.finished_hands)]
            assert any(mine != theirs for mine, theirs in last) or (
                rules.full_tie is FullTie.MOST_TRICKS
            )


@pytest.mark.rule("SL-VP-4", "SL-TRICK-3")
@GAMES
@given(games(), st.randoms(use_true_random=False))
def test_views_hide_what_they_must_and_samples_agree_with_them(
    states: list[StichlingState], rng: random.Random
) -> None:
    for state in [*states[:: max(1, len(states) // 12)], states[-1]]:
        for viewer in range(state.players):
            check_view(state, viewer)
            view = observe(state, viewer)
            sampled = sample_state(view, rng)
            assert observe(sampled, viewer) == view
            check_cards_conserved(sampled)
            check_tricks(sampled)


@pytest.mark.rule("SL-VP-2", "SL-PLAY-2", "SL-PLAY-3")
@GAMES
@given(games(), st.data())
def test_records_and_move_texts_round_trip(
    states: list[StichlingState], data: st.DataObject
) -> None:
    state = data.draw(st.sampled_from(states), label="state")
    record = StichlingRecord.from_state(state)
    assert StichlingRecord.from_json(record.to_json()).replay() == state
    for player in state.players_to_act:
        for move in legal_moves(state, player):
            assert parse_move(state, player, move_text(move)) == move


@pytest.mark.rule("SL-PLAY-5")
@given(
    colors=st.lists(
        st.sampled_from([Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE]), max_size=4
    ),
    card=st.builds(
        Card,
        st.sampled_from([Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE]),
        st.integers(1, 15),
    ),
    rules=rules_strategy,
)
def test_every_card_can_always_be_played(
    colors: list[Color], card: Card, rules: StichlingRules
) -> None:
    can_open, targets = trick_choices(colors, card, rules)
    assert can_open or targets
    assert all(0 <= t < len(colors) for t in targets)
