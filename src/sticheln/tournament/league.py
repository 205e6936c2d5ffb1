"""A league of bots over many tournaments: every bot (a bot spec, with its options) rated
from the duplicate results of all the tournaments it played, with 95% intervals.

The model is Bradley and Terry's (R. A. Bradley and M. E. Terry, "Rank Analysis of
Incomplete Block Designs: I. The Method of Paired Comparisons", Biometrika 39, 1952): bot
``i`` beats bot ``j`` with probability ``1 / (1 + exp(r_j - r_i))``. The comparisons come
from the duplicate deals: in each deal of a tournament, each two different bots in it are
compared by their mean points per game over the deal's games (the same cards, every seat),
the better one winning, equal means a draw (half a win each). The ratings are fitted by
Hunter's minorization-maximization iteration (D. R. Hunter, "MM algorithms for generalized
Bradley-Terry models", Annals of Statistics 32, 2004), centred on a mean of 0, and their
intervals come from the inverse of the Fisher information (the standard errors of the
maximum-likelihood estimate). One drawn comparison is added to every pair of bots that
met, a weak prior that keeps the rating of a bot that won every comparison finite.
Ratings are given in Elo points (``400 / ln 10`` times ``r``): a difference of 400 means
ten to one odds.

>>> from sticheln.tournament.league import Comparisons, fit_ratings
>>> fitted = fit_ratings(Comparisons(("a", "b"), {("a", "b"): 3.0}, {("a", "b"): 4}))
>>> [round(r.rating, 1) for r in fitted]  # (3 + 0.5) / (4 + 1) = 0.7: ln(7 / 3) apart
[73.6, -73.6]
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from sticheln.tournament.play import GameResult

__all__ = [
    "ELO",
    "Comparisons",
    "LeagueEntry",
    "Rating",
    "compare",
    "fit_ratings",
    "league",
    "points_per_game",
]

ELO = 400 / math.log(10)
"""Elo points per unit of the model's natural-log ratings."""

_Z95 = 1.959963984540054
_PRIOR = 0.5
"""The wins each bot of a pair that met is given on top of its own: one drawn comparison."""
_TOLERANCE = 1e-10
_ROUNDS = 100_000


@attrs.frozen
class Comparisons:
    """The duplicate comparisons between bots: for each pair ``(a, b)`` (``a`` before ``b``
    in :attr:`bots`), the wins of ``a`` (a draw counting half) and the number of times the
    two met."""

    bots: tuple[str, ...]
    """The bots, in the order they were first seen."""
    wins: dict[tuple[str, str], float]
    """The wins of the first bot of each pair over the second."""
    meetings: dict[tuple[str, str], int]
    """The comparisons of each pair."""


@attrs.frozen
class Rating:
    """A bot's Bradley-Terry rating in Elo points, with its 95% interval."""

    bot: str
    rating: float
    low: float
    high: float


@attrs.frozen
class LeagueEntry:
    """One bot of a league: its rating and the mean points per game it made."""

    bot: str
    rating: Rating
    games: int
    """The games the bot played (a game counts once for each of its seats)."""
    deals: int
    """The duplicate deals it played."""
    points: float
    """Mean points per game."""
    points_interval: tuple[float, float] | None
    """The 95% interval of :attr:`points` (Student's t over the deals; ``None`` for one
    deal)."""

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON-ready data."""
        return {
            "bot": self.bot,
            "rating": self.rating.rating,
            "rating_interval": [self.rating.low, self.rating.high],
            "games": self.games,
            "deals": self.deals,
            "points_per_game": self.points,
            "points_interval": None if self.points_interval is None else list(self.points_interval),
        }


def _deal_means(
    tournaments: Iterable[Sequence[GameResult]],
) -> list[dict[str, float]]:
    """For each duplicate deal of each tournament, each bot's mean points per game in it."""
    deals: list[dict[str, float]] = []
    for results in tournaments:
        by_deal: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
        for result in results:
            for bot, score in zip(result.bots, result.scores, strict=True):
                by_deal[result.deal][bot].append(score)
        for deal in sorted(by_deal):
            deals.append({bot: statistics.fmean(s) for bot, s in by_deal[deal].items()})
    return deals


def compare(tournaments: Iterable[Sequence[GameResult]]) -> Comparisons:
    """The duplicate comparisons in the results of these tournaments (each a sequence of
    its games): in every deal, every two different bots compared by their mean points per
    game."""
    bots: dict[str, None] = {}
    wins: dict[tuple[str, str], float] = defaultdict(float)
    meetings: dict[tuple[str, str], int] = defaultdict(int)
    for means in _deal_means(tournaments):
        for bot in means:
            bots.setdefault(bot)
        order = list(bots)
        present = sorted(means, key=order.index)
        for i, a in enumerate(present):
            for b in present[i + 1 :]:
                meetings[a, b] += 1
                wins[a, b] += 1.0 if means[a] > means[b] else 0.5 if means[a] == means[b] else 0.0
    return Comparisons(tuple(bots), dict(wins), dict(meetings))


