"""The rules of Stichling as data: the deck, the player counts, the victory-point cards of each
hand and the open points of the sources, each a field with its options.

>>> rules = StichlingRules()
>>> len(rules.deck(2)), len(rules.deck(5)), rules.hand_count
(24, 60, 3)
>>> str(rules.deck(2).of_color(Color.RED))
'R1 R2 R3 R4 R5 R6'
>>> rules.points
((1, 2, 3), (2, 4, 6), (3, 6, 9))
>>> TINY.hand_size, str(TINY.deck(2))
(4, 'R1 R2 Y1 Y2 G1 G2 B1 B2')
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
    read_player_counts,
    read_str,
)
from sticheln.core.setup import check_player_count

__all__ = [
    "HAND_SIZE",
    "OPEN_TRICKS",
    "RAVENSBURGER_2015",
    "SEED_POINTS",
    "SPIELETEST",
    "STANDARD_POINTS",
    "STICHLING_PRESETS",
    "TINY",
    "TRICK_SIZE",
    "VALUES_PER_PLAYER",
    "CountedCards",
    "Discards",
    "FullTie",
    "HandLeader",
    "OpenAtEnd",
    "RemovedCards",
    "SameColor",
    "StichlingRules",
]

HAND_SIZE: Final = 12
"""The cards dealt to every player for a hand, whatever the number of players
(:rule:`SL-DEAL-1`): :attr:`StichlingRules.hand_size` of every edition's rules."""
VALUES_PER_PLAYER: Final = 3
"""The values of each colour shuffled per player (:rule:`SL-DECK-2`): 3 in every edition, so
that four colours deal :data:`HAND_SIZE` cards to each player."""
_MOST_PLAYERS: Final = MAX_VALUE // VALUES_PER_PLAYER
"""The most players the engine's tables are built for (6; the box is for 5)."""
OPEN_TRICKS: Final = 4
"""The most tricks that may be open at once (:rule:`SL-PLAY-2`)."""
TRICK_SIZE: Final = 4
"""The cards that complete a trick (:rule:`SL-TRICK-2`)."""

STANDARD_POINTS: Final = ((1, 2, 3), (2, 4, 6), (3, 6, 9))
"""The victory-point cards of the three hands as Board Game Arena and most reviews give them
(:rule:`SL-VP-1`)."""
SEED_POINTS: Final = ((1, 3, 5), (2, 4, 6), (3, 6, 9))
"""The victory-point cards of the three hands as the spieletest.at review gives them
(:rule:`SL-VP-1`)."""


class RemovedCards(Enum):
    """Which cards stay out of a hand with fewer than five players (:rule:`SL-DECK-2`)."""

    HIGHEST = "highest"
    """The values above three times the number of players
    (:attr:`StichlingRules.values_per_player` times it) stay in the box, in every colour: 2
    players play 1 to 6, 3 players 1 to 9, 4 players 1 to 12 (the default). It is the one
    reading that fits both the card counts of Board Game Arena and "the higher cards" of a
    review."""
    RANDOM = "random"
    """The whole box is shuffled for every hand, 12 cards (:attr:`StichlingRules.hand_size`)
    are dealt to each player and the rest is laid aside face down, unseen by anyone."""


class Discards(Enum):
    """When a card may go onto an open trick of another colour (:rule:`SL-PLAY-5`)."""

    WHEN_STUCK = "when-stuck"
    """Only when the card can do nothing else: four tricks are open and none is of the
    card's colour (the default, after the most exact wording, reich-der-spiele.de's)."""
    WHEN_NOTHING_FITS = "when-nothing-fits"
    """Whenever no open trick is of the card's colour, even while a new trick could still be
    opened (the spieletest.at review read literally)."""


class SameColor(Enum):
    """Whether a trick may be opened in a colour that an open trick already has
    (:rule:`SL-PLAY-4`)."""

    ALLOWED = "allowed"
    """Yes: any card may open a trick while fewer than four are open (the default; the
    sources that discuss it say so)."""
    FORBIDDEN = "forbidden"
    """No: a card of an open trick's colour must be added to a trick."""


