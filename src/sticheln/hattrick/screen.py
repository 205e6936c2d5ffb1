"""What the command line shows of a game of Hattrick: :class:`HattrickScreen`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sticheln.core.cards import Card
from sticheln.core.explain import Reason
from sticheln.core.results import winners
from sticheln.core.screen import (
    COLOR_STYLES,
    CardScreen,
    card_text,
    cards_text,
    joined,
    signed,
)
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

__all__ = ["HattrickScreen"]


class HattrickScreen(CardScreen):
    """Hattrick: the hand by colour with what each colour's cards would do now, the open
    tricks with who would take them, every player's won cards by colour, their passes and
    scores, after each turn who took which trick and why (the deciding reason of
    :func:`~sticheln.hattrick.explain_trick`; in interactive play the other reasons too,
    dim) and who leads next, at the end of a hand the person's score item by item
    (:func:`~sticheln.hattrick.explain_score`), and how the game ends (after its hands, or
    at the target score).

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
        # Who takes each trick, and why, as explain_trick gives it (HT-TRICK-1); the other
        # reasons, dim, in interactive play.
        takes = []
        others: list[Reason] = []
        for trick in turn.tricks:
            explanation = explain_trick(trick.cards)
            why, winner = explanation.deciding_reason, explanation.winner
            assert winner is not None  # a trick of Hattrick always goes to someone
            color = trick.cards[0].color.name.lower()
            taker = self.says(trick.seats[winner], "take")
            takes.append(Text(f"{taker} the {color} trick: {why.text} ({why.rule})"))
            others.extend(reason for reason in explanation.reasons if reason is not why)
        shown: list[RenderableType] = [
            Text.assemble(
                f"Turn {number}: ",
                self._plays(turn.plays, turn.actions),
                " → ",
                joined(takes, ", "),
                f"; {self.says(turn.next_leader, 'lead')} next (HT-LEAD-2)",
            )
        ]
        if self.interactive:
            shown.extend(Text(f"    {reason}", style="dim") for reason in others)
        return shown

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
        if self.interactive and me is not None:  # the viewer's score, item by item
            explanation = explain_score(finished, me)
            shown.append(Text(f"{self.name(me)}: {explanation.title} {signed(explanation.total)}:"))
            shown.extend(Text(f"    {item}") for item in explanation.items)
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
