"""The ``sticheln`` command: play against bots, simulate many bot games, rate bots, replay and
analyse saved games, serve the web table.

``sticheln play`` lets a person play in the terminal (``--auto``: bots on every seat),
``sticheln simulate`` compares bots over many games, ``sticheln league`` rates the bots of
tournaments' results files, ``sticheln replay FILE`` shows a saved game, ``sticheln analyse
FILE`` finds a player's costly moves in it, and ``sticheln serve`` runs the web server
(:doc:`/web`). :func:`main` runs
the command with its arguments and returns the exit code.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO, cast

from sticheln.cli import analyse, league, play, replay, serve, simulate
from sticheln.cli.common import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, Env, UsageError

__all__ = ["COMMANDS", "build_parser", "main"]

COMMANDS = ("play", "simulate", "league", "replay", "analyse", "serve")
"""The subcommands of ``sticheln``."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that writes to the command's streams rather than the process's
    (those of :attr:`env`, set on a subclass made for each run)."""

    env: Env

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            stream = self.env.stderr if file is sys.stderr else self.env.stdout
            stream.write(message)
            stream.flush()


def build_parser(env: Env) -> argparse.ArgumentParser:
    """The parser of ``sticheln`` and its subcommands."""
    from sticheln import __version__

    parser_class = cast("type[_Parser]", type("Parser", (_Parser,), {"env": env}))
    parser = parser_class(
        prog=__name__.partition(".")[0],  # the command is called after the package
        description=(
            "Play the library's card games, and those of installed packages, against bots "
            "in the terminal, "
            "simulate many games between bots, replay saved games, and serve a web table "
            "where people play in the browser."
        ),
        epilog="Run 'sticheln COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"sticheln {__version__}")
    subparsers = parser.add_subparsers(
        dest="command",
        metavar="COMMAND",
        required=True,
        parser_class=parser_class,
    )
    play.add_parser(subparsers)
    simulate.add_parser(subparsers)
    league.add_parser(subparsers)
    replay.add_parser(subparsers)
    analyse.add_parser(subparsers)
    serve.add_parser(subparsers)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run ``sticheln`` with ``argv`` (default: the process's arguments) and return the exit
    code: 0 when all went well (a game stopped with ``q`` or at the end of input included),
    1 for a failure while running (a game that cannot be saved), 2 for bad options or a bad
    record, 130 when interrupted with Ctrl-C. Errors are written on one line of standard
    error. The streams default to the process's; a program or a test may pass its own.

    >>> import io, json
    >>> from sticheln.cli import main
    >>> out = io.StringIO()
    >>> main(["simulate", "--games", "3", "--players", "3", "--bots", "random", "--seed", "1",
    ...       "--json"], stdout=out, stderr=io.StringIO())
    0
    >>> results = json.loads(out.getvalue())
    >>> [(seat["seat"], seat["bot"]) for seat in results["seats"]]
    [(0, 'random'), (1, 'random'), (2, 'random')]
    >>> round(sum(seat["win_rate"] for seat in results["seats"]), 6)
    1.0
    """
    env = Env.create(stdin, stdout, stderr)
    parser = build_parser(env)
    try:
        given = sys.argv[1:] if argv is None else list(argv)
        # Without arguments, a whole game between bots, as ``python -m sticheln`` plays.
        args = parser.parse_args(given or ["play", "--auto"])
    except SystemExit as exc:  # --help, --version, or a usage error argparse reported
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        code: int = args.run(args, env)
    except UsageError as exc:
        env.error(str(exc))
        return EXIT_USAGE
    except KeyboardInterrupt:
        env.note("Interrupted.")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away, as in 'sticheln simulate --json | head'
        if env.stdout is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes
        return EXIT_FAILURE
    except SystemExit as exc:  # rich's answer to a broken pipe
        return exc.code if isinstance(exc.code, int) else EXIT_FAILURE
    return code
