"""BurrTools' other grids (issue 74, item 2): triangular prisms, and the rhombic and
tetra-octa grids drawn in sub-cells of cubes. Counts are checked against oracles that
share nothing with cpuzzler's lattices: Euclidean rotations of the prisms' centres, and
sub-cell points turned about a block's centre and moved by the grid's translations, each
with its own exact-cover count. BurrTools' example files are compared in
``benchmarks/burrtools.py`` (the guide has the table)."""

from __future__ import annotations

import math
import random
from itertools import combinations, permutations, product

import pytest

from cpuzzler import catalog
from cpuzzler.assembly import disassemble
from cpuzzler.constraints import Disassembles
from cpuzzler.formats import xmpuzzle
from cpuzzler.grids import prisms, triangular
from cpuzzler.grids.region import Region
from cpuzzler.grids.subcells import rhombic, tetra_octa
from cpuzzler.models import Tiling
from cpuzzler.pieces import Piece

H = math.sqrt(0.75)


def _raw_count(region: set, placements: list[list[frozenset]]) -> int:
    """Covers of ``region`` by one placement of each piece (an oracle's own search)."""
    def go(k: int, free: set) -> int:
        if k == len(placements):
            return int(not free)
        return sum(go(k + 1, free - p) for p in placements[k] if p <= free)
    return go(0, set(region))


# --- prisms ------------------------------------------------------------------------------

def _centre(cell) -> tuple[float, float, float]:
    a, b, z, o = cell
    if o == 0:
        return (a + b / 2 + 0.5, (b + 1 / 3) * H, z)
    return (a + 1 + b / 2, (b + 2 / 3) * H, z)


def _cell_at(point) -> tuple[int, int, int, int]:
    x, y, z = point
    t = y / H
    b = math.floor(t + 1e-9)
    o = int(t - b > 0.5)
    a = x - b / 2 - 0.5 - o / 2
    return (round(a), b, round(z), o)


def _prism_turns():
    """The 12 rotations of a stack of triangles, as maps of Euclidean points."""
    turns = []
    for k in range(6):
        c, s = math.cos(k * math.pi / 3), math.sin(k * math.pi / 3)
        turns.append(lambda p, c=c, s=s: (c * p[0] - s * p[1], s * p[0] + c * p[1], p[2]))
        turns.append(lambda p, c=c, s=s: (c * p[0] + s * p[1], s * p[0] - c * p[1], -p[2]))
    return turns


def _prism_placements(cells, region: set) -> list[frozenset]:
    found = set()
    for turn in _prism_turns():
        image = [_cell_at(turn(_centre(c))) for c in cells]
        for target in region:
            if target[3] != image[0][3]:
                continue
            d = [target[k] - image[0][k] for k in range(3)]
            moved = frozenset((a + d[0], b + d[1], z + d[2], o) for a, b, z, o in image)
            if moved <= region:
                found.add(moved)
    return sorted(found, key=sorted)


def _partition(region: list, parts: int, neighbours, rng: random.Random) -> list[list]:
    """The region cut into connected parts grown at random from random seeds."""
    owner = dict.fromkeys(region)
    seeds = rng.sample(region, parts)
    for k, s in enumerate(seeds):
        owner[s] = k
    while any(v is None for v in owner.values()):
        k = rng.randrange(parts)
        edge = [n for c, v in owner.items() if v == k for n in neighbours(c)
                if n in owner and owner[n] is None]
        if edge:
            owner[rng.choice(edge)] = k
    return [[c for c, v in owner.items() if v == k] for k in range(parts)]


@pytest.mark.parametrize("seed", range(8))
def test_prism_counts_equal_an_oracle_of_euclidean_rotations(seed) -> None:
    rng = random.Random(seed)
    footprint = list(triangular.hexagon(1).cells) if seed % 2 else \
        list(triangular.parallelogram(3, 2).cells)
    region = [(x, y, z, o) for x, y, o in footprint for z in range(2)]
    parts = _partition(region, 4, prisms.lattice.neighbours, rng)
    pieces = [Piece(f"P{k}", prisms.lattice.normalise(p), prisms.lattice, "one-sided")
              for k, p in enumerate(parts)]
    tiling = Tiling(pieces, Region(prisms.lattice, region))
    oracle = _raw_count(set(region), [_prism_placements(p, set(region)) for p in parts])
    assert oracle >= 1
    assert tiling.count(symmetry="raw", engine="dlx") == oracle
    assert tiling.count(symmetry="raw", engine="python") == oracle


