#!/usr/bin/env python3
"""bench_env.py: the speed of one crown.env.CrownEnv, beside crown-bench.

Random legal play through CrownEnv for every game (a few option sets),
timed in process CPU time, in rounds that interleave the games (and
RLCard's UNO when rlcard can be imported), so that a change of the
machine's load falls on all of them alike; the best round of each counts.
For each option set it prints:

  env us     microseconds per step of the environment: last() (the
             observation and its mask) + step(), with the dead steps and
             resets of the episodes counted in;
  choice us  the random agent's part: a legal action drawn from the int8
             mask (numpy: mask.view(bool).nonzero(); timed apart on masks
             kept from the same play);
  loop us    the two together: one step of the loop, and steps/s;
  C ns       crown-bench's ns per decision (crown_legal_moves + crown_apply
             in C, random playouts) for the same options, run in the same
             process's turn (--seconds each), and env us / C ns.

With rlcard (1.0.7; numpy >= 1.24 needs np.int, which this sets), UNO's
loop of env.step and a random legal action is timed in the same rounds, and
each game's steps/s are given as a multiple of UNO's.

    PYTHONPATH=python CROWN_LIBRARY=build/lib/libcrown.so.1 \\
        python3 examples/python/bench_env.py [--seconds S] [--rounds R]
        [--crown-bench PATH | --no-c] [--no-uno] [--json]

crown-bench is looked for with --crown-bench, next to the library in use
(a build tree's examples/, an installation's bin/), then on the PATH.
"""

import argparse
import importlib
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

import crown
from crown.env import CrownEnv

# (name, options text, keywords of CrownEnv)
CONFIGS: List[Tuple[str, str, Dict[str, Any]]] = [
    ("game_of_kingdoms", "players=4", {"players": 4}),
    ("game_of_kingdoms", "players=2", {"players": 2}),
    ("kings_family", "", {}),
    ("kings_blood", "players=4", {"players": 4}),
    ("kings_blood", "players=4,advanced=on", {"players": 4, "advanced": True}),
    ("blood_bound", "players=8", {"players": 8}),
]


def chooser(rng: random.Random) -> Callable[[Any], int]:
    """The random agent: a uniform legal action of an int8 mask."""
    try:
        numpy = importlib.import_module("numpy")
    except ImportError:
        return lambda mask: rng.choice([i for i, ok in enumerate(mask) if ok])
    bool_ = numpy.bool_

    def choose(mask: Any) -> int:
        legal = mask.view(bool_).nonzero()[0]
        return int(legal[rng.randrange(len(legal))])
    return choose


def play(env: CrownEnv, seconds: float, rng: random.Random,
         keep: Optional[List[Any]] = None) -> Tuple[int, float]:
    """Random play for `seconds` of CPU time: (steps, CPU seconds).  With
    `keep`, 64 of the masks met, drawn uniformly (a reservoir), are kept in
    it: few enough to stay in the cache, as the mask of the loop is."""
    choose = chooser(rng)
    steps = 0
    clock = time.process_time
    start = clock()
    end = start + seconds
    while clock() < end:
        env.reset()
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            assert observation is not None
            mask = observation["action_mask"]
            if keep is not None:
                if len(keep) < 64:
                    keep.append(mask)
                elif rng.randrange(steps + 1) < 64:
                    keep[rng.randrange(64)] = mask
            env.step(choose(mask))
            steps += 1
    return steps, clock() - start


def choice_time(masks: List[Any], rng: random.Random, seconds: float) -> float:
    """CPU seconds per random choice on these masks."""
    choose = chooser(rng)
    clock = time.process_time
    n = 0
    start = clock()
    while clock() - start < seconds:
        for mask in masks:
            choose(mask)
        n += len(masks)
    return (clock() - start) / n


def uno_round(env: Any, seconds: float, rng: random.Random) -> Tuple[int, float]:
    """RLCard's UNO: random legal play for `seconds` of CPU time."""
    steps = 0
    clock = time.process_time
    start = clock()
    end = start + seconds
    while clock() < end:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
    return steps, clock() - start


def make_uno(seed: int) -> Any:
    """RLCard's UNO environment, or None without rlcard."""
    try:
        numpy = importlib.import_module("numpy")
        if not hasattr(numpy, "int"):
            setattr(numpy, "int", int)  # RLCard 1.0.7 uses np.int, gone from numpy 1.24
        rlcard = importlib.import_module("rlcard")
    except ImportError:
        return None
    return rlcard.make("uno", config={"seed": seed})


