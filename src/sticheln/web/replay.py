"""The replay of a finished game, move by move, as ``GET /api/tables/{id}/replay`` sends
it: frame 0 is the start, then one frame per move, each with the public view, the public
events of the move, who would take each open trick, and every seat's hand (the game being
over, nothing is hidden any more).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sticheln.core import SPECTATOR
from sticheln.core.protocol import Game
from sticheln.web.renderers import renderer_url

__all__ = ["replay_document"]


def _hands(game: Game[Any, Any, Any], state: Any, players: int) -> list[list[str]]:
    """Every seat's hand in ``state``, as card names."""
    return [list(game.observe(state, seat).to_dict().get("hand", [])) for seat in range(players)]


def replay_document(
    game: Game[Any, Any, Any], players: int, seed: int, names: Sequence[str], moves: Sequence[Any]
) -> dict[str, Any]:
    """The replay of the game of ``players`` players dealt from ``seed`` and played with
    ``moves``: ``{"game", "preset", "players", "names", "frames"}``."""
    state = game.new_game(players, seed=seed)
    view = game.observe(state, SPECTATOR)
    frames: list[dict[str, Any]] = [
        {
            "move": None,
            "text": None,
            "player": None,
            "view": view.to_dict(),
            "takers": list(game.would_take(view)),
            "scores": list(game.scores(state)),
            "events": [],
            "hands": _hands(game, state, players),
        }
    ]
    for move in moves:
        events = game.events(state, move, SPECTATOR)
        text = game.move_text(move)
        state = game.apply_move(state, move)
        view = game.observe(state, SPECTATOR)
        frames.append(
            {
                "move": move.to_dict(),
                "text": text,
                "player": game.player_of(move),
                "view": view.to_dict(),
                "takers": list(game.would_take(view)),
                "scores": list(game.scores(state)),
                "events": [event.to_dict() for event in events],
                "hands": _hands(game, state, players),
            }
        )
    return {
        "game": game.info.name,
        "renderer": renderer_url(game),
        "preset": game.info.rules_name,
        "players": players,
        "names": list(names),
        "frames": frames,
    }
