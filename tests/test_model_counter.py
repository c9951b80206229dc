"""Exported DIMACS counted by two independent exact model counters (Ganak, via pyganak,
and d4, via the d4solver wheel): the count of its models, projected on the option
variables that the ``c p show`` line names, must be the native engine's count, whatever
the cardinality encoding."""

import py_d4
import pyganak
import pytest
from pysat.formula import CNF

from cpuzzler import catalog
from cpuzzler.cli import main
from cpuzzler.cli.common import exact_cover_of
from cpuzzler.encoders import to_cnf


def ganak_count(dimacs: str) -> int:
    """Ganak's projected model count of a DIMACS text with a ``c p show`` line."""
    cnf = CNF(from_string=dimacs)
    (show,) = [c for c in cnf.comments if c.startswith("c p show")]
    counter = pyganak.Counter()
    counter.new_vars(cnf.nv)
    counter.add_clauses(cnf.clauses)
    counter.set_sampling_set([int(v) for v in show.split()[3:-1]])
    return counter.count()


def d4_count(path) -> int:
    """d4's model count of a DIMACS file; d4 reads the ``c p show`` line itself."""
    return int(py_d4.Solver(str(path)).count().getIntResult())


@pytest.mark.parametrize(("name", "encoding"), [
    ("queens-8", "seqcounter"), ("queens-8", "pairwise"), ("sudoku-4x4", "totalizer"),
    ("drive-ya-nuts", "seqcounter"), ("dpf-cutting-sticks", "ladder"),
])
def test_exported_dimacs_counted_by_ganak_matches_the_native_count(name, encoding, tmp_path):
    path = tmp_path / "problem.cnf"
    assert main(["export", name, "--format", "dimacs", "--encoding", encoding,
                 "-o", str(path)]) == 0
    xc = exact_cover_of(catalog.get(name).build())
    assert ganak_count(path.read_text()) == xc.count(symmetry="raw")


@pytest.mark.parametrize(("name", "encoding"), [
    ("queens-8", "totalizer"), ("sudoku-4x4", "ladder"), ("dpf-cutting-sticks", "pairwise"),
    ("drive-ya-nuts", "seqcounter"),
])
def test_exported_dimacs_counted_by_d4_matches_the_native_count(name, encoding, tmp_path):
    path = tmp_path / "problem.cnf"
    assert main(["export", name, "--format", "dimacs", "--encoding", encoding,
                 "-o", str(path)]) == 0
    assert d4_count(path) == exact_cover_of(catalog.get(name).build()).count(symmetry="raw")


def test_model_counters_count_unique_solutions_under_lex_leader_clauses(tmp_path):
    puzzle = catalog.get("tetrahexes-4x7").build()
    xc = puzzle.exact_cover
    cnf = to_cnf(xc, encoding="pairwise", symmetries=puzzle.option_symmetries())
    cnf.comments = [f"c p show {' '.join(map(str, range(1, xc.num_options + 1)))} 0"]
    assert ganak_count(cnf.to_dimacs()) == puzzle.count() == 9
    path = tmp_path / "unique.cnf"
    path.write_text(cnf.to_dimacs())
    assert d4_count(path) == 9
