"""Sticheln (Stick 'Em; Klaus Palesch, AMIGO 1993): the game itself, whose names the package
``sticheln`` also gives at its root (``import sticheln as st; st.new_game()``).

>>> from sticheln import Card, sticheln as game
>>> game.trick_winner([Card.parse("B6"), Card.parse("B11"), Card.parse("R3")])  # off the lead
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sticheln.core.exports import lazy_exports

if TYPE_CHECKING:
    from sticheln.sticheln.engine import apply_move, deal_round, legal_moves, new_game, parse_move
    from sticheln.sticheln.event import (
        CardPlayed,
        GameOver,
        PainCardChosen,
        PainCardsRevealed,
        RoundScored,
        RoundStarted,
        StichelnEvent,
        TrickTaken,
        events,
    )
    from sticheln.sticheln.explain import (
        Reason,
        ScoreExplanation,
        ScoreItem,
        TrickExplanation,
        explain_round_score,
        explain_score,
        explain_trick,
    )
    from sticheln.sticheln.game import STICHELN, StichelnGame, move_text
    from sticheln.sticheln.moves import ChoosePain, PlayCard, StichelnMove, move_from_dict
    from sticheln.sticheln.record import STICHELN_RECORD_VERSION, StichelnRecord
    from sticheln.sticheln.rules import (
        AMIGO_1993,
        EIGHT_PLAYERS,
        NSV,
        ONLINE_5_ROUNDS,
        STICHELN_PRESETS,
        TINY,
        AllZeroTrick,
        Deck,
        FirstLeader,
        StichelnRules,
    )
    from sticheln.sticheln.sampling import sample_state
    from sticheln.sticheln.scoring import card_points, ranking, round_score, winners
    from sticheln.sticheln.state import Deal, FinishedRound, Phase, StichelnState
    from sticheln.sticheln.trick import lead_color, trick_taker, trick_winner
    from sticheln.sticheln.view import StichelnView, observe, would_take

# The names are loaded from their modules when first used (importing the package costs
# only what is used).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
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
    },
)


__all__ = [
    "AMIGO_1993",
    "EIGHT_PLAYERS",
    "NSV",
    "ONLINE_5_ROUNDS",
    "STICHELN",
    "STICHELN_PRESETS",
    "STICHELN_RECORD_VERSION",
    "TINY",
    "AllZeroTrick",
    "CardPlayed",
    "ChoosePain",
    "Deal",
    "Deck",
    "FinishedRound",
    "FirstLeader",
    "GameOver",
    "PainCardChosen",
    "PainCardsRevealed",
    "Phase",
    "PlayCard",
    "Reason",
    "RoundScored",
    "RoundStarted",
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
    "TrickTaken",
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
]
