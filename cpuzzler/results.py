"""What a search returns besides its solutions: a count that knows if it is complete."""

from __future__ import annotations

import contextlib
import math
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from os import PathLike
from typing import Any, Generic, Protocol, TypeVar, cast

from cpuzzler.jobs import JOBS

T = TypeVar("T")

DONE, LIMIT, TIMEOUT, INTERRUPTED = "done", "limit", "time-out", "interrupted"
STOP_REASONS = (DONE, LIMIT, TIMEOUT, INTERRUPTED)
SYMMETRY_MODES = ("unique", "rotations", "raw")  # what a count of a tiling is taken up to
METHODS = ("reduce", "dedup", "lex", "burnside")  # how a count up to symmetry is made
LEX_ENGINES = ("cpsat", "sat")  # the engines whose default method is lex
COUNTING_ENGINES = ("memo", "frontier", "auto")  # default method burnside: they count


def unique_method(asked: str | None, engine: str | None) -> str:
    """How unique solutions are counted unless a method is asked for: lex-leader
    constraints on the CP-SAT and SAT engines, Burnside's lemma on the counting engines
    (fixed points counted, no solution listed), the symmetry reduction on the others.

    >>> unique_method(None, "memo"), unique_method(None, None), unique_method("dedup", "sat")
    ('burnside', 'reduce', 'dedup')
    """
    if asked is not None:
        return asked
    return "lex" if engine in LEX_ENGINES else \
        "burnside" if engine in COUNTING_ENGINES else "reduce"


SIZE_UNITS = " KMGT"  # a memory size's suffixes, powers of 1024


def parse_size(text: str) -> int:
    """A memory size in bytes from text: a number with an optional K, M, G or T (powers
    of 1024), as ``--memory`` takes it.

    >>> parse_size("512M"), parse_size("1.5g"), parse_size("100T") // 2**40
    (536870912, 1610612736, 100)
    """
    from cpuzzler.errors import ExactCoverError

    match = re.fullmatch(r"(\d+(?:\.\d*)?)([KMGT]?)B?", text.strip().upper())
    value = float(match[1]) * 1024 ** SIZE_UNITS.index(match[2] or " ") if match else 0.0
    if value < 1 or not math.isfinite(value):
        raise ExactCoverError(f"{text!r} is not a size like 512M or 2G")
    return int(value)


def checked_where(where: Any) -> tuple[Any, ...]:
    """``where=``'s constraints as a tuple, from a list (any iterable) of them; a single
    constraint, None or a string is refused, saying the form it takes.

    >>> checked_where(None)
    Traceback (most recent call last):
    ...
    cpuzzler.errors.ExactCoverError: where takes a list of constraints, not None
    """
    from cpuzzler.errors import ExactCoverError

    if where is None or isinstance(where, (str, bytes)):
        raise ExactCoverError(f"where takes a list of constraints, not {where!r}")
    if not isinstance(where, Iterable):
        raise ExactCoverError(f"where takes a list of constraints, like where=[{where!r}]")
    return tuple(where)


def checked_limits(time_limit: Any, options: dict[str, Any]) -> tuple[float | None,
                                                                      dict[str, Any]]:
    """The time limit and engine options as the engines take them, checked at the API's
    door as the command line checks them: ``time_limit`` None or seconds, at least 0;
    ``memory`` bytes, or a size like ``"2G"``.

    >>> checked_limits(5, {"memory": "1K"})
    (5.0, {'memory': 1024})
    """
    from cpuzzler.errors import ExactCoverError

    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise TypeError(f"time_limit: a number of seconds or None, not {time_limit!r}")
        if not time_limit >= 0:
            raise ExactCoverError(f"time_limit: seconds, at least 0, not {time_limit}")
        time_limit = float(time_limit)
    memory = options.get("memory")
    if memory is not None:
        if isinstance(memory, str):
            options = {**options, "memory": parse_size(memory)}
        elif isinstance(memory, bool) or not isinstance(memory, (int, float)):
            raise TypeError(f"memory: bytes, or a size like '2G', not {memory!r}")
        elif not memory > 0:
            raise ExactCoverError(f"memory: a positive number of bytes, not {memory}")
    return time_limit, options


