"""The ``sticheln`` command: play against bots, simulate many bot games, rate bots, replay and
analyse saved games, serve the web table.

``sticheln play`` lets a person play in the terminal (``--auto``: bots on every seat),
``sticheln simulate`` compares bots over many games, ``sticheln selfplay`` writes the
decisions of many games as training data, ``sticheln league`` rates the bots of
tournaments' results files, ``sticheln replay FILE`` shows a saved game, ``sticheln analyse
FILE`` finds a player's costly moves in it, and ``sticheln serve`` runs the web server
(:doc:`/web`). :func:`main` runs
the command with its arguments and returns the exit code.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, Final, TextIO, cast

from sticheln.cli.env import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, Env, UsageError

__all__ = ["COMMANDS", "build_parser", "main"]

COMMANDS: Final = {
    "play": "play a game in the terminal against bots",
    "simulate": "play many games between bots and compare them",
    "selfplay": "write the decisions of many games as training data",
    "league": "rate the bots of many tournaments together",
    "replay": "show a saved game trick by trick",
    "analyse": "the costly moves of one player in a saved game",
    "serve": "run the web server: play in the browser",
}
"""The subcommands of ``sticheln`` and the line of help of each. The options of a command are
those its module ``sticheln.cli.<command>`` adds (``add_parser``); a run loads only the module
of its command, so that ``sticheln --help`` lists the commands without loading any."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that writes to the command's streams rather than the process's
    (those of :attr:`env`, set on a subclass made for each run)."""

    env: Env

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            stream = self.env.stderr if file is sys.stderr else self.env.stdout
            stream.write(message)
            stream.flush()


class _Version(argparse.Action):
    """``--version``: print ``sticheln VERSION`` and exit, reading the version only then."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        from sticheln import __version__

        stdout = cast("_Parser", parser).env.stdout
        stdout.write(f"sticheln {__version__}\n")
        stdout.flush()
        parser.exit()


def build_parser(env: Env, command: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``sticheln`` with its subcommands: every command with its line of help,
    and ``command``, if it is one of :data:`COMMANDS`, with its options too (its module is
    imported; the others are not)."""
    parser_class = cast("type[_Parser]", type("Parser", (_Parser,), {"env": env}))
    parser = parser_class(
        prog=__name__.partition(".")[0],  # the command is called after the package
        description=(
            "Play the library's card games, and those of installed packages, against bots "
            "in the terminal, simulate many games between bots and rate them, write their "
            "decisions as training data, replay and analyse saved games, and serve a web "
            "table where people play in the browser."
        ),
        epilog="Run 'sticheln COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    subparsers = parser.add_subparsers(
        dest="command",
        metavar="COMMAND",
        required=True,
        parser_class=parser_class,
    )
    for name, line in COMMANDS.items():
        if name == command:
            importlib.import_module(f"{__name__}.{name}").add_parser(subparsers)
        else:
            subparsers.add_parser(name, help=line)
    return parser


def _command(argv: Sequence[str]) -> str | None:
    """The command that ``argv`` runs: its first argument that is not an option (``sticheln``
    itself takes no option with a value)."""
    for argument in argv:
        if argument == "--":
            break
        if not argument.startswith("-"):
            return argument
    return None


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
    given = sys.argv[1:] if argv is None else list(argv)
    # Without arguments, a whole game between bots, as ``python -m sticheln`` plays.
    given = given or ["play", "--auto"]
    parser = build_parser(env, _command(given))
    try:
        args = parser.parse_args(given)
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
