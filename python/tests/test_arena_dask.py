"""crown.arena on a real Dask.distributed LocalCluster (test
python-arena-dask): the same results as the local pool for the same seeds,
a worker killed in the middle of a task losing nothing, on Dask and on
the local pool; workers that cannot import crown, or import another
version, stopping the tournament before any game is sent; docs/arena.md's
one-machine cluster.  Exits 77 (a skip for Meson) where distributed does
not import."""

import contextlib
import io
import json
import os
import platform
import re
import shlex
import socket
import subprocess
import sys
import tempfile
import time
import unittest

try:
    import distributed
except ImportError:
    print("SKIP: distributed does not import with %s (Debian's python3: python3-distributed; "
          "another: %s -m pip install distributed)" % (sys.executable, sys.executable))
    sys.exit(77)

import arena_bots  # python/tests, the script's directory
import crown
from crown import arena
from crown.arena import runner, schedule
from crown.arena.__main__ import main

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.join(HERE, "..", "..")
arena_bots.export_path()

KD = "game_of_kingdoms"


class Dask(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.marker = os.path.join(cls.tmp.name, "killed")
        os.environ["CROWN_ARENA_KILL_MARKER"] = cls.marker
        cls.cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                               processes=True, dashboard_address=None,
                                               silence_logs=50)
        cls.client = distributed.Client(cls.cluster)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()
        cls.tmp.cleanup()

    def test_the_same_results_as_the_local_pool(self):
        args = (KD, "players=3", ["random", "ismcts:iterations=4", "random"])
        pool = arena.run_tournament(*args, games=12, seed=11, workers=2, batch=2)
        # by address, as the command line's --scheduler
        dask = arena.run_tournament(*args, games=12, seed=11,
                                    scheduler=self.cluster.scheduler_address, batch=3)
        self.assertEqual(dask.records, pool.records)
        self.assertEqual(dask.summary, pool.summary)
        self.assertEqual(len(dask.records), 12)

    def test_each_game_is_told_before_its_task_ends(self):
        # A worker's events (one a game played) reach this process before
        # the records of their task.
        t = arena.Tournament(KD, "players=2", ("random", "random"), 3)
        keys = schedule.schedule(8, 2)
        log = []
        runner.run(t, keys, lambda records: log.append(
            ("done", [(r["deal"], r["seating"]) for r in records])),
            scheduler=self.client, batch=4, played=lambda key: log.append(("played", key)))
        told = [x for what, x in log if what == "played"]
        self.assertEqual(sorted(told), sorted(keys))
        for i, (what, task) in enumerate(log):
            if what == "done":
                self.assertEqual(len(task), 4)
                self.assertTrue(set(task) <= {x for w, x in log[:i] if w == "played"}, log)

    def test_a_killed_worker_loses_nothing(self):
        args = (KD, "players=2", ["random", "arena_bots:KillOnce"])
        open(self.marker, "w").close()
        here = arena.run_tournament(*args, games=12, seed=12, workers=1)
        for name, where in [("dask", {"scheduler": self.client}),
                            ("pool", {"workers": 2})]:
            with self.subTest(name), tempfile.TemporaryDirectory() as tmp:
                os.remove(self.marker)
                with open(self.marker + ".games", "w"):
                    pass
                db = os.path.join(tmp, "t.sqlite")
                r = arena.run_tournament(*args, games=12, seed=12, db=db, batch=2, **where)
                with open(self.marker) as f:  # a worker was killed
                    self.assertRegex(f.read(), r"^killed \d+")
                self.assertEqual(r.records, here.records)
                self.assertEqual(r.summary, here.summary)
                with open(self.marker + ".games") as f:
                    played = len(f.read().split())
                # 12 games, and the killed task's game in progress again; on
                # Dask, not the task the killed worker had finished (1 more:
                # the bot made here to check the specification).  The pool
                # runs again every task not yet returned.
                if name == "dask":
                    self.assertEqual(played, 1 + 12 + 1)
                else:
                    self.assertGreater(played, 1 + 12)