def settled_method(asked: str | None, engine: str | None,
                   one_count: Callable[[], bool]) -> str:
    """``unique_method``, except where Burnside's lemma was only the default and the
    symmetry reduction is one count (``one_count()``: a part every symmetry keeps, all
    its orbits as large as the group): then the reduction, which counts a |G|-th of the
    tree and knows what each symmetry fixes (the identity alone).

    >>> settled_method(None, "memo", lambda: True), settled_method("burnside", "memo",
    ...                                                          lambda: True)
    ('reduce', 'burnside')
    """
    method = unique_method(asked, engine)
    if method == "burnside" and asked is None and one_count():
        return "reduce"
    return method


class Count(int):
    """A solution count that says why the search stopped.

    It is an ``int``, so ``xc.count() == 2`` works; ``complete`` is true only when the
    search ran to the end, so a partial count is never mistaken for the full one.

    >>> c = Count(7, "time-out")
    >>> c == 7, c.complete, c.reason
    (True, False, 'time-out')
    """

    reason: str

    def __new__(cls, value: int, reason: str = DONE) -> Count:
        if reason not in STOP_REASONS:
            raise ValueError(f"unknown stop reason {reason!r}; known: {', '.join(STOP_REASONS)}")
        self = super().__new__(cls, value)
        self.reason = reason
        return self

    @property
    def complete(self) -> bool:
        return self.reason == DONE

    def describe(self) -> str:
        """The count as a user should read it: exact, or a lower bound with the reason."""
        if self.complete:
            return str(int(self))
        return f"at least {n_solutions(self)} ({self.reason})"

    def __str__(self) -> str:
        return int.__repr__(self)

    def __repr__(self) -> str:
        if self.complete:
            return int.__repr__(self)
        return f"Count({int(self)}, {self.reason!r})"


def n_solutions(n: int) -> str:
    """``n`` with the word, singular or plural: "1 solution", "12 solutions".

    >>> n_solutions(1), n_solutions(2_339)
    ('1 solution', '2339 solutions')
    """
    return f"{int(n)} solution{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Optimum(Generic[T]):
    """The best solution found under an objective: ``solution`` (None where there is
    none, or none was found in time), its ``value``, and whether it is ``optimal``
    (proven best; a time limit may leave the best found so far, unproven). ``reason``
    says why the search stopped.

    >>> Optimum((0, 3), 7, True)
    Optimum(solution=(0, 3), value=7, optimal=True, reason='done')
    """

    solution: T | None
    value: int | None
    optimal: bool
    reason: str = DONE

    def _repr_svg_(self) -> str | None:  # a notebook draws a tiling's best, not its text
        draw = getattr(self.solution, "_repr_svg_", None)
        return draw() if callable(draw) else None


@dataclass
class Uniqueness(Generic[T]):
    """Whether a puzzle has exactly one solution (``unique``), the ``solutions`` found
    (none, the one, or the first two), and whether the search ran to its end
    (``complete``; ``reason`` says why it stopped). ``witness()`` shows two solutions
    side by side, ``svg()`` draws them (tilings and Sudoku), their differences marked.
    """

    unique: bool
    solutions: list[T]
    complete: bool = True
    reason: str = DONE
    problem: Any = field(default=None, repr=False)  # names an exact cover's options

    def __bool__(self) -> bool:
        return self.unique

    @property
    def verdict(self) -> str:
        """One line: unique, not unique, no solution, or not decided."""
        if not self.complete and len(self.solutions) < 2:
            found = len(self.solutions)
            return (f"not decided ({self.reason}): {found} solution{'' if found == 1 else 's'}"
                    " found so far")
        if not self.solutions:
            return "no solution"
        return "unique: exactly one solution" if self.unique else \
            "not unique: two different solutions below"

    def witness(self) -> str:
        """The verdict, then the solutions found side by side (differences marked)."""
        if not self.solutions:
            return self.verdict
        shown: str = JOBS["witness"](self.solutions, self.problem)
        return f"{self.verdict}\n{shown}"

    def svg(self, scale: float = 40.0) -> str:
        """The solutions found as one SVG picture, the cells where they differ marked."""
        drawn: str = JOBS["witness_svg"](self.solutions, scale)
        return drawn


