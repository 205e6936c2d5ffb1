"""The language of the texts people read: explanations, the command's texts, the server's
messages. English unless a caller chooses German for a block of work.

The language is a ``contextvars.ContextVar``, so it belongs to the thread or asyncio
task that set it: a server serving players in English and German at once sets it around the
work of each connection, and nothing leaks from one table to another. The library's values
(cards, moves, records, the wire) have no language; only their texts for people do. Card
names stay the letters and numbers of the notation (``B11``) in every language, since moves
are typed and recorded that way; colour words follow the German editions (Rot, Gelb, Grün,
Blau, Lila, Grau).

The catalogues are GNU gettext files shipped in the package
(``sticheln/locale/<language>/LC_MESSAGES/sticheln.mo``), read by the standard library's
``gettext`` the first time a language is used.

>>> from sticheln.core.i18n import color_name, current_language, gettext, use_language
>>> from sticheln.core.cards import Color
>>> color_name(Color.BLUE)
'blue'
>>> with use_language("de"):
...     color_name(Color.BLUE), gettext("Round score")
('Blau', 'Rundenwertung')
>>> current_language()
'en'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

from sticheln.core.errors import StichelnError, WrongTypeError, excerpt

if TYPE_CHECKING:
    import gettext as _gettext

    from sticheln.core.cards import Color

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "UnknownLanguageError",
    "check_language",
    "color_name",
    "current_language",
    "gettext",
    "ngettext",
    "use_language",
]

LANGUAGES: Final = ("en", "de")
"""The languages the texts come in, as two-letter codes (ISO 639-1)."""

DEFAULT_LANGUAGE: Final = "en"
"""The language of the texts when no one chose one: English, the language of the source."""

DOMAIN: Final = __name__.partition(".")[0]
"""The gettext domain: the catalogues' file name without ``.mo``, the package's name."""

LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues are: ``<LOCALE_DIR>/<language>/LC_MESSAGES/sticheln.mo``."""

_language: ContextVar[str] = ContextVar("sticheln_language", default=DEFAULT_LANGUAGE)


class UnknownLanguageError(StichelnError, ValueError):
    """A language the texts do not come in. The message lists those they do."""


def N_(message: str) -> str:
    """``message`` unchanged: marks a text for the catalogues where it is defined, to be
    translated where it is shown (:func:`gettext`)."""
    return message


_COLOR_NAMES: Final = {
    "RED": N_("red"),
    "YELLOW": N_("yellow"),
    "GREEN": N_("green"),
    "BLUE": N_("blue"),
    "PURPLE": N_("purple"),
    "GRAY": N_("gray"),
}
"""The English names of the colours, by the names of the members of
:class:`~sticheln.Color` (the module loads no cards: the command's help needs none)."""


def check_language(language: object) -> str:
    """``language`` if the texts come in it.

    :raises WrongTypeError: if it is not a string.
    :raises UnknownLanguageError: if it is not one of :data:`LANGUAGES`.
    """
    if not isinstance(language, str):
        raise WrongTypeError(f"language must be a str, got {excerpt(language)}")
    if language not in LANGUAGES:
        raise UnknownLanguageError(
            f"no texts in language {excerpt(language)}; there are: {', '.join(LANGUAGES)}"
        )
    return language


def current_language() -> str:
    """The language chosen for the running thread or task (:func:`use_language`), else
    English."""
    return _language.get()


@contextmanager
def use_language(language: str) -> Iterator[str]:
    """Give the texts made inside the ``with`` block in ``language``, in this thread or task
    only; the language before comes back at the end of the block.

    :raises WrongTypeError: if ``language`` is not a string.
    :raises UnknownLanguageError: if the texts do not come in it.
    """
    token = _language.set(check_language(language))
    try:
        yield language
    finally:
        _language.reset(token)


@cache
def _catalogue(language: str) -> _gettext.NullTranslations:
    """The catalogue of ``language``, read once; English is the source itself."""
    import gettext as _gettext  # only once texts are made: the command's start stays quick

    if language == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


def gettext(message: str) -> str:
    """``message`` in the current language (:func:`current_language`)."""
    return _catalogue(_language.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural`` as fits ``count``, in the current language."""
    return _catalogue(_language.get()).ngettext(singular, plural, count)


def color_name(color: Color) -> str:
    """The name of ``color`` as a noun in the current language (``"blue"``, ``"Blau"``)."""
    return gettext(_COLOR_NAMES[color.name])
