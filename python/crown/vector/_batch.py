"""The C side of crown.vector: one crown_batch and the library calls made on
it (crown.h "Batches, for learning").  Every call on the batch goes
through Batch."""

import ctypes
from typing import Any, Dict, List, Optional

from ..errors import StateError, _error
from .._convert import _decode
from .._library import _lib
from .._prototypes import _batch_p, _u64
from ..game import Game

# crown.h's autoreset modes (crown_batch_set_autoreset), by Gymnasium's
# AutoresetMode values.
AUTORESET_CODES = {"SameStep": 0, "NextStep": 1, "Disabled": 2}


class Batch:
    """A crown_batch of `count` games of `name` with `options` (bytes),
    first seeded with `seed`; `max_steps` truncates an episode (0: never).
    Raises crown's errors (the library's message).  Frees the batch when
    freed itself (free() before that, and every later call raises
    StateError)."""

    def __init__(self, name: bytes, options: bytes, count: int, seed: int,
                 max_steps: int) -> None:
        self._handle: Optional[ctypes.c_void_p] = None
        # (looked up now: the module's globals may be gone in __del__ at exit)
        self._free_fn = _lib.crown_batch_free
        handle = _batch_p()
        err = ctypes.create_string_buffer(256)
        status = _lib.crown_batch_new(ctypes.byref(handle), name, options, count, _u64(seed),
                                      max_steps, err, len(err))
        if status:
            raise _error(status, _decode(err.value))
        self._handle = handle
        players, n, size = ctypes.c_int(), ctypes.c_size_t(), ctypes.c_size_t()
        self._check(_lib.crown_batch_num_players(handle, ctypes.byref(players)))
        self._check(_lib.crown_batch_num_actions(handle, ctypes.byref(n)))
        self._check(_lib.crown_batch_observation_size(handle, ctypes.byref(size)))
        self.num_players, self.num_actions, self.observation_size = (
            players.value, n.value, size.value)
        self._layout: Optional[Dict[str, Any]] = None

    def _live(self) -> ctypes.c_void_p:
        h = self._handle
        if not h:
            raise StateError("the vector environment is closed", -9)
        return h

    def _check(self, status: int) -> None:
        if status:
            raise _error(status, _decode(_lib.crown_batch_last_error(self._handle)))

    @property
    def live(self) -> bool:
        """Whether the batch is still there (not freed)."""
        return bool(self._handle)

    def error(self, status: int) -> Exception:
        """The exception of a failed call's status, with its message."""
        return _error(status, _decode(_lib.crown_batch_last_error(self._live())))

    # -- the calls (each returns the library's status: the caller settles
    #    its own state first, then raises error(status))

    def bind(self, addresses: List[int]) -> int:
        """crown_batch_bind: the arrays every later reset and step write."""
        return int(_lib.crown_batch_bind(self._live(), *addresses))

    def unbind(self) -> int:
        """Binds no arrays: the batch writes nothing until bound again."""
        return int(_lib.crown_batch_bind(self._live(), None, None, None, None, None, None))

    def bind_final(self, observations_address: Optional[int]) -> int:
        """crown_batch_bind_final: the rows of same-step's final
        observations (None: none); no players."""
        return int(_lib.crown_batch_bind_final(self._live(), observations_address, None))

    def set_autoreset(self, mode: str) -> int:
        """crown_batch_set_autoreset with Gymnasium's value of the mode."""
        return int(_lib.crown_batch_set_autoreset(self._live(), AUTORESET_CODES[mode]))

    def set_threads(self, threads: int) -> int:
        """crown_batch_set_threads (0: one per online processor)."""
        return int(_lib.crown_batch_set_threads(self._live(), threads))

    def reset(self, seed: int) -> int:
        """crown_batch_reset: slot i's k-th episode the game of E(seed, i, k)."""
        return int(_lib.crown_batch_reset(self._live(), _u64(seed)))

    def reset_seeds(self, seeds_address: int) -> int:
        """crown_batch_reset_seeds on the uint64 seeds at that address:
        slot i's k-th episode the game of E(seeds[i], 0, k)."""
        return int(_lib.crown_batch_reset_seeds(self._live(), seeds_address))

    def reset_masked(self, mask_address: int, seeds_address: Optional[int]) -> int:
        """crown_batch_reset_masked: the slots of the mask (bytes) at their
        next episodes, or at the seeds' (uint64) first ones."""
        return int(_lib.crown_batch_reset_masked(self._live(), mask_address, seeds_address))

    def episode_seed(self, index: int) -> int:
        """crown_batch_episode_seed: the seed of slot `index`'s episode."""
        seed = ctypes.c_uint64()
        self._check(_lib.crown_batch_episode_seed(self._live(), index, ctypes.byref(seed)))
        return int(seed.value)

    def step(self, actions_address: int) -> int:
        """crown_batch_step on the int32 actions at that address."""
        return int(_lib.crown_batch_step(self._live(), actions_address))

    def game(self, index: int) -> Game:
        """A new crown.Game of slot `index` as it is now."""
        out = ctypes.c_void_p()
        self._check(_lib.crown_batch_game(self._live(), index, ctypes.byref(out)))
        return Game._wrap(out)

    def observation_layout(self) -> Dict[str, Any]:
        """The observation tensor's layout (crown_observation_layout, as
        Game.observation_layout()): the same for every slot, as it depends
        on the options alone; read from slot 0's game once."""
        if self._layout is None:
            with self.game(0) as g:
                self._layout = g.observation_layout()
        return self._layout

    def free(self) -> None:
        """Frees the batch (again: nothing)."""
        h, self._handle = self._handle, None
        if h:
            self._free_fn(h)

    def __del__(self) -> None:
        self.free()
