"""Pieces: named polyform sets and the generation of all polyforms of an order.

The first stage of a tiling, beside the grids: it imports the grids and the errors
only, and everything from the placements up imports it (``cpuzzler.models`` hands it
on as ``cpuzzler.models.pieces``).

A piece is a shape of one lattice with a name, a kind (``free``: placed in every
orientation; ``one-sided``: rotations only, so its mirror image is another piece) and a
number of copies. Solid pieces (polycubes) are always placed by rotations only. The named
sets are data, one file per family in this folder (see ``read_sets``); this
module computes the rest: sets made from others, every polyform of an order, lookup by
name.

>>> len(pentominoes()), [p.name for p in tetrominoes()]
(12, ['I4', 'L4', 'O4', 'T4', 'Z4'])
>>> len(polyforms(square, 6)), len(polyforms(hexagonal, 4, kind="one-sided"))
(35, 10)
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources

from cpuzzler.errors import InputFormatError
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


def _set(lattice: object, shapes: Mapping[str, Sequence[Cell]], kind: str = "free", *,
         quasi: bool = False) -> list[Piece]:
    return [make(name, cells, lattice, kind, quasi=quasi) for name, cells in shapes.items()]


# --- the named sets: data files, one per family -------------------------------------------

# The lattice each data file's cells are on, and how many numbers a cell has.
_GRIDS = {"square": (square, 2), "triangular": (triangular, 3), "hexagonal": (hexagonal, 2),
          "cubic": (cubic, 3), "sticks": (sticks, 3), "trigs": (trigs, 3),
          "twigs": (twigs, 3), "tetrakis": (tetrakis, 3)}


@dataclass(frozen=True)
class NamedSets:
    """One file of ``cpuzzler/pieces/``: a family's named sets (set -> piece -> cells),
    which of them are quasi-polyforms (segments joined across a one-segment gap too),
    the other names the literature uses for some pieces, and the lattice."""

    grid: object
    sets: dict[str, dict[str, tuple[Cell, ...]]]
    quasi: frozenset[str]
    aliases: dict[str, str]


def read_sets(text: str, path: str) -> NamedSets:
    r"""A pieces file: ``family``, ``lattice``, optional ``quasi`` (the quasi sets) and
    ``[aliases]``, and one table per set, each piece a list of cells; a clear error names
    the file and line.

    >>> named = read_sets('lattice = "square"\n[dominoes]\nI2 = [[0, 0], [1, 0]]\n', "x")
    >>> named.sets["dominoes"]["I2"]
    ((0, 0), (1, 0))
    >>> read_sets('lattice = "square"\n[bad]\nI2 = [[0, 0], [2, 0]]\n', "x.toml")
    Traceback (most recent call last):
    cpuzzler.errors.InputFormatError: x.toml:3: piece 'I2' is not connected
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InputFormatError(f"not TOML: {e}", path=path) from None
    lines = text.split("\n")

    def line_of(table: str, key: str | None = None) -> int:
        """The line of ``[table]`` (or of ``table = ...``), or of ``key = ...`` in it."""
        start = next((n for n, line in enumerate(lines, 1)
                      if re.match(rf"^\s*(\[\s*{re.escape(table)}\s*\]|{re.escape(table)}\s*=)",
                                  line)), 1)
        if key is None:
            return start
        return next((n for n, line in enumerate(lines[start:], start + 1)
                     if re.match(rf"^\s*{re.escape(key)}\s*=", line)), start)

    lattice = data.pop("lattice", None)
    data.pop("family", None)
    if lattice not in _GRIDS:
        raise InputFormatError(f"lattice must be one of {', '.join(_GRIDS)}", path=path,
                               line=1)
    grid, width = _GRIDS[lattice]
    aliases = data.pop("aliases", {})
    quasi = data.pop("quasi", [])
    if not (isinstance(aliases, dict) and all(isinstance(v, str) for v in aliases.values())):
        raise InputFormatError("[aliases] gives each other name the name of a piece",
                               path=path, line=line_of("aliases"))
    if not (isinstance(quasi, list) and set(quasi) <= set(data)):
        raise InputFormatError("quasi lists sets of this file", path=path, line=1)
    sets: dict[str, dict[str, tuple[Cell, ...]]] = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            raise InputFormatError(f"{name}: a set is a [table] of pieces", path=path,
                                   line=line_of(name))
        sets[name] = {}
        for piece, cells in table.items():
            if not (isinstance(cells, list) and cells and all(
                    isinstance(c, list) and len(c) == width
                    and all(type(v) is int for v in c) for c in cells)):
                raise InputFormatError(f"piece {piece!r}: a list of cells, each {width} "
                                       "whole numbers", path=path, line=line_of(name, piece))
            try:
                sets[name][piece] = make(piece, cells, grid, quasi=name in quasi).cells
            except ValueError as e:
                raise InputFormatError(str(e), path=path, line=line_of(name, piece)) from None
    return NamedSets(grid, sets, frozenset(quasi), aliases)


