"""Tests of crown.arena with the standard library alone (test python-arena):
the schedule, bots that fail or spy, statistics with known answers, resuming
from SQLite, determinism across workers, the command line and docs/arena.md's
example."""

import contextlib
import importlib
import io
import json
import math
import os
import platform
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import types
import unittest

import arena_bots  # python/tests, the script's directory
import crown
from crown import _missing, arena
from crown.arena import play, report, runner, schedule, stats, workers
from crown.arena.bots import Factory, SpecError, split_specs

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.join(HERE, "..", "..")
arena_bots.export_path()

KD = "game_of_kingdoms"


def decisions(name, options, record):
    """Replays a record's game: (history length, game) at each decision."""
    with crown.Game.deserialize(record["game"]) as saved:
        hist = saved.history()
    with crown.Game(name, options, seed=record["seed"]) as g:
        while not g.is_terminal():
            n = len(g.history())
            yield n, g
            g.apply(hist[n])
        yield len(g.history()), g


class Schedule(unittest.TestCase):
    def test_every_bot_sits_in_every_seat_once_per_deal(self):
        for bots, players in [(2, 2), (3, 2), (2, 4), (4, 4), (3, 5), (1, 3)]:
            seats = schedule.seatings(bots, players)
            self.assertEqual(len(seats), bots)
            for s in range(players):
                self.assertEqual(sorted(row[s] for row in seats), list(range(bots)))

    def test_games_round_up_to_whole_deals_with_one_seed_a_deal(self):
        keys = schedule.schedule(5, 2)
        self.assertEqual(keys, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)])
        seeds = {schedule.game_seed(7, d) for d in range(100)}
        self.assertEqual(len(seeds), 100)
        self.assertEqual(schedule.game_seed(7, 3), schedule.game_seed(7, 3))
        self.assertNotEqual(schedule.game_seed(7, 3), schedule.game_seed(8, 3))

    def test_a_deal_is_the_same_deal_in_every_seating(self):
        r = arena.run_tournament(KD, "players=2", "random,random", games=4, seed=3, workers=1,
                                 bootstrap=0)
        self.assertEqual([(x["deal"], x["seating"]) for x in r.records],
                         [(0, 0), (0, 1), (1, 0), (1, 1)])
        self.assertEqual(r.records[0]["seats"], [0, 1])
        self.assertEqual(r.records[1]["seats"], [1, 0])
        # the deal (the library's moves before the first decision) is the same
        deal = []
        for rec in r.records[:3]:
            replay = decisions(KD, "players=2", rec)
            deal.append(next(replay)[1].history())
            replay.close()
        self.assertGreater(len(deal[0]), 10)
        self.assertEqual(deal[0], deal[1])
        self.assertNotEqual(deal[0], deal[2])
        self.assertEqual(r.records[0]["seed"], r.records[1]["seed"])
        self.assertNotEqual(r.records[0]["seed"], r.records[2]["seed"])

    def test_bot_specifications(self):
        self.assertEqual(split_specs("random, ismcts:iterations=5,exploration=1,random"),
                         ["random", "ismcts:iterations=5,exploration=1", "random"])
        for bad in ["nobody", "ismcts:iterations", "ismcts:iterations=0", "arena_bots:nothing",
                    "no_such_module_xyz:f", "random:x=1", "ismcts:depth=3",
                    "arena_bots:raises:depth=3"]:  # a function without that parameter
            with self.subTest(spec=bad), self.assertRaises(SpecError):
                arena.run_tournament(KD, "players=2", ["random", bad], games=2, workers=1)


