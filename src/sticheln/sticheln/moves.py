"""The moves of Sticheln: choosing a pain card and playing a card.

Moves are small frozen values; :func:`~sticheln.legal_moves` lists the legal ones and
:func:`~sticheln.apply_move` applies one.

>>> from sticheln import Card
>>> PlayCard(2, Card.parse("R3"))
PlayCard(player=2, card=Card(Color.RED, 3))
>>> str(PlayCard(2, Card.parse("R3")))
'2 plays R3'
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from sticheln.core.cards import _ALL_CARDS, Card
from sticheln.core.i18n import gettext
from sticheln.core.moves import check_move_card, check_move_player
from sticheln.core.setup import SeatTable
from sticheln.core.wire import WireValue, from_wire

__all__ = ["ChoosePain", "PlayCard", "StichelnMove", "move_from_dict"]


@attrs.frozen
class ChoosePain(WireValue):
    """Put ``card`` face down as the player's pain card for the round (:rule:`ST-PAIN-1`)."""

    wire_game = "sticheln"

    player: int = attrs.field(validator=check_move_player)
    """The seat of the player."""
    card: Card = attrs.field(validator=check_move_card)
    """The card chosen; its colour becomes the player's pain colour (:rule:`ST-PAIN-2`)."""

    def __str__(self) -> str:
        return gettext("{player} chooses pain card {card}").format(
            player=self.player, card=self.card
        )


@attrs.frozen
class PlayCard(WireValue):
    """Play ``card`` from the player's hand to the current trick (:rule:`ST-PLAY-1`)."""

    wire_game = "sticheln"

    player: int = attrs.field(validator=check_move_player)
    """The seat of the player."""
    card: Card = attrs.field(validator=check_move_card)
    """The card played."""

    def __str__(self) -> str:
        return gettext("{player} plays {card}").format(player=self.player, card=self.card)


StichelnMove: TypeAlias = ChoosePain | PlayCard
"""Any move of Sticheln."""


_MOVE_CLASSES: tuple[type[StichelnMove], ...] = (ChoosePain, PlayCard)
"""The classes of Sticheln's moves, as the type of any of them (for :func:`from_wire`)."""


def move_from_dict(data: object) -> StichelnMove:
    """The move whose JSON form (:meth:`~sticheln.core.wire.WireValue.to_dict`) is ``data``.

    >>> from sticheln import move_from_dict
    >>> move_from_dict({"game": "sticheln", "type": "ChoosePain", "version": 1,
    ...                 "player": 1, "card": "B11"})
    ChoosePain(player=1, card=Card(Color.BLUE, 11))

    :raises WireError: naming the key or field that is missing or wrong.
    :raises WrongTypeError: if ``data`` is not a mapping.
    """
    return from_wire(data, "sticheln", _MOVE_CLASSES)


PLAY_MOVES: SeatTable[tuple[PlayCard, ...]] = SeatTable(
    lambda seat: tuple(PlayCard(seat, card) for card in _ALL_CARDS), seats=8
)
"""For each seat, the shared :class:`PlayCard` move of every card, by card index."""
PAIN_MOVES: SeatTable[tuple[ChoosePain, ...]] = SeatTable(
    lambda seat: tuple(ChoosePain(seat, card) for card in _ALL_CARDS), seats=8
)
"""For each seat, the shared :class:`ChoosePain` move of every card, by card index."""
