"""Cell lattices: coordinates, neighbours, point symmetries and canonical forms.

A lattice names its cells by integer tuples (Polyform Puzzler's conventions) and maps
each cell to a VECTOR on which its symmetries act as integer matrices: the square and
cubic lattices use the cell itself; the hexagonal lattice its skewed (x, y); the
triangular lattice three times the triangle's centre in skewed coordinates, so that a
rotation turns an upward triangle into a downward one by itself.

>>> from cpuzzler.grids import square
>>> len(square.lattice.symmetries("free")), len(square.lattice.symmetries("one-sided"))
(8, 4)
>>> square.lattice.canonical({(0, 0), (0, 1), (1, 0)}, "free")
((0, 0), (0, 1), (1, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import permutations, product

Cell = tuple[int, ...]
Shape = tuple[Cell, ...]  # sorted, normalised cells
Matrix = tuple[tuple[int, ...], ...]
Point = tuple[int, ...]  # a grid point of an edge lattice

KINDS = ("free", "one-sided", "fixed")
_CELL_MAPS: dict[tuple[int, str], list[Callable[[Cell], Cell]]] = {}


@dataclass(frozen=True)
class Symmetry:
    """A point symmetry of a lattice: an integer matrix acting on cell vectors."""

    matrix: Matrix
    proper: bool  # a rotation (determinant +1), not a reflection

    def apply(self, vector: Sequence[int]) -> tuple[int, ...]:
        return tuple(sum(m * v for m, v in zip(row, vector, strict=True)) for row in self.matrix)

    def compiled(self) -> Callable[[Sequence[int]], tuple[int, ...]]:
        """``apply`` as a fast function of 2 or 3 coordinates."""
        m = self.matrix
        if len(m) == 2:
            (a, b), (c, d) = m
            return lambda v: (a * v[0] + b * v[1], c * v[0] + d * v[1])
        (a, b, c), (d, e, f), (g, h, i) = m
        return lambda v: (a * v[0] + b * v[1] + c * v[2], d * v[0] + e * v[1] + f * v[2],
                          g * v[0] + h * v[1] + i * v[2])


def _determinant(m: Matrix) -> int:
    if len(m) == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0]
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def _multiply(a: Matrix, b: Matrix) -> Matrix:
    n = len(a)
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(n)) for j in range(n))
                 for i in range(n))


def generate_group(generators: Iterable[Matrix]) -> list[Symmetry]:
    """Every product of the generators (a finite group), identity first."""
    generators = list(generators)
    n = len(generators[0])
    identity = tuple(tuple(int(i == j) for j in range(n)) for i in range(n))
    seen = [identity]
    frontier = [identity]
    while frontier:
        grown = []
        for m in frontier:
            for g in generators:
                p = _multiply(g, m)
                if p not in seen:
                    seen.append(p)
                    grown.append(p)
        frontier = grown
    return [Symmetry(m, _determinant(m) > 0) for m in seen]


def signed_permutations(n: int) -> list[Matrix]:
    """All n x n signed permutation matrices (the symmetries of the n-cube)."""
    result = []
    for perm in permutations(range(n)):
        for signs in product((1, -1), repeat=n):
            result.append(tuple(tuple(signs[i] if j == perm[i] else 0 for j in range(n))
                                for i in range(n)))
    return result


def _composed(to: Callable[[Cell], tuple[int, ...]], f: Callable[[Sequence[int]], tuple[int, ...]],
              back: Callable[[Sequence[int]], Cell]) -> Callable[[Cell], Cell]:
    """A cell map: to the vector, through the matrix, back to a cell."""
    return lambda c: back(f(to(c)))


@dataclass(frozen=True, eq=False)
class Lattice:
    """A lattice of cells (for the edge lattices, the cells are unit segments).

    ``translated``: how many leading coordinates a translation moves (the rest, like a
    triangle's orientation, stay); ``offsets``: neighbour offsets per value of the other
    coordinates (a single entry keyed ``()`` when there are none).
    """

    name: str
    dimensions: int  # the length of a cell tuple
    translated: int
    offsets: dict[tuple[int, ...], tuple[Cell, ...]]
    group: tuple[Symmetry, ...]
    to_vector: Callable[[Cell], tuple[int, ...]] = field(repr=False)
    from_vector: Callable[[Sequence[int]], Cell] = field(repr=False)
    # Edge lattices (sticks, trigs, twigs): a segment's two end points; None for cells.
    ends: Callable[[Cell], tuple[Point, Point]] | None = field(default=None, repr=False)

    def symmetries(self, kind: str = "free") -> tuple[Symmetry, ...]:
        """The group for a piece kind: all, rotations only, or the identity."""
        if kind == "free":
            return self.group
        if kind == "one-sided":
            return tuple(g for g in self.group if g.proper)
        if kind == "fixed":
            return self.group[:1]
        raise ValueError(f"unknown kind {kind!r}; known kinds: {', '.join(KINDS)}")

    def segment_ends(self, segment: Cell) -> tuple[Point, Point]:
        """An edge lattice's segment's two end points."""
        if self.ends is None:
            raise ValueError(f"the {self.name} lattice has cells, not segments with ends")
        return self.ends(segment)

    def neighbours(self, cell: Cell) -> list[Cell]:
        t = self.translated
        step = self.offsets[tuple(cell[t:])]
        return [tuple(a + b for a, b in zip(cell, d, strict=True)) for d in step]

    def transform(self, cells: Iterable[Cell], g: Symmetry) -> list[Cell]:
        f = g.compiled()
        if self.to_vector is tuple and self.from_vector is tuple:
            return [f(c) for c in cells]
        to, back = self.to_vector, self.from_vector
        return [back(f(to(c))) for c in cells]

    def cell_maps(self, kind: str = "free") -> list[Callable[[Cell], Cell]]:
        """The kind's symmetries as fast functions from cell to cell."""
        key = (id(self), kind)
        if key not in _CELL_MAPS:
            maps: list[Callable[[Cell], Cell]] = []
            for g in self.symmetries(kind):
                f = g.compiled()
                if self.to_vector is tuple and self.from_vector is tuple:
                    maps.append(f)
                else:
                    to, back = self.to_vector, self.from_vector
                    maps.append(_composed(to, f, back))
            _CELL_MAPS[key] = maps
        return _CELL_MAPS[key]

    def normalise(self, cells: Iterable[Cell]) -> Shape:
        """Translate so that each translated coordinate's minimum is 0; sort."""
        cells = list(cells)
        t = self.translated
        low = [min(c[k] for c in cells) for k in range(t)]
        return tuple(sorted(tuple(c[k] - low[k] for k in range(t)) + tuple(c[t:])
                            for c in cells))

    def orientations(self, cells: Iterable[Cell], kind: str = "free") -> list[Shape]:
        """The distinct normalised images of a shape under the kind's group."""
        cells = list(cells)
        found: dict[Shape, None] = {}
        for f in self.cell_maps(kind):
            found.setdefault(self.normalise([f(c) for c in cells]), None)
        return list(found)

    def canonical(self, cells: Iterable[Cell], kind: str = "free") -> Shape:
        """The least normalised image: equal for shapes equal up to the kind's group."""
        cells = list(cells)
        return min(self.normalise([f(c) for c in cells]) for f in self.cell_maps(kind))

    def translate(self, cells: Iterable[Cell], offset: Sequence[int]) -> list[Cell]:
        t = self.translated
        return [tuple(c[k] + offset[k] for k in range(t)) + tuple(c[t:]) for c in cells]

    def interior_points(self, cells: Iterable[Cell]) -> list[Point]:
        """The points where two or more of the segments meet (empty for cell lattices):
        the only points where another piece could cross this one."""
        if self.ends is None:
            return []
        seen: dict[Point, int] = {}
        for c in cells:
            for p in self.ends(c):
                seen[p] = seen.get(p, 0) + 1
        return sorted(p for p, n in seen.items() if n > 1)

    def is_connected(self, cells: Iterable[Cell],
                     neighbours: Callable[[Cell], list[Cell]] | None = None) -> bool:
        """Whether the cells are joined by ``neighbours`` (the lattice's by default)."""
        near = neighbours or self.neighbours
        cells = set(cells)
        if not cells:
            return True
        start = next(iter(cells))
        seen, stack = {start}, [start]
        while stack:
            for n in near(stack.pop()):
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return len(seen) == len(cells)


def resolve(lattice_or_module: object) -> Lattice:
    """Accept a lattice or a grid module (``cpuzzler.grids.square``) that holds one."""
    found = getattr(lattice_or_module, "lattice", lattice_or_module)
    if not isinstance(found, Lattice):
        raise TypeError(f"{lattice_or_module!r} is not a lattice")
    return found
