"""What the command line shows of a game: the generic screen, and the base of the screens
that games declare (:attr:`GameInfo.screen <sticheln.GameInfo.screen>`).

A screen turns states into rich renderables. It reads a state only through the game's
``observe``, from the point of view it was made for, so that a human player, or a replay
``--as`` a player, never sees more than that player may. Without a point of view (bots on
every seat, a full replay) it shows everything, hands included.

The generic :class:`Screen` uses nothing but the :class:`~sticheln.Game` protocol, so every
game can be played, simulated and replayed; a game's own screen, built on :class:`Screen` or
:class:`CardScreen`, knows its hands and tricks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sticheln.core.cards import Card, CardSet, Color
from sticheln.core.errors import IllegalMoveError, InvalidMoveError
from sticheln.core.explain import TrickExplanation
from sticheln.core.protocol import SPECTATOR, Game
from sticheln.core.references import resolve

__all__ = [
    "COLOR_STYLES",
    "CardScreen",
    "InputError",
    "Screen",
    "card_text",
    "cards_text",
    "joined",
    "screen_for",
    "signed",
]

COLOR_STYLES: Final = {
    Color.RED: "bold red",
    Color.YELLOW: "bold yellow",
    Color.GREEN: "bold green",
    Color.BLUE: "bold bright_blue",
    Color.PURPLE: "bold magenta",
    Color.GRAY: "bold grey62",
}
"""The rich style of each card colour."""


class InputError(ValueError):
    """Input that names no legal move; the message says why, for the player to try again."""


def card_text(card: Card) -> Text:
    """A card's name in its colour."""
    return Text(str(card), style=COLOR_STYLES[card.color])


def cards_text(cards: Sequence[Card] | CardSet, sep: str = " ") -> Text:
    """Card names in their colours."""
    return Text(sep).join(card_text(card) for card in cards)


def signed(points: int) -> str:
    """``+3``, ``-5``, ``0``."""
    return f"{points:+d}" if points else "0"


def joined(parts: Sequence[Text | str], sep: str = " · ") -> Text:
    """``parts`` joined with ``sep``."""
    return Text(sep).join(Text(part) if isinstance(part, str) else part for part in parts)


