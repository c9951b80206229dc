"""Regions made of parts: each piece within one part, counts up to swaps of congruent
parts (Polyform Puzzler's "three congruent" and "four congruent" puzzles)."""

import pytest

from cpuzzler import ExactCoverError, catalog
from cpuzzler.formats import puzzle_file
from cpuzzler.grids import square, trigs
from cpuzzler.grids.region import Region
from cpuzzler.models import Tiling, pieces

L4 = [(0, 0), (1, 0), (2, 0), (0, 1)]


def _shifted(cells, dx, dy=0):
    return [(x + dx, y + dy) + tuple(rest) for x, y, *rest in cells]


def _in_parts(tiling: Tiling, solution) -> bool:
    return all(any(set(p.cells) <= part for part in tiling.parts)
               for p in solution.placements)


@pytest.mark.parametrize(("name", "markers"), [
    ("polytrigs-23-three-congruent-1", ["I2", "L2", "V2"]),
    ("polytwigs-45-four-congruent-1", ["C4", "P4", "W4", "Y4"]),
    ("polytwigs-45-four-congruent-3", ["C4", "P4", "W4", "Y4"]),
])
def test_part_swaps_count_as_polyform_puzzler_breaks_them(name, markers):
    """Polyform Puzzler puts the k small pieces (one fits in each part) into parts 1..k
    in order: a count of raw tilings that names one tiling per class of part swaps,
    since these parts have no symmetry of their own. It must be ours up to symmetry."""
    tiling = catalog.get(name).build()
    parts = sorted(tiling.parts, key=min)  # the parts in the order of their offsets
    in_order = 0
    for solution in tiling.solve(symmetry="raw"):
        assert _in_parts(tiling, solution)
        where = {p.piece: next(k for k, part in enumerate(parts) if p.cells[0] in part)
                 for p in solution.placements if p.piece in markers}
        in_order += [where[m] for m in markers] == list(range(len(markers)))
    assert in_order == tiling.count() == catalog.get(name).unique
    assert tiling.count_both(engine="python") == tiling.count_both()


def test_the_swaps_move_each_part_by_a_symmetry_of_its_own():
    three = [L4, _shifted(L4, 4), [(8 - y, x) for x, y in L4]]  # the third turned
    tiling = Tiling([pieces.by_name("polyominoes", "O1").with_copies(12)],
                    Region(square.lattice, [c for part in three for c in part]),
                    parts=three)
    assert len(tiling.symmetries) == 6  # 3! swaps, each part without symmetry
    assert "swaps of congruent parts" in tiling.symmetries.describe()
    # two parts and a mirror image: monominoes do not mind a part mirrored alone, so
    # all three swap; one-sided L and J tetrominoes do (all moves then of one hand), so
    # only the two L's parts swap
    mirrored = [L4, _shifted(L4, 4), [(8 + y, x) for x, y in L4]]
    region = Region(square.lattice, [c for part in mirrored for c in part])
    tiling = Tiling([pieces.by_name("polyominoes", "O1").with_copies(12)], region,
                    parts=mirrored)
    assert len(tiling.symmetries) == 6
    ls = [pieces.make("L", L4, square, "one-sided", 2),
          pieces.make("J", [(-x, y) for x, y in L4], square, "one-sided")]
    tiling = Tiling(ls, region, parts=mirrored)
    assert len(tiling.symmetries) == 2 and tiling.count_both() == (1, 1)


def test_pieces_keep_within_their_part():
    """Two 2x2 squares side by side: as one region a domino may lie across the seam."""
    left = [(0, 0), (1, 0), (0, 1), (1, 1)]
    right = _shifted(left, 2)
    region = Region(square.lattice, left + right)
    dominoes = [pieces.by_name("polyominoes", "I2").with_copies(4)]
    whole = Tiling(dominoes, region)
    apart = Tiling(dominoes, region, parts=[left, right])
    assert whole.count(symmetry="raw") == 5 and apart.count(symmetry="raw") == 4
    # up to swapping the squares and each one's own 8 symmetries: one tiling
    # each part by any of its 8 symmetries (a domino's mirror image is a domino), in
    # either order of the parts
    assert len(apart.symmetries) == 2 * 8 * 8
    assert apart.count_both() == (1, 4) == apart.count_both(method="dedup")
    # kept in place: the 4x2 figure's own symmetries (all keep or swap the two parts);
    # flat-flat, upright-upright, and the two mixed ones mirror images
    kept = Tiling(dominoes, region, parts=[left, right], swap_parts=False)
    assert len(kept.symmetries) == 4 and kept.count_both() == (3, 4)


def test_one_sided_pieces_keep_their_hand_in_every_part():
    """The one-sided L tetrominoes in two 2x4 rectangles: a part's mirror alone would
    turn an L into its mirror image in that part only, so it is no symmetry."""
    left = [(x, y) for x in range(2) for y in range(4)]
    right = _shifted(left, 3)
    region = Region(square.lattice, left + right)
    ls = [pieces.make("L", L4, square, "one-sided"),
          pieces.make("J", [(-x, y) for x, y in L4], square, "one-sided")]
    tiling = Tiling([p.with_copies(2) for p in ls], region, parts=[left, right])
    assert all(names == {n: n for n in names} for move, names in tiling.symmetries.elements
               if all(move[c] == c for c in left))  # fixing the left part: no renaming
    assert tiling.count_both(method="dedup") == tiling.count_both()
    assert tiling.count_both(engine="python") == tiling.count_both()


