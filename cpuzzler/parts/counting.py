"""Count in parts: spread a count over processes, stop it, and resume it later.

The search is cut into independent parts (see ``cpuzzler.parts.split``; for a tiling
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
import os
import tempfile
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeAlias

from cpuzzler.engines.processes import cores
from cpuzzler.errors import ExactCoverError, InputFormatError, TimeUp
from cpuzzler.parts.backends import Backend, open_backend
from cpuzzler.parts.split import split_until
from cpuzzler.results import DONE, INTERRUPTED, TIMEOUT, Count

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover
    from cpuzzler.models.tiling import Tiling
    from cpuzzler.parts.split import Subproblem

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
    at least 64 parts. ``deadline`` (a ``time.time()`` value): raise ``TimeUp`` if it has
    passed before the split."""
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
    if deadline is not None and time.time() > deadline:
        raise TimeUp
    if depth is None:
        depth, parts = split_until(xc, MIN_PARTS, MAX_DEPTH)
    else:
        parts = xc.subproblems(depth)
    tasks = [("part", k) for k in range(len(parts))] + [("symmetric", r) for r in symmetric]
    digest = hashlib.sha256(xc.to_dlx().encode())
    digest.update(f"{symmetry} {depth} {tasks}".encode())
    return Plan(problem, symmetry, depth, parts, tasks, factor, digest.hexdigest())


def count_in_parts(problem: ExactCover | Tiling, *, symmetry: str = "raw",
                   engine: str | None = None, jobs: int = 1, checkpoint: str | None = None,
                   time_limit: float | None = None, depth: int | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   jobs_beyond_cores: bool = False, backend: str = "processes",
                   address: str | None = None, split_after: float | None = None,
                   timings: list[tuple[str, float, str]] | None = None,
                   options: dict[str, Any] | None = None) -> tuple[Count, Count]:
    """(the count asked for, the raw count), counted part by part.

    ``backend="processes"``: in ``jobs`` processes on this machine. No more start than
    there are parts left, nor (unless ``jobs_beyond_cores``) than the machine has cores;
    none outlives this one, however it ends. ``backend="dask"``: on the workers of the
    Dask scheduler at ``address`` (``tcp://host:8786``; ``local:N`` starts a cluster of N
    worker processes here for the count; by default ``local:jobs``). The time limit
    covers the planning too; on a cluster it is read on the workers' clocks.

    The split is adaptive: a part still running after ``split_after`` seconds is cut
    into smaller parts, counted in its place (the time it ran is lost). By default that
    time is 1 s, doubled at each cut, until a part has finished; then half the time the
    run is estimated to have left (at least 1 s), so only a part that would hold the run
    back is cut; a run with one worker never cuts.

    With ``checkpoint`` (a file name) finished parts are recorded there and skipped when
    the same count is started again (from either backend); the depth it was split at,
    and the parts cut again, are read back from it. ``progress(done, total)`` is called
    in this process after each part (``total`` grows when parts are cut). A count cut
    short (Ctrl-C, ``time_limit``) says so in its reason and holds the finished parts
    only. ``timings``, a list, receives ``(part, seconds, "counted" | "cut")`` per task.
    ``options`` go to the engine on every part (``{"choice": "fewest", "memory": 4e9}``
    for the memo engine: each process holds its own table)."""
    if jobs < 1:
        raise ExactCoverError(f"jobs must be at least 1, not {jobs}")
    if split_after is not None and not split_after > 0:
        raise ExactCoverError(f"split_after must be a positive number of seconds, "
                              f"not {split_after}")
    if backend not in ("processes", "dask"):
        raise ExactCoverError(f"unknown backend {backend!r}; known: processes, dask")
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
                                   "problem; use another file", path=saver.name)
        saver.check(done, work)
        waiting, shares = _unfinished(work, done, saver.name)
        saver.save(work, done, now=True)  # a checkpoint that cannot be written fails first
        if not waiting:
            return _total(done, DONE)
        if backend == "processes":
            jobs = min(jobs, len(waiting), jobs if jobs_beyond_cores else cores())
        run = _Run(work, done, shares, engine, deadline, split_after, saver, progress, timings,
                   options or {})
        runner = open_backend(backend, jobs, address)
        try:
            reason = run.through(runner, waiting)
        except KeyboardInterrupt:
            reason = INTERRUPTED
        finally:
            runner.close()  # stops the workers
            saver.save(work, done, now=True)
    if reason == DONE and (waiting or run.running):
        reason = INTERRUPTED
    return _total(done, reason)


