"""The game protocol that every game of the library implements, and what a game declares about
itself.

Bots, the command line, records, the conformance suite (:func:`sticheln.testing.check_game`)
and adapters are written once against :class:`Game`. A game object holds the rules; its
methods are the game's pure functions. It declares what kind of game it is in a
:class:`GameInfo`, so that generic code asks the game instead of testing its type.

>>> import random
>>> from sticheln import GAME_NAMES, find_game
>>> game = find_game(next(iter(GAME_NAMES)))  # any registered game
>>> game.info.name == game.name, game.info.default_players in game.info.player_counts
(True, True)
>>> players = game.info.default_players
>>> final = random_playout(game, game.new_game(players, seed=1), random.Random(1))
>>> game.is_over(final), len(game.scores(final)) == players
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from sticheln.core.cards import Card
from sticheln.core.errors import WrongTypeError, excerpt
from sticheln.core.explain import ScoreExplanation, TrickExplanation
from sticheln.core.setup import SPECTATOR, check_rng

__all__ = ["SPECTATOR", "Game", "GameInfo", "random_playout"]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _strs(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _usual_players(info: GameInfo) -> int:
    counts = info.player_counts
    return 4 if 4 in counts or not counts else counts[0]


def _bounds(values: Iterable[Iterable[int]]) -> tuple[tuple[int, int], ...]:
    found = []
    for pair in values:
        low, high = pair
        found.append((int(low), int(high)))
    return tuple(found)


def _named(values: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    pairs = values.items() if isinstance(values, Mapping) else values
    return tuple((str(name), factory) for name, factory in pairs)


def _preset_notes(
    values: Mapping[str, tuple[str, str]] | Iterable[tuple[str, str, str]],
) -> tuple[tuple[str, str, str], ...]:
    if isinstance(values, Mapping):
        return tuple((str(key), str(title), str(line)) for key, (title, line) in values.items())
    return tuple((str(key), str(title), str(line)) for key, title, line in values)


@attrs.frozen
class GameInfo:
    """What a game object declares about itself: generic code (bots, the command line,
    records, adapters) reads these facts instead of testing the game's type.

    >>> from sticheln import GAME_NAMES, find_game
    >>> info = find_game(next(iter(GAME_NAMES))).info  # any registered game, its default rules
    >>> info.name in GAME_NAMES, info.default_preset in info.presets
    (True, True)
    >>> info.rules_name == info.default_preset
    True
    >>> find_game(info.name, info.presets[-1]).info.rules_name == info.presets[-1]
    True
    """

    name: str
    """The game's name in the registry (:func:`~sticheln.find_game`), on the command line
    and in the ``game`` field of its records (one of :data:`~sticheln.GAME_NAMES`)."""
    title: str
    """The game's name for people, as on the box."""
    player_counts: tuple[int, ...] = attrs.field(converter=_ints)
    """The numbers of players this game object's rules allow, ascending."""
    presets: tuple[str, ...] = attrs.field(converter=_strs)
    """The names of the game's rules presets (each one a valid ``preset`` of
    :func:`~sticheln.find_game`)."""
    default_preset: str
    """The preset a game is played with when none is named."""
    rules_name: str
    """The name of the rules this game object plays (a preset's name, or the name of the
    user's own rules)."""
    simultaneous_moves: bool
    """Whether several players may have to act at once (a card each player chooses face
    down, all together): a loop over :meth:`Game.players_to_act` must then offer every
    seat it lists, and none of them sees the others' choices until all have chosen."""
    default_players: int = attrs.field(
        default=attrs.Factory(_usual_players, takes_self=True), converter=int
    )
    """The number of players a game has when none is asked for (the command line, the web
    lobby, OpenSpiel): by default four if the rules allow four, else the fewest they allow."""
    score_bounds: tuple[tuple[int, int], ...] | None = attrs.field(
        default=None, converter=attrs.converters.optional(_bounds)
    )
    """The lowest and the highest final score a player can have, ``(low, high)``, for each
    entry of :attr:`player_counts` in turn, or ``None`` when the game does not say (the
    OpenSpiel adapter needs them). :meth:`score_range` reads them by player count."""
    bots: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_named)
    """The game's own bots, ``(name, factory)`` pairs, such as its ``"heuristic"`` bot: each
    factory (called with the game, like those of :func:`~sticheln.bots.register_bot`) or the
    :data:`~sticheln.core.references.Reference` ``"module:attribute"`` that names it.
    :func:`~sticheln.bots.make_bot` reads them (:meth:`bot`)."""
    playout_policy: Any = None
    """The policy ``(state, player, moves, rng) -> move`` that plays the playouts of the
    search bots (:class:`~sticheln.bots.ISMCTSBot`), or its reference, or ``None`` for random
    playouts."""
    fast_playouts: Any = None
    """A fast path of the search for the default playouts (those of :attr:`playout_policy`,
    or random ones when it is ``None``): ``sampler(view)``, returning a
    :class:`~sticheln.bots.ismcts.RoundSampler` that plays the deal in progress on a mutable
    representation of its own, or ``None`` for a view it does not handle; or its reference,
    or ``None``."""
    hand_sampler: Any = None
    """``factory(view, rng)``, an object whose ``sample(rng)`` draws full states that agree
    with ``view``, drawing everything but the deal in progress once, for searches whose
    playouts stop at the end of the deal; or its reference, or ``None``."""
    screen: Any = None
    """The terminal screen of the game (called like :class:`sticheln.core.screen.Screen`), or
    its reference, or ``None`` for the generic screen."""
    web_renderer: str | None = None
    """The game's renderer for the web page, a JavaScript module, as the package resource
    ``"package:path/in/it.js"`` (:func:`~sticheln.core.references.resource`), or ``None``."""
    solver_position: Any = None
    """A fast path of the solver (:func:`sticheln.analysis.solve`): ``factory(state,
    player)``, returning the deal in progress of ``state`` as a
    :class:`~sticheln.analysis.Position` of the game's own, searched for the score of the seat
    ``player`` (``None``: for every player's), or ``None`` for a state it does not handle; or
    its reference, or ``None`` for the solver's generic path on the protocol's states."""
    solver_values: Any = None
    """A faster search of what :func:`sticheln.analysis.estimate.solved_values` asks of the
    solver, the exact value of each move in one world (the ``pimc`` bot's question):
    ``solver_values(state, player, moves, model, budget, time_limit)``, returning ``None``
    for a state it does not handle (the solver then searches it), else ``(values,
    positions)``: the value for the seat ``player`` of each of ``moves`` (legal moves of the
    one player to act in ``state``, in that order) under ``model``, as
    :attr:`Solution.move_values <sticheln.analysis.Solution.move_values>` gives them, or
    ``None`` if the search did not finish within ``budget`` positions (``None``: no bound)
    and ``time_limit`` seconds; and the positions searched. Or its reference, or ``None``:
    the solver answers."""
    random_games: Any = None
    """A fast source of games played uniformly at random, for self-play data
    (:mod:`sticheln.tournament.selfplay`): ``random_games(game, players, seeds)``, returning
    for each seed a :class:`~sticheln.core.randomgames.RandomGame`: one game of ``players``
    players under the rules of the game object ``game`` in which every move was drawn
    uniformly from the legal moves, as a record whose first state and moves replay on the
    engine, with the encoding's observations and masks where the source builds them; a game
    depends only on its seed. Or its reference, or ``None``: the game has none, and its
    random games are played by the random bot through the protocol."""
    deal_scores_public: bool = False
    """Whether every player's score of the deal in progress, as :meth:`Game.explain_score`
    of a state tells it, follows from what every player sees (the cards won, the cards passed
    or turned up), so that every seat may be shown every seat's points of the deal as they
    stand: the web table's score table shows them then. ``False``: the game says nothing, and
    nobody is shown them before the deal is scored."""
    move_hint: Any = None
    """``hint(view, move) -> str | None``: what a legal move would do, in a few words, for the
    player of ``view`` about to choose ("would take the trick now", "opens a trick"); or its
    reference, or ``None``. The web table shows it beside each legal card."""
    preset_notes: tuple[tuple[str, str, str], ...] = attrs.field(
        default=(), converter=_preset_notes
    )
    """Per preset that has them, ``(preset, title, line)``: its name for people and one line
    on what sets it apart, for a lobby to show (:meth:`preset_note`)."""

    def preset_note(self, preset: str) -> tuple[str, str] | None:
        """The title and the line of ``preset``, or ``None`` if the game gives none.

        >>> from sticheln import GAME_NAMES, find_game
        >>> info = find_game(next(iter(GAME_NAMES))).info  # any registered game
        >>> preset, title, line = info.preset_notes[0]
        >>> info.preset_note(preset) == (title, line), info.preset_note("no-such-preset")
        (True, None)
        """
        return next(
            ((title, line) for key, title, line in self.preset_notes if key == preset), None
        )

    def bot(self, name: str) -> Any:
        """The factory (or its reference) of the game's own bot called ``name``, or
        ``None``."""
        return next((factory for key, factory in self.bots if key == name), None)

    def score_range(self, players: int) -> tuple[int, int] | None:
        """The lowest and highest final score of a player with ``players`` players, or
        ``None`` when the game declares no bounds or the rules are not for ``players``."""
        if self.score_bounds is None or players not in self.player_counts:
            return None
        return self.score_bounds[self.player_counts.index(players)]


