# mypy: warn-unused-ignores=False
"""One set of a VectorEnv's arrays: those the batch writes (crown_batch_bind),
those crown.vector derives from them (the acting seats, the rewards of one
seat a game), and the views of them the environment returns (the mask as
int8 and as bools, the flags as bools: no copies), read-only unless
writeable."""

import ctypes
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Union

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


# The rows (games) a call writes: every one (slice(None)) or those of an
# index array.
Rows = Union[slice, Array]


class Arrays:
    """The arrays of one call (`count` games, observations of `size` floats,
    `n` actions, `players` seats, rewards as `reward_mode` says).

    Every array the batch writes starts uninitialized.  Before a call,
    mark() sets seat 0's reward of the rows the call writes to NaN, which
    the library never writes: written() then tells whether the batch wrote
    these arrays (VectorEnv._settle), as a reset or a step that succeeds
    writes every reward of those rows and one that fails none."""

    def __init__(self, count: int, size: int, n: int, players: int, reward_mode: RewardMode,
                 writeable: bool) -> None:
        self._obs = numpy.empty((count, size), dtype=numpy.float32)
        self._masks = numpy.empty((count, n), dtype=numpy.uint8)
        self._players = numpy.empty(count, dtype=numpy.int32)
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
        # Same-step's final observations and infos of the step that wrote
        # these arrays (VectorEnv's), or None.
        self.final: Optional[Dict[str, Any]] = None

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

    def marks(self, rows: Rows) -> Floats:
        """What mark(rows) overwrites, for unmark."""
        saved: Floats = self._seat_rewards[rows, 0].copy()
        return saved

    def mark(self, rows: Rows) -> None:
        """Seat 0's reward of `rows` set to NaN (see written)."""
        self._seat_rewards[rows, 0] = numpy.nan

    def unmark(self, rows: Rows, saved: Floats) -> None:
        """Undoes mark(rows) (`saved`: what marks(rows) returned)."""
        self._seat_rewards[rows, 0] = saved

    def written(self, rows: Rows) -> bool:
        """Whether the batch has written these arrays since mark(rows)."""
        column = self._seat_rewards[rows, 0]
        return bool(column.size and not numpy.isnan(column).all())

    def copy_rows(self, source: "Arrays", rows: Array, every: bool) -> None:
        """Copies `rows` of the observations, masks, players and flags from
        `source` (of the same shapes); with `every`, of every array: the
        rows a call leaves as they were."""
        arrays = ["_obs", "_masks", "_players", "_terminated", "_truncated"]
        if every:
            arrays += ["_seat_rewards", "_acting"]
            if self._rewards is not self._seat_rewards:
                arrays.append("_rewards")
        for name in arrays:
            getattr(self, name)[rows] = getattr(source, name)[rows]

    def after_step(self, acting: Int32s, row_start: Int32s, index: Int32s) -> None:
        """What crown.vector derives after a step the batch wrote here: the
        acting seats (`acting`, the players to move before it; -1 where
        none acted, the games left at the end of an episode) and the rewards
        step() returns.  Idempotent: it may run again after an
        interruption (`index` is scratch room, num_envs int32s)."""
        numpy.maximum(acting, -1, out=self._acting)  # (CROWN_TERMINAL, -2: nobody acted)
        mode = self._reward_mode
        if mode == "acting":
            # (where nobody acted, seat 0's reward, which is 0)
            numpy.maximum(self._acting, 0, out=index)
            numpy.add(index, row_start, out=index)
            numpy.take(self._seat_rewards.reshape(-1), index, out=self._rewards)
        elif isinstance(mode, int):
            numpy.copyto(self._rewards, self._seat_rewards[:, mode])
        self.final = None

    def after_reset(self, rows: Rows) -> None:
        """The same after a reset of `rows`: no seat acted (-1), every
        reward 0."""
        self._acting[rows] = -1
        self._rewards[rows] = 0
        self.final = None


def final_infos(arrays: Arrays, final_observations: Floats) -> Optional[Dict[str, Any]]:
    """Same-step's infos of the games a step ended (in `arrays`, which the
    step wrote, and `final_observations`, crown_batch_bind_final's rows), as
    Gymnasium's SyncVectorEnv builds them, or None when none ended:
    "final_obs", an object array holding for each game that ended its final
    observation (a dict: the tensor of the seat that made the last decision,
    and a mask all 0), None for the others; "final_info", the infos of
    that step for those games (each key with its "_" mask); "_final_obs"
    and "_final_info", the games that ended."""
    ended = numpy.logical_or(arrays.terminations, arrays.truncations)
    rows = numpy.flatnonzero(ended)
    if not rows.size:
        return None
    count = ended.shape[0]
    observations = final_observations[rows]
    masks = numpy.zeros((rows.size, arrays._masks.shape[1]), dtype=numpy.int8)
    final_obs = numpy.full(count, None, dtype=object)
    for j, i in enumerate(rows.tolist()):
        final_obs[i] = {"observation": observations[j], "action_mask": masks[j]}
    seat_rewards = numpy.zeros_like(arrays._seat_rewards)
    seat_rewards[rows] = arrays._seat_rewards[rows]
    acting = numpy.zeros(count, dtype=numpy.int32)
    acting[rows] = arrays._acting[rows]
    players = numpy.zeros(count, dtype=numpy.int32)
    players[rows] = -2  # (CROWN_TERMINAL: the episode is over)
    final_info = {"seat_rewards": seat_rewards, "_seat_rewards": ended.copy(),
                  "acting_player": acting, "_acting_player": ended.copy(),
                  "current_player": players, "_current_player": ended.copy()}
    return {"final_obs": final_obs, "_final_obs": ended, "final_info": final_info,
            "_final_info": ended.copy()}
