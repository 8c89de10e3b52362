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
`Game.legal_mask()` is a LegalMask and `Game.observation_tensor()` an
ObservationTensor: a numpy array (uint8, float32) when numpy can be imported,
else a list (of ints, of floats); `isinstance(x, list)` tells them apart.
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
it with a lock of your own if other threads play on the same game.

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

import ctypes
import ctypes.util
import importlib
import json
import operator
import os
import threading
from typing import (Any, Callable, Dict, Iterable, Iterator, List, Optional, SupportsIndex,
                    Tuple, Type, Union)

from ._arrays import LegalMask, ObservationTensor, float32_vector, uint8_vector

__version__ = "0.4.0"

__all__ = [
    "CHANCE", "TERMINAL", "SPECTATOR", "OMNISCIENT",
    "CrownError", "InvalidArgumentError", "OutOfMemoryError", "BufferTooSmallError",
    "UnknownGameError", "OptionError", "IllegalMoveError", "NothingToUndoError",
    "ParseError", "StateError", "InternalError",
    "Game", "games", "game_summary", "describe_options", "options", "version",
    "library_path", "LegalMask", "ObservationTensor",
]

CHANCE = -1
TERMINAL = -2
SPECTATOR = -3
OMNISCIENT = -4


class CrownError(Exception):
    """A libcrown call failed: the base of every exception the library's
    errors raise (each one raises a subclass below).  `str(error)` is the
    library's message; `status` is its negative status code (CROWN_E* in
    crown.h), None only for a CrownError made without one."""

    status: Optional[int] = None

    def __init__(self, message: str, status: Optional[int] = None) -> None:
        """The error with its readable `message` and, if given, its `status`
        (otherwise the class's own)."""
        super().__init__(message)
        if status is not None:
            self.status = status


class InvalidArgumentError(CrownError, ValueError):
    """An argument is invalid: a NULL where a value is needed, a seat or index
    out of range (CROWN_EINVAL)."""

    status = -1


class OutOfMemoryError(CrownError, MemoryError):
    """The library could not allocate memory; the game is unchanged (CROWN_ENOMEM)."""

    status = -2


class BufferTooSmallError(CrownError):
    """A buffer was too small for the result (CROWN_ETOOSMALL); the binding
    retries with a larger one, so a caller rarely sees it."""

    status = -3


class UnknownGameError(CrownError, ValueError):
    """No game has that name (CROWN_EGAME)."""

    status = -4


class OptionError(CrownError, ValueError):
    """An option name or value is unknown or out of range (CROWN_EOPTION)."""

    status = -5


class IllegalMoveError(CrownError, ValueError):
    """The move is not legal in this state, or the text names no legal move (CROWN_EILLEGAL)."""

    status = -6


class NothingToUndoError(CrownError):
    """undo() at the start of the history (CROWN_ENOUNDO)."""

    status = -7


class ParseError(CrownError, ValueError):
    """A text (a saved game, a move) could not be read (CROWN_EPARSE)."""

    status = -8


class StateError(CrownError):
    """The call does not fit the state: the game is over, a chance node, or the
    handle is closed (CROWN_ESTATE)."""

    status = -9


class InternalError(CrownError):
    """A bug in libcrown; please report it with the saved game (CROWN_EINTERNAL)."""

    status = -10


_ERRORS: Dict[Optional[int], Type[CrownError]] = {cls.status: cls for cls in (
    InvalidArgumentError, OutOfMemoryError, BufferTooSmallError, UnknownGameError,
    OptionError, IllegalMoveError, NothingToUndoError, ParseError, StateError,
    InternalError)}

_ETOOSMALL = -3


def _error(status: int, message: str) -> CrownError:
    cls = _ERRORS.get(status, CrownError)
    return cls(message, status)


# ---- loading ---------------------------------------------------------------

def _candidates() -> Iterator[Tuple[str, bool]]:
    """(path, explicit) pairs, in the order they are tried."""
    env = os.environ.get("CROWN_LIBRARY")
    if env:
        yield env, True
        return
    # _build_config.py is written by Meson at install (a package installed
    # by pip, or the source tree, has none): imported by name, so that the
    # code type-checks either way.
    try:
        libdir = str(importlib.import_module(__name__ + "._build_config").LIBDIR)
    except (ImportError, AttributeError):
        pass
    else:
        yield os.path.join(libdir, "libcrown.so.1"), False
    found = ctypes.util.find_library("crown")
    if found:
        yield found, False
    yield "libcrown.so.1", False


