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

Cell = tuple[int, int, int]
AXES = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
FAR = 30000  # a distance that means "out of the assembly"
FREE = 1 << 30  # no piece in the way at all


@dataclass(frozen=True)
class Step:
    """One move: the pieces (indices) that slide, the axis (0, 1, 2), the direction
    (+1 or -1) and how far; ``out``: the group leaves the assembly."""

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


def disassemble(pieces: Sequence[Iterable[Cell]], *, weights: Sequence[int] | None = None,
                groups: Sequence[int] | None = None, most_states: int = 2_000_000
                ) -> Disassembly | None:
    """The plan that takes the pieces (each its cells, in place) apart, or None where no
    sliding separates them all (no moves where there is nothing to separate).
    ``weights``: the heavier part stands still (BurrTools' shape weights, 1 by default);
    ``groups``: pieces of one nonzero group need not come apart from each other.
    ``most_states``: a bound on the states one search keeps."""
    shapes: list[tuple[Cell, ...]] = [
        tuple(sorted({(c[0], c[1], c[2]) for c in cells})) for cells in pieces]
    n = len(shapes)
    weights = list(weights) if weights is not None else [1] * n
    groups = list(groups) if groups is not None else [0] * n
    search = _Search(shapes, weights, groups, most_states)
    everything = tuple(range(n))
    if n < 2 or search._one_group(everything):  # apart already, or need not come apart
        return Disassembly(everything, (), None, None)
    return search.plan(everything, tuple((0, 0, 0) for _ in range(n)))


