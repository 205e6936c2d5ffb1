"""The ``pimc`` bot against ISMCTS and the heuristic bot, on duplicate deals, at equal time
per move, in any registered game.

Each sample is one deal (Sticheln's round, a hand of Hattrick or Stichling) played once for
every rotation of the seats, the ``pimc`` bot on every other seat and the opponent on the
rest, each deal scored on its own (:meth:`Game.deal_number <sticheln.Game.deal_number>`):
the deals after the first are dealt afresh and would only add noise. The figure is the mean
deal score of the ``pimc`` seats minus that of the opponent's seats, per deal, with its 95%
confidence interval over the deals (Student's t): a positive interval that excludes zero
means ``pimc`` is the stronger. Every searching bot gets the same ``--time`` per move; the
CPU time each actually used per move is printed beside (``time.process_time``, this
process), and so is the share of ``pimc``'s decisions that it solved rather than handed to
its ISMCTS. ``--pimc SPEC`` puts another bot on those seats (``--pimc pimc:model=maxn``, or
``--pimc ismcts`` for the reference: how ISMCTS itself fares against the same opponents in the
same deals). Run it with, for example::

    python benchmarks/pimc_vs_ismcts.py --deals 40 --time 0.1
    python benchmarks/pimc_vs_ismcts.py --deals 16 --time 0.1 --pimc ismcts --against heuristic
    python benchmarks/pimc_vs_ismcts.py --game hattrick --deals 16 --time 0.1
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import sticheln as st
from sticheln.bots import PIMCBot, make_bot
from sticheln.core.stats import student_t_quantile


def seats(players: int) -> list[bool]:
    """Which seats hold the ``pimc`` bot: every other one, from seat 0."""
    return [seat % 2 == 0 for seat in range(players)]


_BOTS: dict[tuple[str, str], Any] = {}


def seat_bot(game: Any, spec: str) -> Any:
    """The bot of ``spec``, one for the whole run (per process), as a bot plays a whole game
    and learns from its earlier deals (the ``pimc`` bot learns which deals are too long to
    solve)."""
    key = (f"{game.name}/{game.info.rules_name}", spec)
    if key not in _BOTS:
        _BOTS[key] = make_bot(spec, game)
    return _BOTS[key]


def play_deal(task: tuple[str, str | None, int, str, str, float, int, int]) -> dict[str, Any]:
    """One deal, every rotation of the seats: the mean deal score of the ``pimc`` seats
    minus that of the opponent's, and each bot's moves, CPU seconds and solved decisions."""
    game_name, rules, players, pimc, opponent, seconds, seed, deal = task
    game = st.find_game(game_name, rules)
    pimc_seats = seats(players)
    margins = []
    cpu = {"pimc": 0.0, opponent: 0.0}
    moves = {"pimc": 0, opponent: 0}
    solved = 0
    for rotation in range(players):
        is_pimc = [pimc_seats[(seat - rotation) % players] for seat in range(players)]
        bots = [
            seat_bot(
                game,
                f"{pimc}:time={seconds}:seed={seat}"
                if is_pimc[seat]
                else opponent
                if opponent == "heuristic"
                else f"{opponent}:time={seconds}:seed={seat}",
            )
            for seat in range(players)
        ]
        rngs = [random.Random(f"{seed}/{deal}/{rotation}/{seat}") for seat in range(players)]
        state = game.new_game(players, seed=seed * 1_000_003 + deal)
        while not game.is_over(state) and game.deal_number(state) == 0:
            player = game.players_to_act(state)[0]
            legal = game.legal_moves(state, player)
            start = time.process_time()
            move = bots[player].choose(game.observe(state, player), legal, rngs[player])
            name = "pimc" if is_pimc[player] else opponent
            cpu[name] += time.process_time() - start
            moves[name] += 1
            bot = bots[player]
            if isinstance(bot, PIMCBot) and bot.last_solved:
                solved += 1
            state = game.apply_move(state, move)
        scores = game.scores(state)
        mine = [scores[seat] for seat in range(players) if is_pimc[seat]]
        theirs = [scores[seat] for seat in range(players) if not is_pimc[seat]]
        margins.append(statistics.fmean(mine) - statistics.fmean(theirs))
    return {"margin": statistics.fmean(margins), "cpu": cpu, "moves": moves, "solved": solved}


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (Student's t)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    half = student_t_quantile(0.975, len(values) - 1) * statistics.stdev(values)
    return mean, half / math.sqrt(len(values))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sticheln", choices=list(st.GAME_NAMES))
    parser.add_argument("--rules", default=None, help="the game's rules preset")
    parser.add_argument("--players", type=int, default=None, help="default: the game's")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--time", type=float, default=0.1, help="seconds per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", nargs="+", default=["ismcts", "heuristic"])
    parser.add_argument(
        "--pimc",
        default="pimc",
        help="the spec of the bot on the first seats, without time and seed (default pimc)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    game = st.find_game(args.game, args.rules)
    players = game.info.default_players if args.players is None else args.players
    print(
        f"python {platform.python_version()}, {game.info.title}, rules "
        f"{game.info.rules_name!r}, {players} players, {args.deals} deals, "
        f"{args.time} s per move, seed {args.seed}, {args.pimc} on seats "
        f"{[seat for seat, mine in enumerate(seats(players)) if mine]} of every rotation"
    )
    for opponent in args.against:
        tasks = [
            (args.game, args.rules, players, args.pimc, opponent, args.time, args.seed, deal)
            for deal in range(args.deals)
        ]
        start = time.perf_counter()
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(play_deal, tasks))
        else:
            results = [play_deal(task) for task in tasks]
        mean, half = interval([result["margin"] for result in results])
        cpu = {name: sum(r["cpu"][name] for r in results) for name in ("pimc", opponent)}
        moves = {name: sum(r["moves"][name] for r in results) for name in ("pimc", opponent)}
        solved = sum(result["solved"] for result in results)
        print(
            f"{args.pimc} - {opponent}: {mean:+.2f} ± {half:.2f} points per deal "
            f"(95% CI {mean - half:+.2f} to {mean + half:+.2f}); CPU s/move {args.pimc} "
            f"{cpu['pimc'] / moves['pimc']:.4f}, {opponent} {cpu[opponent] / moves[opponent]:.4f}; "
            f"{args.pimc} solved {solved} of {moves['pimc']} moves; "
            f"{time.perf_counter() - start:.0f} s"
        )


if __name__ == "__main__":
    main()
