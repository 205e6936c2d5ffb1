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

import re
import string
from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sticheln.core.cards import Card, CardSet, Color
from sticheln.core.errors import IllegalMoveError, InvalidMoveError
from sticheln.core.explain import ScoreExplanation, TrickExplanation
from sticheln.core.i18n import N_, color_name
from sticheln.core.i18n import gettext as _
from sticheln.core.protocol import SPECTATOR, Game
from sticheln.core.references import resolve
from sticheln.core.seats import name_seats
from sticheln.core.text import signed
from sticheln.core.tricks import Trick

__all__ = [
    "COLOR_STYLES",
    "CardScreen",
    "InputError",
    "Screen",
    "card_text",
    "cards_text",
    "joined",
    "progress",
    "screen_for",
    "styled",
    "takes_a_trick",
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


_FORMATTER: Final = string.Formatter()


class InputError(ValueError):
    """Input that names no legal move; the message says why, for the player to try again."""


def card_text(card: Card) -> Text:
    """A card's name in its colour."""
    return Text(str(card), style=COLOR_STYLES[card.color])


def cards_text(cards: Sequence[Card] | CardSet, sep: str = " ") -> Text:
    """Card names in their colours."""
    return Text(sep).join(card_text(card) for card in cards)


_PROGRESS: Final = {
    "Deal": (N_("Deal {number} of {count}"), N_("Deal {number} of at most {count}")),
    "Round": (N_("Round {number} of {count}"), N_("Round {number} of at most {count}")),
    "Hand": (N_("Hand {number} of {count}"), N_("Hand {number} of at most {count}")),
    "trick": (N_("trick {number} of {count}"), N_("trick {number} of at most {count}")),
    "turn": (N_("turn {number} of {count}"), N_("turn {number} of at most {count}")),
    "card": (N_("card {number} of {count}"), N_("card {number} of at most {count}")),
}
"""The texts of :func:`progress` for the terms the built-in games use, in the current
language."""


def progress(term: str, index: int, count: int, *, at_most: bool = False) -> str:
    """``"trick 3 of 14"``: the ``index``-th (from 0) of ``count`` things called ``term``;
    ``"Hand 2 of at most 4"`` with ``at_most``. The built-in games' terms (``Deal``,
    ``Round``, ``Hand``, ``trick``, ``turn``, ``card``) come in the current language, another
    term in English."""
    texts = _PROGRESS.get(term)
    if texts is None:
        return f"{term} {index + 1} of {'at most ' if at_most else ''}{count}"
    return _(texts[at_most]).format(number=index + 1, count=count)


def styled(template: str, **values: Text | str) -> Text:
    """``template`` with its ``{name}`` placeholders filled by ``values``, each keeping its
    own style (a card's name in its colour): a sentence translated whole, with the coloured
    parts put where its language puts them.

    >>> from rich.text import Text
    >>> styled("{name} takes it with {card}.", name="#2", card=Text("R4", style="red")).plain
    '#2 takes it with R4.'
    """
    parts: list[Text | str] = []
    for literal, field, _spec, _conversion in _FORMATTER.parse(template):
        parts.append(literal)
        if field is not None:
            parts.append(values[field])
    return Text.assemble(*parts)


def takes_a_trick(events: Sequence[Any]) -> bool:
    """Whether ``events``, a move's events (:meth:`Game.events <sticheln.Game.events>`),
    take a trick: one of them explains a trick (an ``explanation`` that is a
    :class:`~sticheln.core.explain.TrickExplanation`) or carries one (a ``trick`` that is a
    :class:`~sticheln.Trick`, not the number of an open trick), as the web page tells them."""
    return any(
        isinstance(getattr(event, "explanation", None), TrickExplanation)
        or isinstance(getattr(event, "trick", None), Trick)
        for event in events
    )


def joined(parts: Sequence[Text | str], sep: str = " · ") -> Text:
    """``parts`` joined with ``sep``."""
    return Text(sep).join(Text(part) if isinstance(part, str) else part for part in parts)


class Screen:
    """The screen of a game that has no screen of its own, built from the protocol alone:
    moves are shown with the game's ``move_text``, and a view with ``str(view)`` when its
    class defines a ``__str__``.

    What every screen shares is laid out here, each game giving its own terms: the line
    above a turn (``header``), the points (``signed``: the totals, the scores of a deal, the
    scoreboard by deal) and the prompt, whose examples are the legal moves of the
    moment (``prompt``).

    :param game: the game.
    :param names: a name for each seat.
    :param perspective: the seat whose view is shown, or ``None`` for everything.
    :param interactive: ``True`` for a person at the terminal: more explanations, no hands in
        the round headers (the turn screen shows the player's hand).
    """

    deal_term: ClassVar[str] = "deal"
    """What the game calls a deal, in lower case: ``"round"``, ``"hand"``. The texts that
    name it come in the current language for ``deal``, ``round`` and ``hand``
    (:meth:`deal_text`), else in English."""

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

    def is_you(self, seat: int) -> bool:
        """Whether ``seat`` is the person at the terminal: its name is "You" in the current
        language (the command names that seat so, :func:`sticheln.cli.common.seat_labels`)."""
        return self.name(seat) == _("You")

    def says(self, seat: int, you: str, other: str, **values: Text | str) -> Text:
        """A sentence about ``seat``, whole in each language so that its words agree: ``you``
        when the seat is the person at the terminal (:meth:`is_you`), else ``other`` with the
        seat's name for ``{name}``; both are English texts marked with ``N_`` and given here in
        the current language, their other placeholders filled by ``values``
        (:func:`styled`): ``says(seat, N_("You take the trick."), N_("{name} takes the
        trick."))``."""
        if self.is_you(seat):
            return styled(_(you), **values)
        return styled(_(other), name=self.name(seat), **values)

    def deal_text(self, texts: dict[str, str]) -> str:
        """Of ``texts``, English texts by :attr:`deal_term` (marked with ``N_``), the one of
        this game's term in the current language; for a term not among them the text of
        ``deal`` with the term in place of the word (in English)."""
        text = texts.get(self.deal_term)
        if text is not None:
            return _(text)
        return (
            texts["deal"]
            .replace("Deal", self.deal_term.capitalize())
            .replace("deal", self.deal_term)
        )

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
        shown: list[RenderableType] = [self.moved(mover, move)]
        viewer = SPECTATOR if self.perspective is None else self.perspective
        for event in self.game.events(before, move, viewer):
            explanation = getattr(event, "explanation", None)
            if isinstance(explanation, TrickExplanation):
                shown.append(Text(str(explanation), style="dim"))
        if tuple(self.game.scores(after)) != tuple(self.game.scores(before)):
            shown.append(self._scores_line(self.game.scores(after)))
        return shown

    def moved(self, mover: int, move: Any) -> Text:
        """A line that says ``mover`` made ``move``: the move's text, or only that they moved
        for another player's move seen from a point of view (the protocol does not say which
        moves are public). A replay shows it for a move of which :meth:`events` and
        :meth:`unfinished` show nothing."""
        if self.perspective is None or mover == self.perspective:
            return Text(f"{self.name(mover)}: {self.game.move_text(move)}")
        return self.says(mover, N_("You moved"), N_("{name} moved"))

    def turn(self, state: Any, player: int, moves: Sequence[Any]) -> RenderableType:
        """The screen a person sees before choosing one of ``moves``: their view, the scores
        and the numbered moves."""
        parts: list[RenderableType] = [
            Rule(self.says(player, N_("You to move"), N_("{name} to move")).plain)
        ]
        parts.extend(self._view_lines(state, player))
        parts.append(self._scores_line(self.game.scores(state)))
        parts.append(self._numbered(moves))
        return Group(*parts)

    def header(
        self, deal: int, deals: int, now: str, *notes: str, at_most: bool = False
    ) -> RenderableType:
        """The line above a turn or a deal: :meth:`heading` as a rule across the screen."""
        return Rule(self.heading(deal, deals, now, *notes, at_most=at_most), style="cyan")

    def heading(self, deal: int, deals: int, now: str, *notes: str, at_most: bool = False) -> str:
        """Where a game stands, laid out the same in every game: the deal, ``deal`` (from 0)
        of ``deals``, in the game's :attr:`deal_term`, then ``now`` (where the deal stands:
        ``"trick 3 of 14"``, see :func:`progress`, or who leads), then any ``notes``, joined
        by `` · ``: ``Round 2 of 4 · trick 3 of 14``."""
        first = progress(self.deal_term.capitalize(), deal, deals, at_most=at_most)
        return " · ".join([first, now, *notes])

    def where(self, state: Any) -> str:
        """Where the game stands in ``state`` (a :meth:`heading` without a point of view:
        ``Round 2 of 4 · trick 3 of 14``), as a replay says where each move was made; ``""``
        when the screen does not know, as the generic screen does not, or once the game is
        over."""
        return ""

    def prompt(self, moves: Sequence[Any] = ()) -> str:
        """The question asked for one of ``moves``, with examples of what may be typed taken
        from ``moves`` (:meth:`examples`)."""
        return self._ask(_("Your move"), moves, _("or its number"))

    def examples(self, moves: Sequence[Any]) -> list[str]:
        """Texts that may be typed now, as the game writes them (``move_text``): one for each
        kind of move among ``moves`` (each class of move), at most three."""
        kinds: dict[type, str] = {}
        for move in moves:
            if type(move) not in kinds and len(kinds) < 3:
                kinds[type(move)] = self.game.move_text(move)
        return list(kinds.values())

    def hint(self, moves: Sequence[Any]) -> str:
        """A reminder of what to type, after an empty line."""
        example = self.game.move_text(moves[0])
        return _("Type a move, such as {example}, or its number (1-{count}); ? for help.").format(
            example=example, count=len(moves)
        )

    def help(self, moves: Sequence[Any]) -> str:
        """What to type."""
        return _(
            "Type the text of a move as listed, or its number (1-{count}). "
            "Type q to stop the game (it is saved when --save is given)."
        ).format(count=len(moves))

    def parse_move(self, state: Any, player: int, text: str, moves: Sequence[Any]) -> Any:
        """The move ``text`` names: its number in the list of ``moves``, or what the game's
        ``parse_move`` reads in it.

        :raises InputError: saying why no move fits.
        """
        number = _number(text, moves)
        if number is not None:
            return number
        return self._parse_text(state, player, text)

    def _parse_text(self, state: Any, player: int, text: str) -> Any:
        """The move the game's ``parse_move`` reads in ``text``.

        :raises InputError: with the game's reason when it reads none.
        """
        try:
            return self.game.parse_move(state, player, text.strip())
        except InvalidMoveError as exc:
            raise InputError(_("{error}. Type ? for help.").format(error=exc)) from None
        except IllegalMoveError as exc:
            raise InputError(f"{self._reason(exc.reason, player)}.") from None

    def _reason(self, reason: str, player: int) -> str:
        """The reason of an illegal move, worded for the player at the terminal: every seat
        by its name (:func:`~sticheln.core.seats.name_seats`), theirs as "your"."""
        me = player if self.is_you(player) else None
        return name_seats(reason, self.names, me)

    def unfinished(self, state: Any) -> list[RenderableType]:
        """What to show of a game that stops before its end, besides the scoreboard: for a
        game with a screen of its own, the cards on the table."""
        return []

    def scoreboard(self, state: Any) -> RenderableType:
        """The final (or current) scores and the winners."""
        scores = tuple(self.game.scores(state))
        table = Table(box=box.SIMPLE_HEAD, title=_("Scores"), title_justify="left")
        table.add_column("")
        for seat in range(len(scores)):
            table.add_column(self.name(seat), justify="right")
        table.add_row(_("total"), *(signed(s) for s in scores))
        return Group(table, self._winners_line(tuple(self.game.winners(state))))

    # -- helpers --------------------------------------------------------------------------

    def _ask(self, question: str, moves: Sequence[Any], number: str) -> str:
        """``question (such as A or B, or <number>; ? for help, q to quit): ``, the
        examples from ``moves``."""
        examples = self.examples(moves)
        if not examples:
            what = number.removeprefix(_("or") + " ")
        elif len(examples) == 1:
            what = _("such as {examples}, {number}").format(examples=examples[0], number=number)
        else:
            listed = _("{items} or {last}").format(
                items=", ".join(examples[:-1]), last=examples[-1]
            )
            what = _("such as {examples}, {number}").format(examples=listed, number=number)
        return _("{question} ({what}; ? for help, q to quit): ").format(
            question=question, what=what
        )

    def _numbered(self, moves: Sequence[Any]) -> Text:
        """The moves with their numbers, which :meth:`parse_move` reads."""
        listed = [f"{i}) {self.game.move_text(move)}" for i, move in enumerate(moves, start=1)]
        return Text(_("Your moves: ") + "   ".join(listed))

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
        rows: Sequence[tuple[int, Sequence[int], Text | str]],
        extra: str,
        totals: Sequence[int],
        won: Sequence[int],
    ) -> RenderableType:
        """A scoreboard by deal: for each finished deal its number from 0, every seat's
        score and a text of the game's own (under the heading ``extra``), then the
        ``totals``, and the line of the winners."""
        table = Table(box=box.SIMPLE_HEAD, title=_("Scoreboard"), title_justify="left")
        table.add_column(self.deal_text(_DEAL_HEADINGS))
        for seat in range(len(totals)):
            table.add_column(self.name(seat), justify="right")
        table.add_column(extra)
        for number, scores, text in rows:
            table.add_row(str(number + 1), *(signed(score) for score in scores), text)
        table.add_section()
        table.add_row(_("total"), *(signed(score) for score in totals), "")
        return Group(table, self._winners_line(won))

    def _deal_scores_line(self, deal: int, parts: Sequence[str], rule: str | None = None) -> Text:
        """``Round 2 scores: #0 +3 · #1 -5``: what each seat scored in deal ``deal`` (from
        0), each part a seat's name and its :func:`signed` points (and what the game adds),
        with the rule that scores them."""
        head = self.deal_text(_DEAL_SCORES).format(number=deal + 1)
        if rule is not None:
            head += f" ({rule})"
        return Text(f"{head}: " + " · ".join(parts), style="bold")

    def _seat_points(self, scores: Sequence[int]) -> list[str]:
        """``["#0 +3", "#1 -5"]``: each seat's name and its :func:`signed` points."""
        return [f"{self.name(seat)} {signed(points)}" for seat, points in enumerate(scores)]

    def _totals_line(self, totals: Sequence[int]) -> Text:
        """``Totals: #0 +3 · #1 -5``."""
        return Text(_("Totals: ") + " · ".join(self._seat_points(totals)))

    def _scores_line(self, scores: Sequence[int]) -> Text:
        return Text(_("Scores: ") + " · ".join(self._seat_points(scores)))

    def _score_lines(self, seat: int, explanation: ScoreExplanation) -> list[RenderableType]:
        """What ``seat``'s score of a deal is made of: ``You: Hand score -1:`` and the
        explanation's items, one a line."""
        head = f"{self.name(seat)}: {explanation.title} {signed(explanation.total)}:"
        return [Text(head), *(Text(f"    {item}") for item in explanation.items)]

    def _winners_line(self, seats: Sequence[int]) -> Text:
        if not seats:
            return Text(_("The game is not over."))
        label = _("Winner") if len(seats) == 1 else _("Winners")
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
        raise InputError(
            _("There is no move {number}: choose a number from 1 to {count}.").format(
                number=_shown(stripped), count=len(moves)
            )
        )
    return moves[number - 1]


