"""Named puzzles with their published counts: what ``cpuzzler solve NAME`` runs.

Each entry is data: a name, what it is, how to build it, and the counts published for
it (up to symmetry and in all), which the tests check.

>>> get("pentominoes-3x20").build().count()
2
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass

from cpuzzler.errors import ExactCoverError
from cpuzzler.grids import cubic, hexagonal, square, sticks, tetrakis, triangular, trigs, twigs
from cpuzzler.models import Sudoku, Tiling, domino_puzzle, dpf, latin_square, pieces, queens
from cpuzzler.models.dominoes import FAASE_GRID_AS_PRINTED, FAASE_GRID_CORRECTED
from cpuzzler.models.nuts import drive_ya_nuts


@dataclass(frozen=True)
class Entry:
    name: str
    description: str
    build: Callable[[], object]
    unique: int | None  # published count up to symmetry (tilings)
    raw: int | None  # published count of all solutions


def _pentominoes(width: int, height: int) -> Callable[[], Tiling]:
    return lambda: Tiling(pieces.pentominoes(), square.rectangle(width, height))


def _block(name: str, x: int, y: int, z: int, copies: int = 1) -> pieces.Piece:
    """An x by y by z block of cubes as a piece, turned by rotations."""
    cells = [(i, j, k) for i in range(x) for j in range(y) for k in range(z)]
    return pieces.make(name, cells, cubic, kind="one-sided").with_copies(copies)


def _solid(*dims: int) -> Callable[[], Tiling]:
    return lambda: Tiling(pieces.solid_pentominoes(), cubic.box(*dims))


# Kadon's "Iamond Hex": a hexagon of side 3 with a tab of three triangles on each side,
# turned a little (6 rotations, no reflection); drawn in the triangular lattice's own
# coordinates (two characters per x: the upward triangle, then the downward one).
# Polyform Puzzler's solid pentomino rings HxDxW (a wall H high, one cube thick, around a
# D x W rectangle) and seed 001's counts (unique, raw); the last three have no solution.
RING_WALLS = {(3, 3, 9): (3, 24), (3, 5, 7): (1, 8), (5, 3, 5): (186, 1488),
              (6, 3, 4): (46, 368), (3, 4, 8): (0, 0), (3, 6, 6): (0, 0), (5, 4, 4): (0, 0)}


def _ring_entry(height: int, depth: int, width: int, unique: int, raw: int) -> Entry:
    return Entry(f"solid-pentominoes-ring-{height}x{depth}x{width}",
                 f"the 12 solid pentominoes as a ring wall {height} high around a "
                 f"{depth}x{width} rectangle" + (" (seed 001: impossible)" if not raw else ""),
                 lambda: Tiling(pieces.solid_pentominoes(),
                                cubic.ring_wall(width, depth, height)), unique, raw)


def _tetrahexes(region: Callable[[], object]) -> Callable[[], Tiling]:
    return lambda: Tiling(pieces.tetrahexes(), region())


def _hexiamonds(region: Callable[[], object]) -> Callable[[], Tiling]:
    return lambda: Tiling(pieces.hexiamonds(), region())


def _bitten_hexagon(bite_centre: tuple[int, int], bite: int = 2) -> Callable[[], object]:
    """The hexagon of side 4 (centre (4, 4)) without a hexagon of side ``bite``."""
    return lambda: triangular.hexagon(4).without(triangular.hexagon(bite, bite_centre).cells)


def _trefoil():
    """Three hexagons of side 2, each sharing a side with the other two."""
    return triangular.hexagon(2, (2, 2)).union(triangular.hexagon(2, (4, 4)).cells
                                               | triangular.hexagon(2, (0, 6)).cells)


def _soma_wall(drawing: str) -> Callable[[], Tiling]:
    return lambda: Tiling(pieces.soma(), cubic.prism(square.from_ascii(drawing).cells, 3))


# Soma walls three cubes thick (their plan drawn): aps's W-wall is Polyform Puzzler's
# Soma_W; its Z-wall is the zigzag (Polyform Puzzler's SomaHighWall, whose 46 counts
# mirror images apart).
W_WALL = """
    X....
    X....
    XXX..
    ..X..
    ..XXX
"""
Z_WALL = """
    X....
    XX...
    .XX..
    ..XX.
    ...XX
"""

SNOWFLAKE = """
    ....XXX.........
    XXXXXXXXX.......
    .XXXXXXXXXXXX...
    ..XXXXXXXXXXXX..
    ..XXXXXXXXXXXX..
    ...XXXXXXXXXXXX.
    .......XXXXXXXXX
    .........XXX....
