"""The reduction (``ExactCover.reduced``, ``cpuzzler.presolve``): the same solutions, at
least DLX-PRE's removals (checked against an implementation of its two rules written
here), Knuth's own examples, published counts on reduced problems, the command."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import bounded_problems, pentomino_rectangle
from hypothesis import given, settings
from hypothesis import strategies as st

from cpuzzler import ExactCover
from cpuzzler.presolve import reduce


def dlx_pre_example() -> ExactCover:
    """Knuth's first DLX-PRE example (the matrix (3) of "Dancing Links", 2000)."""
    xc = ExactCover(["A", "B", "C", "D", "E"], ["F", "G"])
    for option in ("C E F", "A D G", "B C F", "A D", "B G", "D E G"):
        xc.add_option(option.split())
    return xc


def dlx_pre_colours() -> ExactCover:
    """Knuth's second DLX-PRE example, with colours."""
    xc = ExactCover(["A", "B", "C"], ["X", "Y"])
    for option in ("A B X:0 Y:0", "A C X:1 Y:1", "X:0 Y:1 A", "B X:1", "C Y:1"):
        xc.add_option([tuple(e.split(":")) if ":" in e else e for e in option.split()])
    return xc


def solutions(xc: ExactCover) -> set[tuple[int, ...]]:
    return set(xc.solve(engine="python", symmetry="raw"))


def colours(xc: ExactCover, o: int) -> dict[int, int]:
    """Option o's items and their colour ids (0: none)."""
    items = xc.option_items(o)
    return dict(zip(items, xc.option_colours(o) or (0,) * len(items), strict=True))


def clash(xc: ExactCover, a: int, b: int) -> bool:
    """Whether options a and b cannot both be chosen (through an item covered at most
    once, unless both give a secondary item the same colour)."""
    ca, cb = colours(xc, a), colours(xc, b)
    for i in ca.keys() & cb.keys():
        name = xc.items[i]
        if xc.is_secondary(name):
            if not ca[i] or ca[i] != cb[i]:
                return True
        elif xc.bounds(name)[1] == 1:
            return True
    return False


def dlx_pre_removals(xc: ExactCover) -> set[int]:
    """The options DLX-PRE's first rule removes, to a fixed point, computed pairwise:
    an option goes when every option of some primary item (lo >= 1) it lacks clashes
    with it. (Its second rule's options are among these.)"""
    alive = set(range(xc.num_options))
    holding = xc.item_options()
    must = [xc.items.index(n) for n in xc.primary if xc.bounds(n)[0] > 0]
    changed = True
    while changed:
        changed = False
        for r in sorted(alive):
            items = set(xc.option_items(r))
            if any(p not in items and all(clash(xc, r, o) for o in holding[p] if o in alive)
                   for p in must):
                alive.discard(r)
                changed = True
    return set(range(xc.num_options)) - alive


def test_knuths_examples_reduce_as_dlx_pre_says() -> None:
    first = reduce(dlx_pre_example())
    assert first.problem.items == ("A", "B", "C")
    assert [first.problem.option(k) for k in range(3)] == [("C",), ("A",), ("B",)]
    assert first.options == (0, 3, 4) and first.removed_items == ("D", "E", "F", "G")
    second = reduce(dlx_pre_colours())
    assert second.options == (1, 3)  # as DLX-PRE; Y goes too (only in A's one option)
    assert second.problem.items == ("A", "B", "X")
    assert "A X:1\n| (from 2)\nB X:1\n| (from 4)\n" in second.to_dlx()
    for xc, reduced in ((dlx_pre_example(), first), (dlx_pre_colours(), second)):
        found = {reduced.original(s) for s in solutions(reduced.problem)}
        assert found == solutions(xc) and len(found) == 1


@settings(max_examples=150, deadline=None)
@given(bounded_problems(primary=5, highs=[1, 1, 1, 2], lows=lambda hi: range(hi + 1),
                        options=9),
       st.integers(0, 2))
def test_the_solutions_stay_one_to_one(xc: ExactCover, depth: int) -> None:
    reduced = reduce(xc, depth=depth)
    expected = solutions(xc)
    found = [reduced.original(s) for s in solutions(reduced.problem)]
    assert len(found) == len(set(found))
    assert set(found) == expected
    assert set(reduced.options).isdisjoint(dlx_pre_removals(xc))  # DLX-PRE's removals, and more


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_colours_keep_their_solutions(data: st.DataObject) -> None:
    xc = ExactCover([f"p{k}" for k in range(data.draw(st.integers(1, 4)))], ["x", "y"])
    for _ in range(data.draw(st.integers(0, 8))):
        items: list[str | tuple[str, str]] = data.draw(
            st.lists(st.sampled_from(xc.primary), min_size=1, max_size=2, unique=True))
        for secondary in data.draw(st.lists(st.sampled_from(["x", "y"]), unique=True)):
            colour = data.draw(st.sampled_from(["", "red", "blue"]))
            items.append((secondary, colour) if colour else secondary)
        xc.add_option(items)
    reduced = reduce(xc, depth=data.draw(st.integers(0, 1)))
    assert {reduced.original(s) for s in solutions(reduced.problem)} == solutions(xc)
    assert set(reduced.options).isdisjoint(dlx_pre_removals(xc))


