"""Taking an assembly apart by sliding its pieces, as BurrTools does (Bill Cutler's
movement analysis, breadth first).

A state is where each piece stands, up to moving them all together. From a state, a
move slides some pieces by one distance along one axis, the others standing still: a
piece that would run into a standing piece pushes it along, so the pieces that move are
the closure of the one that starts (at most half of them). For each axis the distance
piece i may slide before it touches piece j, with every other piece free to be pushed,
is the least sum along a chain i, k, ..., j of each pair's own free distance (a
shortest path; Cutler, "Computer Analysis of All 6 Piece Burrs"). The moves of a state,
in BurrTools' order: a single piece out to infinity, a group out to infinity, then for
each axis and direction and each piece every distance 1, 2, ... that its group can go,
and each such move merged with the moves of the same axis and distance found before it
(two groups that may slide at once). Where the group that moves weighs more than the
pieces that stand (the box of a packing puzzle, heavier), the others move the other
way. The search goes breadth first from the assembly to the first state in which a
group has left; the two parts are then taken apart the same way, the staying part
first. A part of one piece, or of pieces of one group, is done.

The level is BurrTools' string: the moves to the first separation (the one that takes a
group out counted), then the levels of the staying part and of the group taken out,
each where it needs more than one move somewhere. Pelikan's burr: ``98.2.4.2``.

>>> bar = [(x, 0, 0) for x in range(3)]
>>> frame = [(x, y, 0) for x in range(3) for y in (1, -1)] + [(3, 0, 0)]
>>> plan = disassemble([bar, frame])   # the bar slides out along -x
>>> plan.level, plan.moves
('1', 1)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cpuzzler.assembly.motions import Axis, Cell, axes_for

try:
    from cpuzzler.assembly._slide import separate as _separate  # type: ignore[import-not-found]
except ImportError:  # not built: the Python search
    _separate = None

Shift = tuple[int, ...]  # a piece's translation, in the lattice's translated coordinates
FAR = 30000  # a distance that means "out of the assembly"
FREE = 1 << 30  # no piece in the way at all


@dataclass(frozen=True)
class Step:
    """One move: the pieces (indices) that slide, the axis (its number in the lattice's
    axes, ``assembly.motions``: x, y, z on cubes), the direction (+1 or -1) and how far;
    ``out``: the group leaves the assembly."""

    pieces: tuple[int, ...]
    axis: int
    direction: int
    distance: int
    out: bool


@dataclass(frozen=True)
class Disassembly:
    """How an assembly comes apart: the moves to its first separation, then the plans of
    the part that stays and of the part taken out (None where one move or none does)."""

    pieces: tuple[int, ...]
    steps: tuple[Step, ...]
    staying: Disassembly | None
    removed: Disassembly | None

    @property
    def moves(self) -> int:
        """The moves of the whole plan."""
        return len(self.steps) + sum(p.moves for p in (self.staying, self.removed) if p)

    def _many(self) -> bool:
        return len(self.steps) > 1 or any(p._many() for p in (self.staying, self.removed)
                                          if p)

    @property
    def level(self) -> str:
        """BurrTools' level string, e.g. ``"98.2.4.2"``."""
        parts = [str(len(self.steps))]
        for part in (self.staying, self.removed):
            if part is not None and part._many():
                parts.append(part.level)
        return ".".join(parts)


def disassemble(pieces: object, *, weights: Sequence[int] | None = None,
                groups: Sequence[int] | None = None, most_states: int = 2_000_000,
                lattice: object = None, native: bool = True) -> Disassembly | None:
    """The plan that takes the pieces (each its cells, in place; or a solution: its
    placements, on its lattice) apart, or None where no sliding separates them all, or
    where there is one piece or none (BurrTools counts no such assembly as a solution);
    no moves where all are of one group.
    ``weights``: the heavier part stands still (BurrTools' shape weights, 1 by default);
    ``groups``: pieces of one nonzero group need not come apart from each other.
    ``most_states``: a bound on the states one search keeps. ``lattice``: the cells'
    lattice or its name, cubic (the default) or prisms (``assembly.motions``).
    ``native``: the search in C (``csrc/slide.c``); False, the Python reference it
    follows."""
    placements = getattr(pieces, "placements", None)
    if placements is not None:  # a solution
        lattice = lattice or pieces.tiling.region.lattice  # type: ignore[attr-defined]
        pieces = [p.cells for p in placements]
    axes = axes_for(str(getattr(lattice, "name", lattice or "cubic")))
    shapes = [tuple(sorted({tuple(c) for c in cells}))
              for cells in pieces]  # type: ignore[attr-defined]
    n = len(shapes)
    weights = list(weights) if weights is not None else [1] * n
    groups = list(groups) if groups is not None else [0] * n
    search = _Search(shapes, weights, groups, most_states, axes, native)
    everything = tuple(range(n))
    if n < 2:  # nothing to take apart: no solution, as BurrTools counts
        return None
    if search._one_group(everything):  # need not come apart
        return Disassembly(everything, (), None, None)
    still = (0,) * len(axes[0].vector)
    return search.plan(everything, tuple(still for _ in range(n)))


