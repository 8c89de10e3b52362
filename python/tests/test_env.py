"""Tests of crown.env, the AEC environment, run by `meson test` (suite "python").

Class Env tests the environment's properties with nothing but the standard
library (and numpy where it is installed); class PettingZoo runs
PettingZoo's own tests (api_test, seed_test, parallel_seed_test,
state_test, render_test, average_total_reward, performance_benchmark)
through crown.env.env(), the environment in PettingZoo's wrappers, when
pettingzoo and gymnasium can be imported, and is skipped otherwise, unless
CROWN_EXPECT_PETTINGZOO is set (the python-pettingzoo test sets it), which
makes their absence a failure.

    python3 test_env.py [CLASS ...]
"""

import contextlib
import copy
import ctypes
import dis
import gc
import io
import os
import pickle
import random
import subprocess
import sys
import threading
import unittest
import warnings
from unittest import mock

import crown
import crown.env
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

# Options with short length limits: most games end truncated.
LIMITED = [
    ("game_of_kingdoms", {"players": 3, "max_bouts": 2}),
    ("kings_family", {"max_moves": 5}),
    ("kings_blood", {"players": 2, "max_turns": 2}),
    ("kings_blood", {"players": 3, "match": True, "max_match_turns": 5}),
    ("blood_bound", {"players": 6, "max_turns": 2}),
]


def shifted(e, shift):
    """The environment `e` (env()'s or a CrownEnv), its reset(seed=s)
    playing from seed s + shift: PettingZoo's tests reset with seed 0 (or
    42), and draw their other seeds from it."""
    raw = e.unwrapped
    reset = raw.reset

    def shifted_reset(seed=None, options=None):
        reset(seed=None if seed is None else (seed + shift) % 2**64, options=options)
    raw.reset = shifted_reset
    return e


def lines_of(function):
    """The line numbers of a function's code."""
    return sorted({line for _, line in dis.findlinestarts(function.__code__) if line})


def interrupted_at(code, line, call):
    """Runs call() with a KeyboardInterrupt raised (by a tracer) when the
    code object `code` reaches `line`, the first time; whether it was."""
    armed = [True]

    def local(frame, event, arg):
        if event == "line" and frame.f_lineno == line and armed[0]:
            armed[0] = False
            raise KeyboardInterrupt
        return local

    sys.settrace(lambda frame, event, arg: local if frame.f_code is code else None)
    try:
        call()
    except KeyboardInterrupt:
        if armed[0]:  # (not the tracer's: a real Ctrl-C)
            raise
    finally:
        sys.settrace(None)
    return not armed[0]