class _Search:
    def __init__(self, shapes: list[tuple[Cell, ...]], weights: list[int], groups: list[int],
                 most_states: int) -> None:
        self.shapes, self.weights, self.groups = shapes, weights, groups
        self.most_states = most_states
        self.lines = [[_lines(shape, axis) for axis in range(3)] for shape in shapes]
        self.pair_cache: dict[tuple[int, int, Cell], tuple[int, int, int]] = {}

    def free(self, i: int, j: int, offset: Cell) -> tuple[int, int, int]:
        """How far piece i may slide along +x, +y, +z before it touches piece j, with j
        moved by ``offset`` relative to i."""
        key = (i, j, offset)
        found = self.pair_cache.get(key)
        if found is None:
            found = tuple(_gap(self.lines[i][axis], self.lines[j][axis], offset, axis)
                          for axis in range(3))  # type: ignore[assignment]
            self.pair_cache[key] = found  # type: ignore[assignment]
        return found  # type: ignore[return-value]

    def plan(self, pieces: tuple[int, ...], start: tuple[Cell, ...]) -> Disassembly | None:
        """Breadth first from ``start`` (each piece's shift) to the first separation."""
        if len(pieces) == 1 or self._one_group(pieces):
            return None
        root = _Node(start, None, None)
        layers: list[set[tuple[Cell, ...]]] = [set(), {_key(start)}, set()]
        frontier = [root]
        kept = 1
        while frontier:
            following: list[_Node] = []
            for node in frontier:
                for step, places in self.moves(pieces, node.places):
                    if step.out:
                        return self._split(pieces, node, step)
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

    def _one_group(self, pieces: tuple[int, ...]) -> bool:
        first = self.groups[pieces[0]]
        return first != 0 and all(self.groups[p] == first for p in pieces)

    def _split(self, pieces: tuple[int, ...], node: _Node, out: Step) -> Disassembly | None:
        steps = [out]
        walk = node
        while walk.step is not None and walk.came is not None:
            steps.append(walk.step)
            walk = walk.came
        steps.reverse()
        moved = set(out.pieces)
        stay = tuple(p for k, p in enumerate(pieces) if k not in moved)
        gone = tuple(p for k, p in enumerate(pieces) if k in moved)
        where = dict(zip(pieces, node.places, strict=True))
        plans: list[Disassembly | None] = []
        for part in (stay, gone):
            if len(part) == 1 or self._one_group(part):
                plans.append(None)
                continue
            found = self.plan(part, tuple(where[p] for p in part))
            if found is None:
                return None
            plans.append(found)
        return Disassembly(pieces, tuple(steps), plans[0], plans[1])

    def moves(self, pieces: tuple[int, ...], places: tuple[Cell, ...]
              ) -> Iterable[tuple[Step, tuple[Cell, ...]]]:
        """The states one move away, in BurrTools' order."""
        n = len(pieces)
        limits = self._limits(pieces, places)
        for most in (1, n // 2):  # one piece out, then a group out
            for axis in range(3):
                for sign in (1, -1):
                    for k in range(n):
                        group = _pushed(limits[axis], k, FAR, sign, most)
                        if group is not None:
                            yield self._step(pieces, places, group, axis, sign, FAR)
        for axis in range(3):
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

    def _limits(self, pieces: tuple[int, ...], places: tuple[Cell, ...]) -> list[list[list[int]]]:
        """Per axis, how far each piece may slide along + before it touches each other
        one, pushing the pieces between (the shortest-path closure)."""
        n = len(pieces)
        limits = [[[0] * n for _ in range(n)] for _ in range(3)]
        for a in range(n):
            for b in range(n):
                if a == b:
                    continue
                offset = tuple(places[b][d] - places[a][d] for d in range(3))
                gaps = self.free(pieces[a], pieces[b], offset)  # type: ignore[arg-type]
                for axis in range(3):
                    limits[axis][a][b] = gaps[axis]
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

    def _step(self, pieces: tuple[int, ...], places: tuple[Cell, ...], group: Iterable[int],
              axis: int, sign: int, distance: int) -> tuple[Step, tuple[Cell, ...]]:
        moving = set(group)
        heavy_moving = max(self.weights[pieces[k]] for k in moving)
        heavy_still = max(self.weights[pieces[k]] for k in range(len(pieces))
                          if k not in moving)
        if heavy_still < heavy_moving:  # the heavier part stands: the others go back
            moving = set(range(len(pieces))) - moving
            sign = -sign
        shift = [0, 0, 0]
        shift[axis] = sign * min(distance, FAR)
        new = tuple((x + shift[0], y + shift[1], z + shift[2]) if k in moving else (x, y, z)
                    for k, (x, y, z) in enumerate(places))
        return Step(tuple(sorted(moving)), axis, sign, distance, distance >= FAR), new


@dataclass
class _Node:
    places: tuple[Cell, ...]
    came: _Node | None
    step: Step | None


def _key(places: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """A state up to moving every piece together: each shift less the first's."""
    x0, y0, z0 = places[0]
    return tuple((x - x0, y - y0, z - z0) for x, y, z in places)


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


def _lines(shape: tuple[Cell, ...], axis: int) -> dict[tuple[int, int], list[int]]:
    """The shape's cells as lines along an axis: the other two coordinates -> the sorted
    coordinates along it."""
    lines: dict[tuple[int, int], list[int]] = {}
    for cell in shape:
        rest = tuple(c for d, c in enumerate(cell) if d != axis)
        lines.setdefault(rest, []).append(cell[axis])  # type: ignore[arg-type]
    for xs in lines.values():
        xs.sort()
    return lines


def _gap(mine: dict[tuple[int, int], list[int]], theirs: dict[tuple[int, int], list[int]],
         offset: Cell, axis: int) -> int:
    """How far cells ``mine`` may slide along +axis before meeting ``theirs`` shifted by
    ``offset``: the least gap in any line the two share (FREE where none lies ahead)."""
    along = offset[axis]
    others = [offset[d] for d in range(3) if d != axis]
    best = FREE
    for (u, v), xs in mine.items():
        ys = theirs.get((u - others[0], v - others[1]))
        if ys is None:
            continue
        for x in xs:
            k = bisect_right(ys, x - along)
            if k < len(ys):
                gap = ys[k] + along - x - 1
                if gap < best:
                    best = gap
    return best
