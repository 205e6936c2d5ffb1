"""Two people at one table, each in a browser of their own: a whole game of Stichling for
two, human against human. Each page shows its own seat's hand, exactly the hand the server
dealt that seat at that move, and never a card of the other seat's hand."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import Snapshot, create_table, open_table, page_scores, play_to_end, screenshot


def test_two_humans_see_only_their_own_hands(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, "stichling", 2, ["human", "human"], names=["Ann", "Bob"], seed=77)
    drivers = {0: browser(1280, 900), 1: browser(1280, 900)}
    for seat, driver in drivers.items():
        shot = open_table(driver, table.seat_links[seat])
        assert shot.seat == str(seat)
        assert shot.hand, f"seat {seat} sees no hand"

    seen: list[tuple[int, Snapshot]] = []
    shots = {"taken": False}

    def watch(seat: int, shot: Snapshot) -> None:
        seen.append((seat, shot))
        if not shots["taken"] and (shot.moves or 0) >= 20:
            for other, driver in drivers.items():
                screenshot(driver, screenshots / f"two-humans-seat{other}.png")
            shots["taken"] = True

    ends = play_to_end(drivers, random.Random("two humans"), limit=420, on_snapshot=watch)
    assert all(shot.over == "true" for shot in ends.values())
    assert shots["taken"]

    # What each page showed, against every seat's hand at that move (the replay has them).
    frames = table.replay_document()["frames"]
    checked = 0
    for seat, shot in seen:
        if shot.moves is None:
            continue
        hands = frames[shot.moves]["hands"]
        other = 1 - seat
        assert sorted(shot.hand) == sorted(hands[seat]), (
            f"seat {seat}'s #hand after {shot.moves} moves is not its hand"
        )
        assert not set(shot.hand) & set(hands[other]), (
            f"seat {seat}'s #hand shows cards of seat {other}"
        )
        leaked = set(shot.allCards) & set(hands[other])
        assert not leaked, f"seat {seat}'s page shows seat {other}'s cards {sorted(leaked)}"
        checked += 1
    assert checked >= 2 * 30, checked
    assert page_scores(drivers[0], 2) == page_scores(drivers[1], 2)
