"""The limits of the web server: message sizes, numbers of tables and connections, how long
a table may wait for its players, how far a client may fall behind, and the time and threads
bots may use.

>>> from sticheln.web.limits import Limits
>>> limits = Limits(max_tables=10)
>>> limits.max_tables, limits.tables_per_client, limits.tables_per_hour, limits.bot_time
(10, 20, 60, 0.5)
>>> limits.join_timeout, limits.idle_timeout
(3600.0, 86400.0)
>>> limits.analysis_time, limits.analysis_samples, limits.max_analyses
(0.5, 20, 1)
>>> limits.min_move_time, limits.max_move_time
(10.0, 600.0)
>>> limits.chat_length, limits.chat_lines, limits.chat_window
(200, 5, 10.0)
>>> Limits(min_move_time=60, max_move_time=30)
Traceback (most recent call last):
...
ValueError: min_move_time (60) may not be above max_move_time (30)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from sticheln.core.errors import WrongTypeError, excerpt

__all__ = ["MAX_ANALYSIS_SAMPLES", "MAX_ANALYSIS_TIME", "Limits"]

MAX_ANALYSIS_TIME = 10.0
"""The most seconds per decision an operator may give an analysis (:attr:`Limits.analysis_time`)."""

MAX_ANALYSIS_SAMPLES = 200
"""The most worlds per decision an operator may give an analysis
(:attr:`Limits.analysis_samples`)."""


def _positive_int(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    """Refuse a value that is not a whole number of at least 1 (``TypeError`` for one that is
    not an ``int``)."""
    if type(value) is not int:
        raise WrongTypeError(f"{attribute.name} must be an int, got {excerpt(value)}")
    if value < 1:
        raise ValueError(f"{attribute.name} must be a whole number of at least 1, got {value!r}")


def _positive_float(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    """Refuse a value that is not a positive, finite number of seconds (``TypeError`` for one
    that is not a number)."""
    if type(value) not in (int, float):
        raise WrongTypeError(f"{attribute.name} must be a number of seconds, got {excerpt(value)}")
    if not 0 < value < float("inf"):
        raise ValueError(f"{attribute.name} must be a positive number of seconds, got {value!r}")


def _at_most(most: float) -> Callable[[object, attrs.Attribute[Any], Any], None]:
    """A validator refusing a value above ``most``."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value > most:
            raise ValueError(f"{attribute.name} may be at most {most:g}, got {value!r}")

    return check


@attrs.frozen
class Limits:
    """What the server allows; every field has a default fit for a small server."""

    max_message_bytes: int = attrs.field(default=4096, validator=_positive_int)
    """The largest websocket message (and request body) a client may send, in bytes of
    UTF-8; a larger one gets a ``too-large`` error reply (a body: HTTP 413)."""
    max_tables: int = attrs.field(default=200, validator=_positive_int)
    """The most tables in play at once (finished tables do not count: they stay for their
    records and replays); creating one more answers HTTP 503."""
    tables_per_client: int = attrs.field(default=20, validator=_positive_int)
    """The most tables in play that one client address may have made; one more answers HTTP
    429. IPv6 addresses count by their /64 network, which one machine usually has whole."""
    tables_per_hour: int = attrs.field(default=60, validator=_positive_int)
    """The most tables one client address may make in an hour, finished ones included (tables
    of bots end within seconds, and every table stays for its record); one more answers HTTP
    429."""
    join_timeout: float = attrs.field(default=3600.0, validator=_positive_float)
    """Seconds a table with seats for people may wait for the first of them to join; then it
    is closed as abandoned (and no longer counts as in play)."""
    idle_timeout: float = attrs.field(default=86400.0, validator=_positive_float)
    """Seconds a table in play may go without a move or a seat joining; then it is closed as
    abandoned."""
    max_connections: int = attrs.field(default=500, validator=_positive_int)
    """The most websockets open at once; one more is closed with code 1013 (try again
    later)."""
    max_connections_per_table: int = attrs.field(default=32, validator=_positive_int)
    """The most websockets open at once on one table (seats and spectators)."""
    max_queued_bytes: int = attrs.field(default=65536, validator=_positive_int)
    """The most bytes of messages other than the newest ``state`` that may wait for a client
    that reads too slowly (a waiting ``state`` is replaced by a newer one); past it, the
    client is closed with code 1008."""
    bot_threads: int = attrs.field(default=2, validator=_positive_int)
    """The threads bots think in, for all tables together."""
    bot_time: float = attrs.field(default=0.5, validator=_positive_float)
    """The seconds an ``ismcts`` bot without a ``time`` of its own searches per move."""
    max_bot_time: float = attrs.field(default=10.0, validator=_positive_float)
    """The most seconds per move a bot spec may ask for (``ismcts:time=...``)."""
    analysis_time: float = attrs.field(
        default=0.5, validator=[_positive_float, _at_most(MAX_ANALYSIS_TIME)]
    )
    """The seconds the analysis of a finished game (``sticheln.web.analysis``) spends on each
    decision of the seat analysed, at most ``MAX_ANALYSIS_TIME`` (10)."""
    analysis_samples: int = attrs.field(
        default=20, validator=[_positive_int, _at_most(MAX_ANALYSIS_SAMPLES)]
    )
    """The most worlds the analysis draws for each decision, at most
    ``MAX_ANALYSIS_SAMPLES`` (200); it stops at :attr:`analysis_time` too."""
    max_analyses: int = attrs.field(default=1, validator=_positive_int)
    """The most analyses running at once; one more answers HTTP 503. Each runs in a Python
    process of its own (a core's work and the memory of an interpreter), so that neither the
    bots nor the event loop wait for it (:doc:`/web` measures what it costs the server)."""
    analyses_per_client: int = attrs.field(default=1, validator=_positive_int)
    """The most analyses running at once that one client address started; one more answers
    HTTP 429."""
    analyses_kept: int = attrs.field(default=100, validator=_positive_int)
    """The most analyses' results the server keeps (each with its table); past it, the
    oldest is dropped, to be worked out again if asked for."""
    min_move_time: float = attrs.field(default=10.0, validator=_positive_float)
    """The fewest seconds a table's move timer may give a seat to move
    (``sticheln.web.timer``)."""
    max_move_time: float = attrs.field(default=600.0, validator=_positive_float)
    """The most seconds a table's move timer may give a seat to move."""
    chat_length: int = attrs.field(default=200, validator=_positive_int)
    """The most characters of a chat line (``sticheln.web.chat``)."""
    chat_lines: int = attrs.field(default=5, validator=_positive_int)
    """The most chat lines one connection may send within :attr:`chat_window` seconds."""
    chat_window: float = attrs.field(default=10.0, validator=_positive_float)
    """The seconds over which :attr:`chat_lines` are counted."""

    def __attrs_post_init__(self) -> None:
        if self.min_move_time > self.max_move_time:
            raise ValueError(
                f"min_move_time ({self.min_move_time:g}) may not be above max_move_time "
                f"({self.max_move_time:g})"
            )
