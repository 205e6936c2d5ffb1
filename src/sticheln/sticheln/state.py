"""The state of a game of Sticheln and its parts.

A :class:`StichelnState` is an immutable value: :func:`~sticheln.apply_move` returns a new state
and leaves the old one as it was. The full state holds every card, including the hands of
all players; give bots and players a :class:`~sticheln.StichelnView` instead
(:func:`~sticheln.observe`).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple

import attrs

from sticheln.core.cards import Card, CardSet
from sticheln.core.results import ranking, winners
from sticheln.core.setup import GameSetup, wrong_type
from sticheln.core.text import acting_text, deal_text, short_repr
from sticheln.core.tricks import Trick
from sticheln.core.wire import WireValue
from sticheln.sticheln.moves import ChoosePain, PlayCard, StichelnMove
from sticheln.sticheln.rules import StichelnRules

if TYPE_CHECKING:
    from sticheln.sticheln.view import StichelnView

__all__ = ["Deal", "FinishedRound", "Phase", "StichelnState", "check_state"]


class Phase(Enum):
    """What the game is waiting for."""

    CHOOSING_PAIN = "choosing-pain"
    """Every player who has not yet done so chooses a pain card, all at once
    (:rule:`ST-PAIN-1`)."""
    PLAYING = "playing"
    """The player to act plays a card to the current trick."""
    OVER = "over"
    """The last round is scored; nobody acts any more."""


_move_bit = attrgetter("card.bit")
_CHOOSING = Phase.CHOOSING_PAIN
_PLAYING = Phase.PLAYING
_OVER = Phase.OVER


@attrs.frozen
class Deal:
    """The cards of one round before play: each player's hand, and the cards left over,
    which lie face up and set aside for the round (:rule:`ST-DEAL-1`)."""

    hands: tuple[CardSet, ...]
    """The hand of each player, by seat."""
    set_aside: CardSet = attrs.field(factory=CardSet)
    """Cards of the deck dealt to nobody."""


@attrs.frozen
class FinishedRound(WireValue):
    """A round that has been played and scored: everything in it is public."""

    wire_game = "sticheln"

    number: int
    """The round's number, from 0."""
    leader: int
    """The seat that led the round's first trick (:rule:`ST-LEAD-3`)."""
    pain_cards: tuple[Card, ...]
    """Each player's pain card, by seat."""
    pick_order: tuple[int, ...]
    """The seats in the order their pain cards were chosen."""
    tricks: tuple[Trick, ...]
    """The tricks in play order, including any set aside (:rule:`ST-ROUND-1`)."""
    won: tuple[CardSet, ...]
    """The cards each player won (:rule:`ST-ROUND-2`)."""
    set_aside: CardSet
    """Cards dealt to nobody and tricks of zeros set aside."""
    scores: tuple[int, ...]
    """Each player's score for the round (:rule:`ST-SCORE-1`)."""

    @property
    def moves(self) -> tuple[StichelnMove, ...]:
        """The round's moves in the order they were made."""
        moves: list[StichelnMove] = [ChoosePain(p, self.pain_cards[p]) for p in self.pick_order]
        moves.extend(PlayCard(p, c) for trick in self.tricks for p, c in trick.plays)
        return tuple(moves)


