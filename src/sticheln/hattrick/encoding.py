"""Hattrick for learning agents: :class:`HattrickEncoding`, the action indices and the
observation vector (:doc:`/encodings`).

An action is a card of the deck, by its place in the deck (colour by colour, low to high):
what the card does (open a trick, follow, pass) follows from the open tricks
(:rule:`HT-PLAY-1` to :rule:`HT-PLAY-3`), so a card names the move. Card segments have one
entry per card of the deck, seat segments one entry per seat counted from the viewer.

>>> from sticheln.hattrick import HattrickGame
>>> encoding = HattrickGame().encoding(4)
>>> encoding.num_actions, encoding.action_names[:2], encoding.action_names[-1]
(60, ('R1', 'R2'), 'B20')
"""

from __future__ import annotations

from typing import Any, ClassVar

from sticheln.core.cards import CardSet
from sticheln.core.encoding import CardEncoding, ObservationWriter
from sticheln.hattrick.moves import HattrickMove
from sticheln.hattrick.rules import HattrickRules
from sticheln.hattrick.state import HattrickState
from sticheln.hattrick.turn import OPEN_TRICKS
from sticheln.hattrick.view import HattrickView

__all__ = ["HattrickEncoding"]


class HattrickEncoding(CardEncoding[HattrickState, HattrickMove, HattrickView]):
    """The encoding of Hattrick with the rules of ``game`` for ``players`` players."""

    descriptions: ClassVar[dict[str, str]] = {
        "over": "1 once the game is over",
        "hand": "the viewer's cards",
        "turn_leader": "the seat that leads the turn in progress (one-hot)",
        "turn_card_{r}": "the card seat r played in the turn in progress (one per seat)",
        "hidden_pass": "by seat: the player passed a card this turn whose value is not shown",
        "open_trick_{r}": "the colour of open trick r, in the order opened (one-hot, by colour)",
        "won_{r}": "the cards seat r has won this hand (one segment per seat)",
        "passed_{r}": "the cards seat r has passed this hand, where seen (one per seat)",
        "pass_counts": "by seat: how many cards the player has passed this hand",
        "to_act": "by seat: whether the player may move now",
        "hand_sizes": "by seat: the number of cards the player holds",
        "hand_leader": "the seat that led the hand's first turn (one-hot)",
        "hands_left": "the hands still to play after this one, at most with a target (for a game "
        "of more than one)",
        "scores": "by seat: the total over finished hands, from the least to the most a game "
        "can give (clipped to -128..127)",
    }

    def __init__(self, game: Any, players: int) -> None:
        rules: HattrickRules = game.rules
        self.colors = rules.colors
        self.hand_size = rules.hand_size(players)
        """The most cards a player holds, or passes in a hand: a hand as dealt
        (:rule:`HT-DEAL-1`)."""
        self.hands = rules.hands_for(players)
        """The most hands of a game (:rule:`HT-GAME-1`)."""
        super().__init__(game, players, rules.deck)

    def write(self, view: HattrickView, writer: ObservationWriter) -> None:
        """The observation of ``view``, in the order of :attr:`layout`."""
        me, n = view.player, self.players
        writer.flags("over", [view.is_over])
        writer.cards("hand", view.hand)
        writer.one_hot("turn_leader", n, self.relative(me, view.turn_leader))
        played = dict(view.current_turn)
        for r in range(n):
            writer.card(f"turn_card_{r}", played.get((me + r) % n))
        hidden = {seat for seat, card in view.current_turn if card is None}
        writer.flags("hidden_pass", [(me + r) % n in hidden for r in range(n)])
        colors = self.colors
        for k in range(OPEN_TRICKS):
            color = view.open_colors[k] if k < len(view.open_colors) else None
            writer.one_hot(
                f"open_trick_{k}", len(colors), None if color is None else colors.index(color)
            )
        for r, pile in enumerate(self.by_relative_seat(me, view.won)):
            writer.cards(f"won_{r}", pile)
        for r, passed in enumerate(self.by_relative_seat(me, view.passed)):
            writer.cards(f"passed_{r}", passed if passed is not None else CardSet())
        hand_size = self.hand_size
        writer.numbers("pass_counts", self.by_relative_seat(me, view.pass_counts), 0, hand_size)
        to_act = set(view.players_to_act)
        writer.flags("to_act", [(me + r) % n in to_act for r in range(n)])
        writer.numbers("hand_sizes", self.by_relative_seat(me, view.hand_sizes), 0, hand_size)
        writer.one_hot("hand_leader", n, self.relative(me, view.hand_leader))
        if self.hands > 1:  # a game of one hand has nothing to count
            hands_left = max(0, view.hand_count - view.hand_number - 1)
            writer.numbers("hands_left", [hands_left], 0, self.hands - 1)
        writer.numbers("scores", self.by_relative_seat(me, view.scores), *self.score_range)