class Bots(unittest.TestCase):
    def test_a_failing_bot_loses_with_the_reason_and_the_tournament_goes_on(self):
        for spec, reason in [("arena_bots:raises", r"raised ValueError: boom \(.*arena_bots.py"),
                             ("arena_bots:illegal", r"returned \d+, not one of the \d+ legal"),
                             ("arena_bots:not_a_move", r"returned 'a move' \(str\), not a move")]:
            with self.subTest(spec=spec):
                r = arena.run_tournament(KD, "players=2", ["random", spec], games=6, seed=1,
                                         workers=1, bootstrap=0)
                self.assertEqual(len(r.records), 6)
                for rec in r.records:
                    bad = rec["seats"].index(1)
                    self.assertEqual(len(rec["errors"]), 1)
                    err = rec["errors"][0]
                    self.assertEqual((err["seat"], err["bot"]), (bad, spec))
                    self.assertRegex(err["reason"], reason)
                    self.assertEqual(rec["winners"], [1 - bad])
                    self.assertIsNone(rec["returns"])
                    # the saved game stops where the bot failed
                    with crown.Game.deserialize(rec["game"]) as g:
                        self.assertEqual(len(g.history()), err["ply"])
                        self.assertEqual(g.current_player(), bad)
                self.assertEqual(r.summary["bots"][1]["forfeits"], 6)
                self.assertEqual(r.summary["bots"][1]["wins"], 0)
                self.assertEqual(r.summary["bots"][0]["wins"], 6)

    def test_a_spy_never_reaches_the_real_game(self):
        arena_bots.SPY_LOG.clear()
        r = arena.run_tournament(KD, "players=3", ["arena_bots:Spy", "random", "random"],
                                 games=6, seed=5, workers=1, bootstrap=0)
        log = iter(arena_bots.SPY_LOG)
        differs = checked = 0
        for rec in r.records:
            spy = rec["seats"].index(0)
            for ply, g in decisions(KD, "players=3", rec):
                if g.is_terminal() or g.current_player() != spy:
                    continue
                seen = next(log)
                real_all = g.observation(crown.OMNISCIENT)
                self.assertEqual(seen["ply"], ply)
                self.assertEqual(seen["observation"], g.observation(spy))
                self.assertEqual(seen["det_seat"], g.observation(spy))
                self.assertEqual(seen["legal"], g.legal_moves())
                self.assertEqual(seen["det_legal"], g.legal_moves())
                # The real game is alive in the process (so the check can
                # fail), and nothing the bot holds leads to it.
                real = [near for near, text in seen["live"] if text == g.serialize()]
                self.assertEqual(real, [False])
                self.assertEqual(seen["attributes"],
                                 ["_det", "_resampled", "close", "game", "game_name",
                                  "legal_mask", "legal_moves", "num_players", "observation",
                                  "observation_tensor", "options", "ply", "rng", "seat"])
                checked += 1
                differs += seen["det_all"] != real_all
        self.assertEqual(next(log, None), None)
        self.assertGreater(checked, 50)
        # the hidden cards of the resampled game are not the real ones (but
        # for positions where the seat can know them all)
        self.assertGreater(differs, 0.5 * checked)

    def test_a_bot_that_does_not_resample_gets_no_game(self):
        view = arena.SeatView(0, [1], "x", None, KD, "", 2, 0, None)
        with self.assertRaises(RuntimeError):
            view.game()

    def test_search_by_name_beats_random(self):
        r = arena.run_tournament(KD, "players=2", "search:iterations=50,random", games=10,
                                 seed=2, workers=1, bootstrap=0)
        self.assertEqual(len(r.records), 10)
        self.assertFalse(any(rec["errors"] for rec in r.records))
        self.assertEqual(r.summary["bots"][0]["bot"], "search:iterations=50")
        self.assertGreaterEqual(r.summary["bots"][0]["wins"], 8)

    def test_search_specifications(self):
        for good in ["search", "search:time=0.05,threads=1", "search:iterations=1000",
                     "search:iterations=20,reuse=off,playout=uniform,exploration=1"]:
            with self.subTest(spec=good):
                factory = Factory(good)
                act, resamples = factory.make()
                self.assertTrue(resamples)
                self.assertIsInstance(act.__self__.search, crown.Search)
        self.assertIn("reuse=0,", Factory("search:reuse=off").make()[0].__self__
                      .search.params)
        for bad, message in [("search:foo=1", "unknown search parameter 'foo'"),
                             ("search:iterations=0", "no limit"),
                             ("search:threads=-1", "search parameter threads: '-1'"),
                             ("search:reuse=2", "search parameter reuse: '2' is not 0 or 1")]:
            with self.subTest(spec=bad), self.assertRaises(SpecError) as cm:
                arena.run_tournament(KD, "players=2", ["random", bad], games=2, workers=1)
            self.assertIn(message, str(cm.exception))

    def test_the_search_bot_searches_a_determinization_with_one_search_a_seat(self):
        # Every run of the bot (played in this process): the game it
        # searched, its seed, its search and what it found.
        runs = []
        run = crown.Search.run

        def spy(search, game, seed=None):
            result = run(search, game, seed)
            runs.append({"search": search, "seed": seed, "game": game.serialize(),
                         "seat": game.current_player(),
                         "view": game.observation(game.current_player()),
                         "kept": sum(result.visits) - result.iterations})
            return result

        crown.Search.run = spy
        try:
            r = arena.run_tournament(KD, "players=3", "search:iterations=40,random,random",
                                     games=3, seed=6, workers=1, bootstrap=0)
            first = [dict(x, search=None) for x in runs]
            runs.clear()
            again = arena.run_tournament(KD, "players=3", "search:iterations=40,random,random",
                                         games=3, seed=6, workers=1, bootstrap=0)
        finally:
            crown.Search.run = run
        self.assertEqual([x["game"] for x in again.records], [x["game"] for x in r.records])
        self.assertEqual([dict(x, search=None) for x in runs], first)
        log = iter(runs)
        checked = differs = 0
        for rec in r.records:
            seat = rec["seats"].index(0)
            searches = set()
            for ply, g in decisions(KD, "players=3", rec):
                if g.is_terminal() or g.current_player() != seat or len(g.legal_moves()) == 1:
                    continue
                seen = next(log)
                searches.add(id(seen["search"]))
                self.assertEqual(seen["seat"], seat)
                self.assertEqual(seen["view"], g.observation(seat))
                self.assertEqual(len(crown.Game.deserialize(seen["game"]).history()), ply)
                differs += seen["game"] != g.serialize()
                checked += 1
            # one search for the seat's whole game
            self.assertEqual(len(searches), 1)
        self.assertIsNone(next(log, None))
        self.assertGreater(checked, 20)
        # the game searched is a determinization, not the real game
        self.assertGreater(differs, 0.5 * checked)
        # the tree is kept from one of the seat's moves to the next
        self.assertGreater(sum(x["kept"] > 0 for x in runs), 5)
        self.assertTrue(all(x["kept"] >= 0 for x in runs))
        # seeds drawn from the view's rng, not one seed for every move
        seeds = [x["seed"] for x in runs]
        self.assertEqual(len(set(seeds)), len(seeds))

    def test_ismcts_by_name_beats_random(self):
        r = arena.run_tournament(KD, "players=2", "random,ismcts:iterations=40", games=6,
                                 seed=2, workers=1, bootstrap=0)
        self.assertFalse(any(rec["errors"] for rec in r.records))
        self.assertGreaterEqual(r.summary["bots"][1]["wins"], 5)


