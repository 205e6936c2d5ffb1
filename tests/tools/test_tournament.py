"""Tournaments (sticheln.tournament): the description, the seeds of every game, batches on a
process pool and on a real Dask cluster of two worker processes, the results file and going
on after a kill, and the version check of the workers."""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

from sticheln.cli import main
from sticheln.core.errors import WrongTypeError
from sticheln.tournament import (
    GameResult,
    ResultsFile,
    ResultsMismatchError,
    Rotation,
    Tournament,
    VersionMismatchError,
    derive_seed,
    run_tournament,
)
from sticheln.tournament import cluster as cluster_module

TINY = Tournament("sticheln", ("random", "heuristic", "random"), deals=6, seed=5, rules="tiny")
HATTRICK = Tournament("hattrick", ("random", "heuristic", "random"), deals=4, seed=2, rules="tiny")


def outcomes(results: list[GameResult]) -> list[tuple[Any, ...]]:
    """What must not depend on where the games ran: everything but the CPU times."""
    return [
        (r.index, r.deal, r.rotation, r.seed, r.bot_seed, r.seated, r.bots, r.scores, r.winners,
         r.decisions, r.iterations)
        for r in results
    ]  # fmt: skip


# -- the description ----------------------------------------------------------------------------


def test_the_games_of_a_deal_rotate_the_bot_list_over_the_seats() -> None:
    t = Tournament("sticheln", ("a", "b", "c", "d"), deals=3, seed=1)
    assert (t.players, t.rotations, t.games) == (4, 4, 12)
    # Game 6 is rotation 2 of deal 1: entry e sits at seat (e + 2) % 4.
    assert (t.deal_of(6), t.rotation_of(6), t.seated(6)) == (1, 2, (2, 3, 0, 1))
    assert t.seated(4) == (0, 1, 2, 3)


def test_without_rotation_each_deal_is_one_game() -> None:
    t = Tournament("sticheln", ("a", "b", "c"), deals=5, seed=1, rotation=Rotation.NONE)
    assert (t.rotations, t.games) == (1, 5)
    assert [(t.deal_of(i), t.seated(i)) for i in (0, 4)] == [(0, (0, 1, 2)), (4, (0, 1, 2))]


def test_the_seeds_follow_from_the_base_seed_and_the_deal() -> None:
    t = Tournament("sticheln", ("a", "b", "c"), deals=2, seed=9)
    assert t.deal_seed(1) == derive_seed(9, 1)
    # All games of a deal share its cards, and each has its own stream for the bots.
    assert {t.deal_seed(t.deal_of(i)) for i in range(3)} == {derive_seed(9, 0)}
    assert t.bot_seed(0) == derive_seed(derive_seed(9, 0), -1)
    assert t.bot_seed(4) == derive_seed(derive_seed(9, 1), -2)
    assert len({t.bot_seed(i) for i in range(6)}) == 6


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"game": 3}, WrongTypeError, "game must be a string, got 3"),
        ({"bots": "random"}, WrongTypeError, "bots must be a tuple of bot specs"),
        ({"bots": ()}, ValueError, "bots must name at least one bot"),
        ({"bots": ("random", ":seed=2")}, ValueError, "empty bot name in ':seed=2'"),
        ({"deals": 0}, ValueError, "deals must be at least 1, got 0"),
        ({"deals": 2.0}, WrongTypeError, "deals must be an int, got 2.0"),
        ({"seed": -1}, ValueError, "seed must be at least 0, got -1"),
        ({"seed": True}, WrongTypeError, "seed must be an int, got True"),
        ({"rules": 1}, WrongTypeError, "rules must be a string, got 1"),
        ({"rotation": "all"}, WrongTypeError, "rotation must be a Rotation, got 'all'"),
    ],
)
def test_a_bad_description_is_refused(fields: dict[str, Any], error: type, message: str) -> None:
    data = {"game": "sticheln", "bots": ("random",) * 3, "deals": 2, "seed": 1, **fields}
    with pytest.raises(error, match=message):
        Tournament(**data)


