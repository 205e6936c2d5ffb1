"""``sticheln selfplay``: training data from many games, written as Parquet shards
(:mod:`sticheln.tournament.selfplay`).

The games come from bots (``--bots``, every deal played in all rotations of the seats, as
``sticheln simulate`` plays them) or from the game's fast source of random games
(``--source batch``, every move drawn uniformly from the legal moves, each game from a seed of
its own). The directory keeps the description of its shards: the same command run again goes
on with the shards not yet written, and a command of another description is refused, naming
what differs.
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from sticheln.cli import COMMANDS
from sticheln.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    Env,
    UsageError,
    check_players,
    default_bot,
    default_players,
    load_game,
    make_bots,
    new_seed,
    parse_bot_names,
)
from sticheln.cli.play import add_game_options
from sticheln.cli.simulate import (
    Reporter,
    add_executor_options,
    add_game_count_options,
    check_jobs,
    count_deals,
    open_executor,
)
from sticheln.core.errors import NotProvidedError
from sticheln.core.i18n import N_
from sticheln.core.i18n import gettext as _
from sticheln.tournament import ResultsMismatchError, Rotation, Tournament, VersionMismatchError

__all__ = ["add_parser", "run"]

SOURCES = ("bots", "batch")
"""The values of ``--source`` (:class:`sticheln.tournament.selfplay.Source`)."""


def add_parser(subparsers: Any) -> None:
    """Add the ``selfplay`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "selfplay",
        help=_(COMMANDS["selfplay"]),
        description=(
            _(
                "Play many games and write every decision as a row of a Parquet shard in --out: "
                "the seat's observation vector and legal-action mask, the action chosen, the "
                "points of the deal and of the game it ended with, and the game's seeds to "
                "replay it. The games are played by --bots, every deal in all rotations of the "
                "seats, or, with --source batch, by the game's fast source of random games, "
                "every move drawn uniformly from the legal moves. The shards depend only on the "
                "options, not on --jobs or --cluster. Run the same command again to go on with "
                "the shards not yet written; a directory holding the shards of other options is "
                "refused, naming what differs. Needs the parquet extra."
            )
        ),
    )
    add_game_options(parser)
    add_game_count_options(parser)
    parser.add_argument(
        "--bots",
        metavar="NAMES",
        help=(
            _(
                "with --source bots: one bot for every seat, or a comma-separated list with one "
                "per seat (default: heuristic where it plays the game, else random)"
            )
        ),
    )
    parser.add_argument(
        "--source",
        choices=SOURCES,
        default="bots",
        help=(
            _(
                "where the games come from: bots played through the game protocol, or batch, "
                "the game's fast source of uniformly random games, where it has one "
                "(default: bots)"
            )
        ),
    )
    parser.add_argument(
        "--out", required=True, metavar="DIR", help=_("the directory of the shards")
    )
    parser.add_argument(
        "--games-per-shard",
        type=int,
        default=256,
        metavar="K",
        help=_("games in each shard, and in each task of a worker (default: 256)"),
    )
    add_executor_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> int:
    """Run ``sticheln selfplay``."""
    from sticheln.tournament.selfplay import Source, write_shards

    game = load_game(args.game, args.rules)
    players = default_players(game) if args.players is None else args.players
    check_players(game, players)
    source = Source(args.source)
    if args.games_per_shard < 1:
        raise UsageError(
            _("--games-per-shard must be at least 1, got {value}").format(
                value=args.games_per_shard
            )
        )
    check_jobs(args)
    if source is Source.BATCH:
        if args.bots is not None:
            raise UsageError(
                _(
                    "--bots: the batch source plays every move uniformly at random, without bots "
                    "(leave out --bots, or use --source bots)"
                )
            )
        bots, rotation = ["random"] * players, Rotation.NONE
        deals = count_deals(args, players, env, 1)
    else:
        bots = parse_bot_names(args.bots, players, default_bot(game))
        make_bots(bots, game)  # unknown bots are a usage error, before any process starts
        rotation = Rotation.ALL
        deals = count_deals(args, players, env, players)
    seed = args.seed
    if seed is None:
        seed = _stored_seed(Path(args.out))
    seed = new_seed() if seed is None else seed
    tournament = Tournament(
        game.name, tuple(bots), deals, seed, rules=args.rules, rotation=rotation
    )
    games = tournament.games
    present = _shards_present(Path(args.out))
    bar = Reporter(env.stderr, games, N_("Writing"))
    bar.done = _games_present(present, games, args.games_per_shard)
    written: list[Path] = []

    def shard_written(path: Path, count: int) -> None:
        written.append(path)
        bar.advance(count)

    try:
        with open_executor(args) as (executor, _workers), bar:
            paths = write_shards(
                tournament,
                args.out,
                executor,
                games_per_shard=args.games_per_shard,
                source=source,
                on_shard=shard_written,
            )
    except ResultsMismatchError as exc:
        raise UsageError(f"--out: {exc}") from None
    except NotProvidedError as exc:
        raise UsageError(f"--source batch: {exc}") from None
    except (ImportError, OSError) as exc:
        raise UsageError(f"--out: {exc}") from None
    except VersionMismatchError as exc:
        env.error(str(exc))
        return EXIT_FAILURE
    kept = len(paths) - len(written)
    if kept:
        env.note(
            _("Went on from {kept} of {count} shards already in {directory}.").format(
                kept=kept, count=len(paths), directory=args.out
            )
        )
    # A directory of more games than asked for keeps them: its shards may hold more.
    held = min(len(paths) * args.games_per_shard, max(games, _described_games(Path(args.out))))
    summary = (
        _(
            "{rows} decisions of {games} random games of the batch source of {game} ({rules} "
            "rules), {players} players, seed {seed}, in {shards} shards in {directory}"
        )
        if source is Source.BATCH
        else _(
            "{rows} decisions of {games} games of {game} ({rules} rules), {players} players, "
            "seed {seed}, in {shards} shards in {directory}"
        )
    )
    line = summary.format(
        rows=_rows(paths),
        games=held,
        game=game.name,
        rules=game.info.rules_name,
        players=players,
        seed=seed,
        shards=len(paths),
        directory=args.out,
    )
    env.stdout.write(f"{line}\n")
    env.stdout.flush()
    return EXIT_OK


def _described(folder: Path) -> Tournament | None:
    """The tournament of the shards' description in ``folder``, if there is one."""
    from sticheln.tournament.selfplay import DESCRIPTION

    path = folder / DESCRIPTION
    if not path.is_file():
        return None
    try:
        return Tournament.from_dict(json.loads(path.read_text())["tournament"])
    except (OSError, ValueError, KeyError, TypeError):
        return None  # write_shards names what is wrong with the description


def _stored_seed(folder: Path) -> int | None:
    """The seed of the shards' description in ``folder``, if there is one."""
    described = _described(folder)
    return None if described is None else described.seed


def _described_games(folder: Path) -> int:
    """The games of the shards' description in ``folder``, 0 without one."""
    described = _described(folder)
    return 0 if described is None else described.games


def _shards_present(folder: Path) -> set[str]:
    """The names of the shards already in ``folder``."""
    return {path.name for path in folder.glob("shard-*.parquet")} if folder.is_dir() else set()


def _games_present(present: set[str], games: int, per_shard: int) -> int:
    """The games of the tournament in the shards named ``present``: shard ``k`` holds the
    games ``k * per_shard`` onwards."""
    shards = range(0, -(-games // per_shard))
    return sum(
        min(per_shard, games - k * per_shard) for k in shards if f"shard-{k:05d}.parquet" in present
    )


def _rows(paths: list[Path]) -> int:
    """The decisions in the shards at ``paths``, from their metadata."""
    parquet: Any = importlib.import_module("pyarrow.parquet")
    return sum(int(parquet.ParquetFile(path).metadata.num_rows) for path in paths)
