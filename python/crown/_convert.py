"""Between Python values and the C calls' arguments and results: texts
encoded (no NUL inside) and decoded, integers checked against their C type's
range, keyword options and search parameters written as their texts, texts
read from the library's (..., buf, cap, &len) functions, and its JSON
parsed."""

import ctypes
import decimal
import json
import numbers
import operator
from typing import Any, Dict, SupportsIndex, Tuple, Union

from ._prototypes import _Function
from .errors import _ETOOSMALL, InvalidArgumentError


def _enc(text: str, what: str) -> bytes:
    """`text` (the argument `what`) as the UTF-8 bytes of a C string, or
    TypeError (not a str) / InvalidArgumentError (a NUL inside)."""
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


def _decode(text: bytes) -> str:
    """A C string the library returns (a c_char_p result) as str."""
    return text.decode("utf-8", "replace")


def _json_object(text: str) -> Dict[str, Any]:
    """A JSON object the library wrote, parsed."""
    value: Dict[str, Any] = json.loads(text)
    return value


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


# What a search parameter given as a keyword may be: a bool (1 or 0), an
# integer (its digits), a real number (its decimal digits) or a text.
_ParamValue = Union[_Integer, float, str]


def _decimal(value: float) -> str:
    """A real number's shortest digits without an exponent (1e-07 as
    0.0000001), as the library reads decimals; inf and nan as Infinity and
    NaN, a sign as a sign (the library names what it refuses)."""
    return format(decimal.Decimal(repr(float(value))), "f")


def _params_text(params: str, keywords: Dict[str, _ParamValue]) -> str:
    """`params` ("key=value,...") followed by the keyword parameters, each
    written as crown_search_new reads its values: True and False as 1 and
    0, integers as digits, real numbers as decimals, texts as they are.
    The library checks the keys and values."""
    parts = [params] if params else []
    for key, value in keywords.items():
        if isinstance(value, bool):
            text = "1" if value else "0"
        elif isinstance(value, str):
            text = value
        elif hasattr(value, "__index__"):
            text = str(operator.index(value))  # int, numpy integers...
        elif isinstance(value, numbers.Real):
            text = _decimal(float(value))
        else:
            raise TypeError("search parameter %s must be an int, a float, a bool or a str, "
                            "not %s" % (key, type(value).__name__))
        if "," in text or "=" in text:
            raise InvalidArgumentError("search parameter %s: %r holds ',' or '='"
                                       % (key, text), -1)
        parts.append("%s=%s" % (key, text))
    return ",".join(parts)
