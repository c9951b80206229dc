"""Count in parts: spread a count over processes, stop it, and resume it later.

The search is cut into independent parts (see ``cpuzzler.subproblems``; for a tiling
counted up to symmetry, the parts of its symmetry-reduced search). Each part is counted on
its own, by any engine, in any process; a checkpoint file records every finished part, so a
run stopped by Ctrl-C, a time limit or a crash goes on where it stopped when it is started
again with the same file.

>>> from cpuzzler.models import queens
>>> count_in_parts(queens(8), jobs=1)
(92, 92)
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
import os
import signal
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cpuzzler.errors import ExactCoverError, InputFormatError, TimeUp
from cpuzzler.results import DONE, INTERRUPTED, TIMEOUT, Count

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover
    from cpuzzler.models.tiling import Tiling
    from cpuzzler.subproblems import Subproblem

FORMAT = "cpuzzler checkpoint 1"
MIN_PARTS = 64  # split until there are at least this many parts (or MAX_DEPTH levels)
MAX_DEPTH = 4
SAVE_EVERY = 1.0  # seconds between checkpoint writes while parts keep finishing


@dataclass
class Plan:
    """The parts of one count: ``("part", k)`` counts ``parts[k]`` (each solution standing
    for ``factor`` raw ones); ``("symmetric", rep)`` is a tiling's reduced search at a
    placement with a non-trivial stabiliser (see ``Tiling.count_at_symmetric_rep``)."""

    problem: ExactCover | Tiling
    symmetry: str
    depth: int
    parts: list[Subproblem]
    tasks: list[tuple[str, int]]
    factor: int = 1
    key: str = field(default="")

    def run(self, index: int, engine: str | None, deadline: float | None
            ) -> tuple[int, int, str]:
        """(unique, raw, stop reason) of task ``index``."""
        kind, k = self.tasks[index]
        time_limit = None if deadline is None else deadline - time.time()
        if time_limit is not None and time_limit <= 0:
            return 0, 0, TIMEOUT
        if kind == "symmetric":
            return self.problem.count_at_symmetric_rep(k, engine, self.symmetry,
                                                       time_limit=time_limit)
        n = self.parts[k].problem.count(engine=engine, time_limit=time_limit)
        return int(n), self.factor * int(n), n.reason


def fingerprint(problem: ExactCover | Tiling, symmetry: str) -> str:
    """A digest of the problem and the symmetry mode, cheap beside planning: a checkpoint
    of another problem is refused before any planning."""
    from cpuzzler.models.tiling import Tiling

    xc = problem.exact_cover if isinstance(problem, Tiling) else problem
    digest = hashlib.sha256(xc.to_dlx().encode())
    digest.update(f"{type(problem).__name__} {symmetry}".encode())
    return digest.hexdigest()


def plan(problem: ExactCover | Tiling, symmetry: str = "raw", depth: int | None = None,
         deadline: float | None = None) -> Plan:
    """Cut the count of ``problem`` (an exact cover or a tiling) into parts.

    ``depth``: levels of branching to split at; by default the fewest (1 .. 4) that give
    at least 64 parts. ``deadline`` (a ``time.time()`` value): raise ``TimeUp`` when it has
    passed between two levels."""
    from cpuzzler.models.tiling import Tiling

    symmetric: list[int] = []
    factor = 1
    if not isinstance(problem, Tiling):
        symmetry = "raw"  # an exact cover has no symmetry group of its own
    if isinstance(problem, Tiling) and symmetry != "raw":
        group, reduction = problem.group(symmetry), problem.reduction_for(symmetry)
        if len(group) == 1:
            xc = problem.exact_cover
        elif reduction.piece is None:
            raise ExactCoverError("this puzzle's symmetry reduction has no piece to cut "
                                  "with, so its unique count cannot be split into parts; "
                                  "count it in one run or count raw solutions")
        else:
            xc, _ = problem.restricted(reduction.piece, reduction.free_reps)
            factor, symmetric = len(group), list(reduction.fixed_reps)
    else:
        xc = problem.exact_cover if isinstance(problem, Tiling) else problem
    if depth is None:
        for depth in range(1, MAX_DEPTH + 1):
            if deadline is not None and time.time() > deadline:
                raise TimeUp
            parts = xc.subproblems(depth)
            if len(parts) >= MIN_PARTS:
                break
    else:
        parts = xc.subproblems(depth)
    tasks = [("part", k) for k in range(len(parts))] + [("symmetric", r) for r in symmetric]
    digest = hashlib.sha256(xc.to_dlx().encode())
    digest.update(f"{symmetry} {depth} {tasks}".encode())
    return Plan(problem, symmetry, depth, parts, tasks, factor, digest.hexdigest())


def cores() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def count_in_parts(problem: ExactCover | Tiling, *, symmetry: str = "raw",
                   engine: str | None = None, jobs: int = 1, checkpoint: str | None = None,
                   time_limit: float | None = None, depth: int | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   jobs_beyond_cores: bool = False) -> tuple[Count, Count]:
    """(the count asked for, the raw count), counted part by part in ``jobs`` processes.

    No more processes start than there are parts left, nor (unless ``jobs_beyond_cores``)
    than the machine has cores; none outlives this one, however it ends. The time limit
    covers the planning too.

    With ``checkpoint`` (a file name) finished parts are recorded there and skipped when
    the same count is started again; the depth it was split at is read back from it.
    ``progress(done, total)`` is called in this process after each part. A count cut short
    (Ctrl-C, ``time_limit``) says so in its reason and holds the finished parts only."""
    if jobs < 1:
        raise ExactCoverError(f"jobs must be at least 1, not {jobs}")
    from cpuzzler.models.tiling import Tiling

    if not isinstance(problem, Tiling):
        symmetry = "raw"  # an exact cover has no symmetry group of its own
    deadline = None if time_limit is None else time.time() + time_limit
    with _Checkpoint(checkpoint) as saver:
        saved = saver.load(fingerprint(problem, symmetry))
        done = saved["done"] if saved else {}
        try:
            work = plan(problem, symmetry, saved["depth"] if saved else depth, deadline)
        except TimeUp:
            return _total(done, TIMEOUT)
        except KeyboardInterrupt:
            return _total(done, INTERRUPTED)
        if saved and saved["key"] != work.key:
            raise InputFormatError("this checkpoint belongs to another split of this "
                                   "problem; use another file", path=checkpoint)
        saver.check(done, work)
        saver.save(work, done, now=True)  # a checkpoint that cannot be written fails first
        reason = DONE
        pending = [k for k in range(len(work.tasks)) if k not in done]
        jobs = min(jobs, max(1, len(pending)), jobs if jobs_beyond_cores else cores())
        results = _results(work, pending, engine, deadline, jobs)
        try:
            for index, (unique, raw, why) in results:
                if why != DONE:
                    reason = why if reason == DONE else reason
                    continue
                done[index] = (unique, raw)
                saver.save(work, done)
                if progress is not None:
                    progress(len(done), len(work.tasks))
        except KeyboardInterrupt:
            reason = INTERRUPTED
        finally:
            results.close()  # stops the worker processes
            saver.save(work, done, now=True)
    if len(done) < len(work.tasks) and reason == DONE:
        reason = INTERRUPTED
    return _total(done, reason)


def _total(done: dict[int, tuple[int, int]], reason: str) -> tuple[Count, Count]:
    unique = sum(u for u, _ in done.values())
    raw = sum(r for _, r in done.values())
    return Count(unique, reason), Count(raw, reason)


# --- running the parts ------------------------------------------------------------------

_WORK: Plan | None = None  # the plan, in a worker process


def _start_worker(work: Plan, parent: int) -> None:
    global _WORK
    _WORK = work
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent(parent)


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this worker when its parent dies, even by kill -9 (Linux's
    PR_SET_PDEATHSIG; elsewhere the pool's own shutdown has to do)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the request took hold
        os._exit(1)


def _run_in_worker(job: tuple[int, str | None, float | None]) -> tuple[int, tuple[int, int, str]]:
    index, engine, deadline = job
    return index, _WORK.run(index, engine, deadline)


def _results(work: Plan, pending: list[int], engine: str | None, deadline: float | None,
             jobs: int):
    """(task index, (unique, raw, reason)) as tasks finish; stops early after Ctrl-C."""
    if jobs == 1:
        for index in pending:
            result = work.run(index, engine, deadline)
            yield index, result
            if result[2] == INTERRUPTED:
                raise KeyboardInterrupt
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool = context.Pool(jobs, initializer=_start_worker, initargs=(work, os.getpid()))
    try:
        yield from pool.imap_unordered(
            _run_in_worker, [(index, engine, deadline) for index in pending])
        pool.close()
    finally:
        pool.terminate()
        pool.join()


# --- the checkpoint file ----------------------------------------------------------------

class _Checkpoint:
    """The checkpoint file of one run: held (a lock beside it, ``FILE.lock``) for as long
    as the run goes on, so a second run on it is refused; checked whole on reading (a
    checksum over its content, the problem's fingerprint before any planning, every part
    index and count); rewritten at most once a second unless told ``now``, each time
    through a temporary file of its own, so a crash never leaves half of it."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.last = time.monotonic()
        self.lock: int | None = None
        self.problem = ""  # the fingerprint of the problem counted

    def __enter__(self) -> _Checkpoint:
        if self.path is not None:
            self._hold()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.lock is not None:
            os.close(self.lock)  # releases the lock
            self.lock = None

    def _hold(self) -> None:
        try:
            import fcntl
        except ImportError:  # not on a POSIX system: no lock
            return
        name = f"{self.path}.lock"
        try:
            self.lock = os.open(name, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise InputFormatError(f"cannot write the checkpoint: {e.strerror or e}",
                                   path=self.path) from None
        try:
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.lock)
            self.lock = None
            raise InputFormatError("another count is using this checkpoint; wait for it "
                                   "to finish or use another file", path=self.path) from None

    def load(self, fingerprint: str) -> dict | None:
        """The saved depth, key and finished parts, or None when there is no file yet."""
        self.problem = fingerprint
        if self.path is None or not os.path.exists(self.path):
            return None
        saved = _load(self.path)
        if saved["problem"] != fingerprint:
            raise InputFormatError("this checkpoint belongs to another problem or symmetry "
                                   "mode; use another file", path=self.path)
        return saved

    def check(self, done: dict[int, tuple[int, int]], work: Plan) -> None:
        """Every saved part is a part of ``work``, with counts that can be its."""
        for index, (unique, raw) in done.items():
            bad = not 0 <= index < len(work.tasks) or unique < 0 or raw < unique
            if not bad and work.tasks[index][0] == "part":
                bad = raw != unique * work.factor
            if bad:
                raise InputFormatError(f"damaged checkpoint: part {index} with counts "
                                       f"{unique}, {raw} is not one of this count's "
                                       f"{len(work.tasks)} parts", path=self.path)

    def save(self, work: Plan, done: dict[int, tuple[int, int]], now: bool = False) -> None:
        if self.path is None or (not now and time.monotonic() - self.last < SAVE_EVERY):
            return
        data = {"format": FORMAT, "problem": self.problem, "key": work.key,
                "symmetry": work.symmetry, "depth": work.depth, "parts": len(work.tasks),
                "done": {str(k): list(v) for k, v in sorted(done.items())}}
        data["checksum"] = _checksum(data)
        folder = os.path.dirname(os.path.abspath(self.path))
        try:
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".checkpoint-")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as f:
                    json.dump(data, f)
                os.replace(temporary, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
        except OSError as e:
            raise InputFormatError(f"cannot write the checkpoint: {e.strerror or e}",
                                   path=self.path) from None
        self.last = time.monotonic()


def _checksum(data: dict) -> str:
    """A digest of everything in the checkpoint but the checksum itself."""
    content = {k: v for k, v in data.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def _load(path: str) -> dict:
    """The checkpoint's problem, depth, key and finished parts; a clear error if it is not
    one, or if anything in it was changed by hand."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise InputFormatError(f"cannot read the checkpoint: {e.strerror or e}",
                               path=path) from None
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        line = getattr(e, "lineno", 0)
        raise InputFormatError(f"not a cpuzzler checkpoint (bad JSON: {e})", path=path,
                               line=line) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputFormatError(f"not a cpuzzler checkpoint (no \"format\": \"{FORMAT}\")",
                               path=path)
    if data.get("checksum") != _checksum(data):
        raise InputFormatError("damaged checkpoint: its checksum does not match its content "
                               "(edited, or written by another version)", path=path)
    try:
        done = {}
        for k, v in data["done"].items():
            if len(v) != 2 or not all(type(n) is int for n in v):
                raise ValueError
            done[int(k)] = (v[0], v[1])
        depth = data["depth"]
        if type(depth) is not int or not 0 <= depth <= MAX_DEPTH:
            raise ValueError
        return {"problem": str(data["problem"]), "key": str(data["key"]), "depth": depth,
                "done": done}
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise InputFormatError("damaged checkpoint: it needs \"problem\", \"key\", "
                               "\"depth\" and \"done\" {part: [unique, raw]}",
                               path=path) from None
