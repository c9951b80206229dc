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
from os import PathLike, fspath

from cpuzzler.errors import InputFormatError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.formats import read_text
from cpuzzler.results import Count

_NUMBER = re.compile(r"[0-9]{1,15}")
DOMINO_2X3 = "6 3  2 2 0 1 2 2 3  3 2 0 2 2 2 4 2 4 5  2 2 1 3 2 3 5"
CUTTING_STICKS = "5 3  2 1 3 2 0 2  3 1 4 2 0 3 2 1 2  3 2 0 4 2 1 3 3 0 1 2"


@dataclass(frozen=True)
class DpfPuzzle:
    locations: int
    pieces: tuple[tuple[tuple[int, ...], ...], ...]  # per piece, its orientations

    def exact_cover(self) -> ExactCover:
        """Items ``p1 .. pP`` (one per piece) and ``l0 ..`` (one per location)."""
        xc = ExactCover(primary=[f"p{k + 1}" for k in range(len(self.pieces))]
                        + [f"l{k}" for k in range(self.locations)])
        for k, orientations in enumerate(self.pieces):
            for filled in orientations:
                xc.add_option([f"p{k + 1}", *(f"l{v}" for v in filled)])
        return xc

    def count(self, *, engine: str | None = None) -> Count:
        return self.exact_cover().count(engine=engine)

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


def parse(text: str, *, path: str = "<string>") -> DpfPuzzle:
    """Parse DPF text; errors name the file, line and column of the bad number."""
    tokens = []  # (value, line, column)
    for line_no, line in enumerate(text.splitlines(), start=1):
        code = line.split("//", 1)[0]
        for m in re.finditer(r"\S+", code):
            if not _NUMBER.fullmatch(m.group()):
                problem = ("is too large" if m.group().isascii() and m.group().isdigit()
                           else "is not a whole number")
                raise InputFormatError(f"{m.group()[:30]!r} {problem}", path=path,
                                       line=line_no, column=m.start() + 1)
            tokens.append((int(m.group()), line_no, m.start() + 1))
    position = 0

    def take(what: str) -> tuple[int, int, int]:
        nonlocal position
        if position >= len(tokens):
            last = tokens[-1][1] if tokens else 0
            raise InputFormatError(f"the file ends where {what} should be", path=path,
                                   line=last)
        position += 1
        return tokens[position - 1]

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
                                       line=tokens[position - 1][1])
            orientations.append(tuple(filled))
        pieces.append(tuple(orientations))
    if position < len(tokens):
        _, line, column = tokens[position]
        raise InputFormatError("numbers left over after the last piece", path=path, line=line,
                               column=column)
    most = sum(max(map(len, orientations), default=0) for orientations in pieces)
    if most < locations:  # checked before any item is made: 20000000 locations are refused
        raise InputFormatError(f"the pieces fill at most {most} of the {locations} "
                               "locations, so no solution can fill them all", path=path,
                               line=tokens[0][1], column=tokens[0][2])
    return DpfPuzzle(locations, tuple(pieces))
