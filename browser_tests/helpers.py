"""What the browser tests do with the server and the pages: make tables over HTTP, read the
table page's DOM (as the DOM contract of the web protocol fixes it) and play a seat by
clicking its cards and choices."""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    NoSuchElementException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

MOVE_TIMEOUT = 45.0
"""Seconds a single move (the click, the server, the bots, the new state) may take on a
loaded machine."""

PAGE_TIMEOUT = 30.0
"""Seconds a page may take to load and join its table."""


class PageError(AssertionError):
    """The page showed an error (``#error``) where none was expected."""


# HTTP ----------------------------------------------------------------------------------


def http_json(url: str, body: Any = None, method: str | None = None) -> tuple[int, Any]:
    """The status and the JSON of a request (POST when there is a body)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def http_text(url: str) -> tuple[int, dict[str, str], str]:
    """The status, the headers and the text of a GET."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read().decode()


@dataclass
class NewTable:
    """A table made by ``POST /api/tables`` (or the lobby form): its id and links."""

    base: str
    id: str
    game: str
    preset: str | None
    players: int
    seat_links: dict[int, str]
    """Per human seat, the full join link (with ``#seat=TOKEN``)."""
    spectator: str
    replay: str
    raw: dict[str, Any] = field(default_factory=dict)

    def info(self) -> dict[str, Any]:
        """``GET /api/tables/{id}``."""
        status, info = http_json(f"{self.base}/api/tables/{self.id}")
        assert status == 200, (status, info)
        return info  # type: ignore[no-any-return]

    def record_text(self) -> str:
        """``GET /api/tables/{id}/record`` (the game must be over)."""
        status, _, text = http_text(f"{self.base}/api/tables/{self.id}/record")
        assert status == 200, (status, text)
        return text

    def replay_document(self) -> dict[str, Any]:
        """``GET /api/tables/{id}/replay`` (the game must be over)."""
        status, document = http_json(f"{self.base}/api/tables/{self.id}/replay")
        assert status == 200, (status, document)
        return document  # type: ignore[no-any-return]


def create_table(
    base: str,
    game: str,
    players: int,
    seats: list[str],
    *,
    preset: str | None = None,
    names: list[str | None] | None = None,
    seed: int | None = None,
    move_time: float | None = None,
) -> NewTable:
    """A new table made with ``POST /api/tables``."""
    body: dict[str, Any] = {"game": game, "players": players, "seats": seats}
    if preset is not None:
        body["preset"] = preset
    if names is not None:
        body["names"] = names
    if seed is not None:
        body["seed"] = seed
    if move_time is not None:
        body["move_time"] = move_time
    status, created = http_json(f"{base}/api/tables", body)
    assert status == 201, (status, created)
    links = {
        entry["seat"]: base + entry["link"]
        for entry in created["seats"]
        if entry["kind"] == "human"
    }
    assert sorted(links) == [i for i, kind in enumerate(seats) if kind == "human"], created
    return NewTable(
        base=base,
        id=created["id"],
        game=game,
        preset=preset,
        players=players,
        seat_links=links,
        spectator=base + created["spectator"],
        replay=base + created["replay"],
        raw=created,
    )


# Reading the table page ----------------------------------------------------------------

_SNAPSHOT_JS = """
const body = document.body;
const hand = document.getElementById("hand");
const cards = hand ? [...hand.querySelectorAll("button.card")] : [];
const choices = [...document.querySelectorAll("#choices button.choice")];
const error = document.getElementById("error");
const over = document.getElementById("game-over");
return {
  moves: body.dataset.moves === undefined ? null : Number(body.dataset.moves),
  over: body.dataset.over,
  seat: body.dataset.seat,
  game: body.dataset.game,
  connected: body.dataset.connected,
  hand: cards.map((b) => b.dataset.card),
  legal: cards.filter((b) => b.classList.contains("legal")).map((b) => b.dataset.card),
  disabled: cards.filter((b) => b.disabled).map((b) => b.dataset.card),
  selected: cards.filter((b) => b.classList.contains("selected")).map((b) => b.dataset.card),
  choices: choices.map((b) => b.dataset.moveText),
  error: error ? error.textContent.trim() : null,
  status: (document.getElementById("status") || {}).textContent || "",
  gameOverShown: Boolean(over && !over.hidden && over.offsetParent !== null),
  players: document.querySelectorAll("#players .player[data-seat]").length,
  // Every card drawn, but those of the last trick taken (from the hand before, maybe).
  allCards: [...document.querySelectorAll("[data-card]")]
    .filter((n) => !n.closest("#last-trick"))
    .map((n) => n.dataset.card),
};
"""


