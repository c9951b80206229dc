"""Exact cover with colours (Knuth's XCC): the model, the DLX format, and every engine
against a brute-force oracle."""

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpuzzler import ExactCover
from cpuzzler.cli import main
from cpuzzler.encoders.export import export
from cpuzzler.errors import ExactCoverError
from cpuzzler.formats import dlx
from cpuzzler.models.nuts import drive_ya_nuts
from cpuzzler.models.words import STEPS, word_grid

ENGINES = ("python", "dlx", "cpsat", "sat", "memo", "frontier", "zdd")


def brute_force(xc: ExactCover) -> list[tuple[int, ...]]:
    """Every set of options that ``violation`` accepts: the definition, checked one
    subset at a time."""
    return [chosen for k in range(xc.num_options + 1)
            for chosen in combinations(range(xc.num_options), k)
            if xc.violation(chosen) is None]


def knuth_colour_example() -> ExactCover:
    """The example in the introduction of Knuth's DLX2, built from its description:
    primary A B C, secondary X Y; the option with colours only (X:0 Y:1) has no primary
    item and is left out; the one solution is {A C X:1 Y:1, B X:1}."""
    xc = ExactCover(primary="ABC", secondary="XY")
    xc.add_option(["A", "B", ("X", "0"), ("Y", "0")])
    xc.add_option(["A", "C", ("X", "1"), ("Y", "1")])
    xc.add_option(["B", ("X", "1")])
    xc.add_option(["C", ("Y", "1")])
    return xc


@pytest.mark.parametrize("engine", ENGINES)
def test_knuths_example_has_its_one_solution_on_every_engine(engine):
    xc = knuth_colour_example()
    assert list(xc.solve(engine=engine)) == [(1, 2)] and xc.count(symmetry="raw",
                                                                  engine=engine) == 1
    assert [xc.option(o) for o in (1, 2)] == [("A", "C", "X:1", "Y:1"), ("B", "X:1")]


def test_the_dlx_format_reads_colours_and_leaves_out_options_without_primary_items():
    text = """| colours
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1
"""
    xc = dlx.parse(text)
    assert xc.num_options == 4 and xc.has_colours
    assert [xc.option(o) for o in range(4)] == [
        knuth_colour_example().option(o) for o in range(4)]
    again = dlx.parse(dlx.format_problem(xc))
    assert [again.option(o) for o in range(4)] == [xc.option(o) for o in range(4)]
    assert again.count(symmetry="raw") == 1


@pytest.mark.parametrize("line, why", [
    ("A:r B", "'A:r': a primary item cannot have a colour"),
    ("A X:", "'X:': an empty colour"),
    ("A X:r X:g", "item 'X' appears twice"),
    ("A X X:g", "item 'X' appears twice"),
    ("A Q:r", "unknown item 'Q:r'"),
])
def test_bad_colours_in_dlx_files_are_named_with_line_and_column(line, why):
    with pytest.raises(ExactCoverError, match=why) as error:
        dlx.parse(f"A B | X\n{line}\n", path="p.dlx")
    assert str(error.value).startswith("p.dlx:2:")


def test_colours_only_on_secondary_items_and_as_words():
    xc = ExactCover(primary=["a"], secondary=["x"])
    with pytest.raises(ExactCoverError, match="primary item 'a' cannot have a colour"):
        xc.add_option([("a", "red")])
    with pytest.raises(ExactCoverError, match="non-empty string without spaces"):
        xc.add_option(["a", ("x", "light red")])


def test_violation_names_clashing_colours_and_mixed_holders():
    xc = ExactCover(primary=["a", "b", "c"], secondary=["x"])
    xc.add_option(["a", ("x", "red")])
    xc.add_option(["b", ("x", "blue")])
    xc.add_option(["b", "x"])
    xc.add_option(["b", ("x", "red")])
    xc.add_option(["c"])
    assert "two colours, red and blue" in xc.violation([0, 1, 4])
    assert "both with and without a colour" in xc.violation([2, 0, 4])
    assert xc.violation([0, 3, 4]) is None
    assert sorted(brute_force(xc)) == sorted(xc.solve(engine="python")) == [(0, 3, 4)]


def test_the_bits_kernel_refuses_colours_and_auto_takes_the_links_kernel():
    xc = knuth_colour_example()
    with pytest.raises(ValueError, match="no colours"):
        xc.count(symmetry="raw", engine="dlx", kernel="bits")
    assert xc.count(symmetry="raw", engine="dlx") == 1 and xc.stats.kernel == "links"


def test_counts_in_parts_split_coloured_problems():
    from cpuzzler.parts import count_in_parts

    xc = word_grid(["ONE", "TWO", "SIX", "TEN"], 4, 4, list(STEPS), backwards=True)
    for depth in (1, 2):
        parts = xc.subproblems(depth)
        assert len(parts) > 1 and sum(p.problem.count(symmetry="raw") for p in parts) == 85728
        assert all(xc.violation(p.original(next(iter(p.problem.solve())))) is None
                   for p in parts[:20] if p.problem.count(symmetry="raw"))
    assert count_in_parts(xc, jobs=2) == (85728, 85728)
    assert knuth_colour_example().count(symmetry="raw", engine="auto") == 1


