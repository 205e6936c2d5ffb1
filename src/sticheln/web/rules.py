"""The rules page of the server: the text of every rule of the specification, each under an
anchor of its ID (``/rules#ST-TRICK-2``), so that the table's explanations link to what the
rules they cite say. The page is plain HTML made once, with no script."""

from __future__ import annotations

import functools
import html

from sticheln.core.rulebook import RuleText, rule_texts
from sticheln.games import GAME_NAMES, find_game

__all__ = ["rules_page"]


def _games() -> list[str]:
    """The registered games whose rules the rulebook holds, in the registry's order."""
    known = {rule.game for rule in rule_texts()}
    return [name for name in GAME_NAMES if name in known]


def _source(rule: RuleText) -> str:
    if rule.page is not None:
        return f"rulebook, page {rule.page}"
    return rule.source or ""


def _rule(rule: RuleText) -> str:
    paragraphs = "".join(
        "<p>" + "<br>".join(map(html.escape, text.split("\n"))) + "</p>"
        for text in rule.text.split("\n\n")
    )
    return (
        f'<section class="rule" id="{html.escape(rule.id)}">'
        f'<h3><a class="rule-id" href="#{html.escape(rule.id)}">{html.escape(rule.id)}</a> '
        f"{html.escape(rule.title)}</h3>"
        f'<p class="rule-source">{html.escape(_source(rule))}</p>{paragraphs}</section>'
    )


@functools.cache
def rules_page() -> str:
    """The page: one section per game, one per rule, in the specification's order."""
    sections = []
    links = " · ".join(
        f'<a href="#{name}">{html.escape(find_game(name).info.title)}</a>' for name in _games()
    )
    for name in _games():
        title = html.escape(find_game(name).info.title)
        rules = "".join(_rule(rule) for rule in rule_texts(name))
        sections.append(
            f'<section class="game-rules" id="{name}"><h2>{title}</h2>{rules}</section>'
        )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>The rules · sticheln</title>"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/sticheln.css"></head>'
        '<body class="rules-page"><main><h1>The rules</h1>'
        "<p>The rules of the games as the library plays them, each with its ID; the "
        'table\'s explanations link here. <a href="/">Back to the lobby</a>.</p>'
        f"<nav>{links}</nav>"
        f"{''.join(sections)}</main></body></html>"
    )
