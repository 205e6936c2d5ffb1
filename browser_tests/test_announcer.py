"""What a screen reader hears at the table: one live region for the game, #announcer, that says
the events of each move as the page shows it and when it is the reader's turn, in short
sentences with the reader named "you"; the table, the last trick and the status line are
redrawn at every move and are no live regions. (The chat's log is one too: lines are only
added to it, and a reader hears each new one.)"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import act, create_table, open_table, screenshot, wait_my_turn_or_over

_ANNOUNCED_JS = """
return [...document.querySelectorAll("#announcer p")].map((p) => p.textContent);
"""

_LIVE_JS = """
return [...document.querySelectorAll("[aria-live], [role=status], [role=log], [role=alert]")]
  .map((node) => node.id + ":" + (node.getAttribute("aria-live") || node.getAttribute("role")));
"""

_WATCH_JS = """
window.heard = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) window.heard.push(node.textContent);
  }
}).observe(document.getElementById("announcer"), {childList: true});
"""


def test_only_the_events_of_each_move_are_announced(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(
        base, "sticheln", 4, ["human"] + ["heuristic"] * 3, names=["Ada", None, None, None], seed=5
    )
    driver = browser(1280, 800)
    open_table(driver, table.seat_links[0])
    assert sorted(driver.execute_script(_LIVE_JS)) == [
        "announcer:polite",
        "chat-log:polite",
        "error:alert",
    ]
    announcer = driver.find_element(By.ID, "announcer")
    assert announcer.get_attribute("role") == "log"
    assert not announcer.is_displayed() or announcer.size["width"] <= 1  # read, not drawn
    driver.execute_script(_WATCH_JS)
    rng = random.Random("announcer")
    played: list[str] = []
    shot = wait_my_turn_or_over(driver)
    for _ in range(6):  # the pain card, then five cards: a trick is taken on the way
        before = set(shot.hand)
        after = act(driver, rng, shot)
        played += sorted(before - set(after.hand))
        shot = wait_my_turn_or_over(driver)
    heard: list[str] = driver.execute_script("return window.heard;")
    screenshot(driver, screenshots / "announcer-table.png")
    bots = "|".join(re.escape(f"Bot {seat} (heuristic)") for seat in (2, 3, 4))
    line = re.compile(
        rf"Your turn\.|You (chose \w+ as pain card|played \w+)\.|({bots}) "
        rf"(chose a pain card|played \w+)\.|Pain cards: .+\.|"
        rf"(You|{bots}) took the trick \(.+\): .+\."
    )
    for text in heard:
        assert line.fullmatch(text), text
        assert "(you)" not in text, text
        assert "ST-" not in text, text  # no rule IDs read out
    assert heard.count("Your turn.") == 6
    mine = re.compile(r"You (?:chose (\w+) as pain card|played (\w+))\.")
    said = [found.group(1) or found.group(2) for found in map(mine.fullmatch, heard) if found]
    assert said == played
    assert sum(text.startswith("You played ") for text in heard) == 5
    assert any(" took the trick " in text for text in heard), heard
    assert sum(re.match(rf"({bots}) played ", text) is not None for text in heard) >= 12
    # The region keeps the last few sentences only; the log keeps them all.
    kept = driver.execute_script(_ANNOUNCED_JS)
    assert 0 < len(kept) <= 8
    assert kept == heard[-len(kept) :]
