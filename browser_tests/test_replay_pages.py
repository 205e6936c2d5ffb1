"""The replay page of a long game fetches every move at once and what the table showed page
by page: the page of the move it opens at (and the next one, ahead), never the whole
game; the frames it draws are those of the whole replay document."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import PAGE_TIMEOUT, create_table, screenshot, wait_for

_FETCHED_JS = """
return performance.getEntriesByType("resource").map((entry) => entry.name)
  .filter((name) => name.includes("/api/"));
"""


def hands_shown(driver: WebDriver) -> set[str]:
    return {
        node.get_attribute("data-card") or ""
        for node in driver.find_elements(By.CSS_SELECTOR, "#hands [data-card]")
    }


def test_a_long_replay_opens_at_a_move_with_the_pages_it_needs(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, "sticheln", 4, ["random"] * 4, seed=17)
    deadline = time.monotonic() + 120
    while table.info()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish in 120 s"
        time.sleep(0.2)
    document = table.replay_document()
    last = len(document["frames"]) - 1
    assert last > 100
    driver = browser(1280, 800)
    driver.get(f"{table.replay}#move=65")
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "replay-step").text == f"move 65 of {last}",
        PAGE_TIMEOUT,
        "the replay did not open at move 65",
    )
    assert hands_shown(driver) == {
        card for hand in document["frames"][65]["hands"] for card in hand
    }
    move = driver.find_element(By.ID, "replay-move").text
    assert move.endswith(document["frames"][65]["text"]), move
    screenshot(driver, screenshots / "replay-long.png")
    prefix = f"{base}/api/tables/{table.id}/replay"
    fetched = driver.execute_script(_FETCHED_JS)
    assert f"{prefix}/moves" in fetched
    assert f"{prefix}/frames?from=60&count=20" in fetched
    assert f"{prefix}/frames?from=80&count=20" in fetched  # the next page, ahead
    assert prefix not in fetched  # never the whole document
    assert len([name for name in fetched if "/frames?" in name]) == 2
    # The last move, with the keyboard: its page is fetched when it is reached.
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "replay-step").text == f"move {last} of {last}",
        PAGE_TIMEOUT,
        "End did not show the last move",
    )
    final = document["frames"][-1]
    assert hands_shown(driver) == {card for hand in final["hands"] for card in hand}
    totals = [int(cell.text) for cell in driver.find_elements(By.CSS_SELECTOR, "#scores tfoot td")]
    assert totals == final["scores"]
    assert not driver.find_element(By.ID, "error").text
