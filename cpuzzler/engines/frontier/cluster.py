"""The frontier engine on a Dask cluster, each worker keeping its own shards on its disk.

``frontier.disk`` keeps a layer's shard files in one folder and this process appends
what the workers emit. Here the shards are owned: of ``W`` owners (one a worker when the
count begins), owner ``i`` keeps the shards ``s`` with ``s % W == i`` in the folder
``<work_dir>/owner-<i>`` as its worker sees that path (on a cluster of machines, each
machine's own disk), and processes them there. What a shard emits for later layers goes
from worker to worker, in Dask's transfers between workers, never through this
process, to the owners of those states, which append it to their files. This process
keeps ``state.json`` alone: the next layer, the total so far, every owner's files and
their lengths, the layer profile. The records are ``frontier.disk``'s.

Resuming. After a layer, when a save is due, every owner flushes its files to disk
(their lengths came back with the appends); ``state.json`` is replaced; then the owners
delete the files of the layers before it. Started again on the same folder, the count
asks every worker which owners' folders it holds (each folder has an ``owner.json``
naming the problem and the owner), gives each owner to a worker holding its folder, cuts
every file back to its recorded length and goes on from the recorded layer. A worker
lost mid-count (its process killed, its machine rebooted) is waited for, ``REJOIN``
seconds at most: once a worker holds the lost owner's folder again (Dask's nanny
restarts a killed worker on the same machine), the count takes up the last save in the
same way and redoes the layers since. A folder no worker holds then is named in the
error: its shards are on no disk this cluster reaches.

Meeting in the middle (``csrc/meet.c``). A board its half turn maps onto itself runs its
layers to the middle, the kept layers' copies going to the owners of their shards like
anything else emitted; then the join runs on the owners: each gathers the cells of its
kept states (``gather``), which every worker takes from all owners before it looks up
its middle shards (``look_up``); the lookups go to the owners of the shards they read,
into lookup files, and each owner reads those against its own shards (``dots``). A stop
in the join redoes it.

Run the workers single-threaded (``dask worker --nthreads 1 --nworkers N``): a worker's
tasks share its problem, opened once.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cpuzzler.engines import _dlx
from cpuzzler.engines.frontier import disk, files, meeting, workers
from cpuzzler.engines.frontier.files import PACKING, RECORD_HEAD, STATE
from cpuzzler.engines.frontier.meeting import looked_up
from cpuzzler.errors import ExactCoverError

__all__ = ["WorkerLost", "count_owned"]

OWNER = "owner.json"  # in each owner's folder: the problem and the owner it holds
WAIT = 2.0  # seconds between looks at the cluster's workers while tasks run
REJOIN = 60.0  # seconds a count waits for a lost owner's folder to be held again
QUERIES = "query"  # _APPENDERS' key of an owner's lookup files: its folder / QUERIES
_APPENDERS: dict[str, tuple[threading.Lock, files.Appender]] = {}  # per folder


def owner_folder(work_dir: str, owner: int) -> Path:
    """Where owner ``owner`` keeps its shards, on its worker's disk."""
    return Path(work_dir) / f"owner-{owner}"


class WorkerLost(ExactCoverError):
    """A worker holding owners' shards left the cluster while the count ran."""


# -- the tasks, run on the workers -------------------------------------------------------

def survey(work_dir: str, digest: str, owners: int) -> list[int]:
    """A task: the owners whose folders, holding ``digest``'s count, this worker sees."""
    held = []
    for owner in range(owners):
        try:
            mark = json.loads((owner_folder(work_dir, owner) / OWNER).read_text())
        except (OSError, ValueError):
            continue
        if mark == {"problem": digest, "owner": owner}:
            held.append(owner)
    return held


