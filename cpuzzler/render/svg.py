"""Solutions as SVG pictures: each piece filled in its own colour, thick outlines where
pieces meet, thin lines between a piece's own cells, its name written on it. Polysticks,
polytrigs and polytwigs are drawn as thick coloured lines over the region's grey grid,
at least ``MIN_SEGMENT_WIDTH`` pixels wide, each name in a white disc on its piece;
polycubes as their layers side by side (z = 0 leftmost), each captioned with its z.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> picture = svg(Tiling(pieces.pentominoes(), square.rectangle(20, 3)).first())
>>> picture.startswith("<svg") and picture.count("<polygon") == 60
True
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from cpuzzler.grids.lattice import Cell
from cpuzzler.grids.region import Region
from cpuzzler.render.geometry import CELL_LATTICES, SEGMENT_LATTICES, XY, polygon, segment

if TYPE_CHECKING:
    from cpuzzler.render.drawable import Drawable, PieceShape

MARGIN = 0.5  # in cell units, around the drawing
MIN_SEGMENT_WIDTH = 360  # pixels: small stick, trig and twig boards are drawn larger
LAYER_GAP = 1  # cubes: columns between layers
PALETTE = ("#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0",
           "#f032e6", "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8",
           "#800000", "#aaffc3", "#808000", "#ffd8b1", "#000075", "#808080")


def colours(names: Iterable[str]) -> dict[str, str]:
    """A colour for each piece name: the palette, then evenly spread hues."""
    table = {}
    for k, name in enumerate(dict.fromkeys(names)):
        if k < len(PALETTE):
            table[name] = PALETTE[k]
        else:
            r, g, b = colorsys.hls_to_rgb((k * 0.618034) % 1, 0.6, 0.65)
            table[name] = f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"
    return table


def placement_colours(solution: Drawable) -> tuple[list[str], list[str]]:
    """Each placement's colour and label. A piece's colour and name; but where names
    repeat (copies of a piece), the copies are numbered (Y1 .. Y25) and neighbouring
    pieces get different colours: a greedy colouring of the placements' adjacency graph
    (networkx), so that 25 copies of one piece are not one block of red."""
    names = [p.piece for p in solution.placements]
    if len(set(names)) == len(names):
        colour = colours(p.name for p in solution.tiling.pieces)
        return [colour[n] for n in names], names
    labels = solution.labels()
    import networkx

    lattice = solution.tiling.region.lattice
    owner = {c: k for k, p in enumerate(solution.placements) for c in p.cells}
    graph: networkx.Graph[int] = networkx.Graph()
    graph.add_nodes_from(range(len(names)))
    for cell, k in owner.items():
        for n in lattice.neighbours(cell):
            if owner.get(n, k) != k:
                graph.add_edge(k, owner[n])
    greedy = networkx.greedy_color(graph, strategy="largest_first")
    palette = list(colours(str(i) for i in range(max(greedy.values()) + 1)).values())
    return [palette[greedy[k]] for k in range(len(names))], labels


def svg(solution: Drawable, *, scale: float = 40.0, labels: bool = True,
        min_width: float = MIN_SEGMENT_WIDTH, marked: Iterable[Cell] = ()) -> str:
    """The solution as an SVG document; ``scale``: pixels per unit edge (segments: larger
    where the picture would be narrower than ``min_width`` pixels); ``marked`` cells
    carry a black ring (where two solutions differ, for one)."""
    lattice = solution.tiling.region.lattice.name
    colour = placement_colours(solution)
    region = list(solution.tiling.region.cells)
    if lattice in SEGMENT_LATTICES:
        return _segments_svg(solution, lattice, region, colour, scale, labels, min_width)
    captions: list[tuple[XY, str]] = []
    if lattice == "cubic":
        shapes = _layers(region)
        captions = _layer_captions(region, shapes)
    elif lattice in CELL_LATTICES:
        shapes = {cell: polygon(lattice, cell) for cell in region}
    else:
        raise ValueError(f"no SVG pictures for the {lattice} lattice")
    return _cells_svg(solution, shapes, colour, scale, labels, captions, set(marked))


def side_by_side(documents: Sequence[str], gap: float = 20.0) -> str:
    """SVG documents in one row, ``gap`` pixels apart, as one document.

    >>> from cpuzzler.grids import square
    >>> one = region_svg(square.rectangle(2, 1))
    >>> both = side_by_side([one, one])
    >>> both.count("<svg"), 'width="260"' in both
    (3, True)
    """
    sizes = [(float(m[1]), float(m[2])) for m in
             (re.search(r'width="([\d.]+)" height="([\d.]+)"', d) for d in documents) if m]
    width = sum(w for w, _ in sizes) + gap * (len(sizes) - 1)
    height = max((h for _, h in sizes), default=0.0)
    parts, x = [], 0.0
    for document, (w, _) in zip(documents, sizes, strict=True):
        inner = document.replace("<svg ", f'<svg x="{x:.0f}" ', 1)
        parts.append(inner.split("\n", 1)[1] if inner.startswith("<?xml") else inner)
        x += w + gap
    body = "".join(parts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
            f'height="{height:.0f}" viewBox="0 0 {width:.2f} {height:.2f}">\n{body}</svg>\n')


@dataclass(frozen=True)
class _Board:
    region: Region
    pieces: tuple[PieceShape, ...] = ()


@dataclass(frozen=True)
class _Placed:
    """A piece where it lies, as a drawing needs it (a tiling's ``Placement`` has more)."""

    piece: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class _Drawing:
    """What ``svg`` draws, for a region or a piece on its own: a board and placements."""

    tiling: _Board
    placements: tuple[_Placed, ...] = ()

    def labels(self) -> list[str]:
        return [p.piece for p in self.placements]

    def cells_of(self) -> dict[Cell, str]:
        return {cell: p.piece for p in self.placements for cell in p.cells}


def region_svg(region: Region, *, scale: float = 40.0) -> str:
    """The region on its own: its cells white and outlined (segments: the grey grid).

    >>> from cpuzzler.grids import square
    >>> region_svg(square.rectangle(3, 2)).count("<polygon")
    6
    """
    return svg(_Drawing(_Board(region)), scale=scale)


def piece_svg(piece: PieceShape, *, scale: float = 40.0, among: Iterable[PieceShape] = ()
              ) -> str:
    """A piece on its own, its name on it, in its colour among the pieces ``among`` (as
    in the pictures of their solutions), at ``scale`` whatever its size."""
    board = _Board(Region(piece.lattice, piece.cells), tuple(among) or (piece,))
    drawing = _Drawing(board, (_Placed(piece.name, tuple(sorted(piece.cells))),))
    return svg(drawing, scale=scale, min_width=0)


def coverage_svg(region: Region, shares: Mapping[str, Mapping[Cell, float]], *,
                 scale: float = 20.0) -> str:
    """Where each piece lies across all solutions: one copy of the region per piece
    (named above it), each cell filled in the piece's colour as strongly as the share
    of solutions in which the piece covers it (``shares[piece][cell]``, 0 to 1, as
    ``Tiling.coverage`` gives), full colour at the piece's largest share (in its
    caption); hovering a cell shows its share.

    >>> from cpuzzler.grids import square
    >>> shares = {"A": {(0, 0): 0.25, (1, 0): 0.125}, "B": {}}
    >>> picture = coverage_svg(square.rectangle(2, 1), shares)
    >>> picture.count("<polygon"), 'fill-opacity="0.500"' in picture, "A: darkest 25%" in picture
    (8, True, True)
    """
    lattice = region.lattice.name
    cells = list(region.cells)
    if lattice in SEGMENT_LATTICES:
        lines = {seg: segment(lattice, seg) for seg in cells}
        outline: dict[Cell, list[XY]] = {seg: list(ends) for seg, ends in lines.items()}
    elif lattice == "cubic":
        outline = _layers(cells)
    elif lattice in CELL_LATTICES:
        outline = {cell: polygon(lattice, cell) for cell in cells}
    else:
        raise ValueError(f"no SVG pictures for the {lattice} lattice")
    points = [p for corners in outline.values() for p in corners]
    left, bottom = min(x for x, _ in points), min(y for _, y in points)
    width = max(x for x, _ in points) - left + 1.0
    height = max(y for _, y in points) - bottom + 1.5  # and a line for the name
    columns = _columns(len(shares), width, height)
    fill = colours(shares)
    canvas = _Canvas([(left - 0.5, bottom - 0.5 - height * (-(-len(shares) // columns) - 1)),
                      (left - 0.5 + width * columns, bottom + height - 1.0)], scale)
    for k, (name, share) in enumerate(shares.items()):
        dx, dy = width * (k % columns), -height * (k // columns)

        def moved(p: XY, dx: float = dx, dy: float = dy) -> XY:
            return (p[0] + dx, p[1] + dy)

        top = max(y for _, y in points) + dy
        darkest = max(share.values(), default=0.0)
        caption = f"{name}: darkest {100 * darkest:.0f}%" if darkest else f"{name}: nowhere"
        canvas.label(((2 * left + width - 1.0) / 2 + dx, top + 0.6), caption, 0.5 * scale)
        for cell, corners in outline.items():
            part = min(1.0, share.get(cell, 0.0))
            strength = part / darkest if darkest else 0.0
            tip = f"<title>{escape(name)} {cell}: {100 * part:.1f}% of solutions</title>"
            if lattice in SEGMENT_LATTICES:
                (x1, y1), (x2, y2) = (canvas.xy(moved(p)) for p in corners)
                canvas.parts.append(
                    f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" '
                    f'stroke="#ddd" stroke-width="{0.14 * scale:.1f}"/>')
                canvas.parts.append(
                    f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" '
                    f'stroke="{fill[name]}" stroke-opacity="{strength:.3f}" '
                    f'stroke-width="{0.14 * scale:.1f}" stroke-linecap="round">{tip}</line>')
                continue
            at = " ".join(canvas.at(moved(p)) for p in corners)
            canvas.parts.append(f'<polygon points="{at}" fill="white" stroke="#999" '
                                'stroke-width="0.5"/>')
            canvas.parts.append(f'<polygon points="{at}" fill="{fill[name]}" '
                                f'fill-opacity="{strength:.3f}">{tip}</polygon>')
    return canvas.document()


def _columns(panels: int, width: float, height: float) -> int:
    """How many panels side by side bring the whole picture nearest to 4:3."""
    return min(range(1, max(panels, 1) + 1),
               key=lambda c: abs(c * width / (-(-panels // c) * height) - 4 / 3))


def _layers(region: list[Cell]) -> dict[Cell, list[XY]]:
    """Cubes as squares, each layer z shifted right of the one below it."""
    xs = [c[0] for c in region]
    shift = max(xs) - min(xs) + 1 + LAYER_GAP
    return {c: polygon("square", (c[0] + shift * c[2], c[1])) for c in region}


def _layer_captions(region: list[Cell], shapes: dict[Cell, list[XY]]
                    ) -> list[tuple[XY, str]]:
    """``z = k`` under the middle of each layer."""
    bottom = min(y for corners in shapes.values() for _, y in corners)
    captions = []
    for z in sorted({c[2] for c in region}):
        xs = [x for c in region if c[2] == z for x, _ in shapes[c]]
        captions.append((((min(xs) + max(xs)) / 2, bottom - 0.45), f"z = {z}"))
    return captions


class _Canvas:
    """Cartesian points (y up) to SVG pixels (y down), and the document around them."""

    def __init__(self, points: list[XY], scale: float):
        self.scale = scale
        self.left = min(x for x, _ in points) - MARGIN
        self.top = max(y for _, y in points) + MARGIN
        self.width = (max(x for x, _ in points) + MARGIN - self.left) * scale
        self.height = (self.top - min(y for _, y in points) + MARGIN) * scale
        self.parts: list[str] = []

    def xy(self, point: XY) -> XY:
        return ((point[0] - self.left) * self.scale, (self.top - point[1]) * self.scale)

    def at(self, point: XY) -> str:
        x, y = self.xy(point)
        return f"{x:.2f},{y:.2f}"

    def line(self, p: XY, q: XY, style: str) -> None:
        (x1, y1), (x2, y2) = self.xy(p), self.xy(q)
        self.parts.append(f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" '
                          f'{style}/>')

    def label(self, point: XY, text: str, size: float, disc: str | None = None) -> None:
        """``text`` centred at ``point``, over a white halo that keeps it readable, or
        in a white disc ringed in the colour ``disc``."""
        x, y = self.xy(point)
        if disc is not None:
            radius = size * max(0.75, 0.32 * len(text) + 0.3)
            self.parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{radius:.1f}" '
                              f'fill="white" stroke="{disc}" stroke-width="{size / 6:.1f}"/>')
        common = (f'x="{x:.2f}" y="{y:.2f}" font-size="{size:.1f}" text-anchor="middle" '
                  'dominant-baseline="central"')
        halo = f'stroke="white" stroke-width="{size / 5:.1f}" stroke-opacity="0.7"'
        self.parts.append(f'<text {common} {halo}>{escape(text)}</text>')
        self.parts.append(f'<text {common}>{escape(text)}</text>')

    def document(self) -> str:
        body = "\n".join(self.parts)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:.0f}" '
                f'height="{self.height:.0f}" viewBox="0 0 {self.width:.2f} '
                f'{self.height:.2f}" font-family="sans-serif">\n{body}\n</svg>\n')


def _key(point: XY) -> tuple[float, float]:
    return (round(point[0], 6), round(point[1], 6))


def _centre(points: list[XY]) -> XY:
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def _cells_svg(solution: Drawable, shapes: dict[Cell, list[XY]],
               colour: tuple[list[str], list[str]], scale: float, labels: bool,
               captions: list[tuple[XY, str]], marked: set[Cell]) -> str:
    fills, titles = colour
    canvas = _Canvas([p for corners in shapes.values() for p in corners]
                     + [point for point, _ in captions], scale)
    for point, text in captions:
        canvas.label(point, text, 0.4 * scale)
    # which placement covers each cell: two copies of a piece side by side are two pieces
    owner = {c: k for k, p in enumerate(solution.placements) for c in p.cells}
    sides: dict[tuple[tuple[float, float], ...], list[int | None]] = {}
    ends: dict[tuple[tuple[float, float], ...], tuple[XY, XY]] = {}
    for cell, corners in shapes.items():
        k = owner.get(cell)
        fill = "white" if k is None else fills[k]
        points = " ".join(canvas.at(p) for p in corners)
        canvas.parts.append(f'<polygon points="{points}" fill="{fill}"/>')
        for p, q in zip(corners, corners[1:] + corners[:1], strict=True):
            key = tuple(sorted((_key(p), _key(q))))
            sides.setdefault(key, []).append(k)
            ends[key] = (p, q)
    for key, names in sides.items():
        inner = len(names) == 2 and names[0] == names[1] and names[0] is not None
        style = ('stroke="#000" stroke-opacity="0.25" stroke-width="1"' if inner else
                 'stroke="#000" stroke-width="3" stroke-linecap="round"')
        canvas.line(*ends[key], style)
    if labels:
        for placement, title in zip(solution.placements, titles, strict=True):
            middle = _centre([_centre(shapes[c]) for c in placement.cells])
            cell = min(placement.cells, key=lambda c: _distance(_centre(shapes[c]), middle))
            canvas.label(_centre(shapes[cell]), title, 0.4 * scale)
    for cell in sorted(marked & shapes.keys()):
        x, y = canvas.xy(_centre(shapes[cell]))
        canvas.parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{0.3 * scale:.1f}" '
                            f'fill="none" stroke="#000" stroke-width="{scale / 12:.1f}"/>')
    return canvas.document()


def _segments_svg(solution: Drawable, lattice: str, region: list[Cell],
                  colour: tuple[list[str], list[str]], scale: float, labels: bool,
                  min_width: float) -> str:
    fills, names = colour
    lines = {seg: segment(lattice, seg) for seg in region}
    points = [p for pair in lines.values() for p in pair]
    extent = max(max(x for x, _ in points) - min(x for x, _ in points), 1.0) + 2 * MARGIN
    canvas = _Canvas(points, max(scale, min_width / extent))
    scale = canvas.scale
    for p, q in lines.values():
        canvas.line(p, q, 'stroke="#bbb" stroke-width="1"')
    for placement, fill in zip(solution.placements, fills, strict=True):
        style = (f'stroke="{fill}" stroke-width="{0.14 * scale:.1f}" '
                 'stroke-linecap="round"')
        for seg in placement.cells:
            canvas.line(*lines[seg], style)
    if labels:
        for placement, name, fill in zip(solution.placements, names, fills, strict=True):
            middles = [_centre(list(lines[s])) for s in placement.cells]
            middle = _centre(middles)
            canvas.label(min(middles, key=lambda m: _distance(m, middle)), name, 0.24 * scale,
                         disc=fill)
    return canvas.document()


def _distance(a: XY, b: XY) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


# A notebook shows a region as a picture: the grids sit below the renderers and import
# none, so the picture is given to the type here (cpuzzler imports this module when it
# is imported under IPython; drawing any picture imports it too).
Region._repr_svg_ = region_svg  # type: ignore[attr-defined]
