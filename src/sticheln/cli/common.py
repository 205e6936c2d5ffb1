"""What the commands share: streams, the choice of game and bots, seeds and seat names."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from sticheln.cli.env import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    Env,
    UsageError,
    one_line,
)
from sticheln.core.errors import RecordError, UnknownNameError, WrongTypeError, excerpt
from sticheln.core.i18n import gettext as _
from sticheln.core.seats import record_problem, seat_label
from sticheln.games import find_game

if TYPE_CHECKING:
    from sticheln.bots import Bot
    from sticheln.core.protocol import Game

# The bots, the records and the tournaments are imported by the functions that use them, so
# that a command's --help, which imports this module, loads none of them.

__all__ = [
    "EXIT_FAILURE",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "INTERACTIVE_ISMCTS_TIME",
    "Env",
    "LoadedRecord",
    "UsageError",
    "bot_rng",
    "check_players",
    "check_plotting",
    "default_bot",
    "default_players",
    "load_game",
    "load_record",
    "make_bots",
    "new_seed",
    "one_line",
    "parse_bot_names",
    "plot_to",
    "seat_label",
    "seat_labels",
    "seat_option",
]


def seat_labels(players: int, you: int | None = None) -> list[str]:
    """The names of the seats of a game of ``players``: ``#1``, ``#2``, … and ``You`` for
    the seat ``you``."""
    return [_("You") if seat == you else seat_label(seat) for seat in range(players)]


def seat_option(option: str, number: int, players: int) -> int:
    """The library's seat (from 0) for the seat ``number`` an option gave (from 1).

    :raises UsageError: for a number that is no seat of a game of ``players``; for 0 with the
        hint that seats count from 1.
    """
    if number == 0:
        raise UsageError(
            _(
                "{option} 0: seats are counted from 1 (1-{players}); the first seat is {option} 1"
            ).format(option=option, players=players)
        )
    if not 1 <= number <= players:
        raise UsageError(
            _("{option} {number} is not a seat of this {players}-player game (1-{players})").format(
                option=option, number=number, players=players
            )
        )
    return number - 1


def load_game(name: str, rules: str | None) -> Game[Any, Any, Any]:
    """The game called ``name`` with the rules preset ``rules``.

    :raises UsageError: for an unknown game or preset.
    """
    try:
        return find_game(name, rules)
    except UnknownNameError as exc:
        raise UsageError(str(exc)) from None


class LoadedRecord(NamedTuple):
    """A game record read from a file: its game, its first state and its moves (a named
    tuple, so that ``--help`` does not load attrs)."""

    game: Game[Any, Any, Any]
    """The game the record's ``game`` field names, with the record's rules."""
    first: Any
    """The state the recorded game started from."""
    moves: tuple[Any, ...]
    """The recorded moves, in order."""
    rules_name: str | None
    """The name of the record's rules, when it gives one."""
    seed: int | None
    """The record's seed, when it gives one."""

    def final(self) -> Any:
        """The state after every recorded move."""
        state = self.first
        for move in self.moves:
            state = self.game.apply_move(state, move)
        return state


def load_record(path: str) -> LoadedRecord:
    """The game record in the file at ``path``, read with :func:`sticheln.load_record`: the
    record's ``game`` field picks the game.

    :raises UsageError: for a file that cannot be read or is not a valid record.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(
            _("cannot read {path}: {error}").format(path=repr(path), error=exc.strerror or exc)
        ) from None
    except UnicodeDecodeError:
        raise UsageError(_("{path} is not a text file").format(path=repr(path))) from None
    from sticheln.core.loading import load_record as read_record

    try:
        recorded = read_record(text)
    except RecordError as exc:
        raise UsageError(
            _("{path} is not a valid game record: {problem}").format(
                path=repr(path), problem=record_problem(exc)
            )
        ) from None
    record = recorded.record
    rules_name = getattr(record.rules, "name", None)
    return LoadedRecord(
        recorded.game,
        recorded.first_state,
        tuple(recorded.moves),
        rules_name if isinstance(rules_name, str) else None,
        record.seed,
    )


def default_players(game: Game[Any, Any, Any]) -> int:
    """The number of players the game declares for when none is asked for
    (:attr:`GameInfo.default_players <sticheln.GameInfo.default_players>`)."""
    return game.info.default_players


def check_players(game: Game[Any, Any, Any], players: int) -> None:
    """:raises UsageError: if the game's rules have no deck for ``players`` players."""
    info = game.info
    if players not in info.player_counts:
        raise UsageError(
            _("{game} with rules {rules} is for {counts} players, not {players}").format(
                game=info.title,
                rules=repr(info.rules_name),
                counts=", ".join(map(str, info.player_counts)),
                players=players,
            )
        )