def prepare(work_dir: str, owner: int, digest: str, sizes: dict[str, int] | None) -> None:
    """A task: the owner's folder made ready. ``sizes`` None: a new count (the folder
    made, or emptied of an unsaved start of the same count); else the files cut back to
    ``sizes`` and the files it does not name deleted."""
    folder = owner_folder(work_dir, owner)
    _close_appender(str(folder))  # from a count before, or one redone
    mark = {"problem": digest, "owner": owner}
    if sizes is None:
        folder.mkdir(parents=True, exist_ok=True)
        try:
            same = json.loads((folder / OWNER).read_text()) == mark
        except (OSError, ValueError):
            same = False
        if not same and any(folder.iterdir()):
            raise ExactCoverError(f"{folder}: the owner's folder is not empty and holds "
                                  "no start of this count; give an empty work folder")
        for path in folder.glob("layer-*"):  # nothing of them was saved
            path.unlink()
        (folder / OWNER).write_text(json.dumps(mark))
        files.flush({folder / OWNER})
        return
    files.restore(folder, sizes)


def process(work_dir: str, owner: int, owners: int, digest: str, arguments: tuple[Any, ...],
            memory: float, k: int, batch: list[str], shards: int, deadline: float | None,
            meet: list[int] | None = None,
            ) -> tuple[int, int, int, dict[int, list[tuple[int, int, bytes]]]]:
    """A task: process the owner's files ``batch`` of layer ``k``. Returns (reason,
    solutions reached, states processed, what they emitted by the owner it goes to); on
    a stop, nothing emitted. ``meet``: the state's (the kept layers' copies go out too,
    to the owners of their shards)."""
    folder = owner_folder(work_dir, owner)
    reason, found, done, outputs = workers.process_shards(
        digest, arguments, memory, k, [str(folder / name) for name in batch],
        shards, deadline, RECORD_HEAD, PACKING, meet)
    return reason, found, done, _by_owner(outputs, owners)


def gather(work_dir: str, owner: int, digest: str, arguments: tuple[Any, ...],
           memory: float, meet: list[int], names: list[str]) -> bytes:
    """A task of a join: the cells of the states of the owner's kept files ``names``
    (``csrc/meet.c``, On disk), as bytes for the other owners' workers."""
    handle = meeting.meeting(digest, arguments, memory, meet)
    meeting.shapes_of(handle, owner_folder(work_dir, owner), names, RECORD_HEAD, PACKING)
    return _dlx.frontier_meet_shapes_out(handle)


def look_up(work_dir: str, owner: int, owners: int, digest: str, arguments: tuple[Any, ...],
            memory: float, meet: list[int], cells: list[bytes], batch: list[str],
            shards: int, deadline: float | None
            ) -> tuple[int, int, int, dict[int, list[tuple[int, int, bytes]]]]:
    """A task of a join: the lookups of the owner's middle files ``batch``, by the owner
    of the kept shard each reads (every owner's ``cells`` gathered first, once in each
    process); returned as ``process``'s (no solutions, no states)."""
    def take_cells(handle: Any) -> None:
        for part_cells in cells:
            _dlx.frontier_meet_shapes_in(handle, part_cells)

    handle = meeting.meeting(digest, arguments, memory, meet, take_cells)
    reason, outputs = meeting.lookups_of(handle, owner_folder(work_dir, owner), batch, shards,
                                      RECORD_HEAD, PACKING, deadline)
    return reason, 0, 0, _by_owner(outputs, owners)


def dots(work_dir: str, owner: int, digest: str, arguments: tuple[Any, ...], memory: float,
         meet: list[int], pairs: list[tuple[str, str]], deadline: float | None
         ) -> tuple[int, int]:
    """A task of a join: ``meeting.meet_dots`` on the owner's lookup files ``pairs``."""
    return meeting.meet_dots(digest, arguments, memory, meet, str(owner_folder(work_dir, owner)),
                          pairs, RECORD_HEAD, PACKING, deadline)


def queries(work_dir: str, owner: int) -> list[str]:
    """A task of a join, on the owner's worker: its lookup files' appender closed, and
    their names."""
    folder = owner_folder(work_dir, owner)
    _close_appender(str(folder / QUERIES))
    return sorted(path.name for path in folder.glob("query-*"))


def drop(work_dir: str, owner: int, pattern: str) -> None:
    """A task, on the owner's worker: its files named by ``pattern`` deleted (its lookup
    files' appender closed first: one left open by a join stopped before would append
    to the files deleted)."""
    folder = owner_folder(work_dir, owner)
    _close_appender(str(folder / QUERIES))
    for path in folder.glob(pattern):
        path.unlink()


