"""The ExactCover API: building problems, the meaning of a solution, and clear errors."""

import pytest

from cpuzzler import Count, ExactCover, ExactCoverError


def knuth_example() -> ExactCover:
    xc = ExactCover(primary="abcdefg")
    for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"]:
        xc.add_option(option.split())
    return xc


def test_issue_example_counts_two_solutions_with_secondary_item():
    xc = ExactCover(primary=["A", "B", "C"], secondary=["x"])
    xc.add_option(["A", "x"])
    xc.add_option(["B", "C"])
    xc.add_option(["A", "B", "C"])
    assert xc.count(symmetry="raw") == 2
    solutions = list(xc.solve(limit=10))
    assert sorted(solutions) == [(0, 1), (2,)]
    assert sorted([xc.option(i) for i in sol] for sol in solutions) == [
        [("A", "B", "C")],
        [("A", "x"), ("B", "C")],
    ]


def test_knuth_dancing_links_example_has_its_one_solution():
    xc = knuth_example()
    assert list(xc.solve()) == [(0, 3, 4)]
    assert xc.count(symmetry="raw") == 1
    assert xc.first() == (0, 3, 4)


def test_count_is_complete_int_and_stats_are_recorded():
    xc = knuth_example()
    total = xc.count(symmetry="raw")
    assert isinstance(total, Count) and total == 1 and total.complete
    assert str(total) == "1" and repr(total) == "1"
    assert xc.stats.solutions == 1 and xc.stats.nodes > 0 and xc.stats.reason == "done"


def test_solve_limit_stops_early_and_says_so():
    xc = ExactCover(primary=["a"])
    for _ in range(5):
        xc.add_option(["a"])
    assert len(list(xc.solve(limit=3))) == 3
    assert xc.stats.reason == "limit"
    assert len(list(xc.solve())) == 5
    assert xc.stats.reason == "done"


def test_no_solution_gives_zero_and_first_none():
    xc = ExactCover(primary=["a", "b"])
    xc.add_option(["a"])
    assert xc.count(symmetry="raw") == 0
    assert xc.first() is None


def test_same_options_in_another_order_are_one_solution():
    # Two identical options for a 2:2 item: choosing {0, 1} is one solution, not two.
    xc = ExactCover(primary=["A"], bounds={"A": (2, 2)})
    xc.add_option(["A"])
    xc.add_option(["A"])
    assert list(xc.solve()) == [(0, 1)]


def test_bounds_let_identical_pieces_share_one_item():
    # Three identical dominoes on a 1x6 strip: one item "3:3|D" instead of 3! namings.
    xc = ExactCover(primary=[f"c{i}" for i in range(6)] + ["D"], bounds={"D": (3, 3)})
    for i in range(5):
        xc.add_option(["D", f"c{i}", f"c{i + 1}"])
    assert xc.count(symmetry="raw") == 1
    assert xc.bounds("D") == (3, 3)


def test_item_with_zero_lower_bound_may_stay_uncovered():
    xc = ExactCover(primary=["a", "opt"], bounds={"opt": (0, 1)})
    xc.add_option(["a"])
    xc.add_option(["a", "opt"])
    assert sorted(xc.solve()) == [(0,), (1,)]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda xc: xc.add_option(["A", "nope"]), "unknown item 'nope'"),
        (lambda xc: xc.add_option(["A", "A"]), "names item 'A' twice"),
        (lambda xc: xc.add_option([]), "is empty"),
        (lambda xc: xc.add_option(["x"]), "only secondary items"),
        (lambda xc: xc.add_item("A"), "declared twice"),
        (lambda xc: xc.add_item("x"), "declared twice"),
        (lambda xc: xc.add_item("C", lo=2, hi=1), "bounds 2:1"),
        (lambda xc: xc.add_item("C", lo=0, hi=0), "bounds 0:0"),
        (lambda xc: xc.add_item("C", lo=-1, hi=1), "bounds -1:1"),
    ],
)
def test_bad_problems_raise_a_clear_value_error(build, message):
    xc = ExactCover(primary=["A", "B"], secondary=["x"])
    with pytest.raises(ExactCoverError, match=message) as info:
        build(xc)
    assert isinstance(info.value, ValueError)


def test_bounds_for_an_unknown_item_are_refused():
    with pytest.raises(ExactCoverError, match="not primary: Z"):
        ExactCover(primary=["A"], bounds={"Z": (1, 2)})


def test_unknown_engine_lists_known_ones():
    with pytest.raises(ExactCoverError, match="known engines: .*python"):
        knuth_example().count(symmetry="raw", engine="quantum")


@pytest.mark.parametrize(("limit", "error"), [("5", TypeError), (True, TypeError),
                                              (-1, ExactCoverError),
                                              (float("nan"), ExactCoverError)])
def test_the_api_checks_a_time_limit_at_its_door(limit, error):
    """As the command line does: a clear error, not a TypeError deep inside nor a
    silent time-out for -1."""
    from cpuzzler.models import queens

    xc = queens(6)
    for call in (lambda: xc.count(symmetry="raw", time_limit=limit),
                 lambda: list(xc.solve(time_limit=limit)),
                 lambda: xc.count_both(time_limit=limit)):
        with pytest.raises(error, match="time_limit"):
            call()


def test_the_api_takes_a_memory_size_as_the_command_line_does():
    from cpuzzler import catalog
    from cpuzzler.models import queens

    assert queens(8).count(symmetry="raw", engine="memo", memory="1G") == 92
    assert catalog.get("pentominoes-3x20").build().count(engine="frontier", memory="64M") == 2
    with pytest.raises(ExactCoverError, match="not a size like 512M"):
        queens(8).count(symmetry="raw", engine="memo", memory="lots")
    with pytest.raises(TypeError, match="memory"):
        queens(8).count(symmetry="raw", engine="memo", memory=[1])
