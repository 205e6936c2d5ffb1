"""The bot protocol, the random bot, the registry of bots by name, and bot specs: a name with
options, such as ``ismcts:time=0.5:seed=3``."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Protocol, TypeVar

import attrs

from sticheln.core.errors import (
    EXCERPT_LENGTH,
    StichelnError,
    UnknownNameError,
    WrongTypeError,
    excerpt,
)
from sticheln.core.protocol import Game
from sticheln.core.references import resolve

__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotFactory",
    "BotSpec",
    "BotSpecError",
    "OptionParser",
    "RandomBot",
    "bot_names",
    "bot_options",
    "default_bot",
    "make_bot",
    "parse_bool",
    "parse_bot_spec",
    "parse_int",
    "parse_positive_float",
    "parse_positive_int",
    "plays",
    "register_bot",
]

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
    """Plays a uniformly random legal move, in any game.

    With a ``seed`` (``random:seed=3``) its choices come from a stream of their own, mixed
    from the seed and ``rng``: the same game seed then gives other random games for another
    bot seed, and the same ones for the same.
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and type(seed) is not int:
            raise WrongTypeError(f"seed must be an int or None, got {excerpt(seed)}")
        self.seed = seed
        """Mixed into the random generator of every choice, when not ``None``."""

    def choose(self, view: object, moves: Sequence[MoveT], rng: random.Random) -> MoveT:
        """A random element of ``moves``."""
        if self.seed is not None:
            rng = random.Random(f"{self.seed}/{rng.getrandbits(64)}")
        return rng.choice(moves)

    def __repr__(self) -> str:
        return "RandomBot()" if self.seed is None else f"RandomBot(seed={self.seed!r})"


class BotSpecError(StichelnError, ValueError):
    """A bot spec that cannot be read, or an option value a bot does not accept. Its message,
    like that of the :exc:`~sticheln.UnknownNameError` of a bot spec, quotes at most a few
    dozen characters of the spec and of each part of it, whatever their length."""


_REASON_LENGTH = 160
"""The most characters of a reason an error message of a bot spec gives (a parser's or a
factory's :exc:`ValueError`)."""


def _shown(text: str) -> str:
    """What an error message quotes of a spec, a key or a value: ``text`` itself when it is
    short and printable, else :func:`~sticheln.core.errors.excerpt` of it."""
    return text if len(text) <= EXCERPT_LENGTH and text.isprintable() else excerpt(text)


def _reason(exc: Exception) -> str:
    """The message of ``exc``, cut to :data:`_REASON_LENGTH` characters."""
    text = str(exc)
    if len(text) <= _REASON_LENGTH:
        return text
    return f"{text[: _REASON_LENGTH - 20]}… ({len(text)} characters)"


BotFactory = Callable[..., Bot[Any, Any]]
"""A function that returns a new bot for the game it is given: ``factory(game)``, or
``factory(game, **options)`` with the options the bot was registered with, already
converted."""

OptionParser = Callable[[str], object]
"""Turns the text of an option value into the value; :exc:`ValueError` for a bad one."""

_FACTORIES: dict[str, tuple[BotFactory | None, frozenset[str] | None]] = {
    "random": (lambda game, **options: RandomBot(**options), None),
}
_OPTIONS: dict[str, dict[str, OptionParser]] = {}

BOT_NAMES: Final = _FACTORIES.keys()
"""The names :func:`make_bot` knows (a live view of the registry)."""


def parse_int(text: str) -> int:
    """An option value that is a whole number."""
    try:
        return int(text)
    except ValueError:
        raise ValueError("must be a whole number") from None


def parse_positive_int(text: str) -> int:
    """An option value that is a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise ValueError("must be a whole number of at least 1")
    return value


def parse_positive_float(text: str) -> float:
    """An option value that is a positive, finite number."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise ValueError("must be a positive number")
    return value


def parse_bool(text: str) -> bool:
    """An option value that is ``true``/``yes``/``on``/``1`` or ``false``/``no``/``off``/``0``."""
    lowered = text.lower()
    if lowered in ("true", "yes", "on", "1"):
        return True
    if lowered in ("false", "no", "off", "0"):
        return False
    raise ValueError("must be true or false")


@attrs.frozen
class BotSpec:
    """A bot's name with its options, as text: what :func:`parse_bot_spec` reads from
    ``name:key=value:key=value``.

    >>> from sticheln.bots import parse_bot_spec
    >>> spec = parse_bot_spec("ISMCTS:time=0.5:seed=3")
    >>> spec.name, spec.options, str(spec)
    ('ismcts', (('time', '0.5'), ('seed', '3')), 'ismcts:time=0.5:seed=3')
    """

    name: str
    """The registry name of the bot, in lower case."""
    options: tuple[tuple[str, str], ...] = ()
    """The options as ``(key, value)`` texts, in the order given, keys in lower case."""

    def option_keys(self) -> frozenset[str]:
        """The keys of :attr:`options`."""
        return frozenset(key for key, _ in self.options)

    def with_options(self, **options: object) -> BotSpec:
        """This spec with ``options`` added at the end (their values as text)."""
        return BotSpec(self.name, (*self.options, *((k, str(v)) for k, v in options.items())))

    def without(self, *keys: str) -> BotSpec:
        """This spec without the options of ``keys``."""
        return BotSpec(self.name, tuple((k, v) for k, v in self.options if k not in keys))

    def __str__(self) -> str:
        return self.name + "".join(f":{key}={value}" for key, value in self.options)


