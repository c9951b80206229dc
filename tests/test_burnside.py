"""Unique counts by Burnside's lemma (``cpuzzler.symmetry.burnside``) against listing every
solution and naming its class: on random matrices with symmetry planted in them (bounded
items, secondary items and colours among them), on catalog puzzles, and on the boards
whose unique counts only the counting engines reach."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpuzzler import ExactCover, catalog
from cpuzzler.cli import main
from cpuzzler.grids import square
from cpuzzler.models import Tiling, pieces, queens
from cpuzzler.symmetry.burnside import count_by_burnside, cyclic_classes, quotient


@st.composite
def planted_problems(draw) -> ExactCover:
    """Copies of a small random problem turned into one another by a cyclic shift of
    the blocks, tied by an item every copy may hold (with bounds), a secondary item
    given colours, and options across the blocks, shifted too; names and options
    shuffled."""
    size = draw(st.integers(1, 3))
    copies = draw(st.integers(2, 3))
    base = draw(st.lists(st.integers(1, 2 ** size - 1), min_size=1, max_size=4))
    shared = draw(st.booleans())  # a primary item "p" with bounds, held across blocks
    lo = draw(st.integers(0, copies))
    hi = draw(st.integers(max(lo, 1), copies + 1))
    colours = draw(st.booleans())  # a secondary item "s" given a colour by some options
    crossing = draw(st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)),
                             max_size=2))  # an option from block c to block c + 1
    names = [f"b{c}i{i}" for c in range(copies) for i in range(size)]
    options: list[list] = []
    for c in range(copies):
        for k, mask in enumerate(base):
            option: list = [f"b{c}i{i}" for i in range(size) if mask >> i & 1]
            if shared and k % 2 == 0:
                option.append("p")
            if colours and k % 3 != 2:
                option.append(("s", "red" if k % 2 else "blue"))
            options.append(option)
        for i, j in crossing:
            options.append(sorted({f"b{c}i{i}", f"b{(c + 1) % copies}i{j}"}))
    rng = random.Random(draw(st.integers(0, 2 ** 16)))
    rng.shuffle(names)
    xc = ExactCover(primary=names + (["p"] if shared else []),
                    secondary=["s"] if colours else [],
                    bounds={"p": (lo, hi)} if shared else None)
    for option in rng.sample(options, len(options)):
        xc.add_option(option)
    return xc


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(planted_problems())
def test_burnside_counts_equal_the_listed_classes_on_planted_symmetry(xc):
    group = xc.symmetries()
    assert group.note is None
    listed = xc.count_both(engine="python", method="dedup")
    for engine in ("memo", "frontier"):
        assert xc.count_both(engine=engine, method="burnside") == listed
    if group.order > 5040:  # equal options swap freely: too many to list (then reduce)
        return
    counted = count_by_burnside(xc, group.elements(), engine="python")
    if counted is not None:  # None: a quotient past our exact covers (then reduce)
        assert (counted.unique, counted.raw) == listed
        assert sum(f.elements for f in counted.fixed) == group.order
        assert counted.fixed[0].label == "identity"


def test_a_quotient_keeps_the_orbits_that_do_not_overlap():
    """The half turn of a 2x2 board: the two dominoes of a row map onto each other and
    so do the columns' (orbits of two disjoint options), so the quotient has two items
    (one per orbit of cells) and two options, each a solution."""
    board = Tiling([replace(pieces.polyominoes(2)[0], copies=2)], square.rectangle(2, 2))
    half_turn = next(p for p in board.option_symmetries() if _order(p) == 2
                     and board.group().proper[board.option_symmetries().index(p) + 1])
    part = quotient(board.exact_cover, tuple(half_turn))
    assert part is not None and len(part.items) == 2 and part.count(symmetry="raw") == 2


def _order(permutation) -> int:
    return next(order for g, order, _ in cyclic_classes([tuple(permutation)])
                if g != tuple(range(len(permutation))))


def test_bounded_items_with_mixed_multiplicities_fall_back():
    """An item of bounds 0:2 that one orbit of two options covers twice and a fixed
    option once: the quotient would need an option covering an item twice beside one
    covering it once; the count goes by another method and is still right."""
    xc = ExactCover(primary=["a", "b", "p"], bounds={"p": (0, 2)})
    for option in (["a", "p"], ["b", "p"], ["a", "b", "p"], ["a"], ["b"]):
        xc.add_option(option)
    swap = (1, 0, 2, 4, 3)
    assert quotient(xc, swap) is None
    assert xc.count_both(engine="memo") == xc.count_both(engine="python", method="dedup")


@pytest.mark.parametrize("n", [2, 4, 6])
def test_domino_squares_by_burnside_equal_listing_their_classes(n):
    domino = replace(pieces.polyominoes(2)[0], copies=n * n // 2)
    board = Tiling([domino], square.rectangle(n, n))
    listed = board.count_both(method="dedup")
    assert board.count_both(engine="memo") == listed
    assert board.count_both(engine="frontier") == listed


@pytest.mark.parametrize("name", ["dominoes-10x10", "dominoes-aztec-diamond-8",
                                  "lozenges-hexagon-6-6-6"])
def test_unique_counts_past_enumeration_on_both_counting_engines(name):
    """Counts no listing reaches: the memo and frontier engines agree, the raw count is
    the published one, and each class has at most |G| members."""
    entry = catalog.get(name)
    puzzle = entry.build()
    memo = puzzle.count_both(engine="memo", time_limit=60)
    frontier = puzzle.count_both(engine="frontier", time_limit=60)
    assert memo == frontier and memo[0].complete
    unique, raw = memo
    assert raw == entry.raw
    assert raw / len(puzzle.group()) <= unique < raw


def test_queens_each_symmetry_fixes_what_is_known():
    """The eight queens: 92 solutions, 12 classes; only one class is its own half turn
    (4 solutions), none is fixed by a quarter turn or a reflection."""
    xc = queens(8)
    assert xc.count_both(engine="frontier") == (12, 92)
    fixed = {(f.order, int(f.fixed)) for f in xc.stats.fixed}
    assert fixed == {(1, 92), (2, 0), (2, 4), (4, 0)}


def test_the_shell_says_what_each_symmetry_fixes(capsys):
    assert main(["solve", "dominoes-8x8", "--count"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("1629189 solutions up to rotation and reflection; 12988816 in all")
    assert "memo engine" in err and "half turn 5280" in err and "rotation of order 4 (2) 44" in err
    assert main(["solve", "dominoes-8x8", "--count", "--format", "jsonl"]) == 0
    out, _ = capsys.readouterr()
    assert '"symmetry":"half turn","order":2,"elements":1,"solutions":5280' in out


# Catalog tilings the frontier engine does not count in seconds (many distinct pieces in
# three dimensions or on sticks: the enumerating engines' ground), then those it counts
# in 3-20 s (the slow group).
FRONTIER_PAST_A_MINUTE = {
    "solid-pentominoes-2x5x6", "solid-pentominoes-3x4x5", "solid-pentominoes-ring-6x3x4",
    "solid-pentominoes-ring-5x4x4", "bedlam-cube", "pentominoes-8x8-square",
    "tetrasticks-5x5", "tetrasticks-5x5-without-H", "tetrasticks-5x5-without-J",
    "tetrasticks-5x5-without-L", "tetrasticks-5x5-without-N", "tetrasticks-5x5-without-Y",
    "tetrasticks-aztec-diamond", "polytrigs-23-hexagon"}
FRONTIER_SLOW = {"solid-pentominoes-ring-5x3x5", "conway-5x5x5", "hexiamonds-crescent",
                 "pentominoes-6x10", "tritrigs-stacked-elongated-hexagons",
                 "polytrigs-23-three-congruent-x12", "pentatwigs-chevron-3x3"}


@pytest.mark.parametrize("entry", [
    pytest.param(e, id=e.name, marks=[pytest.mark.slow] if e.name in FRONTIER_SLOW else [])
    for e in catalog.PUBLISHED
    if e.unique is not None and e.name not in FRONTIER_PAST_A_MINUTE
    and "model" not in e.build.args[0]])
def test_burnside_on_the_frontier_engine_gives_every_published_unique_count(entry):
    """The published counts up to symmetry, which the symmetry reduction on the native
    engine reproduces (test_catalog), from the fixed points counted by the frontier
    engine."""
    assert entry.build().count_both(engine="frontier", method="burnside") == \
        (entry.unique, entry.raw)


def _sudoku(name: str) -> ExactCover:
    from cpuzzler.cli.common import exact_cover_of

    return exact_cover_of(catalog.get(name).build())


def test_a_group_too_large_to_list_is_counted_by_the_classes_of_its_factors():
    """The empty 6x6 Sudoku's 2,488,320 symmetries (digits, rows, columns: a direct
    product) were past listing, so its unique count listed every grid and named its
    class (past 300 s); the conjugacy classes of the factors give 990 classes, each
    fixed count a quotient: 49 essentially different grids, on two engines."""
    from cpuzzler.symmetry.automorphisms import product_classes

    xc = _sudoku("sudoku-6x6")
    group = xc.symmetries()
    classes = product_classes(group)
    assert group.order == 720 * 48 * 72 and classes is not None
    assert len(classes) == 11 * 10 * 9 == 990 and sum(n for *_, n in classes) == group.order
    for engine in ("frontier", "memo"):
        assert xc.count_both(engine=engine) == (49, 28_200_960)


def test_the_factors_classes_agree_with_every_element_listed():
    """The 4x4 Sudoku's 3,072 symmetries are few enough to list: Burnside's lemma over
    the factors' conjugacy classes, over every cyclic subgroup, and listing every
    solution all give 2 grids up to symmetry."""
    from cpuzzler.symmetry.automorphisms import product_classes
    from cpuzzler.symmetry.burnside import count_by_classes

    xc = _sudoku("sudoku-4x4")
    group = xc.symmetries()
    classes = product_classes(group)
    assert classes is not None and sum(n for *_, n in classes) == group.order == 3072
    by_classes = count_by_classes(xc, classes, group.order, engine="python")
    by_elements = count_by_burnside(xc, group.elements(), engine="python")
    assert by_classes is not None and by_elements is not None
    assert (by_classes.unique, by_classes.raw) == (by_elements.unique, by_elements.raw) \
        == (2, 288) == xc.count_both(method="dedup", engine="python")


def test_the_plain_command_counts_the_6x6_sudoku_up_to_symmetry(capsys):
    assert main(["solve", "sudoku-6x6", "--count"]) == 0
    assert capsys.readouterr().out.startswith(
        "49 solutions up to 2,488,320 symmetries of the problem; 28200960 in all")
