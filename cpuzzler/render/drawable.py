"""What the renderers draw, as they need it: placed pieces on a board. The models'
solutions satisfy these shapes (a tiling's ``TilingSolution`` does) without the
renderers importing any model, so data flows one way: models hand solutions down here.

A drawing of two dominoes on a 2x2 board, made of plain objects:

>>> from dataclasses import dataclass
>>> from cpuzzler.grids import square
>>> from cpuzzler.render.text import picture
>>> @dataclass
... class Placed:
...     piece: str
...     cells: tuple
>>> @dataclass
... class Board:
...     region: object
...     pieces: tuple = ()
>>> @dataclass
... class Solution:
...     tiling: Board
...     placements: tuple
...     def cells_of(self):
...         return {c: p.piece for p in self.placements for c in p.cells}
...     def labels(self):
...         return [p.piece for p in self.placements]
>>> two = Solution(Board(square.rectangle(2, 2)),
...                (Placed("A", ((0, 0), (1, 0))), Placed("B", ((0, 1), (1, 1)))))
>>> print(picture(two))
B B
A A
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cpuzzler.grids.lattice import Cell, Lattice
    from cpuzzler.grids.region import Region

__all__ = ["Board", "Drawable", "Placed", "PieceShape"]


class PieceShape(Protocol):
    """A piece as drawn on its own: its name, its lattice, its cells and how many copies
    of it a puzzle holds."""

    @property
    def name(self) -> str: ...
    @property
    def lattice(self) -> Lattice: ...
    @property
    def cells(self) -> tuple[Cell, ...]: ...
    @property
    def copies(self) -> int: ...


class Placed(Protocol):
    """One piece where it lies: its name and the cells it covers."""

    @property
    def piece(self) -> str: ...
    @property
    def cells(self) -> tuple[Cell, ...]: ...


class Board(Protocol):
    """The region drawn on and the pieces whose colours the drawing uses, in order."""

    @property
    def region(self) -> Region: ...
    @property
    def pieces(self) -> Sequence[PieceShape]: ...


class Drawable(Protocol):
    """A solution as the renderers take it: its board and its placements, each
    placement's label (copies of a piece numbered) and which label covers each cell."""

    @property
    def tiling(self) -> Board: ...
    @property
    def placements(self) -> Sequence[Placed]: ...
    def labels(self) -> list[str]: ...
    def cells_of(self) -> dict[Cell, str]: ...
