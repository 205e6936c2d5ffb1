"""The protocol object of a game, built from the game's own functions: :class:`GameKit` holds
them, and :class:`BaseGame` turns them into the :class:`~sticheln.Game` protocol, so that a
game does not write its forwarding methods by hand.

A game defines its rules, moves, state, engine, view, sampling and record, gathers its
functions in one :class:`GameKit`, and declares its game class as a frozen subclass of
:class:`BaseGame` with that kit and its rules. :doc:`/adding-a-game` walks through a whole
small game built this way.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Generic, Protocol, Self, TypeVar, cast

import attrs

from sticheln.core import derive
from sticheln.core.cards import Card
from sticheln.core.encoding import Encoding
from sticheln.core.errors import NotProvidedError, RulesError, WrongTypeError, excerpt
from sticheln.core.explain import ScoreExplanation, TrickExplanation
from sticheln.core.protocol import GameInfo
from sticheln.core.records import Record, parse_json
from sticheln.core.rulesdata import find_preset
from sticheln.core.setup import (
    check_player_count,
    check_rng,
    check_seat_view,
    check_type,
    wrong_type,
)
from sticheln.core.wire import GameWire, WireValue, from_wire, wire_schema

__all__ = ["BaseGame", "GameKit", "GameRules", "GameState", "GameView"]


class GameState(Protocol):
    """What :class:`BaseGame` reads of a game's states."""

    @property
    def players_to_act(self) -> tuple[int, ...]:
        """The seats that may move now."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's points so far."""
        ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners once the game is over, else ``()``."""
        ...

    @property
    def deal_number(self) -> int:
        """The deal in progress, from 0 (the number of deals once the game is over)."""
        ...


class GameView(Protocol):
    """What :class:`BaseGame` reads of a game's views and moves: whose they are."""

    @property
    def player(self) -> int:
        """The seat of the player."""
        ...


