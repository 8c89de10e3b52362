# mypy: warn-unused-ignores=False
"""One set of a VectorEnv's arrays: those the batch writes (crown_batch_bind),
those crown.vector derives from them (the acting seats, the rewards of one
seat a game), and the views of them the environment returns (the mask as
int8 and as bools, the flags as bools: no copies), read-only unless
writeable."""

import ctypes
from typing import TYPE_CHECKING, Any, List, Union

import numpy  # type: ignore[import]

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

# What step() returns as rewards: every seat's ("seats"), the acting seat's
# ("acting"), or one seat's (its index).
RewardMode = Union[str, int]


class Arrays:
    """The arrays of one call (`count` games, observations of `size` floats,
    `n` actions, `players` seats, rewards as `reward_mode` says).

    Every array the batch writes starts uninitialized but the players,
    which start at -1: the batch writes every slot's player to move (always a
    seat) when a reset or a step succeeds, and none when it fails, so a -1
    tells that the batch has not written these arrays (VectorEnv._settle)."""

    def __init__(self, count: int, size: int, n: int, players: int, reward_mode: RewardMode,
                 writeable: bool) -> None:
        self._obs = numpy.empty((count, size), dtype=numpy.float32)
        self._masks = numpy.empty((count, n), dtype=numpy.uint8)
        self._players = numpy.empty(count, dtype=numpy.int32)
        self._players.fill(-1)
        self._seat_rewards = numpy.empty((count, players), dtype=numpy.float32)
        self._terminated = numpy.empty(count, dtype=numpy.uint8)
        self._truncated = numpy.empty(count, dtype=numpy.uint8)
        self._acting = numpy.empty(count, dtype=numpy.int32)
        self._acting.fill(-1)
        self._reward_mode = reward_mode
        self._rewards = (self._seat_rewards if reward_mode == "seats"
                         else numpy.zeros(count, dtype=numpy.float32))
        self.observations: Floats = self._view(self._obs, numpy.float32, writeable)
        self.action_mask: Int8s = self._view(self._masks, numpy.int8, writeable)
        self.bool_mask: Bools = self._view(self._masks, numpy.bool_, writeable)
        self.current_player: Int32s = self._view(self._players, numpy.int32, writeable)
        self.seat_rewards: Floats = self._view(self._seat_rewards, numpy.float32, writeable)
        self.terminations: Bools = self._view(self._terminated, numpy.bool_, writeable)
        self.truncations: Bools = self._view(self._truncated, numpy.bool_, writeable)
        self.rewards: Floats = self._view(self._rewards, numpy.float32, writeable)
        self.acting_player: Int32s = self._view(self._acting, numpy.int32, writeable)

    @staticmethod
    def _view(array: Array, dtype: Any, writeable: bool) -> Array:
        """`array` as `dtype`: itself when writeable and of that type (new
        arrays at every call: the fewer objects made, the faster), else a
        view, read-only unless writeable."""
        if writeable and array.dtype == dtype:
            return array
        view: Array = array.view(dtype)
        if not writeable:
            view.flags.writeable = False
        return view

    def addresses(self) -> List[int]:
        """The arguments of crown_batch_bind after the batch."""
        arrays: List[Array] = [self._obs, self._masks, self._players, self._seat_rewards,
                               self._terminated, self._truncated]
        # (ctypes' view of the first byte: three times as fast as a.ctypes.data)
        return [ctypes.addressof(ctypes.c_char.from_buffer(a))  # type: ignore[arg-type]
                if a.nbytes
                else int(a.ctypes.data) for a in arrays]

    def written(self) -> bool:
        """Whether the batch has written these arrays since they were made
        (or since their players were set to -1)."""
        p = self._players
        return bool(p.size and (p[0] >= 0 or p.max() >= 0))  # (p[0] first: the usual case)

    def after_step(self, acting: Int32s, row_start: Int32s, index: Int32s) -> None:
        """What crown.vector derives after a step the batch wrote here: the
        acting seats (`acting`, the players to move before it) and the
        rewards step() returns.  Idempotent: it may run again after an
        interruption (`index` is scratch room, num_envs int32s)."""
        numpy.copyto(self._acting, acting)
        mode = self._reward_mode
        if mode == "acting":
            numpy.add(self._acting, row_start, out=index)
            numpy.take(self._seat_rewards.reshape(-1), index, out=self._rewards)
        elif isinstance(mode, int):
            numpy.copyto(self._rewards, self._seat_rewards[:, mode])

    def after_reset(self) -> None:
        """The same after a reset: no seat acted (-1), every reward 0."""
        self._acting.fill(-1)
        self._rewards.fill(0)