class CountedCards(Enum):
    """Which cards count toward the four that complete a trick (:rule:`SL-TRICK-2`)."""

    ALL = "all"
    """Every card, a discard of another colour included (the default)."""
    LED_COLOR = "led-color"
    """Only the cards of the trick's led colour; discards lie on the trick without counting."""


class OpenAtEnd(Enum):
    """What becomes of the tricks still open when every card of a hand has been played
    (:rule:`SL-HAND-1`)."""

    NOBODY = "nobody"
    """Nobody wins them; they turn up no victory-point card (the default: "open tricks are not
    scored")."""
    MARKER = "marker"
    """Each goes to its marker holder, as if it had been completed."""


class HandLeader(Enum):
    """Who plays the first card of the second and third hands (:rule:`SL-LEAD-2`)."""

    NEXT_CLOCKWISE = "next-clockwise"
    """The player left of the one who started the hand before: everyone starts a hand in
    turn (the default)."""
    SAME = "same"
    """The player who started the first hand starts every hand (the oldest player, read as
    the starter of every hand)."""


class FullTie(Enum):
    """What happens when the best players are equal in their totals and in every hand
    (:rule:`SL-GAME-2`)."""

    SHARED = "shared"
    """They share the win (the default)."""
    MOST_TRICKS = "most-tricks"
    """The one of them who won the most tricks over the game wins; equal there too, they
    share the win. This is the library's own tie-break, for tables that want one winner."""


def _points(value: object) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, tuple | list) or not all(isinstance(h, tuple | list) for h in value):
        raise RulesError(
            f"points must be a sequence of three values per hand, got {excerpt(value)}"
        )
    return tuple(tuple(hand) for hand in value)


def _mode(discards: Discards, same_color: SameColor, counted_cards: CountedCards) -> int:
    return (
        (discards is Discards.WHEN_NOTHING_FITS)
        | (same_color is SameColor.FORBIDDEN) << 1
        | (counted_cards is CountedCards.LED_COLOR) << 2
    )


