"""``sticheln simulate``: many games between bots, and how each seat fared."""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from sticheln.cli.common import (
    EXIT_OK,
    Env,
    UsageError,
    check_players,
    default_bot,
    default_players,
    derive_seed,
    load_game,
    make_bots,
    new_seed,
    parse_bot_names,
    play_bot_game,
)
from sticheln.cli.play import add_game_options

__all__ = ["SeatResult", "Simulation", "add_parser", "run", "simulate", "summarize"]

_BATCH = 8
"""Games per task handed to a worker process."""


def add_parser(subparsers: Any) -> None:
    """Add the ``simulate`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "simulate",
        help="play many games between bots and compare them",
        description=(
            "Play many games between bots and print, for each seat, the mean points with a "
            "95% confidence interval and the win rate (a shared win counts as a fraction). "
            "Game i is played from a seed derived from --seed and i, so the results do not "
            "depend on --jobs."
        ),
    )
    add_game_options(parser)
    parser.add_argument(
        "--games", type=int, default=100, metavar="N", help="number of games (default: 100)"
    )
    parser.add_argument(
        "--bots",
        metavar="NAMES",
        help=(
            "one bot name for every seat, or a comma-separated list with one name per seat "
            "(default: heuristic where it plays the game, else random)"
        ),
    )
    parser.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="worker processes (default: 1)"
    )
    parser.add_argument(
        "--json", action="store_true", help="print the results as JSON instead of a table"
    )
    parser.set_defaults(run=run)


@attrs.frozen
class Simulation:
    """What to simulate; everything a worker process needs to play its games."""

    game: str
    rules: str | None
    players: int
    bots: tuple[str, ...]
    seed: int

    def play(self, indices: Sequence[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Play the games with these indices; their scores and winners, in order."""
        game = load_game(self.game, self.rules)
        bots = make_bots(self.bots, game)
        return [play_bot_game(game, bots, derive_seed(self.seed, i)) for i in indices]


def _play_batch(
    simulation: Simulation, indices: Sequence[int]
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return simulation.play(indices)


def simulate(
    simulation: Simulation, games: int, jobs: int = 1, progress: Progress | None = None
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The scores and winners of games ``0 .. games - 1``, in order, played by ``jobs``
    processes (in this process when ``jobs`` is 1)."""
    batches = [list(range(start, min(start + _BATCH, games))) for start in range(0, games, _BATCH)]
    task = progress.add_task("Playing", total=games) if progress is not None else None
    results: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = [[] for _ in batches]

    def done(i: int, batch: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> None:
        results[i] = batch
        if progress is not None and task is not None:
            progress.advance(task, len(batch))

    if jobs == 1:
        for i, indices in enumerate(batches):
            done(i, simulation.play(indices))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_batch, simulation, indices) for indices in batches]
            for i, future in enumerate(futures):
                done(i, future.result())
    return [result for batch in results for result in batch]


@attrs.frozen
class SeatResult:
    """How one seat (or all the seats of one bot) fared."""

    label: str
    """``#2`` for a seat, the bot's name for a bot."""
    seats: tuple[int, ...]
    """The seats counted."""
    bot: str
    """The bot on those seats."""
    mean: float
    """Mean points per game and seat."""
    ci95: tuple[float, float] | None
    """The 95% confidence interval of :attr:`mean`, ``None`` from a single game."""
    wins: float
    """Games won, a win shared by ``k`` seats counting ``1/k``."""
    win_rate: float
    """:attr:`wins` divided by the number of games."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible data: ``seat`` (or ``seats`` for a bot), ``bot``, ``mean``,
        ``ci95`` (two numbers, or null), ``wins`` and ``win_rate``."""
        where: dict[str, Any] = (
            {"seat": self.seats[0]} if self.label.startswith("#") else {"seats": list(self.seats)}
        )
        return {
            **where,
            "bot": self.bot,
            "mean": self.mean,
            "ci95": list(self.ci95) if self.ci95 is not None else None,
            "wins": self.wins,
            "win_rate": self.win_rate,
        }


def _result(
    label: str, bot: str, seats: tuple[int, ...], points: list[int], wins: float, games: int
) -> SeatResult:
    mean = statistics.fmean(points)
    ci95 = None
    if len(points) > 1:
        half = 1.96 * statistics.stdev(points) / math.sqrt(len(points))
        ci95 = (mean - half, mean + half)
    return SeatResult(label, seats, bot, mean, ci95, wins, wins / games)


def summarize(
    bots: Sequence[str], results: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]
) -> tuple[list[SeatResult], list[SeatResult]]:
    """Per seat, and per bot (all its seats together): mean points, their 95% confidence
    interval (normal approximation; ``None`` for a single game) and the share of the wins,
    a win shared by ``k`` seats counting ``1/k`` to each. The win rates of the seats add up
    to 1, and so do those of the bots."""
    games = len(results)
    wins = [0.0] * len(bots)
    for _, winners in results:
        for seat in winners:
            wins[seat] += 1 / len(winners)
    per_seat = [
        _result(
            f"#{seat}", bot, (seat,), [scores[seat] for scores, _ in results], wins[seat], games
        )
        for seat, bot in enumerate(bots)
    ]
    per_bot = []
    for bot in dict.fromkeys(bots):
        seats = tuple(seat for seat, name in enumerate(bots) if name == bot)
        points = [scores[seat] for scores, _ in results for seat in seats]
        per_bot.append(_result(bot, bot, seats, points, sum(wins[s] for s in seats), games))
    return per_seat, per_bot


def run(args: argparse.Namespace, env: Env) -> int:
    """Run ``sticheln simulate``."""
    game = load_game(args.game, args.rules)
    players = default_players(game) if args.players is None else args.players
    check_players(game, players)
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, got {args.games}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {args.jobs}")
    bots = parse_bot_names(args.bots, players, default_bot(game))
    make_bots(bots, game)  # unknown bots are a usage error, before any process starts
    seed = new_seed() if args.seed is None else args.seed
    rules_name = game.info.rules_name
    simulation = Simulation(game.name, args.rules, players, tuple(bots), seed)

    progress_console = Console(file=env.stderr, highlight=False)
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=progress_console,
        transient=True,
    ) as progress:
        results = simulate(simulation, args.games, args.jobs, progress)
    per_seat, per_bot = summarize(bots, results)

    if args.json:
        data = {
            "game": game.name,
            "rules": rules_name,
            "players": players,
            "games": args.games,
            "seed": seed,
            "bots": bots,
            "seats": [r.to_dict() for r in per_seat],
            "by_bot": {r.bot: r.to_dict() for r in per_bot},
        }
        env.stdout.write(json.dumps(data, indent=2) + "\n")
        env.stdout.flush()
        return EXIT_OK

    title = (
        f"{args.games} games of {game.name}"
        + (f" ({rules_name} rules)" if rules_name else "")
        + f", {players} players, seed {seed}"
    )
    env.console.print(_table(title, "Seat", per_seat))
    if len(per_bot) > 1:
        env.console.print(_table("By bot", "Bot", per_bot))
    return EXIT_OK


def _table(title: str, first: str, rows: Sequence[SeatResult]) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column(first)
    table.add_column("Bot" if first == "Seat" else "Seats")
    table.add_column("Mean points", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("Win rate", justify="right")
    for row in rows:
        ci = f"{row.ci95[0]:.1f} to {row.ci95[1]:.1f}" if row.ci95 is not None else "-"
        second = row.bot if first == "Seat" else " ".join(f"#{s}" for s in row.seats)
        table.add_row(row.label, second, f"{row.mean:.2f}", ci, f"{row.win_rate:.1%}")
    return table
