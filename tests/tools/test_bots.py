"""The bots: legality over every preset and player count, determinism, the search on a toy game,
and the decisions of the heuristic bot in hand-made positions."""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import sticheln as st
from sticheln import (
    Card,
    ChoosePain,
    Deck,
    Phase,
    PlayCard,
    StichelnRules,
    StichelnView,
    UnknownNameError,
)
from sticheln.bots import (
    BOT_NAMES,
    Bot,
    BotSpecError,
    ISMCTSBot,
    RandomBot,
    bot_options,
    make_bot,
    parse_bot_spec,
)
from sticheln.hattrick.bot import HattrickBot
from sticheln.hattrick.playout import HandSearch as HattrickHandSearch
from sticheln.sticheln.bot import HeuristicBot, playout_policy
from sticheln.stichling.playout import HandSearch
from tests.toy_games import Nim, NimState, Take

# -- playing whole games ---------------------------------------------------------------------------

CASES = [
    (name, players)
    for name, rules in st.STICHELN_PRESETS.items()
    for players in rules.player_counts
]


def play(
    game: st.StichelnGame, bots: Sequence[Bot[Any, Any]], seed: int, rng: random.Random
) -> st.StichelnState:
    """Play a game with one bot per seat; every bot gets only a view and its legal moves, and
    every move it returns must be one of them."""
    state = game.new_game(len(bots), seed=seed)
    while not game.is_over(state):
        player = game.players_to_act(state)[0]
        view = game.observe(state, player)
        moves = game.legal_moves(state, player)
        move = bots[player].choose(view, moves, rng)
        assert move in moves, (bots[player], view, move)
        state = game.apply_move(state, move)
    return state


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_random_and_heuristic_bots_only_make_legal_moves(preset: str, players: int) -> None:
    game = st.StichelnGame(st.STICHELN_PRESETS[preset])
    rng = random.Random(f"{preset}/{players}")
    # The bigger the game, the fewer games: about 2,100 games over the 18 cases, one in six
    # with heuristic bots in every other seat, and as many played by the playout policy.
    games = max(6, 6000 // players**3)
    for seed in range(games):
        state = play(game, [RandomBot()] * players, seed, rng)
        assert len(game.scores(state)) == players
    mixed = [HeuristicBot() if p % 2 == 0 else RandomBot() for p in range(players)]
    for seed in range(max(2, games // 6)):
        play(game, mixed, seed, rng)
    for seed in range(max(2, games // 6)):
        state = game.new_game(players, seed=seed)
        while not game.is_over(state):
            player = game.players_to_act(state)[0]
            moves = game.legal_moves(state, player)
            move = playout_policy(state, player, moves, rng)
            assert move in moves
            state = game.apply_move(state, move)


@pytest.mark.parametrize("players", [3, 6])
def test_ismcts_plays_legal_moves_in_whole_games(players: int) -> None:
    game = st.StichelnGame()
    bots: list[Bot[Any, Any]] = [
        ISMCTSBot(game, iterations=4, seed=1),
        ISMCTSBot(game, iterations=3, seed=2, round_playouts=False, reward="rank"),
        *[HeuristicBot()] * (players - 2),
    ]
    play(game, bots, seed=players, rng=random.Random(0))


def test_ismcts_with_playout_bots_and_policies_on_other_presets() -> None:
    for preset in ("online-5-rounds", "eight-players"):
        game = st.StichelnGame(st.STICHELN_PRESETS[preset])
        bots: list[Bot[Any, Any]] = [
            ISMCTSBot(game, iterations=3, seed=1, playout_bot=HeuristicBot()),
            ISMCTSBot(game, iterations=5, seed=1, playout_policy=playout_policy),
            make_bot("ismcts", game),
        ]
        bots[2].iterations = 3  # type: ignore[attr-defined]
        play(game, bots, seed=2, rng=random.Random(0))


def test_ismcts_plays_every_registered_game() -> None:
    for name in st.GAME_NAMES:
        game = st.find_game(name)
        players = game.player_counts[0]
        bots: list[Bot[Any, Any]] = [ISMCTSBot(game, iterations=2, seed=1)] + [RandomBot()] * (
            players - 1
        )
        rng = random.Random(0)
        state = game.new_game(players, seed=1)
        while not game.is_over(state):
            player = game.players_to_act(state)[0]
            moves = game.legal_moves(state, player)
            move = bots[player].choose(game.observe(state, player), moves, rng)
            assert move in moves
            state = game.apply_move(state, move)


def test_ismcts_for_sticheln_plays_its_playouts_with_the_policy() -> None:
    game = st.StichelnGame()
    bot = make_bot("ismcts", game)
    assert isinstance(bot, ISMCTSBot)
    assert bot.playout_policy is playout_policy
    assert bot.iterations == 1000
    assert make_bot("ismcts", Nim()).playout_policy is None  # type: ignore[attr-defined]


def _settings(bot: ISMCTSBot[Any, Any, Any]) -> dict[str, object]:
    """Every attribute of the bot but its game."""
    return {key: value for key, value in vars(bot).items() if key != "game"}


@pytest.mark.parametrize("name", st.GAME_NAMES)
def test_ismcts_bot_without_options_is_the_bot_of_make_bot(name: str) -> None:
    """``ISMCTSBot(game)`` has the settings of ``make_bot("ismcts", game)`` (for Sticheln the
    registered playout policy and its fast path), and with the same seed it plays the same
    moves."""
    game = st.find_game(name)
    made = make_bot("ismcts", game)
    assert isinstance(made, ISMCTSBot)
    assert _settings(ISMCTSBot(game)) == _settings(made)
    plain = ISMCTSBot(game, iterations=60, seed=5)
    spec = make_bot("ismcts:iterations=60:seed=5", game)
    assert isinstance(spec, ISMCTSBot)
    assert _settings(plain) == _settings(spec)
    players = game.player_counts[0]
    others = [make_bot("heuristic", game) for _ in range(players - 1)]
    for bot in (plain, spec):
        assert bot._fast_sampler(game.observe(game.new_game(players, seed=1), 0), random.Random(0))
    runs = []
    for bot in (plain, spec):
        rngs = [random.Random(p) for p in range(players)]
        state = game.new_game(players, seed=3)
        chosen: list[Any] = []
        while not game.is_over(state) and len(chosen) < 12:
            player = game.players_to_act(state)[0]
            moves = game.legal_moves(state, player)
            seat = bot if player == 0 else others[player - 1]
            move = seat.choose(game.observe(state, player), moves, rngs[player])
            if player == 0:
                chosen.append(move)
            state = game.apply_move(state, move)
        runs.append(chosen)
    assert runs[0] == runs[1]


def test_ismcts_plays_its_playouts_with_a_playout_bot_given() -> None:
    """A playout bot replaces the default policy; a policy given takes precedence over it."""
    game = st.StichelnGame()
    heuristic = HeuristicBot()
    assert ISMCTSBot(game, playout_bot=heuristic).playout_policy is None
    both = ISMCTSBot(game, playout_bot=heuristic, playout_policy=playout_policy)
    assert both.playout_policy is playout_policy
    bot = make_bot("ismcts:playout_bot=heuristic", game)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.playout_policy, type(bot.playout_bot)) == (None, HeuristicBot)
    bot = make_bot("ismcts:playout_bot=heuristic:playout_policy=heuristic", game)
    assert bot.playout_policy is playout_policy  # type: ignore[attr-defined]
    bot = make_bot("ismcts:playout_bot=heuristic:playout_policy=none", game)
    assert bot.playout_policy is None  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="playout_policy must be a function, 'default' or None"):
        ISMCTSBot(game, playout_policy="heuristic")  # type: ignore[arg-type]


def test_ismcts_delegates_the_decisions_it_is_told_to() -> None:
    game = st.StichelnGame()
    state = game.new_game(4, seed=6)
    view, moves = game.observe(state, 1), game.legal_moves(state, 1)
    bot = ISMCTSBot(
        game,
        iterations=30,
        seed=1,
        delegate_bot=HeuristicBot(),
        delegate_if=lambda view: view.phase is Phase.CHOOSING_PAIN,
    )
    expected = HeuristicBot().choose(view, moves, random.Random(2))
    assert bot.choose(view, moves, random.Random(2)) == expected
    assert bot.last_iterations == 0
    searched = ISMCTSBot(game, iterations=30, seed=1, tree_simultaneous=True)
    assert searched.choose(view, moves, random.Random(2)) in moves
    assert searched.last_iterations == 30


def test_heuristic_beats_random() -> None:
    game = st.StichelnGame()
    rng = random.Random(1)
    wins = 0.0
    for seed in range(20):
        state = play(game, [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], seed, rng)
        winners = game.winners(state)
        wins += 1 / len(winners) if 0 in winners else 0
    assert wins >= 14


# -- bots see views only ---------------------------------------------------------------------------


def test_bots_decide_on_the_view_alone() -> None:
    """States that a player cannot tell apart (same view, other hidden cards) get the same move."""
    game = st.StichelnGame()
    rng = random.Random(3)
    state = game.new_game(4, seed=3)
    for _ in range(4 + 9):
        player = game.players_to_act(state)[0]
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
    player = game.players_to_act(state)[0]
    view = game.observe(state, player)
    other = st.sample_state(view, random.Random(9))
    assert other.hands != state.hands
    for bot in (HeuristicBot(), ISMCTSBot(game, iterations=30, seed=4)):
        first = bot.choose(view, game.legal_moves(state, player), random.Random(5))
        second = bot.choose(
            game.observe(other, player), game.legal_moves(other, player), random.Random(5)
        )
        assert first == second


# -- determinism -----------------------------------------------------------------------------------


def test_heuristic_games_replay_from_their_seeds() -> None:
    game = st.StichelnGame()
    runs = [play(game, [HeuristicBot()] * 4, seed=11, rng=random.Random(7)).moves for _ in range(2)]
    assert runs[0] == runs[1]


def test_ismcts_is_deterministic_with_an_iteration_budget_and_a_seed() -> None:
    game = st.StichelnGame()
    state = game.new_game(4, seed=5)
    for _ in range(4 + 2):
        player = game.players_to_act(state)[0]
        state = game.apply_move(state, game.legal_moves(state, player)[0])
    player = game.players_to_act(state)[0]
    view, moves = game.observe(state, player), game.legal_moves(state, player)
    choices = {
        ISMCTSBot(game, iterations=60, seed=8).choose(view, moves, random.Random(1))
        for _ in range(3)
    }
    assert len(choices) == 1


def test_ismcts_time_budget() -> None:
    game = st.StichelnGame()
    state = game.new_game(4, seed=5)
    bot = ISMCTSBot(game, time_limit=0.05, seed=1)
    move = bot.choose(game.observe(state, 0), game.legal_moves(state, 0), random.Random(0))
    assert move in game.legal_moves(state, 0)
    assert bot.last_iterations >= 1


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"time_limit": 0},
        {"time_limit": 3600.5},
        {"time_limit": float("inf")},
        {"reward": "points"},
        {"reward_scale": 0},
        {"exploration": -1},
    ],
)
def test_ismcts_rejects_bad_settings(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        ISMCTSBot(st.StichelnGame(), **kwargs)


# -- the registry ----------------------------------------------------------------------------------


def test_registry_knows_the_bots() -> None:
    game = st.StichelnGame()
    assert {"random", "heuristic", "ismcts"} <= set(BOT_NAMES)
    assert isinstance(make_bot("heuristic", game), HeuristicBot)
    assert isinstance(make_bot("ISMCTS", game), ISMCTSBot)


def test_heuristic_bot_plays_the_games_of_the_library_only() -> None:
    with pytest.raises(UnknownNameError, match="the heuristic bot does not play Nim"):
        make_bot("heuristic", Nim())
    assert isinstance(make_bot("heuristic", st.find_game("hattrick")), HattrickBot)


# -- ISMCTS on another game: Nim -------------------------------------------------------------------


@pytest.mark.parametrize("reward", ["margin", "rank"])
def test_ismcts_is_generic_and_finds_the_winning_move_of_nim(reward: str) -> None:
    game = Nim()
    bot = ISMCTSBot(game, iterations=2000, seed=1, reward=reward)
    for tokens, best in [(10, 2), (7, 3), (5, 1)]:
        state = NimState(tokens=tokens, to_move=0)
        move = bot.choose(game.observe(state, 0), game.legal_moves(state, 0), random.Random(0))
        assert move == Take(0, best)


# -- the heuristic bot in hand-made positions ------------------------------------------------------

# Three players, four colours 0-5, five cards each: 24 cards, 9 set aside.
SMALL = StichelnRules(name="small", decks=(Deck(3, "RYGB", 0, 5),), hand_size=5)


def small_game(hands: list[str], pains: list[str], plays: list[str]) -> st.StichelnState:
    """Three rounds with the same hands; seat 0 leads; the pains are chosen and the cards of
    ``plays`` played in turn."""
    state = st.new_game(3, rules=SMALL, deals=[hands] * 3)
    for seat, name in enumerate(pains):
        state = st.apply_move(state, ChoosePain(seat, Card.parse(name)))
    for name in plays:
        seat = state.to_act
        assert seat is not None
        state = st.apply_move(state, PlayCard(seat, Card.parse(name)))
    return state


def heuristic_card(state: st.StichelnState, seat: int) -> str:
    move = HeuristicBot().choose(
        st.observe(state, seat), st.legal_moves(state, seat), random.Random(0)
    )
    return str(move.card)


def test_plays_last_and_avoids_a_trick_with_its_own_pain_card() -> None:
    # Seat 2 (pain blue) is last to a trick of R1 and B3: Y4 or G5 would take the B3; R2 (lead
    # colour) or B1 (too low) leave it to seat 1.
    hands = ["R1 R3 Y0 Y1 G0", "B3 R4 Y2 G1 G2", "B0 B1 R2 Y4 G5"]
    state = small_game(hands, ["Y0", "G1", "B0"], ["R1", "B3"])
    assert heuristic_card(state, 2) in ("R2", "B1")


def test_plays_last_and_slips_a_high_card_of_the_winners_pain_colour() -> None:
    # Seat 1 (pain yellow) wins Y1 G4 so far; seat 2 adds Y5, which costs seat 1 five points.
    hands = ["Y1 R1 R3 B2 G0", "Y0 G4 R4 B3 G1", "B0 Y5 R2 B1 G2"]
    state = small_game(hands, ["G0", "Y0", "B0"], ["Y1", "G4"])
    assert heuristic_card(state, 2) == "Y5"


def test_plays_last_and_takes_a_cheap_trick() -> None:
    # R1 and G2 hold no blue: Y5 takes the trick for +3.
    hands = ["R1 R4 Y0 Y1 G0", "G2 Y2 B3 G1 R0", "B0 B1 R3 Y5 G4"]
    state = small_game(hands, ["G0", "R0", "B0"], ["R1", "G2"])
    assert heuristic_card(state, 2) in ("Y5", "G4")


def test_ducks_with_a_zero_under_a_lead_of_its_pain_colour() -> None:
    # Seat 0 leads B5 into seat 1, whose pain colour is blue: any non-zero card of another
    # colour would take the B5; R0 ducks.
    hands = ["B5 R1 Y1 G1 G2", "B0 R0 Y3 G4 R5", "B1 B2 Y0 G0 R2"]
    state = small_game(hands, ["G1", "B0", "Y0"], ["B5"])
    assert heuristic_card(state, 1) == "R0"


def test_picks_a_low_card_of_the_colour_it_holds_long() -> None:
    hands = ["B0 B4 B5 R3 Y5", "R0 R1 Y0 Y1 G0", "R2 Y2 G1 G2 B1"]
    state = st.new_game(3, rules=SMALL, deals=[hands] * 3)
    assert heuristic_card(state, 0) == "B0"


# -- the tournament script -------------------------------------------------------------------------


def test_tournament_script_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "tournament.py"
    spec = importlib.util.spec_from_file_location("tournament", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--bots", "heuristic", "random", "ismcts:iterations=2", "--deals", "2"])
    out = capsys.readouterr().out
    assert "2 deals, 6 games" in out
    assert "heuristic - random" in out


def test_view_type_is_what_bots_get() -> None:
    game = st.StichelnGame()
    assert isinstance(game.observe(game.new_game(3, seed=1), 0), StichelnView)


# -- bot specs -------------------------------------------------------------------------------------


def test_a_spec_gives_a_bot_its_options() -> None:
    game = st.StichelnGame()
    spec = parse_bot_spec(" ISMCTS : Time=0.5 : seed=3 ")
    assert (spec.name, spec.options, str(spec)) == (
        "ismcts",
        (("time", "0.5"), ("seed", "3")),
        "ismcts:time=0.5:seed=3",
    )
    bot = make_bot("ismcts:time=0.5:seed=3", game)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.time_limit, bot.iterations, bot.seed) == (0.5, None, 3)
    bot = make_bot("ismcts:iterations=50", game)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.time_limit, bot.iterations, bot.seed) == (None, 50, None)
    assert repr(make_bot("random:seed=7", game)) == "RandomBot(seed=7)"
    assert "seed" in bot_options("ismcts")
    assert bot_options("random") == ("seed",)
    tuned = make_bot("heuristic:others_weight=0.5", game)
    assert isinstance(tuned, HeuristicBot)
    assert tuned.others_weight == 0.5