@cache
def named_sets(family_name: str) -> NamedSets:
    """The named sets of a family, read from ``cpuzzler/pieces/FAMILY.toml`` once."""
    item = resources.files("cpuzzler") / "pieces" / f"{family_name}.toml"
    return read_sets(item.read_text(encoding="utf-8"), f"cpuzzler/pieces/{family_name}.toml")


def _named(family_name: str, set_name: str, kind: str = "free") -> list[Piece]:
    """A named set of a family's data file as pieces of ``kind``."""
    named = named_sets(family_name)
    return _set(named.grid, named.sets[set_name], kind, quasi=set_name in named.quasi)


# --- polyominoes ------------------------------------------------------------------------

def monomino() -> list[Piece]:
    return _named("polyominoes", "monomino")


def domino() -> list[Piece]:
    return _named("polyominoes", "domino")


def trominoes() -> list[Piece]:
    return _named("polyominoes", "trominoes")


def tetrominoes() -> list[Piece]:
    return _named("polyominoes", "tetrominoes")


def pentominoes(kind: str = "free") -> list[Piece]:
    """The 12 pentominoes F I L N P T U V W X Y Z."""
    return _named("polyominoes", "pentominoes", kind)


def one_sided_pentominoes() -> list[Piece]:
    """The 18 one-sided pentominoes: the 12, and the mirror images (lower-case names) of
    the six that are not symmetric under reflection."""
    pieces = pentominoes("one-sided")
    return pieces + [p.mirrored() for p in pieces if _chiral(p)]


def hexominoes(kind: str = "free") -> list[Piece]:
    """The 35 hexominoes by Polyform Puzzler's names (A06 C06 D06 ... Z16)."""
    return _named("polyominoes", "hexominoes", kind)


# --- polycubes ------------------------------------------------------------------------

def _lifted(flat: list[Piece]) -> dict[str, list[Cell]]:
    """Flat pieces as layers of cubes (z = 0)."""
    return {p.name: [(x, y, 0) for x, y in p.cells] for p in flat}


def soma() -> list[Piece]:
    """Piet Hein's 7 Soma pieces: V L T Z A B P (A and B are mirror images)."""
    return _named("polycubes", "soma", "one-sided")


def tetracubes() -> list[Piece]:
    """The 8 tetracubes under rotation: I4 L4 O4 T4 Z4 and the non-planar A4 B4 P4."""
    screws = {p.name: p.cells for p in soma()}
    solid = {"A4": screws["A"], "B4": screws["B"], "P4": screws["P"]}
    return _set(cubic, {**_lifted(tetrominoes()), **solid}, "one-sided")


def solid_pentominoes() -> list[Piece]:
    """The 12 pentominoes as flat pentacubes, placed by rotations in space."""
    return _set(cubic, _lifted(pentominoes()), "one-sided")


def solid_hexominoes() -> list[Piece]:
    """The 35 hexominoes as flat hexacubes, placed by rotations in space."""
    return _set(cubic, _lifted(hexominoes()), "one-sided")


def diabolical() -> list[Piece]:
    """The Diabolical Cube's six flat pieces of 2 to 7 cubes: I V O U W L."""
    return _named("polycubes", "diabolical", "one-sided")


def bedlam() -> list[Piece]:
    """The Bedlam cube's 13 pieces (64 cubes), placed by rotations only."""
    return _named("polycubes", "bedlam", "one-sided")


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

def hexiamonds(kind: str = "free") -> list[Piece]:
    """The 12 hexiamonds by Polyform Puzzler's names: C6 (chevron), E6 (crown), F6
    (yacht), G6 (hook), H6 (signpost), I6 (bar), J6 (crook), O6 (hexagon), P6 (sphinx),
    S6 (snake), V6 (lobster), X6 (butterfly)."""
    return _named("polyiamonds", "hexiamonds", kind)


def heptiamonds(kind: str = "free") -> list[Piece]:
    """The 24 heptiamonds by Polyform Puzzler's names, A7 .. Z7."""
    return _named("polyiamonds", "heptiamonds", kind)


def tetrahexes(kind: str = "free") -> list[Piece]:
    """The 7 tetrahexes by Polyform Puzzler's names: I4 J4 O4 P4 S4 U4 Y4."""
    return _named("polyhexes", "tetrahexes", kind)


def pentahexes(kind: str = "free") -> list[Piece]:
    """The 22 pentahexes by Polyform Puzzler's names, A5 .. Y5."""
    return _named("polyhexes", "pentahexes", kind)


# --- polysticks -------------------------------------------------------------------------

def tetrasticks(kind: str = "free") -> list[Piece]:
    """The 16 tetrasticks F H I J L N O P R T U V W X Y Z."""
    return _named("polysticks", "tetrasticks", kind)


def polysticks_1234() -> list[Piece]:
    """The 24 polysticks of orders 1 to 4 (the pieces of the game Nexos): I1, I2 V2,
    I3 L3 T3 U3 Z3 and the 16 tetrasticks."""
    return _named("polysticks", "small") + tetrasticks()


