"""The native branch and bound for the k cheapest covers (engines/cheapest.py, csrc/cheapest.c),
checked against the listing of every solution (the python engine) and CP-SAT."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpuzzler import ExactCover, catalog
from cpuzzler.engines import cheapest as engine
from cpuzzler.engines.cheapest import bound_groups, cheapest, priced_problem, refusal
from cpuzzler.grids import square
from cpuzzler.models import Sudoku, Tiling, langford, pieces, queens
from cpuzzler.results import Stats


def _listed(xc: ExactCover, weights: list[int], maximize: bool) -> list[int]:
    values = sorted(sum(weights[o] for o in s) for s in xc.solve(engine="python"))
    return values[::-1] if maximize else values


def _no_prices(*args):
    return None


def test_dlx5s_own_example_of_ten_solutions():
    # DLX5's introduction: ten solutions of costs 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, found in
    # the order 3, 1, 4, 1, 2, 3, 2, 4, 0, 0; the k best are the k least, whatever k
    xc = ExactCover(primary=["a"])
    for cost in (3, 1, 4, 1, 2, 3, 2, 4, 0, 0):
        xc.add_option(["a"], cost=cost)
    for k in (1, 3, 5, 8, 10, 12):
        found = cheapest(xc, xc.costs, False, k, None)
        assert [f.value for f in found] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4][:k]
        assert all(f.optimal for f in found)


@st.composite
def priced_problems(draw):
    primary = [f"p{i}" for i in range(draw(st.integers(1, 5)))]
    secondary = [f"s{i}" for i in range(draw(st.integers(0, 2)))]
    xc = ExactCover(primary=primary, secondary=secondary)
    weights = []
    for _ in range(draw(st.integers(1, 14))):
        items = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        items += draw(st.lists(st.sampled_from(secondary), max_size=2, unique=True)
                      if secondary else st.just([]))
        xc.add_option(items)
        weights.append(draw(st.integers(-6, 9)))
    return xc, weights


@settings(max_examples=150, deadline=None)
@given(priced_problems(), st.booleans(), st.integers(1, 5), st.booleans())
def test_the_k_cheapest_are_the_listings_k_least(problem, maximize, k, prices):
    xc, weights = problem
    assert refusal(xc, weights) is None
    with mock.patch.object(engine, "lp_duals", engine.lp_duals if prices else _no_prices):
        found = cheapest(xc, weights, maximize, k, None)
    assert [f.value for f in found] == _listed(xc, weights, maximize)[:k]
    assert all(f.optimal and sum(weights[o] for o in f.solution) == f.value for f in found)
    assert len({f.solution for f in found}) == len(found)
    assert all(xc.violation(f.solution) is None for f in found)


@pytest.mark.parametrize("build, weigh", [
    (lambda: queens(8), lambda o: (o // 8) * (o % 8)),
    (lambda: langford(7), lambda o: (7 * o) % 11),
])
def test_two_engines_agree_on_the_k_best(build, weigh):
    xc = build()
    weights = [weigh(o) for o in range(xc.num_options)]
    for maximize in (False, True):
        mine = xc.best(weights, maximize=maximize, k=4)
        assert xc.stats.engine == "dlx" and xc.stats.kernel == "cheapest"
        theirs = xc.best(weights, maximize=maximize, k=4, engine="cpsat")
        assert [f.value for f in mine] == [f.value for f in theirs]
        assert [f.value for f in mine] == _listed(xc, weights, maximize)[:4]


def test_a_tilings_best_proves_the_obvious_bound_at_once():
    # every tiling covers all 60 cells: the first one found is proven best (issue 79)
    board = catalog.get("pentominoes-6x10").build()
    with mock.patch.object(engine, "lp_duals", side_effect=AssertionError("no prices")):
        found = board.best()  # every tiling alike: no relaxation solved for prices
    assert (found.value, found.optimal) == (60, True)
    assert board.exact_cover.stats.nodes < 10_000


def test_the_linear_relaxations_prices_prove_a_packing_at_once():
    # 12 pentominoes in an 8x8 square as DLX5 would take it: every cell covered once, by
    # a piece or by an option leaving it empty at cost 1; the pieces secondary. DLX5's
    # taxes see nothing (every cell has a free option) and neither it nor the search
    # without prices proves 4 in a minute; the relaxation's prices (a cell 1, a piece
    # -5: 64 - 60) bound every node by 4, so the first 4 found ends the search
    board = Tiling(pieces.pentominoes(), square.rectangle(8, 8), fill="pack").exact_cover
    names = {p.name for p in pieces.pentominoes()}
    cells = [n for n in board.secondary if n not in names]
    xc = ExactCover(primary=cells, secondary=sorted(names))
    for o in range(board.num_options):
        xc.add_option(board.option(o), cost=0)
    for cell in cells:
        xc.add_option([cell], cost=1)
    priced = priced_problem([xc.option_items(o) for o in range(xc.num_options)],
                            [xc.is_secondary(n) for n in xc.items], xc.costs, None)
    assert len(priced.slack) == 12 and priced.offset == 4 * priced.unit
    stats = Stats()
    found = cheapest(xc, xc.costs, False, 3, None, stats)
    assert [(f.value, f.optimal) for f in found] == [(4, True)] * 3
    assert stats.nodes < 10_000
    assert all(xc.violation(f.solution) is None for f in found)
    assert all(sum(len(xc.option_items(o)) == 1 for o in f.solution) == 4 for f in found)


def test_the_bound_uses_a_partition_of_the_options():
    board = catalog.get("pentominoes-6x10").build().exact_cover
    groups = bound_groups(board)
    assert [sorted(board.items[i] for i in g) for g in groups] == [sorted("FILNPTUVWXYZ")]
    sudoku = Sudoku.from_string("." * 16).exact_cover  # cells, rows, columns, boxes
    assert len(bound_groups(sudoku)) == 4
    xc = ExactCover(primary=["a", "b", "c"])
    for items in (["a", "b"], ["b", "c"], ["c"]):
        xc.add_option(items)
    assert bound_groups(xc) in ([[0, 2]], [[1]])  # greedy: no option holds two


def test_what_it_refuses_goes_to_another_engine():
    xc = ExactCover(primary=["a", "b"], secondary=["x"], bounds={"b": (1, 2)})
    for items in (["a", ("x", "red")], ["b", ("x", "red")], ["a", "b"], ["b"]):
        xc.add_option(items)
    assert refusal(xc, [1, 2, 3, 4]) == "colours"
    assert xc.best([1, 2, 3, 4], maximize=False).value == min(_listed(xc, [1, 2, 3, 4], False))
    plain = ExactCover(primary=["a", "b"], bounds={"b": (1, 2)})
    plain.add_option(["a"])
    plain.add_option(["b"])
    assert "bounds" in refusal(plain, [0, 0])
    assert "k times" in refusal(queens(8), [0] * 64, k=10**7)


def test_a_time_limit_keeps_the_best_found_unproven():
    # a deadline already past stops the search at its first look at the clock (8192 nodes)
    board = catalog.get("pentominoes-6x10").build().exact_cover
    weights = [(o * 7919) % 10 for o in range(board.num_options)]
    stats = Stats()
    found = cheapest(board, weights, False, 3, 0.0, stats)
    assert stats.reason == "time-out" and stats.nodes < 10_000
    assert all(not f.optimal and f.reason == "time-out" for f in found)
    assert all(board.violation(f.solution) is None for f in found)
