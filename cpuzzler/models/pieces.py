"""Pieces: named polyform sets and the generation of all polyforms of an order.

A piece is a shape of one lattice with a name, a kind (``free``: placed in every
orientation; ``one-sided``: rotations only, so its mirror image is another piece) and a
number of copies. Solid pieces (polycubes) are always placed by rotations only.

>>> len(pentominoes()), [p.name for p in tetrominoes()]
(12, ['I4', 'L4', 'O4', 'T4', 'Z4'])
>>> len(polyforms(square, 6)), len(polyforms(hexagonal, 4, kind="one-sided"))
(35, 10)
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache

from cpuzzler.grids import (
    cubic,
    hexagonal,
    square,
    sticks,
    tetrakis,
    triangular,
    trigs,
    twigs,
)
from cpuzzler.grids.edges import quasi_neighbours
from cpuzzler.grids.lattice import KINDS, Cell, Lattice, Shape, resolve


@dataclass(frozen=True)
class Piece:
    """A named shape: ``cells`` normalised, ``kind`` how it may turn, ``copies`` how many;
    ``quasi``: an edge polyform whose segments may be joined across a one-segment gap
    (a quasi-polytrig or quasi-polytwig) rather than only end to end."""

    name: str
    cells: Shape
    lattice: Lattice
    kind: str = "free"
    copies: int = 1
    quasi: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind {self.kind!r}; known kinds: {', '.join(KINDS)}")
        if self.copies < 1:
            raise ValueError(f"piece {self.name!r} needs at least one copy, not {self.copies}")
        if not self.cells:
            raise ValueError(f"piece {self.name!r} has no cells")
        if not self.lattice.is_connected(self.cells) and not (
                self.quasi and _quasi_connected(self.lattice, self.cells)):
            raise ValueError(f"piece {self.name!r} is not connected")

    def __len__(self) -> int:
        return len(self.cells)

    @property
    def interior_points(self) -> list[tuple[int, ...]]:
        """Edge polyforms: the grid points where two or more of the piece's segments
        meet (where a crossing piece would pass); empty for cell polyforms."""
        return self.lattice.interior_points(self.cells)

    def orientations(self) -> list[Shape]:
        """Every distinct orientation the piece may be placed in."""
        return self.lattice.orientations(self.cells, self.kind)

    def _repr_svg_(self) -> str:  # a notebook shows the piece as a picture
        from cpuzzler.render.svg import piece_svg

        return piece_svg(self)

    def with_copies(self, copies: int) -> Piece:
        return replace(self, copies=copies)

    def mirrored(self, name: str | None = None) -> Piece:
        """The mirror image (for one-sided sets)."""
        reflection = next(g for g in self.lattice.group if not g.proper)
        cells = self.lattice.normalise(self.lattice.transform(self.cells, reflection))
        return replace(self, name=name or self.name.lower(), cells=cells)


def make(name: str, cells: Iterable[Cell], lattice: object, kind: str = "free",
         copies: int = 1, *, quasi: bool = False) -> Piece:
    """A piece from its cells on a lattice (or grid module)."""
    lat = resolve(lattice)
    return Piece(name, lat.normalise(tuple(c) for c in cells), lat, kind, copies, quasi)


def _set(lattice: object, shapes: dict[str, Sequence[Cell]], kind: str = "free", *,
         quasi: bool = False) -> list[Piece]:
    return [make(name, cells, lattice, kind, quasi=quasi) for name, cells in shapes.items()]


# --- polyominoes ------------------------------------------------------------------------

def monomino() -> list[Piece]:
    return _set(square, {"O1": [(0, 0)]})


def domino() -> list[Piece]:
    return _set(square, {"I2": [(0, 0), (1, 0)]})


def trominoes() -> list[Piece]:
    return _set(square, {"I3": [(0, 0), (1, 0), (2, 0)], "V3": [(0, 0), (1, 0), (0, 1)]})


def tetrominoes() -> list[Piece]:
    return _set(square, {
        "I4": [(0, 0), (1, 0), (2, 0), (3, 0)],
        "L4": [(0, 0), (1, 0), (2, 0), (0, 1)],
        "O4": [(0, 0), (1, 0), (0, 1), (1, 1)],
        "T4": [(0, 0), (1, 0), (2, 0), (1, 1)],
        "Z4": [(0, 0), (1, 0), (1, 1), (2, 1)],
    })


PENTOMINO_CELLS = {
    "F": [(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)],
    "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)],
    "N": [(0, 0), (1, 0), (2, 0), (2, 1), (3, 1)],
    "P": [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)],
    "T": [(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)],
    "U": [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)],
    "V": [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X": [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    "Y": [(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)],
    "Z": [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)],
}


def pentominoes(kind: str = "free") -> list[Piece]:
    """The 12 pentominoes F I L N P T U V W X Y Z."""
    return _set(square, PENTOMINO_CELLS, kind)


def one_sided_pentominoes() -> list[Piece]:
    """The 18 one-sided pentominoes: the 12, and the mirror images (lower-case names) of
    the six that are not symmetric under reflection."""
    pieces = pentominoes("one-sided")
    return pieces + [p.mirrored() for p in pieces if _chiral(p)]


# Polyform Puzzler's names: a letter, a variant digit, the order (F06 F16 F26 F36, ...).
HEXOMINO_CELLS = {
    "A06": [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)],
    "C06": [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 3)],
    "D06": [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2)],
    "E06": [(-1, 1), (0, 0), (0, 1), (0, 2), (1, 0), (1, 2)],
    "F06": [(-1, 2), (0, 0), (0, 1), (0, 2), (0, 3), (1, 3)],
    "F16": [(-1, 1), (0, 0), (0, 1), (0, 2), (0, 3), (1, 3)],
    "F26": [(-2, 1), (-1, 1), (0, 0), (0, 1), (0, 2), (1, 2)],
    "F36": [(-1, 1), (0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    "G06": [(0, 0), (0, 1), (0, 2), (1, -1), (1, 0), (1, 2)],
    "H06": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1)],
    "I06": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)],
    "J06": [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1), (2, 2)],
    "K06": [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "L06": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0)],
    "M06": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2), (3, 2)],
    "N06": [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (1, 3)],
    "N16": [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 4)],
    "O06": [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
    "P06": [(0, 0), (0, 1), (0, 2), (0, 3), (1, 2), (1, 3)],
    "Q06": [(-1, 1), (-1, 2), (0, 0), (0, 1), (0, 2), (1, 0)],
    "R06": [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 1)],
    "S06": [(-1, 2), (-1, 3), (-1, 4), (0, 0), (0, 1), (0, 2)],
    "T06": [(-1, 3), (0, 0), (0, 1), (0, 2), (0, 3), (1, 3)],
    "T16": [(-1, 2), (0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    "U06": [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1), (3, 0)],
    "V06": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (2, 3)],
    "W06": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (2, 3)],
    "W16": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2)],
    "W26": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 1)],
    "X06": [(-1, 1), (0, 0), (0, 1), (0, 2), (0, 3), (1, 1)],
    "X16": [(-1, 1), (0, 0), (0, 1), (0, 2), (0, 3), (1, 2)],
    "Y06": [(-1, 3), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    "Y16": [(-1, 2), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    "Z06": [(-1, 3), (0, 0), (0, 1), (0, 2), (0, 3), (1, 0)],
    "Z16": [(-1, 2), (0, 0), (0, 1), (0, 2), (1, 0), (2, 0)],
}


def hexominoes(kind: str = "free") -> list[Piece]:
    """The 35 hexominoes by Polyform Puzzler's names (A06 C06 D06 ... Z16)."""
    return _set(square, HEXOMINO_CELLS, kind)


