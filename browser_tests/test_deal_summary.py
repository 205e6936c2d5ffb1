"""The summary of a deal: when a round (Sticheln) or hand (Hattrick, Stichling) ends, the table
shows every player's points of it with the game's explanation and the totals, until the player
dismisses it; at a pace, the next deal waits for that."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .helpers import (
    MOVE_TIMEOUT,
    PAGE_TIMEOUT,
    act,
    create_table,
    open_table,
    score_table_totals,
    screenshot,
    snapshot,
    wait_for,
    wait_my_turn_or_over,
)


def summary_shown(driver: WebDriver) -> bool:
    box = driver.find_elements(By.ID, "deal-summary")
    return bool(box and box[0].is_displayed())


@pytest.mark.parametrize(
    ("game", "preset", "players", "word"),
    [
        ("sticheln", "tiny", 3, "Round"),
        ("hattrick", "tiny", 3, "Hand"),
        ("stichling", None, 3, "Hand"),
    ],
)
def test_each_deal_ends_with_a_summary_the_player_dismisses(
    game: str,
    preset: str | None,
    players: int,
    word: str,
    base: str,
    browser: Callable[..., WebDriver],
    screenshots: Path,
) -> None:
    seats = ["human"] + ["heuristic"] * (players - 1)
    table = create_table(base, game, players, seats, preset=preset, seed=21)
    names = table.info()["names"]
    driver = browser(1280, 800)
    open_table(driver, table.seat_links[0])
    rng = random.Random(f"summary-{game}")
    shot = wait_my_turn_or_over(driver)
    for _ in range(200):
        if summary_shown(driver):
            break
        act(driver, rng, shot)
        shot = wait_my_turn_or_over(driver)
    else:
        raise AssertionError("no deal summary within 200 moves of this seat")
    screenshot(driver, screenshots / f"summary-{game}.png", at="#deal-summary")
    box = driver.find_element(By.ID, "deal-summary")
    assert box.find_element(By.TAG_NAME, "h2").text == f"{word} 1 is over"
    rows = box.find_elements(By.CSS_SELECTOR, ".deal-points tbody tr")
    assert [row.get_attribute("data-seat") for row in rows] == [str(s) for s in range(players)]
    assert [row.find_element(By.TAG_NAME, "th").text for row in rows] == [
        f"{names[0]} (you)",
        *names[1:],
    ]
    # The deal's points are the first line of the score table, the totals its last.
    first_deal = [
        cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "#scores tbody tr td")
    ][:players]
    points = [row.find_element(By.CSS_SELECTOR, ".deal-score").text for row in rows]
    assert points == first_deal, (points, first_deal)
    totals = [int(row.find_element(By.CSS_SELECTOR, ".total-score").text) for row in rows]
    assert totals == score_table_totals(driver)
    # Every seat's points explained, the player's own first and open, each item with its rule.
    explained = box.find_elements(By.CSS_SELECTOR, "details.score-explanation")
    assert [d.get_attribute("data-seat") for d in explained] == [str(s) for s in range(players)]
    assert explained[0].get_attribute("open") is not None
    for details, point in zip(explained, points, strict=True):
        summary = details.find_element(By.TAG_NAME, "summary").get_attribute("textContent")
        assert summary.endswith(f" {point}"), (summary, point)
        items = details.find_elements(By.CSS_SELECTOR, ".score-items li:not(.score-total)")
        for item in items:
            assert item.find_elements(By.CSS_SELECTOR, "a.rule"), item.get_attribute("textContent")
    driver.find_element(By.ID, "deal-summary-close").click()
    wait_for(driver, lambda d: not summary_shown(d), PAGE_TIMEOUT, "the summary stayed")


def test_at_a_pace_the_next_deal_waits_for_the_summary(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, "sticheln", 4, ["human"] + ["heuristic"] * 3, seed=22)
    driver = browser(1280, 800)
    open_table(driver, table.seat_links[0])
    rng = random.Random("summary-hold")
    shot = wait_my_turn_or_over(driver)
    while len(shot.hand) != 1 or not shot.legal:
        act(driver, rng, shot)
        shot = wait_my_turn_or_over(driver)
    # The points of the round so far, where round 1's line will be.
    running = driver.find_elements(By.CSS_SELECTOR, "#scores tbody tr.deal-so-far")
    assert len(running) == 1
    assert running[0].find_element(By.TAG_NAME, "th").text == "1 (now)"
    assert len(running[0].find_elements(By.TAG_NAME, "td")) == 4
    # The last card of round 1, played at the default pace.
    Select(driver.find_element(By.ID, "speed")).select_by_value("normal")
    act(driver, rng, shot)
    wait_for(driver, summary_shown, MOVE_TIMEOUT, "no summary after the round's last card")
    assert driver.switch_to.active_element.get_attribute("id") == "deal-summary-close"
    running = driver.find_element(By.CSS_SELECTOR, "#scores tbody tr.deal-so-far")
    assert running.find_element(By.TAG_NAME, "th").text == "2 (now)"
    assert [cell.text for cell in running.find_elements(By.TAG_NAME, "td")] == ["0"] * 4
    held = snapshot(driver).moves
    time.sleep(2.5)  # the bots choose their pain cards for round 2 meanwhile
    assert snapshot(driver).moves == held, "the next round went on under the summary"
    screenshot(driver, screenshots / "summary-held.png")
    driver.find_element(By.ID, "deal-summary-close").click()
    wait_for(
        driver,
        lambda d: (snapshot(d).moves or 0) > (held or 0),
        MOVE_TIMEOUT,
        "the next round never went on after the summary was dismissed",
    )
