"""Full states of Hattrick consistent with a player's view, for search-based bots.

:func:`sample_state` deals the cards the player has not seen at random to the places they can
be (the other players' hands, the cards they kept at the end of earlier hands and, when passed
cards are not shown, their passed cards), and deals the hands still to come afresh.

>>> import random
>>> state = new_game(players=4, seed=3)
>>> view = observe(state, 2)
>>> observe(sample_state(view, random.Random(0)), 2) == view
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from sticheln.core.cards import Card, CardSet, Color
from sticheln.core.setup import GameSetup, check_rng, check_seat_view
from sticheln.hattrick.engine import _deal_hand, _prepare_seats, game_over
from sticheln.hattrick.rules import HattrickRules
from sticheln.hattrick.state import FinishedHand, HattrickState, acting
from sticheln.hattrick.turn import Action, Turn, turn_actions
from sticheln.hattrick.view import HattrickView, check_view

__all__ = ["HandSampler", "sample_state"]

_OPEN = Action.OPEN
_PASS = Action.PASS


class _Pool:
    """The unseen cards of one hand, drawn at random: first by colour for the hidden passes
    (whose colour is known), then any colour for the hands."""

    def __init__(self, unseen: CardSet, colors: Sequence[Color], rng: random.Random) -> None:
        self.by_color: dict[Color, list[Card]] = {}
        for color in colors:
            cards = list(unseen.of_color(color))
            rng.shuffle(cards)
            self.by_color[color] = cards
        self.rng = rng
        self.rest: list[Card] | None = None

    def of_color(self, color: Color) -> Card:
        assert self.rest is None, "hidden passes are filled before the hands"
        return self.by_color[color].pop()

    def any(self, count: int) -> CardSet:
        if self.rest is None:
            self.rest = [card for cards in self.by_color.values() for card in cards]
            self.rng.shuffle(self.rest)
        taken = self.rest[:count]
        del self.rest[:count]
        return CardSet.of(taken)


def _fill(
    leader: int,
    cards: tuple[Card | None, ...],
    rules: HattrickRules,
    pool: _Pool,
    dealt: list[int],
    passed: list[int],
) -> tuple[Card, ...]:
    """``cards``, played from seat ``leader`` on, with each hidden pass (``None``) replaced by
    a card of the third colour; adds each card to the ``dealt`` mask of its player, and each
    passed card to the ``passed`` mask."""
    n = len(dealt)
    actions = turn_actions(cards)
    third = None
    filled: list[Card] = []
    for i, (card, action) in enumerate(zip(cards, actions, strict=True)):
        if card is None:
            if third is None:
                tricks = {c.color for c, a in zip(cards, actions, strict=True) if a is _OPEN and c}
                third = next(color for color in rules.colors if color not in tricks)
            card = pool.of_color(third)
        p = (leader + i) % n
        bit = 1 << card.index
        dealt[p] |= bit
        if action is _PASS:
            passed[p] |= bit
        filled.append(card)
    return tuple(filled)


def _fill_turns(
    turns: tuple[Turn, ...],
    rules: HattrickRules,
    pool: _Pool,
    dealt: list[int],
    passed: list[int],
) -> tuple[Turn, ...]:
    """The turns with their hidden passes filled in (see :func:`_fill`)."""
    result = []
    for turn in turns:
        cards = _fill(turn.leader, turn.cards, rules, pool, dealt, passed)
        result.append(Turn(turn.leader, cards, turn.next_leader) if None in turn.cards else turn)
    return tuple(result)


def _seen(hand: FinishedHand | HattrickView, extra: Sequence[Card | None]) -> CardSet:
    mask = 0
    for card in extra:
        if card is not None:
            mask |= 1 << card.index
    for pile in (*hand.won, *hand.passed):
        if pile is not None:
            mask |= pile.mask
    for turn in hand.turns:
        for card in turn.cards:
            if card is not None:
                mask |= 1 << card.index
    return CardSet(mask)


def _sample_finished(
    hand: FinishedHand, viewer: int, rules: HattrickRules, rng: random.Random
) -> tuple[tuple[CardSet, ...], FinishedHand]:
    n = len(hand.scores)
    own = hand.last_cards[viewer]
    pool = _Pool(rules.deck - _seen(hand, [own]), rules.colors, rng)
    dealt = [0] * n
    passed = [0] * n
    turns = _fill_turns(hand.turns, rules, pool, dealt, passed)
    last = tuple(card if card is not None else pool.any(1).cards[0] for card in hand.last_cards)
    for p, card in enumerate(last):
        dealt[p] |= 1 << card.index
    full = FinishedHand(
        number=hand.number,
        leader=hand.leader,
        turns=turns,
        won=hand.won,
        passed=tuple(map(CardSet, passed)),
        last_cards=last,
        scores=hand.scores,
    )
    return tuple(map(CardSet, dealt)), full


def sample_state(view: HattrickView, rng: random.Random) -> HattrickState:
    """A full game state, drawn at random, that ``view.player`` cannot tell from the real one.

    Each card the player has not seen goes to a place it can be: a passed card whose value
    was not shown (:attr:`PassedCards.HIDDEN <sticheln.hattrick.PassedCards.HIDDEN>`) gets a
    card of the colour without a trick in its turn (:rule:`HT-PLAY-3`, :rule:`HT-PASS-1`),
    and the other players' hands (and the cards they kept in earlier hands) get the rest,
    keeping every hand size. A passed card that was shown stays as it was. The hands still to
    come, and after a game that ended at the target score the hands it did not play
    (:rule:`HT-GAME-3`), are dealt anew with ``rng``. Everything the player has seen is as in
    the view, so ``observe(sample_state(view, rng), view.player) == view``, and the sampled
    state is one that legal play can reach.

    :raises UnknownPlayerError: for a spectator's view (:data:`~sticheln.SPECTATOR`).
    :raises WrongTypeError: if ``view`` is not a :class:`~sticheln.hattrick.HattrickView` or
        ``rng`` not a :class:`random.Random`.
    """
    check_view(view)
    check_rng(rng)
    check_seat_view(view, "sample_state")
    n = view.players
    rules = view.rules
    viewer = view.player
    first_leader = (view.hand_leader - view.hand_number) % n
    past = [_sample_finished(hand, viewer, rules, rng) for hand in view.finished_hands]
    deals = [deal for deal, _ in past]
    finished = tuple(full for _, full in past)
    _prepare_seats(n)
    if view.is_over:
        deals.extend(_deal_hand(rules, n, rng) for _ in range(view.hand_count - len(deals)))
        setup = GameSetup(rules, n, first_leader, tuple(deals), None)
        return game_over(setup, view.turn_leader, finished)
    pool = _Pool(rules.deck - _seen(view, [*view.hand, *view.turn_cards]), rules.colors, rng)
    hands = [view.hand if p == viewer else CardSet() for p in range(n)]
    dealt = [0] * n
    passed = [0] * n
    turns = _fill_turns(view.turns, rules, pool, dealt, passed)
    turn_cards = _fill(view.turn_leader, view.turn_cards, rules, pool, dealt, passed)
    for p in range(n):
        if p != viewer:
            hands[p] = pool.any(view.hand_sizes[p])
        dealt[p] |= hands[p].mask
    deals.append(tuple(map(CardSet, dealt)))
    deals.extend(_deal_hand(rules, n, rng) for _ in range(view.hand_count - len(deals)))
    return HattrickState(
        setup=GameSetup(rules, n, first_leader, tuple(deals), None),
        hand_number=view.hand_number,
        held=tuple([hand.indices for hand in hands]),
        turn_leader=view.turn_leader,
        turn_cards=turn_cards,
        open_colors=view.open_colors,
        won=view.won,
        passed=tuple(map(CardSet, passed)),
        turns=turns,
        finished_hands=finished,
        players_to_act=acting(view.turn_leader, turn_cards, n),
        is_over=False,
    )


class HandSampler:
    """States that agree with a view, for searches that never play past the hand in
    progress: :func:`sample_state` with everything but the hand in progress drawn once.

    The finished hands (their hidden passes and last cards) and the hands still to come are
    drawn once, with the ``rng`` given to the constructor; each :meth:`sample` draws only
    the cards of the hand in progress, as :func:`sample_state` does. Every sample is a state
    the player cannot tell from the real one, ``observe(sampler.sample(rng), view.player) ==
    view``, but samples share their past and future, so only the hand in progress varies:
    fit for searches whose playouts stop at the end of the hand (:class:`ISMCTSBot
    <sticheln.bots.ISMCTSBot>` with ``round_playouts=True``).

    >>> import random
    >>> from sticheln.hattrick import new_game, observe
    >>> state = new_game(players=4, seed=3)
    >>> view = observe(state, 2)
    >>> from sticheln.hattrick.sampling import HandSampler
    >>> sampler = HandSampler(view, random.Random(0))
    >>> observe(sampler.sample(random.Random(1)), 2) == view
    True
    """

    def __init__(self, view: HattrickView, rng: random.Random) -> None:
        check_view(view)
        check_rng(rng)
        n = view.players
        rules = view.rules
        viewer = view.player
        self._view = view
        self._first_leader = (view.hand_leader - view.hand_number) % n
        past = [_sample_finished(hand, viewer, rules, rng) for hand in view.finished_hands]
        self._past = tuple(deal for deal, _ in past)
        self._finished = tuple(full for _, full in past)
        _prepare_seats(n)
        self._over: HattrickState | None = None
        if view.is_over:
            deals = [*self._past]
            deals.extend(_deal_hand(rules, n, rng) for _ in range(view.hand_count - len(deals)))
            setup = GameSetup(rules, n, self._first_leader, tuple(deals), None)
            self._over = game_over(setup, view.turn_leader, self._finished)
            return
        self._future = tuple(
            _deal_hand(rules, n, rng) for _ in range(view.hand_count - len(self._past) - 1)
        )
        self._unseen = list(rules.deck - _seen(view, [*view.hand, *view.turn_cards]))
        # The cards of the turns (the finished ones of the hand, then the one in progress)
        # that are known, in the dealt and passed masks; the hidden passes, by turn, as
        # (position, seat, colour).
        dealt = [0] * n
        passed = [0] * n
        self._hidden: list[tuple[int, list[tuple[int, int, Color]]]] = []
        played = [(turn.leader, turn.cards) for turn in view.turns]
        played.append((view.turn_leader, view.turn_cards))
        for t, (leader, cards) in enumerate(played):
            actions = turn_actions(cards)
            hidden: list[tuple[int, int, Color]] = []
            for i, (card, action) in enumerate(zip(cards, actions, strict=True)):
                p = (leader + i) % n
                if card is None:
                    tricks = {
                        c.color for c, a in zip(cards, actions, strict=True) if a is _OPEN and c
                    }
                    third = next(color for color in rules.colors if color not in tricks)
                    hidden.append((i, p, third))
                    continue
                bit = 1 << card.index
                dealt[p] |= bit
                if action is _PASS:
                    passed[p] |= bit
            if hidden:
                self._hidden.append((t, hidden))
        dealt[viewer] |= view.hand.mask
        self._dealt = dealt
        self._passed = passed
        self._held_viewer = view.hand.indices

    def sample(self, rng: random.Random) -> HattrickState:
        """A full game state, drawn with ``rng``, that the view's player cannot tell from the
        real one; only the hand in progress differs between samples (see the class)."""
        if self._over is not None:
            return self._over
        view = self._view
        n = view.players
        viewer = view.player
        rest = self._unseen[:]
        rng.shuffle(rest)
        dealt = self._dealt[:]
        passed = self._passed[:]
        turns = list(view.turns)
        turn_cards: tuple[Card | None, ...] = view.turn_cards
        last = len(turns)
        for t, hidden in self._hidden:
            cards = list(turns[t].cards if t < last else turn_cards)
            for i, p, color in hidden:
                k = next(k for k, c in enumerate(rest) if c.color is color)
                card = rest.pop(k)
                cards[i] = card
                bit = 1 << card.index
                dealt[p] |= bit
                passed[p] |= bit
            if t < last:
                turn = turns[t]
                turns[t] = Turn(turn.leader, tuple(cards), turn.next_leader)
            else:
                turn_cards = tuple(cards)
        held: list[tuple[int, ...]] = []
        start = 0
        sizes = view.hand_sizes
        for p in range(n):
            if p == viewer:
                held.append(self._held_viewer)
                continue
            indices = sorted([card.index for card in rest[start : start + sizes[p]]])
            start += sizes[p]
            mask = 0
            for index in indices:
                mask |= 1 << index
            dealt[p] |= mask
            held.append(tuple(indices))
        deals = (*self._past, tuple(map(CardSet, dealt)), *self._future)
        # Every hidden card of the turn is filled in above: a cast, not a check of each card
        # on every sample of a search.
        played = cast("tuple[Card, ...]", turn_cards)
        return HattrickState(
            setup=GameSetup(view.rules, n, self._first_leader, deals, None),
            hand_number=view.hand_number,
            held=tuple(held),
            turn_leader=view.turn_leader,
            turn_cards=played,
            open_colors=view.open_colors,
            won=view.won,
            passed=tuple(map(CardSet, passed)),
            turns=tuple(turns),
            finished_hands=self._finished,
            players_to_act=acting(view.turn_leader, played, n),
            is_over=False,
        )
