"""Work raced in forked child processes: the first answer wins, the others are killed.

Two kinds of search run here: one a library cannot interrupt (python-sat's kissat and
lingeling take no interrupt), so the time limit and Ctrl-C kill its process instead; and
a portfolio of differently seeded searches for one solution, one per free core, whose
time to a first solution is heavy-tailed, so the luckiest of several ends soonest.

A child is forked, so it holds what its parent built (a loaded solver) without copying
it up front. It leaves Ctrl-C to its parent and, on Linux, dies with its parent's thread
(the parent-death signal): nothing runs on after the answer, the time limit, Ctrl-C or
a parent killed outright.

>>> first_answer([lambda: 6 * 7], None)
(0, 42)
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Sequence
from multiprocessing import connection
from typing import Any, TypeVar, cast

from cpuzzler.errors import ExactCoverError

__all__ = ["cores", "first_answer", "free_cores"]

T = TypeVar("T")
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a child gets when its parent (thread) ends


def cores() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def free_cores() -> int:
    """The cores not busy with other work: this process's cores less the load of the last
    minute (rounded), at least one. A machine busy with other runs gets no portfolio that
    would only share its cores with them.

    >>> 1 <= free_cores() <= cores()
    True
    """
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load average here
        load = 0.0
    return max(1, cores() - round(load))


def can_fork() -> bool:
    """Whether child processes can be forked here (not on Windows)."""
    return "fork" in multiprocessing.get_all_start_methods()


def first_answer(works: Sequence[Callable[[], T]], seconds: float | None
                 ) -> tuple[int, T] | None:
    """Run each of ``works`` in a forked child at once: (the index of the first to answer,
    its answer), or None when ``seconds`` (None: no limit) passed first. Every child is
    killed before this returns, and on Ctrl-C, which goes on as KeyboardInterrupt. An
    exception in a child is raised here; a child that dies without answering (killed by
    the system) leaves the race to the others, and with none left this raises
    ExactCoverError."""
    context = multiprocessing.get_context("fork")
    deadline = None if seconds is None else time.monotonic() + seconds
    parent = os.getpid()
    children: list[Any] = []
    receivers: list[Any] = []
    waiting: dict[Any, int] = {}
    try:
        for k, work in enumerate(works):
            receiver, sender = context.Pipe(duplex=False)
            child = context.Process(target=_answer, args=(work, sender, parent), daemon=True)
            child.start()
            sender.close()
            children.append(child)
            receivers.append(receiver)
            waiting[receiver] = k
        while waiting:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return None
            for ready in connection.wait(list(waiting), timeout=left):
                k = waiting.pop(ready)
                try:
                    finished, value = cast(Any, ready).recv()
                except EOFError:  # it died without a word
                    continue
                if not finished:
                    raise value
                return k, value
        for child in children:
            child.join()
        codes = ", ".join(str(child.exitcode) for child in children)
        raise ExactCoverError(f"the search processes ended without an answer (exit codes "
                              f"{codes})")
    finally:
        for child in children:
            if child.is_alive():
                child.kill()
        for child in children:
            child.join()
        for receiver in receivers:
            receiver.close()


def _answer(work: Callable[[], Any], sender: Any, parent: int) -> None:
    """A child's life: ``work()``, its answer (or its exception) sent to the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent answers Ctrl-C
    _die_with(parent)
    try:
        answer: tuple[bool, Any] = (True, work())
    except BaseException as e:  # the parent raises it
        answer = (False, e)
    try:
        sender.send(answer)
    except Exception as e:  # an exception that cannot be pickled: its words
        sender.send((False, ExactCoverError(f"in a search process: {answer[1]!r} ({e})")))


def _die_with(parent: int) -> None:
    """Ask Linux to kill this process when its parent ends; end now if it has already."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the parent's kill is the only end
        return
    if os.getppid() != parent:
        os._exit(1)
