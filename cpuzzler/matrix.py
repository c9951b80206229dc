"""The matrix of an exact cover: items (primary, with ``lo:hi`` bounds, and secondary),
options over them, colours; what reads it (the options of an item, the bounds engines
search with, whether some options are a solution) and the smaller matrices cut from it.
``ExactCover`` (``exact_cover``) is this matrix with the questions asked of it.

>>> m = Matrix(primary=["a", "b"], secondary=["x"])
>>> m.add_option(["a", ("x", "red")]), m.add_option(["b"])
(0, 1)
>>> m.option(0), m.violation([0]), m.violation([0, 1])
(('a', 'x:red'), "item 'b' is covered 0 times, not 1", None)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Self

from cpuzzler.errors import ExactCoverError

Bounds = tuple[int, int]


class Matrix:
    """Items (primary, with optional ``lo:hi`` bounds, and secondary) and options over them."""

    def __init__(
        self,
        primary: Iterable[str] = (),
        secondary: Iterable[str] = (),
        bounds: Mapping[str, Bounds] | None = None,
    ) -> None:
        self._names: list[str] = []
        self._index: dict[str, int] = {}
        self._lo: list[int] = []
        self._hi: list[int] = []
        self._secondary: list[bool] = []
        self._options: list[tuple[int, ...]] = []
        self._colours: list[tuple[int, ...] | None] = []  # per option: colour ids, 0 none
        self._colour_names: list[str] = [""]  # colour id -> name; 0 is "no colour"
        self._colour_index: dict[str, int] = {}
        self._names_read: tuple[str, ...] | None = None  # ``items``, until an item is added
        self._costs: list[int] | None = None  # per option, once any option has a cost
        bounds = dict(bounds or {})
        for name in primary:
            lo, hi = bounds.pop(name, (1, 1))
            self.add_item(name, lo=lo, hi=hi)
        for name in secondary:
            self.add_item(name, secondary=True)
        if bounds:
            unknown = ", ".join(sorted(map(str, bounds)))
            raise ExactCoverError(f"bounds given for items that are not primary: {unknown}")
        self.sweep: list[str] | None = None  # the memo engine's item order, if a model has one

    def _changed(self) -> None:
        """An item or option was added: forget what was read from the old matrix."""
        self._names_read = None

    # --- building ----------------------------------------------------------------------

    def add_item(self, name: str, *, lo: int = 1, hi: int = 1, secondary: bool = False) -> int:
        """Declare an item; return its index. Secondary items are covered at most once."""
        if not isinstance(name, str) or not name:
            raise ExactCoverError(f"an item name must be a non-empty string, not {name!r}")
        if name in self._index:
            raise ExactCoverError(f"item {name!r} is declared twice")
        if not all(isinstance(b, int) and not isinstance(b, bool) for b in (lo, hi)):
            raise ExactCoverError(f"item {name!r}: bounds must be whole numbers, not {lo!r}:{hi!r}")
        if secondary and (lo, hi) != (1, 1):
            raise ExactCoverError(f"secondary item {name!r} cannot have bounds")
        if lo < 0 or hi < 1 or lo > hi:
            raise ExactCoverError(
                f"item {name!r} has bounds {lo}:{hi}; they need 0 <= lo <= hi and hi >= 1"
            )
        self._changed()
        self._index[name] = len(self._names)
        self._names.append(name)
        self._lo.append(lo)
        self._hi.append(hi)
        self._secondary.append(secondary)
        return len(self._names) - 1

    def add_option(self, items: Iterable[str | tuple[str, str]], *, cost: int | None = None
                   ) -> int:
        """Add an option covering the named items; return its index. A secondary item
        may come with a colour, as ``(name, colour)``; ``cost``: the option's cost, a
        whole number >= 0 (Knuth's DLX5: ``costs`` then holds one per option, 0 where
        none was given).

        >>> from cpuzzler import ExactCover

        >>> xc = ExactCover(primary=["a", "b"], secondary=["x"])
        >>> xc.add_option(["a", ("x", "red")]), xc.add_option(["b", ("x", "red")])
        (0, 1)
        >>> xc.option(0), xc.count()
        (('a', 'x:red'), 1)
        """
        entries = list(items)
        try:  # plain names, all known: the common case, looked up once
            indices = tuple([self._index[entry] for entry in entries])  # type: ignore[index]
            colours = None
        except (KeyError, TypeError):
            indices, colours = self._entries(entries)
        if not indices:
            raise ExactCoverError(f"option {len(self._options)} is empty")
        if len(set(indices)) != len(indices) or all(self._secondary[i] for i in indices):
            names = [self._names[i] for i in indices]
            twice = [f"item {n!r} twice" for n in names if names.count(n) > 1]
            said = (twice or [f"only secondary items: {' '.join(names)}"])[0]
            raise ExactCoverError(f"option {len(self._options)} names {said}")
        if cost is not None:
            if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
                raise ExactCoverError(f"option {len(self._options)}: a cost is a whole "
                                      f"number >= 0, not {cost!r}")
            if self._costs is None:
                self._costs = [0] * len(self._options)
        self._changed()
        self._options.append(indices)
        self._colours.append(colours if colours and any(colours) else None)
        if self._costs is not None:
            self._costs.append(cost or 0)
        return len(self._options) - 1

    @property
    def costs(self) -> list[int] | None:
        """Each option's cost, where any option was given one (``add_option``, a DLX
        file's ``|n`` tokens); else None.

        >>> from cpuzzler import ExactCover
        >>> xc = ExactCover(primary=["a"])
        >>> xc.add_option(["a"]), xc.add_option(["a"], cost=3), xc.costs
        (0, 1, [0, 3])
        """
        return None if self._costs is None else list(self._costs)

    def _entries(self, entries: list[str | tuple[str, str]]
                 ) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        """An option's item indices and colour ids (``None``: no colour named)."""
        names = [e[0] if isinstance(e, tuple) and len(e) == 2 else e for e in entries]
        index = self._index
        try:
            indices = tuple([index[name] for name in names])
        except (KeyError, TypeError):
            unknown = next(n for n in names if not isinstance(n, str) or n not in index)
            raise ExactCoverError(
                f"option {len(self._options)} names unknown item {unknown!r}") from None
        if len(set(indices)) != len(indices) or not any(isinstance(e, tuple) for e in entries):
            return indices, None  # the caller names a repeated item
        return indices, tuple(map(self._colour_id, entries, indices))

    def _colour_id(self, entry: str | tuple[str, str], item: int) -> int:
        """The colour id of an option's entry: 0 for a plain name."""
        if not isinstance(entry, tuple):
            return 0
        name, colour = entry
        if not self._secondary[item]:
            raise ExactCoverError(f"option {len(self._options)}: primary item {name!r} cannot "
                                  "have a colour")
        if not isinstance(colour, str) or not colour or colour.split() != [colour]:
            raise ExactCoverError(f"option {len(self._options)}: the colour of {name!r} must "
                                  f"be a non-empty string without spaces, not {colour!r}")
        if colour not in self._colour_index:
            self._colour_index[colour] = len(self._colour_names)
            self._colour_names.append(colour)
        return self._colour_index[colour]

    # --- reading -----------------------------------------------------------------------

    @property
    def items(self) -> tuple[str, ...]:
        """All item names, in the order declared (a tuple kept until an item is added:
        reading it in a loop costs nothing).

        >>> from cpuzzler import ExactCover

        >>> ExactCover(primary=["a", "b"], secondary=["x"]).items
        ('a', 'b', 'x')
        """
        if self._names_read is None:
            self._names_read = tuple(self._names)
        return self._names_read

    @property
    def primary(self) -> list[str]:
        return [n for n, s in zip(self._names, self._secondary, strict=True) if not s]

    @property
    def secondary(self) -> list[str]:
        return [n for n, s in zip(self._names, self._secondary, strict=True) if s]

    def bounds(self, name: str) -> Bounds:
        """The ``(lo, hi)`` bounds of an item (secondary items: ``(0, 1)``)."""
        i = self._index[name]
        return (0, 1) if self._secondary[i] else (self._lo[i], self._hi[i])

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` is a declared item."""
        return name in self._index

    def is_secondary(self, name: str) -> bool:
        return self._secondary[self._index[name]]

    @property
    def num_options(self) -> int:
        return len(self._options)

    def option(self, index: int) -> tuple[str, ...]:
        """The item names of option ``index``, in the order they were given; a coloured
        entry as ``name:colour``."""
        colours = self._colours[index]
        if colours is None:
            return tuple(self._names[i] for i in self._options[index])
        return tuple(self._names[i] + (f":{self._colour_names[c]}" if c else "")
                     for i, c in zip(self._options[index], colours, strict=True))

    def option_entries(self, index: int) -> list[str | tuple[str, str]]:
        """Option ``index`` as ``add_option`` takes it: names, ``(name, colour)`` where
        coloured (to copy an option into another problem)."""
        colours = self._colours[index] or (0,) * len(self._options[index])
        return [(self._names[i], self._colour_names[c]) if c else self._names[i]
                for i, c in zip(self._options[index], colours, strict=True)]

    def option_items(self, index: int) -> tuple[int, ...]:
        """The item indices of option ``index`` (for engines and encoders)."""
        return self._options[index]

    def option_colours(self, index: int) -> tuple[int, ...] | None:
        """The colour ids of option ``index``'s items, aligned with ``option_items`` (0: no
        colour; ids from 1, see ``colour_names``), or None when it has no colours."""
        return self._colours[index]

    def colour_maps(self) -> list[dict[int, int]]:
        """Per option: its coloured items (indices) and their colour ids."""
        return [dict(zip(items, colours, strict=True)) if colours else {}
                for items, colours in zip(self._options, self._colours, strict=True)]

    def with_options(self, kept: Iterable[int]) -> Self:
        """The same items (and sweep) with only the options ``kept``, in that order."""
        xc = type(self)()
        for name in self._names:
            if self.is_secondary(name):
                xc.add_item(name, secondary=True)
            else:
                lo, hi = self.bounds(name)
                xc.add_item(name, lo=lo, hi=hi)
        for o in kept:
            xc.add_option(self.option_entries(o),
                          cost=None if self._costs is None else self._costs[o])
        xc.sweep = self.sweep
        return xc

    def part(self, items: Sequence[tuple[int, int, int]], kept: Iterable[int]) -> Self:
        """A sub-problem, built without checks (``subproblems`` knows its parts fit): the
        items ``(index, lo, hi)`` in that order, each keeping its name and kind, and the
        options ``kept``, which must name no other item; the sweep follows.

        >>> from cpuzzler import ExactCover

        >>> xc = ExactCover(primary=["a", "b"], secondary=["x"])
        >>> _ = xc.add_option(["a", "x"]), xc.add_option(["b"]), xc.add_option(["a", "b"])
        >>> sub = xc.part([(1, 1, 1), (2, 1, 1)], [1])
        >>> sub.items, sub.option(0), sub.count()
        (('b', 'x'), ('b',), 1)
        """
        kept = list(kept)
        sub = type(self)()
        new = {}
        for k, (i, lo, hi) in enumerate(items):
            new[i] = k
            sub._index[self._names[i]] = k
            sub._names.append(self._names[i])
            sub._lo.append(lo)
            sub._hi.append(hi)
            sub._secondary.append(self._secondary[i])
        sub._colour_names = list(self._colour_names)
        sub._colour_index = dict(self._colour_index)
        for o in kept:
            sub._options.append(tuple([new[i] for i in self._options[o]]))
            sub._colours.append(self._colours[o])
        if self._costs is not None:
            sub._costs = [self._costs[o] for o in kept]
        if self.sweep:
            sub.sweep = [name for name in self.sweep if name in sub._index]
        return sub

    @property
    def has_colours(self) -> bool:
        """Whether any option gives a secondary item a colour."""
        return len(self._colour_names) > 1

    @property
    def colour_names(self) -> list[str]:
        """Colour id -> its name (id 0, no colour, is the empty name)."""
        return list(self._colour_names)

    def violation(self, options: Iterable[int]) -> str | None:
        """Why the options are not a solution (an item covered too often or too
        seldom, an option that does not exist), or None when they are one.

        >>> from cpuzzler import ExactCover

        >>> xc = ExactCover(primary=["a", "b"])
        >>> _ = xc.add_option(["a"]), xc.add_option(["a", "b"])
        >>> xc.violation([1]), xc.violation([0]), xc.violation([0, 1])
        (None, "item 'b' is covered 0 times, not 1", "item 'a' is covered 2 times, not 1")
        """
        used = [0] * len(self._names)
        colour: dict[int, int] = {}  # secondary item -> the colour its first holder gave it
        for o in options:
            if not 0 <= o < len(self._options):
                return f"there is no option {o}"
            for i, c in zip(self._options[o], self._colours[o] or [0] * len(self._options[o]),
                            strict=True):
                if c and colour.setdefault(i, c) != c:
                    return (f"item {self._names[i]!r} is given two colours, "
                            f"{self._colour_names[colour[i]]} and {self._colour_names[c]}")
                used[i] += not c  # coloured holders share the item: they do not count
        for i in colour:
            if used[i]:
                return f"item {self._names[i]!r} is held both with and without a colour"
        for i, name in enumerate(self._names):
            lo, hi = self.bounds(name)
            if not lo <= used[i] <= hi:
                wanted = f"{lo}" if lo == hi else f"{lo} to {hi}"
                return f"item {name!r} is covered {used[i]} times, not {wanted}"
        return None

    def item_options(self) -> list[list[int]]:
        """Per item index, the options that contain it, in increasing order."""
        containing: list[list[int]] = [[] for _ in self._names]
        for o, items in enumerate(self._options):
            for i in items:
                containing[i].append(o)
        return containing

    def first_in_sweep(self, sweep: Sequence[int]) -> list[int]:
        """Per option, the position in ``sweep`` (item indices) of its first item there;
        ``len(sweep)`` for an option with no item in it. Ordering options by it (ties by
        index) is the decision diagrams' variable order along a sweep.

        >>> from cpuzzler import ExactCover

        >>> xc = ExactCover(primary=["a", "b", "c"])
        >>> _ = xc.add_option(["a", "c"]), xc.add_option(["b"]), xc.add_option(["c"])
        >>> xc.first_in_sweep([2, 1]), xc.first_in_sweep([0])
        ([0, 1, 0], [0, 1, 1])
        """
        position = {item: p for p, item in enumerate(sweep)}
        return [min((position[i] for i in items if i in position), default=len(sweep))
                for items in self._options]

    def item_arrays(self) -> tuple[list[int], list[int], list[bool]]:
        """Per item index: lo bounds, hi bounds, and whether it is secondary.

        The bounds are the effective ones engines search with: an item in ``d`` options can
        be covered at most ``d`` times, so any bound above ``d + 1`` is cut to ``d + 1``
        (``hi`` above ``d`` cannot be reached; ``lo`` above ``d`` cannot be met either way).
        The solutions are the same, and every bound fits a machine word.

        >>> from cpuzzler import ExactCover

        >>> xc = ExactCover(primary=["x"], bounds={"x": (2**70, 2**80)})
        >>> xc.add_option(["x"])
        0
        >>> xc.item_arrays(), xc.bounds("x") == (2**70, 2**80), xc.count()
        (([2], [2], [False]), True, 0)
        """
        degree = [0] * len(self._names)
        for items in self._options:
            for i in items:
                degree[i] += 1
        lo = [min(b, d + 1) for b, d in zip(self._lo, degree, strict=True)]
        hi = [min(b, d + 1) for b, d in zip(self._hi, degree, strict=True)]
        return lo, hi, list(self._secondary)
