"""Starting, querying and advancing games of Stichling: :func:`new_game`, :func:`legal_moves`,
:func:`apply_move` and :func:`parse_move`.

>>> from sticheln.stichling import apply_move, legal_moves, move_text, new_game, parse_move
>>> state = new_game(players=2, seed=7)
>>> state
<StichlingState 2 players, hand 1/3, ordering victory points, waiting for [0, 1]>
>>> state = apply_move(state, parse_move(state, 0, "3,1,2"))
>>> state = apply_move(state, parse_move(state, 1, "1,2,3"))
>>> state.players_to_act, str(state.hands[0])
((0,), 'R6 Y1 Y2 G2 G3 G4 G5 B1 B2 B4 B5 B6')
>>> state = apply_move(state, parse_move(state, 0, "R6+"))
>>> [move_text(move) for move in legal_moves(state, 1)][:4]
['R1+', 'R1>1', 'R2+', 'R2>1']
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import permutations
from operator import itemgetter as _itemgetter
from typing import Final

from sticheln.core.cards import _ALL_CARDS, MAX_VALUE, Card, CardSet, Color
from sticheln.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    SetupError,
    excerpt,
)
from sticheln.core.i18n import color_name, gettext, ngettext
from sticheln.core.moves import check_move_text, no_such_seat, not_in_hand, parse_game_card
from sticheln.core.setup import (
    GameSetup,
    SeatTable,
    check_hands,
    check_rng,
    check_seat,
    check_type,
    make_setup,
)
from sticheln.core.shuffle import deal
from sticheln.stichling.moves import (
    PLAY_MOVES,
    AddToTrick,
    ArrangePoints,
    OpenTrick,
    StichlingMove,
    move_text,
)
from sticheln.stichling.rules import (
    OPEN_TRICKS,
    RAVENSBURGER_2015,
    TRICK_SIZE,
    CountedCards,
    Discards,
    OpenAtEnd,
    SameColor,
    StichlingRules,
)
from sticheln.stichling.scoring import _hand_score
from sticheln.stichling.state import (
    _ARRANGING,
    _OVER,
    _PLAYING,
    FinishedHand,
    OpenPlays,
    StichlingState,
    check_state,
    hand_leader,
    laid_rows,
    open_trick,
    seats_to_act,
)
from sticheln.stichling.tricks import StichlingTrick, counted, new_trick, trick_choices

__all__ = [
    "apply_move",
    "deal_hand",
    "legal_moves",
    "move_key",
    "new_game",
    "parse_move",
]

_SLOTS: Final = MAX_VALUE + 1
"""Card indices per colour: ``card.index // _SLOTS`` is the number of the card's colour."""
_COLORS: Final = tuple(Color)
_LAYOUT_BITS: Final = 3 * OPEN_TRICKS
_LAYOUT: Final = (1 << _LAYOUT_BITS) - 1
_LED_ONLY: Final = 4 << _LAYOUT_BITS
"""The bit of :attr:`CountedCards.LED_COLOR` in a move key."""
_LOW: Final = tuple((1 << 3 * t) - 1 for t in range(OPEN_TRICKS))
_LED_COLOR: Final = CountedCards.LED_COLOR


