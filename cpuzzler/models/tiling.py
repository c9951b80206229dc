"""Tilings: pieces placed in a region so that every cell is covered exactly once.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import pieces
>>> puzzle = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
>>> puzzle.count(symmetry="raw"), puzzle.count()
(8, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

from cpuzzler.constraints import Constraint
from cpuzzler.errors import ExactCoverError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.grids.edges import Crossing
from cpuzzler.grids.lattice import Cell
from cpuzzler.grids.region import Region
from cpuzzler.pieces import Piece
from cpuzzler.placements import tiling_cover
from cpuzzler.placements.placement import Placement
from cpuzzler.placements.tiling_cover import cell_name, check_parts
from cpuzzler.results import (
    SYMMETRY_MODES,
    Clock,
    Count,
    Hints,
    Optimum,
    RunDeadline,
    Uniqueness,
    checked_limits,
    checked_where,
)

if TYPE_CHECKING:
    from cpuzzler.results import EstimateResult
    from cpuzzler.symmetry.tilings import PuzzleSymmetry, Reduction

T = TypeVar("T")
CROSSING_RULES = ("forbid", "allow")
FILLS = ("exact", "pack")
# an objective: a weight per placement (in the order of ``placements``) or a function
# of a placement
Objective = Sequence[int] | Callable[[Placement], int]


@dataclass(frozen=True)
class TilingSolution:
    """The placements of one solution, in the order of the puzzle's pieces."""

    tiling: Tiling
    placements: tuple[Placement, ...]

    def cells_of(self) -> dict[Cell, str]:
        """Which piece covers each cell: its label (see ``labels``)."""
        return {cell: label for p, label in zip(self.placements, self.labels(), strict=True)
                for cell in p.cells}

    def labels(self) -> list[str]:
        """Each placement's name; where a piece is placed more than once, numbered from 1
        in order (``Y1`` .. ``Y25``; ``I2-1`` where the name ends in a digit).

        >>> from cpuzzler.grids import square
        >>> from cpuzzler.models import pieces
        >>> two = Tiling([pieces.by_name("polyominoes", "I2").with_copies(2)],
        ...              square.rectangle(2, 2))
        >>> two.first().labels()
        ['I2-1', 'I2-2']
        """
        names = [p.piece for p in self.placements]
        seen: dict[str, int] = {}
        labels = []
        for name in names:
            seen[name] = seen.get(name, 0) + 1
            if names.count(name) == 1:
                labels.append(name)
            else:
                labels.append(f"{name}{'-' if name[-1].isdigit() else ''}{seen[name]}")
        return labels

    def render(self) -> str:
        """The picture of the seed's solution records (letters for squares and cubes)."""
        from cpuzzler.render.text import picture

        return picture(self)

    def record(self) -> str:
        """The coordinate lines then the picture, as Polyform Puzzler writes them."""
        from cpuzzler.render.text import record

        return record(self)

    def _repr_svg_(self) -> str:  # a notebook shows the solution as a picture
        return self.svg()

    def svg(self, scale: float = 40.0) -> str:
        """An SVG picture: pieces in colour, outlined, named (see ``render.svg``)."""
        from cpuzzler.render.svg import svg

        return svg(self, scale=scale)

    def x3d(self) -> str:
        """Polycubes: an X3D 3-D scene, one coloured cube per cell (``render.x3d``)."""
        from cpuzzler.render.x3d import x3d

        return x3d(self)


