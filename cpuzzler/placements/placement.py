"""A piece at one position, as tilings and their symmetries name it.

>>> Placement("X", ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1))).piece
'X'
"""

from __future__ import annotations

from dataclasses import dataclass

from cpuzzler.grids.lattice import Cell

__all__ = ["Placement"]


@dataclass(frozen=True)
class Placement:
    """One piece at one position: its name and the cells it covers (sorted)."""

    piece: str
    cells: tuple[Cell, ...]
