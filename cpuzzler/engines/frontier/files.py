"""The frontier engine's work folder: its files of records, their blocks, their names.

Each layer is kept in a work folder as files of records (``[count 8 bytes][key]``, the
key packed as the C code packs the layer's live items; a count past 2**63 takes two
records, see ``csrc/frontier.c``), split into shard files by the key's hash, so that
equal states always meet in the same file. The files hold the records in blocks packed
by zstd at level 1 (14-byte records of the heptiamonds 4x21 take about 6 bytes; 3 times
as fast as zlib's fastest level, which folders begun before used, and smaller), each
block ``[raw bytes 4][packed bytes 4][packed]``, packed by the worker that emitted it;
the top bit of the first field marks a zstd block (else zlib), so a folder begun with
zlib blocks goes on in zstd ones. Files are appended to by an ``Appender`` that keeps
them open, flushed to disk before a state is saved (a fsync each, or one syncfs for
many), and read ahead of the worker that needs them. ``state.json`` is swapped in
atomically. This module knows files and bytes only (``frontier.disk`` decides what a
count writes; ``workers`` and ``meeting`` what a task reads).
"""

from __future__ import annotations

import json
import os
import struct
import sys
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import zstandard

from cpuzzler.errors import ExactCoverError

T = TypeVar("T")

# what the engine's other modules use (the rest are this module's own)
__all__ = ["STATE", "RUNNING", "RECORD_HEAD", "PACKING", "KEPT", "Appender", "file_name",
           "flush", "packed", "unpacked", "read_records", "recounted", "one_write_a_file",
           "read_ahead", "will_need", "save_state", "restore", "drop_before"]

STATE = "state.json"
RUNNING = "running.json"  # a new count's layers in memory, until its state is saved
RECORD_HEAD = 8  # bytes of a record's count (folders from before these records: 16)
PACKING = "zstd"  # how new blocks of records are packed (folders from before: None, zlib)
PACKINGS = ("zlib", "zstd")  # the packings read: a folder of either goes on in zstd
BLOCK = struct.Struct("<II")  # a packed block's head: its bytes unpacked, and packed
BLOCK_LIMIT = 1 << 30  # records packed at most in one block
ZSTD_BLOCK = 1 << 31  # set in a block's first field: packed by zstd (else zlib)
_CODECS = threading.local()  # each thread's zstd compressor and decompressor
KEPT = 1 << 20  # outputs for layer KEPT + q: the useful states of kept layer q (meeting)


def save_state(work: Path, state: dict[str, Any]) -> None:
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


def restore(work: Path, sizes: dict[str, int]) -> None:
    """Files back to the recorded lengths ``sizes``; files it does not name deleted."""
    for path in [*work.glob("layer-*"), *work.glob("keeps-*")]:
        if path.name not in sizes:
            path.unlink()
        elif path.stat().st_size != sizes[path.name]:
            os.truncate(path, sizes[path.name])


def drop_before(work: Path, layer: int) -> None:
    """The files of the layers before ``layer`` deleted."""
    for path in work.glob("layer-*"):
        if int(path.name[6:12]) < layer:
            path.unlink()


def file_name(layer: int, shard: int) -> str:
    """A shard file's name: the layer (6 digits, from character 6), the shard; past
    KEPT, the copy kept for a meeting's lookups of layer ``layer - KEPT``."""
    if layer >= KEPT:
        return f"keeps-{layer - KEPT:06d}.{shard:04d}"
    return f"layer-{layer:06d}.{shard:04d}"


class Appender:
    """Appends records to the shard files, keeping them open (a step emits into every
    shard of every layer ahead: opening a file per write cost as much as the counting).
    Unbuffered: what is written is in the files at once, for the sizes and the reads."""

    def __init__(self, work: Path, name: Callable[[int, int], str] | None = None) -> None:
        self.work = work
        self.name = name or file_name  # a file's name from (layer, shard)
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


def flush(paths: set[Path]) -> None:
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


def packed(outputs: list[tuple[int, int, bytes]], packing: str | None
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


def unpacked(data: bytes, packing: str | None, path: str) -> bytes:
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


def _zstd() -> tuple[Any, Any]:
    """This thread's zstd compressor (level 1) and decompressor (a Dask worker runs
    tasks in threads; neither may serve two at once)."""
    if not hasattr(_CODECS, "zstd"):
        _CODECS.zstd = zstandard.ZstdCompressor(level=1), zstandard.ZstdDecompressor()
    return _CODECS.zstd  # type: ignore[no-any-return]


def read_records(path: Path, packing: str | None) -> bytes:
    with open(path, "rb") as source:
        return unpacked(source.read(), packing, str(path))


def recounted(data: bytes, head: int, key_bytes: int) -> bytes:
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


def one_write_a_file(outputs: list[tuple[int, int, bytes]]) -> list[tuple[int, int, bytes]]:
    """(layer, shard, blocks) with the blocks of each (layer, shard) joined, in the order
    first met."""
    joined: dict[tuple[int, int], list[bytes]] = {}
    for layer, shard, blocks in outputs:
        joined.setdefault((layer, shard), []).append(blocks)
    return [(layer, shard, b"".join(blocks)) for (layer, shard), blocks in joined.items()]


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
