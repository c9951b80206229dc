"""The zdd engine: counts as the conjunction of every item's constraint, in decision
diagrams (OxiDD's zero-suppressed ones, ``pip install 'cpuzzler[diagrams]'``).

Each option is a variable. Each item's rule is a Boolean function of the options that
hold it: a primary item of bounds lo:hi is held by lo to hi of them, a secondary item by
at most one. Each rule is built as a small diagram, bottom up, a node per variable and
count (how many of the item's options are chosen so far, 0 to hi, or only 0 to lo
where hi cannot bind: a fault line), and the solutions are the assignments satisfying all rules: the
diagrams' conjunction, taken item by item along the sweep (the model's, else the items'
order), its satisfying assignments counted. Nothing here is shared with the C engines,
neither their search nor their states: the count is an independent check of theirs.
The variables are ordered by the first item of each option in the sweep, so the
conjunction stays close to the memo engine's states; the diagram of the 6x10 pentomino
tilings has 26,984 nodes, terminals included: the 26,982 ``cpuzzler.engines.diagram`` builds from
the memo search, and two terminals.
A coloured secondary item's rule follows its colour (at most one option without one,
or any that agree on one). Listing is the native engine's.

>>> from cpuzzler.models import queens
>>> queens(8).count(engine="zdd", symmetry="raw")
92
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from cpuzzler.engines import native
from cpuzzler.errors import ExactCoverError
from cpuzzler.results import INTERRUPTED, TIMEOUT, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["count", "solve"]

NAME = "zdd"
TABLE = 1 << 22  # OxiDD's node table and apply cache, in entries (they grow as needed)


def _oxidd() -> Any:
    try:
        import oxidd.zbdd
    except ImportError:
        raise ExactCoverError("the zdd engine needs OxiDD: pip install 'cpuzzler[diagrams]'"
                              ) from None
    return oxidd.zbdd


def count(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          **_: Any) -> int:
    """The number of solutions. A time limit or Ctrl-C stops between items and leaves
    0, a lower bound, marked in ``stats``; the diagram's inner nodes go to
    ``stats.memo["states"]``."""
    stats = stats if stats is not None else Stats(engine=NAME)
    zbdd = _oxidd()
    end = None if time_limit is None else time.perf_counter() + time_limit
    lo, hi, secondary = xc.item_arrays()
    names = xc.items
    index = {name: k for k, name in enumerate(names)}
    sweep = [index[name] for name in (xc.sweep or ()) if name in index]
    sweep += [k for k in range(len(names)) if k not in set(sweep)]
    first = xc.first_in_sweep(sweep)
    level = {o: k for k, o in enumerate(sorted(range(xc.num_options),
                                               key=lambda o: (first[o], o)))}
    manager = zbdd.ZBDDManager(TABLE, TABLE, 1)
    manager.add_vars(xc.num_options)
    containing = xc.item_options()
    colours = _colours(xc, containing)
    solutions = manager.true()
    singletons = [manager.singleton(v) for v in range(xc.num_options)]
    try:
        for i in sweep:
            if end is not None and time.perf_counter() >= end:
                stats.reason = TIMEOUT
                return 0
            if i in colours:
                rule = _coloured_rule(manager, singletons,
                                      {level[o]: c for o, c in colours[i].items()}, end)
            else:
                rule = _rule(manager, singletons, [level[o] for o in containing[i]],
                             0 if secondary[i] else lo[i], 1 if secondary[i] else hi[i],
                             end)
            if rule is None:
                stats.reason = TIMEOUT
                return 0
            solutions = solutions & rule
    except KeyboardInterrupt:
        stats.reason = INTERRUPTED
        return 0
    except MemoryError:  # OxiDD's DDMemoryError: its tables are full
        raise ExactCoverError("the zdd engine's diagrams outgrew OxiDD's memory: count "
                              "with the memo or frontier engine") from None
    stats.memo = {"states": solutions.node_count()}
    return int(solutions.sat_count(xc.num_options))


def _rule(manager: Any, singletons: list[Any], variables: list[int], low: int, high: int,
          end: float | None = None) -> Any:
    """The options ``variables`` hold low to high of them chosen (``_built``, the state
    the count chosen so far). Where ``high`` cannot bind (no fewer options than it),
    only "at least ``low``" is kept: counts from ``low`` up are one (a fault line's 1:n
    is "one or more", two ways, not n + 1)."""
    saturated = high >= len(variables)
    top = low if saturated else high
    return _built(manager, singletons, dict.fromkeys(variables, 0), range(top + 1),
                  lambda c: low <= c <= high,
                  lambda c, _: min(c + 1, top) if saturated or c < top else None, end)


def _coloured_rule(manager: Any, singletons: list[Any], colour: dict[int, int],
                   end: float | None = None) -> Any:
    """A coloured secondary item's rule (``_built``): the options holding it
    (``colour``: variable -> the colour it gives, 0 for none) are at most one without a
    colour, or any number that give it one and the same colour. The states: none chosen
    (0), one without a colour (-1), a colour c chosen (c)."""
    return _built(manager, singletons, colour, [0, -1, *sorted(set(colour.values()) - {0})],
                  lambda _: True,
                  lambda s, given: (given or -1) if s == 0 else s if 0 < s == given else None,
                  end)


def _built(manager: Any, singletons: list[Any], inside: dict[int, int],
           states: Iterable[int], accepts: Callable[[int], bool],
           then: Callable[[int, int], int | None], end: float | None) -> Any:
    """A rule's diagram, built bottom up, a node per variable and state: ``ways[s]`` is
    the rule below the variable at hand in state s (what the item's options chosen
    above it make); choosing variable v of the item (``inside[v]``, what it gives)
    leads from s to ``then(s, inside[v])`` (None: the rule fails), the other variables
    either way; at the bottom, state s holds if ``accepts(s)``; the rule is state 0's.
    Built by conjunctions of the variables' own functions instead, the rules took 93 %
    of the 3x20 pentominoes' 9.4 s. None once ``end`` has passed (a bound in the
    thousands over thousands of options takes long)."""
    empty = manager.empty()
    ways = {s: manager.base() if accepts(s) else empty for s in states}
    for v in range(len(singletons) - 1, -1, -1):
        if v % 4096 == 0 and end is not None and time.perf_counter() >= end:
            return None
        node = singletons[v]
        if v not in inside:
            ways = {s: node.make_node(way, way) for s, way in ways.items()}
            continue
        given = inside[v]
        ways = {s: node.make_node(empty if (t := then(s, given)) is None else ways[t], way)
                for s, way in ways.items()}
    return ways[0]


def _colours(xc: ExactCover, containing: list[list[int]]) -> dict[int, dict[int, int]]:
    """Per secondary item that some option colours: the colour each of its options
    (``containing``, per item) gives it (0: none)."""
    if not xc.has_colours:
        return {}
    maps = xc.colour_maps()
    coloured = {i for given in maps for i, c in given.items() if c}
    return {i: {o: maps[o].get(i, 0) for o in containing[i]} for i in coloured}


def solve(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          limit: int | None = None, **_: Any) -> Iterator[tuple[int, ...]]:
    """Solutions are listed by the native engine (the zdd engine only counts)."""
    stats = stats if stats is not None else Stats(engine=NAME)
    yield from native.solve(xc, stats=stats, time_limit=time_limit, limit=limit)
