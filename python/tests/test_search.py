"""Tests of crown.Search, crown.SearchResult and crown.search (the library's
search through the binding), run by `meson test` (suite "python": test
python-search with Meson's python3, python-numpy-search with one that has
numpy)."""

import copy
import gc
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import threading
import unittest

import crown

KD = "game_of_kingdoms"
GAMES = [(KD, "players=2"), (KD, "players=4"), ("kings_blood", "players=2"),
         ("kings_family", ""), ("blood_bound", "players=6")]
PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(crown.__file__)))
EXPECT_NUMPY = os.environ.get("CROWN_EXPECT_NUMPY") == "1"


def numpy_module():
    """numpy if it imports here, else None."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def positions(name, options, seed, every=5, limit=6):
    """Games at some decisions of a uniformly random game (each a clone,
    the caller's to close), at most `limit`, every `every`-th decision."""
    rng = random.Random(seed)
    found = []
    with crown.Game(name, options, seed=seed) as g:
        decision = 0
        while not g.is_terminal() and len(found) < limit:
            if decision % every == 0:
                found.append(g.clone())
            decision += 1
            g.apply(rng.choice(g.legal_moves()))
    return found


def one_move_position(name, options):
    """A game at a decision with one legal move (None if the first seeds
    give none)."""
    for seed in range(20):
        rng = random.Random(seed)
        with crown.Game(name, options, seed=seed) as g:
            while not g.is_terminal():
                legal = g.legal_moves()
                if len(legal) == 1:
                    return g.clone()
                g.apply(rng.choice(legal))
    return None


def terminal_game(name=KD, options="players=2", seed=1):
    rng = random.Random(seed)
    g = crown.Game(name, options, seed=seed)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_moves()))
    return g


def fields(result):
    """A result without its time (which no two runs share)."""
    return (result.move, result.moves, result.visits, result.means, result.iterations,
            result.nodes)


class Parameters(unittest.TestCase):
    KEYS = ["iterations", "time", "threads", "exploration", "determinizations", "playout",
            "reuse", "nodes"]

    def pairs(self, search):
        return dict(p.split("=") for p in search.params.split(","))

    def test_the_canonical_text_has_every_parameter_in_order(self):
        with crown.Search() as s:
            self.assertEqual([p.split("=")[0] for p in s.params.split(",")], self.KEYS)
            # the text makes a search of the same parameters
            with crown.Search(s.params) as t:
                self.assertEqual(t.params, s.params)
        self.assertEqual(crown.Search(None).params, crown.Search("").params)

    def test_keywords_become_the_parameters_text(self):
        with crown.Search(iterations=123, time=0.25, threads=2, exploration=1.5,
                          determinizations=0, playout="uniform", reuse=False,
                          nodes=500) as s:
            self.assertEqual(self.pairs(s), {
                "iterations": "123", "time": "0.25", "threads": "2", "exploration": "1.5",
                "determinizations": "0", "playout": "uniform", "reuse": "0", "nodes": "500"})
        self.assertEqual(self.pairs(crown.Search(reuse=True))["reuse"], "1")
        self.assertEqual(self.pairs(crown.Search(reuse=0))["reuse"], "0")
        # a text first, then keywords; a float without an exponent
        s = crown.Search("iterations=7", time=1e-07)
        self.assertEqual((self.pairs(s)["iterations"], self.pairs(s)["time"]),
                         ("7", "0.0000001"))
        self.assertEqual(self.pairs(crown.Search(time=2.0))["time"], "2")
        self.assertEqual(self.pairs(crown.Search(threads=Index(3)))["threads"], "3")
        self.assertEqual(self.pairs(crown.Search(exploration="0.3"))["exploration"], "0.3")

    def test_refused_parameters_raise_option_error_with_the_librarys_message(self):
        cases = [
            ({"iterations": -1}, "search parameter iterations: '-1' is not a whole number"),
            ({"foo": 1}, "unknown search parameter 'foo'"),
            ({"reuse": 2}, "search parameter reuse: '2' is not 0 or 1"),
            ({"playout": "smart"}, "search parameter playout: 'smart' is not uniform or rule"),
            ({"time": float("nan")}, "search parameter time: 'NaN' is not a decimal number"),
            ({"time": -0.5}, "search parameter time: '-0.5' is not a decimal number"),
            ({"threads": 100000}, "search parameter threads: '100000' is not a whole number"),
            ({"iterations": 0}, "no limit"),
            ({"nodes": 0}, "search parameter nodes: '0' is not a whole number from 1"),
        ]
        for keywords, message in cases:
            with self.subTest(**keywords):
                with self.assertRaises(crown.OptionError) as cm:
                    crown.Search(**keywords)
                self.assertIn(message, str(cm.exception))
                self.assertEqual(cm.exception.status, -5)
                self.assertIsInstance(cm.exception, ValueError)
        with self.assertRaises(crown.OptionError) as cm:
            crown.Search("iterations=5", iterations=6)
        self.assertIn("search parameter iterations given twice", str(cm.exception))
        with self.assertRaises(crown.OptionError) as cm:
            crown.Search("iterations=5,,time=1")
        self.assertIn("an empty parameter", str(cm.exception))

    def test_what_is_no_text_never_reaches_the_library(self):
        for bad in (5, b"iterations=5"):
            with self.subTest(params=bad), self.assertRaises(TypeError):
                crown.Search(bad)
        with self.assertRaises(TypeError):
            crown.Search(iterations=[5])
        with self.assertRaises(crown.InvalidArgumentError):
            crown.Search(playout="rule,threads=2")
        with self.assertRaises(crown.InvalidArgumentError):
            crown.Search("iterations=5\0")


