"""Sweep orders for a matrix that brings none (a DLX file), and the choice among them.

The counters' time follows the width of their frontier, and one order derived from the
matrix does not suit every matrix: on the pentominoes 6x10 exported as DLX, the greedy
order (``sweep.derived_sweep``) takes twice the model's time, a spectral order (the
items sorted by the Fiedler vector of their co-occurrence graph, as a board is laid
out along its long axis) about the model's, reverse Cuthill-McKee three times it.
So several layouts are tried, each for a moment of the frontier engine (``SCORE_SECONDS``),
and the one whose finished layers project the shortest count (``engines.projection.projected``)
is kept; one that finishes in its moment gives the count at once, and where the first
tried (the spectral order) projects a count shorter than twice the others' moments
(``WORTH_TRYING``), it is kept without them. The choice is kept for the problem (while
its options stay the same), so the auto engine's later rounds do not choose again.

>>> from cpuzzler.models import queens
>>> list(candidates(queens(4)))
['spectral', 'greedy', 'spectral-reversed', 'rcm']
"""

from __future__ import annotations

import math
import time
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cpuzzler.engines import _dlx, sweep
from cpuzzler.engines.projection import projected_seconds
from cpuzzler.results import DONE, INTERRUPTED, TIMEOUT, Stats

if TYPE_CHECKING:
    import networkx

    from cpuzzler.exact_cover import ExactCover

__all__ = ["Choice", "candidates", "choose"]

SCORE_SECONDS = 0.3  # each candidate's moment of the frontier engine
SPECTRAL_LIMIT = 1500  # items in a component, at most, for its dense eigenvectors
TRIAL_LIMIT = 5000  # items at most for other layouts than the greedy one

# the first order tried is kept without the others where it projects less than this
# many times the moments they would take
WORTH_TRYING = 2.0


@dataclass(frozen=True)
class Choice:
    """The order kept (item indices, its name) and each candidate's projected seconds
    (0 for one that finished in its moment; inf where too few layers finished)."""

    order: list[int]
    name: str
    projected: dict[str, float]


def candidates(xc: ExactCover) -> dict[str, list[int]]:
    """The orders tried, by name, in the order tried: the spectral one, the greedy one
    (``sweep.derived_sweep``), the spectral one reversed, reverse Cuthill-McKee; each
    with the piece items last, as a model's sweep. Past ``TRIAL_LIMIT`` items, the
    greedy one alone (20,000 pairs of items took 4 s to lay out otherwise)."""
    pieces = sweep.piece_items(xc)
    tail = sorted(pieces)
    if len(xc.items) > TRIAL_LIMIT:  # the layouts would take longer than the count
        return {"greedy": sweep.derived_sweep(xc)}
    graph = _graph(xc, pieces)
    spectral = None if graph is None else _spectral(graph)
    found = {} if spectral is None else {"spectral": spectral + tail}
    found["greedy"] = sweep.derived_sweep(xc)
    if spectral is not None:
        found["spectral-reversed"] = spectral[::-1] + tail
    if graph is not None:
        import networkx

        found["rcm"] = list(networkx.utils.reverse_cuthill_mckee_ordering(graph)) + tail
    return found


def choose(xc: ExactCover, *, memory: float | None = None,
           time_limit: float | None = None, stats: Stats | None = None
           ) -> tuple[Choice, int | None]:
    """The order to count ``xc`` by, and the count where a candidate's moment finished
    it (its run's figures in ``stats``), else None. Where the first candidate's
    projection is short beside the moments the others would take, it is kept without
    trying them. The moments are kept for the problem, so a trial cut short by
    the time limit (or Ctrl-C: ``stats.reason`` says so) goes on at the next call, and a
    finished one is not made again."""
    trial = _TRIALS.get(xc)
    if trial is None or trial.size != (xc.num_options, len(xc.items)):
        trial = _TRIALS[xc] = _Trial((xc.num_options, len(xc.items)), candidates(xc), {})
    if trial.chosen is not None:
        return trial.chosen, None
    stats = stats if stats is not None else Stats(engine="frontier")
    cap = float(sweep.default_memory() if memory is None else memory)
    item_names = xc.items
    lo, hi, secondary, options, _, colours = sweep.counter_arguments(
        xc, [item_names[i] for i in trial.tried[next(iter(trial.tried))]])
    end = None if time_limit is None else time.perf_counter() + time_limit
    projected = trial.projected
    stopped = False
    for name, order in trial.tried.items():
        if name in projected:
            continue
        left = None if end is None else max(0.0, end - time.perf_counter())
        moment = SCORE_SECONDS if left is None else min(SCORE_SECONDS, left)
        sequence = order  # primary items only, each once: the sweep as the engine takes it
        total, reason, no_memory, (states, peak, _), rows, _ = _dlx.frontier_count(
            lo, hi, secondary, options, sequence, cap, moment, colours, None)
        if reason == _dlx.DONE and not no_memory:
            projected[name] = 0.0
            trial.chosen = Choice(order, name, dict(projected))
            stats.reason, stats.nodes = DONE, states
            stats.frontier = {"states": states, "peak_bytes": peak, "layers": rows,
                              "items": len(sequence)}
            return trial.chosen, total
        if reason == _dlx.INTERRUPTED or (reason == _dlx.TIMEOUT and moment < SCORE_SECONDS):
            stats.reason = INTERRUPTED if reason == _dlx.INTERRUPTED else TIMEOUT
            stopped = True
            break  # a moment cut short measures nothing: tried again next time
        projected[name] = math.inf if no_memory else projected_seconds(
            rows, len(sequence), len(sweep.piece_items(xc)))
        others = SCORE_SECONDS * (len(trial.tried) - len(projected))
        if len(projected) == 1 and projected[name] < WORTH_TRYING * others:
            break  # the first order projects a short count: no time for the others
    names = list(trial.tried)
    best = min(projected, key=lambda name: (projected[name], names.index(name)),
               default=names[0])
    choice = Choice(trial.tried[best], best, dict(projected))
    if not stopped:
        trial.chosen = choice
    return choice, None


