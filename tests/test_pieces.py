"""Named piece sets and polyform generation, against OEIS."""

import pytest

from cpuzzler.grids import cubic, hexagonal, square, triangular
from cpuzzler.models import pieces


def counts(grid, top, kind):
    return [len(pieces.polyforms(grid, n, kind=kind)) for n in range(1, top + 1)]


def test_polyominoes_to_order_10():
    assert counts(square, 10, "free") == [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655]  # A000105
    assert counts(square, 10, "one-sided") == [1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189]
    assert counts(square, 8, "fixed") == [1, 2, 6, 19, 63, 216, 760, 2725]  # A001168


def test_polyiamonds_to_order_11():
    assert counts(triangular, 11, "free") == [1, 1, 1, 3, 4, 12, 24, 66, 160, 448, 1186]
    assert counts(triangular, 11, "one-sided") == [1, 1, 1, 4, 6, 19, 43, 120, 307, 866, 2336]
    assert counts(triangular, 4, "fixed") == [2, 3, 6, 14]  # A001420


def test_polyhexes_to_order_8():
    assert counts(hexagonal, 8, "free") == [1, 1, 3, 7, 22, 82, 333, 1448]  # A000228
    assert counts(hexagonal, 8, "one-sided") == [1, 1, 3, 10, 33, 147, 620, 2821]  # A006535


@pytest.mark.slow
def test_polycubes_to_order_8():
    assert counts(cubic, 8, "one-sided") == [1, 1, 2, 8, 29, 166, 1023, 6922]  # A000162
    assert counts(cubic, 8, "free") == [1, 1, 2, 7, 23, 112, 607, 3811]  # A038119


def test_polycubes_to_order_6():
    assert counts(cubic, 6, "one-sided") == [1, 1, 2, 8, 29, 166]
    assert counts(cubic, 6, "free") == [1, 1, 2, 7, 23, 112]


def test_named_sets_have_their_sizes_and_names():
    assert [p.name for p in pieces.pentominoes()] == list("FILNPTUVWXYZ")
    assert all(len(p) == 5 for p in pieces.pentominoes())
    assert len(pieces.one_sided_pentominoes()) == 18
    assert {len(pieces.hexominoes()), len(pieces.hexiamonds()), len(pieces.heptiamonds())} \
        == {35, 12, 24}
    assert (len(pieces.tetrahexes()), len(pieces.pentahexes())) == (7, 22)
    assert [p.name for p in pieces.soma()] == list("VLTZABP")
    assert len(pieces.tetracubes()) == 8 and len(pieces.pentacubes()) == 29
    assert len(pieces.solid_pentominoes()) == 12
    assert [p.name for p in pieces.tetrominoes()] == ["I4", "L4", "O4", "T4", "Z4"]
    assert len(pieces.monomino() + pieces.domino() + pieces.trominoes()) == 4


def test_named_sets_are_the_distinct_polyforms_of_their_order():
    def classes(ps, kind):
        lat = ps[0].lattice
        return sorted(lat.canonical(p.cells, kind) for p in ps)

    assert classes(pieces.pentominoes(), "free") == classes(pieces.polyforms(square, 5), "free")
    assert classes(pieces.tetrominoes(), "free") == classes(pieces.polyforms(square, 4), "free")
    for named, order in ((pieces.hexiamonds(), 6), (pieces.heptiamonds(), 7)):
        assert classes(named, "free") == classes(pieces.polyforms(triangular, order), "free")
    assert "".join(p.name[0] for p in pieces.hexiamonds()) == "CEFGHIJOPSVX"
    symmetric = [p.name for p in pieces.hexiamonds() if len(p.orientations()) ==
                 len(triangular.lattice.orientations(p.cells, "one-sided"))]
    assert symmetric == ["C6", "E6", "O6", "V6", "X6"]  # the mirror-symmetric ones
    assert classes(pieces.hexominoes(), "free") == classes(pieces.polyforms(square, 6), "free")
    symmetric = [p.name for p in pieces.hexominoes() if len(p.orientations()) ==
                 len(square.lattice.orientations(p.cells, "one-sided"))]
    assert symmetric == ["A06", "C06", "D06", "E06", "I06", "K06", "O06", "T06", "X06", "Y16"]
    for named, order, mirror_symmetric in (
            (pieces.tetrahexes(), 4, "I4 O4 U4 Y4"),
            (pieces.pentahexes(), 5, "A5 C5 D5 E5 I5 L5 U5 V5 W5 X5 Y5")):
        assert classes(named, "free") == classes(pieces.polyforms(hexagonal, order), "free")
        symmetric = [p.name for p in named if len(p.orientations()) ==
                     len(hexagonal.lattice.orientations(p.cells, "one-sided"))]
        assert symmetric == mirror_symmetric.split()  # as Polyform Puzzler lists them
    assert classes(pieces.tetracubes(), "one-sided") == classes(
        pieces.polyforms(cubic, 4, kind="one-sided"), "one-sided")
    # Soma: the irregular polycubes of order 3 and 4 (every tetracube but I4 and O4, and V)
    irregular = [p for p in pieces.tetracubes() if p.name not in ("I4", "O4")]
    bent_tricube = [p for p in pieces.polyforms(cubic, 3, kind="one-sided")
                    if all(max(c) <= 1 for c in p.cells)]
    assert classes(pieces.soma(), "one-sided") == classes(irregular + bent_tricube, "one-sided")


