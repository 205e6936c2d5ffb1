"""The spectator link: the table without a hand, following the game as it is played."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .helpers import (
    MOVE_TIMEOUT,
    act,
    create_table,
    open_table,
    screenshot,
    snapshot,
    wait_for,
    wait_my_turn_or_over,
)


def test_spectator_sees_no_hand_and_follows(
    base: str, browser: Callable[..., WebDriver], screenshots: Path
) -> None:
    table = create_table(base, "sticheln", 4, ["human"] + ["heuristic"] * 3, seed=99)
    player = browser(1280, 900)
    watcher = browser(1280, 900)
    open_table(player, table.seat_links[0])
    seen = open_table(watcher, table.spectator)
    assert seen.seat == "spectator"
    assert seen.hand == []
    assert seen.legal == []
    assert seen.choices == []
    hand = watcher.find_elements(By.ID, "hand")
    assert not hand or not hand[0].find_elements(By.CSS_SELECTOR, ".card"), "#hand holds cards"
    assert not hand or not hand[0].is_displayed() or not hand[0].text.strip()
    assert not watcher.find_element(By.ID, "move-input").is_displayed()
    assert watcher.find_elements(By.CSS_SELECTOR, "#players .player[data-seat]"), "#players"

    rng = random.Random("spectator")
    played: list[str] = []
    for _ in range(10):
        shot = wait_my_turn_or_over(player)
        assert shot.over == "false"
        after = act(player, rng, shot)
        played += [card for card in shot.hand if card not in after.hand]
        wait_my_turn_or_over(player)
        mine = snapshot(player)
        # The spectator's page follows the player's, and shows none of the player's cards.
        wait_for(
            watcher,
            lambda d, n=mine.moves: snapshot(d).moves == n,
            MOVE_TIMEOUT,
            f"the spectator's page never showed move {mine.moves}",
        )
        view = snapshot(watcher)
        assert view.seat == "spectator"
        assert view.hand == []
        leaked = set(view.allCards) & set(mine.hand)
        assert not leaked, f"the spectator sees cards of seat 0's hand: {sorted(leaked)}"
    # After the pain cards, the cards played are on the table for all to see.
    assert played
    shown = set(snapshot(watcher).allCards)
    after_pain = played[1:]
    assert after_pain
    assert set(after_pain) <= shown, (after_pain, shown)
    screenshot(watcher, screenshots / "spectator.png")
