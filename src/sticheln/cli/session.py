"""One game of ``sticheln play`` at the terminal: the seats take their turns, a person types
moves, and the screen shows what happens (rich; loaded only when a game is played)."""

from __future__ import annotations

import random
import sys
from typing import TYPE_CHECKING, Any

from rich.text import Text

from sticheln.core.i18n import gettext as _
from sticheln.core.screen import InputError, Screen

if TYPE_CHECKING:
    from sticheln.bots import Bot
    from sticheln.cli.env import Env
    from sticheln.core.protocol import Game

__all__ = ["Session", "Stop"]

_UNDECODABLE_LIMIT = 20
"""Lines in a row that are not text after which a game stops reading its input."""


class Stop(Exception):
    """The person asked to stop, or their input ended."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Session:
    """One game being played: the state so far, the seats, and how to show it."""

    def __init__(
        self,
        env: Env,
        game: Game[Any, Any, Any],
        state: Any,
        bots: dict[int, Bot[Any, Any]],
        human: int | None,
        screen: Screen,
        rng: random.Random,
    ) -> None:
        self.env = env
        self.game = game
        self.state = state
        self.bots = bots
        self.human = human
        self.screen = screen
        self.rng = rng
        self.moves = 0
        self.undecodable = 0

    def run(self) -> None:
        """Play until the game is over; :class:`Stop` or ``KeyboardInterrupt`` end it early
        with :attr:`state` the state so far."""
        game, console = self.game, self.env.console
        for renderable in self.screen.start(self.state):
            console.print(renderable)
        while not game.is_over(self.state):
            acting = game.players_to_act(self.state)
            player = self.human if self.human in acting else acting[0]
            moves = game.legal_moves(self.state, player)
            if player == self.human:
                move = self.ask(player, moves)
            else:
                view = game.observe(self.state, player)
                if self.human is not None and self.env.console.is_terminal:
                    with self.env.console.status(
                        _("{name} is thinking…").format(name=self.screen.name(player))
                    ):
                        move = self.bots[player].choose(view, moves, self.rng)
                else:
                    move = self.bots[player].choose(view, moves, self.rng)
            before = self.state
            self.state = game.apply_move(before, move)
            self.moves += 1
            for renderable in self.screen.events(before, self.state, player, move):
                console.print(renderable)

    def ask(self, player: int, moves: Any) -> Any:
        """Show the turn screen and read a move, explaining wrong input until one fits."""
        console = self.env.console
        console.print()
        console.print(self.screen.turn(self.state, player, moves))
        while True:
            try:
                text = self.read_line(self.screen.prompt(moves)).strip()
            except InputError as exc:
                console.print(Text(str(exc), style="yellow"))
                continue
            if not text:
                console.print(Text(self.screen.hint(moves), style="yellow"))
                continue
            if text.lower() in {"q", "quit", "exit"}:
                raise Stop(_("You stopped the game."))
            if text.lower() in {"?", "h", "help"}:
                console.print(Text(self.screen.help(moves)))
                continue
            try:
                return self.screen.parse_move(self.state, player, text, moves)
            except InputError as exc:
                console.print(Text(str(exc), style="yellow"))

    def read_line(self, prompt: str) -> str:
        """A line of input; :class:`Stop` at end of input.

        :raises InputError: for input that is not text in the terminal's encoding; after
            many such lines in a row, the game stops (:class:`Stop`).
        """
        env = self.env
        try:
            if env.stdin is sys.stdin and env.stdin.isatty():
                return env.console.input(Text(prompt, style="bold"))
            env.console.print(Text(prompt, style="bold"), end="")
            env.stdout.flush()
            line = env.stdin.readline()
        except EOFError:
            line = ""
        except UnicodeDecodeError:
            env.console.print()
            self.undecodable += 1
            if self.undecodable >= _UNDECODABLE_LIMIT:
                raise Stop(_("The input is not text.")) from None
            raise InputError(_("That input is not text in this terminal's encoding.")) from None
        self.undecodable = 0
        if not line:
            env.console.print()
            raise Stop(_("Input ended."))
        env.console.print(Text(line.rstrip("\r\n")))  # echoed, as a terminal would
        return line
