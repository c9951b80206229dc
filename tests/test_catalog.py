"""Every catalog puzzle against its published counts, and the CLI on puzzle names."""

import functools

import pytest

from cpuzzler import ExactCover, catalog
from cpuzzler.cli import main
from cpuzzler.models import Tiling
from cpuzzler.parts import count_in_parts

SLOW = {"solid-pentominoes-3x4x5", "tetrasticks-5x5", "conway-5x5x5", "bedlam-cube",
        "sudoku-6x6", "pentominoes-8x8-square"}
RAW_TOO_SLOW = {"bedlam-cube"}  # 460464 solutions: the raw count only by the reduction
# the 6x6 Sudoku's unique count is 990 fixed counts (quotients), some of which take
# enumeration minutes: a counter's (test_burnside checks it on the memo engine too)
UNIQUE_ENGINE = {"sudoku-6x6": "frontier"}


@pytest.mark.parametrize("entry", [
    pytest.param(e, id=e.name, marks=[pytest.mark.slow] if e.name in SLOW else [])
    for e in catalog.PUBLISHED])
def test_catalog_counts_match_published_ones(entry):
    puzzle = entry.build()
    if entry.engine == "memo":  # past enumeration; a second method checks them below
        assert puzzle.count(symmetry="raw", engine="memo") == entry.raw
    elif isinstance(puzzle, Tiling) and entry.unique is None:  # a raw count published
        assert puzzle.count(symmetry="raw") == entry.raw
    elif isinstance(puzzle, Tiling):
        unique, raw = puzzle.count_both()  # by the symmetry reduction
        assert (unique, raw) == (entry.unique, entry.raw)
        if entry.name not in SLOW:  # every solution listed: the raw count by enumeration,
            # the unique one by a second method (their canonical forms)
            assert puzzle.count_both(method="dedup") == (entry.unique, entry.raw)
        elif entry.name not in RAW_TOO_SLOW:
            assert puzzle.count(symmetry="raw") == entry.raw
    elif entry.unique is not None:  # up to the symmetry found from the matrix
        xc = puzzle if isinstance(puzzle, ExactCover) else puzzle.exact_cover
        assert xc.count_both(engine=UNIQUE_ENGINE.get(entry.name)) == (entry.unique,
                                                                        entry.raw)
        if entry.raw <= 20_000:  # and raw on the reference engine
            assert xc.count(symmetry="raw", engine="python") == entry.raw
    else:
        assert puzzle.count(symmetry="raw") == entry.raw


def _domino_tilings(width: int, height: int) -> int:
    """Domino tilings of a rectangle by a transfer matrix over the cells column by column
    (which cells of the next column are already covered): independent of every engine."""
    states = {0: 1}
    for _ in range(width):
        for y in range(height):
            following: dict[int, int] = {}
            for mask, ways in states.items():
                if mask >> y & 1:  # covered from the left: pass on
                    moves = [mask & ~(1 << y)]
                else:
                    moves = [mask | 1 << y]  # a domino reaching right
                    if y + 1 < height and not mask >> (y + 1) & 1:
                        moves.append(mask | 1 << (y + 1))  # a vertical domino: y, y + 1
                for m in moves:
                    following[m] = following.get(m, 0) + ways
            states = following
    return states.get(0, 0)


@pytest.mark.parametrize("entry", [e for e in catalog.PUBLISHED
                                   if e.name.startswith("dominoes-") and "x" in e.name[9:]
                                   and "faase" not in e.name], ids=lambda e: e.name)
def test_domino_rectangles_by_a_transfer_matrix(entry):
    height, width = map(int, entry.name.removeprefix("dominoes-").split("x"))
    assert _domino_tilings(width, height) == entry.raw


def test_cli_counts_a_named_puzzle_up_to_symmetry_and_in_all(capsys):
    assert main(["solve", "pentominoes-4x15", "--count"]) == 0
    assert capsys.readouterr().out.strip() == \
        "368 solutions up to rotation and reflection; 1472 in all"
    assert main(["solve", "pentominoes-4x15", "--count", "--symmetry", "raw"]) == 0
    assert capsys.readouterr().out.strip() == "1472"


