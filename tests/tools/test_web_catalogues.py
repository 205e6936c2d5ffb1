"""The page's JSON catalogues (``web/static/i18n/<language>.json``): the same keys in every
language, no empty text, the same placeholders in each translation, and every key the
page's scripts and HTML name is in them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "sticheln"
STATIC = PACKAGE / "web" / "static"
LANGUAGES = ("en", "de")


def catalogue(language: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{language}.json").read_text("utf-8"))
    return data


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def keys_used(text: str) -> set[str]:
    """The keys a script or a page names: ``t("key"`` and ``data-i18n*="key"``."""
    found = set(re.findall(r"""\bt\(\s*"([\w.-]+)\"""", text))
    found |= set(re.findall(r"""data-i18n(?:-\w+)?="([\w.-]+)\"""", text))
    for prefix in re.findall(r"\bt\(\s*`([\w.-]+)\.\$\{", text):  # t(`color.${letter}`)
        found.add(f"{prefix}.*")
    return found


def missing_keys(used: set[str], known: set[str]) -> list[str]:
    """The keys of ``used`` that ``known`` lacks (``prefix.*``: no key of that prefix)."""
    absent = []
    for key in sorted(used):
        if key.endswith(".*"):
            if not any(name.startswith(key[:-1]) for name in known):
                absent.append(key)
        elif key not in known:
            absent.append(key)
    return absent


def sources() -> list[Path]:
    return [
        *sorted(STATIC.glob("*.js")),
        *sorted(STATIC.glob("*.html")),
        *sorted(PACKAGE.glob("*/render.js")),
    ]


def test_every_language_has_the_same_keys() -> None:
    english, german = catalogue("en"), catalogue("de")
    assert sorted(english.keys() - german.keys()) == []
    assert sorted(german.keys() - english.keys()) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_is_empty(language: str) -> None:
    assert [key for key, text in catalogue(language).items() if not text.strip()] == []


def test_a_translation_has_the_placeholders_of_its_english_text() -> None:
    english, german = catalogue("en"), catalogue("de")
    differ = {
        key: (english[key], german.get(key, ""))
        for key in english
        if placeholders(english[key]) != placeholders(german.get(key, ""))
    }
    assert differ == {}


def test_every_key_the_page_names_is_in_the_catalogues() -> None:
    known = set(catalogue("en"))
    used: set[str] = set()
    for path in sources():
        used |= keys_used(path.read_text("utf-8"))
    assert "table.heading" in used  # the search finds the keys at all
    assert "color.*" in used
    assert missing_keys(used, known) == []


def test_the_check_fails_for_a_key_no_catalogue_has() -> None:
    script = 'el("p", {}, t("table.heading"), t( "no.such-key", { n }), t(`color.${x}`));'
    html = '<h2 data-i18n="also.missing">x</h2><p data-i18n-label="table.area"></p>'
    used = keys_used(script) | keys_used(html)
    assert missing_keys(used, {"table.heading", "table.area", "color.R"}) == [
        "also.missing",
        "no.such-key",
    ]
    assert missing_keys({"color.*"}, {"table.heading"}) == ["color.*"]