def _close_appender(key: str) -> None:
    """The appender ``_APPENDERS`` keeps under ``key`` (a folder, or its lookup files'
    key) closed and forgotten, if there is one."""
    entry = _APPENDERS.pop(key, None)
    if entry is not None:
        entry[1].close()


def _by_owner(outputs: list[tuple[int, int, bytes]], owners: int
              ) -> dict[int, list[tuple[int, int, bytes]]]:
    """(layer, shard, records) grouped by the owner of the shard."""
    parts: dict[int, list[tuple[int, int, bytes]]] = {}
    for output in outputs:
        parts.setdefault(output[1] % owners, []).append(output)
    return parts


def summary(result: tuple[int, int, int, dict[int, Any]]) -> tuple[int, int, int]:
    """A task, where ``process``'s result is: all of it but the records."""
    return result[0], result[1], result[2]


def part(result: tuple[int, int, int, dict[int, Any]], owner: int
         ) -> list[tuple[int, int, bytes]]:
    """A task, where ``process``'s result is: the records it emitted for ``owner``."""
    records: list[tuple[int, int, bytes]] = result[3].get(owner, [])
    return records


def append(work_dir: str, owner: int, outputs: list[tuple[int, int, bytes]],
           lookups: bool = False) -> dict[str, int]:
    """A task, on the owner's worker: append ``outputs`` to its files (its lookup files,
    where ``lookups``). Returns the lengths of the files written."""
    folder = owner_folder(work_dir, owner)
    name = meeting.query_name if lookups else files.file_name
    lock, appender = _APPENDERS.setdefault(
        str(folder / QUERIES) if lookups else str(folder),
        (threading.Lock(), files.Appender(folder, name)))
    with lock:
        appender.append(outputs)
        return {file: (folder / file).stat().st_size
                for file in {name(layer, shard) for layer, shard, _ in outputs}}


def flush(work_dir: str, owner: int) -> None:
    """A task, on the owner's worker: its files written since the last save on disk."""
    entry = _APPENDERS.get(str(owner_folder(work_dir, owner)))
    if entry is not None:
        lock, appender = entry
        with lock:
            appender.close()
            files.flush({path for path in appender.written if path.exists()})
            appender.written = set()


def prune(work_dir: str, owner: int, next_layer: int) -> None:
    """A task, on the owner's worker: the files of the layers before ``next_layer``
    deleted."""
    files.drop_before(owner_folder(work_dir, owner), next_layer)


# -- the count, run here ---------------------------------------------------------------

class _Owners:
    """The owners' workers on the cluster, and the tasks sent to them."""

    def __init__(self, client: Any, work_dir: str, assignment: dict[int, str]) -> None:
        self.client, self.work_dir, self.assignment = client, work_dir, assignment
        threads = client.nthreads()
        self.threads = {owner: threads.get(worker, 1) for owner, worker in assignment.items()}

    def submit(self, owner: int, function: Callable[..., Any], *args: Any) -> Any:
        """``function`` run on ``owner``'s worker and nowhere else."""
        return self.client.submit(function, *args, workers=[self.assignment[owner]],
                                  allow_other_workers=False, pure=False)

    def on_each(self, function: Callable[..., Any], *args: Any) -> None:
        """``function(work_dir, owner, *args)`` on every owner, waited for."""
        self.wait_all([self.submit(owner, function, self.work_dir, owner, *args)
                       for owner in self.assignment])

    def wait_all(self, futures: list[Any]) -> None:
        pending = set(futures)
        while pending:
            pending -= self.wait(pending)

    def wait(self, futures: set[Any]) -> set[Any]:
        """The futures of ``futures`` that finished (at least one; a task's error is
        raised), watching that no owner's worker left the cluster meanwhile."""
        import distributed

        while True:
            try:
                with self.client.as_current():
                    done, _ = distributed.wait(  # type: ignore[no-untyped-call]
                        futures, timeout=WAIT, return_when="FIRST_COMPLETED")
            except TimeoutError:
                done = set()
            except distributed.client.FuturesCancelledError as e:  # a worker's death
                self.check_workers(patience=10.0)  # forgets what it held or ran
                raise ExactCoverError(f"tasks of the count were cancelled on the "
                                      f"cluster: {e}") from None
            for future in done:
                if future.status == "error":
                    if future.exception().__class__.__name__ == "KilledWorker":
                        self.check_workers(patience=10.0)
                    _raise(future)
            if done:
                return set(done)
            self.check_workers()

    def check_workers(self, patience: float = 0.0) -> None:
        """``WorkerLost`` if an owner's worker has left the cluster (looking for
        ``patience`` seconds, while the scheduler notices a death)."""
        end = time.monotonic() + patience
        while True:
            present = set(self.client.scheduler_info(n_workers=-1)["workers"])
            for owner, worker in sorted(self.assignment.items()):
                if worker not in present:
                    raise WorkerLost(
                        f"the worker {worker} holding the shards of owner {owner} "
                        f"({owner_folder(self.work_dir, owner)}) left the cluster and no "
                        f"worker took its folder up within {REJOIN:g} s; start it again "
                        "on the same machine and run the count again: it goes on from "
                        "its last saved layer")
            if time.monotonic() >= end:
                return
            time.sleep(0.2)


