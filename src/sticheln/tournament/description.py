"""A tournament described as data: the game, the bots, the deals, the seat rotation and the
base seed, from which every game's seeds follow."""

from __future__ import annotations

import enum
import hashlib
from typing import Any

import attrs

from sticheln.core.errors import WrongTypeError, excerpt

__all__ = ["Rotation", "Tournament", "derive_seed"]


def derive_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a series started from ``base``: the same on every
    machine and Python version, and independent of how the games are shared among
    processes.

    >>> from sticheln.tournament import derive_seed
    >>> derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"sticheln/{base}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Rotation(enum.Enum):
    """How the bot list sits at the table for the games of one deal."""

    ALL = "all"
    """Every deal is played once for each rotation of the bot list over the seats: in
    rotation ``r`` entry ``e`` of the list sits at seat ``(e + r) % players``, so that every
    entry plays every seat of every deal (a duplicate tournament)."""
    NONE = "none"
    """Every deal is played once, entry ``e`` of the bot list at seat ``e``."""


def _check_bots(instance: Tournament, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, tuple) or not all(isinstance(bot, str) for bot in value):
        raise WrongTypeError(f"bots must be a tuple of bot specs (strings), got {excerpt(value)}")
    if not value:
        raise ValueError("bots must name at least one bot")
    for bot in value:
        if not bot.split(":", 1)[0].strip():
            raise ValueError(f"bots: empty bot name in {excerpt(bot)}")


def _check_int(minimum: int) -> Any:
    def check(instance: Tournament, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise WrongTypeError(f"{attribute.name} must be an int, got {excerpt(value)}")
        if value < minimum:
            raise ValueError(f"{attribute.name} must be at least {minimum}, got {value}")

    return check


def _check_str(instance: Tournament, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, str) and (value is not None or attribute.name == "game"):
        raise WrongTypeError(f"{attribute.name} must be a string, got {excerpt(value)}")


def _check_rotation(instance: Tournament, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Rotation):
        raise WrongTypeError(f"rotation must be a Rotation, got {excerpt(value)}")


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class Tournament:
    """Games between bots on duplicate deals, as data: everything a worker needs to play any
    game of the tournament, and nothing about where it runs.

    Game ``i`` is rotation ``i % rotations`` of deal ``i // rotations``. Deal ``d`` is dealt
    from :meth:`deal_seed`, and the bots of each of its games choose with a generator of
    their own (:meth:`bot_seed`), so a game's result depends only on the description and its
    index, never on the machine or process that plays it.

    >>> from sticheln.tournament import Tournament
    >>> t = Tournament("sticheln", ("heuristic", "random", "random"), deals=10, seed=7)
    >>> t.players, t.rotations, t.games
    (3, 3, 30)
    >>> t.deal_of(4), t.rotation_of(4), t.seated(4)
    (1, 1, (2, 0, 1))

    :raises WrongTypeError: for a field of the wrong type.
    :raises ValueError: for no bots, an empty bot name, fewer than one deal or a negative
        seed. Whether the game, its rules and the bots exist is checked by the code that
        plays the games (:func:`sticheln.tournament.check_tournament`).
    """

    game: str = attrs.field(validator=_check_str)
    """The game's name, as :func:`sticheln.find_game` knows it."""
    bots: tuple[str, ...] = attrs.field(converter=_tuple, validator=_check_bots)
    """The bot list, one bot spec (``ismcts:iterations=200``, :func:`sticheln.bots.make_bot`)
    per seat; its length is the number of players."""
    deals: int = attrs.field(validator=_check_int(1))
    """The number of deals."""
    seed: int = attrs.field(validator=_check_int(0))
    """The base seed, from which every deal's seed follows (:meth:`deal_seed`)."""
    rules: str | None = attrs.field(default=None, validator=_check_str)
    """The name of the game's rules preset, ``None`` for its default rules."""
    rotation: Rotation = attrs.field(default=Rotation.ALL, validator=_check_rotation)
    """How the bot list sits at the table in the games of a deal."""

    @property
    def players(self) -> int:
        """The number of players: the length of the bot list."""
        return len(self.bots)

    @property
    def rotations(self) -> int:
        """The games of each deal: one per rotation of the seats, or one."""
        return self.players if self.rotation is Rotation.ALL else 1

    @property
    def games(self) -> int:
        """The number of games: the deals times the games of a deal."""
        return self.deals * self.rotations

    def deal_of(self, index: int) -> int:
        """The deal game ``index`` is played on."""
        return index // self.rotations

    def rotation_of(self, index: int) -> int:
        """The rotation of the seats in game ``index``."""
        return index % self.rotations

    def seated(self, index: int) -> tuple[int, ...]:
        """The entry of the bot list on each seat in game ``index``."""
        rotation, n = self.rotation_of(index), self.players
        return tuple((seat - rotation) % n for seat in range(n))

    def deal_seed(self, deal: int) -> int:
        """The seed the cards of deal ``deal`` are dealt from."""
        return derive_seed(self.seed, deal)

    def bot_seed(self, index: int) -> int:
        """The seed of the generator the bots of game ``index`` choose with: a stream of its
        own for each rotation of a deal (that of rotation 0 is the one ``sticheln play``
        gives the bots of a game dealt from the same seed)."""
        return derive_seed(self.deal_seed(self.deal_of(index)), -1 - self.rotation_of(index))

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible data: ``game``, ``rules``, ``bots``, ``deals``, ``seed`` and
        ``rotation``."""
        return {
            "game": self.game,
            "rules": self.rules,
            "bots": list(self.bots),
            "deals": self.deals,
            "seed": self.seed,
            "rotation": self.rotation.value,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tournament:
        """The tournament of :meth:`to_dict`'s data.

        :raises ValueError: for data that is not a tournament's.
        """
        try:
            return cls(
                game=data["game"],
                rules=data["rules"],
                bots=tuple(data["bots"]),
                deals=data["deals"],
                seed=data["seed"],
                rotation=Rotation(data["rotation"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not the data of a tournament: {excerpt(str(exc))}") from None

    def differences(self, other: Tournament, ignore: tuple[str, ...] = ()) -> list[str]:
        """The fields in which ``other`` differs from this tournament, each as
        ``name: this value, not other value``, leaving out the fields named in ``ignore``.

        >>> import attrs
        >>> from sticheln.tournament import Tournament
        >>> a = Tournament("sticheln", ("random",) * 3, deals=5, seed=1)
        >>> a.differences(attrs.evolve(a, seed=2, deals=9), ignore=("deals",))
        ['seed: 1, not 2']
        """
        mine, theirs = self.to_dict(), other.to_dict()
        return [
            f"{name}: {excerpt(mine[name])}, not {excerpt(theirs[name])}"
            for name in mine
            if name not in ignore and mine[name] != theirs[name]
        ]
