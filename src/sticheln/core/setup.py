"""Checks and helpers for starting a game, shared by every game of the library: seats, seeds,
dealt hands and the order of play around the table."""

from __future__ import annotations

import itertools
import numbers
import random
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

import attrs

from sticheln.core.cards import Card, CardSet
from sticheln.core.errors import (
    CardError,
    RulesError,
    SetupError,
    UnknownPlayerError,
    WrongTypeError,
    excerpt,
)

T = TypeVar("T")
RulesT = TypeVar("RulesT")
DealT = TypeVar("DealT")
GivenT = TypeVar("GivenT")


MAX_SEAT: Final = 999
"""The highest seat number a move may name: no game of the library seats a thousand."""

ALONE: Final[tuple[tuple[int], ...]] = tuple((seat,) for seat in range(MAX_SEAT + 1))
"""The one-seat tuple of every seat (``ALONE[seat] == (seat,)``), shared: the players to act
of a state in which one player acts, made without building a tuple on every move."""


def check_seat_number(player: object, what: str = "player") -> int:
    """``player`` as a seat number: an ``int`` from 0 to :data:`MAX_SEAT` (``True`` and
    ``False`` are not seats).

    :raises WrongTypeError: for anything but an ``int``.
    :raises UnknownPlayerError: for a number outside that range.
    """
    if type(player) is not int:
        raise WrongTypeError(f"{what} must be a seat number (an int), got {excerpt(player)}")
    if not 0 <= player <= MAX_SEAT:
        raise UnknownPlayerError(
            f"{what} must be a seat number (0 to {MAX_SEAT}), got {excerpt(player)}"
        )
    return player


def check_seat(player: object, players: int) -> None:
    """:raises WrongTypeError: if ``player`` is not an ``int``.
    :raises UnknownPlayerError: if it is not a seat of a ``players``-player game."""
    if type(player) is not int:
        raise WrongTypeError(f"player must be a seat number (an int), got {excerpt(player)}")
    if not 0 <= player < players:
        raise UnknownPlayerError(
            f"player {excerpt(player)} is not a seat of this {players}-player game"
        )


SPECTATOR: Final = -1
"""The viewer that is no seat: ``observe(state, SPECTATOR)`` is what anyone watching the
table may see (no hand, no face-down card), and ``events(state, move, SPECTATOR)`` what they
see happen. A spectator's view has ``player == SPECTATOR``."""


def check_viewer(player: object, players: int) -> None:
    """:raises WrongTypeError: if ``player`` is not an ``int``.
    :raises UnknownPlayerError: if it is neither a seat of a ``players``-player game nor
        :data:`SPECTATOR`."""
    if player != SPECTATOR or type(player) is not int:
        check_seat(player, players)


def check_seat_view(view: object, what: str) -> None:
    """:raises UnknownPlayerError: if ``view`` is a spectator's view (its ``player`` is
    :data:`SPECTATOR`): ``what`` needs what a seat knows, its own hand included."""
    if getattr(view, "player", None) == SPECTATOR:
        raise UnknownPlayerError(f"{what} needs the view of a seat, not a spectator's view")


def check_first_leader(first_leader: object, players: int) -> None:
    """:raises WrongTypeError: if ``first_leader`` is not an ``int``.
    :raises SetupError: if it is not a seat."""
    if type(first_leader) is not int:
        raise WrongTypeError(
            f"first_leader must be a seat number (an int), got {excerpt(first_leader)}"
        )
    if not 0 <= first_leader < players:
        raise SetupError(
            f"first_leader must be a seat from 0 to {players - 1}, got {excerpt(first_leader)}"
        )


def check_player_count(players: object) -> int:
    """``players`` as a number of players: an ``int`` (``True`` is not one).

    Whether the rules allow that many is for the game's rules to say.

    :raises WrongTypeError: for anything but an ``int``.
    """
    if type(players) is not int:
        raise WrongTypeError(f"players must be an int, got {excerpt(players)}")
    return players


def check_type(value: object, kind: type[T] | tuple[type[T], ...], what: str) -> T:
    """``value`` if it is a ``kind`` (or one of the classes ``kind`` lists).

    :raises WrongTypeError: naming ``what`` otherwise (:func:`wrong_type`).
    """
    if not isinstance(value, kind):
        raise wrong_type(value, kind, what)
    return value


