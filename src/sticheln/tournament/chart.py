"""The chart of a league: each bot's mean points per game and its rating, with their 95%
intervals, as a PNG (the ``plot`` extra: matplotlib, imported only here, when a chart is
drawn)."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sticheln.tournament.league import LeagueEntry

__all__ = ["MISSING_MATPLOTLIB", "plot_league"]

MISSING_MATPLOTLIB = (
    'a chart needs the plot extra (matplotlib): pip install ".[plot]" in a checkout of sticheln'
)
"""The message when matplotlib is not installed."""


def plot_league(entries: Sequence[LeagueEntry], path: str | Path) -> None:
    """Draw the league ``entries`` to the PNG file ``path``: on the left each bot's mean
    points per game, on the right its rating in Elo points, both with their 95% intervals,
    the best bot at the top.

    :raises ImportError: when matplotlib is not installed (:data:`MISSING_MATPLOTLIB`).
    :raises OSError: when the file cannot be written.
    """
    try:
        matplotlib: Any = importlib.import_module("matplotlib")
        matplotlib.use("Agg")
        pyplot: Any = importlib.import_module("matplotlib.pyplot")
    except ImportError as exc:
        raise ImportError(MISSING_MATPLOTLIB, name="matplotlib") from exc
    names = [e.bot for e in reversed(entries)]
    rows = list(range(len(names)))
    figure, (points, ratings) = pyplot.subplots(
        1, 2, sharey=True, figsize=(10, 1.2 + 0.5 * len(names))
    )
    try:
        for axes, values, intervals, label in (
            (
                points,
                [e.points for e in reversed(entries)],
                [e.points_interval or (e.points, e.points) for e in reversed(entries)],
                "mean points per game",
            ),
            (
                ratings,
                [e.rating.rating for e in reversed(entries)],
                [(e.rating.low, e.rating.high) for e in reversed(entries)],
                "rating (Elo points)",
            ),
        ):
            below = [v - low for v, (low, _) in zip(values, intervals, strict=True)]
            above = [high - v for v, (_, high) in zip(values, intervals, strict=True)]
            axes.errorbar(values, rows, xerr=[below, above], fmt="o", capsize=4)
            axes.axvline(0, color="grey", linewidth=0.8)
            axes.set_xlabel(f"{label}, 95% interval")
        points.set_yticks(rows, names)
        figure.tight_layout()
        figure.savefig(path, format="png")
    finally:
        pyplot.close(figure)
