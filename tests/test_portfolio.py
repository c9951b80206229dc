"""One solution by a portfolio of seeded searches in forked processes: the first answer
wins, the others are killed (``engines.processes``, ``native.portfolio``)."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from conftest import finish, pentomino_rectangle, pigeonhole

from cpuzzler.engines import native
from cpuzzler.engines.processes import first_answer
from cpuzzler.errors import ExactCoverError
from cpuzzler.results import DONE, INTERRUPTED, TIMEOUT, Stats


def _forever() -> None:
    threading.Event().wait()


def test_the_first_answer_wins_and_a_child_that_never_answers_is_killed():
    assert first_answer([_forever, lambda: 42, _forever], None) == (1, 42)
    assert first_answer([_forever], 0.2) is None  # the time limit: no answer


def test_a_childs_exception_is_raised_here_and_a_silent_death_is_named():
    with pytest.raises(ZeroDivisionError):
        first_answer([lambda: 1 // 0], None)
    assert first_answer([lambda: os._exit(3), lambda: "late"], None) == (1, "late")
    with pytest.raises(ExactCoverError, match="without an answer .exit codes 3"):
        first_answer([lambda: os._exit(3)], None)


@pytest.mark.parametrize("seed", [0, 5])
def test_the_portfolio_answers_what_its_winning_seed_finds_alone(seed, monkeypatch):
    monkeypatch.setattr(native, "ALONE", 0)  # no search alone first: three processes race
    xc = pentomino_rectangle(10, 6)
    stats = Stats()
    found = list(native.solve(xc, stats=stats, limit=1, seed=seed, jobs=3))
    assert stats.jobs == 3 and stats.seed in {seed, seed + 1, seed + 2}
    assert len(found) == 1 and xc.violation(found[0]) is None
    assert found[0] == next(native.solve(xc, limit=1, seed=stats.seed, jobs=1,
                                         choice=stats.choice))
    assert stats.choice == ("fewest", "fewest", "cells")[stats.seed - seed]


def test_a_problem_solved_within_the_first_nodes_answers_the_same_on_any_machine():
    """The first seed searches ALONE nodes by itself: a puzzle solved in them gets its
    solution whatever the load or the number of processes."""
    xc = pentomino_rectangle(10, 6)
    stats = Stats()
    assert next(native.solve(xc, stats=stats, limit=1, jobs=2)) \
        == next(native.solve(xc, limit=1, jobs=1)) and stats.jobs == 1


def test_by_default_one_process_per_free_core(monkeypatch):
    monkeypatch.setattr(native, "ALONE", 0)
    monkeypatch.setattr(native, "free_cores", lambda: 2)
    xc = pentomino_rectangle(10, 6)
    assert xc.first() is not None and xc.stats.reason == "limit"
    stats = Stats()
    assert len(list(native.solve(xc, stats=stats, limit=1))) == 1 and stats.jobs == 2
    stats = Stats()
    next(native.solve(xc, stats=stats, limit=1, seed=3))  # a seed named: one process
    assert stats.jobs == 1 and stats.seed == 3


def test_none_and_the_time_limit(monkeypatch):
    monkeypatch.setattr(native, "ALONE", 0)
    stats = Stats()
    assert list(native.solve(pigeonhole(5), stats=stats, limit=1, jobs=2)) == []
    assert stats.reason == DONE and stats.jobs == 2  # proved: no solution
    stats = Stats()
    assert list(native.solve(pigeonhole(14), stats=stats, limit=1, jobs=2,
                             time_limit=0.3)) == []
    assert stats.reason == TIMEOUT


def test_ctrl_c_in_the_race_marks_the_search_interrupted(monkeypatch):
    monkeypatch.setattr(native, "ALONE", 0)

    def interrupted(works, seconds):
        raise KeyboardInterrupt

    monkeypatch.setattr(native, "first_answer", interrupted)
    stats = Stats()
    with pytest.raises(KeyboardInterrupt):
        next(native.solve(pigeonhole(14), stats=stats, limit=1, jobs=2))
    assert stats.reason == INTERRUPTED


def test_ctrl_c_stops_the_portfolio_at_once(tmp_path):
    problem = tmp_path / "pigeons.dlx"
    problem.write_text(pigeonhole(16).to_dlx())
    run = subprocess.Popen([sys.executable, "-m", "cpuzzler", "solve", str(problem),
                            "--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
    time.sleep(3)
    run.send_signal(signal.SIGINT)
    out, err = finish(run, 60)
    assert run.returncode == 130, err
    assert "Traceback" not in err
