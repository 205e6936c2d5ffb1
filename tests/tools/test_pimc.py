"""The ``pimc`` bot: it plays the solver's best move where nothing is hidden, hands the
decisions the solver does not take to its early bot, and plays every game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import sticheln as st
from sticheln.bots import BotSpecError, PIMCBot, make_bot


class Counting:
    """A bot that plays the first legal move and counts its decisions."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: object, moves: Sequence[Any], rng: random.Random) -> Any:
        self.calls += 1
        return moves[0]


def tiny_lead() -> tuple[Any, Any]:
    """Sticheln's tiny preset for two players, every card dealt, the pain cards R0 and Y0
    shown: player 0 leads from R1 Y2 against R2 Y1. Leading Y2 makes sure of 0 points, R1 of
    -1 only (worked out in tests/analysis/test_decisions.py)."""
    game = st.find_game("sticheln", "tiny")
    state = game.new_game(2, deals=[["R0 R1 Y2", "Y0 R2 Y1"]])
    for player, card in [(0, "R0"), (1, "Y0")]:
        state = game.apply_move(state, game.parse_move(state, player, card))
    return game, state


def test_plays_the_best_move_where_nothing_is_hidden() -> None:
    game, state = tiny_lead()
    early = Counting()
    bot = PIMCBot(game, samples=3, seed=1, early=early)
    move = bot.choose(game.observe(state, 0), game.legal_moves(state, 0), random.Random(1))
    assert game.move_text(move) == "Y2"
    assert bot.last_solved == 3
    assert early.calls == 0


def test_hands_large_deals_to_the_early_bot() -> None:
    game = st.find_game("sticheln")
    state = game.new_game(4, seed=2)
    for player in range(4):  # the pain cards
        state = game.apply_move(state, game.legal_moves(state, player)[0])
    early = Counting()
    bot = PIMCBot(game, samples=2, budget=50, seed=1, early=early)
    player = game.players_to_act(state)[0]
    legal = game.legal_moves(state, player)
    assert bot.choose(game.observe(state, player), legal, random.Random(1)) == legal[0]
    assert (early.calls, bot.last_solved) == (1, 0)
    # Remembered: the next decision of as long a deal goes to the early bot without a search.
    state = game.apply_move(state, legal[0])
    player = game.players_to_act(state)[0]
    bot.choose(game.observe(state, player), game.legal_moves(state, player), random.Random(2))
    assert early.calls == 2


def test_simultaneous_moves_go_to_the_early_bot() -> None:
    game = st.find_game("sticheln", "tiny")
    state = game.new_game(3, seed=1)
    early = Counting()
    bot = PIMCBot(game, samples=2, early=early)
    bot.choose(game.observe(state, 0), game.legal_moves(state, 0), random.Random(1))
    assert early.calls == 1


@pytest.mark.parametrize(
    ("name", "preset", "players"),
    [("sticheln", "tiny", 3), ("hattrick", "tiny", 3), ("stichling", None, 3)],
)
def test_plays_every_game(name: str, preset: str | None, players: int) -> None:
    game = st.find_game(name, preset)
    bot = make_bot("pimc:samples=2:seed=3:early=random:budget=2000", game)
    state = game.new_game(players, seed=5)
    rng = random.Random(1)
    solved = 0
    for _ in range(60):
        if game.is_over(state) or game.deal_number(state) > 0:
            break
        player = game.players_to_act(state)[0]
        legal = game.legal_moves(state, player)
        move = bot.choose(game.observe(state, player), legal, rng)
        assert move in legal
        solved += bot.last_solved > 0
        state = game.apply_move(state, move)
    assert solved > 0


def test_the_seed_decides() -> None:
    game = st.find_game("sticheln", "tiny")
    state = game.new_game(3, seed=4)
    for player in range(3):
        state = game.apply_move(state, game.legal_moves(state, player)[-1])
    player = game.players_to_act(state)[0]
    view, legal = game.observe(state, player), game.legal_moves(state, player)
    chosen = {
        make_bot("pimc:samples=4:seed=7", game).choose(view, legal, random.Random(0))
        for _ in range(3)
    }
    assert len(chosen) == 1


