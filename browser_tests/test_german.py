"""The table page in German: a browser whose language is German (its Accept-Language) gets
the page, the game's texts and the server's explanations in German, plays in German, and the
page's switch turns it to English and back, kept in the browser. The screenshots of the docs'
web page in both languages come from here (``sticheln-table-de.png``,
``sticheln-table-en.png``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .helpers import (
    PAGE_TIMEOUT,
    create_table,
    open_table,
    play_moves,
    screenshot,
    wait_for,
    wait_joined,
    wait_my_turn_or_over,
)


def german_browser(browser: Callable[..., WebDriver]) -> WebDriver:
    """A browser whose language is German: it sends ``Accept-Language: de-DE,de``."""
    driver = browser(1280, 900)
    agent = driver.execute_script("return navigator.userAgent")
    driver.execute_cdp_cmd(
        "Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "de-DE,de"}
    )
    return driver


def text_of(driver: WebDriver, element_id: str) -> str:
    return str(driver.find_element(By.ID, element_id).text)


def switch_to(driver: WebDriver, language: str, heading: str) -> None:
    """Choose ``language`` in the page's switch and wait for the page to come back in it."""
    Select(driver.find_element(By.ID, "language")).select_by_value(language)
    wait_for(
        driver,
        lambda d: (
            d.find_element(By.ID, "hand-heading").text == heading
            and d.execute_script("return document.documentElement.lang") == language
        ),
        PAGE_TIMEOUT,
        f"the page did not switch to {language}",
    )
    wait_joined(driver)


def test_a_game_in_german_and_the_language_switch(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    driver = german_browser(browser)
    table = create_table(base, "sticheln", 4, ["human"] + ["heuristic"] * 3, seed=20261206)
    open_table(driver, table.seat_links[0])
    assert driver.execute_script("return document.documentElement.lang") == "de"
    assert Select(driver.find_element(By.ID, "language")).first_selected_option.text == "Deutsch"
    # The page's own texts and the renderer's, in German.
    assert text_of(driver, "hand-heading") == "Deine Hand"
    assert text_of(driver, "log-heading") == "Was geschah"
    assert text_of(driver, "move-send") == "Senden"
    shot = wait_my_turn_or_over(driver)
    assert shot.status == "Du bist am Zug: wähle deine Minuskarte."
    assert "Runde 1 von 4" in text_of(driver, "table-area")
    assert "Alle wählen verdeckt eine Minuskarte." in text_of(driver, "table-area")
    assert "Minuskarte" in text_of(driver, "players")
    # Play until tricks were taken: the log and the last trick explain them in German, as the
    # server sent them to this page.
    rng = random.Random("german")
    play_moves(driver, rng, 6)
    log = text_of(driver, "log")
    assert "hat den Stich genommen" in log, log
    assert "hat eine Minuskarte gewählt." in log or "als Minuskarte gewählt." in log, log
    last = driver.find_element(By.ID, "last-trick")
    assert last.find_element(By.TAG_NAME, "h2").text == "Letzter Stich"
    reasons = [item.text for item in last.find_elements(By.CSS_SELECTOR, "ul.reasons li")]
    assert reasons, last.text
    assert "ist die ausgespielte Farbe" in reasons[0], reasons
    assert all(" the " not in reason for reason in reasons), reasons
    assert text_of(driver, "scores-heading") == "Punkte"
    assert "Runde" in text_of(driver, "scores")
    wait_my_turn_or_over(driver)
    screenshot(driver, screenshots / "sticheln-table-de.png")
    # A refusal of the server, in German: a card typed that is not in the hand.
    hand = wait_my_turn_or_over(driver).hand
    not_in_hand = next(
        f"{color}{value}"
        for color in "RYGBP"
        for value in range(12)
        if f"{color}{value}" not in hand
    )
    driver.find_element(By.ID, "move-input").send_keys(not_in_hand)
    driver.find_element(By.ID, "move-send").click()
    error = wait_for(
        driver, lambda d: d.find_element(By.ID, "error").text, PAGE_TIMEOUT, "no error"
    )
    # the server's words in German; the game's reason stays in English for now
    assert error.startswith("unerlaubter Zug "), error
    assert not_in_hand in error, error
    # The switch: English, kept in the browser over a German Accept-Language.
    switch_to(driver, "en", "Your hand")
    assert text_of(driver, "log-heading") == "What happened"
    assert wait_my_turn_or_over(driver).status.startswith("Your turn: ")
    reasons = [
        item.text for item in driver.find_elements(By.CSS_SELECTOR, "#last-trick ul.reasons li")
    ]
    assert "is the lead colour" in reasons[0], reasons
    screenshot(driver, screenshots / "sticheln-table-en.png")
    driver.get(table.seat_links[0])
    wait_joined(driver)
    assert text_of(driver, "hand-heading") == "Your hand"
    switch_to(driver, "de", "Deine Hand")
    assert wait_my_turn_or_over(driver).status.startswith("Du bist am Zug: ")


@pytest.mark.parametrize(
    ("game", "players", "status", "words"),
    [
        (
            "hattrick",
            4,
            "Du bist am Zug: spiel eine Karte: bedienen, einen Stich eröffnen oder passen.",
            ["Runde 1 von", "Durchgang ", " spielt aus."],
        ),
        (
            "stichling",
            3,
            "Du bist am Zug: leg deine Siegpunktkarten in eine Reihenfolge.",
            ["Runde 1 von 3", "Alle legen verdeckt eine Reihe Siegpunktkarten aus."],
        ),
    ],
)
def test_the_other_games_in_german(
    game: str,
    players: int,
    status: str,
    words: list[str],
    base: str,
    browser: Callable[..., WebDriver],
) -> None:
    driver = german_browser(browser)
    table = create_table(base, game, players, ["human"] + ["random"] * (players - 1), seed=7)
    open_table(driver, table.seat_links[0])
    shot = wait_my_turn_or_over(driver)
    assert shot.status == status
    area = text_of(driver, "table-area")
    for word in words:
        assert word in area, area
    play_moves(driver, random.Random(game), 3)
    assert "hat" in text_of(driver, "log")  # the log's lines, "… hat … gespielt/angelegt/…"


def test_the_lobby_in_german(base: str, browser: Callable[..., WebDriver]) -> None:
    driver = german_browser(browser)
    driver.get(f"{base}/")
    wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "select.seat-kind"),
        PAGE_TIMEOUT,
        "the lobby drew no seats",
    )
    assert driver.find_element(By.TAG_NAME, "h1").text == "Kartenspiele an einem Tisch"
    assert driver.find_element(By.ID, "create").text == "Tisch eröffnen"
    assert driver.find_element(By.CSS_SELECTOR, ".seat-label").text == "Platz 1"
    kinds = [option.text for option in Select(driver.find_element(By.ID, "seat-kind-0")).options]
    assert kinds[0] == "Mensch"
    assert "Bot: heuristisch" in kinds
    switch_lobby = Select(driver.find_element(By.ID, "language"))
    assert switch_lobby.first_selected_option.text == "Deutsch"
    switch_lobby.select_by_value("en")
    wait_for(
        driver,
        lambda d: d.find_element(By.TAG_NAME, "h1").text == "Card games at one table",
        PAGE_TIMEOUT,
        "the lobby did not switch to English",
    )
