"""Fast playouts of a Stichling hand for the search bots, declared by the game
(:attr:`GameInfo.fast_playouts <sticheln.GameInfo.fast_playouts>`).

:class:`~sticheln.bots.ISMCTSBot` spends nearly all its time sampling states and playing
them to the end of the hand. Done with the immutable engine, every move builds a new
:class:`~sticheln.stichling.StichlingState`; here one hand is a small *mutable* record of
ints instead: each hand of cards is a bit mask of card indices, an open trick a short list
(its led colour, the card and the seat that hold its marker, the cards that count toward
its completion), and each player's tricks a count. :class:`HandSearch` samples such hands
from a player's view and :class:`FastHand` plays them, with random moves as the searches of
Stichling do (it has no playout policy), drawing the same random numbers as the search's
random playouts on the engine.

Nothing here defines a rule of the game. What a card may do is read from the engine's tables
(:func:`~sticheln.stichling.trick_choices` fills them); the cards that take a trick's
marker and those that count toward its completion are tables built once per deck by calling
:func:`~sticheln.stichling.marker_index` and the engine's count of a trick's cards, and a
hand is scored by :func:`~sticheln.stichling.hand_score`. The differential tests
(``tests/stichling/test_playout.py``) check the tricks, their winners and the scores against
:func:`~sticheln.stichling.apply_move`.

>>> import random
>>> from sticheln.stichling import StichlingGame
>>> from sticheln.stichling.playout import HandSearch
>>> game = StichlingGame()
>>> state = game.new_game(4, seed=3)
>>> search = HandSearch(game.observe(state, 0))  # the Python path (hand_search may compile)
>>> hand = search.sample(random.Random(1))
>>> {search.move_of(0, key) for key in hand.moves(0)} == set(game.legal_moves(state, 0))
True
>>> hand.playout(random.Random(2)), hand.done
([2, 2, 3, 3], True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from sticheln.core.cards import MAX_VALUE, Color, _bits_to_indices, card_at
from sticheln.core.shuffle import shuffle
from sticheln.core.stream import PlayoutStream, compiled_or_none
from sticheln.stichling.engine import _arrange_moves, _choices, move_key
from sticheln.stichling.moves import PLAY_MOVES, AddToTrick, OpenTrick, StichlingMove
from sticheln.stichling.rules import (
    OPEN_TRICKS,
    TRICK_SIZE,
    OpenAtEnd,
    StichlingRules,
)
from sticheln.stichling.sampling import _fill_row
from sticheln.stichling.scoring import _hand_score
from sticheln.stichling.state import Phase, laid_rows
from sticheln.stichling.tricks import counted, marker_index
from sticheln.stichling.view import StichlingView

__all__ = [
    "FastHand",
    "Finisher",
    "HandSearch",
    "HandTables",
    "finish_in_python",
    "finisher_for",
    "hand_search",
    "tables_for",
]

_SLOTS: Final = MAX_VALUE + 1
"""Card indices per colour: ``index // _SLOTS`` is the number of the card's colour."""
_COLOR_COUNT: Final = len(Color)
_ARRANGE: Final = 1 << 12
"""The key of the ``i``-th order of the victory-point cards (in the engine's order) is
``_ARRANGE + i``; the key of playing card ``index`` is ``index << 3``, plus ``1 + t`` when it
goes onto open trick ``t`` rather than opening one."""
_LAYOUT: Final = (1 << 3 * OPEN_TRICKS) - 1
_LOW: Final = tuple((1 << 3 * t) - 1 for t in range(OPEN_TRICKS))
_LISTED: Final = 4096
"""The most lists of legal moves a :class:`HandSearch` keeps."""


