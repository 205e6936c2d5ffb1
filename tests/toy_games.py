"""Small games on the game protocol, for the tests of code written against it (the bots, the
conformance suite): they are quick to play and their best moves are known."""

from __future__ import annotations

import json
import random

import attrs

from sticheln import GameInfo

__all__ = ["Nim", "NimState", "NimView", "Take"]


@attrs.frozen
class NimState:
    """The tokens left, whose turn it is, how many each player took, and who took last."""

    tokens: int
    to_move: int
    taken: tuple[int, int] = (0, 0)
    last: int | None = None


@attrs.frozen
class NimView:
    """A player's view: the whole state, since nothing is hidden."""

    player: int
    state: NimState


@attrs.frozen
class Take:
    """Take ``count`` tokens."""

    player: int
    count: int


class Nim:
    """Two players take 1 to 3 tokens in turn; whoever takes the last token wins. Nothing is
    hidden, so the view holds the whole state. The winning move leaves a multiple of 4."""

    name = "nim"
    player_counts = (2,)
    info = GameInfo(
        name="nim",
        title="Nim",
        player_counts=(2,),
        presets=("ten",),
        default_preset="ten",
        rules_name="ten",
        simultaneous_moves=False,
    )

    def new_game(self, players: int, seed: int | random.Random | None = None) -> NimState:
        return NimState(tokens=10, to_move=0)

    def players_to_act(self, state: NimState) -> tuple[int, ...]:
        return () if state.tokens == 0 else (state.to_move,)

    def legal_moves(self, state: NimState, player: int) -> tuple[Take, ...]:
        if state.tokens == 0 or player != state.to_move:
            return ()
        return tuple(Take(player, k) for k in range(1, min(3, state.tokens) + 1))

    def apply_move(self, state: NimState, move: Take) -> NimState:
        if move not in self.legal_moves(state, move.player):
            raise ValueError(f"illegal {move}")
        taken = list(state.taken)
        taken[move.player] += move.count
        return NimState(
            state.tokens - move.count, 1 - move.player, (taken[0], taken[1]), move.player
        )

    def observe(self, state: NimState, player: int) -> NimView:
        return NimView(player, state)

    def viewer(self, view: NimView) -> int:
        return view.player

    def deal_number(self, state: NimState) -> int:
        return 1 if state.tokens == 0 else 0

    def is_over(self, state: NimState) -> bool:
        return state.tokens == 0

    def scores(self, state: NimState) -> tuple[int, ...]:
        if state.tokens or state.last is None:
            return (0, 0)
        return (1, 0) if state.last == 0 else (0, 1)

    def winners(self, state: NimState) -> tuple[int, ...]:
        return () if state.tokens or state.last is None else (state.last,)

    def sample_state(self, view: NimView, rng: random.Random) -> NimState:
        return view.state

    def player_of(self, move: Take) -> int:
        return move.player

    def move_text(self, move: Take) -> str:
        return str(move.count)

    def parse_move(self, state: NimState, player: int, text: str) -> Take:
        move = Take(player, int(text))
        if move not in self.legal_moves(state, player):
            raise ValueError(f"illegal {move}")
        return move

    def to_json(self, state: NimState) -> str:
        """The position itself: a game of Nim needs no history to go on."""
        return json.dumps(attrs.asdict(state))

    def from_json(self, text: str) -> tuple[NimState, tuple[Take, ...]]:
        data = json.loads(text)
        return NimState(data["tokens"], data["to_move"], tuple(data["taken"]), data["last"]), ()
