"""Decisions per second written as self-play shards from the batch source beside the random bot
played through the game protocol (the reference), in this process, in the same run.

Each run writes the shards of ``--games`` uniformly random games into a fresh directory with
:func:`sticheln.tournament.selfplay.write_shards`: once from ``Source.BATCH`` (the game's batch
simulator gives the moves, the engine replays them to build the rows) and once from
``Source.BOTS`` with ``random`` bots on every seat (each move chosen through the protocol).
The bots source builds every row's observation and mask with the encoding on the engine's
state; the batch source takes them from the simulator where it builds them (Sticheln,
Stichling), else builds them the same way (Hattrick).
The runs alternate, so that the machine's changes of speed fall on both; figures are CPU time
(``time.process_time``), the median of ``--repeats`` runs, with the ratio to the reference. A
breakdown of the batch source's CPU time per decision follows: the simulator alone, the
engine's replay alone, and the replay with the encoding's observation and mask of every
decision (what a row costs where the source gives none), so that it shows where the time of
a row goes. Run it with::

    python benchmarks/selfplay_rate.py [--game sticheln|hattrick|stichling] [--players 4]
        [--games 64] [--repeats 5]

It needs the ``parquet`` extra.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from sticheln.core.references import resolve
from sticheln.games import find_game
from sticheln.tournament import Rotation, Tournament
from sticheln.tournament.selfplay import Source, read_shards, write_shards


def cpu(run: Callable[[], object]) -> float:
    """The CPU seconds of ``run`` in this process."""
    start = time.process_time()
    run()
    return time.process_time() - start


def write(tournament: Tournament, source: Source) -> int:
    """Write the tournament's shards from ``source`` into a fresh directory; the decisions."""
    with tempfile.TemporaryDirectory() as folder:
        write_shards(tournament, folder, games_per_shard=tournament.games, source=source)
        return sum(len(batch["game"]) for batch in read_shards(folder, batch_size=65536))


def breakdown(tournament: Tournament, repeats: int) -> list[tuple[str, float]]:
    """The median CPU microseconds per decision of the parts of the batch source."""
    game: Any = find_game(tournament.game, tournament.rules)
    random_games = resolve(game.info.random_games, "random games")
    encoding = game.encoding(tournament.players)
    seeds = [tournament.deal_seed(i) for i in range(tournament.games)]
    records = [played.record for played in random_games(game, tournament.players, seeds)]
    decisions = sum(len(record.moves) for record in records)

    def simulate() -> None:
        random_games(game, tournament.players, seeds)

    def replay(encode: bool) -> None:
        for record in records:
            state = record.replay(moves=0)
            for move in record.moves:
                if encode:
                    player = game.player_of(move)
                    encoding.observation(game.observe(state, player))
                    encoding.action_mask(state, player)
                state = game.apply_move(state, move)

    parts = [
        ("batch simulator (with what it observes)", simulate),
        ("engine replay", lambda: replay(False)),
        ("engine replay + observation + mask", lambda: replay(True)),
    ]
    return [
        (name, statistics.median(cpu(run) for _ in range(repeats)) / decisions * 1e6)
        for name, run in parts
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sticheln")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    tournament = Tournament(
        args.game,
        ("random",) * args.players,
        deals=args.games,
        seed=1,
        rules=args.rules,
        rotation=Rotation.NONE,
    )
    times: dict[Source, list[float]] = {Source.BOTS: [], Source.BATCH: []}
    decisions: dict[Source, int] = {}
    write(tournament, Source.BATCH)  # warm up: imports, tables, encodings
    for _ in range(args.repeats):
        for source in (Source.BOTS, Source.BATCH):
            start = time.process_time()
            decisions[source] = write(tournament, source)
            times[source].append(time.process_time() - start)

    print(
        f"{args.game} ({find_game(args.game, args.rules).info.rules_name} rules), "
        f"{args.players} players, {args.games} games, median of {args.repeats} runs, CPU "
        f"time; Python {platform.python_version()}"
    )
    reference = decisions[Source.BOTS] / statistics.median(times[Source.BOTS])
    for source, label in ((Source.BOTS, "random bot via protocol (reference)"),
                          (Source.BATCH, "batch source")):  # fmt: skip
        rate = decisions[source] / statistics.median(times[source])
        print(
            f"  {label:40} {decisions[source]:8} decisions  {rate:10.0f} decisions/s  "
            f"x{rate / reference:.2f}"
        )
    print("  batch source, CPU per decision:")
    for name, micros in breakdown(tournament, args.repeats):
        print(f"    {name:38} {micros:8.1f} us")


if __name__ == "__main__":
    main()
