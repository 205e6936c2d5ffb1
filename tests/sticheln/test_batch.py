"""sticheln.sticheln.batch: lockstep random playouts, checked move by move against the engine."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")

import sticheln as st  # noqa: E402
from sticheln.core.stream import PLAYOUTS_VARIABLE  # noqa: E402
from sticheln.sticheln.batch import BatchResult, simulate  # noqa: E402

CASES = [(rules, n) for rules in st.STICHELN_PRESETS.values() for n in rules.player_counts]
SAMPLE = 4  # games replayed per preset and player count


def case_id(case: tuple[st.StichelnRules, int]) -> str:
    rules, n = case
    return f"{rules.name}-{n}"


def start(result: BatchResult, game: int) -> st.StichelnState:
    """The first state of a batch game, built by new_game from the batch's deals."""
    rules, n = result.rules, result.players
    deals = result.deal_hands(game)
    first_leader = int(result.first_leaders[game])
    if rules.first_leader is st.FirstLeader.LEFT_OF_DEALER:
        # new_game draws the dealer from its seed: take a seed that draws the batch's dealer.
        dealer = (first_leader - 1) % n
        seed = next(s for s in range(10_000) if random.Random(s).randrange(n) == dealer)
        state = st.new_game(n, seed=seed, rules=rules, deals=deals)
    else:
        state = st.new_game(n, rules=rules, deals=deals)
    assert state.setup.first_leader == first_leader
    return state


def replay(result: BatchResult, game: int, check_observations: bool = False) -> st.StichelnState:
    """Apply the batch's moves of ``game`` through the engine, checking each is legal (and,
    if asked, the batch's observation and mask before it); the final state."""
    state = start(result, game)
    encoding = st.StichelnGame(result.rules).encoding(result.players)
    cards = result.game_moves[game].tolist()
    players = result.move_players[game].tolist()
    for i, (index, player) in enumerate(zip(cards, players, strict=True)):
        (card,) = st.CardSet(1 << index)
        if state.phase is st.Phase.CHOOSING_PAIN:
            move: st.StichelnMove = st.ChoosePain(player, card)
        else:
            assert state.to_act == player
            move = st.PlayCard(player, card)
        assert move in st.legal_moves(state, player)
        if check_observations:
            assert result.observations is not None
            assert result.action_masks is not None
            expected = encoding.observation(st.observe(state, player))
            assert result.observations[game, i].tolist() == expected.tolist(), (game, i)
            mask = encoding.action_mask(state, player)
            assert result.action_masks[game, i].tolist() == mask, (game, i)
        state = st.apply_move(state, move)
    assert state.is_over
    return state


def check_game(result: BatchResult, game: int, state: st.StichelnState) -> None:
    """The batch's tricks and scores of ``game`` are the engine's."""
    winners = [
        [-1 if trick.winner is None else trick.winner for trick in finished.tricks]
        for finished in state.finished_rounds
    ]
    assert result.trick_winners[game].tolist() == winners
    assert result.round_scores[game].tolist() == [list(r.scores) for r in state.finished_rounds]
    assert tuple(result.scores[game].tolist()) == state.scores


@pytest.mark.rule("ST-PLAY-1", "ST-TRICK-2", "ST-SCORE-1", "ST-LEAD-2", "ST-LEAD-3")
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_batch_games_replay_through_the_engine(case: tuple[st.StichelnRules, int]) -> None:
    rules, n = case
    result = simulate(rules, n, games=40, seed=11)
    per_game = rules.rounds_for(n) * n * rules.hand_size
    assert result.moves == 40 * per_game
    assert result.game_moves.shape == result.move_players.shape == (40, per_game)
    assert result.scores.shape == (40, n)
    for game in (0, 1, 17, 39)[:SAMPLE]:
        check_game(result, game, replay(result, game))


def zero_trick_games(
    rules: st.StichelnRules, n: int, games: int, seed: int
) -> tuple[BatchResult, list[int]]:
    """A batch and its games with a trick of zeros only."""
    result = simulate(rules, n, games=games, seed=seed)
    zero = np.isin(result.game_moves, [st.Card(color, 0).index for color in st.Color])
    per_round = n * rules.hand_size
    plays = zero.reshape(games, -1, per_round)[:, :, n:].reshape(games, -1, rules.hand_size - 1, n)
    found = np.flatnonzero(plays.all(axis=3).any(axis=(1, 2))).tolist()
    return result, found


