"""Tests of crown.vector, run by `meson test` (test python-vector): the vector
environment against one crown.Game per slot, step by step, for every game
and reward mode; seeds, errors, the caller's arrays, interruptions and
re-initialization, the keywords that are not options, masks, spaces,
Gymnasium's ids and vector wrappers against the truth (when Gymnasium
imports: PYTHONPATH=DIR for Gymnasium in DIR), and the example programs.
Skipped where numpy does not import (a failure where CROWN_EXPECT_NUMPY is
set)."""

import copy
import gc
import os
import pickle
import signal
import subprocess
import sys
import unittest
import warnings

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


MODES = ("NextStep", "SameStep", "Disabled")


def mix(z):
    """The splitmix64 finalizer (crown.h "Episodes and seeds")."""
    z = (z + 0x9E3779B97F4A7C15) % 2**64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return z ^ (z >> 31)


def episode_seed(seed, i, k):
    """E(seed, i, k): slot i's k-th episode after a reset with `seed`."""
    return mix(mix(mix(seed) ^ i) ^ k)


class Slot:
    """One crown.Game per slot, following crown.h's rules: after a reset
    with seed s slot i's k-th episode is the game of E(s, i, k) (after one
    with a seed per game, E(seeds[i], 0, k)), the episodes over before their
    first decision skipped; an episode ends terminated (over by its rules)
    or truncated (by the game's own length limit, or max_steps decisions);
    then, by the autoreset mode, the next episode starts in the same step
    (same-step), or the slot stays at the end (`ended`), for one step
    (next-step) or until a reset (disabled).  `episodes` holds each ended
    episode's returns, length (decisions) and first step's rewards, every
    seat's."""

    def __init__(self, name, options, seed, i, size=None, max_steps=0, mode="SameStep"):
        self.name, self.options, self.max_steps, self.mode = name, options, max_steps, mode
        self.skipped = 0
        self.episodes = []
        self.restart(seed, i)

    def restart(self, seed, i):
        """A reset: episodes E(seed, i, 0), E(seed, i, 1), ..."""
        self.base, self.i, self.k = int(seed), int(i), 0
        self.start()

    def next_episode(self):
        self.k += 1
        self.start()

    def start(self):
        while True:
            self.game = crown.Game(self.name, self.options,
                                   episode_seed(self.base, self.i, self.k))
            if not self.game.is_terminal():
                break
            self.skipped += 1
            self.k += 1
        self.returns = [0.0] * self.game.num_players
        self.steps = 0
        self.first = None
        self.ended = False
        self.final = None  # (seat, observation) of the episode's last decision

    def view(self):
        """(player, observation, mask) as the batch shows them."""
        g = self.game
        if self.ended:
            seat, final = self.final
            return crown.TERMINAL, final, np.zeros(len(g.legal_mask()), dtype=np.int8)
        seat = g.current_player()
        return seat, g.observation_tensor(seat), g.legal_mask()

    def play(self, action):
        """Plays an action; (rewards of every seat, terminated, truncated,
        the acting seat or -1)."""
        g = self.game
        if self.ended:
            zeros = [np.float32(0)] * g.num_players
            if self.mode == "NextStep":
                self.next_episode()
                return zeros, False, False, -1
            return zeros, self.flags[0], self.flags[1], -1
        seat = g.current_player()
        g.apply(g.index_move(action))
        self.steps += 1
        now = g.returns()
        rewards = [np.float32(a - b) for a, b in zip(now, self.returns)]
        if self.first is None:
            self.first = rewards
        self.returns = now
        over = g.is_terminal()
        terminated = over and not g.is_truncated()
        truncated = g.is_truncated() or (not over and self.max_steps > 0
                                         and self.steps >= self.max_steps)
        if terminated or truncated:
            self.episodes.append({"returns": now, "length": self.steps, "first": self.first,
                                  "truncated": truncated})
            self.final = (seat, g.observation_tensor(seat))
            self.flags = (terminated, truncated)
            if self.mode == "SameStep":
                final = self.final
                self.next_episode()
                self.final = final
            else:
                self.ended = True
        return rewards, terminated, truncated, seat


def rewards_of(mode, seat_rewards, acting):
    """What step() returns as the rewards of one game under reward_mode
    `mode`, from every seat's rewards and the acting seat."""
    if mode == "seats":
        return seat_rewards
    if mode == "acting":
        return seat_rewards[acting] if acting >= 0 else np.float32(0)
    return seat_rewards[mode]


