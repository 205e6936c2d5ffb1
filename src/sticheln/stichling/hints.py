"""What each legal move of Stichling would do, in a few words, for a player about to choose:
open a trick (:rule:`SL-PLAY-2`), add to an open trick of its colour (:rule:`SL-PLAY-3`), or
be discarded onto a trick of another colour, where it never holds the marker
(:rule:`SL-PLAY-5`). Tricks are counted from 1, as the table shows them.

>>> from sticheln import Card
>>> from sticheln.stichling import OpenTrick
>>> from sticheln.stichling.hints import move_hint
>>> move_hint(None, OpenTrick(0, Card.parse("G5")))
'opens a trick'
"""

from __future__ import annotations

from typing import Any

from sticheln.core.i18n import gettext as _
from sticheln.stichling.moves import AddToTrick, OpenTrick, StichlingMove
from sticheln.stichling.view import StichlingView

__all__ = ["move_hint"]


def move_hint(view: Any, move: StichlingMove) -> str | None:
    """What ``move`` would do in ``view``, its player's (``None`` for a row of victory
    points)."""
    if isinstance(move, OpenTrick):
        return _("opens a trick")
    if isinstance(move, AddToTrick) and isinstance(view, StichlingView):
        trick = view.open_tricks[move.trick]
        if trick.color == move.card.color:
            return _("adds to trick {number}").format(number=move.trick + 1)
        return _("discarded onto trick {number}").format(number=move.trick + 1)
    return None