class HandTables:
    """What the playouts need to know of one deck under one set of rules, computed by the
    rule functions.

    Card ``i`` is :func:`~sticheln.core.cards.card_at`\\ ``(i)``, its bit ``1 << i``.
    """

    __slots__ = ("color_masks", "colors", "counts", "rules", "slots", "takes")

    def __init__(self, rules: StichlingRules, players: int) -> None:
        cards = rules.deck(players).cards
        self.rules = rules
        self.colors = sorted({card.index // _SLOTS for card in cards})
        """The colour numbers of the deck, ascending (the order of the card indices)."""
        self.color_masks = [0] * _COLOR_COUNT
        """The deck's cards of each colour, by colour number."""
        for card in cards:
            self.color_masks[card.index // _SLOTS] |= 1 << card.index
        self.takes = [0] * (_COLOR_COUNT * _SLOTS)
        """``takes[top]``: the cards that take the marker of a trick from the card ``top``
        that holds it (:func:`marker_index`; that card is of the led colour)."""
        for top in cards:
            self.takes[top.index] = sum(
                1 << card.index for card in cards if marker_index([top, card]) == 1
            )
        self.counts = [0] * _COLOR_COUNT
        """``counts[led colour]``: the cards that count toward the completion of a trick of
        that led colour (:rule:`SL-TRICK-2`)."""
        for color in self.colors:
            lead = card_at(color * _SLOTS + 1)
            self.counts[color] = sum(
                1 << card.index for card in cards if counted([lead, card], rules.counted_cards) == 2
            )
        self.slots: dict[int, list[tuple[int, ...]]] = {}
        """For each move key, for each colour number, the ways a card of that colour may be
        played, in the engine's order: ``0`` to open a trick, ``1 + t`` onto open trick
        ``t`` (:func:`~sticheln.stichling.trick_choices`, through the engine's tables)."""

    def slots_of(self, key: int) -> list[tuple[int, ...]]:
        """The ways of playing each colour under the move key ``key`` (:attr:`slots`)."""
        slots = self.slots.get(key)
        if slots is None:
            choices = _choices(key, self.rules)
            slots = []
            for color in range(_COLOR_COUNT):
                can_open, targets = choices[color * _SLOTS]
                row = [0] if can_open else []
                row.extend(1 + t for t in range(OPEN_TRICKS) if targets >> t & 1)
                slots.append(tuple(row))
            self.slots[key] = slots
        return slots


_TABLES: dict[tuple[StichlingRules, int], HandTables] = {}


def tables_for(rules: StichlingRules, players: int) -> HandTables:
    """The (cached) :class:`HandTables` of ``rules`` for ``players`` players."""
    tables = _TABLES.get((rules, players))
    if tables is None:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        tables = _TABLES[rules, players] = HandTables(rules, players)
    return tables


class FastHand:
    """One hand of Stichling in progress, mutable, with every card known: a sample of
    :meth:`HandSearch.sample`.

    Moves are int keys (:meth:`HandSearch.move_of` gives the engine's move). ``record``, when
    a list, gets ``(marker seat, cards counted)`` of every trick completed (for tests).
    """

    __slots__ = (
        "hands",
        "key",
        "n",
        "orders",
        "record",
        "search",
        "to_act",
        "tricks",
        "turn",
        "wins",
    )

    def __init__(
        self,
        search: HandSearch,
        hands: list[int],
        orders: list[tuple[int, ...] | None],
    ) -> None:
        self.search = search
        self.n = search.n
        self.hands = hands
        """Each player's cards, a mask."""
        self.orders = orders
        """Each player's row of victory-point cards, ``None`` until laid down."""
        self.tricks = [trick[:] for trick in search.tricks]
        """The open tricks in the order they were opened, each ``[led colour number, index
        of the card holding the marker, seat holding it, cards counted]``."""
        self.key = search.key
        """The engine's move key (:attr:`StichlingState.move_key
        <sticheln.stichling.StichlingState.move_key>`)."""
        self.wins = search.wins[:]
        """How many tricks each player has won this hand."""
        self.turn = search.turn
        """How many cards have been played in the hand."""
        self.to_act = search.to_act
        """The seat to play, ``-1`` while the victory-point cards are ordered."""
        self.record: list[tuple[int, int]] | None = None

    @property
    def done(self) -> bool:
        """Whether the hand is over (scored by :meth:`hand_scores`)."""
        return self.turn >= self.search.total

    def actors(self) -> tuple[int, ...]:
        """The seats that may move now (as :attr:`StichlingState.players_to_act
        <sticheln.stichling.StichlingState.players_to_act>`)."""
        if self.to_act >= 0:
            return () if self.turn >= self.search.total else (self.to_act,)
        return tuple([p for p, order in enumerate(self.orders) if order is None])

    def moves(self, player: int) -> tuple[int, ...]:
        """The legal moves of ``player`` as keys, in the engine's order.

        They depend on the player's cards and the open tricks only: the search keeps those
        it has listed (the searching player's own at the root are the same on every
        sample)."""
        if self.to_act < 0:
            if self.orders[player] is not None:
                return ()
            return self.search.arrange_keys
        if player != self.to_act or self.turn >= self.search.total:
            return ()
        search = self.search
        seen = search.listed
        hand = self.hands[player]
        key = self.key
        keys = seen.get((hand, key))
        if keys is None:
            slots = search.tables.slots_of(key)
            keys = tuple(
                [index << 3 | s for index in _bits_to_indices(hand) for s in slots[index // _SLOTS]]
            )
            if len(seen) >= _LISTED:
                seen.clear()
            seen[hand, key] = keys
        return keys

    def play(self, player: int, key: int) -> None:
        """Make the legal move ``key`` of ``player``."""
        if key >= _ARRANGE:
            orders = self.orders
            orders[player] = self.search.orders[key - _ARRANGE]
            if None not in orders:
                self.to_act = self.search.leader
            return
        index = key >> 3
        slot = key & 7
        self.hands[player] ^= 1 << index
        tricks = self.tricks
        tables = self.search.tables
        if slot == 0:
            color = index // _SLOTS
            self.key |= (color + 1) << 3 * len(tricks)
            tricks.append([color, index, player, 1])
        else:
            t = slot - 1
            trick = tricks[t]
            if tables.takes[trick[1]] >> index & 1:
                trick[1] = index
                trick[2] = player
            if tables.counts[trick[0]] >> index & 1:
                trick[3] += 1
                if trick[3] >= TRICK_SIZE:
                    self.wins[trick[2]] += 1
                    if self.record is not None:
                        self.record.append((trick[2], trick[3]))
                    del tricks[t]
                    key = self.key
                    layout = key & _LAYOUT
                    self.key = (
                        (key ^ layout) | (layout & _LOW[t]) | ((layout >> 3 * t + 3) << 3 * t)
                    )
        self.turn += 1
        if self.turn < self.search.total:
            self.to_act = player + 1 if player + 1 < self.n else 0
        elif self.search.marker_wins:
            for trick in tricks:
                self.wins[trick[2]] += 1

    def policy_move(self, player: int, rng: random.Random) -> int:
        """The move of the search's random playouts for ``player`` outside the tree: a
        uniform choice among the legal moves (``rng.choice``)."""
        return rng.choice(self.moves(player))

    def hand_scores(self) -> list[int]:
        """Each player's points for the hand, which must be over (:func:`hand_score`)."""
        rows = laid_rows(self.orders)
        return [_hand_score(rows[p], wins) for p, wins in enumerate(self.wins)]

    def playout(self, rng: random.Random) -> list[int]:
        """Play the hand to its end by random moves, as the search's random playouts on the
        engine do (``moves[int(rng.random() * len(moves))]``, the first seat to act first);
        each player's total then (the scores of the finished hands and this one).

        With a :attr:`HandSearch.finisher` (and no :attr:`record`), the random numbers are
        those of a :class:`~sticheln.core.stream.PlayoutStream` seeded by
        ``rng.getrandbits(63)``, and the finisher plays the hand once the victory-point cards
        are ordered; otherwise they are drawn from ``rng`` itself."""
        finish = self.search.finisher
        if finish is not None and self.record is None:
            stream = PlayoutStream(rng.getrandbits(63))
            self._arrange(stream.random)
            return finish(self, stream.state)
        uniform = rng.random
        self._arrange(uniform)
        if self.record is None:
            _run(self, uniform)
        else:
            play = self.play
            total = self.search.total
            while self.turn < total:
                moves = self.moves(self.to_act)
                play(self.to_act, moves[int(uniform() * len(moves))])
        return self.totals()

    def _arrange(self, uniform: Callable[[], float]) -> None:
        """The victory-point cards still to order, ordered at random in seat order."""
        if self.to_act < 0:
            search = self.search
            orders = self.orders
            count = len(search.orders)
            for p in range(self.n):
                if orders[p] is None:
                    orders[p] = search.orders[int(uniform() * count)]
            self.to_act = search.leader

    def totals(self) -> list[int]:
        """Each player's total once the hand is over: the scores of the finished hands and
        :meth:`hand_scores`."""
        rows = laid_rows(self.orders)
        return [
            total + _hand_score(row, wins)
            for total, row, wins in zip(self.search.totals, rows, self.wins, strict=True)
        ]


Finisher = Callable[[FastHand, int], list[int]]
"""``finish(hand, state)``: play ``hand``, whose victory-point cards are ordered, to the end by
random moves, drawing from a :class:`~sticheln.core.stream.PlayoutStream` in state ``state``;
each player's total then."""


def finish_in_python(r: FastHand, state: int) -> list[int]:
    """The :data:`Finisher` in Python, the one the compiled one
    (:func:`sticheln.stichling.compiled.finisher`) must agree with."""
    _run(r, PlayoutStream(state).random)
    return r.totals()


def finisher_for(search: HandSearch) -> Finisher | None:
    """The finisher of the playouts of ``search`` chosen by
    :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE`
    (:func:`~sticheln.core.stream.wants_compiled`): compiled, or ``None`` for the Python path
    of :meth:`FastHand.playout`.

    :raises ValueError: if the variable has another value.
    :raises ImportError: if it asks for ``compiled`` and numba is not installed.
    """
    make: Callable[[HandSearch], Finisher] | None = compiled_or_none(
        "sticheln.stichling.compiled", "finisher"
    )
    return None if make is None else make(search)


def _run(r: FastHand, uniform: Callable[[], float]) -> None:
    """Play ``r`` to the end of the hand by random moves: :meth:`FastHand.moves`, the choice
    and :meth:`FastHand.play` in one loop, on local variables, drawing the same numbers."""
    search = r.search
    tables = search.tables
    slots_of = tables.slots_of
    color_masks = tables.color_masks
    colors = tables.colors
    takes = tables.takes
    counts = tables.counts
    hands = r.hands
    tricks = r.tricks
    wins = r.wins
    n = r.n
    total = search.total
    key = r.key
    turn = r.turn
    player = r.to_act
    slots = slots_of(key)
    while turn < total:
        hand = hands[player]
        # The number of legal moves, then the drawn one, without the list of them.
        count = 0
        for color in colors:
            count += (hand & color_masks[color]).bit_count() * len(slots[color])
        rank = int(uniform() * count)
        for color in colors:
            group = hand & color_masks[color]
            ways = slots[color]
            size = group.bit_count() * len(ways)
            if rank < size:
                break
            rank -= size
        skip, slot = divmod(rank, len(ways))
        while skip:
            group &= group - 1
            skip -= 1
        index = (group & -group).bit_length() - 1
        slot = ways[slot]
        hands[player] = hand ^ (1 << index)
        if slot == 0:
            key |= (color + 1) << 3 * len(tricks)
            tricks.append([color, index, player, 1])
            slots = slots_of(key)
        else:
            t = slot - 1
            trick = tricks[t]
            if takes[trick[1]] >> index & 1:
                trick[1] = index
                trick[2] = player
            if counts[trick[0]] >> index & 1:
                trick[3] += 1
                if trick[3] >= TRICK_SIZE:
                    wins[trick[2]] += 1
                    del tricks[t]
                    layout = key & _LAYOUT
                    key = (key ^ layout) | (layout & _LOW[t]) | ((layout >> 3 * t + 3) << 3 * t)
                    slots = slots_of(key)
        turn += 1
        player = player + 1 if player + 1 < n else 0
    if search.marker_wins:
        for trick in tricks:
            wins[trick[2]] += 1
    r.key = key
    r.turn = turn
    r.to_act = player


class HandSearch:
    """What the samples of one view share: the public state of the hand and the unseen
    cards, read once per search; :meth:`sample` deals the hidden cards.

    Only the hand in progress is dealt: the playouts of the search stop at its end
    (``round_playouts``), so the hands still to come, which
    :func:`~sticheln.stichling.sample_state` deals too, would never be looked at.
    """

    __slots__ = (
        "_my_hand",
        "_open_rows",
        "_orders",
        "_sizes",
        "_unseen",
        "arrange_keys",
        "finisher",
        "key",
        "leader",
        "listed",
        "marker_wins",
        "me",
        "n",
        "orders",
        "points",
        "tables",
        "to_act",
        "total",
        "totals",
        "tricks",
        "turn",
        "wins",
    )

    def __init__(self, view: StichlingView) -> None:
        if view.phase is Phase.OVER:
            raise ValueError("the game is over: there is nothing to search")
        rules = view.rules
        n = view.players
        self.n = n
        self.me = view.player
        self.tables = tables_for(rules, n)
        self.totals = tuple(view.scores)
        self.points = rules.points[view.hand_number]
        self.orders = tuple(move.order for move in _arrange_moves(0, self.points))
        """The orders of the hand's victory-point cards, in the engine's order."""
        self.arrange_keys = tuple(range(_ARRANGE, _ARRANGE + len(self.orders)))
        """The keys of ordering the victory-point cards (:meth:`FastHand.moves`)."""
        self.listed: dict[tuple[int, int], tuple[int, ...]] = {}
        """The keys of the legal moves listed so far by the cards of a hand and the engine's
        move key (:meth:`FastHand.moves`), at most :data:`_LISTED` of them."""
        self.leader = view.hand_leader
        self.total = rules.hand_size * n
        self.turn = view.turn
        self.to_act = view.players_to_act[0] if view.phase is Phase.PLAYING else -1
        self.key = move_key(rules, view.open_tricks)
        self.tricks = [
            [
                trick.cards[0].index // _SLOTS,
                trick.cards[trick.top].index,
                trick.seats[trick.top],
                counted(trick.cards, rules.counted_cards),
            ]
            for trick in view.open_tricks
        ]
        self.wins = [len(won) for won in view.won]
        self.marker_wins = rules.open_at_end is OpenAtEnd.MARKER
        self._my_hand = view.hand.mask
        self._unseen = list(view.unseen_cards.indices)
        self._sizes = [0 if p == self.me else size for p, size in enumerate(view.hand_sizes)]
        # The rows laid down with at most one value unknown are known: they are filled once
        # (drawing nothing, as _fill_row would not); the others, with the places and the
        # values they lack, are filled on every sample, in seat order.
        self._orders: list[tuple[int, ...] | None] = [None] * n
        self._open_rows: list[tuple[int, list[int], tuple[int, ...], tuple[int, ...]]] = []
        for seat, row in enumerate(view.rows):
            if row is None:
                continue
            missing = list(self.points)
            for value in row:
                if value is not None:
                    missing.remove(value)
            if len(missing) > 1:
                places = tuple(place for place, value in enumerate(row) if value is None)
                known = [0 if value is None else value for value in row]  # 0: filled per sample
                self._open_rows.append((seat, known, places, tuple(missing)))
            else:
                self._orders[seat] = _fill_row(row, self.points, random.Random(0))
        self.finisher: Finisher | None = None
        """How :meth:`FastHand.playout` finishes the hands: ``None`` on the Python path
        drawing from the generator it is given, or a :data:`Finisher`
        (:func:`hand_search` sets the compiled one, :func:`finisher_for`)."""

    def move_of(self, player: int, key: int) -> StichlingMove:
        """The engine's move of ``player`` for the key ``key`` (:class:`FastHand`)."""
        if key >= _ARRANGE:
            return _arrange_moves(player, self.points)[key - _ARRANGE]
        opens, adds = PLAY_MOVES.ensure(player + 1)[player]
        slot = key & 7
        return opens[key >> 3] if slot == 0 else adds[slot - 1][key >> 3]

    def key_of(self, move: StichlingMove) -> int:
        """The key of the engine's ``move`` (the inverse of :meth:`move_of`)."""
        if isinstance(move, AddToTrick):
            return move.card.index << 3 | move.trick + 1
        if isinstance(move, OpenTrick):
            return move.card.index << 3
        return _ARRANGE + self.orders.index(move.order)

    def sample(self, rng: random.Random) -> FastHand:
        """A hand that agrees with the view: the unseen cards shuffled with ``rng`` and dealt
        to the other players with their hand sizes, and the victory-point cards nobody has
        turned up laid at random into the free places of the rows laid down (as
        :func:`~sticheln.stichling.sample_state` does)."""
        unseen = self._unseen[:]
        shuffle(rng, unseen)
        hands = []
        start = 0
        for size in self._sizes:
            mask = 0
            for index in unseen[start : start + size]:
                mask |= 1 << index
            hands.append(mask)
            start += size
        hands[self.me] = self._my_hand
        orders = self._orders[:]
        for seat, row, places, missing in self._open_rows:
            values = list(missing)
            shuffle(rng, values)
            for place in places:
                row[place] = values.pop()
            orders[seat] = tuple(row)
        return FastHand(self, hands, orders)


def hand_search(view: object) -> HandSearch | None:
    """A :class:`HandSearch` for ``view`` if it is the view of a Stichling game in
    progress, else ``None`` (the search then takes the generic path); its playouts compiled
    when numba is installed, unless :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE` says
    otherwise (:func:`finisher_for`)."""
    if not isinstance(view, StichlingView) or view.phase is Phase.OVER:
        return None
    search = HandSearch(view)
    search.finisher = finisher_for(search)
    return search
