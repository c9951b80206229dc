"""The disassembler (issue 74, item 3) on assemblies of our own whose plans are known by
hand; BurrTools' own examples are compared in ``benchmarks/burrtools.py`` (their
levels, as BurrTools stored them, are in the assembly guide)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cpuzzler.assembly import disassemble
from cpuzzler.constraints import Disassembles
from cpuzzler.formats import xmpuzzle

# a 5x3x3 block with a channel along x at y = z = 1 (x = 1..3) and a hole up from its end
CHANNEL = {(x, 1, 1) for x in range(1, 4)} | {(3, 1, 2)}
BOX = sorted({(x, y, z) for x in range(5) for y in range(3) for z in range(3)} - CHANNEL)


def test_a_bar_slides_out_of_a_frame_in_one_move() -> None:
    bar = [(x, 0, 0) for x in range(3)]
    frame = [(x, y, 0) for x in range(3) for y in (1, -1)] + [(3, 0, 0)]
    plan = disassemble([bar, frame])
    assert (plan.level, plan.moves) == ("1", 1)
    out = plan.steps[0]  # the first way out BurrTools tries: along +x, the frame goes
    assert out.out and (out.pieces, out.axis, out.direction) == ((1,), 0, 1)


def test_a_cube_slides_along_a_channel_then_up_and_out() -> None:
    plan = disassemble([BOX, [(1, 1, 1)]])
    assert (plan.level, plan.moves) == ("2", 2)
    slide, out = plan.steps
    assert (slide.pieces, slide.axis, slide.direction, slide.distance) == ((1,), 0, 1, 2)
    assert (out.pieces, out.axis, out.direction, out.out) == ((1,), 2, 1, True)


def test_the_heavier_part_stands_still() -> None:
    plan = disassemble([BOX, [(1, 1, 1)]], weights=[1, 5])  # the box moves, the cube stays
    slide, out = plan.steps
    assert (slide.pieces, slide.direction, out.pieces, out.direction) == ((0,), -1, (0,), -1)


def test_linked_rings_never_come_apart_unless_grouped() -> None:
    ring = [(x, y, 0) for x in range(3) for y in range(3) if (x, y) != (1, 1)]
    other = [(x, 1, z) for x in range(1, 4) for z in (-1, 0, 1) if (x, z) != (2, 0)]
    assert disassemble([ring, other]) is None
    assert disassemble([ring, other], groups=[1, 1]).moves == 0
    cube = [(5, 5, 5)]  # a third piece, free: it comes out, the rings stay as their group
    plan = disassemble([ring, other, cube], groups=[1, 1, 0])
    assert (plan.level, plan.steps[0].pieces) == ("1", (2,))


def test_sub_assemblies_are_taken_apart_too() -> None:
    # two copies of the channel puzzle side by side, far apart: the first move takes one
    # whole puzzle away from the other, then each comes apart in 2 moves
    far = [(x + 20, y, z) for x, y, z in BOX]
    plan = disassemble([BOX, [(1, 1, 1)], far, [(21, 1, 1)]])
    assert plan.level == "1.2.2" and plan.moves == 5


def _file(shapes: list[str], problem: str) -> bytes:
    return ('<puzzle version="2"><gridType type="0"/><shapes>' + "".join(shapes)
            + f"</shapes><problems>{problem}</problems></puzzle>").encode()


def _marks(cells: set, fixed: set, size: tuple[int, int, int]) -> str:
    return "".join("_" if (x, y, z) not in cells else "#" if (x, y, z) in fixed else "+"
                   for z in range(size[2]) for y in range(size[1]) for x in range(size[0]))


def test_assemblies_that_come_apart_counted_from_a_file() -> None:
    # the box and a cube that may sit anywhere along the channel: three assemblies
    problem = xmpuzzle.parse(_channel_file())[0]
    assert problem.weights == {"Box": 2, "S3": 1}
    tiling = problem.tiling
    assert tiling.count(symmetry="raw") == 3
    assert tiling.count(symmetry="raw", where=[problem.disassembles()]) == 3
    levels = sorted(disassemble([p.cells for p in s.placements], weights=[2, 1]).level
                    for s in tiling.solve(symmetry="raw"))
    assert levels == ["1", "2", "2"]  # under the hole: straight up


def _channel_file() -> bytes:
    inside = CHANNEL - {(3, 1, 2)}
    result = _marks(set(BOX) | inside, set(BOX), (5, 3, 3))
    box = _marks(set(BOX), set(BOX), (5, 3, 3))
    return _file([f'<voxel x="5" y="3" z="3" name="Result" type="0">{result}</voxel>',
                  f'<voxel x="5" y="3" z="3" name="Box" weight="2" type="0">{box}</voxel>',
                  '<voxel x="1" y="1" z="1" type="0">#</voxel>'],
                 '<problem><shapes><shape id="1"/><shape id="2"/></shapes><result id="0"/>'
                 '</problem>')


def test_the_shell_lists_what_comes_apart_with_its_level(tmp_path) -> None:
    path = tmp_path / "channel.xmpuzzle"
    path.write_bytes(_channel_file())
    done = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", str(path),
                           "--disassemble", "--all", "--symmetry", "raw"],
                          capture_output=True, text=True, check=True)
    assert sorted(line for line in done.stdout.splitlines() if line.startswith("| level")) \
        == ["| level 1, 1 moves", "| level 2, 2 moves", "| level 2, 2 moves"]


def test_the_constraint_takes_sliding_lattices_only() -> None:
    from cpuzzler.grids import square
    from cpuzzler.models import Tiling, pieces

    with pytest.raises(Exception, match="cubic and prisms lattices, not the square"):
        Tiling(pieces.tetrominoes(), square.rectangle(4, 5), where=[Disassembles()])


def _random_assembly(rng, lattice: str):
    """A box (heavier) around a cavity with one way out, the cavity cut into three to
    five connected pieces at random (some in a group): plans of several moves."""
    from cpuzzler.grids import cubic, prisms

    if lattice == "cubic":
        block = {(x, y, z) for x in range(5) for y in range(5) for z in range(3)}
        cavity = [(x, y, 1) for x in range(1, 4) for y in range(1, 4)]
        hole = {(4, 1, 1), (4, 2, 1)}
        near = cubic.lattice.neighbours
    else:
        block = {(a, b, z, o) for a in range(5) for b in range(4) for z in range(3)
                 for o in (0, 1)}
        cavity = [(a, b, 1, o) for a in range(1, 4) for b in range(1, 3) for o in (0, 1)]
        hole = {(4, 1, 1, 1), (4, 2, 1, 0), (4, 2, 1, 1)}
        near = prisms.lattice.neighbours
    parts = rng.randint(3, 5)
    owner = dict.fromkeys(cavity)
    for k, seed in enumerate(rng.sample(cavity, parts)):
        owner[seed] = k
    while None in owner.values():
        k = rng.randrange(parts)
        edge = [n for c, v in owner.items() if v == k for n in near(c)
                if n in owner and owner[n] is None]
        if edge:
            owner[rng.choice(edge)] = k
    box = sorted(block - set(cavity) - hole)
    pieces = [box] + [[c for c, v in owner.items() if v == k] for k in range(parts)]
    return pieces, [2] + [1] * parts, [0] + [rng.choice((0, 0, 0, 1)) for _ in range(parts)]


@pytest.mark.parametrize("lattice", ["cubic", "prisms"])
def test_the_native_search_follows_the_python_reference(lattice) -> None:
    import random

    from cpuzzler.assembly import disassembly

    assert disassembly._separate is not None  # built with the package
    rng = random.Random(lattice)
    levels = []
    for _ in range(60):
        pieces, weights, groups = _random_assembly(rng, lattice)
        plans = [disassemble(pieces, weights=weights, groups=groups, lattice=lattice,
                             native=native) for native in (True, False)]
        assert plans[0] == plans[1]  # the same moves, levels and parts
        if plans[0] is not None:
            levels.append(plans[0].level)
    assert len(levels) >= 5 and max(len(level) for level in levels) >= 7  # 1.1.2.2 ...


def test_the_plan_plays_in_an_x3d_scene(tmp_path) -> None:
    import xml.etree.ElementTree as ET

    from cpuzzler.assembly import moves_in_order

    plan = disassemble([BOX, [(1, 1, 1)]])  # along x to the hole, then out up z
    moves = moves_in_order(plan, far=9)
    assert moves == [((1,), (2, 0, 0)), ((1,), (0, 0, 9))]
    path = tmp_path / "channel.xmpuzzle"
    path.write_bytes(_channel_file())
    scene = tmp_path / "apart.x3d"
    subprocess.run([sys.executable, "-m", "cpuzzler", "solve", str(path), "--disassemble",
                    "--symmetry", "raw", "-n", "1", "--x3d", str(scene)], check=True,
                   capture_output=True)
    root = ET.parse(scene).getroot()
    paths = {p.get("DEF"): p.get("keyValue") for p in root.iter("PositionInterpolator")}
    assert len(paths) == 2 and len(list(root.iter("ROUTE"))) == 4
    assert root.find(".//TimeSensor").get("loop") == "true"
    # the box stands still; the cube's last place is up and out
    assert set(paths["path0"].split(", ")) == {"0 0 0"}
    assert paths["path1"].split(", ")[-1].endswith(" 0 6")  # out: 4 wide, and 2 more


def test_one_piece_is_no_assembly_that_comes_apart() -> None:
    # BurrTools counts an assembly of one piece as no solution (DemoPieceGenerator's
    # 928 assemblies, 927 solutions)
    assert disassemble([[(0, 0, 0), (1, 0, 0)]]) is None
    assert disassemble([]) is None


def test_a_solution_is_taken_apart_as_it_stands() -> None:
    problem = xmpuzzle.parse(_channel_file())[0]
    for solution in problem.tiling.solve(symmetry="raw"):
        plan = disassemble(solution)  # the disassemble(solution): weights 1
        assert plan == disassemble([p.cells for p in solution.placements])
        assert plan is not None and plan.level in ("1", "2")
