"""crown: Python binding for libcrown, a rules engine for royal card games.

A thin ctypes layer over the C library: every foreign function is fully
prototyped, every argument is checked before it reaches C, every non-zero
status becomes an exception carrying the library's message, and every handle
is released by `Game.close()` (or by leaving a `with` block, or by garbage
collection).

    import crown
    with crown.Game("game_of_kingdoms", "players=4", seed=7) as g:
        while not g.is_terminal():
            g.apply(g.legal_moves()[0])
        print(g.observation(crown.SPECTATOR))
        print(g.returns())

    with crown.Search(iterations=500) as s:  # the search plays every seat
        with crown.Game("game_of_kingdoms", "players=2", seed=7) as g:
            while not g.is_terminal():
                g.apply(s.run(g).move)

The API.  `crown.__all__` lists its names.  The module named beside a name
holds it too, the same object (crown.Game is crown.game.Game):

- Game (crown.game): a game, its options, seed, history and state; its
  moves, views, results, copies and saves.
- CHANCE, TERMINAL, SPECTATOR and OMNISCIENT (crown.game): the values that
  stand for no seat: what `Game.current_player()` returns at a chance node
  and at the end, and the viewers who know what every seat knows and who
  know everything.
- version(), games(), game_summary(), describe_options(), options()
  (crown.discovery): the library's version, its games and their options,
  before any game is made.
- Search, SearchResult and search() (crown.search): the library's search,
  information-set Monte Carlo tree search for the seat to move, with its
  parameters and the trees it keeps between runs; what a run found (the
  move, each legal move's visits and mean return, the visits as a policy
  over the moves and over the action indices); one run of a new search.
  (crown.search is the function: `from crown.search import Search`
  reaches the module.)
- CrownError and its subclasses, one for each status code (crown.errors).
- LegalMask, ObservationTensor and ActionPolicy: the types of
  `Game.legal_mask()`, `Game.observation_tensor()` and
  `SearchResult.action_policy()` (Types, below).
- library_path: the path of the library in use; `__version__`: this
  package's version (The library, below).

Three modules are imported by their own name (`import crown` does not
import them):

- crown.env: CrownEnv, a game as a PettingZoo AEC environment, and env(),
  it in PettingZoo's wrappers (standard library only; PettingZoo,
  Gymnasium and numpy when they import).
- crown.vector: VectorEnv, many games of one option set stepped by one call
  into numpy arrays, as a Gymnasium vector environment (needs numpy).
- crown.arena: fair tournaments between bots and self-play data (standard
  library only); `python3 -m crown.arena` is its command line.

Integers.  Moves are 32-bit signed integers (crown_move is int32_t), viewers
(a seat, SPECTATOR or OMNISCIENT) are C ints, seeds are 0..2**64-1.  Nothing
is wrapped or truncated: an integer out of its range raises
InvalidArgumentError (a ValueError), anything else that is not an integer
raises TypeError.  bool and float are refused; any object with `__index__`
(such as a numpy integer) is accepted.

Viewers.  `Game.observation(viewer)` has no default viewer: a bot must say
which seat it plays (OMNISCIENT, which sees every hidden card, has to be
asked for by name).

Types.  The package is typed (py.typed) and checked with mypy --strict.
`Game.legal_mask()` is a LegalMask, `Game.observation_tensor()` an
ObservationTensor and `SearchResult.action_policy()` an ActionPolicy: a
numpy array (int8, float32, float32) when numpy can be imported, else a
list (of ints, of floats); `isinstance(x, list)` tells them apart.
numpy stays optional for a type checker too (see crown/_arrays.py).

Copies and pickles.  `copy.copy(game)` and `copy.deepcopy(game)` are
`game.clone()`: an independent game with its own handle and the same options,
seed, history and state (undo works on it).  Pickling saves
`game.serialize()`, the versioned text that carries the game string, the seed
and every move, and loading replays it through `Game.deserialize`, so the
loaded game is an independent game with the whole history too.  A closed game
can be neither copied nor pickled (StateError).

Threads.  One Game may be shared between threads.  Each Game has a lock, and
every method holds it across its C calls and the reading of the library's
error message, so calls on one Game are serialized and an exception carries
the message of its own call.  `close()` takes the lock as well: it waits for
a call in progress, and every later call raises StateError ("the game is
closed").  Distinct games run in parallel (ctypes releases the GIL during C
calls).  A sequence of calls (legal_moves, then apply) is not atomic: guard
it with a lock of your own if other threads play on the same game.  A Search
has a lock of its own in the same way, and its run holds the game's lock
too, so that no thread changes the game searched during the run.

The library.  `__version__` is this package's version; the library must have
exactly that version (`crown_version_string()`).  The candidates, in order:

1. the CROWN_LIBRARY environment variable (a path).  When it is set it is the
   only candidate: if it cannot be loaded or has another version, importing
   crown fails with ImportError.  An explicit choice is never replaced by
   another library behind the user's back.
2. the library directory the package was installed with (_build_config.py),
3. the system's library search (ctypes.util.find_library),
4. plain "libcrown.so.1" (the dynamic loader's own search).

Without CROWN_LIBRARY the first candidate that loads and has this package's
version is used.  A candidate of another version is skipped, never used, and
the next one is tried; when none fits, importing crown fails with an
ImportError naming every candidate tried (the path and version of each one
that loaded), the package's version, and how to set CROWN_LIBRARY.
`library_path` is the path of the library in use.
"""

from ._arrays import ActionPolicy, LegalMask, ObservationTensor
from ._library import library_path
from ._version import __version__ as __version__
from .discovery import describe_options, game_summary, games, options, version
from .errors import (BufferTooSmallError, CrownError, IllegalMoveError, InternalError,
                     InvalidArgumentError, NothingToUndoError, OptionError, OutOfMemoryError,
                     ParseError, StateError, UnknownGameError)
from .game import CHANCE, OMNISCIENT, SPECTATOR, TERMINAL, Game
# Pickles made by crown 0.4.0 and before call crown._unpickle.
from .game import _unpickle as _unpickle
from .search import Search, SearchResult, search

__all__ = [
    "CHANCE", "TERMINAL", "SPECTATOR", "OMNISCIENT",
    "CrownError", "InvalidArgumentError", "OutOfMemoryError", "BufferTooSmallError",
    "UnknownGameError", "OptionError", "IllegalMoveError", "NothingToUndoError",
    "ParseError", "StateError", "InternalError",
    "Game", "games", "game_summary", "describe_options", "options", "version",
    "Search", "SearchResult", "search",
    "library_path", "LegalMask", "ObservationTensor", "ActionPolicy",
]
