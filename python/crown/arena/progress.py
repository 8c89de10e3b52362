"""A tournament's progress bar (tqdm), moved one game at a time as the
games are played, wherever they are played."""

import threading
from typing import Any, Iterable, List

from ._deps import require
from .play import Record
from .schedule import Key


class Progress:
    """The bar of `total` games of `game`, `kept` of them done before the
    run started.  A game moves it once: when its worker says it was played
    (runner's `played`, from any thread), or else when its task's records
    come back (a game played again after its worker was lost, or told
    after its records, does not move it again)."""

    def __init__(self, game: str, total: int, kept: Iterable[Key]) -> None:
        tqdm: Any = require("tqdm", "crown.arena's progress bar")
        self.counted = set(kept)
        self.lock = threading.Lock()
        self.bar = tqdm.tqdm(total=total, initial=len(self.counted), unit="game",
                             desc="%s games" % game)

    def played(self, key: Key) -> None:
        with self.lock:
            if key not in self.counted:
                self.counted.add(key)
                self.bar.update(1)

    def stored(self, records: List[Record]) -> None:
        for r in records:
            self.played((r["deal"], r["seating"]))

    def close(self) -> None:
        with self.lock:
            self.bar.close()
