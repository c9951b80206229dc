"""The command line: output, exit codes, and one-line errors without tracebacks."""

import subprocess
import sys
from pathlib import Path

import pytest

from cpuzzler.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
QUEENS8 = str(EXAMPLES / "queens8.dlx")


def test_solve_prints_the_first_solution_one_option_a_line(capsys):
    assert main(["solve", QUEENS8]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "| solution 1"
    assert len(out) == 9 and all(line.startswith("r") for line in out[1:])


def test_solve_all_streams_every_solution(capsys):
    assert main(["solve", QUEENS8, "--all"]) == 0
    captured = capsys.readouterr()
    assert captured.out.count("| solution") == 92
    assert "92 solution(s)" in captured.err


def test_solve_n_prints_at_most_n(capsys):
    assert main(["solve", QUEENS8, "-n", "5"]) == 0
    assert capsys.readouterr().out.count("| solution") == 5


def test_count_prints_the_count_and_time_on_stderr(capsys):
    assert main(["solve", QUEENS8, "--count"]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() == "92"
    assert captured.err.strip().endswith(" s")


def test_no_solution_exits_1(tmp_path, capsys):
    path = tmp_path / "none.dlx"
    path.write_text("a b\na\n")
    assert main(["solve", str(path)]) == 1
    assert main(["solve", str(path), "--count"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "0"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("a b\na c\n", "bad.dlx:2:3: unknown item 'c'"), ("| only\n", "no items line")],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(tmp_path, text, expected):
    path = tmp_path / "bad.dlx"
    path.write_text(text)
    done = subprocess.run(
        [sys.executable, "-m", "cpuzzler", "solve", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert expected in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_missing_file_exits_2(tmp_path, capsys):
    assert main(["solve", str(tmp_path / "absent.dlx")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_console_script_counts_queens():
    done = subprocess.run(
        [sys.executable, "-m", "cpuzzler", "solve", QUEENS8, "--count", "--engine", "python"],
        capture_output=True, text=True,
    )
    assert done.returncode == 0 and done.stdout.strip() == "92"


def test_time_limit_reports_a_lower_bound_not_a_count(capsys):
    pentominoes = str(EXAMPLES / "pentominoes-6x10.dlx")
    assert main(["solve", pentominoes, "--count", "--time-limit", "0.05"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("at least ") and out.endswith("solutions (time-out)")


@pytest.mark.parametrize("engine", ["dlx", "python"])
def test_engine_option_selects_the_engine(engine, capsys):
    assert main(["solve", str(EXAMPLES / "knuth7.dlx"), "--count", "--engine", engine]) == 0
    assert capsys.readouterr().out.strip() == "1"


def test_unknown_engine_is_a_usage_error(capsys):
    assert main(["solve", QUEENS8, "--engine", "quantum"]) == 2
    assert "invalid choice: 'quantum'" in capsys.readouterr().err


def test_time_limit_before_any_solution_is_undecided_not_none(tmp_path, capsys):
    path = tmp_path / "queens20.dlx"
    from cpuzzler.models import queens

    queens(20).to_dlx(path)
    assert main(["solve", str(path), "--count", "--time-limit", "1e-9"]) == 3
    assert capsys.readouterr().out.strip() == "at least 0 solutions (time-out)"
