"""Reading a record of any game: :func:`load_record`, the library's ``chess.pgn.read_game``.

A record names its game in its ``game`` field; :func:`load_record` finds that game in the
registry (:func:`~sticheln.find_game`), with the rules the record was played with, reads the
record with the game's record class and replays it. What comes back, a
:class:`RecordedGame`, holds the game object, the record and the state the record leads to,
so that a program that does not know which game it was given can show it, step through it
or play on with one call.

>>> import sticheln as st
>>> name = next(iter(st.GAME_NAMES))  # any registered game
>>> preset = st.find_game(name).info.presets[-1]
>>> game = st.find_game(name, preset)
>>> state = game.new_game(game.info.default_players, seed=5)
>>> for _ in range(3):
...     player = game.players_to_act(state)[0]
...     state = game.apply_move(state, game.legal_moves(state, player)[0])
>>> recorded = st.load_record(game.to_json(state))
>>> recorded.game.name == name, recorded.game.info.rules_name == preset, len(recorded.moves)
(True, True, 3)
>>> recorded.state == state, recorded.game.is_over(recorded.state)
(True, False)

A text that is no record of a registered game raises :exc:`~sticheln.RecordError` (a
``ValueError``) saying what is wrong:

>>> try:
...     st.load_record('{"format": "sticheln-record", "game": "skat"}')
... except st.RecordError as error:
...     print(str(error).split(";")[0])
field 'game': no game 'skat' is registered
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final, Generic, TypeVar

import attrs

from sticheln.core.errors import RecordError, WrongTypeError, excerpt
from sticheln.core.kit import BaseGame
from sticheln.core.protocol import Game
from sticheln.core.records import RECORD_FORMAT, Record, parse_json
from sticheln.core.registry import GAME_NAMES, find_game

__all__ = ["RecordedGame", "load_record"]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")

_NAMES_SHOWN: Final = 20
"""The most game names that the error for an unknown game lists."""


@attrs.frozen
class RecordedGame(Generic[StateT, MoveT]):
    """A record read by :func:`load_record`: the game it names, the record itself and the
    state it leads to."""

    game: Game[StateT, MoveT, Any]
    """The game the record's ``game`` field names, with the record's rules (its
    ``info.rules_name`` is the name of the record's rules)."""
    record: Record[Any, MoveT, StateT]
    """The record, an instance of the game's record class (a
    :class:`~sticheln.core.Record`): rules, players, deals, moves, seed and tags."""
    state: StateT
    """The state after every recorded move: what :meth:`Game.from_json
    <sticheln.Game.from_json>` gives."""

    @property
    def moves(self) -> tuple[MoveT, ...]:
        """The recorded moves, in the order made."""
        return self.record.moves

    @property
    def first_state(self) -> StateT:
        """The state the recorded game started from, before its first move."""
        return self.record.replay(moves=0)

    def states(self) -> Iterator[StateT]:
        """The states of the recorded game in order: the first state, then the state after
        each move, the last one :attr:`state`; one more than there are :attr:`moves`."""
        state = self.first_state
        yield state
        for move in self.record.moves:
            state = self.game.apply_move(state, move)
            yield state


def load_record(
    text: str | bytes, *, game: Game[Any, Any, Any] | None = None
) -> RecordedGame[Any, Any]:
    """Read the record of a game of any registered game (:data:`~sticheln.GAME_NAMES`), as
    :meth:`Game.to_json <sticheln.Game.to_json>` and each game's record class write it.

    The record's ``game`` field names the game, found with :func:`~sticheln.find_game`;
    the game object comes with the record's rules (the preset of that name when the rules
    are one, the record's own rules otherwise). The record is read by the game's record class
    and replayed, every move checked.

    >>> import sticheln as st
    >>> game = st.find_game(next(iter(st.GAME_NAMES)))  # any registered game
    >>> state = game.new_game(game.info.default_players, seed=5)
    >>> state = game.apply_move(state, game.legal_moves(state, game.players_to_act(state)[0])[0])
    >>> recorded = st.load_record(game.to_json(state))
    >>> recorded.game.name == game.name, recorded.state == state
    (True, True)
    >>> len(list(recorded.states())) == len(recorded.moves) + 1
    True

    ``game``, a game object, reads the record in place of the registry's game of that name:
    for a process that has the game object (a pickled one, say) but not its registration.
    The record's ``game`` field must be its name.

    :raises RecordError: for text that is not JSON, not a record (no ``format`` of
        ``"sticheln-record"``), a record of a game that is not registered (the message says
        which game, and lists the known ones), or a record its game refuses (the message
        names the field or the move number at fault).
    :raises WrongTypeError: if ``text`` is not a ``str`` or ``bytes``, or ``game`` is not
        ``None`` or a game built on :class:`~sticheln.core.kit.BaseGame`.
    """
    if game is not None and not isinstance(game, BaseGame):
        raise WrongTypeError(
            f"game must be a game built on sticheln.core.kit.BaseGame, got {excerpt(game)}"
        )
    data = parse_json(text)
    if not isinstance(data, Mapping):
        raise RecordError(f"record must be a JSON object, got {type(data).__name__}")
    if "game" not in data:
        raise RecordError("missing record field(s): game (the name of the record's game)")
    name = data["game"]
    if not isinstance(name, str):
        raise RecordError(f"field 'game': expected a game's name, got {excerpt(name)}")
    given = game is not None
    if game is not None:
        if name != game.name:
            raise RecordError(f"field 'game': a record of {excerpt(name)}, not of {game.name!r}")
    elif name not in GAME_NAMES:
        known = list(GAME_NAMES)
        listed = ", ".join(known[:_NAMES_SHOWN])
        if len(known) > _NAMES_SHOWN:
            listed += f" and {len(known) - _NAMES_SHOWN} more"
        raise RecordError(
            f"field 'game': no game {excerpt(name)} is registered; known games: {listed}"
        )
    if data.get("format") != RECORD_FORMAT:
        got = excerpt(data["format"]) if "format" in data else "no format field"
        raise RecordError(f"field 'format': expected {RECORD_FORMAT!r}, got {got}")
    if game is None:
        game = find_game(name)
    if not isinstance(game, BaseGame):
        raise RecordError(
            f"field 'game': the game {name!r} has no record class to read it with "
            "(a game built on sticheln.core.kit.BaseGame has one)"
        )
    record: Record[Any, Any, Any] = game.kit.record.from_dict(data)
    state = record.replay()
    if given and game.rules != record.rules:
        return RecordedGame(attrs.evolve(game, rules=record.rules), record, state)
    return RecordedGame(_with_rules(game, record.rules), record, state)


def _with_rules(game: BaseGame[Any, Any, Any, Any], rules: Any) -> Game[Any, Any, Any]:
    """``game`` with ``rules``: its preset of the rules' name when that preset is ``rules``,
    else the game object with ``rules`` put in."""
    if game.rules == rules:
        return game
    name = getattr(rules, "name", None)
    if isinstance(name, str) and name in game.kit.presets:
        preset = find_game(game.kit.name, name)
        if getattr(preset, "rules", None) == rules:
            return preset
    evolved: Game[Any, Any, Any] = attrs.evolve(game, rules=rules)
    return evolved