class Tiling:
    """Pieces and a region; ``optional`` names pieces that may be left out (or maps a
    name to the fewest of its copies to use: BurrTools' piece ranges, ``min`` to
    ``max``); ``may_stay_empty`` names cells that may stay uncovered (BurrTools'
    variable voxels), the rest of the region must be covered.

    On the edge lattices (polysticks, polytrigs, polytwigs) ``crossing="forbid"`` (the
    default) keeps pieces from crossing: each way two pieces could cross at a grid point
    is a secondary item, which the placements that could take part in it share (see
    ``grids.edges.crossings``); ``crossing="allow"`` is the plain exact cover of the
    segments. ``may_cross`` names pieces exempt from the rule: they may cross any piece
    and be crossed (Polyform Puzzler's digit puzzles).

    ``parts`` splits the region into parts (each a collection of its cells): every piece
    then lies within one part, and solutions count up to moving the parts onto
    congruent parts, each by a symmetry of its own (Polyform Puzzler's "three congruent"
    puzzles: where the parts lie does not matter, only what fills them); with
    ``swap_parts=False``, up to the region's own symmetries that map parts onto parts
    (a figure drawn as parts, each piece kept within one).

    ``where``: constraints beyond exact cover (``cpuzzler.constraints``: fault-free,
    pieces apart, a piece within some cells, a symmetric solution); the solving methods
    take more as ``where=[...]``. ``fill="pack"`` makes a packing: cells may stay empty
    and any piece unused (``best()`` then covers as many cells as can be).

    >>> from cpuzzler.grids import square
    >>> from cpuzzler.models import pieces
    >>> v = pieces.by_name("polyominoes", "V3").with_copies(9)
    >>> Tiling([v], square.rectangle(4, 4), fill="pack").best().value
    15
    """

    def __init__(self, pieces: Iterable[Piece], region: Region, *,
                 optional: Iterable[str] | Mapping[str, int] = (),
                 may_stay_empty: Iterable[Cell] = (), crossing: str = "forbid",
                 may_cross: Iterable[str] = (),
                 parts: Iterable[Iterable[Cell]] | None = None,
                 swap_parts: bool = True, where: Iterable[Constraint] = (),
                 fill: str = "exact") -> None:
        self.pieces = list(pieces)
        self.region = region
        if not region.cells:
            raise ExactCoverError("the region has no cells: nothing to tile")
        self.where = checked_where(where)
        if fill not in FILLS:
            raise ExactCoverError(f"unknown fill {fill!r}; known: {', '.join(FILLS)}")
        self.fill = fill
        self.parts = None if parts is None else check_parts(region, parts)
        self.swap_parts = swap_parts
        self.fewest = dict(optional) if isinstance(optional, Mapping) else \
            dict.fromkeys(optional, 0)  # the fewest copies of each optional piece
        self.optional = frozenset(self.fewest)
        self.may_stay_empty = frozenset(tuple(c) for c in may_stay_empty)
        if not self.may_stay_empty <= region.cells:
            raise ExactCoverError("cells that may stay empty lie outside the region: "
                                  f"{min(self.may_stay_empty - region.cells)}")
        self.may_cross = frozenset(may_cross)
        if crossing not in CROSSING_RULES:
            raise ExactCoverError(
                f"unknown crossing rule {crossing!r}; known: {', '.join(CROSSING_RULES)}")
        self.crossing = crossing
        names = [p.name for p in self.pieces]
        if len(set(names)) != len(names):
            twice = sorted({n for n in names if names.count(n) > 1})
            raise ExactCoverError(f"piece names used twice: {', '.join(twice)}")
        unknown = self.optional - set(names)
        if unknown:
            raise ExactCoverError(f"optional pieces not in the set: {', '.join(sorted(unknown))}")
        for p in self.pieces:
            if not 0 <= self.fewest.get(p.name, 0) <= p.copies:
                raise ExactCoverError(f"piece {p.name!r}: at least {self.fewest[p.name]} of "
                                      f"{p.copies} copies")
        unknown = self.may_cross - set(names)
        if unknown:
            raise ExactCoverError(f"pieces that may cross, not in the set: "
                                  f"{', '.join(sorted(unknown))}")
        for p in self.pieces:
            if p.lattice is not region.lattice:
                raise ExactCoverError(
                    f"piece {p.name!r} is on the {p.lattice.name} lattice, the region on the "
                    f"{region.lattice.name} lattice")
        for constraint in self.where:
            if not isinstance(constraint, Constraint):
                raise ExactCoverError(f"where: {constraint!r} is no constraint (see "
                                      "cpuzzler.constraints)")
            constraint.check(region, {p.name: p.copies for p in self.pieces})
        need = sum(len(p) * self.fewest.get(p.name, p.copies) for p in self.pieces)
        most = sum(len(p) * p.copies for p in self.pieces)
        least = len(region) - len(self.may_stay_empty)
        if fill == "exact" and not (need <= len(region) and least <= most):
            raise ExactCoverError(
                f"the pieces cover {need}" + (f" to {most}" if most != need else "")
                + f" cells; the region has {len(region)}"
                + (f", of which {least} must be covered" if least < len(region) else ""))

    def __repr__(self) -> str:
        where = f", where={list(self.where)}" if self.where else ""
        return f"Tiling({len(self.pieces)} pieces, {self.region!r}{where})"

    def constrained(self, where: Iterable[Constraint] = (), *, fill: str | None = None
                    ) -> Tiling:
        """This puzzle with the constraints ``where`` added to its own, and ``fill`` if
        given (itself when nothing changes).

        >>> from cpuzzler.constraints import FaultFree
        >>> from cpuzzler.grids import square
        >>> from cpuzzler.models import pieces
        >>> Tiling(pieces.pentominoes(), square.rectangle(10, 6)).constrained([FaultFree()])
        Tiling(12 pieces, Region(square, 60 cells), where=[FaultFree()])
        """
        more = checked_where(where)
        if not more and fill in (None, self.fill):
            return self
        return Tiling(self.pieces, self.region, optional=self.fewest,
                      may_stay_empty=self.may_stay_empty,
                      crossing=self.crossing, may_cross=self.may_cross, parts=self.parts,
                      swap_parts=self.swap_parts, where=self.where + more,
                      fill=fill or self.fill)

    @cached_property
    def checked_at_leaves(self) -> list[Constraint]:
        """The constraints no exact cover states: each whole solution is checked."""
        return [c for c in self.where if c.checked_at_leaves]

    def _repr_svg_(self) -> str:  # a notebook shows the region to fill
        from cpuzzler.render.svg import region_svg

        return region_svg(self.region)

    # --- the placement set (built by ``tiling_cover``) ------------------------------------

    @cached_property
    def placements(self) -> list[Placement]:
        """Every orientation of every piece at every position inside the region (on a
        wrapped region, also across its seams)."""
        return tiling_cover.placements(self)

    @cached_property
    def exact_cover(self) -> ExactCover:
        """Items: the pieces, the cells, the ways to cross, what the constraints add
        (``tiling_cover.exact_cover``); one option per placement, in their order."""
        return tiling_cover.exact_cover(self, self.placements, self._crossing_keys)

    @cached_property
    def _crossing_keys(self) -> list[list[Crossing]]:
        """Each placement's ways to be crossed (none where crossing is allowed)."""
        return tiling_cover.crossing_keys(self, self.placements)

    def parts_meet(self) -> bool:
        """Whether pieces in two different parts could cross at a grid point the parts
        share: then a part cannot move without the others, and the parts cannot swap."""
        return tiling_cover.parts_meet(self, self.placements, self._crossing_keys)

    def sweep(self, flipped: bool = False, skewed: bool = False) -> list[Cell]:
        """The region's cells in the order the memo and frontier engines cover them
        (``tiling_cover.sweep``: ``flipped``, ``skewed``)."""
        return tiling_cover.sweep(self.region, flipped, skewed)

    def use_sweep(self, flipped: bool = False, skewed: bool = False) -> None:
        """Make ``sweep(flipped, skewed)`` the order in which the memo and frontier
        engines cover this tiling's cells (set on its exact cover, which the symmetry
        reduction keeps): the same count from other states.

        >>> from cpuzzler.grids import square
        >>> from cpuzzler.models import pieces
        >>> tiling = Tiling([pieces.domino()[0].with_copies(3)], square.rectangle(3, 2))
        >>> tiling.use_sweep(flipped=True)
        >>> tiling.exact_cover.sweep[:2], tiling.count(engine="memo", symmetry="raw")
        (['0,1', '0,0'], 3)
        """
        self.exact_cover.sweep = [cell_name(c) for c in self.sweep(flipped, skewed)]

    def solution(self, options: Iterable[int]) -> TilingSolution:
        order = {p.name: k for k, p in enumerate(self.pieces)}
        chosen = sorted((self.placements[o] for o in options),
                        key=lambda p: (order[p.piece], p.cells))
        return TilingSolution(self, tuple(chosen))

    def coverage(self, through: Sequence[int], total: int) -> dict[str, dict[Cell, float]]:
        """Per piece name, per cell: the share of the ``total`` solutions in which that
        piece covers the cell, from the solutions holding each placement (``through``;
        ``tiling_cover.coverage``)."""
        return tiling_cover.coverage(self.pieces, self.placements, through, total)

    # --- solving -----------------------------------------------------------------------

    def solve(self, limit: int | None = None, *, symmetry: str = "unique",
              engine: str | None = None, time_limit: float | None = None,
              where: Iterable[Constraint] = (), **options: Any) -> Iterator[TilingSolution]:
        """Solutions, each once up to the puzzle's symmetry (``"unique"``), up to its
        rotations only (``"rotations"``), or all (``"raw"``); ``where``: constraints
        they meet too (``cpuzzler.constraints``). ``options`` go to the engine.

        ``self.exact_cover.stats.reason`` tells afterwards why the search stopped (the
        constrained puzzle's, with ``where``: see ``constrained``). The time limit counts
        from this call: building the model is part of it."""
        _check_mode(symmetry)
        puzzle = self.constrained(where)
        from cpuzzler.symmetry.tiling_solutions import solutions

        return solutions(puzzle, limit, symmetry, engine, Clock(time_limit), options)

    solutions = solve  # the name the constraints' examples use

    def sample(self, k: int, *, seed: int = 0, time_limit: float | None = None,
               where: Iterable[Constraint] = (), **options: Any) -> list[TilingSolution]:
        """``k`` solutions drawn uniformly at random among all of them (raw: every
        rotation and reflection counts apart), reproducibly by ``seed`` (the memo engine;
        ``options`` go to it); ``where``: among those that meet the constraints (each
        stated in the exact cover: not ``Symmetric``).

        >>> from cpuzzler.grids import square
        >>> from cpuzzler.models import pieces
        >>> tiling = Tiling([pieces.domino()[0].with_copies(8)], square.rectangle(4, 4))
        >>> draws = tiling.sample(2, seed=3)
        >>> len(draws), draws == tiling.sample(2, seed=3), len(draws[0].placements)
        (2, True, 8)
        """
        clock = Clock(time_limit)
        puzzle = self.constrained(where)
        if puzzle.checked_at_leaves:
            raise ExactCoverError(f"sample: {puzzle.checked_at_leaves[0]!r} is checked on "
                                  "whole solutions, which a uniform draw cannot do")
        draws = puzzle.exact_cover.sample(k, seed=seed, time_limit=clock.left(), **options)
        return [puzzle.solution(chosen) for chosen in draws]

    def first(self, *, engine: str | None = None, where: Iterable[Constraint] = ()
              ) -> TilingSolution | None:
        """The first solution found (meeting the constraints ``where``), or None."""
        return next(self.solve(1, symmetry="raw", engine=engine, where=where), None)

    @overload
    def best(self, maximize: Objective | None = None, minimize: Objective | None = None, *,
             engine: str | None = None, time_limit: float | None = None,
             where: Iterable[Constraint] = (), k: Literal[1] = 1,
             **options: Any) -> Optimum[TilingSolution]: ...

    @overload
    def best(self, maximize: Objective | None = None, minimize: Objective | None = None, *,
             engine: str | None = None, time_limit: float | None = None,
             where: Iterable[Constraint] = (), k: int,
             **options: Any) -> list[Optimum[TilingSolution]]: ...

    def best(self, maximize: Objective | None = None, minimize: Objective | None = None, *,
             engine: str | None = None, time_limit: float | None = None,
             where: Iterable[Constraint] = (), k: int = 1, **options: Any
             ) -> Optimum[TilingSolution] | list[Optimum[TilingSolution]]:
        """The solution that makes an objective largest (``maximize``) or least
        (``minimize``): each a weight per placement (in the order of ``placements``) or a
        function of a placement giving its weight; by default, the cells covered (what a
        packing, ``fill="pack"``, wants most). The native branch and bound by default where
        each piece is used once and every cell covered, else CP-SAT; ``engine="sat"`` RC2
        MaxSAT, any other engine by listing every solution (see ``ExactCover.best``);
        ``k`` > 1: the k best, a list in order of value (raw: a rotated tiling is another).

        >>> from cpuzzler.grids import square
        >>> from cpuzzler.models import pieces
        >>> board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
        >>> right_end_of_x = lambda p: max(x for x, _ in p.cells) if p.piece == "X" else 0
        >>> low = board.best(minimize=right_end_of_x)  # the X as far left as it goes
        >>> low.value, low.optimal, low.solution.cells_of()[(2, 1)]
        (3, True, 'X')
        """
        if maximize is not None and minimize is not None:
            raise ExactCoverError("best: give maximize or minimize, not both")
        objective = maximize if maximize is not None else minimize
        puzzle = self.constrained(where)
        if puzzle.checked_at_leaves:
            raise ExactCoverError(f"best: {puzzle.checked_at_leaves[0]!r} is checked on "
                                  "whole solutions, which no objective engine sees")
        if objective is None:
            weights = [len(p.cells) for p in puzzle.placements]
        elif callable(objective):
            weights = [objective(p) for p in puzzle.placements]
        else:
            weights = list(objective)
        if k != 1:
            ranked = puzzle.exact_cover.best(weights, maximize=minimize is None,
                                             engine=engine, time_limit=time_limit, k=k,
                                             **options)
            return [Optimum(None if f.solution is None else puzzle.solution(f.solution),
                            f.value, f.optimal, f.reason) for f in ranked]
        found = puzzle.exact_cover.best(weights, maximize=minimize is None, engine=engine,
                                        time_limit=time_limit, **options)
        solution = None if found.solution is None else puzzle.solution(found.solution)
        return Optimum(solution, found.value, found.optimal, found.reason)

    def unique(self, *, symmetry: str = "unique", engine: str | None = None,
               time_limit: float | None = None, where: Iterable[Constraint] = (),
               **options: Any) -> Uniqueness[TilingSolution]:
        """Whether the puzzle has exactly one solution, up to its symmetry (default), its
        rotations or none (``"raw"``): the search stops at the second. ``.unique``,
        ``.solutions``, ``.witness()`` and ``.svg()``: two different solutions side by
        side, where they differ marked (``cpuzzler.uniqueness``).

        >>> from cpuzzler.grids import square
        >>> from cpuzzler.models import pieces
        >>> board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
        >>> board.unique().unique, len(board.unique().solutions)
        (False, 2)
        """
        from cpuzzler.uniqueness.answer import answer

        puzzle = self.constrained(where)
        found = puzzle.solve(2, symmetry=symmetry, engine=engine, time_limit=time_limit,
                             **options)
        return answer(found, lambda: puzzle.exact_cover.stats.reason)

    def hints(self, solution: TilingSolution | None = None, *, minimal: bool = False,
              engine: str | None = None, **options: Any) -> Hints:
        """The fewest placements of ``solution`` (the first found by default) that, fixed
        in advance, leave it the only solution (raw: every rotation and reflection is
        another), proven (``.optimal``); ``minimal``: quickly, a set in which every hint
        is needed (``uniqueness.hints``).

        >>> from cpuzzler.grids import square
        >>> from cpuzzler.models import pieces
        >>> board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
        >>> [p.piece for p in board.hints()]
        ['W']
        """
        if solution is None:
            solution = self.first(engine=engine)
            if solution is None:
                raise ExactCoverError("hints: the puzzle has no solution")
        index = {placement: k for k, placement in enumerate(self.placements)}
        missing = [p for p in solution.placements if p not in index]
        if missing:
            raise ExactCoverError(f"hints: {missing[0]!r} is no placement of this puzzle")
        found = self.exact_cover.hints([index[p] for p in solution.placements],
                                       minimal=minimal, engine=engine, **options)
        return Hints([self.placements[k] for k in found], found.optimal, found.checks)

    def estimate(self, probes: int = 20000, **options: Any) -> EstimateResult:
        """Estimates of the number of solutions (all of them, not up to symmetry) and of
        the search tree before a long count: ``ExactCover.estimate`` on the puzzle's
        exact cover, which takes the same ``options`` (``seed``, ``breadth``,
        ``time_limit``, ``layer_states``, ...).

        >>> from cpuzzler.grids import square
        >>> from cpuzzler.models import pieces
        >>> board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
        >>> guess = board.estimate(probes=200, seed=1, rate=False)
        >>> guess.probes, guess.solutions >= 0
        (200, True)
        """
        return self.exact_cover.estimate(probes, **options)

    def count(self, *, symmetry: str = "unique", engine: str | None = None,
              time_limit: float | None = None, where: Iterable[Constraint] = (),
              **options: Any) -> Count:
        """The number of solutions, up to symmetry (default), up to rotations only
        (``"rotations"``) or all (``"raw"``), of those that meet the constraints ``where``.
        ``options`` go to the engine."""
        return self.count_both(symmetry=symmetry, engine=engine, time_limit=time_limit,
                               where=where, **options)[0]

    def count_both(self, *, symmetry: str = "unique", engine: str | None = None,
                   time_limit: float | None = None, method: str | None = None,
                   where: Iterable[Constraint] = (), **options: Any) -> tuple[Count, Count]:
        """(the count asked for, the raw count). Counting unique solutions finds the raw
        count too: each unique solution stands for |G| / |stabiliser| raw ones.

        ``method``: ``"reduce"`` searches only one piece's orbit representatives (see
        ``models.symmetry.Reduction``; used where a piece allows it), ``"dedup"`` lists
        every solution and keeps one per canonical form (the slow, simple oracle),
        ``"lex"`` (engines ``cpsat`` and ``sat``) adds lex-leader constraints for the
        whole group, so the solver itself finds the least solution of each class only,
        ``"burnside"`` counts the solutions each symmetry fixes (``cpuzzler.symmetry.burnside``;
        ``exact_cover.stats.fixed`` keeps them) and needs no listing, so the memo and
        frontier engines count up to symmetry too. The default (None) is
        ``results.settled_method``'s for the engine.

        >>> from cpuzzler.grids import square
        >>> from cpuzzler.models import pieces
        >>> board = Tiling(pieces.tetrominoes(), square.rectangle(5, 4))
        >>> board.count_both(engine="memo"), board.count_both(method="dedup")
        ((0, 0), (0, 0))
        """
        _check_mode(symmetry)
        time_limit, options = checked_limits(time_limit, options)
        puzzle = self.constrained(where)
        from cpuzzler.symmetry import tiling_counts

        return RunDeadline.counts_within(  # building the model and the group is in it
            time_limit, lambda: tiling_counts.count_both(puzzle, symmetry, engine,
                                                         time_limit, method, options))

    def option_symmetries(self, symmetry: str = "unique") -> list[list[int]]:
        """The puzzle's symmetries (all but the identity) as permutations of the options:
        ``p[k]`` is the placement option k becomes. Found once per mode: do not change
        the lists."""
        if symmetry not in self._option_symmetries:
            group = self.group(symmetry)
            index = {(pl.piece, pl.cells): k for k, pl in enumerate(self.placements)}
            self._option_symmetries[symmetry] = [
                [index[group.placement_image(pl, element)] for pl in self.placements]
                for element in range(1, len(group))]
        return self._option_symmetries[symmetry]

    @cached_property
    def _option_symmetries(self) -> dict[str, list[list[int]]]:
        """``option_symmetries`` by symmetry mode, as found."""
        return {}

    def restricted(self, piece: str, keep: Iterable[int]) -> tuple[ExactCover, list[int]]:
        """The exact cover with ``piece`` limited to the placements ``keep`` (option
        indices); also the original index of each option kept."""
        from cpuzzler.symmetry import tiling_counts

        return tiling_counts.restricted(self, piece, keep)

    def reduces(self, symmetry: str = "unique") -> bool:
        """Whether the symmetry reduction applies (``symmetry.tiling_counts.reduces``)."""
        from cpuzzler.symmetry import tiling_counts

        return tiling_counts.reduces(self, symmetry)

    def count_at_symmetric_rep(self, rep: int, engine: str | None = None,
                               symmetry: str = "unique", *, time_limit: float | None = None,
                               **options: Any) -> tuple[int, int, str]:
        """The reduction's second part for one representative placement ``rep`` whose
        stabiliser is not trivial (``symmetry.tiling_counts.count_at_symmetric_rep``)."""
        from cpuzzler.symmetry import tiling_counts

        return tiling_counts.count_at_symmetric_rep(self, rep, engine, symmetry, time_limit,
                                                    options)

    @cached_property
    def reduction(self) -> Reduction:
        """How unique solutions are found without listing them all: ``Reduction``."""
        from cpuzzler.symmetry.tilings import Reduction

        return Reduction(self, self.symmetries)

    @cached_property
    def rotation_reduction(self) -> Reduction:
        """The same for the rotations only."""
        from cpuzzler.symmetry.tilings import Reduction

        return Reduction(self, self.rotations)

    def reduction_for(self, symmetry: str) -> Reduction:
        """The reduction for a symmetry mode: ``reduction`` or ``rotation_reduction``."""
        return self.reduction if symmetry == "unique" else self.rotation_reduction

    @cached_property
    def symmetries(self) -> PuzzleSymmetry:
        """The symmetries of the puzzle (region and piece set): see ``models.symmetry``."""
        from cpuzzler.symmetry.tilings import PuzzleSymmetry

        return PuzzleSymmetry(self)

    @cached_property
    def rotations(self) -> PuzzleSymmetry:
        """The puzzle's symmetries that are rotations (what ``symmetry="rotations"`` uses)."""
        from cpuzzler.symmetry.tilings import PuzzleSymmetry

        return PuzzleSymmetry(self, rotations_only=True)

    def group(self, symmetry: str = "unique") -> PuzzleSymmetry:
        """The group a symmetry mode counts up to: all symmetries or the rotations."""
        _check_mode(symmetry)
        if symmetry == "raw":
            raise ExactCoverError("symmetry mode 'raw' has no group")
        return self.symmetries if symmetry == "unique" else self.rotations


def _check_mode(symmetry: str) -> None:
    if symmetry not in SYMMETRY_MODES:
        raise ExactCoverError(
            f"unknown symmetry mode {symmetry!r}; known: {', '.join(SYMMETRY_MODES)}")
