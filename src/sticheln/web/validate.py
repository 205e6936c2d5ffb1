"""Reading the body of ``POST /api/tables``: every field checked, each error naming its field.

>>> from sticheln import GAME_NAMES, find_game
>>> name = next(iter(GAME_NAMES))  # any registered game
>>> info = find_game(name).info
>>> seats = ["human", "ismcts"] + ["random"] * (info.default_players - 2)
>>> request = parse_table_request(
...     {"game": name, "players": info.default_players, "seats": seats}, Limits(bot_time=0.25))
>>> request.preset == info.default_preset, request.seats[:3]
(True, ('human', 'ismcts:time=0.25', 'random'))
>>> parse_table_request({"game": name, "players": 99, "seats": []}, Limits())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sticheln.web.validate.RequestError: players: ... is played by ... players, not 99
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from sticheln.bots import (
    BOT_NAMES,
    BotSpecError,
    bot_options,
    make_bot,
    parse_bot_spec,
    plays,
)
from sticheln.bots import bot_names as game_bot_names
from sticheln.core import UnknownNameError, WrongTypeError
from sticheln.core.protocol import Game
from sticheln.games import GAME_NAMES, find_game
from sticheln.web.limits import Limits
from sticheln.web.text import one_line, quote

__all__ = [
    "MAX_NAME_LENGTH",
    "MAX_SEED",
    "RequestError",
    "TableRequest",
    "bot_names",
    "parse_table_request",
]

MAX_NAME_LENGTH = 40
"""The most characters of a seat's name."""

MAX_SEED = 2**256 - 1
"""The largest seed a creator may choose (a finished table's record shows the seed it was
dealt from, which is below ``2**129``, so that its deals can be dealt again)."""

_FIELDS = frozenset({"game", "preset", "players", "seats", "names", "seed", "move_time"})


class RequestError(ValueError):
    """A request body that does not make a table; the message starts with the bad field."""


@attrs.frozen
class TableRequest:
    """A checked request for a new table."""

    game: Game[Any, Any, Any]
    """The game with its rules preset."""
    preset: str
    """The preset's name."""
    players: int
    """The number of seats."""
    seats: tuple[str, ...]
    """Per seat, ``"human"`` or a bot spec, with the server's default time budget added to
    an ``ismcts`` spec that has none."""
    names: tuple[str | None, ...]
    """Per seat, the name given, or ``None``."""
    seed: int | None
    """The seed the creator chose, if any (every seat is told that the creator chose the
    deals)."""
    move_time: float | None = None
    """The seconds the move timer gives a seat to move, or ``None``: no timer
    (:mod:`sticheln.web.timer`)."""


def parse_table_request(body: object, limits: Limits) -> TableRequest:
    """The table that ``body`` (the parsed JSON of the request) asks for; ``players``
    defaults to the number of seats.

    :raises RequestError: naming the first bad field.
    """
    if not isinstance(body, dict):
        raise RequestError("body: must be a JSON object")
    unknown = sorted(str(key) for key in body if key not in _FIELDS)
    if unknown:
        raise RequestError(f"{one_line(unknown[0], 40)}: unknown field")
    name = body.get("game")
    if not isinstance(name, str) or name not in GAME_NAMES:
        raise RequestError(f"game: no game {quote(name)}; games: {', '.join(GAME_NAMES)}")
    info = find_game(name).info
    preset = body.get("preset")
    if preset is None:
        preset = info.default_preset
    if not isinstance(preset, str) or preset not in info.presets:
        raise RequestError(
            f"preset: {info.title} has no preset {quote(preset)}; presets: "
            f"{', '.join(info.presets)}"
        )
    game = find_game(name, preset)
    players = body.get("players")
    if players is None and isinstance(body.get("seats"), list):
        players = len(body["seats"])  # one seat per player
    counts = game.info.player_counts
    if players is None:
        raise RequestError(
            f"players: missing (or give the seats); {game.info.title} is played by "
            f"{_counts(counts)} players"
        )
    if type(players) is not int or players not in counts:
        raise RequestError(
            f"players: {game.info.title} is played by {_counts(counts)} players, not "
            f"{quote(players) if type(players) is not int else players}"
        )
    seats = _seats(body.get("seats"), game, players, limits)
    names = _names(body.get("names"), players)
    seed = body.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise RequestError(f"seed: must be a whole number from 0 to 2**256-1, not {quote(seed)}")
    move_time = _move_time(body.get("move_time"), limits)
    return TableRequest(game, preset, players, seats, names, seed, move_time)


