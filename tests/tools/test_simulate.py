"""``sticheln simulate``'s statistics and tables: Student's t quantiles against printed tables,
the intervals worked out by hand, the win rate of a bot per seat, and tables that fit 80
columns without a word broken."""

from __future__ import annotations

import io
import math
import re

import pytest

from sticheln.cli import main
from sticheln.cli.simulate import (
    BY_BOT,
    INTERVALS,
    _interval,
    _rate_interval,
    wilson_interval,
)
from sticheln.core.stats import student_t_cdf, student_t_quantile

# -- Student's t ------------------------------------------------------------------------------

# t(0.975, df), copied from a printed table of Student's t (three decimals).
T_975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 9: 2.262, 10: 2.228, 29: 2.045}
T_975 |= {30: 2.042, 60: 2.000, 120: 1.980}


@pytest.mark.parametrize(("df", "expected"), sorted(T_975.items()))
def test_the_t_quantiles_are_those_of_the_tables(df: int, expected: float) -> None:
    assert student_t_quantile(0.975, df) == pytest.approx(expected, abs=5e-4)


def test_the_t_quantile_matches_the_closed_forms_of_one_and_two_degrees_of_freedom() -> None:
    # df = 1 is the Cauchy distribution: t = tan(pi (p - 1/2)); df = 2: t = (2p - 1) /
    # sqrt(2 p (1 - p)).
    for p in (0.6, 0.9, 0.975, 0.995):
        assert student_t_quantile(p, 1) == pytest.approx(math.tan(math.pi * (p - 0.5)), rel=1e-9)
        closed = (2 * p - 1) / math.sqrt(2 * p * (1 - p))
        assert student_t_quantile(p, 2) == pytest.approx(closed, rel=1e-9)
    assert student_t_quantile(0.995, 1) == pytest.approx(63.657, abs=5e-4)
    assert student_t_quantile(0.975, 100_000) == pytest.approx(1.95996, abs=1e-4)  # the normal


def test_the_t_distribution_function_is_symmetric() -> None:
    assert student_t_cdf(0.0, 4) == 0.5
    assert student_t_cdf(1.0, 1) == pytest.approx(0.75)  # arctan(1) / pi + 1/2
    assert student_t_cdf(-2.5, 7) == pytest.approx(1 - student_t_cdf(2.5, 7))


@pytest.mark.parametrize(("p", "df"), [(0.4, 3), (1.0, 3), (0.975, 0)])
def test_a_quantile_out_of_range_is_refused(p: float, df: int) -> None:
    with pytest.raises(ValueError, match="must be"):
        student_t_quantile(p, df)


# -- the intervals ----------------------------------------------------------------------------


def test_the_interval_of_the_mean_points_uses_t_over_the_deals() -> None:
    # Mean 2, standard deviation 1, standard error 1 / sqrt(3); t(0.975, 2) = 4.3027.
    low, high = _interval([1.0, 2.0, 3.0])
    assert (low, high) == pytest.approx((2 - 4.30265 / 3**0.5, 2 + 4.30265 / 3**0.5), abs=1e-4)
    assert _interval([5.0]) is None


def test_the_win_rate_interval_uses_t_when_the_spread_of_the_deals_is_estimated() -> None:
    # Rates 0.25 and 0.75 in two deals of four games: variance 0.125, so the eight games are
    # worth 0.25 * 2 / 0.125 = 4 binomial ones; Wilson's interval with t(0.975, 1) = 12.706:
    # centre 0.5, half-width 12.706 / (1 + 161.44 / 4) * sqrt(0.25 / 4 + 161.44 / 64).
    half = 12.7062 / (1 + 161.448 / 4) * math.sqrt(0.25 / 4 + 161.448 / 64)
    assert _rate_interval(0.5, [0.25, 0.75], 8) == pytest.approx((0.5 - half, 0.5 + half), abs=1e-4)
    # Nothing estimated from deals that do not vary: Wilson over all the games, with z.
    assert _rate_interval(0.5, [0.5, 0.5], 8) == wilson_interval(0.5, 8)
    assert _rate_interval(0.0, [0.0, 0.0, 0.0], 12) == pytest.approx((0.0, 0.2425), abs=1e-4)


# -- the tables at 80 columns -----------------------------------------------------------------


