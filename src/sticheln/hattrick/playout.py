"""Fast playouts of a Hattrick hand for the search bots, declared by the game
(:attr:`GameInfo.fast_playouts <sticheln.GameInfo.fast_playouts>`).

:class:`~sticheln.bots.ISMCTSBot` spends nearly all its time sampling states and playing
them to the end of the hand. Done with the immutable engine, every move builds a new
:class:`~sticheln.hattrick.HattrickState`; here one hand is a small *mutable* record of ints
instead: each hand of cards, each pile of won cards a bit mask of the deck's *places* (the
cards of the rules' deck in ascending :attr:`Card.index <sticheln.Card.index>`, at most 60,
so one 64-bit word), the turn in progress the list of its places, and each player's passes
a count. :class:`HandSearch` samples such hands from a player's view and :class:`FastHand`
plays them, with random moves as the searches of Hattrick do (it has no playout policy),
drawing the same random numbers as the search's random playouts on the engine.

Nothing here defines a rule of the game. What a card does in each situation of a turn (the
colours open, in the order opened) and the situation after it are tables built by
:func:`~sticheln.hattrick.action_for`, whether a card takes a trick from the card holding it
a table built by :func:`~sticheln.hattrick.trick_taker` (:rule:`HT-TRICK-1`), the next
leader is found by the engine's rule (:func:`~sticheln.hattrick.next_leader`,
:rule:`HT-LEAD-2`), and a hand is scored by :func:`~sticheln.hattrick.hand_score`. The
differential tests (``tests/hattrick/test_playout.py``) check the piles, the passes and the
scores against :func:`~sticheln.hattrick.apply_move`.

>>> import random
>>> from sticheln.hattrick import HattrickGame
>>> from sticheln.hattrick.playout import HandSearch
>>> game = HattrickGame()
>>> state = game.new_game(4, seed=3)
>>> search = HandSearch(game.observe(state, 0))  # the Python path (hand_search may compile)
>>> hand = search.sample(random.Random(1))
>>> [search.move_of(0, key) for key in hand.moves(0)] == list(game.legal_moves(state, 0))
True
>>> hand.playout(random.Random(2)), hand.done
([-4, -2, 0, -5], True)
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable
from typing import Final

from sticheln.core.cards import _bits_to_indices, _card_set
from sticheln.core.setup import SPECTATOR
from sticheln.core.shuffle import shuffle
from sticheln.core.stream import PlayoutStream, compiled_or_none
from sticheln.hattrick.engine import _situation
from sticheln.hattrick.moves import HattrickMove
from sticheln.hattrick.rules import HattrickRules, LeadCards
from sticheln.hattrick.sampling import _seen
from sticheln.hattrick.scoring import _hand_score
from sticheln.hattrick.turn import (
    OPEN_TRICKS,
    Action,
    _lead_index,
    _turn_actions,
    action_for,
    trick_taker,
)
from sticheln.hattrick.view import HattrickView

__all__ = [
    "FOLLOW",
    "OPEN",
    "PASS",
    "FastHand",
    "Finisher",
    "HandSearch",
    "HandTables",
    "finish_in_python",
    "finisher_for",
    "hand_search",
    "tables_for",
]

FOLLOW: Final = 0
"""The code of :attr:`Action.FOLLOW <sticheln.hattrick.Action.FOLLOW>` in
:attr:`HandTables.action`."""
OPEN: Final = 1
"""The code of :attr:`Action.OPEN <sticheln.hattrick.Action.OPEN>`."""
PASS: Final = 2
"""The code of :attr:`Action.PASS <sticheln.hattrick.Action.PASS>`."""
_CODE: Final = {Action.FOLLOW: FOLLOW, Action.OPEN: OPEN, Action.PASS: PASS}
_OPEN: Final = Action.OPEN
_LISTED: Final = 4096
"""The most lists of legal moves a :class:`HandSearch` keeps."""


class HandTables:
    """What the playouts need to know of one deck under one set of rules, computed by the
    rule functions. Card place ``p`` is ``cards[p]``, its bit ``1 << p``; a colour is its
    number in the deck's order of colours (that of :class:`~sticheln.Color`)."""

    __slots__ = (
        "_full",
        "_scores",
        "action",
        "after",
        "blocks",
        "cards",
        "color",
        "color_masks",
        "colors",
        "next_lower",
        "place",
        "rules",
        "situations",
        "size",
        "takes",
        "value",
        "whole_turn",
    )

    def __init__(self, rules: HattrickRules) -> None:
        self.rules = rules
        cards = tuple(rules.deck)
        self.cards = cards
        """The card of each place."""
        size = self.size = len(cards)
        colors = list(dict.fromkeys(card.color for card in cards))
        self.colors = tuple(colors)
        """The deck's colours, in the order of their numbers."""
        self.place = {card.index: p for p, card in enumerate(cards)}
        """The place of each card index of the deck."""
        self.color = tuple(colors.index(card.color) for card in cards)
        """The number of each place's colour."""
        self.value = tuple(card.value for card in cards)
        """The value of each place's card."""
        self.color_masks = tuple(
            sum(1 << p for p, card in enumerate(cards) if card.color is color) for color in colors
        )
        """The mask of the places of each colour."""
        self.blocks = tuple(
            (min(p for p, card in enumerate(cards) if card.color is color), cards_of[0].index)
            for color in colors
            for cards_of in [[card for card in cards if card.color is color]]
        )
        """For each colour, its first place and the index of its first card: the places of a
        colour are consecutive, as are the indices of its cards."""
        self._full = (1 << rules.highest) - 1
        self._scores: dict[tuple[int, int, int, int], int] = {}
        # The situations of a turn: the colours open, in the order opened (HT-PLAY-2).
        self.situations = tuple(
            opened
            for k in range(OPEN_TRICKS + 1)
            for opened in itertools.permutations(range(len(colors)), k)
        )
        number = {opened: s for s, opened in enumerate(self.situations)}
        action = []
        after = []
        for opened in self.situations:
            open_colors = [colors[c] for c in opened]
            for p, card in enumerate(cards):
                act = action_for(open_colors, card)
                action.append(_CODE[act])
                grown = (*opened, self.color[p]) if act is Action.OPEN else opened
                after.append(number[grown])
        self.action = tuple(action)
        """``action[situation * size + place]``: the code (:data:`FOLLOW`, :data:`OPEN`,
        :data:`PASS`) of what the card does in the situation."""
        self.after = tuple(after)
        """``after[situation * size + place]``: the situation after the card."""
        takes = [False] * ((size + 1) * size)
        for p in range(size):
            takes[size * size + p] = True  # the first card of a trick holds it
        for b, best in enumerate(cards):
            for p, card in enumerate(cards):
                if card.color is best.color and p != b:
                    takes[b * size + p] = trick_taker([best, card]) == 1
        self.takes = tuple(takes)
        """``takes[best * size + place]``: whether the card takes a trick of its colour from
        the card at place ``best`` (``best == size``: an empty trick)."""
        self.whole_turn = rules.lead_cards is LeadCards.TURN
        """Whether passed cards count when the next leader is found (:rule:`HT-LEAD-2`)."""
        self.next_lower = rules.lead_tie
        """The rule's tie break of the next lead (:class:`~sticheln.hattrick.LeadTie`)."""

    def situation_of(self, colors: tuple[int, ...]) -> int:
        """The number of the situation in which the tricks of ``colors`` are open."""
        return self.situations.index(colors)

    def place_mask(self, index_mask: int) -> int:
        """The mask of places of a mask of card indices of the deck."""
        mask = 0
        for first, index in self.blocks:
            mask |= ((index_mask >> index) & self._full) << first
        return mask

    def index_mask(self, place_mask: int) -> int:
        """The mask of card indices of a mask of places (the inverse of :meth:`place_mask`)."""
        mask = 0
        for first, index in self.blocks:
            mask |= ((place_mask >> first) & self._full) << index
        return mask

    def hand_score(self, won: int, passed: int) -> int:
        """The score of a hand (:func:`~sticheln.hattrick.hand_score`) of the places ``won``
        and ``passed`` passed cards. It depends on the number of won cards of each colour and
        of passes only (:rule:`HT-SCORE-1` to :rule:`HT-SCORE-3`), so it is kept by those."""
        masks = self.color_masks
        counts = (
            (won & masks[0]).bit_count(),
            (won & masks[1]).bit_count(),
            (won & masks[2]).bit_count(),
            passed,
        )
        score = self._scores.get(counts)
        if score is None:
            score = self._scores[counts] = _hand_score(_card_set(self.index_mask(won)), passed)
        return score


