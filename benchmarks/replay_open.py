"""How long the replay page takes to open in a browser, for long games.

It starts ``sticheln serve`` on a free port of 127.0.0.1 with a fresh SQLite file, plays
tables of bots only to their end (Sticheln with 8 players and the ``eight-players`` preset,
the longest game, 960 moves; Sticheln with 4 players; Hattrick with 4), and opens each
table's replay page in headless Chromium at 1280x800 (Debian's ``chromium`` and
``chromedriver``, through Selenium: the ``browser-tests`` extra). For each game it measures,
over ``--repeats`` tables:

- cold: the first opening of a table's replay (the server has built nothing of it yet), in
  milliseconds from the start of the navigation to the first move drawn (``#replay-step``
  reading "move N of M");
- warm: the same page opened again;
- the bytes the page fetched from the server (``transferSize``, so after gzip);

and, as the reference measured in the same run and browser, the opening of the lobby page
until its game list is filled. The figures are medians. Run it with::

    python benchmarks/replay_open.py [--repeats 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

GAMES = (
    ("sticheln", "eight-players", 8),
    ("sticheln", "nsv", 4),
    ("hattrick", "amigo-1995", 4),
)
"""The games whose replays are opened: game, preset, players."""

# Records when the page first shows a move ("move N of M"), before any of its scripts run.
_WATCH_JS = """
window.firstShown = null;
document.addEventListener("DOMContentLoaded", () => {
  const step = document.getElementById("replay-step");
  if (!step) return;
  new MutationObserver(() => {
    if (window.firstShown === null && /^move \\d+ of \\d+/.test(step.textContent)) {
      window.firstShown = performance.now();
    }
  }).observe(step, {childList: true, characterData: true, subtree: true});
});
"""

_LOBBY_JS = """
window.firstShown = null;
document.addEventListener("DOMContentLoaded", () => {
  const select = document.getElementById("game");
  new MutationObserver(() => {
    if (window.firstShown === null && select.options.length) window.firstShown = performance.now();
  }).observe(select, {childList: true});
});
"""

_BYTES_JS = """
const entries = [performance.getEntriesByType("navigation")[0],
                 ...performance.getEntriesByType("resource")];
return entries.reduce((sum, entry) => sum + (entry.transferSize || 0), 0);
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def request(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    call = urllib.request.Request(url, data=data)
    if data is not None:
        call.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(call, timeout=60) as response:
        return json.loads(response.read())


def finished_tables(base: str, repeats: int) -> dict[tuple[str, str, int], list[str]]:
    """``repeats`` tables of bots only per game, played to their end."""
    made: dict[tuple[str, str, int], list[str]] = {}
    for game, preset, players in GAMES:
        body = {"game": game, "preset": preset, "players": players, "seats": ["random"] * players}
        made[(game, preset, players)] = [
            request(f"{base}/api/tables", body)["id"] for _ in range(repeats)
        ]
    deadline = time.monotonic() + 600
    for ids in made.values():
        for table_id in ids:
            while request(f"{base}/api/tables/{table_id}")["status"] != "over":
                if time.monotonic() > deadline:
                    raise RuntimeError(f"table {table_id} did not finish in 10 minutes")
                time.sleep(0.2)
    return made


def browser() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM") or shutil.which("chromium") or ""
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,800",
    ):
        options.add_argument(argument)
    driver_path = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver") or ""
    return webdriver.Chrome(options=options, service=Service(executable_path=driver_path))


def open_timed(driver: Any, url: str, watch: str) -> tuple[float, int]:
    """Open ``url`` (a fresh document each time) and wait until ``watch`` saw it shown; the
    milliseconds from the start of the navigation, and the bytes fetched."""
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": watch})
    try:
        driver.get("about:blank")
        driver.get(url)
        deadline = time.monotonic() + 120
        while True:
            shown = driver.execute_script("return window.firstShown;")
            if shown is not None:
                return float(shown), int(driver.execute_script(_BYTES_JS))
            if time.monotonic() > deadline:
                raise RuntimeError(f"{url} showed nothing in 120 s")
            time.sleep(0.01)
    finally:
        driver.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="tables per game (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "sticheln", "serve", "--port", str(port)]
        command += ["--db", str(Path(work) / "web.sqlite3"), "--tables-per-client", "100"]
        with (Path(work) / "server.log").open("wb") as log:
            server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        driver = None
        try:
            for _ in range(300):
                try:
                    request(f"{base}/api/games")
                    break
                except OSError:
                    time.sleep(0.1)
            tables = finished_tables(base, args.repeats)
            driver = browser()
            lobby = [open_timed(driver, f"{base}/", _LOBBY_JS)[0] for _ in range(args.repeats)]
            results: dict[str, Any] = {"lobby_ms": statistics.median(lobby), "games": []}
            for (game, preset, players), ids in tables.items():
                cold, warm, sizes = [], [], []
                for table_id in ids:
                    shown, size = open_timed(driver, f"{base}/replay/{table_id}", _WATCH_JS)
                    cold.append(shown)
                    sizes.append(size)
                    warm.append(open_timed(driver, f"{base}/replay/{table_id}", _WATCH_JS)[0])
                moves = request(f"{base}/api/tables/{ids[0]}")["moves"]
                results["games"].append(
                    {
                        "game": f"{game} {preset} {players}p",
                        "cold_ms": statistics.median(cold),
                        "warm_ms": statistics.median(warm),
                        "bytes": statistics.median(sizes),
                        "moves": moves,
                    }
                )
        finally:
            if driver is not None:
                driver.quit()
            server.terminate()
            server.wait(timeout=30)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"lobby (reference)  {results['lobby_ms']:8.0f} ms")
    for row in results["games"]:
        ratio = row["cold_ms"] / results["lobby_ms"]
        print(
            f"{row['game']:<26} {row['moves']:4} moves  cold {row['cold_ms']:6.0f} ms "
            f"({ratio:5.1f}x lobby)  warm {row['warm_ms']:6.0f} ms  "
            f"fetched {row['bytes'] / 1024:6.0f} KiB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
