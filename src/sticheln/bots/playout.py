"""Fast playouts of a Sticheln round for the search bots (private to :mod:`sticheln.bots`).

:class:`~sticheln.bots.ISMCTSBot` spends nearly all its time sampling states and playing
them to the end of the round. Done with the immutable engine, every move builds a new
:class:`~sticheln.GameState`; here one round is a small *mutable* record of ints instead:
each hand, pile of won cards and pain card is an int (a bit mask of card indices, or an
index), the current trick a short list. :class:`RoundSearch` samples such rounds from a
player's view and :class:`FastRound` plays them, by the playout policy of the search
(:func:`sticheln.bots.heuristic.playout_policy`, move for move the same choices, computed
on the masks).

Nothing here defines a rule of the game. The tables that resolve tricks and score cards are
built once per deck by calling the engine's own definitions
(:func:`~sticheln.trick_winner`, :func:`~sticheln.card_points`), who takes a trick that no
card wins by :func:`~sticheln.trick_taker`, a round is scored by
:func:`~sticheln.round_score`, and the differential tests (``tests/test_playout.py``) check
the tricks and scores against :func:`~sticheln.apply_move`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from sticheln.core.cards import MAX_VALUE, Card, Color, _bits_to_indices, _card_set, card_at
from sticheln.moves import PAIN_MOVES, PLAY_MOVES, Move
from sticheln.rules import Deck, Rules
from sticheln.scoring import card_points, round_score
from sticheln.state import Phase
from sticheln.trick import taking_index, trick_winner
from sticheln.view import PlayerView

__all__ = ["FastRound", "RoundSearch", "Tables", "round_search", "tables_for"]

_SLOTS: Final = MAX_VALUE + 1
_COLORS: Final = tuple(Color)
_PAIN_KEY: Final = 128
"""Added to a card index in the int key of a pain move (:meth:`FastRound.moves`)."""


class Tables:
    """What the playouts need to know of one deck, computed by the engine's rule functions.

    Card ``i`` is :func:`~sticheln.core.cards.card_at`\\ ``(i)``, its bit ``1 << i``.
    """

    __slots__ = ("beats", "color_masks", "deck", "leads", "points", "value_masks", "values")

    def __init__(self, deck: Deck) -> None:
        indices = deck.indices
        cards = [card_at(i) for i in indices]
        self.deck = sum(1 << i for i in indices)
        """The mask of the deck."""
        self.values = [card_at(i).value for i in range(len(_COLORS) * _SLOTS)]
        """The value of every card, by index."""
        self.color_masks = [
            sum(1 << c.index for c in cards if c.color is color) for color in _COLORS
        ]
        """The deck's cards of each colour, by colour number (``index // 21``)."""
        self.value_masks = [
            (v, sum(1 << c.index for c in cards if c.value == v))
            for v in sorted({c.value for c in cards})
        ]
        """``(value, mask of the deck's cards of that value)``, ascending by value."""
        self.points = [
            [card_points(card_at(i), color) for i in range(len(_COLORS) * _SLOTS)]
            for color in _COLORS
        ]
        """``points[pain colour][card]``: what a won card scores (:func:`card_points`)."""
        self.leads = sum(1 << c.index for c in cards if trick_winner([c]) == 0)
        """The cards that win a trick they lead (for now)."""
        self.beats: list[list[int]] = []
        """``beats[lead colour][best + 1]``: the cards that take an open trick of that lead
        colour from its best card so far (``best == -1``: none, only zeros were played)."""
        for color in _COLORS:
            zero = Card(color, 0)  # sets the lead colour and never wins
            row = [0] * (len(_COLORS) * _SLOTS + 1)
            row[0] = sum(1 << c.index for c in cards if trick_winner([zero, c]) == 1)
            for best in cards:
                if trick_winner([zero, best]) == 1:
                    row[best.index + 1] = sum(
                        1 << c.index
                        for c in cards
                        if c != best and trick_winner([zero, best, c]) == 2
                    )
            self.beats.append(row)


_TABLES: dict[Deck, Tables] = {}


def tables_for(rules: Rules, players: int) -> Tables:
    """The (cached) :class:`Tables` of the deck of ``rules`` for ``players`` players."""
    deck = rules.deck(players)
    tables = _TABLES.get(deck)
    if tables is None:
        tables = _TABLES[deck] = Tables(deck)
    return tables


