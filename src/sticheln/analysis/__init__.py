"""Analysis of games: the exact solver of a deal with every hand known (:func:`solve`).

Written once against the :class:`~sticheln.Game` protocol, like the bots; a game may declare
a faster position of its own for the solver (:attr:`GameInfo.solver_position
<sticheln.GameInfo.solver_position>`). :doc:`/analysis` explains what the values mean.

>>> import sticheln as st
>>> from sticheln.analysis import solve
>>> game = st.StichelnGame(st.StichelnRules(name="three-cards", hand_size=3))
>>> state = game.new_game(3, deals=[["R8 B1 G2", "R3 B4 Y5", "R6 B7 Y2"]] * 3)
>>> for player, card in [(0, "G2"), (1, "Y5"), (2, "Y2")]:
...     state = game.apply_move(state, game.parse_move(state, player, card))
>>> solution = solve(game, state, 0)
>>> solution.value, {game.move_text(move): v for move, v in solution.move_values.items()}
(1, {'R8': -2, 'B1': 1})
"""

from __future__ import annotations

from sticheln.analysis.position import Position, StatePosition
from sticheln.analysis.solver import MODELS, Model, Solution, solve
from sticheln.core.errors import SolverError

__all__ = ["MODELS", "Model", "Position", "Solution", "SolverError", "StatePosition", "solve"]
