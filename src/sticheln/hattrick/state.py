"""The state of a game of Hattrick and its parts.

A :class:`HattrickState` is an immutable value: :func:`~sticheln.hattrick.apply_move` returns
a new state and leaves the old one as it was. The full state holds every card, the hands and
the pass piles of all players included; give players a
:class:`~sticheln.hattrick.HattrickView` instead (:func:`~sticheln.hattrick.observe`).

A game is a number of *hands* (one deal each, :rule:`HT-GAME-1`); a hand is a number of
*turns*, in each of which every player plays one card (:rule:`HT-TURN-1`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

import attrs

from sticheln.core.cards import _ALL_CARDS, Card, CardSet, Color, _card_set
from sticheln.core.results import ranking, winners
from sticheln.core.setup import ALONE, GameSetup, wrong_type
from sticheln.core.text import acting_text, deal_text, short_repr
from sticheln.core.tricks import Trick
from sticheln.core.wire import WireValue
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick, Pass
from sticheln.hattrick.rules import HattrickRules
from sticheln.hattrick.turn import Action, Turn, open_tricks, turn_actions

if TYPE_CHECKING:
    from sticheln.hattrick.view import HattrickView

__all__ = ["FinishedHand", "HattrickState", "check_state"]

_BITS: Final = tuple(1 << index for index in range(len(_ALL_CARDS)))


def hand_set(held: tuple[int, ...]) -> CardSet:
    """The card set of the ascending card indices ``held`` (:attr:`HattrickState.held`)."""
    return _card_set(sum(map(_BITS.__getitem__, held)), held)


_MOVE_CLASS: dict[Action, type[Follow] | type[OpenTrick] | type[Pass]] = {
    Action.FOLLOW: Follow,
    Action.OPEN: OpenTrick,
    Action.PASS: Pass,
}


def turn_moves(leader: int, players: int, cards: tuple[Card | None, ...]) -> list[HattrickMove]:
    """The moves that played ``cards`` from seat ``leader`` on, each of the kind of its card's
    action (:func:`~sticheln.hattrick.turn_actions`).

    :raises ValueError: if a card is ``None`` (hidden in a view).
    """
    moves: list[HattrickMove] = []
    for i, (card, action) in enumerate(zip(cards, turn_actions(cards), strict=True)):
        if card is None:
            raise ValueError("a passed card hidden from the viewer cannot be made a move")
        moves.append(_MOVE_CLASS[action]((leader + i) % players, card))
    return moves


@attrs.frozen
class FinishedHand(WireValue):
    """A hand that has been played and scored.

    In a player's view the other players' last cards are ``None``: nobody sees them
    (:rule:`HT-HAND-1`); so are their pass piles under :attr:`PassedCards.HIDDEN
    <sticheln.hattrick.PassedCards.HIDDEN>` (:rule:`HT-PASS-1`).
    """

    wire_game = "hattrick"

    number: int
    """The hand's number, from 0."""
    leader: int
    """The seat that led the hand's first turn (:rule:`HT-GAME-1`)."""
    turns: tuple[Turn, ...]
    """The turns in play order."""
    won: tuple[CardSet, ...]
    """The cards each player won, face up for everyone (:rule:`HT-TRICK-2`)."""
    passed: tuple[CardSet | None, ...]
    """Each player's pass pile, or ``None`` where the viewer does not know it."""
    last_cards: tuple[Card | None, ...]
    """The card each player kept, unplayed (:rule:`HT-HAND-1`), or ``None`` where the viewer
    does not know it."""
    scores: tuple[int, ...]
    """Each player's score for the hand (:rule:`HT-SCORE-1` to :rule:`HT-SCORE-3`)."""

    @property
    def pass_counts(self) -> tuple[int, ...]:
        """How many cards each player passed."""
        counts = [0] * len(self.scores)
        for turn in self.turns:
            for player, _ in turn.passes:
                counts[player] += 1
        return tuple(counts)

    @property
    def moves(self) -> tuple[HattrickMove, ...]:
        """The hand's moves in the order they were made.

        :raises ValueError: for a hand seen in a player's view with a card hidden.
        """
        n = len(self.scores)
        moves: list[HattrickMove] = []
        for turn in self.turns:
            moves.extend(turn_moves(turn.leader, n, turn.cards))
        return tuple(moves)


def acting(turn_leader: int, turn_cards: tuple[Card, ...], players: int) -> tuple[int, ...]:
    """:attr:`HattrickState.players_to_act` of a game not over: the seat after the cards of
    the turn so far."""
    return ALONE[(turn_leader + len(turn_cards)) % players]


