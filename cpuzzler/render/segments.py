"""Pictures of polystick, polytrig and polytwig solutions, drawn as the seed FAQ shows
them: piece names written along the grid lines they cover.

>>> owner = {(0, 0, 0): "O", (0, 1, 0): "O", (0, 0, 1): "O", (1, 0, 1): "O"}
>>> print(sticks_picture(owner, list(owner)))
 -O--
O    O
|    |
 -O--
"""

from __future__ import annotations

from cpuzzler.grids.lattice import Cell


def sticks_picture(owner: dict[Cell, str], region: list[Cell]) -> str:
    """Five columns per unit: a point, then ``-N--`` for the horizontal stick to its
    right; between rows of points, a vertical stick's name (its first character over
    the second, or over ``|``)."""
    xs = [x + dx for x, _, z in region for dx in (0, 1 - z)]
    ys = [y + dy for _, y, z in region for dy in (0, z)]
    lines = []
    for y in range(max(ys), min(ys) - 1, -1):
        if y < max(ys):
            names = [owner.get((x, y, 1), " ") for x in range(min(xs), max(xs) + 1)]
            lines.append("    ".join(n[0] for n in names).rstrip())
            lines.append("    ".join((n + "|")[1] if n != " " else " " for n in names).rstrip())
        cells = []
        for x in range(min(xs), max(xs)):
            n = owner.get((x, y, 0))
            cells.append(f"-{n}--"[:4] if n else "    ")
        lines.append((" " + " ".join(cells)).rstrip())
    return "\n".join(lines)


def trigs_picture(owner: dict[Cell, str], region: list[Cell]) -> str:
    """Three lines per row of points, six columns per unit, each row three columns
    right of the one below (the 60 degree slant): ``_NN_`` along a horizontal segment,
    ``/`` and the name along a rising one, ``\\`` and the name along a falling one."""
    x0, y0 = min(c[0] for c in region), min(c[1] for c in region)
    width = max(c[0] for c in region) - x0 + 2
    height = max(c[1] for c in region) - y0 + 1
    out: list[str] = []
    for y in range(height - 1, -1, -1):
        top, middle, bottom = ["   " * y], ["   " * y], ["   " * y + "  "]
        horizontal_before = False
        for x in range(width):
            def name(z: int, x: int = x, y: int = y) -> str | None:
                return owner.get((x + x0, y + y0, z))
            falling, rising, flat = name(2), name(1), name(0)
            top.append(f"{falling:<3}" if falling else "   ")
            middle.append(" \\ " if falling else "   ")
            bottom.append("\\" if falling else "_" if horizontal_before else " ")
            top.append("  /" if rising else "   ")
            middle.append(f"{rising:<3}" if rising else "   ")
            bottom.append("/" if rising else "_" if flat else " ")
            bottom.append(f"_{flat:<3}".replace(" ", "_") if flat else "    ")
            horizontal_before = flat is not None
        out += ["".join(top), "".join(middle), "".join(bottom)]
    return _trim(out)


def twigs_picture(owner: dict[Cell, str], region: list[Cell]) -> str:
    """Four lines per row of points, six columns per unit, each column two lines above
    the one to its left (the 30 degree slant): ``_NN_`` along a horizontal segment, the
    name over ``\\`` up and left, the name over ``/`` down and left."""
    x0, y0 = min(c[0] for c in region), min(c[1] for c in region)
    width = max(c[0] for c in region) - x0 + 1
    height = max(c[1] for c in region) - y0 + 1
    rows = [[""] * width for _ in range(4 * height + 2 * width)]
    for x in range(width):
        for y in range(height):
            base = 4 * y + 2 * x
            flat, up, down = (owner.get((x + x0, y + y0, z)) for z in range(3))
            rows[base + 3][x] = f"{up:<3}   " if up else ""
            rows[base + 2][x] = (" \\" if up else "  ") + (
                f"_{flat:<3}".replace(" ", "_") if flat else "    ")
            rows[base + 1][x] = f" {down:<3}  " if down else ""
            rows[base][x] = "/     " if down else ""
    lines = ["".join(part or "      " for part in row) for row in reversed(rows)]
    return _trim(lines)


def _trim(lines: list[str]) -> str:
    """Drop blank lines at both ends and the indentation all lines share."""
    lines = [line.rstrip() for line in lines]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    indent = min((len(line) - len(line.lstrip()) for line in lines if line), default=0)
    return "\n".join(line[indent:] for line in lines)
