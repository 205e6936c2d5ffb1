"""Starting, querying and advancing games of Hattrick: :func:`new_game`, :func:`legal_moves`,
:func:`apply_move`.

>>> from sticheln.hattrick import apply_move, legal_moves, new_game
>>> state = new_game(players=4, seed=7)
>>> state
<HattrickState 4 players, hand 1/4, turn 1, player 0 to play>
>>> move = legal_moves(state, 0)[0]
>>> move
OpenTrick(player=0, card=Card(Color.RED, 1))
>>> state = apply_move(state, move)
>>> state.players_to_act, state.open_colors
((1,), (Color.RED,))
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from operator import itemgetter
from typing import Final

from sticheln.core.cards import (
    _ALL_CARDS,
    _COLOR_MASKS,
    Card,
    CardSet,
    Color,
    _card_set,
)
from sticheln.core.errors import IllegalMoveError, SetupError, WrongTypeError, excerpt
from sticheln.core.i18n import color_name, gettext
from sticheln.core.moves import check_move_text, find_card_move, no_such_seat, not_in_hand
from sticheln.core.setup import (
    ALONE,
    SEAT_ORDERS,
    GameSetup,
    SeatTable,
    check_hands,
    check_rng,
    check_seat,
    check_type,
    make_setup,
    seat_orders,
)
from sticheln.core.shuffle import deal
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick, Pass, move_table
from sticheln.hattrick.rules import AMIGO_1995, HattrickRules, LeadCards
from sticheln.hattrick.scoring import _hand_score
from sticheln.hattrick.state import FinishedHand, HattrickState, check_state
from sticheln.hattrick.turn import (
    OPEN_TRICKS,
    Action,
    Turn,
    _action_for,
    _lead_index,
    _new_turn,
)

__all__ = ["apply_move", "deal_hand", "legal_moves", "move_for", "new_game", "parse_move"]

_FOLLOW: Final = Action.FOLLOW
_OPEN: Final = Action.OPEN
_PASS: Final = Action.PASS
_MOVE_TYPES: Final = frozenset((Follow, OpenTrick, Pass))
_TABLE_SLOT: Final = {_FOLLOW: 0, _OPEN: 1, _PASS: 2}
_MOVE_CLASSES: Final[tuple[type[HattrickMove], ...]] = (Follow, OpenTrick, Pass)
_WHOLE_TURN: Final = LeadCards.TURN


def deal_hand(rules: HattrickRules, players: int, rng: random.Random) -> tuple[CardSet, ...]:
    """Shuffle the deck and deal all of it, evenly, to ``players`` players
    (:rule:`HT-DEAL-1`).

    :raises RulesError: if the rules do not allow that many players.
    :raises WrongTypeError: if ``rules`` is not a :class:`~sticheln.hattrick.HattrickRules`,
        ``players`` not an ``int`` or ``rng`` not a :class:`random.Random`.
    """
    check_type(rules, HattrickRules, "rules")
    check_rng(rng)
    return _deal_hand(rules, players, rng)


def _deal_hand(rules: HattrickRules, players: int, rng: random.Random) -> tuple[CardSet, ...]:
    """:func:`deal_hand` without the checks of its arguments (but the player count)."""
    return _deal(_deck_indices(rules), rules.hand_size(players), players, rng)


def _deal(
    deck: tuple[int, ...], size: int, players: int, rng: random.Random
) -> tuple[CardSet, ...]:
    """:func:`deal_hand` of the deck of card indices ``deck``, ``size`` cards per player."""
    return deal(rng, deck, size, players)


_last_deck: tuple[HattrickRules, tuple[int, ...]] | None = None


def _deck_indices(rules: HattrickRules) -> tuple[int, ...]:
    """The card indices of the rules' deck (kept for the last rules asked about)."""
    global _last_deck
    last = _last_deck
    if last is not None and last[0] is rules:
        return last[1]
    indices = rules.deck.indices
    _last_deck = (rules, indices)
    return indices


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
        seed is kept in :attr:`~sticheln.GameSetup.seed` for the record (``None`` when ``deals`` are
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
    return start_game(game_setup(rules, players, first_leader, seed, deals))


def game_setup(
    rules: HattrickRules,
    players: int,
    first_leader: int,
    seed: int | random.Random | None,
    deals: Sequence[Sequence[Iterable[Card | str] | str]] | None,
) -> GameSetup[HattrickRules, tuple[CardSet, ...]]:
    """The checked setup of a game of Hattrick: the kernel's
    :func:`~sticheln.core.setup.make_setup` with Hattrick's rules class, number of hands,
    dealer and check of given deals, from which :func:`new_game` and the record start.
    """
    return make_setup(
        rules,
        players,
        first_leader,
        seed,
        deals,
        kind=HattrickRules,
        check_players=HattrickRules.check_players,
        count=HattrickRules.hands_for,
        dealer=hand_dealer,
        check_deals=check_deals,
    )


def hand_dealer(
    rules: HattrickRules, players: int
) -> Callable[[random.Random], tuple[CardSet, ...]]:
    """How a new game deals each of its hands from its generator (:func:`deal_hand`)."""
    return partial(_deal, _deck_indices(rules), rules.hand_size(players), players)


def start_game(setup: GameSetup[HattrickRules, tuple[CardSet, ...]]) -> HattrickState:
    """The first state of a game with the given setup (its deals already checked)."""
    _prepare_seats(setup.players)
    return _start_hand(setup, 0, ())


def _start_hand(
    setup: GameSetup[HattrickRules, tuple[CardSet, ...]],
    number: int,
    finished: tuple[FinishedHand, ...],
) -> HattrickState:
    n = setup.players
    empty = (_EMPTY,) * n
    leader = (setup.first_leader + number) % n
    held = tuple([hand.indices for hand in setup.deals[number]])
    return _new_state(
        HattrickState,
        (setup, number, held, leader, (), (), empty, empty, (), finished, ALONE[leader], False),
    )


_EMPTY: Final = CardSet()


def check_player(state: HattrickState, player: int) -> None:
    """:raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.hattrick.HattrickState`
        or ``player`` not an ``int``."""
    check_state(state)
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
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.hattrick.HattrickState`
        or ``player`` not an ``int``.
    """
    # Anything but a state fails in the try (which costs nothing until then), or is not
    # taken for the player to act and is checked with the player.
    try:
        acting = state[10]
        # Small ints are shared objects: the identity test keeps True, 1.0 and the like out.
        if not acting or player is not acting[0]:
            check_player(state, player)
            return ()
        colors = state[5]
        situation = _SITUATIONS.get(id(colors)) or _situation(colors)
        try:
            table = situation.seats[player]
        except IndexError:
            table = situation.seat(player)
        indices = state[2][player]
        if len(indices) > 1:
            moves: tuple[HattrickMove, ...] = _getter(*indices)(table)
            return moves
        return tuple(map(table.__getitem__, indices))
    except Exception:
        check_state(state)
        raise


_getter = itemgetter
_new_object = object.__new__
# The slot descriptors of the frozen card set, to read and fill one on the hot path.
_set_mask = CardSet.__dict__["mask"].__set__
_set_indices = CardSet.__dict__["_indices"].__set__


class _Situation:
    """What every card does while the tricks of ``colors`` are open, as tables built once
    from the rule, :func:`~sticheln.hattrick.action_for`: for each seat the legal move of
    every card (by card index), and the open colours after each card."""

    __slots__ = ("_table", "colors", "kinds", "masks", "open_mask", "opened", "seats")

    def __init__(self, colors: tuple[Color, ...]) -> None:
        self.colors = colors
        self.masks = tuple(_COLOR_MASKS[color] for color in colors)
        """The bit mask of the cards of each open colour, in the order of ``colors``."""
        self.open_mask = sum(self.masks)
        """The bit mask of the cards of all open colours."""
        actions = tuple(_action_for(colors, card) for card in _ALL_CARDS)
        self.opened: tuple[tuple[Color, ...], ...] = tuple(
            _situation((*colors, card.color)).colors if action is _OPEN else colors
            for card, action in zip(_ALL_CARDS, actions, strict=True)
        )
        slots = tuple(_TABLE_SLOT[action] for action in actions)
        self.kinds: tuple[type[HattrickMove], ...] = tuple(_MOVE_CLASSES[slot] for slot in slots)
        """The class of the legal move of every card, by card index."""

        def build(seat: int) -> tuple[HattrickMove, ...]:
            moves = move_table(seat)
            return tuple(moves[slot][index] for index, slot in enumerate(slots))

        self._table = SeatTable(build)
        self.seats: list[tuple[HattrickMove, ...]] = self._table.ensure(0)
        """The legal move of every card, by card index, for each seat built so far."""

    def seat(self, seat: int) -> tuple[HattrickMove, ...]:
        """The legal move of every card for ``seat``, by card index."""
        return self._table.ensure(seat + 1)[seat]


_SITUATIONS: dict[int, _Situation] = {}
"""The situation of each canonical tuple of open colours, by the tuple's ``id``: the engine
puts only canonical tuples in its states, so a state's situation is one look-up. The tuple is
kept alive by its situation, so no other object can have its ``id``."""
_CANONICAL: dict[tuple[Color, ...], _Situation] = {}
"""The situation of every tuple of open colours seen so far, by value."""
_LOCK = threading.RLock()


def _situation(colors: Sequence[Color]) -> _Situation:
    """The situation of the tricks of ``colors`` (any sequence of colours), built once."""
    key = tuple(colors)
    situation = _CANONICAL.get(key)
    if situation is None:
        with _LOCK:
            situation = _CANONICAL.get(key)
            if situation is None:
                situation = _Situation(key)
                _CANONICAL[key] = situation
                _SITUATIONS[id(key)] = situation
    return situation


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
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.hattrick.HattrickState`,
        ``player`` not an ``int`` or ``card`` not a :class:`~sticheln.Card`.
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
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.hattrick.HattrickState`,
        ``player`` not an ``int`` or ``text`` not a string.
    """
    check_move_text(text)
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
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.hattrick.HattrickState`.
    """
    try:
        kind = type(move)
        if kind not in _MOVE_TYPES:
            raise IllegalMoveError(
                f"{excerpt(move)} is not a move (expected Follow, OpenTrick or Pass)"
            )
        # The hot path of every playout, written out in full.
        setup, number, held, leader, cards, colors, won, passed, turns, finished, acting, _ = state
        player = move.player
        if not acting or player != acting[0]:
            raise _turn_error(state, move)
        card = move.card
        index = card.index
        indices = held[player]
        try:
            i = indices.index(index)
        except ValueError:
            raise not_in_hand(move, card, player) from None
        situation = _SITUATIONS.get(id(colors)) or _situation(colors)
        if situation.kinds[index] is not kind:
            actual = _action_for(colors, card)
            raise IllegalMoveError.of(move, _wrong_action(colors, card, actual))
        bit = card.bit
        if kind is OpenTrick:
            colors = situation.opened[index]
        elif kind is Pass:
            piles = list(passed)  # a list and back: fewer new objects than slicing
            piles[player] = _card_set(piles[player].mask | bit)
            passed = tuple(piles)
        left = indices[:i] + indices[i + 1 :]
        hands = list(held)
        hands[player] = left
        held = tuple(hands)
        cards = (*cards, card)
        n = setup.players
        if len(cards) < n:
            return _new_state(
                HattrickState,
                (
                    setup,
                    number,
                    held,
                    leader,
                    cards,
                    colors,
                    won,
                    passed,
                    turns,
                    finished,
                    ALONE[(player + 1) % n],
                    False,
                ),
            )
        return _finish_turn(state, held, cards, colors, passed, len(left))
    except Exception:
        # Anything but a state fails somewhere in the try, which costs nothing until then.
        check_state(state)
        raise


def _wrong_action(colors: tuple[Color, ...], card: Card, action: Action) -> str:
    """Why ``card`` can only make the move of ``action``, its :func:`action_for`."""
    names = [color_name(c) for c in colors]
    open_names = (
        gettext("{items} and {last}").format(items=", ".join(names[:-1]), last=names[-1])
        if len(names) > 1
        else "".join(names)
    )
    if action is _FOLLOW:
        return gettext("a {color} trick is open, so {card} is added to it (Follow)").format(
            color=color_name(card.color), card=card
        )
    if action is _OPEN and not colors:
        return gettext("no trick is open yet, so {card} opens the first one (OpenTrick)").format(
            card=card
        )
    if action is _OPEN:
        if len(colors) == 1:
            text = gettext(
                "only a {colors} trick is open, so {card} opens another trick (OpenTrick); a "
                "card is passed only while {count} tricks are open"
            )
        else:
            text = gettext(
                "only the {colors} tricks are open, so {card} opens another trick (OpenTrick); a "
                "card is passed only while {count} tricks are open"
            )
        return text.format(colors=open_names, card=card, count=OPEN_TRICKS)
    return gettext(
        "the {colors} tricks are open, so {card}, of a colour without an open trick, can "
        "only be passed (Pass)"
    ).format(colors=open_names, card=card)


def _turn_error(state: HattrickState, move: HattrickMove) -> IllegalMoveError:
    n = state.setup.players
    if move.player >= n:
        return no_such_seat(move, move.player, n)
    if state.is_over:
        return IllegalMoveError.of(move, gettext("the game is over"))
    return IllegalMoveError.of(
        move,
        gettext("it is player {player}'s turn, not player {mover}'s").format(
            player=state.to_act, mover=move.player
        ),
    )


def _prepare_seats(players: int) -> None:
    seat_orders(players)
    move_table(players - 1)


def _finish_turn(
    state: HattrickState,
    held: tuple[tuple[int, ...], ...],
    cards: tuple[Card, ...],
    colors: tuple[Color, ...],
    passed: tuple[CardSet, ...],
    left: int,
) -> HattrickState:
    """The state after the last card of a turn, when every player holds ``left`` cards: the
    tricks go to the players of their highest cards (:rule:`HT-TRICK-1`) and the next leader
    is found (:rule:`HT-LEAD-2`)."""
    setup, number, _, leader, _, _, won, _, turns, finished, _, _ = state
    seats = SEAT_ORDERS[setup.players][leader]
    situation = _SITUATIONS.get(id(colors)) or _situation(colors)
    # One loop for the cards' indices, values and mask (a comprehension is a call each).
    indices = []
    values = []
    turn_mask = 0
    for card in cards:
        indices.append(card.index)
        values.append(card.value)
        turn_mask |= card.bit
    piles = list(won)
    for color_mask in situation.masks:
        # The cards of a trick share its colour, and within a colour a higher value has a
        # higher index: the highest bit of the trick is its highest card (HT-TRICK-1).
        mask = turn_mask & color_mask
        taker = seats[indices.index(mask.bit_length() - 1)]
        pile = _new_object(CardSet)
        _set_mask(pile, piles[taker].mask | mask)
        _set_indices(pile, None)
        piles[taker] = pile
    won = tuple(piles)
    rules = setup.rules
    open_mask = situation.open_mask
    if rules.lead_cards is _WHOLE_TURN or not turn_mask & ~open_mask:
        # Passed cards count too, or no card was passed (HT-LEAD-2).
        next_leader = seats[_lead_index(values, rules.lead_tie)]
    else:
        counted = [i for i, index in enumerate(indices) if open_mask >> index & 1]
        next_leader = seats[counted[_lead_index([values[i] for i in counted], rules.lead_tie)]]
    turns = (*turns, _new_turn(leader, cards, next_leader))
    if left > 1:
        return _new_state(
            HattrickState,
            (
                setup,
                number,
                held,
                next_leader,
                (),
                (),
                won,
                passed,
                turns,
                finished,
                ALONE[next_leader],
                False,
            ),
        )
    return _finish_hand(state, held, won, passed, turns)


def _finish_hand(
    state: HattrickState,
    held: tuple[tuple[int, ...], ...],
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
            last_cards=tuple(_ALL_CARDS[hand[0]] for hand in held),
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
    setup: GameSetup[HattrickRules, tuple[CardSet, ...]],
    turn_leader: int,
    finished: tuple[FinishedHand, ...],
) -> HattrickState:
    """The state of a game that is over after its ``finished`` hands: all of the hands of
    the setup (:rule:`HT-GAME-1`), or fewer once a player reached the target score
    (:rule:`HT-GAME-3`). Its :attr:`~HattrickState.hand_number` is the number of hands of the
    setup either way, so that whether a game is over is one comparison."""
    empty = (CardSet(),) * setup.players
    return HattrickState(
        setup=setup,
        hand_number=len(setup.deals),
        held=((),) * setup.players,
        turn_leader=turn_leader,
        turn_cards=(),
        open_colors=(),
        won=empty,
        passed=empty,
        turns=(),
        finished_hands=finished,
        players_to_act=(),
        is_over=True,
    )