def ends_once(current_player):
    """crown.env's _current_player, except that its first call says the
    game is over (a deal over at reset)."""
    calls = []

    def fake(h, at):
        status = current_player(h, at)
        if not calls:
            calls.append(h)
            ctypes.c_int.from_address(at).value = crown.TERMINAL
        return status
    return fake


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

    def test_a_deal_over_at_reset_is_skipped(self):
        # A King's Family deal over before its first decision (seed 82) is
        # skipped for the next seed's, as a batch of one game skips it: no
        # agent is done at reset (PettingZoo's api_test requires it), and
        # env.game.seed says which deal is played.
        e = CrownEnv("kings_family")
        e.reset(seed=KF_OVER_AT_RESET)
        self.assertEqual(e.game.seed, KF_OVER_AT_RESET + 1)
        self.assertFalse(e.game.is_terminal())
        self.assertEqual(e.terminations, {"player_0": False})
        self.assertEqual(e.truncations, {"player_0": False})
        self.assertEqual(e.agent_selection, "player_0")
        with crown.Game("kings_family", seed=KF_OVER_AT_RESET + 1) as g:
            self.assertEqual(e.serialize(), g.serialize())
            self.assertEqual(as_list(e.last()[0]["action_mask"]), as_list(g.legal_mask()))
        self.assertGreater(self.cycle(e, KF_OVER_AT_RESET), 1)

    def test_reset_plays_the_first_seed_whose_deal_decides(self):
        # reset(seed=s) plays the first of s, s+1, ... whose deal reaches a
        # decision (seeds 0-599 hold 82, 401, 490, 500 and 502, the last two
        # with 501 between them), and every reset leaves every agent to act.
        e = CrownEnv("kings_family")
        over = {s for s in range(601) if crown.Game("kings_family", seed=s).is_terminal()}
        self.assertEqual(over, {82, 401, 490, 500, 502})
        for s in range(600):
            e.reset(seed=s)
            played = s
            while played in over:
                played += 1
            self.assertEqual(e.game.seed, played, s)
            self.assertFalse(any(e.terminations.values()) or any(e.truncations.values()))
        # From 2**64 - 1 the next seed is 0.
        with mock.patch.object(crown.env, "_current_player", ends_once(crown.env._current_player)):
            e.reset(seed=2**64 - 1)
        self.assertEqual(e.game.seed, 0)

    def test_options_that_never_decide_are_refused(self):
        # A deck that the deal gives out whole founds no Genealogy: no deal
        # ever reaches a decision.  The environment is refused at once,
        # with the library's reason.
        for name, opts in (("kings_family", {"deck": "B1m"}),
                           ("kings_blood", {"players": 2, "deck": "B1m B2m B3m"})):
            with self.assertRaises(crown.OptionError) as c:
                CrownEnv(name, **opts)
            self.assertIn("these options give no game a decision, and crown.env steps "
                          "decisions: deck: the deal of 7 cards", str(c.exception))
        # Other options under which deals (almost) never decide: reset()
        # gives up after 1000 deals in a row, and nothing changes.
        e = CrownEnv("kings_family")
        e.reset(seed=5)
        e.step(legal(e.last()[0]["action_mask"])[0])
        before = (e.serialize(), e.steps, e.agent_selection, dict(e.infos["player_0"]))
        rng_state = e._seed_rng.getstate()
        calls = []

        def never_decides(h, at):
            calls.append(h)
            ctypes.c_int.from_address(at).value = crown.TERMINAL
            return 0

        with mock.patch.object(crown.env, "_current_player", never_decides):
            for seed in (None, 7):
                with self.assertRaises(crown.OptionError) as c:
                    e.reset(seed=seed)
                self.assertIn("deals of seeds", str(c.exception))
                self.assertIn("all ended before their first decision", str(c.exception))
        self.assertEqual(len(calls), 2000)
        self.assertIn("seeds 7 to 1006", str(c.exception))
        self.assertEqual((e.serialize(), e.steps, e.agent_selection, e.infos["player_0"]),
                         before)
        self.assertEqual(e._seed_rng.getstate(), rng_state)

    def test_errors_name_the_action(self):
        e = CrownEnv("game_of_kingdoms", players=2)
        e.reset(seed=3)
        before = e.serialize()
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
        self.assertEqual(e.serialize(), before)
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
        first = e.serialize()
        self.play(e, 7, random.Random(1))
        self.assertEqual(e.serialize(), first)
        self.play(e, 8, random.Random(1))
        self.assertNotEqual(e.serialize(), first)
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

    def test_length_limits_truncate(self):
        # A game stopped by one of its length limits (Game.is_truncated) is
        # truncated, not terminated, for every agent, with its returns (the
        # limit's) in the infos; a game its rules end is terminated.
        rng = random.Random(6)
        for name, opts in LIMITED + CONFIGS[:3]:
            with self.subTest(name=name, **opts):
                e = CrownEnv(name, **opts)
                ends = set()
                for seed in range(4):
                    e.reset(seed=seed)
                    while not any(e.terminations.values()) and not any(e.truncations.values()):
                        e.step(rng.choice(e.last()[4]["legal_actions"]))
                    g = e.game
                    limit = g.is_truncated()
                    ends.add(limit)
                    self.assertTrue(g.is_terminal())
                    self.assertEqual(e.truncations, dict.fromkeys(e.possible_agents, limit))
                    self.assertEqual(e.terminations,
                                     dict.fromkeys(e.possible_agents, not limit))
                    self.assertEqual([e.infos[a]["returns"] for a in e.possible_agents],
                                     g.returns())
                    _, _, term, trunc, _ = e.last()
                    self.assertEqual((term, trunc), (not limit, limit))
                self.assertEqual(ends, {True} if (name, opts) in LIMITED else {False})

    def test_state_is_every_seats_tensor(self):
        # state(): the seats' observation tensors, seat 0's first, in
        # state_space, its shape fixed by the options; serialize() is the
        # saved game.
        rng = random.Random(2)
        for name, opts in CONFIGS[:1] + CONFIGS[4:6] + CONFIGS[7:8]:
            with self.subTest(name=name, **opts):
                e = CrownEnv(name, **opts)
                n = len(e.possible_agents)
                self.assertEqual(e.state_space.shape, (n * e.observation_size,))
                e.reset(seed=3)
                for _ in range(25):
                    g = e.game
                    state = e.state()
                    self.assertEqual(as_list(state),
                                     [x for seat in range(n)
                                      for x in as_list(g.observation_tensor(seat))])
                    self.assertIn(state, e.state_space)
                    self.assertEqual(e.serialize(), g.serialize())
                    if e.agent_selection is None or e.terminations[e.agent_selection]:
                        break
                    e.step(rng.choice(e.last()[4]["legal_actions"]))

    def test_state_as_numpy_array(self):
        np = numpy_or_skip(self)
        e = CrownEnv("kings_blood", players=3)
        e.reset(seed=1)
        state = e.state()
        self.assertIsInstance(state, np.ndarray)
        self.assertEqual((state.dtype, state.shape), (np.float32, (3 * e.observation_size,)))
        self.assertEqual(str(e.state_space.dtype), "float32")
        self.assertTrue(state.flags.writeable)
        self.assertIsNot(e.state(), e.state())

    def test_legal_actions_in_the_infos(self):
        # infos[agent]["legal_actions"]: the mover's legal actions,
        # ascending (its mask's 1s, Game.legal_actions), a new list at each
        # step; the others' are empty; at the end every agent's is.
        rng = random.Random(9)
        for name, opts in CONFIGS:
            with self.subTest(name=name, **opts):
                e = CrownEnv(name, **opts)
                e.reset(seed=4)
                seen = []
                for agent in e.agent_iter():
                    obs, _, term, trunc, info = e.last()
                    for a in e.agents:
                        self.assertEqual(e.infos[a]["legal_actions"],
                                         legal(obs["action_mask"]) if a == agent else [])
                    actions = info["legal_actions"]
                    self.assertTrue(all(type(i) is int for i in actions))
                    if term or trunc:
                        self.assertEqual(actions, [])
                        e.step(None)
                        continue
                    self.assertEqual(actions, e.game.legal_actions())
                    self.assertTrue(actions)
                    self.assertFalse(any(actions is kept for kept in seen))
                    seen.append(actions)
                    e.step(rng.choice(actions))

    def consistent(self, e):
        """The environment agrees with its game: the agent to move, its
        mask and legal actions, the steps made."""
        g = e.game
        self.assertEqual(e.steps, g.undo_depth)
        if g.is_terminal() and e.agent_selection is not None and e._player is None:
            return
        self.assertEqual(e.agent_selection, "player_%d" % g.current_player())
        obs, _, term, trunc, info = e.last()
        self.assertFalse(term or trunc)
        self.assertEqual(as_list(obs["action_mask"]), as_list(g.legal_mask()))
        self.assertEqual(info["legal_actions"], g.legal_actions())

    def finish(self, e, rng, from_last, checks=10**9):
        """Plays on to the end, adding up last()'s rewards into from_last;
        checks the environment against its game at the first `checks`
        decisions and at the end, and that the rewards add up to the
        returns."""
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            from_last[agent] += reward
            if term or trunc:
                e.step(None)
                continue
            if checks > 0:
                self.consistent(e)
                checks -= 1
            e.step(rng.choice(info["legal_actions"]))
        self.assertTrue(e.game.is_terminal())
        self.assertEqual(e.steps, e.game.undo_depth)
        returns = e.game.returns()
        for i, a in enumerate(e.possible_agents):
            self.assertAlmostEqual(from_last[a], returns[i])

    def test_a_step_interrupted_by_a_library_call(self):
        # A KeyboardInterrupt right after the library played the action
        # (the next call, the player to move, raising it): the environment
        # goes on from the game as it is, the step counted once.
        e = CrownEnv("game_of_kingdoms", players=3)
        e.reset(seed=4)
        rng = random.Random(4)
        for _ in range(5):
            e.step(rng.choice(e.last()[4]["legal_actions"]))
        real = crown.env._current_player
        calls = []

        def interrupted(h, at):
            status = real(h, at)
            if not calls:
                calls.append(h)
                raise KeyboardInterrupt
            return status

        before = e.game.undo_depth
        with mock.patch.object(crown.env, "_current_player", interrupted):
            with self.assertRaises(KeyboardInterrupt):
                e.step(rng.choice(e.last()[4]["legal_actions"]))
        self.assertEqual(e.game.undo_depth, before + 1)
        self.consistent(e)
        self.finish(e, rng, {a: 0.0 for a in e.possible_agents})

    def snapshot(self, e):
        """Everything the environment tells about its game."""
        return {"selected": e.agent_selection, "agents": list(e.agents),
                "rewards": dict(e.rewards), "last": dict(e._cumulative_rewards),
                "terminations": dict(e.terminations), "truncations": dict(e.truncations),
                "infos": copy.deepcopy(e.infos), "steps": e.steps,
                "pending": getattr(e, "_pending", None),
                "game": e.serialize(), "views": [
                    (as_list(o["observation"]), as_list(o["action_mask"]))
                    for o in map(e.observe, e.agents)]}

    def test_a_step_interrupted_anywhere(self):
        # A KeyboardInterrupt raised at each line of step() and of what it
        # calls (a tracer raises it there), in an ordinary step, a step
        # that ends a game of a match (rewards) and the last step: the
        # environment is then exactly as after the step uninterrupted, or
        # (stopped before the library played it) as before it, and plays on.
        e = CrownEnv("game_of_kingdoms", players=2, games=2)
        e.reset(seed=5)
        rng = random.Random(5)
        rewarded = []
        for agent in e.agent_iter():
            obs, _, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(info["legal_actions"]))
            if any(e.rewards.values()):
                rewarded.append(e.steps)
        self.assertEqual(len(rewarded), 2)
        codes = [CrownEnv.step, CrownEnv._played, CrownEnv._select, CrownEnv._settle]
        places = [(f.__code__, line) for f in codes for line in lines_of(f)]
        self.assertGreater(len(places), 40)
        outcomes = set()
        for k in (6, rewarded[0], rewarded[1]):  # (the step numbers, from 1)
            e.reset(seed=5)
            rng = random.Random(5)
            for _ in range(k - 1):
                e.step(rng.choice(e.last()[4]["legal_actions"]))
            action = rng.choice(e.last()[4]["legal_actions"])
            before = self.snapshot(e)
            reference = copy.deepcopy(e)
            reference.step(action)
            after = self.snapshot(reference)
            for code, line in places:
                c = copy.deepcopy(e)
                raised = interrupted_at(code, line, lambda: c.step(action))
                with self.subTest(line=line, function=code.co_name, step=k):
                    now = self.snapshot(c)
                    played = c.game.undo_depth == k
                    self.assertEqual(now, after if played else before)
                    outcomes.add((played, raised))
                    if played and c.agents and not c.terminations[c.agents[0]]:
                        c.step(rng.choice(c.last()[4]["legal_actions"]))
                        self.consistent(c)
        # Interrupted before the library played the step, and after (and
        # lines the step did not run).
        self.assertEqual(outcomes, {(False, True), (True, True), (True, False)})

    def test_an_interrupted_reset(self):
        # A KeyboardInterrupt in reset(): the environment is the old game's
        # or selects no one (step raises StateError) until reset again.
        e = CrownEnv("kings_blood", players=3)
        e.reset(seed=1)
        for line in lines_of(CrownEnv.reset):
            interrupted_at(CrownEnv.reset.__code__, line, lambda: e.reset(seed=2))
            with self.subTest(line=line):
                if e.agent_selection is None:
                    with self.assertRaises(crown.StateError):
                        e.step(0)
                else:
                    self.consistent(e)
                e.reset(seed=3)
                self.consistent(e)
                self.finish(e, random.Random(3), {a: 0.0 for a in e.possible_agents}, checks=3)

    def test_keywords_that_are_not_options(self):
        # render_mode and max_steps (and env()'s illegal_reward) are the
        # environment's, never game options; seed and the keywords of other
        # layers are refused with a word on where they go.
        for make in (CrownEnv, crown.env.raw_env, crown.env.env):
            e = make("game_of_kingdoms", "players=3", render_mode="ansi", max_steps=7,
                     variant="ruthless")
            self.assertEqual((e.unwrapped.render_mode, e.unwrapped.max_steps), ("ansi", 7))
            e.reset(seed=1)
            self.assertIn("variant=ruthless", e.unwrapped.game.game_string)
            for key, value, says in (("seed", 3, "reset(seed=...)"),
                                     ("max_episode_steps", 9, "max_steps=")):
                with self.assertRaises(TypeError) as c:
                    make("game_of_kingdoms", **{key: value})
                self.assertIn(says, str(c.exception))
        e = crown.env.env("kings_blood", players=2, illegal_reward=-5)
        with self.assertRaises(TypeError) as c:
            crown.env.raw_env("kings_blood", illegal_reward=-5)
        self.assertIn("env()", str(c.exception))
        with self.assertRaises(TypeError):
            crown.env.env("kings_blood", illegal_reward="-1")

    def test_metadata_and_render_modes(self):
        e = CrownEnv("blood_bound", players=6)
        self.assertEqual(e.metadata, {"name": "crown_blood_bound", "is_parallelizable": False,
                                      "render_modes": ["human", "ansi"]})
        self.assertEqual(str(e), "crown_blood_bound")
        e.reset(seed=2)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            self.assertIsNone(e.render())
        self.assertIn("without specifying any render mode", str(caught[0].message))
        ansi = CrownEnv("blood_bound", players=6, render_mode="ansi")
        ansi.reset(seed=2)
        text = ansi.render()
        self.assertEqual(text, e.game.observation(crown.SPECTATOR))
        human = CrownEnv("blood_bound", players=6, render_mode="human")
        human.reset(seed=2)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertIsNone(human.render())
            human.step(human.last()[4]["legal_actions"][0])  # (prints the new view)
        self.assertEqual(out.getvalue(),
                         text + "\n" + human.game.observation(crown.SPECTATOR) + "\n")

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
        state = e.serialize()
        for bad in (-1, 2**64, 1.5):
            with self.assertRaises((crown.InvalidArgumentError, TypeError)):
                e.reset(seed=bad)
        self.assertEqual(e.serialize(), state)
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
            before, state = views(e), e.serialize()
            d.step(rng.choice(legal(d.last()[0]["action_mask"])))
            self.assertNotEqual(views(d), before)
            self.assertEqual((views(e), e.serialize()), (before, state))
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
        state = e.serialize()
        e.reset()
        drawn = e.game.seed
        e.reset(seed=7)
        self.assertEqual(e.serialize(), state)
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
            "from crown.env import CrownEnv, Discrete, env\n"
            "assert CrownEnv.__mro__[1] is object, CrownEnv.__mro__\n"
            "assert type(env('kings_blood', illegal_reward=-2)) is CrownEnv\n"
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
            "assert type(e.state()) is list and e.state() in e.state_space\n"
            "print('ok', e.game.returns())\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(result.stdout.startswith("ok "), result.stdout)


