"""The exact solver of a deal with every hand known: :func:`solve`.

Written once against the :class:`~sticheln.Game` protocol, it searches any game's deal in
sequential play; a game may declare a fast position of its own
(:attr:`GameInfo.solver_position <sticheln.GameInfo.solver_position>`), which the library's
games do. :doc:`/analysis` explains what the values mean.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Generic, Literal, TypeVar

import attrs

from sticheln.analysis.position import Position, StatePosition
from sticheln.core.errors import SolverError, UnknownNameError, WrongTypeError, excerpt
from sticheln.core.protocol import Game
from sticheln.core.references import resolve
from sticheln.core.setup import check_seat

__all__ = ["MODELS", "Model", "Solution", "solve"]

MoveT = TypeVar("MoveT")

Model = Literal["paranoid", "maxn"]
"""How the other players play in a search: ``"paranoid"`` or ``"maxn"`` (:func:`solve`)."""

MODELS: Final[tuple[Model, ...]] = ("paranoid", "maxn")
"""The models of :func:`solve`."""

_INFINITY: Final = 1 << 40
"""Beyond every score: the bound of a value the search knows nothing of."""
_TABLE_LIMIT: Final = 1 << 20
"""The most positions the transposition table keeps; it starts afresh when full (about a
quarter of a gigabyte)."""
_CHECK_EVERY: Final = 1024
"""The positions searched between two looks at the clock."""


class _OutOfBudget(Exception):
    """The search has used its budget of positions or time."""


def _bounds_view(base: int, low: int, high: int) -> tuple[int | None, int | None]:
    """The bounds ``(low, high)`` of the points to come as bounds of the score, whose points
    so far are ``base``: ``None`` for a bound the search knows nothing of."""
    return (
        None if low <= -_INFINITY // 2 else base + low,
        None if high >= _INFINITY // 2 else base + high,
    )


@attrs.frozen(eq=True, hash=False, repr=False)
class Solution(Generic[MoveT]):
    """What :func:`solve` found: the value of the deal for :attr:`player` under the
    :attr:`model`, the value of each legal move, and a line of best play.

    Values are scores of the deal (Sticheln's round, a hand of Hattrick or Stichling) as the
    game scores it at its end, cards won earlier in the deal included. When the budget ran
    out first, the values not found are ``None`` and :attr:`lower` and :attr:`upper` bound
    them; :attr:`exact` says whether everything is known.
    """

    player: int
    """The seat whose score is searched."""
    model: Model
    """``"paranoid"`` or ``"maxn"``."""
    to_act: int
    """The seat to move in the state solved (whose moves :attr:`move_values` values)."""
    value: int | None
    """The value of the deal for :attr:`player`: under ``"paranoid"`` the most it can make
    sure of against all the others together, under ``"maxn"`` its score when everyone plays
    for their own. ``None`` if the budget ran out before it was known."""
    lower: int | None
    """The greatest lower bound found of :attr:`value` (``None``: none); equal to it once it
    is known."""
    upper: int | None
    """The least upper bound found of :attr:`value` (``None``: none)."""
    move_values: Mapping[MoveT, int]
    """Each legal move of :attr:`to_act` whose value is known, in the order of
    :meth:`Game.legal_moves <sticheln.Game.legal_moves>`: the value for :attr:`player` of the
    deal after that move. Every legal move when :attr:`exact`."""
    move_bounds: Mapping[MoveT, tuple[int | None, int | None]]
    """Each legal move of :attr:`to_act`, with the lower and upper bounds of its value found
    (both equal to the value once it is known; ``None``: no bound)."""
    line: tuple[MoveT, ...]
    """A principal line: moves of best play under :attr:`model` from the state to the end of
    the deal, the first one by :attr:`to_act`. Empty unless :attr:`exact`."""
    scores: tuple[int, ...] | None
    """Each player's score of the deal at the end of :attr:`line` (``None`` unless
    :attr:`exact`); ``scores[player] == value``."""
    best_moves: tuple[MoveT, ...]
    """The best moves of :attr:`to_act` under :attr:`model`, in the order of the legal moves
    (empty unless :attr:`exact`): under ``"paranoid"`` those of the highest value when
    :attr:`to_act` is :attr:`player`, of the lowest for the others; under ``"maxn"`` the first
    move of :attr:`line` and every move that gives each player the same score."""
    nodes: int
    """The positions searched."""
    exact: bool
    """Whether the search finished: :attr:`value`, every move's value and :attr:`line` are
    exact."""

    def __repr__(self) -> str:
        known = "exact" if self.exact else f"bounds {self.lower}..{self.upper}"
        return (
            f"<Solution {self.model} for player {self.player}: value {self.value}, {known}, "
            f"{len(self.move_bounds)} moves, line of {len(self.line)}, {self.nodes} positions>"
        )


class _Search:
    """The search of one position: its transposition table, its count of positions and its
    budget."""

    def __init__(
        self, position: Position, player: int, budget: int | None, deadline: float | None
    ) -> None:
        self.position = position
        self.player = player
        self.budget = budget
        self.deadline = deadline
        self.nodes = 0
        self.exhausted = False
        self.check_at = _CHECK_EVERY if budget is None else min(budget, _CHECK_EVERY)
        self.table: dict[Hashable, Any] = {}
        self.players = len(position.points)

    def spent(self) -> None:
        """Raise :class:`_OutOfBudget` once the budget is used up; else set the count of
        positions at which to look again."""
        if self.budget is not None and self.nodes >= self.budget:
            self.exhausted = True
            raise _OutOfBudget
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.exhausted = True
            raise _OutOfBudget
        step = self.nodes + _CHECK_EVERY
        self.check_at = step if self.budget is None else min(step, self.budget)

    # -- paranoid -----------------------------------------------------------------------------

    def alphabeta(self) -> Callable[[int, int], int]:
        """The alpha-beta search of the points still to come for the player, fail-soft: the
        value if it lies strictly between ``alpha`` and ``beta``, else a bound on the side it
        fell."""
        position = self.position
        player = self.player
        table = self.table
        get = table.get
        done = position.done
        key_of = position.key
        bounds_of = position.bounds
        moves_of = position.moves
        play = position.play
        undo = position.undo
        search = self

        def alphabeta(alpha: int, beta: int) -> int:
            search.nodes += 1
            if search.nodes >= search.check_at:
                search.spent()
            if done():
                return 0
            key = key_of()
            first = None
            if key is not None:
                entry = get(key)
                if entry is not None:
                    low, high, first = entry
                    if low >= beta or low == high:
                        return int(low)
                    if high <= alpha:
                        return int(high)
                    if low > alpha:
                        alpha = low
                    if high < beta:
                        beta = high
            bounds = bounds_of()
            if bounds is not None:
                low, high = bounds
                if low == high:
                    if key is not None:
                        if len(table) >= _TABLE_LIMIT:
                            table.clear()
                        table[key] = (low, low, first)
                    return low
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
            start_alpha, start_beta = alpha, beta
            keys = moves_of()
            if first is not None and keys[0] != first and len(keys) > 1:
                keys = [first, *[k for k in keys if k != first]]
            base = position.points[player]
            best_key = keys[0]
            if position.to_act == player:
                best = -_INFINITY
                for k in keys:
                    play(k)
                    try:
                        gain = position.points[player] - base
                        value = gain + alphabeta(alpha - gain, beta - gain)
                    finally:
                        undo()
                    if value > best:
                        best, best_key = value, k
                        if value >= beta:
                            break
                        if value > alpha:
                            alpha = value
            else:
                best = _INFINITY
                for k in keys:
                    play(k)
                    try:
                        gain = position.points[player] - base
                        value = gain + alphabeta(alpha - gain, beta - gain)
                    finally:
                        undo()
                    if value < best:
                        best, best_key = value, k
                        if value <= alpha:
                            break
                        if value < beta:
                            beta = value
            if key is not None:
                entry = get(key)
                low, high = (-_INFINITY, _INFINITY) if entry is None else entry[:2]
                if best <= start_alpha:
                    high = min(high, best)
                elif best >= start_beta:
                    low = max(low, best)
                else:
                    low = high = best
                if len(table) >= _TABLE_LIMIT:
                    table.clear()
                table[key] = (low, high, best_key)
            return best

        return alphabeta

    def narrow(
        self, alphabeta: Callable[[int, int], int], low: int, high: int, guess: int
    ) -> tuple[int, int]:
        """The bounds ``(low, high)`` of the points to come, narrowed by null-window searches
        (MTD(f), from ``guess``) until they meet or the budget runs out."""
        value = min(max(guess, low), high)
        try:
            while low < high:
                beta = value + 1 if value <= low else value
                beta = min(beta, high)
                value = alphabeta(beta - 1, beta)
                if value < beta:
                    high = min(high, value)
                else:
                    low = max(low, value)
        except _OutOfBudget:
            pass
        return low, high

    def start_bounds(self) -> tuple[int, int]:
        """The position's bounds of the points to come, or the widest."""
        bounds = self.position.bounds()
        return (-_INFINITY, _INFINITY) if bounds is None else bounds

    def paranoid_line(self, alphabeta: Callable[[int, int], int], rest: int) -> list[Hashable]:
        """A line of best play from the position, whose points to come are ``rest``: at each
        move the first whose value equals the position's, checked by a null-window search.
        The position is left as it was."""
        position = self.position
        player = self.player
        line: list[Any] = []
        saved, self.budget, self.deadline = (self.budget, self.deadline), None, None
        self.check_at = self.nodes + _CHECK_EVERY
        try:
            while not position.done():
                base = position.points[player]
                maximise = position.to_act == player
                keys = list(position.moves())
                entry = None
                key = position.key()
                if key is not None:
                    entry = self.table.get(key)
                if entry is not None and entry[2] in keys:
                    keys.remove(entry[2])
                    keys.insert(0, entry[2])
                for k in keys:
                    move = position.move_of(k)
                    position.play(k)
                    target = rest - (position.points[player] - base)
                    if maximise:
                        found = alphabeta(target - 1, target) >= target
                    else:
                        found = alphabeta(target, target + 1) <= target
                    if found:
                        line.append(move)
                        rest = target
                        break
                    position.undo()
                else:  # pragma: no cover - some move of a position reaches its value
                    raise AssertionError("no move reaches the position's value")
        finally:
            for _ in line:
                position.undo()
            self.budget, self.deadline = saved
        return line

    # -- maxn ---------------------------------------------------------------------------------

    def maxn(self) -> Callable[[], tuple[int, ...]]:
        """The search of the points still to come for every player when each plays for their
        own (see :func:`solve` for the rule that breaks ties)."""
        position = self.position
        player = self.player
        table = self.table
        get = table.get
        done = position.done
        key_of = position.key
        moves_of = position.moves
        play = position.play
        undo = position.undo
        seats = range(self.players)
        none = (0,) * self.players
        search = self

        def maxn() -> tuple[int, ...]:
            search.nodes += 1
            if search.nodes >= search.check_at:
                search.spent()
            if done():
                return none
            key = key_of()
            if key is not None:
                entry = get(key)
                if entry is not None:
                    value: tuple[int, ...] = entry[0]
                    return value
            mover = position.to_act
            base = tuple(position.points)
            best: tuple[int, ...] = none
            best_rank: tuple[Any, ...] | None = None
            best_key = None
            for k in moves_of():
                play(k)
                try:
                    points = position.points
                    gains = [points[i] - base[i] for i in seats]
                    rest = maxn()
                finally:
                    undo()
                vector = tuple([gains[i] + rest[i] for i in seats])
                rank = _rank(vector, mover, player)
                if best_rank is None or rank > best_rank:
                    best, best_rank, best_key = vector, rank, k
            if key is not None:
                if len(table) >= _TABLE_LIMIT:
                    table.clear()
                table[key] = (best, best_key)
            return best

        return maxn

    def maxn_line(self, maxn: Callable[[], tuple[int, ...]]) -> list[Any]:
        """The line of the maxn choices from the position, which is left as it was."""
        position = self.position
        player = self.player
        line: list[Any] = []
        saved, self.budget, self.deadline = (self.budget, self.deadline), None, None
        self.check_at = self.nodes + _CHECK_EVERY
        try:
            while not position.done():
                mover = position.to_act
                base = tuple(position.points)
                best_rank: tuple[Any, ...] | None = None
                best_key: Any = None
                for k in position.moves():
                    position.play(k)
                    points = position.points
                    rest = maxn()
                    vector = tuple(points[i] - base[i] + rest[i] for i in range(len(base)))
                    position.undo()
                    rank = _rank(vector, mover, player)
                    if best_rank is None or rank > best_rank:
                        best_rank, best_key = rank, k
                line.append(position.move_of(best_key))
                position.play(best_key)
        finally:
            for _ in line:
                position.undo()
            self.budget, self.deadline = saved
        return line


