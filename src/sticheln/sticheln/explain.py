"""Sticheln's rules explaining themselves: why a card wins a trick, what a round score is made
of, in the kernel's values (:mod:`sticheln.core.explain`).

Every reason names the rule it applies, so a frontend can answer "why did I lose that
trick?" and link to the specification.

>>> print(explain_trick([Card.parse(c) for c in "B6 B11 R3 Y0".split()]))
R3 wins.
- B6 leads: blue is the lead colour (ST-TRICK-1).
- B6 cannot win: it is in the lead colour and a card of another colour is present (ST-TRICK-2).
- B11 cannot win: it is in the lead colour and a card of another colour is present (ST-TRICK-2).
- R3 wins: it is the highest card not in the lead colour (ST-TRICK-2).
- Y0 cannot win: zeros never win a trick (ST-TRICK-4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sticheln.core.cards import Card, CardSet, check_cards
from sticheln.core.errors import WrongTypeError, excerpt
from sticheln.core.explain import Reason, ScoreExplanation, ScoreItem, TrickExplanation
from sticheln.core.i18n import color_name
from sticheln.core.i18n import gettext as _
from sticheln.core.setup import check_seat
from sticheln.sticheln.rules import AllZeroTrick
from sticheln.sticheln.scoring import card_points
from sticheln.sticheln.state import FinishedRound, Phase, StichelnState
from sticheln.sticheln.trick import check_all_zero_trick, taking_index, trick_winner

__all__ = [
    "Reason",
    "ScoreExplanation",
    "ScoreItem",
    "TrickExplanation",
    "explain_round_score",
    "explain_score",
    "explain_trick",
]


def explain_trick(
    cards: Sequence[Card], all_zero_trick: AllZeroTrick = AllZeroTrick.SET_ASIDE
) -> TrickExplanation:
    """The winner of a trick with the reasons (:rule:`ST-TRICK-1` to :rule:`ST-TRICK-6`).

    The first reason names the lead colour; then comes one reason per card in play order
    (the winning card's decides the trick); a trick of zeros ends with a reason saying what
    becomes of it under ``all_zero_trick``, which decides it
    (pass :attr:`StichelnRules.all_zero_trick <sticheln.StichelnRules.all_zero_trick>` of the
    game). Under
    :attr:`~sticheln.AllZeroTrick.LEADER_WINS` the winner of such a trick is its first card.

    :raises ValueError: if the trick has no card.
    :raises WrongTypeError: if ``cards`` is not a sequence of cards, or ``all_zero_trick``
        not an :class:`~sticheln.AllZeroTrick`.
    """
    check_all_zero_trick(all_zero_trick)
    winner = trick_winner(cards)
    cards = tuple(cards)
    taker = taking_index(cards, all_zero_trick)
    lead = cards[0].color
    reasons = [
        Reason(
            _("{card} leads: {color} is the lead colour").format(
                card=cards[0], color=color_name(lead)
            ),
            "ST-TRICK-1",
        )
    ]
    best = None if winner is None else cards[winner]
    other_color = any(c.value and c.color is not lead for c in cards)
    zero_of_other_color = any(not c.value and c.color is not lead for c in cards)
    for i, card in enumerate(cards):
        is_lead = card.color is lead
        if card.value == 0:
            reason = Reason(
                _("{card} cannot win: zeros never win a trick").format(card=card), "ST-TRICK-4"
            )
        elif best is None:  # unreachable: a non-zero card always wins or loses to one
            raise AssertionError("trick_winner found no winner beside a non-zero card")
        elif i == winner and other_color:
            reason = Reason(
                _("{card} wins: it is the highest card not in the lead colour").format(card=card),
                "ST-TRICK-2",
            )
        elif i == winner and zero_of_other_color:
            reason = Reason(
                _(
                    "{card} wins: it is the highest card of the lead colour; every card of "
                    "another colour is a zero, and zeros never win a trick"
                ).format(card=card),
                "ST-TRICK-3",
            )
        elif i == winner:
            reason = Reason(
                _(
                    "{card} wins: it is the highest card of the lead colour, and no card of "
                    "another colour is present"
                ).format(card=card),
                "ST-TRICK-3",
            )
        elif is_lead and other_color:
            reason = Reason(
                _(
                    "{card} cannot win: it is in the lead colour and a card of "
                    "another colour is present"
                ).format(card=card),
                "ST-TRICK-2",
            )
        elif card.value == best.value:
            reason = Reason(
                _("{card} ties with {best}, which was played earlier and wins").format(
                    card=card, best=best
                ),
                "ST-TRICK-5",
            )
        elif is_lead:
            reason = Reason(
                _("{card} is lower than {best}").format(card=card, best=best), "ST-TRICK-3"
            )
        else:
            reason = Reason(
                _("{card} is lower than {best}, the highest card not in the lead colour").format(
                    card=card, best=best
                ),
                "ST-TRICK-2",
            )
        reasons.append(reason)
    if winner is None:  # no card wins: the rule of a trick of zeros says who takes it
        if taker is None:
            reasons.append(Reason(_("nobody wins the trick: every card is a zero"), "ST-TRICK-6"))
        else:
            if taker == 0:
                text = _(
                    "{card} wins: every card is a zero, and such a trick goes to its leader "
                    "under these rules"
                )
            else:
                text = _(
                    "{card} wins: every card is a zero, and such a trick goes to the player "
                    "of {card} under these rules"
                )
            reasons.append(Reason(text.format(card=cards[taker]), "ST-TRICK-6"))
    deciding = len(reasons) - 1 if winner is None else winner + 1
    return TrickExplanation(cards, taker, tuple(reasons), deciding)


def explain_round_score(pain_card: Card, won_cards: Iterable[Card]) -> ScoreExplanation:
    """A round score with one item per card (:rule:`ST-SCORE-1`, :rule:`ST-SCORE-2`).

    :func:`~sticheln.round_score` item by item: the score of ``pain_card`` with the
    ``won_cards``.

    >>> from sticheln import Card, CardSet, explain_round_score
    >>> print(explain_round_score(Card.parse("B5"), CardSet.parse("B7 R4")))
    Round score -11:
      -5 B5 is the pain card and costs its value (ST-SCORE-1).
      +1 R4 is not in the pain colour and scores one point (ST-SCORE-2).
      -7 B7 is in the pain colour and costs its value (ST-SCORE-1).

    :raises WrongTypeError: if ``pain_card`` is not a card, or ``won_cards`` not cards.
    """
    if not isinstance(pain_card, Card):
        raise WrongTypeError(f"pain_card must be a Card, got {excerpt(pain_card)}")
    given: object = won_cards
    if not isinstance(given, Iterable) or isinstance(given, str | bytes):
        raise WrongTypeError(f"won_cards must be cards, got {excerpt(given)}")
    if not isinstance(won_cards, CardSet):
        won_cards = check_cards(
            won_cards if isinstance(won_cards, Sequence) else [*won_cards], "won_cards"
        )
    pain = pain_card.color
    items = [
        ScoreItem(
            pain_card,
            card_points(pain_card, pain),
            Reason(
                _("{card} is the pain card and costs its value").format(card=pain_card),
                "ST-SCORE-1",
            ),
        )
    ]
    for card in sorted(won_cards, key=lambda c: c.index):
        points = card_points(card, pain)
        if card.color is pain:
            text = _("{card} is in the pain colour and costs its value")
            reason = Reason(text.format(card=card), "ST-SCORE-1")
        else:
            text = _("{card} is not in the pain colour and scores one point")
            reason = Reason(text.format(card=card), "ST-SCORE-2")
        items.append(ScoreItem(card, points, reason))
    return ScoreExplanation(sum(item.points for item in items), tuple(items), _("Round score"))


def explain_score(deal: FinishedRound | StichelnState, player: int) -> ScoreExplanation:
    """What ``player``'s score of a round is made of, card by card (:rule:`ST-SCORE-1`,
    :rule:`ST-SCORE-2`): of a finished round, or of a state's round in progress as it stands
    (the cards won so far; no items before the player's pain card is chosen; the last round
    once the game is over).

    >>> from sticheln import explain_score, new_game, random_playout, StichelnGame
    >>> import random
    >>> state = random_playout(StichelnGame(), new_game(3, seed=2), random.Random(2))
    >>> finished = state.finished_rounds[0]
    >>> score = explain_score(finished, 1)
    >>> score.total == finished.scores[1], score.items[0].card == finished.pain_cards[1]
    (True, True)

    :raises WrongTypeError: if ``deal`` is not a finished round or a state of Sticheln, or
        ``player`` not an ``int``.
    :raises UnknownPlayerError: if there is no such player.
    """
    if isinstance(deal, StichelnState):
        state = deal
        check_seat(player, state.players)
        if state.phase is Phase.OVER:
            deal = state.finished_rounds[-1]
        else:
            pain = state.picks[player] if state.picks_revealed else None
            if pain is None:
                return ScoreExplanation(0, (), _("Round score"))
            return explain_round_score(pain, state.won[player])
    if not isinstance(deal, FinishedRound):
        raise WrongTypeError(
            f"deal must be a FinishedRound or a StichelnState, got {excerpt(deal)}"
        )
    check_seat(player, len(deal.pain_cards))
    return explain_round_score(deal.pain_cards[player], deal.won[player])
