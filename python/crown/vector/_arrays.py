# mypy: warn-unused-ignores=False
"""One set of the arrays a batch writes (crown_batch_bind), and the views of
them a VectorEnv returns."""

from typing import TYPE_CHECKING, Any, List, Tuple

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


class Arrays:
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
