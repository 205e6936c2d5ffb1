"""Bad input from outside gets a clear, typed error of bounded length: huge numbers and
strings, values of the wrong type given to the pure rule functions, endless iterables."""

from __future__ import annotations

import io
import itertools
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

import sticheln as st
from sticheln.cli import main
from sticheln.core.errors import EXCERPT_LENGTH, excerpt
from sticheln.sticheln.game import move_text
from sticheln.sticheln.view import would_take
from sticheln.stichling import ArrangePoints

HUGE = 10**5000  # Python refuses to turn an int of more than 4,300 digits into text


def test_an_excerpt_quotes_any_value_in_bounded_length() -> None:
    assert excerpt("R3") == "'R3'"
    assert excerpt(HUGE) == "an int of about 5001 digits"
    assert excerpt(-(10**300)) == "an int of about 301 digits"
    long = excerpt("x" * 1_000_000)
    assert long.endswith("… (1000002 characters)")
    assert len(long) <= EXCERPT_LENGTH + 10
    assert excerpt([HUGE]) == "a list too large to quote"


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: st.new_game(HUGE), st.RulesError, "no deck for an int of about 5001 digits"),
        (lambda: st.legal_moves(st.new_game(3, seed=1), HUGE), st.UnknownPlayerError, "about"),
        (lambda: st.observe(st.new_game(3, seed=1), -HUGE), st.UnknownPlayerError, "about"),
        (lambda: st.new_game(3, first_leader=HUGE), st.SetupError, "about 5001 digits"),
        (lambda: st.Card(st.Color.RED, HUGE), st.CardError, "about 5001 digits"),
        (lambda: st.Card.parse("R" + "9" * 5000), st.CardError, "(5000 digits) is above 20"),
        (lambda: st.Card.parse("x" * 100_000), st.CardError, "(100002 characters)"),
        (lambda: st.PlayCard(-HUGE, st.Card.parse("R1")), st.UnknownPlayerError, "about"),
        (lambda: st.StichelnRules(rounds=10**9), st.RulesError, "from 1 to 100"),
        (
            lambda: st.StichelnRules(hand_size=HUGE),
            st.RulesError,
            "hand_size must be an int from 2",
        ),
        (lambda: st.StichelnGame().encoding(HUGE), st.RulesError, "not an int of about 5001"),
    ],
)
def test_huge_values_give_short_messages(
    call: object, error: type[Exception], fragment: str
) -> None:
    with pytest.raises(error) as info:
        call()  # type: ignore[operator]
    message = str(info.value)
    assert fragment in message
    assert len(message) < 300


def test_card_names_may_have_leading_zeros() -> None:
    assert st.Card.parse("R007") == st.Card.parse("R7")


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: st.trick_winner(["R1"]), "a trick: 'R1' is not a Card"),
        (lambda: st.trick_winner("R1 B2"), "a trick must be a sequence of Card values"),
        (lambda: st.lead_color(None), "a trick must be a sequence"),
        (lambda: st.explain_trick(st.new_game(3, seed=1)), "is not a Card"),
        (lambda: st.explain_trick([st.Card.parse("R1")], "set-aside"), "AllZeroTrick"),
        (lambda: st.explain_round_score(None, []), "pain_card must be a Card, got None"),
        (lambda: st.explain_round_score(st.Card.parse("R1"), [5]), "won_cards: 5 is not a Card"),
        (lambda: st.card_points(st.Card.parse("R1"), "R"), "pain_color must be a Color"),
        (lambda: st.card_points("R1", st.Color.RED), "card must be a Card"),
        (lambda: st.round_score("R1", []), "pain_card must be a Card"),
        (lambda: st.round_score(st.Card.parse("R1"), ["R2"]), "won_cards: 'R2' is not a Card"),
        (lambda: st.new_game(4.0), "players must be an int, got 4.0"),
        (lambda: st.new_game("4"), "players must be an int, got '4'"),
        (lambda: st.new_game(True), "players must be an int, got True"),
    ],
)
def test_the_rule_functions_name_arguments_of_the_wrong_type(call: object, fragment: str) -> None:
    with pytest.raises(st.WrongTypeError) as info:
        call()  # type: ignore[operator]
    assert fragment in str(info.value)


