# mypy: warn-unused-ignores=False
"""The seeds of a batch's episodes (crown.h "Episodes and seeds"): slot i's
k-th episode after a reset with `seed` is the game of E(seed, i, k) =
mix(mix(mix(seed) ^ i) ^ k), mix the splitmix64 finalizer; after a reset
with one seed per slot, E(seeds[i], 0, k).  Here in Python, for
VectorEnv's resets of some slots with one seed (slot_seeds), the seeds
given as an int or one per game (seed_array), and for replaying a batch
with one crown.Game per slot (episode_seed)."""

from typing import TYPE_CHECKING, Any

import numpy  # type: ignore[import]

from ..errors import InvalidArgumentError
from .._convert import _integer, _SEED_RANGE

if TYPE_CHECKING:
    from typing import TypeAlias

    import numpy.typing  # type: ignore[import]

    U64s: TypeAlias = numpy.typing.NDArray[numpy.uint64]
else:
    U64s = Any

_MASK = 2**64 - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1, _M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_M1_INVERSE, _M2_INVERSE = pow(_M1, -1, 2**64), pow(_M2, -1, 2**64)


def mix(z: int) -> int:
    """The splitmix64 finalizer of z (modulo 2**64)."""
    z = (z + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


def episode_seed(seed: int, index: int, episode: int) -> int:
    """E(seed, index, episode): the seed of slot `index`'s episode
    `episode` (0, 1, ...) after a reset with `seed`."""
    return mix(mix(mix(seed) ^ index) ^ episode)


def _unshift(y: U64s, s: int) -> U64s:
    """The x of y = x ^ (x >> s), elementwise."""
    x = y.copy()
    for _ in range(64 // s):
        x = y ^ (x >> numpy.uint64(s))
    return x


def _unmix(z: U64s) -> U64s:
    """The x of mix(x) = z, elementwise (mix is a bijection of the 64-bit
    integers: each of its steps is)."""
    z = _unshift(z, 31) * numpy.uint64(_M2_INVERSE)
    z = _unshift(z, 27) * numpy.uint64(_M1_INVERSE)
    z = _unshift(z, 30) - numpy.uint64(_GOLDEN)
    return z


def slot_seeds(seed: int, indices: Any) -> U64s:
    """For each slot i of `indices`, the seed s of its own (crown_batch_reset_seeds'
    and crown_batch_reset_masked's) with E(s, 0, k) = E(seed, i, k) for
    every k: a slot reset with s plays what a reset of every slot with
    `seed` gives it (s = mix^-1(mix(seed) ^ i))."""
    with numpy.errstate(over="ignore"):
        return _unmix(numpy.uint64(mix(seed)) ^ numpy.asarray(indices, dtype=numpy.uint64))


def seed_array(seeds: Any, count: int) -> U64s:
    """One seed per game, `count` of them (a sequence or a numpy array of
    integers 0..2**64-1), as the uint64 array the library reads.
    InvalidArgumentError for a wrong length or value (None included: give
    every game a seed, or seed=None), TypeError for a wrong type."""
    if isinstance(seeds, numpy.ndarray) and seeds.dtype.kind in "iu":
        if seeds.shape != (count,):
            raise InvalidArgumentError("seed must be one seed per game, of shape (%d,), not %s"
                                       % (count, seeds.shape))
        if seeds.dtype.kind == "i" and seeds.size and int(seeds.min()) < 0:
            raise InvalidArgumentError("seed %d of game %d is not within 0..2**64-1"
                                       % (int(seeds.min()), int(numpy.argmin(seeds))))
        return numpy.ascontiguousarray(seeds, dtype=numpy.uint64)
    values = list(seeds)
    if len(values) != count:
        raise InvalidArgumentError("seed must be one seed per game (%d), not %d"
                                   % (count, len(values)))
    for i, value in enumerate(values):
        if value is None:
            raise InvalidArgumentError("game %d's seed is None: give every game a seed, or "
                                       "seed=None to go on from each game's own" % i)
        values[i] = _integer(value, "game %d's seed" % i, _SEED_RANGE)
    return numpy.array(values, dtype=numpy.uint64)
