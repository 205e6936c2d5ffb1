"""The library's search (:class:`sticheln.bots.ISMCTSBot`) against OpenSpiel's Python
ISMCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with a random-rollout evaluator)
at equal time per move, in 4-player Sticheln through :mod:`sticheln.adapters.openspiel`.

Each deal is played twice with the same cards: the library's bot in seats 0 and 2 and
OpenSpiel's in 1 and 3, then the other way round. A deal's result is the library's bots'
mean points minus OpenSpiel's, averaged over the two games; the figure is the mean over the
deals with a 95% confidence interval (normal approximation). By default a deal is the first
round of a game (``--rounds 1``; ``--rounds 4`` plays whole games). OpenSpiel's rollouts play
to the end of the game, as its evaluator does; the library's bot stops its playouts at the end
of the round, as it does by default. Both play random moves in their playouts: the library's
bot is built with ``playout_policy=None``, not with Sticheln's registered heuristic policy
(its default). Both searches get the same wall-clock time per move; the run prints the
iterations per second of each. Needs the ``openspiel`` extra. Run it with::

    python benchmarks/ismcts_vs_openspiel.py [--deals 50] [--time 1.0] [--rounds 1]
        [--uct 7.0] [--seed 0]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

import sticheln.adapters.openspiel  # noqa: F401  (registers python_sticheln)
from sticheln import find_game
from sticheln.bots import ISMCTSBot

PLAYERS = 4


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS with a time budget per move instead of a simulation count
    (its ``run_search``, with the loop bounded by time)."""

    def __init__(self, game: Any, time_limit: float, uct_c: float, seed: int) -> None:
        super().__init__(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
            uct_c=uct_c,
            max_simulations=1,
            random_state=np.random.RandomState(seed + 1),
        )
        self.time_limit = time_limit
        self.simulations = 0
        self.seconds = 0.0

    def run_search(self, state: Any) -> Any:
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        key = self.get_state_key(state)
        start = time.perf_counter()
        deadline = start + self.time_limit
        while True:
            sampled = self.sample_root_state(state)
            assert key == self.get_state_key(sampled)
            self.run_simulation(sampled)
            self.simulations += 1
            if time.perf_counter() >= deadline:
                break
        self.seconds += time.perf_counter() - start
        return self.get_final_policy(state, self._root_node)


def deal_state(spiel: Any, hands: list[list[Any]]) -> Any:
    """The pyspiel state after dealing ``hands`` (per deal, per seat) by its chance nodes."""
    state = spiel.new_initial_state()
    # the adapter deals in seat order, card by card; any order of a seat's cards will do
    queues = [[list(hand) for hand in deal] for deal in hands]
    ctx = spiel.context()
    while state.is_chance_node():
        number, seat = ctx.steps[len(state.history())]
        card = queues[number][seat].pop(0)
        state.apply_action(ctx.deck.index(card))
    return state


def play(
    seed: int, ours_first: bool, args: argparse.Namespace, stats: dict[str, float]
) -> list[int]:
    """One game of a deal; the points of each seat after ``args.rounds`` rounds."""
    game = find_game("sticheln")
    spiel = pyspiel.load_game("python_sticheln", {"players": PLAYERS})
    encoding = game.encoding(PLAYERS)
    dealt = game.new_game(PLAYERS, seed=seed)
    hands = [[hand.cards for hand in deal.hands] for deal in dealt.setup.deals]
    state = deal_state(spiel, hands)
    # Random playouts, like OpenSpiel's random-rollout evaluator (not Sticheln's heuristic).
    ours = ISMCTSBot(game, time_limit=args.time, seed=seed, playout_policy=None)
    theirs = TimedISMCTSBot(spiel, args.time, args.uct, seed)
    rng = random.Random(seed)
    mine = (0, 2) if ours_first else (1, 3)
    while not state.is_terminal():
        lib = state.library_state()
        if game.deal_number(lib) >= args.rounds:
            break
        player = state.current_player()
        if player in mine:
            moves = game.legal_moves(lib, player)
            start = time.perf_counter()
            move = ours.choose(game.observe(lib, player), moves, rng)
            if len(moves) > 1:
                stats["ours_seconds"] += time.perf_counter() - start
                stats["ours_iterations"] += ours.last_iterations
            state.apply_action(encoding.action_index(move))
        else:
            state.apply_action(int(theirs.step(state)))
    stats["theirs_seconds"] += theirs.seconds
    stats["theirs_iterations"] += theirs.simulations
    return list(game.scores(state.library_state()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="duplicate deals (default 50)")
    parser.add_argument("--time", type=float, default=1.0, help="seconds per move (default 1)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds per deal (default 1)")
    parser.add_argument("--uct", type=float, default=7.0, help="OpenSpiel's uct_c (points)")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed (default 0)")
    args = parser.parse_args()
    stats = dict.fromkeys(
        ("ours_seconds", "ours_iterations", "theirs_seconds", "theirs_iterations"), 0.0
    )
    diffs: list[float] = []
    for number in range(args.deals):
        seed = args.seed + number
        total = 0.0
        for ours_first in (True, False):
            scores = play(seed, ours_first, args, stats)
            mine = (0, 2) if ours_first else (1, 3)
            ours = sum(scores[p] for p in mine) / 2
            theirs = sum(scores[p] for p in range(PLAYERS) if p not in mine) / 2
            total += ours - theirs
        diffs.append(total / 2)
        print(f"deal {seed}: library - OpenSpiel = {diffs[-1]:+.1f} points")
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    print(
        f"{len(diffs)} deals x 2 games, {args.time} s/move, {args.rounds} round(s): "
        f"library - OpenSpiel = {mean:+.2f} points per player, 95% CI "
        f"[{mean - half:+.2f}, {mean + half:+.2f}]"
    )
    for side, name in (("ours", "library ISMCTSBot"), ("theirs", "OpenSpiel ISMCTSBot")):
        seconds = stats[f"{side}_seconds"]
        rate = stats[f"{side}_iterations"] / seconds if seconds else 0.0
        print(f"{name:20} {rate:9.0f} iterations/s")


if __name__ == "__main__":
    main()