def _pick(mask: int, rng: random.Random) -> int:
    """``rng.choice(_bits_to_indices(mask))`` (the same draw of random numbers) without the
    list: the set bit of ``mask`` whose rank is drawn."""
    rank = rng._randbelow(mask.bit_count())  # type: ignore[attr-defined]  # what choice draws
    while rank:
        mask &= mask - 1
        rank -= 1
    return (mask & -mask).bit_length() - 1


class FastRound:
    """One round of Sticheln in progress, mutable, with every card known: a sample of
    :meth:`RoundSearch.sample`.

    Moves are ints: ``card index`` for playing a card, ``card index + 128`` for choosing it
    as pain card (:meth:`move_of` gives the engine's move). ``record``, when a list, gets
    ``(leader, cards, winner)`` for every finished trick (for tests).
    """

    __slots__ = (
        "aside",
        "best",
        "hands",
        "lead",
        "leader",
        "n",
        "picks",
        "record",
        "search",
        "to_act",
        "trick",
        "won",
    )

    def __init__(
        self,
        search: RoundSearch,
        hands: list[int],
        picks: list[int],
        trick: list[int],
        best: int,
        won: list[int],
    ) -> None:
        self.search = search
        self.n = search.n
        self.hands = hands
        """Each player's hand, a mask."""
        self.picks = picks
        """Each player's pain card index, ``-1`` while not chosen."""
        self.trick = trick
        """The card indices of the current trick, in play order."""
        self.leader = search.leader
        """The seat that led the current trick."""
        self.to_act = search.to_act
        """The seat to play, ``-1`` while pain cards are chosen."""
        self.lead = trick[0] // _SLOTS if trick else -1
        """The lead colour of the current trick, ``-1`` before its first card."""
        self.best = best
        """The position in the trick of the card winning it so far, ``-1`` for none."""
        self.won = won
        """The cards each player has won this round, masks."""
        self.aside = search.aside
        """The mask of the cards set aside this round."""
        self.record: list[tuple[int, tuple[int, ...], int | None]] | None = None

    @property
    def done(self) -> bool:
        """Whether the round is over (scored by :meth:`scores`)."""
        return self.to_act >= 0 and not self.hands[self.to_act]

    def actors(self) -> tuple[int, ...]:
        """The seats that may move now (as :attr:`GameState.players_to_act`)."""
        if self.to_act >= 0:
            return (self.to_act,)
        return tuple(p for p, pick in enumerate(self.picks) if pick < 0)

    def moves(self, player: int) -> Sequence[int]:
        """The legal moves of ``player``, in the engine's order (display order)."""
        if self.to_act < 0:
            return (
                [i + _PAIN_KEY for i in _bits_to_indices(self.hands[player])]
                if self.picks[player] < 0
                else []
            )
        return _bits_to_indices(self.hands[player]) if player == self.to_act else []

    def move_of(self, player: int, key: int) -> Move:
        """The engine's move of ``player`` for the int move ``key``."""
        return self.search.move_of(player, key)

    def play(self, player: int, key: int) -> None:
        """Make the legal move ``key`` of ``player``."""
        if key >= _PAIN_KEY:
            index = key - _PAIN_KEY
            self.hands[player] ^= 1 << index
            picks = self.picks
            picks[player] = index
            if -1 not in picks:
                self.to_act = self.leader
            return
        self._play(player, key)

    def _play(self, player: int, index: int) -> None:
        n = self.n
        self.hands[player] ^= 1 << index
        trick = self.trick
        tables = self.search.tables
        if trick:
            if tables.beats[self.lead][trick[self.best] + 1 if self.best >= 0 else 0] >> index & 1:
                self.best = len(trick)
        else:
            self.lead = index // _SLOTS
            self.best = 0 if tables.leads >> index & 1 else -1
        trick.append(index)
        if len(trick) < n:
            self.to_act = (player + 1) % n
            return
        leader = self.leader
        mask = 0
        for card in trick:
            mask |= 1 << card
        taker = self.best if self.best >= 0 else self.search.zero_taker
        winner = (leader + taker) % n if taker >= 0 else None
        if self.record is not None:
            self.record.append((leader, tuple(trick), winner))
        if winner is None:
            self.aside |= mask
        else:
            self.won[winner] |= mask
            self.leader = leader = winner
        self.to_act = leader
        self.trick = []
        self.best = -1
        self.lead = -1

    def policy_move(self, player: int, rng: random.Random) -> int:
        """The move of :func:`sticheln.bots.heuristic.playout_policy` for ``player`` (the same
        choice, drawing the same random numbers)."""
        if self.to_act < 0:
            return _pain_choice(self.hands[player], self.search.tables, rng) + _PAIN_KEY
        return _policy(self, player, rng)

    def round_scores(self) -> list[int]:
        """Each player's score for the round, which must be over (:func:`round_score`)."""
        picks = self.picks
        return [round_score(card_at(picks[p]), _card_set(w)) for p, w in enumerate(self.won)]

    def playout(self, rng: random.Random) -> list[int]:
        """Play the round to its end by the playout policy; each player's total then (the
        scores of the finished rounds and this one)."""
        hands = self.hands
        picks = self.picks
        search = self.search
        tables = search.tables
        n = self.n
        if self.to_act < 0:
            # The pain cards still to choose, in seat order (players_to_act()[0] each time).
            for p in range(n):
                if picks[p] < 0:
                    index = _pain_choice(hands[p], tables, rng)
                    hands[p] ^= 1 << index
                    picks[p] = index
            self.to_act = self.leader
        if self.record is None and search.policy_fast:
            _run(self, rng)
        else:
            play = self._play
            while hands[self.to_act]:
                player = self.to_act
                play(player, _policy(self, player, rng))
        totals = search.totals
        return [t + s for t, s in zip(totals, self.round_scores(), strict=True)]