class _DlInfo(ctypes.Structure):
    _fields_ = [("dli_fname", ctypes.c_char_p), ("dli_fbase", ctypes.c_void_p),
                ("dli_sname", ctypes.c_char_p), ("dli_saddr", ctypes.c_void_p)]


# A foreign function of a loaded library (its ctypes type is private).
_Function = Any


def _loaded_path(fn: _Function, name: str) -> str:
    """The file a loaded function comes from (dladdr), else `name`."""
    try:
        dladdr = ctypes.CDLL(None).dladdr
        dladdr.argtypes = [ctypes.c_void_p, ctypes.POINTER(_DlInfo)]
        dladdr.restype = ctypes.c_int
        info = _DlInfo()
        if dladdr(ctypes.cast(fn, ctypes.c_void_p), ctypes.byref(info)) and info.dli_fname:
            return os.fsdecode(info.dli_fname)
    except Exception:  # no dladdr on this platform, or not a C function
        pass
    return name


def _library_version(lib: ctypes.CDLL) -> Tuple[Optional[str], Optional[_Function]]:
    """The version a loaded library reports and its crown_version_string,
    or (None, None) if it has no crown_version_string."""
    try:
        fn = lib.crown_version_string
    except AttributeError:
        return None, None
    fn.restype = ctypes.c_char_p
    fn.argtypes = []
    v: Optional[bytes] = fn()
    return (v.decode("utf-8", "replace") if v is not None else None), fn


def _load(candidates: Optional[Iterable[Tuple[str, bool]]] = None,
          opener: Callable[[str], ctypes.CDLL] = ctypes.CDLL) -> Tuple[ctypes.CDLL, str]:
    """The first fitting library and its path (see the module docstring)."""
    if candidates is None:
        candidates = _candidates()
    tried = []
    for name, explicit in candidates:
        try:
            lib = opener(name)
        except OSError as e:
            tried.append("%s: cannot be loaded (%s)" % (name, e))
        else:
            found, fn = _library_version(lib)
            path = _loaded_path(fn, name) if fn is not None else name
            if found == __version__:
                return lib, path
            if found is None:
                tried.append("%s: loaded, but it is not libcrown (no crown_version_string)"
                             % path)
            else:
                tried.append("%s: loaded libcrown version %s, but this crown package is "
                             "version %s" % (path, found, __version__))
        if explicit:
            break
    raise ImportError(
        "crown %s found no libcrown %s: %s. Set CROWN_LIBRARY to the path of a "
        "libcrown.so.1 of version %s (in a build tree: CROWN_LIBRARY=build/lib/libcrown.so.1)"
        % (__version__, __version__, "; ".join(tried), __version__))


_lib, library_path = _load()

_game_p = ctypes.c_void_p
_batch_p = ctypes.c_void_p
_int_p = ctypes.POINTER(ctypes.c_int)
_size_p = ctypes.POINTER(ctypes.c_size_t)
_u64 = ctypes.c_uint64
_u64_p = ctypes.POINTER(ctypes.c_uint64)
_move = ctypes.c_int32
_move_p = ctypes.POINTER(ctypes.c_int32)
_double_p = ctypes.POINTER(ctypes.c_double)
_char_p = ctypes.c_char_p
_buf = ctypes.c_char_p  # caller buffers are passed as create_string_buffer
_size = ctypes.c_size_t
_int = ctypes.c_int