def _total(done: dict[Path, tuple[int, int]], reason: str) -> tuple[Count, Count]:
    unique = sum(u for u, _ in done.values())
    raw = sum(r for _, r in done.values())
    return Count(unique, reason), Count(raw, reason)


# --- running the parts ------------------------------------------------------------------

# A task is (path, kind, payload): path (k,) is the plan's task k, (k, j) the j-th piece of
# that task cut again, and so on; kind "part" has an exact cover as payload, "symmetric" a
# tiling's placement (see Plan).
Path = tuple[int, ...]
Payload: TypeAlias = "int | ExactCover"  # a symmetric placement's index, or a part
Task = tuple[Path, str, Payload]
SPLIT = "split"  # a task's outcome: still running at its time budget, so cut into pieces
PIECES = 8  # a part cut again is cut into at least this many pieces (or MAX_DEPTH levels)
MIN_SPLIT_AFTER = 1.0  # the least time a part may run before it is cut (by default)
BATCHES = 32  # with several workers, tasks go in batches: this many per worker at first


def pieces_of(xc: ExactCover) -> list[Subproblem] | None:
    """The parts a part is cut into when it runs too long (the same every time, so a
    checkpoint can name them by number), or None if it cannot be cut."""
    _, pieces = split_until(xc, PIECES, MAX_DEPTH)
    if len(pieces) == 1 and pieces[0].problem.num_options == xc.num_options:
        return None
    return pieces


def count_task(kind: str, payload: Payload, engine: str | None, symmetry: str,
               deadline: float | None, budget: float | None, factor: int,
               tiling: Tiling | None, options: dict[str, Any] | None = None
               ) -> tuple[int, int, str, list[ExactCover], float]:
    """(unique, raw, reason, pieces, seconds) of one task, run on a worker. A part still
    running after ``budget`` seconds stops and comes back cut into ``pieces`` (reason
    ``SPLIT``) for the caller to count; the seconds are the time it took here. ``options``
    go to the engine."""
    options = options or {}
    start = time.monotonic()
    limit = None if deadline is None else deadline - time.time()
    if limit is not None and limit <= 0:
        return 0, 0, TIMEOUT, [], 0.0
    if isinstance(payload, int):  # kind "symmetric": counted by the tiling
        if tiling is None:
            raise ExactCoverError("a symmetric placement is counted with its tiling")
        unique, raw, why = tiling.count_at_symmetric_rep(payload, engine, symmetry,
                                                         time_limit=limit, **options)
        return unique, raw, why, [], time.monotonic() - start
    cut = budget is not None and (limit is None or budget < limit)
    n = payload.count(engine=engine, time_limit=budget if cut else limit, symmetry="raw",
                      **options)
    if cut and n.reason == TIMEOUT:
        pieces = pieces_of(payload)
        if pieces:
            return 0, 0, SPLIT, [p.problem for p in pieces], time.monotonic() - start
        if pieces is None:  # it cannot be cut: count it whole
            limit = None if deadline is None else deadline - time.time()
            n = payload.count(engine=engine, time_limit=limit, symmetry="raw", **options)
        else:  # no piece: the search ends within the levels looked at, with no solution
            n = Count(0)
    return int(n), factor * int(n), n.reason, [], time.monotonic() - start


def count_tasks(tasks: list[tuple[str, Payload]], engine: str | None, symmetry: str,
                deadline: float | None, budget: float | None, factor: int,
                tiling: Tiling | None, options: dict[str, Any] | None = None
                ) -> list[tuple[int, int, str, list[ExactCover], float]]:
    """``count_task`` on each of a batch of tasks ``(kind, payload)``, on one worker."""
    return [count_task(kind, payload, engine, symmetry, deadline, budget, factor, tiling,
                       options) for kind, payload in tasks]


def _unfinished(work: Plan, done: dict[Path, tuple[int, int]], checkpoint: str
                ) -> tuple[deque[Task], dict[Path, float]]:
    """The tasks left to count, in order, and the share of the whole count each task
    (finished or not) stands for; a part with a finished piece is cut again here."""
    cut = {path[:i] for path in done for i in range(1, len(path))}
    waiting: deque[Task] = deque()
    shares: dict[Path, float] = {}

    def visit(path: Path, kind: str, payload: Payload, share: float) -> None:
        shares[path] = share
        if path in done:
            return
        pieces = pieces_of(payload) if path in cut and not isinstance(payload, int) else None
        if pieces is None:
            waiting.append((path, kind, payload))
            return
        for j, piece in enumerate(pieces):
            visit(path + (j,), "part", piece.problem, share / len(pieces))

    for k, (kind, x) in enumerate(work.tasks):
        visit((k,), kind, work.parts[x].problem if kind == "part" else x,
              1 / len(work.tasks))
    stray = sorted(set(done) - set(shares))
    if stray:
        raise InputFormatError(f"damaged checkpoint: part {_name(stray[0])} is not a part "
                               f"of this count", path=checkpoint)
    return waiting, shares