class GameRules(Protocol):
    """What :class:`BaseGame` reads of a game's rules."""

    @property
    def name(self) -> str:
        """The rule set's name."""
        ...

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts the rules allow."""
        ...

    def to_dict(self) -> dict[str, object]:
        """The rules as JSON-compatible data."""
        ...


StateT = TypeVar("StateT", bound=GameState)
MoveT = TypeVar("MoveT", bound=GameView)
ViewT = TypeVar("ViewT", bound=GameView)
RulesT = TypeVar("RulesT", bound=GameRules)


def _first_preset(kit: GameKit[Any, Any, Any, Any]) -> str:
    return next(iter(kit.presets))


def _wire(kit: GameKit[Any, Any, Any, Any]) -> GameWire[Any, Any]:
    return derive.derived_wire(kit.name, kit.observe, kit.apply_move, kit.explain_trick)


def _move_text(kit: GameKit[Any, Any, Any, Any]) -> Callable[[Any], str]:
    return derive.derived_move_text(kit.wire.moves, kit.name)


def _parse_move(kit: GameKit[Any, Any, Any, Any]) -> Callable[[Any, int, str], Any]:
    return derive.derived_parse_move(kit.wire.moves, kit.legal_moves, kit.apply_move)


def _record(kit: GameKit[Any, Any, Any, Any]) -> type[Record[Any, Any, Any]]:
    return derive.derived_record(
        kit.name, kit.title, kit.presets, kit.new_game, kit.apply_move, kit.wire.moves
    )


_DERIVED_FIELDS: Final = ("wire", "move_text", "parse_move", "record")
"""The fields a kit works out from the others when they are left out, in that order."""


@attrs.frozen(eq=False, kw_only=True)
class GameKit(Generic[StateT, MoveT, ViewT, RulesT]):
    """A game's functions and facts, from which :class:`BaseGame` builds its protocol object.

    The functions are the game's module-level functions, with the signatures that Sticheln's
    have (:func:`~sticheln.new_game`, :func:`~sticheln.legal_moves`, ...). Every field is
    given by name. A game gives its rules, its six functions of play and what a player sees;
    each field after those has a default, worked out from the others where it can be
    (:mod:`sticheln.core.derive`): a small game gives none of them.
    """

    name: str
    """The game's name in the registry and in its records (:attr:`GameInfo.name`)."""
    title: str
    """The game's name for people (:attr:`GameInfo.title`)."""
    presets: Mapping[str, RulesT]
    """The named rule sets, by name."""
    new_game: Callable[..., StateT]
    """``new_game(players, seed, rules, first_leader, *, deals=None)``."""
    legal_moves: Callable[[StateT, int], tuple[MoveT, ...]]
    """``legal_moves(state, player)``."""
    apply_move: Callable[[StateT, MoveT], StateT]
    """``apply_move(state, move)``."""
    observe: Callable[[StateT, int], ViewT]
    """``observe(state, player)``."""
    sample_state: Callable[[ViewT, random.Random], StateT]
    """``sample_state(view, rng)``."""
    would_take: Callable[[ViewT], tuple[int | None, ...]]
    """``would_take(view)``: for each trick open in ``view``, who would take it now."""

    default_preset: str = attrs.field(default=attrs.Factory(_first_preset, takes_self=True))
    """The name of the default rules, one of :attr:`presets`; the first when left out."""
    simultaneous_moves: bool = False
    """Whether several players may have to act at once (:attr:`GameInfo.simultaneous_moves`)."""
    explain_trick: Callable[[RulesT, Sequence[Card]], TrickExplanation] | None = None
    """``explain_trick(rules, cards)``: why the trick of ``cards`` goes to whom
    (:meth:`BaseGame.explain_trick`); ``None``: the game explains no tricks."""
    explain_score: Callable[[Any, int], ScoreExplanation] | None = None
    """``explain_score(deal_or_state, player)``: what a player's score of a deal is made of
    (:meth:`BaseGame.explain_score`); ``None``: the game explains no scores."""
    wire: GameWire[StateT, MoveT] = attrs.field(default=attrs.Factory(_wire, takes_self=True))
    """The game's classes in the wire format, and its events (:mod:`sticheln.core.wire`).
    Left out: the view and move classes that ``observe`` and ``apply_move`` are annotated
    with, and the events of :func:`~sticheln.core.derive.derived_events`."""
    move_text: Callable[[MoveT], str] = attrs.field(
        default=attrs.Factory(_move_text, takes_self=True)
    )
    """``move_text(move)``. Left out, for moves that each play a card: the card's name."""
    parse_move: Callable[[StateT, int, str], MoveT] = attrs.field(
        default=attrs.Factory(_parse_move, takes_self=True)
    )
    """``parse_move(state, player, text)``, the inverse of :attr:`move_text`. Left out, for
    moves that each play a card: the legal move that plays the card the text names."""
    record: type[Record[RulesT, MoveT, StateT]] = attrs.field(
        default=attrs.Factory(_record, takes_self=True)
    )
    """The game's record class. Left out: :func:`~sticheln.core.derive.derived_record`, for a
    state with a ``setup`` and ``moves``, and moves that each play a card."""
    encoding: Callable[[Any, int], Encoding[StateT, MoveT, ViewT]] | None = None
    """``encoding(game, players)``: the game's :class:`~sticheln.core.encoding.Encoding`
    for its protocol object ``game`` and a number of players; ``None``: the learning
    adapters (PettingZoo, OpenSpiel) refuse the game, saying to add one."""

    # What the tools read of the game (GameInfo): a small game may leave each one out.
    # Code that only a tool needs (bots, screens, fast paths) is declared by its reference,
    # "module:attribute" (sticheln.core.references), imported when the tool needs it.
    default_players: int | None = None
    """The number of players when none is asked for (:attr:`GameInfo.default_players`);
    ``None``, or a count the rules do not allow: four if they allow four, else the fewest."""
    score_bounds: Callable[[RulesT, int], tuple[int, int]] | None = None
    """``score_bounds(rules, players)``: the lowest and highest final score of a player
    (:attr:`GameInfo.score_bounds`; the OpenSpiel adapter needs them), or ``None``."""
    bots: Mapping[str, Any] = attrs.field(factory=dict)
    """The game's own bots by name, ``{"heuristic": "module:factory"}``: each a factory
    ``factory(game) -> bot`` or its reference (:attr:`GameInfo.bots`)."""
    playout_policy: Any = None
    """The playout policy of the search bots, or its reference
    (:attr:`GameInfo.playout_policy`); ``None``: random playouts."""
    fast_playouts: Any = None
    """The fast path of the search for the default playouts, or its reference
    (:attr:`GameInfo.fast_playouts`)."""
    hand_sampler: Any = None
    """The sampler of the deal in progress for the search, or its reference
    (:attr:`GameInfo.hand_sampler`)."""
    screen: Any = None
    """The terminal screen, or its reference (:attr:`GameInfo.screen`); ``None``: the
    generic screen."""
    web_renderer: str | None = None
    """The web page's renderer, a JavaScript module as the package resource
    ``"package:path.js"`` (:attr:`GameInfo.web_renderer`)."""
    solver_position: Any = None
    """The fast path of the solver, or its reference (:attr:`GameInfo.solver_position`);
    ``None``: the solver searches the protocol's states."""
    solver_values: Any = None
    """A faster search of the values of the moves, or its reference
    (:attr:`GameInfo.solver_values`); ``None``: the solver's own."""
    random_games: Any = None
    """``random_games(game, players, seeds)``: one game played uniformly at random for each
    seed, fast (:attr:`GameInfo.random_games`); or its reference, or ``None``."""
    deal_scores_public: bool = False
    """Whether the scores of the deal in progress follow from what every player sees
    (:attr:`GameInfo.deal_scores_public`)."""
    move_hint: Any = None
    """What a legal move would do, for a player about to choose, or its reference
    (:attr:`GameInfo.move_hint`); ``None``: nothing is said."""
    preset_notes: Mapping[str, tuple[str, str]] = attrs.field(factory=dict)
    """Per preset, its title for people and one line on what sets it apart
    (:attr:`GameInfo.preset_notes`; the web lobby shows them); a preset left out is shown by
    its name."""

    def evolve(self, **changes: Any) -> GameKit[StateT, MoveT, ViewT, RulesT]:
        """This kit with the fields ``changes`` names set to its values, and every field the
        kit worked out itself worked out anew from the new ones: a kit given an
        ``explain_trick`` this way sends the explanations in the events it derives.

        :raises TypeError: for a name that is no field of a kit.
        """
        fields = {field.name: getattr(self, field.name) for field in attrs.fields(GameKit)}
        for name in _DERIVED_FIELDS:
            if name not in changes and derive.is_derived(fields[name]):
                del fields[name]
        fields.update(changes)
        return GameKit(**fields)

    def rules(self, preset: str | None = None) -> RulesT:
        """The rules preset called ``preset`` (case-insensitive), or the default rules.

        :raises UnknownNameError: for an unknown preset; the message lists the known ones.
        """
        return find_preset(
            self.presets, self.default_preset if preset is None else preset, f"{self.title} rules"
        )