class StichelnState(NamedTuple):
    """A complete, immutable game state, hidden cards included.

    Build one with :func:`~sticheln.new_game` and advance it with
    :func:`~sticheln.apply_move`. The fields describe the round in progress; earlier rounds
    are in :attr:`finished_rounds`.

    The state is a :class:`~typing.NamedTuple` so that the engine can make a new one cheaply
    on every move; treat it as an opaque value with attributes.
    """

    setup: GameSetup[StichelnRules, Deal]
    """Rules, players and deals: the same object in every state of a game."""
    phase: Phase
    """What the game waits for."""
    round_number: int
    """The round in progress, from 0 (equal to the number of rounds when the game is over)."""
    hand_moves: tuple[tuple[PlayCard, ...], ...]
    """Each player's hand, by seat, as the :class:`~sticheln.PlayCard` moves of its cards in
    display order (the legal moves of that player on their turn); :attr:`hands` gives the
    cards."""
    picks: tuple[Card | None, ...]
    """Each player's pain card for the round, ``None`` until chosen. Hidden from the other
    players until everyone has chosen (:rule:`ST-PAIN-1`)."""
    pick_order: tuple[int, ...]
    """The seats that have chosen a pain card this round, in order."""
    trick_leader: int
    """The seat that led (or will lead) the current trick."""
    trick_cards: tuple[Card, ...]
    """The cards of the current trick so far, in play order from :attr:`trick_leader`."""
    tricks: tuple[Trick, ...]
    """The finished tricks of the round in progress."""
    won: tuple[CardSet, ...]
    """The cards each player has won this round."""
    set_aside: CardSet
    """Cards set aside this round: those dealt to nobody and tricks of zeros."""
    finished_rounds: tuple[FinishedRound, ...]
    """The rounds played so far."""
    to_act: int | None
    """The seat whose turn it is to play a card, or ``None`` outside the playing phase."""
    players_to_act: tuple[int, ...]
    """The seats that may move now: everyone still to choose a pain card (:rule:`ST-PAIN-1`),
    or the one player whose turn it is, or nobody once the game is over."""
    is_over: bool
    """Whether the game has ended: its last round is scored (:rule:`ST-GAME-1`)."""

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each player's hand, by seat."""
        return tuple(map(self.hand, range(len(self.hand_moves))))

    def hand(self, player: int) -> CardSet:
        """The hand of one player."""
        return CardSet(sum(map(_move_bit, self.hand_moves[player])))

    @property
    def rules(self) -> StichelnRules:
        """The rules of the game."""
        return self.setup.rules

    @property
    def players(self) -> int:
        """The number of players."""
        return self.setup.players

    @property
    def rounds(self) -> int:
        """The number of rounds the game lasts (:rule:`ST-GAME-1`)."""
        return len(self.setup.deals)

    @property
    def deal_number(self) -> int:
        """The deal in progress: :attr:`round_number`, the name the game protocol uses
        (:meth:`Game.deal_number <sticheln.Game.deal_number>`)."""
        return self.round_number

    @property
    def round_leader(self) -> int:
        """The seat that leads the first trick of the round in progress (:rule:`ST-LEAD-3`)."""
        return (self.setup.first_leader + self.round_number) % self.setup.players

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The plays of the current trick so far: ``(player, card)`` in play order."""
        n = self.setup.players
        return tuple(((self.trick_leader + i) % n, c) for i, c in enumerate(self.trick_cards))

    @property
    def picks_revealed(self) -> bool:
        """Whether the pain cards of the round are face up (everyone has chosen)."""
        return self.phase is _PLAYING

    @property
    def completed_tricks(self) -> tuple[tuple[Trick, ...], ...]:
        """The finished tricks of every round so far, the round in progress last."""
        done = tuple(r.tricks for r in self.finished_rounds)
        return done if self.phase is _OVER else (*done, self.tricks)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's total over the finished rounds (:rule:`ST-SCORE-3`)."""
        totals = [0] * self.setup.players
        for finished in self.finished_rounds:
            for p, score in enumerate(finished.scores):
                totals[p] += score
        return tuple(totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest total once the game is over, else ``()``; several
        on a tie (:rule:`ST-GAME-2`)."""
        return winners(self.scores) if self.phase is _OVER else ()

    @property
    def ranking(self) -> tuple[int, ...]:
        """Each player's place by total so far, 1 for first, shared on ties."""
        return ranking(self.scores)

    @property
    def moves(self) -> tuple[StichelnMove, ...]:
        """Every move of the game so far, in order."""
        moves: list[StichelnMove] = []
        for finished in self.finished_rounds:
            moves.extend(finished.moves)
        if self.phase is not _OVER:
            for p in self.pick_order:
                card = self.picks[p]
                assert card is not None  # pick_order lists the seats that have chosen
                moves.append(ChoosePain(p, card))
            moves.extend(PlayCard(p, c) for trick in self.tricks for p, c in trick.plays)
            moves.extend(PlayCard(p, c) for p, c in self.current_trick)
        return tuple(moves)

    def __repr__(self) -> str:
        return short_repr("StichelnState", [f"{self.players} players", *progress(self)])

    def __str__(self) -> str:
        """Every hand by seat, the pain cards, the trick on the table, the tricks of the round
        and the players' scores; the scoreboard once the game is over."""
        from sticheln.sticheln.view import describe_state  # the view imports this module

        return describe_state(self)


def progress(game: StichelnState | StichelnView, *, short: bool = True) -> list[str]:
    """Where a game of Sticheln is, in the parts of its ``repr`` (``short``) or of the first
    line of its ``str``: the round, then the trick and who plays, or who is still to choose a
    pain card; the scores once it is over."""
    if game.phase is _OVER:
        return ["over", f"scores {list(game.scores)}"] if short else ["game over"]
    parts = [deal_text("round", game.round_number, game.rounds, short=short)]
    waiting = game.players_to_act
    if game.phase is _CHOOSING:
        seats = str(list(waiting)) if short else ", ".join(map(str, waiting))
        return [*parts, "choosing pain cards", f"waiting for {seats}"]
    return [*parts, f"trick {len(game.tricks) + 1}", acting_text(waiting)]


def chosen_pain_cards(picks: Sequence[Card | None]) -> tuple[Card, ...]:
    """The pain cards of ``picks`` (:attr:`StichelnState.picks`) once every player has chosen
    one, as in the playing phase (:rule:`ST-PAIN-1`).

    :raises ValueError: if a player has not chosen yet.
    """
    cards = tuple([card for card in picks if card is not None])
    if len(cards) != len(picks):
        raise ValueError("a player has not chosen a pain card yet")
    return cards


def check_state(state: object) -> None:
    """Check that ``state`` is a :class:`StichelnState`.

    :raises WrongTypeError: if it is not (another game's state, a view, ``None``).
    """
    if type(state) is not StichelnState and not isinstance(state, StichelnState):
        raise wrong_type(state, StichelnState, "state")