def _raise(future: Any) -> None:
    """The error of a task that failed: its own ``ExactCoverError`` as it is."""
    try:
        future.result()
    except ExactCoverError:
        raise
    except Exception as e:  # another error of the task, or Dask's KilledWorker
        raise ExactCoverError(f"a shard failed on the cluster: {type(e).__name__}: "
                              f"{e}") from None


def _workers(client: Any) -> list[str]:
    return sorted(client.scheduler_info(n_workers=-1)["workers"])


def _assigned(client: Any, work_dir: str, digest: str, owners: int) -> dict[int, str]:
    """Each owner given to a worker that holds its folder (the least loaded first)."""
    answers = client.run(survey, work_dir, digest, owners, on_error="return")
    held = {worker: answer for worker, answer in answers.items()
            if not isinstance(answer, BaseException)}  # a worker just lost says nothing
    workers = sorted(held)
    load = dict.fromkeys(workers, 0)
    assignment = {}
    for owner in range(owners):
        holders = [worker for worker in workers if owner in held[worker]]
        if not holders:
            raise ExactCoverError(
                f"no worker holds the shards of owner {owner} of {owners} "
                f"({owner_folder(work_dir, owner)}, with its {OWNER}): start the worker "
                "of the machine that kept them, or begin the count again in an empty "
                "folder")
        worker = min(holders, key=lambda w: load[w])
        assignment[owner] = worker
        load[worker] += 1
    return assignment


