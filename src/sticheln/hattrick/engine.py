"""Starting, querying and advancing games of Hattrick: :func:`new_game`, :func:`legal_moves`,
:func:`apply_move`.

>>> from sticheln.hattrick import apply_move, legal_moves, new_game
>>> state = new_game(players=4, seed=7)
>>> state
<HattrickState 4 players, hand 1/4, turn 1, 0 to play>
>>> move = legal_moves(state, 0)[0]
>>> move
OpenTrick(player=0, card=Card(Color.RED, 1))
>>> state = apply_move(state, move)
>>> state.players_to_act, state.open_colors
((1,), (Color.RED,))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from sticheln.core.cards import (
    _ALL_CARDS,
    _COLOR_MASKS,
    Card,
    CardSet,
    Color,
    _card_set,
    _without,
    card_set_of,
)
from sticheln.core.errors import IllegalMoveError, SetupError, WrongTypeError, excerpt
from sticheln.core.moves import find_card_move
from sticheln.core.setup import (
    SEAT_ORDERS,
    SeatTable,
    check_first_leader,
    check_hands,
    check_seat,
    check_type,
    seat_orders,
    seeded_rng,
)
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick, Pass, move_table
from sticheln.hattrick.rules import AMIGO_1995, HattrickRules, LeadCards
from sticheln.hattrick.scoring import _hand_score
from sticheln.hattrick.state import FinishedHand, HattrickSetup, HattrickState
from sticheln.hattrick.turn import (
    OPEN_TRICKS,
    Action,
    Turn,
    _action_for,
    _new_turn,
    _next_leader,
)

__all__ = ["apply_move", "deal_hand", "legal_moves", "move_for", "new_game", "parse_move"]

_FOLLOW: Final = Action.FOLLOW
_OPEN: Final = Action.OPEN
_PASS: Final = Action.PASS
_ACTION_OF: Final[dict[type, Action]] = {Follow: _FOLLOW, OpenTrick: _OPEN, Pass: _PASS}
_TABLE_SLOT: Final = {_FOLLOW: 0, _OPEN: 1, _PASS: 2}
_WHOLE_TURN: Final = LeadCards.TURN


def deal_hand(rules: HattrickRules, players: int, rng: random.Random) -> tuple[CardSet, ...]:
    """Shuffle the deck and deal all of it, evenly, to ``players`` players
    (:rule:`HT-DEAL-1`).

    :raises RulesError: if the rules do not allow that many players.
    """
    size = rules.hand_size(players)
    rng.shuffle(shuffled := list(rules.deck.indices))
    return tuple(card_set_of(shuffled[p * size : (p + 1) * size]) for p in range(players))


def check_deals(
    rules: HattrickRules, players: int, deals: object, count: int
) -> tuple[tuple[CardSet, ...], ...]:
    """The deals of a game as card sets, checked: ``count`` hands, each dealing the whole
    deck evenly to the ``players`` seats.

    :raises SetupError: naming the hand and seat at fault (``deals[1][2]``).
    """
    if isinstance(deals, str | bytes) or not isinstance(deals, Sequence):
        raise SetupError("deals must be a sequence of hands, each a sequence of cards per seat")
    if len(deals) != count:
        raise SetupError(f"deals: {len(deals)} hands given, the game has {count}")
    return tuple(
        check_hands(seats, rules.deck, rules.hand_size(players), players, f"deals[{h}]")
        for h, seats in enumerate(deals)
    )


def new_game(
    players: int,
    seed: int | random.Random | None = None,
    rules: HattrickRules = AMIGO_1995,
    first_leader: int = 0,
    *,
    deals: Sequence[Sequence[Iterable[Card | str] | str]] | None = None,
) -> HattrickState:
    """Start a game of Hattrick: deal every hand and wait for the first card.

    :param players: the number of players (4 to 6 with the default rules).
    :param seed: an ``int`` seed or a :class:`random.Random` for the shuffles; ``None`` takes
        a fresh random seed. The same seed and rules always give the same deals. The ``int``
        seed is kept in :attr:`HattrickSetup.seed` for the record (``None`` when ``deals`` are
        given without a seed).
    :param rules: the rules; :data:`AMIGO_1995` by default.
    :param first_leader: the seat that leads the first turn of the game, the player left of
        the first dealer (:rule:`HT-LEAD-1`).
    :param deals: instead of shuffling, the cards of every seat for every hand (cards or card
        names); each hand must deal the whole deck evenly.
    :raises RulesError: if the rules do not allow ``players`` players.
    :raises SetupError: if ``first_leader`` or ``deals`` do not fit.
    :raises WrongTypeError: if ``rules``, ``seed`` or ``first_leader`` is of the wrong type.
    """
    return start_game(make_setup(rules, players, first_leader, seed, deals))


def make_setup(
    rules: HattrickRules,
    players: int,
    first_leader: int,
    seed: int | random.Random | None,
    deals: Sequence[Sequence[Iterable[Card | str] | str]] | None,
) -> HattrickSetup:
    """The checked setup of a game: the one path of :func:`new_game` and of loading a
    record (:class:`~sticheln.hattrick.HattrickRecord`). The hands are dealt from ``seed``
    unless ``deals`` are given, which are checked instead.

    :raises RulesError: if the rules do not allow ``players`` players.
    :raises SetupError: if ``first_leader`` or ``deals`` do not fit.
    :raises WrongTypeError: if ``rules``, ``seed`` or ``first_leader`` is of the wrong type.
    """
    check_type(rules, HattrickRules, "rules")
    rules.check_players(players)
    check_first_leader(first_leader, players)
    count = rules.hands_for(players)
    rng, int_seed = seeded_rng(seed, dealt=deals is not None)
    if deals is not None:
        dealt = check_deals(rules, players, deals, count)
    else:
        dealt = tuple(deal_hand(rules, players, rng) for _ in range(count))
    return HattrickSetup(rules, players, first_leader, dealt, int_seed)


def start_game(setup: HattrickSetup) -> HattrickState:
    """The first state of a game with the given setup (its deals already checked)."""
    _prepare_seats(setup.players)
    return _start_hand(setup, 0, ())


def _start_hand(
    setup: HattrickSetup, number: int, finished: tuple[FinishedHand, ...]
) -> HattrickState:
    n = setup.players
    empty = (CardSet(),) * n
    return HattrickState(
        setup=setup,
        hand_number=number,
        hands=setup.deals[number],
        turn_leader=(setup.first_leader + number) % n,
        turn_cards=(),
        open_colors=(),
        won=empty,
        passed=empty,
        turns=(),
        finished_hands=finished,
    )


def check_player(state: HattrickState, player: int) -> None:
    """:raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: if ``player`` is not an ``int``."""
    check_seat(player, state.setup.players)


def legal_moves(state: HattrickState, player: int) -> tuple[HattrickMove, ...]:
    """The moves ``player`` may make now, in display order of the cards.

    The player whose turn it is may play any card of their hand, and each card in exactly one
    way (:rule:`HT-PLAY-4`), the one :func:`~sticheln.hattrick.action_for` gives: a card of an
    open trick's colour follows (:rule:`HT-PLAY-1`); any other card opens a trick while fewer
    than :data:`~sticheln.hattrick.OPEN_TRICKS` are open (:rule:`HT-TURN-1`,
    :rule:`HT-PLAY-2`) and is passed otherwise (:rule:`HT-PLAY-3`). Anyone else, and everyone
    once the game is over, has no move.

    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: if ``player`` is not an ``int``.
    """
    setup = state.setup
    # Small ints are shared objects: the identity test keeps True, 1.0 and the like out.
    if (
        state.hand_number == len(setup.deals)
        or player is not (state.turn_leader + len(state.turn_cards)) % setup.players
    ):
        check_player(state, player)
        return ()
    colors = state.open_colors
    open_mask = 0
    for color in colors:
        open_mask |= _COLOR_MASKS[color]
    table = _tables_of(player).get(open_mask) or _build_table(player, open_mask, colors)
    return tuple(map(table.__getitem__, state.hands[player].indices))


_BY_MASK: SeatTable[dict[int, tuple[HattrickMove, ...]]] = SeatTable(lambda seat: {})
"""For each seat, and each bit mask of the colours of the open tricks, the legal move of
every card, by card index."""


def _tables_of(seat: int) -> dict[int, tuple[HattrickMove, ...]]:
    return _BY_MASK.ensure(seat + 1)[seat]


def _build_table(seat: int, open_mask: int, colors: tuple[Color, ...]) -> tuple[HattrickMove, ...]:
    """The legal move of every card for ``seat`` while the tricks of ``colors`` (whose bit
    mask is ``open_mask``) are open: the move of the card's :func:`action_for`."""
    moves = move_table(seat)
    table = tuple(moves[_TABLE_SLOT[_action_for(colors, card)]][card.index] for card in _ALL_CARDS)
    _tables_of(seat)[open_mask] = table
    return table


