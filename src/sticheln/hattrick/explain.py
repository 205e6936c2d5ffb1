"""Hattrick's rules explaining themselves: why a trick goes to whom, and what a hand score is
made of, in the kernel's values (:mod:`sticheln.core.explain`).

Every reason names the rule it applies, so a frontend can answer "why did I lose that trick?"
and link to the specification (:doc:`/rules/hattrick`).

>>> from sticheln import Card, CardSet
>>> print(explain_trick([Card.parse(name) for name in ["R7", "R19", "R2"]]))
R19 wins.
- R7 opens the trick: red is its colour, and only red cards are added to it (HT-PLAY-1).
- R7 is lower than R19 (HT-TRICK-1).
- R19 is the highest card of the trick (HT-TRICK-1).
- R2 is lower than R19 (HT-TRICK-1).
>>> print(explain_hand_score(CardSet.parse("R3 R9 G4"), CardSet.parse("B20")))
Hand score -1:
  +0 red is the collected colour: 2 red cards won, more than of any other colour (HT-SCORE-1).
  +1 R3 is in the collected colour and scores one point (HT-SCORE-1).
  +1 R9 is in the collected colour and scores one point (HT-SCORE-1).
  -1 G4 is not in the collected colour and costs one point (HT-SCORE-2).
  -2 B20 was passed and costs two points, whatever its colour (HT-SCORE-3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sticheln.core.cards import Card, CardSet, Color
from sticheln.core.errors import CardError, WrongTypeError, excerpt
from sticheln.core.explain import Reason, ScoreExplanation, ScoreItem, TrickExplanation
from sticheln.core.i18n import N_, color_name, ngettext
from sticheln.core.i18n import gettext as _
from sticheln.core.setup import check_items, check_seat
from sticheln.hattrick.rules import HattrickRules, LeadCards, LeadTie
from sticheln.hattrick.scoring import PASS_PENALTY, hand_score
from sticheln.hattrick.state import FinishedHand, HattrickState
from sticheln.hattrick.turn import Action, Turn, _lead_index, trick_taker

__all__ = [
    "explain_hand_score",
    "explain_lead",
    "explain_score",
    "explain_trick",
    "trick_explanation",
]

TITLE = N_("Hand score")
"""The title of every :class:`~sticheln.ScoreExplanation` of Hattrick (in English; the
explanations give it in the current language, :mod:`sticheln.core.i18n`)."""


def explain_trick(cards: Sequence[Card]) -> TrickExplanation:
    """Who takes the trick of ``cards`` (in play order; a trick still open too) and why
    (:rule:`HT-PLAY-1`, :rule:`HT-TRICK-1`).

    The first reason says that the first card gives the trick its colour, which every card
    added to it shares (:rule:`HT-PLAY-1`); then comes one reason per card in play order: the
    highest card takes the trick, and the reason of the winning card decides it
    (:rule:`HT-TRICK-1`). The winner is :func:`~sticheln.hattrick.trick_taker`'s. A trick of
    one colour has no two cards of the same value, so there is no tie to explain; a passed
    card belongs to no trick (:rule:`HT-PLAY-3`). Who leads the next turn is the turn's
    business, not the trick's (:rule:`HT-LEAD-2`).

    >>> from sticheln import Card
    >>> explanation = explain_trick([Card.parse("G4")])
    >>> explanation.winner, str(explanation.deciding_reason)
    (0, 'G4 is the only card of the trick, so its highest (HT-TRICK-1).')

    :raises ValueError: if the trick has no card.
    :raises CardError: if its cards are not of one colour, or a card is in it twice
        (no trick of Hattrick holds them, :rule:`HT-PLAY-1`).
    :raises WrongTypeError: if ``cards`` is not a sequence of cards.
    """
    winner = trick_taker(cards)  # checks that the trick has cards, and only cards
    cards = tuple(cards)
    first = cards[0]
    color = first.color
    others = [card for card in cards if card.color is not color]
    if others:
        raise CardError(
            f"a trick of Hattrick holds cards of one colour (HT-PLAY-1): {first} leads a "
            f"{color.name.lower()} trick, {others[0]} is not {color.name.lower()}"
        )
    if len(set(cards)) != len(cards):
        twice = next(card for card in cards if cards.count(card) > 1)
        raise CardError(f"a trick holds every card once, got {twice} twice")
    opens = _(
        "{card} opens the trick: {color} is its colour, and only {color} cards are added to it"
    )
    reasons = [Reason(opens.format(card=first, color=color_name(color)), "HT-PLAY-1")]
    best = cards[winner]
    for i, card in enumerate(cards):
        if i != winner:
            text = _("{card} is lower than {best}")
        elif len(cards) == 1:
            text = _("{card} is the only card of the trick, so its highest")
        else:
            text = _("{card} is the highest card of the trick")
        reasons.append(Reason(text.format(card=card, best=best), "HT-TRICK-1"))
    return TrickExplanation(cards, winner, tuple(reasons), winner + 1)


def trick_explanation(rules: HattrickRules, cards: Sequence[Card]) -> TrickExplanation:
    """:func:`explain_trick` for the kit (:attr:`GameKit.explain_trick
    <sticheln.core.kit.GameKit.explain_trick>`): no option of ``rules`` changes who takes a
    trick (:rule:`HT-TRICK-1`); they change only who leads next (:rule:`HT-LEAD-2`)."""
    return explain_trick(cards)


def _card_list(cards: Sequence[Card]) -> str:
    """``"R8"``, ``"R8 and G8"``, ``"R8, G8 and B8"``."""
    return _listed([str(card) for card in cards])


def _listed(names: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` in the current language."""
    if len(names) == 1:
        return names[0]
    return _("{items} and {last}").format(items=", ".join(names[:-1]), last=names[-1])


