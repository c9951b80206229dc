"""The zdd engine: counts as the conjunction of every item's constraint, in decision
diagrams (OxiDD's zero-suppressed ones, ``pip install 'cpuzzler[diagrams]'``).

Each option is a variable. Each item's rule is a Boolean function of the options that
hold it: a primary item of bounds lo:hi is held by lo to hi of them, a secondary item by
at most one. Each rule is built as a small diagram (how many of the item's options are
chosen so far, 0 to hi), and the solutions are the assignments satisfying all rules: the
diagrams' conjunction, taken item by item along the sweep (the model's, else the items'
order), its satisfying assignments counted. Nothing here is shared with the C engines,
neither their search nor their states: the count is an independent check of theirs.
The variables are ordered by the first item of each option in the sweep, so the
conjunction stays close to the memo engine's states; the diagram of the 6x10 pentomino
tilings has 26,984 nodes, terminals included: the 26,982 ``cpuzzler.engines.diagram`` builds from
the memo search, and two terminals.
Colours are not taken (an error says so). Listing is the native engine's.

>>> from cpuzzler.models import queens
>>> queens(8).count(engine="zdd", symmetry="raw")
92
"""

from __future__ import annotations

import time
from collections.abc import Iterator
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
    if xc.has_colours:
        raise ExactCoverError("the zdd engine does not take colours: count with another "
                              "engine")
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
    solutions = manager.true()
    try:
        for i in sweep:
            if end is not None and time.perf_counter() >= end:
                stats.reason = TIMEOUT
                return 0
            solutions = solutions & _rule(manager, [level[o] for o in containing[i]],
                                          0 if secondary[i] else lo[i],
                                          1 if secondary[i] else hi[i])
    except KeyboardInterrupt:
        stats.reason = INTERRUPTED
        return 0
    except MemoryError:  # OxiDD's DDMemoryError: its tables are full
        raise ExactCoverError("the zdd engine's diagrams outgrew OxiDD's memory: count "
                              "with the memo or frontier engine") from None
    stats.memo = {"states": solutions.node_count()}
    return int(solutions.sat_count(xc.num_options))


def _rule(manager: Any, variables: list[int], low: int, high: int) -> Any:
    """The options ``variables`` hold low to high of them chosen: ``ways[c]`` is "c of
    those so far chosen", built one variable at a time."""
    false = manager.false()
    ways = [manager.true()] + [false] * high
    for v in sorted(variables):
        chosen, left = manager.var(v), manager.not_var(v)
        ways = [(ways[c] & left) | (ways[c - 1] & chosen if c else false)
                for c in range(high + 1)]
    rule = false
    for c in range(low, high + 1):
        rule = rule | ways[c]
    return rule


def solve(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          limit: int | None = None, **_: Any) -> Iterator[tuple[int, ...]]:
    """Solutions are listed by the native engine (the zdd engine only counts)."""
    stats = stats if stats is not None else Stats(engine=NAME)
    yield from native.solve(xc, stats=stats, time_limit=time_limit, limit=limit)