@pytest.mark.parametrize("fmt", ["opb", "dimacs", "dlx", "cpsat-proto"])
def test_exports_carry_the_colours(fmt):
    text = export(knuth_colour_example(), fmt)
    assert text
    if fmt == "opb":  # two colour variables per coloured item: 2 options + 4 colours
        assert text.startswith("* #variable= 8 ")


def test_check_agrees_across_engines_on_a_coloured_file(tmp_path, capsys):
    path = tmp_path / "colours.dlx"
    path.write_text(dlx.format_problem(knuth_colour_example()))
    assert main(["check", str(path), "--engines", "python,dlx,cpsat,sat,memo,auto"]) == 0
    assert "all 6 engines agree: 1 (1 in all)" in capsys.readouterr().out


@st.composite
def coloured_problems(draw):
    """Small problems with bounds on primary items and colours on secondary items."""
    primary = [f"p{k}" for k in range(draw(st.integers(1, 4)))]
    secondary = [f"s{k}" for k in range(draw(st.integers(1, 3)))]
    bounds = {}
    for name in primary:
        if draw(st.booleans()):
            lo = draw(st.integers(0, 2))
            bounds[name] = (lo, draw(st.integers(max(lo, 1), 3)))
    xc = ExactCover(primary=primary, secondary=secondary, bounds=bounds)
    for _ in range(draw(st.integers(1, 9))):
        items = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        for name in draw(st.lists(st.sampled_from(secondary), max_size=3, unique=True)):
            colour = draw(st.sampled_from([None, "r", "g", "b"]))
            items.append(name if colour is None else (name, colour))
        xc.add_option(items)
    return xc


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(coloured_problems())
def test_every_engine_counts_what_brute_force_counts(xc):
    truth = sorted(brute_force(xc))
    assert sorted(xc.solve(engine="python")) == truth
    assert sorted(xc.solve(engine="dlx")) == truth
    for engine in ENGINES:
        assert xc.count(symmetry="raw", engine=engine) == len(truth), engine
    assert xc.count(symmetry="raw", engine="memo", choice="fewest") == len(truth)
    draws = xc.sample(3, seed=1)
    assert all(tuple(sorted(d)) in truth for d in draws) and (len(draws) == 3) == bool(truth)


def direct_word_count(words, width, height, directions, backwards=False):
    """Word placements counted with no exact cover at all: each word in turn at every
    position and direction that agrees with the letters already written."""
    steps = [STEPS[d] for d in directions]
    steps += [(-dx, -dy) for dx, dy in steps] if backwards else []

    def ways(word):
        found = set()
        for dx, dy in steps:
            for x in range(width):
                for y in range(height):
                    cells = [(x + k * dx, y + k * dy) for k in range(len(word))]
                    if all(0 <= a < width and 0 <= b < height for a, b in cells):
                        found.add(tuple(sorted(zip(cells, word, strict=True))))
        return found

    placements = [ways(word) for word in words]

    def count(k, grid):
        if k == len(words):
            return 1
        total = 0
        for written in placements[k]:
            if all(grid.get(cell, letter) == letter for cell, letter in written):
                added = [cell for cell, _ in written if cell not in grid]
                grid.update(written)
                total += count(k + 1, grid)
                for cell in added:
                    del grid[cell]
        return total

    return count(0, {})


@pytest.mark.parametrize("words, width, height, directions, backwards", [
    (["CAT", "TEA", "ATE"], 3, 3, ["across", "down"], False),
    (["BAD", "ORE", "ATE", "BOA", "ART", "DEE"], 3, 3, ["across", "down"], False),
    (["BAD", "ORE", "ATE", "BOA", "ART", "DEE"], 3, 3, ["across", "down"], True),
    (["ONE", "TWO", "SIX", "TEN"], 4, 4, list(STEPS), True),
])
def test_word_grids_count_as_a_direct_search_of_placements(words, width, height,
                                                          directions, backwards):
    truth = direct_word_count(words, width, height, directions, backwards)
    xc = word_grid(words, width, height, directions, backwards=backwards)
    assert truth > 0
    for engine in ("dlx", "memo") + (("python", "cpsat", "sat") if truth < 1000 else ()):
        assert xc.count(symmetry="raw", engine=engine) == truth, engine


def test_drive_ya_nuts_with_colours_counts_as_the_plain_model():
    plain, coloured = drive_ya_nuts(), drive_ya_nuts(colours=True)
    assert coloured.exact_cover.has_colours and not plain.exact_cover.has_colours
    assert coloured.count() == plain.count() == 6
    assert coloured.count(engine="memo") == coloured.count(engine="cpsat") == 6
    assert len(coloured.unique_solutions()) == 1
    assert [coloured.describe(s) for s in coloured.unique_solutions()] == [
        plain.describe(s) for s in plain.unique_solutions()]