def fit_ratings(comparisons: Comparisons) -> list[Rating]:
    """The Bradley-Terry ratings of the bots (in the order of ``comparisons.bots``), in Elo
    points around a mean of 0, with 95% intervals (see the module's description).

    :raises ValueError: for no bots, or bots in groups that never met, directly or
        through others (no rating can compare them).
    """
    bots = comparisons.bots
    n = len(bots)
    if n == 0:
        raise ValueError("no bots to rate: the results hold no games")
    index = {bot: i for i, bot in enumerate(bots)}
    wins = [[0.0] * n for _ in range(n)]
    met = [[0.0] * n for _ in range(n)]
    for (a, b), count in comparisons.meetings.items():
        i, j = index[a], index[b]
        won = comparisons.wins.get((a, b), 0.0) + _PRIOR
        wins[i][j] += won
        wins[j][i] += count + 2 * _PRIOR - won
        met[i][j] += count + 2 * _PRIOR
        met[j][i] += count + 2 * _PRIOR
    _check_connected(bots, met)
    strength = [1.0] * n
    for _ in range(_ROUNDS):
        new = []
        for i in range(n):
            denominator = sum(met[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(sum(wins[i]) / denominator if denominator else 1.0)
        centre = math.exp(statistics.fmean(math.log(s) for s in new))
        new = [s / centre for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < _TOLERANCE:
            break
    logs = [math.log(s) for s in strength]
    errors = _standard_errors(logs, met)
    return [
        Rating(bot, ELO * r, ELO * (r - _Z95 * e), ELO * (r + _Z95 * e))
        for bot, r, e in zip(bots, logs, errors, strict=True)
    ]


def _check_connected(bots: Sequence[str], met: list[list[float]]) -> None:
    """Refuse bots in groups that never met."""
    seen = {0}
    todo = [0]
    while todo:
        i = todo.pop()
        for j, count in enumerate(met[i]):
            if count and j not in seen:
                seen.add(j)
                todo.append(j)
    if len(seen) < len(bots):
        apart = ", ".join(bot for i, bot in enumerate(bots) if i not in seen)
        together = ", ".join(bot for i, bot in enumerate(bots) if i in seen)
        raise ValueError(
            f"the bots {apart[:200]} never met {together[:200]}, directly or through "
            "others: play a tournament between the two groups"
        )


def _standard_errors(logs: Sequence[float], met: list[list[float]]) -> list[float]:
    """The standard errors of the centred ratings: the square roots of the diagonal of the
    Moore-Penrose inverse of the Fisher information, ``(H + J / n)^-1 - J / n`` (the
    information's null space is the all-ones vector, removed by the centring)."""
    n = len(logs)
    h = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and met[i][j]:
                p = 1 / (1 + math.exp(logs[j] - logs[i]))
                h[i][j] = -met[i][j] * p * (1 - p)
                h[i][i] += met[i][j] * p * (1 - p)
    shifted = [[h[i][j] + 1 / n for j in range(n)] for i in range(n)]
    inverse = _invert(shifted)
    return [math.sqrt(max(0.0, inverse[i][i] - 1 / n)) for i in range(n)]


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small non-singular matrix, by Gauss-Jordan elimination."""
    n = len(matrix)
    rows = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        scale = rows[column][column]
        rows[column] = [x / scale for x in rows[column]]
        for r in range(n):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[column], strict=True)]
    return [row[n:] for row in rows]


def points_per_game(
    tournaments: Iterable[Sequence[GameResult]],
) -> dict[str, tuple[int, int, float, tuple[float, float] | None]]:
    """Each bot's games, deals, mean points per game and its 95% interval (Student's t
    over the deals' means; ``None`` for a single deal)."""
    from sticheln.cli.simulate import student_t_quantile

    games: dict[str, int] = defaultdict(int)
    sums: dict[str, int] = defaultdict(int)
    samples: dict[str, list[float]] = defaultdict(list)
    listed = [list(results) for results in tournaments]
    for results in listed:
        for result in results:
            for bot, score in zip(result.bots, result.scores, strict=True):
                games[bot] += 1
                sums[bot] += score
    for means in _deal_means(listed):
        for bot, mean in means.items():
            samples[bot].append(mean)
    table = {}
    for bot, count in games.items():
        deals = samples[bot]
        interval = None
        if len(deals) > 1:
            middle = statistics.fmean(deals)
            half = (
                student_t_quantile(0.975, len(deals) - 1)
                * statistics.stdev(deals)
                / math.sqrt(len(deals))
            )
            interval = (middle - half, middle + half)
        table[bot] = (count, len(deals), sums[bot] / count, interval)
    return table


def league(tournaments: Iterable[Sequence[GameResult]]) -> list[LeagueEntry]:
    """The league table of the bots of these tournaments, best rating first.

    :raises ValueError: as :func:`fit_ratings`.
    """
    listed = [list(results) for results in tournaments]
    ratings = fit_ratings(compare(listed))
    points = points_per_game(listed)
    entries = [LeagueEntry(r.bot, r, *points[r.bot]) for r in ratings]
    return sorted(entries, key=lambda e: (-e.rating.rating, e.bot))
