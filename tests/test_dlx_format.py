"""Knuth's DLX text format: reading, writing, and errors that point at the spot."""

import re
from pathlib import Path

import pytest

from cpuzzler import ExactCover, ExactCoverError, InputFormatError
from cpuzzler.models import queens

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_examples_read_with_their_known_counts():
    assert ExactCover.from_dlx(EXAMPLES / "knuth7.dlx").count(symmetry="raw") == 1
    assert ExactCover.from_dlx(EXAMPLES / "queens8.dlx").count(symmetry="raw") == 92
    assert ExactCover.from_dlx(EXAMPLES / "bounds.dlx").count(symmetry="raw") == 6


def test_items_line_sets_primary_secondary_and_bounds():
    xc = ExactCover.from_dlx_text("| comment\n\n2:3|A 4|B C | x y\nA B C x\nA\n")
    assert xc.primary == ["A", "B", "C"] and xc.secondary == ["x", "y"]
    assert xc.bounds("A") == (2, 3) and xc.bounds("B") == (4, 4) and xc.bounds("C") == (1, 1)
    assert xc.num_options == 2 and xc.option(0) == ("A", "B", "C", "x")


def test_trailing_bare_bar_means_no_secondary_items():
    xc = ExactCover.from_dlx_text("a b |\na\nb\na b\n")
    assert xc.secondary == [] and xc.count(symmetry="raw") == 2


def test_write_then_read_keeps_the_problem_and_its_count(tmp_path):
    original = ExactCover.from_dlx(EXAMPLES / "bounds.dlx")
    copy_path = tmp_path / "copy.dlx"
    original.to_dlx(copy_path)
    copy = ExactCover.from_dlx(copy_path)
    assert copy.primary == original.primary and copy.secondary == original.secondary
    assert [copy.option(i) for i in range(copy.num_options)] == [
        original.option(i) for i in range(original.num_options)
    ]
    assert copy.bounds("A") == (2, 2)
    assert copy.count(symmetry="raw") == original.count(symmetry="raw") == 6
    q = queens(5)
    copied = ExactCover.from_dlx_text(q.to_dlx())
    assert copied.count(symmetry="raw") == q.count(symmetry="raw") == 10


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("a b\na c\n", 2, 3, "unknown item 'c'"),
        ("a b\n  a   b a\n", 2, 9, "'a' appears twice"),
        ("a a\n", 1, 3, "declared twice"),
        ("a | b | c\n", 1, 7, "second '|'"),
        ("3:2|a\n", 1, 1, "bounds 3:2"),
        ("0:0|a\n", 1, 1, "bounds 0:0"),
        ("a | 2:2|x\n", 1, 5, "cannot have bounds"),
        ("| x y\n|\n", 0, 0, "no items line"),
        ("| x\n", 0, 0, "no items line"),
        ("| just a comment\n | x\n", 0, 0, "no items line"),
        ("a | x\na:red x\n", 2, 1, "a primary item cannot have a colour"),
        ("a:b c\n", 1, 1, "bad item name"),
        # a bad bound was called a bad item name
        ("b -1|a\n", 1, 3, "bad bounds '-1' in '-1|a': write lo:hi|name"),
        ("x:2|a\n", 1, 1, "bad bounds 'x:2'"),
        ("1:|a\n", 1, 1, "bad bounds '1:'"),
    ],
)
def test_bad_dlx_names_file_line_and_column(tmp_path, text, line, column, message):
    path = tmp_path / "bad.dlx"
    path.write_text(text)
    with pytest.raises(InputFormatError, match=message) as info:
        ExactCover.from_dlx(path)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.path == str(path) and error.line == line and error.column == column
    assert str(error).startswith(f"{path}:")


def test_a_byte_order_mark_is_not_part_of_the_first_item(tmp_path):
    """Some editors write one first; it made the first item unknown on every option."""
    path = tmp_path / "bom.dlx"
    path.write_bytes("\ufeffa b\na\nb\na b\n".encode())
    xc = ExactCover.from_dlx(path)
    assert xc.items == ("a", "b") and xc.count(symmetry="raw") == 2
    assert ExactCover.from_dlx_text("\ufeffa\na\n").items == ("a",)


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(InputFormatError, match="cannot read"):
        ExactCover.from_dlx(tmp_path / "absent.dlx")


def test_polyform_examples_match_the_matrices_built_from_the_shapes():
    from conftest import pentomino_rectangle, soma_cube

    for name, built in (("pentominoes-6x10", pentomino_rectangle(10, 6)),
                        ("soma", soma_cube())):
        stored = ExactCover.from_dlx(EXAMPLES / f"{name}.dlx")
        assert stored.primary == built.primary
        assert [stored.option(i) for i in range(stored.num_options)] == [
            built.option(i) for i in range(built.num_options)]


# --- costs, as Knuth's DLX5 reads them -----------------------------------------------------

