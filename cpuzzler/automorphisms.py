"""The symmetries of any exact-cover problem, found from the problem itself.

A symmetry maps items to items and options to options so that which option holds which
item is kept: an automorphism of the item-option incidence graph. Primary items of equal
bounds may map to each other, secondary items to secondary items; a coloured entry is a
vertex of its own between the option and the item (colours are names: renaming them
consistently is a symmetry too). nauty (through pynauty) finds generators; the group they
make acts on the options, and sympy's permutation groups (Schreier-Sims) give its order
and orbits without listing it. A DLX or DPF file carries no geometry, yet its symmetry is
there: 48 for the Soma matrix, 8 for the eight queens, 3072 for the empty 4x4 Sudoku.

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

from collections.abc import Iterable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from cpuzzler.errors import ExactCoverError
from cpuzzler.results import DONE, INTERRUPTED, LIMIT, Count

if TYPE_CHECKING:
    import networkx

    from cpuzzler.exact_cover import ExactCover

LISTED = 20000  # groups up to this order are listed for canonical forms


def _vertices(xc: ExactCover) -> tuple[int, dict[int, list[int]], list[set[int]]]:
    """The incidence graph for nauty: the number of vertices, adjacency, and the parts of
    the vertex colouring. Items are 0 .. N-1, options N .. N+M-1, then one vertex per
    coloured (item, colour) pair."""
    n_items, n_options = len(xc.items), xc.num_options
    lo, hi, secondary = xc.item_arrays()
    adjacency: dict[int, list[int]] = {}
    pairs: dict[tuple[int, int], int] = {}
    for o in range(n_options):
        colours = xc.option_colours(o) or (0,) * len(xc.option_items(o))
        for i, c in zip(xc.option_items(o), colours, strict=True):
            if c:
                if (i, c) not in pairs:
                    pairs[(i, c)] = n_items + n_options + len(pairs)
                    adjacency.setdefault(i, []).append(pairs[(i, c)])
                adjacency.setdefault(n_items + o, []).append(pairs[(i, c)])
            else:
                adjacency.setdefault(n_items + o, []).append(i)
    kinds: dict[Any, set[int]] = {}
    for i in range(n_items):
        kinds.setdefault(("secondary",) if secondary[i] else (lo[i], hi[i]), set()).add(i)
    parts = list(kinds.values()) + [set(range(n_items, n_items + n_options))]
    if pairs:
        parts.append(set(pairs.values()))
    return n_items + n_options + len(pairs), adjacency, parts


def incidence_graph(xc: ExactCover) -> networkx.Graph:
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

    graph = networkx.Graph()
    for name in xc.items:
        kind = "secondary" if xc.is_secondary(name) else f"primary {xc.bounds(name)}"
        graph.add_node(("item", name), kind=kind)
    names = xc.colour_names
    for o in range(xc.num_options):
        graph.add_node(("option", o), kind="option")
        colours = xc.option_colours(o) or (0,) * len(xc.option_items(o))
        for i, c in zip(xc.option_items(o), colours, strict=True):
            item = ("item", xc.items[i])
            if c:
                pair = ("colour", xc.items[i], names[c])
                graph.add_node(pair, kind="colour")
                graph.add_edge(item, pair)
                graph.add_edge(("option", o), pair)
            else:
                graph.add_edge(("option", o), item)
    return graph


class Symmetries:
    """The symmetry group of an exact-cover problem, acting on its options."""

    def __init__(self, xc: ExactCover) -> None:
        import pynauty

        self._xc = xc
        self._n_items = len(xc.items)
        n, adjacency, parts = _vertices(xc)
        self._graph = (n, adjacency, parts)
        generators, *_ = pynauty.autgrp(pynauty.Graph(n, adjacency_dict=adjacency,
                                                      vertex_coloring=parts))
        first, last = self._n_items, self._n_items + xc.num_options
        moves = {tuple(g[k] - first for k in range(first, last)) for g in generators}
        identity = tuple(range(xc.num_options))
        #: the generators as permutations of the options: ``p[k]`` is option k's image
        self.generators: list[tuple[int, ...]] = sorted(m for m in moves if m != identity)

    @cached_property
    def group(self):
        """The group as a sympy ``PermutationGroup`` on the options."""
        from sympy.combinatorics import Permutation, PermutationGroup

        size = self._xc.num_options
        gens = [Permutation(list(g)) for g in self.generators] or [Permutation(size - 1)]
        return PermutationGroup(gens)

    @cached_property
    def order(self) -> int:
        """How many symmetries the problem has (1: none but the identity)."""
        return int(self.group.order()) if self.generators else 1

    def option_orbits(self) -> list[set[int]]:
        """The options in classes of options that a symmetry maps onto each other."""
        if not self.generators:
            return [{o} for o in range(self._xc.num_options)]
        return [set(orbit) for orbit in self.group.orbits()]

    @cached_property
    def _elements(self) -> list[tuple[int, ...]]:
        return [tuple(p.array_form) for p in self.group.generate()]

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

        n, adjacency, parts = self._graph
        marked = {self._n_items + o for o in chosen}
        options = set(range(self._n_items, self._n_items + self._xc.num_options))
        colouring = [p for p in parts if p != options] + [options - marked, marked]
        graph = pynauty.Graph(n, adjacency_dict=adjacency, vertex_coloring=colouring)
        return tuple(pynauty.certificate(graph))


    def invariant_items(self) -> list[int]:
        """The primary 1:1 items whose options every symmetry maps among themselves."""
        lo, hi, secondary = self._xc.item_arrays()
        containing = self._xc.item_options()
        return [i for i in range(self._n_items)
                if not secondary[i] and (lo[i], hi[i]) == (1, 1) and containing[i]
                and all({g[o] for o in containing[i]} == set(containing[i])
                        for g in self.generators)]


def symmetries(xc: ExactCover) -> Symmetries:
    """The symmetry group of ``xc`` (see the module's description)."""
    return Symmetries(xc)


def count_unique(xc: ExactCover, group: Symmetries, *, method: str = "reduce",
                 engine: str | None = None, time_limit: float | None = None,
                 **options: object) -> tuple[Count, Count]:
    """(unique, raw) counts of ``xc`` up to ``group``, by ``method`` (see the module's
    description; ``reduce`` falls back to ``dedup`` where no item allows it)."""
    from cpuzzler.results import Clock

    if method not in ("reduce", "dedup"):
        raise ExactCoverError(f"unknown method {method!r} for an exact cover: reduce or dedup")
    items = group.invariant_items() if method == "reduce" and group.order > 1 else []
    if not items:
        return _dedup(xc, group, xc.solve(engine=engine, time_limit=time_limit, **options),
                      lambda: xc.stats.reason)
    containing = xc.item_options()
    order, clock = group.order, Clock(time_limit)

    def orbits(i: int) -> list[list[int]]:
        left, found = set(containing[i]), []
        while left:
            orbit = sorted(group.group.orbit(min(left)))
            found.append(orbit)
            left -= set(orbit)
        return found

    def free_share(i: int) -> tuple[int, int]:
        parts = orbits(i)
        return (sum(len(p) for p in parts if len(p) == order), -len(parts))

    item = max(items, key=free_share)
    parts = orbits(item)
    free = [p[0] for p in parts if len(p) == order]
    fixed = [p[0] for p in parts if len(p) < order]
    sub, kept = _restricted(xc, set(containing[item]), free)
    found = sub.count(engine=engine, time_limit=clock.left(), **options)
    unique, raw, reason = int(found), order * int(found), found.reason
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


def _restricted(xc: ExactCover, of_item: set[int], keep: list[int]
                ) -> tuple[ExactCover, list[int]]:
    """``xc`` with the options in ``of_item`` cut to ``keep``; the original index of each
    option kept."""
    keep_set = set(keep)
    kept = [o for o in range(xc.num_options) if o not in of_item or o in keep_set]
    return xc.with_options(kept), kept


def _dedup(xc: ExactCover, group: Symmetries, solutions: Iterable[tuple[int, ...]],
           reason_of) -> tuple[Count, Count]:
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
