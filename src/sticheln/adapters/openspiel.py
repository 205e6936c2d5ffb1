"""The games of the registry as OpenSpiel games: ``python_<name>`` for each game
:func:`~sticheln.find_game` knows, registered with :mod:`pyspiel` when this module is
imported (the ``openspiel`` extra: ``pip install ".[openspiel]"`` in a checkout,
:doc:`/installing`).

The adapter is written once against the :class:`~sticheln.Game` protocol and the game's
:meth:`~sticheln.Game.encoding`; :doc:`/openspiel` describes the model. A game is loaded with
the number of players it declares (:attr:`GameInfo.default_players
<sticheln.GameInfo.default_players>`) unless ``players`` is given, and needs the bounds of a
player's final score (:attr:`GameInfo.score_bounds <sticheln.GameInfo.score_bounds>`):
loading a game that declares none is refused with a message that says so.

>>> import pyspiel
>>> import sticheln.adapters.openspiel  # registers the games
>>> game = pyspiel.load_game("python_sticheln", {"players": 3})
>>> game.num_players(), game.num_distinct_actions()
(3, 45)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 45)
>>> import random
>>> rng = random.Random(1)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         state.apply_action(rng.choice(state.chance_outcomes())[0])
...     else:
...         state.apply_action(rng.choice(state.legal_actions()))
>>> len(state.returns())
3

Chance model. The hands of every deal are dealt by chance nodes, one card at a time, before
the first move: each outcome is a card of the deck not dealt yet in that deal (action =
the card's place in the encoding's deck), all equally likely, so the deals are exactly
uniform. Seats get their cards in seat order; the hand of the last seat of a deal that uses
the whole deck is what is left, without chance nodes. The later deals are hidden from the
players (the library's views show only the deal in progress), so dealing them early changes
nothing for the players. Any other randomness of the rules (the dealer draw of Sticheln's
``amigo-1993`` preset) comes from the ``seed`` parameter, fixed per game object.

Moves made at once in the library (Sticheln's pain cards, Stichling's arrangements) are made
in seat order here; the library's views hide each choice from the others until all have
chosen, so this is the same game. Returns are the library's scores (points), 0 before the
end of the episode: a whole game, or its first ``deals`` deals (the parameter ``deals``; 0,
the default, plays every deal).

Observers: a player's view (the default, also with perfect recall), and as text its public
part (what a spectator sees) and its private part (what the player's view shows beyond it).
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Sequence
from functools import cache
from typing import Any, Final

import attrs

from sticheln.adapters import missing_extra

try:
    import numpy as np
    import pyspiel
except ImportError as error:
    raise missing_extra(__name__, "openspiel", error) from error

from sticheln.core.cards import Card, CardSet
from sticheln.core.encoding import SYMMETRIC, UNIT
from sticheln.core.protocol import SPECTATOR
from sticheln.games import GAME_NAMES, find_game

__all__ = ["NORMALISED", "register", "short_name"]


def short_name(name: str) -> str:
    """The OpenSpiel name of the library's game ``name``: ``python_<name>``."""
    return f"python_{name}"


def _score_bounds(game: Any, players: int) -> tuple[int, int]:
    """The bounds of a player's final score that ``game`` declares.

    :raises ValueError: for a game that declares none, saying what to add.
    """
    info = game.info
    bounds: tuple[int, int] | None = info.score_range(players)
    if bounds is None:
        raise ValueError(
            f"{info.name}: {info.title} declares no score bounds, which OpenSpiel needs "
            "(its lowest and highest utility): give its GameKit score_bounds, a function "
            "(rules, players) -> (lowest, highest) final score of a player "
            "(GameInfo.score_bounds)"
        )
    return bounds


@attrs.frozen
class _Context:
    """What the states of one parametrisation share (kept off the states)."""

    name: str
    game: Any  # the library's Game
    encoding: Any
    players: int
    seed: int
    deals: int  # the deals an episode plays: every deal of the game, or the first ones
    deck: tuple[Card, ...]
    hand_sizes: tuple[tuple[int, ...], ...]  # per deal dealt by chance, per seat
    steps: tuple[tuple[int, int], ...]  # (deal, seat) of each chance node
    filled: tuple[int | None, ...]  # per deal, the seat that gets the leftover cards
    deal_starts: tuple[int, ...]  # the first chance step of each deal
    unplayed: tuple[tuple[tuple[Card, ...], ...], ...]  # the hands of the deals not played


