"""The language of the command's texts: ``--lang`` if given, else the locale of the
environment (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``, as POSIX orders them), else
English.

>>> from sticheln.cli.language import language_of
>>> language_of(["--lang", "de", "play"], {})
'de'
>>> language_of(["replay", "game.json"], {"LANG": "de_DE.UTF-8"})
'de'
>>> language_of([], {"LC_ALL": "C", "LANG": "de_DE.UTF-8"})
'en'

argparse's own texts (``usage:``, ``error:``, "the following arguments are required", "invalid
choice") come in the command's language too. argparse takes them from the standard library's
``gettext`` (the domain ``argparse``, which has no German catalogue on most systems); while
the command reads its arguments (:func:`argparse_in_language`), argparse takes them from the
catalogues of this package instead, which hold those that a person can meet
(:data:`ARGPARSE_TEXTS`). The others, which only a programmer who builds a wrong parser meets,
stay in English.

>>> import argparse
>>> from sticheln.core.i18n import use_language
>>> parser = argparse.ArgumentParser(prog="sticheln", exit_on_error=False)
>>> _ = parser.add_argument("--games", type=int)
>>> with use_language("de"), argparse_in_language():
...     try:
...         parser.parse_args(["--games", "x"])
...     except argparse.ArgumentError as error:
...         print(error)
Argument --games: ungültiger int-Wert: 'x'
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Final

from sticheln.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, gettext, ngettext

__all__ = ["ARGPARSE_TEXTS", "argparse_in_language", "language_of", "language_of_environment"]

_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment's variables that name the language of messages, the first set winning."""


def language_of_environment(environ: Mapping[str, str]) -> str:
    """The language of the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set and
    not empty (``de_DE.UTF-8``, ``de_AT``, ``de`` give German), if the texts come in it; else
    English (``C``, ``POSIX``, ``fr_FR`` included)."""
    for variable in _VARIABLES:
        value = environ.get(variable, "")
        if value:
            code = value.split(".", 1)[0].split("@", 1)[0].split("_", 1)[0].lower()
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def language_of(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language ``sticheln argv`` speaks: the value of ``--lang`` before the command if it
    is a language of the texts (another value is left for the parser to refuse), else that of
    the environment (:func:`language_of_environment`)."""
    for i, argument in enumerate(argv):
        if argument == "--" or not argument.startswith("-"):
            break
        value = None
        if argument == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif argument.startswith("--lang="):
            value = argument.partition("=")[2]
        if value is not None:
            return value if value in LANGUAGES else DEFAULT_LANGUAGE
    return language_of_environment(environ)


ARGPARSE_TEXTS: Final = (
    N_("usage: "),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""argparse's texts (Python 3.11) that a person who types a wrong command can read, which the
catalogues of this package translate. (Its plural "expected %s arguments" is only for options
that take a fixed number of values above one, which the command has none of.)"""


@contextmanager
def argparse_in_language() -> Iterator[None]:
    """Inside the ``with`` block, argparse's texts come from this package's catalogues, in the
    current language (:func:`~sticheln.core.i18n.use_language`); the standard library's are
    back after it. A text the catalogues lack stays argparse's English."""
    before = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = before  # type: ignore[attr-defined]
