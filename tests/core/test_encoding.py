"""The encodings for learning agents: fixed action indices, masks that are exactly the legal
moves, observations read from the view only (unchanged when hidden cards are resampled)."""

from __future__ import annotations

import random
from itertools import islice
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.strategies import integers

import sticheln as st
from sticheln import Card, ChoosePain, Deck, PlayCard, StichelnRules, find_game
from sticheln.hattrick import HattrickGame
from sticheln.stichling import AddToTrick, ArrangePoints, OpenTrick, StichlingGame
from tests.plays import random_plays

CASES = [
    (name, preset, players)
    for name in ("sticheln", "hattrick", "stichling")
    for preset in find_game(name).info.presets
    for players in find_game(name, preset).player_counts
]


def _random_states(game: Any, players: int, seed: int, limit: int = 400) -> list[Any]:
    return [state for state, _ in islice(random_plays(game, players, seed), limit)]


@pytest.mark.parametrize(("name", "preset", "players"), CASES)
def test_masks_are_the_legal_moves_and_indices_name_them(
    name: str, preset: str, players: int
) -> None:
    game = find_game(name, preset)
    encoding = game.encoding(players)
    assert len(set(encoding.action_names)) == encoding.num_actions
    for state in _random_states(game, players, seed=3)[::3]:
        for seat in range(players):
            moves = game.legal_moves(state, seat)
            indices = [encoding.action_index(move) for move in moves]
            assert len(set(indices)) == len(moves)
            assert all(0 <= i < encoding.num_actions for i in indices)
            mask = encoding.action_mask(state, seat)
            assert [i for i, bit in enumerate(mask) if bit] == sorted(indices)
            assert encoding.legal_actions(state, seat) == tuple(sorted(indices))
            for move, index in zip(moves, indices, strict=True):
                assert encoding.action_move(state, seat, index) == move


@pytest.mark.parametrize(("name", "preset", "players"), CASES)
def test_observations_read_only_the_view(name: str, preset: str, players: int) -> None:
    game = find_game(name, preset)
    encoding = game.encoding(players)
    rng = random.Random(11)
    for state in _random_states(game, players, seed=5)[::7]:
        for seat in range(players):
            view = game.observe(state, seat)
            vector = encoding.observation(view)
            assert len(vector) == encoding.observation_size
            resampled = game.sample_state(view, rng)
            assert encoding.observation(game.observe(resampled, seat)) == vector


@pytest.mark.parametrize(("name", "preset", "players"), CASES[::3])
def test_the_layout_covers_the_vector_in_order(name: str, preset: str, players: int) -> None:
    encoding = find_game(name, preset).encoding(players)
    offset = 0
    for segment in encoding.layout:
        assert segment.offset == offset
        assert segment.size > 0
        assert segment.description
        offset += segment.size
    assert offset == encoding.observation_size
    assert len({segment.name for segment in encoding.layout}) == len(encoding.layout)


def _segment(encoding: Any, vector: Any, name: str) -> list[int]:
    (segment,) = [s for s in encoding.layout if s.name == name]
    return list(vector[segment.offset : segment.offset + segment.size])


SMALL = StichelnRules(name="small", decks=[Deck(3, "RYG", 1, 3)], hand_size=3)
"""Nine cards, R1 R2 R3 Y1 Y2 Y3 G1 G2 G3: places 0 to 8 in the deck."""


