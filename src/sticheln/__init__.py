"""sticheln: a typed, immutable-state engine for the card game Sticheln (Stick 'Em).

>>> import sticheln as st
>>> st.trick_winner([st.Card(st.Color.BLUE, 6), st.Card(st.Color.BLUE, 11),
...                  st.Card(st.Color.RED, 3), st.Card(st.Color.YELLOW, 0)])
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sticheln.core.exports import exported_names, lazy_exports

# The registry, with the library's games registered (each game is imported when it is used).
from sticheln.games import GAME_NAMES, find_game, register_game

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
    from sticheln.core.setup import (
        GameSetup as GameSetup,
    )
    from sticheln.core.tricks import (
        Trick as Trick,
    )
    from sticheln.core.wire import (
        WireError as WireError,
    )
    from sticheln.sticheln import (
        AMIGO_1993 as AMIGO_1993,
    )
    from sticheln.sticheln import (
        EIGHT_PLAYERS as EIGHT_PLAYERS,
    )
    from sticheln.sticheln import (
        NSV as NSV,
    )
    from sticheln.sticheln import (
        ONLINE_5_ROUNDS as ONLINE_5_ROUNDS,
    )
    from sticheln.sticheln import (
        STICHELN as STICHELN,
    )
    from sticheln.sticheln import (
        STICHELN_PRESETS as STICHELN_PRESETS,
    )
    from sticheln.sticheln import (
        STICHELN_RECORD_VERSION as STICHELN_RECORD_VERSION,
    )
    from sticheln.sticheln import (
        TINY as TINY,
    )
    from sticheln.sticheln import (
        AllZeroTrick as AllZeroTrick,
    )
    from sticheln.sticheln import (
        ChoosePain as ChoosePain,
    )
    from sticheln.sticheln import (
        Deal as Deal,
    )
    from sticheln.sticheln import (
        Deck as Deck,
    )
    from sticheln.sticheln import (
        FinishedRound as FinishedRound,
    )
    from sticheln.sticheln import (
        FirstLeader as FirstLeader,
    )
    from sticheln.sticheln import (
        Phase as Phase,
    )
    from sticheln.sticheln import (
        PlayCard as PlayCard,
    )
    from sticheln.sticheln import (
        Reason as Reason,
    )
    from sticheln.sticheln import (
        ScoreExplanation as ScoreExplanation,
    )
    from sticheln.sticheln import (
        ScoreItem as ScoreItem,
    )
    from sticheln.sticheln import (
        StichelnEvent as StichelnEvent,
    )
    from sticheln.sticheln import (
        StichelnGame as StichelnGame,
    )
    from sticheln.sticheln import (
        StichelnMove as StichelnMove,
    )
    from sticheln.sticheln import (
        StichelnRecord as StichelnRecord,
    )
    from sticheln.sticheln import (
        StichelnRules as StichelnRules,
    )
    from sticheln.sticheln import (
        StichelnState as StichelnState,
    )
    from sticheln.sticheln import (
        StichelnView as StichelnView,
    )
    from sticheln.sticheln import (
        TrickExplanation as TrickExplanation,
    )
    from sticheln.sticheln import (
        apply_move as apply_move,
    )
    from sticheln.sticheln import (
        card_points as card_points,
    )
    from sticheln.sticheln import (
        deal_round as deal_round,
    )
    from sticheln.sticheln import (
        events as events,
    )
    from sticheln.sticheln import (
        explain_round_score as explain_round_score,
    )
    from sticheln.sticheln import (
        explain_score as explain_score,
    )
    from sticheln.sticheln import (
        explain_trick as explain_trick,
    )
    from sticheln.sticheln import (
        lead_color as lead_color,
    )
    from sticheln.sticheln import (
        legal_moves as legal_moves,
    )
    from sticheln.sticheln import (
        move_from_dict as move_from_dict,
    )
    from sticheln.sticheln import (
        move_text as move_text,
    )
    from sticheln.sticheln import (
        new_game as new_game,
    )
    from sticheln.sticheln import (
        observe as observe,
    )
    from sticheln.sticheln import (
        parse_move as parse_move,
    )
    from sticheln.sticheln import (
        ranking as ranking,
    )
    from sticheln.sticheln import (
        round_score as round_score,
    )
    from sticheln.sticheln import (
        sample_state as sample_state,
    )
    from sticheln.sticheln import (
        trick_taker as trick_taker,
    )
    from sticheln.sticheln import (
        trick_winner as trick_winner,
    )
    from sticheln.sticheln import (
        winners as winners,
    )
    from sticheln.sticheln import (
        would_take as would_take,
    )

# The names are loaded from their modules when first used: ``import sticheln`` costs only what
# is used (the command line's ``--help`` loads no game).
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
}
_exported, _listed = lazy_exports(__name__, _EXPORTS)


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
    *exported_names(_EXPORTS),
    "GAME_NAMES",
    "__version__",
    "find_game",
    "register_game",
]