@functools.cache
def tables_for(rules: HattrickRules) -> HandTables:
    """The :class:`HandTables` of the rules (built once)."""
    return HandTables(rules)


class FastHand:
    """A hand of Hattrick in progress, mutable; the moves are keys, the places of the cards
    (:class:`HandTables`). The :class:`~sticheln.bots.ismcts.RoundState` of the fast path."""

    __slots__ = ("hands", "leader", "passed", "search", "situation", "turn", "turns", "won")

    def __init__(self, search: HandSearch, hands: list[int], turn: list[int]) -> None:
        self.search = search
        self.hands = hands
        """Each player's cards, a mask of places."""
        self.turn = turn
        """The places of the cards of the turn in progress, in play order."""
        self.leader = search.leader
        """The seat that leads the turn in progress."""
        self.situation = search.situation
        """The number of the turn's situation (:attr:`HandTables.situations`)."""
        self.won = search.won[:]
        """The places each player has won this hand, a mask each."""
        self.passed = search.passed[:]
        """How many cards each player has passed this hand."""
        self.turns = search.turns
        """The turns still to finish in the hand, the one in progress included."""

    @property
    def done(self) -> bool:
        """Whether the hand is over (scored by :meth:`hand_scores`)."""
        return self.turns == 0

    @property
    def to_act(self) -> int:
        """The seat to play."""
        n = self.search.n
        return (self.leader + len(self.turn)) % n

    def actors(self) -> tuple[int, ...]:
        """The seats that may move now (as :attr:`HattrickState.players_to_act
        <sticheln.hattrick.HattrickState.players_to_act>`)."""
        return () if self.turns == 0 else (self.to_act,)

    def moves(self, player: int) -> tuple[int, ...]:
        """The legal moves of ``player`` as keys, in the engine's order: every card of the
        hand, each in exactly one way (:rule:`HT-PLAY-4`)."""
        if self.turns == 0 or player != self.to_act:
            return ()
        hand = self.hands[player]
        listed = self.search.listed
        keys = listed.get(hand)
        if keys is None:
            keys = _bits_to_indices(hand)
            if len(listed) >= _LISTED:
                listed.clear()
            listed[hand] = keys
        return keys

    def play(self, player: int, key: int) -> None:
        """Make the legal move ``key`` of ``player``."""
        self.hands[player] ^= 1 << key
        tables = self.search.tables
        at = self.situation * tables.size + key
        if tables.action[at] == PASS:
            self.passed[player] += 1  # HT-PLAY-3
        self.situation = tables.after[at]
        turn = self.turn
        turn.append(key)
        if len(turn) == self.search.n:
            _finish_turn(self)

    def policy_move(self, player: int, rng: random.Random) -> int:
        """The move of the search's random playouts for ``player`` outside the tree: a
        uniform choice among the legal moves (``rng.choice``)."""
        return rng.choice(self.moves(player))

    def hand_scores(self) -> list[int]:
        """Each player's points for the hand, which must be over
        (:func:`~sticheln.hattrick.hand_score`)."""
        score = self.search.tables.hand_score
        return [score(won, passed) for won, passed in zip(self.won, self.passed, strict=True)]

    def totals(self) -> list[int]:
        """Each player's total once the hand is over: the scores of the finished hands and
        :meth:`hand_scores`."""
        score = self.search.tables.hand_score
        return [
            total + score(won, passed)
            for total, won, passed in zip(self.search.totals, self.won, self.passed, strict=True)
        ]

    def playout(self, rng: random.Random) -> list[int]:
        """Play the hand to its end by random moves, as the search's random playouts on the
        engine do (``moves[int(rng.random() * len(moves))]``); each player's total then (the
        scores of the finished hands and this one).

        With a :attr:`HandSearch.finisher` (that of every search, :func:`hand_search`),
        the random numbers are those of a :class:`~sticheln.core.stream.PlayoutStream`
        seeded by ``rng.getrandbits(63)``; without one they are drawn from ``rng`` itself,
        as on the engine."""
        finish = self.search.finisher
        if finish is not None:
            return finish(self, rng.getrandbits(63))
        _run(self, rng.random)
        return self.totals()


