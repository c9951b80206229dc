"""Solutions with a required symmetry, found in the quotients rather than by listing.

A solution that a symmetry g maps onto itself is a union of whole orbits of options under
g, so those solutions are the solutions of the quotient by g (``burnside.quotient``): an
exact cover of half the size for a half turn, a quarter for a quarter turn. Any engine
solves it, so ``constraints.Symmetric`` costs what the smaller problem costs, where
listing every solution and checking each took what the whole problem costs. A solution
fixed by several of the symmetries asked for is found in each of their quotients and
given once.

An exact cover alone knows its symmetries only as permutations of its options (no
rotations, no mirrors): ``ExactCover.solve`` and ``count`` take ``Symmetric("any")``,
the solutions some symmetry other than the identity maps onto themselves
(``symmetric_solutions``).

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

from cpuzzler.errors import ExactCoverError
from cpuzzler.jobs import JOBS
from cpuzzler.results import DONE, INTERRUPTED, LIMIT, Clock, Count, Stats
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


def symmetric_solutions(xc: ExactCover, where: Sequence[object], *, engine: str | None,
                        time_limit: float | None, options: dict[str, Any],
                        limit: int | None = None) -> Iterator[tuple[int, ...]]:
    """The solutions of ``xc`` that a symmetry of it other than the identity maps onto
    themselves, ``where`` being ``[Symmetric("any")]`` (the one constraint an exact cover
    states on its options alone); by the quotients, or where one is no exact cover of
    ours by listing every solution and checking it; at most ``limit``. ``xc.stats``
    says how it ended.

    >>> from cpuzzler.constraints import Symmetric
    >>> from cpuzzler.models import queens
    >>> found = symmetric_solutions(queens(8), [Symmetric("any")], engine=None,
    ...                             time_limit=None, options={})
    >>> len(list(found))  # of 92: the one class of 12 that a half turn maps onto itself
    4
    """
    for constraint in where:  # read by its name: the constraints sit above the matrix
        if getattr(constraint, "name", None) != "symmetric":
            raise ExactCoverError(f"{constraint!r}: an exact cover takes Symmetric('any') "
                                  "only; constraints on pieces and cells need a Tiling")
        if getattr(constraint, "kind", None) != "any":
            raise ExactCoverError(
                f"{constraint!r}: an exact cover knows its symmetries as permutations of "
                "its options, not as turns or mirrors: Symmetric('any'), or a Tiling")
    clock = Clock(time_limit)
    group = xc.symmetries(budget=JOBS["symmetry_budget"](clock.left()))
    if group.note:  # no group found: a trivial one would say "none" wrongly
        raise ExactCoverError(f"Symmetric('any'): {group.note}")
    identity = tuple(range(xc.num_options))
    moves = [p for p in group.elements() if p != identity]
    parts = quotients(xc, moves)
    found = (fixed_solutions(xc, parts, engine=engine, time_limit=clock.left(),
                             options=options, limit=1 if limit == 1 else None)
             if parts is not None else
             (solution for solution in xc.solve(engine=engine, time_limit=clock.left(),
                                                **options)
              if any(tuple(sorted(p[o] for o in solution)) == solution for p in moves)))
    for given, solution in enumerate(found, 1):
        yield solution
        if limit is not None and given >= limit:
            xc.stats.reason = LIMIT
            return


def count_symmetric(xc: ExactCover, where: Sequence[object], *, symmetry: str,
                    engine: str | None, time_limit: float | None,
                    options: dict[str, Any]) -> Count:
    """``ExactCover.count(where=...)``: the solutions ``xc.solve`` gives with the same
    arguments, one by one; Ctrl-C leaves a partial count, marked."""
    total = 0
    try:
        for _ in xc.solve(symmetry=symmetry, where=where, engine=engine,
                          time_limit=time_limit, **options):
            total += 1
    except KeyboardInterrupt:
        xc.stats.reason = INTERRUPTED
    return Count(total, xc.stats.reason)


# What ExactCover's methods hand on here: solve(where=...) and count(where=...).
JOBS.update(symmetric_solutions=symmetric_solutions, count_symmetric=count_symmetric)
