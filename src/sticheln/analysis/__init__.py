"""Analysis of games: the exact solver of a deal with every hand known (:func:`solve`), and
the analysis of a recorded game, decision by decision (:func:`analyse`).

Written once against the :class:`~sticheln.Game` protocol, like the bots; a game may declare
a faster position of its own for the solver (:attr:`GameInfo.solver_position
<sticheln.GameInfo.solver_position>`). :doc:`/analysis` explains what the values mean, and
:func:`solve` works out a round of Sticheln.
"""

from __future__ import annotations

from sticheln.analysis.decisions import (
    ANALYSIS_FORMAT,
    DEFAULT_BUDGET,
    DEFAULT_SAMPLES,
    Analysis,
    Decision,
    MoveValue,
    analyse,
    decision_numbers,
)
from sticheln.analysis.position import Position, StatePosition
from sticheln.analysis.solver import MODELS, Model, Solution, solve
from sticheln.core.errors import SolverError

__all__ = [
    "ANALYSIS_FORMAT",
    "DEFAULT_BUDGET",
    "DEFAULT_SAMPLES",
    "MODELS",
    "Analysis",
    "Decision",
    "Model",
    "MoveValue",
    "Position",
    "Solution",
    "SolverError",
    "StatePosition",
    "analyse",
    "decision_numbers",
    "solve",
]
