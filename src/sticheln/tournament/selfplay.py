"""Training data from the games of a tournament, as Parquet shards written by tasks on any
:class:`concurrent.futures.Executor` (a process pool, a Dask cluster), and read back as numpy
batches.

Every decision of every game becomes a row: the game's index and seeds (to replay it),
the seat that chose, the decision's number in the game and the deal it belongs to, the
seat's observation vector and legal-action mask of the game's encoding (:doc:`/encodings`),
the action chosen, the seat's points of that deal (its eventual reward for the deal:
``deal_reward``) and its score at the end of the game (``reward``). Shard ``k`` holds the games
``k * games_per_shard`` onwards, so the shards are the same whatever the executor or the
number of workers. Shards already in the directory are not written again: a stopped run goes
on where it was.

Needs numpy and pyarrow, the ``parquet`` extra (``pip install ".[parquet]"``), imported
only when shards are written or read.

>>> import tempfile
>>> from sticheln.tournament import Tournament
>>> from sticheln.tournament.selfplay import read_shards, write_shards
>>> t = Tournament("sticheln", ("random",) * 3, deals=2, seed=1, rules="tiny")
>>> folder = tempfile.mkdtemp()
>>> [p.name for p in write_shards(t, folder, games_per_shard=4)]
['shard-00000.parquet', 'shard-00001.parquet']
>>> batch = next(read_shards(folder, batch_size=32))
>>> batch["observation"].shape[0], batch["mask"].dtype.name, int(batch["game"][0])
(32, 'int8', 0)
"""

from __future__ import annotations

import importlib
import itertools
import json
import os
import random
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from sticheln.bots import make_bot
from sticheln.games import find_game
from sticheln.tournament.description import Tournament
from sticheln.tournament.errors import ResultsMismatchError
from sticheln.tournament.play import check_version, installed_version, play_game

__all__ = ["COLUMNS", "MISSING_PYARROW", "read_shards", "selfplay_shard", "write_shards"]

MISSING_PYARROW = (
    'Parquet shards need the parquet extra (numpy and pyarrow): pip install ".[parquet]" in '
    "a checkout of sticheln"
)
"""The message when pyarrow or numpy is not installed."""

COLUMNS = (
    "game", "seed", "bot_seed", "seat", "step", "deal", "observation", "mask", "action",
    "deal_reward", "reward",
)  # fmt: skip
"""The columns of a shard, one row per decision."""

_DESCRIPTION = "tournament.json"


def _pyarrow() -> tuple[Any, Any]:
    """pyarrow and its Parquet module."""
    try:
        return importlib.import_module("pyarrow"), importlib.import_module("pyarrow.parquet")
    except ImportError as exc:
        raise ImportError(MISSING_PYARROW, name="pyarrow") from exc


def selfplay_shard(tournament: Tournament, start: int, stop: int, version: str | None) -> bytes:
    """Play the games ``start`` to ``stop - 1`` of the tournament and return the Parquet
    file of their decisions: one task for a worker. With ``version``, the worker first
    checks that it runs that version of sticheln.

    :raises VersionMismatchError: when the worker's sticheln is another version.
    """
    if version is not None:
        check_version(version)
    pa, pq = _pyarrow()
    game = find_game(tournament.game, tournament.rules)
    encoding = game.encoding(tournament.players)
    columns: dict[str, list[Any]] = {name: [] for name in COLUMNS}
    for index in range(start, stop):
        _add_game(tournament, game, encoding, index, columns)
    types = {
        "game": pa.int64(),
        "seed": pa.uint64(),
        "bot_seed": pa.uint64(),
        "seat": pa.int8(),
        "step": pa.int32(),
        "deal": pa.int16(),
        "observation": pa.list_(pa.int8(), encoding.observation_size),
        "mask": pa.list_(pa.int8(), encoding.num_actions),
        "action": pa.int32(),
        "deal_reward": pa.int32(),
        "reward": pa.int32(),
    }
    table = pa.table({name: pa.array(columns[name], type=types[name]) for name in COLUMNS})
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    return bytes(sink.getvalue().to_pybytes())


