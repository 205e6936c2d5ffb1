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
    http_json,
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


def test_the_lobby_s_presets_in_german(base: str, browser: Callable[..., WebDriver]) -> None:
    driver = german_browser(browser)
    driver.get(f"{base}/")
    wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "select.seat-kind"),
        PAGE_TIMEOUT,
        "the lobby drew no seats",
    )
    Select(driver.find_element(By.ID, "game")).select_by_value("hattrick")
    presets = Select(driver.find_element(By.ID, "preset"))
    wait_for(
        driver,
        lambda d: "Passen verdeckt" in [option.text for option in presets.options],
        PAGE_TIMEOUT,
        "Hattrick's presets were not listed in German",
    )
    assert [option.text for option in presets.options] == [
        "AMIGO 1995",
        "Passen offen",
        "Passen verdeckt",
        "Winzig",
    ]
    presets.select_by_value("passes-hidden")
    assert text_of(driver, "preset-note") == (
        "Von einer gepassten Karte sieht man nur die Farbe; die höchste Karte der beiden Stiche "
        "spielt aus."
    )
    Select(driver.find_element(By.ID, "game")).select_by_value("sticheln")
    assert Select(driver.find_element(By.ID, "preset")).first_selected_option.text == (
        "NSV (englische Regel)"
    )
    assert text_of(driver, "preset-note").startswith("3 bis 6 Spieler, eine Runde pro Spieler")


def test_a_chat_refusal_in_german(base: str, browser: Callable[..., WebDriver]) -> None:
    driver = german_browser(browser)
    table = create_table(base, "stichling", 2, ["human", "human"])
    open_table(driver, table.seat_links[0])
    box = driver.find_element(By.ID, "chat-input")
    # A zero-width space is something to the page and nothing once the server cleans it.
    box.send_keys("\u200b")
    driver.find_element(By.ID, "chat-send").click()
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "error").text == "die Chatzeile ist leer",
        PAGE_TIMEOUT,
        "the server's refusal was not shown in German",
    )
    assert not driver.find_elements(By.CSS_SELECTOR, "#chat-log li")


def test_hattrick_s_hints_with_their_points_in_german(
    base: str, browser: Callable[..., WebDriver]
) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    table = create_table(base, "hattrick", 4, ["human"] * 4, seed=8)
    leader = table.info()["to_act"][0]
    driver = german_browser(browser)
    open_table(driver, table.seat_links[leader])
    led = wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "#hand button.card.legal"),
        PAGE_TIMEOUT,
        "the leader's cards were never offered",
    )[0]
    led_name = led.get_attribute("data-card")
    colour = {"R": "Rot", "G": "Grün", "B": "Blau"}[led_name[0]]
    # Nothing won yet: the card opens its trick and takes it as it stands, one card of what
    # then is the collecting colour (HT-TURN-1, HT-TRICK-1, HT-SCORE-1).
    assert led.get_attribute("title") == f"{led_name}: eröffnet {colour}, nimmt ihn jetzt: +1 Punkt"
    led.click()
    wait_for(driver, lambda d: table.info()["moves"] == 1, PAGE_TIMEOUT, "the lead was not made")
    follower = table.info()["to_act"][0]
    open_table(driver, table.seat_links[follower])
    cards = wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "#hand button.card.legal"),
        PAGE_TIMEOUT,
        "the follower's cards were never offered",
    )
    line = driver.find_element(By.ID, "move-hint")
    seen = set()
    for card in cards:
        name = card.get_attribute("data-card")
        if name[0] != led_name[0]:
            continue
        # A card of the led colour follows; the higher of the two takes the trick, and two
        # cards of one colour, nothing else won, count +2 (HT-PLAY-1, HT-TRICK-1).
        if int(name[1:]) > int(led_name[1:]):
            expected = f"{name}: bedient {colour}, nimmt ihn jetzt: +2 Punkte"
        else:
            expected = f"{name}: bedient {colour}, {led_name} nimmt ihn jetzt"
        assert card.get_attribute("title") == expected
        seen.add(expected.endswith("Punkte"))
        ActionChains(driver).move_to_element(card).perform()
        wait_for(driver, lambda d, e=expected: line.text == e, PAGE_TIMEOUT, "no hint shown")
    assert seen, "the follower holds no card of the led colour"


