"""Which JavaScript module draws each game's table: the one its game ships, served at
``/static/games/<name>.js``, or none, and then the page's generic renderer
(``render-generic.js``) draws the game from its view's JSON.

A renderer module exports what ``board.js`` asks of it (``tableArea``, ``playerDetails``,
``lastTrick``, ``rounds``, ``describeEvent``, ``heading``, ``phaseHint``, ``roundWord``,
``lastHeading``) and imports the page's own modules by absolute path
(``/static/cards.js``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sticheln.core.errors import UnknownNameError
from sticheln.core.protocol import Game
from sticheln.core.references import resource

__all__ = ["renderer_file", "renderer_url"]


def renderer_file(game: Game[Any, Any, Any]) -> Path | None:
    """The renderer module of ``game`` (its :attr:`GameInfo.web_renderer
    <sticheln.GameInfo.web_renderer>`, a package resource), or ``None`` if it ships none or
    the file is missing."""
    declared = game.info.web_renderer
    if declared is None:
        return None
    try:
        found = resource(declared, f"the web renderer of {game.info.name}")
    except UnknownNameError:
        return None
    path = Path(str(found))
    return path if path.is_file() else None


def renderer_url(game: Game[Any, Any, Any]) -> str | None:
    """Where the page loads the renderer of ``game`` from, or ``None`` for the generic
    one."""
    return None if renderer_file(game) is None else f"/static/games/{game.info.name}.js"
