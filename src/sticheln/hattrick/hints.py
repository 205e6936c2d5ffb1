"""What each legal move of Hattrick would do, in a few words, for a player about to choose:
follow the open trick of its colour (:rule:`HT-PLAY-1`), open a trick (:rule:`HT-PLAY-2`), or
be passed, at a cost of :data:`~sticheln.hattrick.PASS_PENALTY` points (:rule:`HT-PLAY-3`,
:rule:`HT-SCORE-3`).

>>> from sticheln import Card
>>> from sticheln.hattrick import Pass
>>> from sticheln.hattrick.hints import move_hint
>>> move_hint(None, Pass(0, Card.parse("G5")))
'passed: -2 points'
"""

from __future__ import annotations

from typing import Any

from sticheln.core.i18n import color_name
from sticheln.core.i18n import gettext as _
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick
from sticheln.hattrick.scoring import PASS_PENALTY

__all__ = ["move_hint"]


def move_hint(view: Any, move: HattrickMove) -> str:
    """What ``move`` would do: the card decides it (:rule:`HT-PLAY-4`), so the view is not
    read."""
    color = color_name(move.card.color)
    if isinstance(move, Follow):
        return _("follows the {color} trick").format(color=color)
    if isinstance(move, OpenTrick):
        return _("opens a {color} trick").format(color=color)
    return _("passed: -{points} points").format(points=PASS_PENALTY)
