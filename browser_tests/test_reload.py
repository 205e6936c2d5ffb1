"""A reload in the middle of a game: the seat link brings back the same hand and the same
number of moves, and the game goes on (in the same tab, and in a new browser)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import (
    MOVE_TIMEOUT,
    create_table,
    open_table,
    play_moves,
    screenshot,
    snapshot,
    wait_for,
    wait_joined,
    wait_my_turn_or_over,
)


def settled(driver: WebDriver, moves: int) -> None:
    """Wait until the page has drawn the state after ``moves`` moves with this seat to act."""
    wait_for(
        driver,
        lambda d: (s := snapshot(d)).moves == moves and s.my_turn and s.connected == "true",
        MOVE_TIMEOUT,
        f"the page did not come back to move {moves} with this seat to act",
    )


def test_reload_mid_game(base: str, browser: Callable[..., WebDriver], screenshots: Path) -> None:
    table = create_table(base, "sticheln", 4, ["human"] + ["heuristic"] * 3, seed=4242)
    link = table.seat_links[0]
    driver = browser(1280, 900)
    open_table(driver, link)
    rng = random.Random("reload")
    before = play_moves(driver, rng, 8)
    assert before.over == "false"
    assert before.my_turn
    assert before.moves is not None
    assert before.moves > 8

    driver.refresh()
    assert driver.current_url == link, "the seat link (with #seat=) is not kept on reload"
    wait_joined(driver)
    settled(driver, before.moves)
    after = snapshot(driver)
    assert after.seat == "0"
    assert after.hand == before.hand
    assert sorted(after.legal) == sorted(before.legal)
    assert driver.find_element(By.ID, "error").text == ""
    screenshot(driver, screenshots / "reload.png")

    # The game goes on: a legal card typed into #move-input, Enter sends it.
    card = after.legal[0]
    field = driver.find_element(By.ID, "move-input")
    field.send_keys(card, Keys.ENTER)
    wait_for(
        driver,
        lambda d: card not in snapshot(d).hand,
        MOVE_TIMEOUT,
        f"the typed card {card} was not played",
    )
    later = play_moves(driver, rng, 3)
    assert later.moves is not None
    assert later.moves > before.moves + 3

    # A new browser (nothing kept in it) with the seat link sees the same.
    other = browser(1280, 900)
    open_table(other, link)
    settled(other, later.moves)
    assert snapshot(other).hand == later.hand
    play_moves(other, rng, 1)
    wait_for(
        driver,
        lambda d: (snapshot(d).moves or 0) > (later.moves or 0),
        MOVE_TIMEOUT,
        "the first tab did not hear of the move made in the second",
    )
    wait_my_turn_or_over(driver)
    assert snapshot(driver).hand == snapshot(other).hand


def last_trick(driver: WebDriver) -> tuple[str, list[str]]:
    node = driver.find_element(By.ID, "last-trick")
    rules = [a.text.strip() for a in node.find_elements(By.CSS_SELECTOR, "a.rule[href]")]
    return node.text, rules


def test_reload_keeps_the_last_trick_explained(
    base: str, browser: Callable[..., WebDriver]
) -> None:
    """``#last-trick`` says who took the last trick and why (its rule IDs as ``a.rule``),
    after a reload too."""
    table = create_table(base, "sticheln", 4, ["human"] + ["heuristic"] * 3, seed=31)
    driver = browser(1280, 900)
    open_table(driver, table.seat_links[0])
    rng = random.Random("last trick")
    shot = play_moves(driver, rng, 1)
    for _ in range(20):
        if last_trick(driver)[1]:
            break
        shot = play_moves(driver, rng, 1)
    text, rules = last_trick(driver)
    assert rules, "no rule named in #last-trick after 20 moves"
    assert shot.moves is not None
    driver.refresh()
    wait_joined(driver)
    settled(driver, shot.moves)
    after_text, after_rules = last_trick(driver)
    assert after_rules == rules, (
        f"after a reload #last-trick names the rules {after_rules}, before it named {rules}:\n"
        f"before: {text!r}\nafter: {after_text!r}"
    )
