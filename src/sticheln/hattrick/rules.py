"""The rules of Hattrick as data: the deck, the player counts, the hands per game and the open
points of the sources.

>>> rules = HattrickRules()
>>> rules.deck_size, rules.hand_size(5), rules.hands_for(5)
(60, 12, 5)
>>> str(rules.deck.of_color(Color.BLUE))
'B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14 B15 B16 B17 B18 B19 B20'
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import Final

import attrs

from sticheln.core.cards import MAX_VALUE, Card, CardSet, Color
from sticheln.core.errors import RulesError, excerpt
from sticheln.core.rulesdata import (
    check_rules_fields,
    find_preset,
    read_colors,
    read_int,
    read_option,
    read_optional_int,
    read_player_counts,
    read_str,
)
from sticheln.core.setup import check_player_count

__all__ = [
    "AMIGO_1995",
    "HATTRICK_PRESETS",
    "PASSES_HIDDEN",
    "PASSES_SHOWN",
    "TINY",
    "HattrickRules",
    "LeadCards",
    "LeadTie",
    "PassedCards",
]


MAX_HANDS: Final = 100
"""The most hands a game may have: every hand is dealt when the game starts."""


class LeadTie(Enum):
    """Who leads the next turn when the highest value of a turn was played more than once
    (:rule:`HT-LEAD-2`)."""

    NEXT_LOWER = "next-lower"
    """Go down the values played in the turn to the highest one played exactly once; its
    player leads. If every value was played more than once, the earliest card of the highest
    value decides. The default: the library's reading of keirat and braillespiel.de, which
    say that on a tie the next lower card decides, and do not say what happens when no value
    was played exactly once."""
    EARLIEST = "earliest"
    """Of the cards of the highest value, the one played first in the turn decides."""


class PassedCards(Enum):
    """What the other players see of a passed card before it is laid face down
    (:rule:`HT-PASS-1`)."""

    SHOWN = "shown"
    """The card is shown to the other players, then laid face down: its value is public (the
    default)."""
    HIDDEN = "hidden"
    """Only the card's colour is shown, the colour without an open trick that every passed
    card has: its value stays the passer's secret."""


class LeadCards(Enum):
    """Which cards of a turn count when the player who leads the next turn is found
    (:rule:`HT-LEAD-2`)."""

    TRICKS = "tricks"
    """The cards of the tricks only: the player of the highest card "in both tricks" leads, and
    passed cards do not count (the default)."""
    TURN = "turn"
    """Every card of the turn, passed cards included: the player of the highest card played in
    the turn leads. Passed cards must then be shown (:attr:`PassedCards.SHOWN`)."""


