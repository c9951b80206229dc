"""Words in a grid, each once, crossing where they share a letter: an exact cover with
colours. Each word is a primary item; each cell a secondary item that a placed word gives
the colour of its letter there, so words may cross (share a cell) exactly where their
letters agree, as in a word search or a crossword's fill.

Directions: ``across`` (left to right), ``down`` (top to bottom), ``diagonal`` (down and
to the right), ``antidiagonal`` (down and to the left), each read forwards only unless
``backwards`` is set (then also right to left, bottom to top, ...). Cells are ``x,y``
with y counting rows from the top.

>>> xc = word_grid(["CAT", "TEA", "ATE"], 3, 3)
>>> xc.count(symmetry="raw")
22
>>> print(WordGrid(["CAT", "TEA", "ATE"], 3, 3).describe(next(iter(xc.solve()))))
CAT
TEA
ATE
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from cpuzzler.errors import ExactCoverError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.results import Count

STEPS = {"across": (1, 0), "down": (0, 1), "diagonal": (1, 1), "antidiagonal": (-1, 1)}
Cell = tuple[int, int]


@dataclass(frozen=True)
class WordGrid:
    """Words to place in a ``width`` x ``height`` grid along ``directions``."""

    words: Sequence[str]
    width: int
    height: int
    directions: Sequence[str] = ("across", "down")
    backwards: bool = False

    def __post_init__(self) -> None:
        unknown = [d for d in self.directions if d not in STEPS]
        if unknown:
            raise ExactCoverError(f"unknown directions {unknown}; known: {', '.join(STEPS)}")
        if len(set(self.words)) != len(self.words) or not all(
                isinstance(w, str) and w and w.split() == [w] for w in self.words):
            raise ExactCoverError("the words must be distinct, non-empty, without spaces")
        if self.width < 1 or self.height < 1:
            raise ExactCoverError(f"a grid of {self.width} x {self.height} has no cells")

    @cached_property
    def placements(self) -> list[tuple[str, tuple[tuple[Cell, str], ...]]]:
        """Every way to write each word in the grid: (word, ((cell, letter), ...)), a
        word written twice on the same cells with the same letters (a palindrome read
        backwards) only once."""
        steps = [STEPS[d] for d in self.directions]
        if self.backwards:
            steps += [(-dx, -dy) for dx, dy in steps]
        found = []
        for word in self.words:
            seen = set()
            for dx, dy in steps:
                for x in range(self.width):
                    for y in range(self.height):
                        cells = [(x + k * dx, y + k * dy) for k in range(len(word))]
                        if not all(0 <= a < self.width and 0 <= b < self.height
                                   for a, b in cells):
                            continue
                        written = tuple(sorted(zip(cells, word, strict=True)))
                        if written not in seen:
                            seen.add(written)
                            found.append((word, written))
        return found

    @cached_property
    def exact_cover(self) -> ExactCover:
        xc = ExactCover(primary=self.words,
                        secondary=[f"{x},{y}" for y in range(self.height)
                                   for x in range(self.width)])
        for word, written in self.placements:
            xc.add_option([word, *((f"{x},{y}", letter) for (x, y), letter in written)])
        return xc

    def count(self, *, engine: str | None = None, symmetry: str = "raw") -> Count:
        """The number of ways to place every word, each its own by default (raw)."""
        return self.exact_cover.count(engine=engine, symmetry=symmetry)

    def describe(self, solution: Iterable[int]) -> str:
        """The grid, a row a line, ``.`` where no word passes."""
        grid = [["."] * self.width for _ in range(self.height)]
        for k in solution:
            for (x, y), letter in self.placements[k][1]:
                grid[y][x] = letter
        return "\n".join("".join(row) for row in grid)


def word_grid(words: Sequence[str], width: int, height: int,
              directions: Sequence[str] = ("across", "down"), *,
              backwards: bool = False) -> ExactCover:
    """The exact cover with colours of ``WordGrid(words, width, height, ...)``."""
    return WordGrid(tuple(words), width, height, tuple(directions), backwards).exact_cover
