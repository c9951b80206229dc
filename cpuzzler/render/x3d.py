"""Polycube solutions as X3D scenes (the ISO 3-D format browsers and viewers such as
view3dscene, X_ITE or Blender open): one slightly shrunk cube per cell, coloured by piece,
so the pieces stay apart; given the moves that take it apart, the scene plays them.

>>> from cpuzzler.grids import cubic
>>> from cpuzzler.models import Tiling, pieces
>>> scene = x3d(Tiling(pieces.soma(), cubic.box(3, 3, 3)).first())
>>> scene.count("<Box"), scene.count("<Material")
(27, 7)
>>> x3d(Tiling(pieces.soma(), cubic.box(3, 3, 3)).first(), [((0,), (0, 0, 5))]).count("ROUTE")
14
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cpuzzler.render.svg import placement_colours

if TYPE_CHECKING:
    from cpuzzler.render.drawable import Drawable

CUBE = 0.94  # edge of each drawn cube; the gaps show where pieces meet


def _rgb(colour: str) -> str:
    return " ".join(f"{int(colour[k:k + 2], 16) / 255:.3f}" for k in (1, 3, 5))


def x3d(solution: Drawable, moves: Sequence[tuple[Sequence[int], Sequence[int]]] = (),
        *, seconds: float = 1.0) -> str:
    """The solution as an X3D document (cells of the cubic lattice only). ``moves``: the
    pieces (numbered as the solution's placements) that slide and by how much, one move
    after another (``assembly.moves_in_order``): the scene plays them, ``seconds`` a
    move, after a pause, and again."""
    lattice = solution.tiling.region.lattice.name
    if lattice != "cubic":
        raise ValueError(f"X3D scenes are for polycubes, not the {lattice} lattice")
    fills, names = placement_colours(solution)  # copies numbered and told apart
    frames = _frames(len(solution.placements), moves)
    cells = [c for p in solution.placements for c in p.cells]
    low = [min(c[k] for c in cells) + min(f[p][k] for f in frames
                                          for p in range(len(solution.placements)))
           for k in range(3)]
    high = [max(c[k] for c in cells) + 1 + max(f[p][k] for f in frames
                                               for p in range(len(solution.placements)))
            for k in range(3)]
    centre = [(lo + hi) / 2 for lo, hi in zip(low, high, strict=True)]
    size = max(hi - lo for lo, hi in zip(low, high, strict=True))
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
        moved = f'<Transform DEF="move{number}">' if moves else ""  # what the scene slides
        lines.append(f'{moved}<Group DEF="piece_{label}_{number}">')
        for x, y, z in placement.cells:
            if appearance in defined:
                look = f'<Appearance USE="{appearance}"/>'
            else:
                defined.add(appearance)
                look = (f'<Appearance DEF="{appearance}"><Material '
                        f'diffuseColor="{_rgb(fill)}"/></Appearance>')
            lines.append(f'<Transform translation="{x + 0.5:g} {y + 0.5:g} {z + 0.5:g}">'
                         f'<Shape>{look}<Box size="{CUBE} {CUBE} {CUBE}"/></Shape></Transform>')
        lines.append("</Group></Transform>" if moves else "</Group>")
    if moves:
        lines += _animation(frames, seconds)
    lines += ["</Scene>", "</X3D>", ""]
    return "\n".join(lines)


def _frames(pieces: int, moves: Sequence[tuple[Sequence[int], Sequence[int]]]
            ) -> list[list[tuple[int, ...]]]:
    """Each piece's shift at the start and after each move."""
    start: list[tuple[int, ...]] = [(0, 0, 0)] * pieces
    frames = [start]
    for moving, shift in moves:
        now = list(frames[-1])
        for p in moving:
            now[p] = tuple(a + b for a, b in zip(now[p], shift, strict=True))
        frames.append(now)
    return frames


def _animation(frames: list[list[tuple[int, ...]]], seconds: float) -> list[str]:
    """A clock, and per piece a path through its shifts (a pause first) routed to it."""
    held = [frames[0], *frames]
    keys = " ".join(f"{k / (len(held) - 1):.4f}" for k in range(len(held)))
    lines = [f'<TimeSensor DEF="clock" cycleInterval="{seconds * (len(held) - 1):g}" '
             'loop="true"/>']
    for p in range(len(frames[0])):
        values = ", ".join(" ".join(f"{v:g}" for v in frame[p]) for frame in held)
        lines += [f'<PositionInterpolator DEF="path{p}" key="{keys}" keyValue="{values}"/>',
                  f'<ROUTE fromNode="clock" fromField="fraction_changed" toNode="path{p}" '
                  'toField="set_fraction"/>',
                  f'<ROUTE fromNode="path{p}" fromField="value_changed" toNode="move{p}" '
                  'toField="set_translation"/>']
    return lines
