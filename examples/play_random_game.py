"""Play one whole game between random players and print every round's scores.

Run: ``python examples/play_random_game.py [seed]``
"""

from __future__ import annotations

import random
import sys

import sticheln as st


def main(seed: int) -> st.StichelnState:
    rng = random.Random(seed)
    state = st.new_game(players=4, seed=seed)
    while not state.is_over:
        # While pain cards are chosen several players may act; any of them may go first.
        player = rng.choice(state.players_to_act)
        state = st.apply_move(state, rng.choice(st.legal_moves(state, player)))
    for finished in state.finished_rounds:
        pains = " ".join(map(str, finished.pain_cards))
        print(f"round {finished.number + 1}: pain cards {pains}, scores {finished.scores}")
    print(f"totals {state.scores}, winners {state.winners}")
    return state


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