def _pain_choice(hand: int, tables: Tables, rng: random.Random) -> int:
    """The policy's pain card: one of the lowest cards of the hand, at random."""
    for _value, mask in tables.value_masks:
        low = hand & mask
        if low:
            return _pick(low, rng)
    raise ValueError("an empty hand has no pain card")


def _policy(r: FastRound, player: int, rng: random.Random) -> int:
    """:func:`sticheln.bots.heuristic.playout_policy` in play, on the masks of ``r``.

    The policy scores every card of the hand; the cards fall into a few groups, in each of
    which the score is the same for every card or best for the lowest or highest one, so
    only those are scored (with the policy's own expressions, so that the floats agree)."""
    search = r.search
    tables = search.tables
    n = r.n
    hand = r.hands[player]
    trick = r.trick
    values = tables.values
    color_masks = tables.color_masks
    pains = search.pain_colors(r.picks)
    my_pain = pains[player]
    my_mask = color_masks[my_pain]
    if len(trick) == n - 1:
        weight = 1.0
        share = search.share_last
    else:
        weight = 0.5
        share = search.share
    best = r.best
    if trick:
        take = hand & tables.beats[r.lead][trick[best] + 1 if best >= 0 else 0]
    else:
        take = hand & tables.leads
    best_score = -1e9
    ties = 0
    if take:
        points = tables.points[my_pain]
        total = 1
        for card in trick:
            total += points[card]
        group = take & ~my_mask
        if group:
            best_score = weight * total
            ties = group
        group = take & my_mask
        if group:
            low = group & -group
            value = values[low.bit_length() - 1]
            score = weight * (total - 1 - value)
            score += 0.4 * value
            if score > best_score + 1e-9:
                best_score, ties = score, low
            elif score > best_score - 1e-9:
                ties |= low
    rest = hand & ~take
    if rest:
        if best < 0:
            # Nobody wins the trick so far, and every card that could is in ``take``: the rest
            # are zeros.
            score = 0.0
            score -= 1.0
            if score > best_score + 1e-9:
                best_score, ties = score, rest
            elif score > best_score - 1e-9:
                ties |= rest
        else:
            winner = (r.leader + best) % n
            its_pain = pains[winner]
            points = tables.points[its_pain]
            base = 0
            for card in trick:
                base += points[card]
            its_mask = color_masks[its_pain]
            zeros = rest & search.zeros
            other = -share * (base + 1)
            if zeros:
                group = zeros & its_mask
                if group:
                    score = -share * base
                    score -= 1.0
                    if score > best_score + 1e-9:
                        best_score, ties = score, group
                    elif score > best_score - 1e-9:
                        ties |= group
                group = zeros & ~its_mask
                if group:
                    score = other - 1.0
                    if score > best_score + 1e-9:
                        best_score, ties = score, group
                    elif score > best_score - 1e-9:
                        ties |= group
                rest &= ~zeros
            group = rest & its_mask
            if group:
                high = group.bit_length() - 1
                value = values[high]
                score = -share * (base - value)
                if its_pain == my_pain:
                    score += 0.4 * value
                if score > best_score + 1e-9:
                    best_score, ties = score, 1 << high
                elif score > best_score - 1e-9:
                    ties |= 1 << high
            group = rest & ~its_mask & ~my_mask
            if group:
                if other > best_score + 1e-9:
                    best_score, ties = other, group
                elif other > best_score - 1e-9:
                    ties |= group
            group = rest & ~its_mask & my_mask
            if group:
                high = group.bit_length() - 1
                score = other + 0.4 * values[high]
                if score > best_score + 1e-9:
                    best_score, ties = score, 1 << high
                elif score > best_score - 1e-9:
                    ties |= 1 << high
    if ties & (ties - 1):
        return _pick(ties, rng)
    return ties.bit_length() - 1


