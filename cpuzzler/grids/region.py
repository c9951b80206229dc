"""Regions: finite sets of cells of one lattice, the boards that pieces fill.

>>> from cpuzzler.grids import square
>>> board = square.rectangle(8, 8).without([(3, 3), (3, 4), (4, 3), (4, 4)])
>>> len(board), len(board.symmetries())
(60, 8)
"""

from __future__ import annotations

import itertools
import math
import textwrap
from collections.abc import Iterable, Iterator, Sequence

from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.grids.lattice import Cell, Lattice, Symmetry
from cpuzzler.results import RunDeadline

EMPTY = " ."
CELL_MARKS = "#*@"


class Region:
    """A set of cells of ``lattice``.

    ``wrap`` makes a cylinder or a torus: a period for each translated coordinate (None
    where it does not wrap); a piece leaving the region on one side comes back on the
    other. The cells must then lie in 0 <= coordinate < period.

    >>> from cpuzzler.grids import square
    >>> ring = Region(square.lattice, square.rectangle(20, 3).cells, wrap=(20, None))
    >>> ring.reduce((21, 1)), len(ring.cell_maps())  # 20 turns, each also mirrored 2 ways
    ((1, 1), 80)
    """

    def __init__(self, lattice: Lattice, cells: Iterable[Cell], *, path: str = "<string>",
                 wrap: Sequence[int | None] | None = None):
        self.lattice = lattice
        self.cells = frozenset(tuple(c) for c in cells)
        for cell in self.cells:
            if len(cell) != lattice.dimensions:
                raise InputFormatError(
                    f"cell {cell} does not fit the {lattice.name} lattice", path=path)
        self.wrap = None if wrap is None or not any(wrap) else tuple(wrap)
        if self.wrap is not None:
            if lattice.ends is not None or len(self.wrap) != lattice.translated:
                raise InputFormatError(f"wrap {self.wrap} does not fit the {lattice.name} "
                                       f"lattice (one period per coordinate of a cell "
                                       f"lattice)", path=path)
            outside = [c for c in self.cells if self.reduce(c) != c]
            if outside:
                raise InputFormatError(f"cell {min(outside)} lies outside the wrapped "
                                       f"range 0 .. period - 1", path=path)

    def reduce(self, cell: Cell) -> Cell:
        """The cell a wrapped region means by ``cell`` (the cell itself without wrap)."""
        if self.wrap is None:
            return cell
        t = len(self.wrap)
        return tuple(c % p if p else c for c, p in zip(cell[:t], self.wrap, strict=True)) \
            + tuple(cell[t:])

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self.cells))

    def __contains__(self, cell: object) -> bool:
        return cell in self.cells

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Region) and self.lattice is other.lattice
                and self.cells == other.cells and self.wrap == other.wrap)

    def __hash__(self) -> int:
        return hash((self.cells, self.wrap))

    def __repr__(self) -> str:
        wrap = "" if self.wrap is None else f", wrap={self.wrap}"
        return f"Region({self.lattice.name}, {len(self.cells)} cells{wrap})"

    def without(self, cells: Iterable[Cell]) -> Region:
        """This region with some cells taken out (holes)."""
        return Region(self.lattice, self.cells - {tuple(c) for c in cells}, wrap=self.wrap)

    def union(self, cells: Iterable[Cell]) -> Region:
        return Region(self.lattice, self.cells | {tuple(c) for c in cells}, wrap=self.wrap)

    def place(self, cells: Iterable[Cell]) -> tuple[Cell, ...] | None:
        """Cells as the region holds them (wrapped), sorted; None if one falls outside or,
        wrapped, two fall on the same cell."""
        cells = list(cells)
        placed = {self.reduce(c) for c in cells}
        if not placed <= self.cells or (self.wrap is not None and len(placed) != len(cells)):
            return None
        return tuple(sorted(placed))

    def cell_maps(self, kind: str = "free") -> list[tuple[Symmetry, dict[Cell, Cell]]]:
        """The region's symmetries as maps of its cells, each with the lattice symmetry
        it turns cells by (the identity first). On a wrapped region a symmetry may also
        turn the region around a wrapped axis; the maps kept are those that keep
        neighbours (across the seams too) neighbours."""
        cells = sorted(self.cells)
        lattice = self.lattice
        if self.wrap is None:
            maps = []
            for g, shift in self.symmetries(kind):
                RunDeadline.check()  # each map is a dict of every cell: long on a large region
                image = lattice.translate(lattice.transform(cells, g), shift)
                maps.append((g, dict(zip(cells, image, strict=True))))
            return maps
        t = lattice.translated
        low = [min(c[k] for c in cells) for k in range(t)]
        touching = self.adjacent_pairs()
        turns = list(itertools.product(*(range(p) if p else (0,) for p in self.wrap)))
        maps = []
        for g in lattice.symmetries(kind):
            image = lattice.transform(cells, g)
            image_low = [min(c[k] for c in image) for k in range(t)]
            for turn in turns:
                offset = [low[k] - image_low[k] + turn[k] for k in range(t)]
                moved = dict(zip(cells, map(self.reduce, lattice.translate(image, offset)),
                                 strict=True))
                if set(moved.values()) == self.cells and all(
                        (moved[a], moved[b]) in touching for a, b in touching):
                    maps.append((g, moved))
        return maps

    def adjacent_pairs(self) -> set[tuple[Cell, Cell]]:
        """Every (cell, neighbour) of the region, both ways round (across seams too)."""
        return {(c, self.reduce(n)) for c in self.cells for n in self.lattice.neighbours(c)
                if self.reduce(n) in self.cells}

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
            RunDeadline.check()
            image = lattice.transform(cells, g)
            image_low = [min(c[k] for c in image) for k in range(t)]
            shift = tuple(low[k] - image_low[k] for k in range(t))
            if set(lattice.translate(image, shift)) == self.cells:
                result.append((g, shift))
        return result


