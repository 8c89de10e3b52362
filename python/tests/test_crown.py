"""Tests of the ctypes binding, run by `meson test` (suite "python")."""

import copy
import ctypes
import gc
import inspect
import io
import json
import os
import pickle
import pkgutil
import pydoc
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import typing
import unittest
from contextlib import redirect_stdout

import crown

KD = "game_of_kingdoms"
SOURCE_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(crown.__file__)))


def run_python(code, python=None, **env_changes):
    """Runs `code` in a fresh interpreter (`python`, else this one) that
    imports this crown package."""
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_DIR
    for key, value in env_changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return subprocess.run([python or sys.executable, "-c", code], env=env,
                          capture_output=True, text=True, timeout=120)


ISMCTS = os.path.join(SOURCE_ROOT, "examples", "python", "ismcts.py")


def ismcts_module(test):
    """examples/python/ismcts.py as a module (the test is skipped outside
    the source tree)."""
    if not os.path.exists(ISMCTS):
        test.skipTest("not in the source tree")
    sys.path.insert(0, os.path.dirname(ISMCTS))
    try:
        import ismcts
    finally:
        sys.path.pop(0)
    return ismcts


class Index:
    """An integer-like object that is not an int (as numpy.int64 is)."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


class LibSpy:
    """Stands in for the library Game calls (crown.game._lib): records every
    crown_free and watches the calls on one game's handle (`handle`, its
    address).

    Faults recorded: two threads inside calls on the handle at once, a call
    on the handle after its crown_free (not passed on to C: it fails with
    CROWN_EINVAL), and a crown_last_error that does not directly follow a
    failed call of the same thread.  Each watched call sleeps `pause` seconds
    inside (the GIL is released) so that races show."""

    # The functions that take no game, and where the others take it.
    NOT_ON_A_GAME = {"crown_version", "crown_version_string", "crown_strerror",
                     "crown_game_count", "crown_game_name", "crown_game_summary",
                     "crown_describe_options", "crown_new", "crown_new_ex",
                     "crown_deserialize", "crown_deserialize_ex"}
    GAME_ARGUMENT = {"crown_clone": 1}

    def __init__(self, lib, handle=None, pause=0.0):
        self.lib, self.handle, self.pause = lib, handle, pause
        self.mutex = threading.Lock()
        self.busy = set()
        self.closed = False
        self.previous = None  # (thread, status) of the last call on the handle
        self.freed = []
        self.faults = []

    def install(self, test):
        real = crown.game._lib
        crown.game._lib = self
        test.addCleanup(setattr, crown.game, "_lib", real)

    def __getattr__(self, name):
        fn = getattr(self.lib, name)
        if name in self.NOT_ON_A_GAME:
            return fn

        def spy(*args):
            h = args[self.GAME_ARGUMENT.get(name, 0)]
            value = getattr(h, "value", h)
            if name == "crown_free":
                self.freed.append(value)
            if value != self.handle:
                return fn(*args)
            me = threading.get_ident()
            with self.mutex:
                if not self.enter(name, me):
                    return b"freed" if name == "crown_last_error" else -1
            result = None
            try:
                result = fn(*args)
                time.sleep(self.pause)
            finally:
                with self.mutex:
                    self.busy.discard(me)
                    self.previous = (me, result if isinstance(result, int) else 0)
            return result
        return spy

    def enter(self, name, me):
        if self.busy:
            self.faults.append("%s while another thread is inside a call" % name)
        if name == "crown_last_error" and (
                self.previous is None or self.previous[0] != me or not self.previous[1]):
            self.faults.append("crown_last_error not right after a failed call of its thread")
        if self.closed:
            self.faults.append("%s after crown_free" % name)
            return False
        self.closed = name == "crown_free"
        self.busy.add(me)
        return True


class Module(unittest.TestCase):
    def test_version(self):
        self.assertRegex(crown.version(), r"^\d+\.\d+\.\d+$")

    def test_games(self):
        self.assertIn(KD, crown.games())
        self.assertIn("Durak", crown.game_summary(KD))
        with self.assertRaises(crown.UnknownGameError):
            crown.game_summary("chess")

    def test_describe_options(self):
        text = crown.describe_options(KD)
        self.assertIn("players=2..6", text)
        self.assertIn("chance=auto|explicit", text)
        with self.assertRaises(crown.UnknownGameError):
            crown.describe_options("chess")

    def source_file(self, name):
        """The text of a file of the source tree (the test is skipped elsewhere)."""
        path = os.path.join(SOURCE_ROOT, name)
        if not os.path.exists(path):
            self.skipTest("not in the source tree")
        with open(path) as f:
            return f.read()

    def test_package_version_is_the_meson_project_version(self):
        project = re.search(r"project\((.*?)\)", self.source_file("meson.build"), re.S).group(1)
        meson_version = re.search(r"version\s*:\s*'([^']+)'", project).group(1)
        self.assertEqual(crown.__version__, meson_version)
        self.assertEqual(crown.version(), crown.__version__)
        # python/_backend/crown_build.py reads it from this line (pip's version).
        with open(os.path.join(os.path.dirname(crown.__file__), "_version.py")) as f:
            self.assertIn('\n__version__ = "%s"\n' % crown.__version__, f.read())

    def test_readme_example(self):
        code = re.search(r"```python\n(.*?)```", self.source_file("README.md"), re.S).group(1)
        out = io.StringIO()
        with redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {})
        self.assertTrue(out.getvalue())
        # Its loop (always the last legal move) ends for every seed and
        # player count: the default max_bouts ends a game nobody wins.
        self.assertIn('"players=3", seed=7', code)
        for players, seeds in ((3, 40), (4, 10)):
            for seed in range(1, seeds + 1):
                variant = code.replace('"players=3", seed=7', '"players=%d", seed=%d'
                                       % (players, seed))
                with redirect_stdout(io.StringIO()):
                    exec(compile(variant, "README.md", "exec"), {})

    def test_docs_name_every_error(self):
        # crown.CrownError, the base of every error, is named in README.md and
        # docs/bots.md; docs/bots.md names each subclass and `status`.
        readme = " ".join(self.source_file("README.md").split())
        bots = " ".join(self.source_file("docs/bots.md").split())
        self.assertIn("Every error the library reports raises a subclass of "
                      "`crown.CrownError`", readme)
        self.assertIn("`crown.CrownError` (an `Exception`) is the base of every error", bots)
        self.assertIn("`e.status` the negative status code", bots)
        errors = [getattr(crown, n) for n in crown.__all__ if n.endswith("Error")]
        self.assertEqual(len(errors), 11)
        for cls in errors:
            self.assertTrue(issubclass(cls, crown.CrownError), cls)
            if cls is not crown.CrownError:
                self.assertIn("`%s`" % cls.__name__, bots)
                self.assertEqual(crown.CrownError("x", cls.status).status, cls.status)

    def test_every_function_is_prototyped(self):
        header = os.environ.get("CROWN_HEADER")
        if not header:
            self.skipTest("CROWN_HEADER not set")
        with open(header) as f:
            declared = set(re.findall(r"\b(crown_[a-z_]+)\(", f.read()))
        self.assertEqual(declared, set(crown._prototypes.PROTOTYPES))


# crown's names besides __all__: _unpickle, which the pickles of crown 0.4.0
# and before call by that name (crown._unpickle).
ALSO_IN_CROWN = {"_unpickle"}
# The package's public modules; the others start with "_".  crown holds the
# names of the first four (crown.search, the function, hides the module
# search), the others are imported by their own name.
PUBLIC_MODULES = {"errors", "game", "discovery", "search", "env", "vector", "arena"}
# Names each module imported by its own name had before the package was laid
# out by job, which it keeps (it may gain others).
MODULE_NAMES = {
    "env": ["CrownEnv", "Observation", "ActionMask", "Box", "Discrete", "DictSpace", "env",
            "raw_env"],
    "vector": ["VectorEnv", "random_legal_actions", "Box", "MultiDiscrete", "AUTORESET_MODE"],
    "arena": ["run_tournament", "Results", "Tournament", "SeatView", "play_game",
              "MissingDependency", "SpecError", "ConfigMismatch", "SchedulerUnreachable"],
}


def is_dunder(name):
    return name.startswith("__") and name.endswith("__")


def numpy_python():
    """A python3 that imports numpy: this one, else Debian's, else None."""
    for python in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(python) and subprocess.run(
                [python, "-c", "import numpy"], capture_output=True).returncode == 0:
            return python
    return None


