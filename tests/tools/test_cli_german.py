"""The command in German from start to end: whole games of the three games between bots, a
person's refused moves, the reasons the engines give, and argparse's own texts."""

from __future__ import annotations

import argparse
import gettext
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sticheln import Card, ChoosePain, PlayCard, apply_move, new_game
from sticheln.cli import main
from sticheln.core.errors import IllegalMoveError
from sticheln.core.i18n import use_language
from sticheln.core.protocol import Game
from sticheln.games import find_game
from sticheln.hattrick import Follow, OpenTrick, Pass
from sticheln.stichling import AddToTrick, ArrangePoints
from sticheln.stichling import OpenTrick as OpenStichlingTrick


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(params=["--lang", "LANG"])
def german(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The arguments that choose German: ``--lang de``, or none with ``LANG=de_DE.UTF-8``."""
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    if request.param == "--lang":
        monkeypatch.setenv("LANG", "C")
        return ["--lang", "de"]
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    return []


ENGLISH_SENTENCES = [
    " takes it",
    " takes the ",
    " holds ",
    " leads",
    " adds ",
    " opens trick ",
    "Pain cards",
    "Round 1 of",
    "Hand 1 of",
    "Scoreboard",
    "Totals:",
    "Winner",
    " players, seed ",
    "Seats:",
]


def played(argv: list[str]) -> str:
    """The output of a game between bots, its lines joined (rich wraps long ones)."""
    code, out, err = run(*argv)
    assert (code, err) == (0, "")
    flat = " ".join(out.split())
    assert [sentence for sentence in ENGLISH_SENTENCES if sentence in flat] == []
    return flat


def test_a_game_of_sticheln_between_bots_in_german(german: list[str]) -> None:
    flat = played([*german, "play", "--auto", "--players", "3", "--seed", "1"])
    assert flat.startswith(
        "Sticheln, Regeln nsv, 3 Spieler, Seed 1 Plätze: #1 heuristic · #2 heuristic · #3 heuristic"
    )
    assert "Runde 1 von 3 · #1 spielt aus" in flat
    # G1 leads green; B6 and P5 are not green, and B6 is the higher of them
    assert (
        "Stich 1: #1 G1 · #2 B6 · #3 P5 → #2 nimmt ihn mit B6 – die höchste Karte außerhalb "
        "der ausgespielten Farbe (ST-TRICK-2)"
    ) in flat
    # B8 leads blue; the only card of another colour, G0, is a zero, so blue wins
    assert (
        "Stich 3: #1 B8 · #2 B7 · #3 G0 → #1 nimmt ihn mit B8 – die höchste Karte der "
        "ausgespielten Farbe;"
    ) in flat
    assert "Wertung der Runde 1:" in flat
    assert "Punktetafel" in flat


def test_a_game_of_hattrick_between_bots_in_german(german: list[str]) -> None:
    flat = played(
        [*german, "play", "--auto", "--game", "hattrick", "--players", "4", "--seed", "1"]
    )
    assert "Runde 1 von 4 · #1 spielt aus" in flat
    # #1 opens blue with B20, #2 opens red with R16 (fewer than two tricks are open), #3's
    # R18 follows red and #4's B16 follows blue: B20 and R18 take them, and B20 leads next
    assert (
        "Durchgang 1: #1 B20 · #2 R16 · #3 R18 · #4 B16 → #1 nimmt den Stich in Blau: B20 ist "
        "die höchste Karte des Stichs (HT-TRICK-1), #3 nimmt den Stich in Rot: R18 ist die "
        "höchste Karte des Stichs (HT-TRICK-1); #1 spielt als Nächstes aus: B20 ist die "
        "höchste Karte der Stiche (HT-LEAD-2)"
    ) in flat
    assert "Gepasste Karten" in flat


def test_a_game_of_stichling_between_bots_in_german(german: list[str]) -> None:
    flat = played(
        [*german, "play", "--auto", "--game", "stichling", "--players", "3", "--seed", "1"]
    )
    assert "Runde 1 von 3 · #1 spielt zuerst · Siegpunkte 1, 2, 3" in flat
    assert "Alle haben ihre Siegpunktkarten ausgelegt." in flat
    assert "#1 eröffnet Stich 1 mit B8 #2 legt B9 an Stich 1 an (Blau)" in flat
    # the yellow trick: Y6 (#3), Y9, Y2 and Y3 (#1); Y9 holds the marker, and the fourth
    # card gives it to #1, whose first trick it is
    assert (
        "#1 nimmt den Stich Y6 Y9 Y2 Y3: Y9 ist die höchste Karte der angespielten Farbe und "
        "hat den Markierungsstein (SL-TRICK-1); er deckt die Karte Nummer 1 der Reihe auf "
        "(SL-VP-3)"
    ) in flat
    assert "#2 wirft Y5 auf Stich 4 ab (Blau)" in flat
    assert "Gewonnene Stiche" in flat


def test_a_person_reads_why_a_move_is_refused_in_german() -> None:
    code, out, _err = run(
        "--lang", "de", "play", "--interactive", "--players", "3", "--seed", "1",
        stdin="R3\n99\nq\n",
    )  # fmt: skip
    assert code == 0
    assert "Runde 1 von 3 · wähle deine Minuskarte" in out
    assert "Deine Minuskarte (Name oder Nummer; ? für Hilfe, q zum Beenden): " in out
    assert "\nR3 ist nicht auf deiner Hand.\n" in out
    flat = " ".join(out.split())  # rich wraps the long lines
    assert "Es gibt keine Karte 99: deine Karten tragen in dieser Runde die Nummern 1 bis 15." in (
        flat
    )
    assert "Du hast die Partie beendet. Die Partie endete nach 0 Zügen." in out


def refused(state: Any, move: Any, game: Game[Any, Any, Any] | None = None) -> IllegalMoveError:
    """The error of ``move`` in ``state`` (of Sticheln, or of ``game``), made in German."""
    apply: Callable[[Any, Any], object] = apply_move if game is None else game.apply_move
    with use_language("de"), pytest.raises(IllegalMoveError) as caught:
        apply(state, move)
    return caught.value


@pytest.mark.rule("ST-PAIN-1")
def test_sticheln_refuses_a_move_in_german() -> None:
    state = new_game(3, seed=1)  # seat 0 holds R0 R8 Y0 Y4 Y7 G1 ..., not R3
    error = refused(state, ChoosePain(0, Card.parse("R3")))
    assert error.reason == "R3 ist nicht auf der Hand von Spieler 0"
    assert str(error).startswith("unerlaubter Zug 0 wählt die Minuskarte R3 (ChoosePain(")
    error = refused(state, PlayCard(1, Card.parse("R3")))
    assert error.reason == "die Minuskarten werden noch gewählt"
    chosen = apply_move(state, ChoosePain(0, Card.parse("R0")))
    error = refused(chosen, ChoosePain(0, Card.parse("R8")))
    assert error.reason == (
        "Spieler 0 hat in dieser Runde schon eine Minuskarte gewählt, und die Wahl lässt sich "
        "nicht ändern"
    )
    # and in English, unchanged, outside the block
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(state, ChoosePain(0, Card.parse("R3")))
    assert caught.value.reason == "R3 is not in player 0's hand"


@pytest.mark.rule("HT-PLAY-3")
def test_hattrick_refuses_a_move_in_german() -> None:
    game = find_game("hattrick")
    state = game.new_game(4, seed=1)  # seat 0 leads and holds B20
    error = refused(state, Pass(0, Card.parse("B20")), game)
    assert error.reason == "noch ist kein Stich offen, also eröffnet B20 den ersten (OpenTrick)"


@pytest.mark.rule("SL-PLAY-1", "SL-PLAY-3")
def test_stichling_refuses_a_move_in_german() -> None:
    game = find_game("stichling")
    state = game.new_game(3, seed=1)
    for seat in range(3):
        state = game.apply_move(state, ArrangePoints(seat, (1, 2, 3)))
    # seat 0 holds B8; no trick is open yet
    error = refused(state, AddToTrick(0, Card.parse("B8"), 0), game)
    assert error.reason == "es gibt keinen offenen Stich 1: kein Stich ist offen"
    error = refused(state, AddToTrick(1, Card.parse("B9"), 0), game)
    assert error.reason == "Spieler 0 ist am Zug, nicht Spieler 1"


def test_the_help_of_a_command_in_german() -> None:
    code, out, err = run("--lang", "de", "play", "--help")
    assert (code, err) == (0, "")
    flat = " ".join(out.split())
    assert flat.startswith("Aufruf: sticheln play [-h]")
    assert "Optionen: -h, --help diese Hilfe zeigen und beenden" in flat
    assert "--auto Bots sitzen auf jedem Platz" in flat
    assert "das Spiel: sticheln, hattrick, stichling (Vorgabe: sticheln)" in flat
    assert "usage:" not in out
    assert "show this help" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--bogus"], "sticheln: Fehler: unbekannte Argumente: --bogus"),
        (
            ["play", "--players", "x"],
            "sticheln play: Fehler: Argument --players: ungültiger int-Wert: 'x'",
        ),
        (["league"], "sticheln league: Fehler: diese Argumente fehlen: FILE"),
        (
            ["play", "--auto", "--interactive"],
            "sticheln play: Fehler: Argument --interactive: nicht zusammen mit dem Argument "
            "--auto erlaubt",
        ),
        (["bogus"], "sticheln: Fehler: Argument COMMAND: ungültige Wahl: 'bogus' (zur Wahl: "),
        (
            ["play", "--auto", "--players", "9"],
            "sticheln: Fehler: Sticheln mit den Regeln 'nsv' ist für 3, 4, 5, 6 Spieler, "
            "nicht für 9",
        ),
        (
            ["play", "--interactive", "--seat", "0"],
            "sticheln: Fehler: --seat 0: Plätze werden ab 1 gezählt (1-4); der erste Platz ist "
            "--seat 1",
        ),
    ],
)
def test_argparse_and_the_commands_refuse_in_german(argv: list[str], message: str) -> None:
    code, out, err = run("--lang", "de", *argv)
    assert (code, out) == (2, "")
    assert message in err
    assert "Traceback" not in err
    assert "error:" not in err
    # argparse's own texts are the standard library's again after the run
    assert (argparse._, argparse.ngettext) == (gettext.gettext, gettext.ngettext)  # type: ignore[attr-defined]


def test_argparse_stays_in_english_in_english() -> None:
    code, _out, err = run("--lang", "en", "simulate", "--bogus")
    assert code == 2
    assert "sticheln: error: unrecognized arguments: --bogus" in err


def test_a_simulation_in_german() -> None:
    code, out, err = run(
        "--lang", "de", "simulate", "--games", "7", "--players", "3", "--bots", "random",
        "--seed", "1",
    )  # fmt: skip
    assert code == 0
    # 7 games round up to whole deals of 3 rotations: 3 deals, 9 games
    assert err == (
        "Es werden 9 Partien gespielt, nicht 7: jedes Blatt wird einmal je Drehung der 3 "
        "Plätze gespielt.\n"
    )
    flat = " ".join(out.split())
    assert flat.startswith(
        "9 Partien sticheln (Regeln nsv), 3 Spieler, Seed 1: 3 Blätter, jedes gespielt in "
        "allen 3 Drehungen der Plätze. Die Intervalle sind 95%-Konfidenzintervalle"
    )
    assert "Nach Platz (alle Bots):" in out
    assert "Punkte" in out
    assert "Points" not in out


def test_the_analysis_refuses_in_german(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert run("play", "--auto", "--players", "3", "--seed", "1", "--save", str(record))[0] == 0
    code, out, err = run("--lang", "de", "analyse", str(record), "--as", "1", "--samples", "0")
    assert (code, out) == (2, "")
    assert err == "sticheln: Fehler: --samples muss mindestens 1 sein, nicht 0\n"
    code, out, err = run("--lang", "de", "analyse", str(tmp_path / "none.json"), "--as", "1")
    assert code == 2
    assert err.startswith("sticheln: Fehler: ")
    assert "lässt sich nicht lesen" in err


def test_the_moves_are_named_in_german_and_in_english() -> None:
    card = Card.parse("B3")
    moves = [
        ChoosePain(0, card),
        PlayCard(1, card),
        Follow(2, card),
        OpenTrick(3, card),
        Pass(0, card),
        ArrangePoints(1, (3, 1, 2)),
        OpenStichlingTrick(2, card),
        AddToTrick(3, card, 1),
    ]
    with use_language("de"):
        german = [str(move) for move in moves]
    assert german == [
        "0 wählt die Minuskarte B3",
        "1 spielt B3",
        "2 bedient mit B3",
        "3 eröffnet einen Stich mit B3",
        "0 passt B3",
        "1 legt die Siegpunktkarten 3,1,2 aus",
        "2 eröffnet einen Stich mit B3",
        "3 legt B3 zum offenen Stich 2",
    ]
    assert [str(move) for move in moves] == [
        "0 chooses pain card B3",
        "1 plays B3",
        "2 follows with B3",
        "3 opens a trick with B3",
        "0 passes B3",
        "1 orders the victory points 3,1,2",
        "2 opens a trick with B3",
        "3 adds B3 to open trick 2",
    ]


def test_a_replay_in_german(
    german: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short name, which the terminal's width does not break
    path = Path("game.json")
    code, _, err = run("play", "--auto", "--players", "3", "--seed", "1", "--save", str(path))
    assert (code, err) == (0, "")
    code, out, err = run(*german, "replay", str(path), "--as", "2")
    assert (code, err) == (0, "")
    # 3 rounds of 3 pain cards and 14 tricks of 3 cards: 3 * (3 + 42) = 135 moves.
    head = (
        f"Wiedergabe von {path}: Sticheln, Regeln nsv, 3 Spieler, 135 Züge, so wie #2 (du) es sah"
    )
    assert " ".join(out.split()).startswith(head)
    # Step by step: forward, back at the start, a move that does not exist, the last move,
    # the round's end from there, a key that is none, then stop.
    keys = "\nb\nb\n999\nl\nr\nx\nq\n"
    code, out, err = run(*german, "replay", str(path), "--step", stdin=keys)
    assert (code, err) == (0, "")
    flat = " ".join(out.split())
    assert "Der Anfang · 135 Züge" in flat
    assert "Zug 1 von 135" in flat
    assert "Das ist der Anfang: davor gibt es keinen Zug." in flat
    assert "Es gibt keinen Zug 999: die Züge gehen von 0 bis 135." in flat
    assert "Zug 135 von 135" in flat
    assert "Das ist der letzte Zug: danach kommt keine Runde mehr." in flat
    assert "'x' ist hier keine Taste: ? zeigt die Tasten." in flat
    assert "Angehalten nach Zug 135 von 135." in flat
    assert "Enter weiter, b zurück, t Stich, r Runde, f/l erster/letzter, N: Zug N, q Ende:" in flat
    assert "Das Ende. Enter oder q beendet, b zurück, f erster, N: Zug N:" in flat
    assert "Replay of" not in flat
    assert " moves" not in flat
