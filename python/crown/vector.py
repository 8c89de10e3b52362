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

import ctypes
import importlib
import random as _random
import threading
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from . import IllegalMoveError, InvalidArgumentError, StateError, Game
from . import _missing
from ._convert import (_decode, _enc, _INDEX_RANGE, _Integer, _integer, _OptionValue,
                       _options_text, _SEED_RANGE)
from ._library import _lib
from ._prototypes import _batch_p, _u64
from .env import DictSpace, Discrete
from .errors import _error

try:
    import numpy  # type: ignore[import]
except ImportError as _e:
    raise ImportError(_missing.message("crown.vector", "numpy", _e, "python3-numpy",
                                       "numpy")) from None

if TYPE_CHECKING:
    from typing import TypeAlias

    import numpy.typing  # type: ignore[import]

    Floats: TypeAlias = numpy.typing.NDArray[numpy.float32]
    Int8s: TypeAlias = numpy.typing.NDArray[numpy.int8]
    Int32s: TypeAlias = numpy.typing.NDArray[numpy.int32]
    Bools: TypeAlias = numpy.typing.NDArray[numpy.bool_]
    Array: TypeAlias = numpy.typing.NDArray[Any]
else:
    Floats = Int8s = Int32s = Bools = Array = Any

__all__ = ["VectorEnv", "random_legal_actions", "Box", "MultiDiscrete", "AUTORESET_MODE"]

# Gymnasium, when it imports: VectorEnv subclasses its VectorEnv and uses its
# spaces.  Imported by name, as it is optional (Any to a type checker).
try:
    _gym_vector: Any = importlib.import_module("gymnasium.vector")
    _gym_spaces: Any = importlib.import_module("gymnasium.spaces")
except ImportError:
    _gym_vector = _gym_spaces = None

_Base: Any = _gym_vector.VectorEnv if _gym_vector is not None else object

# The autoreset mode: Gymnasium's enum, or its value.
AUTORESET_MODE: Any = (_gym_vector.AutoresetMode.SAME_STEP if _gym_vector is not None
                       else "SameStep")


# ---- spaces without Gymnasium (with it, Gymnasium's) -----------------------

class Box:
    """Arrays of `shape` with values in [low, high] (as gymnasium.spaces.Box)."""

    def __init__(self, low: float, high: float, shape: Tuple[int, ...], dtype: Any) -> None:
        """The space of arrays of `shape` and numpy type `dtype` in [low, high]."""
        self.low, self.high, self.shape = low, high, tuple(shape)
        self.dtype = numpy.dtype(dtype)

    def contains(self, x: Any) -> bool:
        """Whether x is an array of this shape, of a type that casts to
        dtype, with values in [low, high]."""
        if not isinstance(x, numpy.ndarray):
            return False
        return bool(numpy.can_cast(x.dtype, self.dtype) and x.shape == self.shape
                    and numpy.all(x >= self.low) and numpy.all(x <= self.high))

    __contains__ = contains

    def __repr__(self) -> str:
        return "Box(%s, %s, %s, %s)" % (self.low, self.high, self.shape, self.dtype)


class MultiDiscrete:
    """One action 0..n-1 per game (as gymnasium.spaces.MultiDiscrete)."""

    def __init__(self, count: int, n: int) -> None:
        """`count` actions, each 0..n-1."""
        self.nvec = numpy.full(count, n, dtype=numpy.int64)
        self.shape: Tuple[int, ...] = (count,)

    def contains(self, x: Any) -> bool:
        """Whether x is an integer array of this shape with values 0..n-1."""
        if not isinstance(x, numpy.ndarray) or x.dtype.kind not in "iu":
            return False
        return bool(x.shape == self.shape and numpy.all(x >= 0) and numpy.all(x < self.nvec))

    __contains__ = contains

    def __repr__(self) -> str:
        return "MultiDiscrete(%d x %d)" % (self.shape[0], self.nvec[0] if len(self.nvec) else 0)


def _single_spaces(size: int, n: int) -> Tuple[Any, Any]:
    """The observation and action space of one game."""
    if _gym_spaces is None:
        return (DictSpace({"observation": Box(-numpy.inf, numpy.inf, (size,), numpy.float32),
                           "action_mask": Box(0, 1, (n,), numpy.int8)}),
                Discrete(n))
    return (_gym_spaces.Dict({
        "observation": _gym_spaces.Box(-numpy.inf, numpy.inf, (size,), numpy.float32),
        "action_mask": _gym_spaces.Box(0, 1, (n,), numpy.int8)}),
        _gym_spaces.Discrete(n))


