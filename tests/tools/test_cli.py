"""The ``sticheln`` command line, run in-process with scripted input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from rich.console import Console, RenderableType

from sticheln import (
    NSV,
    ONLINE_5_ROUNDS,
    Card,
    StichelnGame,
    StichelnRecord,
    StichelnRules,
    Trick,
    find_game,
    trick_winner,
)
from sticheln.bots import RandomBot
from sticheln.bots import base as bots_base
from sticheln.cli import COMMANDS, main
from sticheln.cli import simulate as simulate_module
from sticheln.cli.common import INTERACTIVE_ISMCTS_TIME, make_bots, parse_bot_names
from sticheln.cli.simulate import summarize
from sticheln.core import registry
from sticheln.core.screen import InputError, Screen
from sticheln.sticheln.game import STICHELN
from sticheln.sticheln.screen import StichelnScreen
from sticheln.tournament.description import derive_seed


def run(*argv: str, stdin: str | io.StringIO = "") -> tuple[int, str, str]:
    """Run the command; its exit code, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    source = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    code = main(list(argv), stdin=source, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def scoreboard(out: str) -> tuple[list[str], list[list[int]], list[int], str]:
    """The seat names, each round's scores, the totals and the winners line."""
    lines = out.splitlines()
    head = next(
        i
        for i, line in enumerate(lines)
        if line.split()[:1] == ["Round"] and line.split()[-2:] == ["Pain", "cards"]
    )
    names = lines[head].split()[1:-2]  # drop "Pain cards"
    rounds = []
    totals: list[int] = []
    for line in lines[head + 1 :]:
        words = line.split()
        if words and words[0].isdigit():
            rounds.append([int(w) for w in words[1 : 1 + len(names)]])
        elif words[:1] == ["total"]:
            totals = [int(w) for w in words[1 : 1 + len(names)]]
            break
    winners = next(line for line in lines if line.startswith("Winner"))
    return names, rounds, totals, winners


def flat(text: str) -> str:
    """``text`` with line breaks and runs of spaces made single spaces (rich wraps lines)."""
    return " ".join(text.split())


def card_words(text: str) -> set[str]:
    """Every card name that appears in ``text``."""
    return set(re.findall(r"(?<![A-Za-z0-9#])[RYGBPA]\d{1,2}(?!\d)", text))


def in_order(cards: int, deals: int = 1) -> str:
    """The numbers of the cards of a hand of ``cards`` cards, ``1`` to ``cards``, once for
    each of ``deals`` deals: a card keeps its number for the deal, so that this plays the
    first card of the hand each time."""
    return "".join(f"{number}\n" for number in range(1, cards + 1)) * deals


ANY_MOVE = "".join(
    f"{number}{then}\n" for number in range(1, 21) for then in ("", "+", ">1", ">2", ">3", ">4")
)
"""Answers that make a move of every kind the games take, card by card: a number alone, the
number for a card's name in a move's text (``5+``, ``5>2``); those that name no legal move
are explained and the next answer is read."""


# -- help and usage ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", [[], ["play"], ["simulate"], ["replay"]])
def test_help(command: list[str]) -> None:
    code, out, err = run(*command, "--help")
    assert code == 0
    assert out.startswith("usage: sticheln")
    assert err == ""


def _modules_after(*argv: str) -> tuple[str, set[str]]:
    """The output of ``sticheln ARGV`` run by a new interpreter, and the modules it loaded
    (of the library, rich and attrs)."""
    code = (
        "import sys\n"
        "from sticheln.cli import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "finally:\n"
        "    names = [m for m in sys.modules if m.startswith(('sticheln', 'rich', 'attr'))]\n"
        "    print('MODULES', *sorted(names))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=60
    )
    out, _, modules = result.stdout.rpartition("MODULES")
    return out, set(modules.split())


def test_help_lists_the_commands_without_loading_them() -> None:
    out, modules = _modules_after("--help")
    assert all(f"    {name} " in out and f" {line}\n" in out for name, line in COMMANDS.items()), (
        out
    )
    assert modules == {
        "sticheln",
        "sticheln.cli",
        "sticheln.cli.env",
        "sticheln.cli.language",
        "sticheln.core",
        "sticheln.core.errors",
        "sticheln.core.i18n",
        "sticheln.core.exports",
        "sticheln.core.registry",
        "sticheln.games",
    }


def test_the_help_of_play_lists_the_presets_but_loads_no_game_no_bot_and_no_screen() -> None:
    out, modules = _modules_after("play", "--help")
    text = " ".join(out.split())
    assert "the game: sticheln, hattrick, stichling (default: sticheln)" in text
    assert (
        "for Hattrick amigo-1995, passes-shown, passes-hidden, tiny (default: amigo-1995)" in text
    )
    assert "sticheln.cli.play" in modules
    games = ("sticheln.sticheln", "sticheln.hattrick", "sticheln.stichling")
    assert not {m for m in modules if m.startswith(("attr", *games))}
    assert not {m for m in modules if m.startswith(("rich", "sticheln.bots", "sticheln.cli.s"))}


def test_a_run_loads_only_the_game_it_plays() -> None:
    out, modules = _modules_after("play", "--auto", "--players", "3", "--seed", "2")
    assert "Winner" in out
    assert "sticheln.sticheln.game" in modules
    assert not {m for m in modules if m.startswith(("sticheln.hattrick", "sticheln.stichling"))}
    commands = {m for m in modules if m.startswith("sticheln.cli.")}
    assert commands == {
        f"sticheln.cli.{m}" for m in ("env", "language", "common", "play", "session")
    }


def test_version() -> None:
    code, out, _ = run("--version")
    assert code == 0
    assert out.startswith("sticheln ")


def test_without_a_command_bots_play_a_game() -> None:
    code, out, err = run()
    assert code == 0, err
    assert "Seats: #1 heuristic · #2 heuristic · #3 heuristic · #4 heuristic" in out
    assert "Winner" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--auto", "--players", "9"], "is for 3, 4, 5, 6 players, not 9"),
        (["play", "--auto", "--bots", "nosuch"], "no bot 'nosuch'"),
        (
            ["play", "--auto", "--players", "3", "--bots", "random,random"],
            "2 names for 3 bot seats",
        ),
        (["play", "--auto", "--bots", "random,,random"], "empty bot name"),
        (["play", "--interactive", "--seat", "5"], "--seat 5 is not a seat"),
        (["play", "--interactive", "--seat", "0"], "--seat 0: seats are counted from 1 (1-4)"),
        (["play", "--auto", "--rules", "nope"], "no Sticheln rules preset 'nope'"),
        (["play", "--auto", "--game", "nope"], "no game 'nope'"),
        (["play", "--auto", "--save", "/no/such/dir/game.json"], "no directory"),
        (["play", "--auto", "--players", "three"], "invalid int value"),
        (["play", "--auto", "--interactive"], "not allowed with argument"),
        (["simulate", "--games", "0"], "--games must be at least 1"),
        (["simulate", "--jobs", "0"], "--jobs must be at least 1"),
        (["simulate", "--players", "2"], "is for 3, 4, 5, 6 players, not 2"),
        (["simulate", "--deals", "0"], "--deals must be at least 1"),
        (["simulate", "--bots", "ismcts:time=0"], "time=0: must be a positive number"),
        (["simulate", "--bots", "ismcts:speed=1"], "the ismcts bot has no option 'speed'"),
        (["simulate", "--bots", "random:seed"], "option 'seed' is not key=value"),
        (["play", "--auto", "--bots", "random:seed=x"], "seed=x: must be a whole number"),
        (["play", "--auto", "--bots", "nosuch:time=1"], "no bot 'nosuch'"),
        (["play", "--auto", "--bots", ":time=1"], "empty bot name"),
    ],
)
def test_bad_options_are_usage_errors(argv: list[str], message: str) -> None:
    code, _, err = run(*argv)
    assert code == 2
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("ismcts:time=1e308", "option time=1e308: must be a positive number of seconds, at most"),
        ("ismcts:time=" + "1" * 10_000, "option time='111"),
        ("random:seed=" + "x" * 10_000, "option seed='xxx"),
        ("ismcts:" + "k" * 10_000 + "=1", "the ismcts bot has no option 'kkk"),
        ("random,:" + "x" * 10_000 + ",random", "empty bot name"),
    ],
)
def test_bad_bot_specs_get_a_short_usage_error(spec: str, named: str) -> None:
    """However long the spec, the error names the bad part in a few hundred characters; a
    search of a lifetime a move is refused."""
    code, _, err = run("play", "--auto", "--players", "3", "--bots", spec)
    assert code == 2
    assert named in err
    assert len(err) < 500, len(err)
    assert "Traceback" not in err


