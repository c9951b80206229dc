"""The SAT engine (python-sat): the CNF of ``encoders.cnf`` on a named solver.

Every solution found is blocked on the option variables only, and the search goes on
until the formula has no more models.

>>> from cpuzzler.models import queens
>>> queens(6).count(engine="sat")
4
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cpuzzler.encoders.cnf import CHUNK, to_cnf
from cpuzzler.errors import ExactCoverError, TimeUp
from cpuzzler.results import DONE, INTERRUPTED, TIMEOUT, RunDeadline, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["count", "solve", "solver_names"]

NAME = "sat"
DEFAULT_SOLVER = "cadical195"
SLICE = 1000  # conflicts between two looks at the clock (about a tenth of a second)


ONE_SHOT = frozenset({"kissat404"})  # no incremental solving: one model, then no more


@functools.cache
def solver_names(job: str = "all") -> list[str]:
    """The python-sat solvers that work here for ``job``: ``"all"`` (counting and listing,
    which add a clause after each solution) or ``"one"`` (a first solution only).
    Solvers python-sat names but was built without are left out.

    >>> "cadical195" in solver_names() and "kissat404" not in solver_names()
    True
    """
    from pysat.solvers import NoSuchSolverError, Solver, SolverNames

    working = []
    for name in sorted(n for n in vars(SolverNames) if not n.startswith("_")):
        try:
            Solver(name=name).delete()
        except (NoSuchSolverError, NotImplementedError, ImportError, OSError):
            continue
        if job == "one" or name not in ONE_SHOT:
            working.append(name)
    return working


def check_solver(solver: str, job: str) -> None:
    """An error naming the solvers that do ``job`` if ``solver`` is not one of them."""
    if solver in solver_names(job):
        return
    if solver in solver_names("one"):
        raise ExactCoverError(
            f"SAT solver {solver!r} solves once only (it has no incremental solving): use "
            f"it for one solution (-n 1); to count or list: {', '.join(solver_names())}")
    from pysat.solvers import SolverNames

    what = "is not built into python-sat here" if hasattr(SolverNames, solver) else "unknown"
    raise ExactCoverError(f"SAT solver {solver!r}: {what}; those that work: "
                          f"{', '.join(solver_names('one'))}")


def solve(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          solver: str = DEFAULT_SOLVER, encoding: str = "seqcounter",
          limit: int | None = None, symmetries: Sequence[Sequence[int]] = ()
          ) -> Iterator[tuple[int, ...]]:
    """Yield each solution, then block it and ask for the next model; with
    ``symmetries`` (permutations of the options) the least of each class only."""
    stats = stats if stats is not None else Stats(engine=NAME)
    check_solver(solver, "one" if limit == 1 else "all")
    deadline = None if time_limit is None else time.monotonic() + time_limit
    loaded = _loaded(xc, solver, encoding, symmetries, time_limit)
    if loaded is None:  # the time limit ran out while the clauses were written
        stats.reason = TIMEOUT
        return
    n = xc.num_options
    lo, hi, secondary = xc.item_arrays()
    # Without slack no superset of a solution is one: blocking the chosen options suffices.
    exact = all(s or a == b for a, b, s in zip(lo, hi, secondary, strict=True))
    stats.reason = DONE
    with loaded as sat:
        while True:
            try:
                result = _solve_once(sat, deadline)
            except KeyboardInterrupt:
                stats.reason = INTERRUPTED
                raise
            except Exception as e:  # python-sat reports Ctrl-C in its own words
                if "keyboard interrupt" not in str(e).lower():
                    raise
                stats.reason = INTERRUPTED
                raise KeyboardInterrupt from None
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
            check_solver(solver, "all")  # a one-shot solver aborts the process on a clause
            sat.add_clause(block)


def _loaded(xc: ExactCover, solver: str, encoding: str, symmetries: Sequence[Sequence[int]],
            time_limit: float | None) -> Any:
    """A python-sat solver holding ``xc``'s clauses, or None where ``time_limit`` ran
    out first (millions of clauses take seconds to write and to load)."""
    from pysat.solvers import Solver

    sat = Solver(name=solver)
    try:
        with RunDeadline.within(time_limit):
            for chunk in RunDeadline.chunks(to_cnf(xc, encoding, symmetries).clauses, CHUNK):
                sat.append_formula(chunk)
    except BaseException as e:  # Ctrl-C too: the solver freed before going on
        sat.delete()
        if isinstance(e, TimeUp):
            return None
        raise
    return sat


def _solve_once(sat: Any, deadline: float | None) -> bool | None:
    """The next model (True), none (False), or None when the deadline passed first.

    With a deadline the solver runs in slices of SLICE conflicts, the clock read between
    them (learnt clauses are kept); a solver without conflict budgets is interrupted by a
    timer if it can be, else the clock is read between solutions only."""
    if deadline is None:
        return _solve_watched(sat) if _interruptible(sat) else _answer(sat.solve())
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        try:
            sat.conf_budget(SLICE)
        except NotImplementedError:
            break
        result = sat.solve_limited()
        if result is not None:
            return _answer(result)
    if not _interruptible(sat):
        return _answer(sat.solve())
    timer = threading.Timer(remaining, sat.interrupt)
    timer.start()
    try:
        return _answer(sat.solve_limited(expect_interrupt=True))
    finally:
        timer.cancel()
        sat.clear_interrupt()


def _solve_watched(sat: Any) -> bool | None:
    """The search in a thread of its own, this one waiting: Ctrl-C reaches this thread,
    which interrupts the solver and waits for it to stop before going on. (Left to
    python-sat's own handler, a Ctrl-C in mid-search aborted the process now and then,
    "free(): invalid pointer".)"""
    found: list[Any] = []

    def search() -> None:
        try:
            found.append(sat.solve_limited(expect_interrupt=True))
        except Exception as e:  # handed to the waiting thread
            found.append(e)

    worker = threading.Thread(target=search, daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.05)
    except KeyboardInterrupt:
        while worker.is_alive():  # again and again: one sent before the search began is
            sat.interrupt()  # lost when it begins, and the wait was for the whole search
            worker.join(0.05)
        sat.clear_interrupt()
        raise
    if found and isinstance(found[0], Exception):
        raise found[0]
    return _answer(found[0]) if found else None


def _answer(result: Any) -> bool | None:
    """A PySAT answer (True, False, or None when stopped) as the bool it is."""
    return None if result is None else bool(result)


def _interruptible(sat: Any) -> bool:
    """Whether the solver can be stopped in mid-search."""
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