class Namespace(unittest.TestCase):
    """`import crown` is its API: its names are __all__'s (and the modules
    of the package), each documented, none of them a module or a name of
    typing, ctypes or os; each is the object of the module that holds it;
    and help(crown) is the manual of that API."""

    def test_the_names_are_all_of_all(self):
        names = {n for n in dir(crown)
                 if not is_dunder(n) and not inspect.ismodule(getattr(crown, n))}
        self.assertEqual(names, set(crown.__all__) | ALSO_IN_CROWN)
        self.assertEqual(len(crown.__all__), len(set(crown.__all__)))

    def test_no_module_typing_ctypes_or_os_name(self):
        names = {n for n in dir(crown) if not is_dunder(n)}
        for name in names:
            value = getattr(crown, name)
            if inspect.ismodule(value):  # a module of the package, as submodules are
                self.assertEqual(value.__name__, "crown." + name)
                self.assertTrue(name.startswith("_") or name in PUBLIC_MODULES, name)
        self.assertEqual(names & set(typing.__all__), set())
        self.assertEqual(names & {n for n in dir(ctypes) if not is_dunder(n)}, set())
        self.assertEqual(names & {"ctypes", "os", "json", "importlib", "operator", "threading",
                                  "sys", "typing"}, set())

    def test_every_name_is_documented(self):
        for name in crown.__all__:
            value = getattr(crown, name)
            if inspect.isclass(value):  # its own docstring, not its base's
                self.assertTrue(vars(value).get("__doc__"), name)
            elif inspect.isfunction(value):
                self.assertTrue(value.__doc__, name)
            else:  # a constant, library_path, a type: the package's text says what it is
                self.assertRegex(crown.__doc__, r"(?<![\w.])%s\b" % name)
        for info in pkgutil.iter_modules(crown.__path__):
            self.assertTrue(info.name.startswith("_") or info.name in PUBLIC_MODULES,
                            "%s: a private module's name starts with _" % info.name)
            if not info.name.startswith("_"):
                self.assertIn("crown.%s" % info.name, crown.__doc__)

    def test_names_are_their_modules_objects(self):
        import crown.discovery
        import crown.errors
        import crown.game
        self.assertIs(crown.Game, crown.game.Game)
        self.assertIs(crown.CrownError, crown.errors.CrownError)
        search = sys.modules["crown.search"]  # (crown.search is its function search)
        self.assertIs(crown.search, search.search)
        held = {"LegalMask", "ObservationTensor", "ActionPolicy", "library_path"}
        for module in (crown.errors, crown.game, crown.discovery, search):
            self.assertTrue(module.__doc__)
            for name in module.__all__:
                self.assertIs(getattr(crown, name), getattr(module, name), name)
            held |= set(module.__all__)
        self.assertEqual(held, set(crown.__all__))
        self.assertIs(crown.LegalMask, crown._arrays.LegalMask)
        self.assertIs(crown.ObservationTensor, crown._arrays.ObservationTensor)
        self.assertIs(crown.ActionPolicy, crown._arrays.ActionPolicy)
        self.assertEqual(crown.library_path, crown._library.library_path)
        # The exceptions' bases are as they were.
        value_errors = {"InvalidArgumentError", "UnknownGameError", "OptionError",
                        "IllegalMoveError", "ParseError"}
        for name in crown.__all__:
            if name.endswith("Error") and name != "CrownError":
                base = (ValueError if name in value_errors
                        else MemoryError if name == "OutOfMemoryError" else None)
                self.assertEqual(getattr(crown, name).__bases__,
                                 (crown.CrownError,) + ((base,) if base else ()), name)
        self.assertEqual(crown.CrownError.__bases__, (Exception,))

    def test_pickles_of_crown_0_4_load(self):
        # What pickle.dumps(game) wrote with crown 0.4.0, whose Game and
        # _unpickle were crown's: crown._unpickle(crown.Game, saved text), as
        # GLOBAL (protocols 0 to 3) and as STACK_GLOBAL (4 and 5).
        with crown.Game(KD, "players=3", seed=11) as g:
            g.apply(g.legal_moves()[0])
            text = g.serialize().encode("utf-8")
            saved = b"X" + struct.pack("<I", len(text)) + text
            for old in (b"\x80\x02ccrown\n_unpickle\nccrown\nGame\n" + saved + b"\x86R.",
                        b"\x80\x04\x8c\x05crown\x8c\x09_unpickle\x93\x8c\x05crown\x8c\x04Game"
                        b"\x93" + saved + b"\x86R."):
                with pickle.loads(old) as back:
                    self.assertIs(type(back), crown.Game)
                    self.assertEqual(back.serialize(), g.serialize())

    def test_help_is_the_manual_of_the_api(self):
        text = pydoc.render_doc(crown, renderer=pydoc.plaintext)
        sections = dict(re.findall(r"^([A-Z][A-Z ]+)\n((?:(?: .*)?\n)*)", text, re.M))
        kinds = {"CLASSES": inspect.isclass, "FUNCTIONS": inspect.isfunction}
        shown = {n for n in crown.__all__ if not inspect.isclass(getattr(crown, n))
                 and not inspect.isfunction(getattr(crown, n))}
        self.assertEqual(set(re.findall(r"^    (\w+) = ", sections["DATA"], re.M)),
                         shown | {"__all__"})
        for section, kind in kinds.items():
            names = {n for n in crown.__all__ if kind(getattr(crown, n))}
            listed = set(re.findall(r"^    (?:class )?(\w+)\(", sections[section], re.M))
            self.assertEqual(listed, names, section)
        for module in PUBLIC_MODULES:
            self.assertIn("crown.%s" % module, sections["DESCRIPTION"])

    def test_modules_imported_by_name_keep_their_names(self):
        # In a fresh interpreter, which imports nothing else first; vector
        # with a python3 that has numpy (it needs it), if there is one.
        python = numpy_python()
        modules = [m for m in MODULE_NAMES if python or m != "vector"]
        code = ("import importlib, json, sys\n"
                "names = {m: [n for n in importlib.import_module('crown.' + m).__all__\n"
                "             if hasattr(sys.modules['crown.' + m], n)] for m in %r}\n"
                "print(json.dumps(names))\n" % modules)
        result = run_python(code, python=python)
        self.assertEqual(result.returncode, 0, result.stderr)
        names = json.loads(result.stdout)
        for module in modules:
            self.assertLessEqual(set(MODULE_NAMES[module]), set(names[module]), module)
        if python is None:
            with self.assertRaises(ImportError):
                import crown.vector  # noqa: F401 (numpy is missing)


class Errors(unittest.TestCase):
    def test_bad_options_raise_with_message(self):
        with self.assertRaises(crown.OptionError) as cm:
            crown.Game(KD, "players=9")
        self.assertIn("out of range", str(cm.exception))
        self.assertEqual(cm.exception.status, -5)
        with self.assertRaises(crown.UnknownGameError):
            crown.Game("chess")
        with self.assertRaises(TypeError):
            crown.Game(KD, 3)
        with self.assertRaises(crown.InvalidArgumentError):
            crown.Game(KD, "players=3\0")

    def test_illegal_move_changes_nothing(self):
        with crown.Game(KD, "players=3", seed=4) as g:
            before = (g.serialize(), g.state_hash())
            with self.assertRaises(crown.IllegalMoveError) as cm:
                g.apply(240)
            self.assertIn("not legal", str(cm.exception))
            with self.assertRaises(crown.ParseError):
                g.apply("jump")
            self.assertEqual(before, (g.serialize(), g.state_hash()))

    def test_nothing_to_undo(self):
        with crown.Game(KD) as g:
            with self.assertRaises(crown.NothingToUndoError):
                g.undo()

    def test_state_errors(self):
        g = crown.Game(KD)
        with self.assertRaises(crown.StateError):
            g.chance_outcomes()
        with self.assertRaises(crown.InvalidArgumentError):
            g.observation(17)
        with self.assertRaises(TypeError):
            g.observation()  # no default viewer
        g.close()
        with self.assertRaises(crown.StateError):
            g.legal_moves()
        g.close()  # twice is fine
        self.assertEqual(repr(g), "<crown.Game closed>")

    def test_bad_saved_game(self):
        with self.assertRaises(crown.ParseError):
            crown.Game.deserialize("hello")
        with self.assertRaises(crown.UnknownGameError):
            crown.Game.deserialize("crown-save 1\ngame chess\nseed 1\nmoves 0\nend\n")