def _rank(vector: tuple[int, ...], mover: int, player: int) -> tuple[Any, ...]:
    """How much the maxn rule prefers the points ``vector`` for ``mover``: its own first,
    then the fewest for ``player``, then the fewest for seat 0, seat 1, and so on."""
    return (vector[mover], -vector[player], tuple([-x for x in vector]))


def _check_game(game: object) -> None:
    needed = ("is_over", "players_to_act", "legal_moves", "apply_move", "scores", "deal_number")
    if not all(callable(getattr(game, name, None)) for name in needed):
        raise WrongTypeError(f"game must be a game on the protocol, got {excerpt(game)}")


def _check_limits(budget: object, time_limit: object) -> None:
    if budget is not None:
        if type(budget) is not int:
            raise WrongTypeError(
                f"budget must be a number of positions (an int) or None, got {excerpt(budget)}"
            )
        if budget < 1:
            raise SolverError(f"budget must be at least 1 position, got {excerpt(budget)}")
    if time_limit is not None:
        if type(time_limit) not in (int, float):
            raise WrongTypeError(
                f"time_limit must be a number of seconds or None, got {excerpt(time_limit)}"
            )
        assert isinstance(time_limit, int | float)
        if not 0 < time_limit < math.inf:
            raise SolverError(
                f"time_limit must be a positive number of seconds, got {excerpt(time_limit)}"
            )


