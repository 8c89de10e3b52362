# mypy: warn-unused-ignores=False
"""VectorEnv: many games of one game and option set stepped by one call
(the module's text, crown/vector/__init__.py, is its manual)."""

import operator
import random as _random
import threading
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple, Union

import numpy  # type: ignore[import]

from ..errors import IllegalMoveError, InvalidArgumentError, StateError
from ..game import SPECTATOR, Game
from .._convert import (_enc, _INDEX_RANGE, _Integer, _integer, _OptionValue, _options_text,
                        _SEED_RANGE)
from . import _spaces
from ._actions import legal_action_list, legal_action_lists
from ._arrays import Arrays, RewardMode
from ._batch import Batch, missing

if TYPE_CHECKING:
    from ._arrays import Array, Bools, Floats, Int8s, Int32s
else:
    Array = Bools = Floats = Int8s = Int32s = Any

Observations = Dict[str, Any]

_RENDER_MODES = ["ansi"]


def _reward_mode(mode: Any) -> RewardMode:
    """reward_mode checked for its type: "seats", "acting" or a seat (an
    int, or anything with __index__; its range is checked against the game's
    seats once they are known)."""
    if isinstance(mode, str):
        if mode in ("seats", "acting"):
            return mode
        raise InvalidArgumentError("reward_mode must be 'seats', 'acting' or a seat, not %r"
                                   % mode)
    if isinstance(mode, bool):
        raise TypeError("reward_mode must be 'seats', 'acting' or a seat (an int), not bool")
    try:
        return operator.index(mode)
    except TypeError:
        raise TypeError("reward_mode must be 'seats', 'acting' or a seat (an int), not %s"
                        % type(mode).__name__) from None


def _next_seed(seed: int) -> int:
    """The seed a reset() without one takes after a reset with `seed`."""
    return _random.Random(seed).getrandbits(64)


class _Pending:
    """A reset or step under way: what VectorEnv._settle needs to make the
    environment agree with its games however the call ended (returned,
    failed, or interrupted at any point, a KeyboardInterrupt say)."""

    def __init__(self, kind: str, arrays: Arrays, previous: Arrays, seed: int = 0) -> None:
        self.kind = kind              # "reset" or "step"
        self.arrays = arrays          # the arrays the call writes
        self.previous = previous      # the arrays of the call before
        self.players = previous._players.copy()  # the players to move before it
        self.seed = seed              # a reset's seed
        self.armed = False            # the arrays are bound and marked: the C call may run
        self.written: Optional[bool] = None  # whether it ran and wrote (once known)


class _OneThread:
    """A VectorEnv's calls, one thread at a time: entered by a second
    thread while a call of the first runs, StateError (the batch must not
    be stepped twice at once, nor freed under a step).  Unlike a lock it
    cannot be left held: a call interrupted anywhere (a KeyboardInterrupt
    even between entering and the call's own try, where a lock would stay
    acquired for good) leaves it to its thread, whose next call takes it
    over, as to any thread once that one has ended."""

    def __init__(self) -> None:
        self._owner: Dict[str, int] = {}

    def __enter__(self) -> None:
        me = threading.get_ident()
        owner = self._owner.setdefault("thread", me)  # (one step under the GIL)
        if owner != me:
            if owner in {t.ident for t in threading.enumerate()}:
                raise StateError("the vector environment is in a call of another thread: "
                                 "one thread at a time", -9)
            self._owner["thread"] = me

    def __exit__(self, *exc: object) -> None:
        self._owner.clear()


