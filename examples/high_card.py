"""High Card, the smallest trick-taking game on the library's kernel ("Adding a game" in the
documentation builds it step by step). Each player is dealt five cards of two colours, 0 to 9.
The highest card of a trick takes it (of equal values the first played) and leads the next;
each trick is a point. ``python examples/high_card.py`` checks the game; with arguments it runs
the ``sticheln`` command with it: ``python examples/high_card.py play --game high-card``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any

import attrs

from sticheln.core import BaseGame, Card, CardSet, Color, GameKit, GameSetup, Trick, winners
from sticheln.core.errors import IllegalMoveError
from sticheln.core.registry import register_game
from sticheln.core.rulesdata import RulesData
from sticheln.core.setup import (
    SPECTATOR,
    check_seat,
    check_type,
    check_viewer,
    deal_hands,
    deal_unseen,
)
from sticheln.core.wire import WireValue


@attrs.frozen
class HighCardRules(RulesData):
    """The rules as data; each preset is a value of them."""

    name: str = "standard"
    colors: tuple[Color, ...] = (Color.RED, Color.BLUE)
    player_counts: tuple[int, ...] = (2, 3, 4)
    hand_size: int = 5
    deals = 1  # a game is one deal

    @property
    def deck(self) -> CardSet:
        return CardSet.of(Card(color, value) for color in self.colors for value in range(10))


STANDARD = HighCardRules()
THREE_COLOURS = HighCardRules("three-colours", (*STANDARD.colors, Color.GREEN), (2, 3, 4, 5, 6))
PRESETS = {rules.name: rules for rules in (STANDARD, THREE_COLOURS)}


@attrs.frozen
class Play(WireValue):
    """Play ``card`` to the trick."""

    wire_game = "high-card"
    player: int
    card: Card


@attrs.frozen
class HighCardState:
    """A whole game, hidden cards included: its setup and its moves."""

    setup: GameSetup[HighCardRules, tuple[CardSet, ...]]
    moves: tuple[Play, ...] = ()

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, each taken by the player of its highest card."""
        n, plays = self.setup.players, [(move.player, move.card) for move in self.moves]
        done = [plays[i : i + n] for i in range(0, len(plays) - n + 1, n)]
        return tuple(Trick(t, t[trick_winner([card for _, card in t])][0]) for t in done)

    @property
    def hands(self) -> tuple[CardSet, ...]:
        return tuple(hand - CardSet.of(m.card for m in self.moves) for hand in self.setup.deals[0])

    @property
    def leader(self) -> int:
        return self.tricks[-1].winner if self.tricks else self.setup.first_leader

    @property
    def trick(self) -> tuple[Card, ...]:
        return tuple(move.card for move in self.moves[len(self.tricks) * self.setup.players :])

    @property
    def players_to_act(self) -> tuple[int, ...]:
        return () if self.is_over else ((self.leader + len(self.trick)) % self.setup.players,)

    @property
    def scores(self) -> tuple[int, ...]:
        takers = [trick.winner for trick in self.tricks]
        return tuple(takers.count(seat) for seat in range(self.setup.players))

    is_over = property(lambda self: not any(self.hands))
    deal_number = property(lambda self: int(self.is_over))
    winners = property(lambda self: winners(self.scores) if self.is_over else ())


def new_game(
    players: int,
    seed: int | random.Random | None = None,
    rules: HighCardRules = STANDARD,
    first_leader: int = 0,
    *,
    deals: Any = None,
) -> HighCardState:
    """A new game, its deal shuffled from ``seed``, or the ``deals`` given."""
    return HighCardState(deal_hands(rules, players, first_leader, seed, deals, kind=HighCardRules))


def trick_winner(cards: Sequence[Card]) -> int:
    """The position of the highest card in ``cards``; of equal values, the first."""
    best = max(card.value for card in cards)
    return next(i for i, card in enumerate(cards) if card.value == best)


