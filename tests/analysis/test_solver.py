"""The solver (sticheln.analysis.solve) against a plain search written here.

The reference is a brute-force minimax over the engine's own states, through the protocol
alone: it tries every legal move of every player to the end of the deal and scores the deal
as ``scores`` at its end minus ``scores`` of the state. It knows nothing of the solver's
transposition table, pruning, bounds, interchangeable cards or the games' fast positions.
Endgames are reached by random play from a seed until every hand holds a few cards, in every
preset of the three games; the solver's line of best play is played out on the engine too.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import sticheln as st
from sticheln.analysis import MODELS, Solution, SolverError, StatePosition, solve
from sticheln.core.protocol import Game, random_playout
from tests.toy_games import Nim

GAMES = ("sticheln", "hattrick", "stichling")


def endgame(game: Game[Any, Any, Any], players: int, seed: int, cards: int) -> Any:
    """The first state of a game played at random from ``seed`` in which one player acts and
    no hand holds more than ``cards`` cards (in the middle of a trick or turn, as it comes)."""
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    while True:
        actors = game.players_to_act(state)
        if len(actors) == 1 and max(len(hand) for hand in state.hands) <= cards:
            return state
        player = actors[0] if len(actors) == 1 else rng.choice(actors)
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))


def deal_over(game: Game[Any, Any, Any], state: Any, deal: int) -> bool:
    return game.is_over(state) or game.deal_number(state) != deal


def brute_force(
    game: Game[Any, Any, Any], state: Any, player: int, model: str
) -> tuple[int, dict[Any, int], list[Any]]:
    """The value of the deal for ``player`` and of each legal move, by trying everything.

    Under "paranoid" ``player`` takes its best move and every other player the worst for
    ``player``; under "maxn" every player takes the move best for itself, of equal ones the
    worst for ``player``, then the one with the fewest points for seat 0, seat 1, ..."""
    deal = game.deal_number(state)
    first = game.scores(state)

    def outcome(s: Any) -> tuple[int, ...]:
        if deal_over(game, s, deal):
            return tuple(a - b for a, b in zip(game.scores(s), first, strict=True))
        (mover,) = game.players_to_act(s)
        results = [outcome(game.apply_move(s, m)) for m in game.legal_moves(s, mover)]
        if model == "paranoid":
            pick = max if mover == player else min
            return pick(results, key=lambda r: r[player])
        return max(results, key=lambda r: (r[mover], -r[player], [-x for x in r]))

    (mover,) = game.players_to_act(state)
    results = {
        move: outcome(game.apply_move(state, move)) for move in game.legal_moves(state, mover)
    }
    best = outcome(state)
    if model == "paranoid":
        chosen = [move for move, result in results.items() if result[player] == best[player]]
    else:
        chosen = [move for move, result in results.items() if result == best]
    return best[player], {move: result[player] for move, result in results.items()}, chosen


def play_out(game: Game[Any, Any, Any], state: Any, line: tuple[Any, ...]) -> tuple[int, ...]:
    """The deal's scores after the moves of ``line``, which must end the deal exactly."""
    deal = game.deal_number(state)
    first = game.scores(state)
    for move in line:
        assert not deal_over(game, state, deal), "the line goes on after the deal"
        state = game.apply_move(state, move)
    assert deal_over(game, state, deal), "the line stops before the end of the deal"
    return tuple(a - b for a, b in zip(game.scores(state), first, strict=True))


def check_solution(
    game: Game[Any, Any, Any], state: Any, player: int, model: str, solution: Solution[Any]
) -> None:
    """``solution`` agrees with the brute force, and its line plays out to its value."""
    value, values, best_moves = brute_force(game, state, player, model)
    assert solution.exact
    assert solution.value == solution.lower == solution.upper == value
    assert dict(solution.move_values) == values
    assert list(solution.move_values) == list(values)  # in the order of the legal moves
    assert dict(solution.move_bounds) == {move: (v, v) for move, v in values.items()}
    scores = play_out(game, state, solution.line)
    assert scores == solution.scores
    assert scores[player] == value
    assert list(solution.best_moves) == best_moves
    assert solution.line[0] in solution.best_moves
    assert solution.move_values[solution.line[0]] == value


