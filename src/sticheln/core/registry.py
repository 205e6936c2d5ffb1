"""The games by name, for programs that let the user choose one: one registry that the
command line, the bots and the adapters read.

A game registers a *factory*: a function that takes the name of one of its rules presets (or
``None`` for its default rules) and returns a game object on the :class:`~sticheln.Game`
protocol. A game registered by another package shows up everywhere a game can be chosen,
``sticheln play --game`` included.

>>> sorted(GAME_NAMES)[:2]
['hattrick', 'sticheln']
>>> find_game("sticheln", "amigo-1993").info.rules_name
'amigo-1993'
"""

from __future__ import annotations

import threading
from collections.abc import Callable, KeysView
from typing import Any, Final

from sticheln.core.errors import UnknownNameError, WrongTypeError, excerpt
from sticheln.core.protocol import Game

__all__ = ["GAME_NAMES", "GameFactory", "find_game", "register_game"]

GameFactory = Callable[[str | None], Game[Any, Any, Any]]
"""A function that returns the game with the rules preset it is given (``None``: the
game's default rules); it raises :class:`~sticheln.UnknownNameError` for an unknown
preset."""

_FACTORIES: dict[str, GameFactory] = {}
_LOCK = threading.Lock()

GAME_NAMES: Final[KeysView[str]] = _FACTORIES.keys()
"""The names :func:`find_game` knows, in the order they were registered (a live view of
the registry)."""


def register_game(name: str, factory: GameFactory, *, replace: bool = False) -> None:
    """Make the game that ``factory`` builds known to :func:`find_game` as ``name``.

    Names are lower case, since :func:`find_game` looks them up case-insensitively.

    :raises WrongTypeError: if ``name`` is not a string or ``factory`` not callable.
    :raises ValueError: if ``name`` is empty or not lower case, or already registered and
        ``replace`` is false.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"a game's name must be a string, got {excerpt(name)}")
    if not callable(factory):
        raise WrongTypeError(f"a game's factory must be callable, got {excerpt(factory)}")
    if not name or name != name.lower() or name != name.strip():
        raise ValueError(f"a game's name must be lower case, without spaces: {excerpt(name)}")
    with _LOCK:
        if name in _FACTORIES and not replace:
            raise ValueError(f"a game called {excerpt(name)} is already registered")
        _FACTORIES[name] = factory


def find_game(name: str, preset: str | None = None) -> Game[Any, Any, Any]:
    """The game called ``name`` (case-insensitive), with the rules preset called ``preset``
    (the game's default rules when ``None``).

    :raises UnknownNameError: for an unknown game or preset; the message lists the known
        ones.
    :raises WrongTypeError: if ``name`` or ``preset`` is not a string.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"a game's name must be a string, got {excerpt(name)}")
    if preset is not None and not isinstance(preset, str):
        raise WrongTypeError(f"a preset's name must be a string or None, got {excerpt(preset)}")
    factory = _FACTORIES.get(name.lower())
    if factory is None:
        raise UnknownNameError(f"no game {excerpt(name)}; known games: {', '.join(_FACTORIES)}")
    return factory(preset)
