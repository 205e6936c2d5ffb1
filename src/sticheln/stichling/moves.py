"""The moves of Stichling: ordering the victory-point cards, opening a trick, and adding a card
to an open trick, and the text a person types for each.

>>> from sticheln import Card
>>> move_text(OpenTrick(0, Card.parse("R7"))), move_text(AddToTrick(1, Card.parse("R7"), 1))
('R7+', 'R7>2')
>>> move_text(ArrangePoints(2, (3, 1, 2)))
'3,1,2'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

import attrs

from sticheln.core.cards import _ALL_CARDS, Card
from sticheln.core.errors import IllegalMoveError, WrongTypeError, excerpt
from sticheln.core.i18n import gettext
from sticheln.core.moves import check_move_card, check_move_player
from sticheln.core.setup import SeatTable, wrong_type
from sticheln.core.wire import WireValue, from_wire
from sticheln.stichling.rules import OPEN_TRICKS

__all__ = [
    "AddToTrick",
    "ArrangePoints",
    "OpenTrick",
    "StichlingMove",
    "move_from_dict",
    "move_text",
]


def _order(value: object) -> tuple[int, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise WrongTypeError(
            f"ArrangePoints.order must be a sequence of ints, got {excerpt(value)}"
        )
    return tuple(value)


def _check_order(
    instance: object, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[int, ...]
) -> None:
    if not all(type(v) is int for v in value):
        raise WrongTypeError(f"ArrangePoints.order must hold ints, got {excerpt(value)}")
    if len(value) != 3:
        raise IllegalMoveError(f"ArrangePoints.order must have three values, got {excerpt(value)}")


def _check_trick(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise WrongTypeError(f"AddToTrick.trick must be an int, got {excerpt(value)}")
    if not 0 <= value < OPEN_TRICKS:
        raise IllegalMoveError(
            f"AddToTrick.trick must be the index of an open trick, 0 to {OPEN_TRICKS - 1}, "
            f"got {excerpt(value)}"
        )


@attrs.frozen
class ArrangePoints(WireValue):
    """Lay the hand's three victory-point cards face down in ``order``: the value of the card
    the first won trick turns up, then the second's, then the third's (:rule:`SL-VP-2`)."""

    wire_game = "stichling"

    player: int = attrs.field(validator=check_move_player)
    """The seat of the player."""
    order: tuple[int, ...] = attrs.field(converter=_order, validator=_check_order)
    """The values of the player's victory-point cards for the hand, in the order they are
    turned up."""

    def __str__(self) -> str:
        return gettext("{player} orders the victory points {order}").format(
            player=self.player, order=move_text(self)
        )


@attrs.frozen
class OpenTrick(WireValue):
    """Open a new trick with ``card`` (:rule:`SL-PLAY-2`)."""

    wire_game = "stichling"

    player: int = attrs.field(validator=check_move_player)
    """The seat of the player."""
    card: Card = attrs.field(validator=check_move_card)
    """The card played."""

    def __str__(self) -> str:
        return gettext("{player} opens a trick with {card}").format(
            player=self.player, card=self.card
        )


@attrs.frozen
class AddToTrick(WireValue):
    """Add ``card`` to the open trick at index ``trick`` of
    :attr:`StichlingState.open_tricks <sticheln.stichling.StichlingState.open_tricks>`: a trick
    of its colour (:rule:`SL-PLAY-3`), or one of another colour as a discard
    (:rule:`SL-PLAY-5`)."""

    wire_game = "stichling"

    player: int = attrs.field(validator=check_move_player)
    """The seat of the player."""
    card: Card = attrs.field(validator=check_move_card)
    """The card played."""
    trick: int = attrs.field(validator=_check_trick)
    """The index of the trick among the open tricks, in the order they were opened, from 0
    (the text of the move counts from 1)."""

    def __str__(self) -> str:
        return gettext("{player} adds {card} to open trick {trick}").format(
            player=self.player, card=self.card, trick=self.trick + 1
        )


StichlingMove: TypeAlias = ArrangePoints | OpenTrick | AddToTrick
"""Any move of Stichling."""


def move_from_dict(data: object) -> StichlingMove:
    """The move whose JSON form (:meth:`~sticheln.core.wire.WireValue.to_dict`) is ``data``.

    >>> from sticheln.stichling import move_from_dict
    >>> move_from_dict({"game": "stichling", "type": "AddToTrick", "version": 1,
    ...                 "player": 1, "card": "R7", "trick": 2})
    AddToTrick(player=1, card=Card(Color.RED, 7), trick=2)

    :raises WireError: naming the key or field that is missing or wrong.
    :raises WrongTypeError: if ``data`` is not a mapping.
    """
    classes: tuple[type[StichlingMove], ...] = (ArrangePoints, OpenTrick, AddToTrick)
    return from_wire(data, "stichling", classes)


def move_text(move: StichlingMove) -> str:
    """The text of a move for people: ``R7+`` opens a trick with R7, ``R7>2`` adds R7 to the
    second open trick (open tricks are numbered from 1 in the text, in the order they were
    opened), and ``3,1,2`` orders the victory-point cards; :func:`parse_move
    <sticheln.stichling.parse_move>` reads each back.

    :raises WrongTypeError: if ``move`` is not a move of Stichling.
    """
    if isinstance(move, OpenTrick):
        return f"{move.card}+"
    if isinstance(move, AddToTrick):
        return f"{move.card}>{move.trick + 1}"
    if isinstance(move, ArrangePoints):
        return ",".join(map(str, move.order))
    raise wrong_type(move, (ArrangePoints, OpenTrick, AddToTrick), "move")


def _seat_moves(seat: int) -> tuple[tuple[OpenTrick, ...], tuple[tuple[AddToTrick, ...], ...]]:
    return (
        tuple(OpenTrick(seat, card) for card in _ALL_CARDS),
        tuple(tuple(AddToTrick(seat, card, t) for card in _ALL_CARDS) for t in range(OPEN_TRICKS)),
    )


PLAY_MOVES: SeatTable[tuple[tuple[OpenTrick, ...], tuple[tuple[AddToTrick, ...], ...]]] = SeatTable(
    _seat_moves
)
"""For each seat, the shared move objects: the :class:`OpenTrick` of every card by card
index, and for each open trick the :class:`AddToTrick` of every card by card index."""
