"""What the library offers before any game is made: its version, its games,
a game's summary and its options (libcrown's discovery functions).  They
are crown's own names too (crown.games is crown.discovery.games)."""

import json
from typing import Any, Dict, List, Optional

from ._convert import _decode, _enc, _text_call
from ._library import _lib
from .errors import UnknownGameError, _error

__all__ = ["version", "games", "game_summary", "describe_options", "options"]


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
