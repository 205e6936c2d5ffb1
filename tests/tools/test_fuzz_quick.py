"""A few seconds of each fuzz campaign of ``fuzz/`` with fixed seeds: the record loaders, the
public API and the command line give only their documented outcomes."""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import pytest
from fuzz import api, cli, records

import sticheln


def test_records_campaign_has_no_unexpected_outcome() -> None:
    out = io.StringIO()
    counts = records.campaign(150, seed=1, out=out)
    assert set(counts) == set(sticheln.GAME_NAMES)
    for name, counter in counts.items():
        assert counter[records.UNEXPECTED] == 0, (name, out.getvalue())
        assert counter[records.LOADED] > 0, name
        assert counter[records.REJECTED] > 0, name


def broken_loader(game: Any, text: str | bytes) -> tuple[Any, tuple[Any, ...]]:
    """A loader that fails with a ``KeyError`` where the real one raises ``RecordError``."""
    try:
        result: tuple[Any, tuple[Any, ...]] = game.replay_from_json(text)
    except sticheln.RecordError as exc:
        raise KeyError("players") from exc
    return result


def test_records_campaign_reports_an_unexpected_exception() -> None:
    out = io.StringIO()
    counts = records.campaign(30, seed=1, games=["sticheln"], loader=broken_loader, out=out)
    assert counts["sticheln"][records.UNEXPECTED] > 0
    assert "FINDING sticheln case '1:sticheln:" in out.getvalue()
    assert "KeyError" in out.getvalue()


def test_records_campaign_reports_a_bad_replay() -> None:
    def wrong_moves(game: Any, text: str | bytes) -> tuple[Any, tuple[Any, ...]]:
        state, moves = game.replay_from_json(text)
        return state, tuple(reversed(moves))

    out = io.StringIO()
    counts = records.campaign(60, seed=2, games=["hattrick"], loader=wrong_moves, out=out)
    assert counts["hattrick"][records.UNEXPECTED] > 0
    assert "replay raised" in out.getvalue()


def test_records_case_is_bounded_in_time() -> None:
    def slow_loader(game: Any, text: str | bytes) -> tuple[Any, tuple[Any, ...]]:
        while True:
            pass

    game = sticheln.find_game("stichling")
    text = records.random_record(game, records.random.Random(3))
    limit = records.CASE_SECONDS
    records.CASE_SECONDS = 0.2
    try:
        outcome, detail = records.run_case(game, text, slow_loader)
    finally:
        records.CASE_SECONDS = limit
    assert (outcome, detail.split(":")[0]) == (records.UNEXPECTED, "hang")


def test_api_campaign_reports_an_unexpected_exception() -> None:
    def fragile(value: object) -> None:
        raise AttributeError("not documented")

    target = api.Target("fragile", fragile, api.hostile)
    outcome, detail = api.call(target, [None], {})
    assert (outcome, detail) == (api.UNEXPECTED, "AttributeError: not documented")
    assert api.call(api.Target("quiet", lambda value: value), [None], {})[0] == api.RETURNED
    assert api.documented(sticheln.WrongTypeError("x"), "Card")
    assert api.documented(KeyError("R3"), "CardSet.remove")
    assert not api.documented(KeyError("R3"), "Card")


MAIN_API = [
    "Card",
    "Card.parse",
    "CardSet.parse",
    "trick_winner",
    "lead_color",
    "explain_trick",
    "card_points",
    "find_game",
    *(f"{game}.{name}" for game in api.ENGINES for name in ("legal_moves", "observe")),
    *(f"{game}.parse_move" for game in api.ENGINES),
]


@pytest.mark.parametrize("name", MAIN_API)
def test_api_target_gives_only_documented_errors(name: str) -> None:
    """The targets on which the API campaign has found nothing; the findings of the others
    are reported by ``python fuzz/api.py``."""
    (target,) = [t for t in api.targets() if t.name == name]
    rng = api.random.Random(f"quick:{name}")
    for _ in range(40):
        args, kwargs = target.draw(rng)
        outcome, detail = api.call(target, args, kwargs)
        assert outcome != api.UNEXPECTED, (name, detail)


def test_protocol_campaign_has_no_unexpected_outcome() -> None:
    """Every game's entry points, given arguments of the wrong type among right ones, raise
    WrongTypeError (about a third of these calls raised AttributeError, KeyError, IndexError
    and the like, or answered for another game's state)."""
    out = io.StringIO()
    raised: Counter[str] = Counter()
    targets = api.protocol_targets()
    counts = api.campaign(600, seed=3, out=out, chosen=targets, raised=raised)
    total = api.totals(counts)
    assert total[api.UNEXPECTED] == 0, out.getvalue()
    assert total[api.RETURNED] > 0
    assert raised["WrongTypeError"] > 100
    assert set(raised) <= {
        "WrongTypeError",
        "IllegalMoveError",
        "UnknownPlayerError",
        "InvalidMoveError",
        "WireError",
        "RulesError",
        "RecordError",
    }, raised


def test_protocol_campaign_reports_a_wrong_type_accepted() -> None:
    def trusting(state: object) -> object:
        return getattr(state, "is_over", None)

    state = api.Slot(lambda r: 1, lambda r: None, lambda v: type(v) is int)
    target = api.ProtocolTarget("trusting", trusting, state)
    assert api.call(target, [None], {}) == (
        api.UNEXPECTED,
        "returned for argument 0 of the wrong type",
    )
    assert api.call(target, [1], {}) == (api.RETURNED, "")

    def wrong_error(state: object) -> object:
        raise sticheln.UnknownPlayerError("player 9 is not a seat")

    outcome, detail = api.call(api.ProtocolTarget("wrong", wrong_error, state), [None], {})
    assert outcome == api.UNEXPECTED
    assert detail.startswith("UnknownPlayerError: player 9 is not a seat (for argument 0")


def test_cli_campaign_has_no_unexpected_outcome() -> None:
    out = io.StringIO()
    counts = cli.campaign(2, seed=1, out=out)
    assert counts["play"][cli.UNEXPECTED] == 0, out.getvalue()
    assert counts["replay"][cli.UNEXPECTED] == 0, out.getvalue()
    assert counts["play"][cli.OK] == 2


def test_cli_classify_reports_a_traceback() -> None:
    crashed = cli.subprocess.CompletedProcess([], 1, b"", b"Traceback (most recent call last):")
    assert cli.classify(crashed, (0, 2))[0] == cli.UNEXPECTED
    assert cli.classify(cli.subprocess.CompletedProcess([], 3, b"", b""), (0, 2))[0] == (
        cli.UNEXPECTED
    )
    assert cli.classify(cli.subprocess.CompletedProcess([], 2, b"", b"bad"), (0, 2))[0] == (
        cli.BAD_RECORD
    )
