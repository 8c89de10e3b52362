"""The package's version, written here only: the library loaded must have
exactly this version (crown/_library.py), and the pip build backend
(python/_backend/crown_build.py) reads it from this file's line."""

__version__ = "0.6.0"