def digits() -> list[Piece]:
    """The ten digits of a seven-segment display as polysticks d0 .. d9 (49 segments).
    As free pieces 2 and 5 are one shape, as are 6 and 9; Polyform Puzzler's digit
    puzzles let some of them cross others: ``Tiling(..., may_cross=[...])``.

    >>> [len(p) for p in digits()]
    [6, 2, 5, 5, 4, 5, 6, 3, 7, 6]
    """
    return _named("polysticks", "digits")


def welded_tetrasticks(kind: str = "free") -> list[Piece]:
    """The 6 tetrasticks with a point where three or more sticks meet: F H R T X Y.
    One-sided: the 10 pieces under rotation only (mirror images in lower case)."""
    welded = [p for p in tetrasticks(kind) if _max_degree(p) >= 3]
    if kind != "one-sided":
        return welded
    return welded + [p.mirrored() for p in welded if _chiral(p)]


def _max_degree(piece: Piece) -> int:
    ends = [e for segment in piece.cells for e in piece.lattice.segment_ends(segment)]
    return max(ends.count(e) for e in ends)


def _chiral(piece: Piece) -> bool:
    lat = piece.lattice
    return len(lat.orientations(piece.cells, "free")) != len(
        lat.orientations(piece.cells, "one-sided"))


# --- polytrigs, polytwigs and the tangram ------------------------------------------------

def polytrigs(*orders: int) -> list[Piece]:
    """The polytrigs of the given orders (see ``orders_of``), named from 1 to 3: I1;
    I2 L2 V2; the 12 tritrigs C3 E3 I3 J3 L3 O3 P3 S3 T3 U3 Y3 Z3."""
    return family("polytrigs", orders_of(orders))


def polytwigs(*orders: int) -> list[Piece]:
    """The polytwigs of the given orders (see ``orders_of``), named from 1 to 5: I1; L2;
    C3 S3 Y3; C4 P4 W4 Y4; the 12 pentatwigs C5 H5 I5 L5 P5 R5 S5 T5 U5 W5 X5 Y5."""
    return family("polytwigs", orders_of(orders))


def tangram() -> list[Piece]:
    """The seven tans on the tetrakis lattice: two large triangles L, the medium M, two
    small S, the square Q and the parallelogram P (which may be turned over)."""
    copies = {"L": 2, "S": 2}
    return [p.with_copies(copies.get(p.name, 1)) for p in _named("polyabolos", "tangram")]


# --- families: every polyform of an order, by its published name -----------------------

def _orders_named(family_name: str, *set_names: str, kind: str = "free"
                  ) -> dict[int, list[Piece]]:
    by_order: dict[int, list[Piece]] = {}
    for set_name in set_names:
        for piece in _named(family_name, set_name, kind):
            by_order.setdefault(len(piece), []).append(piece)
    return by_order


def _polyominoes() -> dict[int, list[Piece]]:
    return {**_orders_named("polyominoes", "monomino", "domino", "trominoes", "tetrominoes"),
            5: pentominoes(), 6: hexominoes()}


def _polycubes() -> dict[int, list[Piece]]:
    return {**_orders_named("polycubes", "small", kind="one-sided"), 4: tetracubes(),
            5: pentacubes()}


@dataclass(frozen=True)
class Family:
    """A polyform family: its lattice, the pieces of the orders that have published names
    (built on demand), and how pieces past the named orders are told apart (polycubes:
    mirror images are pieces apart). Other names the literature uses for some pieces are
    in the family's data file (``aliases``)."""

    name: str
    grid: object
    named: Callable[[], dict[int, list[Piece]]]
    kind: str = "free"
    quasi: bool = False  # segments joined across one-segment gaps too
    data: str = ""  # the data file of its named sets, if not its own name

    @property
    def aliases(self) -> dict[str, str]:
        return named_sets(self.data or self.name).aliases


FAMILIES = {f.name: f for f in [
    Family("polyominoes", square, _polyominoes),
    Family("polyiamonds", triangular, lambda: {
        **_orders_named("polyiamonds", "small"), 6: hexiamonds(), 7: heptiamonds()}),
    Family("polyhexes", hexagonal, lambda: {
        **_orders_named("polyhexes", "small"), 4: tetrahexes(), 5: pentahexes()}),
    Family("polycubes", cubic, _polycubes, "one-sided"),
    Family("polysticks", sticks, lambda: {
        **_orders_named("polysticks", "small"), 4: tetrasticks()}),
    Family("polytrigs", trigs, lambda: _orders_named("polytrigs", "polytrigs")),
    Family("polytwigs", twigs, lambda: _orders_named("polytwigs", "polytwigs")),
    Family("quasi-polytrigs", trigs,
           lambda: _orders_named("polytrigs", "quasi-polytrigs"), quasi=True,
           data="polytrigs"),
    Family("quasi-polytwigs", twigs,
           lambda: _orders_named("polytwigs", "quasi-polytwigs"), quasi=True,
           data="polytwigs"),
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