# --- polycubes ------------------------------------------------------------------------

SOMA_CELLS = {
    "V": [(0, 0, 0), (1, 0, 0), (0, 1, 0)],
    "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
    "T": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)],
    "Z": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
    "A": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)],  # right screw
    "B": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)],  # left screw
    "P": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],  # branch
}


def soma() -> list[Piece]:
    """Piet Hein's 7 Soma pieces: V L T Z A B P (A and B are mirror images)."""
    return _set(cubic, SOMA_CELLS, "one-sided")


def tetracubes() -> list[Piece]:
    """The 8 tetracubes under rotation: I4 L4 O4 T4 Z4 and the non-planar A4 B4 P4."""
    flat = {p.name: [(x, y, 0) for x, y in p.cells] for p in tetrominoes()}
    solid = {"A4": SOMA_CELLS["A"], "B4": SOMA_CELLS["B"], "P4": SOMA_CELLS["P"]}
    return _set(cubic, {**flat, **solid}, "one-sided")


def solid_pentominoes() -> list[Piece]:
    """The 12 pentominoes as flat pentacubes, placed by rotations in space."""
    return _set(cubic, {n: [(x, y, 0) for x, y in c] for n, c in PENTOMINO_CELLS.items()},
                "one-sided")


# The Diabolical Cube (Hoffmann, 1893): one flat piece of each size 2 .. 7 (Polyform
# Puzzler's names).
DIABOLICAL_CELLS = {
    "I": [(0, 0), (0, 1)],
    "V": [(0, 0), (0, 1), (1, 0)],
    "O": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "U": [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)],
    "W": [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)],
    "L": [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0)],
}

# The Bedlam cube: twelve pentacubes (three flat: the X, F and W pentominoes) and one
# tetracube (a screw), read off a published solution.
BEDLAM_CELLS = {
    "A": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0), (2, 0, 0)],
    "B": [(0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0)],
    "C": [(0, 0, 0), (0, 0, 1), (1, 0, 1), (1, 0, 2), (1, 1, 1)],
    "D": [(0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 1), (2, 0, 0)],
    "E": [(0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 1, 0)],
    "G": [(0, 0, 0), (0, 0, 1), (0, 1, 1), (0, 2, 1), (1, 1, 1)],
    "H": [(0, 1, 1), (1, 1, 1), (2, 0, 0), (2, 1, 0), (2, 1, 1)],
    "J": [(0, 2, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 2, 0)],
    "K": [(0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 1), (2, 0, 1)],
    "X": [(0, 1, 0), (1, 0, 0), (1, 1, 0), (1, 2, 0), (2, 1, 0)],
    "F": [(0, 1, 0), (1, 0, 0), (1, 1, 0), (1, 2, 0), (2, 2, 0)],
    "W": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0), (2, 2, 0)],
    "S": [(0, 1, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)],
}


def diabolical() -> list[Piece]:
    """The Diabolical Cube's six flat pieces of 2 to 7 cubes: I V O U W L."""
    return _set(cubic, {n: [(x, y, 0) for x, y in c] for n, c in DIABOLICAL_CELLS.items()},
                "one-sided")