@cache
def _context(name: str, players: int, preset: str, seed: int, deals: int) -> _Context:
    game = find_game(name, preset)
    encoding = game.encoding(players)
    deck = tuple(encoding.deck.cards) if hasattr(encoding.deck, "cards") else tuple(encoding.deck)
    # The hands of every deal, from the record's layout, which every game shares; the deals
    # after the ones an episode plays are never seen, and come from the seed.
    recorded = json.loads(game.to_json(game.new_game(players, seed=seed)))["deals"]
    every = tuple(
        tuple(tuple(CardSet.parse(hand)) if isinstance(hand, str) else tuple(hand) for hand in deal)
        for deal in recorded
    )
    played = len(every) if deals == 0 else deals
    hand_sizes = tuple(tuple(map(len, deal)) for deal in every[:played])
    steps: list[tuple[int, int]] = []
    filled: list[int | None] = []
    starts: list[int] = []
    for number, sizes in enumerate(hand_sizes):
        starts.append(len(steps))
        whole = sum(sizes) == len(deck)
        last = max(seat for seat in range(players) if sizes[seat]) if whole else None
        filled.append(last)
        for seat, size in enumerate(sizes):
            if seat != last:
                steps.extend([(number, seat)] * size)
    return _Context(
        name,
        game,
        encoding,
        players,
        seed,
        played,
        deck,
        hand_sizes,
        tuple(steps),
        tuple(filled),
        tuple(starts),
        every[played:],
    )


def _deal_count(game: Any, players: int) -> int:
    """How many deals a whole game of ``game`` has for ``players`` players."""
    return len(json.loads(game.to_json(game.new_game(players, seed=0)))["deals"])


class _Frozen:
    """Holds an immutable value; copying it (OpenSpiel clones states by ``deepcopy``) is free.
    For a library state it also keeps, once asked, the legal actions of the player to act
    (``actions``: the indices ascending, and the move of each), which depend on nothing else."""

    __slots__ = ("actions", "value")

    def __init__(self, value: Any) -> None:
        self.value = value
        self.actions: tuple[tuple[int, ...], dict[int, Any]] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self

    def __copy__(self) -> _Frozen:
        return self

    def __getstate__(self) -> Any:
        return self.value

    def __setstate__(self, value: Any) -> None:
        self.value = value
        self.actions = None


def _view_string(view: Any) -> str:
    """A compact text of a view: every field but the (constant) rules, cards by name."""
    return _text(view)


_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _text(value: Any) -> str:
    kind = type(value)
    if kind is tuple or kind is list:
        return "(" + ",".join(map(_text, value)) + ")"
    if kind is int or kind is str or value is None or kind is bool:
        return str(value)
    if kind is Card:
        return _card_name(value)
    if kind is CardSet:
        return "[" + " ".join(map(_card_name, value)) + "]"
    if isinstance(value, enum.Enum):
        return str(value.value)
    names = _FIELDS.get(kind, ())
    if names == ():
        names = (
            tuple(f.name for f in attrs.fields(kind) if f.name != "rules")
            if attrs.has(kind)
            else None
        )
        _FIELDS[kind] = names
    if names is None:
        return str(value)
    return kind.__name__ + "(" + " ".join(n + "=" + _text(getattr(value, n)) for n in names) + ")"


@cache
def _card_name(card: Card) -> str:
    return str(card)


