"""What the command line shows of a game: one screen per game, and a generic one.

A screen turns states into rich renderables. It reads a state only through the game's
``observe``, from the point of view it was made for, so that a human player, or a replay
``--as`` a player, never sees more than that player may. Without a point of view (bots on
every seat, a full replay) it shows everything, hands included.

The generic :class:`Screen` uses nothing but the :class:`~sticheln.Game` protocol, so every
game of the library can be played, simulated and replayed; :class:`StichelnScreen` knows
Sticheln's hands, tricks and pain cards.
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
from sticheln.core.protocol import Game
from sticheln.explain import explain_score, explain_trick
from sticheln.hattrick import (
    OPEN_TRICKS,
    PASS_PENALTY,
    Action,
    HattrickRules,
    HattrickView,
    LeadCards,
    PassedCards,
    Turn,
    action_for,
    collecting_color,
    hand_score,
    turn_actions,
)
from sticheln.moves import ChoosePain
from sticheln.rules import Rules
from sticheln.scoring import round_score, winners
from sticheln.state import Phase
from sticheln.trick import Trick, trick_winner
from sticheln.view import PlayerView

__all__ = [
    "COLOR_STYLES",
    "CardScreen",
    "HattrickScreen",
    "InputError",
    "Screen",
    "StichelnScreen",
    "card_text",
    "cards_text",
    "joined",
    "register_screen",
    "screen_for",
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
        """What to show after ``mover`` made ``move``, taking ``before`` to ``after``.

        Another player's move is named only without a point of view: the protocol does not
        say which moves are public.
        """
        if self.perspective is None or mover == self.perspective:
            line = Text(f"{self.name(mover)}: {self.game.move_text(move)}")
        else:
            line = Text(f"{self.name(mover)} moved")
        shown: list[RenderableType] = [line]
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


class StichelnScreen(CardScreen):
    """Sticheln: hands by colour, the trick on the table with who would take it, the pain
    cards, the scores, and why each trick went to whom (:func:`~sticheln.explain_trick`).

    Everything is read from :class:`~sticheln.PlayerView` values; without a point of view,
    the public parts come from seat 0's view and the hands from each seat's own.
    """

    # -- views ----------------------------------------------------------------------------

    def _view(self, state: Any) -> PlayerView:
        view: PlayerView = self.game.observe(
            state, 0 if self.perspective is None else self.perspective
        )
        return view

    # -- what is shown --------------------------------------------------------------------

    def start(self, state: Any) -> list[RenderableType]:
        """The header of the first round."""
        return self._round_header(state, self._view(state))

    def events(self, before: Any, after: Any, mover: int, move: Any) -> list[RenderableType]:
        """Finished tricks, the reveal of the pain cards, round scores and new rounds."""
        old, new = self._view(before), self._view(after)
        shown: list[RenderableType] = []
        me = self.perspective
        if (
            me is not None
            and old.round_number == new.round_number
            and old.pain_cards[me] is None
            and new.pain_cards[me] is not None
        ):
            card = new.pain_cards[me]
            assert card is not None
            shown.append(
                Text.assemble(f"{self.name(me)} chose the pain card ", card_text(card), ".")
            )
        if len(new.finished_rounds) > len(old.finished_rounds):
            finished = new.finished_rounds[-1]
            trick = finished.tricks[-1]
            shown.extend(self._trick_lines(trick, len(finished.tricks), new.rules))
            shown.extend(self._round_end(new))
            if not new.is_over:
                shown.extend(self._round_header(after, new))
            return shown
        if old.phase is Phase.CHOOSING_PAIN and new.phase is Phase.PLAYING:
            shown.append(self._pain_line(new))
        if len(new.tricks) > len(old.tricks):
            shown.extend(self._trick_lines(new.tricks[-1], len(new.tricks), new.rules))
        return shown

    def turn(self, state: Any, player: int, moves: Sequence[Any]) -> RenderableType:
        """The player's screen: round and trick, the table of players, the trick on the
        table and the hand by colour, numbered in the order of ``moves``."""
        view: PlayerView = self.game.observe(state, player)
        tricks = view.rules.tricks_per_round()
        parts: list[RenderableType] = []
        where = f"Round {view.round_number + 1} of {view.rounds}"
        if view.phase is Phase.CHOOSING_PAIN:
            parts.append(Rule(f"{where} · choose your pain card", style="cyan"))
        else:
            parts.append(Rule(f"{where} · trick {len(view.tricks) + 1} of {tricks}", style="cyan"))
        parts.append(self._players_table(view))
        if view.phase is Phase.CHOOSING_PAIN:
            parts.append(
                Text(
                    "Your pain card's colour is your pain colour for this round: every card "
                    "of it that you win costs its value, every other card you win scores "
                    "1 point. The pain card itself counts as won.",
                    style="dim",
                )
            )
        else:
            parts.append(self._table_line(view))
        parts.append(self._own_hand(view, moves))
        return Group(*parts)

    def prompt(self, moves: Sequence[Any] = ()) -> str:
        """The question asked for a pain card, or for a card to play."""
        if moves and isinstance(moves[0], ChoosePain):
            return "Your pain card (name or number; ? for help, q to quit): "
        return super().prompt(moves)

    def help(self, moves: Sequence[Any]) -> str:
        """What to type, for the pain card or for a card to play."""
        if moves and isinstance(moves[0], ChoosePain):
            return (
                f"Choose your pain card for the round: type a card of your hand by name (B11, "
                f"b11 or 'blue 11') or by its number (1-{len(moves)}). Its colour is your pain "
                "colour: at the end of the round every card of that colour you have won costs "
                "its value, and so does the pain card itself; every other card you win is "
                "worth +1 (ST-SCORE-1, ST-SCORE-2). The pain cards are shown once everyone has "
                "chosen. Type q to stop (the game is saved when --save is given)."
            )
        return (
            f"Type a card of your hand by name (B11, b11 or 'blue 11') or by the number "
            f"shown before it (1-{len(moves)}). Any card of your hand may be played: there "
            "is no need to follow the lead colour. A card not in the lead colour beats "
            "the lead colour; zeros never win. Type q to stop (the game is saved when "
            "--save is given)."
        )

    def unfinished(self, state: Any) -> list[RenderableType]:
        """The cards on the table, if any."""
        view = self._view(state)
        return [self._table_line(view)] if view.current_trick else []

    def scoreboard(self, state: Any) -> RenderableType:
        """Each finished round's scores and pain cards, the totals, and the winners."""
        view = self._view(state)
        rows = [(r.number, r.scores, cards_text(r.pain_cards)) for r in view.finished_rounds]
        won = winners(view.scores) if view.is_over else ()
        return self._deal_scoreboard("Round", rows, "Pain cards", view.scores, won)

    # -- parts ----------------------------------------------------------------------------

    def _round_header(self, state: Any, view: PlayerView) -> list[RenderableType]:
        if self.interactive:  # the turn screen says it all
            return []
        shown: list[RenderableType] = [
            Rule(
                f"Round {view.round_number + 1} of {view.rounds} · "
                f"{self.says(view.round_leader, 'lead')}",
                style="cyan",
            )
        ]
        seats = range(view.players) if self.perspective is None else (self.perspective,)
        for seat in seats:
            hand: PlayerView = self.game.observe(state, seat)
            shown.append(Text.assemble(f"{self.name(seat)} holds ", cards_text(hand.hand)))
        return shown

    def _pain_line(self, view: PlayerView) -> Text:
        parts = []
        for seat, card in enumerate(view.pain_cards):
            parts.append(
                Text.assemble(
                    f"{self.name(seat)} ", card_text(card) if card is not None else Text("?")
                )
            )
        return Text.assemble("Pain cards: ", joined(parts))

    def _trick_lines(self, trick: Trick, number: int, rules: Rules) -> list[RenderableType]:
        plays = joined([Text.assemble(f"{self.name(p)} ", card_text(c)) for p, c in trick.plays])
        # Who takes the trick, and why, as the rules say (trick_taker, ST-TRICK-6 included).
        explanation = explain_trick(trick.cards, rules.all_zero_trick)
        reasons = list(explanation.reasons)
        why = explanation.deciding_reason
        taker = explanation.winner
        if taker is None:
            outcome = Text(f"nobody takes it: every card is a zero, it is set aside ({why.rule})")
        else:
            card = trick.cards[taker]
            reasons = [reason for reason in reasons if reason is not why]  # the line says it
            # explain_trick's words for the winner, such as "R4 wins: it is the highest card
            # not in the lead colour", become "... takes it with R4, the highest card ...";
            # a card that takes the trick by the rule of a trick of zeros (ST-TRICK-6) does
            # not win it, and "R0 wins: every card is a zero, ..." becomes "... takes it:
            # every card is a zero, ...".
            takes = self.says(trick.seats[taker], "take")
            said = why.text.removeprefix(f"{card} wins: ")
            if why is not explanation.reasons[taker + 1]:
                outcome = Text(f"{takes} it: {said} ({why.rule})")
            else:
                because = (
                    f", {said.removeprefix('it is ')}"
                    if said.startswith("it is ")
                    else f": {why.text}"
                )
                outcome = Text.assemble(
                    f"{takes} it with ", card_text(card), f"{because} ({why.rule})"
                )
        shown: list[RenderableType] = [Text.assemble(f"Trick {number}: ", plays, " → ", outcome)]
        if self.interactive:  # the other reasons too
            shown.extend(Text(f"    {reason}", style="dim") for reason in reasons)
        return shown

    def _round_end(self, view: PlayerView) -> list[RenderableType]:
        finished = view.finished_rounds[-1]
        parts = [f"{self.name(seat)} {signed(score)}" for seat, score in enumerate(finished.scores)]
        shown: list[RenderableType] = [
            Text(f"Round {finished.number + 1} scores: " + " · ".join(parts), style="bold")
        ]
        me = self.perspective
        if self.interactive and me is not None:
            pain = finished.pain_cards[me]
            explanation = explain_score(pain, finished.won[me])
            costly = [item for item in explanation.items[1:] if item.card.color is pain.color]
            others = len(explanation.items) - 1 - len(costly)
            text = Text.assemble(
                f"{self.name(me)}: pain card ", card_text(pain), f" {signed(-pain.value)}"
            )
            if costly:
                text.append(", won ")
                text.append_text(
                    joined(
                        [
                            Text.assemble(card_text(item.card), f" {signed(item.points)}")
                            for item in costly
                        ],
                        ", ",
                    )
                )
            text.append(f", {others} other card{'s' if others != 1 else ''} +{others}")
            text.append(f" = {signed(explanation.total)} (ST-SCORE-1, ST-SCORE-2)")
            shown.append(text)
        shown.append(
            Text("Totals: " + " · ".join(f"{self.name(s)} {t}" for s, t in enumerate(view.scores)))
        )
        return shown

    def _players_table(self, view: PlayerView) -> Table:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        for header in ("Player", "Pain card", "Cards won", "This round", "Total"):
            table.add_column(header, justify="left" if header == "Player" else "right")
        playing = view.phase is Phase.PLAYING
        for seat in range(view.players):
            card = view.pain_cards[seat]
            if card is not None:
                pain: Text = card_text(card)
            elif view.has_chosen[seat]:
                pain = Text("chosen", style="dim")
            else:
                pain = Text("choosing", style="dim")
            provisional = (
                signed(round_score(card, view.won[seat])) if playing and card is not None else ""
            )
            name = self.name(seat)
            if playing and seat == view.to_act:
                name += " ◀"
            table.add_row(name, pain, str(len(view.won[seat])), provisional, str(view.scores[seat]))
        return table

    def _table_line(self, view: PlayerView) -> Text:
        if not view.current_trick:
            return Text(f"{self.says(view.trick_leader, 'lead')} this trick.")
        plays = joined(
            [Text.assemble(f"{self.name(p)} ", card_text(c)) for p, c in view.current_trick]
        )
        cards = [card for _, card in view.current_trick]
        best = trick_winner(cards)
        lead = cards[0].color.name.lower()
        if best is None:
            outcome = Text("nobody would take it yet (only zeros)")
        else:
            seat, card = view.current_trick[best]
            outcome = Text.assemble(f"{self.name(seat)} would take it with ", card_text(card))
        return Text.assemble("On the table: ", plays, f" (lead colour {lead}) → ", outcome)

    def _own_hand(self, view: PlayerView, moves: Sequence[Any]) -> RenderableType:
        pain = view.own_pain_card
        title = "Your hand"
        notes = {}
        if pain is not None and view.phase is Phase.PLAYING:
            title += f" (pain colour {pain.color.name.lower()})"
            notes[pain.color] = Text("pain colour")
        return self._hand(view.hand, moves, title, notes)