def wrong_type(value: object, kind: type | tuple[type, ...], what: str) -> WrongTypeError:
    """The error for the argument ``what`` that is ``value`` but must be a ``kind`` (or one
    of the classes ``kind`` lists): ``state must be a StichelnState object, got None``, the value
    quoted in bounded length (:func:`~sticheln.core.errors.excerpt`).

    >>> from sticheln import ChoosePain, PlayCard
    >>> from sticheln.core.setup import wrong_type
    >>> print(wrong_type("R3", (ChoosePain, PlayCard), "move"))
    move must be a ChoosePain or PlayCard object, got 'R3'
    """
    names = [k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,))]
    if len(names) > 1:
        names[-2:] = [f"{names[-2]} or {names[-1]}"]
    return WrongTypeError(f"{what} must be a {', '.join(names)} object, got {excerpt(value)}")


def check_rng(rng: object, what: str = "rng") -> random.Random:
    """``rng`` if it is a :class:`random.Random` (or of a subclass).

    :raises WrongTypeError: naming ``what`` otherwise.
    """
    if not isinstance(rng, random.Random):
        raise WrongTypeError(f"{what} must be a random.Random, got {excerpt(rng)}")
    return rng


def check_int(value: object, what: str) -> int:
    """``value`` if it is an ``int`` (``True`` and ``False`` are not numbers here).

    :raises WrongTypeError: naming ``what`` otherwise.
    """
    if type(value) is not int:
        raise WrongTypeError(f"{what} must be an int, got {excerpt(value)}")
    return value


def check_count(value: object, what: str, lowest: int) -> int:
    """``value`` if it is an ``int`` of at least ``lowest``.

    :raises WrongTypeError: naming ``what`` for anything but an ``int``.
    :raises SetupError: for a smaller number.
    """
    number = check_int(value, what)
    if number < lowest:
        raise SetupError(f"{what} must be at least {lowest}, got {number}")
    return number


def check_observed_games(observations: object, observed_games: object, games: int) -> int:
    """How many of a batch's ``games`` games a batch simulator builds observations for: all
    of them with ``observations`` and no ``observed_games``, else ``observed_games`` (at most
    ``games``), and none without ``observations``.

    >>> from sticheln.core.setup import check_observed_games
    >>> check_observed_games(True, None, 100), check_observed_games(True, 10, 100)
    (100, 10)
    >>> check_observed_games(False, 10, 100)
    0

    :raises WrongTypeError: if ``observations`` is not a ``bool`` or ``observed_games`` not
        an ``int`` or ``None``.
    :raises SetupError: if ``observed_games`` is negative or more than ``games``.
    """
    if type(observations) is not bool:
        raise WrongTypeError(f"observations must be a bool, got {excerpt(observations)}")
    if observed_games is None:
        return games if observations else 0
    observed = check_count(observed_games, "observed_games", 0)
    if observed > games:
        raise SetupError(f"observed_games must be at most games ({games}), got {observed}")
    return observed if observations else 0


