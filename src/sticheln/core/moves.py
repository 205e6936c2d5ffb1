"""What the moves of every game share: the checks of their fields, and reading the card a
player typed into one of their legal moves."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import attrs

from sticheln.core.cards import Card
from sticheln.core.errors import (
    CardError,
    IllegalMoveError,
    InvalidMoveError,
    WrongTypeError,
    excerpt,
)
from sticheln.core.setup import check_seat_number

__all__ = ["CardMove", "check_move_card", "check_move_player", "find_card_move"]


class CardMove(Protocol):
    """A move that plays one card of its player's hand."""

    @property
    def player(self) -> int:
        """The seat of the player who makes the move."""
        ...

    @property
    def card(self) -> Card:
        """The card played."""
        ...


MoveT = TypeVar("MoveT", bound=CardMove)


def check_move_player(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    """The attrs validator of a move's ``player``: a seat number.

    :raises WrongTypeError: for anything but an ``int`` (``True`` included).
    :raises UnknownPlayerError: for a negative number.
    """
    check_seat_number(value, f"{type(instance).__name__}.player")


def check_move_card(instance: object, attribute: attrs.Attribute[Card], value: Card) -> None:
    """The attrs validator of a move's ``card``.

    :raises WrongTypeError: for anything but a :class:`~sticheln.Card`.
    """
    if not isinstance(value, Card):
        raise WrongTypeError(f"{type(instance).__name__}.card must be a Card, got {excerpt(value)}")


def find_card_move(text: str, moves: Sequence[MoveT], explain: Callable[[Card], object]) -> MoveT:
    """The move among a player's legal ``moves`` that plays the card ``text`` names (``"B11"``,
    ``"b11"``, ``"blue 11"``).

    ``explain(card)`` is called for a card that no legal move plays: it raises the game's
    :class:`~sticheln.IllegalMoveError` saying why the card cannot be played now (typically
    by applying the move the card would make).

    :raises WrongTypeError: if ``text`` is not a string.
    :raises InvalidMoveError: if ``text`` names no card.
    :raises IllegalMoveError: if the card cannot be played now.
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"a move's text must be a string, got {type(text).__name__}")
    try:
        card = Card.parse(text)
    except CardError as exc:
        raise InvalidMoveError(str(exc)) from None
    index = card.index
    for move in moves:
        if move.card.index == index:
            return move
    explain(card)
    raise IllegalMoveError(f"{card} cannot be played now")
