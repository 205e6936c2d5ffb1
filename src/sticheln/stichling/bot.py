"""A rule-based player of Stichling: :class:`StichlingBot`, and :func:`playout_policy`, its
quick cousin for the playouts of :class:`~sticheln.bots.ISMCTSBot`."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence

import attrs

from sticheln.core.cards import Card, Color
from sticheln.stichling.moves import ArrangePoints, OpenTrick, StichlingMove
from sticheln.stichling.rules import OPEN_TRICKS, TRICK_SIZE, CountedCards, RemovedCards
from sticheln.stichling.state import Phase, StichlingState
from sticheln.stichling.tricks import StichlingTrick
from sticheln.stichling.view import StichlingView

__all__ = ["StichlingBot", "make_stichling_bot", "playout_policy"]


def _value(row: Sequence[float], tricks: int) -> float:
    """What a row of victory-point cards scores after ``tricks`` won tricks: nothing without a
    trick, then the cards in turn, the first again after the third."""
    return 0.0 if tricks <= 0 else row[(tricks - 1) % 3]


def _counted(cards: Sequence[Card], led_only: bool) -> int:
    """How many of a trick's cards count toward the four that complete it."""
    if not led_only:
        return len(cards)
    led = cards[0].color
    return sum(1 for card in cards if card.color is led)


def _distribution(chances: Sequence[float]) -> list[float]:
    """The distribution of the number of independent events that happen, each with its
    chance: entry ``j`` is the chance that exactly ``j`` happen."""
    dist = [1.0]
    for p in chances:
        if p <= 0.0:
            continue
        new = [0.0] * (len(dist) + 1)
        for j, q in enumerate(dist):
            new[j] += q * (1.0 - p)
            new[j + 1] += q * p
        dist = new
    return dist


