"""Full states of Stichling consistent with a player's view, for search-based bots.

:func:`sample_state` deals the cards the player has not seen at random to the other players'
hands, lays the victory-point cards nobody has turned up at random into the places left in
the rows, and deals the hands still to come afresh.

>>> import random
>>> state = new_game(players=3, seed=3)
>>> view = observe(state, 2)
>>> observe(sample_state(view, random.Random(0)), 2) == view
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import attrs

from sticheln.core.cards import CardSet
from sticheln.core.setup import GameSetup, check_rng, check_seat_view
from sticheln.stichling.engine import _deal_hand, game_over, move_key, prepare_seats
from sticheln.stichling.rules import HandLeader
from sticheln.stichling.state import (
    FinishedHand,
    StichlingState,
    seats_to_act,
    trick_plays,
)
from sticheln.stichling.tricks import StichlingTrick
from sticheln.stichling.view import StichlingView, check_view

__all__ = ["HandSampler", "sample_state"]


def _fill_row(
    row: Sequence[int | None], points: Sequence[int], rng: random.Random
) -> tuple[int, ...]:
    """``row`` with the values of ``points`` it lacks laid at random into its ``None``
    places."""
    missing = list(points)
    for value in row:
        if value is not None:
            missing.remove(value)
    rng.shuffle(missing)
    return tuple(missing.pop() if value is None else value for value in row)


def _played(tricks: Iterable[StichlingTrick], players: int) -> list[int]:
    """The mask of the cards each seat played to ``tricks``."""
    masks = [0] * players
    for trick in tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            masks[seat] |= card.bit
    return masks


def _first_leader(view: StichlingView) -> int:
    if view.finished_hands:
        return view.finished_hands[0].leader
    if view.rules.hand_leader is HandLeader.SAME:
        return view.hand_leader
    return (view.hand_leader - view.hand_number) % view.players


def sample_state(view: StichlingView, rng: random.Random) -> StichlingState:
    """A full game state, drawn at random, that ``view.player`` cannot tell from the real one.

    Every card of a finished hand was played face up, so the past deals are known; of the
    hand in progress, the cards the player has not seen (:attr:`StichlingView.unseen_cards
    <sticheln.stichling.StichlingView.unseen_cards>`) are dealt at random to the other
    players, keeping every hand size. Each victory-point card that nobody has turned up is
    laid at random into a free place of its row (:rule:`SL-VP-4`), and the hands still to
    come are dealt anew with ``rng``. Everything the player has seen is as in the view, so
    ``observe(sample_state(view, rng), view.player) == view``.

    :raises UnknownPlayerError: for a spectator's view (:data:`~sticheln.SPECTATOR`).
    :raises WrongTypeError: if ``view`` is not a :class:`~sticheln.stichling.StichlingView`
        or ``rng`` not a :class:`random.Random`.
    """
    check_view(view)
    check_rng(rng)
    check_seat_view(view, "sample_state")
    n = view.players
    rules = view.rules
    viewer = view.player
    deals: list[tuple[CardSet, ...]] = []
    finished: list[FinishedHand] = []
    for hand in view.finished_hands:
        deals.append(tuple(map(CardSet, _played((*hand.tricks, *hand.left_open), n))))
        points = rules.points[hand.number]
        full = tuple(_fill_row(order, points, rng) for order in hand.orders)
        finished.append(attrs.evolve(hand, orders=full))
    first_leader = _first_leader(view)
    prepare_seats(n)
    if view.is_over:
        setup = GameSetup(rules, n, first_leader, tuple(deals), None)
        return game_over(setup, tuple(finished))
    unseen = list(view.unseen_cards)
    rng.shuffle(unseen)
    hands: list[CardSet] = []
    for p in range(n):
        if p == viewer:
            hands.append(view.hand)
        else:
            size = view.hand_sizes[p]
            hands.append(CardSet.of(unseen[:size]))
            del unseen[:size]
    tricks = (*view.open_tricks, *(t for won in view.won for t in won))
    played = _played(tricks, n)
    deals.append(tuple(CardSet(hands[p].mask | played[p]) for p in range(n)))
    deals.extend(_deal_hand(rules, n, rng) for _ in range(view.hand_count - len(deals)))
    points = rules.points[view.hand_number]
    orders: tuple[tuple[int, ...] | None, ...] = tuple(
        None if row is None else _fill_row(row, points, rng) for row in view.rows
    )
    return StichlingState(
        setup=GameSetup(rules, n, first_leader, tuple(deals), None),
        phase=view.phase,
        hand_number=view.hand_number,
        held=tuple([hand.indices for hand in hands]),
        orders=orders,
        arranged=view.arranged,
        turn=view.turn,
        to_act=view.to_act,
        plays=tuple(map(trick_plays, view.open_tricks)),
        move_key=move_key(rules, view.open_tricks),
        won=view.won,
        finished_hands=tuple(finished),
        players_to_act=seats_to_act(view.phase, orders, view.to_act),
        is_over=False,
    )


class HandSampler:
    """States that agree with a view, for searches that never play past the hand in
    progress: :func:`sample_state` with everything but the hand in progress drawn once.

    The victory-point rows of the finished hands and the hands still to come are drawn once,
    with the ``rng`` given to the constructor; each :meth:`sample` draws only the hand in
    progress (the other players' cards and the unturned victory-point cards of the rows), as
    :func:`sample_state` does. Every sample is a state the player cannot tell from the real
    one, ``observe(sampler.sample(rng), view.player) == view``, but samples share their past
    and future: fit for searches whose playouts stop at the end of the hand
    (:class:`ISMCTSBot <sticheln.bots.ISMCTSBot>` with ``round_playouts=True``).

    >>> import random
    >>> from sticheln.stichling import new_game, observe
    >>> state = new_game(players=3, seed=3)
    >>> view = observe(state, 2)
    >>> from sticheln.stichling.sampling import HandSampler
    >>> sampler = HandSampler(view, random.Random(0))
    >>> observe(sampler.sample(random.Random(1)), 2) == view
    True
    """

    def __init__(self, view: StichlingView, rng: random.Random) -> None:
        check_view(view)
        check_rng(rng)
        n = view.players
        rules = view.rules
        self._view = view
        deals: list[tuple[CardSet, ...]] = []
        finished: list[FinishedHand] = []
        for hand in view.finished_hands:
            deals.append(tuple(map(CardSet, _played((*hand.tricks, *hand.left_open), n))))
            points = rules.points[hand.number]
            full = tuple(_fill_row(order, points, rng) for order in hand.orders)
            finished.append(attrs.evolve(hand, orders=full))
        self._past = tuple(deals)
        self._finished = tuple(finished)
        self._first_leader = _first_leader(view)
        prepare_seats(n)
        self._over: StichlingState | None = None
        if view.is_over:
            setup = GameSetup(rules, n, self._first_leader, self._past, None)
            self._over = game_over(setup, self._finished)
            return
        self._future = tuple(
            _deal_hand(rules, n, rng) for _ in range(view.hand_count - len(deals) - 1)
        )
        self._unseen = list(view.unseen_cards)
        tricks = (*view.open_tricks, *(t for won in view.won for t in won))
        self._played_masks = _played(tricks, n)
        self._held_viewer = view.hand.indices
        self._points = rules.points[view.hand_number]
        self._plays = tuple(map(trick_plays, view.open_tricks))
        self._move_key = move_key(rules, view.open_tricks)

    def sample(self, rng: random.Random) -> StichlingState:
        """A full game state, drawn with ``rng``, that the view's player cannot tell from the
        real one; only the hand in progress differs between samples (see the class)."""
        if self._over is not None:
            return self._over
        view = self._view
        n = view.players
        viewer = view.player
        unseen = self._unseen[:]
        rng.shuffle(unseen)
        played = self._played_masks
        held: list[tuple[int, ...]] = []
        dealt: list[CardSet] = []
        start = 0
        sizes = view.hand_sizes
        for p in range(n):
            if p == viewer:
                indices = self._held_viewer
            else:
                indices = tuple(sorted([card.index for card in unseen[start : start + sizes[p]]]))
                start += sizes[p]
            mask = played[p]
            for index in indices:
                mask |= 1 << index
            held.append(indices)
            dealt.append(CardSet(mask))
        points = self._points
        orders: tuple[tuple[int, ...] | None, ...] = tuple(
            None if row is None else _fill_row(row, points, rng) for row in view.rows
        )
        return StichlingState(
            setup=GameSetup(
                view.rules, n, self._first_leader, (*self._past, tuple(dealt), *self._future), None
            ),
            phase=view.phase,
            hand_number=view.hand_number,
            held=tuple(held),
            orders=orders,
            arranged=view.arranged,
            turn=view.turn,
            to_act=view.to_act,
            plays=self._plays,
            move_key=self._move_key,
            won=view.won,
            finished_hands=self._finished,
            players_to_act=seats_to_act(view.phase, orders, view.to_act),
            is_over=False,
        )
