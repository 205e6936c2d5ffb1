"""Sticheln's fast path of the solver (:func:`sticheln.analysis.solve`), declared in its kit
(:attr:`GameInfo.solver_position <sticheln.GameInfo.solver_position>`).

A round in play, every hand known, is a small mutable record of ints: each hand a bit mask of
card indices (``sticheln.core.cards.card_at``), the current trick a short list, each
player's points of the round so far an int. The solver plays a move with
:meth:`RoundPosition.play` and takes it back with :meth:`RoundPosition.undo`.

Nothing here defines a rule of the game. Tricks are resolved by the tables of the fast
playouts (``sticheln.sticheln.playout.tables_for``), built from
:func:`~sticheln.trick_winner` and :func:`~sticheln.trick_taker`; the points of a won card
are :func:`~sticheln.card_points` and those of the round so far :func:`~sticheln.round_score`.
The differential tests (``tests/analysis/test_solver.py``) check the solver on this position
against a plain search of the engine's states.

Two cards of one colour in the hand of the player to act are *interchangeable* when no card
of another hand or of the current trick has a value from the lower's to the higher's, both
are above zero, and they are worth the same to every player searched (their colour is not
the pain colour of one): whichever is played, the other meets the same cards later, and every
trick goes the same way (:rule:`ST-TRICK-2`, :rule:`ST-TRICK-3`, :rule:`ST-TRICK-5`). The
position offers one of them only.

>>> import sticheln as st
>>> rules = st.StichelnRules(name="three-cards", hand_size=3)
>>> state = st.new_game(3, rules=rules, deals=[["R1 R2 B5", "R3 R6 B6", "R4 R7 B7"]] * 3)
>>> for player in range(3):
...     state = st.apply_move(state, st.legal_moves(state, player)[2])
>>> from sticheln.sticheln.endgame import solver_position
>>> position = solver_position(state, 0)
>>> [str(position.move_of(key)) for key in position.moves()], position.points
(['0 plays R1'], [-5, -6, -7])
>>> position.play(position.moves()[0])
>>> [str(position.move_of(key)) for key in position.moves()]
['1 plays R3', '1 plays R6']
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final

from sticheln.core.cards import MAX_VALUE, Card, Color, _bits_to_indices
from sticheln.core.stream import compiled_or_none
from sticheln.sticheln.moves import PLAY_MOVES, PlayCard
from sticheln.sticheln.playout import tables_for
from sticheln.sticheln.scoring import card_points, round_score
from sticheln.sticheln.state import Phase, StichelnState
from sticheln.sticheln.trick import taking_index, winning_index

__all__ = ["RoundPosition", "solver_position", "solver_values"]

_SLOTS: Final = MAX_VALUE + 1
_COLORS: Final = tuple(Color)
_VALUE_BITS: Final = (1 << _SLOTS) - 1
_CARDS: Final = len(_COLORS) * _SLOTS
_COLOR_OF: Final = tuple(index // _SLOTS for index in range(_CARDS))
_VALUE_OF: Final = tuple(index % _SLOTS for index in range(_CARDS))
_CACHE_LIMIT: Final = 1 << 16
"""The most hands whose interchangeable cards, and the most positions of the last two tricks
whose values, a position keeps worked out."""
_BEYOND: Final = 1 << 30
"""More points than a round has."""


def _values(mask: int) -> int:
    """The values of the cards of ``mask``, whatever their colour, as a mask of 21 bits."""
    folded = 0
    while mask:
        folded |= mask & _VALUE_BITS
        mask >>= _SLOTS
    return folded


class RoundPosition:
    """The round in play of a :class:`~sticheln.StichelnState` as a mutable
    :class:`~sticheln.analysis.Position`, for a search of the score of ``player`` (``None``:
    of every player's). Keys of moves are card indices.

    The key of a position is kept between tricks only: the seat to lead and every hand. The
    points still to come depend on nothing else, since a round's score adds up its cards
    (:rule:`ST-SCORE-1`, :rule:`ST-SCORE-2`). The moves are offered best first by their
    immediate effect: the points of the trick for the player searched if it ended now.
    """

    __slots__ = (
        "_beats",
        "_best",
        "_bounds",
        "_cache",
        "_lead",
        "_leads",
        "_merge_colors",
        "_moves",
        "_scratch",
        "_small",
        "_stack",
        "_worth",
        "_zero_taker",
        "hands",
        "leader",
        "live",
        "n",
        "player",
        "points",
        "to_act",
        "trick",
    )

    def __init__(self, state: StichelnState, player: int | None) -> None:
        n = state.setup.players
        rules = state.setup.rules
        tables = tables_for(rules, n)
        self.n = n
        """The number of players."""
        self.player = player
        """The seat searched, or ``None`` for every player."""
        self._beats = tables.beats
        self._leads = tables.leads
        zero_taker = taking_index((Card(_COLORS[0], 0),) * n, rules.all_zero_trick)
        self._zero_taker = -1 if zero_taker is None else zero_taker
        picks = [card for card in state.picks if card is not None]
        pains = [card.color for card in picks]
        self._worth = [
            [card_points(Card(_COLORS[i // _SLOTS], i % _SLOTS), pain) for i in range(_CARDS)]
            for pain in pains
        ]
        searched = {pains[player]} if player is not None else set(pains)
        self._merge_colors = [color not in searched for color in _COLORS]
        self._moves = [PLAY_MOVES[seat] for seat in range(n)]
        self.hands = [hand.mask for hand in state.hands]
        """Each player's hand, a mask of card indices."""
        self.trick = [card.index for card in state.trick_cards]
        """The card indices of the current trick, in play order."""
        self.leader = state.trick_leader
        """The seat that led the current trick."""
        assert state.to_act is not None  # a round in play
        self.to_act = state.to_act
        """The seat to play."""
        self._lead = self.trick[0] // _SLOTS if self.trick else -1
        best = winning_index(state.trick_cards) if self.trick else None
        self._best = -1 if best is None else best
        self.points = [round_score(picks[p], state.won[p]) for p in range(n)]
        """Each player's score of the round as it stands: the pain card and the cards won."""
        live = 0
        for hand in self.hands:
            live |= hand
        for index in self.trick:
            live |= 1 << index
        self.live = live
        """The cards still to be won: those in the hands and the current trick."""
        self._cache: dict[tuple[int, int], list[int]] = {}
        self._small: dict[tuple[int, ...], int] = {}
        self._scratch: list[int] = []
        self._bounds: tuple[int, int] | None = None
        if player is not None:
            worth = self._worth[player]
            cards = _bits_to_indices(live)
            low = sum([worth[index] for index in cards if worth[index] < 0])
            high = sum([worth[index] for index in cards if worth[index] > 0])
            self._bounds = (low, high)
        self._stack: list[
            tuple[int, int, int, tuple[list[int], int, int, int, tuple[int, int] | None] | None]
        ] = []

    def done(self) -> bool:
        """Whether the round is over."""
        return not self.trick and not self.hands[self.to_act]

    def moves(self) -> list[int]:
        """The cards of the player to act, one of each set of interchangeable cards, best
        first by the points of the trick for the player searched (for the player to act
        under maxn) if it ended now; of equal ones the lower card first if it would take the
        trick, else the higher."""
        p = self.to_act
        hand = self.hands[p]
        if not hand & (hand - 1):
            return [hand.bit_length() - 1]
        keys = self._cache.get((hand, self.live))
        if keys is None:
            keys = self._representatives(hand)
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[hand, self.live] = keys
        if len(keys) == 1:
            return keys
        target = p if self.player is None else self.player
        worth = self._worth[target]
        trick = self.trick
        if trick:
            best = self._best
            row = self._beats[self._lead][trick[best] + 1 if best >= 0 else 0]
            holds = best >= 0 and (self.leader + best) % self.n == target
            so_far = sum([worth[index] for index in trick])
        else:
            row = self._leads
            holds = False
            so_far = 0
        # The order as one int per card: the points for the target (negated for the target
        # itself, who wants them high), then the card's value (up if it takes the trick,
        # down if not), then the card.
        sign = -1 if p == target else 1
        scored = []
        for index in keys:
            if row >> index & 1:
                points = so_far + worth[index] if p == target else 0
                scored.append(((sign * points) << 12) + (_VALUE_OF[index] << 7) + index)
            else:
                points = so_far + worth[index] if holds else 0
                scored.append(((sign * points) << 12) + ((31 - _VALUE_OF[index]) << 7) + index)
        scored.sort()
        return [order & 127 for order in scored]

    def _representatives(self, hand: int) -> list[int]:
        """The cards of ``hand``, the hand of the player to act, the lowest of each set of
        interchangeable cards only."""
        others = _values(self.live & ~hand)
        merge = self._merge_colors
        keys: list[int] = []
        previous = -1
        for index in _bits_to_indices(hand):
            if (
                previous >= 0
                and _COLOR_OF[index] == _COLOR_OF[previous]
                and merge[_COLOR_OF[index]]
                and _VALUE_OF[previous] > 0
                and not others >> _VALUE_OF[previous]
                & ((1 << (_VALUE_OF[index] - _VALUE_OF[previous] + 1)) - 1)
            ):
                previous = index
                continue
            keys.append(index)
            previous = index
        return keys

    def play(self, index: int) -> None:
        """Play the card ``index`` of the player to act."""
        p = self.to_act
        self.hands[p] ^= 1 << index
        trick = self.trick
        best = self._best
        lead = self._lead
        if trick:
            if self._beats[lead][trick[best] + 1 if best >= 0 else 0] >> index & 1:
                self._best = len(trick)
        else:
            self._lead = index // _SLOTS
            self._best = 0 if self._leads >> index & 1 else -1
        trick.append(index)
        n = self.n
        if len(trick) < n:
            self._stack.append((p, best, lead, None))
            self.to_act = p + 1 if p + 1 < n else 0
            return
        leader = self.leader
        taker = self._best if self._best >= 0 else self._zero_taker
        mask = 0
        for card in trick:
            mask |= 1 << card
        winner = -1
        gain = 0
        if taker >= 0:
            winner = (leader + taker) % n
            worth = self._worth[winner]
            gain = sum([worth[card] for card in trick])
            self.points[winner] += gain
            self.leader = winner
        self._stack.append((p, best, lead, (trick, leader, winner, gain, self._bounds)))
        self.live ^= mask
        self.to_act = self.leader
        self.trick = []
        self._best = -1
        self._lead = -1
        bounds = self._bounds
        if bounds is not None:
            worth = self._worth[self.player]  # type: ignore[index]  # set with the bounds
            low, high = bounds
            for card in trick:
                if worth[card] < 0:
                    low -= worth[card]
                else:
                    high -= worth[card]
            self._bounds = (low, high)

    def undo(self) -> None:
        """Take back the latest card played."""
        p, best, lead, finished = self._stack.pop()
        if finished is None:
            trick = self.trick
        else:
            trick, leader, winner, gain, bounds = finished
            self.trick = trick
            self.leader = leader
            if winner >= 0:
                self.points[winner] -= gain
            for card in trick:
                self.live |= 1 << card
            self._bounds = bounds
        self.hands[p] ^= 1 << trick.pop()
        self._best = best
        self._lead = lead
        self.to_act = p

    def key(self) -> tuple[int, ...] | None:
        """Between tricks, the seat to lead and every hand; ``None`` during a trick."""
        if self.trick:
            return None
        return (self.to_act, *self.hands)

    def bounds(self) -> tuple[int, int] | None:
        """For the player searched, the points of the cards still to be won if it won only
        those of its pain colour, and if it won all the others; between tricks, when no hand
        holds more than two cards, the points it makes in the last tricks, worked out here
        (a plain alpha-beta search of its own). ``None`` for every player's."""
        bounds = self._bounds
        if bounds is None or self.trick or self.live.bit_count() > 2 * self.n:
            return bounds
        key = (self.to_act, *self.hands)
        value = self._small.get(key)
        if value is None:
            if len(self._small) >= _CACHE_LIMIT:
                self._small.clear()
            value = self._small[key] = self._last_tricks(self.to_act, -_BEYOND, _BEYOND)
        return value, value

    def _last_tricks(self, leader: int, alpha: int, beta: int) -> int:
        """The points the player searched makes in the tricks left, led by ``leader``, when it
        plays its best and the others their worst for it, for hands of one or two cards: a
        plain alpha-beta search over the cards of the next trick (fail-soft, as the
        solver's), then the last trick, whose cards are forced."""
        if not self.hands[leader] & (self.hands[leader] - 1):
            return self._last_trick(leader)
        return self._choose(leader, 0, -1, -1, alpha, beta)

    def _choose(self, leader: int, i: int, lead: int, best: int, alpha: int, beta: int) -> int:
        """:meth:`_last_tricks` from the ``i``-th card of the trick led by ``leader``, the cards
        before it in :attr:`_scratch`, ``best`` the place of the card that takes it so far."""
        n = self.n
        cards = self._scratch
        if i == n:
            taker = best if best >= 0 else self._zero_taker
            winner = leader if taker < 0 else (leader + taker) % n
            gain = 0
            if taker >= 0 and winner == self.player:
                worth = self._worth[winner]
                gain = worth[cards[0]] + worth[cards[1]] + sum([worth[c] for c in cards[2:]])
            return gain + self._last_trick(winner)
        hands = self.hands
        seat = (leader + i) % n
        hand = hands[seat]
        maximise = seat == self.player
        value = -_BEYOND if maximise else _BEYOND
        row = self._beats[lead][cards[best] + 1 if best >= 0 else 0] if i else self._leads
        rest = hand
        while rest:
            bit = rest & -rest
            rest ^= bit
            index = bit.bit_length() - 1
            if i:
                now, colour = (i if row >> index & 1 else best), lead
            else:
                now, colour = (0 if row >> index & 1 else -1), index // _SLOTS
            hands[seat] = hand ^ bit
            cards.append(index)
            result = self._choose(leader, i + 1, colour, now, alpha, beta)
            cards.pop()
            hands[seat] = hand
            if maximise:
                if result > value:
                    value = result
                    if value > alpha:
                        alpha = value
            elif result < value:
                value = result
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return value

    def _last_trick(self, leader: int) -> int:
        """The points the player searched makes in the last trick, led by ``leader``: every
        hand holds its last card."""
        hands = self.hands
        n = self.n
        first = hands[leader].bit_length() - 1
        best = 0 if self._leads >> first & 1 else -1
        row = self._beats[first // _SLOTS]
        bests = [first]
        for i in range(1, n):
            card = hands[(leader + i) % n].bit_length() - 1
            if row[bests[best] + 1 if best >= 0 else 0] >> card & 1:
                best = i
            bests.append(card)
        taker = best if best >= 0 else self._zero_taker
        if taker < 0 or (leader + taker) % n != self.player:
            return 0
        worth = self._worth[self.player]
        return sum([worth[card] for card in bests])

    def move_of(self, key: Hashable) -> PlayCard:
        """The move of the player to act that plays the card ``key``."""
        assert isinstance(key, int)
        return self._moves[self.to_act][key]

    def key_of(self, move: object) -> int:
        """The card index of ``move``, a :class:`~sticheln.PlayCard`."""
        assert isinstance(move, PlayCard)
        return move.card.index

    def representative(self, key: Hashable) -> int:
        """The card among :meth:`moves` interchangeable with the card ``key``: the lowest
        card of its colour in the hand from which no card of another hand or of the trick
        separates it."""
        assert isinstance(key, int)
        hand = self.hands[self.to_act]
        found = key
        for index in self._representatives(hand):
            if index <= key and _COLOR_OF[index] == _COLOR_OF[key]:
                found = index
        return found

    def __repr__(self) -> str:
        return f"<RoundPosition {self.n} players, {self.to_act} to play, trick {self.trick}>"


def solver_position(state: object, player: int | None) -> RoundPosition | None:
    """A :class:`RoundPosition` of ``state`` if it is a Sticheln state in play (its pain
    cards chosen), for a search of the score of ``player`` (``None``: of every player's);
    else ``None``."""
    if not isinstance(state, StichelnState) or state.phase is not Phase.PLAYING:
        return None
    return RoundPosition(state, player)


def solver_values(
    state: object,
    player: int,
    moves: Sequence[object],
    model: str,
    budget: int | None,
    time_limit: float | None,
) -> tuple[tuple[int, ...] | None, int] | None:
    """The value for ``player`` of each of ``moves`` (the legal moves of the player to act)
    in a Sticheln state in play, under ``model``, by the compiled solver
    (``sticheln.sticheln.compiled_solver``, the ``fast`` extra), with the positions searched;
    the values are ``None`` when it does not finish within ``budget`` positions and
    ``time_limit`` seconds. ``None`` where it does not answer: a state not in play, numba not
    installed or :data:`~sticheln.core.stream.PLAYOUTS_VARIABLE` set to ``python``, or more
    than 64 cards in play; the solver (:func:`sticheln.analysis.solve`) answers then, with
    the same values.

    >>> import sticheln as st
    >>> rules = st.StichelnRules(name="three-cards", hand_size=3)
    >>> state = st.new_game(3, rules=rules, deals=[["R8 B1 G2", "R3 B4 Y5", "R6 B7 Y2"]] * 3)
    >>> for player, card in [(0, "G2"), (1, "Y5"), (2, "Y2")]:
    ...     state = st.apply_move(state, st.parse_move(state, player, card))
    >>> from sticheln.sticheln.endgame import solver_values
    >>> moves = st.legal_moves(state, 0)
    >>> [str(move.card) for move in moves]
    ['R8', 'B1']
    >>> found = solver_values(state, 0, moves, "paranoid", None, None)
    >>> found is None or found[0] == (-2, 1)  # None without numba
    True
    """
    if not isinstance(state, StichelnState) or state.phase is not Phase.PLAYING:
        return None
    search = compiled_or_none("sticheln.sticheln.compiled_solver", "move_values")
    if search is None:
        return None
    cards = [move.card.index for move in moves if isinstance(move, PlayCard)]
    found: tuple[tuple[int, ...] | None, int] | None = search(
        state, player, cards, model == "maxn", budget, time_limit
    )
    return found