def _finish_turn(hand: FastHand) -> None:
    """Resolve the full turn of ``hand``: each trick goes to the player of the card that
    takes it (:rule:`HT-TRICK-1`), and the next leader is found (:rule:`HT-LEAD-2`)."""
    search = hand.search
    tables = search.tables
    n = search.n
    size = tables.size
    action = tables.action
    after = tables.after
    takes = tables.takes
    color = tables.color
    value = tables.value
    leader = hand.leader
    situation = 0
    best = [size, size, size]
    taker = [0, 0, 0]
    taken = [0, 0, 0]
    counted: list[int] = []
    for k, place in enumerate(hand.turn):
        at = situation * size + place
        act = action[at]
        situation = after[at]
        seat = leader + k
        seat = seat - n if seat >= n else seat
        if act == PASS:
            if tables.whole_turn:
                counted.append(k)
            continue
        c = color[place]
        if takes[best[c] * size + place]:
            best[c] = place
            taker[c] = seat
        taken[c] |= 1 << place
        counted.append(k)
    won = hand.won
    for c in range(3):
        if taken[c]:
            won[taker[c]] |= taken[c]
    values = [value[hand.turn[k]] for k in counted]
    hand.leader = (leader + counted[_lead_index(values, tables.next_lower)]) % n
    hand.turn = []
    hand.situation = 0
    hand.turns -= 1