def record(deal, seats, returns=None, errors=()):
    errors = [{"seat": s, "bot": "x", "ply": 0, "reason": "r"} for s in errors]
    winners, draw = play.outcome(returns, errors, len(seats))
    return {"deal": deal, "seating": 0, "seats": seats, "returns": returns,
            "scores": returns, "winners": winners, "draw": draw, "errors": errors}


class Stats(unittest.TestCase):
    def test_intervals(self):
        lo, hi = stats.wilson(0, 10)
        self.assertEqual(lo, 0)
        self.assertAlmostEqual(hi, 0.27753, places=5)
        lo, hi = stats.wilson(5, 10)
        self.assertAlmostEqual(lo, 0.23659, places=5)
        self.assertAlmostEqual(hi, 0.76341, places=5)
        m, (lo, hi) = stats.mean_ci([1, 2, 3, 4, 5])
        self.assertEqual(m, 3)
        self.assertAlmostEqual(hi - m, 1.959964 * math.sqrt(2.5 / 5), places=5)

    def test_bradley_terry_known_ratios(self):
        # a beats b 3 times in 4: strengths 3:1, 400 log10(3) Elo apart
        r = stats.bradley_terry([[0, 3], [1, 0]], prior=0)
        self.assertAlmostEqual(r[0] - r[1], 400 * math.log10(3), places=6)
        self.assertAlmostEqual(r[0] + r[1], 0, places=9)
        # consistent ratios 2:1, 2:1, 4:1 are fitted exactly
        r = stats.bradley_terry([[0, 20, 40], [10, 0, 20], [10, 10, 0]], prior=0)
        self.assertAlmostEqual(r[0] - r[1], 400 * math.log10(2), places=6)
        self.assertAlmostEqual(r[1] - r[2], 400 * math.log10(2), places=6)
        # the prior keeps an unbeaten bot finite: 4 wins + 1/2 against 1/2
        r = stats.bradley_terry([[0, 4], [0, 0]], prior=1)
        self.assertAlmostEqual(r[0] - r[1], 400 * math.log10(9), places=6)

    def test_summary_of_constructed_games(self):
        recs = [record(0, [0, 1], [1, -1]), record(0, [1, 0], [1, -1]),   # each wins once
                record(1, [0, 1], [1, -1]), record(1, [1, 0], [-1, 1]),   # bot 0 twice
                record(2, [0, 1], [0, 0]), record(2, [1, 0], None, errors=[0])]
        s = stats.summarize(recs, ["a", "b"], bootstrap=50, seed=1, prior=0)
        a, b = s["bots"]
        self.assertEqual((a["games"], a["wins"], a["draws"], a["losses"], a["forfeits"]),
                         (6, 4, 1, 1, 0))
        self.assertEqual((b["wins"], b["draws"], b["losses"], b["forfeits"]), (1, 1, 4, 1))
        self.assertAlmostEqual(a["win_rate"], 4.5 / 6)
        self.assertAlmostEqual(a["mean_return"], (1 - 1 + 1 + 1 + 0) / 5)  # finished games
        self.assertEqual(s["pairwise"], [[0, 4.5], [1.5, 0]])
        self.assertAlmostEqual(a["rating"] - b["rating"], 400 * math.log10(3))
        for bot in (a, b):
            lo, hi = bot["rating_ci"]
            self.assertLessEqual(lo, bot["rating"])
            self.assertGreaterEqual(hi, bot["rating"])
        again = stats.summarize(recs, ["a", "b"], bootstrap=50, seed=1, prior=0)
        self.assertEqual(again, s)

    def test_one_seat_games_compare_bots_on_the_same_deal(self):
        recs = [record(0, [0], [5]), record(0, [1], [7]), record(1, [0], [3]),
                record(1, [1], [3])]
        s = stats.summarize(recs, ["a", "b"], bootstrap=0)
        self.assertEqual(s["pairwise"], [[0, 0.5], [1.5, 0]])
        self.assertNotIn("wins", s["bots"][0])
        self.assertEqual(s["bots"][1]["mean_score"], 5)


class Report(unittest.TestCase):
    def test_numbers_that_round_to_zero_have_no_minus(self):
        for x, fmt, text in [(-0.3, "%+.0f", "+0"), (-0.5001, "%+.0f", "-1"),
                             (0.2, "%+.0f", "+0"), (59.4, "%+.0f", "+59"),
                             (-0.0004, "%.3f", "0.000"), (-0.0006, "%.3f", "-0.001"),
                             (-0.004, "%.2f", "0.00"), (-0.0, "%.2f", "0.00"),
                             (-1.0, "%.3f", "-1.000"), (-10.0, "%+.0f", "-10")]:
            with self.subTest(x=x, fmt=fmt):
                self.assertEqual(report.number(x, fmt), text)

    def test_a_table_of_intervals_near_zero(self):
        bot = {"bot": "a", "games": 4, "forfeits": 0, "wins": 2, "draws": 0, "losses": 2,
               "win_rate": 0.5, "win_rate_ci": (0.15, 0.85),
               "mean_score": -0.001, "score_ci": (-0.004, 0.5),
               "mean_return": -0.0002, "return_ci": (-1.0, 0.0003),
               "rating": -0.2, "rating_ci": (-0.4, 59.4)}
        summary = {"bots": [bot, dict(bot, bot="b", rating=0.2, rating_ci=(-59.4, 0.4))],
                   "pairwise": [[0, 2], [2, 0]], "games": 4, "deals": 2}
        rows = report.table(summary).splitlines()
        self.assertEqual(rows[2].split()[-9:],
                         ["0.00", "[0.00,", "0.50]", "0.000", "[-1.000,", "0.000]", "+0",
                          "[+0,", "+59]"])
        self.assertTrue(rows[3].endswith(" +0 [-59, +0]"), rows[3])


