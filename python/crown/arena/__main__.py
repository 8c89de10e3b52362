"""python3 -m crown.arena: a tournament from the command line (docs/arena.md)."""

import argparse
import contextlib
import importlib.util
import os
import sqlite3
import sys
import urllib.parse
from typing import List, Optional

import crown

from . import (ConfigMismatch, MissingDependency, SchedulerUnreachable, SpecError,
               WorkerSetupError, run_tournament, schedule)
from .bots import split_specs
from .report import plot_path_problem


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m crown.arena",
                                description="A tournament between bots of a crown game, "
                                            "with duplicate deals and rotated seats.")
    p.add_argument("--game", required=True, choices=crown.games())
    p.add_argument("--options", default="", metavar="KEY=VALUE,...",
                   help="the game's options (default: the game's own)")
    p.add_argument("--bots", required=True, metavar="SPEC,SPEC,...",
                   help="random, search[:KEY=VALUE,...] (the library's search: iterations, "
                        "time, threads, exploration, determinizations, playout, reuse, "
                        "nodes), ismcts[:iterations=N,exploration=X] or MODULE:NAME[:PARAMS]")
    p.add_argument("--games", type=int, default=100,
                   help="at least this many games, rounded up to whole deals "
                        "(default: %(default)s)")
    p.add_argument("--seed", type=int, default=None,
                   help="the tournament seed (default: the one --db holds, else a secret "
                        "random one, given in the results)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int,
                       help="local processes (default: one per core; 1: this process)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="a Dask scheduler, such as tcp://host:8786")
    p.add_argument("--db", metavar="FILE", help="SQLite database: keeps the games, resumes")
    p.add_argument("--batch", type=int, help="games per task (default: automatic)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--plot", metavar="FILE", help="plot the ratings to FILE (.png, .svg, .pdf)")
    p.add_argument("--selfplay", metavar="DIR", help="write self-play shards (.npz) to DIR")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a progress bar (default: when standard error is a terminal "
                        "and tqdm imports)")
    a = p.parse_args(argv)
    for name in ("games", "workers", "batch"):
        if getattr(a, name) is not None and getattr(a, name) < 1:
            p.error("argument --%s: %d is not a positive integer" % (name, getattr(a, name)))
    if a.selfplay and os.path.exists(a.selfplay) and not os.path.isdir(a.selfplay):
        p.error("argument --selfplay: %r is not a directory" % a.selfplay)
    progress = a.progress
    if progress is None:  # a bar when it can be seen and tqdm is there
        progress = sys.stderr.isatty() and importlib.util.find_spec("tqdm") is not None
    try:
        if a.plot:  # before the games, not after
            problem = plot_path_problem(a.plot)
            if problem:
                p.error(problem)
        results = run_tournament(a.game, a.options, a.bots, games=a.games, seed=a.seed,
                                 workers=a.workers, scheduler=a.scheduler, db=a.db,
                                 selfplay=a.selfplay, progress=progress, batch=a.batch)
        print(results.json() if a.json else results.table())
        if a.plot:
            results.plot(a.plot)
    except (SpecError, ConfigMismatch, MissingDependency, SchedulerUnreachable,
            WorkerSetupError, crown.CrownError) as e:
        print("python3 -m crown.arena: error: %s" % e, file=sys.stderr)
        return 2
    except sqlite3.Error as e:  # a database that cannot be opened or is not one
        print("python3 -m crown.arena: error: --db %s: %s" % (a.db, e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: what is kept, and how to go on, in one line
        print("python3 -m crown.arena: interrupted: %s" % kept(a.db, a.games, a.bots),
              file=sys.stderr)
        return 130
    return 0


def kept(db: Optional[str], games: int, bots: str) -> str:
    """What an interrupted run kept: the games of its schedule that --db
    holds, and how to play the others."""
    if not db:
        return ("the games played are not kept (no --db); with --db FILE they are, and the "
                "same command then plays only the others")
    if not os.path.exists(db):
        return "no game is kept in %s yet; the same command starts the tournament" % db
    try:
        keys = set(schedule.schedule(games, len(split_specs(bots))))
        with contextlib.closing(sqlite3.connect("file:%s?mode=ro" % urllib.parse.quote(db),
                                                uri=True)) as con:
            done = len(keys.intersection(con.execute("SELECT deal, seating FROM games")))
    except (sqlite3.Error, SpecError):
        return "the games finished are kept in %s; the same command plays the others" % db
    return "%d of %d games are kept in %s; the same command plays the other %d" % (
        done, len(keys), db, len(keys) - done)


if __name__ == "__main__":
    sys.exit(main())
