"""High Card: a small trick-taking game built on the kernel of the library, the way each of its
games is built (the documentation's page "Adding a game" walks through it).

Every player is dealt five cards from a deck of two colours, 0 to 9. The leader of a trick plays
any card, then each other player in turn; the highest value takes the trick (of equal values,
the one played first) and its winner leads the next. Every trick taken is a point, and after
the last deal the most points win. Nobody sees another player's hand.

Run: ``python examples/high_card.py`` checks the game with :func:`sticheln.testing.check_game`
and plays one random game. With arguments, it runs the ``sticheln`` command with High Card
among its games: ``python examples/high_card.py play --game high-card --auto --players 3``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Sequence
from types import MappingProxyType
from typing import ClassVar, Final

import attrs

from sticheln.core import (
    SPECTATOR,
    BaseGame,
    Card,
    CardSet,
    Color,
    GameKit,
    IllegalMoveError,
    Record,
    RulesError,
    SetupError,
    Trick,
    find_game,
    random_playout,
    register_game,
    winners,
)
from sticheln.core.encoding import CardEncoding, ObservationWriter
from sticheln.core.moves import check_move_card, check_move_player, find_card_move
from sticheln.core.rulesdata import check_rules_fields, find_preset, read_colors
from sticheln.core.setup import (
    check_first_leader,
    check_hands,
    check_player_count,
    check_seat,
    check_type,
    check_viewer,
    seeded_rng,
)
from sticheln.core.wire import GameWire, WireValue, events_from_views

# -- rules -----------------------------------------------------------------------------------


@attrs.frozen
class HighCardRules:
    """The rules of High Card as data; each preset is a value of this class.

    :raises RulesError: for rules that cannot be played (a deck too small for two hands).
    """

    name: str = "standard"
    """The name of the rules, written into records."""
    colors: tuple[Color, ...] = attrs.field(default=(Color.RED, Color.BLUE), converter=read_colors)
    """The colours of the deck."""
    highest: int = 9
    """The highest value of each colour; the lowest is 0."""
    hand_size: int = 5
    """The cards dealt to each player."""
    deals: int = 1
    """The deals of a game."""

    def __attrs_post_init__(self) -> None:
        if self.hand_size < 1 or self.deals < 1:
            raise RulesError(f"rules {self.name!r}: hand_size and deals must be at least 1")
        if len(self.deck) < 2 * self.hand_size:
            raise RulesError(f"rules {self.name!r}: no room for two hands in {self.deck}")

    @property
    def deck(self) -> CardSet:
        """Every card of the deck."""
        return CardSet.of(Card(c, v) for c in self.colors for v in range(self.highest + 1))

    @property
    def player_counts(self) -> tuple[int, ...]:
        """From two players to as many as the deck has hands for."""
        return tuple(range(2, len(self.deck) // self.hand_size + 1))

    def to_dict(self) -> dict[str, object]:
        """The rules as JSON data; :meth:`from_dict` reads it back."""
        colors = "".join(color.letter for color in self.colors)
        return {
            "name": self.name,
            "colors": colors,
            "highest": self.highest,
            "hand_size": self.hand_size,
            "deals": self.deals,
        }

    @classmethod
    def from_dict(cls, data: object) -> HighCardRules:
        """The rules from the data of :meth:`to_dict`.

        :raises RulesError: naming a field that is missing, unknown or wrong.
        """
        fields = check_rules_fields(data, ("name", "colors", "highest", "hand_size", "deals"))
        name, highest, hand_size, deals = (
            fields[key] for key in ("name", "highest", "hand_size", "deals")
        )
        if not (
            isinstance(name, str)
            and isinstance(highest, int)
            and isinstance(hand_size, int)
            and isinstance(deals, int)
        ):
            raise RulesError(f"rules fields of the wrong type: {dict(fields)!r}")
        return cls(name, read_colors(fields["colors"]), highest, hand_size, deals)

    @classmethod
    def preset(cls, name: str) -> HighCardRules:
        """The preset called ``name`` (case-insensitive), from :data:`PRESETS`.

        :raises UnknownNameError: for an unknown name; the message lists the known ones.
        """
        return find_preset(PRESETS, name, "High Card rules")


STANDARD: Final = HighCardRules()
"""One deal of five cards each."""
THREE_DEALS: Final = HighCardRules(name="three-deals", deals=3)
"""Three deals, the leader of the first trick moving one seat on with each."""
PRESETS: Final = MappingProxyType({rules.name: rules for rules in (STANDARD, THREE_DEALS)})
"""The named rules, by name."""


# -- moves and states ------------------------------------------------------------------------


@attrs.frozen
class Play(WireValue):
    """Play ``card`` from the player's hand to the trick."""

    wire_game = "high-card"

    player: int = attrs.field(validator=check_move_player)
    card: Card = attrs.field(validator=check_move_card)

    def __str__(self) -> str:
        return f"{self.player} plays {self.card}"


