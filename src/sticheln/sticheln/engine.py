"""Starting, querying and advancing games: :func:`new_game`, :func:`legal_moves`,
:func:`apply_move`.

>>> import sticheln as st
>>> state = st.new_game(players=4, seed=7)
>>> state.phase, state.players_to_act
(<Phase.CHOOSING_PAIN: 'choosing-pain'>, (0, 1, 2, 3))
>>> move = st.legal_moves(state, 0)[0]
>>> state = st.apply_move(state, move)
>>> state.players_to_act
(1, 2, 3)
"""

from __future__ import annotations

import random
from bisect import bisect_left as _bisect
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from operator import attrgetter

from sticheln.core.cards import Card, CardSet, _card_set, card_set_of
from sticheln.core.errors import IllegalMoveError, SetupError, excerpt
from sticheln.core.i18n import gettext
from sticheln.core.moves import check_move_text, find_card_move, no_such_seat, not_in_hand
from sticheln.core.setup import (
    ALONE,
    SEAT_ORDERS,
    GameSetup,
    check_hands,
    check_player_count,
    check_rng,
    check_seat,
    check_type,
    make_setup,
    seat_orders,
)
from sticheln.core.tricks import Trick, new_trick
from sticheln.sticheln.moves import PAIN_MOVES, PLAY_MOVES, ChoosePain, PlayCard, StichelnMove
from sticheln.sticheln.rules import FirstLeader, StichelnRules
from sticheln.sticheln.scoring import round_score
from sticheln.sticheln.state import (
    _CHOOSING,
    _OVER,
    _PLAYING,
    Deal,
    FinishedRound,
    StichelnState,
    check_state,
    chosen_pain_cards,
)
from sticheln.sticheln.trick import taking_index

__all__ = ["apply_move", "deal_round", "legal_moves", "new_game", "parse_move"]

_DEFAULT_RULES = StichelnRules()


def deal_round(rules: StichelnRules, players: int, rng: random.Random) -> Deal:
    """Shuffle the deck for ``players`` players and deal ``rules.hand_size`` cards to each;
    the rest is set aside (:rule:`ST-DEAL-1`).

    :raises RulesError: if the rules have no deck for that many players.
    :raises WrongTypeError: if ``rules`` is not a :class:`~sticheln.StichelnRules`, ``players`` not
        an ``int`` or ``rng`` not a :class:`random.Random`.
    """
    check_type(rules, StichelnRules, "rules")
    check_player_count(players)
    check_rng(rng)
    return _deal_round(rules, players, rng)


def _deal_round(rules: StichelnRules, players: int, rng: random.Random) -> Deal:
    """:func:`deal_round` without the checks of its arguments."""
    # Sorting by independent random keys gives every order the same chance.
    random_key = rng.random
    shuffled = sorted(rules.deck(players).indices, key=lambda _index: random_key())
    size = rules.hand_size
    hands = tuple(card_set_of(shuffled[p * size : (p + 1) * size]) for p in range(players))
    return Deal(hands, card_set_of(shuffled[players * size :]))


def check_deals(
    rules: StichelnRules, players: int, deals: Sequence[Sequence[Iterable[Card | str]]], rounds: int
) -> tuple[Deal, ...]:
    """The given hands of every round as :class:`~sticheln.Deal` values, after checking that
    they fit the rules: one hand of ``rules.hand_size`` distinct deck cards per player, no card
    in two hands, ``rounds`` rounds. Deck cards in no hand are set aside.

    :raises SetupError: naming the round and seat at fault (``deals[1][2]``).
    """
    if isinstance(deals, str | bytes) or not isinstance(deals, Sequence):
        raise SetupError("deals must be a sequence of rounds, each a sequence of hands")
    if len(deals) != rounds:
        raise SetupError(f"deals: {len(deals)} rounds given, the game has {rounds}")
    deck = rules.deck(players).cards
    result = []
    for r, hands in enumerate(deals):
        if isinstance(hands, Deal):
            hands = hands.hands
        parsed = check_hands(hands, deck, rules.hand_size, players, f"deals[{r}]")
        dealt = CardSet()
        for hand in parsed:
            dealt |= hand
        result.append(Deal(parsed, deck - dealt))
    return tuple(result)


