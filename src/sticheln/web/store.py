"""The server's SQLite file: one row per table, one row per move.

A :class:`Store` is not safe for the event loop: every call blocks on the disk, so the
server calls it from one thread of its own (:class:`~sticheln.web.tables.TableManager`).
Each write is committed before it returns.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "web.sqlite3"
>>> store = Store(path)
>>> row = TableRow("t1", "sticheln", "nsv", 3, 7, ("human", "random", "random"),
...                (None, None, None), ("ab" * 32, None, None), "2026-01-01T00:00:00Z")
>>> store.add_table(row)
>>> store.add_move("t1", 0, {"type": "ChoosePain"})
>>> [(table.id, moves) for table, moves in store.load()]
[('t1', [{'type': 'ChoosePain'}])]
>>> store.close()
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import attrs

__all__ = ["Store", "TableRow"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    preset TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    names TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    created TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing'
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


@attrs.frozen
class TableRow:
    """What the file keeps of a table besides its moves."""

    id: str
    """The table's id, as in its links."""
    game: str
    """The game's registry name (``"sticheln"``)."""
    preset: str
    """The rules preset."""
    players: int
    """The number of seats."""
    seed: int
    """The seed the game was dealt from."""
    seats: tuple[str, ...]
    """Per seat, ``"human"`` or the bot spec that plays it."""
    names: tuple[str | None, ...]
    """Per seat, the name given when the table was made, or ``None``."""
    token_hashes: tuple[str | None, ...]
    """Per seat, the SHA-256 (hex) of a human seat's join token; ``None`` for a bot."""
    created: str
    """When the table was made (ISO 8601, UTC)."""
    status: str = "playing"
    """``"playing"`` or ``"over"``."""


class Store:
    """The SQLite file at a path, with its tables created if missing."""

    def __init__(self, path: Path) -> None:
        self.path = path
        """Where the file is."""
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def add_table(self, row: TableRow) -> None:
        """Write a new table (committed)."""
        with self._db:
            self._db.execute(
                "INSERT INTO tables (id, game, preset, players, seed, seats, names, "
                "token_hashes, created, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    row.preset,
                    row.players,
                    row.seed,
                    json.dumps(row.seats),
                    json.dumps(row.names),
                    json.dumps(row.token_hashes),
                    row.created,
                    row.status,
                ),
            )

    def add_move(
        self, table_id: str, number: int, move: dict[str, Any], *, over: bool = False
    ) -> None:
        """Write move ``number`` (from 0) of a table, and mark the table over if the move
        ended the game (committed, in one transaction)."""
        with self._db:
            self._db.execute(
                "INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)",
                (table_id, number, json.dumps(move)),
            )
            if over:
                self._db.execute("UPDATE tables SET status = 'over' WHERE id = ?", (table_id,))

    def load(self) -> list[tuple[TableRow, list[dict[str, Any]]]]:
        """Every table in the order they were made, with its moves in order."""
        tables = self._db.execute(
            "SELECT id, game, preset, players, seed, seats, names, token_hashes, created, "
            "status FROM tables ORDER BY created, rowid"
        ).fetchall()
        moves: dict[str, list[dict[str, Any]]] = {row[0]: [] for row in tables}
        for table_id, text in self._db.execute(
            "SELECT table_id, move FROM moves ORDER BY table_id, number"
        ):
            if table_id in moves:
                moves[table_id].append(json.loads(text))
        return [
            (
                TableRow(
                    id=row[0],
                    game=row[1],
                    preset=row[2],
                    players=row[3],
                    seed=row[4],
                    seats=tuple(json.loads(row[5])),
                    names=tuple(json.loads(row[6])),
                    token_hashes=tuple(json.loads(row[7])),
                    created=row[8],
                    status=row[9],
                ),
                moves[row[0]],
            )
            for row in tables
        ]

    def close(self) -> None:
        """Close the file."""
        self._db.close()
