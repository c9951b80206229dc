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
>>> queens(6).count(engine="auto", symmetry="raw")
4
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from cpuzzler import progress
from cpuzzler.engines import _dlx, cpsat, frontier, memo, native, sweep
from cpuzzler.engines.projection import projected_seconds
from cpuzzler.errors import ExactCoverError
from cpuzzler.results import DONE, INTERRUPTED, LIMIT, TIMEOUT, Clock, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["count", "solve"]

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


COMMIT = 4.0  # the frontier engine projecting this many times shorter: it runs alone
TOO_LONG = 4.0  # run alone past this many times its projection: the turns again


def count(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          memory: float | None = None) -> int:
    """The number of solutions, by a portfolio in doubling time budgets, steered by what
    each round measures in this process's CPU seconds (a machine busy with other work
    slows every round alike and misleads no projection). The native engine's count goes
    on each round where it stopped, and its position in the tree projects its time;
    between its rounds a counter counts afresh (where sub-problems repeat it wins by
    orders of magnitude: millions of domino tilings in a millisecond), and the frontier
    engine's finished layers project its time (``engines.projection.projected``);
    CP-SAT may prove there is none. Where the frontier engine projects ``COMMIT`` times
    shorter than enumeration, it runs alone to the end, unless it runs ``TOO_LONG``
    times past its projection: then the turns again. Enumeration never runs alone on a
    projection: the frontier engine's can be far too long (the 6x6 Sudoku's layers
    swell, then shrink: it projected 4 x 10^8 s and counts in 0.4 s), and one it could
    not make (fewer than three layers finished; the memo engine never projects) is
    unknown, not long; so the turns go on in doubling slices, and the whole costs a few
    times the better engine's CPU time. The counter is the frontier engine, or the memo
    engine once the frontier engine's layers pass the memory. ``memory``: the counters'
    cap (default theirs). ``stats.rounds`` says what ran, what each measured and what was
    chosen; ``stats.answered_by`` which engine answered."""
    stats = stats if stats is not None else Stats(engine=NAME)
    clock, budget = Clock(time_limit), FIRST_BUDGET
    solver = native.build_solver(xc)
    if (line := progress.current()) is not None:
        line.begin()
    turns = _Turns(xc, stats, clock, memory)
    try_cpsat = True
    while True:
        reason = turns.enumerate(solver, budget)
        inner = native.stats_of(solver)
        if reason != _dlx.TIMEOUT or clock.expired():
            stats.answered_by, stats.reason = native.NAME, native.REASONS[reason]
            return inner.solutions
        answer = turns.counter_round(budget)
        if answer is not None:
            return answer if stats.reason == DONE else inner.solutions
        if clock.expired():
            stats.reason = TIMEOUT
            return inner.solutions
        try_cpsat = try_cpsat and inner.solutions == 0  # CP-SAT proves only that none exist
        if try_cpsat:
            found, solution = _feasible(xc, stats, clock, budget)
            stats.rounds.append({"engine": cpsat.NAME, "seconds": budget, "outcome":
                                 "found a solution" if solution is not None else
                                 "proved there is none" if found == DONE else found})
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