def _position(
    game: Game[Any, Any, Any], state: Any, player: int | None, fast_path: bool
) -> Position:
    """The game's own position of ``state`` (:attr:`GameInfo.solver_position
    <sticheln.GameInfo.solver_position>`) when it declares one that takes the state, else a
    :class:`StatePosition`."""
    if fast_path:
        info = getattr(game, "info", None)
        reference = getattr(info, "solver_position", None)
        if reference is not None:
            factory = resolve(reference, f"the solver position of {getattr(info, 'title', '')}")
            position: Position | None = factory(state, player)
            if position is not None:
                return position
    return StatePosition(game, state)


def solve(
    game: Game[Any, MoveT, Any],
    state: Any,
    player: int,
    *,
    model: Model = "paranoid",
    budget: int | None = None,
    time_limit: float | None = None,
    fast_path: bool = True,
) -> Solution[MoveT]:
    """Solve the deal in progress of ``state``, every hand known, for the seat ``player``:
    the value of the deal for it, the value of every legal move of the player to act, and a
    line of best play.

    The value is ``player``'s score of the deal in progress (Sticheln's round, a hand of
    Hattrick or Stichling) as the game scores it at the end of the deal, the cards it won
    earlier in the deal included: :meth:`Game.scores <sticheln.Game.scores>` at the end of
    the deal minus those of ``state``, which count the finished deals only.

    ``model`` says how the others play:

    - ``"paranoid"`` (the default): ``player`` maximises its score and all the others
      together minimise it. The value is what ``player`` can make sure of whatever the others
      do; the search is an alpha-beta search with null-window probes (MTD(f)) and a
      transposition table.
    - ``"maxn"``: every player maximises their own score of the deal. Where a player's moves
      give it the same score, it takes the one that gives ``player`` the fewest points, then
      the one that gives seat 0 the fewest, then seat 1, and so on. Every position is
      searched (no pruning), with a transposition table.

    ``budget`` (positions) and ``time_limit`` (seconds) stop the search early; the values
    then found are exact and the others ``None``, with the bounds the probes have proved
    (``"paranoid"``; ``"maxn"`` proves no bounds). ``fast_path=False`` searches the game's
    own states through the protocol (:class:`~sticheln.analysis.StatePosition`) even when the
    game declares a faster position (:attr:`GameInfo.solver_position
    <sticheln.GameInfo.solver_position>`); the values are the same.

    Sticheln with hands of three cards, the pain cards chosen (G2 is player 0's), two
    tricks left: player 0 makes sure of 1 point by leading B1, and of -2 only by leading R8
    (:doc:`/analysis` works it out):

    >>> import sticheln as st
    >>> from sticheln.analysis import solve
    >>> game = st.StichelnGame(st.StichelnRules(name="three-cards", hand_size=3))
    >>> state = game.new_game(3, deals=[["R8 B1 G2", "R3 B4 Y5", "R6 B7 Y2"]] * 3)
    >>> for player, card in [(0, "G2"), (1, "Y5"), (2, "Y2")]:
    ...     state = game.apply_move(state, game.parse_move(state, player, card))
    >>> solution = solve(game, state, 0)
    >>> solution.value, [game.move_text(move) for move in solution.best_moves]
    (1, ['B1'])
    >>> [game.move_text(move) for move in solution.line], solution.scores
    (['B1', 'R3', 'R6', 'B7', 'R8', 'B4'], (1, -5, 1))

    :raises SolverError: if the game is over in ``state``, or several players are to act at
        once (then or later in the deal); for a ``budget`` or ``time_limit`` that is not
        positive.
    :raises UnknownNameError: for a ``model`` that is not ``"paranoid"`` or ``"maxn"``.
    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: if ``game`` is not a game on the protocol, ``state`` not one of
        its states, ``player`` not an ``int``, ``model`` not a string, or ``budget`` or
        ``time_limit`` not a number.
    """
    _check_game(game)
    if not isinstance(model, str):
        raise WrongTypeError(f"model must be a string, got {excerpt(model)}")
    if model not in MODELS:
        raise UnknownNameError(f"no model {excerpt(model)}; known models: paranoid, maxn")
    _check_limits(budget, time_limit)
    if game.is_over(state):
        raise SolverError("the game is over: there is no deal to solve")
    check_seat(player, len(game.scores(state)))
    actors = game.players_to_act(state)
    if len(actors) != 1:
        seats = ", ".join(map(str, actors))
        raise SolverError(
            f"players {seats} act at once: the solver searches play in which one player "
            "acts at a time"
        )
    legal = tuple(game.legal_moves(state, actors[0]))
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    position = _position(game, state, player if model == "paranoid" else None, fast_path)
    search = _Search(position, player, budget, deadline)
    if model == "paranoid":
        return _solve_paranoid(search, legal)
    return _solve_maxn(search, legal)


