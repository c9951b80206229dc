"""Polyform tilings against published counts, raw and up to symmetry, on two engines."""

import pytest

from cpuzzler import ExactCoverError, InputFormatError
from cpuzzler.grids import cubic, hexagonal, square, triangular
from cpuzzler.models import Tiling, pieces
from cpuzzler.render.text import parse_record


def orbit_sum(tiling: Tiling) -> int:
    """The raw count rebuilt from the unique solutions: sum of |G| / |stabiliser|."""
    group = tiling.symmetries
    return sum(len(group) // group.stabiliser(s) for s in tiling.solve())


@pytest.mark.parametrize(("width", "height", "raw", "unique"), [
    (20, 3, 8, 2), (15, 4, 1472, 368), (12, 5, 4040, 1010), (10, 6, 9356, 2339)])
def test_pentomino_rectangles(width, height, raw, unique):
    puzzle = Tiling(pieces.pentominoes(), square.rectangle(width, height))
    assert puzzle.count(symmetry="raw") == raw
    assert puzzle.count() == unique
    assert orbit_sum(puzzle) == raw
    if raw <= 8:
        assert puzzle.count(symmetry="raw", engine="python") == raw


def test_pentominoes_8x8_with_a_central_hole():
    board = square.rectangle(8, 8).without([(3, 3), (3, 4), (4, 3), (4, 4)])
    puzzle = Tiling(pieces.pentominoes(), board)
    assert puzzle.count() == 65
    assert orbit_sum(puzzle) == puzzle.count(symmetry="raw") == 520


def test_soma_cube():
    puzzle = Tiling(pieces.soma(), cubic.box(3, 3, 3))
    assert puzzle.count(symmetry="raw") == 11520
    assert len(puzzle.symmetries) == 48
    assert puzzle.count() == 240
    assert orbit_sum(puzzle) == 11520


@pytest.mark.slow
def test_soma_cube_raw_on_the_reference_engine():
    assert Tiling(pieces.soma(), cubic.box(3, 3, 3)).count(symmetry="raw", engine="python") \
        == 11520


@pytest.mark.parametrize(("dims", "unique"), [((2, 3, 10), 12), ((2, 5, 6), 264)])
def test_solid_pentomino_boxes(dims, unique):
    puzzle = Tiling(pieces.solid_pentominoes(), cubic.box(*dims))
    assert puzzle.count() == unique
    assert orbit_sum(puzzle) == puzzle.count(symmetry="raw")


def test_tetrahexes_in_the_4x7_parallelogram():
    puzzle = Tiling(pieces.tetrahexes(), hexagonal.parallelogram(4, 7))
    assert puzzle.count() == 9
    assert puzzle.count(symmetry="raw", engine="python") == puzzle.count(symmetry="raw") == 18


@pytest.mark.parametrize(("width", "height", "unique"), [(6, 6, 156), (9, 4, 74)])
def test_hexiamond_parallelograms(width, height, unique):
    puzzle = Tiling(pieces.hexiamonds(), triangular.parallelogram(width, height))
    assert puzzle.count() == unique
    assert orbit_sum(puzzle) == puzzle.count(symmetry="raw")


def test_hexiamonds_4x9_raw_on_both_engines():
    puzzle = Tiling(pieces.hexiamonds(), triangular.parallelogram(9, 4))
    assert puzzle.count(symmetry="raw", engine="python") == puzzle.count(symmetry="raw") == 148


def test_one_sided_pieces_and_copies():
    # one-sided tetrominoes but T in 8x3: with both of each mirror pair, reflections are
    # symmetries of the puzzle; leave one of a pair out, and only rotations remain
    tetrominoes = pieces.polyforms(square, 4, kind="one-sided")
    is_t = [p.cells == ((0, 0), (0, 1), (0, 2), (1, 1)) for p in tetrominoes]
    one_sided = Tiling([p for p, t in zip(tetrominoes, is_t, strict=True) if not t],
                       square.rectangle(8, 3))
    assert len(one_sided.symmetries) == 4
    assert one_sided.count(symmetry="raw") == one_sided.count(symmetry="raw", engine="python") == 4
    assert one_sided.count() == 2 and orbit_sum(one_sided) == 4
    chiral = [p for p in tetrominoes if len(p.orientations()) == 4 and
              len(square.lattice.orientations(p.cells, "free")) == 8]
    lopsided = Tiling([p for p in tetrominoes if p is not chiral[0]], square.rectangle(6, 4))
    assert len(lopsided.symmetries) == 2
    assert len(Tiling(pieces.one_sided_pentominoes(), square.rectangle(30, 3)).symmetries) == 4
    # copies: four L tetrominoes fill a 4x4 square
    l4 = pieces.tetrominoes()[1].with_copies(4)
    four = Tiling([l4], square.rectangle(4, 4))
    assert four.count(symmetry="raw") == four.count(symmetry="raw", engine="python") > 0


def test_optional_pieces_may_be_left_out():
    # 12 pentominoes + the O tetromino optional in a 8x8 board: the O must then be used
    o4 = pieces.tetrominoes()[2]
    board = square.rectangle(8, 8)
    with_o = Tiling([*pieces.pentominoes(), o4], board, optional=["O4"])
    holed = Tiling(pieces.pentominoes(), board.without([(3, 3), (3, 4), (4, 3), (4, 4)]))
    first = with_o.first()
    assert any(p.piece == "O4" for p in first.placements)
    assert holed.count(symmetry="raw") == 520


def test_records_read_back_and_show_the_seed_picture():
    solution = Tiling(pieces.pentominoes(), square.rectangle(10, 6)).first()
    text = solution.record()
    assert parse_record("solution 1:\n" + text) == [(p.piece, p.cells)
                                                    for p in solution.placements]
    picture = text.split("\n\n")[1].splitlines()
    assert len(picture) == 6 and all(len(row.split()) == 10 for row in picture)
    letters = "".join(picture).replace(" ", "")
    assert sorted(set(letters)) == list("FILNPTUVWXYZ")
    assert all(letters.count(c) == 5 for c in "FILNPTUVWXYZ")


# The seed FAQ's example pictures (its coordinate labels left out): one solution each of
# the tetrahexes in a 7x4 and the hexiamonds in a 9x4 parallelogram.
FAQ_TETRAHEXES = r"""
                   __
                __/  \
             __/     /
          __/  \     \
       __/     /   __/
    __/  \__   \__/  \
 __/  \  /  \__   \  /
/   __/  \  /  \__/  \
\  /   __/  \__    __/
/  \  /   __   \__/
\  /  \__/  \__/
/  \__/   __/
\__/   __/
/   __/
\__/
"""
FAQ_HEXIAMONDS = r"""
        ____________________________________
       /   /           /    \      /       /
      /   /___________/   ___\    /       /
     /       /    \      /   /    \  /\  /
    /_______/      \____/   /______\/  \/
   /       /\      /   /\       \      /
  /   ____/  \____/   /  \_______\    /
 /   /        \       \          /   /
/___/__________\_______\________/___/
"""


@pytest.mark.parametrize(("puzzle", "faq"), [
    (Tiling(pieces.tetrahexes(), hexagonal.parallelogram(7, 4)), FAQ_TETRAHEXES),
    (Tiling(pieces.hexiamonds(), triangular.parallelogram(9, 4)), FAQ_HEXIAMONDS)])
def test_hexagon_and_triangle_pictures_are_the_faq_outlines(puzzle, faq):
    pictures = [s.render() for s in puzzle.solve(symmetry="raw")]
    assert faq.strip("\n") in pictures
    solution = puzzle.first()
    assert parse_record(solution.record()) == [(p.piece, p.cells) for p in solution.placements]


def test_cube_pictures_show_layers_side_by_side():
    picture = Tiling(pieces.soma(), cubic.box(3, 3, 3)).first().render().splitlines()
    assert len(picture) == 3 and all(len(row.split()) == 9 for row in picture)


def test_bad_records_and_bad_tilings_get_clear_errors():
    with pytest.raises(InputFormatError, match="'1;2' is not a coordinate"):
        parse_record("0,0 1;2 X")
    with pytest.raises(ExactCoverError, match="cover 60 cells; the region has 64"):
        Tiling(pieces.pentominoes(), square.rectangle(8, 8))
    with pytest.raises(ExactCoverError, match="lattice"):
        Tiling(pieces.soma(), square.rectangle(3, 9))
    with pytest.raises(ExactCoverError, match="unknown symmetry mode"):
        Tiling(pieces.pentominoes(), square.rectangle(10, 6)).count(symmetry="some")


def test_symmetry_reduction_agrees_with_the_dedup_oracle():
    # Soma: the reduction's piece has representatives with non-trivial stabilisers
    soma = Tiling(pieces.soma(), cubic.box(3, 3, 3))
    assert soma.reduction.fixed_reps, "this case must exercise the canonical check"
    assert soma.count_both() == soma.count_both(method="dedup") == (240, 11520)
    # 8x8 with a hole: 8 symmetries
    holed = Tiling(pieces.pentominoes(), square.rectangle(8, 8).without(
        [(3, 3), (3, 4), (4, 3), (4, 4)]))
    assert holed.count_both() == holed.count_both(method="dedup") == (65, 520)


def test_without_a_suitable_piece_unique_counts_fall_back_to_dedup():
    four = Tiling([pieces.tetrominoes()[1].with_copies(4)], square.rectangle(4, 4))
    assert four.reduction.piece is None
    unique, raw = four.count_both()
    assert raw == four.count(symmetry="raw") and unique == len(list(four.solve()))


def test_ring_walls_and_rings():
    assert len(cubic.ring_wall(8, 4, 3)) == 60 and len(square.ring(8, 8, 2)) == 48
    impossible = Tiling(pieces.solid_pentominoes(), cubic.ring_wall(8, 4, 3))
    assert impossible.count(symmetry="raw") == 0
    assert impossible.count(symmetry="raw", engine="cpsat") == 0  # a proof, on two engines


def test_hexiamond_snowflake_on_two_engines():
    from cpuzzler import catalog

    puzzle = catalog.get("hexiamonds-snowflake").build()
    assert len(puzzle.symmetries) == 6 and puzzle.symmetries.describe() == "rotation"
    assert puzzle.count() == 55  # Polyform Puzzler's count
    assert puzzle.count_both(engine="python") == (55, 330)


def _conway():
    from cpuzzler import catalog

    return catalog.get("conway-5x5x5").build()


def test_conways_puzzle():
    """aps: 572 assemblies up to rotation and reflection."""
    puzzle = _conway()
    assert puzzle.reduction.piece in ("B", "C")
    assert puzzle.count_both() == (572, 27456)


@pytest.mark.slow
def test_conways_puzzle_on_the_reference_engine():
    assert _conway().count_both(engine="python") == (572, 27456)


def test_one_kind_of_piece_needs_no_count_item():
    # four L tetrominoes fill a 4x4 square: covering the cells places four of them
    four = Tiling([pieces.tetrominoes()[1].with_copies(4)], square.rectangle(4, 4))
    assert "L4" not in four.exact_cover.items
    assert four.count(symmetry="raw") == four.count(symmetry="raw", engine="python") > 0
    # with another piece beside it, the count matters again
    mixed = Tiling([pieces.tetrominoes()[1].with_copies(2), *pieces.domino()],
                   square.rectangle(5, 2))
    assert "L4" in mixed.exact_cover.items


def test_tangram_square_on_two_engines():
    """aps: the seven tans make the square in one way (on the 64 triangles of a 4x4 grid)."""
    from cpuzzler.grids import tetrakis

    lattice = tetrakis.lattice
    assert len(lattice.group) == 8
    for f in lattice.cell_maps("free"):  # symmetries keep neighbours neighbours
        for k in range(4):
            cell = (0, 0, k)
            assert sorted(map(f, lattice.neighbours(cell))) == sorted(lattice.neighbours(f(cell)))
    tans = pieces.tangram()
    assert sum(len(p) * p.copies for p in tans) == 64
    puzzle = Tiling(tans, tetrakis.square(4))
    assert puzzle.count_both() == (1, 8)
    assert puzzle.count(symmetry="raw", engine="python") == 8
    assert puzzle.first().render().count("Q") == 8  # the square: 8 triangles