class Equivalence(NeedsNumpy):
    """The vector environment plays what one crown.Game per slot plays, in
    each autoreset mode."""

    def check(self, name, options, size, seed, steps, max_steps=0, min_episodes=0,
              reward_mode="seats", mode="NextStep", threads=1, reseed=True):
        env = VectorEnv(name, options, num_envs=size, seed=seed, max_steps=max_steps,
                        reward_mode=reward_mode, autoreset_mode=mode, num_threads=threads)
        self.addCleanup(env.close)
        obs, infos = env.reset(seed=seed)
        slots = [Slot(name, options, seed, i, max_steps=max_steps, mode=mode)
                 for i in range(size)]
        rng = np.random.default_rng(seed)
        ends = 0
        step = 0
        while step < steps or ends < min_episodes:
            for i, s in enumerate(slots):
                seat, tensor, mask = s.view()
                where = "%s %s %s step %d game %d" % (name, options, mode, step, i)
                self.assertEqual(int(infos["current_player"][i]), seat, where)
                self.assertTrue(np.array_equal(obs["observation"][i], tensor), where)
                self.assertTrue(np.array_equal(obs["action_mask"][i], mask), where)
            self.assertEqual(obs["action_mask"].dtype, np.int8)
            actions = random_legal_actions(obs["action_mask"], rng)
            obs, rewards, terminations, truncations, infos = env.step(actions)
            self.assertEqual(terminations.dtype, np.bool_)
            self.assertEqual(rewards.dtype, np.float32)
            self.assertEqual(rewards.shape, (size, env.num_players) if reward_mode == "seats"
                             else (size,))
            ended = []
            for i, s in enumerate(slots):
                where = "%s %s %s step %d game %d" % (name, options, mode, step, i)
                seat_rewards, terminated, truncated, acting = s.play(int(actions[i]))
                self.assertEqual(list(infos["seat_rewards"][i]), seat_rewards, where)
                expected = rewards_of(reward_mode, seat_rewards, acting)
                self.assertEqual(np.asarray(rewards[i]).tolist(), expected, where)
                self.assertEqual(int(infos["acting_player"][i]), acting, where)
                self.assertEqual(bool(terminations[i]), terminated, where)
                self.assertEqual(bool(truncations[i]), truncated, where)
                if acting >= 0 and (terminated or truncated):
                    ends += 1
                    ended.append(i)
            self.check_final(infos, slots, ended, mode, env)
            step += 1
            if mode == "Disabled":
                obs, infos = self.reset_ended(env, slots, step, obs, infos, reseed)
        # The slots are where the batch is: their histories are the batch's.
        for i, s in enumerate(slots):
            with env.game(i) as g:
                self.assertEqual(g.seed, s.game.seed)
                self.assertEqual(env.episode_seed(i), s.game.seed)
                self.assertEqual(g.history(), s.game.history())
        return slots, ends

    def check_final(self, infos, slots, ended, mode, env):
        """Same-step's final observations and infos of the games that
        ended, as Gymnasium's SyncVectorEnv gives them; none in the other
        modes."""
        if mode != "SameStep" or not ended:
            for key in ("final_obs", "_final_obs", "final_info", "_final_info"):
                self.assertNotIn(key, infos)
            return
        mask = np.zeros(len(slots), dtype=bool)
        mask[ended] = True
        self.assertTrue(np.array_equal(infos["_final_obs"], mask))
        self.assertTrue(np.array_equal(infos["_final_info"], mask))
        self.assertEqual(infos["final_obs"].dtype, object)
        for i, s in enumerate(slots):
            final = infos["final_obs"][i]
            if not mask[i]:
                self.assertIsNone(final)
                continue
            self.assertTrue(np.array_equal(final["observation"], s.final[1]))
            self.assertEqual(final["action_mask"].shape, (env.num_actions,))
            self.assertFalse(final["action_mask"].any())
            self.assertTrue(env.single_observation_space.contains(final))
        info = infos["final_info"]
        for key in ("seat_rewards", "acting_player", "current_player"):
            self.assertTrue(np.array_equal(info["_" + key], mask))
        self.assertTrue(np.array_equal(info["seat_rewards"][mask],
                                       infos["seat_rewards"][mask]))
        self.assertTrue(np.array_equal(info["acting_player"][mask],
                                       [slots[i].final[0] for i in ended]))
        self.assertTrue(np.all(info["current_player"][mask] == crown.TERMINAL))

    def reset_ended(self, env, slots, step, obs, infos, reseed=True):
        """Disabled autoreset: the games at their end start again by
        reset(options={"reset_mask": m}), every other step (so that some
        steps meet them at their end), in turn at their next episodes, with
        one seed a game, and with one seed (or only the first, not
        `reseed`)."""
        ended = np.array([s.ended for s in slots])
        self.assertTrue(np.array_equal(infos["current_player"] == crown.TERMINAL, ended))
        if step % 2 or not ended.any():
            return obs, infos
        before = obs["observation"].copy(), obs["action_mask"].copy()
        kind = (step // 2) % 3 if reseed else 0
        if kind == 0:
            obs, infos = env.reset(options={"reset_mask": ended})
            for i in np.flatnonzero(ended):
                slots[i].next_episode()
        elif kind == 1:
            seeds = [1000 + step * 10 + i for i in range(len(slots))]
            obs, infos = env.reset(seed=seeds, options={"reset_mask": ended})
            for i in np.flatnonzero(ended):
                slots[i].restart(seeds[i], 0)
        else:
            obs, infos = env.reset(seed=step, options={"reset_mask": ended})
            for i in np.flatnonzero(ended):
                slots[i].restart(step, i)
        # The other games' rows are as they were, and the rewards and
        # flags of the games reset are 0.
        self.assertTrue(np.array_equal(obs["observation"][~ended], before[0][~ended]))
        self.assertTrue(np.array_equal(obs["action_mask"][~ended], before[1][~ended]))
        self.assertFalse(env.terminations[ended].any() or env.truncations[ended].any())
        self.assertFalse(env.seat_rewards[ended].any())
        return obs, infos

    def test_every_game_in_every_mode(self):
        for mode in MODES:
            for name, options in CASES:
                with self.subTest(game=name, options=options, mode=mode):
                    slots, ends = self.check(name, options, size=4, seed=11, steps=40,
                                             min_episodes=3 if name != "kings_blood" else 0,
                                             mode=mode)
                    if name != "kings_blood":  # (its games are long)
                        self.assertGreaterEqual(ends, 3)

    def test_reward_modes(self):
        # Every seat's (the default), the acting seat's, and each seat's.
        for name, options in (("game_of_kingdoms", "players=3"), ("kings_family", ""),
                              ("blood_bound", "players=6")):
            players = crown.Game(name, options).num_players
            for mode in ["seats", "acting"] + list(range(players)):
                for autoreset in ("NextStep", "SameStep"):
                    with self.subTest(game=name, reward_mode=mode, autoreset=autoreset):
                        self.check(name, options, size=3, seed=21, steps=1, min_episodes=3,
                                   reward_mode=mode, mode=autoreset)
        with VectorEnv("game_of_kingdoms", num_envs=2, seed=1, reward_mode=np.int64(1)) as env:
            self.assertEqual(env.reward_mode, 1)

    def test_reward_mode_errors(self):
        for bad, error in (("seat", crown.InvalidArgumentError), (4, crown.InvalidArgumentError),
                           (-1, crown.InvalidArgumentError), (True, TypeError),
                           (1.0, TypeError), (None, TypeError)):
            with self.subTest(reward_mode=bad):
                with self.assertRaises(error) as cm:
                    VectorEnv("game_of_kingdoms", "players=4", num_envs=2, reward_mode=bad)
                self.assertIn("reward_mode", str(cm.exception))

    def test_max_steps_truncates(self):
        for mode in MODES:
            with self.subTest(mode=mode):
                slots, ends = self.check("game_of_kingdoms", "players=3", size=3, seed=5,
                                         steps=25, max_steps=7, mode=mode)
                self.assertGreaterEqual(ends, 6)

    def test_the_games_length_limits_truncate(self):
        # A game's own limit ends an episode truncated, not terminated, as
        # crown.Game.is_truncated() says; the same in every mode.
        for name, options in (("game_of_kingdoms", "players=4,max_bouts=2"),
                              ("kings_blood", "players=3,max_turns=4"),
                              ("kings_family", "max_moves=3"),
                              ("blood_bound", "players=6,max_turns=2")):
            for mode in MODES:
                with self.subTest(game=name, options=options, mode=mode):
                    slots, ends = self.check(name, options, size=4, seed=31, steps=30,
                                             mode=mode)
                    episodes = [e for s in slots for e in s.episodes]
                    self.assertGreaterEqual(sum(e["truncated"] for e in episodes), 4)

    def test_threads_give_the_same_results(self):
        # The same seeds on 1, 2 and 3 threads (and 0: one per processor):
        # every array equal, step by step, in every mode.
        for mode in MODES:
            runs = []
            for threads in (1, 2, 3, 0):
                with VectorEnv("game_of_kingdoms", "players=4", num_envs=37, seed=8,
                               autoreset_mode=mode, num_threads=threads) as env:
                    self.assertEqual(env.num_threads, threads)
                    rng = np.random.default_rng(8)
                    obs, infos = env.reset(seed=8)
                    seen = []
                    for t in range(50):
                        step = env.step(random_legal_actions(obs["action_mask"], rng))
                        obs, infos = step[0], step[4]
                        seen.append([obs["observation"], obs["action_mask"], step[1], step[2],
                                     step[3], infos["current_player"]])
                        if mode == "Disabled" and t % 5 == 4 and (step[2] | step[3]).any():
                            obs, infos = env.reset(options={"reset_mask": step[2] | step[3]})
                    seen.append([env.episode_seed(i) for i in range(37)])
                    runs.append(seen)
            for run in runs[1:]:
                for a, b in zip(runs[0], run):
                    for x, y in zip(a, b):
                        self.assertTrue(np.array_equal(x, y), mode)
        with self.assertRaises(crown.InvalidArgumentError):
            VectorEnv("game_of_kingdoms", num_envs=2, num_threads=257)

    def test_kings_family_deals_over_at_once_are_skipped(self):
        # Some King's Family deals are over before their first decision
        # (about 1 in 100): a slot whose next episode is one goes on to the
        # one after it, in every mode.  Slot 0's episode 15 from seed 0 is
        # one, and its first from seed 519.
        for seed in (0, 519):
            with crown.Game("kings_family", seed=episode_seed(seed, 0, 15 if seed == 0 else 0)
                            ) as g:
                self.assertTrue(g.is_terminal())
            for mode in MODES:
                with self.subTest(seed=seed, mode=mode):
                    slots, ends = self.check("kings_family", "", size=2, seed=seed, steps=1,
                                             min_episodes=36, mode=mode, reseed=False)
                    self.assertGreaterEqual(slots[0].skipped, 1)
        with VectorEnv("kings_family", num_envs=1, seed=519) as env:
            self.assertEqual(env.episode_seed(0), episode_seed(519, 0, 1))


class Seeds(NeedsNumpy):
    def test_runs_of_different_seeds_share_no_game(self):
        # Seeds 0, 1 and 8 of 8 games (under the rule before 0.5.0, seed 1's
        # game i was seed 0's game i + 1, and seed 8 replayed seed 0's
        # second episodes): every episode of the three runs has a seed of
        # its own.
        played = []
        for seed in (0, 1, 8):
            with VectorEnv("game_of_kingdoms", "players=2", num_envs=8, seed=seed) as env:
                env.reset(seed=seed)
                rng = np.random.default_rng(seed)
                obs = {"action_mask": env.action_mask}
                run = {env.episode_seed(i) for i in range(8)}
                for _ in range(400):
                    obs, _, terms, truncs, _ = env.step(
                        random_legal_actions(obs["action_mask"], rng))
                    run.update(env.episode_seed(i) for i in range(8))
                self.assertGreater(len(run), 12)  # (episodes ended, others began)
                played.append(run)
        for a in range(3):
            for b in range(a + 1, 3):
                self.assertEqual(played[a] & played[b], set())

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
            self.run_env(a, 3)
            a.reset()
            self.assertEqual(a.seed, 7)
            self.assertTrue(np.array_equal(a.observations, b.observations))
            for i in range(4):
                self.assertEqual(a.episode_seed(i), episode_seed(7, i, 0))
            # Then each game goes on at its next episode (the seed stays).
            a.reset()
            self.assertEqual(a.seed, 7)
            for i in range(4):
                self.assertEqual(a.episode_seed(i), episode_seed(7, i, 1))
                with a.game(i) as g, crown.Game("game_of_kingdoms", seed=a.episode_seed(i)) as h:
                    self.assertEqual(g.history(), h.history())
                    self.assertTrue(np.array_equal(a.observations[i],
                                                   h.observation_tensor(h.current_player())))

    def test_one_seed_per_game(self):
        # reset(seed=[...]): game i plays the games of E(seeds[i], 0, k), as
        # slot 0 of an environment reset with seeds[i]; equal seeds, equal
        # games.
        seeds = [5, 2**64 - 1, 5, 123456789]
        with VectorEnv("blood_bound", num_envs=4, seed=1) as env:
            for given in (seeds, tuple(seeds), np.array(seeds, dtype=np.uint64)):
                obs, _ = env.reset(seed=given)
                self.assertTrue(np.array_equal(env.seed, seeds))
                self.assertFalse(env.seed.flags.writeable)
                for i, s in enumerate(seeds):
                    self.assertEqual(env.episode_seed(i), episode_seed(s, 0, 0))
                self.assertTrue(np.array_equal(obs["observation"][0], obs["observation"][2]))
            # Game i goes as the one game of an environment of seed
            # seeds[i] (slot 0), given the same actions.
            ones = [VectorEnv("blood_bound", num_envs=1, seed=s) for s in seeds]
            rng = np.random.default_rng(3)
            for _ in range(80):
                actions = random_legal_actions(env.action_mask, rng)
                actions[2] = actions[0]
                env.step(actions)
                for i, one in enumerate(ones):
                    one.step(actions[i:i + 1])
                    for x, y in ((env.observations, one.observations),
                                 (env.seat_rewards, one.seat_rewards),
                                 (env.current_player, one.current_player),
                                 (env.terminations, one.terminations)):
                        self.assertTrue(np.array_equal(x[i:i + 1], y))
                    self.assertEqual(env.episode_seed(i), one.episode_seed(0))
            for one in ones:
                one.close()
            # An int seed is E(seed, i, k), as before.
            env.reset(seed=9)
            self.assertEqual(env.seed, 9)
            self.assertEqual([env.episode_seed(i) for i in range(4)],
                             [episode_seed(9, i, 0) for i in range(4)])
            # Wrong seeds change nothing.
            before = env.observations.copy()
            for bad, error in (([1, 2, 3], crown.InvalidArgumentError),
                               ([1, 2, 3, -1], crown.InvalidArgumentError),
                               ([1, 2, 3, 2**64], crown.InvalidArgumentError),
                               ([1, 2, 3, None], crown.InvalidArgumentError),
                               (np.array([1, 2, 3, -4]), crown.InvalidArgumentError),
                               ([1, 2, 3, 1.5], TypeError),
                               (np.zeros(4), TypeError)):
                with self.subTest(seed=bad):
                    with self.assertRaises(error):
                        env.reset(seed=bad)
                    self.assertTrue(np.array_equal(env.observations, before))
                    self.assertEqual(env.seed, 9)
            env.reset(seed=np.uint64(8))  # (a numpy integer is one seed)
            self.assertEqual(env.seed, 8)

    def test_reset_of_some_games(self):
        # reset(options={"reset_mask": m}) in every mode: the games of m at
        # their next episodes, or at those of the seeds; the others, their
        # rows and the seed unchanged; the caller's options untouched.
        for mode in MODES:
            for copy in (True, False):
                with self.subTest(mode=mode, copy=copy), \
                        VectorEnv("kings_family", num_envs=5, seed=3, autoreset_mode=mode,
                                  copy=copy) as env:
                    self.run_env(env, 4)
                    before = snapshot(env)
                    mask = np.array([True, False, True, False, False])
                    options = {"reset_mask": mask}
                    obs, infos = env.reset(options=options)
                    self.assertEqual(list(options), ["reset_mask"])
                    self.assertIs(options["reset_mask"], mask)
                    after = snapshot(env)
                    for x, y in zip(before[0], after[0]):
                        self.assertTrue(np.array_equal(x[~mask], y[~mask]))
                    self.assertEqual(after[1], 3)
                    for i in range(5):
                        if mask[i]:
                            # (a new episode, at its first position)
                            self.assertNotEqual(env.episode_seed(i), episode_seed(3, i, 0))
                            with crown.Game("kings_family", seed=env.episode_seed(i)) as g:
                                self.assertEqual(after[2][i], (g.state_hash(), len(g.history())))
                            self.assertEqual(int(env.acting_player[i]), -1)
                        else:
                            self.assertEqual(after[2][i], before[2][i])
                    self.assertFalse(env.seat_rewards[mask].any())
                    self.assertIs(obs["observation"], env.observations)
                    self.assertIs(infos["current_player"], env.current_player)
                    # With seeds: an int gives what a reset of every game
                    # with it gives them, a list E(seeds[i], 0, k).
                    env.reset(seed=40, options={"reset_mask": mask})
                    self.assertEqual([env.episode_seed(i) for i in (0, 2)],
                                     [episode_seed(40, i, 0) for i in (0, 2)])
                    env.reset(seed=[50, 51, 52, 53, 54], options={"reset_mask": ~mask})
                    self.assertEqual([env.episode_seed(i) for i in (1, 3, 4)],
                                     [episode_seed(s, 0, 0) for s in (51, 53, 54)])
                    self.assertEqual([env.episode_seed(i) for i in (0, 2)],
                                     [episode_seed(40, i, 0) for i in (0, 2)])
                    self.assertEqual(env.seed, 3)
                    # Wrong masks change nothing.
                    before = snapshot(env)
                    for bad, error in ((np.zeros(5, bool), crown.InvalidArgumentError),
                                       (np.ones(4, bool), crown.InvalidArgumentError),
                                       (np.ones(5, np.int8), TypeError),
                                       ([1, 0, 1, 0, 0], TypeError)):
                        with self.assertRaises(error):
                            env.reset(options={"reset_mask": bad})
                        self.assertTrue(same(snapshot(env), before))
                    with self.assertRaises(crown.InvalidArgumentError):
                        env.reset(options={"reset_mask": mask, "players": 3})
                    self.assertTrue(same(snapshot(env), before))


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
    def test_arrays_are_the_callers_by_default(self):
        # A replay buffer that keeps what step() returns, without copies,
        # keeps every step; the arrays are writeable (in-place arithmetic,
        # Gymnasium's ClipReward), and what the caller writes into them
        # changes nothing of the environment.
        with VectorEnv("game_of_kingdoms", "players=4", num_envs=8, seed=2) as env, \
                VectorEnv("game_of_kingdoms", "players=4", num_envs=8, seed=2,
                          copy=False) as twin:
            self.assertTrue(env.copy)
            obs, infos = env.reset()
            twin_obs, _ = twin.reset()
            rng = np.random.default_rng(2)
            kept, truth = [], []
            for _ in range(30):
                actions = random_legal_actions(obs["action_mask"], rng)
                kept.append((obs["observation"], obs["action_mask"], infos["current_player"]))
                truth.append((twin_obs["observation"].copy(), twin_obs["action_mask"].copy(),
                              twin.current_player.copy()))
                obs, rewards, terms, truncs, infos = env.step(actions)
                twin_obs, twin_rewards, *_ = twin.step(actions)
                kept.append((rewards, terms, truncs, infos["seat_rewards"]))
                truth.append((twin_rewards.copy(), twin.terminations.copy(),
                              twin.truncations.copy(), twin.seat_rewards.copy()))
            for mine, theirs in zip(kept, truth):
                for x, y in zip(mine, theirs):
                    self.assertTrue(np.array_equal(x, y))
            for arrays in kept[-2:]:
                for x in arrays:
                    self.assertTrue(x.flags.writeable)
            # In place, and anything written: the next step is the twin's.
            obs["observation"] *= 2
            rewards += 1
            obs["action_mask"][:] = 1
            infos["current_player"][:] = 7
            actions = random_legal_actions(twin.action_mask, rng)
            obs, rewards, *_ = env.step(actions)
            twin.step(actions)
            self.assertTrue(np.array_equal(obs["observation"], twin.observations))
            self.assertTrue(np.array_equal(obs["action_mask"], twin.action_mask))
            self.assertTrue(np.array_equal(env.current_player, twin.current_player))
            self.assertTrue(np.array_equal(rewards, twin.rewards))

    def test_zero_copy_path(self):
        # copy=False: the environment's own arrays, the same at every call,
        # overwritten by the next and read-only.
        with VectorEnv("game_of_kingdoms", "players=4", num_envs=8, seed=2,
                       copy=False) as env:
            obs, infos = env.reset()
            rng = np.random.default_rng(2)
            for _ in range(5):
                step = env.step(random_legal_actions(obs["action_mask"], rng))
                self.assertIs(step[0]["observation"], obs["observation"])
                self.assertIs(step[0]["action_mask"], env.action_mask)
                self.assertIs(step[1], env.rewards)
                self.assertIs(step[4]["current_player"], infos["current_player"])
                obs = step[0]
            for array in (obs["observation"], obs["action_mask"], step[1], step[2], step[3],
                          step[4]["seat_rewards"], step[4]["current_player"], env.bool_mask):
                self.assertFalse(array.flags.writeable)
                with self.assertRaises(ValueError):
                    array[0] = 1

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
        # A row with no legal action (a game at its end): action 0.
        masks[4] = 0
        for _ in range(20):
            a = random_legal_actions(masks, rng)
            self.assertEqual(a[4], 0)
            self.assertTrue(np.all(masks[[0, 1, 2, 3, 5, 6], a[[0, 1, 2, 3, 5, 6]]] == 1))
        self.assertTrue(np.array_equal(random_legal_actions(np.zeros((3, 5), np.int8), rng),
                                       [0, 0, 0]))


def snapshot(env):
    """What an environment shows (its arrays, seed) and its games' states."""
    hashes = []
    for i in range(env.num_envs):
        with env.game(i) as g:
            hashes.append((g.state_hash(), len(g.history())))
    arrays = [env.observations, env.action_mask, env.current_player, env.rewards,
              env.seat_rewards, env.terminations, env.truncations]
    return [a.copy() for a in arrays], env.seed, hashes


def same(a, b):
    return (all(np.array_equal(x, y) for x, y in zip(a[0], b[0]))
            and a[1] == b[1] and a[2] == b[2])


def interrupted(k, call):
    """Runs call() with a KeyboardInterrupt raised before the k-th bytecode
    instruction it runs in crown.vector's code (where a Ctrl-C's handler
    may run: between any two, a C call's return and what follows it
    included); whether it was raised (k is within the call)."""
    where = os.path.dirname(crown.vector.__file__)
    count = [0]

    def instruction(frame, event, arg):
        if event == "opcode":
            count[0] += 1
            if count[0] == k:
                raise KeyboardInterrupt
        return instruction

    def calls(frame, event, arg):
        if frame.f_code.co_filename.startswith(where):
            frame.f_trace_opcodes = True
            return instruction
        return None

    sys.settrace(calls)
    try:
        call()
    except KeyboardInterrupt:
        return True
    finally:
        sys.settrace(None)
    return False


class Interruption(NeedsNumpy):
    """A KeyboardInterrupt anywhere in a step or a reset: the call happened
    whole or not at all, what the environment shows is what its games are,
    and it goes on as a twin that was never interrupted."""

    def twins(self, copy, reward_mode, mode="NextStep"):
        # (one bout a game: games end within the first steps, and some are
        # at their end in next-step and disabled autoreset)
        envs = [VectorEnv("game_of_kingdoms", "players=3,max_bouts=1", num_envs=4, seed=9,
                          copy=copy, reward_mode=reward_mode, autoreset_mode=mode)
                for _ in range(2)]
        for env in envs:
            self.addCleanup(env.close)
        rng = np.random.default_rng(9)
        for _ in range(3):
            actions = random_legal_actions(envs[1].action_mask, rng)
            for env in envs:
                env.step(actions)
        if mode == "Disabled":  # (the games at their end but game 0's start again)
            again = envs[1].current_player == crown.TERMINAL
            again[0] = False
            if again.any():
                for env in envs:
                    env.reset(options={"reset_mask": again})
        return envs

    def check_every_point(self, copy, reward_mode, what, mode="NextStep"):
        rng = np.random.default_rng(1)
        outcomes = set()
        mask = np.array([True, False, True, True])
        calls = {"step": lambda e: e.step(actions),
                 "reset": lambda e: e.reset(seed=77),
                 "continue": lambda e: e.reset(),
                 "masked": lambda e: e.reset(options={"reset_mask": mask})}
        k = 0
        while True:
            k += 1
            env, twin = self.twins(copy, reward_mode, mode)
            actions = random_legal_actions(twin.action_mask, rng)
            call = calls[what]
            before = snapshot(twin)
            call(twin)
            after = snapshot(twin)
            if not interrupted(k, lambda: call(env)):
                break
            now = snapshot(env)
            happened = same(now, after)
            self.assertTrue(happened or same(now, before), "interrupted at %d" % k)
            outcomes.add(happened)
            # The next steps from what the environment shows are the twin's.
            if not happened:
                call(env)
            for _ in range(3):
                actions = random_legal_actions(env.action_mask, rng)
                env.step(actions)
                twin.step(actions)
                self.assertTrue(same(snapshot(env), snapshot(twin)), "interrupted at %d" % k)
        self.assertEqual(outcomes, {False, True})  # (both sides of the C call met)
        self.assertGreater(k, 20)

    def test_step_interrupted_anywhere(self):
        for mode in MODES:
            for copy in (True, False):
                for reward_mode in ("seats", "acting"):
                    with self.subTest(mode=mode, copy=copy, reward_mode=reward_mode):
                        self.check_every_point(copy, reward_mode, "step", mode)

    def test_reset_interrupted_anywhere(self):
        for what in ("reset", "continue", "masked"):
            for copy in (True, False):
                with self.subTest(what=what, copy=copy):
                    self.check_every_point(copy, 1, what, "Disabled" if what == "masked"
                                           else "NextStep")

    def test_ctrl_c_during_the_c_call(self):
        # SIGINT while the library steps: Python's handler raises
        # KeyboardInterrupt as soon as the C call returns.
        if not hasattr(signal, "raise_signal"):
            self.skipTest("no signal.raise_signal")
        from crown import _library

        class Library:
            def __getattr__(self, name):
                return getattr(_library._lib, name)

            @staticmethod
            def crown_batch_step(*args):
                status = _library._lib.crown_batch_step(*args)
                signal.raise_signal(signal.SIGINT)
                return status

        module = sys.modules[VectorEnv.__module__]
        batch_module = sys.modules.get("crown.vector._batch", module)
        saved = batch_module._lib
        old_handler = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            for copy in (True, False):
                env, twin = self.twins(copy, "acting")
                actions = random_legal_actions(env.action_mask, np.random.default_rng(3))
                batch_module._lib = Library()
                try:
                    with self.assertRaises(KeyboardInterrupt):
                        env.step(actions)
                finally:
                    batch_module._lib = saved
                twin.step(actions)
                self.assertTrue(same(snapshot(env), snapshot(twin)), "copy=%s" % copy)
                actions = random_legal_actions(env.action_mask, np.random.default_rng(4))
                env.step(actions)
                twin.step(actions)
                self.assertTrue(same(snapshot(env), snapshot(twin)), "copy=%s" % copy)
        finally:
            signal.signal(signal.SIGINT, old_handler)


class Threads(NeedsNumpy):
    def test_one_thread_at_a_time(self):
        # A call while another thread's runs is refused (the batch must not
        # be stepped twice at once); a thread that ended inside a call
        # leaves the environment to the others.
        import threading
        from crown import _library
        inside, release = threading.Event(), threading.Event()

        class Library:
            def __getattr__(self, name):
                return getattr(_library._lib, name)

            @staticmethod
            def crown_batch_step(*args):
                inside.set()
                release.wait(60)
                return _library._lib.crown_batch_step(*args)

        import crown.vector._batch as batch_module
        env = VectorEnv("blood_bound", num_envs=3, seed=1)
        self.addCleanup(env.close)
        actions = random_legal_actions(env.action_mask, np.random.default_rng(0))
        saved = batch_module._lib
        batch_module._lib = Library()
        try:
            other = threading.Thread(target=env.step, args=(actions,))
            other.start()
            self.assertTrue(inside.wait(60))
            for call in (lambda: env.step(actions), env.reset, lambda: env.game(0), env.close):
                with self.assertRaises(crown.StateError) as cm:
                    call()
                self.assertIn("another thread", str(cm.exception))
            release.set()
            other.join(60)
        finally:
            batch_module._lib = saved
            release.set()
        with VectorEnv("blood_bound", num_envs=3, seed=1) as twin:  # (the other's step)
            twin.step(actions)
            self.assertTrue(same(snapshot(env), snapshot(twin)))
        ended = threading.Thread(target=env._lock.__enter__)
        ended.start()
        ended.join()
        env.step(random_legal_actions(env.action_mask, np.random.default_rng(1)))


class Reuse(NeedsNumpy):
    def test_init_again_frees_the_games(self):
        # Every batch made is freed: by a second __init__ (before it makes
        # its own), by close, or when the environment is collected.
        from crown import _library
        made, freed = [], []

        class Library:
            def __getattr__(self, name):
                return getattr(_library._lib, name)

            @staticmethod
            def crown_batch_new(out, *args):
                status = _library._lib.crown_batch_new(out, *args)
                if not status:
                    made.append(out._obj.value)
                return status

            @staticmethod
            def crown_batch_free(handle):
                freed.append(handle.value if hasattr(handle, "value") else handle)
                _library._lib.crown_batch_free(handle)

        import crown.vector._batch as batch_module
        saved = batch_module._lib
        batch_module._lib = Library()
        try:
            env = VectorEnv("kings_blood", "players=4", num_envs=8, seed=1)
            for i in range(30):
                env.__init__("kings_blood", "players=4", num_envs=8, seed=i)
                self.assertEqual(len(made) - len(freed), 1)
            with self.assertRaises(crown.OptionError):
                env.__init__("kings_blood", "players=40", num_envs=8)
            self.assertEqual(len(made), len(freed))  # (the old games went first)
            with self.assertRaises(crown.StateError):
                env.step(np.zeros(8, dtype=np.int32))
            env.__init__("blood_bound", num_envs=3, seed=2)
            env.step(random_legal_actions(env.action_mask, np.random.default_rng(0)))
            env.close()
            other = VectorEnv("blood_bound", num_envs=3, seed=2)
            del other
            gc.collect()
        finally:
            batch_module._lib = saved
        self.assertEqual(sorted(made), sorted(freed))
        self.assertEqual(len(made), 33)  # (1 + 30 re-inits + 2; the refused options made none)

    def test_init_again_keeps_memory_bounded(self):
        # What the library holds, seen from the process: 30 re-inits of 64
        # King's Blood games (about 2.5 MB each) grow it by no more than a
        # few batches (70 MB before: each re-init leaked its batch).
        if not os.path.exists("/proc/self/statm"):
            self.skipTest("no /proc/self/statm")

        def rss():
            gc.collect()
            with open("/proc/self/statm") as f:
                return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

        env = VectorEnv("kings_blood", "players=4", num_envs=64, seed=0)
        env.__init__("kings_blood", "players=4", num_envs=64, seed=1)
        start = rss()
        for i in range(30):
            env.__init__("kings_blood", "players=4", num_envs=64, seed=i)
        grown = rss() - start
        env.close()
        self.assertLess(grown, 16 << 20, "%d MB after 30 re-inits" % (grown >> 20))


class Masks(NeedsNumpy):
    def test_one_mask_as_int8_bools_and_lists(self):
        with VectorEnv("kings_blood", "players=3", num_envs=4, seed=6) as env:
            obs, _ = env.reset()
            rng = np.random.default_rng(6)
            for _ in range(3):
                mask = obs["action_mask"]
                self.assertEqual(mask.dtype, np.int8)
                self.assertIs(env.action_mask, mask)
                # The bools are the same memory, no copy.
                self.assertEqual(env.bool_mask.dtype, np.bool_)
                self.assertTrue(np.shares_memory(env.bool_mask, mask))
                self.assertTrue(np.array_equal(env.bool_mask, mask != 0))
                every = env.legal_actions()
                self.assertEqual(len(every), 4)
                for i in range(4):
                    with env.game(i) as g:
                        truth = sorted(g.move_index(m) for m in g.legal_moves())
                    self.assertEqual(env.legal_actions(i), truth)
                    self.assertEqual(every[i], truth)
                    self.assertEqual(np.flatnonzero(env.bool_mask[i]).tolist(), truth)
                    self.assertTrue(all(type(a) is int for a in truth))
                obs = env.step(random_legal_actions(mask, rng))[0]
            for bad in (4, -1):
                with self.assertRaises(crown.InvalidArgumentError):
                    env.legal_actions(bad)
            with self.assertRaises(TypeError):
                env.legal_actions(1.0)

    def test_gymnasium_samples_from_the_mask(self):
        if gymnasium is None:
            self.skipTest("gymnasium does not import")
        with VectorEnv("game_of_kingdoms", "players=3", num_envs=3, seed=6) as env:
            obs, _ = env.reset()
            env.single_action_space.seed(0)
            for i in range(3):
                a = env.single_action_space.sample(mask=obs["action_mask"][i])
                self.assertIn(a, env.legal_actions(i))


class Conventions(NeedsNumpy):
    """Gymnasium's keywords are VectorEnv's, never game options."""

    def test_keywords_that_are_not_options(self):
        kw = dict(render_mode="ansi", max_episode_steps=7, autoreset_mode="SameStep",
                  num_threads=1, reward_mode=0)
        with VectorEnv("game_of_kingdoms", "players=3", num_envs=3, seed=5, **kw) as env:
            self.assertEqual(env.max_steps, 7)
            self.assertEqual(env.render_mode, "ansi")
            self.assertEqual(env.num_threads, 1)
            self.assertIn("ansi", env.metadata["render_modes"])
            texts = env.render()
            self.assertEqual(len(texts), 3)
            for i, text in enumerate(texts):
                with env.game(i) as g:
                    self.assertEqual(text, g.observation(crown.SPECTATOR))
            # max_episode_steps is max_steps.
            rng = np.random.default_rng(5)
            for _ in range(7):
                _, _, terms, truncs, _ = env.step(random_legal_actions(env.action_mask, rng))
            self.assertTrue(np.all(terms | truncs))
        with VectorEnv("game_of_kingdoms", num_envs=2, seed=5, max_steps=7,
                       max_episode_steps=7) as env:
            self.assertEqual(env.max_steps, 7)
            self.assertIsNone(env.render())
        with self.assertRaises(crown.InvalidArgumentError) as cm:
            VectorEnv("game_of_kingdoms", num_envs=2, max_steps=6, max_episode_steps=7)
        self.assertIn("max_episode_steps", str(cm.exception))
        for bad in ("human", "rgb_array", 3):
            with self.assertRaises(crown.InvalidArgumentError) as cm:
                VectorEnv("game_of_kingdoms", num_envs=2, render_mode=bad)
            self.assertIn("render_mode", str(cm.exception))
        for bad in ("same_step", "NEXT", 1):
            with self.assertRaises(crown.InvalidArgumentError) as cm:
                VectorEnv("game_of_kingdoms", num_envs=2, autoreset_mode=bad)
            self.assertIn("autoreset_mode", str(cm.exception))
        for bad, error in ((-1, crown.InvalidArgumentError), (257, crown.InvalidArgumentError),
                           (1.0, TypeError)):
            with self.assertRaises(error) as cm:
                VectorEnv("game_of_kingdoms", num_envs=2, num_threads=bad)
            self.assertIn("num_threads", str(cm.exception))
        # A game option is still one, as a keyword or in the text.
        with VectorEnv("game_of_kingdoms", num_envs=2, players=5, max_bouts=30) as env:
            self.assertEqual(env.num_players, 5)
        with self.assertRaises(crown.OptionError):
            VectorEnv("game_of_kingdoms", num_envs=2, colour="red")

    def test_autoreset_modes(self):
        # Gymnasium's AutoresetMode or its value; next-step by default, as
        # Gymnasium's; metadata["autoreset_mode"] says which (Gymnasium's
        # wrappers read it), the enum with Gymnasium, its value without.
        given = [(None, "NextStep")] + [(m, m) for m in MODES]
        if gymnasium is not None:
            given += [(gymnasium.vector.AutoresetMode(m), m) for m in MODES]
        for mode, value in given:
            with VectorEnv("game_of_kingdoms", num_envs=2, seed=1, autoreset_mode=mode) as env:
                expected = (value if gymnasium is None
                            else gymnasium.vector.AutoresetMode(value))
                self.assertEqual(env.metadata["autoreset_mode"], expected)
                self.assertEqual(env.autoreset_mode, expected)
                if gymnasium is not None:
                    self.assertIs(type(env.metadata["autoreset_mode"]),
                                  gymnasium.vector.AutoresetMode)
        self.assertEqual(VectorEnv.metadata["autoreset_mode"], crown.vector.AUTORESET_MODE)
        self.assertEqual(getattr(crown.vector.AUTORESET_MODE, "value",
                                 crown.vector.AUTORESET_MODE), "NextStep")

    def test_games_at_their_end_ignore_their_actions(self):
        # Next-step and disabled: a game left at the end of its episode
        # ignores its action, whatever it is (not checked), and
        # random_legal_actions gives it 0 (its mask has no legal action).
        for mode in ("NextStep", "Disabled"):
            with VectorEnv("game_of_kingdoms", "players=3,max_bouts=1", num_envs=6, seed=4,
                           autoreset_mode=mode) as env, \
                    VectorEnv("game_of_kingdoms", "players=3,max_bouts=1", num_envs=6, seed=4,
                              autoreset_mode=mode) as twin:
                rng = np.random.default_rng(4)
                checked = 0
                for _ in range(40):
                    actions = random_legal_actions(env.action_mask, rng)
                    idle = env.current_player == crown.TERMINAL
                    self.assertTrue(np.all(actions[idle] == 0))
                    wild = actions.astype(np.int64)
                    wild[idle] = [-5, 2**40, 10**6, -1, 7, 2**62][:int(idle.sum())]
                    checked += int(idle.sum())
                    env.step(wild)
                    twin.step(actions)
                    self.assertTrue(same(snapshot(env), snapshot(twin)))
                self.assertGreater(checked, 5)
    def test_observation_layout(self):
        for name, options in CASES[::3]:
            with VectorEnv(name, options, num_envs=2, seed=1) as env, \
                    crown.Game(name, options) as g:
                layout = env.observation_layout
                self.assertEqual(layout, g.observation_layout())
                pieces = layout["pieces"]
                self.assertEqual(sum(int(np.prod(p["shape"])) for p in pieces),
                                 env.observation_size)
        env.close()
        with self.assertRaises(crown.StateError):
            env.observation_layout

    def test_gymnasium_ids(self):
        if gymnasium is None:
            self.skipTest("gymnasium does not import")
        ids = {"crown/GameOfKingdoms-v0", "crown/KingsFamily-v0", "crown/KingsBlood-v0",
               "crown/BloodBound-v0"}
        self.assertLessEqual(ids, set(gymnasium.registry))
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # (make_vec warns of a bad autoreset mode)
            for mode in ("vector_entry_point", None):
                env = gymnasium.make_vec("crown/GameOfKingdoms-v0", num_envs=8,
                                         vectorization_mode=mode, seed=3, players=3,
                                         max_episode_steps=9, render_mode="ansi",
                                         reward_mode=1)
                self.assertIsInstance(env, VectorEnv)
                self.assertEqual((env.num_envs, env.num_players, env.max_steps, env.seed,
                                  env.render_mode, env.reward_mode), (8, 3, 9, 3, "ansi", 1))
                self.assertEqual(env.spec.id, "crown/GameOfKingdoms-v0")
                env.close()
        # The game's name and the module to import, in a fresh interpreter.
        code = ("import gymnasium\n"
                "env = gymnasium.make_vec('crown.vector:crown/KingsFamily-v0', num_envs=4,\n"
                "                         seed=2)\n"
                "print(env.name, env.num_envs, env.num_players)\n")
        result = run_python(["-c", code])
        self.assertEqual(result.stdout.strip(), "kings_family 4 1", result.stderr)
        # Gymnasium's own vectorizers need a single-agent environment: none.
        with self.assertRaises(gymnasium.error.Error):
            gymnasium.make_vec("crown/BloodBound-v0", num_envs=2, vectorization_mode="sync")
        # Imported again (as test_arena does): no second registration, so
        # no warning of Gymnasium's (an error here).
        code = ("import sys, warnings\n"
                "import crown.vector\n"
                "del sys.modules['crown.vector']\n"
                "warnings.simplefilter('error')\n"
                "import crown.vector\n"
                "print('ok')\n")
        result = run_python(["-c", code])
        self.assertEqual(result.stdout.strip(), "ok", result.stderr)


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
                self.assertEqual(mode, "NextStep")
            else:
                self.assertIs(mode, gymnasium.vector.AutoresetMode.NEXT_STEP)

    def test_gymnasium(self):
        if gymnasium is None:
            self.skipTest("gymnasium does not import")
        # A Gymnasium vector environment, which make_vec takes without a
        # warning (it warns when the autoreset mode is missing or not an
        # AutoresetMode), and whose infos DictInfoToList reads.
        from gymnasium.wrappers.vector import DictInfoToList
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            env = gymnasium.make_vec("crown/BloodBound-v0", num_envs=8, seed=3)
        self.assertIsInstance(env.unwrapped, gymnasium.vector.VectorEnv)
        self.assertEqual(env.unwrapped.seed, 3)
        env = DictInfoToList(env)
        obs, _ = env.reset()
        _, rewards, _, _, infos = env.step(random_legal_actions(obs["action_mask"],
                                                                np.random.default_rng(4)))
        self.assertEqual(rewards.shape, (8, 8))
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
                "assert env.metadata['autoreset_mode'] == 'NextStep'\n"
                "assert isinstance(env.action_space, MultiDiscrete)\n"
                "assert env.observation_space.contains(obs)\n"
                "assert not env.observation_space.contains({'observation': obs['observation']})\n"
                "assert env.action_space.contains(np.zeros(4, dtype=np.int32))\n"
                "assert not env.action_space.contains(np.full(4, 108))\n"
                "assert env.single_action_space.n == 108\n"
                "print('ok')\n")
        result = run_python(["-c", code])
        self.assertEqual(result.stdout.strip(), "ok", result.stderr)


