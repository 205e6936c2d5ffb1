"""Hattrick on the library's game protocol, :class:`~sticheln.Game`.

>>> import random
>>> from sticheln import random_playout
>>> game = HattrickGame()
>>> final = random_playout(game, game.new_game(5, seed=2), random.Random(2))
>>> game.is_over(final), len(final.finished_hands), sum(map(len, final.setup.deals[0]))
(True, 5, 60)
"""

from __future__ import annotations

from typing import Final

import attrs

from sticheln.core.i18n import N_
from sticheln.core.kit import BaseGame, GameKit
from sticheln.core.setup import check_type
from sticheln.core.wire import GameWire
from sticheln.hattrick.encoding import HattrickEncoding
from sticheln.hattrick.engine import apply_move, legal_moves, new_game, parse_move
from sticheln.hattrick.event import EVENT_TYPES, events
from sticheln.hattrick.explain import explain_score, trick_explanation
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick, Pass
from sticheln.hattrick.record import HattrickRecord
from sticheln.hattrick.rules import AMIGO_1995, HATTRICK_PRESETS, HattrickRules
from sticheln.hattrick.sampling import HandSampler, sample_state
from sticheln.hattrick.scoring import PASS_PENALTY
from sticheln.hattrick.state import FinishedHand, HattrickState
from sticheln.hattrick.view import HattrickView, observe, would_take

__all__ = ["HATTRICK", "HattrickGame", "move_text", "score_bounds"]


def move_text(move: HattrickMove) -> str:
    """The name of the move's card (``"R17"``): a player's legal moves all differ in their
    card (:rule:`HT-PLAY-4`); :func:`~sticheln.hattrick.parse_move` reads it back.

    :raises WrongTypeError: if ``move`` is not a :class:`~sticheln.hattrick.Follow`,
        :class:`~sticheln.hattrick.OpenTrick` or :class:`~sticheln.hattrick.Pass`.
    """
    check_type(move, _MOVE_TYPES, "move")
    return str(move.card)


_MOVE_TYPES: Final = (Follow, OpenTrick, Pass)


def score_bounds(rules: HattrickRules, players: int) -> tuple[int, int]:
    """The lowest and highest final score of a player: in each hand at best +1 for every
    card of the deck, at worst -1 for every card and the penalty of passing a whole hand
    (:rule:`HT-SCORE-1`, :rule:`HT-SCORE-2`)."""
    size, hands = rules.deck_size, rules.hands_for(players)
    return -hands * (size + PASS_PENALTY * rules.hand_size(players)), hands * size


HATTRICK: Final[GameKit[HattrickState, HattrickMove, HattrickView, HattrickRules]] = GameKit(
    name="hattrick",
    title="Hattrick",
    presets=HATTRICK_PRESETS,
    default_preset=AMIGO_1995.name,
    simultaneous_moves=False,
    new_game=new_game,
    legal_moves=legal_moves,
    apply_move=apply_move,
    observe=observe,
    sample_state=sample_state,
    parse_move=parse_move,
    move_text=move_text,
    record=HattrickRecord,
    wire=GameWire(
        view=HattrickView,
        moves=(Follow, OpenTrick, Pass),
        deal=FinishedHand,
        event_types=EVENT_TYPES,
        events=events,
    ),
    encoding=HattrickEncoding,
    would_take=would_take,
    score_bounds=score_bounds,
    bots={"heuristic": "sticheln.hattrick.bot:make_hattrick_bot"},
    fast_playouts="sticheln.hattrick.playout:hand_search",
    hand_sampler=HandSampler,
    solver_position="sticheln.hattrick.endgame:solver_position",
    random_games="sticheln.hattrick.batch:random_games",
    deal_scores_public=True,  # the won cards and the number of passed cards are public
    move_hint="sticheln.hattrick.hints:move_hint",
    preset_notes={
        "amigo-1995": (
            N_("AMIGO 1995"),
            N_("4 to 6 players, 60 cards, a hand per player; passed cards are shown to everyone."),
        ),
        "passes-shown": (
            N_("Passes shown"),
            N_("Passed cards are shown to everyone and count when the next leader is found."),
        ),
        "passes-hidden": (
            N_("Passes hidden"),
            N_("Only a passed card's colour is shown; the highest card of the two tricks leads."),
        ),
        "tiny": (
            N_("Tiny"),
            N_("One hand of six cards for 2 or 3 players: a game small enough to search whole."),
        ),
    },
    screen="sticheln.hattrick.screen:HattrickScreen",
    web_renderer="sticheln.hattrick:render.js",
    explain_trick=trick_explanation,
    explain_score=explain_score,
)
"""Hattrick's functions and facts, from which :class:`HattrickGame` is built."""


@attrs.frozen
class HattrickGame(BaseGame[HattrickState, HattrickMove, HattrickView, HattrickRules]):
    """Hattrick on the :class:`~sticheln.Game` protocol, with the given rules.

    >>> from sticheln.hattrick import HattrickGame
    >>> HattrickGame().player_counts
    (4, 5, 6)
    """

    kit = HATTRICK
    rules: HattrickRules = AMIGO_1995
    """The rules of every game this object starts."""
    first_leader: int = 0
    """The seat that leads the first turn (:rule:`HT-LEAD-1`)."""
