"""What the page explains before a choice: at a choice of Sticheln's pain card and of
Stichling's row of victory points, one sentence on what it does with links to its rules; a
rules link on every table, to its game's rules; and the lobby's presets by their titles, the
chosen one with its line."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .helpers import PAGE_TIMEOUT, create_table, open_table, wait_for


@pytest.mark.parametrize(
    ("game", "players", "words", "rules"),
    [
        ("sticheln", 3, "is your pain colour this round", ["ST-PAIN-2", "ST-SCORE-1"]),
        ("stichling", 2, "your first won trick turns up its first card", ["SL-VP-3", "SL-SCORE-1"]),
    ],
)
def test_a_choice_says_what_it_does_and_links_its_rules(
    base: str,
    browser: Callable[..., WebDriver],
    game: str,
    players: int,
    words: str,
    rules: list[str],
) -> None:
    table = create_table(base, game, players, ["human"] * players)
    driver = browser(1280, 900)
    open_table(driver, table.seat_links[0])
    help_box = wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "#table-area .choice-help"),
        PAGE_TIMEOUT,
        "the choice was not explained",
    )[0]
    assert words in help_box.text, help_box.text
    links = help_box.find_elements(By.CSS_SELECTOR, "a.rule")
    assert [link.get_attribute("href") for link in links] == [
        f"{base}/rules#{rule}" for rule in rules
    ]
    # The table's rules link goes to its game's rules; the rule named there has its text.
    header = driver.find_element(By.ID, "rules-link")
    assert header.text == "Rules"
    assert header.get_attribute("href") == f"{base}/rules#{game}"
    driver.get(links[0].get_attribute("href"))
    rule = wait_for(
        driver, lambda d: d.find_elements(By.ID, rules[0]), PAGE_TIMEOUT, "no such rule"
    )[0]
    assert rules[0] in rule.text


def test_the_lobby_names_the_presets_by_title_and_says_the_chosen_one_s_line(
    base: str, browser: Callable[..., WebDriver]
) -> None:
    driver = browser(1280, 900)
    driver.get(f"{base}/")
    wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, 'select#game option[value="hattrick"]'),
        PAGE_TIMEOUT,
        "the lobby listed no games",
    )
    Select(driver.find_element(By.ID, "game")).select_by_value("hattrick")
    preset = Select(driver.find_element(By.ID, "preset"))
    assert [option.text for option in preset.options] == [
        "AMIGO 1995",
        "Passes shown",
        "Passes hidden",
        "Tiny",
    ]
    note = driver.find_element(By.ID, "preset-note")
    assert note.text == (
        "4 to 6 players, 60 cards, a hand per player; passed cards are shown to everyone."
    )
    preset.select_by_value("passes-hidden")
    assert note.text == (
        "Only a passed card's colour is shown; the highest card of the two tricks leads."
    )


def test_before_playing_each_legal_card_says_what_it_would_do(
    base: str, browser: Callable[..., WebDriver]
) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    # Hattrick, four people: the seat that leads the first turn has no trick open, so each of
    # its cards would open a trick of its colour and take it as it stands, a card won of the
    # colour it collects then: +1 (HT-TURN-1, HT-PLAY-2, HT-SCORE-1).
    table = create_table(base, "hattrick", 4, ["human"] * 4, seed=8)
    leader = table.info()["to_act"][0]
    driver = browser(1280, 900)
    open_table(driver, table.seat_links[leader])
    colours = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
    cards = wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "#hand button.card.legal"),
        PAGE_TIMEOUT,
        "the leader's cards were never offered",
    )
    line = driver.find_element(By.ID, "move-hint")
    assert line.text == "Point at a card to see what it would do."
    for card in cards[:3]:
        name = card.get_attribute("data-card")
        expected = f"{name}: opens {colours[name[0]]}, takes it now: +1 point"
        assert card.get_attribute("title") == expected
        ActionChains(driver).move_to_element(card).perform()
        wait_for(driver, lambda d, e=expected: line.text == e, PAGE_TIMEOUT, "no hint shown")