class PettingZoo(unittest.TestCase):
    """PettingZoo's own tests through crown.env.env() (the raw environment
    in TerminateIllegalWrapper, AssertOutOfBoundsWrapper and
    OrderEnforcingWrapper, as PettingZoo's classic environments), for every
    game and option set of CONFIGS."""

    @classmethod
    def setUpClass(cls):
        try:
            import gymnasium  # noqa: F401
            import pettingzoo  # noqa: F401
            from pettingzoo.test import api_test  # noqa: F401
        except ImportError as e:
            if os.environ.get("CROWN_EXPECT_PETTINGZOO"):
                raise AssertionError("CROWN_EXPECT_PETTINGZOO is set but %s" % e)
            raise unittest.SkipTest("pettingzoo and gymnasium do not import (%s)" % e)

    def quietly(self, fn, *args, **keywords):
        """fn(*args, **keywords) with its printing hidden: (its result, the
        warnings it gave)."""
        with warnings.catch_warnings(record=True) as caught, \
                open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
            warnings.simplefilter("always")
            result = fn(*args, **keywords)
        return result, {str(w.message) for w in caught}

    def test_env_is_the_raw_env_in_pettingzoos_wrappers(self):
        import gymnasium
        import pettingzoo
        from pettingzoo.utils import wrappers
        e = crown.env.env("kings_blood", players=3)
        self.assertIsInstance(e, wrappers.OrderEnforcingWrapper)
        self.assertIsInstance(e.env, wrappers.AssertOutOfBoundsWrapper)
        self.assertIsInstance(e.env.env, wrappers.TerminateIllegalWrapper)
        self.assertIs(e.env.env.env, e.unwrapped)
        self.assertIs(type(e.unwrapped), CrownEnv)
        self.assertIs(type(crown.env.raw_env("kings_blood")), CrownEnv)
        self.assertIsInstance(e.unwrapped, pettingzoo.AECEnv)
        self.assertIsInstance(e.observation_space("player_0"), gymnasium.spaces.Dict)
        self.assertIsInstance(e.action_space("player_0"), gymnasium.spaces.Discrete)
        self.assertEqual(e.observation_space("player_0")["action_mask"].dtype.name, "int8")
        self.assertIsInstance(e.state_space, gymnasium.spaces.Box)
        self.assertEqual(str(e), "crown_kings_blood")

    def test_an_illegal_action_ends_the_game(self):
        # Through env(): the mover's reward is -1 (illegal_reward), the
        # others' 0, every agent is done, with no legal action; the dead
        # steps remove them; the next reset plays again.  Out of range:
        # AssertOutOfBoundsWrapper's AssertionError, nothing changed.
        for reward in (-1.0, -3.5):
            e = crown.env.env("game_of_kingdoms", players=3, illegal_reward=reward)
            e.reset(seed=2)
            rng = random.Random(2)
            for _ in range(4):
                e.step(rng.choice(e.last()[4]["legal_actions"]))
            with self.assertRaises(AssertionError):
                e.step(e.unwrapped.num_actions)
            mover = e.agent_selection
            obs = e.last()[0]
            illegal = next(i for i in range(e.unwrapped.num_actions)
                           if not obs["action_mask"][i])
            _, said = self.quietly(e.step, illegal)
            self.assertEqual(e.rewards, {a: reward if a == mover else 0.0
                                         for a in e.possible_agents})
            self.assertTrue(all(e.terminations.values()))
            seen = []
            for agent in e.agent_iter():
                obs, r, term, trunc, info = e.last()
                self.assertTrue(term or trunc)
                self.assertFalse(any(as_list(obs["action_mask"])))
                self.assertEqual(info["legal_actions"], [])
                seen.append((agent, r))
                e.step(None)
            self.assertEqual(dict(seen), {a: reward if a == mover else 0.0
                                          for a in e.possible_agents})
            self.assertEqual(e.agents, [])
            e.reset(seed=2)
            self.assertFalse(any(e.terminations.values()))
            self.assertEqual(e.last()[4]["legal_actions"], e.unwrapped.game.legal_actions())

    def test_api_test(self):
        # Only the two warnings every dict observation with a mask gets
        # (PettingZoo's classic environments are exempted from them by name).
        from pettingzoo.test import api_test
        expected = {"Observation is not a NumPy array",
                    "Observation space for each agent probably should be gymnasium.spaces.box "
                    "or gymnasium.spaces.discrete"}
        for name, opts in CONFIGS:
            for seed in range(0, 100, 7):
                with self.subTest(name=name, seed=seed, **opts):
                    _, said = self.quietly(api_test, shifted(crown.env.env(name, **opts), seed))
                    self.assertLessEqual(said, expected)

    def test_api_test_over_300_seeds(self):
        # King's Family (one agent), every reset of api_test forced to a
        # seed of 300, among them the deals over before their first decision
        # (82, 490, 500 and 502), which are skipped: no agent is done at reset.
        from pettingzoo.test import api_test
        seeds = range(0, 600, 2)
        self.assertEqual([s for s in seeds if crown.Game("kings_family", seed=s).is_terminal()],
                         [82, 490, 500, 502])
        for seed in seeds:
            e = crown.env.env("kings_family")
            raw = e.unwrapped
            reset = raw.reset
            raw.reset = lambda seed=None, options=None, s=seed: reset(seed=s, options=options)
            with self.subTest(seed=seed):
                self.quietly(api_test, e, num_cycles=300)

    def test_seed_test(self):
        # From seed 42 (PettingZoo's) and 82 (King's Family: a deal over at
        # reset).
        from pettingzoo.test import seed_test
        for name, opts in CONFIGS:
            for shift in (0, 40):
                with self.subTest(name=name, shift=shift, **opts):
                    self.quietly(seed_test, lambda: shifted(crown.env.env(name, **opts), shift))

    def test_parallel_seed_test(self):
        # A turn-based game as a parallel environment: PettingZoo's
        # turn_based_aec_to_parallel (aec_to_parallel wants every agent to
        # act each cycle: is_parallelizable is False).  Its actions are
        # sampled without the mask: the first illegal one ends the game.
        from pettingzoo.test import parallel_seed_test
        from pettingzoo.utils.conversions import turn_based_aec_to_parallel
        for name, opts in CONFIGS:
            with self.subTest(name=name, **opts):
                self.quietly(parallel_seed_test,
                             lambda: turn_based_aec_to_parallel(crown.env.env(name, **opts)))

    def test_state_test(self):
        from pettingzoo.test import state_test
        from pettingzoo.utils.conversions import turn_based_aec_to_parallel
        for name, opts in CONFIGS:
            with self.subTest(name=name, **opts):
                _, said = self.quietly(
                    state_test, crown.env.env(name, **opts),
                    turn_based_aec_to_parallel(crown.env.env(name, **opts)))
                # (The tensors' values have no bound the library states.)
                self.assertLessEqual(said, {
                    "Environment's minimum state space value is -infinity. This is probably "
                    "too low.",
                    "Environment's maximum state space value is infinity. This is probably "
                    "too high"})

    def test_render_test(self):
        from pettingzoo.test import render_test
        for name, opts in CONFIGS[:1] + CONFIGS[4:5] + CONFIGS[6:8]:
            with self.subTest(name=name, **opts):
                self.quietly(render_test,
                             lambda render_mode=None: crown.env.env(name, render_mode=render_mode,
                                                                    **opts))

    def test_average_total_reward(self):
        # Its agent samples without the mask (last(observe=False)): an
        # illegal action soon ends each episode, -1 for the mover; a legal
        # one plays on.  Every seat's rewards summed: at most 0 in the
        # zero-sum games (Game of Kingdoms, King's Blood), -1 or above in all.
        from pettingzoo.utils.average_total_reward import average_total_reward
        for name, opts in CONFIGS:
            with self.subTest(name=name, **opts):
                mean, _ = self.quietly(average_total_reward, crown.env.env(name, **opts),
                                       max_episodes=30)
                self.assertGreaterEqual(mean, -1.0 - 1e-9)
                if name != "kings_family":
                    self.assertLessEqual(mean, 1e-9)

    def test_performance_benchmark(self):
        # 5 seconds each (PettingZoo's own loop: reset whenever every agent
        # is done), one option set per game.
        from pettingzoo.test import performance_benchmark
        for name, opts in CONFIGS[:1] + CONFIGS[4:6] + CONFIGS[7:8]:
            with self.subTest(name=name, **opts):
                self.quietly(performance_benchmark, crown.env.env(name, **opts))


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
            self.assertGreater(r["idiom_steps_per_s"], 0, r)
            self.assertGreater(r["fast_steps_per_s"], 0, r)
            self.assertIsNone(r["fast_to_uno"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
