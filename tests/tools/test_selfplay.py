"""Self-play training data (sticheln.tournament.selfplay): Parquet shards written by tasks on
a process pool and on a real Dask cluster of two worker processes, the same whatever the
workers, and read back as numpy batches; from bots and from the batch simulators."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

from sticheln.core import registry
from sticheln.core.errors import NotProvidedError, WrongTypeError
from sticheln.core.references import resolve
from sticheln.games import find_game
from sticheln.tournament import ResultsMismatchError, Rotation, Tournament, run_tournament
from sticheln.tournament.selfplay import Source, read_shards, write_shards
from tests.toy_games import Nim

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


# Random games of the batch source: 7 games of tiny Sticheln with 3 players, shards of 3.
BATCH = Tournament(
    "sticheln", ("random",) * 3, deals=7, seed=11, rules="tiny", rotation=Rotation.NONE
)


def read_all(folder: Path) -> dict[str, Any]:
    batches = list(read_shards(folder, batch_size=16))
    return {name: np.concatenate([b[name] for b in batches]) for name in batches[0]}


def games_in(path: Path) -> list[int]:
    pq = pytest.importorskip("pyarrow.parquet")
    return sorted(set(pq.read_table(path).column("game").to_pylist()))


@pytest.fixture(scope="module")
def batch_here(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("batch")
    write_shards(BATCH, folder, games_per_shard=3, source=Source.BATCH)
    return folder


def test_batch_shards_replay_row_by_row_on_the_engine_from_their_seeds(batch_here: Path) -> None:
    game = find_game("sticheln", "tiny")
    encoding = game.encoding(3)
    random_games = resolve(game.info.random_games, "random games")
    data = read_all(batch_here)
    assert sorted(set(data["game"].tolist())) == list(range(7))
    seeds = set()
    for index in range(7):
        mine = np.flatnonzero(data["game"] == index)
        seed = int(data["seed"][mine[0]])
        seeds.add(seed)
        assert set(data["seed"][mine].tolist()) == {seed} == set(data["bot_seed"][mine].tolist())
        assert seed == BATCH.deal_seed(index)  # game i is played from deal seed i
        (played,) = random_games(game, 3, [seed])
        record = played.record
        state = record.replay(moves=0)
        assert len(record.moves) == len(mine)
        for step, (row, move) in enumerate(zip(mine, record.moves, strict=True)):
            player = game.player_of(move)
            assert int(data["step"][row]) == step
            assert int(data["seat"][row]) == player
            assert int(data["deal"][row]) == game.deal_number(state)
            assert data["observation"][row].tolist() == list(
                encoding.observation(game.observe(state, player))
            )
            assert data["mask"][row].tolist() == encoding.action_mask(state, player)
            assert int(data["action"][row]) == encoding.action_index(move)
            state = game.apply_move(state, move)
        assert game.is_over(state)
        final = game.scores(state)
        for row in mine:
            assert int(data["reward"][row]) == final[int(data["seat"][row])]
    assert len(seeds) == 7  # a seed of its own for every game


def test_batch_shards_agree_with_the_batch_simulators_own_observations(batch_here: Path) -> None:
    # Sticheln's simulator builds the observations and masks itself, array by array, apart
    # from the engine: the rows built on the engine are the same.
    from sticheln.sticheln.batch import simulate

    rules = find_game("sticheln", "tiny").rules
    data = read_all(batch_here)
    for index in (0, 6):
        mine = data["game"] == index
        seed = int(data["seed"][mine][0])
        result = simulate(rules, 3, 1, seed, observations=True)
        assert (data["observation"][mine] == result.observations[0]).all()
        assert (data["mask"][mine] == result.action_masks[0]).all()
        # The points of each deal are the simulator's round scores.
        for seat in range(3):
            for deal in range(result.round_scores.shape[1]):
                rows = mine & (data["seat"] == seat) & (data["deal"] == deal)
                expected = {int(result.round_scores[0, deal, seat])}
                assert set(data["deal_reward"][rows].tolist()) == expected
            assert set(data["reward"][mine & (data["seat"] == seat)].tolist()) == {
                int(result.scores[0, seat])
            }


def test_batch_shards_hold_3_3_and_1_games(batch_here: Path) -> None:
    data = read_all(batch_here)
    names = sorted(p.name for p in batch_here.glob("shard-*"))
    assert names == ["shard-00000.parquet", "shard-00001.parquet", "shard-00002.parquet"]
    per_shard = [games_in(batch_here / name) for name in names]
    assert per_shard == [[0, 1, 2], [3, 4, 5], [6]]
    assert (data["mask"][np.arange(len(data["game"])), data["action"]] == 1).all()


def test_batch_shards_do_not_depend_on_the_process_pool(batch_here: Path, tmp_path: Path) -> None:
    with ProcessPoolExecutor(2) as pool:
        write_shards(BATCH, tmp_path, pool, games_per_shard=3, source=Source.BATCH)
    assert shard_bytes(tmp_path) == shard_bytes(batch_here)


def test_batch_shards_do_not_depend_on_a_dask_cluster(
    batch_here: Path, tmp_path: Path, dask_cluster: Any
) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(dask_cluster) as client:
        executor = client.get_executor(pure=False)
        write_shards(BATCH, tmp_path, executor, games_per_shard=3, source=Source.BATCH)
    assert shard_bytes(tmp_path) == shard_bytes(batch_here)


def test_hattrick_batch_shards_replay_on_the_engine(tmp_path: Path) -> None:
    hattrick = Tournament("hattrick", ("random",) * 4, deals=1, seed=2, rotation=Rotation.NONE)
    write_shards(hattrick, tmp_path, source=Source.BATCH)
    data = read_all(tmp_path)
    game = find_game("hattrick")
    (played,) = resolve(game.info.random_games, "random games")(game, 4, [int(data["seed"][0])])
    record = played.record
    encoding = game.encoding(4)
    assert data["action"].tolist() == [encoding.action_index(m) for m in record.moves]
    final = record.replay().scores
    assert [int(data["reward"][data["seat"] == s][0]) for s in range(4)] == list(final)


def test_a_bigger_run_rewrites_only_the_last_shard_that_was_not_full(
    batch_here: Path, tmp_path: Path
) -> None:
    # 4 games in shards of 3: the second shard holds one game; 7 games fill it.
    write_shards(attrs.evolve(BATCH, deals=4), tmp_path, games_per_shard=3, source=Source.BATCH)
    kept = (tmp_path / "shard-00000.parquet").stat().st_mtime_ns
    written: list[tuple[str, int]] = []
    write_shards(
        BATCH,
        tmp_path,
        games_per_shard=3,
        source=Source.BATCH,
        on_shard=lambda path, games: written.append((path.name, games)),
    )
    assert written == [("shard-00001.parquet", 3), ("shard-00002.parquet", 1)]
    assert (tmp_path / "shard-00000.parquet").stat().st_mtime_ns == kept
    assert shard_bytes(tmp_path) == shard_bytes(batch_here)
    # A smaller run afterwards keeps them all, and the description of the 7 games.
    assert len(write_shards(attrs.evolve(BATCH, deals=2), tmp_path, games_per_shard=3,
                            source=Source.BATCH)) == 1  # fmt: skip
    assert shard_bytes(tmp_path) == shard_bytes(batch_here)
    assert '"deals": 7' in (tmp_path / "tournament.json").read_text()


def test_stichling_batch_shards_are_the_engines_rows(tmp_path: Path) -> None:
    stichling = Tournament("stichling", ("random",) * 3, deals=2, seed=4, rotation=Rotation.NONE)
    write_shards(stichling, tmp_path, source=Source.BATCH)
    data = read_all(tmp_path)
    game = find_game("stichling")
    encoding = game.encoding(3)
    random_games = resolve(game.info.random_games, "random games")
    for index in range(2):
        mine = np.flatnonzero(data["game"] == index)
        seed = int(data["seed"][mine[0]])
        assert seed == stichling.deal_seed(index)
        (played,) = random_games(game, 3, [seed])
        record = played.record
        assert len(mine) == len(record.moves) == 3 * (3 + 36)  # 3 hands, 3 orders, 36 cards
        state = record.replay(moves=0)
        for step, (row, move) in enumerate(zip(mine, record.moves, strict=True)):
            player = game.player_of(move)
            assert int(data["step"][row]) == step
            assert int(data["seat"][row]) == player
            assert int(data["deal"][row]) == game.deal_number(state)
            assert data["observation"][row].tolist() == list(
                encoding.observation(game.observe(state, player))
            )
            assert data["mask"][row].tolist() == encoding.action_mask(state, player)
            assert int(data["action"][row]) == encoding.action_index(move)
            state = game.apply_move(state, move)
        final = game.scores(state)
        assert [int(data["reward"][mine][data["seat"][mine] == s][0]) for s in range(3)] == list(
            final
        )


def test_the_batch_source_is_refused_where_it_cannot_give_the_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._FACTORIES, "nim", lambda preset: Nim())
    nim = Tournament("nim", ("random",) * 2, deals=1, seed=1, rotation=Rotation.NONE)
    with pytest.raises(NotProvidedError, match=r"^Nim has no fast source of random games"):
        write_shards(nim, tmp_path / "a", source=Source.BATCH)
    with pytest.raises(NotProvidedError, match="use the bots source with random bots"):
        write_shards(nim, tmp_path / "a", source=Source.BATCH)
    with pytest.raises(ValueError, match=r"bots must all be 'random', got 'heuristic'$"):
        write_shards(attrs.evolve(BATCH, bots=("random", "heuristic", "random")), tmp_path / "b",
                     source=Source.BATCH)  # fmt: skip
    with pytest.raises(ValueError, match=r"rotation must be Rotation.NONE, got Rotation.ALL$"):
        write_shards(attrs.evolve(BATCH, rotation=Rotation.ALL), tmp_path / "c",
                     source=Source.BATCH)  # fmt: skip
    with pytest.raises(WrongTypeError, match=r"^source must be a Source, got 'batch'"):
        write_shards(BATCH, tmp_path / "d", source="batch")  # type: ignore[arg-type]
    assert not any(tmp_path.iterdir())  # nothing written for a refused run


def test_shards_of_another_source_are_refused(tmp_path: Path) -> None:
    bots = attrs.evolve(BATCH, rotation=Rotation.NONE)
    write_shards(bots, tmp_path, games_per_shard=3)
    with pytest.raises(ResultsMismatchError, match=r"another tournament: source: bots, not batch$"):
        write_shards(BATCH, tmp_path, games_per_shard=3, source=Source.BATCH)


def test_observations_of_the_wrong_size_from_a_source_are_refused() -> None:
    from sticheln.core.randomgames import RandomGame
    from sticheln.tournament.selfplay import _observed

    game = find_game("sticheln", "tiny")
    encoding = game.encoding(
        3
    )  # 129 values an observation (no rounds left: one round), 9 a mask; 9 moves a game
    (played,) = resolve(game.info.random_games, "random games")(game, 3, [1])
    assert _observed(game, encoding, played) == (played.observations, played.masks)
    assert _observed(game, encoding, RandomGame(played.record)) is None
    short = RandomGame(played.record, played.observations[:-1], played.masks)
    with pytest.raises(ValueError, match=r"^the random games of Sticheln come with 1160 bytes "
                       r"of observations for 9 moves of 129 values each$"):  # fmt: skip
        _observed(game, encoding, short)
