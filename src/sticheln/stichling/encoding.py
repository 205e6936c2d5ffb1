"""Stichling for learning agents: :class:`StichlingEncoding`, the action indices and the
observation vector (:doc:`/encodings`).

The actions are, in this order: the six orders of the hand's victory-point cards
(:rule:`SL-VP-2`), named by the rank of each card's value from the lowest (``arrange 3,1,2``
turns up the highest value first, then the lowest); every card of the deck opening a trick
(``R7+``, :rule:`SL-PLAY-2`); every card added to each open trick (``R7>2`` for the second
open trick, :rule:`SL-PLAY-3`). Card segments have one entry per card of the deck, seat
segments one entry per seat counted from the viewer.

>>> from sticheln.stichling import ArrangePoints, StichlingGame
>>> encoding = StichlingGame().encoding(2)
>>> encoding.num_actions, encoding.action_names[:2], encoding.action_names[6]
(126, ('arrange 1,2,3', 'arrange 1,3,2'), 'R1+')
>>> encoding.action_index(ArrangePoints(0, (3, 1, 2)))
4
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, ClassVar

from sticheln.core.encoding import Encoding, ObservationWriter
from sticheln.stichling.moves import AddToTrick, OpenTrick, StichlingMove
from sticheln.stichling.rules import OPEN_TRICKS, TRICK_SIZE, StichlingRules
from sticheln.stichling.state import Phase, StichlingState
from sticheln.stichling.view import StichlingView

__all__ = ["StichlingEncoding"]

_ORDERS = tuple(permutations(range(3)))
_PHASES = tuple(Phase)
_VP_CARDS = 3


class StichlingEncoding(Encoding[StichlingState, StichlingMove, StichlingView]):
    """The encoding of Stichling with the rules of ``game`` for ``players`` players."""

    descriptions: ClassVar[dict[str, str]] = {
        "phase": "what the game waits for: arranging, playing, over (one-hot)",
        "hand": "the viewer's cards",
        "points": "the values of the hand's three victory-point cards, lowest first",
        "arranged": "by seat: whether the player has laid down the row",
        "row_{r}": "seat r's row in turn-up order: the value where seen, else -1 (3 entries)",
        "open_trick_{r}": "the cards of open trick r, in the order opened (one per trick)",
        "open_trick_marker": "by open trick: the seat that holds its marker, -1 if none",
        "won_{r}": "the cards of the tricks seat r has won this hand (one segment per seat)",
        "tricks_won": "by seat: how many tricks the player has won this hand",
        "to_act": "by seat: whether the player may move now",
        "hand_sizes": "by seat: the number of cards the player holds",
        "hand_leader": "the seat that plays the hand's first card (one-hot)",
        "hands_left": "the hands still to play after this one (for a game of more than one)",
        "scores": "by seat: the total over finished hands, from 0 to the most a game can give",
    }

    def __init__(self, game: Any, players: int) -> None:
        rules: StichlingRules = game.rules
        self.rules = rules
        deck = rules.deck(players)
        cards = [str(card) for card in deck]
        self._cards = len(cards)
        self._added = len(_ORDERS) + len(cards)  # the index of the first card added to a trick
        values = [value for triple in rules.points for value in triple]
        self.points_range = (min(values), max(values))
        """The least and the greatest value of a victory-point card (:rule:`SL-VP-1`)."""
        self.most_tricks = players * rules.hand_size // TRICK_SIZE
        """The most tricks a player can win in a hand: every card of the hand dealt
        (:rule:`SL-DEAL-1`) in tricks of four cards (:rule:`SL-TRICK-2`)."""
        self.action_names = (
            *(f"arrange {','.join(str(rank + 1) for rank in order)}" for order in _ORDERS),
            *(f"{card}+" for card in cards),
            *(f"{card}>{trick + 1}" for trick in range(OPEN_TRICKS) for card in cards),
        )
        super().__init__(game, players, deck)

    def action_index(self, move: StichlingMove) -> int:
        """The index of ``move``: its card (and trick), or its order."""
        # The card moves first: they are nearly all of a game's moves.
        if isinstance(move, AddToTrick):
            return self._cards * move.trick + self._added + self.card_positions[move.card.index]
        if isinstance(move, OpenTrick):
            return len(_ORDERS) + self.card_positions[move.card.index]
        ranked = sorted(move.order)
        return _ORDERS.index(tuple(ranked.index(value) for value in move.order))

    def write(self, view: StichlingView, writer: ObservationWriter) -> None:
        """The observation of ``view``, in the order of :attr:`layout`."""
        me, n = view.player, self.players
        writer.one_hot("phase", len(_PHASES), _PHASES.index(view.phase))
        writer.cards("hand", view.hand)
        points = self.rules.points
        least, most = self.points_range
        writer.numbers(
            "points", sorted(points[min(view.hand_number, len(points) - 1)]), least, most
        )
        arranged = set(view.arranged)
        writer.flags("arranged", [(me + r) % n in arranged for r in range(n)])
        for r, row in enumerate(self.by_relative_seat(me, view.rows)):
            values = row if row is not None else (None,) * _VP_CARDS
            writer.numbers(
                f"row_{r}", [-1 if value is None else value for value in values], -1, most
            )
        for k in range(OPEN_TRICKS):
            trick = view.open_tricks[k] if k < len(view.open_tricks) else None
            writer.cards(f"open_trick_{k}", () if trick is None else trick.cards)
        writer.numbers(
            "open_trick_marker",
            [
                self.relative(me, view.open_tricks[k].marker) if k < len(view.open_tricks) else -1
                for k in range(OPEN_TRICKS)
            ],
            -1,
            n - 1,
        )
        for r, tricks in enumerate(self.by_relative_seat(me, view.won)):
            writer.cards(f"won_{r}", (card for trick in tricks for card in trick.cards))
        hand_size = self.rules.hand_size
        writer.numbers(
            "tricks_won", self.by_relative_seat(me, view.tricks_won), 0, self.most_tricks
        )
        to_act = set(view.players_to_act)
        writer.flags("to_act", [(me + r) % n in to_act for r in range(n)])
        writer.numbers("hand_sizes", self.by_relative_seat(me, view.hand_sizes), 0, hand_size)
        writer.one_hot("hand_leader", n, self.relative(me, view.hand_leader))
        if self.rules.hand_count > 1:  # a game of one hand has nothing to count
            hands_left = max(0, view.hand_count - view.hand_number - 1)
            writer.numbers("hands_left", [hands_left], 0, self.rules.hand_count - 1)
        writer.numbers("scores", self.by_relative_seat(me, view.scores), *self.score_range)