def bedlam() -> list[Piece]:
    """The Bedlam cube's 13 pieces (64 cubes), placed by rotations only."""
    return _set(cubic, BEDLAM_CELLS, "one-sided")


def google_cube() -> list[Piece]:
    """The "Google cube" of the aps seed, a Soma-like 3x3x3 puzzle with a repeated piece:
    Soma's V, T and Z and four copies of its L (27 cubes, all pieces flat).

    The seed gives only its count (282 assemblies); the pieces are not in our sources.
    This set is the one set of tricubes and tetracubes with a repeated piece (2 tricubes,
    8 tetracubes, mirror images apart: 4,106 sets of 27 cubes) whose count is 282
    (``examples/google_cube_search.py`` runs that search)."""
    named = {p.name: p for p in soma()}
    return [named["V"], named["L"].with_copies(4), named["T"], named["Z"]]


def pentacubes() -> list[Piece]:
    """The 29 pentacubes under rotation: the 12 solid pentominoes, then the 17 non-planar
    ones named Q01 .. Q17 in canonical order."""
    planar = solid_pentominoes()
    flat = {p.cells for p in planar}
    others = [p for p in polyforms(cubic, 5, kind="one-sided")
              if not any(cubic.lattice.canonical(p.cells, "one-sided") ==
                         cubic.lattice.canonical(f, "one-sided") for f in flat)]
    return planar + [replace(p, name=f"Q{k:02}") for k, p in enumerate(others, start=1)]


# --- polyiamonds and polyhexes -----------------------------------------------------------

# Triangles (x, y, z): z = 0 points up, 1 down; Polyform Puzzler's names.
HEXIAMOND_CELLS = {
    "C6": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)],
    "E6": [(0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 1, 0)],
    "F6": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0)],
    "G6": [(0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)],
    "H6": [(0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 0, 0)],
    "I6": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0), (2, 0, 1)],
    "J6": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 1, 1), (2, 1, 0)],
    "O6": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)],
    "P6": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0)],
    "S6": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 1, 1), (1, 2, 0)],
    "V6": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1)],
    "X6": [(0, 1, 0), (0, 1, 1), (0, 2, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)],
}
HEPTIAMOND_CELLS = {
    "A7": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 0, 0)],
    "B7": [(0, 1, 0), (0, 1, 1), (0, 2, 0), (0, 2, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1)],
    "C7": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 1, 1), (2, 0, 1), (2, 1, 0)],
    "D7": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 2, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0)],
    "E7": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0), (2, 0, 1)],
    "F7": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 1, 0)],
    "G7": [(0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0)],
    "H7": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 0, 0)],
    "I7": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0), (2, 0, 1), (3, 0, 0)],
    "J7": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 1, 0)],
    "L7": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0), (2, 0, 1), (2, 1, 0)],
    "M7": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0)],
    "N7": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 1, 1), (1, 2, 0), (1, 2, 1)],
    "P7": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 0, 1), (2, 0, 0), (2, 0, 1)],
    "Q7": [(0, 1, 0), (0, 1, 1), (0, 2, 0), (1, 1, 0), (1, 1, 1), (2, 0, 1), (2, 1, 0)],
    "R7": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 1, 1), (2, 1, 0)],
    "S7": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 2, 1), (1, 1, 0), (1, 1, 1), (1, 2, 0)],
    "T7": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 2, 0), (1, 1, 0), (1, 1, 1), (2, 1, 0)],
    "U7": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)],
    "V7": [(0, 0, 0), (0, 0, 1), (0, 1, 1), (0, 2, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0)],
    "W7": [(0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1), (1, 2, 0), (2, 0, 0)],
    "X7": [(0, 1, 0), (0, 1, 1), (0, 2, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 1, 0)],
    "Y7": [(0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 1, 0)],
    "Z7": [(0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 0, 0), (2, 0, 1)],
}


def hexiamonds(kind: str = "free") -> list[Piece]:
    """The 12 hexiamonds by Polyform Puzzler's names: C6 (chevron), E6 (crown), F6
    (yacht), G6 (hook), H6 (signpost), I6 (bar), J6 (crook), O6 (hexagon), P6 (sphinx),
    S6 (snake), V6 (lobster), X6 (butterfly)."""
    return _set(triangular, HEXIAMOND_CELLS, kind)


def heptiamonds(kind: str = "free") -> list[Piece]:
    """The 24 heptiamonds by Polyform Puzzler's names, A7 .. Z7."""
    return _set(triangular, HEPTIAMOND_CELLS, kind)


