"""Hattrick's compiled playouts (sticheln.hattrick.compiled, the fast extra) against the
Python path: the same hands, the same random stream, the same results.

From random positions of every preset, every rule option and player count (some hands and
moves in, some in the middle of a turn), hands are sampled as a search samples them and
played out both by the compiled finisher and by :func:`finish_in_python`, which
``tests/hattrick/test_playout.py`` checks against the engine: every total, pile of won cards,
count of passes and the last leader must agree. A search with the same seed must make the
same moves on both paths.
"""

from __future__ import annotations

import random

import pytest

from sticheln.bots import ISMCTSBot, make_bot
from sticheln.core.stream import PLAYOUTS_VARIABLE
from sticheln.hattrick import HattrickGame, HattrickRules, observe
from sticheln.hattrick.playout import FastHand, HandSearch, finish_in_python, hand_search
from tests.hattrick.test_playout import CASES, IDS, _position

pytest.importorskip("numba")

from sticheln.hattrick.compiled import finisher


def _copy(hand: FastHand) -> FastHand:
    copy = FastHand(hand.search, hand.hands[:], hand.turn[:])
    copy.leader, copy.situation, copy.turns = hand.leader, hand.situation, hand.turns
    copy.won, copy.passed = hand.won[:], hand.passed[:]
    return copy


def _result(hand: FastHand, totals: list[int]) -> tuple[object, ...]:
    return totals, hand.won, hand.passed, hand.hands, hand.leader, hand.done


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_compiled_playouts_agree_with_python(rules: HattrickRules, players: int) -> None:
    """150 playouts of every case: the same totals, piles, passes, hands and leader, from
    stream states below and past ``2**63``."""
    rng = random.Random(f"compiled/{rules.name}/{players}")
    played = mismatches = 0
    for _ in range(15):
        state = _position(rules, players, rng)
        view = observe(state, rng.randrange(players))
        search = HandSearch(view)
        compiled = finisher(search)
        for _ in range(10):
            hand = search.sample(rng)
            stream = rng.getrandbits(64)
            ours, theirs = _copy(hand), _copy(hand)
            ours_result = _result(ours, compiled(ours, stream))
            theirs_result = _result(theirs, finish_in_python(theirs, stream))
            mismatches += ours_result != theirs_result
            played += 1
    assert (played, mismatches) == (150, 0)


def test_compiled_playouts_tell_streams_apart() -> None:
    """The results depend on the stream: 50 seeds give several different totals."""
    game = HattrickGame()
    search = HandSearch(observe(game.new_game(4, seed=5), 1))
    compiled = finisher(search)
    hand = search.sample(random.Random(1))
    results = {tuple(compiled(_copy(hand), seed)) for seed in range(50)}
    assert len(results) > 5


def _moves(monkeypatch: pytest.MonkeyPatch, path: str) -> list[tuple[object, int]]:
    """The moves of an ISMCTS bot in seat 0 and its iterations over the first hand of a
    4-player game against random bots."""
    monkeypatch.setenv(PLAYOUTS_VARIABLE, path)
    game = HattrickGame()
    bot = ISMCTSBot(game, iterations=60, seed=4)
    others = [make_bot("random", game) for _ in range(3)]
    state = game.new_game(4, seed=11)
    rng = random.Random(2)
    made = []
    while state.hand_number < 1:
        player = state.players_to_act[0]
        moves = game.legal_moves(state, player)
        view = game.observe(state, player)
        if player == 0:
            move = bot.choose(view, moves, rng)
            made.append((move, bot.last_iterations))
        else:
            move = others[player - 1].choose(view, moves, rng)
        state = game.apply_move(state, move)
    return made


def test_searches_make_the_same_moves_on_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python path (``STICHELN_PLAYOUTS=python``) draws the stream as the compiled one."""
    compiled = _moves(monkeypatch, "compiled")
    python = _moves(monkeypatch, "python")
    assert len(compiled) > 5
    assert compiled == python


def test_the_variable_chooses_the_path(monkeypatch: pytest.MonkeyPatch) -> None:
    view = observe(HattrickGame().new_game(4, seed=1), 0)
    monkeypatch.delenv(PLAYOUTS_VARIABLE, raising=False)
    search = hand_search(view)
    assert search is not None
    assert search.finisher is not None
    assert search.finisher is not finish_in_python
    monkeypatch.setenv(PLAYOUTS_VARIABLE, "python")
    search = hand_search(view)
    assert search is not None
    assert search.finisher is finish_in_python