class HattrickScreen(CardScreen):
    """Hattrick: the hand by colour with what each colour's cards would do now, the open
    tricks with who would take them, every player's won cards by colour, their passes and
    scores, after each turn who took which trick and who leads next, and how the game ends
    (after its hands, or at the target score).

    Everything is read from :class:`~sticheln.hattrick.HattrickView` values, in which a card
    another player passed is hidden when the rules show only its colour
    (:attr:`PassedCards.HIDDEN <sticheln.hattrick.PassedCards.HIDDEN>`); without a point of
    view, such a card is read from its player's own view.
    """

    def _view(self, state: Any) -> HattrickView:
        view: HattrickView = self.game.observe(
            state, 0 if self.perspective is None else self.perspective
        )
        return view

    # -- what is shown --------------------------------------------------------------------

    def start(self, state: Any) -> list[RenderableType]:
        """The header of the first hand."""
        return self._hand_header(state, self._view(state))

    def events(self, before: Any, after: Any, mover: int, move: Any) -> list[RenderableType]:
        """Finished turns, hand scores and new hands."""
        old, new = self._view(before), self._view(after)
        shown: list[RenderableType] = []
        if len(new.finished_hands) > len(old.finished_hands):
            finished = new.finished_hands[-1]
            turn = self._revealed(after, finished.turns[-1], lambda v: v.finished_hands[-1].turns)
            shown.extend(self._turn_lines(turn, len(finished.turns)))
            shown.extend(self._hand_end(new))
            if not new.is_over:
                shown.extend(self._hand_header(after, new))
        elif len(new.turns) > len(old.turns):
            turn = self._revealed(after, new.turns[-1], lambda v: v.turns)
            shown.extend(self._turn_lines(turn, len(new.turns)))
        return shown

    def turn(self, state: Any, player: int, moves: Sequence[Any]) -> RenderableType:
        """The player's screen: hand and turn, the table of players, the open tricks and the
        hand by colour, numbered in the order of ``moves``."""
        view: HattrickView = self.game.observe(state, player)
        turns = view.rules.hand_size(view.players) - 1  # the last card is kept (HT-HAND-1)
        parts: list[RenderableType] = [
            Rule(f"{_hand_of(view)} · turn {len(view.turns) + 1} of {turns}", style="cyan"),
            self._players_table(view),
            self._table_line(view),
        ]
        notes = {}
        shown = view.rules.passed_cards is PassedCards.SHOWN
        for color in view.rules.colors:
            action = action_for(view.open_colors, Card(color, 1))
            if action is Action.FOLLOW:
                notes[color] = Text(f"follows the open {color.name.lower()} trick")
            elif action is Action.OPEN:
                notes[color] = Text("opens a trick")
            elif shown:
                notes[color] = Text(f"is shown, then passed face down: {-PASS_PENALTY} points")
            else:
                notes[color] = Text(f"is passed face down: {-PASS_PENALTY} points")
        parts.append(self._hand(view.hand, moves, "Your hand", notes))
        return Group(*parts)

    def help(self, moves: Sequence[Any]) -> str:
        """What to type, and the rules of a turn and of the end of the game."""
        rules = getattr(self.game, "rules", None)
        if not isinstance(rules, HattrickRules):
            rules = HattrickRules()
        lead = (
            "the highest card of the turn, passed ones included, leads next"
            if rules.lead_cards is LeadCards.TURN
            else "the highest card of the tricks leads next"
        )
        target = rules.target_score
        end = "" if target is None else f" The game ends once a player's total reaches {target}."
        return (
            f"Type a card of your hand by name (R17, r17 or 'red 17') or by the number "
            f"shown before it (1-{len(moves)}). A card of an open trick's colour follows it; "
            f"while fewer than {OPEN_TRICKS} tricks are open, another colour opens one; a "
            f"card of the third colour is passed, at {-PASS_PENALTY} points. The highest card "
            f"takes a trick, and {lead}. At the end of a hand each card of the colour you won "
            f"most of scores +1, every other won card -1 and every passed card "
            f"{-PASS_PENALTY} (HT-SCORE-1 to HT-SCORE-3).{end} Type q to stop (the game is "
            "saved when --save is given)."
        )

    def unfinished(self, state: Any) -> list[RenderableType]:
        """The open tricks, if any."""
        view = self._view(state)
        return [self._table_line(view)] if view.turn_cards else []

    def scoreboard(self, state: Any) -> RenderableType:
        """Each finished hand's scores and passes, the totals, and the winners."""
        view = self._view(state)
        rows = [
            (h.number, h.scores, " ".join(map(str, h.pass_counts))) for h in view.finished_hands
        ]
        won = winners(view.scores) if view.is_over else ()
        return self._deal_scoreboard("Hand", rows, "Cards passed", view.scores, won)

    # -- parts ----------------------------------------------------------------------------

    def _revealed(
        self, state: Any, turn: Turn, turns_of: Callable[[HattrickView], Sequence[Turn]]
    ) -> Turn:
        """``turn`` with every card this screen may show: without a point of view, a card
        passed face down is read from its player's own view."""
        if self.perspective is not None or None not in turn.cards:
            return turn
        cards = list(turn.cards)
        for i, (seat, card) in enumerate(turn.plays):
            if card is None:
                cards[i] = turns_of(self.game.observe(state, seat))[-1].cards[i]
        return Turn(turn.leader, tuple(cards), turn.next_leader)

    def _plays(self, plays: Sequence[tuple[int, Card | None]], actions: Sequence[Action]) -> Text:
        parts = []
        for (seat, card), action in zip(plays, actions, strict=True):
            shown = card_text(card) if card is not None else Text("a card face down")
            if action is Action.PASS:
                parts.append(Text.assemble(f"{self.says(seat, 'pass')} ", shown))
            else:
                parts.append(Text.assemble(f"{self.name(seat)} ", shown))
        return joined(parts)

    def _turn_lines(self, turn: Turn, number: int) -> list[RenderableType]:
        takes = joined(
            [
                Text.assemble(
                    f"{self.says(trick.winner, 'take')} the {trick.cards[0].color.name.lower()} "
                    "trick with ",
                    card_text(max(trick.cards, key=lambda card: card.value)),
                )
                for trick in turn.tricks
                if trick.winner is not None
            ],
            ", ",
        )
        return [
            Text.assemble(
                f"Turn {number}: ",
                self._plays(turn.plays, turn.actions),
                " → ",
                takes,
                f" (HT-TRICK-1); {self.says(turn.next_leader, 'lead')} next (HT-LEAD-2)",
            )
        ]

    def _hand_header(self, state: Any, view: HattrickView) -> list[RenderableType]:
        if self.interactive:  # the turn screen says it all
            return []
        shown: list[RenderableType] = [
            Rule(f"{_hand_of(view)} · {self.says(view.hand_leader, 'lead')}", style="cyan")
        ]
        seats = range(view.players) if self.perspective is None else (self.perspective,)
        for seat in seats:
            own: HattrickView = self.game.observe(state, seat)
            shown.append(Text.assemble(f"{self.name(seat)} holds ", cards_text(own.hand)))
        return shown

    def _hand_end(self, view: HattrickView) -> list[RenderableType]:
        finished = view.finished_hands[-1]
        parts = [f"{self.name(seat)} {signed(score)}" for seat, score in enumerate(finished.scores)]
        shown: list[RenderableType] = [
            Text(f"Hand {finished.number + 1} scores: " + " · ".join(parts), style="bold")
        ]
        me = self.perspective
        if self.interactive and me is not None:
            won = finished.won[me]
            color = collecting_color(won, view.rules.colors)
            collected = len(won.of_color(color)) if color is not None else 0
            others = len(won) - collected
            passes = finished.pass_counts[me]
            text = Text(f"{self.name(me)}: ")
            if color is not None:
                text.append(f"{collected} {color.name.lower()} cards (most won) +{collected}, ")
            text.append(
                f"{others} other won cards -{others}, {passes} passed "
                f"{-PASS_PENALTY * passes} = {signed(finished.scores[me])} "
                "(HT-SCORE-1 to HT-SCORE-3)"
            )
            shown.append(text)
        shown.append(
            Text("Totals: " + " · ".join(f"{self.name(s)} {t}" for s, t in enumerate(view.scores)))
        )
        target = view.rules.target_score
        if view.is_over and target is not None and len(view.finished_hands) < view.hand_count:
            reached = [self.name(s) for s, total in enumerate(view.scores) if total >= target]
            shown.append(
                Text(
                    f"{' and '.join(reached)} reached {target} points: the game ends after "
                    f"{len(view.finished_hands)} of {view.hand_count} hands (HT-GAME-3)",
                    style="bold",
                )
            )
        return shown

    def _players_table(self, view: HattrickView) -> Table:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column("Player")
        for color in view.rules.colors:
            table.add_column(
                Text(f"Won {color.name.lower()}", style=COLOR_STYLES[color]), justify="right"
            )
        for header in ("Passed", "This hand", "Total"):
            table.add_column(header, justify="right")
        for seat in range(view.players):
            won = view.won[seat]
            name = self.name(seat)
            if seat == view.to_act:
                name += " ◀"
            table.add_row(
                name,
                *(str(len(won.of_color(color))) for color in view.rules.colors),
                str(view.pass_counts[seat]),
                signed(hand_score(won, view.pass_counts[seat])),
                str(view.scores[seat]),
            )
        return table

    def _table_line(self, view: HattrickView) -> Text:
        if not view.turn_cards:
            return Text(f"{self.says(view.turn_leader, 'lead')} this turn: any card opens a trick.")
        tricks = []
        for trick in view.open_tricks:
            best = max(trick.cards, key=lambda card: card.value)
            tricks.append(
                Text.assemble(
                    f"{trick.cards[0].color.name.lower()}: ",
                    joined(
                        [Text.assemble(f"{self.name(p)} ", card_text(c)) for p, c in trick.plays],
                        ", ",
                    ),
                    f" ({self.name(trick.winner or 0)} would take it with ",
                    card_text(best),
                    ")",
                )
            )
        line = Text.assemble("Open tricks: ", joined(tricks))
        passes = [
            (seat, card)
            for (seat, card), action in zip(
                view.current_turn, turn_actions(view.turn_cards), strict=True
            )
            if action is Action.PASS
        ]
        if passes:
            line.append_text(
                Text.assemble(" · passed: ", self._plays(passes, [Action.FOLLOW] * len(passes)))
            )
        return line


