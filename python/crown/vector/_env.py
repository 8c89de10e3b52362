# mypy: warn-unused-ignores=False
"""VectorEnv: many games of one game and option set stepped by one call
(the module's text, crown/vector/__init__.py, is its manual)."""

import ctypes
import random as _random
import threading
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

import numpy  # type: ignore[import]

from ..errors import IllegalMoveError, InvalidArgumentError, StateError, _error
from ..game import Game
from .._convert import (_decode, _enc, _INDEX_RANGE, _Integer, _integer, _OptionValue,
                        _options_text, _SEED_RANGE)
from .._library import _lib
from .._prototypes import _batch_p, _u64
from . import _spaces
from ._arrays import Arrays

if TYPE_CHECKING:
    from ._arrays import Array, Bools, Floats, Int8s, Int32s
else:
    Array = Bools = Floats = Int8s = Int32s = Any


class VectorEnv(_spaces._Base):  # type: ignore[misc]
    """`num_envs` games of `name` with `options` (as crown.Game's; keywords
    too), stepped together (see the module's text).

    `seed` (0..2**64-1, or None for a random one) seeds the first episodes;
    `max_steps` (0: none) truncates an episode after that many decisions;
    `copy` makes every call return new arrays instead of the environment's
    reused ones.  chance=explicit is refused (a batch draws every card
    itself).  Not for two threads at once (calls are serialized by a lock,
    so a mistake cannot crash)."""

    metadata: Dict[str, Any] = {"autoreset_mode": _spaces.AUTORESET_MODE}
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
        self.single_observation_space, self.single_action_space = _spaces.single_spaces(
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

    def _new_arrays(self) -> Arrays:
        """A new set of arrays, bound to the batch."""
        arrays = Arrays(self.num_envs, self.observation_size, self.num_actions,
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
            self._spaces = _spaces.batched_spaces(self.num_envs, self.observation_size,
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