def explain_lead(turn: Turn, rules: HattrickRules | None = None) -> Reason:
    """Why the player who leads the turn after ``turn`` does (:rule:`HT-LEAD-2`): the card
    that decides it, and on a tie for the highest card the rule that breaks it
    (:attr:`HattrickRules.lead_tie <sticheln.hattrick.HattrickRules.lead_tie>`: by default
    the next lower card counts). The cards that count are those of the tricks, or every
    card of the turn, passed ones included, under :attr:`LeadCards.TURN
    <sticheln.hattrick.LeadCards.TURN>`. ``turn`` may come from a player's view: a card
    passed face down (``None``) never counts, since only shown cards can.

    >>> from sticheln import Card
    >>> from sticheln.hattrick import HattrickRules, LeadTie, Turn
    >>> from sticheln.hattrick.explain import explain_lead
    >>> cards = tuple(Card.parse(name) for name in ["R8", "G8", "B8", "R5"])
    >>> print(explain_lead(Turn(0, cards, 3)))
    R8 and G8 tie for the highest card of the tricks, so the next lower card counts: R5 (HT-LEAD-2).
    >>> print(explain_lead(Turn(0, cards, 0), HattrickRules(lead_tie=LeadTie.EARLIEST)))
    R8 and G8 tie for the highest card of the tricks, so the earlier counts: R8 (HT-LEAD-2).

    :raises ValueError: if no card of ``turn`` counts, or its ``next_leader`` is not the
        player the rules name (a turn played under other rules).
    :raises WrongTypeError: if ``turn`` is not a :class:`~sticheln.hattrick.Turn` or
        ``rules`` not a :class:`~sticheln.hattrick.HattrickRules`.
    """
    if not isinstance(turn, Turn):
        raise WrongTypeError(f"turn must be a Turn, got {excerpt(turn)}")
    rules = HattrickRules() if rules is None else rules
    if not isinstance(rules, HattrickRules):
        raise WrongTypeError(f"rules must be HattrickRules, got {excerpt(rules)}")
    whole = rules.lead_cards is LeadCards.TURN
    counted = [
        (seat, card)
        for (seat, card), action in zip(turn.plays, turn.actions, strict=True)
        if card is not None and (whole or action is not Action.PASS)
    ]
    if not counted:
        raise ValueError("no card of the turn counts for the next lead")
    values = [card.value for _seat, card in counted]
    seat, card = counted[_lead_index(values, rules.lead_tie)]
    if seat != turn.next_leader:
        raise ValueError(
            f"under rules {rules.name!r} {card} names seat {seat} to lead next, not seat "
            f"{turn.next_leader}"
        )
    top = max(values)
    highest = [c for _seat, c in counted if c.value == top]
    if len(highest) == 1:
        if whole:
            text = _("{card} is the highest card of the turn, passed cards included")
        else:
            text = _("{card} is the highest card of the tricks")
        return Reason(text.format(card=card), "HT-LEAD-2")
    if whole:
        tie = _("{cards} tie for the highest card of the turn, passed cards included")
    else:
        tie = _("{cards} tie for the highest card of the tricks")
    tie = tie.format(cards=_card_list(highest))
    if rules.lead_tie is LeadTie.EARLIEST or values.count(card.value) > 1:
        why = _("so the earlier counts") if len(highest) == 2 else _("so the earliest counts")
        if rules.lead_tie is LeadTie.NEXT_LOWER:  # no value was played once
            why = _("and no value was played only once, {why}").format(why=why)
        return Reason(_("{tie}, {why}: {card}").format(tie=tie, why=why, card=card), "HT-LEAD-2")
    skipped = sorted({v for v in values if card.value < v < top}, reverse=True)
    then = "".join(
        _(", and so do {cards}").format(
            cards=_card_list([c for _seat, c in counted if c.value == value])
        )
        for value in skipped
    )
    text = _("{tie}{then}, so the next lower card counts: {card}")
    return Reason(text.format(tie=tie, then=then, card=card), "HT-LEAD-2")


