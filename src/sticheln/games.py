"""The games of the library by name, for programs that let the user choose one.

>>> find_game("sticheln").name
'sticheln'
>>> find_game("sticheln", "amigo-1993").rules.name
'amigo-1993'
>>> find_game("Hattrick", "passes-shown").player_counts
(4, 5, 6)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from sticheln.errors import RulesError
from sticheln.protocol import Game, StichelnGame
from sticheln.rules import PRESETS, Rules

if TYPE_CHECKING:
    from sticheln.hattrick import HattrickGame

__all__ = ["GAME_NAMES", "find_game"]


def _sticheln(rules: str | None) -> StichelnGame:
    return StichelnGame(Rules.preset(rules) if rules is not None else PRESETS["nsv"])


def _hattrick(rules: str | None) -> HattrickGame:
    from sticheln.hattrick import AMIGO_1995, HattrickGame, HattrickRules

    return HattrickGame(HattrickRules.preset(rules) if rules is not None else AMIGO_1995)


_FACTORIES: Final[dict[str, Callable[[str | None], Any]]] = {
    "sticheln": _sticheln,
    "hattrick": _hattrick,
}

GAME_NAMES: Final = tuple(_FACTORIES)
"""The names :func:`find_game` knows."""


def find_game(name: str, rules: str | None = None) -> Game[Any, Any, Any]:
    """The game called ``name`` (case-insensitive), with the rules preset called ``rules``
    (the game's default rules when ``None``).

    :raises RulesError: for an unknown game or rules preset; the message lists the known ones.
    """
    factory = _FACTORIES.get(name.lower())
    if factory is None:
        raise RulesError(f"no game {name!r}; known games: {', '.join(GAME_NAMES)}")
    game: Game[Any, Any, Any] = factory(rules)
    return game
