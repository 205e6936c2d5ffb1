"""Training data from the games of a tournament, as Parquet shards written by tasks on any
:class:`concurrent.futures.Executor` (a process pool, a Dask cluster), and read back as numpy
batches.

The games come from one of two sources (:class:`Source`): the tournament's bots, played
through the game protocol, or, for uniformly random play, the game's fast source of random
games (:attr:`GameInfo.random_games <sticheln.GameInfo.random_games>`, such as a game's
numpy batch simulator), whose games are replayed on the engine to build the same rows; where
the source builds the observations and masks itself, the rows take them from it.

Every decision of every game becomes a row: the game's index and seeds (to replay it),
the seat that chose, the decision's number in the game and the deal it belongs to, the
seat's observation vector and legal-action mask of the game's encoding (:doc:`/encodings`),
the action chosen, the seat's points of that deal (its eventual reward for the deal:
``deal_reward``) and its score at the end of the game (``reward``). Shard ``k`` holds the games
``k * games_per_shard`` onwards, so the shards are the same whatever the executor or the
number of workers. Shards already in the directory are not written again: a stopped run goes
on where it was.

With the batch source, game ``i`` is played from the seed :meth:`Tournament.deal_seed
<sticheln.tournament.Tournament.deal_seed>` of ``i`` (the tournament plays every deal once,
:attr:`Rotation.NONE <sticheln.tournament.Rotation.NONE>`, and its bots are all ``random``:
the policy that generated the data is the random bot's, uniform over the legal moves), and
``random_games(game, players, [seed])`` of the game gives it again, move for move.

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

import enum
import importlib
import itertools
import json
import os
import random
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from sticheln.bots import make_bot
from sticheln.core.errors import NotProvidedError, WrongTypeError, excerpt
from sticheln.core.protocol import Game
from sticheln.core.randomgames import RandomGame
from sticheln.core.references import resolve
from sticheln.games import find_game
from sticheln.tournament.description import Rotation, Tournament
from sticheln.tournament.errors import ResultsMismatchError
from sticheln.tournament.play import check_version, installed_version, play_game

__all__ = [
    "COLUMNS",
    "DESCRIPTION",
    "MISSING_PYARROW",
    "Source",
    "check_source",
    "read_shards",
    "selfplay_shard",
    "write_shards",
]


class Source(enum.Enum):
    """Where the games of the self-play data come from."""

    BOTS = "bots"
    """The tournament's bots, each move chosen through the game protocol."""
    BATCH = "batch"
    """The game's fast source of random games (:attr:`GameInfo.random_games
    <sticheln.GameInfo.random_games>`), every move drawn uniformly from the legal moves,
    replayed on the engine. A game without one is refused (:func:`check_source`): its random
    games come from the bots source with ``random`` bots, the same policy played through
    the protocol."""


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

DESCRIPTION = "tournament.json"
"""The file of a directory of shards that describes them: the tournament, the source and the
games of a shard."""


def _pyarrow() -> tuple[Any, Any]:
    """pyarrow and its Parquet module."""
    try:
        return importlib.import_module("pyarrow"), importlib.import_module("pyarrow.parquet")
    except ImportError as exc:
        raise ImportError(MISSING_PYARROW, name="pyarrow") from exc


def check_source(tournament: Tournament, source: Source) -> Game[Any, Any, Any]:
    """The tournament's game, after checking that ``source`` can give its games.

    :raises NotProvidedError: for the batch source and a game without a fast source of
        random games, naming the game and the bots source as what to use instead.
    :raises ValueError: for the batch source and a tournament whose bots are not all
        ``random`` or whose rotation is not :attr:`Rotation.NONE
        <sticheln.tournament.Rotation.NONE>`: its games are not those the source plays.
    :raises WrongTypeError: if ``source`` is not a :class:`Source`.
    """
    if not isinstance(source, Source):
        raise WrongTypeError(f"source must be a Source, got {excerpt(source)}")
    game = find_game(tournament.game, tournament.rules)
    if source is Source.BATCH:
        if game.info.random_games is None:
            raise NotProvidedError(
                f"{game.info.title} has no fast source of random games (GameInfo.random_games): "
                "use the bots source with random bots, the same policy played through the "
                "game protocol"
            )
        others = sorted({bot for bot in tournament.bots if bot != "random"})
        if others:
            raise ValueError(
                "the batch source plays every move uniformly at random: its tournament's bots "
                f"must all be 'random', got {excerpt(', '.join(others))}"
            )
        if tournament.rotation is not Rotation.NONE:
            raise ValueError(
                "the batch source plays every deal once: its tournament's rotation must be "
                f"Rotation.NONE, got Rotation.{tournament.rotation.name}"
            )
    return game