def test_bot_names_one_for_all_or_one_per_seat() -> None:
    assert parse_bot_names("Random", 3) == ["random"] * 3
    assert parse_bot_names("random, heuristic,random", 3) == ["random", "heuristic", "random"]
    assert parse_bot_names("ismcts:time=0.5,heuristic,random:seed=3", 3) == [
        "ismcts:time=0.5",
        "heuristic",
        "random:seed=3",
    ]


def test_a_person_waits_half_a_second_for_a_search_without_a_budget() -> None:
    game = StichelnGame()
    bot, timed, counted = make_bots(["ismcts", "ismcts:time=2", "ismcts:iterations=9"], game,
                                    default_time=INTERACTIVE_ISMCTS_TIME)  # fmt: skip
    assert INTERACTIVE_ISMCTS_TIME == 0.5
    assert (bot.time_limit, bot.iterations) == (0.5, None)  # type: ignore[attr-defined]
    assert (timed.time_limit, timed.iterations) == (2.0, None)  # type: ignore[attr-defined]
    assert (counted.time_limit, counted.iterations) == (None, 9)  # type: ignore[attr-defined]
    (plain,) = make_bots(["ismcts"], game)  # no person waits: the library's default budget
    assert (plain.time_limit, plain.iterations) == (None, 1000)  # type: ignore[attr-defined]


# -- play --auto ------------------------------------------------------------------------------


def test_auto_game_prints_every_trick_and_a_consistent_scoreboard() -> None:
    code, out, err = run("play", "--auto", "--players", "3", "--seed", "4", "--bots", "random")
    assert (code, err) == (0, "")
    assert "Seats: #1 random · #2 random · #3 random" in out
    assert len(re.findall(r"^Trick \d+:", out, re.MULTILINE)) == 3 * 14
    assert len(re.findall(r"^Pain cards:", out, re.MULTILINE)) == 3
    names, rounds, totals, winners = scoreboard(out)
    assert names == ["#1", "#2", "#3"]
    assert len(rounds) == 3
    assert totals == [sum(r[p] for r in rounds) for p in range(3)]
    best = max(totals)
    assert winners.split(": ")[1].split(", ") == [
        f"#{p + 1}" for p, total in enumerate(totals) if total == best
    ]


