"""An exact cover's solutions with some options given in advance: the residual problem.

The given options use up their items: an item covered as often as it may be drops out
with every other option holding it; an item with room left keeps its other options and
its bounds less what the givens used; a coloured item keeps the options that give it
the givens' colour. What is left is a smaller exact cover (``ExactCover.part``), solved
by any engine; each of its solutions with the givens added back is a solution of the
whole problem that holds them all, and every such solution is found once.

>>> from cpuzzler.models import queens
>>> board = queens(4)
>>> both = list(board.solve())
>>> [len(list(Givens(board).solutions([s[0]]))) for s in both]
[1, 1]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator
from typing import Any

from cpuzzler.engines.native import first_of
from cpuzzler.exact_cover import ExactCover


class Givens:
    """The residual problems of ``xc``, one per set of given options (the item lists
    read once, for many questions)."""

    def __init__(self, xc: ExactCover) -> None:
        self.xc = xc
        self.lo, self.hi, self.secondary = xc.item_arrays()
        self.options = [xc.option_items(o) for o in range(xc.num_options)]
        self.colours = xc.colour_maps() if xc.has_colours else None
        self.option_colours = [xc.option_colours(o) for o in range(xc.num_options)]
        self.secondary_flags = [int(s) for s in self.secondary]
        self.holding = xc.item_options()

    def used(self, given: Collection[int]) -> Counter[int]:
        """How often the options ``given`` hold each item."""
        return Counter(i for o in given for i in self.options[o])

    def clash(self, given: Collection[int], used: Counter[int] | None = None) -> bool:
        """Whether the options ``given`` cannot go together in any solution: an item
        held more often than it may be, or given two colours (or a colour and none);
        ``used``: their ``used(given)``, where known."""
        used = self.used(given) if used is None else used
        if any(k > (1 if self.secondary[i] else self.hi[i]) for i, k in used.items()
               if self.colours is None or not any(self.colours[o].get(i) for o in given)):
            return True
        if self.colours is None:
            return False
        seen: dict[int, set[int]] = {}
        for o in given:
            for i in self.options[o]:
                if self.secondary[i]:
                    seen.setdefault(i, set()).add(self.colours[o].get(i, 0))
        return any(len(colours) > 1 for colours in seen.values())

    def _left(self, given: Collection[int], used: Counter[int] | None = None
              ) -> tuple[list[tuple[int, int, int]], list[int], set[int]]:
        """What is left once ``given`` is chosen: per item kept, (index, lo, hi); the
        options kept; the items dropped."""
        used = self.used(given) if used is None else used
        colour: dict[int, int] = {}
        if self.colours is not None:
            for o in given:
                colour.update((i, c) for i, c in self.colours[o].items() if c)
        out: set[int] = set(given)
        dropped = set()
        for i, k in used.items():
            if i in colour:
                out.update(o for o in self.holding[i]
                           if self.colours is not None and self.colours[o].get(i) != colour[i])
            elif self.secondary[i] or k >= self.hi[i]:
                dropped.add(i)
                out.update(self.holding[i])
        items = [(i, max(0, self.lo[i] - used[i]) if not self.secondary[i] else 1,
                  self.hi[i] - used[i] if not self.secondary[i] else 1)
                 for i in range(len(self.lo)) if i not in dropped]
        kept = [o for o in range(len(self.options)) if o not in out]
        return items, kept, dropped

    def residual(self, given: Collection[int], used: Counter[int] | None = None
                 ) -> tuple[ExactCover, list[int]]:
        """The problem left once ``given`` is chosen, and its options' indices in
        ``xc``. The givens must go together (as options of one solution do)."""
        items, kept, _ = self._left(given, used)
        return self.xc.part(items, kept), kept

    def _native(self, given: Collection[int], limit: int, used: Counter[int]
                ) -> list[tuple[int, ...]]:
        """``solutions`` on the C search, the matrix handed over as it is (items keep
        their indices; a dropped item has no option left and need not be covered)."""
        items, kept, _ = self._left(given, used)
        lo, hi = [0] * len(self.lo), [1] * len(self.lo)
        for i, low, high in items:
            lo[i], hi[i] = low, high
        options = [self.options[o] for o in kept]
        colours = None if self.colours is None else [self.option_colours[o] for o in kept]
        found = first_of(lo, hi, self.secondary_flags, options, colours, limit)
        return [tuple(sorted([*given, *(kept[k] for k in s)])) for s in found]

    def solutions(self, given: Collection[int], limit: int | None = None, *,
                  engine: str | None = None, time_limit: float | None = None,
                  **options: Any) -> Iterator[tuple[int, ...]]:
        """The solutions of ``xc`` that hold every option ``given``, at most ``limit``,
        as sorted option indices of ``xc``; none where the givens clash."""
        used = self.used(given)  # once: every step below reads it
        if self.clash(given, used):
            return
        if engine in (None, "dlx") and not options and limit is not None:
            yield from self._native(given, limit, used)
            return
        rest, kept = self.residual(given, used)
        if len(rest.primary) == 0:  # the givens cover everything: they are the solution
            yield tuple(sorted(given))
            return
        for found in rest.solve(limit, engine=engine, time_limit=time_limit, **options):
            yield tuple(sorted([*given, *(kept[k] for k in found)]))

    def another(self, given: Collection[int], solution: Collection[int], *,
                engine: str | None = None, **options: Any) -> tuple[int, ...] | None:
        """A solution holding ``given`` other than ``solution`` (which holds them), or
        None where there is none: the search stops at the second solution."""
        target = tuple(sorted(solution))
        for found in self.solutions(given, 2, engine=engine, **options):
            if found != target:
                return found
        return None


__all__ = ["Givens"]
