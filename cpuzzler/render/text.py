"""Solutions as text: the seed's solution records (coordinate lines, then a picture).

Pictures: squares as a letter grid (top row highest y), cubes as such grids for each
layer side by side (z = 0 leftmost), hexagons and triangles as letters on a skewed grid,
polysticks, polytrigs and polytwigs as names along the grid lines (``render.segments``).

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> print(Tiling(pieces.pentominoes(), square.rectangle(20, 3)).first().render())
U U X P P P L L L L F T T T W W Z V V V
U X X X P P L N N F F F T W W Y Z Z Z V
U U X I I I I I N N N F T W Y Y Y Y Z V
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cpuzzler.errors import InputFormatError
from cpuzzler.grids.lattice import Cell

if TYPE_CHECKING:
    from cpuzzler.models.tiling import TilingSolution

LAYER_GAP = "    "


def _grid(cells: dict[tuple[int, int], str], columns: range, rows: range) -> list[str]:
    width = max((len(v) for v in cells.values()), default=1)
    lines = []
    for y in reversed(rows):
        lines.append(" ".join(cells.get((x, y), "").ljust(width) for x in columns))
    return lines


def picture(solution: TilingSolution) -> str:
    """The picture of a solution, in the style of its lattice."""
    owner = solution.cells_of()
    name = solution.tiling.region.lattice.name
    region = list(solution.tiling.region.cells)
    if name == "square":
        return _square(owner, region)
    if name == "cubic":
        return _cubic(owner, region)
    if name == "tetrakis":
        return _tetrakis(owner, region)
    if name in ("sticks", "trigs", "twigs"):
        from cpuzzler.render import segments

        return getattr(segments, f"{name}_picture")(owner, region)
    if name == "hexagonal":
        return _skewed(owner, {c: (2 * c[1] + c[0], c[0]) for c in region}, spacing=1)
    return _skewed(owner, {c: (c[1], 2 * c[0] + c[2] + c[1]) for c in region}, spacing=0)


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


def _skewed(owner: dict[Cell, str], place: dict[Cell, tuple[int, int]], spacing: int) -> str:
    rows = [r for r, _ in place.values()]
    cols = [c for _, c in place.values()]
    width = max(len(v) for v in owner.values()) if owner else 1
    step = width + spacing
    width_chars = (max(cols) - min(cols) + 1) * step
    canvas = [[" "] * width_chars for _ in range(max(rows) - min(rows) + 1)]
    for cell, (r, c) in place.items():
        text = owner.get(cell, ".").ljust(width)
        row = canvas[max(rows) - r]
        start = (c - min(cols)) * step
        row[start:start + width] = text
    return "\n".join("".join(row).rstrip() for row in canvas)


def record(solution: TilingSolution) -> str:
    """Coordinate lines (one piece a line, cells sorted, name last), a blank, the picture."""
    lines = [" ".join(",".join(map(str, c)) for c in p.cells) + f" {p.piece}"
             for p in solution.placements]
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
