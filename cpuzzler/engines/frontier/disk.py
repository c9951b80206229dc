"""The frontier engine with its layers on disk: counts past memory, resumable.

Each layer is kept in a work folder as files of records (``[count 8 bytes][key]``, the
key packed as the C code packs the layer's live items; a count past 2**63 takes two
records, see ``csrc/frontier.c``), split into ``shards`` files by the key's hash, so
that equal states always meet in the same file. The files hold the records in blocks
packed by zstd at level 1 (14-byte records of the heptiamonds 4x21 take about 6 bytes;
3 times as fast as zlib's fastest level, which folders begun before used, and smaller),
each block ``[raw bytes 4][packed bytes 4][packed]``, packed by the worker that emitted
it; the top bit of the first field marks a zstd block (else zlib), so a folder begun
with zlib blocks goes on in zstd ones. A layer is processed one shard at a time: the
shard is loaded into memory (states merged), processed, and what it emits is appended
to the shard files of later layers. A task takes a batch of shards, one after another,
and joins what they emit into one write a file (small writes had cost as much as the
counting); only one shard and the batch's output are in memory at once (a batch's files
are at most a sixteenth of the memory cap); a shard too big for the cap is processed in
pieces (equal states in different pieces are then not merged: still exact, slower).

In memory first. A new count runs in memory, as the engine without a folder does,
while its tables take at most ``MEMORY_SHARE`` (a third) of the memory cap; past it
the count stops between two states, the layers as they stand (the rest of the current
one, and the ones ahead) are written as shard files, and the count goes on from there on
disk. A count that fits never touches the disk (its ``state.json`` alone says it is
finished). A stop in memory (a time limit, Ctrl-C) writes the layers the same way, so the
count resumes from the folder; so does the end of ``IN_MEMORY_SECONDS`` (30 s), after
which the count goes on on disk: a ``kill -9`` loses at most that much of the start.

Meeting in the middle (``csrc/meet.c``): a board its half turn maps onto itself is run
to its middle layer only; each layer the lookups read is copied as it is processed into
``keeps-`` files, with only the states a lookup may ask for; then each shard of the
middle's layers gives its lookups, written as ``query-`` files by the kept layer and
shard they read, and each such file is read against its kept shard.
The join runs as tasks on the workers (each gathers the cells of the kept states once,
then joins some of the middle's shards; the dot products are tasks too) and is redone
whole after a stop. Tried in memory first within the same share of the cap (not saved
where stopped there).

Several workers. A layer's shards are independent: with ``backend`` a
``cpuzzler.parts.backends`` backend (processes here), each batch is a task
(``process_shards``), run where the backend runs it; the workers read the shard files
from the work folder and send back what they emitted, which this process alone
appends. The counts are the same. On a Dask cluster each worker keeps the shards it
owns on its own disk instead (``frontier.cluster``); a folder begun here before that
goes on here with a Dask backend too.

Resuming. After each layer the count notes the next layer, the total so far and the
length of every file. Every ``checkpoint_every`` seconds (30), after every layer that
took ``SLOW_LAYER`` seconds (1) or more (where the last save cost under a fifth of the
time since it), and on any stop, the files written are flushed to disk (fsync, or one
syncfs for many files), ``state.json`` takes the last layer's notes
and is swapped in atomically, and only then are the files of the layers before it
deleted. ``state.json`` also keeps the layer profile so far, one ``[layer, states,
bytes of its files, seconds]`` per layer, to read while the count runs or after it
stopped, and the records' kind (``record_head``: the bytes of a count, ``packing``:
"zstd", or "zlib" for a folder of zlib blocks only; a folder begun before either has
none and goes on with counts of 16 bytes, unpacked; ``repack`` copies it into this
version's records). Started again on the same
folder (after a time limit, Ctrl-C or ``kill -9``), the count cuts every file back to
its recorded length (dropping what later layers had appended), deletes files it does
not know, and goes on from the recorded layer. A folder holding another problem's
count is refused.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import struct
import sys
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import zstandard

from cpuzzler.engines import _dlx
from cpuzzler.errors import ExactCoverError

T = TypeVar("T")

__all__ = ["count_on_disk", "folder_report", "saved_state", "repack"]

STATE = "state.json"
RUNNING = "running.json"  # a new count's layers in memory, until its state is saved
RECORD_HEAD = 8  # bytes of a record's count (folders from before these records: 16)
PACKING = "zstd"  # how new blocks of records are packed (folders from before: None, zlib)
PACKINGS = ("zlib", "zstd")  # the packings read: a folder of either goes on in zstd
BLOCK = struct.Struct("<II")  # a packed block's head: its bytes unpacked, and packed
BLOCK_LIMIT = 1 << 30  # records packed at most in one block
ZSTD_BLOCK = 1 << 31  # set in a block's first field: packed by zstd (else zlib)
_CODECS = threading.local()  # each thread's zstd compressor and decompressor
DEFAULT_SHARDS = 64
KEPT = 1 << 20  # outputs for layer KEPT + q: the useful states of kept layer q (meeting)
# A new count runs in memory while its tables take at most this share of the memory cap,
# and only then goes on disk (see csrc/frontier.c, Spilling): a count that fits never
# touches the disk. 0: on disk from the first layer.
MEMORY_SHARE = 1 / 3
SPLIT_TAIL = 1 << 26  # bytes of a layer's files past which its last tasks are halved
CHECKPOINT_SECONDS = 30.0  # between saves of the state (each flushes the files to disk)
# A new count runs in memory at most this long, then goes on on disk: a kill -9 later
# loses the layer being run, not the whole start.
IN_MEMORY_SECONDS = 30.0
# a layer that took this long is saved at its end whatever the time since the last save:
# a kill -9 then loses at most one layer's work, not the first half-minute's
SLOW_LAYER = 1.0
_OPENED: dict[tuple[str, float], Any] = {}  # in each worker: the problem last opened
_SHAPED: set[tuple[str, float]] = set()  # of those, the ones that gathered a join's cells


def fingerprint(*arguments: object) -> str:
    """A digest of the problem as the engine sees it (a resumed count must be the same)."""
    return hashlib.sha256(json.dumps(arguments, separators=(",", ":")).encode()).hexdigest()


def holds_shared_count(work_dir: str | os.PathLike[str]) -> bool:
    """Whether ``work_dir`` holds a count begun with every shard in it (not one whose
    shards the cluster's workers own, ``frontier.cluster``)."""
    try:
        state = json.loads((Path(work_dir) / STATE).read_text())
    except (OSError, ValueError):
        return False
    return isinstance(state, dict) and "owners" not in state


def _save_state(work: Path, state: dict[str, Any]) -> None:
    temporary = work / (STATE + ".new")
    with open(temporary, "w") as out:
        json.dump(state, out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, work / STATE)
    folder = os.open(work, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def _restore(work: Path, sizes: dict[str, int]) -> None:
    """Files back to the recorded lengths ``sizes``; files it does not name deleted."""
    for path in [*work.glob("layer-*"), *work.glob("keeps-*")]:
        if path.name not in sizes:
            path.unlink()
        elif path.stat().st_size != sizes[path.name]:
            os.truncate(path, sizes[path.name])


def _resumed(work: Path, digest: str) -> dict[str, Any] | None:
    """The state of the count in ``work`` (its files cut back to it), or ``None`` for a
    new count; an error for a folder holding anything else."""
    path = work / STATE
    if not path.exists():
        if any(work.iterdir()):
            raise ExactCoverError(f"{work}: the work folder is not empty and holds no count")
        return None
    state = saved_state(work, digest, {"problem", "shards", "next", "total", "sizes"},
                        "not a frontier engine's state")
    if "owners" in state:
        raise ExactCoverError(f"{work}: the count was begun on a cluster, each worker "
                              "keeping its shards; it goes on on a cluster (--cluster, "
                              "local:N on this machine)")
    _restore(work, state["sizes"])
    return state


def saved_state(work: Path, digest: str, keys: set[str], unknown: str) -> dict[str, Any]:
    """The ``state.json`` in ``work``, of the problem ``digest`` and with ``keys``; an
    error naming the file (``unknown`` where keys are missing) for anything else."""
    path = work / STATE
    try:
        state: dict[str, Any] = json.loads(path.read_text())
        known = keys <= set(state)
    except (OSError, ValueError, TypeError) as e:
        raise ExactCoverError(f"{path}: not a frontier engine's state ({e})") from None
    if not known:
        raise ExactCoverError(f"{path}: {unknown}")
    if state["problem"] != digest:
        raise ExactCoverError(f"{work}: the work folder holds the count of another "
                              "problem, or of this one on another sweep; give an empty "
                              "folder")
    return state


def _fresh_state(digest: str, shards: int, meet: list[int] | None = None) -> dict[str, Any]:
    """The state of a count not begun; ``meet``: the plan of a count meeting in the
    middle, [middle, first kept, last kept, places] (None: the whole sweep)."""
    return {"problem": digest, "shards": shards, "next": 0, "total": "0", "sizes": {},
            "record_head": RECORD_HEAD, "packing": PACKING, "meet": meet}


def _written(work: Path, state: dict[str, Any], outputs: list[tuple[int, int, bytes]],
             found: int) -> dict[str, Any]:
    """``state`` with the records ``outputs`` written to the folder ``work`` and
    ``found`` solutions reached, saved."""
    first = _Appender(work)
    first.append(_packed(outputs, PACKING))
    first.close()
    state["total"] = str(found)
    state["sizes"] = {p.name: p.stat().st_size for p in work.glob("layer-*")}
    _save(work, state, first.written)
    return state


def _started(work: Path, handle: Any, digest: str, shards: int,
             meet: list[int] | None = None) -> dict[str, Any]:
    """A new count in the empty folder ``work``: the first step (from nothing) written
    and saved. ``meet``: the state's, as ``_fresh_state``'s."""
    _, _, found, _, outputs = _dlx.frontier_step(handle, -1, b"", shards, -1.0, RECORD_HEAD)
    return _written(work, _fresh_state(digest, shards, meet), outputs, found)


def _begun_in_memory(work: Path, handle: Any, digest: str, shards: int, memory: float,
                     deadline: float | None,
                     after_layer: Callable[[int, int, int, float], None] | None,
                     meet: list[int] | None = None,
                     ) -> tuple[dict[str, Any], int, list[tuple[int, int, float]]]:
    """A new count run in memory until its tables pass ``MEMORY_SHARE`` of ``memory``
    (``csrc/frontier.c``, Spilling), then its layers as they stand written to the empty
    folder ``work`` and saved. Returns the state, the reason it stopped (``SPILL``: go
    on on disk from the state's next layer) and the layers it finished. ``meet``: the
    plan of a count meeting in the middle on disk (its state's ``meet``), stopped at the
    first layer its lookups keep at the latest (the disk writes their copies)."""
    left = -1.0 if deadline is None else max(0.0, deadline - time.time())
    reason, no_memory, found, _, layers, next_layer, outputs = _dlx.frontier_run(
        handle, left, memory * MEMORY_SHARE, shards, RECORD_HEAD, after_layer,
        meet[1] if meet else -1)
    if no_memory:  # past the cap inside a state: nothing whole to go on from
        return _started(work, handle, digest, shards, meet), _dlx.SPILL, []
    state = _fresh_state(digest, shards, meet)
    state.update(next=next_layer, profile=[[k, *row] for k, row in enumerate(layers)])
    return _written(work, state, outputs, found), reason, layers


def _noting_progress(work: Path, until: float, layers: int,
                     after_layer: Callable[[int, int, int, float], None] | None
                     ) -> Callable[[int, int, int, float], None]:
    """``after_layer``, each layer a new count finishes in memory also noted in the
    folder's RUNNING file (``folder_report`` reads it while no state is saved yet)."""
    note: dict[str, Any] = {"begun": time.time(), "on disk from": until, "layers": layers,
                            "profile": []}

    def noted(k: int, states: int, size: int, seconds: float) -> None:
        note["profile"].append([k, states, size, seconds])
        _write_running(work, note)
        if after_layer is not None:
            after_layer(k, states, size, seconds)

    _write_running(work, note)
    return noted


def _write_running(work: Path, note: dict[str, Any]) -> None:
    temporary = work / (RUNNING + ".new")
    temporary.write_text(json.dumps(note))
    os.replace(temporary, work / RUNNING)


def _before(deadline: float | None) -> bool:
    """Whether the run's ``deadline`` (a ``time.time()``; None: none) is still ahead."""
    return deadline is None or time.time() < deadline


def count_on_disk(arguments: tuple[Any, ...], memory: float, work_dir: str | os.PathLike[str], *,
                  shards: int = DEFAULT_SHARDS, deadline: float | None = None,
                  after_layer: Callable[[int, int, int, float], None] | None = None,
                  backend: Any = None, checkpoint_every: float = CHECKPOINT_SECONDS,
                  pieces: int | None = None, meet_cells: int = 0,
                  ) -> tuple[int, int, list[tuple[int, int, float]]]:
    """Count the problem given as ``frontier_count``'s first arguments (lo, hi,
    secondary, options, order, colours) with its layers in ``work_dir``, the shards run
    by ``backend`` (default: in this process), the state saved at most every
    ``checkpoint_every`` seconds and on any stop. ``deadline``: a ``time.time()``. Returns
    the count (a lower bound when stopped), the reason (``_dlx`` numbering) and, per layer
    processed in this run, (states processed, bytes of its files, seconds). ``pieces``:
    how many of the last items are a tiling's pieces (kept for ``folder_report``'s
    projection). ``meet_cells``: meet in the middle where it applies (see
    ``sweep.meet_places``)."""
    try:
        return _count_in_folder(arguments, memory, Path(work_dir), shards=shards,
                                deadline=deadline, after_layer=after_layer, backend=backend,
                                checkpoint_every=checkpoint_every, pieces=pieces,
                                meet_cells=meet_cells)
    except OSError as e:  # the count stays as last saved: it resumes there
        if e.errno not in (errno.ENOSPC, errno.EDQUOT):
            raise
        raise ExactCoverError(f"{work_dir}: no room left on its disk ({e.strerror}); run "
                              "again with more room and the count goes on from its last "
                              "saved layer") from None


def _count_in_folder(arguments: tuple[Any, ...], memory: float, work: Path, *, shards: int,
                     deadline: float | None,
                     after_layer: Callable[[int, int, int, float], None] | None,
                     backend: Any, checkpoint_every: float, pieces: int | None = None,
                     meet_cells: int = 0,
                     ) -> tuple[int, int, list[tuple[int, int, float]]]:
    """``count_on_disk`` on the folder ``work``."""
    lo, hi, secondary, options, order, colours = arguments
    if shards < 1:
        raise ExactCoverError(f"the number of shards must be at least 1, not {shards}")
    handle, key_bytes = _dlx.frontier_open(lo, hi, secondary, options, order, memory, colours)
    try:
        work.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ExactCoverError(f"{work}: cannot make the work folder ({e.strerror})") from None
    digest = fingerprint(lo, hi, secondary, [list(o) for o in options], order, colours)
    layers: list[tuple[int, int, float]] = []
    state = _resumed(work, digest)
    meet = meet_of(handle, meet_cells)
    reason = _dlx.SPILL
    in_memory = time.time() + IN_MEMORY_SECONDS
    until = in_memory if deadline is None else min(deadline, in_memory)
    noted = after_layer
    if state is None and MEMORY_SHARE > 0:
        noted = _noting_progress(work, until, len(order), after_layer)
    try:
        if state is None and meet is not None and MEMORY_SHARE > 0:
            state, reason, layers = _met_in_memory(work, digest, shards, arguments, memory,
                                                   until, noted, meet_cells)
            if reason == _dlx.TIMEOUT and _before(deadline):  # its time in memory is up:
                state, reason, layers = None, _dlx.SPILL, []  # on disk
            if state is not None and reason != _dlx.DONE:  # stopped in memory: none saved
                return int(state["total"]), reason, layers
        if state is None and MEMORY_SHARE > 0:  # past the share met: the layers before
            # the kept ones in memory while they fit (and the time allows), then on disk
            state, reason, layers = _begun_in_memory(work, handle, digest, shards, memory,
                                                     until, noted, meet)
            if reason == _dlx.TIMEOUT and _before(deadline):
                reason = _dlx.SPILL
    finally:
        (work / RUNNING).unlink(missing_ok=True)
    if state is None:
        state = _started(work, handle, digest, shards, meet)
    plan = state.get("meet")  # as the count was begun (folders from before: None)
    state["layers"] = len(order)  # for folder_report (folders begun before lack it)
    if pieces is not None:
        state["pieces"] = pieces
    _save_state(work, state)  # what info reads, even if no layer is done before a stop
    if reason != _dlx.SPILL:  # counted in memory, or stopped there
        return int(state["total"]), reason, layers
    shards, head = state["shards"], state.get("record_head", 16)
    if state.get("packing") is not None:  # the blocks written from here are PACKING's
        state["packing"] = PACKING
    packing = state.get("packing")
    total = int(state["total"])
    if backend is None:
        from cpuzzler.parts.backends import InProcess

        backend = InProcess()
        _OPENED.clear()
        _SHAPED.clear()
        _OPENED[digest, memory] = (handle, key_bytes)
    shared = backend.share(arguments)
    appender = _Appender(work)
    saved, save_cost = time.monotonic(), 0.0
    end = plan[0] if plan else len(order)  # meeting: the layers up to the middle
    states = 0  # processed in the layer being run

    def take(result: tuple[int, int, list[tuple[int, int, bytes]]]) -> None:
        """A task of the layer done: its outputs appended, its counts added."""
        nonlocal total, states
        found, done, outputs = result
        appender.append(outputs)
        total += found
        states += done

    try:
        for k in range(state["next"], end):
            started = time.perf_counter()
            # the layer's files from the sizes kept, not a listing of the folder: with
            # thousands of shards, a glob and a stat of every file after every layer
            # took longer than the counting
            prefix = f"layer-{k:06d}."
            sizes = sorted((str(work / name), size) for name, size in state["sizes"].items()
                           if name.startswith(prefix))
            held = sum(size for _, size in sizes)
            # a task's files at most a sixteenth of the memory (its output is held until
            # appended), and four tasks a worker at least, for the balance
            files = batches(sizes, memory / 16, -(-len(sizes) // (4 * backend.workers)))
            if held >= SPLIT_TAIL:
                files = split_tail(files, backend.workers)
            states = 0
            reason = _tasks(backend, [(layer_task, digest, shared, memory, k, names, shards,
                                       deadline, head, packing, plan) for names in files],
                            take)
            if reason != _dlx.DONE:  # the layer is redone on resuming
                return total, reason, layers
            seconds = time.perf_counter() - started
            # layer k done: what a resume needs (its files stay until the next save)
            known = {name: size for name, size in state["sizes"].items()
                     if int(name[6:12]) > k or name.startswith("keeps-")}
            for layer, shard in appender.touched:
                name = _file_name(layer, shard)
                known[name] = (work / name).stat().st_size
            appender.touched.clear()
            state.update(next=k + 1, total=str(total), sizes=known)
            state.setdefault("profile", []).append([k, states, held, seconds])
            since = time.monotonic() - saved
            # a slow layer is saved at once, unless saving costs more than a fifth of
            # the time (thousands of small shard files)
            if since >= checkpoint_every or k == end - 1 or (
                    seconds >= SLOW_LAYER and since >= 4 * save_cost):
                appender.close()
                begun = time.monotonic()
                _save(work, state, appender.written)
                save_cost = time.monotonic() - begun
                appender.written, saved = set(), time.monotonic()
            layers.append((states, held, seconds))
            if after_layer is not None:
                after_layer(k, states, held, seconds)
        if plan and state["next"] == end:  # the middle: joined, then finished
            found, reason = _joined(work, state, deadline, backend, digest, shared, memory)
            if reason != _dlx.DONE:
                return total + found, reason, layers
            total += found
            appender.close()
            state.update(next=len(order), total=str(total), sizes={})
            _save(work, state, appender.written)
            appender.written = set()
            for path in work.glob("keeps-*"):  # once the finished count is saved
                path.unlink()
    except KeyboardInterrupt:
        return total, _dlx.INTERRUPTED, layers
    finally:  # the layers finished since the last save are kept (after a stop too)
        appender.close()
        if appender.written:
            _save(work, state, appender.written)
        _OPENED.pop((digest, memory), None)  # this process's problem, if it ran here
        _SHAPED.discard((digest, memory))
    return total, _dlx.DONE, layers


def _query_name(layer: int, shard: int) -> str:
    """The file of a meeting's lookups in a shard of a kept layer."""
    return f"query-{layer:06d}.{shard:04d}"


def looked_up(name: str, plan: list[int]) -> bool:
    """Whether the file ``name`` holds states a meeting's lookups read (``plan`` a
    state's ``"meet"``): a kept layer's copy, or a kept layer's own file from the middle
    on.

    >>> [looked_up(name, [30, 6, 31, 60]) for name in
    ...  ("keeps-000007.0001", "layer-000031.0002", "layer-000032.0002", "layer-000029.0000")]
    [True, True, False, False]
    """
    middle, first, last = plan[:3]
    return name.startswith("keeps-") or first <= int(name[6:12]) <= last and int(
        name[6:12]) >= middle


def in_middle(name: str, middle: int) -> bool:
    """Whether the file ``name`` is of a layer the join of a count meeting at layer
    ``middle`` starts from (the middle's or past it).

    >>> in_middle("layer-000030.0001", 30), in_middle("keeps-000031.0001", 30)
    (True, False)
    """
    return name.startswith("layer-") and int(name[6:12]) >= middle


def read_by(query: str, middle: int) -> str:
    """The file a meeting's lookup file ``query`` is read against.

    >>> read_by("query-000007.0001", 30), read_by("query-000031.0001", 30)
    ('keeps-000007.0001', 'layer-000031.0001')
    """
    return ("layer-" if int(query[6:12]) >= middle else "keeps-") + query[6:]


def _joined(work: Path, state: dict[str, Any], deadline: float | None, backend: Any,
            digest: str, shared: Any, memory: float) -> tuple[int, int]:
    """A count met in the middle on disk, its layers run to the middle, joined by tasks of
    ``backend``: each task gathers the cells of the kept layers' states (once in each
    process), then joins the states of some of the middle's files into lookups, sent back
    and written into files by the kept layer and shard they read (records as the layers'
    and packed alike); then each lookup file is read against its shard by a task
    (``csrc/meet.c``). Returns the solutions (those of the layers run before not counted)
    and the reason; a stop leaves nothing (run again: the join is redone)."""
    middle = (plan := state["meet"])[0]
    shards, head, packing = state["shards"], state.get("record_head", 16), state.get("packing")
    for path in work.glob("query-*"):  # from a join stopped before
        path.unlink()
    sizes = state["sizes"]
    shapes = sorted(name for name in sizes if looked_up(name, plan))
    middles = [(name, sizes[name]) for name in sorted(sizes) if in_middle(name, middle)]
    most = share(len(middles), 4 * backend.workers)
    queries = _Appender(work, _query_name)
    try:
        reason = _tasks(backend, [(meet_lookups, digest, shared, memory, plan, str(work),
                                      shapes, names, shards, head, packing, deadline)
                                     for names in batches(middles, memory / 16, most)],
                           queries.append)
    finally:
        queries.close()
    if reason != _dlx.DONE:
        return 0, reason
    pairs = []
    for path in sorted(work.glob("query-*")):
        read = read_by(path.name, middle)
        if read in sizes:
            pairs.append((path.name, read))
        else:  # no state of that shard: nothing to look up there
            path.unlink()
    most = share(len(pairs), 4 * backend.workers)
    found: list[int] = []
    reason = _tasks(backend, [(meet_dots, digest, shared, memory, plan, str(work),
                                  pairs[at:at + most], head, packing, deadline)
                                 for at in range(0, len(pairs), most)], found.append)
    return sum(found), reason


def _tasks(backend: Any, tasks: list[tuple[Any, ...]], take: Callable[[Any], None]
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


def _opened(digest: str, arguments: tuple[Any, ...], memory: float) -> tuple[Any, Any]:
    """This process's handle of the problem and its layers' key bytes, opened once (a
    new problem replaces the last)."""
    if (digest, memory) not in _OPENED:
        _OPENED.clear()
        _SHAPED.clear()
        lo, hi, secondary, options, order, colours = arguments
        _OPENED[digest, memory] = _dlx.frontier_open(lo, hi, secondary, options, order,
                                                     memory, colours)
    opened: tuple[Any, Any] = _OPENED[digest, memory]
    return opened


def will_need(path: str | os.PathLike[str]) -> None:
    """Ask the kernel to start reading the file ``path`` into its cache now, so that a
    task reads its next file while it counts this one. A long count's folder outgrows
    the page cache, and its workers waited on each read: 9 to 20% of the 2 cores' time
    on the pentahexes 5x22's layers 40 on, 3% with this. A hint: nothing where it cannot
    be given."""
    if not hasattr(os, "posix_fadvise"):
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_WILLNEED)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_ahead(items: Sequence[T], paths: Callable[[T], Iterable[str | os.PathLike[str]]]
               ) -> Iterator[T]:
    """The ``items`` in turn, the kernel asked (``will_need``) to read the files that
    ``paths`` names for the next one while the caller works on this one.

    >>> list(read_ahead(["a", "b"], lambda name: []))
    ['a', 'b']
    """
    for at, item in enumerate(items):
        if at + 1 < len(items):
            for path in paths(items[at + 1]):
                will_need(path)
        yield item


def _read(path: Path, packing: str | None) -> bytes:
    with open(path, "rb") as source:
        return _unpacked(source.read(), packing, str(path))


def meet_lookups(digest: str, arguments: tuple[Any, ...], memory: float, plan: list[int],
                 folder: str, shapes: list[str], names: list[str], shards: int, head: int,
                 packing: str | None, deadline: float | None
                 ) -> tuple[int, list[tuple[int, int, bytes]]]:
    """A task of a join: the lookups of the middle's files ``names`` in ``folder``, as
    (kept layer, its shard, lookups packed), one entry each; the cells of the kept files
    ``shapes`` gathered first, once in each process. (reason, []) past ``deadline``."""
    work = Path(folder)
    handle = meeting(digest, arguments, memory, plan,
                     lambda handle: shapes_of(handle, work, shapes, head, packing))
    return lookups_of(handle, work, names, shards, head, packing, deadline)


def meeting(digest: str, arguments: tuple[Any, ...], memory: float, plan: list[int],
            gather: Callable[[Any], None] | None = None) -> Any:
    """This process's handle of the problem (``_opened``), set to meet by ``plan`` (a
    state's ``"meet"``); ``gather(handle)`` run first where given, once in each process:
    the cells of the kept states, which a join's lookups need."""
    handle, _ = _opened(digest, arguments, memory)
    _dlx.frontier_meet_plan(handle, plan[3])
    if gather is not None and (digest, memory) not in _SHAPED:
        gather(handle)
        _SHAPED.add((digest, memory))
    return handle


def meet_of(handle: Any, cells: int) -> list[int] | None:
    """The plan a state keeps of a count meeting in the middle of its first ``cells``
    places (``sweep.meet_places``): [middle, first kept, last kept, cells]; None where it
    does not meet (``cells`` 0, or not of the kind)."""
    plan = _dlx.frontier_meet_plan(handle, cells) if cells else None
    return None if plan is None else [*plan, cells]


def share(items: int, tasks: int) -> int:
    """How many of ``items`` each of about ``tasks`` tasks takes (one at least).

    >>> share(10, 4), share(0, 4)
    (3, 1)
    """
    return max(1, -(-items // tasks))


def shapes_of(handle: Any, work: Path, names: list[str], head: int, packing: str | None
              ) -> None:
    """The cells of the states of the kept files ``names`` in ``work`` gathered by the
    meeting of ``handle``."""
    for name in names:
        _dlx.frontier_meet_shapes(handle, int(name[6:12]), _read(work / name, packing), head)


def lookups_of(handle: Any, work: Path, names: list[str], shards: int, head: int,
               packing: str | None, deadline: float | None
               ) -> tuple[int, list[tuple[int, int, bytes]]]:
    """``meet_lookups`` once the cells are gathered: the lookups of the middle's files
    ``names`` in ``work``."""
    outputs: list[tuple[int, int, bytes]] = []
    for name in read_ahead(names, lambda name: [work / name]):
        if not _before(deadline):
            return _dlx.TIMEOUT, []
        outputs += _packed(_dlx.frontier_meet_queries(
            handle, int(name[6:12]), _read(work / name, packing), shards, head), packing)
    return _dlx.DONE, _one_write_a_file(outputs)


def meet_dots(digest: str, arguments: tuple[Any, ...], memory: float, plan: list[int],
              folder: str, pairs: list[tuple[str, str]], head: int, packing: str | None,
              deadline: float | None) -> tuple[int, int]:
    """A task of a join: each lookup file of ``pairs`` (lookups, the kept shard they
    read) read against its shard and deleted; the sum of their counts. (reason, 0) past
    ``deadline``."""
    handle = meeting(digest, arguments, memory, plan)
    work, total = Path(folder), 0
    for query, read in read_ahead(pairs, lambda pair: [work / name for name in pair]):
        if not _before(deadline):
            return _dlx.TIMEOUT, 0
        total += _dlx.frontier_meet_dot(handle, int(query[6:12]), _read(work / read, packing),
                                        head, _read(work / query, packing))
    for query, _ in pairs:
        (work / query).unlink()
    return _dlx.DONE, total


def _met_in_memory(work: Path, digest: str, shards: int, arguments: tuple[Any, ...],
                   memory: float, deadline: float | None,
                   after_layer: Callable[[int, int, int, float], None] | None,
                   meet_cells: int) -> tuple[dict[str, Any] | None, int, list[Any]]:
    """A new count met in the middle, tried in memory within ``MEMORY_SHARE`` of the
    cap: its state (finished) where it fits, the reason and its layers; (None, SPILL,
    []) past the share (it starts again on disk). Stopped in memory, nothing is saved."""
    lo, hi, secondary, options, order, colours = arguments
    left = -1.0 if deadline is None else max(0.0, deadline - time.time())
    total, reason, no_memory, _, layers, _ = _dlx.frontier_count(
        lo, hi, secondary, options, order, memory * MEMORY_SHARE, left, colours,
        after_layer, meet_cells)
    if no_memory:
        return None, _dlx.SPILL, []
    state = _fresh_state(digest, shards)
    if reason != _dlx.DONE:
        state["total"] = str(total)  # not saved: the caller returns it
        return state, reason, layers
    state.update(next=len(order), total=str(total),  # saved by the caller: no files
                 profile=[[k, *row] for k, row in enumerate(layers)])
    return state, reason, layers


def _running_report(work: Path) -> list[tuple[str, str]] | None:
    """``folder_report`` of a new count in its first seconds, run in memory (its
    RUNNING note; None where there is none)."""
    try:
        note = json.loads((work / RUNNING).read_text())
        begun, until, layers, profile = (note["begun"], note["on disk from"], note["layers"],
                                         note["profile"])
    except (OSError, ValueError, TypeError, KeyError):
        return None

    def clock(t: float) -> str:
        return time.strftime("%H:%M:%S", time.localtime(t))

    done = profile[-1][0] + 1 if profile else 0
    lines = [("work folder", str(work)),
             ("count", f"running in memory, begun {clock(begun)}: layer {done:,} of "
                       f"{layers:,} next; its layers are kept here from {clock(until)} at "
                       "the latest (no state saved yet)")]
    if profile:
        states, seconds = sum(row[1] for row in profile), sum(row[3] for row in profile)
        widest = max(profile, key=lambda row: row[1])
        lines += [("layers run", f"{len(profile)} ({profile[0][0]} to {profile[-1][0]}): "
                                 f"{states:,} states in {seconds:,.1f} s"),
                  ("widest", f"{widest[1]:,} states (layer {widest[0]})")]
    return lines


def folder_report(work_dir: str | os.PathLike[str]) -> list[tuple[str, str]]:
    """Where the count in a work folder stands, as (label, text) lines: the next layer
    and the solutions reached, the files, the layers run (states, time, the widest) and,
    while it runs, the rate of the last ten; an error for a folder holding no count.

    >>> import tempfile
    >>> from cpuzzler.models import queens
    >>> folder = tempfile.mkdtemp()
    >>> queens(6).count(engine="frontier", work_dir=folder, shards=4, symmetry="raw")
    4
    >>> dict(folder_report(folder))["count"]
    'finished: 4 solutions'
    >>> import shutil; shutil.rmtree(folder)
    """
    work = Path(work_dir)
    running = None if (work / STATE).exists() else _running_report(work)
    if running is not None:
        return running
    try:
        state = json.loads((work / STATE).read_text())
        next_layer, total, shards = state["next"], int(state["total"]), state["shards"]
    except OSError as e:
        raise ExactCoverError(f"{work}: not a frontier engine's work folder (no readable "
                              f"{STATE}: {e.strerror or e})") from None
    except (ValueError, TypeError, KeyError):
        raise ExactCoverError(f"{work}: not a frontier engine's work folder (its {STATE} "
                              "is damaged or of another program)") from None
    layers, profile = state.get("layers"), state.get("profile", [])
    files = list(work.glob("layer-*")) + list(work.glob("owner-*/layer-*"))  # what this
    held = sum(map(_size, files))  # machine sees of a cluster's owners
    # a folder begun before "layers" was kept: finished once no layer is left
    finished = next_layer == layers or (layers is None and next_layer > 0 and not files)
    owned = f", owned by {state['owners']} workers" if "owners" in state else ""
    if finished:
        count = f"finished: {total:,} solutions"
    else:
        count = (f"layer {next_layer:,}" + (f" of {layers:,}" if layers else "") + " next; "
                 f"{total:,} solutions reached so far")
    lines = [("work folder", str(work)), ("count", count),
             ("files", f"{held / 1e9:,.2f} GB in {len(files):,} files ({shards} shards a "
                       f"layer{owned}; records packed by {state.get('packing') or 'nothing'})")]
    if profile:
        states, seconds = sum(row[1] for row in profile), sum(row[3] for row in profile)
        widest = max(profile, key=lambda row: row[1])
        lines += [("layers run", f"{len(profile)} ({profile[0][0]} to {profile[-1][0]}): "
                                 f"{states:,} states in {seconds / 3600:,.2f} h"),
                  ("widest", f"{widest[1]:,} states (layer {widest[0]}, "
                             f"{widest[2] / 1e9:,.2f} GB of files)")]
    if profile and not finished:
        last = profile[-10:]
        rate = sum(row[1] for row in last) / max(sum(row[3] for row in last), 1e-9)
        lines.append(("lately", f"{rate / 1e6:,.2f} million states a second over the "
                                f"last {len(last)} layers"))
        outlook = _projection_line(profile, layers, state.get("pieces"),
                                   (state.get("meet") or [None])[0])
        if outlook is not None:
            lines.append(("projected", outlook))
    return lines


def _size(path: Path) -> int:
    """A file's bytes; 0 where it is gone (a running count deletes the layers it is done
    with between the listing and this)."""
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _many(x: float) -> str:
    """A number of states for people.

    >>> _many(2.5e10), _many(3.14e6), _many(999)
    ('25 billion', '3.14 million', '999')
    """
    for name, size in (("billion", 1e9), ("million", 1e6)):
        if x >= size:
            return f"{x / size:,.3g} {name}"
    return f"{x:,.0f}"


def _projection_line(profile: list[list[Any]], layers: int | None,
                     pieces: int | None, met: int | None = None) -> str | None:
    """The rest of an unfinished count projected from the layers its folder ran
    (``frontier.projection.projected``; to the middle layer ``met`` where the count meets
    there), for people; None where too few are known (four layers from the first on,
    the sweep's length and its pieces)."""
    if layers is None or pieces is None or len(profile) < 4 or any(
            row[0] != k for k, row in enumerate(profile)):
        return None
    from cpuzzler.engines.frontier.projection import between, projected
    from cpuzzler.results import duration

    spent = sum(row[3] for row in profile)
    p = projected([(row[1], row[2], row[3]) for row in profile], layers, pieces, spent, met)
    low, high = p.low, p.high
    states = between(_many(low.peak_states), _many(high.peak_states))
    unit, size = ("GB", 1e9) if high.peak_bytes >= 1e9 else ("MB", 1e6)
    held = between(f"{low.peak_bytes / size:,.3g}", f"{high.peak_bytes / size:,.3g}")
    total = between(_many(low.states), _many(high.states))
    left = between(duration(low.seconds - spent), duration(high.seconds - spent))
    to = "" if met is None else f" to the middle (layer {met}; then the join)"
    widest = p.middle if met is None else min(p.middle, met - 1)
    return (f"widest layer {states} states at layer {widest} ({held} {unit} of files); "
            f"{total} states in all{to}, {left} more at the last layers' pace "
            f"(growth falling to none at the middle ... kept)")


def _save(work: Path, state: dict[str, Any], written: set[Path]) -> None:
    """Make ``state`` what a resume starts from (the files ``written`` flushed to disk
    first), then delete the files of the layers before it."""
    _flush({path for path in written if path.exists()})
    _save_state(work, state)
    _drop_before(work, state["next"])


def _drop_before(work: Path, layer: int) -> None:
    """The files of the layers before ``layer`` deleted."""
    for path in work.glob("layer-*"):
        if int(path.name[6:12]) < layer:
            path.unlink()


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
    handle, key_bytes = _opened(digest, arguments, memory)
    record = head + key_bytes[k]
    piece_bytes = max(record, int(memory / 4) // record * record)
    data = _read(Path(path), packing)
    kept: list[tuple[int, int, bytes]] = []
    if meet and meet[1] <= k <= meet[2]:  # the copy a meeting's lookups read
        _dlx.frontier_meet_plan(handle, meet[3])
        useful = _dlx.frontier_meet_useful(handle, k, data, head)
        kept = _packed([(KEPT + k, int(Path(path).name[13:]), useful)], packing) if useful else []
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
        outputs += _packed(emitted, packing)
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
    return _dlx.DONE, total, states, _one_write_a_file(outputs)


def layer_task(*arguments: Any) -> tuple[int, tuple[int, int, list[tuple[int, int, bytes]]]]:
    """``process_shards`` as a task of ``_tasks``: (reason, (solutions reached, states
    processed, what was emitted))."""
    reason, found, done, outputs = process_shards(*arguments)
    return reason, (found, done, outputs)


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


def _one_write_a_file(outputs: list[tuple[int, int, bytes]]) -> list[tuple[int, int, bytes]]:
    """(layer, shard, blocks) with the blocks of each (layer, shard) joined, in the order
    first met."""
    joined: dict[tuple[int, int], list[bytes]] = {}
    for layer, shard, blocks in outputs:
        joined.setdefault((layer, shard), []).append(blocks)
    return [(layer, shard, b"".join(blocks)) for (layer, shard), blocks in joined.items()]


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


def repack(arguments: tuple[Any, ...], work_dir: str | os.PathLike[str],
           new_dir: str | os.PathLike[str]) -> None:
    """Copy the count in ``work_dir``, begun before the compact, packed records, into the
    empty folder ``new_dir`` in this version's records (about a third of the bytes), to
    go on there; ``arguments`` as for ``count_on_disk``. The old folder is left as a
    resume leaves it (delete it once the new one runs); a copy stopped half-way is
    started again in an emptied ``new_dir``."""
    lo, hi, secondary, options, order, colours = arguments
    work, new = Path(work_dir), Path(new_dir)
    digest = fingerprint(lo, hi, secondary, [list(o) for o in options], order, colours)
    state = _resumed(work, digest)
    if state is None:
        raise ExactCoverError(f"{work}: no count to repack")
    new.mkdir(parents=True, exist_ok=True)
    if any(new.iterdir()):
        raise ExactCoverError(f"{new}: the folder to repack into is not empty")
    _, key_bytes = _dlx.frontier_open(lo, hi, secondary, options, order, 1.0, colours)
    head, packing = state.get("record_head", 16), state.get("packing")
    state["sizes"] = {name: size for name, size in state["sizes"].items()
                      if int(name[6:12]) >= state["next"]}  # the rest are deleted
    for name in sorted(state["sizes"]):
        path = work / name
        data = _unpacked(path.read_bytes(), packing, str(path))
        records = _recounted(data, head, key_bytes[int(name[6:12])])
        with open(new / name, "wb") as out:
            out.write(_packed([(0, 0, records)], PACKING)[0][2])
        state["sizes"][name] = (new / name).stat().st_size
    _flush(set(new.glob("layer-*")))
    state.update(record_head=RECORD_HEAD, packing=PACKING)
    _save_state(new, state)


def _recounted(data: bytes, head: int, key_bytes: int) -> bytes:
    """Records with counts of ``head`` bytes as records of this version (RECORD_HEAD)."""
    if head == RECORD_HEAD:
        return data
    top = 1 << 63
    out = bytearray()
    for written, key in struct.iter_unpack(f"{head}s{key_bytes}s", data):
        count = int.from_bytes(written, sys.byteorder)  # as the C code stores it
        if count >= 1 << 126:
            raise ExactCoverError("a state's count passes 2**126, the most the compact "
                                  "records hold")
        if count % top:
            out += (count % top).to_bytes(8, sys.byteorder) + key
        if count >= top:
            out += ((count >> 63) | top).to_bytes(8, sys.byteorder) + key
    return bytes(out)


def _zstd() -> tuple[Any, Any]:
    """This thread's zstd compressor (level 1) and decompressor (a Dask worker runs
    tasks in threads; neither may serve two at once)."""
    if not hasattr(_CODECS, "zstd"):
        _CODECS.zstd = zstandard.ZstdCompressor(level=1), zstandard.ZstdDecompressor()
    return _CODECS.zstd  # type: ignore[no-any-return]


def _packed(outputs: list[tuple[int, int, bytes]], packing: str | None
            ) -> list[tuple[int, int, bytes]]:
    """(layer, shard, records) with the records as the files keep them: in blocks packed
    by PACKING, or (``packing`` None: a folder begun before packing) as they are."""
    if packing is None:
        return outputs
    packed = []
    for layer, shard, records in outputs:
        blocks = []
        for at in range(0, len(records), BLOCK_LIMIT):
            raw = records[at:at + BLOCK_LIMIT]
            if PACKING == "zstd":
                block, mark = _zstd()[0].compress(raw), ZSTD_BLOCK
            else:
                block, mark = zlib.compress(raw, 1), 0
            blocks += [BLOCK.pack(len(raw) | mark, len(block)), block]
        packed.append((layer, shard, b"".join(blocks)))
    return packed


def _unpacked(data: bytes, packing: str | None, path: str) -> bytes:
    """The records of a file's bytes ``data``, packed by ``packing``."""
    if packing is None:
        return data
    if packing not in PACKINGS:
        raise ExactCoverError(f"{path}: records packed by {packing!r}, which this version "
                              "does not read")
    parts, at = [], 0
    try:
        while at < len(data):
            raw, size = BLOCK.unpack_from(data, at)
            at += BLOCK.size
            block = data[at:at + size]
            if raw & ZSTD_BLOCK:
                raw &= ~ZSTD_BLOCK
                part = _zstd()[1].decompress(block, max_output_size=raw)
            else:
                part = zlib.decompress(block)
            if len(part) != raw or at + size > len(data):
                raise zlib.error("a block of the wrong length")
            parts.append(part)
            at += size
    except (struct.error, zlib.error, zstandard.ZstdError) as e:
        raise ExactCoverError(f"{path}: a damaged block of records at byte {at} ({e})"
                              ) from None
    return b"".join(parts)


def _file_name(layer: int, shard: int) -> str:
    """A shard file's name: the layer (6 digits, from character 6), the shard; past
    KEPT, the copy kept for a meeting's lookups of layer ``layer - KEPT``."""
    if layer >= KEPT:
        return f"keeps-{layer - KEPT:06d}.{shard:04d}"
    return f"layer-{layer:06d}.{shard:04d}"


class _Appender:
    """Appends records to the shard files, keeping them open (a step emits into every
    shard of every layer ahead: opening a file per write cost as much as the counting).
    Unbuffered: what is written is in the files at once, for the sizes and the reads."""

    def __init__(self, work: Path, name: Callable[[int, int], str] | None = None) -> None:
        self.work = work
        self.name = name or _file_name  # a file's name from (layer, shard)
        self.files: dict[tuple[int, int], int] = {}  # (layer, shard): descriptor
        self.written: set[Path] = set()  # since the last save
        self.touched: set[tuple[int, int]] = set()  # (layer, shard) since it was cleared
        self.limit = _open_files_allowed()  # past it all are closed, reopened as needed

    def append(self, outputs: list[tuple[int, int, bytes]]) -> None:
        files, write, touched = self.files, os.write, self.touched
        for layer, shard, records in outputs:
            touched.add((layer, shard))
            descriptor = files.get((layer, shard))
            if descriptor is None:
                if len(files) >= self.limit:
                    self.close()
                path = self.work / self.name(layer, shard)
                descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
                files[layer, shard] = descriptor
                self.written.add(path)
            view = memoryview(records)
            while view:  # a short write leaves the rest
                view = view[write(descriptor, view):]

    def close(self) -> None:
        for descriptor in self.files.values():
            os.close(descriptor)
        self.files.clear()


def _open_files_allowed() -> int:
    """How many shard files the appender keeps open: most of what the process may open
    (its soft limit raised towards the hard one first), at most 16,384. A layer of 256
    shards with 20 layers ahead is 5,120 files, which a limit of 512 had closed and
    reopened at every step."""
    import resource

    want = 16384
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < want:
        raised = want if hard == resource.RLIM_INFINITY else min(want, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    return max(64, min(want, soft if soft != resource.RLIM_INFINITY else want) - 256)


MANY_FILES = 64  # past it one syncfs of the folder's file system, not a fsync a file


def _flush(paths: set[Path]) -> None:
    """The files ``paths`` on disk: a fsync each, or, for many (thousands of shards), one
    syncfs of the file system that holds them (a fsync a file took most of a layer)."""
    if len(paths) > MANY_FILES and _sync_file_system(next(iter(paths)).parent):
        return
    for path in paths:
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _sync_file_system(folder: Path) -> bool:
    """syncfs(2) on the file system holding ``folder`` (Linux, through libc); False where
    it is not to be had."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        syncfs = libc.syncfs
    except (OSError, AttributeError):
        return False
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        return bool(syncfs(descriptor) == 0)
    finally:
        os.close(descriptor)