def _add_game(
    tournament: Tournament, game: Any, encoding: Any, index: int, columns: dict[str, list[Any]]
) -> None:
    """Play game ``index`` of the tournament and add a row per decision to ``columns``."""
    specs = [tournament.bots[entry] for entry in tournament.seated(index)]
    seed = tournament.deal_seed(tournament.deal_of(index))
    bot_seed = tournament.bot_seed(index)
    first = len(columns["game"])
    # The scores when each deal began: a game's scores are the totals of its finished deals.
    started: dict[int, tuple[int, ...]] = {}

    def record(state: Any, player: int, move: Any) -> None:
        deal = game.deal_number(state)
        if deal not in started:
            started[deal] = tuple(game.scores(state))
        columns["game"].append(index)
        columns["seed"].append(seed)
        columns["bot_seed"].append(bot_seed)
        columns["seat"].append(player)
        columns["step"].append(len(columns["game"]) - 1 - first)
        columns["deal"].append(deal)
        columns["observation"].append(list(encoding.observation(game.observe(state, player))))
        columns["mask"].append(encoding.action_mask(state, player))
        columns["action"].append(encoding.action_index(move))

    bots = [make_bot(spec, game) for spec in specs]
    played = play_game(game, bots, seed, random.Random(bot_seed), on_move=record)
    deals = sorted(started)
    ended = {deal: started[after] for deal, after in itertools.pairwise(deals)}
    ended[deals[-1]] = played.scores
    rows = list(zip(columns["seat"][first:], columns["deal"][first:], strict=True))
    columns["deal_reward"].extend(ended[deal][seat] - started[deal][seat] for seat, deal in rows)
    columns["reward"].extend(played.scores[seat] for seat, _ in rows)


def write_shards(
    tournament: Tournament,
    directory: str | Path,
    executor: Executor | None = None,
    *,
    games_per_shard: int = 256,
) -> list[Path]:
    """Write the decisions of every game of the tournament as Parquet shards in
    ``directory`` (``shard-00000.parquet``, ...), each shard a task on ``executor`` (in this
    process without one), and return the shards' paths. The directory keeps the
    tournament's description; shards already there are kept, so a stopped run goes on.

    :raises ValueError: for ``games_per_shard`` below 1.
    :raises ResultsMismatchError: for a directory of another tournament's shards, naming
        every field that differs, or of another size of shard.
    :raises ImportError: without pyarrow (:data:`MISSING_PYARROW`).
    """
    if games_per_shard < 1:
        raise ValueError(f"games_per_shard must be at least 1, got {games_per_shard}")
    _pyarrow()
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    _check_description(folder, tournament, games_per_shard)
    starts = range(0, tournament.games, games_per_shard)
    paths = [folder / f"shard-{k:05d}.parquet" for k in range(len(starts))]
    todo = [(path, start) for path, start in zip(paths, starts, strict=True) if not path.exists()]
    version = installed_version()

    def shard(start: int) -> Any:
        stop = min(start + games_per_shard, tournament.games)
        if executor is None:
            return selfplay_shard(tournament, start, stop, None)
        return executor.submit(selfplay_shard, tournament, start, stop, version)

    futures = [(path, shard(start)) for path, start in todo]
    for path, future in futures:
        data = future if isinstance(future, bytes) else future.result()
        partial = path.with_suffix(".partial")
        partial.write_bytes(data)
        os.replace(partial, path)
    return paths


def _check_description(folder: Path, tournament: Tournament, games_per_shard: int) -> None:
    """Write the tournament's description into the folder, or check the one there."""
    path = folder / _DESCRIPTION
    mine = {"tournament": tournament.to_dict(), "games_per_shard": games_per_shard}
    if not path.exists():
        path.write_text(json.dumps(mine, indent=2) + "\n")
        return
    try:
        stored = json.loads(path.read_text())
        theirs = Tournament.from_dict(stored["tournament"])
        size = stored["games_per_shard"]
    except (ValueError, KeyError, TypeError) as exc:
        raise ResultsMismatchError(f"{str(path)!r} is not a description of shards: {exc}") from None
    differences = theirs.differences(tournament, ignore=("deals",))
    if size != games_per_shard:
        differences.append(f"games_per_shard: {size}, not {games_per_shard}")
    if differences:
        raise ResultsMismatchError(
            f"{str(folder)!r} holds the shards of another tournament: {'; '.join(differences)}"
        )
    path.write_text(json.dumps(mine, indent=2) + "\n")


def read_shards(directory: str | Path, batch_size: int = 1024) -> Iterator[dict[str, Any]]:
    """The decisions in the shards of ``directory``, in order of game and decision, as
    batches of up to ``batch_size`` rows: a dict of numpy arrays, one per column of
    :data:`COLUMNS` (``observation`` and ``mask`` two-dimensional, ``int8``).

    :raises ValueError: for ``batch_size`` below 1.
    :raises ImportError: without pyarrow (:data:`MISSING_PYARROW`).
    """
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, got {batch_size}")
    _, pq = _pyarrow()
    np: Any = importlib.import_module("numpy")
    for path in sorted(Path(directory).glob("shard-*.parquet")):
        for batch in pq.ParquetFile(path).iter_batches(batch_size=batch_size):
            data = {}
            for name in COLUMNS:
                column = batch.column(name)
                if name in ("observation", "mask"):
                    width = column.type.list_size
                    values = column.flatten().to_numpy(zero_copy_only=False)
                    data[name] = np.asarray(values, dtype=np.int8).reshape(-1, width)
                else:
                    data[name] = column.to_numpy(zero_copy_only=False)
            yield data
