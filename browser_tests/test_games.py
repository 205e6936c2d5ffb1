"""A whole game of each game played through the table page against heuristic bots: the
human seat clicks a legal card or choice whenever it is to act, until ``#game-over``
shows. Then the page's scores are checked against the record replayed with the library,
the record link downloads that record, and the replay page steps to the last move."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from sticheln import find_game

from .helpers import (
    PAGE_TIMEOUT,
    NewTable,
    create_table,
    create_via_form,
    http_text,
    open_table,
    page_scores,
    play_to_end,
    score_table_totals,
    screenshot,
    snapshot,
    wait_for,
)

REPO = Path(__file__).resolve().parent.parent


GAMES = [
    # game, preset, players, made through the lobby form?
    pytest.param("sticheln", "nsv", 4, False, id="sticheln-4"),
    pytest.param("hattrick", "amigo-1995", 4, True, id="hattrick-4"),
    pytest.param("stichling", None, 3, False, id="stichling-3"),
]


MIDGAME = {"sticheln": 40, "hattrick": 40, "stichling": 20}
"""The moves after which the test takes its screenshot of the table, per game."""


def replayed_scores(table: NewTable, preset: str | None, record: str) -> tuple[list[int], int]:
    """The scores of the record replayed with the library, and its number of moves."""
    game = find_game(table.game, preset) if preset else find_game(table.game)
    state, moves = game.replay_from_json(record)
    for move in moves:
        state = game.apply_move(state, move)
    assert game.is_over(state)
    return list(game.scores(state)), len(moves)


def step_text(driver: WebDriver) -> str:
    return driver.find_element(By.ID, "replay-step").text.strip()


def wait_step(driver: WebDriver, text: str) -> None:
    wait_for(
        driver,
        lambda d: step_text(d) == text,
        PAGE_TIMEOUT,
        f"#replay-step never said {text!r}",
    )


@pytest.mark.parametrize(("game", "preset", "players", "via_form"), GAMES)
def test_whole_game_against_bots(
    game: str,
    preset: str | None,
    players: int,
    via_form: bool,
    base: str,
    browser: Callable[..., WebDriver],
    screenshots: Path,
) -> None:
    driver = browser(1280, 900)
    seats = ["human"] + ["heuristic"] * (players - 1)
    if via_form:
        table = create_via_form(
            driver,
            base,
            game,
            players,
            seats,
            preset=preset,
            names=["Ann"] + [None] * (players - 1),
        )
    else:
        table = create_table(base, game, players, seats, preset=preset, seed=20261201)
    assert list(table.seat_links) == [0]
    shot = open_table(driver, table.seat_links[0])
    assert shot.seat == "0"
    assert shot.game == game
    assert shot.over == "false"
    names = table.info()["names"]

    rng = random.Random(f"{game}-browser")
    midgame = {"taken": False}

    def watch(seat: int, now: object) -> None:
        # One screenshot of the table mid-game, when a few moves have been made (in Stichling,
        # whose hands are short, before the first hand's summary covers the table).
        moves = getattr(now, "moves", 0) or 0
        if not midgame["taken"] and moves >= MIDGAME[game] and getattr(now, "my_turn", False):
            screenshot(driver, screenshots / f"{game}-table.png")
            midgame["taken"] = True

    started = time.monotonic()
    play_to_end({0: driver}, rng, limit=420, on_snapshot=watch)
    played_for = time.monotonic() - started
    assert midgame["taken"], "no screenshot mid-game: the game was too short"

    over = driver.find_element(By.ID, "game-over")
    wait_for(driver, lambda d: over.is_displayed(), PAGE_TIMEOUT, "#game-over is not visible")
    final = snapshot(driver)
    assert final.over == "true"
    assert final.error == "", final.error
    assert "Game over" in final.status, final.status
    screenshot(driver, screenshots / f"{game}-game-over.png", at="#game-over")
    # The game-over box says how it ended; no empty table ("Game over after 4 rounds") below.
    assert not driver.find_element(By.ID, "table-area").is_displayed()
    # No number of the score chart is drawn over another.
    boxes = driver.execute_script(
        "return [...document.querySelectorAll('#chart .axes text')].map((t) => {"
        " const r = t.getBoundingClientRect();"
        " return [t.textContent, r.left, r.top, r.right, r.bottom]; });"
    )
    assert len(boxes) >= 3, boxes
    for i, first in enumerate(boxes):
        for second in boxes[i + 1 :]:
            apart = (
                first[3] <= second[1]
                or second[3] <= first[1]
                or first[4] <= second[2]
                or second[4] <= first[2]
            )
            assert apart, f"the chart's labels {first[0]!r} and {second[0]!r} overlap: {boxes}"
    screenshot(driver, screenshots / f"{game}-chart.png", at="#chart")

    # The scores on the page are those of the record replayed with the library.
    record = table.record_text()
    scores, move_count = replayed_scores(table, preset, record)
    assert final.moves == move_count
    assert page_scores(driver, players) == scores
    assert score_table_totals(driver) == scores
    game_over_text = driver.find_element(By.ID, "game-over").text
    game_object = find_game(game, preset) if preset else find_game(game)
    state, moves = game_object.replay_from_json(record)
    for move in moves:
        state = game_object.apply_move(state, move)
    for winner in game_object.winners(state):
        assert names[winner] in game_over_text, (names, winner, game_over_text)
    info = table.info()
    assert info["over"] is True
    assert info["moves"] == move_count

    # How the last deal was scored: the game's explanations, the player's own open and first,
    # one per seat, its total the last row of the score table, every item citing a rule.
    explained = driver.find_elements(By.CSS_SELECTOR, "#score-explanations details")
    assert explained, "#score-explanations shows no explanation at the end of the game"
    assert explained[0].get_attribute("data-seat") == "0"
    assert sorted(d.get_attribute("data-seat") for d in explained) == [
        str(seat) for seat in range(players)
    ]
    assert explained[0].get_attribute("open") is not None
    assert all(d.get_attribute("open") is None for d in explained[1:])
    last_row = driver.find_elements(By.CSS_SELECTOR, "#scores tbody tr:last-child td")
    own = explained[0].find_element(By.TAG_NAME, "summary").text
    assert own.startswith(names[0]), own
    assert own.endswith(f" {last_row[0].text}"), (own, last_row[0].text)
    items = explained[0].find_elements(By.CSS_SELECTOR, ".score-items li:not(.score-total)")
    assert items, "the player's score explanation has no item"
    assert all(item.find_elements(By.CSS_SELECTOR, "a.rule") for item in items)
    screenshot(driver, screenshots / f"{game}-scored.png", at="#score-explanations")

    # The rule links of the last trick and of the log lead to the rule's anchor in the docs.
    rules_text = (REPO / "docs" / "rules" / f"{game}.rst").read_text()
    last_trick_rules = driver.find_elements(By.CSS_SELECTOR, "#last-trick a.rule[href]")
    assert last_trick_rules, "#last-trick names no rule (a.rule) at the end of the game"
    pages: dict[str, str] = {}
    for link in driver.find_elements(By.CSS_SELECTOR, "a.rule"):
        rule = (link.get_attribute("textContent") or "").strip()  # folded ones too
        assert f".. rule:: {rule}\n" in rules_text, f"{rule}: no such rule in docs/rules/{game}.rst"
        href = link.get_attribute("href")
        page, _, anchor = href.partition("#")
        assert anchor, f"{rule}: the link {href} has no anchor"
        if page.startswith(base):
            # A page of the server: it must hold the anchor.
            if page not in pages:
                status, _, pages[page] = http_text(page)
                assert status == 200, f"{href}: {status}"
            html = pages[page]
            assert f'id="{anchor}"' in html or f"id='{anchor}'" in html, (
                f"{href}: the page has no element with the id {anchor!r}"
            )
        else:
            # The documentation's rules page (no network here to fetch it).
            assert href.endswith(f"/rules/{game}.html#{rule.lower()}"), href

    # The record link downloads the record.
    link = driver.find_element(By.ID, "record-link")
    assert link.get_attribute("href") == f"{base}/api/tables/{table.id}/record"
    link.click()
    downloads: Path = browser.downloads  # type: ignore[attr-defined]

    def downloaded(_: WebDriver) -> Path | bool:
        files = [p for p in downloads.iterdir() if p.suffix == ".json"]
        return files[0] if files else False

    file = wait_for(driver, downloaded, PAGE_TIMEOUT, "the record link downloaded nothing")
    assert file.name == f"{game}-{table.id}.json"
    assert json.loads(file.read_text()) == json.loads(record)

    # The replay page steps through to the last move.
    replay_link = driver.find_element(By.CSS_SELECTOR, "#game-over a#replay-link")
    assert replay_link.get_attribute("href") == f"{base}/replay/{table.id}"
    replay_link.click()
    wait_step(driver, f"move 0 of {move_count}")
    document = table.replay_document()
    assert len(document["frames"]) == move_count + 1
    hands = driver.find_elements(By.CSS_SELECTOR, "#hands [data-card]")
    dealt = {card for hand in document["frames"][0]["hands"] for card in hand}
    assert {h.get_attribute("data-card") for h in hands} == dealt, "#hands at move 0"
    for number in (1, 2, 3):
        driver.find_element(By.ID, "next").click()
        wait_step(driver, f"move {number} of {move_count}")
    driver.find_element(By.ID, "prev").click()
    wait_step(driver, f"move 2 of {move_count}")
    driver.find_element(By.ID, "last").click()
    wait_step(driver, f"move {move_count} of {move_count}")
    assert not driver.find_element(By.ID, "next").is_enabled()
    assert page_scores(driver, players) == scores
    screenshot(driver, screenshots / f"{game}-replay.png")
    # Every frame, stepped with the keyboard from the first.
    driver.find_element(By.ID, "first").click()
    wait_step(driver, f"move 0 of {move_count}")
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT * move_count).perform()
    wait_step(driver, f"move {move_count} of {move_count}")
    assert page_scores(driver, players) == scores
    final_hands = {card for hand in document["frames"][-1]["hands"] for card in hand}
    shown = {
        h.get_attribute("data-card")
        for h in driver.find_elements(By.CSS_SELECTOR, "#hands [data-card]")
    }
    assert shown == final_hands
    print(f"{game}: {move_count} moves in {played_for:.1f} s")
