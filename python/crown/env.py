"""crown.env: a PettingZoo-style AEC environment over any crown game.

It follows PettingZoo's Agent Environment Cycle API without depending on
PettingZoo (or Gymnasium): the agents take turns, one `step` per decision,
and each agent's observation is its own seat's view only.

    from crown.env import CrownEnv
    env = CrownEnv("game_of_kingdoms", players=4, variant="ruthless")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = random.choice([i for i, ok in enumerate(mask) if ok])
        env.step(action)

Agents are "player_0" .. "player_{n-1}" (seat i is "player_i").  The
chance events (deals, draws) are resolved inside, from the seed given to
`reset`: the game runs with chance=auto whatever the options say (an
explicit `chance=explicit` is refused).

Observations (`observe(agent)`, `last()`) are dicts (the TypedDict
`Observation`):
- "observation": the agent's observation tensor (Game.observation_tensor
  of its seat: a float32 numpy array when numpy can be imported, else a
  list of floats), laid out as `env.game.observation_layout()` says;
- "action_mask": one entry per action (the game's dense action index,
  Game.num_distinct_moves), 1 where the action is legal for that agent now
  (all 0 when it is not the agent's turn): a uint8 numpy array or a list.

Actions are indices 0..N-1 of the dense action index (Game.index_move gives
the move, Game.move_to_text its text).  An action that is not legal raises
crown.IllegalMoveError and changes nothing.

Rewards: after each step every agent's reward is the change of its returns
(Game.returns) made by that step: 0 until something is settled; in a single
game the whole result comes at the end, in a match of several games (Game of
Kingdoms `games=`, King's Blood `target=`) as each game ends.  So each
agent's rewards add up to its final returns.  At the end every agent is
terminated; `max_steps` (when given) truncates a game that has gone on for
that many decisions.  `infos[agent]` holds "seat" and, at the end, "returns".

`observation_space(agent)` and `action_space(agent)` are small stand-ins for
Gymnasium's Dict, Box and Discrete spaces (`.shape`, `.n`, `.sample()`,
`.contains()`); when Gymnasium can be imported they are Gymnasium's own.
"""

import importlib
import random as _random
from typing import Any, Dict, Iterable, Iterator, List, Optional, SupportsIndex, Tuple, TypedDict

from . import (SPECTATOR, Game, IllegalMoveError, InvalidArgumentError, LegalMask,
               ObservationTensor, StateError)

__all__ = ["CrownEnv", "Observation", "Box", "Discrete", "DictSpace", "env", "raw_env"]


class Observation(TypedDict):
    """An agent's observation (CrownEnv.observe): its tensor and its mask."""

    observation: ObservationTensor
    action_mask: LegalMask


# ---- spaces (Gymnasium's when it is there) ---------------------------------