class Index:
    """An integer-like object that is not an int (as numpy.int64 is)."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


class Results(unittest.TestCase):
    def check(self, g, result, iterations):
        """A result of a new search of `iterations` at `g`'s position."""
        legal = g.legal_moves()
        if len(legal) == 1:  # not searched
            iterations = 0
        self.assertEqual(result.moves, legal)
        self.assertEqual(len(result.visits), len(legal))
        self.assertEqual(len(result.means), len(legal))
        self.assertIn(result.move, legal)
        self.assertEqual(result.iterations, iterations)
        self.assertEqual(sum(result.visits), iterations)
        self.assertEqual(result.visits[legal.index(result.move)], max(result.visits))
        self.assertGreaterEqual(result.nodes, 1 if iterations else 0)
        self.assertGreaterEqual(result.seconds, 0)
        for value in result.visits + [result.move, result.iterations, result.nodes]:
            self.assertIs(type(value), int)
        for value in result.means + [result.seconds]:
            self.assertIs(type(value), float)
        policy = result.policy
        self.assertEqual(len(policy), len(legal))
        self.assertAlmostEqual(sum(policy), 1.0, places=12)
        for p, v in zip(policy, result.visits):
            self.assertAlmostEqual(p, v / iterations if iterations else 1.0, places=12)
        # over the action indices: nonzero at the legal actions only
        actions = result.action_policy(g)
        numpy = numpy_module()
        if numpy is not None:
            self.assertIsInstance(actions, numpy.ndarray)
            self.assertEqual(actions.dtype, numpy.float32)
            actions = actions.tolist()
        else:
            self.assertIsInstance(actions, list)
        self.assertEqual(len(actions), g.num_distinct_moves)
        self.assertEqual([i for i, p in enumerate(actions) if p], g.legal_actions())
        self.assertAlmostEqual(sum(actions), 1.0, places=5)
        for move, p in zip(legal, policy):
            self.assertAlmostEqual(actions[g.move_index(move)], p, places=6)

    def test_a_result_is_the_position_searched_in_every_game(self):
        for name, options in GAMES:
            for g in positions(name, options, seed=3):
                with self.subTest(game=name, options=options, ply=len(g.history())), g:
                    if g.current_player() < 0:
                        continue
                    # enough iterations for every root move to be tried
                    iterations = max(60, 2 * len(g.legal_moves()))
                    before = (g.serialize(), g.state_hash(), g.history())
                    with crown.Search(iterations=iterations) as s:
                        result = s.run(g, seed=5)
                    self.assertEqual((g.serialize(), g.state_hash(), g.history()), before)
                    self.check(g, result, iterations)

    def test_one_legal_move_is_not_searched_and_its_policy_is_that_move(self):
        g = one_move_position(KD, "players=2")
        self.assertIsNotNone(g, "no position with one legal move in 20 games")
        with g:
            move = g.legal_moves()[0]
            result = crown.search(g, iterations=100)
            self.assertEqual((result.move, result.moves, result.visits, result.iterations),
                             (move, [move], [0], 0))
            self.assertEqual(result.policy, [1.0])
            actions = result.action_policy(g)
            self.assertEqual([i for i, p in enumerate(actions) if p], [g.move_index(move)])

    def test_the_policy_is_uniform_when_nothing_was_visited(self):
        result = crown.SearchResult(5, [5, 7, 9, 11], [0, 0, 0, 0], [0.0] * 4, 0, 0.0, 0)
        self.assertEqual(result.policy, [0.25] * 4)
        result = crown.SearchResult(5, [5, 7], [3, 1], [0.5, -1.0], 4, 0.0, 3)
        self.assertEqual(result.policy, [0.75, 0.25])

    def test_action_policy_takes_a_game(self):
        with crown.Game(KD, "players=2", seed=1) as g:
            result = crown.search(g, iterations=20)
            with self.assertRaises(TypeError):
                result.action_policy("game_of_kingdoms")
            # a game of other moves: the library refuses a move that is no
            # decision of it
            with crown.Game("kings_family", seed=1) as other:
                with self.assertRaises(crown.InvalidArgumentError):
                    result.action_policy(other)