def test_cli_prints_a_named_puzzle_as_records(capsys):
    assert main(["solve", "pentominoes-3x20", "--all"]) == 0
    out = capsys.readouterr().out
    assert out.count("solution ") == 2 and out.startswith("solution 1:\n")
    assert main(["solve", "sudoku-4x4", "-n", "2"]) == 0
    assert capsys.readouterr().out.count("solution ") == 2


def test_cli_lists_the_catalog(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert all(e.name in out for e in catalog.ENTRIES)


def test_cli_unknown_name_suggests_close_ones(capsys):
    assert main(["solve", "pentominoes-6x1"]) == 2
    assert "did you mean pentominoes-6x10" in capsys.readouterr().err


@functools.cache
def _solid_3x4x5():
    """The puzzle and the sub-problems of its reduced search (once per process)."""
    puzzle = catalog.get("solid-pentominoes-3x4x5").build()
    reduced, _ = puzzle.restricted(puzzle.reduction.piece, puzzle.reduction.free_reps)
    return puzzle, reduced.subproblems(2)


def _reduced_part_count(task, engine="python"):
    """One part of the solid pentominoes' reduced 3x4x5 search (run in a worker process
    for the reference engine): (unique, raw)."""
    kind, k = task
    puzzle, parts = _solid_3x4x5()
    if kind == "symmetric":
        unique, raw, reason = puzzle.count_at_symmetric_rep(k, engine=engine)
        assert reason == "done"
        return unique, raw
    unique = int(parts[k].problem.count(symmetry="raw", engine=engine))
    return unique, len(puzzle.symmetries) * unique


def test_solid_pentominoes_3x4x5_parts_on_the_reference_engine():
    # 3940 is counted whole by the native engine (above) and by the
    # memo engine (test_memo); the reference engine, the oracle, counted it whole in nine
    # minutes: here it counts every 40th part of the same reduction and every 6th
    # symmetric representative's, and the native engine gets the same for each.
    from concurrent.futures import ProcessPoolExecutor

    puzzle, parts = _solid_3x4x5()
    tasks = [("free", k) for k in range(0, len(parts), 40)]
    tasks += [("symmetric", rep) for rep in puzzle.reduction.fixed_reps[::6]]
    with ProcessPoolExecutor(2) as pool:
        oracle = list(pool.map(_reduced_part_count, tasks))
    assert oracle == [_reduced_part_count(task, engine="dlx") for task in tasks]
    assert len(tasks) > 5 and sum(unique for unique, _ in oracle) > 0


# Polyform Puzzler's puzzles from its FAQ's list (question 3.1) (its counts, up to symmetry), on the
# second engine: the plain Python reference engine over the same symmetry reduction, its
# parts counted in two processes.
POLYFORM_PUZZLER_LIST = {
    "pentominoes-3x20": False, "pentominoes-3x20-ring": False, "pentominoes-4x15": True,
    "pentominoes-5x12": True,
    "pentominoes-6x10": True, "pentominoes-8x8-hole": False,
    "one-sided-pentominoes-3x30": True, "tetracubes-2x2x8": False,
    "solid-pentominoes-2x3x10": False, "solid-pentominoes-2x5x6": True,
    "solid-pentominoes-ring-3x3x9": False, "solid-pentominoes-ring-3x5x7": False,
    "solid-pentominoes-ring-5x3x5": False, "solid-pentominoes-ring-6x3x4": False,
    "solid-pentominoes-ring-3x6x6": False, "solid-pentominoes-ring-5x4x4": False,
    "tetrahexes-4x7": False, "tetrahexes-3x10-clipped": False, "tetrahexes-coin": False,
    "hexiamonds-6x6": False, "hexiamonds-4x9": False, "hexiamonds-snowflake": False,
    "hexiamonds-trapezium-4x11": False, "hexiamonds-elongated-hexagon-4x10": True,
    "hexiamonds-ring": False, "hexiamonds-ring-centred": False,
    "hexiamonds-crescent": False, "hexiamonds-crescent-2": False,
    "hexiamonds-coin": False, "hexiamonds-trefoil": False,
}  # name: slow (over 10 s)


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=[pytest.mark.slow] if slow else [])
    for name, slow in POLYFORM_PUZZLER_LIST.items() if not slow or name == "pentominoes-6x10"])
