"""The symmetry group of a tiling puzzle, and canonical forms of its solutions.

A lattice symmetry belongs to the puzzle when it maps the region onto itself and every
piece onto a piece of the set with as many copies (a reflection maps a one-sided piece
to its mirror image, which must then be in the set too).

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> len(PuzzleSymmetry(Tiling(pieces.pentominoes(), square.rectangle(10, 6))))
4
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import permutations, product
from math import prod
from typing import Protocol

from cpuzzler.grids.lattice import Cell, Lattice, Symmetry
from cpuzzler.grids.region import part_maps
from cpuzzler.placements.placement import Placement
from cpuzzler.placements.tiling_cover import Shape


class Tiling(Shape, Protocol):
    """What the group needs of a tiling puzzle (``models.Tiling`` is one): its shape, its
    placements, and whether its parts may swap."""

    swap_parts: bool

    @property
    def placements(self) -> list[Placement]: ...
    def parts_meet(self) -> bool: ...


class TilingSolution(Protocol):
    """What the group needs of a solution (``models.TilingSolution`` is one)."""

    @property
    def placements(self) -> tuple[Placement, ...]: ...


SolutionKey = tuple[tuple[str, tuple[Cell, ...]], ...]
# a piece's shape (canonical cells), kind, copies, the fewest copies where optional (-1
# where not), whether it may cross
ShapeKey = tuple[tuple[Cell, ...], str, int, int, bool]


class PuzzleSymmetry:
    """The puzzle's symmetries, each a map of the region's cells and of piece names
    (the identity first); with ``rotations_only``, the subgroup of rotations (what
    "unique" means where mirror images count as different, as in Polyform Puzzler's
    counts for the Soma figures)."""

    def __init__(self, tiling: Tiling, *, rotations_only: bool = False) -> None:
        lattice = tiling.region.lattice
        # a shape (under its kind, with copies, whether optional, whether it may cross)
        # -> the names of the pieces of that shape: only those may swap
        shapes: dict[ShapeKey, list[str]] = {}
        key_of: dict[str, ShapeKey] = {}
        for p in tiling.pieces:
            key = (lattice.canonical(p.cells, p.kind), p.kind, p.copies,
                   tiling.fewest.get(p.name, -1), p.name in tiling.may_cross)
            shapes.setdefault(key, []).append(p.name)
            key_of[p.name] = key
        self.elements: list[tuple[dict[Cell, Cell], dict[str, str]]] = []
        self.proper: list[bool] = []  # which elements are rotations
        self.wrapped = tiling.region.wrap is not None  # its turns are symmetries too
        self.parted = tiling.parts is not None and tiling.swap_parts  # parts move apart
        if self.parted:
            if tiling.parts_meet():
                from cpuzzler.errors import ExactCoverError

                raise ExactCoverError("parts that meet at a grid point where their pieces "
                                      "could cross cannot move apart: give swap_parts="
                                      "False to keep them in place")
            # a part may be mirrored alone where a mirror renames no piece (free pieces)
            mirror = next((g for g in lattice.group if not g.proper), None)
            alone = mirror is not None and \
                _name_maps(tiling, shapes, key_of, mirror) == \
                _name_maps(tiling, shapes, key_of, lattice.group[0])
            maps = part_maps(lattice, tiling.parts or (), one_hand=not alone)
        else:
            maps = tiling.region.cell_maps("free")
        if tiling.may_stay_empty:  # those that keep the cells that may stay empty
            maps = [(g, move) for g, move in maps
                    if all(move[c] in tiling.may_stay_empty for c in tiling.may_stay_empty)]
        if tiling.parts is not None and not self.parted:  # those that keep the parts
            parts = set(tiling.parts)
            maps = [(g, move) for g, move in maps
                    if all(frozenset(move[c] for c in part) in parts for part in parts)]
        for g, move in maps:
            if rotations_only and not g.proper:
                continue
            for names in _name_maps(tiling, shapes, key_of, g):
                if all(c.keeps(move, names) for c in tiling.where):  # the constraints too
                    self.elements.append((move, names))
                    self.proper.append(g.proper)

    def __len__(self) -> int:
        return len(self.elements)

    def __repr__(self) -> str:
        return f"PuzzleSymmetry({len(self)} elements: {self.describe()})"

    def describe(self) -> str:
        """What "unique" means for this puzzle, in words."""
        if len(self) == 1:
            return "the identity (the puzzle has no symmetry)"
        words = "rotation" if all(self.proper) else "rotation and reflection"
        if self.parted:
            words += " of each part and swaps of congruent parts"
        return words + (", turns included" if self.wrapped else "")

    def placement_image(self, placement: Placement, element: int
                        ) -> tuple[str, tuple[Cell, ...]]:
        """Where a symmetry sends one placement: (piece name, sorted cells)."""
        move, names = self.elements[element]
        return (names[placement.piece], tuple(sorted(move[c] for c in placement.cells)))

    def image(self, solution: TilingSolution, element: int) -> SolutionKey:
        return tuple(sorted(self.placement_image(p, element) for p in solution.placements))

    def images(self, solution: TilingSolution) -> list[SolutionKey]:
        """The solution's image under each symmetry, the identity's first: what
        ``canonical`` and ``fixed_by`` read, found once where both are wanted."""
        return [self.image(solution, k) for k in range(len(self.elements))]

    def canonical(self, solution: TilingSolution,
                  images: list[SolutionKey] | None = None) -> SolutionKey:
        """The least image of the solution: equal for solutions equal up to symmetry."""
        return min(images if images is not None else self.images(solution))

    def fixed_by(self, solution: TilingSolution, images: list[SolutionKey] | None = None
                 ) -> list[tuple[bool, int]]:
        """The symmetries besides the identity that map the solution onto itself, each as
        (whether a rotation, its order): what ``constraints.Symmetric`` checks."""
        images = images if images is not None else self.images(solution)
        return [(self.proper[k], self.order(k)) for k in range(1, len(self.elements))
                if images[k] == images[0]]

    def order(self, element: int) -> int:
        """The order of a symmetry: how many times it is applied to give the identity."""
        move, names = self.elements[element]
        order = 1
        for mapping in (move, names):
            seen: set[object] = set()
            for start in mapping:
                if start in seen:
                    continue
                length, point = 0, start
                while point not in seen:
                    seen.add(point)
                    point = mapping[point]  # type: ignore[index]
                    length += 1
                order = math.lcm(order, length)
        return order

    def stabiliser(self, solution: TilingSolution) -> int:
        """How many symmetries map the solution onto itself."""
        own = self.image(solution, 0)
        return sum(1 for k in range(len(self.elements)) if self.image(solution, k) == own)


Cells = tuple[Cell, ...]


def _image_shape(lattice: Lattice, cells: Cells, kind: str, g: Symmetry) -> Cells:
    """The canonical form of the image of a piece under ``g``: the piece's own where
    its kind may turn as ``g`` does, else that of its mirror image (the same for every
    reflection, two of which differ by a rotation), each found once."""
    if kind == "free" or (kind == "one-sided" and g.proper):
        return _canonical(lattice, cells, kind, None)
    if kind == "one-sided":
        return _canonical(lattice, cells, kind, next(h for h in lattice.group if not h.proper))
    return lattice.canonical(lattice.transform(cells, g), kind)


@lru_cache(maxsize=4096)
def _canonical(lattice: Lattice, cells: Cells, kind: str, g: Symmetry | None) -> Cells:
    return lattice.canonical(cells if g is None else lattice.transform(cells, g), kind)


MAX_NAME_MAPS = 5040  # 7! ways to rename seven pieces of one shape; beyond, give copies


def _name_maps(tiling: Tiling, shapes: dict[ShapeKey, list[str]], key_of: dict[str, ShapeKey],
               g: Symmetry) -> list[dict[str, str]]:
    """Every way the lattice symmetry ``g`` can map the piece set onto itself: each piece
    to a piece of its image's shape, one to one. Pieces of one shape under different
    names (the digits 2 and 5, two named copies) may be swapped, so there may be several;
    none when some image is not a piece of the set."""
    lattice = tiling.region.lattice
    choices = []
    for key, names in shapes.items():
        cells, kind, copies, optional, may_cross = key
        image = (_image_shape(lattice, cells, kind, g), kind, copies, optional, may_cross)
        targets = shapes.get(image)
        if targets is None or len(targets) != len(names):
            return []
        choices.append([dict(zip(names, order, strict=True))
                        for order in permutations(targets)])
    if prod(len(c) for c in choices) > MAX_NAME_MAPS:
        from cpuzzler.errors import ExactCoverError

        raise ExactCoverError("too many pieces of one shape under different names for the "
                              "symmetry group; give one piece with copies instead")
    maps = []
    for parts in product(*choices):
        renaming: dict[str, str] = {}
        for part in parts:
            renaming.update(part)
        maps.append(renaming)
    return maps


class Reduction:
    """Unique solutions found, not filtered: one piece's placements cut to one per orbit.

    Choose a piece P that every symmetry maps to itself and that every solution holds
    exactly once (one copy, not optional, not a packing, where any piece may stay out:
    a packing without P would be counted |G| times over, once per representative, as
    were the 409 "unique" packings of 445 in all, issue 78). Every
    class of solutions has a member with P at an orbit representative q, and two
    solutions with P at q are equivalent only by a symmetry that fixes q (one of q's
    stabiliser H_q). So the unique solutions are: every solution with P at a
    representative whose stabiliser is trivial, and, for the other representatives, the
    solutions that are least among their images under H_q. The first part is a plain
    count on any engine; only the second needs the solutions themselves.
    """

    def __init__(self, tiling: Tiling, group: PuzzleSymmetry) -> None:
        self.tiling, self.group = tiling, group
        self.piece: str | None = None
        best = None
        for p in tiling.pieces:
            if p.copies != 1 or p.name in tiling.optional or tiling.fill != "exact":
                continue
            if any(names[p.name] != p.name for _, names in group.elements):
                continue
            orbits = self._orbits(p.name)
            if not orbits:
                continue
            # Best: a piece whose representatives all have trivial stabilisers (pure
            # counting), the fewest of them (Knuth restricts the X in 6x10 that way).
            # Else: the largest orbits, then the fewest placements needing the check.
            placed = sum(len(o) for o in orbits)
            fixed = sum(len(o) for o in orbits if len(o) < len(group))
            score = (fixed == 0, -len(orbits) if fixed == 0 else placed / len(orbits), -fixed)
            if best is None or score > best[0]:
                best = (score, p.name, orbits)
        if best is not None:
            _, self.piece, orbits = best
            index = {pl: k for k, pl in enumerate(tiling.placements)}
            self.free_reps = [index[o[0]] for o in orbits if len(o) == len(group)]
            self.fixed_reps = [index[o[0]] for o in orbits if len(o) < len(group)]


    def _orbits(self, piece: str) -> list[list[Placement]]:
        placements = {(pl.piece, pl.cells) for pl in self.tiling.placements if pl.piece == piece}
        orbits, done = [], set()
        for key in sorted(placements):
            if key in done:
                continue
            image = self.group.placement_image
            images = {image(Placement(*key), k) for k in range(len(self.group))}
            done |= images
            orbits.append([Placement(*key)] + [Placement(*i) for i in sorted(images - {key})])
        return orbits

    def stabiliser(self, option: int) -> list[int]:
        q = self.tiling.placements[option]
        return [k for k in range(len(self.group))
                if self.group.placement_image(q, k) == (q.piece, q.cells)]
