"""The symmetries of any exact cover, from the matrix alone, and unique counts by them."""

import random
from pathlib import Path

import pytest
from conftest import patience
from sympy.combinatorics import Permutation

from cpuzzler import ExactCover, catalog
from cpuzzler.cli import main
from cpuzzler.models import Sudoku, Tiling, queens
from cpuzzler.symmetry import automorphisms

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def shuffled(xc: ExactCover, seed: int) -> ExactCover:
    """The same problem with its items renamed and its options in another order."""
    rng = random.Random(seed)
    names = {name: f"i{k}" for k, name in enumerate(rng.sample(xc.items, len(xc.items)))}
    other = ExactCover(primary=[names[n] for n in xc.primary],
                       secondary=[names[n] for n in xc.secondary],
                       bounds={names[n]: xc.bounds(n) for n in xc.primary})
    for o in rng.sample(range(xc.num_options), xc.num_options):
        other.add_option([names[n] for n in xc.option(o)])
    return other


@pytest.mark.parametrize("name, build, order, unique, raw", [
    ("8 queens", lambda: queens(8), 8, 12, 92),
    ("empty 4x4 Sudoku", lambda: Sudoku.empty(box=2).exact_cover, 3072, 2, 288),
    ("Soma matrix", lambda: ExactCover.from_dlx(EXAMPLES / "soma.dlx"), 48, 240, 11520),
    ("pentominoes 6x10, shuffled",
     lambda: shuffled(ExactCover.from_dlx(EXAMPLES / "pentominoes-6x10.dlx"), 7),
     4, 2339, 9356),
])
def test_known_groups_and_unique_counts_from_the_matrix_alone(name, build, order, unique,
                                                               raw):
    xc = build()
    assert xc.symmetries().order == order
    assert xc.count_both() == (unique, raw)  # by the reduction where an item allows it
    if xc.symmetries().invariant_items():
        assert xc.count_both(method="dedup") == (unique, raw)  # the slow oracle


def test_counts_and_lists_up_to_symmetry_from_the_plain_methods():
    xc = queens(8)
    assert xc.count(symmetry="unique") == 12 and xc.count(symmetry="raw") == 92
    assert xc.count_both(symmetry="raw") == (92, 92)
    assert len(list(xc.solve(symmetry="unique"))) == 12


def test_the_reduction_runs_on_every_engine_and_cuts_the_search():
    xc = ExactCover.from_dlx(EXAMPLES / "soma.dlx")
    group = xc.symmetries()
    assert group.invariant_items()  # the pieces: every symmetry keeps each piece's options
    for engine in ("dlx", "memo", "python"):
        assert xc.count_both(engine=engine) == (240, 11520), engine
    assert not queens(8).symmetries().invariant_items()  # rows and columns trade places
    first = list(queens(8).solve(3, symmetry="unique"))
    assert len(first) == 3 and len({queens(8).symmetries().canonical(s) for s in first}) == 3


def test_nauty_certificates_name_the_classes_as_the_listed_group_does(monkeypatch):
    monkeypatch.setattr(automorphisms, "LISTED", 1)  # every group is "too large to list"
    assert queens(8).count_both() == (12, 92)
    assert Sudoku.empty(box=2).exact_cover.count_both() == (2, 288)


def test_a_matrix_without_symmetry_counts_raw():
    xc = ExactCover(primary=[f"p{k}" for k in range(5)])
    for items in ([0], [0, 1], [1, 2], [2, 3, 4], [3], [4], [1, 2, 3], [0, 4], [2]):
        xc.add_option([f"p{k}" for k in items])
    group = xc.symmetries()
    assert group.order == 1 and group.generators == []
    assert xc.count_both() == (6, 6) == (xc.count(symmetry="raw", engine="python"),) * 2


def test_colours_and_bounds_are_kept_apart():
    xc = ExactCover(primary=["a", "b"], secondary=["x"], bounds={"a": (1, 2)})
    xc.add_option(["a", ("x", "red")])
    xc.add_option(["b", ("x", "red")])
    xc.add_option(["b", ("x", "blue")])
    # a and b differ in bounds: no symmetry may swap them
    assert xc.symmetries().order == 1
    twins = ExactCover(primary=["a", "b"], secondary=["x"])
    twins.add_option(["a", ("x", "red")])
    twins.add_option(["b", ("x", "blue")])
    twins.add_option(["a", "b"])
    # swapping a with b and red with blue is a symmetry: colours are names
    assert twins.symmetries().order == 2
    graph = twins.graph()
    assert ("colour", "x", "red") in graph and graph.has_edge(("option", 2), ("item", "a"))


QUICK = {"pentominoes-3x20", "pentominoes-6x10", "soma", "tetrahexes-4x7", "hexiamonds-6x6",
         "tetrasticks-5x5", "tangram-square", "polytrigs-23-hexagon"}
# the big puzzles kept for one solution (hexominoes and the like: 7,000 to 70,000
# placements) are past what nauty searches within the budget
TILINGS = [e for e in catalog.ENTRIES
           if e.family != "models" and "to find one solution of" not in e.note]


@pytest.mark.parametrize("entry", [
    pytest.param(e, id=e.name, marks=[] if e.name in QUICK else [pytest.mark.slow])
    for e in TILINGS])
def test_the_matrix_group_of_every_catalog_tiling_is_its_lattice_group(entry):
    """The group found from the matrix contains the lattice group the model computes (as
    it acts on the options: a flat box's mirror in z moves none); it is no larger except
    where the catalog's note says so (rows of bars that can be permuted)."""
    tiling = entry.build()
    assert isinstance(tiling, Tiling)
    found = tiling.exact_cover.symmetries(budget=patience(120))  # the largest: 10 s
    lattice = tiling.option_symmetries("unique")
    assert all(found.group.contains(Permutation(p)) for p in lattice)
    acting = len({tuple(p) for p in lattice} | {tuple(range(tiling.exact_cover.num_options))})
    if "its matrix has more symmetries" in entry.note:
        assert found.order > acting and found.order % acting == 0
    else:
        assert found.order == acting


def test_the_command_line_counts_dlx_files_up_to_their_symmetry(capsys):
    assert main(["solve", str(EXAMPLES / "queens8.dlx"), "--count"]) == 0
    out = capsys.readouterr().out
    assert out == "12 solutions up to 8 symmetries of the problem; 92 in all\n"
    assert main(["solve", str(EXAMPLES / "queens8.dlx"), "--count", "--symmetry", "raw"]) == 0
    assert capsys.readouterr().out == "92\n"
    assert main(["solve", str(EXAMPLES / "queens8.dlx"), "--count", "--format", "jsonl"]) == 0
    assert '"unique":12,"raw":92' in capsys.readouterr().out
    assert main(["solve", str(EXAMPLES / "queens8.dlx"), "--count", "--symmetry",
                 "rotations"]) == 2
    assert "rotations are for tilings" in capsys.readouterr().err


def test_the_9x9_sudoku_group_is_held_by_generators_only():
    xc = Sudoku.empty(box=3).exact_cover
    group = xc.symmetries()
    assert group.order == 1_218_998_108_160  # 9! x 6^8 x 2: too many to list
    assert group.order > automorphisms.LISTED
    grid = next(iter(xc.solve()))
    for move in group.generators[:5]:  # an image of a grid is the same grid up to symmetry
        image = tuple(sorted(move[o] for o in grid))
        assert xc.violation(image) is None
        assert group.canonical(image) == group.canonical(grid)
