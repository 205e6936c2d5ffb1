"""The move timer and the chat of a table, as people see them: the countdown every page
shows, the seat a bot plays once its time ran out and the button that takes it back; the
chat's lines as text (an HTML payload runs nothing), spectators reading only, the lines kept
for a page that joins again; and the lobby's choice of a timer."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .helpers import (
    MOVE_TIMEOUT,
    PAGE_TIMEOUT,
    _click,
    act,
    create_table,
    create_via_form,
    open_table,
    screenshot,
    wait_for,
    wait_joined,
)

PAYLOAD = '<img src=x onerror="window.__owned = 1"><b id="bold">bold</b>'


def seconds_shown(text: str) -> int:
    """The seconds of a countdown's ``m:ss``."""
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


_CLOCK_JS = """
return [...document.querySelectorAll("#move-clock .clock-seat")].map(
  (item) => [Number(item.dataset.seat), item.querySelector(".clock-time").textContent]);
"""


def clock_times(driver: WebDriver) -> dict[int, int]:
    """The seconds each timed seat has left, as ``#move-clock`` shows them (read in one
    script: the box is drawn again at every ``clock`` message)."""
    return {seat: seconds_shown(text) for seat, text in driver.execute_script(_CLOCK_JS)}


def test_the_timer_counts_down_hands_the_seat_to_a_bot_and_gives_it_back(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    # Four people at Hattrick, one of them here: each seat that runs out of time is played
    # by a bot from then on, so the game goes on without the three who never came.
    table = create_table(base, "hattrick", 4, ["human"] * 4, seed=21, move_time=8)
    player = browser(1280, 900)
    open_table(player, table.seat_links[0])
    first = wait_for(player, clock_times, PAGE_TIMEOUT, "#move-clock never showed a seat's time")
    ((seat, left),) = first.items()
    assert 0 <= left <= 8
    text = player.find_element(By.ID, "move-clock").text
    assert "left to move" in text, text
    # The countdown runs on the page between the server's messages.
    wait_for(
        player,
        lambda d: 0 <= clock_times(d).get(seat, 99) < left,
        3.0,
        "the countdown did not count down",
    )
    # Every page shows it, the spectator's too.
    watcher = browser(1280, 900)
    open_table(watcher, table.spectator)
    wait_for(watcher, clock_times, PAGE_TIMEOUT, "the spectator saw no seat's time")
    # Seat 0 runs out of time in its turn: a bot plays it, and its page offers it back.
    wait_for(
        player,
        lambda d: d.find_elements(By.ID, "take-back"),
        60.0,
        "the seat's time never ran out",
    )
    assert "A bot plays your seat" in player.find_element(By.ID, "move-clock").text
    wait_for(
        watcher,
        lambda d: d.find_elements(By.CSS_SELECTOR, '#move-clock .clock-bot[data-seat="0"]'),
        PAGE_TIMEOUT,
        "the spectator never read that a bot plays seat 0",
    )
    assert "played by a bot" in watcher.find_element(By.ID, "move-clock").text
    screenshot(player, screenshots / "move-timer-bot.png", at="#move-clock")
    # The button is drawn again with every clock message: click the one shown now.
    wait_for(player, lambda d: _click(d, "#take-back"), PAGE_TIMEOUT, "#take-back not clicked")
    wait_for(
        player,
        lambda d: (
            not d.find_elements(By.ID, "take-back")
            and not d.find_elements(By.CSS_SELECTOR, '#move-clock .clock-bot[data-seat="0"]')
        ),
        PAGE_TIMEOUT,
        "the seat was not given back",
    )
    # Back in control: at its next turn the seat's own time runs, and it moves itself.
    wait_for(
        player,
        lambda d: d.find_elements(By.CSS_SELECTOR, "#move-clock .clock-seat.mine"),
        MOVE_TIMEOUT,
        "the seat's own time never ran again",
    )
    assert "You: " in player.find_element(By.ID, "move-clock").text
    act(player, random.Random("timer"))
    assert not player.find_elements(By.ID, "take-back")


def test_chat_lines_are_text_spectators_read_only_and_a_rejoining_seat_reads_them(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, "stichling", 2, ["human", "human"], names=["Ann", None])
    ann = browser(1280, 900)
    other = browser(1280, 900)
    watcher = browser(1280, 900)
    open_table(ann, table.seat_links[0])
    open_table(other, table.seat_links[1])
    open_table(watcher, table.spectator)
    for driver in (ann, other):
        assert driver.find_element(By.ID, "chat-form").is_displayed()
    # A spectator reads, and has nothing to write with.
    assert not watcher.find_element(By.ID, "chat-form").is_displayed()
    note = watcher.find_element(By.ID, "chat-note")
    assert note.is_displayed()
    assert "Spectators read the chat" in note.text

    box = ann.find_element(By.ID, "chat-input")
    assert box.get_attribute("maxlength") == "200"
    box.send_keys(PAYLOAD)
    ann.find_element(By.ID, "chat-send").click()
    box.send_keys("good luck")
    ann.find_element(By.ID, "chat-send").click()
    for driver in (ann, other, watcher):
        wait_for(
            driver,
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#chat-log li")) == 2,
            PAGE_TIMEOUT,
            "the chat lines never arrived",
        )
        lines = driver.find_elements(By.CSS_SELECTOR, "#chat-log li")
        assert lines[0].text == f"Ann: {PAYLOAD}"
        assert lines[1].text == "Ann: good luck"
        # The payload is text: no element was made of it, and its handler never ran.
        assert not driver.find_elements(By.CSS_SELECTOR, "#chat-log img, #chat-log b, #bold")
        assert driver.execute_script("return window.__owned === undefined")
    other.find_element(By.ID, "chat-input").send_keys("thanks\u0007")
    other.find_element(By.ID, "chat-send").click()
    wait_for(
        ann,
        lambda d: d.find_elements(By.CSS_SELECTOR, '#chat-log li[data-seat="1"]'),
        PAGE_TIMEOUT,
        "the other seat's line never arrived",
    )
    assert ann.find_element(By.CSS_SELECTOR, '#chat-log li[data-seat="1"]').text == (
        "Player 2: thanks"
    )
    screenshot(ann, screenshots / "chat.png", at="#chat")
    # A page that joins again reads the lines so far.
    other.refresh()
    wait_joined(other)
    wait_for(
        other,
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#chat-log li")) == 3,
        PAGE_TIMEOUT,
        "the rejoining page did not read the chat so far",
    )
    assert other.find_elements(By.CSS_SELECTOR, "#chat-log li")[2].text == "Player 2: thanks"


def test_the_lobby_offers_a_move_timer_off_by_default(
    base: str, browser: Callable[..., WebDriver]
) -> None:
    driver = browser(1280, 900)
    driver.get(f"{base}/")
    select = wait_for(
        driver,
        lambda d: (
            d.find_elements(By.CSS_SELECTOR, 'select#move-time option[value="60"]')
            and d.find_element(By.ID, "move-time")
        ),
        PAGE_TIMEOUT,
        "the lobby offered no move timer",
    )
    chosen = Select(select)
    assert chosen.first_selected_option.text == "Off"
    assert [option.text for option in chosen.options] == [
        "Off",
        "15 s a move",
        "30 s a move",
        "1 min a move",
        "2 min a move",
        "5 min a move",
    ]
    untimed = create_via_form(driver, base, "stichling", 2, ["human", "human"])
    assert untimed.info()["move_time"] is None
    timed = create_via_form(driver, base, "stichling", 2, ["human", "human"], move_time=60)
    assert timed.info()["move_time"] == 60.0
