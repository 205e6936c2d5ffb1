"""The games by name, for programs that let the user choose one: one registry that the
command line, the bots and the adapters read.

A game registers a *factory*: a function that takes the name of one of its rules presets (or
``None`` for its default rules) and returns a game object on the :class:`~sticheln.Game`
protocol; the :meth:`~sticheln.core.kit.BaseGame.from_preset` of a game's class is one. A game
registered by another package shows up everywhere a game can be chosen, ``sticheln play
--game`` included.

An installed package declares its games as entry points of the group ``sticheln.games``:
each entry point is named after its game and names a factory (``high-card =
high_card:HighCardGame.from_preset``). They are found when a game is first looked up or the
names are listed (:data:`GAME_NAMES`), and again whenever :data:`sys.path` has changed since
(a game whose package has left the path is forgotten); a name registered with
:func:`register_game` comes before a plugin's; a plugin that cannot be loaded is left out of
the list with a :class:`GamePluginWarning`, and :func:`find_game` of its name raises
:exc:`~sticheln.core.errors.GamePluginError`, naming it.

>>> "sticheln" in GAME_NAMES, "skat" in GAME_NAMES
(True, False)
>>> find_game("sticheln", "amigo-1993").info.rules_name
'amigo-1993'
"""

from __future__ import annotations

import sys
import threading
import warnings
from collections.abc import Callable, Iterator, KeysView, Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from sticheln.core.errors import GamePluginError, UnknownNameError, WrongTypeError, excerpt

if TYPE_CHECKING:
    from importlib import metadata

    from sticheln.core.protocol import Game

__all__ = [
    "ENTRY_POINT_GROUP",
    "GAME_NAMES",
    "GameFactory",
    "GameListing",
    "GamePluginWarning",
    "find_game",
    "game_listing",
    "register_game",
]

ENTRY_POINT_GROUP: Final = "sticheln.games"
"""The entry-point group of the games of other packages."""

GameFactory = Callable[[str | None], "Game[Any, Any, Any]"]
"""A function that returns the game with the rules preset it is given (``None``: the
game's default rules); it raises :class:`~sticheln.UnknownNameError` for an unknown
preset."""


class GameListing(NamedTuple):
    """What a list of the games shows of one game without loading it: its title and the names
    of its rules presets, as its :class:`~sticheln.GameInfo` has them. A game registered with
    a listing (:func:`register_game`) is listed, in ``sticheln play --help`` for one, without
    importing its modules; :func:`game_listing` gives it.

    >>> from sticheln.core.registry import GameListing
    >>> GameListing("High card", ("standard", "short"), "standard").presets
    ('standard', 'short')
    """

    title: str
    """The game's name for people (:attr:`GameInfo.title <sticheln.GameInfo.title>`)."""
    presets: tuple[str, ...]
    """The names of its rules presets, in the order of :attr:`GameInfo.presets
    <sticheln.GameInfo.presets>`."""
    default_preset: str
    """The name of its default rules, one of :attr:`presets`."""


def _check_listing(listing: object) -> GameListing:
    """``listing`` if it is a :class:`GameListing` of strings whose default is a preset.

    :raises WrongTypeError: for anything else than a listing of strings.
    :raises ValueError: if the default preset is not one of the presets.
    """
    if not isinstance(listing, GameListing):
        raise WrongTypeError(f"a game's listing must be a GameListing, got {excerpt(listing)}")
    title, presets, default = listing
    if (
        not isinstance(title, str)
        or not isinstance(presets, tuple)
        or not all(isinstance(preset, str) for preset in presets)
        or not isinstance(default, str)
    ):
        raise WrongTypeError(
            f"a game's listing must hold a title, a tuple of preset names and the default "
            f"preset's name, all strings, got {excerpt(listing)}"
        )
    if default not in presets:
        raise ValueError(
            f"a game's listing names the default preset {excerpt(default)}, "
            f"which is not among its presets {excerpt(presets)}"
        )
    return listing


class GamePluginWarning(UserWarning):
    """A game plugin that cannot be loaded, left out of :data:`GAME_NAMES`."""


_FACTORIES: dict[str, GameFactory] = {}
_LISTINGS: dict[str, GameListing] = {}
"""The listings given to :func:`register_game`, by name."""
_LOCK = threading.RLock()  # a plugin's module may register games while it is loaded

_PLUGINS: dict[str, GameFactory] = {}
"""The factories that came from entry points, by name (also in :data:`_FACTORIES`)."""
_BROKEN: dict[str, str] = {}
"""The entry points that could not be loaded, by name: the one-line message why."""
_scanned_path: tuple[str, ...] | None = None
"""The :data:`sys.path` of the latest scan of the entry points."""


def _describe(entry: metadata.EntryPoint) -> str:
    """``'high-card' (high_card:HighCardGame.from_preset, from toy-games 0.1)``."""
    dist = getattr(entry, "dist", None)
    source = "" if dist is None else f", from {dist.name} {dist.version}"
    return f"{entry.name!r} ({entry.value}{source})"


def _load(entry: metadata.EntryPoint) -> GameFactory:
    """The factory that ``entry`` names, checked by building the default game with it.

    :raises GamePluginError: for a plugin that cannot be imported, names no factory, or
        builds a game of another name.
    """
    where = _describe(entry)
    try:
        factory: GameFactory = entry.load()
    except Exception as exc:
        reason = str(exc).splitlines()[0] if str(exc) else ""
        raise GamePluginError(
            f"game plugin {where} cannot be loaded: {type(exc).__name__}: {reason}"
        ) from None
    if not callable(factory):
        raise GamePluginError(
            f"game plugin {where} names {excerpt(factory)}, not a factory (preset) -> game"
        )
    try:
        name = factory(None).info.name
    except Exception as exc:
        reason = str(exc).splitlines()[0] if str(exc) else ""
        raise GamePluginError(
            f"game plugin {where}: its factory fails for the default rules: "
            f"{type(exc).__name__}: {reason}"
        ) from None
    if name != entry.name:
        raise GamePluginError(f"game plugin {where} builds a game called {excerpt(name)}")
    return factory


