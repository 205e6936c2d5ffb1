"""``sticheln simulate``: many games between bots on duplicate deals, and how each bot fared.

Every deal is played once for each rotation of the bot list over the seats, so that every bot
plays every seat of every deal and the advantage of a seat, like the luck of the cards,
cancels out. The figures are per game and seat; their confidence intervals are over the deals,
the games of one deal (its rotations) making one sample, since they share the cards. With the
spread of the deals estimated from a few of them, the intervals use Student's t with one
degree of freedom less than the deals, not the normal distribution.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Self, TextIO

import attrs
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from sticheln.cli import COMMANDS
from sticheln.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    Env,
    UsageError,
    check_players,
    default_bot,
    default_players,
    load_game,
    make_bots,
    new_seed,
    parse_bot_names,
    seat_label,
)
from sticheln.cli.play import add_game_options
from sticheln.core.i18n import N_, ngettext
from sticheln.core.i18n import gettext as _
from sticheln.core.stats import student_t_quantile
from sticheln.tournament import (
    GameResult,
    ResultsFile,
    ResultsMismatchError,
    Tournament,
    VersionMismatchError,
    run_tournament,
)

__all__ = [
    "Outcome",
    "Reporter",
    "Summary",
    "add_executor_options",
    "add_game_count_options",
    "add_parser",
    "check_jobs",
    "count_deals",
    "format_interval",
    "format_points",
    "open_executor",
    "run",
    "student_t_quantile",
    "summarize",
    "wilson_interval",
]

PROGRESS_EVERY = 10.0
"""Seconds between the progress lines written when standard error is not a terminal."""

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""


def add_parser(subparsers: Any) -> None:
    """Add the ``simulate`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "simulate",
        help=_(COMMANDS["simulate"]),
        description=(
            _(
                "Play many games between bots on duplicate deals: every deal is played once for "
                "each rotation of the bots over the seats, so that every bot plays every seat. "
                "Print, for each bot, the mean points per game and the win rate (a shared win "
                "counts as a fraction), each with its confidence interval (95%), "
                "per seat for a bot on several seats; the intervals are over the deals, with "
                "Student's t. Deal i is dealt from a seed derived from "
                "--seed and i, so the results do not depend on --jobs or --cluster. With "
                "--results FILE every game is written to FILE as it ends, and the same command "
                "run again goes on where it stopped."
            )
        ),
    )
    add_game_options(parser)
    add_game_count_options(parser)
    parser.add_argument(
        "--bots",
        metavar="NAMES",
        help=(
            _(
                "one bot for every seat, or a comma-separated list with one per seat; a bot is a "
                "name with options after colons, such as ismcts:time=0.5:seed=3 or random:seed=2 "
                "(default: heuristic where it plays the game, else random)"
            )
        ),
    )
    add_executor_options(parser)
    parser.add_argument(
        "--results",
        metavar="FILE",
        help=(
            _(
                "write every game to this SQLite file as it ends; run the same command again to "
                "go on with the games not yet in it (without --seed, the file's seed)"
            )
        ),
    )
    parser.add_argument(
        "--json", action="store_true", help=_("print the results as JSON instead of a table")
    )
    parser.set_defaults(run=run)


def add_game_count_options(parser: argparse.ArgumentParser) -> None:
    """``--games`` or ``--deals``, read by :func:`count_deals`."""
    count = parser.add_mutually_exclusive_group()
    count.add_argument(
        "--games",
        type=int,
        default=None,
        metavar="N",
        help=(
            _(
                "number of games (default: 100), rounded up to whole deals (a multiple of the "
                "number of players)"
            )
        ),
    )
    count.add_argument(
        "--deals",
        type=int,
        default=None,
        metavar="D",
        help=_("number of deals, instead of --games"),
    )


def count_deals(args: argparse.Namespace, players: int, env: Env, rotations: int) -> int:
    """The deals that ``--games`` or ``--deals`` ask for, each played ``rotations`` times: the
    games asked for rounded up to whole deals, with a note when they are rounded.

    :raises UsageError: for fewer than one game or deal.
    """
    if args.deals is not None:
        if args.deals < 1:
            raise UsageError(_("--deals must be at least 1, got {value}").format(value=args.deals))
        return int(args.deals)
    games_asked = 100 if args.games is None else args.games
    if games_asked < 1:
        raise UsageError(_("--games must be at least 1, got {value}").format(value=games_asked))
    deals = -(-games_asked // rotations)
    if deals * rotations != games_asked:
        env.note(
            _(
                "Playing {games} games, not {asked}: every deal is played once per rotation of "
                "the {players} seats."
            ).format(games=deals * rotations, asked=games_asked, players=players)
        )
    return int(deals)


def add_executor_options(parser: argparse.ArgumentParser) -> None:
    """``--jobs`` or ``--cluster``, read by :func:`open_executor`."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=int, default=1, metavar="J", help=_("worker processes (default: 1)")
    )
    where.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help=(
            _(
                "play on a Dask cluster: the address of its scheduler (tcp://HOST:8786), or "
                "local:N for a cluster of N worker processes on this machine (the dask extra)"
            )
        ),
    )


Outcome = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""One game: the scores and the winners by seat, and the entry of the bot list on each seat
(:attr:`sticheln.tournament.GameResult.outcome`)."""


def _quantile(deals: int) -> float:
    """The 97.5% quantile for a 95% interval over ``deals`` deals: Student's t with
    ``deals - 1`` degrees of freedom."""
    return student_t_quantile(0.975, deals - 1)


def wilson_interval(rate: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate observed over ``n`` trials (``n`` may be an
    effective number, not a whole one), 95% with the default ``z``; a larger ``z`` (a
    quantile of Student's t) widens it for a variance estimated from few samples.

    >>> [round(x, 4) for x in wilson_interval(0.5, 100)]
    [0.4038, 0.5962]
    >>> [round(x, 4) for x in wilson_interval(0.0, 10)]
    [0.0, 0.2775]
    """
    z2 = z * z
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(0.0, rate * (1 - rate)) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate_interval(rate: float, per_deal: Sequence[float], trials: int) -> tuple[float, float]:
    """The 95% interval of a win rate over ``trials`` games (or seat-games), ``per_deal``
    being the rate in each deal: Wilson's interval over the effective number of trials, the
    trials divided by the design effect of the deals, so that a binomial rate over that many
    has the variance observed between the deals, with Student's t for that estimated
    variance. When the deals do not vary (or there is one, or the rate is 0 or 1) nothing is
    estimated from them: Wilson's interval over all the trials, with the normal quantile."""
    if len(per_deal) < 2 or not 0 < rate < 1:
        return wilson_interval(rate, float(trials))
    spread = statistics.variance(per_deal)
    if spread <= 0:
        return wilson_interval(rate, float(trials))
    effective = max(1.0, min(float(trials), rate * (1 - rate) * len(per_deal) / spread))
    return wilson_interval(rate, effective, _quantile(len(per_deal)))


def _interval(samples: Sequence[float]) -> tuple[float, float] | None:
    """The 95% confidence interval of the mean of ``samples``: the mean and its standard
    error, with Student's t of one degree of freedom less than the samples; ``None`` for a
    single sample."""
    if len(samples) < 2:
        return None
    mean = statistics.fmean(samples)
    half = _quantile(len(samples)) * statistics.stdev(samples) / math.sqrt(len(samples))
    return mean - half, mean + half


@attrs.frozen
class Summary:
    """How one entry of the bot list, one bot (all its entries together) or one seat (all
    bots in it) fared."""

    label: str
    """``#2`` for an entry or a seat (counted from 1), the bot's name for a bot."""
    bot: str | None
    """The bot, ``None`` for a seat."""
    entries: tuple[int, ...]
    """The entries of the bot list counted (for a seat: every entry)."""
    games: int
    """The games played."""
    mean: float
    """Mean points per game and seat (for a bot of several entries: the mean of its
    entries)."""
    ci95: tuple[float, float] | None
    """The 95% confidence interval of :attr:`mean` over the deals (the mean and its
    standard error, with Student's t; ``None`` from a single deal)."""
    wins: float
    """Games won, a win shared by ``k`` players counting ``1/k``; for a bot of several
    entries, the games won by any of them."""
    win_rate: float
    """The share of its games a seat won: :attr:`wins` divided by :attr:`games`, and for a
    bot of several entries by the games times its entries (the mean of its entries' rates),
    so that it compares with the rate of a bot on one seat."""
    win_rate_ci95: tuple[float, float]
    """The 95% Wilson score interval of :attr:`win_rate`, over the effective number of games
    (the games divided by the design effect of the deals, from the variance of the deals'
    win shares, with Student's t for that variance)."""
    seat_games: tuple[int, ...]
    """How many games the entries played on each seat; for a seat, how many games each
    entry of the bot list played on it."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible data: ``bot`` (``entry`` for an entry, ``entries`` for a bot,
        ``seat`` for a seat), ``games``, ``mean``, ``ci95`` (two numbers, or null),
        ``wins``, ``win_rate`` (per seat), ``win_rate_ci95`` and ``seat_games``."""
        data: dict[str, Any] = {}
        if self.bot is None:
            data["seat"] = int(self.label[1:]) - 1  # the label counts from 1, the data from 0
        elif self.label.startswith("#"):
            data["seat"] = self.entries[0]  # the entry's seat in the first game of a deal
            data["bot"] = self.bot
        else:
            data["bot"] = self.bot
            data["entries"] = list(self.entries)
        return {
            **data,
            "games": self.games,
            "mean": self.mean,
            "ci95": list(self.ci95) if self.ci95 is not None else None,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": list(self.win_rate_ci95),
            "seat_games": list(self.seat_games),
        }


def _summary(
    label: str,
    bot: str | None,
    entries: tuple[int, ...],
    points: list[list[float]],
    wins: list[list[float]],
    seat_games: tuple[int, ...],
    seats: int = 1,
) -> Summary:
    """A summary from the points and win shares of every game, by deal: ``points`` per seat
    (the mean of the ``seats`` a bot holds), ``wins`` of all its seats together."""
    per_deal_points = [statistics.fmean(deal) for deal in points]
    per_deal_wins = [statistics.fmean(deal) / seats for deal in wins]
    games = sum(len(deal) for deal in points)
    total_wins = sum(sum(deal) for deal in wins)
    mean = statistics.fmean(p for deal in points for p in deal)
    rate = total_wins / (games * seats)
    return Summary(
        label=label,
        bot=bot,
        entries=entries,
        games=games,
        mean=mean + 0.0,
        ci95=_interval(per_deal_points),
        wins=total_wins,
        win_rate=rate,
        win_rate_ci95=_rate_interval(rate, per_deal_wins, games * seats),
        seat_games=seat_games,
    )


def summarize(
    bots: Sequence[str], deals: Sequence[Sequence[Outcome]]
) -> tuple[list[Summary], list[Summary], list[Summary]]:
    """Per entry of the bot list, per bot (its entries together, per seat: a game counting
    once with the mean of its entries) and per seat (the bots in it together): mean points
    per game with their 95% confidence interval over the deals, and the share of the games
    won, a win shared by ``k`` seats counting ``1/k`` to each, with its 95% Wilson interval
    over the deals. The win rates of the entries add up to 1, and so do those of the seats;
    a bot's is the mean of its entries', so that a bot on three seats of four that plays as
    well as the others wins 25% of its seat-games, not 75% of the games.

    >>> deal = [((5, 1, 0), (0,), (0, 1, 2)), ((2, 2, 0), (0, 1), (1, 2, 0))]
    >>> entries, bots, seats = summarize(["a", "b", "b"], [deal])
    >>> [(s.mean, s.wins, s.seat_games) for s in entries]
    [(2.5, 1.0, (1, 0, 1)), (1.5, 0.5, (1, 1, 0)), (1.0, 0.5, (0, 1, 1))]
    >>> [(s.label, s.mean, s.wins, s.win_rate) for s in bots]
    [('a', 2.5, 1.0, 0.5), ('b', 1.25, 1.0, 0.25)]
    >>> [(s.mean, s.wins) for s in seats]
    [(3.5, 1.5), (1.5, 0.5), (0.0, 0.0)]
    """
    n = len(bots)
    entry_points: list[list[list[float]]] = [[] for _ in range(n)]
    entry_wins: list[list[list[float]]] = [[] for _ in range(n)]
    seat_points: list[list[list[float]]] = [[] for _ in range(n)]
    seat_wins: list[list[list[float]]] = [[] for _ in range(n)]
    seat_games = [[0] * n for _ in range(n)]
    for games in deals:
        for lists in (entry_points, entry_wins, seat_points, seat_wins):
            for per in lists:
                per.append([])
        for scores, winners, seated in games:
            for seat, entry in enumerate(seated):
                share = 1 / len(winners) if seat in winners else 0.0
                entry_points[entry][-1].append(scores[seat])
                entry_wins[entry][-1].append(share)
                seat_points[seat][-1].append(scores[seat])
                seat_wins[seat][-1].append(share)
                seat_games[entry][seat] += 1
    per_entry = [
        _summary(seat_label(e), bot, (e,), entry_points[e], entry_wins[e], tuple(seat_games[e]))
        for e, bot in enumerate(bots)
    ]
    per_bot = []
    for bot in dict.fromkeys(bots):
        mine = tuple(e for e, name in enumerate(bots) if name == bot)
        points = [
            [statistics.fmean(entry_points[e][d][g] for e in mine) for g in range(len(deal))]
            for d, deal in enumerate(deals)
        ]
        wins = [
            [sum(entry_wins[e][d][g] for e in mine) for g in range(len(deal))]
            for d, deal in enumerate(deals)
        ]
        counts = tuple(sum(seat_games[e][s] for e in mine) for s in range(n))
        per_bot.append(_summary(bot, bot, mine, points, wins, counts, len(mine)))
    per_seat = [
        _summary(
            seat_label(s),
            None,
            tuple(range(n)),
            seat_points[s],
            seat_wins[s],
            tuple(seat_games[e][s] for e in range(n)),
        )
        for s in range(n)
    ]
    return per_entry, per_bot, per_seat


def format_points(value: float) -> str:
    """Points with a sign and two decimals: ``+12.30``, ``-4.00``, ``+0.00``.

    >>> format_points(12.3), format_points(-4), format_points(-0.001)
    ('+12.30', '-4.00', '+0.00')
    """
    text = f"{value:+.2f}"
    return "+0.00" if text == "-0.00" else text


def format_interval(interval: tuple[float, float] | None, percent: bool = False) -> str:
    """An interval as ``[-40.12, -29.01]`` (points) or ``[21.3%, 28.9%]`` (rates); ``-`` for
    none.

    >>> format_interval((-1.5, 2.25)), format_interval((0.213, 0.2891), percent=True)
    ('[-1.50, +2.25]', '[21.3%, 28.9%]')
    """
    if interval is None:
        return "-"
    if percent:
        return f"[{interval[0]:.1%}, {interval[1]:.1%}]"
    return f"[{format_points(interval[0])}, {format_points(interval[1])}]"


class Reporter:
    """Progress of many games on standard error: a bar on a terminal, otherwise a line every
    :data:`PROGRESS_EVERY` seconds. :meth:`summary` adds what a command has to say of the
    games so far."""

    def __init__(self, stream: TextIO, total: int, verb: str = N_("Playing")) -> None:
        self.stream = stream
        self.total = total
        self.verb = verb
        self.done = 0
        self.terminal = _is_terminal(stream)
        self.progress: Progress | None = None
        self.task: Any = None
        self.last = time.monotonic()

    def __enter__(self) -> Self:
        if self.terminal:
            console = Console(file=self.stream, highlight=False)
            self.progress = Progress(
                TextColumn("[progress.description]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                _SpeedColumn(),
                TimeRemainingColumn(),
                TextColumn("{task.fields[summary]}"),
                console=console,
                transient=True,
            )
            self.progress.start()
            self.task = self.progress.add_task(
                _(self.verb), total=self.total, completed=self.done, summary=self.summary()
            )
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def summary(self) -> str:
        """What the bar shows after the speed ("" here)."""
        return ""

    def note(self) -> str:
        """What a progress line adds after the count of games ("" here)."""
        return ""

    def advance(self, games: int) -> None:
        """Show that ``games`` more games are done."""
        self.done += games
        if self.progress is not None:
            self.progress.update(self.task, advance=games, summary=self.summary())
            return
        now = time.monotonic()
        if now - self.last >= PROGRESS_EVERY and self.done < self.total:
            self.last = now
            note = self.note()
            count = _("{done} of {total} games").format(done=self.done, total=self.total)
            self.stream.write(f"{count}{'; ' if note else ''}{note}\n")
            self.stream.flush()


class _Reporter(Reporter):
    """The progress of ``sticheln simulate``, with the running means of the bots."""

    def __init__(self, stream: TextIO, bots: Sequence[str], total: int) -> None:
        super().__init__(stream, total)
        self.bots = list(bots)
        self.sums = [0.0] * len(bots)

    def summary(self) -> str:
        """The mean points so far of every entry, on one line."""
        if not self.done:
            return ""
        return " · ".join(
            f"{seat_label(e)} {bot} {format_points(self.sums[e] / self.done)}"
            for e, bot in enumerate(self.bots)
        )

    def note(self) -> str:
        """The mean points so far."""
        return _("mean points so far: {summary}").format(summary=self.summary())

    def count(self, result: GameResult) -> None:
        """Count a game in the running means, without showing it."""
        for seat, entry in enumerate(result.seated):
            self.sums[entry] += result.scores[seat]
        self.done += 1

    def __call__(self, result: GameResult) -> None:
        for seat, entry in enumerate(result.seated):
            self.sums[entry] += result.scores[seat]
        self.advance(1)


class _SpeedColumn(ProgressColumn):
    """The games played per second, since the progress started."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else _("{speed} games/s").format(speed=f"{speed:.1f}"))


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream is sys.stderr and stream.isatty()
    except (AttributeError, ValueError):
        return False


def run(args: argparse.Namespace, env: Env) -> int:
    """Run ``sticheln simulate``."""
    game = load_game(args.game, args.rules)
    players = default_players(game) if args.players is None else args.players
    check_players(game, players)
    deals = count_deals(args, players, env, players)
    check_jobs(args)
    bots = parse_bot_names(args.bots, players, default_bot(game))
    make_bots(bots, game)  # unknown bots are a usage error, before any process starts
    seed = args.seed
    if seed is None and args.results is not None:
        seed = _stored_seed(args.results)
    seed = new_seed() if seed is None else seed
    rules_name = game.info.rules_name
    tournament = Tournament(game.name, tuple(bots), deals, seed, rules=args.rules)
    games = tournament.games
    try:
        with open_executor(args) as (executor, workers), _results_file(args, tournament) as store:
            done = store.results() if store is not None else []
            if done:
                env.note(
                    _("Going on from {done} of {games} games in {file}.").format(
                        done=len(done), games=games, file=args.results
                    )
                )
            with _Reporter(env.stderr, bots, games) as reporter:
                for result in done:
                    if result.index < games:
                        reporter.count(result)
                finished = run_tournament(
                    tournament, executor, done=done, sink=store, on_game=reporter,
                    workers=workers,
                )  # fmt: skip
    except VersionMismatchError as exc:
        env.error(str(exc))
        return EXIT_FAILURE
    rotations = tournament.rotations
    results = [
        [r.outcome for r in finished[start : start + rotations]]
        for start in range(0, games, rotations)
    ]
    per_entry, per_bot, per_seat = summarize(bots, results)

    if args.json:
        data = {
            "game": game.name,
            "rules": rules_name,
            "players": players,
            "games": games,
            "deals": deals,
            "seed": seed,
            "bots": bots,
            "seats": [r.to_dict() for r in per_entry],
            "by_bot": {r.bot: r.to_dict() for r in per_bot},
            "by_seat": [r.to_dict() for r in per_seat],
        }
        env.stdout.write(json.dumps(data, indent=2) + "\n")
        env.stdout.flush()
        return EXIT_OK

    head = (
        _("{games} games of {game} ({rules} rules), {players} players, seed {seed}: ")
        if rules_name
        else _("{games} games of {game}, {players} players, seed {seed}: ")
    ).format(games=games, game=game.name, rules=rules_name, players=players, seed=seed)
    played = ngettext(
        "{count} deal, played in all {players} rotations of the seats.",
        "{count} deals, each played in all {players} rotations of the seats.",
        deals,
    ).format(count=deals, players=players)
    title = f"{head}{played} {_(INTERVALS).format(percent='95%')}"
    width = env.console.width
    sections = [(title, _table(N_("Bot"), per_entry, width))]
    if len(per_bot) > 1:
        sections.append((_(BY_BOT), _table(N_("Bot"), per_bot, width)))
    sections.append((_("By seat (all bots):"), _table(N_("Seat"), per_seat, width)))
    for i, (heading, table) in enumerate(sections):
        if i:
            env.console.print()
        env.console.print(Text(heading), table)
    return EXIT_OK


def _stored_seed(path: str) -> int | None:
    """The seed of the tournament in the results file at ``path``, if there is one."""
    if not Path(path).is_file():
        return None
    try:
        stored = ResultsFile.read_tournament(path)
    except OSError as exc:
        raise UsageError(f"--results: {exc}") from None
    return None if stored is None else stored.seed


def check_jobs(args: argparse.Namespace) -> None:
    """:raises UsageError: for ``--jobs`` below 1."""
    if args.jobs < 1:
        raise UsageError(_("--jobs must be at least 1, got {value}").format(value=args.jobs))


@contextmanager
def open_executor(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int | None]]:
    """The executor the games are played on, and how many it plays at once: none (this
    process) for one job, a process pool for several, or a Dask cluster."""
    if args.cluster is not None:
        from sticheln.tournament.cluster import connect, parse_cluster

        with ExitStack() as stack:
            try:
                connected = stack.enter_context(connect(parse_cluster(args.cluster)))
            except (ImportError, ValueError, OSError) as exc:
                raise UsageError(f"--cluster: {exc}") from None
            yield connected.executor, connected.workers
    elif args.jobs == 1:
        yield None, None
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            try:
                yield pool, args.jobs
            finally:
                pool.shutdown(cancel_futures=True)


@contextmanager
def _results_file(args: argparse.Namespace, tournament: Tournament) -> Iterator[ResultsFile | None]:
    """The results file of ``--results``, if given, opened for the tournament."""
    if args.results is None:
        yield None
        return
    try:
        store = ResultsFile.open(args.results, tournament)
    except (OSError, ResultsMismatchError) as exc:
        raise UsageError(f"--results: {exc}") from None
    with store:
        yield store


INTERVALS = N_(
    "The intervals are {percent} confidence intervals over the deals: Student's t for the "
    "points, Wilson's for the win rates."
)
"""What the intervals of the tables are (``{percent}``: 95%), in English."""

BY_BOT = N_("By bot, per seat (a bot on several seats counts the mean of its seats):")
"""The title of the table by bot: its rates are per seat, not of any of its seats winning."""

_NUMBER_HEADERS = (N_("Points\nper game"), N_("95% CI"), N_("Win\nrate"), N_("95% CI"))
_GAP = 2
"""The characters between two columns of a table: the padding and the (blank) rule."""
_ENTRIES_PER_LINE = 3


def _fit(name: str, width: int) -> str:
    """A bot's name in lines of at most ``width`` characters where it is longer, broken only
    after the colon before an option (``ismcts:time=0.5:`` / ``seed=3``)."""
    if len(name) <= width:
        return name
    lines = [""]
    for part in re.split(r"(?<=:)", name):
        if lines[-1] and len(lines[-1]) + len(part) > width:
            lines.append(part)
        else:
            lines[-1] += part
    return "\n".join(lines)


def _table(first: str, rows: Sequence[Summary], width: int) -> Table:
    """The table of ``rows`` for a console ``width`` characters wide, its first column headed
    ``first`` (``"Bot"`` or ``"Seat"``, in the current language): every column but the
    bots' names as wide as its widest line, the names broken between options into what is
    left, the entries of a bot three to a line; a header or a number never wraps."""
    entries = first == "Bot" and bool(rows) and rows[0].label.startswith("#")
    headers = [_(first)]
    labels = [[row.label] for row in rows]
    if first == "Bot":
        headers.append(_("Name") if entries else _("Entries"))
        for cells, row in zip(labels, rows, strict=True):
            if entries:
                cells.append(str(row.bot))
            else:
                seats = [seat_label(e) for e in row.entries]
                cells.append(
                    "\n".join(
                        " ".join(seats[i : i + _ENTRIES_PER_LINE])
                        for i in range(0, len(seats), _ENTRIES_PER_LINE)
                    )
                )
    numbers = [
        [
            format_points(row.mean),
            format_interval(row.ci95),
            f"{row.win_rate:.1%}",
            format_interval(row.win_rate_ci95, percent=True),
        ]
        for row in rows
    ]
    number_headers = [_(header) for header in _NUMBER_HEADERS]
    grid = [[*headers, *number_headers], *(a + b for a, b in zip(labels, numbers, strict=True))]
    columns = list(zip(*grid, strict=True))
    widths = [max(len(line) for cell in column for line in cell.split("\n")) for column in columns]
    named = 1 if entries else 0  # the column of the bots' names
    if first == "Bot":
        rest = sum(widths) - widths[named] + _GAP * (len(widths) - 1)
        budget = max(len(headers[named]), width - rest)
        for cells in labels:
            cells[named] = _fit(cells[named], budget)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1, 0, 0), pad_edge=False)
    for i, header in enumerate(headers):
        # A name too long for any width folds rather than being cut off.
        table.add_column(header, no_wrap=first != "Bot" or i != named, overflow="fold")
    for header in number_headers:
        table.add_column(header, justify="right", no_wrap=True)
    for label, number in zip(labels, numbers, strict=True):
        table.add_row(*label, *number)
    return table