class Screen:
    """The screen of a game that has no screen of its own, built from the protocol alone:
    moves are shown with the game's ``move_text``, and a view with ``str(view)`` when its
    class defines a ``__str__``.

    :param game: the game.
    :param names: a name for each seat.
    :param perspective: the seat whose view is shown, or ``None`` for everything.
    :param interactive: ``True`` for a person at the terminal: more explanations, no hands in
        the round headers (the turn screen shows the player's hand).
    """

    def __init__(
        self,
        game: Game[Any, Any, Any],
        names: Sequence[str],
        perspective: int | None = None,
        *,
        interactive: bool = False,
    ) -> None:
        self.game = game
        self.names = tuple(names)
        self.perspective = perspective
        self.interactive = interactive

    # -- naming ---------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The name of a seat."""
        return self.names[seat]

    def says(self, seat: int, verb: str) -> str:
        """The seat's name and ``verb`` agreeing with it: ``"#2 takes"``, ``"You take"``."""
        name = self.name(seat)
        if name == "You":
            return f"{name} {verb}"
        return f"{name} {verb}es" if verb.endswith(("s", "sh", "ch", "x")) else f"{name} {verb}s"

    # -- what is shown --------------------------------------------------------------------

    def start(self, state: Any) -> list[RenderableType]:
        """What to show before the first move."""
        return self._view_lines(state)

    def events(self, before: Any, after: Any, mover: int, move: Any) -> list[RenderableType]:
        """What to show after ``mover`` made ``move``, taking ``before`` to ``after``: the
        move, why a trick was taken when the game's event of it says why
        (:class:`~sticheln.core.explain.TrickExplanation`), and the scores when they change.

        Another player's move is named only without a point of view: the protocol does not
        say which moves are public.
        """
        if self.perspective is None or mover == self.perspective:
            line = Text(f"{self.name(mover)}: {self.game.move_text(move)}")
        else:
            line = Text(f"{self.name(mover)} moved")
        shown: list[RenderableType] = [line]
        viewer = SPECTATOR if self.perspective is None else self.perspective
        for event in self.game.events(before, move, viewer):
            explanation = getattr(event, "explanation", None)
            if isinstance(explanation, TrickExplanation):
                shown.append(Text(str(explanation), style="dim"))
        if tuple(self.game.scores(after)) != tuple(self.game.scores(before)):
            shown.append(self._scores_line(self.game.scores(after)))
        return shown

    def turn(self, state: Any, player: int, moves: Sequence[Any]) -> RenderableType:
        """The screen a person sees before choosing one of ``moves``: their view, the scores
        and the numbered moves."""
        parts: list[RenderableType] = [Rule(f"{self.name(player)} to move")]
        parts.extend(self._view_lines(state, player))
        parts.append(self._scores_line(self.game.scores(state)))
        listed = [f"{i}) {self.game.move_text(move)}" for i, move in enumerate(moves, start=1)]
        parts.append(Text("Your moves: " + "   ".join(listed)))
        return Group(*parts)

    def prompt(self, moves: Sequence[Any] = ()) -> str:
        """The question asked for one of ``moves``."""
        return "Your move (its text or number; ? for help, q to quit): "

    def hint(self, moves: Sequence[Any]) -> str:
        """A reminder of what to type, after an empty line."""
        example = self.game.move_text(moves[0])
        return f"Type a move, such as {example}, or its number (1-{len(moves)}); ? for help."

    def help(self, moves: Sequence[Any]) -> str:
        """What to type."""
        return (
            f"Type the text of a move as listed, or its number (1-{len(moves)}). "
            "Type q to stop the game (it is saved when --save is given)."
        )

    def parse_move(self, state: Any, player: int, text: str, moves: Sequence[Any]) -> Any:
        """The move ``text`` names: its number in the list of ``moves``, or what the game's
        ``parse_move`` reads in it.

        :raises InputError: saying why no move fits.
        """
        number = _number(text, moves)
        if number is not None:
            return number
        try:
            return self.game.parse_move(state, player, text.strip())
        except InvalidMoveError as exc:
            raise InputError(f"{exc}. Type ? for help.") from None
        except IllegalMoveError as exc:
            raise InputError(f"{self._reason(exc.reason, player)}.") from None

    def _reason(self, reason: str, player: int) -> str:
        """The reason of an illegal move, worded for the player at the terminal."""
        if self.name(player) == "You":
            return reason.replace(f"player {player}'s", "your").replace(
                f"not player {player}'s", "not yours"
            )
        return reason

    def unfinished(self, state: Any) -> list[RenderableType]:
        """What to show of a game that stops before its end, besides the scoreboard."""
        return []

    def scoreboard(self, state: Any) -> RenderableType:
        """The final (or current) scores and the winners."""
        scores = tuple(self.game.scores(state))
        table = Table(box=box.SIMPLE_HEAD, title="Scores", title_justify="left")
        table.add_column("")
        for seat in range(len(scores)):
            table.add_column(self.name(seat), justify="right")
        table.add_row("total", *(str(s) for s in scores))
        return Group(table, self._winners_line(tuple(self.game.winners(state))))

    # -- helpers --------------------------------------------------------------------------

    def _view_lines(self, state: Any, player: int | None = None) -> list[RenderableType]:
        seat = self.perspective if player is None else player
        if seat is None:
            return []
        view = self.game.observe(state, seat)
        if not any("__str__" in vars(cls) for cls in type(view).__mro__ if cls is not object):
            return []  # no text of its own: its repr would say little to a player
        return [Text(str(view))]

    def _deal_scoreboard(
        self,
        deal: str,
        rows: Sequence[tuple[int, Sequence[int], Text | str]],
        extra: str,
        totals: Sequence[int],
        won: Sequence[int],
    ) -> RenderableType:
        """A scoreboard by deal: for each finished deal (``deal`` names them: ``"Round"``,
        ``"Hand"``) its number from 0, every seat's score and a text of the game's own
        (under the heading ``extra``), then the ``totals``, and the line of the winners."""
        table = Table(box=box.SIMPLE_HEAD, title="Scoreboard", title_justify="left")
        table.add_column(deal)
        for seat in range(len(totals)):
            table.add_column(self.name(seat), justify="right")
        table.add_column(extra)
        for number, scores, text in rows:
            table.add_row(str(number + 1), *(str(score) for score in scores), text)
        table.add_section()
        table.add_row("total", *(str(score) for score in totals), "")
        return Group(table, self._winners_line(won))

    def _scores_line(self, scores: Sequence[int]) -> Text:
        parts = [f"{self.name(seat)} {score}" for seat, score in enumerate(scores)]
        return Text("Scores: " + " · ".join(parts))

    def _winners_line(self, seats: Sequence[int]) -> Text:
        if not seats:
            return Text("The game is not over.")
        label = "Winner" if len(seats) == 1 else "Winners"
        return Text(f"{label}: {', '.join(self.name(seat) for seat in seats)}", style="bold")