def _batched_spaces(count: int, size: int, n: int) -> Tuple[Any, Any]:
    """The observation and action space of `count` games."""
    if _gym_vector is None:
        return (DictSpace({"observation": Box(-numpy.inf, numpy.inf, (count, size),
                                              numpy.float32),
                           "action_mask": Box(0, 1, (count, n), numpy.int8)}),
                MultiDiscrete(count, n))
    single_obs, single_act = _single_spaces(size, n)
    batch = _gym_vector.utils.batch_space
    return batch(single_obs, count), batch(single_act, count)


# ---- choosing actions --------------------------------------------------------

def _nonzero_bytes(flat: Array) -> Array:
    """The indices of the non-zero bytes of `flat` (1-D uint8), ascending,
    for sparse data: the 64-bit words with a non-zero byte first (`!= 0`,
    then flatnonzero on the bools: 4 times faster than flatnonzero on the
    words or the bytes), then only their bytes.  (One more level, the
    words' flags as words, measured slower.)"""
    whole = flat.size - flat.size % 8
    words = numpy.flatnonzero(flat[:whole].view(numpy.uint64) != 0)
    within = numpy.flatnonzero(flat[:whole].reshape(-1, 8)[words].reshape(-1))
    found: Array = words[within >> 3] * 8 + (within & 7)
    if whole < flat.size:
        found = numpy.concatenate((found, whole + numpy.flatnonzero(flat[whole:])))
    return found