# Hexagons (x, y) on axes 60 degrees apart; Polyform Puzzler's names.
TETRAHEX_CELLS = {
    "I4": [(0, 0), (1, 0), (2, 0), (3, 0)],
    "J4": [(0, 0), (1, 0), (2, 0), (2, 1)],
    "O4": [(0, 0), (1, 0), (0, 1), (1, 1)],
    "P4": [(0, 0), (1, 0), (2, 0), (1, 1)],
    "S4": [(0, 0), (1, 0), (1, 1), (2, 1)],
    "U4": [(0, 0), (1, 0), (1, 1), (-1, 1)],
    "Y4": [(0, 0), (1, 0), (1, 1), (2, -1)],
}
PENTAHEX_CELLS = {
    "A5": [(0, 0), (1, 0), (2, 0), (1, 1), (2, -1)],
    "B5": [(0, 0), (1, 0), (2, 0), (1, 1), (2, 1)],
    "C5": [(0, 0), (1, 0), (2, 0), (2, 1), (-1, 1)],
    "D5": [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)],
    "E5": [(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)],
    "F5": [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)],
    "G5": [(0, 0), (1, 0), (1, 1), (2, 1), (3, 0)],
    "H5": [(0, 0), (1, 0), (1, 1), (2, 1), (0, 2)],
    "I5": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "J5": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "L5": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "N5": [(0, 0), (1, 0), (2, 0), (2, 1), (3, 1)],
    "P5": [(0, 0), (1, 0), (2, 0), (3, 0), (2, 1)],
    "Q5": [(0, 0), (1, 0), (2, 0), (2, 1), (1, -1)],
    "R5": [(0, 0), (1, 0), (2, 0), (2, 1), (1, 2)],
    "S5": [(0, 0), (1, 0), (2, 0), (2, 1), (0, -1)],
    "T5": [(0, 0), (1, 0), (2, 0), (2, 1), (2, -1)],
    "U5": [(0, 0), (1, 0), (1, 1), (-1, 1), (-1, 2)],
    "V5": [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)],
    "W5": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X5": [(0, 0), (1, 0), (2, 0), (0, 1), (2, -1)],
    "Y5": [(0, 0), (1, 0), (2, 0), (2, 1), (3, -1)],
}


def tetrahexes(kind: str = "free") -> list[Piece]:
    """The 7 tetrahexes by Polyform Puzzler's names: I4 J4 O4 P4 S4 U4 Y4."""
    return _set(hexagonal, TETRAHEX_CELLS, kind)


def pentahexes(kind: str = "free") -> list[Piece]:
    """The 22 pentahexes by Polyform Puzzler's names, A5 .. Y5."""
    return _set(hexagonal, PENTAHEX_CELLS, kind)


# --- polysticks -------------------------------------------------------------------------
# Segments (x, y, z): z = 0 runs right from (x, y), z = 1 up.

POLYSTICK_SEGMENTS = {
    "I1": [(0, 0, 0)],
    "I2": [(0, 0, 0), (1, 0, 0)],
    "V2": [(0, 0, 0), (0, 0, 1)],
    "I3": [(0, 0, 0), (1, 0, 0), (2, 0, 0)],
    "L3": [(0, 0, 0), (1, 0, 0), (2, 0, 1)],
    "T3": [(0, 0, 0), (1, 0, 0), (1, 0, 1)],
    "U3": [(0, 0, 1), (0, 0, 0), (1, 0, 1)],
    "Z3": [(0, 1, 0), (1, 0, 1), (1, 0, 0)],
}

TETRASTICK_SEGMENTS = {
    "F": [(0, 0, 0), (1, 0, 0), (0, 0, 1), (1, 0, 1)],
    "H": [(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0)],
    "I": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0)],
    "J": [(0, 0, 0), (1, 0, 0), (2, 0, 1), (1, 1, 0)],
    "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 1)],
    "N": [(0, 0, 0), (1, 0, 0), (2, 0, 1), (2, 1, 0)],
    "O": [(0, 0, 0), (1, 0, 1), (0, 1, 0), (0, 0, 1)],
    "P": [(0, 0, 1), (0, 1, 0), (1, 0, 1), (1, 0, 0)],
    "R": [(0, 0, 1), (0, 1, 0), (1, 1, 0), (1, 1, 1)],
    "T": [(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 1)],
    "U": [(0, 0, 0), (1, 0, 0), (0, 0, 1), (2, 0, 1)],
    "V": [(0, 0, 0), (1, 0, 0), (2, 0, 1), (2, 1, 1)],
    "W": [(0, 0, 0), (1, 0, 1), (1, 1, 0), (2, 1, 1)],
    "X": [(0, 1, 0), (1, 1, 0), (1, 0, 1), (1, 1, 1)],
    "Y": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (2, 0, 1)],
    "Z": [(0, 0, 1), (0, 1, 0), (1, 1, 0), (2, 1, 1)],
}


def tetrasticks(kind: str = "free") -> list[Piece]:
    """The 16 tetrasticks F H I J L N O P R T U V W X Y Z."""
    return _set(sticks, TETRASTICK_SEGMENTS, kind)


def polysticks_1234() -> list[Piece]:
    """The 24 polysticks of orders 1 to 4 (the pieces of the game Nexos): I1, I2 V2,
    I3 L3 T3 U3 Z3 and the 16 tetrasticks."""
    return _set(sticks, POLYSTICK_SEGMENTS) + tetrasticks()


# The seven segments of a digit display on the grid of a 1x2 rectangle.
_SEVEN = {"top": (0, 2, 0), "middle": (0, 1, 0), "bottom": (0, 0, 0), "upper left": (0, 1, 1),
          "upper right": (1, 1, 1), "lower left": (0, 0, 1), "lower right": (1, 0, 1)}
DIGIT_SEGMENTS = {
    "d0": ["top", "upper left", "upper right", "lower left", "lower right", "bottom"],
    "d1": ["upper right", "lower right"],
    "d2": ["top", "upper right", "middle", "lower left", "bottom"],
    "d3": ["top", "upper right", "middle", "lower right", "bottom"],
    "d4": ["upper left", "upper right", "middle", "lower right"],
    "d5": ["top", "upper left", "middle", "lower right", "bottom"],
    "d6": ["top", "upper left", "middle", "lower left", "lower right", "bottom"],
    "d7": ["top", "upper right", "lower right"],
    "d8": list(_SEVEN),
    "d9": ["top", "upper left", "upper right", "middle", "lower right", "bottom"],
}


