"""The kernel that every game of the library is built on: cards, errors, the game protocol and
what a game declares about itself, the registry of games, the record layout and the reading
of a record of any game (:func:`load_record`), the checks of a game's setup, rules as data,
and the base that turns a game's functions into its protocol object.

Nothing here knows any particular game: the games import the kernel, never the other way
round, and no game imports another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sticheln.core.exports import exported_names, lazy_exports

if TYPE_CHECKING:
    from sticheln.core.cards import (
        MAX_VALUE as MAX_VALUE,
    )
    from sticheln.core.cards import (
        Card as Card,
    )
    from sticheln.core.cards import (
        CardSet as CardSet,
    )
    from sticheln.core.cards import (
        Color as Color,
    )
    from sticheln.core.errors import (
        CardError as CardError,
    )
    from sticheln.core.errors import (
        IllegalMoveError as IllegalMoveError,
    )
    from sticheln.core.errors import (
        InvalidMoveError as InvalidMoveError,
    )
    from sticheln.core.errors import (
        NotProvidedError as NotProvidedError,
    )
    from sticheln.core.errors import (
        RecordError as RecordError,
    )
    from sticheln.core.errors import (
        RulesError as RulesError,
    )
    from sticheln.core.errors import (
        SetupError as SetupError,
    )
    from sticheln.core.errors import (
        SolverError as SolverError,
    )
    from sticheln.core.errors import (
        StichelnError as StichelnError,
    )
    from sticheln.core.errors import (
        UnknownNameError as UnknownNameError,
    )
    from sticheln.core.errors import (
        UnknownPlayerError as UnknownPlayerError,
    )
    from sticheln.core.errors import (
        WrongTypeError as WrongTypeError,
    )
    from sticheln.core.kit import (
        BaseGame as BaseGame,
    )
    from sticheln.core.kit import (
        GameKit as GameKit,
    )
    from sticheln.core.loading import (
        RecordedGame as RecordedGame,
    )
    from sticheln.core.loading import (
        load_record as load_record,
    )
    from sticheln.core.protocol import (
        SPECTATOR as SPECTATOR,
    )
    from sticheln.core.protocol import (
        Game as Game,
    )
    from sticheln.core.protocol import (
        GameInfo as GameInfo,
    )
    from sticheln.core.protocol import (
        random_playout as random_playout,
    )
    from sticheln.core.records import (
        RECORD_FORMAT as RECORD_FORMAT,
    )
    from sticheln.core.records import (
        Record as Record,
    )
    from sticheln.core.registry import (
        GAME_NAMES as GAME_NAMES,
    )
    from sticheln.core.registry import (
        GameFactory as GameFactory,
    )
    from sticheln.core.registry import (
        find_game as find_game,
    )
    from sticheln.core.registry import (
        register_game as register_game,
    )
    from sticheln.core.results import (
        ranking as ranking,
    )
    from sticheln.core.results import (
        winners as winners,
    )
    from sticheln.core.setup import (
        GameSetup as GameSetup,
    )
    from sticheln.core.tricks import (
        Trick as Trick,
    )

# The names are loaded from their modules when first used (importing the package costs
# only what is used).
_EXPORTS = {
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
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
__all__ = exported_names(_EXPORTS)