# Every function of crown.h: name -> (restype, argtypes).
PROTOTYPES = {
    "crown_version": (_int, []),
    "crown_version_string": (_char_p, []),
    "crown_strerror": (_char_p, [_int]),
    "crown_game_count": (_size, []),
    "crown_game_name": (_char_p, [_size]),
    "crown_game_summary": (_char_p, [_char_p]),
    "crown_describe_options": (_int, [_char_p, ctypes.c_void_p, _size, _size_p]),
    "crown_options_json": (_int, [_char_p, ctypes.c_void_p, _size, _size_p]),
    "crown_new": (_int, [ctypes.POINTER(_game_p), _char_p, _char_p, _u64]),
    "crown_new_ex": (_int, [ctypes.POINTER(_game_p), _char_p, _char_p, _u64,
                            ctypes.c_void_p, _size]),
    "crown_clone": (_int, [ctypes.POINTER(_game_p), _game_p]),
    "crown_copy": (_int, [_game_p, _game_p]),
    "crown_free": (None, [_game_p]),
    "crown_last_error": (_char_p, [_game_p]),
    "crown_name": (_char_p, [_game_p]),
    "crown_game_string": (_int, [_game_p, ctypes.c_void_p, _size, _size_p]),
    "crown_seed": (_int, [_game_p, _u64_p]),
    "crown_num_players": (_int, [_game_p, _int_p]),
    "crown_current_player": (_int, [_game_p, _int_p]),
    "crown_is_terminal": (_int, [_game_p, _int_p]),
    "crown_max_moves": (_int, [_game_p, _size_p]),
    "crown_legal_moves": (_int, [_game_p, _move_p, _size, _size_p]),
    "crown_num_distinct_moves": (_int, [_game_p, _size_p]),
    "crown_move_index": (_int, [_game_p, _move, _size_p]),
    "crown_index_move": (_int, [_game_p, _size, _move_p]),
    "crown_move_json": (_int, [_game_p, _move, ctypes.c_void_p, _size, _size_p]),
    "crown_legal_mask": (_int, [_game_p, ctypes.c_void_p, _size, _size_p]),
    "crown_apply": (_int, [_game_p, _move]),
    "crown_undo": (_int, [_game_p]),
    "crown_history_length": (_int, [_game_p, _size_p]),
    "crown_undo_depth": (_int, [_game_p, _size_p]),
    "crown_history": (_int, [_game_p, _move_p, _size, _size_p]),
    "crown_history_text": (_int, [_game_p, _size, _int, ctypes.c_void_p, _size, _size_p]),
    "crown_history_player": (_int, [_game_p, _size, _int_p]),
    "crown_chance_outcomes": (_int, [_game_p, _move_p, _double_p, _size, _size_p]),
    "crown_move_to_text": (_int, [_game_p, _move, ctypes.c_void_p, _size, _size_p]),
    "crown_move_from_text": (_int, [_game_p, _char_p, _move_p]),
    "crown_observation": (_int, [_game_p, _int, ctypes.c_void_p, _size, _size_p]),
    "crown_observation_json": (_int, [_game_p, _int, ctypes.c_void_p, _size, _size_p]),
    "crown_observation_shape": (_int, [_game_p, _size_p, _size, _size_p]),
    "crown_observation_layout": (_int, [_game_p, ctypes.c_void_p, _size, _size_p]),
    "crown_observation_tensor": (_int, [_game_p, _int, ctypes.POINTER(ctypes.c_float), _size,
                                        _size_p]),
    "crown_returns": (_int, [_game_p, _double_p, _size, _size_p]),
    "crown_scores": (_int, [_game_p, _double_p, _size, _size_p]),
    "crown_state_hash": (_int, [_game_p, _u64_p]),
    "crown_serialize": (_int, [_game_p, ctypes.c_void_p, _size, _size_p]),
    "crown_deserialize": (_int, [ctypes.POINTER(_game_p), _char_p]),
    "crown_deserialize_ex": (_int, [ctypes.POINTER(_game_p), _char_p, ctypes.c_void_p, _size]),
    "crown_resample": (_int, [_game_p, _int, _u64, ctypes.POINTER(_game_p)]),
    "crown_playout": (_int, [_game_p, _u64, _double_p, _size, _size_p]),
    "crown_playouts": (_int, [_game_p, _u64, _size, _double_p, _size, _size_p]),
    # Batches (crown.vector); arrays are passed as addresses (c_void_p).
    "crown_batch_new": (_int, [ctypes.POINTER(_batch_p), _char_p, _char_p, _size, _u64, _size,
                               ctypes.c_void_p, _size]),
    "crown_batch_free": (None, [_batch_p]),
    "crown_batch_last_error": (_char_p, [_batch_p]),
    "crown_batch_size": (_int, [_batch_p, _size_p]),
    "crown_batch_num_players": (_int, [_batch_p, _int_p]),
    "crown_batch_num_actions": (_int, [_batch_p, _size_p]),
    "crown_batch_observation_size": (_int, [_batch_p, _size_p]),
    "crown_batch_bind": (_int, [_batch_p] + [ctypes.c_void_p] * 6),
    "crown_batch_reset": (_int, [_batch_p, _u64]),
    "crown_batch_step": (_int, [_batch_p, ctypes.c_void_p]),
    "crown_batch_game": (_int, [_batch_p, _size, ctypes.POINTER(_game_p)]),
}

for _name, (_res, _args) in PROTOTYPES.items():
    try:
        _fn = getattr(_lib, _name)
    except AttributeError:
        raise ImportError("%s (libcrown %s) does not export %s"
                          % (library_path, __version__, _name)) from None
    _fn.restype = _res
    _fn.argtypes = _args


def _enc(text: str, what: str) -> bytes:
    if not isinstance(text, str):
        raise TypeError("%s must be a str, not %s" % (what, type(text).__name__))
    data = text.encode("utf-8")
    if b"\0" in data:
        raise InvalidArgumentError("%s contains a NUL character" % what)
    return data


