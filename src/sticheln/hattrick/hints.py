"""What each legal move of Hattrick would do, in a few words, for a player about to choose,
with the points it would bring where the rules make them known at that moment.

A card added to the open trick of its colour (:rule:`HT-PLAY-1`) or opening a trick
(:rule:`HT-PLAY-2`) takes that trick as it stands when it is the trick's highest card
(:rule:`HT-TRICK-1`; the players after it in the turn may still play higher). Its points are
what the trick's cards would change in the player's score of the hand as it stands: each
won card of the colour of which the player has won most counts +1, each other one -1
(:rule:`HT-SCORE-1`, :rule:`HT-SCORE-2`), so a card's points are known only against the
cards won so far. A card that opens a trick is its only card, so takes it as it stands; a card that
follows and would not take its trick now names the card that would. A
passed card costs :data:`~sticheln.hattrick.PASS_PENALTY` points whatever else happens
(:rule:`HT-PLAY-3`, :rule:`HT-SCORE-3`).

>>> from sticheln import Card
>>> from sticheln.hattrick import Pass
>>> from sticheln.hattrick.hints import move_hint
>>> move_hint(None, Pass(0, Card.parse("G5")))
'passed: -2 points'
"""

from __future__ import annotations

from sticheln.core.i18n import color_name, ngettext
from sticheln.core.i18n import gettext as _
from sticheln.hattrick.moves import Follow, HattrickMove, Pass
from sticheln.hattrick.scoring import PASS_PENALTY, hand_score
from sticheln.hattrick.turn import trick_taker
from sticheln.hattrick.view import HattrickView

__all__ = ["move_hint"]


def move_hint(view: HattrickView | None, move: HattrickMove) -> str:
    """What ``move`` would do in ``view``, its player's: the trick it follows or opens, and
    the points that trick would bring the player if the turn ended now, or the card that
    would take it instead; or what a pass costs (the view is not read for a pass)."""
    if isinstance(move, Pass):
        return _("passed: -{points} points").format(points=PASS_PENALTY)
    if view is None:
        raise TypeError("a Hattrick move hint for a card played needs the player's view")
    card = move.card
    color = color_name(card.color)
    trick = [card]
    if isinstance(move, Follow):
        shown = [played for played in view.turn_cards if played is not None]
        trick = [played for played in shown if played.color == card.color] + trick
        taker = trick[trick_taker(trick)]
        if taker != card:
            return _("follows {color}, {card} takes it now").format(color=color, card=taker)
    won = view.won[view.player]
    points = hand_score([*won, *trick], 0) - hand_score(won, 0)
    signed = f"+{points}" if points > 0 else str(points)
    if isinstance(move, Follow):
        text = ngettext(
            "follows {color}, takes it now: {points} point",
            "follows {color}, takes it now: {points} points",
            abs(points),
        )
    else:
        text = ngettext(
            "opens {color}, takes it now: {points} point",
            "opens {color}, takes it now: {points} points",
            abs(points),
        )
    return text.format(color=color, points=signed)
