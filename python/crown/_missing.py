"""The message for an optional package that does not import (numpy for
crown.vector, tqdm, distributed, matplotlib and numpy for crown.arena's
features).

A machine often has two Pythons (Debian's /usr/bin/python3 and pyenv's or a
venv's first on the PATH), and a package installed for one is missing in the
other.  So the message names the interpreter that could not import the
package (sys.executable and its version) and says what to do for that one:
for Debian's /usr/bin/python3, Debian's package (`apt-get install
python3-X`); for another one, pip run by that interpreter (`/path/to/python3
-m pip install X`), and, when Debian's /usr/bin/python3 imports the package
(and crown), that it does, with the command to run there instead.
"""

import os
import platform
import subprocess
import sys
from typing import List, Optional, Sequence

DEBIAN_PYTHON = "/usr/bin/python3"

# Asks an interpreter which of the modules in argv it imports: a line of
# 0 and 1, one a module.
_PROBE = ("import importlib, sys\n"
          "ok = []\n"
          "for m in sys.argv[1:]:\n"
          "    try:\n"
          "        importlib.import_module(m)\n"
          "    except Exception:\n"
          "        ok.append('0')\n"
          "    else:\n"
          "        ok.append('1')\n"
          "print(''.join(ok))\n")


def debian_system() -> bool:
    """True on Debian and its derivatives (where apt-get installs python3-X)."""
    return os.path.exists("/etc/debian_version")


def is_debian_python(executable: str) -> bool:
    """True when `executable` is Debian's own python3 (/usr/bin/python3 or
    /usr/bin/python3.X), not one in a virtual environment made from it."""
    if sys.prefix != sys.base_prefix or not debian_system():
        return False
    name = os.path.basename(executable)
    minor = name[len("python3."):] if name.startswith("python3.") else ""
    return (os.path.realpath(os.path.dirname(executable)) == "/usr/bin"
            and (name == "python3" or minor.isdigit()))


def importable(python: str, modules: Sequence[str]) -> List[bool]:
    """Which of `modules` the interpreter `python` imports (run as a
    program, with this environment); all False when it is not there or
    cannot be run."""
    try:
        p = subprocess.run([python, "-c", _PROBE] + list(modules), stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120,
                           check=False)
    except (OSError, subprocess.SubprocessError):
        return [False] * len(modules)
    answer = p.stdout.decode("ascii", "replace").strip()
    if p.returncode != 0 or len(answer) != len(modules):
        return [False] * len(modules)
    return [c == "1" for c in answer]


def message(feature: str, module: str, error: BaseException, debian_package: str,
            pip_package: str, command: Optional[str] = None) -> str:
    """What `feature` says when `module` does not import (`error`): the
    interpreter, its version, and what to install for it.  `command` (such
    as "-m crown.arena ...") is how to run the same with Debian's python3
    when that one imports the module."""
    executable = sys.executable or "this Python"
    head = ("%s needs the Python package %s, which %s (Python %s) cannot import (%s)"
            % (feature, module, executable, platform.python_version(), error))
    if is_debian_python(executable):
        return "%s: install it for that interpreter with `apt-get install %s` (as root)" % (
            head, debian_package)
    out = "%s: install it for that interpreter with `%s -m pip install %s`" % (
        head, executable, pip_package)
    if debian_system() and os.path.realpath(executable) != os.path.realpath(DEBIAN_PYTHON):
        has_module, has_crown = importable(DEBIAN_PYTHON, [module, "crown"])
        if has_module and has_crown:
            out += "; or use Debian's %s, which imports it and crown%s" % (
                DEBIAN_PYTHON, ": `%s %s`" % (DEBIAN_PYTHON, command) if command else "")
        elif has_module:
            out += ("; Debian's %s imports it, but not crown (meson install puts crown there "
                    "too, unless -Dpython_extra=none)" % DEBIAN_PYTHON)
    return out
