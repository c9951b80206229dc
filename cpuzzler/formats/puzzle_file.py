"""Puzzle files: a tiling puzzle described in TOML, for ``cpuzzler solve my-puzzle.toml``.

TOML because it is what Python reads without a dependency (``tomllib``), it has
multi-line strings for drawings, and it has no indentation rules to get wrong. A file
names a lattice, a region (a shape or a drawing) and pieces (a named set, pieces of
its own drawn or listed, or both)::

    lattice = "square"                 # square triangular hexagonal cubic sticks trigs twigs
    [region]
    rectangle = [10, 6]                # or box, parallelogram, triangle, hexagon, ...
                                       # or cells = [[0, 0], [1, 0], ...], each listed
    without = []                       # cells taken out
    wrap = "x"                         # join opposite sides: "x", "y" or "xy" (cells)
    parts = [[0, 0], [4, 0]]           # the shape repeated at these offsets, each copy a
                                       # part: pieces lie within one part, solutions
                                       # count up to swaps of congruent parts
    [pieces]
    set = "pentominoes"                # a set of cpuzzler.pieces
    kind = "free"                      # or "one-sided"
    only = []                          # some of the set's pieces (all when empty)
    copies = {}                        # name = copies, or one number for every piece
    optional = []                      # pieces that may be left out
    may_cross = []                     # sticks, trigs, twigs: pieces exempt from the
                                       # crossing rule
    [[piece]]                          # a piece of its own, drawn like a region
    name = "B"
    drawing = '''
    XX
    XX'''

and, beyond exact cover (``cpuzzler.constraints``), a packing and constraints::

    fill = "pack"                      # cells may stay empty, pieces unused (at the top)
    [[constraint]]
    kind = "fault-free"                # axes = "x": the lines x = k only
    [[constraint]]
    kind = "apart"                     # these pieces share no edge
    pieces = ["X", "I"]                # copies = true: also the copies of each
    [[constraint]]
    kind = "within"                    # a piece kept to some cells
    piece = "X"
    cells = [[0, 0], [1, 0], ...]
    [[constraint]]
    kind = "symmetric"                 # the solution maps onto itself
    symmetry = "half-turn"             # any, half-turn, rotation, reflection

Every problem found is an ``InputFormatError`` naming the file and the line.

>>> puzzle = parse('''
... lattice = "square"
... [region]
... rectangle = [20, 3]
... [pieces]
... set = "pentominoes"
... ''')
>>> puzzle.count()
2
>>> parse('''
... lattice = "square"
... [region]
... rectangle = [15, 4]
... [pieces]
... set = "pentominoes"
... [[constraint]]
... kind = "fault-free"
... [[constraint]]
... kind = "apart"
... pieces = ["X", "I"]
... ''').count()
189
"""

from __future__ import annotations

import math
import re
import tomllib
from collections import Counter
from collections.abc import Callable
from typing import Any

from cpuzzler import pieces
from cpuzzler.constraints import Apart, Constraint, FaultFree, Symmetric, Within
from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.formats import read_text
from cpuzzler.grids import cubic, hexagonal, square, sticks, tetrakis, triangular, trigs, twigs
from cpuzzler.grids.lattice import KINDS
from cpuzzler.grids.region import Region
from cpuzzler.models.tiling import CROSSING_RULES, FILLS, Tiling

LATTICES = {m.lattice.name: m for m in (square, triangular, hexagonal, cubic, sticks, trigs,
                                        twigs, tetrakis)}
SHAPES = ("rectangle", "box", "parallelogram", "triangle", "hexagon", "ring", "ring_wall",
          "diamond", "cylinder", "torus", "trapezium", "elongated_hexagon", "square")
# Edge lattices without a drawing of their own are drawn as the cells they outline.
CELL_DRAWINGS = {"trigs": triangular, "twigs": hexagonal}