def _default_rules(game: BaseGame[Any, Any, Any, Any]) -> Any:
    return game.kit.rules()


@attrs.frozen(auto_attribs=False)  # fields by attrs.field only: kit is not one
class BaseGame(Generic[StateT, MoveT, ViewT, RulesT]):
    """The :class:`~sticheln.Game` protocol of a game, from the functions of its :attr:`kit`.

    A game's class is a subclass that sets :attr:`kit`; it is a frozen attrs class whose
    fields are :attr:`rules` (the kit's default rules when left out) and
    :attr:`first_leader`, and its :meth:`from_preset` is the factory the registry takes::

        @attrs.frozen
        class HighCardGame(BaseGame[HighCardState, Play, HighCardView, HighCardRules]):
            kit = HIGH_CARD

        register_game("high-card", HighCardGame.from_preset)

    A game may declare the two fields again, with its own rules type and default and a
    docstring that cites its rules, as the library's games do.
    """

    kit: GameKit[StateT, MoveT, ViewT, RulesT]
    """The game's functions and facts."""
    rules: RulesT = attrs.field(default=attrs.Factory(_default_rules, takes_self=True))
    """The rules of every game this object starts."""
    first_leader: int = attrs.field(default=0)
    """The seat that leads the first trick of every game this object starts."""

    @classmethod
    def from_preset(cls, preset: str | None = None) -> Self:
        """The game with the rules preset called ``preset`` (case-insensitive; ``None``: the
        kit's default rules): the factory that :func:`~sticheln.register_game` takes.

        :raises UnknownNameError: for an unknown preset; the message lists the known ones.
        """
        return cls(cls.kit.rules(preset))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game class that sets its :attr:`kit` calls the kit's ``legal_moves`` and
        ``apply_move`` directly, with no method of its own in between: they are the hot path
        of every search and playout, and check their arguments themselves. When the game's
        record says what its states are (:attr:`Record.STATE
        <sticheln.core.records.Record.STATE>`), the methods that read a state's property
        (:meth:`is_over`, :meth:`players_to_act`, ...) check its type with one comparison."""
        super().__init_subclass__(**kwargs)
        kit = cls.__dict__.get("kit")
        if isinstance(kit, GameKit):
            setattr(cls, "legal_moves", staticmethod(kit.legal_moves))  # noqa: B010
            setattr(cls, "apply_move", staticmethod(kit.apply_move))  # noqa: B010
            kind = kit.record.STATE
            if kind is not None:
                for name, method in _state_readers(kind).items():
                    method.__doc__ = getattr(BaseGame, name).__doc__
                    method.__qualname__ = f"{cls.__qualname__}.{name}"
                    setattr(cls, name, method)

    @property
    def info(self) -> GameInfo:
        """What kind of game this is, with this object's rules (made once per kit and
        rules)."""
        return _info(self.kit, self.rules)

    @property
    def name(self) -> str:
        """The game's name (:attr:`GameInfo.name`)."""
        return self.kit.name

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts the rules allow."""
        return self.rules.player_counts

    def new_game(
        self,
        players: int,
        seed: int | random.Random | None = None,
        *,
        deals: Sequence[Sequence[Iterable[Card | str] | str]] | None = None,
    ) -> StateT:
        """The game's ``new_game`` with this object's rules and first leader."""
        if deals is None:
            return self.kit.new_game(players, seed, self.rules, self.first_leader)
        return self.kit.new_game(players, seed, self.rules, self.first_leader, deals=deals)

    def players_to_act(self, state: StateT) -> tuple[int, ...]:
        """The state's ``players_to_act``.

        :raises WrongTypeError: if ``state`` is not a state of the game.
        """
        try:
            return state.players_to_act
        except AttributeError:
            raise self._wrong_state(state) from None

    def legal_moves(self, state: StateT, player: int) -> tuple[MoveT, ...]:
        """The game's ``legal_moves``."""
        return self.kit.legal_moves(state, player)

    def apply_move(self, state: StateT, move: MoveT) -> StateT:
        """The game's ``apply_move``."""
        return self.kit.apply_move(state, move)

    def observe(self, state: StateT, player: int) -> ViewT:
        """The game's ``observe``."""
        return self.kit.observe(state, player)

    def viewer(self, view: ViewT) -> int:
        """The view's ``player``.

        :raises WrongTypeError: if ``view`` is not a view of the game.
        """
        return self._check_view(view).player

    def player_of(self, move: MoveT) -> int:
        """The move's ``player``.

        :raises WrongTypeError: if ``move`` is not a move of the game.
        """
        check_type(move, self.kit.wire.moves, "move")
        return move.player

    def _check_view(self, view: ViewT) -> ViewT:
        """``view``, if it is a view of the game (:attr:`GameWire.view
        <sticheln.core.wire.GameWire.view>`).

        :raises WrongTypeError: otherwise.
        """
        check_type(view, self.kit.wire.view, "view")
        return view

    def _wrong_state(self, state: object) -> WrongTypeError:
        """The error for ``state``, which is not a state of the game."""
        kind = self.kit.record.STATE
        if kind is not None:
            return wrong_type(state, kind, "state")
        return WrongTypeError(f"state must be a state of {self.kit.title}, got {excerpt(state)}")

    def deal_number(self, state: StateT) -> int:
        """The state's ``deal_number``.

        :raises WrongTypeError: if ``state`` is not a state of the game.
        """
        try:
            return state.deal_number
        except AttributeError:
            raise self._wrong_state(state) from None

    def is_over(self, state: StateT) -> bool:
        """The state's ``is_over``.

        :raises WrongTypeError: if ``state`` is not a state of the game.
        """
        try:
            return state.is_over
        except AttributeError:
            raise self._wrong_state(state) from None

    def scores(self, state: StateT) -> tuple[int, ...]:
        """The state's ``scores``.

        :raises WrongTypeError: if ``state`` is not a state of the game.
        """
        try:
            return state.scores
        except AttributeError:
            raise self._wrong_state(state) from None

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The state's ``winners``.

        :raises WrongTypeError: if ``state`` is not a state of the game.
        """
        try:
            return state.winners
        except AttributeError:
            raise self._wrong_state(state) from None

    def sample_state(self, view: ViewT, rng: random.Random) -> StateT:
        """The game's ``sample_state``.

        :raises UnknownPlayerError: for a spectator's view.
        :raises WrongTypeError: if ``view`` is not a view of the game, or ``rng`` not a
            :class:`random.Random`.
        """
        self._check_view(view)
        check_rng(rng)
        check_seat_view(view, "sample_state")
        return self.kit.sample_state(view, rng)

    def would_take(self, view: ViewT) -> tuple[int | None, ...]:
        """The game's ``would_take``."""
        return self.kit.would_take(view)

    def explain_trick(self, cards: Sequence[Card]) -> TrickExplanation | None:
        """The game's ``explain_trick`` under this object's rules, or ``None`` if it has
        none."""
        explain = self.kit.explain_trick
        return None if explain is None else explain(self.rules, cards)

    def explain_score(self, deal: Any, player: int) -> ScoreExplanation | None:
        """The game's ``explain_score`` of a finished deal or a state, or ``None`` if it has
        none."""
        explain = self.kit.explain_score
        return None if explain is None else explain(deal, player)

    def move_text(self, move: MoveT) -> str:
        """The game's ``move_text``."""
        return self.kit.move_text(move)

    def parse_move(self, state: StateT, player: int, text: str) -> MoveT:
        """The game's ``parse_move``."""
        return self.kit.parse_move(state, player, text)

    def encoding(self, players: int) -> Encoding[StateT, MoveT, ViewT]:
        """The game's encoding for learning agents with ``players`` players (built once per
        game object and player count).

        :raises RulesError: if the rules do not allow ``players`` players.
        :raises NotProvidedError: for a game that gives no encoding, saying what to add.
        :raises WrongTypeError: if ``players`` is not an ``int``.
        """
        check_player_count(players)
        if players not in self.rules.player_counts:
            counts = ", ".join(map(str, self.rules.player_counts))
            raise RulesError(
                f"{self.kit.title} is played by {counts} players under these rules, "
                f"not {excerpt(players)}"
            )
        make = self.kit.encoding
        if make is None:
            raise NotProvidedError(
                f"{self.kit.title} has no encoding for learning agents (PettingZoo, OpenSpiel): "
                "give its GameKit an encoding, a function (game, players) -> Encoding "
                "(sticheln.core.encoding)"
            )
        return _encoding(self, players, make)

    def events(self, state: StateT, move: MoveT, player: int) -> tuple[WireValue, ...]:
        """The game's ``events``."""
        return self.kit.wire.events(state, move, player)

    def move_from_dict(self, data: object) -> MoveT:
        """The move whose wire form is ``data``.

        :raises WireError: naming the key or field that is missing or wrong.
        """
        kit = self.kit
        # A value of one of the game's move classes, which the kit gives as wire classes.
        return cast("MoveT", from_wire(data, kit.name, kit.wire.moves))

    def view_from_dict(self, data: object) -> ViewT:
        """The view whose wire form is ``data``.

        :raises WireError: naming the key or field that is missing or wrong.
        """
        kit = self.kit
        # A value of the game's view class, which the kit gives as a wire class.
        return cast("ViewT", from_wire(data, kit.name, (kit.wire.view,)))

    def wire_schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's wire format: ``wire.schema.json`` beside its record
        module, or, for a game that ships none, :meth:`build_wire_schema`."""
        import importlib.resources

        package = self.kit.record.__module__.rpartition(".")[0]
        try:
            text = importlib.resources.files(package).joinpath("wire.schema.json").read_text()
        except (FileNotFoundError, ModuleNotFoundError, TypeError, ValueError):
            return self.build_wire_schema()
        schema: dict[str, Any] = json.loads(text)
        return schema

    def build_wire_schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's wire format, built from its classes (what
        ``wire.schema.json`` holds)."""
        kit = self.kit
        rules = kit.record.json_schema()["properties"]["rules"]
        return wire_schema(kit.name, kit.title, kit.wire.groups(), rules)

    def to_json(self, state: StateT) -> str:
        """The JSON of the game's record of ``state``.

        :raises WrongTypeError: if ``state`` is not a state of the game.
        """
        return self.kit.record.from_state(state).to_json()

    def from_json(self, text: str) -> StateT:
        """The state a record of the game (:meth:`to_json`) leads to: the state after all
        its moves.

        :raises RecordError: for a record that cannot be read or replayed.
        :raises WrongTypeError: if ``text`` is not a ``str`` or ``bytes``.
        """
        return self.kit.record.from_dict(parse_json(text)).replay()

    def replay_from_json(self, text: str) -> tuple[StateT, tuple[MoveT, ...]]:
        """The first state and the moves of a record of the game, checked to replay.

        :raises RecordError: for a record that cannot be read or replayed.
        :raises WrongTypeError: if ``text`` is not a ``str`` or ``bytes``.
        """
        record = self.kit.record.from_json(text)
        return record.replay(moves=0), record.moves


