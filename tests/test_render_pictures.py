"""SVG pictures and X3D scenes of solutions: well-formed, every cell in its piece's
colour, outlines exactly where two pieces (or a piece and the outside) meet."""

import xml.etree.ElementTree as ET

import pytest

from cpuzzler import catalog
from cpuzzler.cli import main
from cpuzzler.models import Tiling, pieces
from cpuzzler.render.svg import PALETTE, colours, placement_colours

SVG = "{http://www.w3.org/2000/svg}"
CELL_PUZZLES = ["pentominoes-6x10", "pentominoes-8x8-hole", "hexiamonds-6x6",
                "tetrahexes-4x7", "tangram-square", "soma"]
SEGMENT_PUZZLES = ["tetrasticks-5x5", "polytrigs-23-hexagon", "pentatwigs-triangle"]


def _adjacent_pairs_in_one_placement(solution):
    """Pairs of neighbouring cells covered by the same placement (each once)."""
    lattice = solution.tiling.region.lattice
    pairs = set()
    for placement in solution.placements:
        cells = set(placement.cells)
        for cell in cells:
            for other in lattice.neighbours(cell):
                if other in cells:
                    pairs.add(frozenset((cell, other)))
    return pairs


@pytest.mark.parametrize("name", CELL_PUZZLES)
def test_cell_pictures(name):
    solution = catalog.get(name).build().first()
    root = ET.fromstring(solution.svg())
    polygons = root.findall(f"{SVG}polygon")
    assert len(polygons) == len(solution.tiling.region)
    colour, titles = placement_colours(solution)
    fills = sorted(p.get("fill") for p in polygons)
    assert fills == sorted(colour[k] for k, p in enumerate(solution.placements)
                           for _ in p.cells)
    thin = [line for line in root.findall(f"{SVG}line") if line.get("stroke-opacity")]
    if solution.tiling.region.lattice.name != "cubic":  # cubes: within a layer only
        assert len(thin) == len(_adjacent_pairs_in_one_placement(solution))
    names = [t.text for t in root.findall(f"{SVG}text")]
    cubes = solution.tiling.region.lattice.name == "cubic"
    layers = sorted({c[2] for c in solution.tiling.region}) if cubes else []
    captions = [f"z = {z}" for z in layers]
    assert sorted(names) == sorted(2 * (titles + captions))  # + halos


def test_two_copies_side_by_side_are_outlined():
    # The tangram's two large triangles (both "L") touch along the diagonal: the line
    # between them is a piece boundary, drawn thick.
    solution = catalog.get("tangram-square").build().first()
    large = [p for p in solution.placements if p.piece == "L"]
    assert len(large) == 2
    root = ET.fromstring(solution.svg())
    inner = sum(1 for line in root.findall(f"{SVG}line") if line.get("stroke-opacity"))
    assert inner == len(_adjacent_pairs_in_one_placement(solution))


@pytest.mark.parametrize("name", SEGMENT_PUZZLES)
def test_segment_pictures(name):
    solution = catalog.get(name).build().first()
    root = ET.fromstring(solution.svg())
    lines = root.findall(f"{SVG}line")
    grey = [line for line in lines if line.get("stroke") == "#bbb"]
    assert len(grey) == len(solution.tiling.region)
    colour = colours(p.name for p in solution.tiling.pieces)
    drawn = sorted(line.get("stroke") for line in lines if line.get("stroke") != "#bbb")
    assert drawn == sorted(colour[p.piece] for p in solution.placements for _ in p.cells)
    assert float(root.get("width")) >= 360  # small boards drawn large enough to read
    discs = root.findall(f"{SVG}circle")  # each name in a disc ringed in its colour
    assert sorted(c.get("stroke") for c in discs) == sorted(colour[p.piece]
                                                             for p in solution.placements)


