"""Play one whole game of Stichling between four heuristic bots, print every hand's bets
(each player's victory-point cards in the order they arranged them), tricks and scores, and
what one player's score of the last hand is made of.

Run: ``python examples/stichling_game.py [seed]``
"""

from __future__ import annotations

import random
import sys

import sticheln.stichling as sl
from sticheln.bots import make_bot


def main(seed: int) -> sl.StichlingState:
    bots = [make_bot("heuristic", sl.StichlingGame()) for _ in range(4)]
    rng = random.Random(seed)
    state = sl.new_game(players=4, seed=seed)
    while not state.is_over:
        # While victory points are arranged, every player acts; any of them may go first.
        player = rng.choice(state.players_to_act)
        view, moves = sl.observe(state, player), sl.legal_moves(state, player)
        state = sl.apply_move(state, bots[player].choose(view, moves, rng))
    for hand in state.finished_hands:
        print(f"hand {hand.number + 1}: victory points {hand.orders}")
        print(f"  tricks {hand.tricks_won}, scores {hand.scores}")
    print(f"totals {state.scores}, winners {state.winners}")
    print("What player 0's score of the last hand is made of:")
    print(sl.explain_score(state.finished_hands[-1], 0))
    return state


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
