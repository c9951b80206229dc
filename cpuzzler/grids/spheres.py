"""Spheres packed face-centred cubic, as BurrTools' sphere grid: cells (x, y, z) with
x + y + z even, each a sphere touching its twelve neighbours.

The lattice's own symmetries are the cube's (48, 24 rotations): they turn regions and
solutions. A piece turns more freely: BurrTools turns a piece of spheres by 120
rotations, the cube's 24 and each of them after a sixth of a turn about one of the four
body diagonals (such a turn carries a layer of spheres on a (111) plane onto another
layer, though not the packing onto itself), keeping those that bring every sphere of the
piece onto a sphere centre, and by 240 with mirror images. ``orientations`` and
``canonical`` try them all.

>>> len(lattice.symmetries("one-sided")), len(TURNS)
(24, 120)
>>> row = [(0, 0, 0), (1, 1, 0), (2, 2, 0)]           # three spheres in a row
>>> triangle = [(0, 0, 0), (1, 1, 0), (1, 0, 1)]      # three touching in a triangle
>>> len(lattice.orientations(row, "one-sided")), len(lattice.orientations(triangle,
...                                                                       "one-sided"))
(6, 8)
>>> len(pyramid(3)), lattice.neighbours((0, 0, 0))[:2]
(14, [(1, 1, 0), (1, 0, 1)])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cpuzzler.grids.lattice import Cell, Lattice, Matrix, Shape, Symmetry, _determinant
from cpuzzler.grids.lattice import signed_permutations as _signed_permutations
from cpuzzler.grids.region import Region, positive_sides

_IDENTITY = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
_CUBE = sorted((m for m in _signed_permutations(3) if _determinant(m) > 0),
               key=lambda m: m != _IDENTITY)


def _sixth_turn(d: tuple[int, int, int]) -> Matrix:
    """Three times the turn by 60 degrees about the body diagonal ``d``: (3I + 3[d]x +
    d d^T) / 2, whole numbers."""
    cross = ((0, -d[2], d[1]), (d[2], 0, -d[0]), (-d[1], d[0], 0))
    return tuple(tuple((3 * (i == j) + 3 * cross[i][j] + d[i] * d[j]) // 2 for j in range(3))
                 for i in range(3))


def _times(a: Matrix, b: Matrix) -> Matrix:
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3))
                 for i in range(3))


# Three times each of BurrTools' 120 turns: the cube's, then each after a sixth turn.
TURNS: tuple[Matrix, ...] = tuple(dict.fromkeys(
    [tuple(tuple(3 * v for v in row) for row in m) for m in _CUBE]
    + [_times(m, _sixth_turn(d)) for d in ((1, 1, 1), (1, 1, -1), (1, -1, 1), (-1, 1, 1))
       for m in _CUBE]))


@dataclass(frozen=True, eq=False)
class SphereLattice(Lattice):
    """A lattice whose pieces turn by BurrTools' 120 turns (240 free), not its group."""

    def orientations(self, cells: Iterable[Cell], kind: str = "free") -> list[Shape]:
        cells = list(cells)
        if kind == "fixed":
            return [self.normalise(cells)]
        self.symmetries(kind)  # an unknown kind is refused
        first = cells[0]
        moved = [tuple(c[k] - first[k] for k in range(3)) for c in cells]
        found: dict[Shape, None] = {}
        for m in TURNS:
            for sign in ((1, -1) if kind == "free" else (1,)):
                image = []
                for v in moved:
                    w = [sign * sum(m[i][k] * v[k] for k in range(3)) for i in range(3)]
                    if any(x % 3 for x in w):
                        break
                    image.append(tuple(x // 3 for x in w))
                else:
                    found.setdefault(self.normalise(image), None)
        return list(found)

    def canonical(self, cells: Iterable[Cell], kind: str = "free") -> Shape:
        return min(self.orientations(cells, kind))


_OFFSETS = tuple((a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1)
                 if abs(a) + abs(b) + abs(c) == 2)

lattice = SphereLattice(
    name="spheres",
    dimensions=3,
    translated=3,
    offsets={(): tuple(sorted(_OFFSETS, key=lambda o: (-o[0], -o[1], -o[2])))},
    group=tuple(sorted((Symmetry(m, _determinant(m) > 0) for m in _signed_permutations(3)),
                       key=lambda g: g.matrix != _IDENTITY)),
    to_vector=tuple,
    from_vector=tuple,
)


def pyramid(layers: int) -> Region:
    """The square pyramid of spheres, ``layers`` high (1, 5, 14, 30, ... spheres)."""
    positive_sides("pyramid", layers)
    cells = []
    for z in range(layers):
        side = layers - z
        for i in range(side):
            for j in range(side):
                cells.append((i + j + z, i - j, z))
    return Region(lattice, cells)

