"""The plain text of states and views, in one shape for every game.

A state or view has a short ``repr``, one line of at most :data:`REPR_LIMIT` characters
(``<StichelnView player 0, 4 players, round 1/4, trick 3, player 2 to play, 12 cards in
hand>``), and a ``str`` of a few lines that shows what its player sees: a header line, the
player's own hand by colour (for a full state, every hand), what lies on the table, the
tricks of the deal in progress, and a table of the players with the game's own columns and
the totals. A finished game shows its scoreboard by deal and the winners. Each game fills
these parts in its own terms (round and trick, hand and turn); the pieces are here so that no
two games format them twice.

>>> from sticheln import CardSet, Color
>>> from sticheln.core.text import hand_line, hand_rows, short_repr, table_lines
>>> short_repr("ToyView", ["player 0", "2 players", "hand 1/3"])
'<ToyView player 0, 2 players, hand 1/3>'
>>> hand_rows(CardSet.parse("R3 B11 R0 G2"), {Color.RED: "pain colour"})
['  red    R0 R3  (pain colour)', '  green  G2', '  blue   B11']
>>> hand_line(CardSet.parse("R3 B11 R0 G2"))
'R0 R3  G2  B11'
>>> rows = [["0", "3", "-4"], ["1", "12", "10"]]
>>> print("\\n".join(table_lines(["Player", "Won", "Total"], rows)))
Player  Won  Total
0         3     -4
1        12     10
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, Protocol

from sticheln.core.cards import Card, CardSet, Color
from sticheln.core.setup import SPECTATOR

__all__ = [
    "REPR_LIMIT",
    "acting_text",
    "deal_text",
    "hand_line",
    "hand_rows",
    "hands_lines",
    "header_line",
    "numbered",
    "plays_text",
    "scoreboard_lines",
    "short_repr",
    "signed",
    "table_lines",
    "view_repr",
    "viewer_text",
]

REPR_LIMIT: Final = 200
"""The most characters of the ``repr`` of a state or view."""

NOTHING: Final = "-"
"""What stands for an empty pile or an unknown entry of a table."""


class SeenTable(Protocol):
    """What :func:`view_repr` reads of a view."""

    @property
    def player(self) -> int: ...

    @property
    def players(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def hand(self) -> CardSet: ...


def view_repr(view: SeenTable, progress: Iterable[str]) -> str:
    """The ``repr`` of a view: its class, who sees it, the number of players, the game's
    ``progress`` in its own terms, and how many cards the viewer holds while there is a
    game to play.

    >>> from sticheln import new_game, observe
    >>> view_repr(observe(new_game(3, seed=1), 2), ["round 1/3"])
    '<StichelnView player 2, 3 players, round 1/3, 15 cards in hand>'
    """
    parts = [viewer_text(view.player), f"{view.players} players", *progress]
    if view.player != SPECTATOR and not view.is_over:
        held = len(view.hand)
        parts.append(f"{held} card{'' if held == 1 else 's'} in hand")
    return short_repr(type(view).__name__, parts)


def short_repr(kind: str, parts: Iterable[str]) -> str:
    """``<kind part, part, ...>`` on one line (runs of white space made single spaces), cut to
    :data:`REPR_LIMIT` characters with an ellipsis."""
    text = " ".join(f"<{kind} {', '.join(parts)}>".split())
    return text if len(text) <= REPR_LIMIT else text[: REPR_LIMIT - 2] + "…>"


def viewer_text(player: int) -> str:
    """Who sees a view: ``"player 2"``, or ``"spectator"`` for
    :data:`~sticheln.SPECTATOR`."""
    return "spectator" if player == SPECTATOR else f"player {player}"


def deal_text(deal: str, number: int, count: int | str, *, short: bool = True) -> str:
    """Deal ``number`` (from 0) of ``count``: ``"round 2/4"`` for a ``repr``, ``"round 2 of
    4"`` with ``short=False``."""
    return f"{deal} {number + 1}/{count}" if short else f"{deal} {number + 1} of {count}"


def header_line(title: str, parts: Iterable[str], viewer: int | None = None) -> str:
    """The first line of the ``str`` of a state or view: the game's title and ``parts``, and
    who sees it for a view: ``"Sticheln · round 1 of 4 · trick 2 · player 2 to play · seen
    by player 0"``."""
    if viewer is None:
        seen: tuple[str, ...] = ()
    else:
        seen = ("seen by a spectator" if viewer == SPECTATOR else f"seen by player {viewer}",)
    return " · ".join((title, *parts, *seen))