@attrs.frozen
class StichlingBot:
    """A Stichling player that bets on a number of tricks and then steers towards it.

    **The row.** The bot rates its hand by the *strength* of its cards: a card is worth
    :attr:`strength_decay` to the power of the cards of its colour above it that it has not
    seen (a card that no unseen card of its colour beats is worth 1, one that one unseen card
    beats 0.5, ...). It compares the
    sum with what a hand dealt from the same deck is worth on average, and expects
    :attr:`base` tricks, plus :attr:`slope` for each point of strength above the average. It
    takes the number of tricks it will win to be spread around that estimate (a normal curve
    of width :attr:`spread`) and lays down the row that scores most on average: the highest
    card where the estimate says, the second highest where a miss by one lands most often.

    **Play.** For every legal move the bot asks what becomes of the tricks on the table, and
    so of the number of tricks it will win:

    - A card that completes a trick decides it: whoever holds the marker wins it, for sure.
    - The bot holds the marker of an open trick (with the card it plays, or from before)
      with a chance of keeping it until the trick is complete: the chance that none of the
      cards still to come is a higher one of its colour, if the cards to come were drawn at
      random from the cards of the colour not yet played, its own included
      (:attr:`aggression` makes the higher ones likelier), times the chance that the trick
      is completed at all before the hand ends (:attr:`slack`). A trick whose marker another
      player holds counts as lost to the bot.
    - From these chances it builds the distribution of the tricks it will have won, and
      rates the move by the mean *outlook* of that number: what the row scores then, or what
      it would score after one, two or three more tricks, each further trick discounted by
      :attr:`reach` (less with fewer than :attr:`reach_cards` cards in hand). So a trick that
      moves it towards its highest card is welcome and a trick beyond it is not, although
      the first trick, which turns up a card at all, always is.
    - A trick that goes to another player, or is taken from one, counts by what it does to
      that player's row as far as the bot has seen it (unseen cards count at their mean),
      times :attr:`share`.
    - Playing a card also spends it. The bot asks whether it will want more tricks after the
      move (the mean gain of the outlook from one more trick): if so, a strong card is worth
      keeping, and playing it costs :attr:`keep_weight` times its strength times that wish;
      if not, a strong card is a danger, and shedding it where it cannot win is a gain.

    So it takes the tricks it needs, with its lowest card that wins them, ducks under the
    marker or completes tricks for others once it has what it wants, and sheds its high cards
    by discards and under higher ones. The move with the best rating is played; ties are
    broken with ``rng``, so the bot is deterministic given the random generator. It plays
    Stichling with any rules and player count, and takes a fraction of a millisecond a move.

    >>> import random
    >>> from sticheln.stichling import StichlingGame
    >>> from sticheln.stichling.bot import StichlingBot
    >>> game = StichlingGame()
    >>> state = game.new_game(3, seed=4)
    >>> bot = StichlingBot()
    >>> view = game.observe(state, 0)
    >>> str(view.hand), round(bot.expected_tricks(view), 2)
    ('Y5 Y6 G3 G5 G6 G7 G9 B2 B5 B7 B8 B9', 2.62)
    >>> bot.choose(view, game.legal_moves(state, 0), random.Random(0))
    ArrangePoints(player=0, order=(1, 2, 3))
    """

    base: float = 2.2
    """The tricks expected from a hand of the average strength."""
    slope: float = 0.15
    """The further tricks expected for each point of strength above the average."""
    spread: float = 0.8
    """How far the tricks won may fall from the estimate, for laying down the row: the
    standard deviation of the normal curve around it."""
    strength_decay: float = 0.5
    """A card's strength: this to the power of the unseen cards of its colour above it."""
    reach: float = 0.8
    """The discount of each further trick the bot would need for a better card: roughly
    the chance of winning one more trick when it wants one."""
    reach_cards: float = 4.0
    """With fewer cards in hand than this, :attr:`reach` shrinks in proportion."""
    aggression: float = 1.0
    """How much likelier than at random the cards still to come to a trick are higher ones
    of its colour."""
    slack: float = 8.0
    """Cards still to be played in the hand, per card a trick needs, from which on the trick
    is sure to be completed; with fewer, the chance falls in proportion."""
    share: float = 0.3
    """The weight of what a trick does to another player's score, against the bot's own."""
    keep_weight: float = 0.5
    """What keeping a card of strength 1 is worth, per point of outlook one more trick would
    bring later."""

    def choose(
        self, view: StichlingView, moves: Sequence[StichlingMove], rng: random.Random
    ) -> StichlingMove:
        """The move the rules of thumb rate best (see the class description)."""
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.ARRANGING:
            scores = self._row_scores(view, moves)
        else:
            scores = self._play_scores(view, moves)
        best = max(scores)
        candidates = [m for m, s in zip(moves, scores, strict=True) if s >= best - 1e-9]
        return candidates[0] if len(candidates) == 1 else rng.choice(candidates)

    # -- the row ---------------------------------------------------------------------------------

    def expected_tricks(self, view: StichlingView) -> float:
        """The number of tricks the bot expects to win in the hand of ``view``, from the
        strength of its hand against the average (see the class description)."""
        decay = self.strength_decay
        unseen = _values_by_color(view.unseen_cards)
        strength = sum(_strength(card, unseen, decay) for card in view.hand)
        return self.base + self.slope * (strength - _average_strength(view, decay))

    def _row_scores(self, view: StichlingView, moves: Sequence[StichlingMove]) -> list[float]:
        mean = self.expected_tricks(view)
        width = 2 * self.spread**2
        weights = [
            math.exp(-((w - mean) ** 2) / width) for w in range(3 * view.rules.hand_size // 4)
        ]
        total = sum(weights)
        scores = []
        for move in moves:
            assert isinstance(move, ArrangePoints)  # the only moves while rows are laid down
            order = move.order
            scores.append(sum(p * _value(order, w) for w, p in enumerate(weights)) / total)
        return scores

    # -- play ------------------------------------------------------------------------------------

    def _play_scores(self, view: StichlingView, moves: Sequence[StichlingMove]) -> list[float]:
        me = view.player
        row = view.own_row
        assert row is not None  # every row is laid down before the first card
        won = view.tricks_won
        # What one more trick is worth to each other player, by the cards of their rows seen.
        points = view.rules.points[view.hand_number]
        gains: list[float] = []
        for p in range(view.players):
            seen = view.rows[p] or (None, None, None)
            missing = [v for v in points if v not in seen]
            guess = sum(missing) / len(missing) if missing else 0.0  # used only for a None
            known = [guess if v is None else float(v) for v in seen]
            gain = _value(known, won[p] + 1) - _value(known, won[p])
            gains.append(0.0 if p == me else self.share * gain)
        reach = self.reach * min(1.0, len(view.hand) / self.reach_cards)
        # Enough entries for a trick taken now and one more trick after every open one.
        outlook = [_outlook(row, won[me] + j, reach) for j in range(OPEN_TRICKS + 3)]
        led_only = view.rules.counted_cards is CountedCards.LED_COLOR
        unseen = _values_by_color(view.unseen_cards)
        held = {color: len(view.hand.of_color(color)) for color in unseen}
        remaining = sum(view.hand_sizes) - 1  # the cards still to be played after this one
        tricks = view.open_tricks

        def keeps(cards: Sequence[Card], top: int) -> float:
            """The chance that the marker holder of a trick keeps it and the trick is
            completed."""
            to_come = TRICK_SIZE - _counted(cards, led_only)
            if remaining < to_come:
                return 0.0
            complete = min(1.0, remaining / (self.slack * to_come))
            led = cards[0].color
            out = unseen.get(led, ())
            marker = cards[top].value
            threats = sum(1 for value in out if value > marker)
            if not threats:
                return complete
            pool = len(out) + held.get(led, 0)
            miss = max(0.0, 1.0 - self.aggression * threats / pool)
            return complete * miss**to_come

        holds = [keeps(trick.cards, trick.top) for trick in tricks]
        mine = [h if t.marker == me else 0.0 for h, t in zip(holds, tricks, strict=True)]
        scores = []
        for move in moves:
            assert not isinstance(move, ArrangePoints)  # the rows are laid down before play
            card = move.card
            chances = list(mine)
            taken = 0
            others = 0.0
            if isinstance(move, OpenTrick):
                chances.append(keeps((card,), 0))
            else:
                t = move.trick
                trick = tricks[t]
                cards, top, holder = _added(trick, card, me)
                old = trick.marker
                chances[t] = 0.0
                if _counted(cards, led_only) >= TRICK_SIZE:
                    if holder == me:
                        taken = 1
                    else:
                        others -= gains[holder] * (1.0 - (holds[t] if old == holder else 0.0))
                    if old not in (me, holder):
                        others += gains[old] * holds[t]
                else:
                    hold = keeps(cards, top)
                    if holder == me:
                        chances[t] = hold
                        if old != me:
                            others += gains[old] * holds[t]
                    else:
                        others -= gains[holder] * (hold - holds[t])
            dist = _distribution(chances)
            value = sum(p * outlook[taken + j] for j, p in enumerate(dist))
            later = sum(
                p * (outlook[taken + j + 1] - outlook[taken + j]) for j, p in enumerate(dist)
            )
            strength = _strength(card, unseen, self.strength_decay)
            scores.append(value + others - self.keep_weight * later * strength)
        return scores


def _outlook(row: Sequence[float], tricks: int, reach: float) -> float:
    """The best a row offers after ``tricks`` won tricks: what it scores now, or after one,
    two or three more tricks, each further trick discounted by ``reach``."""
    return max(
        _value(row, tricks),
        reach * _value(row, tricks + 1),
        reach**2 * _value(row, tricks + 2),
        reach**3 * _value(row, tricks + 3),
    )


def _added(trick: StichlingTrick, card: Card, player: int) -> tuple[tuple[Card, ...], int, int]:
    """The cards of ``trick`` with ``card`` of ``player`` added, the index of the card that
    then holds the marker, and the seat of its player."""
    cards = (*trick.cards, card)
    top = trick.top
    if card.color is cards[0].color and card.value > cards[top].value:
        return cards, len(cards) - 1, player
    return cards, top, trick.seats[top]


def _values_by_color(cards: Iterable[Card]) -> dict[Color, list[int]]:
    """The values of ``cards`` by colour."""
    values: dict[Color, list[int]] = {}
    for card in cards:
        values.setdefault(card.color, []).append(card.value)
    return values


def _strength(card: Card, unseen: dict[Color, list[int]], decay: float) -> float:
    """``decay`` to the power of the unseen cards of the card's colour above it."""
    value = card.value
    return float(decay ** sum(1 for v in unseen.get(card.color, ()) if v > value))


def _average_strength(view: StichlingView, decay: float) -> float:
    """The mean strength of a hand dealt from the deck of ``view``'s game: a card among the
    ``top`` values of its colour has each of the cards above it among the cards unseen with
    the chance ``unseen / (deck - 1)``."""
    rules = view.rules
    deck = len(rules.deck(view.players))
    top = deck // len(rules.colors)
    chance = (deck - rules.hand_size) / (deck - 1)
    base = 1.0 - chance * (1.0 - decay)
    return rules.hand_size * sum(base ** (top - v) for v in range(1, top + 1)) / top


def make_stichling_bot(game: object) -> StichlingBot:
    """A :class:`StichlingBot`, for a game of Stichling: what
    ``make_bot("heuristic", game)`` gives for Stichling."""
    return StichlingBot()


def playout_policy(
    state: StichlingState, player: int, moves: Sequence[StichlingMove], rng: random.Random
) -> StichlingMove:
    """A quick move for the playouts of a search, from a full (sampled) state.

    A cheap cousin of :class:`StichlingBot`, meant for :class:`~sticheln.bots.ISMCTSBot`'s
    ``playout_policy``: it lays down the row lowest, highest, middle (a bet on two tricks),
    and in play knows its own row, so the *desire* for one more trick is what that trick
    would change of its score now. A card that completes a trick the player would win scores
    the desire; a card that takes or opens a trick that stays open scores half of it, times
    the card's value over the highest value of the deck; everything else scores nothing. On
    top, the player keeps its high cards while it wants tricks and sheds them when it does
    not. Ties are broken with ``rng``.

    >>> import random
    >>> from sticheln.stichling import StichlingGame
    >>> from sticheln.stichling.bot import playout_policy
    >>> game = StichlingGame()
    >>> state = game.new_game(2, seed=1)
    >>> playout_policy(state, 0, game.legal_moves(state, 0), random.Random(0))
    ArrangePoints(player=0, order=(1, 3, 2))
    """
    rules = state.setup.rules
    if state.phase is not Phase.PLAYING:
        low, middle, high = sorted(rules.points[state.hand_number])
        order = (low, high, middle)
        return next(
            (m for m in moves if isinstance(m, ArrangePoints) and m.order == order), moves[0]
        )
    row = state.orders[player]
    assert row is not None  # every row is laid down before the first card
    won = len(state.won[player])
    desire = _value(row, won + 1) - _value(row, won)
    keep = 0.2 if desire > 0 else -0.2
    top = (
        rules.highest
        if rules.removed_cards is RemovedCards.RANDOM
        else rules.values_per_player * state.setup.players
    )
    led_only = rules.counted_cards is CountedCards.LED_COLOR
    tricks = state.open_tricks
    best_score = -math.inf
    best: list[StichlingMove] = []
    for move in moves:
        assert not isinstance(move, ArrangePoints)  # the rows are laid down before play
        card = move.card
        strength = card.value / top
        if isinstance(move, OpenTrick):
            score = 0.5 * desire * strength
        else:
            trick = tricks[move.trick]
            cards = trick.cards
            led = cards[0].color
            taking = card.color is led and card.value > cards[trick.top].value
            count = _counted(cards, led_only) + (not led_only or card.color is led)
            if count >= TRICK_SIZE:
                score = desire if taking or trick.marker == player else 0.0
            elif taking:
                score = 0.5 * desire * strength
            else:
                score = 0.0
        score -= keep * strength
        if score > best_score + 1e-9:
            best_score, best = score, [move]
        elif score > best_score - 1e-9:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)
