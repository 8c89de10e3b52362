"""crown.arena: fair tournaments between bots, and self-play data.

    from crown.arena import run_tournament
    results = run_tournament("game_of_kingdoms", "players=2",
                             ["random", "ismcts:iterations=50"], games=40, seed=1)
    print(results.table())

Bots see only what their seat may know (crown.arena.bots); deals are
duplicated over rotated seatings (crown.arena.schedule); games run on local
processes or a Dask.distributed cluster (crown.arena.runner) and are kept in
SQLite (crown.arena.store), so an interrupted tournament resumes.  The
command line is `python3 -m crown.arena`; docs/arena.md tells all.

Only the standard library is needed to import it; the progress bar (tqdm),
Dask (distributed), the plot (matplotlib) and self-play shards (numpy) are
imported when used, and a missing one raises MissingDependency naming the
interpreter that could not import it and what to install for that one.
"""

import os
import secrets
from typing import Any, Dict, List, Optional, Sequence, Union

from . import runner, schedule, stats
from ._deps import MissingDependency, require
from .bots import Factory, SeatView, SpecError, split_specs
from .config import Tournament, describe
from .play import Record, play_game
from .progress import Progress
from .report import plot as _plot, plot_title, table as _table, to_json as _to_json
from .runner import SchedulerUnreachable
from .store import ConfigMismatch, Store, stored_seed
from .workers import WorkerSetupError

__all__ = ["run_tournament", "Results", "Tournament", "SeatView", "play_game",
           "MissingDependency", "SpecError", "ConfigMismatch",
           "SchedulerUnreachable", "WorkerSetupError"]


class Results:
    """A tournament's results: `records` (one dict a game, in schedule
    order: deal, seating, seed, seats, bots, returns, scores, winners, draw,
    errors, plies and the saved game), `summary` (crown.arena.stats
    .summarize) and `tournament`."""

    def __init__(self, tournament: Tournament, records: List[Record],
                 summary: Dict[str, Any]) -> None:
        self.tournament = tournament
        self.records = records
        self.summary = summary

    def table(self) -> str:
        return "%s %s: %s (seed %d)\n\n%s" % (
            self.tournament.game, self.tournament.options or "(defaults)",
            " vs ".join(self.tournament.bots), self.tournament.seed, _table(self.summary))

    def json(self) -> str:
        return _to_json(self.summary, tournament=describe(self.tournament))

    def plot(self, path: str) -> None:
        t = self.tournament
        _plot(self.summary, path, plot_title(t.game, t.options, t.seed, self.summary))


def run_tournament(game: str, options: str = "", bots: Union[str, Sequence[str]] = ("random",),
                   games: int = 100, seed: Optional[int] = None,
                   workers: Optional[int] = None,
                   scheduler: Any = None, db: Optional[str] = None,
                   selfplay: Optional[str] = None, progress: bool = False,
                   batch: Optional[int] = None, bootstrap: int = 200,
                   prior: float = 1.0, retries: int = 3) -> Results:
    """Plays a tournament and returns its Results.

    `bots`: specifications (crown.arena.bots), a list or one comma-separated
    string.  `games`: at least that many games, rounded up to whole deals
    (each deal is played once with each of the len(bots) seatings).
    `seed` decides every game; without one, the seed of the tournament
    `db` holds (a resumed run), else a secret one drawn from the operating
    system's randomness (Results.tournament.seed and the JSON give it), so
    that a bot cannot rebuild the deals from a seed it could guess.
    `workers`: local processes (default: one per
    core; 1 plays in this process); or `scheduler`: a Dask scheduler's
    address or a distributed.Client.  `db`: an SQLite file; an existing one
    of the same tournament (game, options, bots, seed) resumes, its
    finished games are not played again, and one of another tournament
    raises ConfigMismatch.  `selfplay`: a directory for self-play shards
    (crown.arena.selfplay; needs numpy).  `progress`: a tqdm progress bar on
    standard error.  `batch`: games per task.  `bootstrap`, `prior`: the
    rating intervals' resamplings and the virtual draws of the fit
    (crown.arena.stats.ratings)."""
    specs = split_specs(bots) if isinstance(bots, str) else [s.strip() for s in bots]
    if not specs:
        raise SpecError("no bots")
    if seed is None:
        seed = stored_seed(db)
    if seed is None:
        seed = secrets.randbits(63)
    t = Tournament(game, options, tuple(specs), int(seed))
    for spec in specs:  # a bad specification fails here, before any game
        try:
            Factory(spec).make()
        except SpecError:
            raise
        except Exception as e:
            raise SpecError("bot %r: could not be made: %s: %s"
                            % (spec, type(e).__name__, e)) from e
    t.num_players()  # options the game refuses fail here, before any game
    keys = schedule.schedule(games, len(specs))
    if selfplay is not None:  # the directory is made before the games
        require("numpy", "crown.arena self-play")
        os.makedirs(selfplay, exist_ok=True)
    bar: Optional[Progress] = None
    store = Store(db, t)
    try:
        done = store.finished()
        todo = [k for k in keys if k not in done]
        if progress:
            bar = Progress(game, len(keys), [k for k in keys if k in done])

        def finished(records: List[Record]) -> None:
            if selfplay is not None and records:
                from .selfplay import write_shard
                write_shard(selfplay, records)
            store.add(records)
            if bar is not None:
                bar.stored(records)

        runner.run(t, todo, finished, workers=workers, scheduler=scheduler, batch=batch,
                   steps=selfplay is not None, retries=retries,
                   played=bar.played if bar is not None else None)
        records = store.records(keys)
    finally:
        if bar is not None:
            bar.close()
        store.close()
    summary = stats.summarize(records, t.labels(), bootstrap=bootstrap, seed=t.seed,
                              prior=prior)
    return Results(t, records, summary)
