"""Polycube solutions as X3D scenes (the ISO 3-D format browsers and viewers such as
view3dscene, X_ITE or Blender open): one slightly shrunk cube per cell, coloured by piece,
so the pieces stay apart.

>>> from cpuzzler.grids import cubic
>>> from cpuzzler.models import Tiling, pieces
>>> scene = x3d(Tiling(pieces.soma(), cubic.box(3, 3, 3)).first())
>>> scene.count("<Box"), scene.count("<Material")
(27, 7)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cpuzzler.render.svg import placement_colours

if TYPE_CHECKING:
    from cpuzzler.render.drawable import Drawable

CUBE = 0.94  # edge of each drawn cube; the gaps show where pieces meet


def _rgb(colour: str) -> str:
    return " ".join(f"{int(colour[k:k + 2], 16) / 255:.3f}" for k in (1, 3, 5))


def x3d(solution: Drawable) -> str:
    """The solution as an X3D document (cells of the cubic lattice only)."""
    lattice = solution.tiling.region.lattice.name
    if lattice != "cubic":
        raise ValueError(f"X3D scenes are for polycubes, not the {lattice} lattice")
    fills, names = placement_colours(solution)  # copies numbered and told apart
    cells = [c for p in solution.placements for c in p.cells]
    centre = [(min(c[k] for c in cells) + max(c[k] for c in cells) + 1) / 2 for k in range(3)]
    size = max(max(c[k] for c in cells) - min(c[k] for c in cells) + 1 for k in range(3))
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<X3D profile="Interchange" version="3.3">', "<Scene>",
             f'<Viewpoint description="front" position="{centre[0]:g} {centre[1]:g} '
             f'{centre[2] + 2.5 * size:g}" centerOfRotation="{centre[0]:g} {centre[1]:g} '
             f'{centre[2]:g}"/>']
    defined: set[str] = set()
    shades = list(dict.fromkeys(fills))
    for number, (placement, name, fill) in enumerate(
            zip(solution.placements, names, fills, strict=True)):
        appearance = f"colour{shades.index(fill)}"
        label = re.sub(r"[^A-Za-z0-9_]", "_", name)
        lines.append(f'<Group DEF="piece_{label}_{number}">')
        for x, y, z in placement.cells:
            if appearance in defined:
                look = f'<Appearance USE="{appearance}"/>'
            else:
                defined.add(appearance)
                look = (f'<Appearance DEF="{appearance}"><Material '
                        f'diffuseColor="{_rgb(fill)}"/></Appearance>')
            lines.append(f'<Transform translation="{x + 0.5:g} {y + 0.5:g} {z + 0.5:g}">'
                         f'<Shape>{look}<Box size="{CUBE} {CUBE} {CUBE}"/></Shape></Transform>')
        lines.append("</Group>")
    lines += ["</Scene>", "</X3D>", ""]
    return "\n".join(lines)
