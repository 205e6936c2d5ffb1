"""What one player may see of a game of Hattrick: :class:`HattrickView` and :func:`observe`.

A view holds the player's own hand and pass pile, the cards of the tricks, everyone's won
cards (they lie face up), the cards the others passed (they are shown before they are laid
face down, :rule:`HT-PASS-1`), how many cards each player has passed and holds, and the
scores. It does not hold the other players' hands, nor, under :attr:`PassedCards.HIDDEN
<sticheln.hattrick.PassedCards.HIDDEN>`, the values of the cards they passed.

>>> state = new_game(players=4, seed=1)
>>> view = observe(state, 0)
>>> len(view.hand), view.hand_sizes, view.pass_counts
(15, (15, 15, 15, 15), (0, 0, 0, 0))
"""

from __future__ import annotations

import attrs

from sticheln.core.cards import Card, CardSet, Color
from sticheln.core.results import winners
from sticheln.core.setup import SPECTATOR, check_viewer, wrong_type
from sticheln.core.text import (
    hand_rows,
    hands_lines,
    header_line,
    numbered,
    plays_text,
    scoreboard_lines,
    signed,
    table_lines,
    view_repr,
)
from sticheln.core.tricks import Trick
from sticheln.core.wire import WireValue
from sticheln.hattrick.rules import HattrickRules, PassedCards
from sticheln.hattrick.scoring import hand_score
from sticheln.hattrick.state import FinishedHand, HattrickState, check_state, hand_set, progress
from sticheln.hattrick.turn import Action, Turn, open_tricks, turn_actions

__all__ = ["HattrickView", "check_view", "observe", "would_take"]


@attrs.frozen(repr=False)
class HattrickView(WireValue):
    """The part of a game state one player may see, with perfect recall of what was public.

    Build it with :func:`observe`; :meth:`to_dict` gives its JSON form (:doc:`/wire`). Where
    the view has the same name as :class:`~sticheln.hattrick.HattrickState`, it means the
    same; a card the player has not seen is ``None``. ``repr(view)`` says in one line whose
    view it is and where the game stands; ``str(view)`` shows what the player sees: their
    hand by colour, the turn on the table, the turns of the hand and every player's won
    cards by colour, passes and scores.
    """

    wire_game = "hattrick"

    player: int
    """The seat of the player whose view this is, or :data:`~sticheln.SPECTATOR` for the
    view of someone watching (who holds no hand)."""
    rules: HattrickRules
    """The rules of the game."""
    players: int
    """The number of players."""
    hand_count: int
    """The number of hands of the game (at most, with a target score: :rule:`HT-GAME-3`)."""
    hand_number: int
    """The hand in progress, from 0; :attr:`hand_count` once the game is over."""
    hand_leader: int
    """The seat that led the first turn of the hand in progress."""
    hand: CardSet
    """The player's own cards."""
    turn_leader: int
    """The seat that led (or will lead) the turn in progress."""
    turn_cards: tuple[Card | None, ...]
    """The cards of the turn in progress so far, in play order; ``None`` for a card another
    player passed without showing its value (:attr:`PassedCards.HIDDEN
    <sticheln.hattrick.PassedCards.HIDDEN>`, :rule:`HT-PASS-1`)."""
    open_colors: tuple[Color, ...]
    """The colours of the open tricks, in the order they were opened."""
    turns: tuple[Turn, ...]
    """The finished turns of the hand, with passed cards whose value was not shown as
    ``None``."""
    won: tuple[CardSet, ...]
    """The cards each player has won this hand, face up (:rule:`HT-TRICK-2`)."""
    passed: tuple[CardSet | None, ...]
    """Each player's pass pile this hand: the player's own, and the others' where passed
    cards are shown (:attr:`PassedCards.SHOWN <sticheln.hattrick.PassedCards.SHOWN>`, the
    default); ``None`` where unknown."""
    pass_counts: tuple[int, ...]
    """How many cards each player has passed this hand (the pile is seen, not its faces)."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    players_to_act: tuple[int, ...]
    """The seats that may move now."""
    finished_hands: tuple[FinishedHand, ...]
    """The hands played so far, with what the player has not seen as ``None``."""
    scores: tuple[int, ...]
    """Each player's total over the finished hands."""

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the game is over."""
        return self.players_to_act[0] if self.players_to_act else None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (:rule:`HT-GAME-1`, :rule:`HT-GAME-3`)."""
        return self.hand_number == self.hand_count

    @property
    def current_turn(self) -> tuple[tuple[int, Card | None], ...]:
        """The plays of the turn in progress so far: ``(player, card)`` in play order."""
        n = self.players
        return tuple(((self.turn_leader + i) % n, c) for i, c in enumerate(self.turn_cards))

    @property
    def open_tricks(self) -> tuple[Trick, ...]:
        """The open tricks, each with the player of its highest card so far as ``winner``."""
        return open_tricks(self.turn_leader, self.players, self.turn_cards)

    @property
    def own_passed(self) -> CardSet:
        """The player's own pass pile this hand (empty for a spectator)."""
        if self.player == SPECTATOR:
            return CardSet()
        own = self.passed[self.player]
        assert own is not None  # a player always sees their own pile
        return own

    @property
    def unseen_cards(self) -> CardSet:
        """The cards of the hand in progress the player has not seen: the other players'
        hands and, under :attr:`PassedCards.HIDDEN <sticheln.hattrick.PassedCards.HIDDEN>`,
        their passed cards. Empty once the game is over."""
        if self.is_over:
            return CardSet()
        seen = self.hand
        for pile in (*self.won, *self.passed):
            if pile is not None:
                seen |= pile
        for card in self.turn_cards:
            if card is not None:
                seen = seen.add(card)
        return self.rules.deck - seen

    def __repr__(self) -> str:
        return view_repr(self, progress(self))

    def __str__(self) -> str:
        return describe(self)


