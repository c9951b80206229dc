"""The native engine against the reference engine, brute force and published counts."""

import signal
import subprocess
import sys
import time

import pytest
from conftest import (
    brute_force_solutions,
    empty_sudoku,
    finish,
    patience,
    pentomino_rectangle,
    soma_cube,
)
from hypothesis import given, settings
from test_reference_engine import random_problems

from cpuzzler import ExactCover, ExactCoverError, Stats
from cpuzzler.engines import native
from cpuzzler.models import queens


def kernels_for(xc: ExactCover) -> list[str]:
    plain = all(xc.bounds(name) == (1, 1) for name in xc.primary)
    return ["links", "bits"] if plain else ["links"]


@settings(max_examples=2000, deadline=None)
@given(random_problems())
def test_native_engine_agrees_with_reference_and_brute_force(xc):
    expected = brute_force_solutions(xc)
    assert set(xc.solve(engine="python")) == expected
    for kernel in kernels_for(xc):
        found = list(native.solve(xc, kernel=kernel))
        assert len(found) == len(set(found)), f"{kernel}: a solution was reported twice"
        assert set(found) == expected, kernel
        assert native.count(xc, kernel=kernel) == len(expected), kernel
    assert xc.count(symmetry="raw", engine="dlx") == len(expected)


def test_both_kernels_walk_the_same_tree_in_the_same_order():
    for xc in (queens(8), pentomino_rectangle(20, 3), empty_sudoku(2)):
        links_stats, bits_stats = Stats(), Stats()
        links = list(native.solve(xc, kernel="links", stats=links_stats))
        bits = list(native.solve(xc, kernel="bits", stats=bits_stats))
        assert links == bits
        assert links_stats.nodes == bits_stats.nodes
        assert (links_stats.kernel, bits_stats.kernel) == ("links", "bits")


def test_kernel_choice_and_its_errors():
    assert native.build_solver(queens(4)).stats()[3] == "bits"
    bounded = ExactCover(primary=["a"], bounds={"a": (1, 2)})
    bounded.add_option(["a"])
    assert native.build_solver(bounded).stats()[3] == "links"
    with pytest.raises(ValueError, match="1:1"):
        native.build_solver(bounded, "bits")
    with pytest.raises(ValueError, match="unknown kernel"):
        native.build_solver(bounded, "ropes")


@pytest.mark.parametrize(("n", "expected"), [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4),
                                             (7, 40), (8, 92), (9, 352), (10, 724)])
def test_n_queens_counts_on_both_engines(n, expected):
    assert queens(n).count(symmetry="raw", engine="dlx") == expected
    if n <= 9:
        assert queens(n).count(symmetry="raw", engine="python") == expected


@pytest.mark.slow
def test_12_queens_has_14200_solutions():
    assert queens(12).count(symmetry="raw", engine="dlx") == 14200


def test_empty_4x4_sudoku_both_engines():
    xc = empty_sudoku(2)
    assert xc.count(symmetry="raw", engine="dlx") == xc.count(symmetry="raw",
                                                              engine="python") == 288


def test_pentominoes_3x20_both_engines_give_8_raw():
    xc = pentomino_rectangle(20, 3)
    assert xc.count(symmetry="raw", engine="dlx") == 8
    assert sorted(xc.solve(engine="dlx")) == sorted(xc.solve(engine="python"))


def test_pentominoes_6x10_raw_count_is_9356():
    xc = pentomino_rectangle(10, 6)
    total = xc.count(symmetry="raw")
    assert total == 9356 and total.complete
    assert xc.stats.engine == "dlx" and xc.stats.nodes > 0 and xc.stats.updates > 0


def test_soma_cube_raw_count_is_11520_on_both_engines():
    xc = soma_cube()
    assert xc.count(symmetry="raw", engine="dlx") == 11520
    assert xc.count(symmetry="raw", engine="python") == 11520


def test_native_is_the_default_engine():
    xc = queens(6)
    assert xc.count(symmetry="raw") == 4 and xc.stats.engine == "dlx"


def test_solutions_stream_in_batches_and_limits_hold():
    xc = queens(10)
    every = list(xc.solve())
    assert len(every) == 724 and xc.stats.reason == "done"
    assert list(xc.solve(limit=100)) == every[:100] and xc.stats.reason == "limit"
    assert next(iter(xc.solve())) == every[0]
    assert xc.first() in every and xc.stats.reason == "limit"  # seeded: one of them


