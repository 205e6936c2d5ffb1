"""The bot protocol, the random bot and the registry of bots by name."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Protocol, TypeVar

from sticheln.core.errors import UnknownNameError, WrongTypeError, excerpt
from sticheln.core.protocol import Game

__all__ = ["BOT_NAMES", "Bot", "BotFactory", "RandomBot", "make_bot", "plays", "register_bot"]

ViewT = TypeVar("ViewT", contravariant=True)
MoveT = TypeVar("MoveT")


class Bot(Protocol[ViewT, MoveT]):
    """A computer player: given its view and its legal moves, it picks one of the moves.

    Bots never see the full state. ``rng`` is the only source of randomness a bot may use, so
    that games with bots replay exactly from their seeds.
    """

    def choose(self, view: ViewT, moves: Sequence[MoveT], rng: random.Random) -> MoveT:
        """One of ``moves`` (never empty)."""
        ...


class RandomBot:
    """Plays a uniformly random legal move, in any game."""

    def choose(self, view: object, moves: Sequence[MoveT], rng: random.Random) -> MoveT:
        """A random element of ``moves``."""
        return rng.choice(moves)

    def __repr__(self) -> str:
        return "RandomBot()"


BotFactory = Callable[[Game[Any, Any, Any]], Bot[Any, Any]]
"""A function that returns a new bot for the game it is given."""

_FACTORIES: dict[str, tuple[BotFactory, frozenset[str] | None]] = {
    "random": (lambda game: RandomBot(), None),
}

BOT_NAMES: Final = _FACTORIES.keys()
"""The names :func:`make_bot` knows (a live view of the registry)."""


def register_bot(name: str, factory: BotFactory, *, games: Iterable[str] | None = None) -> None:
    """Make ``factory(game)`` known to :func:`make_bot` as ``name``, for the games named in
    ``games`` (by :attr:`GameInfo.name <sticheln.GameInfo.name>`), or for every game when
    ``games`` is ``None``."""
    _FACTORIES[name] = (factory, None if games is None else frozenset(games))


def plays(name: str, game: Game[Any, Any, Any]) -> bool:
    """Whether the bot called ``name`` is registered and plays ``game``."""
    entry = _FACTORIES.get(name.lower()) if isinstance(name, str) else None
    return entry is not None and (entry[1] is None or game.info.name in entry[1])


def make_bot(name: str, game: Game[Any, Any, Any]) -> Bot[Any, Any]:
    """A new bot of the kind called ``name`` for ``game``.

    :raises UnknownNameError: for an unknown name, or a bot that does not play that game; the
        message lists the bots that do.
    :raises WrongTypeError: if ``name`` is not a string.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"a bot's name must be a string, got {excerpt(name)}")
    try:
        game.info  # noqa: B018 (every game on the protocol has it)
    except AttributeError:
        raise WrongTypeError(f"game must be a game on the protocol, got {excerpt(game)}") from None
    entry = _FACTORIES.get(name.lower())
    if entry is None:
        raise UnknownNameError(f"no bot {excerpt(name)}; known bots: {', '.join(_FACTORIES)}")
    if not plays(name, game):
        known = ", ".join(bot for bot in _FACTORIES if plays(bot, game))
        raise UnknownNameError(
            f"the {name} bot does not play {game.info.title}; bots that do: {known}"
        )
    return entry[0](game)
