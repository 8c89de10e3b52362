"""The arena's optional dependencies, imported when a feature needs them."""

import importlib
from types import ModuleType

from .._missing import message

# module -> (Debian package, pip package)
PACKAGES = {
    "tqdm": ("python3-tqdm", "tqdm"),
    "distributed": ("python3-distributed", "distributed"),
    "matplotlib": ("python3-matplotlib", "matplotlib"),
    "numpy": ("python3-numpy", "numpy"),
}


class MissingDependency(ImportError):
    """A package a feature of the arena needs is not installed; the message
    names the interpreter and what to install for it (crown._missing)."""


def require(module: str, feature: str) -> ModuleType:
    """Imports `module` (a key of PACKAGES, or a submodule of one) for
    `feature`, or raises MissingDependency naming what to install."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        top = module.split(".")[0]
        debian, pip = PACKAGES[top]
        raise MissingDependency(message(feature, top, e, debian, pip,
                                        command="-m crown.arena ...")) from e
