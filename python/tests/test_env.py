"""Tests of crown.env, the AEC environment, run by `meson test` (suite "python").

Class Env tests the environment's properties with nothing but the standard
library (and numpy where it is installed); class PettingZoo runs
PettingZoo's own tests (api_test, seed_test, performance_benchmark) on
CrownEnv itself when pettingzoo and gymnasium can be imported, and is
skipped otherwise, unless CROWN_EXPECT_PETTINGZOO is set (the
python-pettingzoo test sets it), which makes their absence a failure.

    python3 test_env.py [CLASS ...]
"""

import copy
import gc
import os
import pickle
import random
import subprocess
import sys
import threading
import unittest
import warnings

import crown
from crown.env import CrownEnv

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(crown.__file__)))
EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples",
                        "python")

# Every game with its typical option sets, match play and max_steps:
# (name, keywords of CrownEnv).
CONFIGS = [
    ("game_of_kingdoms", {"players": 2}),
    ("game_of_kingdoms", {"players": 6}),
    ("game_of_kingdoms", {"players": 4, "variant": "ruthless"}),
    ("game_of_kingdoms", {"players": 3, "games": 3}),
    ("kings_family", {}),
    ("kings_blood", {"players": 4, "advanced": True}),
    ("kings_blood", {"players": 3, "match": True}),
    ("blood_bound", {"players": 8}),
    ("blood_bound", {"players": 9}),
    ("kings_blood", {"players": 2, "max_steps": 30}),
]

# King's Family deals over before the first decision (23 of seeds 0-2999).
KF_OVER_AT_RESET = 82


def as_list(values):
    """A tensor or a mask as a list (of Python numbers)."""
    return values.tolist() if hasattr(values, "tolist") else list(values)


def legal(mask):
    """The actions a mask allows."""
    return [i for i, ok in enumerate(as_list(mask)) if ok]


def numpy_or_skip(test):
    """numpy, or the test is skipped (failed when CROWN_EXPECT_NUMPY is set)."""
    try:
        import numpy
    except ImportError:
        if os.environ.get("CROWN_EXPECT_NUMPY"):
            test.fail("CROWN_EXPECT_NUMPY is set but numpy does not import")
        test.skipTest("numpy is not installed for this python")
    return numpy


def run_python(code):
    """Runs `code` in a fresh interpreter that imports this crown package."""
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_DIR + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)


