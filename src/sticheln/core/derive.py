"""What a game's :class:`~sticheln.core.GameKit` works out for itself when the game leaves a
field out: the wire format, the events, the record, and the texts of its moves, each from the
game's functions and the annotations of their arguments.

- **The classes**: the state is what ``new_game`` returns, the view what ``observe``
  returns, the moves the type of ``apply_move``'s move (a class, or a union of classes), each
  read from the functions' annotations.
- **The wire format** (``wire``): those view and move classes, and the events of
  :func:`derived_events`.
- **The record** (``record``): a :class:`~sticheln.core.Record` of every move of a player and a
  card (each move class's ``kind`` is its name in lower case, words joined by ``_``), which
  reads the rules with their ``from_dict``, starts the recorded game with ``new_game`` given
  the record's deals, and records a state from its ``setup``
  (:class:`~sticheln.GameSetup`) and its ``moves``.
- **The move texts** (``move_text``, ``parse_move``): for moves that each play a ``card``,
  the card's name, read back among the player's legal moves
  (:func:`~sticheln.core.moves.find_card_move`).

A game whose classes do not fit one of these gives the field itself; the kit says which field
and why when it cannot derive one.
"""

from __future__ import annotations

import inspect
import re
import typing
import weakref
from collections.abc import Callable, Mapping
from types import MappingProxyType, UnionType
from typing import Any, ClassVar, TypeVar, Union

import attrs

from sticheln.core.cards import Card
from sticheln.core.errors import WrongTypeError
from sticheln.core.explain import TrickExplanation
from sticheln.core.moves import find_card_move
from sticheln.core.records import Record, record_schema
from sticheln.core.setup import check_type
from sticheln.core.tricks import Trick
from sticheln.core.wire import GameWire, WireValue, events_from_views

__all__ = [
    "derived_events",
    "derived_move_text",
    "derived_parse_move",
    "derived_record",
    "derived_wire",
    "is_derived",
    "move_types",
    "state_type",
    "view_type",
]


T = TypeVar("T")

_DERIVED: weakref.WeakSet[Any] = weakref.WeakSet()
"""The functions and classes made here, so that a kit tells what it derived from what it was
given (:meth:`GameKit.evolve <sticheln.core.GameKit.evolve>` derives those anew)."""


def _made(value: T) -> T:
    _DERIVED.add(value)
    return value


def is_derived(value: object) -> bool:
    """Whether ``value`` (a function, a record class, a :class:`GameWire`) was made here."""
    if isinstance(value, GameWire):
        value = value.events
    try:
        return value in _DERIVED
    except TypeError:
        return False


def _hints(function: Callable[..., Any], game: str) -> dict[str, Any]:
    try:
        return typing.get_type_hints(function)
    except Exception as exc:  # an annotation that names what its module does not define
        raise WrongTypeError(
            f"game {game!r}: the annotations of {function.__name__} cannot be read ({exc})"
        ) from None


def _classes(hint: object) -> tuple[type, ...]:
    """The classes a hint names: a class, or each class of a union."""
    if typing.get_origin(hint) in (Union, UnionType):
        return tuple(c for c in typing.get_args(hint) if isinstance(c, type))
    return (hint,) if isinstance(hint, type) else ()


def _returned(function: Callable[..., Any], game: str, what: str, field: str) -> type:
    found = _classes(_hints(function, game).get("return"))
    if len(found) != 1 or not attrs.has(found[0]):
        raise WrongTypeError(
            f"game {game!r}: {function.__name__} must be annotated to return its {what} "
            f"class (an attrs class), or the kit given {field}"
        )
    return found[0]


def state_type(new_game: Callable[..., Any], game: str) -> type:
    """The class of the game's states: what ``new_game`` is annotated to return.

    :raises WrongTypeError: if it is not annotated with one attrs class.
    """
    return _returned(new_game, game, "state", "record")


def view_type(observe: Callable[..., Any], game: str) -> type[WireValue]:
    """The class of the game's views: what ``observe`` is annotated to return.

    :raises WrongTypeError: if it is not annotated with one attrs class of the wire format.
    """
    view = _returned(observe, game, "view", "wire")
    if not issubclass(view, WireValue):
        raise WrongTypeError(f"game {game!r}: its view class {view.__name__} is no WireValue")
    return view


