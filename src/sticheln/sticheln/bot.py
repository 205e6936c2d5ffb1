"""A rule-based player of Sticheln: :class:`HeuristicBot`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

import attrs

from sticheln.core.cards import MAX_VALUE, Card, CardSet, Color
from sticheln.sticheln.moves import StichelnMove
from sticheln.sticheln.playout import tables_for
from sticheln.sticheln.policy import pain_choice, play_choice, weights
from sticheln.sticheln.scoring import card_points
from sticheln.sticheln.state import Phase, StichelnState
from sticheln.sticheln.trick import taking_index, winning_index
from sticheln.sticheln.view import StichelnView

__all__ = ["HeuristicBot", "make_heuristic_bot", "playout_policy"]

_SLOTS = MAX_VALUE + 1
"""Card ``i`` has the colour number ``i // _SLOTS`` (the policy's colour numbers)."""


@attrs.frozen
class HeuristicBot:
    """A Sticheln player that weighs every legal card with a few rules of thumb.

    **Pain card.** For every colour it holds, the bot estimates what choosing that colour
    would cost: the lowest card of the colour (the pain card itself costs its value), plus a
    share (:attr:`others_weight`) of the values of the cards of that colour it has not seen,
    which the other players may slip into its tricks, plus a smaller share
    (:attr:`own_weight`) of its own other cards of the colour, which it must get rid of
    without winning them. It puts down the lowest card of the cheapest colour. Holding many,
    and high, cards of a colour makes it a good pain colour: the others hold few of them.

    **Play.** For every card of its hand the bot looks at the trick with that card added and
    asks :func:`~sticheln.trick_winner` who would win it, then scores the card:

    - If the bot would win, the trick is worth what its cards score for the bot (its own
      pain cards cost their value, every other card is +1), plus what the players still to
      play are expected to add (they slip cards of the bot's pain colour into its tricks
      when they hold some), times the chance that nobody after it beats the card. That chance
      comes from the unseen cards that would beat it and the hand sizes of the players still
      to play, who are assumed to take a trick only when it is worth something to them. When
      the bot plays last the outcome is certain, so it takes cheap tricks and never takes a
      trick holding its own pain cards if another card avoids it.
    - If another player would win, the card is scored by what the trick costs that player,
      shared among the other players (``1 / (players - 1)``): a high card of the winner's
      pain colour hurts them. Unless the bot plays last, this counts only as much as the
      chance that the winner keeps the trick.
    - On top, keeping a card has a value: a zero always ducks (:attr:`zero_keep`), a card
      of another player's pain colour is a weapon for later (:attr:`weapon_keep` per point),
      and a card of the bot's own pain colour is a liability it is glad to shed
      (:attr:`shed_bonus` per point).

    The card with the best score is played; ties are broken with ``rng``, so the bot is
    deterministic given the random generator. It plays Sticheln only (any rules and player
    count).

    >>> import random
    >>> from sticheln import StichelnGame
    >>> from sticheln.sticheln.bot import HeuristicBot
    >>> game = StichelnGame()
    >>> state = game.new_game(4, seed=3)
    >>> bot = HeuristicBot()
    >>> move = bot.choose(game.observe(state, 0), game.legal_moves(state, 0), random.Random(0))
    >>> move in game.legal_moves(state, 0)
    True
    """

    others_weight: float = 0.25
    """Share of the unseen cards' values of a colour counted against choosing it as pain."""
    own_weight: float = 0.12
    """Share of the bot's own other cards' values of a colour counted against choosing it."""
    zero_keep: float = 1.0
    """What keeping a zero is worth."""
    weapon_keep: float = 0.2
    """What keeping a card of another player's pain colour is worth, per point of its value."""
    shed_bonus: float = 0.4
    """What getting rid of a card of the bot's own pain colour is worth, per point."""
    neutral_keep: float = 0.05
    """What keeping any other card is worth, per point of its value."""
    take_willingness: float = 0.7
    """Chance that a later player who can beat the card and gains from the trick does so."""
    avoid_willingness: float = 0.15
    """Chance that a later player who can beat the card but loses by the trick does so."""

    def choose(
        self, view: StichelnView, moves: Sequence[StichelnMove], rng: random.Random
    ) -> StichelnMove:
        """The move the rules of thumb rate best (see the class description)."""
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.CHOOSING_PAIN:
            scores = self._pain_scores(view, moves)
        else:
            scores = self._play_scores(view, moves)
        best = max(scores)
        candidates = [m for m, s in zip(moves, scores, strict=True) if s >= best - 1e-9]
        return candidates[0] if len(candidates) == 1 else rng.choice(candidates)

    # -- pain card -------------------------------------------------------------------------------

    def _pain_scores(self, view: StichelnView, moves: Sequence[StichelnMove]) -> list[float]:
        unseen = view.unseen_cards
        hand = view.hand
        costs: dict[Color, float] = {}
        for color in {m.card.color for m in moves}:
            own = hand.of_color(color).cards
            lowest = min(card.value for card in own)
            others = sum(card.value for card in unseen.of_color(color))
            own_rest = sum(card.value for card in own) - lowest
            costs[color] = lowest + self.others_weight * others + self.own_weight * own_rest
        scores = []
        for move in moves:
            card = move.card
            # Only the lowest card of a colour is a sensible pick; the others score worse by
            # what they cost above it.
            scores.append(-costs[card.color] - card.value + _lowest(hand, card.color))
        return scores

    # -- play ------------------------------------------------------------------------------------

    def _play_scores(self, view: StichelnView, moves: Sequence[StichelnMove]) -> list[float]:
        n = view.players
        me = view.player
        pains: list[Color | None] = [None if c is None else c.color for c in view.pain_cards]
        my_pain = pains[me]
        played = [card for _, card in view.current_trick]
        order = [(view.trick_leader + i) % n for i in range(n)]
        later = order[len(played) + 1 :]
        hand_sizes = view.hand_sizes
        all_zero_trick = view.rules.all_zero_trick
        other_pains = {c for p, c in enumerate(pains) if p != me and c is not None}
        # The non-zero values of the unseen cards (the other players' hands) by colour.
        unseen = view.unseen_cards
        unseen_count = len(unseen)
        values: dict[Color, list[int]] = {}
        for card in unseen:
            if card.value:
                values.setdefault(card.color, []).append(card.value)
        # What the cards played so far score for each player, should they win them.
        base = [sum(_points(c, pains[p]) for c in played) for p in range(n)]
        # What the players still to play are expected to add to a trick the bot wins: they
        # slip cards of the bot's pain colour in when they hold some.
        addition = 0.0
        pain_values = values.get(my_pain, []) if my_pain is not None else []
        for q in later:
            if pain_values:
                has = 1.0 - (1.0 - len(pain_values) / unseen_count) ** hand_sizes[q]
                addition += has * -(sum(pain_values) / len(pain_values)) + (1.0 - has)
            else:
                addition += 1.0
        scores = []
        for move in moves:
            card = move.card
            cards = [*played, card]
            # Who would take the trick (ST-TRICK-6 included), and with which card.
            index = taking_index(cards, all_zero_trick)
            if index is None:
                value = 0.0
            else:
                winner = order[index]
                hold = 1.0
                if later and unseen_count:
                    lead = cards[0].color
                    best = cards[index]
                    beaters = 0
                    for color, vals in values.items():
                        if color is not lead and best.color is lead:
                            beaters += len(vals)  # any non-zero card beats the lead colour
                        elif color is not lead or best.color is lead:
                            beaters += sum(1 for v in vals if v > best.value)
                    miss = 1.0 - beaters / unseen_count
                    for q in later:
                        has = 1.0 - miss ** hand_sizes[q]
                        gain = base[q] + _points(card, pains[q])
                        willing = self.take_willingness if gain > 0 else self.avoid_willingness
                        hold *= 1.0 - has * willing
                if winner == me:
                    value = hold * (base[me] + _points(card, my_pain) + addition)
                else:
                    loss = base[winner] + _points(card, pains[winner])
                    value = -hold * loss / (n - 1)
            value -= self._keep_value(card, my_pain, other_pains)
            scores.append(value)
        return scores

    def _keep_value(self, card: Card, my_pain: Color | None, other_pains: set[Color]) -> float:
        if card.value == 0:
            return self.zero_keep
        if card.color is my_pain:
            return -self.shed_bonus * card.value
        if card.color in other_pains:
            return self.weapon_keep * card.value
        return self.neutral_keep * card.value


