"""``sticheln replay``: show a recorded game trick by trick, or only what one player saw."""

from __future__ import annotations

import argparse
from typing import Any

from rich.text import Text

from sticheln.cli.common import EXIT_OK, Env, UsageError, load_record
from sticheln.cli.screens import screen_for

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """Add the ``replay`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "replay",
        help="show a saved game trick by trick",
        description=(
            "Show a game saved with 'sticheln play --save' (or any game record) trick by "
            "trick. The record's 'game' field picks the game (default: sticheln). With --as, "
            "show only what that player saw: their own hand, never the others'."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="the game record (JSON)")
    parser.add_argument(
        "--as",
        dest="player",
        type=int,
        metavar="PLAYER",
        help="show only what the player in this seat (from 0) saw",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> int:
    """Run ``sticheln replay``."""
    record = load_record(args.file)
    game, state, moves = record.game, record.first, record.moves
    players = len(game.scores(state))
    if args.player is not None and not 0 <= args.player < players:
        raise UsageError(
            f"--as {args.player} is not a seat of this {players}-player game (0-{players - 1})"
        )

    names = [f"#{seat}" for seat in range(players)]
    screen = screen_for(game, names, args.player)
    console = env.console
    head = f"Replay of {args.file}: {game.info.title}"
    if record.rules_name is not None:
        head += f", rules {record.rules_name}"
    head += f", {players} players, {len(moves)} moves"
    if args.player is not None:
        head += f", as seen by #{args.player}"
    console.print(Text(head, style="bold"))
    for renderable in screen.start(state):
        console.print(renderable)
    for move in moves:
        mover = game.player_of(move)
        before, state = state, game.apply_move(state, move)
        for renderable in screen.events(before, state, mover, move):
            console.print(renderable)
    console.print()
    if not game.is_over(state):
        console.print(Text(f"The record ends before the game is over, after {len(moves)} moves."))
        for renderable in screen.unfinished(state):
            console.print(renderable)
    console.print(screen.scoreboard(state))
    return EXIT_OK