def _hand_of(view: HattrickView) -> str:
    """``"Hand 2 of 4"``, or with a target score ``"Hand 2 of at most 4, to 50 points"``."""
    target = view.rules.target_score
    if target is None:
        return f"Hand {view.hand_number + 1} of {view.hand_count}"
    return f"Hand {view.hand_number + 1} of at most {view.hand_count}, to {target} points"


def _stichling_screen(*args: Any, **kwargs: Any) -> Screen:
    from sticheln.cli.stichling import StichlingScreen  # it builds on this module

    return StichlingScreen(*args, **kwargs)


_SCREENS: dict[str, Callable[..., Screen]] = {
    "sticheln": StichelnScreen,
    "hattrick": HattrickScreen,
    "stichling": _stichling_screen,
}


def register_screen(game_name: str, factory: Callable[..., Screen]) -> None:
    """Use ``factory`` (called like :class:`Screen`) for the game called ``game_name``."""
    _SCREENS[game_name] = factory


def screen_for(
    game: Game[Any, Any, Any],
    names: Sequence[str],
    perspective: int | None = None,
    *,
    interactive: bool = False,
) -> Screen:
    """The screen of ``game``: its own if it has one, else the generic :class:`Screen`."""
    factory = _SCREENS.get(game.name, Screen)
    return factory(game, names, perspective, interactive=interactive)
