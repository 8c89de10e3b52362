"""crown.arena's self-play shards (numpy), its plot (matplotlib) and its
progress bar (tqdm), test python-arena-extras.  Exits 77 (a skip for Meson)
where one of these does not import."""

import contextlib
import glob
import io
import os
import struct
import sys
import tempfile
import unittest

try:
    import matplotlib  # noqa: F401
    import numpy as np
    import tqdm  # noqa: F401
except ImportError as e:
    print("SKIP: %s, with %s (Debian's python3: python3-numpy python3-matplotlib "
          "python3-tqdm; another: %s -m pip install numpy matplotlib tqdm)"
          % (e, sys.executable, sys.executable))
    sys.exit(77)

import crown
from crown import arena
from crown.arena import __main__ as cli
from crown.arena import report

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
            self.assertIn("game_of_kingdoms games: 100%", err.getvalue())
            self.assertIn("4/4", err.getvalue())
            with open(png, "rb") as f:
                head = f.read(24)
            self.assertEqual(head[:8], b"\x89PNG\r\n\x1a\n")
            # IHDR: width and height, 8 x 3.5 inches at 150 dots an inch
            self.assertEqual(struct.unpack(">II", head[16:24]), (1200, 525))

    def test_the_plot_names_the_game_options_seed_and_games(self):
        r = arena.run_tournament(KD, "players=2", "random,ismcts:iterations=3", games=4, seed=7,
                                 workers=1)
        with tempfile.TemporaryDirectory() as tmp:
            svg = os.path.join(tmp, "ratings.svg")
            with matplotlib.rc_context({"svg.fonttype": "none"}):  # texts as text
                r.plot(svg)
            with open(svg) as f:
                text = f.read()
        self.assertIn("game_of_kingdoms players=2, seed 7: 4 games (2 deals)", text)
        self.assertIn("rating (Bradley-Terry, Elo scale) with 95% interval", text)
        self.assertEqual(report.plot_title("kings_family", "", 1, {"games": 1, "deals": 1}),
                         "kings_family (defaults), seed 1: 1 game (1 deal)")

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
