"""The results file of a tournament: SQLite, one row per game, written as the games arrive,
so that a tournament stopped at any moment goes on from where it was."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType

from sticheln.tournament.description import Tournament
from sticheln.tournament.errors import ResultsMismatchError
from sticheln.tournament.play import GameResult, installed_version

__all__ = ["ResultsFile"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tournament (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    description TEXT NOT NULL,
    sticheln_version TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    game INTEGER PRIMARY KEY,
    deal INTEGER NOT NULL,
    rotation INTEGER NOT NULL,
    seed TEXT NOT NULL,
    bot_seed TEXT NOT NULL,
    seated TEXT NOT NULL,
    bots TEXT NOT NULL,
    scores TEXT NOT NULL,
    winners TEXT NOT NULL,
    cpu_seconds REAL NOT NULL,
    thinking TEXT NOT NULL,
    decisions TEXT NOT NULL,
    iterations TEXT NOT NULL
);
"""
# Seeds are 64-bit unsigned numbers, beyond SQLite's signed integers: they are kept as text.

_COLUMNS = (
    "game, deal, rotation, seed, bot_seed, seated, bots, scores, winners, cpu_seconds, "
    "thinking, decisions, iterations"
)


class ResultsFile:
    """A tournament's results in an SQLite file: the description of the tournament, the
    version of sticheln that played it, and one row per finished game (its index, deal and
    rotation, seeds, the bots by seat, scores, winners and CPU time).

    Open it with :meth:`open`, which creates the file for a new tournament and checks that
    an existing one holds the same tournament; :meth:`add` writes a batch of games in one
    transaction, so a process killed at any moment leaves every batch written whole or not
    at all. Use it as a context manager, or :meth:`close` it.
    """

    def __init__(self, path: str | Path, connection: sqlite3.Connection) -> None:
        self.path = Path(path)
        self._connection = connection

    @classmethod
    def open(cls, path: str | Path, tournament: Tournament) -> ResultsFile:
        """The results file at ``path`` for ``tournament``: a new one where there is no
        file; an existing one if it holds the same tournament, played by the same version
        of sticheln (the number of deals may differ: a tournament may be played further).

        :raises ResultsMismatchError: for a file of another tournament, naming every field
            that differs, or of another version of sticheln.
        :raises OSError: for a file that cannot be opened or is not a results file.
        """
        try:
            connection = sqlite3.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise OSError(f"cannot open the results file {str(path)!r}: {exc}") from None
        try:
            stored = cls._start(connection, tournament)
        except sqlite3.DatabaseError as exc:
            connection.close()
            raise OSError(f"{str(path)!r} is not a results file of sticheln: {exc}") from None
        except BaseException:
            connection.close()
            raise
        if stored is not None:
            connection.close()
            raise ResultsMismatchError(
                f"{str(path)!r} holds the results of another tournament: {'; '.join(stored)}"
            )
        return cls(path, connection)

    @staticmethod
    def read_tournament(path: str | Path) -> Tournament | None:
        """The tournament in the results file at ``path``, without opening it for writing;
        ``None`` where it holds none yet.

        :raises OSError: for a file that cannot be read or is not a results file.
        """
        with _read_only(path) as connection:
            row = connection.execute("SELECT description FROM tournament WHERE id = 1").fetchone()
            return None if row is None else Tournament.from_dict(json.loads(row[0]))

    @staticmethod
    def read_results(path: str | Path) -> list[GameResult]:
        """The games in the results file at ``path``, by index, without opening it for
        writing.

        :raises OSError: for a file that cannot be read or is not a results file.
        """
        with _read_only(path) as connection:
            rows = connection.execute(f"SELECT {_COLUMNS} FROM games ORDER BY game").fetchall()
            return [_result(row) for row in rows]

    @staticmethod
    def _start(connection: sqlite3.Connection, tournament: Tournament) -> list[str] | None:
        """Create the tables, or check the stored tournament; the differences, if any."""
        version = installed_version()
        connection.execute("BEGIN IMMEDIATE")
        try:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    connection.execute(statement)
            row = connection.execute(
                "SELECT description, sticheln_version FROM tournament WHERE id = 1"
            ).fetchone()
            if row is None:
                connection.execute(
                    "INSERT INTO tournament VALUES (1, ?, ?)",
                    (json.dumps(tournament.to_dict()), version),
                )
            else:
                try:
                    stored = Tournament.from_dict(json.loads(row[0]))
                except ValueError as exc:
                    raise sqlite3.DatabaseError(str(exc)) from None
                differences = stored.differences(tournament, ignore=("deals",))
                if row[1] != version:
                    differences.append(f"sticheln version: {row[1]}, not {version}")
                if differences:
                    connection.execute("ROLLBACK")
                    return differences
                connection.execute(
                    "UPDATE tournament SET description = ? WHERE id = 1",
                    (json.dumps(tournament.to_dict()),),
                )
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        return None

    def add(self, results: Iterable[GameResult]) -> None:
        """Write the results of these games, all or none of them."""
        rows = [
            (
                r.index,
                r.deal,
                r.rotation,
                str(r.seed),
                str(r.bot_seed),
                json.dumps(r.seated),
                json.dumps(r.bots),
                json.dumps(r.scores),
                json.dumps(r.winners),
                r.cpu_seconds,
                json.dumps(r.thinking),
                json.dumps(r.decisions),
                json.dumps(r.iterations),
            )
            for r in results
        ]
        with self._connection:
            self._connection.execute("BEGIN")
            self._connection.executemany(
                f"INSERT OR REPLACE INTO games ({_COLUMNS}) VALUES ({', '.join('?' * 13)})",
                rows,
            )

    def results(self) -> list[GameResult]:
        """The games written so far, by index."""
        rows = self._connection.execute(f"SELECT {_COLUMNS} FROM games ORDER BY game")
        return [_result(row) for row in rows]

    def tournament(self) -> Tournament:
        """The tournament the file holds."""
        (text,) = self._connection.execute(
            "SELECT description FROM tournament WHERE id = 1"
        ).fetchone()
        return Tournament.from_dict(json.loads(text))

    def close(self) -> None:
        """Close the file."""
        self._connection.close()

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


@contextmanager
def _read_only(path: str | Path) -> Iterator[sqlite3.Connection]:
    """The results file at ``path`` opened for reading, any error in reading it an
    :class:`OSError` naming the file."""
    try:
        connection = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise OSError(f"cannot open the results file {str(path)!r}: {exc}") from None
    try:
        yield connection
    except (sqlite3.DatabaseError, ValueError) as exc:
        raise OSError(f"{str(path)!r} is not a results file of sticheln: {exc}") from None
    finally:
        connection.close()


def _result(row: tuple[object, ...]) -> GameResult:
    (index, deal, rotation, seed, bot_seed, seated, bots, scores, winners, cpu) = row[:10]
    thinking, decisions, iterations = row[10:]

    def ints(text: object) -> tuple[int, ...]:
        return tuple(int(x) for x in json.loads(str(text)))

    return GameResult(
        index=int(str(index)),
        deal=int(str(deal)),
        rotation=int(str(rotation)),
        seed=int(str(seed)),
        bot_seed=int(str(bot_seed)),
        seated=ints(seated),
        bots=tuple(str(b) for b in json.loads(str(bots))),
        scores=ints(scores),
        winners=ints(winners),
        cpu_seconds=float(str(cpu)),
        thinking=tuple(float(x) for x in json.loads(str(thinking))),
        decisions=ints(decisions),
        iterations=ints(iterations),
    )
