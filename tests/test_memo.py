"""The memo engine: exact counts by memoised sub-problems, checked against brute force,
the reference engine and published counts."""

from __future__ import annotations

import pytest
from conftest import bounded_problems, brute_force_solutions, empty_sudoku
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpuzzler import ExactCover, catalog
from cpuzzler.engines import sweep
from cpuzzler.errors import ExactCoverError
from cpuzzler.grids import square
from cpuzzler.models import Sudoku, Tiling, pieces, queens
from cpuzzler.parts import count_in_parts

# Bounds (some past any option count), secondary items, identical options, and a random
# sweep order.
RANDOM_PROBLEMS = bounded_problems(primary=5, highs=[1, 1, 1, 2, 3, 2**31, 2**70],
                                   lows=lambda hi: [0, 1, 1, 2, hi], options=10, sweep=True)


CHOICES = ["sweep", "fewest"]


@pytest.mark.parametrize("choice", CHOICES)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xc=RANDOM_PROBLEMS)
def test_memo_counts_random_problems_as_brute_force_does(xc, choice):
    expected = len(brute_force_solutions(xc))
    assert xc.count(symmetry="raw", engine="memo",
                    choice=choice) == expected == xc.count(symmetry="raw", engine="python")
    assert xc.stats.reason == "done"


@pytest.mark.parametrize("choice", CHOICES)
@settings(max_examples=100, deadline=None)
@given(xc=RANDOM_PROBLEMS)
def test_a_tiny_memory_cap_drops_entries_but_keeps_the_count_exact(xc, choice):
    assert xc.count(symmetry="raw", engine="memo", memory=1,
                    choice=choice) == len(brute_force_solutions(xc))


def test_the_fewest_rule_searches_as_algorithm_x_and_merges_repeats():
    # pentominoes 6x10: the sweep meets millions of states, the fewest rule far fewer
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    assert xc.count(symmetry="raw", engine="memo", choice="fewest") == 9356
    assert xc.stats.memo["hits"] > 0
    assert xc.count(symmetry="raw", engine="dlx") == 9356
    with pytest.raises(ExactCoverError, match="choice rule is one of sweep, fewest"):
        xc.count(symmetry="raw", engine="memo", choice="smallest")


def test_evictions_happen_and_the_count_stays_exact():
    xc = queens(10)
    assert xc.count(symmetry="raw", engine="memo", memory=200_000) == 724
    assert xc.stats.memo["evictions"] > 0 and xc.stats.memo["dropped"] > 0
    assert xc.stats.memo["peak_bytes"] <= 200_000


@pytest.mark.parametrize("name, count, choice, cap",
                         [("polyhexes-1234-4x10", 14_809_060, "sweep", 3e7),
                          ("polyhexes-1234-4x10", 14_809_060, "sweep", 5e7),
                          ("queens-10", 724, "fewest", 2e5),
                          ("queens-10", 724, "fewest", 3e5)])
def test_the_cap_bounds_every_table_held_at_once(name, count, choice, cap):
    """Growing holds two tables, dropping happens in place: their bytes together stay under
    the cap, and more than half of it is used (the capacity need not be a power of two)."""
    problem = catalog.get(name).build()
    xc = getattr(problem, "exact_cover", problem)
    assert xc.count(symmetry="raw", engine="memo", memory=cap, choice=choice) == count
    memo = xc.stats.memo
    assert memo["evictions"] > 0 and cap / 2 < memo["peak_bytes"] <= cap