def test_the_replay_and_its_analysis_in_german(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    from .test_replay_analysis import finished_table, fixed

    driver = german_browser(browser)
    # A table in play has no replay yet: the server says why (409), in German.
    browser.allow_console(r"/replay/(moves|frames).* status of 409")  # type: ignore[attr-defined]
    playing = create_table(base, "sticheln", 3, ["human", "random", "random"])
    driver.get(playing.replay)
    wait_for(driver, lambda d: text_of(d, "error"), PAGE_TIMEOUT, "no error shown")
    assert text_of(driver, "error") == (
        "Die Wiederholung konnte nicht geladen werden: die Partie ist nicht zu Ende: ihre "
        "Wiederholung zeigt alle Hände"
    )
    assert text_of(driver, "replay-step") == "Keine Wiederholung"
    # A finished game of three bots (seed 21: the third seat's first card costs it).
    table = finished_table(base, "sticheln", 21)
    frames = table.info()["moves"]
    driver.get(table.replay)
    wait_for(
        driver,
        lambda d: text_of(d, "replay-step") == f"Zug 0 von {frames}",
        PAGE_TIMEOUT,
        "the replay's step was not shown in German",
    )
    assert text_of(driver, "title") == "Wiederholung · Sticheln · 3 Spieler"
    assert text_of(driver, "first") == "« Anfang"
    assert driver.find_element(By.ID, "next").get_attribute("title") == "Nächster Zug (→)"
    assert text_of(driver, "frame-heading") == "Dieser Zug"
    assert text_of(driver, "hands-heading") == "Die Hände der 3 Spieler"
    assert text_of(driver, "replay-move") == "Der Anfang der Partie."
    # The analysis of the third seat.
    status = wait_for(
        driver, lambda d: text_of(d, "analysis-status"), PAGE_TIMEOUT, "no analysis control"
    )
    assert text_of(driver, "analysis-heading") == "Analyse"
    Select(driver.find_element(By.ID, "analysis-seat")).select_by_value("2")
    button = driver.find_element(By.ID, "analysis-button")
    wait_for(
        driver,
        lambda d: button.text == "Platz 3 analysieren" and button.is_enabled(),
        PAGE_TIMEOUT,
        "no 'Platz 3 analysieren' button",
    )
    status = text_of(driver, "analysis-status")
    assert "ist noch nicht analysiert: der Server bewertet jeden erlaubten Zug" in status, status
    button.click()
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "analysis-result").is_displayed(),
        90.0,
        "the analysis did not finish",
    )
    assert text_of(driver, "analysis-status").startswith("Analysiert mit höchstens ")
    summary = text_of(driver, "analysis-summary")
    assert "Entscheidung" in summary, summary
    assert "erwarteter Punktverlust" in summary, summary
    assert "Die teuersten:" in summary, summary
    driver.find_element(By.CSS_SELECTOR, "#analysis-details summary").click()
    headings = [th.text for th in driver.find_elements(By.CSS_SELECTOR, "#analysis-list thead th")]
    assert headings == ["Zug", "Gespielt", "Bester", "Verlust"]
    legend = text_of(driver, "analysis-legend")
    assert "der gespielte Zug (Kreise)" in legend
    assert "der beste Zug (Quadrate)" in legend
    # Beside the costly move: its loss with a decimal comma, and the better card.
    _status, answer = http_json(f"{table.base}/api/tables/{table.id}/analysis?seat=2")
    costly = next(d for d in answer["analysis"]["decisions"] if d["loss"] > 0)
    driver.get(f"{table.replay}#move={costly['number']}")
    driver.refresh()
    wait_for(
        driver,
        lambda d: "Erwarteter Verlust" in text_of(d, "move-analysis"),
        PAGE_TIMEOUT,
        "no German note beside the costly move",
    )
    note = text_of(driver, "move-analysis")
    loss = fixed(costly["loss"]).replace(".", ",")
    assert f"Erwarteter Verlust {loss} Punkte" in note, note
    assert f"Besser: {' oder '.join(costly['best'])}, erwartet " in note, note
    assert f"Gespielt {costly['played_text']}: erwartet " in note, note
    assert "Alle Züge, der beste zuerst: " in note, note
    point = driver.find_element(By.CSS_SELECTOR, f'.analysis-point[data-move="{costly["number"]}"]')
    assert str(point.get_attribute("aria-label")).startswith(f"Zug {costly['number']}: gespielt ")
    screenshot(driver, screenshots / "replay-analysis-de.png")
