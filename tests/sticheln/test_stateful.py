"""A hypothesis state machine that plays whole games of Sticheln through the public API.

Its rules make random legal moves, try random moves (a random player, card and kind) that
must be rejected unless they are legal, and look at the game through a random player's view.
Its invariants check after every step that every card is in exactly one place and that the
players who may act are exactly those with legal moves.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from sticheln import (
    Card,
    ChoosePain,
    IllegalMoveError,
    Phase,
    PlayCard,
    StichelnMove,
    StichelnState,
    apply_move,
    legal_moves,
    observe,
)
from tests.strategies import (
    GameSpec,
    all_cards,
    check_cards_conserved,
    check_players_to_act,
    expected_legal_moves,
    game_specs,
    hidden_from,
    random_move,
)


class GameMachine(RuleBasedStateMachine):
    """Plays games from start to end, checking the engine against the rules at every step."""

    def __init__(self) -> None:
        super().__init__()
        self.spec: GameSpec | None = None
        self.state: StichelnState | None = None
        self.moves: list[StichelnMove] = []
        self.games = 0

    def _game(self) -> StichelnState:
        assert self.state is not None
        return self.state

    def _start(self, spec: GameSpec) -> None:
        self.spec = spec
        self.state = spec.start()
        self.moves = []
        self.games += 1

    def _apply(self, move: StichelnMove) -> None:
        before = self._game()
        after = apply_move(before, move)
        assert move.card in before.hands[move.player]
        if after.round_number == before.round_number:
            # The card left the player's hand, and only that card.
            assert set(after.hands[move.player]) == set(before.hands[move.player]) - {move.card}
        self.moves.append(move)
        self.state = after

    @initialize(spec=game_specs())
    def start_game(self, spec: GameSpec) -> None:
        self._start(spec)

    @precondition(lambda self: self.state is not None and self.state.is_over)
    @rule(spec=game_specs())
    def start_another_game(self, spec: GameSpec) -> None:
        state = self._game()
        assert self.spec is not None
        # The game that just ended had every round and every move.
        assert len(state.finished_rounds) == self.spec.expected_rounds()
        assert state.moves == tuple(self.moves)
        event("a game was played to the end")
        self._start(spec)

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(rnd=st.randoms(use_true_random=False))
    def play_a_legal_move(self, rnd: random.Random) -> None:
        state = self._game()
        move = random_move(state, rnd)
        assert move in legal_moves(state, move.player)
        self._apply(move)

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(
        rnd=st.randoms(use_true_random=False),
        count=st.integers(min_value=1, max_value=80),
        zero_bias=st.sampled_from([0.0, 0.9]),
    )
    def play_many_legal_moves(self, rnd: random.Random, count: int, zero_bias: float) -> None:
        for _ in range(count):
            state = self._game()
            if state.is_over:
                break
            self._apply(random_move(state, rnd, zero_bias))

    @rule(
        data=st.data(),
        kind=st.sampled_from([PlayCard, ChoosePain]),
        card=st.sampled_from(all_cards),
    )
    def try_a_random_move(
        self, data: st.DataObject, kind: type[PlayCard] | type[ChoosePain], card: Card
    ) -> None:
        state = self._game()
        player = data.draw(st.integers(min_value=0, max_value=state.players + 1), label="player")
        move = kind(player, card)
        legal = player < state.players and move in expected_legal_moves(state, player)
        event(f"random move: {'legal' if legal else 'illegal'}")
        if legal:
            self._apply(move)
            return
        snapshot = copy.deepcopy(state)
        with pytest.raises(IllegalMoveError):
            apply_move(state, move)
        assert state == snapshot
        assert self.state is state

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def try_a_card_of_the_hand_out_of_turn(self, data: st.DataObject) -> None:
        state = self._game()
        n = state.players
        waiting = [p for p in range(n) if p not in state.players_to_act and state.hands[p]]
        if not waiting:
            return
        player = data.draw(st.sampled_from(waiting), label="player out of turn")
        card = data.draw(st.sampled_from(list(state.hands[player])), label="card")
        for kind in (PlayCard, ChoosePain):
            snapshot = copy.deepcopy(state)
            with pytest.raises(IllegalMoveError):
                apply_move(state, kind(player, card))
            assert state == snapshot

    @rule(data=st.data())
    def observe_a_player(self, data: st.DataObject) -> None:
        state = self._game()
        player = data.draw(st.integers(min_value=0, max_value=state.players - 1), label="viewer")
        view = observe(state, player)
        assert view.hand == state.hands[player]
        shown = set(view.set_aside) | {card for _, card in view.current_trick}
        shown |= {card for card in view.pain_cards if card is not None}
        for pile in view.won:
            shown |= set(pile)
        for trick in view.tricks:
            shown |= set(trick.cards)
        assert not shown & hidden_from(state, player)
        if state.phase is Phase.CHOOSING_PAIN:
            assert all(view.pain_cards[q] is None for q in range(state.players) if q != player)
        assert view.players_to_act == state.players_to_act
        assert view.scores == state.scores

    @invariant()
    def every_card_is_in_one_place(self) -> None:
        if self.state is not None:
            check_cards_conserved(self.state)

    @invariant()
    def the_players_to_act_are_those_with_legal_moves(self) -> None:
        if self.state is not None:
            check_players_to_act(self.state)
            for p in range(self.state.players):
                assert legal_moves(self.state, p) == expected_legal_moves(self.state, p)

    @invariant()
    def the_move_log_is_the_moves_made(self) -> None:
        if self.state is not None:
            assert self.state.moves == tuple(self.moves)


GameMachine.TestCase.settings = settings(
    max_examples=20,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.rule(
    "ST-DEAL-1",
    "ST-PAIN-1",
    "ST-PAIN-2",
    "ST-PLAY-1",
    "ST-PLAY-2",
    "ST-ROUND-2",
    "ST-TRICK-6",
    "ST-GAME-1",
)
class TestGameMachine(GameMachine.TestCase):  # type: ignore[misc,valid-type]
    """Runs :class:`GameMachine`."""