def cases() -> list[tuple[str, str, int, int]]:
    """(game, preset, players, cards): every preset of every game, at player counts and
    hand sizes small enough for the brute force."""
    sizes = {
        "sticheln": {2: 3, 3: 3, 4: 2, 5: 2},
        "hattrick": {2: 3, 3: 2, 4: 3, 5: 2},
        "stichling": {2: 3, 3: 2},
    }
    found = []
    for name in GAMES:
        info = st.find_game(name).info
        for preset in info.presets:
            counts = st.find_game(name, preset).info.player_counts
            for players, cards in sizes[name].items():
                if players in counts:
                    found.append((name, preset, players, cards))
    return found


CASES = cases()


def test_the_cases_cover_every_preset_of_every_game() -> None:
    covered = {(name, preset) for name, preset, _, _ in CASES}
    assert covered == {
        (name, preset) for name in GAMES for preset in st.find_game(name).info.presets
    }


@pytest.mark.parametrize(("name", "preset", "players", "cards"), CASES)
@pytest.mark.parametrize("model", MODELS)
def test_the_solver_agrees_with_the_brute_force(
    name: str, preset: str, players: int, cards: int, model: str
) -> None:
    game = st.find_game(name, preset)
    for seed in range(8):
        state = endgame(game, players, seed, cards)
        player = seed % players
        check_solution(game, state, player, model, solve(game, state, player, model=model))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("model", MODELS)
def test_the_fast_position_and_the_protocol_give_the_same_values(name: str, model: str) -> None:
    """The game's own position (GameInfo.solver_position) against StatePosition, on
    endgames a little larger than the brute force's."""
    game = st.find_game(name)
    players, cards = {"sticheln": (4, 3), "hattrick": (4, 3), "stichling": (2, 4)}[name]
    if model == "maxn" and name == "stichling":
        cards = 3  # maxn searches every position, and Stichling's cards go to several tricks
    for seed in range(3):
        state = endgame(game, players, 100 + seed, cards)
        fast = solve(game, state, 1, model=model)
        slow = solve(game, state, 1, model=model, fast_path=False)
        assert (fast.value, dict(fast.move_values)) == (slow.value, dict(slow.move_values))
        assert play_out(game, state, fast.line)[1] == fast.value
        assert play_out(game, state, slow.line)[1] == slow.value


@pytest.mark.parametrize("name", GAMES)
def test_many_small_endgames_of_every_preset(name: str) -> None:
    """Endgames of one or two cards a hand, for every seat and both models: a few hundred
    positions a game."""
    info = st.find_game(name).info
    for preset in info.presets:
        game = st.find_game(name, preset)
        players = game.info.player_counts[0]
        for seed in range(12):
            state = endgame(game, players, 1000 + seed, 2)
            for player in range(players):
                for model in MODELS:
                    solution = solve(game, state, player, model=model)
                    check_solution(game, state, player, model, solution)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(
    name=hs.sampled_from(GAMES),
    seed=hs.integers(0, 10**6),
    model=hs.sampled_from(MODELS),
    data=hs.data(),
)
def test_any_small_endgame_is_solved_as_the_brute_force_solves_it(
    name: str, seed: int, model: str, data: hs.DataObject
) -> None:
    game = st.find_game(name)
    players = data.draw(hs.sampled_from(game.info.player_counts[:2]), label="players")
    cards = {"sticheln": 2, "hattrick": 3, "stichling": 2}[name]
    state = endgame(game, players, seed, cards)
    player = data.draw(hs.integers(0, players - 1), label="player")
    check_solution(game, state, player, model, solve(game, state, player, model=model))


