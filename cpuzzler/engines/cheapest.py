"""The k cheapest exact covers in C (``csrc/cheapest.c``): branch and bound on dancing
links with Knuth's DLX5 taxes and a bound of our own, the default of ``best()`` where it
applies (every primary item covered once, no colours; weights of either sign, either
direction: a maximum is the least of the negated weights).

The bound needs groups of primary items no option holds two of (a tiling's pieces, the
queens' rows and columns): ``bound_groups`` finds them, from the items each option
names at the same position where those make a partition of the options, else greedily.

>>> from cpuzzler.models import queens
>>> xc = queens(6)
>>> weights = [(o // 6) * (o % 6) for o in range(xc.num_options)]  # row times column
>>> found = cheapest(xc, weights, False, 3, None)
>>> [f.value for f in found], found[0].optimal
([34, 34, 41], True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cpuzzler.engines import _dlx
from cpuzzler.engines.native import REASONS
from cpuzzler.results import DONE, Optimum, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

NAME = "dlx"
MOST_WEIGHT = 2**61  # |weights| summed: net costs and their sums fit 64 bits
MOST_DEPTH = 20_000  # primary items: the search recurses once per option chosen
MOST_KEPT = 50_000_000  # k times the primary items: the k best kept, 4 bytes an option


def refusal(xc: ExactCover, weights: list[int], k: int = 1) -> str | None:
    """Why the branch and bound does not take this problem (for the ``k`` best), or None
    if it does."""
    lo, hi, secondary = xc.item_arrays()
    if xc.has_colours:
        return "colours"
    if any(not s and (a, b) != (1, 1) for a, b, s in zip(lo, hi, secondary, strict=True)):
        return "primary items with bounds other than 1:1"
    depth = sum(not s for s in secondary)
    if depth > MOST_DEPTH:
        return f"more than {MOST_DEPTH:,} primary items"
    if k * depth > MOST_KEPT:
        return f"k times the primary items past {MOST_KEPT:,} (the solutions kept)"
    if sum(map(abs, weights)) >= MOST_WEIGHT:
        return "weights past 2**61 in all"
    return None


def bound_groups(xc: ExactCover) -> list[list[int]]:
    """Groups of primary items no option holds two of, for the bound: the items at one
    position of every option wherever those make a partition of the options (a
    tiling's pieces; Sudoku's cells, rows, columns and boxes with their digits), else
    one group taken greedily, items in most options first.

    >>> from cpuzzler.models import queens
    >>> bound_groups(queens(4))  # the rows, the columns
    [[0, 1, 2, 3], [4, 5, 6, 7]]
    """
    secondary = [xc.is_secondary(name) for name in xc.items]
    options = [[i for i in xc.option_items(o) if not secondary[i]]
               for o in range(xc.num_options)]
    groups: list[list[int]] = []
    for at in range(min((len(o) for o in options), default=0)):
        chosen = {o[at] for o in options}
        once = all(sum(i in chosen for i in o) == 1 for o in options)
        if once and sorted(chosen) not in groups:
            groups.append(sorted(chosen))
    if groups:
        return groups
    holders: dict[int, list[int]] = {}
    for o, items in enumerate(options):
        for i in items:
            holders.setdefault(i, []).append(o)
    blocked: set[int] = set()
    greedy: list[int] = []
    for i in sorted(holders, key=lambda i: -len(holders[i])):
        if i not in blocked:
            greedy.append(i)
            blocked.update(j for o in holders[i] for j in options[o])
    return [sorted(greedy)]


def cheapest(xc: ExactCover, weights: list[int], maximize: bool, k: int,
             time_limit: float | None, stats: Stats | None = None
             ) -> list[Optimum[tuple[int, ...]]]:
    """The ``k`` best solutions under ``weights`` (fewer where there are fewer), best
    first, ties by their options; each ``optimal`` unless a stop cut the search short
    (then the best found, unproven). ``refusal(xc, weights)`` must be None."""
    lo, hi, secondary = xc.item_arrays()
    options = [xc.option_items(o) for o in range(xc.num_options)]
    costs = [-w for w in weights] if maximize else list(weights)
    groups = [i for group in bound_groups(xc) for i in [*group, -1]]
    reason, nodes, tax, found = _dlx.cheapest(
        lo, hi, [int(s) for s in secondary], options, costs, groups, k,
        -1.0 if time_limit is None else time_limit)
    said = REASONS[reason]
    if stats is not None:
        stats.kernel, stats.nodes, stats.reason = "cheapest", nodes, said
        stats.solutions = len(found)
    ranked = sorted((net + tax, tuple(sorted(chosen))) for net, chosen in found)
    sign = -1 if maximize else 1
    return [Optimum(chosen, sign * cost, said == DONE, said) for cost, chosen in ranked]
