"""The decision diagram of all solutions (``cpuzzler.engines.diagram``) against brute force on
random problems and against the engines' counts on catalog puzzles: counts, marginals,
conditioned and weighted counts, best and worst solutions, samples, listing, files."""

from __future__ import annotations

import itertools
import math

import pytest
from conftest import bounded_problems, brute_force_solutions, patience
from hypothesis import HealthCheck, given, settings

from cpuzzler import ExactCoverError, InputFormatError, catalog
from cpuzzler.engines.diagram import Diagram
from cpuzzler.errors import TimeUp
from cpuzzler.models import queens

EXACT_PROBLEMS = bounded_problems(primary=6, highs=[1], lows=lambda hi: [1], options=12,
                                  sweep=True)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xc=EXACT_PROBLEMS)
def test_every_answer_of_the_diagram_equals_brute_force(xc):
    solutions = brute_force_solutions(xc)
    d = xc.diagram()
    reference = Diagram.reference(xc)  # the plain-Python builder: node for node the same
    assert (d.nodes, d.root) == (reference.nodes, reference.root)
    assert d.count() == len(solutions)
    assert set(d.solutions()) == solutions
    assert d.marginals() == [sum(o in s for s in solutions) for o in range(xc.num_options)]
    weights = [1 + (o * 7) % 5 for o in range(xc.num_options)]
    assert math.isclose(d.weighted_count(weights),
                        sum(math.prod(weights[o] for o in s) for s in solutions))
    for worst in (False, True):
        found = d.best(weights, worst=worst)
        if not solutions:
            assert found is None
            continue
        scores = [sum(weights[o] for o in s) for s in solutions]
        value, chosen = found
        assert value == (min if worst else max)(scores)
        assert tuple(chosen) in solutions and sum(weights[o] for o in chosen) == value
    for need, banned in itertools.islice(
            itertools.product(range(xc.num_options), repeat=2), 6):
        assert d.count_with([need], without=[banned]) == sum(
            need in s and banned not in s for s in solutions)
    assert all(s in solutions for s in d.sample(5, seed=1))
    ranked = [d.unrank(r) for r in range(len(solutions))]  # each solution once
    assert len(ranked) == len(set(ranked)) and set(ranked) == solutions
    distinct = d.sample(4, seed=2, distinct=True)
    assert len(set(distinct)) == len(distinct) == min(4, len(solutions))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xc=EXACT_PROBLEMS)
def test_the_diagram_goes_to_oxidd_and_graphillion_whole(xc):
    solutions = brute_force_solutions(xc)
    d = xc.diagram()
    order = d.variable_order()
    assert sorted(order) == list(range(xc.num_options))
    family = d.to_oxidd()
    assert family.sat_count(xc.num_options) == len(solutions)
    manager = family.manager
    for s in solutions:  # each solution is in the family, by its variables' names
        point = family
        for v in range(xc.num_options):
            point = point.subset1(v) if int(manager.var_name(v)) in s else point.subset0(v)
        assert point.sat_count(xc.num_options) == 1
    if xc.num_options:
        assert {tuple(sorted(s)) for s in d.to_graphillion()} == solutions


BOUNDED_PROBLEMS = bounded_problems(primary=5, highs=[1, 1, 2, 3],
                                    lows=lambda hi: [0, 1, hi], options=10, sweep=True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xc=BOUNDED_PROBLEMS)
def test_diagrams_with_bounds_hold_every_solution_and_match_the_reference(xc):
    solutions = brute_force_solutions(xc)
    d = xc.diagram()
    reference = Diagram.reference(xc)
    assert (d.nodes, d.root) == (reference.nodes, reference.root)
    assert set(d.solutions()) == solutions and d.count() == len(solutions)
    assert d.marginals() == [sum(o in s for s in solutions) for o in range(xc.num_options)]


def test_the_google_cube_with_its_repeated_pieces():
    """Bounded items (copies of a piece): the count the frontier engine gives."""
    xc = catalog.get("google-cube").build().exact_cover
    d = xc.diagram()
    assert d.count() == xc.count(symmetry="raw", engine="frontier") == 13_536


def test_the_pentomino_5x12_counts_and_its_marginals_add_up():
    xc = catalog.get("pentominoes-5x12").build().exact_cover
    d = xc.diagram()
    assert d.count() == 4040 == xc.count(symmetry="raw", engine="memo")
    through = d.marginals()
    assert sum(through) == 4040 * 12  # each solution holds 12 placements
    assert 0 in through  # some placements are in no solution


