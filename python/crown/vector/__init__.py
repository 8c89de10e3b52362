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
            # (next-step autoreset: a game that ended shows its end for one
            # step, which ignores its action and starts its next episode)

Observations are a dict, as CrownEnv's: "observation", the observation
tensor of each game's player to move (num_envs x S, float32; its pieces in
env.observation_layout), and "action_mask", its legal actions (num_envs x
N, int8, as Gymnasium's Discrete.sample(mask=) and PettingZoo take them: 1
where the action of that index is legal).  env.bool_mask is the same mask
as bools (no copy), for numpy.flatnonzero and other scans;
env.legal_actions(i) gives game i's legal actions as a list.
infos["current_player"] (int32) is the seat to move in each game
(crown.TERMINAL, -2, for a game left at the end of its episode).

Rewards (reward_mode=).  "seats", the default: step()'s rewards are every
seat's, num_envs x players float32 (pgx's layout), the change the step made
to each seat's returns, counted from 0 at the start of each episode, so that
an episode's rewards add up to its final returns.  A single-agent tool
(Gymnasium's RecordEpisodeStatistics and NormalizeReward) wants one reward a
game: reward_mode=p gives seat p's (num_envs,), so that such a tool reports
seat p's true returns; reward_mode="acting" the reward of the seat that took
the step's action (infos["acting_player"], -1 where none did), whose sum
over an episode is no seat's return.  infos["seat_rewards"] is every seat's
in every mode.

Episodes (autoreset_mode=, Gymnasium's three; metadata["autoreset_mode"]
is Gymnasium's AutoresetMode, or its value without Gymnasium).  A step ends
a game's episode with terminations = True (the game is over by its rules)
or truncations = True (by a length limit: the game's own, max_bouts,
max_turns or King's Family's max_moves, as crown.Game.is_truncated() says,
or max_steps decisions), and that step's rewards are the episode's last.
- "NextStep" (the default, as Gymnasium's): the game stays at its end for
  one step, showing its final observation (the tensor of the seat that
  made the last decision), a mask all 0 and current player -2; the next
  step ignores its action (random_legal_actions gives 0) and starts its
  next episode: its first position, rewards 0, flags False.
- "SameStep": the next episode starts in the same step, whose observation,
  mask and player are already its first; infos["final_obs"] (an object
  array: the final observation dict of each game that ended, None for the
  others) and infos["final_info"] (that step's infos of those games), with
  the masks "_final_obs" and "_final_info", as Gymnasium's SyncVectorEnv,
  are there when a game ended.
- "Disabled": the game stays at its end (its actions ignored, its rewards
  0, its flags True) until reset(options={"reset_mask": m}) starts again
  the games of m (num_envs bools).
An episode that is over before its first decision (a King's Family deal can
be) is skipped: the slot goes on to its next episode, and no step reports
the skipped one.

Seeds.  After reset(seed=s), slot i's k-th episode (k = 0, 1, ...) is the
game crown.Game(name, options, seed=E(s, i, k)) plays, E(s, i, k) =
mix(mix(mix(s) ^ i) ^ k) with mix the splitmix64 finalizer (crown.h
"Episodes and seeds"), so that environments of different seeds, and the
games and episodes of one, play independent games, and one crown.Game per
slot reproduces a run exactly: env.episode_seed(i) is the seed of game i's
present episode, env.game(i) the game itself.  reset(seed=[s0, s1, ...])
gives each game a seed of its own: game i then plays E(s_i, 0, k), what
slot 0 plays after reset(seed=s_i) (equal seeds, equal games).  reset()
without a seed starts the constructor's episodes the first time, then each
game's next episode.  With a reset_mask, an int seed gives the games of the
mask the episodes a reset of every game with it gives them, a list of seeds
E(s_i, 0, k), no seed their next episodes.

Threads (num_threads=).  The library steps the games on that many threads
of its own (0: one per processor), the results the same whatever their
number.

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
