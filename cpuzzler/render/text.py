"""Solutions as text: the seed's solution records (coordinate lines, then a picture).

Pictures: squares as a letter grid (top row highest y), cubes as such grids for each
layer side by side (z = 0 leftmost), and so spheres and the sub-cells of the rhombic
and tetra-octa grids; prisms as each layer's triangles, and hexagons and triangles, as the FAQ's
outline drawings (the pieces' names are in the coordinate lines); polysticks, polytrigs
and polytwigs as names along the grid lines (``render.segments``).

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> print(Tiling(pieces.pentominoes(), square.rectangle(20, 3)).first().render())
V L L L L F T T T W W Z I I I I I X U U
V L N N F F F T W W Y Z Z Z P P X X X U
V V V N N N F T W Y Y Y Y Z P P P X U U
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cpuzzler.errors import InputFormatError
from cpuzzler.grids.lattice import Cell
from cpuzzler.grids.subcells import rhombic, tetra_octa

if TYPE_CHECKING:
    from cpuzzler.render.drawable import Drawable

LAYER_GAP = "    "
SUBCELL_GRIDS = {g.lattice.name: g for g in (rhombic, tetra_octa)}


def _grid(cells: dict[Cell, str], columns: range, rows: range) -> list[str]:
    width = max((len(v) for v in cells.values()), default=1)
    lines = []
    for y in reversed(rows):
        lines.append(" ".join(cells.get((x, y), "").ljust(width) for x in columns))
    return lines


def picture(solution: Drawable) -> str:
    """The picture of a solution, in the style of its lattice."""
    owner = solution.cells_of()
    name = solution.tiling.region.lattice.name
    region = list(solution.tiling.region.cells)
    if name == "square":
        return _square(owner, region)
    if name in ("cubic", "spheres"):
        return _cubic(owner, region)
    if name == "prisms":
        return _prisms(owner, region)
    if name in SUBCELL_GRIDS:
        fine = SUBCELL_GRIDS[name].fine
        return _cubic({fine(c): v for c, v in owner.items()}, [fine(c) for c in region])
    if name == "tetrakis":
        return _tetrakis(owner, region)
    if name in ("sticks", "trigs", "twigs"):
        from cpuzzler.render import segments

        picture: str = getattr(segments, f"{name}_picture")(owner, region)
        return picture
    if name == "hexagonal":
        return _hexagons(owner, region)
    return _triangles(owner, region)


def _square(owner: dict[Cell, str], region: list[Cell]) -> str:
    xs, ys = [c[0] for c in region], [c[1] for c in region]
    lines = _grid(dict(owner), range(min(xs), max(xs) + 1), range(min(ys), max(ys) + 1))
    return "\n".join(line.rstrip() for line in lines)


def _cubic(owner: dict[Cell, str], region: list[Cell]) -> str:
    xs, ys, zs = ([c[k] for c in region] for k in range(3))
    columns, rows = range(min(xs), max(xs) + 1), range(min(ys), max(ys) + 1)
    layers = [_grid({(x, y): v for (x, y, z), v in owner.items() if z == layer}, columns, rows)
              for layer in range(min(zs), max(zs) + 1)]
    return "\n".join(LAYER_GAP.join(parts).rstrip() for parts in zip(*layers, strict=True))


def _prisms(owner: dict[Cell, str], region: list[Cell]) -> str:
    """Each layer of prisms as its triangles' outline drawing, the lowest layer first."""
    drawings = []
    for z in sorted({c[2] for c in region}):
        triangles: dict[Cell, str] = {(x, y, o): v for (x, y, layer, o), v in owner.items()
                                      if layer == z}
        drawings.append(f"layer {z}:\n" + _triangles(
            triangles, [(x, y, o) for x, y, layer, o in region if layer == z]))
    return "\n".join(drawings)


def _tetrakis(owner: dict[Cell, str], region: list[Cell]) -> str:
    """Each unit square as three lines: its top triangle's piece, then left and right,
    then bottom (``.`` where no piece is)."""
    xs, ys = [c[0] for c in region], [c[1] for c in region]
    lines = []
    for y in range(max(ys), min(ys) - 1, -1):
        def at(x: int, k: int, y: int = y) -> str:
            name = owner.get((x, y, k))
            return name[0] if name else "."
        columns = range(min(xs), max(xs) + 1)
        lines.append(" ".join(f" {at(x, 2)} " for x in columns).rstrip())
        lines.append(" ".join(f"{at(x, 3)} {at(x, 1)}" for x in columns).rstrip())
        lines.append(" ".join(f" {at(x, 0)} " for x in columns).rstrip())
    return "\n".join(lines)


