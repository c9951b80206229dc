"""The progress line: what the native engine reports, that reporting in rounds changes
no answer, and that the command line shows it on a terminal only."""

import fcntl
import io
import os
import pty
import struct
import subprocess
import sys
import termios
import time

import pytest
from conftest import finish, patience

from cpuzzler import catalog, progress
from cpuzzler.engines import native
from cpuzzler.models import queens


class Recorder(progress.Progress):
    """A progress line that keeps what it was told."""

    def __init__(self):
        super().__init__("test", file=io.StringIO(), delay=0)
        self.reports = []
        self.runs = 0

    def begin(self):
        super().begin()
        self.runs += 1

    def update(self, share, *, solutions=None, nodes=None, note=""):
        super().update(share, solutions=solutions, nodes=nodes, note=note)
        self.reports.append((share, solutions, nodes))


@pytest.fixture
def short_rounds(monkeypatch):
    monkeypatch.setattr(native, "ROUND", 0.002)


@pytest.mark.parametrize("kernel", ["bits", "links"])
def test_counting_in_rounds_reports_a_growing_share_and_the_same_count(short_rounds, kernel):
    xc = catalog.get("pentominoes-5x12").build().exact_cover
    plain = xc.count(symmetry="raw", kernel=kernel)
    with progress.reporting(Recorder()) as line:
        shown = xc.count(symmetry="raw", kernel=kernel)
    assert shown == plain == 4040 and shown.complete
    shares = [share for share, _, _ in line.reports]
    assert len(shares) > 3, "the count should have been reported on several times"
    assert shares == sorted(shares) and shares[-1] == 1.0 and 0 < shares[0] < 1
    solutions = [s for _, s, _ in line.reports]
    assert solutions == sorted(solutions) and solutions[-1] == 4040
    assert line.runs == 1


@pytest.mark.parametrize("kernel", ["bits", "links"])
def test_listing_in_rounds_gives_the_same_solutions_in_the_same_order(short_rounds, kernel):
    xc = queens(9)
    plain = list(xc.solve(engine="dlx", kernel=kernel))
    with progress.reporting(Recorder()) as line:
        shown = list(xc.solve(engine="dlx", kernel=kernel))
        first_five = list(xc.solve(5, engine="dlx", kernel=kernel))
    assert shown == plain and len(plain) == 352
    assert first_five == plain[:5]
    assert line.runs == 2 and line.reports


def test_a_time_limit_still_stops_a_count_reported_in_rounds(short_rounds):
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    start = time.perf_counter()
    with progress.reporting(Recorder()):
        partial = xc.count(symmetry="raw", time_limit=0.2)
    assert not partial.complete and partial.reason == "time-out"
    assert time.perf_counter() - start < patience(2)


def test_the_auto_engine_reports_its_native_rounds(short_rounds):
    # in 5,000 bytes the counters cannot answer (the frontier engine's layers do not fit,
    # the memo engine drops entries): the native engine's rounds count to the end
    xc = catalog.get("pentominoes-5x12").build().exact_cover
    with progress.reporting(Recorder()) as line:
        assert xc.count(symmetry="raw", engine="auto", memory=5000) == 4040
    assert xc.stats.answered_by == "dlx"
    assert line.reports and line.reports[-1][1] == 4040


def test_the_line_names_solutions_rate_elapsed_and_time_left():
    out = io.StringIO()
    line = progress.Progress("counting", file=out, delay=0)
    line.update(0.25, solutions=12345, nodes=2_000_000)
    line.begin()
    line.update(0.5, solutions=5, nodes=10)
    text = out.getvalue()
    assert "counting:  25%" in text and "12,345 solutions" in text
    assert "nodes/s" in text and "elapsed" in text and "left" in text
    assert "12,350 solutions" in text  # a second run adds to the first
    line.close()


def _in_a_terminal(args):
    """Run the command line with standard error on a pseudo-terminal of 40 x 120:
    (what it wrote there, its standard output)."""
    main, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    run = subprocess.Popen([sys.executable, "-m", "cpuzzler", *args],
                           stdout=subprocess.PIPE, stderr=secondary, stdin=subprocess.DEVNULL)
    os.close(secondary)
    seen = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        seen += chunk
    out = finish(run, 60)[0]
    os.close(main)
    return seen.decode(), out.decode()


