"""crown.env: a PettingZoo AEC environment over any crown game.

It follows PettingZoo's Agent Environment Cycle API: the agents take turns,
one `step` per decision, and each agent's observation is its own seat's
view only.  When PettingZoo and Gymnasium can be imported, CrownEnv is a
`pettingzoo.AECEnv` with Gymnasium's spaces and passes PettingZoo's own
tests; without them it works the same, with small stand-ins for the spaces,
and needs nothing but the standard library (numpy is used when it is
there).  docs/bots.md ("One game for learning: crown.env") is its manual.

    from crown.env import env
    e = env("game_of_kingdoms", players=4, variant="ruthless")
    e.reset(seed=42)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = random.choice(info["legal_actions"])
        e.step(action)

`env(name, options, **keywords)` is PettingZoo's convention: the raw
environment wrapped in PettingZoo's TerminateIllegalWrapper (an illegal
action ends the game, the mover's reward `illegal_reward`, -1 by default),
AssertOutOfBoundsWrapper and OrderEnforcingWrapper, as PettingZoo's classic
environments are; without PettingZoo, the raw environment itself (an
illegal action then raises IllegalMoveError).  `raw_env(...)` and
`CrownEnv(...)` are the raw environment.  The keywords `render_mode` and
`max_steps` (and env()'s `illegal_reward`) are the environment's, never
game options; `seed` is refused (reset(seed=) takes it).

Agents are "player_0" .. "player_{n-1}" (seat i is "player_i").  The
chance events (deals, draws) are resolved inside, from the seed given to
`reset`: the game runs with chance=auto whatever the options say (an
explicit `chance=explicit` is refused).

Seeds: reset(seed=s) plays the game crown.Game(name, options, seed=s), or,
when that deal is over before its first decision (a King's Family deal can
be), the first of seeds s+1, s+2, ... (modulo 2**64) whose deal reaches one:
a deal with no decision is skipped, as a batch skips it (a batch's
episodes have hashed seeds, crown.h "Episodes and seeds": one environment
keeps crown.Game's seed, so that env.game is the game of the seed given).
`env.game.seed` is the seed played.  reset() without a seed
draws one from a generator seeded by the last seed given (a fresh random
seed the first time), then skips the same way.  Options under which no deal
reaches a decision are refused (OptionError) when the environment is made,
with the library's reason, or by reset() after 1000 such deals in a row.

Observations (`observe(agent)`, `last()`) are dicts (the TypedDict
`Observation`), new objects at each call (keeping them is safe):
- "observation": the agent's observation tensor (Game.observation_tensor
  of its seat: a float32 numpy array when numpy can be imported, else a
  list of floats), laid out as `env.game.observation_layout()` says;
- "action_mask": one entry per action (the game's dense action index,
  Game.num_distinct_moves), 1 where the action is legal for that agent now
  (all 0 when it is not the agent's turn, or the agent is done): an int8
  numpy array (as Game.legal_mask, PettingZoo's environments and
  Gymnasium's Discrete.sample(mask=) have it) or a list of ints.

`infos[agent]["legal_actions"]` is the list of the agent's legal actions,
ascending (empty when it is not its turn): the fast path, computed at each
step by the environment (bytes.find on the mask, about a microsecond)
where numpy.flatnonzero on the int8 mask, PettingZoo's idiom, takes 17 µs
in King's Blood (11,813 actions).  infos[agent] also holds "seat" and, at
the end, "returns": the agent's returns (in a match, what the games
already over gave; truncated by max_steps, what was settled so far).

Actions are indices 0..N-1 of the dense action index (Game.index_move gives
the move, Game.move_to_text its text), an int or anything with __index__
(numpy integers).  On the raw environment an action out of range raises
crown.InvalidArgumentError, one that is not legal crown.IllegalMoveError,
each naming the action and the legal ones; the game is then unchanged.

Rewards: after each step every agent's reward is the change of its returns
(Game.returns) made by that step, counted from 0 at the reset: 0 until
something is settled; in a single game the whole result comes at the end,
in a match of several games (Game of Kingdoms `games=`, King's Blood
`match=on`) as each game ends.  So each agent's rewards add up to its final
returns.  `last()` gives the selected agent's rewards since it last acted,
as PettingZoo does.  At the end every agent is done, and each `step(None)`
removes one; after such a dead step every reward is 0 again.

Termination and truncation: a game over by its rules terminates every
agent (terminations True); a game stopped by one of its length limits
(max_bouts, max_moves, max_turns, max_match_turns: Game.is_truncated) or by
the environment's `max_steps` decisions truncates every agent (truncations
True, terminations False), Gymnasium's meaning: the last position has a
value the returns do not give.

state() is the global state for centralized critics (MAPPO, QMIX): every
seat's observation tensor, seat 0's first, concatenated (players x S
float32 values; `state_space` is its Box).  Together the seats' views hold
everything any seat knows, the hidden hands included; what no seat knows
(the order of the cards still to be drawn) is in none.  serialize() is the
game saved as text (Game.serialize), for replay.

Copies (copy.copy, copy.deepcopy, pickle) are independent environments in
the same state, the game cloned (a search may copy the environment to try
actions).

Interruption: a KeyboardInterrupt (or any exception) that stops a step
after the library played its action leaves the environment as the game is:
the step's bookkeeping (rewards, the agents done or the agent to select,
its mask) is finished before the exception goes on (or, if that is
interrupted too, by the next call), so the game and the environment never
disagree; stopped before, the step never happened.

Threads: observe() may be called from several threads at once, each
getting its own agent's view; reset() and step() are for one thread, with
no observe() on another meanwhile.

`env.game` is the crown.Game being played, for inspection: play on it only
through the environment, which keeps the player to move and the mask of
the current state.

`observation_space(agent)` and `action_space(agent)` are each agent's own
Gymnasium Dict(observation: Box float32, action_mask: Box(0, 1, (N,), int8))
and Discrete(N) when Gymnasium can be imported, else small stand-ins with
the same attributes (`.shape`, `.n`, `.seed()`, `.sample()`, `.contains()`).
"""