@attrs.frozen
class StichlingRules:
    """A complete, playable set of rules for Stichling.

    The defaults are the rules of the Ravensburger edition of 2015 as Board Game Arena's rules
    text and the reviews give them, with the library's choices for what they leave open
    (:doc:`/rules/stichling`). Every field is data; variants are other values of this class.

    :raises RulesError: if the rules cannot be played (not four different colours, a player
        count the box has too few cards for, victory-point cards that are not three different
        values per hand, an option of the wrong kind, ...).
    """

    name: str = "ravensburger-2015"
    """A short name for the rule set, written into game records."""
    colors: tuple[Color, ...] = attrs.field(
        default=(Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE), converter=read_colors
    )
    """The four colours of the cards (:rule:`SL-DECK-1`). No source names them; the library
    uses red, yellow, green and blue. A string of colour letters (``"RYGB"``) is accepted."""
    highest: int = 15
    """The highest value in the box; every colour has each value from 1 to ``highest``
    (:rule:`SL-DECK-1`)."""
    player_counts: tuple[int, ...] = attrs.field(default=(2, 3, 4, 5), converter=read_player_counts)
    """The numbers of players the rules allow (:rule:`SL-DECK-1`)."""
    values_per_player: int = VALUES_PER_PLAYER
    """The values of each colour shuffled per player: ``n`` players play the values 1 to
    ``values_per_player * n`` of every colour (:rule:`SL-DECK-2`) and each is dealt
    :attr:`hand_size`, four times as many cards (:rule:`SL-DEAL-1`). Every edition has 3,
    twelve cards a hand; the :data:`TINY` preset has 1."""
    points: tuple[tuple[int, ...], ...] = attrs.field(default=STANDARD_POINTS, converter=_points)
    """The values of the three victory-point cards of each hand, one triple per hand; their
    number is the number of hands (:rule:`SL-VP-1`, :rule:`SL-GAME-1`)."""
    removed_cards: RemovedCards = RemovedCards.HIGHEST
    """Which cards stay out with fewer than five players (:rule:`SL-DECK-2`)."""
    discards: Discards = Discards.WHEN_STUCK
    """When a card may be discarded onto a trick of another colour (:rule:`SL-PLAY-5`)."""
    same_color: SameColor = SameColor.ALLOWED
    """Whether a second trick of an open trick's colour may be opened (:rule:`SL-PLAY-4`)."""
    counted_cards: CountedCards = CountedCards.ALL
    """Whether discards count toward the four cards of a trick (:rule:`SL-TRICK-2`)."""
    open_at_end: OpenAtEnd = OpenAtEnd.NOBODY
    """Who wins the tricks still open at the end of a hand (:rule:`SL-HAND-1`)."""
    hand_leader: HandLeader = HandLeader.NEXT_CLOCKWISE
    """Who starts the second and third hands (:rule:`SL-LEAD-2`)."""
    full_tie: FullTie = FullTie.SHARED
    """What happens when the best players are equal in every hand (:rule:`SL-GAME-2`)."""
    hand_size: int = attrs.field(init=False, eq=False, repr=False)
    """The cards dealt to every player for a hand: four times :attr:`values_per_player`, one
    value per player of each colour; :data:`HAND_SIZE` (12) in every edition
    (:rule:`SL-DEAL-1`)."""
    move_mode: int = attrs.field(init=False, eq=False, repr=False)
    """The options that decide what a card does (:attr:`discards`, :attr:`same_color` and
    :attr:`counted_cards`) as a number from 0 to 7, part of the keys of the engine's move
    tables."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"rules name must be a non-empty string, got {excerpt(self.name)}")
        if len(self.colors) != 4 or len(set(self.colors)) != 4:
            raise RulesError(
                f"Stichling is played with four different colours, got "
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
        if type(self.values_per_player) is not int or not self.values_per_player >= 1:
            raise RulesError(
                f"values_per_player must be an int of at least 1, got "
                f"{excerpt(self.values_per_player)}"
            )
        for players in self.player_counts:
            if not 2 <= players <= _MOST_PLAYERS:
                raise RulesError(
                    f"Stichling is played by 2 to {_MOST_PLAYERS} players, not {players}"
                )
            if self.values_per_player * players > self.highest:
                raise RulesError(
                    f"{players} players need the values 1 to {self.values_per_player * players} "
                    f"in each colour, and the box goes up to {self.highest}"
                )
        if not self.points:
            raise RulesError("points must give the victory-point cards of at least one hand")
        for number, values in enumerate(self.points):
            if (
                len(values) != 3
                or not all(type(v) is int and v >= 0 for v in values)
                or len(set(values)) != 3
            ):
                raise RulesError(
                    f"points of hand {number + 1}: three different ints of at least 0 are "
                    f"needed, got {excerpt(values)}"
                )
        for field, kind in (
            ("removed_cards", RemovedCards),
            ("discards", Discards),
            ("same_color", SameColor),
            ("counted_cards", CountedCards),
            ("open_at_end", OpenAtEnd),
            ("hand_leader", HandLeader),
            ("full_tie", FullTie),
        ):
            if not isinstance(getattr(self, field), kind):
                raise RulesError(
                    f"{field} must be a {kind.__name__}, got {excerpt(getattr(self, field))}"
                )
        object.__setattr__(self, "hand_size", len(self.colors) * self.values_per_player)
        object.__setattr__(
            self, "move_mode", _mode(self.discards, self.same_color, self.counted_cards)
        )

    @property
    def hand_count(self) -> int:
        """The number of hands of a game: one per triple of :attr:`points`, three by default
        (:rule:`SL-GAME-1`)."""
        return len(self.points)

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

    def deck(self, players: int) -> CardSet:
        """The cards shuffled for a hand of ``players`` players: the values 1 to
        ``values_per_player * players`` of each colour (:rule:`SL-DECK-2`), or the whole box
        under :attr:`RemovedCards.RANDOM`.

        :raises RulesError: if the rules do not allow that many players.
        """
        self.check_players(players)
        top = (
            self.highest
            if self.removed_cards is RemovedCards.RANDOM
            else self.values_per_player * players
        )
        mask = 0
        for color in self.colors:
            mask |= ((1 << top) - 1) << Card(color, 1).index
        return CardSet(mask)

    def to_dict(self) -> dict[str, object]:
        """The rules as plain JSON-compatible data; :meth:`from_dict` reads it back."""
        return {
            "name": self.name,
            "colors": "".join(c.letter for c in self.colors),
            "highest": self.highest,
            "player_counts": list(self.player_counts),
            "values_per_player": self.values_per_player,
            "points": [list(values) for values in self.points],
            "removed_cards": self.removed_cards.value,
            "discards": self.discards.value,
            "same_color": self.same_color.value,
            "counted_cards": self.counted_cards.value,
            "open_at_end": self.open_at_end.value,
            "hand_leader": self.hand_leader.value,
            "full_tie": self.full_tie.value,
        }

    @classmethod
    def from_dict(cls, data: object) -> StichlingRules:
        """Rules from the data of :meth:`to_dict`.

        A missing ``values_per_player`` is the editions' 3: the records of version 0.1.0 have
        no such field.

        :raises RulesError: naming the field that is missing, unknown or of the wrong kind.
        """
        if isinstance(data, Mapping) and "values_per_player" not in data:
            data = {**data, "values_per_player": VALUES_PER_PLAYER}
        data = check_rules_fields(data, _FIELDS)
        return cls(
            name=read_str(data, "name"),
            colors=data["colors"],
            highest=read_int(data, "highest"),
            player_counts=data["player_counts"],
            values_per_player=read_int(data, "values_per_player"),
            points=data["points"],
            removed_cards=read_option(data, "removed_cards", RemovedCards),
            discards=read_option(data, "discards", Discards),
            same_color=read_option(data, "same_color", SameColor),
            counted_cards=read_option(data, "counted_cards", CountedCards),
            open_at_end=read_option(data, "open_at_end", OpenAtEnd),
            hand_leader=read_option(data, "hand_leader", HandLeader),
            full_tie=read_option(data, "full_tie", FullTie),
        )

    @classmethod
    def preset(cls, name: str) -> StichlingRules:
        """The preset called ``name`` (case-insensitive); see :data:`STICHLING_PRESETS`.

        :raises UnknownNameError: if there is no such preset; the message lists the known ones.
        """
        return find_preset(STICHLING_PRESETS, name, "Stichling rules")


_FIELDS: Final = (
    "name",
    "colors",
    "highest",
    "player_counts",
    "values_per_player",
    "points",
    "removed_cards",
    "discards",
    "same_color",
    "counted_cards",
    "open_at_end",
    "hand_leader",
    "full_tie",
)

RAVENSBURGER_2015: Final = StichlingRules()
"""The default rules: the Ravensburger edition of 2015 as Board Game Arena and the reviews give
it, victory points 1/2/3, 2/4/6 and 3/6/9, discards only when nothing else is possible."""

SPIELETEST: Final = StichlingRules(
    name="spieletest", points=SEED_POINTS, discards=Discards.WHEN_NOTHING_FITS
)
"""The spieletest.at review read literally: victory points 1/3/5 in the first hand, and a card
of a colour without an open trick may be discarded onto any open trick."""

TINY: Final = StichlingRules(
    name="tiny", player_counts=(2, 3), values_per_player=1, points=((1, 2, 3),)
)
"""A game small enough for tree algorithms: one hand of four cards each, one of every colour's
worth (:attr:`~StichlingRules.values_per_player` 1), for 2 players (the values 1 and 2 of the
four colours, so that the eight cards make at most two tricks) or 3 (1 to 3, three tricks at
most), with the first hand's victory points 1, 2 and 3. No edition has it: it is the library's
convention, for OpenSpiel's MCCFR, exact solvers and quick tests (:doc:`/openspiel`)."""

STICHLING_PRESETS: Final[Mapping[str, StichlingRules]] = MappingProxyType(
    {rules.name: rules for rules in (RAVENSBURGER_2015, SPIELETEST, TINY)}
)
"""The named Stichling rule sets, by :attr:`StichlingRules.name`."""