@dataclass
class Snapshot:
    """What the table page shows at one moment (read in one script, so consistent)."""

    moves: int | None
    over: str | None
    seat: str | None
    game: str | None
    connected: str | None
    hand: list[str]
    legal: list[str]
    disabled: list[str]
    selected: list[str]
    choices: list[str]
    error: str | None
    status: str
    gameOverShown: bool  # the names of the JavaScript properties
    players: int
    allCards: list[str]

    @property
    def my_turn(self) -> bool:
        return bool(self.legal or self.choices)


def snapshot(driver: WebDriver) -> Snapshot:
    """The table page's state, read from its DOM."""
    return Snapshot(**driver.execute_script(_SNAPSHOT_JS))


def wait_for(driver: WebDriver, condition: Any, timeout: float, message: str) -> Any:
    """``WebDriverWait(driver, timeout).until(condition, message)``."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition, message)


def open_table(driver: WebDriver, url: str) -> Snapshot:
    """Open a table page (a seat link or the spectator link) and wait until it has joined
    and drawn the table's first state."""
    driver.get(url)
    return wait_joined(driver)


def wait_joined(driver: WebDriver) -> Snapshot:
    """Wait until the table page is connected and has drawn a state."""

    def joined(d: WebDriver) -> Snapshot | bool:
        shot = snapshot(d)
        ready = (
            shot.connected == "true" and shot.game and shot.seat not in ("", None) and shot.players
        )
        return shot if ready else False

    return wait_for(driver, joined, PAGE_TIMEOUT, "the table page did not join its table")  # type: ignore[no-any-return]


def wait_my_turn_or_over(driver: WebDriver, timeout: float = MOVE_TIMEOUT) -> Snapshot:
    """Wait until this seat may act (a legal card or a choice is offered) or the game is
    over; fail at once if the page shows an error."""

    def ready(d: WebDriver) -> Snapshot | bool:
        shot = snapshot(d)
        if shot.error:
            raise PageError(f"the page shows an error: {shot.error!r}")
        return shot if shot.my_turn or shot.over == "true" else False

    return wait_for(driver, ready, timeout, "the seat was never to act and the game not over")  # type: ignore[no-any-return]


def page_scores(driver: WebDriver, players: int) -> list[int]:
    """The total score of each seat in ``#players``."""
    scores = []
    for seat in range(players):
        node = driver.find_element(
            By.CSS_SELECTOR, f'#players .player[data-seat="{seat}"] .player-score'
        )
        scores.append(int(node.text.strip()))
    return scores


def score_table_totals(driver: WebDriver) -> list[int]:
    """The totals row of ``#scores``."""
    cells = driver.find_elements(By.CSS_SELECTOR, "#scores tfoot td")
    return [int(cell.text.strip()) for cell in cells]


# Playing a seat ------------------------------------------------------------------------


def _click(driver: WebDriver, selector: str) -> bool:
    """Click the element ``selector`` names; False if it went away or could not be clicked
    (the page redrew it in between)."""
    try:
        element = driver.find_element(By.CSS_SELECTOR, selector)
        element.click()
    except (
        NoSuchElementException,
        StaleElementReferenceException,
        ElementClickInterceptedException,
        ElementNotInteractableException,
    ):
        return False
    return True