def _discover() -> None:
    """Scan the entry points of :data:`ENTRY_POINT_GROUP` when :data:`sys.path` has changed
    since the last scan: register the new ones, forget those that are gone."""
    global _scanned_path
    path = tuple(sys.path)
    if path == _scanned_path:
        return
    from importlib import metadata  # only when a game is looked up: it is slow to import

    with _LOCK:
        if path == _scanned_path:
            return
        found: dict[str, metadata.EntryPoint] = {}
        for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
            found.setdefault(entry.name, entry)  # the first on the path, as for imports
        for name in [name for name in _PLUGINS if name not in found]:
            if _FACTORIES.get(name) is _PLUGINS.pop(name):
                del _FACTORIES[name]
        for name in [name for name in _BROKEN if name not in found]:
            del _BROKEN[name]
        for name, entry in found.items():
            if name in _PLUGINS or name in _BROKEN:
                continue
            if name in _FACTORIES:
                continue  # registered by the program (or the library): it comes first
            try:
                factory = _load(entry)
            except GamePluginError as exc:
                _BROKEN[name] = str(exc)
                warnings.warn(str(exc), GamePluginWarning, stacklevel=3)
                continue
            _PLUGINS[name] = factory
            _FACTORIES.setdefault(name, factory)
        _scanned_path = path


class _Names(Mapping[str, GameFactory]):
    """The registry as a mapping that finds the plugins before it is read."""

    def __getitem__(self, name: str) -> GameFactory:
        _discover()
        return _FACTORIES[name]

    def __iter__(self) -> Iterator[str]:
        _discover()
        return iter(list(_FACTORIES))

    def __len__(self) -> int:
        _discover()
        return len(_FACTORIES)

    def __contains__(self, name: object) -> bool:
        _discover()
        return name in _FACTORIES


GAME_NAMES: Final[KeysView[str]] = _Names().keys()
"""The names :func:`find_game` knows, in the order they were registered, then the games of
the installed plugins (a live view of the registry)."""


def register_game(
    name: str,
    factory: GameFactory,
    *,
    replace: bool = False,
    listing: GameListing | None = None,
) -> None:
    """Make the game that ``factory`` builds known to :func:`find_game` as ``name``.

    Names are lower case, since :func:`find_game` looks them up case-insensitively. A
    ``listing`` (the game's title and presets, which must be those of its
    :class:`~sticheln.GameInfo`) lets :func:`game_listing` answer without building the game.

    :raises WrongTypeError: if ``name`` is not a string, ``factory`` not callable or
        ``listing`` not a :class:`GameListing` of strings.
    :raises ValueError: if ``name`` is empty or not lower case, or already registered and
        ``replace`` is false, or the listing's default preset is not one of its presets.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"a game's name must be a string, got {excerpt(name)}")
    if not callable(factory):
        raise WrongTypeError(f"a game's factory must be callable, got {excerpt(factory)}")
    if not name or name != name.lower() or name != name.strip():
        raise ValueError(f"a game's name must be lower case, without spaces: {excerpt(name)}")
    if listing is not None:
        _check_listing(listing)
    with _LOCK:
        if name in _FACTORIES and not replace and _PLUGINS.get(name) is not _FACTORIES[name]:
            raise ValueError(f"a game called {excerpt(name)} is already registered")
        _FACTORIES[name] = factory
        if listing is None:
            _LISTINGS.pop(name, None)
        else:
            _LISTINGS[name] = listing


def game_listing(name: str) -> GameListing:
    """The title and presets of the game called ``name`` (case-insensitive): the listing it
    was registered with, which costs no import, or else its :class:`~sticheln.GameInfo`'s,
    for which the game is built (the games of plugins).

    >>> from sticheln.core.registry import GAME_NAMES, find_game, game_listing
    >>> all(game_listing(name).default_preset == find_game(name).info.rules_name
    ...     for name in GAME_NAMES)
    True

    :raises UnknownNameError: for an unknown game; the message lists the known ones.
    :raises GamePluginError: for the game of a plugin that cannot be loaded, naming it.
    :raises WrongTypeError: if ``name`` is not a string.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"a game's name must be a string, got {excerpt(name)}")
    key = name.lower()
    _discover()
    listing = _LISTINGS.get(key)
    if listing is not None and _FACTORIES.get(key) is not None:
        return listing
    info = find_game(key).info
    return GameListing(info.title, tuple(info.presets), info.default_preset)


def find_game(name: str, preset: str | None = None) -> Game[Any, Any, Any]:
    """The game called ``name`` (case-insensitive), with the rules preset called ``preset``
    (the game's default rules when ``None``).

    :raises UnknownNameError: for an unknown game or preset; the message lists the known
        ones.
    :raises GamePluginError: for the game of a plugin that cannot be loaded, naming it.
    :raises WrongTypeError: if ``name`` or ``preset`` is not a string.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"a game's name must be a string, got {excerpt(name)}")
    if preset is not None and not isinstance(preset, str):
        raise WrongTypeError(f"a preset's name must be a string or None, got {excerpt(preset)}")
    key = name.lower()
    _discover()
    factory = _FACTORIES.get(key)
    if factory is None:
        broken = _BROKEN.get(key)
        if broken is not None:
            raise GamePluginError(broken)
        raise UnknownNameError(f"no game {excerpt(name)}; known games: {', '.join(_FACTORIES)}")
    return factory(preset)