# An integer argument (a move, a seat, a seed, ...): an int or any object with
# __index__, such as a numpy integer (bool is refused at run time).
_Integer = Union[int, SupportsIndex]

_MOVE_RANGE = (-2**31, 2**31 - 1)                      # crown_move: int32_t
_INT_BITS = 8 * ctypes.sizeof(ctypes.c_int)
_VIEWER_RANGE = (-2**(_INT_BITS - 1), 2**(_INT_BITS - 1) - 1)  # C int
_SEED_RANGE = (0, 2**64 - 1)                              # uint64_t
_INDEX_RANGE = (0, 2**(8 * ctypes.sizeof(ctypes.c_size_t)) - 1)  # size_t


def _integer(value: _Integer, what: str, bounds: Tuple[int, int]) -> int:
    """`value` as an int within `bounds`, or TypeError / InvalidArgumentError.

    bool and float are refused; objects with __index__ are accepted."""
    if isinstance(value, bool):
        raise TypeError("%s must be an int, not bool" % what)
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__)) from None
    lo, hi = bounds
    if not lo <= v <= hi:
        raise InvalidArgumentError("%s %d is out of range (%d..%d)" % (what, v, lo, hi), -1)
    return v


def _text_call(fn: _Function, *args: Any) -> Tuple[int, str]:
    """Calls a (…, buf, cap, &len) function twice: size, then text.  The
    status and the text ("" when the status is not 0)."""
    n = ctypes.c_size_t()
    status: int = fn(*args, None, 0, ctypes.byref(n))
    if status not in (0, _ETOOSMALL):
        return status, ""
    buf = ctypes.create_string_buffer(n.value + 1)
    status = fn(*args, buf, n.value + 1, ctypes.byref(n))
    return status, buf.value.decode("utf-8") if status == 0 else ""


# ---- module functions ------------------------------------------------------

def _decode(text: bytes) -> str:
    """A C string the library returns (a c_char_p result) as str."""
    return text.decode("utf-8", "replace")


def _json_object(text: str) -> Dict[str, Any]:
    """A JSON object the library wrote, parsed."""
    value: Dict[str, Any] = json.loads(text)
    return value


def version() -> str:
    """The loaded library's version, such as "0.3.0"."""
    return _decode(_lib.crown_version_string())


def games() -> List[str]:
    """The names of the games the library implements."""
    return [_decode(_lib.crown_game_name(i)) for i in range(_lib.crown_game_count())]


def game_summary(name: str) -> str:
    """A one-line summary of a game."""
    s: Optional[bytes] = _lib.crown_game_summary(_enc(name, "name"))
    if s is None:
        raise UnknownGameError("unknown game %r (games: %s)" % (name, ", ".join(games())), -4)
    return _decode(s)


def describe_options(name: str) -> str:
    """The options of a game, one per line."""
    status, text = _text_call(_lib.crown_describe_options, _enc(name, "name"))
    if status:
        raise _error(status, "%s: %s" % (name, _decode(_lib.crown_strerror(status))))
    return text


def options(name: str) -> List[Dict[str, Any]]:
    """The options of a game as data: a list of dicts, one per option, with
    "name", "kind" ("int", "enum" or "text"), "default" and "help", and "min"
    and "max" (int) or "choices" (enum).  The same options as
    describe_options, in its order."""
    status, text = _text_call(_lib.crown_options_json, _enc(name, "name"))
    if status:
        raise _error(status, "%s: %s" % (name, _decode(_lib.crown_strerror(status))))
    result: List[Dict[str, Any]] = json.loads(text)
    return result


# What an option given as a keyword may be: True and False stand for "on"
# and "off", an integer (or any object with __index__) for its digits.
_OptionValue = Union[_Integer, str]


def _options_text(options: str, keywords: Dict[str, _OptionValue]) -> str:
    """`options` ("key=value,...") followed by the keyword options."""
    parts = [options] if options else []
    for key, value in keywords.items():
        if isinstance(value, bool):
            value = "on" if value else "off"
        elif not isinstance(value, str):
            try:
                value = str(operator.index(value))  # int, numpy integers...
            except TypeError:
                raise TypeError("option %s must be an int, a bool or a str, not %s"
                                % (key, type(value).__name__)) from None
        if "," in value or "=" in value:
            raise InvalidArgumentError("option %s: %r holds ',' or '='" % (key, value), -1)
        parts.append("%s=%s" % (key, value))
    return ",".join(parts)


