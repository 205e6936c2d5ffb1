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

from sticheln.bots.base import (
    BOT_NAMES,
    Bot,
    BotFactory,
    BotSpec,
    BotSpecError,
    RandomBot,
    bot_options,
    make_bot,
    parse_bot_spec,
    plays,
    register_bot,
)
from sticheln.bots.hattrick import HattrickBot, make_hattrick_bot
from sticheln.bots.heuristic import HeuristicBot, make_heuristic_bot, playout_policy
from sticheln.bots.ismcts import (
    ISMCTS_OPTIONS,
    ISMCTSBot,
    make_ismcts_bot,
    make_ismcts_bot_from_options,
    register_playout_policy,
)
from sticheln.bots.stichling import StichlingBot, make_stichling_bot
from sticheln.core.protocol import Game


def _make_heuristic(game: Game[Any, Any, Any]) -> Bot[Any, Any]:
    """The rule-based bot of the game: :class:`HeuristicBot` for Sticheln,
    :class:`StichlingBot` for Stichling, :class:`HattrickBot` for Hattrick."""
    if game.info.name == "stichling":
        return make_stichling_bot(game)
    if game.info.name == "hattrick":
        return make_hattrick_bot(game)
    return make_heuristic_bot(game)


register_bot("heuristic", _make_heuristic, games=["sticheln", "stichling", "hattrick"])
register_bot("ismcts", make_ismcts_bot_from_options, options=ISMCTS_OPTIONS)
register_playout_policy("sticheln", playout_policy)

__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotFactory",
    "BotSpec",
    "BotSpecError",
    "HattrickBot",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "StichlingBot",
    "bot_options",
    "make_bot",
    "make_hattrick_bot",
    "make_heuristic_bot",
    "make_ismcts_bot",
    "make_stichling_bot",
    "parse_bot_spec",
    "plays",
    "register_bot",
    "register_playout_policy",
]
