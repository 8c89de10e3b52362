"""The library's search (crown.h "Search, for bots"): Search, a search with
its parameters and its trees; SearchResult, what one run found; and
search(), one run of a new search.  They are crown's own names too
(crown.Search is this module's Search).  The function crown.search hides
this module as an attribute of crown: reach the module by `from
crown.search import Search, SearchResult, search`.

A thin layer over the C calls: the parameters go to the library as their
text and the library checks them (an OptionError with its message), and
every number of a result is the library's.  The search came with libcrown
0.6.0; this package loads only a libcrown of its own version, which has it,
so an older library (or one without the search's functions) is refused when
crown is imported, by an ImportError naming the version needed."""

import ctypes
import threading
from dataclasses import dataclass
from typing import List, Optional

from ._arrays import ActionPolicy, float32_vector
from ._convert import (_SEED_RANGE, _decode, _enc, _Integer, _integer, _ParamValue,
                       _params_text, _text_call)
from ._library import _lib
from ._prototypes import _move, _search_p, _u64
from .errors import _ETOOSMALL, StateError, _error
from .game import Game

__all__ = ["Search", "SearchResult", "search"]


@dataclass(frozen=True)
class SearchResult:
    """What a run found (crown_search_stats and crown_search_totals).

    `move` is the move chosen, the root's most visited.  `moves` are the
    legal moves of the position searched, ascending (as
    Game.legal_moves()), and `visits[i]` and `means[i]` are those of
    `moves[i]`: the iterations that chose it at the root (with a tree kept
    from earlier runs, its visits there too) and the searching seat's mean
    return over them (0 when unvisited).  `iterations` is the run's
    iterations (all threads; 0 for a position with one legal move),
    `seconds` its wall-clock time, `nodes` the nodes of its trees.
    `policy` is the visits normalized, the policy a self-play trainer
    learns; `action_policy(game)` the same over the game's action indices."""

    move: int
    moves: List[int]
    visits: List[int]
    means: List[float]
    iterations: int
    seconds: float
    nodes: int

    @property
    def policy(self) -> List[float]:
        """visits / sum(visits), one a legal move as `moves`; uniform when
        no move was visited (a position with one legal move)."""
        total = sum(self.visits)
        if total == 0:
            return [1.0 / len(self.moves)] * len(self.moves)
        return [v / total for v in self.visits]

    def action_policy(self, game: Game) -> "ActionPolicy":  # (a name, not its Union, in help())
        """`policy` over the dense action index of `game` (the game
        searched, or one of the same game and options such as a
        determinization of it; docs/actions.md): num_distinct_moves entries,
        0 but at the legal moves' indices (Game.move_index), as a numpy
        float32 array when numpy can be imported, else a list of floats (the
        type crown.ActionPolicy says so).  Its nonzero entries are where
        game.legal_mask() has 1s when `game` is at the position searched."""
        if not isinstance(game, Game):
            raise TypeError("action_policy takes a crown.Game, not %s" % type(game).__name__)
        n = game.num_distinct_moves
        out = (ctypes.c_float * max(n, 1))()
        for move, p in zip(self.moves, self.policy):
            out[game.move_index(move)] = p
        return float32_vector(out, n)


