"""Drive Ya Nuts: seven hexagonal nuts, numbered 1 to 6 round their sides, placed one in
the middle and six around it so that every pair of touching sides shows one number.

Positions: 0 in the middle, 1 .. 6 around it clockwise from the top. Sides of a nut:
0 .. 5 clockwise from the top. A nut turned ``r`` steps shows its number ``k`` on side
``(k + r) % 6``. The matching is an exact cover with secondary items: where side a of
one nut meets side b of another, the first takes the item ``edge:w`` for every number w
it does not show there, the second the one for the number it shows, so the two fit
exactly when the numbers agree. With ``colours=True`` it is written as Knuth writes such
puzzles, an exact cover with colours: each touching pair of sides is one secondary item,
which both nuts give the colour of the number they show there.

>>> puzzle = drive_ya_nuts()
>>> puzzle.count(), len(puzzle.unique_solutions())
(6, 1)
>>> drive_ya_nuts(colours=True).count()
6
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from cpuzzler.exact_cover import ExactCover
from cpuzzler.results import Count

# Milton Bradley's seven nuts, each read clockwise starting from its 1.
MILTON_BRADLEY = {
    "A": (1, 2, 3, 4, 5, 6),
    "B": (1, 6, 5, 4, 3, 2),
    "C": (1, 4, 6, 2, 3, 5),
    "D": (1, 6, 2, 4, 5, 3),
    "E": (1, 6, 5, 3, 2, 4),
    "F": (1, 4, 3, 6, 5, 2),
    "G": (1, 6, 4, 2, 5, 3),
}

Option = tuple[str, int, int]  # nut, position, turn


def _edges() -> list[tuple[int, int, int, int]]:
    """The touching sides: (position, side, position, side)."""
    edges = [(0, d, d + 1, (d + 3) % 6) for d in range(6)]
    # The outer nut in direction d sees the next one (direction d + 1) on side d + 2.
    edges += [(d + 1, (d + 2) % 6, (d + 1) % 6 + 1, (d + 5) % 6) for d in range(6)]
    return edges


@dataclass(frozen=True)
class DriveYaNuts:
    """The puzzle for a set of nuts (name -> its six numbers clockwise)."""

    nuts: tuple[tuple[str, tuple[int, ...]], ...]
    colours: bool = False  # each touching pair of sides one item, coloured by its number

    @cached_property
    def numbers_of(self) -> dict[str, tuple[int, ...]]:
        return dict(self.nuts)

    @cached_property
    def options(self) -> list[Option]:
        return [(name, pos, turn) for name, _ in self.nuts for pos in range(7)
                for turn in range(6)]

    def shows(self, option: Option, side: int) -> int:
        """The number the option's nut shows on ``side``."""
        name, _, turn = option
        return self.numbers_of[name][(side - turn) % 6]

    @cached_property
    def exact_cover(self) -> ExactCover:
        numbers = sorted({n for _, ns in self.nuts for n in ns})
        xc = ExactCover()
        for name, _ in self.nuts:
            xc.add_item(name)
        for pos in range(7):
            xc.add_item(f"p{pos}")
        edges = _edges()
        for e in range(len(edges)):
            for n in [None] if self.colours else numbers:
                xc.add_item(f"e{e}" if n is None else f"e{e}={n}", secondary=True)
        for option in self.options:
            name, pos, _ = option
            items: list[str | tuple[str, str]] = [name, f"p{pos}"]
            for e, (p, a, q, b) in enumerate(edges):
                if self.colours and pos in (p, q):
                    items.append((f"e{e}", str(self.shows(option, a if pos == p else b))))
                elif pos == p:
                    items += [f"e{e}={n}" for n in numbers if n != self.shows(option, a)]
                elif pos == q:
                    items.append(f"e{e}={self.shows(option, b)}")
            xc.add_option(items)
        return xc

    def count(self, *, engine: str | None = None, symmetry: str = "raw") -> Count:
        """All solutions by default: each arrangement in its six turns of the whole
        board."""
        return self.exact_cover.count(engine=engine, symmetry=symmetry)

    def unique_solutions(self, *, engine: str | None = None) -> list[tuple[int, ...]]:
        """One solution per class under turning the whole board (the least of each)."""
        seen = set()
        for solution in self.exact_cover.solve(engine=engine):
            images = [tuple(sorted(solution))]
            for _ in range(5):
                images.append(self.turned(images[-1]))
            seen.add(min(images))
        return sorted(seen)

    def describe(self, solution: Iterable[int]) -> str:
        """Where each nut goes: ``position: nut, numbers clockwise from the top``."""
        lines = []
        for k in sorted(solution, key=lambda k: self.options[k][1]):
            option = self.options[k]
            numbers = " ".join(str(self.shows(option, side)) for side in range(6))
            lines.append(f"{option[1]}: {option[0]}  {numbers}")
        return "\n".join(lines)

    def turned(self, solution: Iterable[int]) -> tuple[int, ...]:
        """The solution with the whole board turned one step clockwise."""
        index = {o: k for k, o in enumerate(self.options)}
        moved = []
        for k in solution:
            name, pos, turn = self.options[k]
            moved.append(index[(name, 0 if pos == 0 else pos % 6 + 1, (turn + 1) % 6)])
        return tuple(sorted(moved))


def drive_ya_nuts(nuts: Mapping[str, Sequence[int]] | None = None, *,
                  colours: bool = False) -> DriveYaNuts:
    """The puzzle with Milton Bradley's nuts, or your own seven; ``colours``: written as
    an exact cover with colours."""
    chosen = MILTON_BRADLEY if nuts is None else nuts
    return DriveYaNuts(tuple((name, tuple(ns)) for name, ns in chosen.items()), colours)