def parse_bot_spec(spec: str) -> BotSpec:
    """Read a bot spec: a bot's name, optionally followed by options, each ``:key=value``
    (``ismcts:time=0.5:seed=3``). Names and keys are not case sensitive; white space around
    the parts is ignored. A colon separates the options, so a list of specs can be separated
    by commas (``ismcts:time=0.5,heuristic,random``).

    :raises BotSpecError: for an empty name, an option that is not ``key=value``, or a key
        given twice.
    :raises WrongTypeError: if ``spec`` is not a string.
    """
    if not isinstance(spec, str):
        raise WrongTypeError(f"a bot's name must be a string, got {excerpt(spec)}")
    name, *parts = spec.split(":")
    name = name.strip().lower()
    if not name:
        raise BotSpecError(f"bot spec {excerpt(spec)}: empty bot name")
    options: list[tuple[str, str]] = []
    for part in parts:
        key, equals, value = part.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not equals or not key or not value:
            raise BotSpecError(
                f"bot spec {excerpt(spec)}: option {excerpt(part.strip())} is not key=value"
            )
        if any(key == k for k, _ in options):
            raise BotSpecError(f"bot spec {excerpt(spec)}: option {excerpt(key)} given twice")
        options.append((key, value))
    return BotSpec(name, tuple(options))


def register_bot(
    name: str,
    factory: BotFactory | None,
    *,
    games: Iterable[str] | None = None,
    options: Mapping[str, OptionParser] | None = None,
) -> None:
    """Make ``factory(game)`` known to :func:`make_bot` as ``name``, for the games named in
    ``games`` (by :attr:`GameInfo.name <sticheln.GameInfo.name>`), or for every game when
    ``games`` is ``None``.

    A game may declare a bot of its own under any name (:attr:`GameInfo.bots
    <sticheln.GameInfo.bots>`), which comes before the one registered. ``factory=None``
    registers a name that only such bots fill (``heuristic``: every game has its own rules of
    thumb, or none): :func:`make_bot` refuses it for a game that declares no bot of the name,
    saying what to declare.

    ``options`` maps the keys of the options the bot takes in a spec (``name:key=value``) to
    the parsers of their values; :func:`make_bot` then calls ``factory(game, key=value, ...)``
    with the parsed values of the options given.

    :raises ValueError: for a name that is empty or holds ``:``, ``,`` or ``=``.
    """
    if not name or any(c in name for c in ":,=") or name != name.strip():
        raise ValueError(f"a bot's name must be a word without ':', ',' or '=', got {name!r}")
    key = name.lower()
    _FACTORIES[key] = (factory, None if games is None else frozenset(games))
    if options:
        _OPTIONS[key] = {k.lower(): parser for k, parser in options.items()}
    else:
        _OPTIONS.pop(key, None)


def bot_options(name: str) -> tuple[str, ...]:
    """The keys of the options registered for the bot called ``name`` (empty for none, or an
    unknown bot). Bots made of attrs classes take their number and flag fields as options
    too (:func:`make_bot`).

    >>> from sticheln.bots import bot_options
    >>> bot_options("random")
    ('seed',)
    """
    return tuple(_OPTIONS.get(name.lower(), ()))


_OPTIONS["random"] = {"seed": parse_int}


def _declared(game: Game[Any, Any, Any], name: str) -> Any:
    """The factory (or its reference) of the game's own bot called ``name``, or ``None``."""
    info = game.info
    lookup = getattr(info, "bot", None)  # a GameInfo of an older make may lack it
    return None if lookup is None else lookup(name)


def plays(name: str, game: Game[Any, Any, Any]) -> bool:
    """Whether the bot called ``name`` (or the bot of a spec, ``name:key=value``) plays
    ``game``: the game declares a bot of that name, or one is registered for it."""
    given: object = name
    if not isinstance(given, str):
        return False
    key = given.split(":", 1)[0].strip().lower()
    if _declared(game, key) is not None:
        return True
    entry = _FACTORIES.get(key)
    return (
        entry is not None
        and entry[0] is not None
        and (entry[1] is None or game.info.name in entry[1])
    )


def default_bot(game: Game[Any, Any, Any]) -> str:
    """The bot that takes a seat when none is named: ``heuristic`` if one plays ``game``
    (the game declares it, :attr:`GameInfo.bots <sticheln.GameInfo.bots>`), else
    ``random``. A searching bot is never the default: it is too slow for a quick game.

    >>> from sticheln import GAME_NAMES, find_game
    >>> from sticheln.bots import default_bot
    >>> sorted({default_bot(find_game(name)) for name in GAME_NAMES})
    ['heuristic']
    """
    return "heuristic" if plays("heuristic", game) else "random"