def move_types(apply_move: Callable[..., Any], game: str) -> tuple[type[WireValue], ...]:
    """The classes of the game's moves: the annotation of ``apply_move``'s second argument.

    :raises WrongTypeError: if it is not annotated with attrs classes of the wire format.
    """
    names = list(inspect.signature(apply_move).parameters)
    hint = _hints(apply_move, game).get(names[1]) if len(names) > 1 else None
    found = _classes(hint)
    if not found or not all(attrs.has(c) and issubclass(c, WireValue) for c in found):
        raise WrongTypeError(
            f"game {game!r}: the move argument of {apply_move.__name__} must be annotated "
            "with its move classes (attrs classes that derive from WireValue), or the kit "
            "given wire"
        )
    return typing.cast("tuple[type[WireValue], ...]", found)


def _plays_cards(moves: tuple[type, ...]) -> bool:
    """Whether every class of ``moves`` is a player and a card, and nothing else."""
    return all([f.name for f in attrs.fields(c)] == ["player", "card"] for c in moves)


def derived_move_text(moves: tuple[type[WireValue], ...], game: str) -> Callable[[Any], str]:
    """The ``move_text`` of moves that each play a card: the card's name (``"R7"``).

    :raises WrongTypeError: for moves that are not each a player and a card.
    """
    if not _plays_cards(moves):
        raise WrongTypeError(
            f"game {game!r}: its moves are not each a player and a card: give the kit "
            "move_text and parse_move"
        )

    def move_text(move: Any) -> str:
        """The name of the move's card (``"R7"``).

        :raises WrongTypeError: if ``move`` is not a move of the game.
        """
        checked: Any = check_type(move, moves, "move")
        return str(checked.card)

    return _made(move_text)


def derived_parse_move(
    moves: tuple[type[WireValue], ...],
    legal_moves: Callable[[Any, int], tuple[Any, ...]],
    apply_move: Callable[[Any, Any], Any],
) -> Callable[[Any, int, str], Any]:
    """The ``parse_move`` of moves that each play a card: the legal move of the player that
    plays the card the text names; for a card the player cannot play, the game's
    ``apply_move`` says why (of a game with one move class)."""

    def parse_move(state: Any, player: int, text: str) -> Any:
        """The legal move of ``player`` that plays the card ``text`` names (``"R7"``).

        :raises InvalidMoveError: if ``text`` names no card.
        :raises IllegalMoveError: if the player cannot play it now, saying why.
        """
        legal = legal_moves(state, player)

        def explain(card: Card) -> None:
            if len(moves) == 1:
                make: Any = moves[0]
                apply_move(state, make(player, card))

        return find_card_move(text, legal, explain)

    return _made(parse_move)


def _event_types(game: str) -> tuple[type[Any], type[Any]]:
    """The game's classes of a trick taken and of the game's end."""

    @attrs.frozen
    class TrickTaken(WireValue):
        """A trick is complete: who played which card and who takes it, and why, when the
        game explains its tricks."""

        wire_game: ClassVar[str] = game
        trick: Trick
        explanation: TrickExplanation | None = None

    @attrs.frozen
    class GameOver(WireValue):
        """The game has ended: the final scores and the winners."""

        wire_game: ClassVar[str] = game
        scores: tuple[int, ...]
        winners: tuple[int, ...]

    return TrickTaken, GameOver


