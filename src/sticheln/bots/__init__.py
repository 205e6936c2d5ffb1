"""Computer players. A bot sees only a player's view and the legal moves.

>>> import random
>>> from sticheln import StichelnGame
>>> game = StichelnGame()
>>> state = game.new_game(4, seed=1)
>>> bot = RandomBot()
>>> move = bot.choose(game.observe(state, 0), game.legal_moves(state, 0), random.Random(1))
>>> move in game.legal_moves(state, 0)
True
"""

from __future__ import annotations

from typing import Any

from sticheln.bots.base import BOT_NAMES, Bot, BotFactory, RandomBot, make_bot, plays, register_bot
from sticheln.bots.heuristic import HeuristicBot, make_heuristic_bot, playout_policy
from sticheln.bots.ismcts import ISMCTSBot, make_ismcts_bot, register_playout_policy
from sticheln.bots.stichling import StichlingBot, make_stichling_bot
from sticheln.core.protocol import Game


def _make_heuristic(game: Game[Any, Any, Any]) -> Bot[Any, Any]:
    """The rule-based bot of the game: :class:`HeuristicBot` for Sticheln,
    :class:`StichlingBot` for Stichling."""
    if game.info.name == "stichling":
        return make_stichling_bot(game)
    return make_heuristic_bot(game)


register_bot("heuristic", _make_heuristic, games=["sticheln", "stichling"])
register_bot("ismcts", make_ismcts_bot)
register_playout_policy("sticheln", playout_policy)

__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotFactory",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "StichlingBot",
    "make_bot",
    "make_heuristic_bot",
    "make_ismcts_bot",
    "make_stichling_bot",
    "plays",
    "register_bot",
    "register_playout_policy",
]
