"""Play one whole game of Hattrick between four heuristic bots, print every hand's scores and
what one player's score of the last hand is made of.

Run: ``python examples/hattrick_game.py [seed]``
"""

from __future__ import annotations

import random
import sys

import sticheln.hattrick as ht
from sticheln.bots import make_bot


def main(seed: int) -> ht.HattrickState:
    bots = [make_bot("heuristic", ht.HattrickGame()) for _ in range(4)]
    rng = random.Random(seed)
    state = ht.new_game(players=4, seed=seed)
    while not state.is_over:
        player = state.players_to_act[0]
        view, moves = ht.observe(state, player), ht.legal_moves(state, player)
        state = ht.apply_move(state, bots[player].choose(view, moves, rng))
    for hand in state.finished_hands:
        print(f"hand {hand.number + 1}: scores {hand.scores}")
    print(f"totals {state.scores}, winners {state.winners}")
    print("What player 0's score of the last hand is made of:")
    print(ht.explain_score(state.finished_hands[-1], 0))
    return state


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
