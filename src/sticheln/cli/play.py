"""``sticheln play``: a person against bots at the terminal, or bots alone (``--auto``)."""

from __future__ import annotations

import argparse
import datetime
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from sticheln.cli import COMMANDS
from sticheln.cli.common import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    INTERACTIVE_ISMCTS_TIME,
    Env,
    UsageError,
    bot_rng,
    check_players,
    default_bot,
    default_players,
    load_game,
    load_record,
    make_bots,
    new_seed,
    parse_bot_names,
    seat_label,
    seat_labels,
    seat_option,
)
from sticheln.core.errors import UnknownNameError
from sticheln.core.i18n import N_, ngettext
from sticheln.core.i18n import gettext as _
from sticheln.core.registry import game_listing
from sticheln.games import DEFAULT_GAME, GAME_NAMES

if TYPE_CHECKING:
    from sticheln.core.protocol import Game

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """Add the ``play`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play",
        help=_(COMMANDS["play"]),
        description=(
            _(
                "Play a game against bots in the terminal: type a move, such as a card's name "
                "(B11), or the number shown before a card, which it keeps for the whole deal (a "
                "played card leaves a gap). With --auto, or when standard input is not a terminal, "
                "bots take every "
                "seat and the game is printed trick by trick, ending with the scoreboard. "
                "End of input or q stops the game (exit code 0), Ctrl-C interrupts it "
                "(exit code 130); either way the game so far is saved when --save is given."
            )
        ),
    )
    add_game_options(parser)
    parser.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar="K",
        help=_("your seat, from 1 (default: 1); with --auto bots take every seat"),
    )
    parser.add_argument(
        "--bots",
        metavar="NAMES",
        help=(
            _(
                "the bots of the other seats: one bot for all, or a comma-separated list with "
                "one per bot seat; a bot is a name with options after colons, such as "
                "ismcts:time=0.5:seed=3 (default: heuristic where it plays the game, else "
                "random; ismcts without time or iterations searches 0.5 s a move against a person)"
            )
        ),
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        help=(
            _(
                "write the game's record (JSON) to FILE at the end, or when the game is stopped; "
                "an existing FILE is kept unless --force is given or it is the --resume FILE"
            )
        ),
    )
    parser.add_argument(
        "--force", action="store_true", help=_("let --save overwrite an existing file")
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        help=(
            _(
                "continue the unfinished game saved in FILE (its game, rules and players; "
                "--game, --rules and --players are not used)"
            )
        ),
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--auto", action="store_true", help=_("bots take every seat"))
    mode.add_argument(
        "--interactive",
        action="store_true",
        help=_("read your moves from standard input even when it is not a terminal"),
    )
    parser.set_defaults(run=run)


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--game``, ``--rules``, ``--players`` and ``--seed``, with the registered games and
    their presets in the help (worked out when the help is shown, from the games' listings:
    the built-in games are not loaded)."""
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        metavar="NAME",
        help=_HelpOfGames(
            lambda: _("the game: {games} (default: {default})").format(
                games=", ".join(GAME_NAMES), default=DEFAULT_GAME
            )
        ),
    )
    parser.add_argument("--rules", metavar="PRESET", help=_HelpOfGames(_rules_help))
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=_("number of players (default: the game's usual number, 4 if allowed)"),
    )
    parser.add_argument(
        "--seed", type=int, metavar="S", help=_("seed for the deal and the bots (default: random)")
    )


class _HelpOfGames(str):
    """The help of an option that names the registered games or their presets: argparse
    formats a help text with ``%`` when it shows the help, and only then is this one worked
    out, so that a command run without ``--help`` loads only its own game."""

    text: Callable[[], str]

    def __new__(cls, text: Callable[[], str]) -> Self:
        help_ = super().__new__(cls, "the registered games")
        help_.text = text
        return help_

    def __mod__(self, params: object) -> str:
        return self.text().replace("%", "%%") % params


def _rules_help() -> str:
    listings = []
    for name in GAME_NAMES:
        try:
            listings.append(game_listing(name))
        except UnknownNameError:  # a plugin that fails: it says so when it is chosen
            continue
    presets = "; ".join(
        _("for {game} {presets} (default: {default})").format(
            game=listing.title, presets=", ".join(listing.presets), default=listing.default_preset
        )
        for listing in listings
    )
    return _("the rules preset: {presets}").format(presets=presets)


