"""Records of Stichling games: everything needed to replay a game, as versioned JSON.

The JSON has the layout of every record of the library (format ``"sticheln-record"``), with
``"game": "stichling"`` and Stichling's rules. Its moves are objects with ``player`` and
``kind`` like those of the other games, and the fields their kind needs: ``"arrange"`` has an
``order`` (the three values), ``"open"`` a ``card``, and ``"add"`` a ``card`` and a ``trick``
(the index among the open tricks, from 0).

>>> state = new_game(players=2, seed=5)
>>> state = apply_move(state, legal_moves(state, 0)[0])
>>> StichlingRecord.from_state(state).to_dict()["moves"]
[{'player': 0, 'kind': 'arrange', 'order': [1, 2, 3]}]
>>> StichlingRecord.from_json(StichlingRecord.from_state(state).to_json()).replay() == state
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from sticheln.core.errors import IllegalMoveError, RecordError, WrongTypeError, excerpt
from sticheln.core.records import Record, read_card, read_seat
from sticheln.stichling.engine import apply_move, game_setup, start_game
from sticheln.stichling.moves import AddToTrick, ArrangePoints, OpenTrick, StichlingMove
from sticheln.stichling.rules import StichlingRules
from sticheln.stichling.state import StichlingState

__all__ = ["STICHLING_RECORD_VERSION", "StichlingRecord"]

STICHLING_RECORD_VERSION: Final = 1
"""The version of the Stichling record layout this library writes and reads."""

_MOVE_FIELDS: Final = {
    "arrange": ("player", "kind", "order"),
    "open": ("player", "kind", "card"),
    "add": ("player", "kind", "card", "trick"),
}
"""The keys of each kind of move in the ``moves`` field."""


@attrs.frozen
class StichlingRecord(Record[StichlingRules, StichlingMove, StichlingState]):
    """A whole game of Stichling as data: rules, players, the first leader, the deal of every
    hand and every move in order.

    In the JSON (:meth:`to_json`) the ``game`` is ``"stichling"``, and the moves are of the
    kinds ``"arrange"`` (:class:`ArrangePoints`, with an ``order``), ``"open"``
    (:class:`OpenTrick`, with a ``card``) and ``"add"`` (:class:`AddToTrick`, with a
    ``card`` and a ``trick``).
    """

    GAME = "stichling"
    VERSION = STICHLING_RECORD_VERSION
    STATE = StichlingState

    def _start(self) -> StichlingState:
        return start_game(
            game_setup(self.rules, self.players, self.first_leader, self.seed, self.deals)
        )

    _apply = staticmethod(apply_move)

    @staticmethod
    def _kind(move: StichlingMove) -> str:
        if isinstance(move, ArrangePoints):
            return "arrange"
        return "open" if isinstance(move, OpenTrick) else "add"

    @classmethod
    def _write_move(cls, move: StichlingMove) -> dict[str, object]:
        """One move as an object of the ``moves`` field, with the fields of its kind."""
        if isinstance(move, ArrangePoints):
            return {"player": move.player, "kind": "arrange", "order": list(move.order)}
        if isinstance(move, OpenTrick):
            return {"player": move.player, "kind": "open", "card": str(move.card)}
        return {"player": move.player, "kind": "add", "card": str(move.card), "trick": move.trick}

    @classmethod
    def _read_move(cls, item: object, where: str) -> StichlingMove:
        """One object of the ``moves`` field as a move.

        :raises RecordError: naming ``where`` (the move number) and what is wrong.
        """
        kind = item.get("kind") if isinstance(item, Mapping) else None
        fields = _MOVE_FIELDS.get(kind) if isinstance(kind, str) else None
        if fields is None:
            kinds = ", ".join(map(repr, _MOVE_FIELDS))
            raise RecordError(
                f"{where}: expected an object whose kind is one of {kinds}, got {excerpt(item)}"
            )
        assert isinstance(item, Mapping)
        if set(item) != set(fields):
            raise RecordError(
                f"{where}: a move of kind {kind!r} has exactly the keys {', '.join(fields)}; "
                f"got {excerpt(item)}"
            )
        player = read_seat(item["player"], where)
        if kind == "arrange":
            order = item["order"]
            if (
                not isinstance(order, list)
                or len(order) != 3
                or not all(type(v) is int for v in order)
            ):
                raise RecordError(
                    f"{where}: order must be a list of three integers, got {excerpt(order)}"
                )
            return ArrangePoints(player, tuple(order))
        card = read_card(item["card"], where)
        if kind == "open":
            return OpenTrick(player, card)
        trick = item["trick"]
        try:
            return AddToTrick(player, card, trick)
        except (WrongTypeError, IllegalMoveError):
            raise RecordError(
                f"{where}: trick must be an integer from 0 to 3, got {excerpt(trick)}"
            ) from None

    @classmethod
    def _read_rules(cls, data: object) -> StichlingRules:
        return StichlingRules.from_dict(data)