def test_an_endless_hand_is_refused_without_reading_it_all() -> None:
    endless = itertools.cycle(["R1", "R2"])
    deals = [[endless, "R3", "R4"]] * 3
    with pytest.raises(st.SetupError, match=r"deals\[0\]\[0\]"):
        st.new_game(3, deals=deals)  # type: ignore[list-item]


# -- records -------------------------------------------------------------------------------------


def _record() -> st.StichelnRecord:
    state = st.new_game(3, seed=1)
    for player in range(3):
        state = st.apply_move(state, st.legal_moves(state, player)[0])
    return st.StichelnRecord.from_state(state)


@pytest.mark.parametrize(
    ("move", "quoted"),
    [
        (None, "None"),
        ("0 R1", "'0 R1'"),
        (st.Card.parse("R1"), "Card(Color.RED, 1)"),
        (ArrangePoints(0, (1, 2, 3)), "ArrangePoints(player=0, order=(1, 2, 3))"),
        (SimpleNamespace(player=True, card=st.Card.parse("R1")), "namespace(player=True, card="),
        (SimpleNamespace(player=0, card="R1"), "namespace(player=0, card='R1')"),
    ],
)
def test_a_record_writes_only_moves_of_a_player_and_a_card(move: object, quoted: str) -> None:
    record = attrs.evolve(_record(), moves=(*_record().moves, move))
    with pytest.raises(st.WrongTypeError) as info:
        record.to_dict()
    message = str(info.value)
    assert message.startswith(f"StichelnRecord writes moves of a player and a card, not {quoted}")
    assert len(message) < 150


def test_a_record_nested_too_deeply_is_a_record_error() -> None:
    for game in (st.find_game(name) for name in st.GAME_NAMES):
        with pytest.raises(st.RecordError, match="nests too deeply"):
            game.from_json("[" * 100_000 + "]" * 100_000)


def test_a_key_given_twice_is_a_record_error() -> None:
    text = _record().to_json()
    doubled = text.replace('"players": 3,', '"players": 3, "players": 4,')
    with pytest.raises(st.RecordError, match="the key 'players' appears twice"):
        st.StichelnRecord.from_json(doubled)


def test_a_number_too_long_to_read_is_a_record_error() -> None:
    text = _record().to_json().replace('"players": 3', '"players": 3' + "0" * 5000)
    with pytest.raises(st.RecordError, match="not valid JSON") as info:
        st.StichelnRecord.from_json(text)
    assert len(str(info.value)) < 300


def test_invalid_utf8_is_a_record_error() -> None:
    with pytest.raises(st.RecordError, match="not valid JSON"):
        st.StichelnRecord.from_json(b'{"format": "\xff"}')


def test_record_hands_may_be_written_with_commas() -> None:
    data = _record().to_dict()
    data["deals"] = [[hand.replace(" ", ", ") for hand in deal] for deal in data["deals"]]
    assert st.StichelnRecord.from_dict(data).replay() == _record().replay()


@pytest.mark.parametrize("moves", [-1, 4, 999])
def test_replay_refuses_a_move_count_outside_the_record(moves: int) -> None:
    record = _record()
    assert len(record.moves) == 3
    with pytest.raises(ValueError, match="moves must be from 0 to 3"):
        record.replay(moves=moves)
    with pytest.raises(st.WrongTypeError):
        record.replay(moves=1.0)  # type: ignore[arg-type]
    assert record.replay(moves=3) == record.replay()


# -- the command line ------------------------------------------------------------------------


