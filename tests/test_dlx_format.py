"""Knuth's DLX text format: reading, writing, and errors that point at the spot."""

from pathlib import Path

import pytest

from cpuzzler import ExactCover, InputFormatError
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
