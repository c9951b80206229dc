"""The ``auto`` engine: the native engine, with CP-SAT beside it where search drowns.

Depth-first search enumerates fastest by orders of magnitude, but on some problems it
cannot even find out whether a solution exists: the 10x10 board without two opposite
corners has no domino tiling, which the native engine does not prove in a minute while
CP-SAT (whose linear relaxation sees the colour count) proves it in half a second. So
``auto`` runs a portfolio with doubling time budgets: the native engine for ``b``
seconds, then CP-SAT for ``b`` seconds to find one solution or prove there is none, then
``2b``, and so on. Once CP-SAT has shown that solutions exist, counting and listing them
is the native engine's job alone. A count also gives a counter its turn between the
native engine's rounds (which resume where they stopped), since where sub-problems
repeat it counts millions of solutions in milliseconds: the frontier engine (two to
five times as fast as the memo engine on the same sweep, in a tenth of the memory or
less), or the memo engine once the frontier engine's layers do not fit its memory (the
memo engine drops entries for want of room and still finishes, slowly). Whichever way
it goes, the cost is at most a few times that of the better engine.
``stats.answered_by`` names the engine that settled it.

>>> from cpuzzler.models import queens
>>> queens(6).count(engine="auto")
4
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from cpuzzler import progress
from cpuzzler.engines import _dlx, cpsat, frontier, memo, native
from cpuzzler.errors import ExactCoverError
from cpuzzler.results import DONE, INTERRUPTED, LIMIT, TIMEOUT, Clock, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

NAME = "auto"
FIRST_BUDGET = 0.5  # seconds for the first round of each engine
# CP-SAT's full portfolio of workers even on two cores: the worker that proves the
# mutilated boards at once (the linear relaxation) is not among the first two.
WORKERS = 8


def _feasible(xc: ExactCover, stats: Stats, clock: Clock, budget: float
              ) -> tuple[str, tuple[int, ...] | None]:
    """CP-SAT looks for one solution for ``budget`` seconds: (its stop reason, the
    solution or None). DONE with None means it proved there is none."""
    inner = Stats(engine=cpsat.NAME)
    search = cpsat.solve(xc, stats=inner, time_limit=clock.budget(budget), limit=1,
                         workers=WORKERS)
    try:
        found = next(search, None)
    except KeyboardInterrupt:
        return INTERRUPTED, None
    finally:
        search.close()  # now, not when collected: a Ctrl-C meanwhile must reach us
    stats.nodes += inner.nodes
    return inner.reason, found


def solve(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          limit: int | None = None, memory: float | None = None
          ) -> Iterator[tuple[int, ...]]:
    """Solutions as sorted option tuples: whether there is one is settled by the
    portfolio; the native engine lists them (``memory``, the counters' cap, is for
    counts)."""
    stats = stats if stats is not None else Stats(engine=NAME)
    clock, budget = Clock(time_limit), FIRST_BUDGET
    while True:
        inner = Stats(engine=native.NAME)
        first = next(native.solve(xc, stats=inner, time_limit=clock.budget(budget)), None)
        stats.nodes += inner.nodes
        if first is not None or inner.reason != TIMEOUT or clock.expired():
            stats.answered_by = native.NAME
            if first is None:  # none (done), time-out or interrupted
                stats.reason = inner.reason
                return
            if limit == 1:
                stats.reason = LIMIT
                yield first
                return
            break
        reason, solution = _feasible(xc, stats, clock, budget)
        if reason == INTERRUPTED:
            stats.reason = INTERRUPTED
            raise KeyboardInterrupt
        if solution is not None or reason == DONE:
            stats.answered_by, stats.reason = cpsat.NAME, DONE
            if solution is None:
                return
            if limit == 1:
                stats.reason = LIMIT
                yield solution
                return
            break
        if clock.expired():
            stats.reason = TIMEOUT
            return
        budget *= 2
    inner = Stats(engine=native.NAME)  # solutions exist: list them from the start
    yield from native.solve(xc, stats=inner, time_limit=clock.budget(None), limit=limit)
    stats.nodes += inner.nodes
    stats.updates, stats.kernel, stats.reason = inner.updates, inner.kernel, inner.reason


def count(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          memory: float | None = None) -> int:
    """The number of solutions, by a portfolio in doubling time budgets: the native
    engine's count goes on each round where it stopped; between its rounds a counter
    counts afresh (where sub-problems repeat it wins by orders of magnitude: millions of
    domino tilings in a millisecond), and CP-SAT may prove there is none. The counter is
    the frontier engine, or the memo engine once the frontier engine's layers pass the
    memory (the memo engine drops entries then, and still finishes). ``memory``: the
    counters' cap (default theirs). Where enumeration is the better engine, the
    counter's rounds at most double the time."""
    stats = stats if stats is not None else Stats(engine=NAME)
    clock, budget = Clock(time_limit), FIRST_BUDGET
    solver = native.build_solver(xc)
    if (line := progress.current()) is not None:
        line.begin()
    counter: str | None = frontier.NAME  # None: enumeration alone
    usable = {frontier.NAME: True, memo.NAME: True}
    try_cpsat = True
    while True:
        _, reason = native.advance(solver, clock.budget(budget))
        inner = native.stats_of(solver)
        stats.nodes, stats.kernel = inner.nodes, inner.kernel
        if reason != _dlx.TIMEOUT or clock.expired():
            stats.answered_by, stats.reason = native.NAME, native.REASONS[reason]
            return inner.solutions
        if counter is not None:
            counted = Stats(engine=counter)
            run = memo if counter == memo.NAME else frontier
            try:
                total = run.count(xc, stats=counted, time_limit=clock.budget(budget),
                                  memory=memory)
            except ExactCoverError:  # frontier: past its memory; memo: a search too deep
                usable[counter] = False
                counter = next((name for name, ok in usable.items() if ok), None)
            else:
                if counted.reason != TIMEOUT:
                    stats.answered_by, stats.reason = counter, counted.reason
                    stats.memo, stats.frontier = counted.memo, counted.frontier
                    return total if counted.reason == DONE else inner.solutions
        try_cpsat = try_cpsat and inner.solutions == 0  # CP-SAT proves only that none exist
        if try_cpsat:
            found, solution = _feasible(xc, stats, clock, budget)
            if found == INTERRUPTED:
                stats.reason = INTERRUPTED
                return inner.solutions
            if found == DONE and solution is None:
                stats.answered_by, stats.reason = cpsat.NAME, DONE
                return 0
            try_cpsat = solution is None  # once a solution is known, only counting is left
        if clock.expired():
            stats.reason = TIMEOUT
            return inner.solutions
        budget *= 2