def act(driver: WebDriver, rng: random.Random, shot: Snapshot | None = None) -> Snapshot:
    """Make one move of this seat by clicking a legal card or a choice (a card that can go
    several ways is clicked, then one of the choices it offers), and wait until the server's
    new state shows the move made. Returns the page's state after the move."""
    shot = shot or wait_my_turn_or_over(driver)
    # An error shown before the click stays until the next state; only a new one counts.
    if shot.over == "true":
        return shot
    assert shot.my_turn, shot
    before = shot.moves
    assert before is not None
    for card in shot.legal:
        assert card in shot.hand, (card, shot.hand)
    assert not set(shot.legal) & set(shot.disabled), shot
    if shot.choices and (shot.selected or not shot.legal):
        text = rng.choice(shot.choices)
        selector = f'#choices button.choice[data-move-text="{text}"]'
        if not _click(driver, selector):
            return snapshot(driver)
        card = None
    else:
        card = rng.choice(shot.legal)
        selector = f'#hand button.card.legal[data-card="{card}"]'
        if not _click(driver, selector):
            return snapshot(driver)

    def landed(d: WebDriver) -> Snapshot | bool:
        now = snapshot(d)
        if now.error and now.error != shot.error:
            raise PageError(f"the page shows an error after a legal click: {now.error!r}")
        if now.over == "true":
            return now
        if card is not None and card in now.selected and now.choices:
            return now  # the card goes several ways: its choices are offered now
        moved = now.moves is not None and now.moves > before
        if not moved:
            return False
        if card is not None:
            # The card left the hand (or, the move ending a hand, a new hand was dealt);
            # a bot's move of a phase where all move at once leaves the hand as it was.
            return now if sorted(now.hand) != sorted(shot.hand) else False
        return now if not d.find_elements(By.CSS_SELECTOR, selector) else False

    what = f"card {card}" if card else f"choice {selector}"
    return wait_for(driver, landed, MOVE_TIMEOUT, f"the move ({what}) never showed on the page")  # type: ignore[no-any-return]


def play_moves(driver: WebDriver, rng: random.Random, count: int) -> Snapshot:
    """Make ``count`` moves of this seat (fewer if the game ends), each when it is due."""
    shot = wait_my_turn_or_over(driver)
    made = 0
    while made < count and shot.over != "true":
        before = shot.moves
        shot = act(driver, rng, shot)
        if shot.moves != before:
            made += 1
        shot = wait_my_turn_or_over(driver)
    return shot


def play_to_end(
    drivers: dict[int, WebDriver],
    rng: random.Random,
    *,
    limit: float = 600.0,
    on_snapshot: Any = None,
) -> dict[int, Snapshot]:
    """Play every seat of ``drivers`` (seat -> browser) until the game is over; the other
    seats are bots. ``on_snapshot(seat, snapshot)`` sees every state each page was read in.
    """
    deadline = time.monotonic() + limit
    last: dict[int, Snapshot] = {}
    while True:
        assert time.monotonic() < deadline, f"the game did not end within {limit} s"
        acted = False
        for seat, driver in drivers.items():
            shot = snapshot(driver)
            if shot.error:
                raise PageError(f"seat {seat}'s page shows an error: {shot.error!r}")
            if on_snapshot is not None:
                on_snapshot(seat, shot)
            last[seat] = shot
            if shot.over != "true" and shot.my_turn:
                last[seat] = act(driver, rng, shot)
                if on_snapshot is not None:
                    on_snapshot(seat, last[seat])
                acted = True
        if all(shot.over == "true" for shot in last.values()):
            return last
        if not acted:
            # Nobody here may act: wait (bounded) until one of the pages changes.
            seen = {seat: (shot.moves, shot.my_turn, shot.over) for seat, shot in last.items()}

            def changed(_: WebDriver, seen: dict[int, tuple[object, ...]] = seen) -> bool:
                for seat, driver in drivers.items():
                    shot = snapshot(driver)
                    if shot.error:
                        raise PageError(f"seat {seat}'s page shows an error: {shot.error!r}")
                    if (shot.moves, shot.my_turn, shot.over) != seen[seat]:
                        return True
                return False

            first = next(iter(drivers.values()))
            wait_for(first, changed, MOVE_TIMEOUT, "the table stopped: nobody moved")


