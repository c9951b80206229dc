"""The frontier engine with its layers on disk: counts past memory, resumable.

Each layer is kept in a work folder as files of records (``[count 16 bytes][key]``, the
key packed as the C code packs the layer's live items), split into ``shards`` files by
the key's hash, so that equal states always meet in the same file. A layer is processed
one shard at a time: the shard is loaded into memory (states merged), processed, and
what it emits is appended to the shard files of later layers. Only one shard and its
output are in memory at once; a shard too big for the memory cap is processed in
pieces (equal states in different pieces are then not merged: still exact, slower).

Several workers. A layer's shards are independent: with ``backend`` a
``cpuzzler.backends`` backend (processes here, or a Dask cluster), each shard is a task
(``process_shard``), run where the backend runs it; the workers read the shard files
from the work folder (on a cluster, a folder every worker can read), and send back
what they emitted, which this process alone appends. The counts are the same.

Resuming. After each layer every file written is flushed to disk (fsync), then
``state.json`` records the next layer, the total so far and the length of every file,
and is swapped in atomically. Started again on the same folder (after a time limit,
Ctrl-C or ``kill -9``), the count cuts every file back to its recorded length (dropping
what the interrupted layer had appended), deletes files it does not know, and goes on
from the recorded layer. A folder holding another problem's count is refused.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cpuzzler.engines import _dlx
from cpuzzler.errors import ExactCoverError

STATE = "state.json"
DEFAULT_SHARDS = 64
_OPENED: dict[tuple[str, float], Any] = {}  # in each worker: the problem last opened


def fingerprint(*arguments: object) -> str:
    """A digest of the problem as the engine sees it (a resumed count must be the same)."""
    return hashlib.sha256(json.dumps(arguments, separators=(",", ":")).encode()).hexdigest()


def _layer_files(work: Path, k: int) -> list[Path]:
    return sorted(work.glob(f"layer-{k:06d}.*"))


def _save_state(work: Path, state: dict) -> None:
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


def _restore(work: Path, state: dict) -> None:
    """Files back to the lengths ``state`` recorded; files it does not name deleted."""
    sizes = state["sizes"]
    for path in work.glob("layer-*"):
        if path.name not in sizes:
            path.unlink()
        elif path.stat().st_size != sizes[path.name]:
            os.truncate(path, sizes[path.name])


def count_on_disk(arguments: tuple, memory: float, work_dir: str | os.PathLike, *,
                  shards: int = DEFAULT_SHARDS, deadline: float | None = None,
                  after_layer: Callable[[int, int, int, float], None] | None = None,
                  backend: Any = None) -> tuple[int, str, list[tuple[int, int, float]]]:
    """Count the problem given as ``frontier_count``'s first arguments (lo, hi,
    secondary, options, order, colours) with its layers in ``work_dir``, the shards run
    by ``backend`` (default: in this process). ``deadline``: a ``time.time()``. Returns
    the count (a lower bound when stopped), the reason (``_dlx`` numbering) and, per layer
    processed in this run, (states processed, bytes of its files, seconds)."""
    lo, hi, secondary, options, order, colours = arguments
    if shards < 1:
        raise ExactCoverError(f"the number of shards must be at least 1, not {shards}")
    handle, key_bytes = _dlx.frontier_open(lo, hi, secondary, options, order, memory, colours)
    work = Path(work_dir)
    try:
        work.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ExactCoverError(f"{work}: cannot make the work folder ({e.strerror})") from None
    digest = fingerprint(lo, hi, secondary, [list(o) for o in options], order, colours)
    state_path = work / STATE
    if state_path.exists():
        try:
            state = json.loads(state_path.read_text())
        except (OSError, ValueError) as e:
            raise ExactCoverError(f"{state_path}: not a frontier engine's state ({e})") from None
        if state.get("problem") != digest:
            raise ExactCoverError(f"{work}: the work folder holds the count of another "
                                  "problem; give an empty folder")
        _restore(work, state)
        shards = state["shards"]
    else:
        if any(work.iterdir()):
            raise ExactCoverError(f"{work}: the work folder is not empty and holds no count")
        state = {"problem": digest, "shards": shards, "next": 0, "total": "0", "sizes": {}}
        reason, _, found, _, outputs = _dlx.frontier_step(handle, -1, b"", shards, -1.0)
        touched = _append(work, outputs)
        _flush(touched)
        state["total"] = str(found)
        state["sizes"] = {p.name: p.stat().st_size for p in work.glob("layer-*")}
        _save_state(work, state)
    total = int(state["total"])
    layers: list[tuple[int, int, float]] = []
    if backend is None:
        from cpuzzler.backends import InProcess

        backend = InProcess()
        _OPENED.clear()
        _OPENED[digest, memory] = (handle, key_bytes)
    shared = backend.share(arguments)
    for k in range(state["next"], len(order)):
        started = time.perf_counter()
        files = _layer_files(work, k)
        held = sum(path.stat().st_size for path in files)
        states, touched, running = 0, set(), 0
        try:
            while files or running:
                while files and running < backend.workers:  # a few in flight at a time
                    backend.submit(None, process_shard, digest, shared, memory, k,
                                   str(files.pop()), shards, deadline)
                    running += 1
                _, (reason, found, done, outputs) = backend.next()
                running -= 1
                if reason != _dlx.DONE:  # the layer is redone on resuming
                    return total, reason, layers
                touched |= _append(work, outputs)
                total += found
                states += done
        except KeyboardInterrupt:
            return total, _dlx.INTERRUPTED, layers
        _flush(touched)
        for path in _layer_files(work, k):
            path.unlink()
        state.update(next=k + 1, total=str(total),
                     sizes={p.name: p.stat().st_size for p in work.glob("layer-*")})
        _save_state(work, state)
        seconds = time.perf_counter() - started
        layers.append((states, held, seconds))
        if after_layer is not None:
            after_layer(k, states, held, seconds)
    return total, _dlx.DONE, layers


def process_shard(digest: str, arguments: tuple, memory: float, k: int, path: str,
                  shards: int, deadline: float | None) -> tuple[int, int, int, list]:
    """A task: process the shard file ``path`` of layer ``k``, in pieces that fit
    ``memory``. Returns (reason, solutions reached, states processed, what was emitted
    as (layer, shard, records)); on a stop, nothing emitted."""
    if (digest, memory) not in _OPENED:
        _OPENED.clear()
        lo, hi, secondary, options, order, colours = arguments
        _OPENED[digest, memory] = _dlx.frontier_open(lo, hi, secondary, options, order,
                                                     memory, colours)
    handle, key_bytes = _OPENED[digest, memory]
    record = 16 + key_bytes[k]
    piece_bytes = max(record, int(memory / 4) // record * record)
    with open(path, "rb") as source:
        data = source.read()
    total = states = at = 0
    outputs: list = []
    while at < len(data):
        piece = data[at:at + piece_bytes]
        left = -1.0 if deadline is None else max(0.0, deadline - time.time())
        reason, no_memory, found, done, emitted = _dlx.frontier_step(handle, k, piece, shards,
                                                                    left)
        if no_memory:
            if piece_bytes == record:
                raise ExactCoverError(
                    f"the frontier engine cannot hold one state of layer {k} and what it "
                    f"emits in {memory:,.0f} bytes; give it more memory")
            piece_bytes = max(record, piece_bytes // 2 // record * record)
            continue
        if reason != _dlx.DONE:
            return reason, total, states, []
        outputs += emitted
        total += found
        states += done
        at += len(piece)
    return _dlx.DONE, total, states, outputs


def _append(work: Path, outputs: list[tuple[int, int, bytes]]) -> set[Path]:
    touched = set()
    for layer, shard, records in outputs:
        path = work / f"layer-{layer:06d}.{shard:04d}"
        with open(path, "ab") as out:
            out.write(records)
        touched.add(path)
    return touched


def _flush(paths: set[Path]) -> None:
    for path in paths:
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