def test_auto_game_is_the_same_for_the_same_seed() -> None:
    first = run("play", "--auto", "--players", "4", "--seed", "11")
    second = run("play", "--auto", "--players", "4", "--seed", "11")
    assert first == second
    assert first[0] == 0


def test_stdin_that_is_not_a_terminal_means_bots_play() -> None:
    code, out, _ = run("play", "--players", "3", "--seed", "1", stdin="B1\n")
    assert code == 0
    assert "Your card" not in out
    assert "Winner" in out


def test_auto_game_of_another_rules_preset() -> None:
    code, out, _ = run("play", "--auto", "--rules", "online-5-rounds", "--players", "3")
    assert code == 0
    assert "rules online-5-rounds" in out
    assert len(scoreboard(out)[1]) == 5


# -- play with a person -----------------------------------------------------------------------


def test_wrong_input_is_explained_and_asked_again() -> None:
    # 3 players play with values 0-8: B11 cannot be in the hand.
    script = "hello\nZ9\n99\n0\n\n?\nB11\n1\n"
    code, out, err = run(
        "play", "--interactive", "--players", "3", "--seed", "5", "--bots", "random", stdin=script
    )
    assert code == 0
    assert "Traceback" not in out + err
    assert "'hello' is not a card name" in out
    assert "unknown colour 'Z'" in out
    assert "There is no card 99: your cards are numbered 1 to 15 this round." in out
    assert "There is no card 0: " in out
    assert "Type a card of your hand, such as" in out
    assert "Choose your pain card for the round" in flat(out)  # the help of the pain phase
    assert "B11 is not a card of this game (colours R, Y, G, B, P; values run 0 to 8)" in out
    assert "You chose the pain card" in out
    assert "Input ended. The game stopped after" in out
    # Eight answers for the pain card, then one prompt for the first card to play.
    assert out.count("Your pain card (name or number") == 8
    assert out.count("Your card (name or number") == 1


def test_the_screen_shows_the_hand_by_colour_the_trick_and_the_pain_cards() -> None:
    code, out, _ = run(
        "play", "--interactive", "--players", "3", "--seed", "5", "--seat", "2", stdin="r0\n1\n2\n"
    )
    assert code == 0
    assert "choose your pain card" in out
    assert re.search(r"^red .*R\d", out, re.MULTILINE)
    assert "Pain cards: #1 " in out
    assert "Your hand (pain colour " in out
    assert "Player   Pain card   Cards won   This round   Total" in out
    # seat 0 leads, so a card is on the table when seat 1 plays
    assert re.search(r"On the table: #1 [RYGBP]\d+ \(lead colour \w+\) → ", out)
    assert re.search(r"^Trick 1: #1 .* takes? it with", out, re.MULTILINE)
    assert "leads: " in out  # the explanation of the trick


