"""A rematch after game over: a player presses "Rematch with the same seats" and goes to a new
table with the same game, rules, seats and names, at their own seat; a spectator of the
finished table is given the link to watch it."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import (
    PAGE_TIMEOUT,
    create_table,
    open_table,
    play_to_end,
    screenshot,
    snapshot,
    wait_for,
    wait_joined,
)


def test_a_player_starts_a_rematch_with_the_same_seats(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    seats = ["human", "heuristic", "random"]
    table = create_table(base, "sticheln", 3, seats, preset="tiny", names=["Ada", None, None])
    player, spectator = browser(1280, 800), browser(1280, 800)
    open_table(player, table.seat_links[0])
    open_table(spectator, table.spectator)
    play_to_end({0: player}, random.Random("rematch"))
    button = wait_for(
        player,
        lambda d: (
            d.find_element(By.ID, "rematch").is_displayed() and d.find_element(By.ID, "rematch")
        ),
        PAGE_TIMEOUT,
        "no #rematch button after game over",
    )
    assert not spectator.find_element(By.ID, "rematch").is_displayed()  # a seat asks
    screenshot(player, screenshots / "rematch-game-over.png", at="#game-over")
    button.click()
    wait_for(
        player,
        lambda d: table.id not in d.current_url,
        PAGE_TIMEOUT,
        "the page did not go to the rematch",
    )
    url = player.current_url
    new_id = url.split("/table/")[1].split("#")[0]
    assert "#seat=" in url
    shot = wait_joined(player)
    assert shot.seat == "0"
    assert shot.game == "sticheln"
    assert shot.moves is not None
    assert shot.moves < 4  # a new game
    names = [
        node.text for node in player.find_elements(By.CSS_SELECTOR, "#players .player .player-name")
    ]
    assert names == ["Ada (you)", "Bot 2 (heuristic)", "Bot 3 (random)"]
    assert player.find_element(By.ID, "title").text == "Sticheln · Ada"
    # The spectator of the finished table is given the link to watch the rematch.
    link = wait_for(
        spectator,
        lambda d: (
            d.find_element(By.ID, "rematch-link").is_displayed()
            and d.find_element(By.ID, "rematch-link")
        ),
        PAGE_TIMEOUT,
        "the spectator never saw the rematch link",
    )
    assert link.get_attribute("href") == f"{base}/table/{new_id}"
    assert "seat=" not in link.get_attribute("href")
    assert snapshot(spectator).error == ""
    announced = spectator.find_element(By.ID, "announcer").get_attribute("textContent")
    assert "A rematch with the same seats is ready" in announced