class Resume(unittest.TestCase):
    def test_an_interrupted_tournament_resumes_without_replaying(self):
        bots = ["arena_bots:Counting", "random"]
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "t.sqlite")
            arena_bots.COUNT.update(made=0, interrupt_at=4)
            with self.assertRaises(KeyboardInterrupt):
                arena.run_tournament(KD, "players=2", bots, games=8, seed=4, workers=1,
                                     db=db, batch=1)
            arena_bots.COUNT.update(made=0, interrupt_at=None)
            r = arena.run_tournament(KD, "players=2", bots, games=8, seed=4, workers=1, db=db,
                                     batch=1, bootstrap=0)
            # one bot made to check the specification, then 6 games: 2 were kept
            self.assertEqual(arena_bots.COUNT["made"], 7)
            whole = arena.run_tournament(KD, "players=2", bots, games=8, seed=4, workers=1,
                                         bootstrap=0)
            self.assertEqual(r.records, whole.records)
            self.assertEqual(r.summary, whole.summary)
            # all done: nothing is played again; more games extend the schedule
            arena_bots.COUNT.update(made=0)
            arena.run_tournament(KD, "players=2", bots, games=8, seed=4, workers=1, db=db)
            self.assertEqual(arena_bots.COUNT["made"], 1)
            more = arena.run_tournament(KD, "players=2", bots, games=10, seed=4, workers=1,
                                        db=db, bootstrap=0)
            self.assertEqual(arena_bots.COUNT["made"], 1 + 1 + 2)
            self.assertEqual(more.records[:8], whole.records)
            with self.assertRaisesRegex(arena.ConfigMismatch, "holds another tournament"):
                arena.run_tournament(KD, "players=2", bots, games=8, seed=5, db=db)

    def test_options_are_compared_as_the_games_they_make(self):
        # "players=4" is Game of Kingdoms' default: the tournament of no
        # options, resumed without playing again; "players=3" is another.
        bots = ["arena_bots:Counting", "random"]
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "t.sqlite")
            first = arena.run_tournament(KD, "", bots, games=4, seed=4, workers=1, db=db,
                                         bootstrap=0)
            for options in ["players=4", "chance=auto,variant=basic,players=4"]:
                with self.subTest(options=options):
                    arena_bots.COUNT.update(made=0)
                    again = arena.run_tournament(KD, options, bots, games=4, seed=4,
                                                 workers=1, db=db, bootstrap=0)
                    self.assertEqual(arena_bots.COUNT["made"], 1)  # the check's bot only
                    self.assertEqual(again.records, first.records)
            for options in ["players=3", "variant=ruthless"]:
                with self.subTest(options=options), \
                        self.assertRaisesRegex(arena.ConfigMismatch, "holds another tournament"):
                    arena.run_tournament(KD, options, bots, games=4, seed=4, workers=1, db=db)
            # on the command line, the run of the issue
            args = ["-m", "crown.arena", "--game", KD, "--bots", "random,random", "--games", "2",
                    "--workers", "1", "--db", os.path.join(tmp, "cli.sqlite")]
            p = run_python(args)
            self.assertEqual(p.returncode, 0, p.stderr)
            p = run_python(args + ["--options", "players=4"])
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("2 games, 1 deal;", p.stdout)

    def test_a_database_of_an_earlier_version_still_opens(self):
        # The config row as versions before the canonical comparison wrote
        # it (the options' text as given): it opens with the same text and
        # with the same game written otherwise, and one whose options this
        # library does not read is another tournament, not a crash.
        with tempfile.TemporaryDirectory() as tmp:
            for stored, options, opens in [("players=2", "players=2", True),
                                           ("players=2", "players=2,variant=basic", True),
                                           ("", "players=4", True),
                                           ("players=2", "players=3", False),
                                           ("players=99", "players=4", False),
                                           ("no_such_option=1", "", False)]:
                with self.subTest(stored=stored, options=options):
                    db = os.path.join(tmp, "%d.sqlite" % len(os.listdir(tmp)))
                    with contextlib.closing(sqlite3.connect(db)) as con:
                        con.execute("CREATE TABLE config (id INTEGER PRIMARY KEY CHECK "
                                    "(id = 1), tournament TEXT NOT NULL)")
                        con.execute("CREATE TABLE games (deal INTEGER NOT NULL, seating "
                                    "INTEGER NOT NULL, record TEXT NOT NULL, "
                                    "PRIMARY KEY (deal, seating))")
                        con.execute("INSERT INTO config VALUES (1, ?)", (
                            '{"bots": ["random", "random"], "format": 1, "game": '
                            '"game_of_kingdoms", "options": "%s", "seed": 4}' % stored,))
                        con.commit()
                    if opens:
                        r = arena.run_tournament(KD, options, "random,random", games=2,
                                                 seed=4, workers=1, db=db, bootstrap=0)
                        self.assertEqual(len(r.records), 2)
                    else:
                        with self.assertRaisesRegex(arena.ConfigMismatch,
                                                    "holds another tournament"):
                            arena.run_tournament(KD, options, "random,random", games=2,
                                                 seed=4, workers=1, db=db)

    def test_without_a_seed_the_seed_is_secret_and_a_resume_keeps_it(self):
        # A guessable default seed would let a bot rebuild every deal.
        a = arena.run_tournament(KD, "players=2", "random,random", games=2, workers=1,
                                 bootstrap=0)
        b = arena.run_tournament(KD, "players=2", "random,random", games=2, workers=1,
                                 bootstrap=0)
        self.assertNotEqual(a.tournament.seed, b.tournament.seed)
        self.assertIn("(seed %d)" % a.tournament.seed, a.table().splitlines()[0])
        self.assertEqual(json.loads(a.json())["tournament"]["seed"], a.tournament.seed)
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "t.sqlite")
            first = arena.run_tournament(KD, "players=2", "random,random", games=2, workers=1,
                                         db=db, bootstrap=0)
            again = arena.run_tournament(KD, "players=2", "random,random", games=4, workers=1,
                                         db=db, bootstrap=0)
            self.assertEqual(again.tournament.seed, first.tournament.seed)
            self.assertEqual(again.records[:2], first.records)
            same = arena.run_tournament(KD, "players=2", "random,random", games=2, workers=1,
                                        seed=first.tournament.seed, bootstrap=0)
            self.assertEqual(same.records, first.records)

    def test_a_database_that_cannot_be_opened_is_a_bad_command_line(self):
        from crown.arena.__main__ import main
        with tempfile.NamedTemporaryFile("w", suffix=".sqlite") as f:
            f.write("not a database, but long enough for sqlite to look at its header")
            f.flush()
            for db in [f.name, os.path.join(f.name, "x.sqlite")]:
                with self.subTest(db=db), contextlib.redirect_stderr(io.StringIO()) as err:
                    self.assertEqual(main(["--game", KD, "--bots", "random", "--games", "1",
                                           "--workers", "1", "--db", db]), 2)
                    self.assertIn("error: --db %s: " % db, err.getvalue())

    def test_an_interrupted_pool_stops_at_once(self):
        # Ctrl-C (here: the first task's records) cancels the queued tasks
        # and ends the running ones, rather than waiting for every game.
        t = arena.Tournament(KD, "players=2", ("arena_bots:Marked",), 1)

        def interrupt(records):
            raise KeyboardInterrupt

        with tempfile.TemporaryDirectory() as tmp:
            os.environ["CROWN_ARENA_MARK_DIR"] = tmp
            with self.assertRaises(KeyboardInterrupt):
                runner.run_pool(t, [[(d, 0)] for d in range(20)], False, interrupt, 2)
            self.assertLess(len(os.listdir(tmp)), 10)

    def test_same_seeds_same_results_on_a_pool(self):
        args = (KD, "players=3", "random,random,random")
        here = arena.run_tournament(*args, games=9, seed=8, workers=1, bootstrap=20)
        pool = arena.run_tournament(*args, games=9, seed=8, workers=2, batch=2, bootstrap=20)
        self.assertEqual(here.records, pool.records)
        self.assertEqual(here.summary, pool.summary)
        for rec in here.records:  # every saved game replays to its result
            with crown.Game.deserialize(rec["game"]) as g:
                self.assertTrue(g.is_terminal())
                self.assertEqual(g.returns(), rec["returns"])


