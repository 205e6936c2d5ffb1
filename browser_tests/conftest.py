"""Fixtures of the browser tests: the real server (``python -m sticheln serve``) in a
subprocess, and Debian's Chromium driven by Selenium through the installed chromedriver
(Selenium Manager never downloads anything).

Screenshots go to ``$SCREENSHOTS`` (default ``build/screenshots`` of the repository); a
failed test leaves a screenshot of every browser it opened there too. Every browser's
console is read when its test ends: a SEVERE entry fails the test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

REPO = Path(__file__).resolve().parent.parent

SERVER_START_TIMEOUT = 60.0
"""Seconds the server may take to answer its first request."""


def _find(name: str, *alternatives: str) -> str | None:
    for candidate in (name, *alternatives):
        found = shutil.which(candidate)
        if found:
            return found
    return None


CHROMIUM = os.environ.get("CHROMIUM") or _find("chromium", "chromium-browser")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER") or _find("chromedriver")

SPEED_KEY = "table.speed"
"""The key of the table page's speed of play in the browser's localStorage (``pace.js``)."""


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Remember each phase's report on the item, so fixtures know whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The directory of the screenshots (an artefact of the CI run)."""
    directory = Path(os.environ.get("SCREENSHOTS") or REPO / "build" / "screenshots")
    directory.mkdir(parents=True, exist_ok=True)
    return directory.resolve()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """The running ``sticheln serve``."""

    def __init__(self, process: subprocess.Popen[bytes], base: str, log: Path) -> None:
        self.process = process
        self.base = base
        self.log = log
        self._seen = 0

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def new_log_lines(self) -> str:
        """The server's log since the last call."""
        text = self.log_text()
        new, self._seen = text[self._seen :], len(text)
        return new


def start_server(port: int, db: Path, log: Path, program: list[str] | None = None) -> Server:
    """Start ``python -m sticheln serve --port PORT --db DB`` (output appended to ``log``;
    ``program`` instead of ``python -m sticheln``, e.g. a script that registers a game
    first) and wait until it answers ``GET /api/games``."""
    base = f"http://127.0.0.1:{port}"
    program = program or [sys.executable, "-m", "sticheln"]
    command = [*program, "serve", "--port", str(port), "--db", str(db)]
    # The tests make their tables from one address, more than one client may have in play.
    command += ["--tables-per-client", "200", "--tables-per-hour", "1000"]
    command += ["--min-move-time", "2"]  # a move timer short enough for a test
    with log.open("ab") as out:
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, cwd=db.parent, env=os.environ.copy()
        )
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while True:
        if process.poll() is not None:
            pytest.fail(
                f"{' '.join(command)} exited with {process.returncode}:\n"
                + log.read_text(errors="replace")
            )
        try:
            with urllib.request.urlopen(f"{base}/api/games", timeout=2) as response:
                if response.status == 200:
                    return Server(process, base, log)
        except OSError:
            pass
        if time.monotonic() > deadline:
            process.kill()
            process.wait(timeout=15)
            pytest.fail(
                f"the server did not answer within {SERVER_START_TIMEOUT} s:\n"
                + log.read_text(errors="replace")
            )
        time.sleep(0.1)


def stop_server(server: Server) -> None:
    """Stop the server (SIGTERM, then SIGKILL after 15 s)."""
    server.process.terminate()
    try:
        server.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(timeout=15)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``python -m sticheln serve --port <free port> --db <tmp>/web.sqlite3``, answering."""
    directory = tmp_path_factory.mktemp("server")
    running = start_server(free_port(), directory / "web.sqlite3", directory / "server.log")
    try:
        yield running
    finally:
        stop_server(running)


@pytest.fixture
def base(server: Server) -> Iterator[str]:
    """The server's address; the test fails if the server logs a traceback meanwhile."""
    server.new_log_lines()
    yield server.base
    new = server.new_log_lines()
    if "Traceback" in new or "ERROR" in new:
        pytest.fail(f"the server logged an error during the test:\n{new}")


def console_problems(entries: list[dict[str, Any]]) -> list[str]:
    """The SEVERE entries of a browser console."""
    return [entry["message"] for entry in entries if entry.get("level") == "SEVERE"]


@pytest.fixture
def browser(
    request: pytest.FixtureRequest, screenshots: Path, tmp_path: Path
) -> Iterator[Callable[..., WebDriver]]:
    """A factory of headless Chromium browsers: ``browser(width=1280, height=900,
    phone=False, speed="instant")`` (``speed``: the table page's speed of play, ``None`` to
    leave the page its own); the browsers' downloads go to ``browser.downloads``, and
    ``browser.allow_console(regex)`` lets a test expect some SEVERE console entries. When the test
    ends, every browser's console is checked for SEVERE entries and the browser quits."""
    if not CHROMIUM or not CHROMEDRIVER:
        pytest.fail(
            "the browser tests need chromium and chromedriver on the PATH "
            "(Debian: apt-get install chromium chromium-driver); "
            f"found chromium={CHROMIUM}, chromedriver={CHROMEDRIVER}"
        )
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    drivers: list[WebDriver] = []

    def make(
        width: int = 1280, height: int = 900, *, phone: bool = False, speed: str | None = "instant"
    ) -> WebDriver:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        options.add_argument("--headless=new")
        options.add_argument("--no-sandbox")
        options.add_argument("--disable-dev-shm-usage")
        options.add_argument("--disable-gpu")
        options.add_argument("--no-first-run")
        options.add_argument("--disable-extensions")
        options.add_argument(f"--window-size={width},{height}")
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        options.add_experimental_option(
            "prefs",
            {
                "download.default_directory": str(downloads),
                "download.prompt_for_download": False,
                "download.directory_upgrade": True,
                "safebrowsing.enabled": False,
            },
        )
        service = Service(executable_path=CHROMEDRIVER)
        driver = webdriver.Chrome(options=options, service=service)
        drivers.append(driver)
        driver.set_page_load_timeout(60)
        driver.set_script_timeout(30)
        driver.execute_cdp_cmd(
            "Browser.setDownloadBehavior",
            {"behavior": "allow", "downloadPath": str(downloads), "eventsEnabled": True},
        )
        if speed is not None:
            # The table page's speed of play, as its select#speed keeps it in the browser;
            # the tests play at "instant" unless they watch the pace itself.
            driver.execute_cdp_cmd(
                "Page.addScriptToEvaluateOnNewDocument",
                {
                    "source": "try { localStorage.setItem("
                    f"{json.dumps(SPEED_KEY)}, {json.dumps(speed)}); }} catch {{}}"
                },
            )
        if phone:
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True},
            )
            driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
        return driver

    allowed: list[re.Pattern[str]] = []
    make.downloads = downloads  # type: ignore[attr-defined]
    make.allow_console = lambda pattern: allowed.append(re.compile(pattern))  # type: ignore[attr-defined]
    yield make

    failed = getattr(request.node, "report_call", None)
    problems: list[str] = []
    for number, driver in enumerate(drivers):
        try:
            if failed is not None and failed.failed:
                driver.save_screenshot(
                    str(screenshots / f"FAILED-{request.node.name}-{number}.png")
                )
            problems += [
                f"browser {number}: {m}"
                for m in console_problems(driver.get_log("browser"))
                if not any(pattern.search(m) for pattern in allowed)
            ]
        finally:
            driver.quit()
    if problems:
        pytest.fail("SEVERE entries in the browser console:\n" + "\n".join(problems))
