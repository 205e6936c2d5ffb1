"""The streams a command reads and writes, its exit codes, and the error for bad options: what
every command needs before it does anything (the console of rich is made on first use)."""

from __future__ import annotations

import functools
import sys
from typing import TYPE_CHECKING, TextIO

from sticheln.core.i18n import gettext as _

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "EXIT_FAILURE",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "Env",
    "UsageError",
    "one_line",
]

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class UsageError(Exception):
    """Bad options or input: reported on one line of standard error, exit code 2."""


class Env:
    """The streams a command reads and writes, and the rich console on standard output."""

    def __init__(self, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr

    @classmethod
    def create(
        cls,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        stderr: TextIO | None = None,
    ) -> Env:
        """Streams default to the process's."""
        return cls(
            sys.stdin if stdin is None else stdin,
            sys.stdout if stdout is None else stdout,
            sys.stderr if stderr is None else stderr,
        )

    @functools.cached_property
    def console(self) -> Console:
        """The rich console on :attr:`stdout`, made on first use (``--help`` needs none):
        colour only when standard output is a terminal (rich decides, and honours
        ``NO_COLOR``)."""
        from rich.console import Console

        return Console(file=self.stdout, highlight=False, emoji=False)

    def error(self, message: str) -> None:
        """Write ``sticheln: error: message`` as one line on standard error (the words of
        argparse's errors, in the current language)."""
        line = _("%(prog)s: error: %(message)s\n") % {
            "prog": __name__.partition(".")[0],  # the command is called after the package
            "message": one_line(message),
        }
        self.stderr.write(line)
        self.stderr.flush()

    def note(self, message: str) -> None:
        """Write a line of information on standard error."""
        self.stderr.write(f"{one_line(message)}\n")
        self.stderr.flush()


def one_line(text: str) -> str:
    """``text`` with its runs of white space, line breaks included, made single spaces."""
    return " ".join(str(text).split())
