"""Placements: every position of every piece in a region, and the exact cover they make.

The stage between the pieces and the engines: ``placement`` names one piece at one
position; ``tiling_cover`` builds a tiling's placements, its items (cells, pieces, the
ways to cross at grid points, what the constraints add), its exact cover and its sweep,
from what the puzzle says (``tiling_cover.Shape``), never from ``models.tiling.Tiling``,
which holds the results. They import the grids, the pieces, the constraints, the exact
cover, the results and the errors; the symmetry of tilings and the models import them.
This file imports nothing.

>>> from cpuzzler.placements.placement import Placement
>>> Placement("I2", ((0, 0), (0, 1))).cells
((0, 0), (0, 1))
"""
