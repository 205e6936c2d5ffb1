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

from sticheln.core.exports import exported_names, lazy_exports

if TYPE_CHECKING:
    from sticheln.stichling.engine import (
        apply_move as apply_move,
    )
    from sticheln.stichling.engine import (
        deal_hand as deal_hand,
    )
    from sticheln.stichling.engine import (
        legal_moves as legal_moves,
    )
    from sticheln.stichling.engine import (
        new_game as new_game,
    )
    from sticheln.stichling.engine import (
        parse_move as parse_move,
    )
    from sticheln.stichling.event import (
        CardAdded as CardAdded,
    )
    from sticheln.stichling.event import (
        GameOver as GameOver,
    )
    from sticheln.stichling.event import (
        HandScored as HandScored,
    )
    from sticheln.stichling.event import (
        HandStarted as HandStarted,
    )
    from sticheln.stichling.event import (
        PointsArranged as PointsArranged,
    )
    from sticheln.stichling.event import (
        StichlingEvent as StichlingEvent,
    )
    from sticheln.stichling.event import (
        TrickCompleted as TrickCompleted,
    )
    from sticheln.stichling.event import (
        TrickOpened as TrickOpened,
    )
    from sticheln.stichling.event import (
        events as events,
    )
    from sticheln.stichling.explain import (
        explain_hand_score as explain_hand_score,
    )
    from sticheln.stichling.explain import (
        explain_score as explain_score,
    )
    from sticheln.stichling.explain import (
        explain_trick as explain_trick,
    )
    from sticheln.stichling.game import (
        STICHLING as STICHLING,
    )
    from sticheln.stichling.game import (
        StichlingGame as StichlingGame,
    )
    from sticheln.stichling.moves import (
        AddToTrick as AddToTrick,
    )
    from sticheln.stichling.moves import (
        ArrangePoints as ArrangePoints,
    )
    from sticheln.stichling.moves import (
        OpenTrick as OpenTrick,
    )
    from sticheln.stichling.moves import (
        StichlingMove as StichlingMove,
    )
    from sticheln.stichling.moves import (
        move_from_dict as move_from_dict,
    )
    from sticheln.stichling.moves import (
        move_text as move_text,
    )
    from sticheln.stichling.record import (
        STICHLING_RECORD_VERSION as STICHLING_RECORD_VERSION,
    )
    from sticheln.stichling.record import (
        StichlingRecord as StichlingRecord,
    )
    from sticheln.stichling.rules import (
        HAND_SIZE as HAND_SIZE,
    )
    from sticheln.stichling.rules import (
        OPEN_TRICKS as OPEN_TRICKS,
    )
    from sticheln.stichling.rules import (
        RAVENSBURGER_2015 as RAVENSBURGER_2015,
    )
    from sticheln.stichling.rules import (
        SEED_POINTS as SEED_POINTS,
    )
    from sticheln.stichling.rules import (
        SPIELETEST as SPIELETEST,
    )
    from sticheln.stichling.rules import (
        STANDARD_POINTS as STANDARD_POINTS,
    )
    from sticheln.stichling.rules import (
        STICHLING_PRESETS as STICHLING_PRESETS,
    )
    from sticheln.stichling.rules import (
        TINY as TINY,
    )
    from sticheln.stichling.rules import (
        TRICK_SIZE as TRICK_SIZE,
    )
    from sticheln.stichling.rules import (
        VALUES_PER_PLAYER as VALUES_PER_PLAYER,
    )
    from sticheln.stichling.rules import (
        CountedCards as CountedCards,
    )
    from sticheln.stichling.rules import (
        Discards as Discards,
    )
    from sticheln.stichling.rules import (
        FullTie as FullTie,
    )
    from sticheln.stichling.rules import (
        HandLeader as HandLeader,
    )
    from sticheln.stichling.rules import (
        OpenAtEnd as OpenAtEnd,
    )
    from sticheln.stichling.rules import (
        RemovedCards as RemovedCards,
    )
    from sticheln.stichling.rules import (
        SameColor as SameColor,
    )
    from sticheln.stichling.rules import (
        StichlingRules as StichlingRules,
    )
    from sticheln.stichling.sampling import (
        sample_state as sample_state,
    )
    from sticheln.stichling.scoring import (
        active_position as active_position,
    )
    from sticheln.stichling.scoring import (
        hand_score as hand_score,
    )
    from sticheln.stichling.scoring import (
        ranking as ranking,
    )
    from sticheln.stichling.scoring import (
        winners as winners,
    )
    from sticheln.stichling.state import (
        FinishedHand as FinishedHand,
    )
    from sticheln.stichling.state import (
        Phase as Phase,
    )
    from sticheln.stichling.state import (
        StichlingState as StichlingState,
    )
    from sticheln.stichling.state import (
        hand_leader as hand_leader,
    )
    from sticheln.stichling.tricks import (
        StichlingTrick as StichlingTrick,
    )
    from sticheln.stichling.tricks import (
        is_complete as is_complete,
    )
    from sticheln.stichling.tricks import (
        marker_index as marker_index,
    )
    from sticheln.stichling.tricks import (
        trick_choices as trick_choices,
    )
    from sticheln.stichling.view import (
        StichlingView as StichlingView,
    )
    from sticheln.stichling.view import (
        observe as observe,
    )
    from sticheln.stichling.view import (
        seen_row as seen_row,
    )
    from sticheln.stichling.view import (
        would_take as would_take,
    )

# The names are loaded from their modules when first used (importing the package costs
# only what is used).
_EXPORTS = {
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
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
__all__ = exported_names(_EXPORTS)