def play_with_truth(env, name, options, size, seed, steps, mode, reward_mode="seats"):
    """Steps `env` (a VectorEnv of `size` games of `name`, or a wrapper of
    one) and one Slot per game with the same random legal actions; in
    disabled autoreset, resets the games that ended after each step
    (reset(options={"reset_mask": m}): their next episodes).  Yields each
    step's result with the truth: every seat's rewards, terminations,
    truncations, the acting seats and each game's observation tensor (as
    the batch shows it) after the step; then the slots (as the last item's
    `slots`)."""
    slots = [Slot(name, options, seed, i, max_steps=0, mode=mode) for i in range(size)]
    play_with_truth.slots = slots
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    mask = np.array([s.view()[2] for s in slots])
    for _ in range(steps):
        actions = random_legal_actions(mask, rng)
        result = env.step(actions)
        truth = [s.play(int(a)) for s, a in zip(slots, actions)]
        seat_rewards = np.array([t[0] for t in truth], dtype=np.float32)
        terms = np.array([t[1] for t in truth])
        truncs = np.array([t[2] for t in truth])
        acting = np.array([t[3] for t in truth])
        views = [s.view() for s in slots]
        yield result, seat_rewards, terms, truncs, acting, np.array([v[1] for v in views])
        if mode == "Disabled" and (terms | truncs).any():
            env.reset(options={"reset_mask": terms | truncs})
            for i in np.flatnonzero(terms | truncs):
                slots[i].next_episode()
        mask = np.array([s.view()[2] for s in slots])


