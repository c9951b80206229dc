"""Puzzle files (TOML): the shipped examples, every lattice, and errors that name the line."""

from pathlib import Path

import pytest

from cpuzzler import InputFormatError
from cpuzzler.cli import main
from cpuzzler.formats import puzzle_file

EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.mark.parametrize(("name", "counts"), [
    ("pentominoes-8x8-hole.toml", (65, 520)),
    ("slothouber-graatsma.toml", (1, 8)),
    ("tetrasticks-5x5.toml", (1795, 14360)),
])
def test_examples_count_as_published(name, counts):
    assert puzzle_file.read(str(EXAMPLES / name)).count_both() == counts


def test_y25_example_builds_and_finds_a_solution():
    puzzle = puzzle_file.read(str(EXAMPLES / "y25.toml"))
    assert len(puzzle.pieces) == 1 and puzzle.pieces[0].copies == 25
    solution = puzzle.first()
    assert len(solution.placements) == 25


def test_the_cli_solves_a_puzzle_file(capsys):
    assert main(["solve", str(EXAMPLES / "pentominoes-8x8-hole.toml"), "--count"]) == 0
    assert capsys.readouterr().out.strip() == \
        "65 solutions up to rotation and reflection; 520 in all"


@pytest.mark.parametrize(("lattice", "region", "pieces", "unique"), [
    ("triangular", "parallelogram = [9, 4]", 'set = "hexiamonds"', 74),
    ("hexagonal", "parallelogram = [4, 7]", 'set = "tetrahexes"', 9),
    ("trigs", "hexagon = 2", 'set = "polytrigs"\norders = [2, 3]', 1118),
    ("square", "rectangle = [20, 3]", 'set = "polyforms"\norder = 5', 2),
    ("twigs", 'drawing = """\nX....\nXX...\nXXX..\nXXXX.\nXXXXX"""',
     'set = "polytwigs"\norders = [5]', 56),
    # a region listed cell by cell: the polysticks of orders 1 to 3 on a 3x3 square's
    # grid lines, two corners clipped (Polyform Puzzler: 21)
    ("sticks", "cells = [" + ", ".join(
        f"[{x}, {y}, {z}]" for x in range(4) for y in range(4) for z in (0, 1)
        if (z == 0 and x < 3 or z == 1 and y < 3)
        and (x, y, z) not in {(0, 0, 0), (0, 0, 1), (2, 3, 0), (3, 2, 1)}) + "]",
     'set = "polysticks"\norders = [1, 2, 3]', 21),
])
def test_every_kind_of_lattice(lattice, region, pieces, unique):
    text = f'lattice = "{lattice}"\n[region]\n{region}\n[pieces]\n{pieces}\n'
    assert puzzle_file.parse(text).count() == unique


def test_own_pieces_drawn_with_holes_and_one_sided():
    text = '''
lattice = "square"
[region]
rectangle = [5, 3]
without = [[4, 0], [4, 1], [4, 2]]
[[piece]]
name = "L"
kind = "one-sided"
copies = 2
drawing = """
X.
X.
XX"""
[[piece]]
name = "O"
cells = [[0, 0], [1, 0], [0, 1], [1, 1]]
'''
    puzzle = puzzle_file.parse(text)
    assert len(puzzle.region) == 12 and puzzle.pieces[0].kind == "one-sided"
    # one-sided L's: only the half turn maps the pair onto itself
    assert len(puzzle.symmetries) == 2
    assert puzzle.count_both() == (1, 2) == puzzle.count_both(engine="python")


BAD = [
    ('lattice = "square"\n[region\n', 2, "not TOML"),
    ('lattice = "square"\n[region]\nrectangle = [5, 2]\n[pieces]\noptional = [["a", 0]]\n'
     'set = "pentominoes"\n', 5, "optional must be a list of piece names"),  # found by fuzzing
    ('lattice = "round"\n[region]\nrectangle = [2, 2]\n', 1, "lattice must be one of"),
    ('lattice = "square"\n[region]\nbox = [2, 2, 2]\n[pieces]\nset = "domino"\n', 3,
     "the square lattice has no box"),
    ('lattice = "square"\n[region]\nrectangle = [2, 1]\n[pieces]\nset = "dominos"\n', 5,
     "no piece set 'dominos'"),
    ('lattice = "square"\n[region]\nrectangle = [2, 1]\ncolour = 3\n', 4,
     "unknown key 'colour'"),
    ('lattice = "square"\n[region]\nrectangle = [3, 1]\n[pieces]\nset = "domino"\n', 4,
     "cover 2 cells; the region has 3"),
    ('lattice = "square"\n[region]\ndrawing = """\nXX\nX\tX"""\n', 5, "tab"),
    ('lattice = "sticks"\n[region]\ndrawing = """\n+--+\n|  ||\n+--+"""\n', 5, "vertical"),
    ('lattice = "square"\n[region]\nrectangle = [2, 1]\n[[piece]]\nname = "D"\n', 4,
     "needs a drawing or cells"),
    ('lattice = "cubic"\n[region]\nrectangle = [2, 1]\n[pieces]\nset = "pentominoes"\n', 3,
     "the cubic lattice has no rectangle"),
    ('lattice = "cubic"\n[region]\nbox = [1, 2, 5]\n[pieces]\nset = "pentominoes"\n', 5,
     "pieces of the square lattice"),
    # a kind the set has no choice of was silently ignored (found adding one-sided
    # tetrominoes to the catalog)
    ('lattice = "square"\n[region]\nrectangle = [7, 4]\n[pieces]\nset = "polyominoes"\n'
     'orders = [4]\nkind = "one-sided"\n', 7, "kind is for the sets"),
    ('lattice = "sticks"\n[region]\ncells = [[0, 0, 0],\n  [0, 0, 2]]\n', 3,
     r"\[0, 0, 2\] is not a cell of the sticks lattice"),
    ('lattice = "square"\n[region]\ncells = [[0, 0], [0, 0]]\n', 3, "listed twice"),
    ('lattice = "square"\n[region]\ncells = []\n', 3, "lists no cells"),
    ('lattice = "square"\n[region]\ncells = [[0, 0]]\nrectangle = [1, 1]\n', 2,
     "needs one shape"),
    # copies = 3 was an internal error ('int' object has no attribute 'items'); a number
    # now means as many of each piece, and anything else is named
    ('lattice = "square"\n[region]\nrectangle = [2, 1]\n[pieces]\nset = "domino"\n'
     'copies = "two"\n', 6, "copies must be a positive number"),
    ('lattice = "square"\n[region]\nrectangle = [2, 1]\n[pieces]\nset = "domino"\n'
     'copies = 0\n', 6, "copies must be a positive number"),
]


def test_copies_as_one_number_gives_each_piece_that_many():
    puzzle = puzzle_file.parse('lattice = "square"\n[region]\nrectangle = [4, 2]\n'
                               '[pieces]\nset = "polyforms"\norder = 2\ncopies = 4\n')
    assert puzzle.pieces[0].copies == 4 and puzzle.count(symmetry="raw") == 5


@pytest.mark.parametrize(("text", "line", "message"), BAD)
def test_bad_files_name_the_line_and_the_problem(text, line, message):
    with pytest.raises(InputFormatError, match=message) as caught:
        puzzle_file.parse(text, path="p.toml")
    assert caught.value.line == line and caught.value.path == "p.toml"


def test_a_bad_file_on_the_command_line_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('lattice = "round"\n')
    assert main(["solve", str(bad)]) == 2
    assert f"{bad}:1:" in capsys.readouterr().err
