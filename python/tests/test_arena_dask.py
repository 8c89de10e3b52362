"""crown.arena on a real Dask.distributed LocalCluster (test
python-arena-dask): the same results as the local pool for the same seeds,
and a worker killed in the middle of a task losing nothing, on Dask and on
the local pool.  Exits 77 (a skip for Meson) where distributed does not
import."""

import contextlib
import io
import os
import re
import subprocess
import sys
import tempfile
import unittest

try:
    import distributed
except ImportError:
    print("SKIP: distributed does not import (Debian: python3-distributed)")
    sys.exit(77)

import arena_bots  # python/tests, the script's directory
from crown import arena

HERE = os.path.dirname(os.path.abspath(__file__))
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


class Unreachable(unittest.TestCase):
    """A scheduler that does not answer fails in bounded time with a
    message, not a traceback (exit status 2 on the command line)."""

    def test_closed_port(self):
        import socket
        from crown.arena import runner
        with socket.socket() as s:  # a port nothing listens on
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        t = arena.Tournament(KD, "players=2", ("random",), 1)
        with self.assertRaisesRegex(arena.SchedulerUnreachable, "cannot reach"):
            runner.run_dask(t, [[(0, 0)]], False, lambda r: None,
                            "tcp://127.0.0.1:%d" % port, connect_timeout=1)

    def test_cli_bad_address(self):
        from crown.arena.__main__ import main
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(main(["--game", KD, "--bots", "random,random", "--games", "2",
                                   "--scheduler", "nonsense"]), 2)
        self.assertIn("cannot reach the Dask scheduler at 'nonsense'", err.getvalue())


if __name__ == "__main__":
    unittest.main()
