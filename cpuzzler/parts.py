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

import hashlib
import json
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cpuzzler.errors import ExactCoverError, InputFormatError
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
        if kind == "symmetric":
            return self.problem.count_at_symmetric_rep(k, engine, self.symmetry)
        time_limit = None if deadline is None else deadline - time.time()
        if time_limit is not None and time_limit <= 0:
            return 0, 0, TIMEOUT
        n = self.parts[k].problem.count(engine=engine, time_limit=time_limit)
        return int(n), self.factor * int(n), n.reason


def plan(problem: ExactCover | Tiling, symmetry: str = "raw", depth: int | None = None
         ) -> Plan:
    """Cut the count of ``problem`` (an exact cover or a tiling) into parts.

    ``depth``: levels of branching to split at; by default the fewest (1 .. 4) that give
    at least 64 parts."""
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
            parts = xc.subproblems(depth)
            if len(parts) >= MIN_PARTS:
                break
    else:
        parts = xc.subproblems(depth)
    tasks = [("part", k) for k in range(len(parts))] + [("symmetric", r) for r in symmetric]
    digest = hashlib.sha256(xc.to_dlx().encode())
    digest.update(f"{symmetry} {depth} {tasks}".encode())
    return Plan(problem, symmetry, depth, parts, tasks, factor, digest.hexdigest())


def count_in_parts(problem: ExactCover | Tiling, *, symmetry: str = "raw",
                   engine: str | None = None, jobs: int = 1, checkpoint: str | None = None,
                   time_limit: float | None = None, depth: int | None = None,
                   progress: Callable[[int, int], None] | None = None) -> tuple[Count, Count]:
    """(the count asked for, the raw count), counted part by part in ``jobs`` processes.

    With ``checkpoint`` (a file name) finished parts are recorded there and skipped when
    the same count is started again; the depth it was split at is read back from it.
    ``progress(done, total)`` is called in this process after each part. A count cut short
    (Ctrl-C, ``time_limit``) says so in its reason and holds the finished parts only."""
    if jobs < 1:
        raise ExactCoverError(f"jobs must be at least 1, not {jobs}")
    done: dict[int, tuple[int, int]] = {}
    if checkpoint is not None and os.path.exists(checkpoint):
        saved = _load(checkpoint)
        work = plan(problem, symmetry, saved["depth"])
        if saved["key"] != work.key:
            raise InputFormatError("this checkpoint belongs to another problem, symmetry "
                                   "or split; use another file", path=checkpoint)
        done = saved["done"]
    else:
        work = plan(problem, symmetry, depth)
    deadline = None if time_limit is None else time.time() + time_limit
    saver = _Saver(checkpoint, work, done)
    saver.save(now=True)  # a checkpoint that cannot be written fails before the work
    reason = DONE
    pending = [k for k in range(len(work.tasks)) if k not in done]
    results = _results(work, pending, engine, deadline, jobs)
    try:
        for index, (unique, raw, why) in results:
            if why != DONE:
                reason = why if reason == DONE else reason
                continue
            done[index] = (unique, raw)
            saver.save()
            if progress is not None:
                progress(len(done), len(work.tasks))
    except KeyboardInterrupt:
        reason = INTERRUPTED
    finally:
        results.close()  # stops the worker processes
        saver.save(now=True)
    if len(done) < len(work.tasks) and reason == DONE:
        reason = INTERRUPTED
    unique = sum(u for u, _ in done.values())
    raw = sum(r for _, r in done.values())
    return Count(unique, reason), Count(raw, reason)


# --- running the parts ------------------------------------------------------------------

_WORK: Plan | None = None  # the plan, in a worker process


def _start_worker(work: Plan) -> None:
    global _WORK
    _WORK = work
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


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
    pool = context.Pool(jobs, initializer=_start_worker, initargs=(work,))
    try:
        yield from pool.imap_unordered(
            _run_in_worker, [(index, engine, deadline) for index in pending])
        pool.close()
    finally:
        pool.terminate()
        pool.join()


# --- the checkpoint file ----------------------------------------------------------------

class _Saver:
    """Writes the finished parts to the checkpoint file, at most once a second unless
    told ``now``; each write replaces the file whole, so a crash never leaves half of it."""

    def __init__(self, path: str | None, work: Plan, done: dict[int, tuple[int, int]]):
        self.path, self.work, self.done = path, work, done
        self.last = time.monotonic()

    def save(self, now: bool = False) -> None:
        if self.path is None or (not now and time.monotonic() - self.last < SAVE_EVERY):
            return
        data = {"format": FORMAT, "key": self.work.key, "symmetry": self.work.symmetry,
                "depth": self.work.depth, "parts": len(self.work.tasks),
                "done": {str(k): list(v) for k, v in sorted(self.done.items())}}
        temporary = f"{self.path}.tmp"
        try:
            with open(temporary, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(temporary, self.path)
        except OSError as e:
            raise InputFormatError(f"cannot write the checkpoint: {e.strerror or e}",
                                   path=self.path) from None
        self.last = time.monotonic()


def _load(path: str) -> dict:
    """The checkpoint's depth, key and finished parts; a clear error if it is not one."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise InputFormatError(f"cannot read the checkpoint: {e.strerror or e}",
                               path=path) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        line = getattr(e, "lineno", 0)
        raise InputFormatError(f"not a cpuzzler checkpoint (bad JSON: {e})", path=path,
                               line=line) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputFormatError(f"not a cpuzzler checkpoint (no \"format\": \"{FORMAT}\")",
                               path=path)
    try:
        done = {int(k): (int(v[0]), int(v[1])) for k, v in data["done"].items()}
        return {"key": str(data["key"]), "depth": int(data["depth"]), "done": done}
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise InputFormatError("damaged checkpoint: it needs \"key\", \"depth\" and \"done\" "
                               "{part: [unique, raw]}", path=path) from None
