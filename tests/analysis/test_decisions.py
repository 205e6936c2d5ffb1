"""The analysis of a recorded game (sticheln.analysis.analyse): against the solver where
nothing is hidden, a small case worked out by hand, every game, the seed, the errors."""

from __future__ import annotations

import io
import json
import random
import sys
from typing import Any

import pytest

import sticheln as st
from sticheln.analysis import Analysis, SolverError, analyse, decision_numbers, solve
from sticheln.bots import make_bot
from sticheln.core.protocol import Game


def tiny_record(moves: list[tuple[int, str]]) -> tuple[Game[Any, Any, Any], Any]:
    """Sticheln's tiny preset for two players, every card dealt (R0 R1 Y2 and Y0 R2 Y1), the
    moves ``(seat, card)`` made: once the pain cards are shown nothing is hidden."""
    game = st.find_game("sticheln", "tiny")
    state = game.new_game(2, deals=[["R0 R1 Y2", "Y0 R2 Y1"]])
    for player, card in moves:
        state = game.apply_move(state, game.parse_move(state, player, card))
    return game, state


WHOLE_DEAL = [(0, "R0"), (1, "Y0"), (0, "R1"), (1, "Y1"), (1, "R2"), (0, "Y2")]


def test_by_hand() -> None:
    # Player 0's pain card is R0, player 1's Y0; player 0 leads from R1 Y2, player 1 holds
    # R2 Y1. A card of one's pain colour costs its value, any other card won is +1.
    # Lead R1: Y1 (of another colour) takes it, 0 for player 1, who leads R2; Y2 takes
    # it for player 0: R2 -2, Y2 +1, -1. (Had player 1 answered R2, it takes R1 R2, and
    # player 0's Y2 takes Y1: +2; the others play against player 0: -1.)
    # Lead Y2: R2 takes it and player 0's R1 takes Y1 R1 (+1 - 1 = 0); after Y1 instead,
    # player 0 takes Y2 Y1 (+2): 0. So Y2 was best, and R1 cost 1 point.
    game, state = tiny_record(WHOLE_DEAL)
    assert game.scores(state) == (-1, 0)
    analysis = analyse(game.to_json(state), 0, samples=3, seed=5)
    lead = next(decision for decision in analysis.decisions if decision.number == 3)
    assert lead.played_text == "R1"
    assert [(value.text, value.mean) for value in lead.values] == [("R1", -1.0), ("Y2", 0.0)]
    assert lead.best_texts == ("Y2",)
    assert lead.loss == 1.0
    assert lead.loss_interval == (1.0, 1.0)
    assert (lead.samples, lead.solved) == (3, 3)
    assert lead.trick is not None
    assert str(lead.trick.cards[lead.trick.winner]) == "Y1"
    assert analysis.costly() == (lead,)
    assert analysis.total_loss == 1.0


def test_the_decisions_are_the_moves_made_with_a_choice() -> None:
    # Each picks a pain card from three cards (moves 1 and 2); player 0 leads R1 of R1 Y2
    # (3) and player 1 answers Y1 of R2 Y1 (4); then each has one card left (5, 6).
    game, state = tiny_record(WHOLE_DEAL)
    text = game.to_json(state)
    assert decision_numbers(text, 0) == (1, 3)
    assert decision_numbers(text, 1) == (2, 4)
    assert [d.number for d in analyse(text, 1, samples=1, seed=2).decisions] == [2, 4]
    with pytest.raises(st.UnknownPlayerError, match="player 2 is not a seat"):
        decision_numbers(text, 2)


def test_nothing_hidden_equals_the_solver() -> None:
    game, state = tiny_record(WHOLE_DEAL)
    recorded = st.load_record(game.to_json(state))
    states = list(recorded.states())
    for model in ("paranoid", "maxn"):
        analysis = analyse(recorded, 1, samples=4, seed=2, model=model)
        numbers = [decision.number for decision in analysis.decisions]
        assert numbers == [2, 4]  # the pain card, then the answer to R1
        answer = analysis.decisions[1]
        solution = solve(game, states[answer.number - 1], 1, model=model)
        assert {value.move: value.mean for value in answer.values} == solution.move_values
        assert all(value.interval == (value.mean, value.mean) for value in answer.values)
        if model == "paranoid":  # the analysed player moves: its best moves are the solver's
            assert answer.best == solution.best_moves


