"""Sudoku: reading, solving, counting, on both engines."""

from pathlib import Path

import pytest

from cpuzzler import ExactCoverError, InputFormatError
from cpuzzler.models import Sudoku

TOP95 = Path(__file__).resolve().parents[2] / "shared" / "data" / "top95.txt"
EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def is_valid_solution(puzzle: Sudoku, solved: Sudoku) -> bool:
    n, rows, cols = puzzle.size, puzzle.box_rows, puzzle.box_cols
    grid = solved.grid
    everything = set(range(1, n + 1))
    lines = [set(row) for row in grid] + [{grid[r][c] for r in range(n)} for c in range(n)]
    boxes = [{grid[r][c] for r in range(br, br + rows) for c in range(bc, bc + cols)}
             for br in range(0, n, rows) for bc in range(0, n, cols)]
    givens_kept = all(g in (0, v) for gr, sr in zip(puzzle.grid, grid, strict=True)
                      for g, v in zip(gr, sr, strict=True))
    return givens_kept and all(group == everything for group in lines + boxes)


def test_empty_4x4_grid_has_288_solutions_on_both_engines():
    assert Sudoku.empty(box=2).count() == 288
    assert Sudoku.empty(box=2).count(engine="python") == 288


def test_the_classic_example_is_proper_and_solved_correctly():
    puzzle = Sudoku.from_string(EXAMPLE)
    solved = puzzle.first()
    assert is_valid_solution(puzzle, solved)
    assert solved.to_string().startswith("534678912")
    assert puzzle.count() == 1
    assert puzzle.first(engine="python") == solved


def test_nine_lines_of_nine_as_the_aps_program_reads():
    text = "\n".join(EXAMPLE[k:k + 9] for k in range(0, 81, 9)) + "\n"
    assert Sudoku.from_string(text) == Sudoku.from_string(EXAMPLE)


@pytest.mark.skipif(not TOP95.exists(), reason="shared data not beside the checkout")
def test_hard_top95_puzzles_each_have_exactly_one_solution():
    lines = TOP95.read_text().split()[:20]
    for line in lines:
        puzzle = Sudoku.from_string(line)
        assert puzzle.count() == 1
        assert is_valid_solution(puzzle, puzzle.first())


def test_rectangular_boxes_6x6():
    puzzle = Sudoku.empty(box=(2, 3))
    solved = puzzle.first()
    assert solved.size == 6 and is_valid_solution(puzzle, solved)
    two_rows = Sudoku.from_string("123456" "456123" + "." * 24, box=(2, 3))
    assert is_valid_solution(two_rows, two_rows.first())


def test_conflicting_givens_have_no_solution():
    assert Sudoku.from_string("11" + "." * 79).count() == 0
    assert Sudoku.from_string("11" + "." * 79).first() is None


@pytest.mark.parametrize(("text", "message"), [
    ("123", "not a square grid"),
    ("x" + "." * 80, "holds 'x'"),
    ("." * 36, "needs box="),
])
def test_bad_grids_get_clear_errors(text, message):
    with pytest.raises(InputFormatError, match=message):
        Sudoku.from_string(text)


def test_bad_values_in_a_grid_are_refused():
    with pytest.raises(ExactCoverError, match="holds 5"):
        Sudoku([[5, 0], [0, 0]], 1, 2)