def _number(text: str, moves: Sequence[Any]) -> Any | None:
    """The move numbered ``text`` (from 1), or ``None`` if ``text`` is not a number (only the
    digits 0 to 9 count: ``²`` or ``①`` are not numbers).

    :raises InputError: for a number that numbers no move.
    """
    stripped = text.strip()
    if not (stripped.isascii() and stripped.isdigit()):
        return None
    number = int(stripped) if len(stripped) <= 6 else 0
    if not 1 <= number <= len(moves):
        shown = stripped if len(stripped) <= 6 else f"{stripped[:6]}…"
        raise InputError(f"There is no move {shown}: choose a number from 1 to {len(moves)}.")
    return moves[number - 1]


class CardScreen(Screen):
    """A screen for a game whose moves each play a card of the player's hand (``move.card``):
    the player types a card's name or its number."""

    def prompt(self, moves: Sequence[Any] = ()) -> str:
        """The question asked for a card."""
        return "Your card (name or number; ? for help, q to quit): "

    def hint(self, moves: Sequence[Any]) -> str:
        """A reminder of what to type, after an empty line."""
        example = self.game.move_text(moves[0])
        return (
            f"Type a card of your hand, such as {example}, or its number (1-{len(moves)}); "
            "? for help."
        )

    def _hand(
        self, hand: CardSet, moves: Sequence[Any], title: str, notes: dict[Color, Text]
    ) -> RenderableType:
        """The hand by colour, each card with its number in ``moves``, and a note per
        colour."""
        numbers = {move.card: i for i, move in enumerate(moves, start=1)}
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(style="dim")  # the notes wrap first
        for color in Color:
            cards = hand.of_color(color)
            if not cards:
                continue
            row = Text(" ").join(
                Text.assemble(f"{numbers[c]:>2} " if c in numbers else "   ", card_text(c))
                for c in cards
            )
            label = Text(color.name.lower(), style=COLOR_STYLES[color])
            table.add_row(label, row, notes.get(color, ""))
        return Group(Text(title + ":"), table)


def screen_for(
    game: Game[Any, Any, Any],
    names: Sequence[str],
    perspective: int | None = None,
    *,
    interactive: bool = False,
) -> Screen:
    """The screen of ``game``: the one it declares (:attr:`GameInfo.screen
    <sticheln.GameInfo.screen>`), else the generic :class:`Screen`.

    :raises UnknownNameError: for a declared screen that cannot be imported.
    """
    info = game.info
    declared = getattr(info, "screen", None)
    factory: Callable[..., Screen] = (
        Screen if declared is None else resolve(declared, f"the screen of {info.title}")
    )
    return factory(game, names, perspective, interactive=interactive)
