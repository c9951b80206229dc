"""What a new user meets first: standard input that never ends, a negative size, a
folder that is a device, a shape with a negative side; each one plain line, at once."""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest

from cpuzzler.cli import main
from cpuzzler.errors import ExactCoverError
from cpuzzler.grids import cubic, hexagonal, square, sticks, triangular


def _capped_memory() -> None:  # in the child: 1 GB of address space, libraries included
    resource.setrlimit(resource.RLIMIT_AS, (1024 ** 3, 1024 ** 3))


def test_endless_standard_input_is_refused_at_once_in_little_memory():
    """``solve - < /dev/zero`` read everything before looking (4.4 GB in 60 s)."""
    with open("/dev/zero", "rb") as zero:
        run = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", "-", "--count"],
                             stdin=zero, capture_output=True, text=True, timeout=120,
                             preexec_fn=_capped_memory)
    assert run.returncode == 2
    assert run.stderr.strip() == "cpuzzler: error: <stdin>: not text: a NUL byte at byte 1"


def test_a_pipe_past_the_cap_is_refused_past_the_cap():
    run = subprocess.run(f"yes 'a b' | {sys.executable} -m cpuzzler solve - --count",
                         shell=True, capture_output=True, text=True, timeout=300)
    assert run.returncode == 2
    assert "more than 67,108,864 bytes: give a problem this big as a file" in run.stderr


def test_a_negative_size_is_said_to_be_no_size(capsys):
    assert main(["solve", "soma", "--count", "--memory", "-5G"]) == 2
    err = capsys.readouterr().err
    assert "'-5G' is not a size like 512M or 2G" in err
    assert "expected one argument" not in err


def test_a_device_as_the_gallery_folder_is_no_folder(capsys):
    assert main(["gallery", "soma", "-o", "/dev/full", "--no-count", "-n", "1"]) == 2
    assert capsys.readouterr().err.strip() == (
        "cpuzzler: error: /dev/full: is not a folder (-o names the folder to write "
        "index.html in)")


@pytest.mark.parametrize("shape, sides", [
    (square.rectangle, (-1, 5)), (square.rectangle, (3, 0)), (cubic.box, (2, 2, -2)),
    (triangular.parallelogram, (0, 3)), (triangular.triangle, (-2,)),
    (hexagonal.parallelogram, (2, -1)), (hexagonal.hexagon, (0,)),
    (hexagonal.triangle, (-3,)), (sticks.rectangle, (-1, 1))])
def test_a_shape_with_a_side_not_positive_is_refused_not_empty(shape, sides):
    with pytest.raises(ExactCoverError, match="needs positive whole sides"):
        shape(*sides)


def test_marginals_and_the_diagram_need_no_engine_left_out(tmp_path, capsys):
    """A count's default engine is no --engine given: marginals of a DLX file and of a
    catalog entry that names an engine were refused ("leave out --engine")."""
    assert main(["solve", "examples/queens8.dlx", "--count", "--marginals"]) == 0
    assert capsys.readouterr().out.startswith("92 solutions in all")
    assert main(["solve", "dominoes-8x8", "--count", "--diagram",
                 str(tmp_path / "d.zdd")]) == 0
    assert capsys.readouterr().out.startswith("12988816 solutions in all")
    assert main(["solve", "examples/queens8.dlx", "--count", "--marginals",
                 "--engine", "dlx"]) == 2
    assert "leave out --engine" in capsys.readouterr().err


