"""How long the solver (:func:`sticheln.analysis.solve`) takes on endgames, for every game,
beside the speed of random play measured in the same run.

An endgame of ``k`` cards is the first state of a game played at random from a seed in which
every hand holds ``k`` cards and one player acts: the last ``k`` tricks of Sticheln, the last
``k - 1`` turns of Hattrick (whose last card stays in the hand), the last ``k`` cards of each
player in Stichling. For each game and ``k`` the script solves ``--positions`` such endgames
for the player to act (``"paranoid"``, and ``"maxn"`` with ``--maxn``), every legal move's value
included, and prints the median CPU time (:func:`time.process_time`), the median positions
searched, the positions per second, and how many searches finished within ``--time-limit``
(a search that does not finish counts as the limit). The reference is the moves per second of
random play of whole deals through the game protocol, in the same run::

    python benchmarks/solver_speed.py [--positions 5] [--time-limit 60] [--maxn]
        [--game sticheln --cards 4 5 6 8] [--players 4]

The goals for four players of Sticheln: the last 6 tricks in under a second (median), the last
8 in under ten.

Where a game has a faster search of the values of the moves (:attr:`GameInfo.solver_values
<sticheln.GameInfo.solver_values>`, Sticheln's compiled solver), a second line per model gives
its figures on the same endgames, and its speed as a multiple of the solver's (the ratio of the
medians, the limit counted for a search that does not finish, so "at least" where the solver's
median is the limit); ``--compiled-only`` leaves the
solver out (for endgames it cannot finish, such as ``--cards 14``, a whole round of four
players). The compiled code is compiled or loaded from its cache before the clock starts.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from typing import Any

import sticheln as st
from sticheln.analysis import solve
from sticheln.core.references import resolve

DEFAULT_CARDS = {"sticheln": (4, 5, 6, 8), "hattrick": (3, 4, 5), "stichling": (3, 4, 5)}
"""The endgames measured when ``--cards`` is not given."""


def endgame(game: st.Game[Any, Any, Any], players: int, seed: int, cards: int) -> Any:
    """The first state of a game played at random from ``seed`` in which every hand holds
    ``cards`` cards and one player acts, or ``None`` if the deal passes it by."""
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    while not game.is_over(state):
        actors = game.players_to_act(state)
        sizes = {len(hand) for hand in state.hands}
        if len(actors) == 1 and sizes == {cards}:
            return state
        if max(sizes) < cards:
            return None
        player = actors[0] if len(actors) == 1 else rng.choice(actors)
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
    return None


def endgames(game: st.Game[Any, Any, Any], players: int, cards: int, count: int) -> list[Any]:
    """``count`` endgames of ``cards`` cards, from the seeds 0, 1, 2, ..."""
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        state = endgame(game, players, seed, cards)
        if state is not None:
            found.append(state)
        seed += 1
    return found


def random_play_speed(game: st.Game[Any, Any, Any], players: int, seconds: float = 1.0) -> float:
    """Moves per CPU second of random play of whole deals through the protocol."""
    rng = random.Random(0)
    moves = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds:
        state = game.new_game(players, seed=seed)
        seed += 1
        while not game.is_over(state):
            actors = game.players_to_act(state)
            state = game.apply_move(state, rng.choice(game.legal_moves(state, actors[0])))
            moves += 1
    return moves / (time.process_time() - start)


def measure(
    game: st.Game[Any, Any, Any], states: list[Any], model: str, time_limit: float
) -> tuple[float, float, float, int]:
    """The median CPU seconds and positions of the solves of ``states``, the positions per
    second over all of them, and how many finished."""
    seconds = []
    nodes = []
    finished = 0
    for state in states:
        player = game.players_to_act(state)[0]
        start = time.process_time()
        solution = solve(game, state, player, model=model, time_limit=time_limit)  # type: ignore[arg-type]
        spent = time.process_time() - start
        finished += solution.exact
        seconds.append(spent if solution.exact else max(spent, time_limit))
        nodes.append(solution.nodes)
    rate = sum(nodes) / max(sum(seconds), 1e-9)
    return statistics.median(seconds), statistics.median(nodes), rate, finished


def measure_fast(
    game: st.Game[Any, Any, Any], states: list[Any], model: str, time_limit: float
) -> tuple[float, float, float, int] | None:
    """:func:`measure` for the game's faster search of the values of the moves, or ``None``
    if it has none or it does not handle these endgames."""
    if game.info.solver_values is None:
        return None
    search = resolve(game.info.solver_values, "solver_values")
    first = states[0]
    player = game.players_to_act(first)[0]
    if search(first, player, game.legal_moves(first, player), model, 1, None) is None:
        return None  # numba missing, or too many cards; this also compiles the code
    seconds = []
    nodes = []
    finished = 0
    for state in states:
        player = game.players_to_act(state)[0]
        moves = game.legal_moves(state, player)
        start = time.process_time()
        values, positions = search(state, player, moves, model, None, time_limit)
        spent = time.process_time() - start
        finished += values is not None
        seconds.append(spent if values is not None else max(spent, time_limit))
        nodes.append(positions)
    rate = sum(nodes) / max(sum(seconds), 1e-9)
    return statistics.median(seconds), statistics.median(nodes), rate, finished


def row(
    cards: int,
    label: str,
    figures: tuple[float, float, float, int],
    count: int,
    time_limit: float,
    tail: str,
) -> str:
    """One line of the table."""
    median, positions, rate, finished = figures
    over = f">{time_limit:g}"
    shown = f"{median:9.3f}" if finished * 2 > count else f"{over:>9}"
    return (
        f"  {cards:5d}  {label:18s} {shown}   {positions:16,.0f}   {rate:11,.0f}"
        f"   {finished}/{count}   ({tail})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", action="append", choices=sorted(DEFAULT_CARDS))
    parser.add_argument("--cards", type=int, nargs="+")
    parser.add_argument("--maxn", action="store_true", help="measure maxn too")
    parser.add_argument(
        "--compiled-only", action="store_true", help="measure the faster search alone"
    )
    args = parser.parse_args()
    names = args.game or list(DEFAULT_CARDS)
    models = ["paranoid", "maxn"] if args.maxn else ["paranoid"]
    print(f"Python {platform.python_version()} on {platform.machine()}")
    print(f"{args.positions} endgames each, {args.players} players, limit {args.time_limit:g} s")
    for name in names:
        game = st.find_game(name)
        reference = random_play_speed(game, args.players)
        print(f"\n{game.info.title}: random play {reference:,.0f} moves/s")
        print("  cards  model, search       median s   median positions   positions/s   finished")
        for cards in args.cards or DEFAULT_CARDS[name]:
            states = endgames(game, args.players, cards, args.positions)
            for model in models:
                figures = None
                if not args.compiled_only:
                    figures = measure(game, states, model, args.time_limit)
                    tail = f"{figures[2] / reference:.2f} x random play"
                    print(row(cards, model, figures, len(states), args.time_limit, tail))
                fast = measure_fast(game, states, model, args.time_limit)
                if fast is not None:
                    tail = "compiled"
                    if figures is not None:
                        ratio = f"{figures[0] / max(fast[0], 1e-9):,.0f} x as fast as the solver"
                        if figures[3] * 2 <= len(states):  # the solver's median is the limit
                            ratio = "at least " + ratio
                        tail = ratio if fast[3] * 2 > len(states) else "neither finished"
                    line = row(
                        cards, f"{model}, compiled", fast, len(states), args.time_limit, tail
                    )
                    print(line, flush=True)


if __name__ == "__main__":
    main()