def move_for(state: HattrickState, player: int, card: Card) -> HattrickMove:
    """The legal move of ``player`` that plays ``card``: whether it follows, opens a trick
    or is passed follows from the card (:rule:`HT-PLAY-4`).

    >>> from sticheln import Card
    >>> from sticheln.hattrick import move_for, new_game
    >>> state = new_game(4, seed=7)
    >>> move_for(state, 0, Card.parse("B20"))
    OpenTrick(player=0, card=Card(Color.BLUE, 20))

    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises IllegalMoveError: if ``player`` cannot play ``card`` now (not their turn, not in
        their hand, the game is over).
    :raises TypeError: if ``card`` is not a :class:`~sticheln.Card`.
    """
    check_player(state, player)
    if not isinstance(card, Card):
        raise WrongTypeError(f"card must be a Card, got {excerpt(card)}")
    action = _action_for(state.open_colors, card)
    move = move_table(player)[_TABLE_SLOT[action]][card.index]
    apply_move(state, move)  # raises for an illegal move, with the reason
    return move


def parse_move(state: HattrickState, player: int, text: str) -> HattrickMove:
    """The legal move of ``player`` that plays the card ``text`` names (``"R17"``, ``"r17"``,
    ``"red 17"``): whether it follows, opens or passes follows from the card
    (:rule:`HT-PLAY-4`), so the card's name names the move.

    >>> from sticheln.hattrick import new_game, parse_move
    >>> state = new_game(4, seed=7)
    >>> parse_move(state, 0, "b20")
    OpenTrick(player=0, card=Card(Color.BLUE, 20))

    :raises InvalidMoveError: if ``text`` names no card of the game's deck; the message names
        the deck's colours and values.
    :raises IllegalMoveError: if the player cannot play that card now; the message says why.
    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: if ``text`` is not a string.
    """
    moves = legal_moves(state, player)
    return find_card_move(
        text, moves, lambda card: move_for(state, player, card), state.setup.rules.deck
    )