def test_a_description_goes_to_data_and_back() -> None:
    assert Tournament.from_dict(json.loads(json.dumps(TINY.to_dict()))) == TINY
    with pytest.raises(ValueError, match="not the data of a tournament"):
        Tournament.from_dict({"game": "sticheln"})


def test_the_differences_name_each_field() -> None:
    other = attrs.evolve(TINY, bots=("random",) * 3, rules=None, deals=9)
    assert TINY.differences(other, ignore=("deals",)) == [
        "rules: 'tiny', not None",
        "bots: ['random', 'heuristic', 'random'], not ['random', 'random', 'random']",
    ]


# -- playing ------------------------------------------------------------------------------------


def test_every_game_is_played_once_with_the_bots_on_their_seats() -> None:
    results = run_tournament(TINY)
    assert [r.index for r in results] == list(range(18))
    assert results[4].seated == (2, 0, 1)
    assert results[4].bots == ("random", "random", "heuristic")
    for r in results:
        assert r.winners
        assert set(r.winners) <= {0, 1, 2}
        assert max(r.scores) == min(r.scores[w] for w in r.winners)
        assert sum(r.decisions) > 0
        assert r.cpu_seconds >= 0


def test_the_games_of_a_deal_share_its_cards() -> None:
    results = run_tournament(TINY)
    assert len({r.seed for r in results[:3]}) == 1
    assert results[0].seed != results[3].seed


@pytest.mark.parametrize("tournament", [TINY, HATTRICK], ids=["sticheln", "hattrick"])
def test_the_results_do_not_depend_on_the_process_pool_or_the_batches(
    tournament: Tournament,
) -> None:
    here = run_tournament(tournament)
    assert outcomes(run_tournament(tournament, batch_games=1)) == outcomes(here)
    with ProcessPoolExecutor(1) as one:
        assert outcomes(run_tournament(tournament, one)) == outcomes(here)
    with ProcessPoolExecutor(2) as two:
        assert outcomes(run_tournament(tournament, two, batch_games=5)) == outcomes(here)
        assert outcomes(run_tournament(tournament, two)) == outcomes(here)


def test_games_already_done_are_not_played_again() -> None:
    first = run_tournament(TINY)
    played: list[int] = []
    again = run_tournament(TINY, done=first[:7], on_game=lambda r: played.append(r.index))
    assert played == list(range(7, 18))
    assert outcomes(again) == outcomes(first)
    assert again[:7] == first[:7]  # kept as they were, CPU times included


def test_bad_batch_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="batch_games must be at least 1, got 0"):
        run_tournament(TINY, batch_games=0)
    with pytest.raises(ValueError, match="workers must be at least 1, got 0"):
        run_tournament(TINY, workers=0)


# -- the results file ---------------------------------------------------------------------------


