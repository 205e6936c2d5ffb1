"""Sticheln's compiled solver (sticheln.sticheln.compiled_solver, the fast extra) against the
Python solver (sticheln.analysis.solve), which tests/analysis/test_solver.py checks against a
brute force of the engine's states.

Endgames are reached by random play from a seed until no hand holds more than a few cards (in
the middle of a trick or not, as it comes), in every preset and for three to five players
where the preset has them; every legal move's value must be the same under both models, for
a seat that changes with the seed.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

import sticheln as st
from sticheln.analysis import MODELS, solve
from sticheln.analysis.estimate import solved_values
from sticheln.core import stream
from sticheln.core.stream import PLAYOUTS_VARIABLE
from sticheln.sticheln.endgame import solver_values
from tests.analysis.test_solver import endgame, three_cards

pytest.importorskip("numba")

PRESETS = tuple(st.STICHELN_PRESETS)


def both(game: Any, state: Any, player: int, model: str) -> tuple[Any, tuple[int, ...]]:
    """The compiled solver's values of the legal moves and the Python solver's."""
    (mover,) = game.players_to_act(state)
    moves = game.legal_moves(state, mover)
    found = solver_values(state, player, moves, model, None, None)
    assert found is not None
    solution = solve(game, state, player, model=model)
    return found[0], tuple(solution.move_values[move] for move in moves)


def cases(cards: range, seeds: int) -> list[tuple[str, int, int, int]]:
    """(preset, players, cards, seed): every preset, three to five players where it has them
    (two and three for the tiny one)."""
    found = []
    for preset in PRESETS:
        counts = st.find_game("sticheln", preset).info.player_counts
        for players in (2, 3, 4, 5):
            if players in counts and (players > 2 or preset == "tiny"):
                for k in cards:
                    if preset != "tiny" or k <= 2:
                        found.extend((preset, players, k, seed) for seed in range(seeds))
    return found


@pytest.mark.parametrize("preset", PRESETS)
def test_small_endgames_of_every_preset_get_the_solvers_values(preset: str) -> None:
    """Hands of up to three cards: several hundred endgames a preset, both models."""
    game = st.find_game("sticheln", preset)
    checked = 0
    for name, players, cards, seed in cases(range(2, 4), 40):
        if name != preset:
            continue
        state = endgame(game, players, seed, cards)
        if state.phase is not st.Phase.PLAYING:
            continue  # a tiny deal still choosing its pain cards: the Python solver's
        for model in MODELS:
            compiled, python = both(game, state, seed % players, model)
            assert compiled == python, (players, cards, seed, model)
            checked += 1
    assert checked >= 150


@pytest.mark.slow
@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "tiny"])
def test_larger_endgames_of_every_preset_get_the_solvers_values(preset: str) -> None:
    """Hands of four cards, three and four players (the Python solver's maxn takes seconds
    for each)."""
    game = st.find_game("sticheln", preset)
    for _, players, cards, seed in [c for c in cases(range(4, 5), 2) if c[0] == preset]:
        if players > 4:
            continue
        state = endgame(game, players, 500 + seed, cards)
        for model in MODELS:
            compiled, python = both(game, state, seed % players, model)
            assert compiled == python, (players, cards, seed, model)


@pytest.mark.parametrize("model", MODELS)
def test_a_round_worked_out_by_hand(model: str) -> None:
    """The three-card round of tests/analysis/test_solver.py: player 0 (pain colour green,
    -2 so far) makes 1 by leading B1 and -2 by leading R8, under both models. Under maxn:
    after R8 each of the others takes one trick whatever it plays, and leaves player 0
    nothing where it may (the tie rule); after B1, R8 takes a trick in every line (ST-TRICK-2,
    ST-TRICK-3, ST-SCORE-1, ST-SCORE-2)."""
    game, state = three_cards()
    moves = game.legal_moves(state, 0)
    assert [str(move.card) for move in moves] == ["R8", "B1"]
    found = solver_values(state, 0, moves, model, None, None)
    assert found is not None
    assert found[0] == (-2, 1)
    assert found[1] > 0
    # Player 1 (-5 so far, its pain colour yellow, none left) takes no trick. Paranoid, the
    # others see to it. Under maxn, after R8 player 2 takes one trick whatever it plays: after
    # B4 its B7 leaves the other trick to player 0 and its R6 to player 1, after R3 its R6
    # leaves it to player 0 and its B7 to player 1, and the tie rule takes the fewest points
    # for player 1; after B1 player 2 takes a trick only by playing R6, and R8 the other.
    found = solver_values(state, 1, moves, model, None, None)
    assert found is not None
    assert found[0] == (-5, -5)


def test_a_budget_of_positions_stops_the_search() -> None:
    game = st.find_game("sticheln")
    state = endgame(game, 4, 7, 4)
    (mover,) = game.players_to_act(state)
    moves = game.legal_moves(state, mover)
    found = solver_values(state, mover, moves, "paranoid", 10, None)
    assert found is not None
    values, positions = found
    assert values is None
    assert positions == 10
    full = solver_values(state, mover, moves, "paranoid", None, None)
    assert full is not None
    assert full[0] is not None
    assert full[1] > 10
    assert solver_values(state, mover, moves, "paranoid", full[1], None) == full
    assert solver_values(state, mover, moves, "paranoid", full[1] - 1, None) == (
        None,
        full[1] - 1,
    )


def test_a_time_limit_stops_the_search() -> None:
    """A whole round of four players, which no search finishes in 0.05 seconds."""
    game = st.find_game("sticheln")
    state = endgame(game, 4, 3, 14)
    (mover,) = game.players_to_act(state)
    start = time.perf_counter()
    found = solver_values(state, mover, game.legal_moves(state, mover), "maxn", None, 0.05)
    assert time.perf_counter() - start < 5  # a search that ignored the limit runs for hours
    assert found is not None
    assert found[0] is None
    assert found[1] > 0


def test_positions_it_does_not_take_are_left_to_the_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A state not in play; five hands of 14 cards, more than 64 cards; and the Python path
    chosen by the variable: ``None``, and solved_values asks the solver."""
    game = st.find_game("sticheln")
    state = game.new_game(4, seed=1)
    assert solver_values(state, 0, game.legal_moves(state, 0), "paranoid", None, None) is None
    big = endgame(game, 5, 1, 14)
    (mover,) = game.players_to_act(big)
    moves = game.legal_moves(big, mover)
    assert solver_values(big, mover, moves, "paranoid", None, None) is None
    small = endgame(game, 4, 2, 3)
    (mover,) = game.players_to_act(small)
    moves = game.legal_moves(small, mover)
    compiled = solved_values(game, small, 1, moves, model="maxn", budget=None)
    monkeypatch.setenv(PLAYOUTS_VARIABLE, "python")
    monkeypatch.setattr(stream, "_FOUND", {})
    assert solver_values(small, 1, moves, "maxn", None, None) is None
    python = solved_values(game, small, 1, moves, model="maxn", budget=None)
    assert compiled == python
    assert python is not None


