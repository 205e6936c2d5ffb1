"""The analysis of a seat in the replay: a quick game of bots is finished, the replay page
asks the server for the analysis of one seat, and then shows, beside each analysed move, its
expected loss and the better moves, and a chart of the expected scores whose points (mouse or
keyboard) lead to their moves; at 1280 px and at 375 px."""

from __future__ import annotations

import time
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .helpers import PAGE_TIMEOUT, NewTable, create_table, http_json, screenshot, wait_for

ANALYSIS_TIMEOUT = 90.0
"""Seconds the analysis of a seat of a tiny game may take on a loaded machine (a few
decisions, the server's default budget of 0.5 s each)."""


def finished_table(base: str, game: str, seed: int) -> NewTable:
    """A table of three bots playing the game's tiny rules at random, once it is over."""
    table = create_table(base, game, 3, ["random"] * 3, preset="tiny", seed=seed)
    deadline = time.monotonic() + PAGE_TIMEOUT
    while not table.info()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return table


def open_replay(driver: WebDriver, table: NewTable) -> None:
    driver.get(table.replay)
    wait_for(
        driver,
        lambda d: (
            d.find_element(By.ID, "analysis").is_displayed()
            and d.find_element(By.ID, "analysis-status").text
        ),
        PAGE_TIMEOUT,
        "the analysis control did not appear",
    )


def analyse_seat(driver: WebDriver, seat: int) -> None:
    """Choose ``seat`` and press "Analyse seat N"; wait for the result."""
    Select(driver.find_element(By.ID, "analysis-seat")).select_by_value(str(seat))
    button = driver.find_element(By.ID, "analysis-button")
    wait_for(
        driver,
        lambda d: button.text == f"Analyse seat {seat + 1}" and button.is_enabled(),
        PAGE_TIMEOUT,
        f"no 'Analyse seat {seat + 1}' button",
    )
    assert "is not analysed yet" in driver.find_element(By.ID, "analysis-status").text
    button.click()
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "analysis-result").is_displayed(),
        ANALYSIS_TIMEOUT,
        "the analysis did not finish",
    )


def analysis_of(table: NewTable, seat: int) -> dict[str, Any]:
    status, answer = http_json(f"{table.base}/api/tables/{table.id}/analysis?seat={seat}")
    assert status == 200, (status, answer)
    assert answer["status"] == "done", answer
    result: dict[str, Any] = answer["analysis"]
    return result