def test_a_sticheln_observation_worked_out_by_hand() -> None:
    game = st.StichelnGame(SMALL)
    encoding = game.encoding(3)
    assert encoding.action_names == ("R1", "R2", "R3", "Y1", "Y2", "Y3", "G1", "G2", "G3")
    state = st.new_game(3, rules=SMALL, deals=[["R1 Y2 G3", "R2 Y3 G1", "R3 Y1 G2"]] * 3)
    for seat, card in [(0, "G3"), (1, "R2"), (2, "Y1")]:
        state = st.apply_move(state, ChoosePain(seat, Card.parse(card)))
    state = st.apply_move(state, PlayCard(0, Card.parse("R1")))
    # Seat 2's view: itself first, then seat 0 (relative seat 1), then seat 1 (2).
    vector = encoding.observation(st.observe(state, 2))
    assert _segment(encoding, vector, "phase") == [0, 1, 0]
    assert _segment(encoding, vector, "hand") == [0, 0, 1, 0, 0, 0, 0, 1, 0]  # R3, G2
    assert _segment(encoding, vector, "own_pain_card") == [0, 0, 0, 1, 0, 0, 0, 0, 0]  # Y1
    assert _segment(encoding, vector, "pain_card_1") == [0, 0, 0, 0, 0, 0, 0, 0, 1]  # G3
    assert _segment(encoding, vector, "pain_card_2") == [0, 1, 0, 0, 0, 0, 0, 0, 0]  # R2
    assert _segment(encoding, vector, "trick_leader") == [0, 1, 0]
    assert _segment(encoding, vector, "current_trick_1") == [1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert _segment(encoding, vector, "current_trick_0") == [0] * 9
    assert _segment(encoding, vector, "to_act") == [0, 0, 1]  # seat 1 plays next
    assert _segment(encoding, vector, "hand_sizes") == [2, 1, 2]
    assert _segment(encoding, vector, "rounds_left") == [2]
    # Seat 1 plays Y3 (its only card... of two: Y3, G1): its index is the place of Y3.
    assert encoding.action_index(PlayCard(1, Card.parse("Y3"))) == 5
    assert encoding.legal_actions(state, 1) == (5, 6)


def test_stichling_action_indices_worked_out_by_hand() -> None:
    encoding = StichlingGame().encoding(2)
    # 6 orders; the 24 cards of 2 players (R, Y, G, B; 1 to 6) opening; 4 x 24 adding.
    assert encoding.num_actions == 6 + 24 + 4 * 24
    assert encoding.action_index(ArrangePoints(0, (1, 2, 3))) == 0
    assert encoding.action_index(ArrangePoints(1, (3, 2, 1))) == 5
    assert encoding.action_index(OpenTrick(0, Card.parse("R1"))) == 6
    assert encoding.action_index(OpenTrick(0, Card.parse("Y1"))) == 6 + 6
    assert encoding.action_index(AddToTrick(0, Card.parse("R1"), 0)) == 30
    assert encoding.action_index(AddToTrick(0, Card.parse("B6"), 3)) == 125
    assert encoding.action_names[125] == "B6>4"


def test_hattrick_indices_are_places_in_the_deck() -> None:
    encoding = HattrickGame().encoding(4)
    assert encoding.num_actions == 60
    assert encoding.action_names[20] == "G1"  # red 1-20 first, then green
    state = st.hattrick.new_game(4, seed=1)
    (first,) = [i for i, bit in enumerate(encoding.action_mask(state, 0)) if bit][:1]
    assert encoding.action_move(state, 0, first).card == Card.parse(encoding.action_names[first])


def test_bad_actions_and_player_counts_raise_typed_errors() -> None:
    game = find_game("sticheln")
    encoding = game.encoding(4)
    state = game.new_game(4, seed=1)
    illegal = encoding.action_mask(state, 0).index(0)
    with pytest.raises(st.IllegalMoveError, match=r"is not a legal move of player 0 now"):
        encoding.action_move(state, 0, illegal)
    with pytest.raises(st.IllegalMoveError, match=r"out of range 0-59"):
        encoding.action_move(state, 0, 60)
    with pytest.raises(st.WrongTypeError, match="an action must be an int"):
        encoding.action_move(state, 0, "3")  # type: ignore[arg-type]
    with pytest.raises(st.RulesError, match="not 7"):
        game.encoding(7)
    with pytest.raises(st.WrongTypeError):
        game.encoding("4")  # type: ignore[arg-type]


def test_a_numpy_integer_is_an_action() -> None:
    np = pytest.importorskip("numpy")  # the rl extra
    game = find_game("sticheln")
    encoding = game.encoding(4)
    state = game.new_game(4, seed=1)
    legal = encoding.legal_actions(state, 0)[0]
    assert encoding.action_move(state, 0, np.int64(legal)) == encoding.action_move(state, 0, legal)


def test_numpy_arrays_match_the_lists() -> None:
    np = pytest.importorskip("numpy")  # the rl extra
    game = find_game("hattrick")
    encoding = game.encoding(5)
    state = game.new_game(5, seed=2)
    view = game.observe(state, 3)
    array = encoding.observation_array(view)
    assert array.dtype == np.int8
    assert array.tolist() == list(encoding.observation(view))
    mask = encoding.mask_array(state, 0)
    assert mask.dtype == np.int8
    assert mask.tolist() == encoding.action_mask(state, 0)


def test_a_total_beyond_int8_is_clipped_and_its_segment_says_so() -> None:
    from sticheln.core.encoding import ObservationWriter

    writer = ObservationWriter([0], 1, describe=lambda name: name)
    writer.numbers("scores", [-500, -128, 0, 127, 300], low=-600, high=400)
    assert list(writer.values) == [-128, -128, 0, 127, 127]
    assert writer.layout is not None
    (segment,) = writer.layout
    assert (segment.low, segment.high, segment.clipped, segment.binary) == (-128, 127, True, False)


def test_segments_say_their_ranges() -> None:
    # SMALL, 3 players: hands of 3, 3 rounds; a colour sums to 1 + 2 + 3 = 6 and the deck has
    # 9 cards, so a total lies between 3 x -6 = -18 and 3 x 9 = 27.
    encoding = st.StichelnGame(SMALL).encoding(3)
    segments = {segment.name: segment for segment in encoding.layout}
    for name in ("phase", "hand", "own_pain_card", "has_chosen", "won_0", "to_act"):
        assert (segments[name].low, segments[name].high, segments[name].binary) == (0, 1, True)
    ranges = {name: (segments[name].low, segments[name].high) for name in segments}
    assert ranges["hand_sizes"] == (0, 3)
    assert ranges["rounds_left"] == (0, 2)
    assert ranges["scores"] == (-18, 27)
    assert not any(segment.clipped for segment in encoding.layout)
    low, high = encoding.observation_bounds()
    sizes = segments["hand_sizes"]
    assert len(low) == len(high) == encoding.observation_size
    assert low[: sizes.offset] == (0,) * sizes.offset
    assert low[sizes.offset : sizes.offset + 3] == (0, 0, 0)
    assert high[sizes.offset : sizes.offset + 3] == (3, 3, 3)
    assert low[-3:] == (-18,) * 3
    assert high[-3:] == (27,) * 3


def test_the_ranges_follow_the_rules_of_each_game() -> None:
    # Sticheln, 4 players (nsv): hands of 15, 4 rounds; a colour of 0-11 sums to 66, the deck
    # has 60 cards: totals from -264 to 240, beyond int8.
    sticheln = {s.name: s for s in find_game("sticheln").encoding(4).layout}
    assert (sticheln["hand_sizes"].low, sticheln["hand_sizes"].high) == (0, 15)
    assert (sticheln["rounds_left"].low, sticheln["rounds_left"].high) == (0, 3)
    assert (sticheln["scores"].low, sticheln["scores"].high, sticheln["scores"].clipped) == (
        -128,
        127,
        True,
    )
    # Hattrick tiny, 3 players: 6 cards, hands of 2, a game of one hand; -1 a card and -2 a
    # passed card at worst: -(6 + 2 x 2) = -10, +1 a card at best: 6.
    hattrick = {s.name: s for s in find_game("hattrick", "tiny").encoding(3).layout}
    assert (hattrick["pass_counts"].low, hattrick["pass_counts"].high) == (0, 2)
    assert (hattrick["hand_sizes"].low, hattrick["hand_sizes"].high) == (0, 2)
    assert "hands_left" not in hattrick  # nothing to count
    assert (hattrick["scores"].low, hattrick["scores"].high) == (-10, 6)
    # Stichling, 3 players: victory points 1 to 9, 36 cards in tricks of 4 (at most 9 won),
    # 3 hands, a total of at most 3 x 9.
    stichling = {s.name: s for s in find_game("stichling").encoding(3).layout}
    assert (stichling["points"].low, stichling["points"].high) == (1, 9)
    assert (stichling["row_2"].low, stichling["row_2"].high) == (-1, 9)
    assert (stichling["open_trick_marker"].low, stichling["open_trick_marker"].high) == (-1, 2)
    assert (stichling["tricks_won"].low, stichling["tricks_won"].high) == (0, 9)
    assert (stichling["hand_sizes"].low, stichling["hand_sizes"].high) == (0, 12)
    assert (stichling["hands_left"].low, stichling["hands_left"].high) == (0, 2)
    assert (stichling["scores"].low, stichling["scores"].high) == (0, 27)


def test_a_numbers_segment_refuses_a_number_outside_its_range() -> None:
    from sticheln.core.encoding import ObservationWriter

    writer = ObservationWriter((), 0, describe=lambda name: name)
    writer.numbers("counts", [0, 4, 5], low=0, high=5)
    writer.numbers("markers", [-1, 2], low=-1, high=3)
    assert list(writer.values) == [0, 4, 5, -1, 2]
    assert writer.layout is not None
    assert [(s.name, s.low, s.high, s.clipped) for s in writer.layout] == [
        ("counts", 0, 5, False),
        ("markers", -1, 3, False),
    ]
    with pytest.raises(ValueError, match=r"segment 'counts': 6 is outside its range 0..5"):
        writer.numbers("counts", [1, 6], low=0, high=5)
    with pytest.raises(ValueError, match=r"segment 'markers': -2 is outside its range -1..3"):
        writer.numbers("markers", [-2], low=-1, high=3)
    with pytest.raises(ValueError, match=r"segment 'empty': the range 3..2 is empty"):
        writer.numbers("empty", [1], low=3, high=2)


@pytest.mark.parametrize(("name", "preset", "players"), CASES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=integers(0, 2**32 - 1))
def test_random_play_stays_within_the_declared_ranges(
    name: str, preset: str, players: int, seed: int
) -> None:
    game = find_game(name, preset)
    encoding = game.encoding(players)
    low, high = encoding.observation_bounds()
    for step, (state, move) in enumerate(random_plays(game, players, seed)):
        # one seat a state, in turn, and every seat at the end
        for seat in range(players) if move is None else (step % players,):
            # the writer refuses a number outside its segment's range with a ValueError
            vector = encoding.observation(game.observe(state, seat))
            outside = [
                (segment.name, vector[i])
                for segment in encoding.layout
                for i in range(segment.offset, segment.offset + segment.size)
                if not low[i] <= vector[i] <= high[i]
            ]
            assert not outside, outside