import copy
import ctypes
import importlib
import operator
import random as _random
import warnings
from typing import (
    TYPE_CHECKING, Any, Dict, Iterator, List, Optional, SupportsIndex, Tuple, TypedDict)

from . import (SPECTATOR, TERMINAL, CrownError, Game, IllegalMoveError, InvalidArgumentError,
               ObservationTensor, OptionError, StateError)
from ._arrays import ActionMask, float32_vector, ones
from ._convert import _INDEX_RANGE, _SEED_RANGE, _decode, _enc, _integer
from ._library import _lib
from ._prototypes import _batch_p
from ._spaces import Box, DictSpace, Discrete, _gymnasium_spaces, _spaces, _state_space
from .errors import _error

__all__ = ["CrownEnv", "Observation", "ActionMask", "Box", "Discrete", "DictSpace", "env",
           "raw_env"]

# How many deals in a row may end before their first decision before
# reset() gives up (OptionError), as a batch does (crown.h, "Episodes and
# seeds").
_EMPTY_DEALS_MAX = 1000

# Keywords that belong to another layer than CrownEnv's, refused with a word
# on where they go (rather than read as game options).
_NOT_MINE = {
    "seed": "give the seed to reset(seed=...)",
    "illegal_reward": "it is env()'s (its TerminateIllegalWrapper's): use crown.env.env()",
    "max_episode_steps": "CrownEnv's limit on the decisions of a game is max_steps=",
}


class Observation(TypedDict):
    """An agent's observation (CrownEnv.observe): its tensor and its mask."""

    observation: ObservationTensor
    action_mask: ActionMask


def _base() -> Any:
    """pettingzoo.AECEnv when PettingZoo and Gymnasium can be imported,
    else object."""
    if _gymnasium_spaces() is None:
        return object
    try:
        return importlib.import_module("pettingzoo").AECEnv
    except ImportError:
        return object


if TYPE_CHECKING:
    _AECEnv = object
else:
    _AECEnv = _base()


# ---- the library's calls on the hot path -----------------------------------
# Own foreign functions of the same library with plain addresses (c_void_p)
# for every pointer, so that a step passes cached ints: no byref, no
# ctypes objects made per call.