def digits() -> list[Piece]:
    """The ten digits of a seven-segment display as polysticks d0 .. d9 (49 segments).
    As free pieces 2 and 5 are one shape, as are 6 and 9; Polyform Puzzler's digit
    puzzles let some of them cross others: ``Tiling(..., may_cross=[...])``.

    >>> [len(p) for p in digits()]
    [6, 2, 5, 5, 4, 5, 6, 3, 7, 6]
    """
    return _set(sticks, {name: [_SEVEN[s] for s in segments]
                         for name, segments in DIGIT_SEGMENTS.items()})


def welded_tetrasticks(kind: str = "free") -> list[Piece]:
    """The 6 tetrasticks with a point where three or more sticks meet: F H R T X Y.
    One-sided: the 10 pieces under rotation only (mirror images in lower case)."""
    welded = [p for p in tetrasticks(kind) if _max_degree(p) >= 3]
    if kind != "one-sided":
        return welded
    return welded + [p.mirrored() for p in welded if _chiral(p)]


def _max_degree(piece: Piece) -> int:
    ends = [e for segment in piece.cells for e in piece.lattice.ends(segment)]
    return max(ends.count(e) for e in ends)


def _chiral(piece: Piece) -> bool:
    lat = piece.lattice
    return len(lat.orientations(piece.cells, "free")) != len(
        lat.orientations(piece.cells, "one-sided"))


# --- polytrigs and polytwigs (Polyform Puzzler's names) ------------------------------------
# Polytrigs: (x, y, z) runs from (x, y) at 0, 60 or 120 degrees (z = 0, 1, 2).

POLYTRIG_SEGMENTS = {
    "I1": [(0, 0, 0)],
    "I2": [(0, 0, 0), (1, 0, 0)],
    "L2": [(0, 0, 0), (1, 0, 1)],
    "V2": [(0, 0, 0), (1, 0, 2)],
    "C3": [(0, 0, 0), (1, 0, 1), (1, 1, 2)],
    "E3": [(0, 0, 0), (1, 0, 1), (1, 0, 2)],
    "I3": [(0, 0, 0), (1, 0, 0), (2, 0, 0)],
    "J3": [(0, 0, 0), (1, 0, 0), (2, 0, 2)],
    "L3": [(0, 0, 0), (1, 0, 0), (2, 0, 1)],
    "O3": [(0, 0, 0), (0, 0, 1), (1, 0, 2)],
    "P3": [(0, 0, 0), (1, 0, 1), (2, 0, 2)],
    "S3": [(0, 0, 0), (1, 0, 1), (1, 1, 0)],
    "T3": [(0, 0, 0), (1, 0, 0), (1, 0, 1)],
    "U3": [(0, 0, 0), (0, 1, 0), (1, 0, 1)],
    "Y3": [(0, 1, 0), (1, 1, 1), (2, 0, 2)],
    "Z3": [(0, 0, 0), (0, 1, 0), (1, 0, 2)],
}

# Polytwigs: (x, y, z) runs from the lower left corner of hexagon (x, y) at 0, 120 or
# 240 degrees (z = 0, 1, 2).
POLYTWIG_SEGMENTS = {
    "I1": [(0, 0, 0)],
    "L2": [(0, 0, 0), (0, 0, 1)],
    "C3": [(0, 0, 0), (0, 0, 1), (0, 1, 2)],
    "S3": [(0, 1, 0), (1, 0, 0), (1, 0, 1)],
    "Y3": [(0, 0, 0), (0, 0, 1), (0, 0, 2)],
    "C4": [(0, 0, 0), (0, 0, 1), (0, 1, 2), (1, 0, 2)],
    "P4": [(0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 0, 2)],
    "W4": [(0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1)],
    "Y4": [(0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 0, 2)],
    "C5": [(0, 0, 0), (0, 0, 1), (0, 1, 2), (1, 0, 1), (1, 0, 2)],
    "H5": [(0, 1, 0), (0, 1, 1), (0, 1, 2), (0, 2, 2), (1, 0, 1)],
    "I5": [(0, 2, 0), (0, 2, 1), (1, 1, 0), (1, 1, 1), (2, 0, 1)],
    "L5": [(0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 0), (1, 0, 1)],
    "P5": [(0, 0, 1), (0, 1, 0), (0, 1, 2), (1, 0, 0), (1, 0, 1)],
    "R5": [(0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 1), (1, 0, 2)],
    "S5": [(0, 1, 0), (0, 1, 2), (1, 0, 0), (1, 0, 1), (2, 0, 2)],
    "T5": [(0, 2, 0), (1, 1, 0), (1, 1, 1), (1, 1, 2), (2, 0, 1)],
    "U5": [(0, 1, 0), (1, 1, 0), (1, 1, 2), (2, 0, 0), (2, 0, 1)],
    "W5": [(0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (2, 0, 2)],
    "X5": [(0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 1), (1, 1, 2)],
    "Y5": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 1)],
}


