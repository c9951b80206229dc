"""The best solution of an exact cover under option weights: which engine answers
``ExactCover.best`` (by default the native branch and bound, ``engines.cheapest``,
where it applies: every primary item covered once, no colours; else CP-SAT's
objective, MaxSAT where the weights pass what CP-SAT's 64-bit objective holds; an
engine's own ``best`` where it has one), and the listing that any other engine answers
by, the oracle of the objective engines. ``engine="dlx"`` is the branch and bound
where it applies, else a listing.

>>> from cpuzzler.exact_cover import ExactCover
>>> xc = ExactCover(primary=["a", "b"])
>>> xc.add_option(["a", "b"]), xc.add_option(["a"]), xc.add_option(["b"])
(0, 1, 2)
>>> best(xc, [3, 1, 1], False, "python", None, {}).value
2
"""

from __future__ import annotations

import bisect
import time
from typing import Any

from cpuzzler.engines import cheapest
from cpuzzler.exact_cover import CPSAT_MOST_WEIGHT, ExactCover
from cpuzzler.jobs import JOBS
from cpuzzler.results import DONE, INTERRUPTED, Clock, Optimum, Stats


def best(xc: ExactCover, weights: list[int], maximize: bool, engine: str | None,
         time_limit: float | None, options: dict[str, Any]) -> Optimum[tuple[int, ...]]:
    """``ExactCover.best`` with its arguments checked: the engine's answer, its
    statistics in ``xc.stats``."""
    if branch_and_bound(xc, weights, engine, options, 1):
        ranked = k_best(xc, weights, maximize, engine, time_limit, options, 1)
        if ranked:
            return ranked[0]
        return Optimum(None, None, xc.stats.reason == DONE, xc.stats.reason)
    if engine is None:
        engine = "cpsat" if sum(map(abs, weights)) <= CPSAT_MOST_WEIGHT else "sat"
    run = JOBS["engine"](engine)
    xc.stats = stats = Stats(engine=run.NAME)
    start = time.perf_counter()
    try:
        if cheapest.every_solution_alike(xc, weights):  # a tiling's cells: the first
            first = listed_k(xc, weights, maximize, run, stats, time_limit, options, 1,
                             limit=1)
            return first[0] if first else Optimum(None, None, stats.reason == DONE,
                                                  stats.reason)
        if hasattr(run, "best"):
            found: Optimum[tuple[int, ...]] = run.best(
                xc, weights, maximize=maximize, stats=stats, time_limit=time_limit,
                **options)
            return found
        return best_listed(xc, weights, maximize, run, stats, time_limit, options)
    finally:
        stats.seconds = time.perf_counter() - start


def k_best(xc: ExactCover, weights: list[int], maximize: bool, engine: str | None,
           time_limit: float | None, options: dict[str, Any], k: int
           ) -> list[Optimum[tuple[int, ...]]]:
    """The ``k`` best solutions in order of value (fewer where there are fewer): an
    objective engine's best again and again, each time with the ones found excluded
    (ties in the order found); a listing engine keeps the k best it lists (ties by
    their options, least first). Each is ``optimal`` where proven the next best."""
    if branch_and_bound(xc, weights, engine, options, k):
        xc.stats = stats = Stats(engine=cheapest.NAME)
        start = time.perf_counter()
        try:
            return cheapest.cheapest(xc, weights, maximize, k, time_limit, stats)
        except KeyboardInterrupt:
            stats.reason = INTERRUPTED
            return []
        finally:
            stats.seconds = time.perf_counter() - start
    if engine is None:
        engine = "cpsat" if sum(map(abs, weights)) <= CPSAT_MOST_WEIGHT else "sat"
    run = JOBS["engine"](engine)
    xc.stats = stats = Stats(engine=run.NAME)
    start = time.perf_counter()
    clock = Clock(time_limit)
    try:
        if cheapest.every_solution_alike(xc, weights):  # any k are the k best
            return listed_k(xc, weights, maximize, run, stats, time_limit, options, k,
                            limit=k)
        if not hasattr(run, "best"):
            return listed_k(xc, weights, maximize, run, stats, time_limit, options, k)
        found: list[Optimum[tuple[int, ...]]] = []
        while len(found) < k:
            one: Optimum[tuple[int, ...]] = run.best(
                xc, weights, maximize=maximize, stats=stats, time_limit=clock.left(),
                excluded=[f.solution for f in found], **options)
            if one.solution is None:
                break
            found.append(one)
            if not one.optimal:
                break
        stats.solutions = len(found)
        return found
    finally:
        stats.seconds = time.perf_counter() - start


def branch_and_bound(xc: ExactCover, weights: list[int], engine: str | None,
                     options: dict[str, Any], k: int) -> bool:
    """Whether the native branch and bound answers (the default, or ``engine="dlx"``)."""
    return (engine in (None, "dlx") and not options
            and cheapest.refusal(xc, weights, k) is None)


def listed_k(xc: ExactCover, weights: list[int], maximize: bool, run: Any, stats: Stats,
             time_limit: float | None, options: dict[str, Any], k: int,
             limit: int | None = None) -> list[Optimum[tuple[int, ...]]]:
    """The k best by listing every solution (the oracle of ``k_best``), or the first
    ``limit`` where every solution is worth the same (proven best as soon as found)."""
    sign = 1 if maximize else -1
    kept: list[tuple[int, tuple[int, ...]]] = []  # (-sign * value, solution), best first
    try:
        for solution in run.solve(xc, stats=stats, time_limit=time_limit, limit=limit,
                                  **options):
            stats.solutions += 1
            key = (-sign * sum(weights[o] for o in solution), solution)
            if len(kept) < k or key < kept[-1]:
                bisect.insort(kept, key)
                del kept[k:]
            if limit is not None and stats.solutions >= limit:  # the first are the best
                stats.reason = DONE  # (the engine, asked for more, may go on)
                break
    except KeyboardInterrupt:
        stats.reason = INTERRUPTED
    done = stats.reason == DONE
    return [Optimum(solution, -sign * value, done, stats.reason) for value, solution in kept]


def best_listed(xc: ExactCover, weights: list[int], maximize: bool, run: Any, stats: Stats,
                time_limit: float | None, options: dict[str, Any]
                ) -> Optimum[tuple[int, ...]]:
    """The best solution by listing them all: the oracle of the objective engines."""
    sign = 1 if maximize else -1
    chosen: tuple[int, ...] | None = None
    value = 0
    try:
        for solution in run.solve(xc, stats=stats, time_limit=time_limit, **options):
            stats.solutions += 1
            total = sum(weights[k] for k in solution)
            if chosen is None or sign * total > sign * value:
                chosen, value = solution, total
    except KeyboardInterrupt:
        stats.reason = INTERRUPTED
    done = stats.reason == DONE
    return Optimum(chosen, None if chosen is None else value, done, stats.reason)


JOBS.update(best=best, k_best=k_best)