def _function(name: str, *argtypes: Any) -> Any:
    return ctypes.CFUNCTYPE(ctypes.c_int, *argtypes)((name, _lib))


_vp, _sz, _int = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
_apply = _function("crown_apply", _vp, ctypes.c_int32)
_current_player = _function("crown_current_player", _vp, _vp)
_returns = _function("crown_returns", _vp, _vp, _sz, _vp)
_tensor = _function("crown_observation_tensor", _vp, _int, _vp, _sz, _vp)
_legal_mask = _function("crown_legal_mask", _vp, _vp, _sz, _vp)
_index_move = _function("crown_index_move", _vp, _sz, _vp)
_truncated = _function("crown_truncated", _vp, _vp)
_undo_depth = _function("crown_undo_depth", _vp, _vp)


def _check_options_decide(name: str, options: str) -> None:
    """Raises OptionError, with the library's reason, when the options give
    no deal a decision (the batch's check: a batch of one game is made and
    freed)."""
    batch = _batch_p()
    err = ctypes.create_string_buffer(512)
    status = _lib.crown_batch_new(ctypes.byref(batch), _enc(name, "name"),
                                  _enc(options, "options"), 1, 0, 0, err, len(err))
    if status == 0:
        _lib.crown_batch_free(batch)
        return
    raise _error(status, _decode(err.value).replace("a batch steps decisions",
                                                    "crown.env steps decisions"))


# ---- the environment -------------------------------------------------------