# -- a worked example, by hand ----------------------------------------------------------------


def three_cards() -> tuple[st.StichelnGame, st.StichelnState]:
    """Sticheln with hands of three cards: each player's pain card chosen, two tricks left.

    Player 0 (pain colour green, no green card left) leads R8 or B1. After R8, any blue card
    of the others beats it, and player 2's B7 beats player 0's B1 in the last trick: 0 points
    won, -2 with the pain card. After B1, a red card of the others takes the first trick, and
    in the second trick R8 beats every card: 3 points, 1 with the pain card (ST-TRICK-2,
    ST-TRICK-3, ST-SCORE-1, ST-SCORE-2)."""
    game = st.StichelnGame(st.StichelnRules(name="three-cards", hand_size=3))
    state = game.new_game(3, deals=[["R8 B1 G2", "R3 B4 Y5", "R6 B7 Y2"]] * 3)
    for player, card in [(0, "G2"), (1, "Y5"), (2, "Y2")]:
        state = game.apply_move(state, game.parse_move(state, player, card))
    return game, state


def test_a_round_worked_out_by_hand() -> None:
    game, state = three_cards()
    solution = solve(game, state, 0)
    assert solution.value == 1
    assert {str(move.card): value for move, value in solution.move_values.items()} == {
        "R8": -2,
        "B1": 1,
    }
    assert [str(move.card) for move in solution.best_moves] == ["B1"]
    assert str(solution.line[0].card) == "B1"
    assert solution.scores is not None
    assert solution.scores[0] == 1
    assert solution.to_act == 0
    assert solution.player == 0
    assert solution.model == "paranoid"
    assert solution.nodes > 0


def test_cards_won_earlier_in_the_deal_count() -> None:
    """After the first trick of the worked example, player 0's value still counts the pain
    card, and it is the same as before for the line of best play."""
    game, state = three_cards()
    first = solve(game, state, 0)
    for move in first.line[:3]:
        state = game.apply_move(state, move)
    assert game.scores(state) == (0, 0, 0)  # only finished rounds count in scores
    assert solve(game, state, 0).value == first.value == 1


def test_nim_through_the_protocol() -> None:
    """A game with no fast position, whose states transpose: the first player wins Nim of
    ten tokens by taking two (leaving a multiple of four)."""
    game = Nim()
    state = game.new_game(2)
    for model in MODELS:
        solution = solve(game, state, 0, model=model)
        assert solution.value == 1
        assert [move.count for move in solution.best_moves] == [2]
        assert play_out(game, state, solution.line) == (1, 0)
    assert solve(game, state, 1).value == 0


# -- budgets --------------------------------------------------------------------------------------


def test_a_budget_gives_bounds_that_hold() -> None:
    game = st.find_game("sticheln")
    state = endgame(game, 4, 7, 4)
    full = solve(game, state, 0)
    assert full.value is not None
    for budget in (1, 50, 500, 3000):
        part = solve(game, state, 0, budget=budget)
        if not part.exact:
            assert part.nodes <= budget
            assert part.line == ()
            assert part.scores is None
        for move, (low, high) in part.move_bounds.items():
            true = full.move_values[move]
            assert low is None or low <= true
            assert high is None or true <= high
            if move in part.move_values:
                assert part.move_values[move] == true
        assert part.lower is None or part.lower <= full.value
        assert part.upper is None or full.value <= part.upper
        if part.value is not None:
            assert part.value == full.value
    assert not solve(game, state, 0, budget=50).exact
    enough = solve(game, state, 0, budget=10 * full.nodes)
    assert enough.exact
    assert dict(enough.move_values) == dict(full.move_values)


def test_a_budget_that_runs_out_under_maxn_leaves_moves_unknown() -> None:
    game = st.find_game("sticheln")
    state = endgame(game, 4, 7, 3)
    part = solve(game, state, 0, model="maxn", budget=20)
    assert not part.exact
    assert part.value is None
    assert part.line == ()
    assert set(part.move_values) < set(part.move_bounds)


