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
