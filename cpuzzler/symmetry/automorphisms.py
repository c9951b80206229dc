"""The symmetries of any exact-cover problem, found from the problem itself.

A symmetry maps items to items and options to options so that which option holds which
item is kept: an automorphism of the item-option incidence graph. Primary items of equal
bounds may map to each other, secondary items to secondary items; a coloured entry is a
vertex of its own between the option and the item (colours are names: renaming them
consistently is a symmetry too); items that every option holds alike are one vertex, so
the group acts faithfully on the options. nauty (through pynauty), in a child process
under a time budget, finds generators, the group's order and its orbits without listing
it; sympy's permutation groups (Schreier-Sims) serve where a stabiliser is needed. A DLX
or DPF file carries no geometry, yet its symmetry is there: 48 for the Soma matrix, 8
for the eight queens, 3072 for the empty 4x4 Sudoku.

Solutions equal up to a symmetry are one solution, counted by one of two routes, as for
tilings. ``reduce``: where a primary item covered exactly once has a set of options that
every symmetry maps onto itself (a piece of a tiling written as a DLX file), only one
option of each orbit is kept for it; an orbit as large as the group gives each class
once, and a representative that some symmetries fix is searched alone, each solution
kept when least among its images under those symmetries. ``dedup``, the slow oracle:
every solution is listed and ``canonical`` names its class, as the least image under the
group where the group is small enough to list (``LISTED``), else by nauty's canonical
labelling of the graph with the solution's options marked, which holds only generators
however large the group (the 9x9 Sudoku's 1.2 x 10^12).

>>> from cpuzzler.models import queens
>>> group = symmetries(queens(8))
>>> group.order, len({group.canonical(s) for s in queens(8).solve()})
(8, 12)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from cpuzzler.errors import ExactCoverError
from cpuzzler.jobs import JOBS
from cpuzzler.results import DONE, INTERRUPTED, LIMIT, Count

if TYPE_CHECKING:
    import networkx

    from cpuzzler.exact_cover import ExactCover

LISTED = 20000  # groups up to this order are listed for canonical forms
Permutation = tuple[int, ...]  # p[k]: option k's image


def _vertices(xc: ExactCover) -> tuple[int, dict[int, list[int]], list[set[int]]]:
    """The incidence graph for nauty: the number of vertices, adjacency and the parts of
    the vertex colouring. Options are 0 .. M-1, then one vertex per
    class of twin items (items of equal bounds that every option holds alike, which no
    symmetry of the options can tell apart: one vertex stands for them all, coloured by
    how many they are, so that the group nauty finds acts faithfully on the options),
    then one vertex per coloured (item, colour) pair."""
    n_options = xc.num_options
    lo, hi, secondary = xc.item_arrays()
    plain: list[list[int]] = [[] for _ in xc.items]
    coloured: list[dict[int, list[int]]] = [{} for _ in xc.items]
    for o in range(n_options):
        colours = xc.option_colours(o) or (0,) * len(xc.option_items(o))
        for i, c in zip(xc.option_items(o), colours, strict=True):
            if c:
                coloured[i].setdefault(c, []).append(o)
            else:
                plain[i].append(o)
    Signature = tuple[tuple[str] | tuple[int, int], tuple[int, ...], frozenset[tuple[int, ...]]]
    twins: dict[Signature, list[int]] = {}
    for i in range(len(xc.items)):
        kind = ("secondary",) if secondary[i] else (lo[i], hi[i])
        signature = (kind, tuple(plain[i]), frozenset(tuple(v) for v in coloured[i].values()))
        twins.setdefault(signature, []).append(i)
    adjacency: dict[int, list[int]] = {}
    kinds: dict[Any, set[int]] = {}
    item_vertex = [0] * len(xc.items)
    n = n_options
    for (kind, options, _), members in twins.items():
        for i in members:
            item_vertex[i] = n
        kinds.setdefault((kind, len(members)), set()).add(n)
        adjacency[n] = list(options)
        n += 1
    pairs: set[int] = set()
    for members in twins.values():
        for in_colour in coloured[members[0]].values():
            adjacency[n] = [item_vertex[members[0]], *in_colour]
            pairs.add(n)
            n += 1
    parts = [set(range(n_options)), *kinds.values()]
    if pairs:
        parts.append(pairs)
    return n, adjacency, parts


def incidence_graph(xc: ExactCover) -> networkx.Graph[tuple[str | int, ...]]:
    """The item-option incidence graph as a networkx graph, for research scripts: nodes
    ``("item", name)`` (attribute ``kind``: primary with its bounds, or secondary),
    ``("option", k)``, and ``("colour", name, colour)`` between an item and the options
    that give it that colour.

    >>> from cpuzzler.models import queens
    >>> graph = incidence_graph(queens(4))
    >>> graph.number_of_nodes(), graph.number_of_edges()
    (38, 64)
    """
    import networkx

    graph: networkx.Graph[tuple[str | int, ...]] = networkx.Graph()
    for name in xc.items:
        kind = "secondary" if xc.is_secondary(name) else f"primary {xc.bounds(name)}"
        graph.add_node(("item", name), kind=kind)
    names, item_names = xc.colour_names, xc.items
    for o in range(xc.num_options):
        graph.add_node(("option", o), kind="option")
        colours = xc.option_colours(o) or (0,) * len(xc.option_items(o))
        for i, c in zip(xc.option_items(o), colours, strict=True):
            item = ("item", item_names[i])
            if c:
                pair = ("colour", item_names[i], names[c])
                graph.add_node(pair, kind="colour")
                graph.add_edge(item, pair)
                graph.add_edge(("option", o), pair)
            else:
                graph.add_edge(("option", o), item)
    return graph


SEARCH_BUDGET = 2.0  # seconds for nauty when no time limit says otherwise (catalog-sized
#                     problems take it 0.01-0.2 s; the largest, 12,000 vertices, 8 s)
MAX_VERTICES = 30_000  # pynauty's graphs are dense: n^2 bits; past ~40,000 it crashed
MAX_ENTRIES = 2_000_000  # option entries read into the graph at most
MAX_GENERATOR_POINTS = 4_000_000  # generators x vertices handed back by the search


def budget_for(time_limit: float | None) -> float | None:
    """The symmetry search's share of a time limit: a quarter, at most ``SEARCH_BUDGET``
    (``None``: no limit, the default budget).

    >>> budget_for(None), budget_for(4), budget_for(60)
    (None, 1.0, 2.0)
    """
    return None if time_limit is None else min(SEARCH_BUDGET, time_limit / 4)


class Symmetries:
    """The symmetry group of an exact-cover problem, acting on its options.

    The search runs in a child process under a time budget (``SEARCH_BUDGET`` seconds,
    or ``budget``), so a graph nauty cannot handle, a search that runs long, or Ctrl-C
    never takes the caller down: where no search is made or it does not finish, the
    group is the trivial one and ``note`` says why ("symmetry not searched: ...").
    ``order`` is exact up to 10^14 (``order_exact``), else nauty's estimate.
    """

    def __init__(self, xc: ExactCover, *, budget: float | None = None) -> None:
        self._xc = xc
        self.note: str | None = None
        self.generators: list[tuple[int, ...]] = []
        self.order, self.order_exact = 1, True
        self._orbit_of = list(range(xc.num_options))
        self._graph: tuple[int, dict[int, list[int]], list[set[int]]] | None = None
        entries = sum(len(xc.option_items(o)) for o in range(xc.num_options))
        if entries > MAX_ENTRIES:
            self.note = (f"symmetry not searched: {entries:,} entries are past the "
                         f"{MAX_ENTRIES:,} the search takes")
            return
        n, adjacency, parts = _vertices(xc)
        if n > MAX_VERTICES:
            self.note = (f"symmetry not searched: the graph of {n:,} vertices is past the "
                         f"{MAX_VERTICES:,} the search takes")
            return
        self._graph = (n, adjacency, parts)
        budget = SEARCH_BUDGET if budget is None else budget
        found = _in_child(lambda: _autgrp(n, adjacency, parts, xc.num_options), budget)
        if isinstance(found, str):
            self.note = f"symmetry not searched: {found}"
            return
        generators, size, exponent, orbits = found
        identity = tuple(range(xc.num_options))
        #: the generators as permutations of the options: ``p[k]`` is option k's image
        self.generators = sorted({g for g in generators if g != identity})
        self._orbit_of = orbits
        if not self.generators:
            return
        # nauty gives the order as size x 10^exponent, size a float below 10^10 (exact
        # while the exponent is 0); an int of the same value, exact up to 10^14 or so
        self._size, self._exponent = size, exponent
        self.order_exact = exponent + math.log10(size) < 14
        shift = min(exponent, 10)
        self.order = round(size * 10 ** shift) * 10 ** (exponent - shift)

    def __repr__(self) -> str:
        order = f"{self.order:,}" if self.order_exact else f"about {self.order:.3g}"
        said = f"; {self.note}" if self.note else ""
        return (f"Symmetries(order {order} on {self._xc.num_options:,} options, "
                f"{len(self.generators)} generators{said})")

    @cached_property
    def group(self) -> Any:
        """The group as a sympy ``PermutationGroup`` on the options (built on demand: for
        a large group on many options, Schreier-Sims takes long)."""
        from sympy.combinatorics import Permutation, PermutationGroup

        size = self._xc.num_options
        gens = [Permutation(list(g)) for g in self.generators] or [Permutation(size - 1)]
        return PermutationGroup(gens)

    def describe(self) -> str:
        """The order in words: "8 symmetries", "about 9.3 x 10^157 symmetries"."""
        if self.order_exact:
            return f"{self.order:,} {'symmetry' if self.order == 1 else 'symmetries'}"
        mantissa, exponent = f"{self._size:.2e}".split("e")
        return f"about {mantissa} x 10^{int(exponent) + self._exponent} symmetries"

    def option_orbits(self) -> list[set[int]]:
        """The options in classes of options that a symmetry maps onto each other."""
        orbits: dict[int, set[int]] = {}
        for o, rep in enumerate(self._orbit_of):
            orbits.setdefault(rep, set()).add(o)
        return list(orbits.values())

    def orbit(self, option: int) -> list[int]:
        """The options a symmetry maps ``option`` to, in order."""
        rep = self._orbit_of[option]
        return [o for o, r in enumerate(self._orbit_of) if r == rep]

    @cached_property
    def _elements(self) -> list[tuple[int, ...]]:
        return [tuple(p.array_form) for p in self.group.generate()]

    def elements(self) -> list[tuple[int, ...]]:
        """Every symmetry, as a permutation of the options (``p[k]``: option k's image),
        for groups of at most ``LISTED`` elements; an ``ExactCoverError`` past that."""
        if self.order == 1:
            return [tuple(range(self._xc.num_options))]
        if not self.order_exact or self.order > LISTED:
            raise ExactCoverError(f"the group of {self.describe()} is too large to list "
                                  f"(at most {LISTED:,})")
        return list(self._elements)

    def canonical(self, solution: Iterable[int]) -> tuple[int, ...]:
        """The same for every solution of one class: the least sorted image under the
        group, or (for groups past ``LISTED``) nauty's certificate of the graph with the
        solution's options marked."""
        chosen = tuple(sorted(solution))
        if self.order == 1:
            return chosen
        if self.order <= LISTED:
            return min(tuple(sorted(p[o] for o in chosen)) for p in self._elements)
        return self._certificate(chosen)

    def _certificate(self, chosen: tuple[int, ...]) -> tuple[int, ...]:
        import pynauty

        assert self._graph is not None
        n, adjacency, parts = self._graph
        marked = set(chosen)
        colouring = [parts[0] - marked, marked, *parts[1:]]
        graph = pynauty.Graph(n, adjacency_dict=adjacency, vertex_coloring=colouring)
        return tuple(pynauty.certificate(graph))

    def invariant_items(self) -> list[int]:
        """The primary 1:1 items whose options every symmetry maps among themselves."""
        lo, hi, secondary = self._xc.item_arrays()
        containing = self._xc.item_options()
        return [i for i in range(len(self._xc.items))
                if not secondary[i] and (lo[i], hi[i]) == (1, 1) and containing[i]
                and all({g[o] for o in containing[i]} == set(containing[i])
                        for g in self.generators)]


Automorphisms = tuple[list[tuple[int, ...]], float, int, list[int]]


def _autgrp(n: int, adjacency: dict[int, list[int]], parts: list[set[int]],
            n_options: int) -> Automorphisms | str:
    """nauty's answer, in the child: generators on the options, the group size as
    mantissa and power of ten, and each option's orbit's least option."""
    import pynauty

    graph = pynauty.Graph(n, adjacency_dict=adjacency, vertex_coloring=parts)
    generators, size, exponent, orbits, _ = pynauty.autgrp(graph)
    if len(generators) * n_options > MAX_GENERATOR_POINTS:
        return f"the group needs {len(generators):,} generators, too many to use"
    least: dict[int, int] = {}
    for o in range(n_options):
        least.setdefault(orbits[o], o)
    return ([tuple(g[:n_options]) for g in generators], size, exponent,
            [least[orbits[o]] for o in range(n_options)])


def _in_child(work: Callable[[], Automorphisms | str], budget: float
              ) -> Automorphisms | str:
    """``work()`` in a forked child process, its result pickled back; a message instead
    if it ran past ``budget`` seconds, crashed or ran out of memory. Ctrl-C here ends
    the child and reaches the caller."""
    import multiprocessing
    import pickle

    if budget <= 0:
        return "the time limit left no budget for the search"
    reader, writer = multiprocessing.Pipe(duplex=False)

    def child() -> None:
        import faulthandler
        import resource
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent answers Ctrl-C
        faulthandler.disable()  # a crash here is reported by the parent, in one line
        try:
            limit = 4 << 30  # memory the search may take beyond what the process has
            with open("/proc/self/statm") as statm:
                mapped = int(statm.read().split()[0]) * resource.getpagesize()
            resource.setrlimit(resource.RLIMIT_AS, (mapped + limit, mapped + limit))
        except (OSError, ValueError):
            pass
        try:
            result = work()
        except MemoryError:
            result = "the search ran out of memory"
        writer.send_bytes(pickle.dumps(result))

    process = multiprocessing.get_context("fork").Process(target=child, daemon=True)
    process.start()
    writer.close()
    try:
        if not reader.poll(budget):
            return f"the search ran past its {budget:.1f} s budget"
        result: Automorphisms | str = pickle.loads(reader.recv_bytes())
        return result
    except EOFError:
        return f"nauty failed (exit {process.exitcode})"
    finally:
        reader.close()
        if process.is_alive():
            process.kill()
        process.join()


def symmetries(xc: ExactCover, *, budget: float | None = None) -> Symmetries:
    """The symmetry group of ``xc`` (see the module's description)."""
    return Symmetries(xc, budget=budget)


def count_unique(xc: ExactCover, group: Symmetries, *, method: str | None = None,
                 engine: str | None = None, time_limit: float | None = None,
                 **options: Any) -> tuple[Count, Count]:
    """(unique, raw) counts of ``xc`` up to ``group``, by ``method`` (see the module's
    description; ``reduce`` falls back to ``dedup`` where no item allows it;
    ``burnside``, the default on the counting engines and on CP-SAT and SAT (whose
    default for tilings, lex-leader constraints, is a tiling's), counts what each
    symmetry fixes and keeps that in ``xc.stats.fixed``, and falls back to ``reduce``
    where the group is too large to list or a quotient is no exact cover of ours).

    >>> from cpuzzler.models import queens
    >>> xc = queens(6)
    >>> count_unique(xc, xc.symmetries(), engine="cpsat")
    (1, 4)
    """
    from cpuzzler.results import Clock, settled_method

    plan = _reduction(xc, group) if method != "dedup" and 1 < group.order <= LISTED else None
    asked = method
    method = settled_method(method, engine, lambda: plan is not None and not plan[2])
    if method == "lex" and asked is None:  # the lex leader is a tiling's: here the same
        method = "reduce" if plan is not None and not plan[2] else "burnside"  # engine
    if method not in ("reduce", "dedup", "burnside"):
        raise ExactCoverError(f"unknown method {method!r} for an exact cover: reduce, "
                              "dedup or burnside")
    if method == "burnside":
        counted = _count_fixed(xc, group, engine, time_limit, options)
        if counted is not None:
            return counted
        method = "reduce"
    if plan is None:
        return _dedup(xc, group, xc.solve(engine=engine, time_limit=time_limit, **options),
                      lambda: xc.stats.reason)
    item, free, fixed = plan
    containing, order, clock = xc.item_options(), group.order, Clock(time_limit)
    sub, kept = _restricted(xc, set(containing[item]), free)
    found = sub.count(engine=engine, time_limit=clock.left(), symmetry="raw", **options)
    unique, raw, reason = int(found), order * int(found), found.reason
    xc.stats = sub.stats  # the run that counted (its engine, what answered)
    if not fixed:  # no solution is its own image: say so
        from cpuzzler.symmetry.burnside import none_but_identity

        xc.stats.fixed = none_but_identity(group.elements(), Count(raw, reason))
    for rep in fixed:
        if reason != DONE:
            break
        sub, kept = _restricted(xc, set(containing[item]), [rep])
        stabiliser = [tuple(h.array_form) for h in group.group.stabilizer(rep).generate()]
        for chosen in sub.solve(engine=engine, time_limit=clock.left(), **options):
            solution = tuple(sorted(kept[o] for o in chosen))
            images = [tuple(sorted(h[o] for o in solution)) for h in stabiliser]
            if solution == min(images):
                unique += 1
                raw += order // images.count(solution)
        reason = DONE if sub.stats.reason == LIMIT else sub.stats.reason
    return Count(unique, reason), Count(raw, reason)


def _reduction(xc: ExactCover, group: Symmetries) -> tuple[int, list[int], list[int]] | None:
    """The reduction's plan: an item every symmetry keeps (the one with most of its
    options in orbits as large as the group), one option of each such orbit, one of each
    smaller orbit; None where no item is kept."""
    items = group.invariant_items()
    if not items:
        return None
    containing, order = xc.item_options(), group.order

    def orbits(i: int) -> list[list[int]]:
        left, found = set(containing[i]), []
        while left:
            orbit = group.orbit(min(left))
            found.append(orbit)
            left -= set(orbit)
        return found

    def free_share(i: int) -> tuple[int, int]:
        parts = orbits(i)
        return (sum(len(p) for p in parts if len(p) == order), -len(parts))

    item = max(items, key=free_share)
    parts = orbits(item)
    return (item, [p[0] for p in parts if len(p) == order],
            [p[0] for p in parts if len(p) < order])


def _count_fixed(xc: ExactCover, group: Symmetries, engine: str | None,
                 time_limit: float | None, options: dict[str, Any]
                 ) -> tuple[Count, Count] | None:
    """Unique and raw counts by Burnside's lemma, or None where it does not apply."""
    from cpuzzler.symmetry.burnside import count_by_burnside, count_by_classes

    if not group.order_exact:
        return None
    if group.order > LISTED:
        classes = product_classes(group)
        if classes is None:
            return None
        result = count_by_classes(xc, classes, group.order, engine=engine,
                                  time_limit=time_limit, **options)
    else:
        result = count_by_burnside(xc, group.elements(), engine=engine,
                                   time_limit=time_limit, **options)
    if result is None:
        return None
    xc.stats.fixed = result.fixed
    return result.unique, result.raw


def product_classes(group: Symmetries) -> list[tuple[Permutation, int, int]] | None:
    """The conjugacy classes of a group too large to list that is the direct product of
    groups small enough to (its generators fall into sets that commute with each other,
    and the orders of the sets' groups multiply to the group's): each class as (one
    element, its order, its size), the identity first, as products of the factors'
    classes. None where the group is no such product. The empty 6x6 Sudoku's 2,488,320
    symmetries are the digits' 720 times the rows' 48 times the columns' 72: 990 classes.

    >>> from cpuzzler.models import queens
    >>> product_classes(symmetries(queens(5))) is None  # the dihedral group: no product
    True
    """
    blocks = _commuting_blocks(group.generators)
    if len(blocks) < 2:
        return None
    from sympy.combinatorics import Permutation as SympyPermutation
    from sympy.combinatorics import PermutationGroup

    factors = []
    for block in blocks:
        factor = PermutationGroup([SympyPermutation(list(g)) for g in block])
        if factor.order() > LISTED:
            return None
        factors.append(factor)
    if math.prod(f.order() for f in factors) != group.order:
        return None
    classes: list[tuple[Permutation, int]] = [(tuple(range(len(blocks[0][0]))), 1)]
    for factor, block in zip(factors, blocks, strict=True):
        its = _conjugacy_classes(factor, block)
        classes = [(tuple(g[k] for k in rep), size * n) for rep, size in classes
                   for g, n in its]
    found = [(rep, _order(rep), size) for rep, size in classes]
    return sorted(found, key=lambda c: (c[1], c[0]))


def _commuting_blocks(generators: list[Permutation]) -> list[list[Permutation]]:
    """The generators in sets, two generators in one set where a chain of generators
    that do not commute joins them: generators of different sets commute."""
    def commute(a: Permutation, b: Permutation) -> bool:
        return all(a[b[k]] == b[a[k]] for k in range(len(a)))

    blocks: list[list[Permutation]] = []
    for g in generators:
        joined = [b for b in blocks if any(not commute(g, h) for h in b)]
        merged = [g, *(h for b in joined for h in b)]
        blocks = [b for b in blocks if not any(b is j for j in joined)] + [merged]
    return blocks


def _conjugacy_classes(group: Any, generators: list[Permutation]
                       ) -> list[tuple[Permutation, int]]:
    """The conjugacy classes of a listable group: (one element, how many), each class
    closed under conjugation by the generators."""
    elements = [tuple(p.array_form) for p in group.generate()]
    inverses = [tuple(sorted(range(len(g)), key=g.__getitem__)) for g in generators]
    seen: set[Permutation] = set()
    classes = []
    for x in elements:
        if x in seen:
            continue
        seen.add(x)
        members, frontier = 1, [x]
        while frontier:
            y = frontier.pop()
            for g, inverse in zip(generators, inverses, strict=True):
                z = tuple(g[y[inverse[k]]] for k in range(len(y)))
                if z not in seen:
                    seen.add(z)
                    members += 1
                    frontier.append(z)
        classes.append((x, members))
    return classes


def _order(g: Permutation) -> int:
    """The order of a permutation: the lcm of its cycles' lengths."""
    seen, order = [False] * len(g), 1
    for start in range(len(g)):
        length, k = 0, start
        while not seen[k]:
            seen[k], k, length = True, g[k], length + 1
        if length:
            order = math.lcm(order, length)
    return order


def _restricted(xc: ExactCover, of_item: set[int], keep: list[int]
                ) -> tuple[ExactCover, list[int]]:
    """``xc`` with the options in ``of_item`` cut to ``keep``; the original index of each
    option kept."""
    keep_set = set(keep)
    kept = [o for o in range(xc.num_options) if o not in of_item or o in keep_set]
    return xc.with_options(kept), kept


def _dedup(xc: ExactCover, group: Symmetries, solutions: Iterable[tuple[int, ...]],
           reason_of: Callable[[], str]) -> tuple[Count, Count]:
    classes: set[tuple[int, ...]] = set()
    raw = 0
    try:
        for solution in solutions:
            raw += 1
            classes.add(group.canonical(solution))
    except KeyboardInterrupt:
        xc.stats.reason = INTERRUPTED
    reason = reason_of()
    reason = DONE if reason == LIMIT else reason
    return Count(len(classes), reason), Count(raw, reason)


# What ExactCover's methods hand on here: symmetries(), graph(), count_both().
JOBS.update(symmetries=Symmetries, symmetry_budget=budget_for, graph=incidence_graph,
            count_unique=count_unique)
