"""Full states consistent with a player's view, for search-based bots.

A bot that searches (for example information-set Monte Carlo tree search) needs complete
states to simulate. :func:`sample_state` deals the cards the player has not seen at random to
the places they can be, and deals the rounds still to come afresh, so that the sampled state
agrees with everything in the view.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from sticheln.core.cards import Card, CardSet
from sticheln.core.setup import GameSetup, check_rng, check_seat_view
from sticheln.sticheln.engine import _deal_round, _prepare_seats, game_over
from sticheln.sticheln.moves import PLAY_MOVES
from sticheln.sticheln.state import Deal, FinishedRound, Phase, StichelnState
from sticheln.sticheln.trick import Trick
from sticheln.sticheln.view import StichelnView, check_view

__all__ = ["sample_state"]


def _played(tricks: Iterable[Trick], players: int) -> list[int]:
    """The mask of the cards each seat played in ``tricks``, in one pass."""
    masks = [0] * players
    for trick in tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            masks[seat] |= card.bit
    return masks


def _finished_deal(finished: FinishedRound, deck: CardSet) -> Deal:
    masks = _played(finished.tricks, len(finished.pain_cards))
    for seat, pain_card in enumerate(finished.pain_cards):
        masks[seat] |= pain_card.bit
    return Deal(tuple(map(CardSet, masks)), CardSet(deck.mask & ~sum(masks)))


_last_past: tuple[tuple[FinishedRound, ...], tuple[Deal, ...]] | None = None


def _past_deals(finished: tuple[FinishedRound, ...], deck: CardSet) -> tuple[Deal, ...]:
    """The deals of the finished rounds (public once played), remembered for the last
    ``finished`` tuple seen: a search samples the same view again and again.

    The remembered pair is read once and replaced whole, so that threads sampling different
    games never get each other's deals."""
    global _last_past
    last = _last_past
    if last is not None and last[0] is finished:
        return last[1]
    deals = tuple(_finished_deal(r, deck) for r in finished)
    _last_past = (finished, deals)
    return deals


def sample_state(view: StichelnView, rng: random.Random) -> StichelnState:
    """A full game state, drawn at random, that ``view.player`` cannot tell from the real one.

    The other players' hands and their face-down pain cards are dealt at random from
    :attr:`StichelnView.unseen_cards`, keeping every hand size; the deals of the rounds still to
    come are shuffled anew with ``rng``. Everything public, and the player's own cards, are as
    in the view, so ``observe(sample_state(view, rng), view.player) == view``.

    :raises UnknownPlayerError: for a spectator's view (:data:`~sticheln.SPECTATOR`).
    :raises WrongTypeError: if ``view`` is not a :class:`~sticheln.StichelnView` or ``rng`` not
        a :class:`random.Random`.
    """
    check_view(view)
    check_rng(rng)
    check_seat_view(view, "sample_state")
    n = view.players
    rules = view.rules
    deck = rules.deck(n).cards
    first_leader = (view.round_leader - view.round_number) % n
    past = _past_deals(view.finished_rounds, deck)
    future_count = view.rounds - len(past) - (0 if view.phase is Phase.OVER else 1)
    future = tuple(_deal_round(rules, n, rng) for _ in range(future_count))
    _prepare_seats(n)
    if view.phase is Phase.OVER:
        # Nothing is hidden any more: the state is the public record of the game.
        setup = GameSetup(rules, n, first_leader, past, None)
        return game_over(setup, view.round_number, view.trick_leader, view.finished_rounds)
    unseen = list(view.unseen_cards)
    rng.shuffle(unseen)
    hands: list[CardSet] = []
    picks: list[Card | None] = []
    for p in range(n):
        if p == view.player:
            hands.append(view.hand)
            picks.append(view.pain_cards[p])
            continue
        size = view.hand_sizes[p]
        hands.append(CardSet.of(unseen[:size]))
        del unseen[:size]
        pick = view.pain_cards[p]
        if pick is None and view.has_chosen[p]:
            pick = unseen.pop()
        picks.append(pick)
    played = view.tricks + ((Trick(view.current_trick, None),) if view.current_trick else ())
    masks = _played(played, n)
    for p in range(n):
        pick = picks[p]
        masks[p] |= hands[p].mask | (0 if pick is None else pick.bit)
    current = Deal(tuple(map(CardSet, masks)), CardSet(deck.mask & ~sum(masks)))
    setup = GameSetup(rules, n, first_leader, (*past, current, *future), None)
    return StichelnState(
        setup=setup,
        phase=view.phase,
        round_number=view.round_number,
        hand_moves=tuple(
            tuple(map(PLAY_MOVES[p].__getitem__, hand.indices)) for p, hand in enumerate(hands)
        ),
        picks=tuple(picks),
        pick_order=view.pick_order,
        trick_leader=view.trick_leader,
        trick_cards=tuple(card for _, card in view.current_trick),
        tricks=view.tricks,
        won=view.won,
        set_aside=view.set_aside,
        finished_rounds=view.finished_rounds,
        to_act=view.to_act,
        players_to_act=view.players_to_act,
        is_over=view.is_over,
    )
