"""Sticheln's compiled playouts (sticheln.sticheln.compiled, the fast extra) against the Python
path: the same rounds, the same random stream, the same results.

From random positions of every preset and player count (some rounds and moves in, some
mid-trick, some while pain cards are chosen), rounds are sampled as a search samples them and
played out both by the compiled finisher and by :func:`finish_in_python`, which
``tests/sticheln/test_playout.py`` checks against the engine: every total must agree. A search
with the same seed must make the same moves on both paths.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import sticheln as st
from sticheln.bots import ISMCTSBot
from sticheln.core import stream
from sticheln.core.stream import PLAYOUTS_VARIABLE, PlayoutStream
from sticheln.sticheln.playout import (
    FastRound,
    RoundSearch,
    finish_in_python,
    finisher_for,
    round_search,
)
from tests.sticheln.test_playout import CASES, _position

pytest.importorskip("numba")

from sticheln.sticheln.compiled import finisher


def _copy(r: FastRound) -> FastRound:
    copy = FastRound(r.search, r.hands[:], r.picks[:], r.trick[:], r.best, r.won[:])
    copy.leader, copy.to_act, copy.lead, copy.aside = r.leader, r.to_act, r.lead, r.aside
    return copy


def test_the_stream_is_splitmix64() -> None:
    """The reference outputs of splitmix64 seeded with 1234567 (Vigna's splitmix64.c), and the
    draws below n made of their high 32 bits (worked out by hand: 0x599ED017 is 0.35 of
    2**32, so 2 of 6; 0x2C73F084 0.17, 1; 0x883EBCE5 0.53, 3)."""
    stream = PlayoutStream(1234567)
    assert [stream.next64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]
    stream = PlayoutStream(1234567)
    assert [stream._randbelow(6) for _ in range(3)] == [2, 1, 3]
    # Seeded with 0; the state passes 2**64 on the second draw and wraps around.
    stream = PlayoutStream(0)
    assert [stream.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_compiled_playouts_agree_with_python(preset: str, players: int) -> None:
    """200 playouts of every preset and player count: the same totals, and the same random
    numbers drawn before the finisher (the pain cards still to choose)."""
    rules = st.StichelnRules.preset(preset)
    rng = random.Random(f"compiled/{preset}/{players}")
    mismatches = 0
    played = 0
    for _ in range(20):
        state = _position(rules, players, rng)
        view = st.observe(state, rng.randrange(players))
        search = RoundSearch(view)
        compiled = finisher(search)
        for _ in range(10):
            r = search.sample(rng)
            seed = rng.getrandbits(64)
            search.finisher = compiled
            ours = _copy(r).playout(random.Random(seed))
            search.finisher = finish_in_python
            theirs = _copy(r).playout(random.Random(seed))
            mismatches += ours != theirs
            played += 1
            # The finishers alone, from a stream state past 2**63 too.
            stream = rng.getrandbits(64)
            started = _copy(r)
            started._choose_pains(PlayoutStream(0))
            assert compiled(_copy(started), stream) == finish_in_python(_copy(started), stream)
    assert (played, mismatches) == (200, 0)


def test_compiled_playouts_tell_streams_apart() -> None:
    """The results depend on the stream: some of 50 seeds give other totals than seed 0 (the
    comparison above could not fail if the finisher ignored its stream)."""
    view = st.observe(st.new_game(4, seed=5), 1)
    search = RoundSearch(view)
    compiled = finisher(search)
    r = search.sample(random.Random(1))
    r._choose_pains(PlayoutStream(0))
    results = {tuple(compiled(_copy(r), seed)) for seed in range(50)}
    assert len(results) > 5


def _moves(monkeypatch: pytest.MonkeyPatch, compiled: bool) -> list[tuple[st.StichelnMove, int]]:
    """The moves of an ISMCTS bot in seat 0 and its iterations, for the first two rounds of
    a 3-player game against heuristic bots."""
    monkeypatch.setenv(PLAYOUTS_VARIABLE, "compiled")
    if not compiled:
        python = {("sticheln.sticheln.compiled", "finisher"): lambda search: finish_in_python}
        monkeypatch.setattr(stream, "_FOUND", python)
    game = st.StichelnGame()
    bot = ISMCTSBot(game, iterations=60, seed=4)
    others = [st.bots.make_bot("heuristic", game) for _ in range(2)]
    state = game.new_game(3, seed=11)
    rng = random.Random(2)
    made = []
    while state.round_number < 2:
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
    assert len(compiled) > 20
    assert compiled == python


def test_the_variable_chooses_the_path(monkeypatch: pytest.MonkeyPatch) -> None:
    view = st.observe(st.new_game(4, seed=1), 0)
    monkeypatch.delenv(PLAYOUTS_VARIABLE, raising=False)
    search = round_search(view)
    assert search is not None
    assert search.finisher is not None  # numba is installed
    for value, compiled in (("python", False), ("Compiled", True), ("auto", True), ("", True)):
        monkeypatch.setenv(PLAYOUTS_VARIABLE, value)
        assert (finisher_for(RoundSearch(view)) is not None) is compiled
    monkeypatch.setenv(PLAYOUTS_VARIABLE, "jit" * 30)
    with pytest.raises(ValueError, match=PLAYOUTS_VARIABLE) as error:
        finisher_for(RoundSearch(view))
    assert len(str(error.value)) < 120


def test_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numba ``auto`` takes the Python path and ``compiled`` names the extra."""
    monkeypatch.setitem(sys.modules, "numba", None)  # an import of it fails
    monkeypatch.delitem(sys.modules, "sticheln.sticheln.compiled")
    monkeypatch.delitem(sys.modules, "sticheln.core.compiled")
    monkeypatch.setattr(stream, "_FOUND", {})
    view = st.observe(st.new_game(4, seed=1), 0)
    monkeypatch.setenv(PLAYOUTS_VARIABLE, "auto")
    assert finisher_for(RoundSearch(view)) is None
    monkeypatch.setenv(PLAYOUTS_VARIABLE, "compiled")
    with pytest.raises(ImportError, match=r"fast extra"):
        finisher_for(RoundSearch(view))


def test_importing_sticheln_does_not_import_numba() -> None:
    code = (
        "import sys, sticheln, sticheln.sticheln.playout\n"
        "print('numba' in sys.modules, 'sticheln.core.compiled' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    assert out.split() == ["False", "False"]
