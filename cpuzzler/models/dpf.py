"""Frans Faase's DPF puzzle format: locations, pieces, and each piece's orientations as
the lists of locations they fill. A solution picks one orientation of every piece so
that every location is filled exactly once.

The text is a list of numbers (``//`` starts a comment): the number of locations, the
number of pieces, then for each piece its number of orientations and, for each
orientation, its number of locations followed by them (numbered from 0).

>>> puzzle = parse("6 3  2 2 0 1 2 2 3  3 2 0 2 2 2 4 2 4 5  2 2 1 3 2 3 5")
>>> puzzle.count()
1
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from os import PathLike, fspath

from cpuzzler.errors import InputFormatError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.formats import read_text
from cpuzzler.results import Count

_NUMBER = re.compile(r"[0-9]{1,15}")
_SIGNED = re.compile(r"-?[0-9]{1,9}")
DOMINO_2X3 = "6 3  2 2 0 1 2 2 3  3 2 0 2 2 2 4 2 4 5  2 2 1 3 2 3 5"
CUTTING_STICKS = "5 3  2 1 3 2 0 2  3 1 4 2 0 3 2 1 2  3 2 0 4 2 1 3 3 0 1 2"


@dataclass(frozen=True, repr=False)
class DpfPuzzle:
    locations: int
    pieces: tuple[tuple[tuple[int, ...], ...], ...]  # per piece, its orientations

    def __repr__(self) -> str:
        shapes = sum(len(orientations) for orientations in self.pieces)
        return (f"DpfPuzzle({self.locations} locations, {len(self.pieces)} pieces, "
                f"{shapes} orientations)")

    @cached_property
    def exact_cover(self) -> ExactCover:
        """Items ``p1 .. pP`` (one per piece) and ``l0 ..`` (one per location)."""
        xc = ExactCover(primary=[f"p{k + 1}" for k in range(len(self.pieces))]
                        + [f"l{k}" for k in range(self.locations)])
        for k, orientations in enumerate(self.pieces):
            for filled in orientations:
                xc.add_option([f"p{k + 1}", *(f"l{v}" for v in filled)])
        return xc

    def count(self, *, engine: str | None = None, symmetry: str = "raw") -> Count:
        """Every solution of the puzzle by default (raw), as Faase's solver counts them."""
        return self.exact_cover.count(engine=engine, symmetry=symmetry)

    def to_text(self) -> str:
        lines = [f"{self.locations} // locations", f"{len(self.pieces)} // pieces"]
        for k, orientations in enumerate(self.pieces, start=1):
            lines.append(f"{len(orientations)} // orientations of piece {k}")
            lines += [" ".join(map(str, (len(o), *o))) for o in orientations]
        return "\n".join(lines) + "\n"


def read(path: str | PathLike[str]) -> DpfPuzzle:
    name, text = read_text(path)
    return parse(text, path=name)


def write(puzzle: DpfPuzzle, path: str | PathLike[str]) -> None:
    with open(fspath(path), "w", encoding="utf-8") as f:
        f.write(puzzle.to_text())


def _numbers(text: str, path: str, signed: bool = False) -> list[tuple[int, int, int]]:
    """The whole numbers of the text, each with its line and column (``//`` comments)."""
    pattern = _SIGNED if signed else _NUMBER
    tokens = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        code = line.split("//", 1)[0]
        for m in re.finditer(r"\S+", code):
            if not pattern.fullmatch(m.group()):
                digits = m.group().removeprefix("-") if signed else m.group()
                problem = ("is too large" if digits.isascii() and digits.isdigit()
                           else "is not a whole number")
                raise InputFormatError(f"{m.group()[:30]!r} {problem}", path=path,
                                       line=line_no, column=m.start() + 1)
            tokens.append((int(m.group()), line_no, m.start() + 1))
    return tokens


