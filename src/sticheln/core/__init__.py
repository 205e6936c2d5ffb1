"""The kernel that every game of the library is built on: cards, errors, the game protocol and
what a game declares about itself, the registry of games, the record layout and the reading
of a record of any game (:func:`load_record`), the checks of a game's setup, rules as data,
and the base that turns a game's functions into its protocol object.

Nothing here knows any particular game: the games import the kernel, never the other way
round, and no game imports another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sticheln.core.exports import lazy_exports

if TYPE_CHECKING:
    from sticheln.core.cards import MAX_VALUE, Card, CardSet, Color
    from sticheln.core.errors import (
        CardError,
        IllegalMoveError,
        InvalidMoveError,
        NotProvidedError,
        RecordError,
        RulesError,
        SetupError,
        SolverError,
        StichelnError,
        UnknownNameError,
        UnknownPlayerError,
        WrongTypeError,
    )
    from sticheln.core.kit import BaseGame, GameKit
    from sticheln.core.loading import RecordedGame, load_record
    from sticheln.core.protocol import SPECTATOR, Game, GameInfo, random_playout
    from sticheln.core.records import RECORD_FORMAT, Record
    from sticheln.core.registry import GAME_NAMES, GameFactory, find_game, register_game
    from sticheln.core.results import ranking, winners
    from sticheln.core.setup import GameSetup
    from sticheln.core.tricks import Trick

# The names are loaded from their modules when first used (importing the package costs
# only what is used).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "sticheln.core.cards": ("MAX_VALUE", "Card", "CardSet", "Color"),
        "sticheln.core.errors": (
            "CardError",
            "IllegalMoveError",
            "InvalidMoveError",
            "NotProvidedError",
            "RecordError",
            "RulesError",
            "SetupError",
            "SolverError",
            "StichelnError",
            "UnknownNameError",
            "UnknownPlayerError",
            "WrongTypeError",
        ),
        "sticheln.core.kit": ("BaseGame", "GameKit"),
        "sticheln.core.loading": ("RecordedGame", "load_record"),
        "sticheln.core.protocol": ("SPECTATOR", "Game", "GameInfo", "random_playout"),
        "sticheln.core.records": ("RECORD_FORMAT", "Record"),
        "sticheln.core.registry": ("GAME_NAMES", "GameFactory", "find_game", "register_game"),
        "sticheln.core.results": ("ranking", "winners"),
        "sticheln.core.setup": ("GameSetup",),
        "sticheln.core.tricks": ("Trick",),
    },
)


__all__ = [
    "GAME_NAMES",
    "MAX_VALUE",
    "RECORD_FORMAT",
    "SPECTATOR",
    "BaseGame",
    "Card",
    "CardError",
    "CardSet",
    "Color",
    "Game",
    "GameFactory",
    "GameInfo",
    "GameKit",
    "GameSetup",
    "IllegalMoveError",
    "InvalidMoveError",
    "NotProvidedError",
    "Record",
    "RecordError",
    "RecordedGame",
    "RulesError",
    "SetupError",
    "SolverError",
    "StichelnError",
    "Trick",
    "UnknownNameError",
    "UnknownPlayerError",
    "WrongTypeError",
    "find_game",
    "load_record",
    "random_playout",
    "ranking",
    "register_game",
    "winners",
]