def selfplay_shard(
    tournament: Tournament,
    start: int,
    stop: int,
    version: str | None,
    source: Source = Source.BOTS,
) -> bytes:
    """Play the games ``start`` to ``stop - 1`` of the tournament from ``source`` and return
    the Parquet file of their decisions: one task for a worker. With ``version``, the worker
    first checks that it runs that version of sticheln.

    :raises VersionMismatchError: when the worker's sticheln is another version.
    :raises NotProvidedError, ValueError: as :func:`check_source`.
    """
    if version is not None:
        check_version(version)
    pa, pq = _pyarrow()
    game = check_source(tournament, source)
    encoding = game.encoding(tournament.players)
    columns: dict[str, list[Any]] = {name: [] for name in COLUMNS}
    if source is Source.BATCH:
        random_games = resolve(game.info.random_games, f"the random games of {game.info.title}")
        seeds = [tournament.deal_seed(index) for index in range(start, stop)]
        played = random_games(game, tournament.players, seeds)
        for index, seed, one in zip(range(start, stop), seeds, played, strict=True):
            observed = _observed(game, encoding, one)
            _add_game(
                game, encoding, columns, index, seed, seed, _replay(game, one.record), observed
            )
    else:
        for index in range(start, stop):
            _add_game(game, encoding, columns, index, *_bots_game(tournament, game, index))
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
    np: Any = importlib.import_module("numpy")
    arrays = {}
    for name in COLUMNS:
        if name in ("observation", "mask"):
            # The rows are int8 bytes each: one buffer, cut into rows of the type's width.
            values = np.frombuffer(b"".join(columns[name]), dtype=np.int8)
            arrays[name] = pa.FixedSizeListArray.from_arrays(values, types[name].list_size)
        else:
            arrays[name] = pa.array(columns[name], type=types[name])
    table = pa.table(arrays)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    return bytes(sink.getvalue().to_pybytes())


Play = Callable[[Callable[[Any, int, Any], None]], tuple[int, ...]]
"""A game to be played: called with a function of the state, the player and the move, which
it calls before each move is made, it plays the game and returns the final scores."""


def _bots_game(tournament: Tournament, game: Any, index: int) -> tuple[int, int, Play]:
    """The seed, the bots' seed and the play of game ``index`` of the tournament."""
    specs = [tournament.bots[entry] for entry in tournament.seated(index)]
    seed = tournament.deal_seed(tournament.deal_of(index))
    bot_seed = tournament.bot_seed(index)

    def play(on_move: Callable[[Any, int, Any], None]) -> tuple[int, ...]:
        bots = [make_bot(spec, game) for spec in specs]
        return play_game(game, bots, seed, random.Random(bot_seed), on_move=on_move).scores

    return seed, bot_seed, play


def _replay(game: Any, record: Any) -> Play:
    """The play of a record's game on the engine: its first state, then its moves."""

    def play(on_move: Callable[[Any, int, Any], None]) -> tuple[int, ...]:
        state = record.replay(moves=0)
        for move in record.moves:
            on_move(state, game.player_of(move), move)
            state = game.apply_move(state, move)
        return tuple(game.scores(state))

    return play


def _observed(game: Any, encoding: Any, played: RandomGame) -> tuple[bytes, bytes] | None:
    """The observations and masks that a random game comes with, if it does, after checking
    their size.

    :raises ValueError: for observations or masks of another size than one row a move.
    """
    if played.observations is None or played.masks is None:
        return None
    moves = len(played.record.moves)
    for name, data, width in (
        ("observations", played.observations, encoding.observation_size),
        ("masks", played.masks, encoding.num_actions),
    ):
        if len(data) != moves * width:
            raise ValueError(
                f"the random games of {game.info.title} come with {len(data)} bytes of "
                f"{name} for {moves} moves of {width} values each"
            )
    return played.observations, played.masks


def _add_game(
    game: Any,
    encoding: Any,
    columns: dict[str, list[Any]],
    index: int,
    seed: int,
    bot_seed: int,
    play: Play,
    observed: tuple[bytes, bytes] | None = None,
) -> None:
    """Play game ``index`` and add a row per decision to ``columns``: the observations and
    masks of ``observed`` (one row a decision, one after the other), else the encoding's of
    each state."""
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
        if observed is None:
            columns["observation"].append(encoding.observation(game.observe(state, player)))
            columns["mask"].append(bytes(encoding.action_mask(state, player)))
        else:
            step = columns["step"][-1]
            observation, mask = encoding.observation_size, encoding.num_actions
            columns["observation"].append(
                observed[0][step * observation : (step + 1) * observation]
            )
            columns["mask"].append(observed[1][step * mask : (step + 1) * mask])
        columns["action"].append(encoding.action_index(move))

    scores = play(record)
    deals = sorted(started)
    ended = {deal: started[after] for deal, after in itertools.pairwise(deals)}
    ended[deals[-1]] = scores
    rows = list(zip(columns["seat"][first:], columns["deal"][first:], strict=True))
    columns["deal_reward"].extend(ended[deal][seat] - started[deal][seat] for seat, deal in rows)
    columns["reward"].extend(scores[seat] for seat, _ in rows)


