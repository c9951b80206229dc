"""The aps assembly puzzles (www.leinweb.com/snackbar/aps) and Polyform Puzzler's Soma figures."""

import pytest

from cpuzzler.grids import cubic
from cpuzzler.grids.region import Region
from cpuzzler.models import Tiling, pieces
from cpuzzler.models.nuts import MILTON_BRADLEY, _edges, drive_ya_nuts


def _figure(width, height, depth, inside):
    return Region(cubic.lattice, [(x, y, z) for x in range(width) for y in range(height)
                                  for z in range(depth) if inside(x, y, z)])


# Polyform Puzzler's Soma figures (polycubes/somacubes.py) and its counts. Its counts
# tell mirror images apart (the mirror of a solution swaps the pieces A and B), so they
# are counts up to rotation: symmetry="rotations".
SOMA_FIGURES = {
    "crystal": (_figure(3, 3, 5, lambda x, y, z: x + y <= z), 2800),
    "long wall": (_figure(6, 6, 2, lambda x, y, z: 4 <= x + y <= 6 - z), 104),
    "high wall": (_figure(5, 5, 3, lambda x, y, z: 3 <= x + y <= 4), 46),
    "bench": (_figure(9, 2, 2, lambda x, y, z: y + z < 2), 0),
    "steps": (_figure(5, 3, 3, lambda x, y, z: z <= x <= 4 - z), 164),
    "bathtub": (_figure(5, 3, 2, lambda x, y, z: z != 1 or x in (0, 4) or y in (0, 2)), 158),
    "curved wall": (_figure(5, 3, 3, lambda x, y, z: (y == 2 and 1 <= x <= 3)
                            or (y == 1 and x != 2) or (y == 0 and x in (0, 4))), 66),
    "square wall": (_figure(5, 3, 3, lambda x, y, z: y == 2 or x in (0, 4)), 0),
    "sofa": (_figure(5, 3, 3, lambda x, y, z: z == 0 or y == 0
                     or (x in (0, 4) and z == y == 1)), 32),
    "skew 1": (_figure(5, 3, 3, lambda x, y, z: 2 <= x + y <= 4), 244),
    "skew 2": (_figure(7, 3, 3, lambda x, y, z: 4 <= x + 2 * y <= 6), 14),
    "clip": (_figure(4, 4, 3, lambda x, y, z: y == 0 or x == 0 or (x == 3 and y == 1)
                     or (y == 3 and x == 1)), 20),
}


@pytest.mark.parametrize("name", SOMA_FIGURES)
def test_soma_figures_match_polyform_puzzler_up_to_rotation(name):
    region, published = SOMA_FIGURES[name]
    puzzle = Tiling(pieces.soma(), region)
    rotations, raw = puzzle.count_both(symmetry="rotations")
    assert rotations == published
    assert puzzle.count_both(symmetry="rotations", method="dedup", engine="python") == \
        (rotations, raw)
    # Up to reflection too, each class joins its mirror class: half as many.
    unique, raw_again = puzzle.count_both()
    assert raw_again == raw and 2 * unique == rotations


def test_tetracubes_2x2x8_up_to_rotation_as_polyform_puzzler_counts():
    puzzle = Tiling(pieces.tetracubes(), cubic.box(2, 2, 8))
    assert puzzle.count_both(symmetry="rotations") == (224, 1792)
    assert puzzle.count_both(symmetry="rotations", method="dedup", engine="python") == \
        (224, 1792)


def test_rotations_mode_on_cpsat_with_lex_leaders():
    region, published = SOMA_FIGURES["high wall"]
    puzzle = Tiling(pieces.soma(), region)
    assert puzzle.count_both(symmetry="rotations", method="lex", engine="cpsat") == \
        (published, 92)


def test_diabolical_cube_raw_count_on_the_reference_engine():
    puzzle = Tiling(pieces.diabolical(), cubic.box(3, 3, 3))
    assert puzzle.count(symmetry="raw", engine="python") == 624
    assert [len(p) for p in pieces.diabolical()] == [2, 3, 4, 5, 6, 7]


def test_google_cube_on_two_engines_and_both_methods():
    # aps's 282 for the reconstructed piece set (see pieces.google_cube): the reduction on
    # the native engine, every solution listed and deduplicated on the reference engine.
    puzzle = Tiling(pieces.google_cube(), cubic.box(3, 3, 3))
    assert puzzle.count_both() == (282, 13536)
    assert puzzle.count_both(method="dedup", engine="python") == (282, 13536)
    assert sorted((p.name, p.copies, len(p)) for p in puzzle.pieces) == [
        ("L", 4, 4), ("T", 1, 4), ("V", 1, 3), ("Z", 1, 4)]


def test_bedlam_pieces_fill_the_cube():
    shapes = pieces.bedlam()
    assert sorted(len(p) for p in shapes) == [4] + [5] * 12
    assert len({cubic.lattice.canonical(p.cells, "free") for p in shapes}) == 13


def test_drive_ya_nuts_has_one_solution_up_to_turning_the_board():
    puzzle = drive_ya_nuts()
    assert puzzle.count() == 6 and puzzle.count(engine="python") == 6
    (solution,) = puzzle.unique_solutions()
    placed = {puzzle.options[k][1]: puzzle.options[k] for k in solution}
    assert sorted(o[0] for o in placed.values()) == sorted(MILTON_BRADLEY)
    for p, a, q, b in _edges():  # touching sides show the same number
        assert puzzle.shows(placed[p], a) == puzzle.shows(placed[q], b)



def test_cli_prints_drive_ya_nuts_as_nuts(capsys):
    from cpuzzler.cli import main

    assert main(["solve", "drive-ya-nuts"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "solution 1:"
    assert [line.split(":")[0] for line in lines[1:]] == [str(p) for p in range(7)]
    assert sorted(line.split()[1] for line in lines[1:]) == sorted(MILTON_BRADLEY)