@contextlib.contextmanager
def unimportable(module):
    """`module` made unimportable (None in sys.modules), and the modules
    that hold it imported (crown.vector) forgotten."""
    saved = {m: sys.modules.pop(m) for m in list(sys.modules)
             if m == module or m.startswith(module + ".") or m == "crown.vector"}
    sys.modules[module] = None
    try:
        yield
    finally:
        del sys.modules[module]
        for m in list(sys.modules):
            if m == "crown.vector":
                del sys.modules[m]
        sys.modules.update(saved)


@contextlib.contextmanager
def interpreter(executable, debian_imports):
    """sys.executable made `executable` (not in a virtual environment, on a
    Debian system), and Debian's /usr/bin/python3 said to import, of the
    modules asked, those `debian_imports` holds; yields the calls."""
    calls = []

    def importable(python, modules):
        calls.append((python, list(modules)))
        return [m in debian_imports for m in modules]

    saved = sys.executable, sys.base_prefix, _missing.importable, _missing.debian_system
    sys.executable, sys.base_prefix = executable, sys.prefix
    _missing.importable, _missing.debian_system = importable, lambda: True
    try:
        yield calls
    finally:
        sys.executable, sys.base_prefix, _missing.importable, _missing.debian_system = saved


class MissingPackages(unittest.TestCase):
    """Each optional package made unimportable, the message names the
    interpreter and what to do for it: Debian's python3, another one whose
    packages pip installs, with Debian's python3 importing the package (and
    crown) or not."""

    def triggers(self, tmp):
        """(module, what needs it: a function that must raise ImportError)."""
        from crown.arena import report
        yield "tqdm", lambda: arena.run_tournament(KD, "players=2", "random", games=1,
                                                   workers=1, progress=True)
        yield "distributed", lambda: arena.run_tournament(KD, "players=2", "random", games=1,
                                                          scheduler="tcp://127.0.0.1:1")
        yield "matplotlib", lambda: report.plot_path_problem(os.path.join(tmp, "r.png"))
        yield "numpy", lambda: arena.run_tournament(KD, "players=2", "random", games=1,
                                                    workers=1, selfplay=tmp)
        yield "numpy", lambda: importlib.import_module("crown.vector")

    def message(self, module, trigger):
        with unimportable(module), self.assertRaises(ImportError) as e:
            trigger()
        return str(e.exception)

    def test_debians_python3_is_told_its_package(self):
        with tempfile.TemporaryDirectory() as tmp:
            for module, trigger in self.triggers(tmp):
                with self.subTest(module=module), interpreter("/usr/bin/python3", ()) as calls:
                    text = self.message(module, trigger)
                    self.assertIn("which /usr/bin/python3 (Python %s) cannot import"
                                  % platform.python_version(), text)
                    self.assertIn("install it for that interpreter with `apt-get install "
                                  "python3-%s`" % module, text)
                    self.assertNotIn("pip", text)
                    self.assertEqual(calls, [])

    def test_another_python3_is_told_pip_and_whether_debians_has_it(self):
        other = "/opt/python/bin/python3"
        with tempfile.TemporaryDirectory() as tmp:
            for module, trigger in self.triggers(tmp):
                for debian_imports, says in [
                        ((module, "crown"), "; or use Debian's /usr/bin/python3, which imports "
                                            "it and crown"),
                        ((module,), "; Debian's /usr/bin/python3 imports it, but not crown"),
                        ((), None)]:
                    with self.subTest(module=module, debian_imports=debian_imports), \
                            interpreter(other, debian_imports) as calls:
                        text = self.message(module, trigger)
                        self.assertIn("%s needs the Python package %s, which %s (Python %s) "
                                      "cannot import (" % (text.split(" needs ")[0], module,
                                                           other, platform.python_version()),
                                      text)
                        self.assertIn("install it for that interpreter with `%s -m pip "
                                      "install %s`" % (other, module), text)
                        self.assertNotIn("apt-get", text)
                        self.assertEqual(calls, [("/usr/bin/python3", [module, "crown"])])
                        if says is None:
                            self.assertNotIn("Debian's", text)
                        else:
                            self.assertIn(says, text)
                        arena_hint = "`/usr/bin/python3 -m crown.arena ...`"
                        self.assertEqual(arena_hint in text, len(debian_imports) == 2
                                         and "crown.vector" not in text)

    def test_what_an_interpreter_imports(self):
        self.assertEqual(_missing.importable(sys.executable, ["json", "no_such_module_xyz"]),
                         [True, False])
        self.assertEqual(_missing.importable("/nonexistent/python3", ["json"]), [False])


