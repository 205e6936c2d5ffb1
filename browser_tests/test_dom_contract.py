"""The table page keeps the DOM contract of the web protocol (the other tests rely on it):
checked mid-game, with a trick open on the table and the seat to act, for each game."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import create_table, open_table, play_moves, screenshot, snapshot

GAMES = [("sticheln", 4), ("hattrick", 4), ("stichling", 3)]


def trick_open(driver: WebDriver) -> bool:
    return bool(driver.find_elements(By.CSS_SELECTOR, "#table-area .trick .card[data-card]"))


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_table_page_dom_contract(
    game: str, players: int, base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, game, players, ["human"] + ["heuristic"] * (players - 1), seed=8)
    driver = browser(1280, 900)
    open_table(driver, table.seat_links[0])
    rng = random.Random(f"contract {game}")
    shot = play_moves(driver, rng, 1)
    for _ in range(30):
        if shot.my_turn and trick_open(driver) and shot.legal:
            break
        shot = play_moves(driver, rng, 1)
    assert trick_open(driver), "no trick with a card on #table-area in 30 moves"
    assert shot.my_turn

    def one(selector: str) -> None:
        found = driver.find_elements(By.CSS_SELECTOR, selector)
        assert len(found) == 1, f"{selector}: {len(found)} on the page, not 1"

    body = driver.find_element(By.TAG_NAME, "body")
    assert body.get_attribute("data-game") == game
    assert body.get_attribute("data-seat") == "0"
    assert body.get_attribute("data-moves") == str(shot.moves)
    assert body.get_attribute("data-over") == "false"
    assert body.get_attribute("data-connected") == "true"
    for selector in (
        "#status",
        "#hand",
        "#choices",
        "#table-area",
        "#last-trick",
        "#players",
        "#scores",
        "svg#chart",
        "input#move-input",
        "button#move-send",
        "#error",
        "#game-over",
        "#game-over a#record-link",
        "#game-over a#replay-link",
    ):
        one(selector)
    assert driver.find_element(By.ID, "error").get_attribute("role") == "alert"
    assert not driver.find_element(By.ID, "game-over").is_displayed()
    assert driver.find_element(By.ID, "status").text.strip()
    assert driver.find_elements(By.CSS_SELECTOR, "#table-area .trick .taker"), "no .taker"
    assert driver.find_element(By.ID, "hand").is_displayed()
    for button in driver.find_elements(By.CSS_SELECTOR, "#hand button.card"):
        card = button.get_attribute("data-card")
        legal = "legal" in (button.get_attribute("class") or "").split()
        assert legal == (card in shot.legal)
        assert button.is_enabled() == legal, f"{card}: disabled must be set on the others"
    seats = driver.find_elements(By.CSS_SELECTOR, "#players .player[data-seat]")
    assert [s.get_attribute("data-seat") for s in seats] == [str(i) for i in range(players)]
    me = driver.find_element(By.CSS_SELECTOR, '#players .player[data-seat="0"]')
    assert me.find_elements(By.CSS_SELECTOR, ".to-act"), "the seat to act has no .to-act"
    others = driver.find_elements(By.CSS_SELECTOR, '#players .player:not([data-seat="0"]) .to-act')
    assert not others, "a seat that is not to act has .to-act"
    # The cards: colour and value drawn, the letter of the colour and the value as text.
    for drawn in driver.find_elements(By.CSS_SELECTOR, "#table-area .card[data-card]"):
        name = drawn.get_attribute("data-card") or ""
        text = drawn.text.replace("\n", "")
        assert name[0] in text, (name, drawn.text)
        assert name[1:] in text, (name, drawn.text)
    screenshot(driver, screenshots / f"contract-{game}.png")
    assert snapshot(driver).error == ""


_STYLE_JS = """
const style = getComputedStyle(arguments[0]);
return [style.backgroundColor, style.color];
"""


def _rgb(css: str) -> tuple[float, float, float]:
    inside = css[css.index("(") + 1 : css.index(")")].replace("/", " ").replace(",", " ")
    red, green, blue = (float(part) for part in inside.split()[:3])
    return red, green, blue


def _luminance(css: str) -> float:
    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in _rgb(css))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two CSS colours."""
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_hand_cards_keep_their_colour_under_the_pointer(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    """A card of the hand is its colour, with its letter and value readable on it (at least
    3:1, large bold text), also while the pointer is over it (on a touch screen the card
    last tapped keeps the hover state)."""
    from selenium.webdriver.common.action_chains import ActionChains

    table = create_table(base, "sticheln", 4, ["human"] + ["heuristic"] * 3, seed=12)
    driver = browser(1280, 900)
    shot = open_table(driver, table.seat_links[0])
    shot = play_moves(driver, random.Random(0), 0)  # wait until the seat is to act
    assert shot.legal, "no legal card to hover"
    heading = driver.find_element(By.ID, "status")
    problems = []
    seen_colours: set[str] = set()
    for card in shot.legal:
        if card[0] in seen_colours:
            continue
        seen_colours.add(card[0])
        button = driver.find_element(By.CSS_SELECTOR, f'#hand button.card[data-card="{card}"]')
        ActionChains(driver).move_to_element(heading).perform()
        background, colour = driver.execute_script(_STYLE_JS, button)
        ActionChains(driver).move_to_element(button).perform()
        hovered_background, hovered_colour = driver.execute_script(_STYLE_JS, button)
        if contrast(background, colour) < 3:
            problems.append(f"{card}: {colour} on {background}")
        if hovered_background != background:
            problems.append(
                f"{card} under the pointer: its background {background} turns {hovered_background}"
            )
        if contrast(hovered_background, hovered_colour) < 3:
            problems.append(
                f"{card} under the pointer: {hovered_colour} on {hovered_background}, contrast "
                f"{contrast(hovered_background, hovered_colour):.1f}:1"
            )
            driver.save_screenshot(str(screenshots / f"hover-{card}.png"))
    assert len(seen_colours) >= 3
    assert not problems, "\n".join(problems)
