"""Seats as people read them. The library counts seats from 0 (``legal_moves(state, 0)``, the
records, the wire format); every text a person reads (the terminal, the web page, the
server's error messages) names a seat by its name or counts from 1, as people count.

The engines' reasons for an illegal move name seats as the library does ("player 0", "seat
2"); :func:`name_seats` rewords them for a person:

>>> names = ["You", "#2", "#3"]
>>> name_seats("R5 is not in player 0's hand", names, me=0)
'R5 is not in your hand'
>>> name_seats("it is player 2's turn, not player 0's", names, me=0)
"it is #3's turn, not yours"
>>> name_seats("there is no seat 4 in a 3-player game", names)
'there is no seat 5 in a 3-player game'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from sticheln.core.errors import RecordError

__all__ = ["name_seats", "record_problem", "seat_label", "seat_number"]

_SEAT = re.compile(r"\b(?:not )?(?:player|seat) (\d{1,9})('s)?|\b(?:Spieler|Platz) (\d{1,9})\b")
"""A seat as the engines' reasons name it, in English ("player 2's", "not seat 0's") or in
German ("Spieler 2", "Platz 0")."""

_YOURS: Final = (
    (r"\bnot player {me}'s", "not yours"),
    (r"\bplayer {me}'s", "your"),
    (r"\bplayer {me} has\b", "you have"),
    (r"\bder Hand von Spieler {me}\b", "deiner Hand"),
    (r"\bnicht Spieler {me}\b", "nicht du"),
    (r"\bSpieler {me} hat\b", "du hast"),
    (r"\bSpieler {me} ist\b", "du bist"),
)
"""How a reason speaks of the seat of the person who reads it, in English and in German: the
pattern with the seat's number for ``{me}``, and the words that replace it."""


def seat_number(seat: int) -> int:
    """The number people read for the library's ``seat``: counted from 1."""
    return seat + 1


def seat_label(seat: int) -> str:
    """The short name of the library's ``seat`` on a terminal: ``#1`` for seat 0 (the web page
    says "Player 1")."""
    return f"#{seat_number(seat)}"


def name_seats(text: str, names: Sequence[str], me: int | None = None) -> str:
    """``text`` with every seat the library names in it ("player 2", "seat 0's", in German
    "Spieler 2", "Platz 0") named as people read it: by ``names[seat]``, the seat ``me`` as
    "your" ("not yours", "you have"; in German "deiner Hand", "nicht du", "du hast"), and a
    number that is no seat of ``names`` counted from 1 ("seat 5", "Platz 5").

    >>> name_seats("Spieler 2 ist am Zug, nicht Spieler 0", ["Du", "#2", "#3"], me=0)
    '#3 ist am Zug, nicht du'
    """
    if me is not None:
        for pattern, yours in _YOURS:
            text = re.sub(pattern.format(me=me), yours, text)

    def named(match: re.Match[str]) -> str:
        if match.group(1) is None:  # German: "Spieler 2", "Platz 0"
            seat = int(match.group(3))
            if seat >= len(names):
                return f"Platz {seat_number(seat)}"
            return names[seat]
        seat = int(match.group(1))
        negated = match.group(0).startswith("not ")
        owner = match.group(2) is not None
        if seat == me and owner:
            return "not yours" if negated else "your"
        prefix = "not " if negated else ""
        if seat >= len(names):
            return f"{prefix}seat {seat_number(seat)}{match.group(2) or ''}"
        return f"{prefix}{names[seat]}{match.group(2) or ''}"

    return _SEAT.sub(named, text)


def record_problem(error: RecordError, names: Sequence[str] = ()) -> str:
    """What a person reads of a record that does not load: for a recorded move that is not
    legal, its number and the reason, the seats named by ``names`` or counted from 1 (the
    library's message counts them from 0 and adds the move's representation for
    programmers); else the library's message.

    >>> from sticheln.core.errors import IllegalMoveError
    >>> illegal = IllegalMoveError("...", reason="B12 is not in player 0's hand")
    >>> record_problem(RecordError("move 5: ...", number=5, illegal=illegal))
    "move 5: B12 is not in seat 1's hand"
    """
    if error.number is None or error.illegal is None:
        return str(error)
    return f"move {error.number}: {name_seats(error.illegal.reason, names)}"
