"""What the pages say when the deals were chosen and when a table is closed, with the
server's Content-Security-Policy in force: every seat of a table dealt from the creator's
seed is told so before the first card; the creator closes the table from the lobby, and
every open page of it says so and offers no more moves; an injected inline script does not
run."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import (
    PAGE_TIMEOUT,
    create_via_form,
    http_text,
    open_table,
    screenshot,
    snapshot,
    wait_for,
)

SEED_NOTICE = (
    "The creator of this table chose its deals (a seed): whoever knows the seed knows every hand."
)


def test_seats_are_told_of_a_chosen_seed_and_the_creator_closes_the_table(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    lobby = browser(1280, 900)
    table = create_via_form(
        lobby, base, "stichling", 2, ["human", "human"], names=["Ann", "Bob"], seed=424242
    )
    assert lobby.find_element(By.ID, "seed-note").text == (
        "Dealt from your seed: every player's page says so."
    )
    seats = {seat: browser(1280, 900) for seat in (0, 1)}
    for seat, driver in seats.items():
        open_table(driver, table.seat_links[seat])
        notice = driver.find_element(By.ID, "notice")
        assert notice.is_displayed(), f"seat {seat} is not told of the chosen seed"
        assert notice.text == SEED_NOTICE
    screenshot(seats[0], screenshots / "table-seed-chosen.png")
    screenshot(lobby, screenshots / "lobby-close-button.png", at="#links")

    lobby.find_element(By.ID, "close-table").click()
    wait_for(
        lobby,
        lambda d: d.find_element(By.ID, "close-table").text == "Closed",
        PAGE_TIMEOUT,
        "the lobby's button#close-table never said Closed",
    )
    for seat, driver in seats.items():
        wait_for(
            driver,
            lambda d: d.find_element(By.ID, "game-over").is_displayed(),
            PAGE_TIMEOUT,
            f"seat {seat}'s page never said that the table was closed",
        )
        assert driver.find_element(By.ID, "game-over-heading").text == "Table closed"
        shot = snapshot(driver)
        assert shot.status == "This table was closed by its creator."
        assert not shot.legal
        assert not driver.find_element(By.ID, "hand-section").is_displayed()
        assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-closed") == "true"
    screenshot(seats[1], screenshots / "table-closed.png")
    status, _, text = http_text(f"{base}/api/tables/{table.id}")
    assert status == 200
    assert '"status":"closed"' in text.replace(" ", "")

    # A page opened after the close says so too.
    late = browser(1280, 900)
    open_table(late, table.spectator)
    assert snapshot(late).status == "This table was closed by its creator."


def test_the_content_security_policy_stops_an_injected_inline_script(
    base: str, browser: Callable[..., WebDriver]
) -> None:
    status, headers, _ = http_text(f"{base}/")
    assert status == 200
    policy = {key.lower(): value for key, value in headers.items()}["content-security-policy"]
    assert "default-src 'self'" in policy
    driver = browser(1024, 768)
    browser.allow_console(r"Executing inline script violates the following Content Security")  # type: ignore[attr-defined]
    driver.get(f"{base}/")
    wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "select#game option"),
        PAGE_TIMEOUT,
        "the lobby never listed the games",
    )
    ran = driver.execute_script(
        "window.violations = [];"
        "document.addEventListener('securitypolicyviolation',"
        "  (event) => window.violations.push(event.violatedDirective));"
        "const s = document.createElement('script');"
        "s.textContent = 'window.injected = true';"
        "document.body.append(s);"
        "return window.injected === true;"
    )
    assert ran is False
    violated = wait_for(
        driver,
        lambda d: d.execute_script("return window.violations.length ? window.violations : null"),
        PAGE_TIMEOUT,
        "the browser reported no violation of the policy",
    )
    assert violated[0].startswith("script-src"), violated