@pytest.mark.rule("ST-TRICK-6")
@pytest.mark.parametrize("rules", [st.NSV, st.ONLINE_5_ROUNDS], ids=lambda r: r.name)
def test_tricks_of_zeros_replay_through_the_engine(rules: st.StichelnRules) -> None:
    result, found = zero_trick_games(rules, 3, 400, seed=5)
    assert found, "no trick of zeros in the sample"
    if rules.all_zero_trick is st.AllZeroTrick.SET_ASIDE:
        assert (result.trick_winners[found] == -1).any()
    else:
        assert (result.trick_winners >= 0).all()
    for game in found[:5]:
        check_game(result, game, replay(result, game))


@pytest.mark.parametrize(
    ("rules", "n"),
    [(st.NSV, 3), (st.NSV, 4), (st.AMIGO_1993, 5), (st.ONLINE_5_ROUNDS, 6), (st.EIGHT_PLAYERS, 7)],
    ids=lambda value: getattr(value, "name", str(value)),
)
def test_observations_and_masks_are_the_encodings(rules: st.StichelnRules, n: int) -> None:
    result = simulate(rules, n, games=10, seed=3, observations=True, observed_games=2)
    encoding = st.StichelnGame(rules).encoding(n)
    assert result.observed_games == 2
    assert result.observations is not None
    assert result.action_masks is not None
    per_game = result.game_moves.shape[1]
    assert result.observations.shape == (2, per_game, encoding.observation_size)
    assert result.action_masks.shape == (2, per_game, encoding.num_actions)
    for game in range(2):
        check_game(result, game, replay(result, game, check_observations=True))


def test_observations_use_the_library_encoding() -> None:
    encoding = st.find_game("sticheln").encoding(4)
    result = simulate(st.NSV, 4, games=2, seed=0, observations=True)
    assert result.observations is not None
    assert result.observations.shape[2] == encoding.observation_size == 928
    state = st.new_game(4, rules=st.NSV, deals=result.deal_hands(1))
    assert result.observations[1, 0].tolist() == encoding.observation(st.observe(state, 0)).tolist()


@pytest.mark.rule("ST-TRICK-6")
def test_observations_of_a_game_with_a_trick_set_aside() -> None:
    for seed in range(50):
        _, found = zero_trick_games(st.NSV, 3, 40, seed)
        if found:
            break
    else:  # pragma: no cover
        pytest.fail("no trick of zeros in the samples")
    game = found[0]
    observed = simulate(st.NSV, 3, games=40, seed=seed, observations=True, observed_games=game + 1)
    assert (observed.trick_winners[game] == -1).any()
    check_game(observed, game, replay(observed, game, check_observations=True))


def test_record_replays_a_batch_game() -> None:
    result = simulate(st.AMIGO_1993, 4, games=5, seed=2)
    for game in range(5):
        state = result.record(game).replay()
        assert state.scores == tuple(result.scores[game].tolist())
    assert st.StichelnRecord.from_json(result.record(3).to_json()).replay().is_over


def test_the_same_seed_gives_the_same_batch() -> None:
    def arrays(result: BatchResult) -> list[object]:
        return [
            result.first_leaders.tolist(),
            result.game_moves.tolist(),
            result.move_players.tolist(),
            result.trick_winners.tolist(),
            result.scores.tolist(),
        ]

    one = simulate(st.AMIGO_1993, 4, games=30, seed=9)
    two = simulate(st.AMIGO_1993, 4, games=30, seed=9)
    assert arrays(one) == arrays(two)
    assert arrays(one) != arrays(simulate(st.AMIGO_1993, 4, games=30, seed=10))
    observed = simulate(st.AMIGO_1993, 4, games=30, seed=9, observations=True, observed_games=1)
    assert arrays(observed) == arrays(one)


