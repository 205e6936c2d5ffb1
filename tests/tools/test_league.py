"""The league (sticheln.tournament.league and ``sticheln league``): duplicate comparisons,
Bradley-Terry ratings and their intervals, worked out by hand on tiny results."""

from __future__ import annotations

import io
import json
import math
import sys
from pathlib import Path

import pytest

from sticheln.cli import main
from sticheln.tournament import GameResult
from sticheln.tournament.league import (
    ELO,
    Comparisons,
    compare,
    fit_ratings,
    league,
    points_per_game,
)

Z = 1.959963984540054


def game(deal: int, bots: tuple[str, ...], scores: tuple[int, ...]) -> GameResult:
    n = len(bots)
    return GameResult(
        index=0, deal=deal, rotation=0, seed=1, bot_seed=2, seated=tuple(range(n)), bots=bots,
        scores=scores, winners=(0,), cpu_seconds=0.0, thinking=(0.0,) * n, decisions=(1,) * n,
        iterations=(0,) * n,
    )  # fmt: skip


# Deal 0: a makes (3 + 2) / 2 = 2.5 a game, b (1 - 1) / 2 = 0, c (0 + 2) / 2 = 1.
# Deal 1: a 0, b 0, c 5.
RESULTS = [
    game(0, ("a", "b", "c"), (3, 1, 0)),
    game(0, ("c", "a", "b"), (2, 2, -1)),
    game(1, ("a", "b", "c"), (0, 0, 5)),
]


def test_each_two_bots_of_a_deal_are_compared_by_their_mean_points() -> None:
    # a beats b and c in deal 0 and draws with b in deal 1; c beats b in both.
    assert compare([RESULTS]) == Comparisons(
        ("a", "b", "c"),
        {("a", "b"): 1.5, ("a", "c"): 1.0, ("b", "c"): 0.0},
        {("a", "b"): 2, ("a", "c"): 2, ("b", "c"): 2},
    )


def test_two_copies_of_a_bot_are_one_bot() -> None:
    results = [game(0, ("a", "a", "b"), (1, 3, 0))]  # a: 2 a game, b: 0
    assert compare([results]) == Comparisons(("a", "b"), {("a", "b"): 1.0}, {("a", "b"): 1})


def test_two_bots_are_rated_by_their_wins_and_one_drawn_comparison() -> None:
    # a won 3 of 4; with the prior's draw 3.5 of 5: p = 0.7, so the ratings are
    # +-ln(7/3)/2. The information is 5 * 0.7 * 0.3 = 1.05 for the difference, whose
    # variance is 1/1.05; each centred rating is half of it: variance 1/4.2.
    a, b = fit_ratings(Comparisons(("a", "b"), {("a", "b"): 3.0}, {("a", "b"): 4}))
    half = math.log(7 / 3) / 2
    error = math.sqrt(1 / 4.2)
    assert (a.bot, b.bot) == ("a", "b")
    assert a.rating == pytest.approx(ELO * half, abs=1e-6)
    assert b.rating == pytest.approx(-ELO * half, abs=1e-6)
    assert (a.low, a.high) == pytest.approx(
        (ELO * (half - Z * error), ELO * (half + Z * error)), abs=1e-6
    )
    assert round(a.rating, 1) == 73.6


def test_a_cycle_rates_every_bot_alike() -> None:
    comparisons = Comparisons(
        ("a", "b", "c"),
        {("a", "b"): 1.0, ("a", "c"): 0.0, ("b", "c"): 1.0},
        {("a", "b"): 1, ("a", "c"): 1, ("b", "c"): 1},
    )
    ratings = fit_ratings(comparisons)
    # Every pair 1.5 of 3 with the prior: p = 1/2, information 3/4 per pair; the Laplacian
    # 3/4 * [[2,-1,-1],...] has the pseudo-inverse 4/9 * [[2,-1,-1],...]: variance 8/9.
    for rating in ratings:
        assert rating.rating == pytest.approx(0, abs=1e-6)
        assert rating.high == pytest.approx(ELO * Z * 2 / 3, abs=1e-6)