def _points(card: Card, pain: Color | None) -> int:
    if pain is None:
        return 1
    return card_points(card, pain)


def _lowest(hand: CardSet, color: Color) -> int:
    return min(card.value for card in hand.of_color(color))


def make_heuristic_bot(game: object) -> HeuristicBot:
    """A :class:`HeuristicBot`, for a game of Sticheln (the registry offers it for Sticheln
    only)."""
    return HeuristicBot()


def playout_policy(
    state: StichelnState, player: int, moves: Sequence[StichelnMove], rng: random.Random
) -> StichelnMove:
    """A quick move for the playouts of a search, from a full (sampled) state.

    A cheap cousin of :class:`HeuristicBot`, meant for :class:`~sticheln.bots.ISMCTSBot`'s
    ``playout_policy``: it picks the lowest card as pain card, and in play scores every card by
    the trick as it stands with the card added (what it is worth to the bot if it would win,
    minus a share of what it costs the winner otherwise, counted half unless the bot plays
    last), keeps zeros and sheds cards of its own pain colour. Ties are broken with ``rng``.

    The decisions are those of ``sticheln.sticheln.policy`` (``pain_choice`` and
    ``play_choice``), on bit masks of the cards; a search with round playouts plays the same
    policy on the fast path of ``sticheln.sticheln.playout`` (declared in Sticheln's kit), which
    reads the same functions.
    """
    hand = sum(map(_move_bit, moves))
    if state.phase is not Phase.PLAYING:
        low = pain_choice(hand)
        # A draw even from one card, as the fast path draws.
        return rng.choice([move for move in moves if low >> move.card.index & 1])
    global _last  # one tuple, replaced whole: safe across threads
    setup = state.setup
    n = setup.players
    seen = _last
    if seen[0] is not setup:
        seen = _last = (setup, tables_for(setup.rules, n), weights(n))
    _, tables, (early, last) = seen
    picks = state.picks
    trick = state.trick_cards
    pain = picks[player]
    assert pain is not None  # every pain card is chosen before the first trick
    my_pain = pain.index // _SLOTS
    if trick:
        indices = [card.index for card in trick]
        best = winning_index(trick)
        weight, share = last if len(trick) == n - 1 else early
        if best is None:
            take = hand & tables.beats[indices[0] // _SLOTS][0]
            ties = play_choice(hand, take, indices, my_pain, -1, weight, share)
        else:
            take = hand & tables.beats[indices[0] // _SLOTS][indices[best] + 1]
            winner = (state.trick_leader + best) % n
            winning_pain = picks[winner]
            assert winning_pain is not None  # as the player's own
            its_pain = winning_pain.index // _SLOTS
            ties = play_choice(hand, take, indices, my_pain, its_pain, weight, share)
    else:
        weight, share = early
        ties = play_choice(hand, hand & tables.leads, (), my_pain, -1, weight, share)
    if not ties & (ties - 1):
        index = ties.bit_length() - 1
        for move in moves:
            if move.card.index == index:
                return move
    return rng.choice([move for move in moves if ties >> move.card.index & 1])


_move_bit = attrgetter("card.bit")
_last: tuple[Any, Any, Any] = (None, None, None)
"""The setup of the last state :func:`playout_policy` saw, its tables and weights."""
