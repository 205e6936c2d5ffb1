"""Fast playouts of a Sticheln round for the search bots (private to :mod:`sticheln.bots`).

:class:`~sticheln.bots.ISMCTSBot` spends nearly all its time sampling states and playing
them to the end of the round. Done with the immutable engine, every move builds a new
:class:`~sticheln.StichelnState`; here one round is a small *mutable* record of ints instead:
each hand, pile of won cards and pain card is an int (a bit mask of card indices, or an
index), the current trick a short list. :class:`RoundSearch` samples such rounds from a
player's view and :class:`FastRound` plays them, by the playout policy of the search
(:func:`sticheln.sticheln.bot.playout_policy`): its decisions are those of
:mod:`sticheln.sticheln.policy`, which both read, so the choices are move for move the same.

Nothing here defines a rule of the game or of the policy. The tables that resolve tricks are
built once per deck by calling the engine's own definition (:func:`~sticheln.trick_winner`),
who takes a trick that no card wins by :func:`~sticheln.trick_taker`, a round is scored by
:func:`~sticheln.round_score`, and the differential tests (``tests/sticheln/test_playout.py``) check
the tricks and scores against :func:`~sticheln.apply_move`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from sticheln.core.cards import MAX_VALUE, Card, Color, _bits_to_indices, _card_set, card_at
from sticheln.core.stream import PlayoutStream, compiled_or_none
from sticheln.sticheln.moves import PAIN_MOVES, PLAY_MOVES, StichelnMove
from sticheln.sticheln.policy import pain_choice, play_choice, weights
from sticheln.sticheln.rules import Deck, StichelnRules
from sticheln.sticheln.scoring import round_score
from sticheln.sticheln.state import Phase
from sticheln.sticheln.trick import taking_index, trick_winner
from sticheln.sticheln.view import StichelnView

__all__ = [
    "FastRound",
    "Finisher",
    "RoundSearch",
    "Tables",
    "finish_in_python",
    "finisher_for",
    "round_search",
    "tables_for",
]

_SLOTS: Final = MAX_VALUE + 1
_COLORS: Final = tuple(Color)
_PAIN_KEY: Final = 128
"""Added to a card index in the int key of a pain move (:meth:`FastRound.moves`)."""


class Tables:
    """What the playouts need to know of one deck, computed by the engine's rule functions.

    Card ``i`` is :func:`~sticheln.core.cards.card_at`\\ ``(i)``, its bit ``1 << i``.
    """

    __slots__ = ("beats", "deck", "leads")

    def __init__(self, deck: Deck) -> None:
        indices = deck.indices
        cards = [card_at(i) for i in indices]
        self.deck = sum(1 << i for i in indices)
        """The mask of the deck."""
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


def tables_for(rules: StichelnRules, players: int) -> Tables:
    """The (cached) :class:`Tables` of the deck of ``rules`` for ``players`` players."""
    deck = rules.deck(players)
    tables = _TABLES.get(deck)
    if tables is None:
        tables = _TABLES[deck] = Tables(deck)
    return tables


def _pick(mask: int, rng: random.Random | PlayoutStream) -> int:
    """``rng.choice(_bits_to_indices(mask))`` (the same draw of random numbers) without the
    list: the set bit of ``mask`` whose rank is drawn."""
    rank = rng._randbelow(mask.bit_count())  # type: ignore[union-attr]  # Random's private draw, as choice()
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
        """The seats that may move now (as :attr:`StichelnState.players_to_act`)."""
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

    def move_of(self, player: int, key: int) -> StichelnMove:
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
        """The move of the playout policy (:mod:`sticheln.sticheln.policy`) for ``player``: the
        choice of :func:`sticheln.sticheln.bot.playout_policy`, drawing the same random
        numbers."""
        if self.to_act < 0:
            return _pain_choice(self.hands[player], rng) + _PAIN_KEY
        return _policy(self, player, rng)

    def round_scores(self) -> list[int]:
        """Each player's score for the round, which must be over (:func:`round_score`)."""
        picks = self.picks
        return [round_score(card_at(picks[p]), _card_set(w)) for p, w in enumerate(self.won)]

    def playout(self, rng: random.Random) -> list[int]:
        """Play the round to its end by the playout policy; each player's total then (the
        scores of the finished rounds and this one).

        With a :attr:`RoundSearch.finisher` (and no :attr:`record`), the random numbers are
        those of a :class:`PlayoutStream` seeded by ``rng.getrandbits(63)``, and the finisher
        plays the round once the pain cards are chosen; otherwise they are drawn from ``rng``
        itself, as :func:`sticheln.sticheln.bot.playout_policy` draws them."""
        finish = self.search.finisher
        if finish is not None and self.record is None:
            stream = PlayoutStream(rng.getrandbits(63))
            self._choose_pains(stream)
            return finish(self, stream.state)
        self._choose_pains(rng)
        if self.record is None and self.search.policy_fast:
            _run(self, rng)
        else:
            play = self._play
            hands = self.hands
            while hands[self.to_act]:
                player = self.to_act
                play(player, _policy(self, player, rng))
        return self._totals()

    def _choose_pains(self, rng: random.Random | PlayoutStream) -> None:
        """The pain cards still to choose, chosen by the policy in seat order
        (``players_to_act()[0]`` each time)."""
        if self.to_act < 0:
            hands = self.hands
            picks = self.picks
            for p in range(self.n):
                if picks[p] < 0:
                    index = _pain_choice(hands[p], rng)
                    hands[p] ^= 1 << index
                    picks[p] = index
            self.to_act = self.leader

    def _totals(self) -> list[int]:
        return [t + s for t, s in zip(self.search.totals, self.round_scores(), strict=True)]