def new_game(
    players: int,
    seed: int | random.Random | None = None,
    rules: StichelnRules = _DEFAULT_RULES,
    first_leader: int = 0,
    *,
    deals: Sequence[Sequence[Iterable[Card | str]]] | None = None,
) -> StichelnState:
    """Start a game: deal every round and wait for the pain cards of the first.

    :param players: the number of players; the rules need a deck for it.
    :param seed: an ``int`` seed or a :class:`random.Random` for the shuffles (and the draw of
        the dealer under :attr:`FirstLeader.LEFT_OF_DEALER`); ``None`` takes a fresh random
        seed. The same seed and rules always give the same deals, and the ``int`` seed is kept
        in :attr:`~sticheln.GameSetup.seed` for the record.
    :param rules: the rules; the NSV English rules by default.
    :param first_leader: the seat that leads the first trick of the game, the youngest
        player in the NSV rules (:rule:`ST-LEAD-1`). Under
        :attr:`FirstLeader.LEFT_OF_DEALER` the draw decides instead, but the value must still
        be a seat.
    :param deals: instead of shuffling, the hands of every round (cards or card names); the
        cards of the deck in no hand are set aside.
    :raises RulesError: if the rules have no deck for ``players``.
    :raises SetupError: if ``first_leader`` or ``deals`` do not fit.
    :raises WrongTypeError: if ``players``, ``rules``, ``seed`` or ``first_leader`` is of the
        wrong type.
    """
    return start_game(game_setup(rules, players, first_leader, seed, deals, new=True))


def game_setup(
    rules: StichelnRules,
    players: int,
    first_leader: int,
    seed: int | random.Random | None,
    deals: Sequence[Sequence[Iterable[Card | str]]] | None,
    *,
    new: bool = False,
) -> GameSetup[StichelnRules, Deal]:
    """The checked setup of a game of Sticheln: the kernel's
    :func:`~sticheln.core.setup.make_setup` with Sticheln's rules class, number of rounds,
    dealer and check of given deals, from which :func:`new_game` and the record start.
    A ``new`` game draws its first leader under :attr:`FirstLeader.LEFT_OF_DEALER`; a record
    has it already.
    """
    return make_setup(
        rules,
        players,
        first_leader,
        seed,
        deals,
        kind=StichelnRules,
        check_players=setup_players,
        count=StichelnRules.rounds_for,
        dealer=round_dealer,
        check_deals=check_deals,
        draw_leader=draw_first_leader if new else None,
    )


def setup_players(rules: StichelnRules, players: int) -> None:
    """:raises RulesError: if the rules have no deck for ``players``.
    :raises WrongTypeError: if ``players`` is not an ``int``."""
    rules.deck(check_player_count(players))


def round_dealer(rules: StichelnRules, players: int) -> Callable[[random.Random], Deal]:
    """How a new game deals each of its rounds from its generator (:func:`deal_round`)."""
    return partial(_deal_round, rules, players)


def draw_first_leader(
    rules: StichelnRules, players: int, first_leader: int, rng: random.Random
) -> int:
    """The first leader of a new game: under :attr:`FirstLeader.LEFT_OF_DEALER` the player
    left of the dealer ``rng`` draws, else ``first_leader``."""
    if rules.first_leader is FirstLeader.LEFT_OF_DEALER:
        dealer = rng.randrange(players)
        return (dealer + 1) % players
    return first_leader


def start_game(setup: GameSetup[StichelnRules, Deal]) -> StichelnState:
    """The first state of a game with the given setup (its deals already checked)."""
    _prepare_seats(setup.players)
    return _start_round(setup, 0, ())


def _start_round(
    setup: GameSetup[StichelnRules, Deal], number: int, finished: tuple[FinishedRound, ...]
) -> StichelnState:
    deal = setup.deals[number]
    n = setup.players
    empty = CardSet()
    return StichelnState(
        setup=setup,
        phase=_CHOOSING,
        round_number=number,
        hand_moves=tuple(
            tuple(map(PLAY_MOVES[p].__getitem__, hand.indices)) for p, hand in enumerate(deal.hands)
        ),
        picks=(None,) * n,
        pick_order=(),
        trick_leader=(setup.first_leader + number) % n,
        trick_cards=(),
        tricks=(),
        won=(empty,) * n,
        set_aside=deal.set_aside,
        finished_rounds=finished,
        to_act=None,
        players_to_act=SEAT_ORDERS[n][0],
        is_over=False,
    )


