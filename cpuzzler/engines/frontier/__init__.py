"""The frontier engine: counts breadth-first, layer by layer, in C (``csrc/frontier.c``).

The memo engine counts depth-first and keeps every state it has met; this engine counts
the same sub-problems in the order a transfer matrix does. The primary items come in
the memo engine's sweep order (a tiling's cells column by column along its longer side,
or an order derived from the matrix); layer k holds the states whose first open item is
the k-th, each with the number of ways to reach it. Processing a layer decides its item
every way the options allow and adds the counts into later layers; then the layer is
freed. Only the layers still ahead are held, so the peak is the widest stretch of the
sweep, not the whole search: where states rarely repeat far apart, far less memory than
the memo engine's table. ``stats.frontier["layers"]`` gives each layer's states, the
bytes held as it began and its seconds.

>>> from cpuzzler.models import queens
>>> queens(8).count(engine="frontier", symmetry="raw")
92
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cpuzzler import progress
from cpuzzler.engines import _dlx, native, orders, sweep
from cpuzzler.errors import ExactCoverError
from cpuzzler.results import INTERRUPTED, Stats

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["count", "solve"]

NAME = "frontier"


def count(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          order: Sequence[str] | None = None, memory: float | None = None,
          on_layer: Callable[[int, int, int, float], object] | None = None,
          work_dir: str | os.PathLike[str] | None = None, shards: int | None = None,
          backend: str | None = None, jobs: int = 1, address: str | None = None,
          checkpoint_every: float | None = None, meet: bool = True) -> int:
    """The number of solutions. ``order``: the sweep order (item names; default the
    problem's, else, in memory and with no ``on_layer``, the best of several derived
    from the matrix after a moment of each: ``engines.orders``). ``memory``: the cap in
    bytes of the layers held at once (default a quarter of the machine's); a count that
    needs more stops with an error naming the layer. ``on_layer(k, states, bytes_held,
    seconds)`` is called after each layer (the progress line is updated too). A time
    limit or Ctrl-C leaves a lower bound, marked in ``stats``. ``work_dir``: keep the
    layers on disk there, in ``shards`` files each (see ``engines.frontier.disk``): past
    memory, and resumable after any stop. With a work folder, ``backend="processes"``
    (``jobs`` of them) or ``"dask"`` (the scheduler at ``address``, or ``local:N``)
    processes a layer's shards side by side; ``checkpoint_every``: seconds between saves
    of the state (default 30). ``meet``: a board that maps onto itself under a half turn
    along its sweep is counted from the layers of its first half (see
    ``sweep.half_turn_places`` and ``csrc/meet.c``; in memory ``stats.frontier["met"]`` says
    whether it was, on disk the folder's state); False: the whole sweep.

    >>> from cpuzzler.exact_cover import ExactCover
    >>> xc = ExactCover(primary=["a", "b", "c"])
    >>> for option in (["a"], ["b"], ["c"], ["a", "b"], ["b", "c"]):
    ...     _ = xc.add_option(option)
    >>> count(xc)  # a|b|c, ab|c, a|bc
    3
    """
    stats = stats if stats is not None else Stats(engine=NAME)
    start = time.perf_counter()
    if order is None and not xc.sweep and work_dir is None and backend is None \
            and on_layer is None:  # a matrix without a sweep: choose one
        choice, total = orders.choose(xc, memory=memory, time_limit=time_limit, stats=stats)
        if total is not None or stats.reason == INTERRUPTED:
            return total or 0
        names = xc.items
        order = [names[i] for i in choice.order]
    arguments = sweep.counter_arguments(xc, order)
    lo, hi, secondary, options, sequence, colours = arguments
    pieces = sweep.piece_items(xc)
    places = sweep.meet_places(arguments, pieces) if meet else 0
    cap = float(sweep.default_memory() if memory is None else memory)
    if not cap > 0:
        raise ExactCoverError(f"the frontier engine needs a positive memory cap, not {memory}")
    left = -1.0 if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
    line = progress.current()
    done = 0

    def after_layer(k: int, states: int, held: int, seconds: float) -> None:
        nonlocal done
        done += states
        if line is not None:
            line.update((k + 1) / len(sequence), nodes=done,
                        note=f"layer {k + 1}/{len(sequence)}: {states:,} states, "
                             f"{held / 2**20:,.0f} MiB held")
        if on_layer is not None:
            on_layer(k, states, held, seconds)

    if backend is not None and work_dir is None:
        raise ExactCoverError("the frontier engine runs on several workers with its "
                              "layers on disk: give a work folder")
    if work_dir is not None:
        from cpuzzler.engines.frontier import disk

        deadline = None if left < 0 else time.time() + left
        runner = None
        if backend is not None:
            from cpuzzler.parts.backends import open_backend

            runner = open_backend(backend, jobs=jobs, address=address)
        settings: dict[str, Any] = dict(
            shards=shards or disk.DEFAULT_SHARDS, deadline=deadline,
            after_layer=after_layer, pieces=len(pieces),
            checkpoint_every=(disk.CHECKPOINT_SECONDS if checkpoint_every is None
                              else checkpoint_every))
        try:
            if backend == "dask" and not disk.holds_shared_count(work_dir):
                from cpuzzler.engines.frontier import cluster

                total, reason, layers = cluster.count_owned(
                    arguments, cap, work_dir, runner.client,  # type: ignore[union-attr]
                    meet_cells=places, **settings)
            else:
                total, reason, layers = disk.count_on_disk(
                    arguments, cap, work_dir, backend=runner, meet_cells=places, **settings)
        except OverflowError as e:
            raise ExactCoverError(str(e)) from None
        finally:
            if runner is not None:
                runner.close()
        stats.reason = native.REASONS[reason]
        stats.nodes = sum(row[0] for row in layers)
        stats.frontier = {"states": stats.nodes, "layers": layers, "items": len(sequence),
                          "work_dir": str(work_dir)}
        return total
    reporting = after_layer if line is not None or on_layer is not None else None
    try:
        total, reason, no_memory, (states, peak, lookups), layers, met = _dlx.frontier_count(
            lo, hi, secondary, options, sequence, cap, left, colours, reporting, places)
        if met and no_memory:  # the layers kept for the lookups passed the cap: the
            done = 0  # whole sweep holds less
            total, reason, no_memory, (states, peak, lookups), layers, met = _dlx.frontier_count(
                lo, hi, secondary, options, sequence, cap, left, colours, reporting)
    except OverflowError as e:  # a count past 2**128
        raise ExactCoverError(str(e)) from None
    stats.reason = native.REASONS[reason]
    stats.nodes = states
    stats.frontier = {"states": states, "peak_bytes": peak, "layers": layers,
                      "items": len(sequence), "met": bool(met), "lookups": lookups}
    if no_memory:
        widest = max(layers, key=lambda layer: layer[0]) if layers else (0, 0, 0.0)
        raise ExactCoverError(
            f"the frontier engine's layers need more than {cap:,.0f} bytes (at layer "
            f"{len(layers) - 1} of {len(sequence)}; widest so far {widest[0]:,} states); "
            f"give it more memory, or keep the layers on disk (work_dir=, --work-dir DIR)")
    return total


def solve(xc: ExactCover, *, stats: Stats | None = None, time_limit: float | None = None,
          limit: int | None = None, **options: Any) -> Iterator[tuple[int, ...]]:
    """Solutions are listed by the native engine (the frontier engine only counts)."""
    stats = stats if stats is not None else Stats(engine=NAME)
    yield from native.solve(xc, stats=stats, time_limit=time_limit, limit=limit)