def _shown(digits: str) -> str:
    """A number as typed, cut short when it is long."""
    return digits if len(digits) <= 6 else f"{digits[:6]}…"


_CARD_NUMBER: Final = re.compile(r"\s*([0-9]+)\s*(.*?)\s*", re.DOTALL)
"""A card's number, then what may follow it in place of the card's name (``5>2``)."""


class CardScreen(Screen, metaclass=ABCMeta):
    """A screen for a game whose moves play a card of the player's hand (``move.card``): the
    player types the move's text or the card's number.

    A card keeps its number for the whole deal: the numbers are the places of the cards in
    the hand as it was dealt (``dealt``), in the order of the hand, so a played card
    leaves a gap and a number read on an earlier screen still names the same card. A number
    may also stand for the card's name in a longer text (``5>2`` for ``R7>2`` when R7 is card
    5). Moves that play no card (Stichling's order of victory points) are numbered in their
    list, as on the generic :class:`Screen`.
    """

    @abstractmethod
    def dealt(self, state: Any, player: int) -> CardSet:
        """``player``'s hand as it was dealt for the deal in progress in ``state``: the cards
        they hold and those they have played (or put down) since."""

    def prompt(self, moves: Sequence[Any] = ()) -> str:
        """The question asked for a card: ``Your card (name or number; ...)`` when a move is
        the card's name alone, else with examples of the moves (:meth:`Screen.prompt`)."""
        if not _plays_cards(moves):
            return super().prompt(moves)
        if all(self.game.move_text(move) == str(move.card) for move in moves):
            return _("Your card (name or number; ? for help, q to quit): ")
        return self._ask(_("Your move"), moves, _("or a card's number"))

    def hint(self, moves: Sequence[Any]) -> str:
        """A reminder of what to type, after an empty line."""
        if not _plays_cards(moves):
            return super().hint(moves)
        example = self.game.move_text(moves[0])
        if all(self.game.move_text(move) == str(move.card) for move in moves):
            return _(
                "Type a card of your hand, such as {example}, or the number shown before it; "
                "? for help."
            ).format(example=example)
        return _(
            "Type a move, such as {example}, or the number shown before a card of your hand; "
            "? for help."
        ).format(example=example)

    def parse_move(self, state: Any, player: int, text: str, moves: Sequence[Any]) -> Any:
        """The move ``text`` names: the move of the card of that number (``dealt``), or
        what the game's ``parse_move`` reads in it, a card's number standing for its name.

        :raises InputError: saying why no move fits: a number that is no card's, the number
            of a card that has left the hand, of a card that can be played in several ways
            (the message lists them), or the game's reason.
        """
        if not _plays_cards(moves):
            return super().parse_move(state, player, text, moves)
        found = _CARD_NUMBER.fullmatch(text)
        if found is None or found[2][:1].isalnum():  # "12b": the game says what it is
            return self._parse_text(state, player, text)
        digits, rest = found[1], found[2]
        if rest:
            try:  # a move as typed ("3,1,2") is read as typed
                return self.game.parse_move(state, player, text.strip())
            except InvalidMoveError:
                pass  # no move as typed: the number stands for the card's name
            except IllegalMoveError as exc:
                raise InputError(f"{self._reason(exc.reason, player)}.") from None
        dealt = tuple(self.dealt(state, player))
        number = int(digits) if len(digits) <= 6 else 0
        if not 1 <= number <= len(dealt):
            raise InputError(
                self.deal_text(_NO_CARD).format(number=_shown(digits), count=len(dealt))
            )
        card = dealt[number - 1]
        if rest:
            return self._parse_text(state, player, f"{card}{rest}")
        of_card = [move for move in moves if move.card == card]
        if not of_card:
            raise InputError(
                _("{card} (card {number}) is no longer in your hand.").format(
                    card=card, number=number
                )
            )
        if len(of_card) == 1:
            return of_card[0]
        texts = [self.game.move_text(move) for move in of_card]
        short = [t.replace(str(card), str(number), 1) for t in texts if t.startswith(str(card))]
        ways = _("{items} or {last}").format(items=", ".join(texts[:-1]), last=texts[-1])
        if len(short) == len(texts):
            raise InputError(
                _(
                    "{card} (card {number}) can be played {count} ways: type {ways} (or {short})."
                ).format(
                    card=card, number=number, count=len(texts), ways=ways, short=", ".join(short)
                )
            )
        raise InputError(
            _("{card} (card {number}) can be played {count} ways: type {ways}.").format(
                card=card, number=number, count=len(texts), ways=ways
            )
        )

    def _numbers_help(self) -> str:
        """What the help says of the numbers of the cards."""
        return self.deal_text(_NUMBERS_HELP)

    def _hand(
        self,
        hand: CardSet,
        dealt: CardSet | None,
        title: str,
        notes: dict[Color, Text],
    ) -> RenderableType:
        """The hand by colour, each card with its number in the hand as ``dealt`` (none
        without it), and a note per colour."""
        numbers = {} if dealt is None else {card: i for i, card in enumerate(dealt, start=1)}
        width = len(str(len(numbers))) if numbers else 0
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(style="dim")  # the notes wrap first
        for color in Color:
            cards = hand.of_color(color)
            if not cards:
                continue
            row = Text(" ").join(
                Text.assemble(f"{numbers[c]:>{width}} " if c in numbers else "", card_text(c))
                for c in cards
            )
            label = Text(color_name(color), style=COLOR_STYLES[color])
            table.add_row(label, row, notes.get(color, ""))
        return Group(Text(_("{title}:").format(title=title)), table)