def describe(view: HattrickView, hands: tuple[CardSet, ...] | None = None) -> str:
    """The text of ``str(view)``; with ``hands``, every player's hand instead of the viewer's
    (the text of a full state)."""
    lines = [header_line("Hattrick", progress(view, short=False), None if hands else view.player)]
    if view.is_over:
        scores = [finished.scores for finished in view.finished_hands]
        lines += scoreboard_lines("Hand", scores, view.scores, winners(view.scores))
        return "\n".join(lines)
    if hands:
        lines += ["Hands:", *hands_lines(hands)]
    elif view.player != SPECTATOR:
        lines += ["Hand:", *hand_rows(view.hand)]
    lines.append(_table_line(view))
    if view.turns:
        lines += ["Turns of the hand:", *numbered(view.turns)]
    colors = view.rules.colors
    headers = ["Player", "Cards", *(f"Won {c.name.lower()}" for c in colors), "Passed"]
    rows = []
    for seat in range(view.players):
        won, passed = view.won[seat], view.pass_counts[seat]
        rows.append(
            [
                str(seat),
                str(view.hand_sizes[seat]),
                *(str(len(won.of_color(color))) for color in colors),
                str(passed),
                signed(hand_score(won, passed)),
                str(view.scores[seat]),
            ]
        )
    lines += table_lines([*headers, "This hand", "Total"], rows)
    return "\n".join(lines)


def describe_state(state: HattrickState) -> str:
    """The text of ``str(state)``: the spectator's view with every hand and passed card."""
    seen = attrs.evolve(
        observe(state, SPECTATOR),
        turn_cards=state.turn_cards,
        turns=state.turns,
        passed=state.passed,
    )
    return describe(seen, hands=state.hands)


def _table_line(view: HattrickView) -> str:
    """The cards of the turn on the table, the passed ones marked, and who would take each
    open trick as it stands (:func:`would_take`)."""
    if not view.turn_cards:
        return f"On the table: nothing yet, player {view.turn_leader} leads"
    marks = ["(pass)" if a is Action.PASS else "" for a in turn_actions(view.turn_cards)]
    takers = [
        f"player {taker} would take {trick.cards[0].color.name.lower()}"
        for trick, taker in zip(view.open_tricks, would_take(view), strict=True)
    ]
    return f"On the table: {plays_text(view.current_turn, marks)}, {', '.join(takers)}"


