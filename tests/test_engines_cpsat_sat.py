"""The CP-SAT and SAT engines against the reference engine, and `cpuzzler check`."""

import signal
import subprocess
import sys
import time
import types

import pytest
from conftest import brute_force_solutions, empty_sudoku, pigeonhole
from hypothesis import given, settings
from test_reference_engine import random_problems

from cpuzzler import ExactCover, ExactCoverError
from cpuzzler.cli import main
from cpuzzler.encoders import ENCODINGS, to_cnf
from cpuzzler.engines import ENGINES
from cpuzzler.engines.cpsat import sweep_options
from cpuzzler.grids import square
from cpuzzler.models import Tiling, pieces, queens
from cpuzzler.results import DONE, TIMEOUT, Stats


@settings(max_examples=150, deadline=None)
@given(random_problems())
def test_cpsat_and_sat_find_exactly_the_brute_force_solutions(xc):
    expected = brute_force_solutions(xc)
    for engine in ("cpsat", "sat", "auto"):
        found = list(xc.solve(engine=engine))
        assert len(found) == len(set(found)), engine
        assert set(found) == expected, engine
        assert xc.count(symmetry="raw", engine=engine) == len(expected), engine


@pytest.mark.parametrize("engine", ["cpsat", "sat"])
def test_known_counts(engine):
    assert [queens(n).count(symmetry="raw", engine=engine) for n in range(1, 9)] == [1, 0, 0, 2,
                                                                                     10, 4, 40, 92]
    assert empty_sudoku(2).count(symmetry="raw", engine=engine) == 288


