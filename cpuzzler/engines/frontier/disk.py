"""The frontier engine with its layers on disk: counts past memory, resumable.

Each layer is kept in a work folder as shard files of records (``frontier.files``: the
records, their zstd blocks, the files' names), processed a batch of shards a task on the
workers of a backend (``frontier.workers``); a board its half turn maps onto itself
meets in the middle (``frontier.meeting``); ``frontier.report`` says where a folder's
count stands. This module runs the count: the layers in turn, the state saved, resumed.

In memory first. A new count runs in memory, as the engine without a folder does,
while its tables take at most ``MEMORY_SHARE`` (a third) of the memory cap; past it
the count stops between two states, the layers as they stand (the rest of the current
one, and the ones ahead) are written as shard files, and the count goes on from there on
disk. A count that fits never touches the disk (its ``state.json`` alone says it is
finished). A stop in memory (a time limit, Ctrl-C) writes the layers the same way, so the
count resumes from the folder; so does the end of ``IN_MEMORY_SECONDS`` (30 s), after
which the count goes on on disk: a ``kill -9`` loses at most that much of the start.

Several workers. With ``backend`` a ``cpuzzler.parts.backends`` backend (processes
here), each batch of a layer's shards is a task; the workers read the shard files from
the work folder and send back what they emitted, which this process alone appends. The
counts are the same. On a Dask cluster each worker keeps the shards it owns on its own
disk instead (``frontier.cluster``); a folder begun here before that goes on here with
a Dask backend too.

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
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cpuzzler.engines import _dlx
from cpuzzler.engines.frontier.files import (
    PACKING,
    RECORD_HEAD,
    RUNNING,
    STATE,
    Appender,
    drop_before,
    file_name,
    flush,
    packed,
    recounted,
    restore,
    save_state,
    unpacked,
)
from cpuzzler.engines.frontier.meeting import joined, meet_of
from cpuzzler.engines.frontier.workers import (
    OPENED,
    SHAPED,
    batches,
    before,
    layer_task,
    run_tasks,
    split_tail,
)
from cpuzzler.errors import ExactCoverError

__all__ = ["count_on_disk", "saved_state", "repack"]

DEFAULT_SHARDS = 64
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
    restore(work, state["sizes"])
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
    first = Appender(work)
    first.append(packed(outputs, PACKING))
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
            if reason == _dlx.TIMEOUT and before(deadline):  # its time in memory is up:
                state, reason, layers = None, _dlx.SPILL, []  # on disk
            if state is not None and reason != _dlx.DONE:  # stopped in memory: none saved
                return int(state["total"]), reason, layers
        if state is None and MEMORY_SHARE > 0:  # past the share met: the layers before
            # the kept ones in memory while they fit (and the time allows), then on disk
            state, reason, layers = _begun_in_memory(work, handle, digest, shards, memory,
                                                     until, noted, meet)
            if reason == _dlx.TIMEOUT and before(deadline):
                reason = _dlx.SPILL
    finally:
        (work / RUNNING).unlink(missing_ok=True)
    if state is None:
        state = _started(work, handle, digest, shards, meet)
    plan = state.get("meet")  # as the count was begun (folders from before: None)
    state["layers"] = len(order)  # for folder_report (folders begun before lack it)
    if pieces is not None:
        state["pieces"] = pieces
    save_state(work, state)  # what info reads, even if no layer is done before a stop
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
        OPENED.clear()
        SHAPED.clear()
        OPENED[digest, memory] = (handle, key_bytes)
    shared = backend.share(arguments)
    appender = Appender(work)
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
            reason = run_tasks(backend, [(layer_task, digest, shared, memory, k, names, shards,
                                       deadline, head, packing, plan) for names in files],
                            take)
            if reason != _dlx.DONE:  # the layer is redone on resuming
                return total, reason, layers
            seconds = time.perf_counter() - started
            # layer k done: what a resume needs (its files stay until the next save)
            known = {name: size for name, size in state["sizes"].items()
                     if int(name[6:12]) > k or name.startswith("keeps-")}
            for layer, shard in appender.touched:
                name = file_name(layer, shard)
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
            found, reason = joined(work, state, deadline, backend, digest, shared, memory)
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
        OPENED.pop((digest, memory), None)  # this process's problem, if it ran here
        SHAPED.discard((digest, memory))
    return total, _dlx.DONE, layers


def _save(work: Path, state: dict[str, Any], written: set[Path]) -> None:
    """Make ``state`` what a resume starts from (the files ``written`` flushed to disk
    first), then delete the files of the layers before it."""
    flush({path for path in written if path.exists()})
    save_state(work, state)
    drop_before(work, state["next"])


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
        data = unpacked(path.read_bytes(), packing, str(path))
        records = recounted(data, head, key_bytes[int(name[6:12])])
        with open(new / name, "wb") as out:
            out.write(packed([(0, 0, records)], PACKING)[0][2])
        state["sizes"][name] = (new / name).stat().st_size
    flush(set(new.glob("layer-*")))
    state.update(record_head=RECORD_HEAD, packing=PACKING)
    save_state(new, state)
