"""The command in English or German: ``--lang``, else ``LC_ALL``, ``LC_MESSAGES`` and
``LANG``, else English; the texts it shows and the explanations of the games in the language
chosen, which ends with the run."""

from __future__ import annotations

import io

import pytest

from sticheln.cli import main
from sticheln.cli.language import language_of, language_of_environment
from sticheln.core.i18n import current_language


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


GERMAN_HELP = [
    "Aufruf: sticheln",
    "Optionen:",
    "eine Partie im Terminal gegen Bots spielen",
    "'sticheln BEFEHL --help' zeigt die Optionen eines Befehls.",
]


def test_lang_de_gives_the_help_in_german() -> None:
    code, out, err = run("--lang", "de", "--help")
    assert (code, err) == (0, "")
    assert all(line in out for line in GERMAN_HELP), out
    assert "usage:" not in out


def test_lang_en_overrides_a_german_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out, _err = run("--lang=en", "--help")
    assert code == 0
    assert out.startswith("usage: sticheln")


def test_a_german_locale_gives_the_help_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out, _err = run("--help")
    assert code == 0
    assert all(line in out for line in GERMAN_HELP), out


def test_lc_all_comes_before_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("LC_ALL", "C")
    assert run("--help")[1].startswith("usage: sticheln")


def test_an_unknown_language_is_a_usage_error() -> None:
    code, out, err = run("--lang", "fr", "--help")
    assert (code, out) == (2, "")
    assert "--lang: invalid choice: 'fr'" in err


def test_a_game_between_bots_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_MESSAGES", "de_AT.UTF-8")
    code, out, err = run("play", "--auto", "--players", "3", "--seed", "1")
    assert (code, err) == (0, "")
    # the explanations of the tricks and the scoreboard (rich may wrap the long lines)
    flat = " ".join(out.split())
    # trick 1: G1 leads green; B6 and P5 are not green, and B6 is the higher of them
    assert (
        "Stich 1: #1 G1 · #2 B6 · #3 P5 → #2 nimmt ihn mit B6 – die höchste Karte außerhalb "
        "der ausgespielten Farbe (ST-TRICK-2)"
    ) in flat
    assert "Punktetafel" in out
    assert "Gesamt: " in out
    assert current_language() == "en"  # the run's language ends with it


def test_a_person_who_stops_is_answered_in_german() -> None:
    code, out, _err = run(
        "--lang", "de", "play", "--interactive", "--players", "3", "--seed", "1", stdin="q\n"
    )
    assert code == 0
    assert "Du hast die Partie beendet." in out


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de"}, "de"),
        ({"LANG": "de_CH@euro"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": ""}, "de"),
    ],
)
def test_the_language_of_the_environment(environ: dict[str, str], language: str) -> None:
    assert language_of_environment(environ) == language


@pytest.mark.parametrize(
    ("argv", "language"),
    [
        (["--lang", "de", "replay", "x.json"], "de"),
        (["--lang=de"], "de"),
        (["--lang", "xx"], "en"),  # left for the parser to refuse
        (["replay", "--lang", "de"], "en"),  # an argument of the command, not of sticheln
    ],
)
def test_the_language_of_the_arguments(argv: list[str], language: str) -> None:
    assert language_of(argv, {"LANG": "en_US.UTF-8"}) == language
