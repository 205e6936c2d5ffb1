"""High Card with what the tools read of a game beyond its rules ("Adding a game" in the
documentation, second part): why a trick is taken, for the terminal and the web page; an
encoding, for PettingZoo, Gymnasium and OpenSpiel; the bounds of a score, for OpenSpiel; and a
bot of its own. ``python examples/high_card_tools.py`` checks the game; with arguments it runs
the ``sticheln`` command with it: ``python examples/high_card_tools.py play --game high-card``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs
from high_card import HIGH_CARD, HighCardGame, HighCardRules, HighCardView, Play, trick_winner

from sticheln.core import Card, CardSet, register_game
from sticheln.core.encoding import CardEncoding, ObservationWriter
from sticheln.core.explain import Reason, TrickExplanation


def explain_trick(rules: HighCardRules, cards: Sequence[Card]) -> TrickExplanation:
    """Why the trick goes to the player of its highest card, with the rule's ID."""
    winner = trick_winner(cards)
    best = cards[winner]
    text = f"{best} is the highest card"
    tied = [str(card) for card in cards[winner + 1 :] if card.value == best.value]
    if tied:
        text += f", played before {' '.join(tied)} of the same value"
    return TrickExplanation(tuple(cards), winner, (Reason(text, "HC-TRICK-1"),), deciding=0)


class HighCardEncoding(CardEncoding[Any, Play, HighCardView]):
    """An action is a card of the deck; the observation is the hand, the current trick by
    seat (counted from the viewer) and every card of the finished tricks."""

    descriptions: ClassVar[dict[str, str]] = {
        "hand": "the viewer's hand",
        "trick_{r}": "the card seat r played to the current trick",
        "played": "every card of the finished tricks",
    }

    def __init__(self, game: HighCardGame, players: int) -> None:
        super().__init__(game, players, game.rules.deck)

    def write(self, view: HighCardView, writer: ObservationWriter) -> None:
        me, n = view.player, self.players
        writer.cards("hand", view.hand)
        played = {(view.leader + i) % n: card for i, card in enumerate(view.trick)}
        for r in range(n):
            writer.card(f"trick_{r}", played.get((me + r) % n))
        writer.cards("played", CardSet.of(c for trick in view.tricks for c in trick.cards))


def score_bounds(rules: HighCardRules, players: int) -> tuple[int, int]:
    """A player takes every trick, or none."""
    return 0, rules.hand_size


class LowestBot:
    """Plays its lowest card: a bot needs ``choose(view, moves, rng)`` and nothing else."""

    def choose(self, view: HighCardView, moves: Sequence[Play], rng: random.Random) -> Play:
        return min(moves, key=lambda move: (move.card.value, str(move.card)))


def lowest_bot(game: HighCardGame) -> LowestBot:
    """The bot's factory, as ``make_bot("lowest", game)`` calls it."""
    return LowestBot()


HIGH_CARD_TOOLS = HIGH_CARD.evolve(
    explain_trick=explain_trick,
    encoding=HighCardEncoding,
    score_bounds=score_bounds,
    bots={"lowest": lowest_bot},
)


@attrs.frozen
class HighCardToolsGame(HighCardGame):
    """High Card with its explanations, encoding, score bounds and bot."""

    kit = HIGH_CARD_TOOLS


if __name__ == "__main__":
    register_game("high-card", HighCardToolsGame.from_preset)
    if sys.argv[1:]:
        from sticheln.cli import main

        sys.exit(main(sys.argv[1:]))
    from sticheln.testing import check_game

    print(check_game(HighCardToolsGame()))
