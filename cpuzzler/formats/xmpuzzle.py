"""BurrTools' puzzle files (``.xmpuzzle``): every problem of a file as a tiling.

A file (gzipped XML, or plain) holds a grid, the shapes as voxel strings and problems:
each names its pieces by shape id with a count or a range (``min``, ``max``), a result
shape, the colour pairs allowed and the groups of pieces that need not come apart. A
voxel string lists a shape's box x fastest, then y, then z: ``#`` a filled voxel,
``+`` a variable one (in a result: it may stay empty), ``_`` none, digits after a voxel
its colour. Pieces turn as solids do (rotations only; a mirror image is another
piece), so ``count()`` removes rotated assemblies and, where the piece set is its own
mirror image, mirrored ones too: BurrTools' assembly count; ``symmetry="rotations"`` is
its count with mirror solutions kept.

Grids: cubes (``grids.cubic``), triangular prisms (``grids.prisms``: BurrTools' row y
of triangles alternating along x, as skewed cells), spheres (``grids.spheres``: its
pieces turn by BurrTools' 120 turns), and the rhombic-dodecahedron and tetra-octa grids
in BurrTools' own sub-cells of cubes (``grids.subcells``, moved only by their
lattices' translations).

>>> text = (b'<puzzle version="2"><gridType type="0"/><shapes>'
...         b'<voxel x="2" y="1" z="1" type="0">##</voxel>'
...         b'<voxel x="2" y="2" z="1" name="Square" type="0">####</voxel></shapes>'
...         b'<problems><problem name="two"><shapes><shape id="0" count="2"/></shapes>'
...         b'<result id="1"/></problem></problems></puzzle>')
>>> [(p.name, p.tiling.count(), p.tiling.count(symmetry="raw")) for p in parse(text)]
[('two', 1, 2)]
"""

from __future__ import annotations

import gzip
import io
import re
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from os import PathLike
from xml.parsers import expat

from cpuzzler.constraints import Colours, Disassembles
from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.formats import regular_file
from cpuzzler.grids import cubic, prisms, spheres, subcells
from cpuzzler.grids.lattice import Cell, Lattice
from cpuzzler.grids.region import Region
from cpuzzler.models.tiling import Tiling
from cpuzzler.pieces import Piece

GRIDS = {0: "cubes", 1: "triangular prisms", 2: "spheres", 3: "rhombic dodecahedra",
         4: "tetrahedra and octahedra"}


def _prism(voxel: Cell) -> Cell:
    """BurrTools' prism (x, y, z): in row y, triangles alternate along x, pointing up
    where x + y is even; as a cell of the prism lattice (skewed axes)."""
    x, y, z = voxel
    o = (x + y) & 1
    return ((x - y - o) // 2, y, z, o)


LATTICES: dict[int, tuple[Lattice, Callable[[Cell], Cell]]] = {
    0: (cubic.lattice, tuple), 1: (prisms.lattice, _prism), 2: (spheres.lattice, tuple),
    3: (subcells.rhombic.lattice, subcells.rhombic.cell_at),
    4: (subcells.tetra_octa.lattice, subcells.tetra_octa.cell_at)}
MOST_BYTES = 64 * 2**20  # a file unpacked past this is refused, not read into memory
MOST_VOXELS = 2**22  # one shape's box
_WHOLE = re.compile(r"[0-9]{1,9}")  # a count or a size (str.isdigit takes "²" too)


@dataclass
class Node:
    """An XML element with the line it starts on."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def all(self, tag: str) -> list[Node]:
        return [c for c in self.children if c.tag == tag]

    def one(self, tag: str) -> Node | None:
        return next(iter(self.all(tag)), None)


@dataclass(frozen=True)
class Shape:
    """A voxel shape: each voxel's colour (0: none), which voxels are variable, and its
    weight (in a disassembly the heavier part stands still)."""

    name: str
    voxels: Mapping[Cell, int]
    variable: frozenset[Cell]
    weight: int = 1


@dataclass(frozen=True)
class Problem:
    """One problem of a file: its tiling, BurrTools' stored counts (None where the file
    holds none), each grouped piece's group (pieces of one group need not come apart)
    and each piece's weight."""

    name: str
    tiling: Tiling
    assemblies: int | None
    solutions: int | None
    groups: Mapping[str, int]
    weights: Mapping[str, int]

    def disassembles(self) -> Disassembles:
        """The constraint that keeps the assemblies that come apart, with this problem's
        weights and groups: ``problem.tiling.count(where=[problem.disassembles()])``."""
        return Disassembles(weights=self.weights, groups=self.groups)


