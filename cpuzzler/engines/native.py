"""The native engine in C (``csrc/dlx.c``, ``csrc/bits.c``), the default for every problem.

Two kernels search the same tree: ``bits`` (bitsets, no undo; for problems whose primary
items are all 1:1 and whose options number at most 80000) and ``links`` (dancing links;
bounds, colours, and problems of any size). ``kernel="auto"`` picks ``bits`` where it applies.
Counting runs wholly in C; solutions come back to Python in batches (1, 2, 4, ... up to
4096 at a time), never one call per search node.

>>> from cpuzzler.models import queens
>>> queens(8).count(engine="dlx", symmetry="raw")
92
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, cast

from cpuzzler import progress
from cpuzzler.engines import _dlx
from cpuzzler.engines.processes import can_fork, first_answer, free_cores
from cpuzzler.engines.sweep import piece_items
from cpuzzler.errors import ExactCoverError
from cpuzzler.results import DONE, INTERRUPTED, LIMIT, TIMEOUT, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["count", "solve"]

NAME = "dlx"
Solver = _dlx.Solver
MAX_BATCH = 4096
REASONS = {_dlx.DONE: DONE, _dlx.LIMIT: LIMIT, _dlx.TIMEOUT: TIMEOUT,
            _dlx.INTERRUPTED: INTERRUPTED}


KERNELS = ("auto", "bits", "links")
ROUND = 0.5  # seconds between progress reports, when a progress line is shown
RESTART_UNIT = 30_000  # nodes of a seeded first-solution search's shortest run (Luby: x1)
CHOICES = ("fewest", "pieces", "cells")  # the rules for the item to branch on
FIRST_SEED = 0  # the seed of a search for one solution that names neither seed nor kernel
# the choice rules of the processes that join a portfolio (the k-th, from 1, takes rule
# k mod 2): another seed of the fewest-branches rule first (random ties among the fewest
# win on the catalog, and cells first almost never finds the pentacubes' open box), then
# cells first, which finds the one-sided hexominoes 20x18 sooner (the engines guide)
JOINING = ("cells", "fewest")
ALONE = 200_000  # nodes a portfolio's first seed searches alone before the others join
SLICE = 0.02  # seconds of search between two looks at the nodes, while alone


def solver_arguments(xc: ExactCover
                     ) -> tuple[list[int], list[int], list[int], list[tuple[int, ...]]]:
    """What the C solver is built from: per item lo, hi and secondary; the options."""
    lo, hi, secondary = xc.item_arrays()
    options = [xc.option_items(o) for o in range(xc.num_options)]
    return lo, hi, [int(s) for s in secondary], options


def ranks(xc: ExactCover, choice: str) -> list[int]:
    """Per item, its rank for ``choice`` (0 first): the piece items first for
    ``"pieces"``, the others first for ``"cells"``.

    >>> from cpuzzler.models import queens
    >>> ranks(queens(4), "cells")[:4]
    [0, 0, 0, 0]
    """
    pieces = piece_items(xc)
    piece_rank = 0 if choice == "pieces" else 1
    return [piece_rank if i in pieces else 1 - piece_rank for i in range(len(xc.items))]


def _set_up(solver: _dlx.Solver, xc: ExactCover, choice: str, seed: int | None,
            restart_unit: int) -> _dlx.Solver:
    """``solver`` with its choice rule and, given a seed, its randomness and restarts."""
    if choice != "fewest":
        solver.rank(ranks(xc, choice))
    if seed is not None:
        solver.randomize(seed % 2**64, restart_unit)
    return solver


def build_solver(xc: ExactCover, kernel: str = "auto") -> _dlx.Solver:
    """The C solver for ``xc``, ready to run (colours: the links kernel)."""
    colours = ([xc.option_colours(o) for o in range(xc.num_options)] if xc.has_colours
               else None)
    return _dlx.Solver(*solver_arguments(xc), kernel, colours)


def first_of(lo: Sequence[int], hi: Sequence[int], secondary: Sequence[int],
             options: Sequence[tuple[int, ...]],
             colours: Sequence[tuple[int, ...] | None] | None = None, limit: int = 2
             ) -> list[tuple[int, ...]]:
    """At most ``limit`` solutions of a matrix given as the C solver takes it (per item
    lo, hi and secondary; each option's items; ``solver_arguments``), found by the plain
    search: the quick answer to many small questions about one matrix
    (``design.givens``); Ctrl-C raises KeyboardInterrupt.

    >>> first_of([1, 1], [1, 1], [0, 0], [(0,), (1,), (0, 1)])
    [(0, 1), (2,)]
    """
    solver = _dlx.Solver(lo, hi, secondary, options, "auto", colours)
    solutions, reason, _ = solver.run(limit, True, -1.0)
    if reason == _dlx.INTERRUPTED:
        raise KeyboardInterrupt
    return solutions or []


def stats_of(solver: _dlx.Solver) -> Stats:
    """The statistics of what ``solver`` has run so far."""
    stats = Stats(engine=NAME)
    _record(stats, solver)
    return stats


def _record(stats: Stats, solver: _dlx.Solver) -> None:
    stats.nodes, stats.updates, stats.solutions, stats.kernel = solver.stats()
    stats.restarts = solver.restarts()


def _remaining(deadline: float | None) -> float:
    return -1.0 if deadline is None else max(0.0, deadline - time.perf_counter())


def advance(solver: _dlx.Solver, seconds: float | None = None, max_new: int = 0,
            store: bool = False) -> tuple[list[tuple[int, ...]], int]:
    """Run ``solver`` on for at most ``seconds`` (``None``: no limit) or ``max_new`` more
    solutions (0: no limit): (the solutions, if stored; the C stop reason). Where a
    progress line is shown (``progress.current()``), in rounds of ``ROUND`` seconds with
    a report after each."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    line = progress.current()
    if line is None:
        solutions, reason, _ = solver.run(max_new, store, _remaining(deadline))
        return solutions or [], reason
    gathered: list[tuple[int, ...]] = []
    while True:
        left = _remaining(deadline)
        wanted = 0 if max_new == 0 else max_new - len(gathered)
        solutions, reason, _ = solver.run(wanted, store, ROUND if left < 0 else min(ROUND, left))
        gathered.extend(solutions or [])
        nodes, _, found, _ = solver.stats()
        line.update(solver.progress(), solutions=found, nodes=nodes)
        if reason != _dlx.TIMEOUT or (deadline is not None and time.perf_counter() >= deadline):
            return gathered, reason


def solve(
    xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
    kernel: str = "auto", limit: int | None = None, seed: int | None = None,
    restart_unit: int = RESTART_UNIT, jobs: int | None = None, choice: str = "fewest",
) -> Iterator[tuple[int, ...]]:
    """Yield every solution; on Ctrl-C, set ``stats.reason`` and raise KeyboardInterrupt.

    With a ``seed`` the choice of item breaks ties at random (the same seed, the same
    search) on either kernel, and a search for one solution (``limit=1``) restarts on
    Luby's schedule in units of ``restart_unit`` nodes (0: never) until it finds one
    (``csrc/dlx.c``, "Randomness and restarts"). Listing more never restarts. A search
    for one solution naming neither a seed nor a kernel takes ``FIRST_SEED``: the time
    to a first solution is heavy-tailed, and restarts cut the tail (the engines guide);
    naming a kernel asks for its plain search.

    ``jobs``: a seeded search for one solution as a portfolio of that many processes
    (seeds ``seed``, ``seed + 1``, ...; the first to find one wins, ``stats.seed`` says
    which; ``portfolio``). By default (None) a search for one solution naming neither
    seed nor kernel takes one process per free core (``processes.free_cores``), and
    any other search one.

    ``choice``: which item to branch on, among those with more than one branch:
    ``"fewest"`` branches (MRV), or the fewest among the items naming pieces
    (``"pieces"``, ``engines.sweep.piece_items``) or among the others (``"cells"``)
    while any is left (``csrc/dlx.c``, "Rank"; either kernel)."""
    stats = stats if stats is not None else Stats(engine=NAME)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    if jobs is not None and jobs < 1:
        raise ExactCoverError(f"jobs {jobs}: at least one process")
    if seed is None and limit == 1 and kernel == "auto":
        seed = FIRST_SEED
        if jobs is None:
            jobs = free_cores()
    if seed is not None and seed < 0:  # checked before the solver is built
        raise ExactCoverError(f"seed {seed}: a seed is a whole number >= 0")
    if choice not in CHOICES:
        raise ExactCoverError(f"unknown choice {choice!r}; known: {', '.join(CHOICES)}")
    solver = _set_up(build_solver(xc, kernel), xc, choice, seed,
                     restart_unit if limit == 1 else 0)
    stats.choice, stats.seed = choice, seed
    if (line := progress.current()) is not None:
        line.begin()
    if seed is not None and limit == 1 and (jobs or 1) > 1 and can_fork():
        yield from portfolio(xc, solver, seed, cast(int, jobs), restart_unit, stats, deadline,
                             kernel)
        return
    batch = 1
    if limit is not None:
        batch = max(1, min(limit, MAX_BATCH))
    while True:
        left = _remaining(deadline)
        solutions, reason = advance(solver, None if left < 0 else left, batch, True)
        _record(stats, solver)
        for solution in solutions:
            # a caller's work on each one (naming its class up to symmetry) takes time
            # too: past the deadline the rest of a batch is not handed out
            if deadline is not None and time.perf_counter() > deadline:
                stats.reason = TIMEOUT
                return
            yield solution
        if reason != _dlx.LIMIT:
            stats.reason = REASONS[reason]
            if reason == _dlx.INTERRUPTED:
                raise KeyboardInterrupt
            return
        batch = min(2 * batch, MAX_BATCH)


def count(
    xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
    kernel: str = "auto",
) -> int:
    """Count in C; a time limit or Ctrl-C leaves a partial count, marked in ``stats``."""
    stats = stats if stats is not None else Stats(engine=NAME)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    solver = build_solver(xc, kernel)
    if (line := progress.current()) is not None:
        line.begin()
    left = _remaining(deadline)
    _, reason = advance(solver, None if left < 0 else left)
    _record(stats, solver)
    stats.reason = REASONS[reason]
    return stats.solutions


def portfolio(xc: ExactCover, solver: _dlx.Solver, seed: int, jobs: int, restart_unit: int,
              stats: Stats, deadline: float | None, kernel: str = "auto"
              ) -> Iterator[tuple[int, ...]]:
    """One solution by ``jobs`` seeded searches side by side, ``solver`` (randomised
    with ``seed``, not yet run) the first. It searches ``ALONE`` nodes alone: whatever
    it finds in them is what one process finds, so a problem solved that fast gets the
    same solution on every machine, at any load. Then the others join, each a forked
    process (``processes.first_answer``): the first one goes on where it stopped, the
    k-th of the rest begins with seed ``seed + k`` and the choice rule
    ``JOINING[k % len(JOINING)]``. The first solution found wins (``stats.seed`` and
    ``stats.choice`` say whose), and the others are killed; Ctrl-C and the time limit
    kill them all."""
    while stats.nodes < ALONE:  # alone, in slices: a solution, the end, or ALONE nodes
        left = _remaining(deadline)
        solutions, reason = advance(solver, SLICE if left < 0 else min(SLICE, left), 1, True)
        _record(stats, solver)
        if reason != _dlx.TIMEOUT or _remaining(deadline) == 0:
            stats.reason = REASONS[reason]
            if reason == _dlx.INTERRUPTED:
                raise KeyboardInterrupt
            yield from solutions
            return

    def search(solver: _dlx.Solver) -> tuple[list[tuple[int, ...]], int, Stats]:
        left = _remaining(deadline)
        solutions, reason, _ = solver.run(1, True, left)
        return solutions or [], reason, stats_of(solver)

    def fresh(k: int) -> tuple[list[tuple[int, ...]], int, Stats]:
        return search(_set_up(build_solver(xc, kernel), xc, JOINING[k % len(JOINING)],
                              seed + k, restart_unit))

    works = [functools.partial(search, solver)]
    works += [functools.partial(fresh, k) for k in range(1, jobs)]
    left = _remaining(deadline)
    stats.jobs = jobs
    try:
        answer = first_answer(works, None if left < 0 else left)
    except KeyboardInterrupt:  # every process is stopped by now
        stats.reason = INTERRUPTED
        raise
    if answer is None:
        stats.reason = TIMEOUT
        return
    k, (solutions, reason, their) = answer
    stats.seed, stats.restarts = seed + k, their.restarts
    if k > 0:
        stats.choice = JOINING[k % len(JOINING)]
    stats.nodes, stats.updates, stats.solutions = their.nodes, their.updates, their.solutions
    stats.reason = REASONS[reason]
    yield from solutions
