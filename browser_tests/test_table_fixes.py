"""What the table and the lobby got wrong once, each seen as a player sees it: Hattrick's last
turn when a hand ends, the lobby's main button under the pointer, and the overlapping
numbers of the score chart (checked at the end of every game in ``test_games.py``, with the
empty table area of a finished game)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import (
    PAGE_TIMEOUT,
    act,
    create_table,
    open_table,
    screenshot,
    wait_for,
    wait_my_turn_or_over,
)

_COLORS_JS = """
const style = getComputedStyle(arguments[0]);
return [style.color, style.backgroundColor];
"""


def _rgb(css: str) -> tuple[float, float, float]:
    """The channels of a computed ``rgb(...)``/``rgba(...)`` colour, from 0 to 1."""
    inside = css[css.index("(") + 1 : css.index(")")]
    red, green, blue = (float(part) / 255 for part in inside.split(",")[:3])
    return red, green, blue


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two computed colours."""

    def luminance(css: str) -> float:
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in _rgb(css)]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_of_known_colours() -> None:
    assert round(contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)"), 1) == 21.0
    assert contrast("rgb(255, 255, 255)", "rgba(239, 236, 226, 1)") < 1.2


def test_the_lobby_create_button_stays_readable_under_the_pointer(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    driver = browser(1280, 800)
    driver.get(f"{base}/")
    button = wait_for(
        driver,
        lambda d: d.find_elements(By.ID, "create") and d.find_element(By.ID, "create"),
        PAGE_TIMEOUT,
        "the lobby has no button#create",
    )
    text, background = driver.execute_script(_COLORS_JS, button)
    assert contrast(text, background) >= 4.5, (text, background)
    ActionChains(driver).move_to_element(button).perform()
    hovered = wait_for(
        driver,
        lambda d: (now := d.execute_script(_COLORS_JS, button))[1] != background and now,
        PAGE_TIMEOUT,
        "button#create does not change colour under the pointer",
    )
    assert contrast(*hovered) >= 4.5, f"button#create under the pointer: {hovered}"
    screenshot(driver, screenshots / "lobby-create-hover.png", at="#create")


def test_hattrick_last_turn_names_the_leader_of_the_new_hand(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    """When the last turn of a hand ends, "Last turn" tells of the hand just dealt and who
    leads it (HT-LEAD-1), as the table does, not of a next turn of the hand that ended."""
    table = create_table(base, "hattrick", 4, ["human"] + ["heuristic"] * 3, seed=5)
    driver = browser(1280, 800)
    open_table(driver, table.seat_links[0])
    rng = random.Random("hattrick-last-turn")
    heading = "#table-area h2"
    shot = wait_my_turn_or_over(driver)
    for _ in range(40):
        if driver.find_element(By.CSS_SELECTOR, heading).text.startswith("Hand 2 "):
            break
        act(driver, rng, shot)
        shot = wait_my_turn_or_over(driver)
    else:
        raise AssertionError("hand 2 never began in 40 moves of this seat")
    note = driver.find_element(By.CSS_SELECTOR, "#table-area .phase-note").text
    # "Turn 1, led by Bot 3 (heuristic)."
    leader = note.removeprefix("Turn 1, led by ").removesuffix(".")
    assert leader != note, note
    last = driver.find_element(By.ID, "last-trick").text
    screenshot(driver, screenshots / "hattrick-new-hand.png", at="#last-trick")
    assert f"Hand 2 begins; {leader} leads." in last, last
    assert "leads the next turn" not in last, last