def _simulate(monkeypatch: pytest.MonkeyPatch, width: int, *argv: str) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    out, err = io.StringIO(), io.StringIO()
    assert main(["simulate", *argv], stdout=out, stderr=err) == 0, err.getvalue()
    return out.getvalue()


_NUMBER = r"[+-]\d+\.\d\d"
_RATE = r"\d+\.\d%"
_CELL = re.compile(rf"{_NUMBER}|\[{_NUMBER},|{_NUMBER}\]|{_RATE}|\[{_RATE},|{_RATE}\]|#\d|-|─+")
_HEADERS = "Bot Name Entries Seat Points per game 95% CI Win rate By seat (all bots):"


def _pieces(name: str) -> set[str]:
    """A bot's name and what may stand on one line of it: its parts between options."""
    parts = re.split(r"(?<=:)", name)
    return {"".join(parts[i:j]) for i in range(len(parts)) for j in range(i + 1, len(parts) + 1)}


def _check_fits(out: str, width: int, title: str, bots: list[str]) -> None:
    words = set(f"{title} {INTERVALS} {BY_BOT} {_HEADERS}".split())
    for bot in bots:
        words |= _pieces(bot)
    for line in out.splitlines():
        assert len(line) <= width, line
        for word in line.split():
            assert word in words or _CELL.fullmatch(word), f"{word!r} is broken: {line!r}"


def test_the_tables_fit_80_columns_without_a_broken_word(monkeypatch: pytest.MonkeyPatch) -> None:
    bots = ["random", "heuristic", "heuristic", "heuristic"]
    out = _simulate(monkeypatch, 80, "--games", "10", "--bots", ",".join(bots), "--seed", "1")
    title = (
        "12 games of sticheln (nsv rules), 4 players, seed 1: 3 deals, each played in all 4 "
        "rotations of the seats."
    )
    _check_fits(out, 80, title, bots)
    assert re.search(rf"^heuristic\s+#2 #3 #4\s+{_NUMBER}\s", out, re.MULTILINE)
    # The bot on three seats wins a third of its seat-games or less, never "any seat won".
    rate = re.search(rf"^heuristic\s+#2 #3 #4\s+\S+\s+\S+ \S+\s+({_RATE})", out, re.MULTILINE)
    assert rate is not None
    assert float(rate.group(1)[:-1]) <= 100 / 3 + 0.1


def test_a_long_bot_name_is_broken_between_its_options(monkeypatch: pytest.MonkeyPatch) -> None:
    bots = ["random:seed=12345", "heuristic", "random:seed=7654321"]
    argv = ["--games", "6", "--players", "3", "--bots", ",".join(bots), "--seed", "2"]
    out = _simulate(monkeypatch, 80, *argv)
    title = (
        "6 games of sticheln (nsv rules), 3 players, seed 2: 2 deals, each played in all 3 "
        "rotations of the seats."
    )
    _check_fits(out, 80, title, bots)
    # The first table has room for the whole names; the one by bot, with its column of
    # entries, breaks them after "random:".
    assert re.search(r"^#3\s+random:seed=7654321\s", out, re.MULTILINE)
    lines = out.splitlines()
    by_bot = lines.index(BY_BOT)
    assert lines[by_bot + 4].split()[:2] == ["random:", "#1"]
    assert lines[by_bot + 5].split() == ["seed=12345"]
    assert lines[by_bot + 8].split() == ["seed=7654321"]


def test_the_first_line_of_a_single_deal_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _simulate(monkeypatch, 100, "--games", "3", "--players", "3", "--seed", "2")
    assert out.splitlines()[0].startswith(
        "3 games of sticheln (nsv rules), 3 players, seed 2: 1 deal, played in all 3 rotations "
        "of the seats."
    )


@pytest.mark.parametrize(
    ("game", "rules"), [("hattrick", "amigo-1995"), ("stichling", "ravensburger-2015")]
)
def test_the_other_games_tables_fit_too(
    monkeypatch: pytest.MonkeyPatch, game: str, rules: str
) -> None:
    out = _simulate(monkeypatch, 80, "--game", game, "--games", "8", "--seed", "3")
    title = (
        f"8 games of {game} ({rules} rules), 4 players, seed 3: 2 deals, each played in all 4 "
        "rotations of the seats."
    )
    _check_fits(out, 80, title, ["heuristic"])
    assert " ".join(out.split()).startswith(title)
