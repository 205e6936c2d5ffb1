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

from sticheln.cards import _ALL_CARDS, Card

__all__ = ["ChoosePain", "Move", "PlayCard"]


def _check_player(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise TypeError(
            f"{type(instance).__name__}.player must be a seat number (an int >= 0), got {value!r}"
        )


def _check_card(instance: object, attribute: attrs.Attribute[Card], value: Card) -> None:
    if not isinstance(value, Card):
        raise TypeError(f"{type(instance).__name__}.card must be a Card, got {value!r}")


@attrs.frozen
class ChoosePain:
    """Put ``card`` face down as the player's pain card for the round (:rule:`ST-PAIN-1`)."""

    player: int = attrs.field(validator=_check_player)
    """The seat of the player."""
    card: Card = attrs.field(validator=_check_card)
    """The card chosen; its colour becomes the player's pain colour (:rule:`ST-PAIN-2`)."""

    def __str__(self) -> str:
        return f"{self.player} chooses pain card {self.card}"


@attrs.frozen
class PlayCard:
    """Play ``card`` from the player's hand to the current trick (:rule:`ST-PLAY-1`)."""

    player: int = attrs.field(validator=_check_player)
    """The seat of the player."""
    card: Card = attrs.field(validator=_check_card)
    """The card played."""

    def __str__(self) -> str:
        return f"{self.player} plays {self.card}"


Move: TypeAlias = ChoosePain | PlayCard
"""Any move of Sticheln."""

_play_moves: list[tuple[PlayCard, ...]] = []
_pain_moves: list[tuple[ChoosePain, ...]] = []


def ensure_seats(players: int) -> None:
    """Build the shared move objects for seats up to ``players`` (done once per seat)."""
    while len(_play_moves) < players:
        seat = len(_play_moves)
        _play_moves.append(tuple(PlayCard(seat, card) for card in _ALL_CARDS))
        _pain_moves.append(tuple(ChoosePain(seat, card) for card in _ALL_CARDS))


ensure_seats(8)