def heuristic_record(game: Game[Any, Any, Any], players: int, seed: int, moves: int) -> str:
    rng = random.Random(seed)
    bot = make_bot("heuristic", game)
    state = game.new_game(players, seed=seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        player = game.players_to_act(state)[0]
        move = bot.choose(game.observe(state, player), game.legal_moves(state, player), rng)
        state = game.apply_move(state, move)
    return game.to_json(state)


@pytest.mark.parametrize(
    ("name", "preset", "players"),
    [("sticheln", "tiny", 3), ("hattrick", "tiny", 3), ("stichling", None, 3)],
)
def test_every_game(name: str, preset: str | None, players: int) -> None:
    game = st.find_game(name, preset)
    text = heuristic_record(game, players, seed=4, moves=400)
    seen: list[tuple[int, int]] = []
    analysis = analyse(text, 0, samples=2, seed=1, budget=3000, progress=lambda *a: seen.append(a))
    assert analysis.game == name
    assert analysis.decisions
    assert seen[0] == (0, len(analysis.decisions))
    assert seen[-1][0] == len(analysis.decisions)
    recorded = st.load_record(text)
    for decision in analysis.decisions:
        move = recorded.moves[decision.number - 1]
        assert decision.played == move
        assert game.player_of(move) == 0
        assert len(decision.values) >= 2
        assert decision.samples == 2
        top = max(value.mean for value in decision.values)
        assert decision.loss == pytest.approx(top - decision.value_of(move).mean)
        assert {value.move for value in decision.values if value.mean == top} == set(decision.best)
    data = json.loads(json.dumps(analysis.to_dict()))
    assert data["format"] == "sticheln-analysis"
    assert len(data["decisions"]) == len(analysis.decisions)


def test_the_seed_decides() -> None:
    game = st.find_game("sticheln")
    text = heuristic_record(game, 4, seed=8, moves=20)
    first = analyse(text, 2, samples=3, seed=11, budget=1000)
    assert analyse(text, 2, samples=3, seed=11, budget=1000) == first
    other = analyse(text, 2, samples=3, seed=12, budget=1000)
    assert [d.values for d in other.decisions] != [d.values for d in first.decisions]
    assert isinstance(first, Analysis)
    assert first.seed == 11


def test_time_bounds_the_worlds() -> None:
    game, state = tiny_record(WHOLE_DEAL)
    analysis = analyse(game.to_json(state), 0, time=0.05, seed=1)
    assert all(decision.samples >= 1 for decision in analysis.decisions)


def test_a_search_that_cannot_finish_leaves_the_time_to_playouts() -> None:
    # In the first tricks of a round of Sticheln for four (hands of 15 cards) no search
    # finishes in a fraction of a second: the solver may take a quarter of a decision's time,
    # and playouts of a few milliseconds each fill the rest with more worlds.
    game = st.find_game("sticheln")
    record = heuristic_record(game, 4, seed=3, moves=12)
    cards = [n for n in decision_numbers(record, 0) if n > 4]  # after the pain cards
    assert cards
    analysis = analyse(record, 0, time=0.4 * (len(cards) + 1), budget=10**9, seed=1)
    played = [d for d in analysis.decisions if d.number in cards]
    assert all(d.solved == 0 and d.samples > 1 for d in played), [
        (d.number, d.samples, d.solved) for d in played
    ]


def test_costly_ranks_the_losses() -> None:
    game = st.find_game("sticheln")
    analysis = analyse(heuristic_record(game, 4, seed=3, moves=30), 0, samples=3, seed=1)
    costly = analysis.costly()
    assert [d.loss for d in costly] == sorted((d.loss for d in costly), reverse=True)
    assert all(d.loss > 0 for d in costly)
    assert len(analysis.costly(1)) == min(1, len(costly))


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"samples": 0}, SolverError, "samples must be from 1"),
        ({"samples": 2.0}, st.WrongTypeError, "samples must be an int"),
        ({"time": -1}, SolverError, "time must be a positive"),
        ({"time": "1"}, st.WrongTypeError, "time must be a number"),
        ({"seed": "x"}, st.WrongTypeError, "seed must be an int"),
        ({"model": "best"}, st.UnknownNameError, "no model 'best'"),
        ({"budget": 0}, SolverError, "budget must be at least 1"),
    ],
)
def test_bad_settings(kwargs: dict[str, Any], error: type[Exception], words: str) -> None:
    game, state = tiny_record(WHOLE_DEAL)
    with pytest.raises(error, match=words):
        analyse(game.to_json(state), 0, **kwargs)


def test_bad_record_and_seat() -> None:
    game, state = tiny_record(WHOLE_DEAL)
    with pytest.raises(st.RecordError):
        analyse("{}", 0)
    with pytest.raises(st.WrongTypeError, match="record must be"):
        analyse(state, 0)  # type: ignore[arg-type]
    with pytest.raises(st.UnknownPlayerError, match="player 2 is not a seat"):
        analyse(game.to_json(state), 2)
    with pytest.raises(st.WrongTypeError, match="player must be a seat number"):
        analyse(game.to_json(state), "0")  # type: ignore[arg-type]
    record = st.StichelnRecord.from_state(state)
    assert analyse(record, 0, samples=1, seed=1).decisions


def test_the_chart_names_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from sticheln.analysis.chart import plot_analysis

    game, state = tiny_record(WHOLE_DEAL)
    analysis = analyse(game.to_json(state), 0, samples=1, seed=1)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # an import of it fails
    with pytest.raises(ImportError, match=r'needs the plot extra.*pip install "\.\[plot\]"'):
        plot_analysis(analysis, io.BytesIO())
