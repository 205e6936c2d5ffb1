"""The ``encoding-layout`` directive: the table of an encoding's observation segments (their
place, size, range of values and meaning), built from the library itself so that the docs
show the layout the code writes.

Usage::

    .. encoding-layout:: sticheln 4
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx


class EncodingLayout(Directive):
    """A table of the segments of ``find_game(name).encoding(players)``."""

    required_arguments = 2
    has_content = False

    def run(self) -> list[nodes.Node]:
        from sticheln import find_game

        name, players = self.arguments[0], int(self.arguments[1])
        encoding = find_game(name).encoding(players)
        rows = [
            (
                segment.name,
                str(segment.offset),
                str(segment.size),
                _range(segment.low, segment.high, segment.clipped),
                segment.description,
            )
            for segment in encoding.layout
        ]
        rows.append(("(total)", "", str(encoding.observation_size), "", ""))
        head = ("Segment", "Offset", "Entries", "Values", "Meaning")
        return [_table(head, rows, (16, 7, 7, 14, 56))]


def _range(low: int, high: int, clipped: bool) -> str:
    """The values of a segment's entries: ``0/1`` for flags and cards, else ``low..high``,
    marked ``(clipped)`` where the numbers reach beyond and are cut to it."""
    if (low, high) == (0, 1):
        return "0/1"
    return f"{low}..{high} (clipped)" if clipped else f"{low}..{high}"


def _table(
    head: tuple[str, ...], rows: list[tuple[str, ...]], widths: tuple[int, ...]
) -> nodes.table:
    table = nodes.table(classes=["encoding-layout"])
    group = nodes.tgroup(cols=len(head))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    thead = nodes.thead()
    thead += _row(head)
    group += thead
    body = nodes.tbody()
    for row in rows:
        body += _row(row)
    group += body
    return table


def _row(cells: tuple[str, ...]) -> nodes.row:
    row = nodes.row()
    for i, text in enumerate(cells):
        entry = nodes.entry()
        paragraph = nodes.paragraph()
        paragraph += nodes.literal(text=text) if i == 0 and text else nodes.Text(text)
        entry += paragraph
        row += entry
    return row


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("encoding-layout", EncodingLayout)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