def test_a_person_sees_no_other_hand(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(
        "play", "--interactive", "--players", "4", "--seed", "8", "--save", str(path),
        stdin="1\n",
    )  # fmt: skip
    assert code == 0
    record = StichelnRecord.from_json(path.read_text())
    state = record.replay()
    # the person chose a pain card, the bots theirs, and it is the person's turn to lead
    assert state.to_act == 0
    others = {str(card) for hand in record.deals[0][1:] for card in hand}
    revealed = {str(state.picks[seat]) for seat in (1, 2, 3)}
    before, after = out.split("Pain cards:")
    assert card_words(before) <= {str(card) for card in record.deals[0][0]}
    assert card_words(after) & others == revealed


def test_a_whole_game_against_bots() -> None:
    code, out, _ = run(
        "play", "--interactive", "--players", "3", "--seed", "2", stdin=in_order(15, deals=3)
    )
    assert code == 0
    names, rounds, totals, _ = scoreboard(out)
    assert names == ["You", "#2", "#3"]
    assert totals == [sum(r[p] for r in rounds) for p in range(3)]
    assert len(re.findall(r"^You: pain card ", out, re.MULTILINE)) == 3


def test_end_of_input_saves_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(
        "play",
        "--interactive",
        "--players",
        "3",
        "--seed",
        "3",
        "--save",
        str(path),
        stdin="1\n2\n",
    )
    assert code == 0
    # rich wraps a long path anywhere (a path under pytest-xdist's worker folder is long)
    assert f"Savedthegameto{path}." in "".join(out.split())
    record = StichelnRecord.from_json(path.read_text())
    assert record.players == 3
    # the person's pain card and first card, and the bots' moves up to the person's next turn
    assert [m for m in record.moves if m.player == 0][:1] == [record.moves[0]]
    assert len([m for m in record.moves if m.player == 0]) == 2


def test_quit_saves_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(
        "play", "--interactive", "--players", "3", "--save", str(path), stdin="1\nq\n"
    )
    assert code == 0
    assert "You stopped the game." in out
    assert len(StichelnRecord.from_json(path.read_text()).moves) >= 3


class _Interrupting(io.StringIO):
    """Standard input on which the person presses Ctrl-C after some lines."""

    def __init__(self, lines: str) -> None:
        super().__init__(lines)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_saves_the_game_and_exits_130(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, err = run(
        "play", "--interactive", "--players", "3", "--save", str(path), stdin=_Interrupting("2\n")
    )
    assert code == 130
    assert "Interrupted: the game stopped after" in err
    assert "Traceback" not in out + err
    assert path.exists()


def test_a_game_that_cannot_be_saved_is_a_failure(tmp_path: Path) -> None:
    code, _, err = run("play", "--auto", "--players", "3", "--save", str(tmp_path))
    assert code == 1
    assert "cannot save the game" in err


# -- simulate ---------------------------------------------------------------------------------


def simulate_json(*argv: str) -> dict[str, object]:
    code, out, err = run("simulate", "--json", *argv)
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def test_simulate_json_is_consistent() -> None:
    data = simulate_json("--games", "12", "--players", "3", "--seed", "5", "--bots", "random")
    assert (data["games"], data["deals"], data["players"], data["seed"]) == (12, 4, 3, 5)
    seats = data["seats"]
    assert isinstance(seats, list)
    assert [(seat["seat"], seat["bot"]) for seat in seats] == [(p, "random") for p in range(3)]
    assert sum(seat["win_rate"] for seat in seats) == pytest.approx(1)
    assert sum(seat["wins"] for seat in seats) == pytest.approx(12)
    for seat in seats:
        low, high = seat["ci95"]
        assert low <= seat["mean"] <= high
        low, high = seat["win_rate_ci95"]
        assert 0 <= low <= seat["win_rate"] <= high <= 1
        assert seat["games"] == 12
    by_bot = data["by_bot"]
    assert isinstance(by_bot, dict)
    # One bot on all three seats wins every game, a third of its seat-games.
    assert by_bot["random"]["wins"] == pytest.approx(12)
    assert by_bot["random"]["win_rate"] == pytest.approx(1 / 3)
    assert by_bot["random"]["mean"] == pytest.approx(sum(s["mean"] for s in seats) / 3)
    by_seat = data["by_seat"]
    assert isinstance(by_seat, list)
    assert sum(seat["mean"] for seat in by_seat) == pytest.approx(sum(s["mean"] for s in seats))


def test_simulate_rotates_every_bot_over_every_seat() -> None:
    data = simulate_json(
        "--deals", "5", "--players", "4", "--seed", "2", "--bots", "random,heuristic,random,random"
    )
    assert data["games"] == 20
    for seat in data["seats"]:  # type: ignore[attr-defined]
        assert seat["seat_games"] == [5, 5, 5, 5]
    for seat in data["by_seat"]:  # type: ignore[attr-defined]
        assert seat["seat_games"] == [5, 5, 5, 5]
    assert data["by_bot"]["random"]["seat_games"] == [15, 15, 15, 15]  # type: ignore[index]


def test_identical_bots_get_overlapping_intervals_around_their_common_mean() -> None:
    data = simulate_json("--deals", "40", "--players", "4", "--seed", "1", "--bots", "random")
    seats = data["seats"]
    common = data["by_bot"]["random"]["mean"]  # type: ignore[index]
    intervals = [seat["ci95"] for seat in seats]  # type: ignore[attr-defined]
    for low, high in intervals:
        assert low <= common <= high
    assert max(low for low, _ in intervals) <= min(high for _, high in intervals)
    rates = [seat["win_rate_ci95"] for seat in seats]  # type: ignore[attr-defined]
    assert max(low for low, _ in rates) <= 0.25 <= min(high for _, high in rates)


def test_simulate_plays_each_deal_once_per_rotation() -> None:
    # One deal of three identical bots: the three games are the same deal, so the seats'
    # totals over the deal are the scores of the deal's three games, each seat once.
    one = simulate_json("--deals", "1", "--players", "3", "--seed", "8", "--bots", "random")
    assert one["games"] == 3
    assert all(seat["ci95"] is None for seat in one["seats"])  # type: ignore[attr-defined]


def test_simulate_rounds_the_games_up_to_whole_deals() -> None:
    code, out, err = run("simulate", "--json", "--games", "10", "--players", "4", "--seed", "1")
    assert code == 0
    assert json.loads(out)["games"] == 12
    assert "Playing 12 games, not 10" in err


def test_simulate_results_do_not_depend_on_the_number_of_processes() -> None:
    argv = ("--games", "20", "--players", "4", "--seed", "9")
    assert simulate_json(*argv, "--jobs", "2") == simulate_json(*argv, "--jobs", "1")


def test_simulate_reports_progress_when_standard_error_is_not_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(simulate_module, "PROGRESS_EVERY", 0.0)
    code, _, err = run(
        "simulate", "--json", "--deals", "2", "--players", "3", "--seed", "1", "--bots",
        "random,random,heuristic",
    )  # fmt: skip
    assert code == 0
    lines = err.splitlines()
    assert [line.split(" games;")[0] for line in lines] == [f"{k} of 6" for k in range(1, 6)]
    assert re.fullmatch(
        r"5 of 6 games; mean points so far: #1 random [+-]\d+\.\d\d · #2 random "
        r"[+-]\d+\.\d\d · #3 heuristic [+-]\d+\.\d\d",
        lines[-1],
    )


@pytest.fixture
def second_bot(monkeypatch: pytest.MonkeyPatch) -> str:
    """A second kind of bot (one that plays at random), whatever bots the library has."""
    monkeypatch.setitem(bots_base._FACTORIES, "chance", (lambda game: RandomBot(), None))
    return "chance"


def test_simulate_table(second_bot: str) -> None:
    code, out, _ = run(
        "simulate", "--games", "8", "--players", "4", "--seed", "1",
        "--bots", f"random,{second_bot},random,{second_bot}",
    )  # fmt: skip
    assert code == 0
    assert "8 games of sticheln (nsv rules), 4 players, seed 1: 2 deals" in flat(out)
    for header in ("Bot", "Name", "Points", "per game", "95% CI", "Win", "rate", "By seat"):
        assert header in out
    assert "By bot, per seat (a bot on several seats counts the mean of its seats):" in out
    number = r"[+-]\d+\.\d\d"
    rate = r"\d+\.\d%"
    row = rf"{number}\s+\[{number}, {number}\]\s+{rate}\s+\[{rate}, {rate}\]"
    assert re.search(rf"^\s*#4\s+{second_bot}\s+{row}\s*$", out, re.MULTILINE)
    assert re.search(rf"^\s*{second_bot}\s+#2 #4\s+{row}\s*$", out, re.MULTILINE)
    assert len(re.findall(rf"^\s*#\d\s+{row}\s*$", out, re.MULTILINE)) == 4  # by seat
    assert "Playing" not in out  # progress goes to standard error


def test_simulate_bots_with_options() -> None:
    data = simulate_json(
        "--deals", "1", "--players", "3", "--seed", "1", "--bots",
        "ismcts:iterations=5:seed=2,random:seed=4,heuristic",
    )  # fmt: skip
    assert data["bots"] == ["ismcts:iterations=5:seed=2", "random:seed=4", "heuristic"]


def test_win_rates_share_tied_wins() -> None:
    deal = [((5, 5, 1), (0, 1), (0, 1, 2)), ((0, 2, 2), (1, 2), (2, 0, 1))]
    per_entry, per_bot, per_seat = summarize(["a", "b", "a"], [deal])
    # Game 1: entries 0 and 1 share the win; game 2: seats 1 and 2 (entries 0 and 1).
    assert [r.win_rate for r in per_entry] == [0.5, 0.5, 0.0]
    # Bot a holds entries 0 and 2: one win in its four seat-games; bot b one in two.
    assert [r.win_rate for r in per_bot] == [0.25, 0.5]
    assert [r.wins for r in per_bot] == [1.0, 1.0]
    assert [r.win_rate for r in per_seat] == [0.25, 0.5, 0.25]
    assert per_entry[0].mean == 3.5  # 5 at seat 0, then 2 at seat 1
    assert per_seat[0].mean == 2.5
    assert per_entry[0].seat_games == (1, 1, 0)


def test_game_seeds_depend_on_the_base_seed_and_the_index() -> None:
    seeds = {derive_seed(base, index) for base in range(3) for index in range(50)}
    assert len(seeds) == 150
    assert derive_seed(1, 2) == derive_seed(1, 2)


# -- replay -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "finished.json"
    code, _, _ = run(
        "play", "--auto", "--players", "3", "--seed", "6", "--bots", "random", "--save", str(path)
    )
    assert code == 0
    return path


@pytest.fixture(scope="module")
def unfinished_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game saved after the person's pain card and two tricks."""
    path = tmp_path_factory.mktemp("records") / "unfinished.json"
    code, _, _ = run(
        "play", "--interactive", "--players", "4", "--seed", "6", "--save", str(path),
        stdin="1\n2\n3\n",
    )  # fmt: skip
    assert code == 0
    return path


def test_replay_shows_the_game_trick_by_trick(finished_game: Path) -> None:
    code, out, err = run("replay", str(finished_game))
    assert (code, err) == (0, "")
    assert len(re.findall(r"^Trick \d+:", out, re.MULTILINE)) == 3 * 14
    assert len(re.findall(r"^#\d holds ", out, re.MULTILINE)) == 3 * 3
    _, out_play, _ = run("play", "--auto", "--players", "3", "--seed", "6", "--bots", "random")
    assert scoreboard(out) == scoreboard(out_play)


def test_replay_as_a_player_shows_only_their_hand(finished_game: Path) -> None:
    code, out, _ = run("replay", str(finished_game), "--as", "3")
    assert code == 0
    assert "as seen by #3 (you)" in out
    assert re.findall(r"^(?:#\d holds|You hold) ", out, re.MULTILINE) == ["You hold "] * 3


def test_replay_as_a_player_hides_the_cards_not_yet_played(unfinished_game: Path) -> None:
    record = StichelnRecord.from_json(unfinished_game.read_text())
    state = record.replay()
    hands = record.deals[0]
    seen = set()
    for trick in state.tricks:
        seen |= {str(card) for card in trick.cards}
    seen |= {str(card) for _, card in state.current_trick}
    seen |= {str(card) for card in state.picks if card is not None}
    others = {str(card) for hand in hands[1:] for card in hand}
    code, out, _ = run("replay", str(unfinished_game), "--as", "1")
    assert code == 0
    assert "The record ends before the game is over" in out
    shown = card_words(out)
    assert shown & others <= seen
    assert shown & others  # some were played
    _, full, _ = run("replay", str(unfinished_game))
    assert others <= card_words(full)  # without --as, every hand is shown


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "not valid JSON"),
        ('{"format": "sticheln-record"}', "missing record field"),
        ('{"game": "chess"}', "no game 'chess'"),
        ("[1, 2]", "record must be a JSON object"),
    ],
)
def test_a_bad_record_is_a_one_line_error(
    tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    code, out, err = run("replay", str(path))
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


def test_a_tampered_record_is_a_one_line_error(finished_game: Path, tmp_path: Path) -> None:
    data = json.loads(finished_game.read_text())
    first_play = next(m for m in data["moves"] if m["kind"] == "play")
    first_play["card"] = "B14"  # not in the 3-player deck
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    code, out, err = run("replay", str(path))
    assert code == 2
    assert out == ""
    assert err.startswith("sticheln: error: ")
    assert "move 4" in err
    assert err.count("\n") == 1


def test_a_tampered_record_s_error_counts_seats_from_1(finished_game: Path, tmp_path: Path) -> None:
    data = json.loads(finished_game.read_text())
    # The first move is seat 0's pain card; give it seat 1's, which seat 0 does not hold.
    first, second = data["moves"][0], data["moves"][1]
    assert (first["player"], second["player"]) == (0, 1)
    first["card"] = second["card"]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    code, _, err = run("replay", str(path))
    assert code == 2
    assert err == (
        f"sticheln: error: {str(path)!r} is not a valid game record: move 1: "
        f"{second['card']} is not in seat 1's hand\n"
    )


def test_replay_as_a_seat_that_does_not_exist(finished_game: Path) -> None:
    code, _, err = run("replay", str(finished_game), "--as", "4")
    assert code == 2
    assert "--as 4 is not a seat of this 3-player game (1-3)" in err
    code, _, err = run("replay", str(finished_game), "--as", "0")
    assert code == 2
    assert "--as 0: seats are counted from 1 (1-3); the first seat is --as 1" in err


# -- the screen of a game without one of its own -----------------------------------------------


@attrs.frozen
class _StichelnWithoutScreen(StichelnGame):
    """Sticheln as a game that declares no screen of its own."""

    kit = attrs.evolve(STICHELN, screen=None)


@pytest.fixture
def generic_screens(monkeypatch: pytest.MonkeyPatch) -> None:
    """Show Sticheln with the generic screen, as a game without its own screen is shown."""
    monkeypatch.setitem(
        registry._FACTORIES,
        "sticheln",
        lambda preset: _StichelnWithoutScreen(STICHELN.rules(preset)),
    )


@pytest.mark.usefixtures("generic_screens")
def test_generic_screen_play() -> None:
    code, out, _ = run(
        "play", "--interactive", "--players", "3", "--seed", "1", stdin="nonsense\n20\n\n1\nq\n"
    )
    assert code == 0
    assert "'nonsense' is not a card name" in out
    assert "There is no move 20" in out
    assert "Your moves: 1) " in out
    assert "You stopped the game." in out


@pytest.mark.usefixtures("generic_screens")
def test_generic_screen_replay_as_a_player_hides_the_others_moves(finished_game: Path) -> None:
    code, out, _ = run("replay", str(finished_game), "--as", "2")
    assert code == 0
    assert "#1 moved" in out
    assert re.search(r"^You: [RYGBP]\d", out, re.MULTILINE)
    assert "Winner" in out


def test_generic_screen_reads_a_move_by_its_text() -> None:
    game = StichelnGame()
    state = game.new_game(3, seed=1)
    moves = game.legal_moves(state, 0)
    screen = Screen(game, ["You", "#2", "#3"], 0)
    text = f" {game.move_text(moves[2]).lower()} "
    assert screen.parse_move(state, 0, text, moves) == moves[2]
    assert screen.parse_move(state, 0, "2", moves) == moves[1]
    other = next(str(card) for card in state.hands[1])
    with pytest.raises(InputError, match=f"^{other} is not in your hand.$"):
        screen.parse_move(state, 0, other, moves)


def test_generic_screen_says_why_a_trick_was_taken() -> None:
    game = _StichelnWithoutScreen()
    state = game.new_game(3, seed=2)
    for player in range(3):
        state = game.apply_move(state, game.legal_moves(state, player)[0])  # the pain cards
    screen = Screen(game, ["#1", "#2", "#3"])
    shown = []
    for _ in range(3):
        player = game.players_to_act(state)[0]
        move = game.legal_moves(state, player)[0]
        after = game.apply_move(state, move)
        shown.append(render(screen.events(state, after, player, move)))
        state = after
    assert all("ST-TRICK" not in text for text in shown[:2])
    assert re.search(r"^[RYGBP]\d+ wins\.$", shown[2], re.MULTILINE), shown[2]
    assert "(ST-TRICK-1)." in shown[2]


# -- tricks of zeros --------------------------------------------------------------------------


def render(renderables: list[RenderableType]) -> str:
    console = Console(file=io.StringIO(), width=200)
    for renderable in renderables:
        console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize(
    ("rules", "winner", "expected"),
    [
        (NSV, None, "nobody takes it: every card is a zero, it is set aside (ST-TRICK-6)"),
        (ONLINE_5_ROUNDS, 1, "#2 takes it: every card is a zero, and such a trick goes to its"),
    ],
)
def test_a_trick_of_zeros(rules: StichelnRules, winner: int | None, expected: str) -> None:
    trick = Trick(((1, Card.parse("R0")), (2, Card.parse("Y0")), (0, Card.parse("B0"))), winner)
    screen = StichelnScreen(StichelnGame(rules), ["#1", "#2", "#3"], interactive=True)
    text = render(screen._trick_lines(trick, 3, rules))
    assert text.startswith(f"Trick 3: #2 R0 · #3 Y0 · #1 B0 → {expected}")
    assert "R0 cannot win: zeros never win a trick (ST-TRICK-4)." in text


@pytest.mark.parametrize(
    ("plays", "expected"),
    [
        (
            "R11 G0 R1 R5",
            "Trick 2: #2 R11 · #3 G0 · #1 R1 · #2 R5 → #2 takes it with R11, the highest card of"
            " the lead colour; every card of another colour is a zero, and zeros never win a"
            " trick (ST-TRICK-3)\n",
        ),
        (
            "R5 R0 R9 R2",
            "Trick 2: #2 R5 · #3 R0 · #1 R9 · #2 R2 → #1 takes it with R9, the highest card of"
            " the lead colour, and no card of another colour is present (ST-TRICK-3)\n",
        ),
        (
            "R5 G7 B2 Y7",
            "Trick 2: #2 R5 · #3 G7 · #1 B2 · #2 Y7 → #3 takes it with G7, the highest card not"
            " in the lead colour (ST-TRICK-2)\n",
        ),
    ],
)
def test_a_trick_line_says_why_its_winner_wins(plays: str, expected: str) -> None:
    cards = [Card.parse(name) for name in plays.split()]
    seats = [1, 2, 0, 1]
    winner = trick_winner(cards)
    assert winner is not None
    trick = Trick(tuple(zip(seats, cards, strict=True)), seats[winner])
    screen = StichelnScreen(StichelnGame(NSV), ["#1", "#2", "#3"])
    assert render(screen._trick_lines(trick, 2, NSV)) == expected


def test_the_end_of_a_game_says_where_the_person_finished() -> None:
    code, out, _ = run(
        "play", "--interactive", "--players", "3", "--seed", "3", "--bots", "random",
        stdin=in_order(15, deals=3),
    )  # fmt: skip
    assert code == 0
    # Seed 3, always the first card: the scoreboard ends with totals -14, -4, -27.
    assert "You finished 2nd of 3 (-14)." in out


def test_a_seat_given_with_auto_is_reported_as_unused() -> None:
    code, _, err = run("play", "--auto", "--players", "3", "--seat", "3", "--seed", "1")
    assert code == 0
    assert "--seat 3 is not used: bots take every seat" in err


def test_the_hattrick_screen_words_passes_for_each_seat() -> None:
    code, out, _ = run(
        "play", "--game", "hattrick", "--auto", "--players", "4", "--seed", "1", "--bots", "random"
    )
    assert code == 0
    assert "#3 passes R7" in out
    assert "passs" not in out


def test_save_keeps_an_existing_file_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("keep me")
    code, _, err = run("play", "--auto", "--players", "3", "--seed", "1", "--save", str(path))
    assert code == 2
    assert "the file exists; add --force to overwrite it" in err
    assert path.read_text() == "keep me"
    argv = ["play", "--auto", "--players", "3", "--seed", "1", "--save", str(path), "--force"]
    assert run(*argv)[0] == 0
    assert json.loads(path.read_text())["seed"] == 1


@pytest.mark.parametrize("name", ["sticheln", "hattrick", "stichling"])
def test_resume_continues_a_saved_game_to_the_same_end(name: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "--game", name, "--interactive", "--players", "4", "--seed", "2"]
    code, _, _ = run(*argv, "--bots", "random", "--save", str(path), stdin="1\n2\nq\n")
    assert code == 0
    saved = json.loads(path.read_text())
    assert len(saved["moves"]) > 0
    code, out, _ = run(
        "play", "--resume", str(path), "--interactive", "--bots", "random", "--save", str(path),
        stdin=ANY_MOVE * 5,
    )  # fmt: skip
    assert code == 0
    assert f"resumed after {len(saved['moves'])} moves" in out
    assert "Scoreboard" in out or "Scores" in out
    final = json.loads(path.read_text())
    assert final["moves"][: len(saved["moves"])] == saved["moves"]
    assert final["deals"] == saved["deals"]
    game = find_game(name)
    first, moves = game.replay_from_json(path.read_text())
    state = first
    for move in moves:
        state = game.apply_move(state, move)
    assert game.is_over(state)


def test_resume_refuses_a_finished_game(finished_game: Path) -> None:
    code, _, err = run("play", "--resume", str(finished_game))
    assert code == 2
    assert "the game is over" in err


PROMPT = re.compile(
    r"^(Enter next, b back, .*?q quit:|The end\. Enter or q quits, .*?N: move N:) ?"
)
"""The prompt of ``replay --step``, in the middle of a record and at its end, which the
answer follows on the same line."""


def steps(out: str) -> list[tuple[str | None, str]]:
    """The output of ``replay --step`` answer by answer: each answer (``None`` before the
    first) and what was shown after it, up to the next prompt (the first part from its
    first rule on, without the head line)."""
    found: list[tuple[str | None, str]] = []
    answer: str | None = None
    shown: list[str] = []
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("─"))
    for line in lines[first:]:
        prompt = PROMPT.match(line)
        if prompt is None:
            shown.append(line)
            continue
        found.append((answer, "\n".join(shown)))
        answer, shown = line[prompt.end() :], []
    found.append((answer, "\n".join(shown)))
    return found


