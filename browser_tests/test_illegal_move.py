"""Illegal moves: a disabled card forced clickable sends nothing; a card typed into
``#move-input`` that may not be played now brings the server's message into ``#error``,
the table stays as it was, and a legal move still works afterwards."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from websockets.sync.client import connect

from .helpers import (
    MOVE_TIMEOUT,
    NewTable,
    act,
    create_table,
    open_table,
    screenshot,
    snapshot,
    wait_for,
    wait_my_turn_or_over,
)


def server_reply(table: NewTable, seat: int, text: str) -> dict[str, object]:
    """What the server answers the seat that sends the move ``text`` over a websocket of
    its own (a seat may have several connections)."""
    token = table.seat_links[seat].split("#seat=", 1)[1]
    url = table.base.replace("http://", "ws://") + f"/ws/{table.id}"
    with connect(url, open_timeout=30, close_timeout=5) as socket:
        socket.send(json.dumps({"type": "join", "token": token}))
        for _ in range(2):  # welcome, state
            json.loads(socket.recv(timeout=30))
        socket.send(json.dumps({"type": "move", "text": text}))
        while True:
            reply = json.loads(socket.recv(timeout=30))
            if reply["type"] == "error":
                return reply  # type: ignore[no-any-return]
            assert reply["type"] != "state", f"the server took {text!r}: {reply}"


def type_move(driver: WebDriver, text: str) -> None:
    field = driver.find_element(By.ID, "move-input")
    field.clear()
    field.send_keys(text, Keys.ENTER)


def wait_error(driver: WebDriver) -> str:
    return wait_for(  # type: ignore[no-any-return]
        driver,
        lambda d: snapshot(d).error or False,
        MOVE_TIMEOUT,
        "#error stayed empty after an illegal move",
    )


def test_illegal_moves_show_the_servers_error(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    # Stichling starts with everyone laying down their victory points: no card is legal.
    table = create_table(base, "stichling", 2, ["human", "heuristic"], seed=5)
    driver = browser(1280, 900)
    open_table(driver, table.seat_links[0])
    before = wait_my_turn_or_over(driver)
    assert before.over == "false"
    assert before.choices, "no arrangement of the victory points is offered"
    assert before.hand
    assert not before.legal
    assert sorted(before.disabled) == sorted(before.hand), "cards not disabled though not legal"
    error_box = driver.find_element(By.ID, "error")
    assert error_box.get_attribute("role") == "alert"

    # A disabled card made clickable: the page sends no move.
    card = before.hand[0]
    button = driver.find_element(By.CSS_SELECTOR, f'#hand button.card[data-card="{card}"]')
    driver.execute_script("arguments[0].disabled = false;", button)
    button.click()

    # A card of the hand typed in to open a trick while no card may be played yet: the
    # server refuses it. The
    # server answers in order, so had the click above sent a move, its answer came first.
    type_move(driver, f"{card}+")
    shown = wait_error(driver)
    expected = server_reply(table, 0, f"{card}+")
    assert expected["code"] == "illegal-move", expected
    assert shown == expected["message"]
    screenshot(driver, screenshots / "illegal-move.png")
    after = snapshot(driver)
    assert after.moves == before.moves
    assert sorted(after.hand) == sorted(before.hand)
    assert sorted(after.choices) == sorted(before.choices)

    # Not a card at all: the server's invalid-move message.
    type_move(driver, "Z9")
    wait_for(
        driver,
        lambda d: snapshot(d).error != shown,
        MOVE_TIMEOUT,
        "#error did not change for the next bad move",
    )
    expected = server_reply(table, 0, "Z9")
    assert expected["code"] == "invalid-move", expected
    assert snapshot(driver).error == expected["message"]
    assert snapshot(driver).moves == before.moves

    # A legal move still works, and clears the error.
    moved = act(driver, random.Random(1), snapshot(driver))
    assert moved.moves is not None
    assert before.moves is not None
    assert moved.moves > before.moves
    assert moved.error == ""

    # Later, in play: a card that is not in the hand, typed in.
    shot = wait_my_turn_or_over(driver)
    assert shot.legal
    foreign = next(
        f"{colour}{value}+"
        for colour in "RYGB"
        for value in range(1, 7)
        if f"{colour}{value}" not in shot.hand
    )
    type_move(driver, foreign)
    shown = wait_error(driver)
    expected = server_reply(table, 0, foreign)
    assert expected["code"] == "illegal-move", expected
    assert shown == expected["message"]
    assert snapshot(driver).moves == shot.moves
    after = act(driver, random.Random(3), snapshot(driver))
    assert after.error == ""
    assert (after.moves or 0) > (shot.moves or 0) or after.selected
