"""Bots for the crown.arena tests (python/tests/test_arena*.py), found by
name (`arena_bots:NAME`) in the processes that play."""

import gc
import os
import signal
import time
import types
from typing import Any, Dict, List

import crown


def export_path():
    """Puts this directory and crown's on the PYTHONPATH of the processes
    started from now on (worker processes find these bots by name)."""
    here = os.path.dirname(os.path.abspath(__file__))
    package = os.path.dirname(os.path.dirname(os.path.abspath(crown.__file__)))
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [package, here] + [p for p in [os.environ.get("PYTHONPATH")] if p])

# What the spy saw, decision by decision (in the process that played).
SPY_LOG: List[Dict[str, Any]] = []
# How many bots Counting made (in the process that played), and after how
# many it interrupts the tournament (KeyboardInterrupt) when set.
COUNT = {"made": 0, "interrupt_at": None}


def raises(view):
    if view.ply > 20:
        raise ValueError("boom")
    return view.rng.choice(view.legal_moves)


def illegal(view):
    return max(view.legal_moves) + 1


def not_a_move(view):
    return "a move"


def reachable_games(root):
    """The crown.Game objects reachable from `root` by references, not
    through modules, classes or functions (whose globals reach everything)."""
    seen, todo, games = set(), [root], []
    skip = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType,
            types.MethodType)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        if isinstance(obj, crown.Game):
            games.append(obj)
        todo.extend(gc.get_referents(obj))
    return games


class Spy:
    """Plays at random and records, at each decision, what its view leads
    to and every live crown.Game in the process (the real one among them)."""

    resamples = True

    def act(self, view):
        near = {id(g) for g in reachable_games(view)}
        live = []
        for g in [o for o in gc.get_objects() if isinstance(o, crown.Game)]:
            try:
                live.append((id(g) in near, g.serialize()))
            except crown.StateError:
                pass  # closed
        with view.game() as det:
            SPY_LOG.append({
                "ply": view.ply, "seat": view.seat, "observation": view.observation,
                "attributes": sorted(a for a in dir(view) if not a.startswith("__")),
                "live": live, "det_seat": det.observation(view.seat),
                "det_all": det.observation(crown.OMNISCIENT),
                "det_legal": det.legal_moves(), "legal": list(view.legal_moves)})
        return view.rng.choice(view.legal_moves)


class Counting:
    """Plays at random; counts the bots made, and interrupts the run (as
    Ctrl-C would) once COUNT["interrupt_at"] of them were made."""

    def __init__(self):
        COUNT["made"] += 1
        if COUNT["interrupt_at"] is not None and COUNT["made"] >= COUNT["interrupt_at"]:
            raise KeyboardInterrupt

    def act(self, view):
        return view.rng.choice(view.legal_moves)


class KillOnce:
    """Plays at random and notes each game it plays (a line in the file
    $CROWN_ARENA_KILL_MARKER.games); but in the third game of a process, if
    no one did it before (no file at the path $CROWN_ARENA_KILL_MARKER), it
    creates that file and kills its own process, in the middle of the game
    (after the process finished a task, with two games a task)."""

    games_here = 0

    def __init__(self):
        self.marker = os.environ["CROWN_ARENA_KILL_MARKER"]
        with open(self.marker + ".games", "a") as f:
            f.write("%d\n" % os.getpid())
        KillOnce.games_here += 1
        self.kill = KillOnce.games_here == 3

    def act(self, view):
        if self.kill and view.ply > 10:
            try:  # the one process that creates the marker dies
                fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                self.kill = False
            else:
                os.write(fd, b"killed %d\n" % os.getpid())
                os.close(fd)
                time.sleep(1)  # the client fetches the results of the task before
                os.kill(os.getpid(), signal.SIGKILL)
        return view.rng.choice(view.legal_moves)


class Gated:
    """Plays at random.  With $CROWN_ARENA_GATE set, each bot made adds a
    line to that file (from any process), and one made when the file has
    more than $CROWN_ARENA_GATE_AFTER lines blocks at its first move, until
    its process is interrupted or ended."""

    def __init__(self):
        path = os.environ.get("CROWN_ARENA_GATE")
        self.blocks = False
        if path:
            with open(path, "a") as f:
                f.write("%d\n" % os.getpid())
            with open(path) as f:
                made = len(f.read().split())
            self.blocks = made > int(os.environ["CROWN_ARENA_GATE_AFTER"])

    def act(self, view):
        while self.blocks:
            time.sleep(0.05)
        return view.rng.choice(view.legal_moves)


class Marked:
    """Leaves a file in $CROWN_ARENA_MARK_DIR for each game it plays and
    takes 10 ms a move (a game of a few tenths of a second)."""

    def __init__(self):
        directory = os.environ["CROWN_ARENA_MARK_DIR"]
        open(os.path.join(directory, "%d-%d" % (os.getpid(), time.monotonic_ns())), "w").close()

    def act(self, view):
        time.sleep(0.01)
        return view.rng.choice(view.legal_moves)