def check_index(value: object, size: int, what: str) -> int:
    """``value`` as an index from 0 to ``size - 1``: an ``int`` or another integral number
    (numpy's integers), not a ``bool``.

    :raises WrongTypeError: naming ``what`` for anything else.
    :raises SetupError: for a number outside the range.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise WrongTypeError(f"{what} must be an int, got {excerpt(value)}")
    index = int(value)
    if not 0 <= index < size:
        raise SetupError(f"{what} must be from 0 to {size - 1}, got {index}")
    return index


def check_ints(value: object, what: str) -> Sequence[int]:
    """``value`` if it is a sequence (a list or tuple, not a string) of ``int`` values.

    :raises WrongTypeError: naming ``what`` otherwise.
    """
    if (
        isinstance(value, str | bytes)
        or not isinstance(value, Sequence)
        or not all(type(item) is int for item in value)
    ):
        raise WrongTypeError(f"{what} must be a sequence of ints, got {excerpt(value)}")
    return value


def check_items(value: object, kind: type[T], what: str) -> Sequence[T]:
    """``value`` if it is a sequence (a list or tuple, not a string) of ``kind`` values.

    :raises WrongTypeError: naming ``what`` and the first item that is not a ``kind``.
    """
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise WrongTypeError(
            f"{what} must be a sequence of {kind.__name__} values, got {excerpt(value)}"
        )
    for item in value:
        if not isinstance(item, kind):
            raise WrongTypeError(f"{what}: {excerpt(item)} is not a {kind.__name__}")
    return value


def seeded_rng(
    seed: int | random.Random | None, *, dealt: bool = False
) -> tuple[random.Random, int | None]:
    """The generator for a new game's random choices, and the ``int`` seed its record keeps.

    Every game follows the same policy. An ``int`` seed is kept as given. For ``None`` a
    fresh seed is drawn from the system and kept, so that a shuffled game is still recorded
    with the seed that made it, unless the caller ``dealt`` the cards: then nothing was
    shuffled and no seed is kept. A :class:`random.Random` handed in is used as it is, and no
    seed is kept.

    :raises WrongTypeError: for a seed of another type (``bool`` included).
    """
    if isinstance(seed, random.Random):
        return seed, None
    if seed is None:
        drawn = random.SystemRandom().randrange(2**63)
        return random.Random(drawn), None if dealt else drawn
    if type(seed) is not int:
        raise WrongTypeError(f"seed must be an int, a random.Random or None, got {excerpt(seed)}")
    return random.Random(seed), seed


def check_hands(
    hands: object, deck: CardSet, size: int, players: int, where: str
) -> tuple[CardSet, ...]:
    """One deal given by the caller (per seat, cards or card names) as card sets, checked:
    one hand of ``size`` distinct cards of ``deck`` per seat, no card in two hands.

    :raises SetupError: naming the deal and seat at fault (``where`` is e.g. ``deals[1]``).
    """
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise SetupError(f"{where} must be a sequence with the cards of each seat")
    if len(hands) != players:
        raise SetupError(f"{where}: {len(hands)} hands given for {players} players")
    seen = CardSet()
    parsed = []
    for p, hand in enumerate(hands):
        try:
            if isinstance(hand, str):
                cards = CardSet.parse(hand)
                given = len(hand.replace(",", " ").split())
            elif isinstance(hand, Iterable):
                # One card more than a hand holds is enough to tell that it is too many.
                items: list[Card | str] = list(itertools.islice(hand, size + 1))
                cards = CardSet.of(items)
                given = len(items)
            else:
                raise SetupError(f"{where}[{p}] must be cards or card names, got {excerpt(hand)}")
        except (CardError, TypeError) as exc:
            raise SetupError(f"{where}[{p}]: {exc}") from None
        if given != len(cards):
            raise SetupError(f"{where}[{p}]: a card appears twice in the hand")
        if len(cards) != size:
            raise SetupError(
                f"{where}[{p}]: {len(cards)} cards, every hand has {size} with {players} players"
            )
        if not cards.issubset(deck):
            raise SetupError(f"{where}[{p}]: {cards - deck} not in the deck for {players} players")
        if not cards.isdisjoint(seen):
            raise SetupError(f"{where}[{p}]: {cards & seen} dealt to two players")
        seen |= cards
        parsed.append(cards)
    return tuple(parsed)


@attrs.frozen
class GameSetup(Generic[RulesT, DealT]):
    """What a game starts from: rules, players, the first leader and the deal of every round
    or hand. The same class serves every game: a Sticheln setup is a
    ``GameSetup[StichelnRules, Deal]``, a Hattrick or Stichling setup deals a tuple of card
    sets, one per seat.

    Together with the moves it determines the whole game (the game's record).
    """

    rules: RulesT
    """The rules of the game."""
    players: int
    """The number of players; seats are ``0 .. players - 1`` in clockwise order."""
    first_leader: int
    """The seat that leads the first trick, turn or card of the game."""
    deals: tuple[DealT, ...]
    """The deal of each round or hand, in play order."""
    seed: int | None = None
    """The seed the deals were made from, if the game was started from an ``int`` seed."""


def make_setup(
    rules: RulesT,
    players: int,
    first_leader: int,
    seed: int | random.Random | None,
    deals: GivenT | None,
    *,
    kind: type[RulesT],
    check_players: Callable[[RulesT, int], object],
    count: Callable[[RulesT, int], int],
    dealer: Callable[[RulesT, int], Callable[[random.Random], DealT]],
    check_deals: Callable[[RulesT, int, GivenT, int], tuple[DealT, ...]],
    draw_leader: Callable[[RulesT, int, int, random.Random], int] | None = None,
) -> GameSetup[RulesT, DealT]:
    """The checked setup of a game: the one path of every game's ``new_game`` and of loading
    its record.

    ``rules`` must be a ``kind``; ``check_players(rules, players)`` checks the player count
    (raising the game's error), and :func:`check_first_leader` the first leader. The seed
    gives the generator (:func:`seeded_rng`). A game has ``count(rules, players)`` deals: each
    is ``dealer(rules, players)`` called with the generator unless ``deals`` are given, which
    ``check_deals(rules, players, deals, count)`` checks and converts instead. With a
    ``draw_leader`` (a new game whose rules draw the first leader) the first leader is
    ``draw_leader(rules, players, first_leader, rng)``, drawn before the cards are dealt.

    :raises WrongTypeError: if ``rules`` is not a ``kind``, or ``seed`` or ``first_leader``
        is of the wrong type.
    :raises SetupError: if ``first_leader`` is not a seat, or what ``check_deals`` raises.
    """
    check_type(rules, kind, "rules")
    check_players(rules, players)
    check_first_leader(first_leader, players)
    rng, int_seed = seeded_rng(seed, dealt=deals is not None)
    if draw_leader is not None:
        first_leader = draw_leader(rules, players, first_leader, rng)
    number = count(rules, players)
    if deals is None:
        deal = dealer(rules, players)
        dealt = tuple(deal(rng) for _ in range(number))
    else:
        dealt = check_deals(rules, players, deals, number)
    return GameSetup(rules, players, first_leader, dealt, int_seed)


class DealtRules(Protocol):
    """Rules of a game that deals the same number of cards of one deck to every player, in
    each of a fixed number of deals (:func:`deal_hands`)."""

    @property
    def name(self) -> str:
        """The rule set's name."""
        ...

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts the rules allow."""
        ...

    @property
    def deck(self) -> CardSet:
        """Every card of the deck."""
        ...

    @property
    def hand_size(self) -> int:
        """The cards dealt to each player in a deal."""
        ...

    @property
    def deals(self) -> int:
        """The deals of a game."""
        ...


DealtT = TypeVar("DealtT", bound=DealtRules)


def deal_hands(
    rules: DealtT,
    players: int,
    first_leader: int,
    seed: int | random.Random | None,
    deals: Sequence[Sequence[Iterable[Card | str] | str]] | None,
    *,
    kind: type[DealtT],
) -> GameSetup[DealtT, tuple[CardSet, ...]]:
    """The checked setup of a game whose every deal gives each player ``rules.hand_size``
    cards of ``rules.deck``, ``rules.deals`` times: shuffled from ``seed``
    (:func:`seeded_rng`), or the ``deals`` given (per deal, the cards of each seat), checked
    by :func:`check_hands`. It is :func:`make_setup` for such a game.

    >>> import attrs
    >>> from sticheln.core.rulesdata import RulesData
    >>> from sticheln.core.setup import deal_hands
    >>> @attrs.frozen
    ... class TinyRules(RulesData):
    ...     name: str = "tiny"
    ...     player_counts: tuple[int, ...] = (2,)
    ...     hand_size: int = 2
    ...     deals: int = 1
    ...     @property
    ...     def deck(self) -> CardSet:
    ...         return CardSet.parse("R1 R2 R3 R4")
    >>> deal_hands(TinyRules(), 2, 0, None, [["R1 R3", "R2 R4"]], kind=TinyRules).deals
    ((CardSet.parse('R1 R3'), CardSet.parse('R2 R4')),)
    >>> deal_hands(TinyRules(), 3, 0, 1, None, kind=TinyRules)
    Traceback (most recent call last):
        ...
    sticheln.core.errors.RulesError: the rules 'tiny' are for 2 players, not 3

    :raises WrongTypeError: if ``rules`` is not a ``kind``, or ``seed``, ``players`` or
        ``first_leader`` is of the wrong type.
    :raises RulesError: if the rules are not for ``players`` players.
    :raises SetupError: if ``first_leader`` is not a seat, or for deals that do not fit.
    """

    def check_players(rules: DealtT, players: int) -> None:
        if check_player_count(players) not in rules.player_counts:
            counts = ", ".join(map(str, rules.player_counts))
            raise RulesError(f"the rules {rules.name!r} are for {counts} players, not {players}")

    def dealer(rules: DealtT, players: int) -> Callable[[random.Random], tuple[CardSet, ...]]:
        cards, size = list(rules.deck), rules.hand_size

        def deal(rng: random.Random) -> tuple[CardSet, ...]:
            rng.shuffle(cards)
            return tuple(CardSet.of(cards[p * size : (p + 1) * size]) for p in range(players))

        return deal

    def check_deals(
        rules: DealtT, players: int, given: Any, count: int
    ) -> tuple[tuple[CardSet, ...], ...]:
        if isinstance(given, str | bytes) or not isinstance(given, Sequence):
            raise SetupError("deals must be a sequence with the hands of each deal")
        if len(given) != count:
            raise SetupError(f"{len(given)} deals given, the rules have {count}")
        return tuple(
            check_hands(hands, rules.deck, rules.hand_size, players, f"deals[{d}]")
            for d, hands in enumerate(given)
        )

    return make_setup(
        rules,
        players,
        first_leader,
        seed,
        deals,
        kind=kind,
        check_players=check_players,
        count=lambda rules, players: rules.deals,
        dealer=dealer,
        check_deals=check_deals,
    )


def deal_unseen(
    unseen: Iterable[Card], sizes: Sequence[int], viewer: int, hand: CardSet, rng: random.Random
) -> tuple[CardSet, ...]:
    """The hands of a sampled state: the ``viewer`` holds ``hand``, and every other seat
    ``sizes[seat]`` cards drawn at random from the ``unseen`` cards (which must be enough).

    >>> import random
    >>> from sticheln import CardSet
    >>> from sticheln.core.setup import deal_unseen
    >>> deal_unseen(CardSet.parse("R1 R2 R3"), [1, 2, 1], 0, CardSet.parse("R9"), random.Random(1))
    (CardSet.parse('R9'), CardSet.parse('R2 R3'), CardSet.parse('R1'))
    """
    cards = list(unseen)
    rng.shuffle(cards)
    hands = []
    for seat, size in enumerate(sizes):
        if seat == viewer:
            hands.append(hand)
        else:
            hands.append(CardSet.of(cards[:size]))
            del cards[:size]
    return tuple(hands)


SEAT_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}
"""For each player count (once :func:`seat_orders` has seen it) and each leader, the seats in
play order from that leader; engines index it on their hot paths."""


def seat_orders(players: int) -> tuple[tuple[int, ...], ...]:
    """The seats in play order from each leader of a ``players``-player game (kept in
    :data:`SEAT_ORDERS`)."""
    orders = SEAT_ORDERS.get(players)
    if orders is None:
        orders = tuple(
            tuple((leader + i) % players for i in range(players)) for leader in range(players)
        )
        # A value built twice by two threads is the same value: setdefault keeps the first.
        orders = SEAT_ORDERS.setdefault(players, orders)
    return orders


class SeatTable(Generic[T]):
    """A table with one entry per seat, built on first use by ``build(seat)`` and shared by
    every game and thread: the shared move objects of each seat, for example.

    The table only grows, and it grows under a lock, so that two threads that both need a new
    seat cannot give one seat the entry of another.
    """

    def __init__(self, build: Callable[[int], T], seats: int = 0) -> None:
        self._build = build
        self._entries: list[T] = []
        self._lock = threading.Lock()
        self.ensure(seats)

    def ensure(self, seats: int) -> list[T]:
        """Build the entries of the seats up to ``seats`` that are missing; return the list
        of entries (engines index it directly on their hot paths)."""
        entries = self._entries
        if len(entries) < seats:
            with self._lock:
                while len(entries) < seats:
                    entries.append(self._build(len(entries)))
        return entries

    def __getitem__(self, seat: int) -> T:
        return self._entries[seat]

    def __len__(self) -> int:
        return len(self._entries)