def test_x3d_scene_of_the_soma_cube():
    solution = catalog.get("soma").build().first()
    root = ET.fromstring(solution.x3d())
    assert root.tag == "X3D"
    boxes = root.findall(".//Box")
    assert len(boxes) == 27
    translations = {tuple(float(v) for v in t.get("translation").split())
                    for t in root.findall(".//Transform")}
    assert translations == {(x + 0.5, y + 0.5, z + 0.5) for x in range(3) for y in range(3)
                            for z in range(3)}
    assert len(root.findall(".//Material")) == 7
    assert len(root.findall(".//Group")) == 7


def test_x3d_only_for_cubes():
    solution = catalog.get("pentominoes-6x10").build().first()
    with pytest.raises(ValueError, match="polycubes"):
        solution.x3d()


def test_colours_are_distinct_for_many_pieces():
    table = colours(f"p{k}" for k in range(60))
    assert len(set(table.values())) == 60
    assert list(table.values())[:len(PALETTE)] == list(PALETTE)


def test_cli_writes_a_picture_per_solution(tmp_path, capsys):
    svg, x3d = tmp_path / "soma.svg", tmp_path / "soma.x3d"
    assert main(["solve", "soma", "-n", "2", "--svg", str(svg), "--x3d", str(x3d)]) == 0
    for path in (svg, x3d, tmp_path / "soma-2.svg", tmp_path / "soma-2.x3d"):
        ET.parse(path)
    assert not (tmp_path / "soma-3.svg").exists()