class Benchmark(unittest.TestCase):
    def test_bench_arena_runs(self):
        # examples/python/bench_arena.py, briefly: every row and the overhead
        p = subprocess.run([sys.executable, os.path.join(HERE, "..", "..", "examples", "python",
                                                         "bench_arena.py"),
                            "--games", "6", "--repeat", "1"],
                           capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        cores = os.cpu_count() or 1
        rows = re.findall(r"(?m)^  (.+?) +(\d+) games/s$", p.stdout)
        names = [name for name, _ in rows]
        self.assertEqual(names[0], "1 worker (this process)")
        self.assertIn("Dask LocalCluster, %d workers" % cores, names)
        self.assertTrue(all(int(v) > 0 for _, v in rows))
        if cores > 1:
            self.assertRegex(p.stdout, r"Dask's overhead against the pool: [+-]\d+\.\d%")


# A worker's preload: it forgets the crown its process imported (a
# LocalCluster's worker process imports the test's main module, and crown
# with it), so that it imports crown again with the worker's environment:
# CROWN_LIBRARY, and the directory CROWN_ARENA_TEST_PATH put first on its
# sys.path.
FORGET_CROWN = """
import os, sys
for m in [m for m in sys.modules if m == "crown" or m.startswith("crown.")]:
    del sys.modules[m]
if os.environ.get("CROWN_ARENA_TEST_PATH"):
    sys.path.insert(0, os.environ["CROWN_ARENA_TEST_PATH"])
"""

# An older crown: a package of another version, with a library of its own.
OLD_CROWN = """
__version__ = "0.0.1"
library_path = "/old/lib/libcrown.so.1"


def version():
    return "0.0.1"
"""


class WorkerCheck(unittest.TestCase):
    """Before any game is sent, every worker must import crown and the
    library of this version; one that does not stops the tournament with
    a line saying which worker, which interpreter, what failed and what to
    do, and nothing is sent."""

    @contextlib.contextmanager
    def cluster(self, env, workers=2):
        with tempfile.TemporaryDirectory() as tmp:
            preload = os.path.join(tmp, "forget_crown.py")
            with open(preload, "w") as f:
                f.write(FORGET_CROWN)
            old = os.path.join(tmp, "old")
            os.makedirs(os.path.join(old, "crown", "arena"))
            for name, text in [("__init__.py", OLD_CROWN), ("arena/__init__.py", ""),
                               ("arena/play.py", "")]:
                with open(os.path.join(old, "crown", name), "w") as f:
                    f.write(text)
            env = {k: v.replace("OLD", old) for k, v in env.items()}
            with distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                          processes=True, dashboard_address=None,
                                          silence_logs=50, env=env,
                                          preload=[preload]) as cluster, \
                    distributed.Client(cluster) as client:
                yield cluster, client

    def assert_nothing_sent(self, client):
        self.assertEqual(client.run_on_scheduler(
            lambda dask_scheduler: sorted(dask_scheduler.task_prefixes)), [])

    def test_workers_that_cannot_import_crown(self):
        with self.cluster({"CROWN_LIBRARY": "/nonexistent/libcrown.so.1"}) as (cluster, client):
            with contextlib.redirect_stderr(io.StringIO()) as err:
                status = main(["--game", KD, "--bots", "random,random", "--games", "2",
                               "--scheduler", cluster.scheduler_address])
            self.assertEqual(status, 2)
            lines = err.getvalue().splitlines()
            self.assertEqual(lines[0], "python3 -m crown.arena: error: 2 of 2 Dask workers "
                                       "cannot play crown.arena's games; no game was sent "
                                       "(docs/arena.md, \"Giving the workers crown\"):")
            addresses = sorted(client.scheduler_info()["workers"])
            self.assertEqual(len(lines), 1 + len(addresses))
            for line, address in zip(lines[1:], addresses):
                self.assertTrue(line.startswith(
                    "  %s: %s (Python %s) cannot import crown (ImportError: crown %s found no "
                    "libcrown %s: /nonexistent/libcrown.so.1: cannot be loaded"
                    % (address, sys.executable, platform.python_version(), crown.__version__,
                       crown.__version__)), line)
                self.assertTrue(line.endswith(
                    ": install crown %s for that interpreter on that machine (meson install; "
                    "pip install ./python with libcrown installed), or start the worker with "
                    "a python3 that imports it" % crown.__version__), line)
            self.assert_nothing_sent(client)

    def test_workers_of_another_version(self):
        with self.cluster({"CROWN_ARENA_TEST_PATH": "OLD"}) as (cluster, client):
            with self.assertRaises(arena.WorkerSetupError) as e:
                arena.run_tournament(KD, "players=2", "random,random", games=2,
                                     scheduler=client)
            lines = str(e.exception).splitlines()
            addresses = sorted(client.scheduler_info()["workers"])
            self.assertEqual(lines[1:], [
                "  %s: %s (Python %s) imports crown 0.0.1 with libcrown 0.0.1 "
                "(/old/lib/libcrown.so.1), not %s with libcrown %s as here: install crown %s "
                "on that machine" % (a, sys.executable, platform.python_version(),
                                     crown.__version__, crown.version(), crown.__version__)
                for a in addresses])
            self.assert_nothing_sent(client)

    def test_a_cluster_without_workers(self):
        with self.cluster({}, workers=0) as (cluster, client):
            t = arena.Tournament(KD, "players=2", ("random",), 1)
            with self.assertRaisesRegex(arena.WorkerSetupError,
                                        r"^the Dask scheduler at tcp://127\.0\.0\.1:\d+ has "
                                        r"no worker after 0\.5 s: start one"):
                runner.run_dask(t, [[(0, 0)]], False, lambda r: None, client,
                                worker_timeout=0.5)
            self.assert_nothing_sent(client)


