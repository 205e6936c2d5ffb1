"""The playout policy of Sticheln's searches, defined once (private to :mod:`sticheln.bots`).

The policy decides on a small, neutral description of the situation, in bit masks of card
indices (card ``i`` is :func:`~sticheln.core.cards.card_at`\\ ``(i)``, its bit ``1 << i``):
the player's hand, which of its cards would take the trick as it stands, the cards of the
trick so far, the pain colours of the player and of the player winning the trick so far, and
whether the player plays last. :func:`pain_choice` and :func:`play_choice` return the cards the
policy rates best, as a mask; the caller draws one of them with its random generator, the
lowest index first in the order of the draw (``rng.choice`` of the cards in ascending index
order). Both readers of the policy call them: :func:`sticheln.sticheln.bot.playout_policy`
on a full state, and the fast playouts of :mod:`sticheln.sticheln.playout` on their masks.

Nothing here defines a rule of the game: the caller finds the cards that take the trick by
the rule functions (or tables built from them), and the points of a card are those of
:func:`~sticheln.card_points`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sticheln.core.cards import MAX_VALUE, Color, card_at
from sticheln.sticheln.scoring import card_points

__all__ = ["SHED_BONUS", "ZERO_KEEP", "pain_choice", "play_choice", "weights"]

_SLOTS: Final = MAX_VALUE + 1
_CARDS: Final = len(Color) * _SLOTS

SHED_BONUS: Final = 0.4
"""What getting rid of a card of the player's own pain colour is worth, per point."""
ZERO_KEEP: Final = 1.0
"""What keeping a zero is worth."""

VALUES: Final = [card_at(i).value for i in range(_CARDS)]
"""The value of every card, by index."""
POINTS: Final = [[card_points(card_at(i), color) for i in range(_CARDS)] for color in Color]
"""``POINTS[colour number][card]``: what a won card scores in that pain colour
(:func:`~sticheln.card_points`); the colour number of card ``i`` is ``i // 21``."""
COLOR_MASKS: Final = [
    sum(1 << i for i in range(_CARDS) if i // _SLOTS == c) for c in range(len(Color))
]
"""Every card of each colour, by colour number."""
ZEROS: Final = sum(1 << i for i in range(_CARDS) if VALUES[i] == 0)
"""Every zero."""
_VALUE_MASKS: Final = [
    sum(1 << i for i in range(_CARDS) if VALUES[i] == v) for v in range(MAX_VALUE + 1)
]


def weights(players: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """``(weight, share)`` of :func:`play_choice` for a player who does not play last, and for
    the last player of a trick, in a game of ``players`` players: a trick the player would
    take counts with ``weight`` (half unless the outcome is certain), what it costs another
    winner with ``share``, the weight shared among the other players."""
    return (0.5, 0.5 / (players - 1)), (1.0, 1.0 / (players - 1))


def pain_choice(hand: int) -> int:
    """The pain cards the policy would choose from ``hand`` (a mask): its lowest cards, of
    any colour.

    :raises ValueError: if the hand is empty.
    """
    for mask in _VALUE_MASKS:
        low = hand & mask
        if low:
            return low
    raise ValueError("an empty hand has no pain card")


def play_choice(
    hand: int,
    take: int,
    trick: Sequence[int],
    my_pain: int,
    its_pain: int,
    weight: float,
    share: float,
) -> int:
    """The cards of ``hand`` the policy would play, as a mask.

    :param hand: the player's hand, a mask.
    :param take: the cards of the hand that would take the trick as it stands, a mask (with
        the trick empty, those that win a trick they lead).
    :param trick: the indices of the cards of the trick so far, in play order.
    :param my_pain: the colour number of the player's pain colour.
    :param its_pain: the colour number of the pain colour of the player whose card wins the
        trick so far, ``-1`` if no card does (the trick is empty, or holds only zeros).
    :param weight: how much a trick the player would take counts, and ``share`` how much what
        it costs another winner counts (:func:`weights`).

    **The policy.** Every card is scored by the trick as it stands with the card added: if the
    card would take it, by what the trick scores for the player (:func:`~sticheln.card_points`
    of its cards in the player's pain colour), times ``weight``; if the card would not take it
    and a card of another player wins it, by minus what the trick with the card scores for
    that player, times ``share``; otherwise (a zero added to a trick no card wins yet) by 0.
    Then a zero loses :data:`ZERO_KEEP` (it is worth keeping) and a card of the player's pain
    colour gains :data:`SHED_BONUS` per point of its value (it is good to be rid of). The cards
    with the best score, within ``1e-9``, are returned.

    Not every card is scored: the cards fall into a few groups (taking or not, a zero or not,
    of the player's pain colour, of the winner's), in each of which the score is the same for
    every card or, in a group of one colour, best for its lowest or its highest card, so only
    that card is scored.
    """
    my_mask = COLOR_MASKS[my_pain]
    values = VALUES
    best_score = -1e9
    ties = 0
    if take:
        points = POINTS[my_pain]
        total = 1
        for card in trick:
            total += points[card]
        group = take & ~my_mask
        if group:
            best_score = weight * total  # each card scores 1: the same for all
            ties = group
        group = take & my_mask
        if group:
            # The trick gets the card's cost, the shedding half of it back: the lowest is best.
            low = group & -group
            value = values[low.bit_length() - 1]
            score = weight * (total - 1 - value)
            score += SHED_BONUS * value
            if score > best_score + 1e-9:
                best_score, ties = score, low
            elif score > best_score - 1e-9:
                ties |= low
    rest = hand & ~take
    if rest:
        if its_pain < 0:
            # No card wins the trick so far, and every card that would is in ``take``: the
            # rest are zeros.
            score = 0.0
            score -= ZERO_KEEP
            if score > best_score + 1e-9:
                best_score, ties = score, rest
            elif score > best_score - 1e-9:
                ties |= rest
        else:
            points = POINTS[its_pain]
            base = 0
            for card in trick:
                base += points[card]
            its_mask = COLOR_MASKS[its_pain]
            zeros = rest & ZEROS
            other = -share * (base + 1)
            if zeros:
                group = zeros & its_mask
                if group:
                    score = -share * base
                    score -= ZERO_KEEP
                    if score > best_score + 1e-9:
                        best_score, ties = score, group
                    elif score > best_score - 1e-9:
                        ties |= group
                group = zeros & ~its_mask
                if group:
                    score = other - ZERO_KEEP
                    if score > best_score + 1e-9:
                        best_score, ties = score, group
                    elif score > best_score - 1e-9:
                        ties |= group
                rest &= ~zeros
            group = rest & its_mask
            if group:
                # The winner's pain colour: the highest costs the winner most.
                high = group.bit_length() - 1
                value = values[high]
                score = -share * (base - value)
                if its_pain == my_pain:
                    score += SHED_BONUS * value
                if score > best_score + 1e-9:
                    best_score, ties = score, 1 << high
                elif score > best_score - 1e-9:
                    ties |= 1 << high
            group = rest & ~its_mask & ~my_mask
            if group:
                if other > best_score + 1e-9:
                    best_score, ties = other, group
                elif other > best_score - 1e-9:
                    ties |= group
            group = rest & ~its_mask & my_mask
            if group:
                # The player's own pain colour given away: the highest is shed best.
                high = group.bit_length() - 1
                score = other + SHED_BONUS * values[high]
                if score > best_score + 1e-9:
                    best_score, ties = score, 1 << high
                elif score > best_score - 1e-9:
                    ties |= 1 << high
    return ties
