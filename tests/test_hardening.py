"""Fail safe: extreme bounds, large inputs and bad text never give a wrong count."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
from conftest import brute_force_solutions, cpu_seconds, finish, patience

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
    assert xc.count(symmetry="raw", engine=engine) == 0 == len(brute_force_solutions(xc))
    assert list(xc.solve(engine=engine)) == []


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("hi", [2, 3, 2**31, 2**40])
def test_an_upper_bound_beyond_the_options_counts_every_subset(engine, hi):
    xc = ExactCover.from_dlx_text(f"0:{hi}|x\nx\nx\nx\n")  # any subset of three options
    assert xc.count(symmetry="raw",
                    engine=engine) == len(brute_force_solutions(xc)) == (8 if hi >= 3 else 7)


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
    start = cpu_seconds()
    xc = ExactCover.from_dlx_text("\n".join(lines))
    assert xc.num_options == 10000 and len(xc.items) == 20000
    assert cpu_seconds() - start < 10  # was about 55 s: a set rebuilt per line


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
    ["solve", "bedlam-cube", "--count", "--engine", "python"],
    ["solve", "solid-pentominoes-3x4x5", "--count", "--engine", "memo"],
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
    out, err = finish(run, 30)
    assert time.monotonic() - sent < patience(3), "Ctrl-C took too long"
    assert run.returncode == 130, err
    assert "Traceback" not in err
    if "--count" in command:
        assert "at least" in out and "(interrupted)" in out
    if command[0] == "check":
        assert "dlx" not in out  # the engines after the interrupted one do not start


@pytest.mark.parametrize("engine", ["dlx", "cpsat", "sat", "auto", "python", "memo"])
def test_a_time_limit_covers_the_whole_run(engine):
    start = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", "bedlam-cube",
                          "--count", "--engine", engine, "--time-limit", "1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode in (0, 3), run.stderr
    assert "(time-out)" in run.stdout
    # 1 s, plus start-up and set-up outside the limit (2 to 3 s; CP-SAT's 8 workers on 2
    # cores, beside the rest of the suite, once took 7.4 s): a runaway takes minutes
    assert time.monotonic() - start < patience(10)


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


# --- plain messages, before any search ------------------------------------------------

BAD_PUZZLE_FILES = [  # (text, what the message must say)
    (b'lattice = "square"\n# caf\xe9\n', "not a UTF-8 text file"),
    (b"", "names no lattice"),
    (b'lattice = "cubic"\n[region]\nbox = [1, 1, 2]\n[[piece]]\nname = "A"\n'
     b"cells = [[0, 0], [0, 1]]\n", ":4: piece 'A': cells: a list of cells, each 3 whole"),
    (b'lattice = "square"\n[region]\nrectangle = [2, 1]\n[[piece]]\nname = "A"\n'
     b'cells = [["a", 0], [0, 1]]\n', ":4: piece 'A': cells: a list of cells, each 2 whole"),
    (b'lattice = "square"\n[region]\ndrawing = """\n"""\n', ":3: the drawing has no cells"),
    (b'lattice = "square"\n[region]\nrectangle = [2, 1]\n[[piece]]\nname = "A"\n'
     b'drawing = """\n"""\n', ":4: the drawing has no cells"),
    (b'lattice = "square"\n[region]\ndrawing = """\nX?\n"""\n', ":4:2: '?' in a drawing"),
    (b'lattice = "square"\n[region]\nrectangle = [100000, 100000]\n[pieces]\n'
     b'set = "pentominoes"\n', ":3: rectangle = [100000, 100000] is too large"),
    (b'lattice = "square"\n[region]\nrectangle = [3, 1]\n[pieces]\nset = "pentominoes"\n'
     b'kind = "square"\n', "kind must be one of free, one-sided, fixed"),
]


@pytest.mark.parametrize(("text", "expected"), BAD_PUZZLE_FILES)
def test_bad_puzzle_files_get_a_plain_message_naming_the_line(tmp_path, capsys, text,
                                                              expected):
    path = tmp_path / "p.toml"
    path.write_bytes(text)
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cpuzzler: error: {path}") and expected in err
    assert err.count("\n") == 1


def test_an_eighteen_byte_dpf_file_asking_for_twenty_million_locations_is_refused(tmp_path,
                                                                                   capsys):
    path = tmp_path / "bomb.dpf"
    path.write_text("20000000 1 1 1 0")
    assert main(["solve", str(path)]) == 2
    assert "fill at most 1 of the 20000000 locations" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "expected"), [
    (["solve", "pentominoes-3x20", "--engine", "sat", "--sat-solver", "bogus"],
     "--sat-solver: SAT solver 'bogus': unknown"),
    (["solve", "pentominoes-3x20", "--engine", "sat", "--encoding", "bogus"],
     "--encoding: unknown encoding 'bogus'"),
    (["solve", "pentominoes-3x20", "--sat-solver", "minisat22"], "need --engine sat"),
    (["solve", "pentominoes-3x20", "--svg", "/nonexistent/x.svg"], "/nonexistent/x.svg"),
    (["solve", "queens-8", "-n", "0"], "argument -n: needs a positive number"),
    (["solve", "queens-8", "--count", "--jobs", "0"], "argument --jobs: needs a positive"),
    (["solve", "queens-8", "--jobs", "2", "--all"],
     "error: --jobs goes with --count, or with one solution (-n 1) by the dlx engine"),
    (["solve", "queens-8", "--checkpoint", "q.json"],
     "--checkpoint and --cluster go with --count"),
])
def test_command_line_mistakes_are_one_plain_line_before_any_search(argv, expected, capsys,
                                                                    monkeypatch):
    from cpuzzler.models.tiling import Tiling

    def no_search(*args, **kwargs):
        raise AssertionError("searched before checking the command line")
    monkeypatch.setattr(Tiling, "solve", no_search)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err
    assert " -n: -n" not in err and "error: -:" not in err


def test_an_internal_error_is_one_line_asking_for_a_report_or_a_traceback_with_debug(
        monkeypatch, capsys):
    from cpuzzler import cli
    from cpuzzler.cli import solve

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(solve, "load_problem", broken)
    assert main(["solve", "queens-8"]) == cli.EXIT_INTERNAL_ERROR
    err = capsys.readouterr().err
    assert "internal error (ZeroDivisionError: a bug)" in err and "report" in err
    assert err.count("\n") == 1
    with pytest.raises(ZeroDivisionError):
        main(["--debug", "solve", "queens-8"])


# --- pieces of one shape under different names ----------------------------------------

def test_two_names_for_one_shape_swap_in_the_symmetry_group():
    from cpuzzler.grids import square
    from cpuzzler.models import Tiling
    from cpuzzler.pieces import make

    domino = [(0, 0), (1, 0)]
    square_of_two = Tiling([make("A", domino, square), make("B", domino, square)],
                           square.rectangle(2, 2))
    assert len(square_of_two.symmetries) == 16  # the square's 8, each with A, B swapped
    assert square_of_two.count_both() == (1, 4) == square_of_two.count_both(method="dedup")
    strip = Tiling([make("A", domino, square), make("B", domino, square),
                    make("C", [(0, 0), (1, 0), (2, 0)], square)], square.rectangle(7, 1))
    assert strip.count_both() == (2, 6) == strip.count_both(method="dedup")
    assert strip.count(symmetry="raw") == 6


def test_output_that_cannot_be_written_is_bad_input_not_a_bug(capsys):
    """A full device (or disk): exit 2 with "cannot write", not 70 "internal error",
    whether the output goes to -o FILE or standard output is the device."""
    assert main(["solve", "queens-8", "--count", "-o", "/dev/full"]) == 2
    assert "cannot write" in capsys.readouterr().err
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "cpuzzler.cli", "solve", "queens-8",
                              "--all", "--format", "jsonl"], stdout=full,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    assert run.returncode == 2, run.stderr
    assert "cannot write" in run.stderr and "internal error" not in run.stderr
    assert "Traceback" not in run.stderr and "Exception ignored" not in run.stderr


def test_work_beside_is_stopped_and_waited_for_however_often_ctrl_c_comes():
    """``results.beside``: Ctrl-C (three of them) stops the work and waits until it has
    ended before going on, so that nothing freed next is still in use."""
    import _thread
    import threading

    from cpuzzler.results import beside

    stopped, ended = threading.Event(), []
    timers = [threading.Timer(t, _thread.interrupt_main) for t in (0.1, 0.2, 0.3)]

    def work() -> None:
        while not stopped.is_set():
            time.sleep(0.01)
        for timer in timers:  # winding down while every Ctrl-C arrives, however late
            timer.finished.wait()
        time.sleep(0.2)  # the last one seen by the waiting thread meanwhile
        ended.append(True)

    for timer in timers:
        timer.start()
    with pytest.raises(KeyboardInterrupt):
        beside(work, stopped.set)
    assert ended == [True]
    for timer in timers:
        timer.join()


@pytest.mark.parametrize("command", [
    ["solve", "/dev/zero", "--count"],
    ["verify", "pentominoes-3x20", "/dev/zero"],
    ["solve", "pentominoes-3x20", "--count", "--checkpoint", "/dev/zero"],
    ["solve", "pentominoes-3x20", "--count", "--checkpoint", "/dev/full"],
    ["solve", "pentominoes-3x20", "--count", "--engine", "memo", "--sweep", "/dev/zero"],
])
def test_a_device_where_a_file_goes_is_one_line_not_a_hang(command, capsys):
    """/dev/zero read without end (11.5 GB in 12 s) and /dev/full hung, leaving a .lock
    beside the device: now a one-line error, exit 2, nothing written beside it."""
    import os

    assert main(command) == 2
    assert "/dev/" in capsys.readouterr().err
    assert not os.path.exists("/dev/zero.lock") and not os.path.exists("/dev/full.lock")


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["sat", "cpsat", "dlx", "frontier", "auto"])
def test_ctrl_c_at_random_moments_always_ends_in_a_marked_partial_count(engine):
    """Ctrl-C while the heptiamonds 4x21 is read, encoded or searched: the SAT engine's
    encoder (python-sat's, called from the main thread) aborted the process now and
    then ("corrupted double-linked list") or ended in an internal error; its solver,
    freed while its search went on (a Ctrl-C inside ``Thread.join`` had marked the
    search's thread ended), hung or crashed 5 times in 40 at 3.5-6.5 s."""
    import random

    # three moments an engine, a different three each (15 over the range, 0.3 to 8 s)
    moments = random.Random(f"61-{engine}").sample([k / 10 for k in range(3, 80)], 3)
    for moment in moments:
        run = _cpuzzler("solve", "heptiamonds-4x21", "--count", "--engine", engine)
        time.sleep(moment)
        run.send_signal(signal.SIGINT)
        out, err = finish(run, 60)
        assert run.returncode == 130, (moment, err)
        assert "Traceback" not in err and "internal error" not in err, (moment, err)
        assert "(interrupted)" in out, (moment, out)