def count_owned(arguments: tuple[Any, ...], memory: float, work_dir: str | os.PathLike[str],
                client: Any, *, shards: int = disk.DEFAULT_SHARDS,
                deadline: float | None = None,
                after_layer: Callable[[int, int, int, float], None] | None = None,
                checkpoint_every: float = disk.CHECKPOINT_SECONDS,
                pieces: int | None = None, meet_cells: int = 0,
                ) -> tuple[int, int, list[tuple[int, int, float]]]:
    """``disk.count_on_disk`` on the workers of the Dask ``client``, each owner
    keeping its shards in its own folder under ``work_dir``: the same count, the same
    returns (count, reason, per layer (states, bytes of its files, seconds)).
    ``meet_cells``: meet in the middle where it applies (``sweep.meet_places``), the
    join's tasks on the owners too."""
    lo, hi, secondary, options, order, colours = arguments
    if shards < 1:
        raise ExactCoverError(f"the number of shards must be at least 1, not {shards}")
    work = Path(work_dir)
    try:
        work.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ExactCoverError(f"{work}: cannot make the work folder ({e.strerror})") from None
    digest = disk.fingerprint(lo, hi, secondary, [list(o) for o in options], order,
                                       colours)
    state = _resumed(work, digest)
    if state is None:
        workers = _workers(client)
        if not workers:
            raise ExactCoverError("the cluster has no workers to own the shards; start "
                                  "some (dask worker ADDRESS) and run the count again")
        owners = _Owners(client, str(work), dict(enumerate(workers)))
        owners.on_each(prepare, digest, None)
        state = _started(work, owners, digest, shards, arguments, memory, meet_cells)
    else:
        owners = _restored(client, work, digest, state)
    first = state["next"]
    layers: list[tuple[int, int, float]] = []
    while True:
        state["layers"] = len(order)
        if pieces is not None:
            state["pieces"] = pieces
        try:
            # the problem sent to the owners' workers (a worker just lost would hang it)
            shared = client.scatter(arguments, broadcast=True,
                                    workers=sorted(set(owners.assignment.values())))
            return _run(owners, work, state, digest, shared, memory, deadline, after_layer,
                        checkpoint_every, layers)
        except WorkerLost:  # its folder taken up again (a worker restarted): redone
            end = time.monotonic() + REJOIN
            if deadline is not None:
                end = min(end, time.monotonic() + deadline - time.time())
            state = json.loads((work / STATE).read_text())  # the last save
            while True:
                try:
                    owners = _restored(client, work, digest, state)
                    break
                except ExactCoverError:
                    if time.monotonic() >= end:
                        raise
                    time.sleep(1.0)
            del layers[state["next"] - first:]  # the layers after the save are redone


def _restored(client: Any, work: Path, digest: str, state: dict[str, Any]) -> _Owners:
    """The owners of the saved ``state`` given to workers holding their folders, the
    files cut back to the saved lengths."""
    owners = _Owners(client, str(work), _assigned(client, str(work), digest, state["owners"]))
    owners.wait_all([owners.submit(owner, prepare, str(work), owner, digest,
                                   state["sizes"][str(owner)])
                     for owner in owners.assignment])
    return owners


def _run(owners: _Owners, work: Path, state: dict[str, Any], digest: str, shared: Any,
         memory: float, deadline: float | None,
         after_layer: Callable[[int, int, int, float], None] | None,
         checkpoint_every: float, layers: list[tuple[int, int, float]],
         ) -> tuple[int, int, list[tuple[int, int, float]]]:
    """The count from the layer ``state`` names on to the end or a stop, each layer's
    (states, bytes, seconds) appended to ``layers``."""
    total, reason = int(state["total"]), _dlx.DONE
    saved, unsaved = time.monotonic(), False
    meet = state.get("meet")
    end = meet[0] if meet else state["layers"]  # meeting: the layers up to the middle
    try:
        for k in range(state["next"], end):
            started = time.perf_counter()
            (reason, found), states, held, sizes = _layer(owners, state, k, digest, shared,
                                                          memory, deadline)
            if reason != _dlx.DONE:  # the layer is redone on resuming
                return total + found, reason, layers
            total += found
            for owner, files in sizes.items():
                state["sizes"][str(owner)].update(files)
            seconds = time.perf_counter() - started
            state.update(next=k + 1, total=str(total))
            state.setdefault("profile", []).append([k, states, held, seconds])
            unsaved = True
            if time.monotonic() - saved >= checkpoint_every or k == end - 1:
                _save(owners, work, state)
                saved, unsaved = time.monotonic(), False
            layers.append((states, held, seconds))
            if after_layer is not None:
                after_layer(k, states, held, seconds)
        if meet and state["next"] == end:  # the middle: joined, then finished
            found, reason = _joined(owners, state, digest, shared, memory, deadline)
            if reason != _dlx.DONE:  # the join is redone on resuming
                return total + found, reason, layers
            total += found
            state.update(next=state["layers"], total=str(total),
                         sizes={str(owner): {} for owner in range(state["owners"])})
            _save(owners, work, state)
            owners.on_each(drop, "keeps-*")  # once the finished count is saved
    except KeyboardInterrupt:
        reason = _dlx.INTERRUPTED
        return total, reason, layers
    except WorkerLost:  # nothing more can be saved: the count goes on from the last save
        unsaved = False
        raise
    finally:  # the layers finished since the last save are kept (after a stop too)
        if unsaved:
            _save(owners, work, state)
    return total, reason, layers


