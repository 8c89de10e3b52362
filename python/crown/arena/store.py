"""The tournament database (SQLite, Python's sqlite3): the tournament's
configuration and every finished game, so that a run interrupted resumes
where it stopped.  Without a file the database is in memory."""

import json
import sqlite3
from typing import Any, Dict, Iterable, List, Optional, Tuple

import crown

from .config import Tournament

Key = Tuple[int, int]


class ConfigMismatch(ValueError):
    """The database holds another tournament."""


def stored_seed(path: Optional[str]) -> Optional[int]:
    """The seed of the tournament an existing database holds, or None (no
    file, or no tournament in it yet)."""
    import os
    if not path or not os.path.exists(path):
        return None
    db = sqlite3.connect(path)
    try:
        row = db.execute("SELECT tournament FROM config").fetchone()
    except sqlite3.DatabaseError:
        return None  # (Store says what is wrong with the file)
    finally:
        db.close()
    return None if row is None else int(json.loads(row[0])["seed"])


def same_games(stored: str, t: Tournament) -> bool:
    """Whether the tournament a database holds (its JSON text, as this
    version or an earlier one wrote it) plays the games of `t`: its options
    are compared as canonical game strings, not as texts."""
    try:
        return Tournament.from_json(stored).plays_as(t)
    except (ValueError, crown.CrownError):  # not a tournament; options not read
        return False


class Store:
    def __init__(self, path: Optional[str], t: Tournament) -> None:
        self.path = path or ":memory:"
        self.db = sqlite3.connect(self.path)
        self.db.execute("CREATE TABLE IF NOT EXISTS config (id INTEGER PRIMARY KEY CHECK (id = 1),"
                        " tournament TEXT NOT NULL)")
        self.db.execute("CREATE TABLE IF NOT EXISTS games (deal INTEGER NOT NULL,"
                        " seating INTEGER NOT NULL, record TEXT NOT NULL,"
                        " PRIMARY KEY (deal, seating))")
        row = self.db.execute("SELECT tournament FROM config").fetchone()
        want = t.to_json()
        if row is None:
            self.db.execute("INSERT INTO config VALUES (1, ?)", (want,))
            self.db.commit()
        elif row[0] != want and not same_games(row[0], t):
            self.db.close()
            raise ConfigMismatch("%s holds another tournament: %s, not %s"
                                 % (self.path, row[0], want))

    def finished(self) -> Dict[Key, Dict[str, Any]]:
        """The records of the games finished, by (deal, seating)."""
        return {(d, r): json.loads(text) for d, r, text in
                self.db.execute("SELECT deal, seating, record FROM games")}

    def add(self, records: Iterable[Dict[str, Any]]) -> None:
        """Stores finished games, in one transaction."""
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?)",
                [(r["deal"], r["seating"], json.dumps(r, sort_keys=True)) for r in records])

    def records(self, keys: List[Key]) -> List[Dict[str, Any]]:
        done = self.finished()
        return [done[k] for k in keys if k in done]

    def close(self) -> None:
        self.db.close()
