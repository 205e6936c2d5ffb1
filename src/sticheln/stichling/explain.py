"""Stichling's rules explaining themselves: who holds a trick's marker and why, and what a
hand score is made of, in the kernel's values (:mod:`sticheln.core.explain`).

Every reason names the rule it applies, so a frontend can answer "why did Bo take that
trick?" and link to the specification (:doc:`/rules/stichling`).

>>> from sticheln import Card
>>> print(explain_trick([Card.parse(name) for name in "R5 R6 G4 R1".split()]))
R6 wins.
- R5 opens the trick: red is its led colour (SL-PLAY-2).
- R5 is lower than R6 and does not hold the marker (SL-TRICK-1).
- R6 is the highest card of the led colour and holds the marker (SL-TRICK-1).
- G4 is a discard of another colour and never holds the marker (SL-PLAY-5).
- R1 is lower than R6 and does not hold the marker (SL-TRICK-1).
>>> print(explain_hand_score((3, 1, 2), tricks=2))
Hand score +1:
  +0 2 tricks won: the second card of the row is face up (SL-VP-3).
  +1 the second card of the row, 1, is face up and scores its value (SL-SCORE-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sticheln.core.cards import Card
from sticheln.core.errors import CardError, WrongTypeError, excerpt
from sticheln.core.explain import Reason, ScoreExplanation, ScoreItem, TrickExplanation
from sticheln.core.i18n import N_, color_name, ngettext
from sticheln.core.i18n import gettext as _
from sticheln.core.setup import check_int, check_seat
from sticheln.stichling.scoring import active_position
from sticheln.stichling.state import FinishedHand, Phase, StichlingState
from sticheln.stichling.tricks import marker_index

__all__ = [
    "Reason",
    "ScoreExplanation",
    "ScoreItem",
    "TrickExplanation",
    "explain_hand_score",
    "explain_score",
    "explain_trick",
]

TITLE: Final = N_("Hand score")
"""The title of every score explanation of Stichling (in English; the explanations give it
in the current language, :mod:`sticheln.core.i18n`)."""

_ORDINALS: Final = ("first", "second", "third")
"""The positions in the row, for the error messages (in English, for programmers)."""

_FACE_UP: Final = (
    N_("the first card of the row is face up"),
    N_("the second card of the row is face up"),
    N_("the third card of the row is face up"),
)
_AGAIN: Final = (
    N_("the first card of the row is face up again"),
    N_("the second card of the row is face up again"),
    N_("the third card of the row is face up again"),
)
_SCORES: Final = (
    N_("the first card of the row, {value}, is face up and scores its value"),
    N_("the second card of the row, {value}, is face up and scores its value"),
    N_("the third card of the row, {value}, is face up and scores its value"),
)


def explain_trick(cards: Sequence[Card]) -> TrickExplanation:
    """Who holds the marker of a trick of ``cards`` (in play order), with the reasons: the
    player of the highest card of the led colour (:rule:`SL-TRICK-1`), the colour of the
    first card (:rule:`SL-PLAY-2`); a discard, a card of another colour, never holds it
    (:rule:`SL-PLAY-5`). The marker holder takes the trick once it is complete
    (:rule:`SL-TRICK-2`), and would take it while it is open, so :attr:`winner
    <sticheln.TrickExplanation.winner>` is :func:`~sticheln.stichling.marker_index` of the
    cards in both cases.

    The first reason names the led colour; then comes one reason per card in play order,
    saying why it does or does not hold the marker. The marker's card's reason decides the
    trick. Which cards count toward the four that complete a trick
    (:attr:`StichlingRules.counted_cards <sticheln.stichling.StichlingRules.counted_cards>`)
    changes nothing here: discards never hold the marker, whether they count or not.

    >>> from sticheln import Card
    >>> from sticheln.stichling import explain_trick
    >>> explanation = explain_trick([Card.parse(name) for name in "B3 R14 B5".split()])
    >>> explanation.winner, str(explanation.deciding_reason)
    (2, 'B5 is the highest card of the led colour and holds the marker (SL-TRICK-1).')

    :raises ValueError: if the trick has no card.
    :raises WrongTypeError: if ``cards`` is not a sequence of cards.
    """
    marker = marker_index(cards)
    cards = tuple(cards)
    led = cards[0].color
    best = cards[marker]
    opens = _("{card} opens the trick: {color} is its led colour")
    reasons = [Reason(opens.format(card=cards[0], color=color_name(led)), "SL-PLAY-2")]
    alone = sum(1 for card in cards if card.color is led) == 1
    for i, card in enumerate(cards):
        if i == marker:
            if alone:
                text = _("{card} is the only card of the led colour and holds the marker")
            else:
                text = _("{card} is the highest card of the led colour and holds the marker")
            reason = Reason(text.format(card=card), "SL-TRICK-1")
        elif card.color is led:
            text = _("{card} is lower than {best} and does not hold the marker")
            reason = Reason(text.format(card=card, best=best), "SL-TRICK-1")
        else:
            text = _("{card} is a discard of another colour and never holds the marker")
            reason = Reason(text.format(card=card), "SL-PLAY-5")
        reasons.append(reason)
    return TrickExplanation(cards, marker, tuple(reasons), marker + 1)


def explain_hand_score(order: Sequence[int | None], tricks: int) -> ScoreExplanation:
    """A hand score item by item: :func:`~sticheln.stichling.hand_score` of the row
    ``order`` after ``tricks`` won tricks. The items are not cards: one says how many tricks
    were won and so which card of the row is face up (:rule:`SL-VP-3`), the other that this
    card scores its value (:rule:`SL-SCORE-1`); without a trick a single item says that the
    hand scores nothing. A card of ``order`` that is not face up may be ``None`` (a card the
    viewer has not seen, :rule:`SL-VP-4`): the items name only the card face up.

    >>> from sticheln.stichling import explain_hand_score
    >>> print(explain_hand_score((3, None, None), tricks=4))
    Hand score +3:
      +0 4 tricks won: the first card of the row is face up again (SL-VP-3).
      +3 the first card of the row, 3, is face up and scores its value (SL-SCORE-1).
    >>> print(explain_hand_score((3, 1, 2), tricks=0))
    Hand score +0:
      +0 no trick won: no card of the row is face up, and the hand scores nothing (SL-SCORE-1).

    :raises WrongTypeError: if ``order`` is not a sequence of ints and ``None``, or
        ``tricks`` not an ``int``.
    :raises CardError: if ``order`` does not hold three values, or the card face up is
        ``None``.
    """
    given: object = order
    if (
        isinstance(given, str | bytes)
        or not isinstance(given, Sequence)
        or not all(value is None or type(value) is int for value in given)
    ):
        raise WrongTypeError(f"order must be a sequence of ints and None, got {excerpt(given)}")
    if len(order) != 3:
        raise CardError(f"order must hold three victory-point values, got {excerpt(order)}")
    check_int(tricks, "tricks")
    position = active_position(tricks)
    if position is not None and order[position] is None:
        raise CardError(
            f"the {_ORDINALS[position]} card of the row is face up after {tricks} tricks, and "
            f"order does not give it: {excerpt(order)}"
        )
    return _explain(order, tricks)


def _explain(order: Sequence[int | None] | None, tricks: int) -> ScoreExplanation:
    """:func:`explain_hand_score` without the checks; ``order`` may be ``None`` (a row not
    yet laid down) when ``tricks`` is 0."""
    position = active_position(tricks)
    if position is None:
        reason = Reason(
            _("no trick won: no card of the row is face up, and the hand scores nothing"),
            "SL-SCORE-1",
        )
        return ScoreExplanation(0, (ScoreItem(None, 0, reason),), _(TITLE))
    assert order is not None  # a player who has won a trick has laid down their row
    value = order[position]
    assert value is not None  # the card face up is known: checked by the callers
    # after the third card comes the first
    turned = _AGAIN[position] if tricks > 3 else _FACE_UP[position]
    won = ngettext("{count} trick won", "{count} tricks won", tricks).format(count=tricks)
    items = (
        ScoreItem(None, 0, Reason(f"{won}: {_(turned)}", "SL-VP-3")),
        ScoreItem(None, value, Reason(_(_SCORES[position]).format(value=value), "SL-SCORE-1")),
    )
    return ScoreExplanation(value, items, _(TITLE))


def explain_score(deal: FinishedHand | StichlingState, player: int) -> ScoreExplanation:
    """What ``player``'s score of a hand is made of (:func:`explain_hand_score`,
    :rule:`SL-VP-3`, :rule:`SL-SCORE-1`): of a finished hand, or of a state's hand in progress
    as it stands (the tricks won so far; the last hand once the game is over).

    Only what ``deal`` holds is used: a finished hand of a player's view hides the cards of
    the others' rows that no trick turned up (:rule:`SL-VP-4`), and the items name only the
    card face up, which is always turned up; the total is the hand's score in ``deal``.

    >>> import random
    >>> from sticheln import random_playout
    >>> from sticheln.stichling import StichlingGame, explain_score, new_game, observe
    >>> state = random_playout(StichlingGame(), new_game(3, seed=2), random.Random(2))
    >>> seen = observe(state, 0).finished_hands[0]
    >>> [explain_score(seen, seat).total for seat in range(3)] == list(seen.scores)
    True

    :raises WrongTypeError: if ``deal`` is not a finished hand or a state of Stichling, or
        ``player`` not an ``int``.
    :raises UnknownPlayerError: if there is no such player.
    """
    if isinstance(deal, StichlingState):
        state = deal
        check_seat(player, state.players)
        if state.phase is not Phase.OVER:
            return _explain(state.orders[player], len(state.won[player]))
        deal = state.finished_hands[-1]
    if not isinstance(deal, FinishedHand):
        raise WrongTypeError(
            f"deal must be a FinishedHand or a StichlingState, got {excerpt(deal)}"
        )
    check_seat(player, len(deal.scores))
    tricks = deal.tricks_won[player]
    order = list(deal.orders[player])
    position = active_position(tricks)
    if position is not None and order[position] is None:
        # Not turned up in what deal holds: the hand's score is its value (SL-SCORE-1).
        order[position] = deal.scores[player]
    return _explain(order, tricks)