def _name(path: Path) -> str:
    """A task's name in a checkpoint: 12 for part 12, 12.3 for its fourth piece."""
    return ".".join(map(str, path))


class _Run:
    """The tasks of one count in flight: hands them to a backend, records what comes
    back, cuts the parts that ran too long."""

    def __init__(self, work: Plan, done: dict[Path, tuple[int, int]],
                 shares: dict[Path, float], engine: str | None, deadline: float | None,
                 split_after: float | None, saver: _Checkpoint,
                 progress: Callable[[int, int], None] | None,
                 timings: list[tuple[str, float, str]] | None,
                 options: dict[str, Any]) -> None:
        self.work, self.done, self.shares = work, done, shares
        self.options = options
        self.engine, self.deadline, self.split_after = engine, deadline, split_after
        self.saver, self.progress, self.timings = saver, progress, timings
        self.running = 0  # batches handed to the backend and not back yet
        self.counting = 0  # the tasks in them
        self.spent = 0.0  # seconds the workers spent on the tasks that came back
        self.share_done = sum(shares[path] for path in done)

    def budget(self, workers: int, path: Path) -> float | None:
        """Seconds task ``path`` may run before it is cut (None: no limit): until a part
        has finished, 1 s doubled at each cut that led to it; then half the time the run
        is estimated to have left on its workers, at least 1 s."""
        if self.split_after is not None:
            return self.split_after
        if workers == 1:
            return None
        if self.spent == 0 or self.share_done == 0:
            return MIN_SPLIT_AFTER * 2.0 ** (len(path) - 1)
        left = self.spent / self.share_done * (1 - self.share_done) / workers
        return max(MIN_SPLIT_AFTER, left / 2)

    def through(self, runner: Backend, waiting: deque[Task]) -> str:
        """Count every waiting task on ``runner``; the reason the run stopped. With
        several workers, tasks go in batches (a 32nd per worker of those waiting at the
        start), so that a cluster's cost per task is paid once a batch."""
        reason = DONE
        tiling = None
        if any(kind == "symmetric" for _, kind, _ in waiting):
            tiling = runner.share(self.work.problem)
        batch = 1 if runner.workers == 1 else max(1, len(waiting) // (BATCHES * runner.workers))
        while waiting or self.running:
            if self.deadline is not None and time.time() > self.deadline:
                waiting.clear()
                reason = TIMEOUT
            while waiting and self.running < 2 * runner.workers + 2:  # none waits for us
                alone = len(waiting[0][0]) > 1  # a piece of a part cut: spread them out
                tasks = tuple(waiting.popleft()
                              for _ in range(1 if alone else min(batch, len(waiting))))
                runner.submit(tasks, count_tasks, [(kind, payload) for _, kind, payload in tasks],
                              self.engine, self.work.symmetry, self.deadline,
                              self.budget(runner.workers, tasks[0][0]), self.work.factor,
                              tiling if any(t[1] == "symmetric" for t in tasks) else None,
                              self.options)
                self.running += 1
                self.counting += len(tasks)
            if not self.running:
                break
            tasks, results = runner.next()
            self.running -= 1
            self.counting -= len(tasks)
            for task, result in zip(tasks, results, strict=True):
                why = self.record(task, result, waiting)
                if why == INTERRUPTED:
                    raise KeyboardInterrupt
                if why not in (DONE, SPLIT):
                    reason = why if reason == DONE else reason
        return reason

    def record(self, task: Task, result: tuple[int, int, str, list[ExactCover], float],
               waiting: deque[Task]) -> str:
        """Take in one task's result: a count (saved, reported) or the pieces it was cut
        into (counted next, before anything else waiting); its reason."""
        path = task[0]
        unique, raw, why, pieces, seconds = result
        self.spent += seconds
        if self.timings is not None:
            self.timings.append((_name(path), seconds, "cut" if why == SPLIT else "counted"))
        if why == SPLIT:  # its pieces go first, so no worker waits for them at the end
            share = self.shares[path] / len(pieces)
            for j in reversed(range(len(pieces))):
                self.shares[path + (j,)] = share
                waiting.appendleft((path + (j,), "part", pieces[j]))
        elif why == DONE:
            self.done[path] = (unique, raw)
            self.share_done += self.shares[path]
            self.saver.save(self.work, self.done)
            if self.progress is not None:
                self.progress(len(self.done), len(self.done) + self.counting + len(waiting))
        return why


# --- the checkpoint file ----------------------------------------------------------------

class _Checkpoint:
    """The checkpoint file of one run: held (a lock beside it, ``FILE.lock``) for as long
    as the run goes on, so a second run on it is refused; checked whole on reading (a
    checksum over its content, the problem's fingerprint before any planning, every part
    index and count); rewritten at most once a second unless told ``now``, each time
    through a temporary file of its own, so a crash never leaves half of it."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.name = path or "<no checkpoint>"  # for error messages
        self.last = time.monotonic()
        self.lock: int | None = None
        self.problem = ""  # the fingerprint of the problem counted

    def __enter__(self) -> _Checkpoint:
        if self.path is not None:
            if os.path.exists(self.path) and not os.path.isfile(self.path):
                what = "a folder" if os.path.isdir(self.path) else "a device or other file"
                raise InputFormatError(f"a checkpoint is a regular file; this is {what}",
                                       path=self.name)
            self._hold()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.lock is not None:
            with contextlib.suppress(OSError):  # no stale lock left beside the checkpoint
                os.unlink(f"{self.path}.lock")
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
                                   path=self.name) from None
        try:
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.lock)
            self.lock = None
            raise InputFormatError("another count is using this checkpoint; wait for it "
                                   "to finish or use another file", path=self.name) from None

    def load(self, fingerprint: str) -> dict[str, Any] | None:
        """The saved depth, key and finished parts, or None when there is no file yet."""
        self.problem = fingerprint
        if self.path is None or not os.path.exists(self.path):
            return None
        saved = _load(self.path)
        if saved["problem"] != fingerprint:
            raise InputFormatError("this checkpoint belongs to another problem or symmetry "
                                   "mode; use another file", path=self.name)
        return saved

    def check(self, done: dict[Path, tuple[int, int]], work: Plan) -> None:
        """Every saved part is a part of ``work`` (or a piece of one), with counts that
        can be its."""
        for path, (unique, raw) in done.items():
            k = path[0]
            bad = not 0 <= k < len(work.tasks) or unique < 0 or raw < unique
            if not bad and len(path) > 1:
                bad = work.tasks[k][0] != "part"
            if not bad and work.tasks[k][0] == "part":
                bad = raw != unique * work.factor
            if bad:
                raise InputFormatError(f"damaged checkpoint: part {_name(path)} with counts "
                                       f"{unique}, {raw} is not one of this count's "
                                       f"{len(work.tasks)} parts", path=self.name)

    def save(self, work: Plan, done: dict[Path, tuple[int, int]], now: bool = False) -> None:
        if self.path is None or (not now and time.monotonic() - self.last < SAVE_EVERY):
            return
        data = {"format": FORMAT, "problem": self.problem, "key": work.key,
                "symmetry": work.symmetry, "depth": work.depth, "parts": len(work.tasks),
                "done": {_name(k): list(v) for k, v in sorted(done.items())}}
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
                                   path=self.name) from None
        self.last = time.monotonic()


def _checksum(data: dict[str, Any]) -> str:
    """A digest of everything in the checkpoint but the checksum itself."""
    content = {k: v for k, v in data.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def _path(name: str) -> Path:
    """The task a checkpoint names: "12" is part 12, "12.3" its fourth piece."""
    numbers = name.split(".")
    if not all(n.isascii() and n.isdigit() and len(n) < 10 for n in numbers):
        raise ValueError(name)
    return tuple(map(int, numbers))


def _load(path: str) -> dict[str, Any]:
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
            done[_path(k)] = (v[0], v[1])
        depth = data["depth"]
        if type(depth) is not int or not 0 <= depth <= MAX_DEPTH:
            raise ValueError
        return {"problem": str(data["problem"]), "key": str(data["key"]), "depth": depth,
                "done": done}
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise InputFormatError("damaged checkpoint: it needs \"problem\", \"key\", "
                               "\"depth\" and \"done\" {part: [unique, raw]}",
                               path=path) from None
