"""Constraints beyond exact cover (``cpuzzler.constraints``), checked against mathematics
(Graham's theorem, OEIS) and against a plain check of every listed solution, on more
than one engine."""

from __future__ import annotations

import re

import pytest

from cpuzzler.constraints import Apart, FaultFree, Symmetric, Within
from cpuzzler.errors import ExactCoverError
from cpuzzler.grids import cubic, hexagonal, square
from cpuzzler.models import Tiling, pieces
from cpuzzler.results import Clock
from cpuzzler.symmetry import tiling_solutions

DOMINO = pieces.domino()[0]
ENGINES = ("dlx", "memo", "cpsat")


def dominoes(width: int, height: int, **options) -> Tiling:
    return Tiling([DOMINO.with_copies(width * height // 2)],
                  square.rectangle(width, height), **options)


def has_fault(solution) -> bool:
    """The plain check: some grid line with cells on both sides that no piece crosses."""
    cells = [c for p in solution.placements for c in p.cells]
    for axis in range(len(cells[0])):
        for line in sorted({c[axis] for c in cells})[1:]:
            if not any(min(c[axis] for c in p.cells) < line <= max(c[axis] for c in p.cells)
                       for p in solution.placements):
                return True
    return False


def touch(a, b) -> bool:
    return any(sum(abs(x - y) for x, y in zip(c, d, strict=True)) == 1
               for c in a.cells for d in b.cells)


@pytest.mark.parametrize("engine", ["dlx", "cpsat"])
def test_grahams_theorem_for_every_rectangle_up_to_8x8(engine):
    """R. L. Graham, "Fault-free tilings of rectangles" (The Mathematical Gardner, 1981):
    an m x n rectangle has a fault-free domino tiling iff mn is even, m, n >= 5 and
    (m, n) is not (6, 6). The 1 x 2 rectangle is the single domino, crossing its one
    line: fault-free, the theorem's trivial case."""
    found = {}
    for m in range(1, 9):
        for n in range(m, 9):
            if m * n % 2 == 0:
                first = dominoes(n, m).first(where=[FaultFree()], engine=engine)
                assert first is None or not has_fault(first)
                found[m, n] = first is not None
    expected = {(m, n): (m >= 5 and n >= 5 and (m, n) != (6, 6)) or (m, n) == (1, 2)
                for m, n in found}
    assert found == expected


def test_fault_free_domino_counts_agree_with_a_plain_check_of_every_tiling():
    for width, height in [(6, 5), (8, 5), (7, 6), (8, 6)]:
        board = dominoes(width, height)
        plain = sum(not has_fault(s) for s in board.solve(symmetry="raw"))
        counts = {e: board.count(symmetry="raw", where=[FaultFree()], engine=e)
                  for e in ENGINES}
        assert set(counts.values()) == {plain}, (width, height, counts)
    assert plain == 62  # the 6 x 8 (the plain check above computed it)


def test_fault_free_squares_and_dominoes_3xn_match_oeis_a334396():
    """OEIS A334396: fault-free tilings of a 3 x n rectangle with squares and dominoes,
    0, 0, 2, 2, 10, 16, 52, 104 for n = 1 .. 8."""
    expected = [0, 0, 2, 2, 10, 16, 52, 104]
    for engine in ("dlx", "sat"):
        got = []
        for n in range(1, 9):
            cells = 3 * n
            board = Tiling([pieces.monomino()[0].with_copies(cells),
                            DOMINO.with_copies(cells // 2)], square.rectangle(n, 3),
                           optional=["O1", "I2"])
            got.append(int(board.count(symmetry="raw", where=[FaultFree()], engine=engine)))
        assert got == expected, engine


def test_fault_free_right_trominoes_match_oeis_a084479_across_one_axis():
    """OEIS A084479: 72 and 384 tilings of the 5 x 6 and 5 x 9 rectangles by right
    trominoes are fault-free in its sense, "the only straight interface is at the left
    and right end": no vertical line (``axes="x"``). Across both axes the 5 x 6 has 8:
    a 2 x 6 over a 3 x 6 makes a horizontal fault (the plain check agrees)."""
    v3 = pieces.by_name("polyominoes", "V3")
    for width, vertical in [(6, 72), (9, 384)]:
        board = Tiling([v3.with_copies(5 * width // 3)], square.rectangle(width, 5))
        for engine in ENGINES:
            assert board.count(symmetry="raw", where=[FaultFree(axes="x")],
                               engine=engine) == vertical
    assert board.count(where=[FaultFree(axes="x")]) == board.count()
    board = Tiling([v3.with_copies(10)], square.rectangle(6, 5))
    plain = sum(not has_fault(s) for s in board.solve(symmetry="raw"))
    assert plain == 8
    for engine in ENGINES:
        assert board.count(symmetry="raw", where=[FaultFree()], engine=engine) == plain


@pytest.mark.parametrize("width,height", [(20, 3), (15, 4)])
def test_fault_free_pentomino_rectangles_two_engines_and_the_plain_check(width, height):
    board = Tiling(pieces.pentominoes(), square.rectangle(width, height))
    plain_raw = sum(not has_fault(s) for s in board.solve(symmetry="raw"))
    plain_unique = sum(not has_fault(s) for s in board.solve())
    for engine in ("dlx", "memo"):
        unique, raw = board.count_both(where=[FaultFree()], engine=engine)
        assert (unique, raw) == (plain_unique, plain_raw)
    assert board.count_both(where=[FaultFree()], method="dedup") == (plain_unique, plain_raw)


@pytest.mark.slow
@pytest.mark.parametrize("width,height", [(12, 5), (10, 6)])
def test_fault_free_pentomino_rectangles_the_larger_two(width, height):
    """On dlx and frontier (the memo engine, checked on the smaller two above, takes 45 s
    on the 10x6 with the fault lines' items: issue 77)."""
    board = Tiling(pieces.pentominoes(), square.rectangle(width, height))
    plain = sum(not has_fault(s) for s in board.solve(symmetry="raw", engine="dlx"))
    for engine in ("dlx", "frontier"):
        assert board.count(symmetry="raw", where=[FaultFree()], engine=engine) == plain
    unique = board.count(where=[FaultFree()])
    assert unique * 4 == plain  # no pentomino rectangle is its own image


def test_fault_free_in_a_box_crosses_planes():
    brick = pieces.make("D", [(0, 0, 0), (1, 0, 0)], cubic.lattice)
    box = Tiling([brick.with_copies(12)], cubic.box(4, 3, 2))
    plain = sum(not has_fault(s) for s in box.solve(symmetry="raw"))
    assert box.count(symmetry="raw", where=[FaultFree()], engine="memo") == plain
    assert box.count(symmetry="raw", where=[FaultFree()]) == plain


def test_apart_pieces_two_engines_and_the_plain_check():
    board = Tiling(pieces.pentominoes(), square.rectangle(15, 4))
    listed = list(board.solve(symmetry="raw"))
    by_name = [{p.piece: p for p in s.placements} for s in listed]
    plain = sum(not touch(s["X"], s["I"]) for s in by_name)
    assert 0 < plain < len(listed)
    for engine in ("dlx", "memo"):
        assert board.count(symmetry="raw", where=[Apart("X", "I")], engine=engine) == plain
    three = sum(not (touch(s["X"], s["I"]) or touch(s["X"], s["U"]) or touch(s["I"], s["U"]))
                for s in by_name)
    assert board.count(symmetry="raw", where=[Apart("X", "I", "U")]) == three
    # up to symmetry: Burnside's quotients of the items apart, against the listing oracle
    assert board.count_both(where=[Apart("X", "I")], engine="memo") == \
        board.count_both(where=[Apart("X", "I")], method="dedup") == (205, plain)


def test_copies_apart_dominoes():
    """Copies of one piece kept apart: monominoes that fill the rest of a 4 x 4 with
    dominoes, no two monominoes side by side."""
    board = Tiling([pieces.monomino()[0].with_copies(4), DOMINO.with_copies(6)],
                   square.rectangle(4, 4))
    listed = list(board.solve(symmetry="raw"))
    plain = 0
    for s in listed:
        ones = [p for p in s.placements if p.piece == "O1"]
        plain += not any(touch(a, b) for k, a in enumerate(ones) for b in ones[k + 1:])
    assert 0 < plain < len(listed)
    for engine in ENGINES + ("sat",):
        assert board.count(symmetry="raw", where=[Apart.copies("O1")],
                           engine=engine) == plain


def test_within_keeps_a_piece_to_its_cells():
    board = Tiling(pieces.pentominoes(), square.rectangle(15, 4))
    left = {(x, y) for x in range(6) for y in range(4)}
    plain = sum(1 for s in board.solve(symmetry="raw") for p in s.placements
                if p.piece == "X" and left.issuperset(p.cells))
    assert plain > 0
    for engine in ("dlx", "memo"):
        assert board.count(symmetry="raw", where=[Within("X", left)], engine=engine) == plain


def test_symmetric_domino_tilings_match_a_plain_check():
    board = dominoes(6, 4)
    turn = {(x, y): (5 - x, 3 - y) for x in range(6) for y in range(4)}
    mirror = {(x, y): (5 - x, y) for x in range(6) for y in range(4)}

    def image(s, move):
        return sorted(tuple(sorted(move[c] for c in p.cells)) for p in s.placements)

    listed = list(board.solve(symmetry="raw"))
    own = [sorted(p.cells for p in s.placements) for s in listed]
    half_turn = sum(image(s, turn) == o for s, o in zip(listed, own, strict=True))
    assert board.count(symmetry="raw", where=[Symmetric("half-turn")]) == half_turn
    mirrored = sum(image(s, mirror) == o for s, o in zip(listed, own, strict=True))
    flipped = {(x, y): (x, 3 - y) for x, y in turn}
    either = sum(image(s, mirror) == o or image(s, flipped) == o
                 for s, o in zip(listed, own, strict=True))
    assert mirrored > 0
    assert board.count(symmetry="raw", where=[Symmetric("reflection")],
                       engine="cpsat") == either
    first = board.first(where=[Symmetric("half-turn")])
    assert first is not None and image(first, turn) == sorted(p.cells for p in first.placements)


@pytest.mark.parametrize("kind", ["any", "half-turn", "rotation", "reflection"])
def test_symmetric_solutions_from_the_quotients_equal_a_check_of_every_solution(
        kind, monkeypatch):
    def key(solution):
        return frozenset((p.piece, p.cells) for p in solution.placements)

    where = [Symmetric(kind)]
    v3 = pieces.trominoes()[1].with_copies(12)
    packing = Tiling([v3.with_copies(5)], square.rectangle(4, 4),
                     fill="pack").constrained([Apart.copies("V3")])  # 161 packings
    for board in (dominoes(6, 4), Tiling([v3], square.rectangle(6, 6)), packing):
        quotiented = tiling_solutions.symmetric_solutions(board.constrained(where), None,
                                                          "dlx", Clock(None), {})
        # (a mirror of the packing fixes placements whose quotient is no exact cover of
        # ours: then every solution is listed and checked, as the other path does)
        assert quotiented is not None or board is packing
        found = {engine: {key(s) for s in board.solve(symmetry="raw", where=where,
                                                      engine=engine)}
                 for engine in ("dlx", "cpsat")}
        unique = board.count(where=where)
        first = board.first(where=where)
        with monkeypatch.context() as listing:  # every solution listed and checked
            listing.setattr(tiling_solutions, "symmetric_solutions", lambda *_: None)
            checked = {key(s) for s in board.solve(symmetry="raw", where=where)}
            assert board.count(where=where) == unique
        assert found["dlx"] == found["cpsat"] == checked, board
        assert (first is None) == (not checked) and (first is None or key(first) in checked)


def test_an_exact_cover_takes_symmetric_any_on_its_options(monkeypatch):
    """An exact cover alone, no tiling behind it: the eight queens' 92 solutions in 12
    classes, of which one class (of 4) is fixed by a half turn (the published count:
    11 classes of 8 and one of 4), found by the quotients on two engines and by a check
    of every solution; the domino board's own exact cover as its tiling says."""
    from cpuzzler.models import queens
    from cpuzzler.symmetry import symmetric_search

    eight = queens(8)
    where = [Symmetric("any")]
    every = list(eight.solve())
    group = [p for p in eight.symmetries().elements() if p != tuple(range(64))]
    fixed = {s for s in every if any(tuple(sorted(p[o] for o in s)) == s for p in group)}
    for engine in ("dlx", "python"):
        assert set(eight.solve(engine=engine, where=where)) == fixed
    assert len(fixed) == 4 and eight.count(symmetry="raw", where=where) == 4
    assert eight.count(where=where) == 1 and eight.count().complete
    assert eight.first(where=where) in fixed
    assert len(list(eight.solve(2, where=where))) == 2
    with monkeypatch.context() as listing:  # no quotient: every solution checked
        listing.setattr(symmetric_search, "quotients", lambda *_: None)
        assert set(eight.solve(where=where)) == fixed
    board = dominoes(6, 4)
    assert (board.exact_cover.count(symmetry="raw", where=where)
            == board.count(symmetry="raw", where=where))
    assert board.exact_cover.count(where=where) == board.count(where=where)
    with pytest.raises(ExactCoverError, match="permutations of its options"):
        eight.count(where=[Symmetric("half-turn")])
    with pytest.raises(ExactCoverError, match="need a Tiling"):
        eight.count(where=[Apart("a", "b")])
    with pytest.raises(ExactCoverError, match="unknown symmetry"):
        eight.count(where=where, symmetry="bogus")


def test_constrained_unique_counts_equal_the_dedup_oracle():
    board = dominoes(8, 5)
    for where in ([FaultFree()], [Symmetric("any")], [FaultFree(), Symmetric("half-turn")]):
        assert board.count_both(where=where) == board.count_both(where=where, method="dedup")


def test_within_breaks_the_symmetries_it_does_not_keep():
    board = Tiling(pieces.pentominoes(), square.rectangle(10, 6))
    corner = [(x, y) for x in range(5) for y in range(3)]
    constrained = board.constrained([Within("X", corner)])
    assert len(constrained.symmetries) == 1
    assert constrained.count() == constrained.count(symmetry="raw")


def test_bad_constraints_say_what_is_wrong():
    board = Tiling(pieces.pentominoes(), square.rectangle(10, 6))
    with pytest.raises(ExactCoverError, match="no piece named 'Q'"):
        board.count(where=[Apart("X", "Q")])
    with pytest.raises(ExactCoverError, match="no piece named 'Q'"):
        board.count(where=[Within("Q", [(0, 0)])])
    with pytest.raises(ExactCoverError, match="no constraint"):
        board.count(where=["fault-free"])
    with pytest.raises(ExactCoverError, match="unknown kind"):
        Symmetric("glide")
    with pytest.raises(ExactCoverError, match="whole solutions"):
        board.sample(2, where=[Symmetric()])
    hexes = Tiling(pieces.tetrahexes(), hexagonal.parallelogram(7, 4))
    with pytest.raises(ExactCoverError, match="hexagonal lattice"):
        hexes.count(where=[FaultFree()])


def test_puzzle_files_and_the_shell_take_the_constraints(tmp_path, capsys):
    from cpuzzler.cli import main
    from cpuzzler.formats import puzzle_file

    path = tmp_path / "apart.toml"
    path.write_text('lattice = "square"\n[region]\nrectangle = [15, 4]\n[pieces]\n'
                    'set = "pentominoes"\n[[constraint]]\nkind = "fault-free"\n'
                    '[[constraint]]\nkind = "apart"\npieces = ["X", "I"]\n')
    board = Tiling(pieces.pentominoes(), square.rectangle(15, 4))
    both = board.count_both(where=[FaultFree(), Apart("X", "I")], engine="memo")
    assert puzzle_file.read(str(path)).count_both() == both
    assert main(["solve", str(path), "--count", "--engine", "dlx"]) == 0
    assert capsys.readouterr().out.startswith(f"{both[0]} solutions up to")
    assert main(["solve", "pentominoes-4x15", "--count", "--fault-free", "--apart", "X,I",
                 "--engine", "memo"]) == 0
    assert capsys.readouterr().out.startswith(f"{both[0]} solutions up to")


def test_puzzle_file_constraint_errors_name_the_line(tmp_path):
    from cpuzzler.errors import InputFormatError
    from cpuzzler.formats import puzzle_file

    head = 'lattice = "square"\n[region]\nrectangle = [15, 4]\n[pieces]\nset = "pentominoes"\n'
    for body, message in [('[[constraint]]\nkind = "faultless"\n', "needs kind"),
                          ('[[constraint]]\nkind = "apart"\npieces = ["X", "Q"]\n',
                           "no piece named 'Q'"),
                          ('[[constraint]]\nkind = "apart"\ncells = 3\n', "unknown key"),
                          ('fill = "loose"\n', "fill must be")]:
        path = tmp_path / "bad.toml"
        text = body + head if body.startswith("fill") else head + body
        path.write_text(text)
        with pytest.raises(InputFormatError, match=message) as caught:
            puzzle_file.read(str(path))
        assert caught.value.line > 0, message


def test_the_constraints_guide_runs_as_it_says():
    import doctest
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs/guides/constraints.md").read_text()
    examples = "\n".join(re.findall(r"```python\n(.*?)```", text, re.S))
    test = doctest.DocTestParser().get_doctest(examples, {}, "constraints.md",
                                               "docs/guides/constraints.md", 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert test.examples and runner.summarize(verbose=False).failed == 0


@pytest.mark.parametrize("make, said", [
    (lambda: Tiling(pieces.pentominoes(), square.rectangle(10, 6), where=FaultFree()),
     "where takes a list of constraints, like where=[FaultFree()]"),
    (lambda: Tiling(pieces.pentominoes(), square.rectangle(10, 6), where=None),
     "where takes a list of constraints, not None"),
    (lambda: Tiling(pieces.pentominoes(), square.rectangle(10, 6),
                    where=[FaultFree(axes="z")]).count(),
     "the square lattice has no z axis"),
    (lambda: FaultFree(axes=1), "axes 1: name some of x, y, z"),
    (lambda: Apart("X", "X"), "'X' named twice; Apart.copies('X')"),
], ids=["one-constraint", "none", "axis-z-on-squares", "axes-number", "apart-twice"])
def test_misused_constraints_get_one_clear_error(make, said) -> None:
    # issue 79: these were bare TypeErrors, or accepted
    with pytest.raises(ExactCoverError, match=re.escape(said)):
        make()


def test_a_puzzle_files_fault_free_axes_must_be_letters(tmp_path, capsys) -> None:
    from cpuzzler.cli import main

    path = tmp_path / "f.toml"
    path.write_text('lattice = "square"\nregion = { rectangle = [10, 6] }\n\n[pieces]\n'
                    'set = "pentominoes"\n\n[[constraint]]\nkind = "fault-free"\naxes = 1\n')
    assert main(["solve", str(path), "--count"]) == 2
    err = capsys.readouterr().err
    assert f"{path}:7: FaultFree: axes 1" in err and "internal error" not in err


def test_a_puzzle_files_apart_copies_must_be_true_or_false(tmp_path, capsys) -> None:
    from cpuzzler.cli import main

    path = tmp_path / "a.toml"
    path.write_text('lattice = "square"\nregion = { rectangle = [10, 6] }\n\n[pieces]\n'
                    'set = "pentominoes"\n\n[[constraint]]\nkind = "apart"\n'
                    'pieces = ["X", "I"]\ncopies = "yes"\n')
    assert main(["solve", str(path), "--count"]) == 2  # issue 79: "yes" was ignored
    assert "copies = true or false, not 'yes'" in capsys.readouterr().err


def test_pack_on_a_file_whose_pieces_do_not_fill_the_region(tmp_path, capsys) -> None:
    # issue 79: the area check refused the file before --pack applied
    from cpuzzler.cli import main

    path = tmp_path / "p.toml"
    path.write_text('lattice = "square"\nregion = { rectangle = [5, 5] }\n\n[pieces]\n'
                    'set = "pentominoes"\nonly = ["X", "I", "L"]\n')
    assert main(["solve", str(path), "--count"]) == 2
    assert "the pieces cover 15 cells; the region has 25" in capsys.readouterr().err
    assert main(["solve", str(path), "--pack"]) == 0
    record = capsys.readouterr().out
    assert all(f" {name}\n" in record for name in "XIL")  # all three placed


@pytest.mark.parametrize("where", [FaultFree(), None, "fault-free"])
def test_where_not_a_list_is_one_clear_error(where):
    board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
    for ask in (lambda: board.count(where=where), lambda: board.first(where=where),
                lambda: board.exact_cover.count(where=where),
                lambda: list(board.exact_cover.solve(where=where))):
        with pytest.raises(ExactCoverError, match="where takes a list of constraints"):
            ask()


def test_a_bad_constraint_in_a_file_names_its_place_once(tmp_path, capsys):
    from cpuzzler.cli import main

    path = tmp_path / "f.toml"
    path.write_text('lattice = "square"\nregion = { rectangle = [10, 6] }\n[pieces]\n'
                    'set = "pentominoes"\n\n[[constraint]]\nkind = "apart"\n')
    assert main(["solve", str(path), "--count"]) == 2
    said = capsys.readouterr().err
    assert said.count(f"{path}:6:") == 1 and "names its pieces" in said, said


def test_the_puzzle_files_guide_example_counts_as_it_says(tmp_path, capsys) -> None:
    # issue 79: the guide now shows fill and [[constraint]]; its file is
    # examples/pentominoes-4x15-apart.toml, and `info` and `gallery` name its constraints
    import tomllib
    from pathlib import Path

    from cpuzzler.cli import main
    from cpuzzler.formats.puzzle_file import parse

    root = Path(__file__).resolve().parents[1]
    guide = (root / "docs/guides/puzzle-files.md").read_text()
    blocks = re.findall(r"```toml\n(.*?)```", guide, re.S)
    example = root / "examples/pentominoes-4x15-apart.toml"
    assert tomllib.loads(example.read_text()) in [tomllib.loads(b) for b in blocks]
    puzzle = parse(example.read_text(), path=str(example))
    for engine in ("dlx", "frontier"):
        assert puzzle.count(engine=engine) == 189
        assert puzzle.count(engine=engine, symmetry="raw") == 756
    assert "189 solutions up to rotation and reflection; 756 in all" in guide
    assert main(["info", str(example), "--time-limit", "60"]) == 0
    said = capsys.readouterr().out
    assert "constraints: FaultFree(); Apart('X', 'I')" in said and "189 unique, 756 raw" in said
    assert main(["gallery", str(example), "-o", str(tmp_path), "-n", "1", "--no-count"]) == 0
    assert "Apart(&#x27;X&#x27;, &#x27;I&#x27;)" in (tmp_path / "index.html").read_text()