Finisher = Callable[[FastRound, int], list[int]]
"""``finish(round, state)``: play ``round``, whose pain cards are chosen, to the end by the
playout policy, drawing from a :class:`PlayoutStream` in state ``state``; each player's total
then."""


def finish_in_python(r: FastRound, state: int) -> list[int]:
    """The :data:`Finisher` in Python, the one the compiled one
    (:func:`sticheln.sticheln.compiled.finisher`) must agree with."""
    _run(r, PlayoutStream(state))  # type: ignore[arg-type]  # draws only _randbelow
    return r._totals()


def finisher_for(search: RoundSearch) -> Finisher | None:
    """The finisher of the playouts of ``search`` chosen by
    :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE`
    (:func:`~sticheln.core.stream.wants_compiled`): compiled, or ``None`` for the Python path
    of :meth:`FastRound.playout`.

    :raises ValueError: if the variable has another value.
    :raises ImportError: if it asks for ``compiled`` and numba is not installed.
    """
    make: Callable[[RoundSearch], Finisher] | None = compiled_or_none(
        "sticheln.sticheln.compiled", "finisher"
    )
    return None if make is None else make(search)


def _pain_choice(hand: int, rng: random.Random | PlayoutStream) -> int:
    """The policy's pain card (:func:`~sticheln.sticheln.policy.pain_choice`), drawn with
    ``rng``."""
    return _pick(pain_choice(hand), rng)


def _policy(r: FastRound, player: int, rng: random.Random) -> int:
    """The card of :func:`~sticheln.sticheln.policy.play_choice` for ``player``, who is to play in
    ``r``, drawn with ``rng``."""
    search = r.search
    tables = search.tables
    trick = r.trick
    best = r.best
    pains = search.pain_colors(r.picks)
    if trick:
        take = r.hands[player] & tables.beats[r.lead][trick[best] + 1 if best >= 0 else 0]
    else:
        take = r.hands[player] & tables.leads
    weight, share = search.weights[len(trick) == r.n - 1]
    ties = play_choice(
        r.hands[player],
        take,
        trick,
        pains[player],
        pains[(r.leader + best) % r.n] if best >= 0 else -1,
        weight,
        share,
    )
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
    beats = tables.beats
    leads = tables.leads
    zero_taker = search.zero_taker
    (early_weight, early_share), (last_weight, last_share) = search.weights
    choose = play_choice
    pains = search.pain_colors(r.picks)
    randbelow: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]  # Random's private draw
    trick = r.trick
    best = r.best
    lead = r.lead
    leader = r.leader
    player = r.to_act
    aside = r.aside
    last = n - 1
    # The pain colour of the player whose card wins the trick so far (-1: none), and the
    # trick's cards as a mask, kept up to date card by card.
    its_pain = pains[(leader + best) % n] if best >= 0 else -1
    taken = 0
    for card in trick:
        taken |= 1 << card
    while True:
        hand = hands[player]
        if not hand:
            break
        played = len(trick)
        if played:
            row = beats[lead][trick[best] + 1 if best >= 0 else 0]
            if played == last:
                ties = choose(
                    hand, hand & row, trick, pains[player], its_pain, last_weight, last_share
                )
            else:
                ties = choose(
                    hand, hand & row, trick, pains[player], its_pain, early_weight, early_share
                )
        else:
            row = leads
            ties = choose(hand, hand & leads, trick, pains[player], -1, early_weight, early_share)
        if ties & (ties - 1):
            rank = randbelow(ties.bit_count())
            while rank:
                ties &= ties - 1
                rank -= 1
            index = (ties & -ties).bit_length() - 1
        else:
            index = ties.bit_length() - 1
        # Play the card.
        bit = 1 << index
        hands[player] = hand ^ bit
        taken |= bit
        if not played:
            lead = index // _SLOTS
        if row & bit:  # the card takes the trick as it stands (best is -1 when it leads)
            best = played
            its_pain = pains[player]
        trick.append(index)
        if played < last:
            player = player + 1 if player < last else 0
            continue
        taker = best if best >= 0 else zero_taker
        if taker >= 0:
            leader = (leader + taker) % n
            won[leader] |= taken
        else:
            aside |= taken
        player = leader
        trick = []
        best = -1
        its_pain = -1
        taken = 0
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
        "finisher",
        "leader",
        "me",
        "n",
        "policy_fast",
        "tables",
        "to_act",
        "totals",
        "weights",
        "zero_taker",
    )

    def __init__(self, view: StichelnView) -> None:
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
        self.weights = weights(n)
        self.policy_fast = True
        self.finisher: Finisher | None = None
        """How :meth:`FastRound.playout` finishes the rounds: ``None`` on the Python path
        drawing from the generator it is given, or a :data:`Finisher`
        (:func:`round_search` sets the compiled one, :func:`finisher_for`)."""
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

    def move_of(self, player: int, key: int) -> StichelnMove:
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
    else ``None`` (the search then takes the generic path); its playouts compiled when numba
    is installed, unless :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE` says otherwise
    (:func:`finisher_for`)."""
    if not isinstance(view, StichelnView) or view.phase is Phase.OVER:
        return None
    search = RoundSearch(view)
    search.finisher = finisher_for(search)
    return search
