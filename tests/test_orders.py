"""Sweep orders for matrices without one (``engines.orders``): the candidates are orders
of the primary items with the pieces last, the spectral one lays a board out column by
column (row by row on a square, whose Fiedler vector is any mix of its axes), and a
DLX file exported from a catalog puzzle counts right on the order chosen."""

from __future__ import annotations

import pytest

from cpuzzler import catalog
from cpuzzler.engines import orders, sweep
from cpuzzler.exact_cover import ExactCover
from cpuzzler.results import Stats


def exported(name: str) -> ExactCover:
    """A catalog puzzle as its DLX file reads back: no sweep, no names of cells."""
    return ExactCover.from_dlx_text(catalog.get(name).build().exact_cover.to_dlx())


def test_every_candidate_orders_the_primary_items_with_the_pieces_last():
    xc = exported("pentominoes-5x12")
    pieces = sweep.piece_items(xc)
    primary = [i for i in range(len(xc.items)) if not xc.is_secondary(xc.items[i])]
    found = orders.candidates(xc)
    assert list(found) == ["spectral", "greedy", "spectral-reversed", "rcm"]
    for order in found.values():
        assert sorted(order) == primary
        assert set(order[-len(pieces):]) == pieces


@pytest.mark.parametrize(("name", "side"), [("pentominoes-6x10", 6),
                                            ("pentominoes-8x8-hole", 8)])
def test_the_spectral_order_takes_a_board_a_line_at_a_time(name, side):
    """The first ``side`` cells (named x,y in the file) share one coordinate: a column
    of the 6x10; on the square 8x8 a row or a column, the axis found in the plane of
    the two equal eigenvalues."""
    xc = exported(name)
    first = [tuple(xc.items[i].split(",")) for i in orders.candidates(xc)["spectral"][:side]]
    assert len({x for x, _ in first}) == 1 or len({y for _, y in first}) == 1


@pytest.mark.parametrize("name", ["pentominoes-5x12", "pentominoes-8x8-hole",
                                  "hexiamonds-6x6", "pentominoes-4x15", "soma"])
def test_a_dlx_file_counts_right_on_the_order_chosen(name):
    entry = catalog.get(name)
    xc = exported(name)
    assert xc.count(symmetry="raw", engine="frontier") == entry.raw
    chosen, again = orders.choose(xc)  # kept: no moment run again
    assert again is None and chosen.name in orders.candidates(xc)
    assert orders.choose(xc)[0] is chosen


def test_a_trial_cut_short_goes_on_at_the_next_call():
    xc = exported("pentominoes-6x10")
    stats = Stats()
    choice, total = orders.choose(xc, time_limit=0.05, stats=stats)
    assert total is None and stats.reason == "time-out"
    assert orders.choose(xc)[0] is not choice  # this time every moment ran
    assert xc.count(symmetry="raw", engine="frontier") == 9356
