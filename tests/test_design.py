"""The designer's questions (``cpuzzler.design``): unique or not, and the fewest hints,
each checked against brute force that shares nothing with it (every solution listed by
the plain-Python engine, every subset of a solution tried in order of size)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpuzzler import ExactCover, ExactCoverError
from cpuzzler.design import holes
from cpuzzler.grids import square
from cpuzzler.models import Sudoku, Tiling, pieces, queens
from cpuzzler.uniqueness.givens import Givens

SUDOKU17 = Path(__file__).resolve().parents[2] / "shared" / "data" / "sudoku17.txt"


@st.composite
def coloured_problems(draw) -> ExactCover:
    """Small problems with bounds, secondary items and colours."""
    primary = [f"p{i}" for i in range(draw(st.integers(1, 4)))]
    secondary = [f"s{i}" for i in range(draw(st.integers(0, 2)))]
    bounds = {}
    for name in primary:
        lo = draw(st.integers(0, 2))
        bounds[name] = (lo, draw(st.integers(max(lo, 1), 2)))
    xc = ExactCover(primary=primary, secondary=secondary, bounds=bounds)
    for _ in range(draw(st.integers(0, 10))):
        first = draw(st.sampled_from(primary))
        entries: list = [first, *sorted(draw(st.sets(st.sampled_from(primary), max_size=2))
                                        - {first})]
        for s in draw(st.sets(st.sampled_from(secondary), max_size=2)) if secondary else ():
            colour = draw(st.sampled_from(["", "red", "blue"]))
            entries.append((s, colour) if colour else s)
        xc.add_option(entries)
    return xc


def raw_solutions(xc: ExactCover) -> set[tuple[int, ...]]:
    return set(xc.solve(engine="python"))


def fewest_by_brute_force(xc: ExactCover, solution: tuple[int, ...]) -> int | None:
    """The size of the smallest subset of ``solution`` that no other solution holds
    (None where even the whole solution is held by another: bounds from 0 let one
    solution hold another)."""
    others = [set(s) for s in raw_solutions(xc) if s != solution]
    for k in range(len(solution) + 1):
        for hints in combinations(solution, k):
            if not any(set(hints) <= other for other in others):
                return k
    return None


@settings(max_examples=300, deadline=None)
@given(coloured_problems(), st.data())
def test_the_residual_problem_has_exactly_the_solutions_that_hold_the_givens(xc, data):
    every = raw_solutions(xc)
    if not every:
        return
    chosen = data.draw(st.sampled_from(sorted(every)))
    givens = data.draw(st.sets(st.sampled_from(chosen))) if chosen else set()
    if xc.num_options and data.draw(st.booleans()):  # any options: they may clash
        givens = data.draw(st.sets(st.sampled_from(range(xc.num_options)), max_size=3))
    expected = {s for s in every if givens <= set(s)}
    assert set(Givens(xc).solutions(givens, engine="python")) == expected
    assert set(Givens(xc).solutions(givens, engine="dlx")) == expected
    assert set(Givens(xc).solutions(givens, 10**6)) == expected  # the C search, directly


@pytest.mark.parametrize("engine", ["dlx", "python"])
@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_unique_says_what_the_counts_say(n, engine):
    board = queens(n)
    for symmetry in ("raw", "unique"):
        answer = board.unique(symmetry=symmetry, engine=engine)
        count = board.count(symmetry=symmetry, engine=engine)
        assert answer.complete
        assert answer.unique == (count == 1)
        assert len(answer.solutions) == min(count, 2)
        assert len(set(answer.solutions)) == len(answer.solutions)
        assert all(board.violation(s) is None for s in answer.solutions)


@pytest.mark.parametrize("engine", ["cpsat", "sat", "memo", "frontier", "zdd", "auto"])
def test_every_engine_that_lists_answers_unique_and_checks_hints(engine):
    board = queens(6)
    assert [board.unique(symmetry=s, engine=engine).unique for s in ("raw", "unique")] == [
        False, True]
    solution = board.first()
    hints = board.hints(solution, engine=engine)
    assert hints == board.hints(solution, engine="python") and hints.optimal


def test_a_time_limit_leaves_the_question_open_never_answered_wrong(capsys):
    from cpuzzler.cli import main

    board = Tiling(pieces.pentominoes(), square.rectangle(10, 6))
    answer = board.unique(time_limit=1e-6)
    assert not answer.complete and not answer.unique and answer.reason == "time-out"
    assert answer.verdict.startswith("not decided (time-out)")
    assert main(["unique", "pentominoes-6x10", "--time-limit", "1e-6"]) == 3
    said = capsys.readouterr()
    assert "not decided" in said.out or "the time limit ran out" in said.err


def test_knuths_example_is_unique_and_an_empty_problem_has_none():
    xc = ExactCover.from_dlx(Path(__file__).resolve().parents[1] / "examples" / "knuth7.dlx")
    answer = xc.unique(symmetry="raw")
    assert answer.unique and answer.solutions == [(0, 3, 4)]
    assert "unique" in answer.witness()
    nothing = ExactCover(primary=["a"])
    assert not nothing.unique().unique and nothing.unique().verdict == "no solution"


def test_the_witness_of_pentominoes_3x20_marks_where_its_two_tilings_differ():
    board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
    answer = board.unique()
    assert not answer.unique and len(answer.solutions) == 2
    first, second = (s.cells_of() for s in answer.solutions)
    differ = {c for c in first if first[c] != second[c]}
    text = answer.witness()
    marks = text.splitlines()[2:5]  # the third picture, rows top down
    starred = {(x, 2 - y) for y, row in enumerate(marks)
               for x, ch in enumerate(row.split("    ")[2].split()) if ch == "*"}
    assert starred == differ
    picture = answer.svg()
    assert picture.count('fill="none" stroke="#000"') == 2 * len(differ)
    assert picture.count("<svg") == 3


@pytest.mark.parametrize("engine", ["dlx", "python"])
def test_the_fewest_hints_equal_brute_force_on_queens_and_dominoes(engine):
    boards = [queens(5), queens(6), queens(7),
              Tiling([pieces.domino()[0].with_copies(6)], square.rectangle(4, 3)).exact_cover]
    for xc in boards:
        for solution in sorted(raw_solutions(xc))[:12]:
            hints = xc.hints(solution, engine=engine)
            assert hints.optimal and set(hints) <= set(solution)
            assert len(hints) == fewest_by_brute_force(xc, solution)
            assert [s for s in raw_solutions(xc) if set(hints) <= set(s)] == [solution]


@settings(max_examples=150, deadline=None)
@given(coloured_problems(), st.data())
def test_the_fewest_and_a_minimal_set_of_hints_on_random_problems(xc, data):
    every = raw_solutions(xc)
    if not every:
        return
    solution = data.draw(st.sampled_from(sorted(every)))
    fewest = fewest_by_brute_force(xc, solution)
    if fewest is None:
        with pytest.raises(ExactCoverError, match="still not the only one"):
            xc.hints(solution)
        return
    hints = xc.hints(solution)
    assert len(hints) == fewest
    minimal = xc.hints(solution, minimal=True)
    holding = [s for s in every if set(minimal) <= set(s)]
    assert holding == [solution]
    for hint in minimal:  # each one needed
        rest = set(minimal) - {hint}
        assert len([s for s in every if rest <= set(s)]) > 1


def test_the_hints_of_a_tiling_are_placements_that_fix_it():
    board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
    solution = board.first()
    hints = board.hints(solution)
    assert hints.optimal and len(hints) == 1 and hints[0] in solution.placements
    fixed = [s for s in board.solve(symmetry="raw") if hints[0] in s.placements]
    assert fixed == [solution]
    with pytest.raises(ExactCoverError, match="no solution"):
        board.exact_cover.hints([0])


def test_every_shidoku_needs_four_clues_as_published():
    """The fewest clues of a proper 4x4 Sudoku is 4 (Arnold, Lucas and Taalman, "Gröbner
    basis representations of Sudoku", College Math. J. 41 (2010)): proven here per grid,
    for all 288 grids."""
    fewest = set()
    for grid in Sudoku.empty(2).solutions():
        puzzle = grid.hints()
        assert puzzle.unique().unique and puzzle.first() == grid
        fewest.add(sum(v > 0 for row in puzzle.grid for v in row))
    assert fewest == {4}


def test_royles_17_clue_puzzles_are_proper_and_minimal():
    lines = [ln.strip() for ln in SUDOKU17.read_text().splitlines()[1:] if ln.strip()]
    for line in lines[:: len(lines) // 40][:40]:
        puzzle = Sudoku.from_string(line)
        assert puzzle.unique().unique
        assert puzzle.hints(minimal=True) == puzzle


def test_a_minimal_puzzle_from_a_full_grid_needs_every_clue():
    full = Sudoku.from_string(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
    puzzle = full.hints(minimal=True, seed=5)
    assert puzzle.count() == 1 and puzzle.first() == full
    clues = [(r, c) for r in range(9) for c in range(9) if puzzle.grid[r][c]]
    for r, c in clues:  # the count, not the design code, says each clue is needed
        grid = [list(row) for row in puzzle.grid]
        grid[r][c] = 0
        assert Sudoku(grid, 3, 3).count() > 1


def test_a_sudoku_witness_marks_the_cells_that_differ():
    answer = Sudoku.empty(2).unique()
    assert not answer.unique
    first, second = answer.solutions
    differ = sum(a != b for ra, rb in zip(first.grid, second.grid, strict=True)
                 for a, b in zip(ra, rb, strict=True))
    assert answer.witness().count("*") == differ
    assert answer.svg().count('fill="#ffd27f"') == 2 * differ
    with pytest.raises(ExactCoverError, match="exactly one"):
        Sudoku.empty(2).hints()


def test_dana_scotts_hole_in_the_centre_and_every_other_position():
    """Pentominoes in the 8x8 board with a 2x2 hole: 65 tilings with the hole in the
    centre (Dana Scott, 1958); the ten classes of positions add up to the tilings with
    the hole as a thirteenth piece, counted up to the board's symmetry (16,146)."""
    hole = [(0, 0), (1, 0), (0, 1), (1, 1)]
    board = square.rectangle(8, 8)
    counted = dict(holes(pieces.pentominoes(), board, hole, jobs=2))
    assert len(counted) == 10 and all(c.complete for c in counted.values())
    assert counted[((3, 3), (3, 4), (4, 3), (4, 4))] == 65
    square_piece = [p for p in pieces.tetrominoes() if p.name == "O4"]
    assert sum(counted.values()) == Tiling(pieces.pentominoes() + square_piece, board).count()
    fewest = [cells for cells, c in holes(pieces.pentominoes(), board, hole, at_most=65)
                   if c.complete]
    assert fewest == [((3, 3), (3, 4), (4, 3), (4, 4))]  # all others: more than 65


# --- the shell ---------------------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_the_shell_says_unique_or_shows_the_two(capsys, tmp_path):
    from cpuzzler.cli import main

    picture = tmp_path / "two.svg"
    assert main(["unique", "pentominoes-3x20", "--svg", str(picture)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("not unique") and "where they differ" in out
    assert picture.read_text().count("<svg") == 3
    assert main(["unique", str(EXAMPLES / "knuth7.dlx")]) == 0
    assert capsys.readouterr().out.startswith("unique: exactly one solution")


def test_the_shell_gives_the_fewest_hints_drawn_in_place(capsys, tmp_path):
    from cpuzzler.cli import main

    picture = tmp_path / "hints.svg"
    assert main(["hints", "pentominoes-3x20", "--svg", str(picture)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 hint: proven the fewest")
    assert picture.read_text().count("<polygon") == 60
    assert main(["hints", str(EXAMPLES / "queens8.dlx"), "--solution", "13"]) == 1
    assert "12 solutions up to symmetry, not 13" in capsys.readouterr().out


def test_the_shell_checks_a_file_of_sudoku_puzzles(capsys, tmp_path):
    from cpuzzler.cli import main

    lines = SUDOKU17.read_text().splitlines()[1:6]
    puzzles = tmp_path / "five.txt"
    puzzles.write_text("# five of Royle's 17-clue puzzles\n" + "\n".join(lines) + "\n")
    assert main(["unique", "--sudoku", str(puzzles)]) == 0
    assert "5 puzzles: 5 unique" in capsys.readouterr().err
    assert main(["hints", "--sudoku", str(puzzles), "--minimal"]) == 0
    captured = capsys.readouterr()
    assert captured.out.split() == [line.replace("0", ".") for line in lines]
    assert "5 puzzles, 5 with every clue needed" in captured.err
    puzzles.write_text("A title line, as Royle's file has\n" + "\n".join(lines) + "\n")
    assert main(["unique", "--sudoku", str(puzzles)]) == 0
    assert "1: not a puzzle: read as the file's title" in capsys.readouterr().err
    puzzles.write_text(lines[0] + "\n" + lines[1][:-1] + "\n")
    assert main(["unique", "--sudoku", str(puzzles)]) == 2
    assert f"{puzzles}:2: 80 cells" in capsys.readouterr().err


def test_the_designing_guides_examples_run_as_written():
    import doctest
    import re

    text = (Path(__file__).resolve().parents[1] / "docs/guides/design.md").read_text()
    examples = "\n".join(re.findall(r"```python\n(.*?)```", text, re.S))
    test = doctest.DocTestParser().get_doctest(examples, {}, "design.md",
                                               "docs/guides/design.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert test.examples and runner.summarize(verbose=False).failed == 0


def test_the_shell_moves_the_hole_and_stops_past_a_bound(capsys):
    from cpuzzler.cli import main

    assert main(["holes", "pentominoes-8x8-hole", "--hole", "2x2", "--at-most", "100"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert len(rows) == 10 and rows[-1].split()[-1] == "65"
    assert sum("more than 100" in row for row in rows) == 9
    assert main(["holes", "pentominoes-8x8-hole", "--hole", "2x"]) == 2
    assert "--hole '2x'" in capsys.readouterr().err
