"""Stichling on the library's game protocol, :class:`~sticheln.Game`.

>>> import random
>>> from sticheln import random_playout
>>> game = StichlingGame()
>>> final = random_playout(game, game.new_game(3, seed=2), random.Random(2))
>>> game.is_over(final), len(final.finished_hands), game.info.simultaneous_moves
(True, 3, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from sticheln.core.cards import Card
from sticheln.core.explain import TrickExplanation
from sticheln.core.i18n import N_
from sticheln.core.kit import BaseGame, GameKit
from sticheln.core.wire import GameWire
from sticheln.stichling.encoding import StichlingEncoding
from sticheln.stichling.engine import apply_move, legal_moves, new_game, parse_move
from sticheln.stichling.event import EVENT_TYPES, events
from sticheln.stichling.explain import explain_score, explain_trick
from sticheln.stichling.moves import AddToTrick, ArrangePoints, OpenTrick, StichlingMove, move_text
from sticheln.stichling.record import StichlingRecord
from sticheln.stichling.rules import RAVENSBURGER_2015, STICHLING_PRESETS, StichlingRules
from sticheln.stichling.sampling import HandSampler, sample_state
from sticheln.stichling.state import FinishedHand, StichlingState
from sticheln.stichling.view import StichlingView, observe, would_take

__all__ = ["STICHLING", "StichlingGame", "score_bounds", "trick_explanation"]


def score_bounds(rules: StichlingRules, players: int) -> tuple[int, int]:
    """The lowest and highest final score of a player: in each hand at most the best and at
    least the worst victory-point card of the rules, or nothing."""
    values = [value for triple in rules.points for value in triple]
    hands = rules.hand_count
    return hands * min(0, *values), hands * max(0, *values)


def trick_explanation(rules: StichlingRules, cards: Sequence[Card]) -> TrickExplanation:
    """:func:`~sticheln.stichling.explain_trick` of ``cards``, the kit's ``explain_trick``:
    who holds the marker is the same under every option of ``rules`` (:rule:`SL-TRICK-1`)."""
    return explain_trick(cards)


STICHLING: Final[GameKit[StichlingState, StichlingMove, StichlingView, StichlingRules]] = GameKit(
    name="stichling",
    title="Stichling",
    presets=STICHLING_PRESETS,
    default_preset=RAVENSBURGER_2015.name,
    simultaneous_moves=True,
    new_game=new_game,
    legal_moves=legal_moves,
    apply_move=apply_move,
    observe=observe,
    sample_state=sample_state,
    parse_move=parse_move,
    move_text=move_text,
    record=StichlingRecord,
    wire=GameWire(
        view=StichlingView,
        moves=(ArrangePoints, OpenTrick, AddToTrick),
        deal=FinishedHand,
        event_types=EVENT_TYPES,
        events=events,
    ),
    encoding=StichlingEncoding,
    would_take=would_take,
    score_bounds=score_bounds,
    bots={"heuristic": "sticheln.stichling.bot:make_stichling_bot"},
    fast_playouts="sticheln.stichling.playout:hand_search",
    hand_sampler=HandSampler,
    solver_position="sticheln.stichling.endgame:solver_position",
    random_games="sticheln.stichling.batch:random_games",
    deal_scores_public=True,  # the won tricks and the victory points they turned up are face up
    move_hint="sticheln.stichling.hints:move_hint",
    preset_notes={
        "ravensburger-2015": (
            N_("Ravensburger 2015"),
            N_(
                "Victory points 1/2/3, 2/4/6 and 3/6/9; a card is discarded only when nothing else "
                "is possible."
            ),
        ),
        "spieletest": (
            N_("spieletest.at"),
            N_(
                "Victory points 1/3/5 in the first hand; a card of a colour without an open trick "
                "may go onto any open trick."
            ),
        ),
        "tiny": (
            N_("Tiny"),
            N_(
                "One hand of four cards each for 2 or 3 players: a game small enough to search "
                "whole."
            ),
        ),
    },
    screen="sticheln.stichling.screen:StichlingScreen",
    web_renderer="sticheln.stichling:render.js",
    explain_trick=trick_explanation,
    explain_score=explain_score,
)
"""Stichling's functions and facts, from which :class:`StichlingGame` is built."""


@attrs.frozen
class StichlingGame(BaseGame[StichlingState, StichlingMove, StichlingView, StichlingRules]):
    """Stichling on the :class:`~sticheln.Game` protocol, with the given rules.

    The players order their victory-point cards all at once (:rule:`SL-VP-2`), so the game
    declares simultaneous moves.

    >>> from sticheln.stichling import StichlingGame
    >>> StichlingGame().player_counts
    (2, 3, 4, 5)
    """

    kit = STICHLING
    rules: StichlingRules = RAVENSBURGER_2015
    """The rules of every game this object starts."""
    first_leader: int = 0
    """The seat that plays the first card of the game (:rule:`SL-LEAD-1`)."""