_DEAL_HEADINGS: Final = {"deal": N_("Deal"), "round": N_("Round"), "hand": N_("Hand")}
"""The heading of the column of the deals in a scoreboard."""

_DEAL_SCORES: Final = {
    "deal": N_("Deal {number} scores"),
    "round": N_("Round {number} scores"),
    "hand": N_("Hand {number} scores"),
}
"""The head of the line of a deal's scores."""

_NO_CARD: Final = {
    "deal": N_("There is no card {number}: your cards are numbered 1 to {count} this deal."),
    "round": N_("There is no card {number}: your cards are numbered 1 to {count} this round."),
    "hand": N_("There is no card {number}: your cards are numbered 1 to {count} this hand."),
}
"""The answer to a card's number that numbers no card of the hand."""

_NUMBERS_HELP: Final = {
    "deal": N_(
        "A card keeps its number for the whole deal: a played card leaves a gap, and the "
        "other numbers stay as they were."
    ),
    "round": N_(
        "A card keeps its number for the whole round: a played card leaves a gap, and the "
        "other numbers stay as they were."
    ),
    "hand": N_(
        "A card keeps its number for the whole hand: a played card leaves a gap, and the "
        "other numbers stay as they were."
    ),
}
"""What the help says of the numbers of the cards."""


def _plays_cards(moves: Sequence[Any]) -> bool:
    """Whether each of ``moves`` plays a card (has a ``card``)."""
    return bool(moves) and all(isinstance(getattr(move, "card", None), Card) for move in moves)


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
