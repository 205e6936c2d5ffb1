"""``sticheln league FILE...``: the bots of many tournaments' results files rated together
(:mod:`sticheln.tournament.league`), as a table, as JSON, or as a chart."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.table import Table

from sticheln.cli import COMMANDS
from sticheln.cli.common import EXIT_OK, Env, UsageError, check_plotting, plot_to
from sticheln.cli.simulate import format_interval, format_points
from sticheln.core.i18n import gettext as _
from sticheln.tournament.results import ResultsFile

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """Add the ``league`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "league",
        help=_(COMMANDS["league"]),
        description=(
            _(
                "Rate every bot (a bot with its options) of the tournaments in the results "
                "files written by 'sticheln simulate --results': a Bradley-Terry model fitted "
                "to the duplicate comparisons (in each deal, each two bots compared by their "
                "mean points per game), in Elo points around 0, with intervals (95%); beside "
                "it, each bot's mean points per game with its interval (95%) over the deals."
            )
        ),
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help=_("a results file"))
    parser.add_argument("--json", action="store_true", help=_("print the table as JSON"))
    parser.add_argument(
        "--plot",
        metavar="PNG",
        help=_("also draw the points and ratings with their intervals to PNG (the plot extra)"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> int:
    """Run ``sticheln league``."""
    from sticheln.tournament.league import league

    if args.plot is not None:
        check_plotting("league")
    tournaments = []
    for path in args.files:
        try:
            results = ResultsFile.read_results(path)
        except OSError as exc:
            raise UsageError(str(exc)) from None
        tournaments.append(results)
    try:
        entries = league(tournaments)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.plot is not None:
        from sticheln.tournament.chart import plot_league

        plot_to(args.plot, lambda path: plot_league(entries, path))
    if args.json:
        data = {"bots": [e.to_dict() for e in entries]}
        env.stdout.write(json.dumps(data, indent=2) + "\n")
        return EXIT_OK
    table = Table(
        title=_("League of {bots} bots, {tournaments} tournaments").format(
            bots=len(entries), tournaments=len(args.files)
        )
    )
    interval = _("{percent} interval").format(percent="95%")
    table.add_column(_("bot"), overflow="fold")
    for column in (_("rating"), interval, _("points/game"), interval, _("games")):
        table.add_column(column, justify="right", no_wrap=True)
    for e in entries:
        table.add_row(
            e.bot,
            f"{e.rating.rating:+.0f}",
            f"[{e.rating.low:+.0f}, {e.rating.high:+.0f}]",
            format_points(e.points),
            format_interval(e.points_interval),
            str(e.games),
        )
    env.console.print(table)
    return EXIT_OK