class _Search:
    def __init__(self, shapes: list[tuple[Cell, ...]], weights: list[int], groups: list[int],
                 most_states: int, axes: tuple[Axis, ...], native: bool) -> None:
        self.shapes, self.weights, self.groups = shapes, weights, groups
        self.most_states = most_states
        self.axes = axes
        self.pair_cache: dict[tuple[int, int, Shift], tuple[int, ...]] = {}
        self.native = native and _separate is not None and len(shapes) <= 64
        self._lines: list[list[dict[tuple[int, ...], list[int]]]] | None = None
        self._spec: list[tuple[object, ...]] | None = None

    @property
    def lines(self) -> list[list[dict[tuple[int, ...], list[int]]]]:
        """Per piece, per axis: its lines (the Python search's)."""
        if self._lines is None:
            self._lines = [[_lines(shape, axis) for axis in self.axes] for shape in self.shapes]
        return self._lines

    def spec(self) -> list[tuple[object, ...]]:
        """The C search's axes: each one's linear maps (a translation's on keys and
        positions; a cell's to its line and position), its step and its vector."""
        if self._spec is None:
            dims, width = len(self.axes[0].vector), len(self.shapes[0][0])
            units = [tuple(int(d == k) for d in range(dims)) for k in range(dims)]
            cell_units = [tuple(int(d == k) for d in range(width)) for k in range(width)]
            self._spec = []
            for axis in self.axes:
                moved = [axis.shifted(u) for u in units]
                lines = [axis.line(u) for u in cell_units]
                keylen = len(moved[0][0])
                self._spec.append((
                    keylen, [moved[d][0][r] for r in range(keylen) for d in range(dims)],
                    [m[1] for m in moved], axis.step, axis.vector,
                    [lines[d][0][r] if r < keylen else lines[d][1]
                     for r in range(keylen + 1) for d in range(width)]))
        return self._spec

    def free(self, i: int, j: int, offset: Shift) -> tuple[int, ...]:
        """How many moves piece i may slide along each axis (+) before it touches piece
        j, with j moved by ``offset`` relative to i."""
        key = (i, j, offset)
        found = self.pair_cache.get(key)
        if found is None:
            found = tuple(_gap(self.lines[i][k], self.lines[j][k], axis.shifted(offset),
                               axis.step) for k, axis in enumerate(self.axes))
            self.pair_cache[key] = found
        return found

    def plan(self, pieces: tuple[int, ...], start: tuple[Shift, ...]) -> Disassembly | None:
        """The plan from ``start`` (each piece's shift): the moves to the first
        separation, then each part's plan."""
        if len(pieces) == 1 or self._one_group(pieces):
            return None
        found = (self._native if self.native else self._first_way_out)(pieces, start)
        if found is None:
            return None
        steps, places = found
        moved = set(steps[-1].pieces)
        stay = tuple(p for k, p in enumerate(pieces) if k not in moved)
        gone = tuple(p for k, p in enumerate(pieces) if k in moved)
        where = dict(zip(pieces, places, strict=True))
        plans: list[Disassembly | None] = []
        for part in (stay, gone):
            if len(part) == 1 or self._one_group(part):
                plans.append(None)
                continue
            planned = self.plan(part, tuple(where[p] for p in part))
            if planned is None:
                return None
            plans.append(planned)
        return Disassembly(pieces, tuple(steps), plans[0], plans[1])

    def _first_way_out(self, pieces: tuple[int, ...], start: tuple[Shift, ...]
                       ) -> tuple[list[Step], tuple[Shift, ...]] | None:
        """Breadth first to the first move that takes a group out: the moves, and where
        the pieces stand before the last (the reference the native search follows)."""
        root = _Node(start, None, None)
        layers: list[set[tuple[Shift, ...]]] = [set(), {_key(start)}, set()]
        frontier = [root]
        kept = 1
        while frontier:
            following: list[_Node] = []
            for node in frontier:
                for step, places in self.moves(pieces, node.places):
                    if step.out:
                        steps = [step]
                        walk = node
                        while walk.step is not None and walk.came is not None:
                            steps.append(walk.step)
                            walk = walk.came
                        return steps[::-1], node.places
                    key = _key(places)
                    if key in layers[0] or key in layers[1] or key in layers[2]:
                        continue
                    layers[2].add(key)
                    following.append(_Node(places, node, step))
                    kept += 1
                    if kept > self.most_states:
                        return None
            layers = [layers[1], layers[2], set()]
            frontier = following
        return None

    def _native(self, pieces: tuple[int, ...], start: tuple[Shift, ...]
                ) -> tuple[list[Step], tuple[Shift, ...]] | None:
        """``_first_way_out`` by the C search (``csrc/slide.c``)."""
        found = _separate(self.spec(), [[v for cell in self.shapes[p] for v in cell]
                                              for p in pieces],
                                [self.weights[p] for p in pieces], list(start),
                                self.most_states, len(self.shapes[0][0]))
        if found is None:
            return None
        steps, places = found
        return ([Step(tuple(group), axis, sign, distance, bool(out))
                 for group, axis, sign, distance, out in steps], tuple(places))

    def _one_group(self, pieces: tuple[int, ...]) -> bool:
        first = self.groups[pieces[0]]
        return first != 0 and all(self.groups[p] == first for p in pieces)

    def moves(self, pieces: tuple[int, ...], places: tuple[Shift, ...]
              ) -> Iterable[tuple[Step, tuple[Shift, ...]]]:
        """The states one move away, in BurrTools' order."""
        n = len(pieces)
        limits = self._limits(pieces, places)
        for most in (1, n // 2):  # one piece out, then a group out
            for axis in range(len(self.axes)):
                for sign in (1, -1):
                    for k in range(n):
                        group = _pushed(limits[axis], k, FAR, sign, most)
                        if group is not None:
                            yield self._step(pieces, places, group, axis, sign, FAR)
        for axis in range(len(self.axes)):
            for sign in (1, -1):
                found: list[tuple[frozenset[int], int]] = []
                seen: set[tuple[frozenset[int], int]] = set()
                for k in range(n):
                    distance = 1
                    while True:
                        group = _pushed(limits[axis], k, distance, sign, n // 2)
                        if group is None:
                            break
                        made = (frozenset(group), distance)
                        if made not in seen:
                            seen.add(made)
                            yield self._step(pieces, places, group, axis, sign, distance)
                            for other, far in list(found):
                                if far != distance:
                                    continue
                                both = other | made[0]
                                if both in (other, made[0]) or len(both) == n:
                                    continue
                                if (both, distance) not in seen:
                                    seen.add((both, distance))
                                    found.append((both, distance))
                                    yield self._step(pieces, places, sorted(both), axis,
                                                     sign, distance)
                            found.append(made)
                        distance += 1

    def _limits(self, pieces: tuple[int, ...], places: tuple[Shift, ...]
                ) -> list[list[list[int]]]:
        """Per axis, how far each piece may slide along + before it touches each other
        one, pushing the pieces between (the shortest-path closure)."""
        n = len(pieces)
        limits = [[[0] * n for _ in range(n)] for _ in self.axes]
        for a in range(n):
            for b in range(n):
                if a == b:
                    continue
                offset = tuple(q - p for p, q in zip(places[a], places[b], strict=True))
                gaps = self.free(pieces[a], pieces[b], offset)
                for axis, gap in enumerate(gaps):
                    limits[axis][a][b] = gap
        for table in limits:
            for k in range(n):
                row_k = table[k]
                for a in range(n):
                    through = table[a][k]
                    if through >= FREE:
                        continue
                    row_a = table[a]
                    for b in range(n):
                        if through + row_k[b] < row_a[b]:
                            row_a[b] = through + row_k[b]
        return limits

    def _step(self, pieces: tuple[int, ...], places: tuple[Shift, ...], group: Iterable[int],
              axis: int, sign: int, distance: int) -> tuple[Step, tuple[Shift, ...]]:
        moving = set(group)
        heavy_moving = max(self.weights[pieces[k]] for k in moving)
        heavy_still = max(self.weights[pieces[k]] for k in range(len(pieces))
                          if k not in moving)
        if heavy_still < heavy_moving:  # the heavier part stands: the others go back
            moving = set(range(len(pieces))) - moving
            sign = -sign
        far = sign * min(distance, FAR)
        shift = [far * v for v in self.axes[axis].vector]
        new = tuple(tuple(p + s for p, s in zip(place, shift, strict=True)) if k in moving
                    else place for k, place in enumerate(places))
        return Step(tuple(sorted(moving)), axis, sign, distance, distance >= FAR), new


@dataclass
class _Node:
    places: tuple[Shift, ...]
    came: _Node | None
    step: Step | None


def _key(places: tuple[Shift, ...]) -> tuple[Shift, ...]:
    """A state up to moving every piece together: each shift less the first's."""
    first = places[0]
    return tuple(tuple(p - f for p, f in zip(place, first, strict=True)) for place in places)


def _pushed(limits: list[list[int]], start: int, distance: int, sign: int, most: int
            ) -> list[int] | None:
    """The pieces that move when ``start`` slides ``distance`` along the axis (``sign``
    -1: the other way, where the limits read transposed), or None past ``most``."""
    n = len(limits)
    moving = [False] * n
    moving[start] = True
    count = 1
    todo = [start]
    while todo:
        a = todo.pop()
        for b in range(n):
            if moving[b]:
                continue
            room = limits[a][b] if sign > 0 else limits[b][a]
            if distance > room:
                count += 1
                if count > most:
                    return None
                moving[b] = True
                todo.append(b)
    return [k for k in range(n) if moving[k]]


def _lines(shape: tuple[Cell, ...], axis: Axis) -> dict[tuple[int, ...], list[int]]:
    """The shape's cells on the axis's lines: each line's key -> the sorted positions."""
    lines: dict[tuple[int, ...], list[int]] = {}
    for cell in shape:
        key, position = axis.line(cell)
        lines.setdefault(key, []).append(position)
    for xs in lines.values():
        xs.sort()
    return lines


def _gap(mine: dict[tuple[int, ...], list[int]], theirs: dict[tuple[int, ...], list[int]],
         shifted: tuple[tuple[int, ...], int], step: int) -> int:
    """How many moves cells ``mine`` may slide along the axis before meeting ``theirs``
    moved so (their lines' keys and positions): the least gap in any line the two share,
    in moves of ``step`` positions (FREE where none lies ahead)."""
    moved, along = shifted
    best = FREE
    for key, xs in mine.items():
        ys = theirs.get(tuple(k - m for k, m in zip(key, moved, strict=True)))
        if ys is None:
            continue
        for x in xs:
            k = bisect_right(ys, x - along)
            if k < len(ys):
                gap = ys[k] + along - x - 1
                if gap < best:
                    best = gap
    return best if best == FREE else best // step


def moves_in_order(plan: Disassembly, lattice: object = "cubic", far: int = 10
                   ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The plan's moves one after another, as they are made (a part's moves, then the
    staying part's, then the removed part's): each the pieces that slide (numbered as
    given to ``disassemble``) and their translation, a way out ``far`` moves long.

    >>> bar = [(x, 0, 0) for x in range(3)]
    >>> frame = [(x, y, 0) for x in range(3) for y in (1, -1)] + [(3, 0, 0)]
    >>> moves_in_order(disassemble([bar, frame]), far=5)
    [((1,), (5, 0, 0))]
    """
    axes = axes_for(str(getattr(lattice, "name", lattice)))
    found = []
    for step in plan.steps:
        length = step.direction * (far if step.out else step.distance)
        found.append((tuple(plan.pieces[k] for k in step.pieces),
                      tuple(length * v for v in axes[step.axis].vector)))
    for part in (plan.staying, plan.removed):
        if part is not None:
            found += moves_in_order(part, lattice, far)
    return found
