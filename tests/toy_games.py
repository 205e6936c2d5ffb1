"""Small games on the game protocol, for the tests of code written against it (the bots, the
conformance suite): they are quick to play and their best moves are known."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from sticheln import Card, CardSet, GameInfo, SetupError
from sticheln.core.encoding import Encoding, ObservationWriter
from sticheln.core.setup import check_player_count, check_rng, check_type
from sticheln.core.wire import WireValue, from_wire, wire_schema

__all__ = ["Nim", "NimState", "NimView", "Take"]


@attrs.frozen
class NimState:
    """The tokens left, whose turn it is, how many each player took, and who took last."""

    tokens: int
    to_move: int
    taken: tuple[int, int] = (0, 0)
    last: int | None = None


@attrs.frozen
class NimView(WireValue):
    """A player's view: the whole state, since nothing is hidden."""

    wire_game = "nim"

    player: int
    state: NimState


@attrs.frozen
class Take(WireValue):
    """Take ``count`` tokens."""

    wire_game = "nim"

    player: int
    count: int


NIM_TOKENS = 10
"""The tokens of a game of Nim at the start."""


class Nim:
    """Two players take 1 to 3 tokens in turn; whoever takes the last token wins. Nothing is
    hidden, so the view holds the whole state. The winning move leaves a multiple of 4.

    Like every game, it refuses a state, view or move of another type with WrongTypeError."""

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

    def new_game(
        self, players: int, seed: int | random.Random | None = None, *, deals: Any = None
    ) -> NimState:
        check_player_count(players)
        if deals is not None:
            raise SetupError("Nim has no deals")
        return NimState(tokens=NIM_TOKENS, to_move=0)

    def players_to_act(self, state: NimState) -> tuple[int, ...]:
        state = _state(state)
        return () if state.tokens == 0 else (state.to_move,)

    def legal_moves(self, state: NimState, player: int) -> tuple[Take, ...]:
        state = _state(state)
        if state.tokens == 0 or player != state.to_move:
            return ()
        return tuple(Take(player, k) for k in range(1, min(3, state.tokens) + 1))

    def apply_move(self, state: NimState, move: Take) -> NimState:
        state = _state(state)
        if not isinstance(move, Take) or move not in self.legal_moves(state, move.player):
            raise ValueError(f"illegal {move}")
        taken = list(state.taken)
        taken[move.player] += move.count
        return NimState(
            state.tokens - move.count, 1 - move.player, (taken[0], taken[1]), move.player
        )

    def observe(self, state: NimState, player: int) -> NimView:
        return NimView(player, _state(state))

    def would_take(self, view: NimView) -> tuple[int | None, ...]:
        """Nim has no tricks."""
        check_type(view, NimView, "view")
        return ()

    def explain_trick(self, cards: Sequence[Card]) -> None:
        """Nim has no tricks to explain."""
        return None

    def explain_score(self, deal: object, player: int) -> None:
        """Nim explains no scores."""
        return None

    def viewer(self, view: NimView) -> int:
        return check_type(view, NimView, "view").player

    def deal_number(self, state: NimState) -> int:
        return 1 if _state(state).tokens == 0 else 0

    def is_over(self, state: NimState) -> bool:
        return _state(state).tokens == 0

    def scores(self, state: NimState) -> tuple[int, ...]:
        state = _state(state)
        if state.tokens or state.last is None:
            return (0, 0)
        return (1, 0) if state.last == 0 else (0, 1)

    def winners(self, state: NimState) -> tuple[int, ...]:
        state = _state(state)
        return () if state.tokens or state.last is None else (state.last,)

    def sample_state(self, view: NimView, rng: random.Random) -> NimState:
        check_rng(rng)
        return check_type(view, NimView, "view").state

    def player_of(self, move: Take) -> int:
        return check_type(move, Take, "move").player

    def move_text(self, move: Take) -> str:
        return str(check_type(move, Take, "move").count)

    def parse_move(self, state: NimState, player: int, text: str) -> Take:
        state = _state(state)
        move = Take(player, int(text))
        if move not in self.legal_moves(state, player):
            raise ValueError(f"illegal {move}")
        return move

    def events(self, state: NimState, move: Take, player: int) -> tuple[Take, ...]:
        """Everyone sees the move itself."""
        self.apply_move(state, move)
        return (move,)

    def move_from_dict(self, data: object) -> Take:
        move: Take = from_wire(data, "nim", (Take,))
        return move

    def view_from_dict(self, data: object) -> NimView:
        return NimView.from_dict(data)

    def wire_schema(self) -> dict[str, Any]:
        groups = {"view": (NimView,), "move": (Take,), "event": (Take,)}
        return wire_schema("nim", "Nim", groups, {"type": "object"})

    def encoding(self, players: int) -> NimEncoding:
        return NimEncoding(self, players)

    def to_json(self, state: NimState) -> str:
        """The position itself: a game of Nim needs no history to go on."""
        return json.dumps(attrs.asdict(_state(state)))

    def from_json(self, text: str) -> NimState:
        check_type(text, str, "text")
        data = json.loads(text)
        return NimState(data["tokens"], data["to_move"], tuple(data["taken"]), data["last"])

    def replay_from_json(self, text: str) -> tuple[NimState, tuple[Take, ...]]:
        """The position is where the replay starts, with no moves."""
        return self.from_json(text), ()


def _state(state: object) -> NimState:
    """``state``, if it is a :class:`NimState`; else WrongTypeError."""
    return check_type(state, NimState, "state")


class NimEncoding(Encoding[NimState, Take, NimView]):
    """Actions: take 0 (for the broken games of the tests) to 3 tokens; the observation: the
    tokens left and who moves."""

    descriptions: ClassVar[dict[str, str]] = {
        "tokens": "the tokens left",
        "to_move": "whether the viewer moves next",
    }

    def __init__(self, game: Nim, players: int) -> None:
        self.action_names = ("0", "1", "2", "3")
        super().__init__(game, players, CardSet())

    def action_index(self, move: Take) -> int:
        return move.count

    def write(self, view: NimView, writer: ObservationWriter) -> None:
        writer.numbers("tokens", [view.state.tokens], 0, NIM_TOKENS)
        writer.flags("to_move", [view.state.to_move == view.player])
