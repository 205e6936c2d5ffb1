"""sticheln.hattrick.batch: lockstep random playouts of Hattrick, checked move by move against
the engine."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")

from sticheln import Card, CardSet, RulesError, SetupError, WrongTypeError  # noqa: E402
from sticheln import hattrick as ht  # noqa: E402
from sticheln.core.stream import PLAYOUTS_VARIABLE  # noqa: E402
from sticheln.hattrick.batch import ACTIONS, HattrickBatchResult, _lead_places, simulate  # noqa: E402

TARGET = ht.HattrickRules(name="target-3", target_score=3, hands_per_game=8)
"""Rules with a target score, which no preset has (HT-GAME-3)."""

VARIANT = ht.HattrickRules(
    name="small-earliest",
    colors="RYB",
    highest=8,
    player_counts=(4, 6),
    hands_per_game=3,
    lead_tie=ht.LeadTie.EARLIEST,
    lead_cards=ht.LeadCards.TURN,
)
"""Rules that no preset has: other colours, a smaller deck, a set number of hands, the
earliest of the highest values leading (HT-LEAD-2), passed cards counting for the lead."""

CASES = [
    (rules, n) for rules in (*ht.HATTRICK_PRESETS.values(), VARIANT) for n in rules.player_counts
]
SAMPLE = (0, 1, 17, 39)  # games replayed per preset and player count


def case_id(case: tuple[ht.HattrickRules, int]) -> str:
    rules, n = case
    return f"{rules.name}-{n}"


def replay(result: HattrickBatchResult, game: int) -> ht.HattrickState:
    """Play the batch's moves of ``game`` through the engine, from the batch's deals, each as
    the game's legal move for its card, checking the seat and the action of every move and
    the tricks and next leader of every turn; the final state."""
    rules, n = result.rules, result.players
    state = ht.HattrickGame(rules).new_game(n, deals=result.deal_hands(game))
    cards = result.game_moves[game].tolist()
    players = result.move_players[game].tolist()
    actions = result.move_actions[game].tolist()
    per_hand = result.game_moves.shape[1] // rules.hands_for(n)
    turns = per_hand // n
    for i, (index, player, action) in enumerate(zip(cards, players, actions, strict=True)):
        if index < 0:
            assert state.is_over
            assert player == action == -1
            continue
        assert state.to_act == player, (game, i)
        card = _card(index)
        move = ht.move_for(state, player, card)
        assert move in ht.legal_moves(state, player)
        assert move.action is ACTIONS[action], (game, i)
        state = ht.apply_move(state, move)
        if (i + 1) % n == 0:
            hand, turn = divmod(i // n, turns)
            done = state.finished_hands[hand].turns if turn == turns - 1 else state.turns
            check_turn(result, game, hand, turn, done[turn])
    assert state.is_over
    return state


def _card(index: int) -> Card:
    (card,) = CardSet(1 << index)
    return card


def check_turn(result: HattrickBatchResult, game: int, hand: int, turn: int, done: ht.Turn) -> None:
    """The batch's trick takers and next leader of a turn are the engine's, and the next
    leader is :func:`~sticheln.hattrick.next_leader` of the cards that count."""
    winners = [trick.winner for trick in done.tricks] + [-1] * (2 - len(done.tricks))
    assert result.trick_winners[game, hand, turn].tolist() == winners, (game, hand, turn)
    assert int(result.turn_leaders[game, hand, turn]) == done.next_leader, (game, hand, turn)
    rules = result.rules
    plays = [
        (player, card)
        for (player, card), action in zip(done.plays, done.actions, strict=True)
        if card is not None
        and (rules.lead_cards is ht.LeadCards.TURN or action is not ht.Action.PASS)
    ]
    assert ht.next_leader(plays, rules.lead_tie) == done.next_leader


def check_game(result: HattrickBatchResult, game: int, state: ht.HattrickState) -> None:
    """The batch's hand scores, hands played and totals of ``game`` are the engine's."""
    played = len(state.finished_hands)
    assert int(result.hands_played[game]) == played
    scores = result.hand_scores[game].tolist()
    assert scores[:played] == [list(hand.scores) for hand in state.finished_hands]
    assert all(score == [0] * result.players for score in scores[played:])
    for hand in state.finished_hands:
        for p in range(result.players):
            won = hand.won[p]
            pile = hand.passed[p]
            assert pile is not None
            assert hand.scores[p] == ht.hand_score(won, len(pile))
    assert tuple(result.scores[game].tolist()) == state.scores


@pytest.mark.rule("HT-PLAY-4", "HT-TRICK-1", "HT-LEAD-2", "HT-SCORE-1", "HT-SCORE-3", "HT-GAME-1")
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_batch_games_replay_through_the_engine(case: tuple[ht.HattrickRules, int]) -> None:
    rules, n = case
    result = simulate(rules, n, games=40, seed=11)
    hands = rules.hands_for(n)
    per_game = hands * n * (rules.hand_size(n) - 1)
    assert result.moves == 40 * per_game
    assert result.game_moves.shape == result.move_players.shape == (40, per_game)
    assert result.deals.shape == (40, hands, n, rules.hand_size(n))
    assert result.scores.shape == (40, n)
    assert (result.hands_played == hands).all()
    for game in SAMPLE:
        check_game(result, game, replay(result, game))


@pytest.mark.rule("HT-LEAD-2")
@pytest.mark.parametrize("tie", list(ht.LeadTie), ids=lambda tie: tie.value)
def test_the_next_leader_is_next_leaders_for_every_pattern_of_values(tie: ht.LeadTie) -> None:
    # The rule looks only at which values are equal and which are higher: the values 1 to 6
    # give every pattern of six cards, and 0 marks a card that does not count (a pass).
    rows = np.array(list(itertools.product(range(7), repeat=6)))
    rows = rows[(rows > 0).any(axis=1)]
    places = _lead_places(np.where(rows > 0, rows, 1), rows > 0, tie).tolist()
    colors = ht.AMIGO_1995.colors  # next_leader reads the values only
    for row, place in zip(rows.tolist(), places, strict=True):
        plays = [(i, Card(colors[i % 3], v)) for i, v in enumerate(row) if v]
        assert place == ht.next_leader(plays, tie), row


@pytest.mark.rule("HT-GAME-3")
def test_a_target_score_ends_games_early_as_the_engine_does() -> None:
    result = simulate(TARGET, 4, games=60, seed=4)
    early = np.flatnonzero(result.hands_played < 8).tolist()
    full = np.flatnonzero(result.hands_played == 8).tolist()
    assert early, "no game reached the target in the sample"
    assert full, "every game reached the target in the sample"
    assert result.moves == int(result.hands_played.sum()) * 4 * 14
    assert len(set(result.hands_played[early].tolist())) > 1  # games end after different hands
    for game in early[:4] + full[:2]:
        check_game(result, game, replay(result, game))
        assert (result.game_moves[game] >= 0).sum() == int(result.hands_played[game]) * 56


def test_record_replays_a_batch_game() -> None:
    result = simulate(ht.PASSES_SHOWN, 5, games=5, seed=2)
    for game in range(5):
        state = result.record(game).replay()
        assert state.scores == tuple(result.scores[game].tolist())
    record = result.record(3)
    assert ht.HattrickRecord.from_json(record.to_json()).replay().is_over
    assert result.moves_of(3) == record.moves


def test_the_same_seed_gives_the_same_batch() -> None:
    def arrays(result: HattrickBatchResult) -> list[object]:
        return [
            result.deals.tolist(),
            result.game_moves.tolist(),
            result.move_players.tolist(),
            result.move_actions.tolist(),
            result.trick_winners.tolist(),
            result.turn_leaders.tolist(),
            result.hand_scores.tolist(),
            result.scores.tolist(),
        ]

    one = simulate(ht.AMIGO_1995, 4, games=30, seed=9)
    two = simulate(ht.AMIGO_1995, 4, games=30, seed=9)
    assert arrays(one) == arrays(two)
    assert arrays(one) != arrays(simulate(ht.AMIGO_1995, 4, games=30, seed=10))


@pytest.mark.rule("HT-DEAL-1", "HT-PLAY-4")
def test_random_play_looks_uniform() -> None:
    # Each card is played uniformly from the hand: the rank, in the hand, of the card played
    # to the first turn (0 to 14) is uniform.
    games = 2000
    result = simulate(ht.AMIGO_1995, 4, games=games, seed=1)
    deals = result.deals.astype(int)  # (games, hands, seats, 15), in play order
    rank = (deals < deals[..., :1]).sum(axis=3).ravel()
    counts = np.bincount(rank, minlength=15)
    expected = rank.size / 15
    assert len(counts) == 15
    assert abs(counts - expected).max() < 5 * expected**0.5, counts
    assert sorted(deals[0, 0].ravel().tolist()) == sorted(c.index for c in ht.AMIGO_1995.deck)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"rules": "amigo-1995"}, WrongTypeError),
        ({"players": "4"}, WrongTypeError),
        ({"players": True}, WrongTypeError),
        ({"players": 3}, RulesError),
        ({"players": 7}, RulesError),
        ({"games": 0}, SetupError),
        ({"games": 2.0}, WrongTypeError),
        ({"seed": -1}, SetupError),
        ({"seed": "1"}, WrongTypeError),
        ({"seed": None}, WrongTypeError),
        ({"observations": True}, TypeError),
    ],
)
def test_bad_arguments_raise_typed_errors(kwargs: dict[str, object], error: type) -> None:
    arguments: dict[str, object] = {"games": 2, **kwargs}
    with pytest.raises(error):
        simulate(**arguments)  # type: ignore[arg-type]


def test_bad_game_numbers_raise_typed_errors() -> None:
    result = simulate(ht.AMIGO_1995, 4, games=2)
    with pytest.raises(SetupError):
        result.record(2)
    with pytest.raises(SetupError):
        result.deal_hands(-1)
    with pytest.raises(WrongTypeError):
        result.moves_of("0")  # type: ignore[arg-type]
    assert result.moves_of(np.int64(1)) == result.record(1).moves  # numpy ints are accepted


def test_import_sticheln_does_not_import_the_batch() -> None:
    code = (
        "import sys, sticheln, sticheln.hattrick; "
        "print('sticheln.hattrick.batch' in sys.modules, 'numpy' in sys.modules)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.split() == ["False", "False"]


def test_random_games_are_the_games_of_their_seeds_alone() -> None:
    from sticheln.hattrick.batch import random_games

    played = random_games(ht.HattrickGame(TARGET), 4, [7, 8, 7])
    for one, seed in zip(played, [7, 8, 7], strict=True):
        assert one.record == simulate(TARGET, 4, games=1, seed=seed).record(0)
        assert one.observations is None
        assert one.masks is None
    assert played[0].record == played[2].record != played[1].record
    with pytest.raises(WrongTypeError, match="game must be"):
        random_games(TARGET, 4, [1])  # type: ignore[arg-type]


MIXED = ht.HattrickRules(
    name="next-lower-turn", lead_tie=ht.LeadTie.NEXT_LOWER, lead_cards=ht.LeadCards.TURN
)
"""The lead tie of the presets with the passed cards counting for the lead (HT-LEAD-2)."""


@pytest.mark.parametrize(
    "case",
    [*CASES, (TARGET, 4), (MIXED, 5)],
    ids=lambda case: f"{case[0].name}-{case[1]}",
)
def test_the_compiled_turns_make_numpys_batch(
    case: tuple[ht.HattrickRules, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With numba (the fast extra) the turns are played by compiled code: the batch is array
    for array the one of the numpy loop (whose games the tests above replay too)."""
    pytest.importorskip("numba")
    rules, n = case
    batches = []
    for path in ("python", "compiled"):
        monkeypatch.setenv(PLAYOUTS_VARIABLE, path)
        batches.append(simulate(rules, n, 300, seed=5))
    numpy_batch, compiled_batch = batches
    for name in (
        "deals",
        "game_moves",
        "move_players",
        "move_actions",
        "trick_winners",
        "turn_leaders",
        "hand_scores",
        "hands_played",
        "scores",
    ):
        assert np.array_equal(getattr(numpy_batch, name), getattr(compiled_batch, name)), name
    assert numpy_batch.moves == compiled_batch.moves
