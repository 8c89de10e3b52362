# mypy: warn-unused-ignores=False
"""crown.vector's spaces and autoreset modes: Gymnasium's when it imports,
else the package's own stand-ins (Box, MultiDiscrete, and crown.env's Dict
and Discrete), the same shapes and types either way."""

import importlib
from typing import Any, Tuple

import numpy  # type: ignore[import]

from ..env import DictSpace, Discrete
from ..errors import InvalidArgumentError

# Gymnasium, when it imports: VectorEnv subclasses its VectorEnv and uses its
# spaces.  Imported by name, as it is optional (Any to a type checker).
try:
    _gym_vector: Any = importlib.import_module("gymnasium.vector")
    _gym_spaces: Any = importlib.import_module("gymnasium.spaces")
except ImportError:
    _gym_vector = _gym_spaces = None

_Base: Any = _gym_vector.VectorEnv if _gym_vector is not None else object

# Gymnasium's three autoreset modes, by their values (AutoresetMode's).
NEXT_STEP, SAME_STEP, DISABLED = "NextStep", "SameStep", "Disabled"
_MODES = (NEXT_STEP, SAME_STEP, DISABLED)


def autoreset_mode_value(mode: Any) -> str:
    """The value ("NextStep", "SameStep" or "Disabled") of an autoreset
    mode given as Gymnasium's AutoresetMode or as its value; None is the
    default, next-step, as Gymnasium's.  InvalidArgumentError for anything
    else."""
    if mode is None:
        return NEXT_STEP
    value = getattr(mode, "value", mode)
    if _gym_vector is not None and isinstance(mode, _gym_vector.AutoresetMode):
        return str(value)
    if isinstance(value, str) and value in _MODES:
        return value
    raise InvalidArgumentError("autoreset_mode must be Gymnasium's AutoresetMode or one of %s, "
                               "not %r" % (", ".join(repr(m) for m in _MODES), mode))


def autoreset_mode_metadata(value: str) -> Any:
    """What metadata["autoreset_mode"] holds for a mode: Gymnasium's enum,
    or the value itself without Gymnasium."""
    return _gym_vector.AutoresetMode(value) if _gym_vector is not None else value


# The mode a VectorEnv has by default (crown.vector.AUTORESET_MODE): next-step,
# Gymnasium's default.
AUTORESET_MODE: Any = autoreset_mode_metadata(NEXT_STEP)


class Box:
    """Arrays of `shape` with values in [low, high] (as gymnasium.spaces.Box)."""

    def __init__(self, low: float, high: float, shape: Tuple[int, ...], dtype: Any) -> None:
        """The space of arrays of `shape` and numpy type `dtype` in [low, high]."""
        self.low, self.high, self.shape = low, high, tuple(shape)
        self.dtype = numpy.dtype(dtype)

    def contains(self, x: Any) -> bool:
        """Whether x is an array of this shape, of a type that casts to
        dtype, with values in [low, high]."""
        if not isinstance(x, numpy.ndarray):
            return False
        return bool(numpy.can_cast(x.dtype, self.dtype) and x.shape == self.shape
                    and numpy.all(x >= self.low) and numpy.all(x <= self.high))

    __contains__ = contains

    def __repr__(self) -> str:
        return "Box(%s, %s, %s, %s)" % (self.low, self.high, self.shape, self.dtype)


class MultiDiscrete:
    """One action 0..n-1 per game (as gymnasium.spaces.MultiDiscrete)."""

    def __init__(self, count: int, n: int) -> None:
        """`count` actions, each 0..n-1."""
        self.nvec = numpy.full(count, n, dtype=numpy.int64)
        self.shape: Tuple[int, ...] = (count,)

    def contains(self, x: Any) -> bool:
        """Whether x is an integer array of this shape with values 0..n-1."""
        if not isinstance(x, numpy.ndarray) or x.dtype.kind not in "iu":
            return False
        return bool(x.shape == self.shape and numpy.all(x >= 0) and numpy.all(x < self.nvec))

    __contains__ = contains

    def __repr__(self) -> str:
        return "MultiDiscrete(%d x %d)" % (self.shape[0], self.nvec[0] if len(self.nvec) else 0)


def single_spaces(size: int, n: int) -> Tuple[Any, Any]:
    """The observation and action space of one game."""
    if _gym_spaces is None:
        return (DictSpace({"observation": Box(-numpy.inf, numpy.inf, (size,), numpy.float32),
                           "action_mask": Box(0, 1, (n,), numpy.int8)}),
                Discrete(n))
    return (_gym_spaces.Dict({
        "observation": _gym_spaces.Box(-numpy.inf, numpy.inf, (size,), numpy.float32),
        "action_mask": _gym_spaces.Box(0, 1, (n,), numpy.int8)}),
        _gym_spaces.Discrete(n))


def batched_spaces(count: int, size: int, n: int) -> Tuple[Any, Any]:
    """The observation and action space of `count` games."""
    if _gym_vector is None:
        return (DictSpace({"observation": Box(-numpy.inf, numpy.inf, (count, size),
                                              numpy.float32),
                           "action_mask": Box(0, 1, (count, n), numpy.int8)}),
                MultiDiscrete(count, n))
    single_obs, single_act = single_spaces(size, n)
    batch = _gym_vector.utils.batch_space
    return batch(single_obs, count), batch(single_act, count)
