"""The exact-cover problem: items, options, and what counts as a solution.

A solution is a set of distinct options such that every primary item with bounds
``lo:hi`` is covered at least ``lo`` and at most ``hi`` times (1:1 unless declared
otherwise) and every secondary item at most once, unless it is given a colour: options
may name a secondary item with a colour, ``("x", "red")`` (Knuth's ``x:red``), and then
any number of chosen options may hold it, if all give it the same colour (exact cover
with colours, XCC). Solutions are sets: the same options chosen in another order are the
same solution. Every engine takes this plain data and reports each solution as a sorted
tuple of option indices.

>>> xc = ExactCover(primary=["A", "B", "C"], secondary=["x"])
>>> xc.add_option(["A", "x"]), xc.add_option(["B", "C"]), xc.add_option(["A", "B", "C"])
(0, 1, 2)
>>> xc.count()
2
>>> [[xc.option(i) for i in sol] for sol in xc.solve()]
[[('A', 'x'), ('B', 'C')], [('A', 'B', 'C')]]
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from os import PathLike
from typing import TYPE_CHECKING, Any

from cpuzzler.errors import ExactCoverError
from cpuzzler.jobs import JOBS
from cpuzzler.results import (
    LIMIT,
    Clock,
    Count,
    DiagramResult,
    EstimateResult,
    Optimum,
    RunDeadline,
    Stats,
    SymmetryResult,
    checked_limits,
)

if TYPE_CHECKING:
    import networkx

Bounds = tuple[int, int]


CPSAT_MOST_WEIGHT = 2**53  # the weights CP-SAT's objective holds in all, with room

class ExactCover:
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
        bounds = dict(bounds or {})
        for name in primary:
            lo, hi = bounds.pop(name, (1, 1))
            self.add_item(name, lo=lo, hi=hi)
        for name in secondary:
            self.add_item(name, secondary=True)
        if bounds:
            unknown = ", ".join(sorted(map(str, bounds)))
            raise ExactCoverError(f"bounds given for items that are not primary: {unknown}")
        self.stats = Stats()
        self.sweep: list[str] | None = None  # the memo engine's item order, if a model has one
        self._symmetries: SymmetryResult | None = None  # found once, forgotten on a change

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
        self._symmetries = self._names_read = None
        self._index[name] = len(self._names)
        self._names.append(name)
        self._lo.append(lo)
        self._hi.append(hi)
        self._secondary.append(secondary)
        return len(self._names) - 1

    def add_option(self, items: Iterable[str | tuple[str, str]]) -> int:
        """Add an option covering the named items; return its index. A secondary item
        may come with a colour, as ``(name, colour)``.

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
        self._symmetries = None
        self._options.append(indices)
        self._colours.append(colours if colours and any(colours) else None)
        return len(self._options) - 1

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

    def with_options(self, kept: Iterable[int]) -> ExactCover:
        """The same items (and sweep) with only the options ``kept``, in that order."""
        xc = ExactCover()
        for name in self._names:
            if self.is_secondary(name):
                xc.add_item(name, secondary=True)
            else:
                lo, hi = self.bounds(name)
                xc.add_item(name, lo=lo, hi=hi)
        for o in kept:
            xc.add_option(self.option_entries(o))
        xc.sweep = self.sweep
        return xc

    def part(self, items: Sequence[tuple[int, int, int]], kept: Iterable[int]) -> ExactCover:
        """A sub-problem, built without checks (``subproblems`` knows its parts fit): the
        items ``(index, lo, hi)`` in that order, each keeping its name and kind, and the
        options ``kept``, which must name no other item; the sweep follows.

        >>> xc = ExactCover(primary=["a", "b"], secondary=["x"])
        >>> _ = xc.add_option(["a", "x"]), xc.add_option(["b"]), xc.add_option(["a", "b"])
        >>> sub = xc.part([(1, 1, 1), (2, 1, 1)], [1])
        >>> sub.items, sub.option(0), sub.count()
        (('b', 'x'), ('b',), 1)
        """
        sub = ExactCover()
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

    def __repr__(self) -> str:
        return (
            f"ExactCover({len(self.primary)} primary, {len(self.secondary)} secondary items, "
            f"{len(self._options)} options)"
        )

    # --- solving -----------------------------------------------------------------------

    def solve(
        self, limit: int | None = None, *, engine: str | None = None,
        time_limit: float | None = None, symmetry: str = "raw", where: Iterable[Any] = (),
        **options: Any,
    ) -> Iterator[tuple[int, ...]]:
        """Yield solutions as sorted tuples of option indices, at most ``limit`` of them;
        with ``symmetry="unique"``, the first found of each class of solutions equal up
        to the problem's symmetries; ``where=[Symmetric("any")]``
        (``cpuzzler.constraints``): only those a symmetry other than the identity maps
        onto themselves.

        ``self.stats`` tells why the search stopped once the iterator is exhausted.
        ``options`` go to the engine (``kernel=`` for dlx; ``solver=``, ``encoding=`` for
        sat; ``workers=`` for cpsat).

        >>> from cpuzzler.models import queens
        >>> len(list(queens(8).solve(symmetry="unique")))
        12
        """
        time_limit, options = checked_limits(time_limit, options)
        if symmetry not in ("raw", "unique"):
            raise ExactCoverError(f"unknown symmetry {symmetry!r} for an exact cover: "
                                  "unique or raw")
        where = list(where)
        if (limit is not None and limit <= 0) or (symmetry == "raw" and not where):
            return self._solve(limit, engine, time_limit, options)
        if symmetry == "raw":  # and constraints
            found: Iterator[tuple[int, ...]] = JOBS["symmetric_solutions"](
                self, where, engine=engine, time_limit=time_limit, options=options,
                limit=limit)
            return found
        return self._solve_unique(limit, engine, Clock(time_limit), options, where)

    def _solve_unique(self, limit: int | None, engine: str | None, clock: Clock,
                      options: dict[str, Any], where: Sequence[Any]
                      ) -> Iterator[tuple[int, ...]]:
        group, seen = self.symmetries(budget=self._symmetry_budget(clock.left())), set()
        first_only = 1 if limit == 1 else None  # the first solution is its class's first
        found = (JOBS["symmetric_solutions"](self, where, engine=engine,
                                             time_limit=clock.left(), options=options,
                                             limit=first_only) if where else
                 self._solve(first_only, engine, clock.left(), options))
        for solution in found:
            name = group.canonical(solution)
            if name not in seen:
                seen.add(name)
                yield solution
                if limit is not None and len(seen) >= limit:
                    self.stats.reason = LIMIT
                    return

    def _solve(self, limit: int | None, engine: str | None, time_limit: float | None,
               options: dict[str, Any]) -> Iterator[tuple[int, ...]]:
        run = JOBS["engine"](engine)
        self.stats = stats = Stats(engine=run.NAME)
        start = time.perf_counter()
        found = 0
        try:
            if limit is not None and limit <= 0:
                stats.reason = LIMIT
                return
            for solution in run.solve(self, stats=stats, time_limit=time_limit, limit=limit,
                                      **options):
                found += 1
                stats.solutions = found
                if limit is not None and found >= limit:
                    stats.reason = LIMIT  # before the yield: a caller may take no more
                    yield solution
                    return
                yield solution
        finally:
            stats.seconds = time.perf_counter() - start

    def first(self, *, engine: str | None = None, where: Iterable[Any] = ()
              ) -> tuple[int, ...] | None:
        """The first solution found (that the constraints ``where`` allow, see
        ``solve``), or ``None`` when there is none."""
        return next(iter(self.solve(1, engine=engine, where=where)), None)

    def count(self, *, engine: str | None = None, time_limit: float | None = None,
              symmetry: str = "unique", where: Iterable[Any] = (), **options: Any) -> Count:
        """The number of solutions, each class of solutions equal up to the problem's
        symmetries once (``symmetries()``; see ``count_both``), as every count in
        cpuzzler by default; ``symmetry="raw"``: every solution; ``where``: of those the
        constraints allow (see ``solve``). ``.complete`` is false if a limit cut the
        search short.

        >>> from cpuzzler.constraints import Symmetric
        >>> from cpuzzler.models import queens
        >>> queens(8).count(), queens(8).count(symmetry="raw")
        (12, 92)
        >>> queens(8).count(where=[Symmetric("any")])  # fixed by a half turn
        1
        """
        time_limit, options = checked_limits(time_limit, options)
        if where := list(where):
            counted: Count = JOBS["count_symmetric"](
                self, where, symmetry=symmetry, engine=engine, time_limit=time_limit,
                options=options)
            return counted
        if symmetry != "raw":
            return self.count_both(symmetry=symmetry, engine=engine, time_limit=time_limit,
                                   **options)[0]
        run = JOBS["engine"](engine)
        self.stats = stats = Stats(engine=run.NAME)
        start = time.perf_counter()
        total = run.count(self, stats=stats, time_limit=time_limit, **options)
        stats.seconds = time.perf_counter() - start
        stats.solutions = total
        return Count(total, stats.reason)

    def best(self, weights: Sequence[int], *, maximize: bool = True,
             engine: str | None = None, time_limit: float | None = None,
             **options: Any) -> Optimum[tuple[int, ...]]:
        """The solution whose chosen options' ``weights`` (whole numbers, one per option)
        sum to the most (``maximize=False``: the least): CP-SAT's objective by default
        (MaxSAT where the weights pass its 64-bit objective), ``engine="sat"``
        python-sat's RC2 MaxSAT; any other engine lists every solution and keeps the
        best (``engines.optimum``). ``.optimal`` is false where a time limit stopped the
        proof.

        >>> xc = ExactCover(primary=["a", "b"])
        >>> xc.add_option(["a", "b"]), xc.add_option(["a"]), xc.add_option(["b"])
        (0, 1, 2)
        >>> xc.best([3, 1, 1]), xc.best([3, 1, 1], maximize=False, engine="dlx").value
        (Optimum(solution=(0,), value=3, optimal=True, reason='done'), 2)
        """
        time_limit, options = checked_limits(time_limit, options)
        weights = list(weights)
        if len(weights) != self.num_options:
            raise ExactCoverError(f"best: give one whole-number weight per option "
                                  f"({self.num_options}), not {len(weights)} values")
        odd = next((w for w in weights if not isinstance(w, int) or isinstance(w, bool)),
                   None)
        if odd is not None:
            raise ExactCoverError(f"best: weights are whole numbers, not {odd!r} (option "
                                  f"{weights.index(odd)})")
        found: Optimum[tuple[int, ...]] = JOBS["best"](self, weights, maximize, engine,
                                                       time_limit, options)
        return found

    def sample(self, k: int, *, seed: int = 0, time_limit: float | None = None,
               distinct: bool = False, **options: Any) -> list[tuple[int, ...]]:
        """``k`` solutions drawn uniformly at random among all of them, reproducibly by
        ``seed``, with replacement: each draw independent, so one may come more than once
        (2000 draws of the pentominoes 6x10's 9356 tilings hold about 1780 different
        ones); by the memo engine's table (``options`` go to it, e.g. ``memory=``). With
        ``distinct``, ``k`` different solutions (all where there are fewer), drawn from
        the decision diagram (``diagram()``; ``memory=`` bounds it).

        >>> from cpuzzler.models import queens
        >>> xc = queens(8)
        >>> draws = xc.sample(3, seed=1)
        >>> len(draws), draws == xc.sample(3, seed=1), all(len(d) == 8 for d in draws)
        (3, True, True)
        """
        time_limit, options = checked_limits(time_limit, options)
        if distinct:
            unknown = set(options) - {"memory"}
            if unknown:
                raise ExactCoverError(f"distinct samples come from the decision diagram, "
                                      f"which takes memory= only, not {sorted(unknown)}")
            diagram = self.diagram(memory=options.get("memory"), time_limit=time_limit)
            return diagram.sample(k, seed=seed, distinct=True)
        self.stats = stats = Stats(engine="memo")
        start = time.perf_counter()
        draws: list[tuple[int, ...]] = JOBS["sample"](
            self, k, seed=seed, stats=stats, time_limit=time_limit, **options)
        stats.seconds = time.perf_counter() - start
        return draws

    def estimate(self, probes: int = 20000, *, seed: int = 1, breadth: int = 1,
                 time_limit: float | None = None, **options: Any) -> EstimateResult:
        """Estimates of the number of solutions and of the search tree's nodes, with
        their standard errors, from ``probes`` random probes (Knuth's; ``breadth`` > 1:
        Purdom's partial backtracking), and the native engine's projected time (see
        ``cpuzzler.engines.estimate``); with ``layer_states=N``, also from sweeps of the
        frontier engine's layers sampled down to about N states each.

        >>> from cpuzzler.models import queens
        >>> guess = queens(6).estimate(probes=500, seed=1, rate=False)
        >>> guess.probes, guess.successes > 0, abs(guess.solutions - 4) < 4 * guess.solutions_error
        (500, True, True)
        """
        self.stats = stats = Stats(engine="estimate")
        start = time.perf_counter()
        guess: EstimateResult = JOBS["estimate"](self, probes, seed=seed, breadth=breadth,
                                           stats=stats, time_limit=time_limit, **options)
        stats.seconds = time.perf_counter() - start
        return guess

    def diagram(self, order: Sequence[str] | None = None, *, memory: float | None = None,
                time_limit: float | None = None) -> DiagramResult:
        """The zero-suppressed decision diagram of all solutions (``cpuzzler.engines.diagram``):
        counts, marginals, conditioned and weighted counts, best solutions and samples
        in one pass each, without searching again. ``memory`` (bytes) and
        ``time_limit`` (seconds) bound the build: past either, an error.

        >>> from cpuzzler.models import queens
        >>> d = queens(8).diagram()
        >>> d.count(), sum(d.marginals())
        (92, 736)
        """
        made: DiagramResult = JOBS["diagram"](self, order, memory=memory, time_limit=time_limit)
        return made

    def symmetries(self, *, budget: float | None = None) -> SymmetryResult:
        """The problem's symmetry group, found from the problem itself (nauty) within
        ``budget`` seconds (see ``cpuzzler.symmetry.automorphisms``); kept until the problem
        changes. Where no search was made or it did not finish, the group is trivial and
        its ``note`` says why.

        >>> from cpuzzler.models import queens
        >>> queens(8).symmetries().order
        8
        """
        known = self._symmetries
        if known is None or (known.note and "budget" in known.note):
            known = self._symmetries = JOBS["symmetries"](self, budget=budget)
        return known

    def _symmetry_budget(self, time_limit: float | None) -> float | None:
        return JOBS["symmetry_budget"](time_limit)  # type: ignore[no-any-return]

    def graph(self) -> networkx.Graph[tuple[str | int, ...]]:
        """The item-option incidence graph (networkx), the graph whose automorphisms are
        the problem's symmetries."""
        graph: networkx.Graph[tuple[str | int, ...]] = JOBS["graph"](self)
        return graph

    def count_both(self, *, symmetry: str = "unique", engine: str | None = None,
                   time_limit: float | None = None, method: str | None = None,
                   **options: Any) -> tuple[Count, Count]:
        """(the count asked for, the raw count). ``symmetry="unique"`` counts each class of
        solutions equal up to the problem's symmetries (``symmetries()``) once, by the
        symmetry reduction where an item allows it, else (or with ``method="dedup"``) by
        listing every solution and naming its class; on the counting engines (memo,
        frontier, auto) by default with ``method="burnside"``: the solutions each
        symmetry fixes, counted (``stats.fixed``); ``"raw"`` counts them all.

        >>> from cpuzzler.models import queens
        >>> queens(8).count_both()
        (12, 92)
        """
        time_limit, options = checked_limits(time_limit, options)
        if symmetry == "raw":
            raw = self.count(engine=engine, time_limit=time_limit, symmetry="raw", **options)
            return raw, raw
        if symmetry != "unique":
            raise ExactCoverError(f"unknown symmetry {symmetry!r} for an exact cover: "
                                  "unique or raw")
        clock = Clock(time_limit)

        def count() -> tuple[Count, Count]:
            group = self.symmetries(budget=self._symmetry_budget(time_limit))
            counts: tuple[Count, Count] = JOBS["count_unique"](
                self, group, method=method, engine=engine, time_limit=clock.left(),
                **options)
            return counts

        # finding the group and building quotients is part of the limit
        return RunDeadline.counts_within(time_limit, count)

    def subproblems(self, depth: int = 1) -> list[Subproblem]:
        """Independent sub-problems whose counts add up to this problem's count.

        Each is a ``cpuzzler.parts.split.Subproblem``: a smaller ``problem``, the
        ``fixed`` options chosen to reach it, and ``original(solution)`` to map back.
        """
        parts: list[Subproblem] = JOBS["split"](self, depth)
        return parts

    # --- files ---------------------------------------------------------------------------

    @classmethod
    def from_dlx(cls, path: str | PathLike[str]) -> ExactCover:
        """Read Knuth's DLX text format from a file."""
        problem: ExactCover = JOBS["read_dlx"](path)
        return problem

    @classmethod
    def from_dlx_text(cls, text: str, *, path: str = "<string>") -> ExactCover:
        """Read Knuth's DLX text format from a string."""
        problem: ExactCover = JOBS["parse_dlx"](text, path=path)
        return problem

    def to_dlx(self, path: str | PathLike[str] | None = None) -> str:
        """Write Knuth's DLX text format; return the text (and write it to ``path`` if given)."""
        text: str = JOBS["format_dlx"](self)
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return text


@dataclass(frozen=True)
class Subproblem:
    """A part of a problem (``ExactCover.subproblems``, made by ``parts.split``): a reduced
    problem, the original options fixed to reach it, and an index map."""

    problem: ExactCover
    fixed: tuple[int, ...]
    options: tuple[int, ...]  # options[k]: the original index of the problem's option k

    def original(self, solution: tuple[int, ...]) -> tuple[int, ...]:
        """A solution of ``problem`` as a solution (option indices) of the original."""
        return tuple(sorted(self.fixed + tuple(self.options[o] for o in solution)))


__all__ = ["ExactCover", "Subproblem"]