class _Reader:
    """Numbers taken one by one; running out names what was expected."""

    def __init__(self, tokens: list[tuple[int, int, int]], path: str) -> None:
        self.tokens, self.path, self.position = tokens, path, 0

    def __call__(self, what: str) -> tuple[int, int, int]:
        if self.position >= len(self.tokens):
            last = self.tokens[-1][1] if self.tokens else 0
            raise InputFormatError(f"the file ends where {what} should be", path=self.path,
                                   line=last)
        self.position += 1
        return self.tokens[self.position - 1]

    def finish(self, what: str) -> None:
        if self.position < len(self.tokens):
            _, line, column = self.tokens[self.position]
            raise InputFormatError(f"numbers left over after {what}", path=self.path,
                                   line=line, column=column)


def parse(text: str, *, path: str = "<string>") -> DpfPuzzle:
    """Parse DPF text; errors name the file, line and column of the bad number."""
    tokens = _numbers(text, path)
    take = _Reader(tokens, path)

    locations = take("the number of locations")[0]
    count, _, _ = take("the number of pieces")
    pieces = []
    for k in range(1, count + 1):
        orientations = []
        for _ in range(take(f"piece {k}'s number of orientations")[0]):
            size = take(f"an orientation's size (piece {k})")[0]
            filled = []
            for _ in range(size):
                value, line, column = take(f"a location of piece {k}")
                if value >= locations:
                    raise InputFormatError(f"location {value} of piece {k} is not below "
                                           f"{locations}", path=path, line=line, column=column)
                if value in filled:
                    raise InputFormatError(f"piece {k} fills location {value} twice",
                                           path=path, line=line, column=column)
                filled.append(value)
            if not filled:
                raise InputFormatError(f"piece {k} has an empty orientation", path=path,
                                       line=tokens[take.position - 1][1])
            orientations.append(tuple(filled))
        pieces.append(tuple(orientations))
    take.finish("the last piece")
    most = sum(max(map(len, orientations), default=0) for orientations in pieces)
    if most < locations:  # checked before any item is made: 20000000 locations are refused
        raise InputFormatError(f"the pieces fill at most {most} of the {locations} "
                               "locations, so no solution can fill them all", path=path,
                               line=tokens[0][1], column=tokens[0][2])
    return DpfPuzzle(locations, tuple(pieces))


# --- the geometric description -----------------------------------------------------------

def _turns(dimensions: int, mirror: bool) -> list[tuple[tuple[int, ...], ...]]:
    """The rotations (with ``mirror``, also the reflections) of the square or cubic grid
    as signed permutation matrices, the identity first."""
    from itertools import permutations, product

    identity = tuple(tuple(int(r == c) for c in range(dimensions)) for r in range(dimensions))
    found = [identity]
    for order in permutations(range(dimensions)):
        for signs in product((1, -1), repeat=dimensions):
            matrix = tuple(tuple(signs[r] if c == order[r] else 0 for c in range(dimensions))
                           for r in range(dimensions))
            if matrix != identity and (mirror or _determinant(matrix) == 1):
                found.append(matrix)
    return found


def _determinant(m: tuple[tuple[int, ...], ...]) -> int:
    if len(m) == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0]
    return sum((-1) ** c * m[0][c] * _determinant(tuple(tuple(row[k] for k in range(3)
                                                               if k != c) for row in m[1:]))
               for c in range(3))


VARIATIONS = {0: "as given", 1: "turned", 2: "turned and mirrored"}
DOMINOES_3X2 = """2 1                     // two dimensions, colours used
6                       // six locations: x y z colour, a 3x2 checkerboard
0 0 0 0  1 0 0 1  2 0 0 0
0 1 0 1  1 1 0 0  2 1 0 1
3                       // three dominoes: cells, variations, then x y z colour each
2 1  0 0 0 0  1 0 0 1
2 1  0 0 0 0  1 0 0 1
2 1  0 0 0 0  1 0 0 1
"""