def test_one_layer_of_prisms_counts_as_its_polyiamonds() -> None:
    # a stack one layer deep: turning it over maps every assembly to itself, so the
    # counts are the plane's (the hexiamond ring: 11, 22 raw, as published)
    entry = catalog.get("hexiamonds-ring")
    flat = entry.build()
    pieces = [Piece(p.name, tuple((x, y, 0, o) for x, y, o in p.cells), prisms.lattice,
                    "one-sided", p.copies) for p in flat.pieces]
    stack = Tiling(pieces, prisms.stack(flat.region, 1))
    assert stack.count(engine="dlx") == entry.unique == 11
    assert stack.count(engine="memo", symmetry="raw") == entry.raw == 22


def _burr_prisms(cells) -> str:
    """Prisms as a BurrTools voxel box: in row y, x runs along the row's triangles."""
    voxels = {(2 * a + b + o, b, z) for a, b, z, o in cells}
    low = [min(v[k] for v in voxels) for k in range(3)]
    if (low[0] + low[1]) % 2:  # keep each triangle's direction: x + y even points up
        low[0] -= 1
    size = [max(v[k] for v in voxels) - low[k] + 1 for k in range(3)]
    marks = "".join("#" if (x + low[0], y + low[1], z + low[2]) in voxels else "_"
                    for z in range(size[2]) for y in range(size[1]) for x in range(size[0]))
    return f'<voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" type="0">{marks}</voxel>'


def test_a_prism_file_reads_burrtools_rows_of_triangles() -> None:
    hexagon = prisms.stack(triangular.hexagon(1), 1).cells
    rhombus = [(0, 0, 0, 0), (0, 0, 0, 1)]
    data = ('<puzzle version="2"><gridType type="1"/><shapes>' + _burr_prisms(hexagon)
            + _burr_prisms(rhombus) + '</shapes><problems><problem><shapes>'
            '<shape id="1" count="3"/></shapes><result id="0"/></problem></problems>'
            '</puzzle>').encode()
    tiling = xmpuzzle.parse(data)[0].tiling
    assert tiling.region.lattice is prisms.lattice
    assert prisms.lattice.canonical(tiling.region.cells) == prisms.lattice.canonical(hexagon)
    assert (tiling.count(), tiling.count(symmetry="raw")) == (1, 2)  # the hexagon's lozenges


def _frame(channel: set) -> list:
    """Three rows of triangles three layers deep, less the channel (in layer 1)."""
    block = {(a, b, z, o) for a in range(5) for b in (-1, 0, 1) for z in range(3)
             for o in (0, 1)}
    return sorted(block - channel)


def test_a_prism_slides_through_the_triangles_between() -> None:
    piece = [(1, 0, 1, 0)]  # an upward triangle, in the middle layer
    open_row = {(a, 0, 1, o) for a in range(1, 5) for o in (0, 1)}
    plan = disassemble([_frame(open_row), piece], lattice="prisms")
    assert plan is not None and plan.level == "1"
    out = plan.steps[0]
    assert (out.pieces, out.axis, out.direction, out.out) == ((1,), 1, 1, True)
    # the upward triangles of the row free, the downward ones between them not: no way
    # out, though each step's end is free
    ups_only = {(a, 0, 1, 0) for a in range(1, 5)}
    assert disassemble([_frame(ups_only), piece], lattice="prisms") is None


def test_prism_assemblies_that_come_apart() -> None:
    # two layers of the hexagon, by six rhombi: those of a layer each slide out
    region = prisms.stack(triangular.hexagon(1), 2)
    rhombus = Piece("R", ((0, 0, 0, 0), (0, 0, 0, 1)), prisms.lattice, "one-sided", 6)
    tiling = Tiling([rhombus], region)
    raw = tiling.count(symmetry="raw")
    assert raw == 2 * 2  # each layer one of its two lozenge tilings
    assert tiling.count(symmetry="raw", where=[Disassembles()]) == raw


# --- sub-cells ---------------------------------------------------------------------------

def _rhombic_used(f) -> bool:
    folded = sorted(min(v % 5, 4 - v % 5) for v in f)
    return folded == [0, 1, 2]