def free_port():
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OneMachineCluster(unittest.TestCase):
    def test_the_commands_of_docs_arena(self):
        # docs/arena.md's one-machine cluster: the scheduler and the worker
        # as it starts them (with this python3, on a free port), then its
        # tournament, which gives the results of the local pool.
        with open(os.path.join(SOURCE_ROOT, "docs", "arena.md")) as f:
            doc = f.read()
        block = re.search(r"A cluster on one machine.*?```\n(.*?)```", doc, re.S).group(1)
        commands = [shlex.split(line) for line in block.replace("\\\n", " ").splitlines()]
        self.assertEqual([c[0] for c in commands],
                         ["dask-scheduler", "dask-worker", "/usr/bin/python3"])
        self.assertIn("--host", commands[0])
        self.assertIn("--host", commands[1])
        port = str(free_port())
        programs = {"dask-scheduler": [sys.executable, "-m", "distributed.cli.dask_scheduler"],
                    "dask-worker": [sys.executable, "-m", "distributed.cli.dask_worker"],
                    "/usr/bin/python3": [sys.executable]}

        def command(c):
            return programs[c[0]] + [a.replace("8786", port) for a in c[1:]]

        started = []
        try:
            for c, extra in [(commands[0], ["--port", port, "--no-dashboard"]),
                             (commands[1], ["--no-dashboard"])]:
                started.append(subprocess.Popen(command(c) + extra, stdin=subprocess.DEVNULL,
                                                stdout=subprocess.DEVNULL,
                                                stderr=subprocess.DEVNULL))
                if c is commands[0]:  # the scheduler listens before the worker starts
                    deadline = time.monotonic() + 120
                    while True:
                        with socket.socket() as s:
                            if s.connect_ex(("127.0.0.1", int(port))) == 0:
                                break
                        self.assertIsNone(started[0].poll(), "the scheduler stopped")
                        self.assertLess(time.monotonic(), deadline, "no scheduler")
                        time.sleep(0.1)
            p = subprocess.run(command(commands[2]) + ["--seed", "3", "--json"],
                               capture_output=True, text=True, timeout=300)
        finally:
            for process in reversed(started):
                process.terminate()
                process.wait(timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        arg = {k: v for k, v in zip(commands[2], commands[2][1:]) if k.startswith("--")}
        here = arena.run_tournament(arg["--game"], arg["--options"], arg["--bots"],
                                    games=int(arg["--games"]), seed=3, workers=1)
        self.assertEqual(json.loads(p.stdout), json.loads(here.json()))


class Unreachable(unittest.TestCase):
    """A scheduler that does not answer fails in bounded time with a
    message, not a traceback (exit status 2 on the command line)."""

    def test_closed_port(self):
        import socket
        from crown.arena import runner, schedule
        with socket.socket() as s:  # a port nothing listens on
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        t = arena.Tournament(KD, "players=2", ("random",), 1)
        with self.assertRaisesRegex(arena.SchedulerUnreachable, "cannot reach"):
            runner.run_dask(t, [[(0, 0)]], False, lambda r: None,
                            "tcp://127.0.0.1:%d" % port, connect_timeout=1)

    def test_a_closed_port_makes_no_client(self):
        # A plain socket finds the port closed: no distributed.Client is
        # made (distributed 2022.12 could deadlock finalizing a half-made
        # one inside the next Client's start).
        import socket
        from crown.arena import runner

        class Counted:
            made = 0

            class Client:
                def __init__(self, *args, **kwargs):
                    Counted.made += 1
                    raise OSError("refused")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        for address in ("tcp://127.0.0.1:%d" % port, "127.0.0.1:%d" % port):
            with self.assertRaisesRegex(arena.SchedulerUnreachable,
                                        "cannot reach the Dask scheduler at .*Connection"):
                runner.connect(Counted, address, 1)
        self.assertEqual(Counted.made, 0)
        self.assertEqual(runner.tcp_endpoint("tcp://[::1]:8786"), ("::1", 8786))
        self.assertIsNone(runner.tcp_endpoint("tls://host:8786"))
        self.assertIsNone(runner.tcp_endpoint("nonsense"))

    def test_a_failed_client_is_finalized_at_once(self):
        import gc
        import distributed
        from crown.arena import runner
        def clients():
            return {id(o) for o in gc.get_objects() if isinstance(o, distributed.Client)}
        before = clients()
        with self.assertRaisesRegex(arena.SchedulerUnreachable, "'nonsense'"):
            runner.connect(distributed, "nonsense", 1)
        self.assertEqual(clients() - before, set(),
                         "a half-made Client outlived the failed connect")

    def test_cli_bad_address(self):
        from crown.arena.__main__ import main
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(main(["--game", KD, "--bots", "random,random", "--games", "2",
                                   "--scheduler", "nonsense"]), 2)
        self.assertIn("cannot reach the Dask scheduler at 'nonsense'", err.getvalue())


if __name__ == "__main__":
    unittest.main()