"""

ENTRIES = [
    Entry("pentominoes-3x20", "the 12 pentominoes in a 3x20 rectangle", _pentominoes(20, 3),
          2, 8),
    Entry("pentominoes-4x15", "the 12 pentominoes in a 4x15 rectangle", _pentominoes(15, 4),
          368, 1472),
    Entry("pentominoes-5x12", "the 12 pentominoes in a 5x12 rectangle", _pentominoes(12, 5),
          1010, 4040),
    Entry("pentominoes-6x10", "the 12 pentominoes in a 6x10 rectangle", _pentominoes(10, 6),
          2339, 9356),
    Entry("pentominoes-3x20-ring", "the 12 pentominoes on a 3x20 ring (the rectangle joined "
          "at its ends)", lambda: Tiling(pieces.pentominoes(), square.cylinder(20, 3)), 2, 160),
    Entry("pentominoes-8x8-hole", "the 12 pentominoes in an 8x8 square without its centre",
          lambda: Tiling(pieces.pentominoes(), square.rectangle(8, 8).without(
              [(3, 3), (3, 4), (4, 3), (4, 4)])), 65, 520),
    Entry("soma", "Piet Hein's 7 Soma pieces in a 3x3x3 cube",
          lambda: Tiling(pieces.soma(), cubic.box(3, 3, 3)), 240, 11520),
    Entry("one-sided-pentominoes-3x30", "the 18 one-sided pentominoes in a 3x30 rectangle",
          lambda: Tiling(pieces.one_sided_pentominoes(), square.rectangle(30, 3)), 46, 184),
    Entry("tetracubes-2x2x8", "the 8 tetracubes in a 2x2x8 box (Polyform Puzzler: 224 up "
          "to rotation, mirror images apart)",
          lambda: Tiling(pieces.tetracubes(), cubic.box(2, 2, 8)), 112, 1792),
    Entry("solid-pentominoes-2x3x10", "the 12 solid pentominoes in a 2x3x10 box (Polyform "
          "Puzzler's puzzle module: 12; its FAQ's list says 10)",
          _solid(2, 3, 10), 12, 96),
    Entry("solid-pentominoes-2x5x6", "the 12 solid pentominoes in a 2x5x6 box",
          _solid(2, 5, 6), 264, 2112),
    Entry("solid-pentominoes-3x4x5", "the 12 solid pentominoes in a 3x4x5 box",
          _solid(3, 4, 5), 3940, 31520),
    *[_ring_entry(*sizes, unique, raw) for sizes, (unique, raw) in RING_WALLS.items()],
    Entry("slothouber-graatsma", "six 1x2x2 blocks and three unit cubes in a 3x3x3 cube",
          lambda: Tiling([_block("B", 2, 2, 1, 6), _block("u", 1, 1, 1, 3)],
                         cubic.box(3, 3, 3)), 1, 8),
    Entry("conway-5x5x5", "Conway's puzzle: thirteen 1x2x4 blocks, a 2x2x2, a 1x2x2 and "
          "three 1x1x3 in a 5x5x5 cube",
          lambda: Tiling([_block("A", 1, 2, 4, 13), _block("B", 2, 2, 2), _block("C", 1, 2, 2),
                          _block("D", 1, 1, 3, 3)], cubic.box(5, 5, 5)), 572, 27456),
    Entry("diabolical-cube", "the Diabolical Cube: six flat pieces of 2 to 7 cubes in a "
          "3x3x3 cube", lambda: Tiling(pieces.diabolical(), cubic.box(3, 3, 3)), 13, 624),
    Entry("bedlam-cube", "the Bedlam cube: 13 pieces in a 4x4x4 cube",
          lambda: Tiling(pieces.bedlam(), cubic.box(4, 4, 4)), 19186, 460464),
    Entry("google-cube", "the Google cube: Soma's V, T, Z and four L in a 3x3x3 cube (pieces "
          "reconstructed from aps's count)",
          lambda: Tiling(pieces.google_cube(), cubic.box(3, 3, 3)), 282, 13536),
    Entry("soma-w-wall", "the 7 Soma pieces as a W-shaped wall 3 deep (aps: impossible)",
          _soma_wall(W_WALL), 0, 0),
    Entry("soma-z-wall", "the 7 Soma pieces as a zigzag wall 3 deep",
          _soma_wall(Z_WALL), 23, 92),
    Entry("tetrahexes-4x7", "the 7 tetrahexes in a 4x7 parallelogram",
          lambda: Tiling(pieces.tetrahexes(), hexagonal.parallelogram(4, 7)), 9, 18),
    Entry("hexiamonds-6x6", "the 12 hexiamonds in a 6x6 parallelogram",
          lambda: Tiling(pieces.hexiamonds(), triangular.parallelogram(6, 6)), 156, 624),
    Entry("hexiamonds-4x9", "the 12 hexiamonds in a 4x9 parallelogram",
          lambda: Tiling(pieces.hexiamonds(), triangular.parallelogram(9, 4)), 74, 148),
    Entry("hexiamonds-snowflake", "the 12 hexiamonds in a snowflake (Kadon's Iamond Hex)",
          lambda: Tiling(pieces.hexiamonds(), triangular.from_ascii(SNOWFLAKE)), 55, 330),
    Entry("hexiamonds-trapezium-4x11", "the 12 hexiamonds in a trapezium 4 high on a base "
          "of 11", _hexiamonds(lambda: triangular.trapezium(11, 4)), 76, 152),
    Entry("hexiamonds-elongated-hexagon-4x10", "the 12 hexiamonds in a 4x10 parallelogram "
          "with its acute corners clipped",
          _hexiamonds(lambda: triangular.elongated_hexagon(10, 4)), 856, 3424),
    Entry("hexiamonds-ring", "the 12 hexiamonds in a hexagon of side 4 with a hole of side "
          "2 one unit off centre", _hexiamonds(_bitten_hexagon((5, 4))), 11, 22),
    Entry("hexiamonds-ring-centred", "the 12 hexiamonds in a hexagon of side 4 with a "
          "centred hole of side 2", _hexiamonds(_bitten_hexagon((4, 4))), 0, 0),
    Entry("hexiamonds-crescent", "the 12 hexiamonds in a hexagon of side 4 with a hexagon "
          "of side 2 bitten from a corner", _hexiamonds(_bitten_hexagon((6, 4))), 87, 174),
    Entry("hexiamonds-crescent-2", "the 12 hexiamonds in a hexagon of side 4 with a "
          "hexagon of side 2 bitten from a side", _hexiamonds(_bitten_hexagon((5, 5))), 2, 4),
    Entry("hexiamonds-coin", "the 12 hexiamonds in a 6x8 elongated hexagon with a "
          "hexagonal hole in the middle",
          _hexiamonds(lambda: triangular.elongated_hexagon(8, 6).without(
              triangular.hexagon(1, (4, 3)).cells)), 304, 1216),
    Entry("hexiamonds-trefoil", "the 12 hexiamonds in three joined hexagons of side 2",
          _hexiamonds(_trefoil), 640, 3840),
    Entry("tetrahexes-3x10-clipped", "the 7 tetrahexes in rows of 9, 10 and 9",
          _tetrahexes(lambda: hexagonal.elongated_hexagon(10, 3)), 2, 8),
    Entry("tetrahexes-coin", "the 7 tetrahexes in rows of 5, 6, 7, 6, 5 without the "
          "middle cell", _tetrahexes(lambda: hexagonal.elongated_hexagon(7, 5).without(
              [(3, 2)])), 4, 16),
    Entry("tetrasticks-5x5", "15 of the 16 tetrasticks (one of H J L N Y left out) on the "
          "grid of a 5x5 square, no two crossing",
          lambda: Tiling(pieces.tetrasticks(), sticks.rectangle(5, 5), optional="HJLNY"),
          1795, 14360),
    Entry("welded-tetrasticks-4x4", "the 10 one-sided welded tetrasticks on the grid of a "
          "4x4 square (seed 001 says 4: up to rotation only)",
          lambda: Tiling(pieces.welded_tetrasticks("one-sided"), sticks.rectangle(4, 4)),
          3, 16),
    Entry("polytrigs-23-hexagon", "the 3 ditrigs and 12 tritrigs on the grid of a hexagon "
          "of side 2, no two crossing",
          lambda: Tiling(pieces.polytrigs(2, 3), trigs.hexagon(2)), 1118, 13416),
    Entry("pentatwigs-triangle", "the 12 pentatwigs on the sides of a triangle of 15 hexagons",
          lambda: Tiling(pieces.polytwigs(5), twigs.from_cells(hexagonal.triangle(5))),
          56, 336),
    Entry("tangram-square", "the seven tans in a square (aps: triangles of a 4x4 grid)",
          lambda: Tiling(pieces.tangram(), tetrakis.square(4)), 1, 8),
    Entry("drive-ya-nuts", "Drive Ya Nuts: seven numbered hexagonal nuts, touching sides "
          "equal (the one solution in its 6 turns)", drive_ya_nuts,
          None, 6),
    Entry("queens-8", "eight queens on a chessboard, no two attacking", lambda: queens(8),
          None, 92),
    Entry("sudoku-4x4", "the empty 4x4 Sudoku grid", lambda: Sudoku.empty(box=2), None, 288),
    Entry("latin-5", "Latin squares of order 5", lambda: latin_square(5), None, 161280),
    Entry("dominoes-faase", "Faase's domino puzzle: 28 dominoes on a 7x8 grid of numbers "
          "(the seed's grid with its 42nd number read as 5)",
          lambda: domino_puzzle(FAASE_GRID_CORRECTED, width=8), None, 20160),
    Entry("dominoes-faase-as-printed", "Faase's domino grid exactly as the seed prints it",
          lambda: domino_puzzle(FAASE_GRID_AS_PRINTED, width=8), None, 0),
    Entry("dpf-domino-2x3", "the seed's DPF example: a restricted domino fitting in 2x3",
          lambda: dpf.parse(dpf.DOMINO_2X3).exact_cover(), None, 1),
    Entry("dpf-cutting-sticks", "the seed's DPF example: cutting sticks of length 4, 5, 6",
          lambda: dpf.parse(dpf.CUTTING_STICKS).exact_cover(), None, 3),
]
CATALOG = {e.name: e for e in ENTRIES}


def get(name: str) -> Entry:
    """The entry called ``name``; an unknown name gets the closest known ones."""
    if name in CATALOG:
        return CATALOG[name]
    close = difflib.get_close_matches(name, CATALOG, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else "; `cpuzzler list` shows them"
    raise ExactCoverError(f"no puzzle or file called {name!r}{hint}")
