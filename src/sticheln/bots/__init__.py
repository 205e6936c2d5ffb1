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

from sticheln.bots.base import BOT_NAMES, Bot, RandomBot, make_bot, register_bot
from sticheln.bots.heuristic import HeuristicBot, make_heuristic_bot
from sticheln.bots.ismcts import ISMCTSBot, make_ismcts_bot

register_bot("heuristic", make_heuristic_bot)
register_bot("ismcts", make_ismcts_bot)

__all__ = [
    "BOT_NAMES",
    "Bot",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "make_bot",
    "make_heuristic_bot",
    "make_ismcts_bot",
    "register_bot",
]