class Hints(tuple[Any, ...]):
    """The hints (option indices, or placements for a tiling), with ``optimal`` (proven
    the fewest) and ``checks`` (the searches for a second solution run to find them)."""

    optimal: bool
    checks: int

    def __new__(cls, hints: Sequence[Any], optimal: bool, checks: int) -> Hints:
        made = super().__new__(cls, hints)
        made.optimal, made.checks = optimal, checks
        return made


@dataclass
class Stats:
    """Statistics of the last run, counted as Knuth counts them."""

    engine: str = ""
    kernel: str = ""
    nodes: int = 0
    updates: int = 0
    solutions: int = 0
    seconds: float = 0.0
    reason: str = DONE
    answered_by: str = ""  # the auto engine: which engine settled the question
    restarts: int = 0  # a seeded first-solution search: how often it began again
    seed: int | None = None  # a seeded search: the seed of the one that answered
    choice: str = ""  # the native engine: its rule for the item to branch on (that one's)
    jobs: int = 1  # processes that searched side by side (a portfolio for one solution)
    # the auto engine's rounds: each engine run (seconds, outcome, projected seconds)
    # and each choice made from the measurements, in order
    rounds: list[dict[str, Any]] = field(default_factory=list)
    # the memo engine's states, hits, misses, ...; the frontier engine's states, layers, ...
    memo: dict[str, Any] = field(default_factory=dict)
    frontier: dict[str, Any] = field(default_factory=dict)
    # a count up to symmetry by Burnside's lemma: what each kind of symmetry fixes
    # (``burnside.Fixed`` records, the identity first)
    fixed: list[Any] = field(default_factory=list)


