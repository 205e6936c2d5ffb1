"""Phone width (375 x 800, a touch screen): the hand is shown and the page never scrolls
sideways, for the table of each game and the lobby."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import PAGE_TIMEOUT, act, create_table, open_table, play_moves, screenshot, wait_for

WIDTH = 375
TOLERANCE = 2

_GEOMETRY_JS = """
const cards = [...document.querySelectorAll("#hand button.card")];
return {
  inner: window.innerWidth,
  scroll: document.documentElement.scrollWidth,
  body: document.body.scrollWidth,
  cards: cards.map((b) => {
    const r = b.getBoundingClientRect();
    const value = b.querySelector(".card-value") || b;
    return {card: b.dataset.card, left: r.left, right: r.right, width: r.width, height: r.height,
            font: parseFloat(getComputedStyle(value).fontSize)};
  }),
  wide: [...document.body.querySelectorAll("*")]
    .filter((n) => n.getBoundingClientRect().right > window.innerWidth + TOLERANCE
                   && getComputedStyle(n).position !== "fixed" && n.getClientRects().length
                   && !n.closest(".table-scroll"))
    .slice(0, 5).map((n) => n.tagName + (n.id ? "#" + n.id : "") + "." + n.className),
};
""".replace("TOLERANCE", str(TOLERANCE))


# The words of the score table's cells that are drawn on more than one line ("Roun" / "d").
_BROKEN_WORDS_JS = """
const broken = [];
for (const cell of document.querySelectorAll("#scores th, #scores td")) {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
}
return broken;
"""


def broken_words(driver: WebDriver) -> list[str]:
    return driver.execute_script(_BROKEN_WORDS_JS)  # type: ignore[no-any-return]


def geometry(driver: WebDriver) -> dict[str, object]:
    return driver.execute_script(_GEOMETRY_JS)  # type: ignore[no-any-return]


def assert_fits(driver: WebDriver, what: str) -> None:
    shape = geometry(driver)
    assert shape["inner"] == WIDTH, f"the viewport is {shape['inner']} px wide, not {WIDTH}"
    assert shape["scroll"] <= WIDTH + TOLERANCE, (
        f"{what}: the page scrolls sideways (scrollWidth {shape['scroll']} > {WIDTH}); "
        f"wider than the screen: {shape['wide']}"
    )
    assert shape["body"] <= WIDTH + TOLERANCE, (what, shape["body"], shape["wide"])


@pytest.mark.parametrize(("game", "players"), [("sticheln", 4), ("hattrick", 4), ("stichling", 3)])
def test_phone_width_table(
    game: str, players: int, base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, game, players, ["human"] + ["heuristic"] * (players - 1), seed=3)
    driver = browser(WIDTH, 800, phone=True)
    open_table(driver, table.seat_links[0])
    rng = random.Random(f"phone {game}")
    shot = play_moves(driver, rng, 3)
    assert shot.over == "false"
    assert shot.my_turn
    hand = driver.find_element(By.ID, "hand")
    assert hand.is_displayed()
    shape = geometry(driver)
    assert shape["cards"], "no card in #hand"
    for card in shape["cards"]:
        assert card["left"] >= -TOLERANCE, card
        assert card["right"] <= WIDTH + TOLERANCE, card
        assert card["font"] >= 12, f"{card['card']}: its value is drawn at {card['font']} px"
    assert_fits(driver, f"the {game} table")
    assert not broken_words(driver), f"words broken in the score table: {broken_words(driver)}"
    screenshot(driver, screenshots / f"phone-{game}.png")
    # A card can be tapped at this width (Selenium scrolls it into view and clicks it).
    before = shot.moves or 0
    after = act(driver, rng, shot)
    assert (after.moves or 0) > before or after.selected
    wait_for(
        driver,
        lambda d: geometry(d)["scroll"] <= WIDTH + TOLERANCE,
        PAGE_TIMEOUT,
        "the page scrolls sideways after a move",
    )


def test_phone_width_lobby(base: str, browser: Callable[..., WebDriver], screenshots: Path) -> None:
    driver = browser(WIDTH, 800, phone=True)
    driver.get(f"{base}/")
    wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "select.seat-kind"),
        PAGE_TIMEOUT,
        "the lobby's form did not fill in",
    )
    assert_fits(driver, "the lobby")
    driver.find_element(By.ID, "create").click()
    wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "#links a.seat-link"),
        PAGE_TIMEOUT,
        "no links after button#create",
    )
    assert_fits(driver, "the lobby with the links of a new table")
    screenshot(driver, screenshots / "phone-lobby.png", at="#links")
