"""How wide the frontier engine's layers will grow, projected from a short run.

The frontier engine is run for a few seconds (or a few layers); its finished layers give
the growth of the number of states per layer, fitted (least squares on the logarithms)
over the last third of them. Two projections bracket what the sweeps of tilings show,
both with the widest layer in the middle of the sweep (the middle of the items that are
not pieces: a board's middle column, where half the pieces are placed) and the layers
past it shrinking as they grew: ``low``, the growth falling off steadily to none at the
middle (the logarithm of the layer size a parabola); ``high``, the growth kept to the
middle. Each gives the widest layer's states and bytes (at the bytes a state took in the
run), the states processed in all and the time (at the median seconds a state of the
layers fitted: a layer slowed by a pause does not set the pace).
Measured: the pentominoes 6x10 from its first 20 layers of 60: widest 126,000 to 497,000
(211,186 measured; a test checks the bracket); the heptiamonds 3x28 from its first 50 of
168: 4.5 to 106 million (18.5 million measured), from 60: 5.5 to 39 million, from 62:
3.9 to 18.1 million (the swings of a layer's size within a column move it); the
heptiamonds 4x21 from its first 49 of 192: 450 million to 34 billion (852 million
measured on disk, 1.9 times the low end). A projection, not a bound.

>>> from cpuzzler.models import queens
>>> p = project(queens(8), seconds=10)
>>> p.complete, p.count, p.low == p.high, p.low.peak_states == max(p.layers)
(True, 92, True, True)
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cpuzzler.engines import _dlx, sweep
from cpuzzler.results import duration, rounded

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["Projection", "Outlook", "project", "projected", "projected_seconds"]


@dataclass(frozen=True)
class Outlook:
    """One projection of the whole count: the widest layer (its index, states, bytes),
    the states processed in all, the seconds on one core."""

    peak_layer: int
    peak_states: float
    peak_bytes: float
    states: float
    seconds: float


@dataclass(frozen=True)
class Projection:
    """The frontier engine's layers, measured in a short run (``layers``: the states of
    each finished one, ``growth`` per layer at the last) and projected to the whole sweep
    of ``items`` layers, the widest expected at ``middle``: ``low`` with the growth
    falling off to none there, ``high`` with it kept. ``complete``: the run finished;
    ``low`` and ``high`` are then both the measured numbers and ``count`` the count.
    ``met``: a count meeting in the middle (``sweep.meet_places``) runs the layers
    before this one only (then joins that middle with the layers it keeps): the states
    and time are of those layers, the join not counted."""

    layers: tuple[int, ...]
    items: int
    middle: int
    growth: float
    low: Outlook
    high: Outlook
    complete: bool
    count: int | None = None
    interrupted: bool = False  # Ctrl-C cut the run short
    met: int | None = None

    def describe(self, workers: int = 1) -> str:
        """A few lines for people; ``workers``: also the time on that many.

        >>> low, high = Outlook(5, 256, 2.56e4, 1e3, 2.0), Outlook(5, 1024, 1e5, 4e3, 8.0)
        >>> print(Projection((1, 4), 10, 5, 4.0, low, high, False).describe())
        frontier engine: 2 of 10 layers run, growing x4 a layer at the last; projected
        to the widest at layer 5 (growth falling to none there ... kept):
          widest layer: 256 ... 1,020 states, 25,600 ... 100,000 bytes
          states in all: 1,000 ... 4,000; about 2 seconds ... about 8 seconds on one core
        """
        low, high = self.low, self.high
        span = between
        if self.complete:
            head = f"frontier engine: all {self.items} layers run, the count {self.count:,}:"
        else:
            head = (f"frontier engine: {len(self.layers)} of {self.items} layers run, "
                    f"growing x{self.growth:.3g} a layer at the last; projected\n"
                    f"to the widest at layer {self.middle} (growth falling to none there "
                    f"... kept):")
        lines = [head]
        if self.met is not None and not self.complete:
            lines.append(f"  met in the middle at layer {self.met}: the layers before it "
                         f"run, then the join (not counted here)")
        lines += [
                 f"  widest layer: {span(rounded(low.peak_states), rounded(high.peak_states))}"
                 f" states, {span(rounded(low.peak_bytes), rounded(high.peak_bytes))} bytes",
                 f"  states in all: {span(rounded(low.states), rounded(high.states))}; "
                 f"{span(duration(low.seconds), duration(high.seconds))} on one core"]
        if workers > 1:
            fastest = [duration(outlook.seconds / workers) for outlook in (low, high)]
            lines.append(f"  on {workers} workers at best: {span(*fastest)}")
        return "\n".join(lines)


def between(low: str, high: str, joint: str = " ... ") -> str:
    """A range for people, one value where both ends read the same.

    >>> between("2 s", "2 s"), between("1 h", "3 h")
    ('2 s', '1 h ... 3 h')
    """
    return low if low == high else f"{low}{joint}{high}"


def project(xc: ExactCover, *, seconds: float = 10.0, layers: int | None = None,
            order: Sequence[str] | None = None, memory: float | None = None,
            meet: bool = True) -> Projection:
    """Run the frontier engine for ``seconds`` (or ``layers`` layers, whichever comes
    first; Ctrl-C cuts it short too) within ``memory`` bytes, and project its layers:
    to the middle only where the count meets there (``meet``, as ``frontier.count``'s),
    else the whole sweep. The run is of the whole sweep: its first layers are the same."""
    arguments = sweep.counter_arguments(xc, order)
    lo, hi, secondary, options, sequence, colours = arguments
    cap = float(sweep.default_memory() if memory is None else memory)
    places = sweep.meet_places(arguments, sweep.piece_items(xc)) if meet else 0
    met = None
    if places:
        handle, _ = _dlx.frontier_open(lo, hi, secondary, options, sequence, cap, colours)
        plan = _dlx.frontier_meet_plan(handle, places)
        met = None if plan is None else plan[0]

    enough = []

    def after_layer(k: int, states: int, held: int, spent: float) -> None:
        if layers is not None and layers <= k + 1 < len(sequence):
            enough.append(k)
            raise KeyboardInterrupt  # the engine stops as on Ctrl-C

    start = time.perf_counter()
    total, reason, no_memory, (_, peak, _), rows, _ = _dlx.frontier_count(
        lo, hi, secondary, options, sequence, cap, seconds, colours, after_layer)
    spent = time.perf_counter() - start
    n = len(sequence)
    if reason == _dlx.DONE and not no_memory:
        sizes = tuple(row[0] for row in rows)
        widest = max(range(n), key=lambda k: sizes[k]) if n else 0
        measured = Outlook(widest, float(sizes[widest]) if n else 0.0, float(peak),
                           float(sum(sizes)), spent)
        return Projection(sizes, n, widest, 1.0, measured, measured, True, total)
    finished = rows[:len(rows) - 1]  # the last row is the layer the run stopped in
    # (by the time limit, Ctrl-C, ``layers`` or the memory cap)
    outcome = projected([(row[0], row[1], row[2]) for row in finished], n,
                        len(sweep.piece_items(xc)), spent, met)
    if reason == _dlx.INTERRUPTED and not enough:
        return replace(outcome, interrupted=True)
    return outcome


def projected(finished: Sequence[tuple[int, int, float]], items: int, pieces: int,
              spent: float, met: int | None = None) -> Projection:
    """The projection of a sweep of ``items`` layers (the last ``pieces`` of them a
    tiling's pieces) from its first layers ``finished``, as (states, bytes held,
    seconds) each, in ``spent`` seconds so far: ``project`` without the run, for the
    profile a work folder keeps. ``met``: the layers from this one on are not run (a
    count meeting in the middle there).

    >>> rows = [(4 ** k, 100 * 4 ** k, 1e-3 * 4 ** k) for k in range(4)]
    >>> p = projected(rows, 12, 2, 0.1)
    >>> p.middle, round(p.growth, 6), round(p.high.peak_states), p.low.peak_states < 4 ** 5
    (5, 4.0, 1024, True)
    >>> half = projected(rows, 12, 2, 0.1, met=5)
    >>> round(half.high.states) == sum(4 ** k for k in range(5)), round(half.high.peak_states)
    (True, 256)
    """
    n = len(finished)
    sizes = tuple(row[0] for row in finished)
    middle = max((items - pieces) // 2, n - 1)
    last = n - 1
    window = [k for k in range(max(0, last - max(3, n // 3)), last + 1) if sizes[k] > 0]
    logs = [math.log(sizes[k]) for k in window]
    slope = _slope(window, logs) if len(window) >= 2 else 0.0
    # from the fitted line's value at the last layer: layer sizes swing with the
    # position in a column, and the last layer run may be at a low or a high
    base = (sum(logs) / len(logs) + slope * (last - sum(window) / len(window))
            if window else 0.0)
    # seconds a state: the median of the window's layers, so that a layer stopped or
    # slowed (a paused run, a machine busy for a while) does not set the pace
    rate = statistics.median(finished[k][2] / sizes[k] for k in window) if window else 0.0
    per_state = finished[window[-1]][1] / sizes[window[-1]] if window else 0.0  # bytes
    outlooks = [_outlook(sizes, base, items - pieces, middle, max(0.0, slope), falling,
                         rate, per_state, spent, met) for falling in (True, False)]
    return Projection(sizes, items, middle, math.exp(slope), outlooks[0], outlooks[1],
                      False, met=met)


def projected_seconds(rows: Sequence[Sequence[float]], items: int, pieces: int) -> float:
    """The seconds a run's layer rows (states, bytes, seconds each; the last, the layer
    it stopped in, left out) project for the whole sweep: the geometric mean of
    ``projected``'s two ends; infinite where fewer than three layers with states finished.

    >>> rows = [(4 ** k, 100 * 4 ** k, 1e-3 * 4 ** k) for k in range(5)]
    >>> 1 < projected_seconds(rows, 12, 2) < 10 ** 4, projected_seconds(rows[:3], 12, 2)
    (True, inf)
    """
    finished = rows[:-1]
    if sum(1 for row in finished if row[0] > 0) < 3:
        return math.inf
    outlook = projected([(int(row[0]), int(row[1]), float(row[2])) for row in finished],
                        items, pieces, 0.0)
    return math.sqrt(max(outlook.low.seconds, 1e-12) * max(outlook.high.seconds, 1e-12))


MAX_POWER = 700.0  # e^700 ~ 10^304 states: past it a layer is "inf", not an overflow


def _outlook(sizes: tuple[int, ...], base: float, swept: int, middle: int, slope: float,
             falling: bool, rate: float, per_state: float, spent: float,
             met: int | None = None) -> Outlook:
    """The layers ``sizes`` run, continued to ``middle`` from log size ``base`` at the
    last with log-slope ``slope`` (``falling`` to none at the middle, or kept), then
    mirrored, over the ``swept`` layers that are not pieces (those before ``met``
    only, where given)."""
    last = len(sizes) - 1
    span = max(1, middle - last)

    def size(k: int) -> float:
        if k > middle:  # past the middle, as the layers grew
            k = 2 * middle - k
            if k < 0:
                return 0.0
        if k <= last:
            return float(sizes[k])
        d = k - last
        power = base + slope * d - (slope * d * d / (2 * span) if falling else 0.0)
        return math.exp(power) if power < MAX_POWER else math.inf

    projected = [size(k) for k in range(swept if met is None else min(met, swept))] or [0.0]
    widest = max(range(len(projected)), key=projected.__getitem__)
    states = sum(projected)
    return Outlook(widest, projected[widest], projected[widest] * per_state, states,
                   spent + rate * max(0.0, states - sum(sizes)))


def _slope(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The least-squares slope of ys against xs."""
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
