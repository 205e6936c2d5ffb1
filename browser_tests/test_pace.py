"""The pace of the table page: at the default speed the bots' cards come one after another
(never two in the same frame of the page), a completed trick stays on the table with who took
it before it goes, and the cards move unless the reader asked for less motion; at "instant"
every move is shown as it comes, and the speed chosen is kept by the browser."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .conftest import SPEED_KEY
from .helpers import (
    MOVE_TIMEOUT,
    act,
    create_table,
    open_table,
    screenshot,
    snapshot,
    wait_for,
    wait_my_turn_or_over,
)

# Every frame the page paints, what it shows: the cards on the table, the cards of the hand,
# whether a completed trick is shown, and whether a card or trick is moving.
_RECORD_JS = """
window.frames_seen = [];
let last = "";
function tick() {
  const names = (selector) => [...document.querySelectorAll(selector)].map((n) => n.dataset.card);
  const table = names("#table-area [data-card]");
  const hand = names("#hand [data-card]");
  const taken = document.querySelector("#table-area .trick-taken");
  const moving = document.getAnimations().some((a) => a.effect && a.effect.target
    && a.effect.target.closest("#table-area")
    && a.effect.getKeyframes().some((k) => k.transform && k.transform !== "none"));
  const frame = {t: performance.now(), table, hand, taken: taken ? taken.textContent : "", moving};
  const key = JSON.stringify([table, hand, frame.taken, moving]);
  if (key !== last) window.frames_seen.push(frame);
  last = key;
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);
"""

HUMAN_MOVES = 4
"""The moves of the human seat watched (each followed by three bots' cards)."""


def bot_cards_per_frame(frames: list[dict[str, Any]]) -> list[tuple[float, list[str]]]:
    """For each frame that shows cards new on the table that were not in the hand of the
    frame before (the bots' cards), its time and those cards."""
    found = []
    for before, now in itertools.pairwise(frames):
        new = [
            card
            for card in now["table"]
            if card not in before["table"] and card not in before["hand"]
        ]
        if new:
            found.append((now["t"], new))
    return found


def test_bot_cards_per_frame_of_known_frames() -> None:
    frames = [
        {"t": 0.0, "table": [], "hand": ["R1", "R2"]},
        {"t": 10.0, "table": ["R1"], "hand": ["R2"]},
        {"t": 20.0, "table": ["R1", "G3", "B4"], "hand": ["R2"]},
        {"t": 30.0, "table": ["R1", "G3", "B4"], "hand": ["R2"]},
    ]
    assert bot_cards_per_frame(frames) == [(20.0, ["G3", "B4"])]


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_bot_cards_come_one_at_a_time_at_the_default_speed(
    reduced: bool, base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, "sticheln", 4, ["human"] + ["heuristic"] * 3, seed=11)
    driver = browser(1280, 800, speed=None)
    if reduced:
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
        )
    open_table(driver, table.seat_links[0])
    assert Select(driver.find_element(By.ID, "speed")).first_selected_option.text == "Normal"
    driver.execute_script(_RECORD_JS)
    rng = random.Random("pace")
    shot = wait_my_turn_or_over(driver)
    trick_shown = False
    for _ in range(HUMAN_MOVES + 1):  # the pain card, then cards
        act(driver, rng, shot)
        if not trick_shown:
            # Until this seat is to act again, the trick may be shown taken: a screenshot.
            trick_shown = wait_for(
                driver,
                lambda d: (
                    bool(d.find_elements(By.CSS_SELECTOR, "#table-area .trick-taken"))
                    or snapshot(d).my_turn
                ),
                MOVE_TIMEOUT,
                "the seat was never to act again",
            ) and bool(driver.find_elements(By.CSS_SELECTOR, "#table-area .trick-taken"))
            if trick_shown:
                name = f"pace-trick-taken{'-reduced' if reduced else ''}.png"
                screenshot(driver, screenshots / name)
        shot = wait_my_turn_or_over(driver)
    frames = driver.execute_script("return window.frames_seen;")
    arrivals = bot_cards_per_frame(frames)
    assert len(arrivals) >= 3 * (HUMAN_MOVES - 1), arrivals
    for at, cards in arrivals:
        assert len(cards) == 1, f"bot cards {cards} appeared in the same frame (at {at:.0f} ms)"
    # About 0.65 s a card: never two of them within 0.4 s.
    gaps = [later - earlier for (earlier, _), (later, _) in itertools.pairwise(arrivals)]
    assert min(gaps) >= 400, gaps
    taken = [frame["taken"] for frame in frames if frame["taken"]]
    assert taken, "no completed trick was shown on the table"
    assert any("took the trick" in text or "set aside" in text for text in taken), taken
    moving = any(frame["moving"] for frame in frames)
    assert moving is not reduced, "cards moved" if moving else "no card moved"


def test_instant_shows_every_move_at_once_and_is_kept(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, "hattrick", 4, ["human"] + ["heuristic"] * 3, seed=12)
    driver = browser(1280, 800, speed=None)
    open_table(driver, table.seat_links[0])
    Select(driver.find_element(By.ID, "speed")).select_by_visible_text("Instant")
    assert driver.execute_script(f"return localStorage.getItem('{SPEED_KEY}');") == "instant"
    # The choice is the browser's: a reload, and another table, keep it.
    open_table(driver, table.spectator)
    assert Select(driver.find_element(By.ID, "speed")).first_selected_option.text == "Instant"
    open_table(driver, table.seat_links[0])
    driver.execute_script(_RECORD_JS)
    rng = random.Random("instant")
    shot = wait_my_turn_or_over(driver)
    for _ in range(8):
        act(driver, rng, shot)
        shot = wait_my_turn_or_over(driver)
    frames = driver.execute_script("return window.frames_seen;")
    assert not any(frame["taken"] for frame in frames), "a trick was held on the table"
    assert not any(frame["moving"] for frame in frames), "a card moved"
    screenshot(driver, screenshots / "pace-instant.png")
