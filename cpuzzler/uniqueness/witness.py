"""Two solutions side by side, where they differ marked: as text and as SVG.

A tiling's solutions are drawn in the style of their lattice, then a third picture with
``*`` on every cell the two cover with different pieces; a Sudoku's grids likewise, the
third with ``*`` where the values differ; an exact cover's solutions as their options,
those the other solution lacks marked ``*``.

>>> from cpuzzler.models import queens
>>> board = queens(4)
>>> print(side_by_side(list(board.solve()), board))
solution 1       solution 2
* r0 c1 a1 b2    * r0 c2 a2 b1
* r1 c3 a4 b1    * r1 c0 a1 b4
* r2 c0 a2 b5    * r2 c3 a5 b2
* r3 c2 a5 b4    * r3 c1 a4 b5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cpuzzler.jobs import JOBS

GAP = 4  # spaces between two pictures


@dataclass(frozen=True)
class _Placed:
    piece: str
    cells: tuple[Any, ...]


@dataclass(frozen=True)
class _Marks:
    """A drawing of the cells where two tilings differ (``*``) and agree (``.``)."""

    tiling: Any
    placements: tuple[_Placed, ...]

    def cells_of(self) -> dict[Any, str]:
        return {cell: p.piece for p in self.placements for cell in p.cells}

    def labels(self) -> list[str]:
        return [p.piece for p in self.placements]


def differing_cells(first: Any, second: Any) -> set[Any]:
    """The cells two tilings (``cells_of()``) or two grids (``grid``) fill differently."""
    if hasattr(first, "grid"):
        return {(r, c) for r, row in enumerate(first.grid) for c, v in enumerate(row)
                if v != second.grid[r][c]}
    a, b = first.cells_of(), second.cells_of()
    return {cell for cell in a.keys() | b.keys() if a.get(cell) != b.get(cell)}


def _columns(blocks: Sequence[tuple[str, str]]) -> str:
    """Titled blocks of text in one row."""
    lines = [[title, *text.splitlines()] for title, text in blocks]
    widths = [max(len(line) for line in block) for block in lines]
    height = max(len(block) for block in lines)
    rows = []
    for k in range(height):
        cells = [(block[k] if k < len(block) else "").ljust(w)
                 for block, w in zip(lines, widths, strict=True)]
        rows.append((" " * GAP).join(cells).rstrip())
    return "\n".join(rows)


def side_by_side(solutions: Sequence[Any], problem: Any = None) -> str:
    """The solutions (one or two) as text in a row; with two, their differences."""
    titles = [f"solution {k}" for k in range(1, len(solutions) + 1)]
    first = solutions[0]
    if hasattr(first, "grid") or hasattr(first, "cells_of"):
        blocks = [(t, _text_of(s)) for t, s in zip(titles, solutions, strict=True)]
        if len(solutions) == 2:
            blocks.append(("where they differ", _marks_text(*solutions)))
        return _columns(blocks)
    chosen = [set(s) for s in solutions]
    blocks = []
    for k, (title, solution) in enumerate(zip(titles, solutions, strict=True)):
        others = chosen[1 - k] if len(solutions) == 2 else chosen[k]
        rows = [("  " if o in others else "* ") + _option_text(problem, o) for o in solution]
        blocks.append((title, "\n".join(rows)))
    return _columns(blocks)


def _option_text(problem: Any, option: int) -> str:
    return " ".join(problem.option(option)) if problem is not None else str(option)


def _text_of(solution: Any) -> str:
    if hasattr(solution, "grid"):
        return str(solution)
    return str(solution.render())


def _marks_text(first: Any, second: Any) -> str:
    differ = differing_cells(first, second)
    if hasattr(first, "grid"):
        marks = [[("*" if (r, c) in differ else ".") for c in range(len(row))]
                 for r, row in enumerate(first.grid)]
        lines = []
        for r, row in enumerate(marks):
            if r and r % first.box_rows == 0:
                lines.append("")
            groups = [" ".join(row[k:k + first.box_cols])
                      for k in range(0, len(row), first.box_cols)]
            lines.append("  ".join(groups))
        return "\n".join(lines)
    from cpuzzler.render.text import picture

    same = tuple(c for c in first.tiling.region.cells if c not in differ)
    drawing = _Marks(first.tiling, (_Placed("*", tuple(differ)), _Placed(".", same)))
    return picture(drawing)


def side_by_side_svg(solutions: Sequence[Any], scale: float = 40.0) -> str:
    """The solutions (tilings or Sudoku grids) as one SVG picture in a row, the cells
    where two differ marked."""
    if not solutions:
        raise ValueError("no solution to draw")
    differ = differing_cells(*solutions) if len(solutions) == 2 else set()
    from cpuzzler.render.svg import side_by_side as join

    if hasattr(solutions[0], "grid"):
        from cpuzzler.render.digits import grid_svg

        return join([grid_svg(s.grid, s.box_rows, s.box_cols, marked=differ, scale=scale)
                     for s in solutions])
    if not hasattr(solutions[0], "cells_of"):
        raise ValueError("an exact cover's solutions have no picture: see witness()")
    from cpuzzler.render.svg import svg

    return join([svg(s, scale=scale, marked=differ) for s in solutions])


JOBS["witness"] = side_by_side
JOBS["witness_svg"] = side_by_side_svg


__all__ = ["differing_cells", "side_by_side", "side_by_side_svg"]
