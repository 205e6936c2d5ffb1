"""Sticheln for learning agents: :class:`StichelnEncoding`, the action indices and the
observation vector (:doc:`/encodings`).

An action is a card of the round's deck, by its place in the deck (colour by colour, low to
high): the pain card to choose while pain cards are chosen, else the card to play. The
observation has one segment per row of the table below; card segments have one entry per
card of the deck, seat segments one entry per seat counted from the viewer.

>>> from sticheln import Card, PlayCard, StichelnGame
>>> encoding = StichelnGame().encoding(3)
>>> encoding.num_actions, encoding.action_names[:3]
(45, ('R0', 'R1', 'R2'))
>>> encoding.action_index(PlayCard(1, Card.parse("Y0")))
9
"""

from __future__ import annotations

from typing import Any, ClassVar

from sticheln.core.encoding import CardEncoding, ObservationWriter
from sticheln.sticheln.moves import StichelnMove
from sticheln.sticheln.rules import StichelnRules
from sticheln.sticheln.state import Phase, StichelnState
from sticheln.sticheln.view import StichelnView

__all__ = ["StichelnEncoding"]

_PHASES = tuple(Phase)


class StichelnEncoding(CardEncoding[StichelnState, StichelnMove, StichelnView]):
    """The encoding of Sticheln with the rules of ``game`` for ``players`` players."""

    descriptions: ClassVar[dict[str, str]] = {
        "phase": "what the game waits for: choosing pain cards, playing, over (one-hot)",
        "hand": "the viewer's hand",
        "own_pain_card": "the viewer's pain card, once chosen",
        "has_chosen": "by seat: whether the player has put down a pain card this round",
        "pain_card_{r}": "the pain card of seat r, once revealed (one segment per seat)",
        "trick_leader": "the seat that leads the current trick (one-hot)",
        "current_trick_{r}": "the card seat r played to the current trick (one per seat)",
        "won_{r}": "the cards seat r has won this round (one segment per seat)",
        "set_aside": "cards set aside this round: dealt to nobody, tricks of zeros",
        "to_act": "by seat: whether the player may move now",
        "hand_sizes": "by seat: the number of cards the player holds",
        "round_leader": "the seat that led the round's first trick (one-hot)",
        "rounds_left": "the rounds still to play after this one (for a game of more than one)",
        "scores": "by seat: the total over finished rounds, from the least to the most a game "
        "can give (clipped to -128..127)",
    }

    def __init__(self, game: Any, players: int) -> None:
        rules: StichelnRules = game.rules
        self.hand_size = rules.hand_size
        """The most cards a player holds: a hand as dealt (:rule:`ST-DEAL-1`)."""
        self.rounds = rules.rounds_for(players)
        """The rounds of a game (:rule:`ST-GAME-1`)."""
        super().__init__(game, players, rules.deck(players).cards)

    def write(self, view: StichelnView, writer: ObservationWriter) -> None:
        """The observation of ``view``, in the order of :attr:`layout`."""
        me, n = view.player, self.players
        writer.one_hot("phase", len(_PHASES), _PHASES.index(view.phase))
        writer.cards("hand", view.hand)
        writer.card("own_pain_card", view.pain_cards[me])
        writer.flags("has_chosen", self.by_relative_seat(me, view.has_chosen))
        for r, card in enumerate(self.by_relative_seat(me, view.pain_cards)):
            writer.card(f"pain_card_{r}", card if view.phase is not Phase.CHOOSING_PAIN else None)
        writer.one_hot("trick_leader", n, self.relative(me, view.trick_leader))
        played = dict(view.current_trick)
        for r in range(n):
            writer.card(f"current_trick_{r}", played.get((me + r) % n))
        for r, pile in enumerate(self.by_relative_seat(me, view.won)):
            writer.cards(f"won_{r}", pile)
        writer.cards("set_aside", view.set_aside)
        to_act = set(view.players_to_act)
        writer.flags("to_act", [(me + r) % n in to_act for r in range(n)])
        writer.numbers("hand_sizes", self.by_relative_seat(me, view.hand_sizes), 0, self.hand_size)
        writer.one_hot("round_leader", n, self.relative(me, view.round_leader))
        if self.rounds > 1:  # a game of one round has nothing to count
            rounds_left = max(0, view.rounds - view.round_number - 1)
            writer.numbers("rounds_left", [rounds_left], 0, self.rounds - 1)
        writer.numbers("scores", self.by_relative_seat(me, view.scores), *self.score_range)