def _play(stdin: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    argv = ["play", "--interactive", "--players", "3", "--seed", "1"]
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_the_command_line_reads_only_ascii_digits_as_numbers() -> None:
    code, out, err = _play("²\n①\n" + "9" * 5000 + "\nq\n")
    assert code == 0, err
    assert "'²' is not a card name" in out
    assert "'①' is not a card name" in out
    assert "There is no card 999999…: your cards are numbered 1 to 15 this round." in out
    assert "Traceback" not in out + err


def test_the_command_line_survives_input_that_is_not_utf8() -> None:
    script = "import sys; from sticheln.cli import main; sys.exit(main(sys.argv[1:]))"
    result = subprocess.run(
        [sys.executable, "-c", script, "play", "--interactive", "--players", "3", "--seed", "1"],
        input=b"\xff\xfe\xfa\n1\nq\n",
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stdout + result.stderr
    assert b"not text in this terminal's encoding" in result.stdout


def test_sticheln_without_arguments_plays_like_python_m_sticheln() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sticheln"], capture_output=True, timeout=120, check=False
    )
    assert result.returncode == 0
    assert b"Winner" in result.stdout


def test_simulate_help_prints_a_plain_percent_sign() -> None:
    out = io.StringIO()
    assert main(["simulate", "--help"], stdout=out, stderr=io.StringIO()) == 0
    assert "confidence interval (95%)" in " ".join(out.getvalue().split())
    assert "%%" not in out.getvalue()


# -- record tags ---------------------------------------------------------------------------------


def test_tags_round_trip_and_unknown_tags_are_kept() -> None:
    tags = {
        "event": "club night",
        "date": "2026-12-01",
        "players": ["Ann", "Ben", "Cleo"],
        "bots": [None, "heuristic", "random"],
        "result": "won by Ben",
        "comments": {"2": "a bold pain card"},
        "table-colour": {"felt": "green"},
    }
    record = attrs.evolve(_record(), tags=tags)
    again = st.StichelnRecord.from_json(record.to_json())
    assert dict(again.tags) == tags
    assert again.replay() == record.replay()
    assert "tags" not in _record().to_dict()  # written only when there are some


@pytest.mark.parametrize(
    ("tags", "fragment"),
    [
        ([], "field 'tags': expected an object"),
        ({"players": "Ann"}, "tag 'players': expected a list with each seat's name"),
        ({"bots": [3]}, "tag 'bots'"),
        ({"comments": {"two": "x"}}, "tag 'comments'"),
        ({"date": 20261201}, "tag 'date'"),
    ],
)
def test_bad_tags_are_record_errors(tags: object, fragment: str) -> None:
    data = _record().to_dict()
    data["tags"] = tags
    with pytest.raises(st.RecordError, match=re.escape(fragment)):
        st.StichelnRecord.from_dict(data)


def test_unknown_fields_beside_the_tags_are_still_refused() -> None:
    data = _record().to_dict()
    data["tags"] = {"event": "x"}
    data["notes"] = "free text"
    with pytest.raises(st.RecordError, match=r"unknown record field\(s\): notes"):
        st.StichelnRecord.from_dict(data)


def test_the_command_line_saves_who_sat_where(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "--auto", "--players", "3", "--seed", "1", "--bots", "random", "--save"]
    assert main([*argv, str(path)], stdout=io.StringIO(), stderr=io.StringIO()) == 0
    tags = st.StichelnRecord.from_json(path.read_text()).tags
    assert tags["players"] == ["#1", "#2", "#3"]
    assert tags["bots"] == ["random", "random", "random"]
    assert str(tags["result"]).startswith("won by #")


@pytest.mark.parametrize(
    ("mask", "error"),
    [(-1, st.CardError), (2**200, st.CardError), (HUGE, st.CardError), ("3", st.WrongTypeError),
     (True, st.WrongTypeError)],
    ids=["negative", "beyond-the-deck", "huge", "string", "bool"],
)  # fmt: skip
def test_a_card_set_mask_is_checked(mask: object, error: type[Exception]) -> None:
    # A negative mask made iteration loop forever; masks beyond the deck raised IndexError.
    with pytest.raises(error, match="mask"):
        st.CardSet(mask)  # type: ignore[arg-type]
    assert str(st.CardSet((1 << 126) - 1)).startswith("R0 R1")


@pytest.mark.parametrize("name", ["sticheln", "hattrick", "stichling"])
def test_a_huge_non_move_is_refused_in_a_short_message(name: str) -> None:
    game = st.find_game(name)
    state = game.new_game(game.info.player_counts[0], seed=1)
    with pytest.raises(st.IllegalMoveError, match="an int of about 5001 digits is not a move"):
        game.apply_move(state, HUGE)


@pytest.mark.parametrize(
    "call",
    [
        lambda: st.CardSet().add(True),
        lambda: st.CardSet().remove("R3"),
        lambda: st.CardSet().of_color({}),
        lambda: st.CardSet.of(False),
        lambda: st.CardSet.of("R1 R2"),
        lambda: st.ranking(True),
        lambda: st.winners(None),
        lambda: st.ranking("R3 R3"),
        lambda: st.winners([1.5, 2]),
    ],
)
def test_card_sets_and_results_name_arguments_of_the_wrong_type(call: object) -> None:
    with pytest.raises(st.WrongTypeError):
        call()  # type: ignore[operator]


def test_ranking_shares_places_and_takes_linear_time_in_the_sorting() -> None:
    assert st.ranking([3, 7, 7, -2]) == (3, 1, 1, 4)
    assert st.ranking([5, 5, 5]) == (1, 1, 1)
    assert st.ranking(list(range(5))) == (5, 4, 3, 2, 1)
    assert st.ranking(list(range(100_000)))[0] == 100_000  # quadratic, this would take minutes


def test_make_bot_names_a_game_that_is_not_one() -> None:
    from sticheln.bots import make_bot

    with pytest.raises(st.WrongTypeError, match="game must be a game on the protocol"):
        make_bot("heuristic", "sticheln")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda: st.Trick(None, None),  # type: ignore[arg-type]
        lambda: st.Trick([(0, "R1")], 0),  # type: ignore[list-item]
        lambda: st.Trick([(0, st.Card.parse("R1"))], "0"),  # type: ignore[arg-type]
        lambda: st.round_score(st.Card.parse("R1"), 2**64 + 1),  # type: ignore[arg-type]
        lambda: st.explain_round_score(st.Card.parse("R1"), float("nan")),  # type: ignore[arg-type]
    ],
)
def test_tricks_and_scores_name_arguments_of_the_wrong_type(call: object) -> None:
    with pytest.raises(st.WrongTypeError):
        call()  # type: ignore[operator]


