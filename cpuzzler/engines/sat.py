"""The SAT engine (python-sat): the CNF of ``encoders.cnf`` on a named solver.

Every solution found is blocked on the option variables only, and the search goes on
until the formula has no more models.

>>> from cpuzzler.models import queens
>>> queens(6).count(engine="sat", symmetry="raw")
4
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cpuzzler.encoders.cnf import CHUNK, to_cnf
from cpuzzler.engines.processes import first_answer
from cpuzzler.errors import ExactCoverError, TimeUp
from cpuzzler.results import DONE, INTERRUPTED, TIMEOUT, Optimum, RunDeadline, Stats, beside

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["best", "count", "solve", "solver_names"]

NAME = "sat"
DEFAULT_SOLVER = "cadical195"
SLICE = 1000  # conflicts between two looks at the clock (about a tenth of a second)


ONE_SHOT = frozenset({"kissat404"})  # no incremental solving: one model, then no more
# Searches that cannot be stopped from outside: no interrupt, and either no conflict
# budget (lingeling) or a budget that ends the solver's one call (kissat). They run in a
# child process, which the deadline or a Ctrl-C kills.
UNSTOPPABLE = ONE_SHOT | {"lingeling"}


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
    time_limit = RunDeadline.left(time_limit)  # the run's end may come first
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
                result = (_solve_in_child(sat, deadline) if solver in UNSTOPPABLE
                          else _solve_once(sat, deadline))
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
            model = result if isinstance(result, list) else sat.get_model()
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


def best(xc: ExactCover, weights: Sequence[int], *, maximize: bool = True,
         stats: Stats | None = None, time_limit: float | None = None,
         solver: str = "g3", encoding: str = "seqcounter",
         excluded: Sequence[Sequence[int]] = ()) -> Optimum[tuple[int, ...]]:
    """The best solution by python-sat's RC2 MaxSAT: the CNF as hard clauses, each option
    of non-zero weight a soft clause (chosen, or not chosen where its weight works
    against the objective) of that weight; RC2 proves the least total weight of the soft
    clauses left false, which is the optimum. ``excluded``: solutions it may not be, each
    a hard clause."""
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF

    stats = stats if stats is not None else Stats(engine=NAME)
    time_limit = RunDeadline.left(time_limit)  # the run's end may come first
    start = time.perf_counter()
    try:
        with RunDeadline.within(time_limit):
            cnf = to_cnf(xc, encoding)
    except TimeUp:
        stats.reason = TIMEOUT
        return Optimum(None, None, False, TIMEOUT)
    wcnf = WCNF()
    wcnf.extend(cnf.clauses)
    for solution in excluded:
        inside = set(solution)
        wcnf.append([-(k + 1) if k in inside else k + 1 for k in range(xc.num_options)])
    sign = 1 if maximize else -1
    for k, w in enumerate(weights):
        if w:
            wcnf.append([k + 1 if sign * w > 0 else -(k + 1)], weight=abs(w))
    if not wcnf.soft:  # nothing to weigh: any solution is the best
        wcnf.append([1, -1], weight=1)
    maxsat = RC2(wcnf, solver=solver)
    timer = None if time_limit is None else threading.Timer(
        max(0.0, time_limit - (time.perf_counter() - start)), maxsat.interrupt)
    try:
        if timer is not None:
            timer.start()
        model = beside(lambda: maxsat.compute(expect_interrupt=True), maxsat.interrupt)
    except KeyboardInterrupt:
        stats.reason = INTERRUPTED
        raise
    finally:
        if timer is not None:
            timer.cancel()
        interrupted = maxsat.interrupted
        maxsat.delete()
    if model is None:  # no solution, or stopped before it proved one best
        stats.reason = TIMEOUT if interrupted else DONE
        return Optimum(None, None, not interrupted, stats.reason)
    stats.reason, stats.solutions = DONE, 1
    solution = tuple(v - 1 for v in model[:xc.num_options] if v > 0)
    return Optimum(solution, sum(weights[k] for k in solution), True)


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

    The search runs beside this thread (``results.beside``), in slices of SLICE
    conflicts where the solver takes budgets (learnt clauses are kept between them): the
    clock is read and a Ctrl-C seen between two slices, and a solver that can be
    interrupted is also stopped in mid-slice. Left to python-sat's own Ctrl-C handler,
    the main thread's search aborted the process now and then ("free(): invalid
    pointer") or left the solver unable to be freed. Solvers that take no budget search in
    a child process instead (``_solve_in_child``)."""
    sat.conf_budget(SLICE)
    interruptible = _interruptible(sat)
    stopped = threading.Event()

    def search() -> Any:
        while not stopped.is_set():
            if deadline is not None and time.monotonic() >= deadline:
                return None
            sat.conf_budget(SLICE)
            result = sat.solve_limited(expect_interrupt=interruptible)
            if result is not None:
                return result
        return None  # stopped: beside goes on as KeyboardInterrupt

    def stop() -> None:
        stopped.set()
        if interruptible:
            sat.interrupt()

    try:
        return _answer(beside(search, stop))
    finally:
        if interruptible:
            sat.clear_interrupt()


def _solve_in_child(sat: Any, deadline: float | None) -> list[int] | bool | None:
    """The next model (its literals), none (False), or None when the deadline passed
    first, from a search in a forked child process (``engines.processes``), which holds
    the loaded solver and is killed at the deadline or on Ctrl-C. Learnt clauses die
    with the child, which only solvers that cannot be stopped otherwise pay for
    (``UNSTOPPABLE``)."""
    def search() -> list[int] | bool:
        model: list[int] | bool = sat.get_model() if sat.solve() else False
        return model

    left = None if deadline is None else max(0.0, deadline - time.monotonic())
    answer = first_answer([search], left)
    return None if answer is None else answer[1]


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