def _priced_queens() -> ExactCover:
    """The 8 queens, each square's option costing (3r + 5c) mod 7, in DLX5's text."""
    board = queens(8)
    lines = [board.to_dlx().splitlines()[1]]
    for o in range(board.num_options):
        r, c = (int(n[1:]) for n in board.option(o)[:2])
        cost = (3 * r + 5 * c) % 7
        lines.append(" ".join(board.option(o)) + (f" |{cost}" if cost else ""))
    return ExactCover.from_dlx_text("\n".join(lines))


@pytest.mark.parametrize("engine", ["cpsat", "sat", "dlx"])
def test_a_dlx_files_costs_are_the_weights_best_minimises(engine):
    xc = _priced_queens()
    every = list(xc.solve(engine="python"))
    least = min(sum(xc.costs[o] for o in s) for s in every)
    found = xc.best(engine=engine)
    assert found.optimal and found.value == least
    assert sum(xc.costs[o] for o in found.solution) == least
    most = max(sum(xc.costs[o] for o in s) for s in every)
    assert xc.best(maximize=True, engine=engine).value == most


def test_costs_add_up_survive_writing_and_go_with_bounds(tmp_path):
    xc = ExactCover.from_dlx_text("2:3|A B | x\nA |1 |2\nA x:red |5\nA B |0\nB |4\nA |7\n")
    assert xc.costs == [3, 5, 0, 4, 7]
    path = tmp_path / "again.dlx"
    xc.to_dlx(path)
    again = ExactCover.from_dlx(path)
    assert again.costs == xc.costs and again.count(symmetry="raw") == xc.count(symmetry="raw")
    every = list(xc.solve(engine="python"))
    assert xc.best().value == min(sum(xc.costs[o] for o in s) for s in every)
    assert ExactCover.from_dlx(EXAMPLES / "knuth7.dlx").costs is None


@pytest.mark.parametrize("text, column, message", [
    ("a b\na |x\nb\n", 3, "'|x': an option's cost is '|' and a whole number"),
    ("a b\na b |\n", 5, "'|': an option's cost"),
    ("a b\na |-2\n", 3, "'|-2'"),
])
def test_a_bad_cost_names_its_line_and_column(text, column, message):
    with pytest.raises(InputFormatError, match=f"p.dlx:2:{column}: " + re.escape(message)):
        ExactCover.from_dlx_text(text, path="p.dlx")


def test_best_without_weights_or_costs_says_what_to_give(capsys):
    from cpuzzler.cli import main

    with pytest.raises(ExactCoverError, match="no costs"):
        queens(4).best()
    assert main(["solve", str(EXAMPLES / "knuth7.dlx"), "--best"]) == 2
    assert "'|n' tokens, as Knuth's DLX5" in capsys.readouterr().err


def test_the_shell_prints_the_least_cost_solution_as_dlx5_finds_it(tmp_path, capsys):
    from cpuzzler.cli import main

    path = tmp_path / "priced.dlx"
    _priced_queens().to_dlx(path)
    least = _priced_queens().best().value
    assert main(["solve", str(path), "--best"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"| cost {least}, proven least" and len(out) == 2 + 8


@pytest.mark.parametrize("engine", ["cpsat", "sat", "dlx", "python"])
def test_the_k_best_are_the_k_least_costs_in_order(engine):
    xc = _priced_queens()
    costs = sorted(sum(xc.costs[o] for o in s) for s in xc.solve(engine="python"))
    ranked = xc.best(k=6, engine=engine)
    assert [r.value for r in ranked] == costs[:6] and all(r.optimal for r in ranked)
    assert len({r.solution for r in ranked}) == 6
    assert all(sum(xc.costs[o] for o in r.solution) == r.value for r in ranked)
    most = sorted(costs, reverse=True)[:3]
    assert [r.value for r in xc.best(k=3, maximize=True, engine=engine)] == most
    assert len(xc.best(k=500, engine=engine)) == 92  # all there are


def test_the_k_best_tilings_and_the_shells_best_k(capsys, tmp_path):
    from cpuzzler.cli import main
    from cpuzzler.grids import square
    from cpuzzler.models import Tiling, pieces

    board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
    right_end_of_x = [max(x for x, _ in p.cells) if p.piece == "X" else 0
                      for p in board.placements]
    ranked = board.best(minimize=right_end_of_x, k=3)
    every = sorted(sum(right_end_of_x[board.placements.index(p)] for p in s.placements)
                   for s in board.solve(symmetry="raw"))
    assert [r.value for r in ranked] == every[:3]
    path = tmp_path / "priced.dlx"
    _priced_queens().to_dlx(path)
    assert main(["solve", str(path), "--best", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("| cost ") == 3 and out.count("proven next least") == 2
    with pytest.raises(ExactCoverError, match="k is how many"):
        queens(4).best([1] * queens(4).num_options, k=0)
