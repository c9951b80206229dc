"""Cylinders and tori: regions whose opposite sides are joined."""

import pytest

from cpuzzler.errors import InputFormatError
from cpuzzler.formats import puzzle_file
from cpuzzler.grids import cubic, square, sticks
from cpuzzler.grids.region import Region
from cpuzzler.models import Tiling, pieces


def test_pentominoes_on_the_3x20_ring():
    # Seed 001: 2 solutions, as for the 3x20 rectangle (the V forces a straight cut).
    ring = Tiling(pieces.pentominoes(), square.cylinder(20, 3))
    assert len(ring.symmetries) == 80  # 20 turns, each with the rectangle's 4 symmetries
    assert ring.count_both() == (2, 160)
    assert ring.count_both(method="dedup") == (2, 160)
    assert ring.count(symmetry="raw", engine="python") == 160
    assert ring.count_both(engine="cpsat", method="lex") == (2, 160)


def test_every_ring_solution_is_a_rectangle_solution_rolled_up():
    rectangle = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
    flat = {frozenset((p.piece, p.cells) for p in s.placements)
            for s in rectangle.solve(symmetry="raw")}
    ring = Tiling(pieces.pentominoes(), square.cylinder(20, 3))
    for solution in ring.solve(symmetry="raw"):
        cuts = [x for x in range(20)
                if not any(_crosses(p.cells, x) for p in solution.placements)]
        assert cuts, "each ring solution has a straight cut"
        x = cuts[0]
        unrolled = frozenset((p.piece, tuple(sorted(((c[0] - x) % 20, c[1]) for c in p.cells)))
                             for p in solution.placements)
        assert unrolled in flat


def _crosses(cells, x):
    """Whether a placement has cells on both sides of the line before column x
    (across the seam when x is 0)."""
    columns = {c[0] for c in cells}
    return (x - 1) % 20 in columns and x in columns


def test_placements_cross_the_seam():
    ring = Tiling(pieces.pentominoes(), square.cylinder(20, 3))
    flat = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
    across = [p for p in ring.placements if {0, 19} <= {c[0] for c in p.cells}]
    assert across and len(ring.placements) == len(flat.placements) + len(across)


def test_torus_and_square_cylinder_symmetries():
    dominoes = [pieces.domino()[0].with_copies(8)]
    assert len(Tiling(dominoes, square.torus(4, 4)).symmetries) == 16 * 8
    # On a square cylinder a quarter turn would swap the joined and the open axes: out.
    assert len(Tiling(dominoes, square.cylinder(4, 4)).symmetries) == 4 * 4
    # A hole leaves the mirror image through it, which the rectangle lacks; two holes
    # half way round each other also leave the half turn and the flip with a half turn.
    assert len(square.cylinder(6, 2).without([(3, 0)]).cell_maps()) == 2
    assert len(square.rectangle(6, 2).without([(3, 0)]).cell_maps()) == 1
    assert len(square.cylinder(6, 2).without([(3, 0), (0, 1)]).cell_maps()) == 4


@pytest.mark.parametrize("width, height, wrap_y", [(4, 2, False), (6, 3, False),
                                                  (4, 4, True), (6, 4, True)])
def test_domino_tilings_of_cylinders_and_tori_by_brute_force(width, height, wrap_y):
    # A plain recursion over the cells as the oracle: the least free cell pairs with
    # one of its free neighbours, the sides joined.
    region = square.torus(width, height) if wrap_y else square.cylinder(width, height)
    puzzle = Tiling([pieces.domino()[0].with_copies(width * height // 2)], region)

    def partners(x, y):
        found = {((x + 1) % width, y), ((x - 1) % width, y)}
        for dy in (1, -1):
            if wrap_y or 0 <= y + dy < height:
                found.add((x, (y + dy) % height))
        return found - {(x, y)}

    def brute(free):
        if not free:
            return 1
        first = min(free)
        return sum(brute(free - {first, other}) for other in partners(*first) if other in free)

    tilings = brute(frozenset(region.cells))
    assert tilings > 0
    assert puzzle.count(symmetry="raw") == tilings == puzzle.count(symmetry="raw",
                                                                      engine="python")


def test_puzzle_file_wraps_a_shape():
    puzzle = puzzle_file.parse('lattice = "square"\n[region]\nrectangle = [20, 3]\n'
                               'wrap = "x"\n[pieces]\nset = "pentominoes"\n')
    assert puzzle.region.wrap == (20, None) and puzzle.count() == 2


@pytest.mark.parametrize("text, problem", [
    ('lattice = "square"\n[region]\nrectangle = [4, 2]\nwrap = "z"\n', "wrap names axes"),
    ('lattice = "sticks"\n[region]\nrectangle = [4, 2]\nwrap = "x"\n', "cell lattices"),
])
def test_bad_wraps_name_the_line(text, problem):
    with pytest.raises(InputFormatError, match=problem) as error:
        puzzle_file.parse(text + '[pieces]\nset = "domino"\n', path="w.toml")
    assert error.value.path == "w.toml" and error.value.line == 4


def test_wrapped_cells_must_lie_in_range():
    with pytest.raises(InputFormatError, match="outside the wrapped range"):
        Region(square.lattice, [(0, 0), (5, 0)], wrap=(4, None))
    with pytest.raises(InputFormatError, match="does not fit"):
        Region(sticks.lattice, [(0, 0, 0)], wrap=(4, None))
    assert Region(cubic.lattice, cubic.box(2, 2, 2).cells, wrap=(2, None, None)).wrap == \
        (2, None, None)


@pytest.mark.parametrize("region", [square.cylinder(6, 3), square.torus(6, 3),
                                    square.cylinder(7, 3).without([(0, 0), (1, 1), (2, 2)])],
                         ids=["cylinder", "torus", "holed cylinder"])
def test_reduction_and_dedup_agree_with_turns_in_the_group(region):
    v = next(p for p in pieces.trominoes() if p.name == "V3")
    puzzle = Tiling([v.with_copies(len(region) // 3)], region)
    unique, raw = puzzle.count_both()
    assert len(puzzle.symmetries) > 1 and raw > 0
    assert puzzle.count_both(method="dedup", engine="python") == (unique, raw)
    assert puzzle.count(symmetry="raw", engine="python") == raw
