"""Packings and objectives (``Tiling.best``, ``ExactCover.best``): optima that CP-SAT and
RC2 MaxSAT both prove, equal to listing every solution where that fits and to published
values where they exist."""

from __future__ import annotations

import pytest

from cpuzzler import ExactCover
from cpuzzler.constraints import Apart, Symmetric
from cpuzzler.errors import ExactCoverError
from cpuzzler.grids import square
from cpuzzler.grids.region import Region
from cpuzzler.models import Tiling, pieces

TROMINO = pieces.by_name("polyominoes", "V3")
MONOMINO = pieces.monomino()[0]
PROVERS = ("cpsat", "sat")


def test_right_tromino_packings_of_squares():
    """The most cells right trominoes cover in an n x n square: every cell where 3 | n
    but n = 3 (two trominoes in the 3 x 3), all but one for n = 4, 5 (16 and 25 are 1
    more than a multiple of 3; a deficient 5 x 5 is tileable where the missing cell is
    right: Chu and Johnsonbaugh, "Tiling deficient boards with trominoes", Mathematics
    Magazine 59 (1986)); listing every packing agrees on the 4 x 4."""
    for n, most in [(3, 6), (4, 15), (5, 24), (6, 36)]:
        board = Tiling([TROMINO.with_copies(n * n // 3)], square.rectangle(n, n), fill="pack")
        for engine in PROVERS:
            found = board.best(engine=engine)
            assert (found.value, found.optimal) == (most, True), (n, engine)
            assert len({c for p in found.solution.placements for c in p.cells}) == most
    listed = Tiling([TROMINO.with_copies(5)], square.rectangle(4, 4), fill="pack")
    assert listed.best(engine="dlx").value == listed.best(engine="python").value == 15


def test_the_mutilated_chessboard_holds_thirty_dominoes():
    """The chessboard without two opposite corners has no domino tiling (its colours
    differ by two: M. Black, "Critical Thinking", 1946; Gardner's "The mutilated
    chessboard"), and 30 dominoes fit: 60 of its 62 cells, both provers."""
    cells = [(x, y) for x in range(8) for y in range(8) if (x, y) not in [(0, 0), (7, 7)]]
    board = Tiling([pieces.domino()[0].with_copies(31)], Region(square.lattice, cells),
                   fill="pack")
    for engine in PROVERS:
        found = board.best(engine=engine)
        assert (found.value, found.optimal, len(found.solution.placements)) == (60, True, 30)


def test_monominoes_apart_are_an_independent_set():
    """Monominoes pairwise apart in an n x n square: at most ceil(n^2 / 2), the
    squares of one colour of the chessboard (the grid graph's independence number)."""
    for n in (3, 4, 5):
        board = Tiling([MONOMINO.with_copies(n * n)], square.rectangle(n, n), fill="pack")
        for engine in PROVERS + ("dlx",):
            found = board.best(engine=engine, where=[Apart.copies("O1")])
            assert (found.value, found.optimal) == ((n * n + 1) // 2, True), (n, engine)


def test_packing_counts_agree_across_engines():
    board = Tiling([TROMINO.with_copies(5)], square.rectangle(4, 4), fill="pack")
    raw = {e: board.count(symmetry="raw", engine=e) for e in ("dlx", "memo", "python", "sat")}
    assert len(set(raw.values())) == 1
    assert board.count_both() == board.count_both(method="dedup")
    assert board.count_both()[1] == raw["dlx"]


def test_weights_and_functions_minimise_and_maximise_alike_on_every_engine():
    board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
    right_end = [max(x for x, _ in p.cells) if p.piece == "X" else 0 for p in board.placements]
    for engine in PROVERS + ("dlx",):
        low = board.best(minimize=right_end, engine=engine)
        high = board.best(maximize=lambda p: max(x for x, _ in p.cells) * (p.piece == "X"),
                          engine=engine)
        assert (low.value, high.value, low.optimal, high.optimal) == (3, 18, True, True)
        assert sum(right_end[board.placements.index(p)] for p in low.solution.placements) == 3


def test_exact_cover_best_on_a_matrix_and_with_no_solution():
    xc = ExactCover(primary=["a", "b", "c"])
    for items in (["a", "b"], ["c"], ["a"], ["b"], ["b", "c"]):
        xc.add_option(items)
    for engine in PROVERS + ("dlx", "python"):
        assert xc.best([5, 1, 1, 1, 3], engine=engine).value == 6
        assert xc.best([5, 1, 1, 1, 3], maximize=False, engine=engine).value == 3
    none = ExactCover(primary=["a", "b"])
    none.add_option(["a"])
    for engine in PROVERS + ("dlx",):
        found = none.best([1], engine=engine)
        assert (found.solution, found.value, found.optimal) == (None, None, True)


def test_bad_objectives_say_what_is_wrong():
    board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
    with pytest.raises(ExactCoverError, match="not both"):
        board.best(maximize=[0] * len(board.placements), minimize=[0] * len(board.placements))
    with pytest.raises(ExactCoverError, match="one whole-number weight per option"):
        board.best(maximize=[1, 2])
    with pytest.raises(ExactCoverError, match="whole numbers, not 0.5 \\(option 1\\)"):
        board.best(maximize=[1, 0.5] + [1] * (len(board.placements) - 2))
    with pytest.raises(ExactCoverError, match="whole solutions"):
        board.best(where=[Symmetric()])
    with pytest.raises(ExactCoverError, match="unknown fill"):
        Tiling(pieces.pentominoes(), square.rectangle(20, 3), fill="loose")


@pytest.mark.parametrize("weight", [10**30, 2**62])
def test_weights_past_cpsats_objective(weight) -> None:
    # issue 79: CP-SAT raised a raw RuntimeError; now it says so, and the default goes
    # to MaxSAT, which takes any size (as the listing does)
    xc = ExactCover(primary=["a", "b"])
    xc.add_option(["a"]), xc.add_option(["b"]), xc.add_option(["a", "b"])
    with pytest.raises(ExactCoverError, match="past the 2\\*\\*53"):
        xc.best([weight, 1, 2], engine="cpsat")
    found = xc.best([weight, 1, 2])
    assert (found.solution, found.value, found.optimal) == ((0, 1), weight + 1, True)
    assert xc.best([weight, 1, 2], engine="dlx").value == weight + 1


def test_the_counting_engines_answer_best_by_the_native_listing():
    # the constraints guide's table: memo, frontier and zdd list through the native
    # engine, so their best is the listing's; the diagram finds the same in one pass
    from cpuzzler.models import queens

    xc = queens(6)
    weights = [(o * 7) % 11 for o in range(xc.num_options)]
    want = xc.best(weights, engine="python")
    for engine in ("memo", "frontier", "zdd"):
        found = xc.best(weights, engine=engine)
        assert (found.value, found.optimal) == (want.value, True), engine
        assert xc.stats.engine == engine
    assert xc.diagram().best(weights)[0] == want.value


@pytest.mark.parametrize("engine", ["sat", "cpsat", "python"])
def test_a_tilings_cells_are_proven_at_the_first_tiling_on_every_engine(engine):
    # issue 79: every tiling covers all 60 cells, so the first is the best: RC2 proved
    # nothing on the 6x10 in 30 s, nor on the 3x20 in 300 s; now the first is proven
    board = Tiling(pieces.pentominoes(), square.rectangle(10, 6))
    found = board.best(engine=engine)
    assert (found.value, found.optimal, found.reason) == (60, True, "done")
    assert board.exact_cover.stats.solutions == 1  # no listing, no proof search
    ranked = board.best(engine=engine, k=3)  # any three are the three best
    assert [(f.value, f.optimal) for f in ranked] == [(60, True)] * 3
    assert len({f.solution.record() for f in ranked}) == 3
    # a weight that tells tilings apart goes to the engine's own objective again
    def x_at_right(p):
        return max(x for x, _ in p.cells) if p.piece == "X" else 0

    x_left = board.best(minimize=x_at_right, engine="sat" if engine == "python" else engine)
    assert (x_left.value, x_left.optimal) == (board.best(minimize=x_at_right).value, True)
    assert x_left.value == 2  # the X's right arm in the third column: it fits no nearer
    three = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
    assert three.best(engine=engine).value == 60
