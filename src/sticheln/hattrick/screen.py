"""What the command line shows of a game of Hattrick: :class:`HattrickScreen`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sticheln.core.cards import Card, CardSet
from sticheln.core.explain import Reason
from sticheln.core.i18n import N_, color_name
from sticheln.core.i18n import gettext as _
from sticheln.core.results import winners
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
    explain_score,
    explain_trick,
    hand_score,
    turn_actions,
)
from sticheln.hattrick.explain import explain_lead

__all__ = ["HattrickScreen"]


class HattrickScreen(CardScreen):
    """Hattrick: the hand by colour with what each colour's cards would do now, the open
    tricks with who would take them, every player's won cards by colour, their passes and
    scores, after each turn who took which trick and why (the deciding reason of
    :func:`~sticheln.hattrick.explain_trick`; in interactive play the other reasons too,
    dim) and who leads next and why (``explain_lead``), at the end of a hand the person's
    score item by item (:func:`~sticheln.hattrick.explain_score`), and how the game ends
    (after its hands, or at the target score).

    Everything is read from :class:`~sticheln.hattrick.HattrickView` values, in which a card
    another player passed is hidden when the rules show only its colour
    (:attr:`PassedCards.HIDDEN <sticheln.hattrick.PassedCards.HIDDEN>`); without a point of
    view, such a card is read from its player's own view.
    """

    deal_term = "hand"

    def _view(self, state: Any) -> HattrickView:
        view: HattrickView = self.game.observe(
            state, 0 if self.perspective is None else self.perspective
        )
        return view

    # -- what is shown --------------------------------------------------------------------

    def start(self, state: Any) -> list[RenderableType]:
        """The header of the first hand."""
        return self._hand_header(state, self._view(state))

    def dealt(self, state: Any, player: int) -> CardSet:
        """``player``'s hand as dealt for the hand: the cards they hold and those they have
        played in its turns."""
        view: HattrickView = self.game.observe(state, player)
        plays = [*(play for turn in view.turns for play in turn.plays), *view.current_turn]
        own = [card for seat, card in plays if seat == player and card is not None]
        return view.hand | CardSet.of(own)

    def where(self, state: Any) -> str:
        """``Hand 2 of 4 · turn 3 of 14`` (with a target score ``Hand 2 of at most 4 · turn
        3 of 14 · to 50 points``)."""
        view = self._view(state)
        return "" if view.is_over else self._heading(view, self._turn_of(view))

    def events(self, before: Any, after: Any, mover: int, move: Any) -> list[RenderableType]:
        """Finished turns, hand scores and new hands."""
        old, new = self._view(before), self._view(after)
        shown: list[RenderableType] = []
        if len(new.finished_hands) > len(old.finished_hands):
            finished = new.finished_hands[-1]
            turn = self._revealed(after, finished.turns[-1], lambda v: v.finished_hands[-1].turns)
            shown.extend(self._turn_lines(turn, len(finished.turns), new.rules, last=True))
            shown.extend(self._hand_end(new))
            if not new.is_over:
                shown.extend(self._hand_header(after, new))
        elif len(new.turns) > len(old.turns):
            turn = self._revealed(after, new.turns[-1], lambda v: v.turns)
            shown.extend(self._turn_lines(turn, len(new.turns), new.rules))
        return shown

    def turn(self, state: Any, player: int, moves: Sequence[Any]) -> RenderableType:
        """The player's screen: hand and turn, the table of players, the open tricks and the
        hand by colour, each card with its number for the hand (:meth:`dealt`)."""
        view: HattrickView = self.game.observe(state, player)
        parts: list[RenderableType] = [
            Rule(self._heading(view, self._turn_of(view)), style="cyan"),
            self._players_table(view),
            self._table_line(view),
        ]
        notes = {}
        shown = view.rules.passed_cards is PassedCards.SHOWN
        for color in view.rules.colors:
            action = action_for(view.open_colors, Card(color, 1))
            if action is Action.FOLLOW:
                notes[color] = Text(
                    _("follows the open {color} trick").format(color=color_name(color))
                )
            elif action is Action.OPEN:
                notes[color] = Text(_("opens a trick"))
            elif shown:
                notes[color] = Text(
                    _("is shown, then passed face down: {points} points").format(
                        points=-PASS_PENALTY
                    )
                )
            else:
                notes[color] = Text(
                    _("is passed face down: {points} points").format(points=-PASS_PENALTY)
                )
        parts.append(self._hand(view.hand, self.dealt(state, player), _("Your hand"), notes))
        return Group(*parts)

    def help(self, moves: Sequence[Any]) -> str:
        """What to type, and the rules of a turn and of the end of the game."""
        rules = getattr(self.game, "rules", None)
        if not isinstance(rules, HattrickRules):
            rules = HattrickRules()
        lead = (
            _("the highest card of the turn, passed ones included, leads next")
            if rules.lead_cards is LeadCards.TURN
            else _("the highest card of the tricks leads next")
        )
        target = rules.target_score
        end = (
            ""
            if target is None
            else " "
            + _("The game ends once a player's total reaches {target}.").format(target=target)
        )
        return _(
            "Type a card of your hand by name (R17, r17 or 'red 17') or by the number "
            "shown before it. {numbers} A card of an open trick's colour follows it; "
            "while fewer than {open} tricks are open, another colour opens one; a "
            "card of the third colour is passed, at {points} points. The highest card "
            "takes a trick, and {lead}. At the end of a hand each card of the colour you won "
            "most of scores +1, every other won card -1 and every passed card "
            "{points} (HT-SCORE-1 to HT-SCORE-3).{end} Type q to stop (the game is "
            "saved when --save is given)."
        ).format(
            numbers=self._numbers_help(),
            open=OPEN_TRICKS,
            points=-PASS_PENALTY,
            lead=lead,
            end=end,
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
        return self._deal_scoreboard(rows, _("Cards passed"), view.scores, won)

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
            shown = card_text(card) if card is not None else Text(_("a card face down"))
            if action is Action.PASS:
                parts.append(
                    self.says(seat, N_("You pass {card}"), N_("{name} passes {card}"), card=shown)
                )
            else:
                parts.append(Text.assemble(f"{self.name(seat)} ", shown))
        return joined(parts)

    def _turn_lines(
        self, turn: Turn, number: int, rules: HattrickRules, *, last: bool = False
    ) -> list[RenderableType]:
        # Who takes each trick, and why, as explain_trick gives it (HT-TRICK-1), and who leads
        # next, as explain_lead gives it (HT-LEAD-2; after the last turn of a hand the next
        # hand's leader leads, HT-GAME-1, as its header says); the other reasons of the
        # tricks, dim, in interactive play.
        takes = []
        others: list[Reason] = []
        for trick in turn.tricks:
            explanation = explain_trick(trick.cards)
            why, winner = explanation.deciding_reason, explanation.winner
            assert winner is not None  # a trick of Hattrick always goes to someone
            takes.append(
                self.says(
                    trick.seats[winner],
                    N_("You take the {color} trick: {why} ({rule})"),
                    N_("{name} takes the {color} trick: {why} ({rule})"),
                    color=color_name(trick.cards[0].color),
                    why=why.text,
                    rule=why.rule,
                )
            )
            others.extend(reason for reason in explanation.reasons if reason is not why)
        line = styled(
            _("Turn {number}: {plays} → {takes}"),
            number=str(number),
            plays=self._plays(turn.plays, turn.actions),
            takes=joined(takes, ", "),
        )
        if not last:
            lead = explain_lead(turn, rules)
            line.append_text(
                self.says(
                    turn.next_leader,
                    N_("; You lead next: {why} ({rule})"),
                    N_("; {name} leads next: {why} ({rule})"),
                    why=lead.text,
                    rule=lead.rule,
                )
            )
        shown: list[RenderableType] = [line]
        if self.interactive:
            shown.extend(Text(f"    {reason}", style="dim") for reason in others)
        return shown

    def _hand_header(self, state: Any, view: HattrickView) -> list[RenderableType]:
        if self.interactive:  # the turn screen says it all
            return []
        leads = self.says(view.hand_leader, N_("You lead"), N_("{name} leads")).plain
        shown: list[RenderableType] = [Rule(self._heading(view, leads), style="cyan")]
        seats = range(view.players) if self.perspective is None else (self.perspective,)
        for seat in seats:
            own: HattrickView = self.game.observe(state, seat)
            shown.append(
                self.says(
                    seat,
                    N_("You hold {cards}"),
                    N_("{name} holds {cards}"),
                    cards=cards_text(own.hand),
                )
            )
        return shown

    def _hand_end(self, view: HattrickView) -> list[RenderableType]:
        finished = view.finished_hands[-1]
        shown: list[RenderableType] = [
            self._deal_scores_line(finished.number, self._seat_points(finished.scores))
        ]
        me = self.perspective
        if self.interactive and me is not None:  # the viewer's score, item by item
            shown.extend(self._score_lines(me, explain_score(finished, me)))
        shown.append(self._totals_line(view.scores))
        target = view.rules.target_score
        if view.is_over and target is not None and len(view.finished_hands) < view.hand_count:
            reached = [self.name(s) for s, total in enumerate(view.scores) if total >= target]
            names = (
                reached[0]
                if len(reached) == 1
                else _("{items} and {last}").format(items=", ".join(reached[:-1]), last=reached[-1])
            )
            shown.append(
                Text(
                    _(
                        "{names} reached {target} points: the game ends after {hands} of "
                        "{count} hands (HT-GAME-3)"
                    ).format(
                        names=names,
                        target=target,
                        hands=len(view.finished_hands),
                        count=view.hand_count,
                    ),
                    style="bold",
                )
            )
        return shown

    def _players_table(self, view: HattrickView) -> Table:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column(_("Player"))
        for color in view.rules.colors:
            table.add_column(
                Text(_("Won {color}").format(color=color_name(color)), style=COLOR_STYLES[color]),
                justify="right",
            )
        for header in (N_("Passed"), N_("This hand"), N_("Total")):
            table.add_column(_(header), justify="right")
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
                signed(view.scores[seat]),
            )
        return table

    def _heading(self, view: HattrickView, now: str) -> str:
        """``Hand 2 of 4 · now``, or with a target score ``Hand 2 of at most 4 · now · to 50
        points`` (:rule:`HT-GAME-3`)."""
        target = view.rules.target_score
        if target is None:
            return self.heading(view.hand_number, view.hand_count, now)
        return self.heading(
            view.hand_number,
            view.hand_count,
            now,
            _("to {target} points").format(target=target),
            at_most=True,
        )

    @staticmethod
    def _turn_of(view: HattrickView) -> str:
        """``turn 3 of 14``: the turn in progress (the last card is kept, :rule:`HT-HAND-1`)."""
        return progress("turn", len(view.turns), view.rules.hand_size(view.players) - 1)

    def _table_line(self, view: HattrickView) -> Text:
        if not view.turn_cards:
            return self.says(
                view.turn_leader,
                N_("You lead this turn: any card opens a trick."),
                N_("{name} leads this turn: any card opens a trick."),
            )
        tricks = []
        for trick in view.open_tricks:
            best = max(trick.cards, key=lambda card: card.value)
            plays = joined(
                [Text.assemble(f"{self.name(p)} ", card_text(c)) for p, c in trick.plays], ", "
            )
            taker = self.says(
                trick.winner or 0,
                N_("You would take it with {card}"),
                N_("{name} would take it with {card}"),
                card=card_text(best),
            )
            tricks.append(
                styled(
                    _("{color}: {plays} ({taker})"),
                    color=color_name(trick.cards[0].color),
                    plays=plays,
                    taker=taker,
                )
            )
        line = styled(_("Open tricks: {tricks}"), tricks=joined(tricks))
        passes = [
            (seat, card)
            for (seat, card), action in zip(
                view.current_turn, turn_actions(view.turn_cards), strict=True
            )
            if action is Action.PASS
        ]
        if passes:
            line.append_text(
                styled(
                    _(" · passed: {plays}"),
                    plays=self._plays(passes, [Action.FOLLOW] * len(passes)),
                )
            )
        return line
