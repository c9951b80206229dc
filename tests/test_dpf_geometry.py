"""Frans Faase's geometric puzzle description: read as a puzzle, counted as cpuzzler
counts the same puzzle built from its own lattice."""

from pathlib import Path

import pytest

from cpuzzler import catalog
from cpuzzler.cli import main
from cpuzzler.errors import InputFormatError
from cpuzzler.models import dpf, pieces

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def described(puzzle, dimensions: int, variations: int) -> str:
    """A catalog tiling written in the geometric description, no colours."""
    def cell(c):
        return " ".join(map(str, (*c[:dimensions], *(0,) * (3 - dimensions), 0)))

    lines = [f"{dimensions} 0", str(len(puzzle.region))]
    lines += [cell(c) for c in sorted(puzzle.region)]
    lines.append(str(len(puzzle.pieces)))
    for piece in puzzle.pieces:
        lines.append(f"{len(piece.cells)} {variations}  "
                     + "  ".join(cell(c) for c in sorted(piece.cells)))
    return "\n".join(lines) + "\n"


def test_the_soma_cube_written_in_it_counts_as_the_lattice_model(capsys):
    xc = dpf.read_geometry(EXAMPLES / "soma.dpfg").exact_cover
    soma = catalog.get("soma")
    assert xc.count(symmetry="raw") == soma.raw == 11520
    assert xc.count_both() == (soma.unique, soma.raw)  # up to the matrix's own 48
    assert main(["solve", str(EXAMPLES / "soma.dpfg"), "--count"]) == 0
    assert capsys.readouterr().out == "240 solutions up to 48 symmetries of the problem; " \
                                      "11520 in all\n"


@pytest.mark.parametrize("name, dimensions", [("pentominoes-3x20", 2),
                                              ("solid-pentominoes-3x4x5", 3)])
def test_flat_and_solid_pentominoes_turned_and_mirrored(name, dimensions):
    tiling = catalog.get(name).build()
    puzzle = dpf.parse_geometry(described(tiling, dimensions, 2))
    assert [len(o) for o in puzzle.pieces] == [
        len([p for p in tiling.placements if p.piece == piece.name]) for piece in tiling.pieces]
    if dimensions == 2:
        assert puzzle.count() == catalog.get(name).raw


def test_variations_as_given_turned_and_mirrored():
    one = "2 0  3  0 0 0 0  1 0 0 0  0 1 0 0  1  2 {v}  0 0 0 0  1 0 0 0"
    # a domino in an L of three cells: as given it lies one way; turned, two ways
    assert [len(dpf.parse_geometry(one.format(v=v)).pieces[0]) for v in (0, 1, 2)] == [1, 2, 2]
    soma = catalog.get("soma").build()
    turned = dpf.parse_geometry(described(soma, 3, 1))
    mirrored = dpf.parse_geometry(described(soma, 3, 2))
    grows = [len(m) > len(t) for m, t in zip(mirrored.pieces, turned.pieces, strict=True)]
    assert [p.name for p, more in zip(soma.pieces, grows, strict=True) if more] == ["A", "B"]


def test_colours_must_match_the_locations():
    board = "2 {colours}  4  0 0 0 0  1 0 0 0  0 1 0 0  1 1 0 1  2  3 1  0 0 0 0  1 0 0 0  " \
            "0 1 0 0  1 1  0 0 0 1"
    # an L tromino and a monomino in a 2x2 square: four ways; with one cell coloured 1
    # and the monomino coloured 1, only one
    assert dpf.parse_geometry(board.format(colours=0)).count() == 4
    assert dpf.parse_geometry(board.format(colours=1)).count() == 1
    assert dpf.parse_geometry(dpf.DOMINOES_3X2).count() == 18


@pytest.mark.parametrize("text, line, message", [
    ("4 0 1 0 0 0 0 0", 1, "must be 2 or 3, not 4"),
    ("2 2 1 0 0 0 0 0", 1, "'use colours' must be 0 or 1"),
    ("2 0\n1\n0 0 1 0\n0", 3, "z is 1 in a puzzle of two dimensions"),
    ("2 0\n2\n0 0 0 0\n0 0 0 0\n0", 4, "where location 0 is"),
    ("2 0 1 0 0 0 0\n1\n1 3 0 0 0 0", 3, "variations must be 0, 1 or 2, not 3"),
    ("2 0 1 0 0 0 0 1 1 1 0 0 0 0 7", 1, "numbers left over"),
    ("2 0 1 0 0 0 0\n1\n2 1 0 0 0 0", 3, "the file ends where"),
    ("2 0 1 0 0 0 0\n1\n2 1 0 0 0 0 0 0 0 0", 3, "a cell twice"),
    ("3 0 1 0 0 x 0", 1, "'x' is not a whole number"),
])
def test_bad_descriptions_name_the_line(text, line, message):
    with pytest.raises(InputFormatError, match=message) as error:
        dpf.parse_geometry(text, path="p.dpfg")
    assert str(error.value).startswith(f"p.dpfg:{line}")


def test_the_pentominoes_6x10_written_in_it_count_as_the_lattice_model():
    shapes = pieces.pentominoes()
    text = "2 0  60 " + " ".join(f"{x} {y} 0 0" for x in range(10) for y in range(6))
    text += f"  {len(shapes)} " + " ".join(
        "5 2 " + " ".join(f"{x} {y} 0 0" for x, y in sorted(p.cells)) for p in shapes)
    puzzle = dpf.parse_geometry(text)
    assert puzzle.count() == catalog.get("pentominoes-6x10").raw