def dominoes(width, height):
    return Tiling([pieces.domino()[0].with_copies(width * height // 2)],
                  square.rectangle(width, height))


@pytest.mark.parametrize(("side", "tilings"), [(2, 2), (4, 36), (6, 6728), (8, 12988816),
                                                (12, 53060477521960000)])
def test_domino_tilings_of_squares(side, tilings):
    # OEIS A004003; the 12x12 count is far past enumeration, 8x8 in a few thousand steps
    xc = dominoes(side, side).exact_cover
    assert xc.count(symmetry="raw", engine="memo") == tilings
    assert xc.stats.memo["states"] < 100_000


def test_fault_lines_no_bound_can_stop_merge_states():
    # issue 77: a fault line is an item of bounds 1:n held by its n placements, so no
    # bound stops it and the key keeps min(used, 1) (csrc/memo.c, "Bounds that cannot
    # bind"): Graham's fault-free domino 6x5 tilings, and the pentomino 5x12 beside dlx
    from cpuzzler.constraints import FaultFree

    assert dominoes(6, 5).count(symmetry="raw", where=[FaultFree()], engine="memo") == 6
    board = Tiling(pieces.pentominoes(), square.rectangle(12, 5)).constrained([FaultFree()])
    xc = board.exact_cover
    assert xc.count(symmetry="raw", engine="memo") == 2984
    assert xc.stats.memo["states"] < 1_000_000  # 896,649; 9,377,303 (5.6 GB) before
    assert xc.count(symmetry="raw", engine="dlx") == 2984


def test_an_apart_constraints_edges_behind_the_sweep_are_forgotten():
    # csrc/memo.c, "Items behind the sweep": an edge item both of whose cells the sweep
    # has passed is cleared from the key; 8.5 CPU s before on the fault-free 4x15 with
    # the X and the I apart, 0.7 s after
    from cpuzzler.constraints import Apart, FaultFree

    board = Tiling(pieces.pentominoes(), square.rectangle(15, 4))
    xc = board.constrained([FaultFree(), Apart("X", "I")]).exact_cover
    assert xc.count(symmetry="raw", engine="memo") == 756
    assert xc.stats.memo["states"] < 300_000  # 228,385
    assert xc.count(symmetry="raw", engine="frontier") == 756


def test_domino_tilings_agree_with_enumeration():
    for width, height in [(3, 4), (4, 5), (5, 6)]:
        xc = dominoes(width, height).exact_cover
        counts = {xc.count(symmetry="raw", engine=e) for e in ("memo", "dlx", "python")}
        assert len(counts) == 1


def test_the_empty_4x4_sudoku_has_288_grids():
    assert empty_sudoku(2).count(symmetry="raw",
                                 engine="memo") == 288 == empty_sudoku(2).count(symmetry="raw",
                                                                                engine="dlx")


def test_the_6x6_sudoku_with_2x3_boxes_has_28200960_grids():
    xc = Sudoku.empty(box=(2, 3)).exact_cover
    xc = xc() if callable(xc) else xc
    assert xc.count(symmetry="raw", engine="memo") == 28_200_960


@pytest.mark.parametrize(("n", "count"), [(6, 4), (8, 92), (10, 724)])
def test_queens(n, count):
    assert queens(n).count(symmetry="raw",
                           engine="memo") == count == queens(n).count(symmetry="raw", engine="dlx")


@pytest.mark.slow
def test_13_queens_under_a_memory_cap():
    xc = queens(13)
    assert xc.count(symmetry="raw", engine="memo", memory=64 << 20) == 73712
    assert xc.stats.memo["evictions"] > 0


# Every catalog puzzle is counted by the memo engine, under the choice rule that counts
# it faster (measured): the sweep where few pieces keep the states few, the fewest rule
# where a dozen distinct pieces multiply them (the sweep takes minutes on Bedlam).
FEWEST_ON_MEMO = {"pentominoes-6x10", "pentominoes-3x20-ring", "pentominoes-8x8-hole",
                  "solid-pentominoes-2x3x10", "solid-pentominoes-2x5x6",
                  "solid-pentominoes-3x4x5", "solid-pentominoes-ring-5x3x5",
                  "solid-pentominoes-ring-6x3x4", "solid-pentominoes-ring-5x4x4",
                  "conway-5x5x5", "bedlam-cube", "hexiamonds-6x6", "hexiamonds-snowflake",
                  "hexiamonds-ring", "hexiamonds-crescent", "hexiamonds-crescent-2",
                  "hexiamonds-trefoil", "tetrasticks-5x5", "polytrigs-23-hexagon",
                  "pentatwigs-triangle", "queens-12", "queens-13", "langford-11",
                  "langford-12", "pentominoes-8x8-square", "tetrasticks-5x5-without-H",
                  "tetrasticks-5x5-without-J", "tetrasticks-5x5-without-L",
                  "tetrasticks-5x5-without-N", "tetrasticks-5x5-without-Y",
                  "tetrasticks-aztec-diamond", "tritrigs-stacked-elongated-hexagons",
                  "tritrigs-spiked-triangle-2", "tritrigs-trefoil-1", "tritrigs-whorl",
                  "pentatwigs-5x3", "pentatwigs-chevron-3x3", "pentatwigs-chevron-5x2",
                  "pentatwigs-trapezoid-6x3", "pentatwigs-staggered-rectangle-5x3",
                  "pentatwigs-wave-staggered-rectangle-5x3"}
SLOW_ON_MEMO = {"solid-pentominoes-3x4x5", "bedlam-cube", "tetrasticks-5x5",
                "pentominoes-8x8-square"}


@pytest.mark.parametrize("name", [
    pytest.param(e.name, marks=pytest.mark.slow) if e.name in SLOW_ON_MEMO else e.name
    for e in catalog.PUBLISHED])
def test_catalog_counts_on_the_memo_engine(name):
    from cpuzzler.cli.common import exact_cover_of

    entry = catalog.get(name)
    puzzle = entry.build()
    # a Sudoku's givens leave no order to sweep in: the fewest rule finds its one solution
    fewest = name in FEWEST_ON_MEMO or name.startswith(("sudoku-top95-", "sudoku-17-"))
    choice = "fewest" if fewest else "sweep"
    if isinstance(puzzle, Tiling) and entry.unique is not None:
        assert puzzle.count_both(engine="memo", choice=choice) == (entry.unique, entry.raw)
    elif isinstance(puzzle, Tiling):
        assert puzzle.count(symmetry="raw", engine="memo", choice=choice) == entry.raw
    else:
        assert exact_cover_of(puzzle).count(symmetry="raw", engine="memo",
                                            choice=choice) == entry.raw


@pytest.mark.parametrize("name", ["polyhexes-1234-4x10", "polyhexes-1234-5x8"])
def test_the_counts_found_here_for_open_puzzles(name):
    # the Polyform Puzzler FAQ, question 3.1: "many solutions, exact number
    # unknown"; benchmarks/open_counts.py counts
    # them by two more methods
    entry = catalog.get(name)
    assert entry.raw is None and entry.found is not None
    assert entry.build().count_both(engine="memo") == entry.found[:2]


def test_the_choice_lists_name_catalog_puzzles():
    assert FEWEST_ON_MEMO.issubset(catalog.CATALOG) and SLOW_ON_MEMO.issubset(FEWEST_ON_MEMO)


def test_memo_in_parts_and_in_check(capsys):
    from cpuzzler.cli import main

    puzzle = catalog.get("pentominoes-5x12").build()
    assert count_in_parts(puzzle, symmetry="unique", engine="memo", jobs=2) == (1010, 4040)
    assert main(["check", "queens-8", "--engines", "dlx,memo,python"]) == 0
    assert "all 3 engines agree: 12 (92 in all)" in capsys.readouterr().out


def test_a_time_limit_leaves_a_marked_lower_bound():
    xc = queens(13)
    total = xc.count(symmetry="raw", engine="memo", time_limit=0.2)
    assert not total.complete and total.reason == "time-out" and total < 73712


def test_a_sweep_order_naming_unknown_items_is_an_error():
    xc = queens(4)
    xc.sweep = ["nowhere"]
    with pytest.raises(ExactCoverError, match="unknown item 'nowhere'"):
        xc.count(symmetry="raw", engine="memo")


@pytest.mark.parametrize("name", ["pentominoes-3x20", "polyhexes-1234-4x10", "tetrahexes-4x7"])
def test_a_dlx_file_gets_a_sweep_order_from_its_matrix(name):
    """A DLX file brings no sweep: the order of its items (pieces first) left the memo
    engine at "at least 0" after a minute on pentominoes 3x20; the order derived from
    the matrix counts it as the model does (benchmarks/derived_sweep.py measures all)."""
    entry = catalog.get(name)
    tiling = entry.build()
    plain = ExactCover.from_dlx_text(tiling.exact_cover.to_dlx())
    assert plain.sweep is None
    order = [plain.items[i] for i in sweep.derived_sweep(plain)]
    assert order[0] in tiling.exact_cover.sweep  # a cell
    pieces = {p.name for p in tiling.pieces}
    assert not pieces & set(order[:len(order) // 3])  # the pieces come late
    total = plain.count(symmetry="raw", engine="memo", time_limit=60)
    assert total.complete and total == (entry.raw or entry.found[1])


def test_memo_lists_solutions_through_the_native_engine():
    assert len(list(queens(6).solve(engine="memo"))) == 4


# --- uniform sampling --------------------------------------------------------------------

def _chi_square_critical(df: int, z: float = 3.09) -> float:
    """The chi-square value a uniform sample passes with probability 0.999 (z = 3.09),
    by the Wilson-Hilferty approximation."""
    return df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3


@pytest.mark.parametrize("choice", CHOICES)
def test_samples_are_uniform_by_a_chi_square_test(choice):
    # the 281 domino tilings of a 4x6 board, each drawn about 40 times
    xc = dominoes(4, 6).exact_cover
    every = set(xc.solve())
    assert len(every) == 281
    draws = xc.sample(281 * 40, seed=2026, choice=choice)
    assert set(draws) <= every
    expected = len(draws) / len(every)
    counts = {s: 0 for s in every}
    for d in draws:
        counts[d] += 1
    statistic = sum((n - expected) ** 2 / expected for n in counts.values())
    assert statistic < _chi_square_critical(len(every) - 1)
    assert min(counts.values()) > 0


def test_samples_are_solutions_reproducible_by_seed_and_reach_far_past_enumeration():
    xc = dominoes(12, 12).exact_cover  # 5.3e16 tilings
    draws = xc.sample(20, seed=5)
    assert draws == xc.sample(20, seed=5) and draws != xc.sample(20, seed=6)
    cells = [i for i in xc.items if not xc.is_secondary(i)]
    for d in draws:
        covered = [item for o in d for item in xc.option(o)]
        assert sorted(covered) == sorted(cells)


@pytest.mark.parametrize("choice", CHOICES)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xc=RANDOM_PROBLEMS, seed=st.integers(0, 2**64 - 1))
def test_every_sample_of_a_random_problem_is_one_of_its_solutions(xc, seed, choice):
    solutions = brute_force_solutions(xc)
    draws = xc.sample(5, seed=seed, choice=choice)
    assert len(draws) == (5 if solutions else 0)
    assert set(draws) <= solutions


def test_the_cli_draws_samples(capsys):
    from cpuzzler.cli import main

    assert main(["solve", "pentominoes-3x20", "--sample", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("sample ") == 3
    assert main(["solve", "queens-8", "--sample", "2", "--engine", "dlx"]) == 2


def test_the_cli_takes_the_choice_rule(capsys):
    from cpuzzler.cli import main

    assert main(["solve", "pentominoes-3x20", "--count", "--engine", "memo",
                 "--choice", "fewest"]) == 0
    assert "2 solutions up to rotation and reflection; 8 in all" in capsys.readouterr().out
    assert main(["solve", "queens-8", "--count", "--choice", "fewest"]) == 0  # memo's
    assert capsys.readouterr().out.startswith("12 solutions")
    assert main(["solve", "queens-8", "--count", "--choice", "fewest", "--engine",
                 "frontier"]) == 2
    assert "--choice needs --engine memo" in capsys.readouterr().err
