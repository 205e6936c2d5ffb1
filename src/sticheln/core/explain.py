"""Explanations, the same values for every game: why a trick goes to whom, and what a deal's
score is made of, each step naming the rule it applies.

A game gives them through the protocol (:meth:`Game.explain_trick
<sticheln.Game.explain_trick>`, :meth:`Game.explain_score <sticheln.Game.explain_score>`),
from the functions its kit declares, and in its events; a frontend shows them as they are
and links each rule ID to the specification, with no explanation of its own.

>>> from sticheln.core.cards import Card
>>> reasons = (
...     Reason("B7 leads: blue is the trick's colour", "XX-TRICK-1"),
...     Reason("B9 wins: it is the highest card", "XX-TRICK-2"),
... )
>>> print(TrickExplanation((Card.parse("B7"), Card.parse("B9")), 1, reasons, deciding=1))
B9 wins.
- B7 leads: blue is the trick's colour (XX-TRICK-1).
- B9 wins: it is the highest card (XX-TRICK-2).
>>> item = ScoreItem(Card.parse("B9"), 1, Reason("B9 scores one point", "XX-SCORE-1"))
>>> print(ScoreExplanation(1, (item,), title="Hand score"))
Hand score +1:
  +1 B9 scores one point (XX-SCORE-1).
"""

from __future__ import annotations

import attrs

from sticheln.core.cards import Card
from sticheln.core.i18n import gettext as _

__all__ = ["Reason", "ScoreExplanation", "ScoreItem", "TrickExplanation"]


@attrs.frozen
class Reason:
    """One step of an explanation: a sentence and the rule it applies."""

    text: str
    """The sentence, without the rule ID."""
    rule: str
    """The ID of the rule applied (e.g. ``"ST-TRICK-2"``)."""

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})."


@attrs.frozen
class TrickExplanation:
    """Who takes a trick and why: the reasons, in the order the game gives them (for the
    games of the library, what sets the trick's colour first, then one reason per card in
    play order).

    The reasons are in the language current when it was made (:mod:`sticheln.core.i18n`);
    the heading of ``str()`` in the language current then."""

    cards: tuple[Card, ...]
    """The cards in play order."""
    winner: int | None
    """The index, in play order, of the card whose player takes the trick; ``None`` if
    nobody takes it."""
    reasons: tuple[Reason, ...]
    """Why, step by step."""
    deciding: int
    """The index in :attr:`reasons` of the reason that decides who takes the trick."""

    @property
    def deciding_reason(self) -> Reason:
        """The reason that decides who takes the trick (``reasons[deciding]``)."""
        return self.reasons[self.deciding]

    def __str__(self) -> str:
        if self.winner is None:
            head = _("Nobody wins.")
        else:
            head = _("{card} wins.").format(card=self.cards[self.winner])
        return "\n".join([head, *(f"- {reason}" for reason in self.reasons)])


@attrs.frozen
class ScoreItem:
    """What one card, or one other thing the rules count, adds to a deal's score."""

    card: Card | None
    """The card, or ``None`` for an item that is no one card (a penalty, a bonus)."""
    points: int
    """The points it adds (negative: it costs them)."""
    reason: Reason
    """Why."""

    def __str__(self) -> str:
        return f"{self.points:+d} {self.reason}"


@attrs.frozen
class ScoreExplanation:
    """A player's score of one deal, item by item: the items add up to :attr:`total`.

    Its title and reasons are in the language current when it was made
    (:mod:`sticheln.core.i18n`)."""

    total: int
    """The score, as the game's scoring function gives it."""
    items: tuple[ScoreItem, ...]
    """What makes it, in the order the game gives them."""
    title: str = "Score"
    """What the score is, in the game's words (``"Round score"``, ``"Hand score"``)."""

    def __str__(self) -> str:
        return "\n".join([f"{self.title} {self.total:+d}:", *(f"  {item}" for item in self.items)])
