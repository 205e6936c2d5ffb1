"""Trick resolution: pure functions of the cards in a trick, usable without a game.

>>> from sticheln import Card, Color
>>> trick_winner([Card(Color.BLUE, 6), Card(Color.BLUE, 11),
...               Card(Color.RED, 3), Card(Color.YELLOW, 0)])
2
"""

from __future__ import annotations

from collections.abc import Sequence

from sticheln.core.cards import Card, Color, check_cards
from sticheln.core.errors import WrongTypeError, excerpt
from sticheln.core.tricks import Trick
from sticheln.sticheln.rules import AllZeroTrick

__all__ = ["Trick", "lead_color", "taking_index", "trick_taker", "trick_winner", "winning_index"]


def lead_color(cards: Sequence[Card]) -> Color:
    """The lead colour of a trick: the colour of its first card (:rule:`ST-TRICK-1`).

    A led zero sets the lead colour too.

    :raises ValueError: if the trick has no card.
    :raises WrongTypeError: if ``cards`` is not a sequence of cards.
    """
    if not check_cards(cards, "a trick"):
        raise ValueError("a trick needs at least one card")
    return cards[0].color


def trick_winner(cards: Sequence[Card]) -> int | None:
    """The index, in play order, of the card that wins the trick; ``None`` if none can.

    The first card sets the lead colour (:rule:`ST-TRICK-1`). A zero never wins and is
    ignored (:rule:`ST-TRICK-4`). If any other card is not of the lead colour, the highest of
    those wins (:rule:`ST-TRICK-2`); otherwise the highest lead-colour card wins
    (:rule:`ST-TRICK-3`). Of two equal cards the earlier one wins (:rule:`ST-TRICK-5`). When
    every card is a zero, nobody wins (:rule:`ST-TRICK-6`).

    The function takes any number of cards, so it also tells who would win a trick that is
    still open.

    >>> from sticheln import Card, trick_winner
    >>> trick_winner([Card.parse("R5"), Card.parse("R9"), Card.parse("G2")])
    2
    >>> trick_winner([Card.parse("R0"), Card.parse("B0")]) is None
    True

    :raises ValueError: if the trick has no card.
    :raises WrongTypeError: if ``cards`` is not a sequence of cards.
    """
    if not check_cards(cards, "a trick"):
        raise ValueError("a trick needs at least one card")
    return winning_index(cards)


def winning_index(cards: Sequence[Card]) -> int | None:
    """:func:`trick_winner` without the checks of its argument, for the engine and the bots:
    the one definition of the rules of :func:`trick_winner`, which calls it. ``cards`` must be
    a non-empty sequence of cards."""
    lead = cards[0].color
    best: int | None = None
    best_value = 0
    best_is_trump = False
    for i, card in enumerate(cards):
        value = card.value
        if value == 0:
            continue
        if card.color is not lead:
            if not best_is_trump or value > best_value:
                best, best_value, best_is_trump = i, value, True
        elif not best_is_trump and value > best_value:
            best, best_value = i, value
    return best


def trick_taker(
    cards: Sequence[Card], all_zero_trick: AllZeroTrick = AllZeroTrick.SET_ASIDE
) -> int | None:
    """The index, in play order, of the card whose player takes the trick's cards under the
    rule ``all_zero_trick`` (pass :attr:`StichelnRules.all_zero_trick
    <sticheln.StichelnRules.all_zero_trick>` of the game); ``None`` if nobody takes them.

    The winner of :func:`trick_winner` takes the trick (:rule:`ST-ROUND-2`). A trick that no
    card wins, every card a zero, is decided by :rule:`ST-TRICK-6`: under
    :attr:`AllZeroTrick.SET_ASIDE <sticheln.AllZeroTrick.SET_ASIDE>` nobody takes it (``None``):
    its cards are set aside, out of play for the round, and its leader leads again; under
    :attr:`AllZeroTrick.LEADER_WINS <sticheln.AllZeroTrick.LEADER_WINS>` its leader takes it
    (``0``). The player of the card returned leads the next trick (:rule:`ST-LEAD-2`), and for
    ``None`` the leader does.

    Like :func:`trick_winner` it takes any number of cards, so it also tells who would take a
    trick that is still open.

    >>> from sticheln import AllZeroTrick, Card, trick_taker
    >>> trick_taker([Card.parse("R5"), Card.parse("G2")])
    1
    >>> zeros = [Card.parse("R0"), Card.parse("B0")]
    >>> trick_taker(zeros) is None
    True
    >>> trick_taker(zeros, AllZeroTrick.LEADER_WINS)
    0

    :raises ValueError: if the trick has no card.
    :raises WrongTypeError: if ``cards`` is not a sequence of cards, or ``all_zero_trick`` not
        an :class:`~sticheln.AllZeroTrick`.
    """
    check_all_zero_trick(all_zero_trick)
    if not check_cards(cards, "a trick"):
        raise ValueError("a trick needs at least one card")
    return taking_index(cards, all_zero_trick)


def taking_index(cards: Sequence[Card], all_zero_trick: AllZeroTrick) -> int | None:
    """:func:`trick_taker` without the checks of its arguments, for the engine, the
    explanations and the bots, and for the tables of the fast paths (which call it on a trick
    of zeros): the one definition of :rule:`ST-TRICK-6`. ``cards`` must be a non-empty
    sequence of cards."""
    winner = winning_index(cards)
    if winner is not None:
        return winner
    # ST-TRICK-6: no card wins the trick.
    return 0 if all_zero_trick is AllZeroTrick.LEADER_WINS else None


def check_all_zero_trick(all_zero_trick: object) -> None:
    """Raise :exc:`~sticheln.WrongTypeError` unless ``all_zero_trick`` is an
    :class:`~sticheln.AllZeroTrick`."""
    if not isinstance(all_zero_trick, AllZeroTrick):
        raise WrongTypeError(
            f"all_zero_trick must be an AllZeroTrick, got {excerpt(all_zero_trick)}"
        )
