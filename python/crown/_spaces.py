"""The spaces of crown.env: Gymnasium's when it imports (with numpy), else
small stand-ins with the same attributes (Discrete, Box, DictSpace), so that
crown.env needs nothing but the standard library."""

import importlib
import random as _random
from typing import Any, Dict, Iterable, List, Optional, Tuple

__all__ = ["Discrete", "Box", "DictSpace"]


class Discrete:
    """The actions 0..n-1 (as gymnasium.spaces.Discrete)."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        """The space of n actions; `seed` seeds sample()."""
        self.n = n
        self.shape: Tuple[int, ...] = ()
        self._rng = _random.Random(seed)

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        """Seeds sample() (as Gymnasium's spaces)."""
        self._rng.seed(seed)
        return [seed]

    def sample(self, mask: Optional[Iterable[object]] = None) -> int:
        """A uniform action, or one of those where mask is 1."""
        if mask is None:
            return self._rng.randrange(self.n)
        allowed = [i for i, ok in enumerate(mask) if ok]
        if not allowed:
            raise ValueError("the mask allows no action")
        return self._rng.choice(allowed)

    def contains(self, x: Any) -> bool:
        """Whether x is an integer in 0..n-1."""
        try:
            return 0 <= int(x) < self.n and int(x) == x
        except (TypeError, ValueError):
            return False

    __contains__ = contains

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n


class Box:
    """A vector of `shape` values in [low, high] (as gymnasium.spaces.Box)."""

    def __init__(self, low: float, high: float, shape: Tuple[int, ...], dtype: str) -> None:
        """Values in [low, high], `shape` of them, of the numpy type named `dtype`."""
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        """Nothing to seed (a Box is not sampled here); as Gymnasium's spaces."""
        return [seed]

    def contains(self, x: Any) -> bool:
        """Whether x is a sequence of shape[0] values in [low, high]."""
        try:
            values = x.tolist() if hasattr(x, "tolist") else list(x)  # (numpy: fast)
            return (len(values) == self.shape[0]
                    and (not values or (self.low <= min(values) and max(values) <= self.high)))
        except (TypeError, ValueError):
            return False

    __contains__ = contains

    def __repr__(self) -> str:
        return "Box(%s, %s, %s, %s)" % (self.low, self.high, self.shape, self.dtype)


class DictSpace:
    """Named spaces (as gymnasium.spaces.Dict)."""

    def __init__(self, spaces: Dict[str, Any]) -> None:
        """The spaces by name."""
        self.spaces = spaces

    def __getitem__(self, key: str) -> Any:
        """The space named `key`."""
        return self.spaces[key]

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        """Seeds each space (as Gymnasium's Dict)."""
        for space in self.spaces.values():
            space.seed(seed)
        return [seed]

    def contains(self, x: Any) -> bool:
        """Whether x is a dict with exactly these names, each value in its space."""
        return (isinstance(x, dict) and set(x) == set(self.spaces)
                and all(self.spaces[k].contains(v) for k, v in x.items()))

    __contains__ = contains

    def __repr__(self) -> str:
        return "Dict(%r)" % self.spaces


def _gymnasium_spaces() -> Any:
    """gymnasium.spaces, or None where Gymnasium (or numpy) cannot be
    imported.  Optional, so imported by name (Any to a type checker)."""
    try:
        importlib.import_module("numpy")
        return importlib.import_module("gymnasium.spaces")
    except ImportError:
        return None


def _spaces(size: int, n: int) -> Tuple[Any, Any]:
    """An agent's observation space and action space: Gymnasium's when
    Gymnasium can be imported, else the stand-ins above."""
    spaces = _gymnasium_spaces()
    if spaces is None:
        return (DictSpace({"observation": Box(float("-inf"), float("inf"), (size,), "float32"),
                           "action_mask": Box(0, 1, (n,), "int8")}),
                Discrete(n))
    numpy = importlib.import_module("numpy")
    obs = spaces.Dict({
        "observation": spaces.Box(-numpy.inf, numpy.inf, (size,), numpy.float32),
        "action_mask": spaces.Box(0, 1, (n,), numpy.int8),
    })
    return obs, spaces.Discrete(n)


def _state_space(size: int) -> Any:
    """The space of CrownEnv.state(): a Box of `size` float32 values."""
    spaces = _gymnasium_spaces()
    if spaces is None:
        return Box(float("-inf"), float("inf"), (size,), "float32")
    numpy = importlib.import_module("numpy")
    return spaces.Box(-numpy.inf, numpy.inf, (size,), numpy.float32)