# The lobby -----------------------------------------------------------------------------


def create_via_form(
    driver: WebDriver,
    base: str,
    game: str,
    players: int,
    seats: list[str],
    *,
    preset: str | None = None,
    names: list[str | None] | None = None,
    seed: int | None = None,
    move_time: int | None = None,
) -> NewTable:
    """Make a table with the lobby's form (``form#new-table``) and read its links from
    ``#links``."""
    from selenium.webdriver.support.ui import Select

    driver.get(f"{base}/")
    wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, f'select#game option[value="{game}"]'),
        PAGE_TIMEOUT,
        f"the lobby's select#game never offered {game!r}",
    )
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    if preset is not None:
        wait_for(
            driver,
            lambda d: d.find_elements(By.CSS_SELECTOR, f'select#preset option[value="{preset}"]'),
            PAGE_TIMEOUT,
            f"select#preset never offered {preset!r} for {game}",
        )
        Select(driver.find_element(By.ID, "preset")).select_by_value(preset)
    wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, f'select#players option[value="{players}"]'),
        PAGE_TIMEOUT,
        f"select#players never offered {players} for {game}",
    )
    Select(driver.find_element(By.ID, "players")).select_by_value(str(players))
    wait_for(
        driver,
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "select.seat-kind")) == players,
        PAGE_TIMEOUT,
        f"the form does not show {players} select.seat-kind",
    )
    for seat, kind in enumerate(seats):
        select = driver.find_element(By.CSS_SELECTOR, f'select.seat-kind[data-seat="{seat}"]')
        Select(select).select_by_value(kind)
        name_input = driver.find_element(By.CSS_SELECTOR, f'input.seat-name[data-seat="{seat}"]')
        name_input.clear()
        if names and names[seat]:
            name_input.send_keys(names[seat])
    if seed is not None:
        driver.find_element(By.ID, "seed").send_keys(str(seed))
    if move_time is not None:
        Select(driver.find_element(By.ID, "move-time")).select_by_value(str(move_time))
    driver.find_element(By.ID, "create").click()

    def links_shown(d: WebDriver) -> bool:
        error = d.find_element(By.ID, "lobby-error").text.strip()
        if error:
            raise PageError(f"#lobby-error: {error!r}")
        shown = d.find_elements(By.ID, "links") and d.find_element(By.ID, "links").is_displayed()
        return bool(shown and d.find_elements(By.CSS_SELECTOR, "#links a#spectator-link"))

    wait_for(driver, links_shown, PAGE_TIMEOUT, "#links never appeared after button#create")
    links = {
        int(a.get_attribute("data-seat")): a.get_attribute("href")
        for a in driver.find_elements(By.CSS_SELECTOR, "#links a.seat-link")
    }
    spectator = driver.find_element(By.CSS_SELECTOR, "#links a#spectator-link").get_attribute(
        "href"
    )
    replay = driver.find_element(By.CSS_SELECTOR, "#links a#replay-link").get_attribute("href")
    prefix = f"{base}/table/"
    assert spectator.startswith(prefix), spectator
    table_id = spectator[len(prefix) :]
    return NewTable(
        base=base,
        id=table_id,
        game=game,
        preset=preset,
        players=players,
        seat_links=links,
        spectator=spectator,
        replay=replay,
    )


def screenshot(driver: WebDriver, path: Any, at: str | None = None) -> None:
    """Save a screenshot of the page scrolled to its top, or to the element ``at`` names."""
    if at is None:
        driver.execute_script("window.scrollTo(0, 0);")
    else:
        element = driver.find_element(By.CSS_SELECTOR, at)
        driver.execute_script("arguments[0].scrollIntoView({block: 'start'});", element)
    assert driver.save_screenshot(str(path)), f"no screenshot saved to {path}"