class RunDeadline:
    """The end of the whole run's time limit (``perf_counter`` time; ``None``: none), set
    by the command line, so that loops building a large model before any search starts
    can stop in time: ``check()`` raises ``TimeUp`` once it has passed.

    >>> with RunDeadline.until(None):
    ...     RunDeadline.check()
    """

    end: float | None = None

    @classmethod
    def check(cls) -> None:
        if cls.end is not None and time.perf_counter() >= cls.end:
            from cpuzzler.errors import TimeUp

            raise TimeUp

    @classmethod
    @contextlib.contextmanager
    def until(cls, end: float | None) -> Iterator[None]:
        before, cls.end = cls.end, end
        try:
            yield
        finally:
            cls.end = before

    @classmethod
    @contextlib.contextmanager
    def within(cls, seconds: float | None) -> Iterator[None]:
        """The deadline ``seconds`` from now, or the one already set if it is sooner
        (an engine's time limit covers the model it builds, API or command line)."""
        with cls.until(cls.end_within(seconds)):
            yield

    @classmethod
    def end_within(cls, seconds: float | None) -> float | None:
        """The end of ``seconds`` from now or of the run, whichever is sooner (None:
        neither is set)."""
        end = None if seconds is None else time.perf_counter() + seconds
        if cls.end is not None and (end is None or cls.end < end):
            end = cls.end
        return end

    @classmethod
    def left(cls, seconds: float | None) -> float | None:
        """The seconds an engine given ``seconds`` may take: fewer where the run's end
        (the model built before it, say) comes first.

        >>> with RunDeadline.within(5):
        ...     RunDeadline.left(60) <= 5, RunDeadline.left(1) <= 1
        (True, True)
        >>> RunDeadline.left(None) is None
        True
        """
        end = cls.end_within(seconds)
        return None if end is None else max(0.0, end - time.perf_counter())

    @classmethod
    def every(cls, k: int, step: int = 1024) -> None:
        """``check()`` on every ``step``-th ``k`` (a loop's index): the clock read
        seldom enough to cost nothing (a loop of millions tests ``k`` itself)."""
        if k % step == 0:
            cls.check()

    @classmethod
    def chunks(cls, items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
        """``items`` in slices of ``size``, the clock read before each.

        >>> [list(c) for c in RunDeadline.chunks([1, 2, 3], 2)]
        [[1, 2], [3]]
        """
        for start in range(0, len(items), size):
            cls.check()
            yield items[start:start + size]

    @classmethod
    def counts_within(cls, time_limit: float | None,
                      count: Callable[[], tuple[Count, Count]]) -> tuple[Count, Count]:
        """``count()`` (a count up to symmetry and the raw one) with the deadline at most
        ``time_limit`` away, its model and group built within it; two time-outs of 0 where
        the time ran out before anything was counted."""
        from cpuzzler.errors import TimeUp

        try:
            with cls.within(time_limit):
                return count()
        except TimeUp:
            return Count(0, TIMEOUT), Count(0, TIMEOUT)


def beside(work: Callable[[], T], stop: Callable[[], None]) -> T:
    """``work()`` run in a thread of its own while this one waits, so that Ctrl-C reaches
    Python here and not a C library's own handler in mid-work (python-sat's solvers and
    encoders abort the process now and then when they catch it). On Ctrl-C, at any
    moment of the wait, ``stop()`` is called again and again until the work has ended (a
    request sent before the work began can be lost), then KeyboardInterrupt goes on:
    nothing is left running on what the caller frees next.

    The end is the work's own event, not ``Thread.join``: on Python 3.11 a Ctrl-C inside
    ``join`` can mark a running thread ended (CPython issue gh-90882), and a solver freed
    under its search crashed ("free(): invalid pointer", a segmentation fault).

    >>> beside(lambda: 6 * 7, lambda: None)
    42
    """
    began, ended = threading.Event(), threading.Event()
    outcome: list[tuple[bool, Any]] = []

    def run() -> None:
        began.set()
        try:
            outcome.append((True, work()))
        except BaseException as e:  # handed to the waiting thread
            outcome.append((False, e))
        finally:
            ended.set()

    try:
        threading.Thread(target=run, daemon=True).start()
        while not ended.wait(0.1):
            pass
    except KeyboardInterrupt:
        _stop_until(ended, began, stop)
        raise
    finished, value = outcome[0]
    if not finished:
        raise value
    return cast(T, value)


def _stop_until(ended: threading.Event, began: threading.Event,
                stop: Callable[[], None]) -> None:
    """``stop()`` every 50 ms until ``ended``, a Ctrl-C meanwhile held back; if the work
    has not begun within a second, it never will (Ctrl-C came before its thread)."""
    waited = 0.0
    while True:
        try:
            while not ended.is_set():
                if not began.is_set() and waited >= 1.0:
                    return
                stop()
                ended.wait(0.05)
                waited += 0.05
            return
        except KeyboardInterrupt:  # Ctrl-C again: the work still has to end first
            continue


class Clock:
    """A time limit counted from now, for a run of several steps: ``left()`` seconds
    remain (``None``: no limit; 0 once it has run out).

    >>> Clock(None).left() is None, 0 < Clock(5).left() <= 5, Clock(5).budget(1)
    (True, True, 1)
    """

    def __init__(self, time_limit: float | None) -> None:
        self.end = None if time_limit is None else time.perf_counter() + time_limit

    def left(self) -> float | None:
        return None if self.end is None else max(0.0, self.end - time.perf_counter())

    def budget(self, wanted: float | None) -> float | None:
        """``wanted`` seconds, or what is left of the time limit if that is less."""
        left = self.left()
        if left is None:
            return wanted
        return left if wanted is None else min(wanted, left)

    def expired(self) -> bool:
        return self.end is not None and time.perf_counter() >= self.end


def rounded(x: float) -> str:
    """Three significant digits, with thousands separators; past floats, said so.

    >>> rounded(1234567), rounded(2.5e20), rounded(float("inf"))
    ('1,230,000', '2.5e+20', 'past 10^308')
    """
    if math.isinf(x):
        return "past 10^308"
    if not math.isfinite(x) or x == 0:
        return f"{x:,.0f}"
    if abs(x) >= 1e15 or abs(x) < 100:
        return f"{x:.3g}"
    return f"{round(x, 2 - int(math.floor(math.log10(abs(x))))):,.0f}"


def duration(seconds: float) -> str:
    """``about 3.5 hours``; past any machine's reach where it is infinite.

    >>> duration(12600), duration(float("inf"))
    ('about 3.5 hours', 'beyond any machine (past 10^300 seconds)')
    """
    if not math.isfinite(seconds):
        return "beyond any machine (past 10^300 seconds)"
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600),
                       ("minutes", 60)):
        if seconds >= size:
            return f"about {seconds / size:,.3g} {unit}"
    return f"about {seconds:.3g} seconds"


