"""The web server: people play the library's games in the browser, against each other and
against bots, and others watch (``sticheln serve``).

The server holds every table's full state and sends each client only its seat's view and
events (:doc:`/web`); moves are checked by the game's engine and written to SQLite before
anyone hears of them, so a restarted server continues every table. It needs the ``web``
extra (``pip install ".[web]"`` in a checkout, :doc:`/installing`): Starlette and Uvicorn
are imported only here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sticheln.web.limits import Limits

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from sticheln.web.security import Access

__all__ = ["Limits", "create_app"]


def create_app(
    db_path: str | Path, *, limits: Limits | None = None, access: Access | None = None
) -> Starlette:
    """The Starlette application of the server, keeping its tables in the SQLite file at
    ``db_path`` (created with mode 0600 if missing). The tables are loaded, and bots whose
    turn it is resume, when the application starts (its lifespan). ``access``
    (:class:`sticheln.web.security.Access`) names the host names and other sites' origins
    it serves besides its own; by default it answers to ``localhost`` only."""
    from sticheln.web.app import build_app
    from sticheln.web.security import Access

    return build_app(Path(db_path), limits or Limits(), access or Access())
