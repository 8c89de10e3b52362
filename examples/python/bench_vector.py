#!/usr/bin/env python3
# mypy: warn-unused-ignores=False
"""Measures crown.vector: steps per second of a VectorEnv of many games (1024 by
default) on one core, random legal actions chosen with numpy from the masks
(crown.vector.random_legal_actions), observations and masks written at every
step, with the default arrays (new ones from every call, the caller's) and
with the zero-copy path (copy=False: the environment's own, reused); beside
them the same work in C, `crown-bench --batch B` (ns per game step through
crown_batch_step with random legal actions drawn in C), run as a subprocess
in the same rounds.  Times are process CPU time; the rounds interleave the
games and the three measurements, and the best round of each is reported.
With --threads T (not 1) the library steps the games on T threads
(VectorEnv's num_threads=T, 0: one per processor) and the times are wall
time (CPU time would add up the threads'), crown-bench run as with one.

    python3 examples/python/bench_vector.py                 # every game
    python3 examples/python/bench_vector.py --game kings_blood --options players=4
    python3 examples/python/bench_vector.py --game kings_blood --threads 2 --no-c

In a build tree: PYTHONPATH=python CROWN_LIBRARY=build/lib/libcrown.so.1
(crown-bench is then found in build/examples).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

import numpy as np  # type: ignore[import]

import crown
from crown.vector import VectorEnv, random_legal_actions

# The games and option sets measured by default.
DEFAULT_CASES = [
    ("game_of_kingdoms", "players=4"),
    ("kings_family", ""),
    ("kings_blood", "players=4"),
    ("blood_bound", "players=8"),
]


def measure_python(name: str, options: str, num_envs: int, seconds: float,
                   seed: int, copy: bool, threads: int = 1) -> Dict[str, float]:
    """Steps a VectorEnv (`copy` and `threads` as VectorEnv's copy and
    num_threads) for `seconds` of CPU time (wall time with threads other
    than 1): ns per game step, in all and in its two parts (choosing the
    actions, env.step)."""
    with VectorEnv(name, options, num_envs=num_envs, seed=seed, copy=copy,
                   num_threads=threads) as env:
        rng = np.random.default_rng(seed)
        obs, _ = env.reset(seed=seed)
        for _ in range(3):  # (warm: each slot's history grows to its size)
            obs = env.step(random_legal_actions(obs["action_mask"], rng))[0]
        clock = time.process_time if threads == 1 else time.perf_counter
        choose = step = 0.0
        steps = 0
        start = clock()
        while True:
            t0 = clock()
            actions = random_legal_actions(obs["action_mask"], rng)
            t1 = clock()
            obs = env.step(actions)[0]
            t2 = clock()
            choose += t1 - t0
            step += t2 - t1
            steps += 1
            if t2 - start >= seconds:
                break
        total = clock() - start
    game_steps = steps * num_envs
    return {"ns": 1e9 * total / game_steps, "choose_ns": 1e9 * choose / game_steps,
            "step_ns": 1e9 * step / game_steps}


def find_crown_bench(given: Optional[str]) -> Optional[str]:
    """crown-bench: --crown-bench, else beside the library of a build tree
    (build/lib -> build/examples), else on the PATH."""
    if given:
        return given
    beside = os.path.join(os.path.dirname(os.path.dirname(crown.library_path)), "examples",
                          "crown-bench")
    if os.access(beside, os.X_OK):
        return beside
    return shutil.which("crown-bench")


def measure_c(bench: Optional[str], name: str, options: str, num_envs: int, seconds: float,
              seed: int) -> Tuple[Optional[float], str]:
    """ns per game step of `crown-bench --batch`, or None and why not."""
    if bench is None:
        return None, "no crown-bench program"
    args = [bench, "--batch", str(num_envs), "--game", name, "--seconds", str(seconds),
            "--seed", str(seed), "--json"]
    if options:
        args[5:5] = ["--options", options]
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=60 + 20 * seconds)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "crown-bench failed: %s" % e
    if done.returncode != 0:
        return None, "crown-bench has no --batch (%s)" % done.stderr.strip().splitlines()[:1]
    try:
        data: Any = json.loads(done.stdout)
        if isinstance(data, list):
            data = data[0]
        return float(data["batch_ns"]), ""
    except (ValueError, KeyError, IndexError, TypeError):
        return None, "crown-bench --json gave no batch_ns"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="measure this game only (default: every game)")
    parser.add_argument("--options", default=None,
                        help="its options (default: those of the default cases, else none)")
    parser.add_argument("--num-envs", type=int, default=1024, help="games (default 1024)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU time per measurement (default 1)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    parser.add_argument("--threads", type=int, default=1,
                        help="the library's threads stepping the games (VectorEnv's "
                        "num_threads; default 1; 0: one per processor; not 1: wall time)")
    parser.add_argument("--no-c", action="store_true", help="do not run crown-bench --batch")
    parser.add_argument("--crown-bench", help="the crown-bench program to run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.game:
        options = args.options
        if options is None:
            options = dict(DEFAULT_CASES).get(args.game, "")
        cases = [(args.game, options)]
    else:
        cases = DEFAULT_CASES
    bench = None if args.no_c else find_crown_bench(args.crown_bench)
    best: Dict[Tuple[str, str], Dict[str, Any]] = {}
    for _ in range(args.rounds):
        for name, options in cases:
            b = best.setdefault((name, options), {"c_ns": None, "c_note": ""})
            for copy, prefix in ((True, ""), (False, "zero_copy_")):
                figures = measure_python(name, options, args.num_envs, args.seconds, args.seed,
                                         copy, args.threads)
                if prefix + "ns" not in b or figures["ns"] < b[prefix + "ns"]:
                    b.update({prefix + k: v for k, v in figures.items()})
            if not args.no_c:
                c_ns, note = measure_c(bench, name, options, args.num_envs, args.seconds,
                                       args.seed)
                if c_ns is not None and (b["c_ns"] is None or c_ns < b["c_ns"]):
                    b["c_ns"] = c_ns
                b["c_note"] = note if b["c_ns"] is None else ""
    rows = []
    for (name, options), b in best.items():
        row = {"game": name, "options": options, "num_envs": args.num_envs,
               "threads": args.threads, "clock": "cpu" if args.threads == 1 else "wall",
               "steps_per_s": 1e9 / b["ns"], "ns": b["ns"], "choose_ns": b["choose_ns"],
               "step_ns": b["step_ns"], "c_ns": b["c_ns"],
               "ratio_to_c": b["ns"] / b["c_ns"] if b["c_ns"] else None,
               "zero_copy_steps_per_s": 1e9 / b["zero_copy_ns"],
               "zero_copy_ns": b["zero_copy_ns"], "zero_copy_step_ns": b["zero_copy_step_ns"],
               "zero_copy_ratio_to_c": b["zero_copy_ns"] / b["c_ns"] if b["c_ns"] else None,
               "copy_cost": b["ns"] / b["zero_copy_ns"]}
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    clock = ("process CPU time" if args.threads == 1
             else "wall time, the library's %s threads" % (args.threads or "all"))
    print("crown.vector, %d games, %s, best of %d rounds of %g s "
          "(libcrown %s, numpy %s); ns a game step: the default arrays (new from every "
          "call), then copy=False (zero-copy)" % (args.num_envs, clock, args.rounds,
                                                  args.seconds, crown.version(),
                                                  np.__version__))
    print("%-30s %12s %9s %9s %9s %9s %9s %9s %7s %7s" % (
        "game", "steps/s", "ns/step", "choose", "step", "0-copy", "0c step", "C ns", "xC",
        "0c xC"))
    for row, b in zip(rows, best.values()):
        label = row["game"] + (" " + row["options"] if row["options"] else "")
        c = ("%9.0f %7.2f %7.2f" % (row["c_ns"], row["ratio_to_c"], row["zero_copy_ratio_to_c"])
             if row["c_ns"] else "%9s %7s %7s" % ("n/a", "", ""))
        print("%-30s %12.0f %9.0f %9.0f %9.0f %9.0f %9.0f %s" % (
            label, row["steps_per_s"], row["ns"], row["choose_ns"], row["step_ns"],
            row["zero_copy_ns"], row["zero_copy_step_ns"], c))
        if b["c_note"]:
            print("    C: %s" % b["c_note"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