class Play(unittest.TestCase):
    def test_is_truncated_tells_a_length_limits_end(self):
        # Thirty bouts at most: about half the games are stopped, a draw; the library's
        # JSON names how the game ended.
        ends = set()
        for seed in range(1, 16):
            with crown.Game(KD, "players=2,max_bouts=30", seed=seed) as g:
                rng = random.Random(seed)
                while not g.is_terminal():
                    self.assertFalse(g.is_truncated())
                    g.apply(rng.choice(g.legal_moves()))
                end = json.loads(g.observation_json(crown.OMNISCIENT))["last_game_end"]
                self.assertEqual(g.is_truncated(), end == "max_bouts", (seed, end))
                ends.add(end)
        self.assertIn("max_bouts", ends)
        self.assertGreater(len(ends), 1)

    def play_random(self, options, seed):
        rng = random.Random(seed)
        with crown.Game(KD, options, seed=seed) as g:
            n = g.num_players
            steps = 0
            while not g.is_terminal():
                moves = g.legal_moves()
                self.assertEqual(moves, sorted(set(moves)))
                self.assertLessEqual(len(moves), g.max_moves)
                m = rng.choice(moves)
                text = g.move_to_text(m)
                self.assertEqual(g.move_from_text(text), m)
                h = g.state_hash()
                g.apply(text)
                after = g.state_hash()
                g.undo()
                self.assertEqual(g.state_hash(), h)
                g.apply(m)
                self.assertEqual(g.state_hash(), after)
                steps += 1
                if steps % 25 == 0:
                    with crown.Game.deserialize(g.serialize()) as back:
                        self.assertEqual(back.state_hash(), g.state_hash())
                    seat = rng.randrange(n)
                    with g.resample(seat, rng.getrandbits(64)) as r:
                        self.assertEqual(r.observation(seat), g.observation(seat))
            self.assertEqual(g.legal_moves(), [])
            self.assertAlmostEqual(sum(g.returns()), 0.0)
            self.assertEqual(len(g.scores()), n)
            self.assertEqual(g.current_player(), crown.TERMINAL)

    def test_random_games(self):
        for players in range(2, 7):
            for variant in ("basic", "ruthless"):
                for seed in range(3):
                    self.play_random("players=%d,variant=%s" % (players, variant), seed)

    def test_kings_family(self):
        for seed in range(5):
            rng = random.Random(seed)
            with crown.Game("kings_family", "", seed=seed) as g:
                self.assertEqual(g.num_players, 1)
                while not g.is_terminal():
                    h = g.state_hash()
                    m = rng.choice(g.legal_moves())
                    g.apply(g.move_to_text(m))
                    if rng.random() < 0.2:
                        g.undo()
                        self.assertEqual(g.state_hash(), h)
                        g.apply(m)
                with crown.Game.deserialize(g.serialize()) as back:
                    self.assertEqual(back.state_hash(), g.state_hash())
                self.assertEqual(g.returns(), g.scores())
                self.assertIn("score: ", g.observation(0))
        with self.assertRaises(crown.OptionError) as cm:
            crown.Game("kings_family", "deck=B1m B1x")
        self.assertIn("'B1x'", str(cm.exception))

    def test_kings_blood(self):
        # The binding plays the multiplayer game with nothing specific to it.
        for options in ("players=3", "players=5,advanced=on,scoring=B"):
            for seed in range(3):
                rng = random.Random(seed)
                with crown.Game("kings_blood", options, seed=seed) as g:
                    n = g.num_players
                    steps = 0
                    while not g.is_terminal():
                        p = g.current_player()
                        self.assertIn("you are seat %d" % p, g.observation(p))
                        m = rng.choice(g.legal_moves())
                        g.apply(g.move_to_text(m))
                        steps += 1
                    self.assertGreater(steps, 0)
                    self.assertAlmostEqual(sum(g.returns()), 0.0)
                    self.assertEqual(len(g.scores()), n)
                    with crown.Game.deserialize(g.serialize()) as back:
                        self.assertEqual(back.state_hash(), g.state_hash())
                    self.assertIn("game over", g.observation(crown.SPECTATOR))

    def test_blood_bound(self):
        # The hidden-role game, unchanged: each seat sees its own character
        # and never another's before the end; resample keeps what it saw.
        for players in (6, 9, 12):
            for seed in range(2):
                rng = random.Random(seed)
                with crown.Game("blood_bound", "players=%d" % players, seed=seed) as g:
                    self.assertEqual(g.num_players, players)
                    steps = 0
                    while not g.is_terminal():
                        p = g.current_player()
                        if p >= 0:
                            seen = g.observation(p)
                            self.assertIn("you are seat %d: the " % p, seen)
                            if steps % 7 == 0:
                                with g.resample(p, steps) as other:
                                    self.assertEqual(other.observation(p), seen)
                        m = rng.choice(g.legal_moves())
                        g.apply(g.move_to_text(m))
                        steps += 1
                    self.assertAlmostEqual(sum(g.returns()), 0.0)
                    self.assertEqual(len(g.scores()), players)
                    self.assertIn("game over", g.observation(crown.SPECTATOR))
                    with crown.Game.deserialize(g.serialize()) as back:
                        self.assertEqual(back.state_hash(), g.state_hash())

    def test_playouts(self):
        # Playouts run inside the library and leave the game as it was.
        for name, options in ((KD, "players=3"), ("blood_bound", "players=7"),
                              ("kings_blood", "players=2")):
            with crown.Game(name, options, seed=4) as g:
                g.apply(g.legal_moves()[0])
                saved = g.serialize()
                r = g.playout(5)
                self.assertEqual(len(r), g.num_players)
                self.assertAlmostEqual(sum(r), 0.0)
                self.assertEqual(g.playout(5), r)
                singles = [g.playout(5 + i) for i in range(50)]
                mean = g.playouts(50, 5)
                for p in range(g.num_players):
                    self.assertAlmostEqual(mean[p], sum(x[p] for x in singles) / 50)
                self.assertEqual(g.serialize(), saved)
                with self.assertRaises(crown.InvalidArgumentError):
                    g.playouts(0, 1)
                with self.assertRaises(crown.InvalidArgumentError):
                    g.playout(-1)
                with self.assertRaises(TypeError):
                    g.playout(1.5)

    def test_clone_and_history(self):
        with crown.Game(KD, "players=4", seed=2) as g:
            g.apply(g.legal_moves()[0])
            c = g.clone()
            self.assertEqual(c.history(), g.history())
            self.assertEqual(c.seed, 2)
            c.apply(c.legal_moves()[-1])
            self.assertNotEqual(c.history(), g.history())
            c.close()
            self.assertTrue(g.game_string.startswith("game_of_kingdoms:players=4,"))
            self.assertEqual(g.name, KD)

    def test_action_index(self):
        for name, options in [(KD, "players=2"), ("kings_family", ""),
                              ("kings_blood", "players=3,advanced=on"), ("blood_bound", "players=9")]:
            with crown.Game(name, options, seed=4) as g:
                n = g.num_distinct_moves
                moves = [g.index_move(i) for i in range(n)]
                self.assertEqual(moves, sorted(set(moves)))
                self.assertEqual([g.move_index(m) for m in moves], list(range(n)))
                rng = random.Random(4)
                while not g.is_terminal():
                    mask = list(g.legal_mask())
                    self.assertEqual(len(mask), n)
                    legal = g.legal_moves()
                    if g.current_player() >= 0:
                        self.assertEqual([moves[i] for i in range(n) if mask[i]], legal)
                    else:
                        self.assertEqual(sum(mask), 0)
                    g.apply(rng.choice(legal))
                self.assertEqual(sum(g.legal_mask()), 0)
                with self.assertRaises(crown.InvalidArgumentError):
                    g.index_move(n)
                with self.assertRaises(crown.InvalidArgumentError):
                    g.index_move(-1)
                with self.assertRaises(crown.InvalidArgumentError) as e:
                    g.move_index(-5)
                self.assertIn("is no decision of " + name, str(e.exception))
        with crown.Game(KD, "players=2", seed=1) as g:
            self.assertEqual(g.num_distinct_moves, 1832)
            self.assertEqual(g.move_index(240), 150)  # take
            self.assertEqual(g.index_move(150), 240)
            self.assertEqual(g.move_index(g.move_to_text(g.legal_moves()[0])),
                             g.move_index(g.legal_moves()[0]))

    def test_options_as_data_and_keywords(self):
        for name in crown.games():
            opts = crown.options(name)
            lines = crown.describe_options(name).splitlines()
            self.assertEqual([o["name"] for o in opts], [l.split("=")[0] for l in lines])
            self.assertEqual(opts[-1]["name"], "chance")
            for o, line in zip(opts, lines):
                self.assertIn("(default %s)" % o["default"], line)
                self.assertIn(o["help"], line)
                if o["kind"] == "int":
                    self.assertLessEqual(o["min"], o["default"])
                    self.assertLessEqual(o["default"], o["max"])
                elif o["kind"] == "enum":
                    self.assertIn(o["default"], o["choices"])
                else:
                    self.assertEqual(o["kind"], "text")
        players = next(o for o in crown.options(KD) if o["name"] == "players")
        self.assertEqual((players["min"], players["max"], players["default"]), (2, 6, 4))
        with crown.Game(KD, players=Index(3), variant="ruthless", seed=4) as g:
            self.assertIn("players=3", g.game_string)
            self.assertIn("variant=ruthless", g.game_string)
            self.assertEqual(g.num_players, 3)
        with crown.Game("kings_blood", "players=2", advanced=True) as g:
            self.assertIn("advanced=on", g.game_string)
        with self.assertRaises(TypeError):
            crown.Game(KD, players=2.5)
        with self.assertRaises(crown.InvalidArgumentError):
            crown.Game(KD, variant="basic,players=3")
        with self.assertRaises(crown.OptionError):
            crown.Game(KD, "players=3", players=4)
        with self.assertRaises(crown.UnknownGameError):
            crown.options("chess")

    def test_keyword_numbers_never_wrap(self):
        # A number past 64 bits is out of range; it does not wrap around to
        # a small one (2**64 + 3 players are not 3 players).
        for name, option, big in ((KD, "players", 2**64 + 3), ("blood_bound", "players", 2**64 + 6),
                                  ("kings_blood", "target", 2**64 + 100),
                                  ("kings_blood", "max_turns", 2**64 + 1)):
            with self.assertRaises(crown.OptionError) as cm:
                crown.Game(name, **{option: big})
            self.assertIn("'%d' is out of range" % big, str(cm.exception))
            with self.assertRaises(crown.OptionError):
                crown.Game(name, "%s=%d" % (option, big))
        with self.assertRaises(crown.OptionError) as cm:
            crown.Game(KD, "players=+3")
        self.assertIn("not a whole number", str(cm.exception))

    def test_legal_actions(self):
        # The indices of the legal decisions, ascending: the mask's 1s and
        # the legal moves' indices; none at a chance node and at the end; a
        # list of ints, with numpy or without.
        for name, options in [(KD, "players=3"), (KD, "players=2,chance=explicit"),
                              ("kings_family", ""), ("kings_blood", "players=4,advanced=on"),
                              ("blood_bound", "players=8")]:
            with self.subTest(name=name, options=options), \
                    crown.Game(name, options, seed=7) as g:
                rng = random.Random(7)
                while True:
                    actions = g.legal_actions()
                    self.assertIs(type(actions), list)
                    self.assertTrue(all(type(i) is int for i in actions))
                    self.assertEqual(actions, [i for i, ok in enumerate(g.legal_mask()) if ok])
                    if g.current_player() < 0:
                        self.assertEqual(actions, [])
                        if g.is_terminal():
                            break
                        g.apply(rng.choice(g.legal_moves()))
                        continue
                    self.assertEqual(actions, sorted(g.move_index(m) for m in g.legal_moves()))
                    self.assertEqual([g.index_move(i) for i in actions], g.legal_moves())
                    g.apply(g.index_move(rng.choice(actions)))
        with crown.Game(KD) as g:
            g.close()
            with self.assertRaises(crown.StateError):
                g.legal_actions()

    def test_legal_mask_as_numpy_array(self):
        # With numpy: an int8 array (Gymnasium's Discrete.sample(mask=)
        # takes no other).  Without it here, a stand-in module shows that
        # the array is made from the mask's bytes.
        try:
            import numpy  # noqa: F401
            fake = None
        except ImportError:
            class FakeArray(list):
                def copy(self):
                    return FakeArray(self)

            class FakeNumpy:
                int8 = "int8"

                @staticmethod
                def frombuffer(data, dtype):
                    assert isinstance(data, bytes) and dtype == "int8"
                    return FakeArray(data)
            fake = FakeNumpy()
            sys.modules["numpy"] = fake
        try:
            with crown.Game(KD, "players=2", seed=3) as g:
                mask = g.legal_mask()
                self.assertEqual(len(mask), g.num_distinct_moves)
                self.assertEqual(sum(int(x) for x in mask), len(g.legal_moves()))
                if fake is None:
                    self.assertEqual(str(mask.dtype), "int8")
                else:
                    self.assertIsInstance(mask, list)
                    self.assertEqual(type(mask).__name__, "FakeArray")
        finally:
            if fake is not None:
                del sys.modules["numpy"]

    def test_ismcts_example_beats_random(self):
        # examples/python/ismcts.py, briefly: it plays legal moves in every
        # game and wins most two-player Game of Kingdoms games against random.
        ismcts = ismcts_module(self)
        results = ismcts.play_match(KD, "players=2", 6, 60, seed=3, out=None)
        self.assertEqual(len(results), 6)
        self.assertGreaterEqual(sum(r > 0 for r in results), 4)
        with crown.Game(KD, "players=2,chance=explicit", seed=1) as g:
            with self.assertRaises(ValueError):  # a chance node
                ismcts.ismcts_move(g, 10, random.Random(1))
            while g.current_player() < 0:
                g.apply(g.legal_moves()[0])
            with self.assertRaises(ValueError):  # its tree has no chance nodes
                ismcts.ismcts_move(g, 10, random.Random(1))
        for name, options in [("kings_family", ""), ("kings_blood", "players=3"),
                              ("blood_bound", "players=7")]:
            with crown.Game(name, options, seed=2) as g:
                rng = random.Random(2)
                for _ in range(3):
                    if g.is_terminal():
                        break
                    m = ismcts.ismcts_move(g, 20, rng)
                    self.assertIn(m, g.legal_moves())
                    g.apply(m)

    def run_ismcts(self, *args):
        """examples/python/ismcts.py run as a user runs it."""
        ismcts_module(self)
        return subprocess.run([sys.executable, ISMCTS] + list(args),
                              env=dict(os.environ, PYTHONPATH=PACKAGE_DIR),
                              capture_output=True, text=True, timeout=120)

    def test_ismcts_program_plays_every_game(self):
        # Each game with the program's default options for it; a one-player
        # game reports its mean return against a random player's.
        ismcts = ismcts_module(self)
        alone = 0
        for name in crown.games():
            with self.subTest(game=name):
                r = self.run_ismcts("--game", name, "--games", "3", "--iterations", "4",
                                    "--seed", "5")
                self.assertEqual((r.returncode, r.stderr), (0, ""))
                lines = r.stdout.splitlines()
                self.assertEqual(len(lines), 5, r.stdout)
                got = [float(re.fullmatch(r"game %d: seat \d+ \(ISMCTS\) returned (\S+)"
                                          % (k + 1), line).group(1))
                       for k, line in enumerate(lines[:3])]
                options = ismcts.DEFAULT_OPTIONS.get(name, "")
                with crown.Game(name, options, seed=5) as g:
                    players = g.num_players
                    self.assertEqual(lines[3], "game: " + g.game_string)
                mean = "%+.3f" % (sum(got) / 3)
                if players == 1:
                    alone += 1
                    random_mean = "%+.3f" % (sum(ismcts.random_returns(name, options, 3, 5))
                                             / 3)
                    self.assertEqual(lines[4], "ISMCTS (4 iterations) alone: mean return %s "
                                     "over 3 games; a uniformly random player on the same "
                                     "deals: mean return %s" % (mean, random_mean))
                else:
                    won, lost = sum(x > 0 for x in got), sum(x < 0 for x in got)
                    self.assertEqual(lines[4], "ISMCTS (4 iterations) against random: "
                                     "%d won, %d lost, %d other of 3; mean return %s"
                                     % (won, lost, 3 - won - lost, mean))
        self.assertEqual(alone, 1)  # King's Family

    def test_ismcts_program_help_and_errors(self):
        r = self.run_ismcts("--help")
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        text = " ".join(r.stdout.split())
        for default in ("(default: game_of_kingdoms)", "(default: 20)", "(default: 200)",
                        "(default: 1)", "the game's own defaults for the others"):
            self.assertIn(default, text)
        for name, options in ismcts_module(self).DEFAULT_OPTIONS.items():
            self.assertIn("%s for %s" % (options, name), text)
        for args, message in [(["--game", "blood_bound", "--options", "players=2"],
                               "option players=2 is out of range (6..12)"),
                              (["--game", "chess"], "invalid choice: 'chess'"),
                              (["--games", "0"], "'0' is not a positive integer")]:
            r = self.run_ismcts(*args)
            self.assertEqual((r.returncode, r.stdout), (2, ""))
            self.assertIn("ismcts.py: error: ", r.stderr)
            self.assertIn(message, r.stderr)

    def test_copy_from(self):
        with crown.Game(KD, "players=4", seed=2) as g, crown.Game(KD, "players=2", seed=9) as d:
            g.apply(g.legal_moves()[0])
            d.copy_from(g)
            self.assertEqual(d.serialize(), g.serialize())
            self.assertEqual(d.legal_moves(), g.legal_moves())
            d.apply(d.legal_moves()[-1])
            d.undo()
            d.undo()  # into g's history
            self.assertLess(len(d.history()), len(g.history()))
            self.assertEqual(d.history(), g.history()[:len(d.history())])
            d.copy_from(d)
            self.assertEqual(d.undo_depth, g.undo_depth - 1)
            depth = d.undo_depth
            for _ in range(depth):
                d.undo()
            self.assertEqual(d.undo_depth, 0)
            with self.assertRaises(crown.NothingToUndoError):
                d.undo()
            with crown.Game("kings_blood", "players=2") as k:
                with self.assertRaises(crown.InvalidArgumentError) as e:
                    d.copy_from(k)
                self.assertIn("src is a game of kings_blood", str(e.exception))
            with self.assertRaises(TypeError):
                d.copy_from("game_of_kingdoms")

    def test_explicit_chance(self):
        with crown.Game(KD, "players=2,chance=explicit", seed=1) as g:
            self.assertTrue(g.is_chance_node())
            outcomes = g.chance_outcomes()
            self.assertEqual(len(outcomes), 40)
            self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
            g.apply("deal RH")
            self.assertEqual(g.history(), [36])  # R=0, Hero=9: 9*4+0
            self.assertIn("RH", g.observation(1))
            self.assertNotIn("RH", g.observation(0))

    def test_history_text_and_player(self):
        with crown.Game(KD, "players=2,chance=explicit", seed=1) as g:
            g.apply("deal RH")  # to seat 1
            while g.is_chance_node():
                g.apply(g.legal_moves()[0])
            seat = g.current_player()
            g.apply(g.legal_moves()[0])
            n = len(g.history())
            self.assertEqual(g.history_player(0), crown.CHANCE)
            self.assertEqual(g.history_player(n - 1), seat)
            self.assertEqual(g.history_text(0, crown.OMNISCIENT), "deal RH")
            self.assertEqual(g.history_text(0, 1), "deal RH")
            for viewer in (0, crown.SPECTATOR):
                self.assertNotIn("RH", g.history_text(0, viewer))
            with self.assertRaises(crown.InvalidArgumentError):
                g.history_text(n, 0)
            with self.assertRaises(crown.InvalidArgumentError):
                g.history_player(n)
            for bad in (-1, 2**64):
                with self.assertRaises(ValueError):
                    g.history_player(bad)
            with self.assertRaises(TypeError):
                g.history_text(True, 0)
            with self.assertRaises(TypeError):
                g.history_text(0)  # no default viewer

    def test_same_seed_same_game(self):
        def run(seed):
            with crown.Game(KD, "players=5,variant=ruthless", seed=seed) as g:
                while not g.is_terminal():
                    g.apply(g.legal_moves()[-1])
                return g.serialize()
        self.assertEqual(run(3), run(3))
        self.assertNotEqual(run(3), run(4))


