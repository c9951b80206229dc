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

from collections.abc import Iterable, Sequence
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
from cpuzzler.grids.lattice import KINDS, Cell, Lattice, Shape, resolve


@dataclass(frozen=True)
class Piece:
    """A named shape: ``cells`` normalised, ``kind`` how it may turn, ``copies`` how many."""

    name: str
    cells: Shape
    lattice: Lattice
    kind: str = "free"
    copies: int = 1

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind {self.kind!r}; known kinds: {', '.join(KINDS)}")
        if self.copies < 1:
            raise ValueError(f"piece {self.name!r} needs at least one copy, not {self.copies}")
        if not self.cells:
            raise ValueError(f"piece {self.name!r} has no cells")
        if not self.lattice.is_connected(self.cells):
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

    def with_copies(self, copies: int) -> Piece:
        return replace(self, copies=copies)

    def mirrored(self, name: str | None = None) -> Piece:
        """The mirror image (for one-sided sets)."""
        reflection = next(g for g in self.lattice.group if not g.proper)
        cells = self.lattice.normalise(self.lattice.transform(self.cells, reflection))
        return replace(self, name=name or self.name.lower(), cells=cells)


def make(name: str, cells: Iterable[Cell], lattice: object, kind: str = "free",
         copies: int = 1) -> Piece:
    """A piece from its cells on a lattice (or grid module)."""
    lat = resolve(lattice)
    return Piece(name, lat.normalise(tuple(c) for c in cells), lat, kind, copies)


def _set(lattice: object, shapes: dict[str, Sequence[Cell]], kind: str = "free") -> list[Piece]:
    return [make(name, cells, lattice, kind) for name, cells in shapes.items()]


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


def polytrigs(*orders: int) -> list[Piece]:
    """The named polytrigs of the given orders (1 to 3): I1; I2 L2 V2; the 12 tritrigs
    C3 E3 I3 J3 L3 O3 P3 S3 T3 U3 Y3 Z3."""
    return _set(trigs, {n: c for n, c in POLYTRIG_SEGMENTS.items() if len(c) in orders})


def polytwigs(*orders: int) -> list[Piece]:
    """The named polytwigs of the given orders (1 to 5): I1; L2; C3 S3 Y3; C4 P4 W4 Y4;
    the 12 pentatwigs C5 H5 I5 L5 P5 R5 S5 T5 U5 W5 X5 Y5."""
    return _set(twigs, {n: c for n, c in POLYTWIG_SEGMENTS.items() if len(c) in orders})


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


# --- generation -----------------------------------------------------------------------------

def polyforms(lattice: object, order: int, kind: str = "free") -> list[Piece]:
    """Every polyform of ``order`` cells on the lattice, one per class under the kind's
    group (free: rotations and reflections; one-sided: rotations; fixed: translations
    only), in canonical order, named by their index.

    Grown order by order: each class of order n is reached by adding one neighbouring
    cell to a representative of a class of order n-1 (every polyform has a cell whose
    removal leaves it connected), and new shapes are told apart by canonical form.
    """
    lat = resolve(lattice)
    if order < 1:
        raise ValueError(f"order must be at least 1, not {order}")
    shapes = _shapes(lat, order, kind)
    piece_kind = "one-sided" if lat is cubic.lattice and kind == "free" else kind
    return [Piece(f"{order}-{k}", cells, lat, piece_kind)
            for k, cells in enumerate(shapes, start=1)]


@cache
def _shapes(lat: Lattice, order: int, kind: str) -> tuple[Shape, ...]:
    if order == 1:
        singles = {lat.canonical([(0,) * lat.translated + key], kind) for key in lat.offsets}
        return tuple(sorted(singles))
    found: set[Shape] = set()
    seen_fixed: set[Shape] = set()
    for parent in _shapes(lat, order - 1, kind):
        members = set(parent)
        for cell in parent:
            for n in lat.neighbours(cell):
                if n in members:
                    continue
                fixed = lat.normalise([*parent, n])
                if fixed in seen_fixed:
                    continue
                seen_fixed.add(fixed)
                found.add(lat.canonical(fixed, kind))
    return tuple(sorted(found))
