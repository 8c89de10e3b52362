#!/usr/bin/env python3
"""bench_env.py: the speed of one crown.env.CrownEnv, beside crown-bench and RLCard's UNO.

Random legal play through CrownEnv for every game (a few option sets),
timed in process CPU time, in rounds that interleave the games (and
RLCard's UNO when rlcard can be imported), so that a change of the
machine's load falls on all of them alike; the best round of each counts.
Each step of the loop is last() (the observation tensor and int8 mask as
new arrays), the random agent's choice, then step(); the dead steps and
resets of the episodes are counted in.  Two agents play the same games
(the same seeds, the same choices), each in its own environment:

  idiom    PettingZoo's idiom, the code of its performance_benchmark and
           average_total_reward: random.choice(numpy.flatnonzero(
           observation["action_mask"]).tolist()) (without numpy, the
           indices of the mask's 1s in a list comprehension);
  fast     the documented fast path: random.choice(info["legal_actions"]),
           the legal actions the environment lists at each step.

For each it prints the microseconds of a step of the loop and its steps/s,
and, with rlcard, the steps/s as a multiple of UNO's (its loop of env.step
and random.choice(list(state["legal_actions"])), timed in the same rounds).
"C ns" is crown-bench's ns per decision (crown_legal_moves + crown_apply in
C, random playouts) for the same options, run after the rounds (--seconds
each), and "fast/C" the fast loop's time in C decisions.

RLCard (1.0.7) is pure Python over numpy: its sources in PYTHONPATH do
(docs/testing.md says how); numpy >= 1.24 lacks the np.int it uses, which
this sets, and termcolor (which only colours its printed cards) is given a
stand-in when it is not installed.

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
import types
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

AGENTS = ("idiom", "fast")


def idiom_agent(rng: random.Random) -> Callable[[Any, Dict[str, Any]], int]:
    """PettingZoo's random agent: a legal action from the int8 mask by
    numpy.flatnonzero (a list comprehension without numpy)."""
    try:
        numpy = importlib.import_module("numpy")
    except ImportError:
        return lambda mask, info: rng.choice([i for i, ok in enumerate(mask) if ok])
    flatnonzero = numpy.flatnonzero
    return lambda mask, info: int(rng.choice(flatnonzero(mask).tolist()))


def fast_agent(rng: random.Random) -> Callable[[Any, Dict[str, Any]], int]:
    """The fast path: a legal action from info["legal_actions"]."""
    return lambda mask, info: int(rng.choice(info["legal_actions"]))


def play(env: CrownEnv, choose: Callable[[Any, Dict[str, Any]], int],
         seconds: float) -> Tuple[int, float]:
    """Random play for `seconds` of CPU time: (steps, CPU seconds)."""
    steps = 0
    clock = time.process_time
    start = clock()
    end = start + seconds
    while clock() < end:
        env.reset()
        for agent in env.agent_iter():
            observation, _, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            assert observation is not None
            env.step(choose(observation["action_mask"], info))
            steps += 1
    return steps, clock() - start


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
    """RLCard's UNO environment, or None without rlcard (or numpy)."""
    try:
        numpy = importlib.import_module("numpy")
    except ImportError:
        return None
    if not hasattr(numpy, "int"):
        setattr(numpy, "int", int)  # RLCard 1.0.7 uses np.int, gone from numpy 1.24
    if importlib.util.find_spec("rlcard") is None:
        return None
    if importlib.util.find_spec("termcolor") is None:
        # RLCard's cards colour their text with termcolor: plain text will do.
        stand_in = types.ModuleType("termcolor")
        setattr(stand_in, "colored", lambda text, *args, **keywords: text)
        sys.modules["termcolor"] = stand_in
    rlcard = importlib.import_module("rlcard")
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
                        help="CPU seconds per game, agent and round (default 1)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--crown-bench", help="the crown-bench program")
    parser.add_argument("--no-c", action="store_true", help="do not run crown-bench")
    parser.add_argument("--no-uno", action="store_true", help="do not run RLCard's UNO")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)

    # One environment and one generator per option set and agent, seeded
    # alike: both agents play the same games.
    envs: List[Dict[str, CrownEnv]] = []
    agents: List[Dict[str, Callable[[Any, Dict[str, Any]], int]]] = []
    for i, (name, _, keywords) in enumerate(CONFIGS):
        envs.append({})
        agents.append({})
        for kind, make in zip(AGENTS, (idiom_agent, fast_agent)):
            env = CrownEnv(name, **keywords)
            env.reset(seed=i + 1)
            envs[i][kind] = env
            agents[i][kind] = make(random.Random(i + 1))
    uno = None if args.no_uno else make_uno(1)
    bench = None if args.no_c else find_crown_bench(args.crown_bench)
    if not args.no_c and bench is None:
        print("crown-bench not found (--crown-bench PATH, or --no-c)", file=sys.stderr)
        return 2

    best = [{kind: float("inf") for kind in AGENTS} for _ in CONFIGS]  # s per step
    uno_best = float("inf")
    uno_rng = random.Random(1)
    for _ in range(args.rounds):
        for i in range(len(CONFIGS)):
            for kind in AGENTS:
                steps, cpu = play(envs[i][kind], agents[i][kind], args.seconds)
                best[i][kind] = min(best[i][kind], cpu / steps)
        if uno is not None:
            steps, cpu = uno_round(uno, args.seconds, uno_rng)
            uno_best = min(uno_best, cpu / steps)
    c_ns: List[Optional[float]] = [None] * len(CONFIGS)
    if bench is not None:
        for i, (name, options, _) in enumerate(CONFIGS):
            c_ns[i] = decision_ns(bench, name, options, args.seconds)

    rows = []
    for i, (name, options, _) in enumerate(CONFIGS):
        c = c_ns[i]
        row: Dict[str, Any] = {"game": name, "options": options, "c_decision_ns": c}
        for kind in AGENTS:
            loop = best[i][kind]
            row[kind + "_us"] = loop * 1e6
            row[kind + "_steps_per_s"] = 1 / loop
            row[kind + "_to_uno"] = uno_best / loop if uno is not None else None
        row["fast_to_c"] = best[i]["fast"] * 1e9 / c if c else None
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
    print("%-17s %-22s %8s %9s %6s %8s %9s %6s %7s %7s" % (
        "game", "options", "idiom us", "steps/s", "x UNO", "fast us", "steps/s", "x UNO",
        "C ns", "fast/C"))
    for row in rows:
        print("%-17s %-22s %8.2f %9.0f %6s %8.2f %9.0f %6s %7s %7s" % (
            row["game"], row["options"] or "-", row["idiom_us"], row["idiom_steps_per_s"],
            "%.2f" % row["idiom_to_uno"] if row["idiom_to_uno"] else "-",
            row["fast_us"], row["fast_steps_per_s"],
            "%.2f" % row["fast_to_uno"] if row["fast_to_uno"] else "-",
            "%.1f" % row["c_decision_ns"] if row["c_decision_ns"] else "-",
            "%.0f" % row["fast_to_c"] if row["fast_to_c"] else "-"))
    if uno is not None:
        print("%-17s %-22s %8.2f %9.0f" % ("uno (RLCard)", "-", uno_best * 1e6, 1 / uno_best))
    else:
        print("RLCard's UNO: not run (%s)" % ("--no-uno" if args.no_uno
                                             else "rlcard (or numpy) does not import"))
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
