"""The languages of the texts for people: the German catalogue holds every text the code marks
(extracted from the source with Babel, as ``babel.cfg`` says), its compiled ``.mo`` is the
``.po``, the placeholders agree, and the language of one thread or task does not leak into
another's."""

from __future__ import annotations

import asyncio
import gettext
import re
import threading
from pathlib import Path

import pytest

from sticheln import Card, CardSet, explain_round_score
from sticheln.core.cards import Color
from sticheln.core.errors import WrongTypeError
from sticheln.core.i18n import (
    LOCALE_DIR,
    UnknownLanguageError,
    color_name,
    current_language,
    use_language,
)
from sticheln.core.i18n import gettext as translate
from sticheln.sticheln.explain import explain_trick

babel_extract = pytest.importorskip("babel.messages.extract")  # a dev dependency
babel_pofile = pytest.importorskip("babel.messages.pofile")
babel_frontend = pytest.importorskip("babel.messages.frontend")

ROOT = Path(__file__).resolve().parents[2]
PO = LOCALE_DIR / "de" / "LC_MESSAGES" / "sticheln.po"
MO = LOCALE_DIR / "de" / "LC_MESSAGES" / "sticheln.mo"

Msgid = str | tuple[str, str]


def extracted_msgids(source: Path) -> set[Msgid]:
    """The texts marked in the Python files under ``source``, as ``babel.cfg`` says."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = babel_frontend.parse_mapping_cfg(config)
    found: set[Msgid] = set()
    for _file, _line, message, _comments, _context in babel_extract.extract_from_dir(
        str(source),
        method_map,
        options_map,
        keywords={**babel_extract.DEFAULT_KEYWORDS, "N_": None},
    ):
        found.add(message if isinstance(message, str) else (message[0], message[1]))
    return found


def translations(po: Path) -> dict[Msgid, str | tuple[str, ...]]:
    """The non-fuzzy translations of ``po`` that are not empty, by msgid."""
    with po.open("rb") as file:
        catalogue = babel_pofile.read_po(file)
    result: dict[Msgid, str | tuple[str, ...]] = {}
    for message in catalogue:
        if not message.id or message.fuzzy:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if all(strings):
            key = message.id if isinstance(message.id, str) else tuple(message.id)
            result[key] = message.string
    return result


def missing(msgids: set[Msgid], translated: dict[Msgid, object]) -> list[Msgid]:
    """The msgids that have no translation, sorted."""
    return sorted(msgids - translated.keys(), key=str)


def test_every_marked_text_has_a_german_translation() -> None:
    msgids = extracted_msgids(ROOT / "src")
    assert "Round score" in msgids  # the extraction finds the marked texts at all
    assert ("{count} trick won", "{count} tricks won") in msgids
    assert missing(msgids, translations(PO)) == []


def test_the_check_fails_for_a_text_without_translation(tmp_path: Path) -> None:
    module = tmp_path / "texts.py"
    module.write_text(
        "from sticheln.core.i18n import gettext as _\n"
        "print(_('Round score'), _('A text nobody translated'))\n",
        encoding="utf-8",
    )
    assert missing(extracted_msgids(tmp_path), translations(PO)) == ["A text nobody translated"]


def test_the_catalogue_holds_no_text_the_code_no_longer_marks() -> None:
    assert sorted(translations(PO).keys() - extracted_msgids(ROOT / "src"), key=str) == []


def test_the_compiled_catalogue_is_the_po_file() -> None:
    with MO.open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    expected: dict[object, str] = {}
    for msgid, string in translations(PO).items():
        if isinstance(msgid, str):
            assert isinstance(string, str)
            expected[msgid] = string
        else:
            for n, form in enumerate(string):
                expected[(msgid[0], n)] = form
    catalog = dict(compiled._catalog)  # type: ignore[attr-defined]
    catalog.pop("", None)  # the header
    assert catalog == expected


@pytest.mark.parametrize("msgid", sorted(translations(PO), key=str))
def test_a_translation_has_the_placeholders_of_its_text(msgid: Msgid) -> None:
    string = translations(PO)[msgid]
    sources = [msgid] if isinstance(msgid, str) else list(msgid)
    targets = [string] if isinstance(string, str) else list(string)
    names = {name for text in sources for name in re.findall(r"\{(\w*)\}", text)}
    for target in targets:
        assert set(re.findall(r"\{(\w*)\}", target)) == names, target


def test_english_is_the_default_and_german_is_chosen_for_a_block() -> None:
    assert current_language() == "en"
    assert color_name(Color.GRAY) == "gray"
    with use_language("de"):
        assert current_language() == "de"
        assert (color_name(Color.GRAY), color_name(Color.PURPLE)) == ("Grau", "Lila")
        assert translate("Nobody wins.") == "Niemand gewinnt."
    assert translate("Nobody wins.") == "Nobody wins."


@pytest.mark.rule("ST-TRICK-2", "ST-TRICK-4", "ST-SCORE-1", "ST-SCORE-2")
def test_a_sticheln_explanation_in_german() -> None:
    cards = [Card.parse(name) for name in ["B6", "B11", "R3", "Y0"]]
    with use_language("de"):
        trick = explain_trick(cards)
        assert str(trick).splitlines() == [
            "R3 gewinnt.",
            "- B6 eröffnet den Stich: Blau ist die ausgespielte Farbe (ST-TRICK-1).",
            "- B6 kann nicht gewinnen: sie hat die ausgespielte Farbe, und eine Karte einer "
            "anderen Farbe liegt im Stich (ST-TRICK-2).",
            "- B11 kann nicht gewinnen: sie hat die ausgespielte Farbe, und eine Karte einer "
            "anderen Farbe liegt im Stich (ST-TRICK-2).",
            "- R3 gewinnt: sie ist die höchste Karte außerhalb der ausgespielten Farbe "
            "(ST-TRICK-2).",
            "- Y0 kann nicht gewinnen: Nullen gewinnen nie einen Stich (ST-TRICK-4).",
        ]
        score = explain_round_score(Card.parse("B5"), CardSet.parse("R4"))
        assert str(score).splitlines() == [
            "Rundenwertung -4:",
            "  -5 B5 ist die Minuskarte und kostet ihren Wert (ST-SCORE-1).",
            "  +1 R4 hat nicht die Minusfarbe und bringt einen Pluspunkt (ST-SCORE-2).",
        ]
    # made in German, the values keep their texts; a new one outside the block is English
    assert trick.reasons[0].text.startswith("B6 eröffnet")
    assert str(explain_trick(cards)).startswith("R3 wins.")


def test_the_language_of_one_thread_does_not_leak_into_another() -> None:
    seen: dict[str, str] = {}
    inside = threading.Event()
    done = threading.Event()

    def german() -> None:
        with use_language("de"):
            inside.set()
            done.wait(5)
            seen["de"] = translate("Nobody wins.")

    thread = threading.Thread(target=german)
    thread.start()
    inside.wait(5)
    seen["en"] = translate("Nobody wins.")
    done.set()
    thread.join(5)
    assert seen == {"de": "Niemand gewinnt.", "en": "Nobody wins."}


def test_the_language_of_one_task_does_not_leak_into_another() -> None:
    async def speak(language: str, step: asyncio.Event, go: asyncio.Event) -> str:
        with use_language(language):
            step.set()
            await go.wait()
            return translate("Nobody wins.")

    async def main() -> list[str]:
        started = [asyncio.Event(), asyncio.Event()]
        go = asyncio.Event()
        tasks = [
            asyncio.create_task(speak(language, step, go))
            for language, step in zip(["de", "en"], started, strict=True)
        ]
        for step in started:
            await step.wait()
        go.set()
        return list(await asyncio.gather(*tasks))

    assert asyncio.run(main()) == ["Niemand gewinnt.", "Nobody wins."]


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(UnknownLanguageError, match=r"'fr'.*there are: en, de"):
        use_language("fr").__enter__()
    with pytest.raises(WrongTypeError, match="language must be a str, got 3"):
        use_language(3).__enter__()  # type: ignore[arg-type]
    assert current_language() == "en"
