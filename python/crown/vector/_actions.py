# mypy: warn-unused-ignores=False
"""Actions from masks: one random legal action per game
(random_legal_actions), and the legal actions of games as lists of indices
(VectorEnv.legal_actions), both fast on wide, sparse masks."""

from typing import TYPE_CHECKING, Any, List

import numpy  # type: ignore[import]

from ..errors import InvalidArgumentError

if TYPE_CHECKING:
    from typing import TypeAlias

    import numpy.typing  # type: ignore[import]

    Int32s: TypeAlias = numpy.typing.NDArray[numpy.int32]
    Array: TypeAlias = numpy.typing.NDArray[Any]
else:
    Int32s = Array = Any


def nonzero_bytes(flat: Array) -> Array:
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


def _byte_masks(masks: Array) -> Array:
    """`masks` as a C-contiguous 2-D array of one byte an entry."""
    masks = numpy.ascontiguousarray(masks)
    if masks.ndim != 2:
        raise InvalidArgumentError("masks must be num_envs x N, not of shape %s"
                                   % (masks.shape,))
    if masks.dtype.itemsize != 1:
        masks = masks != 0
    return masks


def random_legal_actions(masks: Array, rng: Any) -> Int32s:
    """One uniformly random legal action per game: masks is num_envs x N (non-0
    where legal, as observations["action_mask"]), rng a
    numpy.random.Generator.  Vectorized, and fast on wide masks (King's
    Blood's 11,813 actions): one pass over the mask as 64-bit words, then
    only the few legal entries are touched.  A row with no legal action (a
    game left at the end of its episode, whose action a VectorEnv ignores)
    gets action 0."""
    masks = _byte_masks(masks)
    count, n = masks.shape
    legal = nonzero_bytes(masks.reshape(-1).view(numpy.uint8))
    per_game = numpy.bincount(legal // n, minlength=count) if n else numpy.zeros(count, int)
    first = numpy.cumsum(per_game) - per_game
    pick = first + numpy.minimum((rng.random(count) * per_game).astype(numpy.intp),
                                 per_game - 1)
    actions: Int32s = numpy.zeros(count, dtype=numpy.int32)
    some = per_game > 0
    if count and some.all():
        actions[:] = legal[pick] - numpy.arange(count) * n
    elif some.any():
        actions[some] = legal[pick[some]] - numpy.flatnonzero(some) * n
    return actions


def legal_action_lists(masks: Array) -> List[List[int]]:
    """The legal actions of each game as a list of ascending indices (where
    masks is not 0), one pass over the masks as in random_legal_actions."""
    masks = _byte_masks(masks)
    count, n = masks.shape
    legal = nonzero_bytes(masks.reshape(-1).view(numpy.uint8))
    bounds = numpy.searchsorted(legal, numpy.arange(count + 1) * n).tolist()
    flat: List[int] = (legal % n).tolist() if n else []
    return [flat[bounds[i]:bounds[i + 1]] for i in range(count)]


def legal_action_list(row: Array) -> List[int]:
    """The legal actions of one mask row (1-D, non-0 where legal), ascending."""
    found: List[int] = numpy.flatnonzero(row.view(numpy.bool_) if row.dtype.itemsize == 1
                                         else row != 0).tolist()
    return found
