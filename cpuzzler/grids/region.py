"""Regions: finite sets of cells of one lattice, the boards that pieces fill.

>>> from cpuzzler.grids import square
>>> board = square.rectangle(8, 8).without([(3, 3), (3, 4), (4, 3), (4, 4)])
>>> len(board), len(board.symmetries())
(60, 8)
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator

from cpuzzler.errors import InputFormatError
from cpuzzler.grids.lattice import Cell, Lattice, Symmetry

EMPTY = " ."


class Region:
    """A set of cells of ``lattice``."""

    def __init__(self, lattice: Lattice, cells: Iterable[Cell], *, path: str = "<string>"):
        self.lattice = lattice
        self.cells = frozenset(tuple(c) for c in cells)
        for cell in self.cells:
            if len(cell) != lattice.dimensions:
                raise InputFormatError(
                    f"cell {cell} does not fit the {lattice.name} lattice", path=path)

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self.cells))

    def __contains__(self, cell: object) -> bool:
        return cell in self.cells

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Region) and self.lattice is other.lattice
                and self.cells == other.cells)

    def __hash__(self) -> int:
        return hash(self.cells)

    def __repr__(self) -> str:
        return f"Region({self.lattice.name}, {len(self.cells)} cells)"

    def without(self, cells: Iterable[Cell]) -> Region:
        """This region with some cells taken out (holes)."""
        return Region(self.lattice, self.cells - {tuple(c) for c in cells})

    def union(self, cells: Iterable[Cell]) -> Region:
        return Region(self.lattice, self.cells | {tuple(c) for c in cells})

    def symmetries(self, kind: str = "free") -> list[tuple[Symmetry, tuple[int, ...]]]:
        """The lattice symmetries (of the kind's group) that map this region onto itself,
        each with the translation that brings the image back into place."""
        lattice, cells = self.lattice, list(self.cells)
        if not cells:
            return [(lattice.group[0], (0,) * lattice.translated)]
        t = lattice.translated
        low = [min(c[k] for c in cells) for k in range(t)]
        result = []
        for g in lattice.symmetries(kind):
            image = lattice.transform(cells, g)
            image_low = [min(c[k] for c in image) for k in range(t)]
            shift = tuple(low[k] - image_low[k] for k in range(t))
            if set(lattice.translate(image, shift)) == self.cells:
                result.append((g, shift))
        return result


def from_ascii_rows(drawing: str, *, path: str = "<string>") -> list[tuple[Cell, str]]:
    """The filled characters of a drawing as ((column, row), char), the bottom row 0.

    Blank lines before and after the drawing and the indentation common to its lines are
    dropped; a space or ``.`` is no cell.
    """
    if "\t" in drawing:
        line = drawing[: drawing.index("\t")].count("\n") + 1
        raise InputFormatError("a tab in a drawing: use spaces", path=path, line=line)
    lines = textwrap.dedent(drawing).split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise InputFormatError("the drawing has no cells", path=path)
    height = len(lines)
    found = [((col, height - 1 - row), ch) for row, text in enumerate(lines)
             for col, ch in enumerate(text) if ch not in EMPTY]
    if not found:
        raise InputFormatError("the drawing has no cells", path=path)
    return found