@pytest.mark.parametrize("argv, problem", [
    (["solve", "hexiamonds-6x6", "--x3d", "h.x3d"], "polycubes"),
    (["solve", "queens-8", "--svg", "q.svg"], "tilings only"),
    (["solve", "soma", "--count", "--svg", "s.svg"], "not with --count"),
])
def test_cli_picture_errors(argv, problem, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert problem in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_notebooks_show_solutions_tilings_regions_and_pieces_as_pictures():
    from cpuzzler import catalog
    from cpuzzler.grids import square, sticks
    from cpuzzler.models import pieces
    from cpuzzler.results import Optimum

    puzzle = catalog.get("pentominoes-3x20").build()
    assert repr(puzzle) == "Tiling(12 pieces, Region(square, 60 cells))"
    for obj, polygons in [(puzzle, 60), (puzzle.first(), 60), (square.rectangle(3, 2), 6),
                          (pieces.pentominoes()[0], 5), (pieces.soma()[0], 3),
                          (puzzle.best(), 60)]:  # an Optimum: issue 79
        picture = obj._repr_svg_()
        assert picture.startswith("<svg") and picture.count("<polygon") == polygons, obj
    stick = pieces.tetrasticks()[0]._repr_svg_()
    assert stick.count('stroke-width="1"') == 4  # the piece's own grid under it
    assert sticks.rectangle(2, 2)._repr_svg_().count("<line") == 12
    assert Optimum((0, 3), 7, True)._repr_svg_() is None  # options: the text shows them


def test_copies_are_numbered_and_neighbouring_copies_coloured_apart():
    from cpuzzler.grids import square

    puzzle = Tiling([pieces.domino()[0].with_copies(8)], square.rectangle(4, 4))
    solution = puzzle.first()
    colour, titles = placement_colours(solution)
    assert sorted(titles) == sorted(f"I2-{k}" for k in range(1, 9))
    owner = {c: k for k, p in enumerate(solution.placements) for c in p.cells}
    for cell, k in owner.items():
        for other in square.lattice.neighbours(cell):
            if owner.get(other, k) != k:
                assert colour[k] != colour[owner[other]]
    assert len(set(colour)) <= 4
    names = [t.text for t in ET.fromstring(solution.svg()).findall(f"{SVG}text")]
    assert "I2-5" in names
    # pieces of distinct names keep their own colours
    plain = catalog.get("pentominoes-3x20").build().first()
    assert placement_colours(plain)[0] == [colours(p.name for p in plain.tiling.pieces)[
        placement.piece] for placement in plain.placements]


def test_records_number_copies_and_read_back(tmp_path, capsys):
    solution = catalog.get("conway-5x5x5").build().first()
    record = solution.record()
    names = [line.split()[-1] for line in record.split("\n\n")[0].splitlines()]
    assert sorted(names) == sorted([f"A{k}" for k in range(1, 14)] + ["B", "C", "D1", "D2",
                                                                       "D3"])
    assert "A13" in record.split("\n\n")[1]  # the picture tells the copies apart too
    saved = tmp_path / "conway.txt"
    saved.write_text("solution 1:\n" + record)
    assert main(["verify", "conway-5x5x5", str(saved)]) == 0
    assert "ok" in capsys.readouterr().out


@pytest.mark.parametrize("family, piece, draw", [("polyhexes", "I2", "_hexagons"),
                                                   ("polyiamonds", "D2", "_triangles")])
def test_outline_drawings_separate_copies_of_one_piece(family, piece, draw):
    from cpuzzler.grids import hexagonal, triangular
    from cpuzzler.render import text

    region = (hexagonal.parallelogram(2, 2) if family == "polyhexes"
              else triangular.parallelogram(2, 1))
    shape = pieces.by_name(family, piece)
    drawn = Tiling([shape.with_copies(len(region) // 2)], region).first().render()
    whole = getattr(text, draw)({c: "X" for c in region}, list(region))  # no inner lines
    assert sum(ch not in " \n" for ch in drawn) > sum(ch not in " \n" for ch in whole)


def test_format_svg_and_x3d_make_the_pictures_the_output(tmp_path, capsys):
    assert main(["solve", "soma", "--format", "svg", "-q"]) == 0
    ET.fromstring(capsys.readouterr().out)  # one picture on standard output
    target = tmp_path / "soma.x3d"
    assert main(["solve", "soma", "--format", "x3d", "-n", "3", "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    for name in ("soma.x3d", "soma-2.x3d", "soma-3.x3d"):
        assert ET.parse(tmp_path / name).getroot().tag == "X3D"


@pytest.mark.parametrize("argv, why", [
    (["soma", "--format", "svg", "-n", "2"], "standard output takes one picture"),
    (["soma", "--format", "svg", "--count"], "not with --count"),
    (["queens-8", "--format", "svg"], "--format svg: pictures are drawn for tilings only"),
    (["pentominoes-3x20", "--format", "x3d"], "X3D scenes are for polycubes"),
    (["soma", "--format", "svg", "--svg", "a.svg"], "give one of them"),
])
def test_format_svg_errors(argv, why, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["solve", *argv]) == 2
    assert why in capsys.readouterr().err


def test_stl_solids_are_closed_and_set_in_by_half_the_gap(tmp_path, capsys):
    import trimesh

    from cpuzzler.grids import cubic
    from cpuzzler.render.stl import piece_solids

    soma = Tiling(pieces.soma(), cubic.box(3, 3, 3)).first()
    solids = piece_solids(soma, unit=10, gap=0.4)
    assert len(solids) == 7 and all(s.is_watertight for s in solids.values())
    # the V: three boxes, each reaching its neighbour in the piece, 0.2 short elsewhere
    assert solids["V"].volume == pytest.approx(9.8 * 9.8 * 9.6 + 2 * 9.8 * 9.6 * 9.6)
    whole = piece_solids(soma, unit=10, gap=0)
    assert sum(s.volume for s in whole.values()) == pytest.approx(27_000)
    assert main(["solve", "soma", "--stl", str(tmp_path / "soma"), "--unit", "8",
                 "--gap", "0"]) == 0
    written = sorted(tmp_path.glob("soma-*.stl"))
    assert len(written) == 7
    assert sum(trimesh.load(p).volume for p in written) == pytest.approx(27 * 8 ** 3)
    assert main(["solve", "soma", "--stl", str(tmp_path / "x"), "--gap", "20"]) == 2
    assert "a unit above 0" in capsys.readouterr().err


def test_stl_without_its_libraries_says_what_to_install(tmp_path, capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "manifold3d", None)  # as if not installed
    assert main(["solve", "soma", "--stl", str(tmp_path / "soma")]) == 2
    assert "pip install 'cpuzzler[stl]'" in capsys.readouterr().err
