"""What each legal move is worth in one world: a full state drawn to agree with a player's
view (:meth:`Game.sample_state <sticheln.Game.sample_state>`).

Two ways, which the analysis of a game (:func:`~sticheln.analysis.analyse`) and the ``pimc``
bot (:class:`~sticheln.bots.PIMCBot`) share:

- :func:`solved_values`: the exact value of every move in the world, by the solver
  (:func:`~sticheln.analysis.solve`), when its search finishes within a budget;
- :func:`playout_values`: the score one playout of the deal brings after each move, the
  rest played by the game's playout policy (:attr:`GameInfo.playout_policy
  <sticheln.GameInfo.playout_policy>`, the policy the ISMCTS bot plays its playouts with; at
  random for a game that declares none), for worlds too large to solve or in which several
  players act at once.

Both value a move by the score of the deal in progress that the player has at the end of the
deal after it, as :func:`~sticheln.analysis.solve` does: :meth:`Game.scores
<sticheln.Game.scores>` at the end of the deal minus those of the world.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sticheln.analysis.solver import Model, solve
from sticheln.core.errors import SolverError
from sticheln.core.protocol import Game
from sticheln.core.references import resolve
from sticheln.core.stats import student_t_quantile

__all__ = ["mean_interval", "playout_values", "policy_of", "solved_values"]

MoveT = TypeVar("MoveT")

Policy = Callable[[Any, int, Sequence[Any], random.Random], Any]
"""A playout policy: ``(state, player, legal moves, rng) -> move``."""


def policy_of(game: Game[Any, Any, Any]) -> Policy:
    """The policy the playouts of :func:`playout_values` are played with: the game's declared
    playout policy (:attr:`GameInfo.playout_policy <sticheln.GameInfo.playout_policy>`), or
    uniformly random moves."""
    info = game.info
    if info.playout_policy is not None:
        declared: Policy = resolve(info.playout_policy, f"the playout policy of {info.title}")
        return declared
    return lambda state, player, moves, rng: rng.choice(moves)


def solved_values(
    game: Game[Any, MoveT, Any],
    world: Any,
    player: int,
    moves: Sequence[MoveT],
    *,
    model: Model,
    budget: int | None,
    time_limit: float | None = None,
) -> tuple[int, ...] | None:
    """The exact value for ``player`` of each of ``moves`` (its legal moves in ``world``, in
    that order) by :func:`~sticheln.analysis.solve` under ``model``, or ``None`` when the
    search does not finish within ``budget`` positions and ``time_limit`` seconds, or when
    several players act at once in the deal (which the solver does not search).

    A game's faster search of these values (:attr:`GameInfo.solver_values
    <sticheln.GameInfo.solver_values>`, Sticheln's compiled solver) answers instead where it
    handles the world; its positions are counted its own way, so a ``budget`` does not
    stop both searches at the same point."""
    if len(game.players_to_act(world)) != 1:
        return None
    fast = game.info.solver_values
    if fast is not None:
        search = resolve(fast, f"the solver's values of {game.info.title}")
        found = search(world, player, moves, model, budget, time_limit)
        if found is not None:
            values: tuple[int, ...] | None = found[0]
            return values
    try:
        solution = solve(game, world, player, model=model, budget=budget, time_limit=time_limit)
    except SolverError:  # several players act at once later in the deal
        return None
    if not solution.exact:
        return None
    return tuple(solution.move_values[move] for move in moves)


def playout_values(
    game: Game[Any, MoveT, Any],
    world: Any,
    player: int,
    moves: Sequence[MoveT],
    policy: Policy,
    rng: random.Random,
) -> tuple[int, ...]:
    """For each of ``moves`` (legal moves of ``player`` in ``world``), ``player``'s score of
    the deal in progress after that move and one playout of the rest of the deal by
    ``policy``; every player to act, one after the other in seat order, plays by it."""
    deal = game.deal_number(world)
    before = game.scores(world)[player]
    values = []
    for move in moves:
        state = game.apply_move(world, move)
        while not game.is_over(state) and game.deal_number(state) == deal:
            actor = game.players_to_act(state)[0]
            choice = policy(state, actor, game.legal_moves(state, actor), rng)
            state = game.apply_move(state, choice)
        values.append(game.scores(state)[player] - before)
    return tuple(values)


def mean_interval(values: Sequence[float]) -> tuple[float, tuple[float, float] | None]:
    """The mean of ``values`` and its 95% confidence interval (Student's t with one degree of
    freedom less than the values); no interval (``None``) for a single value.

    >>> from sticheln.analysis.estimate import mean_interval
    >>> mean, (low, high) = mean_interval([1, 3])  # t(0.975, 1) = 12.706
    >>> mean, round(low, 3), round(high, 3)
    (2.0, -10.706, 14.706)
    >>> mean_interval([2, 2, 2])
    (2.0, (2.0, 2.0))
    """
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    half = student_t_quantile(0.975, len(values) - 1) * statistics.stdev(values)
    half /= math.sqrt(len(values))
    return mean, (mean - half, mean + half)