@pytest.fixture(scope="module")
def forward(finished_game: Path) -> list[str]:
    """Every frame of ``finished_game``, from the start to move 135, stepping forward."""
    code, out, _ = run("replay", str(finished_game), "--step", stdin="\n" * 136)
    assert code == 0
    frames = [shown for _, shown in steps(out)]
    assert len(frames) == 137  # the start, 135 moves, and nothing after the Enter at the end
    assert frames[-1] == ""
    return frames[:-1]


def test_replay_steps_move_by_move(forward: list[str]) -> None:
    # Seed 6, 3 players: the three pain cards, then 14 tricks of 3 cards a round.
    assert forward[0].startswith("─" * 10)
    assert "The start · 135 moves" in forward[0]
    assert "#1 holds " in forward[0]
    assert "Move 1 of 135 · Round 1 of 3 · pain cards" in forward[1]
    assert "#1 chose the pain card " in forward[1]
    assert "Pain cards: #1 " in forward[3]
    # Move 4, the first card of trick 1: the trick on the table.
    assert "Move 4 of 135 · Round 1 of 3 · trick 1 of 14" in forward[4]
    assert "On the table: #1 " in forward[4]
    assert "Trick 1: " in forward[6]
    assert "Move 45 of 135 · Round 1 of 3 · trick 14 of 14" in forward[45]
    assert "Round 1 scores: " in forward[45]
    assert "Round 2 of 3 · #2 leads" in forward[45]
    assert "Scoreboard" in forward[135]
    assert "Winner: #1" in forward[135]
    assert all("Scoreboard" not in frame for frame in forward[:135])


