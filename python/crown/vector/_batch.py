"""The C side of crown.vector: one crown_batch and the library calls made on
it (crown.h "Batches"), and what VectorEnv asks of batches that this
library does not give yet, refused with the name of the function it needs.

Every call on the batch goes through Batch, so that a newer library's
calls (one seed per game, the other autoreset modes, partial resets,
threads) plug in here, beside the ones they complete."""

import ctypes
from typing import Any, Dict, List, Optional

from ..errors import StateError, _error
from .._convert import _decode
from .._library import _lib
from .._prototypes import _batch_p, _u64
from .._version import __version__ as _package_version
from ..game import Game

# What VectorEnv would need beyond this library's batches, and the library
# function each needs (the C API of issue 33).  Asked for, each raises
# NotImplementedError naming its function (missing(feature)).
NEEDS = {
    "autoreset_mode": "crown_batch_set_autoreset",   # next-step, disabled
    "final_obs": "crown_batch_bind_final",            # same-step's final_obs, final_info
    "reset_mask": "crown_batch_reset_masked",         # reset(options={"reset_mask": m})
    "seeds": "crown_batch_reset_seeds",               # reset(seed=[...]): one seed per game
    "num_threads": "crown_batch_set_threads",         # slots stepped across threads
}


def missing(feature: str, what: str) -> NotImplementedError:
    """The error for `what` (the caller's words), which needs the library
    function of `feature` in NEEDS."""
    fn = NEEDS[feature]
    if hasattr(_lib, fn):
        why = "crown.vector %s does not call it yet" % _package_version
    else:
        why = "this libcrown has no such function"
    return NotImplementedError("%s needs the library function %s (%s)" % (what, fn, why))


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

    def reset(self, seed: int) -> int:
        """crown_batch_reset: slot i's k-th episode the game of seed + i + k * size."""
        return int(_lib.crown_batch_reset(self._live(), _u64(seed)))

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