class SpielGame(pyspiel.Game):
    """One of the library's games as a :class:`pyspiel.Game` (parameters ``players``,
    ``preset``, ``deals``, ``seed`` and ``normalise``)."""

    game_name = ""
    """The library's name of the game (set by each registered subclass)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.game_name
        game = find_game(name)
        given = dict(params or {})
        preset = str(given.get("preset", game.info.default_preset))
        if preset not in game.info.presets:
            known = ", ".join(game.info.presets)
            raise ValueError(f"{name}: unknown preset {preset!r}; known: {known}")
        values = {**_defaults(game), **given, "preset": preset}
        players, deals, seed = int(values["players"]), int(values["deals"]), int(values["seed"])
        if players == 0:  # the usual number of players of the preset's rules
            players = values["players"] = find_game(name, preset).info.default_players
        counts = find_game(name, preset).info.player_counts
        if players not in counts:
            raise ValueError(f"{name} ({preset}): players must be one of {counts}, got {players}")
        whole = _deal_count(find_game(name, preset), players)
        if not 0 <= deals <= whole:
            raise ValueError(
                f"{name} ({preset}, {players} players): deals must be from 1 to {whole} "
                f"(or 0 for every deal), got {deals}"
            )
        normalise = str(values["normalise"])
        if normalise not in NORMALISED:
            raise ValueError(
                f"{name}: normalise must be one of {', '.join(NORMALISED)}, got {normalise!r}"
            )
        ctx = _context(name, players, preset, seed, deals)
        target = NORMALISED[normalise]
        self._normalised = None if target is None else ctx.encoding.normaliser(target)
        low, high = _score_bounds(ctx.game, players)
        if ctx.deals < whole:  # the bounds of the deals played: a deal's, times their number
            low, high = low * ctx.deals // whole, -(-high * ctx.deals // whole)
        decisions = sum(sum(sizes) + players for sizes in ctx.hand_sizes)
        info = pyspiel.GameInfo(
            num_distinct_actions=ctx.encoding.num_actions,
            max_chance_outcomes=len(ctx.deck),
            num_players=players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=None,
            max_game_length=decisions + len(ctx.steps),
        )
        super().__init__(_game_type(name), info, values)
        self._shared = ctx

    def context(self) -> _Context:
        """The shared facts of this game's states."""
        return self._shared

    def new_initial_state(self) -> SpielState:
        """The state before the first card is dealt."""
        return SpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SpielObserver | _FactoredObserver:
        """An observer of what a player sees (the default, and ``perfect_recall``: the
        library's view keeps the whole public history), of the public part alone
        (``private_info=NONE``), or of the private part alone (``public_info=False``)."""
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        if iig_obs_type is None:
            return SpielObserver(self.context(), self._normalised)
        private = iig_obs_type.private_info
        if iig_obs_type.public_info and private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return SpielObserver(self.context(), self._normalised)
        if iig_obs_type.public_info and private == pyspiel.PrivateInfoType.NONE:
            return _FactoredObserver(public=True)
        if not iig_obs_type.public_info and private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return _FactoredObserver(public=False)
        raise ValueError(
            "observed are a player's view, its public part or its private part; "
            f"not public_info={iig_obs_type.public_info}, private_info={private}"
        )