def test_a_count_longer_than_a_second_shows_progress_on_a_terminal():
    seen, out = _in_a_terminal(["solve", "bedlam-cube", "--count", "--time-limit", "4"])
    assert "counting:" in seen and "% |" in seen
    assert "solutions" in seen and "nodes/s" in seen and "left" in seen
    assert "at least" in out and "counting" not in out


@pytest.mark.parametrize("engine", ["cpsat", "memo"])
def test_an_engine_that_reports_nothing_still_shows_it_is_running(engine):
    # issue 79: only dlx and frontier drew a line; the others now get one that keeps
    # its elapsed time going (progress.reporting's own thread)
    seen, out = _in_a_terminal(["solve", "bedlam-cube", "--count", "--engine", engine,
                                "--time-limit", "3"])
    assert "counting:" in seen and "elapsed" in seen
    assert "counting" not in out


def test_best_shows_what_cp_sat_has_found_so_far(tmp_path):
    packing = tmp_path / "pack.toml"
    packing.write_text('lattice = "square"\nfill = "pack"\n[region]\nrectangle = [8, 8]\n'
                       '[pieces]\nset = "pentominoes"\n')
    seen, out = _in_a_terminal(["solve", str(packing), "--best", "--time-limit", "3"])
    assert "best: best so far" in seen and ", bound " in seen and "elapsed" in seen
    assert "covers" in out and "best so far" not in out


def test_the_line_is_drawn_again_while_nothing_reports():
    shown = io.StringIO()
    with progress.reporting(progress.Progress("waiting", file=shown, delay=0)):
        waited = time.perf_counter()
        while "00:01 elapsed" not in shown.getvalue() and time.perf_counter() - waited < 60:
            time.sleep(0.1)
    assert "waiting: 00:01 elapsed" in shown.getvalue()


def test_no_progress_with_quiet_or_in_a_pipe():
    seen, _ = _in_a_terminal(["solve", "bedlam-cube", "--count", "--time-limit", "1.5", "-q"])
    assert "counting" not in seen
    run = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", "bedlam-cube", "--count",
                          "--time-limit", "1.5"], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL)
    assert "counting" not in run.stderr and "at least" in run.stdout


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_count_in_parts_shows_the_parts_done(tmp_path, monkeypatch, capsys):
    from cpuzzler.cli import main

    shown = Terminal()
    monkeypatch.setattr(sys, "stderr", shown)
    original = progress.Progress.__init__
    monkeypatch.setattr(progress.Progress, "__init__",
                        lambda self, label, **kw: original(self, label, file=shown, delay=0))
    assert main(["solve", "pentominoes-6x10", "--count", "--jobs", "2",
                 "--checkpoint", str(tmp_path / "run.json")]) == 0
    seen = shown.getvalue()
    assert "counting in parts:" in seen and " parts, " in seen and "left" in seen
    assert "100%" in seen
    assert "2339" in capsys.readouterr().out


def test_a_notebook_opts_in_to_a_progress_bar(capsys):
    # outside Jupyter tqdm.auto falls back to the text line (on standard error)
    with progress.shown("counting") as line:
        assert progress.current() is line
        assert queens(8).count(symmetry="raw") == 92
        line.update(0.5, solutions=46)
    assert progress.current() is None
    assert "counting" in capsys.readouterr().err


def test_best_by_the_branch_and_bound_shows_its_best_so_far(tmp_path):
    # issue 79: the native branch and bound is one C call, and its line showed the
    # elapsed time only; now it reports its nodes, solutions and best value
    import random

    from cpuzzler import ExactCover
    from cpuzzler.grids import square
    from cpuzzler.models import Tiling, pieces

    plain = Tiling(pieces.pentominoes(), square.rectangle(10, 6)).exact_cover
    rng = random.Random(1)
    priced = ExactCover(primary=plain.primary)
    for o in range(plain.num_options):  # a random cost per placement, as DLX5's tests
        priced.add_option(plain.option(o), cost=rng.randrange(1000))
    file = tmp_path / "priced.dlx"
    priced.to_dlx(file)
    kept = tmp_path / "best.txt"  # the solutions to a file: a pipe would fill and stop it
    seen, _ = _in_a_terminal(["solve", str(file), "--best", "2000", "--time-limit", "3",
                              "-o", str(kept)])
    assert "best: best so far" in seen and "solutions" in seen and "nodes/s" in seen
    assert "| cost " in kept.read_text()  # the best found in 3 s