def _state_readers(kind: type[GameState]) -> dict[str, Callable[[Any, Any], Any]]:
    """The methods of a game object that read a property of a state, each checking first that
    the state is a ``kind``: ``type(state) is kind`` is the one comparison a playout pays."""

    def players_to_act(self: Any, state: Any) -> tuple[int, ...]:
        if type(state) is kind or isinstance(state, kind):
            return state.players_to_act
        raise wrong_type(state, kind, "state")

    def is_over(self: Any, state: Any) -> bool:
        if type(state) is kind or isinstance(state, kind):
            return state.is_over
        raise wrong_type(state, kind, "state")

    def deal_number(self: Any, state: Any) -> int:
        if type(state) is kind or isinstance(state, kind):
            return state.deal_number
        raise wrong_type(state, kind, "state")

    def scores(self: Any, state: Any) -> tuple[int, ...]:
        if type(state) is kind or isinstance(state, kind):
            return state.scores
        raise wrong_type(state, kind, "state")

    def winners(self: Any, state: Any) -> tuple[int, ...]:
        if type(state) is kind or isinstance(state, kind):
            return state.winners
        raise wrong_type(state, kind, "state")

    return {
        "players_to_act": players_to_act,
        "is_over": is_over,
        "deal_number": deal_number,
        "scores": scores,
        "winners": winners,
    }


