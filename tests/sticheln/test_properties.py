"""Property-based tests of the engine against the rules of Sticheln.

Each test compares the engine with an independent reference (see ``strategies.py``) or with
an invariant that the rules imply, over random cards, tricks and whole random games of every
rule preset.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import Phase as Stage
from hypothesis import strategies as st

from sticheln import (
    AMIGO_1993,
    MAX_VALUE,
    NSV,
    ONLINE_5_ROUNDS,
    STICHELN_PRESETS,
    AllZeroTrick,
    Card,
    CardError,
    CardSet,
    ChoosePain,
    Color,
    FirstLeader,
    IllegalMoveError,
    Phase,
    PlayCard,
    StichelnMove,
    StichelnRecord,
    StichelnRules,
    StichelnState,
    StichelnView,
    UnknownPlayerError,
    apply_move,
    card_points,
    lead_color,
    legal_moves,
    new_game,
    observe,
    ranking,
    round_score,
    trick_winner,
    winners,
)
from tests.strategies import (
    COLOR_LETTERS,
    GameSpec,
    PlayedGame,
    all_cards,
    argmax_set,
    card_sets,
    cards,
    check_cards_conserved,
    check_players_to_act,
    clashing_cards,
    color_permutations,
    expected_legal_moves,
    game_specs,
    hidden_from,
    illegal_moves_of,
    in_display_order,
    play_random_game,
    played_games,
    preset_names,
    random_deal,
    reference_round_score,
    reference_winner,
    seeds,
    tricks,
)

#: Settings for tests that play whole games (up to 960 moves each).
GAMES = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
#: Settings for the quick tests of pure functions.
QUICK = settings(max_examples=150, deadline=None)

rule = pytest.mark.rule


# ==================================================================================================
# Cards and card sets


@rule("ST-DECK-1")
@QUICK
@given(card=cards())
def test_card_name_round_trips(card: Card) -> None:
    name = str(card)
    assert name == f"{card.color.value}{card.value}"
    assert name[0] in COLOR_LETTERS
    assert Card.parse(name) == card
    assert Card.parse(name.lower()) == card


@rule("ST-DECK-1")
def test_every_card_name_round_trips() -> None:
    assert len(all_cards) == 6 * 21
    for card in all_cards:
        assert Card.parse(str(card)) == card
    assert len({str(card) for card in all_cards}) == len(all_cards)


@rule("ST-DECK-1")
@QUICK
@given(color=st.sampled_from(Color), value=st.one_of(st.integers(max_value=-1), st.integers(21)))
def test_cards_out_of_range_are_rejected(color: Color, value: int) -> None:
    with pytest.raises(CardError):
        Card(color, value)
    with pytest.raises(CardError):
        Card.parse(f"{color.value}{value}")


@rule("ST-DECK-1")
@QUICK
@given(cs=card_sets)
def test_card_set_text_round_trips(cs: CardSet) -> None:
    assert CardSet.parse(str(cs)) == cs
    assert list(cs) == in_display_order(set(cs))
    assert str(cs) == " ".join(str(card) for card in in_display_order(set(cs)))


@rule("ST-DECK-1")
@QUICK
@given(a=card_sets, b=card_sets, card=st.one_of(cards(), clashing_cards))
def test_card_set_operations_agree_with_frozensets(a: CardSet, b: CardSet, card: Card) -> None:
    fa, fb = frozenset(a), frozenset(b)
    assert len(a) == len(fa)
    assert bool(a) == bool(fa)
    assert frozenset(a | b) == fa | fb
    assert frozenset(a & b) == fa & fb
    assert frozenset(a - b) == fa - fb
    assert frozenset(a ^ b) == fa ^ fb
    assert a.isdisjoint(b) == fa.isdisjoint(fb)
    assert a.issubset(b) == (fa <= fb)
    assert (card in a) == (card in fa)
    assert frozenset(a.add(card)) == fa | {card}
    if card in fa:
        assert frozenset(a.remove(card)) == fa - {card}
    else:
        with pytest.raises(KeyError):
            a.remove(card)
    for color in Color:
        assert frozenset(a.of_color(color)) == {c for c in fa if c.color == color}
    assert (a == b) == (fa == fb)
    if fa == fb:
        assert hash(a) == hash(b)
    assert CardSet.of(list(a) + list(b)) == a | b
    assert a.cards == tuple(in_display_order(fa))


# ==================================================================================================
# Decks and deals

_DECK_TABLE = {
    3: ("RYGBP", 8),
    4: ("RYGBP", 11),
    5: ("RYGBP", 14),
    6: ("RYGBPA", 14),
}


@rule("ST-DECK-1")
@pytest.mark.parametrize("players", sorted(_DECK_TABLE))
def test_deck_by_player_count(players: int) -> None:
    letters, highest = _DECK_TABLE[players]
    expected = {
        Card.parse(f"{letter}{value}") for letter in letters for value in range(highest + 1)
    }
    deck = StichelnRules().deck(players)
    assert set(deck.cards) == expected
    assert deck.size == len(expected)
    for name in preset_names:
        assert set(STICHELN_PRESETS[name].deck(players).cards) == expected


@rule("ST-DEAL-1", "ST-DECK-1")
@GAMES
@given(spec=game_specs(zero_deals=False))
def test_every_round_is_dealt_fifteen_cards_to_each_player(spec: GameSpec) -> None:
    state = spec.start()
    n = spec.players
    assert spec.rules.hand_size == 15
    deck = set(spec.rules.deck(n).cards)
    assert len(state.setup.deals) == spec.expected_rounds()
    for deal in state.setup.deals:
        assert len(deal.hands) == n
        dealt: set[Card] = set()
        for hand in deal.hands:
            assert len(hand) == 15
            assert set(hand) <= deck
            assert dealt.isdisjoint(hand)
            dealt |= set(hand)
        assert set(deal.set_aside) == deck - dealt
        assert len(deal.set_aside) == len(deck) - 15 * n
    assert state.hands == state.setup.deals[0].hands
    assert set(state.set_aside) == set(state.setup.deals[0].set_aside)
    assert state.phase is Phase.CHOOSING_PAIN


@rule("ST-DEAL-1")
def test_deals_are_shuffled() -> None:
    deck = in_display_order(NSV.deck(4).cards)
    deals = {new_game(4, seed=seed).setup.deals[0].hands for seed in range(5)}
    assert len(deals) == 5, "different seeds gave the same deal"
    unshuffled = tuple(CardSet.of(deck[p * 15 : (p + 1) * 15]) for p in range(4))
    assert unshuffled not in deals
    rounds = new_game(4, seed=0).setup.deals
    assert len({deal.hands for deal in rounds}) == 4, "two rounds got the same deal"


@rule("ST-DEAL-1", "ST-DECK-1")
def test_cards_left_over_are_set_aside_face_up() -> None:
    rules = STICHELN_PRESETS["eight-players"]
    state = new_game(7, seed=3, rules=rules)
    deck = set(rules.deck(7).cards)
    assert len(deck) == 108
    dealt = set().union(*(set(hand) for hand in state.hands))
    assert len(state.set_aside) == 3
    assert set(state.set_aside) == deck - dealt
    view = observe(state, 0)
    assert view.set_aside == state.set_aside


# ==================================================================================================
# Trick resolution


def _seat_winner(rules: StichelnRules, leader: int, players: int, trick: list[Card]) -> int | None:
    index = reference_winner(trick)
    if index is None:
        return leader if rules.all_zero_trick is AllZeroTrick.LEADER_WINS else None
    return (leader + index) % players


@rule("ST-TRICK-1", "ST-TRICK-2", "ST-TRICK-3", "ST-TRICK-4", "ST-TRICK-5", "ST-TRICK-6")
@QUICK
@given(trick=tricks())
def test_trick_winner_matches_the_reference(trick: list[Card]) -> None:
    assert trick_winner(trick) == reference_winner(trick)
    assert lead_color(trick) == trick[0].color


@rule("ST-TRICK-1", "ST-TRICK-2", "ST-TRICK-3", "ST-TRICK-4", "ST-TRICK-5", "ST-TRICK-6")
@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("B6 B11 R3 Y0", 2),
        ("R5 R9 G2", 2),
        ("R5 R9 R2", 1),
        ("R0 B0", None),
        ("R0", None),
        ("R3", 0),
        ("R0 B5 R3", 1),
        ("R0 R3 R7 R7", 2),
        ("G4 B9 Y9", 1),
        ("G4 G9 G9", 1),
        ("R7 B0 G0", 0),
        ("A0 R1 A14", 1),
        ("P2 R1 Y1 B1", 1),
    ],
)
def test_trick_winner_examples(trick: str, winner: int | None) -> None:
    played = [Card.parse(name) for name in trick.split()]
    assert trick_winner(played) == winner
    assert reference_winner(played) == winner


@rule("ST-TRICK-1")
def test_an_empty_trick_has_no_winner_and_no_lead() -> None:
    with pytest.raises(ValueError, match="at least one card"):
        trick_winner([])
    with pytest.raises(ValueError, match="at least one card"):
        lead_color([])


@rule("ST-TRICK-1", "ST-TRICK-2", "ST-TRICK-3")
@QUICK
@given(trick=tricks(), renaming=color_permutations)
def test_renaming_colours_keeps_the_winner(trick: list[Card], renaming: dict[Color, Color]) -> None:
    renamed = [Card(renaming[card.color], card.value) for card in trick]
    assert trick_winner(renamed) == trick_winner(trick)


@rule("ST-TRICK-1", "ST-TRICK-4", "ST-TRICK-5")
@QUICK
@given(
    trick=tricks(max_size=6),
    zeros=st.lists(
        st.tuples(st.integers(min_value=1, max_value=8), st.sampled_from(Color)), max_size=4
    ),
)
def test_inserting_zeros_after_the_lead_moves_the_winner_index_only(
    trick: list[Card], zeros: list[tuple[int, Color]]
) -> None:
    before = trick_winner(trick)
    played = [(card, True) for card in trick]
    for position, color in zeros:
        played.insert(min(position, len(played)), (Card(color, 0), False))
    longer = [card for card, _ in played]
    original_positions = [i for i, (_, original) in enumerate(played) if original]
    after = trick_winner(longer)
    if before is None:
        assert after is None
    else:
        assert after == original_positions[before]
        assert longer[after] == trick[before]


@rule("ST-TRICK-4", "ST-TRICK-6")
@QUICK
@given(trick=tricks(max_size=7), color=st.sampled_from(Color))
def test_appending_a_zero_never_changes_the_winner(trick: list[Card], color: Color) -> None:
    assert trick_winner([*trick, Card(color, 0)]) == trick_winner(trick)


@rule("ST-TRICK-4", "ST-TRICK-6")
@QUICK
@given(zeros=st.lists(st.sampled_from(Color), min_size=1, max_size=8))
def test_a_trick_of_zeros_has_no_winner(zeros: list[Color]) -> None:
    assert trick_winner([Card(color, 0) for color in zeros]) is None


# ==================================================================================================
# Whole games: card conservation, legal and illegal moves


@rule("ST-DEAL-1", "ST-PAIN-2", "ST-ROUND-2", "ST-TRICK-6")
@GAMES
@given(game=played_games())
def test_every_card_is_in_exactly_one_place(game: PlayedGame) -> None:
    for state in game.states:
        check_cards_conserved(state)
    assert game.final.is_over
    assert len(game.final.finished_rounds) == game.spec.expected_rounds()


@rule("ST-PLAY-1", "ST-PAIN-1")
@GAMES
@given(game=played_games())
def test_legal_moves_are_the_cards_of_the_hand(game: PlayedGame) -> None:
    n = game.spec.players
    for state in game.states:
        for p in range(n):
            assert legal_moves(state, p) == expected_legal_moves(state, p), (state, p)
        check_players_to_act(state)
        for bad in (-1, n, n + 3):
            with pytest.raises(UnknownPlayerError):
                legal_moves(state, bad)
    assert game.final.is_over
    assert all(legal_moves(game.final, p) == () for p in range(n))


def _check_rejected(state: StichelnState, move: object) -> None:
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(state, move)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)
    assert state == snapshot


@rule("ST-PLAY-1", "ST-PLAY-2", "ST-PAIN-1")
@GAMES
@given(game=played_games(), data=st.data())
def test_illegal_moves_are_rejected_and_change_nothing(
    game: PlayedGame, data: st.DataObject
) -> None:
    indices = data.draw(
        st.lists(st.integers(0, len(game.states) - 1), min_size=1, max_size=6, unique=True),
        label="states",
    )
    indices.append(len(game.states) - 1)  # the end of the game, where nothing is legal
    for index in indices:
        state = game.states[index]
        snapshot = copy.deepcopy(state)
        candidates = illegal_moves_of(state)
        chosen = data.draw(
            st.lists(st.sampled_from(candidates), min_size=1, max_size=8, unique=True),
            label=f"illegal moves at state {index}",
        )
        for move in chosen:
            _check_rejected(state, move)
        _check_rejected(state, "R3")
        _check_rejected(state, None)
        # Every legal move is accepted, and the state is as usable as a copy made before.
        for p in range(state.players):
            assert legal_moves(snapshot, p) == legal_moves(state, p)
            for legal in expected_legal_moves(state, p):
                assert apply_move(state, legal) == apply_move(snapshot, legal)
        if index + 1 < len(game.states):
            assert apply_move(state, game.moves[index]) == game.states[index + 1]


@rule("ST-PAIN-1", "ST-PAIN-2")
@GAMES
@given(game=played_games())
def test_pain_cards_leave_the_hand_and_cannot_be_changed(game: PlayedGame) -> None:
    n = game.spec.players
    for before, move, after in zip(game.states[:-1], game.moves, game.states[1:], strict=True):
        if not isinstance(move, ChoosePain):
            assert before.phase is Phase.PLAYING
            continue
        p, card = move.player, move.card
        assert before.phase is Phase.CHOOSING_PAIN
        assert before.picks[p] is None
        assert before.trick_cards == ()
        assert before.tricks == ()
        assert card in before.hands[p]
        assert card not in after.hands[p]
        assert set(after.hands[p]) == set(before.hands[p]) - {card}
        assert after.picks[p] == card
        assert after.pick_order == (*before.pick_order, p)
        for q in range(n):
            if q != p:
                assert after.hands[q] == before.hands[q]
                assert after.picks[q] == before.picks[q]
        everyone = all(pick is not None for pick in after.picks)
        assert after.phase is (Phase.PLAYING if everyone else Phase.CHOOSING_PAIN)
        # The pick cannot be changed, neither for another card of the hand nor for itself.
        for other in [*list(after.hands[p])[:1], card]:
            _check_rejected(after, ChoosePain(p, other))
    for number, finished in enumerate(game.final.finished_rounds):
        hands = game.final.setup.deals[number].hands
        assert sorted(finished.pick_order) == list(range(n))
        for p, card in enumerate(finished.pain_cards):
            assert card in hands[p]


@rule("ST-PAIN-1")
@GAMES
@given(spec=game_specs(), data=st.data())
def test_the_order_of_the_pain_choices_does_not_matter(spec: GameSpec, data: st.DataObject) -> None:
    state = spec.start()
    n = spec.players
    picks = [data.draw(st.sampled_from(list(state.hands[p])), label=f"pick {p}") for p in range(n)]
    order_a = data.draw(st.permutations(range(n)), label="order a")
    order_b = data.draw(st.permutations(range(n)), label="order b")
    results = []
    for order in (order_a, order_b):
        current = state
        for p in order:
            assert current.phase is Phase.CHOOSING_PAIN
            current = apply_move(current, ChoosePain(p, picks[p]))
        assert current.phase is Phase.PLAYING
        assert current.pick_order == tuple(order)
        assert current.picks == tuple(picks)
        results.append(current)
    assert results[0]._replace(pick_order=()) == results[1]._replace(pick_order=())


# ==================================================================================================
# Whole games: tricks, rounds, leaders


@rule(
    "ST-PLAY-2",
    "ST-LEAD-2",
    "ST-ROUND-2",
    "ST-TRICK-1",
    "ST-TRICK-2",
    "ST-TRICK-3",
    "ST-TRICK-4",
    "ST-TRICK-5",
    "ST-TRICK-6",
)
@GAMES
@given(game=played_games())
def test_tricks_go_clockwise_and_their_winner_leads_next(game: PlayedGame) -> None:
    final = game.final
    n, rules = game.spec.players, game.spec.rules
    deck = set(rules.deck(n).cards)
    for number, finished in enumerate(final.finished_rounds):
        hands = final.setup.deals[number].hands
        won: list[set[Card]] = [set() for _ in range(n)]
        set_aside = deck - set().union(*(set(hand) for hand in hands))
        played: list[list[Card]] = [[] for _ in range(n)]
        leader = finished.tricks[0].leader
        for trick in finished.tricks:
            assert trick.leader == leader
            assert [seat for seat, _ in trick.plays] == [(leader + i) % n for i in range(n)]
            cards_played = [card for _, card in trick.plays]
            expected = _seat_winner(rules, leader, n, cards_played)
            assert trick.winner == expected, trick
            for seat, card in trick.plays:
                played[seat].append(card)
            if expected is None:
                set_aside |= set(cards_played)
            else:
                won[expected] |= set(cards_played)
                leader = expected
        for p in range(n):
            assert set(finished.won[p]) == won[p]
            assert Counter([*played[p], finished.pain_cards[p]]) == Counter(hands[p])
        assert set(finished.set_aside) == set_aside
    # The current trick of every state is played clockwise from its leader too.
    for state in game.states:
        if state.phase is Phase.PLAYING:
            assert [seat for seat, _ in state.current_trick] == [
                (state.trick_leader + i) % n for i in range(len(state.trick_cards))
            ]


@rule("ST-ROUND-1", "ST-LEAD-1", "ST-LEAD-3", "ST-GAME-1")
@GAMES
@given(game=played_games())
def test_rounds_have_fourteen_tricks_and_rotate_the_leader(game: PlayedGame) -> None:
    final = game.final
    spec = game.spec
    n = spec.players
    rounds = final.finished_rounds
    assert len(rounds) == spec.expected_rounds()
    assert final.rounds == spec.expected_rounds()
    first = final.setup.first_leader
    if spec.rules.first_leader is FirstLeader.GIVEN_SEAT:
        assert first == spec.first_leader
    assert 0 <= first < n
    assert game.states[0].trick_leader == first
    for number, finished in enumerate(rounds):
        assert finished.number == number
        assert len(finished.tricks) == 14
        assert finished.tricks[0].leader == (first + number) % n
        assert finished.leader == (first + number) % n
    if len(rounds) == n:
        assert sorted(finished.tricks[0].leader for finished in rounds) == list(range(n))
    # A round ends after 14 tricks, not earlier: the number of tricks only grows in a round.
    for state in game.states:
        if not state.is_over:
            assert len(state.tricks) < 14
            hand_sizes = {len(hand) for hand in state.hands}
            assert max(hand_sizes) - min(hand_sizes) <= 1


@rule("ST-LEAD-1")
@GAMES
@given(players=st.integers(3, 6), seed=seeds, data=st.data())
def test_the_given_seat_leads_the_first_trick(players: int, seed: int, data: st.DataObject) -> None:
    first = data.draw(st.integers(0, players - 1))
    state = new_game(players, seed, NSV, first)
    for p in range(players):
        state = apply_move(state, ChoosePain(p, next(iter(state.hands[p]))))
    assert state.to_act == first
    assert state.trick_leader == first
    # AMIGO 1993 draws the dealer; the leader sits left of the dealer whatever seat is given.
    amigo = new_game(players, seed, AMIGO_1993, first)
    assert new_game(players, seed, AMIGO_1993, (first + 1) % players) == amigo


def _zero_deal() -> tuple[tuple[str, ...], ...]:
    """A 3-player NSV deal, in display order: 0 holds R0-R8 Y0-Y5, 1 holds Y6-Y8 G0-G8 B0-B2,
    2 holds B3-B8 P0-P8."""
    deck = in_display_order(NSV.deck(3).cards)
    return (tuple(" ".join(map(str, deck[p * 15 : (p + 1) * 15])) for p in range(3)),)


@rule("ST-TRICK-6", "ST-TRICK-2", "ST-LEAD-2", "ST-ROUND-2")
@pytest.mark.parametrize("rules", [NSV, ONLINE_5_ROUNDS], ids=lambda r: r.name)
def test_a_trick_of_zeros_is_set_aside_or_goes_to_the_leader(rules: StichelnRules) -> None:
    deals = _zero_deal() * rules.rounds_for(3)
    state = new_game(3, seed=1, rules=rules, first_leader=0, deals=deals)
    for move in (ChoosePain(0, Card.parse("R8")), ChoosePain(1, Card.parse("B2"))):
        state = apply_move(state, move)
    state = apply_move(state, ChoosePain(2, Card.parse("P8")))
    zeros = [Card.parse(name) for name in ("R0", "G0", "P0")]
    for p, card in enumerate(zeros):
        state = apply_move(state, PlayCard(p, card))
    (trick,) = state.tricks
    assert trick.cards == tuple(zeros)
    if rules.all_zero_trick is AllZeroTrick.SET_ASIDE:
        assert trick.winner is None
        assert set(state.set_aside) == set(zeros)
        assert all(not pile for pile in state.won)
    else:
        assert trick.winner == 0
        assert set(state.won[0]) == set(zeros)
        assert not state.set_aside
    assert state.trick_leader == 0
    assert state.to_act == 0
    # Y0 leads, B0 is ignored, B3 is the only non-zero card of another colour: player 2 wins.
    for p, name in enumerate(("Y0", "B0", "B3")):
        state = apply_move(state, PlayCard(p, Card.parse(name)))
    assert state.tricks[-1].winner == 2
    assert state.to_act == 2
    assert set(state.won[2]) == {Card.parse(name) for name in ("Y0", "B0", "B3")}


# ==================================================================================================
# Scores and winners


@rule("ST-SCORE-1", "ST-SCORE-2", "ST-SCORE-3", "ST-PAIN-2")
@QUICK
@given(pain=cards(), won=card_sets)
def test_round_score_matches_the_reference(pain: Card, won: CardSet) -> None:
    won_cards = set(won) - {pain}
    assert round_score(pain, won_cards) == reference_round_score(pain, won_cards)
    for card in won_cards:
        expected = -card.value if card.color == pain.color else 1
        assert card_points(card, pain.color) == expected


@rule("ST-SCORE-1", "ST-SCORE-2", "ST-SCORE-3")
def test_round_score_example() -> None:
    pain = Card.parse("B5")
    won = CardSet.parse("B7 R4 Y2 P14 B0 A14")
    # -5 (pain card) -7 (B7) +1 +1 +1 (R4 Y2 P14) -0 (B0) +1 (A14)
    assert round_score(pain, won) == -5 - 7 + 1 + 1 + 1 - 0 + 1


@rule("ST-GAME-2")
@QUICK
@given(scores=st.lists(st.integers(-5, 5), min_size=1, max_size=8))
def test_winners_are_every_player_with_the_highest_total(scores: list[int]) -> None:
    assert set(winners(scores)) == argmax_set(scores)
    assert list(winners(scores)) == sorted(argmax_set(scores))
    places = ranking(scores)
    for p, score in enumerate(scores):
        assert places[p] == 1 + sum(1 for other in scores if other > score)


@rule("ST-SCORE-1", "ST-SCORE-2", "ST-SCORE-3", "ST-PAIN-2", "ST-GAME-2")
@GAMES
@given(game=played_games())
def test_scores_follow_the_scoring_rule(game: PlayedGame) -> None:
    n = game.spec.players
    totals = [0] * n
    for state in game.states:
        running = [0] * n
        for finished in state.finished_rounds:
            for p in range(n):
                running[p] += finished.scores[p]
        assert list(state.scores) == running
    for finished in game.final.finished_rounds:
        for p in range(n):
            expected = reference_round_score(finished.pain_cards[p], finished.won[p])
            assert finished.scores[p] == expected
            totals[p] += expected
    assert list(game.final.scores) == totals
    assert set(game.final.winners) == argmax_set(totals)
    assert all(state.winners == () for state in game.states[:-1])


# ==================================================================================================
# Views


def _cards_in_view_of_round(view: StichelnView) -> set[Card]:
    """Every card that the round-in-progress fields of a view show."""
    shown = set(view.hand) | set(view.set_aside)
    shown |= {card for card in view.pain_cards if card is not None}
    shown |= {card for _, card in view.current_trick}
    for trick in view.tricks:
        shown |= set(trick.cards)
    for pile in view.won:
        shown |= set(pile)
    return shown


@rule("ST-PAIN-1")
@GAMES
@given(game=played_games())
def test_views_show_the_own_hand_only(game: PlayedGame) -> None:
    n = game.spec.players
    for state in game.states:
        for p in range(n):
            view = observe(state, p)
            assert view.player == p
            assert view.hand == state.hands[p]
            assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
            hidden = hidden_from(state, p)
            leaked = _cards_in_view_of_round(view) & hidden
            assert not leaked, f"view of {p} shows hidden cards {in_display_order(leaked)}"
            if state.phase is Phase.CHOOSING_PAIN:
                for q in range(n):
                    expected = state.picks[p] if q == p else None
                    assert view.pain_cards[q] == expected
                assert view.has_chosen == tuple(pick is not None for pick in state.picks)
            elif state.phase is Phase.PLAYING:
                assert view.pain_cards == state.picks
            else:
                assert view.pain_cards == (None,) * n


@rule("ST-PAIN-1")
@GAMES
@given(game=played_games(complete=False))
def test_unseen_cards_are_the_hidden_cards(game: PlayedGame) -> None:
    state = game.final
    if state.is_over:
        state = game.states[-2]
    for p in range(game.spec.players):
        assert set(observe(state, p).unseen_cards) == hidden_from(state, p)


@rule("ST-PAIN-1")
@settings(
    max_examples=5,
    deadline=None,
    phases=[Stage.explicit, Stage.reuse, Stage.generate, Stage.shrink],
)
@given(spec=game_specs(max_players=4), moves_seed=seeds)
def test_no_card_is_unseen_after_the_game(spec: GameSpec, moves_seed: int) -> None:
    # Once the game is over nobody holds a card and every card was played face up, so no card
    # is hidden from anyone (StichelnView.unseen_cards: "the other players' hands, and their pain
    # cards while still face down").
    final = list(play_random_game(spec.start(), random.Random(moves_seed)))[-1]
    assert final.is_over
    for p in range(spec.players):
        assert hidden_from(final, p) == set()
        assert set(observe(final, p).unseen_cards) == set()


def _replay(
    game: PlayedGame, moves: list[StichelnMove], deals: list[tuple[CardSet, ...]]
) -> StichelnState:
    spec = game.spec
    state = new_game(spec.players, spec.seed, spec.rules, spec.first_leader, deals=deals)
    for move in moves:
        state = apply_move(state, move)
    return state


@rule("ST-PAIN-1", "ST-DEAL-1")
@GAMES
@given(game=played_games(complete=False), data=st.data())
def test_views_depend_on_public_information_only(game: PlayedGame, data: st.DataObject) -> None:
    n = game.spec.players
    choosing = [i for i, s in enumerate(game.states) if s.phase is Phase.CHOOSING_PAIN]
    index = data.draw(
        st.one_of(st.sampled_from(choosing), st.integers(0, len(game.states) - 1)),
        label="state",
    )
    state = game.states[index]
    if state.is_over:
        index -= 1
        state = game.states[index]
    player = data.draw(st.integers(0, n - 1), label="observer")
    others = [q for q in range(n) if q != player]
    moves = list(game.moves[:index])
    deals = [deal.hands for deal in state.setup.deals]
    number = state.round_number
    changed: list[int] = []
    swapped: set[Card] = set()
    # 1. Swap a card between the hands of two other players.
    q, r = data.draw(st.permutations(others), label="swappers")[:2]
    if state.hands[q] and state.hands[r]:
        x = data.draw(st.sampled_from(list(state.hands[q])), label="card of q")
        y = data.draw(st.sampled_from(list(state.hands[r])), label="card of r")
        hands = list(deals[number])
        hands[q] = hands[q].remove(x).add(y)
        hands[r] = hands[r].remove(y).add(x)
        deals[number] = tuple(hands)
        swapped |= {x, y}
        changed.append(q)
    # 2. Change another player's face-down pain card for another card of their hand.
    if state.phase is Phase.CHOOSING_PAIN:
        chosen = [q for q in others if state.picks[q] is not None]
        if chosen:
            q = data.draw(st.sampled_from(chosen), label="picker")
            choices = [card for card in state.hands[q] if card not in swapped]
            new_pick = data.draw(st.sampled_from(choices), label="new pick")
            # The round's moves so far are its pain choices, the last moves of the game.
            head = moves[: len(moves) - len(state.pick_order)]
            tail = moves[len(moves) - len(state.pick_order) :]
            moves = head + [ChoosePain(q, new_pick) if m.player == q else m for m in tail]
            changed.append(q)
    # 3. Deal the later rounds differently.
    rnd = random.Random(data.draw(seeds, label="later deals"))
    for later in range(number + 1, len(deals)):
        deals[later] = random_deal(game.spec.rules, n, rnd)
    other = _replay(game, moves, deals)
    event(f"hidden changes: {len(changed)} ({state.phase.value})")
    assert observe(other, player) == observe(state, player)
    for q in changed:
        assert observe(other, q) != observe(state, q), "the change was not hidden information"


# ==================================================================================================
# Determinism and records


@rule("ST-DEAL-1", "ST-LEAD-1")
@GAMES
@given(game=played_games(complete=False))
def test_same_seed_and_moves_give_the_same_game(game: PlayedGame) -> None:
    state = game.spec.start()
    assert state == game.states[0]
    for move, expected in zip(game.moves, game.states[1:], strict=True):
        state = apply_move(state, move)
        assert state == expected
    assert game.states[-1].moves == game.moves


@rule("ST-DEAL-1", "ST-GAME-1")
@pytest.mark.parametrize("preset", preset_names)
@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_records_round_trip_through_json(preset: str, data: st.DataObject) -> None:
    specs = game_specs(rules=st.just(STICHELN_PRESETS[preset]))
    game = data.draw(played_games(specs, complete=data.draw(st.booleans(), label="complete")))
    points = data.draw(
        st.lists(st.integers(0, len(game.states) - 1), min_size=1, max_size=4), label="points"
    )
    points.append(len(game.states) - 1)
    full = StichelnRecord.from_state(game.final)
    for point in points:
        state = game.states[point]
        record = StichelnRecord.from_state(state)
        back = StichelnRecord.from_json(record.to_json())
        assert back == record
        assert back.replay() == state
        assert full.replay(moves=point) == state
        assert len(back.moves) == point


# ==================================================================================================
# Rules presets


@rule("ST-GAME-1", "ST-DECK-1")
def test_presets_and_their_player_counts() -> None:
    assert set(preset_names) == {"nsv", "amigo-1993", "online-5-rounds", "eight-players"}
    assert STICHELN_PRESETS["nsv"].player_counts == (3, 4, 5, 6)
    assert STICHELN_PRESETS["eight-players"].player_counts == (3, 4, 5, 6, 7, 8)
    for name in preset_names:
        rules = STICHELN_PRESETS[name]
        assert StichelnRules.from_dict(rules.to_dict()) == rules
        for players in rules.player_counts:
            assert rules.deck(players).size >= rules.hand_size * players
            expected = {"online-5-rounds": 5, "tiny": 1}.get(name, players)
            assert rules.rounds_for(players) == expected
    assert MAX_VALUE == 20