def test_time_limit_gives_partial_count_never_a_full_one():
    xc = pentomino_rectangle(10, 6)
    total = xc.count(symmetry="raw", time_limit=0.05)
    assert not total.complete and total.reason == "time-out"
    assert total < 9356 and "at least" in total.describe()
    found = list(xc.solve(time_limit=0.05))
    assert xc.stats.reason == "time-out" and len(found) < 9356


def test_problem_without_primary_items_has_the_empty_solution():
    xc = ExactCover(secondary=["x"])
    assert xc.count(symmetry="raw", engine="dlx") == xc.count(symmetry="raw", engine="python") == 1


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_subproblem_counts_add_up(depth):
    for xc in (queens(8), empty_sudoku(2), pentomino_rectangle(20, 3)):
        parts = xc.subproblems(depth=depth)
        assert sum(part.problem.count(symmetry="raw") for part in parts) == xc.count(symmetry="raw")
    parts = queens(6).subproblems(depth=depth)
    mapped = sorted(part.original(s) for part in parts for s in part.problem.solve())
    assert mapped == sorted(queens(6).solve())


@settings(max_examples=300, deadline=None)
@given(random_problems())
def test_subproblems_partition_random_problems(xc):
    parts = xc.subproblems(depth=2)
    mapped = [part.original(s) for part in parts for s in part.problem.solve(engine="python")]
    assert sorted(mapped) == sorted(brute_force_solutions(xc))