def test_auto_engine_lets_cpsat_prove_what_search_cannot():
    # The 10x10 board without two opposite corners: no domino tiling (colour count).
    # The native engine does not finish in a minute; CP-SAT's relaxation sees it at once.
    n = 10
    dominoes = pieces.domino()[0].with_copies(n * n // 2 - 1)
    xc = Tiling([dominoes], square.rectangle(n, n).without([(0, 0), (n - 1, n - 1)])).exact_cover
    assert xc.count(symmetry="raw", engine="dlx", time_limit=1.0).reason == "time-out"
    assert xc.first(engine="auto") is None and xc.stats.reason == "done"
    assert xc.stats.answered_by == "cpsat"
    # A count has the frontier engine in its portfolio too: the sweep finds no tiling at once.
    count = xc.count(symmetry="raw", engine="auto")
    assert count == 0 and count.complete and xc.stats.answered_by == "frontier"
    # Where search is quick, the native engine answers and lists everything.
    eight = queens(8)
    assert eight.count(symmetry="raw", engine="auto") == 92 and eight.stats.answered_by == "dlx"
    assert set(eight.solve(engine="auto")) == set(eight.solve())


def test_auto_counts_with_the_frontier_engine_where_sub_problems_repeat():
    # 258,584,046,368 domino tilings of the 10x10 board: enumeration would take hours
    xc = Tiling([pieces.domino()[0].with_copies(50)], square.rectangle(10, 10)).exact_cover
    count = xc.count(symmetry="raw", engine="auto")
    assert count == 258_584_046_368 and count.complete and xc.stats.answered_by == "frontier"


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_cardinality_encoding_counts_the_same(encoding):
    bounded = ExactCover.from_dlx_text("2:2|A 1:2|B | x\nA x\nA\nA B\nB\nB x\n")
    assert bounded.count(symmetry="raw", engine="sat", encoding=encoding) == 6
    assert queens(6).count(symmetry="raw", engine="sat", encoding=encoding) == 4


def test_first_solution_with_cpsat_parallel_workers():
    xc = queens(20)
    solution = xc.first(engine="cpsat")
    assert solution is not None and len(solution) == 20
    assert xc.stats.reason == "limit"


@settings(max_examples=60, deadline=None)
@given(random_problems())
def test_cpsat_first_solutions_along_the_sweep_are_solutions_or_proofs_of_none(xc):
    expected = brute_force_solutions(xc)
    for workers in (1, 2):  # the sweep alone; the sweep beside CP-SAT's own search
        found = list(xc.solve(1, engine="cpsat", workers=workers))
        assert len(found) == min(1, len(expected)), workers
        assert set(found) <= expected and xc.stats.reason in ("limit", "done"), workers


def test_cpsat_follows_the_sweep_of_a_tiling_for_a_first_solution():
    tiling = Tiling(pieces.pentominoes(), square.rectangle(10, 6))
    xc = tiling.exact_cover
    order = sweep_options(xc)
    corner = xc.items.index(xc.sweep[0])
    # first every placement covering the sweep's first cell, then those of the next
    holders = len(xc.item_options()[corner])
    assert set(order[:holders]) == set(xc.item_options()[corner])
    for workers in (1, 2):
        solution = next(iter(xc.solve(1, engine="cpsat", workers=workers)))
        assert xc.violation(solution) is None, workers
    mutilated = Tiling([pieces.domino()[0].with_copies(17)],
                       square.rectangle(6, 6).without([(0, 0), (5, 5)])).exact_cover
    assert mutilated.first(engine="cpsat") is None and mutilated.stats.reason == "done"


def test_time_limits_give_partial_counts():
    assert not queens(13).count(symmetry="raw", engine="cpsat", time_limit=0.05).complete
    assert not queens(13).count(symmetry="raw", engine="sat", time_limit=0.05).complete


def test_unknown_names_are_clear_errors():
    with pytest.raises(ExactCoverError, match="unknown encoding 'zigzag'; known: pairwise"):
        to_cnf(queens(4), encoding="zigzag")
    with pytest.raises(ExactCoverError, match="SAT solver 'nope': unknown; those that work: "
                                              ".*cadical195"):
        queens(4).count(symmetry="raw", engine="sat", solver="nope")


def test_only_the_solvers_that_work_for_the_job_are_offered(capsys):
    """kissat has no incremental solving: it aborted the process (exit 134) on the clause
    that blocks the first solution; cryptosat is named by python-sat but not built in."""
    from cpuzzler.engines.sat import solver_names

    assert "kissat404" in solver_names("one") and "kissat404" not in solver_names("all")
    assert "cryptosat" not in solver_names("one")
    assert len(queens(8).first(engine="sat") or ()) == 8
    assert len(list(queens(8).solve(1, engine="sat", solver="kissat404"))) == 1
    with pytest.raises(ExactCoverError, match="solves once only"):
        queens(8).count(symmetry="raw", engine="sat", solver="kissat404")
    with pytest.raises(ExactCoverError, match="solves once only"):
        list(queens(8).solve(2, engine="sat", solver="kissat404"))
    queens8 = ["solve", "queens-8", "--engine", "sat", "--sat-solver"]
    assert main([*queens8, "kissat404", "--count"]) == 2
    assert "--sat-solver: SAT solver 'kissat404' solves once only" in capsys.readouterr().err
    assert main([*queens8, "kissat404"]) == 0
    assert capsys.readouterr().out.startswith("| solution 1")
    assert main([*queens8, "cryptosat", "-n", "1"]) == 2
    assert "'cryptosat': is not built into python-sat here" in capsys.readouterr().err
    for name in solver_names():  # each one offered counts
        assert queens(6).count(symmetry="raw", engine="sat", solver=name) == 4, name


def test_cli_check_agrees_and_exits_0(capsys):
    assert main(["check", "queens-8", "--engines", "dlx,python,cpsat,sat"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("counted: each class of solutions up to the problem's symmetries")
    assert "all 4 engines agree: 12 (92 in all)" in out


def test_cli_check_fails_loudly_on_disagreement(monkeypatch, capsys):
    liar = types.ModuleType("liar")
    liar.NAME = "liar"
    liar.count = lambda xc, stats=None, time_limit=None: 91
    monkeypatch.setitem(ENGINES, "liar", "liar")
    monkeypatch.setitem(__import__("sys").modules, "liar", liar)
    assert main(["check", "queens-8", "--engines", "dlx,liar", "--symmetry", "raw"]) == 1
    assert "DISAGREEMENT: dlx 92, liar 91" in capsys.readouterr().out


def test_cli_sat_options(capsys):
    assert main(["solve", "queens-8", "--count", "--engine", "sat", "--symmetry", "raw",
                 "--sat-solver", "minisat22", "--encoding", "ladder"]) == 0
    assert capsys.readouterr().out.strip() == "92"
    assert main(["solve", "queens-8", "--count", "--encoding", "ladder"]) == 2


@pytest.mark.parametrize("fmt", ["dimacs", "opb", "dlx", "cpsat-proto"])
def test_exports_keep_the_solutions(fmt, tmp_path):
    path = tmp_path / f"queens6.{fmt}"
    assert main(["export", "examples/queens8.dlx" if fmt == "dlx" else "queens-8",
                 "--format", fmt, "-o", str(path)]) == 0
    text = path.read_text()
    xc = queens(8)
    solutions = set(xc.solve())
    if fmt == "dlx":
        assert ExactCover.from_dlx(path).count(symmetry="raw") == 92
    elif fmt == "dimacs":
        from pysat.formula import CNF
        from pysat.solvers import Solver

        found = set()
        with Solver(name="minisat22", bootstrap_with=CNF(from_string=text).clauses) as sat:
            while sat.solve():
                chosen = tuple(v - 1 for v in sat.get_model()[:64] if v > 0)
                found.add(chosen)
                sat.add_clause([-(k + 1) for k in chosen])
        assert found == solutions
    elif fmt == "opb":
        constraints = [line for line in text.splitlines() if not line.startswith("*")]

        def satisfied(chosen):
            for line in constraints:
                terms, bound = line.rstrip(" ;").split(" >= ")
                words = terms.split()
                total = sum(int(c) * (int(v[1:]) - 1 in chosen)
                            for c, v in zip(words[::2], words[1::2], strict=True))
                if total < int(bound):
                    return False
            return True

        assert all(satisfied(set(s)) for s in solutions)
        assert not satisfied({0, 1})
    else:
        from google.protobuf import text_format
        from ortools.sat import cp_model_pb2

        proto = text_format.Parse(text, cp_model_pb2.CpModelProto())
        assert len(proto.variables) == 64
        exactly_one = [c for c in proto.constraints if c.HasField("exactly_one")]
        assert len(exactly_one) == 16  # rows and columns
        assert len(proto.constraints) == 16 + 26  # and the diagonals with two squares or more


LEX_PUZZLES = [("tetrahexes-4x7", "sat"), ("welded-tetrasticks-4x4", "sat"),
               ("slothouber-graatsma", "sat"), ("pentominoes-3x20", "cpsat"),
               ("soma", "cpsat"), ("hexiamonds-4x9", "cpsat")]


@pytest.mark.parametrize(("name", "engine"), LEX_PUZZLES)
def test_lex_leader_constraints_count_unique_solutions(name, engine):
    """The solver itself keeps the least solution of each class: the published unique
    count, and the raw count rebuilt from the orbits, as the symmetry reduction finds."""
    from cpuzzler import catalog

    entry = catalog.get(name)
    puzzle = entry.build()
    assert puzzle.count_both(method="lex", engine=engine) == (entry.unique, entry.raw)


def test_lex_leader_needs_a_clause_engine_and_is_exact_on_a_tiny_case():
    from cpuzzler.grids import square
    from cpuzzler.models import Tiling, pieces
    from cpuzzler.symmetry.lex_leader import lex_leader_clauses

    puzzle = Tiling([pieces.tetrominoes()[1].with_copies(4)], square.rectangle(4, 4))
    with pytest.raises(ExactCoverError, match="needs the cpsat or sat engine"):
        puzzle.count_both(method="lex", engine="dlx")
    unique = len({puzzle.symmetries.canonical(s) for s in puzzle.solve(symmetry="raw")})
    assert puzzle.count_both(method="lex", engine="sat")[0] == unique
    # the clauses' auxiliaries are defined both ways: one model per kept solution
    clauses, top = lex_leader_clauses([[1, 0, 2]], 3, 4)
    models = [m for m in range(1 << top)
              if all(any((lit > 0) == bool(m >> (abs(lit) - 1) & 1) for lit in c)
                     for c in clauses)]
    assert sorted(m & 7 for m in models) == [0, 2, 3, 4, 6, 7]  # x0 <= x1; x2 free


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hexiamonds-6x6", "pentominoes-8x8-hole"])
def test_published_unique_counts_on_cpsat_with_lex_leaders(name):
    """A second engine and method for the unique counts the native engine finds by
    reduction (156 and 65: seconds each; the 6x10's 2339 took over 2 minutes, and the
    reference and memo engines count it)."""
    from cpuzzler import catalog

    entry = catalog.get(name)
    assert entry.build().count_both(method="lex", engine="cpsat") == (entry.unique, entry.raw)


def test_a_search_left_running_is_stopped_at_exit():
    """A caller that stops reading CP-SAT's solutions (Ctrl-C in its own code between two
    of them) left the search thread running; the interpreter then ended it mid-search and
    C++ aborted the process (exit 134, 2 runs in 3 before the fix)."""
    script = ("from cpuzzler.models import queens\n"
              "solutions = queens(14).solve(engine='cpsat')\n"
              "next(solutions)\n")
    for _ in range(3):
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             timeout=60)
        assert run.returncode == 0 and "terminate called" not in run.stderr, run.stderr


@pytest.mark.parametrize("solver", ["kissat404", "lingeling"])
def test_a_solver_that_cannot_be_interrupted_still_stops_at_the_time_limit(solver):
    """kissat ends its one call when a conflict budget runs out, and aborted the whole
    process (exit 134, "incremental solving not supported") on the next slice: any search
    longer than a thousand conflicts. Lingeling takes no budget and ran on past the time
    limit. Both search in a child process now, killed at the limit."""
    from cpuzzler.engines import sat

    stats = Stats()
    assert list(sat.solve(pigeonhole(9), stats=stats, solver=solver, limit=1)) == []
    assert stats.reason == DONE  # thousands of conflicts: no solution, proved
    stats = Stats()
    found = sat.solve(pigeonhole(16), stats=stats, solver=solver, limit=1, time_limit=0.5)
    assert list(found) == [] and stats.reason == TIMEOUT


def test_ctrl_c_kills_the_search_of_a_solver_that_cannot_be_interrupted(tmp_path):
    """The child process searching for kissat ends with the run (exit 130), at once."""
    from conftest import finish

    problem = tmp_path / "pigeons.dlx"
    problem.write_text(pigeonhole(16).to_dlx())
    run = subprocess.Popen([sys.executable, "-m", "cpuzzler", "solve", str(problem), "-n", "1",
                            "--engine", "sat", "--sat-solver", "kissat404"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    run.send_signal(signal.SIGINT)
    out, err = finish(run, 60)
    assert run.returncode == 130, err
    assert "Traceback" not in err and "incremental solving" not in err


def test_ctrl_c_during_cpsats_best_keeps_the_best_found_and_the_line_shows_it():
    # issue 79: Ctrl-C on --best lost what CP-SAT had found; each better solution now
    # shows on the progress line, and a Ctrl-C (sent here at the first) keeps the best
    import _thread
    import io

    from cpuzzler import progress

    class Interrupting(progress.Progress):
        sent = False

        def update(self, share, **said):
            super().update(share, **said)
            if "best so far" in said.get("note", "") and not self.sent:
                self.sent = True
                _thread.interrupt_main()

    board = Tiling(pieces.pentominoes(), square.rectangle(8, 8), fill="pack")
    shown = io.StringIO()
    with progress.reporting(Interrupting("best", file=shown, delay=0)):
        found = board.best(engine="cpsat")  # 60 cells, proven in seconds if not stopped
    assert found.solution is not None and "best so far" in shown.getvalue()
    assert (found.optimal, found.reason) == (False, "interrupted")
    assert found.value == sum(len(p.cells) for p in found.solution.placements)
    assert board.exact_cover.violation(
        [board.placements.index(p) for p in found.solution.placements]) is None
