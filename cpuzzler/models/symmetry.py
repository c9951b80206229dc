"""The symmetry group of a tiling puzzle, and canonical forms of its solutions.

A lattice symmetry belongs to the puzzle when it maps the region onto itself and every
piece onto a piece of the set with as many copies (a reflection maps a one-sided piece
to its mirror image, which must then be in the set too).

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> len(PuzzleSymmetry(Tiling(pieces.pentominoes(), square.rectangle(10, 6))))
4
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cpuzzler.grids.lattice import Cell

if TYPE_CHECKING:
    from cpuzzler.models.tiling import Tiling, TilingSolution

SolutionKey = tuple[tuple[str, tuple[Cell, ...]], ...]


class PuzzleSymmetry:
    """The puzzle's symmetries, each a map of the region's cells and of piece names
    (the identity first)."""

    def __init__(self, tiling: Tiling) -> None:
        lattice = tiling.region.lattice
        placement_group = {}  # canonical shape -> name, under each piece's own group
        for p in tiling.pieces:
            placement_group[(lattice.canonical(p.cells, p.kind), p.kind, p.copies)] = p.name
        self.elements: list[tuple[dict[Cell, Cell], dict[str, str]]] = []
        self.reflections = 0  # how many of the elements are reflections
        for g, shift in tiling.region.symmetries("free"):
            names = {}
            for p in tiling.pieces:
                image = lattice.transform(p.cells, g)
                target = placement_group.get((lattice.canonical(image, p.kind), p.kind, p.copies))
                if target is None:
                    break
                names[p.name] = target
            else:
                if sorted(names.values()) != sorted(names):
                    continue
                cells = sorted(tiling.region.cells)
                moved = lattice.translate(lattice.transform(cells, g), shift)
                self.elements.append((dict(zip(cells, moved, strict=True)), names))
                self.reflections += not g.proper

    def __len__(self) -> int:
        return len(self.elements)

    def describe(self) -> str:
        """What "unique" means for this puzzle, in words."""
        if len(self) == 1:
            return "the identity (the puzzle has no symmetry)"
        return "rotation and reflection" if self.reflections else "rotation"

    def image(self, solution: TilingSolution, element: int) -> SolutionKey:
        move, names = self.elements[element]
        return tuple(sorted((names[p.piece], tuple(sorted(move[c] for c in p.cells)))
                            for p in solution.placements))

    def canonical(self, solution: TilingSolution) -> SolutionKey:
        """The least image of the solution: equal for solutions equal up to symmetry."""
        return min(self.image(solution, k) for k in range(len(self.elements)))

    def stabiliser(self, solution: TilingSolution) -> int:
        """How many symmetries map the solution onto itself."""
        own = self.image(solution, 0)
        return sum(1 for k in range(len(self.elements)) if self.image(solution, k) == own)
