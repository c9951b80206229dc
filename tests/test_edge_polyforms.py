"""Polysticks, polytrigs and polytwigs: lattices, pieces, crossings and published counts."""

import pytest

from cpuzzler import InputFormatError
from cpuzzler.errors import ExactCoverError
from cpuzzler.formats import puzzle_file
from cpuzzler.grids import hexagonal, square, sticks, triangular, trigs, twigs
from cpuzzler.grids.edges import crossings
from cpuzzler.grids.region import Region
from cpuzzler.models import Tiling, pieces
from cpuzzler.render.text import parse_record

EDGE_GRIDS = [sticks, trigs, twigs]

# OEIS A019988 / A151537 (polysticks), A159867 / A151539 (polytrigs), A258206 / A255011
# (polytwigs): free and one-sided counts from order 1, as the Polyform Puzzler FAQ tabulates them
# (question 2.2).
OEIS = {
    "sticks": ([1, 2, 5, 16, 55, 222, 950], [1, 2, 7, 25, 99, 416, 1854]),
    "trigs": ([1, 3, 12, 60, 375, 2613], [1, 3, 19, 104, 719, 5123]),
    "twigs": ([1, 1, 3, 4, 12, 27, 78], [1, 1, 4, 6, 19, 49, 143]),
}
FAST_ORDER = {"sticks": 6, "trigs": 5, "twigs": 7}


@pytest.mark.parametrize("grid", EDGE_GRIDS, ids=lambda g: g.lattice.name)
def test_segments_turn_into_segments_and_keep_their_neighbours(grid):
    lattice = grid.lattice
    assert len(lattice.group) == (8 if grid is sticks else 12)
    segments = [(x, y, z) for x in range(-2, 3) for y in range(-2, 3)
                for z in range(len(lattice.offsets))]
    assert all(lattice.from_vector(lattice.to_vector(s)) == s for s in segments)
    for f in lattice.cell_maps("free"):
        for s in segments:
            assert sorted(map(f, lattice.neighbours(s))) == sorted(lattice.neighbours(f(s)))
            assert len(set(lattice.ends(s))) == 2


@pytest.mark.parametrize("grid", EDGE_GRIDS, ids=lambda g: g.lattice.name)
def test_generated_edge_polyforms_match_oeis(grid):
    free, one_sided = OEIS[grid.lattice.name]
    top = FAST_ORDER[grid.lattice.name]
    assert [len(pieces.polyforms(grid, n)) for n in range(1, top + 1)] == free[:top]
    assert [len(pieces.polyforms(grid, n, "one-sided")) for n in range(1, top + 1)] \
        == one_sided[:top]


@pytest.mark.slow
def test_larger_edge_polyforms_match_oeis():
    assert len(pieces.polyforms(sticks, 7)) == 950
    assert len(pieces.polyforms(sticks, 7, "one-sided")) == 1854
    assert len(pieces.polyforms(trigs, 6)) == 2613
    assert len(pieces.polyforms(trigs, 6, "one-sided")) == 5123


def test_named_polysticks():
    tetrasticks = pieces.tetrasticks()
    assert "".join(p.name for p in tetrasticks) == "FHIJLNOPRTUVWXYZ"
    canonical = {sticks.lattice.canonical(p.cells) for p in tetrasticks}
    assert canonical == {p.cells for p in pieces.polyforms(sticks, 4)}
    nexos = pieces.polysticks_1234()
    assert len(nexos) == 24
    assert len({sticks.lattice.canonical(p.cells) for p in nexos}) == 24
    assert [p.name for p in pieces.welded_tetrasticks()] == list("FHRTXY")
    assert [p.name for p in pieces.welded_tetrasticks("one-sided")] == list("FHRTXYfhry")


@pytest.mark.parametrize(("grid", "named", "top"), [(trigs, pieces.polytrigs, 3),
                                                    (twigs, pieces.polytwigs, 5)])
def test_named_polytrigs_and_polytwigs_are_each_order_once(grid, named, top):
    for order in range(1, top + 1):
        shapes = [grid.lattice.canonical(p.cells) for p in named(order)]
        assert sorted(shapes) == [p.cells for p in pieces.polyforms(grid, order)]
    assert [p.name for p in pieces.polytrigs(3)] == \
        ["C3", "E3", "I3", "J3", "L3", "O3", "P3", "S3", "T3", "U3", "Y3", "Z3"]


def test_interior_points_and_crossings_of_a_piece():
    x = next(p for p in pieces.tetrasticks() if p.name == "X")
    assert x.interior_points == [(1, 1)]
    i = next(p for p in pieces.tetrasticks() if p.name == "I")
    assert i.interior_points == [(1, 0), (2, 0), (3, 0)]
    assert pieces.pentominoes()[0].interior_points == []
    # an L turns at its corner: another piece may touch there without crossing it
    assert crossings(sticks.lattice, [(0, 0, 0), (0, 0, 1)]) == []
    assert crossings(sticks.lattice, [(0, 0, 0), (1, 0, 0)]) == [((1, 0), (0, 1, 2, 3))]
    # a hexagonal-grid point has three segments: nothing can cross there
    assert all(crossings(twigs.lattice, p.cells) == [] for p in pieces.polyforms(twigs, 5))
    # a straight polytrig line through a point is crossed by a piece with one segment on
    # each side of it: 2 x 2 ways
    assert len(crossings(trigs.lattice, [(0, 0, 0), (1, 0, 0)])) == 4


