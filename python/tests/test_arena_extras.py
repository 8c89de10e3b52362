"""crown.arena's self-play shards (numpy), its plot (matplotlib) and its
progress bar (tqdm), test python-arena-extras.  Exits 77 (a skip for Meson)
where one of these does not import."""

import contextlib
import glob
import io
import os
import sys
import tempfile
import unittest

try:
    import matplotlib  # noqa: F401
    import numpy as np
    import tqdm  # noqa: F401
except ImportError as e:
    print("SKIP: %s (Debian: python3-numpy python3-matplotlib python3-tqdm)" % e)
    sys.exit(77)

import crown
from crown import arena
from crown.arena import __main__ as cli

KD = "game_of_kingdoms"


class Extras(unittest.TestCase):
    def test_selfplay_shards_replay(self):
        for name, options in [(KD, "players=3"), ("kings_family", "")]:
            with self.subTest(name), tempfile.TemporaryDirectory() as tmp:
                r = arena.run_tournament(name, options, "random,random", games=6, seed=3,
                                         workers=1, batch=4, selfplay=tmp, bootstrap=0)
                shards = sorted(glob.glob(os.path.join(tmp, "*.npz")))
                self.assertEqual([os.path.basename(s) for s in shards],
                                 ["shard-00000000-0000.npz", "shard-00000002-0000.npz"])
                records = {(x["deal"], x["seating"]): x for x in r.records}
                seen = steps = 0
                for path in shards:
                    with np.load(path) as z:
                        shard = {k: z[k] for k in z.files}
                    self.assertEqual(shard["observation"].dtype, np.float32)
                    self.assertEqual(shard["mask"].dtype, np.uint8)
                    for i in range(len(shard["deal"])):
                        rec = records[(int(shard["deal"][i]), int(shard["seating"][i]))]
                        self.assertEqual(int(shard["seed"][i]), rec["seed"])
                        rows = np.flatnonzero(shard["game"] == i)
                        with crown.Game(name, options, seed=rec["seed"]) as g:
                            for t in rows:
                                self.assertEqual(g.current_player(), shard["seat"][t])
                                self.assertTrue(np.array_equal(
                                    g.observation_tensor(g.current_player()),
                                    shard["observation"][t]))
                                self.assertTrue(np.array_equal(g.legal_mask(), shard["mask"][t]))
                                self.assertEqual(g.move_index(int(shard["move"][t])),
                                                 shard["action"][t])
                                self.assertEqual(shard["mask"][t][shard["action"][t]], 1)
                                g.apply(int(shard["move"][t]))
                            self.assertTrue(g.is_terminal())
                            self.assertEqual(g.serialize(), rec["game"])
                            self.assertEqual(list(shard["returns"][i]),
                                             [np.float32(x) for x in rec["returns"]])
                        seen += 1
                        steps += len(rows)
                self.assertEqual(seen, 6)
                self.assertGreater(steps, 6)

    def test_plot_and_progress(self):
        with tempfile.TemporaryDirectory() as tmp:
            png = os.path.join(tmp, "ratings.png")
            err = io.StringIO()
            out = io.StringIO()
            saved = sys.stderr, sys.stdout
            sys.stderr, sys.stdout = err, out
            try:
                status = cli.main(["--game", KD, "--options", "players=2", "--bots",
                                   "random,random", "--games", "4", "--workers", "1",
                                   "--plot", png, "--progress"])
            finally:
                sys.stderr, sys.stdout = saved
            self.assertEqual(status, 0, err.getvalue())
            self.assertIn("4/4", err.getvalue())
            with open(png, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_a_plot_that_cannot_be_written_fails_before_the_games(self):
        with tempfile.TemporaryDirectory() as tmp:
            for path, why in [(os.path.join(tmp, "no", "r.png"), "no directory"),
                              (os.path.join(tmp, "r.weird"), "not a format")]:
                err = io.StringIO()
                with self.subTest(path=path), contextlib.redirect_stderr(err), \
                        self.assertRaises(SystemExit) as e:
                    cli.main(["--game", KD, "--bots", "random,random",
                              "--games", "2", "--workers", "1", "--plot", path])
                self.assertEqual(e.exception.code, 2)
                self.assertIn(why, err.getvalue())

    def test_selfplay_to_a_file_fails_before_the_games(self):
        with tempfile.NamedTemporaryFile() as f, contextlib.redirect_stderr(io.StringIO()) as err, \
                self.assertRaises(SystemExit) as e:
            cli.main(["--game", KD, "--bots", "random", "--games", "2", "--workers", "1",
                      "--selfplay", f.name])
        self.assertEqual(e.exception.code, 2)
        self.assertIn("is not a directory", err.getvalue())


if __name__ == "__main__":
    unittest.main()