def test_a_seat_number_has_an_upper_bound() -> None:
    with pytest.raises(st.UnknownPlayerError, match="0 to 999"):
        st.PlayCard(1000, st.Card.parse("R1"))
    with pytest.raises(st.UnknownPlayerError, match="about 5001 digits"):
        st.ChoosePain(HUGE, st.Card.parse("R1"))
    assert str(st.PlayCard(999, st.Card.parse("R1"))) == "999 plays R1"


# -- arguments of the wrong type at the entry points of the games ---------------------------------


def _values() -> dict[str, Any]:
    """A state, view and move of Sticheln, and of Hattrick and Stichling, for the calls below."""
    import sticheln.hattrick as ht
    import sticheln.stichling as sl

    state = st.new_game(3, seed=1)
    other = ht.new_game(4, seed=1)
    return {
        "state": state,
        "view": st.observe(state, 0),
        "move": st.legal_moves(state, 0)[0],
        "hattrick_state": other,
        "hattrick_view": ht.observe(other, 0),
        "stichling_state": sl.new_game(2, seed=1),
    }


V = _values()
GAME = st.StichelnGame()


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: st.legal_moves(None, 0), "state must be a StichelnState object, got None"),
        (
            lambda: st.legal_moves(V["view"], 0),
            "state must be a StichelnState object, got <StichelnView player 0,",
        ),
        (lambda: st.legal_moves(V["hattrick_state"], 0), "got <HattrickState 4 players"),
        (lambda: st.apply_move(None, V["move"]), "state must be a StichelnState object, got None"),
        (lambda: st.apply_move(V["stichling_state"], V["move"]), "got <StichlingState"),
        (lambda: st.parse_move(7, 0, "R3"), "state must be a StichelnState object, got 7"),
        (lambda: st.parse_move(V["state"], 99, None), "a move's text must be a string"),
        (lambda: st.observe("state", 0), "state must be a StichelnState object, got 'state'"),
        (lambda: st.events(None, V["move"], 0), "state must be a StichelnState object, got None"),
        (lambda: st.events(V["hattrick_state"], V["move"], 0), "got <HattrickState"),
        (lambda: st.sample_state(V["state"], random.Random(1)), "view must be a StichelnView"),
        (lambda: st.sample_state(V["hattrick_view"], random.Random(1)), "got <HattrickView player"),
        (lambda: st.sample_state(V["view"], None), "rng must be a random.Random, got None"),
        (lambda: would_take(V["hattrick_view"]), "view must be a StichelnView object"),
        (lambda: move_text("R3"), "move must be a ChoosePain or PlayCard object, got 'R3'"),
        (lambda: st.deal_round(st.NSV, 3, 42), "rng must be a random.Random, got 42"),
        (lambda: st.deal_round("nsv", 3, random.Random(1)), "rules must be a StichelnRules object"),
        (
            lambda: st.StichelnRecord.from_state(None),
            "state must be a StichelnState object, got None",
        ),
        (lambda: GAME.is_over(V["hattrick_state"]), "state must be a StichelnState object"),
        (lambda: GAME.players_to_act(V["stichling_state"]), "state must be a StichelnState"),
        (lambda: GAME.scores(None), "state must be a StichelnState object, got None"),
        (lambda: GAME.deal_number(V["view"]), "state must be a StichelnState object"),
        (lambda: GAME.viewer(V["state"]), "view must be a StichelnView object"),
        (lambda: GAME.player_of(V["view"]), "move must be a ChoosePain or PlayCard object"),
        (lambda: GAME.to_json(V["hattrick_state"]), "state must be a StichelnState object"),
        (lambda: GAME.sample_state(V["view"], "seed"), "rng must be a random.Random"),
        (lambda: st.random_playout(None, V["state"], random.Random(1)), "game must be a game"),
        (lambda: st.random_playout(GAME, V["hattrick_state"], random.Random(1)), "StichelnState"),
        (lambda: st.random_playout(GAME, V["state"], 1), "rng must be a random.Random, got 1"),
    ],
)
def test_the_entry_points_name_an_argument_of_the_wrong_type(
    call: Callable[[], object], fragment: str
) -> None:
    with pytest.raises(st.WrongTypeError) as info:
        call()
    assert fragment in str(info.value)
    assert len(str(info.value)) < 200