def derived_events(
    game: str,
    observe: Callable[[Any, int], Any],
    apply_move: Callable[[Any, Any], Any],
    explain_trick: Callable[[Any, Any], TrickExplanation] | None,
) -> tuple[tuple[type[WireValue], ...], Callable[[Any, Any, int], tuple[WireValue, ...]]]:
    """The event classes and the ``events`` of a game that gives none: the move itself;
    then, when the player's view lists one more finished trick in its ``tricks`` (kernel
    :class:`~sticheln.Trick` values), a ``TrickTaken`` with that trick and, for a game that
    explains its tricks, its explanation under the view's ``rules``; and a ``GameOver``
    with the scores and winners once the game has ended."""
    trick_taken, game_over = _event_types(game)

    def view_events(before: Any, after: Any, move: Any) -> tuple[WireValue, ...]:
        found: list[WireValue] = [move]
        done: Any = getattr(after, "tricks", ())
        if len(done) > len(getattr(before, "tricks", ())) and isinstance(done[-1], Trick):
            trick = done[-1]
            explained = None
            if explain_trick is not None:
                explained = explain_trick(after.rules, trick.cards)
            found.append(trick_taken(trick, explained))
        return tuple(found)

    from_views = events_from_views(observe, apply_move, view_events, __name__)

    def events(state: Any, move: Any, player: int) -> tuple[WireValue, ...]:
        found = from_views(state, move, player)
        later = apply_move(state, move)
        if later.is_over:
            found = (*found, game_over(later.scores, later.winners))
        return found

    events.__doc__ = from_views.__doc__
    return (trick_taken, game_over), _made(events)


def derived_wire(
    game: str,
    observe: Callable[[Any, int], Any],
    apply_move: Callable[[Any, Any], Any],
    explain_trick: Callable[[Any, Any], TrickExplanation] | None,
) -> GameWire[Any, Any]:
    """The wire format of a game that gives none: its view and move classes from the
    annotations of ``observe`` and ``apply_move``, and the events of :func:`derived_events`.

    :raises WrongTypeError: for functions not annotated with the classes.
    """
    moves = move_types(apply_move, game)
    event_types, events = derived_events(game, observe, apply_move, explain_trick)
    return GameWire(
        view=view_type(observe, game),
        moves=moves,
        event_types=(*moves, *event_types),
        events=events,
    )


def _kind(cls: type) -> str:
    """A move class's ``kind`` in records: ``PlayCard`` → ``play_card``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def derived_record(
    game: str,
    title: str,
    presets: Mapping[str, Any],
    new_game: Callable[..., Any],
    apply_move: Callable[[Any, Any], Any],
    moves: tuple[type[WireValue], ...],
) -> type[Record[Any, Any, Any]]:
    """The record class of a game that gives none (version 1 of its layout).

    :raises WrongTypeError: for moves that are not each a player and a card, a state with no
        ``setup``, or rules with no ``from_dict``.
    """
    state = state_type(new_game, game)
    fields = {f.name: f for f in attrs.fields(state)}
    if not _plays_cards(moves):
        raise WrongTypeError(
            f"game {game!r}: its moves are not each a player and a card: give the kit a record"
        )
    if "setup" not in fields or not hasattr(state, "moves"):
        raise WrongTypeError(
            f"game {game!r}: its state {state.__name__} needs a setup (a GameSetup) and "
            "moves, or the kit given a record"
        )
    rules = type(next(iter(presets.values())))
    if not callable(getattr(rules, "from_dict", None)):
        raise WrongTypeError(f"game {game!r}: its rules {rules.__name__} have no from_dict")
    kinds = {_kind(cls): cls for cls in moves}
    kind_of = {cls: kind for kind, cls in kinds.items()}

    class DerivedRecord(Record[Any, Any, Any]):
        GAME = game
        VERSION = 1
        STATE = state
        KINDS = MappingProxyType(kinds)

        def _start(self) -> Any:
            return new_game(
                self.players, self.seed, self.rules, self.first_leader, deals=self.deals
            )

        @staticmethod
        def _apply(state: Any, move: Any) -> Any:
            return apply_move(state, move)

        @staticmethod
        def _kind(move: Any) -> str:
            return kind_of[type(move)]

        @classmethod
        def _read_rules(cls, data: object) -> Any:
            return rules.from_dict(data)

        @classmethod
        def json_schema(cls) -> dict[str, Any]:
            schema = getattr(rules, "json_schema", None)
            return record_schema(cls, title, {"type": "object"} if schema is None else schema())

    name = "".join(word.capitalize() for word in re.split(r"[^A-Za-z0-9]+", title)) + "Record"
    DerivedRecord.__name__ = DerivedRecord.__qualname__ = name
    DerivedRecord.__module__ = new_game.__module__
    DerivedRecord.__doc__ = f"A whole game of {title} as data (the record the kit derives)."
    made: type[Record[Any, Any, Any]] = attrs.frozen(DerivedRecord)
    return _made(made)
