"""The language of a browser's pages and of the server's messages to it: the language the
page's switch chose (sent in the ``join`` message), else the best of the browser's
``Accept-Language`` header (RFC 9110, section 12.5.4) that the texts come in, else English.

An HTTP request's answers (the lobby's preset titles, the errors of the API) are in the
language of its ``Accept-Language``: :class:`LanguageMiddleware` sets it around the request;
the pages send the language they show in that header of each request they make.

The header comes from anyone, so it is read within bounds: at most :data:`MAX_HEADER`
characters and :data:`MAX_RANGES` language ranges of it; a range or a weight that is not
well formed is skipped, never an error.

>>> from sticheln.web.language import negotiate
>>> negotiate("fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7")
'de'
>>> negotiate("en-GB,en;q=0.9,de-DE;q=0.95")
'en'
>>> negotiate("en-GB;q=0.8,de-DE;q=0.95")
'de'
>>> negotiate("de;q=0, *;q=0.5")
'en'
>>> negotiate(None)
'en'
"""

from __future__ import annotations

import re
from typing import Any, Final

from sticheln.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, use_language

__all__ = ["MAX_HEADER", "MAX_RANGES", "LanguageMiddleware", "negotiate"]

MAX_HEADER: Final = 1000
"""The most characters of an ``Accept-Language`` header that are read."""

MAX_RANGES: Final = 20
"""The most language ranges of the header that are read."""

_RANGE: Final = re.compile(r"\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*")
_WEIGHT: Final = re.compile(r"[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)")


def negotiate(header: str | None) -> str:
    """The language of the texts that ``header`` (an ``Accept-Language`` value, or ``None``
    for none) prefers: the highest weight wins, and of equal weights the one named first; a
    range matches by its primary tag (``de-AT`` is German); ``*`` stands for English;
    a weight of 0 refuses a language. English when no language of the texts is acceptable."""
    if not header:
        return DEFAULT_LANGUAGE
    best: tuple[float, int] | None = None
    chosen = DEFAULT_LANGUAGE
    for position, part in enumerate(header[:MAX_HEADER].split(",")[:MAX_RANGES]):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not _RANGE.fullmatch(tag):
            continue
        weight = 1.0
        if params:
            found = _WEIGHT.fullmatch(params.strip().replace(" ", ""))
            if found is None:
                continue
            weight = float(found[1])
        primary = tag.split("-", 1)[0].lower()
        language = DEFAULT_LANGUAGE if primary == "*" else primary
        if language not in LANGUAGES or weight <= 0:
            continue
        rank = (weight, -position)
        if best is None or rank > best:
            best, chosen = rank, language
    return chosen


class LanguageMiddleware:
    """The ASGI middleware that answers each HTTP request in the language its
    ``Accept-Language`` prefers (:func:`negotiate`; :func:`~sticheln.core.i18n.use_language`
    around the request). A websocket chooses its own language (its ``join`` message)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = next(
            (value for name, value in scope["headers"] if name == b"accept-language"), b""
        )
        with use_language(negotiate(header.decode("latin-1"))):
            await self.app(scope, receive, send)