class Determinism(unittest.TestCase):
    def test_the_same_seed_gives_the_same_result_on_one_thread(self):
        for name, options in GAMES:
            with self.subTest(game=name), crown.Game(name, options, seed=11) as g:
                if g.current_player() < 0:
                    continue
                runs = [crown.search(g, seed=seed, iterations=300, threads=1)
                        for seed in (42, 42, 43)]
                self.assertEqual(fields(runs[0]), fields(runs[1]))
                self.assertEqual(runs[0], dataclass_with(runs[1], seconds=runs[0].seconds))
        # another seed gives other statistics (in some of these games)
        differ = 0
        for name, options in GAMES:
            with crown.Game(name, options, seed=11) as g:
                if g.current_player() >= 0 and len(g.legal_moves()) > 1:
                    a = crown.search(g, seed=1, iterations=300)
                    b = crown.search(g, seed=2, iterations=300)
                    differ += a.visits != b.visits or a.means != b.means
        self.assertGreater(differ, 0)

    def test_the_default_seed_counts_the_runs_since_made_or_reset(self):
        with crown.Game(KD, "players=4", seed=2) as g:
            with crown.Search(iterations=200, reuse=False) as s:
                first, second = s.run(g), s.run(g)
                s.reset()
                again = s.run(g)
            with crown.Search(iterations=200, reuse=False) as s:
                self.assertEqual(fields(s.run(g, 0)), fields(first))
                self.assertEqual(fields(s.run(g, 1)), fields(second))
            self.assertEqual(fields(again), fields(first))
            self.assertEqual(fields(crown.search(g, iterations=200)), fields(first))

    def test_reuse_keeps_the_tree_along_the_game_and_reset_drops_it(self):
        # Two seats, each with its own search: a seat's later runs start
        # from the subtree of the position reached, with its visits.
        kept = 0
        with crown.Game(KD, "players=2", seed=4) as g:
            searches = [crown.Search(iterations=200), crown.Search(iterations=200)]
            fresh = crown.Search(iterations=200, reuse=False)
            while not g.is_terminal():
                seat = g.current_player()
                result = searches[seat].run(g, seed=len(g.history()))
                self.assertGreaterEqual(sum(result.visits), result.iterations)
                kept += sum(result.visits) > result.iterations
                other = fresh.run(g, seed=len(g.history()))
                self.assertEqual(sum(other.visits), other.iterations)
                g.apply(result.move)
            self.assertGreater(kept, 5)
        with crown.Game(KD, "players=2", seed=4) as g, crown.Search(iterations=200) as s:
            s.run(g)
            g.apply(g.legal_moves()[0])
            g.apply(g.legal_moves()[0])
            s.reset()
            result = s.run(g)
            self.assertEqual(sum(result.visits), result.iterations)


