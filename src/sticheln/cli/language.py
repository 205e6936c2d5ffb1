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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sticheln.core.i18n import DEFAULT_LANGUAGE, LANGUAGES

__all__ = ["language_of", "language_of_environment"]

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
