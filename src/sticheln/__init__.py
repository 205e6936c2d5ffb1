"""sticheln: a typed, immutable-state engine for the card game Sticheln (Stick 'Em).

>>> import sticheln as st
>>> st.trick_winner([st.Card(st.Color.BLUE, 6), st.Card(st.Color.BLUE, 11),
...                  st.Card(st.Color.RED, 3), st.Card(st.Color.YELLOW, 0)])
2
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from sticheln.cards import MAX_VALUE, Card, CardSet, Color
from sticheln.engine import apply_move, deal_round, legal_moves, new_game
from sticheln.errors import (
    CardError,
    IllegalMoveError,
    RecordError,
    RulesError,
    SetupError,
    StichelnError,
    UnknownPlayerError,
)
from sticheln.explain import (
    Reason,
    ScoreExplanation,
    ScoreItem,
    TrickExplanation,
    explain_score,
    explain_trick,
)
from sticheln.games import GAME_NAMES, find_game
from sticheln.moves import ChoosePain, Move, PlayCard
from sticheln.protocol import Game, StichelnGame, random_playout
from sticheln.record import RECORD_VERSION, GameRecord
from sticheln.rules import (
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
from sticheln.sampling import sample_state
from sticheln.scoring import card_points, ranking, round_score, winners
from sticheln.state import Deal, FinishedRound, GameSetup, GameState, Phase
from sticheln.trick import Trick, lead_color, trick_winner
from sticheln.view import PlayerView, observe

try:
    __version__ = version("sticheln")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "AMIGO_1993",
    "EIGHT_PLAYERS",
    "GAME_NAMES",
    "MAX_VALUE",
    "NSV",
    "ONLINE_5_ROUNDS",
    "PRESETS",
    "RECORD_VERSION",
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
    "GameRecord",
    "GameSetup",
    "GameState",
    "IllegalMoveError",
    "Move",
    "Phase",
    "PlayCard",
    "PlayerView",
    "Reason",
    "RecordError",
    "Rules",
    "RulesError",
    "ScoreExplanation",
    "ScoreItem",
    "SetupError",
    "StichelnError",
    "StichelnGame",
    "Trick",
    "TrickExplanation",
    "UnknownPlayerError",
    "__version__",
    "apply_move",
    "card_points",
    "deal_round",
    "explain_score",
    "explain_trick",
    "find_game",
    "lead_color",
    "legal_moves",
    "new_game",
    "observe",
    "random_playout",
    "ranking",
    "round_score",
    "sample_state",
    "trick_winner",
    "winners",
]
