"""What the command line shows of a game of Sticheln: :class:`StichelnScreen`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from sticheln.core.cards import CardSet
from sticheln.core.i18n import N_, color_name, ngettext
from sticheln.core.i18n import gettext as _
from sticheln.core.screen import (
    CardScreen,
    card_text,
    cards_text,
    joined,
    progress,
    styled,
)
from sticheln.core.text import signed
from sticheln.sticheln.explain import explain_round_score, explain_trick
from sticheln.sticheln.moves import ChoosePain
from sticheln.sticheln.rules import StichelnRules
from sticheln.sticheln.scoring import round_score, winners
from sticheln.sticheln.state import Phase
from sticheln.sticheln.trick import Trick, trick_winner
from sticheln.sticheln.view import StichelnView

__all__ = ["StichelnScreen"]


class StichelnScreen(CardScreen):
    """Sticheln: hands by colour, the trick on the table with who would take it, the pain
    cards, the scores, and why each trick went to whom (:func:`~sticheln.explain_trick`).

    Everything is read from :class:`~sticheln.StichelnView` values; without a point of view,
    the public parts come from seat 0's view and the hands from each seat's own.
    """

    deal_term = "round"

    # -- views ----------------------------------------------------------------------------

    def _view(self, state: Any) -> StichelnView:
        view: StichelnView = self.game.observe(
            state, 0 if self.perspective is None else self.perspective
        )
        return view

    # -- what is shown --------------------------------------------------------------------

    def start(self, state: Any) -> list[RenderableType]:
        """The header of the first round."""
        return self._round_header(state, self._view(state))

    def dealt(self, state: Any, player: int) -> CardSet:
        """``player``'s hand as dealt for the round: the cards they hold, their pain card and
        the cards they have played this round."""
        view: StichelnView = self.game.observe(state, player)
        played = [card for trick in view.tricks for seat, card in trick.plays if seat == player]
        played.extend(card for seat, card in view.current_trick if seat == player)
        pain = view.own_pain_card
        return view.hand | CardSet.of([*played, *([] if pain is None else [pain])])

    def where(self, state: Any) -> str:
        """``Round 2 of 4 · trick 3 of 14``, or ``Round 2 of 4 · pain cards`` while they are
        chosen."""
        view = self._view(state)
        if view.is_over:
            return ""
        if view.phase is Phase.CHOOSING_PAIN:
            now = _("pain cards")
        else:
            now = progress("trick", len(view.tricks), view.rules.tricks_per_round())
        return self.heading(view.round_number, view.rounds, now)

    def moved(self, mover: int, move: Any) -> Text:
        """``#1 chose the pain card R5`` (``#1 chose a pain card`` where it is not seen), or
        the move's text."""
        if not isinstance(move, ChoosePain):
            return super().moved(mover, move)
        if self.perspective is None or mover == self.perspective:
            return self.says(
                mover,
                N_("You chose the pain card {card}"),
                N_("{name} chose the pain card {card}"),
                card=card_text(move.card),
            )
        return self.says(mover, N_("You chose a pain card"), N_("{name} chose a pain card"))

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
                self.says(
                    me,
                    N_("You chose the pain card {card}."),
                    N_("{name} chose the pain card {card}."),
                    card=card_text(card),
                )
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
        table and the hand by colour, each card with its number for the round
        (:meth:`dealt`)."""
        view: StichelnView = self.game.observe(state, player)
        tricks = view.rules.tricks_per_round()
        if view.phase is Phase.CHOOSING_PAIN:
            now = _("choose your pain card")
        else:
            now = progress("trick", len(view.tricks), tricks)
        parts: list[RenderableType] = [self.header(view.round_number, view.rounds, now)]
        parts.append(self._players_table(view))
        if view.phase is Phase.CHOOSING_PAIN:
            parts.append(
                Text(
                    _(
                        "Your pain card's colour is your pain colour for this round: every card "
                        "of it that you win costs its value, every other card you win scores "
                        "1 point. The pain card itself counts as won."
                    ),
                    style="dim",
                )
            )
        else:
            parts.append(self._table_line(view))
        parts.append(self._own_hand(view, self.dealt(state, player)))
        return Group(*parts)

    def prompt(self, moves: Sequence[Any] = ()) -> str:
        """The question asked for a pain card, or for a card to play."""
        if moves and isinstance(moves[0], ChoosePain):
            return _("Your pain card (name or number; ? for help, q to quit): ")
        return super().prompt(moves)

    def help(self, moves: Sequence[Any]) -> str:
        """What to type, for the pain card or for a card to play."""
        if moves and isinstance(moves[0], ChoosePain):
            return _(
                "Choose your pain card for the round: type a card of your hand by name (B11, "
                "b11 or 'blue 11') or by the number shown before it. Its colour is your pain "
                "colour: at the end of the round every card of that colour you have won costs "
                "its value, and so does the pain card itself; every other card you win is "
                "worth +1 (ST-SCORE-1, ST-SCORE-2). The pain cards are shown once everyone has "
                "chosen. {numbers} Type q to stop (the game is saved when --save is given)."
            ).format(numbers=self._numbers_help())
        return _(
            "Type a card of your hand by name (B11, b11 or 'blue 11') or by the number "
            "shown before it. Any card of your hand may be played: there is no need to "
            "follow the lead colour. A card not in the lead colour beats the lead colour; "
            "zeros never win. {numbers} Type q to stop (the game is saved when --save is given)."
        ).format(numbers=self._numbers_help())

    def unfinished(self, state: Any) -> list[RenderableType]:
        """The cards on the table, if any."""
        view = self._view(state)
        return [self._table_line(view)] if view.current_trick else []

    def scoreboard(self, state: Any) -> RenderableType:
        """Each finished round's scores and pain cards, the totals, and the winners."""
        view = self._view(state)
        rows = [(r.number, r.scores, cards_text(r.pain_cards)) for r in view.finished_rounds]
        won = winners(view.scores) if view.is_over else ()
        return self._deal_scoreboard(rows, _("Pain cards"), view.scores, won)

    # -- parts ----------------------------------------------------------------------------

    def _round_header(self, state: Any, view: StichelnView) -> list[RenderableType]:
        if self.interactive:  # the turn screen says it all
            return []
        leads = self.says(view.round_leader, N_("You lead"), N_("{name} leads")).plain
        shown: list[RenderableType] = [self.header(view.round_number, view.rounds, leads)]
        seats = range(view.players) if self.perspective is None else (self.perspective,)
        for seat in seats:
            hand: StichelnView = self.game.observe(state, seat)
            shown.append(
                self.says(
                    seat,
                    N_("You hold {cards}"),
                    N_("{name} holds {cards}"),
                    cards=cards_text(hand.hand),
                )
            )
        return shown

    def _pain_line(self, view: StichelnView) -> Text:
        parts = []
        for seat, card in enumerate(view.pain_cards):
            parts.append(
                Text.assemble(
                    f"{self.name(seat)} ", card_text(card) if card is not None else Text("?")
                )
            )
        return styled(_("Pain cards: {cards}"), cards=joined(parts))

    def _trick_lines(self, trick: Trick, number: int, rules: StichelnRules) -> list[RenderableType]:
        plays = joined([Text.assemble(f"{self.name(p)} ", card_text(c)) for p, c in trick.plays])
        # Who takes the trick, and why, as the rules say (trick_taker, ST-TRICK-6 included).
        explanation = explain_trick(trick.cards, rules.all_zero_trick)
        reasons = list(explanation.reasons)
        why = explanation.deciding_reason
        taker = explanation.winner
        if taker is None:
            outcome = styled(
                _("nobody takes it: every card is a zero, it is set aside ({rule})"), rule=why.rule
            )
        else:
            card = trick.cards[taker]
            reasons = [reason for reason in reasons if reason is not why]  # the line says it
            # explain_trick's words for the winner, such as "R4 wins: it is the highest card
            # not in the lead colour", become "... takes it with R4, the highest card ...";
            # a card that takes the trick by the rule of a trick of zeros (ST-TRICK-6) does
            # not win it, and "R0 wins: every card is a zero, ..." becomes "... takes it:
            # every card is a zero, ...".
            seat = trick.seats[taker]
            said = why.text.removeprefix(_("{card} wins: ").format(card=card))
            it_is = _("it is ")
            if why is not explanation.reasons[taker + 1]:
                outcome = self.says(
                    seat,
                    N_("You take it: {why} ({rule})"),
                    N_("{name} takes it: {why} ({rule})"),
                    why=said,
                    rule=why.rule,
                )
            elif said.startswith(it_is):
                outcome = self.says(
                    seat,
                    N_("You take it with {card}, {why} ({rule})"),
                    N_("{name} takes it with {card}, {why} ({rule})"),
                    card=card_text(card),
                    why=said.removeprefix(it_is),
                    rule=why.rule,
                )
            else:
                outcome = self.says(
                    seat,
                    N_("You take it with {card}: {why} ({rule})"),
                    N_("{name} takes it with {card}: {why} ({rule})"),
                    card=card_text(card),
                    why=why.text,
                    rule=why.rule,
                )
        shown: list[RenderableType] = [
            styled(
                _("Trick {number}: {plays} → {outcome}"),
                number=str(number),
                plays=plays,
                outcome=outcome,
            )
        ]
        if self.interactive:  # the other reasons too
            shown.extend(Text(f"    {reason}", style="dim") for reason in reasons)
        return shown

    def _round_end(self, view: StichelnView) -> list[RenderableType]:
        finished = view.finished_rounds[-1]
        shown: list[RenderableType] = [
            self._deal_scores_line(finished.number, self._seat_points(finished.scores))
        ]
        me = self.perspective
        if self.interactive and me is not None:
            pain = finished.pain_cards[me]
            explanation = explain_round_score(pain, finished.won[me])
            costly = [
                (item.card, item.points)
                for item in explanation.items[1:]
                if item.card is not None and item.card.color is pain.color
            ]
            others = len(explanation.items) - 1 - len(costly)
            text = styled(
                _("{name}: pain card {card} {points}"),
                name=self.name(me),
                card=card_text(pain),
                points=signed(-pain.value),
            )
            if costly:
                won = joined(
                    [
                        Text.assemble(card_text(card), f" {signed(points)}")
                        for card, points in costly
                    ],
                    ", ",
                )
                text.append_text(styled(_(", won {cards}"), cards=won))
            text.append(
                ngettext(
                    ", {count} other card +{count}", ", {count} other cards +{count}", others
                ).format(count=others)
            )
            rules = ", ".join(sorted({item.reason.rule for item in explanation.items}))
            text.append(f" = {signed(explanation.total)} ({rules})")
            shown.append(text)
        shown.append(self._totals_line(view.scores))
        return shown

    def _players_table(self, view: StichelnView) -> Table:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column(_("Player"), justify="left")
        for header in (N_("Pain card"), N_("Cards won"), N_("This round"), N_("Total")):
            table.add_column(_(header), justify="right")
        playing = view.phase is Phase.PLAYING
        for seat in range(view.players):
            card = view.pain_cards[seat]
            if card is not None:
                pain: Text = card_text(card)
            elif view.has_chosen[seat]:
                pain = Text(_("chosen"), style="dim")
            else:
                pain = Text(_("choosing"), style="dim")
            provisional = (
                signed(round_score(card, view.won[seat])) if playing and card is not None else ""
            )
            name = self.name(seat)
            if playing and seat == view.to_act:
                name += " ◀"
            total = signed(view.scores[seat])
            table.add_row(name, pain, str(len(view.won[seat])), provisional, total)
        return table

    def _table_line(self, view: StichelnView) -> Text:
        if not view.current_trick:
            return self.says(
                view.trick_leader, N_("You lead this trick."), N_("{name} leads this trick.")
            )
        plays = joined(
            [Text.assemble(f"{self.name(p)} ", card_text(c)) for p, c in view.current_trick]
        )
        cards = [card for _, card in view.current_trick]
        best = trick_winner(cards)
        lead = color_name(cards[0].color)
        if best is None:
            outcome = Text(_("nobody would take it yet (only zeros)"))
        else:
            seat, card = view.current_trick[best]
            outcome = self.says(
                seat,
                N_("You would take it with {card}"),
                N_("{name} would take it with {card}"),
                card=card_text(card),
            )
        return styled(
            _("On the table: {plays} (lead colour {color}) → {outcome}"),
            plays=plays,
            color=lead,
            outcome=outcome,
        )

    def _own_hand(self, view: StichelnView, dealt: CardSet) -> RenderableType:
        pain = view.own_pain_card
        title = _("Your hand")
        notes = {}
        if pain is not None and view.phase is Phase.PLAYING:
            title = _("Your hand (pain colour {color})").format(color=color_name(pain.color))
            notes[pain.color] = Text(_("pain colour"))
        return self._hand(view.hand, dealt, title, notes)