def legal_moves(state: HighCardState, player: int) -> tuple[Play, ...]:
    """Any card of the hand, for the player to act only."""
    check_seat(player, check_type(state, HighCardState, "state").setup.players)
    return tuple(
        Play(player, card) for card in state.hands[player] if player in state.players_to_act
    )


def apply_move(state: HighCardState, move: Play) -> HighCardState:
    """The state after ``move``; :exc:`IllegalMoveError` says why a move is not legal."""
    player = check_type(move, Play, "move").player
    if player not in check_type(state, HighCardState, "state").players_to_act:
        raise IllegalMoveError.of(move, f"it is not player {player}'s turn")
    if move.card not in state.hands[player]:
        raise IllegalMoveError.of(move, f"{move.card} is not in player {player}'s hand")
    return HighCardState(state.setup, (*state.moves, move))


@attrs.frozen
class HighCardView(WireValue):
    """What one player sees: the own hand, how many cards the others hold, the tricks."""

    wire_game = "high-card"
    player: int
    rules: HighCardRules
    hand: CardSet
    hand_sizes: tuple[int, ...]
    tricks: tuple[Trick, ...]
    leader: int
    trick: tuple[Card, ...]
    players_to_act: tuple[int, ...]

    def __str__(self) -> str:
        return f"Your hand: {self.hand or '-'} · the trick: {' '.join(map(str, self.trick)) or '-'}"


def observe(state: HighCardState, player: int) -> HighCardView:
    """What ``player`` (or :data:`SPECTATOR`, who holds no hand) sees of ``state``."""
    check_viewer(player, check_type(state, HighCardState, "state").setup.players)
    hand, sizes = CardSet() if player == SPECTATOR else state.hands[player], map(len, state.hands)
    rules, tricks, acting = state.setup.rules, state.tricks, state.players_to_act
    return HighCardView(
        player, rules, hand, tuple(sizes), tricks, state.leader, state.trick, acting
    )


def would_take(view: HighCardView) -> tuple[int | None, ...]:
    """Who would take the trick on the table if it ended now; ``()`` between tricks."""
    trick = check_type(view, HighCardView, "view").trick
    return ((view.leader + trick_winner(trick)) % len(view.hand_sizes),) if trick else ()


def sample_state(view: HighCardView, rng: random.Random) -> HighCardState:
    """A state the viewer cannot tell from the real one: the cards the viewer has not seen
    go at random to the other hands."""
    n, first = len(view.hand_sizes), view.tricks[0].leader if view.tricks else view.leader
    moves = [Play(*play) for trick in view.tricks for play in trick.plays]
    moves += [Play((view.leader + i) % n, card) for i, card in enumerate(view.trick)]
    played = [CardSet.of(m.card for m in moves if m.player == p) for p in range(n)]
    unseen = view.rules.deck - view.hand - CardSet.of(m.card for m in moves)
    hands = deal_unseen(unseen, view.hand_sizes, view.player, view.hand, rng)
    deal = tuple(hand | cards for hand, cards in zip(hands, played, strict=True))
    return HighCardState(GameSetup(view.rules, n, first, (deal,)), tuple(moves))


HIGH_CARD = GameKit(
    name="high-card",
    title="High Card",
    presets=PRESETS,
    new_game=new_game,
    legal_moves=legal_moves,
    apply_move=apply_move,
    observe=observe,
    sample_state=sample_state,
    would_take=would_take,
)


@attrs.frozen
class HighCardGame(BaseGame[HighCardState, Play, HighCardView, HighCardRules]):
    """High Card on the game protocol: ``HighCardGame.from_preset`` is its factory."""

    kit = HIGH_CARD


if __name__ == "__main__":
    register_game("high-card", HighCardGame.from_preset)
    if sys.argv[1:]:
        from sticheln.cli import main

        sys.exit(main(sys.argv[1:]))
    from sticheln.testing import check_game

    print(check_game(HighCardGame()))