@pytest.mark.parametrize(("all_zero_trick", "value"), [("leader-wins", 2), ("set-aside", 0)])
def test_a_trick_of_zeros_led_by_the_player(all_zero_trick: str, value: int) -> None:
    """Player 0 (pain colour red, -3 for its pick) holds R0 and B5, the others only zeros
    (Y0 B0, G0 P0). Whichever it leads, B5 takes its trick with two zeros (+3: a non-zero
    lead followed by zeros is the leader's) and the trick of R0 and two zeros is the
    leader's (+2: R0 is worth nothing to it) or set aside (ST-TRICK-3, ST-TRICK-4,
    ST-TRICK-6, ST-SCORE-1, ST-SCORE-2). A bound that took player 0 for out of the trick it
    led with a zero would lose the +2."""
    rules = st.StichelnRules(
        name="zeros", hand_size=3, all_zero_trick=st.AllZeroTrick(all_zero_trick)
    )
    game = st.StichelnGame(rules)
    state = game.new_game(3, deals=[["R0 B5 R3", "Y0 B0 Y4", "G0 P0 G4"]] * 3)
    for player, card in [(0, "R3"), (1, "Y4"), (2, "G4")]:
        state = game.apply_move(state, game.parse_move(state, player, card))
    moves = game.legal_moves(state, 0)
    assert [str(move.card) for move in moves] == ["R0", "B5"]
    for model in MODELS:
        found = solver_values(state, 0, moves, model, None, None)
        assert found is not None
        assert found[0] == (value, value)
    # After R0, player 1's zeros: the trick stays player 0's (or nobody's) either way.
    state = game.apply_move(state, moves[0])
    moves = game.legal_moves(state, 1)
    assert [str(move.card) for move in moves] == ["Y0", "B0"]
    for model in MODELS:
        found = solver_values(state, 0, moves, model, None, None)
        assert found is not None
        assert found[0] == (value, value)


