"""Exported DIMACS counted by an independent exact model counter (Ganak, via pyganak):
the count of its models, projected on the option variables that the ``c p show`` line
names, must be the native engine's count, whatever the cardinality encoding."""

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


@pytest.mark.parametrize(("name", "encoding"), [
    ("queens-8", "seqcounter"), ("queens-8", "pairwise"), ("sudoku-4x4", "totalizer"),
    ("drive-ya-nuts", "seqcounter"), ("dpf-cutting-sticks", "ladder"),
])
def test_exported_dimacs_counted_by_ganak_matches_the_native_count(name, encoding, tmp_path):
    path = tmp_path / "problem.cnf"
    assert main(["export", name, "--format", "dimacs", "--encoding", encoding,
                 "-o", str(path)]) == 0
    assert ganak_count(path.read_text()) == exact_cover_of(catalog.get(name).build()).count()


def test_ganak_counts_unique_solutions_under_lex_leader_clauses():
    puzzle = catalog.get("tetrahexes-4x7").build()
    xc = puzzle.exact_cover
    cnf = to_cnf(xc, encoding="pairwise", symmetries=puzzle.option_symmetries())
    cnf.comments = [f"c p show {' '.join(map(str, range(1, xc.num_options + 1)))} 0"]
    assert ganak_count(cnf.to_dimacs()) == puzzle.count() == 9