class EpisodeStatistics(NeedsNumpy):
    """What Gymnasium's statistics wrappers compute, computed from the
    arrays by hand in each autoreset mode, against one crown.Game per slot:
    run with or without Gymnasium."""

    def test_episode_returns_and_lengths(self):
        # Summing each game's rewards from the first step of an episode to
        # the step that ends it (next-step: the step after an end restarts
        # the game, reward 0, not counted) gives every seat's true returns.
        for mode in MODES:
            with self.subTest(mode=mode), VectorEnv("game_of_kingdoms", "players=4",
                                                    num_envs=24, seed=12,
                                                    autoreset_mode=mode) as env:
                returns = np.zeros((24, 4))
                lengths = np.zeros(24, dtype=int)
                reported = [[] for _ in range(24)]
                for (obs, rewards, terms, truncs, infos), *_ in play_with_truth(
                        env, "game_of_kingdoms", "players=4", 24, 12, 400, mode):
                    counted = infos["acting_player"] >= 0
                    returns[counted] += rewards[counted]
                    lengths[counted] += 1
                    for i in np.flatnonzero(terms | truncs):
                        if counted[i]:
                            reported[i].append((returns[i].copy(), lengths[i]))
                            returns[i], lengths[i] = 0, 0
                every = []
                for i, slot in enumerate(play_with_truth.slots):
                    self.assertEqual(len(reported[i]), len(slot.episodes))
                    for (r, length), episode in zip(reported[i], slot.episodes):
                        self.assertTrue(np.allclose(r, episode["returns"]))
                        self.assertEqual(length, episode["length"])
                        every.append(r)
                # Zero-sum: each episode's returns add up to 0, so each
                # seat's mean return is about 0 (random play, 4 seats).
                every = np.array(every)
                self.assertGreater(len(every), 50)
                self.assertTrue(np.allclose(every.sum(axis=1), 0, atol=1e-5))
                self.assertTrue(np.all(np.abs(every.mean(axis=0)) < 0.4), every.mean(axis=0))