CONFIGS = [
    ("game_of_kingdoms", {"players": 3}),
    ("game_of_kingdoms", {"players": 4, "variant": "ruthless", "games": 2}),
    ("kings_blood", {"players": 3}),
    ("kings_blood", {"players": 2, "advanced": True}),
    ("kings_family", {}),
    ("blood_bound", {"players": 7}),
]


class Observations(unittest.TestCase):
    """The JSON and tensor views (their leakage and facts are tested in C,
    test_observation.c; here: the binding)."""

    def test_json_tensor_shape_layout(self):
        for name, opts in CONFIGS:
            with self.subTest(name=name, **opts), crown.Game(name, seed=3, **opts) as g:
                size = g.observation_shape[0]
                self.assertEqual(g.observation_shape, (size,))
                layout = g.observation_layout()
                self.assertEqual(layout["size"], size)
                offset = 0
                for piece in layout["pieces"]:
                    self.assertEqual(piece["offset"], offset)
                    n = 1
                    for d in piece["shape"]:
                        n *= d
                    offset += n
                self.assertEqual(offset, size)
                rng = random.Random(5)
                for _ in range(30):
                    if g.is_terminal():
                        break
                    for viewer in list(range(g.num_players)) + [crown.SPECTATOR]:
                        t = g.observation_tensor(viewer)
                        self.assertEqual(len(t), size)
                        self.assertTrue(all(isinstance(float(v), float) for v in t))
                        d = g.observation_dict(viewer)
                        self.assertEqual(d["game"], name)
                        self.assertEqual(d["viewer"], "spectator" if viewer < 0 else viewer)
                    self.assertEqual(g.observation_dict(crown.OMNISCIENT)["viewer"], "omniscient")
                    g.apply(rng.choice(g.legal_moves()))

    def test_tensor_as_numpy_array(self):
        # With numpy: a float32 array.  Without it here, a stand-in module
        # shows that the array is made from the tensor's floats.
        try:
            import numpy  # noqa: F401
            fake = None
        except ImportError:
            class FakeArray(list):
                def copy(self):
                    return FakeArray(self)

            class FakeNumpy:
                float32 = "float32"

                @staticmethod
                def frombuffer(data, dtype, count):
                    assert dtype == "float32"
                    return FakeArray(memoryview(data).cast("B").cast("f")[:count])
            fake = FakeNumpy()
            sys.modules["numpy"] = fake
        try:
            with crown.Game(KD, "players=2", seed=3) as g:
                t = g.observation_tensor(0)
                self.assertEqual(len(t), g.observation_shape[0])
                seat = g.observation_layout()["pieces"][0]
                self.assertEqual(seat["name"], "seat")
                self.assertEqual([float(x) for x in t[:2]], [1.0, 0.0])
                self.assertEqual(sum(float(x) for x in t[3:43]), 6.0)  # six cards in hand
                if fake is None:
                    self.assertEqual(str(t.dtype), "float32")
                else:
                    self.assertEqual(type(t).__name__, "FakeArray")
        finally:
            if fake is not None:
                del sys.modules["numpy"]

    def test_views_survive_resample(self):
        with crown.Game("game_of_kingdoms", players=4, seed=11) as g:
            rng = random.Random(1)
            for _ in range(25):
                g.apply(rng.choice(g.legal_moves()))
            seat = g.current_player()
            with g.resample(seat, 99) as r:
                self.assertEqual(list(g.observation_tensor(seat)),
                                 list(r.observation_tensor(seat)))
                self.assertEqual(g.observation_json(seat), r.observation_json(seat))
                hidden = (seat + 1) % 4
                self.assertNotEqual(g.observation_dict(crown.OMNISCIENT)["seats"][hidden]["hand"],
                                    r.observation_dict(crown.OMNISCIENT)["seats"][hidden]["hand"])

    def test_move_dict(self):
        with crown.Game("game_of_kingdoms", seed=1) as g:
            self.assertEqual(g.move_dict(1024 + 64 * 12 + 17),
                             {"kind": "beat", "attack": 12, "card": 17})
            for move in g.legal_moves():
                self.assertIn(g.move_dict(move)["kind"], ("lead", "beat", "take", "pass", "add"))
            with self.assertRaises(crown.InvalidArgumentError):
                g.move_dict(5)  # a card dealt: a chance outcome
        with crown.Game("blood_bound", players=7, seed=1) as g:
            self.assertEqual(g.move_dict(g.legal_moves()[0])["kind"], "attack")

    def test_errors(self):
        with crown.Game("game_of_kingdoms", seed=1) as g:
            with self.assertRaises(crown.InvalidArgumentError) as cm:
                g.observation_tensor(crown.OMNISCIENT)
            self.assertIn("CROWN_OMNISCIENT", str(cm.exception))
            with self.assertRaises(crown.InvalidArgumentError):
                g.observation_tensor(g.num_players)
            with self.assertRaises(crown.InvalidArgumentError):
                g.observation_json(-7)
            with self.assertRaises(TypeError):
                g.observation_json("0")
        g.close()
        with self.assertRaises(crown.StateError):
            g.observation_tensor(0)


