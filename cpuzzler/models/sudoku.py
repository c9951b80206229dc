"""Sudoku of any box shape as exact cover: each cell, and each value once per row, column
and box.

>>> Sudoku.empty(box=2).count()
288
>>> puzzle = Sudoku.from_string(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> print(puzzle.first().to_string()[:9])
534678912
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache, cached_property
from typing import TYPE_CHECKING

from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.formats import read_text
from cpuzzler.results import DONE, Count, Uniqueness

if TYPE_CHECKING:
    from cpuzzler.uniqueness.givens import Givens

_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Sudoku:
    """A grid of side n = box_rows * box_cols; 0 marks a blank cell."""

    def __init__(self, grid: Sequence[Sequence[int]], box_rows: int, box_cols: int) -> None:
        n = box_rows * box_cols
        if box_rows < 1 or box_cols < 1:
            raise ExactCoverError(f"box sides must be positive, not {box_rows}x{box_cols}")
        if len(grid) != n or any(len(row) != n for row in grid):
            raise ExactCoverError(f"a Sudoku with {box_rows}x{box_cols} boxes needs {n}x{n} cells")
        for r, row in enumerate(grid):
            for c, value in enumerate(row):
                if not 0 <= value <= n:
                    raise ExactCoverError(f"cell ({r + 1}, {c + 1}) holds {value}, not 0..{n}")
        self.box_rows, self.box_cols, self.size = box_rows, box_cols, n
        self.grid = tuple(tuple(row) for row in grid)

    def __repr__(self) -> str:
        givens = sum(1 for row in self.grid for value in row if value)
        return (f"Sudoku({self.size}x{self.size}, {self.box_rows}x{self.box_cols} boxes, "
                f"{givens} givens)")

    # --- making ------------------------------------------------------------------------

    @classmethod
    def empty(cls, box: int | tuple[int, int] = 3) -> Sudoku:
        """The blank grid: ``box=3`` for 9x9, ``box=(2, 3)`` for 6x6 with 2x3 boxes."""
        rows, cols = (box, box) if isinstance(box, int) else box
        n = rows * cols
        return cls([[0] * n for _ in range(n)], rows, cols)

    @classmethod
    def from_string(cls, text: str, box: int | tuple[int, int] | None = None, *,
                    path: str = "<string>") -> Sudoku:
        """Read n*n symbols (digits, then letters; ``.`` or ``0`` for a blank), whitespace
        ignored: one line of 81 characters or nine lines of nine, as the aps program reads.
        """
        symbols = "".join(text.split())
        n = round(len(symbols) ** 0.5)
        if n * n != len(symbols) or n == 0:
            raise InputFormatError(
                f"{len(symbols)} cells is not a square grid (81 for 9x9)", path=path)
        if box is None:
            rows = round(n ** 0.5)
            if rows * rows != n:
                raise InputFormatError(f"a {n}x{n} grid needs box=(rows, cols)", path=path)
            box = rows
        rows, cols = (box, box) if isinstance(box, int) else box
        values = []
        for k, ch in enumerate(symbols):
            if ch in ".0":
                values.append(0)
                continue
            value = _SYMBOLS.find(ch.upper()) + 1
            if not 1 <= value <= n:
                raise InputFormatError(f"cell {k + 1} holds {ch!r}, not a value 1..{n} or '.'",
                                       path=path)
            values.append(value)
        return cls([values[r * n:(r + 1) * n] for r in range(n)], rows, cols)

    @classmethod
    def read(cls, path: str, box: int | tuple[int, int] | None = None) -> Sudoku:
        """Read a grid from a file (see ``from_string``)."""
        name, text = read_text(path)
        return cls.from_string(text, box, path=name)

    # --- the exact-cover model ------------------------------------------------------------

    @cached_property
    def exact_cover(self) -> ExactCover:
        """Items: cell r,c; value v in row r, column c, box b. One option per allowed
        (cell, value); a given cell allows only its value. Option order is cell-major."""
        n = self.size
        names = [f"p{r},{c}" for r in range(n) for c in range(n)]
        for kind in "rcb":
            names += [f"{kind}{k}#{v}" for k in range(n) for v in range(1, n + 1)]
        xc = ExactCover(primary=names)
        for r in range(n):
            for c in range(n):
                box = (r // self.box_rows) * self.box_rows + c // self.box_cols
                given = self.grid[r][c]
                for v in [given] if given else range(1, n + 1):
                    xc.add_option([f"p{r},{c}", f"r{r}#{v}", f"c{c}#{v}", f"b{box}#{v}"])
        # the memo engine fills the cells row by row: on the empty 6x6 grid, 4x faster
        # than the order it derives from the matrix
        xc.sweep = names
        return xc

    def filled(self, xc: ExactCover, solution: tuple[int, ...]) -> Sudoku:
        """The grid a solution of ``self.exact_cover`` fills in."""
        grid = [[0] * self.size for _ in range(self.size)]
        for option in solution:
            cell, row_value = xc.option(option)[:2]
            r, c = map(int, cell[1:].split(","))
            grid[r][c] = int(row_value.split("#")[1])
        return Sudoku(grid, self.box_rows, self.box_cols)

    # --- solving -----------------------------------------------------------------------

    def solutions(self, limit: int | None = None, *, engine: str | None = None
                  ) -> Iterator[Sudoku]:
        xc = self.exact_cover
        for solution in xc.solve(limit, engine=engine):
            yield self.filled(xc, solution)

    def first(self, *, engine: str | None = None) -> Sudoku | None:
        """The solved grid, or ``None`` when the givens allow none."""
        return next(self.solutions(1, engine=engine), None)

    def count(self, *, engine: str | None = None, time_limit: float | None = None,
              symmetry: str = "raw") -> Count:
        """The number of solutions, every grid by default (raw): 1 for a proper puzzle."""
        return self.exact_cover.count(engine=engine, time_limit=time_limit, symmetry=symmetry)

    def unique(self, *, engine: str | None = None, time_limit: float | None = None
               ) -> Uniqueness[Sudoku]:
        """Whether the givens allow exactly one grid (a proper puzzle): the search stops
        at the second; ``.witness()`` shows two grids and where they differ.

        >>> Sudoku.from_string("12.." "34.." "...." "....").unique().unique
        False
        """
        from cpuzzler.uniqueness.answer import answer

        if engine is None and time_limit is None:  # the empty grid's matrix, clues given
            _, givens = _empty_grid(self.box_rows, self.box_cols)
            grids = [self._grid_of(s) for s in givens.solutions(self._clues(), 2)]
            return answer(grids, lambda: DONE)
        xc = self.exact_cover
        found = (self.filled(xc, s) for s in xc.solve(2, engine=engine, time_limit=time_limit))
        return answer(found, lambda: xc.stats.reason)

    def _clues(self) -> list[int]:
        """The givens as options of the empty grid's exact cover (``_empty_grid``)."""
        n = self.size
        return [(r * n + c) * n + v - 1 for r, row in enumerate(self.grid)
                for c, v in enumerate(row) if v]

    def _grid_of(self, options: Iterable[int]) -> Sudoku:
        """The grid that options of the empty grid's exact cover fill in."""
        n = self.size
        grid = [[0] * n for _ in range(n)]
        for o in options:
            cell, value = divmod(o, n)
            grid[cell // n][cell % n] = value + 1
        return Sudoku(grid, self.box_rows, self.box_cols)

    def hints(self, *, minimal: bool = False, engine: str | None = None,
              seed: int | None = None) -> Sudoku:
        """The fewest of this puzzle's givens (a full grid: of its cells) that leave its
        solution the only one, as a puzzle; ``minimal``: quickly, a puzzle in which every
        clue is needed (in reading order, shuffled by ``seed`` if given). The fewest are
        proven by an implicit hitting set (``uniqueness.hints``): fast on small grids, far
        out of reach for 9x9 (no 16-clue puzzle exists: McGuire, Tugemann and Civario,
        2012).

        >>> full = Sudoku.from_string("1234" "3412" "2143" "4321")
        >>> sum(v > 0 for row in full.hints().grid for v in row)
        4
        """
        from cpuzzler.uniqueness.hints import fewest_hints

        empty, givens = _empty_grid(self.box_rows, self.box_cols)
        clues = self._clues()
        found = list(givens.solutions(clues, 2, engine=engine))
        if len(found) != 1:
            raise ExactCoverError("hints: the puzzle does not have exactly one solution")
        kept = fewest_hints(empty, found[0], candidates=clues or found[0], minimal=minimal,
                            engine=engine, seed=seed, givens=givens)
        return self._grid_of(kept)

    # --- showing -----------------------------------------------------------------------

    def to_string(self) -> str:
        """One line of n*n symbols, ``.`` for blanks."""
        return "".join(_SYMBOLS[v - 1] if v else "." for row in self.grid for v in row)

    def __str__(self) -> str:
        lines = []
        for r, row in enumerate(self.grid):
            if r and r % self.box_rows == 0:
                lines.append("")
            cells = [_SYMBOLS[v - 1] if v else "." for v in row]
            groups = [" ".join(cells[k:k + self.box_cols])
                      for k in range(0, self.size, self.box_cols)]
            lines.append("  ".join(groups))
        return "\n".join(lines)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sudoku) and (self.grid, self.box_rows, self.box_cols) == (
            other.grid, other.box_rows, other.box_cols)

    def __hash__(self) -> int:
        return hash((self.grid, self.box_rows, self.box_cols))


@cache
def _empty_grid(box_rows: int, box_cols: int) -> tuple[ExactCover, Givens]:
    """The empty grid's exact cover (option (r, c, v) at (r * n + c) * n + v - 1) and
    its residual problems, built once per box shape."""
    from cpuzzler.uniqueness.givens import Givens

    xc = Sudoku.empty((box_rows, box_cols)).exact_cover
    return xc, Givens(xc)