class SpielState(pyspiel.State):
    """A state: the cards dealt so far (``bytes``), then the library's state. The player to
    act is kept as it changes, since OpenSpiel asks for it several times per action."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        ctx = game.context()
        self._shared = _Frozen(ctx)
        self._dealt = b""
        self._left: tuple[int, ...] = tuple(range(len(ctx.deck)))  # undealt, this deal
        self._lib: _Frozen | None = None
        self._player = int(pyspiel.PlayerId.CHANCE) if ctx.steps else 0
        if not ctx.steps:
            self._start(ctx)

    # -- helpers
    def _ctx(self) -> _Context:
        ctx: _Context = self._shared.value
        return ctx

    def library_state(self) -> Any:
        """The library's state, or ``None`` while the cards are dealt."""
        return None if self._lib is None else self._lib.value

    def _start(self, ctx: _Context) -> None:
        hands: list[list[list[Card]]] = [[[] for _ in range(ctx.players)] for _ in ctx.hand_sizes]
        for (number, seat), place in zip(ctx.steps, self._dealt, strict=True):
            hands[number][seat].append(ctx.deck[place])
        for number, last in enumerate(ctx.filled):
            if last is not None:
                used = {card for hand in hands[number] for card in hand}
                hands[number][last] = [card for card in ctx.deck if card not in used]
        given = [*hands, *([list(hand) for hand in deal] for deal in ctx.unplayed)]
        state = ctx.game.new_game(ctx.players, ctx.seed, deals=given)
        self._lib = _Frozen(state)
        self._dealt = b""
        self._left = ()
        self._player = self._to_act(ctx, state)

    def _to_act(self, ctx: _Context, state: Any) -> int:
        """The seat to move in the library's ``state`` (the lowest of those who may move),
        or terminal once the episode's deals are played."""
        game = ctx.game
        to_act = game.players_to_act(state)
        if not to_act or game.deal_number(state) >= ctx.deals:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(min(to_act))

    # -- pyspiel.State
    def current_player(self) -> int:
        """The seat to move (the lowest of those who may move), chance or terminal."""
        return self._player

    def is_terminal(self) -> bool:
        """Whether the episode is over: the game, or the deals it plays."""
        return self._player == _TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet in this deal, equally likely."""
        if self._lib is not None:
            return []
        left = self._left
        p = 1.0 / len(left)
        return [(place, p) for place in left]

    def _legal_actions(self, player: int) -> list[int]:
        if self._lib is None:
            return list(self._left) if player < 0 else []
        if player != self._player:
            return []
        return list(self._actions(self._lib)[0])

    def _actions(self, lib: _Frozen) -> tuple[tuple[int, ...], dict[int, Any]]:
        """The legal actions of the player to act in ``lib``'s state, found once."""
        actions = lib.actions
        if actions is None:
            ctx = self._ctx()
            moves = ctx.game.legal_moves(lib.value, self._player)
            by_index = dict(zip(map(ctx.encoding.action_index, moves), moves, strict=True))
            actions = lib.actions = (tuple(sorted(by_index)), by_index)
        return actions

    def _apply_action(self, action: int) -> None:
        ctx = self._ctx()
        if self._lib is None:
            dealt = self._dealt = self._dealt + bytes((action,))
            if len(dealt) == len(ctx.steps):
                self._start(ctx)
            elif len(dealt) in ctx.deal_starts:  # a new deal: every card again
                self._left = tuple(range(len(ctx.deck)))
            else:
                left = self._left
                at = left.index(action)
                self._left = left[:at] + left[at + 1 :]
            return
        state = self._lib.value
        move = self._actions(self._lib)[1].get(action)
        if move is None:  # not a legal action: the encoding says why
            move = ctx.encoding.action_move(state, self._player, int(action))
        state = ctx.game.apply_move(state, move)
        self._lib = _Frozen(state)
        self._player = self._to_act(ctx, state)

    def _action_to_string(self, player: int, action: int) -> str:
        ctx = self._ctx()
        if player < 0:
            if self._lib is None and len(self._dealt) < len(ctx.steps):
                number, seat = ctx.steps[len(self._dealt)]
                return f"deal {ctx.deck[action]} to seat {seat} (deal {number})"
            return f"deal {ctx.deck[action]}"
        return str(ctx.encoding.action_names[action])

    def returns(self) -> list[float]:
        """The library's scores once the episode is over, else zeros."""
        ctx = self._ctx()
        if self._player != _TERMINAL or self._lib is None:
            return [0.0] * ctx.players
        return [float(score) for score in ctx.game.scores(self._lib.value)]

    def rewards(self) -> list[float]:
        """The returns, paid at the end (terminal rewards)."""
        return self.returns()

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> SpielState:
        """A state drawn at random that ``player`` cannot tell from this one (the library's
        :meth:`~sticheln.Game.sample_state`), seeded by ``probability_sampler()``."""
        state: SpielState = self.get_game().new_initial_state()
        if self._lib is None:
            state._dealt, state._left, state._player = self._dealt, self._left, self._player
            return state
        ctx = self._ctx()
        rng = random.Random(int(probability_sampler() * 2**53))
        view = ctx.game.observe(self._lib.value, player)
        sample = ctx.game.sample_state(view, rng)
        state._lib, state._left = _Frozen(sample), ()
        state._player = state._to_act(ctx, sample)
        return state

    def dealt_so_far(self, player: int) -> str:
        """While the cards are dealt, the cards of the first deal that ``player`` has been
        dealt so far, as text (the later deals are never seen before they are played)."""
        ctx = self._ctx()
        cards = [
            ctx.deck[place]
            for (number, seat), place in zip(ctx.steps, self._dealt, strict=False)
            if number == 0 and seat == player
        ]
        return "dealing: hand=" + _text(CardSet.of(cards))

    def __str__(self) -> str:
        if self._lib is None:
            return f"dealing: {len(self._dealt)} of {len(self._ctx().steps)} cards"
        return repr(self._lib.value)


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class SpielObserver:
    """Observation and information state of a player: both the library's view of the player
    (which keeps the whole public history of the game), as :meth:`Encoding.observation
    <sticheln.core.encoding.Encoding.observation>` in ``float32`` (normalised with the game's
    ``normalise``) and as text."""

    def __init__(self, ctx: _Context, normalised: Any = None) -> None:
        self._normalised = normalised
        self.tensor = np.zeros(ctx.encoding.observation_size, np.float32)
        self.dict: dict[str, Any] = {}
        for segment in ctx.encoding.layout:
            self.dict[segment.name] = self.tensor[segment.offset : segment.offset + segment.size]

    def set_from(self, state: SpielState, player: int) -> None:
        """Write ``player``'s view of ``state`` into :attr:`tensor` (zeros while dealing)."""
        lib = state.library_state()
        if lib is None:
            self.tensor.fill(0.0)
            return
        ctx = state._ctx()
        vector = ctx.encoding.observation(ctx.game.observe(lib, player))
        if self._normalised is None:
            self.tensor[:] = np.frombuffer(vector, dtype=np.int8)
        else:
            self.tensor[:] = self._normalised(vector)

    def string_from(self, state: SpielState, player: int) -> str:
        """``player``'s view of ``state`` as text (while dealing, the cards dealt to
        ``player`` so far)."""
        lib = state.library_state()
        if lib is None:
            return state.dealt_so_far(player)
        ctx = state._ctx()
        return _view_string(ctx.game.observe(lib, player))