def _resumed(work: Path, digest: str) -> dict[str, Any] | None:
    """The state of the owned count in ``work``, or ``None`` for a new count; an error
    for a folder holding anything else."""
    path = work / STATE
    if not path.exists():
        if any(p for p in work.iterdir() if not p.name.startswith("owner-")):
            raise ExactCoverError(f"{work}: the work folder is not empty and holds no count")
        return None
    return disk.saved_state(
        work, digest, {"problem", "shards", "owners", "next", "total", "sizes"},
        "not the state of a frontier count with owned shards (a count begun with the "
        "shards in one folder goes on in this version with --jobs, not on a cluster)")


def _started(work: Path, owners: _Owners, digest: str, shards: int,
             arguments: tuple[Any, ...], memory: float, meet_cells: int = 0
             ) -> dict[str, Any]:
    """A new count: the first step (from nothing) sent to the owners and saved; its
    state's ``"meet"`` the plan where it meets in the middle (as ``disk``'s), else
    None."""
    lo, hi, secondary, options, order, colours = arguments
    handle, _ = _dlx.frontier_open(lo, hi, secondary, options, order, memory, colours)
    meet = meeting.meet_of(handle, meet_cells)
    _, _, found, _, outputs = _dlx.frontier_step(handle, -1, b"", shards, -1.0, RECORD_HEAD)
    count = len(owners.assignment)
    parts = _by_owner(files.packed(outputs, PACKING), count)
    sizes: dict[str, dict[str, int]] = {str(owner): {} for owner in range(count)}
    for owner, written in zip(parts, owners.client.gather(
            [owners.submit(owner, append, owners.work_dir, owner, outputs)
             for owner, outputs in parts.items()]), strict=True):
        sizes[str(owner)].update(written)
    state = {"problem": digest, "shards": shards, "owners": count, "next": 0,
             "total": str(found), "sizes": sizes, "record_head": RECORD_HEAD,
             "packing": PACKING, "meet": meet}
    _save(owners, work, state)
    return state


def _layer(owners: _Owners, state: dict[str, Any], k: int, digest: str, shared: Any,
           memory: float, deadline: float | None
           ) -> tuple[tuple[int, int], int, int, dict[int, dict[str, int]]]:
    """Layer ``k`` processed on the owners, what each shard emits appended by the
    owners it goes to. Returns ((reason, solutions reached), states processed, bytes of
    the layer's files, the new lengths of the files appended to, by owner)."""
    prefix = f"layer-{k:06d}."
    held = sum(size for files in state["sizes"].values() for name, size in files.items()
               if name.startswith(prefix))

    def task(owner: int, batch: list[str]) -> Any:
        return owners.submit(owner, process, owners.work_dir, owner, state["owners"], digest,
                             shared, memory, k, batch, state["shards"], deadline,
                             state.get("meet"))

    outcome, states, sizes = _spread(owners, state, lambda name: name.startswith(prefix),
                                     memory, task)
    return outcome, states, held, sizes