def move_key(rules: StichlingRules, open_tricks: Iterable[StichlingTrick]) -> int:
    """The key of the engine's move tables for ``open_tricks`` under ``rules``
    (:attr:`StichlingState.move_key <sticheln.stichling.StichlingState.move_key>`): three bits
    per open trick, in order, holding the number of its led colour plus one, and above them
    the rules' :attr:`~sticheln.stichling.StichlingRules.move_mode`."""
    key = rules.move_mode << _LAYOUT_BITS
    for slot, trick in enumerate(open_tricks):
        key |= (trick.cards[0].index // _SLOTS + 1) << 3 * slot
    return key


def _open_colors(key: int) -> tuple[Color, ...]:
    colors = []
    layout = key & _LAYOUT
    while layout:
        colors.append(_COLORS[(layout & 7) - 1])
        layout >>= 3
    return tuple(colors)


_KEYS: Final = 8 << _LAYOUT_BITS
"""The number of move keys: the eight move modes, each with every layout of open tricks."""

_CHOICES: list[tuple[tuple[bool, int], ...] | None] = [None] * _KEYS
"""For each move key, and each card by its index, whether the card may open a trick and the
bit mask of the open tricks it may be added to (:func:`trick_choices`, which depends only on
the card's colour); ``None`` until a game needs it. A list, as it is faster to index than a
dictionary."""


def _choices(key: int, rules: StichlingRules) -> tuple[tuple[bool, int], ...]:
    choices = _CHOICES[key]
    if choices is None:
        colors = _open_colors(key)
        entries: list[tuple[bool, int]] = []
        for color in _COLORS:
            opens, targets = trick_choices(colors, Card(color, 1), rules)
            entries.extend([(opens, sum(1 << t for t in targets))] * _SLOTS)
        # Two threads may build the same entry: both build the same value.
        choices = _CHOICES[key] = tuple(entries)
    return choices


_MOVE_TABLES: SeatTable[list[tuple[tuple[OpenTrick | AddToTrick, ...], ...] | None]] = SeatTable(
    lambda seat: [None] * _KEYS, seats=MAX_VALUE // 3
)
"""For each seat and move key, the legal moves of every card, by card index (``None`` until a
game needs them). Every seat a game can have is there from the start (rules need the values 1
to ``3 * n`` for ``n`` players)."""
_TABLES_BY_SEAT: Final = _MOVE_TABLES.ensure(0)


_COLOR_MOVES: SeatTable[dict[tuple[int, bool, int], tuple[tuple[OpenTrick | AddToTrick, ...], ...]]]
_COLOR_MOVES = SeatTable(lambda seat: {})
"""For each seat, the moves of every card of a colour (by its position in the colour) for each
way of playing the colour: ``(first card index of the colour, whether a card may open a
trick, mask of the open tricks it may go onto)``. The move tables of all keys share these
tuples, which keeps the tables of a game small enough for the processor's caches."""


def _build_moves(
    seat: int, key: int, rules: StichlingRules
) -> tuple[tuple[OpenTrick | AddToTrick, ...], ...]:
    opens, adds = PLAY_MOVES.ensure(seat + 1)[seat]
    shared = _COLOR_MOVES.ensure(seat + 1)[seat]
    table: list[tuple[OpenTrick | AddToTrick, ...]] = []
    choices = _choices(key, rules)
    for start in range(0, len(choices), _SLOTS):
        can_open, targets = choices[start]
        block = shared.get((start, can_open, targets))
        if block is None:
            rows: list[tuple[OpenTrick | AddToTrick, ...]] = [opens] if can_open else []
            rows.extend(adds[t] for t in range(OPEN_TRICKS) if targets >> t & 1)
            # Every card can be played (SL-PLAY-5), so ``rows`` is never empty.
            block = shared.setdefault(
                (start, can_open, targets),
                tuple(zip(*(row[start : start + _SLOTS] for row in rows), strict=True)),
            )
        table.extend(block)
    result = tuple(table)
    _MOVE_TABLES.ensure(seat + 1)[seat][key] = result
    return result


_ARRANGE_TABLES: SeatTable[dict[tuple[int, ...], tuple[ArrangePoints, ...]]] = SeatTable(
    lambda seat: {}
)
"""For each seat and each triple of victory-point values, the shared :class:`ArrangePoints`
moves of every order, in ascending order."""


def _arrange_moves(seat: int, points: tuple[int, ...]) -> tuple[ArrangePoints, ...]:
    table = _ARRANGE_TABLES.ensure(seat + 1)[seat]
    moves = table.get(points)
    if moves is None:
        orders = sorted(set(permutations(points)))
        moves = table.setdefault(points, tuple(ArrangePoints(seat, order) for order in orders))
    return moves


_ORDERS: dict[tuple[int, ...], frozenset[tuple[int, ...]]] = {}
"""For each triple of victory-point values, its orders (:rule:`SL-VP-2`)."""


def _orders(points: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    return _ORDERS.setdefault(points, frozenset(permutations(points)))


def deal_hand(rules: StichlingRules, players: int, rng: random.Random) -> tuple[CardSet, ...]:
    """Shuffle the deck of ``players`` players and deal :attr:`~StichlingRules.hand_size` cards
    to each, 12 in every edition (:rule:`SL-DEAL-1`); under :attr:`RemovedCards.RANDOM
    <sticheln.stichling.RemovedCards.RANDOM>` the cards left over are laid aside unseen
    (:rule:`SL-DECK-2`).

    :raises RulesError: if the rules do not allow that many players.
    :raises WrongTypeError: if ``rules`` is not a :class:`~sticheln.stichling.StichlingRules`,
        ``players`` not an ``int`` or ``rng`` not a :class:`random.Random`.
    """
    check_type(rules, StichlingRules, "rules")
    check_rng(rng)
    return _deal_hand(rules, players, rng)


def _deal_hand(rules: StichlingRules, players: int, rng: random.Random) -> tuple[CardSet, ...]:
    """:func:`deal_hand` without the checks of its arguments (but the player count)."""
    return _deal(rules.deck(players).indices, rules.hand_size, players, rng)


_DECKS: dict[tuple[int, int], tuple[StichlingRules, tuple[int, ...]]] = {}
"""The card indices of ``rules.deck(players)`` by ``(id(rules), players)``, with the rules
object itself, so that an entry is never taken for another object with a reused id."""


def _deck(rules: StichlingRules, players: int) -> tuple[int, ...]:
    """The card indices of the deck of ``players`` players under ``rules`` (checked)."""
    entry = _DECKS.get((id(rules), players))
    if entry is None or entry[0] is not rules:
        if len(_DECKS) >= 64:
            _DECKS.clear()
        entry = _DECKS[id(rules), players] = (rules, rules.deck(players).indices)
    return entry[1]


def _deal(
    deck: tuple[int, ...], hand_size: int, players: int, rng: random.Random
) -> tuple[CardSet, ...]:
    """:func:`deal_hand` from the card indices of the rules' ``deck``."""
    return deal(rng, deck, hand_size, players)


def check_deals(
    rules: StichlingRules, players: int, deals: object, count: int
) -> tuple[tuple[CardSet, ...], ...]:
    """The deals of a game as card sets, checked: ``count`` hands, each dealing
    :attr:`~StichlingRules.hand_size` different cards of the deck to each of the ``players``
    seats.

    :raises SetupError: naming the hand and seat at fault (``deals[1][2]``).
    """
    if isinstance(deals, str | bytes) or not isinstance(deals, Sequence):
        raise SetupError("deals must be a sequence of hands, each a sequence of cards per seat")
    if len(deals) != count:
        raise SetupError(f"deals: {len(deals)} hands given, the game has {count}")
    deck = rules.deck(players)
    return tuple(
        check_hands(seats, deck, rules.hand_size, players, f"deals[{h}]")
        for h, seats in enumerate(deals)
    )


def new_game(
    players: int,
    seed: int | random.Random | None = None,
    rules: StichlingRules = RAVENSBURGER_2015,
    first_leader: int = 0,
    *,
    deals: Sequence[Sequence[Iterable[Card | str] | str]] | None = None,
) -> StichlingState:
    """Start a game of Stichling: deal every hand and wait for the players to order their
    victory-point cards for the first.

    :param players: the number of players (2 to 5 with the default rules).
    :param seed: an ``int`` seed or a :class:`random.Random` for the shuffles; ``None`` takes
        a fresh random seed. The same seed and rules always give the same deals. The ``int``
        seed is kept in :attr:`~sticheln.GameSetup.seed` for the record (``None`` when ``deals``
        are given without a seed).
    :param rules: the rules; :data:`RAVENSBURGER_2015` by default.
    :param first_leader: the seat that plays the first card of the game, the oldest player
        (:rule:`SL-LEAD-1`).
    :param deals: instead of shuffling, the cards of every seat for every hand (cards or
        card names): :attr:`~StichlingRules.hand_size` cards of the deck each, 12 in every
        edition.
    :raises RulesError: if the rules do not allow ``players`` players.
    :raises SetupError: if ``first_leader`` or ``deals`` do not fit.
    :raises WrongTypeError: if ``rules``, ``seed`` or ``first_leader`` is of the wrong type.
    """
    return start_game(game_setup(rules, players, first_leader, seed, deals))


def game_setup(
    rules: StichlingRules,
    players: int,
    first_leader: int,
    seed: int | random.Random | None,
    deals: Sequence[Sequence[Iterable[Card | str] | str]] | None,
) -> GameSetup[StichlingRules, tuple[CardSet, ...]]:
    """The checked setup of a game of Stichling: the kernel's
    :func:`~sticheln.core.setup.make_setup` with Stichling's rules class, number of hands,
    dealer and check of given deals, from which :func:`new_game` and the record start.
    """
    return make_setup(
        rules,
        players,
        first_leader,
        seed,
        deals,
        kind=StichlingRules,
        check_players=StichlingRules.check_players,
        count=hand_count,
        dealer=hand_dealer,
        check_deals=check_deals,
    )


def hand_count(rules: StichlingRules, players: int) -> int:
    """The number of hands of a game (:attr:`StichlingRules.hand_count`), whatever the
    number of players."""
    return rules.hand_count


def hand_dealer(
    rules: StichlingRules, players: int
) -> Callable[[random.Random], tuple[CardSet, ...]]:
    """How a new game deals each of its hands from its generator (:func:`deal_hand`)."""
    return partial(_deal, _deck(rules, players), rules.hand_size, players)


def prepare_seats(players: int) -> None:
    """Build the shared per-seat tables of a ``players``-player game."""
    PLAY_MOVES.ensure(players)
    _MOVE_TABLES.ensure(players)
    _ARRANGE_TABLES.ensure(players)


def start_game(setup: GameSetup[StichlingRules, tuple[CardSet, ...]]) -> StichlingState:
    """The first state of a game with the given setup (its deals already checked)."""
    prepare_seats(setup.players)
    return start_hand(setup, 0, ())


def start_hand(
    setup: GameSetup[StichlingRules, tuple[CardSet, ...]],
    number: int,
    finished: tuple[FinishedHand, ...],
) -> StichlingState:
    """The state at the start of hand ``number``, after the ``finished`` hands: dealt, and
    waiting for every player to order their victory-point cards (:rule:`SL-VP-2`)."""
    n = setup.players
    return _new_state(StichlingState, (
        setup, _ARRANGING, number, tuple([hand.indices for hand in setup.deals[number]]),
        (None,) * n, (), 0, None, (), move_key(setup.rules, ()), ((),) * n,
        finished, _ALL_SEATS[n], False,
    ))  # fmt: skip


def game_over(
    setup: GameSetup[StichlingRules, tuple[CardSet, ...]], finished: tuple[FinishedHand, ...]
) -> StichlingState:
    """The state of a game whose hands are all ``finished``."""
    n = setup.players
    phase = _OVER
    orders = (None,) * n
    return StichlingState(
        setup=setup,
        phase=phase,
        hand_number=len(setup.deals),
        held=((),) * n,
        orders=orders,
        arranged=(),
        turn=0,
        to_act=None,
        plays=(),
        move_key=move_key(setup.rules, ()),
        won=((),) * n,
        finished_hands=finished,
        players_to_act=seats_to_act(phase, orders, None),
        is_over=phase is _OVER,
    )


def legal_moves(state: StichlingState, player: int) -> tuple[StichlingMove, ...]:
    """The moves ``player`` may make now.

    While the victory-point cards are ordered, a player who has not yet laid down their row
    may choose any order of the hand's three values (:rule:`SL-VP-2`). In play, the player
    whose turn it is must play a card of their hand (:rule:`SL-PLAY-1`), in any way that
    :func:`~sticheln.stichling.trick_choices` allows it: opening a trick
    (:rule:`SL-PLAY-2`, :rule:`SL-PLAY-4`), adding it to an open trick of its colour
    (:rule:`SL-PLAY-3`) or discarding it (:rule:`SL-PLAY-5`). The moves come in display order
    of the cards; of one card, opening comes first, then the open tricks in order. Anyone
    else, and everyone once the game is over, has no move.

    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.stichling.StichlingState`
        or ``player`` not an ``int``.
    """
    # Anything but a state fails in the try (which costs nothing until then), or is not
    # taken for the player to act and is checked with the player.
    try:
        to_act = state.to_act
        # Small ints are shared objects: the identity test keeps True, 1.0 and the like out.
        if player is not to_act or to_act is None:
            check_state(state)
            check_seat(player, state.setup.players)
            if player != to_act:
                if state.phase is _ARRANGING and state.orders[player] is None:
                    return _arrange_moves(player, state.setup.rules.points[state.hand_number])
                return ()
        key = state.move_key
        table = _TABLES_BY_SEAT[player][key] or _build_moves(player, key, state.setup.rules)
        held = state.held[player]
        if len(held) > 1:
            # The moves of each card, picked and joined in C: the cards' tuples in hand order.
            return sum(_itemgetter(*held)(table), ())
        return table[held[0]] if held else ()
    except Exception:
        check_state(state)
        raise


_new_state = tuple.__new__


def apply_move(state: StichlingState, move: StichlingMove) -> StichlingState:
    """The state after ``move``; ``state`` itself is unchanged.

    A card must be played as :func:`~sticheln.stichling.trick_choices` allows. The marker of
    a trick goes to the player of its highest card of the led colour (:rule:`SL-TRICK-1`);
    the card that makes four completes the trick, which goes to the marker holder and turns
    up the next victory-point card of their row (:rule:`SL-TRICK-2`, :rule:`SL-VP-3`). The
    turn passes clockwise whatever happened (:rule:`SL-PLAY-1`). After the last card the hand
    is scored (:rule:`SL-HAND-1`, :rule:`SL-SCORE-1`) and the next one is dealt, unless it
    was the last (:rule:`SL-GAME-1`).

    :raises IllegalMoveError: if the move is not legal in ``state`` (wrong phase, not the
        player's turn, card not in the hand, a trick that is not open, a card that may not
        go where the move puts it, a row already laid down, game over, not a move); the
        message names the player, the move and the reason.
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.stichling.StichlingState`.
    """
    try:
        # On type(move) itself, which a type checker narrows on, as it does not on a name.
        if type(move) is not AddToTrick and type(move) is not OpenTrick:
            if type(move) is ArrangePoints:
                return _arrange(state, move)
            raise IllegalMoveError(
                f"{excerpt(move)} is not a move (expected ArrangePoints, OpenTrick or AddToTrick)"
            )
        # Playing a card: the hot path of every playout, written out in full.
        (setup, phase, number, held, orders, arranged, turn, to_act, tricks, key, won,
         finished, _, _) = state  # fmt: skip
        player = move.player
        if player != to_act:
            raise _turn_error(state, move)
        card = move.card
        index = card.index
        hand = held[player]
        try:
            i = hand.index(index)
        except ValueError:
            raise not_in_hand(move, card, player) from None
        can_open, targets = (_CHOICES[key] or _choices(key, setup.rules))[index]
        if type(move) is not AddToTrick:
            if not can_open:
                raise IllegalMoveError.of(move, _why_not(state, move))
            key |= (index // _SLOTS + 1) << 3 * len(tricks)
            tricks = tricks + ((_ONE_SEAT[player], _ONE_CARD[index], _ONE_TURN[turn], 0),)  # noqa: RUF005 (faster than unpacking)
        else:
            t = move.trick
            if not targets >> t & 1:
                raise IllegalMoveError.of(move, _why_not(state, move))
            seats, cards, turns, top = tricks[t]
            # The marker moves to a higher card of the led colour (SL-TRICK-1, marker_index).
            if card.color is cards[0].color and card.value > cards[top].value:
                top = len(cards)
            cards = cards + _ONE_CARD[index]
            seats = seats + _ONE_SEAT[player]
            turns = turns + _ONE_TURN[turn]
            if len(cards) >= TRICK_SIZE and (
                not key & _LED_ONLY or counted(cards, _LED_COLOR) >= TRICK_SIZE
            ):
                winner = seats[top]
                done = new_trick(seats, cards, turns, top, winner)
                # Lists and back: fewer instructions than slicing and joining the tuples.
                rest = list(tricks)
                del rest[t]
                tricks = tuple(rest)
                layout = key & _LAYOUT
                key = (key ^ layout) | (layout & _LOW[t]) | ((layout >> 3 * t + 3) << 3 * t)
                piles = list(won)
                piles[winner] = (*piles[winner], done)
                won = tuple(piles)
            else:
                rest = list(tricks)
                rest[t] = (seats, cards, turns, top)
                tricks = tuple(rest)
        hands = list(held)
        hands[player] = hand[:i] + hand[i + 1 :]
        held = tuple(hands)
        turn += 1
        n = setup.players
        if turn == setup.rules.hand_size * n:
            return _finish_hand(state, tricks, won)
        return _new_state(StichlingState, (
            setup, phase, number, held, orders, arranged, turn, _NEXT[n][player], tricks, key, won,
            finished, _ACTING[n][player], False,
        ))  # fmt: skip
    except Exception:
        # Anything but a state fails somewhere in the try, which costs nothing until then.
        check_state(state)
        raise


_ONE_SEAT: Final = tuple((seat,) for seat in range(MAX_VALUE // 3))
_ALL_SEATS: Final = tuple(tuple(range(n)) for n in range(MAX_VALUE // 3 + 1))
_NEXT: Final = tuple(tuple((p + 1) % n for p in range(n)) for n in range(MAX_VALUE // 3 + 1))
"""For each number of players and seat, the next seat clockwise (:rule:`SL-PLAY-1`)."""
_ACTING: Final = tuple(tuple(_ONE_SEAT[seat] for seat in row) for row in _NEXT)
"""For each number of players and seat, the next seat clockwise as ``players_to_act``."""
_ONE_CARD: Final = tuple((card,) for card in _ALL_CARDS)
_ONE_TURN: Final = tuple((turn,) for turn in range(4 * MAX_VALUE))
"""Every turn of a hand: its ``hand_size * players`` cards are four colours'
``values_per_player * players`` values, which are at most the highest value."""


def _arrange(state: StichlingState, move: ArrangePoints) -> StichlingState:
    player = move.player
    setup = state.setup
    n = setup.players
    if player >= n:
        raise no_such_seat(move, player, n)
    if state.phase is not _ARRANGING:
        reason = (
            gettext("the game is over")
            if state.phase is _OVER
            else gettext("the cards are being played")
        )
        raise IllegalMoveError.of(
            move,
            gettext(
                "victory-point cards are ordered only before a hand is played ({reason})"
            ).format(reason=reason),
        )
    if state.orders[player] is not None:
        raise IllegalMoveError.of(
            move,
            gettext(
                "player {player} has already laid down their victory-point cards this hand"
            ).format(player=player),
        )
    points = setup.rules.points[state.hand_number]
    orders_of = _ORDERS.get(points) or _orders(points)
    if move.order not in orders_of:
        raise IllegalMoveError.of(
            move,
            gettext("the victory-point cards of hand {number} are {values}, each once").format(
                number=state.hand_number + 1, values=", ".join(map(str, points))
            ),
        )
    orders = state.orders[:player] + (move.order,) + state.orders[player + 1 :]  # noqa: RUF005 (faster than unpacking)
    everyone = None not in orders
    leader = hand_leader(setup, state.hand_number) if everyone else None
    phase = _PLAYING if everyone else _ARRANGING
    return _new_state(StichlingState, (
        setup, phase, state.hand_number, state.held, orders, (*state.arranged, player),
        state.turn, leader, state.plays, state.move_key, state.won, state.finished_hands,
        seats_to_act(phase, orders, leader), False,
    ))  # fmt: skip


def _turn_error(state: StichlingState, move: StichlingMove) -> IllegalMoveError:
    n = state.setup.players
    if move.player >= n:
        return no_such_seat(move, move.player, n)
    if state.phase is _OVER:
        return IllegalMoveError.of(move, gettext("the game is over"))
    if state.phase is _ARRANGING:
        return IllegalMoveError.of(move, gettext("the victory-point cards are still being ordered"))
    return IllegalMoveError.of(
        move,
        gettext("it is player {player}'s turn, not player {mover}'s").format(
            player=state.to_act, mover=move.player
        ),
    )


def _why_not(state: StichlingState, move: OpenTrick | AddToTrick) -> str:
    """Why ``move`` may not play its card where it says (its card is in the hand)."""
    rules = state.setup.rules
    tricks = state.open_tricks
    colors = [trick.color for trick in tricks]
    color = color_name(move.card.color)
    if isinstance(move, OpenTrick):
        if len(tricks) == OPEN_TRICKS:
            return gettext("{count} tricks are open, the most there may be").format(
                count=OPEN_TRICKS
            )
        return gettext(
            "a {color} trick is open already, and under these rules a second trick of a "
            "colour may not be opened ({rule})"
        ).format(color=color, rule=SameColor.FORBIDDEN)
    number = move.trick + 1
    if move.trick >= len(tricks):
        if not tricks:
            return gettext("there is no open trick {number}: no trick is open").format(
                number=number
            )
        return ngettext(
            "there is no open trick {number}: only {count} trick is open",
            "there is no open trick {number}: only {count} tricks are open",
            len(tricks),
        ).format(number=number, count=len(tricks))
    trick_color = color_name(colors[move.trick])
    if move.card.color in colors:
        return gettext(
            "open trick {number} is {trick_color}, and {card} may be added only to a {color} "
            "trick while one is open"
        ).format(number=number, trick_color=trick_color, card=move.card, color=color)
    if rules.discards is Discards.WHEN_STUCK:
        return gettext(
            "open trick {number} is {trick_color}; a card may go onto a trick of another colour "
            "only while {count} tricks are open and none is {color}"
        ).format(number=number, trick_color=trick_color, count=OPEN_TRICKS, color=color)
    return gettext(
        "open trick {number} is {trick_color}; a card may go onto a trick of another colour "
        "only while no open trick is {color}"
    ).format(number=number, trick_color=trick_color, color=color)


def _finish_hand(
    state: StichlingState,
    plays: tuple[OpenPlays, ...],
    won: tuple[tuple[StichlingTrick, ...], ...],
) -> StichlingState:
    setup = state.setup
    n = setup.players
    # In the order they were completed: by the turn of their last card, which is unique.
    completed = [(trick.turns[-1], trick) for tricks in won for trick in tricks]
    completed.sort()
    left: tuple[StichlingTrick, ...]
    if setup.rules.open_at_end is OpenAtEnd.MARKER:
        left = tuple(map(open_trick, plays))
        won = tuple((*won[p], *(t for t in left if t.winner == p)) for p in range(n))
    else:
        left = tuple([new_trick(*trick, None) for trick in plays])
    orders = laid_rows(state.orders)
    finished = (
        *state.finished_hands,
        FinishedHand(
            number=state.hand_number,
            leader=hand_leader(setup, state.hand_number),
            arranged=state.arranged,
            orders=orders,
            tricks=tuple([trick for _, trick in completed]),
            left_open=left,
            scores=tuple([_hand_score(orders[p], len(won[p])) for p in range(n)]),
        ),
    )
    number = state.hand_number + 1
    if number < len(setup.deals):
        return start_hand(setup, number, finished)
    return game_over(setup, finished)


_PLAY_TEXT: Final = re.compile(
    r"\s*(?P<card>[A-Za-z]+\s*\d+)\s*(?:(?P<open>\+)|>\s*(?P<trick>\d+))\s*"
)
_ORDER_TEXT: Final = re.compile(r"\s*\d+(?:\s*[,\s]\s*\d+)*\s*")


def parse_move(state: StichlingState, player: int, text: str) -> StichlingMove:
    """The legal move of ``player`` that ``text`` names: ``R7+`` opens a trick with R7,
    ``R7>2`` adds R7 to the second open trick (open tricks are numbered from 1 in the order
    they were opened), and ``3,1,2`` (or ``3 1 2``) orders the victory-point cards; the
    inverse of :func:`~sticheln.stichling.move_text`. Card names may be written as
    :meth:`Card.parse <sticheln.Card.parse>` reads them (``r7+``, ``red 7 > 2``).

    >>> from sticheln.stichling import new_game, parse_move
    >>> state = new_game(2, seed=7)
    >>> parse_move(state, 1, "2, 3, 1")
    ArrangePoints(player=1, order=(2, 3, 1))

    :raises InvalidMoveError: if ``text`` names no move, or a card that is not in the game's
        deck (the message names the deck's colours and values).
    :raises IllegalMoveError: if the move it names is not legal now; the message says why.
    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.stichling.StichlingState`,
        ``player`` not an ``int`` or ``text`` not a string.
    """
    check_move_text(text)
    moves = legal_moves(state, player)
    move: StichlingMove
    played = _PLAY_TEXT.fullmatch(text)
    if played is not None:
        card = parse_game_card(played["card"], state.setup.rules.deck(state.setup.players))
        if played["open"]:
            move = OpenTrick(player, card)
        else:
            number = int(played["trick"])
            if not 1 <= number <= OPEN_TRICKS:
                raise InvalidMoveError(
                    f"{text!r} names no move: open tricks are numbered 1 to {OPEN_TRICKS}"
                )
            move = AddToTrick(player, card, number - 1)
    elif _ORDER_TEXT.fullmatch(text):
        values = tuple(int(value) for value in re.findall(r"\d+", text))
        if len(values) != 3:
            raise InvalidMoveError(
                f"{text!r} names no move: an order of the victory-point cards has three values"
            )
        move = ArrangePoints(player, values)
    else:
        raise InvalidMoveError(
            f"{text!r} names no move (expected a card and + to open a trick, a card, > and a "
            f"trick number to add to a trick, or three values such as 3,1,2)"
        )
    for legal in moves:
        if legal == move:
            return legal
    apply_move(state, move)  # raises for an illegal move, with the reason
    raise IllegalMoveError.of(move, f"{move_text(move)} cannot be made now")  # pragma: no cover
