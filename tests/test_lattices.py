"""Lattices: neighbours, symmetry groups, canonical forms; regions and their drawings."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpuzzler import InputFormatError
from cpuzzler.grids import cubic, hexagonal, square, triangular

GRIDS = [square, triangular, hexagonal, cubic]


@pytest.mark.parametrize(("grid", "free", "rotations"),
                         [(square, 8, 4), (triangular, 12, 6), (hexagonal, 12, 6),
                          (cubic, 48, 24)])
def test_group_sizes(grid, free, rotations):
    assert len(grid.lattice.symmetries("free")) == free
    assert len(grid.lattice.symmetries("one-sided")) == rotations
    assert len(grid.lattice.symmetries("fixed")) == 1


def some_cells(grid):
    if grid is triangular:
        return [(x, y, z) for x in range(-2, 3) for y in range(-2, 3) for z in (0, 1)]
    if grid is cubic:
        return [(x, y, z) for x in range(-2, 3) for y in range(-2, 3) for z in range(-2, 3)]
    return [(x, y) for x in range(-3, 4) for y in range(-3, 4)]


@pytest.mark.parametrize("grid", GRIDS)
def test_neighbours_are_mutual_and_kept_by_every_symmetry(grid):
    lat = grid.lattice
    for cell in some_cells(grid):
        for n in lat.neighbours(cell):
            assert cell in lat.neighbours(n)
        for g in lat.group:
            image = lat.transform([cell], g)[0]
            assert sorted(lat.transform(lat.neighbours(cell), g)) == sorted(lat.neighbours(image))


def test_triangle_coordinates_follow_the_seed_faq():
    lat = triangular.lattice
    # an upward triangle (z=0) meets the downward one of its own rhombus and two others
    assert sorted(lat.neighbours((0, 0, 0))) == [(-1, 0, 1), (0, -1, 1), (0, 0, 1)]
    assert len(triangular.hexagon(1)) == 6 and len(triangular.triangle(4)) == 16


@st.composite
def shapes(draw):
    grid = draw(st.sampled_from(GRIDS))
    cells = draw(st.lists(st.sampled_from(some_cells(grid)), min_size=1, max_size=7, unique=True))
    return grid.lattice, cells


@settings(max_examples=200, deadline=None)
@given(shapes(), st.data())
def test_canonical_form_is_the_same_for_every_image(shape, data):
    lat, cells = shape
    g = data.draw(st.sampled_from(lat.group))
    shift = data.draw(st.tuples(*[st.integers(-5, 5)] * lat.translated))
    image = lat.translate(lat.transform(cells, g), shift)
    assert lat.canonical(image, "free") == lat.canonical(cells, "free")
    assert lat.normalise(lat.translate(cells, shift)) == lat.normalise(cells)
    if g.proper:
        assert lat.canonical(image, "one-sided") == lat.canonical(cells, "one-sided")


def test_regions_and_their_symmetries():
    assert len(square.rectangle(10, 6).symmetries()) == 4
    assert len(square.rectangle(8, 8).symmetries()) == 8
    assert len(cubic.box(3, 3, 3).symmetries()) == 48
    assert len(cubic.box(3, 4, 5).symmetries()) == 8
    assert len(hexagonal.hexagon(3)) == 19 and len(hexagonal.hexagon(3).symmetries()) == 12
    assert len(triangular.hexagon(2).symmetries()) == 12
    ring = square.rectangle(5, 5).without(square.rectangle(3, 3).cells and
                                          [(x, y) for x in range(1, 4) for y in range(1, 4)])
    assert len(ring) == 16


def test_ascii_regions():
    board = square.from_ascii("""
        XXXX
        X..X
        XXXX
    """)
    assert len(board) == 10 and (1, 1) not in board and (0, 2) in board
    layered = cubic.from_ascii("XXX XXX\nXXX X.X")
    assert len(layered) == 11 and (1, 0, 1) not in layered


@pytest.mark.parametrize(("parse", "drawing", "message"), [
    (square.from_ascii, "   \n  ", "no cells"),
    (square.from_ascii, "X\tX", "tab"),
    (cubic.from_ascii, "XX XX\nXX", "1 layers on this line, 2 on the first"),
])
def test_bad_drawings_get_clear_errors(parse, drawing, message):
    with pytest.raises(InputFormatError, match=message):
        parse(drawing)


def test_hex_and_triangle_drawings_use_the_lattice_coordinates():
    assert hexagonal.from_ascii("XXXX\nXXXX\nXXXX\nXXXX\nXXXX\nXXXX\nXXXX").cells == \
        hexagonal.parallelogram(4, 7).cells
    assert triangular.from_ascii("\n".join(["X" * 12] * 6)).cells == \
        triangular.parallelogram(6, 6).cells
    # the hexagon of side 2 drawn in skewed coordinates
    assert hexagonal.from_ascii("XX.\nXXX\n.XX").cells == hexagonal.hexagon(2).cells