def test_regions():
    assert len(sticks.rectangle(5, 5)) == 60 and len(sticks.rectangle(4, 2)) == 22
    assert sticks.from_cells(square.rectangle(5, 5)) == sticks.rectangle(5, 5)
    assert len(sticks.from_cells(square.ring(3, 3))) == 24
    diamond = sticks.diamond(3, 7)
    assert len(diamond) == 84 and len(diamond.symmetries()) == 4
    assert len(sticks.diamond(2, 2).symmetries()) == 8
    assert len(trigs.triangle(2)) == 9 and len(trigs.triangle(2).symmetries()) == 6
    assert len(trigs.hexagon(2)) == 42 and len(trigs.hexagon(2).symmetries()) == 12
    assert len(trigs.parallelogram(4, 3)) == 43  # holds the 16 polytrigs of orders 1-3
    assert len(twigs.hexagon(2)) == 30 and len(twigs.hexagon(2).symmetries()) == 12
    assert len(twigs.from_cells(hexagonal.triangle(5))) == 60
    drawn = trigs.from_cells(triangular.from_ascii("XX"))
    assert len(drawn) == 5


def test_sticks_drawn_as_ascii_art():
    region = sticks.from_ascii("""
        +--+--+
        |     |
        +--+  +
           |  |
           +--+""")
    assert sorted(region) == sorted([(0, 2, 0), (1, 2, 0), (0, 1, 1), (2, 1, 1), (0, 1, 0),
                                     (1, 0, 1), (2, 0, 1), (1, 0, 0)])
    with pytest.raises(InputFormatError, match="<string>:2:3: .* row of vertical sticks"):
        sticks.from_ascii("+--+\n| ||\n+--+")
    with pytest.raises(InputFormatError, match="'--'"):
        sticks.from_ascii("+-+--+")
    with pytest.raises(InputFormatError, match="starts and ends with a row of points"):
        sticks.from_ascii("+--+\n|  |")


def test_tetrasticks_in_a_5x5_square_count_1795():
    """Polyform Puzzler: 1795 = 72 (H left out) + 382 (J) + 607 (L) + 530 (N) + 204 (Y)."""
    every = pieces.tetrasticks()
    board = sticks.rectangle(5, 5)
    together = Tiling(every, board, optional="HJLNY")
    assert together.count_both() == (1795, 14360)
    each = {}
    for name in "HJLNY":
        each[name] = Tiling([p for p in every if p.name != name], board).count()
    assert each == {"H": 72, "J": 382, "L": 607, "N": 530, "Y": 204}


def test_tetrasticks_counted_by_a_second_engine():
    """CP-SAT with lex-leader constraints, a second engine and a second method, on the
    smallest of the five (the whole 1795, about 2 minutes so, is the memo engine's and
    the catalog's: test_memo, test_catalog)."""
    without_h = Tiling([p for p in pieces.tetrasticks() if p.name != "H"], sticks.rectangle(5, 5))
    assert without_h.count_both(method="lex", engine="cpsat") == without_h.count_both() == (72, 576)


def test_crossing_rule_changes_the_count():
    """Seed 003's point: an exact cover of the segments alone lets pieces cross."""
    board = sticks.rectangle(5, 5)
    without_h = [p for p in pieces.tetrasticks() if p.name != "H"]
    forbid = Tiling(without_h, board)
    allow = Tiling(without_h, board, crossing="allow")
    assert forbid.count() == 72
    assert allow.count() > 72
    assert not any(_crosses(s) for s in forbid.solve())
    assert _crosses(next(s for s in allow.solve() if _crosses(s)))


def _crosses(solution) -> bool:
    seen = set()
    for placement in solution.placements:
        keys = set(crossings(sticks.lattice, placement.cells))
        if keys & seen:
            return True
        seen |= keys
    return False


def test_welded_one_sided_tetrasticks_in_a_4x4_square():
    """Seed 001 says 4 solutions, later versions 3: the piece set holds each mirror pair,
    so a reflection of a solution is a solution; 4 counts up to rotation only."""
    puzzle = Tiling(pieces.welded_tetrasticks("one-sided"), sticks.rectangle(4, 4))
    group = puzzle.symmetries
    assert len(group) == 8 and group.describe() == "rotation and reflection"
    assert puzzle.count_both() == (3, 16)
    assert puzzle.count(symmetry="raw", engine="python") == 16
    rotations = [k for k in range(len(group)) if group.proper[k]]
    up_to_rotation = {min(group.image(s, k) for k in rotations)
                      for s in puzzle.solve(symmetry="raw")}
    assert len(up_to_rotation) == 4


