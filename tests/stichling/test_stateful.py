"""A hypothesis state machine that plays whole games of Stichling through the public API.

Its rules make random legal moves, try random moves (a random player, kind, card, trick and
order) that must be rejected unless the rules allow them, try moves out of turn, and look at
the game through a random player's view. Its invariants check after every step that every card
is in one place, that the tricks are marked by their highest led-colour card, that the players
who may act are exactly those with legal moves, and that the move log is the moves made.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from sticheln import Card, Color, IllegalMoveError
from sticheln.stichling import (
    AddToTrick,
    ArrangePoints,
    OpenTrick,
    Phase,
    StichlingMove,
    StichlingRules,
    StichlingState,
    apply_move,
    legal_moves,
    new_game,
    observe,
    sample_state,
)
from tests.stichling.test_properties import (
    check_cards_conserved,
    check_tricks,
    check_view,
    reference_moves,
    rules_strategy,
)

_CARDS = [Card(color, value) for color in Color for value in range(1, 16)]


class StichlingMachine(RuleBasedStateMachine):
    """Plays games from start to end, checking the engine against the rules at every step."""

    def __init__(self) -> None:
        super().__init__()
        self.state: StichlingState | None = None
        self.moves: list[StichlingMove] = []

    def _game(self) -> StichlingState:
        assert self.state is not None
        return self.state

    def _apply(self, move: StichlingMove) -> None:
        before = self._game()
        after = apply_move(before, move)
        if not isinstance(move, ArrangePoints) and after.hand_number == before.hand_number:
            # The card left the player's hand, and only that card.
            assert set(after.hands[move.player]) == set(before.hands[move.player]) - {move.card}
            assert after.turn == before.turn + 1
        self.moves.append(move)
        self.state = after

    @initialize(
        rules=rules_strategy,
        players=st.integers(2, 5),
        seed=st.integers(0, 2**32),
        data=st.data(),
    )
    def start_game(
        self, rules: StichlingRules, players: int, seed: int, data: st.DataObject
    ) -> None:
        leader = data.draw(st.integers(0, players - 1), label="first leader")
        self.state = new_game(players, seed=seed, rules=rules, first_leader=leader)
        self.moves = []

    @precondition(lambda self: self.state is not None and self.state.is_over)
    @rule(seed=st.integers(0, 2**32))
    def start_another_game(self, seed: int) -> None:
        state = self._game()
        assert len(state.finished_hands) == state.rules.hand_count
        assert state.moves == tuple(self.moves)
        assert state.winners
        event("a game was played to the end")
        self.state = new_game(state.players, seed=seed, rules=state.rules)
        self.moves = []

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(rnd=st.randoms(use_true_random=False), count=st.integers(1, 60))
    def play_legal_moves(self, rnd: random.Random, count: int) -> None:
        for _ in range(count):
            state = self._game()
            if state.is_over:
                break
            player = rnd.choice(state.players_to_act)
            move = rnd.choice(legal_moves(state, player))
            assert move in reference_moves(state, player)
            self._apply(move)

    @rule(
        data=st.data(),
        kind=st.sampled_from(["arrange", "open", "add"]),
        card=st.sampled_from(_CARDS),
        trick=st.integers(0, 3),
        order=st.permutations([1, 2, 3, 3, 5, 6, 9]).map(lambda values: tuple(values[:3])),
    )
    def try_a_random_move(
        self, data: st.DataObject, kind: str, card: Card, trick: int, order: tuple[int, ...]
    ) -> None:
        state = self._game()
        player = data.draw(st.integers(0, state.players + 1), label="player")
        move: StichlingMove
        if kind == "arrange":
            move = ArrangePoints(player, order)
        elif kind == "open":
            move = OpenTrick(player, card)
        else:
            move = AddToTrick(player, card, trick)
        legal = player < state.players and move in reference_moves(state, player)
        event(f"random {kind}: {'legal' if legal else 'illegal'}")
        if legal:
            self._apply(move)
            return
        snapshot = copy.deepcopy(state)
        with pytest.raises(IllegalMoveError):
            apply_move(state, move)
        assert state == snapshot

    @precondition(lambda self: self.state is not None and self.state.phase is Phase.PLAYING)
    @rule(data=st.data(), trick=st.integers(-1, 3))
    def try_a_card_of_the_hand_anywhere(self, data: st.DataObject, trick: int) -> None:
        state = self._game()
        player = state.players_to_act[0]
        card = data.draw(st.sampled_from(list(state.hands[player])), label="card")
        move = OpenTrick(player, card) if trick < 0 else AddToTrick(player, card, trick)
        legal = move in reference_moves(state, player)
        event(f"a card of the hand: {'legal' if legal else 'illegal'}")
        if legal:
            self._apply(move)
            return
        snapshot = copy.deepcopy(state)
        with pytest.raises(IllegalMoveError):
            apply_move(state, move)
        assert state == snapshot

    @precondition(lambda self: self.state is not None and self.state.phase is Phase.PLAYING)
    @rule(data=st.data())
    def try_a_card_out_of_turn(self, data: st.DataObject) -> None:
        state = self._game()
        waiting = [p for p in range(state.players) if p != state.to_act and state.hands[p]]
        if not waiting:
            return
        player = data.draw(st.sampled_from(waiting), label="player out of turn")
        card = data.draw(st.sampled_from(list(state.hands[player])), label="card")
        for move in (OpenTrick(player, card), AddToTrick(player, card, 0)):
            with pytest.raises(IllegalMoveError, match="turn"):
                apply_move(state, move)

    @rule(data=st.data())
    def observe_a_player(self, data: st.DataObject) -> None:
        state = self._game()
        viewer = data.draw(st.integers(0, state.players - 1), label="viewer")
        check_view(state, viewer)
        view = observe(state, viewer)
        sampled = sample_state(view, random.Random(len(self.moves)))
        assert observe(sampled, viewer) == view

    @invariant()
    def every_card_is_in_one_place(self) -> None:
        if self.state is not None:
            check_cards_conserved(self.state)

    @invariant()
    def the_tricks_are_as_the_rules_say(self) -> None:
        if self.state is not None:
            check_tricks(self.state)

    @invariant()
    def the_players_to_act_are_those_with_legal_moves(self) -> None:
        if self.state is not None:
            state = self.state
            with_moves = {p for p in range(state.players) if legal_moves(state, p)}
            assert with_moves == set(state.players_to_act)
            for p in state.players_to_act:
                assert set(legal_moves(state, p)) == reference_moves(state, p)

    @invariant()
    def the_move_log_is_the_moves_made(self) -> None:
        if self.state is not None:
            assert self.state.moves == tuple(self.moves)


StichlingMachine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.rule(
    "SL-DEAL-1",
    "SL-VP-2",
    "SL-VP-4",
    "SL-PLAY-1",
    "SL-PLAY-2",
    "SL-PLAY-3",
    "SL-PLAY-4",
    "SL-PLAY-5",
    "SL-TRICK-1",
    "SL-TRICK-2",
    "SL-GAME-1",
)
class TestStichlingMachine(StichlingMachine.TestCase):  # type: ignore[misc,valid-type]
    """Runs :class:`StichlingMachine`."""
