"""Tests of crown.vector, run by `meson test` (test python-numpy): the vector
environment against one crown.Game per slot, step by step, for every game;
seeds, errors, copies, spaces, and the example programs.  Skipped where numpy
does not import (a failure where CROWN_EXPECT_NUMPY is set)."""

import copy
import gc
import os
import pickle
import subprocess
import sys
import unittest

import crown

try:
    import numpy as np
    from crown.vector import VectorEnv, random_legal_actions
except ImportError:
    np = None

try:
    import gymnasium
except ImportError:
    gymnasium = None

SOURCE_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(crown.__file__)))
EXAMPLES = os.path.join(SOURCE_ROOT, "examples", "python")

# Each game with its typical option sets.
CASES = [
    ("game_of_kingdoms", "players=4"),
    ("game_of_kingdoms", "players=2,variant=ruthless"),
    ("game_of_kingdoms", "players=3,games=3"),
    ("kings_family", ""),
    ("kings_blood", "players=4"),
    ("kings_blood", "players=2,advanced=on"),
    ("blood_bound", "players=8"),
    ("blood_bound", "players=9"),
]


def run_python(args, **env_changes):
    """Runs python with `args` in a fresh interpreter that imports this crown."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([PACKAGE_DIR] + [p for p in [env.get("PYTHONPATH")] if p])
    env.update(env_changes)
    return subprocess.run([sys.executable] + args, env=env, capture_output=True, text=True,
                          timeout=120)


class NeedsNumpy(unittest.TestCase):
    def setUp(self):
        if np is None:
            if os.environ.get("CROWN_EXPECT_NUMPY"):
                self.fail("CROWN_EXPECT_NUMPY is set but numpy does not import")
            self.skipTest("numpy is not installed for this python (crown.vector needs it)")


class Slot:
    """One crown.Game per slot, following the seeds rule: slot i's k-th
    episode is the game of seed + i + k * size, episodes over before their
    first decision skipped."""

    def __init__(self, name, options, seed, i, size, max_steps):
        self.name, self.options, self.seed, self.i, self.size = name, options, seed, i, size
        self.max_steps = max_steps
        self.k = 0
        self.skipped = 0
        self.start()

    def start(self):
        while True:
            self.game = crown.Game(self.name, self.options,
                                   (self.seed + self.i + self.k * self.size) % 2**64)
            if not self.game.is_terminal():
                break
            self.skipped += 1
            self.k += 1
        self.returns = [0.0] * self.game.num_players
        self.steps = 0

    def play(self, action):
        """Plays an action; (rewards of every seat, terminated, truncated)."""
        g = self.game
        g.apply(g.index_move(action))
        self.steps += 1
        now = g.returns()
        rewards = [np.float32(a - b) for a, b in zip(now, self.returns)]
        self.returns = now
        terminated = g.is_terminal()
        truncated = not terminated and self.max_steps > 0 and self.steps >= self.max_steps
        if terminated or truncated:
            self.k += 1
            self.start()
        return rewards, terminated, truncated


class Equivalence(NeedsNumpy):
    """The vector environment plays what one crown.Game per slot plays."""

    def check(self, name, options, size, seed, steps, max_steps=0, min_episodes=0):
        env = VectorEnv(name, options, num_envs=size, seed=seed, max_steps=max_steps)
        self.addCleanup(env.close)
        obs, infos = env.reset(seed=seed)
        slots = [Slot(name, options, seed, i, size, max_steps) for i in range(size)]
        rng = np.random.default_rng(seed)
        ends = 0
        step = 0
        while step < steps or ends < min_episodes:
            for i, s in enumerate(slots):
                g = s.game
                seat = g.current_player()
                where = "%s %s step %d game %d" % (name, options, step, i)
                self.assertEqual(int(infos["current_player"][i]), seat, where)
                self.assertTrue(np.array_equal(obs["observation"][i], g.observation_tensor(seat)),
                                where)
                self.assertTrue(np.array_equal(obs["action_mask"][i], g.legal_mask()), where)
            self.assertEqual(obs["action_mask"].dtype, np.int8)
            actions = random_legal_actions(obs["action_mask"], rng)
            acting = infos["current_player"].copy()
            obs, rewards, terminations, truncations, infos = env.step(actions)
            self.assertEqual(terminations.dtype, np.bool_)
            for i, s in enumerate(slots):
                where = "%s %s step %d game %d" % (name, options, step, i)
                seat_rewards, terminated, truncated = s.play(int(actions[i]))
                self.assertEqual(list(infos["seat_rewards"][i]), seat_rewards, where)
                self.assertEqual(rewards[i], seat_rewards[acting[i]], where)
                self.assertEqual(int(infos["acting_player"][i]), int(acting[i]), where)
                self.assertEqual(bool(terminations[i]), terminated, where)
                self.assertEqual(bool(truncations[i]), truncated, where)
                ends += terminated or truncated
            step += 1
        # The slots are where the batch is: their histories are the batch's.
        for i, s in enumerate(slots):
            with env.game(i) as g:
                self.assertEqual(g.seed, s.game.seed)
                self.assertEqual(g.history(), s.game.history())
        return slots, ends

    def test_every_game(self):
        for name, options in CASES:
            with self.subTest(game=name, options=options):
                slots, ends = self.check(name, options, size=4, seed=11, steps=40,
                                         min_episodes=3 if name != "kings_blood" else 0)
                if name != "kings_blood":  # (its games are long)
                    self.assertGreaterEqual(ends, 3)

    def test_max_steps_truncates(self):
        slots, ends = self.check("game_of_kingdoms", "players=3", size=3, seed=5, steps=25,
                                 max_steps=7)
        self.assertGreaterEqual(ends, 9)

    def test_kings_family_deals_over_at_once_are_skipped(self):
        # Seed 82 deals a King's Family game that is over before its first
        # decision: slot 0 of a batch from seed 82 starts with seed 83 ...
        with VectorEnv("kings_family", num_envs=1, seed=82) as env:
            with env.game(0) as g:
                self.assertEqual(g.seed, 83)
        with crown.Game("kings_family", seed=82) as g:
            self.assertTrue(g.is_terminal())
        # ... and a slot whose next episode is that deal goes on to the one
        # after it (slot 2 of 5 from seed 75: its episode 1 is seed 82).
        slots, ends = self.check("kings_family", "", size=5, seed=75, steps=1,
                                 min_episodes=10)
        self.assertGreaterEqual(slots[2].skipped, 1)


class Seeds(NeedsNumpy):
    def run_env(self, env, steps, seed=0):
        rng = np.random.default_rng(seed)
        seen = []
        obs = {"action_mask": env.action_mask}
        for _ in range(steps):
            obs, rewards, terms, truncs, infos = env.step(
                random_legal_actions(obs["action_mask"], rng))
            seen.append((obs["observation"].copy(), obs["action_mask"].copy(),
                         infos["seat_rewards"].copy(), terms.copy(), truncs.copy()))
        return seen

    def assertSame(self, a, b):
        self.assertEqual(len(a), len(b))
        for x, y in zip(a, b):
            for u, v in zip(x, y):
                self.assertTrue(np.array_equal(u, v))

    def test_seeds_reproduce(self):
        with VectorEnv("blood_bound", num_envs=8, seed=3) as a, \
                VectorEnv("blood_bound", num_envs=8, seed=99) as b:
            first = self.run_env(a, 60)
            b.reset(seed=3)
            self.assertSame(first, self.run_env(b, 60))
            a.reset(seed=3)
            self.assertSame(first, self.run_env(a, 60))
            # Another seed, another run.
            b.reset(seed=4)
            self.assertFalse(np.array_equal(first[0][0], self.run_env(b, 1)[0][0]))

    def test_reset_without_seed(self):
        with VectorEnv("game_of_kingdoms", num_envs=4, seed=7) as a, \
                VectorEnv("game_of_kingdoms", num_envs=4, seed=7) as b:
            # The first reset() is the constructor's seed.
            a.reset()
            self.assertEqual(a.seed, 7)
            # Then the next seed of a generator seeded with the last one.
            a.reset()
            b.reset(seed=7)
            b.reset()
            self.assertNotEqual(a.seed, 7)
            self.assertEqual(a.seed, b.seed)
            self.assertTrue(np.array_equal(a.observations, b.observations))
            with a.game(1) as g:
                self.assertEqual(g.seed, a.seed + 1)


class Errors(NeedsNumpy):
    def env(self, *args, **kw):
        env = VectorEnv(*args, **kw)
        self.addCleanup(env.close)
        return env

    def snapshot(self, env):
        hashes = []
        for i in range(env.num_envs):
            with env.game(i) as g:
                hashes.append((g.state_hash(), len(g.history())))
        return (env.observations.copy(), env.action_mask.copy(), env.current_player.copy(),
                env.seat_rewards.copy(), env.terminations.copy(), hashes)

    def assertUnchanged(self, before, env):
        after = self.snapshot(env)
        for x, y in zip(before[:5], after[:5]):
            self.assertTrue(np.array_equal(x, y))
        self.assertEqual(before[5], after[5])

    def test_illegal_action_names_the_game_and_changes_nothing(self):
        for copy in (False, True):
            env = self.env("game_of_kingdoms", "players=4", num_envs=6, seed=1, copy=copy)
            rng = np.random.default_rng(1)
            env.step(random_legal_actions(env.action_mask, rng))
            before = self.snapshot(env)
            actions = random_legal_actions(env.action_mask, rng)
            illegal = int(np.flatnonzero(env.action_mask[3] == 0)[0])
            actions[3] = illegal
            with self.assertRaises(crown.IllegalMoveError) as cm:
                env.step(actions)
            self.assertIn("game 3: action %d" % illegal, str(cm.exception))
            self.assertUnchanged(before, env)
            for bad, what in ((-1, "out of range"), (env.num_actions, "out of range"),
                              (2**40, "out of range")):
                wide = actions.astype(np.int64)
                wide[5] = bad
                with self.assertRaises(crown.IllegalMoveError) as cm:
                    env.step(wide)
                self.assertIn("game 5: action %d is %s" % (bad, what), str(cm.exception))
                self.assertUnchanged(before, env)
            # Python integers beyond any numpy type make an object array.
            for bad in (2**70, -2**70):
                huge = [int(x) for x in actions]
                huge[5] = bad
                with self.assertRaises(crown.IllegalMoveError) as cm:
                    env.step(huge)
                self.assertIn("game 5: action %d is out of range" % bad, str(cm.exception))
                self.assertUnchanged(before, env)
            mixed = [int(x) for x in actions] + [None]
            mixed[5] = "3"
            with self.assertRaises(TypeError) as cm:
                env.step(np.array(mixed[:6], dtype=object))
            self.assertIn("game 5", str(cm.exception))
            self.assertUnchanged(before, env)
            # The same step, legal now, goes as in a twin that never failed.
            actions[3] = int(np.flatnonzero(env.action_mask[3])[0])
            twin = self.env("game_of_kingdoms", "players=4", num_envs=6, seed=1)
            twin.step(random_legal_actions(twin.action_mask, np.random.default_rng(1)))
            env.step(actions)
            twin.step(actions)
            self.assertTrue(np.array_equal(env.observations, twin.observations))

    def test_bad_arguments(self):
        env = self.env("blood_bound", num_envs=4, seed=1)
        before = self.snapshot(env)
        with self.assertRaises(crown.InvalidArgumentError):
            env.step(np.zeros(3, dtype=np.int32))  # a wrong shape never reaches C
        with self.assertRaises(crown.InvalidArgumentError):
            env.step(np.zeros((4, 1), dtype=np.int32))
        with self.assertRaises(TypeError):
            env.step(np.zeros(4, dtype=np.float32))
        with self.assertRaises(TypeError):
            env.step(np.zeros(4, dtype=np.bool_))
        with self.assertRaises(crown.InvalidArgumentError):
            env.reset(options={"players": 4})
        self.assertUnchanged(before, env)
        with self.assertRaises(crown.UnknownGameError):
            VectorEnv("chess", num_envs=2)
        with self.assertRaises(crown.OptionError):
            VectorEnv("game_of_kingdoms", "players=17", num_envs=2)
        with self.assertRaises(crown.OptionError) as cm:
            VectorEnv("game_of_kingdoms", "chance=explicit", num_envs=2)
        self.assertIn("chance=explicit", str(cm.exception))
        with self.assertRaises(crown.InvalidArgumentError):
            VectorEnv("game_of_kingdoms", num_envs=0)
        with self.assertRaises(TypeError):
            VectorEnv("game_of_kingdoms", num_envs=2.0)
        with self.assertRaises(crown.InvalidArgumentError):
            VectorEnv("game_of_kingdoms", num_envs=2, seed=-1)

    def test_closed(self):
        env = VectorEnv("blood_bound", num_envs=2, seed=1)
        mask = env.action_mask
        env.close()
        env.close()
        self.assertTrue(env.closed)
        self.assertEqual(mask.shape, (2, env.num_actions))  # (still numpy's)
        for call in (lambda: env.step(np.zeros(2, dtype=np.int32)), env.reset,
                     lambda: env.game(0)):
            with self.assertRaises(crown.StateError):
                call()
        with VectorEnv("blood_bound", num_envs=2, seed=1) as env:
            pass
        self.assertTrue(env.closed)

    def test_copies_are_refused(self):
        # A copy would share the batch, which the first of the two to go
        # frees under the other (copy.copy did: a crash).
        env = VectorEnv("blood_bound", num_envs=2, seed=1)
        for make in (copy.copy, copy.deepcopy, pickle.dumps):
            with self.assertRaises(TypeError) as caught:
                make(env)
            self.assertIn("cannot be copied", str(caught.exception))
        gc.collect()
        env.step(np.argmax(env.action_mask, axis=1))
        env.close()


class Arrays(NeedsNumpy):
    def test_arrays_are_reused_unless_copy(self):
        with VectorEnv("game_of_kingdoms", "players=4", num_envs=8, seed=2) as env, \
                VectorEnv("game_of_kingdoms", "players=4", num_envs=8, seed=2,
                          copy=True) as copied:
            obs, _ = env.reset()
            obs_c, _ = copied.reset()
            rng = np.random.default_rng(2)
            kept = []
            for _ in range(30):
                actions = random_legal_actions(obs["action_mask"], rng)
                step = env.step(actions)
                step_c = copied.step(actions)
                # The same values ...
                for x, y in zip(step[:4], step_c[:4]):
                    if isinstance(x, dict):
                        x, y = x["observation"], y["observation"]
                    self.assertTrue(np.array_equal(x, y))
                self.assertTrue(np.array_equal(step[4]["seat_rewards"],
                                               step_c[4]["seat_rewards"]))
                # ... in the same arrays each time, or in new ones.
                self.assertIs(step[0]["observation"], env.observations)
                self.assertIs(step[0]["observation"], obs["observation"])
                if kept:
                    self.assertIsNot(step_c[0]["observation"], kept[-1][0]["observation"])
                kept.append((step_c[0], step_c[4]["current_player"],
                             step_c[0]["observation"].copy(), step_c[4]["current_player"].copy()))
                obs = step[0]
            # The reused arrays are read-only, the copies not.
            with self.assertRaises(ValueError):
                obs["action_mask"][0, 0] = 1
            with self.assertRaises(ValueError):
                step[4]["seat_rewards"][0] = 1
            step_c[0]["action_mask"][0, 0] = 1
            for arrays, players, obs_then, players_then in kept:
                self.assertTrue(np.array_equal(arrays["observation"], obs_then))
                self.assertTrue(np.array_equal(players, players_then))

    def test_random_legal_actions(self):
        rng = np.random.default_rng(0)
        for n in (1, 5, 8, 13, 108):
            masks = (rng.random((7, n)) < 0.3).astype(np.int8)
            masks[np.arange(7), rng.integers(0, n, 7)] = 1
            seen = np.zeros_like(masks)
            for _ in range(300):
                a = random_legal_actions(masks, rng)
                self.assertEqual(a.dtype, np.int32)
                self.assertTrue(np.all(masks[np.arange(7), a] == 1))
                seen[np.arange(7), a] = 1
            self.assertTrue(np.array_equal(seen, masks))  # every legal action comes up
        # Other types of masks: what is not 0 is legal.
        for kind in (np.bool_, np.float32, np.int64):
            a = random_legal_actions(masks.astype(kind) * 3, rng)
            self.assertTrue(np.all(masks[np.arange(7), a] == 1))
        masks[4] = 0
        with self.assertRaises(crown.InvalidArgumentError) as cm:
            random_legal_actions(masks, rng)
        self.assertIn("game 4", str(cm.exception))


class Spaces(NeedsNumpy):
    def test_spaces_hold_what_the_env_returns(self):
        with VectorEnv("kings_blood", "players=2", num_envs=3, seed=1) as env:
            obs, infos = env.reset(seed=1)
            self.assertEqual(env.num_envs, 3)
            self.assertTrue(env.observation_space.contains(obs))
            self.assertTrue(env.single_observation_space.contains(
                {"observation": obs["observation"][0], "action_mask": obs["action_mask"][0]}))
            actions = random_legal_actions(obs["action_mask"], np.random.default_rng(1))
            self.assertTrue(env.action_space.contains(actions))
            self.assertTrue(env.single_action_space.contains(int(actions[0])))
            self.assertEqual(env.single_action_space.n, env.num_actions)
            self.assertEqual(obs["observation"].shape, (3, env.observation_size))
            self.assertEqual(env.seat_rewards.shape, (3, 2))
            self.assertEqual(infos["current_player"].dtype, np.int32)
            mode = env.metadata["autoreset_mode"]
            if gymnasium is None:
                self.assertEqual(mode, "SameStep")
            else:
                self.assertIs(mode, gymnasium.vector.AutoresetMode.SAME_STEP)

    def test_gymnasium(self):
        if gymnasium is None:
            self.skipTest("gymnasium does not import")
        from gymnasium.wrappers.vector import RecordEpisodeStatistics
        env = RecordEpisodeStatistics(VectorEnv("blood_bound", num_envs=16, seed=4))
        self.assertIsInstance(env.unwrapped, gymnasium.vector.VectorEnv)
        obs, _ = env.reset(seed=4)
        rng = np.random.default_rng(4)
        sums = np.zeros(16)
        episodes = 0
        for _ in range(200):
            obs, rewards, terms, truncs, infos = env.step(
                random_legal_actions(obs["action_mask"], rng))
            sums += rewards
            if "episode" in infos:
                done = infos["_episode"]
                self.assertTrue(np.allclose(infos["episode"]["r"][done], sums[done]))
                sums[done] = 0
                episodes += int(done.sum())
        self.assertGreater(episodes, 0)
        env.close()
        # Gymnasium's make_vec takes it without a warning (it warns when the
        # autoreset mode is missing or not an AutoresetMode), and its
        # DictInfoToList reads its infos.
        import warnings
        from gymnasium.wrappers.vector import DictInfoToList
        gymnasium.register(id="crown-test/BloodBound-v0", vector_entry_point=(
            lambda num_envs, **kw: VectorEnv("blood_bound", num_envs=num_envs, **kw)))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            env = gymnasium.make_vec("crown-test/BloodBound-v0", num_envs=8,
                                     vectorization_mode="vector_entry_point", seed=3)
        self.assertEqual(env.unwrapped.seed, 3)
        env = DictInfoToList(env)
        obs, _ = env.reset()
        _, _, _, _, infos = env.step(random_legal_actions(obs["action_mask"], rng))
        self.assertEqual(len(infos), 8)
        self.assertEqual(infos[2]["seat_rewards"].shape, (8,))
        env.close()

    def test_without_gymnasium(self):
        # Gymnasium hidden: the package's own spaces, the mode as a string.
        code = ("import sys; sys.modules['gymnasium'] = None\n"
                "import numpy as np\n"
                "from crown.vector import VectorEnv, Box, MultiDiscrete\n"
                "env = VectorEnv('blood_bound', num_envs=4, seed=1)\n"
                "obs, _ = env.reset()\n"
                "assert type(env).__mro__[1] is object\n"
                "assert env.metadata['autoreset_mode'] == 'SameStep'\n"
                "assert isinstance(env.action_space, MultiDiscrete)\n"
                "assert env.observation_space.contains(obs)\n"
                "assert not env.observation_space.contains({'observation': obs['observation']})\n"
                "assert env.action_space.contains(np.zeros(4, dtype=np.int32))\n"
                "assert not env.action_space.contains(np.full(4, 108))\n"
                "assert env.single_action_space.n == 108\n"
                "print('ok')\n")
        result = run_python(["-c", code])
        self.assertEqual(result.stdout.strip(), "ok", result.stderr)


class Imports(unittest.TestCase):
    def test_crown_does_not_need_numpy(self):
        code = ("import sys; sys.modules['numpy'] = None\n"
                "import crown, crown.env\n"
                "try:\n"
                "    import crown.vector\n"
                "except ImportError as e:\n"
                "    print(e)\n")
        result = run_python(["-c", code])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("python3-numpy", result.stdout)


class Examples(NeedsNumpy):
    def test_selfplay_example(self):
        result = run_python([os.path.join(EXAMPLES, "selfplay.py"), "--game", "game_of_kingdoms",
                             "--options", "players=3", "--num-envs", "32", "--updates", "3",
                             "--steps", "20"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("update 3", result.stdout)

    def test_the_loop_of_docs_bots(self):
        path = os.path.join(SOURCE_ROOT, "docs", "bots.md")
        if not os.path.exists(path):
            self.skipTest("not in the source tree")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        section = text[text.index("## Many games at once: `crown.vector`"):]
        code = section[section.index("```python\n") + 10:section.index("```\n\n")]
        result = run_python(["-c", code])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stdout, r"^\d+ games, mean returns per seat \[")

    def test_bench_vector(self):
        bench = os.path.join(EXAMPLES, "bench_vector.py")
        result = run_python([bench, "--game", "blood_bound", "--num-envs", "64",
                             "--seconds", "0.05", "--rounds", "1", "--no-c"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stdout, r"\nblood_bound players=8 +\d+ ")
        # With the C side: crown-bench --batch's figure, or null where the
        # crown-bench found has no --batch.
        result = run_python([bench, "--game", "kings_family", "--num-envs", "16",
                             "--seconds", "0.05", "--rounds", "1", "--json"])
        self.assertEqual(result.returncode, 0, result.stderr)
        import json
        [row] = json.loads(result.stdout)
        self.assertEqual((row["game"], row["options"], row["num_envs"]), ("kings_family", "", 16))
        self.assertGreater(row["steps_per_s"], 0)
        self.assertTrue(row["c_ns"] is None or row["c_ns"] > 0, row)


if __name__ == "__main__":
    unittest.main(verbosity=2)