def dataclass_with(result, **changes):
    import dataclasses
    return dataclasses.replace(result, **changes)


class Errors(unittest.TestCase):
    def test_a_game_that_is_over_raises_with_the_librarys_message(self):
        with terminal_game() as g, crown.Search(iterations=50) as s:
            before = g.serialize()
            with self.assertRaises(crown.StateError) as cm:
                s.run(g)
            self.assertEqual(cm.exception.status, -9)
            self.assertIn("over", str(cm.exception))
            self.assertEqual(g.serialize(), before)
            # the search still runs after a failure
            with crown.Game(KD, "players=2", seed=1) as h:
                self.assertIn(s.run(h).move, h.legal_moves())
        with terminal_game() as g, self.assertRaises(crown.StateError):
            crown.search(g, iterations=10)

    def test_a_chance_node_raises(self):
        with crown.Game(KD, "players=2,chance=explicit", seed=1) as g:
            self.assertTrue(g.is_chance_node())
            with self.assertRaises(crown.StateError) as cm:
                crown.search(g, iterations=10)
            self.assertTrue(str(cm.exception))

    def test_bad_arguments(self):
        with crown.Game(KD, "players=2", seed=1) as g, crown.Search(iterations=10) as s:
            with self.assertRaises(TypeError):
                s.run("game_of_kingdoms")
            for seed in (True, 1.5, "1"):
                with self.subTest(seed=seed), self.assertRaises(TypeError):
                    s.run(g, seed)
            for seed in (-1, 2**64):
                with self.subTest(seed=seed), self.assertRaises(crown.InvalidArgumentError):
                    s.run(g, seed)
            self.assertIn(s.run(g, Index(2**64 - 1)).move, g.legal_moves())

    def test_closed_games_and_searches(self):
        g = crown.Game(KD, "players=2", seed=1)
        s = crown.Search(iterations=10)
        g.close()
        with self.assertRaises(crown.StateError) as cm:
            s.run(g)
        self.assertIn("the game is closed", str(cm.exception))
        s.close()
        s.close()
        with crown.Game(KD, "players=2", seed=1) as h:
            for call in (lambda: s.run(h), s.reset, lambda: s.params):
                with self.assertRaises(crown.StateError) as cm:
                    call()
                self.assertIn("the search is closed", str(cm.exception))
        self.assertEqual(repr(s), "<crown.Search closed>")