# Quasi-polytrigs and quasi-polytwigs (segments joined end to end or across a gap of one
# segment), by Polyform Puzzler's names: the second digit the order; the first, for the
# quasi-ditrigs, the gap (0 joined, 1 apart). Those joined end to end are the ordinary
# polyforms under other names.
QUASI_POLYTRIG_SEGMENTS = {
    "I1": POLYTRIG_SEGMENTS["I1"],
    "I02": POLYTRIG_SEGMENTS["I2"],
    "L02": POLYTRIG_SEGMENTS["L2"],
    "V02": POLYTRIG_SEGMENTS["V2"],
    "C12": [(0, 0, 0), (1, 1, 2)],
    "I12": [(0, 0, 0), (2, 0, 0)],
    "L12": [(0, 0, 0), (2, 0, 1)],
    "P12": [(0, 0, 0), (2, 0, 2)],
    "S12": [(0, 0, 0), (1, 1, 0)],
    "Z12": [(0, 0, 0), (0, 1, 0)],
}
QUASI_POLYTWIG_SEGMENTS = {
    "I1": POLYTWIG_SEGMENTS["I1"],
    "L2": POLYTWIG_SEGMENTS["L2"],
    "S2": [(0, 0, 0), (1, 0, 0)],
    "C2": [(0, 0, 0), (1, 0, 1)],
    "C03": POLYTWIG_SEGMENTS["C3"],
    "S03": POLYTWIG_SEGMENTS["S3"],
    "Y03": POLYTWIG_SEGMENTS["Y3"],
    "C13": [(0, 0, 0), (0, 0, 1), (0, 1, 0)],
    "C23": [(0, 0, 0), (0, 1, 2), (1, 0, 1)],
    "H13": [(0, 0, 0), (1, 0, 0), (1, 1, 2)],
    "I13": [(0, 2, 0), (1, 1, 0), (2, 0, 0)],
    "P13": [(0, 1, 2), (1, 0, 0), (1, 0, 1)],
    "P23": [(0, 0, 0), (0, 0, 1), (0, 1, 1)],
    "P33": [(0, 0, 0), (0, 1, 2), (1, 0, 0)],
    "S13": [(0, 1, 0), (0, 2, 2), (1, 0, 2)],
    "T13": [(0, 0, 1), (0, 1, 0), (0, 2, 2)],
    "U13": [(0, 1, 0), (1, 0, 0), (2, 0, 0)],
    "W13": [(0, 1, 1), (1, 0, 0), (1, 0, 1)],
    "W23": [(0, 1, 0), (0, 2, 2), (1, 0, 0)],
    "Y13": [(0, 0, 1), (0, 1, 0), (0, 1, 1)],
    "Y23": [(0, 0, 0), (0, 1, 0), (1, 0, 0)],
}


def polytrigs(*orders: int) -> list[Piece]:
    """The polytrigs of the given orders (see ``orders_of``), named from 1 to 3: I1;
    I2 L2 V2; the 12 tritrigs C3 E3 I3 J3 L3 O3 P3 S3 T3 U3 Y3 Z3."""
    return family("polytrigs", orders_of(orders))


def polytwigs(*orders: int) -> list[Piece]:
    """The polytwigs of the given orders (see ``orders_of``), named from 1 to 5: I1; L2;
    C3 S3 Y3; C4 P4 W4 Y4; the 12 pentatwigs C5 H5 I5 L5 P5 R5 S5 T5 U5 W5 X5 Y5."""
    return family("polytwigs", orders_of(orders))


# --- the tangram ---------------------------------------------------------------------
# Triangles (x, y, k) of the tetrakis lattice: k = 0 bottom, 1 right, 2 top, 3 left
# quarter of the unit square (x, y). In a 4x4 square the tans have these sizes.

_WHOLE = [0, 1, 2, 3]
TANGRAM_TRIANGLES = {
    "L": [(0, 0, 0), (0, 0, 1), *[(x, 0, k) for x in (1, 2) for k in _WHOLE], (3, 0, 0),
          (3, 0, 3), (1, 1, 0), (1, 1, 1), (2, 1, 0), (2, 1, 3)],  # large triangle
    "M": [*[(0, 0, k) for k in _WHOLE], (1, 0, 3), (1, 0, 0), (0, 1, 3), (0, 1, 0)],  # medium
    "S": [(0, 0, 0), (1, 0, 0), (0, 0, 1), (1, 0, 3)],  # small triangle
    "Q": [(0, 0, 2), (0, 0, 1), (1, 0, 2), (1, 0, 3), (0, 1, 0), (0, 1, 1), (1, 1, 0),
          (1, 1, 3)],  # square (a diamond on this grid)
    "P": [(0, 0, 0), (0, 0, 1), *[(1, 0, k) for k in _WHOLE], (2, 0, 2), (2, 0, 3)],  # rhomboid
}


def tangram() -> list[Piece]:
    """The seven tans on the tetrakis lattice: two large triangles L, the medium M, two
    small S, the square Q and the parallelogram P (which may be turned over)."""
    copies = {"L": 2, "S": 2}
    return [p.with_copies(copies.get(p.name, 1)) for p in _set(tetrakis, TANGRAM_TRIANGLES)]


# --- families: every polyform of an order, by its published name -----------------------

# Polyform Puzzler's names for the small polyiamonds (triangles as above) and polyhexes.
POLYIAMOND_CELLS = {
    "T1": [(0, 0, 0)],
    "D2": [(0, 0, 0), (0, 0, 1)],
    "I3": [(0, 0, 0), (0, 0, 1), (1, 0, 0)],
    "I4": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1)],  # the straight strip
    "C4": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0)],  # bent round a point
    "T4": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (0, 1, 0)],  # the triangle of side 2
    "I5": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0)],
    "L5": [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 1, 0)],
    "P5": [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (0, 1, 0)],
    "C5": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1)],  # a hexagon less one
}
POLYHEX_CELLS = {
    "H1": [(0, 0)],
    "I2": [(0, 0), (1, 0)],
    "I3": [(0, 0), (1, 0), (2, 0)],
    "A3": [(0, 0), (1, 0), (0, 1)],  # the triangle
    "V3": [(0, 0), (1, 0), (1, 1)],  # bent at 120 degrees
}
POLYCUBE_SMALL = {"O1": [(0, 0, 0)], "I2": [(0, 0, 0), (1, 0, 0)],
                  "I3": [(0, 0, 0), (1, 0, 0), (2, 0, 0)], "V3": [(0, 0, 0), (1, 0, 0), (0, 1, 0)]}


