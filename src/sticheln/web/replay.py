"""The replay of a finished game, move by move: frame 0 is the start, then one frame per
move, each with the move and its public events (light, cheap to make), and the public view,
who would take each open trick, the scores and every seat's hand (the game being over,
nothing is hidden any more; heavy: a view of every seat per frame).

``GET /api/tables/{id}/replay`` sends the whole document. The replay page fetches it in two
parts so that a long game opens at once: ``/replay/moves`` (:func:`replay_index`, the light
half of every frame) and ``/replay/frames?from=K&count=N`` (:func:`replay_frames`, the heavy
half of at most :data:`MAX_PAGE` frames from frame ``K``).

>>> from sticheln import find_game
>>> game = find_game("sticheln", "tiny")
>>> state = game.new_game(3, seed=1)
>>> move = game.legal_moves(state, 0)[0]
>>> index = replay_index(game, 3, 1, ["Ann", "Bob", "Cy"], [move])
>>> index["frames"], [frame["text"] for frame in index["moves"]]
(2, [None, 'R0'])
>>> page = replay_frames(game, 3, 1, [move], start=1, count=5)
>>> page["from"], len(page["frames"]), sorted(page["frames"][0])
(1, 1, ['hands', 'scores', 'takers', 'view'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from sticheln.core import SPECTATOR
from sticheln.core.protocol import Game
from sticheln.web.renderers import renderer_url

__all__ = ["DEFAULT_PAGE", "MAX_PAGE", "replay_document", "replay_frames", "replay_index"]

DEFAULT_PAGE = 20
"""The frames of a page when the request names no ``count``."""

MAX_PAGE = 50
"""The most frames one request for frames gets (each costs a view of every seat)."""


def _hands(game: Game[Any, Any, Any], state: Any, players: int) -> list[list[str]]:
    """Every seat's hand in ``state``, as card names."""
    return [list(game.observe(state, seat).to_dict().get("hand", [])) for seat in range(players)]


def _shown(game: Game[Any, Any, Any], state: Any, players: int) -> dict[str, Any]:
    """The heavy half of a frame: what the table shows in ``state``."""
    view = game.observe(state, SPECTATOR)
    return {
        "view": view.to_dict(),
        "takers": list(game.would_take(view)),
        "scores": list(game.scores(state)),
        "hands": _hands(game, state, players),
    }


def _states(
    game: Game[Any, Any, Any], players: int, seed: int, moves: Sequence[Any]
) -> Iterator[Any]:
    """The state before the first move, then after each move."""
    state = game.new_game(players, seed=seed)
    yield state
    for move in moves:
        state = game.apply_move(state, move)
        yield state


def _header(game: Game[Any, Any, Any], players: int, names: Sequence[str]) -> dict[str, Any]:
    return {
        "game": game.info.name,
        "renderer": renderer_url(game),
        "preset": game.info.rules_name,
        "players": players,
        "names": list(names),
    }


def replay_index(
    game: Game[Any, Any, Any], players: int, seed: int, names: Sequence[str], moves: Sequence[Any]
) -> dict[str, Any]:
    """The light half of every frame of the game of ``players`` players dealt from ``seed``
    and played with ``moves``: ``{"game", "renderer", "preset", "players", "names",
    "frames", "moves"}``, ``frames`` their number and ``moves`` per frame its ``move``,
    ``text``, ``player`` and ``events`` (``None``, ``None``, ``None``, ``[]`` for frame 0)."""
    light: list[dict[str, Any]] = [{"move": None, "text": None, "player": None, "events": []}]
    state = game.new_game(players, seed=seed)
    for move in moves:
        light.append(
            {
                "move": move.to_dict(),
                "text": game.move_text(move),
                "player": game.player_of(move),
                "events": [event.to_dict() for event in game.events(state, move, SPECTATOR)],
            }
        )
        state = game.apply_move(state, move)
    return {**_header(game, players, names), "frames": len(light), "moves": light}


def replay_frames(
    game: Game[Any, Any, Any],
    players: int,
    seed: int,
    moves: Sequence[Any],
    *,
    start: int,
    count: int,
) -> dict[str, Any]:
    """The heavy half of the frames ``start`` to ``start + count - 1`` (those that exist):
    ``{"from": start, "frames": [{"view", "takers", "scores", "hands"}, ...]}``."""
    frames = []
    for number, state in enumerate(_states(game, players, seed, moves[: start + count - 1])):
        if number >= start:
            frames.append(_shown(game, state, players))
    return {"from": start, "frames": frames}


def replay_document(
    game: Game[Any, Any, Any], players: int, seed: int, names: Sequence[str], moves: Sequence[Any]
) -> dict[str, Any]:
    """The whole replay: ``{"game", "renderer", "preset", "players", "names", "frames"}``,
    each frame both halves."""
    index = replay_index(game, players, seed, names, moves)
    frames = [
        {**light, **_shown(game, state, players)}
        for light, state in zip(index["moves"], _states(game, players, seed, moves), strict=True)
    ]
    return {**_header(game, players, names), "frames": frames}
