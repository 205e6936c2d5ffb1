"""What the moves of every game share: the checks of their fields, and reading the card a
player typed into one of their legal moves."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import attrs

from sticheln.core.cards import _CARD_TEXT, _COLOR_BY_NAME, Card, CardSet, Color
from sticheln.core.errors import (
    CardError,
    IllegalMoveError,
    InvalidMoveError,
    WrongTypeError,
    excerpt,
)
from sticheln.core.i18n import gettext
from sticheln.core.setup import check_seat_number

__all__ = [
    "CardMove",
    "check_move_card",
    "check_move_player",
    "find_card_move",
    "no_such_seat",
    "not_in_hand",
    "parse_game_card",
]


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


def not_in_hand(move: object, card: Card, player: int) -> IllegalMoveError:
    """The refusal of ``move``, which plays ``card``, a card not in ``player``'s hand, in the
    current language.

    >>> from sticheln import Card
    >>> not_in_hand("a move", Card.parse("R5"), 0).reason
    "R5 is not in player 0's hand"
    """
    reason = gettext("{card} is not in player {player}'s hand").format(card=card, player=player)
    return IllegalMoveError.of(move, reason)


def no_such_seat(move: object, player: int, players: int) -> IllegalMoveError:
    """The refusal of ``move`` by ``player``, who has no seat in a game of ``players``
    players, in the current language.

    >>> no_such_seat("a move", 5, 4).reason
    'there is no seat 5 in a 4-player game'
    """
    reason = gettext("there is no seat {player} in a {count}-player game").format(
        player=player, count=players
    )
    return IllegalMoveError.of(move, reason)


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


def _deck_text(deck: CardSet) -> str:
    """The colours and values of ``deck``, for an error message: ``"colours R, G, B; values
    run 1 to 20"``."""
    present = {card.color for card in deck}
    values = [card.value for card in deck]
    letters = ", ".join(color.letter for color in Color if color in present)
    return f"colours {letters}; values run {min(values)} to {max(values)}"


def parse_game_card(text: str, deck: CardSet) -> Card:
    """The card of the game's ``deck`` that ``text`` names (as :meth:`Card.parse
    <sticheln.Card.parse>` reads it); a card outside the deck is refused naming the colours
    and values of the deck.

    >>> from sticheln import CardSet, InvalidMoveError
    >>> from sticheln.core.moves import parse_game_card
    >>> deck = CardSet.parse("R0 R1 R2 B0 B1 B2")
    >>> parse_game_card("b2", deck)
    Card(Color.BLUE, 2)
    >>> try:
    ...     parse_game_card("R99", deck)
    ... except InvalidMoveError as error:
    ...     print(error)
    'R99' is not a card of this game (colours R, B; values run 0 to 2)

    :raises WrongTypeError: if ``text`` is not a string.
    :raises InvalidMoveError: if ``text`` names no card of ``deck``; the message names the
        colours and values of ``deck``.
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"a move's text must be a string, got {type(text).__name__}")
    try:
        card = Card.parse(text)
    except CardError as exc:
        match = _CARD_TEXT.fullmatch(text)
        if match is None or match.group(1).lower() not in _COLOR_BY_NAME or not deck:
            raise InvalidMoveError(str(exc)) from None
        # A known colour with a value above any card's: not a card of this game either.
        raise InvalidMoveError(
            f"{excerpt(text)} is not a card of this game ({_deck_text(deck)})"
        ) from None
    if deck and card not in deck:
        raise InvalidMoveError(f"{card} is not a card of this game ({_deck_text(deck)})")
    return card


def check_move_text(text: object) -> None:
    """Check the ``text`` given to a game's ``parse_move`` before anything else, so that a
    text of the wrong type is named as such whatever else is wrong.

    :raises WrongTypeError: if it is not a string.
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"a move's text must be a string, got {type(text).__name__}")


def find_card_move(
    text: str,
    moves: Sequence[MoveT],
    explain: Callable[[Card], object],
    deck: CardSet | None = None,
) -> MoveT:
    """The move among a player's legal ``moves`` that plays the card ``text`` names (``"B11"``,
    ``"b11"``, ``"blue 11"``).

    ``explain(card)`` is called for a card that no legal move plays: it raises the game's
    :class:`~sticheln.IllegalMoveError` saying why the card cannot be played now (typically
    by applying the move the card would make). With the game's ``deck``, the error for a
    value above every card's names the deck's colours and values (:func:`parse_game_card`).

    :raises WrongTypeError: if ``text`` is not a string.
    :raises InvalidMoveError: if ``text`` names no card.
    :raises IllegalMoveError: if the card cannot be played now.
    """
    check_move_text(text)
    if deck is not None:
        card = parse_game_card(text, deck)
    else:
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