class FakeBar:
    """tqdm.tqdm as the arena uses it, recording what it is told."""

    bars = []

    def __init__(self, total, initial, unit, desc):
        self.total, self.initial, self.unit, self.desc = total, initial, unit, desc
        self.updates, self.closed = [], False
        FakeBar.bars.append(self)

    def update(self, n):
        self.updates.append(n)

    def close(self):
        self.closed = True


@contextlib.contextmanager
def fake_tqdm():
    """A tqdm module of FakeBar; yields the bars made."""
    module = types.ModuleType("tqdm")
    module.tqdm = FakeBar
    saved = sys.modules.get("tqdm")
    sys.modules["tqdm"] = module
    FakeBar.bars = []
    try:
        yield FakeBar.bars
    finally:
        if saved is None:
            del sys.modules["tqdm"]
        else:
            sys.modules["tqdm"] = saved


class ProgressBar(unittest.TestCase):
    def test_each_game_is_told_before_its_task_ends(self):
        # The runner tells each game as it is played, one at a time, before
        # the records of its task (four games) come back: in this process
        # and on a pool.
        t = arena.Tournament(KD, "players=2", ("random", "random"), 3)
        keys = schedule.schedule(8, 2)
        for workers in [1, 2]:
            with self.subTest(workers=workers):
                log = []
                runner.run(t, keys, lambda records: log.append(
                    ("done", [(r["deal"], r["seating"]) for r in records])),
                    workers=workers, batch=4, played=lambda key: log.append(("played", key)))
                told = [x for what, x in log if what == "played"]
                self.assertEqual(sorted(told), sorted(keys))
                for i, (what, task) in enumerate(log):
                    if what == "done":
                        self.assertEqual(len(task), 4)
                        before = [x for w, x in log[:i] if w == "played"]
                        self.assertTrue(set(task) <= set(before), log)

    def test_the_bar_moves_a_game_at_a_time_labelled_in_games(self):
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "t.sqlite")
            for workers, games, kept in [(1, 4, 0), (2, 8, 4), (1, 12, 8)]:
                with self.subTest(workers=workers, games=games), fake_tqdm() as bars:
                    arena.run_tournament(KD, "players=2", "random,random", games=games,
                                         seed=6, workers=workers, batch=4, db=db,
                                         progress=True, bootstrap=0)
                    self.assertEqual(len(bars), 1)
                    bar = bars[0]
                    self.assertEqual((bar.desc, bar.unit, bar.total, bar.initial),
                                     ("game_of_kingdoms games", "game", games, kept))
                    self.assertEqual(bar.updates, [1] * (games - kept))
                    self.assertTrue(bar.closed)

    def test_a_game_moves_the_bar_once(self):
        # told by its worker, then in its task's records; or played again
        # after its worker was lost
        from crown.arena.progress import Progress
        with fake_tqdm() as bars:
            p = Progress(KD, 4, [(0, 0)])
            p.played((0, 1))
            p.stored([{"deal": 0, "seating": 1}, {"deal": 1, "seating": 0}])
            p.played((1, 0))
            p.played((0, 0))
            p.close()
        self.assertEqual((bars[0].initial, bars[0].updates, bars[0].closed), (1, [1, 1], True))