def bot_names(game: Game[Any, Any, Any]) -> tuple[str, ...]:
    """The names of the bots that play ``game``: those registered that do, then the game's
    own others (:attr:`GameInfo.bots <sticheln.GameInfo.bots>`)."""
    names = [name for name in _FACTORIES if plays(name, game)]
    own = getattr(game.info, "bots", ())
    names.extend(name for name, _ in own if name not in names)
    return tuple(names)


def _tunable_fields(bot: object) -> dict[str, type]:
    """The fields of an attrs bot whose values are numbers or flags, with their types."""
    kind: Any = type(bot)
    if not attrs.has(kind):
        return {}
    fields = {}
    for field in attrs.fields(kind):
        value = getattr(bot, field.name)
        if type(value) in (bool, int, float):
            fields[field.name] = type(value)
    return fields


def _parse_field(kind: type, text: str) -> object:
    if kind is bool:
        return parse_bool(text)
    if kind is int:
        return parse_int(text)
    try:
        return float(text)
    except ValueError:
        raise ValueError("must be a number") from None


def make_bot(name: str | BotSpec, game: Game[Any, Any, Any]) -> Bot[Any, Any]:
    """A new bot of the kind called ``name`` for ``game``.

    ``name`` may be a spec with options (:func:`parse_bot_spec`):
    ``make_bot("ismcts:time=0.5:seed=3", game)``. An option is either one registered for
    the bot (:func:`register_bot`; :func:`bot_options` lists them), or, for a bot that is an
    attrs class (the rule-based bots), one of its fields that holds a number or a flag
    (``heuristic:share=0.5``).

    >>> from sticheln import StichelnGame
    >>> make_bot("random:seed=3", StichelnGame())
    RandomBot(seed=3)
    >>> make_bot("ismcts:iterations=50:seed=1", StichelnGame()).iterations
    50

    :raises UnknownNameError: for an unknown name, or a bot that does not play that game (the
        message lists the bots that do), or an option the bot does not take.
    :raises BotSpecError: for a spec that cannot be read or an option value out of range.
    :raises WrongTypeError: if ``name`` is not a string.
    """
    if not isinstance(name, str | BotSpec):
        raise WrongTypeError(f"a bot's name must be a string, got {excerpt(name)}")
    try:
        game.info  # noqa: B018 (every game on the protocol has it)
    except AttributeError:
        raise WrongTypeError(f"game must be a game on the protocol, got {excerpt(game)}") from None
    spec = name if isinstance(name, BotSpec) else parse_bot_spec(name)
    title = game.info.title
    declared = _declared(game, spec.name)
    entry = _FACTORIES.get(spec.name)
    if declared is not None:
        factory: BotFactory = resolve(declared, f"the {spec.name} bot of {title}")
    elif entry is None:
        raise UnknownNameError(f"no bot {excerpt(spec.name)}; known bots: {', '.join(_FACTORIES)}")
    elif entry[0] is None:
        raise UnknownNameError(
            f"the {spec.name} bot does not play {title}: the game declares none (its "
            f"GameKit's or GameInfo's bots={{{spec.name!r}: 'module:factory'}}); bots that "
            f"do: {', '.join(bot_names(game))}"
        )
    elif not plays(spec.name, game):
        raise UnknownNameError(
            f"the {spec.name} bot does not play {title}; bots that do: {', '.join(bot_names(game))}"
        )
    else:
        factory = entry[0]
    shown = _shown(str(spec))
    parsers = _OPTIONS.get(spec.name, {})
    kwargs: dict[str, object] = {}
    rest: list[tuple[str, str]] = []
    for key, text in spec.options:
        parser = parsers.get(key)
        if parser is None:
            rest.append((key, text))
            continue
        try:
            kwargs[key] = parser(text)
        except ValueError as exc:
            raise BotSpecError(
                f"bot {shown}: option {_shown(key)}={_shown(text)}: {_reason(exc)}"
            ) from None
    try:
        bot = factory(game, **kwargs) if kwargs else factory(game)
    except BotSpecError:
        raise
    except ValueError as exc:  # options that do not go together
        if not kwargs:
            raise
        raise BotSpecError(f"bot {shown}: {_reason(exc)}") from None
    if rest:
        fields = _tunable_fields(bot)
        changes: dict[str, object] = {}
        for key, text in rest:
            if key not in fields:
                known_keys = [*parsers, *fields]
                listed = ", ".join(known_keys) if known_keys else "none"
                raise UnknownNameError(
                    f"bot {shown}: the {spec.name} bot has no option {excerpt(key)}; "
                    f"its options: {listed}"
                )
            try:
                changes[key] = _parse_field(fields[key], text)
            except ValueError as exc:
                raise BotSpecError(
                    f"bot {shown}: option {_shown(key)}={_shown(text)}: {_reason(exc)}"
                ) from None
        bot = attrs.evolve(bot, **changes)  # type: ignore[misc]  # an attrs bot at run time (_tunable_fields)
    return bot