class Numpy(unittest.TestCase):
    """The real numpy path (run with numpy by the python-numpy test, which
    sets CROWN_EXPECT_NUMPY so that a missing numpy fails instead of
    skipping), and the lists a caller gets when numpy cannot be imported."""

    def setUp(self):
        try:
            import numpy
        except ImportError:
            if os.environ.get("CROWN_EXPECT_NUMPY"):
                self.fail("CROWN_EXPECT_NUMPY is set but numpy does not import")
            self.skipTest("numpy is not installed for this python")
        self.np = numpy

    def test_mask_and_tensor_are_arrays(self):
        np = self.np
        rng = random.Random(4)
        for name, opts in CONFIGS:
            with self.subTest(name=name, **opts), crown.Game(name, seed=5, **opts) as g:
                for _ in range(30):
                    if g.is_terminal():
                        break
                    if not g.is_chance_node():
                        mask = g.legal_mask()
                        self.assertIsInstance(mask, np.ndarray)
                        self.assertEqual(mask.dtype, np.int8)
                        self.assertEqual(mask.shape, (g.num_distinct_moves,))
                        self.assertEqual(list(np.flatnonzero(mask)),
                                         sorted(g.move_index(m) for m in g.legal_moves()))
                        seat = g.current_player()
                        t = g.observation_tensor(seat)
                        self.assertIsInstance(t, np.ndarray)
                        self.assertEqual(t.dtype, np.float32)
                        self.assertEqual(t.shape, g.observation_shape)
                    g.apply(rng.choice(g.legal_moves()))

    def test_masks_sample_with_gymnasium(self):
        # Gymnasium's Discrete.sample(mask=) takes Game.legal_mask() as it
        # is (it requires int8), and draws only legal actions.
        try:
            from gymnasium.spaces import Discrete
        except ImportError:
            self.skipTest("gymnasium does not import")
        with crown.Game("kings_blood", "players=3", seed=2) as g:
            space = Discrete(g.num_distinct_moves, seed=1)
            for _ in range(20):
                action = space.sample(mask=g.legal_mask())
                self.assertIn(action, g.legal_actions())
                g.apply(g.index_move(action))

    def test_lists_when_numpy_cannot_be_imported(self):
        with crown.Game(KD, "players=3", seed=8) as g:
            mask_array = g.legal_mask()
            tensor_array = g.observation_tensor(0)
            saved = sys.modules.get("numpy")
            sys.modules["numpy"] = None  # import numpy raises ImportError
            try:
                mask = g.legal_mask()
                tensor = g.observation_tensor(0)
            finally:
                sys.modules["numpy"] = saved
            self.assertIsInstance(mask, list)
            self.assertTrue(all(type(x) is int for x in mask))
            self.assertEqual(mask, [int(x) for x in mask_array])
            self.assertIsInstance(tensor, list)
            self.assertTrue(all(type(x) is float for x in tensor))
            self.assertEqual(tensor, [float(x) for x in tensor_array])