def test_random_play_looks_uniform() -> None:
    # Each pick is uniform among the cards the player holds: the rank of the pain card in the
    # hand (0 to 14), and of the card played to the first trick among the 14 left, are uniform.
    games = 2000
    result = simulate(st.NSV, 4, games=games, seed=1)
    cards = result.game_moves.reshape(games, 4, 60).astype(int)
    players = result.move_players.reshape(games, 4, 60)
    for seat in range(4):
        held = players == seat
        pain = cards[:, :, seat]
        first = cards[:, :, 4:][held[:, :, 4:]].reshape(games, 4, 14)[:, :, 0]
        assert (first != pain).all()
        rest = held & (cards != pain[:, :, None])
        for card, holding, values in ((pain, held, 15), (first, rest, 14)):
            rank = ((cards < card[:, :, None]) & holding).sum(axis=2).ravel()
            counts = np.bincount(rank, minlength=values)
            expected = rank.size / values
            assert len(counts) == values
            assert abs(counts - expected).max() < 5 * expected**0.5, counts


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"rules": "nsv"}, st.WrongTypeError),
        ({"players": "4"}, st.WrongTypeError),
        ({"players": True}, st.WrongTypeError),
        ({"players": 9}, st.RulesError),
        ({"players": 7}, st.RulesError),
        ({"games": 0}, st.SetupError),
        ({"games": 2.0}, st.WrongTypeError),
        ({"seed": -1}, st.SetupError),
        ({"seed": "1"}, st.WrongTypeError),
        ({"seed": None}, st.WrongTypeError),
        ({"observations": 1}, st.WrongTypeError),
        ({"observations": True, "observed_games": 3}, st.SetupError),
        ({"observations": True, "observed_games": -1}, st.SetupError),
        ({"observations": True, "observed_games": 1.0}, st.WrongTypeError),
    ],
)
def test_bad_arguments_raise_typed_errors(kwargs: dict[str, object], error: type) -> None:
    arguments: dict[str, object] = {"games": 2, **kwargs}
    with pytest.raises(error):
        simulate(**arguments)  # type: ignore[arg-type]


def test_bad_game_numbers_raise_typed_errors() -> None:
    result = simulate(st.NSV, 3, games=2)
    with pytest.raises(st.SetupError):
        result.record(2)
    with pytest.raises(st.WrongTypeError):
        result.moves_of("0")  # type: ignore[arg-type]
    assert result.moves_of(np.int64(1)) == result.record(1).moves  # numpy ints are accepted


def test_import_sticheln_does_not_import_the_batch() -> None:
    code = (
        "import sys, sticheln; "
        "print('sticheln.sticheln.batch' in sys.modules, 'numpy' in sys.modules)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.split() == ["False", "False"]


@pytest.mark.parametrize("rules", [st.NSV, st.AMIGO_1993], ids=lambda rules: rules.name)
def test_random_games_are_the_games_of_their_seeds_alone(rules: st.StichelnRules) -> None:
    # Drawn together in one batch, each game is the one simulate plays from its seed alone,
    # first leader included (AMIGO 1993 draws it, ST-LEAD-1), with the same observations.
    from sticheln.sticheln.batch import random_games

    seeds = [3, 10**18, 3, 0]
    played = random_games(st.StichelnGame(rules), 4, seeds)
    assert len(played) == 4
    for one, seed in zip(played, seeds, strict=True):
        alone = simulate(rules, 4, games=1, seed=seed, observations=True)
        assert one.record == alone.record(0)
        assert alone.observations is not None
        assert alone.action_masks is not None
        assert one.observations == alone.observations[0].tobytes()
        assert one.masks == alone.action_masks[0].tobytes()
    assert played[0].record == played[2].record != played[1].record
    assert random_games(st.StichelnGame(rules), 4, []) == ()


def test_random_games_refuse_bad_arguments() -> None:
    from sticheln.sticheln.batch import random_games

    with pytest.raises(st.WrongTypeError, match="game must be"):
        random_games(st.NSV, 4, [1])  # type: ignore[arg-type]
    with pytest.raises(st.SetupError, match="seed must be at least 0, got -1"):
        random_games(st.StichelnGame(), 4, [1, -1])
    with pytest.raises(st.RulesError):
        random_games(st.StichelnGame(), 9, [1])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_compiled_tricks_make_numpys_batch(
    case: tuple[st.StichelnRules, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With numba (the fast extra) the tricks are played by compiled code: the batch is
    array for array the one of the numpy loop (whose games the tests above replay too)."""
    pytest.importorskip("numba")
    rules, n = case
    batches = []
    for path in ("python", "compiled"):
        monkeypatch.setenv(PLAYOUTS_VARIABLE, path)
        batches.append(simulate(rules, n, 400, seed=5))
    numpy_batch, compiled_batch = batches
    for name in ("game_moves", "move_players", "trick_winners", "round_scores", "scores"):
        assert np.array_equal(getattr(numpy_batch, name), getattr(compiled_batch, name)), name
