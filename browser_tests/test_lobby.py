"""The lobby: a table made with the form, its links, and a seat link that opens the table
for that seat."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from .helpers import PAGE_TIMEOUT, create_via_form, http_json, open_table, wait_for


def test_lobby_form_makes_a_table_with_links(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    driver = browser(1280, 900)
    status, games = http_json(f"{base}/api/games")
    assert status == 200
    by_name = {game["name"]: game for game in games["games"]}

    driver.get(f"{base}/")
    wait_for(
        driver,
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "select#game option")) == len(by_name),
        PAGE_TIMEOUT,
        "select#game does not offer the games of /api/games",
    )
    # The form follows the game and the number of players chosen.
    for name, game in by_name.items():
        Select(driver.find_element(By.ID, "game")).select_by_value(name)
        presets = [
            o.get_attribute("value") for o in Select(driver.find_element(By.ID, "preset")).options
        ]
        assert presets == game["presets"], name
        counts = [
            o.get_attribute("value") for o in Select(driver.find_element(By.ID, "players")).options
        ]
        assert counts == [str(n) for n in game["player_counts"]], name
        kinds = driver.find_elements(By.CSS_SELECTOR, "select.seat-kind")
        assert len(kinds) == int(
            Select(driver.find_element(By.ID, "players")).first_selected_option.get_attribute(
                "value"
            )
        )
        offered = [o.get_attribute("value") for o in Select(kinds[0]).options]
        assert offered[0] == "human", offered
        assert {"heuristic", "ismcts:time=0.5"} <= set(offered), offered
    Select(driver.find_element(By.ID, "game")).select_by_value("sticheln")
    Select(driver.find_element(By.ID, "players")).select_by_value("5")
    wait_for(
        driver,
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "select.seat-kind")) == 5,
        PAGE_TIMEOUT,
        "5 players chosen, but the form does not show 5 seats",
    )

    seats = ["human", "human", "heuristic", "random"]
    names = ["Ann", "Bob", None, None]
    table = create_via_form(driver, base, "sticheln", 4, seats, preset="nsv", names=names)
    assert sorted(table.seat_links) == [0, 1]
    for seat, link in table.seat_links.items():
        assert link.startswith(f"{base}/table/{table.id}#seat="), link
        row = driver.find_element(By.CSS_SELECTOR, f'a.seat-link[data-seat="{seat}"]').find_element(
            By.XPATH, ".."
        )
        assert row.find_elements(By.CSS_SELECTOR, "button.copy"), (
            f"no button.copy by seat {seat}'s link"
        )
    assert table.seat_links[0] != table.seat_links[1]
    assert table.replay == f"{base}/replay/{table.id}"
    for anchor in ("spectator-link", "replay-link"):
        row = driver.find_element(By.CSS_SELECTOR, f"#links a#{anchor}").find_element(
            By.XPATH, ".."
        )
        assert row.find_elements(By.CSS_SELECTOR, "button.copy"), f"no button.copy by #{anchor}"
    driver.find_element(By.CSS_SELECTOR, '#links a.seat-link[data-seat="0"]').find_element(
        By.XPATH, ".."
    ).find_element(By.CSS_SELECTOR, "button.copy").click()

    info = http_json(f"{base}/api/tables/{table.id}")[1]
    assert info["game"] == "sticheln"
    assert info["preset"] == "nsv"
    assert info["players"] == 4
    assert [s["kind"] for s in info["seats"]] == ["human", "human", "bot", "bot"]
    assert [s.get("bot") for s in info["seats"][2:]] == ["heuristic", "random"]
    assert info["names"][:2] == ["Ann", "Bob"]
    wait_for(
        driver,
        lambda d: any(
            a.get_attribute("href").endswith(f"/table/{table.id}")
            for a in d.find_elements(By.CSS_SELECTOR, "#tables a.table-link")
        ),
        PAGE_TIMEOUT,
        "#tables does not list the new table",
    )
    driver.save_screenshot(str(screenshots / "lobby.png"))

    # Bob's link opens the table for seat 1.
    driver.get(table.seat_links[1])
    shot = open_table(driver, table.seat_links[1])
    assert shot.seat == "1"
    assert shot.game == "sticheln"
    assert "Bob" in driver.find_element(By.ID, "title").text
    assert len(shot.hand) == 15
    me = driver.find_element(By.CSS_SELECTOR, '#players .player[data-seat="1"]')
    assert "Bob" in me.text

    # A bad table request shows the server's error in #lobby-error? The form cannot make
    # one; the API names the bad field.
    status, body = http_json(f"{base}/api/tables", {"game": "sticheln", "players": 9, "seats": []})
    assert status == 400, body
    assert body["error"].startswith("players"), body