def test_the_game_object_still_calls_the_engine_directly() -> None:
    # The check of a state's type costs nothing on the fast path: no method in between.
    assert st.StichelnGame.legal_moves is st.legal_moves
    assert st.StichelnGame.apply_move is st.apply_move
    state = V["state"]
    assert GAME.legal_moves(state, 0) == st.legal_moves(state, 0)


def test_a_view_nested_deeply_in_an_enum_field_is_a_wire_error() -> None:
    data = V["view"].to_dict()
    deep: list[object] = []
    for _ in range(5000):
        deep = [deep]
    data["phase"] = deep
    with pytest.raises(st.WireError, match="field 'phase': expected one of") as info:
        GAME.view_from_dict(data)
    assert len(str(info.value)) < 200
    data["phase"] = "playing"
    assert GAME.view_from_dict(data).phase is st.Phase.PLAYING


@pytest.mark.parametrize(
    ("name", "factory", "error"),
    [
        ("X" * 2000, print, ValueError),
        (" " + "x" * 3000, print, ValueError),
        (["x"] * 1000, print, st.WrongTypeError),
        ("long", "y" * 3000, st.WrongTypeError),
    ],
    ids=["upper-case", "spaces", "list", "not-callable"],
)
def test_register_game_errors_are_short(name: Any, factory: Any, error: type) -> None:
    # These messages quoted the whole name or factory: up to 5,000 characters.
    before = list(st.GAME_NAMES)
    with pytest.raises(error) as info:
        st.register_game(name, factory)
    assert len(str(info.value)) < 200
    assert list(st.GAME_NAMES) == before
