"""Duplicate tournaments between bots, in any registered game: the same deals replayed with
the seats rotated.

Every deal is played once for each rotation of the seats, so that every bot entry sits in
every seat for every deal; the deals come from ``--seed``. The figures for each bot are its
mean points per game and its win rate (a first place shared by k players counts 1/k), with
95% confidence intervals by the normal approximation over the deals: the games of one deal
(all its rotations) make one sample, so the luck of the deal cancels inside a sample. The
differences between bots are paired by deal in the same way.

A bot is given by a bot spec, as for ``sticheln --bots``: its registry name, optionally
followed by options (``ismcts:time=0.5:seed=3``, ``ismcts:exploration=1.0:round_playouts=false``,
``heuristic:share=0.5``), read by :func:`sticheln.bots.make_bot`. For ISMCTS,
``playout_policy=heuristic`` and ``playout_policy=none`` choose the game's registered playout
policy or random playouts, and ``playout_bot=NAME`` and ``delegate_bot=NAME`` name bots.
The games are those of :mod:`sticheln.tournament` (the same seeds as ``sticheln simulate``
with the same ``--seed``), played in this process or on a process pool. ``--time`` and
``--iterations`` set the budget of every ISMCTS bot that does not give its own. With fewer
bots than players, the list is repeated to fill the seats. Run it with, for example::

    python benchmarks/tournament.py --bots ismcts heuristic heuristic heuristic \\
        --deals 50 --time 0.2 --jobs 2
    python benchmarks/tournament.py --game hattrick --bots random --players 4 --deals 20
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import sticheln as st
from sticheln.bots import BotSpecError, parse_bot_spec
from sticheln.tournament import GameResult, Tournament, check_tournament, run_tournament

_BUDGET_KEYS = frozenset({"time", "time_limit", "iterations"})


def with_budget(spec: str, time_limit: float | None, iterations: int | None) -> str:
    """The bot spec, with ``--time`` and ``--iterations`` added for an ISMCTS bot that gives
    no budget of its own."""
    parsed = parse_bot_spec(spec)
    if parsed.name == "ismcts" and not parsed.option_keys() & _BUDGET_KEYS:
        budget = {"time": time_limit, "iterations": iterations}
        parsed = parsed.with_options(**{k: v for k, v in budget.items() if v is not None})
    return str(parsed)


def interval(samples: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(samples) / math.sqrt(len(samples))


def report(entries: Sequence[str], results: Sequence[GameResult], elapsed: float) -> None:
    """Print the table of the tournament."""
    names = list(dict.fromkeys(entries))
    by_deal: dict[int, list[GameResult]] = defaultdict(list)
    for result in results:
        by_deal[result.deal].append(result)
    per_deal_points: dict[str, list[float]] = {name: [] for name in names}
    per_deal_wins: dict[str, list[float]] = {name: [] for name in names}
    thinking: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    iterations_done: dict[str, int] = defaultdict(int)
    searches: dict[str, int] = defaultdict(int)
    for games in by_deal.values():
        points: dict[str, list[float]] = defaultdict(list)
        wins: dict[str, list[float]] = defaultdict(list)
        for game in games:
            for seat in range(len(game.bots)):
                name = entries[game.seated[seat]]
                points[name].append(game.scores[seat])
                wins[name].append(1.0 / len(game.winners) if seat in game.winners else 0.0)
                thinking[name] += game.thinking[seat]
                decisions[name] += game.decisions[seat]
                if game.iterations[seat]:
                    iterations_done[name] += game.iterations[seat]
                    searches[name] += game.decisions[seat]
        for name in names:
            per_deal_points[name].append(statistics.fmean(points[name]))
            per_deal_wins[name].append(statistics.fmean(wins[name]))
    print(
        f"{len(by_deal)} deals, {len(results)} games; 95% CI: normal approximation over the "
        "deals; s/move is CPU time"
    )
    width = max(12, *(len(name) for name in names))
    print(
        f"{'bot':<{width}}  {'seats':>5}  {'points/game':>16}  {'win rate':>16}  "
        f"{'s/move':>7}  {'iter/search':>11}"
    )
    for name in names:
        mean, half = interval(per_deal_points[name])
        rate, rate_half = interval(per_deal_wins[name])
        per_move = thinking[name] / max(decisions[name], 1)
        per_search = iterations_done[name] / searches[name] if searches[name] else 0
        print(
            f"{name:<{width}}  {entries.count(name):>5}  {mean:>7.2f} ± {half:<6.2f}  "
            f"{100 * rate:>6.1f}% ± {100 * rate_half:<4.1f}%  {per_move:>7.4f}  {per_search:>11.0f}"
        )
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff_points = [
                x - y for x, y in zip(per_deal_points[a], per_deal_points[b], strict=True)
            ]
            diff_wins = [x - y for x, y in zip(per_deal_wins[a], per_deal_wins[b], strict=True)]
            mean, half = interval(diff_points)
            rate, rate_half = interval(diff_wins)
            print(
                f"{a} - {b}: points/game {mean:+.2f} ± {half:.2f}, "
                f"win rate {100 * rate:+.1f} ± {100 * rate_half:.1f} points of percent"
            )
    print(f"total time {elapsed:.1f} s")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bots", nargs="+", default=["heuristic", "random"], help="bot specs, one per seat"
    )
    parser.add_argument("--players", type=int, default=None, help="default: number of bots")
    parser.add_argument("--deals", type=int, default=20, help="deals; each is played per seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="sticheln", choices=list(st.GAME_NAMES))
    parser.add_argument("--rules", default=None, help="the game's rules preset (default: its own)")
    parser.add_argument("--time", type=float, default=None, help="ISMCTS seconds per move")
    parser.add_argument("--iterations", type=int, default=None, help="ISMCTS iterations")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    players = args.players if args.players is not None else len(args.bots)
    entries = [args.bots[i % len(args.bots)] for i in range(players)]
    try:
        specs = tuple(with_budget(spec, args.time, args.iterations) for spec in entries)
        tournament = Tournament(args.game, specs, args.deals, args.seed, rules=args.rules)
        info = check_tournament(tournament).info  # a bad spec is reported before any game
    except (st.StichelnError, BotSpecError, ValueError) as exc:
        parser.error(str(exc))
    print(
        f"python {platform.python_version()}, {info.title}, {players} players, "
        f"rules {info.rules_name!r}, "
        f"seats {entries}, ISMCTS time {args.time} iterations {args.iterations}, "
        f"seed {args.seed}, jobs {args.jobs}"
    )
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = run_tournament(tournament, pool, workers=args.jobs)
    else:
        results = run_tournament(tournament)
    report(entries, results, time.perf_counter() - start)


if __name__ == "__main__":
    main()
