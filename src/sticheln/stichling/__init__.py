"""Stichling (Ralf zur Linde; Ravensburger 2015; "Monster Trick" on Board Game Arena): a
trick-taking game with up to four tricks open at once, in which each player bets on the number
of tricks they will win by the order of their victory-point cards.

Import the names from ``sticheln.stichling``; several of them (:func:`new_game`,
:func:`legal_moves`, :func:`apply_move`, :func:`observe`, :func:`sample_state`) have the same
names as Sticheln's functions in ``sticheln``.

>>> from sticheln import stichling as sl
>>> deal = ["R1 R3 R5 Y2 Y4 Y6 G1 G3 G5 B2 B4 B6", "R2 R4 R6 Y1 Y3 Y5 G2 G4 G6 B1 B3 B5"]
>>> state = sl.new_game(players=2, deals=[deal] * 3)
>>> for player, text in [(0, "3,2,1"), (1, "2,3,1"), (0, "R5+"), (1, "R6>1"), (0, "R1>1")]:
...     state = sl.apply_move(state, sl.parse_move(state, player, text))
>>> state = sl.apply_move(state, sl.parse_move(state, 1, "Y1+"))
>>> [str(trick) for trick in state.open_tricks]
['0:R5 1:R6 0:R1 -> 1', '1:Y1 -> 1']
>>> state = sl.apply_move(state, sl.parse_move(state, 0, "Y2>2"))
>>> state = sl.apply_move(state, sl.parse_move(state, 1, "R2>1"))
>>> [str(trick) for trick in state.open_tricks], state.tricks_won, state.face_up
(['1:Y1 0:Y2 -> 0'], (0, 1), (None, 2))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sticheln.core.exports import lazy_exports

if TYPE_CHECKING:
    from sticheln.stichling.engine import (
        apply_move,
        deal_hand,
        legal_moves,
        new_game,
        parse_move,
    )
    from sticheln.stichling.event import (
        CardAdded,
        GameOver,
        HandScored,
        HandStarted,
        PointsArranged,
        StichlingEvent,
        TrickCompleted,
        TrickOpened,
        events,
    )
    from sticheln.stichling.explain import explain_hand_score, explain_score, explain_trick
    from sticheln.stichling.game import STICHLING, StichlingGame
    from sticheln.stichling.moves import (
        AddToTrick,
        ArrangePoints,
        OpenTrick,
        StichlingMove,
        move_from_dict,
        move_text,
    )
    from sticheln.stichling.record import STICHLING_RECORD_VERSION, StichlingRecord
    from sticheln.stichling.rules import (
        HAND_SIZE,
        OPEN_TRICKS,
        RAVENSBURGER_2015,
        SEED_POINTS,
        SPIELETEST,
        STANDARD_POINTS,
        STICHLING_PRESETS,
        TINY,
        TRICK_SIZE,
        VALUES_PER_PLAYER,
        CountedCards,
        Discards,
        FullTie,
        HandLeader,
        OpenAtEnd,
        RemovedCards,
        SameColor,
        StichlingRules,
    )
    from sticheln.stichling.sampling import sample_state
    from sticheln.stichling.scoring import active_position, hand_score, ranking, winners
    from sticheln.stichling.state import (
        FinishedHand,
        Phase,
        StichlingState,
        hand_leader,
    )
    from sticheln.stichling.tricks import StichlingTrick, is_complete, marker_index, trick_choices
    from sticheln.stichling.view import StichlingView, observe, seen_row, would_take

# The names are loaded from their modules when first used (importing the package costs
# only what is used).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "sticheln.stichling.engine": (
            "apply_move",
            "deal_hand",
            "legal_moves",
            "new_game",
            "parse_move",
        ),
        "sticheln.stichling.event": (
            "CardAdded",
            "GameOver",
            "HandScored",
            "HandStarted",
            "PointsArranged",
            "StichlingEvent",
            "TrickCompleted",
            "TrickOpened",
            "events",
        ),
        "sticheln.stichling.explain": ("explain_hand_score", "explain_score", "explain_trick"),
        "sticheln.stichling.game": ("STICHLING", "StichlingGame"),
        "sticheln.stichling.moves": (
            "AddToTrick",
            "ArrangePoints",
            "OpenTrick",
            "StichlingMove",
            "move_from_dict",
            "move_text",
        ),
        "sticheln.stichling.record": ("STICHLING_RECORD_VERSION", "StichlingRecord"),
        "sticheln.stichling.rules": (
            "HAND_SIZE",
            "OPEN_TRICKS",
            "RAVENSBURGER_2015",
            "SEED_POINTS",
            "SPIELETEST",
            "STANDARD_POINTS",
            "STICHLING_PRESETS",
            "TINY",
            "TRICK_SIZE",
            "VALUES_PER_PLAYER",
            "CountedCards",
            "Discards",
            "FullTie",
            "HandLeader",
            "OpenAtEnd",
            "RemovedCards",
            "SameColor",
            "StichlingRules",
        ),
        "sticheln.stichling.sampling": ("sample_state",),
        "sticheln.stichling.scoring": ("active_position", "hand_score", "ranking", "winners"),
        "sticheln.stichling.state": ("FinishedHand", "Phase", "StichlingState", "hand_leader"),
        "sticheln.stichling.tricks": (
            "StichlingTrick",
            "is_complete",
            "marker_index",
            "trick_choices",
        ),
        "sticheln.stichling.view": ("StichlingView", "observe", "seen_row", "would_take"),
    },
)


__all__ = [
    "HAND_SIZE",
    "OPEN_TRICKS",
    "RAVENSBURGER_2015",
    "SEED_POINTS",
    "SPIELETEST",
    "STANDARD_POINTS",
    "STICHLING",
    "STICHLING_PRESETS",
    "STICHLING_RECORD_VERSION",
    "TINY",
    "TRICK_SIZE",
    "VALUES_PER_PLAYER",
    "AddToTrick",
    "ArrangePoints",
    "CardAdded",
    "CountedCards",
    "Discards",
    "FinishedHand",
    "FullTie",
    "GameOver",
    "HandLeader",
    "HandScored",
    "HandStarted",
    "OpenAtEnd",
    "OpenTrick",
    "Phase",
    "PointsArranged",
    "RemovedCards",
    "SameColor",
    "StichlingEvent",
    "StichlingGame",
    "StichlingMove",
    "StichlingRecord",
    "StichlingRules",
    "StichlingState",
    "StichlingTrick",
    "StichlingView",
    "TrickCompleted",
    "TrickOpened",
    "active_position",
    "apply_move",
    "deal_hand",
    "events",
    "explain_hand_score",
    "explain_score",
    "explain_trick",
    "hand_leader",
    "hand_score",
    "is_complete",
    "legal_moves",
    "marker_index",
    "move_from_dict",
    "move_text",
    "new_game",
    "observe",
    "parse_move",
    "ranking",
    "sample_state",
    "seen_row",
    "trick_choices",
    "winners",
    "would_take",
]
