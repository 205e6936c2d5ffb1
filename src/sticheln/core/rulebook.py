"""The rule specification's statements as data: each rule's ID, title, source and text, for
frontends that link an explanation's rule IDs to what the rules say.

The texts are those of the specification pages (:doc:`/rules/index`) without their examples,
as plain text; the package ships them, so a program needs no documentation build to show them.

>>> from sticheln import GAME_NAMES
>>> from sticheln.core.rulebook import rule_text, rule_texts
>>> rules = rule_texts()
>>> rule = rules[0]
>>> rule_text(rule.id) == rule, rule.game in GAME_NAMES, bool(rule.title and rule.text)
(True, True, True)
>>> {rule.game for rule in rules} == set(GAME_NAMES)  # every built-in game has its rules
True
"""

from __future__ import annotations

import functools
import importlib.resources
import json
from collections.abc import Mapping

import attrs

from sticheln.core.errors import UnknownNameError, WrongTypeError, excerpt

__all__ = ["RuleText", "rule_text", "rule_texts"]


@attrs.frozen
class RuleText:
    """One rule of the specification."""

    id: str
    """The rule's ID, ``"ST-TRICK-2"``."""
    game: str
    """The name of the game whose rules it belongs to (one of :data:`~sticheln.GAME_NAMES`)."""
    title: str
    """The rule's title."""
    page: str | None
    """The page of the printed rulebook it comes from, where it has one (``"1"``, ``"1–2"``)."""
    source: str | None
    """The sources it comes from otherwise (``"Game Cabinet translation"``)."""
    text: str
    """What the rule says: plain text, paragraphs separated by blank lines."""

    def to_dict(self) -> dict[str, str | None]:
        """The rule as JSON-safe data, under the names of its fields."""
        return attrs.asdict(self)


@functools.cache
def _rulebook() -> Mapping[str, RuleText]:
    text = importlib.resources.files("sticheln.core").joinpath("rulebook.json").read_text("utf-8")
    return {rule_id: RuleText(id=rule_id, **fields) for rule_id, fields in json.loads(text).items()}


def rule_text(rule_id: str) -> RuleText:
    """The rule with ID ``rule_id`` (``"ST-TRICK-2"``; case-insensitive).

    :raises UnknownNameError: if the specification has no such rule.
    :raises WrongTypeError: if ``rule_id`` is not a ``str``.
    """
    if not isinstance(rule_id, str):
        raise WrongTypeError(f"a rule ID must be a str, got {excerpt(rule_id)}")
    found = _rulebook().get(rule_id.strip().upper())
    if found is None:
        raise UnknownNameError(f"no rule {excerpt(rule_id)} in the specification")
    return found


def rule_texts(game: str | None = None) -> tuple[RuleText, ...]:
    """Every rule of the specification in its order, or only those of ``game`` (a name of
    :data:`~sticheln.GAME_NAMES`).

    :raises UnknownNameError: for a game with no rules in the specification.
    """
    rules = tuple(_rulebook().values())
    if game is None:
        return rules
    chosen = tuple(rule for rule in rules if rule.game == game)
    if not chosen:
        games = ", ".join(sorted({rule.game for rule in rules}))
        raise UnknownNameError(f"no rules for game {excerpt(game)}; the rules are of {games}")
    return chosen
