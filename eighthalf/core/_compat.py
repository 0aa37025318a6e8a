"""Compile-time markers for mypyc that cost nothing when the package runs as pure Python.

This module is never compiled. Under the type checker (and so under mypyc, which reads
the types) :func:`mypyc_attr` is the real marker of ``mypy_extensions``; at run time it
is a decorator that changes nothing, so that the pure build needs no ``mypy_extensions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:
        """Return a class decorator that returns its class unchanged."""
        return lambda cls: cls