PIECE_SETS: dict[str, Callable[..., list[pieces.Piece]]] = {
    name: getattr(pieces, name) for name in (
        "monomino", "domino", "trominoes", "tetrominoes", "pentominoes",
        "one_sided_pentominoes", "hexominoes", "soma", "tetracubes", "solid_pentominoes",
        "solid_hexominoes",
        "pentacubes", "hexiamonds", "heptiamonds", "tetrahexes", "pentahexes",
        "tetrasticks", "polysticks_1234", "welded_tetrasticks", "diabolical", "bedlam",
        "google_cube", "tangram", "digits")}
WITH_KIND = {"pentominoes", "hexominoes", "hexiamonds", "heptiamonds", "tetrahexes",
             "pentahexes", "tetrasticks", "welded_tetrasticks"}
WITH_ORDERS = set(pieces.FAMILIES)  # set = "polyhexes", orders = [1, 2, 3, 4]

MAX_ORDER = pieces.MAX_ORDER  # polyforms of order 8 number in the thousands
MAX_REGION_CELLS = 250_000  # far beyond any exact-cover search; refused before building


def _cells_at_most(grid: Any, sizes: list[int]) -> int:
    """A bound on the cells (or segments) of a shape with these sizes, found without
    building it: a side's square times 6 for one size (triangles, hexagons), the product
    of the sizes otherwise, three times that on the edge lattices."""
    bound = math.prod(sizes) * (6 * sizes[0] if len(sizes) == 1 else 1)
    return bound * (3 if grid.lattice.ends is not None else 1)


TOP_KEYS = {"name", "lattice", "crossing", "region", "pieces", "piece", "fill", "constraint"}
REGION_KEYS = set(SHAPES) | {"drawing", "cells", "without", "wrap", "parts"}
PIECES_KEYS = {"set", "kind", "orders", "order", "only", "copies", "optional", "may_cross"}
PIECE_KEYS = {"name", "drawing", "cells", "copies", "kind"}
# each [[constraint]] kind and the keys it takes besides ``kind``
CONSTRAINT_KEYS = {"fault-free": {"axes"}, "apart": {"pieces", "copies"},
                   "within": {"piece", "cells"}, "symmetric": {"symmetry"}}


def read(path: str, *, fill: str | None = None) -> Tiling:
    """The puzzle a TOML file describes (``fill``: instead of the file's)."""
    name, text = read_text(path)
    return parse(text, path=name, fill=fill)