def default_bot(game: Game[Any, Any, Any]) -> str:
    """The bot that takes a seat when none is named (:func:`sticheln.bots.default_bot`)."""
    from sticheln.bots import default_bot as bots_default

    return bots_default(game)


def parse_bot_names(text: str | None, seats: int, default: str = "random") -> list[str]:
    """The bot spec for each of ``seats`` seats from ``--bots``: one spec for all, or a
    comma-separated list with one spec per seat; ``default`` on every seat without
    ``--bots``. A spec is a bot's name, optionally with options after colons
    (``ismcts:time=0.5:seed=3``, :func:`~sticheln.bots.parse_bot_spec`).

    :raises UsageError: for a list of the wrong length or an empty name.
    """
    if text is None:
        return [default] * seats
    names = [name.strip().lower() for name in text.split(",")]
    if any(not name.split(":", 1)[0].strip() for name in names):
        raise UsageError(_("--bots {text}: empty bot name").format(text=excerpt(text)))
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise UsageError(
            _(
                "--bots gives {names} names for {seats} bot seats: give one name for all of "
                "them, or one per seat"
            ).format(names=len(names), seats=seats)
        )
    return names


INTERACTIVE_ISMCTS_TIME = 0.5
"""The seconds an ``ismcts`` bot without a budget of its own searches per move when a person
plays against it (``sticheln play``), so that nobody waits long for a bot."""

_BUDGET_KEYS = frozenset({"time", "time_limit", "iterations", "samples"})


def make_bots(
    names: Sequence[str], game: Game[Any, Any, Any], *, default_time: float | None = None
) -> list[Bot[Any, Any]]:
    """One bot per spec (:func:`~sticheln.bots.make_bot` reads them). With
    ``default_time``, the spec of a search (a bot with a ``time`` option: ``ismcts``,
    ``pimc``) that gives no budget (``time``, ``iterations``, ``samples``) searches that many
    seconds a move.

    :raises UsageError: for an unknown bot, one that does not play ``game``, or an option
        it does not take or a bad option value.
    """
    from sticheln.bots import BotSpecError, bot_options, make_bot, parse_bot_spec

    bots = []
    for name in names:
        try:
            spec = parse_bot_spec(name)
            budget = spec.option_keys() & _BUDGET_KEYS
            searches = "time" in bot_options(spec.name)
            if default_time is not None and searches and not budget:
                spec = spec.with_options(time=default_time)
            bots.append(make_bot(spec, game))
        except (UnknownNameError, BotSpecError, WrongTypeError) as exc:
            raise UsageError(f"--bots: {exc}") from None
    return bots


def bot_rng(seed: int) -> random.Random:
    """The random generator of the bots of a game dealt from ``seed``: its own stream, so
    that the bots' choices do not follow the shuffle's."""
    from sticheln.tournament.description import derive_seed

    return random.Random(derive_seed(seed, -1))


def new_seed() -> int:
    """A fresh random seed, for a command run without ``--seed``."""
    return random.SystemRandom().randrange(2**32)


def check_plotting(command: str) -> None:
    """Check before the work, not after, that a ``--plot`` can be drawn.

    :raises UsageError: if matplotlib, the ``plot`` extra, is not installed.
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError(
            _(
                'sticheln {command} --plot needs the plot extra: pip install ".[plot]" in a '
                "checkout of sticheln"
            ).format(command=command)
        ) from None


def plot_to(path: str, draw: Callable[[str], None]) -> None:
    """``draw(path)``, which draws a chart into the PNG file ``path``.

    :raises UsageError: if the file cannot be written, naming it and why.
    """
    try:
        draw(path)
    except OSError as exc:
        raise UsageError(
            _("--plot: cannot write {path}: {error}").format(
                path=repr(path), error=exc.strerror or exc
            )
        ) from None
