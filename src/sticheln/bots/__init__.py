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

from sticheln.bots.base import BOT_NAMES, Bot, RandomBot, make_bot

__all__ = ["BOT_NAMES", "Bot", "RandomBot", "make_bot"]