def random_legal_actions(masks: Array, rng: Any) -> Int32s:
    """One uniformly random legal action per game: masks is num_envs x N (non-0
    where legal, as observations["action_mask"]), rng a
    numpy.random.Generator.  Vectorized, and fast on wide masks (King's
    Blood's 11,813 actions): one pass over the mask as 64-bit words, then
    only the few legal entries are touched.  Raises InvalidArgumentError for
    a row with no legal action."""
    masks = numpy.ascontiguousarray(masks)
    if masks.ndim != 2:
        raise InvalidArgumentError("masks must be num_envs x N, not of shape %s"
                                   % (masks.shape,))
    if masks.dtype.itemsize != 1:
        masks = masks != 0
    count, n = masks.shape
    legal = _nonzero_bytes(masks.reshape(-1).view(numpy.uint8))
    per_game = numpy.bincount(legal // n, minlength=count)
    if count and not per_game.all():
        raise InvalidArgumentError("game %d has no legal action"
                                   % int(numpy.flatnonzero(per_game == 0)[0]))
    first = numpy.cumsum(per_game) - per_game
    pick = first + numpy.minimum((rng.random(count) * per_game).astype(numpy.intp), per_game - 1)
    actions: Int32s = (legal[pick] - numpy.arange(count) * n).astype(numpy.int32)
    return actions


# ---- the environment -----------------------------------------------------------

class _Arrays:
    """One set of the arrays a batch writes (crown_batch_bind, the names
    with _), and the views of them the environment returns: the mask as
    int8, the flags as bools (no copies), read-only unless `writeable`."""

    def __init__(self, count: int, size: int, n: int, players: int, writeable: bool) -> None:
        self._obs = numpy.zeros((count, size), dtype=numpy.float32)
        self._masks = numpy.zeros((count, n), dtype=numpy.uint8)
        self._players = numpy.zeros(count, dtype=numpy.int32)
        self._seat_rewards = numpy.zeros((count, players), dtype=numpy.float32)
        self._terminated = numpy.zeros(count, dtype=numpy.uint8)
        self._truncated = numpy.zeros(count, dtype=numpy.uint8)
        # The acting seat's rewards (in a one-player game a view, else
        # filled after each step) and the acting seat.
        self._rewards = (self._seat_rewards[:, 0] if players == 1
                         else numpy.zeros(count, dtype=numpy.float32))
        self._acting = numpy.zeros(count, dtype=numpy.int32)
        self.observations: Floats = self._view(self._obs, numpy.float32, writeable)
        self.action_mask: Int8s = self._view(self._masks, numpy.int8, writeable)
        self.current_player: Int32s = self._view(self._players, numpy.int32, writeable)
        self.seat_rewards: Floats = self._view(self._seat_rewards, numpy.float32, writeable)
        self.terminations: Bools = self._view(self._terminated, numpy.bool_, writeable)
        self.truncations: Bools = self._view(self._truncated, numpy.bool_, writeable)
        self.rewards: Floats = self._view(self._rewards, numpy.float32, writeable)
        self.acting_player: Int32s = self._view(self._acting, numpy.int32, writeable)

    @staticmethod
    def _view(array: Array, dtype: Any, writeable: bool) -> Array:
        view: Array = array.view(dtype)
        view.flags.writeable = writeable
        return view

    def addresses(self) -> List[int]:
        """The arguments of crown_batch_bind after the batch."""
        arrays: Tuple[Array, ...] = (self._obs, self._masks, self._players,
                                     self._seat_rewards, self._terminated, self._truncated)
        return [a.ctypes.data for a in arrays]


class VectorEnv(_Base):  # type: ignore[misc]
    """`num_envs` games of `name` with `options` (as crown.Game's; keywords
    too), stepped together (see the module's text).

    `seed` (0..2**64-1, or None for a random one) seeds the first episodes;
    `max_steps` (0: none) truncates an episode after that many decisions;
    `copy` makes every call return new arrays instead of the environment's
    reused ones.  chance=explicit is refused (a batch draws every card
    itself).  Not for two threads at once (calls are serialized by a lock,
    so a mistake cannot crash)."""

    metadata: Dict[str, Any] = {"autoreset_mode": AUTORESET_MODE}
    render_mode: Optional[str] = None
    closed = False
    _batch: Optional[ctypes.c_void_p] = None  # (the class's, until __init__ makes one)

    def __init__(self, name: str, options: str = "", num_envs: _Integer = 1024,
                 seed: Optional[_Integer] = None, max_steps: _Integer = 0, copy: bool = False,
                 **keywords: _OptionValue) -> None:
        """Makes the games, at the first positions of their first episodes
        from `seed` (reset() without a seed starts them again there).
        Raises crown's errors (UnknownGameError, OptionError,
        InvalidArgumentError for a num_envs of 0 or above the library's
        bound, ...)."""
        if keywords:
            options = _options_text(_enc(options, "options").decode(), keywords)
        name_b, options_b = _enc(name, "name"), _enc(options, "options")
        count = _integer(num_envs, "num_envs", _INDEX_RANGE)
        steps = _integer(max_steps, "max_steps", _INDEX_RANGE)
        if seed is None:
            seed = _random.SystemRandom().getrandbits(64)
        first_seed = _integer(seed, "seed", _SEED_RANGE)
        if not isinstance(copy, bool):
            raise TypeError("copy must be a bool, not %s" % type(copy).__name__)
        handle = _batch_p()
        err = ctypes.create_string_buffer(256)
        status = _lib.crown_batch_new(ctypes.byref(handle), name_b, options_b, count,
                                      _u64(first_seed), steps, err, len(err))
        if status:
            raise _error(status, _decode(err.value))
        self._lock = threading.Lock()
        self._batch = handle
        self.closed = False
        self.num_envs = count
        self.max_steps = steps
        self.copy = copy
        self.name = name
        players, n, size = ctypes.c_int(), ctypes.c_size_t(), ctypes.c_size_t()
        self._check(_lib.crown_batch_num_players(handle, ctypes.byref(players)))
        self._check(_lib.crown_batch_num_actions(handle, ctypes.byref(n)))
        self._check(_lib.crown_batch_observation_size(handle, ctypes.byref(size)))
        self.num_players, self.num_actions, self.observation_size = (
            players.value, n.value, size.value)
        self.metadata = dict(VectorEnv.metadata, name="crown_" + name)
        self.single_observation_space, self.single_action_space = _single_spaces(
            self.observation_size, self.num_actions)
        self._spaces: Optional[Tuple[Any, Any]] = None
        self._seed = first_seed
        self._seed_rng = _random.Random(first_seed)
        self._fresh = True  # no reset() yet: the batch is at the constructor's seed
        self._actions = numpy.zeros(count, dtype=numpy.int32)
        self._actions_at = self._actions.ctypes.data
        self._row_start = numpy.arange(count, dtype=numpy.int32) * self.num_players
        self._index = numpy.zeros(count, dtype=numpy.int32)
        self._arrays = self._new_arrays()
        # The constructor's reset wrote nothing (nothing was bound): again.
        self._check(_lib.crown_batch_reset(handle, _u64(first_seed)))

    # -- arrays, handle, errors

    def _new_arrays(self) -> _Arrays:
        """A new set of arrays, bound to the batch."""
        arrays = _Arrays(self.num_envs, self.observation_size, self.num_actions,
                         self.num_players, writeable=self.copy)
        self._check(_lib.crown_batch_bind(self._handle(), *arrays.addresses()))
        return arrays

    def _handle(self) -> ctypes.c_void_p:
        h = self._batch
        if not h:
            raise StateError("the vector environment is closed", -9)
        return h

    def _check(self, status: int) -> None:
        if status:
            raise _error(status, _decode(_lib.crown_batch_last_error(self._batch)))

    # -- spaces

    @property
    def observation_space(self) -> Any:
        """The observations of every game: a Dict of "observation" (num_envs
        x S, float32) and "action_mask" (num_envs x N, int8).  Made when
        first asked for (Gymnasium's Box holds its bounds for every entry)."""
        return self._batched()[0]

    @property
    def action_space(self) -> Any:
        """One action 0..N-1 per game: MultiDiscrete."""
        return self._batched()[1]

    def _batched(self) -> Tuple[Any, Any]:
        if self._spaces is None:
            self._spaces = _batched_spaces(self.num_envs, self.observation_size,
                                           self.num_actions)
        return self._spaces

    # -- the arrays of the last call (overwritten by the next unless copy=True)

    @property
    def observations(self) -> Floats:
        """num_envs x S: the observation tensor of each game's player to move."""
        return self._arrays.observations

    @property
    def action_mask(self) -> Int8s:
        """num_envs x N: 1 where the action is legal for the player to move."""
        return self._arrays.action_mask

    @property
    def current_player(self) -> Int32s:
        """num_envs: the seat to move in each game."""
        return self._arrays.current_player

    @property
    def seat_rewards(self) -> Floats:
        """num_envs x players: each seat's reward of the last step."""
        return self._arrays.seat_rewards

    @property
    def terminations(self) -> Bools:
        """num_envs: the games the last step ended (then restarted)."""
        return self._arrays.terminations

    @property
    def truncations(self) -> Bools:
        """num_envs: the games the last step truncated at max_steps (then restarted)."""
        return self._arrays.truncations

    @property
    def seed(self) -> int:
        """The seed of the last reset (or of the constructor)."""
        return self._seed

    def _observations(self) -> Dict[str, Array]:
        a = self._arrays
        return {"observation": a.observations, "action_mask": a.action_mask}

    # -- Gymnasium's calls

    def reset(self, *, seed: Optional[_Integer] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[Dict[str, Array], Dict[str, Any]]:
        """Starts every game again: slot i's k-th episode is the game of
        seed + i + k * num_envs.  Without a seed: the constructor's the first
        time, then the next seed of a generator seeded with the last one.
        `options` must be None or empty (the game's options are the
        constructor's).  Returns (observations, infos) with
        infos["current_player"]."""
        if options:
            raise InvalidArgumentError("reset takes no options (the game's options are given "
                                       "to the constructor), not %r" % (options,))
        with self._lock:
            h = self._handle()
            if seed is not None:
                value = _integer(seed, "seed", _SEED_RANGE)
                self._seed_rng.seed(value)
            elif self._fresh:
                value = self._seed
            else:
                value = self._seed_rng.getrandbits(64)
                self._seed_rng.seed(value)
            if self.copy:
                self._arrays = self._new_arrays()
            self._check(_lib.crown_batch_reset(h, _u64(value)))
            self._seed, self._fresh = value, False
            a = self._arrays
            return self._observations(), {"current_player": a.current_player}

    def step(self, actions: Any) -> Tuple[Dict[str, Array], Floats, Bools, Bools,
                                          Dict[str, Any]]:
        """Plays actions[i] (an index 0..N-1, legal for game i's player to
        move) in every game i, with the chance events that follow, and
        restarts the games that end (autoreset in the same step).  Returns
        (observations, rewards, terminations, truncations, infos): rewards
        are those of the acting seat, infos holds "seat_rewards" (every
        seat's), "acting_player" and "current_player".  On error (an action
        out of range or not legal: IllegalMoveError naming the game; actions
        of the wrong shape or type) nothing changes."""
        with self._lock:
            h = self._handle()
            self._take_actions(actions)
            old = self._arrays
            if self.copy:
                new = self._new_arrays()
                status = _lib.crown_batch_step(h, self._actions_at)
                if status:
                    self._check(_lib.crown_batch_bind(h, *old.addresses()))
                    raise _error(status, _decode(_lib.crown_batch_last_error(h)))
                numpy.copyto(new._acting, old._players)
                self._arrays = a = new
            else:
                a = old
                numpy.copyto(self._index, a._players)
                self._check(_lib.crown_batch_step(h, self._actions_at))
                numpy.copyto(a._acting, self._index)
            if self.num_players > 1:
                numpy.add(a._acting, self._row_start, out=self._index)
                numpy.take(a._seat_rewards, self._index, out=a._rewards)
            return (self._observations(), a.rewards, a.terminations, a.truncations,
                    {"seat_rewards": a.seat_rewards, "acting_player": a.acting_player,
                     "current_player": a.current_player})

    def _take_actions(self, actions: Any) -> None:
        """Copies `actions` into the int32 array the batch reads, checking
        its shape and type (a wrong shape must not reach C)."""
        a = actions if isinstance(actions, numpy.ndarray) else numpy.asarray(actions)
        if a.shape != (self.num_envs,):
            raise InvalidArgumentError("actions must have shape (%d,) (one per game), not %s"
                                       % (self.num_envs, a.shape))
        if a.dtype.kind == "O":
            # Python integers too large for any numpy integer type (2**70)
            # make an object array: say which game's action is wrong.
            for i, x in enumerate(a.tolist()):
                if isinstance(x, bool) or not isinstance(x, (int, numpy.integer)):
                    raise TypeError("game %d: actions must be integers, not %r" % (i, x))
                if not 0 <= x < self.num_actions:
                    raise IllegalMoveError("game %d: action %d is out of range (the actions "
                                           "are 0..%d)" % (i, x, self.num_actions - 1), -6)
            a = a.astype(numpy.int64)
        if a.dtype != numpy.int32:
            if a.dtype.kind not in "iu":
                raise TypeError("actions must be integers, not %s" % a.dtype)
            if not numpy.can_cast(a.dtype, numpy.int32):
                out = numpy.flatnonzero((a < 0) | (a >= self.num_actions))
                if out.size:
                    i = int(out[0])
                    raise IllegalMoveError("game %d: action %d is out of range (the actions "
                                           "are 0..%d)" % (i, int(a[i]), self.num_actions - 1),
                                           -6)
        numpy.copyto(self._actions, a, casting="unsafe")

    # -- inspection and life cycle

    def game(self, index: _Integer) -> Game:
        """A new, independent crown.Game of game `index` as it is now, with
        its episode's history (the batch goes on unchanged)."""
        index = _integer(index, "index", _INDEX_RANGE)
        out = ctypes.c_void_p()
        with self._lock:
            h = self._handle()
            self._check(_lib.crown_batch_game(h, index, ctypes.byref(out)))
        return Game._wrap(out)

    def close(self, **kwargs: Any) -> None:
        """Frees the games; later calls raise StateError.  Arrays already
        returned stay valid (they are numpy's).  Closing twice is fine."""
        lock = getattr(self, "_lock", None)
        if lock is None:
            return
        with lock:
            h, self._batch = self._batch, None
            self.closed = True
            if h:
                _lib.crown_batch_free(h)

    _free = _lib.crown_batch_free  # (bound now: globals may be gone in __del__ at exit)

    def __del__(self) -> None:
        h = self._batch
        if h:
            self._batch = None
            self._free(h)

    def _no_copy(self, *args: Any) -> Any:
        """Refuses a copy: it would share the batch, which the first of the
        two to be closed or collected would free under the other."""
        raise TypeError("a VectorEnv cannot be copied or pickled: make another with the same "
                        "arguments and reset it with the same seed, or copy a game with game(i)")

    __copy__ = __deepcopy__ = __reduce_ex__ = __reduce__ = _no_copy

    def __enter__(self) -> "VectorEnv":
        return self

    def __exit__(self, *exc: object) -> None:
        """Closes the environment; an exception in the block goes on."""
        self.close()

    def __repr__(self) -> str:
        return "VectorEnv(%r, num_envs=%d)" % (self.name, self.num_envs)