class Discrete:
    """The actions 0..n-1 (as gymnasium.spaces.Discrete)."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        """The space of n actions; `seed` seeds sample()."""
        self.n = n
        self.shape: Tuple[int, ...] = ()
        self._rng = _random.Random(seed)

    def sample(self, mask: Optional[Iterable[object]] = None) -> int:
        """A uniform action, or one of those where mask is 1."""
        if mask is None:
            return self._rng.randrange(self.n)
        allowed = [i for i, ok in enumerate(mask) if ok]
        if not allowed:
            raise ValueError("the mask allows no action")
        return self._rng.choice(allowed)

    def contains(self, x: Any) -> bool:
        """Whether x is an integer in 0..n-1."""
        try:
            return 0 <= int(x) < self.n and int(x) == x
        except (TypeError, ValueError):
            return False

    __contains__ = contains

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n


class Box:
    """A vector of `shape` values in [low, high] (as gymnasium.spaces.Box)."""

    def __init__(self, low: float, high: float, shape: Tuple[int, ...], dtype: str) -> None:
        """Values in [low, high], `shape` of them, of the numpy type named `dtype`."""
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype

    def contains(self, x: Any) -> bool:
        """Whether x is a sequence of shape[0] values in [low, high]."""
        try:
            values = list(x)
        except TypeError:
            return False
        return (len(values) == self.shape[0]
                and all(self.low <= v <= self.high for v in values))

    __contains__ = contains

    def __repr__(self) -> str:
        return "Box(%s, %s, %s, %s)" % (self.low, self.high, self.shape, self.dtype)


class DictSpace:
    """Named spaces (as gymnasium.spaces.Dict)."""

    def __init__(self, spaces: Dict[str, Any]) -> None:
        """The spaces by name."""
        self.spaces = spaces

    def __getitem__(self, key: str) -> Any:
        """The space named `key`."""
        return self.spaces[key]

    def contains(self, x: Any) -> bool:
        """Whether x is a dict with exactly these names, each value in its space."""
        return (isinstance(x, dict) and set(x) == set(self.spaces)
                and all(self.spaces[k].contains(v) for k, v in x.items()))

    __contains__ = contains

    def __repr__(self) -> str:
        return "Dict(%r)" % self.spaces


def _spaces(size: int, n: int) -> Tuple[Any, Any]:
    """The observation space and the action space: Gymnasium's when
    Gymnasium (and numpy) can be imported, else the stand-ins above.  Both
    are optional, so they are imported by name (their objects are Any to a
    type checker, which need not have them)."""
    try:
        spaces = importlib.import_module("gymnasium.spaces")
        numpy = importlib.import_module("numpy")
    except ImportError:
        return (DictSpace({"observation": Box(float("-inf"), float("inf"), (size,), "float32"),
                           "action_mask": Box(0, 1, (n,), "uint8")}),
                Discrete(n))
    obs = spaces.Dict({
        "observation": spaces.Box(-numpy.inf, numpy.inf, (size,), numpy.float32),
        "action_mask": spaces.Box(0, 1, (n,), numpy.uint8),
    })
    return obs, spaces.Discrete(n)


# ---- the environment -------------------------------------------------------

class CrownEnv:
    """A crown game as a PettingZoo AEC environment (see the module's text).

    `name` is the game's name, `options` its options text and `keywords`
    options as keywords (as crown.Game takes them); `render_mode` is None,
    "ansi" (render() returns the spectator's text view) or "human" (render()
    prints it); `max_steps` truncates a game after that many decisions."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, name: str, options: str = "", render_mode: Optional[str] = None,
                 max_steps: Optional[int] = None, **keywords: Any) -> None:
        """Checks the game and its options (a probe game is made and closed)
        and sets up the agents and spaces; reset() starts the first game.
        Raises the crown errors of crown.Game, and InvalidArgumentError for a
        bad render_mode or max_steps or for chance=explicit."""
        if render_mode not in (None, "ansi", "human"):
            raise InvalidArgumentError("render_mode must be None, 'ansi' or 'human', not %r"
                                       % (render_mode,))
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise InvalidArgumentError("max_steps must be a positive int")
        probe = Game(name, options, 0, **keywords)
        try:
            if "chance=explicit" in probe.game_string:
                raise InvalidArgumentError(
                    "crown.env resolves chance events itself: remove chance=explicit")
            self._name = name
            self._game_string = probe.game_string.split(":", 1)[1]
            self.num_actions = probe.num_distinct_moves
            self.observation_size = probe.observation_shape[0]
            players = probe.num_players
        finally:
            probe.close()
        self.metadata = dict(CrownEnv.metadata, name="crown_" + name)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents: List[str] = ["player_%d" % i for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_space, self._act_space = _spaces(self.observation_size, self.num_actions)
        self.game: Optional[Game] = None
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.agent_selection: Optional[str] = None
        self.steps = 0
        self._returns: List[float] = []
        self._seed_rng = _random.Random()

    # -- PettingZoo's attributes

    @property
    def num_agents(self) -> int:
        """How many agents are still in the game (len(agents))."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """The number of seats (len(possible_agents))."""
        return len(self.possible_agents)

    @property
    def observation_spaces(self) -> Dict[str, Any]:
        """Each agent's observation space (all the same)."""
        return {a: self._obs_space for a in self.possible_agents}

    @property
    def action_spaces(self) -> Dict[str, Any]:
        """Each agent's action space (all the same: the dense action index)."""
        return {a: self._act_space for a in self.possible_agents}

    @property
    def unwrapped(self) -> "CrownEnv":
        """The environment itself (there are no wrappers)."""
        return self

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space: a Dict of "observation" (the
        observation tensor, float32) and "action_mask" (uint8).  Raises
        InvalidArgumentError for an unknown agent."""
        self._seat(agent)
        return self._obs_space

    def action_space(self, agent: str) -> Any:
        """The agent's action space: Discrete(num_distinct_moves).  Raises
        InvalidArgumentError for an unknown agent."""
        self._seat(agent)
        return self._act_space

    def _seat(self, agent: str) -> int:
        try:
            return self.agent_name_mapping[agent]
        except (KeyError, TypeError):
            raise InvalidArgumentError("unknown agent %r (the agents are %s)"
                                       % (agent, ", ".join(self.possible_agents))) from None

    # -- the cycle

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game: from `seed` (0..2**64-1), or from a seed drawn
        from the previous one (a fresh random seed the first time)."""
        del options  # PettingZoo's reset argument; the game's options are fixed
        if seed is not None:
            self._seed_rng.seed(seed)
            game_seed = seed
        else:
            game_seed = self._seed_rng.getrandbits(64)
        if self.game is not None:
            self.game.close()
        self.game = Game(self._name, self._game_string, game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"seat": i} for i, a in enumerate(self.agents)}
        self.steps = 0
        # (Rewards are changes from 0, so that they add up to the returns
        # even where a game's returns are not 0 at its start.)
        self._returns = [0.0] * len(self.possible_agents)
        self._select()

    def _select(self) -> None:
        """agent_selection: the seat to move, or at the end the next agent
        still to be removed."""
        if self.game is None or not self.agents:
            self.agent_selection = None
            return
        if self.game.is_terminal() or any(self.truncations.values()):
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.game.current_player()]

    def _game(self) -> Game:
        if self.game is None:
            raise StateError("call reset() before using the environment")
        return self.game

    def observe(self, agent: str) -> Observation:
        """The agent's observation: {"observation": its tensor,
        "action_mask": its legal actions (all 0 when it is not its turn)}."""
        seat = self._seat(agent)
        g = self._game()
        mask = g.legal_mask()
        if g.is_terminal() or g.current_player() != seat or any(self.truncations.values()):
            if isinstance(mask, list):
                mask = [0] * len(mask)
            else:
                mask[:] = 0  # (legal_mask made the array: nobody else has it)
        return {"observation": g.observation_tensor(seat), "action_mask": mask}

    def last(self, observe: bool = True
             ) -> Tuple[Optional[Observation], float, bool, bool, Dict[str, Any]]:
        """(observation, cumulative reward, termination, truncation, info) of
        the selected agent."""
        agent = self.agent_selection
        if agent is None:
            raise StateError("no agent is selected: the game is over or not reset")
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yields the selected agent until every agent is done (or max_iter)."""
        for _ in range(max_iter):
            if not self.agents or self.agent_selection is None:
                return
            yield self.agent_selection

    def step(self, action: Optional[SupportsIndex]) -> None:
        """Plays `action` (an index of the dense action space) for the selected
        agent; None for an agent that is terminated or truncated (which
        removes it, as PettingZoo's dead step does)."""
        agent = self.agent_selection
        if agent is None:
            raise StateError("no agent is selected: the game is over or not reset")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalMoveError("%s is done: step(None) removes it" % agent)
            self._remove(agent)
            return
        if action is None:
            raise IllegalMoveError("%s must act: step(None) is for agents that are done"
                                   % agent)
        g = self._game()
        move = g.index_move(action)
        g.apply(move)  # checks legality; raises IllegalMoveError and changes nothing
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        returns = g.returns()
        for i, a in enumerate(self.possible_agents):
            if a in self.rewards:
                self.rewards[a] = returns[i] - self._returns[i]
                self._cumulative_rewards[a] += self.rewards[a]
        self._returns = returns
        if g.is_terminal():
            for i, a in enumerate(self.agents):
                self.terminations[a] = True
                self.infos[a]["returns"] = returns[self.agent_name_mapping[a]]
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._select()
        if self.render_mode == "human":
            self.render()

    def _remove(self, agent: str) -> None:
        self.agents.remove(agent)
        del (self.rewards[agent], self._cumulative_rewards[agent], self.terminations[agent],
             self.truncations[agent], self.infos[agent])
        self._select()

    def render(self) -> Optional[str]:
        """The spectator's text view: returned ("ansi") or printed ("human")."""
        text = self._game().observation(SPECTATOR)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def state(self) -> str:
        """The whole game as saved text (Game.serialize), for replay."""
        return self._game().serialize()

    def close(self) -> None:
        """Frees the current game; reset() may start another."""
        if self.game is not None:
            self.game.close()
            self.game = None

    def __repr__(self) -> str:
        return "CrownEnv(%r)" % self.metadata["name"]


def raw_env(name: str, options: str = "", **keywords: Any) -> CrownEnv:
    """The environment (PettingZoo's name for an env without wrappers)."""
    return CrownEnv(name, options, **keywords)


env = raw_env
