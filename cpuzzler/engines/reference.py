"""The reference engine: Algorithm X in plain Python, written to be read and trusted.

It is the oracle every other engine is checked against, so it is short rather than fast.

Search state: ``alive[o]`` says whether option ``o`` may still be chosen; ``avail[i]``
counts the live options containing item ``i``; ``covered[i]`` counts the chosen options
containing it; ``open_items`` holds the primary items still to be decided. Every change
to ``alive`` is pushed on ``trail`` so a branch can be undone by popping.

Branching on item ``i`` whose live options are ``o1 < o2 < ... < ok``: branch ``j``
chooses ``oj`` with ``o1 .. o(j-1)`` excluded, so each set of options is reached once
(Knuth's rule for Algorithm M); when ``i`` already has its ``lo`` coverage, a last branch
closes ``i`` with no further options. The item chosen has the fewest branches (MRV).
Choosing an option that gives a secondary item a colour excludes the options that give
it another colour or none; one that holds it without a colour excludes all others.

>>> from cpuzzler import ExactCover
>>> xc = ExactCover(primary=["a", "b"])
>>> _ = xc.add_option(["a"]), xc.add_option(["b"]), xc.add_option(["a", "b"])
>>> sorted(solve(xc))
[(0, 1), (2,)]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from cpuzzler.errors import ExactCoverError
from cpuzzler.results import DONE, INTERRUPTED, TIMEOUT, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["count", "solve"]

NAME = "python"


class _TimeUp(Exception):
    pass


def _search(xc: ExactCover, stats: Stats, deadline: float | None) -> Iterator[tuple[int, ...]]:
    lo, hi, secondary = xc.item_arrays()
    options = [xc.option_items(o) for o in range(xc.num_options)]
    containing = xc.item_options()
    colour_at = xc.colour_maps()
    alive = [True] * len(options)
    avail = [len(c) for c in containing]
    covered = [0] * len(lo)
    open_items = {i for i in range(len(lo)) if not secondary[i]}
    chosen: list[int] = []
    trail: list[int] = []

    def kill(o: int) -> None:
        alive[o] = False
        trail.append(o)
        for i in options[o]:
            avail[i] -= 1
        stats.updates += 1

    def undo(mark: int) -> None:
        while len(trail) > mark:
            o = trail.pop()
            alive[o] = True
            for i in options[o]:
                avail[i] += 1

    def choose_item() -> tuple[int, int]:
        best, best_branches = -1, len(options) + 2
        for i in open_items:
            need = lo[i] - covered[i]
            if need > avail[i]:
                return i, 0
            branches = avail[i] + (need <= 0)
            if branches < best_branches or (branches == best_branches and i < best):
                best, best_branches = i, branches
        return best, best_branches

    def take(o: int) -> list[int]:
        """Choose option ``o``; return the primary items it closed."""
        kill(o)
        closed = []
        for i in options[o]:
            covered[i] += 1
            if secondary[i] or covered[i] == hi[i]:
                colour = colour_at[o].get(i, 0)
                for other in containing[i]:
                    if alive[other] and (colour == 0 or colour_at[other].get(i, 0) != colour):
                        kill(other)
                if not secondary[i]:
                    open_items.discard(i)
                    closed.append(i)
        chosen.append(o)
        return closed

    def untake(o: int, closed: list[int]) -> None:
        chosen.pop()
        for i in options[o]:
            covered[i] -= 1
        open_items.update(closed)

    def search() -> Iterator[tuple[int, ...]]:
        stats.nodes += 1
        if deadline is not None and stats.nodes % 1024 == 0 and time.perf_counter() > deadline:
            raise _TimeUp
        if not open_items:
            yield tuple(sorted(chosen))
            return
        i, branches = choose_item()
        if branches == 0:
            return
        mark = len(trail)
        for o in [o for o in containing[i] if alive[o]]:
            inner = len(trail)
            closed = take(o)
            yield from search()
            untake(o, closed)
            undo(inner)
            kill(o)  # later branches exclude o: each option set is reached once
        if covered[i] >= lo[i]:
            open_items.discard(i)
            yield from search()
            open_items.add(i)
        undo(mark)

    return search()


def solve(
    xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
    limit: int | None = None,
) -> Iterator[tuple[int, ...]]:
    """Yield every solution of ``xc``; ``stats.reason`` says why the search stopped.
    (``limit`` is the caller's business: this generator stops when it stops asking.)"""
    stats = stats if stats is not None else Stats(engine=NAME)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    stats.reason = DONE
    try:
        yield from _search(xc, stats, deadline)
    except _TimeUp:
        stats.reason = TIMEOUT
    except RecursionError:  # a level of the search is a frame of Python's
        raise ExactCoverError(
            f"the python engine's search would go deeper than Python allows (about "
            f"{sys.getrecursionlimit()} levels); count this problem with the dlx engine"
        ) from None


def count(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None) -> int:
    """The number of solutions (so far, if the time limit or Ctrl-C stopped the search)."""
    stats = stats if stats is not None else Stats(engine=NAME)
    total = 0
    try:
        for _ in solve(xc, stats=stats, time_limit=time_limit):
            total += 1
    except KeyboardInterrupt:
        stats.reason = INTERRUPTED
    return total