def test_bots_that_never_met_cannot_be_rated() -> None:
    comparisons = Comparisons(
        ("a", "b", "c", "d"), {("a", "b"): 1.0, ("c", "d"): 1.0}, {("a", "b"): 1, ("c", "d"): 1}
    )
    with pytest.raises(ValueError, match="the bots c, d never met a, b, directly or through"):
        fit_ratings(comparisons)
    with pytest.raises(ValueError, match="no bots to rate"):
        fit_ratings(Comparisons((), {}, {}))


def test_points_per_game_and_their_interval_over_the_deals() -> None:
    table = points_per_game([RESULTS])
    # a: 5 points in 3 games; the deals' means 2.5 and 0: mean 1.25, standard deviation
    # 1.25 * sqrt(2), standard error 1.25; t(0.975, 1) = 12.7062.
    games, deals, points, interval = table["a"]
    assert (games, deals, points) == (3, 2, pytest.approx(5 / 3))
    assert interval == pytest.approx((1.25 - 12.7062 * 1.25, 1.25 + 12.7062 * 1.25), abs=1e-3)
    assert table["c"][:3] == (3, 2, pytest.approx(7 / 3))


def test_the_league_puts_the_best_rating_first() -> None:
    entries = league([RESULTS])
    assert [e.bot for e in entries] == ["c", "a", "b"]
    assert sum(e.rating.rating for e in entries) == pytest.approx(0, abs=1e-6)
    assert entries[2].to_dict()["games"] == 3


def run_command(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def simulate(path: Path, bots: str, seed: str) -> None:
    argv = ("simulate", "--json", "--players", "3", "--bots", bots, "--rules", "tiny")
    code, _, err = run_command(*argv, "--deals", "3", "--seed", seed, "--results", str(path))
    assert code == 0, err


def test_the_league_command_rates_the_bots_of_several_files(tmp_path: Path) -> None:
    first, second = tmp_path / "1.sqlite", tmp_path / "2.sqlite"
    simulate(first, "random,heuristic,random", "1")
    simulate(second, "heuristic,random:seed=4,heuristic", "2")
    code, out, err = run_command("league", str(first), str(second), "--json")
    assert code == 0, err
    bots = json.loads(out)["bots"]
    assert sorted(b["bot"] for b in bots) == ["heuristic", "random", "random:seed=4"]
    assert sum(b["games"] for b in bots) == 2 * 3 * 3 * 3  # 2 files of 3 deals, 3 games, 3 seats
    code, out, err = run_command("league", str(first), str(second))
    assert code == 0, err
    assert "League of 3 bots, 2 tournaments" in out


def test_the_league_command_draws_a_chart(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "r.sqlite"
    simulate(path, "random,heuristic,random", "1")
    chart = tmp_path / "league.png"
    code, _, err = run_command("league", str(path), "--plot", str(chart))
    assert code == 0, err
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_league_plot_names_a_file_it_cannot_write_and_a_missing_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "r.sqlite"
    simulate(path, "random,heuristic,random", "1")
    target = tmp_path / "no-such-folder" / "league.png"
    code, out, err = run_command("league", str(path), "--plot", str(target))
    assert (code, out) == (2, "")
    assert f"--plot: cannot write {str(target)!r}: No such file or directory" in err
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # an import of it fails
    chart = tmp_path / "league.png"
    code, out, err = run_command("league", str(path), "--plot", str(chart))
    assert (code, out) == (2, "")
    assert 'sticheln league --plot needs the plot extra: pip install ".[plot]"' in err
    assert not chart.exists()


def test_a_bad_file_is_a_usage_error(tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("not a database " * 100)
    code, out, err = run_command("league", str(bad))
    assert (code, out) == (2, "")
    assert "is not a results file of sticheln" in err
    assert "Traceback" not in err
    code, _, err = run_command("league", str(tmp_path / "missing.sqlite"))
    assert code == 2
    assert err.startswith("sticheln: error: ")
