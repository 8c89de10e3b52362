# mypy: warn-unused-ignores=False
"""crown.vector: many games of one game at once, as a Gymnasium vector environment.

`VectorEnv` steps `num_envs` games of one game and option set with one call
into the library (the batched C API, crown.h "Batches"): its arrays are
numpy arrays the library writes into directly, so a step does no Python
work per game.  It needs numpy (Debian: python3-numpy); Gymnasium is
optional: when it imports, VectorEnv is a gymnasium.vector.VectorEnv and its
spaces are Gymnasium's.

    import numpy as np
    from crown.vector import VectorEnv, random_legal_actions

    with VectorEnv("game_of_kingdoms", "players=4", num_envs=1024, seed=42) as env:
        rng = np.random.default_rng(0)
        obs, infos = env.reset(seed=42)
        for _ in range(1000):
            actions = random_legal_actions(obs["action_mask"], rng)   # your policy
            obs, rewards, terminations, truncations, infos = env.step(actions)
            per_seat = infos["seat_rewards"]      # num_envs x players

Observations are a dict, as CrownEnv's: "observation", the observation
tensor of each game's player to move (num_envs x S, float32), and
"action_mask", its legal actions (num_envs x N, int8: 1 where the action of
that index is legal).  `infos["current_player"]` (int32) is the seat to move
in each game: every game is always at a decision of one of its seats.

Rewards.  Every seat's reward of the step is `infos["seat_rewards"]`
(num_envs x players, float32): the change the step made to that seat's
returns, counted from 0 at the start of each episode, so that an episode's
rewards add up to its final returns.  The `rewards` that step() returns, one
per game as Gymnasium wants, are those of the seat that took the step's
action (`infos["acting_player"]`); in a one-player game they are all there
is.  A self-play learner reads `seat_rewards`.

Autoreset, in the same step (metadata["autoreset_mode"] is
gymnasium.vector.AutoresetMode.SAME_STEP, or the string "SameStep" without
Gymnasium).  A game that ends in a step reports that step's rewards and
terminations = True (the game is over) or truncations = True (`max_steps`
decisions made in the episode), and the same step's observation, mask and
current player are already those of the slot's next episode: the final
observation of an episode is not returned.  An episode that is over before
its first decision (a King's Family deal can be) is skipped, unreported.

Seeds.  After reset(seed=s), slot i's k-th episode (k = 0, 1, ...) is the
game crown.Game(name, options, seed=s + i + k * num_envs) plays (seeds wrap
modulo 2**64), so one crown.Game per slot reproduces a run exactly.
reset() without a seed takes the next seed of a generator seeded with the
last seed given (to the constructor or to reset), so a run of resets is
reproducible too.

Arrays are reused.  The arrays a call returns (observations, rewards, flags,
infos) are the environment's own, and the next step or reset overwrites
them, as EnvPool's and pgx's users expect: copy what you keep
(`obs["observation"].copy()`).  They are read-only views, as the library
may rely on what it wrote there (it may clear a mask row only where it last
set it).  With `copy=True` every call returns new, writeable arrays instead,
never written again (each call binds fresh arrays: the price is an
allocation and the library clearing them, not a copy).

Errors raise crown's exceptions with the library's message, which names the
game of the batch ("game 3: action 17: move 1089 (beat GN with RQ) is not
legal: ..."); a step that fails changes no game and no array.  A VectorEnv
cannot be copied or pickled (TypeError): a copy would share the games.
"""

import importlib

from .. import _missing

try:
    importlib.import_module("numpy")
except ImportError as _e:
    raise ImportError(_missing.message("crown.vector", "numpy", _e, "python3-numpy",
                                       "numpy")) from None

from ._actions import random_legal_actions
from ._env import VectorEnv
from ._spaces import AUTORESET_MODE, Box, MultiDiscrete

__all__ = ["VectorEnv", "random_legal_actions", "Box", "MultiDiscrete", "AUTORESET_MODE"]
