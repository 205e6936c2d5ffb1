"""What a game's fast source of random games gives (:attr:`GameInfo.random_games
<sticheln.GameInfo.random_games>`): one :class:`RandomGame` per seed, a record that replays
on the engine and, where the source builds them itself, the encoding's observation and mask
before every move.

A source builds the observations only where it keeps the encoding's layout itself, array by
array (a batch simulator whose tests compare them with the encoding's at every move); the
tool that writes the rows (:mod:`sticheln.tournament.selfplay`) builds the missing ones
on the engine.
"""

from __future__ import annotations

from typing import Any

import attrs

from sticheln.core.records import Record

__all__ = ["RandomGame"]


@attrs.frozen(eq=False)
class RandomGame:
    """One game played uniformly at random over the legal moves by a game's fast source."""

    record: Record[Any, Any, Any]
    """The game's record: :meth:`~sticheln.core.Record.replay` with ``moves=0`` gives its
    first state, and its :attr:`~sticheln.core.Record.moves` replay on the engine."""
    observations: bytes | None = None
    """Before every move of :attr:`record`, the observation vector of the game's encoding
    (:meth:`Encoding.observation <sticheln.core.encoding.Encoding.observation>`) of the
    player making it: ``observation_size`` ``int8`` values a move, one move after the other;
    ``None``: the source builds none."""
    masks: bytes | None = None
    """Before every move, that player's action mask (:meth:`Encoding.action_mask
    <sticheln.core.encoding.Encoding.action_mask>`): ``num_actions`` ``int8`` values a move,
    one move after the other; ``None``: the source builds none."""