class _FactoredObserver:
    """The public or the private part of what a player sees, as text (no tensor): public is
    the view of :data:`~sticheln.SPECTATOR`, who sees what everyone at the table sees;
    private is what the player's own view shows beyond it, the fields of the view that
    differ from the spectator's (the hand, a secret choice)."""

    def __init__(self, public: bool) -> None:
        self.public = public
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: SpielState, player: int) -> None:
        """Nothing to write: these observations are text only."""

    def string_from(self, state: SpielState, player: int) -> str:
        """The public part of ``state`` (the same for every ``player``), or ``player``'s
        private part; while dealing, how many cards are dealt, or the cards dealt to
        ``player`` so far."""
        lib = state.library_state()
        if lib is None:
            return str(state) if self.public else state.dealt_so_far(player)
        game = state._ctx().game
        public = game.observe(lib, SPECTATOR)
        if self.public:
            return _view_string(public)
        own = game.observe(lib, player)
        return " ".join(
            f"{field.name}={_text(getattr(own, field.name))}"
            for field in attrs.fields(type(own))
            if field.name not in ("player", "rules")
            and getattr(own, field.name) != getattr(public, field.name)
        )


def _defaults(game: Any) -> dict[str, Any]:
    """The parameters of a game and their defaults: ``players`` 0 is the usual number of
    players of the rules preset (:attr:`GameInfo.default_players
    <sticheln.GameInfo.default_players>`), ``deals`` 0 every deal of the game."""
    return {
        "players": 0,
        "preset": game.info.default_preset,
        "deals": 0,
        "seed": 0,
        "normalise": "none",
    }


NORMALISED: Final[dict[str, tuple[float, float] | None]] = {
    "none": None,
    "unit": UNIT,
    "symmetric": SYMMETRIC,
}
"""The values of the ``normalise`` parameter: the tensors hold the encoding's values as they
are (``"none"``), or each entry mapped linearly from its segment's range to [0, 1]
(``"unit"``) or to [-1, 1] (``"symmetric"``)."""


@cache
def _game_type(name: str) -> Any:
    game = find_game(name)
    counts = sorted({n for p in game.info.presets for n in find_game(name, p).info.player_counts})
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=game.info.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game),
    )


_registered: set[str] = set()
_classes: dict[str, type[SpielGame]] = {}


def register(names: Sequence[str] | None = None) -> None:
    """Register the games ``names`` (every game :func:`~sticheln.find_game` knows when
    ``None``) with pyspiel as ``python_<name>``; again is a no-op."""
    for name in tuple(GAME_NAMES) if names is None else names:
        if name in _registered:
            continue
        title = find_game(name).info.title.replace(" ", "")
        cls = type(f"{title}SpielGame", (SpielGame,), {"game_name": name, "__module__": __name__})
        _classes[name] = cls
        pyspiel.register_game(_game_type(name), cls)
        _registered.add(name)


register()
