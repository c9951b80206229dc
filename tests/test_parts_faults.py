"""Counting in parts under faults: damaged checkpoints, two runs on one file, kill -9,
far too many jobs. No wrong count, no process left behind."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
import uuid

import pytest
from conftest import finish, patience

from cpuzzler import catalog
from cpuzzler.engines import processes
from cpuzzler.errors import InputFormatError
from cpuzzler.models import queens
from cpuzzler.parts import count_in_parts
from cpuzzler.parts import counting as parts


def _edit(path, change):
    """Change a checkpoint file as a user might, then (optionally) fix its checksum."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    change(data)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f)


def _reseal(data):
    data["checksum"] = parts._checksum(data)


def test_an_edited_count_is_refused_by_the_checksum(tmp_path):
    checkpoint = str(tmp_path / "q.json")
    count_in_parts(queens(7), checkpoint=checkpoint)

    def bump(data):
        key = next(iter(data["done"]))
        data["done"][key] = [n + 1 for n in data["done"][key]]
    _edit(checkpoint, bump)
    with pytest.raises(InputFormatError, match="checksum"):
        count_in_parts(queens(7), checkpoint=checkpoint)


@pytest.mark.parametrize("bad", [{"999": [1, 1]}, {"-1": [1, 1]}, {"0": [-1, -1]},
                                 {"0": [1, 2]}, {"0": [1.5, 1.5]}])
def test_parts_outside_the_plan_are_refused_even_with_a_good_checksum(tmp_path, bad):
    checkpoint = str(tmp_path / "q.json")
    count_in_parts(queens(7), checkpoint=checkpoint)

    def damage(data):
        data["done"].update(bad)
        _reseal(data)
    _edit(checkpoint, damage)
    with pytest.raises(InputFormatError, match="damaged") as error:
        count_in_parts(queens(7), checkpoint=checkpoint)
    assert error.value.path == checkpoint


def test_another_symmetry_mode_is_refused_before_any_planning(tmp_path, monkeypatch):
    soma = catalog.get("soma").build()
    checkpoint = str(tmp_path / "soma.json")
    count_in_parts(soma, symmetry="unique", checkpoint=checkpoint, progress=_stop_after(1))

    def no_planning(*args, **kwargs):
        raise AssertionError("planned before checking the checkpoint")
    monkeypatch.setattr(parts, "plan", no_planning)
    with pytest.raises(InputFormatError, match="another problem or symmetry"):
        count_in_parts(soma, symmetry="raw", checkpoint=checkpoint)


def _stop_after(n):
    def progress(done, total):
        if done >= n:
            raise KeyboardInterrupt
    return progress


def test_a_second_run_on_a_checkpoint_in_use_is_refused(tmp_path):
    checkpoint = str(tmp_path / "q.json")
    with parts._Checkpoint(checkpoint), pytest.raises(InputFormatError, match="another count"):
        count_in_parts(queens(6), checkpoint=checkpoint)
    assert count_in_parts(queens(6), checkpoint=checkpoint) == (4, 4)  # free again


def test_jobs_are_capped_by_the_parts_and_the_cores(monkeypatch):
    started = []
    real = parts.open_backend

    def spy(backend, jobs, address):
        started.append(jobs)
        return real(backend, jobs, address)
    monkeypatch.setattr(parts, "open_backend", spy)
    pending = len(parts.plan(queens(6)).tasks)
    assert count_in_parts(queens(6), jobs=100000) == (4, 4)
    assert 1 <= started[-1] <= min(pending, processes.cores())
    count_in_parts(queens(6), jobs=100000, jobs_beyond_cores=True)
    assert started[-1] == pending


def _left_behind(marker):
    """The processes whose command line holds ``marker`` (forked workers inherit it)."""
    found = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True)
    return found.stdout.split()


def _wait_gone(marker, seconds=10.0):
    end = time.monotonic() + seconds
    while _left_behind(marker) and time.monotonic() < end:
        time.sleep(0.1)
    return _left_behind(marker)


def test_a_thousand_jobs_with_a_time_limit_end_on_time_and_leave_nothing(tmp_path):
    marker = f"marker-{uuid.uuid4().hex}"
    checkpoint = str(tmp_path / f"{marker}.json")
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "cpuzzler", "solve", "bedlam-cube", "--count", "--jobs",
         "1000", "--time-limit", "3", "--checkpoint", checkpoint],
        capture_output=True, text=True, timeout=60)
    elapsed = time.monotonic() - start
    assert done.returncode in (0, 3), done.stderr
    assert "at least" in done.stdout and "time-out" in done.stdout
    assert elapsed < patience(12), elapsed  # 3 s of limit, plus start-up and shutdown
    assert _wait_gone(marker) == []


def test_kill_9_at_random_moments_then_the_right_count(tmp_path):
    marker = f"marker-{uuid.uuid4().hex}"
    checkpoint = str(tmp_path / f"{marker}.json")
    command = [sys.executable, "-m", "cpuzzler", "solve", "solid-pentominoes-3x4x5",
               "--count", "--jobs", "2", "--checkpoint", checkpoint]
    rng = random.Random(19)
    for _ in range(3):
        run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.5, 2.5))
        run.send_signal(signal.SIGKILL)
        run.wait(timeout=30)
        assert _wait_gone(marker) == []  # the workers died with their parent
    finished = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.startswith("3940 solutions up to rotation and reflection; 31520")


def test_two_counts_on_one_checkpoint_one_refused_one_right(tmp_path):
    checkpoint = str(tmp_path / "soma.json")
    command = [sys.executable, "-m", "cpuzzler", "solve", "solid-pentominoes-3x4x5",
               "--count", "--jobs", "2", "--checkpoint", checkpoint]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    time.sleep(1.5)
    second = subprocess.run(command, capture_output=True, text=True, timeout=60)
    out, err = finish(first, 300)
    assert first.returncode == 0, err
    assert out.startswith("3940 solutions")
    assert second.returncode == 2 and "another count is using" in second.stderr


def test_sigterm_to_the_parent_takes_its_workers_with_it(tmp_path):
    marker = f"marker-{uuid.uuid4().hex}"
    checkpoint = str(tmp_path / f"{marker}.json")
    run = subprocess.Popen([sys.executable, "-m", "cpuzzler", "solve", "bedlam-cube",
                            "--count", "--jobs", "2", "--checkpoint", checkpoint],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 60
    while len(_left_behind(marker)) < 3 and time.monotonic() < end:
        time.sleep(0.2)  # planning, then the workers start
    assert len(_left_behind(marker)) >= 3  # the parent and its two workers
    run.send_signal(signal.SIGTERM)
    run.wait(timeout=30)
    assert _wait_gone(marker) == []
