"""The server's SQLite file: one row per table, one row per move.

A :class:`Store` is not safe for the event loop: every call blocks on the disk, so the
server calls it from one thread of its own (:class:`~sticheln.web.tables.TableManager`).
Each write is one transaction, committed before it returns; a write that fails (a full disk,
a file that became read-only) raises :class:`sqlite3.Error` or :class:`OSError` and leaves
the file as it was. The file is created readable by its owner only (mode 0600): it holds
every hand of every table.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "web.sqlite3"
>>> store = Store(path)
>>> row = TableRow("t1", "sticheln", "nsv", 3, 7, ("human", "random", "random"),
...                (None, None, None), ("ab" * 32, None, None), "2026-01-01T00:00:00+00:00")
>>> store.add_table(row)
>>> store.add_move("t1", 0, {"type": "ChoosePain"}, at=1.0)
>>> [(stored.row.id, stored.moves) for stored in store.load()]
[('t1', ['{"type": "ChoosePain"}'])]
>>> store.close()
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

__all__ = ["SCHEMA_VERSION", "STATUSES", "Store", "StoreError", "StoredTable", "TableRow"]

SCHEMA_VERSION = 3
"""The layout of the file (``PRAGMA user_version``). Files of version 0 (the first layout:
the seed an integer column, no creator, client or times) and of version 2 (no move timer)
are brought up to date when opened."""

STATUSES = ("playing", "over", "abandoned", "closed")
"""What a table's ``status`` may be: in play, its game over, closed by the server as
abandoned, or closed by its creator."""

_TABLES = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    preset TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed TEXT NOT NULL,
    seed_chosen INTEGER NOT NULL DEFAULT 0,
    seats TEXT NOT NULL,
    names TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    creator_hash TEXT,
    client TEXT NOT NULL DEFAULT '',
    created TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    joined REAL,
    active REAL,
    move_time REAL
)
"""

_MOVES = """
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
)
"""

_COLUMNS = (
    "id, game, preset, players, seed, seed_chosen, seats, names, token_hashes, creator_hash, "
    "client, created, status, joined, active, move_time"
)


class StoreError(Exception):
    """A file the server cannot keep its tables in: a directory, not an SQLite file, damaged
    or unreadable. The message is one line that names the file."""


def _epoch(created: str) -> float:
    """The seconds since 1970 of an ISO 8601 time (UTC if it names no zone)."""
    moment = datetime.datetime.fromisoformat(created)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.UTC)
    return moment.timestamp()


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
    """The seed the game was dealt from (kept as decimal text: it may not fit an SQLite
    integer)."""
    seats: tuple[str, ...]
    """Per seat, ``"human"`` or the bot spec that plays it."""
    names: tuple[str | None, ...]
    """Per seat, the name given when the table was made, or ``None``."""
    token_hashes: tuple[str | None, ...]
    """Per seat, the SHA-256 (hex) of a human seat's join token; ``None`` for a bot."""
    created: str
    """When the table was made (ISO 8601, UTC)."""
    status: str = "playing"
    """One of :data:`STATUSES`."""
    seed_chosen: bool = False
    """Whether the table's creator chose the seed (and so knows every deal)."""
    creator_hash: str | None = None
    """The SHA-256 (hex) of the creator's token, which closes the table."""
    client: str = ""
    """The address of the client that made the table (for the per-client limit)."""
    joined: float | None = None
    """When a person first joined a seat (seconds since 1970), or ``None``."""
    active: float | None = None
    """When something last happened at the table (made, a seat joined, a move), in seconds
    since 1970; ``None`` stands for the time it was made."""
    move_time: float | None = None
    """The seconds the table's move timer gives a seat to move, or ``None`` for no timer
    (:mod:`sticheln.web.timer`)."""

    @property
    def created_at(self) -> float:
        """:attr:`created` in seconds since 1970."""
        return _epoch(self.created)


@attrs.frozen
class StoredTable:
    """A table as read back from the file: its row (``None`` if the row cannot be read), its
    moves as the JSON texts written, and what is wrong with it, if anything."""

    id: str
    """The table's id."""
    row: TableRow | None
    """The row, if it can be read."""
    moves: list[str]
    """The JSON text of each move, in order."""
    problem: str | None = None
    """Why the row cannot be read (``None`` if it can)."""


def _read_row(values: tuple[Any, ...]) -> TableRow:
    """The row of the ``SELECT`` of :data:`_COLUMNS`.

    :raises ValueError: for a field that is not what the server wrote.
    """
    (id_, game, preset, players, seed, chosen, seats, names, hashes, creator) = values[:10]
    client, created, status, joined, active, move_time = values[10:]
    if status not in STATUSES:
        raise ValueError(f"status {str(status)[:20]!r} is none of {', '.join(STATUSES)}")
    row = TableRow(
        id=id_,
        game=str(game),
        preset=str(preset),
        players=int(players),
        seed=int(str(seed)),
        seats=tuple(json.loads(seats)),
        names=tuple(json.loads(names)),
        token_hashes=tuple(json.loads(hashes)),
        created=str(created),
        status=status,
        seed_chosen=bool(chosen),
        creator_hash=None if creator is None else str(creator),
        client=str(client),
        joined=None if joined is None else float(joined),
        active=None if active is None else float(active),
        move_time=None if move_time is None else float(move_time),
    )
    if not len(row.seats) == len(row.names) == len(row.token_hashes) == row.players:
        raise ValueError("the seats, names and token hashes do not match the players")
    _epoch(row.created)  # a time that cannot be read is a damaged row
    return row


