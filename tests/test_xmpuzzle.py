"""BurrTools' ``.xmpuzzle`` files (issue 74, item 1 and the cube grid of item 2): read,
written and counted. The files here are our own; BurrTools' example files are read by
``benchmarks/burrtools.py`` beside BurrTools itself, where its source is given."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpuzzler import catalog
from cpuzzler.errors import InputFormatError
from cpuzzler.formats import xmpuzzle


def _file(shapes: list[str], problems: str, colours: int = 0) -> bytes:
    colour_tags = '<color red="1" green="2" blue="3"/>' * colours
    return (f'<?xml version="1.0"?>\n<puzzle version="2">\n<gridType type="0"/>\n'
            f'<colors>{colour_tags}</colors>\n<shapes>\n' + "\n".join(shapes)
            + f"\n</shapes>\n<problems>\n{problems}\n</problems>\n</puzzle>\n").encode()


def _voxel(x: int, y: int, z: int, marks: str, name: str = "") -> str:
    named = f' name="{name}"' if name else ""
    return f'<voxel x="{x}" y="{y}" z="{z}"{named} type="0">{marks}</voxel>'


@pytest.mark.parametrize("name", ["soma", "tetracubes-2x2x8", "slothouber-graatsma"])
def test_catalog_cubes_written_and_read_back_count_as_published(name) -> None:
    entry = catalog.get(name)
    tiling = entry.build()
    again = xmpuzzle.parse(gzip.compress(xmpuzzle.write(tiling).encode()))[0].tiling
    assert again.count(engine="dlx") == entry.unique  # BurrTools removes mirror images
    assert again.count(engine="memo", symmetry="raw") == entry.raw
    # mirror solutions kept (BurrTools' -m): rotations only, as Polyform Puzzler counts
    assert again.count(symmetry="rotations") == tiling.count(symmetry="rotations")


def test_soma_with_mirrors_kept_is_twice_the_unique_count() -> None:
    soma = xmpuzzle.parse(xmpuzzle.write(catalog.get("soma").build()).encode())[0].tiling
    assert (soma.count(), soma.count(symmetry="rotations")) == (240, 480)


def test_ranges_and_variable_voxels_against_brute_force() -> None:
    # a 3x2 board whose one corner may stay empty; a domino (one) and monocubes (0-4)
    data = _file([_voxel(3, 2, 1, "+#####", "Board"), _voxel(2, 1, 1, "##", "Domino"),
                  _voxel(1, 1, 1, "#", "Cube")],
                 '<problem name="p"><shapes><shape id="1" count="1"/>'
                 '<shape id="2" min="0" max="4"/></shapes><result id="0"/></problem>')
    tiling = xmpuzzle.parse(data)[0].tiling
    cells = [(x, y) for y in range(2) for x in range(3)]
    dominoes = [frozenset(p) for p in combinations(cells, 2)
                if abs(p[0][0] - p[1][0]) + abs(p[0][1] - p[1][1]) == 1]
    raw = 0
    for d in dominoes:  # the rest by cubes, the corner (0, 0) covered or not
        left = [c for c in cells if c not in d]
        fixed = [c for c in left if c != (0, 0)]
        raw += sum(1 for k in (0, 1) if len(fixed) + k <= 4 and (k == 0 or (0, 0) in left))
    assert tiling.count(symmetry="raw") == raw
    assert tiling.count(engine="python", symmetry="raw") == raw


def test_colours_keep_coloured_voxels_on_their_colour() -> None:
    # a 2x1x1 result coloured 1, 2; a domino coloured 1, 2
    data = _file([_voxel(2, 1, 1, "#1#2"), _voxel(2, 1, 1, "#1#2")],
                 '<problem><shapes><shape id="1"/></shapes><result id="0"/><bitmap>'
                 '<pair piece="0" result="0"/><pair piece="1" result="1"/></bitmap></problem>',
                 colours=2)
    assert xmpuzzle.parse(data)[0].tiling.count(symmetry="raw") == 1
    crossed = data.replace(b'result="0"/><pair piece="1" result="1"',
                           b'result="1"/><pair piece="1" result="0"')  # the other way round
    assert xmpuzzle.parse(crossed)[0].tiling.count(symmetry="raw") == 1
    one_colour = data.replace(b'<pair piece="1" result="1"/>', b"")  # colour 2 fits nowhere
    assert xmpuzzle.parse(one_colour)[0].tiling.count(symmetry="raw") == 0


def test_names_groups_and_stored_counts() -> None:
    data = _file([_voxel(2, 1, 1, "##", "Bar"), _voxel(1, 1, 1, "#")],
                 '<problem name="Two cubes" assemblies="1" solutions="0"><shapes>'
                 '<shape id="1" count="2" group="1"/></shapes><result id="0"/></problem>')
    problem = xmpuzzle.parse(data)[0]
    assert (problem.name, problem.assemblies, problem.solutions) == ("Two cubes", 1, 0)
    assert problem.groups == {"S2": 1}
    assert [p.name for p in problem.tiling.pieces] == ["S2"]


def test_latin1_bytes_are_read() -> None:
    data = _file([_voxel(1, 1, 1, "#", "Würfel"), _voxel(1, 1, 1, "#")],
                 '<problem><shapes><shape id="1"/></shapes><result id="0"/></problem>')
    latin = data.replace("Würfel".encode(), "Würfel".encode("latin-1"))
    assert xmpuzzle.parse(latin)[0].tiling.region.cells == {(0, 0, 0)}


GOOD = _file([_voxel(2, 1, 1, "##"), _voxel(1, 1, 1, "#")],
             '<problem><shapes><shape id="1" count="2"/></shapes><result id="0"/></problem>')


@pytest.mark.parametrize("data, said", [
    (gzip.compress(GOOD, mtime=0)[:30], "truncated gzip"),
    (GOOD.replace(b">##<", b">###<"), ":6: <voxel> of shape 0: 3 voxels"),
    (GOOD.replace(b'type="0"/>', b'type="7"/>'), "unknown grid"),
    (GOOD.replace(b'shape id="1"', b'shape id="9"'), 'id="9">: no such shape'),
    (GOOD.replace(b'count="2"', b'count="two"'), 'count="two"'),
    (GOOD.replace(b"</puzzle>", b""), "not well-formed"),
    (GOOD.replace(b">##<", b">#x<"), "unknown voxel mark 'x'"),
    (GOOD.replace(b'count="2"', b'min="3" max="1"'), "min 3 > max 1"),
    (b"<other/>", "not a BurrTools puzzle"),
    (GOOD.replace(b'count="2"', 'count="²"'.encode()), 'count="²"'),  # no int() of it
    (GOOD.replace(b">##<", b">1##<"), "a colour with no voxel before it"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_bad_files_get_one_clear_error_naming_the_file(data, said, tmp_path) -> None:
    path = tmp_path / "bad.xmpuzzle"
    path.write_bytes(data)
    with pytest.raises(InputFormatError) as error:
        xmpuzzle.read(path)
    assert said in str(error.value) and str(path) in str(error.value)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.data())
def test_fuzzed_files_read_or_fail_cleanly(data) -> None:
    text = bytearray(gzip.compress(GOOD, mtime=0) if data.draw(st.booleans()) else GOOD)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text) - 1))
        text[at] = data.draw(st.integers(0, 255))
    try:
        for problem in xmpuzzle.parse(bytes(text), path="fuzz.xmpuzzle"):
            problem.tiling.count(symmetry="raw")
    except InputFormatError as e:
        assert str(e).startswith("fuzz.xmpuzzle")


def test_the_shell_solves_and_exports_a_file(tmp_path) -> None:
    out = tmp_path / "soma.xmpuzzle"
    run = [sys.executable, "-m", "cpuzzler"]
    subprocess.run([*run, "export", "soma", "--format", "xmpuzzle", "-o", str(out)],
                   check=True, capture_output=True)
    done = subprocess.run([*run, "solve", str(out), "--count"], capture_output=True,
                          text=True, check=True)
    assert done.stdout.startswith("240 solutions")


def test_a_range_whose_least_is_its_most_is_no_option() -> None:
    from cpuzzler.grids import cubic
    from cpuzzler.models import Tiling, pieces

    made = [pieces.by_name("polycubes", "O1"), pieces.by_name("polycubes", "I3")]
    board = cubic.box(4, 1, 1)
    empty = [(x, 0, 0) for x in range(1, 4)]  # (0, 0, 0) covered; the rest may stay empty
    forced = Tiling(made, board, optional={"I3": 1}, may_stay_empty=empty)
    free = Tiling(made, board, optional={"I3": 0}, may_stay_empty=empty)
    # the bar at either end, the cube at the other; or (free) the cube alone at the start
    assert forced.count(symmetry="raw") == 2 and free.count(symmetry="raw") == 3


BURRTXT = os.environ.get("BURRTXT")  # BurrTools' solver, built by its own instructions


@pytest.mark.skipif(not BURRTXT, reason="BurrTools' burrTxt is not built here (BURRTXT=path)")
@pytest.mark.parametrize("name", ["soma", "tetracubes-2x2x8", "slothouber-graatsma"])
def test_burrtools_counts_what_we_write(name, tmp_path) -> None:
    entry = catalog.get(name)
    path = tmp_path / f"{name}.xmpuzzle"
    path.write_text(xmpuzzle.write(entry.build()))
    done = subprocess.run([BURRTXT, "-q", str(path)], capture_output=True, text=True,
                          check=True, timeout=600)
    assert f"{entry.unique} assemblies" in done.stdout