def find_crown_bench(given: Optional[str]) -> Optional[str]:
    """crown-bench: the given path, next to the library in use, or on the PATH."""
    if given:
        return given
    libdir = os.path.dirname(os.path.abspath(crown.library_path))
    for candidate in (os.path.join(libdir, "..", "examples", "crown-bench"),
                      os.path.join(libdir, "..", "bin", "crown-bench")):
        if os.access(candidate, os.X_OK):
            return os.path.normpath(candidate)
    return shutil.which("crown-bench")


def decision_ns(bench: str, name: str, options: str, seconds: float) -> float:
    """crown-bench's ns per decision for the game and options."""
    args = [bench, "--json", "--game", name, "--seconds", str(seconds)]
    if options:
        args += ["--options", options]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    value: float = json.loads(out)[0]["decision_ns"]
    return value


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU seconds per game and round (default 1)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--crown-bench", help="the crown-bench program")
    parser.add_argument("--no-c", action="store_true", help="do not run crown-bench")
    parser.add_argument("--no-uno", action="store_true", help="do not run RLCard's UNO")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)

    rng = random.Random(1)
    envs = [CrownEnv(name, **keywords) for name, _, keywords in CONFIGS]
    for i, env in enumerate(envs):
        env.reset(seed=i + 1)
    uno = None if args.no_uno else make_uno(1)
    bench = None if args.no_c else find_crown_bench(args.crown_bench)
    if not args.no_c and bench is None:
        print("crown-bench not found (--crown-bench PATH, or --no-c)", file=sys.stderr)
        return 2

    best: List[float] = [float("inf")] * len(CONFIGS)    # loop s per step
    masks: List[List[Any]] = [[] for _ in CONFIGS]
    uno_best = float("inf")
    c_ns: List[Optional[float]] = [None] * len(CONFIGS)
    for r in range(args.rounds):
        for i, env in enumerate(envs):
            steps, cpu = play(env, args.seconds, rng, masks[i] if r == 0 else None)
            best[i] = min(best[i], cpu / steps)
        if uno is not None:
            steps, cpu = uno_round(uno, args.seconds, rng)
            uno_best = min(uno_best, cpu / steps)
    choice = [choice_time(m, rng, args.seconds / 2) for m in masks]
    if bench is not None:
        for i, (name, options, _) in enumerate(CONFIGS):
            c_ns[i] = decision_ns(bench, name, options, args.seconds)

    rows = []
    for i, (name, options, keywords) in enumerate(CONFIGS):
        loop = best[i]
        env_s = loop - choice[i]
        c = c_ns[i]
        row: Dict[str, Any] = {
            "game": name, "options": options,
            "env_us": env_s * 1e6, "choice_us": choice[i] * 1e6, "loop_us": loop * 1e6,
            "steps_per_s": 1 / loop,
            "c_decision_ns": c,
            "env_to_c": env_s * 1e9 / c if c else None,
            "to_uno": (uno_best / loop) if uno is not None else None,
        }
        rows.append(row)
    result = {"machine": machine(), "seconds": args.seconds, "rounds": args.rounds,
              "numpy": importlib.util.find_spec("numpy") is not None,
              "crown_bench": bench, "configs": rows,
              "uno": ({"loop_us": uno_best * 1e6, "steps_per_s": 1 / uno_best}
                      if uno is not None else None)}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print("crown %s, %s; best of %d rounds of %g s CPU each" % (
        crown.version(), result["machine"], args.rounds, args.seconds))
    print("%-17s %-22s %7s %9s %7s %9s %8s %8s %7s" % (
        "game", "options", "env us", "choice us", "loop us", "steps/s", "C ns", "env/C",
        "x UNO"))
    for row in rows:
        print("%-17s %-22s %7.2f %9.2f %7.2f %9.0f %8s %8s %7s" % (
            row["game"], row["options"] or "-", row["env_us"], row["choice_us"],
            row["loop_us"], row["steps_per_s"],
            "%.1f" % row["c_decision_ns"] if row["c_decision_ns"] else "-",
            "%.0f" % row["env_to_c"] if row["env_to_c"] else "-",
            "%.2f" % row["to_uno"] if row["to_uno"] else "-"))
    if uno is not None:
        print("%-17s %-22s %7s %9s %7.2f %9.0f" % ("uno (RLCard)", "-", "-", "-",
                                                 uno_best * 1e6, 1 / uno_best))
    else:
        print("RLCard's UNO: not run (%s)" % ("--no-uno" if args.no_uno
                                             else "rlcard does not import"))
    return 0


def machine() -> str:
    """The processor and Python, for the record."""
    model = "unknown processor"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %d cores, Python %s" % (model, os.cpu_count() or 0, sys.version.split()[0])


if __name__ == "__main__":
    sys.exit(main())