def legal_moves(state: StichelnState, player: int) -> tuple[StichelnMove, ...]:
    """The moves ``player`` may make now, in display order of the cards.

    While pain cards are chosen, a player who has not chosen may choose any card of their
    hand (:rule:`ST-PAIN-1`). In play, the player whose turn it is may play any card of their
    hand: there is no need to follow the lead colour (:rule:`ST-PLAY-1`). Anyone else, and
    everyone once the game is over, has no move.

    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.StichelnState` or ``player``
        not an ``int``.
    """
    # The seat whose turn it is gets its hand at once; small ints are shared objects, so an
    # identity test excludes True, 1.0 and the like. Everything else is checked. Anything
    # but a state fails on the fast path (whose try costs nothing) or is checked after it.
    try:
        to_act = state.to_act
        if player is to_act and to_act is not None:
            return state.hand_moves[player]
    except Exception:
        check_state(state)
        raise
    check_state(state)
    check_seat(player, state.setup.players)
    if player == state.to_act:
        return state.hand_moves[player]
    if state.phase is not _CHOOSING or state.picks[player] is not None:
        return ()
    return tuple(map(PAIN_MOVES[player].__getitem__, map(_card_index, state.hand_moves[player])))


def parse_move(state: StichelnState, player: int, text: str) -> StichelnMove:
    """The legal move of ``player`` that plays (or, while pain cards are chosen, chooses) the
    card ``text`` names: ``"B11"``, ``"b11"`` or ``"blue 11"``. The inverse of the card's name,
    which names a player's move uniquely: all their legal moves differ in their card.

    >>> import sticheln as st
    >>> state = st.new_game(3, seed=1)
    >>> st.parse_move(state, 0, str(state.hands[0].cards[0]))
    ChoosePain(player=0, card=Card(Color.RED, 0))

    :raises InvalidMoveError: if ``text`` names no card of the game's deck; the message names
        the deck's colours and values.
    :raises IllegalMoveError: if the player cannot play that card now; the message says why.
    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.StichelnState`, ``player``
        not an ``int`` or ``text`` not a string.
    """
    check_move_text(text)
    moves = legal_moves(state, player)
    kind = ChoosePain if state.phase is _CHOOSING else PlayCard
    setup = state.setup
    return find_card_move(
        text,
        moves,
        lambda card: apply_move(state, kind(player, card)),
        setup.rules.deck(setup.players).cards,
    )


_new_state = tuple.__new__
_card_index = attrgetter("card.index")
_new_object = object.__new__


def apply_move(state: StichelnState, move: StichelnMove) -> StichelnState:
    """The state after ``move``; ``state`` itself is unchanged.

    :raises IllegalMoveError: if the move is not legal in ``state`` (wrong phase, not the
        player's turn, card not in the hand, pick already made, game over, not a move); the
        message names the player, the move and the reason.
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.StichelnState`.
    """
    try:
        if type(move) is not PlayCard:
            if type(move) is ChoosePain:
                return _choose_pain(state, move)
            raise IllegalMoveError(
                f"{excerpt(move)} is not a move (expected ChoosePain or PlayCard)"
            )
        # Playing a card: the hot path of every playout, written out in full.
        (setup, phase, number, hand_moves, picks, pick_order, leader, cards, tricks, won,
         set_aside, finished, to_act, _, _) = state  # fmt: skip
        player = move.player
        if player != to_act:
            raise _play_error(state, move)
        hand = hand_moves[player]
        card = move.card
        index = card.index
        # A hand is in display order: find the card by bisection, not by comparing moves.
        i = _bisect(hand, index, key=_card_index)
        if i == len(hand) or hand[i].card.index != index:
            raise not_in_hand(move, card, player)
        left = hand[:i] + hand[i + 1 :]
        hand_moves = hand_moves[:player] + (left,) + hand_moves[player + 1 :]  # noqa: RUF005 (faster than unpacking)
        cards = (*cards, card)
        n = setup.players
        if len(cards) < n:
            to_act = (player + 1) % n
            return _new_state(StichelnState, (
                setup, phase, number, hand_moves, picks, pick_order, leader, cards, tricks, won,
                set_aside, finished, to_act, ALONE[to_act], False,
            ))  # fmt: skip
        winner = taking_index(cards, setup.rules.all_zero_trick)  # ST-TRICK-2 to 6
        if winner is not None:
            winner = (leader + winner) % n
        mask = 0
        for card in cards:
            mask |= card.bit
        if winner is None:
            set_aside = _card_set(set_aside.mask | mask)
            winner_or_leader = leader
        else:
            pile = _card_set(won[winner].mask | mask)
            won = won[:winner] + (pile,) + won[winner + 1 :]  # noqa: RUF005 (faster than unpacking)
            winner_or_leader = winner
        tricks = (*tricks, new_trick(SEAT_ORDERS[n][leader], cards, winner))
        if len(hand) > 1:
            return _new_state(StichelnState, (
                setup, phase, number, hand_moves, picks, pick_order, winner_or_leader, (), tricks,
                won, set_aside, finished, winner_or_leader, ALONE[winner_or_leader], False,
            ))  # fmt: skip
        return _finish_round(state, tricks, won, set_aside)
    except Exception:
        # Anything but a state fails somewhere in the try, which costs nothing until then.
        check_state(state)
        raise


