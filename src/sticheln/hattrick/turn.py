"""Turns and tricks of Hattrick: pure functions of the cards played, usable without a game.

In a turn every player plays one card. What a card does follows from its colour and the tricks
already open (:func:`action_for`): it is added to the open trick of its colour, opens a trick
while fewer than :data:`OPEN_TRICKS` are open, or is passed. :func:`turn_actions` applies that
rule to a turn's cards one after the other; everything else that needs to know what the cards
of a turn did (the engine, the views, sampling, the tricks of a turn) reads it from these two.

>>> from sticheln import Card
>>> from sticheln.hattrick import trick_taker, turn_actions
>>> cards = [Card.parse(name) for name in ["R10", "B4", "R12", "G15"]]
>>> [action.value for action in turn_actions(cards)]
['open', 'open', 'follow', 'pass']
>>> trick_taker([Card.parse("R10"), Card.parse("R12")])
1
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final

import attrs

from sticheln.core.cards import Card, Color, check_cards
from sticheln.core.errors import WrongTypeError, excerpt
from sticheln.core.setup import check_items
from sticheln.core.tricks import Trick
from sticheln.hattrick.rules import LeadTie

__all__ = [
    "OPEN_TRICKS",
    "Action",
    "Turn",
    "action_for",
    "next_leader",
    "trick_taker",
    "turn_actions",
]

OPEN_TRICKS: Final = 2
"""The most tricks that are open at once in a turn of Hattrick (:rule:`HT-PLAY-2`)."""


class Action(Enum):
    """What a card does in a turn."""

    OPEN = "open"
    """The card opens a trick: the first card of the turn (:rule:`HT-TURN-1`), or a card of
    another colour while fewer than :data:`OPEN_TRICKS` tricks are open (:rule:`HT-PLAY-2`)."""
    FOLLOW = "follow"
    """The card is added to the open trick of its colour (:rule:`HT-PLAY-1`)."""
    PASS = "pass"
    """The card, of a colour without an open trick while no more tricks can be opened, goes
    face down to the player's pass pile (:rule:`HT-PLAY-3`)."""


_OPEN = Action.OPEN
_FOLLOW = Action.FOLLOW
_PASS = Action.PASS


def _check_max_open(max_open: object) -> int:
    if type(max_open) is not int:
        raise WrongTypeError(f"max_open must be an int, got {excerpt(max_open)}")
    return max_open


def action_for(open_colors: Sequence[Color], card: Card, max_open: int = OPEN_TRICKS) -> Action:
    """What ``card`` does when the tricks of ``open_colors`` are open, and at most
    ``max_open`` tricks may be open at once.

    A card of an open trick's colour is added to it (:rule:`HT-PLAY-1`); another card opens a
    trick while fewer than ``max_open`` are open (:rule:`HT-TURN-1`, :rule:`HT-PLAY-2`) and is
    passed otherwise (:rule:`HT-PLAY-3`). So every card can be played, in exactly one way
    (:rule:`HT-PLAY-4`). This is the one definition of the rule: the engine's tables of legal
    moves are built from it.

    >>> from sticheln import Card, Color
    >>> from sticheln.hattrick import action_for
    >>> action_for([], Card.parse("G3")), action_for([Color.RED, Color.BLUE], Card.parse("G3"))
    (<Action.OPEN: 'open'>, <Action.PASS: 'pass'>)
    >>> action_for([Color.RED, Color.BLUE], Card.parse("G3"), max_open=4)
    <Action.OPEN: 'open'>

    :raises WrongTypeError: if ``open_colors`` is not a sequence of colours, ``card`` not a
        :class:`~sticheln.Card` or ``max_open`` not an ``int``.
    """
    check_items(open_colors, Color, "open_colors")
    if not isinstance(card, Card):
        raise WrongTypeError(f"card must be a Card, got {excerpt(card)}")
    return _action_for(open_colors, card, _check_max_open(max_open))


def _action_for(open_colors: Sequence[Color], card: Card, max_open: int = OPEN_TRICKS) -> Action:
    """:func:`action_for` without the checks of its arguments (for the engine's hot path)."""
    if card.color in open_colors:
        return _FOLLOW
    return _OPEN if len(open_colors) < max_open else _PASS


def turn_actions(cards: Sequence[Card | None], max_open: int = OPEN_TRICKS) -> tuple[Action, ...]:
    """The action of each card of a turn, in play order: :func:`action_for` applied to each
    card in turn, with the tricks the cards before it opened.

    ``None`` stands for a passed card whose face is hidden, as in a player's view of a turn
    (:rule:`HT-PASS-1`): it is a pass, and opens nothing.

    >>> from sticheln import Card
    >>> from sticheln.hattrick import turn_actions
    >>> [a.value for a in turn_actions([Card.parse("R1"), None, Card.parse("G2")])]
    ['open', 'pass', 'open']

    :raises WrongTypeError: if ``cards`` is not a sequence of cards and ``None``, or
        ``max_open`` is not an ``int``.
    """
    given: object = cards
    if isinstance(given, str | bytes) or not isinstance(given, Sequence):
        raise WrongTypeError(f"cards must be a sequence of Card values, got {excerpt(given)}")
    for card in cards:
        if card is not None and not isinstance(card, Card):
            raise WrongTypeError(f"cards: {excerpt(card)} is not a Card or None")
    return _turn_actions(cards, _check_max_open(max_open))


