"""A gallery: one self-contained HTML page showing a tiling puzzle, its region, its
pieces, what is known of its counts, and its first solutions, every picture an inline
SVG (``render.svg``), for a browser or a web site.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> puzzle = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
>>> html = page(puzzle, "pentominoes-3x20", list(puzzle.solve(2)),
...             facts=[("solutions", "2 up to symmetry")])
>>> html.startswith("<!DOCTYPE html>"), html.count("<svg")  # region, 12 pieces, 2 solutions
(True, 15)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from cpuzzler.render.svg import piece_svg, region_svg, svg

if TYPE_CHECKING:
    from cpuzzler.render.drawable import Board, Drawable

STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
h1 { margin-bottom: 0.2em; }
table { border-collapse: collapse; margin: 1em 0; }
th { text-align: left; padding-right: 1.5em; color: #555; font-weight: normal; }
section { margin-top: 2em; }
.pictures { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-end; }
figure { margin: 0; }
figcaption { text-align: center; color: #555; font-size: 0.9em; }
"""


def _figure(picture: str, caption: str) -> str:
    return f"<figure>{picture}<figcaption>{escape(caption)}</figcaption></figure>"


def page(tiling: Board, title: str, solutions: Sequence[Drawable], *,
         description: str = "", facts: Iterable[tuple[str, str]] = ()) -> str:
    """The HTML page: ``title`` and ``description`` on top, ``facts`` (label, text) as a
    table, then the region, the pieces and ``solutions``, each drawn."""
    rows = "\n".join(f"<tr><th>{escape(label)}</th><td>{escape(text)}</td></tr>"
                     for label, text in facts)
    pieces = "\n".join(_figure(piece_svg(p, scale=24, among=tiling.pieces),
                               p.name + (f" x{p.copies}" if p.copies > 1 else ""))
                       for p in tiling.pieces)
    drawn = "\n".join(_figure(svg(s), f"solution {k}") for k, s in enumerate(solutions, 1))
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{escape(title)}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>{escape(title)}</h1>
<p>{escape(description)}</p>
<table>
{rows}
</table>
<section><h2>Region</h2>
<div class="pictures">{_figure(region_svg(tiling.region), f"{len(tiling.region)} cells")}</div>
</section>
<section><h2>Pieces</h2>
<div class="pictures">
{pieces}
</div>
</section>
<section><h2>Solutions</h2>
<div class="pictures">
{drawn or "<p>none found</p>"}
</div>
</section>
</body>
</html>
"""