def _spread(owners: _Owners, state: dict[str, Any], chosen: Callable[[str], bool],
            memory: float, task: Callable[[int, list[str]], Any], lookups: bool = False,
            ) -> tuple[tuple[int, int], int, dict[int, dict[str, int]]]:
    """Each owner's files that are ``chosen`` run in batches by ``task(owner, batch)``
    (a future of a result as ``process``'s), two a thread in flight, what each emits
    appended by the owners it goes to (to their lookup files where ``lookups``).
    Returns ((reason, solutions reached), states processed, the new lengths of the
    files appended to, by owner)."""
    client, work_dir, count = owners.client, owners.work_dir, state["owners"]
    # a task's files at most a sixteenth of the memory: its output is held until sent on
    waiting = {owner: workers.batches(
        sorted((name, size) for name, size in state["sizes"][str(owner)].items()
               if chosen(name)), memory / 16, state["shards"])
        for owner in range(count)}
    running = dict.fromkeys(range(count), 0)
    tasks: dict[Any, tuple[str, int]] = {}  # future: (kind, owner)
    found = states = 0
    sizes: dict[int, dict[str, int]] = {owner: {} for owner in range(count)}
    try:
        while any(waiting.values()) or tasks:
            for owner, left in waiting.items():  # two tasks a thread in flight
                while left and running[owner] < 2 * owners.threads[owner]:
                    result = task(owner, left.pop())
                    tasks[owners.submit(owner, summary, result)] = ("summary", owner)
                    for target in range(count):  # from this worker to the owner's, at once
                        records = owners.submit(owner, part, result, target)
                        tasks[owners.submit(target, append, work_dir, target, records,
                                            lookups)] = ("append", target)
                    running[owner] += 1
            finished = list(owners.wait(set(tasks)))
            for future, answer in zip(finished, client.gather(finished), strict=True):
                kind, owner = tasks.pop(future)
                if kind == "append":
                    for name, size in answer.items():
                        sizes[owner][name] = max(sizes[owner].get(name, 0), size)
                    continue
                running[owner] -= 1
                reason, reached, done = answer
                if reason != _dlx.DONE:
                    return (reason, found + reached), states, sizes
                found += reached
                states += done
    finally:  # after a stop or a lost worker nothing of this layer goes on
        client.cancel(list(tasks))
    return (_dlx.DONE, found), states, sizes


def _joined(owners: _Owners, state: dict[str, Any], digest: str, shared: Any,
            memory: float, deadline: float | None) -> tuple[int, int]:
    """A count met in the middle on the cluster, its layers run to the middle, joined
    (``meeting.joined``'s steps, each owner's on its worker): every owner gathers the
    cells of its kept files, all of which each worker takes; each owner's middle files
    are looked up, the lookups sent to the owners of the kept shards they read, into
    lookup files; each owner reads its lookup files against its shards. Returns the
    solutions (those of the layers run before not counted) and the reason; a stop
    leaves nothing (run again: the join is redone)."""
    middle = (meet := state["meet"])[0]
    count, sizes = state["owners"], state["sizes"]
    owners.on_each(drop, "query-*")  # from a join stopped before
    cells = [owners.submit(owner, gather, owners.work_dir, owner, digest, shared, memory, meet,
                           sorted(name for name in sizes[str(owner)] if looked_up(name, meet)))
             for owner in range(count)]

    def task(owner: int, batch: list[str]) -> Any:
        return owners.submit(owner, look_up, owners.work_dir, owner, count, digest, shared,
                             memory, meet, cells, batch, state["shards"], deadline)

    (reason, _), _, _ = _spread(owners, state, lambda name: meeting.in_middle(name, middle),
                                memory, task, lookups=True)
    if reason != _dlx.DONE:
        return 0, reason
    futures = []
    for owner, written in enumerate(owners.client.gather(
            [owners.submit(owner, queries, owners.work_dir, owner) for owner in range(count)])):
        pairs = [(name, meeting.read_by(name, middle)) for name in written]
        pairs = [(name, read) for name, read in pairs if read in sizes[str(owner)]]
        most = workers.share(len(pairs), 4 * owners.threads[owner])
        futures += [owners.submit(owner, dots, owners.work_dir, owner, digest, shared, memory,
                                  meet, pairs[at:at + most], deadline)
                    for at in range(0, len(pairs), most)]
    owners.wait_all(futures)
    found, reason = 0, _dlx.DONE
    for outcome, total in owners.client.gather(futures):
        found += total
        if outcome != _dlx.DONE:
            reason = outcome
    owners.on_each(drop, "query-*")  # those that read no kept shard, and any left
    return found, reason


def _save(owners: _Owners, work: Path, state: dict[str, Any]) -> None:
    """Every owner's files flushed to disk, then ``state`` made what a resume starts
    from, then the files of the layers before it deleted."""
    owners.on_each(flush)
    for sizes in state["sizes"].values():
        for name in [name for name in sizes
                     if name.startswith("layer-") and int(name[6:12]) < state["next"]]:
            del sizes[name]
    files.save_state(work, state)
    owners.on_each(prune, state["next"])
