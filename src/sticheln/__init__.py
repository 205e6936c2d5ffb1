"""sticheln: a typed, immutable-state engine for the card game Sticheln (Stick 'Em).

>>> import sticheln as st
>>> st.trick_winner([st.Card(st.Color.BLUE, 6), st.Card(st.Color.BLUE, 11),
...                  st.Card(st.Color.RED, 3), st.Card(st.Color.YELLOW, 0)])
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sticheln.core.exports import lazy_exports

# The registry, with the library's games registered (each game is imported when it is used).
from sticheln.games import GAME_NAMES, find_game, register_game

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
        StichelnError,
        UnknownNameError,
        UnknownPlayerError,
        WrongTypeError,
    )
    from sticheln.core.loading import RecordedGame, load_record
    from sticheln.core.protocol import SPECTATOR, Game, GameInfo, random_playout
    from sticheln.core.setup import GameSetup
    from sticheln.core.tricks import Trick
    from sticheln.core.wire import WireError
    from sticheln.sticheln import (
        AMIGO_1993,
        EIGHT_PLAYERS,
        NSV,
        ONLINE_5_ROUNDS,
        STICHELN,
        STICHELN_PRESETS,
        STICHELN_RECORD_VERSION,
        TINY,
        AllZeroTrick,
        ChoosePain,
        Deal,
        Deck,
        FinishedRound,
        FirstLeader,
        Phase,
        PlayCard,
        Reason,
        ScoreExplanation,
        ScoreItem,
        StichelnEvent,
        StichelnGame,
        StichelnMove,
        StichelnRecord,
        StichelnRules,
        StichelnState,
        StichelnView,
        TrickExplanation,
        apply_move,
        card_points,
        deal_round,
        events,
        explain_round_score,
        explain_score,
        explain_trick,
        lead_color,
        legal_moves,
        move_from_dict,
        move_text,
        new_game,
        observe,
        parse_move,
        ranking,
        round_score,
        sample_state,
        trick_taker,
        trick_winner,
        winners,
        would_take,
    )

# The names are loaded from their modules when first used: ``import sticheln`` costs only what
# is used (the command line's ``--help`` loads no game).
_exported, _listed = lazy_exports(
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
            "StichelnError",
            "UnknownNameError",
            "UnknownPlayerError",
            "WrongTypeError",
        ),
        "sticheln.core.loading": ("RecordedGame", "load_record"),
        "sticheln.core.protocol": ("SPECTATOR", "Game", "GameInfo", "random_playout"),
        "sticheln.core.setup": ("GameSetup",),
        "sticheln.core.tricks": ("Trick",),
        "sticheln.core.wire": ("WireError",),
        "sticheln.sticheln": (
            "AMIGO_1993",
            "EIGHT_PLAYERS",
            "NSV",
            "ONLINE_5_ROUNDS",
            "STICHELN",
            "STICHELN_PRESETS",
            "STICHELN_RECORD_VERSION",
            "TINY",
            "AllZeroTrick",
            "ChoosePain",
            "Deal",
            "Deck",
            "FinishedRound",
            "FirstLeader",
            "Phase",
            "PlayCard",
            "Reason",
            "ScoreExplanation",
            "ScoreItem",
            "StichelnEvent",
            "StichelnGame",
            "StichelnMove",
            "StichelnRecord",
            "StichelnRules",
            "StichelnState",
            "StichelnView",
            "TrickExplanation",
            "apply_move",
            "card_points",
            "deal_round",
            "events",
            "explain_round_score",
            "explain_score",
            "explain_trick",
            "lead_color",
            "legal_moves",
            "move_from_dict",
            "move_text",
            "new_game",
            "observe",
            "parse_move",
            "ranking",
            "round_score",
            "sample_state",
            "trick_taker",
            "trick_winner",
            "winners",
            "would_take",
        ),
    },
)


def __getattr__(name: str) -> Any:
    """The exported names, loaded on first use, and ``__version__``, read from the package
    metadata on first use (reading it costs more than the rest of ``import sticheln``)."""
    if name != "__version__":
        return _exported(name)
    from importlib.metadata import PackageNotFoundError, version

    try:
        value = version("sticheln")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        value = "0.0.0"
    globals()["__version__"] = value
    return value


def __dir__() -> list[str]:
    return sorted({*_listed(), "__version__"})


__all__ = [
    "AMIGO_1993",
    "EIGHT_PLAYERS",
    "GAME_NAMES",
    "MAX_VALUE",
    "NSV",
    "ONLINE_5_ROUNDS",
    "SPECTATOR",
    "STICHELN",
    "STICHELN_PRESETS",
    "STICHELN_RECORD_VERSION",
    "TINY",
    "AllZeroTrick",
    "Card",
    "CardError",
    "CardSet",
    "ChoosePain",
    "Color",
    "Deal",
    "Deck",
    "FinishedRound",
    "FirstLeader",
    "Game",
    "GameInfo",
    "GameSetup",
    "IllegalMoveError",
    "InvalidMoveError",
    "NotProvidedError",
    "Phase",
    "PlayCard",
    "Reason",
    "RecordError",
    "RecordedGame",
    "RulesError",
    "ScoreExplanation",
    "ScoreItem",
    "SetupError",
    "StichelnError",
    "StichelnEvent",
    "StichelnGame",
    "StichelnMove",
    "StichelnRecord",
    "StichelnRules",
    "StichelnState",
    "StichelnView",
    "Trick",
    "TrickExplanation",
    "UnknownNameError",
    "UnknownPlayerError",
    "WireError",
    "WrongTypeError",
    "__version__",
    "apply_move",
    "card_points",
    "deal_round",
    "events",
    "explain_round_score",
    "explain_score",
    "explain_trick",
    "find_game",
    "lead_color",
    "legal_moves",
    "load_record",
    "move_from_dict",
    "move_text",
    "new_game",
    "observe",
    "parse_move",
    "random_playout",
    "ranking",
    "register_game",
    "round_score",
    "sample_state",
    "trick_taker",
    "trick_winner",
    "winners",
    "would_take",
]
