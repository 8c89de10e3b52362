# mypy: warn-unused-ignores=False
"""crown.vector: many games of one game at once, as a Gymnasium vector environment.

`VectorEnv` steps `num_envs` games of one game and option set with one call
into the library (the batched C API, crown.h "Batches"), so a step does no
Python work per game.  It needs numpy (Debian: python3-numpy); Gymnasium is
optional: when it imports, VectorEnv is a gymnasium.vector.VectorEnv, its
spaces are Gymnasium's, and an id is registered for each game
("crown/GameOfKingdoms-v0", "crown/KingsFamily-v0", "crown/KingsBlood-v0",
"crown/BloodBound-v0": gymnasium.make_vec(id, num_envs=8, players=4) once
crown.vector is imported, or make_vec("crown.vector:" + id, ...)).

    import numpy as np
    from crown.vector import VectorEnv, random_legal_actions

    with VectorEnv("game_of_kingdoms", "players=4", num_envs=1024, seed=42) as env:
        rng = np.random.default_rng(0)
        obs, infos = env.reset(seed=42)
        for _ in range(1000):
            actions = random_legal_actions(obs["action_mask"], rng)   # your policy
            obs, rewards, terminations, truncations, infos = env.step(actions)
            # rewards: num_envs x players, every seat's reward of the step

Observations are a dict, as CrownEnv's: "observation", the observation
tensor of each game's player to move (num_envs x S, float32; its pieces in
env.observation_layout), and "action_mask", its legal actions (num_envs x
N, int8, as Gymnasium's Discrete.sample(mask=) and PettingZoo take them: 1
where the action of that index is legal).  env.bool_mask is the same mask
as bools (no copy), for numpy.flatnonzero and other scans;
env.legal_actions(i) gives game i's legal actions as a list.
infos["current_player"] (int32) is the seat to move in each game: every game
is always at a decision of one of its seats.

Rewards (reward_mode=).  "seats", the default: step()'s rewards are every
seat's, num_envs x players float32 (pgx's layout), the change the step made
to each seat's returns, counted from 0 at the start of each episode, so that
an episode's rewards add up to its final returns.  A single-agent tool
(Gymnasium's RecordEpisodeStatistics and NormalizeReward) wants one reward a
game: reward_mode=p gives seat p's (num_envs,), so that such a tool reports
seat p's true returns; reward_mode="acting" the reward of the seat that took
the step's action (infos["acting_player"]), whose sum over an episode is no
seat's return.  infos["seat_rewards"] is every seat's in every mode.

Autoreset, in the same step (metadata["autoreset_mode"] is
gymnasium.vector.AutoresetMode.SAME_STEP, or the string "SameStep" without
Gymnasium).  A game that ends in a step reports that step's rewards and
terminations = True (the game is over) or truncations = True (`max_steps`
decisions made in the episode), and the same step's observation, mask and
current player are already those of the slot's next episode: the final
observation of an episode is not returned.  An episode that is over before
its first decision (a King's Family deal can be) is skipped: the slot goes
on to its next episode, and no step reports the skipped one.  The
next-step and disabled modes, reset(seed=[...]) with one seed per game,
reset(options={"reset_mask": m}) and num_threads= above 1 need library
functions this libcrown does not have: they raise NotImplementedError
naming the function.

Seeds.  After reset(seed=s), slot i's k-th episode (k = 0, 1, ...) is the
game crown.Game(name, options, seed=s + i + k * num_envs) plays (seeds wrap
modulo 2**64), so one crown.Game per slot reproduces a run exactly.
reset() without a seed takes the next seed of a generator seeded with the
last seed given (to the constructor or to reset), so a run of resets is
reproducible too.

Arrays are the caller's (copy=True, the default).  Every reset and step
returns new, writeable arrays that the environment never writes again: a
replay buffer may keep them as they are, a wrapper may change them in place
(Gymnasium's ClipReward).  With copy=False the arrays are the environment's
own, the same at every call and overwritten by the next one (EnvPool's and
pgx's way), and read-only, as the library may rely on what it wrote there
(it clears a mask row only where it last set it): faster where the masks
are wide (docs/performance.md), and the caller copies what it keeps.

Errors raise crown's exceptions with the library's message, which names the
game of the batch ("game 3: action 17: move 1089 (beat GN with RQ) is not
legal: ..."); a step that fails changes no game and no array, and one that
is interrupted (KeyboardInterrupt) either happened whole or not at all, the
environment's arrays and state agreeing with its games either way.  A
VectorEnv cannot be copied or pickled (TypeError): a copy would share the
games.
"""

import importlib

from .. import _missing

try:
    importlib.import_module("numpy")
except ImportError as _e:
    raise ImportError(_missing.message("crown.vector", "numpy", _e, "python3-numpy",
                                       "numpy")) from None

from . import _registry
from ._actions import random_legal_actions
from ._env import VectorEnv
from ._spaces import AUTORESET_MODE, Box, MultiDiscrete

__all__ = ["VectorEnv", "random_legal_actions", "Box", "MultiDiscrete", "AUTORESET_MODE"]

try:
    _gymnasium = importlib.import_module("gymnasium")
except ImportError:
    pass
else:
    _registry.register(_gymnasium)
