"""Split an exact-cover problem into independent sub-problems whose counts add up.

The split follows the reference engine's branching (the item with the fewest branches;
branch j takes that item's j-th live option and excludes the earlier ones; a last branch
closes an item whose lower bound is met), ``depth`` levels deep. Each leaf becomes a
smaller, self-contained ``ExactCover`` that any engine, process or machine can
solve; its solutions, joined with the options fixed on the way down, are exactly the
original's.

>>> from cpuzzler.models import queens
>>> parts = queens(6).subproblems(depth=2)
>>> sum(part.problem.count() for part in parts)
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cpuzzler.exact_cover import Subproblem
from cpuzzler.jobs import JOBS

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["Subproblem", "split", "split_until"]


@dataclass
class _State:
    alive: set[int]
    covered: list[int]
    open_items: set[int]
    fixed: tuple[int, ...]


def split(xc: ExactCover, depth: int) -> list[Subproblem]:
    """The sub-problems at ``depth`` levels of branching (fewer where the search ends)."""
    if depth < 0:
        raise ValueError(f"depth must be >= 0, not {depth}")
    return split_until(xc, 1 << 62, depth)[1]  # no number of parts stops it early


def split_until(xc: ExactCover, parts: int, most: int) -> tuple[int, list[Subproblem]]:
    """(depth, sub-problems) at the fewest levels of branching (1 .. ``most``) that give
    at least ``parts`` sub-problems, or at ``most`` levels; only the last level's
    sub-problems are built.

    >>> from cpuzzler.models import queens
    >>> depth, found = split_until(queens(8), 30, 4)
    >>> depth, len(found) >= 30, sum(part.problem.count() for part in found)
    (2, True, 92)
    """
    lo, hi, secondary = xc.item_arrays()
    options = [xc.option_items(o) for o in range(xc.num_options)]
    containing = xc.item_options()
    colour_at = xc.colour_maps()

    def take(state: _State, o: int, excluded: list[int]) -> _State:
        alive = state.alive - {o} - set(excluded)
        covered = list(state.covered)
        open_items = set(state.open_items)
        for i in options[o]:
            covered[i] += 1
            if colour := colour_at[o].get(i, 0):  # the options of other colours leave
                alive.difference_update(k for k in containing[i]
                                        if colour_at[k].get(i, 0) != colour)
            elif secondary[i] or covered[i] == hi[i]:
                alive.difference_update(containing[i])
                open_items.discard(i)
        return _State(alive, covered, open_items, tuple(sorted((*state.fixed, o))))

    def branches(state: _State) -> list[_State]:
        best: tuple[int, int] | None = None
        for i in sorted(state.open_items):
            live = sum(1 for o in containing[i] if o in state.alive)
            need = lo[i] - state.covered[i]
            count = 0 if need > live else live + (need <= 0)
            if best is None or count < best[0]:
                best = (count, i)
        if best is None or best[0] == 0:
            return []
        i = best[1]
        alive = [o for o in containing[i] if o in state.alive]
        children = [take(state, o, alive[:j]) for j, o in enumerate(alive)]
        if state.covered[i] >= lo[i]:
            closed = _State(state.alive - set(alive), state.covered,
                            state.open_items - {i}, state.fixed)
            children.append(closed)
        return children

    start = _State(set(range(len(options))), [0] * len(lo),
                   {i for i in range(len(lo)) if not secondary[i]}, ())
    frontier = [start]
    depth = 0
    while depth < most and (depth == 0 or len(frontier) < parts):
        grown: list[_State] = []
        for state in frontier:
            grown.extend(branches(state) if state.open_items else [state])
        frontier = grown
        depth += 1
    return depth, [_reduce(xc, state, lo, hi, secondary, colour_at) for state in frontier]


def _reduce(xc: ExactCover, state: _State, lo: list[int], hi: list[int],
            secondary: list[bool], colour_at: list[dict[int, int]]) -> Subproblem:
    shared = {i for o in state.fixed for i in colour_at[o]}  # coloured: others may join
    used_secondary = {i for i in range(len(lo))
                      if secondary[i] and state.covered[i] and i not in shared}
    items = [(i, max(0, lo[i] - state.covered[i]), hi[i] - state.covered[i])
             for i in sorted(state.open_items)]
    items += [(i, 1, 1) for i in range(len(lo)) if secondary[i] and i not in used_secondary]
    kept = sorted(state.alive)
    return Subproblem(xc.part(items, kept), state.fixed, tuple(kept))


JOBS["split"] = split  # ExactCover.subproblems()