class _Turns:
    """The portfolio's bookkeeping for a count: the native engine's time and projection,
    the counter in use, and what each round did (``stats.rounds``)."""

    def __init__(self, xc: ExactCover, stats: Stats, clock: Clock,
                 memory: float | None) -> None:
        self.xc, self.stats, self.clock, self.memory = xc, stats, clock, memory
        self.counter: str | None = frontier.NAME  # None: no counter left that fits
        self.usable = {frontier.NAME: True, memo.NAME: True}
        self.enumerated = 0.0  # the native engine's CPU seconds so far
        self.native_projection = math.inf
        self.committed = False  # the frontier engine has had its run alone
        self.load = 1.0  # wall-clock seconds a CPU second took in the counter's last round
        stats.rounds = []

    def enumerate(self, solver: _dlx.Solver, budget: float) -> int:
        """The native engine's round (its C stop reason); its projection: its CPU seconds
        over the share of its tree done."""
        start = time.process_time()
        _, reason = native.advance(solver, self.clock.budget(budget))
        self.enumerated += time.process_time() - start
        share = solver.progress()
        self.native_projection = self.enumerated / share if share > 0 else math.inf
        inner = native.stats_of(solver)
        self.stats.nodes, self.stats.kernel = inner.nodes, inner.kernel
        self.stats.rounds.append({
            "engine": native.NAME, "seconds": round(self.enumerated, 3),
            "outcome": native.REASONS[reason], "solutions": inner.solutions,
            "projected seconds": _finite(self.native_projection)})
        return reason

    def counter_round(self, budget: float) -> int | None:
        """The counter's round (or the frontier engine's run alone, where it projects far
        shorter); the count where it finished, else None."""
        if self.counter is None:
            return None
        counted = Stats(engine=self.counter)
        run = memo if self.counter == memo.NAME else frontier
        start, wall = time.process_time(), time.perf_counter()
        try:
            total = run.count(self.xc, stats=counted, time_limit=self.clock.budget(budget),
                              memory=self.memory)
            counted.seconds = time.process_time() - start
            self.load = _load(counted.seconds, time.perf_counter() - wall)
        except ExactCoverError as e:  # frontier: past its memory; memo: a search too deep
            self.stats.rounds.append({"engine": self.counter, "seconds": budget,
                                      "outcome": f"stopped: {e}"})
            self.usable[self.counter] = False
            self.counter = next((name for name, ok in self.usable.items() if ok), None)
            return None
        if counted.reason != TIMEOUT:
            return self._answered(counted, total)
        projection = math.inf if run is memo else projected_seconds(
            counted.frontier.get("layers", []), counted.frontier["items"],
            len(sweep.piece_items(self.xc))) / self.load  # the layers' seconds are wall's
        self.stats.rounds.append({"engine": self.counter, "seconds": round(counted.seconds, 3),
                                  "outcome": TIMEOUT,
                                  "projected seconds": _finite(projection)})
        if projection * COMMIT < self.native_projection and not self.committed:
            return self._frontier_alone(projection, budget)
        return None

    def _frontier_alone(self, projection: float, budget: float) -> int | None:
        """The frontier engine's one run alone, for ``TOO_LONG`` times its
        ``projection`` (and a round's ``budget``); the count where it finished."""
        self.committed = True
        left = self.clock.left()
        alone = (TOO_LONG * projection + budget) * self.load  # as wall-clock seconds
        self._say(f"the frontier engine projects {projection:.3g} s, {native.NAME} "
                  f"{self.native_projection:.3g} s: the frontier engine alone")
        counted = Stats(engine=frontier.NAME)
        start = time.process_time()
        try:
            total = frontier.count(self.xc, stats=counted, memory=self.memory,
                                   time_limit=alone if left is None else min(alone, left))
            counted.seconds = time.process_time() - start
        except ExactCoverError:
            return None
        if counted.reason != TIMEOUT:
            return self._answered(counted, total)
        self.stats.rounds.append({"engine": frontier.NAME, "outcome": TIMEOUT,
                                  "seconds": round(counted.seconds, 3)})
        if not self.clock.expired():
            self._say(f"the frontier engine ran {TOO_LONG:g} times past its "
                      "projection: turns again")
        return None

    def _answered(self, counted: Stats, total: int) -> int:
        self.stats.answered_by, self.stats.reason = counted.engine, counted.reason
        self.stats.memo, self.stats.frontier = counted.memo, counted.frontier
        self.stats.rounds.append({"engine": counted.engine, "outcome": counted.reason,
                                  "seconds": round(counted.seconds, 3)})
        return total

    def _say(self, choice: str) -> None:
        self.stats.rounds.append({"choice": choice})


def _load(cpu: float, wall: float) -> float:
    """How many wall-clock seconds a CPU second took (at least 1; a machine busy with
    other work makes it more): what turns layer times, which C measures by the wall
    clock, into CPU seconds.

    >>> _load(0.5, 2.0), _load(1.0, 0.9), _load(0.0, 0.001)
    (4.0, 1.0, 1.0)
    """
    return max(1.0, wall / cpu) if cpu > 0.01 else 1.0


def _finite(seconds: float) -> float | None:
    """Seconds for JSON: None where there is no projection."""
    return round(seconds, 3) if math.isfinite(seconds) else None