def test_json_gives_the_unique_count_of_a_problem_without_symmetry(capsys):
    import json

    assert main(["solve", "examples/knuth7.dlx", "--count", "--format", "jsonl"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["unique"] == record["raw"] == 1
    assert main(["solve", "examples/knuth7.dlx", "--count", "--symmetry", "raw",
                 "--format", "jsonl"]) == 0
    assert json.loads(capsys.readouterr().out)["unique"] is None  # not asked for


@pytest.mark.parametrize("engine", ["cpsat", "sat", "python", "dlx"])
def test_unique_counts_of_a_plain_matrix_on_every_engine(engine, capsys):
    """CP-SAT and SAT counted a matrix's unique solutions by lex-leader constraints, a
    tiling's method only ("unknown method 'lex' for an exact cover"): they count by
    Burnside's lemma (or the reduction) as the others do."""
    from cpuzzler import ExactCover

    xc = ExactCover.from_dlx("examples/queens8.dlx")
    assert xc.count_both(engine=engine) == (12, 92)
    assert main(["solve", "examples/queens8.dlx", "--count", "--engine", engine]) == 0
    assert capsys.readouterr().out.startswith("12 solutions up to 8 symmetries")


def test_kinds_of_symmetry_of_one_name_are_told_apart(capsys):
    """The queens' order-2 symmetries: the four reflections fix none, the half turn fixes
    four; both printed as "order 2"."""
    assert main(["solve", "examples/queens8.dlx", "--count", "--engine", "memo"]) == 0
    err = capsys.readouterr().err
    assert "order 2 A (4) 0; order 2 B 4" in err


def test_info_on_a_folder_with_no_count_yet_says_why(tmp_path, capsys):
    assert main(["info", str(tmp_path)]) == 3
    out = capsys.readouterr().out
    assert "no count has saved its state here yet" in out and "30 s" in out


def test_every_catalog_pages_shell_line_is_a_command_that_counts_it(monkeypatch):
    """The pages printed `solve NAME --count` for the heptiamonds 4x21 and the pentahexes
    5x22 too: enumeration, "about 214 days"; theirs are the commands that counted them
    on disk (the frontier engine, which --work-dir chooses)."""
    import shlex

    from cpuzzler import catalog
    from cpuzzler.cli import build_parser
    from cpuzzler.cli import solve as solve_command

    parser = build_parser()
    for entry in catalog.ENTRIES:
        args = parser.parse_args(shlex.split(entry.command())[1:])
        assert args.problem == entry.name and args.count
        solve_command._default_engine(args)
        assert args.engine == ("frontier" if entry.shell else
                               entry.engine if entry.engine != "dlx" else "auto"), entry.name
    assert catalog.get("heptiamonds-4x21").shell and catalog.get("pentahexes-5x22").shell


def test_a_tiling_no_piece_reduces_is_counted_not_listed_up_to_symmetry():
    """The 6x6 dominoes (one piece, 18 copies: no reduction) were counted up to symmetry
    by listing every class (18 times the raw count's time on dlx); by default now by
    Burnside's lemma, on the same engine, and the two agree."""
    from cpuzzler import catalog

    board = catalog.get("dominoes-6x6").build()
    assert board.count_both(engine="dlx") == (930, 6728)
    assert board.exact_cover.stats.fixed  # what each symmetry fixes: Burnside's
    assert board.count_both(engine="dlx", method="reduce") == (930, 6728)  # the listing


def test_info_on_a_count_in_its_first_seconds_says_where_it_stands(tmp_path, capsys):
    """A new count in a work folder runs in memory for up to 30 s and saves no state
    meanwhile: info said only that none was saved; now the layers run so far."""
    from cpuzzler.engines.frontier.report import folder_report
    from cpuzzler.models import queens

    seen: list[dict[str, str]] = []

    def look(*_):
        seen.append(dict(folder_report(tmp_path)))

    assert queens(8).count(engine="frontier", work_dir=tmp_path, on_layer=look,
                           symmetry="raw") == 92
    assert len(seen) == 16  # its layers: the items in the order swept
    assert seen[2]["count"].startswith("running in memory, begun ")
    assert "layer 3 of 16 next" in seen[2]["count"] and seen[2]["layers run"].startswith("3 ")
    assert not (tmp_path / "running.json").exists()  # the state saved, the note gone
    assert main(["info", str(tmp_path)]) == 0
    assert "finished: 92 solutions" in capsys.readouterr().out
