#!/usr/bin/env python3
"""Games per second of a crown.arena tournament between random bots: in
this process (1 worker), on local process pools of 2 and of all cores, and
through a Dask.distributed LocalCluster of all cores on the same machine
(when python3-distributed imports), with the cluster's overhead against the
pool of as many workers.

    python3 examples/python/bench_arena.py --game game_of_kingdoms \\
        --options players=4 --games 1000

The clock runs from the call of run_tournament to its return (the pool's
start included; the cluster is started before, as a cluster is long-lived)
and leaves out the rating's bootstrap; each figure is the best of --repeat
rounds, a round running every configuration once.  docs/arena.md has the figures of a
run.  Inside the source tree, set PYTHONPATH=python and
CROWN_LIBRARY=build/lib/libcrown.so.1 first.
"""

import argparse
import importlib
import os
import sys
import time
from typing import Any, Dict, List, Optional

from crown.arena import run_tournament


def rate(game: str, options: str, games: int, **where: Any) -> float:
    """Games per second of a tournament between two random bots."""
    start = time.perf_counter()
    r = run_tournament(game, options, ["random", "random"], games=games, seed=1,
                       bootstrap=0, **where)
    return len(r.records) / (time.perf_counter() - start)


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="game_of_kingdoms")
    p.add_argument("--options", default="players=4")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts")
    p.add_argument("--no-dask", action="store_true", help="leave out the Dask row")
    a = p.parse_args(argv)
    cores = os.cpu_count() or 1
    where: Dict[str, Dict[str, Any]] = {}
    for n in sorted({1, 2, cores}):
        where["pool, %d workers" % n if n > 1 else "1 worker (this process)"] = {"workers": n}
    cluster: Any = None
    if not a.no_dask:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            print("(no Dask row: distributed does not import; Debian: python3-distributed)")
        else:
            cluster = distributed.LocalCluster(n_workers=cores, threads_per_worker=1,
                                               processes=True, dashboard_address=None,
                                               silence_logs=50)
            where["Dask LocalCluster, %d workers" % cores] = \
                {"scheduler": cluster.scheduler_address}
    # Round after round of every configuration, so that the load of other
    # programs falls on all alike; the best round of each counts.
    rows = {name: 0.0 for name in where}
    try:
        for _ in range(a.repeat):
            for name, kw in where.items():
                rows[name] = max(rows[name], rate(a.game, a.options, a.games, **kw))
    finally:
        if cluster is not None:
            cluster.close()
    print("%s %s, %d games of random bots, %d cores, best of %d"
          % (a.game, a.options, a.games, cores, a.repeat))
    for name, value in rows.items():
        print("  %-32s %8.0f games/s" % (name, value))
    dask = [v for k, v in rows.items() if k.startswith("Dask")]
    pool = [v for k, v in rows.items() if k == "pool, %d workers" % cores]
    if dask and pool and cores > 1:
        print("  Dask's overhead against the pool: %+.1f%%" % (100 * (pool[0] / dask[0] - 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
