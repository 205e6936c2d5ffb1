"""Analysis of games: the exact solver of a deal with every hand known (:func:`solve`).

Written once against the :class:`~sticheln.Game` protocol, like the bots; a game may declare
a faster position of its own for the solver (:attr:`GameInfo.solver_position
<sticheln.GameInfo.solver_position>`). :doc:`/analysis` explains what the values mean.

>>> from sticheln import find_game
>>> from sticheln.analysis import solve
>>> game = find_game("hattrick")
>>> state = game.new_game(4, deals=[["R1 R2", "R3 R4", "G1 G2", "B1 B2"]])
>>> solve(game, state, 0).value
-1
"""

from __future__ import annotations

from sticheln.analysis.position import Position, StatePosition
from sticheln.analysis.solver import MODELS, Model, Solution, solve
from sticheln.core.errors import SolverError

__all__ = ["MODELS", "Model", "Position", "Solution", "SolverError", "StatePosition", "solve"]
