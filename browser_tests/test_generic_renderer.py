"""A game that ships no renderer of its own is drawn by the page's generic renderer: High
Card, the guide's example game, registered by its script (``examples/high_card.py serve``),
is played to its end in the browser against bots, and the page's scores are the record's;
given explanations (``examples/high_card_tools.py serve``), its log says why each trick was
taken."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .conftest import REPO, Server, free_port, start_server, stop_server
from .helpers import create_table, http_json, open_table, page_scores, play_to_end, screenshot


def serve(script: str, tmp_path: Path) -> Iterator[Server]:
    """``python examples/SCRIPT serve``: the server with the script's game registered."""
    log = tmp_path / "server.log"
    program = [sys.executable, str(REPO / "examples" / script)]
    running = start_server(free_port(), tmp_path / "web.sqlite3", log, program)
    try:
        yield running
    finally:
        stop_server(running)
        text = log.read_text(errors="replace")
        assert "Traceback" not in text, text


@pytest.fixture
def high_card_server(tmp_path: Path) -> Iterator[Server]:
    """High Card as the guide's first part ends: no explanations."""
    yield from serve("high_card.py", tmp_path)


@pytest.fixture
def high_card_tools_server(tmp_path: Path) -> Iterator[Server]:
    """High Card as the guide's second part ends: it explains its tricks."""
    yield from serve("high_card_tools.py", tmp_path)


def test_a_game_without_a_renderer_is_played_with_the_generic_one(
    high_card_server: Server, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    base = high_card_server.base
    status, games = http_json(f"{base}/api/games")
    assert status == 200
    high_card = next(game for game in games["games"] if game["name"] == "high-card")
    assert high_card["renderer"] is None
    table = create_table(base, "high-card", 3, ["human", "random", "random"], seed=9)
    driver = browser(1280, 900)
    shot = open_table(driver, table.seat_links[0])
    assert shot.game == "high-card"
    assert shot.hand, "the generic page shows no hand"
    area = driver.find_element(By.ID, "table-area")
    assert area.find_elements(By.CSS_SELECTOR, "dl.generic-view dt"), (
        "the view's fields are not shown"
    )
    screenshot(driver, screenshots / "generic-high-card.png")
    ends = play_to_end({0: driver}, random.Random("high card"), limit=300)
    assert ends[0].over == "true"
    screenshot(driver, screenshots / "generic-high-card-over.png")
    record = json.loads(table.record_text())
    status, info = http_json(f"{base}/api/tables/{table.id}")
    assert status == 200
    assert info["over"]
    assert page_scores(driver, 3) == record_scores(record)


def test_the_generic_renderer_says_why_each_trick_was_taken(
    high_card_tools_server: Server, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    base = high_card_tools_server.base
    table = create_table(base, "high-card", 3, ["human", "random", "random"], seed=4)
    driver = browser(1280, 900)
    open_table(driver, table.seat_links[0])
    ends = play_to_end({0: driver}, random.Random("high card tools"), limit=300)
    assert ends[0].over == "true"
    screenshot(driver, screenshots / "generic-high-card-explained.png")
    record = json.loads(table.record_text())
    tricks = [len(record["moves"]) // 3]  # three players, one card each per trick
    lines = driver.find_elements(By.CSS_SELECTOR, "#log li")
    explained = [line for line in lines if " is the highest card" in line.text]
    assert [len(explained)] == tricks
    for line in explained:
        links = line.find_elements(By.CSS_SELECTOR, "a.rule")
        assert [link.text for link in links] == ["HC-TRICK-1"], line.text
        assert re.match(
            r"(Player 1 \(you\)|Bot [23] \(random\)) took [RB]\d+ [RB]\d+ [RB]\d+: ", line.text
        ), line.text


def record_scores(record: dict[str, object]) -> list[int]:
    """The final scores of a High Card record, replayed by the library."""
    sys.path.insert(0, str(REPO / "examples"))
    import high_card

    from sticheln import load_record, register_game

    register_game("high-card", high_card.HighCardGame.from_preset, replace=True)

    loaded = load_record(json.dumps(record))
    return list(loaded.game.scores(loaded.state))
