"""Counting in parts: over processes, stopped by Ctrl-C or a time limit, and resumed."""

import json
import signal
import subprocess
import sys
import time

import pytest
from conftest import finish, parts_done

from cpuzzler import catalog
from cpuzzler.errors import InputFormatError
from cpuzzler.models import queens
from cpuzzler.parts import count_in_parts, plan


@pytest.mark.parametrize("engine", ["dlx", "python"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_queens_in_parts(engine, jobs):
    unique, raw = count_in_parts(queens(8), engine=engine, jobs=jobs)
    assert (unique, raw) == (92, 92) and unique.complete


@pytest.mark.parametrize("symmetry, expected", [("unique", (240, 11520)),
                                                ("rotations", (480, 11520)),
                                                ("raw", (11520, 11520))])
def test_soma_in_parts_in_each_symmetry_mode(symmetry, expected):
    soma = catalog.get("soma").build()
    assert count_in_parts(soma, symmetry=symmetry, jobs=2) == expected


def test_pentominoes_6x10_in_parts_agrees_with_one_run():
    puzzle = catalog.get("pentominoes-6x10").build()
    assert count_in_parts(puzzle, symmetry="unique", jobs=2) == (2339, 9356)
    assert puzzle.count_both() == (2339, 9356)


def test_default_split_has_enough_parts():
    work = plan(catalog.get("pentominoes-6x10").build(), "unique")
    assert len(work.tasks) >= 64 and 1 <= work.depth <= 4


def _stop_after(parts):
    def progress(done, total):
        if done >= parts:
            raise KeyboardInterrupt
    return progress


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupted_count_resumes_from_its_checkpoint(tmp_path, jobs):
    puzzle = catalog.get("pentominoes-6x10").build()
    checkpoint = str(tmp_path / "count.json")
    first = count_in_parts(puzzle, symmetry="unique", jobs=jobs, checkpoint=checkpoint,
                           progress=_stop_after(5))
    assert first[0].reason == "interrupted" and not first[0].complete
    with open(checkpoint, encoding="utf-8") as f:
        saved = json.load(f)
    assert len(saved["done"]) == 5
    seen = []
    resumed = count_in_parts(puzzle, symmetry="unique", jobs=jobs, checkpoint=checkpoint,
                             progress=lambda done, total: seen.append(done))
    assert resumed == (2339, 9356) and resumed[0].complete
    assert seen[0] == 6 and seen[-1] == saved["parts"]  # the 5 saved parts are not redone
    # a finished checkpoint answers at once, with no part counted again
    again = count_in_parts(puzzle, symmetry="unique", checkpoint=checkpoint,
                           progress=lambda done, total: pytest.fail("counted again"))
    assert again == (2339, 9356)


def test_time_limit_leaves_a_lower_bound_that_resumes(tmp_path):
    xc = queens(10)
    checkpoint = str(tmp_path / "queens.json")
    cut = count_in_parts(xc, engine="python", time_limit=0.0, checkpoint=checkpoint)
    assert cut[0].reason == "time-out" and int(cut[0]) <= 724
    assert count_in_parts(xc, checkpoint=checkpoint) == (724, 724)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["queens.json"]  # no stale .lock


def test_checkpoint_of_another_problem_is_refused(tmp_path):
    checkpoint = str(tmp_path / "q.json")
    count_in_parts(queens(6), checkpoint=checkpoint)
    with pytest.raises(InputFormatError, match="another problem") as error:
        count_in_parts(queens(7), checkpoint=checkpoint)
    assert error.value.path == checkpoint


@pytest.mark.parametrize("text, problem", [("{", "bad JSON"), ("[1, 2]", "not a cpuzzler"),
                                           ('{"format": "cpuzzler checkpoint 1"}', "damaged")])
def test_bad_checkpoint_files_are_named(tmp_path, text, problem):
    checkpoint = tmp_path / "bad.json"
    checkpoint.write_text(text)
    with pytest.raises(InputFormatError, match=problem) as error:
        count_in_parts(queens(6), checkpoint=str(checkpoint))
    assert str(checkpoint) in str(error.value)


def test_unwritable_checkpoint_fails_before_counting(tmp_path):
    checkpoint = str(tmp_path / "no-such-folder" / "q.json")
    with pytest.raises(InputFormatError, match="cannot write the checkpoint") as error:
        count_in_parts(queens(8), checkpoint=checkpoint,
                       progress=lambda done, total: pytest.fail("counted"))
    assert error.value.path == checkpoint
    with pytest.raises(InputFormatError, match="a checkpoint is a regular file; this is a "
                                               "folder"):
        count_in_parts(queens(8), checkpoint=str(tmp_path))



def test_ctrl_c_on_the_command_line_then_resume(tmp_path):
    # A real SIGINT to a counting run in two processes on the slow reference engine:
    # exit status 130, the finished parts on file, and the next run completes the count.
    checkpoint = str(tmp_path / "6x10.json")
    command = [sys.executable, "-m", "cpuzzler", "solve", "pentominoes-6x10", "--count",
               "--jobs", "2", "--checkpoint", checkpoint]
    run = subprocess.Popen([*command, "--engine", "python"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not parts_done(checkpoint) and time.monotonic() < deadline:
        time.sleep(0.2)
    run.send_signal(signal.SIGINT)
    out, err = finish(run, 60)
    assert run.returncode == 130, err
    assert "at least" in out and "run again with --checkpoint" in err
    with open(checkpoint, encoding="utf-8") as f:
        saved = json.load(f)
    assert 0 < len(saved["done"]) < saved["parts"]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.startswith("2339 solutions up to rotation and reflection; 9356")


def test_cli_rejects_jobs_without_count(capsys):
    from cpuzzler.cli import main

    assert main(["solve", "queens-8", "--jobs", "2", "-n", "2"]) == 2
    assert "--jobs goes with --count, or with one solution" in capsys.readouterr().err
    assert main(["solve", "queens-8", "--count", "--jobs", "0"]) == 2


@pytest.mark.parametrize("name, symmetry, expected", [("soma", "unique", (240, 11520)),
                                                      ("pentominoes-3x20", "unique", (2, 8))])
def test_engine_options_reach_every_part(name, symmetry, expected):
    """The memo engine's fewest rule and a small table on every part, the symmetric
    placements' parts included (Soma's): the same counts."""
    puzzle = catalog.get(name).build()
    options = {"choice": "fewest", "memory": 2e6}
    assert count_in_parts(puzzle, symmetry=symmetry, engine="memo", jobs=2,
                          options=options) == expected


def test_engine_options_on_the_command_line(tmp_path, capsys):
    from cpuzzler.cli import main

    saved = str(tmp_path / "count.json")
    assert main(["solve", "pentominoes-6x10", "--count", "--engine", "memo", "--choice",
                 "fewest", "--memory", "8M", "--jobs", "2", "--checkpoint", saved]) == 0
    assert capsys.readouterr().out.startswith("2339 solutions")
    assert main(["solve", "queens-8", "--count", "--engine", "dlx", "--choice", "fewest",
                 "--jobs", "2"]) == 2
    assert "--choice needs --engine memo" in capsys.readouterr().err
    assert main(["solve", "queens-8", "--count", "--engine", "frontier", "--work-dir",
                 str(tmp_path / "layers"), "--symmetry", "raw", "--checkpoint", saved]) == 2
    assert "leave one out" in capsys.readouterr().err