@attrs.frozen
class HighCardState:
    """A whole game, hidden cards included: give players a :class:`HighCardView` instead."""

    rules: HighCardRules
    players: int
    first_leader: int
    """The seat that leads the first trick of the first deal."""
    seed: int | None
    """The seed the deals came from, kept for the record (``None`` when unknown)."""
    deals: tuple[tuple[CardSet, ...], ...]
    """The hands of every deal, dealt at the start."""
    deal_number: int
    """The deal in progress, from 0; the number of deals once the game is over."""
    hands: tuple[CardSet, ...]
    """The cards each player holds now."""
    leader: int
    """The seat that leads the current trick."""
    trick: tuple[Card, ...]
    """The cards of the current trick so far, in play order from :attr:`leader`."""
    tricks: tuple[Trick, ...]
    """Every finished trick of the game."""

    @property
    def is_over(self) -> bool:
        return self.deal_number == len(self.deals)

    @property
    def players_to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return ((self.leader + len(self.trick)) % self.players,)

    @property
    def scores(self) -> tuple[int, ...]:
        """The tricks each player has taken."""
        won = [trick.winner for trick in self.tricks]
        return tuple(won.count(seat) for seat in range(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        return winners(self.scores) if self.is_over else ()

    @property
    def moves(self) -> tuple[Play, ...]:
        """Every move so far, in order."""
        plays = [play for trick in self.tricks for play in trick.plays]
        plays.extend(((self.leader + i) % self.players, c) for i, c in enumerate(self.trick))
        return tuple(Play(seat, card) for seat, card in plays)


# -- starting a game -------------------------------------------------------------------------


def new_game(
    players: int,
    seed: int | random.Random | None = None,
    rules: HighCardRules = STANDARD,
    first_leader: int = 0,
    *,
    deals: Sequence[Sequence[Iterable[Card | str] | str]] | None = None,
) -> HighCardState:
    """Deal every deal of a new game from ``seed``, or play the given ``deals`` (the hand of
    each seat in each deal).

    :raises RulesError: if the rules are not for ``players`` players.
    :raises SetupError: if ``first_leader`` is not a seat, or for deals that do not fit.
    :raises WrongTypeError: for a ``rules``, ``seed`` or ``first_leader`` of the wrong type.
    """
    check_setup(rules, players, first_leader)
    if deals is not None:
        return start(rules, players, first_leader, deals, None)  # type: ignore[arg-type]
    rng, kept_seed = seeded_rng(seed)
    dealt = tuple(deal(rules, players, rng) for _ in range(rules.deals))
    return start(rules, players, first_leader, dealt, kept_seed)


def check_setup(rules: HighCardRules, players: int, first_leader: int) -> None:
    """:raises RulesError, SetupError, WrongTypeError: if the three do not fit."""
    check_type(rules, HighCardRules, "rules")
    if check_player_count(players) not in rules.player_counts:
        raise RulesError(f"High Card is for {rules.player_counts} players, not {players}")
    check_first_leader(first_leader, players)


def deal(rules: HighCardRules, players: int, rng: random.Random) -> tuple[CardSet, ...]:
    """Shuffle the deck and deal a hand to each player."""
    cards = list(rules.deck)
    rng.shuffle(cards)
    size = rules.hand_size
    return tuple(CardSet.of(cards[p * size : (p + 1) * size]) for p in range(players))


def start(
    rules: HighCardRules,
    players: int,
    first_leader: int,
    deals: Sequence[Sequence[CardSet]],
    seed: int | None,
) -> HighCardState:
    """The first state of a game with these deals: the one path of :func:`new_game` and of
    loading a record.

    :raises SetupError: for deals that do not fit the rules, naming the one at fault.
    """
    check_setup(rules, players, first_leader)
    if len(deals) != rules.deals:
        raise SetupError(f"{len(deals)} deals given, the rules have {rules.deals}")
    hands = tuple(
        check_hands(seats, rules.deck, rules.hand_size, players, f"deals[{d}]")
        for d, seats in enumerate(deals)
    )
    return HighCardState(
        rules=rules,
        players=players,
        first_leader=first_leader,
        seed=seed,
        deals=hands,
        deal_number=0,
        hands=hands[0],
        leader=first_leader,
        trick=(),
        tricks=(),
    )


# -- the rules of play -----------------------------------------------------------------------


def trick_winner(cards: Sequence[Card]) -> int:
    """The position in ``cards`` of the card that takes the trick: the highest value, and of
    equal values the one played first."""
    best = max(card.value for card in cards)
    return next(i for i, card in enumerate(cards) if card.value == best)


def legal_moves(state: HighCardState, player: int) -> tuple[Play, ...]:
    """Any card of the hand for the player to act; nothing for anyone else.

    :raises UnknownPlayerError: if ``player`` is not a seat.
    :raises WrongTypeError: if ``state`` is not a :class:`HighCardState` or ``player`` not an
        int.
    """
    check_type(state, HighCardState, "state")
    check_seat(player, state.players)
    if player not in state.players_to_act:
        return ()
    return tuple(Play(player, card) for card in state.hands[player])


def apply_move(state: HighCardState, move: Play) -> HighCardState:
    """The state after ``move``; ``state`` itself is unchanged.

    :raises IllegalMoveError: for a move that is not legal now, saying why.
    :raises WrongTypeError: if ``state`` is not a :class:`HighCardState`.
    """
    check_type(state, HighCardState, "state")
    if not isinstance(move, Play):
        raise IllegalMoveError(f"{move!r} is not a move of High Card")
    player, card, n = move.player, move.card, state.players
    if state.is_over:
        raise IllegalMoveError.of(move, "the game is over")
    if player not in state.players_to_act:
        raise IllegalMoveError.of(move, f"it is not player {player}'s turn")
    if card not in state.hands[player]:
        raise IllegalMoveError.of(move, f"{card} is not in player {player}'s hand")
    hands = tuple(hand.remove(card) if p == player else hand for p, hand in enumerate(state.hands))
    trick = (*state.trick, card)
    if len(trick) < n:
        return attrs.evolve(state, hands=hands, trick=trick)
    seats = [(state.leader + i) % n for i in range(n)]
    winner = seats[trick_winner(trick)]
    tricks = (*state.tricks, Trick(zip(seats, trick, strict=True), winner))
    if hands[0]:
        return attrs.evolve(state, hands=hands, leader=winner, trick=(), tricks=tricks)
    number = state.deal_number + 1
    hands = state.deals[number] if number < len(state.deals) else (CardSet(),) * n
    leader = (state.first_leader + number) % n
    return attrs.evolve(
        state, deal_number=number, hands=hands, leader=leader, trick=(), tricks=tricks
    )


def move_text(move: Play) -> str:
    """The card's name (``"R7"``): it names the move among the player's legal moves.

    :raises WrongTypeError: if ``move`` is not a :class:`Play`.
    """
    return str(check_type(move, Play, "move").card)


def parse_move(state: HighCardState, player: int, text: str) -> Play:
    """The legal move of ``player`` that plays the card ``text`` names.

    :raises InvalidMoveError: if ``text`` names no card.
    :raises IllegalMoveError: if the player cannot play it now.
    """
    moves = legal_moves(state, player)
    return find_card_move(text, moves, lambda card: apply_move(state, Play(player, card)))


# -- what a player sees ----------------------------------------------------------------------


@attrs.frozen
class HighCardView(WireValue):
    """What one player may see: everything but the other players' hands and the deals to
    come."""

    wire_game = "high-card"

    player: int
    rules: HighCardRules
    players: int
    first_leader: int
    deal_number: int
    hand: CardSet
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    players_to_act: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """The plays of the current trick so far: ``(seat, card)`` in play order."""
        return tuple(((self.leader + i) % self.players, c) for i, c in enumerate(self.trick))

    def __str__(self) -> str:
        trick = " ".join(f"{seat}:{card}" for seat, card in self.plays)
        return f"Your hand: {self.hand or '-'} · the trick: {trick or '-'}"


def observe(state: HighCardState, player: int) -> HighCardView:
    """The view of ``state`` that ``player`` may see; a spectator's (``SPECTATOR``) holds no
    hand.

    :raises UnknownPlayerError: if ``player`` is neither a seat nor ``SPECTATOR``.
    :raises WrongTypeError: if ``state`` is not a :class:`HighCardState` or ``player`` not an
        int.
    """
    check_type(state, HighCardState, "state")
    check_viewer(player, state.players)
    return HighCardView(
        player=player,
        rules=state.rules,
        players=state.players,
        first_leader=state.first_leader,
        deal_number=state.deal_number,
        hand=CardSet() if player == SPECTATOR else state.hands[player],
        hand_sizes=tuple(map(len, state.hands)),
        leader=state.leader,
        trick=state.trick,
        tricks=state.tricks,
        players_to_act=state.players_to_act,
        scores=state.scores,
    )


def would_take(view: HighCardView) -> tuple[int | None, ...]:
    """Who would take the trick on the table if it ended now (the seat of its highest card),
    or ``()`` between tricks.

    :raises WrongTypeError: if ``view`` is not a :class:`HighCardView`.
    """
    if not check_type(view, HighCardView, "view").trick:
        return ()
    return (view.plays[trick_winner(view.trick)][0],)


def _played(tricks: Iterable[Iterable[tuple[int, Card]]], players: int) -> list[CardSet]:
    """The cards each seat played in ``tricks``, each given by its ``(seat, card)`` plays."""
    cards = [CardSet()] * players
    for plays in tricks:
        for seat, card in plays:
            cards[seat] = cards[seat].add(card)
    return cards


def sample_state(view: HighCardView, rng: random.Random) -> HighCardState:
    """A full state that ``view.player`` cannot tell from the real one: the cards the player
    has not seen go at random to the other hands, and the deals to come are dealt anew."""
    rules, n, size, number = view.rules, view.players, view.rules.hand_size, view.deal_number
    # A deal played out is public: each seat was dealt the cards it played.
    tricks = [trick.plays for trick in view.tricks]
    deals = [tuple(_played(tricks[d * size : (d + 1) * size], n)) for d in range(number)]
    hands = [CardSet()] * n
    if number < rules.deals:
        played = _played([*tricks[number * size :], view.plays], n)
        seen = CardSet.of(card for cards in played for card in cards) | view.hand
        unseen = list(rules.deck - seen)
        rng.shuffle(unseen)
        for seat in range(n):
            if seat != view.player:
                hands[seat] = CardSet.of(unseen[: view.hand_sizes[seat]])
                del unseen[: view.hand_sizes[seat]]
        hands[view.player] = view.hand
        deals.append(tuple(played[seat] | hands[seat] for seat in range(n)))
        deals.extend(deal(rules, n, rng) for _ in range(number + 1, rules.deals))
    return HighCardState(
        rules=rules,
        players=n,
        first_leader=view.first_leader,
        seed=None,
        deals=tuple(deals),
        deal_number=number,
        hands=tuple(hands),
        leader=view.leader,
        trick=view.trick,
        tricks=view.tricks,
    )


# -- the record ------------------------------------------------------------------------------


@attrs.frozen
class HighCardRecord(Record[HighCardRules, Play, HighCardState]):
    """A whole game as JSON: the rules, the deals and the moves."""

    GAME = "high-card"
    VERSION = 1
    STATE = HighCardState
    KINDS = MappingProxyType({"play": Play})

    @classmethod
    def from_state(cls, state: HighCardState) -> HighCardRecord:
        cls.check_state(state)
        return cls(
            rules=state.rules,
            players=state.players,
            first_leader=state.first_leader,
            deals=state.deals,
            moves=state.moves,
            seed=state.seed,
        )

    def _start(self) -> HighCardState:
        return start(self.rules, self.players, self.first_leader, self.deals, self.seed)

    _apply = staticmethod(apply_move)

    @staticmethod
    def _kind(move: Play) -> str:
        return "play"

    @classmethod
    def _read_rules(cls, data: object) -> HighCardRules:
        return HighCardRules.from_dict(data)


# -- JSON events and the encoding for learning agents -------------------------------------


@attrs.frozen
class CardPlayed(WireValue):
    """A player played a card."""

    wire_game = "high-card"
    player: int
    card: Card


@attrs.frozen
class TrickTaken(WireValue):
    """A trick is complete; its winner leads the next."""

    wire_game = "high-card"
    trick: Trick


def view_events(before: HighCardView, after: HighCardView, move: Play) -> tuple[WireValue, ...]:
    """What the player of two views sees happen when ``move`` leads from one to the other."""
    found: list[WireValue] = [CardPlayed(move.player, move.card)]
    if len(after.tricks) > len(before.tricks):
        found.append(TrickTaken(after.tricks[-1]))
    return tuple(found)


events = events_from_views(observe, apply_move, view_events, __name__)
"""What ``player`` sees happen when ``move`` is made in ``state``."""


class HighCardEncoding(CardEncoding[HighCardState, Play, HighCardView]):
    """An action is a card of the deck; the observation is the hand, the current trick by
    seat (counted from the viewer), every card played before, and the scores."""

    descriptions: ClassVar[dict[str, str]] = {
        "hand": "the viewer's hand",
        "trick_{r}": "the card seat r played to the current trick",
        "played": "every card of the finished tricks",
        "scores": "by seat: the tricks taken",
    }

    def __init__(self, game: HighCardGame, players: int) -> None:
        super().__init__(game, players, game.rules.deck)

    def write(self, view: HighCardView, writer: ObservationWriter) -> None:
        me, n = view.player, self.players
        writer.cards("hand", view.hand)
        played = dict(view.plays)
        for r in range(n):
            writer.card(f"trick_{r}", played.get((me + r) % n))
        writer.cards("played", CardSet.of(card for trick in view.tricks for card in trick.cards))
        writer.numbers("scores", self.by_relative_seat(me, view.scores))


# -- the game object and its registration ----------------------------------------------------

HIGH_CARD: Final[GameKit[HighCardState, Play, HighCardView, HighCardRules]] = GameKit(
    name="high-card",
    title="High Card",
    presets=PRESETS,
    default_preset=STANDARD.name,
    simultaneous_moves=False,
    new_game=new_game,
    legal_moves=legal_moves,
    apply_move=apply_move,
    observe=observe,
    sample_state=sample_state,
    parse_move=parse_move,
    move_text=move_text,
    record=HighCardRecord,
    wire=GameWire(
        view=HighCardView, moves=(Play,), event_types=(CardPlayed, TrickTaken), events=events
    ),
    encoding=HighCardEncoding,
    would_take=would_take,
)
"""High Card's functions and facts."""


@attrs.frozen
class HighCardGame(BaseGame[HighCardState, Play, HighCardView, HighCardRules]):
    """High Card on the game protocol, with the given rules."""

    kit = HIGH_CARD
    rules: HighCardRules = STANDARD
    first_leader: int = 0


def register() -> None:
    """Make High Card known to :func:`~sticheln.find_game`, and so to the command line, as
    ``high-card``; each preset is ``find_game("high-card", name)``."""
    register_game("high-card", lambda name: HighCardGame(HIGH_CARD.rules(name)), replace=True)


# -- the script ------------------------------------------------------------------------------


def main(argv: Sequence[str]) -> int:
    """Register the game; with arguments, run the ``sticheln`` command with them; without,
    check the game and play one random game."""
    register()
    if argv:
        from sticheln.cli import main as sticheln_command

        return sticheln_command(argv)
    from sticheln.testing import check_game

    game = find_game("high-card")
    print(check_game(game))
    state = random_playout(game, game.new_game(3, seed=1), random.Random(1))
    for trick in state.tricks:
        print(trick)
    print(f"scores {state.scores}, winners {state.winners}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