class Search:
    """A search of the library: its parameters and the trees it keeps from
    one run to the next (crown.h "Search, for bots").

        with crown.Search(iterations=2000) as s:
            while not g.is_terminal():
                g.apply(s.run(g).move)

    The parameters, as crown.h names them (its text gives their ranges and
    defaults; Search().params shows every value):

    - iterations: the most iterations of a run (0: no limit);
    - time: the longest a run may take, in seconds, wall-clock (0: no limit);
    - threads: the threads of a run (0: one per processor);
    - exploration: UCB's constant;
    - determinizations: each thread's pool of determinizations (0: a new
      one each iteration);
    - playout: "uniform" or "rule" (the game's cheap rule where it has one);
    - reuse: keep the tree where the next run's game went on from the
      position searched (True or False, 1 or 0);
    - nodes: the most nodes of a thread's tree.

    One Search may be used from several threads: its calls are serialized
    by a lock, and `close()` waits for a run in progress (later calls raise
    StateError).  A run also holds the lock of the game it searches, so no
    thread changes that game meanwhile.  A Search cannot be copied or
    pickled (its trees live in the library): make another with
    crown.Search(s.params).
    """

    # The handle, None until __init__ succeeds and after close() (the
    # class's None, as Game's).  (Type comments, not annotations: help()
    # shows a class's __annotations__.)  The lock, _lock, comes with the
    # first handle; _runs counts the runs since the handle or reset().
    _h = None  # type: Optional[ctypes.c_void_p]
    _closing = False
    _runs = 0

    def __init__(self, params: Optional[str] = None, /, **keywords: _ParamValue) -> None:
        """A search with `params` ("key=value,..." as crown.h gives them;
        None or "": every default), the keyword parameters after it, such
        as Search(time=0.05, threads=2) or Search("iterations=500",
        reuse=False).  A parameter the library refuses (unknown, repeated,
        malformed, out of range) raises OptionError with its message.

        Calling __init__ again replaces the search: the new one is made
        first, then the old one released."""
        text = _params_text(_enc(params, "params").decode() if params is not None else "",
                            keywords)
        handle = _search_p()
        err = ctypes.create_string_buffer(256)
        status = _lib.crown_search_new(ctypes.byref(handle), _enc(text, "params"), err,
                                       len(err))
        if status:
            raise _error(status, _decode(err.value))
        if not hasattr(self, "_lock"):
            self._lock = threading.RLock()
        with self._lock:
            old, self._h, self._closing, self._runs = self._h, handle, False, 0
            if old:
                _lib.crown_search_free(old)

    # -- life cycle

    def close(self) -> None:
        """Releases the search and its trees; calls raise StateError
        afterwards.  Waits for a run in progress in another thread.
        Closing twice is fine."""
        lock = getattr(self, "_lock", None)
        if lock is None:  # no handle was ever taken
            return
        self._closing = True
        with lock:
            h, self._h = self._h, None
            if h:
                _lib.crown_search_free(h)

    # crown_search_free, bound at definition: at interpreter shutdown the
    # module's globals may already be gone when __del__ runs.
    _free = _lib.crown_search_free

    def __del__(self) -> None:
        # Nobody else can be inside a call (they would hold a reference).
        h = self._h
        if h:
            self._h = None
            self._free(h)

    def __enter__(self) -> "Search":
        return self

    def __exit__(self, *exc: object) -> None:
        """Closes the search; an exception in the block goes on."""
        self.close()

    def __reduce__(self) -> str:
        raise TypeError("a crown.Search cannot be copied or pickled (its trees live in the "
                        "library): make another with crown.Search(search.params)")

    # -- calls (each holds the lock)

    def _handle(self) -> ctypes.c_void_p:
        h = self._h
        if not h or self._closing:
            raise StateError("the search is closed", -9)
        return h

    def _check(self, status: int) -> None:
        # The lock is held since the call, so the message is that call's.
        if status:
            raise _error(status, _decode(_lib.crown_search_last_error(self._h)))

    @property
    def params(self) -> str:
        """Every parameter in canonical form, in crown.h's order
        ("iterations=1000,time=0,threads=1,..."): Search(s.params) is a
        search of the same parameters."""
        with self._lock:
            status, text = _text_call(_lib.crown_search_params, self._handle())
            self._check(status)
        return text

    def run(self, game: Game, seed: Optional[_Integer] = None) -> SearchResult:
        """Searches the position of `game` for its player to move and
        returns what it found; the game is not changed.  `seed`
        (0..2**64-1) seeds the run's determinizations and draws; by default
        it is the number of runs this search made since it was made or
        reset (0 for the first, then 1, 2, ...), so a sequence of runs
        repeats from the start.  With one thread and no time limit the same
        game, seed, parameters and earlier runs give the same result.

        The search reads what the seat to move knows only (the hidden cards
        are dealt again for each determinization), so the real game may be
        given.  A game that is over or at a chance node raises StateError;
        every failure raises the error of its status with the library's
        message, and leaves the game as it was."""
        if not isinstance(game, Game):
            raise TypeError("run takes a crown.Game, not %s" % type(game).__name__)
        with self._lock:
            h = self._handle()
            seed = _integer(self._runs if seed is None else seed, "seed", _SEED_RANGE)
            move = _move()
            with game._lock:
                status = _lib.crown_search_run(h, game._handle(), _u64(seed),
                                               ctypes.byref(move))
            self._check(status)
            self._runs += 1
            count = ctypes.c_size_t()
            status = _lib.crown_search_stats(h, None, None, None, 0, ctypes.byref(count))
            if status not in (0, _ETOOSMALL):
                self._check(status)
            n = count.value
            moves, visits = (_move * max(n, 1))(), (ctypes.c_uint64 * max(n, 1))()
            means = (ctypes.c_double * max(n, 1))()
            self._check(_lib.crown_search_stats(h, moves, visits, means, n,
                                                ctypes.byref(count)))
            iterations, nodes = ctypes.c_uint64(), ctypes.c_uint64()
            seconds = ctypes.c_double()
            self._check(_lib.crown_search_totals(h, ctypes.byref(iterations),
                                                 ctypes.byref(seconds), ctypes.byref(nodes)))
        return SearchResult(move.value, list(moves[:n]), list(visits[:n]), list(means[:n]),
                            iterations.value, seconds.value, nodes.value)

    def reset(self) -> None:
        """Drops the trees: the next run starts from nothing, as the first
        did (and its default seed is 0 again)."""
        with self._lock:
            self._check(_lib.crown_search_reset(self._handle()))
            self._runs = 0

    def __repr__(self) -> str:
        with self._lock:
            if not self._h or self._closing:
                return "<crown.Search closed>"
            return "<crown.Search %s>" % self.params


def search(game: Game, seed: Optional[_Integer] = None, params: Optional[str] = None,
           **keywords: _ParamValue) -> SearchResult:
    """One run of a new search, released after it: Search(params,
    **keywords).run(game, seed).  crown.search(g, iterations=500).move is
    the move it chose.  The default seed is a new search's first, 0."""
    with Search(params, **keywords) as s:
        return s.run(game, seed)
