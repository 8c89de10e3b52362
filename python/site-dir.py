"""Where `meson install` puts the Python package: a directory that the
interpreter running this script imports from.

usage: python3 -I site-dir.py PREFIX

Prints three lines: the directory, then "prefix" when it lies under PREFIX or
"interpreter" when the interpreter has no site directory under PREFIX and its
own one is used instead, then the interpreter itself (sys.executable with its
links resolved: a pyenv shim and the program it runs are one interpreter).
Exits 1 (with a message) when it finds no directory.  Meson runs it with its
python3 and with the second interpreter of -Dpython_extra.

Meson's own choice (PREFIX plus the relative path of the interpreter's install
scheme) can name a directory no interpreter searches, e.g.
/usr/local/lib/python3/dist-packages for Debian's python3, or
/usr/local/lib/python3.11/site-packages for a pyenv one.  This script asks the
interpreter instead: among its site directories (in import order), the first
that lies in a lib* directory of PREFIX, preferring its default install
scheme's purelib when that is one of them.  Run it with -I so that PYTHONPATH
and the user's site directory do not count.
"""

import os
import site
import sys
import sysconfig


def site_dirs():
    """The interpreter's site directories, in import order, existing or not."""
    dirs = []
    try:
        dirs.extend(site.getsitepackages())
    except AttributeError:  # old virtualenv's site module
        pass
    dirs.extend(p for p in sys.path
                if os.path.basename(p) in ("site-packages", "dist-packages"))
    user = getattr(site, "USER_SITE", None)
    seen, out = set(), []
    for d in dirs:
        d = os.path.normpath(d)
        if os.path.isabs(d) and d not in seen and d != user:
            seen.add(d)
            out.append(d)
    return out


def under(path, prefix):
    """True when path is PREFIX/lib*/...: Debian's /usr/local/lib/python3.11/
    dist-packages is under /usr/local, but not under /usr."""
    for a, b in ((path, prefix), (os.path.realpath(path), os.path.realpath(prefix))):
        rel = os.path.relpath(a, b)
        if rel != os.curdir and not rel.startswith(os.pardir) and rel.startswith("lib"):
            return True
    return False


def main(argv):
    if len(argv) != 2 or not os.path.isabs(argv[1]):
        sys.stderr.write("usage: python3 -I site-dir.py PREFIX (absolute)\n")
        return 2
    prefix = os.path.normpath(argv[1])
    dirs = site_dirs()
    purelib = os.path.normpath(sysconfig.get_paths()["purelib"])
    mine = [d for d in dirs if under(d, prefix)]
    if mine:
        where = (purelib if purelib in mine else mine[0], "prefix")
    elif purelib in dirs:
        where = (purelib, "interpreter")
    elif dirs:
        where = (dirs[0], "interpreter")
    else:
        where = None
    if where:
        print(where[0])
        print(where[1])
        print(os.path.realpath(sys.executable))
        return 0
    sys.stderr.write("%s has no site directory (site-packages or dist-packages)\n"
                     % sys.executable)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