def _passed_cards(passed: object) -> list[Card | None]:
    """``passed`` as a list of cards and ``None`` (a card passed face down).

    :raises WrongTypeError: if it is anything else.
    """
    if isinstance(passed, CardSet):
        return [*passed]
    if isinstance(passed, str | bytes) or not isinstance(passed, Iterable):
        raise WrongTypeError(f"passed must be the passed cards, got {excerpt(passed)}")
    cards = [*passed]
    for card in cards:
        if card is not None and not isinstance(card, Card):
            raise WrongTypeError(f"passed: {excerpt(card)} is not a Card or None")
    return cards


def _color_list(colors: Sequence[Color]) -> str:
    """``"red"``, ``"red and green"``, ``"red, green and blue"``."""
    return _listed([color_name(color) for color in colors])


def _collected_reason(tied: Sequence[Color], count: int) -> Reason:
    """What the collected colour is (:rule:`HT-SCORE-1`): ``tied[0]`` of the colours of which
    ``count`` cards were won, the most."""
    name = color_name(tied[0])
    if len(tied) == 1:
        text = ngettext(
            "{color} is the collected colour: {count} {color} card won, more than of any "
            "other colour",
            "{color} is the collected colour: {count} {color} cards won, more than of any "
            "other colour",
            count,
        )
    elif len(tied) == 2:
        text = _(
            "{colors} tie for the most cards won, {count} each: either can be the collected "
            "colour, with the same score; {color} is counted as collected"
        )
    else:
        text = _(
            "{colors} tie for the most cards won, {count} each: any of them can be the "
            "collected colour, with the same score; {color} is counted as collected"
        )
    return Reason(text.format(color=name, colors=_color_list(tied), count=count), "HT-SCORE-1")


