"""A rule-based player of Hattrick: :class:`HattrickBot`."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import attrs

from sticheln.core.cards import Card, Color
from sticheln.hattrick.moves import HattrickMove
from sticheln.hattrick.scoring import PASS_PENALTY
from sticheln.hattrick.turn import Action, action_for
from sticheln.hattrick.view import HattrickView

__all__ = ["HattrickBot", "make_hattrick_bot"]


def _score(counts: Sequence[int]) -> int:
    """What won cards score, by their counts per colour (:rule:`HT-SCORE-1`,
    :rule:`HT-SCORE-2`), passes left out."""
    best = max(counts, default=0)
    return best - (sum(counts) - best)


@attrs.frozen
class HattrickBot:
    """A Hattrick player that collects one colour, avoids the cards of the others and passes
    only when everything else costs more.

    **Its colour.** The bot collects the colour it rates best: each won card of a colour
    counts :attr:`won_weight`, each card of the colour in its hand :attr:`count_weight` plus
    its *strength*, the share of the unseen cards of the colour below it (a card that nothing
    unseen beats is worth 1): many cards of a colour open tricks in it that the others cannot
    follow for long.

    **Every card.** A card can be played in one way only (:rule:`HT-PLAY-4`), so the bot
    rates each card of its hand by what it does:

    - A passed card costs :data:`~sticheln.hattrick.PASS_PENALTY` points, for sure.
    - A card that opens a trick, or tops the open trick of its colour, takes that trick
      unless a player still to play this turn beats it: each of them holds a higher unseen
      card of the colour with the chance that their hand, drawn from the unseen cards, holds
      one, and plays it with :attr:`beat_willingness`. If the bot keeps the trick it wins
      its cards and those the players after it are expected to add (:attr:`follow_chance`
      each); their worth is the change of its hand score with those cards won, counted
      exactly (cards of the colour it collects +1, others -1, and a colour that overtakes
      the others becomes the collected one).
    - A card under the top card of its trick gives nothing and costs nothing now.
    - On top, the card leaves the hand: a strong card of the colour it collects is worth
      keeping (:attr:`keep_own` times its strength), a strong card of another colour is a
      danger it is glad to shed and a weak one a safe card for later (:attr:`shed_other`).

    So it takes tricks of its colour with cards that hold, plays low cards under the tricks
    of other colours, sheds high cards of other colours where they cannot win, and passes
    only when every card it could play would take a costly trick. The best rated card is
    played; ties are broken with ``rng``, so the bot is deterministic given the random
    generator. It plays Hattrick with any rules and player count, on the view alone.

    >>> import random
    >>> from sticheln.hattrick.bot import HattrickBot
    >>> from sticheln.hattrick import HattrickGame
    >>> game = HattrickGame()
    >>> state = game.new_game(4, seed=1)
    >>> move = HattrickBot().choose(game.observe(state, 0), game.legal_moves(state, 0),
    ...                             random.Random(0))
    >>> move in game.legal_moves(state, 0)
    True
    """

    won_weight: float = 1.5
    """What a won card of a colour counts towards collecting it."""
    count_weight: float = 0.5
    """What a card of a colour in hand counts towards collecting it, on top of its
    strength."""
    beat_willingness: float = 0.7
    """The chance that a later player who can beat the bot's card in a trick does."""
    follow_chance: float = 0.35
    """The chance that a later player adds a card to a trick the bot holds."""
    keep_own: float = 0.6
    """What keeping a card of strength 1 of the colour the bot collects is worth."""
    shed_other: float = 0.3
    """What shedding a card of strength 1 of another colour is worth (a weak one costs as
    much to lose)."""

    def choose(
        self, view: HattrickView, moves: Sequence[HattrickMove], rng: random.Random
    ) -> HattrickMove:
        """The card the rules of thumb rate best (see the class description)."""
        if len(moves) == 1:
            return moves[0]
        scores = self.scores(view, moves)
        best = max(scores)
        candidates = [m for m, s in zip(moves, scores, strict=True) if s >= best - 1e-9]
        return candidates[0] if len(candidates) == 1 else rng.choice(candidates)

    def target(self, view: HattrickView) -> Color:
        """The colour the bot collects (see the class description)."""
        unseen = view.unseen_cards
        me = view.player
        won = view.won[me]

        def rating(color: Color) -> float:
            held = sum(
                self.count_weight + _strength(card, unseen)
                for card in view.hand
                if card.color is color
            )
            return self.won_weight * len(won.of_color(color)) + held

        return max(view.rules.colors, key=rating)

    def scores(self, view: HattrickView, moves: Sequence[HattrickMove]) -> list[float]:
        """The rating of each move (see the class description)."""
        me = view.player
        n = view.players
        colors = tuple(view.rules.colors)
        unseen = view.unseen_cards
        target = self.target(view)
        counts = [len(view.won[me].of_color(color)) for color in colors]
        base = _score(counts)
        played = len(view.turn_cards)
        later = [(view.turn_leader + i) % n for i in range(played + 1, n)]
        tricks = {trick.cards[0].color: trick for trick in view.open_tricks}
        unseen_total = len(unseen)
        result = []
        for move in moves:
            card = move.card
            action = action_for(view.open_colors, card)
            score = 0.0
            if action is Action.PASS:
                score -= PASS_PENALTY
            else:
                trick = tricks.get(card.color) if action is Action.FOLLOW else None
                cards = trick.cards if trick is not None else ()
                if all(card.value > c.value for c in cards):
                    higher = sum(
                        1 for c in unseen if c.color is card.color and c.value > card.value
                    )
                    keep = 1.0
                    for seat in later:
                        size = view.hand_sizes[seat]
                        if higher and unseen_total:
                            holds = 1.0 - (1.0 - higher / unseen_total) ** size
                        else:
                            holds = 0.0
                        keep *= 1.0 - self.beat_willingness * holds
                    size_won = len(cards) + 1 + self.follow_chance * len(later)
                    k = colors.index(card.color)
                    gain = _gain(counts, k, size_won, base)
                    score += keep * gain
            strength = _strength(card, unseen)
            if card.color is target:
                score -= self.keep_own * strength
            else:
                score += self.shed_other * (2 * strength - 1)
            result.append(score)
        return result


def _gain(counts: Sequence[int], k: int, cards: float, base: int) -> float:
    """The change of the hand score from winning ``cards`` (maybe a fraction) more cards of
    colour ``k``, interpolated between whole numbers."""
    low = int(cards)
    frac = cards - low

    def at(extra: int) -> int:
        new = list(counts)
        new[k] += extra
        return _score(new) - base

    return (1 - frac) * at(low) + frac * at(low + 1)


def _strength(card: Card, unseen: Iterable[Card]) -> float:
    """The share of the unseen cards of the card's colour that are below it (1 when none is
    unseen)."""
    same = [c.value for c in unseen if c.color is card.color]
    if not same:
        return 1.0
    return sum(1 for v in same if v < card.value) / len(same)


def make_hattrick_bot(game: object) -> HattrickBot:
    """A :class:`HattrickBot`, for a game of Hattrick: what ``make_bot("heuristic", game)``
    gives for Hattrick."""
    return HattrickBot()
