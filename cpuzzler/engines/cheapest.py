"""The k cheapest exact covers in C (``csrc/cheapest.c``): branch and bound on dancing
links with Knuth's DLX5 taxes and thresholds and two bounds of our own, the default of
``best()`` where it applies (every primary item covered once, no colours; weights of
either sign, either direction: a maximum is the least of the negated weights).

The first bound is prices on the items, the dual values of the linear relaxation
(``priced_problem``, by GLOP from OR-Tools): costs are taken net of them, so the prices
of the items still uncovered bound what any node's completion costs.

The second needs groups of primary items no option holds two of (a tiling's pieces, the
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

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cpuzzler import progress
from cpuzzler.engines import _dlx
from cpuzzler.engines.native import REASONS
from cpuzzler.results import DONE, Optimum, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

NAME = "dlx"
MOST_WEIGHT = 2**61  # |weights| summed: net costs and their sums fit 64 bits
MOST_DEPTH = 20_000  # primary items: the search recurses once per option chosen
MOST_KEPT = 50_000_000  # k times the primary items: the k best kept, 4 bytes an option
UNIT = 1024  # the prices' resolution: costs are scaled by it
MOST_LP = 1_000_000  # option entries past which no linear relaxation is solved
LP_SECONDS = 1.0  # GLOP's time at most (it holds the interpreter: Ctrl-C waits for it)


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
    start = time.monotonic()
    priced = priced_problem(options, secondary, costs,
                            None if time_limit is None else time_limit / 10)
    if time_limit is not None:
        time_limit = max(0.0, time_limit - (time.monotonic() - start))
    for i in priced.slack:  # covered once now: by an option of its own or its slack
        lo[i] = hi[i] = 1
    sign = -1 if maximize else 1
    reason, nodes, tax, found = _dlx.cheapest(
        lo, hi, priced.secondary, options + [[i] for i in priced.slack], priced.costs,
        groups, k, priced.unit, -1.0 if time_limit is None else time_limit,
        _reporter(progress.current(), sign, priced))
    said = REASONS[reason]
    if stats is not None:
        stats.kernel, stats.nodes, stats.reason = "cheapest", nodes, said
        stats.solutions = len(found)
    ranked = sorted(((net + tax + priced.offset) // priced.unit,
                     tuple(sorted(o for o in chosen if o < xc.num_options)))
                    for net, chosen in found)
    return [Optimum(chosen, sign * cost, said == DONE, said) for cost, chosen in ranked]


def _reporter(line: progress.Progress | None, sign: int, priced: Priced
              ) -> Callable[[int, int, int | None], None] | None:
    """What the search tells its progress to: the line's nodes, solutions and the best
    value so far (None where no line is shown)."""
    if line is None:
        return None

    def report(nodes: int, kept: int, least: int | None) -> None:
        best = ("no solution yet" if least is None
                else f"best so far {sign * ((least + priced.offset) // priced.unit):,}")
        line.update(None, solutions=kept, nodes=nodes, note=best)

    return report


@dataclass
class Priced:
    """The problem the search takes: every cost times ``unit`` less the prices of its
    items (``offset``, the prices of all primary items, added back to every solution),
    and for each secondary item in ``slack``, made primary, a slack option."""

    costs: list[int]
    secondary: list[int]
    slack: list[int]
    unit: int = 1
    offset: int = 0


def priced_problem(options: Sequence[Sequence[int]], secondary: list[bool], costs: list[int],
                   seconds: float | None) -> Priced:
    """The costs net of prices on the items, the linear relaxation's dual values scaled
    by ``UNIT`` and rounded down (the search's taxes then make every net cost >= 0
    whatever the prices: they change no solution's value, good ones give a bound that
    already sees, say, that 60 cells of pieces leave 4 of 64 empty). A secondary item
    of negative price is made primary, with a slack option (the price is a reward for
    using it, which a solution may forgo). Without prices (every solution costing the
    same, no optimum in ``seconds`` or ``LP_SECONDS``, past ``MOST_LP``, past 64 bits)
    the costs as they are.

    >>> priced_problem([[0, 1], [0], [1]], [False, False], [3, 1, 1], None)
    Priced(costs=[1024, 0, 0], secondary=[0, 0], slack=[], unit=1024, offset=2048)
    """
    plain = Priced(list(costs), [int(s) for s in secondary], [])
    if all_alike(options, secondary, costs):
        return plain
    duals = lp_duals(options, secondary, costs,
                     LP_SECONDS if seconds is None else min(seconds, LP_SECONDS))
    if duals is None or not all(map(math.isfinite, duals)):
        return plain
    price = [math.floor(UNIT * y + 1e-6) for y in duals]  # 1e-6: no price from round-off
    price = [0 if s and p > 0 else p for p, s in zip(price, secondary, strict=True)]
    slack = [i for i, s in enumerate(secondary) if s and price[i] < 0]
    net = [UNIT * c - sum(price[i] for i in items)
           for c, items in zip(costs, options, strict=True)]
    net += [-price[i] for i in slack]
    if sum(map(abs, net)) + abs(sum(price)) >= MOST_WEIGHT:
        return plain
    made = [int(s) for s in secondary]
    for i in slack:
        made[i] = 0
    return Priced(net, made, slack, UNIT, sum(price))  # a secondary's price is 0 or slack


def every_solution_alike(xc: ExactCover, weights: list[int]) -> bool:
    """Whether every solution of ``xc`` has the same value under ``weights`` (by DLX5's
    taxes: ``all_alike``), where every primary item is covered once and there are no
    colours: then any solution is the best, and the first one found is proven so.

    >>> from cpuzzler.models import queens
    >>> weights = [o * o for o in range(16)]  # a queen on row r, column c: option 4r + c
    >>> every_solution_alike(queens(4), [1] * 16), every_solution_alike(queens(4), weights)
    (True, False)
    """
    lo, hi, secondary = xc.item_arrays()
    if xc.has_colours or any(not s and (a, b) != (1, 1)
                             for a, b, s in zip(lo, hi, secondary, strict=True)):
        return False
    options = [xc.option_items(o) for o in range(xc.num_options)]
    return all_alike(options, secondary, list(weights))


def all_alike(options: Sequence[Sequence[int]], secondary: list[bool], costs: list[int]
              ) -> bool:
    """Whether DLX5's taxes alone leave every option free, so that every solution costs
    the same (a tiling's cells covered, where every tiling covers them all): then the
    first solution is the best, and prices have nothing to add.

    >>> all_alike([[0, 1], [0], [1]], [False, False], [2, 1, 1])
    True
    """
    net = list(costs)
    holders: list[list[int]] = [[] for _ in secondary]
    for o, items in enumerate(options):
        for i in items:
            holders[i].append(o)
    for i, held in enumerate(holders):
        if not secondary[i] and held:
            least = min(net[o] for o in held)
            for o in held:
                net[o] -= least
    return not any(net)


def lp_duals(options: Sequence[Sequence[int]], secondary: list[bool], costs: list[int],
             seconds: float | None) -> list[float] | None:
    """The dual values of the linear relaxation (each option between 0 and 1, each
    primary item covered once, each secondary at most once), by GLOP; None where it
    finds no optimum in ``seconds`` or the problem is past ``MOST_LP`` entries."""
    if sum(map(len, options)) > MOST_LP:
        return None
    from ortools.linear_solver import pywraplp

    solver = pywraplp.Solver.CreateSolver("GLOP")
    if solver is None:
        return None
    if seconds is not None:
        solver.SetTimeLimit(max(1, int(seconds * 1000)))
    rows = [solver.Constraint(0.0 if s else 1.0, 1.0) for s in secondary]
    objective = solver.Objective()
    for cost, items in zip(costs, options, strict=True):
        x = solver.NumVar(0.0, 1.0, "")
        objective.SetCoefficient(x, cost)
        for i in items:
            rows[i].SetCoefficient(x, 1.0)
    objective.SetMinimization()
    if solver.Solve() != pywraplp.Solver.OPTIMAL:
        return None
    return [row.dual_value() for row in rows]