def conforms(value, hint):
    """Whether `value` is of the type `hint`, for the forms crown's hints use
    (an int is no float here: the hints say which one a value is)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is typing.Any:
        return True
    if origin is typing.Union:
        return any(conforms(value, a) for a in args)
    if origin is list:
        return isinstance(value, list) and all(conforms(v, args[0]) for v in value)
    if origin is tuple and args[-1:] == (Ellipsis,):
        return isinstance(value, tuple) and all(conforms(v, args[0]) for v in value)
    if origin is tuple:
        return (isinstance(value, tuple) and len(value) == len(args)
                and all(conforms(v, a) for v, a in zip(value, args)))
    if origin is dict:
        return isinstance(value, dict) and all(conforms(k, args[0]) and conforms(v, args[1])
                                               for k, v in value.items())
    if isinstance(hint, type) and issubclass(hint, dict):  # a TypedDict
        fields = typing.get_type_hints(hint)
        return (isinstance(value, dict) and set(value) == set(fields)
                and all(conforms(value[k], t) for k, t in fields.items()))
    if hint is type(None):
        return value is None
    if hint in (int, float):
        return type(value) is hint
    return isinstance(value, hint)


class Typing(unittest.TestCase):
    """The type hints are true: what the module, a Game and crown.env return
    is of its annotated type (the python-mypy test checks that the hints are
    consistent, and python/tests/typed_use.py against them, which is run
    here), and help() shows the real signatures."""

    def returns(self, fn, *args):
        """fn(*args), checked against fn's return annotation."""
        value = fn(*args)
        hint = typing.get_type_hints(fn)["return"]
        self.assertTrue(conforms(value, hint), "%s%r returned %r, not a %s"
                        % (fn.__qualname__, args, value, hint))
        return value

    def properties(self, g):
        for name, attr in vars(crown.Game).items():
            if isinstance(attr, property):
                value = getattr(g, name)
                hint = typing.get_type_hints(attr.fget)["return"]
                self.assertTrue(conforms(value, hint), "Game.%s is %r, not a %s"
                                % (name, value, hint))

    def test_module_functions(self):
        self.returns(crown.version)
        for name in self.returns(crown.games):
            for fn in (crown.game_summary, crown.describe_options, crown.options):
                self.returns(fn, name)

    def test_game_methods(self):
        rng = random.Random(3)
        configs = CONFIGS + [(KD, {"players": 3, "chance": "explicit"})]
        for name, opts in configs:
            with self.subTest(name=name, **opts), crown.Game(name, seed=6, **opts) as g:
                for step in range(60):
                    self.properties(g)
                    seat = self.returns(g.current_player)
                    viewers = [crown.SPECTATOR, crown.OMNISCIENT] + list(range(g.num_players))
                    for viewer in viewers:
                        self.returns(g.observation, viewer)
                        self.returns(g.observation_dict, viewer)
                    for viewer in viewers[:1] + viewers[2:]:
                        self.returns(g.observation_tensor, viewer)
                    for fn in (g.is_terminal, g.is_chance_node, g.legal_mask, g.legal_actions,
                               g.history,
                               g.observation_layout, g.returns, g.scores, g.state_hash,
                               g.serialize):
                        self.returns(fn)
                    history = g.history()
                    if history:
                        self.returns(g.history_player, len(history) - 1)
                        self.returns(g.history_text, len(history) - 1, viewers[-1])
                    if step % 20 == 0:
                        with self.returns(g.clone) as c:
                            self.assertIs(type(c), crown.Game)
                        with self.returns(g.resample, viewers[-1], step) as r:
                            self.assertIs(type(r), crown.Game)
                        with self.returns(crown.Game.deserialize, g.serialize()) as d:
                            self.assertIs(type(d), crown.Game)
                    if g.is_terminal():
                        break
                    if seat == crown.CHANCE:
                        outcomes = self.returns(g.chance_outcomes)
                        g.apply(rng.choice(outcomes)[0])
                        continue
                    self.returns(g.playout, step)
                    self.returns(g.playouts, 2, step)
                    move = rng.choice(self.returns(g.legal_moves))
                    index = self.returns(g.move_index, move)
                    self.assertEqual(self.returns(g.index_move, index), move)
                    self.returns(g.move_dict, move)
                    self.assertEqual(self.returns(g.move_from_text,
                                                  self.returns(g.move_to_text, move)), move)
                    g.apply(move)

    def test_env(self):
        from crown.env import CrownEnv
        e = CrownEnv("kings_blood", players=3, max_steps=40)
        e.reset(seed=4)
        rng = random.Random(4)
        for agent in e.agent_iter():
            self.assertIsInstance(agent, str)
            self.returns(e.observe, agent)
            observation, _, termination, truncation, _ = self.returns(e.last)
            action = None
            if not (termination or truncation):
                action = rng.choice([i for i, ok in enumerate(observation["action_mask"])
                                     if ok])
            self.returns(e.state)
            e.step(action)
        self.returns(e.state)
        self.returns(e.serialize)
        e.close()

    def test_typed_use(self):
        # The code mypy checks against the hints runs as they say.
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        try:
            import typed_use
        finally:
            sys.path.pop(0)
        for name in crown.games():
            with self.subTest(game=name):
                for fn in (typed_use.first_move, typed_use.random_game,
                           typed_use.masked_game, typed_use.env_episode, typed_use.seats,
                           typed_use.searched_game):
                    self.returns(fn, name, 2)
        self.assertEqual(self.returns(typed_use.error_status, "chess"), -4)
        self.assertEqual(self.returns(typed_use.versions), (crown.__version__,) * 2)

    def test_help_shows_the_real_signatures(self):
        P = inspect.Parameter
        signature = inspect.signature(crown.Game)
        self.assertEqual([(p.name, p.kind, p.default) for p in signature.parameters.values()],
                         [("name", P.POSITIONAL_OR_KEYWORD, P.empty),
                          ("options", P.POSITIONAL_OR_KEYWORD, ""),
                          ("seed", P.POSITIONAL_OR_KEYWORD, 0),
                          ("keywords", P.VAR_KEYWORD, P.empty)])
        text = pydoc.render_doc(crown.Game, renderer=pydoc.plaintext)
        self.assertIn("Game(name: str, options: str = '', seed: ", text)
        for private in ("*args", "**kwargs", "_free", "_FuncPtr", "__annotations__"):
            self.assertNotIn(private, text)
        self.assertIn("legal_mask(self) -> 'LegalMask'", text)
        # `with` passes an exception on: __exit__ returns None.
        self.assertIs(typing.get_type_hints(crown.Game.__exit__)["return"], type(None))
        with self.assertRaises(KeyError):
            with crown.Game(KD):
                raise KeyError("passes")