def explain_hand_score(
    won: Iterable[Card], passed: Iterable[Card | None], colors: Sequence[Color] = ()
) -> ScoreExplanation:
    """A hand score item by item (:rule:`HT-SCORE-1` to :rule:`HT-SCORE-3`):
    :func:`~sticheln.hattrick.hand_score` of the ``won`` cards and the pass pile ``passed``,
    in which ``None`` stands for a card passed face down that the caller has not seen
    (:rule:`HT-PASS-1`).

    The first item, of no points, says which colour is the collected one
    (:func:`~sticheln.hattrick.collecting_color` with ``colors``), and on a tie that any of the
    tied colours gives the same score (:rule:`HT-SCORE-1`); then come the won cards of the
    collected colour at +1 each (:rule:`HT-SCORE-1`), the other won cards at -1 each
    (:rule:`HT-SCORE-2`), and the passed cards at -2 each, whatever their colour
    (:rule:`HT-SCORE-3`). The items add up to the total, which is
    ``hand_score(won, len(passed))``.

    >>> from sticheln import CardSet
    >>> score = explain_hand_score(CardSet.parse("G1 B2"), [None])
    >>> score.total, [item.points for item in score.items]
    (-2, [0, 1, -1, -2])
    >>> print(score.items[0].reason)  # doctest: +NORMALIZE_WHITESPACE
    green and blue tie for the most cards won, 1 each: either can be the collected colour,
    with the same score; green is counted as collected (HT-SCORE-1).
    >>> print(score.items[-1])
    -2 a passed card, its face not seen here, costs two points whatever its colour (HT-SCORE-3).

    :raises WrongTypeError: if ``won`` is not cards, ``passed`` not cards and ``None``, or
        ``colors`` not a sequence of colours.
    :raises CardError: if more cards were passed than there are.
    """
    pile = _passed_cards(passed)
    check_items(colors, Color, "colors")
    given: object = won
    if isinstance(given, Iterable) and not isinstance(given, str | bytes | CardSet | Sequence):
        won = [*won]  # read an iterator once
    total = hand_score(won, len(pile))  # checks the won cards and the count of passes
    won_cards = sorted(won, key=lambda card: card.index)
    counts: dict[Color, int] = {}
    for card in won_cards:
        counts[card.color] = counts.get(card.color, 0) + 1
    items: list[ScoreItem] = []
    collected: Color | None = None
    if counts:
        most = max(counts.values())
        order = list(dict.fromkeys([*colors, *Color]))
        tied = [color for color in order if counts.get(color) == most]
        collected = tied[0]
        items.append(ScoreItem(None, 0, _collected_reason(tied, most)))
        for card in won_cards:
            if card.color is collected:
                text = _("{card} is in the collected colour and scores one point")
                reason = Reason(text.format(card=card), "HT-SCORE-1")
                items.append(ScoreItem(card, 1, reason))
        for card in won_cards:
            if card.color is not collected:
                text = _("{card} is not in the collected colour and costs one point")
                reason = Reason(text.format(card=card), "HT-SCORE-2")
                items.append(ScoreItem(card, -1, reason))
    for passed_card in sorted(pile, key=lambda c: (c is None, 0 if c is None else c.index)):
        if passed_card is None:
            text = _("a passed card, its face not seen here, costs two points whatever its colour")
        elif passed_card.color is collected:
            text = _("{card} was passed and costs two points, even in the collected colour")
        else:
            text = _("{card} was passed and costs two points, whatever its colour")
        text = text.format(card=passed_card)
        items.append(ScoreItem(passed_card, -PASS_PENALTY, Reason(text, "HT-SCORE-3")))
    return ScoreExplanation(total, tuple(items), _(TITLE))


def explain_score(deal: FinishedHand | HattrickState, player: int) -> ScoreExplanation:
    """What ``player``'s score of a hand is made of, card by card (:rule:`HT-SCORE-1` to
    :rule:`HT-SCORE-3`, :func:`explain_hand_score`): of a finished hand, or of a state's hand
    in progress as it stands (the cards won and passed so far; the last hand once the game is
    over).

    Only what ``deal`` holds is used. A finished hand taken from a player's view holds
    ``None`` for the pile of another player under :attr:`PassedCards.HIDDEN
    <sticheln.hattrick.PassedCards.HIDDEN>` (:rule:`HT-PASS-1`): each of their passed cards
    is then an item without a card, which says so; the total is the same.

    >>> import random
    >>> from sticheln import random_playout
    >>> from sticheln.hattrick import HattrickGame, PASSES_HIDDEN, explain_score, observe
    >>> game = HattrickGame(PASSES_HIDDEN)
    >>> state = random_playout(game, game.new_game(4, seed=2), random.Random(2))
    >>> seen = observe(state, 0).finished_hands[0]
    >>> score = explain_score(seen, 1)
    >>> score.total == seen.scores[1] == explain_score(state.finished_hands[0], 1).total
    True
    >>> hidden = [item for item in score.items if item.card is None and item.points]
    >>> len(hidden) == seen.pass_counts[1], {item.reason.rule for item in hidden} <= {"HT-SCORE-3"}
    (True, True)

    :raises WrongTypeError: if ``deal`` is not a :class:`~sticheln.hattrick.FinishedHand` or
        a :class:`~sticheln.hattrick.HattrickState`, or ``player`` not an ``int``.
    :raises UnknownPlayerError: if there is no such player.
    """
    if isinstance(deal, HattrickState):
        check_seat(player, deal.players)
        if not deal.is_over:
            return explain_hand_score(deal.won[player], deal.passed[player])
        deal = deal.finished_hands[-1]
    if not isinstance(deal, FinishedHand):
        raise WrongTypeError(f"deal must be a FinishedHand or a HattrickState, got {excerpt(deal)}")
    check_seat(player, len(deal.scores))
    pile = deal.passed[player]
    passed: list[Card | None] = [None] * deal.pass_counts[player] if pile is None else [*pile]
    return explain_hand_score(deal.won[player], passed)