class GymnasiumWrappers(NeedsNumpy):
    """Gymnasium's vector wrappers on VectorEnv in every autoreset mode
    they take, their figures against the truth: one crown.Game per slot,
    stepped by hand.  Where Gymnasium does not import, skipped (the same
    properties are checked without it above)."""

    def setUp(self):
        super().setUp()
        if gymnasium is None:
            self.skipTest("gymnasium does not import")
        import gymnasium.wrappers.vector as wrappers
        self.wrappers = wrappers

    def test_record_episode_statistics(self):
        # A single-agent tool sees one seat's rewards (reward_mode=p): its
        # returns are that seat's true returns, and its lengths the
        # episodes' decisions, in next-step and disabled autoreset.
        # Gymnasium 1.2.3 counts as in next-step mode whatever the mode, so
        # that in same-step mode each episode after a slot's first loses its
        # first step (its length one short, the first step's reward left
        # out).
        for mode in MODES:
            for name, options, seat, steps in (("game_of_kingdoms", "players=4", 2, 500),
                                               ("kings_family", "", 0, 150),
                                               ("blood_bound", "players=6", 5, 250)):
                with self.subTest(game=name, mode=mode):
                    env = self.wrappers.RecordEpisodeStatistics(VectorEnv(
                        name, options, num_envs=6, seed=12, reward_mode=seat,
                        autoreset_mode=mode))
                    reported = [[] for _ in range(6)]
                    for result, *_ in play_with_truth(env, name, options, 6, 12, steps, mode):
                        infos = result[4]
                        if "episode" in infos:
                            for i in np.flatnonzero(infos["_episode"]):
                                reported[i].append((float(infos["episode"]["r"][i]),
                                                    int(infos["episode"]["l"][i])))
                    env.close()
                    count = later = 0
                    for i, slot in enumerate(play_with_truth.slots):
                        self.assertEqual(len(reported[i]), len(slot.episodes))
                        for j, (episode, (r, length)) in enumerate(zip(slot.episodes,
                                                                       reported[i])):
                            lost = mode == "SameStep" and j > 0  # (Gymnasium's count)
                            self.assertAlmostEqual(r, episode["returns"][seat]
                                                   - (episode["first"][seat] if lost else 0), 5)
                            self.assertEqual(length, episode["length"] - lost)
                            count += 1
                            later += j > 0
                    self.assertGreater(count, 12)
                    self.assertGreater(later, 6)
        # Every seat's rewards (the default) are no single agent's: the
        # wrapper refuses them rather than counting them wrong.
        env = self.wrappers.RecordEpisodeStatistics(VectorEnv("game_of_kingdoms", "players=4",
                                                              num_envs=6, seed=12))
        obs, _ = env.reset()
        with self.assertRaises(ValueError):
            env.step(random_legal_actions(obs["action_mask"], np.random.default_rng(0)))
        env.close()

    def test_record_episode_statistics_of_every_seat(self):
        # One wrapped environment per seat of 4-player Game of Kingdoms,
        # the same games: each episode's returns add up to 0 over the seats,
        # and each seat's mean return is about 0.
        envs = [self.wrappers.RecordEpisodeStatistics(VectorEnv(
            "game_of_kingdoms", "players=4", num_envs=32, seed=3, reward_mode=p))
            for p in range(4)]
        obs = [e.reset(seed=3)[0] for e in envs][0]
        rng = np.random.default_rng(3)
        for _ in range(500):
            actions = random_legal_actions(obs["action_mask"], rng)
            obs = [e.step(actions) for e in envs][0][0]
        returns = np.array([list(e.return_queue) for e in envs])
        self.assertEqual(returns.shape[0], 4)
        self.assertGreater(returns.shape[1], 50)
        self.assertTrue(np.allclose(returns.sum(axis=0), 0, atol=1e-5))
        self.assertTrue(np.all(np.abs(returns.mean(axis=1)) < 0.4), returns.mean(axis=1))
        for e in envs:
            self.assertEqual(list(e.length_queue), list(envs[0].length_queue))
            e.close()

    def test_normalize_reward(self):
        # Its running variance of the discounted returns is the one of the
        # true rewards of the seat, and each reward is scaled by it.
        from gymnasium.wrappers.utils import RunningMeanStd
        for mode in MODES:
            with self.subTest(mode=mode):
                env = self.wrappers.NormalizeReward(VectorEnv(
                    "game_of_kingdoms", "players=3", num_envs=8, seed=13, reward_mode=1,
                    autoreset_mode=mode), gamma=0.9)
                truth_rms = RunningMeanStd(shape=())
                accumulated = np.zeros(8, dtype=np.float32)
                for result, seat_rewards, terms, *_ in play_with_truth(
                        env, "game_of_kingdoms", "players=3", 8, 13, 200, mode):
                    reward = seat_rewards[:, 1]
                    accumulated = accumulated * 0.9 * (1 - terms) + reward
                    truth_rms.update(accumulated)
                    self.assertTrue(np.allclose(result[1],
                                                reward / np.sqrt(truth_rms.var + 1e-8)))
                self.assertTrue(np.allclose(env.return_rms.var, truth_rms.var))
                self.assertGreater(float(truth_rms.var), 0)
                env.close()

    def test_clip_reward(self):
        # In place, on the caller's arrays: every seat's or one seat's.
        for mode in MODES:
            for reward_mode in ("seats", 0):
                with self.subTest(mode=mode, reward_mode=reward_mode):
                    env = self.wrappers.ClipReward(VectorEnv(
                        "kings_family", num_envs=8, seed=14, reward_mode=reward_mode,
                        autoreset_mode=mode), -0.5, 0.5)
                    clipped = 0
                    for result, seat_rewards, *_ in play_with_truth(env, "kings_family", "", 8,
                                                                    14, 120, mode):
                        truth = seat_rewards if reward_mode == "seats" else seat_rewards[:, 0]
                        self.assertTrue(np.array_equal(result[1], np.clip(truth, -0.5, 0.5)))
                        clipped += int(np.sum(np.abs(truth) > 0.5))
                    self.assertGreater(clipped, 0)
                    env.close()
        # The zero-copy path's arrays are read-only.
        env = self.wrappers.ClipReward(VectorEnv("kings_family", num_envs=8, seed=14,
                                                 copy=False), -0.5, 0.5)
        obs, _ = env.reset()
        with self.assertRaises(ValueError):
            env.step(random_legal_actions(obs["action_mask"], np.random.default_rng(0)))
        env.close()

    def test_observation_wrappers(self):
        # Gymnasium's observation wrappers take next-step and disabled
        # autoreset (NormalizeObservation next-step only): each gives what
        # it computes from the true observations.  The observation is a
        # Dict; FilterObservation(["observation"]) then FlattenObservation
        # make the Box of the tensor that NormalizeObservation and
        # DtypeObservation need.
        w = self.wrappers
        from gymnasium.wrappers.utils import RunningMeanStd
        name, options = "blood_bound", "players=6"
        for mode in ("NextStep", "Disabled"):
            def make(**kw):
                return VectorEnv(name, options, num_envs=5, seed=15, autoreset_mode=mode, **kw)
            keys = list(make().single_observation_space.spaces)  # (Gymnasium sorts them)
            tensor = lambda env: w.FlattenObservation(  # noqa: E731
                w.FilterObservation(env, ["observation"]))
            cases = {
                "flatten": (w.FlattenObservation(make()),
                            lambda o, m: np.concatenate([{"observation": o, "action_mask": m}[k]
                                                         .astype(np.float32) for k in keys],
                                                        axis=1)),
                "filter": (w.FilterObservation(make(), ["observation"]),
                           lambda o, m: {"observation": o}),
                "dtype": (w.DtypeObservation(tensor(make()), np.float64),
                          lambda o, m: o.astype(np.float64)),
                "transform": (w.TransformObservation(
                    make(), lambda obs: obs["observation"] * 2,
                    single_observation_space=make().single_observation_space["observation"]),
                    lambda o, m: o * 2),
            }
            if mode == "NextStep":
                rms = RunningMeanStd(shape=(make().observation_size,), dtype=np.float32)
                cases["normalize"] = (w.NormalizeObservation(tensor(make())), None)
            for what, (env, truth) in cases.items():
                with self.subTest(mode=mode, wrapper=what):
                    steps = 0
                    for result, _, _, _, _, views in play_with_truth(env, name, options, 5, 15,
                                                                     120, mode):
                        obs = result[0]
                        masks = np.array([s.view()[2] for s in play_with_truth.slots])
                        if what == "normalize":
                            if steps == 0:  # (the reset's observations, counted too)
                                rms.update(np.array([Slot(name, options, 15, i).view()[1]
                                                     for i in range(5)]))
                            rms.update(views)
                            expected = (views - rms.mean) / np.sqrt(rms.var + 1e-8)
                            self.assertTrue(np.allclose(obs, expected, atol=1e-5))
                        else:
                            expected = truth(views, masks)
                            if isinstance(expected, dict):
                                self.assertEqual(list(obs), ["observation"])
                                self.assertTrue(np.array_equal(obs["observation"],
                                                               expected["observation"]))
                            else:
                                self.assertEqual(obs.dtype, expected.dtype)
                                self.assertTrue(np.array_equal(obs, expected))
                        steps += 1
                    if what == "normalize":
                        self.assertTrue(np.allclose(env.obs_rms.mean, rms.mean))
                        self.assertTrue(np.allclose(env.obs_rms.var, rms.var))
                    env.close()

    def test_observation_wrappers_refuse_same_step(self):
        # Gymnasium 1.2.3's observation wrappers refuse same-step
        # autoreset (an AssertionError: they do not transform final_obs),
        # and NormalizeObservation disabled autoreset too.
        w = self.wrappers
        for mode, wrapper in (("SameStep", w.FlattenObservation),
                              ("SameStep", lambda e: w.FilterObservation(e, ["observation"])),
                              ("SameStep", w.NormalizeObservation),
                              ("Disabled", w.NormalizeObservation)):
            with VectorEnv("blood_bound", num_envs=2, seed=1, autoreset_mode=mode) as env:
                with self.assertRaises(AssertionError):
                    wrapper(env)

    def test_dict_info_to_list(self):
        # Same-step's final observations and infos, one dict per game.
        env = self.wrappers.DictInfoToList(VectorEnv("kings_family", num_envs=6, seed=16,
                                                     autoreset_mode="SameStep"))
        ended = 0
        for result, _, terms, truncs, acting, _ in play_with_truth(env, "kings_family", "", 6,
                                                                   16, 60, "SameStep"):
            infos = result[4]
            self.assertEqual(len(infos), 6)
            for i, info in enumerate(infos):
                self.assertEqual(set(info) >= {"final_obs", "final_info"},
                                 bool(terms[i] or truncs[i]))
                if terms[i] or truncs[i]:
                    ended += 1
                    self.assertTrue(np.array_equal(info["final_obs"]["observation"],
                                                   play_with_truth.slots[i].final[1]))
                    self.assertEqual(info["final_info"]["acting_player"], acting[i])
        self.assertGreater(ended, 10)
        env.close()


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
        # What installs it: Debian's package, or pip for another python3.
        self.assertIn("crown.vector needs the Python package numpy", result.stdout)
        self.assertRegex(result.stdout, r"python3-numpy|-m pip install numpy")