def _move_time(value: object, limits: Limits) -> float | None:
    """The checked seconds of the move timer: ``None`` (no timer, the default) or a number
    from :attr:`~Limits.min_move_time` to :attr:`~Limits.max_move_time`."""
    if value is None:
        return None
    low, high = limits.min_move_time, limits.max_move_time
    number = value if type(value) in (int, float) else None  # not a bool
    if not isinstance(number, int | float) or not low <= number <= high:
        raise RequestError(
            f"move_time: null for no timer, or the seconds a seat has to move, from {low:g} to "
            f"{high:g}; not {quote(value)}"
        )
    return float(number)


def _counts(counts: tuple[int, ...]) -> str:
    """``4 to 6`` for a run of player counts, else ``3, 4 or 6``."""
    if list(counts) == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
        return f"{counts[0]} to {counts[-1]}"
    if len(counts) == 1:
        return str(counts[0])
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


def _seats(
    value: object, game: Game[Any, Any, Any], players: int, limits: Limits
) -> tuple[str, ...]:
    """The checked seat kinds: ``"human"`` or a bot spec that ``make_bot`` accepts."""
    if not isinstance(value, list):
        raise RequestError(f'seats: must be a list of {players} seats ("human" or a bot)')
    if len(value) != players:
        raise RequestError(f"seats: {len(value)} seats given for {players} players")
    seats = []
    for index, seat in enumerate(value):
        field = f"seats[{index}]"
        if not isinstance(seat, str) or not seat.strip():
            raise RequestError(f'{field}: must be "human" or a bot name, not {quote(seat)}')
        if seat.strip().lower() == "human":
            seats.append("human")
            continue
        seats.append(_bot_spec(field, seat, game, limits))
    return tuple(seats)


def _bot_spec(field: str, text: str, game: Game[Any, Any, Any], limits: Limits) -> str:
    """The bot spec ``text`` as the server plays it: checked by making the bot, with a time
    budget added to a search that has none."""
    try:
        spec = parse_bot_spec(text)
    except (BotSpecError, WrongTypeError) as exc:
        raise RequestError(f"{field}: {exc}") from None
    if spec.name not in BOT_NAMES and not plays(spec.name, game):
        raise RequestError(
            f"{field}: unknown bot {quote(spec.name)}; bots: {', '.join(bot_names(game))}"
        )
    if not plays(spec.name, game):
        raise RequestError(
            f"{field}: the {spec.name} bot does not play {game.info.title}; bots: "
            f"{', '.join(bot_names(game))}"
        )
    options = dict(spec.options)
    if "time" in bot_options(spec.name):  # a search (ismcts, pimc): its time is bounded
        time_key = "time" if "time" in options else "time_limit"
        if time_key not in options:
            spec = spec.with_options(time=limits.bot_time)
        else:
            try:
                seconds = float(options[time_key])
            except ValueError:
                seconds = math.nan
            if seconds > limits.max_bot_time:
                raise RequestError(
                    f"{field}: {time_key}={one_line(options[time_key], 20)}: a bot may think "
                    f"at most {limits.max_bot_time:g} seconds a move here"
                )
    try:
        make_bot(spec, game)
    except (UnknownNameError, BotSpecError, WrongTypeError, ValueError) as exc:
        raise RequestError(f"{field}: {exc}") from None
    return str(spec)


def bot_names(game: Game[Any, Any, Any]) -> list[str]:
    """The names of the bots that play ``game``, as ``GET /api/games`` lists them."""
    return list(game_bot_names(game))


def _names(value: object, players: int) -> tuple[str | None, ...]:
    """The checked seat names: each ``None`` or a short line of text."""
    if value is None:
        return (None,) * players
    if not isinstance(value, list) or len(value) != players:
        raise RequestError(f"names: must be a list of {players} names (text or null)")
    names: list[str | None] = []
    for index, name in enumerate(value):
        if name is None:
            names.append(None)
            continue
        if not isinstance(name, str):
            raise RequestError(f"names[{index}]: must be text or null, not {quote(name)}")
        cleaned = " ".join(name.split())
        if len(cleaned) > MAX_NAME_LENGTH:
            raise RequestError(f"names[{index}]: at most {MAX_NAME_LENGTH} characters")
        if any(not char.isprintable() for char in cleaned):
            raise RequestError(f"names[{index}]: must be printable text")
        names.append(cleaned or None)
    return tuple(names)