# --- the shapes of what ExactCover's jobs return --------------------------------------
# The layers above the matrix make these (``exact_cover.JOBS``); the matrix names them by
# their shapes here, so that no import, not even the type checker's, leads back up.


class SymmetryResult(Protocol):
    """What ``ExactCover.symmetries()`` returns (``symmetry.automorphisms.Symmetries``):
    the group of the problem acting on its options; ``note`` says why none was searched."""

    note: str | None
    generators: list[tuple[int, ...]]
    order: int
    order_exact: bool

    def describe(self) -> str: ...
    def option_orbits(self) -> list[set[int]]: ...
    def orbit(self, option: int) -> list[int]: ...
    def elements(self) -> list[tuple[int, ...]]: ...
    def canonical(self, solution: Iterable[int]) -> tuple[int, ...]: ...
    def invariant_items(self) -> list[int]: ...


class ReducedResult(Protocol):
    """What ``ExactCover.reduced()`` returns (``presolve.Reduction``): the smaller problem,
    its options' original indices, and the map of its solutions back."""

    @property
    def problem(self) -> Any: ...  # an ExactCover (named here would import it back)
    @property
    def options(self) -> tuple[int, ...]: ...

    def original(self, solution: Sequence[int]) -> tuple[int, ...]: ...
    def to_dlx(self, path: str | PathLike[str] | None = None) -> str: ...


class DiagramResult(Protocol):
    """What ``ExactCover.diagram()`` returns (``engines.diagram.Diagram``): all solutions
    as one decision diagram, counted, sampled and weighed without listing them."""

    nodes: list[tuple[int, int, int]]
    root: int
    options: int

    def __len__(self) -> int: ...
    def save(self, path: str | PathLike[str]) -> None: ...
    def count(self) -> int: ...
    def count_with(self, options: Iterable[int] = (), *,
                   without: Iterable[int] = ()) -> int: ...
    def marginals(self) -> list[int]: ...
    def weighted_count(self, weights: Sequence[float] | Mapping[int, float]) -> float: ...
    def best(self, weights: Sequence[float] | Mapping[int, float], *,
             worst: bool = False) -> tuple[float, list[int]] | None: ...
    def sample(self, k: int, *, seed: int = 0, distinct: bool = False
               ) -> list[tuple[int, ...]]: ...
    def solutions(self) -> Iterator[tuple[int, ...]]: ...


class EstimateResult(Protocol):
    """What ``ExactCover.estimate()`` returns (``engines.estimate.Estimate``): the
    solutions and the search tree's nodes estimated, with their standard errors."""

    @property
    def solutions(self) -> float: ...
    @property
    def solutions_error(self) -> float: ...
    @property
    def nodes(self) -> float: ...
    @property
    def nodes_error(self) -> float: ...
    @property
    def probes(self) -> int: ...
    @property
    def successes(self) -> int: ...
    @property
    def seconds(self) -> float | None: ...
    @property
    def reason(self) -> str: ...
    @property
    def layers(self) -> Any: ...  # the sampled sweeps' estimate, where asked for

    def describe(self, workers: int = 1) -> str: ...
