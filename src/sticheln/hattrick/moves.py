"""The moves of Hattrick: following, opening a trick and passing.

Each move names the player and the card. The card decides which of the three moves is legal
(:func:`~sticheln.hattrick.action_for`), so a player's legal moves differ in their cards;
:func:`~sticheln.hattrick.move_for` finds the legal move for a card.

>>> Pass(2, Card.parse("G5"))
Pass(player=2, card=Card(Color.GREEN, 5))
>>> str(OpenTrick(0, Card.parse("R8"))), Follow.action
('0 opens a trick with R8', <Action.FOLLOW: 'follow'>)
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from sticheln.core.cards import _ALL_CARDS, Card
from sticheln.core.i18n import gettext
from sticheln.core.moves import check_move_card, check_move_player
from sticheln.core.setup import SeatTable
from sticheln.core.wire import WireValue, from_wire
from sticheln.hattrick.turn import Action

__all__ = ["Follow", "HattrickMove", "OpenTrick", "Pass", "move_from_dict"]


@attrs.frozen
class Follow(WireValue):
    """Add ``card`` to the open trick of its colour (:rule:`HT-PLAY-1`)."""

    wire_game = "hattrick"

    action: ClassVar[Action] = Action.FOLLOW
    """What the move does: :attr:`Action.FOLLOW`."""
    player: int = attrs.field(validator=check_move_player)
    """The seat of the player."""
    card: Card = attrs.field(validator=check_move_card)
    """The card played."""

    def __str__(self) -> str:
        return gettext("{player} follows with {card}").format(player=self.player, card=self.card)


@attrs.frozen
class OpenTrick(WireValue):
    """Open a trick with ``card``: the first card of a turn (:rule:`HT-TURN-1`), or the
    second trick of the turn in another colour (:rule:`HT-PLAY-2`)."""

    wire_game = "hattrick"

    action: ClassVar[Action] = Action.OPEN
    """What the move does: :attr:`Action.OPEN`."""
    player: int = attrs.field(validator=check_move_player)
    """The seat of the player."""
    card: Card = attrs.field(validator=check_move_card)
    """The card played."""

    def __str__(self) -> str:
        return gettext("{player} opens a trick with {card}").format(
            player=self.player, card=self.card
        )


@attrs.frozen
class Pass(WireValue):
    """Show ``card``, of the third colour, and lay it face down on the player's pass pile
    (:rule:`HT-PLAY-3`)."""

    wire_game = "hattrick"

    action: ClassVar[Action] = Action.PASS
    """What the move does: :attr:`Action.PASS`."""
    player: int = attrs.field(validator=check_move_player)
    """The seat of the player."""
    card: Card = attrs.field(validator=check_move_card)
    """The card passed."""

    def __str__(self) -> str:
        return gettext("{player} passes {card}").format(player=self.player, card=self.card)


HattrickMove: TypeAlias = Follow | OpenTrick | Pass
"""Any move of Hattrick."""


def move_from_dict(data: object) -> HattrickMove:
    """The move whose JSON form (:meth:`~sticheln.core.wire.WireValue.to_dict`) is ``data``.

    >>> from sticheln.hattrick import move_from_dict
    >>> move_from_dict({"game": "hattrick", "type": "Pass", "version": 1,
    ...                 "player": 3, "card": "G5"})
    Pass(player=3, card=Card(Color.GREEN, 5))

    :raises WireError: naming the key or field that is missing or wrong.
    :raises WrongTypeError: if ``data`` is not a mapping.
    """
    classes: tuple[type[HattrickMove], ...] = (Follow, OpenTrick, Pass)
    return from_wire(data, "hattrick", classes)


_Table: TypeAlias = tuple[tuple[Follow, ...], tuple[OpenTrick, ...], tuple[Pass, ...]]


def _seat_moves(seat: int) -> _Table:
    return (
        tuple(Follow(seat, card) for card in _ALL_CARDS),
        tuple(OpenTrick(seat, card) for card in _ALL_CARDS),
        tuple(Pass(seat, card) for card in _ALL_CARDS),
    )


MOVE_TABLES: SeatTable[_Table] = SeatTable(_seat_moves)
"""For each seat, the shared move objects: follows, opens and passes, each by card index."""


def move_table(seat: int) -> _Table:
    """The shared move objects of one seat: follows, opens and passes, each by card index."""
    return MOVE_TABLES.ensure(seat + 1)[seat]