Finisher = Callable[[FastHand, int], list[int]]
"""``finish(hand, state)``: play ``hand`` to the end by random moves, drawing from a
:class:`~sticheln.core.stream.PlayoutStream` in state ``state``; each player's total then."""


def finish_in_python(hand: FastHand, state: int) -> list[int]:
    """The :data:`Finisher` in Python, the one the compiled one
    (:func:`sticheln.hattrick.compiled.finisher`) must agree with."""
    _run(hand, PlayoutStream(state).random)
    return hand.totals()


def finisher_for(search: HandSearch) -> Finisher | None:
    """The finisher of the playouts of ``search`` chosen by
    :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE`
    (:func:`~sticheln.core.stream.wants_compiled`): compiled, or :func:`finish_in_python`,
    which draws the same stream, so that a search makes the same moves either way.

    :raises ValueError: if the variable has another value.
    :raises ImportError: if it asks for ``compiled`` and numba is not installed.
    """
    make: Callable[[HandSearch], Finisher] | None = compiled_or_none(
        "sticheln.hattrick.compiled", "finisher"
    )
    return finish_in_python if make is None else make(search)


def _run(hand: FastHand, uniform: Callable[[], float]) -> None:
    """Play ``hand`` to the end of the hand by random moves: the number of cards in the
    hand of the player to act, the drawn one, and :meth:`FastHand.play` in one loop."""
    search = hand.search
    tables = search.tables
    action = tables.action
    after = tables.after
    size = tables.size
    n = search.n
    hands = hand.hands
    passed = hand.passed
    while hand.turns:
        turn = hand.turn
        player = hand.leader + len(turn)
        player = player - n if player >= n else player
        cards = hands[player]
        rank = int(uniform() * cards.bit_count())
        while rank:
            cards &= cards - 1
            rank -= 1
        low = cards & -cards
        place = low.bit_length() - 1
        hands[player] ^= low
        at = hand.situation * size + place
        if action[at] == PASS:
            passed[player] += 1
        hand.situation = after[at]
        turn.append(place)
        if len(turn) == n:
            _finish_turn(hand)


