"""The SAT engine (python-sat): the CNF of ``encoders.cnf`` on a named solver.

Every solution found is blocked on the option variables only, and the search goes on
until the formula has no more models.

>>> from cpuzzler.models import queens
>>> queens(6).count(engine="sat")
4
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from cpuzzler.encoders.cnf import to_cnf
from cpuzzler.errors import ExactCoverError
from cpuzzler.results import DONE, INTERRUPTED, TIMEOUT, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

NAME = "sat"
DEFAULT_SOLVER = "cadical195"


def solver_names() -> list[str]:
    from pysat.solvers import SolverNames

    return sorted(n for n in vars(SolverNames) if not n.startswith("_"))


def solve(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          solver: str = DEFAULT_SOLVER, encoding: str = "seqcounter",
          limit: int | None = None, symmetries: Sequence[Sequence[int]] = ()
          ) -> Iterator[tuple[int, ...]]:
    """Yield each solution, then block it and ask for the next model; with
    ``symmetries`` (permutations of the options) the least of each class only."""
    from pysat.solvers import Solver

    stats = stats if stats is not None else Stats(engine=NAME)
    if solver not in solver_names():
        raise ExactCoverError(f"unknown SAT solver {solver!r}; known: {', '.join(solver_names())}")
    cnf = to_cnf(xc, encoding, symmetries)
    n = xc.num_options
    lo, hi, secondary = xc.item_arrays()
    # Without slack no superset of a solution is one: blocking the chosen options suffices.
    exact = all(s or a == b for a, b, s in zip(lo, hi, secondary, strict=True))
    deadline = None if time_limit is None else time.monotonic() + time_limit
    stats.reason = DONE
    with Solver(name=solver, bootstrap_with=cnf.clauses) as sat:
        interruptible = deadline is not None and _interruptible(sat)
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                stats.reason = TIMEOUT
                return
            timer = None
            if remaining is not None and interruptible:
                timer = threading.Timer(remaining, sat.interrupt)
                timer.start()
            try:
                result = sat.solve_limited(expect_interrupt=timer is not None)
            except KeyboardInterrupt:
                stats.reason = INTERRUPTED
                raise
            finally:
                if timer is not None:
                    timer.cancel()
                    sat.clear_interrupt()
            stats.nodes += 1
            if result is None:
                stats.reason = TIMEOUT
                return
            if not result:
                return
            model = sat.get_model()
            chosen = tuple(v - 1 for v in model[:n] if v > 0)
            yield chosen
            block = [-(k + 1) for k in chosen]
            if not exact:
                picked = set(chosen)
                block += [k + 1 for k in range(n) if k not in picked]
            if not block:
                return  # the empty solution: the only one
            sat.add_clause(block)


def _interruptible(sat) -> bool:
    """Whether the solver can be stopped in mid-search (CaDiCaL, here, cannot: then the
    time limit is checked between solutions only)."""
    try:
        sat.interrupt()
        sat.clear_interrupt()
    except NotImplementedError:
        return False
    return True


def count(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          solver: str = DEFAULT_SOLVER, encoding: str = "seqcounter",
          symmetries: Sequence[Sequence[int]] = ()) -> int:
    stats = stats if stats is not None else Stats(engine=NAME)
    total = 0
    try:
        for _ in solve(xc, stats=stats, time_limit=time_limit, solver=solver,
                       encoding=encoding, symmetries=symmetries):
            total += 1
    except KeyboardInterrupt:
        stats.reason = INTERRUPTED
    return total
