"""The arena's optional dependencies, imported when a feature needs them."""

import importlib
from types import ModuleType

# module -> (Debian package, pip package)
PACKAGES = {
    "tqdm": ("python3-tqdm", "tqdm"),
    "distributed": ("python3-distributed", "distributed"),
    "matplotlib": ("python3-matplotlib", "matplotlib"),
    "numpy": ("python3-numpy", "numpy"),
}


class MissingDependency(ImportError):
    """A package a feature of the arena needs is not installed; the message
    names the Debian and the pip package."""


def require(module: str, feature: str) -> ModuleType:
    """Imports `module` (a key of PACKAGES, or a submodule of one) for
    `feature`, or raises MissingDependency naming what to install."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        debian, pip = PACKAGES[module.split(".")[0]]
        raise MissingDependency(
            "%s needs the Python package %s, which does not import (%s): install it "
            "(Debian: apt-get install %s; pip: pip install %s)"
            % (feature, module.split(".")[0], e, debian, pip)) from e