def read(path: str | PathLike[str]) -> list[Tiling]:
    """One tiling per problem of the file, in file order."""
    return [p.tiling for p in problems(path)]


def problems(path: str | PathLike[str]) -> list[Problem]:
    """Every problem of the file, with what BurrTools stored of it."""
    name = regular_file(path)
    try:
        with open(name, "rb") as f:
            data = f.read(MOST_BYTES + 1)
    except OSError as e:
        raise InputFormatError(f"cannot read: {e.strerror or e}", path=name) from None
    return parse(data, path=name)


def parse(data: bytes, *, path: str = "<string>") -> list[Problem]:
    """The problems of a file's bytes (gzipped or not)."""
    root = _tree(_unpacked(data, path), path)
    if root.tag != "puzzle":
        raise InputFormatError(f"<{root.tag}>: not a BurrTools puzzle (no <puzzle>)",
                               path=path, line=root.line)
    grid = root.one("gridType")
    kind = _number(grid, "type", path) if grid is not None else 0
    if kind not in LATTICES:
        raise InputFormatError(f"<gridType type=\"{kind}\">: unknown grid (BurrTools' are "
                               f"{', '.join(f'{k} {name}' for k, name in GRIDS.items())})",
                               path=path, line=grid.line if grid is not None else 0)
    lattice, to_cell = LATTICES[kind]
    shapes_node = root.one("shapes")
    shapes = [_shape(v, k, path, to_cell) for k, v in
              enumerate(shapes_node.all("voxel") if shapes_node is not None else [])]
    colours_node = root.one("colors")
    colours = len(colours_node.all("color")) if colours_node is not None else 0
    problems_node = root.one("problems")
    found = []
    for k, node in enumerate(problems_node.all("problem") if problems_node else []):
        found.append(_problem(node, k, shapes, colours, path, lattice))
    return found


def _unpacked(data: bytes, path: str) -> bytes:
    if len(data) > MOST_BYTES:
        raise InputFormatError(f"larger than {MOST_BYTES // 2**20} MiB", path=path)
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
            out = unpacked.read(MOST_BYTES + 1)
    except (OSError, EOFError, zlib.error) as e:
        raise InputFormatError(f"a damaged or truncated gzip file ({e})", path=path) from None
    if len(out) > MOST_BYTES:
        raise InputFormatError(f"unpacks past {MOST_BYTES // 2**20} MiB", path=path)
    return out


def _tree(data: bytes, path: str) -> Node:
    """The XML as nodes with their lines; bytes that are not UTF-8 and name no
    encoding are read as Latin-1 (old BurrTools files wrote comments so)."""
    try:
        return _parsed(data, path)
    except InputFormatError:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            text = re.sub(r"^<\?xml[^>]*\?>", "", data.decode("latin-1"))
            return _parsed(text.encode("utf-8"), path)
        raise


