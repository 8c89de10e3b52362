"""A PEP 517 build backend for the crown binding, standard library only.

The binding is pure Python with nothing to compile, so building it is
packing files: the wheel holds crown/*.py and its .dist-info; the sdist holds
what is needed to build that wheel again (pyproject.toml, this backend and
crown/*.py).  Having no requirements, `pip install ./python` builds it with
no network.  Its metadata come from the [project] table of pyproject.toml,
its version from `__version__` in crown/_version.py (the one place it is
written).  SOURCE_DATE_EPOCH, when set, dates the archives' entries.

Hooks: build_wheel, build_sdist, build_editable (a .pth naming this
directory), prepare_metadata_for_build_wheel/_editable and the
get_requires_for_build_* ones (no requirements).
"""

import ast
import base64
import gzip
import hashlib
import io
import os
import re
import tarfile
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "crown"
TAG = "py3-none-any"
# Written by Meson into the build tree, never part of a pip package.
_MESON_ONLY = ("_build_config.py", "_build_config.py.in")


# ---- metadata --------------------------------------------------------------

def _parse_toml(text):
    """The tables of a pyproject.toml: tomllib (Python 3.11+) or tomli when
    present, else a reader of the plain subset this file uses (tables,
    key = "string", key = ["string", ...] and key = {key = "string"})."""
    try:
        import tomllib as toml
    except ImportError:
        try:
            import tomli as toml
        except ImportError:
            toml = None
    if toml is not None:
        return toml.loads(text)
    tables, current = {}, None
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"^\[([A-Za-z0-9_.-]+)\]$", line)
        if m:
            current = tables
            for part in m.group(1).split("."):
                current = current.setdefault(part, {})
            continue
        m = re.match(r"^([A-Za-z0-9_-]+)\s*=\s*(.+)$", line)
        if m is None or current is None:
            raise ValueError("pyproject.toml:%d: not understood without tomllib "
                             "(Python 3.11+) or tomli: %s" % (n, line))
        current[m.group(1)] = _toml_value(m.group(2), n)
    return tables


def _toml_value(text, n):
    if text.startswith("{") and text.endswith("}"):
        pairs = re.findall(r'([A-Za-z0-9_-]+)\s*=\s*("(?:[^"\\]|\\.)*")', text[1:-1])
        return {k: _toml_value(v, n) for k, v in pairs}
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        value = None
    if isinstance(value, str) or (isinstance(value, list)
                                  and all(isinstance(v, str) for v in value)):
        return value
    raise ValueError("pyproject.toml:%d: not understood without tomllib "
                     "(Python 3.11+) or tomli: %s" % (n, text))


def _version():
    path = os.path.join(ROOT, PACKAGE, "_version.py")
    with open(path, encoding="utf-8") as f:
        m = re.search(r"""^__version__\s*=\s*(["'])([^"'\s]+)\1\s*(#.*)?$""",
                      f.read(), re.MULTILINE)
    if m is None:
        raise RuntimeError("%s has no __version__ = \"X.Y.Z\" line" % path)
    return m.group(2)


def _project():
    """name, version and the METADATA text."""
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        project = _parse_toml(f.read()).get("project", {})
    name = project.get("name")
    if not name:
        raise RuntimeError("pyproject.toml: [project] has no name")
    if "version" in project or "version" not in project.get("dynamic", []):
        raise RuntimeError("pyproject.toml: the version is dynamic, "
                           "from __version__ in %s/_version.py" % PACKAGE)
    version = _version()
    lines = ["Metadata-Version: 2.1", "Name: " + name, "Version: " + version]
    if project.get("description"):
        lines.append("Summary: " + project["description"])
    lic = project.get("license")
    if isinstance(lic, dict) and lic.get("text"):
        lines.append("License: " + lic["text"])
    if project.get("requires-python"):
        lines.append("Requires-Python: " + project["requires-python"])
    for dep in project.get("dependencies", []):
        lines.append("Requires-Dist: " + dep)
    return name, version, "\n".join(lines) + "\n"


def _dist(name, version):
    """The file-name form of name-version (wheel and sdist names)."""
    return "%s-%s" % (re.sub(r"[-_.]+", "_", name).lower(), version)


# ---- archives --------------------------------------------------------------

def _epoch():
    try:
        return max(int(os.environ["SOURCE_DATE_EPOCH"]), 315532800)
    except (KeyError, ValueError):
        return 315532800  # 1980-01-01, the first date a zip entry can hold


def _package_files():
    """(archive name, path) of every file of the package, sorted."""
    out = []
    top = os.path.join(ROOT, PACKAGE)
    for d, dirs, files in os.walk(top):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in files:
            if (f.endswith(".py") or f == "py.typed") and f not in _MESON_ONLY:
                path = os.path.join(d, f)
                out.append((os.path.relpath(path, ROOT).replace(os.sep, "/"), path))
    if not out:
        raise RuntimeError("no package files in %s" % top)
    return sorted(out)


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _wheel(wheel_directory, extra):
    """Writes the wheel: extra is [(archive name, bytes)] besides the metadata."""
    name, version, metadata = _project()
    dist = _dist(name, version)
    info = dist + ".dist-info"
    entries = list(extra) + [
        (info + "/METADATA", metadata.encode("utf-8")),
        (info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: crown_build\n"
                           "Root-Is-Purelib: true\nTag: %s\n" % TAG).encode("ascii")),
    ]
    record = []
    for arc, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        record.append("%s,sha256=%s,%d" % (arc, digest.decode("ascii"), len(data)))
    record.append(info + "/RECORD,,")
    entries.append((info + "/RECORD", ("\n".join(record) + "\n").encode("utf-8")))

    filename = "%s-%s.whl" % (dist, TAG)
    date = time.gmtime(_epoch())[:6]
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for arc, data in entries:
            zi = zipfile.ZipInfo(arc, date)
            zi.external_attr = 0o100644 << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return filename


def _metadata_dir(metadata_directory):
    name, version, metadata = _project()
    info = _dist(name, version) + ".dist-info"
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "w",
              encoding="utf-8") as f:
        f.write(metadata)
    return info


# ---- the PEP 517 and PEP 660 hooks -----------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _metadata_dir(metadata_directory)


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return _metadata_dir(metadata_directory)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _wheel(wheel_directory, [(arc, _read(path)) for arc, path in _package_files()])


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _package_files()  # the package is there
    pth = (ROOT + "\n").encode("utf-8")
    return _wheel(wheel_directory, [("__editable__.%s.pth" % PACKAGE, pth)])


def build_sdist(sdist_directory, config_settings=None):
    name, version, metadata = _project()
    dist = _dist(name, version)
    here = os.path.abspath(__file__)
    files = [("PKG-INFO", metadata.encode("utf-8")),
             ("pyproject.toml", _read(os.path.join(ROOT, "pyproject.toml"))),
             (os.path.relpath(here, ROOT).replace(os.sep, "/"), _read(here))]
    files += [(arc, _read(path)) for arc, path in _package_files()]

    filename = dist + ".tar.gz"
    mtime = _epoch()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for arc, data in sorted(files):
            ti = tarfile.TarInfo("%s/%s" % (dist, arc))
            ti.size, ti.mtime, ti.mode = len(data), mtime, 0o644
            tar.addfile(ti, io.BytesIO(data))
    with open(os.path.join(sdist_directory, filename), "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=mtime) as gz:
            gz.write(buf.getvalue())
    return filename
