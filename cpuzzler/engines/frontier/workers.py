"""The frontier engine's tasks on disk: a layer's shards processed where workers run.

A layer is processed one shard at a time: the shard is loaded into memory (states
merged), processed, and what it emits is appended to the shard files of later layers.
A task takes a batch of shards, one after another, and joins what they emit into one
write a file (small writes had cost as much as the counting); only one shard and the
batch's output are in memory at once (a batch's files are at most a sixteenth of the
memory cap); a shard too big for the cap is processed in pieces (equal states in
different pieces are then not merged: still exact, slower). A layer's shards are
independent: with a ``cpuzzler.parts.backends`` backend each batch is a task
(``process_shards``), run where the backend runs it, two a worker in flight
(``run_tasks``); each worker opens the problem once (``opened``) and reads the shard
files from the work folder (``files``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cpuzzler.engines import _dlx
from cpuzzler.engines.frontier.files import (
    KEPT,
    PACKING,
    RECORD_HEAD,
    one_write_a_file,
    packed,
    read_ahead,
    read_records,
)
from cpuzzler.errors import ExactCoverError

# what the engine's other modules use (the rest are this module's own)
__all__ = ["OPENED", "SHAPED", "opened", "before", "run_tasks", "share", "batches",
           "split_tail", "layer_task", "process_shards"]

OPENED: dict[tuple[str, float], Any] = {}  # in each worker: the problem last opened
SHAPED: set[tuple[str, float]] = set()  # of those, the ones that gathered a join's cells


def opened(digest: str, arguments: tuple[Any, ...], memory: float) -> tuple[Any, Any]:
    """This process's handle of the problem and its layers' key bytes, opened once (a
    new problem replaces the last)."""
    if (digest, memory) not in OPENED:
        OPENED.clear()
        SHAPED.clear()
        lo, hi, secondary, options, order, colours = arguments
        OPENED[digest, memory] = _dlx.frontier_open(lo, hi, secondary, options, order,
                                                     memory, colours)
    opened: tuple[Any, Any] = OPENED[digest, memory]
    return opened


def before(deadline: float | None) -> bool:
    """Whether the run's ``deadline`` (a ``time.time()``; None: none) is still ahead."""
    return deadline is None or time.time() < deadline


def run_tasks(backend: Any, tasks: list[tuple[Any, ...]], take: Callable[[Any], None]
           ) -> int:
    """Run each task (a function and its arguments, returning (reason, result)) on
    ``backend``, two a worker in flight, handing each result to ``take`` as it comes;
    the first reason that is not DONE stops the rest (their results dropped). Returns
    the reason."""
    running = 0
    while tasks or running:
        while tasks and running < 2 * backend.workers:
            function, *arguments = tasks.pop()
            backend.submit(None, function, *arguments)
            running += 1
        _, (outcome, result) = backend.next()
        reason: int = outcome
        running -= 1
        if reason != _dlx.DONE:
            while running:  # the others finish (a stop reaches them too) and are dropped
                backend.next()
                running -= 1
            return reason
        take(result)
    return _dlx.DONE