def _tetra_octa_used(f) -> bool:
    block, sub = [v // 3 for v in f], tuple(v % 3 for v in f)
    if sub == (1, 1, 1):
        return True
    odd = {(0, 0, 0), (2, 2, 0), (0, 2, 2), (2, 0, 2)}
    even = {(2, 0, 0), (0, 2, 0), (2, 2, 2), (0, 0, 2)}
    return sub in (odd if sum(block) % 2 else even)


GRIDS = {  # the grid, its used sub-cells, twice its centre, its translations
    "rhombic": (rhombic, _rhombic_used, 4, lambda t: all(v % 5 == 0 for v in t)),
    "tetra-octa": (tetra_octa, _tetra_octa_used, 5,
                   lambda t: all(v % 3 == 0 for v in t) and sum(v // 3 for v in t) % 2 == 0),
}


def _rotations():
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            even = sum(perm[i] > perm[j] for i in range(3) for j in range(i + 1, 3)) % 2 == 0
            if even == (signs.count(-1) % 2 == 0):
                yield perm, signs


def _subcell_placements(points, region: set, centre: int, moves) -> list[frozenset]:
    found = set()
    for perm, signs in _rotations():
        image = [tuple((signs[i] * (2 * p[perm[i]] - centre) + centre) // 2 for i in range(3))
                 for p in points]
        for target in region:
            t = [target[k] - image[0][k] for k in range(3)]
            if not moves(t):
                continue
            moved = frozenset(tuple(p[k] + t[k] for k in range(3)) for p in image)
            if moved <= region:
                found.add(moved)
    return sorted(found, key=sorted)


@pytest.mark.parametrize("name", GRIDS)
def test_the_grid_turns_its_sub_cells_onto_sub_cells(name) -> None:
    grid, used, _, _ = GRIDS[name]
    points = [f for f in product(range(-6, 6), repeat=3) if used(f)]
    for turn in grid.lattice.cell_maps("free"):
        assert all(used(grid.fine(turn(grid.cell_at(f)))) for f in points)
    assert all(grid.fine(grid.cell_at(f)) == f for f in points)


@pytest.mark.parametrize("name, seed", [(n, s) for n in GRIDS for s in range(4)])
def test_sub_cell_counts_equal_an_oracle_of_turned_points(name, seed) -> None:
    grid, used, centre, moves = GRIDS[name]
    rng = random.Random(seed)
    blocks = [(0, 0, 0), (1, 0, 0)] if name == "rhombic" else \
        [(x, y, 0) for x in range(2) for y in range(2)]
    side = 5 if name == "rhombic" else 3
    region = [f for bx, by, bz in blocks for f in product(
        range(side * bx, side * bx + side), range(side * by, side * by + side),
        range(side * bz, side * bz + side)) if used(f)]
    parts = _partition(region, 4, lambda f: [grid.fine(c) for c in grid.lattice.neighbours(
        grid.cell_at(f))], rng)
    pieces = [Piece(f"P{k}", grid.lattice.normalise(grid.cell_at(f) for f in part),
                    grid.lattice, "one-sided") for k, part in enumerate(parts)]
    tiling = Tiling(pieces, Region(grid.lattice, [grid.cell_at(f) for f in region]))
    oracle = _raw_count(set(region), [_subcell_placements(p, set(region), centre, moves)
                                      for p in parts])
    assert oracle >= 1
    assert tiling.count(symmetry="raw", engine="dlx") == oracle
    assert tiling.count(symmetry="raw", engine="python") == oracle


def _burr_points(points) -> str:
    """Fine points as a BurrTools voxel box from the origin (the sub-cells' places kept)."""
    size = [max(p[k] for p in points) + 1 for k in range(3)]
    marks = "".join("#" if (x, y, z) in points else "_" for z in range(size[2])
                    for y in range(size[1]) for x in range(size[0]))
    return f'<voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" type="0">{marks}</voxel>'


@pytest.mark.parametrize("name, kind", [("rhombic", 3), ("tetra-octa", 4)])
def test_a_sub_cell_file_counts_as_the_oracle(name, kind) -> None:
    grid, used, centre, moves = GRIDS[name]
    side = 5 if name == "rhombic" else 3
    region = {f for f in product(range(2 * side), range(side), range(side)) if used(f)}
    rng = random.Random(kind)
    parts = _partition(sorted(region), 3, lambda f: [
        grid.fine(c) for c in grid.lattice.neighbours(grid.cell_at(f))], rng)
    shapes = [_burr_points(region)] + [_burr_points(set(p)) for p in parts]
    listed = "".join(f'<shape id="{k}" count="1"/>' for k in range(1, len(shapes)))
    data = (f'<puzzle version="2"><gridType type="{kind}"/><shapes>{"".join(shapes)}'
            f'</shapes><problems><problem><shapes>{listed}</shapes><result id="0"/>'
            '</problem></problems></puzzle>').encode()
    tiling = xmpuzzle.parse(data)[0].tiling
    assert tiling.region.lattice is grid.lattice
    oracle = _raw_count(region, [_subcell_placements(p, region, centre, moves) for p in parts])
    assert tiling.count(symmetry="raw") == oracle >= 1


# --- spheres -----------------------------------------------------------------------------

FCC_NEAR = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1)
            if abs(a) + abs(b) + abs(c) == 2]


def _congruent_copies(piece: list, points: list) -> set:
    """Every set of ``points`` that a rotation (no mirror) and a shift make of the piece,
    by distances and handedness alone (an oracle of its own: no turn is listed)."""
    def d2(a, b):
        return sum((x - y) ** 2 for x, y in zip(a, b, strict=True))

    def hand(p, a, b, c, d):
        u, v, w = ([q - r for q, r in zip(p[k], p[a], strict=True)] for k in (b, c, d))
        det = (u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0])
               + u[2] * (v[0] * w[1] - v[1] * w[0]))
        return (det > 0) - (det < 0)

    k = len(piece)
    found = set()

    def grow(chosen: list) -> None:
        if len(chosen) == k:
            if all(hand(chosen, *four) == hand(piece, *four)
                   for four in combinations(range(k), 4)):
                found.add(frozenset(chosen))
            return
        i = len(chosen)
        for p in points:
            if all(d2(p, chosen[j]) == d2(piece[i], piece[j]) for j in range(i)):
                grow([*chosen, p])

    for start in points:
        grow([start])
    return found


