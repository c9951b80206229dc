"""Grids of digits (Sudoku) as SVG: thin lines between cells, thick ones round the boxes,
each value written in its cell; ``marked`` cells shaded (where two grids differ).

>>> picture = grid_svg([[1, 2], [2, 0]], 1, 2, marked=[(1, 1)])
>>> picture.startswith("<svg"), picture.count("<text"), picture.count('fill="#ffd27f"')
(True, 3, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SHADE = "#ffd27f"


def grid_svg(grid: Sequence[Sequence[int]], box_rows: int, box_cols: int, *,
             marked: Iterable[tuple[int, int]] = (), scale: float = 40.0) -> str:
    """The grid (0 for a blank cell) as an SVG document; ``marked``: (row, column)
    cells to shade."""
    n = len(grid)
    margin = scale / 4
    side = n * scale + 2 * margin
    parts = []
    for r, c in sorted(set(marked)):
        parts.append(f'<rect x="{margin + c * scale:.1f}" y="{margin + r * scale:.1f}" '
                     f'width="{scale:.1f}" height="{scale:.1f}" fill="{SHADE}"/>')
    for k in range(n + 1):
        at = margin + k * scale
        for step, thick in ((box_cols, "x"), (box_rows, "y")):
            width = 3 if k % step == 0 else 1
            if thick == "x":
                parts.append(f'<line x1="{at:.1f}" y1="{margin:.1f}" x2="{at:.1f}" '
                             f'y2="{side - margin:.1f}" stroke="#000" stroke-width="{width}"/>')
            else:
                parts.append(f'<line x1="{margin:.1f}" y1="{at:.1f}" x2="{side - margin:.1f}" '
                             f'y2="{at:.1f}" stroke="#000" stroke-width="{width}"/>')
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value:
                x, y = margin + (c + 0.5) * scale, margin + (r + 0.5) * scale
                parts.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{0.6 * scale:.1f}" '
                             'text-anchor="middle" dominant-baseline="central">'
                             f'{SYMBOLS[value - 1]}</text>')
    body = "\n".join(parts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{side:.0f}" height="{side:.0f}" '
            f'viewBox="0 0 {side:.2f} {side:.2f}" font-family="sans-serif">\n{body}\n</svg>\n')
