"""Every game of the library on the game protocol: one random-play check, written once against
:class:`sticheln.Game`, runs whole games of Sticheln, Hattrick and Stichling."""

from __future__ import annotations

import json
import random
from typing import Any, TypeVar

import pytest

import sticheln as st
from sticheln import Game, StichelnGame, UnknownNameError, find_game, random_playout
from sticheln.hattrick import (
    HATTRICK_PRESETS,
    HattrickGame,
    HattrickMove,
    HattrickState,
    HattrickView,
)
from sticheln.stichling import (
    STICHLING_PRESETS,
    StichlingGame,
    StichlingMove,
    StichlingState,
    StichlingView,
)

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")

# The games type-check as the protocol (mypy), and are accepted where it is expected.
_STICHELN: Game[st.StichelnState, st.StichelnMove, st.StichelnView] = StichelnGame()
_HATTRICK: Game[HattrickState, HattrickMove, HattrickView] = HattrickGame()
_STICHLING: Game[StichlingState, StichlingMove, StichlingView] = StichlingGame()

CASES = (
    [
        pytest.param(StichelnGame(rules), players, id=f"sticheln-{name}-{players}")
        for name, rules in st.STICHELN_PRESETS.items()
        for players in rules.player_counts
    ]
    + [
        pytest.param(HattrickGame(rules), players, id=f"hattrick-{name}-{players}")
        for name, rules in HATTRICK_PRESETS.items()
        for players in rules.player_counts
    ]
    + [
        pytest.param(StichlingGame(rules), players, id=f"stichling-{name}-{players}")
        for name, rules in STICHLING_PRESETS.items()
        for players in rules.player_counts
    ]
)


def check_playout(game: Game[S, M, V], players: int, seed: int) -> tuple[S, S]:
    """Play a whole game of random moves, checking the protocol at every step; return a state
    from the middle of the game and the final state."""
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    states = [state]
    step = 0
    while not game.is_over(state):
        acting = game.players_to_act(state)
        assert acting
        for player in acting:
            moves = game.legal_moves(state, player)
            assert moves, f"player {player} must act but has no move"
            texts = [game.move_text(move) for move in moves]
            assert len(set(texts)) == len(texts), "move texts must name the moves uniquely"
        waiting = [p for p in range(players) if p not in acting]
        assert all(game.legal_moves(state, p) == () for p in waiting)
        views = [game.observe(state, p) for p in range(players)]
        # A full state sampled from one player's view (each player in turn) looks the same.
        viewer = step % players
        sampled = game.sample_state(views[viewer], rng)
        assert game.observe(sampled, viewer) == views[viewer]
        player = rng.choice(acting)
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
        states.append(state)
        step += 1
    assert game.players_to_act(state) == ()
    assert all(game.legal_moves(state, p) == () for p in range(players))
    scores = game.scores(state)
    assert len(scores) == players
    # Sticheln and Hattrick share first place; Stichling breaks ties by the last hand.
    best = tuple(p for p in range(players) if scores[p] == max(scores))
    assert game.winners(state)
    assert set(game.winners(state)) <= set(best)
    if game.name != "stichling":
        assert game.winners(state) == best
    view = game.observe(state, 0)
    assert game.observe(game.sample_state(view, rng), 0) == view
    return states[len(states) // 2], state


def check_records(game: Game[S, M, V], state: S) -> None:
    """``from_json(to_json(state))`` is ``state``, and ``replay_from_json`` replays to it."""
    assert game.from_json(game.to_json(state)) == state
    first, moves = game.replay_from_json(game.to_json(state))
    for move in moves:
        first = game.apply_move(first, move)
    assert first == state


@pytest.mark.parametrize(("game", "players"), CASES)
def test_whole_games_on_the_protocol(game: Game[Any, Any, Any], players: int) -> None:
    assert players in game.player_counts
    middle, final = check_playout(game, players, seed=players)
    check_records(game, middle)
    check_records(game, final)


@pytest.mark.parametrize("name", ["sticheln", "hattrick", "stichling"])
def test_random_playout_ends_every_game(name: str) -> None:
    game = find_game(name)
    assert game.name == name
    for players in game.player_counts:
        final = random_playout(game, game.new_game(players, seed=1), random.Random(1))
        assert game.is_over(final)
        assert game.winners(final)


def test_find_game_knows_the_games_and_their_presets() -> None:
    assert tuple(st.GAME_NAMES) == ("sticheln", "hattrick", "stichling")
    assert isinstance(find_game("Stichling"), StichlingGame)
    for preset in STICHLING_PRESETS:
        assert find_game("stichling", preset).info.rules_name == preset
    assert isinstance(find_game("HATTRICK"), HattrickGame)
    assert find_game("hattrick").rules == HATTRICK_PRESETS["amigo-1995"]  # type: ignore[attr-defined]
    for preset in HATTRICK_PRESETS:
        assert find_game("hattrick", preset).rules.name == preset  # type: ignore[attr-defined]
    with pytest.raises(UnknownNameError, match="known presets: amigo-1995, passes-shown"):
        find_game("hattrick", "nsv")
    with pytest.raises(UnknownNameError, match="known games: sticheln, hattrick, stichling"):
        find_game("skat")


def test_bad_records_raise_the_record_error_of_the_game() -> None:
    for name in st.GAME_NAMES:
        game = find_game(name)
        with pytest.raises(st.RecordError):
            game.from_json("{}")
        with pytest.raises(st.RecordError):
            game.replay_from_json("{}")
    with pytest.raises(st.RecordError, match="expected 'hattrick'"):
        HattrickGame().from_json(StichelnGame().to_json(StichelnGame().new_game(3, seed=1)))


@pytest.mark.parametrize("name", ["sticheln", "hattrick", "stichling"])
def test_a_game_starts_from_given_deals_through_the_protocol(name: str) -> None:
    game = find_game(name)
    players = game.player_counts[0]
    dealt = game.new_game(players, seed=3)
    deals = json.loads(game.to_json(dealt))["deals"]
    given = game.new_game(players, deals=deals)
    assert [game.observe(given, p) for p in range(players)] == [
        game.observe(dealt, p) for p in range(players)
    ]
    with pytest.raises(ValueError, match=r"deals\[0\]"):
        game.new_game(players, deals=[["R1"] * players] * len(deals))