# ---- games -----------------------------------------------------------------

class Game:
    """A game: options, seed, history and state.

    Moves are int32 integers (see the game's notes in docs/); `apply` also
    takes a move's text.  Views take the viewer explicitly (a seat,
    SPECTATOR or OMNISCIENT).  Use `with Game(...) as g:` or call `close()`.

    copy.copy and copy.deepcopy give `clone()`, an independent game; pickling
    saves `serialize()` and loading replays it.  One Game may be used from
    several threads: its calls are serialized by a lock, and `close()` waits
    for a call in progress (later calls raise StateError).
    """

    # The handle, None until __init__ succeeds (the class's None, so that
    # close() and __del__ work on a game whose __init__ failed) and after
    # close().  (Type comments, not annotations: help(Game) shows a class's
    # __annotations__.)  The lock, _lock, is made with the first handle.
    _h = None  # type: Optional[ctypes.c_void_p]
    _closing = False  # close() was called: calls fail without waiting

    def __init__(self, name: str, options: str = "", seed: _Integer = 0,
                 **keywords: _OptionValue) -> None:
        """Creates the game `name` with `options` ("key=value,...") and `seed`
        (0..2**64-1).  Options may also be given as keywords, such as
        Game("game_of_kingdoms", players=4, variant="ruthless"); True and
        False stand for "on" and "off" (crown.options(name) lists them).

        Calling __init__ again on a Game replaces its game: the new one is
        created first, then the old handle is released (a failure leaves the
        old game in place)."""
        if keywords:
            options = _options_text(_enc(options, "options").decode(), keywords)
        name_b, options_b = _enc(name, "name"), _enc(options, "options")
        seed = _integer(seed, "seed", _SEED_RANGE)
        handle = _game_p()
        err = ctypes.create_string_buffer(256)
        status = _lib.crown_new_ex(ctypes.byref(handle), name_b, options_b, _u64(seed),
                                   err, len(err))
        if status:
            raise _error(status, _decode(err.value))
        self._take(handle)

    def _take(self, handle: ctypes.c_void_p) -> None:
        """Makes `handle` the game's, releasing the one it had."""
        if not hasattr(self, "_lock"):
            self._lock = threading.RLock()
        with self._lock:
            old, self._h, self._closing = self._h, handle, False
            if old:
                _lib.crown_free(old)

    @classmethod
    def _wrap(cls, handle: ctypes.c_void_p) -> "Game":
        """A game of `cls` (made without __init__) holding `handle`."""
        g: Game = cls.__new__(cls)
        g._take(handle)
        return g

    # -- life cycle

    def close(self) -> None:
        """Releases the handle; the game is unusable afterwards (calls raise
        StateError).  Waits for a call in progress in another thread.
        Closing twice is fine."""
        lock = getattr(self, "_lock", None)
        if lock is None:  # no handle was ever taken
            return
        # Set before waiting, so that threads calling in a loop fail at their
        # next call instead of keeping the lock from close().
        self._closing = True
        with lock:
            h, self._h = self._h, None
            if h:
                _lib.crown_free(h)

    # crown_free, bound at definition: at interpreter shutdown the module's
    # globals may already be gone when __del__ runs.
    _free = _lib.crown_free

    def __del__(self) -> None:
        # Nobody else can be inside a call (they would hold a reference), so
        # no lock.  After a failed __init__ _h is the class's None.
        h = self._h
        if h:
            self._h = None
            self._free(h)

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc: object) -> None:
        """Closes the game; an exception in the block goes on."""
        self.close()

    # -- copies and pickles

    def clone(self) -> "Game":
        """An independent copy (history and undo included)."""
        h = _game_p()
        with self._lock:
            self._check(_lib.crown_clone(ctypes.byref(h), self._handle()))
        return type(self)._wrap(h)

    def copy_from(self, other: "Game") -> None:
        """Makes this game an exact copy of `other`, a Game of the same name
        (options may differ): its options, seed, history and state, reusing
        this game's handle, so resetting a game to a position again and again
        allocates nothing (see crown_copy).  Raises
        InvalidArgumentError for games of different names."""
        if not isinstance(other, Game):
            raise TypeError("copy_from takes a Game")
        if other is self:
            return
        # Both locks, always in the same order (no deadlock between a.copy_from(b)
        # and b.copy_from(a) on two threads).
        first, second = (self, other) if id(self) < id(other) else (other, self)
        with first._lock, second._lock:
            self._check(_lib.crown_copy(self._handle(), other._handle()))

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        return self.clone()

    def __reduce__(self) -> "Tuple[Callable[[Type[Game], str], Game], Tuple[Type[Game], str]]":
        """Pickles the game as its saved-game text (see serialize())."""
        return _unpickle, (type(self), self.serialize())

    # -- calls (each holds the lock; RLock, so they nest)

    def _handle(self) -> ctypes.c_void_p:
        h = self._h
        if not h or self._closing:
            raise StateError("the game is closed", -9)
        return h

    def _check(self, status: int) -> None:
        # The lock is held since the call, so the message is that call's.
        if status:
            raise _error(status, _decode(_lib.crown_last_error(self._h)))

    def _out(self, fn: _Function,
             ctype: Type[Union[ctypes.c_int, ctypes.c_size_t, ctypes.c_uint64]]) -> int:
        v = ctype()
        with self._lock:
            self._check(fn(self._handle(), ctypes.byref(v)))
        return v.value

    def _text(self, fn: _Function, *args: Any) -> str:
        with self._lock:
            status, text = _text_call(fn, self._handle(), *args)
            self._check(status)
        return text

    def _moves(self, fn: _Function) -> List[int]:
        n = ctypes.c_size_t()
        with self._lock:
            h = self._handle()
            status = fn(h, None, 0, ctypes.byref(n))
            if status not in (0, _ETOOSMALL):
                self._check(status)
            arr = (_move * max(n.value, 1))()
            self._check(fn(h, arr, n.value, ctypes.byref(n)))
        return list(arr[:n.value])

    def _per_seat(self, fn: _Function) -> List[float]:
        count = ctypes.c_size_t()
        with self._lock:
            n = self.num_players
            arr = (ctypes.c_double * n)()
            self._check(fn(self._handle(), arr, n, ctypes.byref(count)))
        return list(arr[:count.value])

    # -- facts

    @property
    def name(self) -> str:
        """The game's name, such as "game_of_kingdoms"."""
        with self._lock:
            return _decode(_lib.crown_name(self._handle()))

    @property
    def game_string(self) -> str:
        """The name and every option, such as "game_of_kingdoms:players=4,...". """
        return self._text(_lib.crown_game_string)

    @property
    def seed(self) -> int:
        """The seed the game was created with."""
        return self._out(_lib.crown_seed, ctypes.c_uint64)

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self._out(_lib.crown_num_players, ctypes.c_int)

    @property
    def max_moves(self) -> int:
        """A bound on the legal moves (or chance outcomes) of any state."""
        return self._out(_lib.crown_max_moves, ctypes.c_size_t)

    def current_player(self) -> int:
        """A seat, CHANCE or TERMINAL."""
        return self._out(_lib.crown_current_player, ctypes.c_int)

    def is_terminal(self) -> bool:
        """Is the game over?"""
        return bool(self._out(_lib.crown_is_terminal, ctypes.c_int))

    def is_chance_node(self) -> bool:
        """Is the next move a chance outcome (only with chance=explicit)?"""
        return self.current_player() == CHANCE

    # -- moves

    def legal_moves(self) -> List[int]:
        """The legal moves (chance outcomes at a chance node), ascending."""
        return self._moves(_lib.crown_legal_moves)

    # -- the dense action index (docs/actions.md)

    @property
    def num_distinct_moves(self) -> int:
        """N: the decisions of this game and options are numbered 0..N-1
        (a policy's output layer); chance outcomes have no index."""
        n = ctypes.c_size_t()
        with self._lock:
            self._check(_lib.crown_num_distinct_moves(self._handle(), ctypes.byref(n)))
        return n.value

    def move_index(self, move: Union[_Integer, str]) -> int:
        """The index (0..N-1) of a decision move, given as its integer or as
        the text of a move legal now.  InvalidArgumentError when it is no
        decision of this game."""
        with self._lock:
            if isinstance(move, str):
                move = self.move_from_text(move)
            else:
                move = _integer(move, "move", _MOVE_RANGE)
            i = ctypes.c_size_t()
            self._check(_lib.crown_move_index(self._handle(), _move(move), ctypes.byref(i)))
        return i.value

    def index_move(self, index: _Integer) -> int:
        """The decision move (an integer) of an index 0..N-1."""
        index = _integer(index, "index", _INDEX_RANGE)
        m = _move()
        with self._lock:
            self._check(_lib.crown_index_move(self._handle(), index, ctypes.byref(m)))
        return m.value

    def move_dict(self, move: _Integer) -> Dict[str, Any]:
        """A decision move's fields (crown_move_json): its "kind" and the
        cards, seats or tokens it names, such as {"kind": "beat",
        "attack": 12, "card": 17}; legal now or not (docs/actions.md)."""
        move = _integer(move, "move", _MOVE_RANGE)
        return _json_object(self._text(_lib.crown_move_json, _move(move)))

    def legal_mask(self) -> "LegalMask":  # (a name, not its Union, in help())
        """The legal decisions as N entries, 1 where the move of that index is
        legal now, else 0 (all 0 at a chance node and at the end): a numpy
        uint8 array when numpy can be imported, else a list of ints (the
        type crown.LegalMask says so)."""
        n = ctypes.c_size_t()
        with self._lock:
            h = self._handle()
            self._check(_lib.crown_num_distinct_moves(h, ctypes.byref(n)))
            buf = (ctypes.c_uint8 * n.value)()
            self._check(_lib.crown_legal_mask(h, buf, n.value, ctypes.byref(n)))
        return uint8_vector(bytes(buf))  # (one copy of the bytes, no Python ints)

    def apply(self, move: Union[_Integer, str]) -> None:
        """Plays a move, given as its integer (int32) or its text."""
        with self._lock:
            if isinstance(move, str):
                move = self.move_from_text(move)
            else:
                move = _integer(move, "move", _MOVE_RANGE)
            self._check(_lib.crown_apply(self._handle(), _move(move)))

    def undo(self) -> None:
        """Takes back the last move (with chance=auto, the last decision)."""
        with self._lock:
            self._check(_lib.crown_undo(self._handle()))

    @property
    def undo_depth(self) -> int:
        """How many times undo() would succeed now (the decisions so far with
        chance=auto, every history entry with chance=explicit)."""
        return self._out(_lib.crown_undo_depth, ctypes.c_size_t)

    def history(self) -> List[int]:
        """Every move so far, chance outcomes included, oldest first."""
        return self._moves(_lib.crown_history)

    def history_text(self, index: _Integer, viewer: _Integer) -> str:
        """The text of history entry `index` (0 = the oldest) as `viewer` (a
        seat, SPECTATOR or OMNISCIENT) may know it: a chance outcome hidden
        from the viewer is written without its hidden part."""
        index = _integer(index, "index", _INDEX_RANGE)
        viewer = _integer(viewer, "viewer", _VIEWER_RANGE)
        return self._text(_lib.crown_history_text, _size(index), _int(viewer))

    def history_player(self, index: _Integer) -> int:
        """Who made history entry `index`: a seat, or CHANCE."""
        index = _integer(index, "index", _INDEX_RANGE)
        player = ctypes.c_int()
        with self._lock:
            self._check(_lib.crown_history_player(self._handle(), _size(index),
                                                  ctypes.byref(player)))
        return player.value

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """At a chance node: a list of (move, probability)."""
        n = ctypes.c_size_t()
        with self._lock:
            h = self._handle()
            status = _lib.crown_chance_outcomes(h, None, None, 0, ctypes.byref(n))
            if status not in (0, _ETOOSMALL):
                self._check(status)
            moves = (_move * max(n.value, 1))()
            probs = (ctypes.c_double * max(n.value, 1))()
            self._check(_lib.crown_chance_outcomes(h, moves, probs, n.value, ctypes.byref(n)))
        return list(zip(moves[:n.value], probs[:n.value]))

    def move_to_text(self, move: _Integer) -> str:
        """The text of a legal move (an int32)."""
        move = _integer(move, "move", _MOVE_RANGE)
        return self._text(_lib.crown_move_to_text, _move(move))

    def move_from_text(self, text: str) -> int:
        """The legal move whose text is `text`."""
        m = _move()
        data = _enc(text, "text")
        with self._lock:
            self._check(_lib.crown_move_from_text(self._handle(), data, ctypes.byref(m)))
        return m.value

    # -- views and results

    def observation(self, viewer: _Integer) -> str:
        """The text view of `viewer`: a seat, SPECTATOR or OMNISCIENT.

        There is no default: OMNISCIENT shows every hidden card, so a bot
        must name the seat it plays."""
        viewer = _integer(viewer, "viewer", _VIEWER_RANGE)
        return self._text(_lib.crown_observation, _int(viewer))

    def observation_json(self, viewer: _Integer) -> str:
        """The view of `viewer` (a seat, SPECTATOR or OMNISCIENT) as JSON
        text: the facts of `observation(viewer)`, in the game's documented
        schema (docs/observations.md)."""
        viewer = _integer(viewer, "viewer", _VIEWER_RANGE)
        return self._text(_lib.crown_observation_json, _int(viewer))

    def observation_dict(self, viewer: _Integer) -> Dict[str, Any]:
        """`observation_json(viewer)` parsed: a dict."""
        return _json_object(self.observation_json(viewer))

    @property
    def observation_shape(self) -> Tuple[int, ...]:
        """The shape of `observation_tensor`: one dimension, its size, which
        depends only on the game and its options."""
        dims = (ctypes.c_size_t * 4)()
        nd = ctypes.c_size_t()
        with self._lock:
            self._check(_lib.crown_observation_shape(self._handle(), dims, 4, ctypes.byref(nd)))
        return tuple(dims[:nd.value])

    def observation_layout(self) -> Dict[str, Any]:
        """The tensor's named pieces: {"pieces": [{"name", "offset",
        "shape"}, ...], "size": n}, in the order they are laid out."""
        return _json_object(self._text(_lib.crown_observation_layout))

    def observation_tensor(self, viewer: _Integer) -> "ObservationTensor":
        """The observation of `viewer` (a seat or SPECTATOR) as a flat vector
        of floats, laid out as `observation_layout()` says: a numpy float32
        array when numpy can be imported, else a list of floats (the type
        crown.ObservationTensor says so).  It holds only what the viewer may
        know."""
        viewer = _integer(viewer, "viewer", _VIEWER_RANGE)
        n = ctypes.c_size_t()
        with self._lock:
            h = self._handle()
            status = _lib.crown_observation_tensor(h, _int(viewer), None, 0, ctypes.byref(n))
            if status not in (0, _ETOOSMALL):
                self._check(status)
            buf = (ctypes.c_float * max(n.value, 1))()
            self._check(_lib.crown_observation_tensor(h, _int(viewer), buf, n.value,
                                                      ctypes.byref(n)))
        return float32_vector(buf, n.value)

    def returns(self) -> List[float]:
        """Each seat's result: at the end the final one (higher is better,
        comparable between seats; documented per game), before it the
        results settled so far (0 in a single game)."""
        return self._per_seat(_lib.crown_returns)

    def scores(self) -> List[float]:
        """Each seat's raw points, where the game has them (documented per
        game)."""
        return self._per_seat(_lib.crown_scores)

    def playout(self, seed: _Integer) -> List[float]:
        """Plays a uniformly random game from here to the end inside the
        library (chance by its probabilities), from `seed` (0..2**64-1), and
        returns each seat's returns there; the game is left as it was."""
        seed = _integer(seed, "seed", _SEED_RANGE)
        return self._per_seat(lambda h, arr, n, count:
                              _lib.crown_playout(h, _u64(seed), arr, n, count))

    def playouts(self, n: _Integer, seed: _Integer) -> List[float]:
        """`n` playouts as playout(), the i-th with seed + i, in one call:
        each seat's mean returns over them."""
        n = _integer(n, "n", (1, 2**63 - 1))
        seed = _integer(seed, "seed", _SEED_RANGE)
        return self._per_seat(lambda h, arr, cap, count:
                              _lib.crown_playouts(h, _u64(seed), n, arr, cap, count))

    def state_hash(self) -> int:
        """A 64-bit hash of the state (equal states, equal hashes)."""
        return self._out(_lib.crown_state_hash, ctypes.c_uint64)

    # -- saving and determinization

    def serialize(self) -> str:
        """The game as versioned text (see docs/save-format.md): the game
        string, the seed and every move."""
        return self._text(_lib.crown_serialize)

    @classmethod
    def deserialize(cls, text: str) -> "Game":
        """Restores a game saved by `serialize`."""
        h = _game_p()
        err = ctypes.create_string_buffer(256)
        status = _lib.crown_deserialize_ex(ctypes.byref(h), _enc(text, "text"), err, len(err))
        if status:
            raise _error(status, err.value.decode("utf-8", "replace"))
        return cls._wrap(h)

    def resample(self, viewer: _Integer, seed: _Integer) -> "Game":
        """A game where everything hidden from `viewer` (a seat, SPECTATOR or
        OMNISCIENT) is redealt at random from `seed` (0..2**64-1)."""
        viewer = _integer(viewer, "viewer", _VIEWER_RANGE)
        seed = _integer(seed, "seed", _SEED_RANGE)
        h = _game_p()
        with self._lock:
            self._check(_lib.crown_resample(self._handle(), _int(viewer), _u64(seed),
                                            ctypes.byref(h)))
        return type(self)._wrap(h)

    def __repr__(self) -> str:
        with self._lock:
            if not self._h or self._closing:
                return "<crown.Game closed>"
            return "<crown.Game %s>" % self.game_string


def _unpickle(cls: Type[Game], text: str) -> Game:
    return cls.deserialize(text)
