"""What one player may see: :class:`StichelnView` and :func:`observe`.

A view holds the player's own hand and pain card, everything played in public, the pain
cards once revealed, how many cards every player holds and the scores; nothing else. Give
views, never full states, to bots and to the screens of human players.

>>> import sticheln as st
>>> state = st.new_game(players=3, seed=1)
>>> view = st.observe(state, 0)
>>> len(view.hand), view.hand_sizes, view.pain_cards
(15, (15, 15, 15), (None, None, None))
"""

from __future__ import annotations

import attrs

from sticheln.core.cards import Card, CardSet
from sticheln.core.results import winners
from sticheln.core.setup import SPECTATOR, check_viewer, wrong_type
from sticheln.core.text import (
    hand_line,
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
from sticheln.core.wire import WireValue
from sticheln.sticheln.rules import StichelnRules
from sticheln.sticheln.scoring import round_score
from sticheln.sticheln.state import FinishedRound, Phase, StichelnState, check_state, progress
from sticheln.sticheln.trick import Trick, trick_winner

__all__ = ["StichelnView", "check_view", "observe", "would_take"]


@attrs.frozen(repr=False)
class StichelnView(WireValue):
    """The part of a game state one player may see, with perfect recall of what was public.

    Build it with :func:`observe`; :meth:`to_dict` gives its JSON form (:doc:`/wire`).
    ``repr(view)`` says in one line whose view it is and where the game stands; ``str(view)``
    shows what the player sees: their hand by colour, the trick on the table, the tricks of
    the round and every player's pain card, cards and scores.
    """

    wire_game = "sticheln"

    player: int
    """The seat of the player whose view this is, or :data:`~sticheln.SPECTATOR` for the
    view of someone watching (who holds no hand)."""
    rules: StichelnRules
    """The rules of the game."""
    players: int
    """The number of players."""
    rounds: int
    """The number of rounds of the game."""
    phase: Phase
    """What the game waits for."""
    round_number: int
    """The round in progress, from 0."""
    round_leader: int
    """The seat that leads the round's first trick."""
    hand: CardSet
    """The player's own hand."""
    pain_cards: tuple[Card | None, ...]
    """The pain cards of the round by seat: the player's own as soon as chosen, the others'
    only once everyone has chosen and they are revealed (:rule:`ST-PAIN-1`)."""
    has_chosen: tuple[bool, ...]
    """Whether each player has put down a pain card this round (the face-down card is seen,
    not its face)."""
    pick_order: tuple[int, ...]
    """The seats that have put down their pain card this round, in the order they did so
    (everyone sees the cards being laid down)."""
    trick_leader: int
    """The seat that led (or will lead) the current trick."""
    current_trick: tuple[tuple[int, Card], ...]
    """The plays of the current trick so far."""
    tricks: tuple[Trick, ...]
    """The finished tricks of the round: every card was played face up."""
    won: tuple[CardSet, ...]
    """The cards each player has won this round (taken face down, but seen when played)."""
    set_aside: CardSet
    """Cards set aside this round, face up: those dealt to nobody and tricks of zeros."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    players_to_act: tuple[int, ...]
    """The seats that may move now."""
    finished_rounds: tuple[FinishedRound, ...]
    """The rounds played so far, which are entirely public."""
    scores: tuple[int, ...]
    """Each player's total over the finished rounds."""

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is to play a card, or ``None`` outside the playing phase."""
        if self.phase is not Phase.PLAYING:
            return None
        return self.players_to_act[0]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def own_pain_card(self) -> Card | None:
        """The player's own pain card for the round, once chosen (``None`` for a
        spectator)."""
        if self.player == SPECTATOR:
            return None
        return self.pain_cards[self.player]

    @property
    def unseen_cards(self) -> CardSet:
        """The cards of this round's deck the player has not seen: the other players' hands,
        and their pain cards while still face down. Empty once the game is over."""
        if self.phase is Phase.OVER:
            return CardSet()
        seen = self.hand | self.set_aside
        for pile in self.won:
            seen |= pile
        for card in self.pain_cards:
            if card is not None:
                seen = seen.add(card)
        for _, card in self.current_trick:
            seen = seen.add(card)
        return self.rules.deck(self.players).cards - seen

    def __repr__(self) -> str:
        return view_repr(self, progress(self))

    def __str__(self) -> str:
        return describe(self)


def describe(view: StichelnView, hands: tuple[CardSet, ...] | None = None) -> str:
    """The text of ``str(view)``; with ``hands``, every player's hand instead of the viewer's
    (the text of a full state)."""
    lines = [header_line("Sticheln", progress(view, short=False), None if hands else view.player)]
    if view.is_over:
        pains = [" ".join(map(str, finished.pain_cards)) for finished in view.finished_rounds]
        lines += scoreboard_lines(
            "Round",
            [finished.scores for finished in view.finished_rounds],
            view.scores,
            winners(view.scores),
            ("Pain cards", pains),
        )
        return "\n".join(lines)
    playing = view.phase is Phase.PLAYING
    if hands:
        lines += ["Hands:", *hands_lines(hands)]
    elif view.player != SPECTATOR:
        pain = view.own_pain_card
        notes = {pain.color: "pain colour"} if playing and pain is not None else {}
        lines += ["Hand:", *hand_rows(view.hand, notes)]
    if playing:
        lines.append(_table_line(view))
    if view.tricks:
        lines += ["Tricks of the round:", *numbered(view.tricks)]
    if view.set_aside:
        lines.append(f"Set aside: {hand_line(view.set_aside)}")
    rows = []
    for seat in range(view.players):
        card = view.pain_cards[seat]
        if card is not None:
            pain_text = str(card)
        else:
            pain_text = "chosen" if view.has_chosen[seat] else "choosing"
        score = signed(round_score(card, view.won[seat])) if playing and card else "-"
        held, won = view.hand_sizes[seat], len(view.won[seat])
        rows.append([str(seat), str(held), pain_text, str(won), score, str(view.scores[seat])])
    headers = ["Player", "Cards", "Pain card", "Won", "This round", "Total"]
    lines += table_lines(headers, rows, left=(0, 2))
    return "\n".join(lines)


def describe_state(state: StichelnState) -> str:
    """The text of ``str(state)``: the spectator's view with every hand and pain card."""
    seen = observe(state, SPECTATOR)
    return describe(attrs.evolve(seen, pain_cards=state.picks), hands=state.hands)