@dataclass
class _Trial:
    """The moments run for one problem (its options and items counted, to notice a
    change): the candidates, each one's projection so far, the order once chosen."""

    size: tuple[int, int]
    tried: dict[str, list[int]]
    projected: dict[str, float]
    chosen: Choice | None = None


_TRIALS: weakref.WeakKeyDictionary[ExactCover, _Trial] = weakref.WeakKeyDictionary()


def _graph(xc: ExactCover, pieces: set[int]) -> networkx.Graph[int] | None:
    """The primary items but the pieces, joined where they share an option (networkx);
    None past ``sweep.DERIVE_LIMIT`` pairs."""
    if sum(len(xc.option_items(o)) ** 2 for o in range(xc.num_options)) > sweep.DERIVE_LIMIT:
        return None
    import networkx

    lo, hi, secondary = xc.item_arrays()
    graph: networkx.Graph[int] = networkx.Graph()
    graph.add_nodes_from(i for i in range(len(xc.items)) if not secondary[i] and i not in pieces)
    for o in range(xc.num_options):
        items = [i for i in xc.option_items(o) if i in graph]
        graph.add_edges_from((a, b) for k, a in enumerate(items) for b in items[k + 1:])
    return graph


def _spectral(graph: networkx.Graph[int]) -> list[int] | None:
    """The items of each component (by least item) sorted by the Fiedler vector of its
    Laplacian, ties by the next eigenvector; None where a component passes
    ``SPECTRAL_LIMIT`` items."""
    import networkx
    import numpy

    order: list[int] = []
    for component in sorted(networkx.connected_components(graph), key=min):
        nodes = sorted(component)
        if len(nodes) > SPECTRAL_LIMIT:
            return None
        if len(nodes) < 3:
            order += nodes
            continue
        adjacency = networkx.to_numpy_array(graph.subgraph(nodes), nodelist=nodes)
        laplacian = numpy.diag(adjacency.sum(axis=1)) - adjacency
        values, vectors = numpy.linalg.eigh(laplacian)
        along, across = _axes(values, vectors)
        order += [nodes[k] for k in sorted(range(len(nodes)), key=lambda k: (
            along[k], across[k], k))]
    return order


def _axes(values: Any, vectors: Any) -> tuple[list[float], list[float]]:
    """The items' places along the Fiedler vector and across it (the next one), rounded
    so that items of one column (equal up to rounding error) tie. Where the two share an
    eigenvalue (a square board: the eigenvector is any mix of the two axes), the mix with
    the fewest distinct places is taken, a board's own axes."""
    import numpy

    first, second = vectors[:, 1], vectors[:, 2]
    if abs(values[2] - values[1]) <= 1e-9 * max(1.0, abs(values[2])):
        angles = [math.pi * k / 180 for k in range(180)]
        angle = min(angles, key=lambda a: len(set(_rounded(
            math.cos(a) * first + math.sin(a) * second))))
        first, second = (math.cos(angle) * first + math.sin(angle) * second,
                         -math.sin(angle) * first + math.cos(angle) * second)
    return _rounded(numpy.asarray(first)), _rounded(numpy.asarray(second))


def _rounded(vector: Any) -> list[float]:
    """A vector's entries scaled to at most 1 and rounded to 6 places."""
    scale = float(abs(vector).max()) or 1.0
    return [round(float(x) / scale, 6) for x in vector]