class WorkerAnswers(unittest.TestCase):
    def test_a_line_for_each_worker_that_cannot_play(self):
        # The answers of a cluster's workers to the probe, as Client.run
        # gives them: a line for each bad one, by address.
        want = {"package": "0.4.0", "library": "0.4.0"}
        good = {"executable": "/usr/bin/python3", "python": "3.11.2", "package": "0.4.0",
                "library": "0.4.0", "library_path": "/usr/local/lib/libcrown.so.1"}
        answers = {
            "tcp://10.0.0.1:1": good,
            "tcp://10.0.0.5:1": dict(good, package="0.3.0", library="0.3.0",
                                     library_path="/opt/lib/libcrown.so.1"),
            "tcp://10.0.0.4:1": dict(good, library="0.3.9"),
            "tcp://10.0.0.3:1": {"executable": "/opt/py/bin/python3", "python": "3.12.1",
                                 "error": "ModuleNotFoundError: No module named 'crown'"},
            "tcp://10.0.0.2:1": ModuleNotFoundError("No module named 'cloudpickle'"),
        }
        self.assertEqual(workers.problems(answers, want), [
            "tcp://10.0.0.2:1: the check could not run there (ModuleNotFoundError: No module "
            "named 'cloudpickle'): is it a worker of a Python 3 with Dask's cloudpickle?",
            "tcp://10.0.0.3:1: /opt/py/bin/python3 (Python 3.12.1) cannot import crown "
            "(ModuleNotFoundError: No module named 'crown'): install crown 0.4.0 for that "
            "interpreter on that machine (meson install; pip install ./python with libcrown "
            "installed), or start the worker with a python3 that imports it",
            "tcp://10.0.0.4:1: /usr/bin/python3 (Python 3.11.2) imports crown 0.4.0 with "
            "libcrown 0.3.9 (/usr/local/lib/libcrown.so.1), not 0.4.0 with libcrown 0.4.0 as "
            "here: install crown 0.4.0 on that machine",
            "tcp://10.0.0.5:1: /usr/bin/python3 (Python 3.11.2) imports crown 0.3.0 with "
            "libcrown 0.3.0 (/opt/lib/libcrown.so.1), not 0.4.0 with libcrown 0.4.0 as here: "
            "install crown 0.4.0 on that machine"])
        self.assertEqual(workers.problems({"tcp://10.0.0.1:1": good}, want), [])

    def test_the_probe_runs_without_crown_and_answers_with_it(self):
        # The probe is a local function (Dask sends its code, not its
        # name); here it answers with this process's crown.
        probe = workers.probe_function()
        self.assertIn("<locals>", probe.__qualname__)
        self.assertEqual(probe(), {"executable": sys.executable,
                                   "python": platform.python_version(),
                                   "package": crown.__version__, "library": crown.version(),
                                   "library_path": crown.library_path})
        saved = {m: sys.modules.pop(m) for m in list(sys.modules)
                 if m == "crown" or m.startswith("crown.")}
        sys.modules["crown"] = None
        try:
            answer = probe()
        finally:
            del sys.modules["crown"]
            sys.modules.update(saved)
        error = answer.pop("error")
        self.assertEqual(answer, {"executable": sys.executable,
                                  "python": platform.python_version()})
        self.assertRegex(error, r"^(ModuleNotFound|Import)Error: import of crown halted")


def stored(db):
    """The games a tournament database holds (0 before it is made)."""
    try:
        with contextlib.closing(sqlite3.connect("file:%s?mode=ro" % db, uri=True)) as con:
            return con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.Error:  # not there yet, or being written
        return 0


def made(path):
    """The bots arena_bots.Gated made (lines in its file)."""
    try:
        with open(path) as f:
            return len(f.read().split())
    except FileNotFoundError:
        return 0


def interruptible():
    """In a child before it runs: Ctrl-C (SIGINT) as a terminal's shell
    leaves it, even where this test was started with SIGINT ignored (a
    shell's background job), which Python would keep."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_for(condition, process, limit=120):
    """Waits until condition() holds while `process` runs (at most `limit`
    seconds, a bound for a broken run, not a measure)."""
    deadline = time.monotonic() + limit
    while not condition():
        if process.poll() is not None:
            raise AssertionError("the run ended (%d) before: %s"
                                 % (process.returncode, process.communicate()[1]))
        if time.monotonic() > deadline:
            raise AssertionError("the run did not get there in %d s" % limit)
        time.sleep(0.05)


def run_python(args):
    return subprocess.run([sys.executable] + args, capture_output=True, text=True, timeout=120)


class Program(unittest.TestCase):
    def test_command_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "t.sqlite")
            args = ["-m", "crown.arena", "--game", KD, "--options", "players=2",
                    "--bots", "random,ismcts:iterations=3,exploration=1", "--games", "4",
                    "--workers", "1", "--db", db, "--seed", "9"]
            p = run_python(args + ["--json"])
            self.assertEqual(p.returncode, 0, p.stderr)
            out = json.loads(p.stdout)
            self.assertEqual(out["games"], 4)
            self.assertEqual([b["bot"] for b in out["bots"]],
                             ["random", "ismcts:iterations=3,exploration=1"])
            self.assertEqual(out["tournament"]["seed"], 9)
            self.assertEqual(sum(b["wins"] + b["draws"] + b["losses"] for b in out["bots"]), 8)
            p = run_python(args)  # resumed from the database: the same results
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertRegex(p.stdout, r"(?m)^random +4 ")
            self.assertIn("4 games, 2 deals", p.stdout)
            p = run_python(args[:-1] + ["10"])
            self.assertEqual(p.returncode, 2)
            self.assertIn("holds another tournament", p.stderr)
        p = run_python(["-m", "crown.arena", "--game", KD, "--bots", "random,nobody"])
        self.assertEqual(p.returncode, 2)
        self.assertIn("error: bot 'nobody'", p.stderr)
        p = run_python(["-m", "crown.arena", "--game", KD, "--bots", "random",
                        "--workers", "2", "--scheduler", "tcp://x:1"])
        self.assertEqual(p.returncode, 2)
        self.assertIn("not allowed with argument", p.stderr)

    def test_a_timed_search_from_the_command_line(self):
        p = run_python(["-m", "crown.arena", "--game", KD, "--options", "players=2",
                        "--bots", "search:time=0.01,threads=1,random", "--games", "2",
                        "--workers", "1", "--seed", "3", "--json"])
        self.assertEqual(p.returncode, 0, p.stderr)
        out = json.loads(p.stdout)
        self.assertEqual([b["bot"] for b in out["bots"]], ["search:time=0.01,threads=1", "random"])
        self.assertEqual(sum(b["forfeits"] for b in out["bots"]), 0)
        p = run_python(["-m", "crown.arena", "--game", KD, "--bots", "search:time=-1,random"])
        self.assertEqual(p.returncode, 2)
        self.assertIn("error: search: search parameter time: '-1' is not a decimal number",
                      p.stderr)
        p = run_python(["-m", "crown.arena", "--help"])
        self.assertIn("search[:KEY=VALUE,...]", p.stdout)

    def test_the_standard_library_alone(self):
        # with tqdm, distributed, matplotlib and numpy made unimportable, the
        # arena plays, and --plot names the package to install
        code = """