class CrownEnv(_AECEnv):
    """A crown game as a PettingZoo AEC environment (see the module's text).

    `name` is the game's name, `options` its options text and `keywords`
    options as keywords (as crown.Game takes them); `render_mode` is None,
    "ansi" (render() returns the spectator's text view) or "human" (step()
    and render() print it); `max_steps` truncates a game after that many
    decisions."""

    metadata: Dict[str, Any] = {"name": "crown", "render_modes": ["human", "ansi"],
                                "is_parallelizable": False}

    def __init__(self, name: str, options: str = "", render_mode: Optional[str] = None,
                 max_steps: Optional[SupportsIndex] = None, **keywords: Any) -> None:
        """Checks the game and its options (a probe game is made and closed)
        and sets up the agents and spaces; reset() starts the first game.
        Raises the crown errors of crown.Game (OptionError also for options
        under which no deal reaches a decision), InvalidArgumentError for a
        bad render_mode, a max_steps below 1 or chance=explicit, and
        TypeError for a max_steps that is not an int (or has no __index__)
        and for the keywords of other layers (seed, illegal_reward,
        max_episode_steps)."""
        for key in keywords:
            if key in _NOT_MINE:
                raise TypeError("CrownEnv takes no %s keyword: %s" % (key, _NOT_MINE[key]))
        if render_mode not in (None, "ansi", "human"):
            raise InvalidArgumentError("render_mode must be None, 'ansi' or 'human', not %r"
                                       % (render_mode,))
        steps = None if max_steps is None else _integer(max_steps, "max_steps",
                                                         (1, _INDEX_RANGE[1]))
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
            if probe.is_terminal():
                _check_options_decide(name, self._game_string)
        finally:
            probe.close()
        self.metadata = dict(CrownEnv.metadata, name="crown_" + name)
        self.render_mode = render_mode
        self.max_steps = steps
        self.possible_agents: List[str] = ["player_%d" % i for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces: Dict[str, Any] = {}
        self.action_spaces: Dict[str, Any] = {}
        for a in self.possible_agents:
            self.observation_spaces[a], self.action_spaces[a] = _spaces(
                self.observation_size, self.num_actions)
        self.state_space: Any = _state_space(players * self.observation_size)
        self.game: Optional[Game] = None
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.agent_selection: Optional[str] = None
        self.steps = 0
        self._seed_rng = _random.Random()
        self._setup_buffers(players)

    def _setup_buffers(self, players: int) -> None:
        """The buffers the library writes into and the state of the game
        that the environment keeps."""
        n = self.num_actions
        self._players = players
        self._make_buffers()
        # The move of each action, looked up once (crown_index_move).
        self._moves: List[Optional[int]] = [None] * n
        # The seat to move (None when the game is over or truncated), the
        # state's number (each step adds one) and that of the mask in
        # _mask_buf (-1: none), the returns' bytes after the last step and
        # whether a reward is not 0.
        self._player: Optional[int] = None
        self._state_no = 0
        self._mask_no = -1
        self._returns_seen = bytes(ctypes.sizeof(self._returns_buf))
        self._returns_prev = [0.0] * players
        self._rewarded = False
        # A step the library may have played but whose bookkeeping is not
        # done (see _played), else None.
        self._pending: Optional[Tuple[Any, ...]] = None

    # The attributes that _make_buffers makes: a copy makes its own.
    _BUFFERS = ("_tensor_buf", "_mask_buf", "_returns_buf", "_out_int", "_out_size", "_out_move",
                "_tensor_at", "_mask_at", "_returns_at", "_out_int_at", "_out_size_at",
                "_out_move_at", "_numpy", "_tensor_np", "_mask_np")

    def _make_buffers(self) -> None:
        """The buffers the library writes into, allocated once, and their
        addresses (the hot path passes these ints)."""
        self._tensor_buf = (ctypes.c_float * self.observation_size)()
        # (A bytearray: its find lists the legal actions without a copy.)
        self._mask_buf = bytearray(self.num_actions)
        self._returns_buf = (ctypes.c_double * self._players)()
        self._out_int = ctypes.c_int()
        self._out_size = ctypes.c_size_t()
        self._out_move = ctypes.c_int32()
        self._tensor_at = ctypes.addressof(self._tensor_buf)
        self._mask_at = ctypes.addressof(ctypes.c_char.from_buffer(self._mask_buf))
        self._returns_at = ctypes.addressof(self._returns_buf)
        self._out_int_at = ctypes.addressof(self._out_int)
        self._out_size_at = ctypes.addressof(self._out_size)
        self._out_move_at = ctypes.addressof(self._out_move)
        self._mask_no = -1  # (no mask in the new buffer)
        try:
            numpy = importlib.import_module("numpy")
        except ImportError:
            self._numpy: Any = None
        else:
            self._numpy = numpy
            self._tensor_np = numpy.frombuffer(self._tensor_buf, dtype=numpy.float32)
            self._mask_np = numpy.frombuffer(self._mask_buf, dtype=numpy.int8)

    # -- copies: copy.copy, copy.deepcopy and pickle give an independent
    # environment (its game cloned, or saved and replayed), with buffers of
    # its own; the original's buffers' addresses must not come along.

    def __getstate__(self) -> Dict[str, Any]:
        """All but the buffers (see _BUFFERS)."""
        state = self.__dict__.copy()
        for name in self._BUFFERS:
            state.pop(name, None)
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        """The state of __getstate__, with new buffers."""
        self.__dict__.update(state)
        self._make_buffers()

    def __copy__(self) -> "CrownEnv":
        """An independent copy, as copy.deepcopy's (as crown.Game's copy)."""
        return copy.deepcopy(self)

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
    def unwrapped(self) -> "CrownEnv":
        """The environment itself (the one env()'s wrappers wrap)."""
        return self

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space (the same object at each call): a
        Dict of "observation" (the observation tensor, float32) and
        "action_mask" (int8).  Raises InvalidArgumentError for an unknown
        agent."""
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> Any:
        """The agent's action space (the same object at each call):
        Discrete(num_distinct_moves).  Raises InvalidArgumentError for an
        unknown agent."""
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def _seat(self, agent: str) -> int:
        try:
            return self.agent_name_mapping[agent]
        except (KeyError, TypeError):
            raise InvalidArgumentError("unknown agent %r (the agents are %s)"
                                       % (agent, ", ".join(self.possible_agents))) from None

    # -- the cycle

    def reset(self, seed: Optional[SupportsIndex] = None,
              options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game: from `seed` (0..2**64-1, an int or anything
        with __index__, such as numpy's integers), or from a seed drawn
        from the previous one (a fresh random seed the first time); a deal
        over before its first decision is skipped for the next seed's (see
        the module's text).  On an error nothing changes."""
        # PettingZoo's reset argument, ignored: the game's options are fixed.
        # (Not refused: PettingZoo's api_test passes options={"options": 1}.)
        del options
        # (A bad seed raises here, before anything changes.)
        if seed is not None:
            seed = _integer(seed, "seed", _SEED_RANGE)
        rng = self._seed_rng
        drawn = rng.getstate() if seed is None else None
        try:
            game, player = self._first_decision(rng.getrandbits(64) if seed is None else seed)
        except BaseException:  # (KeyboardInterrupt too: the draw is taken back)
            if drawn is not None:
                rng.setstate(drawn)
            raise
        # Nobody is selected until the end, so that an interruption leaves
        # an environment to reset again, not one half reset.
        self._pending = None
        self._player = None
        self.agent_selection = None
        if seed is not None:
            rng.seed(seed)
        old, self.game = self.game, game
        if old is not None:
            old.close()
        agents = self.possible_agents
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {a: {"seat": i, "legal_actions": []} for i, a in enumerate(agents)}
        self.steps = 0
        self._state_no += 1
        # (Rewards are changes from 0, so that they add up to the returns
        # even where a game's returns are not 0 at its start.)
        self._returns_seen = bytes(ctypes.sizeof(self._returns_buf))
        self._returns_prev = [0.0] * self._players
        self._rewarded = False
        with game._lock:
            self._select(game, game._handle(), player)

    def _first_decision(self, seed: int) -> Tuple[Game, int]:
        """The game of `seed`, or of the first seed after it whose deal
        reaches a decision, and its player to move."""
        for _ in range(_EMPTY_DEALS_MAX):
            game = Game(self._name, self._game_string, seed)
            with game._lock:
                self._call(game, _current_player(game._handle(), self._out_int_at))
            if self._out_int.value != TERMINAL:
                return game, self._out_int.value
            game.close()
            seed = (seed + 1) % 2**64
        raise OptionError(
            "the %d deals of seeds %d to %d all ended before their first decision: these "
            "options (almost) never give a game a decision, and crown.env steps decisions"
            % (_EMPTY_DEALS_MAX, (seed - _EMPTY_DEALS_MAX) % 2**64, (seed - 1) % 2**64))

    def _select(self, g: Game, h: Any, player: int) -> None:
        """Seat `player` is to move (the lock of `g` held): it is selected,
        the mask of the state goes into the buffer, and its legal actions
        into its info."""
        status = _legal_mask(h, self._mask_at, self.num_actions, self._out_size_at)
        if status:
            g._check(status)
        self._mask_no = self._state_no
        agent = self.possible_agents[player]
        # (The legal actions, as _arrays.ones finds them, inline: the hot path.)
        legal: List[int] = []
        find = self._mask_buf.find
        i = find(1)
        while i >= 0:
            legal.append(i)
            i = find(1, i + 1)
        self.infos[agent]["legal_actions"] = legal
        self._player = player
        self.agent_selection = agent

    def _call(self, game: Game, status: int) -> None:
        """Raises the error of a failed call on `game` (its lock held)."""
        if status:
            game._check(status)

    def observe(self, agent: str) -> Observation:
        """The agent's observation: {"observation": its tensor,
        "action_mask": its legal actions (all 0 when it is not its turn)},
        new arrays (or lists) at each call."""
        # (The hot path: one lock, one call with cached addresses; the mask
        # is the state's, computed by the step.)
        if self._pending is not None:
            self._recover()
        seat = self.agent_name_mapping.get(agent) if type(agent) is str else None
        if seat is None:
            seat = self._seat(agent)
        g = self.game
        if g is None:
            raise StateError("call reset() before using the environment")
        mover = seat == self._player
        with g._lock:
            h = g._h
            if not h or g._closing:
                g._handle()  # raises StateError
            status = _tensor(h, seat, self._tensor_at, self.observation_size, self._out_size_at)
            if status:
                g._check(status)
            if mover and self._mask_no != self._state_no:
                status = _legal_mask(h, self._mask_at, self.num_actions, self._out_size_at)
                if status:
                    g._check(status)
                self._mask_no = self._state_no
            # (Copied with the lock held: the buffers are shared, and another
            # thread's observe would write its own seat's view into them.)
            numpy = self._numpy
            if numpy is None:
                return {"observation": list(self._tensor_buf),
                        "action_mask": list(self._mask_buf) if mover else [0] * self.num_actions}
            return {"observation": self._tensor_np.copy(),
                    "action_mask": (self._mask_np.copy() if mover
                                    else numpy.zeros(self.num_actions, numpy.int8))}

    def last(self, observe: bool = True
             ) -> Tuple[Optional[Observation], float, bool, bool, Dict[str, Any]]:
        """(observation, cumulative reward, termination, truncation, info) of
        the selected agent."""
        if self._pending is not None:
            self._recover()
        agent = self.agent_selection
        if agent is None:
            raise StateError("no agent is selected: the game is over or not reset")
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yields the selected agent until every agent is done (or max_iter)."""
        for _ in range(max_iter):
            if self._pending is not None:
                self._recover()
            if not self.agents or self.agent_selection is None:
                return
            yield self.agent_selection

    def step(self, action: Optional[SupportsIndex]) -> None:
        """Plays `action` (an index of the dense action space) for the selected
        agent; None for an agent that is terminated or truncated (which
        removes it, as PettingZoo's dead step does)."""
        if self._pending is not None:
            self._recover()
        agent = self.agent_selection
        if agent is None:
            raise StateError("no agent is selected: the game is over or not reset")
        player = self._player
        if player is None:
            if action is not None:
                raise IllegalMoveError("%s is done: step(None) removes it" % agent)
            self._was_dead_step(None)
            return
        if action is None:
            raise IllegalMoveError("%s must act: step(None) is for agents that are done"
                                   % agent)
        a = action if type(action) is int else self._action(action)
        if not 0 <= a < self.num_actions:
            raise InvalidArgumentError("action %d is out of range (0..%d)"
                                       % (a, self.num_actions - 1), -1)
        g = self.game
        assert g is not None  # a player to move means a game
        move = self._moves[a]
        with g._lock:
            h = g._h
            if not h or g._closing:
                g._handle()  # raises StateError
            if move is None:
                self._call(g, _index_move(h, a, self._out_move_at))
                move = self._moves[a] = self._out_move.value
            # What the step's bookkeeping starts from, kept until it is done.
            pending = (agent, self.steps, self._state_no, self._returns_prev,
                       self._returns_seen, self._cumulative_rewards)
            try:
                self._pending = pending
                status = _apply(h, move)
                if status:
                    self._pending = None
                    raise self._refused(g, h, a, status)
                self._played(g, h, pending)
            except BaseException:
                # (A KeyboardInterrupt: the step is finished, or found not
                # played, before it goes on; if this is interrupted too, the
                # next call does it.)
                if self._pending is not None:
                    self._recover()
                raise
        if self.render_mode == "human":
            self.render()

    def _played(self, g: Game, h: Any, pending: Tuple[Any, ...]) -> None:
        """The bookkeeping of a step the library has played (the lock of `g`
        held), from `pending`, what it started from: the state's number, the
        steps, the rewards, the agents done or the agent to move, its mask.
        It writes only values computed from `pending` and the game (no
        increments), so that when it is interrupted (KeyboardInterrupt) the
        next call can run it again whole (_recover); the step is over when
        _pending is None again."""
        agent, steps, state_no, prev, seen, cumulative = pending
        self._state_no = state_no + 1
        status = _current_player(h, self._out_int_at)
        if status == 0:
            status = _returns(h, self._returns_at, self._players, self._out_size_at)
        if status:
            g._check(status)
        self.steps = steps + 1
        returns_now = bytes(self._returns_buf)
        rewards = self.rewards
        if returns_now != seen:
            # Something was settled: every agent's reward is the change of
            # its returns, and adds to what it gathered since it last acted
            # (the agent that acted: nothing before this step).
            returns = self._returns_buf[:]
            seat = self.agent_name_mapping
            for a in rewards:
                rewards[a] = returns[seat[a]] - prev[seat[a]]
            self._cumulative_rewards = {a: (0.0 if a == agent else c) + rewards[a]
                                        for a, c in cumulative.items()}
            self._rewarded = any(rewards.values())
            self._returns_seen, self._returns_prev = returns_now, returns
        else:
            cumulative[agent] = 0.0
            if self._rewarded:
                for a in rewards:
                    rewards[a] = 0.0
                self._rewarded = False
        self.infos[agent]["legal_actions"] = []
        player = self._out_int.value
        if player == TERMINAL:
            status = _truncated(h, self._out_int_at)
            if status:
                g._check(status)
            self._settle(self.truncations if self._out_int.value else self.terminations)
        elif self.max_steps is not None and steps + 1 >= self.max_steps:
            self._settle(self.truncations)
        else:
            self._select(g, h, player)
        self._pending = None

    def _recover(self) -> None:
        """Finishes a step that an exception (a KeyboardInterrupt) stopped
        after it began: when the library played its action (the game has one
        decision more than the environment counted) the step's bookkeeping
        is run again from what it started from; else the step never
        happened."""
        pending = self._pending
        g = self.game
        if pending is None or g is None:
            self._pending = None
            return
        depth = ctypes.c_size_t()
        with g._lock:
            h = g._handle()
            self._call(g, _undo_depth(h, ctypes.addressof(depth)))
            if depth.value == pending[1]:
                self._pending = None
            else:
                self._played(g, h, pending)

    def _action(self, action: Any) -> int:
        """An action given as another type than int, as an int (or TypeError)."""
        if isinstance(action, bool):
            raise TypeError("an action must be an int, not bool")
        try:
            return operator.index(action)
        except TypeError:
            raise TypeError("an action must be an int (an index 0..%d), not %s"
                            % (self.num_actions - 1, type(action).__name__)) from None

    def _refused(self, g: Game, h: Any, action: int, status: int) -> CrownError:
        """The error for an action the library refused: it names the action,
        the library's reason and the legal actions."""
        try:
            g._check(status)
        except IllegalMoveError as e:
            reason = str(e)
        except CrownError as e:
            return e
        # "move 65 (lead R5) is not legal: why" -> "(lead R5) ... why".
        text, sep, why = reason.partition(" is not legal: ")
        what = text.split(" ", 2)[2] + " " if sep and text.startswith("move ") else ""
        if not sep:
            why = reason
        if _legal_mask(h, self._mask_at, self.num_actions, self._out_size_at) == 0:
            self._mask_no = self._state_no
            legal = ones(self._mask_buf)
        else:
            legal = []
        shown = ", ".join(str(i) for i in legal[:20])
        if len(legal) > 20:
            shown += ", ... (%d in all)" % len(legal)
        return IllegalMoveError("action %d %sis not legal here: %s; the legal actions are %s"
                                % (action, what, why, shown or "none"), status)

    def _settle(self, done: Dict[str, bool]) -> None:
        """The game is over (`done`: terminations) or stopped (truncations):
        every agent is done, with its returns (the returns buffer, just
        written) in its info; no one moves any more."""
        returns = list(self._returns_buf)
        for a in self.agents:
            done[a] = True
            self.infos[a]["returns"] = returns[self.agent_name_mapping[a]]
        self._player = None
        self.agent_selection = self.agents[0]

    # -- PettingZoo's hooks for the dead: step(None) and env()'s
    # TerminateIllegalWrapper (which ends the game for an illegal action
    # through them) call these, so that the environment knows who moves.

    def _was_dead_step(self, action: Optional[SupportsIndex]) -> None:
        """A dead step: removes the selected agent, which is done, and
        clears the rewards (as PettingZoo's _was_dead_step does); the next
        agent done is selected."""
        agent = self.agent_selection
        if action is not None:
            raise IllegalMoveError("%s is done: step(None) removes it" % agent)
        if agent is None or not (self.terminations.get(agent) or self.truncations.get(agent)):
            raise StateError("%s is not done: it has no dead step" % agent)
        self.agents.remove(agent)
        del (self.rewards[agent], self._cumulative_rewards[agent], self.terminations[agent],
             self.truncations[agent], self.infos[agent])
        for a in self.rewards:
            self.rewards[a] = 0.0
        self._rewarded = False
        self.agent_selection = next(
            (a for a in self.agents if self.terminations[a] or self.truncations[a]),
            self.agents[0] if self.agents else None)

    def _deads_step_first(self) -> Optional[str]:
        """Selects the first agent that is done (PettingZoo's hook).  When
        every agent is done (TerminateIllegalWrapper has ended the game for
        an illegal action) no one moves any more: no agent has legal
        actions, and the masks are all 0."""
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            if len(done) == len(self.agents):
                self._player = None
                for a in self.agents:
                    self.infos[a]["legal_actions"] = []
            self.agent_selection = done[0]
        return self.agent_selection

    # -- views and the rest

    def render(self) -> Optional[str]:
        """The spectator's text view: returned ("ansi") or printed ("human");
        with no render_mode, a warning and None (as PettingZoo's
        environments)."""
        if self.render_mode is None:
            warnings.warn("You are calling render method without specifying any render mode.",
                          stacklevel=2)
            return None
        text = self._game().observation(SPECTATOR)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _game(self) -> Game:
        if self._pending is not None:
            self._recover()
        if self.game is None:
            raise StateError("call reset() before using the environment")
        return self.game

    def state(self) -> ObservationTensor:
        """The global state, for centralized critics (MAPPO, QMIX): every
        seat's observation tensor, seat 0's first, concatenated (players x S
        values, S = observation_size), a float32 numpy array when numpy can
        be imported, else a list of floats; in `state_space` (a Box)."""
        g = self._game()
        size = self.observation_size
        values = (ctypes.c_float * (size * self._players))()
        at = ctypes.addressof(values)
        written = ctypes.c_size_t()
        with g._lock:
            h = g._handle()
            for seat in range(self._players):
                self._call(g, _tensor(h, seat, at + seat * size * ctypes.sizeof(ctypes.c_float),
                                      size, ctypes.addressof(written)))
        return float32_vector(values, len(values))

    def serialize(self) -> str:
        """The whole game as saved text (Game.serialize), for replay."""
        return self._game().serialize()

    def close(self) -> None:
        """Frees the current game; reset() may start another."""
        if self.game is not None:
            self.game.close()
            self.game = None
        self._pending = None
        self._player = None
        self.agents = []
        self.agent_selection = None

    def __repr__(self) -> str:
        return "CrownEnv(%r)" % self.metadata["name"]

    def __str__(self) -> str:
        """The environment's name (metadata["name"]), as PettingZoo's."""
        return str(self.metadata["name"])


def raw_env(name: str, options: str = "", render_mode: Optional[str] = None,
            max_steps: Optional[SupportsIndex] = None, **keywords: Any) -> CrownEnv:
    """The environment without wrappers (PettingZoo's raw_env): CrownEnv
    with the same arguments; `keywords` are the game's options."""
    return CrownEnv(name, options, render_mode=render_mode, max_steps=max_steps, **keywords)


def env(name: str, options: str = "", render_mode: Optional[str] = None,
        max_steps: Optional[SupportsIndex] = None, illegal_reward: float = -1.0,
        **keywords: Any) -> Any:
    """The environment as PettingZoo's classic environments give it: the raw
    environment (raw_env, the same arguments) wrapped in PettingZoo's
    TerminateIllegalWrapper (an illegal action ends the game: every agent
    is done, the mover's reward `illegal_reward`, the others' 0),
    AssertOutOfBoundsWrapper and OrderEnforcingWrapper.  Without PettingZoo
    (or Gymnasium, or numpy) there are no wrappers: the raw environment
    itself, on which an illegal action raises IllegalMoveError.  The
    keywords besides `render_mode`, `max_steps` and `illegal_reward` are
    the game's options."""
    if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)):
        raise TypeError("illegal_reward must be a number, not %s"
                        % type(illegal_reward).__name__)
    e = raw_env(name, options, render_mode=render_mode, max_steps=max_steps, **keywords)
    if _AECEnv is object:
        return e
    wrappers: Any = importlib.import_module("pettingzoo.utils.wrappers")
    wrapped = wrappers.TerminateIllegalWrapper(e, illegal_reward=float(illegal_reward))
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))