def _orders_named(grid: object, shapes: dict[str, Sequence[Cell]], kind: str = "free", *,
                  quasi: bool = False) -> dict[int, list[Piece]]:
    by_order: dict[int, list[Piece]] = {}
    for piece in _set(grid, shapes, kind, quasi=quasi):
        by_order.setdefault(len(piece), []).append(piece)
    return by_order


def _polyominoes() -> dict[int, list[Piece]]:
    small = [*monomino(), *domino(), *trominoes(), *tetrominoes()]
    return {**{n: [p for p in small if len(p) == n] for n in (1, 2, 3, 4)},
            5: pentominoes(), 6: hexominoes()}


def _polycubes() -> dict[int, list[Piece]]:
    return {**_orders_named(cubic, POLYCUBE_SMALL, "one-sided"), 4: tetracubes(),
            5: pentacubes()}


@dataclass(frozen=True)
class Family:
    """A polyform family: its lattice, the pieces of the orders that have published names
    (built on demand), other names the literature uses for some of them, and how pieces
    past the named orders are told apart (polycubes: mirror images are pieces apart)."""

    name: str
    grid: object
    named: Callable[[], dict[int, list[Piece]]]
    aliases: dict[str, str]
    kind: str = "free"
    quasi: bool = False  # segments joined across one-segment gaps too


FAMILIES = {f.name: f for f in [
    # Polyform Puzzler calls the monomino M and, beside the pentominoes, the square
    # tetromino S; its tetrominoes' and tetracubes' skew piece is S4.
    Family("polyominoes", square, _polyominoes, {"M": "O1", "S": "O4", "S4": "Z4"}),
    Family("polyiamonds", triangular, lambda: {
        **_orders_named(triangular, POLYIAMOND_CELLS), 6: hexiamonds(), 7: heptiamonds()},
        {}),
    Family("polyhexes", hexagonal, lambda: {
        **_orders_named(hexagonal, POLYHEX_CELLS), 4: tetrahexes(), 5: pentahexes()}, {}),
    # Soma's three non-planar pieces, in lower case as Polyform Puzzler writes them.
    Family("polycubes", cubic, _polycubes, {"M": "O1", "S4": "Z4", "a": "A4", "b": "B4",
                                            "p": "P4"}, "one-sided"),
    Family("polysticks", sticks, lambda: {
        **_orders_named(sticks, POLYSTICK_SEGMENTS), 4: tetrasticks()}, {}),
    Family("polytrigs", trigs, lambda: _orders_named(trigs, POLYTRIG_SEGMENTS), {}),
    Family("polytwigs", twigs, lambda: _orders_named(twigs, POLYTWIG_SEGMENTS), {}),
    Family("quasi-polytrigs", trigs,
           lambda: _orders_named(trigs, QUASI_POLYTRIG_SEGMENTS, quasi=True), {}, quasi=True),
    Family("quasi-polytwigs", twigs,
           lambda: _orders_named(twigs, QUASI_POLYTWIG_SEGMENTS, quasi=True), {}, quasi=True),
]}
MAX_ORDER = 8  # past it the polyforms of one order run to tens of thousands


def orders_of(orders: Sequence[int]) -> list[int]:
    """The orders a family function is given: two numbers ``a, b`` with ``a < b`` are
    the range from a to b (Polyform Puzzler's "polyhexes of order 1 to 4"), any other
    numbers are the orders themselves.

    >>> orders_of((1, 4)), orders_of((1, 2, 3, 4)), orders_of((5,))
    ([1, 2, 3, 4], [1, 2, 3, 4], [5])
    """
    if len(orders) == 2 and orders[0] < orders[1]:
        return list(range(orders[0], orders[1] + 1))
    return list(orders)


def family(name: str, orders: Iterable[int]) -> list[Piece]:
    """Every polyform of the given orders in family ``name``, one per shape: by their
    published names where the family has them (see ``FAMILIES``), else by index
    (``polyforms``).

    >>> [p.name for p in family("polyhexes", [1, 2, 3])]
    ['H1', 'I2', 'I3', 'A3', 'V3']
    """
    chosen = _family(name)
    wanted = list(orders)
    if not wanted:
        raise ValueError(f"{name}: no orders given")
    bad = [n for n in wanted if type(n) is not int or not 1 <= n <= MAX_ORDER]
    if bad:
        raise ValueError(f"{name}: orders run from 1 to {MAX_ORDER}, not {bad[0]!r}")
    if len(set(wanted)) != len(wanted):
        raise ValueError(f"{name}: an order is given twice in {wanted}")
    named = chosen.named()
    return [p for n in wanted
            for p in (named[n] if n in named
                      else polyforms(chosen.grid, n, chosen.kind, quasi=chosen.quasi))]