import sys
for m in ("tqdm", "distributed", "matplotlib", "numpy"):
    sys.modules[m] = None
from crown.arena.__main__ import main
sys.exit(main(sys.argv[1:]))
"""
        args = ["-c", code, "--game", KD, "--options", "players=2", "--bots",
                "random,ismcts:iterations=3", "--games", "2", "--workers", "1"]
        p = run_python(args)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("2 games, 1 deal;", p.stdout)
        p = run_python(args + ["--plot", os.path.join(tempfile.gettempdir(), "never.png")])
        self.assertEqual((p.returncode, p.stdout), (2, ""))
        debian = _missing.is_debian_python(sys.executable)
        self.assertIn("which %s (Python %s) cannot import"
                      % (sys.executable, platform.python_version()), p.stderr)
        self.assertIn("apt-get install python3-matplotlib" if debian else
                      "%s -m pip install matplotlib" % sys.executable, p.stderr)
        p = run_python(args + ["--selfplay", tempfile.gettempdir()])
        self.assertEqual(p.returncode, 2)
        self.assertIn("apt-get install python3-numpy" if debian else
                      "%s -m pip install numpy" % sys.executable, p.stderr)

    def test_ctrl_c_says_in_one_line_what_was_kept_and_how_to_go_on(self):
        # A real run, interrupted as a terminal does (SIGINT to its process
        # group, the pool's workers too) once 4 games are kept and the others
        # block (on the pool of 3, two workers play and one waits): exit
        # status 130, one line, no traceback; the same command then plays the
        # other 2 games only, to the results of a whole run.
        bots = "random,arena_bots:Gated"
        whole = arena.run_tournament(KD, "players=2", bots, games=6, seed=5, workers=1)
        for workers in [1, 3]:
            with self.subTest(workers=workers), tempfile.TemporaryDirectory() as tmp:
                db, gate = os.path.join(tmp, "t.sqlite"), os.path.join(tmp, "gate")
                command = [sys.executable, "-m", "crown.arena", "--game", KD, "--options",
                           "players=2", "--bots", bots, "--games", "6", "--seed", "5",
                           "--workers", str(workers), "--batch", "1", "--db", db]
                # the bot made to check the specification, then 4 games' bots
                env = dict(os.environ, CROWN_ARENA_GATE=gate, CROWN_ARENA_GATE_AFTER="5")
                p = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=env, start_new_session=True,
                                     preexec_fn=interruptible)
                try:
                    wait_for(lambda: stored(db) == 4 and made(gate) == 5 + min(workers, 2), p)
                    os.killpg(p.pid, signal.SIGINT)
                    out, err = p.communicate(timeout=120)
                finally:
                    if p.poll() is None:
                        p.kill()
                        p.communicate()
                self.assertEqual((p.returncode, out), (130, ""), err)
                self.assertEqual(err, "python3 -m crown.arena: interrupted: 4 of 6 games are "
                                      "kept in %s; the same command plays the other 2\n" % db)
                env = dict(os.environ, CROWN_ARENA_GATE=gate + "2", CROWN_ARENA_GATE_AFTER="99")
                p = subprocess.run(command + ["--json"], capture_output=True, text=True,
                                   env=env, timeout=120)
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertEqual(json.loads(p.stdout), json.loads(whole.json()))
                self.assertEqual(made(gate + "2"), 1 + 2)

    def test_ctrl_c_before_a_database(self):
        from crown.arena.__main__ import kept
        self.assertEqual(kept(None, 8, "random,random"),
                         "the games played are not kept (no --db); with --db FILE they are, "
                         "and the same command then plays only the others")
        self.assertEqual(kept("/nonexistent/t.sqlite", 8, "random,random"),
                         "no game is kept in /nonexistent/t.sqlite yet; the same command "
                         "starts the tournament")

    def test_the_example_of_docs_arena(self):
        # docs/arena.md's example, run as a program, prints what the
        # document says it prints
        with open(os.path.join(SOURCE_ROOT, "docs", "arena.md")) as f:
            doc = f.read()
        code = re.search(r"```python\n(.*?)```", doc, re.S).group(1)
        printed = re.search(r"It prints.*?```\n(.*?)```", doc, re.S).group(1)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "example.py")
            with open(path, "w") as f:
                f.write(code)
            p = subprocess.run([sys.executable, path], capture_output=True, text=True,
                               timeout=240, cwd=tmp)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, printed)


if __name__ == "__main__":
    unittest.main()