def _run(r: FastRound, rng: random.Random) -> None:
    """Play ``r`` to the end of the round by the policy: :meth:`FastRound._play` and
    :func:`_policy` in one loop, on local variables."""
    search = r.search
    tables = search.tables
    n = r.n
    hands = r.hands
    won = r.won
    values = tables.values
    color_masks = tables.color_masks
    all_points = tables.points
    beats = tables.beats
    leads = tables.leads
    zeros = search.zeros
    zero_taker = search.zero_taker
    share_last = search.share_last
    share_half = search.share
    pains = search.pain_colors(r.picks)
    masks = [color_masks[c] for c in pains]
    randbelow: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    trick = r.trick
    best = r.best
    lead = r.lead
    leader = r.leader
    player = r.to_act
    aside = r.aside
    last = n - 1
    while True:
        hand = hands[player]
        if not hand:
            break
        my_pain = pains[player]
        my_mask = masks[player]
        played = len(trick)
        if played == last:
            weight = 1.0
            share = share_last
        else:
            weight = 0.5
            share = share_half
        take = hand & (beats[lead][trick[best] + 1 if best >= 0 else 0] if played else leads)
        best_score = -1e9
        ties = 0
        if take:
            points = all_points[my_pain]
            total = 1
            for card in trick:
                total += points[card]
            group = take & ~my_mask
            if group:
                best_score = weight * total
                ties = group
            group = take & my_mask
            if group:
                low = group & -group
                value = values[low.bit_length() - 1]
                score = weight * (total - 1 - value)
                score += 0.4 * value
                if score > best_score + 1e-9:
                    best_score, ties = score, low
                elif score > best_score - 1e-9:
                    ties |= low
        rest = hand & ~take
        if rest:
            if best < 0:
                if best_score + 1e-9 < -1.0:
                    best_score, ties = -1.0, rest
                elif best_score - 1e-9 < -1.0:
                    ties |= rest
            else:
                winner = (leader + best) % n
                its_pain = pains[winner]
                points = all_points[its_pain]
                base = 0
                for card in trick:
                    base += points[card]
                its_mask = masks[winner]
                other = -share * (base + 1)
                zero = rest & zeros
                if zero:
                    group = zero & its_mask
                    if group:
                        score = -share * base
                        score -= 1.0
                        if score > best_score + 1e-9:
                            best_score, ties = score, group
                        elif score > best_score - 1e-9:
                            ties |= group
                    group = zero & ~its_mask
                    if group:
                        score = other - 1.0
                        if score > best_score + 1e-9:
                            best_score, ties = score, group
                        elif score > best_score - 1e-9:
                            ties |= group
                    rest &= ~zero
                group = rest & its_mask
                if group:
                    high = group.bit_length() - 1
                    value = values[high]
                    score = -share * (base - value)
                    if its_pain == my_pain:
                        score += 0.4 * value
                    if score > best_score + 1e-9:
                        best_score, ties = score, 1 << high
                    elif score > best_score - 1e-9:
                        ties |= 1 << high
                group = rest & ~its_mask & ~my_mask
                if group:
                    if other > best_score + 1e-9:
                        best_score, ties = other, group
                    elif other > best_score - 1e-9:
                        ties |= group
                group = rest & ~its_mask & my_mask
                if group:
                    high = group.bit_length() - 1
                    score = other + 0.4 * values[high]
                    if score > best_score + 1e-9:
                        best_score, ties = score, 1 << high
                    elif score > best_score - 1e-9:
                        ties |= 1 << high
        if ties & (ties - 1):
            rank = randbelow(ties.bit_count())
            while rank:
                ties &= ties - 1
                rank -= 1
            index = (ties & -ties).bit_length() - 1
        else:
            index = ties.bit_length() - 1
        # Play the card.
        hands[player] = hand ^ (1 << index)
        if played:
            if beats[lead][trick[best] + 1 if best >= 0 else 0] >> index & 1:
                best = played
        else:
            lead = index // _SLOTS
            best = 0 if leads >> index & 1 else -1
        trick.append(index)
        if played < last:
            player = player + 1 if player < last else 0
            continue
        mask = 0
        for card in trick:
            mask |= 1 << card
        taker = best if best >= 0 else zero_taker
        if taker >= 0:
            leader = (leader + taker) % n
            won[leader] |= mask
        else:
            aside |= mask
        player = leader
        trick = []
        best = -1
    r.trick = trick
    r.best = best
    r.lead = -1
    r.leader = leader
    r.to_act = player
    r.aside = aside