class Copies(unittest.TestCase):
    def test_copy_and_deepcopy_are_independent_clones(self):
        for make_copy in (copy.copy, copy.deepcopy, crown.Game.clone):
            g = crown.Game(KD, "players=4", seed=2)
            g.apply(g.legal_moves()[0])
            c = make_copy(g)
            self.assertIsInstance(c, crown.Game)
            self.assertEqual((c.game_string, c.seed, c.history()),
                             (g.game_string, g.seed, g.history()))
            c.apply(c.legal_moves()[-1])
            self.assertEqual(len(c.history()), len(g.history()) + 1)
            g.close()  # the copy has a handle of its own
            c.undo()
            c.undo()
            self.assertTrue(c.legal_moves())
            c.close()

    def test_deepcopy_keeps_shared_references_shared(self):
        with crown.Game(KD, seed=1) as g:
            a, b = copy.deepcopy([g, g])
            self.assertIs(a, b)
            self.assertIsNot(a, g)
            a.close()

    def test_pickle_saves_game_string_seed_and_moves(self):
        rng = random.Random(5)
        with crown.Game(KD, "players=3,variant=ruthless", seed=11) as g:
            for _ in range(8):
                g.apply(rng.choice(g.legal_moves()))
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                with pickle.loads(pickle.dumps(g, protocol)) as back:
                    self.assertIs(type(back), crown.Game)
                    self.assertEqual(
                        (back.game_string, back.seed, back.history(), back.state_hash(),
                         back.observation(crown.OMNISCIENT)),
                        (g.game_string, g.seed, g.history(), g.state_hash(),
                         g.observation(crown.OMNISCIENT)))
                    back.undo()  # the history came along
                    self.assertEqual(len(back.history()) < len(g.history()), True)
            back = pickle.loads(pickle.dumps(g))
            while not g.is_terminal():  # the seed came along: same future deals
                m = g.legal_moves()[-1]
                g.apply(m)
                back.apply(m)
            self.assertEqual(back.serialize(), g.serialize())
            back.close()
            with g.resample(1, 2**64 - 1) as r:
                with pickle.loads(pickle.dumps(r)) as back:
                    self.assertEqual((back.seed, back.history()), (2**64 - 1, r.history()))

    def test_closed_game_cannot_be_copied_or_pickled(self):
        g = crown.Game(KD)
        g.close()
        for make_copy in (copy.copy, copy.deepcopy, pickle.dumps):
            with self.assertRaises(crown.StateError):
                make_copy(g)


class Threads(unittest.TestCase):
    def test_close_while_other_threads_call(self):
        errors = []

        def hammer(g, started, kind):
            started.wait()
            try:
                while True:
                    if kind == 0:
                        g.legal_moves()
                        g.state_hash()
                    elif kind == 1:
                        g.observation(1)
                        g.serialize()
                    elif kind == 2:
                        g.clone().close()
                        repr(g)
                    else:
                        g.apply(g.legal_moves()[0])
                        g.undo()
            except crown.StateError as e:
                if str(e) != "the game is closed":
                    errors.append(e)
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(e)

        # Switch threads often: more interleavings, and a quicker close.
        self.addCleanup(sys.setswitchinterval, sys.getswitchinterval())
        sys.setswitchinterval(1e-4)
        for i in range(300):
            g = crown.Game(KD, "players=3", seed=i)
            started = threading.Barrier(5)
            threads = [threading.Thread(target=hammer, args=(g, started, k)) for k in range(4)]
            for t in threads:
                t.start()
            started.wait()
            if i % 3:
                time.sleep(0.0002 * (i % 3))
            g.close()
            for t in threads:
                t.join()
            self.assertEqual(errors, [])
            with self.assertRaisesRegex(crown.StateError, "closed"):
                g.legal_moves()

    def test_calls_are_serialized_and_close_waits(self):
        g = crown.Game(KD, "players=3", seed=1)
        spy = LibSpy(crown.game._lib, g._h.value, pause=0.0002)
        spy.install(self)
        errors = []

        def calls(kind):
            try:
                while True:
                    if kind == 0:
                        g.legal_moves()
                        g.clone().close()
                    elif kind == 1:
                        with self.assertRaisesRegex(crown.IllegalMoveError, "not legal"):
                            g.apply(240)
                    else:
                        with self.assertRaisesRegex(crown.InvalidArgumentError, "viewer"):
                            g.observation(17)
            except crown.StateError:
                pass
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(e)

        threads = [threading.Thread(target=calls, args=(k,)) for k in range(3)]
        for t in threads:
            t.start()
        time.sleep(0.05)
        g.close()
        for t in threads:
            t.join()
        self.assertEqual(spy.faults[:3], [])  # the first few, if any
        self.assertEqual(errors, [])
        self.assertTrue(spy.closed)


