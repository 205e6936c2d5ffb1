"""The Stichling bot and its playout policy: legal moves in whole games of every preset, player
count and rule option, determinism, decisions in positions worked out by hand, the registry,
and its margin over random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import sticheln as st
from sticheln.bots import (
    Bot,
    ISMCTSBot,
    RandomBot,
    make_bot,
    make_ismcts_bot,
    plays,
)
from sticheln.sticheln.bot import HeuristicBot
from sticheln.stichling import (
    STICHLING_PRESETS,
    AddToTrick,
    ArrangePoints,
    CountedCards,
    Discards,
    HandLeader,
    OpenAtEnd,
    OpenTrick,
    RemovedCards,
    SameColor,
    StichlingGame,
    StichlingMove,
    StichlingRules,
    StichlingState,
    apply_move,
    legal_moves,
    move_text,
    new_game,
    observe,
    parse_move,
    sample_state,
)
from sticheln.stichling.bot import StichlingBot, make_stichling_bot, playout_policy

Policy = Callable[[StichlingState, int, Sequence[StichlingMove], random.Random], StichlingMove]

CASES = [
    (name, players) for name, rules in STICHLING_PRESETS.items() for players in rules.player_counts
]
OPTIONS = [
    StichlingRules(name="random-removal", removed_cards=RemovedCards.RANDOM),
    StichlingRules(name="led-only", counted_cards=CountedCards.LED_COLOR),
    StichlingRules(
        name="strict",
        same_color=SameColor.FORBIDDEN,
        discards=Discards.WHEN_NOTHING_FITS,
        open_at_end=OpenAtEnd.MARKER,
        hand_leader=HandLeader.SAME,
    ),
]


def play(
    game: StichlingGame, bots: Sequence[Bot[Any, Any]], seed: int, rng: random.Random
) -> StichlingState:
    """Play a game with one bot per seat; every bot gets only a view and its legal moves, and
    every move it returns must be one of them."""
    state = game.new_game(len(bots), seed=seed)
    while not game.is_over(state):
        player = game.players_to_act(state)[0]
        moves = game.legal_moves(state, player)
        move = bots[player].choose(game.observe(state, player), moves, rng)
        assert move in moves, (bots[player], state, move)
        state = game.apply_move(state, move)
    return state


def play_policy(game: StichlingGame, policy: Policy, players: int, seed: int) -> StichlingState:
    """Play a game in which the policy makes every move, from the full state."""
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    while not game.is_over(state):
        player = game.players_to_act(state)[0]
        moves = game.legal_moves(state, player)
        move = policy(state, player, moves, rng)
        assert move in moves, (state, move)
        state = game.apply_move(state, move)
    return state


# -- whole games -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_the_bot_plays_legal_moves_on_every_seat(preset: str, players: int) -> None:
    game = StichlingGame(STICHLING_PRESETS[preset])
    rng = random.Random(f"{preset}/{players}")
    for seed in range(3):
        state = play(game, [StichlingBot()] * players, seed, rng)
        assert len(state.finished_hands) == game.rules.hand_count
    mixed = [StichlingBot() if p % 2 else RandomBot() for p in range(players)]
    play(game, mixed, 3, rng)


@pytest.mark.parametrize("rules", OPTIONS, ids=lambda rules: rules.name)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_bot_plays_legal_moves_under_every_rule_option(
    rules: StichlingRules, players: int
) -> None:
    game = StichlingGame(rules)
    for seed in range(2):
        play(game, [StichlingBot()] * players, seed, random.Random(seed))


@pytest.mark.parametrize(
    "rules", [*STICHLING_PRESETS.values(), *OPTIONS], ids=lambda rules: rules.name
)
def test_the_playout_policy_plays_legal_moves(rules: StichlingRules) -> None:
    game = StichlingGame(rules)
    for players in rules.player_counts:
        for seed in range(3):
            state = play_policy(game, playout_policy, players, seed)
            assert game.is_over(state)


def test_ismcts_plays_stichling_with_and_without_the_policy() -> None:
    game = StichlingGame()
    bot = make_bot("ismcts", game)
    assert isinstance(bot, ISMCTSBot)
    bot.iterations = 4
    searching = ISMCTSBot(game, iterations=3, seed=1, playout_policy=playout_policy)
    play(game, [bot, searching, StichlingBot()], seed=4, rng=random.Random(0))


# -- determinism and views -------------------------------------------------------------------------


def test_games_replay_from_their_seeds() -> None:
    game = StichlingGame()
    runs = [play(game, [StichlingBot()] * 4, 11, random.Random(7)).moves for _ in range(2)]
    assert runs[0] == runs[1]
    other = play(game, [StichlingBot()] * 4, 11, random.Random(8)).moves
    assert other != runs[0]  # the generator breaks the ties


def test_the_policy_replays_from_its_seed() -> None:
    game = StichlingGame()
    runs = [play_policy(game, playout_policy, 3, 5).moves for _ in range(2)]
    assert runs[0] == runs[1]


def test_the_bot_decides_on_the_view_alone() -> None:
    """States that a player cannot tell apart (same view, other hidden cards) get the same
    move."""
    rng = random.Random(3)
    state = new_game(4, seed=3)
    while state.turn < 14:
        player = state.players_to_act[0]
        state = apply_move(state, rng.choice(legal_moves(state, player)))
    player = state.players_to_act[0]
    view = observe(state, player)
    other = sample_state(view, random.Random(9))
    assert other.hands != state.hands
    assert observe(other, player) == view
    bot = StichlingBot()
    first = bot.choose(view, legal_moves(state, player), random.Random(5))
    second = bot.choose(observe(other, player), legal_moves(other, player), random.Random(5))
    assert first == second


# -- positions worked out by hand ------------------------------------------------------------------

# Two players, the values 1 to 6 in four colours: the 24 cards of a two-player hand.
DEAL = ["R1 R3 R5 Y2 Y4 Y6 G1 G3 G5 B2 B4 B6", "R2 R4 R6 Y1 Y3 Y5 G2 G4 G6 B1 B3 B5"]
STRONG = "R4 R5 R6 Y4 Y5 Y6 G4 G5 G6 B4 B5 B6"
WEAK = "R1 R2 R3 Y1 Y2 Y3 G1 G2 G3 B1 B2 B3"


def position(rows: tuple[tuple[int, ...], tuple[int, ...]], texts: Sequence[str]) -> StichlingState:
    """The first hand of :data:`DEAL` with the two rows laid down and the cards of ``texts``
    played, seat 0 first and the seats alternating."""
    state = new_game(2, deals=[DEAL] * 3)
    state = apply_move(state, ArrangePoints(0, rows[0]))
    state = apply_move(state, ArrangePoints(1, rows[1]))
    for turn, text in enumerate(texts):
        state = apply_move(state, parse_move(state, turn % 2, text))
    return state


def test_it_completes_and_takes_a_trick_it_wants() -> None:
    # Seat 0 has won nothing and bets on two tricks (row 1, 3, 2): every trick is welcome
    # now. The red trick R1 R4 R2 is seat 1's (R4) and needs one card: R5 completes it and
    # takes it; R3 would complete it for seat 1.
    state = position(((1, 3, 2), (1, 2, 3)), ["R1+", "R4>1", "Y2+", "R2>1"])
    assert [str(trick) for trick in state.open_tricks] == ["0:R1 1:R4 1:R2 -> 1", "0:Y2 -> 0"]
    view, moves = observe(state, 0), legal_moves(state, 0)
    move = StichlingBot().choose(view, moves, random.Random(0))
    assert move_text(move) == "R5>1"
    assert apply_move(state, move).tricks_won == (1, 0)
    choice = [parse_move(state, 0, "R3>1"), parse_move(state, 0, "R5>1")]
    assert move_text(StichlingBot().choose(view, choice, random.Random(0))) == "R5>1"


def test_it_ducks_a_trick_it_does_not_want() -> None:
    # Seat 0 won the red trick with row 3, 1, 2: its 3 is face up, and a second trick would
    # turn up the 1. The green trick G1 G4 G2 is seat 1's and needs one card: G3 completes
    # it for seat 1, G5 would take it.
    texts = ["R1+", "R2>1", "R5>1", "R4>1", "G1+", "G4>1", "B2+", "G2>1"]
    state = position(((3, 1, 2), (1, 2, 3)), texts)
    assert state.tricks_won == (1, 0)
    assert str(state.open_tricks[0]) == "0:G1 1:G4 1:G2 -> 1"
    view = observe(state, 0)
    choice = [parse_move(state, 0, "G5>1"), parse_move(state, 0, "G3>1")]
    assert move_text(StichlingBot().choose(view, choice, random.Random(0))) == "G3>1"
    # Given every legal move, it takes no trick and no marker of a trick about to complete.
    move = StichlingBot().choose(view, legal_moves(state, 0), random.Random(0))
    after = apply_move(state, move)
    assert after.tricks_won[0] == 1
    assert all(trick.marker != 0 or len(trick.cards) < 3 for trick in after.open_tricks)


def test_after_its_best_card_it_does_not_complete_its_own_trick() -> None:
    # Seat 0 has its 3 face up (row 3, 1, 2) and holds the marker of the green trick G5 G4 G1,
    # which needs one card: its own G3 would complete the trick and win it. It has other
    # cards to play, so it does not add to that trick.
    texts = ["R1+", "R2>1", "R5>1", "R4>1", "G5+", "G4>1", "G1>1"]
    state = position(((3, 1, 2), (1, 2, 3)), texts)
    state = apply_move(state, parse_move(state, 1, "Y1+"))
    assert state.tricks_won == (1, 0)
    assert str(state.open_tricks[0]) == "0:G5 1:G4 0:G1 -> 0"
    assert parse_move(state, 0, "G3>1") in legal_moves(state, 0)
    move = StichlingBot().choose(observe(state, 0), legal_moves(state, 0), random.Random(0))
    assert not (isinstance(move, AddToTrick) and move.trick == 0)
    assert apply_move(state, move).tricks_won == (1, 0)


@pytest.mark.parametrize(
    ("base", "order"),
    # The highest card is face up after the number of tricks nearest the estimate; the second
    # highest after the number next nearest, where a miss by one lands more often (after 4
    # tricks the first card is up again, and no trick scores nothing).
    [(1.2, (3, 2, 1)), (1.8, (2, 3, 1)), (2.2, (1, 3, 2)), (3.2, (2, 1, 3))],
)
def test_it_lays_the_highest_card_where_its_estimate_says(
    base: float, order: tuple[int, ...]
) -> None:
    state = new_game(2, seed=3)
    bot = StichlingBot(base=base, slope=0.0)
    view = observe(state, 0)
    assert bot.expected_tricks(view) == base
    assert bot.choose(view, legal_moves(state, 0), random.Random(0)) == ArrangePoints(0, order)


def test_a_strong_hand_bets_on_more_tricks_than_a_weak_one() -> None:
    # Seat 0 holds the high half of every colour, seat 1 the low half.
    state = new_game(2, deals=[[STRONG, WEAK]] * 3)
    bot = StichlingBot()
    strong, weak = observe(state, 0), observe(state, 1)
    assert bot.expected_tricks(strong) == pytest.approx(3.04, abs=0.01)
    assert bot.expected_tricks(weak) == pytest.approx(1.46, abs=0.01)
    rng = random.Random(0)
    assert bot.choose(strong, legal_moves(state, 0), rng).order == (2, 1, 3)  # type: ignore[union-attr]
    assert bot.choose(weak, legal_moves(state, 1), rng).order == (3, 2, 1)  # type: ignore[union-attr]
    # A hand like most: the bet is two tricks.
    typical = observe(new_game(2, seed=3), 0)
    assert bot.expected_tricks(typical) == pytest.approx(2.0, abs=0.1)


def test_the_policy_takes_and_ducks_like_the_bot() -> None:
    wants = position(((1, 3, 2), (1, 2, 3)), ["R1+", "R4>1", "Y2+", "R2>1"])
    move = playout_policy(wants, 0, legal_moves(wants, 0), random.Random(0))
    assert move_text(move) == "R5>1"
    texts = ["R1+", "R2>1", "R5>1", "R4>1", "G1+", "G4>1", "B2+", "G2>1"]
    done = position(((3, 1, 2), (1, 2, 3)), texts)
    move = playout_policy(done, 0, legal_moves(done, 0), random.Random(0))
    assert apply_move(done, move).tricks_won[0] == 1
    assert not isinstance(move, OpenTrick) or move.card.value < 4


# -- the registry ----------------------------------------------------------------------------------


def test_the_registry_gives_each_game_its_heuristic_bot() -> None:
    for preset in STICHLING_PRESETS:
        assert isinstance(make_bot("heuristic", st.find_game("stichling", preset)), StichlingBot)
    assert isinstance(make_bot("Heuristic", StichlingGame()), StichlingBot)
    assert isinstance(make_bot("heuristic", st.StichelnGame()), HeuristicBot)
    assert isinstance(make_stichling_bot(StichlingGame()), StichlingBot)
    assert plays("heuristic", StichlingGame())
    hattrick = st.find_game("hattrick")
    assert plays("heuristic", hattrick)
    assert not isinstance(make_bot("heuristic", hattrick), StichlingBot | HeuristicBot)


def test_make_ismcts_bot_gives_stichling_random_playouts_unless_told() -> None:
    # The policy measured no stronger than random playouts at equal iterations, and slower.
    assert make_ismcts_bot(StichlingGame(), iterations=5).playout_policy is None
    bot = make_ismcts_bot(StichlingGame(), playout_policy=playout_policy)
    assert bot.playout_policy is playout_policy


# -- strength --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bot_beats_random_play(players: int) -> None:
    """Over fixed deals, with the bot on each seat in turn and random players on the others,
    the bot scores far more than the random players and wins most games."""
    game = StichlingGame()
    margins = []
    wins = 0.0
    deals = 8
    for deal in range(deals):
        for seat in range(players):
            bots: list[Bot[Any, Any]] = [RandomBot()] * players
            bots[seat] = StichlingBot()
            state = play(game, bots, 100 + deal, random.Random(f"{deal}/{seat}"))
            scores = state.scores
            others = (sum(scores) - scores[seat]) / (players - 1)
            margins.append(scores[seat] - others)
            winners = state.winners
            wins += 1 / len(winners) if seat in winners else 0.0
    games = deals * players
    assert sum(margins) / games >= 4.0
    assert wins / games >= 0.7
