"""Lattices and regions: the cell lattices ``square``, ``triangular``, ``hexagonal``,
``cubic``, ``prisms`` (triangles stacked in layers), ``spheres`` (packed face-centred
cubic), ``subcells`` (BurrTools' rhombic and tetra-octa grids, in sub-cells of cubes),
and the edge lattices ``sticks``,
``trigs``, ``twigs`` (unit segments of the square, triangular and hexagonal grids), and
``tetrakis`` (squares cut into four triangles, for the tangram).

Each module holds its ``lattice`` and the region shapes that fit it. The grids import
nothing of cpuzzler but its errors and results, so every other room may use them.

>>> from cpuzzler.grids import cubic, square
>>> len(square.rectangle(10, 6)), len(cubic.box(3, 3, 3))
(60, 27)
"""

from cpuzzler.grids import (
    cubic,
    hexagonal,
    prisms,
    spheres,
    square,
    sticks,
    subcells,
    tetrakis,
    triangular,
    trigs,
    twigs,
)
from cpuzzler.grids.lattice import Lattice, Symmetry
from cpuzzler.grids.region import Region

__all__ = ["Lattice", "Region", "Symmetry", "cubic", "hexagonal", "prisms", "spheres",
           "square", "sticks", "subcells", "tetrakis", "triangular", "trigs", "twigs"]