def test_replay_goes_back_and_jumps_to_what_stepping_forward_shows(
    finished_game: Path, forward: list[str]
) -> None:
    keys = [""] * 12 + ["b", "f", "12", "t", "t", "r", "r", "l", "b", "0", "t", "q"]
    code, out, err = run("replay", str(finished_game), "--step", stdin="\n".join(keys) + "\n")
    assert (code, err) == (0, "")
    shown = steps(out)
    assert [answer for answer, _ in shown] == [None, *(k.strip() for k in keys)]
    # Each answer shows the frame of the move it goes to, as stepping forward showed it:
    # Enter 12 times (moves 1 to 12), back to 11, the start, move 12, the next trick taken
    # (move 15 ends trick 4, 18 trick 5), the end of the round (45, then 90), the last
    # move, back to 134, the start, the first trick (move 6).
    moves = [*range(13), 11, 0, 12, 15, 18, 45, 90, 135, 134, 0, 6]
    for (_, frame), number in zip(shown[:-1], moves, strict=True):
        assert frame == forward[number], number
    assert shown[-1][1] == "Stopped after move 6 of 135."


def test_replay_explains_a_key_that_leads_nowhere_in_one_line(finished_game: Path) -> None:
    keys = ["b", "xyz", "999", "9" * 40, "l", "t", "r", "\u00b2", "?"]
    code, out, err = run("replay", str(finished_game), "--step", stdin="\n".join(keys) + "\n")
    assert (code, err) == (0, "")
    assert "Traceback" not in out
    said = [frame for _, frame in steps(out)[1:]]
    assert said[0] == "This is the start: there is no move before it."
    assert said[1] == "'xyz' is no key here: type ? for the keys."
    assert said[2] == "There is no move 999: the moves run from 0 to 135."
    assert said[3] == "There is no move 999999…: the moves run from 0 to 135."
    assert "Scoreboard" in said[4]
    assert said[5] == "No trick is taken after move 135."
    assert said[6] == "This is the last move: there is no round after it."
    assert said[7] == "'²' is no key here: type ? for the keys."
    assert said[8].startswith("Enter or n: the next move · b: back one move · t: on to the")
    # The end of input after the last move: nothing more to show.
    assert said[9] == ""


