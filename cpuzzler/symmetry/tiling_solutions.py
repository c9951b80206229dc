"""A tiling's solutions up to its symmetry: one of each class, and the symmetric ones.

``solutions`` lists what the engine finds and keeps the first member of each class
(named by its least image under the group, as option numbers), checking the
constraints no exact cover states on each whole solution (``accepts``). Where a
``Symmetric`` constraint asks for solutions that some symmetries map onto themselves,
``symmetric_solutions`` finds them from the quotients by those symmetries
(``symmetric_search``) instead of listing every solution and checking it.

A tiling is known here by the shape ``ListedTiling`` names (``models.Tiling`` is one);
this module imports the results, the constraints and the other symmetry rooms, never a
model.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> from cpuzzler.results import Clock
>>> board = Tiling([pieces.domino()[0].with_copies(2)], square.rectangle(2, 2))
>>> [len(list(solutions(board, None, mode, None, Clock(None), {}))) for mode in
...  ("raw", "unique")]
[2, 1]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from cpuzzler.constraints import Constraint
from cpuzzler.results import Clock

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover
    from cpuzzler.symmetry.tilings import PuzzleSymmetry, TilingSolution

S = TypeVar("S", bound="TilingSolution", covariant=True)  # the tiling's solutions


class ListedTiling(Protocol[S]):
    """What the listing needs of a tiling (``models.Tiling`` is one)."""

    where: tuple[Constraint, ...]

    @property
    def exact_cover(self) -> ExactCover: ...
    @property
    def checked_at_leaves(self) -> Sequence[Constraint]: ...
    @property
    def symmetries(self) -> PuzzleSymmetry: ...
    def solution(self, options: Iterable[int]) -> S: ...
    def option_symmetries(self, symmetry: str = "unique") -> list[list[int]]: ...


def solutions(tiling: ListedTiling[S], limit: int | None, symmetry: str, engine: str | None,
              clock: Clock, options: dict[str, Any]) -> Iterator[S]:
    """Up to ``limit`` solutions, one per class under ``symmetry`` (``"raw"``: all),
    each meeting the constraints checked on whole solutions; ``options`` go to the
    engine. ``Tiling.solve`` checks the arguments."""
    from cpuzzler.symmetry.tiling_counts import least_image

    seen: set[tuple[int, ...]] = set()
    # one solution is its class's first: no group is needed (a large region's takes
    # long to build); a class is named by its least image as option numbers
    moves = None if symmetry == "raw" or limit == 1 else tiling.option_symmetries(symmetry)
    found = 0
    checked = bool(tiling.checked_at_leaves)
    # The first solution is unique whatever the symmetry: then the engine may stop at
    # one (CP-SAT's parallel search); otherwise the search streams until enough, as
    # where a constraint checks whole solutions.
    wanted = limit if (moves is None or limit == 1) and not checked else None
    found_options = symmetric_solutions(tiling, limit, engine, clock, options)
    if found_options is None:
        found_options = tiling.exact_cover.solve(wanted, engine=engine,
                                                 time_limit=clock.left(), **options)
    for options_chosen in found_options:
        if moves is not None:  # a class once: the checks give all its members alike
            key = least_image(options_chosen, moves)
            if key in seen:
                continue
            seen.add(key)
        solution = tiling.solution(options_chosen)
        if checked and not accepts(tiling, solution):
            continue
        yield solution
        found += 1
        if limit is not None and found >= limit:
            return


def accepts(tiling: ListedTiling[TilingSolution], solution: TilingSolution) -> bool:
    """Whether a solution passes the constraints checked at the leaves; the symmetries
    that fix it are found only where a constraint reads them."""
    if not all(c.accepts_placements(solution.placements) for c in tiling.checked_at_leaves):
        return False
    by_symmetry = [c for c in tiling.checked_at_leaves
                   if type(c).accepts is not Constraint.accepts]
    if not by_symmetry:
        return True
    fixed_by = tiling.symmetries.fixed_by(solution)
    return all(c.accepts(fixed_by) for c in by_symmetry)


def symmetric_solutions(tiling: ListedTiling[TilingSolution], limit: int | None, engine: str | None,
                        clock: Clock, options: dict[str, Any]
                        ) -> Iterator[tuple[int, ...]] | None:
    """The solutions the first ``Symmetric`` constraint allows, from the quotients by
    the symmetries of its kind (``symmetric_search``); None where there is no such
    constraint or a quotient is no exact cover of ours (then every solution is listed
    and checked)."""
    from cpuzzler.constraints.symmetric import Symmetric
    from cpuzzler.symmetry.symmetric_search import fixed_solutions, quotients

    asked = next((c for c in tiling.where if isinstance(c, Symmetric)), None)
    if asked is None:
        return None
    group = tiling.symmetries
    wanted = [p for g, p in enumerate(tiling.option_symmetries(), 1)
              if asked.wanted(group.proper[g], group.order(g))]
    parts = quotients(tiling.exact_cover, wanted)
    if parts is None:
        return None
    alone = list(tiling.checked_at_leaves) == [asked]  # any solution found then passes
    return fixed_solutions(tiling.exact_cover, parts, engine=engine,
                           time_limit=clock.left(), options=options,
                           limit=1 if limit == 1 and alone else None)
