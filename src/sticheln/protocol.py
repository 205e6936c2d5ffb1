"""The game protocol (:mod:`sticheln.core.protocol`) and Sticheln's implementation of it
(:mod:`sticheln.game`), under the import path of earlier versions."""

from __future__ import annotations

from sticheln.core.protocol import Game, GameInfo, random_playout
from sticheln.game import StichelnGame

__all__ = ["Game", "GameInfo", "StichelnGame", "random_playout"]