def _classes(position: Position, legal: Sequence[Any]) -> dict[Hashable, list[Any]]:
    """The moves of the root position's :meth:`~Position.moves`, each with the legal moves
    of the game it stands for, in the order of ``legal``."""
    classes: dict[Hashable, list[Any]] = {key: [] for key in position.moves()}
    for move in legal:
        classes[position.representative(position.key_of(move))].append(move)
    return classes


def _solve_paranoid(search: _Search, legal: Sequence[Any]) -> Solution[Any]:
    position = search.position
    player = search.player
    alphabeta = search.alphabeta()
    classes = _classes(position, legal)
    maximise = position.to_act == player
    base = position.points[player]
    found: dict[Hashable, tuple[int, int]] = {}
    guess = 0
    for key in classes:
        position.play(key)
        try:
            gain = position.points[player] - base
            low, high = search.start_bounds()
            if not search.exhausted:
                low, high = search.narrow(alphabeta, low, high, guess - gain)
                if low == high:
                    guess = gain + low
        finally:
            position.undo()
        found[key] = (gain + low, gain + high)
    lows = [low for low, _ in found.values()]
    highs = [high for _, high in found.values()]
    low, high = (max(lows), max(highs)) if maximise else (min(lows), min(highs))
    exact = all(low == high for low, high in found.values())
    line: list[Any] = []
    scores = None
    if exact:
        line = search.paranoid_line(alphabeta, low)
        scores = _line_scores(position, line)
    best = [key for key, (value, _) in found.items() if exact and value == low]
    return _solution(
        search, "paranoid", legal, classes, found, base, (low, high), exact, line, scores, best
    )


