"""Tournaments between bots: described as data, played as batches of games on any
:class:`concurrent.futures.Executor` (a process pool, a Dask cluster), the results written
to a file as they arrive so that a stopped tournament goes on where it was.

>>> from sticheln.tournament import Tournament, run_tournament
>>> t = Tournament("sticheln", ("random",) * 3, deals=2, seed=1, rules="tiny")
>>> results = run_tournament(t)
>>> [(r.index, r.deal, r.seated) for r in results]  # doctest: +NORMALIZE_WHITESPACE
[(0, 0, (0, 1, 2)), (1, 0, (2, 0, 1)), (2, 0, (1, 2, 0)),
 (3, 1, (0, 1, 2)), (4, 1, (2, 0, 1)), (5, 1, (1, 2, 0))]

:doc:`/tournaments` shows how to run one on this machine and on a cluster.
"""

from __future__ import annotations

from sticheln.tournament.description import Rotation, Tournament, derive_seed
from sticheln.tournament.errors import ResultsMismatchError, VersionMismatchError
from sticheln.tournament.play import (
    GameResult,
    PlayedGame,
    check_tournament,
    play_batch,
    play_game,
)
from sticheln.tournament.results import ResultsFile
from sticheln.tournament.run import BATCH_SECONDS, ResultSink, run_tournament

__all__ = [
    "BATCH_SECONDS",
    "GameResult",
    "PlayedGame",
    "ResultSink",
    "ResultsFile",
    "ResultsMismatchError",
    "Rotation",
    "Tournament",
    "VersionMismatchError",
    "check_tournament",
    "derive_seed",
    "play_batch",
    "play_game",
    "run_tournament",
]
