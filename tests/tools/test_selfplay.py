"""Self-play training data (sticheln.tournament.selfplay): Parquet shards written by tasks on
a process pool and on a real Dask cluster of two worker processes, the same whatever the
workers, and read back as numpy batches."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

from sticheln.games import find_game
from sticheln.tournament import ResultsMismatchError, Tournament, run_tournament
from sticheln.tournament.selfplay import read_shards, write_shards

np = pytest.importorskip("numpy")
pytest.importorskip("pyarrow")

TINY = Tournament("sticheln", ("random", "heuristic", "random"), deals=3, seed=4, rules="tiny")


def shard_bytes(folder: Path) -> list[bytes]:
    return [path.read_bytes() for path in sorted(folder.glob("shard-*.parquet"))]


@pytest.fixture(scope="module")
def here(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("here")
    write_shards(TINY, folder, games_per_shard=4)
    return folder


def test_the_shards_hold_every_decision_of_every_game(here: Path) -> None:
    game = find_game("sticheln", "tiny")
    encoding = game.encoding(3)
    results = run_tournament(TINY)
    batches = list(read_shards(here, batch_size=7))
    data = {name: np.concatenate([b[name] for b in batches]) for name in batches[0]}
    rows = data["game"]
    # 9 games in shards of 4, 4 and 1 game; every decision of a game is a row.
    assert [p.name for p in sorted(here.glob("shard-*"))] == [
        "shard-00000.parquet", "shard-00001.parquet", "shard-00002.parquet",
    ]  # fmt: skip
    assert sorted(set(rows.tolist())) == list(range(9))
    for r in results:
        mine = data["game"] == r.index
        assert int(mine.sum()) == sum(r.decisions)
        assert data["step"][mine].tolist() == list(range(sum(r.decisions)))
        assert set(data["seed"][mine].tolist()) == {r.seed}
        assert set(data["bot_seed"][mine].tolist()) == {r.bot_seed}
        for seat in range(3):
            on_seat = mine & (data["seat"] == seat)
            assert int(on_seat.sum()) == r.decisions[seat]
            assert set(data["reward"][on_seat].tolist()) == {r.scores[seat]}
    assert data["observation"].shape == (len(rows), encoding.observation_size)
    assert data["mask"].shape == (len(rows), encoding.num_actions)
    assert data["observation"].dtype == np.int8
    # Every action chosen was legal.
    assert (data["mask"][np.arange(len(rows)), data["action"]] == 1).all()
    assert all(len(b["game"]) <= 7 for b in batches)


def test_each_decision_carries_its_deal_and_the_points_of_that_deal(tmp_path: Path) -> None:
    # Whole games of 3-player Sticheln: as many deals (rounds) as players.
    whole = Tournament("sticheln", ("random", "heuristic", "random"), deals=1, seed=8)
    write_shards(whole, tmp_path, games_per_shard=3)
    batches = list(read_shards(tmp_path))
    data = {name: np.concatenate([b[name] for b in batches]) for name in batches[0]}
    assert sorted(set(data["deal"].tolist())) == [0, 1, 2]
    for index in range(3):
        for seat in range(3):
            mine = (data["game"] == index) & (data["seat"] == seat)
            points = []
            for deal in range(3):
                in_deal = set(data["deal_reward"][mine & (data["deal"] == deal)].tolist())
                assert len(in_deal) == 1  # one figure for every decision of the deal
                points.extend(in_deal)
            # The points of the three deals add up to the game's score.
            assert set(data["reward"][mine].tolist()) == {sum(points)}
    # The deals follow one another in the order of the decisions.
    for index in range(3):
        deals = data["deal"][data["game"] == index].tolist()
        assert deals == sorted(deals)


def test_the_first_decision_replays_from_the_seed(here: Path) -> None:
    game = find_game("sticheln", "tiny")
    encoding = game.encoding(3)
    first = next(read_shards(here, batch_size=1))
    state = game.new_game(3, seed=int(first["seed"][0]))
    player = int(first["seat"][0])
    view = game.observe(state, player)
    assert first["observation"][0].tolist() == list(encoding.observation(view))
    assert first["mask"][0].tolist() == encoding.action_mask(state, player)


def test_the_shards_do_not_depend_on_the_process_pool(here: Path, tmp_path: Path) -> None:
    with ProcessPoolExecutor(2) as pool:
        write_shards(TINY, tmp_path, pool, games_per_shard=4)
    assert shard_bytes(tmp_path) == shard_bytes(here)


def test_the_shards_do_not_depend_on_a_dask_cluster(
    here: Path, tmp_path: Path, dask_cluster: Any
) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(dask_cluster) as client:
        write_shards(TINY, tmp_path, client.get_executor(pure=False), games_per_shard=4)
    assert shard_bytes(tmp_path) == shard_bytes(here)


def test_a_stopped_run_writes_only_the_missing_shards(here: Path, tmp_path: Path) -> None:
    write_shards(TINY, tmp_path, games_per_shard=4)
    (tmp_path / "shard-00001.parquet").unlink()
    kept = (tmp_path / "shard-00000.parquet").stat().st_mtime_ns
    write_shards(TINY, tmp_path, games_per_shard=4)
    assert (tmp_path / "shard-00000.parquet").stat().st_mtime_ns == kept
    assert shard_bytes(tmp_path) == shard_bytes(here)


def test_shards_of_another_tournament_are_refused(tmp_path: Path) -> None:
    write_shards(TINY, tmp_path, games_per_shard=4)
    with pytest.raises(ResultsMismatchError, match=r"another tournament: seed: 4, not 5$"):
        write_shards(attrs.evolve(TINY, seed=5), tmp_path, games_per_shard=4)
    with pytest.raises(ResultsMismatchError, match=r"games_per_shard: 4, not 2$"):
        write_shards(TINY, tmp_path, games_per_shard=2)
    with pytest.raises(ValueError, match="games_per_shard must be at least 1, got 0"):
        write_shards(TINY, tmp_path, games_per_shard=0)
    with pytest.raises(ValueError, match="batch_size must be at least 1, got 0"):
        next(read_shards(tmp_path, batch_size=0))
