"""The command line: output, exit codes, and one-line errors without tracebacks."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cpuzzler import ExactCover
from cpuzzler.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
QUEENS8 = str(EXAMPLES / "queens8.dlx")


def test_solve_prints_the_first_solution_one_option_a_line(capsys):
    assert main(["solve", QUEENS8]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "| solution 1"
    assert len(out) == 9 and all(line.startswith("r") for line in out[1:])


def test_solve_all_streams_every_solution(capsys):
    assert main(["solve", QUEENS8, "--all", "--symmetry", "raw"]) == 0
    captured = capsys.readouterr()
    assert captured.out.count("| solution") == 92
    assert "92 solution(s)" in captured.err


def test_listing_up_to_symmetry_lists_one_solution_per_class(capsys):
    """--all lists as --count counts: up to the problem's symmetry by default, on DLX
    files and catalog models alike (it listed every raw solution once)."""
    for problem, unique in ((QUEENS8, 12), ("queens-8", 12), (str(EXAMPLES / "soma.dlx"), 240)):
        assert main(["solve", problem, "--all", "--format", "jsonl"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == unique, problem
    xc = ExactCover.from_dlx(QUEENS8)
    group = xc.symmetries()
    listed = [tuple(sorted(xc.option(o) for o in s)) for s in xc.solve(symmetry="unique")]
    assert main(["solve", QUEENS8, "--all", "--format", "jsonl"]) == 0
    shown = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    index = {xc.option(o): o for o in range(xc.num_options)}
    classes = {group.canonical([index[tuple(option)] for option in entry["options"]])
               for entry in shown}
    assert len(classes) == 12 == len(listed)


def test_solve_n_prints_at_most_n(capsys):
    assert main(["solve", QUEENS8, "-n", "5"]) == 0
    assert capsys.readouterr().out.count("| solution") == 5


def test_count_prints_the_count_and_time_on_stderr(capsys):
    assert main(["solve", QUEENS8, "--count"]) == 0
    captured = capsys.readouterr()  # up to the matrix's own symmetry, found by nauty
    assert captured.out.strip() == "12 solutions up to 8 symmetries of the problem; 92 in all"
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
        [sys.executable, "-m", "cpuzzler", "solve", QUEENS8, "--count", "--engine", "python",
         "--symmetry", "raw"],
        capture_output=True, text=True,
    )
    assert done.returncode == 0 and done.stdout.strip() == "92"


def test_time_limit_reports_a_lower_bound_not_a_count(capsys):
    pentominoes = str(EXAMPLES / "pentominoes-6x10.dlx")
    # the reference engine: a limit that leaves the symmetry search (a quarter of it) time
    # to spare on a loaded machine, and the count far from done
    assert main(["solve", pentominoes, "--count", "--engine", "python",
                 "--time-limit", "4"]) == 3  # a lower bound: its own exit status
    out = capsys.readouterr().out.strip()
    assert out.startswith("at least ") and out.endswith("in all (time-out)")
    assert "symmetries of the problem" in out


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
    assert main(["solve", str(path), "--count", "--time-limit", "1e-9", "--symmetry",
                 "raw"]) == 3
    assert capsys.readouterr().out.strip() == "at least 0 solutions (time-out)"


# --- JSON Lines, -o, --quiet, --version, standard input ----------------------------------

def _json_lines(text):
    import json

    return [json.loads(line) for line in text.splitlines()]


def test_jsonl_streams_solutions_with_numbered_copies(capsys, tmp_path):
    assert main(["solve", "pentominoes-3x20", "--all", "--format", "jsonl", "-q"]) == 0
    out, err = capsys.readouterr()
    records = _json_lines(out)
    assert [r["solution"] for r in records] == [1, 2] and err == ""
    assert all(len(r["pieces"]) == 12 and r["puzzle"] == "pentominoes-3x20" for r in records)
    cells = [tuple(c) for p in records[0]["pieces"] for c in p["cells"]]
    assert len(cells) == len(set(cells)) == 60
    path = tmp_path / "two.toml"
    path.write_text('lattice = "square"\n[region]\nrectangle = [4, 1]\n[pieces]\nset = "domino"\n'
                    'copies = { I2 = 2 }\n')
    assert main(["solve", str(path), "--format", "jsonl"]) == 0
    pieces = _json_lines(capsys.readouterr().out)[0]["pieces"]
    assert [(p["piece"], p["copy"]) for p in pieces] == [("I2", 1), ("I2", 2)]
    assert main(["solve", QUEENS8, "-n", "1", "--format", "jsonl"]) == 0
    options = _json_lines(capsys.readouterr().out)[0]["options"]
    assert len(options) == 8 and all(o[0].startswith("r") for o in options)


def test_jsonl_counts_are_one_object(capsys):
    assert main(["solve", "pentominoes-4x15", "--count", "--format", "jsonl"]) == 0
    (record,) = _json_lines(capsys.readouterr().out)
    assert record["unique"] == 368 and record["raw"] == 1472 and record["complete"]
    assert record["reason"] == "done" and record["engine"] == "auto" and record["seconds"] >= 0
    main(["solve", "bedlam-cube", "--count", "--format", "jsonl", "--time-limit", "0.3"])
    (record,) = _json_lines(capsys.readouterr().out)  # a lower bound, marked
    assert not record["complete"] and record["reason"] == "time-out"
    assert main(["solve", QUEENS8, "--count", "--format", "jsonl"]) == 0
    (record,) = _json_lines(capsys.readouterr().out)
    assert record["unique"] == 12 and record["raw"] == 92
    assert main(["solve", QUEENS8, "--count", "--format", "jsonl", "--symmetry", "raw"]) == 0
    (record,) = _json_lines(capsys.readouterr().out)
    assert record["unique"] is None and record["raw"] == 92


def test_output_goes_to_a_file(capsys, tmp_path):
    target = tmp_path / "soma.jsonl"
    assert main(["solve", "soma", "-n", "3", "--format", "jsonl", "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    assert len(_json_lines(target.read_text())) == 3
    assert main(["solve", "soma", "-o", str(tmp_path / "no" / "such" / "dir.txt")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_version(capsys):
    from cpuzzler import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"cpuzzler {__version__}"


@pytest.mark.parametrize(("text", "expected"), [
    ((EXAMPLES / "queens8.dlx").read_bytes(), "92"),
    (b'lattice = "square"\n[region]\nrectangle = [20, 3]\n[pieces]\nset = "pentominoes"\n',
     "8"),
    (b"6 3  2 2 0 1 2 2 3  3 2 0 2 2 2 4 2 4 5  2 2 1 3 2 3 5", "1"),
])
def test_a_problem_read_from_standard_input(capsys, monkeypatch, text, expected):
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    assert main(["solve", "-", "--count", "--symmetry", "raw"]) == 0
    assert capsys.readouterr().out.strip() == expected


def test_standard_input_that_is_not_text_is_a_clear_error(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"r0 c0\n\xff\n")))
    assert main(["solve", "-", "--count"]) == 2
    assert "<stdin>: not UTF-8 text (byte 7)" in capsys.readouterr().err


# --- verify ---------------------------------------------------------------------------------

def test_verify_accepts_saved_solutions_in_every_form(capsys, tmp_path):
    for name, extra in [("pentominoes-3x20", ["--all"]), (QUEENS8, ["-n", "3"]),
                        ("soma", ["-n", "2", "--format", "jsonl"]),
                        (QUEENS8, ["-n", "2", "--format", "jsonl"])]:
        saved = tmp_path / "saved.txt"
        assert main(["solve", name, *extra, "-q", "-o", str(saved)]) == 0
        assert main(["verify", name, str(saved)]) == 0
        out = capsys.readouterr().out
        assert out.count(": ok") >= 2 and "NOT" not in out


def test_verify_names_what_is_wrong(capsys, tmp_path):
    import json

    saved = tmp_path / "soma.jsonl"
    assert main(["solve", "soma", "-n", "1", "--format", "jsonl", "-q", "-o", str(saved)]) == 0
    good = json.loads(saved.read_text())
    moved = json.loads(saved.read_text())
    moved["pieces"][0]["cells"][0] = [9, 9, 9]
    dropped = json.loads(saved.read_text())
    dropped["pieces"].pop()
    twice = json.loads(saved.read_text())
    twice["pieces"].append(twice["pieces"][0])
    saved.write_text("\n".join(json.dumps(r) for r in (good, moved, dropped, twice)) + "\n")
    assert main(["verify", "soma", str(saved)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(": ok") and "is no placement of this puzzle" in out[1]
    assert "is covered 0 times, not 1" in out[2] and "is covered 2 times, not 1" in out[3]
    assert main(["verify", "soma", str(saved), "-q"]) == 1  # only what is wrong
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 3 and ": ok" not in out and err == ""
    saved.write_text('{"solution": 1, "pieces": [{"piece": "V"}]}\n')
    assert main(["verify", "soma", str(saved)]) == 2
    assert "soma.jsonl:1: a solution needs pieces" in capsys.readouterr().err
    saved.write_text("nothing here\n")
    assert main(["verify", "soma", str(saved)]) == 2
    assert "no saved solutions" in capsys.readouterr().err


def test_a_file_solve_writes_names_its_puzzle_for_verify_and_render(capsys, tmp_path):
    """verify FILE and render FILE read the puzzle from the file (they asked --puzzle);
    verify against another puzzle says so in one line, not a line per solution."""
    records, options = tmp_path / "soma.txt", tmp_path / "queens.txt"
    assert main(["solve", "soma", "-n", "3", "-q", "-o", str(records)]) == 0
    assert records.read_text().startswith("| puzzle soma\nsolution 1:\n")
    assert main(["verify", str(records)]) == 0
    assert capsys.readouterr().out.count(": ok") == 3
    assert main(["render", str(records), "--number", "2"]) == 0
    second = records.read_text().split("solution 2:\n")[1].split("\nsolution 3:")[0]
    assert capsys.readouterr().out == second
    assert main(["verify", "pentominoes-6x10", str(records)]) == 1
    out = capsys.readouterr().out
    assert out == "none of the 3 saved solutions is of pentominoes-6x10: they are of soma\n"
    assert main(["solve", QUEENS8, "-n", "2", "-q", "-o", str(options)]) == 0
    assert main(["verify", str(options)]) == 0
    assert main(["verify", "queens-4", str(options)]) == 1
    assert "none of the 2 saved solutions is of queens-4" in capsys.readouterr().out
    options.write_text(options.read_text().split("\n", 1)[1])
    assert main(["verify", str(options)]) == 2
    assert "does not name its puzzle" in capsys.readouterr().err


# --- render -------------------------------------------------------------------------------

def test_render_draws_a_saved_solution_again(capsys, tmp_path):
    records = tmp_path / "hex.txt"
    assert main(["solve", "hexiamonds-6x6", "-n", "2", "-q", "-o", str(records)]) == 0
    second = records.read_text().split("solution 2:\n")[1]
    assert main(["render", str(records), "--puzzle", "hexiamonds-6x6", "--number", "2"]) == 0
    assert capsys.readouterr().out == second
    saved = tmp_path / "soma.jsonl"
    assert main(["solve", "soma", "-n", "2", "--format", "jsonl", "-q", "-o", str(saved)]) == 0
    picture, scene = tmp_path / "soma.svg", tmp_path / "soma.x3d"
    assert main(["render", str(saved), "--svg", str(picture), "--x3d", str(scene)]) == 0
    assert picture.read_text().startswith("<svg") and "<X3D" in scene.read_text()
    assert capsys.readouterr().out == ""


def test_render_errors_are_clear(capsys, tmp_path):
    records = tmp_path / "p.txt"
    assert main(["solve", "pentominoes-3x20", "-q", "-o", str(records)]) == 0
    records.write_text(records.read_text().removeprefix("| puzzle pentominoes-3x20\n"))
    assert main(["render", str(records)]) == 2  # a record written elsewhere
    assert "--puzzle: name the puzzle" in capsys.readouterr().err
    assert main(["render", str(records), "--puzzle", "pentominoes-3x20", "--number", "5"]) == 2
    assert "has no solution 5 (it has 1)" in capsys.readouterr().err
    assert main(["render", str(records), "--puzzle", "pentominoes-4x15"]) == 2
    assert "p.txt:1: solution 1: " in capsys.readouterr().err  # (the puzzle line was cut)
    assert main(["render", str(records), "--puzzle", "queens-8"]) == 2
    assert "render draws solutions of tilings" in capsys.readouterr().err


def test_check_compares_counts_up_to_symmetry_and_in_all_by_default(capsys):
    """One default everywhere: check counts as solve and count() do (unique, and raw)."""
    assert main(["check", "pentominoes-3x20", "--engines", "dlx,memo,sat"]) == 0
    assert "all 3 engines agree: 2 (8 in all)" in capsys.readouterr().out
    assert main(["check", "soma", "--symmetry", "rotations", "--engines", "dlx,python"]) == 0
    assert "all 2 engines agree: 480 (11520 in all)" in capsys.readouterr().out
    assert main(["check", "queens-8", "--engines", "dlx,frontier"]) == 0
    assert "all 2 engines agree: 12 (92 in all)" in capsys.readouterr().out
    assert main(["check", "queens-8", "--symmetry", "raw", "--engines", "dlx,memo"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("counted: every solution (raw)") and "agree: 92\n" in out
    assert main(["check", "queens-8", "--symmetry", "rotations"]) == 2
    assert "rotations are a tiling's" in capsys.readouterr().err


def test_every_exit_status_is_in_the_help(capsys):
    for argv in (["--help"], ["solve", "--help"], ["check", "--help"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert all(f"\n  {code} " in out for code in (0, 1, 2, 3, 70, 130)), argv


def test_check_settles_when_two_engines_agree_and_the_rest_are_lower_bounds(capsys):
    """check exited 3 when the complete counts agreed but one engine had timed out."""
    assert main(["check", "queens-11", "--engines", "dlx,memo,python", "--symmetry", "raw",
                 "--time-limit", "30"]) == 0
    assert "all 3 engines agree: 2680" in capsys.readouterr().out
    assert main(["check", "queens-13", "--engines", "dlx,memo,python", "--symmetry", "raw",
                 "--time-limit", "0.01"]) == 3
    assert "not settled" in capsys.readouterr().out


def test_check_with_a_partial_count(monkeypatch, capsys):
    from cpuzzler.results import Count

    counted = ExactCover.count

    def python_stops_early(self, *, engine=None, **options):
        return Count(40, "time-out") if engine == "python" else counted(self, engine=engine,
                                                                        **options)

    monkeypatch.setattr(ExactCover, "count", python_stops_early)
    raw = ["--symmetry", "raw"]
    assert main(["check", "queens-8", "--engines", "dlx,memo,python", *raw]) == 0
    out = capsys.readouterr().out
    assert "2 engines agree: 92; stopped early, no more than that: python at least 40" in out
    monkeypatch.setattr(ExactCover, "count", lambda self, engine=None, **options: (
        Count(100, "time-out") if engine == "python" else counted(self, engine=engine,
                                                                  symmetry="raw")))
    assert main(["check", "queens-8", "--engines", "dlx,memo,python", *raw]) == 1
    assert "DISAGREEMENT: dlx 92, memo 92, python at least 100" in capsys.readouterr().out


def test_version_and_help_read_no_model_catalog_or_engine():
    # Start-up: the parser is built from every command module, so they import what they
    # use where they use it; --version and --help import none of the heavy parts.
    import subprocess
    import sys

    script = ("import sys; from cpuzzler.cli import main; main(['--version']); "
              "print(' '.join(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    loaded = set(done.stdout.split())
    heavy = {"cpuzzler.catalog", "cpuzzler.models", "cpuzzler.parts.counting", "cpuzzler.grids",
             "cpuzzler.engines.native", "tqdm", "ortools", "pysat", "sympy", "pynauty",
             "networkx", "multiprocessing",
             # ExactCover's jobs load on first use (cpuzzler.jobs), not at start-up
             "cpuzzler.engines.diagram", "cpuzzler.parts.split", "cpuzzler.formats.dlx",
             "cpuzzler.symmetry.automorphisms", "cpuzzler.symmetry.burnside"}
    assert "cpuzzler.cli.solve" in loaded and not heavy & loaded


def test_exact_cover_jobs_load_on_first_use():
    # `import cpuzzler` registers where each job lives; the first call imports it.
    import subprocess
    import sys

    script = ("import sys, cpuzzler; before = 'cpuzzler.formats.dlx' in sys.modules; "
              "text = cpuzzler.ExactCover(primary=['a']).to_dlx(); "
              "print(before, 'cpuzzler.formats.dlx' in sys.modules, repr(text))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split(" ", 2)[:2] == ["False", "True"]
    assert "a" in done.stdout.split(" ", 2)[2]


def test_the_models_and_results_say_what_they_are_in_their_repr():
    """A readable repr for the objects a user meets in a notebook: no "object at 0x"."""
    from cpuzzler import Count, catalog
    from cpuzzler.engines.estimate import Estimate
    from cpuzzler.models import dpf, queens

    pentominoes = catalog.get("pentominoes-6x10").build()
    objects = {
        "PuzzleSymmetry(4 elements: rotation and reflection)": pentominoes.symmetries,
        "Symmetries(order 8 on 64 options, 2 generators)": queens(8).symmetries(),
        "Sudoku(4x4, 2x2 boxes, ": catalog.get("sudoku-4x4").build(),
        "Diagram(24 nodes over 36 options)": queens(6).diagram(),
        "Estimate(solutions 9000 +- 1.5e+03, nodes 2e+06, 7 of 100 probes met one)":
            Estimate(9000.0, 1500.0, 2e6, 1e5, 100, 7),
        "DpfPuzzle(2 locations, 1 pieces, 1 orientations)": dpf.DpfPuzzle(2, (((0, 1),),)),
        "Count(5, 'time-out')": Count(5, "time-out"),
    }
    for start, thing in objects.items():
        assert repr(thing).startswith(start) and "object at" not in repr(thing), repr(thing)