def _family(name: str) -> Family:
    if name not in FAMILIES:
        close = difflib.get_close_matches(name, FAMILIES, n=3)
        hint = f"did you mean {', '.join(close)}? " if close else ""
        raise ValueError(f"no polyform family {name!r}; {hint}known: {', '.join(FAMILIES)}")
    return FAMILIES[name]


def polyominoes(*orders: int) -> list[Piece]:
    """Polyominoes of the given orders (see ``orders_of``): O1; I2; I3 V3; I4 L4 O4 T4 Z4;
    the 12 pentominoes F .. Z; the 35 hexominoes A06 .. Z16; by index past 6.

    >>> [p.name for p in polyominoes(1, 3)]
    ['O1', 'I2', 'I3', 'V3']
    """
    return family("polyominoes", orders_of(orders))


def polyiamonds(*orders: int) -> list[Piece]:
    """Polyiamonds of the given orders (see ``orders_of``): T1; D2; I3; I4 C4 T4; I5 L5
    P5 C5; the 12 hexiamonds; the 24 heptiamonds; by index past 7.

    >>> len(polyiamonds(1, 6))
    22
    """
    return family("polyiamonds", orders_of(orders))


def polyhexes(*orders: int) -> list[Piece]:
    """Polyhexes of the given orders (see ``orders_of``): H1; I2; I3 A3 V3; the 7
    tetrahexes; the 22 pentahexes; by index past 5.

    >>> len(polyhexes(1, 4))
    12
    """
    return family("polyhexes", orders_of(orders))


def polycubes(*orders: int) -> list[Piece]:
    """Polycubes of the given orders (see ``orders_of``), placed by rotations (mirror
    images are pieces of their own): O1; I2; I3 V3; the 8 tetracubes; the 29
    pentacubes; by index past 5.

    >>> len(polycubes(1, 5))
    41
    """
    return family("polycubes", orders_of(orders))


def polysticks(*orders: int) -> list[Piece]:
    """Polysticks of the given orders (see ``orders_of``): I1; I2 V2; I3 L3 T3 U3 Z3; the
    16 tetrasticks F .. Z; by index past 4.

    >>> len(polysticks(1, 4))
    24
    """
    return family("polysticks", orders_of(orders))


def by_name(family_name: str, name: str) -> Piece:
    """The piece called ``name`` in a family, among the orders with published names, by
    its name or another name the literature uses (Soma's ``a``, the monomino's ``M``). A
    wrong name gets the closest names.

    >>> by_name("polyiamonds", "C4").cells, by_name("polycubes", "p").name
    (((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0)), 'P4')
    """
    chosen = _family(family_name)
    pieces = {p.name: p for group in chosen.named().values() for p in group}
    target = chosen.aliases.get(name, name)
    if target in pieces:
        return pieces[target]
    names = [*pieces, *chosen.aliases]
    close = difflib.get_close_matches(name, names, n=4, cutoff=0.4)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise ValueError(f"no piece called {name!r} among the {family_name}{hint}")


# --- generation -----------------------------------------------------------------------------

def polyforms(lattice: object, order: int, kind: str = "free", *, quasi: bool = False
              ) -> list[Piece]:
    """Every polyform of ``order`` cells on the lattice, one per class under the kind's
    group (free: rotations and reflections; one-sided: rotations; fixed: translations
    only), in canonical order, named by their index.

    Grown order by order: each class of order n is reached by adding one neighbouring
    cell to a representative of a class of order n-1 (every polyform has a cell whose
    removal leaves it connected), and new shapes are told apart by canonical form.
    ``quasi`` (edge lattices): segments may also be joined across a one-segment gap
    (see ``grids.edges.quasi_neighbours``), as Polyform Puzzler's quasi-polyforms are.

    >>> len(polyforms(trigs, 2, quasi=True)), len(polyforms(twigs, 3, quasi=True))
    (9, 17)
    """
    lat = resolve(lattice)
    if order < 1:
        raise ValueError(f"order must be at least 1, not {order}")
    if quasi and lat.ends is None:
        raise ValueError(f"quasi-polyforms are of the edge lattices, not {lat.name}")
    shapes = _shapes(lat, order, kind, quasi)
    piece_kind = "one-sided" if lat is cubic.lattice and kind == "free" else kind
    return [Piece(f"{order}-{k}", cells, lat, piece_kind, quasi=quasi)
            for k, cells in enumerate(shapes, start=1)]


def _quasi_connected(lat: Lattice, cells: Iterable[Cell]) -> bool:
    """Whether the segments are joined end to end or across one-segment gaps."""
    return lat.ends is not None and lat.is_connected(
        cells, lambda c: lat.neighbours(c) + quasi_neighbours(lat, c))

@cache
def _shapes(lat: Lattice, order: int, kind: str, quasi: bool = False) -> tuple[Shape, ...]:
    if order == 1:
        singles = {lat.canonical([(0,) * lat.translated + key], kind) for key in lat.offsets}
        return tuple(sorted(singles))
    found: set[Shape] = set()
    seen_fixed: set[Shape] = set()
    for parent in _shapes(lat, order - 1, kind, quasi):
        members = set(parent)
        for cell in parent:
            near = lat.neighbours(cell)
            if quasi:
                near = near + quasi_neighbours(lat, cell)
            for n in near:
                if n in members:
                    continue
                fixed = lat.normalise([*parent, n])
                if fixed in seen_fixed:
                    continue
                seen_fixed.add(fixed)
                found.add(lat.canonical(fixed, kind))
    return tuple(sorted(found))
