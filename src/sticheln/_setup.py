"""Checks and helpers for starting a game, shared by every game of the library."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from sticheln.cards import Card, CardSet
from sticheln.errors import CardError, SetupError, UnknownPlayerError


def check_seat(player: object, players: int) -> None:
    """:raises UnknownPlayerError: if ``player`` is not a seat of a ``players``-player game."""
    if type(player) is not int or not 0 <= player < players:
        raise UnknownPlayerError(f"player {player!r} is not a seat of this {players}-player game")


def check_first_leader(first_leader: object, players: int) -> None:
    """:raises SetupError: if ``first_leader`` is not a seat."""
    if type(first_leader) is not int or not 0 <= first_leader < players:
        raise SetupError(
            f"first_leader must be a seat from 0 to {players - 1}, got {first_leader!r}"
        )


def seeded_rng(seed: int | random.Random | None) -> tuple[random.Random, int | None]:
    """The generator for ``seed``, and the ``int`` seed to record (``None`` for a generator
    handed in). ``None`` draws a fresh seed from the system, so that the game is still
    recorded with the seed that made it.

    :raises SetupError: for a seed of another type.
    """
    if isinstance(seed, random.Random):
        return seed, None
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    elif type(seed) is not int:
        raise SetupError(f"seed must be an int, a random.Random or None, got {seed!r}")
    return random.Random(seed), seed


def check_hands(
    hands: object, deck: CardSet, size: int, players: int, where: str
) -> tuple[CardSet, ...]:
    """One deal given by the caller (per seat, cards or card names) as card sets, checked:
    one hand of ``size`` distinct cards of ``deck`` per seat, no card in two hands.

    :raises SetupError: naming the deal and seat at fault (``where`` is e.g. ``deals[1]``).
    """
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise SetupError(f"{where} must be a sequence with the cards of each seat")
    if len(hands) != players:
        raise SetupError(f"{where}: {len(hands)} hands given for {players} players")
    seen = CardSet()
    parsed = []
    for p, hand in enumerate(hands):
        try:
            if isinstance(hand, str):
                cards = CardSet.parse(hand)
                given = len(hand.replace(",", " ").split())
            elif isinstance(hand, Iterable):
                items: list[Card | str] = list(hand)
                cards = CardSet.of(items)
                given = len(items)
            else:
                raise SetupError(f"{where}[{p}] must be cards or card names, got {hand!r}")
        except (CardError, TypeError) as exc:
            raise SetupError(f"{where}[{p}]: {exc}") from None
        if given != len(cards):
            raise SetupError(f"{where}[{p}]: a card appears twice in the hand")
        if len(cards) != size:
            raise SetupError(
                f"{where}[{p}]: {len(cards)} cards, every hand has {size} with {players} players"
            )
        if not cards.issubset(deck):
            raise SetupError(f"{where}[{p}]: {cards - deck} not in the deck for {players} players")
        if not cards.isdisjoint(seen):
            raise SetupError(f"{where}[{p}]: {cards & seen} dealt to two players")
        seen |= cards
        parsed.append(cards)
    return tuple(parsed)


SEAT_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}
"""For each player count (once :func:`seat_orders` has seen it) and each leader, the seats in
play order from that leader; engines index it on their hot paths."""


def seat_orders(players: int) -> tuple[tuple[int, ...], ...]:
    """The seats in play order from each leader of a ``players``-player game (kept in
    :data:`SEAT_ORDERS`)."""
    orders = SEAT_ORDERS.get(players)
    if orders is None:
        orders = SEAT_ORDERS[players] = tuple(
            tuple((leader + i) % players for i in range(players)) for leader in range(players)
        )
    return orders