def test_a_time_limit_stops_the_search() -> None:
    """A limit far shorter than the search: it stops at its first look at the clock."""
    game = st.find_game("sticheln")
    state = endgame(game, 4, 7, 5)
    part = solve(game, state, 0, time_limit=1e-9)
    assert not part.exact
    assert part.nodes < 3000


# -- errors ---------------------------------------------------------------------------------------


def test_a_state_in_which_several_players_act_is_refused() -> None:
    sticheln = st.find_game("sticheln")
    with pytest.raises(SolverError, match="players 0, 1, 2, 3 act at once"):
        solve(sticheln, sticheln.new_game(4, seed=1), 0)
    stichling = st.find_game("stichling")
    with pytest.raises(SolverError, match="act at once"):
        solve(stichling, stichling.new_game(3, seed=1), 0)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_that_is_over_is_refused(name: str) -> None:
    game = st.find_game(name)
    final = random_playout(game, game.new_game(4, seed=2), random.Random(2))
    with pytest.raises(SolverError, match="the game is over"):
        solve(game, final, 0)
    with pytest.raises(SolverError, match="the game is over"):
        StatePosition(game, final)


def test_the_error_classes() -> None:
    assert issubclass(SolverError, ValueError)
    assert issubclass(SolverError, st.StichelnError)


@pytest.mark.parametrize(
    ("player", "error"),
    [(4, st.UnknownPlayerError), (-1, st.UnknownPlayerError), (True, st.WrongTypeError),
     ("0", st.WrongTypeError), (0.0, st.WrongTypeError)],
)  # fmt: skip
def test_a_wrong_player_is_refused(player: object, error: type[Exception]) -> None:
    game = st.find_game("sticheln")
    with pytest.raises(error, match="player"):
        solve(game, endgame(game, 4, 1, 2), player)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"model": "minimax"}, st.UnknownNameError, "no model 'minimax'; known models"),
        ({"model": None}, st.WrongTypeError, "model must be a string"),
        ({"budget": 0}, SolverError, "budget must be at least 1"),
        ({"budget": 2.5}, st.WrongTypeError, "budget must be a number of positions"),
        ({"budget": True}, st.WrongTypeError, "budget must be a number of positions"),
        ({"time_limit": 0}, SolverError, "time_limit must be a positive number"),
        ({"time_limit": float("inf")}, SolverError, "time_limit must be a positive number"),
        ({"time_limit": float("nan")}, SolverError, "time_limit must be a positive number"),
        ({"time_limit": "1"}, st.WrongTypeError, "time_limit must be a number of seconds"),
    ],
)
def test_wrong_settings_are_refused(
    change: dict[str, object], error: type[Exception], message: str
) -> None:
    game = st.find_game("sticheln")
    with pytest.raises(error, match=message):
        solve(game, endgame(game, 4, 1, 2), 0, **change)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "make",
    [
        lambda game, state: (game, None),
        lambda game, state: (game, game.observe(state, 0)),
        lambda game, state: (game, st.find_game("hattrick").new_game(4, seed=1)),
        lambda game, state: ("sticheln", state),
        lambda game, state: ("x" * 10_000, state),
    ],
)
def test_wrong_types_are_refused(make: Callable[[Any, Any], tuple[Any, Any]]) -> None:
    game = st.find_game("sticheln")
    game_arg, state = make(game, endgame(game, 4, 1, 2))
    with pytest.raises(st.WrongTypeError) as raised:
        solve(game_arg, state, 0)
    assert len(str(raised.value)) < 200


def test_a_solution_prints_in_short() -> None:
    game, state = three_cards()
    assert re.fullmatch(
        r"<Solution paranoid for player 0: value 1, exact, 2 moves, line of 6, \d+ positions>",
        repr(solve(game, state, 0)),
    )