def _solve_maxn(search: _Search, legal: Sequence[Any]) -> Solution[Any]:
    position = search.position
    player = search.player
    maxn = search.maxn()
    classes = _classes(position, legal)
    mover = position.to_act
    base = tuple(position.points)
    vectors: dict[Hashable, tuple[int, ...]] = {}
    try:
        for key in classes:
            position.play(key)
            try:
                points = tuple(position.points)
                rest = maxn()
            finally:
                position.undo()
            vectors[key] = tuple(p - b + r for p, b, r in zip(points, base, rest, strict=True))
    except _OutOfBudget:
        pass  # the moves searched to the end keep their values; the others have none
    found = {
        key: (vectors[key][player], vectors[key][player])
        if key in vectors
        else (-_INFINITY, _INFINITY)
        for key in classes
    }
    exact = len(vectors) == len(classes)
    line: list[Any] = []
    scores = None
    bounds = (-_INFINITY, _INFINITY)
    best: list[Hashable] = []
    if exact:
        chosen = max(vectors.values(), key=lambda vector: _rank(vector, mover, player))
        bounds = (chosen[player], chosen[player])
        best = [key for key, vector in vectors.items() if vector == chosen]
        line = search.maxn_line(maxn)
        scores = _line_scores(position, line)
    return _solution(
        search, "maxn", legal, classes, found, base[player], bounds, exact, line, scores, best
    )