def share(items: int, tasks: int) -> int:
    """How many of ``items`` each of about ``tasks`` tasks takes (one at least).

    >>> share(10, 4), share(0, 4)
    (3, 1)
    """
    return max(1, -(-items // tasks))


def batches(sizes: list[tuple[str, int]], budget: float, most: int) -> list[list[str]]:
    """Files (name, bytes) in batches of at most ``budget`` bytes and ``most`` files (one
    file at least): a task each.

    >>> batches([("a", 5), ("b", 5), ("c", 20), ("d", 1), ("e", 1), ("f", 1)], 10, 2)
    [['a', 'b'], ['c'], ['d', 'e'], ['f']]
    """
    groups: list[list[str]] = []
    held = budget
    for name, size in sizes:
        if held + size > budget or len(groups[-1]) >= most:
            groups.append([])
            held = 0
        groups[-1].append(name)
        held += size
    return groups


def split_tail(files: list[list[str]], workers: int) -> list[list[str]]:
    """Batches of files as ``batches`` makes them, run from the end of the list: the
    last ``2 * workers`` to run (the list's first) split in halves, so that the layer's
    last tasks are short and no worker waits long on another at its end.

    >>> split_tail([["a", "b"], ["c", "d", "e"], ["f"], ["g", "h"]], 1)
    [['a'], ['b'], ['c'], ['d', 'e'], ['f'], ['g', 'h']]
    """
    tail = 2 * workers
    halves = [half for names in files[:tail]
              for half in (names[:len(names) // 2], names[len(names) // 2:]) if half]
    return halves + files[tail:]


def process_shard(digest: str, arguments: tuple[Any, ...], memory: float, k: int, path: str,
                  shards: int, deadline: float | None, head: int = RECORD_HEAD,
                  packing: str | None = PACKING, meet: list[int] | None = None
                  ) -> tuple[int, int, int, list[tuple[int, int, bytes]]]:
    """A task: process the shard file ``path`` of layer ``k`` (records with a count of
    ``head`` bytes, packed by ``packing``), in pieces that fit ``memory``. Returns
    (reason, solutions reached, states processed, what was emitted as (layer, shard,
    records packed as the files keep them)); on a stop, nothing emitted. ``meet``: the
    plan of a count meeting in the middle (a state's ``"meet"``): of a layer it keeps,
    the useful states go out too, as layer ``KEPT + k``."""
    handle, key_bytes = opened(digest, arguments, memory)
    record = head + key_bytes[k]
    piece_bytes = max(record, int(memory / 4) // record * record)
    data = read_records(Path(path), packing)
    kept: list[tuple[int, int, bytes]] = []
    if meet and meet[1] <= k <= meet[2]:  # the copy a meeting's lookups read
        _dlx.frontier_meet_plan(handle, meet[3])
        useful = _dlx.frontier_meet_useful(handle, k, data, head)
        kept = packed([(KEPT + k, int(Path(path).name[13:]), useful)], packing) if useful else []
    total = states = at = 0
    outputs: list[tuple[int, int, bytes]] = []
    while at < len(data):
        piece = data[at:at + piece_bytes]
        left = -1.0 if deadline is None else max(0.0, deadline - time.time())
        reason, no_memory, found, done, emitted = _dlx.frontier_step(handle, k, piece, shards,
                                                                    left, head)
        if no_memory:
            if piece_bytes == record:
                raise ExactCoverError(
                    f"the frontier engine cannot hold one state of layer {k} and what it "
                    f"emits in {memory:,.0f} bytes; give it more memory")
            piece_bytes = max(record, piece_bytes // 2 // record * record)
            continue
        if reason != _dlx.DONE:
            return reason, total, states, []
        outputs += packed(emitted, packing)
        total += found
        states += done
        at += len(piece)
    return _dlx.DONE, total, states, outputs + kept


def process_shards(digest: str, arguments: tuple[Any, ...], memory: float, k: int,
                   paths: list[str], shards: int, deadline: float | None,
                   head: int = RECORD_HEAD, packing: str | None = PACKING,
                   meet: list[int] | None = None
                   ) -> tuple[int, int, int, list[tuple[int, int, bytes]]]:
    """A task: ``process_shard`` on each of ``paths`` in turn, what they emit into one
    file joined (one write a file, not one a shard: small writes cost as much as the
    counting on narrow layers). Returns as ``process_shard``."""
    total = states = 0
    outputs: list[tuple[int, int, bytes]] = []
    for path in read_ahead(paths, lambda path: [path]):
        reason, found, done, emitted = process_shard(digest, arguments, memory, k, path,
                                                     shards, deadline, head, packing, meet)
        if reason != _dlx.DONE:
            return reason, total + found, states, []
        total += found
        states += done
        outputs += emitted
    return _dlx.DONE, total, states, one_write_a_file(outputs)


def layer_task(*arguments: Any) -> tuple[int, tuple[int, int, list[tuple[int, int, bytes]]]]:
    """``process_shards`` as a task of ``run_tasks``: (reason, (solutions reached, states
    processed, what was emitted))."""
    reason, found, done, outputs = process_shards(*arguments)
    return reason, (found, done, outputs)
