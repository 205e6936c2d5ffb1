"""Sticheln on the game protocol: :class:`StichelnGame`.

>>> import random
>>> from sticheln import random_playout
>>> game = StichelnGame()
>>> final = random_playout(game, game.new_game(3, seed=1), random.Random(1))
>>> game.is_over(final), len(game.scores(final))
(True, 3)
"""

from __future__ import annotations

from typing import Final

import attrs

from sticheln.core.kit import BaseGame, GameKit
from sticheln.core.setup import check_type
from sticheln.core.wire import GameWire
from sticheln.sticheln.encoding import StichelnEncoding
from sticheln.sticheln.engine import apply_move, legal_moves, new_game, parse_move
from sticheln.sticheln.event import EVENT_TYPES, events
from sticheln.sticheln.moves import ChoosePain, Move, PlayCard
from sticheln.sticheln.record import GameRecord
from sticheln.sticheln.rules import NSV, PRESETS, Rules
from sticheln.sticheln.sampling import sample_state
from sticheln.sticheln.state import FinishedRound, GameState
from sticheln.sticheln.view import PlayerView, observe, would_take

__all__ = ["STICHELN", "StichelnGame", "move_text", "score_bounds"]


def move_text(move: Move) -> str:
    """The name of the move's card (``"B11"``): a player's legal moves all differ in their
    card, so it names the move among them; :func:`~sticheln.parse_move` reads it back.

    :raises WrongTypeError: if ``move`` is not a :class:`~sticheln.ChoosePain` or
        :class:`~sticheln.PlayCard`.
    """
    check_type(move, _MOVE_TYPES, "move")
    return str(move.card)


_MOVE_TYPES: Final = (ChoosePain, PlayCard)


def score_bounds(rules: Rules, players: int) -> tuple[int, int]:
    """The lowest and highest final score of a player: in each round at worst every card of
    the costliest colour is pain (the pain card and the won cards of its colour cost their
    value, :rule:`ST-SCORE-1`), at best every card of the deck scores +1."""
    deck = rules.deck(players).cards
    color_sums: dict[object, int] = {}
    for card in deck:
        color_sums[card.color] = color_sums.get(card.color, 0) + card.value
    rounds = rules.rounds_for(players)
    return -rounds * max(color_sums.values()), rounds * len(deck)


STICHELN: Final[GameKit[GameState, Move, PlayerView, Rules]] = GameKit(
    name="sticheln",
    title="Sticheln",
    presets=PRESETS,
    default_preset=NSV.name,
    simultaneous_moves=True,
    new_game=new_game,
    legal_moves=legal_moves,
    apply_move=apply_move,
    observe=observe,
    sample_state=sample_state,
    parse_move=parse_move,
    move_text=move_text,
    record=GameRecord,
    wire=GameWire(
        view=PlayerView,
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
    screen="sticheln.sticheln.screen:StichelnScreen",
    web_renderer="sticheln.sticheln:render.js",
)
"""Sticheln's functions and facts, from which :class:`StichelnGame` is built."""


@attrs.frozen
class StichelnGame(BaseGame[GameState, Move, PlayerView, Rules]):
    """Sticheln on the :class:`~sticheln.Game` protocol, with the given rules.

    >>> from sticheln import Rules, StichelnGame
    >>> StichelnGame(Rules.preset("online-5-rounds")).player_counts
    (3, 4, 5, 6)
    """

    kit = STICHELN
    rules: Rules = NSV
    """The rules of every game this object starts."""
    first_leader: int = 0
    """The seat that leads the first trick (:rule:`ST-LEAD-1`)."""
