"""The rule texts shipped in the package (:mod:`sticheln.core.rulebook`) are those of the
specification pages; ``python tests/core/test_rulebook.py --write`` writes them anew."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sticheln.core.errors import UnknownNameError, WrongTypeError
from sticheln.core.rulebook import RuleText, rule_text, rule_texts

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import rule_trace  # noqa: E402

SHIPPED = ROOT / "src" / "sticheln" / "core" / "rulebook.json"
GAMES = ("sticheln", "hattrick", "stichling")


def generated() -> dict[str, dict[str, str | None]]:
    """The rule texts of the specification pages, by rule ID, in the order of the pages."""
    rules: dict[str, dict[str, str | None]] = {}
    for game in GAMES:
        page = (ROOT / "docs" / "rules" / f"{game}.rst").read_text(encoding="utf-8")
        for rule_id, fields in rule_trace.rule_texts_in_rst(page).items():
            rules[rule_id] = {
                "game": game,
                "title": fields["title"],
                "page": fields.get("page"),
                "source": fields.get("source"),
                "text": fields["text"],
            }
    return rules


def test_the_shipped_rule_texts_are_the_specifications() -> None:
    shipped = json.loads(SHIPPED.read_text(encoding="utf-8"))
    assert shipped == generated(), "run: python tests/core/test_rulebook.py --write"


def test_a_wrapped_option_stays_out_of_the_rule_text() -> None:
    page = """
.. rule:: XX-WRAP-1
   :title: A title
      that goes on
   :source: Board Game Arena; spieletest.at;
      jestatharogue; hall9000.de

   The statement, over
   two lines.

   A second paragraph.

.. rule:: XX-WRAP-2
   :source: keirat

   hall9000.de is named here by the statement itself.
"""
    assert rule_trace.rule_texts_in_rst(page) == {
        "XX-WRAP-1": {
            "title": "A title that goes on",
            "source": "Board Game Arena; spieletest.at; jestatharogue; hall9000.de",
            "text": "The statement, over two lines.\n\nA second paragraph.",
        },
        "XX-WRAP-2": {
            "source": "keirat",
            "text": "hall9000.de is named here by the statement itself.",
        },
    }


@pytest.mark.parametrize("rule", rule_texts(), ids=lambda rule: rule.id)
def test_no_rule_text_begins_with_a_piece_of_its_source(rule: RuleText) -> None:
    first_paragraph = rule.text.split("\n\n")[0]
    assert first_paragraph not in (rule.source or ""), (rule.id, first_paragraph)
    assert first_paragraph not in rule.title, (rule.id, first_paragraph)


def test_every_rule_of_the_specification_is_there_with_a_text() -> None:
    ids = [rule.id for rule in rule_texts()]
    assert sorted(ids) == sorted(rule_trace.rule_ids_in_docs(ROOT / "docs" / "rules"))
    assert len(ids) == 62  # 22 Sticheln, 19 Hattrick and 21 Stichling rules
    assert all(rule.text and rule.title for rule in rule_texts())
    assert {rule.game for rule in rule_texts()} == set(GAMES)


def test_a_rule_by_its_id() -> None:
    rule = rule_text("st-trick-2")
    assert rule.id == "ST-TRICK-2"
    assert rule.title == "Every other colour is trump"
    assert rule.page == "1"
    assert rule.source is None
    assert rule.text.startswith("If the trick holds at least one card that is not a zero")
    assert ">>>" not in rule.text
    assert rule.to_dict()["id"] == "ST-TRICK-2"


def test_a_rule_with_sources_and_roles_made_plain() -> None:
    rule = rule_text("SL-LEAD-1")
    assert rule.game == "stichling"
    assert rule.page is None
    assert rule.source == "Board Game Arena"
    assert "SL-LEAD-2" in rule.text
    assert ":rule:" not in rule.text
    assert "``" not in rule.text


def test_a_table_keeps_a_line_per_row() -> None:
    paragraphs = rule_text("ST-DECK-1").text.split("\n\n")
    assert paragraphs[1].split("\n") == [
        "players · cards · in total",
        "3 · 0 to 8 in red, yellow, green, blue, purple · 45",
        "4 · 0 to 11 in the same five colours · 60",
        "5 · 0 to 14 in the same five colours · 75",
        "6 · 0 to 14 in those five colours and gray · 90",
    ]


def test_the_rules_of_one_game() -> None:
    hattrick = rule_texts("hattrick")
    assert hattrick
    assert all(rule.id.startswith("HT-") for rule in hattrick)


@pytest.mark.parametrize("bad", ["ST-NOPE-1", ""])
def test_an_unknown_rule_is_refused_by_name(bad: str) -> None:
    with pytest.raises(UnknownNameError, match="no rule"):
        rule_text(bad)


def test_a_rule_id_must_be_a_string() -> None:
    with pytest.raises(WrongTypeError, match="must be a str"):
        rule_text(7)  # type: ignore[arg-type]


def test_an_unknown_game_names_the_games_with_rules() -> None:
    with pytest.raises(UnknownNameError, match="hattrick, sticheln, stichling"):
        rule_texts("chess")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/core/test_rulebook.py --write")
    SHIPPED.write_text(json.dumps(generated(), indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {SHIPPED}")
