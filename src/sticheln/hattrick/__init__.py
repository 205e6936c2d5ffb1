"""Hattrick (Klaus Palesch; AMIGO 1995), Sticheln's sibling game with two tricks at once.

Import the names from ``sticheln.hattrick``; several of them (:func:`new_game`,
:func:`legal_moves`, :func:`apply_move`, :func:`observe`, :func:`sample_state`) have the same
names as Sticheln's functions in ``sticheln``.

>>> from sticheln import Card, hattrick as ht
>>> state = ht.new_game(players=4, seed=1)
>>> for player, name in [(0, "R10"), (1, "G18"), (2, "B17"), (3, "R17")]:
...     state = ht.apply_move(state, ht.move_for(state, player, Card.parse(name)))
>>> print(state.turns[0])
0:R10 1:G18 2:B17(pass) 3:R17 -> 1 leads
>>> state.won[3], state.won[1], state.passed[2]
(CardSet.parse('R10 R17'), CardSet.parse('G18'), CardSet.parse('B17'))
>>> state.to_act
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sticheln.core.exports import lazy_exports

if TYPE_CHECKING:
    from sticheln.hattrick.engine import (
        apply_move,
        deal_hand,
        legal_moves,
        move_for,
        new_game,
        parse_move,
    )
    from sticheln.hattrick.event import (
        CardFollowed,
        CardPassed,
        GameOver,
        HandScored,
        HandStarted,
        HattrickEvent,
        TrickOpened,
        TrickTaken,
        TurnEnded,
        events,
    )
    from sticheln.hattrick.explain import (
        explain_hand_score,
        explain_lead,
        explain_score,
        explain_trick,
    )
    from sticheln.hattrick.game import HATTRICK, HattrickGame, move_text
    from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick, Pass, move_from_dict
    from sticheln.hattrick.record import HATTRICK_RECORD_VERSION, HattrickRecord
    from sticheln.hattrick.rules import (
        AMIGO_1995,
        HATTRICK_PRESETS,
        PASSES_HIDDEN,
        PASSES_SHOWN,
        TINY,
        HattrickRules,
        LeadCards,
        LeadTie,
        PassedCards,
    )
    from sticheln.hattrick.sampling import sample_state
    from sticheln.hattrick.scoring import PASS_PENALTY, collecting_color, hand_score
    from sticheln.hattrick.state import FinishedHand, HattrickState
    from sticheln.hattrick.turn import (
        OPEN_TRICKS,
        Action,
        Turn,
        action_for,
        next_leader,
        trick_taker,
        turn_actions,
    )
    from sticheln.hattrick.view import HattrickView, observe, would_take

# The names are loaded from their modules when first used (importing the package costs
# only what is used).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "sticheln.hattrick.engine": (
            "apply_move",
            "deal_hand",
            "legal_moves",
            "move_for",
            "new_game",
            "parse_move",
        ),
        "sticheln.hattrick.event": (
            "CardFollowed",
            "CardPassed",
            "GameOver",
            "HandScored",
            "HandStarted",
            "HattrickEvent",
            "TrickOpened",
            "TrickTaken",
            "TurnEnded",
            "events",
        ),
        "sticheln.hattrick.explain": (
            "explain_hand_score",
            "explain_lead",
            "explain_score",
            "explain_trick",
        ),
        "sticheln.hattrick.game": ("HATTRICK", "HattrickGame", "move_text"),
        "sticheln.hattrick.moves": (
            "Follow",
            "HattrickMove",
            "OpenTrick",
            "Pass",
            "move_from_dict",
        ),
        "sticheln.hattrick.record": ("HATTRICK_RECORD_VERSION", "HattrickRecord"),
        "sticheln.hattrick.rules": (
            "AMIGO_1995",
            "HATTRICK_PRESETS",
            "PASSES_HIDDEN",
            "PASSES_SHOWN",
            "TINY",
            "HattrickRules",
            "LeadCards",
            "LeadTie",
            "PassedCards",
        ),
        "sticheln.hattrick.sampling": ("sample_state",),
        "sticheln.hattrick.scoring": ("PASS_PENALTY", "collecting_color", "hand_score"),
        "sticheln.hattrick.state": ("FinishedHand", "HattrickState"),
        "sticheln.hattrick.turn": (
            "OPEN_TRICKS",
            "Action",
            "Turn",
            "action_for",
            "next_leader",
            "trick_taker",
            "turn_actions",
        ),
        "sticheln.hattrick.view": ("HattrickView", "observe", "would_take"),
    },
)


__all__ = [
    "AMIGO_1995",
    "HATTRICK",
    "HATTRICK_PRESETS",
    "HATTRICK_RECORD_VERSION",
    "OPEN_TRICKS",
    "PASSES_HIDDEN",
    "PASSES_SHOWN",
    "PASS_PENALTY",
    "TINY",
    "Action",
    "CardFollowed",
    "CardPassed",
    "FinishedHand",
    "Follow",
    "GameOver",
    "HandScored",
    "HandStarted",
    "HattrickEvent",
    "HattrickGame",
    "HattrickMove",
    "HattrickRecord",
    "HattrickRules",
    "HattrickState",
    "HattrickView",
    "LeadCards",
    "LeadTie",
    "OpenTrick",
    "Pass",
    "PassedCards",
    "TrickOpened",
    "TrickTaken",
    "Turn",
    "TurnEnded",
    "action_for",
    "apply_move",
    "collecting_color",
    "deal_hand",
    "events",
    "explain_hand_score",
    "explain_lead",
    "explain_score",
    "explain_trick",
    "hand_score",
    "legal_moves",
    "move_for",
    "move_from_dict",
    "move_text",
    "new_game",
    "next_leader",
    "observe",
    "parse_move",
    "sample_state",
    "trick_taker",
    "turn_actions",
    "would_take",
]
