"""Queens, Latin squares, domino puzzles and the DPF format, with the seeds' answers."""

import pytest

from cpuzzler import InputFormatError
from cpuzzler.cli import main
from cpuzzler.models import distinct_queens, domino_puzzle, dpf, latin_square, queens
from cpuzzler.models.dominoes import FAASE_GRID_AS_PRINTED, FAASE_GRID_CORRECTED


def test_queens_all_and_up_to_symmetry_on_two_engines():
    """OEIS A000170 and A002562; aps lists the 12 distinct solutions for 8 queens."""
    assert [queens(n).count(symmetry="raw") for n in range(1, 11)] == [
        1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
    assert [len(distinct_queens(n)) for n in range(1, 11)] == [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]
    assert [queens(n).count() for n in range(1, 11)] == [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]
    assert distinct_queens(8, engine="python") == distinct_queens(8)
    assert queens(8).count(symmetry="raw", engine="python") == 92


def test_latin_square_counts_on_two_engines():
    assert [latin_square(n).count(symmetry="raw") for n in range(1, 6)] == [1, 2, 12, 576, 161280]
    assert [latin_square(n).count(symmetry="raw", engine="python")
            for n in range(1, 5)] == [1, 2, 12, 576]


def test_faase_domino_puzzle_as_printed_and_corrected():
    assert domino_puzzle(FAASE_GRID_AS_PRINTED, width=8).count(symmetry="raw") == 0
    corrected = domino_puzzle(FAASE_GRID_CORRECTED, width=8)
    assert corrected.count(symmetry="raw") == 20160
    assert corrected.count(symmetry="raw", engine="cpsat") == 20160
    # the correction: one number, the 42nd, read as 5; then each shows 8 times
    assert [a == b for a, b in zip(FAASE_GRID_AS_PRINTED, FAASE_GRID_CORRECTED,
                                   strict=True)].count(False) == 1
    assert all(FAASE_GRID_CORRECTED.count(v) == 8 for v in range(7))


def test_dpf_examples_of_the_seed():
    assert dpf.parse(dpf.DOMINO_2X3).count() == 1
    sticks = dpf.parse(dpf.CUTTING_STICKS)
    assert sticks.count() == sticks.count(engine="python") == 3
    assert sticks.pieces[2] == ((0, 4), (1, 3), (0, 1, 2))


def test_dpf_write_read_and_solve_from_the_shell(tmp_path, capsys):
    path = tmp_path / "sticks.dpf"
    dpf.write(dpf.parse(dpf.CUTTING_STICKS), path)
    assert dpf.read(path) == dpf.parse(dpf.CUTTING_STICKS)
    assert main(["solve", str(path), "--count", "--symmetry", "raw"]) == 0
    assert capsys.readouterr().out.strip() == "3"
    assert main(["solve", str(path), "--count"]) == 0  # the matrix has a symmetry of order 2
    assert capsys.readouterr().out.strip() == ("2 solutions up to 2 symmetries of the problem; "
                                               "3 in all")


@pytest.mark.parametrize(("text", "line", "message"), [
    ("6 3 2 2 0 1", 1, "ends where"),
    ("2 1\n1 2 0 x", 2, "'x' is not a whole number"),
    ("2 1\n1 2 0 5", 2, "location 5 of piece 1 is not below 2"),
    ("2 1\n1 2 0 0", 2, "fills location 0 twice"),
    ("2 1 1 2 0 1\n7", 2, "left over"),
])
def test_bad_dpf_names_the_line(text, line, message):
    with pytest.raises(InputFormatError, match=message) as info:
        dpf.parse(text, path="bad.dpf")
    assert info.value.line == line and str(info.value).startswith(f"bad.dpf:{line}")