def test_distinct_samples_are_different_solutions_from_the_api_and_the_shell(capsys):
    from cpuzzler.cli import main

    xc = catalog.get("pentominoes-5x12").build().exact_cover
    draws = xc.sample(500, seed=4, distinct=True)
    assert len(set(draws)) == 500 and draws == xc.sample(500, seed=4, distinct=True)
    assert all(xc.violation(s) is None for s in draws[:20])
    assert len(set(queens(6).sample(10, distinct=True))) == 4  # all there are
    assert main(["solve", "queens-8", "--sample", "92", "--distinct", "--format",
                 "jsonl", "-q"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len({line.split('"options":')[1] for line in lines}) == 92


def test_samples_are_uniform_and_reproducible():
    d = queens(6).diagram()
    draws = d.sample(4000, seed=3)
    assert draws == d.sample(4000, seed=3)
    counts = {s: draws.count(s) for s in set(draws)}
    assert len(counts) == 4 and min(counts.values()) > 850


def test_a_diagram_goes_to_a_file_and_back_and_a_bad_file_is_a_clear_error(tmp_path):
    d = queens(8).diagram()
    path = tmp_path / "q8.zdd"
    d.save(path)
    again = Diagram.load(path)
    assert again.count() == 92 and again.marginals() == d.marginals()
    (tmp_path / "bad.zdd").write_text("zdd 3 1 2\n0 0 5\n")
    with pytest.raises(InputFormatError, match=r"bad.zdd:2.*child not yet written"):
        Diagram.load(tmp_path / "bad.zdd")
    (tmp_path / "worse.zdd").write_text("hello\n")
    with pytest.raises(InputFormatError, match=r"worse.zdd:1.*not a diagram"):
        Diagram.load(tmp_path / "worse.zdd")


def test_the_pentomino_6x10_diagram_is_small():
    """The 9356 tilings of the 6x10 in 26,982 nodes along the model's sweep (a reduced
    ZDD is unique for its variable order: the size belongs to the family and the order),
    against 3,340,789 states of the memo engine's table."""
    d = catalog.get("pentominoes-6x10").build().exact_cover.diagram()
    assert d.count() == 9356 and len(d) == 26_982


def test_the_polyhexes_4x10_diagram_counts_as_the_frontier_engine():
    """The 12 polyhexes of order 1 to 4 in a 4x10 parallelogram: 530,700 nodes."""
    xc = catalog.get("polyhexes-1234-4x10").build().exact_cover
    d = xc.diagram()
    assert len(d) == 530_700
    assert d.count() == xc.count(symmetry="raw", engine="frontier") == 14_809_060
    assert sum(d.marginals()) == 14_809_060 * 12


def test_a_diagram_past_its_memory_or_time_is_a_clear_error():
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    with pytest.raises(ExactCoverError, match="needs more than 100,000 bytes"):
        xc.diagram(memory=100_000)
    with pytest.raises(TimeUp, match="not finished within the time limit"):
        xc.diagram(time_limit=0)


def test_the_shell_keeps_the_diagrams_limits(capsys):
    from cpuzzler.cli import main

    assert main(["solve", "pentominoes-6x10", "--count", "--marginals",
                 "--time-limit", "0.2"]) == 3  # undecided
    assert "not finished within the time limit" in capsys.readouterr().err
    assert main(["solve", "pentominoes-6x10", "--count", "--marginals",
                 "--memory", "1M"]) == 2
    assert "needs more than 1,048,576 bytes" in capsys.readouterr().err


def test_the_shell_ranks_the_placements_and_writes_the_diagram(tmp_path, capsys):
    """The Soma cube: 11520 solutions; 200 of its 688 placements are in none."""
    from cpuzzler.cli import main

    path = tmp_path / "soma.zdd"
    assert main(["solve", "soma", "--count", "--marginals", "--diagram", str(path),
                 "--symmetry", "raw"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("11520 solutions in all (every solution, not up to symmetry)")
    assert "| in no solution: 200 of 688 options\n" in out
    ranked = [int(line.split()[0]) for line in out.splitlines()[2:]
              if not line.startswith("|")]
    assert ranked[:488] == sorted(ranked[:488], reverse=True) and ranked[488:] == [0] * 200
    assert sum(ranked) == 11520 * 7  # seven pieces in each solution
    assert Diagram.load(path).count() == 11520
    assert main(["solve", "soma", "--marginals"]) == 2  # goes with --count
    assert "--count" in capsys.readouterr().err


def test_the_shell_lists_a_class_of_placements_once_and_draws_where_pieces_lie(
        tmp_path, capsys):
    """The puzzle's symmetries map solutions onto solutions, so the placements of one
    class are each in as many: one line a class, its size, the same total."""
    from cpuzzler.cli import main

    picture = tmp_path / "soma.svg"
    assert main(["solve", "soma", "--count", "--marginals", "--svg", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "one line per class of placements the puzzle's symmetries" in out
    lines = [line.split() for line in out.splitlines()[2:] if not line.startswith("|")]
    sizes = [int(words[1].rstrip("x")) for words in lines]
    assert sum(sizes) == 688 and max(sizes) == 48
    assert sum(int(words[0]) * size for words, size in zip(lines, sizes, strict=True)) == 11520 * 7
    assert "| in no solution: 200 of 688 options (" in out
    drawn = picture.read_text()
    assert drawn.startswith("<svg") and drawn.count("darkest") == 2 * 7  # text on a halo
    assert main(["solve", "soma", "--count", "--svg", str(picture)]) == 2  # no --marginals
    assert "--marginals" in capsys.readouterr().err


# --- the zdd engine: a count from the matrix alone, in OxiDD's decision diagrams -------

ZDD_PROBLEMS = bounded_problems(primary=5, highs=[1, 1, 2, 3], lows=lambda hi: [0, 1, hi],
                                options=10, sweep=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xc=ZDD_PROBLEMS)
def test_the_zdd_engine_counts_as_brute_force(xc):
    """Bounds, secondary items, equal options: the rules' conjunction counts them all."""
    assert xc.count(symmetry="raw", engine="zdd") == len(brute_force_solutions(xc))


@pytest.mark.parametrize("name, raw", [("queens-8", 92), ("soma", 11520)])
def test_the_zdd_engine_agrees_with_the_published_counts(name, raw):
    xc = catalog.get(name).build()
    xc = xc if hasattr(xc, "num_options") else xc.exact_cover
    assert xc.count(symmetry="raw", engine="zdd") == raw == xc.count(symmetry="raw", engine="memo")


@pytest.mark.slow
@pytest.mark.parametrize("name, raw", [("pentominoes-4x15", 1472), ("queens-12", 14200),
                                       ("polyhexes-1234-4x10", None)])
def test_the_zdd_engine_confirms_counts_past_enumeration(name, raw):
    """Past what enumeration checks in the tests: the zdd engine, sharing no code with
    the C engines, against the frontier engine (and the published count where one is)."""
    entry = catalog.get(name)
    problem = entry.build()
    xc = problem if hasattr(problem, "num_options") else problem.exact_cover
    counted = xc.count(symmetry="raw", engine="zdd", time_limit=patience(600))
    assert counted.complete and counted == xc.count(symmetry="raw", engine="frontier")
    if raw is not None:
        assert counted == raw


def test_the_zdd_engine_takes_colours_and_keeps_its_time_limit():
    from cpuzzler import ExactCover

    xc = ExactCover(primary=["a", "b", "c"], secondary=["x"])
    for items in (["a", ("x", "red")], ["b", ("x", "red")], ["c", "x"], ["b", ("x", "blue")],
                  ["c"]):
        xc.add_option(items)
    # a and b agree on red (or b alone is blue: then a has no option); c plain takes x
    assert xc.count(symmetry="raw", engine="zdd") == 1 == xc.count(symmetry="raw",
                                                                     engine="python")
    big = catalog.get("pentominoes-6x10").build().exact_cover
    partial = big.count(symmetry="raw", engine="zdd", time_limit=0.5)
    assert not partial.complete and partial.reason == "time-out"


def test_the_zdd_engine_says_when_oxidds_memory_runs_out(monkeypatch):
    # OxiDD raises its DDMemoryError (a MemoryError) when its tables are full (seen on
    # the fault-free pentomino 3x20 with a rule of its own); it becomes one clear error
    from cpuzzler.engines import zdd

    def full(*args):
        raise MemoryError("OxiDD ZBDD operation ran out of memory")

    monkeypatch.setattr(zdd, "_rule", full)
    with pytest.raises(ExactCoverError, match="outgrew OxiDD's memory.*memo or frontier"):
        queens(6).count(symmetry="raw", engine="zdd")
