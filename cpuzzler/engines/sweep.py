"""The sweep both counters share: the order they cover items in, the items naming pieces,
the problem as their C takes it, their tables' cap when none is given, and whether the
sweep meets itself in the middle under a half turn.

The memo engine (``memo.py``) and the frontier engine (``frontier/``) branch on the first
open item of one fixed order of the primary items: the problem's ``sweep`` (a tiling sets
it: its cells column by column along the longer side), else one derived from the matrix
alone, with the items naming pieces last.

>>> from cpuzzler.models import queens
>>> len(sweep_order(queens(4)))
8
"""

from __future__ import annotations

import heapq
import itertools
import os
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cpuzzler.errors import ExactCoverError

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["sweep_order", "piece_items", "derived_sweep", "default_memory",
           "half_turn_places", "meet_places"]

MEMORY_SHARE = 0.25  # of the machine's memory, when no cap is given


def default_memory() -> int:
    """A quarter of the machine's memory, in bytes (1 GiB where it cannot be read)."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") * MEMORY_SHARE)
    except (ValueError, OSError, AttributeError):
        return 1 << 30


DERIVE_LIMIT = 20_000_000  # pairs of items sharing an option, at most, for a derived sweep


def sweep_order(xc: ExactCover, order: Sequence[str] | None = None) -> list[int]:
    """The primary items' indices in sweep order: ``order`` (item names), else the
    problem's ``sweep``, else one derived from the matrix (``derived_sweep``); primary
    items not named follow in their own order."""
    names = order if order is not None else xc.sweep
    primary = [k for k, name in enumerate(xc.items) if not xc.is_secondary(name)]
    if not names:
        return derived_sweep(xc)
    index = {name: k for k, name in enumerate(xc.items)}
    chosen = []
    for name in names:
        if name not in index:
            raise ExactCoverError(f"sweep order names unknown item {name!r}")
        if not xc.is_secondary(name):
            chosen.append(index[name])
    seen = set(chosen)
    if len(seen) != len(chosen):
        raise ExactCoverError("sweep order names an item twice")
    return chosen + [k for k in primary if k not in seen]


def piece_items(xc: ExactCover) -> set[int]:
    """The items that name a piece, found from the matrix alone: primary items no two of
    which share an option, one in every option (a tiling's pieces, a Sudoku's cells), at
    most a third of the primary items (a board's black squares, one in every domino, are
    no pieces). Taken greedily, first from the items sharing options with most others
    down (a piece meets every cell it can reach), then from those in most options down;
    empty where neither gives such a set.

    >>> from cpuzzler.exact_cover import ExactCover
    >>> xc = ExactCover(primary=["X", "Y", "a", "b", "c", "d"])  # two dominoes in a 2x2
    >>> for piece in "XY":
    ...     for cells in ("ab", "cd", "ac", "bd"):
    ...         _ = xc.add_option([piece, *cells])
    >>> sorted(xc.items[i] for i in piece_items(xc))
    ['X', 'Y']
    """
    lo, hi, secondary = xc.item_arrays()
    options = [xc.option_items(o) for o in range(xc.num_options)]
    options_of: list[list[int]] = [[] for _ in xc.items]
    neighbours: list[set[int]] = [set() for _ in xc.items]
    for o, items in enumerate(options):
        for i in items:
            options_of[i].append(o)
            neighbours[i].update(items)
    candidates = [i for i in range(len(xc.items)) if not secondary[i] and options_of[i]]
    for rank in (lambda i: (-len(neighbours[i]), -len(options_of[i]), i),
                 lambda i: (-len(options_of[i]), i)):
        chosen: set[int] = set()
        touched = [False] * len(options)  # options holding a chosen item
        for i in sorted(candidates, key=rank):
            if not any(touched[o] for o in options_of[i]):
                chosen.add(i)
                for o in options_of[i]:
                    touched[o] = True
        if all(touched) and 3 * len(chosen) <= len(xc.items) - sum(secondary):
            return chosen
    return set()


def derived_sweep(xc: ExactCover) -> list[int]:
    """A sweep order for a problem that brings none (a DLX file), from its matrix alone.
    The items naming a piece (``piece_items``) come last, as a model's sweep puts them;
    the others are taken one by one, each time the open item (one that shares an option
    with an item taken) that opens the fewest new ones, ties to the one with fewer
    neighbours, then to the one opened first. The open items are the frontier the memo
    engine's states differ in; keeping it narrow is what a sweep across a board does.
    Past ``DERIVE_LIMIT`` pairs of items sharing an option, the items' own order.

    >>> from cpuzzler.exact_cover import ExactCover
    >>> xc = ExactCover(primary=["d", "a", "c", "b"])
    >>> for pair in (["a", "b"], ["b", "c"], ["c", "d"]):
    ...     _ = xc.add_option(pair)
    >>> [xc.items[i] for i in derived_sweep(xc)]  # a path: from one end to the other
    ['d', 'c', 'b', 'a']
    """
    n = len(xc.items)
    lo, hi, secondary = xc.item_arrays()
    primary = [i for i in range(n) if not secondary[i]]
    if sum(len(xc.option_items(o)) ** 2 for o in range(xc.num_options)) > DERIVE_LIMIT:
        return primary
    pieces = piece_items(xc)
    options = [[i for i in xc.option_items(o) if i not in pieces]
               for o in range(xc.num_options)]
    neighbours: list[set[int]] = [set() for _ in range(n)]
    for items in options:
        for i in items:
            neighbours[i].update(items)
    for i in range(n):
        neighbours[i].discard(i)
    containing = [0] * n
    for items in options:
        for i in items:
            containing[i] += 1
    degree = [len(neighbours[i]) for i in range(n)]
    fresh = list(degree)  # neighbours neither open nor taken
    seen = [False] * n  # open or taken
    opened: dict[int, int] = {}  # open primary items: when each was opened
    left = {i for i in primary if i not in pieces}
    order: list[int] = []
    ticks = itertools.count()
    # where a component begins: the least key among the items left, in a heap that gets
    # an item's new key each time a neighbour is seen (stale entries skipped)
    starts = [(fresh[i], containing[i], i) for i in left]
    heapq.heapify(starts)

    def see(j: int) -> None:
        seen[j] = True
        for k in neighbours[j]:
            fresh[k] -= 1
            if not seen[k]:
                heapq.heappush(starts, (fresh[k], containing[k], k))
        if not secondary[j]:
            opened[j] = next(ticks)

    while left:
        if opened:
            best = min(opened, key=lambda i: (fresh[i], degree[i], opened[i]))
            del opened[best]
        else:  # a new component: start at its item of fewest neighbours (a corner)
            while True:
                key = heapq.heappop(starts)
                best = key[2]
                if best in left and not seen[best] and key[0] == fresh[best]:
                    break
            see(best)
            opened.pop(best)
        left.discard(best)
        order.append(best)
        for j in neighbours[best]:
            if not seen[j]:
                see(j)
    return order + sorted(pieces)


def counter_arguments(xc: ExactCover, order: Sequence[str] | None = None) -> tuple[Any, ...]:
    """The problem as the C counters take it: (lo, hi, secondary as 0/1, the options'
    item lists, the sweep order's indices, the colour of every entry or ``None``)."""
    lo, hi, secondary = xc.item_arrays()
    options = [xc.option_items(o) for o in range(xc.num_options)]
    colours = None
    if xc.has_colours:  # the colour of every entry, one flat list
        colours = [c for o in range(xc.num_options)
                   for c in (xc.option_colours(o) or (0,) * len(options[o]))]
    return lo, hi, [int(s) for s in secondary], options, sweep_order(xc, order), colours


def half_turn_places(options: Sequence[Sequence[int]], sequence: Sequence[int],
                     pieces: set[int]) -> int:
    """How many of the sweep's first places map onto themselves reversed (place p onto
    n-1-p), every other item fixed, sending each option onto an option: a board swept
    along its length that its half turn maps onto itself, its pieces after its cells in
    the sweep. 0 where neither all the sweep nor the part before its pieces does.

    >>> half_turn_places([(0, 1), (1, 2), (2, 3)], [0, 1, 2, 3], set())  # a 1x4 strip
    4
    >>> half_turn_places([(0, 1), (1, 2)], [0, 1, 2, 3], set())
    0
    >>> half_turn_places([(0,), (0,), (1,)], [0, 1], set())  # {0} twice, its image once
    0
    """
    known = Counter(tuple(sorted(option)) for option in options)  # twice: twice its image
    tail = 0
    while tail < len(sequence) and sequence[len(sequence) - 1 - tail] in pieces:
        tail += 1
    for n in dict.fromkeys((len(sequence) - tail, len(sequence))):
        if n < 2:
            continue
        image = {item: sequence[n - 1 - p] for p, item in enumerate(sequence[:n])}
        if Counter(tuple(sorted(image.get(i, i) for i in option))
                   for option in options) == known:
            return n
    return 0


def meet_places(arguments: tuple[Any, ...], pieces: set[int]) -> int:
    """``half_turn_places`` of ``counter_arguments`` (with the tiling's ``pieces``) where
    a meeting in the middle applies: every item covered exactly once, no colours;
    else 0.

    >>> meet_places(([1] * 4, [1] * 4, 0, [(0, 1), (1, 2), (2, 3)], [0, 1, 2, 3], None),
    ...             set())
    4
    """
    lo, hi, _, options, sequence, colours = arguments
    if colours is not None or not set(lo) <= {1} or not set(hi) <= {1}:
        return 0
    return half_turn_places(options, sequence, pieces)