def test_piece_orientations():
    by_name = {p.name: p for p in pieces.pentominoes()}
    assert len(by_name["X"].orientations()) == 1
    assert len(by_name["F"].orientations()) == 8
    assert len(by_name["I"].orientations()) == 2
    assert len(pieces.pentominoes("one-sided")[0].orientations()) == 4
    assert len(pieces.soma()[0].orientations()) == 12  # the V tricube: 24 rotations / 2


def test_bad_pieces_are_refused():
    with pytest.raises(ValueError, match="not connected"):
        pieces.make("bad", [(0, 0), (2, 0)], square)
    with pytest.raises(ValueError, match="unknown kind"):
        pieces.make("bad", [(0, 0)], square, kind="floppy")


# --- families by order and name ------------------------------------------------------------

@pytest.mark.parametrize("name", list(pieces.FAMILIES))
def test_every_family_order_to_6_is_every_polyform_once_with_distinct_names(name):
    family = pieces.FAMILIES[name]
    lattice = family.grid.lattice
    top = 4 if family.quasi else 6  # the quasi-polyforms grow far faster with the order
    for order in range(1, top + 1):
        chosen = pieces.family(name, [order])
        kind = chosen[0].kind
        shapes = [lattice.canonical(p.cells, kind) for p in chosen]
        expected = {lattice.canonical(p.cells, kind) for p in pieces.polyforms(
            family.grid, order, family.kind, quasi=family.quasi)}
        assert len(set(shapes)) == len(shapes) and set(shapes) == expected, (name, order)
        assert all(len(p) == order for p in chosen)
    every = [p.name for p in pieces.family(name, range(1, top + 1))]
    assert len(set(every)) == len(every)


def test_family_sets_by_published_names():
    names = lambda ps: [p.name for p in ps]  # noqa: E731
    assert names(pieces.polyominoes(1, 2, 3, 4)) == ["O1", "I2", "I3", "V3", "I4", "L4",
                                                     "O4", "T4", "Z4"]
    assert names(pieces.polyiamonds(1, 5)) == ["T1", "D2", "I3", "I4", "C4", "T4", "I5",
                                               "L5", "P5", "C5"]
    assert names(pieces.polyhexes(1, 3)) == ["H1", "I2", "I3", "A3", "V3"]
    assert len(pieces.polyhexes(1, 4)) == 12 and len(pieces.polysticks(1, 4)) == 24
    assert names(pieces.polycubes(3)) == ["I3", "V3"] and len(pieces.polycubes(4)) == 8
    assert names(pieces.polytrigs(2, 3))[:3] == ["I2", "L2", "V2"]
    assert len(pieces.polyhexes(6)) == 82 and pieces.polyhexes(6)[0].name == "6-1"
    assert pieces.polyominoes(5, 1)[0].name == "F"  # not a range: the orders as given


def test_by_name_finds_published_names_and_aliases():
    assert pieces.by_name("polyominoes", "M") == pieces.by_name("polyominoes", "O1")
    square_tetromino = pieces.by_name("polyominoes", "S")
    assert square_tetromino.name == "O4" and len(square_tetromino) == 4
    assert pieces.by_name("polyominoes", "S4").name == "Z4"
    soma = {p.name: p for p in pieces.soma()}
    for alias, name in [("a", "A"), ("b", "B"), ("p", "P")]:
        assert pieces.by_name("polycubes", alias).cells == soma[name].cells
    assert pieces.by_name("polycubes", "S4").name == "Z4"
    assert pieces.by_name("polyhexes", "A3").cells == ((0, 0), (0, 1), (1, 0))
    assert pieces.by_name("polytwigs", "Y3").name == "Y3"
    assert pieces.by_name("polyiamonds", "X6").name == "X6"


def test_wrong_names_list_the_close_ones():
    with pytest.raises(ValueError, match=r"no piece called 'C8' among the polyiamonds; "
                                         r"did you mean C[4-7]"):
        pieces.by_name("polyiamonds", "C8")
    with pytest.raises(ValueError, match="did you mean polyhexes"):
        pieces.by_name("polyhex", "A3")
    with pytest.raises(ValueError, match="orders run from 1 to 8, not 0"):
        pieces.polyominoes(0)
    with pytest.raises(ValueError, match="given twice"):
        pieces.family("polyominoes", [4, 4])


