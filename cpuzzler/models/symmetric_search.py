"""Solutions with a required symmetry, found in the quotients rather than by listing.

A solution that a symmetry g maps onto itself is a union of whole orbits of options under
g, so those solutions are the solutions of the quotient by g (``burnside.quotient``): an
exact cover of half the size for a half turn, a quarter for a quarter turn. Any engine
solves it, so ``constraints.Symmetric`` costs what the smaller problem costs, where
listing every solution and checking each took what the whole problem costs. A solution
fixed by several of the symmetries asked for is found in each of their quotients and
given once.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> tiling = Tiling([pieces.domino()[0].with_copies(8)], square.rectangle(4, 4))
>>> half_turn = [p for p, g in zip(tiling.option_symmetries(), range(1, 8))
...              if tiling.symmetries.proper[g] and tiling.symmetries.order(g) == 2]
>>> parts = quotients(tiling.exact_cover, half_turn)
>>> found = fixed_solutions(tiling.exact_cover, parts, engine="dlx", time_limit=None,
...                         options={})
>>> len(list(found)), tiling.exact_cover.stats.reason
(8, 'done')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cpuzzler.results import DONE, LIMIT, Clock, Stats
from cpuzzler.symmetry.burnside import cyclic_classes, quotient_with_orbits

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover


def quotients(xc: ExactCover, permutations: Sequence[Sequence[int]]
              ) -> list[tuple[ExactCover, list[list[int]]]] | None:
    """The quotient of ``xc`` by each permutation of its options (one per cyclic group,
    ``burnside.cyclic_classes``: the generators of one fix the same solutions) with its
    orbits; None where one of them is
    no exact cover of ours (then only listing everything and checking will do)."""
    found = []
    for p, _, _ in cyclic_classes([tuple(p) for p in permutations]):
        part = quotient_with_orbits(xc, p)
        if part is None:
            return None
        found.append(part)
    return found


def fixed_solutions(xc: ExactCover, parts: Sequence[tuple[ExactCover, list[list[int]]]],
                    *, engine: str | None, time_limit: float | None,
                    options: dict[str, Any], limit: int | None = None
                    ) -> Iterator[tuple[int, ...]]:
    """The solutions of ``xc`` that one of the symmetries whose ``quotients`` are
    ``parts`` maps onto itself, each once (options in increasing order); ``xc.stats``
    says how the search ended, as after ``xc.solve``. ``limit=1`` asks each quotient for
    one solution only (the caller stops at the first)."""
    clock = Clock(time_limit)
    stats = xc.stats = Stats(engine=engine or "")
    seen: set[tuple[int, ...]] = set()
    try:
        for part, orbits in parts:
            for chosen in part.solve(limit, engine=engine, time_limit=clock.left(),
                                     **options):
                solution = tuple(sorted(o for r in chosen for o in orbits[r]))
                if solution not in seen:
                    seen.add(solution)
                    stats.solutions += 1
                    yield solution
            stats.engine, stats.nodes = part.stats.engine, stats.nodes + part.stats.nodes
            if part.stats.reason not in (DONE, LIMIT):  # a time limit or Ctrl-C
                stats.reason = part.stats.reason
                return
    except GeneratorExit:  # the caller has what it wants
        stats.reason = LIMIT
        raise
    stats.reason = DONE
