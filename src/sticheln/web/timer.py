"""The move timer of a table of people: how long each seat to act has left, counted by the
server, and which seats a bot plays because their time ran out.

A table made with a ``move_time`` gives every person's seat that is to act that many seconds
to move; the time starts when the seat comes to act and is kept while other seats move (when
several seats act at once, as Sticheln's pain cards are chosen). When it runs out, the
game's default bot (:func:`sticheln.bots.default_bot`) plays the seat, move after move, until
its player takes control back: by the page's button (a ``take-back`` message) or by making a
move themselves. Bot seats have no timer. The server's clock alone counts: the page is told
how many seconds are left and counts down from there.

Deadlines are the event loop's monotonic time. Each one is an :class:`asyncio.TimerHandle`,
cancelled as soon as the seat is no longer to act; a handle that fired while a move was
being made (its task waiting for the table's lock) finds its deadline gone and does nothing:
:meth:`MoveTimer.hand_to_bot` takes only the deadline it was started for.

>>> timer = MoveTimer(None)
>>> timer.on, timer.message(0.0)
(False, None)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["MoveTimer"]


class MoveTimer:
    """The move timer of one table (off when :attr:`seconds` is ``None``)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        """The seconds a seat has to move, or ``None``: no timer."""
        self.deadlines: dict[int, float] = {}
        """Per seat to act that a person plays, when its time runs out (the loop's time)."""
        self.by_bot: set[int] = set()
        """The seats of people that a bot plays since their time ran out."""
        self._handles: dict[int, asyncio.TimerHandle] = {}

    @property
    def on(self) -> bool:
        """Whether the table has a move timer."""
        return self.seconds is not None

    def update(
        self,
        to_act: Iterable[int],
        people: Iterable[int],
        expire: Callable[[int, float], None],
    ) -> None:
        """Start the time of every seat of ``people`` in ``to_act`` that has none running and
        no bot playing it (``expire(seat, deadline)`` is called when it runs out); stop the
        time of every other seat."""
        if self.seconds is None:
            return
        timed = set(to_act) & set(people) - self.by_bot
        for seat in list(self.deadlines):
            if seat not in timed:
                self._cancel(seat)
        loop = asyncio.get_running_loop()
        for seat in sorted(timed - set(self.deadlines)):
            deadline = loop.time() + self.seconds
            self.deadlines[seat] = deadline
            self._handles[seat] = loop.call_at(deadline, expire, seat, deadline)

    def hand_to_bot(self, seat: int, deadline: float) -> bool:
        """Let a bot play ``seat`` if ``deadline`` is still its deadline (not one that a move
        or a take-back has ended meanwhile); whether it did."""
        if self.deadlines.get(seat) != deadline:
            return False
        self._cancel(seat)
        self.by_bot.add(seat)
        return True

    def take_back(self, seat: int) -> bool:
        """Give ``seat`` back to its player; whether a bot was playing it."""
        if seat not in self.by_bot:
            return False
        self.by_bot.discard(seat)
        return True

    def stop(self) -> None:
        """Stop every seat's time and let no bot stand in for anyone any more (the table
        ended, or the server stops)."""
        for seat in list(self.deadlines):
            self._cancel(seat)
        self.by_bot.clear()

    def _cancel(self, seat: int) -> None:
        self.deadlines.pop(seat, None)
        handle = self._handles.pop(seat, None)
        if handle is not None:
            handle.cancel()

    def message(self, now: float) -> dict[str, Any] | None:
        """The ``clock`` message at the loop's time ``now``: the timer's seconds, the seconds
        each timed seat has left (to a tenth) and the seats a bot plays; ``None`` for a table
        without a timer."""
        if self.seconds is None:
            return None
        return {
            "type": "clock",
            "move_time": self.seconds,
            "left": [
                {"seat": seat, "seconds": round(max(0.0, deadline - now), 1)}
                for seat, deadline in sorted(self.deadlines.items())
            ],
            "by_bot": sorted(self.by_bot),
        }