def _choose_pain(state: StichelnState, move: ChoosePain) -> StichelnState:
    player = move.player
    n = state.setup.players
    if player >= n:
        raise no_such_seat(move, player, n)
    if state.phase is not _CHOOSING:
        raise IllegalMoveError.of(
            move,
            gettext("pain cards are not being chosen now ({phase})").format(
                phase=state.phase.value
            ),
        )
    if state.picks[player] is not None:
        raise IllegalMoveError.of(
            move,
            gettext(
                "player {player} has already chosen a pain card this round, and a pick cannot "
                "be changed"
            ).format(player=player),
        )
    card = move.card
    hand = state.hand_moves[player]
    i = _bisect(hand, card.index, key=_card_index)
    if i == len(hand) or hand[i].card.index != card.index:
        raise not_in_hand(move, card, player)
    picks = state.picks[:player] + (card,) + state.picks[player + 1 :]  # noqa: RUF005 (faster than unpacking)
    hand_moves = (
        state.hand_moves[:player] + (hand[:i] + hand[i + 1 :],) + state.hand_moves[player + 1 :]  # noqa: RUF005 (faster than unpacking)
    )
    if None in picks:  # ST-PAIN-1: the others still choose
        phase, to_act, acting = _CHOOSING, None, tuple(filter(player.__ne__, state.players_to_act))
    else:  # ST-LEAD-3: the round's leader leads the first trick
        phase, to_act = _PLAYING, state.trick_leader
        acting = ALONE[to_act]
    return _new_state(StichelnState, (
        state.setup, phase, state.round_number, hand_moves, picks, (*state.pick_order, player),
        state.trick_leader, state.trick_cards, state.tricks, state.won, state.set_aside,
        state.finished_rounds, to_act, acting, False,
    ))  # fmt: skip


def _play_error(state: StichelnState, move: PlayCard) -> IllegalMoveError:
    n = state.setup.players
    if move.player >= n:
        return no_such_seat(move, move.player, n)
    if state.phase is _OVER:
        return IllegalMoveError.of(move, gettext("the game is over"))
    if state.phase is _CHOOSING:
        return IllegalMoveError.of(move, gettext("pain cards are still being chosen"))
    return IllegalMoveError.of(
        move,
        gettext("it is player {player}'s turn, not player {mover}'s").format(
            player=state.to_act, mover=move.player
        ),
    )


def _prepare_seats(players: int) -> None:
    seat_orders(players)
    PLAY_MOVES.ensure(players)
    PAIN_MOVES.ensure(players)


def _finish_round(
    state: StichelnState, tricks: tuple[Trick, ...], won: tuple[CardSet, ...], set_aside: CardSet
) -> StichelnState:
    setup = state.setup
    picks = chosen_pain_cards(state.picks)
    scores = tuple(round_score(picks[p], won[p]) for p in range(setup.players))
    finished = (
        *state.finished_rounds,
        FinishedRound(
            number=state.round_number,
            leader=state.round_leader,
            pain_cards=picks,
            pick_order=state.pick_order,
            tricks=tricks,
            won=won,
            set_aside=set_aside,
            scores=scores,
        ),
    )
    number = state.round_number + 1
    if number < len(setup.deals):
        return _start_round(setup, number, finished)
    return game_over(setup, number, state.trick_leader, finished)


def game_over(
    setup: GameSetup[StichelnRules, Deal],
    rounds: int,
    trick_leader: int,
    finished: tuple[FinishedRound, ...],
) -> StichelnState:
    """The state of a game whose ``rounds`` rounds are all ``finished``."""
    n = setup.players
    empty = CardSet()
    return StichelnState(
        setup=setup,
        phase=_OVER,
        round_number=rounds,
        hand_moves=((),) * n,
        picks=(None,) * n,
        pick_order=(),
        trick_leader=trick_leader,
        trick_cards=(),
        tricks=(),
        won=(empty,) * n,
        set_aside=empty,
        finished_rounds=finished,
        to_act=None,
        players_to_act=(),
        is_over=True,
    )