def parse(text: str, *, path: str = "<string>", fill: str | None = None) -> Tiling:
    """The puzzle a TOML text describes (``fill``: instead of the text's, as the shell's
    ``--pack`` asks before the area is checked)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(e))
        line, column = (int(match[1]), int(match[2])) if match else (0, 0)
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e))
        raise InputFormatError(f"not TOML: {message}", path=path, line=line,
                               column=column) from None
    return _Reader(text, path).puzzle(data if fill is None else {**data, "fill": fill})


def from_table(data: dict[str, Any], text: str, *, path: str, first_line: int = 1) -> Tiling:
    """The puzzle a table of a larger TOML file describes (a catalog's ``[[puzzle]]``):
    ``text`` is the table's own lines, which begin at line ``first_line`` of ``path``, so
    that errors name the file's line."""
    return _Reader(text, path, first_line - 1).puzzle(data)


class _Reader:
    """Builds the puzzle, naming the line of whatever is wrong."""

    def __init__(self, text: str, path: str, offset: int = 0) -> None:
        self.lines = text.split("\n")
        self.path = path
        self.offset = offset  # of the text's first line in the file
        self.parts: list[list[tuple[int, ...]]] | None = None  # a region in parts

    def error(self, message: str, key: str | None = None, line: int = 0) -> InputFormatError:
        if key is not None and not line:
            line = self.line_of(key)
        return InputFormatError(message, path=self.path, line=line + self.offset if line else 0)

    def line_of(self, key: str) -> int:
        """The first line that sets ``key`` (or opens table ``[key]``, or a catalog's
        ``[puzzle.key]``), else the first that sets it in an inline table."""
        key = re.escape(key)
        pattern = re.compile(rf"^\s*(\[\[?\s*(puzzle\.)?{key}\s*\]\]?|{key}\s*=)")
        inline = re.compile(rf"[{{,]\s*{key}\s*=")
        found = (n for n, line in enumerate(self.lines, 1) if pattern.match(line))
        return next(found, 0) or next(
            (n for n, line in enumerate(self.lines, 1) if inline.search(line)), 0)

    def check_keys(self, table: dict[str, Any], known: set[str], where: str) -> None:
        for key in table:
            if key not in known:
                raise self.error(f"unknown key {key!r} in {where}; known: "
                                 f"{', '.join(sorted(known))}", key)

    # --- the puzzle ----------------------------------------------------------------------

    def puzzle(self, data: dict[str, Any]) -> Tiling:
        self.check_keys(data, TOP_KEYS, "the file")
        name = data.get("lattice")
        if name is None:
            raise self.error(f"the file names no lattice: add lattice = \"square\" (or "
                             f"{', '.join(n for n in LATTICES if n != 'square')})", line=1)
        if name not in LATTICES:
            raise self.error(f"lattice must be one of {', '.join(LATTICES)}, not {name!r}",
                             "lattice" if "lattice" in data else None, 1)
        grid = LATTICES[name]
        crossing = data.get("crossing", "forbid")
        if crossing not in CROSSING_RULES:
            raise self.error(f"crossing must be one of {', '.join(CROSSING_RULES)}",
                             "crossing")
        region = self.region(grid, self.table(data, "region"))
        chosen = self.named_set(grid, self.table(data, "pieces", required=False))
        own = data.get("piece", [])
        if not isinstance(own, list):
            raise self.error("[[piece]] tables list pieces of the puzzle's own", "piece")
        chosen += [self.own_piece(grid, p, k) for k, p in enumerate(own)]
        if not chosen:
            raise self.error("no pieces: give [pieces] set = ... or [[piece]] tables")
        optional = self.piece_names(data, "optional")
        names = {p.name for p in chosen}
        for n in optional:
            if n not in names:
                raise self.error(f"optional piece {n!r} is not among the pieces", "optional")
        may_cross = self.piece_names(data, "may_cross")
        for n in may_cross:
            if n not in names:
                raise self.error(f"piece {n!r} that may cross is not among the pieces",
                                 "may_cross")
        fill = data.get("fill", "exact")
        if fill not in FILLS:
            raise self.error(f"fill must be one of {', '.join(FILLS)}, not {fill!r}", "fill")
        where = self.constraints(grid, data.get("constraint", []))
        copies = {p.name: p.copies for p in chosen}
        for constraint in where:
            try:
                constraint.check(region, copies)
            except ExactCoverError as e:
                raise self.error(str(e), "constraint") from None
        try:
            return Tiling(chosen, region, optional=optional, crossing=crossing,
                          may_cross=may_cross, parts=self.parts, where=where, fill=fill)
        except InputFormatError:
            raise
        except ValueError as e:
            raise self.error(str(e), "pieces" if "pieces" in data else "piece") from None

    def constraints(self, grid: Any, tables: Any) -> list[Constraint]:
        """``[[constraint]]`` tables: ``kind = "fault-free"`` (``axes``), ``"apart"``
        (``pieces``, ``copies``), ``"within"`` (``piece``, ``cells``) or ``"symmetric"``
        (``symmetry``)."""
        if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
            raise self.error("[[constraint]] tables list the puzzle's constraints",
                             "constraint")
        found: list[Constraint] = []
        for table in tables:
            kind = table.get("kind")
            if kind not in CONSTRAINT_KEYS:
                raise self.error(f"a [[constraint]] needs kind = one of "
                                 f"{', '.join(map(repr, CONSTRAINT_KEYS))}", "constraint")
            self.check_keys(table, CONSTRAINT_KEYS[kind] | {"kind"}, f"a {kind} constraint")
            try:
                found.append(self.constraint(grid, kind, table))
            except ExactCoverError as e:  # one already placed in the file keeps its place
                raise self.error(str(e), "constraint") from None
        return found

    def constraint(self, grid: Any, kind: str, table: dict[str, Any]) -> Constraint:
        if kind == "fault-free":
            return FaultFree(**({"axes": table["axes"]} if "axes" in table else {}))
        if kind == "symmetric":
            return Symmetric(table.get("symmetry", "any"))
        if kind == "within":
            piece = table.get("piece")
            if not isinstance(piece, str):
                raise self.error("a within constraint names its piece: piece = \"X\"",
                                 "constraint")
            return Within(piece, self.cells(grid, table.get("cells"), "cells"))
        names = table.get("pieces")
        if isinstance(names, str):
            names = list(names)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise self.error("an apart constraint names its pieces: pieces = [\"X\", "
                             "\"I\"]", "constraint")
        copies = table.get("copies", False)
        if not isinstance(copies, bool):
            raise self.error(f"an apart constraint's copies = true or false, not {copies!r}",
                             "constraint")
        return Apart(*names, copies=copies)

    def piece_names(self, data: dict[str, Any], key: str) -> list[str]:
        """[pieces] ``key``: a list of piece names (or one string of one-letter names)."""
        names = self.table(data, "pieces", required=False).get(key, [])
        if isinstance(names, str):
            return list(names)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise self.error(f"{key} must be a list of piece names", key)
        return names

    def table(self, data: dict[str, Any], key: str, required: bool = True) -> dict[str, Any]:
        found = data.get(key)
        if found is None and not required:
            return {}
        if not isinstance(found, dict):
            raise self.error(f"the file needs a [{key}] table", key if key in data else None)
        return found

    # --- the region ----------------------------------------------------------------------

    def region(self, grid: Any, spec: dict[str, Any]) -> Region:
        self.check_keys(spec, REGION_KEYS, "[region]")
        given = [k for k in spec if k in SHAPES or k in ("drawing", "cells")]
        if len(given) != 1:
            raise self.error("[region] needs one shape (" + ", ".join(SHAPES)
                             + "), a drawing or its cells", "region")
        key = given[0]
        if key == "drawing":
            region = self.drawing(grid, spec[key])
        elif key == "cells":
            cells = self.cells(grid, spec[key], "cells")
            if not cells:
                raise self.error("the region lists no cells", "cells")
            lattice = grid.lattice
            for cell in cells:
                if tuple(cell[lattice.translated:]) not in lattice.offsets:
                    raise self.error(f"cells: {list(cell)} is not a cell of the "
                                     f"{lattice.name} lattice (its last coordinate is one "
                                     f"of {sorted(k[0] for k in lattice.offsets)})", "cells")
            twice = sorted(c for c, n in Counter(cells).items() if n > 1)
            if twice:
                raise self.error(f"cells: {list(twice[0])} is listed twice", "cells")
            if len(cells) > MAX_REGION_CELLS:
                raise self.error(f"cpuzzler takes regions of up to {MAX_REGION_CELLS:,} "
                                 "cells", "cells")
            region = Region(grid.lattice, cells, path=self.path)
        else:
            make = getattr(grid, key, None)
            if make is None:
                shapes = [s for s in SHAPES if hasattr(grid, s)]
                raise self.error(f"the {grid.lattice.name} lattice has no {key}; it has "
                                 f"{', '.join(shapes)}, or a drawing", key)
            args = spec[key] if isinstance(spec[key], list) else [spec[key]]
            if not args or not all(isinstance(a, int) and not isinstance(a, bool) and a > 0
                                   for a in args):
                raise self.error(f"{key} takes positive whole numbers", key)
            if _cells_at_most(grid, args) > MAX_REGION_CELLS:
                raise self.error(f"{key} = {spec[key]} is too large: cpuzzler takes regions "
                                 f"of up to {MAX_REGION_CELLS:,} cells", key)
            try:
                region = make(*args)
            except TypeError:
                raise self.error(f"wrong number of sizes for {key}", key) from None
        holes = self.cells(grid, spec.get("without", []), "without")
        region = region.without(holes)
        if "parts" in spec:
            if "wrap" in spec:
                raise self.error("a region in parts cannot wrap", "parts")
            return self.in_parts(region, spec["parts"])
        return self.wrapped(region, spec["wrap"]) if "wrap" in spec else region

    def in_parts(self, shape: Region, offsets: Any) -> Region:
        """The shape repeated at the offsets, each copy a part (kept in ``self.parts``)."""
        lattice = shape.lattice
        n = lattice.translated
        if not (isinstance(offsets, list) and offsets and all(
                isinstance(o, list) and len(o) == n
                and all(isinstance(v, int) and not isinstance(v, bool) for v in o)
                for o in offsets)):
            raise self.error(f"parts: a list of offsets, each {n} whole numbers, like "
                             f"[[0, 0], [4, 0]]", "parts")
        if len(offsets) * len(shape) > MAX_REGION_CELLS:
            raise self.error(f"parts: cpuzzler takes regions of up to {MAX_REGION_CELLS:,} "
                             "cells", "parts")
        self.parts = [lattice.translate(shape.cells, o) for o in offsets]
        cells = [c for part in self.parts for c in part]
        if len(set(cells)) != len(cells):
            raise self.error("parts: two copies of the shape overlap", "parts")
        return Region(lattice, cells, path=self.path)

    def wrapped(self, region: Region, axes: Any) -> Region:
        """The region with the axes named in ``axes`` ("x", "xy", ...) wrapping around,
        each with the period its cells span."""
        lattice = region.lattice
        names = "xyz"[:lattice.translated]
        if lattice.ends is not None:
            raise self.error(f"wrap is for cell lattices, not {lattice.name}", "wrap")
        if not isinstance(axes, str) or not axes or any(a not in names for a in axes):
            raise self.error(f"wrap names axes: one or more of {', '.join(names)}", "wrap")
        wrap = [max(c[k] for c in region.cells) + 1 if names[k] in axes else None
                for k in range(lattice.translated)]
        if any(min(c[k] for c in region.cells) != 0 for k in range(len(wrap)) if wrap[k]):
            raise self.error("a wrapped axis needs cells from coordinate 0 on", "wrap")
        return Region(lattice, region.cells, path=self.path, wrap=wrap)

    def cells(self, grid: Any, given: Any, key: str, line: int = 0) -> list[tuple[int, ...]]:
        """A list of cells, each a list of whole-number coordinates, as many as the
        lattice has."""
        n = grid.lattice.dimensions
        if isinstance(given, list) and all(
                isinstance(c, list) and len(c) == n
                and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
                for c in given):
            return [tuple(c) for c in given]
        example = "[" + ", ".join(["0"] * n) + "]"
        raise self.error(f"{key}: a list of cells, each {n} whole numbers on the "
                         f"{grid.lattice.name} lattice, like [{example}, ...]",
                         key if not line else None, line)

    def drawing(self, grid: Any, text: Any, key: str = "drawing", line: int = 0) -> Region:
        if not isinstance(text, str):
            raise self.error("a drawing is a string (use ''' for several lines)", key)
        start = self.line_of_text(text) or line or self.line_of(key)
        try:
            if grid.lattice.name in CELL_DRAWINGS:
                drawn: Region = grid.from_cells(CELL_DRAWINGS[grid.lattice.name].from_ascii(text))
            else:
                drawn = grid.from_ascii(text)
            return drawn
        except InputFormatError as e:
            line = start + e.line - 1 if start and e.line else start
            raise InputFormatError(e.problem, path=self.path, line=line,
                                   column=e.column) from None

    def line_of_text(self, text: str) -> int:
        """The file line where a drawing's first drawn line is."""
        first = next((line.strip() for line in text.split("\n") if line.strip()), None)
        if first is None:
            return 0
        return next((n for n, line in enumerate(self.lines, 1)
                     if line.strip().endswith(first)), 0)

    # --- the pieces ----------------------------------------------------------------------

    def named_set(self, grid: Any, spec: dict[str, Any]) -> list[pieces.Piece]:
        self.check_keys(spec, PIECES_KEYS, "[pieces]")
        name = spec.get("set")
        if name is None:
            return []
        kind = self.kind(spec)
        if "kind" in spec and name not in WITH_KIND and name != "polyforms":
            raise self.error(f"kind is for the sets {', '.join(sorted(WITH_KIND))} and "
                             f"polyforms, not {name!r} (its pieces are as they are; for "
                             f"one-sided pieces of an order use set = \"polyforms\", "
                             f"order = n)", "kind")
        if name in WITH_ORDERS:
            orders = spec.get("orders", [1, 2, 3])
            if not (isinstance(orders, list) and orders and all(
                    type(n) is int and 1 <= n <= MAX_ORDER for n in orders)):
                raise self.error(f"orders: a list of orders from 1 to {MAX_ORDER}", "orders")
            try:
                chosen = pieces.family(name, orders)
            except ValueError as e:  # an order given twice
                raise self.error(str(e), "orders") from None
        elif name == "polyforms":
            order = spec.get("order")
            if type(order) is not int or not 1 <= order <= MAX_ORDER:
                raise self.error(f"set = \"polyforms\" needs order = n, from 1 to {MAX_ORDER}",
                                 "set")
            chosen = pieces.polyforms(grid, order, kind)
        elif isinstance(name, str) and name in PIECE_SETS:
            chosen = PIECE_SETS[name](kind) if name in WITH_KIND else PIECE_SETS[name]()
        else:
            known = sorted([*PIECE_SETS, *WITH_ORDERS, "polyforms"])
            raise self.error(f"no piece set {name!r}; known: {', '.join(known)}", "set")
        if chosen and chosen[0].lattice is not grid.lattice:
            raise self.error(f"{name} are pieces of the {chosen[0].lattice.name} lattice, "
                             f"not the {grid.lattice.name}", "set")
        only = spec.get("only", [])
        if only:
            unknown = set(only) - {p.name for p in chosen}
            if unknown:
                raise self.error(f"{', '.join(sorted(unknown))}: not in {name}", "only")
            chosen = [p for p in chosen if p.name in only]
        copies = spec.get("copies", {})
        if isinstance(copies, int) and not isinstance(copies, bool) and copies >= 1:
            copies = {p.name: copies for p in chosen}  # as many of each piece
        if not isinstance(copies, dict):
            raise self.error(f"copies must be a positive number (of each piece) or a table "
                             f"of piece = number, not {copies!r}", "copies")
        for piece_name, n in copies.items():
            if piece_name not in {p.name for p in chosen} or not isinstance(n, int) or n < 1:
                raise self.error(f"copies: {piece_name} = {n!r} is not a piece of the set "
                                 "and a positive number", "copies")
        return [p.with_copies(copies.get(p.name, p.copies)) for p in chosen]

    def kind(self, spec: dict[str, Any], line: int = 0) -> str:
        kind = spec.get("kind", "free")
        if not isinstance(kind, str) or kind not in KINDS:
            raise self.error(f"kind must be one of {', '.join(KINDS)}, not {kind!r}",
                             None if line else "kind", line)
        return kind

    def own_piece(self, grid: Any, spec: Any, index: int) -> pieces.Piece:
        line = self.nth_piece_line(index)
        if not isinstance(spec, dict) or "name" not in spec:
            raise self.error("a [[piece]] needs a name", line=line)
        self.check_keys(spec, PIECE_KEYS, f"[[piece]] {spec['name']}")
        if ("drawing" in spec) == ("cells" in spec):
            raise self.error(f"piece {spec['name']!r} needs a drawing or cells (one of them)",
                             line=line)
        if "drawing" in spec:
            cells = list(self.drawing(grid, spec["drawing"], line=line))
        else:
            cells = self.cells(grid, spec["cells"], f"piece {spec['name']!r}: cells", line)
            if not cells:
                raise self.error(f"piece {spec['name']!r} has no cells", line=line)
        try:
            return pieces.make(spec["name"], cells, grid, self.kind(spec, line),
                               spec.get("copies", 1))
        except (ValueError, TypeError, IndexError) as e:
            raise self.error(f"piece {spec['name']!r}: {e}", line=line) from None

    def nth_piece_line(self, index: int) -> int:
        found = [n for n, line in enumerate(self.lines, 1)
                 if re.match(r"^\s*\[\[\s*(puzzle\.)?piece\s*\]\]", line)]
        return found[index] if index < len(found) else 0