def acting_text(seats: Sequence[int], verb: str = "play") -> str:
    """Who is to act: ``"player 2 to play"``, ``"players 0, 1, 3 to choose"``, ``"nobody
    to play"``."""
    if not seats:
        return f"nobody to {verb}"
    if len(seats) == 1:
        return f"player {seats[0]} to {verb}"
    return f"players {', '.join(map(str, seats))} to {verb}"


def signed(points: int) -> str:
    """Points as every text shows them, a deal's and a total alike: with their sign, ``+3``,
    ``-5``, and ``0`` for none."""
    return f"{points:+d}" if points else "0"


def hand_line(cards: CardSet) -> str:
    """The cards on one line, the colours two spaces apart; ``-`` for none."""
    groups = [str(cards.of_color(color)) for color in Color]
    return "  ".join(group for group in groups if group) or NOTHING


def hand_rows(hand: CardSet, notes: Mapping[Color, str] | None = None) -> list[str]:
    """A hand by colour, one indented row per colour it holds, with the note of a colour,
    if any, in brackets after its cards."""
    held = [(color, hand.of_color(color)) for color in Color if hand.of_color(color)]
    if not held:
        return [f"  {NOTHING}"]
    width = max(len(color.name) for color, _ in held)
    lines = []
    for color, cards in held:
        note = (notes or {}).get(color)
        line = f"  {color.name.lower():<{width}}  {cards}"
        lines.append(f"{line}  ({note})" if note else line)
    return lines


def hands_lines(hands: Sequence[CardSet]) -> list[str]:
    """Every player's hand, one indented line each: ``"  2  R0 R3  G2"``."""
    width = len(str(len(hands) - 1))
    return [f"  {seat:>{width}}  {hand_line(hand)}" for seat, hand in enumerate(hands)]


def plays_text(plays: Iterable[tuple[int, Card | None]], marks: Sequence[str] = ()) -> str:
    """Cards played, as ``seat:card`` in play order (the form of :class:`~sticheln.Trick`'s
    ``str``); ``??`` for a card the viewer has not seen, and the mark of each play, if any,
    after it."""
    return " ".join(
        f"{seat}:{'??' if card is None else card}{marks[i] if i < len(marks) else ''}"
        for i, (seat, card) in enumerate(plays)
    )


def numbered(items: Iterable[object]) -> list[str]:
    """The ``str`` of each item on an indented line of its own, numbered from 1."""
    lines = [str(item) for item in items]
    width = len(str(len(lines)))
    return [f"  {i:>{width}}) {line}" for i, line in enumerate(lines, start=1)]


def table_lines(
    headers: Sequence[str], rows: Sequence[Sequence[str]], left: Sequence[int] = (0,)
) -> list[str]:
    """A table in plain text: the header row, then the rows, columns two spaces apart, the
    columns numbered in ``left`` aligned left and the others right; no trailing spaces."""
    widths = [max(len(row[i]) for row in (headers, *rows)) for i in range(len(headers))]
    lines = []
    for row in (headers, *rows):
        cells = [
            cell.ljust(width) if i in left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def scoreboard_lines(
    deal: str,
    scores: Sequence[Sequence[int]],
    totals: Sequence[int],
    winners: Sequence[int],
    extra: tuple[str, Sequence[str]] | None = None,
) -> list[str]:
    """The scoreboard of a game: the ``scores`` of every finished deal (``deal`` names them:
    ``"Round"``, ``"Hand"``) by seat, the totals, and the winners (none while the game goes
    on); ``extra``, a heading and a text for each deal, adds a column of the game's own."""
    headers = [deal, *(f"Player {seat}" for seat in range(len(totals)))]
    rows = [[str(i), *map(signed, deal_scores)] for i, deal_scores in enumerate(scores, 1)]
    rows.append(["Total", *map(str, totals)])
    if extra is not None:
        headers.append(extra[0])
        for row, text in zip(rows, [*extra[1], ""], strict=True):
            row.append(text)
    lines = table_lines(headers, rows, left=(0, len(headers) - 1) if extra else (0,))
    if winners:
        label = "Winner" if len(winners) == 1 else "Winners"
        lines.append(f"{label}: {', '.join(f'player {seat}' for seat in winners)}")
    return lines
