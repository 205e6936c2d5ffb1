"""Play a whole game of any registered game through the generic protocol, with the game's
own bots, then save it as a record and read it back.

The same lines play Sticheln, Hattrick, Stichling and any game an installed package adds:
they name no game's classes, only :func:`sticheln.find_game` and the protocol's methods.

Run: ``python examples/any_game.py [game] [seed]`` (the game's name, e.g. ``hattrick``)
"""

from __future__ import annotations

import random
import sys
from typing import Any

import sticheln as st
from sticheln.bots import make_bot


def main(name: str, seed: int) -> st.RecordedGame[Any, Any]:
    game = st.find_game(name)
    players = game.info.default_players
    bots = [make_bot("heuristic", game) for _ in range(players)]
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    moves = 0
    while not game.is_over(state):
        player = rng.choice(game.players_to_act(state))
        view, legal = game.observe(state, player), game.legal_moves(state, player)
        move = bots[player].choose(view, legal, rng)
        if moves < 3:
            print(f"player {player} plays {game.move_text(move)}")
        state = game.apply_move(state, move)
        moves += 1
    print(f"{game.info.title}: {players} players, {moves} moves")
    print(f"scores {game.scores(state)}, winners {game.winners(state)}")
    record = st.load_record(game.to_json(state))
    same = "the same" if record.state == state else "another"
    print(f"its record replays {len(record.moves)} moves to {same} final state")
    return record


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "sticheln", int(args[1]) if len(args) > 1 else 1)
