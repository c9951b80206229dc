"""The solvers behind ``ExactCover.solve`` and ``ExactCover.count``, chosen by name.

Each engine is a module with ``NAME``, ``solve(xc, stats=, time_limit=)`` yielding sorted
tuples of option indices, and ``count(xc, stats=, time_limit=)``.

    dlx      the native engine in C (the default)
    python   the reference engine: plain Python, the oracle the others are checked against
    cpsat    OR-Tools CP-SAT: one solution or a proof of none where search drowns
    sat      a SAT solver from python-sat, with solutions blocked one by one
    auto     dlx, with CP-SAT (and for counts the memo engine) in doubling time budgets
    memo     counts by memoising sub-problems under their exact state (count only)
    frontier counts breadth-first, layer by layer along a sweep (count only)
    zdd      counts as decision diagrams, every item's rule conjoined (OxiDD; count only)

The engines know the exact cover, not puzzles: they import it, its results, the
encoders, the progress line, a file check of ``formats`` and the workers of
``parts.backends`` (the frontier engine's shards), never a model, grid, catalog or
renderer; the estimates (``estimate``) use the engines and no engine imports them.

>>> get_engine("python").NAME
'python'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from cpuzzler.errors import ExactCoverError
from cpuzzler.jobs import JOBS

#: engine name -> module implementing it
ENGINES = {
    "auto": "cpuzzler.engines.auto",
    "cpsat": "cpuzzler.engines.cpsat",
    "dlx": "cpuzzler.engines.native",
    "frontier": "cpuzzler.engines.frontier",
    "memo": "cpuzzler.engines.memo",
    "python": "cpuzzler.engines.reference",
    "sat": "cpuzzler.engines.sat",
    "zdd": "cpuzzler.engines.zdd",
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


# what ExactCover's methods hand on here
JOBS.update(engine=get_engine)  # sample: engines.memo; estimate: engines.estimate