def _turn_actions(cards: Sequence[Card | None], max_open: int = OPEN_TRICKS) -> tuple[Action, ...]:
    """:func:`turn_actions` without the checks of its arguments."""
    colors: list[Color] = []
    actions: list[Action] = []
    for card in cards:
        if card is None:
            actions.append(_PASS)
            continue
        action = _action_for(colors, card, max_open)
        if action is _OPEN:
            colors.append(card.color)
        actions.append(action)
    return tuple(actions)


def trick_taker(cards: Sequence[Card]) -> int:
    """The index, in play order, of the card that takes a trick: the highest
    (:rule:`HT-TRICK-1`).

    The cards of a trick share one colour, so their values differ; of equal values (which a
    trick cannot hold) the earlier would take it.

    >>> from sticheln import Card
    >>> from sticheln.hattrick import trick_taker
    >>> trick_taker([Card.parse(name) for name in ["B7", "B19", "B2"]])
    1

    :raises ValueError: if the trick has no card.
    :raises WrongTypeError: if ``cards`` is not a sequence of cards.
    """
    if not check_cards(cards, "a trick"):
        raise ValueError("a trick needs at least one card")
    return _trick_taker(cards)


def _trick_taker(cards: Sequence[Card]) -> int:
    """:func:`trick_taker` of a trick with cards, without the checks of its argument."""
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

    >>> from sticheln import Card
    >>> from sticheln.hattrick import LeadTie, next_leader
    >>> plays = [(0, Card.parse("R8")), (1, Card.parse("G8")), (3, Card.parse("R5"))]
    >>> next_leader(plays), next_leader(plays, LeadTie.EARLIEST)
    (3, 0)

    :raises ValueError: if ``plays`` is empty.
    :raises WrongTypeError: if ``plays`` is not a sequence of ``(player, card)`` pairs (the
        player a seat number, the card a :class:`~sticheln.Card`) or ``tie`` not a
        :class:`LeadTie`.
    """
    given: object = plays
    if isinstance(given, str | bytes) or not isinstance(given, Sequence):
        raise WrongTypeError(f"plays must be (player, card) pairs, got {excerpt(given)}")
    for pair in plays:
        if not (
            isinstance(pair, tuple)
            and len(pair) == 2
            and type(pair[0]) is int
            and isinstance(pair[1], Card)
        ):
            raise WrongTypeError(f"a play must be a (player, card) pair, got {excerpt(pair)}")
    if not isinstance(tie, LeadTie):
        raise WrongTypeError(f"tie must be a LeadTie, got {excerpt(tie)}")
    if not plays:
        raise ValueError("a turn needs at least one card")
    return _next_leader(plays, tie)


def _next_leader(plays: Sequence[tuple[int, Card]], tie: LeadTie = LeadTie.NEXT_LOWER) -> int:
    """:func:`next_leader` of a turn with cards, without the checks of its arguments."""
    return plays[_lead_index([card.value for _, card in plays], tie)][0]


_NEXT_LOWER: Final = LeadTie.NEXT_LOWER


def _lead_index(values: list[int], tie: LeadTie) -> int:
    """The rule of :func:`next_leader` (:rule:`HT-LEAD-2`), on the values of the cards that
    count, in play order: the index of the card whose player leads the next turn. The
    engine's hot path calls it with the values of a turn's cards."""
    top = max(values)
    if tie is not _NEXT_LOWER or values.count(top) == 1:
        return values.index(top)  # the earliest card of the highest value
    once = [value for value in values if values.count(value) == 1]
    return values.index(max(once) if once else top)


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
        return _turn_actions(self.cards)

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
    """The tricks that ``cards``, played from seat ``leader`` on, make (:func:`turn_actions`),
    in the order they were opened: each a :class:`~sticheln.Trick` whose ``winner`` is the
    player of its highest card so far."""
    tricks: dict[Color, list[tuple[int, Card]]] = {}
    for i, (card, action) in enumerate(zip(cards, _turn_actions(cards), strict=True)):
        if card is not None and action is not _PASS:
            tricks.setdefault(card.color, []).append(((leader + i) % players, card))
    result = []
    for plays in tricks.values():
        taker = _trick_taker([card for _, card in plays])
        result.append(Trick(plays, plays[taker][0]))
    return tuple(result)
