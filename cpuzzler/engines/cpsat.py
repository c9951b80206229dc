"""The CP-SAT engine (OR-Tools): clause learning and propagation behind one interface.

A first solution uses CP-SAT's parallel workers: one follows the problem's sweep (the
first open item of ``engines.sweep``'s order, each of its options in turn, as a
backtracking search fills a board from one end, with CP-SAT's propagation and learned
clauses), the other CP-SAT's own search, which proves best that there is none. All
solutions and counts use its enumeration mode. It suits problems where depth-first
search drowns: finding one solution, or proving there is none.

>>> from cpuzzler.models import queens
>>> queens(6).count(engine="cpsat", symmetry="raw")
4
"""

from __future__ import annotations

import atexit
import contextlib
import queue
import threading
import time
from collections.abc import Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cpuzzler import progress
from cpuzzler.encoders.cpsat import to_cpsat
from cpuzzler.errors import ExactCoverError, TimeUp
from cpuzzler.exact_cover import CPSAT_MOST_WEIGHT
from cpuzzler.results import (
    DONE,
    INTERRUPTED,
    LIMIT,
    TIMEOUT,
    Optimum,
    RunDeadline,
    Stats,
    beside,
)

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["best", "count", "solve"]

NAME = "cpsat"
QUEUE_SIZE = 1024  # solutions waiting for the caller; CP-SAT waits when it is full


