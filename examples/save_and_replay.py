"""Save a game as a JSON record, load it back and replay it move by move.

Run: ``python examples/save_and_replay.py [path]``
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import sticheln as st


def main(path: Path) -> st.StichelnState:
    rng = random.Random(3)
    state = st.new_game(players=3, seed=3)
    while not state.is_over:
        player = state.players_to_act[0]
        state = st.apply_move(state, rng.choice(st.legal_moves(state, player)))
    path.write_text(st.StichelnRecord.from_state(state).to_json(indent=1), encoding="utf-8")

    record = st.StichelnRecord.from_json(path.read_text(encoding="utf-8"))
    replayed = record.replay()
    assert replayed == state
    # Three pain cards and three plays make the first trick.
    after_first_trick = record.replay(moves=6)
    print(
        f"{len(record.moves)} moves saved to {path}; the replay ends with scores {replayed.scores}"
    )
    print(f"first trick of the game: {after_first_trick.tricks[0]}")
    return replayed


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp()) / "game.json"
    main(target)