class RoundSearch:
    """What the samples of one view share: the public state of the round and the unseen
    cards, read once per search; :meth:`sample` deals the hidden cards.

    Only the round in progress is dealt: the playouts of the search stop at its end
    (``round_playouts``), so the rounds still to come, which
    :func:`~sticheln.sample_state` deals too, would never be looked at.
    """

    __slots__ = (
        "_hidden_picks",
        "_my_hand",
        "_my_pick",
        "_picks",
        "_sizes",
        "_trick",
        "_unseen",
        "_won",
        "aside",
        "best",
        "leader",
        "me",
        "n",
        "policy_fast",
        "share",
        "share_last",
        "tables",
        "to_act",
        "totals",
        "zero_taker",
        "zeros",
    )

    def __init__(self, view: PlayerView) -> None:
        if view.phase is Phase.OVER:
            raise ValueError("the game is over: there is nothing to search")
        n = view.players
        self.n = n
        self.me = view.player
        self.tables = tables_for(view.rules, n)
        # Who takes a trick that no card wins (ST-TRICK-6), by its place in play order; -1:
        # nobody, it is set aside.
        zero_taker = taking_index((Card(_COLORS[0], 0),) * n, view.rules.all_zero_trick)
        self.zero_taker = -1 if zero_taker is None else zero_taker
        self.zeros = self.tables.value_masks[0][1] if self.tables.value_masks[0][0] == 0 else 0
        self.share = 0.5 / (n - 1)
        self.share_last = 1.0 / (n - 1)
        self.policy_fast = True
        self.totals = tuple(view.scores)
        self.leader = view.trick_leader
        self.to_act = -1 if view.phase is Phase.CHOOSING_PAIN else view.players_to_act[0]
        self.aside = view.set_aside.mask
        self._won = [pile.mask for pile in view.won]
        self._my_hand = view.hand.mask
        self._unseen = [card.index for card in view.unseen_cards]
        self._sizes = [0 if p == self.me else size for p, size in enumerate(view.hand_sizes)]
        self._picks = [-1 if card is None else card.index for card in view.pain_cards]
        self._my_pick = self._picks[self.me]
        self._hidden_picks = [
            p
            for p in range(n)
            if p != self.me and view.pain_cards[p] is None and view.has_chosen[p]
        ]
        self._trick = [card.index for _, card in view.current_trick]
        best = -1
        if self._trick:
            cards = [card for _, card in view.current_trick]
            winner = trick_winner(cards)
            best = -1 if winner is None else winner
        self.best = best

    def move_of(self, player: int, key: int) -> Move:
        """The engine's move of ``player`` for the int move ``key`` (:class:`FastRound`)."""
        if key >= _PAIN_KEY:
            return PAIN_MOVES[player][key - _PAIN_KEY]
        return PLAY_MOVES[player][key]

    def pain_colors(self, picks: Sequence[int]) -> list[int]:
        """The colour numbers of the pain cards ``picks`` (all chosen)."""
        return [pick // _SLOTS for pick in picks]

    def sample(self, rng: random.Random) -> FastRound:
        """A round that agrees with the view: the unseen cards shuffled with ``rng`` and dealt
        to the other players with their hand sizes, a face-down pain card drawn from them for
        everyone who has chosen one (as :func:`~sticheln.sample_state` does)."""
        random_key = rng.random
        unseen = sorted(self._unseen, key=lambda _index: random_key())
        hands = []
        start = 0
        for size in self._sizes:
            mask = 0
            for index in unseen[start : start + size]:
                mask |= 1 << index
            hands.append(mask)
            start += size
        hands[self.me] = self._my_hand
        picks = self._picks[:]
        for p in self._hidden_picks:
            picks[p] = unseen[start]
            start += 1
        return FastRound(self, hands, picks, self._trick[:], self.best, self._won[:])


def round_search(view: object) -> RoundSearch | None:
    """A :class:`RoundSearch` for ``view`` if it is the view of a Sticheln game in progress,
    else ``None`` (the search then takes the generic path)."""
    if not isinstance(view, PlayerView) or view.phase is Phase.OVER:
        return None
    return RoundSearch(view)