def _stream(xc: ExactCover, stats: Stats, time_limit: float | None, limit: int | None,
            workers: int, symmetries: Sequence[Sequence[int]] = ()
            ) -> Iterator[tuple[int, ...]]:
    """Run CP-SAT in a thread of its own and yield its solutions as they come.

    The calling thread only waits on a queue, so Ctrl-C reaches it at once (CP-SAT's own
    SIGINT handler is turned off) and stops the search; so does closing the generator
    (a caller that has enough). On Ctrl-C ``stats.reason`` is set and KeyboardInterrupt
    raised, as the native engine does."""
    from ortools.sat.python import cp_model

    # the run's end may come first (the exact cover built before): CP-SAT's own limit
    # counted from its start went 6 s past a 20 s limit beside busy processes
    time_limit = RunDeadline.left(time_limit)
    start = time.perf_counter()
    try:
        with RunDeadline.within(time_limit):
            model, chosen = to_cpsat(xc, symmetries)
    except TimeUp:  # the time limit ran out while the model was built
        stats.reason = TIMEOUT
        return
    solver = cp_model.CpSolver()
    solver.parameters.catch_sigint_signal = False
    if time_limit is not None:  # what is left of it once the model is built
        solver.parameters.max_time_in_seconds = max(
            time_limit - (time.perf_counter() - start), 1e-3)
    enumerate_all = limit != 1
    if enumerate_all:
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1
    else:
        follow_sweep(xc, model, chosen, solver.parameters, workers)
    # ("solution", options), ("end", CP-SAT's status) or ("error", the exception)
    found: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=QUEUE_SIZE)
    stop = threading.Event()
    deadline = None if time_limit is None else start + time_limit

    def hand_over(message: tuple[str, Any]) -> None:
        while not stop.is_set():
            try:
                found.put(message, timeout=0.05)
                return
            except queue.Full:
                continue

    class Collector(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.found = 0
            self.stopped = False

        def on_solution_callback(self) -> None:
            if stop.is_set() or self.stopped:
                return
            if deadline is not None and time.perf_counter() > deadline:
                self.stop_search()  # reading a solution of 180,000 options takes long
                return
            self.found += 1
            hand_over(("solution",
                       tuple(k for k, v in enumerate(chosen) if self.boolean_value(v))))
            if limit is not None and self.found >= limit:
                self.stopped = True
                self.stop_search()

    collector = Collector()

    ended = threading.Event()

    def search() -> None:
        try:
            hand_over(("end", solver.solve(model, collector)))
        except BaseException as e:  # handed to the caller's thread
            hand_over(("error", e))
        finally:
            ended.set()

    thread = threading.Thread(target=search, name="cpsat", daemon=True)
    _RUNNING[thread] = solver
    thread.start()
    status = None
    try:
        while True:
            try:
                kind, value = found.get(timeout=0.1)
            except queue.Empty:
                if deadline is not None and time.perf_counter() > deadline:
                    solver.stop_search()
                continue
            if kind == "solution":
                yield value
            elif kind == "error":
                raise value
            else:
                status = value
                break
    except KeyboardInterrupt:
        stats.reason = INTERRUPTED
        raise
    finally:
        _stop(solver, stop, found, ended)
        _RUNNING.pop(thread, None)
        stats.nodes = int(solver.num_branches)
        stats.updates = int(solver.num_conflicts)
    if collector.stopped:
        stats.reason = LIMIT
    elif status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        stats.reason = DONE
    elif status == cp_model.FEASIBLE and not enumerate_all:
        stats.reason = LIMIT if collector.found else TIMEOUT
    elif status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT rejected the model: {model.validate()}")
    else:
        stats.reason = TIMEOUT


# The workers of a first-solution search, in the order CP-SAT gives them threads: the
# sweep, then CP-SAT's own search (its proofs that there is none), then more of its own.
FIRST_WORKERS = ("fixed", "default_lp", "quick_restart", "no_lp", "max_lp")


def sweep_options(xc: ExactCover) -> list[int]:
    """The options in the order the sweep tries them: by the first item of the sweep
    (``engines.sweep.sweep_order``) each covers, ties by index.

    >>> from cpuzzler.exact_cover import ExactCover
    >>> xc = ExactCover(primary=["a", "b", "c"])
    >>> xc.sweep = ["c", "b", "a"]
    >>> for items in (["a"], ["a", "b"], ["c"], ["b"]):
    ...     _ = xc.add_option(items)
    >>> sweep_options(xc)
    [2, 1, 3, 0]
    """
    from cpuzzler.engines.sweep import sweep_order

    first = xc.first_in_sweep(sweep_order(xc))
    return sorted(range(xc.num_options), key=lambda k: (first[k], k))


def follow_sweep(xc: ExactCover, model: Any, chosen: Sequence[Any], parameters: Any,
                 workers: int) -> None:
    """Make one of ``workers`` search along the sweep: the first option not yet ruled out,
    in ``sweep_options`` order, is tried first (true), then the next. Without it CP-SAT
    found no first solution within 120 s of any of the nine big boards of the engines
    guide; with it three of them in 4-12 s (``benchmarks/big_first.py``)."""
    from ortools.sat.python import cp_model

    order = sweep_options(xc)
    model.add_decision_strategy([chosen[k] for k in order], cp_model.CHOOSE_FIRST,
                                cp_model.SELECT_MAX_VALUE)
    parameters.num_workers = workers
    if workers == 1:
        parameters.search_branching = cp_model.FIXED_SEARCH
    else:
        parameters.subsolvers.extend(FIRST_WORKERS[:workers])


# Searches running in their threads. A caller that stops reading the solutions (Ctrl-C
# in its own code between two of them) leaves the generator suspended; at exit its
# search is stopped here and waited for, or the interpreter, ending the daemon thread
# mid-search, aborts in C++ ("terminate called without an active exception", exit 134).
_RUNNING: dict[threading.Thread, Any] = {}


@atexit.register
def _stop_all_at_exit() -> None:
    for thread, solver in list(_RUNNING.items()):
        solver.stop_search()
        thread.join(10)


def _stop(solver: Any, stop: threading.Event, found: queue.Queue[tuple[str, Any]],
          ended: threading.Event) -> None:
    """Stop the search and wait until it has ``ended`` (moments after ``stop_search``); a
    Ctrl-C meanwhile is held back until then, then raised. (Not ``Thread.join``: on
    Python 3.11 a Ctrl-C inside it can mark a running thread ended, gh-90882.)"""
    stop.set()
    solver.stop_search()
    interrupted = False
    while not ended.is_set():
        try:
            with contextlib.suppress(queue.Empty):
                found.get_nowait()
            ended.wait(0.05)
        except KeyboardInterrupt:
            interrupted = True
    if interrupted:
        raise KeyboardInterrupt


def best(xc: ExactCover, weights: Sequence[int], *, maximize: bool = True,
         stats: Stats | None = None, time_limit: float | None = None, workers: int = 2,
         excluded: Sequence[Sequence[int]] = ()) -> Optimum[tuple[int, ...]]:
    """The best solution under the objective sum(weights[k] * chosen[k]), CP-SAT's own
    optimisation: its proof of optimality, or the best found when the time runs out;
    ``excluded``: solutions it may not be (the k best, one after another)."""
    from ortools.sat.python import cp_model

    total = sum(abs(w) for w in weights)
    if total > CPSAT_MOST_WEIGHT:  # its objective is a 64-bit integer, with room to add
        raise ExactCoverError(f"cpsat: the weights add up to {total}, past the 2**53 CP-SAT's "
                              "objective holds; the dlx and sat engines take any size")
    stats = stats if stats is not None else Stats(engine=NAME)
    time_limit = RunDeadline.left(time_limit)  # the run's end may come first
    start = time.perf_counter()
    try:
        with RunDeadline.within(time_limit):
            model, chosen = to_cpsat(xc)
    except TimeUp:
        stats.reason = TIMEOUT
        return Optimum(None, None, False, TIMEOUT)
    objective = sum(w * x for w, x in zip(weights, chosen, strict=True) if w)
    for solution in excluded:  # not exactly these options (a superset is another)
        inside = set(solution)
        model.add(sum(x if k in inside else -x for k, x in enumerate(chosen))
                  <= len(inside) - 1)
    if maximize:
        model.maximize(objective)
    else:
        model.minimize(objective)
    solver = cp_model.CpSolver()
    solver.parameters.catch_sigint_signal = False
    solver.parameters.num_workers = workers
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = max(
            time_limit - (time.perf_counter() - start), 1e-3)
    callback = _incumbents(progress.current())  # read here: CP-SAT calls from its threads
    interrupted = False
    try:
        status = beside(lambda: solver.solve(model, callback), solver.stop_search)
    except KeyboardInterrupt:  # the search has ended: the best it found is kept
        interrupted = True
        status = solver.response_proto.status
    finally:
        stats.nodes = int(solver.num_branches)
        stats.updates = int(solver.num_conflicts)
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT rejected the model: {model.validate()}")
    optimal = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    stats.reason = DONE if optimal else INTERRUPTED if interrupted else TIMEOUT
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Optimum(None, None, optimal, stats.reason)
    solution = tuple(k for k, x in enumerate(chosen) if solver.boolean_value(x))
    stats.solutions = 1
    return Optimum(solution, sum(weights[k] for k in solution), optimal, stats.reason)


def _incumbents(line: progress.Progress | None) -> Any:
    """A callback of CP-SAT's that shows each better solution's value, and the bound
    proven so far, on the progress ``line`` (None where there is no line)."""
    from ortools.sat.python import cp_model

    class Incumbents(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            if line is not None:
                line.update(None, note=f"best so far {round(self.objective_value):,}, "
                                       f"bound {round(self.best_objective_bound):,}")

    return Incumbents() if line is not None else None


def solve(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          limit: int | None = None, workers: int = 2,
          symmetries: Sequence[Sequence[int]] = ()) -> Generator[tuple[int, ...]]:
    """Solutions as sorted option tuples, streamed as CP-SAT finds them; with
    ``symmetries`` (permutations of the options) the least of each class only."""
    stats = stats if stats is not None else Stats(engine=NAME)
    yield from _stream(xc, stats, time_limit, limit, workers, symmetries)
    if stats.reason == LIMIT and limit is None:
        stats.reason = DONE


def count(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          workers: int = 2, symmetries: Sequence[Sequence[int]] = ()) -> int:
    """The number of solutions, by CP-SAT's enumeration (no solution is kept); Ctrl-C
    leaves a partial count, marked in ``stats``."""
    stats = stats if stats is not None else Stats(engine=NAME)
    total = 0
    try:
        for _ in _stream(xc, stats, time_limit, None, workers, symmetries):
            total += 1
    except KeyboardInterrupt:
        stats.reason = INTERRUPTED
    if stats.reason == LIMIT:
        stats.reason = DONE
    return total