def test_published_counts_survive_the_reduction() -> None:
    """The 3x20 pentomino rectangle's 2 tilings (8 with rotations and reflections) and
    the 6x10's 2339 (9356), on the reduced problems, by two engines."""
    smaller = pentomino_rectangle(20, 3).reduced(depth=1)
    assert smaller.problem.num_options < pentomino_rectangle(20, 3).num_options
    assert smaller.problem.count(engine="python", symmetry="raw") == 8
    assert smaller.problem.count(engine="dlx", symmetry="raw") == 8
    reduced = pentomino_rectangle(10, 6).reduced()
    assert reduced.problem.num_options < 2056
    assert reduced.problem.count(engine="dlx", symmetry="raw") == 9356
    assert reduced.problem.count(engine="memo", symmetry="raw") == 9356


def test_a_sudoku_reduces_to_its_solution() -> None:
    from cpuzzler.models import Sudoku

    puzzle = Sudoku.from_string(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    xc = puzzle.exact_cover
    reduced = xc.reduced()
    assert reduced.problem.num_options <= xc.num_options
    (solution,) = reduced.problem.solve(symmetry="raw")
    assert reduced.original(solution) == next(iter(xc.solve(symmetry="raw")))


def test_costs_go_with_their_options() -> None:
    xc = ExactCover(["a", "b", "c"])
    for items, cost in ((["a", "b"], 5), (["c"], 1), (["a"], 2), (["b", "c"], 2),
                        (["b"], 4), (["a", "c"], 9)):
        xc.add_option(items, cost=cost)
    reduced = xc.reduced()
    best = xc.best()
    again = reduced.problem.best()
    assert again.value == best.value == 4
    assert reduced.original(again.solution) == best.solution


def test_a_spent_budget_stops_early_and_stays_right() -> None:
    xc = pentomino_rectangle(20, 3)
    partial = reduce(xc, work=1)
    assert not partial.complete and partial.rounds == 1
    assert partial.problem.count(engine="dlx", symmetry="raw") == 8
    assert reduce(xc).complete


def test_the_command_writes_dlx_that_reads_back(tmp_path) -> None:
    out = tmp_path / "small.dlx"
    done = subprocess.run([sys.executable, "-m", "cpuzzler", "reduce", "pentominoes-3x20",
                           "-o", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "1236 options to 1042" in done.stderr
    back = ExactCover.from_dlx(out)
    assert back.num_options == 1042 and back.count(symmetry="raw") == 8
    assert out.read_text().count("| (from ") == 1042


@pytest.mark.parametrize(("text", "depth", "code", "said"), [
    ("A B\nA\n", "0", 1, "1 options to 0"),
    ("A B\nA\n", "-1", 2, "needs a number 0 or more, not -1"),
    ("A B\nA\n", "one", 2, "'one' is not a whole number"),
])
def test_the_command_says_no_solution_and_refuses_bad_values(tmp_path, text, depth, code,
                                                              said) -> None:
    source = tmp_path / "p.dlx"
    source.write_text(text)
    done = subprocess.run([sys.executable, "-m", "cpuzzler", "reduce", str(source), "-o", "-",
                           "--depth", depth], capture_output=True, text=True, check=False)
    assert done.returncode == code and said in done.stderr
    assert "Traceback" not in done.stderr
    if code == 1:
        assert done.stdout.splitlines()[1] == "B"


def test_the_memo_engine_counts_the_reduced_problem_and_maps_samples_back() -> None:
    xc = pentomino_rectangle(20, 3)  # 1236 options: from PRESOLVE_FROM on
    assert xc.count(engine="memo", symmetry="raw") == 8
    assert xc.stats.memo["presolved"] == (1236, 1042)
    assert xc.count(engine="memo", symmetry="raw", presolve=False) == 8
    assert "presolved" not in xc.stats.memo
    drawn = xc.sample(6, seed=3)
    assert len(drawn) == 6 and all(xc.violation(s) is None for s in drawn)


def test_a_problem_past_the_bitsets_memory_is_refused(monkeypatch) -> None:
    from cpuzzler.errors import ExactCoverError
    from cpuzzler.models import queens
    from cpuzzler.presolve import reduction

    monkeypatch.setattr(reduction, "MOST_BITS", 100)
    with pytest.raises(ExactCoverError, match="16 options x 22 items is past"):
        reduce(queens(4))