@pytest.mark.parametrize(("parts", "message"), [
    ([[(0, 0)], [(0, 0), (1, 0)]], "a cell lies in two parts"),
    ([[(0, 0)]], "the parts together must be the region"),
    ([], "one or more parts"),
])
def test_bad_parts_are_clear_errors(parts, message):
    region = Region(square.lattice, [(0, 0), (1, 0)])
    with pytest.raises(ExactCoverError, match=message):
        Tiling([pieces.by_name("polyominoes", "I2")], region, parts=parts)


def test_a_wrapped_region_has_no_parts():
    with pytest.raises(ExactCoverError, match="wrapped"):
        Tiling([pieces.by_name("polyominoes", "I2").with_copies(2)],
               square.cylinder(2, 2), parts=[[(0, 0), (1, 0)], [(0, 1), (1, 1)]])


def test_a_puzzle_file_repeats_its_shape_as_parts():
    text = '''
lattice = "square"
[region]
drawing = """
X
XXX"""
parts = [[0, 0], [4, 0], [8, 0]]
[pieces]
set = "polyominoes"
orders = [1, 2, 3]
copies = { O1 = 2, I2 = 2 }
'''
    tiling = puzzle_file.parse(text)
    assert len(tiling.parts) == 3 and len(tiling.region) == 12
    assert tiling.count_both() == tiling.count_both(method="dedup")
    assert all(_in_parts(tiling, s) for s in tiling.solve(symmetry="raw"))


@pytest.mark.parametrize(("region", "message"), [
    ("rectangle = [2, 1]\nparts = [[0, 0], [1, 0]]", "overlap"),
    ("rectangle = [2, 1]\nparts = [[0]]", "a list of offsets, each 2 whole numbers"),
    ("rectangle = [2, 1]\nparts = []", "a list of offsets"),
    ("rectangle = [2, 1]\nparts = [[0, 0]]\nwrap = \"x\"", "cannot wrap"),
])
def test_bad_parts_in_a_puzzle_file_name_the_line(region, message):
    from cpuzzler import InputFormatError

    text = f'lattice = "square"\n[region]\n{region}\n[pieces]\nset = "domino"\n'
    with pytest.raises(InputFormatError, match=message) as caught:
        puzzle_file.parse(text, path="p.toml")
    assert caught.value.line == 4


def _directions(segment, lattice):
    """The two ends of a trig segment, each with the direction (0..5, in 60 degree
    steps) in which the segment leaves it."""
    first, second = lattice.ends(segment)
    z = segment[2]
    return [(first, z), (second, z + 3)]


def _cross(a: set[int], b: set[int]) -> bool:
    """Two pieces cross at a point when one's directions there separate the other's."""
    for x in a:
        for y in a:
            if x < y:
                inside = {d for d in b if x < d < y}
                if inside and inside != b:
                    return True
    return False


def test_the_three_congruent_x13_tilings_are_tilings_by_polyform_puzzlers_rule():
    """Polyform Puzzler gives 0 for this shape; every one of our 48 tilings keeps each
    piece in its part, covers each segment once and has no two pieces crossing at a
    point (checked here from the segments' ends, apart from the model's own rule)."""
    tiling = catalog.get("polytrigs-23-three-congruent-x13").build()
    solutions = list(tiling.solve(symmetry="raw"))
    assert len(solutions) == 48 == tiling.count(symmetry="raw", engine="python")
    for solution in solutions:
        assert _in_parts(tiling, solution)
        covered = [c for p in solution.placements for c in p.cells]
        assert sorted(covered) == sorted(tiling.region.cells)
        at: dict = {}
        for p in solution.placements:
            for segment in p.cells:
                for point, direction in _directions(segment, trigs.lattice):
                    at.setdefault(point, {}).setdefault(p.piece, set()).add(direction)
        for used in at.values():
            for a in used.values():
                for b in used.values():
                    assert a is b or not _cross(a, b)
    # up to swaps and each part's own mirror: one; up to the swaps alone (Polyform
    # Puzzler's way: one ditrig in each part, in order) 8
    assert tiling.count_both(method="dedup") == (1, 48)
    in_order = [s for s in solutions if [next(k for k, part in enumerate(sorted(
        tiling.parts, key=min)) if p.cells[0] in part) for p in s.placements
        if p.piece in ("I2", "L2", "V2")] == [0, 1, 2]]
    assert len(in_order) == 8


def test_info_tells_the_parts_and_what_the_group_moves(capsys):
    from cpuzzler.cli import main

    assert main(["info", "polytrigs-23-three-congruent-1", "--no-count"]) == 0
    out = capsys.readouterr().out
    assert "cells:     42 in 3 parts" in out
    assert "a group of order 6 (rotation of each part and swaps of congruent parts)" in out


def test_parts_whose_pieces_could_cross_cannot_swap():
    """A cross of four sticks, its two parts the horizontal and the vertical bar: bars
    in the two parts would cross at the centre, so moving one part alone is no symmetry.
    Kept in place nothing fits (the bars cross); where crossing is allowed, one way."""
    from cpuzzler.grids import sticks

    plus = [(1, 1, 0), (2, 1, 0), (2, 0, 1), (2, 1, 1)]  # a cross through (2, 1)
    left, right = [(1, 1, 0), (2, 1, 0)], [(2, 0, 1), (2, 1, 1)]
    bars = [pieces.make("I", [(0, 0, 0), (1, 0, 0)], sticks, copies=2)]
    region = Region(sticks.lattice, plus)
    with pytest.raises(ExactCoverError, match="cannot move apart"):
        Tiling(bars, region, parts=[left, right]).count()
    kept = Tiling(bars, region, parts=[left, right], swap_parts=False)
    assert kept.parts_meet() and kept.count_both() == (0, 0)  # the two bars would cross
    assert Tiling(bars, region, parts=[left, right], crossing="allow").count() == 1
