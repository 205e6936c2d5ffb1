"""What the command line shows of a game of Stichling: :class:`StichlingScreen`, which the
game declares (:attr:`GameInfo.screen <sticheln.GameInfo.screen>`).

>>> from rich.console import Console
>>> from sticheln.stichling import StichlingGame
>>> from sticheln.stichling.screen import StichlingScreen
>>> game = StichlingGame()
>>> screen = StichlingScreen(game, ["Ann", "Bo", "Cy", "Di"], perspective=0)
>>> Console(width=80, color_system=None).print(*screen.start(game.new_game(4, seed=3)))
──────────── Hand 1 of 3 · Ann plays first · victory points 1, 2, 3 ────────────
Ann holds R4 R7 R11 R12 Y6 Y8 Y11 G2 G3 B8 B9 B12
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from sticheln.core.cards import Card, CardSet, Color
from sticheln.core.i18n import N_, color_name, ngettext
from sticheln.core.i18n import gettext as _
from sticheln.core.screen import (
    COLOR_STYLES,
    CardScreen,
    card_text,
    cards_text,
    joined,
    progress,
    styled,
)
from sticheln.core.text import signed
from sticheln.stichling import (
    OPEN_TRICKS,
    TRICK_SIZE,
    AddToTrick,
    ArrangePoints,
    OpenTrick,
    Phase,
    StichlingTrick,
    StichlingView,
    active_position,
)
from sticheln.stichling.explain import explain_score, explain_trick
from sticheln.stichling.tricks import counted

__all__ = ["StichlingScreen"]


class StichlingScreen(CardScreen):
    """Stichling: the open tricks with their markers, every player's victory-point row as far
    as it has been seen and the tricks won so far, the hand by colour with the cards'
    numbers for the hand and what each colour's cards can do now, after
    each completed trick who took it, why (:func:`~sticheln.stichling.explain_trick`) and
    which card it turned up, and at the end of a hand what the viewer's score is made of
    (:func:`~sticheln.stichling.explain_score`).

    Everything is read from :class:`~sticheln.stichling.StichlingView` values: another
    player's victory-point cards show only once a won trick has turned them up.
    """

    deal_term = "hand"

    def _view(self, state: Any, seat: int | None = None) -> StichlingView:
        if seat is None:
            seat = 0 if self.perspective is None else self.perspective
        view: StichlingView = self.game.observe(state, seat)
        return view

    # -- what is shown --------------------------------------------------------------------

    def start(self, state: Any) -> list[RenderableType]:
        """The header of the first hand."""
        return self._hand_header(state, self._view(state))

    def dealt(self, state: Any, player: int) -> CardSet:
        """``player``'s hand as dealt for the hand: the cards they hold and those they have
        played into its tricks, open or won."""
        view = self._view(state, player)
        tricks = [*view.open_tricks, *(trick for won in view.won for trick in won)]
        own = [card for trick in tricks for seat, card in trick.plays if seat == player]
        return view.hand | CardSet.of(own)

    def where(self, state: Any) -> str:
        """``Hand 2 of 3 · card 5 of 48``, or ``Hand 2 of 3 · victory points`` while they are
        laid down."""
        view = self._view(state)
        if view.is_over:
            return ""
        if view.phase is Phase.ARRANGING:
            now = _("victory points")
        else:
            now = progress("card", view.turn, view.rules.hand_size * view.players)
        return self.heading(view.hand_number, view.hand_count, now)

    def moved(self, mover: int, move: Any) -> Text:
        """``#1 laid down the victory points 3,1,2`` (``#1 laid down their victory points``
        where the order is not seen), or the move's text."""
        if not isinstance(move, ArrangePoints):
            return super().moved(mover, move)
        if self.perspective is None or mover == self.perspective:
            return self.says(
                mover,
                N_("You laid down your victory points {order}"),
                N_("{name} laid down their victory points {order}"),
                order=self.game.move_text(move),
            )
        return self.says(
            mover,
            N_("You laid down your victory points"),
            N_("{name} laid down their victory points"),
        )

    def events(self, before: Any, after: Any, mover: int, move: Any) -> list[RenderableType]:
        """The card played, completed tricks, the end of a hand and the next hand."""
        old, new = self._view(before), self._view(after)
        shown: list[RenderableType] = []
        if isinstance(move, ArrangePoints):
            if new.phase is Phase.PLAYING:
                shown.append(Text(_("Every player has laid down their victory-point cards.")))
            return shown
        shown.append(self._play_line(old, mover, move))
        if len(new.finished_hands) > len(old.finished_hands):
            finished = new.finished_hands[-1]
            completed = len(finished.tricks) - sum(map(len, old.won))
            for trick in finished.tricks[len(finished.tricks) - completed :]:
                winner = trick.marker if trick.winner is None else trick.winner
                shown.extend(self._taken_lines(trick, len(old.won[winner]) + 1))
            shown.extend(self._hand_end(after, new))
            if not new.is_over:
                shown.extend(self._hand_header(after, new))
        else:
            for seat in range(new.players):
                for trick in new.won[seat][len(old.won[seat]) :]:
                    shown.extend(self._taken_lines(trick, len(new.won[seat])))
        return shown

    def turn(self, state: Any, player: int, moves: Sequence[Any]) -> RenderableType:
        """The player's screen: before a hand, the hand by colour and the numbered orders of
        the victory-point cards; then the table of players, the open tricks, and the hand by
        colour, each card with its number for the hand (:meth:`dealt`) and each colour with
        what its cards can do now."""
        view = self._view(state, player)
        if view.phase is Phase.ARRANGING:
            values = sorted(view.rules.points[view.hand_number])
            return Group(
                self.header(view.hand_number, view.hand_count, _("lay down your victory points")),
                self._hand(view.hand, None, _("Your hand"), {}),
                Text(
                    _(
                        "Lay down your victory-point cards {values} in the order your won tricks "
                        "turn them up: the first trick turns up the first card, each further "
                        "trick the next, the fourth the first again. At the end of the hand the "
                        "card face up scores its value; if you win no trick, you score 0."
                    ).format(values=", ".join(map(str, values)))
                ),
                self._numbered(moves),
            )
        cards = progress("card", view.turn, view.rules.hand_size * view.players)
        return Group(
            self.header(view.hand_number, view.hand_count, cards),
            self._players_table(view),
            self._tricks_table(view),
            self._hand(view.hand, self.dealt(state, player), _("Your hand"), _notes(view, moves)),
        )

    def help(self, moves: Sequence[Any]) -> str:
        """What to type, and the rules of a turn."""
        if moves and isinstance(moves[0], ArrangePoints):
            return _(
                "Type an order of your victory-point cards as listed, such as 3,1,2, or its "
                "number in the list (1-{count}): your first won trick turns up the first "
                "card of the order, the second the second, the third the third, the fourth the "
                "first again. Type q to stop (the game is saved when --save is given)."
            ).format(count=len(moves))
        return _(
            "Type a move: R7+ opens a new trick with R7 (at most {open} are open), "
            "R7>2 adds R7 to open trick 2 (of its colour; a card that fits no open trick is "
            "discarded where the rules let it go); the note beside each colour says what its "
            "cards can do now. A card's number, shown before it, may stand for its name "
            "(5+, 5>2), or alone choose the card's one move. "
            "{numbers} The highest card of a trick's first colour holds the "
            "marker, and the {size}th card gives the trick to its holder. Type q to "
            "stop (the game is saved when --save is given)."
        ).format(open=OPEN_TRICKS, numbers=self._numbers_help(), size=TRICK_SIZE)

    def unfinished(self, state: Any) -> list[RenderableType]:
        """The open tricks, if any."""
        view = self._view(state)
        return [self._tricks_table(view)] if view.open_tricks else []

    def scoreboard(self, state: Any) -> RenderableType:
        """Each finished hand's points and tricks, the totals, and the winners (ties go to
        the better last hand)."""
        view = self._view(state)
        rows = [(h.number, h.scores, " ".join(map(str, h.tricks_won))) for h in view.finished_hands]
        return self._deal_scoreboard(rows, _("Tricks won"), view.scores, view.winners)

    # -- parts ----------------------------------------------------------------------------

    def _play_line(self, view: StichlingView, mover: int, move: Any) -> Text:
        """What ``move`` of ``mover`` did, in the view before it."""
        if isinstance(move, OpenTrick):
            return self.says(
                mover,
                N_("You open trick {number} with {card}"),
                N_("{name} opens trick {number} with {card}"),
                number=str(len(view.open_tricks) + 1),
                card=card_text(move.card),
            )
        assert isinstance(move, AddToTrick)
        trick = view.open_tricks[move.trick]
        values: dict[str, Text | str] = {
            "card": card_text(move.card),
            "number": str(move.trick + 1),
            "color": color_name(trick.color),
        }
        if move.card.color is trick.color:
            return self.says(
                mover,
                N_("You add {card} to trick {number} ({color})"),
                N_("{name} adds {card} to trick {number} ({color})"),
                **values,
            )
        return self.says(
            mover,
            N_("You discard {card} to trick {number} ({color})"),
            N_("{name} discards {card} to trick {number} ({color})"),
            **values,
        )

    def _taken_lines(self, trick: StichlingTrick, won: int) -> list[RenderableType]:
        """Who took ``trick`` and why, in the words of its explanation, and which
        victory-point card it turned up (the ``won``-th trick of its winner this hand); in
        interactive play the other reasons follow, dim."""
        winner = trick.winner if trick.winner is not None else trick.marker
        explanation = explain_trick(trick.cards)
        why = explanation.deciding_reason
        position = active_position(won)
        values: dict[str, Text | str] = {
            "cards": cards_text(trick.cards),
            "why": why.text,
            "rule": why.rule,
        }
        if position is None:
            line = self.says(
                winner,
                N_("You take the trick {cards}: {why} ({rule}) (SL-VP-3)"),
                N_("{name} takes the trick {cards}: {why} ({rule}) (SL-VP-3)"),
                **values,
            )
        else:
            line = self.says(
                winner,
                N_(
                    "You take the trick {cards}: {why} ({rule}); it turns up your card number "
                    "{number} (SL-VP-3)"
                ),
                N_(
                    "{name} takes the trick {cards}: {why} ({rule}); it turns up their card "
                    "number {number} (SL-VP-3)"
                ),
                number=str(position + 1),
                **values,
            )
        shown: list[RenderableType] = [line]
        if self.interactive:  # the other reasons too
            shown.extend(
                Text(f"    {reason}", style="dim")
                for reason in explanation.reasons
                if reason is not why
            )
        return shown

    def _hand_header(self, state: Any, view: StichlingView) -> list[RenderableType]:
        if self.interactive:  # the turn screen says it all
            return []
        values = ", ".join(map(str, sorted(view.rules.points[view.hand_number])))
        shown: list[RenderableType] = [
            self.header(
                view.hand_number,
                view.hand_count,
                self.says(view.hand_leader, N_("You play first"), N_("{name} plays first")).plain,
                _("victory points {values}").format(values=values),
            )
        ]
        seats = range(view.players) if self.perspective is None else (self.perspective,)
        for seat in seats:
            own = self._view(state, seat)
            shown.append(
                self.says(
                    seat,
                    N_("You hold {cards}"),
                    N_("{name} holds {cards}"),
                    cards=cards_text(own.hand),
                )
            )
        return shown

    def _hand_end(self, state: Any, view: StichlingView) -> list[RenderableType]:
        finished = view.finished_hands[-1]
        shown: list[RenderableType] = []
        if finished.left_open:
            left = joined([cards_text(trick.cards) for trick in finished.left_open], "; ")
            # Nobody wins them by default; under OpenAtEnd.MARKER their marker holders do.
            taken = any(trick.winner is not None for trick in finished.left_open)
            what = (
                _("Left open, each taken by its marker holder (SL-HAND-1): {tricks}")
                if taken
                else _("Left open, not scored (SL-HAND-1): {tricks}")
            )
            shown.append(styled(what, tricks=left))
        parts = []
        for seat, score in enumerate(finished.scores):
            order = finished.orders[seat]
            if self.perspective is None:  # everything is shown: each row from its own view
                order = self._view(state, seat).finished_hands[-1].orders[seat]
            row = ",".join("?" if v is None else str(v) for v in order)
            tricks = finished.tricks_won[seat]
            parts.append(
                ngettext(
                    "{name} {points} ({count} trick, row {row})",
                    "{name} {points} ({count} tricks, row {row})",
                    tricks,
                ).format(name=self.name(seat), points=signed(score), count=tricks, row=row)
            )
        shown.append(self._deal_scores_line(finished.number, parts, "SL-SCORE-1"))
        me = self.perspective
        if me is not None:  # what the viewer's score is made of, as their view shows the hand
            shown.extend(self._score_lines(me, explain_score(finished, me)))
        shown.append(self._totals_line(view.scores))
        return shown

    def _players_table(self, view: StichlingView) -> Table:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column(_("Player"))
        table.add_column(_("Victory points"), justify="left")
        table.add_column(_("Tricks"), justify="right")
        table.add_column(_("Face up"), justify="right")
        table.add_column(_("Total"), justify="right")
        for seat in range(view.players):
            row = view.rows[seat]
            won = len(view.won[seat])
            position = active_position(won)
            if row is None:
                shown_row, face_up = "-", "-"
            else:
                shown_row = " ".join("?" if v is None else str(v) for v in row)
                value = None if position is None else row[position]
                face_up = "-" if position is None else ("?" if value is None else str(value))
            name = self.name(seat) + (" ◀" if seat == view.to_act else "")
            table.add_row(name, shown_row, str(won), face_up, signed(view.scores[seat]))
        return table

    def _tricks_table(self, view: StichlingView) -> RenderableType:
        if not view.open_tricks:
            return Text(
                _("No trick is open: any card opens one (at most {count}).").format(
                    count=OPEN_TRICKS
                )
            )
        table = Table(
            box=box.SIMPLE_HEAD, pad_edge=False, title=_("Open tricks"), title_justify="left"
        )
        table.add_column("#", justify="right")
        table.add_column(_("Colour"))
        table.add_column(_("Cards"))
        table.add_column(_("Marker"))
        table.add_column(_("Cards to come"), justify="right")
        for number, trick in enumerate(view.open_tricks, start=1):
            plays = joined(
                [Text.assemble(f"{self.name(p)} ", card_text(c)) for p, c in trick.plays], ", "
            )
            marker = Text.assemble(f"{self.name(trick.marker)} ", card_text(trick.cards[trick.top]))
            table.add_row(
                str(number),
                Text(color_name(trick.color), style=COLOR_STYLES[trick.color]),
                plays,
                marker,
                str(TRICK_SIZE - counted(trick.cards, view.rules.counted_cards)),
            )
        return table


