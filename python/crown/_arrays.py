# mypy: warn-unused-ignores=False
"""The vectors of Game.legal_mask, Game.observation_tensor and
SearchResult.action_policy: numpy arrays when numpy can be imported (tried
at each call), lists otherwise.

numpy is optional for type checkers too.  Where numpy is installed, mypy
reads LegalMask as Union[numpy.typing.NDArray[numpy.int8], List[int]] and
ObservationTensor and ActionPolicy as
Union[numpy.typing.NDArray[numpy.float32], List[float]]; where it is not, the numpy half is Any (mypy's type for a
module it cannot find).  The `# type: ignore[import]` comments silence "no
numpy" in the second case, and the `warn-unused-ignores=False` above (for
this file only) their being unneeded in the first.  At run time, where the
types are never evaluated with numpy, the aliases are Union[Any, List[int]]
and Union[Any, List[float]] (twice).
"""

import ctypes
from typing import TYPE_CHECKING, Any, List, Union

if TYPE_CHECKING:
    import numpy  # type: ignore[import]
    import numpy.typing  # type: ignore[import]

    LegalMask = Union[numpy.typing.NDArray[numpy.int8], List[int]]
    ObservationTensor = Union[numpy.typing.NDArray[numpy.float32], List[float]]
    ActionPolicy = Union[numpy.typing.NDArray[numpy.float32], List[float]]
else:
    LegalMask = Union[Any, List[int]]
    ObservationTensor = Union[Any, List[float]]
    ActionPolicy = Union[Any, List[float]]


def int8_vector(data: bytes) -> LegalMask:
    """`data` (bytes 0 and 1) as a numpy int8 array, or as a list of ints
    without numpy.  int8, the masks' one type: crown.env's and PettingZoo's,
    and what Gymnasium's Discrete.sample(mask=) requires."""
    try:
        import numpy  # type: ignore[import]
    except ImportError:
        return list(data)
    return numpy.frombuffer(data, dtype=numpy.int8).copy()


def float32_vector(floats: "ctypes.Array[ctypes.c_float]", n: int) -> ObservationTensor:
    """The first `n` of `floats` as a numpy float32 array, or as a list of
    floats without numpy (an ObservationTensor, or an ActionPolicy: the
    same type)."""
    try:
        import numpy  # type: ignore[import]
    except ImportError:
        return list(floats[:n])
    return numpy.frombuffer(memoryview(floats), dtype=numpy.float32, count=n).copy()


def ones(data: Union[bytes, bytearray]) -> List[int]:
    """The indices of the bytes of `data` that are 1, ascending: the legal
    actions of a mask of the library (its bytes are 0 and 1).  bytes.find
    runs in C from one to the next: about 0.2 µs and 0.1 µs more per legal
    action, whatever the mask's length (King's Blood's 11,813 entries hold a
    handful), where numpy's flatnonzero on the int8 array takes 17 µs."""
    found: List[int] = []
    find = data.find
    i = find(1)
    while i >= 0:
        found.append(i)
        i = find(1, i + 1)
    return found


# crown.env's action masks: the same type as Game.legal_mask's, int8 (as
# PettingZoo's environments and Gymnasium's Discrete.sample(mask) have it).
ActionMask = LegalMask
