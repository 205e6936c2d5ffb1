"""Properties of Hattrick that hold in every game: random games drawn by Hypothesis."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sticheln import Card, CardSet, Color, IllegalMoveError
from sticheln.hattrick import (
    AMIGO_1995,
    OPEN_TRICKS,
    PASSES_HIDDEN,
    PASSES_SHOWN,
    Action,
    Follow,
    HattrickMove,
    HattrickRecord,
    HattrickRules,
    HattrickState,
    LeadCards,
    LeadTie,
    OpenTrick,
    Pass,
    PassedCards,
    Turn,
    action_for,
    apply_move,
    collecting_color,
    legal_moves,
    new_game,
    observe,
    sample_state,
    trick_taker,
)

RULES = (
    AMIGO_1995,
    PASSES_SHOWN,
    PASSES_HIDDEN,
    HattrickRules(name="earliest", lead_tie=LeadTie.EARLIEST),
    HattrickRules(name="small", colors="RYB", highest=12, player_counts=(4, 6)),
    HattrickRules(name="to-one", target_score=1, passed_cards=PassedCards.HIDDEN),
)

GAMES = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> list[HattrickState]:
    """Every state of a random game of one or two hands, from the first to the last."""
    rules = draw(st.sampled_from(RULES))
    players = draw(st.sampled_from(rules.player_counts))
    rules = attrs.evolve(rules, hands_per_game=draw(st.integers(1, 3)))
    seed = draw(st.integers(0, 2**32))
    leader = draw(st.integers(0, players - 1))
    state = new_game(players, seed=seed, rules=rules, first_leader=leader)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state, state.players_to_act[0])))
        states.append(state)
    return states


def _union(piles: Iterable[CardSet | None]) -> tuple[CardSet, int]:
    """The union of the piles, and the sum of their sizes."""
    union = CardSet()
    count = 0
    for pile in piles:
        assert pile is not None
        union |= pile
        count += len(pile)
    return union, count


@GAMES
@given(game=games())
def test_cards_are_conserved_at_every_step(game: list[HattrickState]) -> None:
    for state in game:
        deck = state.rules.deck
        if state.is_over:
            continue
        trick_cards = [c for c, a in zip(state.turn_cards, _actions(state), strict=True) if a]
        union, count = _union([*state.hands, *state.won, *state.passed, CardSet.of(trick_cards)])
        # Hands, open tricks, won piles and pass piles hold each card of the deck once.
        assert union == deck
        assert count == len(deck)
        sizes = {len(hand) for hand in state.hands}
        played = len(state.turn_cards)
        assert max(sizes) - min(sizes) <= 1
        assert sum(len(h) for h in state.hands) + played == len(state.hands) * max(sizes)
    for hand in game[-1].finished_hands:
        last = CardSet.of(card for card in hand.last_cards if card is not None)
        union, count = _union([*hand.won, *hand.passed, last])
        assert union == game[-1].rules.deck
        assert count == len(union)


def _actions(state: HattrickState) -> list[bool]:
    """For each card of the turn in progress, whether it went to a trick (not passed)."""
    colors: list[Color] = []
    result = []
    for card in state.turn_cards:
        action = action_for(colors, card)
        if action is Action.OPEN:
            colors.append(card.color)
        result.append(action is not Action.PASS)
    return result


@GAMES
@given(game=games())
def test_legal_moves_are_the_cards_of_the_player_to_act(game: list[HattrickState]) -> None:
    for state in game:
        for player in range(state.players):
            moves = legal_moves(state, player)
            if player not in state.players_to_act:
                assert moves == ()
                continue
            assert [move.card for move in moves] == list(state.hands[player])
            for move in moves:
                assert move.player == player
                assert move.action is action_for(state.open_colors, move.card)
            assert len(state.open_colors) <= OPEN_TRICKS
    assert game[-1].players_to_act == ()


@GAMES
@given(game=games(), data=st.data())
def test_illegal_moves_raise_and_change_nothing(
    game: list[HattrickState], data: st.DataObject
) -> None:
    kinds: tuple[type[HattrickMove], ...] = (Follow, OpenTrick, Pass)
    deck = sorted(game[0].rules.deck, key=lambda card: card.index)
    for _ in range(8):
        state = data.draw(st.sampled_from(game))
        before = copy.deepcopy(state)
        player = data.draw(st.integers(0, state.players))  # one seat too many, too
        card: Card = data.draw(st.sampled_from(deck))
        move = data.draw(st.sampled_from(kinds))(player, card)
        legal = legal_moves(state, player) if player < state.players else ()
        if move in legal:
            after = apply_move(state, move)
            assert after != state
        else:
            with pytest.raises(IllegalMoveError, match=re.escape(str(move))):
                apply_move(state, move)
        assert state == before


@GAMES
@given(game=games())
def test_hand_scores_add_up(game: list[HattrickState]) -> None:
    final = game[-1]
    n = final.players
    deck = final.rules.deck
    hand_size = len(deck) // n
    assert final.scores == tuple(sum(h.scores[p] for h in final.finished_hands) for p in range(n))
    assert final.winners == tuple(p for p in range(n) if final.scores[p] == max(final.scores))
    for hand in final.finished_hands:
        passes = hand.pass_counts
        assert passes == tuple(len(pile) for pile in hand.passed if pile is not None)
        # Won cards, passed cards and kept cards make the deck.
        assert sum(map(len, hand.won)) + sum(passes) + n == len(deck)
        assert len(hand.turns) == hand_size - 1
        for p in range(n):
            won = hand.won[p]
            best = collecting_color(won, final.rules.colors)
            most = len(won.of_color(best)) if best is not None else 0
            assert hand.scores[p] == most - (len(won) - most) - 2 * passes[p]
            assert hand.scores[p] <= len(won)
        for turn in hand.turns:
            _check_turn(turn, n, final.rules)


def _check_turn(turn: Turn, players: int, rules: HattrickRules) -> None:
    assert len(turn.cards) == players
    tricks = turn.tricks
    assert 1 <= len(tricks) <= 2
    for trick in tricks:
        assert len({card.color for card in trick.cards}) == 1
        taker = trick_taker(trick.cards)
        assert trick.winner == trick.plays[taker][0]
        assert trick.cards[taker].value == max(c.value for c in trick.cards)
    in_tricks = sum(len(trick.plays) for trick in tricks)
    assert in_tricks + len(turn.passes) == players
    if turn.passes:
        assert len(tricks) == 2
    counted = [c for _, c in turn.plays if c is not None]
    if rules.lead_cards is LeadCards.TRICKS:
        counted = [c for t in tricks for c in t.cards]
    top = max(card.value for card in counted)
    leader_card = dict(turn.plays)[turn.next_leader]
    assert leader_card is not None
    assert leader_card in counted
    if [c.value for c in counted].count(top) == 1:
        assert leader_card.value == top


@GAMES
@given(game=games())
def test_the_game_ends_after_its_hands_or_at_the_target(game: list[HattrickState]) -> None:
    final = game[-1]
    target = final.rules.target_score
    totals = [0] * final.players
    for number, hand in enumerate(final.finished_hands, start=1):
        totals = [t + s for t, s in zip(totals, hand.scores, strict=True)]
        reached = target is not None and max(totals) >= target
        # The game goes on after a hand unless it was the last or a total reached the target.
        assert reached or number == final.hand_count or number < len(final.finished_hands)
        assert not reached or number == len(final.finished_hands)
    assert final.hand_number == final.hand_count
    assert all(state.winners == () for state in game[:-1])
    assert final.winners == tuple(p for p in range(final.players) if totals[p] == max(totals))


@GAMES
@given(game=games(), data=st.data())
def test_views_hide_the_hands_and_the_faces_of_passed_cards(
    game: list[HattrickState], data: st.DataObject
) -> None:
    for _ in range(4):
        state = data.draw(st.sampled_from(game[:-1]))
        viewer = data.draw(st.integers(0, state.players - 1))
        others = [p for p in range(state.players) if p != viewer]
        view = observe(state, viewer)
        # Deal the other players' cards among them anew, keeping the hand sizes.
        pool = [card for p in others for card in state.hands[p]]
        random.Random(data.draw(st.integers(0, 99))).shuffle(pool)
        hands = list(state.hands)
        for p in others:
            hands[p], pool = CardSet.of(pool[: len(hands[p])]), pool[len(hands[p]) :]
        changed = state._replace(held=tuple(hand.indices for hand in hands))
        assert observe(changed, viewer) == view
        # Swap a card another player passed for one of the same colour in another hand.
        swapped = _swap_a_hidden_pass(changed, viewer)
        if swapped is not None and state.rules.passed_cards is PassedCards.HIDDEN:
            assert swapped != changed
            assert observe(swapped, viewer) == view
        elif swapped is not None:
            assert observe(swapped, viewer) != view


def _swap_a_hidden_pass(state: HattrickState, viewer: int) -> HattrickState | None:
    n = state.players
    for t, turn in enumerate(state.turns):
        for (player, card), action in zip(turn.plays, turn.actions, strict=True):
            if action is not Action.PASS or player == viewer or card is None:
                continue
            for holder in range(n):
                if holder == viewer:
                    continue
                for other in state.hands[holder].of_color(card.color):
                    cards = tuple(other if c == card else c for c in turn.cards)
                    turns = list(state.turns)
                    turns[t] = Turn(turn.leader, cards, turn.next_leader)
                    hands = list(state.hands)
                    hands[holder] = hands[holder].remove(other).add(card)
                    passed = list(state.passed)
                    passed[player] = passed[player].remove(card).add(other)
                    return state._replace(
                        held=tuple(hand.indices for hand in hands),
                        passed=tuple(passed),
                        turns=tuple(turns),
                    )
    return None


@GAMES
@given(game=games(), data=st.data())
def test_sampled_states_look_the_same_to_the_player(
    game: list[HattrickState], data: st.DataObject
) -> None:
    rng = random.Random(data.draw(st.integers(0, 99)))
    for _ in range(3):
        state = data.draw(st.sampled_from(game))
        viewer = data.draw(st.integers(0, state.players - 1))
        view = observe(state, viewer)
        sampled = sample_state(view, rng)
        assert observe(sampled, viewer) == view
        assert HattrickRecord.from_state(sampled).replay() == sampled


@GAMES
@given(game=games(), data=st.data())
def test_records_round_trip(game: list[HattrickState], data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(game))
    record = HattrickRecord.from_state(state)
    loaded = HattrickRecord.from_json(record.to_json())
    assert loaded == record
    assert loaded.replay() == state
    assert HattrickRecord.from_state(game[-1]).replay(moves=len(state.moves)) == state
