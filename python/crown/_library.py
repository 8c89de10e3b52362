"""Finding and loading libcrown: the candidates in the order the package's
docstring gives, the first one of exactly this package's version, and its
functions given their C signatures (crown/_prototypes.py).  `_lib` is the
loaded library, `library_path` its path; importing crown fails with an
ImportError when no candidate fits."""

import ctypes
import ctypes.util
import importlib
import os
from typing import Callable, Iterable, Iterator, Optional, Tuple

from ._prototypes import PROTOTYPES, _Function
from ._version import __version__


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
        libdir = str(importlib.import_module("._build_config", __package__).LIBDIR)
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
    """The first fitting library and its path (see crown's docstring)."""
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


def _declare(lib: ctypes.CDLL, path: str) -> None:
    """Gives each function of crown.h its C signature (PROTOTYPES), or
    raises ImportError naming the first one the library at `path` lacks."""
    for name, (restype, argtypes) in PROTOTYPES.items():
        try:
            fn = getattr(lib, name)
        except AttributeError:
            raise ImportError("%s (libcrown %s) does not export %s"
                              % (path, __version__, name)) from None
        fn.restype = restype
        fn.argtypes = argtypes


_lib, library_path = _load()
_declare(_lib, library_path)