def test_a_seeded_random_bot_plays_its_own_games() -> None:
    game = st.StichelnGame()
    state = game.new_game(3, seed=1)
    moves = game.legal_moves(state, 0)
    view = game.observe(state, 0)

    def picks(bot: Bot[Any, Any]) -> list[Any]:
        rng = random.Random(0)
        return [bot.choose(view, moves, rng) for _ in range(20)]

    assert picks(make_bot("random:seed=1", game)) == picks(make_bot("random:seed=1", game))
    assert picks(make_bot("random:seed=1", game)) != picks(make_bot("random:seed=2", game))


@pytest.mark.parametrize(
    ("spec", "error", "message"),
    [
        ("ismcts:foo=1", UnknownNameError, "the ismcts bot has no option 'foo'"),
        ("ismcts:time=0", BotSpecError, "time=0: must be a positive number"),
        ("ismcts:time=fast", BotSpecError, "time=fast: must be a positive number"),
        (
            "ismcts:time=1e308",
            BotSpecError,
            "option time=1e308: must be a positive number of seconds, at most 3600 \\(an hour\\)",
        ),
        ("ismcts:time_limit=3601", BotSpecError, "option time_limit=3601: .* at most 3600"),
        ("ismcts:iterations=2.5", BotSpecError, "must be a whole number of at least 1"),
        ("ismcts:time=1:time_limit=1", BotSpecError, "give time or time_limit, not both"),
        ("ismcts:time", BotSpecError, "option 'time' is not key=value"),
        ("ismcts:seed=1:seed=2", BotSpecError, "option 'seed' given twice"),
        ("random:seed=x", BotSpecError, "seed=x: must be a whole number"),
        ("random:time=1", UnknownNameError, "the random bot has no option 'time'"),
        ("heuristic:share=1", UnknownNameError, "the heuristic bot has no option 'share'"),
        (":seed=1", BotSpecError, "empty bot name"),
        ("nosuch:seed=1", UnknownNameError, "no bot 'nosuch'"),
    ],
)
def test_bad_specs_are_refused(spec: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        make_bot(spec, st.StichelnGame())


def test_a_search_may_think_an_hour_a_move() -> None:
    game = st.StichelnGame()
    assert make_bot("ismcts:time=3600", game).time_limit == 3600.0  # type: ignore[attr-defined]
    assert ISMCTSBot(game, time_limit=3600).time_limit == 3600


HUGE = "x" * 10_000


@pytest.mark.parametrize(
    ("spec", "error", "named"),
    [
        ("ismcts:time=" + "1" * 10_000, BotSpecError, "option time='111"),
        ("ismcts:time=1:time_limit=" + "2" * 10_000, BotSpecError, "option time_limit='222"),
        ("random:seed=" + HUGE, BotSpecError, "option seed='xxx"),
        ("ismcts:reward=" + HUGE, BotSpecError, "must be margin or rank"),
        ("heuristic:zero_keep=" + HUGE, BotSpecError, "option zero_keep='xxx"),
        ("ismcts:" + HUGE + "=1", UnknownNameError, "the ismcts bot has no option 'xxx"),
        ("random:" + HUGE + "=1:" + HUGE + "=2", BotSpecError, "given twice"),
        ("random:" + HUGE, BotSpecError, "is not key=value"),
        (HUGE, UnknownNameError, "no bot 'xxx"),
        ("ismcts:playout_bot=" + HUGE, UnknownNameError, "no bot 'xxx"),
        (":" + HUGE, BotSpecError, "empty bot name"),
        ("random:seed=" + "1\n" * 20 + "x", BotSpecError, "option seed='1\\n1"),
    ],
)
def test_the_errors_of_huge_specs_are_short(spec: str, error: type[Exception], named: str) -> None:
    """Whatever the length of a spec, its error quotes at most a few dozen characters of it
    and of each of its parts (with the length of a part cut short), on one line, and says what
    is wrong."""
    with pytest.raises(error) as caught:
        make_bot(spec, st.StichelnGame())
    message = str(caught.value)
    assert named in message
    assert len(message) < 400, len(message)
    assert "\n" not in message


# -- the fast path of Sticheln's playouts ----------------------------------------------------------


def test_ismcts_for_sticheln_takes_the_fast_path_of_its_playout_policy() -> None:
    """The registered policy has a fast path (sticheln.sticheln.playout); random playouts and
    playouts to the end of the game take the generic path. Stichling's random playouts have
    a fast path (sticheln.stichling.playout), and so have Hattrick's
    (sticheln.hattrick.playout)."""
    game = st.StichelnGame()
    view = game.observe(game.new_game(4, seed=2), 0)
    rng = random.Random(0)
    bot = make_bot("ismcts", game)
    assert isinstance(bot, ISMCTSBot)
    assert bot._fast_sampler(view, rng) is not None
    assert ISMCTSBot(game, playout_policy=playout_policy)._fast_sampler(view, rng) is not None
    assert ISMCTSBot(game)._fast_sampler(view, rng) is not None
    assert ISMCTSBot(game, playout_policy=None)._fast_sampler(view, rng) is None
    slow = ISMCTSBot(game, playout_policy=playout_policy, round_playouts=False)
    assert slow._fast_sampler(view, rng) is None
    bot._fast_playouts = False
    assert bot._fast_sampler(view, rng) is None
    for name, kind in (("hattrick", HattrickHandSearch), ("stichling", HandSearch)):
        other = st.find_game(name)
        searcher = make_bot("ismcts", other)
        assert isinstance(searcher, ISMCTSBot)
        other_view = other.observe(other.new_game(4, seed=1), 0)
        assert isinstance(searcher._fast_sampler(other_view, rng), kind)
        assert ISMCTSBot(other, round_playouts=False)._fast_sampler(other_view, rng) is None
        searcher._fast_playouts = False
        assert searcher._fast_sampler(other_view, rng) is None


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_ismcts_on_the_fast_path_plays_legal_moves(preset: str, players: int) -> None:
    game = st.StichelnGame(StichelnRules.preset(preset))
    bots: list[Bot[Any, Any]] = [
        make_bot("ismcts:iterations=6:seed=1", game),
        make_bot("ismcts:iterations=5:seed=2:tree_simultaneous=true:reward=rank", game),
    ]
    bots += [HeuristicBot()] * (players - 2)
    state = play(game, bots, seed=players, rng=random.Random(players))
    assert game.is_over(state)


def test_ismcts_on_the_fast_path_counts_its_iterations_and_is_deterministic() -> None:
    game = st.StichelnGame()
    state = game.new_game(4, seed=5)
    rng = random.Random(3)
    for _ in range(4 + 5):
        player = game.players_to_act(state)[0]
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
    player = game.players_to_act(state)[0]
    view, moves = game.observe(state, player), game.legal_moves(state, player)
    bot = make_bot("ismcts:iterations=80:seed=8", game)
    assert isinstance(bot, ISMCTSBot)
    choices = {bot.choose(view, moves, random.Random(1)) for _ in range(3)}
    assert len(choices) == 1
    assert bot.last_iterations == 80
    root = bot._search_fast(bot._fast_sampler(view, random.Random(0)), player, random.Random(1))  # type: ignore[arg-type]
    assert set(root.children) <= set(moves)
    assert sum(child.visits for child in root.children.values()) == 80


def test_ismcts_fast_and_generic_paths_agree_on_most_moves() -> None:
    """The two paths sample and play out alike (with other random numbers): with the same
    budget they choose the same move in many positions (8 of these 12; the search is noisy
    at 400 iterations with a dozen moves)."""
    game = st.StichelnGame()
    rng = random.Random(4)
    same = 0
    positions = 12
    for i in range(positions):
        state = game.new_game(4, seed=100 + i)
        for _ in range(rng.randrange(4 + 4 * 14)):
            player = game.players_to_act(state)[0]
            moves = game.legal_moves(state, player)
            state = game.apply_move(state, playout_policy(state, player, moves, rng))
        player = game.players_to_act(state)[0]
        view, moves = game.observe(state, player), game.legal_moves(state, player)
        chosen = []
        for fast in (True, False):
            bot = make_bot("ismcts:iterations=400:seed=1", game)
            assert isinstance(bot, ISMCTSBot)
            bot._fast_playouts = fast
            chosen.append(bot.choose(view, moves, random.Random(i)))
        same += chosen[0] == chosen[1]
    assert same >= positions // 2