def test_replay_as_a_player_steps_back_to_what_they_saw(tmp_path: Path) -> None:
    path = tmp_path / "hattrick.json"
    argv = ["play", "--auto", "--game", "hattrick", "--seed", "2", "--bots", "random"]
    assert run(*argv, "--save", str(path))[0] == 0
    code, out, _ = run("replay", str(path), "--step", "--as", "2", stdin="\n" * 9)
    assert code == 0
    ahead = [frame for _, frame in steps(out)]
    keys = ["9", "b", "t", "t", "r", "4", "q"]
    code, out, _ = run("replay", str(path), "--step", "--as", "2", stdin="\n".join(keys) + "\n")
    assert code == 0
    shown = [frame for _, frame in steps(out)]
    # A turn of four players ends at move 4, 8, ...; the first hand at move 56 (14 turns).
    assert shown[1] == ahead[9]
    assert shown[2] == ahead[8]
    assert "Move 12 of 224 · Hand 1 of 4 · turn 3 of 14" in shown[3]
    assert "Turn 3: " in shown[3]
    assert "Move 16 of 224 · Hand 1 of 4 · turn 4 of 14" in shown[4]
    assert "Move 56 of 224 · Hand 1 of 4 · turn 14 of 14" in shown[5]
    assert "Hand 1 scores: " in shown[5]
    assert "You hold " in shown[5]  # the next hand, as #2 sees it: their hand only
    assert "#1 holds " not in shown[5]
    assert shown[6] == ahead[4]
    assert "Turn 1: " in ahead[4]


def test_replay_step_shows_the_rest_at_the_end_of_input(finished_game: Path) -> None:
    code, out, _ = run("replay", str(finished_game), "--step", stdin="\n\n")
    assert code == 0
    assert out.count("Enter next, b back, t trick, r round, f/l first/last, N: move N") == 3
    # Moves 1 and 2 are shown one at a time, then the rest at once: every trick, the end.
    assert len(re.findall(r"^Trick \d+:", out, re.MULTILINE)) == 3 * 14
    assert "Scoreboard" in out
    assert "Stopped" not in out


def test_replay_help_names_the_keys() -> None:
    code, out, _ = run("replay", "--help")
    assert code == 0
    text = flat(out)
    for key in ("Enter or n: the next move", "b: back one move", "t: on to the next trick taken",
                "f: the first move", "a number N: move N (0 is the start)", "q: stop"):  # fmt: skip
        assert key in text
