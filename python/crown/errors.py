"""The exceptions a libcrown error raises: CrownError, and one subclass for
each status code of crown.h (CROWN_E*).  `str(error)` is the library's
message, `error.status` its status code.  They are crown's own names too
(crown.IllegalMoveError is crown.errors.IllegalMoveError)."""

from typing import Dict, Optional, Type

__all__ = ["CrownError", "InvalidArgumentError", "OutOfMemoryError", "BufferTooSmallError",
           "UnknownGameError", "OptionError", "IllegalMoveError", "NothingToUndoError",
           "ParseError", "StateError", "InternalError"]


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

# The status of a call whose buffer was too small: the binding asks again
# with a larger one.
_ETOOSMALL = -3


def _error(status: int, message: str) -> CrownError:
    """The exception of a failed call's `status` (CrownError for a status
    this binding does not know), carrying `message`."""
    cls = _ERRORS.get(status, CrownError)
    return cls(message, status)