class VectorEnv(_spaces._Base):  # type: ignore[misc]
    """`num_envs` games of `name` with `options` (as crown.Game's; keywords
    too), stepped together (see the module's text).

    `seed` (0..2**64-1, or None for a random one) seeds the first episodes;
    `max_steps` (0: none; or `max_episode_steps`, Gymnasium's name, the
    same) truncates an episode after that many decisions; `copy` (True)
    makes every call return new arrays that are the caller's, `copy=False`
    the environment's own, reused and read-only; `reward_mode` says what
    step()'s rewards are: "seats" (every seat's, num_envs x players),
    "acting" (the seat that took the step's action) or a seat (that seat's);
    `render_mode` is None or "ansi"; `autoreset_mode` and `num_threads` are
    Gymnasium's same-step (AutoresetMode.SAME_STEP or "SameStep") and 1, what
    this library's batches give (others raise NotImplementedError naming the
    library function they need).  chance=explicit is refused (a batch draws
    every card itself).  One thread at a time: a call made while another
    thread's runs raises StateError (so that a mistake cannot crash)."""

    metadata: Dict[str, Any] = {"autoreset_mode": _spaces.AUTORESET_MODE,
                                "render_modes": _RENDER_MODES}
    render_mode: Optional[str] = None
    closed = False
    _batch: Optional[Batch] = None  # (the class's, until __init__ makes one)

    def __init__(self, name: str, options: str = "", num_envs: _Integer = 1024,
                 seed: Optional[_Integer] = None, max_steps: _Integer = 0, copy: bool = True,
                 *, reward_mode: Union[str, _Integer] = "seats", autoreset_mode: Any = None,
                 max_episode_steps: Optional[_Integer] = None,
                 render_mode: Optional[str] = None, num_threads: _Integer = 1,
                 **keywords: _OptionValue) -> None:
        """Makes the games, at the first positions of their first episodes
        from `seed` (reset() without a seed starts them again there).
        Raises crown's errors (UnknownGameError, OptionError,
        InvalidArgumentError for a num_envs of 0 or above the library's
        bound, a bad reward_mode, render_mode or autoreset_mode, ...),
        TypeError, and NotImplementedError for what needs a newer library
        (autoreset_mode next-step or disabled, num_threads above 1).
        Called again on an environment, it frees the games it had first."""
        # The arguments first: a mistake raises before anything changes.
        if keywords:
            options = _options_text(_enc(options, "options").decode(), keywords)
        name_b, options_b = _enc(name, "name"), _enc(options, "options")
        count = _integer(num_envs, "num_envs", _INDEX_RANGE)
        steps = _integer(max_steps, "max_steps", _INDEX_RANGE)
        if max_episode_steps is not None:
            episode_steps = _integer(max_episode_steps, "max_episode_steps", _INDEX_RANGE)
            if steps and steps != episode_steps:
                raise InvalidArgumentError("max_steps=%d and max_episode_steps=%d: give one "
                                           "(they are the same limit)" % (steps, episode_steps))
            steps = episode_steps
        if not isinstance(copy, bool):
            raise TypeError("copy must be a bool, not %s" % type(copy).__name__)
        rewards = _reward_mode(reward_mode)
        mode = _spaces.autoreset_mode_value(autoreset_mode)
        if mode != _spaces.SAME_STEP:
            raise missing("autoreset_mode", "autoreset_mode=%r" % mode)
        threads = _integer(num_threads, "num_threads", _INDEX_RANGE)
        if threads == 0:
            raise InvalidArgumentError("num_threads must be 1 or more, not 0")
        if threads != 1:
            raise missing("num_threads", "num_threads=%d" % threads)
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise InvalidArgumentError("render_mode must be None or 'ansi', not %r"
                                       % (render_mode,))
        if seed is None:
            seed = _random.SystemRandom().getrandbits(64)
        first_seed = _integer(seed, "seed", _SEED_RANGE)

        # Then the games: the old ones go first (a second __init__).
        self._release()
        batch = Batch(name_b, options_b, count, first_seed, steps)
        if isinstance(rewards, int) and not 0 <= rewards < batch.num_players:
            batch.free()
            raise InvalidArgumentError("reward_mode %d: the seats are 0..%d"
                                       % (rewards, batch.num_players - 1))
        self._lock = _OneThread()
        self._pending: Optional[_Pending] = None
        self.num_envs = count
        self.max_steps = steps
        self.copy = copy
        self.reward_mode = rewards
        self.render_mode = render_mode
        self.num_threads = threads
        self.name = name
        self.num_players = batch.num_players
        self.num_actions = batch.num_actions
        self.observation_size = batch.observation_size
        self.metadata = dict(VectorEnv.metadata, name="crown_" + name,
                             autoreset_mode=_spaces.autoreset_mode_metadata(mode))
        self.single_observation_space, self.single_action_space = _spaces.single_spaces(
            self.observation_size, self.num_actions)
        self._spaces: Optional[Tuple[Any, Any]] = None
        self._seed = first_seed
        self._fresh = True  # no reset() yet: the batch is at the constructor's seed
        self._actions = numpy.zeros(count, dtype=numpy.int32)
        self._actions_at = self._actions.ctypes.data
        self._row_start = numpy.arange(count, dtype=numpy.int32) * self.num_players
        self._index = numpy.zeros(count, dtype=numpy.int32)
        self._batch = batch
        self.closed = False
        self._arrays = self._new_arrays()
        # The batch's reset wrote nothing (nothing was bound): again.
        status = batch.bind(self._arrays.addresses()) or batch.reset(first_seed)
        if status:
            error = batch.error(status)
            self._release()
            raise error
        self._arrays.after_reset()

    # -- arrays, batch, the calls' settling

    def _new_arrays(self) -> Arrays:
        """A new set of arrays (not bound)."""
        return Arrays(self.num_envs, self.observation_size, self.num_actions, self.num_players,
                      self.reward_mode, writeable=self.copy)

    def _live(self) -> Batch:
        """The batch, settled (see _settle); StateError once closed."""
        b = self._batch
        if b is None or not b.live:
            raise StateError("the vector environment is closed", -9)
        self._settle()
        return b

    def _call(self, b: Batch, pending: _Pending, call: Any) -> int:
        """Runs `call` (a reset or step of batch `b`, into pending.arrays)
        so that the environment agrees with its games whatever happens:
        the Python state changes after the call, and only if the batch
        wrote the arrays (an interruption anywhere here included)."""
        self._pending = pending
        status = -1
        try:
            if pending.arrays is not pending.previous:
                b.bind(pending.arrays.addresses())
            else:
                pending.arrays._players.fill(-1)
            pending.armed = True
            status = call()
        finally:
            self._settle()
        return status

    def _settle(self) -> None:
        """Ends the reset or step under way, if one is (returned, failed,
        or interrupted: a KeyboardInterrupt between the C call and the end
        of step()): if the batch wrote the arrays, they become the
        environment's, else the arrays and the batch are as before it.
        Idempotent step by step, so that an interruption of this too is
        settled by the next call."""
        p = self._pending
        if p is None:
            return
        if p.written is None:
            p.written = p.armed and p.arrays.written()
        b = self._batch
        if p.written:
            if p.kind == "step":
                p.arrays.after_step(p.players, self._row_start, self._index)
            else:
                p.arrays.after_reset()
                self._seed, self._fresh = p.seed, False
            self._arrays = p.arrays
        elif p.arrays is p.previous:
            numpy.copyto(p.arrays._players, p.players)
        elif b is not None and b.live:
            b.unbind()  # (the new arrays are not bound, and the old ones are the caller's)
        self._pending = None

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

    @property
    def observation_layout(self) -> Dict[str, Any]:
        """The observation tensor's layout: its pieces, their offsets and
        shapes, as crown.Game.observation_layout() gives it (the same for
        every game of the environment)."""
        with self._lock:
            return self._live().observation_layout()

    # -- the arrays of the last call

    def _last(self) -> Arrays:
        if self._pending is not None:
            with self._lock:
                self._settle()
        return self._arrays

    @property
    def observations(self) -> Floats:
        """num_envs x S: the observation tensor of each game's player to move."""
        return self._last().observations

    @property
    def action_mask(self) -> Int8s:
        """num_envs x N: 1 where the action is legal for the player to move."""
        return self._last().action_mask

    @property
    def bool_mask(self) -> Bools:
        """action_mask as bools: the same memory (no copy), for
        numpy.flatnonzero(env.bool_mask[i]) and other scans, several times
        faster on bools than on int8."""
        return self._last().bool_mask

    @property
    def current_player(self) -> Int32s:
        """num_envs: the seat to move in each game."""
        return self._last().current_player

    @property
    def rewards(self) -> Floats:
        """The rewards of the last step, as step() returned them (see
        reward_mode); 0 after a reset."""
        return self._last().rewards

    @property
    def seat_rewards(self) -> Floats:
        """num_envs x players: each seat's reward of the last step."""
        return self._last().seat_rewards

    @property
    def terminations(self) -> Bools:
        """num_envs: the games the last step ended (then restarted)."""
        return self._last().terminations

    @property
    def truncations(self) -> Bools:
        """num_envs: the games the last step truncated at max_steps (then restarted)."""
        return self._last().truncations

    @property
    def seed(self) -> int:
        """The seed of the last reset (or of the constructor)."""
        self._last()
        return self._seed

    def _observations(self) -> Observations:
        a = self._arrays
        return {"observation": a.observations, "action_mask": a.action_mask}

    def legal_actions(self, index: Optional[_Integer] = None) -> Any:
        """The legal actions of game `index` (ascending action indices, a
        list of ints, as Game.legal_actions and RLCard's and OpenSpiel's
        legal_actions), from its mask; without an index, a list of every
        game's."""
        a = self._last()
        if index is None:
            return legal_action_lists(a.action_mask)
        i = _integer(index, "index", _INDEX_RANGE)
        if i >= self.num_envs:
            raise InvalidArgumentError("game %d of an environment of %d games"
                                       % (i, self.num_envs))
        return legal_action_list(a.action_mask[i])

    # -- Gymnasium's calls

    def reset(self, *, seed: Any = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[Observations, Dict[str, Any]]:
        """Starts every game again: slot i's k-th episode is the game of
        seed + i + k * num_envs.  Without a seed: the constructor's the first
        time, then the next seed of a generator seeded with the last one.
        `options` must be None or empty (the game's options are the
        constructor's).  Returns (observations, infos) with
        infos["current_player"].  One seed per game (a list) and
        options={"reset_mask": ...} need a newer library
        (NotImplementedError naming its function)."""
        if options:
            if "reset_mask" in options:
                raise missing("reset_mask", "reset(options={'reset_mask': ...})")
            raise InvalidArgumentError("reset takes no options (the game's options are given "
                                       "to the constructor), not %r" % (options,))
        if isinstance(seed, (list, tuple)) or (isinstance(seed, numpy.ndarray) and seed.ndim):
            raise missing("seeds", "reset(seed=[...]) (one seed per game)")
        with self._lock:
            b = self._live()
            if seed is not None:
                value = _integer(seed, "seed", _SEED_RANGE)
            elif self._fresh:
                value = self._seed
            else:
                value = _next_seed(self._seed)
            old = self._arrays
            new = self._new_arrays() if self.copy else old
            status = self._call(b, _Pending("reset", new, old, value), lambda: b.reset(value))
            if status:
                raise b.error(status)
            return self._observations(), {"current_player": self._arrays.current_player}

    def step(self, actions: Any) -> Tuple[Observations, Floats, Bools, Bools, Dict[str, Any]]:
        """Plays actions[i] (an index 0..N-1, legal for game i's player to
        move) in every game i, with the chance events that follow, and
        restarts the games that end (autoreset in the same step).  Returns
        (observations, rewards, terminations, truncations, infos): rewards
        as reward_mode says (every seat's by default), infos holds
        "seat_rewards" (every seat's), "acting_player" and "current_player".
        On error (an action out of range or not legal: IllegalMoveError
        naming the game; actions of the wrong shape or type) nothing
        changes."""
        with self._lock:
            b = self._live()
            self._take_actions(actions)
            old = self._arrays
            new = self._new_arrays() if self.copy else old
            at = self._actions_at
            status = self._call(b, _Pending("step", new, old), lambda: b.step(at))
            if status:
                raise b.error(status)
            a = self._arrays
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

    def render(self) -> Optional[Tuple[str, ...]]:
        """With render_mode "ansi": each game's position as text, as a
        spectator sees it (crown.Game.observation(SPECTATOR)); else None."""
        if self.render_mode is None:
            return None
        texts: List[str] = []
        for i in range(self.num_envs):
            with self.game(i) as g:
                texts.append(g.observation(SPECTATOR))
        return tuple(texts)

    # -- inspection and life cycle

    def game(self, index: _Integer) -> Game:
        """A new, independent crown.Game of game `index` as it is now, with
        its episode's history (the batch goes on unchanged)."""
        index = _integer(index, "index", _INDEX_RANGE)
        with self._lock:
            return self._live().game(index)

    def _release(self) -> None:
        """Frees the games, if there are (close, and a second __init__)."""
        lock = self.__dict__.get("_lock")
        if lock is None:
            return
        with lock:
            b, self._batch = self._batch, None
            self._pending = None
            self.closed = True
            if b is not None:
                b.free()

    def close(self, **kwargs: Any) -> None:
        """Frees the games; later calls raise StateError.  Arrays already
        returned stay valid (they are numpy's).  Closing twice is fine."""
        self._release()

    def __del__(self) -> None:
        b = self.__dict__.get("_batch")
        if b is not None:
            b.free()

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