def test_spec_options() -> None:
    game = st.find_game("sticheln")
    bot = make_bot("pimc:time=0.25:seed=2:model=maxn:budget=100", game)
    assert isinstance(bot, PIMCBot)
    assert (bot.time_limit, bot.samples, bot.seed, bot.model, bot.budget) == (
        0.25,
        None,
        2,
        "maxn",
        100,
    )
    assert type(bot.early).__name__ == "ISMCTSBot"
    for spec in ("pimc:samples=0", "pimc:model=best", "pimc:time=-1"):
        with pytest.raises(BotSpecError):
            make_bot(spec, game)
    with pytest.raises(st.UnknownNameError, match="the pimc bot has no option 'wings'"):
        make_bot("pimc:wings=2", game)
    with pytest.raises(ValueError, match="samples must be a positive int"):
        PIMCBot(game, samples=0)


def test_a_bot_with_a_time_limit_has_no_budget_by_default() -> None:
    # With a time limit the time decides; without one, 20,000 positions of the first world
    # (about a tenth of a second of the Python solver) keep a decision short.
    game = st.find_game("hattrick")
    assert PIMCBot(game, time_limit=0.1).budget is None
    assert PIMCBot(game).budget == 20_000
    assert PIMCBot(game, samples=3).budget == 20_000
    assert PIMCBot(game, time_limit=0.1, budget=500).budget == 500
    assert make_bot("pimc:time=0.1", game).budget is None
    with pytest.raises(ValueError, match="budget must be a positive int or None, got 0"):
        PIMCBot(game, budget=0)


def test_too_little_time_for_enough_worlds_goes_to_the_early_bot() -> None:
    # A tenth of a millisecond a move: the first world alone takes longer than an eighth of
    # it (MIN_WORLDS), so the early bot decides, and the bot remembers the deal's length.
    game, state = tiny_lead()
    early = Counting()
    bot = PIMCBot(game, time_limit=1e-4, early=early)
    move = bot.choose(game.observe(state, 0), game.legal_moves(state, 0), random.Random(1))
    assert move == game.legal_moves(state, 0)[0]
    assert (early.calls, bot.last_solved) == (1, 0)
    generous = PIMCBot(game, time_limit=5.0, samples=4, early=early)
    move = generous.choose(game.observe(state, 0), game.legal_moves(state, 0), random.Random(1))
    assert game.move_text(move) == "Y2"
    assert (early.calls, generous.last_solved) == (1, 4)


def test_a_person_never_waits_long_for_it() -> None:
    # The command line gives a search without a budget its interactive time, and the web
    # server gives it its bot time and refuses more than its most.
    from sticheln.cli.common import make_bots
    from sticheln.web.limits import Limits
    from sticheln.web.validate import RequestError, parse_table_request

    game = st.find_game("sticheln")
    timed, counted = make_bots(["pimc", "pimc:samples=3"], game, default_time=0.5)
    assert isinstance(timed, PIMCBot)
    assert isinstance(counted, PIMCBot)
    assert (timed.time_limit, counted.time_limit, counted.samples) == (0.5, None, 3)
    seats = ["human", "pimc", "pimc:samples=1000000", "random"]
    request = parse_table_request(
        {"game": "sticheln", "players": 4, "seats": seats}, Limits(bot_time=0.25)
    )
    assert request.seats[1:3] == ("pimc:time=0.25", "pimc:samples=1000000:time=0.25")
    with pytest.raises(RequestError, match="a bot may think at most"):
        parse_table_request(
            {
                "game": "sticheln",
                "players": 4,
                "seats": ["human", "pimc:time=3000", "random", "random"],
            },
            Limits(),
        )