class Examples(NeedsNumpy):
    def test_selfplay_example(self):
        # (-W error: a game at its end, whose mask has no legal action, must
        # not make NaN probabilities, numpy's RuntimeWarning)
        # King's Family: episodes end within the rollouts.
        result = run_python(["-W", "error", os.path.join(EXAMPLES, "selfplay.py"), "--game",
                             "kings_family", "--options", "", "--num-envs", "32", "--updates",
                             "3", "--steps", "20"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("update 3", result.stdout)

    def test_the_loops_of_docs_bots(self):
        # The section's loops, one per autoreset mode, run as they are.
        path = os.path.join(SOURCE_ROOT, "docs", "bots.md")
        if not os.path.exists(path):
            self.skipTest("not in the source tree")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        section = text[text.index("## Many games at once: `crown.vector`"):]
        end = section.find("\n## ", 10)
        section = section[:end] if end >= 0 else section
        blocks = section.split("```python\n")[1:]
        codes = [b[:b.index("```\n")] for b in blocks]
        self.assertEqual([c.count("autoreset_mode=") for c in codes], [0, 1, 1])
        outputs = (r"^\d+ games, mean returns per seat \[",
                   r"^[1-9]\d* episodes ended, their final observations in infos",
                   r"^[1-9]\d* episodes ended, started again by reset_mask")
        for code, output in zip(codes, outputs):
            result = run_python(["-c", code])
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertRegex(result.stdout, output)

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
        # On the library's threads: wall time.
        result = run_python([bench, "--game", "blood_bound", "--num-envs", "64",
                             "--seconds", "0.05", "--rounds", "1", "--no-c", "--threads", "2",
                             "--json"])
        self.assertEqual(result.returncode, 0, result.stderr)
        [row] = json.loads(result.stdout)
        self.assertEqual((row["threads"], row["clock"]), (2, "wall"))
        self.assertGreater(row["steps_per_s"], 0)


if __name__ == "__main__":
    unittest.main(verbosity=2)