def _table_line(view: StichelnView) -> str:
    """The trick on the table and who would take it as it stands (:func:`would_take`)."""
    if not view.current_trick:
        return f"On the table: nothing yet, player {view.trick_leader} leads"
    (taker,) = would_take(view)
    lead = view.current_trick[0][1].color.name.lower()
    outcome = "nobody would take it yet" if taker is None else f"player {taker} would take it"
    return f"On the table: {plays_text(view.current_trick)} (lead colour {lead}), {outcome}"


def observe(state: StichelnState, player: int) -> StichelnView:
    """The view of ``state`` that ``player`` may see.

    :data:`~sticheln.SPECTATOR` instead of a seat gives what anyone watching may see: no
    hand, and the pain cards only once they are revealed (:rule:`ST-PAIN-2`).

    :raises UnknownPlayerError: if ``player`` is neither a seat of the game nor
        :data:`~sticheln.SPECTATOR`.
    :raises WrongTypeError: if ``state`` is not a :class:`~sticheln.StichelnState` or ``player``
        not an ``int``.
    """
    check_state(state)
    check_viewer(player, state.setup.players)
    revealed = state.phase is Phase.PLAYING
    pain_cards = tuple(
        card if revealed or p == player else None for p, card in enumerate(state.picks)
    )
    return StichelnView(
        player=player,
        rules=state.rules,
        players=state.players,
        rounds=state.rounds,
        phase=state.phase,
        round_number=state.round_number,
        round_leader=state.round_leader,
        hand=CardSet() if player == SPECTATOR else state.hand(player),
        pain_cards=pain_cards,
        has_chosen=tuple(card is not None for card in state.picks),
        pick_order=state.pick_order,
        trick_leader=state.trick_leader,
        current_trick=state.current_trick,
        tricks=state.tricks,
        won=state.won,
        set_aside=state.set_aside,
        hand_sizes=tuple(map(len, state.hand_moves)),
        players_to_act=state.players_to_act,
        finished_rounds=state.finished_rounds,
        scores=state.scores,
    )


def would_take(view: StichelnView) -> tuple[int | None, ...]:
    """Who would take the trick on the table if it ended now: one entry while a trick is
    open, the seat of the card that wins it as it stands (:func:`~sticheln.trick_winner`,
    :rule:`ST-TRICK-2`), or ``None`` while it holds only zeros (:rule:`ST-TRICK-4`); ``()``
    between tricks.

    >>> import sticheln as st
    >>> from sticheln.sticheln.view import would_take
    >>> state = st.new_game(players=3, seed=1)
    >>> would_take(st.observe(state, st.SPECTATOR))
    ()

    :raises WrongTypeError: if ``view`` is not a :class:`StichelnView`.
    """
    check_view(view)
    if not view.current_trick:
        return ()
    best = trick_winner([card for _, card in view.current_trick])
    return (None if best is None else view.current_trick[best][0],)


def check_view(view: object) -> None:
    """Check that ``view`` is a :class:`StichelnView`.

    :raises WrongTypeError: if it is not (another game's view, a state, ``None``).
    """
    if type(view) is not StichelnView and not isinstance(view, StichelnView):
        raise wrong_type(view, StichelnView, "view")
