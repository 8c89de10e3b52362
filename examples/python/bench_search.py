#!/usr/bin/env python3
"""Iterations per second of the library's search (crown.Search) against
the arena's Python ISMCTS (crown.arena.ismcts) on the same positions, in
process CPU time, the two interleaved position by position.

    python3 examples/python/bench_search.py [--deals 8] [--iterations 2000]

For each option set, random play from seeds 1.. --deals stops at every
fifth decision of the first 40 where the seat to move has a choice; there
the seat's determinization is searched by the Python ISMCTS with 200
iterations and by crown.Search with --iterations, and the ratio of their
iterations per second is printed (docs/bots.md, "What a search costs").
Inside the source tree, set PYTHONPATH=python and
CROWN_LIBRARY=build/lib/libcrown.so.1 first.
"""

import argparse
import random
import time

import crown
from crown.arena.ismcts import ismcts_move

SETS = [("game_of_kingdoms", "players=2"), ("game_of_kingdoms", "players=4"),
        ("kings_family", ""), ("kings_blood", "players=2"), ("kings_blood", "players=4"),
        ("blood_bound", "players=8")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=8)
    ap.add_argument("--iterations", type=int, default=2000)
    a = ap.parse_args()
    print("%-28s %14s %14s %7s" % ("game", "Python it/s", "library it/s", "ratio"))
    for game, options in SETS:
        rng = random.Random(1)
        py_s = c_s = 0.0
        py_n = c_n = 0
        for seed in range(1, a.deals + 1):
            with crown.Game(game, options, seed=seed) as g:
                for k in range(40):
                    if g.is_terminal():
                        break
                    legal = g.legal_moves()
                    if len(legal) > 1 and k % 5 == 0:
                        seat = g.current_player()
                        with g.resample(seat, rng.getrandbits(64)) as det:
                            t0 = time.process_time()
                            ismcts_move(det, 200, rng)
                            py_s += time.process_time() - t0
                            py_n += 200
                            with crown.Search(iterations=a.iterations) as s:
                                t0 = time.process_time()
                                r = s.run(det, seed=k)
                                c_s += time.process_time() - t0
                                c_n += r.iterations
                    g.apply(rng.choice(legal))
        print("%-28s %14.0f %14.0f %7.1f" % ("%s %s" % (game, options), py_n / py_s,
                                             c_n / c_s, (c_n / c_s) / (py_n / py_s)), flush=True)


if __name__ == "__main__":
    main()
