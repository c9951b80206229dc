"""A live progress line for long searches: solutions so far, nodes per second, elapsed
time and an estimate of the time left, refreshed in place on standard error (by tqdm).

The estimate is Knuth's. A branch taken at depth l, below nodes with d_1, ..., d_l
branches, is given the share 1 / (d_1 ... d_l) of the search tree, as if sibling
subtrees were alike; the share done is that of the branches left of the current path.
It is the chance that one of Knuth's random probes (a walk down the tree choosing each
branch with equal chance) ends left of where the search is now, so it needs no probes:
the native engine keeps the branch counts as it goes (``Solver.progress()``). The time
left is the time so far times (1 - share) / share. A count in parts uses the share of
parts finished.

An engine asks ``current()`` for the line of the run it is part of: there is one only
inside ``reporting(...)``, which the command line sets up when standard error is a
terminal and ``--quiet`` is not given.

>>> import io
>>> out = io.StringIO()
>>> with reporting(Progress("counting", file=out, delay=0)) as line:
...     line.update(0.5, solutions=1234, nodes=10**6)
>>> "50%" in out.getvalue() and "1,234 solutions" in out.getvalue()
True
>>> with reporting(Progress("best", file=out, delay=0)) as line:
...     line.update(None, note="best so far 58")
>>> "best: best so far 58, 00:00 elapsed" in out.getvalue()
True
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TextIO

BAR = "{desc}: {percentage:3.0f}% |{bar:16}| {unit}"  # the text after the bar is "unit"
NO_BAR = "{desc}: {unit}"  # where the share done is not known
_CURRENT: ContextVar[Progress | None] = ContextVar("cpuzzler_progress", default=None)


def _duration(seconds: float) -> str:
    """``1:02:03`` or ``02:03``, as tqdm shows times."""
    from tqdm import tqdm  # imported where used: a run with no progress line never loads it

    return tqdm.format_interval(max(0, round(seconds)))


def _rate(per_second: float) -> str:
    from tqdm import tqdm

    return tqdm.format_sizeof(per_second, divisor=1000).strip()


class Progress:
    """One progress line. ``begin()`` starts a new search run (a count may run several,
    one per part or sub-problem); ``update`` reports the share of the current run done
    and its solutions and nodes so far, which add up over runs."""

    def __init__(self, label: str, *, file: TextIO | None = None, delay: float = 1.0,
                 notebook: bool = False) -> None:
        from tqdm import tqdm
        from tqdm.auto import tqdm as auto  # a widget in Jupyter, else the text line

        self._bar = (auto if notebook else tqdm)(
            total=1000, desc=label, file=file or sys.stderr, delay=delay, leave=False,
            dynamic_ncols=True, bar_format=BAR, unit="")
        self._start = self._run_start = self.updated = time.perf_counter()
        self._delay, self._shown = delay, False
        self._base_solutions = self._base_nodes = 0
        self._solutions: int | None = None
        self._nodes = 0
        self._last: tuple[float | None, str] = (None, "")

    def begin(self) -> None:
        """A new run starts: its counts add to the runs before it."""
        self._base_solutions += self._solutions or 0
        self._base_nodes += self._nodes
        self._solutions, self._nodes = 0, 0
        self._run_start = time.perf_counter()

    def update(self, share: float | None, *, solutions: int | None = None,
               nodes: int | None = None, note: str = "") -> None:
        """The current run has done ``share`` (0 to 1) of its work (None: not known, as
        for an optimiser's search: no bar then); ``note`` leads the text (e.g. how many
        parts are done, the best found so far)."""
        self._last = (share, note)
        self.updated = time.perf_counter()
        self._bar.bar_format = BAR if share is not None else NO_BAR
        share = share or 0.0
        now = time.perf_counter()
        self._solutions = self._solutions if solutions is None else solutions
        self._nodes = self._nodes if nodes is None else nodes
        elapsed = now - self._start
        parts = [note] if note else []
        if self._solutions is not None:
            parts.append(f"{self._base_solutions + self._solutions:,} solutions")
        if self._base_nodes + self._nodes:
            parts.append(f"{_rate((self._base_nodes + self._nodes) / max(elapsed, 1e-9))} "
                         "nodes/s")
        parts.append(f"{_duration(elapsed)} elapsed")
        run = now - self._run_start
        if share > 0:
            parts.append(f"~{_duration(run * (1 - share) / share)} left")
        self._bar.n = round(1000 * min(max(share, 0.0), 1.0))
        self._bar.unit = ", ".join(parts)  # the line's text after the bar
        self._shown = self._shown or elapsed >= self._delay  # tqdm draws it from then on
        self._bar.refresh()

    def tick(self) -> None:
        """Draw the line again as it was, its times brought up to date (a search that
        reports seldom, or not at all, still shows it is running)."""
        share, note = self._last
        self.update(share, note=note)

    def clear(self) -> None:
        """Take the line off for a moment, so that other output can be written; the next
        update draws it again."""
        if self._shown:
            self._bar.clear()

    def close(self) -> None:
        """Take the line off the terminal."""
        self.clear()
        self._bar.close()


@contextmanager
def reporting(line: Progress | None) -> Iterator[Progress | None]:
    """Make ``line`` the progress line of the searches run inside; closed at the end.
    ``None`` reports nothing. Where no search has reported for ``QUIET`` seconds (an
    engine that reports seldom or never: CP-SAT's count, SAT, the memo engine, the
    branch and bound of ``best``), a thread of its own draws the line again with its
    elapsed time, so that every long run shows it is alive."""
    token = _CURRENT.set(line)
    done = threading.Event()
    if line is not None:
        threading.Thread(target=_keep_alive, args=(line, done), daemon=True).start()
    try:
        yield line
    finally:
        done.set()
        _CURRENT.reset(token)
        if line is not None:
            line.close()


QUIET = 1.0  # seconds without a report after which the line is drawn again


def _keep_alive(line: Progress, done: threading.Event) -> None:
    while not done.wait(QUIET / 2):
        if time.perf_counter() - line.updated >= QUIET:
            line.tick()


@contextmanager
def shown(label: str = "working") -> Iterator[Progress]:
    """A progress bar for the searches run inside, in a notebook (a Jupyter widget, by
    tqdm) or on standard error: ``with progress.shown("counting"): board.count()``."""
    with reporting(Progress(label, delay=0, notebook=True)) as line:
        assert line is not None
        yield line


def current() -> Progress | None:
    """The progress line searches report to now, if any."""
    return _CURRENT.get()