def parse_geometry(text: str, *, path: str = "<string>") -> DpfPuzzle:
    """Faase's geometric description, turned into a DPF puzzle (as his gen_dpfp does)::

        <dimensions: 2 or 3> <use colours: 0 or 1>
        <number of locations>, then per location: x y z colour
        <number of pieces>, then per piece: <cells> <variations>, per cell: x y z colour

    A piece may go wherever all its cells land on locations, in the turns its variations
    allow: 0 as given (moved only), 1 turned (the rotations of the plane or of space: 4
    or 24), 2 turned and mirrored (8 or 48). With colours, each cell's colour must be the
    colour of the location it lands on. In two dimensions z is 0. Locations are numbered
    in the order given.

    >>> parse_geometry(DOMINOES_3X2).count()  # three dominoes on a 3x2 checkerboard
    18
    """
    take = _Reader(_numbers(text, path, signed=True), path)

    def fail(message: str, at: tuple[int, int, int]) -> InputFormatError:
        return InputFormatError(message, path=path, line=at[1], column=at[2])

    dims = take("the number of dimensions (2 or 3)")
    if dims[0] not in (2, 3):
        raise fail(f"the number of dimensions must be 2 or 3, not {dims[0]}", dims)
    colours = take("whether colours are used (0 or 1)")
    if colours[0] not in (0, 1):
        raise fail(f"'use colours' must be 0 or 1, not {colours[0]}", colours)

    def cell(what: str) -> tuple[tuple[int, ...], int, tuple[int, int, int]]:
        x, y, z, c = (take(f"{what}'s {part}") for part in ("x", "y", "z", "colour"))
        if dims[0] == 2 and z[0] != 0:
            raise fail(f"{what}: z is {z[0]} in a puzzle of two dimensions", z)
        return (x[0], y[0], z[0])[:dims[0]], c[0] if colours[0] else 0, x

    count = take("the number of locations")
    where: dict[tuple[int, ...], tuple[int, int]] = {}  # position -> (number, colour)
    for k in range(count[0]):
        position, colour, at = cell(f"location {k}")
        if position in where:
            raise fail(f"location {k} is where location {where[position][0]} is", at)
        where[position] = (k, colour)
    if not where:
        raise fail("there are no locations", count)
    pieces = []
    number = take("the number of pieces")
    for k in range(1, number[0] + 1):
        size, variations = take(f"piece {k}'s number of cells"), take(f"piece {k}'s variations")
        if variations[0] not in VARIATIONS:
            raise fail(f"piece {k}: variations must be 0, 1 or 2, not {variations[0]}",
                       variations)
        cells = [cell(f"piece {k}, cell {n + 1}")[:2] for n in range(size[0])]
        if not cells or len({p for p, _ in cells}) != len(cells):
            raise fail(f"piece {k} has no cells, or a cell twice", size)
        turns = _turns(dims[0], variations[0] == 2)[:1 if variations[0] == 0 else None]
        pieces.append(tuple(_placements(cells, turns, where)))
    take.finish("the last piece")
    return DpfPuzzle(len(where), tuple(pieces))


def _placements(cells: list[tuple[tuple[int, ...], int]], turns: list[tuple[tuple[int, ...], ...]],
                where: dict[tuple[int, ...], tuple[int, int]]) -> list[tuple[int, ...]]:
    """Every set of locations the piece can fill, each once (in the order found)."""
    found, seen = [], set()
    for matrix in turns:
        turned = [(tuple(sum(row[c] * p[c] for c in range(len(p))) for row in matrix), colour)
                  for p, colour in cells]
        anchor = min(p for p, _ in turned)
        for target in where:
            shift = tuple(t - a for t, a in zip(target, anchor, strict=True))
            filled = []
            for p, colour in turned:
                spot = where.get(tuple(a + b for a, b in zip(p, shift, strict=True)))
                if spot is None or spot[1] != colour:
                    break
                filled.append(spot[0])
            else:
                if frozenset(filled) not in seen:
                    seen.add(frozenset(filled))
                    found.append(tuple(sorted(filled)))
    return found


def read_geometry(path: str | PathLike[str]) -> DpfPuzzle:
    """Read a file in Faase's geometric description (see ``parse_geometry``)."""
    name, text = read_text(path)
    return parse_geometry(text, path=name)
