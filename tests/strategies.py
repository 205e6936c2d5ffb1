"""Shared hypothesis strategies, a random game driver and independent reference checks.

The reference functions here (:func:`reference_winner`, :func:`reference_round_score`,
:func:`display_key`, the invariant checks) are written from the rules, not from the engine:
the property tests compare the engine against them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from sticheln import (
    MAX_VALUE,
    STICHELN_PRESETS,
    Card,
    CardSet,
    ChoosePain,
    Color,
    Phase,
    PlayCard,
    StichelnMove,
    StichelnRules,
    StichelnState,
    apply_move,
    legal_moves,
    new_game,
)

# --------------------------------------------------------------------------------------------------
# Cards and tricks

#: The colour letters in display order, written out from the specification.
COLOR_LETTERS = "RYGBPA"
_COLOR_RANK = {letter: rank for rank, letter in enumerate(COLOR_LETTERS)}

colors: st.SearchStrategy[Color] = st.sampled_from(Color)
"""Any colour, gray included."""

values: st.SearchStrategy[int] = st.integers(min_value=0, max_value=MAX_VALUE)
"""Any card value, 0 to 20."""

#: Values that make zeros and equal cards frequent, to reach the tie and zero rules.
_clashing_values: st.SearchStrategy[int] = st.one_of(
    st.just(0), st.integers(min_value=0, max_value=3), values
)


def cards(
    color: st.SearchStrategy[Color] = colors, value: st.SearchStrategy[int] = values
) -> st.SearchStrategy[Card]:
    """Cards of the given colours and values (any card by default)."""
    return st.builds(Card, color, value)


#: Cards that clash often: few colours, small values, many zeros.
clashing_cards: st.SearchStrategy[Card] = cards(
    st.sampled_from([Color.RED, Color.BLUE, Color.GREEN]), _clashing_values
)

all_cards: tuple[Card, ...] = tuple(
    Card(color, value) for color in Color for value in range(MAX_VALUE + 1)
)
"""Every possible card (6 colours x 21 values)."""


def tricks(
    *, min_size: int = 1, max_size: int = 8, distinct: bool | None = None
) -> st.SearchStrategy[list[Card]]:
    """Lists of cards as played to a trick, in play order.

    ``distinct=True`` gives cards that all differ (as in a real game), ``False`` allows
    repeats, ``None`` draws either, mixing any cards with clashing ones.
    """
    card = st.one_of(cards(), clashing_cards)
    if distinct is None:
        return st.booleans().flatmap(
            lambda unique: tricks(min_size=min_size, max_size=max_size, distinct=unique)
        )
    return st.lists(card, min_size=min_size, max_size=max_size, unique=distinct)


card_sets: st.SearchStrategy[CardSet] = st.frozensets(st.one_of(cards(), clashing_cards)).map(
    CardSet.of
)
"""Card sets of any cards."""

color_permutations: st.SearchStrategy[dict[Color, Color]] = st.permutations(list(Color)).map(
    lambda image: dict(zip(Color, image, strict=True))
)
"""A renaming of the colours: a bijection from Color to Color."""


def display_key(card: Card) -> tuple[int, int]:
    """The display order of the specification: colour in the order R Y G B P A, then value."""
    return (_COLOR_RANK[card.color.value], card.value)


def in_display_order(cards: Iterable[Card]) -> list[Card]:
    """The cards sorted in display order."""
    return sorted(cards, key=display_key)


def reference_winner(cards: Sequence[Card]) -> int | None:
    """The index of the card that wins a trick, by the rules ST-TRICK-1 to ST-TRICK-6.

    Zeros are ignored; the candidates are ranked by (not of the lead colour, value, earlier
    first) and the best one wins.
    """
    lead = cards[0].color
    ranked = sorted(
        ((card.color != lead, card.value, -i) for i, card in enumerate(cards) if card.value != 0),
        reverse=True,
    )
    if not ranked:
        return None
    return -ranked[0][2]


def reference_round_score(pain_card: Card, won: Iterable[Card]) -> int:
    """A round score by ST-SCORE-1 and ST-SCORE-2, with a plain loop."""
    total = -pain_card.value
    for card in won:
        if card.color == pain_card.color:
            total -= card.value
        else:
            total += 1
    return total


def argmax_set(scores: Sequence[int]) -> set[int]:
    """The indices of the highest scores."""
    best = max(scores)
    return {i for i, score in enumerate(scores) if score == best}


# --------------------------------------------------------------------------------------------------
# Rules, player counts and seeds

preset_names: tuple[str, ...] = tuple(name for name in STICHELN_PRESETS if name != "tiny")
"""The names of the rule presets of the editions: nsv, amigo-1993, online-5-rounds,
eight-players (not tiny, the library's preset for tree search, whose deck and hands are its
own: the conformance suite and the adapters' tests play it)."""

presets: st.SearchStrategy[StichelnRules] = st.sampled_from(
    [STICHELN_PRESETS[name] for name in preset_names]
)
"""Any rule preset."""

seeds: st.SearchStrategy[int] = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds for the deals."""


def rules_and_players(
    rules: st.SearchStrategy[StichelnRules] = presets, max_players: int = 8
) -> st.SearchStrategy[tuple[StichelnRules, int]]:
    """A rule preset with one of its player counts (up to ``max_players``)."""
    return rules.flatmap(
        lambda r: st.tuples(
            st.just(r), st.sampled_from([n for n in r.player_counts if n <= max_players])
        )
    )


def random_deal(rules: StichelnRules, players: int, rnd: random.Random) -> tuple[CardSet, ...]:
    """A random deal of ``rules.hand_size`` cards to each player, shuffled here."""
    deck = list(rules.deck(players).cards)
    rnd.shuffle(deck)
    size = rules.hand_size
    return tuple(CardSet.of(deck[p * size : (p + 1) * size]) for p in range(players))


def zero_spread_deal(rules: StichelnRules, players: int, rnd: random.Random) -> tuple[CardSet, ...]:
    """A random deal in which the zeros are shared out as evenly as possible, so that tricks of
    zeros only (ST-TRICK-6) can happen in every round."""
    deck = list(rules.deck(players).cards)
    rnd.shuffle(deck)
    zeros = [card for card in deck if card.value == 0]
    others = [card for card in deck if card.value != 0]
    hands = []
    for p in range(players):
        hand = zeros[p::players]
        hand += others[: rules.hand_size - len(hand)]
        del others[: rules.hand_size - len(zeros[p::players])]
        hands.append(CardSet.of(hand))
    return tuple(hands)


@dataclass(frozen=True, repr=False)
class GameSpec:
    """Everything ``new_game`` needs."""

    rules: StichelnRules
    players: int
    seed: int
    first_leader: int
    zero_deals_seed: int | None = None
    """When set, the deals are not shuffled by the engine but made by :func:`zero_spread_deal`
    from this seed."""

    def deals(self) -> list[tuple[CardSet, ...]] | None:
        """The deals to pass to ``new_game``, or ``None`` to let it shuffle."""
        if self.zero_deals_seed is None:
            return None
        rnd = random.Random(self.zero_deals_seed)
        return [
            zero_spread_deal(self.rules, self.players, rnd) for _ in range(self.expected_rounds())
        ]

    def start(self) -> StichelnState:
        """The first state of the game."""
        return new_game(self.players, self.seed, self.rules, self.first_leader, deals=self.deals())

    def expected_rounds(self) -> int:
        """Rounds per game by ST-GAME-1: one per player unless the rules fix the number."""
        return self.players if self.rules.rounds is None else self.rules.rounds

    def __repr__(self) -> str:
        return (
            f"GameSpec(rules=STICHELN_PRESETS[{self.rules.name!r}], players={self.players}, "
            f"seed={self.seed}, first_leader={self.first_leader}, "
            f"zero_deals_seed={self.zero_deals_seed})"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Keep hypothesis's reports of failing examples short."""
        printer.text(repr(self))


@st.composite
def game_specs(
    draw: st.DrawFn,
    rules: st.SearchStrategy[StichelnRules] = presets,
    max_players: int = 8,
    *,
    zero_deals: bool = True,
) -> GameSpec:
    """Rules, a valid player count, a seed and a first leader; with ``zero_deals``, sometimes
    deals with the zeros spread over all hands instead of the engine's shuffle."""
    chosen, players = draw(rules_and_players(rules, max_players))
    return GameSpec(
        rules=chosen,
        players=players,
        seed=draw(seeds),
        first_leader=draw(st.integers(min_value=0, max_value=players - 1)),
        zero_deals_seed=draw(st.one_of(st.none(), seeds)) if zero_deals else None,
    )


# --------------------------------------------------------------------------------------------------
# Random games


def random_move(state: StichelnState, rnd: random.Random, zero_bias: float = 0.0) -> StichelnMove:
    """A random legal move: a random player among those who may act, then a random card.

    With probability ``zero_bias`` a player who may play a zero plays one, so that tricks of
    zeros (ST-TRICK-6) happen often.
    """
    to_act = state.players_to_act
    player = to_act[0] if len(to_act) == 1 else rnd.choice(to_act)
    moves = legal_moves(state, player)
    if zero_bias and state.phase is Phase.PLAYING and rnd.random() < zero_bias:
        zeros = [move for move in moves if move.card.value == 0]
        if zeros:
            return rnd.choice(zeros)
    return rnd.choice(moves)


def random_play(
    state: StichelnState, rnd: random.Random, zero_bias: float = 0.0, max_moves: int | None = None
) -> Iterator[tuple[StichelnMove, StichelnState]]:
    """Play random legal moves from ``state`` until the game is over (or ``max_moves``
    moves), yielding each move with the state after it."""
    count = 0
    while not state.is_over and (max_moves is None or count < max_moves):
        move = random_move(state, rnd, zero_bias)
        state = apply_move(state, move)
        count += 1
        yield move, state


def play_random_game(
    state: StichelnState, rnd: random.Random, zero_bias: float = 0.0
) -> Iterator[StichelnState]:
    """Every state of a random game from ``state`` (included) to the end."""
    yield state
    for _, after in random_play(state, rnd, zero_bias):
        yield after


@dataclass(frozen=True, repr=False)
class PlayedGame:
    """A random game: its spec, the moves made and every state (``len(moves) + 1`` of them)."""

    spec: GameSpec
    moves: tuple[StichelnMove, ...]
    states: tuple[StichelnState, ...]

    def __repr__(self) -> str:
        moves = " ".join(
            f"{m.player}{'p' if isinstance(m, ChoosePain) else ':'}{m.card}" for m in self.moves
        )
        return f"PlayedGame({self.spec!r}, {len(self.moves)} moves: {moves})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Keep hypothesis's reports of failing examples short."""
        printer.text(repr(self))

    @property
    def final(self) -> StichelnState:
        return self.states[-1]


zero_biases: st.SearchStrategy[float] = st.sampled_from([0.0, 0.5, 0.95])
"""How eagerly the random players play zeros."""


@st.composite
def played_games(
    draw: st.DrawFn,
    specs: st.SearchStrategy[GameSpec] | None = None,
    *,
    complete: bool = True,
) -> PlayedGame:
    """A random game, every move drawn from ``legal_moves`` with hypothesis's randoms.

    ``complete=False`` stops the game after a random number of moves.
    """
    spec = draw(game_specs() if specs is None else specs)
    rnd = draw(st.randoms(use_true_random=False))
    zero_bias = draw(zero_biases)
    limit = None if complete else draw(st.integers(min_value=0, max_value=1000))
    state = spec.start()
    moves: list[StichelnMove] = []
    states = [state]
    for move, after in random_play(state, rnd, zero_bias, limit):
        moves.append(move)
        states.append(after)
    return PlayedGame(spec, tuple(moves), tuple(states))


# --------------------------------------------------------------------------------------------------
# Invariant checks shared by the property tests and the state machine


def _check_partition(places: dict[str, Iterable[Card]], deck: CardSet, where: str) -> None:
    """Each card of ``deck`` lies in exactly one of ``places``, and nothing else does."""
    seen: Counter[Card] = Counter()
    found_in: dict[Card, list[str]] = {}
    for name, cards_there in places.items():
        for card in cards_there:
            seen[card] += 1
            found_in.setdefault(card, []).append(name)
    twice = {str(card): found_in[card] for card, count in seen.items() if count > 1}
    assert not twice, f"{where}: cards in more than one place: {twice}"
    expected = set(deck)
    missing = in_display_order(expected - set(seen))
    extra = in_display_order(set(seen) - expected)
    assert not missing, f"{where}: cards of the deck in no place: {missing}"
    assert not extra, f"{where}: cards not of the deck: {extra} in {[found_in[c] for c in extra]}"


def check_cards_conserved(state: StichelnState) -> None:
    """Hands, pain cards, won piles, set-aside cards and the current trick partition the deck,
    and so do the piles of every finished round."""
    deck = state.rules.deck(state.players).cards
    n = state.players
    if state.phase is Phase.OVER:
        assert all(not hand for hand in state.hands), "cards in hand after the game"
        assert all(pick is None for pick in state.picks)
        assert all(not pile for pile in state.won)
        assert not state.set_aside
        assert state.trick_cards == ()
    else:
        places: dict[str, Iterable[Card]] = {}
        for p in range(n):
            places[f"hand {p}"] = state.hands[p]
            pick = state.picks[p]
            places[f"pain card {p}"] = [] if pick is None else [pick]
            places[f"won {p}"] = state.won[p]
        places["set aside"] = state.set_aside
        places["current trick"] = state.trick_cards
        _check_partition(places, deck, f"round {state.round_number}")
    for finished in state.finished_rounds:
        places = {f"pain card {p}": [card] for p, card in enumerate(finished.pain_cards)}
        for p in range(n):
            places[f"won {p}"] = finished.won[p]
        places["set aside"] = finished.set_aside
        _check_partition(places, deck, f"finished round {finished.number}")


def expected_to_act(state: StichelnState) -> int:
    """Whose turn it is in the playing phase: clockwise from the trick's leader."""
    return (state.trick_leader + len(state.trick_cards)) % state.players


def expected_legal_moves(state: StichelnState, player: int) -> tuple[StichelnMove, ...]:
    """The legal moves of ``player`` by ST-PAIN-1 and ST-PLAY-1, in display order."""
    hand = in_display_order(state.hands[player])
    if state.phase is Phase.PLAYING:
        if player != expected_to_act(state):
            return ()
        return tuple(PlayCard(player, card) for card in hand)
    if state.phase is Phase.CHOOSING_PAIN:
        if state.picks[player] is not None:
            return ()
        return tuple(ChoosePain(player, card) for card in hand)
    return ()


def check_players_to_act(state: StichelnState) -> None:
    """``players_to_act``, ``to_act`` and ``is_over`` agree with the phase and with
    ``legal_moves``."""
    n = state.players
    with_moves = tuple(p for p in range(n) if legal_moves(state, p))
    assert state.players_to_act == with_moves
    assert state.is_over is (state.phase is Phase.OVER)
    if state.phase is Phase.PLAYING:
        assert state.players_to_act == (expected_to_act(state),)
        assert state.to_act == expected_to_act(state)
    elif state.phase is Phase.CHOOSING_PAIN:
        assert state.players_to_act == tuple(p for p in range(n) if state.picks[p] is None)
        assert state.players_to_act, "choosing pain cards, but nobody is left to choose"
        assert state.to_act is None
    else:
        assert state.players_to_act == ()
        assert state.to_act is None


def hidden_from(state: StichelnState, player: int) -> set[Card]:
    """The cards ``player`` must not see: the others' hands and their face-down pain cards."""
    hidden: set[Card] = set()
    for q in range(state.players):
        if q == player:
            continue
        hidden |= set(state.hands[q])
        pick = state.picks[q]
        if pick is not None and state.phase is Phase.CHOOSING_PAIN:
            hidden.add(pick)
    return hidden


def illegal_moves_of(state: StichelnState) -> list[StichelnMove]:
    """Moves that the rules forbid in ``state``: other players' cards, cards not in the hand,
    the wrong kind of move for the phase, a seat that does not exist, anything after the end.
    """
    n = state.players
    moves: list[StichelnMove] = []
    deck = state.rules.deck(n).cards
    outside = [card for card in all_cards if card not in deck][:3]
    for p in range(n + 1):
        own = list(state.hands[p]) if p < n else list(deck)[:3]
        not_own = [card for card in deck if p >= n or card not in state.hands[p]]
        for card in own[:4] + not_own[:: max(1, len(not_own) // 6)] + outside:
            for kind in (PlayCard, ChoosePain):
                move = kind(p, card)
                if p >= n or move not in expected_legal_moves(state, p):
                    moves.append(move)
    return moves
