"""Records of Hattrick games: everything needed to replay a game, as versioned JSON.

The JSON has the same layout as Sticheln's records (format ``"sticheln-record"``), with
``"game": "hattrick"``, Hattrick's rules and moves of the kinds ``"open"``, ``"follow"`` and
``"pass"``. Records of version 1, whose rules had one field ``passed_cards`` for both what a
passed card shows and whether it counts for the lead, are read too.

>>> state = new_game(players=4, seed=5)
>>> state = apply_move(state, legal_moves(state, 0)[0])
>>> HattrickRecord.from_json(HattrickRecord.from_state(state).to_json()).replay() == state
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from sticheln.core.records import Record
from sticheln.hattrick.engine import apply_move, game_setup, start_game
from sticheln.hattrick.moves import Follow, HattrickMove, OpenTrick, Pass
from sticheln.hattrick.rules import HattrickRules, LeadCards
from sticheln.hattrick.state import HattrickState

__all__ = ["HATTRICK_RECORD_VERSION", "HattrickRecord"]

HATTRICK_RECORD_VERSION: Final = 2
"""The version of the Hattrick record layout this library writes; it reads version 1 too."""

_V1_PASSED_CARDS: Final = {
    "hidden": {"passed_cards": "hidden", "lead_cards": "tricks"},
    "shown": {"passed_cards": "shown", "lead_cards": "turn"},
}
"""The rules fields of version 2 for each ``passed_cards`` value of version 1, which set both
what a passed card shows and whether it counts for the lead."""


def _upgrade_rules_v1(rules: object) -> object:
    """Version-1 rules data in the layout of version 2: ``passed_cards`` split into
    ``passed_cards`` and ``lead_cards``, and no ``target_score``. What does not fit is left
    for :meth:`HattrickRules.from_dict` to report: data that is not version-1 rules is
    returned as it is, and an unknown ``passed_cards`` value is kept."""
    if not isinstance(rules, Mapping) or {"lead_cards", "target_score"} & set(rules):
        return rules
    value = rules.get("passed_cards")
    split = _V1_PASSED_CARDS.get(value) if isinstance(value, str) else None
    if split is None:
        split = {"lead_cards": LeadCards.TRICKS.value}
    return {**rules, **split, "target_score": None}


@attrs.frozen
class HattrickRecord(Record[HattrickRules, HattrickMove, HattrickState]):
    """A whole game of Hattrick as data: rules, players, the first leader, the deal of every
    hand and every move in order.

    In the JSON (:meth:`to_json`) the ``game`` is ``"hattrick"`` and the moves are of the
    kinds ``"open"`` (:class:`OpenTrick`), ``"follow"`` (:class:`Follow`) and ``"pass"``
    (:class:`Pass`). :meth:`from_json` reads records of version 1 as well: their
    ``passed_cards`` ``"hidden"`` becomes :attr:`PassedCards.HIDDEN` with
    :attr:`LeadCards.TRICKS`, and ``"shown"`` becomes :attr:`PassedCards.SHOWN` with
    :attr:`LeadCards.TURN`, the two meanings it had.
    """

    GAME = "hattrick"
    VERSION = HATTRICK_RECORD_VERSION
    STATE = HattrickState
    OLDER_VERSIONS = (1,)
    KINDS = MappingProxyType({"open": OpenTrick, "follow": Follow, "pass": Pass})

    def _start(self) -> HattrickState:
        return start_game(
            game_setup(self.rules, self.players, self.first_leader, self.seed, self.deals)
        )

    _apply = staticmethod(apply_move)

    @staticmethod
    def _kind(move: HattrickMove) -> str:
        return move.action.value

    @classmethod
    def _read_rules(cls, data: object) -> HattrickRules:
        return HattrickRules.from_dict(data)

    @classmethod
    def _upgrade(cls, data: Mapping[str, Any], version: int) -> Mapping[str, Any]:
        return {**data, "rules": _upgrade_rules_v1(data["rules"])}