class HattrickState(NamedTuple):
    """A complete, immutable game state, hidden cards included.

    Build one with :func:`~sticheln.hattrick.new_game` and advance it with
    :func:`~sticheln.hattrick.apply_move`. The fields describe the hand in progress; earlier
    hands are in :attr:`finished_hands`.

    The state is a :class:`~typing.NamedTuple` so that the engine can make a new one cheaply
    on every move; treat it as an opaque value with attributes.
    """

    setup: GameSetup[HattrickRules, tuple[CardSet, ...]]
    """Rules, players and deals: the same object in every state of a game."""
    hand_number: int
    """The hand in progress, from 0; once the game is over, :attr:`hand_count`, also when a
    player reached the target score before the last hand (:rule:`HT-GAME-3`)."""
    held: tuple[tuple[int, ...], ...]
    """The indices of the cards each player holds, by seat, ascending (:attr:`Card.index
    <sticheln.Card.index>`): the engine's form of :attr:`hands`."""
    turn_leader: int
    """The seat that led (or will lead) the turn in progress."""
    turn_cards: tuple[Card, ...]
    """The cards of the turn in progress so far, in play order from :attr:`turn_leader`."""
    open_colors: tuple[Color, ...]
    """The colours of the open tricks of the turn, in the order they were opened (at most
    :data:`~sticheln.hattrick.OPEN_TRICKS`, :rule:`HT-PLAY-2`)."""
    won: tuple[CardSet, ...]
    """The cards each player has won this hand (:rule:`HT-TRICK-2`)."""
    passed: tuple[CardSet, ...]
    """Each player's pass pile this hand (:rule:`HT-PLAY-3`)."""
    turns: tuple[Turn, ...]
    """The finished turns of the hand in progress."""
    finished_hands: tuple[FinishedHand, ...]
    """The hands played so far."""
    players_to_act: tuple[int, ...]
    """The seats that may move now: the one player whose turn it is, or nobody once the
    game is over (:rule:`HT-TURN-1`)."""
    is_over: bool
    """Whether the game has ended: after its last hand (:rule:`HT-GAME-1`), or after the
    hand in which a player's total reached the target score (:rule:`HT-GAME-3`)."""

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """The cards each player holds, by seat."""
        return tuple(map(hand_set, self.held))

    @property
    def rules(self) -> HattrickRules:
        """The rules of the game."""
        return self.setup.rules

    @property
    def players(self) -> int:
        """The number of players."""
        return self.setup.players

    @property
    def hand_count(self) -> int:
        """The number of hands the game lasts (:rule:`HT-GAME-1`): at most, with a target
        score (:rule:`HT-GAME-3`); :attr:`finished_hands` holds those played."""
        return len(self.setup.deals)

    @property
    def deal_number(self) -> int:
        """The deal in progress: :attr:`hand_number`, the name the game protocol uses
        (:meth:`Game.deal_number <sticheln.Game.deal_number>`)."""
        return self.hand_number

    @property
    def hand_leader(self) -> int:
        """The seat that leads the first turn of the hand in progress: the player left of the
        hand's dealer (:rule:`HT-LEAD-1`, :rule:`HT-GAME-1`)."""
        return (self.setup.first_leader + self.hand_number) % self.setup.players

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is to play a card, or ``None`` once the game is over."""
        acting = self.players_to_act
        return acting[0] if acting else None

    @property
    def current_turn(self) -> tuple[tuple[int, Card], ...]:
        """The plays of the turn in progress so far: ``(player, card)`` in play order."""
        n = self.setup.players
        return tuple(((self.turn_leader + i) % n, c) for i, c in enumerate(self.turn_cards))

    @property
    def open_tricks(self) -> tuple[Trick, ...]:
        """The open tricks of the turn in progress, in the order they were opened; the
        ``winner`` of each is the player of its highest card so far (:rule:`HT-TRICK-1`)."""
        return open_tricks(self.turn_leader, self.setup.players, self.turn_cards)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's total over the finished hands (:rule:`HT-GAME-2`)."""
        totals = [0] * self.setup.players
        for finished in self.finished_hands:
            for p, score in enumerate(finished.scores):
                totals[p] += score
        return tuple(totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest total once the game is over, else ``()``; several
        on a tie (:rule:`HT-GAME-2`), also when the game ended at the target score
        (:rule:`HT-GAME-3`)."""
        return winners(self.scores) if self.is_over else ()

    @property
    def ranking(self) -> tuple[int, ...]:
        """Each player's place by total so far, 1 for first, shared on ties."""
        return ranking(self.scores)

    @property
    def moves(self) -> tuple[HattrickMove, ...]:
        """Every move of the game so far, in order."""
        moves: list[HattrickMove] = []
        for finished in self.finished_hands:
            moves.extend(finished.moves)
        if not self.is_over:
            n = self.setup.players
            for turn in self.turns:
                moves.extend(turn_moves(turn.leader, n, turn.cards))
            moves.extend(turn_moves(self.turn_leader, n, self.turn_cards))
        return tuple(moves)

    def __repr__(self) -> str:
        return short_repr("HattrickState", [f"{self.players} players", *progress(self)])

    def __str__(self) -> str:
        """Every hand by seat, the turn on the table, the turns of the hand and the players'
        won cards, passes and scores; the scoreboard once the game is over."""
        from sticheln.hattrick.view import describe_state  # the view imports this module

        return describe_state(self)


def progress(game: HattrickState | HattrickView, *, short: bool = True) -> list[str]:
    """Where a game of Hattrick is, in the parts of its ``repr`` (``short``) or of the first
    line of its ``str``: the hand (of at most so many, to the target score, when there is
    one: :rule:`HT-GAME-3`), the turn and who plays; the scores once it is over."""
    if game.is_over:
        return ["over", f"scores {list(game.scores)}"] if short else ["game over"]
    target = game.rules.target_score
    if short or target is None:
        parts = [deal_text("hand", game.hand_number, game.hand_count, short=short)]
    else:
        parts = [deal_text("hand", game.hand_number, f"at most {game.hand_count}", short=False)]
        parts.append(f"to {target} points")
    return [*parts, f"turn {len(game.turns) + 1}", acting_text(game.players_to_act)]


def check_state(state: object) -> None:
    """Check that ``state`` is a :class:`HattrickState`.

    :raises WrongTypeError: if it is not (another game's state, a view, ``None``).
    """
    if type(state) is not HattrickState and not isinstance(state, HattrickState):
        raise wrong_type(state, HattrickState, "state")
