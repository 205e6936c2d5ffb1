"""What one player may see of a game of Stichling: :class:`StichlingView` and :func:`observe`.

A view holds the player's own hand and victory-point row, every card played (all are played
face up), the tricks each player has won, the victory-point cards that won tricks have turned
up, how many cards each player holds, and the scores. It does not hold the other players'
hands, nor the cards of their rows that nobody has turned up (:rule:`SL-VP-4`).

>>> state = new_game(players=3, seed=1)
>>> view = observe(state, 0)
>>> len(view.hand), view.hand_sizes, view.rows
(12, (12, 12, 12), (None, None, None))
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from sticheln.core.cards import CardSet
from sticheln.core.setup import SPECTATOR, check_int, check_ints, check_viewer, wrong_type
from sticheln.core.text import (
    NOTHING,
    hand_rows,
    hands_lines,
    header_line,
    numbered,
    plays_text,
    scoreboard_lines,
    table_lines,
    view_repr,
)
from sticheln.core.wire import WireValue
from sticheln.stichling.rules import StichlingRules
from sticheln.stichling.scoring import active_position, winners
from sticheln.stichling.state import (
    FinishedHand,
    Phase,
    StichlingState,
    check_state,
    hand_set,
    progress,
)
from sticheln.stichling.tricks import StichlingTrick

__all__ = ["StichlingView", "check_view", "observe", "seen_row", "would_take"]


def seen_row(order: Sequence[int], tricks: int) -> tuple[int | None, ...]:
    """What the other players have seen of a row ``order`` after its owner won ``tricks``
    tricks in the hand: the cards that won tricks turned up, the others as ``None``
    (:rule:`SL-VP-3`, :rule:`SL-VP-4`).

    >>> from sticheln.stichling import seen_row
    >>> seen_row((3, 1, 2), 0), seen_row((3, 1, 2), 2), seen_row((3, 1, 2), 5)
    ((None, None, None), (3, 1, None), (3, 1, 2))

    :raises WrongTypeError: if ``order`` is not a sequence of ints or ``tricks`` not an int.
    """
    return _seen_row(check_ints(order, "order"), check_int(tricks, "tricks"))


def _seen_row(order: Sequence[int | None], tricks: int) -> tuple[int | None, ...]:
    shown = min(tricks, len(order))
    return tuple(value if i < shown else None for i, value in enumerate(order))


@attrs.frozen(repr=False)
class StichlingView(WireValue):
    """The part of a game state one player may see, with perfect recall of what was public.

    Build it with :func:`observe`; :meth:`to_dict` gives its JSON form (:doc:`/wire`). Where
    the view has the same name as :class:`~sticheln.stichling.StichlingState`, it means the
    same; a victory-point card the player has not seen is ``None``. ``repr(view)`` says in
    one line whose view it is and where the game stands; ``str(view)`` shows what the player
    sees: their hand by colour, the open tricks with their markers, the tricks of the hand
    and every player's row of victory points, tricks and scores.
    """

    wire_game = "stichling"

    player: int
    """The seat of the player whose view this is, or :data:`~sticheln.SPECTATOR` for the
    view of someone watching (who holds no hand)."""
    rules: StichlingRules
    """The rules of the game."""
    players: int
    """The number of players."""
    hand_count: int
    """The number of hands of the game."""
    phase: Phase
    """What the game waits for."""
    hand_number: int
    """The hand in progress, from 0 (the number of hands once the game is over)."""
    hand_leader: int
    """The seat that plays (or played) the first card of the hand in progress."""
    hand: CardSet
    """The player's own cards."""
    rows: tuple[tuple[int | None, ...] | None, ...]
    """Each player's row of victory-point cards this hand, in the order they are turned up:
    ``None`` until the player has laid it down; the player's own row in full; of the
    others' rows the cards their won tricks have turned up (:rule:`SL-VP-4`)."""
    arranged: tuple[int, ...]
    """The seats that have laid down their row this hand, in order (everyone sees the cards
    put down, not their faces)."""
    turn: int
    """How many cards have been played in the hand."""
    players_to_act: tuple[int, ...]
    """The seats that may move now."""
    open_tricks: tuple[StichlingTrick, ...]
    """The open tricks, in the order they were opened, with their markers."""
    won: tuple[tuple[StichlingTrick, ...], ...]
    """The tricks each player has won this hand, laid apart from each other
    (:rule:`SL-TRICK-3`). That everybody sees them is the library's convention."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    finished_hands: tuple[FinishedHand, ...]
    """The hands played so far, with the victory-point cards the player has not seen as
    ``None``."""
    scores: tuple[int, ...]
    """Each player's total over the finished hands."""

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is to play a card, or ``None`` outside the playing phase."""
        return self.players_to_act[0] if self.phase is Phase.PLAYING else None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def own_row(self) -> tuple[int, ...] | None:
        """The player's own row of victory-point cards this hand, once laid down (``None``
        for a spectator).

        :raises ValueError: for a view (read from data) that hides a card of the row.
        """
        if self.player == SPECTATOR:
            return None
        row = self.rows[self.player]
        if row is None:
            return None
        own = tuple([value for value in row if value is not None])
        if len(own) != len(row):
            raise ValueError(f"the view of player {self.player} hides a card of their own row")
        return own

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each player has won this hand."""
        return tuple(map(len, self.won))

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners once the game is over, else ``()`` (:rule:`SL-GAME-2`)."""
        if self.phase is not Phase.OVER:
            return ()
        hands = self.finished_hands
        scores = [[hand.scores[p] for hand in hands] for p in range(self.players)]
        tricks = [sum(hand.tricks_won[p] for hand in hands) for p in range(self.players)]
        return winners(scores, self.rules.full_tie, tricks)

    @property
    def unseen_cards(self) -> CardSet:
        """The cards of this hand's deck the player has not seen: the other players' hands
        and, when cards are laid aside at random, those. Empty once the game is over."""
        if self.phase is Phase.OVER:
            return CardSet()
        seen = self.hand.mask
        for trick in (*self.open_tricks, *(t for won in self.won for t in won)):
            for card in trick.cards:
                seen |= card.bit
        return CardSet(self.rules.deck(self.players).mask & ~seen)

    def __repr__(self) -> str:
        return view_repr(self, progress(self))

    def __str__(self) -> str:
        return describe(self)


def describe(view: StichlingView, hands: tuple[CardSet, ...] | None = None) -> str:
    """The text of ``str(view)``; with ``hands``, every player's hand instead of the viewer's
    (the text of a full state).

    A player's row shows ``?`` for a victory-point card not turned up; the card face up is
    the hand's points of its owner (:rule:`SL-VP-3`, :rule:`SL-SCORE-1`).
    """
    lines = [header_line("Stichling", progress(view, short=False), None if hands else view.player)]
    if view.is_over:
        hands_done = view.finished_hands
        lines += scoreboard_lines(
            "Hand",
            [finished.scores for finished in hands_done],
            view.scores,
            view.winners,
            ("Tricks won", [" ".join(map(str, finished.tricks_won)) for finished in hands_done]),
        )
        return "\n".join(lines)
    if hands:
        lines += ["Hands:", *hands_lines(hands)]
    elif view.player != SPECTATOR:
        lines += ["Hand:", *hand_rows(view.hand)]
    if view.phase is Phase.PLAYING:
        tricks = [
            f"{trick.color.name.lower()} {plays_text(trick.plays)}, marker: player {trick.marker}"
            for trick in view.open_tricks
        ]
        lines += ["Open tricks:", *numbered(tricks)] if tricks else ["Open tricks: none"]
    done = sorted((t for won in view.won for t in won), key=lambda trick: trick.turns[-1])
    if done:
        lines += ["Tricks of the hand:", *numbered(done)]
    rows = []
    for seat, row in enumerate(view.rows):
        tricks_won = len(view.won[seat])
        position = active_position(tricks_won)
        if row is None:
            shown, face_up = NOTHING, NOTHING
        else:
            shown = " ".join("?" if value is None else str(value) for value in row)
            value = None if position is None else row[position]
            face_up = NOTHING if position is None else "?" if value is None else str(value)
        held = str(view.hand_sizes[seat])
        rows.append([str(seat), held, shown, str(tricks_won), face_up, str(view.scores[seat])])
    headers = ["Player", "Cards", "Victory points", "Tricks", "Face up", "Total"]
    lines += table_lines(headers, rows, left=(0, 2))
    return "\n".join(lines)


def describe_state(state: StichlingState) -> str:
    """The text of ``str(state)``: the spectator's view with every hand and every row of
    victory points."""
    seen = observe(state, SPECTATOR)
    return describe(attrs.evolve(seen, rows=state.orders), hands=state.hands)


def _hide_hand(hand: FinishedHand, viewer: int) -> FinishedHand:
    counts = hand.tricks_won
    return attrs.evolve(
        hand,
        orders=tuple(
            order if p == viewer else _seen_row(order, counts[p])
            for p, order in enumerate(hand.orders)
        ),
    )


def observe(state: StichlingState, player: int) -> StichlingView:
    """The view of ``state`` that ``player`` may see.

    The other players' hands are left out, and so are the cards of their victory-point rows
    that no won trick has turned up, in the hand in progress and in the finished ones
    (:rule:`SL-VP-4`). Every card played, the tricks won and the cards turned up are public
    (:rule:`SL-TRICK-3`). :data:`~sticheln.SPECTATOR` instead of a seat gives what anyone
    watching may see: no hand, and of each row only the cards turned up.

    :raises UnknownPlayerError: if ``player`` is neither a seat of the game nor
        :data:`~sticheln.SPECTATOR`.
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.stichling.StichlingState`
        or ``player`` not an ``int``.
    """
    check_state(state)
    check_viewer(player, state.setup.players)
    rows = tuple(
        order if order is None or p == player else _seen_row(order, len(state.won[p]))
        for p, order in enumerate(state.orders)
    )
    return StichlingView(
        player=player,
        rules=state.setup.rules,
        players=state.setup.players,
        hand_count=len(state.setup.deals),
        phase=state.phase,
        hand_number=state.hand_number,
        hand_leader=state.hand_leader,
        hand=CardSet() if player == SPECTATOR else hand_set(state.held[player]),
        rows=rows,
        arranged=state.arranged,
        turn=state.turn,
        players_to_act=state.players_to_act,
        open_tricks=state.open_tricks,
        won=state.won,
        hand_sizes=tuple(map(len, state.held)),
        finished_hands=tuple(_hide_hand(hand, player) for hand in state.finished_hands),
        scores=state.scores,
    )


def would_take(view: StichlingView) -> tuple[int | None, ...]:
    """Who would take each open trick if it were won now, in the order of
    :attr:`StichlingView.open_tricks`: the holder of its marker (:rule:`SL-TRICK-1`).

    >>> from sticheln import SPECTATOR
    >>> from sticheln.stichling import StichlingGame, would_take
    >>> game = StichlingGame()
    >>> would_take(game.observe(game.new_game(3, seed=1), SPECTATOR))
    ()

    :raises WrongTypeError: if ``view`` is not a :class:`StichlingView`.
    """
    check_view(view)
    return tuple(trick.winner for trick in view.open_tricks)


def check_view(view: object) -> None:
    """Check that ``view`` is a :class:`StichlingView`.

    :raises WrongTypeError: if it is not (another game's view, a state, ``None``).
    """
    if type(view) is not StichlingView and not isinstance(view, StichlingView):
        raise wrong_type(view, StichlingView, "view")
