"""Sticheln (Stick 'Em; Klaus Palesch, AMIGO 1993): the game itself, whose names the package
``sticheln`` also gives at its root (``import sticheln as st; st.new_game()``).

>>> from sticheln import Card, sticheln as game
>>> game.trick_winner([Card.parse("B6"), Card.parse("B11"), Card.parse("R3")])  # off the lead
2
"""

from __future__ import annotations

from sticheln.sticheln.engine import apply_move, deal_round, legal_moves, new_game, parse_move
from sticheln.sticheln.event import events
from sticheln.sticheln.explain import (
    Reason,
    ScoreExplanation,
    ScoreItem,
    TrickExplanation,
    explain_score,
    explain_trick,
)
from sticheln.sticheln.game import StichelnGame
from sticheln.sticheln.moves import ChoosePain, Move, PlayCard, move_from_dict
from sticheln.sticheln.record import RECORD_VERSION, GameRecord
from sticheln.sticheln.rules import (
    AMIGO_1993,
    EIGHT_PLAYERS,
    NSV,
    ONLINE_5_ROUNDS,
    PRESETS,
    AllZeroTrick,
    Deck,
    FirstLeader,
    Rules,
)
from sticheln.sticheln.sampling import sample_state
from sticheln.sticheln.scoring import card_points, ranking, round_score, winners
from sticheln.sticheln.state import Deal, FinishedRound, GameSetup, GameState, Phase
from sticheln.sticheln.trick import lead_color, trick_taker, trick_winner
from sticheln.sticheln.view import PlayerView, observe

__all__ = [
    "AMIGO_1993",
    "EIGHT_PLAYERS",
    "NSV",
    "ONLINE_5_ROUNDS",
    "PRESETS",
    "RECORD_VERSION",
    "AllZeroTrick",
    "ChoosePain",
    "Deal",
    "Deck",
    "FinishedRound",
    "FirstLeader",
    "GameRecord",
    "GameSetup",
    "GameState",
    "Move",
    "Phase",
    "PlayCard",
    "PlayerView",
    "Reason",
    "Rules",
    "ScoreExplanation",
    "ScoreItem",
    "StichelnGame",
    "TrickExplanation",
    "apply_move",
    "card_points",
    "deal_round",
    "events",
    "explain_score",
    "explain_trick",
    "lead_color",
    "legal_moves",
    "move_from_dict",
    "new_game",
    "observe",
    "parse_move",
    "ranking",
    "round_score",
    "sample_state",
    "trick_taker",
    "trick_winner",
    "winners",
]
