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

from sticheln.core.protocol import Game

__all__ = ["renderer_file", "renderer_url"]

STATIC = Path(__file__).parent / "static"


def renderer_file(game: Game[Any, Any, Any]) -> Path | None:
    """The renderer module of ``game``, or ``None`` if it ships none."""
    declared = getattr(game.info, "web_renderer", None)
    if declared is not None:
        path = Path(declared)
        return path if path.is_file() else None
    shipped = STATIC / f"render-{game.info.name}.js"
    return shipped if shipped.is_file() else None


def renderer_url(game: Game[Any, Any, Any]) -> str | None:
    """Where the page loads the renderer of ``game`` from, or ``None`` for the generic
    one."""
    return None if renderer_file(game) is None else f"/static/games/{game.info.name}.js"
