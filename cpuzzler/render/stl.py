"""Polycube pieces as STL meshes, to print in 3-D: each piece of a solution one closed
solid, its cubes ``unit`` long (millimetres, as slicers read STL) and its outside faces
set in by half of ``gap``, so that printed pieces slide together with that much room.

Each cube is a box reaching to the cube beside it where that cube is of the same piece
and stopping ``gap / 2`` short of its face elsewhere; the boxes are joined into one
watertight solid by manifold3d and written by trimesh (both from the package registry,
the optional ``stl`` extra).

>>> from cpuzzler.grids import cubic
>>> from cpuzzler.models import Tiling, pieces
>>> solids = piece_solids(Tiling(pieces.soma(), cubic.box(3, 3, 3)).first(), unit=10, gap=0)
>>> sorted(solids)[:3], round(sum(s.volume for s in solids.values()))
(['A', 'B', 'L'], 27000)
>>> all(s.is_watertight for s in solids.values())
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import trimesh

    from cpuzzler.render.drawable import Drawable

def libraries() -> tuple[Any, Any]:
    """manifold3d and trimesh, or a ValueError saying how to install them."""
    try:
        import manifold3d
        import trimesh
    except ImportError:
        raise ValueError("STL needs trimesh and manifold3d: pip install 'cpuzzler[stl]'"
                         ) from None
    return manifold3d, trimesh


def piece_solids(solution: Drawable, *, unit: float = 10.0, gap: float = 0.2
                 ) -> dict[str, trimesh.Trimesh]:
    """Each placed piece's solid, by its label (copies numbered), where it lies."""
    lattice = solution.tiling.region.lattice.name
    if lattice != "cubic":
        raise ValueError(f"STL solids are for polycubes, not the {lattice} lattice")
    if not unit > 0 or not 0 <= gap < unit:
        raise ValueError(f"a unit above 0 and a gap from 0 to below it, not {unit} and {gap}")
    manifold3d, trimesh = libraries()
    inset = gap / 2
    solids = {}
    for placement, label in zip(solution.placements, solution.labels(), strict=True):
        own = set(placement.cells)
        boxes = []
        for x, y, z in own:
            low, high = [], []
            for axis, corner in enumerate((x, y, z)):
                ahead = tuple(c + (d == axis) for d, c in enumerate((x, y, z)))
                behind = tuple(c - (d == axis) for d, c in enumerate((x, y, z)))
                low.append(corner * unit + (0 if behind in own else inset))
                high.append((corner + 1) * unit - (0 if ahead in own else inset))
            size = [h - lo for lo, h in zip(low, high, strict=True)]
            boxes.append(manifold3d.Manifold.cube(size).translate(low))
        mesh = manifold3d.Manifold.batch_boolean(boxes, manifold3d.OpType.Add).to_mesh()
        solids[label] = trimesh.Trimesh(vertices=mesh.vert_properties[:, :3],
                                        faces=mesh.tri_verts)
    return solids


def stl_files(solution: Drawable, stem: str, *, unit: float = 10.0, gap: float = 0.2
              ) -> list[str]:
    """Write each piece's solid to ``STEM-LABEL.stl`` (binary STL); the paths written."""
    written = []
    for label, solid in piece_solids(solution, unit=unit, gap=gap).items():
        path = f"{stem}-{re.sub(r'[^A-Za-z0-9_.+-]', '_', label)}.stl"
        solid.export(path, file_type="stl")
        written.append(path)
    return written