class HandSearch:
    """What the samples of one view share: the public state of the hand and the unseen
    cards, read once per search; :meth:`sample` deals the hidden cards.

    Only the hand in progress is dealt: the playouts of the search stop at its end
    (``round_playouts``), so the hands still to come, which
    :func:`~sticheln.hattrick.sample_state` deals too, would never be looked at.
    """

    __slots__ = (
        "_current",
        "_hidden",
        "_moves",
        "_my_hand",
        "_sizes",
        "_unseen",
        "finisher",
        "leader",
        "listed",
        "me",
        "n",
        "passed",
        "situation",
        "tables",
        "totals",
        "turn",
        "turns",
        "won",
    )

    def __init__(self, view: HattrickView) -> None:
        if view.is_over or view.player == SPECTATOR:
            raise ValueError("the game is over or the view a spectator's: nothing to search")
        rules = view.rules
        n = view.players
        tables = self.tables = tables_for(rules)
        self.n = n
        self.me = view.player
        self.totals = tuple(view.scores)
        self.leader = view.turn_leader
        self.turns = rules.hand_size(n) - 1 - len(view.turns)
        number = {color: c for c, color in enumerate(tables.colors)}
        self.situation = tables.situation_of(tuple(number[color] for color in view.open_colors))
        self.won = [tables.place_mask(pile.mask) for pile in view.won]
        self.passed = list(view.pass_counts)
        self._my_hand = tables.place_mask(view.hand.mask)
        unseen = rules.deck - _seen(view, [*view.hand, *view.turn_cards])
        place = tables.place
        self._unseen = [place[index] for index in unseen.indices]
        self._sizes = [0 if p == self.me else size for p, size in enumerate(view.hand_sizes)]
        # The cards of the turn in progress (None for a hidden pass) and the hidden passes of
        # the hand's turns, by turn: (turn, position, colour number of the pass).
        self.turn = [-1 if card is None else place[card.index] for card in view.turn_cards]
        self._current = len(view.turns)
        self._hidden: list[tuple[int, int, int]] = []
        played = [*(turn.cards for turn in view.turns), view.turn_cards]
        for t, cards in enumerate(played):
            actions = _turn_actions(cards)
            tricks = {c.color for c, a in zip(cards, actions, strict=True) if a is _OPEN and c}
            for i, card in enumerate(cards):
                if card is None:
                    third = next(color for color in rules.colors if color not in tricks)
                    self._hidden.append((t, i, number[third]))
        self._moves = _situation(view.open_colors)
        self.listed: dict[int, tuple[int, ...]] = {}
        """The keys of the legal moves listed so far, by the cards of the hand
        (:meth:`FastHand.moves`), at most :data:`_LISTED` of them: the searching player's own
        at the root are the same on every sample."""
        self.finisher: Finisher | None = None
        """How :meth:`FastHand.playout` finishes the hands: a :data:`Finisher`, compiled or
        in Python (:func:`hand_search` sets it, :func:`finisher_for`), or ``None`` to draw
        from the generator it is given, as the search's playouts on the engine do."""

    def move_of(self, player: int, key: int) -> HattrickMove:
        """The engine's move of ``player`` for the key ``key`` in the view's position: the
        card at place ``key`` makes the one move it can make (:rule:`HT-PLAY-4`)."""
        return self._moves.seat(player)[self.tables.cards[key].index]

    def sample(self, rng: random.Random) -> FastHand:
        """A hand that agrees with the view: the unseen cards shuffled with ``rng``, a card
        of its colour for each hidden pass (:rule:`HT-PASS-1`), the rest dealt to the other
        players with their hand sizes (as :class:`~sticheln.hattrick.sampling.HandSampler`
        does)."""
        rest = self._unseen[:]
        shuffle(rng, rest)
        turn = self.turn[:]
        if self._hidden:
            color = self.tables.color
            current = self._current
            for t, i, c in self._hidden:
                k = next(k for k, place in enumerate(rest) if color[place] == c)
                place = rest.pop(k)
                if t == current:
                    turn[i] = place
        hands = []
        start = 0
        for size in self._sizes:
            mask = 0
            for place in rest[start : start + size]:
                mask |= 1 << place
            hands.append(mask)
            start += size
        hands[self.me] = self._my_hand
        return FastHand(self, hands, turn)


def hand_search(view: object) -> HandSearch | None:
    """A :class:`HandSearch` for ``view`` if it is a seated player's view of a Hattrick game
    in progress, else ``None`` (the search then takes the generic path); its playouts
    compiled when numba is installed, unless :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE`
    says otherwise (:func:`finisher_for`)."""
    if not isinstance(view, HattrickView) or view.is_over or view.player == SPECTATOR:
        return None
    search = HandSearch(view)
    search.finisher = finisher_for(search)
    return search