def test_polyform_puzzler_list_on_the_reference_engine(name):
    # The slow ones (over 10 s here, up to 135 s) are counted by the native engine
    # (test_catalog_counts_match_published_ones) and the memo engine (test_memo), two
    # independent engines; the reference engine keeps the 6x10, the seed's first count.
    entry = catalog.get(name)
    counts = count_in_parts(entry.build(), symmetry="unique", engine="python", jobs=2)
    assert counts == (entry.unique, entry.raw) and counts[0].complete


# --- the catalog as data ----------------------------------------------------------------

def test_every_catalog_file_loads_and_every_entry_builds():
    from cpuzzler.cli.common import exact_cover_of

    assert len(catalog.ENTRIES) == len(catalog.CATALOG) >= 60
    for entry in catalog.ENTRIES:
        assert entry.family in catalog.families() and entry.source and entry.description
        assert entry.unique is None or entry.raw is None or entry.unique <= entry.raw
        xc = exact_cover_of(entry.build())
        # DLX text names the problem in checkpoints: every item name must be writable
        # (the polytrigs' crossing items once held a ':' and --jobs failed on them)
        assert xc.num_options > 0 and xc.to_dlx(), entry.name
    assert {"polyominoes", "polyiamonds", "polyhexes", "polycubes", "polysticks",
            "polytrigs", "polytwigs"} <= set(catalog.families())


BAD_CATALOG_FILES = [
    ('[[puzzle]]\nname = "a"\n', "needs family"),
    ('family = "x"\n[[puzzle]]\nname = "a"\ndescription = "b"\n', "needs source"),
    ('family = "x"\n\n[[puzzle]]\nname = "a"\ndescription = "b"\nsource = "c"\nraw = -1\n',
     ":3: a: raw must be a count"),
    ('family = "x"\n[[puzzle]]\nname = "a"\ndescription = "b"\nsource = "c"\n'
     'model = "queens"\nm = 8\n', "model queens takes n, not m"),
    ('family = "x"\n[[puzzle]]\nname = "a"\ndescription = "b"\nsource = "c"\nraw = 2\n'
     'found = { unique = 1, raw = 2, how = "x" }\n', "no published count"),
]


@pytest.mark.parametrize(("text", "message"), BAD_CATALOG_FILES)
def test_bad_catalog_files_are_clear_errors(text, message):
    from cpuzzler.errors import InputFormatError

    with pytest.raises(InputFormatError, match=message):
        catalog.load(text, "cpuzzler/puzzles/bad.toml")


def test_a_puzzle_table_error_names_its_line_in_the_catalog_file():
    from cpuzzler.errors import InputFormatError

    text = ('family = "x"\n\n[[puzzle]]\nname = "a"\ndescription = "b"\nsource = "c"\n'
            'lattice = "square"\nregion = { rectangle = [2, 1] }\npieces = { set = "domino" }\n'
            '\n[[puzzle]]\nname = "b"\ndescription = "b"\nsource = "c"\nlattice = "square"\n'
            'region = { rectangle = [3, 3] }\npieces = { set = "nominoes" }\n')
    first, second = catalog.load(text, "cpuzzler/puzzles/x.toml")
    assert first.build().count(symmetry="raw") == 1
    with pytest.raises(InputFormatError, match=r"x.toml:17: no piece set 'nominoes'"):
        second.build()