class Integers(unittest.TestCase):
    def test_moves_are_int32(self):
        with crown.Game(KD, "players=3", seed=4) as g:
            before = g.serialize()
            take = 240
            for bad in (2**32 + take, -2**31 - 1, 2**31, 2**64):
                with self.assertRaises(ValueError):
                    g.apply(bad)
                with self.assertRaises(ValueError):
                    g.move_to_text(bad)
            for bad in (True, False, 1.0, None, b"take", [1]):
                with self.assertRaises(TypeError):
                    g.apply(bad)
                with self.assertRaises(TypeError):
                    g.move_to_text(bad)
            with self.assertRaises(crown.IllegalMoveError):
                g.apply(-2**31)  # in range: C says it is not legal
            self.assertEqual(g.serialize(), before)
            m = g.legal_moves()[0]
            self.assertEqual(g.move_to_text(Index(m)), g.move_to_text(m))
            g.apply(Index(m))
            self.assertEqual(g.history()[-1], m)

    def test_viewers_are_c_int(self):
        with crown.Game(KD, "players=3", seed=4) as g:
            for bad in (2**32 + crown.SPECTATOR, 2**31, -2**31 - 1):
                with self.assertRaises(ValueError):
                    g.observation(bad)
                with self.assertRaises(ValueError):
                    g.resample(bad, 1)
            for bad in (True, 0.0, None, "0"):
                with self.assertRaises(TypeError):
                    g.observation(bad)
                with self.assertRaises(TypeError):
                    g.resample(bad, 1)
            self.assertEqual(g.observation(Index(1)), g.observation(1))
            with self.assertRaises(crown.InvalidArgumentError):
                g.observation(2**31 - 1)  # in range: C says it is no viewer

    def test_seeds_are_uint64(self):
        for bad in (2**64, -1):
            with self.assertRaises(ValueError):
                crown.Game(KD, seed=bad)
        for bad in (True, 1.0, "1", None):
            with self.assertRaises(TypeError):
                crown.Game(KD, seed=bad)
        with crown.Game(KD, seed=2**64 - 1) as g:
            self.assertEqual(g.seed, 2**64 - 1)
            with crown.Game(KD, seed=Index(7)) as h:
                self.assertEqual(h.seed, 7)
            for bad in (2**64, -1):
                with self.assertRaises(ValueError):
                    g.resample(0, bad)
            for bad in (True, 1.5, None):
                with self.assertRaises(TypeError):
                    g.resample(0, bad)
            with g.resample(Index(0), Index(2**64 - 1)) as r:
                self.assertEqual(r.seed, 2**64 - 1)


class LifeCycle(unittest.TestCase):
    def test_second_init_releases_the_first_handle(self):
        g = crown.Game(KD, "players=3", seed=1)
        first = g._h.value
        spy = LibSpy(crown.game._lib)
        spy.install(self)
        g.__init__(KD, "players=5", seed=3)
        self.assertEqual(spy.freed, [first])
        self.assertEqual((g.num_players, g.seed), (5, 3))
        second = g._h.value
        with self.assertRaises(crown.OptionError):
            g.__init__(KD, "players=9")
        with self.assertRaises(ValueError):
            g.__init__(KD, seed=-1)
        self.assertEqual(spy.freed, [first])  # a failed __init__ changes nothing
        self.assertEqual(g.num_players, 5)
        g.close()
        self.assertEqual(spy.freed, [first, second])

    def test_half_built_games_are_collected_quietly(self):
        unraisable = []
        hook, sys.unraisablehook = sys.unraisablehook, unraisable.append
        try:
            for args in ((KD, 3), (KD, "", -1), (KD, "players=9"), (KD, "", 1.5)):
                with self.assertRaises((TypeError, ValueError)):
                    crown.Game(*args)

            class Early(crown.Game):
                def __init__(self):
                    raise RuntimeError("fails before Game.__init__")

            with self.assertRaises(RuntimeError):
                Early()
            bare = object.__new__(crown.Game)  # not even Game.__new__
            bare.close()
            del bare
            gc.collect()
        finally:
            sys.unraisablehook = hook
        self.assertEqual([str(u.exc_value) for u in unraisable], [])

    def test_games_alive_at_interpreter_exit(self):
        # sys keeps the modules alive until the interpreter clears their
        # namespaces, _lib (set to None first) before _zz_kept: crown's,
        # and crown.game's, whose _lib Game calls.
        r = run_python("""
import sys
import crown
kept = crown.Game("game_of_kingdoms", "players=3", seed=1)
class Holder:
    pass
cycle = Holder()
cycle.me, cycle.game = cycle, crown.Game("game_of_kingdoms", seed=2)
crown._zz_kept = crown.Game("game_of_kingdoms", seed=3)
crown.game._zz_kept = crown.Game("game_of_kingdoms", seed=4)
sys._crown_module = crown
print("ok")
""")
        self.assertEqual((r.returncode, r.stdout, r.stderr), (0, "ok\n", ""))


class Loading(unittest.TestCase):
    def other_version(self, version="9.9.9"):
        """A copy of the loaded library that reports `version`, in a directory of
        its own, as libcrown.so.1."""
        with open(crown.library_path, "rb") as f:
            data = f.read()
        mine = b"\0" + crown.__version__.encode() + b"\0"
        if data.count(mine) != 1 or len(version) != len(crown.__version__):
            self.skipTest("cannot patch the version string of %s" % crown.library_path)
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        path = os.path.join(directory, "libcrown.so.1")
        with open(path, "wb") as f:
            f.write(data.replace(mine, b"\0" + version.encode() + b"\0"))
        return path

    def assertRefused(self, result, path):
        self.assertNotEqual(result.returncode, 0)
        message = result.stderr.strip().splitlines()[-1]
        self.assertTrue(message.startswith("ImportError: "), message)
        for part in (path, "9.9.9", crown.__version__, "CROWN_LIBRARY"):
            self.assertIn(part, message)

    def test_crown_library_of_another_version_is_refused(self):
        path = self.other_version()
        self.assertRefused(run_python("import crown", CROWN_LIBRARY=path), path)

    def test_library_of_another_version_on_the_search_path_is_refused(self):
        if os.path.exists(os.path.join(os.path.dirname(crown.__file__), "_build_config.py")):
            self.skipTest("an installed package: its LIBDIR comes first")
        path = self.other_version()
        self.assertRefused(run_python("import crown", CROWN_LIBRARY=None,
                                      LD_LIBRARY_PATH=os.path.dirname(path)), path)

    def test_candidates(self):
        class Library:
            pass

        def opener(name):
            if name.startswith("/missing"):
                raise OSError("no such file")
            lib = Library()
            if not name.startswith("/libm"):
                version = name.split("/")[1]
                lib.crown_version_string = lambda: version.encode()
            return lib

        mine = crown.__version__
        old = "/0.0.1/libcrown.so.1"
        good = "/%s/libcrown.so.1" % mine
        # Without CROWN_LIBRARY a library of another version is skipped.
        load = crown._library._load
        lib, path = load([(old, False), ("/missing", False), (good, False)], opener)
        self.assertEqual(path, good)
        # CROWN_LIBRARY is the only candidate.
        with self.assertRaises(ImportError) as cm:
            load([(old, True), (good, False)], opener)
        for part in (old, "0.0.1", mine, "CROWN_LIBRARY"):
            self.assertIn(part, str(cm.exception))
        self.assertNotIn(good, str(cm.exception))
        # When nothing fits, every candidate is named.
        with self.assertRaises(ImportError) as cm:
            load([(old, False), ("/libm.so.6", False), ("/missing", False)], opener)
        for part in (old, "0.0.1", "/libm.so.6", "not libcrown", "/missing", "no such file"):
            self.assertIn(part, str(cm.exception))


if __name__ == "__main__":
    unittest.main(verbosity=2)