def cannot_take(rules: st.StichelnRules, trick: str, hands: list[str], player: int) -> bool:
    """The compiled solver's bound test: whether ``player`` cannot take the trick ``trick``
    (led by seat 0, played so far) whatever the hands ``hands`` still play to it."""
    import numpy as np

    from sticheln.sticheln import compiled_solver as solver
    from sticheln.sticheln.playout import tables_for
    from sticheln.sticheln.trick import taking_index, winning_index

    n = len(hands)
    played = [st.Card.parse(text) for text in trick.split()]
    held = [[st.Card.parse(text) for text in hand.split()] for hand in hands]
    live = sum(1 << card.index for card in played + [c for hand in held for c in hand])
    cards = solver._Cards(solver._Deck(tables_for(rules, n)), live)
    number = cards.index_of
    frames = np.zeros((len(played) + 1, solver._FIELDS), dtype=np.int64)
    depth = len(played)
    best = winning_index(played)
    frames[depth, solver._PLAYED] = len(played)
    frames[depth, solver._BEST] = -1 if best is None else best
    frames[depth, solver._LEAD] = cards.color_of[number[played[0].index]]
    masks = np.array([sum(1 << number[c.index] for c in hand) for hand in held], dtype=np.int64)
    stack = np.array([number[card.index] for card in played] + [0], dtype=np.int64)
    zero_taker = taking_index((st.Card(st.Color.RED, 0),) * n, rules.all_zero_trick)
    taker = -1 if zero_taker is None else zero_taker
    return bool(solver._cannot_take(frames, depth, masks, stack, player, n, cards.beats, taker))


def test_the_bound_of_a_trick_the_player_cannot_take() -> None:
    """Three players, seat 0 leads. A card beaten stays beaten (ST-TRICK-2, ST-TRICK-3); a
    card that does not beat the best one beats nothing that beats it; zeros never win
    (ST-TRICK-4); a trick of zeros is set aside or the leader's (ST-TRICK-6)."""
    rules = st.StichelnRules()
    leader_wins = st.StichelnRules(name="zeros", all_zero_trick=st.AllZeroTrick.LEADER_WINS)
    # Player 0 led R5: beaten by B3 (another colour), not by R3 (the lead colour).
    assert cannot_take(rules, "R5 B3", ["G1", "Y1", "Y2"], 0)
    assert not cannot_take(rules, "R5 R3", ["G1", "Y1", "Y2"], 0)
    # Player 0 led R0, player 1 added Y0: the trick of zeros is nobody's, or the leader's.
    assert cannot_take(rules, "R0 Y0", ["G1", "Y1", "B0"], 0)
    assert not cannot_take(leader_wins, "R0 Y0", ["G1", "Y1", "B0"], 0)
    assert cannot_take(leader_wins, "R0 Y0", ["G1", "Y1", "B0"], 1)
    # Player 2 has yet to play to R5 B7: B6 and Y2 do not beat B7, G8 does, and after two
    # zeros any card but a zero might win.
    assert cannot_take(rules, "R5 B7", ["G1", "Y1", "B6 Y2"], 2)
    assert not cannot_take(rules, "R5 B7", ["G1", "Y1", "B6 G8"], 2)
    assert cannot_take(rules, "R5 B7", ["G1", "Y1", "R11 B0"], 2)
    assert not cannot_take(rules, "R0 Y0", ["G1", "Y1", "R1 B0"], 2)
