"""Computer players. A bot sees only a player's view and the legal moves.

The bots here play every game through the protocol: :class:`RandomBot`, :class:`ISMCTSBot`
and :class:`PIMCBot`. A game's own bots, such as its ``heuristic`` bot, are declared by the game
(:attr:`GameInfo.bots <sticheln.GameInfo.bots>`) and made by :func:`make_bot` like the others.

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

from sticheln.bots.base import (
    BOT_NAMES,
    Bot,
    BotFactory,
    BotSpec,
    BotSpecError,
    RandomBot,
    bot_names,
    bot_options,
    default_bot,
    make_bot,
    parse_bot_spec,
    plays,
    register_bot,
)
from sticheln.bots.ismcts import (
    ISMCTS_OPTIONS,
    ISMCTSBot,
    make_ismcts_bot,
    make_ismcts_bot_from_options,
)
from sticheln.bots.pimc import PIMC_OPTIONS, PIMCBot, make_pimc_bot, make_pimc_bot_from_options

# The rule-of-thumb bot of each game, which the game declares (GameInfo.bots).
register_bot("heuristic", None)
register_bot("ismcts", make_ismcts_bot_from_options, options=ISMCTS_OPTIONS)
register_bot("pimc", make_pimc_bot_from_options, options=PIMC_OPTIONS)

__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotFactory",
    "BotSpec",
    "BotSpecError",
    "ISMCTSBot",
    "PIMCBot",
    "RandomBot",
    "bot_names",
    "bot_options",
    "default_bot",
    "make_bot",
    "make_ismcts_bot",
    "make_pimc_bot",
    "parse_bot_spec",
    "plays",
    "register_bot",
]
