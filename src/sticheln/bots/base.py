"""The bot protocol, the random bot and the registry of bots by name."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol, TypeVar

from sticheln.errors import RulesError
from sticheln.protocol import Game

__all__ = ["BOT_NAMES", "Bot", "RandomBot", "make_bot", "register_bot"]

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


_FACTORIES: dict[str, Callable[[Game[Any, Any, Any]], Bot[Any, Any]]] = {
    "random": lambda game: RandomBot(),
}

BOT_NAMES: Final = _FACTORIES.keys()
"""The names :func:`make_bot` knows (a live view of the registry)."""


def register_bot(name: str, factory: Callable[[Game[Any, Any, Any]], Bot[Any, Any]]) -> None:
    """Make ``factory(game)`` known to :func:`make_bot` as ``name``."""
    _FACTORIES[name] = factory


def make_bot(name: str, game: Game[Any, Any, Any]) -> Bot[Any, Any]:
    """A new bot of the kind called ``name`` for ``game``.

    :raises RulesError: for an unknown name, or a bot that does not play that game; the message
        lists the known bots.
    """
    factory = _FACTORIES.get(name.lower())
    if factory is None:
        raise RulesError(f"no bot {name!r}; known bots: {', '.join(_FACTORIES)}")
    return factory(game)