def _hexagons(owner: dict[Cell, str], region: list[Cell]) -> str:
    """The FAQ's outline drawing: y up, x sloping up to the right, each hexagon
    `` __ `` / ``/  \\`` / ``\\__/``, lines only where two pieces (or a piece and the
    outside) meet."""
    rows = {c: -2 * c[1] - c[0] for c in region}  # the row of each hexagon's top edge
    top, left = min(rows.values()), min(3 * c[0] for c in region)
    canvas = [[" "] * (3 * (max(c[0] for c in region) + 1) - left + 1)
              for _ in range(max(rows.values()) - top + 3)]
    # neighbour offset -> (row, columns, character) relative to the hexagon's corner
    edges = {(0, 1): (0, (1, 2), "_"), (0, -1): (2, (1, 2), "_"), (-1, 1): (1, (0,), "/"),
             (-1, 0): (2, (0,), "\\"), (1, 0): (1, (3,), "\\"), (1, -1): (2, (3,), "/")}
    for (x, y) in region:
        r, c = rows[(x, y)] - top, 3 * x - left
        for (dx, dy), (dr, columns, char) in edges.items():
            if owner.get((x + dx, y + dy)) != owner.get((x, y)):
                for dc in columns:
                    canvas[r + dr][c + dc] = char
    lines = ["".join(row).rstrip() for row in canvas]
    return "\n".join(line for line in lines if line)


def _triangles(owner: dict[Cell, str], region: list[Cell]) -> str:
    """The FAQ's outline drawing: x to the right, y sloping right, two lines a row; an
    upward triangle ``/\\`` over ``/__\\``, lines only where two pieces (or a piece and
    the outside) meet; a base runs on as ``_`` where no side is drawn."""
    xs, ys = [c[0] for c in region], [c[1] for c in region]
    top, left = max(ys), min(4 * c[0] + 2 * c[1] for c in region)
    width = max(4 * c[0] + 2 * c[1] for c in region) - left + 8
    canvas = [[" "] * width for _ in range(2 * (top - min(ys)) + 3)]
    for y in range(min(ys), top + 2):
        lower = 2 * (top - y) + 2  # the line with the row's bases
        for x in range(min(xs) - 1, max(xs) + 2):
            a = 4 * x + 2 * y - left
            if a < 0:
                continue
            own = owner.get((x, y, 0))
            base = own != owner.get((x, y - 1, 1))
            for side, (upper, low, char) in ((owner.get((x - 1, y, 1)), (1, 0, "/")),
                                             (owner.get((x, y, 1)), (2, 3, "\\"))):
                if own != side:
                    canvas[lower][a + low] = char
                    if lower > 0:
                        canvas[lower - 1][a + upper] = char
                elif base:
                    canvas[lower][a + low] = "_"
            if base:
                canvas[lower][a + 1] = canvas[lower][a + 2] = "_"
    lines = ["".join(row).rstrip() for row in canvas]
    return "\n".join(line for line in lines if line)


def record(solution: Drawable) -> str:
    """Coordinate lines (one piece a line, cells sorted, name last), a blank, the picture."""
    lines = [" ".join(",".join(map(str, c)) for c in p.cells) + f" {label}"
             for p, label in zip(solution.placements, solution.labels(), strict=True)]
    return "\n".join(lines) + "\n\n" + picture(solution) + "\n"


def parse_record(text: str, *, path: str = "<string>") -> list[tuple[str, tuple[Cell, ...]]]:
    """The placements of a solution record: its coordinate lines, up to the first blank
    line (a ``solution N:`` header first is skipped; ``! NAME`` marks an omitted piece and
    gives no placement; intersections ``x,yi`` are skipped)."""
    placements = []
    started = False
    for number, line in enumerate(text.split("\n"), start=1):
        words = line.split()
        if not words:
            if started:
                break
            continue
        if not started and words[0] == "solution":
            continue
        started = True
        if words[0] == "!":
            continue
        *coordinates, name = words
        # Old Polyform Puzzler records list polystick intersections as "x,yi": skip.
        coordinates = [w for w in coordinates if not w.endswith("i")]
        if not coordinates:
            raise InputFormatError(f"piece {name!r} has no coordinates", path=path, line=number)
        cells = []
        for word in coordinates:
            try:
                cells.append(tuple(int(v) for v in word.split(",")))
            except ValueError:
                column = line.index(word) + 1
                raise InputFormatError(f"{word!r} is not a coordinate like 1,2", path=path,
                                       line=number, column=column) from None
        placements.append((name, tuple(sorted(cells))))
    return placements
