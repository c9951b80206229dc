"""Where cells and segments lie in the plane, for drawings: each lattice's coordinates
turned into Cartesian points (unit edge length, y up).

>>> polygon("square", (2, 1))
[(2.0, 1.0), (3.0, 1.0), (3.0, 2.0), (2.0, 2.0)]
>>> segment("sticks", (0, 0, 1))
((0.0, 0.0), (0.0, 1.0))
"""

from __future__ import annotations

import math

from cpuzzler.grids import sticks, trigs, twigs
from cpuzzler.grids import triangular as triangular_grid
from cpuzzler.grids.lattice import Cell

XY = tuple[float, float]
CELL_LATTICES = ("square", "triangular", "hexagonal", "tetrakis")
SEGMENT_LATTICES = ("sticks", "trigs", "twigs")

_SIN60 = math.sqrt(3) / 2
_HEX_SIDE = 1 / math.sqrt(3)  # hexagon side when neighbouring centres are 1 apart


def _skewed(x: float, y: float) -> XY:
    """A point on axes 60 degrees apart (the triangular lattice's) in Cartesian terms."""
    return (x + y / 2, y * _SIN60)


def _hex_centre(x: int, y: int) -> XY:
    """Hexagonal cells: y up, x at 30 degrees, neighbouring centres 1 apart."""
    return (x * _SIN60, x / 2 + y)


def _hex_corner(x: int, y: int, angle: int) -> XY:
    cx, cy = _hex_centre(x, y)
    a = math.radians(angle)
    return (cx + _HEX_SIDE * math.cos(a), cy + _HEX_SIDE * math.sin(a))


def polygon(lattice: str, cell: Cell) -> list[XY]:
    """The corners of a cell, counter-clockwise."""
    if lattice == "square":
        x, y = cell
        return [(float(x), float(y)), (x + 1.0, float(y)), (x + 1.0, y + 1.0),
                (float(x), y + 1.0)]
    if lattice == "triangular":
        return [_skewed(*p) for p in triangular_grid.vertices(cell)]
    if lattice == "hexagonal":
        return [_hex_corner(cell[0], cell[1], angle) for angle in range(0, 360, 60)]
    if lattice == "tetrakis":
        x, y, k = cell
        corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
        a, b = corners[k], corners[(k + 1) % 4]
        return [(float(a[0]), float(a[1])), (float(b[0]), float(b[1])), (x + 0.5, y + 0.5)]
    raise ValueError(f"no polygons for the {lattice} lattice")


def segment(lattice: str, seg: Cell) -> tuple[XY, XY]:
    """The two ends of a unit segment of an edge lattice."""
    if lattice == "sticks":
        p, q = sticks.ends(seg)
        return (float(p[0]), float(p[1])), (float(q[0]), float(q[1]))
    if lattice == "trigs":
        p, q = trigs.ends(seg)
        return _skewed(*p), _skewed(*q)
    if lattice == "twigs":
        # ends: (x, y, 0) the lower left corner of hexagon (x, y), (x, y, 1) its lower right
        (px, py, pk), (qx, qy, qk) = twigs.ends(seg)
        return (_hex_corner(px, py, 240 if pk == 0 else 300),
                _hex_corner(qx, qy, 240 if qk == 0 else 300))
    raise ValueError(f"no segments on the {lattice} lattice")
