"""The rules of Sticheln as data: deck table, hand size, rounds and the open points.

Everything the rulebook fixes per player count, and everything the sources leave open or
that editions do differently, is a field of the frozen :class:`StichelnRules` object. Named presets
(:data:`STICHELN_PRESETS`) cover the editions the library knows.

>>> rules = StichelnRules()
>>> rules.deck(4)
Deck(players=4, colors='RYGBP', lowest=0, highest=11)
>>> rules.rounds_for(4)
4
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import Final

import attrs

from sticheln.core.cards import _ALL_CARDS, Card, CardSet, Color
from sticheln.core.errors import RulesError, excerpt
from sticheln.core.rulesdata import (
    check_rules_fields,
    find_preset,
    read_colors,
    read_int,
    read_option,
    read_optional_int,
    read_str,
)

__all__ = [
    "AMIGO_1993",
    "EIGHT_PLAYERS",
    "NSV",
    "ONLINE_5_ROUNDS",
    "STICHELN_PRESETS",
    "TINY",
    "AllZeroTrick",
    "Deck",
    "FirstLeader",
    "StichelnRules",
]


class AllZeroTrick(Enum):
    """What happens to a trick in which every card is a zero (:rule:`ST-TRICK-6`)."""

    SET_ASIDE = "set-aside"
    """Nobody wins it; the cards are set aside and the same player leads again (NSV rules)."""
    LEADER_WINS = "leader-wins"
    """The player who led it wins it and leads the next trick (an online implementation)."""


class FirstLeader(Enum):
    """Who leads the first trick of the game (:rule:`ST-LEAD-1`)."""

    GIVEN_SEAT = "given-seat"
    """The seat passed to :func:`~sticheln.new_game` as ``first_leader``: the youngest player
    in the NSV rules."""
    LEFT_OF_DEALER = "left-of-dealer"
    """A random draw picks the dealer, and the player left of the dealer leads (AMIGO 1993)."""


@attrs.frozen(repr=False)
class Deck:
    """The cards used for one player count: every value from ``lowest`` to ``highest`` in
    each of ``colors`` (:rule:`ST-DECK-1`).

    >>> from sticheln import Deck
    >>> Deck(3, "RYGBP", 0, 8).size
    45
    """

    players: int
    """The number of players this deck is for."""
    colors: tuple[Color, ...] = attrs.field(converter=read_colors)
    """The colours in the deck (a string of colour letters is accepted)."""
    lowest: int
    """The lowest value in every colour."""
    highest: int
    """The highest value in every colour."""
    _indices: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or self.players < 2:
            raise RulesError(
                f"a deck is for 2 or more players, got players={excerpt(self.players)}"
            )
        if not self.colors or len(set(self.colors)) != len(self.colors):
            raise RulesError(
                f"deck for {excerpt(self.players)} players: colours must be distinct "
                f"and not empty, got {excerpt(self.colors)}"
            )
        lo, hi = self.lowest, self.highest
        if type(lo) is not int or type(hi) is not int or not 0 <= lo <= hi <= 20:
            raise RulesError(
                f"deck for {excerpt(self.players)} players: values must satisfy "
                f"0 <= lowest <= highest <= 20, got {excerpt(lo)}..{excerpt(hi)}"
            )
        indices = sorted(
            Card(color, value).index
            for color in self.colors
            for value in range(self.lowest, self.highest + 1)
        )
        object.__setattr__(self, "_indices", tuple(indices))

    @property
    def indices(self) -> tuple[int, ...]:
        """The :attr:`Card.index <sticheln.Card.index>` of every card of the deck, ascending."""
        return self._indices

    @property
    def size(self) -> int:
        """The number of cards in the deck."""
        return len(self.colors) * (self.highest - self.lowest + 1)

    @property
    def cards(self) -> CardSet:
        """Every card of the deck."""
        mask = 0
        for index in self._indices:
            mask |= 1 << index
        return CardSet(mask)

    def __repr__(self) -> str:
        letters = "".join(c.letter for c in self.colors)
        return (
            f"Deck(players={self.players}, colors={letters!r}, "
            f"lowest={self.lowest}, highest={self.highest})"
        )


MAX_ROUNDS: Final = 100
"""The most rounds a game may have: every round is dealt when the game starts."""

_FIVE = "RYGBP"
_SIX = "RYGBPA"

NSV_DECKS: Final = (
    Deck(3, _FIVE, 0, 8),
    Deck(4, _FIVE, 0, 11),
    Deck(5, _FIVE, 0, 14),
    Deck(6, _SIX, 0, 14),
)
"""The deck table of the NSV English rules, p. 1: 3 to 6 players."""

RECONSTRUCTED_7_8_DECKS: Final = (
    Deck(7, _SIX, 0, 17),
    Deck(8, _SIX, 0, 19),
)
"""Decks for 7 and 8 players, *reconstructed*: no source gives the table of the German
editions that play up to eight (:doc:`/rules/open-points`). Six colours 0-17 (108 cards, 3 left
over, set aside face up) for 7 players, as the rules site of an online implementation plays
it; six colours 0-19 (120 cards) for 8."""


def _decks(value: object) -> tuple[Deck, ...]:
    if not isinstance(value, tuple | list) or not all(isinstance(d, Deck) for d in value):
        raise RulesError(f"decks must be a sequence of Deck, got {excerpt(value)}")
    return tuple(sorted(value, key=lambda d: d.players))


@attrs.frozen
class StichelnRules:
    """A complete, playable set of rules for Sticheln.

    The defaults are the English rules of Nürnberger-Spielkarten-Verlag (NSV). Every field is
    data: variants and editions are other values of this class, see :data:`STICHELN_PRESETS`.

    :raises RulesError: if the rules cannot be played (a deck too small to give everyone a
        full hand, two decks for one player count, a hand too small for a trick, ...).
    """

    name: str = "nsv"
    """A short name for the rule set, written into game records."""
    decks: tuple[Deck, ...] = attrs.field(default=NSV_DECKS, converter=_decks)
    """The deck for each supported player count (:rule:`ST-DECK-1`)."""
    hand_size: int = 15
    """Cards dealt to every player (:rule:`ST-DEAL-1`); cards left over are set aside."""
    rounds: int | None = None
    """Rounds per game, at most :data:`MAX_ROUNDS`; ``None`` means one per player
    (:rule:`ST-GAME-1`)."""
    first_leader: FirstLeader = FirstLeader.GIVEN_SEAT
    """Who leads the first trick of the game (:rule:`ST-LEAD-1`)."""
    all_zero_trick: AllZeroTrick = AllZeroTrick.SET_ASIDE
    """What happens to a trick of zeros only (:rule:`ST-TRICK-6`)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"rules name must be a non-empty string, got {excerpt(self.name)}")
        if type(self.hand_size) is not int or not 2 <= self.hand_size <= len(_ALL_CARDS):
            raise RulesError(
                f"hand_size must be an int from 2 (one pain card and at least one trick) to "
                f"{len(_ALL_CARDS)} (every card there is), got {excerpt(self.hand_size)}"
            )
        if self.rounds is not None and (
            type(self.rounds) is not int or not 1 <= self.rounds <= MAX_ROUNDS
        ):
            raise RulesError(
                f"rounds must be None or an int from 1 to {MAX_ROUNDS}, got {excerpt(self.rounds)}"
            )
        if not isinstance(self.first_leader, FirstLeader):
            raise RulesError(
                f"first_leader must be a FirstLeader, got {excerpt(self.first_leader)}"
            )
        if not isinstance(self.all_zero_trick, AllZeroTrick):
            raise RulesError(
                f"all_zero_trick must be an AllZeroTrick, got {excerpt(self.all_zero_trick)}"
            )
        if not self.decks:
            raise RulesError("rules need at least one deck")
        counts = [d.players for d in self.decks]
        if len(set(counts)) != len(counts):
            raise RulesError(f"two decks for the same player count in {counts}")
        for deck in self.decks:
            needed = deck.players * self.hand_size
            if deck.size < needed:
                raise RulesError(
                    f"the deck for {deck.players} players has {deck.size} cards, but "
                    f"{deck.players} hands of {self.hand_size} need {needed}"
                )

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts these rules have a deck for, ascending."""
        return tuple(d.players for d in self.decks)

    def deck(self, players: int) -> Deck:
        """The deck for ``players`` players.

        :raises RulesError: if the rules have no deck for that many players.
        """
        for deck in self.decks:
            if deck.players == players:
                return deck
        raise RulesError(
            f"rules {excerpt(self.name)} have no deck for {excerpt(players)} players "
            f"(they support {', '.join(map(str, self.player_counts))}); "
            f"add a Deck to StichelnRules.decks for your box"
        )

    def rounds_for(self, players: int) -> int:
        """The number of rounds of a game with ``players`` players (:rule:`ST-GAME-1`)."""
        return players if self.rounds is None else self.rounds

    def tricks_per_round(self) -> int:
        """Tricks in every round: the hand minus the pain card (:rule:`ST-ROUND-1`)."""
        return self.hand_size - 1

    def to_dict(self) -> dict[str, object]:
        """The rules as plain JSON-compatible data; :meth:`from_dict` reads it back."""
        return {
            "name": self.name,
            "decks": [
                {
                    "players": d.players,
                    "colors": "".join(c.letter for c in d.colors),
                    "lowest": d.lowest,
                    "highest": d.highest,
                }
                for d in self.decks
            ],
            "hand_size": self.hand_size,
            "rounds": self.rounds,
            "first_leader": self.first_leader.value,
            "all_zero_trick": self.all_zero_trick.value,
        }

    @classmethod
    def from_dict(cls, data: object) -> StichelnRules:
        """Rules from the data of :meth:`to_dict`.

        :raises RulesError: naming the field that is missing, unknown or of the wrong kind.
        """
        data = check_rules_fields(
            data, ("name", "decks", "hand_size", "rounds", "first_leader", "all_zero_trick")
        )
        decks_data = data["decks"]
        if not isinstance(decks_data, list):
            raise RulesError("rules field 'decks' must be a list")
        decks = []
        for i, entry in enumerate(decks_data):
            if not isinstance(entry, Mapping) or set(entry) != {
                "players",
                "colors",
                "lowest",
                "highest",
            }:
                raise RulesError(
                    f"rules field 'decks[{i}]' must have exactly the keys "
                    f"players, colors, lowest, highest"
                )
            try:
                decks.append(
                    Deck(entry["players"], entry["colors"], entry["lowest"], entry["highest"])
                )
            except RulesError as exc:
                raise RulesError(f"rules field 'decks[{i}]': {exc}") from None
        return cls(
            name=read_str(data, "name"),
            decks=tuple(decks),
            hand_size=read_int(data, "hand_size"),
            rounds=read_optional_int(data, "rounds"),
            first_leader=read_option(data, "first_leader", FirstLeader),
            all_zero_trick=read_option(data, "all_zero_trick", AllZeroTrick),
        )

    @classmethod
    def preset(cls, name: str) -> StichelnRules:
        """The preset called ``name`` (case-insensitive); see :data:`STICHELN_PRESETS`.

        :raises UnknownNameError: if there is no such preset; the message lists the known ones.
        """
        return find_preset(STICHELN_PRESETS, name, "Sticheln rules")


NSV: Final = StichelnRules()
"""The English rules of Nürnberger-Spielkarten-Verlag (the default): 3-6 players, one round
per player, the youngest player leads first, a trick of zeros is set aside."""

AMIGO_1993: Final = StichelnRules(name="amigo-1993", first_leader=FirstLeader.LEFT_OF_DEALER)
"""The AMIGO 1993 German rules as reviews describe them: a draw picks the dealer and the
player left of the dealer leads the first trick."""

ONLINE_5_ROUNDS: Final = StichelnRules(
    name="online-5-rounds", rounds=5, all_zero_trick=AllZeroTrick.LEADER_WINS
)
"""The style of a long-running online implementation: five rounds whatever the player
count, and a trick of zeros goes to its leader."""

EIGHT_PLAYERS: Final = StichelnRules(
    name="eight-players", decks=NSV_DECKS + RECONSTRUCTED_7_8_DECKS
)
"""The NSV rules extended to 7 and 8 players with a **reconstructed** deck table (see
:data:`RECONSTRUCTED_7_8_DECKS`): the sources do not give the table of the editions for
eight. Use your own :class:`Deck` entries if your box differs."""

TINY: Final = StichelnRules(
    name="tiny", decks=(Deck(2, "RY", 0, 2), Deck(3, "RYG", 0, 2)), hand_size=3, rounds=1
)
"""A game small enough to search whole: one round of three cards a hand (a pain card and two
tricks), for 2 players (red and yellow 0-2) or 3 (red, yellow and green 0-2). No edition has
it: it is the library's convention, for tree algorithms (OpenSpiel's CFR and its
exploitability), exact solvers and quick tests."""

STICHELN_PRESETS: Final[Mapping[str, StichelnRules]] = MappingProxyType(
    {rules.name: rules for rules in (NSV, AMIGO_1993, ONLINE_5_ROUNDS, EIGHT_PLAYERS, TINY)}
)
"""The named rule sets, by :attr:`StichelnRules.name`."""
