"""The reference engine against brute force and against published counts."""

import pytest
from conftest import brute_force_solutions, empty_sudoku
from hypothesis import given, settings
from hypothesis import strategies as st

from cpuzzler import ExactCover
from cpuzzler.models import queens


@st.composite
def random_problems(draw) -> ExactCover:
    """Small problems with bounds, secondary items, and often no solution."""
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(0, 3))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    bounds = {}
    plain = draw(st.booleans())  # half of them plain exact cover: every primary item 1:1
    for name in primary:
        lo = 1 if plain else draw(st.integers(0, 2))
        hi = 1 if plain else draw(st.integers(max(lo, 1), 3))
        bounds[name] = (lo, hi)
    xc = ExactCover(primary=primary, secondary=secondary, bounds=bounds)
    n_options = draw(st.integers(0, 12))
    for _ in range(n_options):
        first = draw(st.sampled_from(primary))
        rest = draw(st.sets(st.sampled_from(primary + secondary), max_size=3))
        xc.add_option([first, *sorted(rest - {first})])
    return xc


@settings(max_examples=400, deadline=None)
@given(random_problems())
def test_reference_engine_finds_exactly_the_brute_force_solutions(xc):
    solutions = list(xc.solve(engine="python"))
    assert len(solutions) == len(set(solutions)), "a solution was reported twice"
    assert all(list(s) == sorted(s) for s in solutions)
    assert set(solutions) == brute_force_solutions(xc)
    assert xc.count(symmetry="raw", engine="python") == len(solutions)


@pytest.mark.parametrize(("n", "expected"), [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4),
                                             (7, 40), (8, 92)])
def test_n_queens_counts(n, expected):
    assert queens(n).count(symmetry="raw", engine="python") == expected


def test_empty_4x4_sudoku_has_288_solutions():
    assert empty_sudoku(2).count(symmetry="raw", engine="python") == 288


def test_every_queens_solution_is_a_valid_placement():
    xc = queens(6)
    for solution in xc.solve():
        squares = [tuple(int(n[1:]) for n in xc.option(o)[:2]) for o in solution]
        assert len({r for r, _ in squares}) == len({c for _, c in squares}) == 6
        assert len({r + c for r, c in squares}) == len({r - c for r, c in squares}) == 6


def test_time_limit_zero_returns_a_partial_count_marked_incomplete():
    total = queens(9).count(symmetry="raw", engine="python", time_limit=0)
    assert not total.complete and total.reason == "time-out"
    assert total < 352
