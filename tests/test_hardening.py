"""Fail safe: extreme bounds, large inputs and bad text never give a wrong count."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
from conftest import brute_force_solutions

from cpuzzler import ExactCover
from cpuzzler.cli import main
from cpuzzler.errors import ExactCoverError, InputFormatError

ENGINES = ["dlx", "python", "cpsat", "sat"]
HUGE_BOUNDS = [2**31 - 1, 2**31, 2**32 + 1, 2**63, 2**64, 10**40]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("bound", HUGE_BOUNDS)
def test_a_bound_beyond_a_machine_word_is_held_exactly(engine, bound):
    xc = ExactCover.from_dlx_text(f"{bound}|x y\nx\nx y\n")
    assert xc.bounds("x") == (bound, bound)
    assert xc.count(engine=engine) == 0 == len(brute_force_solutions(xc))
    assert list(xc.solve(engine=engine)) == []


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("hi", [2, 3, 2**31, 2**40])
def test_an_upper_bound_beyond_the_options_counts_every_subset(engine, hi):
    xc = ExactCover.from_dlx_text(f"0:{hi}|x\nx\nx\nx\n")  # any subset of three options
    assert xc.count(engine=engine) == len(brute_force_solutions(xc)) == (8 if hi >= 3 else 7)


def test_the_native_engine_refuses_what_does_not_fit_an_int():
    from cpuzzler.engines import _dlx

    with pytest.raises(OverflowError):
        _dlx.Solver([2**31], [2**31], [0], [(0,)], "auto")


@pytest.mark.parametrize("bad", [True, 1.5, "2"])
def test_bounds_must_be_whole_numbers(bad):
    with pytest.raises(ExactCoverError, match="whole numbers"):
        ExactCover(primary=["x"], bounds={"x": (bad, 2)})


def test_a_bound_with_thousands_of_digits_is_bad_input_naming_the_line():
    with pytest.raises(InputFormatError, match=r"<string>:2:1: .*more than 1000 digits"):
        ExactCover.from_dlx_text("| c\n" + "9" * 5000 + "|x\nx\n")


def test_the_cli_counts_zero_for_a_bound_past_two_to_the_63(tmp_path, capsys):
    path = tmp_path / "big.dlx"
    path.write_text(f"{2**63}|x\nx\n")
    for engine in ENGINES:
        assert main(["solve", str(path), "--count", "--engine", engine]) == 1
        assert capsys.readouterr().out.strip() == "0"


def test_reading_is_linear_in_the_number_of_items_and_options():
    items = [f"i{k}" for k in range(20000)]
    lines = [" ".join(items)]
    lines += [f"i{k} i{(k * 7 + 1) % 20000}" for k in range(10000)]
    start = time.perf_counter()
    xc = ExactCover.from_dlx_text("\n".join(lines))
    assert xc.num_options == 10000 and len(xc.items) == 20000
    assert time.perf_counter() - start < 10  # was about 55 s: a set rebuilt per line


# --- Ctrl-C and time limits on the command line, every engine --------------------------

LONG_COUNTS = [  # each runs for well over the moment the signal comes
    ["solve", "pentominoes-6x10", "--count", "--engine", "cpsat", "--symmetry", "raw"],
    ["solve", "pentominoes-6x10", "--count", "--engine", "sat", "--symmetry", "raw"],
    ["solve", "pentominoes-6x10", "--count", "--engine", "sat"],
    ["solve", "bedlam-cube", "--count"],
    ["solve", "bedlam-cube", "--count", "--engine", "auto"],
    ["solve", "bedlam-cube", "--count", "--engine", "python", "--jobs", "2"],
    ["solve", "bedlam-cube", "--all", "--engine", "cpsat"],
    ["check", "pentominoes-6x10", "--engines", "cpsat,sat,dlx"],
]


def _cpuzzler(*args):
    return subprocess.Popen([sys.executable, "-m", "cpuzzler", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("command", LONG_COUNTS, ids=" ".join)
def test_ctrl_c_stops_every_engine_at_once_with_the_partial_result(command):
    run = _cpuzzler(*command)
    time.sleep(2.5)
    sent = time.monotonic()
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=30)
    assert time.monotonic() - sent < 3, "Ctrl-C took too long"
    assert run.returncode == 130, err
    assert "Traceback" not in err
    if "--count" in command:
        assert "at least" in out and "(interrupted)" in out
    if command[0] == "check":
        assert "dlx" not in out  # the engines after the interrupted one do not start


@pytest.mark.parametrize("engine", ["dlx", "cpsat", "sat", "auto", "python"])
def test_a_time_limit_covers_the_whole_run(engine):
    start = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", "bedlam-cube",
                          "--count", "--engine", engine, "--time-limit", "1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode in (0, 3), run.stderr
    assert "(time-out)" in run.stdout
    assert time.monotonic() - start < 6  # 1 s, plus start-up and set-up outside the limit


@pytest.mark.parametrize("value", ["-1", "0", "nan", "inf", "soon"])
def test_a_time_limit_that_is_not_a_positive_number_is_bad_input(value, capsys):
    assert main(["solve", "queens-8", "--time-limit", value]) == 2
    assert "--time-limit" in capsys.readouterr().err


def test_a_big_dlx_file_with_a_short_time_limit_stops_while_reading(tmp_path):
    path = tmp_path / "big.dlx"
    items = [f"i{k}" for k in range(2000)]
    with open(path, "w") as f:
        f.write(" ".join(items) + "\n")
        for k in range(300000):
            f.write(f"i{k % 1000} i{1000 + (k * 7) % 1000}\n")
    run = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", str(path), "--count",
                          "--time-limit", "0.01"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 3 and "time limit" in run.stderr


# --- one solution asked, one solution returned, at once -------------------------------

FIRST_SOLUTION = ["pentominoes-6x10", "soma", "hexiamonds-6x6"]


@pytest.mark.parametrize("engine", ["dlx", "cpsat", "sat", "auto"])
@pytest.mark.parametrize("symmetry", ["unique", "raw"])
@pytest.mark.parametrize("name", FIRST_SOLUTION)
def test_the_first_solution_comes_back_at_once(name, engine, symmetry):
    from cpuzzler import catalog

    puzzle = catalog.get(name).build()
    found = list(puzzle.solve(1, symmetry=symmetry, engine=engine, time_limit=60))
    assert len(found) == 1
    assert puzzle.exact_cover.stats.reason == "limit"  # not a time-out: it stopped at one
