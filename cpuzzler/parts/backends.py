"""Where the parts of a count run: in this process, in processes on this machine, or on a
Dask.distributed cluster.

A backend takes tasks (a function of the module level and its arguments, under a key of
the caller's) and hands back ``(key, result)`` as each finishes, in any order; it knows
nothing of puzzles or counts. ``open_backend`` picks one:

>>> backend = open_backend("processes", jobs=1)
>>> backend.submit("a", pow, 2, 10)
>>> backend.next()
('a', 1024)
>>> backend.close()

On a cluster (``open_backend("dask", address="tcp://scheduler:8786")``, or
``address="local:2"`` for a cluster of two worker processes on this machine) the tasks
are Dask futures: a worker lost while it runs one has it run again elsewhere by Dask's
scheduler, and the result still comes back once.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import queue
import signal
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from cpuzzler.errors import ExactCoverError

CONNECT_TIMEOUT = 10.0  # seconds to reach a Dask scheduler before giving up


class Backend(Protocol):
    workers: int  # tasks that can run at once

    def share(self, value: Any) -> Any:
        """``value`` made ready to pass to many tasks (sent to a cluster once)."""

    def submit(self, key: Any, function: Callable[..., Any], *args: Any) -> None:
        """Start ``function(*args)``; its result comes back from ``next`` under ``key``."""

    def next(self) -> tuple[Any, Any]:
        """The key and result of a finished task (waits for one); a task's error is
        raised here."""

    def close(self) -> None:
        """Stop every task still running and free the workers."""


def open_backend(name: str, jobs: int = 1, address: str | None = None) -> Backend:
    """``"processes"``: ``jobs`` processes on this machine (this process alone for 1);
    ``"dask"``: the Dask scheduler at ``address`` (``local:N`` starts N workers here)."""
    if name == "processes":
        return InProcess() if jobs == 1 else Processes(jobs)
    if name == "dask":
        return Dask(address or f"local:{jobs}")
    raise ExactCoverError(f"unknown backend {name!r}; known: processes, dask")


class InProcess:
    """Each task runs in this process when its result is asked for."""

    workers = 1

    def __init__(self) -> None:
        self.waiting: deque[tuple[Any, Callable[..., Any], tuple[Any, ...]]] = deque()

    def share(self, value: Any) -> Any:
        return value

    def submit(self, key: Any, function: Callable[..., Any], *args: Any) -> None:
        self.waiting.append((key, function, args))

    def next(self) -> tuple[Any, Any]:
        key, function, args = self.waiting.popleft()
        return key, function(*args)

    def close(self) -> None:
        self.waiting.clear()


class Processes:
    """A pool of worker processes (forked where the system can). A worker ignores Ctrl-C
    (its parent handles it) and dies with its parent, even one killed by kill -9."""

    def __init__(self, jobs: int) -> None:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self.workers = jobs
        self.pool = context.Pool(jobs, initializer=_start_worker, initargs=(os.getpid(),))
        # (key, result, None) or (key, None, the task's error)
        self.finished: queue.SimpleQueue[tuple[Any, Any, BaseException | None]] = \
            queue.SimpleQueue()

    def share(self, value: Any) -> Any:
        return value

    def submit(self, key: Any, function: Callable[..., Any], *args: Any) -> None:
        self.pool.apply_async(function, args,
                              callback=lambda result: self.finished.put((key, result, None)),
                              error_callback=lambda error: self.finished.put((key, None, error)))

    def next(self) -> tuple[Any, Any]:
        while True:  # a short wait at a time, so Ctrl-C is seen at once
            try:
                key, result, error = self.finished.get(timeout=0.2)
            except queue.Empty:
                continue
            if error is not None:
                raise error
            return key, result

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """SIGINT ignored while processes are started, so that they ignore it too (a Python
    started with SIGINT ignored keeps it so): Ctrl-C at the terminal reaches every
    process of the group, and Dask's workers printed a traceback each (67 lines)."""
    try:
        before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to set
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _start_worker(parent: int) -> None:
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


class Dask:
    """The workers of a Dask.distributed scheduler (``tcp://host:8786``), or of a cluster
    of ``N`` single-threaded worker processes started here for ``local:N`` (and stopped
    by ``close``)."""

    def __init__(self, address: str) -> None:
        try:
            import distributed
        except ImportError:
            raise ExactCoverError("the cluster backend needs Dask.distributed: "
                                  "pip install 'cpuzzler[cluster]'") from None
        self.cluster = None
        if address.startswith("local:"):
            n = address.removeprefix("local:")
            if not (n.isascii() and n.isdigit() and int(n) >= 1):
                raise ExactCoverError(f"a local cluster is local:N with N >= 1 workers, "
                                      f"not {address!r}")
            # the workers inherit SIGINT ignored (Ctrl-C is this process's), and log only
            # what is critical: a worker losing the scheduler while the cluster shuts down
            # is no news (task errors come back as exceptions)
            with _sigint_ignored():
                self.cluster = distributed.LocalCluster(
                    n_workers=int(n), threads_per_worker=1, processes=True,
                    dashboard_address=":0", silence_logs=logging.CRITICAL)
            address = self.cluster.scheduler_address
        elif "://" not in address:
            raise ExactCoverError(f"a Dask scheduler's address is like "
                                  f"tcp://host:8786 (or local:N), not {address!r}")
        try:
            self.client = distributed.Client(address, timeout=CONNECT_TIMEOUT,
                                             set_as_default=False)
        except (OSError, TimeoutError, ValueError) as e:
            self._stop_cluster()
            raise ExactCoverError(f"cannot reach the Dask scheduler at {address} "
                                  f"(waited {CONNECT_TIMEOUT:g} s): {e}") from None
        self.workers = max(1, sum(self.client.nthreads().values()))
        self.finished = distributed.as_completed(loop=self.client.loop)
        self.keys: dict[Any, Any] = {}

    def share(self, value: Any) -> Any:
        return self.client.scatter(value, broadcast=True)

    def submit(self, key: Any, function: Callable[..., Any], *args: Any) -> None:
        future = self.client.submit(function, *args, pure=False)
        self.keys[future.key] = key
        self.finished.add(future)

    def next(self) -> tuple[Any, Any]:
        future = next(self.finished)
        key = self.keys.pop(future.key)
        try:
            return key, future.result()
        except Exception as e:  # a task's own error, or Dask's KilledWorker
            raise ExactCoverError(f"a part failed on the cluster: {type(e).__name__}: "
                                  f"{e}") from None

    def close(self) -> None:
        try:
            self.client.cancel(list(self.finished.futures))
            self.client.close()
        finally:
            self._stop_cluster()

    def _stop_cluster(self) -> None:
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None