def test_a_puzzle_file_takes_a_family_by_orders(tmp_path):
    from cpuzzler.formats import puzzle_file

    path = tmp_path / "hexes.toml"
    path.write_text('lattice = "hexagonal"\n[region]\nparallelogram = [10, 4]\n'
                    '[pieces]\nset = "polyhexes"\norders = [1, 2, 3, 4]\n')
    puzzle = puzzle_file.read(str(path))
    assert [p.name for p in puzzle.pieces][:5] == ["H1", "I2", "I3", "A3", "V3"]
    assert len(puzzle.exact_cover.items) == 40 + 12


# --- quasi-polyforms: segments joined end to end or across a one-segment gap ------------

@pytest.mark.parametrize(("family", "order", "names"), [
    ("quasi-polytrigs", 2, "I02 L02 V02 C12 I12 L12 P12 S12 Z12"),
    ("quasi-polytwigs", 2, "L2 S2 C2"),
    ("quasi-polytwigs", 3, "C03 S03 Y03 C13 C23 H13 I13 P13 P23 P33 S13 T13 U13 W13 W23 "
                           "Y13 Y23"),
])
def test_quasi_polyforms_are_polyform_puzzlers_by_name(family, order, names):
    """Grown from the gap rule alone, the shapes are exactly Polyform Puzzler's named
    sets (9 quasi-ditrigs, 3 quasi-ditwigs, 17 quasi-tritwigs)."""
    named = pieces.family(family, [order])
    assert [p.name for p in named] == names.split()
    lattice = named[0].lattice
    grown = {p.cells for p in pieces.polyforms(lattice, order, quasi=True)}
    assert grown == {lattice.canonical(p.cells) for p in named}
    # the ordinary polyforms are among them: joined end to end, no gap
    assert {lattice.canonical(p.cells) for p in pieces.polyforms(lattice, order)} <= grown


def test_a_gap_needs_a_quasi_piece():
    from cpuzzler.grids import trigs

    with pytest.raises(ValueError, match="not connected"):
        pieces.make("P12", [(0, 0, 0), (2, 0, 2)], trigs)
    assert pieces.make("P12", [(0, 0, 0), (2, 0, 2)], trigs, quasi=True).quasi
    with pytest.raises(ValueError, match="not connected"):  # two gaps are too many
        pieces.make("far", [(0, 0, 0), (3, 0, 0)], trigs, quasi=True)
    with pytest.raises(ValueError, match="edge lattices"):
        pieces.polyforms(square, 2, quasi=True)


def test_the_quasi_ditrigs_fill_a_triangle_as_published():
    # Polyform Puzzler, quasiditrigs.py (QuasiDitrigsTriangle, design by Colin F. Brown)
    from cpuzzler.formats import puzzle_file

    puzzle = puzzle_file.parse('lattice = "trigs"\n[region]\ntriangle = 3\n[pieces]\n'
                               'set = "quasi-polytrigs"\norders = [2]\n')
    assert puzzle.count_both() == (266, 1596)
    assert puzzle.count_both(engine="python") == (266, 1596)


# --- the named sets are data: cpuzzler/pieces/*.toml ---------------------------------------

def test_every_pieces_file_loads_and_every_alias_names_a_piece():
    from importlib import resources

    files = sorted(f.name[:-5] for f in (resources.files("cpuzzler") / "pieces").iterdir()
                   if f.name.endswith(".toml"))
    assert {"polyominoes", "polycubes", "polytrigs", "polyabolos"} <= set(files)
    for name in files:
        assert pieces.named_sets(name).sets
    for family in pieces.FAMILIES.values():
        for alias, target in family.aliases.items():
            assert pieces.by_name(family.name, alias).name == target


@pytest.mark.parametrize("text, line, why", [
    ('lattice = "square"\n[set]\nA = [[0, 0]]\nB = [[0, 0], [0, 2]]\n', 4, "not connected"),
    ('lattice = "square"\n[set]\nA = [[0, 0, 0]]\n', 3, "each 2 whole numbers"),
    ('lattice = "square"\n[set]\nA = []\n', 3, "a list of cells"),
    ('lattice = "hexagon"\n[set]\nA = [[0, 0]]\n', 1, "lattice must be one of"),
    ('lattice = "square"\nquasi = ["other"]\n[set]\nA = [[0, 0]]\n', 1, "quasi lists"),
    ('lattice = "square"\nwrong = 3\n', 2, "a set is a [table]"),
    ('lattice = "square"\n[set\n', None, "not TOML"),
])
def test_a_bad_pieces_file_is_a_clear_error_naming_its_line(text, line, why):
    from cpuzzler.errors import InputFormatError

    with pytest.raises(InputFormatError) as caught:
        pieces.read_sets(text, "bad.toml")
    assert why in str(caught.value) and "bad.toml" in str(caught.value)
    if line is not None:
        assert f"bad.toml:{line}:" in str(caught.value)