def _notes(view: StichlingView, moves: Sequence[Any]) -> dict[Color, Text]:
    """What the cards of each colour can do now, read from the legal ``moves``: open a trick
    (``+``), be added to an open trick of their colour (``>2``) or be discarded onto one of
    another colour."""
    opens: dict[Color, bool] = {}
    targets: dict[Color, set[int]] = {}
    for move in moves:
        card: Card = move.card
        if isinstance(move, OpenTrick):
            opens[card.color] = True
        elif isinstance(move, AddToTrick):
            targets.setdefault(card.color, set()).add(move.trick)
    notes = {}
    for color in Color:
        parts = [_("+ opens a trick")] if opens.get(color) else []
        adds = sorted(t for t in targets.get(color, ()) if view.open_tricks[t].color is color)
        discards = sorted(t for t in targets.get(color, ()) if t not in adds)
        if adds:
            parts.append(
                _("{moves} adds to {tricks}").format(moves=_tricks(adds), tricks=_trick_list(adds))
            )
        if discards:
            parts.append(
                _("{moves} discards onto {tricks}").format(
                    moves=_tricks(discards), tricks=_trick_list(discards)
                )
            )
        if parts:
            notes[color] = Text(" · ".join(parts))
    return notes


def _tricks(indices: Sequence[int]) -> str:
    """``">1"``, ``">1 >3"``: the texts that name open tricks after a card."""
    return " ".join(f">{t + 1}" for t in indices)


def _trick_list(indices: Sequence[int]) -> str:
    """``"trick 1"``, ``"trick 1 or 3"``, ``"trick 1, 2 or 4"``."""
    numbers = [str(t + 1) for t in indices]
    if len(numbers) == 1:
        return _("trick {number}").format(number=numbers[0])
    listed = _("{items} or {last}").format(items=", ".join(numbers[:-1]), last=numbers[-1])
    return _("trick {number}").format(number=listed)