def fixed(value: float) -> str:
    """``value`` with one decimal as JavaScript's ``toFixed(1)`` writes it: a value exactly
    halfway (2.25, a mean of worlds' whole scores) rounds up, where Python's format rounds to
    even ("2.2")."""
    return str(Decimal(value).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def points(value: float) -> str:
    """A score as the page writes it."""
    text = fixed(abs(value))
    if text == "0.0":
        return text
    return ("+" if value > 0 else "\N{MINUS SIGN}") + text


def step_text(driver: WebDriver) -> str:
    return str(driver.find_element(By.ID, "replay-step").text)


def note_text(driver: WebDriver) -> str:
    note = driver.find_element(By.ID, "move-analysis")
    return str(note.text) if note.is_displayed() else ""


def check_note(driver: WebDriver, decision: dict[str, Any]) -> None:
    """The note beside the move of ``decision``: its loss and the better moves, in words."""
    means = {move["text"]: move["mean"] for move in decision["moves"]}
    played = decision["played_text"]
    wait_for(driver, lambda d: note_text(d), PAGE_TIMEOUT, "no note beside the analysed move")
    note = note_text(driver)
    assert f"Expected loss {fixed(decision['loss'])} points" in note, note
    assert f"Played {played}: expected {points(means[played])}" in note, note
    better = " or ".join(decision["best"])
    assert f"Better: {better}, expected {points(max(means.values()))}." in note, note


# Seed 21 deals a game of the tiny rules where the third seat's first card (move 3) costs
# it about two points in expectation; the first seat's first move in Hattrick costs one.
@pytest.mark.parametrize(("game", "seat"), [("sticheln", 2), ("hattrick", 0)])
def test_the_replay_shows_the_analysis_of_a_seat(
    game: str, seat: int, base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = finished_table(base, game, 21)
    moves = table.info()["moves"]
    driver = browser(1280, 800)
    open_replay(driver, table)
    analyse_seat(driver, seat)
    result = analysis_of(table, seat)
    decisions = result["decisions"]
    costly = [d for d in decisions if d["loss"] > 0]
    assert costly, decisions
    # The chart: one point per decision, each a link to its move, saying what it shows.
    chart = driver.find_element(By.ID, "analysis-chart")
    assert chart.is_displayed()
    marks = chart.find_elements(By.CSS_SELECTOR, "a.analysis-point")
    assert [int(a.get_attribute("data-move")) for a in marks] == [d["number"] for d in decisions]
    for mark, decision in zip(marks, decisions, strict=True):
        assert mark.get_dom_attribute("href") == f"#move={decision['number']}"
        label = mark.get_attribute("aria-label")
        assert label.startswith(f"Move {decision['number']}: played {decision['played_text']}")
    for line in ("analysis-played-line", "analysis-best-line"):
        drawn = chart.find_element(By.CSS_SELECTOR, f"polyline.{line}").get_attribute("points")
        assert len(drawn.split()) == len(decisions)
    legend = driver.find_element(By.ID, "analysis-legend").text
    assert "the move played (circles)" in legend
    assert "the best move (squares)" in legend
    summary = driver.find_element(By.ID, "analysis-summary").text
    assert f"expected points lost by the moves played: {fixed(result['total_loss'])}" in summary
    screenshot(driver, screenshots / f"analysis-{game}-1280.png", at="#analysis")
    # A point of the chart, reached by the keyboard, leads to its move and its note.
    decision = costly[0]
    point = chart.find_element(
        By.CSS_SELECTOR, f"a.analysis-point[data-move='{decision['number']}']"
    )
    focused = driver.execute_script(
        "arguments[0].focus(); return document.activeElement === arguments[0];", point
    )
    assert focused, "the chart's point takes no focus"
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for(
        driver,
        lambda d: step_text(d) == f"move {decision['number']} of {moves}",
        PAGE_TIMEOUT,
        "the point did not lead to its move",
    )
    check_note(driver, decision)
    assert point.get_attribute("aria-current") == "step"
    screenshot(driver, screenshots / f"analysis-{game}-move-1280.png")
    # A move of another seat has no note.
    other = next(
        n
        for n, f in enumerate(table.replay_document()["frames"])
        if f["player"] not in (None, seat)
    )
    driver.execute_script(f"location.hash = '#move={other}';")
    wait_for(driver, lambda d: step_text(d) == f"move {other} of {moves}", PAGE_TIMEOUT, "no step")
    assert note_text(driver) == ""
    # Loaded again, the page shows the analysis the server keeps, and starts none.
    driver.get(f"{table.replay}#move={decision['number']}")
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "analysis-result").is_displayed(),
        PAGE_TIMEOUT,
        "the kept analysis was not shown",
    )
    assert Select(driver.find_element(By.ID, "analysis-seat")).first_selected_option.get_attribute(
        "value"
    ) == str(seat)
    assert not driver.find_element(By.ID, "analysis-button").is_displayed()
    check_note(driver, decision)


def test_the_analysis_reads_at_phone_width(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = finished_table(base, "sticheln", 21)
    driver = browser(375, 800, phone=True)
    open_replay(driver, table)
    analyse_seat(driver, 2)
    result = analysis_of(table, 2)
    width = driver.execute_script("return document.documentElement.clientWidth")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    chart = driver.find_element(By.ID, "analysis-chart")
    section = driver.find_element(By.ID, "analysis")
    assert chart.rect["x"] >= section.rect["x"]
    assert chart.rect["x"] + chart.rect["width"] <= section.rect["x"] + section.rect["width"]
    screenshot(driver, screenshots / "analysis-sticheln-375.png", at="#analysis")
    # The costliest move, from the list under the summary.
    costliest = result["costly"][0]
    decision = next(d for d in result["decisions"] if d["number"] == costliest)
    link = driver.find_element(By.CSS_SELECTOR, ".analysis-costly a")
    assert link.text == f"Move {costliest}"
    link.click()
    wait_for(
        driver,
        lambda d: step_text(d).startswith(f"move {costliest} of "),
        PAGE_TIMEOUT,
        "the costliest move was not shown",
    )
    check_note(driver, decision)
    screenshot(driver, screenshots / "analysis-sticheln-move-375.png", at="#frame")
