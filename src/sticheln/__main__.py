"""``python -m sticheln``: the ``sticheln`` command line.

Without arguments it plays a whole game between bots and prints it trick by trick
(``sticheln play --auto``); with a command (``play``, ``simulate``, ``replay``, or ``--help``)
it is the ``sticheln`` command. Given only the options ``--players``, ``--seed`` and
``--rules``, it keeps its first behaviour: one game between random players, of which it prints
only the scoreboard.
"""

from __future__ import annotations

import argparse
import random
import sys

import sticheln as st
from sticheln import cli


def main(argv: list[str] | None = None) -> int:
    """Run the command line (see the module's description); return the exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    if not args:
        return cli.main(["play", "--auto"])
    if args[0] in cli.COMMANDS or args[0] in {"-h", "--help", "--version"}:
        return cli.main(args)
    scoreboard(args)
    return 0


def scoreboard(argv: list[str]) -> None:
    """Play a game of random moves and print each round's scores and the final totals."""
    parser = argparse.ArgumentParser(
        prog="python -m sticheln",
        description="Play one game between random players and print the scoreboard.",
    )
    parser.add_argument("--players", type=int, default=4, help="number of players (3-6)")
    parser.add_argument("--seed", type=int, default=None, help="seed for the deal and the moves")
    parser.add_argument("--rules", default="nsv", choices=sorted(st.PRESETS), help="rule preset")
    args = parser.parse_args(argv)
    rules = st.Rules.preset(args.rules)
    if args.players not in rules.player_counts:
        parser.error(f"rules {rules.name!r} are for {list(rules.player_counts)} players")
    rng = random.Random(args.seed)
    state = st.new_game(args.players, seed=rng.randrange(2**32), rules=rules)
    while not state.is_over:
        player = state.players_to_act[0]
        state = st.apply_move(state, rng.choice(st.legal_moves(state, player)))
    seats = range(state.players)
    print("round  " + "".join(f"{f'P{p}':>6}" for p in seats) + "   pain cards")
    for finished in state.finished_rounds:
        scores = "".join(f"{s:>6}" for s in finished.scores)
        pains = " ".join(str(card) for card in finished.pain_cards)
        print(f"{finished.number + 1:>5}  {scores}   {pains}")
    print("total  " + "".join(f"{s:>6}" for s in state.scores))
    names = ", ".join(f"P{p}" for p in state.winners)
    print(f"winner{'s' if len(state.winners) > 1 else ''}: {names}")


if __name__ == "__main__":
    sys.exit(main())
