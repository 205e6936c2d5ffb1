"""sticheln.stichling.batch: lockstep random playouts of Stichling, checked move by move against
the engine."""

from __future__ import annotations

import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")

from sticheln import RulesError, SetupError, WrongTypeError  # noqa: E402
from sticheln import stichling as sl  # noqa: E402
from sticheln.core.stream import PLAYOUTS_VARIABLE  # noqa: E402
from sticheln.stichling.batch import (  # noqa: E402
    StichlingBatchResult,
    _draw,
    random_games,
    simulate,
)

VARIANT = sl.StichlingRules(
    name="variant",
    removed_cards=sl.RemovedCards.RANDOM,
    same_color=sl.SameColor.FORBIDDEN,
    counted_cards=sl.CountedCards.LED_COLOR,
    open_at_end=sl.OpenAtEnd.MARKER,
    hand_leader=sl.HandLeader.SAME,
)
"""Every option that no preset has: the whole box shuffled, no second trick of an open colour,
discards that do not count, open tricks to their marker holders, one leader for every hand."""

SIX = sl.StichlingRules(
    name="six",
    colors="RGBP",
    values_per_player=2,
    player_counts=(6,),
    points=((0, 5, 7), (1, 2, 3), (2, 4, 6), (9, 3, 1)),
    discards=sl.Discards.WHEN_NOTHING_FITS,
    full_tie=sl.FullTie.MOST_TRICKS,
)
"""Other colours, eight cards a hand for six players, four hands of other points."""

OPTIONS = [
    sl.StichlingRules(name=f"{field}-{value.value}", **{field: value})
    for field, kind in [
        ("removed_cards", sl.RemovedCards),
        ("discards", sl.Discards),
        ("same_color", sl.SameColor),
        ("counted_cards", sl.CountedCards),
        ("open_at_end", sl.OpenAtEnd),
        ("hand_leader", sl.HandLeader),
        ("full_tie", sl.FullTie),
    ]
    for value in kind
    if value != getattr(sl.RAVENSBURGER_2015, field)
]
"""The default rules with one option changed, for every value of every option."""

CASES = [
    (rules, n)
    for rules in (*sl.STICHLING_PRESETS.values(), VARIANT, SIX)
    for n in rules.player_counts
] + [(rules, 3) for rules in OPTIONS]
SAMPLE = (0, 1, 6, 13)  # games replayed per rules and player count


def case_id(case: tuple[sl.StichlingRules, int]) -> str:
    rules, n = case
    return f"{rules.name}-{n}"


def engine_game(result: StichlingBatchResult, game: int, uniforms: np.ndarray) -> sl.StichlingState:
    """Play ``game`` of the batch on the engine from the batch's deals, each move the legal
    move at place ``int(u * len(moves))`` of :func:`~sticheln.stichling.legal_moves`, ``u`` the
    batch's number of the move, checking that it is the batch's move; the final state."""
    rules, n = result.rules, result.players
    state = sl.new_game(
        n, rules=rules, first_leader=result.first_leader, deals=result.deal_hands(game)
    )
    batch_moves = result.moves_of(game)
    numbers = uniforms[game * rules.hand_count : (game + 1) * rules.hand_count].ravel()
    assert len(batch_moves) == len(numbers)
    for i, (u, made) in enumerate(zip(numbers.tolist(), batch_moves, strict=True)):
        player = state.players_to_act[0]
        moves = sl.legal_moves(state, player)
        assert made == moves[int(u * len(moves))], (game, i)
        state = sl.apply_move(state, made)
    assert state.is_over
    return state


def check_game(result: StichlingBatchResult, game: int, state: sl.StichlingState) -> None:
    """The batch's rows of victory-point cards, tricks won, hand scores and totals of
    ``game`` are those of the engine's final ``state``."""
    n = result.players
    for number, hand in enumerate(state.finished_hands):
        tricks = [*hand.tricks, *hand.left_open]
        won = [sum(trick.winner == p for trick in tricks) for p in range(n)]
        assert result.tricks_won[game, number].tolist() == won, (game, number)
        assert result.hand_scores[game, number].tolist() == list(hand.scores), (game, number)
        assert [tuple(row) for row in result.orders[game, number].tolist()] == list(hand.orders)
    assert tuple(result.scores[game].tolist()) == state.scores


