"""What each legal move of Sticheln would do, in a few words, for a player about to choose:
whether a card would take the trick as it stands (:rule:`ST-TRICK-2`), and which pain colour a
pain card gives (:rule:`ST-PAIN-2`).

>>> import sticheln as st
>>> state = st.new_game(players=3, seed=1)
>>> move = st.legal_moves(state, 0)[0]
>>> move.card, move_hint(st.observe(state, 0), move)
(Card(Color.RED, 0), 'makes red your pain colour')
"""

from __future__ import annotations

from sticheln.core.i18n import color_name
from sticheln.core.i18n import gettext as _
from sticheln.sticheln.moves import ChoosePain, StichelnMove
from sticheln.sticheln.trick import trick_winner
from sticheln.sticheln.view import StichelnView

__all__ = ["move_hint"]


def move_hint(view: StichelnView, move: StichelnMove) -> str:
    """What ``move`` would do in ``view``, its player's: a pain card's colour, or whether a
    card would take the trick if it ended with it."""
    if isinstance(move, ChoosePain):
        return _("makes {color} your pain colour").format(color=color_name(move.card.color))
    cards = [card for _seat, card in view.current_trick] + [move.card]
    if trick_winner(cards) == len(cards) - 1:
        return _("would take the trick now")
    return _("would not take the trick now")
