"""Sticheln (Stick 'Em; Klaus Palesch, AMIGO 1993): the game itself, whose names the package
``sticheln`` also gives at its root (``import sticheln as st; st.new_game()``).

>>> from sticheln import Card, sticheln as game
>>> game.trick_winner([Card.parse("B6"), Card.parse("B11"), Card.parse("R3")])  # off the lead
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sticheln.core.exports import exported_names, lazy_exports

if TYPE_CHECKING:
    from sticheln.sticheln.engine import (
        apply_move as apply_move,
    )
    from sticheln.sticheln.engine import (
        deal_round as deal_round,
    )
    from sticheln.sticheln.engine import (
        legal_moves as legal_moves,
    )
    from sticheln.sticheln.engine import (
        new_game as new_game,
    )
    from sticheln.sticheln.engine import (
        parse_move as parse_move,
    )
    from sticheln.sticheln.event import (
        CardPlayed as CardPlayed,
    )
    from sticheln.sticheln.event import (
        GameOver as GameOver,
    )
    from sticheln.sticheln.event import (
        PainCardChosen as PainCardChosen,
    )
    from sticheln.sticheln.event import (
        PainCardsRevealed as PainCardsRevealed,
    )
    from sticheln.sticheln.event import (
        RoundScored as RoundScored,
    )
    from sticheln.sticheln.event import (
        RoundStarted as RoundStarted,
    )
    from sticheln.sticheln.event import (
        StichelnEvent as StichelnEvent,
    )
    from sticheln.sticheln.event import (
        TrickTaken as TrickTaken,
    )
    from sticheln.sticheln.event import (
        events as events,
    )
    from sticheln.sticheln.explain import (
        Reason as Reason,
    )
    from sticheln.sticheln.explain import (
        ScoreExplanation as ScoreExplanation,
    )
    from sticheln.sticheln.explain import (
        ScoreItem as ScoreItem,
    )
    from sticheln.sticheln.explain import (
        TrickExplanation as TrickExplanation,
    )
    from sticheln.sticheln.explain import (
        explain_round_score as explain_round_score,
    )
    from sticheln.sticheln.explain import (
        explain_score as explain_score,
    )
    from sticheln.sticheln.explain import (
        explain_trick as explain_trick,
    )
    from sticheln.sticheln.game import (
        STICHELN as STICHELN,
    )
    from sticheln.sticheln.game import (
        StichelnGame as StichelnGame,
    )
    from sticheln.sticheln.game import (
        move_text as move_text,
    )
    from sticheln.sticheln.moves import (
        ChoosePain as ChoosePain,
    )
    from sticheln.sticheln.moves import (
        PlayCard as PlayCard,
    )
    from sticheln.sticheln.moves import (
        StichelnMove as StichelnMove,
    )
    from sticheln.sticheln.moves import (
        move_from_dict as move_from_dict,
    )
    from sticheln.sticheln.record import (
        STICHELN_RECORD_VERSION as STICHELN_RECORD_VERSION,
    )
    from sticheln.sticheln.record import (
        StichelnRecord as StichelnRecord,
    )
    from sticheln.sticheln.rules import (
        AMIGO_1993 as AMIGO_1993,
    )
    from sticheln.sticheln.rules import (
        EIGHT_PLAYERS as EIGHT_PLAYERS,
    )
    from sticheln.sticheln.rules import (
        NSV as NSV,
    )
    from sticheln.sticheln.rules import (
        ONLINE_5_ROUNDS as ONLINE_5_ROUNDS,
    )
    from sticheln.sticheln.rules import (
        STICHELN_PRESETS as STICHELN_PRESETS,
    )
    from sticheln.sticheln.rules import (
        TINY as TINY,
    )
    from sticheln.sticheln.rules import (
        AllZeroTrick as AllZeroTrick,
    )
    from sticheln.sticheln.rules import (
        Deck as Deck,
    )
    from sticheln.sticheln.rules import (
        FirstLeader as FirstLeader,
    )
    from sticheln.sticheln.rules import (
        StichelnRules as StichelnRules,
    )
    from sticheln.sticheln.sampling import (
        sample_state as sample_state,
    )
    from sticheln.sticheln.scoring import (
        card_points as card_points,
    )
    from sticheln.sticheln.scoring import (
        ranking as ranking,
    )
    from sticheln.sticheln.scoring import (
        round_score as round_score,
    )
    from sticheln.sticheln.scoring import (
        winners as winners,
    )
    from sticheln.sticheln.state import (
        Deal as Deal,
    )
    from sticheln.sticheln.state import (
        FinishedRound as FinishedRound,
    )
    from sticheln.sticheln.state import (
        Phase as Phase,
    )
    from sticheln.sticheln.state import (
        StichelnState as StichelnState,
    )
    from sticheln.sticheln.trick import (
        lead_color as lead_color,
    )
    from sticheln.sticheln.trick import (
        trick_taker as trick_taker,
    )
    from sticheln.sticheln.trick import (
        trick_winner as trick_winner,
    )
    from sticheln.sticheln.view import (
        StichelnView as StichelnView,
    )
    from sticheln.sticheln.view import (
        observe as observe,
    )
    from sticheln.sticheln.view import (
        would_take as would_take,
    )

# The names are loaded from their modules when first used (importing the package costs
# only what is used).
_EXPORTS = {
    "sticheln.sticheln.engine": (
        "apply_move",
        "deal_round",
        "legal_moves",
        "new_game",
        "parse_move",
    ),
    "sticheln.sticheln.event": (
        "CardPlayed",
        "GameOver",
        "PainCardChosen",
        "PainCardsRevealed",
        "RoundScored",
        "RoundStarted",
        "StichelnEvent",
        "TrickTaken",
        "events",
    ),
    "sticheln.sticheln.explain": (
        "Reason",
        "ScoreExplanation",
        "ScoreItem",
        "TrickExplanation",
        "explain_round_score",
        "explain_score",
        "explain_trick",
    ),
    "sticheln.sticheln.game": ("STICHELN", "StichelnGame", "move_text"),
    "sticheln.sticheln.moves": ("ChoosePain", "PlayCard", "StichelnMove", "move_from_dict"),
    "sticheln.sticheln.record": ("STICHELN_RECORD_VERSION", "StichelnRecord"),
    "sticheln.sticheln.rules": (
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
    ),
    "sticheln.sticheln.sampling": ("sample_state",),
    "sticheln.sticheln.scoring": ("card_points", "ranking", "round_score", "winners"),
    "sticheln.sticheln.state": ("Deal", "FinishedRound", "Phase", "StichelnState"),
    "sticheln.sticheln.trick": ("lead_color", "trick_taker", "trick_winner"),
    "sticheln.sticheln.view": ("StichelnView", "observe", "would_take"),
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
__all__ = exported_names(_EXPORTS)
