"""The games that come with the library, registered by name (:func:`~sticheln.find_game`):
the one list in the library that names them. Every tool finds them, and the games of other
packages (entry points of the group ``sticheln.games``), through the registry.

Each game is imported only when it is asked for, so that ``import sticheln`` stays quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from sticheln.core.registry import GAME_NAMES, GameListing, find_game, register_game

if TYPE_CHECKING:
    from sticheln.core.protocol import Game

__all__ = ["DEFAULT_GAME", "GAME_NAMES", "find_game", "register_game"]

DEFAULT_GAME: Final = "sticheln"
"""The game the tools play when none is named (``sticheln play``), and the game of a record
that names none (the records of the library's first versions)."""


def _sticheln(preset: str | None) -> Game[Any, Any, Any]:
    from sticheln.sticheln.game import StichelnGame

    return StichelnGame.from_preset(preset)


def _hattrick(preset: str | None) -> Game[Any, Any, Any]:
    from sticheln.hattrick import HattrickGame

    return HattrickGame.from_preset(preset)


def _stichling(preset: str | None) -> Game[Any, Any, Any]:
    from sticheln.stichling import StichlingGame

    return StichlingGame.from_preset(preset)


# Each game's title and presets, as its GameInfo has them, so that the command line lists
# them without importing the games (a test checks them against the games).
register_game(
    "sticheln",
    _sticheln,
    listing=GameListing(
        "Sticheln", ("nsv", "amigo-1993", "online-5-rounds", "eight-players", "tiny"), "nsv"
    ),
)
register_game(
    "hattrick",
    _hattrick,
    listing=GameListing(
        "Hattrick", ("amigo-1995", "passes-shown", "passes-hidden", "tiny"), "amigo-1995"
    ),
)
register_game(
    "stichling",
    _stichling,
    listing=GameListing(
        "Stichling", ("ravensburger-2015", "spieletest", "tiny"), "ravensburger-2015"
    ),
)
