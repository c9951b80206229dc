"""Every engine keeps a time limit on a large input, set-up included: a run ends within
max(2 s, 10%) past its limit (issue: "limits kept, everywhere"). The input is a
120x120 square of dominoes (7,200 pieces, 28,560 placements): building its model, its
symmetry group and its quotients takes longer than the limit, and none of the engines
can count it."""

import time

import pytest
from conftest import patience

from cpuzzler.grids import square
from cpuzzler.models import pieces
from cpuzzler.models.tiling import Tiling

LIMIT = 1.0
SLACK = max(2.0, 0.1 * LIMIT)


def _board(side: int = 120) -> Tiling:
    return Tiling([pieces.domino()[0].with_copies(side * side // 2)],
                  square.rectangle(side, side))


@pytest.mark.parametrize("symmetry", ["unique", "raw"])
@pytest.mark.parametrize("engine", ["dlx", "cpsat", "sat", "frontier", "auto"])
def test_a_count_ends_in_time(engine, symmetry):
    board = _board()
    start = time.perf_counter()
    counted = board.count(engine=engine, symmetry=symmetry, time_limit=LIMIT)
    spent = time.perf_counter() - start
    assert not counted.complete and counted.reason == "time-out"
    assert spent < LIMIT + patience(SLACK), f"{engine} {symmetry}: {spent:.1f} s"


@pytest.mark.parametrize("engine", ["dlx", "cpsat", "sat"])
def test_a_first_solution_is_found_or_the_search_ends_in_time(engine):
    board = _board()
    start = time.perf_counter()
    found = list(board.solve(1, symmetry="raw", engine=engine, time_limit=LIMIT))
    spent = time.perf_counter() - start
    assert len(found) <= 1 and spent < LIMIT + patience(SLACK), f"{engine}: {spent:.1f} s"


def test_the_frontier_engine_on_disk_ends_in_time(tmp_path):
    board = _board()
    start = time.perf_counter()
    counted = board.exact_cover.count(symmetry="raw", engine="frontier", work_dir=tmp_path / "work",
                                      time_limit=LIMIT)
    assert counted.reason == "time-out"
    assert time.perf_counter() - start < LIMIT + patience(SLACK)


def test_the_python_engine_says_when_a_search_is_too_deep_for_it():
    from cpuzzler.errors import ExactCoverError

    with pytest.raises(ExactCoverError, match="deeper than Python allows"):
        _board(60).count(engine="python", symmetry="raw", time_limit=LIMIT)


@pytest.mark.parametrize("engine", ["cpsat", "sat"])
def test_a_time_limit_holds_beside_two_busy_processes(engine):
    # issue 77: at load 9, --time-limit 20 took cpsat 30 s and sat 25 s: the solvers'
    # own limits started once the exact cover was built (5 to 9 s of a 300x300 board
    # beside busy processes), not with the run; now they get what is left of it
    import subprocess
    import sys

    limit = 10.0
    slack = patience(max(2.0, 0.1 * limit))  # the machine's own load, before ours
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        start = time.perf_counter()
        counted = _board(300).count(engine=engine, symmetry="raw", time_limit=limit)
        spent = time.perf_counter() - start
    finally:
        for process in busy:
            process.kill()
            process.wait()
    assert counted.reason == "time-out"
    assert spent < limit + slack, f"{engine}: {spent:.1f} s"


@pytest.mark.parametrize("engine", ["cpsat", "sat"])
def test_the_solvers_stop_at_the_runs_end_when_it_comes_before_their_own(engine):
    # what the test above depends on, without the load: the model built before the
    # engine has used the run's time, and the engine must not start a limit of its own
    from cpuzzler.engines import cpsat, sat
    from cpuzzler.results import RunDeadline

    xc = _board().exact_cover  # built before the clock starts
    run = {"cpsat": cpsat, "sat": sat}[engine]
    start = time.perf_counter()
    with RunDeadline.within(LIMIT):
        run.count(xc, time_limit=60.0)
    assert time.perf_counter() - start < LIMIT + patience(SLACK)
