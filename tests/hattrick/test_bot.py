"""The Hattrick bot: legal moves in whole games of every preset and player count, determinism,
decisions in positions worked out by hand, the registry, and its margin over random play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import sticheln as st
from sticheln import Card, Color
from sticheln.bots import Bot, RandomBot, make_bot, plays
from sticheln.hattrick import (
    HATTRICK_PRESETS,
    Follow,
    HattrickGame,
    HattrickState,
    Pass,
    legal_moves,
    move_for,
    new_game,
    observe,
)
from sticheln.hattrick import apply_move as apply
from sticheln.hattrick.bot import HattrickBot

CASES = [
    (name, players) for name, rules in HATTRICK_PRESETS.items() for players in rules.player_counts
]


def play(
    game: HattrickGame, bots: Sequence[Bot[Any, Any]], seed: int, rng: random.Random
) -> HattrickState:
    """A whole game; every bot gets only its view, and every move must be legal."""
    state = game.new_game(len(bots), seed=seed)
    while not game.is_over(state):
        player = game.players_to_act(state)[0]
        moves = game.legal_moves(state, player)
        move = bots[player].choose(game.observe(state, player), moves, rng)
        assert move in moves, (player, move)
        state = game.apply_move(state, move)
    return state


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_the_bot_plays_legal_moves_on_every_seat(preset: str, players: int) -> None:
    game = HattrickGame(HATTRICK_PRESETS[preset])
    bots: list[Bot[Any, Any]] = [
        HattrickBot() if p % 2 == 0 else RandomBot() for p in range(players)
    ]
    state = play(game, bots, seed=players, rng=random.Random(players))
    assert game.is_over(state)
    state = play(game, [HattrickBot()] * players, seed=10 + players, rng=random.Random(1))
    assert game.is_over(state)


def test_games_replay_from_their_seeds() -> None:
    game = HattrickGame()
    first = play(game, [HattrickBot(), RandomBot()] * 2, 3, random.Random(5))
    second = play(game, [HattrickBot(), RandomBot()] * 2, 3, random.Random(5))
    assert first.scores == second.scores
    assert first.turns == second.turns


# -- positions worked out by hand ------------------------------------------------------------------

LOW_RED = "R1 R2 R3 R4 R5 G1 G2 G3 G4 G5 B1 B2 B3 B4 B5"
DEAL = [
    LOW_RED,
    "R6 R7 R8 R9 R10 G6 G7 G8 G9 G10 B6 B7 B8 B9 B10",
    "R11 R12 R13 R14 R15 G11 G12 G13 G14 G15 B11 B12 B13 B14 B15",
    "R16 R17 R18 R19 R20 G16 G17 G18 G19 G20 B16 B17 B18 B19 B20",
]


def position(deal: list[str], plays: list[tuple[int, str]], first_leader: int = 0) -> HattrickState:
    """A four-player game dealt ``deal`` every hand, after the ``(player, card)`` plays."""
    state = new_game(4, deals=[deal] * 4, first_leader=first_leader)
    for player, name in plays:
        state = apply(state, move_for(state, player, Card.parse(name)))
    return state


def decide(state: HattrickState, player: int, cards: Sequence[str] | None = None) -> Any:
    """The bot's move for ``player``, among the moves of ``cards`` (default: all)."""
    moves = legal_moves(state, player)
    if cards is not None:
        moves = [move_for(state, player, Card.parse(name)) for name in cards]
    return HattrickBot().choose(observe(state, player), moves, random.Random(0))


def test_plays_last_and_takes_a_four_card_trick() -> None:
    # Seat 3 plays last; the red trick holds R1 R6 R11. Any red card of seat 3 takes it for
    # sure: four red cards, +4 (its first won cards make red its colour). A green or blue card
    # opens a second trick that only it plays to: one card, +1.
    state = position(DEAL, [(0, "R1"), (1, "R6"), (2, "R11")])
    move = decide(state, 3)
    assert isinstance(move, Follow)
    assert move.card.color is Color.RED


def test_does_not_pass_when_a_card_can_go_under_a_trick() -> None:
    # Turn 2: seat 3 leads green with G16, seat 0 opens blue with B1. Seat 1's red cards
    # would be passed (-2 each); G6 to G10 go under G16 and cost nothing now.
    state = position(DEAL, [(0, "R1"), (1, "R6"), (2, "R11"), (3, "R16"), (3, "G16"), (0, "B1")])
    assert state.open_colors == (Color.GREEN, Color.BLUE)
    assert not isinstance(decide(state, 1), Pass)
    assert decide(state, 1, ["R7", "G6"]).card == Card.parse("G6")


def test_sheds_a_high_card_that_cannot_win_the_trick() -> None:
    # Seat 3 leads R20, which nothing beats. Seat 0 holds R5 and R19: either goes under R20
    # and wins nothing; R19 is a danger to keep (it would take later red tricks), R5 a safe
    # card, so it sheds R19.
    deal = [
        "R5 R19 G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 G12 G13",
        "R1 R2 R3 R4 R6 R7 R8 R9 R10 G14 G15 G16 B1 B2 B3",
        "R11 R12 R13 R14 R15 R16 R17 G17 G18 B4 B5 B6 B7 B8 B9",
        "R18 R20 G19 G20 B10 B11 B12 B13 B14 B15 B16 B17 B18 B19 B20",
    ]
    state = position(deal, [(3, "R20")], first_leader=3)
    assert decide(state, 0, ["R5", "R19"]).card == Card.parse("R19")


# -- the registry and strength ---------------------------------------------------------------------


def test_the_registry_gives_hattrick_its_heuristic_bot() -> None:
    for preset in HATTRICK_PRESETS:
        game = st.find_game("hattrick", preset)
        assert plays("heuristic", game)
        assert isinstance(make_bot("heuristic", game), HattrickBot)


def test_the_bot_beats_random_play() -> None:
    """Over fixed deals, with the bot on each seat in turn and random players on the others,
    the bot scores more than the random players and wins most games."""
    game = HattrickGame()
    margins = []
    wins = 0.0
    deals = 6
    for deal in range(deals):
        for seat in range(4):
            bots: list[Bot[Any, Any]] = [RandomBot()] * 4
            bots[seat] = HattrickBot()
            state = play(game, bots, 200 + deal, random.Random(f"{deal}/{seat}"))
            scores = state.scores
            margins.append(scores[seat] - (sum(scores) - scores[seat]) / 3)
            wins += 1 / len(state.winners) if seat in state.winners else 0.0
    assert sum(margins) / len(margins) > 10
    assert wins / (4 * deals) > 0.6