def run(args: argparse.Namespace, env: Env) -> int:
    """Run ``sticheln play``."""
    # The terminal's screen (rich) is loaded here, not with the options (``--help``).
    from rich.text import Text

    from sticheln.cli.session import Session, Stop
    from sticheln.core.screen import screen_for

    resumed = load_record(args.resume) if args.resume else None
    if resumed is not None:
        game = resumed.game
        state = resumed.final()
        players = len(game.scores(state))
        if game.is_over(state):
            raise UsageError(
                _("--resume {file}: the game is over; see 'sticheln replay'").format(
                    file=args.resume
                )
            )
    else:
        game = load_game(args.game, args.rules)
        players = default_players(game) if args.players is None else args.players
        check_players(game, players)
    interactive = not args.auto and (args.interactive or _is_terminal(env))
    seat = 0 if args.seat is None else seat_option("--seat", args.seat, players)
    if args.seat is not None and not interactive:
        env.note(
            _(
                "--seat {seat} is not used: bots take every seat (--auto, or input is not a "
                "terminal)."
            ).format(seat=args.seat)
        )
    human = seat if interactive else None
    save = Path(args.save) if args.save else None
    if save is not None and not save.parent.is_dir():
        raise UsageError(
            _("--save {file}: no directory {directory}").format(
                file=args.save, directory=repr(str(save.parent))
            )
        )
    if save is not None and save.is_file() and not args.force:
        continued = resumed is not None and save.resolve() == Path(args.resume).resolve()
        if not continued:
            raise UsageError(
                _("--save {file}: the file exists; add --force to overwrite it").format(
                    file=args.save
                )
            )
    bot_seats = [seat for seat in range(players) if seat != human]
    names = parse_bot_names(args.bots, len(bot_seats), default_bot(game))
    # A person waits for the bots: a search without a budget of its own gets a short one.
    default_time = INTERACTIVE_ISMCTS_TIME if human is not None else None
    bots = dict(zip(bot_seats, make_bots(names, game, default_time=default_time), strict=True))
    if args.seed is not None:
        seed = args.seed
    elif resumed is not None and resumed.seed is not None:
        seed = resumed.seed
    else:
        seed = new_seed()
    rng = bot_rng(seed)
    if resumed is None:
        state = game.new_game(players, seed=seed)
    seat_names = seat_labels(players, human)
    screen = screen_for(game, seat_names, human, interactive=interactive)

    info = game.info
    rules_name = resumed.rules_name if resumed is not None else info.rules_name
    title = _("{game}, rules {rules}, {players} players, seed {seed}").format(
        game=info.title, rules=rules_name, players=players, seed=seed
    )
    if resumed is not None:
        title += ngettext(
            ", resumed after {count} move", ", resumed after {count} moves", len(resumed.moves)
        ).format(count=len(resumed.moves))
    bot_names = dict(zip(bot_seats, names, strict=True))
    seats = [
        seat_names[seat] if seat == human else f"{seat_names[seat]} {bot_names[seat]}"
        for seat in range(players)
    ]
    tags: dict[str, Any] = {
        "date": datetime.date.today().isoformat(),
        "players": ["you" if seat == human else seat_label(seat) for seat in range(players)],
        "bots": [bot_names.get(seat) for seat in range(players)],
    }
    console = env.console
    session = Session(env, game, state, bots, human, screen, rng)
    try:
        console.print(Text(title, style="bold"))
        console.print(Text(_("Seats: {seats}").format(seats=" · ".join(seats))))
        session.run()
    except Stop as stop:
        code = _save(env, game, session.state, save, tags) or EXIT_OK
        stopped = ngettext(
            "The game stopped after {count} move.",
            "The game stopped after {count} moves.",
            session.moves,
        ).format(count=session.moves)
        console.print(Text(f"{stop.reason} {stopped}"))
    except KeyboardInterrupt:
        code = _save(env, game, session.state, save, tags) or EXIT_INTERRUPTED
        console.print()
        env.note(
            ngettext(
                "Interrupted: the game stopped after {count} move.",
                "Interrupted: the game stopped after {count} moves.",
                session.moves,
            ).format(count=session.moves)
        )
    except (BrokenPipeError, SystemExit):
        # Nobody reads the output any more (rich exits on a broken pipe): keep the game.
        _save(env, game, session.state, save, tags)
        raise
    else:
        code = _save(env, game, session.state, save, tags) or EXIT_OK
        console.print()
        console.print(screen.scoreboard(session.state))
        if human is not None:
            console.print(Text(_finish_line(game, session.state, human), style="bold"))
    if save is not None and code != EXIT_FAILURE:
        console.print(Text(_("Saved the game to {file}.").format(file=save)))
    return code


def _save(
    env: Env, game: Game[Any, Any, Any], state: Any, path: Path | None, tags: dict[str, Any]
) -> int:
    """Write the record, with ``tags`` (and the result, once the game is over), if there is a
    path; 0, or :data:`EXIT_FAILURE` (with a message on standard error) if it cannot be
    written. The record is written before anything is shown, so that the game is kept
    whatever happens to the output."""
    if path is None:
        return EXIT_OK
    data = json.loads(game.to_json(state))
    data["tags"] = {**data.get("tags", {}), **tags}
    if game.is_over(state):
        names = tags["players"]
        data["tags"]["result"] = "won by " + ", ".join(names[p] for p in game.winners(state))
    try:
        path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    except OSError as exc:
        env.error(
            _("cannot save the game to {file}: {error}").format(
                file=repr(str(path)), error=exc.strerror or exc
            )
        )
        return EXIT_FAILURE
    return EXIT_OK


def _finish_line(game: Game[Any, Any, Any], state: Any, seat: int) -> str:
    """``You finished 2nd of 4 (+12).``: the place of ``seat`` at the end of the game (the
    game's winners first, then by points) and its total."""
    from sticheln.core.text import signed  # not on the path of --help

    scores = game.scores(state)
    winners = game.winners(state)
    mine = scores[seat]
    if seat in winners:
        place, shared = 1, len(winners) > 1
    else:
        others = [p for p in range(len(scores)) if p not in winners and p != seat]
        place = 1 + len(winners) + sum(1 for p in others if scores[p] > mine)
        shared = any(scores[p] == mine for p in others)
    if 10 <= place % 100 <= 20:
        ordinal = N_("{number}th")
    else:
        ordinal = {1: N_("{number}st"), 2: N_("{number}nd"), 3: N_("{number}rd")}.get(
            place % 10, N_("{number}th")
        )
    sentence = (
        _("You finished shared {place} of {count} ({points}).")
        if shared
        else _("You finished {place} of {count} ({points}).")
    )
    return sentence.format(
        place=_(ordinal).format(number=place), count=len(scores), points=signed(mine)
    )


def _is_terminal(env: Env) -> bool:
    try:
        return env.stdin.isatty()
    except (AttributeError, ValueError):
        return False
