"""Stichling's compiled playouts (sticheln.stichling.compiled, the fast extra) against the
Python path: the same hands, the same random stream, the same results.

From random positions of every preset, every rule option and player count (some hands and
moves in, some while the victory-point cards are ordered), hands are sampled as a search
samples them and played out both by the compiled finisher and by :func:`finish_in_python`,
which ``tests/stichling/test_playout.py`` checks against the engine: every total and every
count of tricks won must agree. A search with the same seed must make the same moves on both
paths.
"""

from __future__ import annotations

import random

import pytest

from sticheln.bots import ISMCTSBot, make_bot
from sticheln.core import stream
from sticheln.core.stream import PLAYOUTS_VARIABLE, PlayoutStream
from sticheln.stichling import StichlingGame, StichlingRules, observe
from sticheln.stichling.playout import FastHand, HandSearch, finish_in_python, hand_search
from tests.stichling.test_playout import CASES, IDS, _position

pytest.importorskip("numba")

from sticheln.stichling.compiled import finisher


def _copy(hand: FastHand) -> FastHand:
    copy = FastHand(hand.search, hand.hands[:], hand.orders[:])
    copy.tricks = [trick[:] for trick in hand.tricks]
    copy.key, copy.wins, copy.turn, copy.to_act = hand.key, hand.wins[:], hand.turn, hand.to_act
    return copy


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_compiled_playouts_agree_with_python(rules: StichlingRules, players: int) -> None:
    """150 playouts of every case: the same totals and tricks won, and the same random
    numbers drawn before the finisher (the victory-point cards still to order)."""
    rng = random.Random(f"compiled/{rules.name}/{players}")
    played = mismatches = 0
    for _ in range(15):
        state = _position(rules, players, rng)
        view = observe(state, rng.randrange(players))
        search = HandSearch(view)
        compiled = finisher(search)
        for _ in range(10):
            hand = search.sample(rng)
            seed = rng.getrandbits(64)
            search.finisher = compiled
            ours = _copy(hand)
            ours_totals = ours.playout(random.Random(seed))
            search.finisher = finish_in_python
            theirs = _copy(hand)
            theirs_totals = theirs.playout(random.Random(seed))
            mismatches += (ours_totals, ours.wins) != (theirs_totals, theirs.wins)
            played += 1
            # The finishers alone, from a stream state past 2**63 too.
            stream = rng.getrandbits(64)
            started = _copy(hand)
            started._arrange(PlayoutStream(0).random)
            assert compiled(_copy(started), stream) == finish_in_python(_copy(started), stream)
    assert (played, mismatches) == (150, 0)


def test_compiled_playouts_tell_streams_apart() -> None:
    """The results depend on the stream: 50 seeds give several different totals."""
    game = StichlingGame()
    search = HandSearch(observe(game.new_game(4, seed=5), 1))
    compiled = finisher(search)
    hand = search.sample(random.Random(1))
    hand._arrange(PlayoutStream(0).random)
    results = {tuple(compiled(_copy(hand), seed)) for seed in range(50)}
    assert len(results) > 5


def _moves(monkeypatch: pytest.MonkeyPatch, compiled: bool) -> list[tuple[object, int]]:
    """The moves of an ISMCTS bot in seat 0 and its iterations over the first hand of a
    4-player game against random bots."""
    monkeypatch.setenv(PLAYOUTS_VARIABLE, "compiled")
    if not compiled:
        python = {("sticheln.stichling.compiled", "finisher"): lambda s: finish_in_python}
        monkeypatch.setattr(stream, "_FOUND", python)
    game = StichlingGame()
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
    compiled = _moves(monkeypatch, True)
    monkeypatch.undo()
    python = _moves(monkeypatch, False)
    assert len(compiled) > 5
    assert compiled == python


def test_the_variable_chooses_the_path(monkeypatch: pytest.MonkeyPatch) -> None:
    view = observe(StichlingGame().new_game(3, seed=1), 0)
    monkeypatch.delenv(PLAYOUTS_VARIABLE, raising=False)
    search = hand_search(view)
    assert search is not None
    assert search.finisher is not None  # numba is installed
    monkeypatch.setenv(PLAYOUTS_VARIABLE, "python")
    search = hand_search(view)
    assert search is not None
    assert search.finisher is None