_new_state = tuple.__new__


def apply_move(state: HattrickState, move: HattrickMove) -> HattrickState:
    """The state after ``move``; ``state`` itself is unchanged.

    The card must make the move that :func:`~sticheln.hattrick.action_for` gives it
    (:rule:`HT-PLAY-4`). After the last card of a turn the tricks go to the players of their
    highest cards (:rule:`HT-TRICK-1`), and the next leader is found (:rule:`HT-LEAD-2`); once
    every player holds one card the hand is scored (:rule:`HT-HAND-1`) and the next one is
    dealt, unless that was the last hand (:rule:`HT-GAME-1`) or a player's total has reached
    the target score (:rule:`HT-GAME-3`).

    :raises IllegalMoveError: if the move is not legal in ``state`` (not the player's turn,
        card not in the hand, a card that does something else than the move says, game over,
        not a move); the message names the player, the move and the reason.
    """
    action = _ACTION_OF.get(type(move))
    if action is None:
        raise IllegalMoveError(
            f"{excerpt(move)} is not a move (expected Follow, OpenTrick or Pass)"
        )
    setup, number, hands, leader, cards, colors, won, passed, turns, finished = state
    n = setup.players
    player = move.player
    if number == len(setup.deals) or player != (leader + len(cards)) % n:
        raise _turn_error(state, move)
    card = move.card
    index = card.index
    hand = hands[player]
    if not hand.mask >> index & 1:
        raise IllegalMoveError.of(move, f"{card} is not in player {player}'s hand")
    actual = _action_for(colors, card)
    if actual is not action:
        raise IllegalMoveError.of(move, _wrong_action(colors, card, actual))
    if actual is _OPEN:
        colors = (*colors, card.color)
    elif actual is _PASS:
        pile = passed[player]
        passed = passed[:player] + (_card_set(pile.mask | 1 << index),) + passed[player + 1 :]  # noqa: RUF005 (faster than unpacking)
    hands = hands[:player] + (_without(hand, index),) + hands[player + 1 :]  # noqa: RUF005 (faster than unpacking)
    cards = (*cards, card)
    if len(cards) < n:
        return _new_state(
            HattrickState,
            (setup, number, hands, leader, cards, colors, won, passed, turns, finished),
        )
    return _finish_turn(state, hands, cards, colors, passed)


