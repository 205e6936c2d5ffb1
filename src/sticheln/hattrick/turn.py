"""Turns and tricks of Hattrick: pure functions of the cards played, usable without a game.

In a turn every player plays one card. What a card does follows from its colour and the tricks
already open: it is added to the open trick of its colour, opens a trick if only one is open,
or is passed.

>>> cards = [Card.parse(name) for name in ["R10", "B4", "R12", "G15"]]
>>> [action.value for action in turn_actions(cards)]
['open', 'open', 'follow', 'pass']
>>> trick_taker([Card.parse("R10"), Card.parse("R12")])
1
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

import attrs

from sticheln.core.cards import Card, Color
from sticheln.core.tricks import Trick
from sticheln.hattrick.rules import LeadTie

__all__ = ["Action", "Turn", "action_for", "next_leader", "trick_taker", "turn_actions"]


class Action(Enum):
    """What a card does in a turn."""

    OPEN = "open"
    """The card opens a trick: the first card of the turn (:rule:`HT-TURN-1`), or a card of
    another colour while one trick is open (:rule:`HT-PLAY-2`)."""
    FOLLOW = "follow"
    """The card is added to the open trick of its colour (:rule:`HT-PLAY-1`)."""
    PASS = "pass"
    """The card, of the third colour while two tricks are open, goes face down to the player's
    pass pile (:rule:`HT-PLAY-3`)."""


_OPEN = Action.OPEN
_FOLLOW = Action.FOLLOW
_PASS = Action.PASS


def action_for(open_colors: Sequence[Color], card: Card) -> Action:
    """What ``card`` does when the tricks of ``open_colors`` are open.

    A card of an open trick's colour is added to it (:rule:`HT-PLAY-1`); another card opens a
    trick while fewer than two are open (:rule:`HT-TURN-1`, :rule:`HT-PLAY-2`) and is passed
    otherwise (:rule:`HT-PLAY-3`). So every card can be played, in exactly one way
    (:rule:`HT-PLAY-4`).

    >>> action_for([], Card.parse("G3")), action_for([Color.RED, Color.BLUE], Card.parse("G3"))
    (<Action.OPEN: 'open'>, <Action.PASS: 'pass'>)
    """
    color = card.color
    if color in open_colors:
        return _FOLLOW
    return _OPEN if len(open_colors) < 2 else _PASS


def turn_actions(cards: Sequence[Card | None]) -> tuple[Action, ...]:
    """The action of each card of a turn, in play order (see :func:`action_for`).

    ``None`` stands for a passed card whose face is hidden, as in a player's view of a turn.
    """
    first = second = None
    actions = []
    for card in cards:
        if card is None:
            actions.append(_PASS)
            continue
        color = card.color
        if color is first or color is second:
            actions.append(_FOLLOW)
        elif first is None:
            first = color
            actions.append(_OPEN)
        elif second is None:
            second = color
            actions.append(_OPEN)
        else:
            actions.append(_PASS)
    return tuple(actions)


def trick_taker(cards: Sequence[Card]) -> int:
    """The index, in play order, of the card that takes a trick: the highest
    (:rule:`HT-TRICK-1`).

    The cards of a trick share one colour, so their values differ; of equal values (which a
    trick cannot hold) the earlier would take it.

    >>> trick_taker([Card.parse(name) for name in ["B7", "B19", "B2"]])
    1

    :raises ValueError: if the trick has no card.
    """
    if not cards:
        raise ValueError("a trick needs at least one card")
    best = 0
    best_value = cards[0].value
    for i in range(1, len(cards)):
        value = cards[i].value
        if value > best_value:
            best, best_value = i, value
    return best


def next_leader(plays: Sequence[tuple[int, Card]], tie: LeadTie = LeadTie.NEXT_LOWER) -> int:
    """The player who leads the next turn: the player of the highest of ``plays``, the
    ``(player, card)`` pairs of the turn that count, in play order (:rule:`HT-LEAD-2`).

    If the highest value was played more than once, ``tie`` decides:
    :attr:`~LeadTie.NEXT_LOWER` goes down to the highest value played exactly once (and falls
    back to the earliest card of the highest value if there is none),
    :attr:`~LeadTie.EARLIEST` takes the earliest card of the highest value.

    >>> plays = [(0, Card.parse("R8")), (1, Card.parse("G8")), (3, Card.parse("R5"))]
    >>> next_leader(plays), next_leader(plays, LeadTie.EARLIEST)
    (3, 0)

    :raises ValueError: if ``plays`` is empty.
    """
    if not plays:
        raise ValueError("a turn needs at least one card")
    counts: dict[int, int] = {}
    for _, card in plays:
        counts[card.value] = counts.get(card.value, 0) + 1
    top = max(counts)
    value = top
    if tie is LeadTie.NEXT_LOWER and counts[top] > 1:
        once = [v for v, count in counts.items() if count == 1]
        if once:
            value = max(once)
    for player, card in plays:
        if card.value == value:
            return player
    raise AssertionError("unreachable")  # pragma: no cover


@attrs.frozen
class Turn:
    """A finished turn: who led it, the card of every player in play order, and who leads
    the next one.

    In a player's view, a card another player passed is ``None`` when its face is hidden
    (:rule:`HT-PASS-1`).
    """

    leader: int
    """The seat that led the turn."""
    cards: tuple[Card | None, ...]
    """Every player's card, in play order from :attr:`leader` (clockwise); ``None`` for a
    passed card the viewer has not seen."""
    next_leader: int
    """The seat that leads the next turn (:rule:`HT-LEAD-2`); after the last turn of a hand
    the next hand's leader takes over instead (:rule:`HT-GAME-1`)."""

    @property
    def players(self) -> tuple[int, ...]:
        """The seats in play order."""
        n = len(self.cards)
        return tuple((self.leader + i) % n for i in range(n))

    @property
    def plays(self) -> tuple[tuple[int, Card | None], ...]:
        """``(player, card)`` pairs in play order."""
        return tuple(zip(self.players, self.cards, strict=True))

    @property
    def actions(self) -> tuple[Action, ...]:
        """What each card did, in play order (:func:`turn_actions`)."""
        return turn_actions(self.cards)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The one or two tricks of the turn, in the order they were opened, each with the
        player who took it (:rule:`HT-TRICK-1`)."""
        return open_tricks(self.leader, len(self.cards), self.cards)

    @property
    def passes(self) -> tuple[tuple[int, Card | None], ...]:
        """The passed cards: ``(player, card)`` in play order (``card`` is ``None`` when
        hidden)."""
        return tuple(
            play for play, action in zip(self.plays, self.actions, strict=True) if action is _PASS
        )

    def __str__(self) -> str:
        cards = " ".join(
            f"{player}:{'??' if card is None else card}{'(pass)' if action is _PASS else ''}"
            for (player, card), action in zip(self.plays, self.actions, strict=True)
        )
        return f"{cards} -> {self.next_leader} leads"


_new_object = object.__new__
_set_leader = Turn.__dict__["leader"].__set__
_set_cards = Turn.__dict__["cards"].__set__
_set_next_leader = Turn.__dict__["next_leader"].__set__


def _new_turn(leader: int, cards: tuple[Card | None, ...], next_leader: int) -> Turn:
    """Build a turn without the checks of ``__init__`` (hot path)."""
    turn = _new_object(Turn)
    _set_leader(turn, leader)
    _set_cards(turn, cards)
    _set_next_leader(turn, next_leader)
    return turn


def open_tricks(leader: int, players: int, cards: Sequence[Card | None]) -> tuple[Trick, ...]:
    """The tricks that ``cards``, played from seat ``leader`` on, make: each a
    :class:`~sticheln.Trick` whose ``winner`` is the player of its highest card so far."""
    tricks: list[list[tuple[int, Card]]] = []
    colors: list[Color] = []
    for i, card in enumerate(cards):
        if card is None:
            continue
        player = (leader + i) % players
        color = card.color
        if color in colors:
            tricks[colors.index(color)].append((player, card))
        elif len(colors) < 2:
            colors.append(color)
            tricks.append([(player, card)])
    result = []
    for plays in tricks:
        taker = trick_taker([card for _, card in plays])
        result.append(Trick(plays, plays[taker][0]))
    return tuple(result)
