"""``sticheln replay``: show a recorded game trick by trick, or only what one player saw;
with ``--step``, move by move, forward and back, to any move."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, Final

from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from sticheln.cli import COMMANDS
from sticheln.cli.common import (
    EXIT_OK,
    Env,
    load_record,
    one_line,
    seat_label,
    seat_labels,
    seat_option,
)
from sticheln.core.i18n import N_
from sticheln.core.i18n import gettext as _
from sticheln.core.protocol import SPECTATOR, Game
from sticheln.core.screen import Screen, screen_for, takes_a_trick

__all__ = ["add_parser", "run"]

_KEYS: Final = (
    (N_("Enter or n"), N_("the next move")),
    ("b", N_("back one move")),
    ("t", N_("on to the next trick taken")),
    ("r", N_("on to the end of the round (or hand: the game's deal)")),
    ("f", N_("the first move (the start), l the last")),
    (N_("a number N"), N_("move N (0 is the start)")),
    ("q", N_("stop")),
)
"""The keys of ``replay --step``, and what each does."""

_LAST_MOVE: Final = {
    "deal": N_("This is the last move: there is no deal after it."),
    "round": N_("This is the last move: there is no round after it."),
    "hand": N_("This is the last move: there is no hand after it."),
}
"""What ``r`` at the last move says, by the game's word for a deal."""

_PROMPT: Final = {
    "deal": N_("Enter next, b back, t trick, r deal, f/l first/last, N: move N, q quit: "),
    "round": N_("Enter next, b back, t trick, r round, f/l first/last, N: move N, q quit: "),
    "hand": N_("Enter next, b back, t trick, r hand, f/l first/last, N: move N, q quit: "),
}
"""The question asked at each move but the last, by the game's word for a deal."""


