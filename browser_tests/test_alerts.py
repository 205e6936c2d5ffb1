"""When it becomes a player's turn, the tab's title says so ("● Your turn — …") and, if the
player turned the sound on (off by default, kept by the browser), a two-note WebAudio tone
is played; a page whose seat is not to act has its plain title and plays nothing."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import MOVE_TIMEOUT, act, create_table, open_table, screenshot, snapshot, wait_for

MARK = "● Your turn — "

# Counts the notes the page starts (each tone is two), before any script of the page runs.
_COUNT_NOTES_JS = """
window.notes = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.notes += 1;
  return start.apply(this, args);
};
"""

_TURN_JS = """
const legal = document.querySelectorAll("#hand button.card.legal, #choices button.choice");
return {title: document.title, myTurn: legal.length > 0};
"""


def turn(driver: WebDriver) -> dict[str, Any]:
    """The page's title and whether its seat may act, read at once."""
    return driver.execute_script(_TURN_JS)  # type: ignore[no-any-return]


def notes(driver: WebDriver) -> int:
    return int(driver.execute_script("return window.notes;"))


def test_the_title_and_a_tone_say_when_it_is_your_turn(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, "sticheln", 3, ["human", "human", "heuristic"], seed=8)
    pages = {seat: browser(1280, 800) for seat in (0, 1)}
    for seat, driver in pages.items():
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _COUNT_NOTES_JS})
        open_table(driver, table.seat_links[seat])
    first, second = pages[0], pages[1]
    sound = first.find_element(By.ID, "sound")
    assert not sound.is_selected()  # off by default
    assert first.execute_script("return localStorage.getItem('table.sound');") is None
    sound.click()
    assert first.execute_script("return localStorage.getItem('table.sound');") == "on"
    rng = random.Random("alerts")
    made = 0  # the first seat's moves since its sound was turned on
    for _ in range(12):
        # Whichever seat may act: its title is marked; a seat that may not act is not.
        wait_for(
            first,
            lambda _: any(turn(d)["myTurn"] for d in pages.values()),
            MOVE_TIMEOUT,
            "no human seat came to act",
        )
        for seat, driver in pages.items():
            now = turn(driver)
            assert now["title"].startswith(MARK) == now["myTurn"], (seat, now)
            assert now["title"].endswith(f"– table {table.id}"), now
        seat = next(s for s, d in pages.items() if turn(d)["myTurn"])
        act(pages[seat], rng, snapshot(pages[seat]))
        made += seat == 0
    # Every turn of the first seat that began after the sound was on sounded two notes; the
    # second seat's page, its sound off, none.
    wait_for(first, lambda d: turn(d)["myTurn"], MOVE_TIMEOUT, "the first seat never acted")
    assert made >= 2
    wait_for(first, lambda d: notes(d) == 2 * made, 5, f"not {2 * made} notes: {notes(first)}")
    assert notes(second) == 0
    assert second.find_element(By.ID, "sound").is_selected() is False
    screenshot(first, screenshots / "alerts-your-turn.png")
    # The choice is kept by the browser.
    first.refresh()
    wait_for(first, lambda d: d.find_elements(By.ID, "sound"), 30, "no #sound after a reload")
    assert first.find_element(By.ID, "sound").is_selected()


def test_the_sound_control_fits_a_phone(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, "hattrick", 4, ["human"] + ["heuristic"] * 3, seed=3)
    driver = browser(375, 800, phone=True)
    open_table(driver, table.seat_links[0])
    wait_for(driver, lambda d: turn(d)["myTurn"], MOVE_TIMEOUT, "the seat never came to act")
    assert driver.title.startswith(MARK)
    control = driver.find_element(By.CSS_SELECTOR, "label.sound")
    assert control.is_displayed()
    assert control.rect["x"] + control.rect["width"] <= 375
    assert driver.execute_script("return document.documentElement.scrollWidth;") <= 375
    screenshot(driver, screenshots / "alerts-phone.png")