def test_polytrigs_and_polytwigs_published_counts_on_two_engines():
    hexagon = Tiling(pieces.polytrigs(2, 3), trigs.hexagon(2))
    assert hexagon.count_both() == (1118, 13416)  # Polyform Puzzler: 1,118
    assert hexagon.count_both(engine="python") == (1118, 13416)
    triangle = Tiling(pieces.polytwigs(5), twigs.from_cells(hexagonal.triangle(5)))
    assert triangle.count_both() == (56, 336)  # Polyform Puzzler: 56
    assert triangle.count_both(engine="python") == (56, 336)
    # three segments meet at a point of the hexagonal grid: no two pieces can cross
    allowed = Tiling(pieces.polytwigs(5), twigs.from_cells(hexagonal.triangle(5)),
                     crossing="allow")
    assert allowed.count() == 56


def test_polystick_records_and_pictures():
    solution = Tiling(pieces.welded_tetrasticks("one-sided"), sticks.rectangle(4, 4)).first()
    text = solution.record()
    assert parse_record(text) == [(p.piece, p.cells) for p in solution.placements]
    picture = text.split("\n\n")[1].splitlines()
    assert len(picture) == 13  # 5 rows of points, 4 of vertical sticks (two lines each)
    assert all(line.startswith(" -") for line in picture[::3])
    assert sum(line.count("-") for line in picture[::3]) == 20 * 3  # 20 horizontal sticks
    # old records list intersections as "x,yi": they are skipped
    assert parse_record("0,0,0 1,0,0 1,0i I2") == [("I2", ((0, 0, 0), (1, 0, 0)))]


def test_polytrig_and_polytwig_pictures_name_every_segment():
    for puzzle, lines in [(Tiling(pieces.polytrigs(2, 3), trigs.hexagon(2)), 13),
                          (Tiling(pieces.polytwigs(5), twigs.from_cells(
                              hexagonal.triangle(5))), 21)]:
        solution = puzzle.first()
        picture = solution.render()
        assert len(picture.splitlines()) == lines  # 3 lines a row of points; 4 for twigs
        for p in solution.placements:  # the name once along each segment
            assert picture.count(p.piece) == len(p.cells)
        assert parse_record(solution.record()) == [(p.piece, p.cells)
                                                   for p in solution.placements]


# --- seven-segment digits, and pieces exempt from the crossing rule -------------------------

def test_the_digits_are_seven_segment_polysticks():
    digits = {p.name: p for p in pieces.digits()}
    assert [len(digits[f"d{k}"]) for k in range(10)] == [6, 2, 5, 5, 4, 5, 6, 3, 7, 6]
    canonical = {n: sticks.lattice.canonical(p.cells, "free") for n, p in digits.items()}
    assert canonical["d2"] == canonical["d5"] and canonical["d6"] == canonical["d9"]
    assert len(set(canonical.values())) == 8


def _plus_puzzle(**options):
    """Two straight dominoes on the four segments round one grid point: they must cross."""
    plus = Region(sticks.lattice, [(0, 1, 0), (1, 1, 0), (1, 0, 1), (1, 1, 1)])
    two = [pieces.make("A", [(0, 0, 0), (1, 0, 0)], sticks),
           pieces.make("B", [(0, 0, 0), (1, 0, 0)], sticks)]
    return Tiling(two, plus, **options)


def test_a_piece_exempt_from_the_crossing_rule_may_cross():
    assert _plus_puzzle().count(symmetry="raw") == 0
    assert _plus_puzzle(crossing="allow").count(symmetry="raw") == 2
    exempt = _plus_puzzle(may_cross=["A"])
    assert exempt.count(symmetry="raw") == 2 == exempt.count(symmetry="raw", engine="python")
    # A and B are one shape but only A may cross: no symmetry swaps them
    assert exempt.count_both() == (1, 2) == exempt.count_both(method="dedup")
    with pytest.raises(ExactCoverError, match="may cross, not in the set: C"):
        _plus_puzzle(may_cross=["C"])


def test_a_puzzle_file_names_pieces_that_may_cross():
    puzzle = puzzle_file.parse(
        'lattice = "sticks"\n[region]\nrectangle = [1, 2]\n[pieces]\nset = "digits"\n'
        'only = ["d4", "d7"]\nmay_cross = ["d4"]\n', path="digits.toml")
    assert puzzle.may_cross == {"d4"}
    with pytest.raises(InputFormatError, match="digits.toml:6: piece 'd9' that may cross"):
        puzzle_file.parse('lattice = "sticks"\n[region]\nrectangle = [1, 2]\n[pieces]\n'
                          'set = "digits"\nmay_cross = ["d9"]\nonly = ["d4", "d7"]\n',
                          path="digits.toml")
