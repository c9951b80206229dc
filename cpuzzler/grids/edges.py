"""What the three edge lattices (``sticks``, ``trigs``, ``twigs``) share.

Their "cells" are unit segments (x, y, z): z names the direction, (x, y) the grid point
the segment starts from, as Polyform Puzzler numbers them. Each segment maps to a vector
(twice its midpoint, in the coordinates of its cell lattice's symmetry matrices), so the
cell lattices' group, transforms and canonical forms work on segments unchanged. Two
segments are neighbours when they share an end point.

>>> from cpuzzler.grids import sticks
>>> sorted(sticks.lattice.neighbours((0, 0, 0)))
[(-1, 0, 0), (0, -1, 1), (0, 0, 1), (1, -1, 1), (1, 0, 0), (1, 0, 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from math import atan2

from cpuzzler.grids.lattice import Cell, Lattice, Matrix, Point, generate_group
from cpuzzler.grids.region import Region


def edge_lattice(name: str, directions: int, generators: Iterable[Matrix],
                 to_vector: Callable[[Cell], tuple[int, ...]],
                 from_vector: Callable[[Sequence[int]], Cell],
                 ends: Callable[[Cell], tuple[Point, Point]]) -> Lattice:
    """A lattice of segments (x, y, z), z < ``directions``; neighbours share an end
    (the lattice's offsets change z too, as the triangular lattice's do)."""
    offsets: dict[tuple[int, ...], tuple[Cell, ...]] = {}
    for z in range(directions):
        mine = set(ends((0, 0, z)))
        near = [(dx, dy, w - z) for dx in range(-2, 3) for dy in range(-2, 3)
                for w in range(directions)
                if (dx, dy, w) != (0, 0, z) and mine & set(ends((dx, dy, w)))]
        offsets[(z,)] = tuple(near)
    return Lattice(name=name, dimensions=3, translated=2, offsets=offsets,
                   group=tuple(generate_group(generators)), to_vector=to_vector,
                   from_vector=from_vector, ends=ends)


def quasi_neighbours(lattice: Lattice, segment: Cell) -> list[Cell]:
    """The segments one gap away: they share no end with ``segment``, but one of their
    ends and one of its ends are the two ends of a third segment. A quasi-polyform's
    segments are joined end to end or across such a gap (Polyform Puzzler's
    quasi-polytrigs and quasi-polytwigs).

    >>> from cpuzzler.grids import trigs
    >>> len(quasi_neighbours(trigs.lattice, (0, 0, 0)))
    30
    """
    x, y, z = segment
    return [(x + dx, y + dy, w) for dx, dy, w in _quasi_offsets(lattice)[z]]


_QUASI: dict[int, dict[int, list[tuple[int, int, int]]]] = {}


def _quasi_offsets(lattice: Lattice) -> dict[int, list[tuple[int, int, int]]]:
    if id(lattice) not in _QUASI:
        directions = len(lattice.offsets)
        near = [(dx, dy, w) for dx in range(-4, 5) for dy in range(-4, 5)
                for w in range(directions)]
        joined = {frozenset(lattice.segment_ends(s)) for s in near}
        found = {}
        for z in range(directions):
            mine = set(lattice.segment_ends((0, 0, z)))
            found[z] = [s for s in near if not mine & set(lattice.segment_ends(s))
                        and any(frozenset((a, b)) in joined
                                for a in mine for b in lattice.segment_ends(s))]
        _QUASI[id(lattice)] = found
    return _QUASI[id(lattice)]


def between(lattice: Lattice, points: Iterable[Point]) -> Region:
    """Every segment with both ends among ``points``: the grid drawn on a set of points."""
    points = set(points)
    directions = len(lattice.offsets)
    cells = set()
    for p in points:
        for dx in range(-1, 2):
            for dy in range(-1, 2):
                for z in range(directions):
                    segment = (p[0] + dx, p[1] + dy, z)
                    if all(e in points for e in lattice.segment_ends(segment)):
                        cells.add(segment)
    return Region(lattice, cells)


def outlines(lattice: Lattice, edges: Callable[[Cell], Iterable[Cell]],
             cells: Iterable[Cell]) -> Region:
    """Every edge of the given cells of the dual cell lattice (``edges`` lists a
    cell's sides as segments)."""
    return Region(lattice, {segment for cell in cells for segment in edges(cell)})


Crossing = tuple[Point, tuple[int, ...]]
_STARS: dict[tuple[int, Point], tuple[Cell, ...]] = {}


def star(lattice: Lattice, point: Point, segment: Cell) -> tuple[Cell, ...]:
    """Every segment of the lattice at ``point`` (an end of ``segment``), in turning
    order around it."""
    key = (id(lattice), point)
    if key not in _STARS:
        around = [segment] + [t for t in lattice.neighbours(segment)
                              if point in lattice.segment_ends(t)]
        mids = [lattice.to_vector(t) for t in around]
        centre = [sum(m[k] for m in mids) / len(mids) for k in range(2)]
        # Skewed axes keep the turning order (a linear map keeps or reverses it, and a
        # reversed order has the same crossings).
        _STARS[key] = tuple(sorted(around, key=lambda t: atan2(
            lattice.to_vector(t)[1] - centre[1], lattice.to_vector(t)[0] - centre[0])))
    return _STARS[key]


def crossings(lattice: Lattice, cells: Iterable[Cell]) -> list[Crossing]:
    """The ways another piece could cross this one: ``(point, (a, b, c, d))`` where the
    piece has both segments a and c, or both b and d, of the point's star (positions in
    turning order, a < b < c < d). Two pieces cross at a point exactly when one has a
    and c and the other b and d, so each of these keys may be held by one piece at most.
    On the square grid there is one key per point (two straight lines through it); on
    the hexagonal grid, with three segments at a point, none."""
    cells = list(cells)
    at: dict[Point, list[Cell]] = {}
    for segment in cells:
        for p in lattice.segment_ends(segment):
            at.setdefault(p, []).append(segment)
    found: list[Crossing] = []
    for p, mine in sorted(at.items()):
        if len(mine) < 2:
            continue
        order = star(lattice, p, mine[0])
        held = {order.index(segment) for segment in mine}
        for a, b, c, d in combinations(range(len(order)), 4):
            if {a, c} <= held or {b, d} <= held:
                found.append((p, (a, b, c, d)))
    return found
