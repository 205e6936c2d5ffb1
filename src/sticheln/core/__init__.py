"""The kernel that every game of the library is built on: cards, errors, the game protocol and
what a game declares about itself, the registry of games, the record layout and the reading
of a record of any game (:func:`load_record`), the checks of a game's setup, rules as data,
and the base that turns a game's functions into its protocol object.

Nothing here knows any particular game: the games import the kernel, never the other way
round, and no game imports another.
"""

from __future__ import annotations

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