def _wrong_action(colors: tuple[Color, ...], card: Card, action: Action) -> str:
    """Why ``card`` can only make the move of ``action``, its :func:`action_for`."""
    open_names = " and ".join(c.name.lower() for c in colors)
    if action is _FOLLOW:
        return f"a {card.color.name.lower()} trick is open, so {card} is added to it (Follow)"
    if action is _OPEN and not colors:
        return f"no trick is open yet, so {card} opens the first one (OpenTrick)"
    if action is _OPEN:
        tricks = f"a {open_names} trick is" if len(colors) == 1 else f"the {open_names} tricks are"
        return (
            f"only {tricks} open, so {card} opens another trick (OpenTrick); a card is passed "
            f"only while {OPEN_TRICKS} tricks are open"
        )
    return (
        f"the {open_names} tricks are open, so {card}, of a colour without an open trick, can "
        f"only be passed (Pass)"
    )


def _turn_error(state: HattrickState, move: HattrickMove) -> IllegalMoveError:
    n = state.setup.players
    if move.player >= n:
        return IllegalMoveError.of(move, f"there is no seat {move.player} in a {n}-player game")
    if state.is_over:
        return IllegalMoveError.of(move, "the game is over")
    return IllegalMoveError.of(
        move, f"it is player {state.to_act}'s turn, not player {move.player}'s"
    )


def _prepare_seats(players: int) -> None:
    seat_orders(players)
    move_table(players - 1)


def _finish_turn(
    state: HattrickState,
    hands: tuple[CardSet, ...],
    cards: tuple[Card, ...],
    colors: tuple[Color, ...],
    passed: tuple[CardSet, ...],
) -> HattrickState:
    setup = state.setup
    leader = state.turn_leader
    won = state.won
    seats = SEAT_ORDERS[setup.players][leader]
    plays = tuple(zip(seats, cards, strict=True))
    for color in colors:
        mask = 0
        taker = best = 0
        for seat, card in plays:
            if card.color is color:
                mask |= 1 << card.index
                if card.value > best:
                    best, taker = card.value, seat
        won = won[:taker] + (_card_set(won[taker].mask | mask),) + won[taker + 1 :]  # noqa: RUF005 (faster than unpacking)
    rules = setup.rules
    counted = (
        plays
        if rules.lead_cards is _WHOLE_TURN
        else tuple(play for play in plays if play[1].color in colors)
    )
    turn = _new_turn(leader, cards, _next_leader(counted, rules.lead_tie))
    turns = (*state.turns, turn)
    if len(hands[seats[-1]]) > 1:
        return _new_state(
            HattrickState,
            (
                setup,
                state.hand_number,
                hands,
                turn.next_leader,
                (),
                (),
                won,
                passed,
                turns,
                state.finished_hands,
            ),
        )
    return _finish_hand(state, hands, won, passed, turns)


def _finish_hand(
    state: HattrickState,
    hands: tuple[CardSet, ...],
    won: tuple[CardSet, ...],
    passed: tuple[CardSet, ...],
    turns: tuple[Turn, ...],
) -> HattrickState:
    setup = state.setup
    n = setup.players
    finished = (
        *state.finished_hands,
        FinishedHand(
            number=state.hand_number,
            leader=state.hand_leader,
            turns=turns,
            won=won,
            passed=passed,
            last_cards=tuple(_ALL_CARDS[hand.indices[0]] for hand in hands),
            scores=tuple(_hand_score(won[p], len(passed[p])) for p in range(n)),
        ),
    )
    number = state.hand_number + 1
    if number < len(setup.deals) and not target_reached(setup.rules, finished):
        return _start_hand(setup, number, finished)
    return game_over(setup, state.turn_leader, finished)


def target_reached(rules: HattrickRules, finished: Sequence[FinishedHand]) -> bool:
    """Whether some player's total over the ``finished`` hands has reached the rules'
    :attr:`~sticheln.hattrick.HattrickRules.target_score`, which ends the game
    (:rule:`HT-GAME-3`); never without a target."""
    target = rules.target_score
    if target is None:
        return False
    totals = [0] * len(finished[0].scores) if finished else []
    for hand in finished:
        for p, score in enumerate(hand.scores):
            totals[p] += score
    return max(totals, default=0) >= target


def game_over(
    setup: HattrickSetup, turn_leader: int, finished: tuple[FinishedHand, ...]
) -> HattrickState:
    """The state of a game that is over after its ``finished`` hands: all of the hands of
    the setup (:rule:`HT-GAME-1`), or fewer once a player reached the target score
    (:rule:`HT-GAME-3`). Its :attr:`~HattrickState.hand_number` is the number of hands of the
    setup either way, so that whether a game is over is one comparison."""
    empty = (CardSet(),) * setup.players
    return HattrickState(
        setup=setup,
        hand_number=len(setup.deals),
        hands=empty,
        turn_leader=turn_leader,
        turn_cards=(),
        open_colors=(),
        won=empty,
        passed=empty,
        turns=(),
        finished_hands=finished,
    )
