"""Estimating a count by sampling the frontier engine's layers.

A random probe (``engines.estimate``) follows one path down the search tree, and where
solutions are rare almost every path dies: the heptiamonds 3x28 gave 0 successes in
100,000 probes. This estimator runs the frontier engine's sweep instead, but keeps
about ``states`` states of each layer, chosen at random: the count of the ways to reach
each state kept grows to carry the weight of the states left out, so the sweep
reaches the end of the region with many states alive, and its total is an unbiased
estimate of the number of solutions.

The sample is threshold sampling (Duffield, Lund and Thorup 2005): a state with count
``c`` at or above a threshold ``t`` is kept as it is; one below is kept with
probability ``c / t`` and then counts ``t`` (rounded up or down at random so that counts
stay integers and the mean stays exact); ``t`` is chosen so that ``states`` states are
kept on average. Each state's expected count is then its exact count, and the count of
solutions is a linear function of the counts of every layer, so the total's mean is the
exact count. Independent ``runs`` give the standard error. A run costs about ``states``
times the work of the frontier engine on one state per layer: seconds where the whole
count takes days.

>>> from cpuzzler.models import queens
>>> guess = sample_count(queens(8), states=40, runs=20, seed=1)
>>> abs(guess.solutions - 92) < 4 * guess.solutions_error
True
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cpuzzler.engines import _dlx, sweep
from cpuzzler.errors import ExactCoverError
from cpuzzler.results import DONE, INTERRUPTED, TIMEOUT, rounded

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

__all__ = ["LayerSample", "sample_count"]

HEAD = 16  # a record: the 128-bit count, then the key
# A sampled layer's counts are scaled down by a power of two (unbiased rounding) to keep
# them below 2^SCALED_BITS, so that the engine's 128-bit sums of a layer cannot overflow
# where the count passes 2^128 (the domino tilings of a 30x30 board: 10^110).
SCALED_BITS = 96


@dataclass(frozen=True)
class LayerSample:
    """The mean of ``runs`` sampled sweeps, each keeping about ``states`` states per
    layer, and its standard error; ``totals`` holds each run's estimate."""

    solutions: float
    solutions_error: float
    runs: int
    states: int
    seconds: float
    totals: tuple[int, ...]
    reason: str = DONE

    def describe(self) -> str:
        """One line for people.

        >>> print(LayerSample(9000.0, 400.0, 8, 1000, 2.5, (8000, 10000)).describe())
        ... # doctest: +NORMALIZE_WHITESPACE
        solutions: about 9,000 +- 400 (standard error; 95% interval 8,050 ... 9,950;
        8 sweeps of the layers, 1,000 states each)
        """
        stopped = "" if self.reason == DONE else f"; stopped early ({self.reason})"
        if not any(self.totals):
            return (f"solutions: none of {self.runs} sweeps of the layers ({self.states:,} "
                    f"states each{stopped}) reached a solution: too few states to tell "
                    "(more --layer-states), or none exists")
        mean, error = rounded(self.solutions), rounded(self.solutions_error)
        if not math.isfinite(self.solutions):  # past floats: from the exact totals
            whole = sum(self.totals) // len(self.totals)
            spread = [t * 10**6 // whole / 10**6 for t in self.totals] if whole else [0.0]
            mean = _scientific(whole)
            share = statistics.stdev(spread) / math.sqrt(len(spread)) if len(spread) > 1 \
                else 1.0
            error = _scientific(whole * int(share * 10**6) // 10**6)
        low, high = self.interval()
        span = f"; 95% interval {rounded(low)} ... {rounded(high)}" \
            if math.isfinite(high) and self.solutions_error else ""
        return (f"solutions: about {mean} +- {error} (standard error{span}; {self.runs} "
                f"sweeps of the layers, {self.states:,} states each{stopped})")

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the count: the mean +- Student's t quantile for the
        sweeps made times the standard error (checked on the catalog's counts: the
        truth inside it 93% of the time where the sweeps vary).

        >>> LayerSample(9000.0, 400.0, 8, 1000, 2.5, (8000, 10000)).interval()
        (8054.0, 9946.0)
        """
        reach = student_t95(self.runs - 1) * self.solutions_error
        return max(0.0, self.solutions - reach), self.solutions + reach


# Student's t, two-sided 95%, by degrees of freedom (past the table: the normal's 1.96)
T95 = {1: 12.71, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
       9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 30: 2.042, 60: 2.0}


def student_t95(freedom: int) -> float:
    """The t quantile for a 95% interval from ``freedom`` degrees of freedom (the next
    smaller tabled one where it is not in the table: a wider interval).

    >>> student_t95(7), student_t95(11), student_t95(1000)
    (2.365, 2.228, 2.0)
    """
    return T95[max(k for k in T95 if k <= max(1, freedom))]


def _scientific(n: int) -> str:
    """A whole number of any size in three digits and a power of ten.

    >>> _scientific(123456 * 10 ** 400), _scientific(0)
    ('1.23e+405', '0')
    """
    digits = str(n)
    return digits if len(digits) < 4 else f"{digits[0]}.{digits[1:3]}e+{len(digits) - 1}"


def sample_count(xc: ExactCover, states: int = 1000, *, runs: int = 8, seed: int = 1,
                 order: Sequence[str] | None = None, time_limit: float | None = None,
                 memory: float | None = None) -> LayerSample:
    """Estimate the number of solutions of ``xc`` (raw) by ``runs`` sweeps of the frontier
    engine keeping about ``states`` states per layer (reproducible by ``seed``). A time
    limit or Ctrl-C ends the runs; the estimate is then from the runs finished (at least
    two)."""
    if states < 1 or runs < 2:
        raise ExactCoverError(f"a layer sample needs at least 1 state per layer and 2 runs, "
                              f"not {states} and {runs}")
    start = time.perf_counter()
    deadline = None if time_limit is None else time.monotonic() + time_limit
    lo, hi, secondary, options, sequence, colours = sweep.counter_arguments(xc, order)
    cap = float(sweep.default_memory() if memory is None else memory)
    handle, key_bytes = _dlx.frontier_open(lo, hi, secondary, options, sequence, cap, colours)
    totals: list[int] = []
    reason = DONE
    try:
        for run in range(runs):
            total = _one_run(handle, key_bytes, states, random.Random(seed * 1_000_003 + run),
                             deadline)
            if total is None:
                reason = TIMEOUT
                break
            totals.append(total)
    except KeyboardInterrupt:
        reason = INTERRUPTED
    if len(totals) < 2:
        raise ExactCoverError(f"fewer than two sampled sweeps finished ({reason})")
    mean, error = mean_and_error(totals)
    return LayerSample(solutions=mean, solutions_error=error,
                       runs=len(totals), states=states,
                       seconds=time.perf_counter() - start, totals=tuple(totals),
                       reason=reason)


def mean_and_error(totals: Sequence[int]) -> tuple[float, float]:
    """The mean of the runs' totals and its standard error, as floats (infinite past
    10^308: the totals themselves are exact integers of any size).

    >>> mean_and_error([10, 14]), mean_and_error([10 ** 400, 10 ** 400])
    ((12.0, 2.0), (inf, inf))
    """
    n = len(totals)
    mean = sum(totals) / n if max(totals).bit_length() < 1000 else math.inf
    if not math.isfinite(mean):
        return math.inf, math.inf
    if mean == 0:
        return 0.0, 0.0
    spread = sum((t / mean - 1) ** 2 for t in totals) / (n - 1)  # relative: no overflow
    return mean, mean * math.sqrt(spread / n)


def _one_run(handle: object, key_bytes: Sequence[int], states: int, rng: random.Random,
             deadline: float | None) -> int | None:
    """One sampled sweep: its estimate of the count, or None when the deadline passed."""
    # per layer: the blocks of records emitted into it, each with the power of two its
    # counts are in units of (see SCALED_BITS)
    pending: dict[int, list[tuple[bytes, int]]] = {}
    shift = 0  # the units of the layer being processed

    def step(k: int, records: bytes) -> int:
        left = -1.0 if deadline is None else max(0.0, deadline - time.monotonic())
        reason, no_memory, found, _, outputs = _dlx.frontier_step(handle, k, records, 1, left)
        if no_memory:
            raise ExactCoverError(f"a sampled layer ({k}) does not fit the memory cap")
        if reason != _dlx.DONE:
            if reason == _dlx.INTERRUPTED:
                raise KeyboardInterrupt
            raise TimeoutError
        for layer, _, data in outputs:
            pending.setdefault(layer, []).append((data, shift))
        return int(found) << shift

    try:
        total = step(-1, b"")
        for k in range(len(key_bytes)):
            chunks = pending.pop(k, None)
            if chunks:
                kept, shift = _sampled(chunks, HEAD + key_bytes[k], states, rng)
                total += step(k, kept)
    except TimeoutError:
        return None
    return total


def _sampled(chunks: Sequence[tuple[bytes, int]], record: int, states: int,
             rng: random.Random) -> tuple[bytes, int]:
    """The records of a layer (blocks, each with the power of two its counts are in
    units of) merged by key, then threshold-sampled to about ``states``; and the units
    of the result, whose counts stay below 2^SCALED_BITS."""
    merged: dict[bytes, int] = {}
    base = min(units for _, units in chunks)
    for data, units in chunks:
        view = memoryview(data)
        for at in range(0, len(data), record):
            key = bytes(view[at + HEAD:at + record])
            count = int.from_bytes(view[at:at + HEAD], sys.byteorder) << (units - base)
            merged[key] = merged.get(key, 0) + count
    if len(merged) > states:
        threshold = _threshold(sorted(merged.values()), states)
        kept: dict[bytes, int] = {}
        whole, part = int(threshold), threshold - int(threshold)
        for key, count in merged.items():
            if count >= threshold:
                kept[key] = count
            elif rng.random() * threshold < count:
                kept[key] = whole + (rng.random() < part)
        merged = {key: count for key, count in kept.items() if count}
    shift = max(0, max(merged.values(), default=0).bit_length() - SCALED_BITS)
    if shift:  # c / 2^shift, rounded up with the chance of its fraction: the mean exact
        unit = 1 << shift
        merged = {key: (count >> shift) + (rng.randrange(unit) < count % unit)
                  for key, count in merged.items()}
        merged = {key: count for key, count in merged.items() if count}
    return (b"".join(count.to_bytes(HEAD, sys.byteorder) + key
                     for key, count in merged.items()), base + shift)


def _threshold(counts: list[int], states: int) -> float:
    """The t with sum(min(1, c / t)) == states over ``counts`` (ascending, more of them
    than ``states``): the largest counts are kept whole, the rest share what is left."""
    below = sum(counts)  # exact: the counts may pass a float's precision
    for whole in range(states):  # the ``whole`` largest kept as they are
        share = below / (states - whole)  # the threshold if the rest are all below it
        largest = counts[len(counts) - 1 - whole]
        if largest < share:
            return share
        below -= largest
    return float(counts[len(counts) - states])