def _parsed(data: bytes, path: str) -> Node:
    parser = expat.ParserCreate()
    stack: list[Node] = []
    top: list[Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = Node(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else top).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def text(chunk: str) -> None:
        if stack:
            stack[-1].text += chunk

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise InputFormatError(f"not well-formed XML: {expat.ErrorString(e.code)}",
                               path=path, line=e.lineno, column=e.offset + 1) from None
    if not top:
        raise InputFormatError("no XML element", path=path)
    return top[0]


def _number(node: Node, attr: str, path: str, default: int | None = None) -> int:
    text = node.attrs.get(attr, "")
    if not text and default is not None:
        return default
    if not _WHOLE.fullmatch(text.strip()):
        said = f"{attr}=\"{text}\"" if text else f"no {attr}"
        raise InputFormatError(f"<{node.tag}>: {said} (a whole number >= 0 is needed)",
                               path=path, line=node.line)
    return int(text)


def _shape(node: Node, index: int, path: str, to_cell: Callable[[Cell], Cell]) -> Shape:
    sizes = [_number(node, a, path) for a in "xyz"]
    if sizes[0] * sizes[1] * sizes[2] > MOST_VOXELS:
        raise InputFormatError(f"<voxel> {'x'.join(map(str, sizes))}: too large a box",
                               path=path, line=node.line)
    if node.attrs.get("type", "0") != "0":
        raise InputFormatError(f"<voxel type=\"{node.attrs['type']}\">: unknown voxel type",
                               path=path, line=node.line)
    voxels: dict[Cell, int] = {}
    variable = set()
    text = "".join(node.text.split())
    states = re.findall(r"([#+_])(\d*)", text)
    if "".join(s + c for s, c in states) != text:
        bad = next((ch for ch in text if ch not in "#+_0123456789"), None)
        said = f"unknown voxel mark {bad!r}" if bad else "a colour with no voxel before it"
        raise InputFormatError(f"<voxel> of shape {index}: {said}", path=path,
                               line=node.line)
    count = sizes[0] * sizes[1] * sizes[2]
    if len(states) != count:
        raise InputFormatError(f"<voxel> of shape {index}: {len(states)} voxels for a "
                               f"{'x'.join(map(str, sizes))} box ({count})", path=path,
                               line=node.line)
    sx, sy, _ = sizes
    for k, (state, colour) in enumerate(states):
        if state == "_":
            continue
        cell = to_cell((k % sx, k // sx % sy, k // (sx * sy)))
        voxels[cell] = int(colour or 0)
        if state == "+":
            variable.add(cell)
    return Shape(node.attrs.get("name", "") or f"S{index + 1}", voxels, frozenset(variable),
                 _number(node, "weight", path, 1))


def _problem(node: Node, index: int, shapes: list[Shape], colours: int, path: str,
             lattice: Lattice) -> Problem:
    name = node.attrs.get("name", "") or f"problem {index + 1}"
    result_node = node.one("result")
    if result_node is None:
        raise InputFormatError(f"problem {name!r}: no <result>", path=path, line=node.line)
    result = _shape_at(result_node, shapes, path)
    pieces: list[Piece] = []
    used_shapes: list[Shape] = []
    fewest: dict[str, int] = {}
    groups: dict[str, int] = {}
    listed = node.one("shapes")
    for part in listed.all("shape") if listed is not None else []:
        shape = _shape_at(part, shapes, path)
        if "count" in part.attrs:
            least = most = _number(part, "count", path)
        else:
            least, most = _number(part, "min", path, 1), _number(part, "max", path, 1)
        if least > most:
            raise InputFormatError(f"<shape> {shape.name}: min {least} > max {most}",
                                   path=path, line=part.line)
        if most == 0:
            continue
        cells = tuple(sorted(shape.voxels))
        if not cells:
            raise InputFormatError(f"<shape> {shape.name}: an empty shape as a piece",
                                   path=path, line=part.line)
        try:
            piece = Piece(shape.name, lattice.normalise(cells), lattice, "one-sided", most)
        except ValueError as e:
            raise InputFormatError(f"<shape> {shape.name}: {e}", path=path,
                                   line=part.line) from None
        if any(p.name == piece.name for p in pieces):
            raise InputFormatError(f"<shape> {shape.name}: the same shape twice in one "
                                   "problem", path=path, line=part.line)
        pieces.append(piece)
        used_shapes.append(shape)
        if least < most:
            fewest[piece.name] = least
        group = _number(part, "group", path, 0)
        if group:
            groups[piece.name] = group
    if not pieces:
        raise InputFormatError(f"problem {name!r}: no pieces", path=path, line=node.line)
    if not result.voxels:
        raise InputFormatError(f"problem {name!r}: an empty result shape", path=path,
                               line=result_node.line)
    region = Region(lattice, result.voxels, path=path)
    where = []
    if colours:
        bitmap = node.one("bitmap")
        pairs = {(_number(pair, "piece", path) + 1, _number(pair, "result", path) + 1)
                 for pair in (bitmap.all("pair") if bitmap is not None else [])}
        used = {p.name: shape.voxels for p, shape in zip(pieces, used_shapes, strict=True)}
        where.append(Colours(used, result.voxels, pairs))
    try:
        tiling = Tiling(pieces, region, optional=fewest, may_stay_empty=result.variable,
                        where=where)
    except ExactCoverError as e:
        raise InputFormatError(f"problem {name!r}: {e}", path=path, line=node.line) from None
    assemblies = node.attrs.get("assemblies", "").strip()
    solutions = node.attrs.get("solutions", "").strip()
    return Problem(name, tiling,
                   int(assemblies) if _WHOLE.fullmatch(assemblies) else None,
                   int(solutions) if _WHOLE.fullmatch(solutions) else None, groups,
                   {p.name: shape.weight for p, shape in zip(pieces, used_shapes, strict=True)})


def _shape_at(node: Node, shapes: list[Shape], path: str) -> Shape:
    k = _number(node, "id", path)
    if k >= len(shapes):
        raise InputFormatError(f"<{node.tag} id=\"{k}\">: no such shape (the file has "
                               f"{len(shapes)})", path=path, line=node.line)
    return shapes[k]


def write(tiling: Tiling, *, name: str = "Problem") -> str:
    """A cube-grid tiling as BurrTools' XML (plain: BurrTools reads it so, or gzipped):
    the region as the result shape (cells that may stay empty as variable voxels), each
    piece a shape with its count or range, colours where a ``Colours`` constraint says.

    >>> from cpuzzler.models import Tiling, pieces
    >>> from cpuzzler.grids import cubic
    >>> soma = Tiling(pieces.soma(), cubic.box(3, 3, 3))
    >>> again = parse(write(soma).encode())[0].tiling
    >>> again.count(), again.count(symmetry="rotations")
    (240, 480)
    """
    if tiling.region.lattice is not cubic.lattice:
        raise ExactCoverError(f"xmpuzzle: BurrTools' cube grid takes cubic tilings, not the "
                              f"{tiling.region.lattice.name} lattice")
    colours = next((c for c in tiling.where if isinstance(c, Colours)), None)
    other = [c for c in tiling.where if c is not colours]
    if other or tiling.fill != "exact" or tiling.parts is not None:
        what = repr(other[0]) if other else "a packing" if tiling.fill != "exact" else "parts"
        raise ExactCoverError(f"xmpuzzle: {what} cannot be written for BurrTools")
    if any(p.kind != "one-sided" for p in tiling.pieces):
        raise ExactCoverError("xmpuzzle: BurrTools turns pieces as solids (rotations only); "
                              "give one-sided pieces, each mirror image a piece of its own")
    region_colours = colours.region if colours is not None else {}
    piece_colours = colours.pieces if colours is not None else {}
    lines = ['<?xml version="1.0"?>', '<puzzle version="2">', ' <gridType type="0"/>']
    used = [*region_colours.values(), *(k for cells in piece_colours.values()
                                        for k in cells.values()),
            *(k for pair in (colours.allowed if colours else ()) for k in pair)]
    count = max(used, default=0)
    lines.append(" <colors>" + "".join('<color red="128" green="128" blue="128"/>'
                                       for _ in range(count)) + "</colors>")
    lines.append(" <shapes>")
    lines.append(_voxels("Result", {c: region_colours.get(c, 0) for c in tiling.region},
                         tiling.may_stay_empty))
    for p in tiling.pieces:
        coloured = piece_colours.get(p.name)
        cells = coloured if coloured else dict.fromkeys(p.cells, 0)
        lines.append(_voxels(p.name, cells, frozenset()))
    lines += [" </shapes>", " <problems>", f'  <problem name="{_escaped(name)}">',
              "   <shapes>"]
    for k, p in enumerate(tiling.pieces, 1):
        least = tiling.fewest.get(p.name, p.copies)
        counted = f'count="{p.copies}"' if least == p.copies else \
            f'min="{least}" max="{p.copies}"'
        lines.append(f'    <shape id="{k}" {counted}/>')
    lines += ["   </shapes>", '   <result id="0"/>', "   <bitmap>"]
    for piece_colour, region_colour in sorted(colours.allowed if colours else ()):
        lines.append(f'    <pair piece="{piece_colour - 1}" result="{region_colour - 1}"/>')
    lines += ["   </bitmap>", "  </problem>", " </problems>", "</puzzle>", ""]
    return "\n".join(lines)


def _voxels(name: str, cells: Mapping[Cell, int], variable: frozenset[Cell]) -> str:
    low = [min(c[k] for c in cells) for k in range(3)]
    size = [max(c[k] for c in cells) - low[k] + 1 for k in range(3)]
    marks = []
    for z in range(size[2]):
        for y in range(size[1]):
            for x in range(size[0]):
                cell = (x + low[0], y + low[1], z + low[2])
                if cell not in cells:
                    marks.append("_")
                    continue
                colour = cells[cell]
                marks.append(("+" if cell in variable else "#") + (str(colour) if colour
                                                                    else ""))
    return (f'  <voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" name="{_escaped(name)}" '
            f'type="0">{"".join(marks)}</voxel>')


def _escaped(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))