class Game(Protocol[StateT, MoveT, ViewT]):
    """What every game of the library offers: the built-in games and those to come.

    States, moves and views are immutable values. Several players may be able to act at once
    (a choice all make together); a loop may let any of them move first.

    Every method checks the types of its arguments: a state, view or move that is not the
    game's (``None``, a number, another game's state, a view where a state belongs) raises
    :exc:`~sticheln.WrongTypeError` naming the argument, except that ``apply_move`` may
    refuse a move of the wrong type with the game's illegal-move error. The conformance suite
    checks it (:func:`sticheln.testing.check_game`, check ``wrong-types``).
    """

    @property
    def info(self) -> GameInfo:
        """What kind of game this is: name, title, player counts, presets, and whether
        several players act at once."""
        ...

    @property
    def name(self) -> str:
        """The game's name, as the command line knows it (:func:`~sticheln.find_game`); the same as
        ``info.name``."""
        ...

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players the game's rules allow; the same as
        ``info.player_counts``."""
        ...

    def new_game(
        self,
        players: int,
        seed: int | random.Random | None = None,
        *,
        deals: Sequence[Sequence[Iterable[Card | str] | str]] | None = None,
    ) -> StateT:
        """A new game; the same seed gives the same game, and is the seed its record
        keeps. ``deals``, where the game has deals, gives the hand of every seat in every
        deal instead (card names or cards; the game's setup error, a ``ValueError``, for
        hands that do not fit its rules)."""
        ...

    def players_to_act(self, state: StateT) -> tuple[int, ...]:
        """The seats that may move now, in ascending order; empty once the game is over."""
        ...

    def legal_moves(self, state: StateT, player: int) -> tuple[MoveT, ...]:
        """The moves ``player`` may make now (empty if none)."""
        ...

    def apply_move(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move``; raises the game's illegal-move error, a ``ValueError``."""
        ...

    def observe(self, state: StateT, player: int) -> ViewT:
        """What ``player`` may see of ``state``; :data:`SPECTATOR` instead of a seat gives
        what anyone watching may see (no hand, nothing face down), a view whose
        :meth:`viewer` is ``SPECTATOR``."""
        ...

    def viewer(self, view: ViewT) -> int:
        """The seat whose view ``view`` is."""
        ...

    def player_of(self, move: MoveT) -> int:
        """The seat that makes ``move``."""
        ...

    def deal_number(self, state: StateT) -> int:
        """The deal in progress, from 0 (a round, a hand: what the game deals anew). Once the
        game is over, the number of deals played. A search may stop its playouts when it
        changes."""
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended."""
        ...

    def scores(self, state: StateT) -> tuple[int, ...]:
        """Each player's points so far."""
        ...

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The seats with the best result once the game is over, else ``()``."""
        ...

    def sample_state(self, view: ViewT, rng: random.Random) -> StateT:
        """A full state, drawn at random, that agrees with everything in ``view``, a seat's
        view (a spectator's is refused with :exc:`~sticheln.UnknownPlayerError`)."""
        ...

    def would_take(self, view: ViewT) -> tuple[int | None, ...]:
        """For each trick open on the table in ``view``, in the order the view lists them, the
        seat that would take it if it ended now, or ``None`` if nobody would yet; ``()``
        when no trick is open (or the game has no tricks)."""
        ...

    def explain_trick(self, cards: Sequence[Card]) -> TrickExplanation | None:
        """Why the trick of ``cards`` (in play order; a trick still open too) goes to whom
        under the game's rules, each reason naming its rule; ``None`` if the game explains
        no tricks (:doc:`/api/explanations`)."""
        ...

    def explain_score(self, deal: Any, player: int) -> ScoreExplanation | None:
        """What ``player``'s score of ``deal`` is made of, each item naming its rule:
        ``deal`` is a finished deal of the game (a round or a hand: the values a view lists
        as finished), or a state, whose deal in progress
        is explained as it stands. ``None`` if the game explains no scores."""
        ...

    def encoding(self, players: int) -> Any:
        """The game's :class:`~sticheln.core.encoding.Encoding` for ``players`` players:
        action indices, legal-action masks, observation vectors (:doc:`/encodings`)."""
        ...

    def events(self, state: StateT, move: MoveT, player: int) -> tuple[Any, ...]:
        """What ``player`` (a seat or :data:`SPECTATOR`) sees happen when ``move`` is made in
        ``state``, in order: values with a JSON form (``to_dict()``), as in :doc:`/wire`.

        :raises IllegalMoveError: if ``move`` is not legal in ``state``.
        """
        ...

    def move_from_dict(self, data: object) -> MoveT:
        """The move whose JSON form (``move.to_dict()``) is ``data``; raises
        :class:`~sticheln.core.wire.WireError` naming what is wrong."""
        ...

    def view_from_dict(self, data: object) -> ViewT:
        """The view whose JSON form (``view.to_dict()``) is ``data``; raises
        :class:`~sticheln.core.wire.WireError` naming what is wrong."""
        ...

    def wire_schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's views, moves, finished deals and events."""
        ...

    def move_text(self, move: MoveT) -> str:
        """A short text naming the move among the legal moves of its player (``"B11"``);
        :meth:`parse_move` reads it back."""
        ...

    def parse_move(self, state: StateT, player: int, text: str) -> MoveT:
        """The legal move of ``player`` that ``text`` names: the inverse of
        :meth:`move_text`.

        Raises the game's invalid-move error (a ``ValueError``) for a text that names no
        move, and its illegal-move error for a move that ``player`` cannot make now.
        """
        ...

    def to_json(self, state: StateT) -> str:
        """The record of the game that led to ``state``, as JSON; :meth:`from_json` reads
        it back to ``state``."""
        ...

    def from_json(self, text: str) -> StateT:
        """The state whose record :meth:`to_json` wrote: ``from_json(to_json(state)) ==
        state`` for every state, in the middle of a game too. Raises the game's record
        error (a ``ValueError``) for a bad record."""
        ...

    def replay_from_json(self, text: str) -> tuple[StateT, tuple[MoveT, ...]]:
        """What a replay of the recorded game needs: its first state and its moves, whose
        :meth:`apply_move` one after the other gives :meth:`from_json`'s state. Raises the
        game's record error (a ``ValueError``) for a bad record."""
        ...


_PLAYOUT_METHODS = ("is_over", "players_to_act", "legal_moves", "apply_move")


def random_playout(game: Game[StateT, MoveT, ViewT], state: StateT, rng: random.Random) -> StateT:
    """Play uniformly random legal moves from ``state`` until the game is over.

    Written once against :class:`Game`, it plays every game of the library.

    :raises WrongTypeError: if ``game`` is not a game on the protocol, ``state`` not one of
        its states or ``rng`` not a :class:`random.Random`.
    """
    if not all(callable(getattr(game, name, None)) for name in _PLAYOUT_METHODS):
        raise WrongTypeError(f"game must be a game on the protocol, got {excerpt(game)}")
    check_rng(rng)
    while not game.is_over(state):
        player = rng.choice(game.players_to_act(state))
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
    return state
