"""The solvers behind ``ExactCover.solve`` and ``ExactCover.count``, chosen by name.

Each engine is a module with ``NAME``, ``solve(xc, stats=, time_limit=)`` yielding sorted
tuples of option indices, and ``count(xc, stats=, time_limit=)``.

    dlx      the native engine: dancing links in C (the default)
    python   the reference engine: plain Python, the oracle the others are checked against

>>> get_engine("python").NAME
'python'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from cpuzzler.errors import ExactCoverError

#: engine name -> module implementing it
ENGINES = {
    "dlx": "cpuzzler.engines.native",
    "python": "cpuzzler.engines.reference",
}
DEFAULT_ENGINE = "dlx"


def available_engines() -> list[str]:
    return sorted(ENGINES)


def get_engine(name: str | None = None) -> ModuleType:
    """The engine module called ``name`` (the default engine when ``None``)."""
    name = DEFAULT_ENGINE if name is None else name
    if name not in ENGINES:
        known = ", ".join(available_engines())
        raise ExactCoverError(f"unknown engine {name!r}; known engines: {known}")
    try:
        return importlib.import_module(ENGINES[name])
    except ImportError as e:
        raise ExactCoverError(
            f"engine {name!r} is not built ({e}); reinstall with: pip install -e ."
        ) from None