def add_parser(subparsers: Any) -> None:
    """Add the ``replay`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "replay",
        help=_(COMMANDS["replay"]),
        description=(
            _(
                "Show a game saved with 'sticheln play --save' (or any game record) trick by "
                "trick. The record's 'game' field picks the game. With --as, show only what "
                "that player saw: their own hand, never the others'. With --step, go through it "
                "move by move: forward, back, trick by trick, round by round, or to any move."
            )
        ),
    )
    parser.add_argument("file", metavar="FILE", help=_("the game record (JSON)"))
    parser.add_argument(
        "--as",
        dest="player",
        type=int,
        metavar="PLAYER",
        help=_("show only what the player in this seat (from 1) saw, named You"),
    )
    keys = "; ".join(f"{_(key)}: {_(what)}" for key, what in _KEYS)
    parser.add_argument(
        "--step",
        action="store_true",
        help=_(
            "show one move at a time and wait for a key, then Enter: {keys}; at the end of "
            "input the rest is shown without pausing"
        ).format(keys=keys),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> int:
    """Run ``sticheln replay``."""
    record = load_record(args.file)
    game, first, moves = record.game, record.first, record.moves
    players = len(game.scores(first))
    seen_by = None if args.player is None else seat_option("--as", args.player, players)
    names = seat_labels(players, seen_by)
    screen = screen_for(game, names, seen_by)
    console = env.console
    head = _("Replay of {file}: {game}").format(file=args.file, game=game.info.title)
    if record.rules_name is not None:
        head += _(", rules {rules}").format(rules=record.rules_name)
    head += _(", {players} players, {moves} moves").format(players=players, moves=len(moves))
    if seen_by is not None:
        head += _(", as seen by {seat} (you)").format(seat=seat_label(seen_by))
    console.print(Text(head, style="bold"))
    if args.step:
        _Stepper(env, game, screen, first, moves).run()
        return EXIT_OK
    for renderable in screen.start(first):
        console.print(renderable)
    _show_from(env, game, screen, first, moves)
    return EXIT_OK


def _show_from(
    env: Env, game: Game[Any, Any, Any], screen: Screen, state: Any, moves: Sequence[Any]
) -> None:
    """Show ``moves`` one after the other from ``state``, then how the record ends."""
    for move in moves:
        before, state = state, game.apply_move(state, move)
        for renderable in screen.events(before, state, game.player_of(move), move):
            env.console.print(renderable)
    for renderable in _ending(game, screen, state, len(moves)):
        env.console.print(renderable)


def _ending(game: Game[Any, Any, Any], screen: Screen, state: Any, moves: int) -> list[Any]:
    """What is shown after the last move of a record of ``moves`` moves: the scoreboard, and
    first, for a game that is not over, that it is not, with the cards on the table."""
    shown: list[Any] = [Text()]
    if not game.is_over(state):
        text = _("The record ends before the game is over, after {moves} moves.")
        shown.append(Text(text.format(moves=moves)))
        shown.extend(screen.unfinished(state))
    shown.append(screen.scoreboard(state))
    return shown


_UNDECODABLE_LIMIT = 20
"""Answers in a row that are not text after which a replay stops waiting for keys."""


class _Stepper:
    """A replay shown move by move: what the screen shows at a move (its frame) is the same
    however the move was reached, forward, back or by a jump."""

    def __init__(
        self,
        env: Env,
        game: Game[Any, Any, Any],
        screen: Screen,
        first: Any,
        moves: Sequence[Any],
    ) -> None:
        self.env = env
        self.game = game
        self.screen = screen
        self.moves = tuple(moves)
        self.states = [first]
        for move in self.moves:
            self.states.append(game.apply_move(self.states[-1], move))
        self.position = 0
        self.undecodable = 0

    @property
    def last(self) -> int:
        """The number of the last move."""
        return len(self.moves)

    def run(self) -> None:
        """Show the start, then a frame for each answer until ``q``, Enter at the last move,
        or the end of input (after which the rest is shown without pausing)."""
        console = self.env.console
        self.show(0)
        while True:
            answer = self.ask()
            if answer is None:  # the end of input: show the rest at once
                console.print()
                if self.position < self.last:
                    state = self.states[self.position]
                    _show_from(self.env, self.game, self.screen, state, self.moves[self.position :])
                return
            key = answer.strip().lower()
            if key in {"q", "quit"}:
                stopped = _("Stopped after move {number} of {last}.")
                console.print(Text(stopped.format(number=self.position, last=self.last)))
                return
            if key in {"", "n"} and self.position == self.last:
                return  # past the last move: the replay is done
            if key in {"?", "h", "help"}:
                console.print(Text(self.keys_help()))
                continue
            try:
                target = self.target(key, answer)
            except _NoMove as exc:
                console.print(Text(str(exc), style="yellow"))
                continue
            self.show(target)

    def target(self, key: str, answer: str) -> int:
        """The move ``key`` goes to from the current one.

        :raises _NoMove: saying why there is none.
        """
        here = self.position
        if key in {"", "n"}:
            return here + 1
        if key == "b":
            if here == 0:
                raise _NoMove(_("This is the start: there is no move before it."))
            return here - 1
        if key == "f":
            return 0
        if key == "l":
            return self.last
        if key == "t":
            return self.next_trick()
        if key == "r":
            return self.end_of_deal()
        if key.isascii() and key.isdigit():
            number = int(key) if len(key) <= 6 else self.last + 1
            if number > self.last:
                shown = key if len(key) <= 6 else f"{key[:6]}…"
                text = _("There is no move {number}: the moves run from 0 to {last}.")
                raise _NoMove(text.format(number=shown, last=self.last))
            return number
        text = _("{answer} is no key here: type ? for the keys.")
        raise _NoMove(text.format(answer=repr(one_line(answer)[:40])))

    def next_trick(self) -> int:
        """The next move that takes a trick, as the move's events say
        (:func:`~sticheln.core.screen.takes_a_trick`).

        :raises _NoMove: if no later move takes one.
        """
        viewer = SPECTATOR if self.screen.perspective is None else self.screen.perspective
        for number in range(self.position + 1, self.last + 1):
            events = self.game.events(self.states[number - 1], self.moves[number - 1], viewer)
            if takes_a_trick(events):
                return number
        raise _NoMove(_("No trick is taken after move {number}.").format(number=self.position))

    def end_of_deal(self) -> int:
        """The move that ends the deal in progress (:meth:`Game.deal_number
        <sticheln.Game.deal_number>`), or the last move of a record that ends before it.

        :raises _NoMove: at the last move.
        """
        if self.position == self.last:
            raise _NoMove(self.screen.deal_text(_LAST_MOVE))
        deal = self.game.deal_number(self.states[self.position])
        for number in range(self.position + 1, self.last + 1):
            if self.game.deal_number(self.states[number]) != deal:
                return number
        return self.last

    def show(self, number: int) -> None:
        """Go to move ``number`` and show its frame."""
        self.position = number
        for renderable in self.frame(number):
            self.env.console.print(renderable)

    def frame(self, number: int) -> list[RenderableType]:
        """What is shown at move ``number``: a line that says which move it is and where it
        was made (:meth:`Screen.where <sticheln.core.screen.Screen.where>`), then what the
        screen shows of the move (at 0, of the start); for a move of which it shows
        nothing, the cards on the table, else that the move was made; after the last move,
        the scoreboard."""
        screen = self.screen
        state = self.states[number]
        if number == 0:
            start = _("The start · {last} moves").format(last=self.last)
            shown: list[RenderableType] = [Rule(start, style="dim")]
            shown.extend(screen.start(state))
        else:
            move = self.moves[number - 1]
            mover = self.game.player_of(move)
            where = screen.where(self.states[number - 1])
            line = _("Move {number} of {last}").format(number=number, last=self.last)
            line += f" · {where}" if where else ""
            shown = [Rule(line, style="dim")]
            events = screen.events(self.states[number - 1], state, mover, move)
            shown.extend(events or screen.unfinished(state) or [screen.moved(mover, move)])
        if number == self.last:
            shown.extend(_ending(self.game, screen, state, self.last))
        return shown

    def keys_help(self) -> str:
        """What each key does."""
        keys = " · ".join(f"{_(key)}: {_(what)}" for key, what in _KEYS)
        return _("{keys}; then Enter.").format(keys=keys)

    def prompt(self) -> str:
        """The question asked at each move, which names the keys."""
        if self.position == self.last:
            return _("The end. Enter or q quits, b back, f first, N: move N: ")
        return self.screen.deal_text(_PROMPT)

    def ask(self) -> str | None:
        """The answer, or ``None`` at the end of input (or after many answers in a row that
        are not text)."""
        env = self.env
        while True:
            env.console.print(Text(self.prompt(), style="dim"), end="")
            env.stdout.flush()
            try:
                answer = env.stdin.readline()
            except UnicodeDecodeError:
                env.console.print()
                self.undecodable += 1
                if self.undecodable >= _UNDECODABLE_LIMIT:
                    return None
                message = _("That input is not text in this terminal's encoding.")
                env.console.print(Text(message, style="yellow"))
                continue
            self.undecodable = 0
            if not answer:
                return None
            if not _is_terminal(env):
                # echoed, as a terminal would, on the prompt's line
                env.console.print(Text(answer.rstrip("\r\n")), soft_wrap=True)
            return answer


class _NoMove(Exception):
    """A key that leads to no move; the message says why."""


def _is_terminal(env: Env) -> bool:
    try:
        return env.stdin.isatty()
    except (AttributeError, ValueError):
        return False