def test_the_results_file_keeps_every_game_and_goes_on_from_it(tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    whole = run_tournament(TINY)
    with ResultsFile.open(path, TINY) as store:
        store.add(whole[:5])
    with ResultsFile.open(path, TINY) as store:
        assert store.results() == whole[:5]
        done = store.results()
        played: list[int] = []
        finished = run_tournament(
            TINY, done=done, sink=store, on_game=lambda r: played.append(r.index)
        )
        assert played == list(range(5, 18))
        assert store.results() == finished
    assert outcomes(finished) == outcomes(whole)
    assert ResultsFile.read_tournament(path) == TINY


def test_a_tournament_with_more_deals_goes_on_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    longer = attrs.evolve(TINY, deals=8)
    with ResultsFile.open(path, TINY) as store:
        run_tournament(TINY, sink=store)
    with ResultsFile.open(path, longer) as store:
        played: list[int] = []
        run_tournament(longer, done=store.results(), on_game=lambda r: played.append(r.index))
    assert played == list(range(18, 24))
    assert ResultsFile.read_tournament(path) == longer


def test_a_file_of_another_tournament_is_refused_naming_the_difference(tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    ResultsFile.open(path, TINY).close()
    with pytest.raises(ResultsMismatchError) as caught:
        ResultsFile.open(path, attrs.evolve(TINY, seed=6, rotation=Rotation.NONE))
    assert str(caught.value) == (
        f"{str(path)!r} holds the results of another tournament: seed: 5, not 6; "
        "rotation: 'all', not 'none'"
    )


def test_a_file_of_another_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    ResultsFile.open(path, TINY).close()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE tournament SET sticheln_version = '0.0.1'")
    connection.close()
    with pytest.raises(ResultsMismatchError, match=r"sticheln version: 0\.0\.1, not "):
        ResultsFile.open(path, TINY)


def test_a_file_that_is_not_a_results_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database " * 100)
    with pytest.raises(OSError, match="is not a results file of sticheln"):
        ResultsFile.open(path, TINY)
    code, _, err = run_command("simulate", "--results", str(path), "--deals", "1")
    assert code == 2
    assert err.startswith("sticheln: error: --results: ")
    assert "is not a results file of sticheln" in err
    assert "Traceback" not in err


def run_command(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


SIMULATE = ("simulate", "--json", "--players", "3", "--bots", "random,heuristic,random")


def test_simulate_goes_on_from_its_results_file(tmp_path: Path) -> None:
    path = str(tmp_path / "r.sqlite")
    code, whole, _ = run_command(*SIMULATE, "--deals", "4", "--seed", "3")
    assert code == 0
    assert run_command(*SIMULATE, "--deals", "2", "--seed", "3", "--results", path)[0] == 0
    # Without --seed, the file's; the two deals in it are not played again.
    code, out, err = run_command(*SIMULATE, "--deals", "4", "--results", path)
    assert code == 0, err
    assert "Going on from 6 of 12 games in" in err
    assert json.loads(out) == json.loads(whole)


def test_simulate_refuses_a_file_of_another_tournament(tmp_path: Path) -> None:
    path = str(tmp_path / "r.sqlite")
    assert run_command(*SIMULATE, "--deals", "1", "--seed", "3", "--results", path)[0] == 0
    code, out, err = run_command(*SIMULATE, "--deals", "1", "--seed", "4", "--results", path)
    assert (code, out) == (2, "")
    assert "holds the results of another tournament: seed: 3, not 4" in err


@pytest.mark.slow
def test_a_killed_tournament_goes_on_and_ends_with_the_same_table(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    argv = [
        sys.executable, "-m", "sticheln", "simulate", "--players", "4", "--bots", "random",
        "--deals", "300", "--seed", "11", "--results", str(path),
    ]  # fmt: skip
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while _rows(path) < 40:
            assert process.poll() is None, "the tournament ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.02)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    kept = _rows(path)
    assert 40 <= kept < 1200
    resumed = subprocess.run([*argv, "--json"], capture_output=True, text=True, check=False)
    assert resumed.returncode == 0, resumed.stderr
    assert f"Going on from {kept} of 1200 games" in resumed.stderr
    whole = subprocess.run(
        [*argv[:-2], "--json"], capture_output=True, text=True, check=False, timeout=120
    )
    assert json.loads(resumed.stdout) == json.loads(whole.stdout)
    table = [*argv, "--deals", "300"]
    assert subprocess.run(table, capture_output=True, text=True, check=False).stdout == (
        subprocess.run(table[:-4], capture_output=True, text=True, check=False).stdout
    )


def _rows(path: Path) -> int:
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=5) as connection:
            (count,) = connection.execute("SELECT count(*) FROM games").fetchone()
        connection.close()
    except sqlite3.OperationalError:  # the tables are not made yet
        return 0
    return int(count)


# -- Dask ---------------------------------------------------------------------------------------


def test_a_dask_cluster_plays_the_same_games_as_the_process_pool(dask_cluster: Any) -> None:
    here = run_tournament(TINY)
    with cluster_module.connect(dask_cluster.scheduler_address) as connected:
        assert connected.workers == 2
        assert outcomes(run_tournament(TINY, connected.executor)) == outcomes(here)
        assert outcomes(run_tournament(TINY, connected.executor, batch_games=1)) == outcomes(here)
        hattrick = run_tournament(HATTRICK, connected.executor, workers=connected.workers)
    assert outcomes(hattrick) == outcomes(run_tournament(HATTRICK))


def test_simulate_on_a_dask_cluster_prints_what_the_process_pool_prints(
    dask_cluster: Any,
) -> None:
    argv = (*SIMULATE, "--deals", "3", "--seed", "8")
    code, on_cluster, err = run_command(*argv, "--cluster", dask_cluster.scheduler_address)
    assert code == 0, err
    assert json.loads(on_cluster) == json.loads(run_command(*argv, "--jobs", "2")[1])


def _set_version(version: str) -> None:
    import sticheln

    sticheln.__version__ = version  # type: ignore[attr-defined]


def test_a_worker_of_another_version_is_refused_at_connect(dask_cluster: Any) -> None:
    distributed = pytest.importorskip("distributed")
    import sticheln

    mine = sticheln.__version__
    with distributed.Client(dask_cluster.scheduler_address) as client:
        worker = sorted(client.scheduler_info()["workers"])[0]
        client.run(_set_version, "0.0.1", workers=[worker])
        try:
            with (
                pytest.raises(VersionMismatchError) as caught,
                cluster_module.connect(dask_cluster.scheduler_address),
            ):
                pass
            code, out, err = run_command(
                *SIMULATE, "--deals", "1", "--cluster", dask_cluster.scheduler_address
            )
        finally:
            client.run(_set_version, mine, workers=[worker])
    assert str(caught.value) == (
        f"this process runs sticheln {mine}, and 1 of the cluster's 2 workers another "
        f"version ({worker} runs 0.0.1): install sticheln {mine} on every worker"
    )
    assert (code, out) == (1, "")
    assert err.startswith(f"sticheln: error: this process runs sticheln {mine}, and 1 of")


def test_a_batch_on_a_worker_of_another_version_is_refused() -> None:
    from sticheln.tournament import play_batch

    with pytest.raises(
        VersionMismatchError, match=r"this worker runs sticheln .* with sticheln 0\.0\.1"
    ):
        play_batch(TINY, [0], "0.0.1")


def test_without_dask_the_cluster_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with (
        pytest.raises(ImportError, match=r'dask extra .*pip install "\.\[dask\]"'),
        cluster_module.connect(1),
    ):
        pass
    code, out, err = run_command(*SIMULATE, "--deals", "1", "--cluster", "local:2")
    assert (code, out) == (2, "")
    assert err == (
        "sticheln: error: --cluster: a cluster needs the dask extra (Dask's distributed "
        'package): pip install ".[dask]" in a checkout of sticheln\n'
    )


@pytest.mark.parametrize(
    ("cluster", "message"),
    [
        ("local:0", "cluster 'local:0': give local:N with N worker processes, at least 1"),
        ("local:x", "cluster 'local:x': give local:N with N worker processes, at least 1"),
    ],
)
def test_a_bad_cluster_is_a_usage_error(cluster: str, message: str) -> None:
    pytest.importorskip("distributed")
    argv = (*SIMULATE, "--deals", "1", "--cluster", cluster)
    code, out, err = run_command(*argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"sticheln: error: --cluster: {message}")
    assert "Traceback" not in err
    assert len(err) < 400


def test_an_address_where_no_scheduler_answers_is_refused() -> None:
    pytest.importorskip("distributed")
    with (
        pytest.raises(OSError, match=r"no Dask scheduler answers at 'tcp://127\.0\.0\.1:1'"),
        cluster_module.connect("tcp://127.0.0.1:1", timeout=1),
    ):
        pass


def test_jobs_and_a_cluster_are_one_choice() -> None:
    code, _, err = run_command(*SIMULATE, "--jobs", "2", "--cluster", "local:2")
    assert code == 2
    assert "not allowed with argument" in err
