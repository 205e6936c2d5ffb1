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
policy or random playouts, ``playout_bot=NAME`` and ``delegate_bot=NAME`` name bots, and here
``delegate_if=pain`` hands the pain cards to the delegate bot. ``--time`` and
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
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import sticheln as st
from sticheln.bots import Bot, BotSpecError, make_bot, parse_bot_spec


def choosing_pain(view: Any) -> bool:
    """Whether the view is of a Sticheln player choosing a pain card (for
    ``delegate_if=pain``)."""
    return isinstance(view, st.StichelnView) and view.phase is st.Phase.CHOOSING_PAIN


_BUDGET_KEYS = frozenset({"time", "time_limit", "iterations"})


def build_bot(
    spec: str, game: st.Game[Any, Any, Any], time_limit: float | None, iterations: int | None
) -> Bot[Any, Any]:
    """The bot described by ``spec`` (``name`` or ``name:key=value:...``), made by
    :func:`sticheln.bots.make_bot`, which reads the spec; on top, an ISMCTS bot without a
    budget of its own gets ``--time`` and ``--iterations``, and ``delegate_if=pain`` hands the
    pain cards to its delegate bot."""
    parsed = parse_bot_spec(spec)
    delegate_if = dict(parsed.options).get("delegate_if")
    if delegate_if is not None and (parsed.name != "ismcts" or delegate_if.lower() != "pain"):
        raise SystemExit(f"bot {spec}: delegate_if must be 'pain', for ismcts")
    parsed = parsed.without("delegate_if")
    if parsed.name == "ismcts" and not parsed.option_keys() & _BUDGET_KEYS:
        budget = {"time": time_limit, "iterations": iterations}
        parsed = parsed.with_options(**{k: v for k, v in budget.items() if v is not None})
    bot = make_bot(parsed, game)
    if delegate_if is not None:
        bot.delegate_if = choosing_pain  # type: ignore[attr-defined]
    return bot


def play_deal(
    task: tuple[Sequence[str], str, str, int, int, float | None, int | None],
) -> dict[str, Any]:
    """Play one deal with every rotation of the seats.

    Returns, for each entry of the seat list, its points and win shares per rotation, and the
    thinking time and number of decisions of each bot name.
    """
    entries, game_name, rules_name, seed, deal, time_limit, iterations = task
    game = st.find_game(game_name, rules_name)
    n = len(entries)
    points: list[list[int]] = [[] for _ in range(n)]
    wins: list[list[float]] = [[] for _ in range(n)]
    thinking: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    iterations_done: dict[str, int] = defaultdict(int)
    searches: dict[str, int] = defaultdict(int)
    deal_seed = seed * 1_000_003 + deal
    for rotation in range(n):
        # Seat s holds entry (s - rotation) mod n.
        seated = [(s - rotation) % n for s in range(n)]
        bots = [build_bot(entries[e], game, time_limit, iterations) for e in seated]
        rngs = [random.Random(f"{seed}/{deal}/{rotation}/{s}") for s in range(n)]
        state = game.new_game(n, seed=deal_seed)
        while not game.is_over(state):
            player = game.players_to_act(state)[0]
            moves = game.legal_moves(state, player)
            start = time.perf_counter()
            move = bots[player].choose(game.observe(state, player), moves, rngs[player])
            spec = entries[seated[player]]
            thinking[spec] += time.perf_counter() - start
            decisions[spec] += 1
            done = getattr(bots[player], "last_iterations", 0)
            if done:
                iterations_done[spec] += done
                searches[spec] += 1
            state = game.apply_move(state, move)
        scores = game.scores(state)
        winners = game.winners(state)
        for s in range(n):
            points[seated[s]].append(scores[s])
            wins[seated[s]].append(1.0 / len(winners) if s in winners else 0.0)
    return {
        "points": points,
        "wins": wins,
        "thinking": dict(thinking),
        "decisions": dict(decisions),
        "iterations": dict(iterations_done),
        "searches": dict(searches),
    }


def interval(samples: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(samples) / math.sqrt(len(samples))


def report(entries: Sequence[str], results: Iterable[dict[str, Any]], elapsed: float) -> None:
    """Print the table of the tournament."""
    names = list(dict.fromkeys(entries))
    per_deal_points: dict[str, list[float]] = {name: [] for name in names}
    per_deal_wins: dict[str, list[float]] = {name: [] for name in names}
    thinking: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    iterations_done: dict[str, int] = defaultdict(int)
    searches: dict[str, int] = defaultdict(int)
    games = 0
    for result in results:
        games += len(result["points"][0])
        for name in names:
            indices = [i for i, e in enumerate(entries) if e == name]
            pts = [p for i in indices for p in result["points"][i]]
            wns = [w for i in indices for w in result["wins"][i]]
            per_deal_points[name].append(statistics.fmean(pts))
            per_deal_wins[name].append(statistics.fmean(wns))
        for name, seconds in result["thinking"].items():
            thinking[name] += seconds
            decisions[name] += result["decisions"][name]
        for name, count in result["iterations"].items():
            iterations_done[name] += count
            searches[name] += result["searches"][name]
    deals = len(per_deal_points[names[0]])
    width = max(12, *(len(name) for name in names))
    print(f"{deals} deals, {games} games; 95% CI: normal approximation over the deals")
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
    info = st.find_game(args.game, args.rules).info
    if players not in info.player_counts:
        parser.error(f"{info.title} rules {info.rules_name!r} are not for {players} players")
    game = st.find_game(args.game, args.rules)
    for spec in dict.fromkeys(entries):  # a bad spec is reported before any game
        try:
            build_bot(spec, game, args.time, args.iterations)
        except (st.UnknownNameError, BotSpecError) as exc:
            parser.error(str(exc))
    tasks = [
        (entries, info.name, info.rules_name, args.seed, deal, args.time, args.iterations)
        for deal in range(args.deals)
    ]
    print(
        f"python {platform.python_version()}, {info.title}, {players} players, "
        f"rules {info.rules_name!r}, "
        f"seats {entries}, ISMCTS time {args.time} iterations {args.iterations}, "
        f"seed {args.seed}, jobs {args.jobs}"
    )
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_deal, tasks))
    else:
        results = [play_deal(task) for task in tasks]
    report(entries, results, time.perf_counter() - start)


if __name__ == "__main__":
    main()