@pytest.mark.rule(
    "SL-DEAL-1", "SL-VP-2", "SL-PLAY-1", "SL-PLAY-2", "SL-PLAY-3", "SL-PLAY-4", "SL-PLAY-5",
    "SL-TRICK-1", "SL-TRICK-2", "SL-HAND-1", "SL-SCORE-1", "SL-LEAD-2", "SL-GAME-1",
)  # fmt: skip
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_batch_games_are_the_engines_random_games(
    case: tuple[sl.StichlingRules, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules, n = case
    monkeypatch.setenv(PLAYOUTS_VARIABLE, "python")  # the numpy loop; the compiled one below
    result = simulate(rules, n, games=20, seed=11, first_leader=n - 1)
    _, uniforms = _draw(rules, n, 20, np.random.default_rng(11))
    hands = rules.hand_count
    per_game = hands * (n + rules.hand_size * n)
    assert result.moves == 20 * per_game
    assert result.game_moves.shape == result.move_players.shape == (20, per_game)
    assert result.move_slots.shape == (20, per_game)
    assert result.deals.shape == (20, hands, n, rules.hand_size)
    assert result.orders.shape == (20, hands, n, 3)
    assert result.tricks_won.shape == result.hand_scores.shape == (20, hands, n)
    assert result.scores.shape == (20, n)
    for game in SAMPLE:
        check_game(result, game, engine_game(result, game, uniforms))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_compiled_hands_make_numpys_batch(
    case: tuple[sl.StichlingRules, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With numba (the fast extra) the hands are played by compiled code: the batch is array
    for array the one of the numpy loop, whose games the test above plays on the engine."""
    pytest.importorskip("numba")
    rules, n = case
    batches = []
    for path in ("python", "compiled"):
        monkeypatch.setenv(PLAYOUTS_VARIABLE, path)
        batches.append(simulate(rules, n, 200, seed=5, first_leader=1))
    numpy_batch, compiled_batch = batches
    for name in (
        "deals",
        "orders",
        "game_moves",
        "move_players",
        "move_slots",
        "tricks_won",
        "hand_scores",
        "scores",
    ):
        assert np.array_equal(getattr(numpy_batch, name), getattr(compiled_batch, name)), name
    assert numpy_batch.moves == compiled_batch.moves


def test_the_compiled_games_replay_on_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba")
    monkeypatch.setenv(PLAYOUTS_VARIABLE, "compiled")
    result = simulate(sl.RAVENSBURGER_2015, 5, games=10, seed=3)
    _, uniforms = _draw(sl.RAVENSBURGER_2015, 5, 10, np.random.default_rng(3))
    for game in (0, 9):
        check_game(result, game, engine_game(result, game, uniforms))


def test_the_moves_of_a_game_read_as_the_engines_moves() -> None:
    # 2 players, tiny rules: one hand of 4 cards each, 2 orders and 8 plays.
    result = simulate(sl.TINY, 2, games=3, seed=1)
    moves = result.moves_of(2)
    assert [type(move) for move in moves[:2]] == [sl.ArrangePoints] * 2
    assert [move.player for move in moves] == [0, 1, 0, 1, 0, 1, 0, 1, 0, 1]
    assert all(isinstance(move, sl.OpenTrick | sl.AddToTrick) for move in moves[2:])
    assert isinstance(moves[2], sl.OpenTrick)  # no trick is open for the first card
    assert result.game_moves[2, :2].tolist() == [-1, -1]
    for move, card, slot in zip(
        moves[2:], result.game_moves[2, 2:].tolist(), result.move_slots[2, 2:].tolist(), strict=True
    ):
        assert move.card.index == card
        assert slot == (0 if isinstance(move, sl.OpenTrick) else move.trick + 1)


def test_record_replays_a_batch_game() -> None:
    result = simulate(sl.SPIELETEST, 3, games=5, seed=2)
    for game in range(5):
        state = result.record(game).replay()
        assert state.scores == tuple(result.scores[game].tolist())
    record = result.record(3)
    assert sl.StichlingRecord.from_json(record.to_json()).replay().is_over
    assert result.moves_of(3) == record.moves
    assert record.first_leader == 0


def test_the_same_seed_gives_the_same_batch() -> None:
    def arrays(result: StichlingBatchResult) -> list[object]:
        return [
            result.deals.tolist(),
            result.orders.tolist(),
            result.game_moves.tolist(),
            result.move_slots.tolist(),
            result.tricks_won.tolist(),
            result.hand_scores.tolist(),
            result.scores.tolist(),
        ]

    one = simulate(sl.RAVENSBURGER_2015, 4, games=30, seed=9)
    two = simulate(sl.RAVENSBURGER_2015, 4, games=30, seed=9)
    assert arrays(one) == arrays(two)
    assert arrays(one) != arrays(simulate(sl.RAVENSBURGER_2015, 4, games=30, seed=10))


@pytest.mark.rule("SL-VP-2", "SL-DECK-2")
def test_the_orders_and_the_deal_look_uniform() -> None:
    # Each of the 6 orders of the first hand's victory-point cards is laid about as often,
    # and every card of the 2-player deck (values 1 to 6) is dealt to seat 0 about half the
    # time.
    games = 2000
    result = simulate(sl.RAVENSBURGER_2015, 2, games=games, seed=1)
    rows = result.orders[:, 0].reshape(-1, 3).tolist()
    counts = [rows.count(list(order)) for order in sorted(set(map(tuple, rows)))]
    assert len(counts) == 6
    assert sorted(set(map(tuple, rows))) == [
        (1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1),
    ]  # fmt: skip
    expected = len(rows) / 6
    assert max(abs(c - expected) for c in counts) < 5 * expected**0.5, counts
    seat0 = np.bincount(result.deals[:, :, 0].ravel().astype(int), minlength=64)
    deck = [card.index for card in sl.RAVENSBURGER_2015.deck(2)]
    assert sorted(np.flatnonzero(seat0).tolist()) == deck
    half = games * 3 / 2
    assert abs(seat0[deck] - half).max() < 5 * (half / 2) ** 0.5, seat0[deck]


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"rules": "ravensburger-2015"}, WrongTypeError),
        ({"players": "4"}, WrongTypeError),
        ({"players": True}, WrongTypeError),
        ({"players": 6}, RulesError),
        ({"rules": sl.TINY, "players": 4}, RulesError),
        ({"games": 0}, SetupError),
        ({"games": 2.0}, WrongTypeError),
        ({"seed": -1}, SetupError),
        ({"seed": "1"}, WrongTypeError),
        ({"seed": None}, WrongTypeError),
        ({"first_leader": 4}, SetupError),
        ({"first_leader": -1}, SetupError),
        ({"first_leader": 1.0}, WrongTypeError),
        ({"observations": 1}, WrongTypeError),
        ({"observations": True, "observed_games": 3}, SetupError),
        ({"observations": True, "observed_games": -1}, SetupError),
        ({"observations": True, "observed_games": "1"}, WrongTypeError),
        ({"observe": True}, TypeError),
    ],
)
def test_bad_arguments_raise_typed_errors(kwargs: dict[str, object], error: type) -> None:
    arguments: dict[str, object] = {"games": 2, **kwargs}
    with pytest.raises(error):
        simulate(**arguments)  # type: ignore[arg-type]


def test_bad_game_numbers_raise_typed_errors() -> None:
    result = simulate(sl.RAVENSBURGER_2015, 4, games=2)
    with pytest.raises(SetupError, match="game"):
        result.record(2)
    with pytest.raises(SetupError, match="game"):
        result.deal_hands(-1)
    with pytest.raises(WrongTypeError, match="game"):
        result.moves_of("0")  # type: ignore[arg-type]
    assert result.moves_of(np.int64(1)) == result.record(1).moves  # numpy ints are accepted


def test_import_sticheln_does_not_import_the_batch() -> None:
    code = (
        "import sys, sticheln, sticheln.stichling; "
        "print('sticheln.stichling.batch' in sys.modules, 'numpy' in sys.modules)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.split() == ["False", "False"]


def test_random_games_are_the_games_of_their_seeds_alone() -> None:
    game = sl.StichlingGame(VARIANT, first_leader=2)
    played = random_games(game, 4, [7, 8, 7])
    for one, seed in zip(played, [7, 8, 7], strict=True):
        assert one.record == simulate(VARIANT, 4, games=1, seed=seed, first_leader=2).record(0)
        assert one.record.first_leader == 2
        alone = simulate(VARIANT, 4, games=1, seed=seed, first_leader=2, observations=True)
        assert one.observations == alone.observations.tobytes()
        assert one.masks == alone.action_masks.tobytes()
    assert played[0].record == played[2].record != played[1].record
    assert random_games(game, 4, []) == ()
    with pytest.raises(WrongTypeError, match="game must be"):
        random_games(VARIANT, 4, [1])  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="seed"):
        random_games(game, 4, [1, -1])
    with pytest.raises(RulesError, match="not 7"):
        random_games(game, 7, [1])


OBSERVED = [
    (sl.RAVENSBURGER_2015, 4),
    (sl.SPIELETEST, 2),
    (sl.TINY, 3),
    (VARIANT, 5),
    (SIX, 6),
    (OPTIONS[0], 3),  # the whole box shuffled: cards that nobody holds
]


@pytest.mark.parametrize("case", OBSERVED, ids=case_id)
def test_the_observations_and_masks_are_the_encodings(case: tuple[sl.StichlingRules, int]) -> None:
    rules, n = case
    result = simulate(rules, n, games=6, seed=8, first_leader=1, observations=True,
                      observed_games=3)  # fmt: skip
    game = sl.StichlingGame(rules, first_leader=1)
    encoding = game.encoding(n)
    per_game = result.game_moves.shape[1]
    assert result.observed_games == 3
    assert result.observations.shape == (3, per_game, encoding.observation_size)
    assert result.action_masks.shape == (3, per_game, encoding.num_actions)
    for index in range(3):
        state = game.new_game(n, deals=result.deal_hands(index))
        for i, move in enumerate(result.moves_of(index)):
            view = game.observe(state, move.player)
            assert result.observations[index, i].tolist() == list(encoding.observation(view)), i
            assert result.action_masks[index, i].tolist() == encoding.action_mask(
                state, move.player
            ), i
            state = game.apply_move(state, move)


def test_observations_are_asked_for() -> None:
    plain = simulate(sl.TINY, 2, games=4, seed=1)
    assert (plain.observed_games, plain.observations, plain.action_masks) == (0, None, None)
    none = simulate(sl.TINY, 2, games=4, seed=1, observed_games=2)  # without observations
    assert none.observations is None
    observed = simulate(sl.TINY, 2, games=4, seed=1, observations=True)
    assert observed.observed_games == 4
    assert np.array_equal(observed.game_moves, plain.game_moves)  # the same games
