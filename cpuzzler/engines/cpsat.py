"""The CP-SAT engine (OR-Tools): clause learning and propagation behind one interface.

A first solution uses CP-SAT's parallel workers; all solutions and counts use its
enumeration mode. It suits problems where depth-first search drowns: finding one
solution, or proving there is none.

>>> from cpuzzler.models import queens
>>> queens(6).count(engine="cpsat")
4
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from cpuzzler.encoders.cpsat import to_cpsat
from cpuzzler.results import DONE, INTERRUPTED, LIMIT, TIMEOUT, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

NAME = "cpsat"


def _run(xc: ExactCover, stats: Stats, time_limit: float | None, limit: int | None,
         on_solution, workers: int, symmetries: Sequence[Sequence[int]] = ()) -> None:
    from ortools.sat.python import cp_model

    model, chosen = to_cpsat(xc, symmetries)
    solver = cp_model.CpSolver()
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = max(time_limit, 1e-3)
    enumerate_all = limit != 1
    if enumerate_all:
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1
    else:
        solver.parameters.num_workers = workers

    class Collector(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.found = 0
            self.stopped = False

        def on_solution_callback(self) -> None:
            self.found += 1
            on_solution(tuple(k for k, v in enumerate(chosen) if self.boolean_value(v)))
            if limit is not None and self.found >= limit:
                self.stopped = True
                self.stop_search()

    collector = Collector()
    interrupted = threading.Event()
    try:
        status = solver.solve(model, collector)
    except KeyboardInterrupt:
        interrupted.set()
        status = None
    stats.nodes = int(solver.num_branches)
    stats.updates = int(solver.num_conflicts)
    if interrupted.is_set():
        stats.reason = INTERRUPTED
    elif collector.stopped:
        stats.reason = LIMIT
    elif status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        stats.reason = DONE
    elif status == cp_model.FEASIBLE and not enumerate_all:
        stats.reason = LIMIT if collector.found else TIMEOUT
    elif status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT rejected the model: {model.validate()}")
    else:
        stats.reason = TIMEOUT


def solve(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          limit: int | None = None, workers: int = 2,
          symmetries: Sequence[Sequence[int]] = ()) -> Iterator[tuple[int, ...]]:
    """Solutions as sorted option tuples (collected by CP-SAT, then handed over); with
    ``symmetries`` (permutations of the options) the least of each class only."""
    stats = stats if stats is not None else Stats(engine=NAME)
    found: list[tuple[int, ...]] = []
    _run(xc, stats, time_limit, limit, found.append, workers, symmetries)
    reason = stats.reason
    yield from found
    stats.reason = DONE if reason == LIMIT and limit is None else reason


def count(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          workers: int = 2, symmetries: Sequence[Sequence[int]] = ()) -> int:
    """The number of solutions, by CP-SAT's enumeration (no solution is kept)."""
    stats = stats if stats is not None else Stats(engine=NAME)
    total = [0]

    def tally(_: tuple[int, ...]) -> None:
        total[0] += 1

    _run(xc, stats, time_limit, None, tally, workers, symmetries)
    return total[0]