def _hide(
    turn_leader: int, players: int, cards: tuple[Card | None, ...], viewer: int
) -> tuple[Card | None, ...]:
    """``cards`` with the cards other players than ``viewer`` passed as ``None``."""
    actions = turn_actions(cards)
    if Action.PASS not in actions:
        return cards
    return tuple(
        None if action is Action.PASS and (turn_leader + i) % players != viewer else card
        for i, (card, action) in enumerate(zip(cards, actions, strict=True))
    )


def _hide_turn(turn: Turn, viewer: int) -> Turn:
    cards = _hide(turn.leader, len(turn.cards), turn.cards, viewer)
    return turn if cards is turn.cards else Turn(turn.leader, cards, turn.next_leader)


def _hide_hand(hand: FinishedHand, viewer: int, shown: bool) -> FinishedHand:
    return FinishedHand(
        number=hand.number,
        leader=hand.leader,
        turns=hand.turns if shown else tuple(_hide_turn(t, viewer) for t in hand.turns),
        won=hand.won,
        passed=hand.passed
        if shown
        else tuple(pile if p == viewer else None for p, pile in enumerate(hand.passed)),
        last_cards=tuple(card if p == viewer else None for p, card in enumerate(hand.last_cards)),
        scores=hand.scores,
    )


def observe(state: HattrickState, player: int) -> HattrickView:
    """The view of ``state`` that ``player`` may see.

    The other players' hands are left out, and so are the cards they kept at the end of a
    hand (:rule:`HT-HAND-1`). The cards they passed are in the view, as they were shown
    before being laid face down, except under :attr:`PassedCards.HIDDEN
    <sticheln.hattrick.PassedCards.HIDDEN>`, which shows only their colour
    (:rule:`HT-PASS-1`). Everything played to a trick, and every won card, is public
    (:rule:`HT-TRICK-2`). :data:`~sticheln.SPECTATOR` instead of a seat gives what anyone
    watching may see: no hand, and no passed card that only its owner sees.

    :raises UnknownPlayerError: if ``player`` is neither a seat of the game nor
        :data:`~sticheln.SPECTATOR`.
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.hattrick.HattrickState`
        or ``player`` not an ``int``.
    """
    check_state(state)
    check_viewer(player, state.setup.players)
    n = state.setup.players
    shown = state.setup.rules.passed_cards is PassedCards.SHOWN
    if shown:
        turn_cards: tuple[Card | None, ...] = state.turn_cards
        turns = state.turns
        passed: tuple[CardSet | None, ...] = state.passed
    else:
        turn_cards = _hide(state.turn_leader, n, state.turn_cards, player)
        turns = tuple(_hide_turn(turn, player) for turn in state.turns)
        passed = tuple(pile if p == player else None for p, pile in enumerate(state.passed))
    return HattrickView(
        player=player,
        rules=state.setup.rules,
        players=n,
        hand_count=len(state.setup.deals),
        hand_number=state.hand_number,
        hand_leader=state.hand_leader,
        hand=CardSet() if player == SPECTATOR else hand_set(state.held[player]),
        turn_leader=state.turn_leader,
        turn_cards=turn_cards,
        open_colors=state.open_colors,
        turns=turns,
        won=state.won,
        passed=passed,
        pass_counts=tuple(len(pile) for pile in state.passed),
        hand_sizes=tuple(map(len, state.held)),
        players_to_act=state.players_to_act,
        finished_hands=tuple(_hide_hand(h, player, shown) for h in state.finished_hands),
        scores=state.scores,
    )


def would_take(view: HattrickView) -> tuple[int | None, ...]:
    """Who would take each open trick of the turn if the turn ended now, in the order of
    :attr:`HattrickView.open_tricks`: the player of its highest card (:rule:`HT-TRICK-1`).

    >>> from sticheln import SPECTATOR
    >>> from sticheln.hattrick import HattrickGame, would_take
    >>> game = HattrickGame()
    >>> would_take(game.observe(game.new_game(4, seed=1), SPECTATOR))
    ()

    :raises WrongTypeError: if ``view`` is not a :class:`HattrickView`.
    """
    check_view(view)
    return tuple(trick.winner for trick in view.open_tricks)


def check_view(view: object) -> None:
    """Check that ``view`` is a :class:`HattrickView`.

    :raises WrongTypeError: if it is not (another game's view, a state, ``None``).
    """
    if type(view) is not HattrickView and not isinstance(view, HattrickView):
        raise wrong_type(view, HattrickView, "view")
