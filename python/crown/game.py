"""A game of the library: Game, and the values that stand for no seat:
CHANCE and TERMINAL, what Game.current_player() returns at a chance node and
at the end, and SPECTATOR and OMNISCIENT, the viewers besides the seats.
They are crown's own names too (crown.Game is crown.game.Game); crown's
docstring says how a Game takes integers, copies, pickles and threads."""

import ctypes
import threading
from typing import Any, Callable, Dict, List, Optional, Tuple, Type, Union

from ._arrays import LegalMask, ObservationTensor, float32_vector, int8_vector, ones
from ._convert import (_INDEX_RANGE, _MOVE_RANGE, _SEED_RANGE, _VIEWER_RANGE, _decode, _enc,
                       _Integer, _integer, _json_object, _OptionValue, _options_text, _text_call)
from ._library import _lib
from ._prototypes import _Function, _game_p, _int, _move, _size, _u64
from .errors import _ETOOSMALL, StateError, _error

__all__ = ["Game", "CHANCE", "TERMINAL", "SPECTATOR", "OMNISCIENT"]

# What current_player() returns besides a seat: a chance node, the end.
CHANCE = -1
TERMINAL = -2
# The viewers besides a seat: what every seat knows, everything.
SPECTATOR = -3
OMNISCIENT = -4


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

    def is_truncated(self) -> bool:
        """Is the game over because one of its length limits (max_bouts,
        max_moves, max_turns, max_match_turns) stopped it before its rules
        ended it?  Gymnasium's `truncated`: the returns are the limit's
        draw, not the value of the last position (crown_truncated)."""
        return bool(self._out(_lib.crown_truncated, ctypes.c_int))

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
        int8 array when numpy can be imported, else a list of ints (the type
        crown.LegalMask says so).  int8 as crown.env's masks and PettingZoo's
        are, and as Gymnasium's Discrete.sample(mask=) requires."""
        return int8_vector(self._mask_bytes())  # (one copy of the bytes, no Python ints)

    def legal_actions(self) -> List[int]:
        """The indices (0..N-1) of the legal decisions, ascending: the
        positions of legal_mask()'s 1s, as RLCard's legal_actions and
        OpenSpiel's legal_actions() give them (empty at a chance node and at
        the end).  A list of ints, with or without numpy; index_move(i) is
        the move of index i."""
        return ones(self._mask_bytes())

    def _mask_bytes(self) -> bytes:
        """crown_legal_mask's N bytes."""
        n = ctypes.c_size_t()
        with self._lock:
            h = self._handle()
            self._check(_lib.crown_num_distinct_moves(h, ctypes.byref(n)))
            buf = (ctypes.c_uint8 * n.value)()
            self._check(_lib.crown_legal_mask(h, buf, n.value, ctypes.byref(n)))
        return bytes(buf)

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
    """Loads a pickled game: the game of class `cls` saved as `text`.  Also
    crown._unpickle, the name the pickles of crown 0.4.0 and before call."""
    return cls.deserialize(text)