class Env(unittest.TestCase):
    """The environment's properties, driven as PettingZoo's tests and a
    random agent drive it (no PettingZoo needed)."""

    def play(self, e, seed, rng, check_views=True):
        """A random game from reset(seed); checks the cycle, and each
        observation against the game's own tensor and mask.  Returns each
        agent's rewards summed from last() and summed from env.rewards
        after every step."""
        e.reset(seed=seed)
        from_last = {a: 0.0 for a in e.possible_agents}
        from_rewards = {a: 0.0 for a in e.possible_agents}
        done = set()
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            from_last[agent] += reward
            self.assertIn(obs, e.observation_space(agent))
            self.assertEqual(info["seat"], e.possible_agents.index(agent))
            self.assertNotIn(agent, done, "an agent came back")
            if term or trunc:
                done.add(agent)
                self.assertFalse(any(as_list(obs["action_mask"])))
                with self.assertRaises(crown.IllegalMoveError):
                    e.step(0)
                e.step(None)
            else:
                self.assertEqual(agent, "player_%d" % e.game.current_player())
                actions = legal(obs["action_mask"])
                self.assertEqual(sorted(e.game.move_index(m) for m in e.game.legal_moves()),
                                 actions)
                if check_views:
                    self.assertViews(e)
                e.step(rng.choice(actions))
            for a, r in e.rewards.items():
                from_rewards[a] += r
        self.assertEqual(e.agents, [])
        self.assertEqual(done, set(e.possible_agents))
        return from_last, from_rewards

    def assertViews(self, e):
        """Every agent's observation is its seat's tensor, and its mask the
        game's mask for the agent to move, all 0 for the others."""
        g = e.game
        for agent in e.agents:
            seat = e.possible_agents.index(agent)
            obs = e.observe(agent)
            self.assertEqual(as_list(obs["observation"]), as_list(g.observation_tensor(seat)))
            if agent == e.agent_selection:
                self.assertEqual(as_list(obs["action_mask"]), as_list(g.legal_mask()))
            else:
                self.assertEqual(as_list(obs["action_mask"]), [0] * e.num_actions)

    def test_rewards_add_up_to_the_returns(self):
        # Summed from last() (as PettingZoo's api_test does) and summed from
        # env.rewards after every step (dead steps included), each agent's
        # rewards are its returns.
        rng = random.Random(2)
        for name, opts in CONFIGS:
            with self.subTest(name=name, **opts):
                e = CrownEnv(name, **opts)
                for seed in range(3):
                    from_last, from_rewards = self.play(e, seed, rng, check_views=seed == 0)
                    returns = e.game.returns()
                    for i, a in enumerate(e.possible_agents):
                        self.assertAlmostEqual(from_last[a], returns[i])
                        self.assertAlmostEqual(from_rewards[a], returns[i])
                e.close()

    def test_rewards_are_cleared_after_a_dead_step(self):
        # Game of Kingdoms, 4 players, seed 3 (issue 23): after the last
        # decision every agent has its result as its reward; the first
        # step(None) clears them all, as PettingZoo's _was_dead_step does.
        e = CrownEnv("game_of_kingdoms", players=4)
        e.reset(seed=3)
        rng = random.Random(3)
        while not any(e.terminations.values()):
            e.step(rng.choice(legal(e.last()[0]["action_mask"])))
        returns = e.game.returns()
        self.assertTrue(any(returns))
        self.assertEqual([e.rewards[a] for a in e.possible_agents], returns)
        e.step(None)
        self.assertEqual(len(e.agents), 3)
        self.assertEqual(set(e.rewards.values()), {0.0})
        for a in e.agents:  # their results wait in last()
            self.assertEqual(e._cumulative_rewards[a], returns[e.possible_agents.index(a)])
        while e.agents:
            self.assertEqual(e.last()[1], returns[e.possible_agents.index(e.agent_selection)])
            e.step(None)
            self.assertEqual(set(e.rewards.values()) - {0.0}, set())

    def test_match_rewards_come_as_each_game_ends(self):
        # Game of Kingdoms games=3, seed 5: each game's result is rewarded
        # in the step that ends it (two before the end of the match), and
        # the step after it rewards nothing.
        e = CrownEnv("game_of_kingdoms", players=3, games=3)
        e.reset(seed=5)
        rng = random.Random(5)
        rewarded, after = [], []
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            was_rewarded = bool(rewarded) and rewarded[-1] == e.steps
            e.step(rng.choice(legal(obs["action_mask"])))
            if was_rewarded:
                after.append(dict(e.rewards))
            if any(e.rewards.values()):
                rewarded.append(e.steps)
        self.assertEqual(len(rewarded), 3)
        self.assertEqual(rewarded[-1], e.steps)
        self.assertEqual(after, [{a: 0.0 for a in e.possible_agents}] * 2)

    def cycle(self, e, seed):
        """Random legal play from reset(seed) to the end; the steps made."""
        e.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        for agent in e.agent_iter(10000):
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else rng.choice(legal(obs["action_mask"])))
            steps += 1
        self.assertEqual(e.agents, [])
        return steps

    def test_game_over_at_reset(self):
        # A King's Family deal over before its first decision: every agent
        # is terminated at reset with its returns in its info and a reward
        # of 0 (a reset is no step), and the cycle ends.
        e = CrownEnv("kings_family")
        e.reset(seed=KF_OVER_AT_RESET)
        self.assertTrue(e.game.is_terminal())
        returns = e.game.returns()
        self.assertEqual(e.terminations, {"player_0": True})
        self.assertEqual(e.truncations, {"player_0": False})
        self.assertEqual(e.rewards, {"player_0": 0.0})
        self.assertEqual(e.infos["player_0"], {"seat": 0, "returns": returns[0]})
        obs, reward, term, trunc, _ = e.last()
        self.assertEqual((reward, term, trunc), (0.0, True, False))
        self.assertFalse(any(as_list(obs["action_mask"])))
        self.assertEqual(as_list(obs["observation"]), as_list(e.game.observation_tensor(0)))
        with self.assertRaises(crown.IllegalMoveError):
            e.step(0)
        self.assertEqual(list(e.agent_iter(3)), ["player_0"] * 3)
        e.step(None)
        self.assertEqual(e.agents, [])
        self.assertEqual(list(e.agent_iter()), [])
        with self.assertRaises(crown.StateError):
            e.step(None)
        # Through the cycle: one dead step; then a deal that is played.
        self.assertEqual(self.cycle(e, KF_OVER_AT_RESET), 1)
        self.assertGreater(self.cycle(e, 0), 1)

    def test_games_over_at_reset_among_seeds(self):
        # Each deal over at reset (seed 82 is the first) ends the cycle.
        e = CrownEnv("kings_family")
        over = []
        for seed in range(300):
            e.reset(seed=seed)
            if e.terminations["player_0"]:
                over.append(seed)
                with crown.Game("kings_family", seed=seed) as g:
                    self.assertTrue(g.is_terminal())
                self.assertEqual(self.cycle(e, seed), 1)
        self.assertEqual(over[0], KF_OVER_AT_RESET)

    def test_errors_name_the_action(self):
        e = CrownEnv("game_of_kingdoms", players=2)
        e.reset(seed=3)
        before = e.state()
        actions = legal(e.last()[0]["action_mask"])
        n = e.num_actions
        self.assertNotIn(0, actions)
        with self.assertRaises(crown.IllegalMoveError) as c:
            e.step(0)
        text = str(c.exception)
        self.assertTrue(text.startswith("action 0 (lead R5) is not legal here: "), text)
        self.assertTrue(text.endswith("; the legal actions are %s"
                                      % ", ".join(map(str, actions))), text)
        self.assertNotIn("move 65", text)
        for bad in (-1, n, 2**70):
            with self.assertRaises(crown.InvalidArgumentError) as c:
                e.step(bad)
            self.assertEqual(str(c.exception), "action %d is out of range (0..%d)"
                             % (bad, n - 1))
        for bad in (1.0, "1", True, [1]):
            with self.assertRaises(TypeError):
                e.step(bad)
        with self.assertRaises(crown.IllegalMoveError) as c:
            e.step(None)
        self.assertIn("step(None) is for agents that are done", str(c.exception))
        self.assertEqual(e.state(), before)
        self.assertEqual(e.steps, 0)
        # Many legal actions: the message lists the first 20 and the count.
        e = CrownEnv("kings_blood", players=2)
        e.reset(seed=1)
        actions = legal(e.last()[0]["action_mask"])
        illegal = next(i for i in range(e.num_actions) if i not in actions)
        with self.assertRaises(crown.IllegalMoveError) as c:
            e.step(illegal)
        if len(actions) > 20:
            self.assertIn("... (%d in all)" % len(actions), str(c.exception))
        self.assertIn(", ".join(map(str, actions[:20])), str(c.exception))
        e.step(actions[0])  # the environment goes on

    def test_same_seed_same_game(self):
        e = CrownEnv("blood_bound", players=8)
        self.play(e, 7, random.Random(1))
        first = e.state()
        self.play(e, 7, random.Random(1))
        self.assertEqual(e.state(), first)
        self.play(e, 8, random.Random(1))
        self.assertNotEqual(e.state(), first)
        # reset() without a seed draws the next seed from the last one.
        seeds = []
        for _ in range(2):
            e.reset(seed=11)
            e.reset()
            seeds.append(e.game.seed)
        self.assertEqual(seeds[0], seeds[1])

    def test_observations_are_kept(self):
        # Each observation is a new object: those kept stay as they were.
        e = CrownEnv("kings_blood", players=3)
        e.reset(seed=4)
        rng = random.Random(4)
        kept = []
        for _ in range(40):
            obs = e.last()[0]
            kept.append((obs, [as_list(obs["observation"]), as_list(obs["action_mask"])]))
            e.step(rng.choice(legal(obs["action_mask"])))
        for obs, copy in kept:
            self.assertEqual([as_list(obs["observation"]), as_list(obs["action_mask"])], copy)
        self.assertIsNot(e.observe("player_0")["observation"],
                         e.observe("player_0")["observation"])

    def test_truncation(self):
        e = CrownEnv("kings_blood", players=2, max_steps=5)
        e.reset(seed=1)
        steps = 0
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                self.assertTrue(trunc and not term)
                self.assertFalse(any(as_list(obs["action_mask"])))
                self.assertEqual(e.infos[agent]["returns"], 0.0)
                e.step(None)
            else:
                e.step(legal(obs["action_mask"])[0])
                steps += 1
        self.assertEqual(steps, 5)

    def test_truncated_match_gives_the_returns_so_far(self):
        # A match of Game of Kingdoms truncated after its first game ended:
        # each agent's info holds what the match gave it so far.
        e = CrownEnv("game_of_kingdoms", players=2, games=3, max_steps=150)
        e.reset(seed=3)
        seen = None
        for agent in e.agent_iter():
            obs, _, term, trunc, info = e.last()
            if term or trunc:
                self.assertTrue(trunc and not term)
                if seen is None:
                    seen = e.game.returns()
                    self.assertNotEqual(seen, [0.0, 0.0])
                self.assertEqual(info["returns"], seen[info["seat"]])
                e.step(None)
            else:
                e.step(legal(obs["action_mask"])[0])
        self.assertIsNotNone(seen)

    def test_misuse(self):
        e = CrownEnv("kings_blood", players=2)
        with self.assertRaises(crown.StateError):
            e.observe("player_0")
        with self.assertRaises(crown.StateError):
            e.last()
        e.reset(seed=1)
        with self.assertRaises(crown.InvalidArgumentError):
            e.observe("player_9")
        with self.assertRaises(crown.InvalidArgumentError):
            e.action_space("player_2")
        with self.assertRaises(crown.InvalidArgumentError):
            CrownEnv("kings_blood", chance="explicit")
        with self.assertRaises(crown.InvalidArgumentError):
            CrownEnv("kings_blood", max_steps=0)
        # A bad seed changes nothing: the game, and the seeds reset() draws.
        state = e.state()
        for bad in (-1, 2**64, 1.5):
            with self.assertRaises((crown.InvalidArgumentError, TypeError)):
                e.reset(seed=bad)
        self.assertEqual(e.state(), state)
        e.reset()
        drawn = e.game.seed
        e.reset(seed=1)
        e.reset()
        self.assertEqual(e.game.seed, drawn)
        e.game.close()  # closed under the environment: errors, no crash
        with self.assertRaises(crown.StateError):
            e.last()
        with self.assertRaises(crown.StateError):
            e.step(0)
        e.close()
        self.assertEqual(list(e.agent_iter(5)), [])
        e = CrownEnv("game_of_kingdoms", render_mode="ansi")
        e.reset(seed=1)
        self.assertIn("Game of Kingdoms", e.render())

    def test_copies_are_independent(self):
        # copy.copy, copy.deepcopy and pickle give an environment of its own
        # (a search copies the environment to try moves): the same
        # observations, then its steps leave the original alone, and it
        # plays on once the original is gone.  (The copies wrote into the
        # original's buffers, whose addresses they kept.)
        def views(env):
            return [(as_list(o["observation"]), as_list(o["action_mask"]))
                    for o in map(env.observe, env.possible_agents)]

        rng = random.Random(4)
        for make in (copy.copy, copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))):
            e = CrownEnv("kings_blood", players=3)
            e.reset(seed=4)
            for _ in range(3):
                e.step(rng.choice(legal(e.last()[0]["action_mask"])))
            d = make(e)
            self.assertEqual(views(d), views(e))
            self.assertEqual((d.agent_selection, d.rewards), (e.agent_selection, e.rewards))
            before, state = views(e), e.state()
            d.step(rng.choice(legal(d.last()[0]["action_mask"])))
            self.assertNotEqual(views(d), before)
            self.assertEqual((views(e), e.state()), (before, state))
            del e
            gc.collect()
            for agent in d.agent_iter():
                obs, _, term, trunc, _ = d.last()
                seat = d.agent_name_mapping[agent]
                self.assertEqual(as_list(obs["observation"]),
                                 as_list(d.game.observation_tensor(seat)))
                d.step(None if term or trunc else rng.choice(legal(obs["action_mask"])))

    def test_observe_from_threads(self):
        # Each agent's observation from its own thread is its own, never
        # the seat another thread observed at the same time.
        e = CrownEnv("kings_blood", players=4)
        e.reset(seed=5)
        want = {a: as_list(e.observe(a)["observation"]) for a in e.possible_agents}
        self.assertEqual(len(set(map(tuple, want.values()))), 4)
        wrong = []

        def observe(agent):
            for _ in range(2000):
                if as_list(e.observe(agent)["observation"]) != want[agent]:
                    wrong.append(agent)

        interval = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)
        try:
            threads = [threading.Thread(target=observe, args=(a,)) for a in e.possible_agents]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        finally:
            sys.setswitchinterval(interval)
        self.assertEqual(wrong, [])

    def test_integers_of_other_types(self):
        # Seeds and max_steps given as numpy integers (anything with
        # __index__), as crown.Game and VectorEnv take them; bools refused.
        class Index:
            def __init__(self, value):
                self.value = value

            def __index__(self):
                return self.value

        e = CrownEnv("kings_blood", players=2)
        e.reset(seed=Index(7))
        state = e.state()
        e.reset()
        drawn = e.game.seed
        e.reset(seed=7)
        self.assertEqual(e.state(), state)
        e.reset()
        self.assertEqual(e.game.seed, drawn)
        self.assertEqual(CrownEnv("kings_blood", max_steps=Index(5)).max_steps, 5)
        with self.assertRaises(TypeError):
            CrownEnv("kings_blood", max_steps=True)
        with self.assertRaises(TypeError):
            e.reset(seed=True)

    def test_spaces(self):
        e = CrownEnv("blood_bound", players=6)
        e.reset(seed=2)
        for agent in e.possible_agents:
            self.assertIs(e.observation_space(agent), e.observation_space(agent))
            self.assertIs(e.action_space(agent), e.action_space(agent))
            self.assertIs(e.observation_space(agent), e.observation_spaces[agent])
            self.assertEqual(e.action_space(agent).n, e.num_actions)
            self.assertEqual(e.observation_space(agent)["observation"].shape,
                             (e.observation_size,))
            self.assertEqual(e.observation_space(agent)["action_mask"].shape, (e.num_actions,))
        # Each agent has its own, seeded on its own.
        self.assertIsNot(e.action_space("player_0"), e.action_space("player_1"))
        mask = e.last()[0]["action_mask"]
        space = e.action_space(e.agent_selection)
        space.seed(5)
        first = [space.sample(mask) for _ in range(10)]
        space.seed(5)
        self.assertEqual([space.sample(mask) for _ in range(10)], first)
        self.assertTrue(set(first) <= set(legal(mask)))

    def test_int8_masks(self):
        np = numpy_or_skip(self)
        e = CrownEnv("kings_blood", players=3)
        e.reset(seed=2)
        for agent in e.possible_agents:
            obs = e.observe(agent)
            self.assertIsInstance(obs["observation"], np.ndarray)
            self.assertEqual(obs["observation"].dtype, np.float32)
            self.assertEqual(obs["action_mask"].dtype, np.int8)
            self.assertEqual(obs["observation"].shape, (e.observation_size,))
            self.assertEqual(obs["action_mask"].shape, (e.num_actions,))
            self.assertIn(obs, e.observation_space(agent))
        self.assertEqual(str(e.observation_space("player_0")["action_mask"].dtype), "int8")
        e.close()

    def test_without_numpy_pettingzoo_gymnasium(self):
        # Nothing but the standard library: lists and the stand-in spaces.
        result = run_python(
            "import sys\n"
            "for m in ('numpy', 'gymnasium', 'pettingzoo'): sys.modules[m] = None\n"
            "import random\n"
            "from crown.env import CrownEnv, Discrete\n"
            "assert CrownEnv.__mro__[1] is object, CrownEnv.__mro__\n"
            "e = CrownEnv('game_of_kingdoms', players=3)\n"
            "assert isinstance(e.action_space('player_0'), Discrete)\n"
            "assert e.observation_space('player_0')['action_mask'].dtype == 'int8'\n"
            "e.reset(seed=1)\n"
            "for agent in e.agent_iter():\n"
            "    obs, r, term, trunc, info = e.last()\n"
            "    assert type(obs['observation']) is list and type(obs['action_mask']) is list\n"
            "    assert obs in e.observation_space(agent)\n"
            "    e.step(None if term or trunc else\n"
            "           e.action_space(agent).sample(obs['action_mask']))\n"
            "print('ok', e.game.returns())\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(result.stdout.startswith("ok "), result.stdout)


class PettingZoo(unittest.TestCase):
    """PettingZoo's own tests through CrownEnv itself, for every game and
    option set of CONFIGS."""

    @classmethod
    def setUpClass(cls):
        try:
            import gymnasium  # noqa: F401
            import pettingzoo  # noqa: F401
            from pettingzoo.test import api_test, performance_benchmark, seed_test
        except ImportError as e:
            if os.environ.get("CROWN_EXPECT_PETTINGZOO"):
                raise AssertionError("CROWN_EXPECT_PETTINGZOO is set but %s" % e)
            raise unittest.SkipTest("pettingzoo and gymnasium do not import (%s)" % e)
        cls.api_test = staticmethod(api_test)
        cls.seed_test = staticmethod(seed_test)
        cls.performance_benchmark = staticmethod(performance_benchmark)

    def quietly(self, fn, *args):
        """fn(*args) with its printing hidden; the warnings it gave."""
        with warnings.catch_warnings(record=True) as caught, \
                open(os.devnull, "w") as null:
            warnings.simplefilter("always")
            saved, sys.stdout = sys.stdout, null
            try:
                fn(*args)
            finally:
                sys.stdout = saved
        return {str(w.message) for w in caught}

    def test_is_an_aec_env(self):
        import gymnasium
        import pettingzoo
        e = CrownEnv("kings_blood")
        self.assertIsInstance(e, pettingzoo.AECEnv)
        self.assertIsInstance(e.observation_space("player_0"), gymnasium.spaces.Dict)
        self.assertIsInstance(e.action_space("player_0"), gymnasium.spaces.Discrete)
        self.assertEqual(e.observation_space("player_0")["action_mask"].dtype.name, "int8")

    def test_api_test(self):
        # Only the two warnings every dict observation with a mask gets
        # (PettingZoo's classic environments are exempted from them by name).
        expected = {"Observation is not a NumPy array",
                    "Observation space for each agent probably should be gymnasium.spaces.box "
                    "or gymnasium.spaces.discrete"}
        for name, opts in CONFIGS:
            with self.subTest(name=name, **opts):
                self.assertLessEqual(self.quietly(self.api_test, CrownEnv(name, **opts)),
                                     expected)

    def test_seed_test(self):
        for name, opts in CONFIGS:
            with self.subTest(name=name, **opts):
                self.quietly(self.seed_test, lambda: CrownEnv(name, **opts))

    def test_performance_benchmark(self):
        # 5 seconds each (PettingZoo's own loop: reset whenever every agent
        # is done, King's Family deals over at reset included).
        for name, opts in CONFIGS:
            with self.subTest(name=name, **opts):
                self.quietly(self.performance_benchmark, CrownEnv(name, **opts))

    def test_play_test_from_a_game_over_at_reset(self):
        # PettingZoo's play loop (api_test's) from a King's Family deal over
        # at reset: every reset deals seed 82.
        from pettingzoo.test.api_test import play_test
        e = CrownEnv("kings_family")
        reset = e.reset
        e.reset = lambda seed=None, options=None: reset(KF_OVER_AT_RESET)
        e.reset()
        self.quietly(play_test, e, e.last()[0], 100)


class Examples(unittest.TestCase):
    def test_bench_env(self):
        # The benchmark of docs/performance.md runs and reports every game.
        bench = os.path.join(EXAMPLES, "bench_env.py")
        env = dict(os.environ)
        env["PYTHONPATH"] = PACKAGE_DIR + os.pathsep + env.get("PYTHONPATH", "")
        result = subprocess.run([sys.executable, bench, "--seconds", "0.02", "--rounds", "1",
                                 "--no-c", "--no-uno", "--json"], env=env,
                                capture_output=True, text=True, timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr)
        import json
        rows = json.loads(result.stdout)["configs"]
        self.assertEqual({r["game"] for r in rows},
                         {"game_of_kingdoms", "kings_family", "kings_blood", "blood_bound"})
        for r in rows:
            self.assertGreater(r["steps_per_s"], 0, r)


if __name__ == "__main__":
    unittest.main(verbosity=2)
