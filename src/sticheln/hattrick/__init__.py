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

from sticheln.core.exports import exported_names, lazy_exports

if TYPE_CHECKING:
    from sticheln.hattrick.engine import (
        apply_move as apply_move,
    )
    from sticheln.hattrick.engine import (
        deal_hand as deal_hand,
    )
    from sticheln.hattrick.engine import (
        legal_moves as legal_moves,
    )
    from sticheln.hattrick.engine import (
        move_for as move_for,
    )
    from sticheln.hattrick.engine import (
        new_game as new_game,
    )
    from sticheln.hattrick.engine import (
        parse_move as parse_move,
    )
    from sticheln.hattrick.event import (
        CardFollowed as CardFollowed,
    )
    from sticheln.hattrick.event import (
        CardPassed as CardPassed,
    )
    from sticheln.hattrick.event import (
        GameOver as GameOver,
    )
    from sticheln.hattrick.event import (
        HandScored as HandScored,
    )
    from sticheln.hattrick.event import (
        HandStarted as HandStarted,
    )
    from sticheln.hattrick.event import (
        HattrickEvent as HattrickEvent,
    )
    from sticheln.hattrick.event import (
        TrickOpened as TrickOpened,
    )
    from sticheln.hattrick.event import (
        TrickTaken as TrickTaken,
    )
    from sticheln.hattrick.event import (
        TurnEnded as TurnEnded,
    )
    from sticheln.hattrick.event import (
        events as events,
    )
    from sticheln.hattrick.explain import (
        explain_hand_score as explain_hand_score,
    )
    from sticheln.hattrick.explain import (
        explain_lead as explain_lead,
    )
    from sticheln.hattrick.explain import (
        explain_score as explain_score,
    )
    from sticheln.hattrick.explain import (
        explain_trick as explain_trick,
    )
    from sticheln.hattrick.game import (
        HATTRICK as HATTRICK,
    )
    from sticheln.hattrick.game import (
        HattrickGame as HattrickGame,
    )
    from sticheln.hattrick.game import (
        move_text as move_text,
    )
    from sticheln.hattrick.moves import (
        Follow as Follow,
    )
    from sticheln.hattrick.moves import (
        HattrickMove as HattrickMove,
    )
    from sticheln.hattrick.moves import (
        OpenTrick as OpenTrick,
    )
    from sticheln.hattrick.moves import (
        Pass as Pass,
    )
    from sticheln.hattrick.moves import (
        move_from_dict as move_from_dict,
    )
    from sticheln.hattrick.record import (
        HATTRICK_RECORD_VERSION as HATTRICK_RECORD_VERSION,
    )
    from sticheln.hattrick.record import (
        HattrickRecord as HattrickRecord,
    )
    from sticheln.hattrick.rules import (
        AMIGO_1995 as AMIGO_1995,
    )
    from sticheln.hattrick.rules import (
        HATTRICK_PRESETS as HATTRICK_PRESETS,
    )
    from sticheln.hattrick.rules import (
        PASSES_HIDDEN as PASSES_HIDDEN,
    )
    from sticheln.hattrick.rules import (
        PASSES_SHOWN as PASSES_SHOWN,
    )
    from sticheln.hattrick.rules import (
        TINY as TINY,
    )
    from sticheln.hattrick.rules import (
        HattrickRules as HattrickRules,
    )
    from sticheln.hattrick.rules import (
        LeadCards as LeadCards,
    )
    from sticheln.hattrick.rules import (
        LeadTie as LeadTie,
    )
    from sticheln.hattrick.rules import (
        PassedCards as PassedCards,
    )
    from sticheln.hattrick.sampling import (
        sample_state as sample_state,
    )
    from sticheln.hattrick.scoring import (
        PASS_PENALTY as PASS_PENALTY,
    )
    from sticheln.hattrick.scoring import (
        collecting_color as collecting_color,
    )
    from sticheln.hattrick.scoring import (
        hand_score as hand_score,
    )
    from sticheln.hattrick.state import (
        FinishedHand as FinishedHand,
    )
    from sticheln.hattrick.state import (
        HattrickState as HattrickState,
    )
    from sticheln.hattrick.turn import (
        OPEN_TRICKS as OPEN_TRICKS,
    )
    from sticheln.hattrick.turn import (
        Action as Action,
    )
    from sticheln.hattrick.turn import (
        Turn as Turn,
    )
    from sticheln.hattrick.turn import (
        action_for as action_for,
    )
    from sticheln.hattrick.turn import (
        next_leader as next_leader,
    )
    from sticheln.hattrick.turn import (
        trick_taker as trick_taker,
    )
    from sticheln.hattrick.turn import (
        turn_actions as turn_actions,
    )
    from sticheln.hattrick.view import (
        HattrickView as HattrickView,
    )
    from sticheln.hattrick.view import (
        observe as observe,
    )
    from sticheln.hattrick.view import (
        would_take as would_take,
    )

# The names are loaded from their modules when first used (importing the package costs
# only what is used).
_EXPORTS = {
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
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
__all__ = exported_names(_EXPORTS)