class LifeCycle(unittest.TestCase):
    def test_with_closes_and_init_again_replaces(self):
        with crown.Search(iterations=10) as s:
            self.assertIn("iterations=10,", repr(s))
            s.__init__(iterations=20)
            self.assertIn("iterations=20,", s.params)
            with self.assertRaises(crown.OptionError):
                s.__init__(iterations=-2)
            self.assertIn("iterations=20,", s.params)  # the old search stays
        with self.assertRaises(crown.StateError):
            s.params

    def test_searches_are_freed_and_a_failed_one_is_safe(self):
        for _ in range(200):
            with self.assertRaises(crown.OptionError):
                crown.Search(nodes=0)
            s = crown.Search(iterations=5)
            del s
        gc.collect()
        # a Search made without __init__ is freed and closed without a handle
        s = crown.Search.__new__(crown.Search)
        s.close()
        del s
        gc.collect()

    def test_a_search_is_neither_copied_nor_pickled(self):
        with crown.Search(iterations=10) as s:
            for fn in (copy.copy, copy.deepcopy, pickle.dumps):
                with self.subTest(fn=fn.__name__), self.assertRaises(TypeError) as cm:
                    fn(s)
                self.assertIn("crown.Search(search.params)", str(cm.exception))

    def test_a_result_is_a_value(self):
        with crown.Game(KD, "players=2", seed=1) as g:
            result = crown.search(g, iterations=30)
            back = pickle.loads(pickle.dumps(result))
            self.assertEqual(back, result)
            with self.assertRaises(AttributeError):
                result.move = 3

    def test_threads_share_a_game_and_a_search(self):
        # Searches on threads of their own, on one game, give what they
        # give alone; one search shared by threads serializes its runs; and
        # close() waits for a run in progress.
        with crown.Game(KD, "players=4", seed=8) as g:
            alone = fields(crown.search(g, seed=3, iterations=400))
            out = []

            def worker():
                out.append(fields(crown.search(g, seed=3, iterations=400)))

            threads = [threading.Thread(target=worker) for _ in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            self.assertEqual(out, [alone] * 4)
            shared = crown.Search(iterations=400, reuse=False)
            out.clear()

            def shared_worker():
                out.append(fields(shared.run(g, seed=3)))

            threads = [threading.Thread(target=shared_worker) for _ in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            self.assertEqual(out, [alone] * 4)
            long = crown.Search(iterations=20000, reuse=False)
            errors = []

            def long_worker():
                try:
                    long.run(g, seed=3)
                except crown.StateError as e:  # closed before the run began
                    errors.append(e)

            t = threading.Thread(target=long_worker)
            t.start()
            long.close()
            t.join()
            for e in errors:
                self.assertIn("the search is closed", str(e))
            shared.close()


class Module(unittest.TestCase):
    def test_names(self):
        module = sys.modules["crown.search"]
        self.assertEqual(module.__all__, ["Search", "SearchResult", "search"])
        for name in module.__all__:
            self.assertIs(getattr(crown, name), getattr(module, name))
        from crown.search import Search, SearchResult, search
        self.assertIs(Search, crown.Search)
        self.assertIs(SearchResult, crown.SearchResult)
        self.assertIs(search, crown.search)
        self.assertTrue(callable(crown.search))  # the function hides the module
        self.assertIn("from crown.search import", crown.__doc__)

    def test_the_doc_example(self):
        # crown's docstring's search example plays a whole game
        block = re.search(r"\n(    with crown\.Search\(.*?)\n\n", crown.__doc__, re.S).group(1)
        code = textwrap.dedent(block).replace("iterations=500", "iterations=50")
        self.assertIn(".run(g).move", code)
        # (the game's end is read before the with block closes it)
        code = code.replace("g.apply(s.run(g).move)",
                            "g.apply(s.run(g).move)\n            ended.append(g.is_terminal())")
        ended = []
        exec(compile(code, "crown.__doc__", "exec"), {"crown": crown, "ended": ended})
        self.assertTrue(ended and ended[-1])


SOURCE_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


class Docs(unittest.TestCase):
    """docs/bots.md's section "The library's search": its table of the
    parameters gives the library's defaults, and its examples run (the C one
    built with -Wall -Wextra -Werror against the library tested)."""

    def section(self, heading):
        path = os.path.join(SOURCE_ROOT, "docs", "bots.md")
        if not os.path.exists(path):
            self.skipTest("not in the source tree")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        start = text.index("\n## The library's search\n")
        text = text[start:text.index("\n## ", start + 5)]
        start = text.index("\n### %s\n" % heading)
        end = text.find("\n### ", start + 5)
        return text[start:end if end >= 0 else len(text)]

    def test_the_table_of_parameters_gives_the_librarys_defaults(self):
        rows = re.findall(r"^\| `(\w+)=[^`]*` \| .* \| ([^|]*) \|$", self.section("Its parameters"),
                          re.M)
        defaults = [p.split("=") for p in crown.Search().params.split(",")]
        self.assertEqual([key for key, _ in rows], [key for key, _ in defaults])
        for (key, documented), (_, value) in zip(rows, defaults):
            self.assertEqual(documented.split(",")[0].strip(), value, key)
        # "or 0 when `time` is given"
        self.assertIn("iterations=0,", crown.Search(time=1).params)

    def test_the_python_example_runs(self):
        code = re.search(r"```python\n(.*?)```", self.section("In Python"), re.S).group(1)
        env = dict(os.environ, PYTHONPATH=PACKAGE_DIR)
        p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertRegex(p.stdout, r"^[1-9]\d* decisions; returns \[")

    def test_the_c_example_builds_and_runs(self):
        header = os.environ.get("CROWN_HEADER")
        cc = shutil.which(os.environ.get("CC", "cc"))
        if not header or not cc:
            self.skipTest("no CROWN_HEADER or no C compiler")
        code = re.search(r"```c\n(.*?)```", self.section("In C"), re.S).group(1)
        with tempfile.TemporaryDirectory() as tmp:
            source, program = os.path.join(tmp, "bot.c"), os.path.join(tmp, "bot")
            with open(source, "w") as f:
                f.write(code)
            include = os.path.dirname(os.path.dirname(header))
            p = subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", include,
                                source, crown.library_path, "-o", program],
                               capture_output=True, text=True, timeout=120)
            self.assertEqual(p.returncode, 0, p.stderr)
            env = dict(os.environ, LD_LIBRARY_PATH=os.path.dirname(crown.library_path))
            p = subprocess.run([program], env=env, capture_output=True, text=True,
                               timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertRegex(p.stdout, r"^returns: [+-]\d\.\d\d [+-]\d\.\d\d\n$")


class OlderLibraries(unittest.TestCase):
    """The search needs libcrown 0.6.0; this package loads only a library of
    its own version, and one without the search's functions is refused by
    name when crown is imported."""

    def test_a_library_without_the_search_is_refused_by_name(self):
        class Library:
            pass

        lib = Library()
        for name in crown._prototypes.PROTOTYPES:
            if not name.startswith("crown_search_"):
                setattr(lib, name, lambda *a: 0)
        with self.assertRaises(ImportError) as cm:
            crown._library._declare(lib, "/old/libcrown.so.1")
        message = str(cm.exception)
        self.assertIn("/old/libcrown.so.1", message)
        self.assertIn("does not export crown_search_new", message)
        self.assertIn(crown.__version__, message)

    def test_a_library_of_0_5_0_is_refused_naming_the_version_needed(self):
        with open(crown.library_path, "rb") as f:
            data = f.read()
        mine = b"\0" + crown.__version__.encode() + b"\0"
        if data.count(mine) != 1:
            self.skipTest("cannot patch the version string of %s" % crown.library_path)
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        path = os.path.join(directory, "libcrown.so.1")
        with open(path, "wb") as f:
            f.write(data.replace(mine, b"\x000.5.0\0"))
        env = dict(os.environ, CROWN_LIBRARY=path, PYTHONPATH=PACKAGE_DIR)
        p = subprocess.run([sys.executable, "-c", "import crown; crown.Search()"], env=env,
                           capture_output=True, text=True, timeout=120)
        self.assertNotEqual(p.returncode, 0)
        message = p.stderr.strip().splitlines()[-1]
        self.assertTrue(message.startswith("ImportError: "), message)
        for part in (path, "0.5.0", "libcrown %s" % crown.__version__):
            self.assertIn(part, message)


class Bench(unittest.TestCase):
    def test_bench_search_runs(self):
        # examples/python/bench_search.py, briefly: a row per option set,
        # with both rates and their ratio.
        bench = os.path.join(SOURCE_ROOT, "examples", "python", "bench_search.py")
        if not os.path.exists(bench):
            self.skipTest("not in the source tree")
        env = dict(os.environ, PYTHONPATH=PACKAGE_DIR)
        p = subprocess.run([sys.executable, bench, "--deals", "1", "--iterations", "40"],
                           env=env, capture_output=True, text=True, timeout=600)
        self.assertEqual(p.returncode, 0, p.stderr)
        rows = p.stdout.strip().splitlines()[1:]
        self.assertEqual(len(rows), 6, p.stdout)
        for row in rows:
            python_rate, library_rate, ratio = (float(x) for x in row.split()[-3:])
            self.assertGreater(python_rate, 0)
            self.assertAlmostEqual(ratio, library_rate / python_rate, delta=0.06 * ratio + 0.05)


class Numpy(unittest.TestCase):
    def test_numpy_imports_where_it_is_expected(self):
        # (python-numpy-search runs this file with a python3 that has
        # numpy: the array path of action_policy is then the one checked)
        if EXPECT_NUMPY:
            self.assertIsNotNone(numpy_module(), "CROWN_EXPECT_NUMPY=1 but numpy does not import")
        elif numpy_module() is not None:
            self.skipTest("numpy imports here, though CROWN_EXPECT_NUMPY is not set")
        else:
            with crown.Game(KD, "players=2", seed=1) as g:
                self.assertIsInstance(crown.search(g, iterations=30).action_policy(g), list)


if __name__ == "__main__":
    unittest.main(verbosity=2)
