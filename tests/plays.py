"""Helpers of the wire-format and encoding tests: random games of any game on the protocol,
JSON round trips, and the card names in JSON data."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

from sticheln.core.wire import WireValue

CARD_NAME = re.compile(r"^[RYGBPA]([0-9]|1[0-9]|20)$")
"""A card's name as the wire format writes it."""


def random_plays(
    game: Any, players: int, seed: int, rng_seed: int | None = None
) -> Iterator[tuple[Any, Any]]:
    """Every ``(state, move)`` of a random game dealt from ``seed`` (moves drawn from
    ``rng_seed``, by default ``seed``); the last state comes with ``None``."""
    rng = random.Random(seed if rng_seed is None else rng_seed)
    state = game.new_game(players, seed=seed)
    while not game.is_over(state):
        player = rng.choice(game.players_to_act(state))
        move = rng.choice(game.legal_moves(state, player))
        yield state, move
        state = game.apply_move(state, move)
    yield state, None


def round_trip(value: WireValue) -> None:
    """Check that ``value`` reads back equal from its JSON text."""
    data = json.loads(json.dumps(value.to_dict(), allow_nan=False))
    assert type(value).from_dict(data) == value


def card_names(data: object) -> Iterator[str]:
    """Every string of JSON data that names a card."""
    if isinstance(data, str):
        if CARD_NAME.match(data):
            yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from card_names(value)
    elif isinstance(data, list):
        for value in data:
            yield from card_names(value)
