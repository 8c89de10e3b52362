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
from ._arrays import Arrays, RewardMode, Rows, final_infos
from ._batch import Batch
from ._seeds import seed_array, slot_seeds

if TYPE_CHECKING:
    from ._arrays import Array, Bools, Floats, Int8s, Int32s
else:
    Array = Bools = Floats = Int8s = Int32s = Any

Observations = Dict[str, Any]

_RENDER_MODES = ["ansi"]

# The most threads a batch steps its games on (CROWN_BATCH_MAX_THREADS).
MAX_THREADS = 256


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
    failed, or interrupted at any point, a KeyboardInterrupt say).

    `rows` are the games the call writes (every one but for a reset of
    some: reset(options={"reset_mask": m})); `keep` those it leaves as they
    were, which new arrays copy from the previous ones once it has run
    (`every` array, or only the observations, masks and players: the games
    a step leaves at their end in disabled autoreset); `seed` is what
    env.seed becomes (None: unchanged)."""

    def __init__(self, kind: str, arrays: Arrays, previous: Arrays, rows: Rows = slice(None),
                 keep: Optional[Array] = None, every: bool = False, seed: Any = None) -> None:
        self.kind = kind              # "reset" or "step"
        self.arrays = arrays          # the arrays the call writes
        self.previous = previous      # the arrays of the call before
        self.players = previous._players.copy()  # the players to move before it
        self.rows = rows
        self.keep = keep if arrays is not previous else None
        self.every = every
        self.seed = seed
        self.saved: Optional[Floats] = None  # what marking the arrays overwrote (the same arrays)
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
    `render_mode` is None or "ansi"; `autoreset_mode` is Gymnasium's
    AutoresetMode or its value, "NextStep" (the default, as Gymnasium's),
    "SameStep" or "Disabled"; `num_threads` the threads the games are
    stepped on (1: the caller's alone; 0: one per processor), the results
    the same whatever their number.  chance=explicit is refused (a batch
    draws every card itself).  One thread at a time calls the environment:
    a call made while another thread's runs raises StateError (so that a
    mistake cannot crash)."""

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
        bound, a bad reward_mode, render_mode, autoreset_mode or
        num_threads, ...) and TypeError.  Called again on an environment,
        it frees the games it had first."""
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
        threads = _integer(num_threads, "num_threads", (0, MAX_THREADS))
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
        status = batch.set_autoreset(mode) or batch.set_threads(threads)
        if status:
            error = batch.error(status)
            batch.free()
            raise error
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
        self.autoreset_mode = _spaces.autoreset_mode_metadata(mode)
        self._mode = mode
        self.metadata = dict(VectorEnv.metadata, name="crown_" + name,
                             autoreset_mode=self.autoreset_mode)
        self.single_observation_space, self.single_action_space = _spaces.single_spaces(
            self.observation_size, self.num_actions)
        self._spaces: Optional[Tuple[Any, Any]] = None
        self._seed: Any = first_seed
        self._fresh = True  # no reset() yet: the batch is at the constructor's seed
        self._actions = numpy.zeros(count, dtype=numpy.int32)
        self._actions_at = self._actions.ctypes.data
        self._row_start = numpy.arange(count, dtype=numpy.int32) * self.num_players
        self._index = numpy.zeros(count, dtype=numpy.int32)
        # Same-step's final observations: the library's rows, from which
        # each step copies those of the games it ended (infos["final_obs"]).
        self._final_obs: Optional[Floats] = None
        self._batch = batch
        self.closed = False
        self._arrays = self._new_arrays()
        if mode == _spaces.SAME_STEP:
            self._final_obs = numpy.zeros((count, self.observation_size), dtype=numpy.float32)
            status = batch.bind_final(self._final_obs.ctypes.data)
        # The batch's reset wrote nothing (nothing was bound): again.
        status = status or batch.bind(self._arrays.addresses()) or batch.reset(first_seed)
        if status:
            error = batch.error(status)
            self._release()
            raise error
        self._arrays.after_reset(slice(None))

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
            arrays = pending.arrays
            if arrays is not pending.previous:
                b.bind(arrays.addresses())
            else:
                pending.saved = arrays.marks(pending.rows)
            arrays.mark(pending.rows)
            pending.armed = True
            status = call()
        finally:
            self._settle()
        return status

    def _settle(self) -> None:
        """Ends the reset or step under way, if one is (returned, failed,
        or interrupted: a KeyboardInterrupt between the C call and the end
        of step()): if the batch wrote the arrays, they become the
        environment's (completed with the rows the call left as they
        were), else the arrays and the batch are as before it.  Idempotent
        step by step, so that an interruption of this too is settled by the
        next call."""
        p = self._pending
        if p is None:
            return
        if p.written is None:
            p.written = p.armed and p.arrays.written(p.rows)
        b = self._batch
        a = p.arrays
        if p.written:
            if p.keep is not None:
                a.copy_rows(p.previous, p.keep, p.every)
            if p.kind == "step":
                a.after_step(p.players, self._row_start, self._index)
                if self._final_obs is not None:
                    a.final = final_infos(a, self._final_obs)
            else:
                a.after_reset(p.rows)
                if p.seed is not None:
                    self._seed = p.seed
                self._fresh = False
            self._arrays = a
        elif a is p.previous:
            if p.saved is not None:
                a.unmark(p.rows, p.saved)
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
        """num_envs: the seat to move in each game (-2, crown.TERMINAL, for
        a game left at the end of its episode: next-step and disabled
        autoreset)."""
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
    def acting_player(self) -> Int32s:
        """num_envs: the seat that took the last step's action in each game
        (-1 where none did: after a reset, and for a game that was at the
        end of its episode), as infos["acting_player"]."""
        return self._last().acting_player

    @property
    def terminations(self) -> Bools:
        """num_envs: the games the last step ended by their rules."""
        return self._last().terminations

    @property
    def truncations(self) -> Bools:
        """num_envs: the games the last step ended by a length limit (the
        game's own, or max_steps)."""
        return self._last().truncations

    @property
    def seed(self) -> Any:
        """The seed of the last reset of every game given one (or of the
        constructor): an int, or a read-only uint64 array after a reset
        with one seed per game.  Resets without a seed and of some games
        leave it."""
        self._last()
        return self._seed

    def episode_seed(self, index: _Integer) -> int:
        """The seed of game `index`'s present episode: crown.Game(name,
        options, seed=env.episode_seed(i)) and the episode's moves replay it
        (crown_batch_episode_seed)."""
        index = _integer(index, "index", _INDEX_RANGE)
        with self._lock:
            return self._live().episode_seed(index)

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
        """Starts the games again (see the module's text, Seeds):
        - seed=s (an int): slot i's k-th episode is then the game of
          E(s, i, k);
        - seed=[s0, s1, ...] (one per game): slot i's k-th episode is the
          game of E(s_i, 0, k), as slot 0's after seed=s_i;
        - no seed: the constructor's the first time, then each game goes
          on at the next episode of its own sequence.
        options may hold "reset_mask" alone (the game's options are the
        constructor's): a numpy array of num_envs bools, and only those
        games start again, with the seed's episodes (the same an int or a
        list gives them in a reset of every game) or their next ones; the
        other games, and their rows of the arrays, are unchanged.
        Returns (observations, infos) with infos["current_player"]."""
        mask = None
        if options:
            others = sorted(str(k) for k in options if k != "reset_mask")
            if others:
                raise InvalidArgumentError("reset takes no options but reset_mask (the game's "
                                           "options are given to the constructor), not %r"
                                           % (options,))
            if options.get("reset_mask") is not None:
                mask = self._reset_mask(options["reset_mask"])
        per_game = (isinstance(seed, (list, tuple))
                    or (isinstance(seed, numpy.ndarray) and seed.ndim > 0))
        with self._lock:
            b = self._live()
            seeds = value = None
            if per_game:
                seeds = seed_array(seed, self.num_envs)
            elif seed is not None:
                value = _integer(seed, "seed", _SEED_RANGE)
            elif mask is None and self._fresh:
                value = self._seed
            old = self._arrays
            new = self._new_arrays() if self.copy else old
            if mask is not None:
                rows = numpy.flatnonzero(mask)
                if value is not None:
                    seeds = numpy.zeros(self.num_envs, dtype=numpy.uint64)
                    seeds[rows] = slot_seeds(value, rows)
                keep = numpy.flatnonzero(~mask)
                pending = _Pending("reset", new, old, rows, keep, every=True)
                call = self._masked_reset(b, mask, seeds)
            elif value is not None:
                pending = _Pending("reset", new, old, seed=value)
                call = lambda: b.reset(value)  # noqa: E731
            elif seeds is not None:
                kept = seeds.copy()
                kept.flags.writeable = False
                pending = _Pending("reset", new, old, seed=kept)
                call = lambda: b.reset_seeds(seeds.ctypes.data)  # noqa: E731
            else:
                pending = _Pending("reset", new, old)
                call = self._masked_reset(b, numpy.ones(self.num_envs, dtype=numpy.bool_), None)
            status = self._call(b, pending, call)
            if status:
                raise b.error(status)
            return self._observations(), {"current_player": self._arrays.current_player}

    @staticmethod
    def _masked_reset(b: Batch, mask: Bools, seeds: Any) -> Any:
        """The call of crown_batch_reset_masked on those arrays (kept alive
        by the closure)."""
        flags = numpy.ascontiguousarray(mask).view(numpy.uint8)
        return lambda: b.reset_masked(flags.ctypes.data,
                                      None if seeds is None else seeds.ctypes.data)

    def _reset_mask(self, mask: Any) -> Bools:
        """options["reset_mask"] checked: num_envs bools, one at least set."""
        m = mask if isinstance(mask, numpy.ndarray) else numpy.asarray(mask)
        if m.dtype != numpy.bool_:
            raise TypeError("reset_mask must be an array of bools (one per game), not of %s"
                            % m.dtype)
        if m.shape != (self.num_envs,):
            raise InvalidArgumentError("reset_mask must have shape (%d,) (one per game), not %s"
                                       % (self.num_envs, m.shape))
        if not m.any():
            raise InvalidArgumentError("reset_mask selects no game")
        result: Bools = m
        return result

    def step(self, actions: Any) -> Tuple[Observations, Floats, Bools, Bools, Dict[str, Any]]:
        """Plays actions[i] (an index 0..N-1, legal for game i's player to
        move) in every game i, with the chance events that follow; a game
        that ends goes on as the autoreset mode says (see the module's
        text, Episodes), and a game left at the end of its episode ignores
        its action (any value will do).  Returns (observations, rewards,
        terminations, truncations, infos): rewards as reward_mode says
        (every seat's by default), infos holds "seat_rewards" (every
        seat's), "acting_player" (-1 where no seat acted) and
        "current_player", and in same-step autoreset, when a game ended,
        "final_obs" and "final_info" with their masks "_final_obs" and
        "_final_info", as Gymnasium's.  On error (an action out of range or
        not legal: IllegalMoveError naming the game; actions of the wrong
        shape or type) nothing changes."""
        with self._lock:
            b = self._live()
            self._take_actions(actions)
            old = self._arrays
            new = self._new_arrays() if self.copy else old
            keep = None
            if self._mode == _spaces.DISABLED and new is not old:
                ended = numpy.flatnonzero(old._players < 0)
                if ended.size:
                    keep = ended  # (a game at its end: only its rewards written)
            at = self._actions_at
            status = self._call(b, _Pending("step", new, old, keep=keep), lambda: b.step(at))
            if status:
                raise b.error(status)
            a = self._arrays
            infos = {"seat_rewards": a.seat_rewards, "acting_player": a.acting_player,
                     "current_player": a.current_player}
            if a.final is not None:
                infos.update(a.final)
            return self._observations(), a.rewards, a.terminations, a.truncations, infos

    def _take_actions(self, actions: Any) -> None:
        """Copies `actions` into the int32 array the batch reads, checking
        its shape and type (a wrong shape must not reach C), and the range
        of those that do not fit int32 (the games left at the end of an
        episode excepted: their actions are ignored)."""
        a = actions if isinstance(actions, numpy.ndarray) else numpy.asarray(actions)
        if a.shape != (self.num_envs,):
            raise InvalidArgumentError("actions must have shape (%d,) (one per game), not %s"
                                       % (self.num_envs, a.shape))
        if a.dtype.kind == "O":
            # Python integers too large for any numpy integer type (2**70)
            # make an object array: say which game's action is wrong.
            idle = (self._arrays._players < 0).tolist()
            values = a.tolist()
            for i, x in enumerate(values):
                if idle[i]:
                    values[i] = 0
                    continue
                if isinstance(x, bool) or not isinstance(x, (int, numpy.integer)):
                    raise TypeError("game %d: actions must be integers, not %r" % (i, x))
                if not 0 <= x < self.num_actions:
                    raise IllegalMoveError("game %d: action %d is out of range (the actions "
                                           "are 0..%d)" % (i, x, self.num_actions - 1), -6)
            a = numpy.array(values, dtype=numpy.int64)
        if a.dtype != numpy.int32:
            if a.dtype.kind not in "iu":
                raise TypeError("actions must be integers, not %s" % a.dtype)
            if not numpy.can_cast(a.dtype, numpy.int32):
                out = numpy.flatnonzero(((a < 0) | (a >= self.num_actions))
                                        & (self._arrays._players >= 0))
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
