"""The ``sticheln`` command: play against bots, simulate many bot games, rate bots, replay and
analyse saved games, serve the web table.

``sticheln play`` lets a person play in the terminal (``--auto``: bots on every seat),
``sticheln simulate`` compares bots over many games, ``sticheln selfplay`` writes the
decisions of many games as training data, ``sticheln league`` rates the bots of
tournaments' results files, ``sticheln replay FILE`` shows a saved game, ``sticheln analyse
FILE`` finds a player's costly moves in it, and ``sticheln serve`` runs the web server
(:doc:`/web`). :func:`main` runs
the command with its arguments and returns the exit code.

The command speaks English or German: ``--lang de``, else the environment's locale
(:mod:`sticheln.cli.language`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, Final, TextIO, cast

from sticheln.cli.env import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, Env, UsageError
from sticheln.cli.language import argparse_in_language, language_of
from sticheln.core.i18n import LANGUAGES, N_, use_language
from sticheln.core.i18n import gettext as _

__all__ = ["COMMANDS", "build_parser", "main"]

COMMANDS: Final = {
    "play": N_("play a game in the terminal against bots"),
    "simulate": N_("play many games between bots and compare them"),
    "selfplay": N_("write the decisions of many games as training data"),
    "league": N_("rate the bots of many tournaments together"),
    "replay": N_("show a saved game trick by trick"),
    "analyse": N_("the costly moves of one player in a saved game"),
    "serve": N_("run the web server: play in the browser"),
}
"""The subcommands of ``sticheln`` and the line of help of each (in English; the help gives
it in the command's language). The options of a command are
those its module ``sticheln.cli.<command>`` adds (``add_parser``); a run loads only the module
of its command, so that ``sticheln --help`` lists the commands without loading any."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that writes to the command's streams rather than the process's
    (those of :attr:`env`, set on a subclass made for each run), its headings and the help of
    ``--help`` in the command's language."""

    env: Env

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self._optionals.title = _("options")
        self._positionals.title = _("positional arguments")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = _("show this help and exit")

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            stream = self.env.stderr if file is sys.stderr else self.env.stdout
            stream.write(message)
            stream.flush()


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, its heading of the usage in the command's language."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


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
        description=_(
            "Play the library's card games, and those of installed packages, against bots "
            "in the terminal, simulate many games between bots and rate them, write their "
            "decisions as training data, replay and analyse saved games, and serve a web "
            "table where people play in the browser."
        ),
        epilog=_("Run 'sticheln COMMAND --help' for the options of a command."),
    )
    parser.add_argument("--version", action=_Version, help=_("show the version and exit"))
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help=_(
            "the language of the texts: en (English) or de (German); default: that of the "
            "environment (LC_ALL, LC_MESSAGES, LANG), else English"
        ),
    )
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
            subparsers.add_parser(name, help=_(line))
    return parser


def _command(argv: Sequence[str]) -> str | None:
    """The command that ``argv`` runs: its first argument that is not an option or the value
    of ``--lang`` (the one option of ``sticheln`` itself that takes a value)."""
    after_lang = False
    for argument in argv:
        if argument == "--":
            break
        if not argument.startswith("-") and not after_lang:
            return argument
        after_lang = argument == "--lang"
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
    given = sys.argv[1:] if argv is None else list(argv)
    with use_language(language_of(given, os.environ)):
        return _run(given, Env.create(stdin, stdout, stderr))


def _run(given: list[str], env: Env) -> int:
    """:func:`main` in the language chosen."""
    # Without arguments, a whole game between bots, as ``python -m sticheln`` plays.
    given = given or ["play", "--auto"]
    with argparse_in_language():
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
        env.note(_("Interrupted."))
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away, as in 'sticheln simulate --json | head'
        if env.stdout is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes
        return EXIT_FAILURE
    except SystemExit as exc:  # rich's answer to a broken pipe
        return exc.code if isinstance(exc.code, int) else EXIT_FAILURE
    return code
