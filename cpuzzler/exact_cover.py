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
from typing import TYPE_CHECKING, Any, Literal, overload

from cpuzzler.errors import ExactCoverError
from cpuzzler.jobs import JOBS
from cpuzzler.matrix import Bounds, Matrix
from cpuzzler.results import (
    LIMIT,
    Clock,
    Count,
    DiagramResult,
    EstimateResult,
    Hints,
    Optimum,
    ReducedResult,
    RunDeadline,
    Stats,
    SymmetryResult,
    Uniqueness,
    checked_limits,
    checked_where,
)

if TYPE_CHECKING:
    import networkx



CPSAT_MOST_WEIGHT = 2**53  # the weights CP-SAT's objective holds in all, with room


class ExactCover(Matrix):
    """An exact-cover problem: the matrix (``matrix.Matrix``: items, with optional
    ``lo:hi`` bounds, secondary items, options over them) and what is asked of it: one
    solution, all, the count, the best, a sample, its symmetries; whether the solution
    is unique and the fewest hints that make it so (``cpuzzler.uniqueness``)."""

    def __init__(
        self,
        primary: Iterable[str] = (),
        secondary: Iterable[str] = (),
        bounds: Mapping[str, Bounds] | None = None,
    ) -> None:
        self._symmetries: SymmetryResult | None = None  # found once, forgotten on a change
        super().__init__(primary, secondary, bounds)
        self.stats = Stats()

    def _changed(self) -> None:
        super()._changed()
        self._symmetries = None

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
        """Yield solutions as sorted tuples of option indices, at most ``limit`` of them:
        all of them by default (``"raw"``, unlike ``count``, whose default is
        ``"unique"``: a listing starts at once, no symmetry search first); with
        ``symmetry="unique"``, the first found of each class of solutions equal up
        to the problem's symmetries; ``where=[Symmetric("any")]``
        (``cpuzzler.constraints``): only those a symmetry other than the identity maps
        onto themselves.

        ``self.stats`` tells why the search stopped once the iterator is exhausted.
        ``options`` go to the engine (``kernel=`` for dlx; ``solver=``, ``encoding=`` for
        sat; ``workers=`` for cpsat).

        >>> from cpuzzler.models import queens
        >>> len(list(queens(8).solve(symmetry="unique")))
        12
        >>> len(list(queens(8).solve())), queens(8).count()  # the defaults differ
        (92, 12)
        """
        time_limit, options = checked_limits(time_limit, options)
        if symmetry not in ("raw", "unique"):
            raise ExactCoverError(f"unknown symmetry {symmetry!r} for an exact cover: "
                                  "unique or raw")
        where = list(checked_where(where))
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
        if where := list(checked_where(where)):
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

    @overload
    def best(self, weights: Sequence[int] | None = None, *, maximize: bool | None = None,
             engine: str | None = None, time_limit: float | None = None,
             k: Literal[1] = 1, **options: Any) -> Optimum[tuple[int, ...]]: ...

    @overload
    def best(self, weights: Sequence[int] | None = None, *, maximize: bool | None = None,
             engine: str | None = None, time_limit: float | None = None,
             k: int, **options: Any) -> list[Optimum[tuple[int, ...]]]: ...

    def best(self, weights: Sequence[int] | None = None, *, maximize: bool | None = None,
             engine: str | None = None, time_limit: float | None = None, k: int = 1,
             **options: Any) -> Optimum[tuple[int, ...]] | list[Optimum[tuple[int, ...]]]:
        """The solution whose chosen options' ``weights`` (whole numbers, one per option)
        sum to the most (``maximize=False``: the least); without ``weights``, the options'
        ``costs`` (a DLX file's, as Knuth's DLX5 reads them), summing to the least
        unless ``maximize=True``. By default the native branch and bound
        (``engines.cheapest``: DLX5's method) where every primary item is covered once
        and there are no colours, else CP-SAT's objective (MaxSAT where the weights pass
        its 64-bit objective); ``engine="sat"``
        python-sat's RC2 MaxSAT; any other engine lists every solution and keeps the
        best (``engines.optimum``). ``.optimal`` is false where a time limit stopped the
        proof. ``k`` > 1: the k best, a list in order of value, each proven the next
        best (``engines.optimum.k_best``: ties in the order found; listing engines by
        their options).

        >>> xc = ExactCover(primary=["a", "b"])
        >>> xc.add_option(["a", "b"]), xc.add_option(["a"]), xc.add_option(["b"])
        (0, 1, 2)
        >>> xc.best([3, 1, 1]), xc.best([3, 1, 1], maximize=False, engine="dlx").value
        (Optimum(solution=(0,), value=3, optimal=True, reason='done'), 2)
        """
        time_limit, options = checked_limits(time_limit, options)
        if weights is None:
            if self.costs is None:
                raise ExactCoverError("best: give weights (one per option); this problem "
                                      "has no costs (a DLX file's '|n' tokens) to use")
            weights, maximize = self.costs, bool(maximize)
        weights = list(weights)
        maximize = True if maximize is None else maximize
        if len(weights) != self.num_options:
            raise ExactCoverError(f"best: give one whole-number weight per option "
                                  f"({self.num_options}), not {len(weights)} values")
        odd = next((w for w in weights if not isinstance(w, int) or isinstance(w, bool)),
                   None)
        if odd is not None:
            raise ExactCoverError(f"best: weights are whole numbers, not {odd!r} (option "
                                  f"{weights.index(odd)})")
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise ExactCoverError(f"best: k is how many best solutions, a whole number "
                                  f">= 1, not {k!r}")
        if k > 1:
            ranked: list[Optimum[tuple[int, ...]]] = JOBS["k_best"](
                self, weights, maximize, engine, time_limit, options, k)
            return ranked
        found: Optimum[tuple[int, ...]] = JOBS["best"](self, weights, maximize, engine,
                                                       time_limit, options)
        return found

    def unique(self, *, symmetry: str = "unique", engine: str | None = None,
               time_limit: float | None = None, where: Iterable[Any] = (), **options: Any
               ) -> Uniqueness[tuple[int, ...]]:
        """Whether there is exactly one solution (up to the problem's symmetries, or
        ``symmetry="raw"``): the search stops at the second (``cpuzzler.uniqueness``).
        ``.unique``, ``.solutions`` (the one, or two different ones), ``.witness()``.

        >>> from cpuzzler.models import queens
        >>> queens(6).unique().unique, queens(6).unique(symmetry="raw").unique
        (True, False)
        """
        time_limit, options = checked_limits(time_limit, options)
        found: Uniqueness[tuple[int, ...]] = JOBS["unique"](
            self, symmetry, engine, time_limit, list(checked_where(where)), options)
        return found

    def hints(self, options: Iterable[int], *, minimal: bool = False,
              engine: str | None = None, **engine_options: Any) -> Hints:
        """The fewest of a solution's ``options`` (indices, as ``solve`` yields them)
        that, given in advance, leave it the only solution, proven (``.optimal``); with
        ``minimal``, quickly, a set in which every hint is needed (``uniqueness.hints``).

        >>> from cpuzzler.models import queens
        >>> queens(6).hints(queens(6).first())  # one queen placed fixes the other five
        (24,)
        """
        found: Hints = JOBS["hints"](self, list(options), minimal, engine, engine_options)
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

    def reduced(self, *, depth: int = 0) -> ReducedResult:
        """This problem without the options in no solution that probes find and without
        the items other items imply (``cpuzzler.presolve``: Knuth's DLX-PRE's rules, and
        probes that follow forced choices, ``depth`` levels of branching below them):
        ``.problem``, ``.options`` (the original index of each of its options),
        ``.original(solution)`` and ``.to_dlx()`` with DLX-PRE's ``(from k)`` tags.

        >>> from cpuzzler.models import queens
        >>> reduced = queens(4).reduced()
        >>> reduced.problem.num_options, reduced.problem.count(symmetry="raw")
        (8, 2)
        """
        made: ReducedResult = JOBS["reduce"](self, depth=depth)
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
