"""The JSON a table sends: its public information, and the messages of the websocket
protocol (``welcome``, ``state``, ``events``, ``error``) for one seat or a spectator.

Everything here is pure: it reads a table's game and state and builds dictionaries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sticheln.core import SPECTATOR
from sticheln.core.i18n import gettext as _
from sticheln.core.protocol import Game
from sticheln.core.references import resolve
from sticheln.web.text import one_line

__all__ = [
    "ERROR_CODES",
    "deal_scores",
    "error_message",
    "events_message",
    "legal_moves",
    "seat_names",
    "state_message",
]

ERROR_CODES = frozenset(
    {
        "bad-json",
        "too-large",
        "bad-message",
        "bad-token",
        "not-joined",
        "spectator",
        "not-your-turn",
        "illegal-move",
        "invalid-move",
        "game-over",
        "closed",
        "storage",
        "not-over",
        "too-many-tables",
        "too-long",
        "too-fast",
        "no-timer",
    }
)
"""The codes of the ``error`` messages."""


def error_message(code: str, message: str) -> dict[str, Any]:
    """An ``error`` message: its code and one bounded line saying what was wrong."""
    assert code in ERROR_CODES, code
    return {"type": "error", "code": code, "message": one_line(message)}


def seat_names(seats: Sequence[str], names: Sequence[str | None]) -> list[str]:
    """The name shown for each seat: the one given, else ``Player N`` for a person and
    ``Bot N (spec)`` for a bot (counting seats from 1, as people do), in the current
    language (:mod:`sticheln.core.i18n`)."""
    shown = []
    for seat, (kind, name) in enumerate(zip(seats, names, strict=True)):
        if name:
            shown.append(name)
        elif kind == "human":
            shown.append(_("Player {number}").format(number=seat + 1))
        else:
            shown.append(_("Bot {number} ({bot})").format(number=seat + 1, bot=kind))
    return shown


def legal_moves(
    game: Game[Any, Any, Any], state: Any, seat: int | None, view: Any = None
) -> list[dict[str, Any]]:
    """The legal moves of ``seat`` with their texts and, where the game says what a move
    would do (:attr:`~sticheln.GameInfo.move_hint`, read from ``view``, the seat's), its
    ``hint``; empty for a spectator or a seat that may not act now."""
    if seat is None or seat not in game.players_to_act(state):
        return []
    hint = resolve(game.info.move_hint, f"the move hints of {game.info.title}")
    if hint is not None and view is None:
        view = game.observe(state, seat)
    listed = []
    for move in game.legal_moves(state, seat):
        entry = {"move": move.to_dict(), "text": game.move_text(move)}
        said = None if hint is None else hint(view, move)
        if said is not None:
            entry["hint"] = one_line(said, 120)
        listed.append(entry)
    return listed


def deal_scores(game: Game[Any, Any, Any], state: Any) -> list[int] | None:
    """Every seat's points of the deal in progress as they stand (the totals of the game's
    :meth:`~sticheln.Game.explain_score` of ``state``), where the game declares them public
    (:attr:`~sticheln.GameInfo.deal_scores_public`); ``None`` where it does not, where it
    explains no scores, and once the game is over."""
    if not game.info.deal_scores_public or game.is_over(state):
        return None
    points = []
    for seat in range(len(game.scores(state))):
        explanation = game.explain_score(state, seat)
        if explanation is None:
            return None
        points.append(explanation.total)
    return points


def state_message(
    game: Game[Any, Any, Any],
    state: Any,
    moves: int,
    seat: int | None,
    deal: list[int] | None = None,
) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (``None``: a spectator) after ``moves`` moves:
    its view, its legal moves, who acts, who would take each open trick, the scores, and
    ``deal``, the points of the deal in progress as they stand (:func:`deal_scores`: the same
    for every seat, worked out once per move by the caller), or ``None``."""
    view = game.observe(state, SPECTATOR if seat is None else seat)
    takers = game.would_take(view)
    return {
        "type": "state",
        "moves": moves,
        "view": view.to_dict(),
        "legal": legal_moves(game, state, seat, view),
        "to_act": list(game.players_to_act(state)),
        "takers": list(takers),
        "scores": list(game.scores(state)),
        "deal_scores": deal,
        "over": game.is_over(state),
        "winners": list(game.winners(state)),
    }


def events_message(
    game: Game[Any, Any, Any], before: Any, move: Any, moves: int, seat: int | None
) -> dict[str, Any]:
    """The ``events`` message for ``seat`` (``None``: a spectator) of the move that was
    made in ``before`` and brought the game to ``moves`` moves."""
    events = game.events(before, move, SPECTATOR if seat is None else seat)
    return {"type": "events", "moves": moves, "events": [event.to_dict() for event in events]}