def test_cli_lists_by_family_and_the_unsolved(capsys):
    assert main(["list", "--family", "polyhexes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("polyhexes:\n") and "tetrahexes-4x7" in out
    assert "pentominoes-6x10" not in out
    names = [line.split()[0] for line in out.splitlines()[1:]]
    starts = {line.index(line.split()[1], len(line.split()[0]) + 2) for line in
              out.splitlines()[1:]}
    assert len(names) >= 5 and len(starts) == 1  # descriptions aligned
    assert main(["list", "--unsolved"]) == 0
    out = capsys.readouterr().out
    assert "pentahexes-5x22" in out and "polysticks-1234-6x6" in out
    assert "soma " not in out and "counted here: unique 7,404,530" in out
    assert main(["list", "--family", "polyhex"]) == 2
    assert "no family 'polyhex'" in capsys.readouterr().err


def test_cli_info_shows_a_puzzle_and_counts_it(capsys):
    assert main(["info", "soma"]) == 0
    out = capsys.readouterr().out
    assert "published: unique 240, raw 11,520 (Polyform Puzzler FAQ" in out
    assert "pieces:    7: V L T Z A B P" in out and "a group of order 48" in out
    assert "here:      240 unique, 11,520 raw in" in out
    assert main(["info", "bedlam-cube", "--time-limit", "0.5"]) == 3
    assert "here:      at least " in capsys.readouterr().out


def test_info_and_solve_count_a_model_alike(capsys):
    """One vocabulary: info counts a model up to the symmetry of its matrix, as solve
    --count does (info showed 92 for the eight queens where solve printed 12)."""
    assert main(["info", "queens-8"]) == 0
    out = capsys.readouterr().out
    assert "published: unique 12, raw 92" in out
    assert "symmetry:  8 symmetries, found from the matrix" in out
    assert "here:      12 unique, 92 raw in" in out
    assert main(["solve", "queens-8", "--count"]) == 0
    assert capsys.readouterr().out == "12 solutions up to 8 symmetries of the problem; 92 in all\n"
    assert main(["info", "dominoes-faase"]) == 0
    out = capsys.readouterr().out
    assert "symmetry:  none but the identity" in out and "here:      20,160 raw in" in out
    assert main(["info", "queens-8", "--no-count"]) == 0
    out = capsys.readouterr().out
    assert "matrix:    16 primary and 30 secondary items, 64 options" in out
    assert "here:" not in out


# --- the mathematical families: each count checked against its formula or recurrence

def _macmahon(a: int, b: int, c: int) -> int:
    """Lozenge tilings of the a, b, c hexagon: MacMahon's box formula."""
    from fractions import Fraction

    product = Fraction(1)
    for i in range(1, a + 1):
        for j in range(1, b + 1):
            for k in range(1, c + 1):
                product *= Fraction(i + j + k - 1, i + j + k - 2)
    return int(product)


def _bars(n: int, k: int) -> int:
    """Tilings of a k x n rectangle by 1 x k bars: the first column is one upright bar
    or the ends of k lying ones."""
    ways = [1] * k
    for m in range(k, n + 1):
        ways.append(ways[m - 1] + ways[m - k])
    return ways[n]


def _boxes_2x2(n: int) -> int:
    """Domino tilings of a 2 x 2 x n box by a transfer matrix over its 2x2 layers (which
    of a layer's four cells are filled from below)."""
    ring = [(0, 1), (1, 3), (3, 2), (2, 0)]  # the layer's neighbouring cells
    states = {0: 1}
    for _ in range(n):
        following: dict[int, int] = {}
        for filled, ways in states.items():
            free = [c for c in range(4) if not filled >> c & 1]
            # cover the free cells of this layer by flat dominoes, the rest reach up
            for flat in range(1 << len(ring)):
                pairs = [ring[k] for k in range(4) if flat >> k & 1]
                used = [c for p in pairs for c in p]
                if len(used) != len(set(used)) or any(c not in free for c in used):
                    continue
                up = sum(1 << c for c in free if c not in used)
                following[up] = following.get(up, 0) + ways
        states = following
    return states.get(0, 0)


def _family(prefix: str) -> list:
    return [e for e in catalog.PUBLISHED if e.name.startswith(prefix)]


@pytest.mark.parametrize("entry", _family("lozenges-hexagon-"), ids=lambda e: e.name)
def test_lozenge_hexagons_by_macmahons_formula(entry):
    a, b, c = map(int, entry.name.removeprefix("lozenges-hexagon-").split("-"))
    assert _macmahon(a, b, c) == entry.raw
    if entry.engine == "dlx":  # the memo engine as the second engine
        assert entry.build().count(symmetry="raw", engine="memo") == entry.raw


@pytest.mark.parametrize("entry", _family("dominoes-aztec-diamond-"), ids=lambda e: e.name)
def test_aztec_diamonds_by_their_formula(entry):
    n = int(entry.name.removeprefix("dominoes-aztec-diamond-"))
    assert entry.raw == 2 ** (n * (n + 1) // 2)
    if entry.engine == "dlx":
        assert entry.build().count(symmetry="raw", engine="memo") == entry.raw


@pytest.mark.parametrize("entry", _family("bars-"), ids=lambda e: e.name)
def test_bar_tilings_by_their_recurrence(entry):
    k, n = map(int, entry.name.removeprefix("bars-").split("x"))
    assert _bars(n, k) == entry.raw
    assert entry.build().count(symmetry="raw", engine="memo") == entry.raw


@pytest.mark.parametrize("entry", _family("box-dominoes-2x2x"), ids=lambda e: e.name)
def test_2x2xn_boxes_by_a_transfer_matrix(entry):
    n = int(entry.name.removeprefix("box-dominoes-2x2x"))
    assert _boxes_2x2(n) == entry.raw
    if entry.engine == "dlx":
        assert entry.build().count(symmetry="raw", engine="memo") == entry.raw


def test_l_trominoes_in_2x3n_strips():
    for entry in _family("trominoes-V3-2x"):
        n = int(entry.name.removeprefix("trominoes-V3-2x")) // 3
        assert entry.raw == 2 ** n
        assert entry.build().count(symmetry="raw", engine="memo") == entry.raw


def test_the_sudoku_puzzles_are_the_published_ones():
    from pathlib import Path

    data = Path(__file__).resolve().parents[2] / "shared" / "data"
    if not data.exists():
        pytest.skip("../shared/data is not beside the project")
    top95 = [line.strip() for line in (data / "top95.txt").read_text().splitlines()]
    royle = (data / "sudoku17.txt").read_text().splitlines()[1:]
    sudokus = _family("sudoku-top95-") + _family("sudoku-17-clues-")
    assert len(sudokus) == 30
    for entry in sudokus:
        puzzle = entry.build()
        k = int(entry.name.rsplit("-", 1)[1])
        line = top95[k - 1] if "top95" in entry.name else royle[k - 1]
        assert puzzle == type(puzzle).from_string(line)
        assert puzzle.count(engine="sat") == 1  # a second engine beside the catalog's test


def test_tetromino_rectangles_fail_by_the_checkerboard():
    """Each piece covers as many black as white squares but the T (3 and 1), so the
    pieces cover 2 more of one colour than the other, where a rectangle has as many."""
    entries = [e for e in _family("tetrominoes-") + _family("one-sided-tetrominoes-")
               if "tube" not in e.name]
    assert len(entries) == 4
    for entry in entries:
        tiling = entry.build()
        unbalanced = [p for p in tiling.pieces
                      if sum(1 if (x + y) % 2 else -1 for x, y in p.cells) != 0]
        assert len(unbalanced) == 1 and entry.raw == 0
        assert tiling.count(symmetry="raw", engine="memo") == 0


def test_langford_pairings_exist_only_for_n_0_or_3_mod_4():
    entries = [e for e in catalog.PUBLISHED if e.name.startswith("langford-")]
    assert len(entries) >= 10
    for entry in entries:
        n = int(entry.name.removeprefix("langford-"))
        assert (entry.raw > 0) == (n % 4 in (0, 3))
        if entry.raw == 0:
            assert entry.build().count(symmetry="raw", engine="python") == 0


# --- Polyform Puzzler's puzzle modules (their docstrings' counts) ------------------------

def _from_puzzle_modules() -> list:
    return [e for e in catalog.PUBLISHED if e.source.startswith("Polyform Puzzler, puzzler/")]


def _slow_on_the_reference_engine(entry) -> bool:
    """Over 10 s on two processes: the tetrasticks and the larger pentatwig counts."""
    return entry.name.startswith("tetrasticks-") or (
        entry.name.startswith("pentatwigs-") and entry.raw > 100)


@pytest.mark.parametrize("entry", [
    pytest.param(e, id=e.name) for e in _from_puzzle_modules()
    if not _slow_on_the_reference_engine(e)])
def test_polyform_puzzler_modules_on_the_reference_engine(entry):
    # The slow ones (the tetrasticks, up to 150 s, and the larger pentatwigs) are counted
    # by the native and the memo engines, as the list's are.
    counts = count_in_parts(entry.build(), symmetry="unique", engine="python", jobs=2)
    assert counts == (entry.unique, entry.raw) and counts[0].complete


def test_the_puzzle_modules_entries_span_their_families():
    families = {e.family for e in _from_puzzle_modules()}
    assert len(_from_puzzle_modules()) >= 60
    assert {"polyominoes", "polyiamonds", "polyhexes", "polycubes", "polysticks",
            "polytrigs", "polytwigs"} <= families


def test_the_tetrasticks_left_out_one_by_one_add_up_to_the_5x5_count():
    # Polyform Puzzler: 72 + 382 + 607 + 530 + 204 = 1795 tilings with one piece left out
    parts = [catalog.get(f"tetrasticks-5x5-without-{p}") for p in "HJLNY"]
    whole = catalog.get("tetrasticks-5x5")
    assert sum(e.unique for e in parts) == whole.unique
    assert sum(e.raw for e in parts) == whole.raw


def test_the_7x4_plus_one_counts_as_published_on_the_rectangle_alone():
    """The lone cell always holds the monomino: the other pieces tile the 7x4 rectangle,
    1,522 ways up to its 4 symmetries, as Polyform Puzzler counts the puzzle."""
    from cpuzzler.grids import square
    from cpuzzler.models import pieces

    entry = catalog.get("polyominoes-1234-7x4-plus-one")
    rectangle = Tiling(pieces.family("polyominoes", [2, 3, 4]), square.rectangle(7, 4))
    assert len(rectangle.symmetries) == 4
    assert rectangle.count_both() == (1522, entry.raw)
    assert rectangle.count_both(method="dedup") == (1522, entry.raw)


def test_tetracubes_2x4x4_up_to_rotation_as_polyform_puzzler_counts():
    puzzle = catalog.get("tetracubes-2x4x4").build()
    assert puzzle.count_both(symmetry="rotations") == (1390, 11120)
    assert puzzle.count_both(symmetry="rotations", method="dedup") == (1390, 11120)


def test_the_digigrams_need_the_0_crossed():
    """Without the 0's gap no digit may cross another and nothing fits; with it, the
    count is Polyform Puzzler's 5 up to symmetry and the swaps of 2/5 and 6/9."""
    from cpuzzler.grids import sticks
    from cpuzzler.models import pieces

    puzzle = catalog.get("digits-5x4").build()
    assert puzzle.may_cross == {"d0"} and len(puzzle.symmetries) == 4 * 2 * 2
    assert Tiling(pieces.digits(), sticks.rectangle(5, 4)).count(symmetry="raw") == 0


def test_sources_name_what_a_reader_can_find_not_a_local_file():
    """A source cites a public document (the Polyform Puzzler FAQ by question, Faase's
    DPF page, the aps page, OEIS, papers), never a file of ours or of the workplace."""
    import re
    from pathlib import Path

    local = re.compile(r"seed \d{3}|\bseeds/|shared/|/work/")
    for entry in catalog.ENTRIES:
        assert not local.search(entry.source or ""), (entry.name, entry.source)
    root = Path(__file__).resolve().parent.parent
    for path in [*root.glob("docs/**/*.md"), *root.glob("cpuzzler/puzzles/*.toml"),
                 root / "README.md"]:
        assert not re.search(r"seed \d{3}", path.read_text()), path
