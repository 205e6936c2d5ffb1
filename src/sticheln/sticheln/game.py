"""Sticheln on the game protocol: :class:`StichelnGame`.

>>> import random
>>> from sticheln import random_playout
>>> game = StichelnGame()
>>> final = random_playout(game, game.new_game(3, seed=1), random.Random(1))
>>> game.is_over(final), len(game.scores(final))
(True, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from sticheln.core.cards import Card
from sticheln.core.explain import TrickExplanation
from sticheln.core.i18n import N_
from sticheln.core.kit import BaseGame, GameKit
from sticheln.core.setup import check_type
from sticheln.core.wire import GameWire
from sticheln.sticheln.encoding import StichelnEncoding
from sticheln.sticheln.engine import apply_move, legal_moves, new_game, parse_move
from sticheln.sticheln.event import EVENT_TYPES, events
from sticheln.sticheln.explain import explain_score, explain_trick
from sticheln.sticheln.moves import ChoosePain, PlayCard, StichelnMove
from sticheln.sticheln.record import StichelnRecord
from sticheln.sticheln.rules import NSV, STICHELN_PRESETS, StichelnRules
from sticheln.sticheln.sampling import sample_state
from sticheln.sticheln.state import FinishedRound, StichelnState
from sticheln.sticheln.view import StichelnView, observe, would_take

__all__ = ["STICHELN", "StichelnGame", "move_text", "score_bounds"]


def move_text(move: StichelnMove) -> str:
    """The name of the move's card (``"B11"``): a player's legal moves all differ in their
    card, so it names the move among them; :func:`~sticheln.parse_move` reads it back.

    :raises WrongTypeError: if ``move`` is not a :class:`~sticheln.ChoosePain` or
        :class:`~sticheln.PlayCard`.
    """
    check_type(move, _MOVE_TYPES, "move")
    return str(move.card)


_MOVE_TYPES: Final = (ChoosePain, PlayCard)


def score_bounds(rules: StichelnRules, players: int) -> tuple[int, int]:
    """The lowest and highest final score of a player: in each round at worst every card of
    the costliest colour is pain (the pain card and the won cards of its colour cost their
    value, :rule:`ST-SCORE-1`), at best every card of the deck scores +1."""
    deck = rules.deck(players).cards
    color_sums: dict[object, int] = {}
    for card in deck:
        color_sums[card.color] = color_sums.get(card.color, 0) + card.value
    rounds = rules.rounds_for(players)
    return -rounds * max(color_sums.values()), rounds * len(deck)


def trick_explanation(rules: StichelnRules, cards: Sequence[Card]) -> TrickExplanation:
    """:func:`~sticheln.explain_trick` under ``rules`` (their rule for a trick of zeros)."""
    return explain_trick(cards, rules.all_zero_trick)


STICHELN: Final[GameKit[StichelnState, StichelnMove, StichelnView, StichelnRules]] = GameKit(
    name="sticheln",
    title="Sticheln",
    presets=STICHELN_PRESETS,
    default_preset=NSV.name,
    simultaneous_moves=True,
    new_game=new_game,
    legal_moves=legal_moves,
    apply_move=apply_move,
    observe=observe,
    sample_state=sample_state,
    parse_move=parse_move,
    move_text=move_text,
    record=StichelnRecord,
    wire=GameWire(
        view=StichelnView,
        moves=(ChoosePain, PlayCard),
        deal=FinishedRound,
        event_types=EVENT_TYPES,
        events=events,
    ),
    encoding=StichelnEncoding,
    would_take=would_take,
    score_bounds=score_bounds,
    bots={"heuristic": "sticheln.sticheln.bot:make_heuristic_bot"},
    playout_policy="sticheln.sticheln.bot:playout_policy",
    fast_playouts="sticheln.sticheln.playout:round_search",
    solver_position="sticheln.sticheln.endgame:solver_position",
    solver_values="sticheln.sticheln.endgame:solver_values",
    random_games="sticheln.sticheln.batch:random_games",
    deal_scores_public=True,  # the won cards, and the pain cards once the round is played
    move_hint="sticheln.sticheln.hints:move_hint",
    preset_notes={
        "nsv": (
            N_("NSV (English rules)"),
            N_(
                "3 to 6 players, a round per player; the youngest leads first; a trick of zeros is "
                "set aside."
            ),
        ),
        "amigo-1993": (
            N_("AMIGO 1993 (German rules)"),
            N_("A draw picks the dealer, and the player left of the dealer leads the first trick."),
        ),
        "online-5-rounds": (
            N_("Online, five rounds"),
            N_("Five rounds whatever the number of players; a trick of zeros goes to its leader."),
        ),
        "eight-players": (
            N_("Up to eight players"),
            N_("The NSV rules for 7 and 8 players too, with a reconstructed deck table."),
        ),
        "tiny": (
            N_("Tiny"),
            N_(
                "One round of three cards a hand for 2 or 3 players: a game small enough to "
                "search whole."
            ),
        ),
    },
    screen="sticheln.sticheln.screen:StichelnScreen",
    web_renderer="sticheln.sticheln:render.js",
    explain_trick=trick_explanation,
    explain_score=explain_score,
)
"""Sticheln's functions and facts, from which :class:`StichelnGame` is built."""


@attrs.frozen
class StichelnGame(BaseGame[StichelnState, StichelnMove, StichelnView, StichelnRules]):
    """Sticheln on the :class:`~sticheln.Game` protocol, with the given rules.

    >>> from sticheln import StichelnRules, StichelnGame
    >>> StichelnGame(StichelnRules.preset("online-5-rounds")).player_counts
    (3, 4, 5, 6)
    """

    kit = STICHELN
    rules: StichelnRules = NSV
    """The rules of every game this object starts."""
    first_leader: int = 0
    """The seat that leads the first trick (:rule:`ST-LEAD-1`)."""
