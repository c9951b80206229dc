"""The memo engine: counts by merging identical sub-problems, in C (``csrc/memo.c``).

It searches as Algorithm X does and memoises the count of every remaining sub-problem
under its exact state (which items are covered how often, stored in full and compared in
full). Two choice rules pick the item to branch on:

- ``choice="sweep"`` (the default): the first open primary item of a fixed sweep order.
  Where the sweep keeps a narrow frontier of open items, as across a board, few distinct
  states exist and the count costs far less than visiting every solution: the 8x8 board
  has 12,988,816 domino tilings, counted here in a few thousand steps.
- ``choice="fewest"``: the open item with the fewest compatible options (Knuth's minimum
  remaining values, ties to the earlier item of the sweep order), the tree the native
  engine searches, with what repeats in it merged: for puzzles of many distinct pieces,
  whose states rarely repeat in a sweep.

The sweep order, the items naming pieces and the memory cap by default are the ones the
frontier engine uses too (``engines.sweep``). Listing solutions is the native engine's
job: ``solve`` hands over to it.

>>> from cpuzzler.models import queens
>>> queens(8).count(engine="memo", symmetry="raw")
92
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cpuzzler.engines import _dlx, native
from cpuzzler.engines.sweep import counter_arguments, default_memory
from cpuzzler.errors import ExactCoverError, TimeUp
from cpuzzler.jobs import JOBS
from cpuzzler.presolve import reduce
from cpuzzler.results import INTERRUPTED, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["count", "solve", "sample", "diagram_nodes"]

NAME = "memo"
CHOICES = ("sweep", "fewest")  # the choice rules, as _dlx.memo_count numbers them
PRESOLVE_FROM = 1000  # options from which a count reduces the problem first (measured)
PRESOLVE_TO = 20000  # and up to which (past it the Python probes take half a minute on)


def count(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          order: Sequence[str] | None = None, memory: float | None = None,
          choice: str = "sweep", presolve: bool | None = None) -> int:
    """The number of solutions. ``memory``: the table's cap in bytes (default a quarter of
    the machine's); past it the least useful entries are dropped and the count stays exact.
    ``choice``: the choice rule, ``"sweep"`` or ``"fewest"``. ``presolve``: count the
    problem without the options probes prove in no solution (``cpuzzler.presolve``; by
    default from ``PRESOLVE_FROM`` to ``PRESOLVE_TO`` options, where it pays: the
    hexiamond snowflake's count 2.9 times faster, most others 5 to 20 per cent). A time
    limit or Ctrl-C leaves a lower bound, marked in ``stats``.

    >>> from cpuzzler.models import queens
    >>> count(queens(8), choice="fewest")
    92
    """
    return _run(xc, stats, time_limit, order, memory, 0, 0, choice, presolve)[0]


def sample(xc: ExactCover, k: int, *, seed: int = 0, stats: Stats | None = None,
           time_limit: float | None = None, order: Sequence[str] | None = None,
           memory: float | None = None, choice: str = "sweep", presolve: bool | None = None
           ) -> list[tuple[int, ...]]:
    """``k`` solutions drawn uniformly at random among all of them (independently, so
    one may come twice), the same ones for the same seed: after the count, each draw
    walks down the memo table taking each branch with probability its share of the
    count. Fewer than ``k`` when there is no solution or a limit stopped the count."""
    if k < 0:
        raise ExactCoverError(f"the number of samples must be at least 0, not {k}")
    return _run(xc, stats, time_limit, order, memory, k, seed, choice, presolve)[1]


def _run(xc: ExactCover, stats: Stats | None, time_limit: float | None,
         order: Sequence[str] | None, memory: float | None, samples: int, seed: int,
         choice: str, presolve: bool | None) -> tuple[int, list[tuple[int, ...]]]:
    stats = stats if stats is not None else Stats(engine=NAME)
    if choice not in CHOICES:
        raise ExactCoverError(f"the memo engine's choice rule is one of {', '.join(CHOICES)}, "
                              f"not {choice!r}")
    start = time.perf_counter()
    reduction = None
    if presolve if presolve is not None else PRESOLVE_FROM <= xc.num_options <= PRESOLVE_TO:
        try:  # a tenth of the time limit at most; the rest is the count's
            reduction = reduce(xc, time_limit=None if time_limit is None else time_limit / 10)
        except KeyboardInterrupt:  # Ctrl-C before the count began: a count of 0, marked
            stats.reason = INTERRUPTED
            return 0, []
        xc = reduction.problem
        order = None if order is None else [name for name in order if name in xc]
    lo, hi, secondary, options, sequence, colours = counter_arguments(xc, order)
    cap = float(default_memory() if memory is None else memory)
    if not cap > 0:
        raise ExactCoverError(f"the memo engine needs a positive memory cap, not {memory}")
    left = -1.0 if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
    try:
        total, reason, numbers, draws = _dlx.memo_count(
            lo, hi, secondary, options, sequence, cap, left, samples,
            seed % 2**64, CHOICES.index(choice), colours)
    except (RecursionError, OverflowError) as e:  # too deep a search, a count past 2**128
        raise ExactCoverError(str(e)) from None
    stats.reason = native.REASONS[reason]
    stats.nodes = numbers[0]
    stats.memo = dict(zip(("nodes", "hits", "misses", "states", "peak_bytes", "dropped",
                           "evictions"), numbers, strict=True))
    if reduction is not None:
        stats.memo["presolved"] = (reduction.original_options, len(reduction.options))
        draws = [reduction.original(draw) for draw in draws]
    return total, draws


def diagram_nodes(xc: ExactCover, order: Sequence[str] | None = None, *,
                  memory: float | None = None, time_limit: float | None = None
                  ) -> tuple[list[tuple[int, int, int]], int, dict[str, float]]:
    """The nodes of the decision diagram of all solutions along the sweep (C,
    ``csrc/diagram.c``), terminals first, its root, and what the build took (``states``
    built, ``peak_bytes`` of its tables): what ``cpuzzler.engines.diagram.Diagram`` holds.
    Colours are the caller's to refuse; ``memory`` caps the tables (default a quarter
    of the machine's); past it, past the time limit or on Ctrl-C, an error
    (``errors.TimeUp`` for the time, KeyboardInterrupt for Ctrl-C): a diagram is whole
    or none."""
    from array import array

    lo, hi, secondary, options, sequence, _ = counter_arguments(xc, order)
    cap = float(default_memory() if memory is None else memory)
    if not cap > 0:
        raise ExactCoverError(f"a diagram needs a positive memory cap, not {memory}")
    left = -1.0 if time_limit is None else max(0.0, time_limit)
    reason, no_memory, states, root, chosen, lows, highs, peak = _dlx.diagram_build(
        lo, hi, secondary, options, sequence, cap, left)
    if no_memory:
        raise ExactCoverError(f"the decision diagram needs more than {cap:,.0f} bytes "
                              f"({states:,} states built): give it more memory")
    if native.REASONS[reason] == "interrupted":
        raise KeyboardInterrupt
    if root < 0 or chosen is None or lows is None or highs is None:
        raise TimeUp(f"the decision diagram was not finished within the time limit "
                     f"({states:,} states built)")
    columns = [array("i", raw) for raw in (chosen, lows, highs)]
    return ([(-1, 0, 0), (-1, 1, 1), *zip(*columns, strict=True)], root,
            {"states": states, "peak_bytes": peak})


def solve(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          limit: int | None = None, **options: Any) -> Iterator[tuple[int, ...]]:
    """Solutions are listed by the native engine (the memo engine only counts)."""
    stats = stats if stats is not None else Stats(engine=NAME)
    yield from native.solve(xc, stats=stats, time_limit=time_limit, limit=limit)


JOBS["sample"] = sample  # ExactCover.sample: uniform draws from the memo table
