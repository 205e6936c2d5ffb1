"""``sticheln replay``: show a recorded game trick by trick, or only what one player saw."""

from __future__ import annotations

import argparse
from typing import Any

from rich.text import Text

from sticheln.cli.common import EXIT_OK, Env, UsageError, load_record
from sticheln.core.screen import screen_for

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """Add the ``replay`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "replay",
        help="show a saved game trick by trick",
        description=(
            "Show a game saved with 'sticheln play --save' (or any game record) trick by "
            "trick. The record's 'game' field picks the game. With --as, show only what "
            "that player saw: their own hand, never the others'."
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
    parser.add_argument(
        "--step",
        action="store_true",
        help="pause after each trick (or whatever the game shows at once): Enter shows the "
        "next, q stops; at the end of input the rest is shown without pausing",
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
    stepping = args.step
    for number, move in enumerate(moves, start=1):
        mover = game.player_of(move)
        before, state = state, game.apply_move(state, move)
        shown = screen.events(before, state, mover, move)
        for renderable in shown:
            console.print(renderable)
        if stepping and shown and number < len(moves):
            console.print(Text("Enter: next · q: stop ", style="dim"), end="")
            env.stdout.flush()
            answer = env.stdin.readline()
            if answer and not _is_terminal(env):
                console.print(Text(answer.rstrip("\r\n")))  # echoed, as a terminal would
            if not answer:
                stepping = False  # the end of input: show the rest at once
                console.print()
            elif answer.strip().lower() in {"q", "quit"}:
                console.print(Text(f"Stopped after move {number} of {len(moves)}."))
                return EXIT_OK
    console.print()
    if not game.is_over(state):
        console.print(Text(f"The record ends before the game is over, after {len(moves)} moves."))
        for renderable in screen.unfinished(state):
            console.print(renderable)
    console.print(screen.scoreboard(state))
    return EXIT_OK


def _is_terminal(env: Env) -> bool:
    try:
        return env.stdin.isatty()
    except (AttributeError, ValueError):
        return False