def write_shards(
    tournament: Tournament,
    directory: str | Path,
    executor: Executor | None = None,
    *,
    games_per_shard: int = 256,
    source: Source = Source.BOTS,
    on_shard: Callable[[Path, int], None] | None = None,
) -> list[Path]:
    """Write the decisions of every game of the tournament, played from ``source``, as
    Parquet shards in ``directory`` (``shard-00000.parquet``, ...), each shard a task on
    ``executor`` (in this process without one), and return the shards' paths. The directory
    keeps the description of its shards (the tournament, the source and the size of a
    shard); shards already there are kept, so a stopped run goes on, and a run of more games
    (more deals) adds to those of a run of fewer, writing again only the last shard of the
    fewer if it was not full. ``on_shard``, if given,
    is called with the path and the number of games of each shard written, in order.

    :raises ValueError: for ``games_per_shard`` below 1, or as :func:`check_source`.
    :raises NotProvidedError: as :func:`check_source`.
    :raises ResultsMismatchError: for a directory of shards of another description, naming
        every field that differs.
    :raises ImportError: without pyarrow (:data:`MISSING_PYARROW`).
    """
    if games_per_shard < 1:
        raise ValueError(f"games_per_shard must be at least 1, got {games_per_shard}")
    _pyarrow()
    check_source(tournament, source)
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    before = _check_description(folder, tournament, games_per_shard, source)
    starts = range(0, tournament.games, games_per_shard)
    paths = [folder / f"shard-{k:05d}.parquet" for k in range(len(starts))]

    def stop(start: int) -> int:
        return min(start + games_per_shard, tournament.games)

    def written(path: Path, start: int) -> bool:
        # The last shard of a run of fewer games holds fewer games than it now should.
        return path.exists() and min(start + games_per_shard, before) >= stop(start)

    todo = [
        (path, start) for path, start in zip(paths, starts, strict=True) if not written(path, start)
    ]
    version = installed_version()

    def write(path: Path, data: bytes, games: int) -> None:
        partial = path.with_suffix(".partial")
        partial.write_bytes(data)
        os.replace(partial, path)
        if on_shard is not None:
            on_shard(path, games)

    if executor is None:
        for path, start in todo:
            write(
                path,
                selfplay_shard(tournament, start, stop(start), None, source),
                stop(start) - start,
            )
        return paths
    futures = [
        (
            path,
            start,
            executor.submit(selfplay_shard, tournament, start, stop(start), version, source),
        )
        for path, start in todo
    ]
    try:
        for path, start, future in futures:
            write(path, future.result(), stop(start) - start)
    finally:
        for _, _, future in futures:
            future.cancel()
    return paths


def _check_description(
    folder: Path, tournament: Tournament, games_per_shard: int, source: Source
) -> int:
    """Check the description of the shards in the folder (one written before there was a
    source is of the bots source) and return the games it describes, 0 for none; write the
    description of the tournament, or of the one there if it has more deals: a run of fewer
    games than the folder holds keeps them all."""
    path = folder / DESCRIPTION

    def keep(described: Tournament) -> None:
        mine = {
            "tournament": described.to_dict(),
            "source": source.value,
            "games_per_shard": games_per_shard,
        }
        path.write_text(json.dumps(mine, indent=2) + "\n")

    if not path.exists():
        keep(tournament)
        return 0
    try:
        stored = json.loads(path.read_text())
        theirs = Tournament.from_dict(stored["tournament"])
        size = stored["games_per_shard"]
        their_source = Source(stored.get("source", Source.BOTS.value))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ResultsMismatchError(
            f"{str(path)!r} is not a description of shards: {excerpt(str(exc))}"
        ) from None
    differences = theirs.differences(tournament, ignore=("deals",))
    if their_source is not source:
        differences.append(f"source: {their_source.value}, not {source.value}")
    if size != games_per_shard:
        differences.append(f"games_per_shard: {size}, not {games_per_shard}")
    if differences:
        raise ResultsMismatchError(
            f"{str(folder)!r} holds the shards of another tournament: {'; '.join(differences)}"
        )
    keep(theirs if theirs.deals > tournament.deals else tournament)
    return theirs.games


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