@pytest.mark.parametrize("seed", range(4))
def test_sphere_counts_equal_an_oracle_of_congruent_copies(seed) -> None:
    # a triangle of spheres in a (111) layer: pieces in it turn by sixths of a turn
    # about the layer's normal, which no symmetry of the packing does
    from cpuzzler.grids import spheres

    region = [(a + b, -a, -b) for a in range(4) for b in range(4 - a)]  # x + y + z = 0
    rng = random.Random(seed)
    parts = _partition(region, 3, lambda c: [tuple(a + b for a, b in zip(c, n, strict=True))
                                            for n in FCC_NEAR], rng)
    pieces = [Piece(f"P{k}", spheres.lattice.normalise(p), spheres.lattice, "one-sided")
              for k, p in enumerate(parts)]
    tiling = Tiling(pieces, Region(spheres.lattice, region))
    oracle = _raw_count(set(region), [sorted(_congruent_copies(p, region), key=sorted)
                                      for p in parts])
    assert oracle >= 1
    assert tiling.count(symmetry="raw", engine="dlx") == oracle
    assert tiling.count(symmetry="raw", engine="python") == oracle


def test_a_piece_of_spheres_turns_onto_every_congruent_copy() -> None:
    from cpuzzler.grids import spheres

    points = [p for p in product(range(-3, 4), repeat=3) if sum(p) % 2 == 0]
    rng = random.Random(3)
    for _ in range(12):
        piece = [(0, 0, 0)]
        while len(piece) < rng.randint(3, 4):
            cell = tuple(a + b for a, b in zip(rng.choice(piece), rng.choice(FCC_NEAR),
                                               strict=True))
            if cell not in piece:
                piece.append(cell)
        copies = {spheres.lattice.normalise(c) for c in _congruent_copies(piece, points)}
        assert set(spheres.lattice.orientations(piece, "one-sided")) == copies


def test_a_sphere_file_counts_as_the_oracle() -> None:
    region = [(a + b, 3 - a, 3 - b) for a in range(4) for b in range(4 - a)]  # a (111) layer
    parts = _partition(region, 3, lambda c: [tuple(a + b for a, b in zip(c, n, strict=True))
                                            for n in FCC_NEAR], random.Random(1))
    shapes = [_burr_points(set(region))] + [_burr_points(set(p)) for p in parts]
    listed = "".join(f'<shape id="{k}" count="1"/>' for k in range(1, len(shapes)))
    data = (f'<puzzle version="2"><gridType type="2"/><shapes>{"".join(shapes)}'
            f'</shapes><problems><problem><shapes>{listed}</shapes><result id="0"/>'
            '</problem></problems></puzzle>').encode()
    tiling = xmpuzzle.parse(data)[0].tiling
    oracle = _raw_count(set(region), [sorted(_congruent_copies(p, region), key=sorted)
                                      for p in parts])
    assert tiling.count(symmetry="raw") == oracle == 6  # 3 with the cube's turns alone
