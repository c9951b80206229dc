"""Lattices drawn in sub-cells of cubes, as BurrTools draws its rhombic-dodecahedron and
tetrahedron-octahedron grids: each solid is a set of small cubes (sub-cells) of a finer
cubic grid, and a piece moves only by the translations of the solids' own lattice, so
an assembly is an exact cover of sub-cells like any other.

A cell is the translation's coordinates in the lattice's basis (three numbers, moved by
a translation) followed by the sub-cell's place within one period (kept). ``fine(cell)``
gives its point of the fine cubic grid, ``cell_at(point)`` the cell there. Both grids
turn as the cube does (48 symmetries, 24 rotations), about a centre that keeps the
pattern of sub-cells.

- ``rhombic``: blocks of 5x5x5 sub-cells, translations by whole blocks (BurrTools'
  rhombic dodecahedra, and its stellations: 24 sub-cells of a block are used).
- ``tetra_octa``: blocks of 3x3x3 sub-cells, translations by blocks whose coordinates
  add up to an even number (a face-centred lattice of blocks); the centre of a block is
  an octahedron's sub-cell, four of its corners tetrahedra's, which four by the
  block's parity.

>>> rhombic.cell_at((7, 1, 12)), rhombic.fine((1, 0, 2, 2, 1, 2))
((1, 0, 2, 2, 1, 2), (7, 1, 12))
>>> tetra_octa.cell_at((4, 0, 1)), tetra_octa.fine((0, 0, 0, 1, 1, 0, 1))
((0, 0, 0, 1, 1, 0, 1), (4, 0, 1))
>>> len(rhombic.lattice.symmetries("one-sided")), len(tetra_octa.lattice.neighbours(
...     (0, 0, 0, 0, 1, 1, 1)))
(24, 26)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product

from cpuzzler.grids.lattice import Cell, Lattice, Symmetry, _determinant, signed_permutations

Point = tuple[int, int, int]
_KING = [d for d in product((-1, 0, 1), repeat=3) if d != (0, 0, 0)]
_IDENTITY = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
_CUBE_GROUP = tuple(sorted((Symmetry(m, _determinant(m) > 0) for m in signed_permutations(3)),
                           key=lambda g: g.matrix != _IDENTITY))


@dataclass(frozen=True)
class SubcellGrid:
    """A lattice of sub-cells with the maps between its cells and fine points."""

    lattice: Lattice
    fine: Callable[[Cell], Point]
    cell_at: Callable[[Sequence[int]], Cell]


def _grid(name: str, fine: Callable[[Cell], Point], cell_at: Callable[[Sequence[int]], Cell],
          keys: list[tuple[int, ...]], twice_centre: int) -> SubcellGrid:
    """The lattice whose symmetries turn the fine grid about the point with every
    coordinate ``twice_centre / 2`` (vectors: twice the point less twice the centre)."""

    def to_vector(cell: Cell) -> Point:
        x, y, z = fine(cell)
        return (2 * x - twice_centre, 2 * y - twice_centre, 2 * z - twice_centre)

    def from_vector(vector: Sequence[int]) -> Cell:
        return cell_at([(v + twice_centre) // 2 for v in vector])

    offsets: dict[tuple[int, ...], tuple[Cell, ...]] = {}
    for key in keys:
        origin = (0, 0, 0, *key)
        x, y, z = fine(origin)
        offsets[key] = tuple(
            tuple(a - b for a, b in zip(cell_at((x + dx, y + dy, z + dz)), origin,
                                        strict=True))
            for dx, dy, dz in _KING)
    lattice = Lattice(name=name, dimensions=3 + len(keys[0]), translated=3, offsets=offsets,
                      group=_CUBE_GROUP, to_vector=to_vector, from_vector=from_vector)
    return SubcellGrid(lattice, fine, cell_at)


def _rhombic_cell(point: Sequence[int]) -> Cell:
    x, y, z = point
    return (x // 5, y // 5, z // 5, x % 5, y % 5, z % 5)


def _rhombic_fine(cell: Cell) -> Point:
    a, b, c, s, t, u = cell
    return (5 * a + s, 5 * b + t, 5 * c + u)


def _tetra_octa_cell(point: Sequence[int]) -> Cell:
    x, y, z = point
    bx, by, bz = x // 3, y // 3, z // 3
    odd = (bx + by + bz) & 1
    bx -= odd  # the even block beside it: bx + by + bz is even
    return ((bx + by - bz) // 2, (bx - by + bz) // 2, (by + bz - bx) // 2, odd,
            x % 3, y % 3, z % 3)


def _tetra_octa_fine(cell: Cell) -> Point:
    p, q, r, odd, s, t, u = cell
    return (3 * (p + q + odd) + s, 3 * (p + r) + t, 3 * (q + r) + u)


rhombic = _grid("rhombic", _rhombic_fine, _rhombic_cell,
                list(product(range(5), repeat=3)), 4)
tetra_octa = _grid("tetra-octa", _tetra_octa_fine, _tetra_octa_cell,
                   [(odd, *s) for odd in (0, 1) for s in product(range(3), repeat=3)], 5)