def _create_private(path: Path) -> None:
    """Create an empty file at ``path`` readable by its owner only, unless a file is there
    already (SQLite makes its journal files with the mode of the database file)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


class Store:
    """The SQLite file at a path, created (mode 0600) with its tables if missing.

    :raises StoreError: if the file cannot be used: a directory, not an SQLite file, a
        damaged file, or one that cannot be read or written.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        """Where the file is."""
        if path.is_dir():
            raise StoreError(f"{path}: is a directory, not an SQLite file")
        try:
            _create_private(path)
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{path}: cannot be opened: {_reason(exc)}") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._prepare()
            (check,) = self._db.execute("PRAGMA quick_check").fetchone()
            if check != "ok":
                raise StoreError(f"{path}: the SQLite file is damaged: {str(check)[:120]}")
        except StoreError:
            self._db.close()
            raise
        except sqlite3.Error as exc:
            self._db.close()
            raise StoreError(
                f"{path}: not a file of tables this server reads: {_reason(exc)}"
            ) from None

    def _prepare(self) -> None:
        """Create the tables of a new file, or bring a file of an earlier layout up to date."""
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        names = {
            name
            for (name,) in self._db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: made by a newer server (layout {version}; this one reads up "
                f"to {SCHEMA_VERSION})"
            )
        if version == SCHEMA_VERSION:
            if not {"tables", "moves"} <= names:
                raise StoreError(f"{self.path}: the SQLite file has lost its tables")
            return
        if names - {"tables", "moves"}:
            raise StoreError(
                f"{self.path}: an SQLite file of something else (it has the tables "
                f"{', '.join(sorted(names))[:100]})"
            )
        with self._transaction():
            if "tables" in names and version == 2:
                self._db.execute("ALTER TABLE tables ADD COLUMN move_time REAL")
            elif "tables" in names:
                self._migrate_from_0()
            else:
                self._db.execute(_TABLES)
            self._db.execute(_MOVES)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _migrate_from_0(self) -> None:
        """Bring the first layout up to date: the seed becomes text, and the tables get no
        creator, the client ``''`` and, for their times, the moment of the update (so that no
        table is closed as abandoned sooner than it would have been)."""
        now = datetime.datetime.now(datetime.UTC).timestamp()
        self._db.execute("ALTER TABLE tables RENAME TO tables_0")
        self._db.execute(_TABLES)
        self._db.execute(
            f"INSERT INTO tables ({_COLUMNS}) SELECT id, game, preset, players, "
            "CAST(seed AS TEXT), 0, seats, names, token_hashes, NULL, '', created, status, ?, ?, "
            "NULL "
            "FROM tables_0",
            (now, now),
        )
        self._db.execute("DROP TABLE tables_0")

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def add_table(self, row: TableRow) -> None:
        """Write a new table (committed)."""
        with self._transaction():
            self._db.execute(
                f"INSERT INTO tables ({_COLUMNS}) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    row.preset,
                    row.players,
                    str(row.seed),
                    int(row.seed_chosen),
                    json.dumps(row.seats),
                    json.dumps(row.names),
                    json.dumps(row.token_hashes),
                    row.creator_hash,
                    row.client,
                    row.created,
                    row.status,
                    row.joined,
                    row.active,
                    row.move_time,
                ),
            )

    def add_move(
        self,
        table_id: str,
        number: int,
        move: dict[str, Any],
        *,
        at: float | None = None,
        over: bool = False,
    ) -> None:
        """Write move ``number`` (from 0) of a table, with ``at`` (seconds since 1970, if
        given) as the table's time of activity, and mark the table over if the move ended the
        game (committed, in one transaction)."""
        row = (table_id, number, json.dumps(move))
        if at is None and not over:  # one statement: a transaction of its own
            self._db.execute("INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)", row)
            return
        with self._transaction():
            self._db.execute("INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)", row)
            if at is not None or over:
                self._db.execute(
                    "UPDATE tables SET active = COALESCE(?, active), "
                    "status = CASE WHEN ? THEN 'over' ELSE status END WHERE id = ?",
                    (at, int(over), table_id),
                )

    def set_joined(self, table_id: str, at: float) -> None:
        """Write that a person joined a seat of the table at ``at`` (the first time counts for
        the join timeout; every time, as activity)."""
        with self._transaction():
            self._db.execute(
                "UPDATE tables SET joined = COALESCE(joined, ?), active = ? WHERE id = ?",
                (at, at, table_id),
            )

    def set_status(self, table_id: str, status: str) -> None:
        """Write the table's new status (one of :data:`STATUSES`)."""
        if status not in STATUSES:
            raise ValueError(f"status {status!r} is none of {', '.join(STATUSES)}")
        with self._transaction():
            self._db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))

    def load(self) -> list[StoredTable]:
        """Every table in the order they were made, with its moves in order; a row that cannot
        be read comes with its problem instead of a row."""
        tables = self._db.execute(
            f"SELECT {_COLUMNS} FROM tables ORDER BY created, rowid"
        ).fetchall()
        moves: dict[str, list[str]] = {str(values[0]): [] for values in tables}
        for table_id, text in self._db.execute(
            "SELECT table_id, move FROM moves ORDER BY table_id, number"
        ):
            if table_id in moves:
                moves[table_id].append(text if isinstance(text, str) else repr(text))
        loaded = []
        for values in tables:
            table_id = str(values[0])
            try:
                row: TableRow | None = _read_row(values)
                problem = None
            except (ValueError, TypeError, OverflowError) as exc:
                row, problem = None, f"its row cannot be read: {_reason(exc)}"
            loaded.append(StoredTable(table_id, row, moves[table_id], problem))
        return loaded

    def close(self) -> None:
        """Close the file."""
        self._db.close()


def _reason(exc: BaseException) -> str:
    """The first line of an error's message, at most 160 characters."""
    text = str(exc).strip().splitlines()
    line = text[0] if text else type(exc).__name__
    return line if len(line) <= 160 else line[:159] + "…"