@attrs.frozen
class HattrickRules:
    """A complete, playable set of rules for Hattrick.

    The defaults are the AMIGO rules of 1995 as the English translation gives them, with the
    library's choices for what they leave open (:doc:`/rules/hattrick`). Every field is data;
    variants are other values of this class.

    :raises RulesError: if the rules cannot be played (not three colours, a deck that does not
        divide evenly among a player count, a hand of fewer than two cards, passed cards that
        count for the lead without being shown, ...).
    """

    name: str = "amigo-1995"
    """A short name for the rule set, written into game records."""
    colors: tuple[Color, ...] = attrs.field(
        default=(Color.RED, Color.GREEN, Color.BLUE), converter=read_colors
    )
    """The three colours of the deck (:rule:`HT-DECK-1`): red, green and blue, the colours
    two reviews name. A string of colour letters (``"RYB"``) is accepted."""
    highest: int = 20
    """The highest value; every colour has each value from 1 to ``highest`` once
    (:rule:`HT-DECK-1`). Smaller decks are for teaching and tests."""
    player_counts: tuple[int, ...] = attrs.field(default=(4, 5, 6), converter=read_player_counts)
    """The numbers of players the rules allow (:rule:`HT-DECK-1`); the deck must divide
    evenly among each of them (:rule:`HT-DEAL-1`)."""
    hands_per_game: int | None = None
    """Hands per game, at most 100 (``MAX_HANDS``); ``None`` means one per player
    (:rule:`HT-GAME-1`). With a :attr:`target_score` the game lasts at most this many
    hands."""
    target_score: int | None = None
    """A total that ends the game: after the hand in which some player's total first reaches
    it, no more hands are played (:rule:`HT-GAME-3`). ``None`` (the default) plays every
    hand."""
    lead_tie: LeadTie = LeadTie.NEXT_LOWER
    """Who leads when the highest value of a turn is not unique (:rule:`HT-LEAD-2`)."""
    passed_cards: PassedCards = PassedCards.SHOWN
    """Whether the others see a passed card's value (:rule:`HT-PASS-1`)."""
    lead_cards: LeadCards = LeadCards.TRICKS
    """Whether passed cards count when the next leader is found (:rule:`HT-LEAD-2`)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"rules name must be a non-empty string, got {excerpt(self.name)}")
        if len(self.colors) != 3 or len(set(self.colors)) != 3:
            raise RulesError(
                f"Hattrick is played with three different colours, got "
                f"{''.join(c.letter for c in self.colors)!r}"
            )
        if type(self.highest) is not int or not 1 <= self.highest <= MAX_VALUE:
            raise RulesError(
                f"highest must be an int from 1 to {MAX_VALUE}, got {excerpt(self.highest)}"
            )
        if not self.player_counts or len(set(self.player_counts)) != len(self.player_counts):
            raise RulesError(
                f"player_counts must be distinct and not empty, got {excerpt(self.player_counts)}"
            )
        size = 3 * self.highest
        for players in self.player_counts:
            if players < 2 or size % players or size // players < 2:
                raise RulesError(
                    f"a deck of {size} cards cannot be dealt evenly to {players} players "
                    f"with at least two cards each"
                )
        if self.hands_per_game is not None and (
            type(self.hands_per_game) is not int or not 1 <= self.hands_per_game <= MAX_HANDS
        ):
            raise RulesError(
                f"hands_per_game must be None or an int from 1 to {MAX_HANDS}, "
                f"got {excerpt(self.hands_per_game)}"
            )
        if self.target_score is not None and (
            type(self.target_score) is not int or self.target_score < 1
        ):
            raise RulesError(
                f"target_score must be None or an int >= 1, got {excerpt(self.target_score)}"
            )
        if not isinstance(self.lead_tie, LeadTie):
            raise RulesError(f"lead_tie must be a LeadTie, got {excerpt(self.lead_tie)}")
        if not isinstance(self.passed_cards, PassedCards):
            raise RulesError(
                f"passed_cards must be a PassedCards, got {excerpt(self.passed_cards)}"
            )
        if not isinstance(self.lead_cards, LeadCards):
            raise RulesError(f"lead_cards must be a LeadCards, got {excerpt(self.lead_cards)}")
        if self.lead_cards is LeadCards.TURN and self.passed_cards is PassedCards.HIDDEN:
            raise RulesError(
                "passed cards can count for the next lead (LeadCards.TURN) only when they are "
                "shown (PassedCards.SHOWN), not with PassedCards.HIDDEN"
            )

    @property
    def deck(self) -> CardSet:
        """Every card of the deck: the values 1 to :attr:`highest` in each colour."""
        mask = 0
        for color in self.colors:
            first = Card(color, 1).index
            mask |= ((1 << self.highest) - 1) << first
        return CardSet(mask)

    @property
    def deck_size(self) -> int:
        """The number of cards in the deck (60 with the defaults)."""
        return 3 * self.highest

    def check_players(self, players: int) -> None:
        """Check that the rules allow ``players`` players.

        :raises RulesError: if they do not; the message lists the allowed counts.
        :raises WrongTypeError: if ``players`` is not an ``int``.
        """
        check_player_count(players)
        if players not in self.player_counts:
            raise RulesError(
                f"rules {excerpt(self.name)} are for {', '.join(map(str, self.player_counts))} "
                f"players, not {excerpt(players)}"
            )

    def hand_size(self, players: int) -> int:
        """Cards dealt to each of ``players`` players: the whole deck, evenly
        (:rule:`HT-DEAL-1`).

        :raises RulesError: if the rules do not allow that many players.
        """
        self.check_players(players)
        return self.deck_size // players

    def hands_for(self, players: int) -> int:
        """The number of hands of a game with ``players`` players (:rule:`HT-GAME-1`): all of
        them are dealt, and all are played unless a player reaches the :attr:`target_score`
        first (:rule:`HT-GAME-3`)."""
        return players if self.hands_per_game is None else self.hands_per_game

    def to_dict(self) -> dict[str, object]:
        """The rules as plain JSON-compatible data; :meth:`from_dict` reads it back."""
        return {
            "name": self.name,
            "colors": "".join(c.letter for c in self.colors),
            "highest": self.highest,
            "player_counts": list(self.player_counts),
            "hands_per_game": self.hands_per_game,
            "target_score": self.target_score,
            "lead_tie": self.lead_tie.value,
            "passed_cards": self.passed_cards.value,
            "lead_cards": self.lead_cards.value,
        }

    @classmethod
    def from_dict(cls, data: object) -> HattrickRules:
        """Rules from the data of :meth:`to_dict`.

        :raises RulesError: naming the field that is missing, unknown or of the wrong kind.
        """
        data = check_rules_fields(data, _FIELDS)
        return cls(
            name=read_str(data, "name"),
            colors=data["colors"],
            highest=read_int(data, "highest"),
            player_counts=data["player_counts"],
            hands_per_game=read_optional_int(data, "hands_per_game"),
            target_score=read_optional_int(data, "target_score"),
            lead_tie=read_option(data, "lead_tie", LeadTie),
            passed_cards=read_option(data, "passed_cards", PassedCards),
            lead_cards=read_option(data, "lead_cards", LeadCards),
        )

    @classmethod
    def preset(cls, name: str) -> HattrickRules:
        """The preset called ``name`` (case-insensitive); see :data:`HATTRICK_PRESETS`.

        :raises UnknownNameError: if there is no such preset; the message lists the known ones.
        """
        return find_preset(HATTRICK_PRESETS, name, "Hattrick rules")


_FIELDS: Final = (
    "name",
    "colors",
    "highest",
    "player_counts",
    "hands_per_game",
    "target_score",
    "lead_tie",
    "passed_cards",
    "lead_cards",
)

AMIGO_1995: Final = HattrickRules()
"""The AMIGO rules of 1995 (the default): 4 to 6 players, 60 cards, one hand per player,
a tie for the next lead broken as keirat and braillespiel.de say, by the next lower card (in
the library's reading, the highest value played once), passed cards shown to everyone but not
counted for the next lead."""

PASSES_SHOWN: Final = HattrickRules(
    name="passes-shown", passed_cards=PassedCards.SHOWN, lead_cards=LeadCards.TURN
)
"""Passed cards count when the next leader is found, and are shown to everyone. keirat and
braillespiel.de let the player of the highest card of the whole turn ("insgesamt") lead, but
do not say whether a passed card counts; that it does is this library's reading
(:rule:`HT-LEAD-2`)."""

PASSES_HIDDEN: Final = HattrickRules(
    name="passes-hidden", passed_cards=PassedCards.HIDDEN, lead_cards=LeadCards.TRICKS
)
"""The reading in which only the colour of a passed card is shown, so that its value stays the
passer's secret, and the highest card of the two tricks leads."""

TINY: Final = HattrickRules(name="tiny", highest=2, player_counts=(2, 3), hands_per_game=1)
"""A game small enough to search whole: one hand with the values 1 and 2 of each colour, six
cards, for 2 players (three cards each) or 3 (two each). No edition has it: it is the
library's convention, for tree algorithms (OpenSpiel's CFR and its exploitability), exact
solvers and quick tests."""

HATTRICK_PRESETS: Final[Mapping[str, HattrickRules]] = MappingProxyType(
    {rules.name: rules for rules in (AMIGO_1995, PASSES_SHOWN, PASSES_HIDDEN, TINY)}
)
"""The named Hattrick rule sets, by :attr:`HattrickRules.name`."""