_INFOS: dict[tuple[GameKit[Any, Any, Any, Any], Any], GameInfo] = {}


def _info(kit: GameKit[Any, Any, Any, Any], rules: Any) -> GameInfo:
    """The :class:`GameInfo` of the kit's game with ``rules``."""
    try:
        return _INFOS[kit, rules]
    except (KeyError, TypeError):
        pass
    counts = tuple(rules.player_counts)
    default = kit.default_players
    if default is None or default not in counts:
        default = 4 if 4 in counts else counts[0]
    bounds = None
    if kit.score_bounds is not None:
        bounds = tuple(kit.score_bounds(rules, players) for players in counts)
    info = GameInfo(
        name=kit.name,
        title=kit.title,
        player_counts=counts,
        presets=kit.presets.keys(),
        default_preset=kit.default_preset,
        rules_name=rules.name,
        simultaneous_moves=kit.simultaneous_moves,
        default_players=default,
        score_bounds=bounds,
        bots=kit.bots,
        playout_policy=kit.playout_policy,
        fast_playouts=kit.fast_playouts,
        hand_sampler=kit.hand_sampler,
        solver_position=kit.solver_position,
        solver_values=kit.solver_values,
        random_games=kit.random_games,
        deal_scores_public=kit.deal_scores_public,
        preset_notes=kit.preset_notes,
        move_hint=kit.move_hint,
        screen=kit.screen,
        web_renderer=kit.web_renderer,
    )
    try:
        if len(_INFOS) >= 256:
            _INFOS.clear()
        _INFOS[kit, rules] = info  # a kit is equal to itself only
    except TypeError:  # unhashable rules: made anew each time
        pass
    return info


@functools.lru_cache(maxsize=64)
def _encoding(
    game: BaseGame[Any, Any, Any, Any], players: int, make: Callable[[Any, int], Any]
) -> Encoding[Any, Any, Any]:
    encoding: Encoding[Any, Any, Any] = make(game, players)
    return encoding