def test_ctrl_c_stops_a_count_within_a_second_and_reports_a_lower_bound(tmp_path):
    path = tmp_path / "queens16.dlx"
    queens(16).to_dlx(path)
    process = subprocess.Popen(
        [sys.executable, "-m", "cpuzzler", "solve", str(path), "--count"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    time.sleep(1.5)
    sent = time.perf_counter()
    process.send_signal(signal.SIGINT)
    out, err = finish(process, 10)
    assert time.perf_counter() - sent < patience(1.5)
    assert process.returncode == 130
    assert out.startswith("at least ") and "interrupted" in out
    assert "Traceback" not in err


@pytest.mark.parametrize("kernel", ["links", "bits"])
def test_each_kernel_stops_on_time_and_resumes_batches(kernel):
    stats = Stats()
    partial = native.count(pentomino_rectangle(10, 6), kernel=kernel, time_limit=0.05,
                           stats=stats)
    assert stats.reason == "time-out" and partial < 9356
    streamed = list(native.solve(queens(9), kernel=kernel))  # batches of 1, 2, 4, ...
    assert len(streamed) == len(set(streamed)) == 352


@settings(max_examples=300, deadline=None)
@given(random_problems())
def test_seeded_searches_find_the_same_solutions_and_restarts_still_find_one(xc):
    expected = brute_force_solutions(xc)
    for seed in (0, 7):
        listed = list(xc.solve(engine="dlx", seed=seed))  # ties at random, no restarts
        assert len(listed) == len(set(listed)) and set(listed) == expected
        for kernel in kernels_for(xc):
            listed = list(native.solve(xc, seed=seed, kernel=kernel))
            assert len(listed) == len(set(listed)) and set(listed) == expected, kernel
            # restarts after every node until a first solution; the run that finds it
            # began at the root, so going on lists every solution once all the same
            restarted = list(native.solve(xc, limit=1, seed=seed, restart_unit=1,
                                          kernel=kernel))
            assert len(restarted) == len(set(restarted)) and set(restarted) == expected


@pytest.mark.parametrize("kernel", ["links", "bits"])
def test_a_seed_replays_its_search_and_seeds_differ(kernel):
    xc = pentomino_rectangle(10, 6)
    runs = {}
    for seed in range(6):
        stats = Stats()
        solution = next(native.solve(xc, stats=stats, limit=1, seed=seed, restart_unit=50,
                                     kernel=kernel))
        assert xc.violation(solution) is None and stats.restarts > 0
        assert stats.kernel == kernel
        again = Stats()
        assert next(native.solve(xc, stats=again, limit=1, seed=seed, restart_unit=50,
                                 kernel=kernel)) \
            == solution and again.nodes == stats.nodes  # the same seed, the same search
        runs[seed] = solution
    assert len(set(runs.values())) > 1  # other seeds, other trees
    dominoes = ExactCover.from_dlx_text(  # every tie broken both ways: 2x2 board
        "A B C D\nA B\nC D\nA C\nB D\n")
    firsts = {next(native.solve(dominoes, limit=1, seed=seed)) for seed in range(20)}
    assert firsts == {(0, 1), (2, 3)}


def test_a_seed_runs_on_either_kernel_and_is_a_whole_number():
    with pytest.raises(ExactCoverError, match="whole number"):
        list(queens(4).solve(engine="dlx", seed=-1))
    for kernel in ("bits", "links"):
        listed = list(queens(8).solve(engine="dlx", seed=5, kernel=kernel))
        assert len(set(listed)) == len(listed) == queens(8).count(engine="dlx",
                                                                  symmetry="raw") == 92


def test_the_shell_takes_a_seed_for_solutions_and_refuses_it_for_counts(capsys):
    from cpuzzler.cli import main

    assert main(["solve", "pentominoes-6x10", "--seed", "4", "-q"]) == 0
    once = capsys.readouterr().out
    assert main(["solve", "pentominoes-6x10", "--seed", "4", "-q"]) == 0
    assert capsys.readouterr().out == once and once.count("\n") >= 6  # replayed
    assert main(["solve", "pentominoes-6x10", "--seed", "4", "--count"]) == 2
    assert "not --count" in capsys.readouterr().err
    assert main(["solve", "pentominoes-6x10", "--seed", "4", "--engine", "cpsat"]) == 2
    assert "dlx engine" in capsys.readouterr().err


@settings(max_examples=100, deadline=None)
@given(random_problems())
def test_every_choice_rule_lists_the_same_solutions(xc):
    expected = brute_force_solutions(xc)
    for choice in native.CHOICES:
        for kernel in kernels_for(xc):
            listed = list(native.solve(xc, choice=choice, kernel=kernel,
                                       seed=3 if choice == "cells" else None))
            assert len(listed) == len(set(listed)) and set(listed) == expected, choice


def test_a_choice_rule_ranks_the_pieces_or_the_cells_first():
    xc = pentomino_rectangle(10, 6)
    pieces = [i for i, name in enumerate(xc.items) if not name[0].isdigit()]
    assert {i for i, r in enumerate(native.ranks(xc, "pieces")) if r == 0} == set(pieces)
    assert {i for i, r in enumerate(native.ranks(xc, "cells")) if r == 1} == set(pieces)
    strip = pentomino_rectangle(20, 3)
    for kernel in ("bits", "links"):
        counts = {choice: sum(1 for _ in native.solve(strip, choice=choice, kernel=kernel))
                  for choice in native.CHOICES}
        assert counts == dict.fromkeys(native.CHOICES, 8)  # 2 up to symmetry, 4 images each
    for choice in ("pieces", "cells"):  # unseeded, a rule walks the same tree on both
        nodes = {}
        for kernel in ("bits", "links"):
            stats = Stats()
            assert sum(1 for _ in native.solve(strip, choice=choice, kernel=kernel,
                                               stats=stats)) == 8
            nodes[kernel] = stats.nodes
        assert nodes["bits"] == nodes["links"] > 100, choice
    with pytest.raises(ExactCoverError, match="unknown choice 'most'; known: fewest"):
        next(native.solve(xc, choice="most"))


def test_the_shell_takes_the_native_choice_rule_for_solutions(capsys):
    from cpuzzler.cli import main

    for choice in ("fewest", "pieces", "cells"):
        assert main(["solve", "pentominoes-6x10", "--choice", choice, "--seed", "1",
                     "-q"]) == 0
        assert capsys.readouterr().out.count("\n") >= 6, choice
    assert main(["solve", "pentominoes-6x10", "--choice", "sweep"]) == 2
    assert "--choice sweep is the memo engine's" in capsys.readouterr().err
    assert main(["solve", "pentominoes-6x10", "--choice", "cells", "--count"]) == 2
    assert "the memo engine takes sweep or fewest" in capsys.readouterr().err
