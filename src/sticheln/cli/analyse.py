"""``sticheln analyse``: what each decision of one player in a saved game was worth, and the
moves that cost the most (:func:`sticheln.analysis.analyse`)."""

from __future__ import annotations

import argparse
import json
import math
from typing import TYPE_CHECKING, Any, Final

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from sticheln.cli import COMMANDS
from sticheln.cli.common import (
    EXIT_OK,
    Env,
    UsageError,
    check_plotting,
    load_record,
    plot_to,
    seat_label,
    seat_option,
)
from sticheln.core.i18n import gettext as _

if TYPE_CHECKING:
    from sticheln.analysis import Analysis, Decision

__all__ = ["add_parser", "run"]

DEFAULT_TOP: Final = 10
"""The costly moves the table shows when ``--top`` is not given."""

_MODELS: Final = ("paranoid", "maxn")


def add_parser(subparsers: Any) -> None:
    """Add the ``analyse`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "analyse",
        help=_(COMMANDS["analyse"]),
        description=(
            _(
                "Analyse every decision of one player in a saved game: the hidden cards are "
                "drawn many times to agree with what the player saw, every legal move is valued "
                "in each such world (exactly by the solver near the end of a deal, by playouts "
                "earlier), and the moves that cost the most expected points are listed, with the "
                "better move and how the trick went."
            )
        ),
    )
    parser.add_argument("file", metavar="FILE", help=_("the game record (JSON)"))
    parser.add_argument(
        "--as",
        dest="player",
        type=int,
        required=True,
        metavar="PLAYER",
        help=_("the seat (from 1) whose decisions are analysed"),
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--samples",
        type=int,
        metavar="N",
        help=_("worlds drawn for each decision (default 20)"),
    )
    budget.add_argument(
        "--time",
        type=float,
        metavar="S",
        help=_("seconds for the whole analysis, shared among the decisions"),
    )
    parser.add_argument(
        "--seed", type=int, help=_("the seed of the worlds drawn (default: a fresh one, shown)")
    )
    parser.add_argument(
        "--model",
        choices=_MODELS,
        default="paranoid",
        help=_("how the solver takes the others to play (default paranoid)"),
    )
    parser.add_argument(
        "--top",
        type=int,
        default=DEFAULT_TOP,
        metavar="N",
        help=_("the costly moves listed (default {count})").format(count=DEFAULT_TOP),
    )
    parser.add_argument(
        "--json", action="store_true", help=_("print the whole analysis as JSON instead")
    )
    parser.add_argument(
        "--plot",
        metavar="PNG",
        help=(
            _(
                "also draw the expected score of the move played and of the best move, decision "
                "by decision, into this PNG file (needs the plot extra: matplotlib)"
            )
        ),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> int:
    """Run ``sticheln analyse``."""
    from sticheln.analysis import analyse
    from sticheln.core.errors import StichelnError

    record = load_record(args.file)
    players = len(record.game.scores(record.first))
    player = seat_option("--as", args.player, players)
    if args.samples is not None and args.samples < 1:
        raise UsageError(_("--samples must be at least 1, got {value}").format(value=args.samples))
    if args.time is not None and not 0 < args.time < math.inf:
        raise UsageError(
            _("--time must be a positive number of seconds, got {value}").format(value=args.time)
        )
    if args.top < 0:
        raise UsageError(_("--top must be 0 or more, got {value}").format(value=args.top))
    text = _record_text(args.file)
    if args.plot is not None:
        check_plotting("analyse")
    with _ProgressBar(env) as bar:
        try:
            result: Analysis[Any] = analyse(
                text,
                player,
                samples=args.samples,
                time=args.time,
                seed=args.seed,
                model=args.model,
                progress=bar,
            )
        except StichelnError as exc:
            raise UsageError(str(exc)) from None
    if args.plot is not None:
        from sticheln.analysis.chart import plot_analysis

        plot_to(args.plot, lambda path: plot_analysis(result, path))
    if args.json:
        env.stdout.write(json.dumps(result.to_dict()) + "\n")
        return EXIT_OK
    _show(env.console, args.file, record.game.info.title, result, args.top)
    if args.plot is not None:
        env.console.print(Text(_("The chart is in {file}.").format(file=args.plot)))
    return EXIT_OK


def _record_text(path: str) -> str:
    with open(path, encoding="utf-8") as file:
        return file.read()


class _ProgressBar:
    """A bar of the decisions analysed, on standard error when it is a terminal."""

    def __init__(self, env: Env) -> None:
        self.progress: Progress | None = None
        self.task: Any = None
        if _is_terminal(env.stderr):
            self.progress = Progress(
                TextColumn(_("Analysing")),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(file=env.stderr, highlight=False),
                transient=True,
            )

    def __enter__(self) -> _ProgressBar:
        if self.progress is not None:
            self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def __call__(self, done: int, total: int) -> None:
        if self.progress is None:
            return
        if self.task is None:
            self.task = self.progress.add_task(_("Analysing"), total=total)
        self.progress.update(self.task, completed=done)


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _points(value: float) -> str:
    return f"{value:.1f}"


def _interval(interval: tuple[float, float] | None) -> str:
    if interval is None:
        return "-"
    return _("{low} to {high}").format(low=f"{interval[0]:.1f}", high=f"{interval[1]:.1f}")


def _how(decision: Decision[Any]) -> str:
    """How the decision's moves were valued."""
    if decision.solved == decision.samples:
        return _("solved")
    if decision.solved == 0:
        return _("playouts")
    return _("{count} solved").format(count=decision.solved)


def _show(console: Console, path: str, title: str, result: Analysis[Any], top: int) -> None:
    """The head line, the table of the costliest moves and why each trick went as it did."""
    decisions = result.decisions
    solved = sum(1 for decision in decisions if decision.solved == decision.samples)
    head = _(
        "Analysis of {file}: {game}, seat {seat}, {count} decisions ({solved} solved exactly), "
        "model {model}, seed {seed}"
    ).format(
        file=path,
        game=title,
        seat=seat_label(result.player),
        count=len(decisions),
        solved=solved,
        model=result.model,
        seed=result.seed,
    )
    console.print(Text(head, style="bold"))
    console.print(
        Text(
            _("Expected points lost by the moves played: {points}").format(
                points=_points(result.total_loss)
            )
        )
    )
    costly = result.costly(top)
    if not costly:
        console.print(Text(_("No move played cost anything: each was among the best found.")))
        return
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("Move"), justify="right")
    table.add_column(_("Deal"), justify="right")
    table.add_column(_("Played"))
    table.add_column(_("Better"))
    table.add_column(_("Loss"), justify="right")
    table.add_column(_("{percent} interval").format(percent="95%"), justify="right")
    table.add_column(_("Valued by"))
    for decision in costly:
        table.add_row(
            str(decision.number),
            str(decision.deal + 1),
            f"{decision.played_text} ({_points(decision.value_of(decision.played).mean)})",
            f"{' '.join(decision.best_texts)} ({_points(decision.loss + _played(decision))})",
            _points(decision.loss),
            _interval(decision.loss_interval),
            _how(decision),
        )
    console.print(table)
    for decision in costly:
        if decision.trick is None:
            continue
        cards = " ".join(str(card) for card in decision.trick.cards)
        line = _("Move {number}, the trick {cards}: {reason}").format(
            number=decision.number, cards=cards, reason=decision.trick.deciding_reason
        )
        console.print(Text(line))


def _played(decision: Decision[Any]) -> float:
    return decision.value_of(decision.played).mean