MAX_PART_MAPS = 20_000  # symmetries of a region in parts; each is a map of every cell


def positive_sides(shape: str, *sides: int) -> None:
    """Refuse a shape's side that is no positive whole number: ``rectangle(-1, 5)`` is a
    mistake, not an empty region.

    >>> positive_sides("box", 2, 0, 3)
    Traceback (most recent call last):
      ...
    cpuzzler.errors.ExactCoverError: a box needs positive whole sides, not 2x0x3
    """
    if not all(isinstance(n, int) and n > 0 for n in sides):
        raise ExactCoverError(f"a {shape} needs positive whole sides, not "
                              f"{'x'.join(map(str, sides))}")


def part_maps(lattice: Lattice, parts: Sequence[Iterable[Cell]], *, one_hand: bool = True
              ) -> list[tuple[Symmetry, dict[Cell, Cell]]]:
    """The symmetries of a region made of parts, when only the parts matter and not
    where they lie: each sends every part onto a congruent part (a permutation of the
    parts) by a lattice symmetry of its own; with ``one_hand``, all of one hand (all
    rotations or all reflections, so that one-sided pieces keep to their mirror images).
    Each comes with one of its lattice symmetries; the identity first. Three L
    tetrominoes, one turned, give the 3! swaps; with a mirror image among them, no swap
    moves it unless the hands may mix:

    >>> from cpuzzler.grids import square
    >>> L = [(0, 0), (1, 0), (2, 0), (0, 1)]
    >>> len(part_maps(square.lattice, [L, [(x + 4, y) for x, y in L],
    ...                                [(8 - y, x) for x, y in L]]))
    6
    >>> mirrored = [L, [(x + 4, y) for x, y in L], [(8 + y, x) for x, y in L]]
    >>> len(part_maps(square.lattice, mirrored)), len(part_maps(square.lattice, mirrored,
    ...                                                          one_hand=False))
    (2, 6)
    """
    cell_lists = [sorted(set(p)) for p in parts]
    t = lattice.translated
    lows = [[min(c[k] for c in p) for k in range(t)] for p in cell_lists]
    # onto[i][j]: the maps of part i onto part j, by handedness
    onto: list[list[dict[bool, list[tuple[Symmetry, dict[Cell, Cell]]]]]] = []
    for part in cell_lists:
        row = []
        for j, target in enumerate(cell_lists):
            found: dict[bool, list[tuple[Symmetry, dict[Cell, Cell]]]] = {True: [], False: []}
            if len(part) == len(target):
                wanted = set(target)
                for g in lattice.symmetries("free"):
                    image = lattice.transform(part, g)
                    low = [min(c[k] for c in image) for k in range(t)]
                    moved = lattice.translate(image, [lows[j][k] - low[k] for k in range(t)])
                    if set(moved) == wanted:
                        found[g.proper].append((g, dict(zip(part, moved, strict=True))))
            row.append(found)
        onto.append(row)
    choices = []
    for order in itertools.permutations(range(len(cell_lists))):
        for hand in (True, False) if one_hand else (None,):
            options = [onto[i][j][hand] if hand is not None
                       else onto[i][j][True] + onto[i][j][False] for i, j in enumerate(order)]
            if all(options):
                choices.append(options)
    total = sum(math.prod(len(o) for o in options) for options in choices)
    if total > MAX_PART_MAPS:
        raise ExactCoverError(f"the parts have {total:,} symmetries together, more than "
                              f"{MAX_PART_MAPS:,}: give fewer or less symmetric parts")
    maps = []
    for options in choices:
        for combo in itertools.product(*options):
            move: dict[Cell, Cell] = {}
            for _, part_move in combo:
                move.update(part_move)
            maps.append((combo[0][0], move))
    return maps


def from_ascii_rows(drawing: str, *, path: str = "<string>", cells_only: bool = False
                    ) -> list[tuple[Cell, str]]:
    """The filled characters of a drawing as ((column, row), char), the bottom row 0.

    Blank lines before and after the drawing and the indentation common to its lines are
    dropped; a space or ``.`` is no cell. With ``cells_only`` every other character must be
    a cell mark (see ``check_cell_mark``).
    """
    if "\t" in drawing:
        line = drawing[: drawing.index("\t")].count("\n") + 1
        raise InputFormatError("a tab in a drawing: use spaces", path=path, line=line)
    lines = textwrap.dedent(drawing).split("\n")
    skipped = 0
    while lines and not lines[0].strip():
        lines.pop(0)
        skipped += 1
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise InputFormatError("the drawing has no cells", path=path)
    height = len(lines)
    found: list[tuple[Cell, str]] = []
    for row, text in enumerate(lines):
        for col, ch in enumerate(text):
            if ch in EMPTY:
                continue
            if cells_only:
                check_cell_mark(ch, path=path, line=skipped + row + 1, column=col + 1)
            found.append(((col, height - 1 - row), ch))
    if not found:
        raise InputFormatError("the drawing has no cells", path=path)
    return found


def check_cell_mark(ch: str, *, path: str, line: int, column: int) -> None:
    """A cell of a drawing is marked by a letter, a digit or one of ``# * @``; anything
    else (``?``, ``-``, ...) is more likely a mistake than a cell, so it is an error."""
    if not (ch.isalnum() or ch in CELL_MARKS):
        raise InputFormatError(f"{ch!r} in a drawing: a cell is a letter, a digit or one of "
                               f"{' '.join(CELL_MARKS)}; no cell is a space or .", path=path,
                               line=line, column=column)