def _line_scores(position: Position, line: Sequence[Any]) -> tuple[int, ...]:
    """Each player's points at the end of ``line``, played from the position (which is left
    as it was)."""
    played = 0
    try:
        for move in line:
            position.play(position.key_of(move))
            played += 1
        return tuple(position.points)
    finally:
        for _ in range(played):
            position.undo()


def _solution(
    search: _Search,
    model: Model,
    legal: Sequence[Any],
    classes: Mapping[Hashable, Sequence[Any]],
    found: Mapping[Hashable, tuple[int, int]],
    base: int,
    bounds: tuple[int, int],
    exact: bool,
    line: Sequence[Any],
    scores: tuple[int, ...] | None,
    best: Collection[Hashable],
) -> Solution[Any]:
    """The :class:`Solution` of a search whose root moves ``classes`` have the bounds
    ``found`` of the points to come, and the root ``bounds``; ``base`` is the player's points
    at the root, and ``best`` the root moves that are best."""
    class_of = {move: key for key, moves in classes.items() for move in moves}
    of_move = {move: found[class_of[move]] for move in legal}
    move_bounds = {move: _bounds_view(base, *of_move[move]) for move in legal}
    move_values = {
        move: low for move, (low, high) in move_bounds.items() if low is not None and low == high
    }
    low, high = bounds
    lower, upper = _bounds_view(base, low, high)
    return Solution(
        player=search.player,
        model=model,
        to_act=search.position.to_act,
        value=lower if lower is not None and lower == upper else None,
        lower=lower,
        upper=upper,
        move_values=MappingProxyType(move_values),
        move_bounds=MappingProxyType(move_bounds),
        line=tuple(line),
        scores=scores,
        best_moves=tuple(move for move in legal if class_of[move] in best),
        nodes=search.nodes,
        exact=exact,
    )
